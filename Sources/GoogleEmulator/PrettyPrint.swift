import Foundation
import LoopbackHTTP

/// Google's `prettyPrint` standard parameter (discovery default `true`): JSON answers of the
/// three APIs come indented, with a space after each colon and a line break at the end,
/// unless the request says `prettyPrint=false` (as Go's client always does), when they are
/// compact. Empty objects and arrays stay `{}` and `[]`.
///
/// | API              | a level is                                                          |
/// |------------------|---------------------------------------------------------------------|
/// | Calendar, Drive  | one space (Google's legacy front end, as recorded from Calendar: `{\n "kind": "calendar#events",\n "etag": …`) |
/// | People           | two spaces (the newer front end of One Platform APIs)               |
enum PrettyPrint {
    /// Whether an answer to `request` is indented: `prettyPrint` absent, or true.
    static func wanted(by request: HTTPRequest) -> Bool {
        guard let value = request.parameter("prettyPrint")?.lowercased() else { return true }
        return value != "false" && value != "0"
    }

    /// `response` as the request asked: a JSON body indented unless `prettyPrint=false`. A
    /// file's own bytes (`alt=media`, an export) are never touched, whatever their type.
    static func applied(to response: HTTPResponse, for request: HTTPRequest, api: API) -> HTTPResponse {
        let isContent = request.parameter("alt") == "media" || request.segments.last == "export"
        guard wanted(by: request), !response.body.isEmpty, !(isContent && response.status < 300),
              response.header("content-type")?.lowercased().hasPrefix("application/json") == true else { return response }
        var copy = response
        copy.body = indented(response.body, by: api == .people ? 2 : 1) + [UInt8(ascii: "\n")]
        return copy
    }

    /// Compact JSON text indented (bytes outside strings re-laid; strings copied as they are).
    static func indented(_ compact: [UInt8], by width: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(compact.count + compact.count / 2)
        var depth = 0
        var inString = false
        var escaped = false
        func newline() {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width * depth))
        }
        var at = 0
        while at < compact.count {
            let byte = compact[at]
            if inString {
                out.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                at += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                out.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                out.append(byte)
                if at + 1 < compact.count, compact[at + 1] == close {
                    out.append(close)
                    at += 1
                } else {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth = max(0, depth - 1)
                newline()
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline()
            case UInt8(ascii: ":"):
                out.append(byte)
                out.append(UInt8(ascii: " "))
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                break
            default:
                out.append(byte)
            }
            at += 1
        }
        return out
    }
}
