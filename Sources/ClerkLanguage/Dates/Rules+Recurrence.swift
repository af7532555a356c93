/// Repeats, as RFC 5545 RRULEs: every Monday, every weekday, daily, weekly on Tue and Thu,
/// every other week, the 1st of every month, the first Monday of every month, every year on
/// May 5, until a date, N times. The reading's span is the first occurrence.
extension DateRules {
    /// Weekdays by their first letters, as timetables write them ("M/W/F", "T/Th").
    static let weekdayInitials: [String: Int] = ["m": 1, "mo": 1, "t": 2, "tu": 2, "w": 3, "we": 3, "th": 4, "r": 4, "f": 5, "fr": 5, "sa": 6, "su": 7]

    private static let initialElement = Element.words(Array(weekdayInitials.keys))
    private static let slashElement = Element.symbol("/").touching

    /// Every week on the days whose initials are at `elements`, in the week's order, each
    /// once; nil when the run is glued to more letters or slashes ("a/b/c/d/e" is a path, not
    /// days).
    static func weekdayInitialsRepeat(_ m: Match, _ elements: [Int]) -> Production? {
        if let after = m.gluedToken(after: elements[elements.count - 1]), after.kind != .symbol || after.text == "/" { return nil }
        if let before = m.gluedToken(before: 0), before.kind != .symbol || before.text == "/" { return nil }
        var days: [Int] = []
        for i in elements {
            guard let d = weekdayInitials[m.word(i)!], !days.contains(d), days.last.map({ $0 < d }) ?? true else { return nil }
            days.append(d)
        }
        // Two single letters say too little ("t/f", "w/f"): one of two is written longer ("T/Th").
        if days.count == 2, m.word(0)!.count == 1, m.word(2)!.count == 1 { return nil }
        return repeating(nil, RecurrenceRule(frequency: "WEEKLY", byDay: days.map { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][$0 - 1] }))
    }

    static let everyWords: Set<String> = ["every", "each", "evry", "every-"]
    static let pluralWeekdayElement = Element.words(Set(Lexicon.pluralWeekdays.keys))
    static let listJoiners: Set<String> = [",", "and", "&", "or", "+", "/"]
    /// Words that leave days out of a repeat ("except", "but not", "but sunday", "skipping").
    static let exceptWords: Set<String> = ["except", "excluding", "excepting", "not", "skipping", "skip", "exc", "excl", "but"]

    static let recurrence: [Rule] = [
        // Monday and Thursday, Mon, Wed and Fri (only inside repeats, or as the whole text)
        Rule("weekday-list", [.anyTime { isWeekdayOrList($0) }, Element.symbol(",").opt, .words(listJoiners), .anyTime { isWeekday($0) }], role: nil) { m in
            var t = m.time(0)
            t.expression = .either(t.expression, m.time(3).expression)
            return .time(t, latent: true)
        },
        Rule("weekday-list-comma", [.anyTime { isWeekdayOrList($0) }, .symbol(","), .anyTime { isWeekday($0) }], role: nil) { m in
            var t = m.time(0)
            t.expression = .either(t.expression, m.time(2).expression)
            return .time(t, latent: true)
        },
        // every Monday, each Tuesday and Thursday, every other Friday
        Rule("every-weekday", [.words(everyWords), Element.words(["other", "second", "alternate"]).opt, .anyTime { isWeekdayOrList($0) }], role: "recurrence") { m in
            var rule = RecurrenceRule(frequency: "WEEKLY")
            rule.interval = m.has(1) ? 2 : 1
            rule.byDay = weekdayCodes(m.time(2).expression)
            return repeating(m.time(2), rule)
        },
        // every mon wed fri, every tues thurs, every monday wednesday and friday: the days
        // listed with spaces alone, as notes are typed
        Rule("every-weekdays-spaced", [.words(everyWords), Element.words(["other", "alternate"]).opt, .anyTime { isWeekday($0) }, .anyTime { isWeekdayOrList($0) }], role: "recurrence") { m in
            everyWeekdays(m, [2, 3])
        },
        Rule("every-weekdays-spaced", [.words(everyWords), Element.words(["other", "alternate"]).opt, .anyTime { isWeekday($0) }, .anyTime { isWeekday($0) },
                                       .anyTime { isWeekdayOrList($0) }], role: "recurrence") { m in
            everyWeekdays(m, [2, 3, 4])
        },
        // on alternate Fridays, alternate mondays: every other week on those days
        Rule("alternate-weekdays", [Element.word("on").opt, .words(["alternate", "alternating"]), .anyTime { $0.isPluralWeekday || isWeekdayOrList($0) }], role: "recurrence") { m in
            guard let days = weekdays(m.time(2).expression) else { return nil }
            var rule = RecurrenceRule(frequency: "WEEKLY", interval: 2)
            rule.byDay = Set(days).sorted().map { Lexicon.weekdayCodes[$0] }
            var first = m.time(2)
            first.isPluralWeekday = false
            return repeating(first, rule)
        },
        // the next 3 fridays, the coming two mondays, next 4 tuesdays: that day of the week,
        // that many times from the next one
        Rule("next-n-weekdays", [Element.word("the").opt, .words(["next", "coming", "upcoming", "following"]),
                                 .number { $0.isWhole && !$0.isOrdinal && !$0.isCount && (2...52).contains($0.value) }, .anyTime { $0.isPluralWeekday }], role: "recurrence") { m in
            guard let days = weekdays(m.time(3).expression), days.count == 1 else { return nil }
            var rule = RecurrenceRule(frequency: "WEEKLY", byDay: [Lexicon.weekdayCodes[days[0]]])
            rule.count = m.int(2)
            var first = m.time(3)
            first.isPluralWeekday = false
            // Said on a Monday, "the next 2 mondays" are the two to come, not today.
            first.expression = .occurrence(first.expression, 1, skipCurrent: true)
            return repeating(first, rule)
        },
        // bi-weekly, bi-monthly (every other week, month), semi-monthly (the 1st and 15th),
        // semi-annually and biannually (every six months)
        Rule("bi-frequency", [.words(["bi", "semi"]), Element.symbol("-").touching.opt, .words(["weekly", "monthly", "annually", "yearly"]).touching], role: "recurrence") { m in
            switch (m.word(0)!, m.word(2)!) {
            case ("bi", "weekly"): return repeating(nil, RecurrenceRule(frequency: "WEEKLY", interval: 2))
            case ("bi", "monthly"): return repeating(nil, RecurrenceRule(frequency: "MONTHLY", interval: 2))
            case ("semi", "monthly"):
                return repeating(TimeValue.date(.either(.dayOfMonth(1), .dayOfMonth(15))), RecurrenceRule(frequency: "MONTHLY", byMonthDay: [1, 15]))
            case ("semi", "weekly"): return nil
            default: return repeating(nil, RecurrenceRule(frequency: "MONTHLY", interval: 6))
            }
        },
        Rule("bi-frequency-word", [.words(["bimonthly", "semimonthly", "semiannually", "biannually", "semiannual", "biannual"])], role: "recurrence") { m in
            switch m.word(0)! {
            case "bimonthly": return repeating(nil, RecurrenceRule(frequency: "MONTHLY", interval: 2))
            case "semimonthly": return repeating(TimeValue.date(.either(.dayOfMonth(1), .dayOfMonth(15))), RecurrenceRule(frequency: "MONTHLY", byMonthDay: [1, 15]))
            default: return repeating(nil, RecurrenceRule(frequency: "MONTHLY", interval: 6))
            }
        },
        // every 2nd and 4th Tuesday, the 1st and 3rd Monday of every month: those weekdays of
        // each month
        Rule("every-nth-and-nth-weekday", [.words(everyWords), ordinalElement, .words(["and", "&", ","]), ordinalElement,
                                           .anyTime { $0.isPluralWeekday || isWeekday($0) }, Element.words(["of", "in"]).opt, Element.words(["the", "a", "every", "each"]).opt, Element.word("month").opt], role: "recurrence") { m in
            nthWeekdaysOfEveryMonth(m, [1, 3], weekday: 4)
        },
        Rule("nth-and-nth-weekday-of-every-month", [Element.word("the").opt, ordinalElement, .words(["and", "&", ","]), ordinalElement,
                                                    .anyTime { $0.isPluralWeekday || isWeekday($0) }, .words(["of", "in"]), .words(everyWords), .word("month")], role: "recurrence") { m in
            nthWeekdaysOfEveryMonth(m, [1, 3], weekday: 4)
        },
        // the 2nd and 4th Thursday, 1st & 3rd Mondays, first and third monday: without
        // "every" too, those weekdays of each month, a club's or a committee's days ("of the
        // month", "of March" name one month's two days: `nth-list-of`)
        // (Written with and without the first "the", not with an optional one: an optional
        // first word made the chart try the rule at every number.)
        Rule("nth-and-nth-weekday", priority: 2, [ordinalElement, .words(["and", "&"]), Element.word("the").opt, ordinalElement,
                                                  .anyTime { $0.isPluralWeekday || isWeekday($0) }], role: "recurrence") { m in
            nthWeekdaysOfEveryMonth(m, [0, 3], weekday: 4)
        },
        Rule("nth-and-nth-weekday", priority: 2, [.word("the"), ordinalElement, .words(["and", "&"]), Element.word("the").opt, ordinalElement,
                                                  .anyTime { $0.isPluralWeekday || isWeekday($0) }], role: "recurrence") { m in
            nthWeekdaysOfEveryMonth(m, [1, 4], weekday: 5)
        },
        // once a week, once a month, once a day: the frequency said as a count
        Rule("once-a-unit", [.word("once"), .words(["a", "an", "per", "every", "each"]), .words(["day", "week", "month", "year", "fortnight"])], role: "recurrence") { m in
            switch m.word(2)! {
            case "day": return repeating(nil, RecurrenceRule(frequency: "DAILY"))
            case "week": return repeating(nil, RecurrenceRule(frequency: "WEEKLY"))
            case "fortnight": return repeating(nil, RecurrenceRule(frequency: "WEEKLY", interval: 2))
            case "month": return repeating(nil, RecurrenceRule(frequency: "MONTHLY"))
            default: return repeating(nil, RecurrenceRule(frequency: "YEARLY"))
            }
        },
        // on Mondays, Tuesdays and Thursdays
        Rule("plural-weekdays", priority: 1, [Element.word("on").opt, pluralWeekdayElement, Element.words(listJoiners).opt, Element.words(listJoiners).opt, pluralWeekdayElement.opt,
                                 Element.words(listJoiners).opt, Element.words(listJoiners).opt, pluralWeekdayElement.opt], role: "recurrence") { m in
            let days = [1, 4, 7].compactMap { m.word($0).flatMap { Lexicon.pluralWeekdays[$0] } }
            // Joiners only between days.
            if (m.has(2) || m.has(3)) != m.has(4) || (m.has(5) || m.has(6)) != m.has(7) { return nil }
            var first = TimeExpression.weekday(days[0])
            for d in days.dropFirst() { first = .either(first, .weekday(d)) }
            var rule = RecurrenceRule(frequency: "WEEKLY")
            rule.byDay = Set(days).sorted().map { Lexicon.weekdayCodes[$0] }
            return repeating(TimeValue.date(first), rule)
        },
        // daily, weekly, every day, every other week, every 3 months, biweekly
        Rule("frequency-word", [.words(["daily", "weekly", "monthly", "yearly", "annually", "hourly", "biweekly", "fortnightly", "quarterly", "everyday", "nightly"])], role: "recurrence") { m in
            switch m.word(0)! {
            case "daily", "everyday", "nightly": return repeating(nil, RecurrenceRule(frequency: "DAILY"))
            case "weekly": return repeating(nil, RecurrenceRule(frequency: "WEEKLY"))
            case "biweekly", "fortnightly": return repeating(nil, RecurrenceRule(frequency: "WEEKLY", interval: 2))
            case "monthly": return repeating(nil, RecurrenceRule(frequency: "MONTHLY"))
            case "quarterly": return repeating(nil, RecurrenceRule(frequency: "MONTHLY", interval: 3))
            case "hourly": return repeating(nil, RecurrenceRule(frequency: "HOURLY"))
            default: return repeating(nil, RecurrenceRule(frequency: "YEARLY"))
            }
        },
        Rule("every-unit", [.words(everyWords), Element.words(["other", "second", "alternate"]).opt,
                            Element.number { $0.isWhole && $0.value >= 1 && $0.value < 1000 }.opt,
                            .words(["day", "days", "week", "weeks", "month", "months", "year", "years", "hour", "hours", "minute", "minutes", "night", "morning", "evening", "afternoon",
                                    "wk", "wks", "mo", "mos", "yr", "yrs", "hr", "hrs", "min", "mins", "fortnight", "fortnights", "quarter", "quarters"])], role: "recurrence") { m in
            guard !(m.has(1) && m.has(2)) else { return nil }
            var interval = m.has(1) ? 2 : (m.numberIfPresent(2)?.value ?? 1)
            let word = m.word(3)!
            var part: TimeValue?
            let frequency: String
            switch word {
            case "day", "days": frequency = "DAILY"
            case "week", "weeks", "wk", "wks": frequency = "WEEKLY"
            case "fortnight", "fortnights": frequency = "WEEKLY"; interval *= 2
            case "quarter", "quarters": frequency = "MONTHLY"; interval *= 3
            case "month", "months", "mo", "mos": frequency = "MONTHLY"
            case "year", "years", "yr", "yrs": frequency = "YEARLY"
            case "hour", "hours", "hr", "hrs": frequency = "HOURLY"
            case "minute", "minutes", "min", "mins": frequency = "MINUTELY"
            case "morning": frequency = "DAILY"; part = .dayPart(from: 0, to: 12)
            case "afternoon": frequency = "DAILY"; part = .dayPart(from: 12, to: 19)
            default: frequency = "DAILY"; part = .dayPart(from: 18, to: 24)
            }
            // "every 3rd day", "every 4th week": each one of so many (a count in the singular).
            if let n = m.numberIfPresent(2), n.isOrdinal {
                guard n.value >= 2, !word.hasSuffix("s") else { return nil }
            // "every 2 day" is not English; "every days" neither.
            } else if m.numberIfPresent(2).map({ $0.value > 1 }) ?? false, !word.hasSuffix("s") { return nil }
            if !m.has(2), word.hasSuffix("s") { return nil }
            return repeating(part, RecurrenceRule(frequency: frequency, interval: interval))
        },
        Rule("every-weekday-word", [.words(everyWords), .words(["weekday", "workday", "business"]), Element.word("day").opt], role: "recurrence") { _ in
            repeating(nil, RecurrenceRule(frequency: "WEEKLY", byDay: ["MO", "TU", "WE", "TH", "FR"]))
        },
        Rule("weekdays", [Element.word("on").opt, .words(["weekdays", "workdays"])], role: "recurrence") { _ in
            repeating(nil, RecurrenceRule(frequency: "WEEKLY", byDay: ["MO", "TU", "WE", "TH", "FR"]))
        },
        // "every school day", "every working day", "on school days": Monday to Friday, as
        // "every weekday" ("a school day trip", "school days" without "on" say no repeat).
        Rule("every-school-day", [.words(everyWords), .words(["school", "working", "work"]), .word("day")], role: "recurrence") { _ in
            repeating(nil, RecurrenceRule(frequency: "WEEKLY", byDay: ["MO", "TU", "WE", "TH", "FR"]))
        },
        Rule("on-school-days", [.word("on"), .words(["school", "working", "work"]), .word("days")], role: "recurrence") { _ in
            repeating(nil, RecurrenceRule(frequency: "WEEKLY", byDay: ["MO", "TU", "WE", "TH", "FR"]))
        },
        // "M-F", "m-f": the shorthand of Monday to Friday, written as one word ("standup @9
        // M-F"); "m - f" with spaces is no day.
        Rule("m-to-f", [.word("m"), Element.symbol("-").touching, Element.word("f").touching], role: "recurrence") { _ in
            repeating(nil, RecurrenceRule(frequency: "WEEKLY", byDay: ["MO", "TU", "WE", "TH", "FR"]))
        },
        // "M/W/F", "T/Th", "tu/th", "mo/we/fr": two or three weekdays by their first letters,
        // joined by slashes in one word, as timetables write them: those days every week ("w/
        // Sam", "w/f" and letters with spaces are no days).
        Rule("weekday-initials", [initialElement, slashElement, initialElement.touching, slashElement.opt, initialElement.touching.opt], role: "recurrence") { m in
            guard m.has(3) == m.has(4) else { return nil }
            return weekdayInitialsRepeat(m, m.has(4) ? [0, 2, 4] : [0, 2])
        },
        // "m/t/w/th", "m/t/w/th/f": four and five, in rules of their own with no optional
        // element (the chart stops at 16 ways to match a stretch, and three optional pairs
        // gave more: the whole run was never reached).
        Rule("weekday-initials", [initialElement, slashElement, initialElement.touching, slashElement, initialElement.touching, slashElement,
                                  initialElement.touching], role: "recurrence") { m in
            weekdayInitialsRepeat(m, [0, 2, 4, 6])
        },
        Rule("weekday-initials", [initialElement, slashElement, initialElement.touching, slashElement, initialElement.touching, slashElement,
                                  initialElement.touching, slashElement, initialElement.touching], role: "recurrence") { m in
            weekdayInitialsRepeat(m, [0, 2, 4, 6, 8])
        },
        Rule("every-weekend", [.words(everyWords), .words(["weekend", "week-end"])], role: "recurrence") { _ in
            repeating(nil, RecurrenceRule(frequency: "WEEKLY", byDay: ["SA", "SU"]))
        },
        // the 1st of every month, the 15th of each month
        Rule("day-of-every-month", [Element.word("the").opt, dayElement, Element.word("day").opt, .word("of"), .words(everyWords), .word("month")], role: "recurrence") { m in
            repeating(TimeValue.date(.dayOfMonth(m.int(1))), RecurrenceRule(frequency: "MONTHLY", byMonthDay: [m.int(1)]))
        },
        // every 31st, each 15th, every 1st and 15th: those days of every month (written as
        // ordinals: "every 3" is no day). A month without the day is skipped (RFC 5545).
        Rule("every-day-of-month", [.words(everyWords), Element.word("the").opt, dayElement,
                                    Element.words(["and", "&"]).opt, Element.word("the").opt, dayElement.opt,
                                    Element.word("of").opt, Element.words(["the", "each", "every", "a"]).opt, Element.word("month").opt], role: "recurrence") { m in
            let first = m.number(2)
            guard first.isOrdinal, !first.isWords, m.has(3) == m.has(5), m.has(3) || !m.has(4) else { return nil }
            // "every 4th of the month": the month said again.
            guard m.has(6) == m.has(8), !m.has(7) || m.has(8) else { return nil }
            // "every 3rd day", "every 2nd week" are `every-unit`'s ("every 1st day" no repeat).
            if let item = m.item(m.has(5) ? 5 : 2), item.end < m.tokens.count, Lexicon.durationUnits[m.tokens[item.end].text] != nil { return nil }
            guard m.has(5) else {
                return repeating(TimeValue.date(.dayOfMonth(first.value)), RecurrenceRule(frequency: "MONTHLY", byMonthDay: [first.value]))
            }
            let second = m.number(5)
            guard second.isOrdinal, !second.isWords, second.value != first.value else { return nil }
            let days = [first.value, second.value].sorted()
            return repeating(TimeValue.date(.either(.dayOfMonth(days[0]), .dayOfMonth(days[1]))), RecurrenceRule(frequency: "MONTHLY", byMonthDay: days))
        },
        // the last day of every month, the last day of each month
        Rule("last-day-of-every-month", [Element.word("the").opt, .word("last"), .word("day"), .words(["of", "in"]), .words(everyWords), .word("month")], role: "recurrence") { _ in
            repeating(TimeValue.date(.nthUnit(-1, .day, in: .every(.month))), RecurrenceRule(frequency: "MONTHLY", byMonthDay: [-1]))
        },
        // every last day of the month, each last day of the month
        Rule("last-day-of-every-month", [.words(everyWords), .word("last"), .word("day"), .words(["of", "in"]), .word("the"), .word("month")], role: "recurrence") { _ in
            repeating(TimeValue.date(.nthUnit(-1, .day, in: .every(.month))), RecurrenceRule(frequency: "MONTHLY", byMonthDay: [-1]))
        },
        // the last working day of every month, the first business day of each month, the last
        // weekday of every month: Monday to Friday, the first or last of them (BYSETPOS)
        Rule("nth-working-day-of-every-month", [Element.word("the").opt, .words(["first", "last"]), .words(workingDayWords + ["weekday"]), Element.word("day").opt,
                                                .words(["of", "in"]), .words(everyWords), .word("month")], role: "recurrence") { m in
            guard (m.word(2) == "weekday") != m.has(3) else { return nil }
            let n = m.word(1) == "first" ? 1 : -1
            var rule = RecurrenceRule(frequency: "MONTHLY", byDay: ["MO", "TU", "WE", "TH", "FR"])
            rule.bySetPosition = n
            return repeating(TimeValue.date(.nth(n, workingDay, in: .every(.month))), rule)
        },
        // the first Monday of every month, the last Friday of each month
        Rule("nth-weekday-of-every-month", [Element.word("the").opt, ordinalElement, .anyTime { isWeekday($0) }, .words(["of", "in"]), .words(everyWords), .word("month")], role: "recurrence") { m in
            guard let n = ordinal(m, 1), (-5...5).contains(n), case .weekday(let w) = m.time(2).expression else { return nil }
            let first = TimeValue.date(.nth(n, .weekday(w), in: .every(.month)))
            return repeating(first, RecurrenceRule(frequency: "MONTHLY", byDay: ["\(n)\(Lexicon.weekdayCodes[w])"]))
        },
        // board meeting the first Monday of the month at 10: with a time, "of the month" is
        // each month's (a schedule); without one it is a day ("what's on the first monday of
        // the month" is this month's, or the next when it is over)
        Rule("nth-weekday-of-the-month-at", priority: 1, [Element.word("the").opt, ordinalElement, .anyTime { isWeekday($0) }, .words(["of", "in"]), .word("the"), .word("month"),
                                                          Element.symbol(",").opt, Element.words(["at", "@"]).opt, .anyTime { $0.isPlain && $0.hasClock && !$0.hasDate }], role: nil) { m in
            guard let n = ordinal(m, 1), (-5...5).contains(n), case .weekday(let w) = m.time(2).expression else { return nil }
            let first = TimeValue.date(.nth(n, .weekday(w), in: .every(.month)))
            guard case .time(let repeated) = repeating(first, RecurrenceRule(frequency: "MONTHLY", byDay: ["\(n)\(Lexicon.weekdayCodes[w])"])).value else { return nil }
            return withTime(repeated, m.time(8), m.series)
        },
        // every first Monday of the month
        Rule("every-nth-weekday", [.words(everyWords), ordinalElement, .anyTime { isWeekday($0) }, Element.words(["of", "in"]).opt, Element.words(["the", "a"]).opt, Element.word("month").opt], role: "recurrence") { m in
            guard let n = ordinal(m, 1), (-5...5).contains(n), case .weekday(let w) = m.time(2).expression else { return nil }
            let first = TimeValue.date(.nth(n, .weekday(w), in: .every(.month)))
            return repeating(first, RecurrenceRule(frequency: "MONTHLY", byDay: ["\(n)\(Lexicon.weekdayCodes[w])"]))
        },
        // every year on May 5, every May 5th, yearly on 5 May
        Rule("every-date", [.words(everyWords), Element.word("year").opt, Element.word("on").opt, .anyTime { $0.isMonthDay }], role: "recurrence") { m in
            guard case .monthDay(let month, let day) = m.time(3).expression else { return nil }
            return repeating(m.time(3), RecurrenceRule(frequency: "YEARLY", byMonthDay: [day], byMonth: [month]))
        },

        // MARK: what a repeat is refined by
        // weekly on Tuesday and Thursday, every other week on Friday
        Rule("repeat-on-weekdays", [.time { isRepeat($0, "WEEKLY") && $0.recurrence!.byDay.isEmpty }, .word("on"), .anyTime { isWeekdayOrList($0) }], role: nil) { m in
            var rule = m.time(0).recurrence!
            rule.byDay = weekdayCodes(m.time(2).expression)
            return repeating(m.time(2), rule)
        },
        // monthly on the 1st, every month on the 15th
        Rule("repeat-on-day", [.time { isRepeat($0, "MONTHLY") && $0.recurrence!.byMonthDay.isEmpty }, .word("on"), Element.word("the").opt, dayElement], role: nil) { m in
            var rule = m.time(0).recurrence!
            rule.byMonthDay = [m.int(3)]
            return repeating(TimeValue.date(.dayOfMonth(m.int(3))), rule)
        },
        // monthly on the last day, every other month on the last day
        Rule("repeat-on-last-day", [.time { isRepeat($0, "MONTHLY") && $0.recurrence!.byMonthDay.isEmpty && $0.recurrence!.byDay.isEmpty }, .word("on"),
                                    Element.word("the").opt, .word("last"), .word("day"), Element.words(["of", "in"]).opt, Element.word("the").opt, Element.word("month").opt], role: nil) { m in
            guard m.has(5) == m.has(7), !m.has(6) || m.has(7) else { return nil }
            var rule = m.time(0).recurrence!
            rule.byMonthDay = [-1]
            return repeating(TimeValue.date(.nthUnit(-1, .day, in: .every(.month))), rule)
        },
        // monthly on the first monday, every month on the last friday, every other month on
        // the 2nd tuesday
        Rule("repeat-on-nth-weekday", [.time { isRepeat($0, "MONTHLY") && $0.recurrence!.byMonthDay.isEmpty && $0.recurrence!.byDay.isEmpty }, .word("on"),
                                       Element.word("the").opt, ordinalElement, .anyTime { isWeekday($0) }], role: nil) { m in
            guard case .weekday(let w) = m.time(4).expression, let n = ordinal(m, 3), (-5...5).contains(n) else { return nil }
            var rule = m.time(0).recurrence!
            rule.byDay = ["\(n)\(Lexicon.weekdayCodes[w])"]
            return repeating(TimeValue.date(.nth(n, .weekday(w), in: .every(.month))), rule)
        },
        // yearly on May 5
        Rule("repeat-on-date", [.time { isRepeat($0, "YEARLY") && $0.recurrence!.byMonth.isEmpty }, .word("on"), .anyTime { $0.isMonthDay }], role: nil) { m in
            guard case .monthDay(let month, let day) = m.time(2).expression else { return nil }
            var rule = m.time(0).recurrence!
            rule.byMonth = [month]
            rule.byMonthDay = [day]
            return repeating(m.time(2), rule)
        },
        // every Monday at 10am, at 9 every day, daily at 9:30
        Rule("repeat-at-time", [.time { $0.hasRecurrence && !$0.hasClock }, Element.words(["at", "@", "from"]).opt, .anyTime { $0.isPlain && $0.hasClock && !$0.hasDate }], role: nil) { m in
            withTime(m.time(0), m.time(2), m.series)
        },
        // every Monday evening, every weekday morning, on Mondays in the evening: the repeat
        // in that part of the day
        Rule("repeat-in-day-part", [.time { $0.hasRecurrence && !$0.hasClock && !$0.hasDayPart }, Element.words(["in", "during"]).opt, Element.word("the").opt,
                                    .anyTime { $0.isPlain && $0.hasDayPart && !$0.hasClock && !$0.hasDate }], role: nil) { m in
            var t = m.time(0)
            let part = m.time(3)
            guard let rule = t.recurrence, ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"].contains(rule.frequency) else { return nil }
            // "every day" starts today; in a part of the day, the next one not over.
            if case .every(.day) = t.expression { t.expression = part.expression; t.hasDate = false }
            else { t.expression = Compose.intersection(t.expression, part.expression) }
            t.hasDayPart = true
            t.isStretch = true
            t.grain = min(t.grain, part.grain)
            return .time(t)
        },
        // tuesday evenings, saturday mornings, tuesday and thursday evenings, weekday
        // mornings: a part of the day said in the plural after days repeats then, as "every
        // Tuesday evening" does ("tuesday evening" is one)
        Rule("weekday-part-plural", [.anyTime { isWeekdayOrList($0) && !$0.hasDayPart }, .words(["mornings", "afternoons", "evenings", "nights"])], role: "recurrence") { m in
            weeklyInPart(m.time(0).expression, weekdayCodes(m.time(0).expression), m.word(1)!)
        },
        Rule("weekdays-part-plural", [.words(["weekday", "weekdays", "workday", "workdays"]), .words(["mornings", "afternoons", "evenings", "nights"])], role: "recurrence") { m in
            let days = ["MO", "TU", "WE", "TH", "FR"]
            var first = TimeExpression.weekday(1)
            for d in 2...5 { first = .either(first, .weekday(d)) }
            return weeklyInPart(first, days, m.word(1)!)
        },
        Rule("time-repeat", [.anyTime { $0.isPlain && $0.hasClock && !$0.hasDate }, .time { $0.hasRecurrence && !$0.hasClock }], role: nil) { m in
            // "the last 3 fridays", "the next 2 mondays": a count of the days, not 15:00.
            if let clock = m.item(0), clock.latent, clock.end - clock.first == 1, clock.first > 0,
               ["next", "last", "past", "previous", "coming", "upcoming", "following"].contains(m.tokens[clock.first - 1].text) { return nil }
            return withTime(m.time(1), m.time(0), m.series)
        },
        // ... until June 30, ... till the end of the year
        Rule("repeat-until", [.time { $0.hasRecurrence && $0.recurrence!.until == nil && $0.recurrence!.count == nil },
                              .words(["until", "till", "untill", "through", "thru", "to"]), .time { $0.isPlain && $0.hasDate && !$0.hasClock }], role: nil, endElement: 2) { m in
            guard let end = m.series.single(m.time(2).expression) else { return nil }
            var t = m.time(0)
            var rule = t.recurrence!
            rule.until = end.end - 1
            t.recurrence = rule
            return .time(t)
        },
        // ... until march, ... till may: a month that is also a word ("march", "may") or a
        // year, weak alone, after "until" (not "to": "every day 9 to 5" is hours)
        Rule("repeat-until-month", [.time { $0.hasRecurrence && $0.recurrence!.until == nil && $0.recurrence!.count == nil },
                                    .words(["until", "till", "untill", "through", "thru"]),
                                    .anyTime { $0.isPlain && $0.hasDate && !$0.hasClock && $0.grain >= .month }], role: nil, endElement: 2) { m in
            guard m.item(2)!.latent, let end = m.series.single(m.time(2).expression) else { return nil }
            var t = m.time(0)
            var rule = t.recurrence!
            rule.until = end.end - 1
            t.recurrence = rule
            return .time(t)
        },
        // every evening next week, every day in january: the repeat within that span only, from
        // its start to its end (not from today on, for ever)
        Rule("repeat-within-span", [.time { $0.hasRecurrence && $0.recurrence!.until == nil && $0.recurrence!.count == nil && $0.recurrence!.startsFrom == nil },
                                    .time { $0.isPlain && $0.hasDate && !$0.hasClock && !$0.hasDayPart && $0.grain >= .week }], role: nil) { m in
            guard let span = m.series.single(m.time(1).expression) else { return nil }
            var t = m.time(0)
            var rule = t.recurrence!
            rule.startsFrom = m.time(1).expression
            rule.until = span.end - 1
            t.recurrence = rule
            return .time(t)
        },
        // ... 10 times, ... for 6 weeks, ..., 6 times
        Rule("repeat-count", [.time { $0.hasRecurrence && $0.recurrence!.count == nil && $0.recurrence!.until == nil },
                              Element.symbol(",").opt, Element.word("for").opt, .number { $0.isWhole && !$0.isOrdinal && $0.value >= 1 && Double($0.value) < amountLimit },
                              .words(["times", "occurrences", "sessions", "weeks", "days", "months", "years", "x"])], role: nil) { m in
            var t = m.time(0)
            var rule = t.recurrence!
            let unit = m.word(4)!
            let frequencyUnit = ["DAILY": "days", "WEEKLY": "weeks", "MONTHLY": "months", "YEARLY": "years"][rule.frequency]
            if ["weeks", "days", "months", "years"].contains(unit) {
                guard m.has(2) else { return nil }
                if unit != frequencyUnit || rule.byDay.count > 1 {
                    // "every day at 7 for 6 weeks", "every weekday for 2 weeks": until that long
                    // after the first.
                    let n = m.int(3)
                    let span = unit == "days" ? Offset(days: n) : unit == "weeks" ? Offset(days: 7 * n)
                        : unit == "months" ? Offset(months: n) : Offset(months: 12 * n)
                    guard let first = m.series.next(t.expression, endingAfter: m.series.now) else { return nil }
                    rule.until = span.applied(to: first.start) - 1
                    t.recurrence = rule
                    return .time(t)
                }
                // "every Monday for 6 weeks": one a week, six times.
            }
            rule.count = (m.int(3) + rule.interval - 1) / rule.interval
            if !["weeks", "days", "months", "years"].contains(unit) { rule.count = m.int(3) }
            t.recurrence = rule
            return .time(t)
        },
        // every Monday at 5 for 45 minutes, tuesdays at 2pm for 3 hours: how long each lasts
        // (under a day: "every day at 9 for 2 weeks" is a count)
        Rule("repeat-for-duration", [.time { $0.hasRecurrence && $0.hasClock && !$0.hasEnd },
                                     .words(["for", "lasting"]), .duration { $0.months == 0 && $0.days == 0 && $0.seconds > 0 && $0.seconds < 24 * 3600 }], role: nil) { m in
            withDuration(m.time(0), m.duration(2))
        },
        // every weekday at 9 except Fridays, daily except Sundays and Mondays: those weekdays
        // left out of the rule
        Rule("repeat-except-weekdays", [.time { $0.hasRecurrence }, Element.symbol(",").opt, Element.word("but").opt, .words(exceptWords),
                                        Element.words(["for", "on"]).opt, .anyTime { isWeekdayOrList($0) }], role: nil, exceptFrom: 5) { m in
            leavingOut(m.time(0), Set(weekdayCodes(m.time(5).expression)))
        },
        // every day except weekends, daily but not at the weekend
        Rule("repeat-except-weekends", [.time { $0.hasRecurrence }, Element.symbol(",").opt, Element.word("but").opt, .words(exceptWords),
                                        Element.words(["for", "on", "at", "over"]).opt, Element.word("the").opt, .words(["weekends", "weekend", "week-ends"])], role: nil) { m in
            leavingOut(m.time(0), ["SA", "SU"])
        },
        // every Monday at 10 except Dec 28, daily except Christmas and New Year's Day: those
        // days left out (EXDATEs)
        Rule("repeat-except-dates", [.time { $0.hasRecurrence }, Element.symbol(",").opt,
                                     Element.word("but").opt, .words(exceptWords), Element.words(["for", "on"]).opt, .time { isExceptionDay($0) },
                                     Element.words(listJoiners).opt, Element.time { isExceptionDay($0) }.opt,
                                     Element.words(listJoiners).opt, Element.time { isExceptionDay($0) }.opt], role: nil, exceptFrom: 5) { m in
            // Joiners only between days.
            if m.has(6) != m.has(7) || m.has(8) != m.has(9) || (m.has(9) && !m.has(7)) { return nil }
            var t = m.time(0)
            var rule = t.recurrence!
            guard rule.frequency != "HOURLY", rule.frequency != "MINUTELY" else { return nil }
            rule.exceptions += [5, 7, 9].filter { m.has($0) }.map { m.time($0).expression }
            t.recurrence = rule
            return .time(t)
        },
        // every Monday starting next week, every day from December 7
        Rule("repeat-from", [.time { $0.hasRecurrence && $0.recurrence!.startsFrom == nil }, Element.symbol(",").opt,
                             .words(["starting", "from", "beginning", "since", "effective"]), Element.words(["from", "on", "in"]).opt,
                             .time { $0.isPlain && $0.hasDate && !$0.hasClock }], role: nil) { m in
            var t = m.time(0)
            var rule = t.recurrence!
            rule.startsFrom = m.time(4).expression
            t.recurrence = rule
            return .time(t)
        },
        // every 3 hours from 9am, hourly starting at 9am tomorrow, every hour starting
        // tomorrow at noon: a repeat within the day from its first time (not "3 hours from
        // 9am", which is noon: `duration-from-time` stands back after "every")
        Rule("subdaily-repeat-from", [.time { isSubDailyRepeat($0) && isUnanchored($0) },
                                      .words(["from", "starting", "beginning", "since"]), Element.words(["at", "on", "from"]).opt,
                                      .anyTime { $0.isPlain && $0.hasClock && !$0.hasEnd && !$0.hasDayPart }], role: nil) { m in
            var first = m.time(3)
            // "from 8": the hour as on a day to come (07:00–21:59), as a daily repeat's is.
            if first.recurrence == nil, case .ambiguousClock(let h, let mm, let s, let length) = first.expression {
                first.expression = .clock(hour: Series.readings(ofHour: h).0, minute: mm, second: s, length: length)
            }
            let repeated = m.time(0)
            var rule = repeated.recurrence!
            rule.startsFrom = nil
            var t = first
            t.grain = min(first.grain, repeated.grain)
            t.recurrence = rule
            return .time(t)
        },
        // every 30 minutes from 8:00 to 10:00, hourly from 9 until 5: the last start before
        // that time on the first day (UNTIL)
        Rule("subdaily-repeat-until", [.time { isSubDailyRepeat($0) && !isUnanchored($0) && $0.recurrence!.until == nil && $0.recurrence!.count == nil },
                                       .words(["to", "until", "till", "til", "untill", "through", "thru", "-"]),
                                       .anyTime { $0.isPlain && $0.hasClock && !$0.hasDate && !$0.hasEnd && !$0.hasDayPart }], role: nil, endElement: 2) { m in
            var t = m.time(0)
            let series = m.series
            // The first start, as the resolver finds it: the next one not begun.
            var first = series.next(t.expression, endingAfter: series.now)
            for _ in 0..<4 {
                guard let s = first, s.start < series.now, !t.hasDate else { break }
                first = series.next(t.expression, endingAfter: s.end)
            }
            guard let start = first?.start, var end = series.next(m.time(2).expression, endingAfter: start) else { return nil }
            if end.start <= start {
                guard let later = series.next(m.time(2).expression, endingAfter: end.end), later.start > start else { return nil }
                end = later
            }
            guard end.start - start <= Wall.day else { return nil }
            var rule = t.recurrence!
            rule.until = end.start - 1
            t.recurrence = rule
            return .time(t)
        },
    ]

    /// A repeat within the day: hourly, every 3 hours, every 30 minutes.
    static func isSubDailyRepeat(_ t: TimeValue) -> Bool {
        guard t.hasRecurrence, let f = t.recurrence?.frequency else { return false }
        return f == "HOURLY" || f == "MINUTELY"
    }

    /// A repeat within the day with no first time said ("every 3 hours" alone).
    static func isUnanchored(_ t: TimeValue) -> Bool {
        t.expression == .every(.hour) || t.expression == .every(.minute)
    }


    /// A weekly repeat on `days` (their expression `first`) in the part of the day a plural
    /// names ("evenings").
    static func weeklyInPart(_ first: TimeExpression, _ days: [String], _ plural: String) -> Production? {
        let (from, to): (Int, Int) = switch plural {
        case "mornings": (0, 12)
        case "afternoons": (12, 19)
        default: (18, 24)
        }
        let part = TimeValue.dayPart(from: from, to: to)
        var t = TimeValue(Compose.intersection(first, part.expression), grain: .hour)
        t.hasDate = true
        t.hasDayPart = true
        t.isStretch = true
        t.recurrence = RecurrenceRule(frequency: "WEEKLY", byDay: days)
        return .time(t)
    }

    /// A repeat whose first occurrence is `first` (today when nil).
    /// The repeat on the `ordinals` (element numbers) of the weekday at `weekday` in each month.
    static func nthWeekdaysOfEveryMonth(_ m: Match, _ ordinals: [Int], weekday: Int) -> Production? {
        guard let w = weekdays(m.time(weekday).expression), w.count == 1 else { return nil }
        let ns = ordinals.compactMap { ordinal(m, $0) }
        guard ns.count == ordinals.count, ns.allSatisfy({ (-5...5).contains($0) }), Set(ns).count == ns.count else { return nil }
        let sorted = ns.sorted { ($0 < 0 ? $0 + 10 : $0) < ($1 < 0 ? $1 + 10 : $1) }
        var first = TimeExpression.nth(sorted[0], .weekday(w[0]), in: .every(.month))
        for n in sorted.dropFirst() { first = .either(first, .nth(n, .weekday(w[0]), in: .every(.month))) }
        return repeating(TimeValue.date(first), RecurrenceRule(frequency: "MONTHLY", byDay: sorted.map { "\($0)\(Lexicon.weekdayCodes[w[0]])" }))
    }

    static func repeating(_ first: TimeValue?, _ rule: RecurrenceRule) -> Production {
        var t = first ?? TimeValue(.every(.day), grain: .day)
        // "every weekday": the first occurrence is on one of those days.
        if first == nil, !rule.byDay.isEmpty {
            let days = rule.byDay.compactMap { code in Lexicon.weekdayCodes.firstIndex(of: code) }
            var e = TimeExpression.weekday(days[0])
            for d in days.dropFirst() { e = .either(e, .weekday(d)) }
            t = TimeValue(e, grain: .day)
        }
        if first == nil || rule.frequency == "HOURLY" || rule.frequency == "MINUTELY" {
            if rule.frequency == "HOURLY" || rule.frequency == "MINUTELY" {
                t = TimeValue(.every(rule.frequency == "HOURLY" ? .hour : .minute), grain: rule.frequency == "HOURLY" ? .hour : .minute)
                t.hasClock = true
            }
        }
        if !t.hasDayPart, !t.hasClock { t.hasDate = true }
        t.recurrence = rule
        return .time(t)
    }

    static func withTime(_ repeated: TimeValue, _ clock: TimeValue, _ series: Series) -> Production? {
        var plain = repeated
        let rule = repeated.recurrence!
        plain.recurrence = nil
        // A repeat's hour without am/pm is its time on any day, as on a day to come ("every
        // day at 7" is 07:00, as "tomorrow at 7" is), not the next of 07:00 and 19:00 from
        // now: said at 10:00 it made a daily 19:00. A part of the day said with the repeat
        // picks the hour instead ("every evening at 8" is 20:00).
        var clock = clock
        if rule.frequency != "HOURLY", rule.frequency != "MINUTELY", !repeated.hasDayPart,
           case .ambiguousClock(let h, let m, let s, let length) = clock.expression {
            clock.expression = .clock(hour: Series.readings(ofHour: h).0, minute: m, second: s, length: length)
        }
        // The rule's days are the days said: "every friday at midnight" opens each Friday
        // (moved to the night after, its first start would fall on no day of the rule).
        clock.saysMidnight = false
        guard var t = Compose.intersect(plain, clock, series) else { return nil }
        // A repeat of whole days at a time: the first one is the next that has not started.
        if case .every(.day) = plain.expression { t.hasDate = false }
        t.recurrence = rule
        return .time(t)
    }

    /// A day or a few days to leave out of a repeat: a date, not a weekday ("except
    /// Fridays" leaves a weekday out of the rule) and not a time.
    static func isExceptionDay(_ t: TimeValue) -> Bool {
        t.isPlain && t.hasDate && !t.hasClock && !t.hasDayPart && t.grain <= .month && weekdays(t.expression) == nil && !t.isPluralWeekday
    }

    /// The repeat `t` without the weekdays `removed` (two-letter codes): "every weekday
    /// except Fridays" is Monday to Thursday, "every day except Sundays" the other six days
    /// weekly. Nil when nothing is left out ("every Monday except Fridays") or nothing is
    /// left, or the rule does not repeat on weekdays ("the first Monday of every month").
    static func leavingOut(_ t: TimeValue, _ removed: Set<String>) -> Production? {
        var t = t
        var rule = t.recurrence!
        guard rule.bySetPosition == nil, rule.byMonthDay.isEmpty, rule.byMonth.isEmpty else { return nil }
        var days = rule.byDay
        if days.isEmpty {
            guard rule.frequency == "DAILY", rule.interval == 1 else { return nil }
            days = Array(Lexicon.weekdayCodes.dropFirst())
            rule.frequency = "WEEKLY"
        }
        guard rule.frequency == "WEEKLY", days.allSatisfy({ $0.count == 2 }), !removed.isDisjoint(with: days) else { return nil }
        let kept = days.filter { !removed.contains($0) }
        guard let firstCode = kept.first else { return nil }
        rule.byDay = kept
        // The first occurrence on one of the days kept.
        var first = TimeExpression.weekday(Lexicon.weekdayCodes.firstIndex(of: firstCode)!)
        for code in kept.dropFirst() { first = .either(first, .weekday(Lexicon.weekdayCodes.firstIndex(of: code)!)) }
        t.expression = Compose.intersection(first, t.expression)
        t.recurrence = rule
        return .time(t)
    }

    static func isRepeat(_ t: TimeValue, _ frequency: String) -> Bool {
        t.hasRecurrence && t.recurrence?.frequency == frequency && !t.hasClock
    }

    static func isWeekdayOrList(_ t: TimeValue) -> Bool {
        guard t.isPlain else { return false }
        return weekdays(t.expression) != nil
    }

    static func weekdays(_ e: TimeExpression) -> [Int]? {
        switch e {
        case .weekday(let w): return [w]
        case .either(let a, let b):
            guard let x = weekdays(a), let y = weekdays(b) else { return nil }
            return x + y
        default: return nil
        }
    }

    /// A weekly repeat on the weekdays (or lists of them) at `elements`, each said once;
    /// every other week after "other" at 1.
    static func everyWeekdays(_ m: Match, _ elements: [Int]) -> Production? {
        var days = m.time(elements[0])
        for i in elements.dropFirst() { days.expression = .either(days.expression, m.time(i).expression) }
        guard let listed = weekdays(days.expression), Set(listed).count == listed.count else { return nil }
        var rule = RecurrenceRule(frequency: "WEEKLY", interval: m.has(1) ? 2 : 1)
        rule.byDay = weekdayCodes(days.expression)
        return repeating(days, rule)
    }

    static func weekdayCodes(_ e: TimeExpression) -> [String] {
        (weekdays(e) ?? []).sorted().map { Lexicon.weekdayCodes[$0] }
    }
}
