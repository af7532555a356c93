internal import ClerkCore

/// Readings relative to now: this/next/last week, next Friday, the weekend, the next 3 days,
/// early March, the end of the week, the second Tuesday of the month, in 5 hours, 5 days ago.
extension DateRules {
    /// True for a holiday, or the next or last one ("next christmas").
    static func namesHoliday(_ e: TimeExpression) -> Bool {
        switch e {
        case .holiday: return true
        case .occurrence(let inner, _, _): return namesHoliday(inner)
        default: return false
        }
    }

    /// "today", "this week", "this month": the unit holding now.
    static func isThisCycle(_ e: TimeExpression) -> Bool {
        if case .cycle(_, 0) = e { return true }
        return false
    }

    static let thisWords: Set<String> = ["this", "current", "present"]
    static let nextWords: Set<String> = ["next", "coming", "upcoming", "following"]
    static let lastWords: Set<String> = ["last", "past", "previous", "prior", "preceding"]
    static let cycleWords = Set(Lexicon.cycleUnits.keys)

    static func direction(_ word: String) -> Int {
        if thisWords.contains(word) { return 0 }
        return nextWords.contains(word) ? 1 : -1
    }
    /// `direction` of the word element `i` of `m` captured, looked up by its number.
    static func direction(_ m: Match, _ i: Int) -> Int { directionOf(m, i) ?? -1 }
    private static let directionOf = WordValues([String: Int](uniqueKeysWithValues: thisWords.map { ($0, 0) } + nextWords.map { ($0, 1) }))

    static let relative: [Rule] = [
        // MARK: cycles
        // this week, next month, last year, the coming month, this past month
        Rule("cycle", [Element.word("the").opt, .words(thisWords.union(nextWords).union(lastWords)), Element.word("past").opt,
                       Element.word("calendar").opt, .words(cycleWords)], role: "date") { m in
            let grain = cycleUnitOf(m, 4)!
            if m.has(3), grain != .year, grain != .month, grain != .week { return nil }
            let n = m.has(2) ? -1 : direction(m, 1)
            return cycleValue(grain, n)
        },
        // this season, last season, next season
        Rule("season-cycle", [.words(thisWords.union(nextWords).union(lastWords)), .words(["season", "seasons"])], role: "date") { m in
            let d = direction(m, 0)
            var t = TimeValue.date(.occurrence(.anySeason, d == 0 ? 1 : d, skipCurrent: d != 0))
            t.isStretch = true
            return .time(t)
        },
        // the week after next, the month after next
        Rule("unit-after-next", [Element.word("the").opt, .words(["day", "week", "month", "year"]), .word("after"), .word("next")], role: "date") { m in
            cycleValue(cycleUnitOf(m, 1)!, 2)
        },
        // the week before last, the month before last: two back
        Rule("unit-before-last", [Element.word("the").opt, .words(["week", "month", "year"]), .word("before"), .word("last")], role: "date") { m in
            cycleValue(cycleUnitOf(m, 1)!, -2)
        },
        Rule("weekend", [.words(["weekend", "wkend", "wknd", "weekends", "wkends", "wknds", "week-end"])], role: "date") { _ in weekend() },
        Rule("week-end", [.word("week"), Element.symbol("-").opt, .word("end")], role: "date") { _ in weekend() },
        // the week (latent), all week, the rest of the week
        Rule("the-week", [.word("the"), .word("week")], role: "date") { _ in
            var t = TimeValue.date(.portion(.cycle(.week, 0), .rest))
            t.isStretch = true
            return .time(t, latent: true)
        },
        // the week of Dec 7, the week of the 14th: Monday to Sunday around that day (the week
        // of new year: a holiday's name that is also a plain phrase counts here)
        Rule("week-of", [Element.word("the").opt, .word("week"), .words(["of", "beginning", "starting", "commencing"]), .anyTime { $0.isPlain && $0.hasDate && !$0.hasClock && $0.grain == .day }], role: "date") { m in
            guard !m.item(3)!.latent || namesHoliday(m.time(3).expression) else { return nil }
            let day = m.time(3)
            var t = TimeValue.date(.portion(day.expression, .holdingWeek), .week, year: day.hasYear)
            t.isStretch = true
            return .time(t)
        },
        // w/c 7 dec, w/c monday (British: week commencing): the week of that day
        Rule("week-commencing-short", [.word("w"), Element.symbol("/").touching, Element.word("c").touching,
                                       .anyTime { $0.isPlain && $0.hasDate && !$0.hasClock && $0.grain == .day }], role: "date") { m in
            let day = m.time(3)
            var t = TimeValue.date(.portion(day.expression, .holdingWeek), .week, year: day.hasYear)
            t.isStretch = true
            return .time(t)
        },
        // christmas week, thanksgiving week: the week of that holiday, as "the week of
        // christmas" ("friday week", a week after Friday, is no holiday's week).
        Rule("holiday-week", [.time { $0.isPlain && $0.hasDate && !$0.hasClock && $0.grain == .day && namesHoliday($0.expression) }, .word("week")], role: "date") { m in
            let day = m.time(0)
            var t = TimeValue.date(.portion(day.expression, .holdingWeek), .week, year: day.hasYear)
            t.isStretch = true
            return .time(t)
        },
        // labor day weekend, the easter weekend, over the memorial day weekend: the weekend
        // next to the holiday, with the holiday's own day when it is a Monday or Friday (a
        // long weekend): Saturday to Monday, Friday to Sunday, Thursday to Sunday.
        Rule("holiday-weekend", [.time { $0.isPlain && $0.hasDate && !$0.hasClock && $0.grain == .day && namesHoliday($0.expression) },
                                 Element.word("long").opt, .words(["weekend", "wkend", "wknd", "week-end"])], role: "date") { m in
            let day = m.time(0)
            var t = TimeValue.date(.portion(day.expression, .holidayWeekend), .day, year: day.hasYear)
            t.isStretch = true
            return .time(t)
        },
        // the weekend of the 12th, the weekend of dec 12, dec 12th weekend: the weekend next to
        // that day, as a holiday's is ("the weekend of friday" and "tomorrow weekend" are no
        // such thing: a weekday or a day from now names no weekend of its own)
        Rule("weekend-of-day", priority: 1, [Element.word("the").opt, .words(["weekend", "wkend", "wknd", "week-end"]), .word("of"),
                                             .time { isOneDay($0) && isNamedDay($0) }], role: "date") { m in
            weekendOf(m.time(3))
        },
        Rule("day-weekend", priority: 1, [.time { isOneDay($0) && isNamedDay($0) && !namesHoliday($0.expression) },
                                          .words(["weekend", "wkend", "wknd", "week-end"])], role: "date") { m in
            weekendOf(m.time(0))
        },
        // the long weekend, over the long weekend: the weekend ahead, as "the weekend"
        Rule("long-weekend", [.word("long"), .words(["weekend", "wkend", "wknd", "week-end"])], role: "date") { _ in weekend() },
        // this week or next, this month or next week, this year or next year: from the one to
        // the end of the other, the person's choice left open ("today or tomorrow" stays a day
        // and its alternative, which the router offers)
        Rule("this-or-next", [.time { $0.isPlain && !$0.hasClock && isThisCycle($0.expression) }, .word("or"), .word("next"),
                              Element.words(["week", "month", "quarter", "year"]).opt], role: nil) { m in
            guard case .cycle(let grain, 0) = m.time(0).expression, grain >= .week else { return nil }
            // ("this week or next week": the unit again, the same one.)
            if let unit = m.word(3), Lexicon.cycleUnits[unit] != grain { return nil }
            var t = m.time(0)
            t.expression = .range(.cycle(grain, 0), .cycle(grain, 1), inclusive: true)
            t.isStretch = true
            return .time(t)
        },
        // this friday or next, friday or next friday, this weekend or the next: from the one
        // ahead to next week's, the person's choice left open as with "this week or next"
        // ("this friday or next week" is no such pair: a week after "next" is a choice of its own)
        Rule("weekday-or-next", [.anyTime { $0.isPlain && !$0.hasClock && !$0.hasDayPart && weekdayAhead($0.expression) != nil }, .word("or"),
                                 Element.word("the").opt, .word("next"), Element.words(Set(Lexicon.weekdays.keys).union(["one", "weekend"])).opt], role: nil) { m in
            let day = m.item(0)!
            guard !day.latent || day.end - day.first > 1, let base = weekdayAhead(m.time(0).expression) else { return nil }
            if let said = m.word(4) {
                if said != "one", Lexicon.weekdays[said].map(TimeExpression.weekday) ?? .weekend != base { return nil }
            } else {
                let after = Int(m.captures[3] >> 1) + 1
                if after < m.tokens.count, Lexicon.cycleUnits[m.tokens[after].text] != nil || Lexicon.weekdays[m.tokens[after].text] != nil { return nil }
            }
            var t = m.time(0)
            t.expression = .range(.occurrence(base, 1, skipCurrent: false), .intersect(.cycle(.week, 1), base), inclusive: true)
            // (At a week's grain a new event said so asks which day, as "next week" does.)
            t.grain = .week
            t.isStretch = true
            return .time(t)
        },
        Rule("all-unit", [.words(["all", "whole", "entire"]), Element.word("the").opt, .words(["week", "month", "year"])], role: "date") { m in
            cycleValue(cycleUnitOf(m, 2)!, 0)
        },
        // the year to date, month to date, YTD: from the start of this one to today
        Rule("unit-to-date", [Element.word("the").opt, .words(["year", "month", "week", "quarter"]), .word("to"), .word("date")], role: "date") { m in
            let grain = cycleUnitOf(m, 1)!
            var t = TimeValue.date(.range(.cycle(grain, 0), .cycle(.day, 0), inclusive: true), .day)
            t.isStretch = true
            t.hasEnd = true
            return .time(t)
        },
        Rule("ytd", [.words(["ytd", "mtd", "qtd", "wtd"])], role: "date") { m in
            let grain: Grain = ["ytd": .year, "mtd": .month, "qtd": .quarter][m.word(0)!] ?? .week
            var t = TimeValue.date(.range(.cycle(grain, 0), .cycle(.day, 0), inclusive: true), .day)
            t.isStretch = true
            t.hasEnd = true
            return .time(t)
        },
        // away for the month, busy for the week: the one we are in
        Rule("for-the-unit", [.word("for"), .word("the"), .words(["day", "week", "month", "year"])], role: "date") { m in
            cycleValue(cycleUnitOf(m, 2)!, 0)
        },
        Rule("rest-of", [Element.word("the").opt, .word("rest"), .word("of"), Element.words(["the", "this"]).opt, .words(["day", "week", "month", "year"])], role: "date") { m in
            let grain = cycleUnitOf(m, 4)!
            var t = TimeValue.date(.portion(.cycle(grain, 0), .rest), grain == .year ? .month : .day)
            t.isStretch = true
            return .time(t)
        },
        // the next 3 days, past 3 weeks, past two years
        Rule("next-n-units", [Element.word("the").opt, .words(nextWords.union(lastWords)), .number { $0.isWhole && !$0.isOrdinal && $0.value >= 1 && $0.value < 1000 }, .words(cycleWords)], role: "date") { m in
            let grain = cycleUnitOf(m, 3)!
            // "upcoming three weeks" is the third week ahead (Duckling); "the next 3 days" a
            // stretch, and so is "the upcoming 3 weeks": the article makes it the weeks.
            if m.word(1) == "upcoming", !m.has(0) { return cycleValue(grain, m.int(2)) }
            return unitsAround(m.int(2), grain, forward: nextWords.contains(m.word(1)!))
        },
        // the 3 next days, 10 past minutes: the count first
        // (with "the", "the 3 coming weeks", "the 2 upcoming months" too; "2 upcoming weeks"
        // alone is the second week ahead, Duckling's, below)
        Rule("n-next-units", priority: 1, [Element.word("the").opt, .number { $0.isWhole && !$0.isOrdinal && $0.value >= 2 && $0.value < 1000 },
                              .words(["next", "following", "last", "past", "previous", "coming", "upcoming"]), .words(cycleWords.filter { $0.hasSuffix("s") })], role: "date") { m in
            if m.word(2) == "coming" || m.word(2) == "upcoming" { guard m.has(0) else { return nil } }
            return unitsAround(m.int(1), cycleUnitOf(m, 3)!, forward: nextWords.contains(m.word(2)!))
        },
        // the next fortnight, over the coming fortnight, the past fortnight: as "the next 2 weeks"
        Rule("next-fortnight", [Element.word("the").opt, .words(["next", "following", "coming", "upcoming", "last", "past", "previous"]), .word("fortnight")], role: "date") { m in
            unitsAround(2, .week, forward: nextWords.contains(m.word(1)!))
        },
        // this decade, the next two decades, the past 3 decades
        Rule("decades", [Element.word("the").opt, .words(thisWords.union(nextWords).union(lastWords)), Element.number { $0.isWhole && !$0.isOrdinal && (1...20).contains($0.value) }.opt,
                         .words(["decade", "decades"])], role: "date") { m in
            let year = CivilCalendar.date(dayNumber: Wall.dayNumber(m.series.now)).year
            let first = CivilCalendar.floorDivide(year, 10) * 10
            let n = m.numberIfPresent(2)?.value ?? 1
            guard (n == 1) == (m.word(3) == "decade") else { return nil }
            let from: Int, to: Int
            switch direction(m, 1) {
            case 0: (from, to) = (first, first + 10)
            case 1: (from, to) = (first + 10, first + 10 + 10 * n)
            default: (from, to) = (first - 10 * n, first)
            }
            return stretchOfYears(from, to)
        },
        // the 1990s, the 80s, '70s, the 1990's, early 80s
        Rule("decade-of", [Element.words(["the", "'"]).opt, .digits { ($0.digitCount == 4 || $0.digitCount == 2) && $0.number! % 10 == 0 },
                           Element.symbol("'").touching.opt, Element.word("s").touching], role: "date") { m in
            let digits = m.token(1)!
            var year = digits.number!
            if digits.digitCount == 2 {
                // Two digits need "the", an apostrophe or a part ("early 80s"): "lost 20s" is
                // an amount.
                guard m.has(0) || saysDecadePart(before: 1, m) else { return nil }
                year = latestDecade(year, m.series)
            } else if year % 100 == 0 {
                return stretchOfYears(year, year + 100)
            }
            return stretchOfYears(year, year + 10)
        },
        // the nineties, the sixties, the nineteen-eighties, twenty twenties, late seventies: a
        // decade in words (the latest begun, as "the 90s" is); "in her nineties" is an age
        Rule("decade-words", [Element.word("the").opt, Element.words(["nineteen", "twenty"]).opt, Element.symbol("-").opt,
                              .words(Set(Lexicon.decades.keys))], role: "date") { m in
            let decade = Lexicon.decades[m.word(3)!]!
            if m.has(2), !m.has(1) { return nil }
            if m.has(1) {
                let year = (m.word(1) == "twenty" ? 2000 : 1900) + decade
                return stretchOfYears(year, year + 10)
            }
            guard m.has(0) || saysDecadePart(before: 3, m) else { return nil }
            let year = latestDecade(decade, m.series)
            return stretchOfYears(year, year + 10)
        },
        // the 15th century, 21st century
        Rule("century", [Element.word("the").opt, .number { $0.isOrdinal && (1...40).contains($0.value) }, .word("century")], role: "date") { m in
            let n = m.int(1)
            return stretchOfYears((n - 1) * 100, n * 100)
        },
        // the year 2031, calendar year 2029
        Rule("the-year", [Element.word("the").opt, Element.word("calendar").opt, .word("year"), yearElement], role: "date") { m in
            .time(.date(.year(m.int(3)), .year, year: true))
        },
        // 2027 or later, 2019 and after, 2030 onwards; 2012 or earlier: a bound said after the time
        Rule("or-later", [.anyTime { $0.isPlain && $0.hasDate && !$0.hasClock }, .words(["or", "and"]),
                          .words(["later", "after", "greater", "beyond", "newer", "earlier", "before", "older"])], role: nil) { m in
            var t = m.time(0)
            t.openBound = ["earlier", "before", "older"].contains(m.word(2)!) ? .until : .after
            return .time(t)
        },
        Rule("onwards", [.anyTime { $0.isPlain && $0.hasDate && !$0.hasClock }, .words(["onwards", "onward"])], role: nil) { m in
            var t = m.time(0)
            t.openBound = .after
            return .time(t)
        },
        // greater than 2012, later than March, earlier than 2020
        Rule("greater-than", [.words(["greater", "later", "newer", "earlier", "older", "less"]), .word("than"), .anyTime { $0.isPlain && $0.hasDate && !$0.hasClock }], role: nil) { m in
            var t = m.time(2)
            t.openBound = ["greater", "later", "newer"].contains(m.word(0)!) ? .after : .before
            return .time(t)
        },
        // week 31, the week 12 of 2027, wk 5 of next year (ISO weeks: Monday to Sunday, week 1 holds 4 January)
        Rule("iso-week", [Element.word("the").opt, .words(["week", "wk"]), Element.word("number").opt, .digits { $0.digitCount <= 2 && (1...53).contains($0.number!) },
                          Element.words(["of", "in"]).opt, Element.anyTime { $0.isPlain && !$0.hasClock && $0.grain == .year }.opt], role: "date") { m in
            guard m.has(4) == m.has(5) else { return nil }
            let container = m.timeIfPresent(5)
            var t = TimeValue.date(.isoWeek(m.digits(3), in: container?.expression ?? .every(.year)), .week, year: container?.hasYear ?? false)
            t.isStretch = true
            guard Compose.exists(t.expression, m.series) else { return nil }
            return .time(t)
        },
        // 2026-W50, 2026W05, 2027-W01-3: ISO 8601's week (and day of the week, 1 Monday)
        Rule("iso-week-code", [.digits { $0.digitCount == 4 }, Element.symbol("-").touching.opt, Element.word("w").touching,
                               Element.digits { $0.digitCount == 2 && (1...53).contains($0.number!) }.touching,
                               Element.symbol("-").touching.opt, Element.digits { $0.digitCount == 1 && (1...7).contains($0.number!) }.touching.opt], role: "date") { m in
            guard m.has(4) == m.has(5), m.gluedToken(after: m.has(5) ? 5 : 3) == nil || m.gluedToken(after: m.has(5) ? 5 : 3)?.kind == .symbol else { return nil }
            let week = TimeExpression.isoWeek(m.digits(3), in: .year(m.digits(0)))
            var t: TimeValue
            if m.has(5) {
                t = TimeValue.date(.nthUnit(m.digits(5), .day, in: week), .day, year: true)
            } else {
                t = TimeValue.date(week, .week, year: true)
                t.isStretch = true
            }
            guard Compose.exists(t.expression, m.series) else { return nil }
            return .time(t)
        },
        // H2 2027, 2026-H1: halves of a year
        Rule("half-year", [.digits { $0.digitCount == 4 }, Element.symbol("-").touching.opt, .word("h"), Element.digits { $0.digitCount == 1 && (1...2).contains($0.number!) }.touching], role: "date") { m in
            halfOfYear(.year(m.digits(0)), m.digits(3), hasYear: true)
        },
        Rule("half-year-first", [.word("h"), Element.digits { $0.digitCount == 1 && (1...2).contains($0.number!) }.touching, .digits { $0.digitCount == 4 }], role: "date") { m in
            halfOfYear(.year(m.digits(2)), m.digits(1), hasYear: true)
        },
        // the first half of 2027, the second half of next year; the back half of the week
        // (Thursday to Sunday), the first half of next month (the 1st to the 15th)
        Rule("half-of", [Element.word("the").opt, .words(["first", "second", "front", "back", "latter", "former", "last"]), .word("half"), .word("of"),
                         .anyTime { $0.isPlain && !$0.hasClock && !$0.hasDayPart && ($0.grain == .year || $0.grain == .month || $0.grain == .week) }], role: nil) { m in
            let half = ["first", "front", "former"].contains(m.word(1)!) ? 1 : 2
            let t = m.time(4)
            if t.grain == .year { return halfOfYear(t.expression, half, hasYear: t.hasYear) }
            var r = TimeValue.date(.portion(t.expression, half == 1 ? .firstHalf : .secondHalf), .day, year: t.hasYear)
            r.isStretch = true
            return .time(r)
        },
        // the second half of the week, the back half of this month, the first half of the year
        Rule("half-of-the-unit", [Element.word("the").opt, .words(["first", "second", "front", "back", "latter", "former", "last"]), .word("half"), .word("of"),
                                  .words(["the", "this", "current"]), .words(["week", "month", "year"])], role: "date") { m in
            let half = ["first", "front", "former"].contains(m.word(1)!) ? 1 : 2
            let grain: Grain = m.word(5) == "week" ? .week : m.word(5) == "month" ? .month : .year
            if grain == .year { return halfOfYear(.cycle(.year, 0), half, hasYear: false) }
            var r = TimeValue.date(.portion(.cycle(grain, 0), half == 1 ? .firstHalf : .secondHalf), .day)
            r.isStretch = true
            return .time(r)
        },
        Rule("n-upcoming-units", [.number { $0.isWhole && !$0.isOrdinal && $0.value >= 1 && $0.value < 1000 }, .word("upcoming"), .words(cycleWords)], role: "date") { m in
            cycleValue(cycleUnitOf(m, 2)!, m.int(0))
        },

        // MARK: this / next / last <time>
        Rule("this-time", [.words(thisWords), .anyTime { $0.isPlain && !$0.hasClock && !$0.isCycle }], role: nil) { m in
            let t = m.time(1)
            // "this may take a while": the verb, unless written as the month ("this May").
            if let item = m.item(1), item.latent, m.tokens[item.first].text == "may", !m.tokens[item.first].isCapitalized {
                return occurrence(t, 1, skipCurrent: false).map { Production(value: $0.value, latent: true) }
            }
            // "this September" is this year's, past or to come ("next September" is the one
            // ahead, and "September" alone the next one not over); so is "this June 3rd".
            if t.expression.isMonth || !t.hasYear && t.isMonthDay {
                var r = t
                r.expression = .intersect(.cycle(.year, 0), t.expression)
                return .time(r)
            }
            if t.hasDayPart, !t.hasDate {
                var r = t
                r.expression = .intersect(.cycle(.day, 0), t.expression)
                r.hasDate = true
                return .time(r)
            }
            return occurrence(t, 1, skipCurrent: false)
        },
        Rule("next-time", [.words(nextWords), .anyTime { $0.isPlain && !$0.hasClock && !$0.hasDayPart && !$0.isCycle }], role: nil) { m in
            let t = m.time(1)
            // "next Friday" is next week's (Duckling); "the coming Friday" the one ahead. So
            // is "next weekend": "this weekend" is the one ahead.
            if t.expression.isWeekdayOrWeekend, m.word(0) == "next" || m.word(0) == "following" {
                var r = t
                r.expression = .intersect(.cycle(.week, 1), t.expression)
                return .time(r)
            }
            return occurrence(t, 1, skipCurrent: true)
        },
        // "Tuesday next", "on Friday next": said the British way, next Tuesday ("Friday next
        // week" is the longer reading).
        Rule("weekday-next", [.anyTime { $0.isPlain && !$0.hasClock && !$0.hasDayPart && $0.expression.isWeekdayOrWeekend }, .word("next")], role: nil) { m in
            var r = m.time(0)
            r.expression = .intersect(.cycle(.week, 1), r.expression)
            return .time(r)
        },
        Rule("last-time", [.words(lastWords), .anyTime { $0.isPlain && !$0.hasClock && !$0.hasDayPart && !$0.isCycle }], role: nil) { m in
            occurrence(m.time(1), -1, skipCurrent: true)
        },
        Rule("this-coming-time", [.word("this"), .words(["coming", "upcoming"]), .anyTime { $0.isPlain && !$0.hasClock && !$0.hasDayPart && !$0.isCycle }], role: nil) { m in
            occurrence(m.time(2), 1, skipCurrent: true)
        },
        Rule("this-past-time", [.word("this"), .word("past"), .anyTime { $0.isPlain && !$0.hasClock && !$0.isCycle }], role: nil) { m in
            occurrence(m.time(2), -1, skipCurrent: true)
        },
        // friday just gone, the weekend just gone, the tuesday just passed (British): the last one
        // (no "the" in the rule: it would be tried at every "the" before a reading)
        Rule("time-just-gone", [.anyTime { $0.isPlain && !$0.hasClock && !$0.hasDayPart && !$0.isCycle }, .word("just"), .words(["gone", "passed"])], role: nil) { m in
            occurrence(m.time(0), -1, skipCurrent: true)
        },
        // "Friday next", "tues next", "Monday coming", "this Friday coming": the day said
        // before its "next" is "next Friday" (a week's word after it, "friday next week", is
        // longer and wins)
        Rule("weekday-next", [Element.word("this").opt, .anyTime { isWeekday($0) }, .words(["next", "coming"])], role: nil) { m in
            if m.word(2) == "next" {
                guard !m.has(0) else { return nil }
                var r = m.time(1)
                r.expression = .intersect(.cycle(.week, 1), r.expression)
                return .time(r)
            }
            return occurrence(m.time(1), 1, skipCurrent: true)
        },
        // "Monday week", "tomorrow week", "Friday fortnight": a week (two) after that day, as
        // British English says it ("a week on Monday", "a week tomorrow": `weeks-on-day`)
        Rule("day-week", [.anyTime { isWeekday($0) || isNearDay($0) }, .words(["week", "wk", "fortnight"])], role: nil) { m in
            weeksAfter(m.time(0), m.word(1) == "fortnight" ? 2 : 1)
        },
        // "a week on Friday", "two weeks on Tuesday", "a fortnight today", "a week tomorrow",
        // "3 weeks on monday": that many weeks after the day
        Rule("weeks-on-day", [.duration { isWholeWeeks($0) }, Element.word("on").opt, .anyTime { isWeekday($0) || isNearDay($0) }], role: nil) { m in
            // "a week today": without "on" only today and tomorrow. "away for a week on
            // friday" is a week from Friday.
            if !m.has(1), !isNearDay(m.time(2)) { return nil }
            if isALength(m) { return nil }
            return weeksAfter(m.time(2), m.duration(0).days / 7)
        },
        // "a week yesterday", "a week last Monday", "two weeks yesterday": as British English
        // says it, that many weeks before the day gone ("a week yesterday" is eight days ago;
        // "off for a week last monday" is a length)
        Rule("weeks-before-day", [.duration { isWholeWeeks($0) }, .anyTime { isDayGone($0) }], role: nil) { m in
            if isALength(m) { return nil }
            var r = m.time(1)
            r.expression = .shifted(r.expression, Offset(days: -7 * (m.duration(0).days / 7), unit: .day))
            return .time(r)
        },
        // Sunday after next, June after next
        Rule("after-next", [.anyTime { $0.isPlain && !$0.hasClock && !$0.isCycle }, .word("after"), .word("next")], role: nil) { m in
            occurrence(m.time(0), 2, skipCurrent: true)
        },
        // Tuesday before last, the weekend before last: the one before the last one over
        // (Written with and without "the", not with an optional "the": an optional first word
        // made the chart try the rule at every reading.)
        Rule("before-last", [.anyTime { $0.isPlain && !$0.hasClock && !$0.isCycle }, .word("before"), .word("last")], role: nil) { m in
            occurrence(m.time(0), -2, skipCurrent: true)
        },
        Rule("before-last", [.word("the"), .anyTime { $0.isPlain && !$0.hasClock && !$0.isCycle }, .word("before"), .word("last")], role: nil) { m in
            occurrence(m.time(1), -2, skipCurrent: true)
        },

        // MARK: parts of a stretch
        // early March, mid-March, late March
        // (and of a season: early spring, mid-winter, late summer 2027, the end of summer; of
        // a week: early next week is Monday to Wednesday, mid next week Wednesday to Friday,
        // late this week Friday to Sunday, as "the end of the week" is)
        Rule("early-mid-late", [.words(["early", "mid", "late", "middle"]), Element.symbol("-").opt, Element.word("of").opt, .anyTime { $0.isPlain && ($0.grain >= .week || isSeason($0)) && !$0.hasClock }], role: nil) { m in
            // "we finished early this week" says how, not when.
            if m.time(3).grain == .week, let before = m.token(before: 0), adverbVerbs.contains(before.text) { return nil }
            let portion: Portion = m.word(0) == "early" ? .early : (m.word(0) == "late" ? .late : .middle)
            return portionValue(m.time(3), portion)
        },
        // the start of the year, end of 2016, the end of next week
        Rule("beginning-end-of", [Element.word("the").opt, .words(["beginning", "start", "end", "begining"]), .word("of"), .anyTime { $0.isPlain && ($0.grain >= .week || isSeason($0)) && !$0.hasClock }], role: nil) { m in
            portionValue(m.time(3), m.word(1) == "end" ? .end : .beginning)
        },
        Rule("beginning-end-of-unit", [Element.word("the").opt, .words(["beginning", "start", "end", "begining"]), .word("of"), Element.words(["the", "this", "current"]).opt, .words(["week", "month", "quarter", "year"])], role: "date") { m in
            let grain = cycleUnitOf(m, 4)!
            guard case .time(let t)? = cycleValue(grain, 0)?.value else { return nil }
            return portionValue(t, m.word(1) == "end" ? .end : .beginning)
        },
        Rule("eom-boy", [.words(["eom", "bom", "eoy", "boy", "eow", "bow"])], role: "date") { m in
            let w = m.word(0)!
            let grain: Grain = w.hasSuffix("m") ? .month : (w.hasSuffix("y") ? .year : .week)
            guard case .time(let t)? = cycleValue(grain, 0)?.value else { return nil }
            return portionValue(t, w.hasPrefix("e") ? .end : .beginning)
        },
        Rule("eod", [.words(["eod"])], role: "time") { _ in endOfDay() },
        Rule("end-of-day", [Element.word("the").opt, .word("end"), .word("of"), Element.words(["the", "this"]).opt, .word("day")], role: "time") { _ in
            endOfDay()
        },

        // the end of tomorrow, by the end of friday, the start of monday: that day's end (its
        // evening, as "end of day" is) or beginning
        Rule("end-of-a-day", [.words(["end", "beginning", "start", "close"]), .word("of"), .time { isOneDay($0) }], role: "date") { m in
            endOrBeginning(of: m.time(2), end: ["end", "close"].contains(m.word(0)!))
        },
        Rule("end-of-a-day", [.word("the"), .words(["end", "beginning", "start", "close"]), .word("of"), .time { isOneDay($0) }], role: "date") { m in
            endOrBeginning(of: m.time(3), end: ["end", "close"].contains(m.word(1)!))
        },
        // late this morning, early tomorrow morning, late friday afternoon, later this
        // afternoon, early this evening: the part of that part of the day, as "late morning"
        // is ("running late this morning", "left early this afternoon" say how, not when).
        Rule("part-of-day-part-on", [.words(["early", "late", "later"]), .anyTime { $0.isPlain && $0.hasDayPart && $0.hasDate && !$0.hasClock && !$0.hasEnd }], role: nil) { m in
            if let before = m.token(before: 0), adverbVerbs.contains(before.text) { return nil }
            guard let window = Compose.dayPartWindow(m.time(1).expression),
                  let part = narrowedDayPart(window, early: m.word(0) == "early") else { return nil }
            var t = m.time(1)
            t.expression = replacingDayPart(t.expression, with: .dayPart(from: part.from * 3600, to: part.to * 3600))
            return .time(t)
        },
        // later today, later this week, later this month: from now to the end of that day,
        // week or month (not the whole of it, nor its part already past)
        Rule("later-this-cycle", [.word("later"), .time { $0.isPlain && !$0.hasClock && !$0.hasDayPart && $0.isCurrentCycleOfDays }], role: nil) { m in
            if let before = m.token(before: 0), adverbVerbs.contains(before.text) { return nil }
            var t = m.time(1)
            t.openBound = .until
            return .time(t)
        },
        // in the next 3 months, within the next 100 years, over the coming 2 years: from now
        // to that long ahead, this month's or year's rest included. Days and weeks keep
        // Duckling's and Recognizers' reading, the whole ones after this ("in the next 3
        // days" start tomorrow), as hours do.
        Rule("in-the-next-n-units", [.words(["in", "within", "over", "during"]), Element.word("the").opt, .words(["next", "coming", "upcoming", "following"]),
                                     .duration { $0.unit >= .month && $0.seconds >= 0 && $0.days >= 0 && $0.months > 0 }], role: nil) { m in
            within(m.duration(3))
        },
        // this time tomorrow, same time next week, at the same time next year, this time
        // yesterday: now's time of day, moved by that many days, weeks, months or years
        // (two rules, so that neither starts at every "at" or "the": "at" + a time is "at-time")
        Rule("this-time-cycle", [.words(["this", "same"]), .word("time"), .time { isCycleOfDays($0) }], role: nil) { m in
            sameTimeValue(m.time(2))
        },
        Rule("the-same-time-cycle", [.word("the"), .word("same"), .word("time"), .time { isCycleOfDays($0) }], role: nil) { m in
            sameTimeValue(m.time(3))
        },
        // the next morning, the following evening, next afternoon: the day after's
        Rule("next-day-part", [.words(["next", "following"]), .words(["morning", "afternoon", "evening", "night"])], role: "date") { m in
            nextDayPart(m.word(1)!)
        },
        Rule("the-next-day-part", [.word("the"), .words(["next", "following"]), .words(["morning", "afternoon", "evening", "night"])], role: "date") { m in
            nextDayPart(m.word(2)!)
        },
        // eod friday, end of day tomorrow, cob monday, close of business on the 14th: the
        // end of that working day, as "eod" is today's
        Rule("eod-of-day", [.timeItem { $0.madeBy(.endOfDay) }, Element.words(["on", ","]).opt,
                            .time { $0.isPlain && $0.hasDate && !$0.hasClock && !$0.hasDayPart && !$0.hasEnd && $0.grain == .day }], role: nil) { m in
            portionValue(m.time(2), .end)
        },
        Rule("day-eod", [.time { $0.isPlain && $0.hasDate && !$0.hasClock && !$0.hasDayPart && !$0.hasEnd && $0.grain == .day },
                         Element.words(["at", "by"]).opt, .timeItem { $0.madeBy(.endOfDay) }], role: nil) { m in
            portionValue(m.time(0), .end)
        },
        // close of business, end of business day, close of play (British; "the end of play"
        // is a game's)
        Rule("close-of-business", [Element.word("the").opt, .words(["close", "end"]), .word("of"), .words(["business", "play"]), Element.word("day").opt], role: "time") { m in
            guard m.word(3) == "business" || (m.word(1) == "close" && !m.has(4)) else { return nil }
            return endOfDay()
        },
        // cob, eob: the end of the working day standing as one ("by cob", "cob friday"), not
        // the word in "corn on the cob", "a cob of corn", "cob loaf"
        Rule("cob", [.words(["cob", "eob"])], role: "time") { m in
            let at = Int(m.captures[0] >> 1)
            if at > 0, ["the", "a", "of", "corn"].contains(m.tokens[at - 1].text) { return nil }
            if at + 1 < m.tokens.count, ["of", "loaf", "loaves", "nut", "nuts"].contains(m.tokens[at + 1].text) { return nil }
            var p = endOfDay()
            p?.latent = true
            return p
        },
        // last thing friday, last thing tomorrow, friday last thing: the end of that working
        // day, as "eod friday" is (`eod-of-day`, `day-eod`; "first thing" is the day's start).
        // Alone only as the whole text: "the last thing we need", "last thing on the list"
        // are things.
        Rule("last-thing", [.word("last"), .word("thing")], role: "time") { m in
            if let before = m.token(before: 0), thingOpeners.contains(before.text) { return nil }
            var p = endOfDay()
            p?.latent = true
            return p
        },
        // last thing at night: just before bed, as "at bedtime" (`mealTimes`)
        Rule("last-thing-at-night", [.word("last"), .word("thing"), .word("at"), .word("night")], role: "time") { _ in
            mealTimes["bedtime"].map { .time(.dayPart(from: $0.from, to: $0.to)) }
        },

        // MARK: counting inside a stretch
        // the first Monday of March, the last Sunday of March 2014, the 2nd Monday of this month
        Rule("nth-of", priority: 1, [Element.word("the").opt, ordinalElement, .anyTime { isCountable($0) }, .words(["of", "in"]), .anyTime { isContainer($0) && !$0.hasClock }], role: nil) { m in
            guard let n = ordinal(m, 1) else { return nil }
            return nthValue(n, of: m.time(2), in: m.time(4), m.series)
        },
        // next month's first monday, march's last friday, this year's first weekend: the
        // stretch said first, as "the first monday of next month" ("next week's meeting" has
        // no ordinal: the week alone)
        Rule("possessive-nth-of", priority: 1, [.anyTime { isContainer($0) && !$0.hasClock }, .word("'s"), ordinalElement, .anyTime { isCountable($0) }], role: nil) { m in
            guard let n = ordinal(m, 2) else { return nil }
            return nthValue(n, of: m.time(3), in: m.time(0), m.series)
        },
        // "the first monday", "the 2nd tuesday" with no month: the next such day of a month
        // not over (said on 4 December, this month's 7th; said on 10 December, January's
        // 4th), as "the first Monday of every month" starts. "the last friday" stays last
        // week's.
        Rule("nth-weekday-alone", priority: 1, [.word("the"), ordinalElement, .anyTime { isWeekday($0) && $0.isPlain }], role: nil) { m in
            guard let n = ordinal(m, 1), (1...5).contains(n), case .weekday(let w) = m.time(2).expression else { return nil }
            return .time(.date(.nth(n, .weekday(w), in: .every(.month))))
        },
        // the first Monday evening of next month, the last Friday afternoon of March: that
        // day counted as in "the first Monday of March", then its part of the day
        Rule("nth-day-part-of", priority: 1, [Element.word("the").opt, ordinalElement, .anyTime { isWeekday($0) }, .words(["morning", "afternoon", "evening", "night"]),
                                              .words(["of", "in"]), .anyTime { isContainer($0) && !$0.hasClock }], role: nil) { m in
            guard let n = ordinal(m, 1), case .time(let day)? = nthValue(n, of: m.time(2), in: m.time(5), m.series)?.value else { return nil }
            let (from, to): (Int, Int) = switch m.word(3)! {
            case "morning": (0, 12)
            case "afternoon": (12, 19)
            default: (18, 24)
            }
            return Compose.intersect(day, .dayPart(from: from, to: to), m.series).map { .time($0) }
        },
        // "of the year" said without "this": the next one not over, as a date without a year
        // is ("the first Monday of the year" said on 30 December is in January); "of the
        // month" is this month's, as in Duckling ("the end of the month" is too).
        Rule("nth-of-the-unit", priority: 1, [Element.word("the").opt, ordinalElement, .anyTime { isCountable($0) }, .words(["of", "in"]), .words(["the", "this", "current"]), .words(["month", "year", "week"])], role: nil) { m in
            guard let n = ordinal(m, 1), let box = unitBox(m, 4) else { return nil }
            return nthValue(n, of: m.time(2), in: box, m.series)
        },
        // the first day of the month, the last day of the year, the second week of the month
        Rule("nth-unit-of-the-unit", priority: 1, [Element.word("the").opt, ordinalElement, .words(["day", "week"]), .words(["of", "in"]), .words(["the", "this", "current"]), .words(["month", "year"])], role: nil) { m in
            guard let n = ordinal(m, 1), let box = unitBox(m, 4) else { return nil }
            let grain: Grain = m.word(2) == "day" ? .day : .week
            let e = TimeExpression.nthUnit(n, grain, in: box.expression)
            guard Compose.exists(e, m.series) else { return nil }
            var t = TimeValue.date(e, grain)
            t.isStretch = grain >= .week
            return .time(t)
        },
        // the third day of October, the first week of October 2014, the 2nd last week of 2018
        // (the last quarter of 2027: its fourth)
        Rule("nth-unit-of", priority: 1, [Element.word("the").opt, ordinalElement, .words(["day", "week", "month", "quarter"]), .words(["of", "in"]), .anyTime { isContainer($0) && !$0.hasClock }], role: nil) { m in
            guard let n = ordinal(m, 1) else { return nil }
            let grain: Grain = m.word(2) == "day" ? .day : (m.word(2) == "week" ? .week : (m.word(2) == "quarter" ? .quarter : .month))
            let box = m.time(4)
            guard box.grain > grain else { return nil }
            let e = TimeExpression.nthUnit(n, grain, in: box.expression)
            guard Compose.exists(e, m.series) else { return nil }
            var t = TimeValue.date(e, grain, year: box.hasYear)
            t.isStretch = grain >= .week
            return .time(t)
        },
        // the first 2 weeks of 2027, the last three days of the month, first ten days of May
        Rule("first-n-units-of", priority: 1, [Element.word("the").opt, .words(["first", "last"]), .number { $0.isWhole && !$0.isOrdinal && (1...31).contains($0.value) },
                                               .words(["days", "weeks", "months"]), .words(["of", "in"]), .anyTime { isContainer($0) && !$0.hasClock }], role: nil) { m in
            firstOrLastUnits(m, box: m.time(5))
        },
        // the last 2 days of the year, the first 10 days of the month, the last two weeks of
        // this quarter: as above, of the cycle named by its unit ("the last 2 days" alone are
        // the two before today)
        Rule("first-n-units-of-the-unit", priority: 1, [Element.word("the").opt, .words(["first", "last"]), .number { $0.isWhole && !$0.isOrdinal && (1...31).contains($0.value) },
                                                        .words(["days", "weeks", "months"]), .words(["of", "in"]), .words(["the", "this", "current"]), .words(["month", "quarter", "year"])], role: nil) { m in
            unitBox(m, 5).flatMap { firstOrLastUnits(m, box: $0) }
        },
        // 22 of next month, the 22nd day of the current month
        Rule("day-of-cycle", [Element.word("the").opt, dayElement, Element.word("day").opt, .words(["of", "in"]), .time { $0.isCycle && $0.grain == .month }], role: nil) { m in
            let day = TimeValue.date(.dayOfMonth(m.int(1)))
            return Compose.intersect(day, m.time(4), m.series).map { .time($0) }
        },
        // the 1st of the month, first of the month, the 26th day of the month: that day of a
        // month not over, as "the 1st" alone is ("20 of this month" is this month's, above);
        // "the 1st of the month's invoices" and "one of the month" are no day
        Rule("day-of-the-month", [Element.word("the").opt, dayElement, Element.word("day").opt, .words(["of", "in"]), .word("the"), .word("month")], role: "date") { m in
            guard m.has(0) || m.number(1).isOrdinal, !possessed(m, after: 5) else { return nil }
            return .time(.date(.dayOfMonth(m.int(1))))
        },
        // the last of the month: its last day ("the end of the month" is its last ten days)
        Rule("last-of-the-month", [Element.word("the").opt, .word("last"), .word("of"), .words(["the", "this"]), .word("month")], role: "date") { m in
            guard !possessed(m, after: 4), let box = unitBox(m, 3) else { return nil }
            return .time(.date(.nthUnit(-1, .day, in: box.expression)))
        },
        // the closest Friday to Nov 3rd
        Rule("closest", priority: 1, [Element.word("the").opt, ordinalElement.opt, .words(["closest", "nearest"]), .anyTime { $0.isPlain && !$0.hasClock }, .word("to"), .time { $0.isPlain }], role: nil) { m in
            let n = m.has(1) ? (ordinal(m, 1) ?? 1) : 1
            guard n > 0 else { return nil }
            var t = m.time(3)
            t.expression = .closest(t.expression, n, to: m.time(5).expression)
            guard Compose.exists(t.expression, m.series) else { return nil }
            return .time(t)
        },
        // the third Tuesday after Christmas
        Rule("nth-after", priority: 1, [Element.word("the").opt, ordinalElement, .anyTime { isCountable($0) }, .words(["after", "before"]), .time { $0.isPlain }], role: nil) { m in
            guard let n = ordinal(m, 1), n > 0 else { return nil }
            var t = m.time(2)
            t.expression = .nthAfter(m.word(3) == "after" ? n : -n, t.expression, after: m.time(4).expression)
            t.hasYear = m.time(4).hasYear
            guard Compose.exists(t.expression, m.series) else { return nil }
            return .time(t)
        },
        // the night before christmas, the morning after new year's day, the evening before the
        // 14th, the weekend before christmas, the friday before christmas, the monday after
        // easter: the last such part or day before the day, or the first after
        Rule("the-part-before-day", priority: 1, [.word("the"), .anyTime { isPartOrWeekend($0) || isWeekday($0) }, .words(["after", "before"]),
                                                  .time { $0.isPlain && $0.hasDate && !$0.hasClock && !$0.hasDayPart && !$0.hasEnd && $0.grain == .day }], role: nil) { m in
            var t = m.time(1)
            t.expression = .nthAfter(m.word(2) == "after" ? 1 : -1, t.expression, after: m.time(3).expression)
            t.hasDate = true
            t.hasYear = m.time(3).hasYear
            guard Compose.exists(t.expression, m.series) else { return nil }
            return .time(t)
        },
        // MARK: working days (Monday to Friday; clerk knows no one's public holidays)
        // the next business day, the following working day
        Rule("next-working-day", [Element.word("the").opt, .words(nextWords), .words(workingDayWords), .word("day")], role: "date") { _ in
            .time(.date(.nthAfter(1, workingDay, after: .cycle(.day, 0))))
        },
        // in 3 business days, in 2 working days' time
        Rule("in-working-days", [.word("in"), .number { $0.isWhole && !$0.isOrdinal && (1...260).contains($0.value) }, .words(workingDayWords), .words(["days", "day"])], role: "date") { m in
            .time(.date(.nthAfter(m.int(1), workingDay, after: .cycle(.day, 0))))
        },
        // 3 business days from now, 5 working days after the 14th, 2 business days before
        // friday, 4 working days ago
        Rule("working-days-from", [.number { $0.isWhole && !$0.isOrdinal && (1...260).contains($0.value) }, .words(workingDayWords), .words(["days", "day"]),
                                   .words(["from", "after", "before", "ago"]), Element.anyTime { $0.isPlain && $0.hasDate && !$0.hasClock && $0.grain == .day }.opt], role: "date") { m in
            let word = m.word(3)!
            guard (word == "ago") != m.has(4) else { return nil }
            let anchor = m.has(4) ? m.time(4).expression : .cycle(.day, 0)
            let n = word == "ago" || word == "before" ? -m.int(0) : m.int(0)
            var t = TimeValue.date(.nthAfter(n, workingDay, after: anchor))
            t.hasYear = m.has(4) && m.time(4).hasYear
            return .time(t)
        },
        Rule("working-days-from-now", [.number { $0.isWhole && !$0.isOrdinal && (1...260).contains($0.value) }, .words(workingDayWords), .words(["days", "day"]),
                                       .word("from"), .words(["now", "today"])], role: "date") { m in
            .time(.date(.nthAfter(m.int(0), workingDay, after: .cycle(.day, 0))))
        },
        // the last business day of the month, the first working day of January
        // (and "the last weekday of the month", "the first weekday in june", one word)
        Rule("nth-working-day-of", priority: 1, [Element.word("the").opt, ordinalElement, .words(workingDayWords + ["weekday"]), Element.word("day").opt, .words(["of", "in"]),
                                                 .anyTime { isContainer($0) && !$0.hasClock }], role: nil) { m in
            guard let n = ordinal(m, 1), (m.word(2) == "weekday") != m.has(3) else { return nil }
            return nthValue(n, of: .date(workingDay), in: m.time(5), m.series)
        },
        Rule("nth-working-day-of-the-unit", priority: 1, [Element.word("the").opt, ordinalElement, .words(workingDayWords + ["weekday"]), Element.word("day").opt, .words(["of", "in"]),
                                                          .words(["the", "this", "current"]), .words(["month", "year", "week"])], role: nil) { m in
            guard let n = ordinal(m, 1), (m.word(2) == "weekday") != m.has(3), let box = unitBox(m, 5) else { return nil }
            return nthValue(n, of: .date(workingDay), in: box, m.series)
        },
        // 4 Mondays from now, 3 Tuesdays ago
        Rule("n-weekdays-from-now", [.number { $0.isWhole && !$0.isOrdinal && (1...52).contains($0.value) }, .anyTime { isWeekday($0) },
                                     .words(["from", "ago", "back", "hence"]), Element.words(["now", "today"]).opt], role: "date") { m in
            let word = m.word(2)!
            let forward = word == "from" || word == "hence"
            guard (word == "from") == m.has(3) else { return nil }
            var t = m.time(1)
            t.expression = .nthAfter(forward ? m.int(0) : -m.int(0), t.expression, after: .cycle(.day, 0))
            return .time(t)
        },
    ]

    /// Words that make "day" a working one: "business day", "working day", "work day".
    static let workingDayWords: [String] = ["business", "working", "work"]
    /// Monday to Friday, as a day to count ("3 business days from now").
    static let workingDay: TimeExpression = (2...5).reduce(TimeExpression.weekday(1)) { .either($0, .weekday($1)) }

    static let ordinalElement = Element(kind: .item(.number) { item in
        guard let n = item.number else { return false }
        return n.isOrdinal && n.value != 0 && abs(n.value) <= 31
    })

    /// The ordinal at `i`, counting "last" and "2nd last" from the end.
    static func ordinal(_ m: Match, _ i: Int) -> Int? {
        m.numberIfPresent(i)?.value
    }

    /// The unit named by the words at `i` and `i + 1` ("the year", "this year", "the
    /// month") as the container of a count: every year in turn after "the", so the count is
    /// the next one not over; else this one (this year, this month, this week).
    /// The weekday or the weekend a reading of the one ahead names ("friday", "this friday",
    /// "this weekend"), nil for others.
    static func weekdayAhead(_ e: TimeExpression) -> TimeExpression? {
        switch e {
        case .weekday, .weekend: return e
        case .occurrence(let inner, 1, false): return weekdayAhead(inner)
        default: return nil
        }
    }

    /// A day named by its date or a holiday ("the 12th", "dec 12", "christmas"), not by a
    /// weekday or from today.
    static func isNamedDay(_ t: TimeValue) -> Bool {
        !t.expression.namesWeekday && !isDayFromNow(t.expression)
    }

    /// The weekend next to a day (`holidayWeekend`: Saturday and Sunday around it, with a
    /// Friday or a Monday itself).
    static func weekendOf(_ day: TimeValue) -> Production {
        var t = TimeValue.date(.portion(day.expression, .holidayWeekend), .day, year: day.hasYear)
        t.isStretch = true
        return .time(t)
    }

    /// Whether the word matched by element `i` is followed by "'s" ("the month's").
    static func possessed(_ m: Match, after i: Int) -> Bool {
        let next = Int(m.captures[i] >> 1) + 1
        return next < m.tokens.count && m.tokens[next].text == "'s"
    }

    /// The first or last `n` units of `box` ("the first 3 days of march"): the word "first"
    /// or "last" at element 1, the count at 2 and the unit at 3.
    static func firstOrLastUnits(_ m: Match, box: TimeValue) -> Production? {
        let n = m.int(2)
        let grain = cycleUnitOf(m, 3)!
        guard box.grain > grain else { return nil }
        let e: TimeExpression = m.word(1) == "first"
            ? .range(.nthUnit(1, grain, in: box.expression), .nthUnit(n, grain, in: box.expression), inclusive: true)
            : .range(.nthUnit(-n, grain, in: box.expression), .nthUnit(-1, grain, in: box.expression), inclusive: true)
        guard Compose.exists(e, m.series) else { return nil }
        var t = TimeValue.date(e, grain, year: box.hasYear)
        t.isStretch = true
        t.hasEnd = true
        return .time(t)
    }

    static func unitBox(_ m: Match, _ i: Int) -> TimeValue? {
        let grain = cycleUnitOf(m, i + 1)!
        if m.word(i) == "the", grain == .year { return TimeValue.date(.every(grain), grain) }
        guard case .time(let box)? = cycleValue(grain, 0)?.value else { return nil }
        return box
    }

    /// "tomorrow", "next week", "last year": a cycle of days or longer other than the current.
    static func isCycleOfDays(_ t: TimeValue) -> Bool {
        guard t.isPlain, !t.hasClock, !t.hasDayPart, case .cycle(let grain, let n) = t.expression else { return false }
        return n != 0 && grain >= .day
    }

    /// Now's time of day on the day a cycle moves to ("this time tomorrow").
    static func sameTimeValue(_ cycle: TimeValue) -> Production? {
        guard case .cycle(let grain, let n) = cycle.expression else { return nil }
        var t = TimeValue(.moment(Offset.of(Double(n), grain), .minute), grain: .minute)
        t.hasDate = true
        t.hasClock = true
        return .time(t)
    }

    /// Tomorrow's part of the day ("the next morning").
    static func nextDayPart(_ word: String) -> Production? {
        let (from, to): (Int, Int) = switch word {
        case "morning": (0, 12)
        case "afternoon": (12, 19)
        default: (18, 24)
        }
        var t = TimeValue.dayPart(from: from, to: to)
        t.expression = .intersect(.cycle(.day, 1), t.expression)
        t.hasDate = true
        return .time(t)
    }

    /// Today's end of the day ("eod", "end of day", "close of business").
    static func endOfDay() -> Production? {
        var t = TimeValue.date(.portion(.cycle(.day, 0), .end), .hour)
        t.hasDayPart = true
        t.isStretch = true
        return .time(t)
    }

    /// Words before "early"/"late" that make it say how a thing is done, not when: "running
    /// late this morning", "left early this afternoon".
    static let adverbVerbs: Set<String> = [
        "running", "run", "runs", "ran", "am", "is", "are", "was", "were", "be", "been", "being", "i'm", "im",
        "woke", "wake", "up", "got", "get", "go", "went", "leave", "leaving", "left", "arrive", "arrived", "start", "started",
        "finish", "finished", "stay", "stayed", "too", "very", "so", "bit",
    ]

    /// The early or late part of a part of the day, in hours, as the rules for "late
    /// morning", "early afternoon", "late evening" have them; nil for none.
    static func narrowedDayPart(_ window: (from: Int, to: Int), early: Bool) -> (from: Int, to: Int)? {
        switch (window.from / 3600, window.to / 3600, early) {
        case (0, 12, true): return (0, 9)
        case (0, 12, false): return (10, 12)
        case (12, 19, true): return (12, 15)
        case (12, 19, false): return (16, 19)
        case (18, 24, true): return (17, 20)
        case (18, 24, false): return (21, 24)
        default: return nil
        }
    }

    /// `e` with its part of the day replaced by `part`.
    static func replacingDayPart(_ e: TimeExpression, with part: TimeExpression) -> TimeExpression {
        switch e {
        case .dayPart: return part
        case .intersect(let a, let b): return .intersect(replacingDayPart(a, with: part), replacingDayPart(b, with: part))
        default: return e
        }
    }

    static func cycleValue(_ grain: Grain, _ n: Int) -> Production? {
        var t = TimeValue.date(.cycle(grain, n), grain)
        t.hasClock = grain < .day
        t.isStretch = grain < .day
        return .time(t)
    }

    /// The `n` units of `grain` after this one (`forward`) or before it: "the next 3 days"
    /// starts tomorrow, "the last 2 weeks" ends last Sunday.
    static func unitsAround(_ n: Int, _ grain: Grain, forward: Bool) -> Production? {
        let e: TimeExpression = forward
            ? .range(.cycle(grain, 1), .cycle(grain, n), inclusive: true)
            : .range(.cycle(grain, -n), .cycle(grain, -1), inclusive: true)
        var t = TimeValue.date(e, grain)
        t.hasClock = grain < .day
        t.isStretch = true
        t.hasEnd = true
        return .time(t)
    }

    /// Whole years `from..<to` (decades, centuries).
    /// True when element `i` follows a part of a decade ("early", "mid-", "late"), after
    /// which "80s" and "eighties" need no "the".
    static func saysDecadePart(before i: Int, _ m: Match) -> Bool {
        guard m.has(i), m.captures[i] & 1 == 0 else { return false }
        var at = Int(m.captures[i] >> 1)
        if at > 1, m.tokens[at - 1].text == "-" { at -= 1 }
        guard at > 0 else { return false }
        return ["early", "mid", "late", "middle"].contains(m.tokens[at - 1].text)
    }

    /// The latest decade ending in `tens` that has begun: "the 90s" said in 2026 is the
    /// 1990s, "the 20s" the 2020s.
    static func latestDecade(_ tens: Int, _ series: Series) -> Int {
        let now = CivilCalendar.date(dayNumber: Wall.dayNumber(series.now)).year
        let century = CivilCalendar.floorDivide(now, 100) * 100
        return century + tens <= now ? century + tens : century - 100 + tens
    }

    static func stretchOfYears(_ from: Int, _ to: Int) -> Production? {
        guard to > from else { return nil }
        var t = TimeValue.date(.fixed(Span(Wall.time(from, 1, 1), Wall.time(to, 1, 1))), .year, year: true)
        t.isStretch = true
        return .time(t)
    }

    /// January to June (`half` 1) or July to December (2) of each span of `year`.
    static func halfOfYear(_ year: TimeExpression, _ half: Int, hasYear: Bool) -> Production? {
        var t = TimeValue.date(.portion(year, half == 1 ? .firstHalf : .secondHalf), .month, year: hasYear)
        t.isStretch = true
        return .time(t)
    }

    static func weekend() -> Production {
        var t = TimeValue.date(.weekend, .hour)
        t.isStretch = true
        return .time(t)
    }

    /// A week, two weeks, a fortnight, up to 52 weeks: what "a week on Friday", "a week
    /// yesterday" count.
    static func isWholeWeeks(_ d: Offset) -> Bool {
        d.months == 0 && d.seconds == 0 && d.days % 7 == 0 && (1...52).contains(d.days / 7) && (d.unit == .week || d.days == 14)
    }

    /// True when the weeks a match opens with follow "for", "in" or "within": a length ("away
    /// for a week on friday"), not a day counted from another.
    static func isALength(_ m: Match) -> Bool {
        guard let amount = m.item(0), amount.first > 0 else { return false }
        return ["for", "in", "within"].contains(m.tokens[amount.first - 1].text)
    }

    /// Yesterday, or last Monday: a day gone by ("a week yesterday", "a week last monday").
    static func isDayGone(_ t: TimeValue) -> Bool {
        guard t.isPlain, !t.hasClock, !t.hasDayPart else { return false }
        switch t.expression {
        case .cycle(.day, -1): return true
        case .occurrence(.weekday, -1, _): return true
        default: return false
        }
    }

    /// Today or tomorrow ("a week today", "tomorrow week").
    static func isNearDay(_ t: TimeValue) -> Bool {
        guard t.isPlain, !t.hasClock, !t.hasDayPart else { return false }
        if case .cycle(.day, let k) = t.expression { return k == 0 || k == 1 }
        return false
    }

    /// The day `t` (a weekday: the one to come) `weeks` weeks on.
    static func weeksAfter(_ t: TimeValue, _ weeks: Int) -> Production? {
        var r = t
        let base: TimeExpression = if case .weekday = t.expression { .occurrence(t.expression, 1, skipCurrent: false) } else { t.expression }
        r.expression = .shifted(base, Offset(days: 7 * weeks, unit: .day))
        return .time(r)
    }

    static func occurrence(_ t: TimeValue, _ k: Int, skipCurrent: Bool) -> Production? {
        .time(t.replacing(expression: .occurrence(t.expression, k, skipCurrent: skipCurrent)))
    }

    static func portionValue(_ t: TimeValue, _ portion: Portion) -> Production? {
        var r = t.replacing(expression: .portion(t.expression, portion))
        // A season's part is whole days, as the season is.
        if isSeason(t) { return .time(r) }
        r.grain = t.grain >= .year ? .month : .day
        if t.grain == .day {
            r.grain = .hour
            r.hasDayPart = true
        }
        r.isStretch = true
        return .time(r)
    }

    static func nthValue(_ n: Int, of unit: TimeValue, in box: TimeValue, _ series: Series) -> Production? {
        guard box.grain > unit.grain || (unit.isStretch && box.grain >= .month) else { return nil }
        let e = TimeExpression.nth(n, unit.expression, in: box.expression)
        guard Compose.exists(e, series) else { return nil }
        var t = unit
        t.expression = e
        t.hasYear = box.hasYear
        return .time(t)
    }

    static func isCountable(_ t: TimeValue) -> Bool {
        guard t.isPlain, !t.hasClock else { return false }
        switch t.expression {
        case .weekday, .weekend, .holiday: return true
        default: return false
        }
    }

    /// A season, pinned or not ("summer", "this winter", "summer 2027"): a stretch of days.
    static func isSeason(_ t: TimeValue) -> Bool {
        guard t.isStretch, !t.hasDayPart, t.grain == .day else { return false }
        func names(_ e: TimeExpression) -> Bool {
            switch e {
            case .season, .anySeason: return true
            case .occurrence(let inner, _, _): return names(inner)
            case .intersect(let a, let b): return names(a) || names(b)
            default: return false
            }
        }
        return names(t.expression)
    }

    /// A part of the day alone ("evening") or the weekend, which "the … before Christmas" counts.
    static func isPartOrWeekend(_ t: TimeValue) -> Bool {
        guard t.isPlain, !t.hasClock else { return false }
        switch t.expression {
        case .dayPart: return !t.hasDate
        case .weekend: return true
        default: return false
        }
    }

    /// The end (its evening, as "end of day") or the beginning of the day `day`.
    static func endOrBeginning(of day: TimeValue, end: Bool) -> Production? {
        var t = day
        t.expression = .portion(day.expression, end ? .end : .beginning)
        t.grain = .hour
        t.hasDayPart = true
        t.isStretch = true
        return .time(t)
    }

    /// One whole day, said without a time or a part of it ("tomorrow", "friday", "dec 3"),
    /// no list of days.
    static func isOneDay(_ t: TimeValue) -> Bool {
        guard t.isPlain, t.hasDate, !t.hasClock, !t.hasDayPart, !t.hasEnd, t.grain == .day else { return false }
        if case .either = t.expression { return false }
        return true
    }

    static func isWeekday(_ t: TimeValue) -> Bool {
        if case .weekday = t.expression { return t.isPlain }
        return false
    }

    static func isContainer(_ t: TimeValue) -> Bool {
        t.isPlain && !t.hasClock && t.grain >= .week
    }
}

extension TimeValue {
    /// "this week", "next month": a unit counted from now.
    /// This day, week, month, quarter or year ("today", "this week").
    var isCurrentCycleOfDays: Bool {
        if case .cycle(let g, 0) = expression { return g >= .day }
        return false
    }

    var isCycle: Bool {
        if case .cycle = expression { return true }
        return false
    }
}

extension TimeExpression {
    /// A day of the week or the weekend, which "next" takes from next week.
    var isWeekdayOrWeekend: Bool {
        switch self {
        case .weekday, .weekend: return true
        default: return false
        }
    }
}
