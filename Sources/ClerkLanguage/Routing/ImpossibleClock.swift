/// A clock time written with a colon that no clock shows ("at 25:00", "12:60", "24:30"):
/// the date reader reads none of it, so the words would end up in a title. The conversation
/// says so instead.
public enum ImpossibleClock {
    /// The first such time in `text` as written, or nil. Digits around it ("10:60:00",
    /// "2025:13") make it no clock.
    public static func find(in text: String) -> String? {
        let bytes = Array(text.utf8)
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) } }
        for colon in bytes.indices where bytes[colon] == UInt8(ascii: ":") {
            var start = colon
            while isDigit(start - 1) { start -= 1 }
            let end = colon + 3
            guard colon - start >= 1, colon - start <= 2, isDigit(colon + 1), isDigit(colon + 2), !isDigit(end),
                  start == 0 || !(bytes[start - 1] == UInt8(ascii: ":") || bytes[start - 1] == UInt8(ascii: ".")),
                  end >= bytes.count || bytes[end] != UInt8(ascii: ":") else { continue }
            let hour = number(start..<colon), minute = number((colon + 1)..<end)
            if hour > 24 || minute > 59 || (hour == 24 && minute > 0) {
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
        }
        return nil
    }
}
