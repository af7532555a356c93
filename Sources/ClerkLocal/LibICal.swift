internal import CICal
package import ClerkCore
import FoundationEssentials

/// The one door to libical. Its error state, its ring buffer of temporary strings and its
/// time-zone cache are process-wide, so every call goes through `locked` — tests run stores
/// on many threads at once. clerk opens libical on first use (Sources/CICal): a store that
/// keeps no repeating event never loads it.
package enum LibICal {
    private static let lock = Lock(recursive: true)

    /// Throws when libical cannot be loaded; asked before the work that needs it (a series'
    /// recurrence, an import or export), so that its absence is said as such.
    package static func require() throws(ServiceError) {
        guard cical_load_error() == nil else { throw .libraryMissing(.ical) }
    }

    static func locked<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// A date or date-time value as written in iCalendar (`20260305`, `20260305T090000`,
    /// `20260305T090000Z`), read by libical and checked for impossible fields; nil when it is
    /// neither.
    static func time(_ text: String) -> ICalTime? {
        let trimmed = text.trimmingSpaces()
        // libical also takes `2026-03-05`; iCalendar does not.
        guard !trimmed.contains("-"), trimmed.count == 8 || trimmed.count == 15 || trimmed.count == 16 else { return nil }
        return locked {
            cical_clear_errno()
            let value = icaltime_from_string(trimmed)
            guard icaltime_is_null_time(value) == 0, cical_errno() == 0 else { return nil }
            return ICalTime(value)
        }
    }

    /// An iCalendar duration (`PT1H30M`, `-PT15M`, `P1D`) in seconds; nil when malformed,
    /// or when a number in it has more than 9 digits (libical reads each into an `unsigned
    /// int` through `sscanf`'s `%d`, which does not say when a number does not fit).
    static func durationSeconds(_ text: String) -> Int? {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else { return nil }
        var run = 0
        for byte in trimmed.utf8 {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if byte != UInt8(ascii: "0") || run > 0 { run += 1 }
                if run > 9 { return nil }
            } else {
                run = 0
            }
        }
        return locked {
            cical_clear_errno()
            let duration = icaldurationtype_from_string(trimmed)
            guard icaldurationtype_is_bad_duration(duration) == 0, cical_errno() == 0 else { return nil }
            return Int(seconds(of: duration))
        }
    }

    /// The seconds of a duration, counted in 64 bits. libical's `icaldurationtype_as_int`
    /// counts in an `int`: `DURATION:P7102W` (136 years) came back as 358,304 s, four days,
    /// and such an event was imported as lasting four days.
    static func seconds(of duration: icaldurationtype) -> Int64 {
        let total = Int64(duration.weeks) * 604_800 + Int64(duration.days) * 86_400
            + Int64(duration.hours) * 3_600 + Int64(duration.minutes) * 60 + Int64(duration.seconds)
        return duration.is_neg != 0 ? -total : total
    }
}

/// A DATE or DATE-TIME value from libical, in Swift terms.
struct ICalTime: Hashable {
    var wall: WallTime
    var isDate: Bool
    var isUTC: Bool

    var date: LocalDate { wall.date }

    fileprivate init(_ value: icaltimetype) {
        wall = WallTime(year: Int(value.year), month: Int(value.month), day: Int(value.day),
                        hour: Int(value.hour), minute: Int(value.minute), second: Int(value.second))
        isDate = value.is_date != 0
        isUTC = icaltime_is_utc(value) != 0
    }

    init(wall: WallTime, isDate: Bool, isUTC: Bool) {
        self.wall = wall
        self.isDate = isDate
        self.isUTC = isUTC
    }

    var isValid: Bool { Civil.isValid(wall) }

    /// The instant this value names: UTC as written, otherwise on the wall clock of `zone`.
    func utcSeconds(floatingIn zone: ZoneRules) -> Int64 {
        isUTC ? wall.secondsAsUTC : zone.utcSeconds(of: wall)
    }
}

extension icaltimetype {
    /// A floating libical time (no zone) for a wall time or a date.
    static func floating(_ wall: WallTime, isDate: Bool) -> icaltimetype {
        var value = icaltime_null_time()
        value.year = Int32(wall.year)
        value.month = Int32(wall.month)
        value.day = Int32(wall.day)
        if isDate {
            value.is_date = 1
        } else {
            value.hour = Int32(wall.hour)
            value.minute = Int32(wall.minute)
            value.second = Int32(wall.second)
        }
        return value
    }

    var wallTime: WallTime {
        WallTime(year: Int(year), month: Int(month), day: Int(day), hour: Int(hour), minute: Int(minute), second: Int(second))
    }
}
