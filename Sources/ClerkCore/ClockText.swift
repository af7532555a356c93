public import FoundationEssentials

/// The textual forms of a clock reading that clerk accepts from people and scripts
/// (`--now`, `--tz`, and the `now`/`tz` members of `clerk parse --jsonl` requests).
public enum ClockText {
    /// An IANA zone name (`Europe/Madrid`, `UTC`) or a fixed offset `±HH:MM`; nil otherwise.
    public static func timeZone(_ text: String) -> Zone? {
        if let offset = fixedOffset(text) {
            return Zone(secondsFromGMT: offset)
        }
        // "UTC" also without the tz database; any other name must be one of its files: every
        // zone and link has one, EST5EDT, Zulu and NZ-CHAT as well as Europe/Madrid (not only
        // names with a "/", which refused those while TZ=EST5EDT worked). Not Foundation's
        // "GMT+1", which is no file (and whose sign is the opposite of Etc/GMT+1's).
        if text == "UTC" || ZoneDatabase.system.hasFile(named: text), let zone = Zone(identifier: text) {
            return zone
        }
        return nil
    }

    /// Seconds east of UTC for `±HH:MM`, nil for anything else. Each of the two numbers is
    /// read as `Int(_:)` reads two characters (so `+5` and `-5` are numbers too), from the
    /// text's bytes: its characters, each turned into a string and read, cost about 10,000
    /// instructions (six ASCII bytes are six characters; any other text is nil either way).
    public static func fixedOffset(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: ":"),
              let hours = twoCharacterInt(bytes[1], bytes[2]), let minutes = twoCharacterInt(bytes[4], bytes[5]),
              hours <= 14, minutes < 60
        else { return nil }
        return (bytes[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// `Int(_:)` of the two-byte text `a b`: two digits, or a sign and a digit.
    private static func twoCharacterInt(_ a: UInt8, _ b: UInt8) -> Int? {
        guard let low = digit(b) else { return nil }
        if let high = digit(a) { return high * 10 + low }
        if a == UInt8(ascii: "+") { return low }
        if a == UInt8(ascii: "-") { return -low }
        return nil
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// `YYYY-MM-DDTHH:MM[:SS]` on the wall clock of `zone`; nil for anything else: every
    /// field is ASCII digits of its width (`Int("+5")` would take a sign; fractions of a
    /// second and zone letters are not part of the form). An instant outside the years clerk
    /// takes (`CivilCalendar.years`) on the zone's clock or in UTC is nil too (`--now
    /// 0000-06-01T10:00` was taken, and every request then said its dates were "more time
    /// than I can work with").
    ///
    /// Read from the text's bytes, which must be of that form exactly (the same texts as the
    /// text split at its `T`, `-` and `:` characters: the splits and the numbers read from
    /// their parts cost about 20,000 instructions, once a request's `now` changes).
    public static func instant(_ text: String, in zone: Zone) -> Date? {
        guard let instant = wallClockInstant(text, in: zone), zone.holdsYear(of: instant) else { return nil }
        return instant
    }

    /// `instant(_:in:)` without its check of the years: the form alone.
    public static func wallClockInstant(_ text: String, in zone: Zone) -> Date? {
        let bytes = Array(text.utf8)
        let n = bytes.count
        guard n == 16 || n == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), n == 16 || bytes[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ at: Int, _ count: Int) -> Int? {
            var value = 0
            for index in at..<(at + count) {
                guard let digit = digit(bytes[index]) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              (1...12).contains(month), (1...LocalDate.daysIn(month: month, year: year)).contains(day),
              let hour = number(11, 2), let minute = number(14, 2), hour < 24, minute < 60,
              let second = n == 19 ? number(17, 2) : 0, second < 60
        else { return nil }
        return zone.date(LocalDate(year: year, month: month, day: day), hour: hour, minute: minute, second: second)
    }

    /// `2026-12-01T13:00:00+01:00` (or `Z` for UTC): the instant on the wall clock of `zone`.
    public static func rfc3339(_ instant: Date, zone: Zone) -> String {
        let offset = zone.secondsFromGMT(for: instant)
        return rfc3339(wallSeconds: Int(seconds(instant)) + offset, offset: offset)
    }

    /// A wall-clock reading (seconds since 1970 on that clock) with `offset` (`+01:00`, `Z`
    /// for 0), or without one when `offset` is nil (`2026-03-29T02:30:00`).
    public static func rfc3339(wallSeconds: Int, offset: Int?) -> String {
        var text = wallClock(Int64(min(max(wallSeconds, -62_167_219_200), 253_402_300_799)))
        guard let offset else { return text }
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
        guard let (wall, offset, fraction) = rfc3339Parts(text),
              let zone = offset.flatMap({ Zone(secondsFromGMT: $0) }) ?? zone,
              let instant = instant(wall, in: zone) else { return nil }
        return instant + fraction
    }

    /// The wall clock an RFC 3339 date-time is written on, when `zone` skips it (a
    /// spring-forward gap, `Zone.skips(wallSeconds:readAs:)`) and the text names the instant
    /// the zone reads it as: written without an offset (`2026-03-29T02:30:00` in
    /// Europe/Berlin), or with the one before the gap (`…T02:30:00+01:00`, 03:30 summer
    /// time). Nil for every other text: `…T03:30:00+02:00` names the same instant on the
    /// clock that shows it.
    public static func skippedWallSeconds(_ text: String, zone: Zone) -> Int? {
        // With an offset, the instant is the wall clock less it: the zone reads the wall
        // clock as that instant only when it is the offset before the gap.
        guard let (wall, _, _) = rfc3339Parts(text), let written = wallClockInstant(wall, in: .gmt),
              let instant = rfc3339Instant(text, zone: zone) else { return nil }
        return zone.skippedWallClock(Int(written.timeIntervalSince1970), at: instant)
    }

    /// An RFC 3339 date-time cut into its wall clock (`YYYY-MM-DDTHH:MM[:SS]`), its offset
    /// in seconds (nil when none is written) and its fraction of a second.
    private static func rfc3339Parts(_ text: String) -> (wall: String, offset: Int?, fraction: Double)? {
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
        return (String(wall), offset, fraction)
    }

    /// True when `text` is exactly `count` ASCII digits.
    static func isDigits(_ text: some StringProtocol, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
