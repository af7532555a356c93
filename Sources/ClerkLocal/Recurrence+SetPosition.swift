import ClerkCore
import FoundationEssentials

/// A weekly, daily or hourly rule with BYSETPOS, expanded here rather than by libical: libical
/// 3.0 applies BYSETPOS to a month's or a year's set only, and with these frequencies kept every
/// date of the set (`FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=1` came back on Fridays too).
///
/// As RFC 5545 (3.3.10) says, each period — a week from WKST, a day, an hour — first gets its
/// whole set: its days that BYDAY, BYMONTH and BYMONTHDAY let through, at the times BYHOUR,
/// BYMINUTE and BYSECOND name (DTSTART's weekday and time where they are not given). BYSETPOS
/// then picks from that set, counting from its start or, negative, from its end. Picks before
/// DTSTART or after UNTIL are dropped; COUNT counts the picks from DTSTART on.
struct SetPositionRule {
    enum Period {
        case week, day, hour
    }

    let period: Period
    let interval: Int64
    /// The most picks (COUNT), nil for none.
    let count: Int?
    /// UNTIL on the series' wall clock.
    let until: WallTime?
    let positions: [Int]
    /// ISO weekdays (1 Monday … 7 Sunday); empty lets every day through.
    let weekdays: Set<Int>
    let months: Set<Int>
    let monthDays: Set<Int>
    let hours: [Int]
    let minutes: [Int]
    let seconds: [Int]
    /// The ISO weekday weeks start on (WKST, Monday unless said).
    let weekStart: Int
    let first: WallTime
    let isAllDay: Bool

    /// True for a rule this type expands: BYSETPOS with FREQ=WEEKLY, DAILY or HOURLY.
    static func applies(to text: String) -> Bool {
        let rule = RRule(text)
        guard rule["BYSETPOS"] != nil else { return false }
        return ["WEEKLY", "DAILY", "HOURLY"].contains(rule.frequency ?? "")
    }

    /// Reads `text` (already read by libical, which gave `count`, `interval` and `until`).
    init(_ text: String, first: WallTime, isAllDay: Bool, count: Int, interval: Int, until: WallTime?) throws(RecurrenceError) {
        let rule = RRule(text)
        func fail(_ reason: String) -> RecurrenceError {
            RecurrenceError(property: "RRULE", reason: reason + ": " + quoted(text))
        }
        func numbers(_ key: String, in range: ClosedRange<Int>, allowingNegative: Bool = false) throws(RecurrenceError) -> [Int] {
            guard let value = rule[key] else { return [] }
            var found: [Int] = []
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                let n = Int(item) ?? -1_000
                let inRange = range.contains(n) || allowingNegative && n < 0 && (-range.upperBound...(-range.lowerBound)).contains(n)
                guard inRange else {
                    throw fail("expected numbers from \(range.lowerBound) to \(range.upperBound) in \(key)")
                }
                found.append(n)
            }
            return found
        }
        let frequency = rule.frequency ?? ""
        switch frequency {
        case "WEEKLY": period = .week
        case "DAILY": period = .day
        default: period = .hour
        }
        for key in ["BYWEEKNO", "BYYEARDAY"] where rule[key] != nil {
            throw fail("BYSETPOS with FREQ=\(frequency) and \(key) is not a repeat clerk can follow")
        }
        if period == .week, rule["BYMONTHDAY"] != nil {
            throw fail("BYMONTHDAY with FREQ=WEEKLY is not a repeat clerk can follow")
        }
        positions = try numbers("BYSETPOS", in: 1...366, allowingNegative: true)
        months = Set(try numbers("BYMONTH", in: 1...12))
        monthDays = Set(try numbers("BYMONTHDAY", in: 1...31, allowingNegative: true))
        let names = RRule.weekdayCodes
        var weekdays = Set<Int>()
        for item in rule.list("BYDAY") {
            // Ordinals (1MO) were refused before with these frequencies.
            guard let index = names.firstIndex(of: item.uppercased()) else { throw fail("expected days like MO,FR in BYDAY") }
            weekdays.insert(index + 1)
        }
        let firstWeekday = CivilCalendar.isoWeekday(dayNumber: first.date.dayNumber)
        if weekdays.isEmpty, period == .week { weekdays = [firstWeekday] }
        self.weekdays = weekdays
        let wkst = rule["WKST"].map { $0.uppercased() } ?? "MO"
        guard let startIndex = names.firstIndex(of: wkst) else { throw fail("expected a day like MO in WKST") }
        weekStart = startIndex + 1
        if isAllDay {
            hours = [0]
            minutes = [0]
            seconds = [0]
        } else {
            let hours = try numbers("BYHOUR", in: 0...23).sorted()
            // An hourly rule's BYHOUR only lets hours through (empty: every hour); the other
            // rules' name the times of their days.
            self.hours = period == .hour || !hours.isEmpty ? hours : [first.hour]
            let minutes = try numbers("BYMINUTE", in: 0...59).sorted()
            self.minutes = minutes.isEmpty ? [first.minute] : minutes
            let seconds = try numbers("BYSECOND", in: 0...60).sorted()
            self.seconds = seconds.isEmpty ? [first.second] : seconds
        }
        self.count = count > 0 ? count : nil
        self.interval = Int64(max(1, interval))
        self.until = until
        self.first = first
        self.isAllDay = isAllDay
    }

    /// The period's length in seconds of wall clock.
    private var length: Int64 {
        switch period {
        case .week: return 7 * 86_400
        case .day: return 86_400
        case .hour: return 3600
        }
    }

    /// Where the period holding DTSTART begins, in seconds of wall clock.
    private var firstPeriodStart: Int64 {
        let day = Civil.dayNumber(of: first.date)
        switch period {
        case .week:
            let back = (CivilCalendar.isoWeekday(dayNumber: Int(day)) - weekStart + 7) % 7
            return (day - Int64(back)) * 86_400
        case .day:
            return day * 86_400
        case .hour:
            return day * 86_400 + Int64(first.hour) * 3600
        }
    }

    /// The whole set of the period starting at `start` (seconds of wall clock), in order.
    private func set(ofPeriodAt start: Int64) -> [WallTime] {
        let firstDay = Civil.floorDivide(start, 86_400)
        let days = period == .week ? 7 : 1
        var found: [WallTime] = []
        for offset in 0..<Int64(days) {
            let date = Civil.date(ofDayNumber: firstDay + offset)
            if !weekdays.isEmpty, !weekdays.contains(CivilCalendar.isoWeekday(dayNumber: date.dayNumber)) { continue }
            if !months.isEmpty, !months.contains(date.month) { continue }
            if !monthDays.isEmpty {
                let length = LocalDate.daysIn(month: date.month, year: date.year)
                if !monthDays.contains(date.day), !monthDays.contains(date.day - length - 1) { continue }
            }
            let periodHour = Int((start - firstDay * 86_400) / 3600)
            let hoursHere = period == .hour ? (hours.isEmpty || hours.contains(periodHour) ? [periodHour] : []) : hours
            for hour in hoursHere {
                for minute in minutes {
                    for second in seconds {
                        found.append(WallTime(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute, second: second))
                    }
                }
            }
        }
        return found
    }

    /// The starts on the wall clock from `wallFrom` (seconds) until `wallTo`, in order, each
    /// passed to `body`; at most `Recurrence.iterationLimit` periods are looked at.
    func forEachStart(from wallFrom: Int64, to wallTo: Int64, _ body: (WallTime) -> Void) {
        let step = length * interval
        let base = firstPeriodStart
        // Without COUNT the walk can begin at the period before `wallFrom`, in phase with DTSTART.
        var index: Int64 = 0
        if count == nil, wallFrom > base { index = max(0, (wallFrom - base) / step - 1) }
        var picked = 0
        let firstSeconds = first.secondsAsUTC
        let untilSeconds = until?.secondsAsUTC
        for _ in 0..<Recurrence.iterationLimit {
            let (offset, overflow) = index.multipliedReportingOverflow(by: step)
            let (start, past) = base.addingReportingOverflow(offset)
            if overflow || past { return }
            if start >= wallTo { return }
            if let untilSeconds, start > untilSeconds { return }
            let set = self.set(ofPeriodAt: start)
            var picks = Set<Int>()
            for position in positions {
                let at = position > 0 ? position - 1 : set.count + position
                if at >= 0, at < set.count { picks.insert(at) }
            }
            for at in picks.sorted() {
                let wall = set[at]
                let seconds = wall.secondsAsUTC
                if seconds < firstSeconds { continue }
                if let untilSeconds, seconds > untilSeconds { return }
                if let count, picked >= count { return }
                picked += 1
                if seconds >= wallFrom, seconds < wallTo { body(wall) }
            }
            index += 1
        }
    }

    /// True when the rule has neither COUNT nor UNTIL.
    var isEndless: Bool { count == nil && until == nil }
}
