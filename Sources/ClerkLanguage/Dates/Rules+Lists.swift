internal import ClerkCore

/// Days said as a list: "the 3rd and the 10th", "dec 24 and 25", "the 5th, 12th and 19th of
/// March", "5 and 12 march", "tomorrow and friday at 7". The reading is every day listed:
/// `.either` of the days (a list of weekdays alone stays the weekday list of the repeats),
/// which the resolver turns into the days' first occurrences, one after another (a run of
/// following days is one span; other days a repeat with a count, `Resolver.listed`).
///
/// The last day is joined by "and" or "&" ("the 3rd or the 10th" is a choice, not both);
/// days before it by commas. A day without a month takes the month of the day that names
/// one ("the 5th and 12th of March" are both in March; "dec 24 and 25" both in December).
extension DateRules {
    static let listAnd: [String] = ["and", "&"]

    /// A day that can be one of a list: a plain day, no time of day, maybe a list already (a
    /// list of weekdays alone is the repeats' `weekday-list`: `dayList` wants another day).
    static func isListDay(_ t: TimeValue) -> Bool {
        t.isPlain && t.hasDate && !t.hasClock && !t.hasDayPart && t.grain == .day && !t.isStretch && !t.hasEnd && !t.isAllDay
            && !t.isPluralWeekday && isListable(t.expression)
    }

    /// Days of which a list is made: a day of the month, a date, a weekday with a day of the
    /// month, a day counted from today ("tomorrow"), and lists of those.
    static func isListable(_ e: TimeExpression) -> Bool {
        switch e {
        case .dayOfMonth, .monthDay, .weekday: return true
        case .cycle(.day, let k): return k >= 0
        case .intersect(let a, let b), .either(let a, let b): return isListable(a) && isListable(b)
        case .year: return true
        default: return false
        }
    }

    /// True when every day of `e` is a weekday ("monday", "mon and wed").
    static func isWeekdayOnly(_ e: TimeExpression) -> Bool {
        switch e {
        case .weekday: return true
        case .either(let a, let b): return isWeekdayOnly(a) && isWeekdayOnly(b)
        default: return false
        }
    }

    /// True for a list of days made by these rules: an `.either` with a day that is not a
    /// weekday.
    static func isDayList(_ e: TimeExpression) -> Bool {
        if case .either = e { return !isWeekdayOnly(e) }
        return false
    }

    /// The days of `e`, in the order said.
    static func listedDays(_ e: TimeExpression) -> [TimeExpression] {
        if case .either(let a, let b) = e { return listedDays(a) + listedDays(b) }
        return [e]
    }

    /// The month a day names (the last such of a list), nil for none.
    static func namedMonth(_ e: TimeExpression) -> Int? {
        switch e {
        case .monthDay(let month, _): return month
        case .either(let a, let b): return namedMonth(b) ?? namedMonth(a)
        case .intersect(let a, let b): return namedMonth(b) ?? namedMonth(a)
        default: return nil
        }
    }

    /// `e` with its days of no month put in `month` (nil when such a day is not in it).
    static func inMonth(_ e: TimeExpression, _ month: Int) -> TimeExpression? {
        switch e {
        case .dayOfMonth(let d):
            guard d <= CivilCalendar.daysIn(month: month, year: 2000) else { return nil }
            return .monthDay(month: month, day: d)
        case .either(let a, let b):
            guard let x = inMonth(a, month), let y = inMonth(b, month) else { return nil }
            return .either(x, y)
        default: return e
        }
    }

    /// The list of `days` (text order), each day without a month in the month one of them
    /// names: those before it take the month named after them ("the 5th and 12th of March"),
    /// those after it the month named before them ("Dec 24 and the 26th").
    static func dayList(_ days: [TimeValue], latent: Bool) -> Production? {
        guard days.count >= 2, days.contains(where: { !isWeekdayOnly($0.expression) }) else { return nil }
        var expressions = days.map(\.expression)
        var month: Int?
        for i in expressions.indices.reversed() {
            if let m = namedMonth(expressions[i]) { month = m } else if let m = month { expressions[i] = inMonth(expressions[i], m) ?? expressions[i] }
        }
        // ("Dec 30 and the 2nd": the 2nd of January.)
        month = nil
        var lastDay = 0
        for i in expressions.indices {
            if let m = namedMonth(expressions[i]) {
                month = m
                if case .monthDay(_, let d)? = listedDays(expressions[i]).last { lastDay = d }
            } else if var m = month, case .dayOfMonth(let d) = expressions[i] {
                if d <= lastDay { m = m % 12 + 1 }
                guard let moved = inMonth(expressions[i], m) else { return nil }
                expressions[i] = moved
                (month, lastDay) = (m, d)
            }
        }
        var t = days[0]
        t.expression = expressions.dropFirst().reduce(expressions[0]) { .either($0, $1) }
        t.hasYear = days.contains { $0.hasYear }
        return .time(t, latent: latent)
    }

    /// True when the word after a list makes its numbers something else: a weekday or a unit
    /// ("every 2nd and 4th tuesday", "the 1st and 3rd week"), or "of" a longer whole ("the 1st
    /// and 3rd monday of the month", "the 15th and last day of the month").
    static func endsAList(_ m: Match, _ item: Item?) -> Bool {
        guard let item, item.end < m.tokens.count else { return true }
        let next = m.tokens[item.end].text
        return Lexicon.weekdays[next] == nil && Lexicon.pluralWeekdays[next] == nil && Lexicon.durationUnits[next] == nil
            && !["of", "weekday", "weekdays", "weekend", "weekends"].contains(next)
    }

    static let lists: [Rule] = [
        // the 3rd and the 10th, tomorrow and friday, on the 3rd and on the 10th
        // (Each shape has the word or mark after its first day written out, not optional: the
        // chart then tries a shape only where that word follows a day, not at every day.)
        Rule("day-list", [.anyTime { isListDay($0) }, .words(listAnd), .anyTime { isListDay($0) }], role: nil) { m in
            andList(m, [0, 2])
        },
        // the 5th, 12th and 19th of March, the 5th, 12th, and 19th
        Rule("day-list", [.anyTime { isListDay($0) }, .symbol(","), .anyTime { isListDay($0) }, Element.symbol(",").opt, .words(listAnd), .anyTime { isListDay($0) }], role: nil) { m in
            andList(m, [0, 2, 5])
        },
        // the 1st, 8th, 15th and 22nd
        Rule("day-list", [.anyTime { isListDay($0) }, .symbol(","), .anyTime { isListDay($0) }, .symbol(","), .anyTime { isListDay($0) },
                          Element.symbol(",").opt, .words(listAnd), .anyTime { isListDay($0) }], role: nil) { m in
            andList(m, [0, 2, 4, 7])
        },
        // the 1st and 3rd Monday of March, the 2nd and 4th tuesday of next month: both days
        // counted in the month ("of every month" is a repeat, `nth-and-nth-weekday-of-every-month`)
        Rule("nth-list-of", priority: 1, [Element.word("the").opt, ordinalElement, .words(listAnd), ordinalElement, .anyTime { isWeekday($0) }, .words(["of", "in"]),
                                          .anyTime { isContainer($0) && !$0.hasClock }], role: nil) { m in
            nthList(m, m.time(6))
        },
        // the 1st and 3rd monday of the month, of this month
        Rule("nth-list-of", priority: 1, [Element.word("the").opt, ordinalElement, .words(listAnd), ordinalElement, .anyTime { isWeekday($0) }, .words(["of", "in"]),
                                          .words(["the", "this", "current"]), .words(["month", "year"])], role: nil) { m in
            unitBox(m, 6).flatMap { nthList(m, $0) }
        },
        // dec 24 and 25, dec 24 and the 26th
        Rule("day-list-bare", [.anyTime { isListDay($0) && namedMonth($0.expression) != nil }, .words(listAnd), Element.word("the").opt, dayElement], role: nil) { m in
            bareList(m, [3])
        },
        // march 5, 12 and 19
        Rule("day-list-bare", [.anyTime { isListDay($0) && namedMonth($0.expression) != nil }, .symbol(","), dayElement, Element.symbol(",").opt, .words(listAnd),
                               Element.word("the").opt, dayElement], role: nil) { m in
            bareList(m, [2, 6])
        },
        // 5 and 12 march
        Rule("day-list-before-month", [dayElement, .words(listAnd), .time { $0.isMonthDay }], role: nil) { m in
            daysBefore(m, [0], month: 2)
        },
        // 5, 12 and 19 march
        Rule("day-list-before-month", [dayElement, .symbol(","), dayElement, Element.symbol(",").opt, .words(listAnd), .time { $0.isMonthDay }], role: nil) { m in
            daysBefore(m, [0, 2], month: 5)
        },
    ]

    /// Clock times said as a list after "at": "meeting at 3 and 5", "calls at 9, 11 and 2",
    /// "at 10am and 4pm on friday". As with days, every time listed: an `.either` of the
    /// clocks, which the resolver pins on one day, the first and the others as a repeat of
    /// whole hours with a count (`Resolver.listedTimes`). A list whose minutes differ ("at 9:30
    /// and 11") has no such repeat: the first time, and the others said back as not made. A
    /// time said twice ("at 9 and 9") is one.
    static let clockLists: [Rule] = [
        // (Each shape has the word or mark after its first time written out, as the day lists
        // do: the chart tries it only where "and" or a comma follows a time, not at every
        // "at". The "at" before it is asked by `clockList`, and "at-time" takes the list.)
        Rule("clock-list", [.anyTime { isListClock($0) }, .words(listAnd), .anyTime { isListClock($0) }], role: nil) { m in
            clockList(m, [0, 2])
        },
        Rule("clock-list", [.anyTime { isListClock($0) }, .symbol(","), .anyTime { isListClock($0) }, Element.symbol(",").opt,
                            .words(listAnd), .anyTime { isListClock($0) }], role: nil) { m in
            clockList(m, [0, 2, 5])
        },
    ]

    /// Words that say a thing repeats: "every", "daily", "mondays", "weekdays".
    static func saysARepeat(_ word: String) -> Bool {
        everyWords.contains(word) || Lexicon.pluralWeekdays[word] != nil
            || ["daily", "weekly", "monthly", "yearly", "hourly", "everyday", "nightly", "weekdays", "weekends", "mornings", "evenings", "nights", "afternoons"].contains(word)
    }

    /// A clock time that can be one of a list: a time of day alone, no end, no day.
    static func isListClock(_ t: TimeValue) -> Bool {
        t.isClockOnly && t.isPlain && !t.hasEnd && t.clockHourMinute != nil
    }

    /// The list of the clock times at `elements`, each once; none followed by a unit ("at 3
    /// and 5 minutes past"). Bare numbers are hours up to 12 ("at 9 and 45" is no list).
    static func clockList(_ m: Match, _ elements: [Int]) -> Production? {
        guard let first = m.item(elements[0]), first.first > 0, ["at", "@"].contains(m.tokens[first.first - 1].text),
              let last = m.item(elements[elements.count - 1]) else { return nil }
        if last.end < m.tokens.count, Lexicon.durationUnits[m.tokens[last.end].text] != nil { return nil }
        // A repeat said before keeps one time ("every day at 8am and 8pm": the router says the
        // other is not made); the list would be a second repeat inside it.
        if m.tokens[..<first.first].contains(where: { saysARepeat($0.text) }) { return nil }
        var said: [TimeExpression] = []
        for i in elements {
            guard m.time(i).clockHourMinute != nil else { return nil }
            if !said.contains(m.time(i).expression) { said.append(m.time(i).expression) }
        }
        var t = m.time(elements[0])
        t.expression = said.dropFirst().reduce(said[0]) { .either($0, $1) }
        return .time(t)
    }

    /// The two weekdays counted at elements 1 and 3 in `box`, as a list of days.
    static func nthList(_ m: Match, _ box: TimeValue) -> Production? {
        guard let a = ordinal(m, 1), let b = ordinal(m, 3), a != b,
              case .time(let x)? = nthValue(a, of: m.time(4), in: box, m.series)?.value,
              case .time(let y)? = nthValue(b, of: m.time(4), in: box, m.series)?.value else { return nil }
        var t = x
        t.expression = .either(x.expression, y.expression)
        return .time(t)
    }

    /// The list of the days at `elements`, the last after "and": weak ("3rd and 10th") only
    /// when its first and last days are.
    static func andList(_ m: Match, _ elements: [Int]) -> Production? {
        let first = m.item(elements[0])!, last = m.item(elements[elements.count - 1])!
        guard endsAList(m, last) else { return nil }
        return dayList(elements.map { m.time($0) }, latent: first.latent && last.latent)
    }

    /// A date and the days of its month after it, numbers at `elements` ("dec 24 and 25").
    static func bareList(_ m: Match, _ elements: [Int]) -> Production? {
        guard endsAList(m, m.item(elements[elements.count - 1])) else { return nil }
        var days = [m.time(0)]
        var numbers: [Int] = []
        for i in elements {
            let n = m.number(i)
            // Counts are no days ("dec 24 and 2 more").
            guard n.isOrdinal || n.digitCount > 0 else { return nil }
            days.append(.date(.dayOfMonth(n.value)))
            numbers.append(n.value)
        }
        // The days after the date, in order ("dec 24 and 5 others" is no list).
        guard case .monthDay(_, let day)? = listedDays(m.time(0).expression).last, zip([day] + numbers, numbers).allSatisfy({ $0 < $1 }) else { return nil }
        return dayList(days, latent: m.item(0)!.latent)
    }

    /// Days of the month at `elements` before the date at `month` ("5 and 12 march").
    static func daysBefore(_ m: Match, _ elements: [Int], month: Int) -> Production? {
        var days: [TimeValue] = []
        for i in elements {
            let n = m.number(i)
            guard n.isOrdinal || n.digitCount > 0 else { return nil }
            days.append(.date(.dayOfMonth(n.value)))
        }
        return dayList(days + [m.time(month)], latent: false)
    }
}
