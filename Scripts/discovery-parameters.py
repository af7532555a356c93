#!/usr/bin/env python3
"""Writes Sources/GoogleEmulator/DiscoveryParameterTable.swift: the typed query parameters
(boolean, integer, enum) and the required ones of every method in Google's discovery documents for Calendar v3,
Drive v3, Drive v2 and People v1, with the path each method answers on (media upload paths too).

    Scripts/discovery-parameters.py DISCOVERY_DIR CLIENT_DOCUMENTS_DIR > Sources/GoogleEmulator/DiscoveryParameterTable.swift

DISCOVERY_DIR holds calendar.v3.json, drive.v3.json and people.v1.json (the project's
shared/google/discovery); CLIENT_DOCUMENTS_DIR is google-api-python-client 2.202.0's own
googleapiclient/discovery_cache/documents (the fidelity venv's), for drive.v2.json.
"""
import json
import re
import sys


def swift_string(text):
    return json.dumps(text)


def main(folder, client_folder):
    rows = []
    for name, where in (("calendar.v3.json", folder), ("drive.v3.json", folder), ("drive.v2.json", client_folder), ("people.v1.json", folder)):
        doc = json.load(open(f"{where}/{name}"))
        service = doc["servicePath"]

        def walk(resources):
            for resource in resources.values():
                for method in resource.get("methods", {}).values():
                    typed = []
                    for parameter, spec in sorted(method.get("parameters", {}).items()):
                        if spec.get("location") != "query":
                            continue
                        repeated = "true" if spec.get("repeated") else "false"
                        required = "true" if spec.get("required") else "false"
                        if "enum" in spec:
                            values = ", ".join(swift_string(v) for v in spec["enum"])
                            kind = f".enumeration([{values}], repeated: {repeated})"
                        elif spec.get("type") == "boolean":
                            kind = ".boolean"
                        elif spec.get("type") == "integer":
                            kind = ".integer"
                        elif spec.get("required"):
                            kind = ".text"
                        else:
                            continue
                        typed.append(f"({swift_string(parameter)}, {kind}, required: {required})")
                    if not typed:
                        continue
                    path = method.get("flatPath", method["path"])
                    paths = [service + path]
                    for protocol in method.get("mediaUpload", {}).get("protocols", {}).values():
                        paths.append(protocol["path"].lstrip("/"))
                    for each in paths:
                        pattern = re.sub(r"\{\+?([^}]+)\}", lambda m: "{" + m.group(1) + "}", each)
                        rows.append(f"        ({swift_string(method['httpMethod'])}, {swift_string(pattern)}, {swift_string(method['id'])}, [\n"
                                    + "".join(f"            {t},\n" for t in typed) + "        ]),")
                walk(resource.get("resources", {}))
        walk(doc.get("resources", {}))
    print("""// Made by Scripts/discovery-parameters.py from Google's discovery documents (shared/google/
// discovery, and Drive v2's as google-api-python-client 2.202.0 ships it): do not edit by hand, run the script again.

/// The boolean, integer and enum query parameters of each method of Calendar v3, Drive v3,
/// Drive v2 and People v1, and those it requires (standard parameters aside), by HTTP method and path
/// pattern.
extension DiscoveryParameters {
    static let table: [(method: String, pattern: String, id: String, parameters: [(String, Kind, required: Bool)])] = [""")
    print("\n".join(rows))
    print("    ]\n}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
