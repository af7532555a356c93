#!/usr/bin/env python3
"""Writes Sources/GoogleEmulator/DiscoveryDocumentData.swift: Google's discovery documents for
Calendar v3, Drive v3, Drive v2 and People v1, each gzipped and in base64, for the emulator to
serve at /discovery/v1/apis/{api}/{version}/rest (with its own address as rootUrl).

    Scripts/discovery-documents.py DISCOVERY_DIR CLIENT_DOCUMENTS_DIR > Sources/GoogleEmulator/DiscoveryDocumentData.swift

DISCOVERY_DIR holds calendar.v3.json, drive.v3.json and people.v1.json (the project's
shared/google/discovery, taken from google-api-python-client 2.202.0, Apache-2.0);
CLIENT_DOCUMENTS_DIR is that package's own googleapiclient/discovery_cache/documents (the
fidelity venv's, made by Tests/Fidelity/run), for drive.v2.json.
"""
import base64
import gzip
import sys
import textwrap


def main(folder, client_folder):
    print("""// Made by Scripts/discovery-documents.py from Google's discovery documents (shared/google/
// discovery and Drive v2's, as google-api-python-client 2.202.0 ships them): do not edit by hand.

extension DiscoveryDocuments {
    /// Each document gzipped, in base64, by "api/version".
    static let packed: [String: String] = [""")
    for api, version, where in (("calendar", "v3", folder), ("drive", "v3", folder), ("drive", "v2", client_folder), ("people", "v1", folder)):
        with open(f"{where}/{api}.{version}.json", "rb") as file:
            data = base64.b64encode(gzip.compress(file.read(), compresslevel=9, mtime=0)).decode()
        lines = textwrap.wrap(data, 120)
        print(f'        "{api}/{version}": """')
        for line in lines:
            print(f"            {line}")
        print('            """,')
    print("    ]\n}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
