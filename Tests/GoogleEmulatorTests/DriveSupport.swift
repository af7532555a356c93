import ClerkCore
import Foundation
@testable import GoogleEmulator

/// Drive requests as a client sends them, for the Drive tests.
extension EmulatorHarness {
    /// `q`, `fields`… form-escaped into a query string.
    static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\(Emulator.formEscaped($0.1))" }.joined(separator: "&")
    }

    /// A multipart/related upload body: metadata then media, with `lineEnd` between lines;
    /// `python` adds the headers Python's client sends (MIME-Version, Content-Transfer-Encoding).
    static func multipart(_ metadata: JSONValue, content: [UInt8], type: String = "text/plain", boundary: String,
                          lineEnd: String, python: Bool = false) -> [UInt8] {
        var text = python ? "MIME-Version: 1.0\(lineEnd)\(lineEnd)" : ""
        text += "--\(boundary)\(lineEnd)Content-Type: application/json; charset=UTF-8\(lineEnd)"
        if python { text += "MIME-Version: 1.0\(lineEnd)" }
        text += "\(lineEnd)\(metadata.serialized())\(lineEnd)--\(boundary)\(lineEnd)Content-Type: \(type)\(lineEnd)"
        if python { text += "MIME-Version: 1.0\(lineEnd)Content-Transfer-Encoding: binary\(lineEnd)" }
        text += lineEnd
        return Array(text.utf8) + content + Array("\(lineEnd)--\(boundary)--\(lineEnd)".utf8)
    }

    /// Uploads a file (multipart, CRLF) and answers its resource with every field.
    @discardableResult
    func upload(_ name: String, _ content: String, type: String = "text/plain", metadata: [(String, JSONValue)] = [],
                token: String) -> JSONValue {
        let body = EmulatorHarness.multipart(.object([("name", .string(name))] + metadata), content: Array(content.utf8), type: type,
                                             boundary: "b0undary", lineEnd: "\r\n")
        return send("POST", "/upload/drive/v3/files?uploadType=multipart&fields=*", body: body,
                    headers: ["Content-Type: multipart/related; boundary=b0undary"], token: token).json
    }

    /// Makes a folder and answers its resource with every field.
    @discardableResult
    func folder(_ name: String, parent: String? = nil, token: String) -> JSONValue {
        var metadata: [(String, JSONValue)] = [("name", .string(name)), ("mimeType", .string(Drive.folderType))]
        if let parent { metadata.append(("parents", [.string(parent)])) }
        return send("POST", "/drive/v3/files?fields=*", json: .object(metadata), token: token).json
    }

    /// The names files.list answers for `q` (every page, in order).
    func names(_ q: String, orderBy: String? = nil, token: String) -> [String] {
        var pairs = [("q", q), ("fields", "nextPageToken,files(name)")]
        if let orderBy { pairs.append(("orderBy", orderBy)) }
        let answer = send("GET", "/drive/v3/files?" + EmulatorHarness.query(pairs), token: token)
        return answer.json["files"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? ["status \(answer.status): \(answer.text)"]
    }

    func content(of id: String, token: String) -> String {
        send("GET", "/drive/v3/files/\(id)?alt=media", token: token).text
    }
}

extension JSONValue {
    /// The member names of an object, in order.
    var keys: [String] { objectValue?.map(\.0) ?? [] }
}
