/// Civil-calendar arithmetic on a wall clock with no zone, the space the date reader works in.
///
/// A `WallTime` is seconds since 1970-01-01T00:00 on the reference zone's wall clock. Days,
/// weeks, months and years are exact there ("tomorrow" is +1 civil day even across a DST
/// change); only the last step, `Resolver`, turns wall times into instants through the zone.
/// Doing the calendar here rather than through `Calendar` keeps a parse to a few microseconds.
typealias WallTime = Int

enum Wall {
    static let minute = 60
    static let hour = 3_600
    static let day = 86_400

    /// Floor division (Swift's `/` truncates toward zero, which is wrong before 1970).
    @inline(__always) static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func days(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day number.
    static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// ISO weekday of a day number: 1 Monday … 7 Sunday (1970-01-01 was a Thursday).
    @inline(__always) static func weekday(ofDay days: Int) -> Int {
        let w = (days + 3) % 7
        return (w < 0 ? w + 7 : w) + 1
    }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    @inline(__always) static func time(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> WallTime {
        days(year, month, day) * Wall.day + hour * Wall.hour + minute * Wall.minute + second
    }

    @inline(__always) static func dayNumber(_ t: WallTime) -> Int { floorDiv(t, Wall.day) }
    @inline(__always) static func startOfDay(_ t: WallTime) -> WallTime { dayNumber(t) * Wall.day }
    @inline(__always) static func secondOfDay(_ t: WallTime) -> Int { t - startOfDay(t) }

    /// Year, month, day, hour, minute, second of a wall time.
    static func fields(_ t: WallTime) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let d = dayNumber(t)
        let c = civil(d)
        let s = t - d * Wall.day
        return (c.year, c.month, c.day, s / 3600, (s % 3600) / 60, s % 60)
    }

    /// The start of the grain unit that holds `t` (weeks start on Monday, quarters in Jan/Apr/Jul/Oct).
    static func floor(_ t: WallTime, _ grain: Grain) -> WallTime {
        switch grain {
        case .second: return t
        case .minute: return floorDiv(t, 60) * 60
        case .hour: return floorDiv(t, 3600) * 3600
        case .day: return startOfDay(t)
        case .week:
            let d = dayNumber(t)
            return (d - (weekday(ofDay: d) - 1)) * Wall.day
        case .month:
            let c = civil(dayNumber(t))
            return time(c.year, c.month, 1)
        case .quarter:
            let c = civil(dayNumber(t))
            return time(c.year, (c.month - 1) / 3 * 3 + 1, 1)
        case .year:
            return time(civil(dayNumber(t)).year, 1, 1)
        }
    }

    /// `t` moved by `n` units of `grain`; months clamp the day ("Jan 31 + 1 month" is Feb 28).
    static func add(_ t: WallTime, _ grain: Grain, _ n: Int) -> WallTime {
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

    static func addMonths(_ t: WallTime, _ n: Int) -> WallTime {
        let d = dayNumber(t)
        let c = civil(d)
        let index = c.year * 12 + (c.month - 1) + n
        let year = floorDiv(index, 12)
        let month = index - year * 12 + 1
        let day = min(c.day, daysIn(month: month, year: year))
        return days(year, month, day) * Wall.day + (t - d * Wall.day)
    }

    /// The unit of `grain` that holds `t`, as a span.
    static func unit(_ t: WallTime, _ grain: Grain) -> Span {
        let start = floor(t, grain)
        return Span(start, add(start, grain, 1))
    }
}

/// A half-open stretch of wall time `[start, end)`.
struct Span: Hashable, Sendable {
    var start: WallTime
    var end: WallTime

    init(_ start: WallTime, _ end: WallTime) {
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
