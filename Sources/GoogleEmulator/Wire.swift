import ClerkCore
import Foundation

/// Small encodings of Google's wire: URL-safe base64, random ids and tokens, timestamps.
enum Wire {
    private static let base64URLAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// RFC 4648 §5 base64 without padding.
    static func base64URL(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var at = 0
        while at < bytes.count {
            let chunk = (UInt32(bytes[at]) << 16) | (at + 1 < bytes.count ? UInt32(bytes[at + 1]) << 8 : 0) | (at + 2 < bytes.count ? UInt32(bytes[at + 2]) : 0)
            let remaining = bytes.count - at
            for index in 0..<(remaining >= 3 ? 4 : remaining + 1) { out.append(base64URLAlphabet[Int((chunk >> UInt32(18 - 6 * index)) & 0x3F)]) }
            at += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func base64URLDecoded(_ text: String) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard).map(Array.init)
    }

    /// `count` random characters of `alphabet`.
    static func random(_ count: Int, from alphabet: String) -> String {
        let characters = Array(alphabet)
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in characters[Int(generator.next(upperBound: UInt(characters.count)))] })
    }

    static let base32hex = "0123456789abcdefghijklmnopqrstuv"
    static let alphanumeric = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

    /// An event id as Google makes them: 26 characters of base32hex.
    static func eventID() -> String { random(26, from: base32hex) }

    /// A secret token with a recognizable prefix.
    static func token(_ prefix: String) -> String { prefix + random(40, from: alphanumeric + "-_") }

    /// `2026-12-01T12:00:00.000Z`.
    static func timestamp(_ instant: Date) -> String { ClockText.rfc3339UTCMilliseconds(instant) }

    /// A quoted etag of a version: `"3181161784712000"`.
    static func etag(_ version: Int64) -> String { "\"\(version)\"" }

    /// Whether an `If-None-Match` value names `etag`: `*`, or one of its comma-separated
    /// entity tags, compared weakly (a `W/` before either ignored), as RFC 9110 §13.1.2 has
    /// a server compare them for a GET.
    static func noneMatchNames(_ header: String, _ etag: String) -> Bool {
        func opaque(_ tag: Substring) -> Substring {
            let trimmed = tag.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
            let text = Substring(String(trimmed))
            return text.hasPrefix("W/") ? text.dropFirst(2) : text
        }
        let wanted = opaque(Substring(etag))
        return header.split(separator: ",").contains { opaque($0) == "*" || opaque($0) == wanted }
    }
}
