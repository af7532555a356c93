import Foundation

/// A media type with its parameters: `multipart/related; boundary="===1=="` or
/// `text/plain; charset=UTF-8`. The type is lower-cased; parameter values may be quoted
/// (with `\` escapes inside), which is how a boundary holding `=` is sent.
struct MediaType {
    var type: String
    var parameters: [String: String]

    init(_ text: String) {
        let characters = Array(text)
        var at = 0
        func skipSpaces() { while at < characters.count, characters[at] == " " || characters[at] == "\t" { at += 1 } }
        func token() -> String {
            let start = at
            while at < characters.count, characters[at] != ";", characters[at] != "=" { at += 1 }
            return String(characters[start..<at]).trimmingCharacters(in: .whitespaces)
        }
        type = token().lowercased()
        parameters = [:]
        while at < characters.count, characters[at] == ";" {
            at += 1
            skipSpaces()
            let name = token().lowercased()
            guard at < characters.count, characters[at] == "=" else { continue }
            at += 1
            skipSpaces()
            var value = ""
            if at < characters.count, characters[at] == "\"" {
                at += 1
                while at < characters.count, characters[at] != "\"" {
                    if characters[at] == "\\", at + 1 < characters.count { at += 1 }
                    value.append(characters[at])
                    at += 1
                }
                at = min(at + 1, characters.count)
                while at < characters.count, characters[at] != ";" { at += 1 }
            } else {
                let start = at
                while at < characters.count, characters[at] != ";" { at += 1 }
                value = String(characters[start..<at]).trimmingCharacters(in: .whitespaces)
            }
            if !name.isEmpty { parameters[name] = value }
        }
    }
}

/// The parts of a `multipart/related` body, as Drive's multipart uploads send them (RFC 2046).
///
/// A delimiter is a line break then `--boundary`; the line break belongs to the delimiter,
/// not to the part before it. Line breaks may be CRLF or bare LF (Python's client sends LF),
/// and both may be mixed. Each part is headers, an empty line, then its bytes; a part sent
/// with `Content-Transfer-Encoding: base64` is decoded. Text before the first delimiter and
/// after the closing `--boundary--` is ignored.
struct MultipartBody {
    struct Part {
        /// Header names in lower case.
        var headers: [(String, String)]
        var body: [UInt8]

        func header(_ name: String) -> String? { headers.first { $0.0 == name }?.1 }
    }

    var parts: [Part]

    enum Failure: Error, Equatable {
        case noBoundary
        case noDelimiter
        case unterminated
        case badPart
    }

    init(body: [UInt8], contentType: String) throws(Failure) {
        guard let boundary = MediaType(contentType).parameters["boundary"], !boundary.isEmpty else { throw .noBoundary }
        let dash = UInt8(ascii: "-"), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        let delimiter = [dash, dash] + Array(boundary.utf8)
        // The first delimiter may open the body without a line break before it.
        var start: Int
        if body.starts(with: delimiter) {
            start = delimiter.count
        } else if let found = MultipartBody.find([lf] + delimiter, in: body, from: 0) {
            start = found + 1 + delimiter.count
        } else {
            throw .noDelimiter
        }
        parts = []
        while true {
            // After a delimiter: `--` closes the body; else padding and a line break open a part.
            if start + 1 < body.count, body[start] == dash, body[start + 1] == dash { return }
            while start < body.count, body[start] == UInt8(ascii: " ") || body[start] == UInt8(ascii: "\t") { start += 1 }
            if start < body.count, body[start] == cr { start += 1 }
            guard start < body.count, body[start] == lf else { throw .unterminated }
            start += 1
            guard let next = MultipartBody.find([lf] + delimiter, in: body, from: start) else { throw .unterminated }
            var end = next
            if end > start, body[end - 1] == cr { end -= 1 }
            parts.append(try MultipartBody.part(Array(body[start..<end])))
            start = next + 1 + delimiter.count
        }
    }

    /// Splits one part into its headers and bytes.
    private static func part(_ bytes: [UInt8]) throws(Failure) -> Part {
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var headers: [(String, String)] = []
        var at = 0
        while true {
            guard let lineEnd = bytes[at...].firstIndex(of: lf) else {
                // Headers with no empty line after them (and so no body).
                if at == bytes.count { break }
                throw .badPart
            }
            var line = bytes[at..<lineEnd]
            if line.last == cr { line = line.dropLast() }
            at = lineEnd + 1
            if line.isEmpty { break }
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { throw .badPart }
            headers.append((text[..<colon].trimmingCharacters(in: .whitespaces).lowercased(),
                            text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var body = Array(bytes[min(at, bytes.count)...])
        if headers.first(where: { $0.0 == "content-transfer-encoding" })?.1.lowercased() == "base64" {
            guard let decoded = Data(base64Encoded: Data(body), options: .ignoreUnknownCharacters) else { throw .badPart }
            body = Array(decoded)
        }
        return Part(headers: headers, body: body)
    }

    /// Where `pattern` first occurs in `bytes` at or after `from`.
    static func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var at = from
        let last = bytes.count - pattern.count
        while at <= last {
            guard let hit = bytes[at...last].firstIndex(of: first) else { return nil }
            if bytes[hit..<(hit + pattern.count)].elementsEqual(pattern) { return hit }
            at = hit + 1
        }
        return nil
    }
}
