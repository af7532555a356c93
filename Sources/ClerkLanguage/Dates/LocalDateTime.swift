public import FoundationEssentials
public import ClerkCore

/// An instant as the wall clock of a zone shows it, for output: `2026-12-01T13:00:00`.
///
/// Years are astronomical (year 0 exists; "2014 BC" is -2014 as Duckling writes it), the same
/// calendar the reader computes in.
public struct LocalDateTime: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// ISO weekday: 1 Monday … 7 Sunday.
    public var weekday: Int

    public init(_ date: Date, in zone: Zone) {
        let wall = ZoneClock(zone).wall(date)
        let f = Wall.fields(wall)
        self.year = f.year
        self.month = f.month
        self.day = f.day
        self.hour = f.hour
        self.minute = f.minute
        self.second = f.second
        self.weekday = CivilCalendar.isoWeekday(dayNumber: Wall.dayNumber(wall))
    }

    /// `YYYY-MM-DDTHH:MM:SS`, naive (no offset).
    public var iso: String {
        let y = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
        return "\(y)-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }

    /// `YYYY-MM-DD`.
    public var isoDate: String {
        let y = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
        return "\(y)-\(pad(month, 2))-\(pad(day, 2))"
    }

    private func pad(_ n: Int, _ width: Int) -> String { ClockText.padded(n, width: width) }
}
