internal import ClerkCore

/// Calendar arithmetic on a wall clock with no zone, the space the date reader works in.
///
/// A `WallSeconds` value is seconds since 1970-01-01T00:00 on the reference zone's wall
/// clock. Days, weeks, months and years are exact there ("tomorrow" is +1 civil day even
/// across a DST change); only the last step, `Resolver`, turns wall times into instants
/// through the zone (`ZoneClock`). Day numbers and dates come from ClerkCore's
/// `CivilCalendar`; doing the calendar here rather than through `Calendar` keeps a parse to
/// a few microseconds.
typealias WallSeconds = Int

enum Wall {
    static let minute = 60
    static let hour = 3_600
    static let day = CivilCalendar.secondsPerDay

    /// The wall time of a date and clock reading.
    @inline(__always) static func time(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> WallSeconds {
        CivilCalendar.dayNumber(year: year, month: month, day: day) * Wall.day + hour * Wall.hour + minute * Wall.minute + second
    }

    @inline(__always) static func dayNumber(_ t: WallSeconds) -> Int { CivilCalendar.floorDivide(t, Wall.day) }
    @inline(__always) static func startOfDay(_ t: WallSeconds) -> WallSeconds { dayNumber(t) * Wall.day }
    @inline(__always) static func secondOfDay(_ t: WallSeconds) -> Int { t - startOfDay(t) }

    /// Year, month, day, hour, minute, second of a wall time.
    static func fields(_ t: WallSeconds) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let d = dayNumber(t)
        let c = CivilCalendar.date(dayNumber: d)
        let s = t - d * Wall.day
        return (c.year, c.month, c.day, s / 3600, (s % 3600) / 60, s % 60)
    }

    /// The start of the grain unit that holds `t` (weeks start on Monday, quarters in Jan/Apr/Jul/Oct).
    static func floor(_ t: WallSeconds, _ grain: Grain) -> WallSeconds {
        switch grain {
        case .second: return t
        case .minute: return CivilCalendar.floorDivide(t, 60) * 60
        case .hour: return CivilCalendar.floorDivide(t, 3600) * 3600
        case .day: return startOfDay(t)
        case .week:
            let d = dayNumber(t)
            return (d - (CivilCalendar.isoWeekday(dayNumber: d) - 1)) * Wall.day
        case .month:
            let c = CivilCalendar.date(dayNumber: dayNumber(t))
            return time(c.year, c.month, 1)
        case .quarter:
            let c = CivilCalendar.date(dayNumber: dayNumber(t))
            return time(c.year, (c.month - 1) / 3 * 3 + 1, 1)
        case .year:
            return time(CivilCalendar.date(dayNumber: dayNumber(t)).year, 1, 1)
        }
    }

    /// `t` moved by `n` units of `grain`; months clamp the day ("Jan 31 + 1 month" is Feb 28).
    static func add(_ t: WallSeconds, _ grain: Grain, _ n: Int) -> WallSeconds {
        switch grain {
        case .second: return t + n
        case .minute: return t + n * 60
        case .hour: return t + n * 3600
        case .day: return t + n * Wall.day
        case .week: return t + n * 7 * Wall.day
        case .month: return addMonths(t, n)
        case .quarter: return addMonths(t, 3 * n)
        case .year: return addMonths(t, 12 * n)
        }
    }

    static func addMonths(_ t: WallSeconds, _ n: Int) -> WallSeconds {
        let d = dayNumber(t)
        let c = CivilCalendar.date(dayNumber: d)
        let index = c.year * 12 + (c.month - 1) + n
        let year = CivilCalendar.floorDivide(index, 12)
        let month = index - year * 12 + 1
        let day = min(c.day, CivilCalendar.daysIn(month: month, year: year))
        return CivilCalendar.dayNumber(year: year, month: month, day: day) * Wall.day + (t - d * Wall.day)
    }

    /// The unit of `grain` that holds `t`, as a span.
    static func unit(_ t: WallSeconds, _ grain: Grain) -> Span {
        let start = floor(t, grain)
        return Span(start, add(start, grain, 1))
    }
}

/// A half-open stretch of wall time `[start, end)`.
struct Span: Hashable, Sendable {
    var start: WallSeconds
    var end: WallSeconds

    init(_ start: WallSeconds, _ end: WallSeconds) {
        self.start = start
        self.end = end
    }

    @inline(__always) func overlaps(_ other: Span) -> Bool { start < other.end && other.start < end }
    @inline(__always) func contains(_ other: Span) -> Bool { start <= other.start && other.end <= end }
    @inline(__always) func intersection(_ other: Span) -> Span { Span(max(start, other.start), min(end, other.end)) }
    @inline(__always) func shifted(by seconds: Int) -> Span { Span(start + seconds, end + seconds) }
}

extension Grain {
    /// Length in seconds of the fixed-length grains (day and finer); nil for calendar grains.
    var seconds: Int? {
        switch self {
        case .second: return 1
        case .minute: return 60
        case .hour: return 3600
        case .day: return Wall.day
        case .week: return 7 * Wall.day
        default: return nil
        }
    }
}
