public import FoundationEssentials

/// The textual forms of a clock reading that clerk accepts from people and scripts
/// (`--now`, `--tz`, and the `now`/`tz` members of `clerk parse --jsonl` requests).
public enum ClockText {
    /// An IANA zone name (`Europe/Madrid`, `UTC`) or a fixed offset `±HH:MM`; nil otherwise.
    public static func timeZone(_ text: String) -> Zone? {
        if let offset = fixedOffset(text) {
            return Zone(secondsFromGMT: offset)
        }
        if text.contains("/") || text == "UTC", let zone = Zone(identifier: text) {
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
    public static func instant(_ text: String, in zone: Zone) -> Date? {
        let halves = text.split(separator: "T", omittingEmptySubsequences: false)
        guard halves.count == 2, let date = LocalDate(iso: halves[0]) else { return nil }
        let clock = halves[1].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3, clock.allSatisfy({ isDigits($0, count: 2) }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), hour < 24, minute < 60
        else { return nil }
        let second = clock.count == 3 ? Int(clock[2]) : 0
        guard let second, second < 60 else { return nil }
        return zone.date(date, hour: hour, minute: minute, second: second)
    }

    /// `2026-12-01T13:00:00+01:00` (or `Z` for UTC): the instant on the wall clock of `zone`.
    public static func rfc3339(_ instant: Date, zone: Zone) -> String {
        let offset = zone.secondsFromGMT(for: instant)
        var text = wallClock(seconds(instant) + Int64(offset))
        if offset == 0 { return text + "Z" }
        text.append(offset < 0 ? "-" : "+")
        let minutes = abs(offset) / 60
        append(minutes / 60, width: 2, to: &text)
        text.append(":")
        append(minutes % 60, width: 2, to: &text)
        return text
    }

    /// `2026-12-01T12:00:00.000Z`: UTC with milliseconds, as Google writes `created` and `updated`.
    public static func rfc3339UTCMilliseconds(_ instant: Date) -> String {
        var text = wallClock(seconds(instant))
        text.append(".")
        let milliseconds = (instant.timeIntervalSince1970 * 1000).rounded(.down).truncatingRemainder(dividingBy: 1000)
        append(Int((milliseconds + 1000).truncatingRemainder(dividingBy: 1000)), width: 3, to: &text)
        return text + "Z"
    }

    /// Whole seconds since 1970, rounded down, held to years 0000–9999.
    private static func seconds(_ instant: Date) -> Int64 {
        let value = instant.timeIntervalSince1970.rounded(.down)
        return Int64(min(max(value, -62_167_219_200), 253_402_300_799))
    }

    /// `YYYY-MM-DDTHH:MM:SS` for seconds since 1970 on some wall clock (civil-from-days
    /// arithmetic: Foundation's `Calendar` and `String(format:)` cost a hundred times more).
    private static func wallClock(_ seconds: Int64) -> String {
        let days = CivilCalendar.floorDivide(Int(seconds), CivilCalendar.secondsPerDay)
        let time = Int(seconds - Int64(days) * 86_400)
        let date = LocalDate(dayNumber: days)
        var text = ""
        text.reserveCapacity(26)
        append(date.year, width: 4, to: &text)
        text.append("-")
        append(date.month, width: 2, to: &text)
        text.append("-")
        append(date.day, width: 2, to: &text)
        text.append("T")
        append(time / 3600, width: 2, to: &text)
        text.append(":")
        append(time / 60 % 60, width: 2, to: &text)
        text.append(":")
        append(time % 60, width: 2, to: &text)
        return text
    }

    /// `value` in decimal, zero-padded to `width` digits ("7" → "07"): the one padding helper,
    /// because `String(format:)` costs tens of microseconds a call and agendas make thousands.
    public static func append(_ value: Int, width: Int, to text: inout String) {
        let digits = String(value)
        if digits.count < width { text.append(String(repeating: "0", count: width - digits.count)) }
        text.append(digits)
    }

    /// `value` zero-padded to `width` digits, as a new string.
    public static func padded(_ value: Int, width: Int) -> String {
        var text = ""
        append(value, width: width, to: &text)
        return text
    }

    /// "HH:MM" for minutes since midnight.
    public static func hoursMinutes(_ minutes: Int) -> String {
        var text = ""
        text.reserveCapacity(5)
        append(minutes / 60, width: 2, to: &text)
        text.append(":")
        append(minutes % 60, width: 2, to: &text)
        return text
    }

    /// An RFC 3339 date-time: `2026-12-01T13:00:00+01:00`, `…Z`, with or without fractional
    /// seconds (ignored beyond milliseconds). Without an offset it is read on the wall clock
    /// of `zone`, and is nil when there is none.
    public static func rfc3339Instant(_ text: String, zone: Zone? = nil) -> Date? {
        let upper = text.uppercased()
        guard let t = upper.firstIndex(of: "T") else { return nil }
        let clock = upper[upper.index(after: t)...]
        var offset: Int?
        var wall = Substring(upper)
        if clock.hasSuffix("Z") {
            offset = 0
            wall = upper.dropLast()
        } else if let sign = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            guard let seconds = fixedOffset(String(upper[sign...])) else { return nil }
            offset = seconds
            wall = upper[..<sign]
        }
        var fraction = 0.0
        if let dot = wall.firstIndex(of: ".") {
            let digits = wall[wall.index(after: dot)...]
            guard !digits.isEmpty, digits.allSatisfy(\.isNumber), let value = Double("0." + digits) else { return nil }
            fraction = (value * 1000).rounded() / 1000
            wall = wall[..<dot]
        }
        guard let zone = offset.flatMap({ Zone(secondsFromGMT: $0) }) ?? zone,
              let instant = instant(String(wall), in: zone) else { return nil }
        return instant + fraction
    }

    /// True when `text` is exactly `count` ASCII digits.
    static func isDigits(_ text: some StringProtocol, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
