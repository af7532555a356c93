public import FoundationEssentials

/// A calendar date with no time and no zone, as all-day events and birthdays use it.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD` (ASCII digits only); nil for anything else or an impossible date.
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, ClockText.isDigits(parts[0], count: 4), ClockText.isDigits(parts[1], count: 2),
              ClockText.isDigits(parts[2], count: 2), let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), (1...LocalDate.daysIn(month: m, year: y)).contains(d)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The date `instant` falls on in `zone`.
    public init(_ instant: Date, in zone: Zone) {
        self = zone.wallClock(instant).day
    }

    /// `YYYY-MM-DD`.
    public var iso: String {
        var text = ""
        text.reserveCapacity(10)
        ClockText.append(year, width: 4, to: &text)
        text.append("-")
        ClockText.append(month, width: 2, to: &text)
        text.append("-")
        ClockText.append(day, width: 2, to: &text)
        return text
    }

    public var description: String { iso }

    /// Midnight at the start of this date in `zone` (on a DST gap at midnight, the instant the
    /// clocks jump, RFC 5545's reading of 00:00).
    public func startOfDay(in zone: Zone) -> Date {
        zone.date(self)
    }

    /// The date `days` later (or earlier when negative).
    public func adding(days: Int) -> LocalDate {
        LocalDate(dayNumber: dayNumber + days)
    }

    /// Days from this date to `other` (positive when `other` is later).
    public func days(until other: LocalDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// ISO weekday: 1 is Monday, 7 is Sunday (1970-01-01 was a Thursday).
    public var isoWeekday: Int {
        CivilCalendar.isoWeekday(dayNumber: dayNumber)
    }

    /// The ISO 8601 week this date is in: the year it counts in (the year of its week's
    /// Thursday: 1 January 2027 is in week 53 of 2026) and its number, from 1.
    public var isoWeek: (year: Int, week: Int) {
        let thursday = LocalDate(dayNumber: dayNumber - isoWeekday + 4)
        let firstOfYear = LocalDate(year: thursday.year, month: 1, day: 1)
        return (thursday.year, firstOfYear.days(until: thursday) / 7 + 1)
    }

    /// Days from 1970-01-01 to this date, negative before it.
    public var dayNumber: Int {
        CivilCalendar.dayNumber(year: year, month: month, day: day)
    }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        let date = CivilCalendar.date(dayNumber: dayNumber)
        self.init(year: date.year, month: date.month, day: date.day)
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public static func isLeap(_ year: Int) -> Bool { CivilCalendar.isLeap(year) }

    public static func daysIn(month: Int, year: Int) -> Int { CivilCalendar.daysIn(month: month, year: year) }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a YYYY-MM-DD date: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}
