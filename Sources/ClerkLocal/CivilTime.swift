import ClerkCore
import FoundationEssentials

/// A date and time on a wall clock with no zone attached — what an RRULE counts in and what
/// a TZID-qualified DTSTART says.
struct WallTime: Hashable, Comparable, CustomStringConvertible {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int

    var date: LocalDate { LocalDate(year: year, month: month, day: day) }

    /// Seconds since 1970 if this wall clock were in UTC.
    var secondsAsUTC: Int64 {
        Civil.dayNumber(of: date) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The wall time `seconds` after 1970-01-01 00:00.
    init(secondsAsUTC seconds: Int64) {
        let days = Civil.floorDivide(seconds, 86_400)
        let rest = Int(seconds - days * 86_400)
        let date = Civil.date(ofDayNumber: days)
        self.init(year: date.year, month: date.month, day: date.day, hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
    }

    static func < (a: WallTime, b: WallTime) -> Bool { a.secondsAsUTC < b.secondsAsUTC }

    /// iCalendar's basic form, `YYYYMMDDTHHMMSS`.
    var basic: String {
        Civil.digits([(year, 4), (month, 2), (day, 2), (-1, 0), (hour, 2), (minute, 2), (second, 2)])
    }

    var description: String { basic }
}

/// Proleptic Gregorian arithmetic on day numbers (days since 1970-01-01), exact and cheap —
/// no `Calendar` in the hot paths of range queries.
enum Civil {
    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// Days from 1970-01-01 to `date`.
    static func dayNumber(of date: LocalDate) -> Int64 { Int64(date.dayNumber) }

    /// The date `days` after 1970-01-01.
    static func date(ofDayNumber days: Int64) -> LocalDate { LocalDate(dayNumber: Int(days)) }

    /// The key of an all-day date: its midnight read as UTC.
    static func key(of date: LocalDate) -> Int64 { dayNumber(of: date) * 86_400 }

    /// The date whose key is `key`.
    static func date(ofKey key: Int64) -> LocalDate { date(ofDayNumber: floorDivide(key, 86_400)) }

    /// True when the numbers name a real date and time (libical accepts month 13 and hour 25).
    static func isValid(_ wall: WallTime) -> Bool {
        (1...12).contains(wall.month) && (1...LocalDate.daysIn(month: wall.month, year: wall.year)).contains(wall.day)
            && (0...23).contains(wall.hour) && (0...59).contains(wall.minute) && (0...60).contains(wall.second)
            && (1...9999).contains(wall.year)
    }

    /// `YYYYMMDD`.
    static func basic(_ date: LocalDate) -> String {
        digits([(date.year, 4), (date.month, 2), (date.day, 2)])
    }

    /// Numbers with leading zeros to their widths, run together; a width of 0 writes "T".
    /// (`String(format:)` costs microseconds, and an agenda names thousands of occurrences.)
    static func digits(_ fields: [(number: Int, width: Int)]) -> String {
        String(unsafeUninitializedCapacity: fields.reduce(0) { $0 + max($1.width, 1) }) { buffer in
            var at = 0
            for (number, width) in fields {
                if width == 0 {
                    buffer[at] = UInt8(ascii: "T")
                    at += 1
                    continue
                }
                var rest = abs(number)
                for place in stride(from: width - 1, through: 0, by: -1) {
                    buffer[at + place] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                at += width
            }
            return at
        }
    }

    /// Appends `number` with leading zeros to `width` digits.
    static func append(_ number: Int, width: Int, to text: inout String) {
        text += digits([(number, width)])
    }

    /// `YYYYMMDDTHHMMSSZ` for UTC seconds.
    static func basicUTC(_ seconds: Int64) -> String {
        WallTime(secondsAsUTC: seconds).basic + "Z"
    }

    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
    static func instant(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: Double(seconds)) }
}
