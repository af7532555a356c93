/// Proleptic Gregorian arithmetic on day numbers — days since 1970-01-01, negative before
/// it — exact for every year and cheap: no `Calendar` in the hot paths of the date reader,
/// range queries or RFC 3339 text.
///
/// The one home of this arithmetic: `LocalDate`, the date reader's wall clock (`Wall`) and
/// the local store's `Civil` all count days with it.
public enum CivilCalendar {
    /// Seconds in a civil day (a wall clock has no leap seconds).
    public static let secondsPerDay = 86_400

    /// `a / b` rounded toward negative infinity (Swift's `/` truncates toward zero, which is
    /// wrong before 1970); `b` is positive.
    @inlinable @inline(__always)
    public static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return a % b < 0 ? q - 1 : q
    }

    /// The day number of a date (Howard Hinnant's `days_from_civil`).
    @inlinable @inline(__always)
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number (`civil_from_days`).
    @inlinable @inline(__always)
    public static func date(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * mp + 2) / 5 + 1)
    }

    /// The years clerk takes a date in: four digits, as ISO 8601 and iCalendar write them (a
    /// date in the year 10000 was exported as `00000000T000000`, which nothing reads back).
    public static let years: ClosedRange<Int> = 1...9999

    /// ISO weekday of a day number: 1 Monday … 7 Sunday (1970-01-01 was a Thursday).
    @inlinable @inline(__always)
    public static func isoWeekday(dayNumber: Int) -> Int {
        let w = (dayNumber + 3) % 7
        return (w < 0 ? w + 7 : w) + 1
    }

    @inlinable
    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The ISO 8601 weeks of `year`, 52 or 53: the week holding 28 December is its last.
    public static func isoWeeks(in year: Int) -> Int {
        let january4 = dayNumber(year: year, month: 1, day: 4)
        let firstMonday = january4 - (isoWeekday(dayNumber: january4) - 1)
        return (dayNumber(year: year, month: 12, day: 28) - firstMonday) / 7 + 1
    }

    /// Days in `month` (1–12) of `year`.
    @inlinable
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
