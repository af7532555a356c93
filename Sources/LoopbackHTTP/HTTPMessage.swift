import FoundationEssentials

/// One HTTP request as the emulator's handlers see it: the method (after any
/// `X-HTTP-Method-Override`), the path split into decoded segments, the query decoded with
/// form rules, headers with lower-case names, and the whole body.
package struct HTTPRequest: Sendable {
    package var method: String
    /// The request target's path as sent, still percent-escaped.
    package var rawPath: String
    /// The path's segments, each percent-decoded (`calendars/me%40example.com` has the
    /// segment `me@example.com`); no empty segments.
    package var segments: [String]
    /// The query's parameters in order, `+` read as a space.
    package var query: [(String, String)]
    /// Header names in lower case, in the order sent.
    package var headers: [(String, String)]
    package var body: [UInt8]
    /// True when the request target has a `%` not followed by two hex digits, or escapes
    /// (or raw bytes) that are not UTF-8: such a target cannot be read as Google reads it,
    /// and the handler answers 400 (each piece is still decoded, leniently, for the log).
    package var hasMalformedTarget = false

    package init(method: String, target: String, headers: [(String, String)], body: [UInt8]) {
        self.method = method.uppercased()
        self.headers = headers.map { ($0.0.lowercased(), $0.1) }
        self.body = body
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        rawPath = String(parts.first ?? "")
        segments = rawPath.split(separator: "/").map { HTTPRequest.percentDecoded(String($0), plusIsSpace: false) }
        query = parts.count > 1 ? HTTPRequest.formFields(String(parts[1])) : []
        hasMalformedTarget = target.contains("\u{FFFD}") || !HTTPRequest.isWellEscaped(target)
        // Python's client turns a GET with a long URI into a POST that says what it is,
        // with the query moved into a form body.
        if self.method == "POST", let override = header("x-http-method-override") {
            self.method = override.uppercased()
            if header("content-type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
                query += HTTPRequest.formFields(String(decoding: body, as: UTF8.self))
                self.body = []
            }
        }
    }

    /// The first header named `name` (any case).
    package func header(_ name: String) -> String? {
        let name = name.lowercased()
        return headers.first { $0.0 == name }?.1
    }

    /// The first query parameter named `name`.
    package func parameter(_ name: String) -> String? {
        query.first { $0.0 == name }?.1
    }

    /// Every value of a repeated query parameter.
    package func parameters(_ name: String) -> [String] {
        query.filter { $0.0 == name }.map(\.1)
    }

    /// `a=1&b=two+words` as pairs.
    package static func formFields(_ text: String) -> [(String, String)] {
        text.split(separator: "&").map { pair in
            let sides = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (percentDecoded(String(sides[0]), plusIsSpace: true),
                    sides.count > 1 ? percentDecoded(String(sides[1]), plusIsSpace: true) : "")
        }
    }

    /// `%XX` escapes decoded as UTF-8 bytes; a malformed escape stays as written.
    package static func percentDecoded(_ text: String, plusIsSpace: Bool) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else { return text }
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        bytes.reserveCapacity(source.count)
        var at = 0
        while at < source.count {
            let byte = source[at]
            if byte == UInt8(ascii: "%"), at + 2 < source.count, let high = hexValue(source[at + 1]), let low = hexValue(source[at + 2]) {
                bytes.append(high << 4 | low)
                at += 3
                continue
            }
            bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            at += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when every `%` in `text` starts an escape of two hex digits and the escapes
    /// decode to UTF-8 (`+` and unescaped characters are fine as they are).
    package static func isWellEscaped(_ text: String) -> Bool {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return true }
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        bytes.reserveCapacity(source.count)
        var at = 0
        while at < source.count {
            if source[at] == UInt8(ascii: "%") {
                guard at + 2 < source.count, let high = hexValue(source[at + 1]), let low = hexValue(source[at + 2]) else { return false }
                bytes.append(high << 4 | low)
                at += 3
            } else {
                bytes.append(source[at])
                at += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) != nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// An answer to send.
package struct HTTPResponse: Sendable {
    package var status: Int
    package var headers: [(String, String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body, as Google sends it.
    package static func json(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=UTF-8")] + headers, body: Array(text.utf8))
    }

    package func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}

/// What the server does with a request once it is handled.
package enum HTTPOutcome: Sendable {
    /// Send `response`, `delay` seconds after the request was handled.
    case respond(HTTPResponse, delay: Double)
    /// Close the connection without an answer (the request was handled).
    case drop
}
