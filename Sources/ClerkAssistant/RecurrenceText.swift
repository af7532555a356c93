import ClerkCore
import FoundationEssentials

/// An RFC 5545 RRULE said in words: "every other week on Tuesday and Thursday, 6 times".
enum RecurrenceText {
    private static let ordinals = [1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last", -2: "second to last"]

    /// Describes `rule` (with or without the `RRULE:` prefix) for an event starting on `start`,
    /// its UNTIL said as a day in `zone`; nil when the rule cannot be read.
    static func describe(_ rule: String, start: LocalDate, zone: Zone) -> String? {
        let rule = RRule(rule)
        guard rule.isWellFormed, let frequency = rule.frequency else { return nil }
        let interval = rule.interval
        let byDay = rule.list("BYDAY")
        let byMonthDay = rule.list("BYMONTHDAY").first.flatMap { Int($0) }
        let byMonth = rule.list("BYMONTH").first.flatMap { Int($0) }

        var text: String
        switch frequency {
        case "HOURLY":
            // "calls at 9, 11 and 2": at the hours listed ("at 09:00, 11:00 and 14:00").
            if case let hours = rule.list("BYHOUR").compactMap({ Int($0) }), !hours.isEmpty {
                let minute = Int(rule["BYMINUTE"] ?? "0") ?? 0
                text = "at " + list(hours.map { ClockText.padded($0, width: 2) + ":" + ClockText.padded(minute, width: 2) })
            } else {
                text = every(interval, "hour", "hours")
            }
        case "DAILY":
            text = every(interval, "day", "days")
        case "WEEKLY":
            let days = byDay.compactMap(weekdayName)
            let set = Set(byDay)
            if set == ["MO", "TU", "WE", "TH", "FR"], interval == 1 {
                text = "every weekday"
            } else if interval == 1 {
                text = "every " + list(days.isEmpty ? [DateText.weekdays[start.isoWeekday - 1]] : days)
            } else {
                text = every(interval, "week", "weeks") + " on " + list(days.isEmpty ? [DateText.weekdays[start.isoWeekday - 1]] : days)
            }
        case "MONTHLY":
            let period = interval == 1 ? "every month" : every(interval, "month", "months")
            if let position = rule["BYSETPOS"].flatMap({ Int($0) }), let ordinal = ordinals[position], Set(byDay) == ["MO", "TU", "WE", "TH", "FR"] {
                // "the last working day of every month": BYSETPOS over Monday to Friday.
                text = "the \(ordinal) weekday of \(period)"
            } else if let first = byDay.first, let (ordinal, day) = ordinalDay(first) {
                text = "the \(ordinal) \(day) of \(period)"
            } else if case let days = rule.list("BYMONTHDAY").compactMap({ Int($0) }), let latest = days.max() {
                // "the 1st and 15th of every month", "the 15th and last day of every month"
                let said = days.map { $0 == -1 ? "last day" : ordinal($0) }
                text = "the " + list(said) + " of " + period + monthsSkipped(latest)
            } else {
                text = "the " + ordinal(start.day) + " of " + period + monthsSkipped(start.day)
            }
        case "YEARLY":
            let month = byMonth ?? start.month
            if let first = byDay.first, let (ordinal, day) = ordinalDay(first) {
                text = every(interval, "year", "years") + " on the \(ordinal) \(day) of \(DateText.months[month - 1])"
            } else {
                text = every(interval, "year", "years") + " on \(byMonthDay ?? start.day) \(DateText.months[month - 1])"
                if month == 2, (byMonthDay ?? start.day) == 29 { text += " (only in leap years)" }
            }
        default:
            return nil
        }
        if let count = rule.count {
            text += count == 1 ? ", once" : ", \(count) times"
        } else if let until = rule.until, let date = lastDay(until, zone: zone) {
            text += ", until " + DateText(zone: zone).day(date)
        }
        return text
    }

    /// The months a repeat on day `day` of the month passes over, as RFC 5545 and Google
    /// do (no event on the 30th of February): said, so that nobody expects one.
    private static func monthsSkipped(_ day: Int) -> String {
        switch day {
        case 31: " (months without a 31st are skipped)"
        case 30: " (February is skipped)"
        case 29: " (February is skipped but in leap years)"
        default: ""
        }
    }

    /// The day of `zone` an UNTIL ends on: a UTC time (`20261210T075959Z`, the end of 9
    /// December in Los Angeles) is read in the zone, a date or a floating time as written
    /// (the first eight digits of a UTC time said the day after).
    static func lastDay(_ until: String, zone: Zone) -> LocalDate? {
        let digits = Array(until.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count, digits[range].allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
            return digits[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day) else { return nil }
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z"),
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15) else {
            return LocalDate(year: year, month: month, day: day)
        }
        let seconds = CivilCalendar.dayNumber(year: year, month: month, day: day) * CivilCalendar.secondsPerDay + hour * 3600 + minute * 60 + second
        return LocalDate(Date(timeIntervalSince1970: TimeInterval(seconds)), in: zone)
    }

    private static func every(_ n: Int, _ one: String, _ many: String) -> String {
        switch n {
        case 1: return "every " + one
        case 2: return "every other " + one
        default: return "every \(n) " + many
        }
    }

    private static func weekdayName(_ code: String) -> String? {
        RRule.weekdayCodes.firstIndex(of: String(code.suffix(2))).map { DateText.weekdays[$0] }
    }

    /// "1MO" → ("first", "Monday"); "-1FR" → ("last", "Friday").
    private static func ordinalDay(_ code: String) -> (String, String)? {
        guard code.count > 2, let n = Int(code.dropLast(2)), let word = ordinals[n], let day = weekdayName(code) else { return nil }
        return (word, day)
    }

    /// "1st", "2nd", "3rd", "11th", "22nd".
    static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    /// "Monday", "Monday and Thursday", "Monday, Wednesday and Friday".
    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }
}
