public import Foundation

/// The textual forms of a clock reading that clerk accepts from people and scripts
/// (`--now`, `--tz`, and the `now`/`tz` members of `clerk parse --jsonl` requests).
public enum ClockText {
    /// An IANA zone name (`Europe/Madrid`, `UTC`) or a fixed offset `±HH:MM`; nil otherwise.
    public static func timeZone(_ text: String) -> TimeZone? {
        if let offset = fixedOffset(text) {
            return TimeZone(secondsFromGMT: offset)
        }
        if text.contains("/") || text == "UTC", let zone = TimeZone(identifier: text) {
            return zone
        }
        return nil
    }

    /// Seconds east of UTC for `±HH:MM`, nil for anything else.
    public static func fixedOffset(_ text: String) -> Int? {
        let chars = Array(text)
        guard chars.count == 6, chars[0] == "+" || chars[0] == "-", chars[3] == ":",
              chars[1...2].allSatisfy(\.isASCII), chars[4...5].allSatisfy(\.isASCII),
              let hours = Int(String(chars[1...2])), let minutes = Int(String(chars[4...5])),
              hours <= 14, minutes < 60
        else { return nil }
        return (chars[0] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// `YYYY-MM-DDTHH:MM[:SS]` on the wall clock of `zone`; nil for anything else: every
    /// field is ASCII digits of its width (`Int("+5")` would take a sign; fractions of a
    /// second and zone letters are not part of the form).
    public static func instant(_ text: String, in zone: TimeZone) -> Date? {
        let halves = text.split(separator: "T", omittingEmptySubsequences: false)
        guard halves.count == 2, let date = LocalDate(iso: halves[0]) else { return nil }
        let clock = halves[1].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3, clock.allSatisfy({ isDigits($0, count: 2) }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), hour < 24, minute < 60
        else { return nil }
        let second = clock.count == 3 ? Int(clock[2]) : 0
        guard let second, second < 60 else { return nil }
        let calendar = Calendar.gregorian(in: zone)
        let parts = DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute, second: second)
        return calendar.date(from: parts)
    }

    /// True when `text` is exactly `count` ASCII digits.
    static func isDigits(_ text: some StringProtocol, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
