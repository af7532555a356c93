/// Durations and what is built from them (in 2 hours, 3 days ago, for 90 minutes, within
/// 2 weeks), ranges (2-4pm, from Dec 21 to Jan 3, Aug 3-5), bounds (until 5, after 2pm,
/// by Friday) and "all day".
extension DateRules {
    static let rangeWords: Set<String> = ["-", "~", "to", "thru", "through", "till", "til", "until", "untill", "'til", "and"]

    /// Amounts of a unit the reader takes are below this ("in 9999 days", not "in 10000
    /// days"): a larger one is no date a person means, and the router refuses it.
    static let amountLimit: Double = 10_000

    static let durations: [Rule] = [
        // 2 hours, 90 minutes, 2.5 hours, a couple of days, 1/4h
        Rule("duration", [.number { $0.amount > 0 && !$0.isOrdinal && $0.amount < amountLimit }, Element.word("more").opt, .words(Set(Lexicon.durationUnits.keys))], role: "duration") { m in
            let unit = m.word(2)!
            let n = m.number(0)
            // Single letters ("3d", "2h") must touch the number.
            if unit.count == 1, m.token(2)!.spaceBefore, unit != "h" { return nil }
            return .duration(Offset.of(n.amount, durationUnitOf(m, 2)!))
        },
        Rule("a-unit", [.words(["a", "an", "one", "per"]), .words(["second", "sec", "minute", "min", "hour", "day", "week", "month", "year", "quarter", "moment"])], role: "duration") { m in
            let unit = m.word(1)!
            return .duration(Offset.of(1, unit == "moment" ? .minute : durationUnitOf(m, 1)!))
        },
        Rule("fortnight", [.words(["a", "one"]).opt, .word("fortnight")], role: "duration") { _ in .duration(Offset(days: 14, unit: .day)) },
        Rule("half-a-unit", [.word("half"), .words(["a", "an"]), .words(["hour", "day", "minute", "year", "month"])], role: "duration") { m in
            .duration(Offset.of(0.5, durationUnitOf(m, 2)!))
        },
        // a half hour, a half-hour, half hour ("in a half hour", "a half hour from now")
        Rule("a-half-hour", [Element.words(["a", "one"]).opt, .word("half"), Element.symbol("-").opt, .word("hour")], role: "duration") { m in
            if m.has(2), m.token(2)!.spaceBefore { return nil }
            return .duration(Offset(seconds: 1800, unit: .minute))
        },
        // 3/4 of an hour, 1/2 of a day: a fraction of one unit
        Rule("fraction-of-a-unit", [.number { !$0.isWhole && $0.amount > 0 && $0.amount < 1 && !$0.isOrdinal }, .word("of"), .words(["a", "an"]),
                                    .words(["minute", "hour", "day", "week", "month", "year"])], role: "duration") { m in
            .duration(Offset.of(m.number(0).amount, durationUnitOf(m, 3)!))
        },
        Rule("quarter-of-an-hour", [Element.words(["a", "one", "three"]).opt, Element.symbol("-").opt, .words(["quarter", "quarters"]), Element.word("of").opt, .words(["an", "a"]), .word("hour")], role: "duration") { m in
            .duration(Offset(seconds: m.word(0) == "three" ? 2700 : 900, unit: .minute))
        },
        // 2 and a half hours, an hour and a half
        Rule("and-a-half", [.number { $0.isWhole && !$0.isOrdinal }, .word("and"), .words(["a", "an"]), .word("half"), .words(Set(Lexicon.durationUnits.keys))], role: "duration") { m in
            .duration(Offset.of(Double(m.int(0)) + 0.5, durationUnitOf(m, 4)!))
        },
        Rule("unit-and-a-half", [.duration { $0.months == 0 }, .word("and"), .words(["a", "an"]), .word("half")], role: "duration") { m in
            let d = m.duration(0)
            let half = Offset.of(0.5, d.unit)
            return .duration(d + half)
        },
        // 1 hour 30 minutes, 1 hour and 30 minutes
        Rule("duration-sum", [.duration(), Element.word("and").opt, .duration()], role: "duration") { m in
            let a = m.duration(0), b = m.duration(2)
            guard a.unit > b.unit else { return nil }
            return .duration(a + b)
        },
        // 30', 1"
        Rule("minute-marks", [.digits { $0.digitCount <= 3 }, Element.symbols(["'", "\""]).touching], role: "duration") { m in
            .duration(Offset.of(Double(m.digits(0)), m.word(1) == "'" ? .minute : .second))
        },
    ]

    static let spans: [Rule] = [
        // MARK: offsets from now
        Rule("in-duration", [.words(["in", "within"]), Element.words(["about", "around", "approximately", "roughly", "just", "another", "the", "next"]).opt, .duration()], role: nil) { m in
            if m.word(0) == "within" { return within(m.duration(2)) }
            // "in the 90s", "in 1990s": a decade, not seconds ("in 30s" is half a minute).
            if let d = m.item(2), d.end - d.first == 2, m.tokens[d.first + 1].text == "s", !m.tokens[d.first + 1].spaceBefore,
               let n = m.tokens[d.first].number, n % 10 == 0, m.word(1) == "the" || m.tokens[d.first].digitCount == 4 { return nil }
            return fromNow(m.duration(2))
        },
        // in 2 weeks' time, in a month's time, in three days time: "in 2 weeks" and its "time"
        // (the reading first: a rule starting "in" and a length was tried at every such offset)
        Rule("in-duration-time", [.timeItem { $0.rule == "in-duration" }, Element.symbol("'").opt, Element.word("'s").opt, .word("time")], role: nil) { m in
            guard !(m.has(1) && m.has(2)), m.word(3) == "time" else { return nil }
            return .time(m.time(0))
        },
        // +20 minutes, -3 days: a signed length from now
        Rule("signed-duration", [.symbols(["+", "-"]), Element.duration().touching], role: nil) { m in
            guard m.token(0)!.spaceBefore else { return nil }
            return fromNow(m.word(0) == "-" ? m.duration(1).negated : m.duration(1))
        },
        Rule("in-minutes", [.word("in"), .digits { $0.digitCount <= 2 && $0.number! > 0 }], role: "time") { m in
            guard case .time(let t)? = fromNow(Offset(seconds: 60 * m.digits(1), unit: .minute))?.value else { return nil }
            return .time(t, latent: true)
        },
        Rule("duration-from-now", [.duration(), .words(["from", "hence", "later"]), Element.words(["now", "today", "right"]).opt, Element.word("now").opt], role: nil) { m in
            switch (m.word(1)!, m.word(2), m.word(3)) {
            case ("from", "now", nil), ("from", "today", nil), ("from", "right", "now"), ("hence", nil, nil), ("later", nil, nil):
                if m.word(2) == "today" { return dayOffset(m.duration(0)) }
                return fromNow(m.duration(0))
            default: return nil
            }
        },
        Rule("duration-ago", [.duration(), .words(["ago", "back", "earlier", "before"]), Element.words(["now", "today"]).opt], role: nil) { m in
            // "10 minutes before" alone is ten minutes ago; in a request it is said of
            // something else ("remind me 10 minutes before").
            guard case .time(let t)? = fromNow(m.duration(0).negated)?.value else { return nil }
            return .time(t, latent: m.word(1) == "before" && !m.has(2))
        },
        Rule("after-duration", [.word("after"), .duration()], role: nil) { m in
            guard case .time(var t)? = fromNow(m.duration(1))?.value else { return nil }
            t.openBound = .after
            return .time(t)
        },
        // a year from Easter, two days after Thanksgiving, 20 minutes from 2pm, 2 days before
        // Christmas, 2 days after new year (a holiday's weak name counts here)
        Rule("duration-from-time", [.duration(), .words(["from", "after", "before"]), .anyTime { $0.isPlain }], role: nil) { m in
            guard !m.item(2)!.latent || namesHoliday(m.time(2).expression) else { return nil }
            // "every 3 hours from 9am" repeats from 9am (`subdaily-repeat-from`).
            if let amount = m.item(0), amount.first > 0, everyWords.contains(m.tokens[amount.first - 1].text) { return nil }
            let d = m.duration(0)
            var t = m.time(2)
            // "a week from Friday": the Friday to come, moved. Every Friday moved a week is
            // every Friday again, so the shifted series gave this Friday itself.
            let base: TimeExpression = if case .weekday = t.expression { .occurrence(t.expression, 1, skipCurrent: false) } else { t.expression }
            t.expression = .shifted(base, m.word(1) == "before" ? d.negated : d)
            t.grain = min(t.grain, d.unit == .week ? .day : d.unit)
            return .time(t)
        },
        // the day after Christmas, the week before Easter, the day after new years
        Rule("the-unit-after", [Element.word("the").opt, .words(["day", "week", "month", "year"]), .words(["after", "before"]), .anyTime { $0.isPlain && $0.hasDate && !$0.hasClock }], role: nil) { m in
            guard !m.item(3)!.latent || namesHoliday(m.time(3).expression) else { return nil }
            let unit = durationUnitOf(m, 1)!
            let d = Offset.of(1, unit)
            var t = m.time(3)
            // "the week before christmas", "the week after easter": the seven days before or
            // after that day, not one day a week away ("the week after next thursday" is
            // still that Thursday a week on: a weekday counts weeks).
            if unit == .week, t.grain == .day, !isWeekdayBased(t.expression) {
                let after = m.word(2) == "after"
                let first = Offset(days: after ? 1 : -7, unit: .day), last = Offset(days: after ? 7 : -1, unit: .day)
                t.expression = .range(.shifted(t.expression, first), .shifted(t.expression, last), inclusive: true)
                t.isStretch = true
                t.hasEnd = true
                return .time(t)
            }
            t.expression = .shifted(t.expression, m.word(2) == "after" ? d : d.negated)
            t.grain = max(t.grain, min(unit, .month))
            return .time(t)
        },
        // easter in 10 months, June in a year, in 5 days at 6pm, easter 2 months ago
        Rule("time-at-offset", [.anyTime { $0.isPlain && $0.fromNow == nil && !$0.hasClock }, Element.symbol(",").opt, .time { $0.fromNow != nil && $0.openBound == nil && !$0.isNowItself }], role: nil) { m in
            atOffset(m.time(0), m.time(2), m.series)
        },
        Rule("offset-at-time", [.time { $0.fromNow != nil && $0.openBound == nil && !$0.isNowItself }, Element.words(["at", "on", "in"]).opt, .time { $0.isPlain && $0.fromNow == nil }], role: nil) { m in
            atOffset(m.time(2), m.time(0), m.series)
        },

        // MARK: ranges
        // from 2 to 4pm, 9:30 - 11:00, Dec 21 to Jan 3, between 9:30 and 11:00
        Rule("range", [Element.words(["from", "between", "btw", "btwn"]).opt, .anyTime { $0.isPlainOrZoned }, .words(rangeWords), Element.word("the").opt, .anyTime { $0.isPlainOrZoned || $0.isNowItself }], role: nil, endElement: 4) { m in
            let a = m.item(1)!, b = m.item(4)!
            let joiner = m.word(2)!
            // "and" joins a range's ends after "between"; without it, days joined by "and" are
            // a list ("the 24th and 25th", "the 3rd and the 10th": `day-list`).
            if joiner == "and", m.word(0) != "between" && m.word(0) != "btw" && m.word(0) != "btwn" { return nil }
            if !["to", "-", "~", "and"].contains(joiner), m.word(0) == "between" { return nil }
            if joiner == "~", !m.has(0) { return nil }
            // "move lunch to monday": a weak start with no clock (a meal, a part of the day)
            // begins a range only after "from" or "between"; "2 to 4pm" still is one.
            if a.latent, !m.has(0), a.time?.hasClock == false, a.time?.hasDate == false { return nil }
            guard a.kind == .time, b.kind == .time, a.withTime({ x in b.withTime { y in rangeEndsFit(a, b, x, y) } }) else { return nil }
            if joiner == "-", !m.has(0), looksLikeOffset(m, dash: 2, end: b) { return nil }
            // "from 1 to 3 at night on friday": the part of the day is both ends' (read as
            // "1 - 3 at night on friday" is); an end that took it alone left the bare start
            // hour to the day's window (13:00-15:00).
            if case .ambiguousClock? = a.time?.expression, b.end - b.first > 1,
               (b.first..<b.end).contains(where: { ["night", "evening", "morning", "afternoon"].contains(m.tokens[$0].text) }) { return nil }
            var start = a.time!, end = b.time!
            if a.end - a.first == 3, b.end - b.first == 3 { sameDateOrder(&end, start: a, end: b, m) }
            morningRange(&start, &end, endItem: b, m)
            if end.isNowItself {
                // "between Jan 2019 and now": up to this moment.
                end = TimeValue(.now, grain: .second)
                end.hasClock = true
            }
            // "from"/"between" make two weak ends ("between 2014 and 2018") a range, and so do
            // two months' names ("may to march", "march through may": a word that is also a
            // month is not one twice over).
            let possessive = b.end < m.tokens.count && m.tokens[b.end].text == "'s"
            let twoMonths = start.expression.isMonth && end.expression.isMonth && joiner != "and" && !possessive
            let latent = a.latent && b.latent && !m.has(0) && !twoMonths
            return Compose.range(start, end, m.series, unlessKnownIn: m.span, latent: latent).map { .time($0, latent: latent) }
        },
        // "jan 3 returning jan 10", "on the 17th, back on the 19th", "monday, coming home
        // friday": a journey's days, out and back, are the span it takes (two days said
        // alone; with a clock on either end they stay two times).
        Rule("out-and-back", [Element.word("from").opt, .time { $0.isPlain && $0.hasDate && !$0.hasClock && !$0.hasEnd }, Element.symbol(",").opt,
                              Element.words(["and", "coming", "flying", "getting", "going"]).opt, .words(["returning", "back", "home"]),
                              Element.word("on").opt, .time { $0.isPlain && $0.hasDate && !$0.hasClock && !$0.hasEnd }], role: nil, endElement: 6) { m in
            // ("home" only after "coming", "flying" …: "home friday" is a place.)
            if m.word(4) == "home", !m.has(3) || m.word(3) == "and" { return nil }
            // ("jan 3 returning jan 10 at 6pm": the clock is the return's, two times.)
            let back = m.item(6)!
            if back.end < m.tokens.count, m.tokens[back.end].text == "at" || m.tokens[back.end].kind == .number { return nil }
            return Compose.range(m.time(1), m.time(6), m.series).map { .time($0, latent: false) }
        },
        // "move the offsite to 9 to 5", "push it to 2 till 4", "move it to 9-5": bare hours
        // from one to another after "to" that ends a sentence moving something are the new
        // time, not 5 September ("9 to 5" alone in a sentence is a count as often: "5 to 6
        // people", "cut it to 5 to 6")
        Rule("to-hour-range", [.word("to"), .timeItem { $0.latent && $0.time!.hasClock && $0.time!.hasEnd && !$0.time!.hasDate }], role: nil) { m in
            let range = m.item(1)!
            guard let before = m.token(before: 0), before.kind == .word, range.end - range.first == 3,
                  m.tokens[..<(range.first - 1)].contains(where: { movingVerbs.contains($0.text) }),
                  [range.first, range.first + 2].allSatisfy({ m.tokens[$0].kind == .number || Lexicon.units[m.tokens[$0].text] != nil }),
                  ["to", "till", "til", "until", "-"].contains(m.tokens[range.first + 1].text),
                  range.end == m.tokens.count || m.tokens[range.end].kind == .symbol else { return nil }
            // A start before 7 on the 24-hour dial ("change the limit to 5 to 10": 05:00) is
            // a count more often than a meeting.
            if case .range(.clock(let h, _, _, _), _, _) = m.time(1).expression, h < Series.schedulingHours.lowerBound { return nil }
            // With a dash, hours as people write them, up to 12 ("to 9-5", "to 10-12"): "to
            // 7-14" is 14 July (an hour past 12 would be on the 24-hour dial, which no one
            // writes bare).
            if m.tokens[range.first + 1].text == "-", !(m.tokens[range.first].number.map { $0 <= 12 } ?? true)
                || !(m.tokens[range.first + 2].number.map { $0 <= 12 } ?? true) { return nil }
            return .time(m.time(1))
        },
        // "from 8 till late", "9pm until late", "fri 9pm-late": an open end, taken as the
        // midnight that ends the day ("running late", "late morning" are no end: "late" only
        // after "till", "to" or a dash).
        Rule("time-till-late", [Element.word("from").opt, .anyTime { $0.isPlain && $0.hasClock && !$0.hasEnd && !$0.hasDayPart }, .words(["till", "until", "til", "untill", "to", "-"]), .word("late")], role: nil, endElement: 3) { m in
            // An hour without am/pm is the evening's ("from 8 till late" is 20:00).
            var start = m.time(1)
            if case .ambiguousClock(let h, let minute, let second, let length) = start.expression, (1...11).contains(h) {
                start.expression = .clock(hour: h + 12, minute: minute, second: second, length: length)
            }
            return Compose.range(start, .clock(hour: 0, grain: .hour, ambiguous: false), m.series).map { .time($0) }
        },
        // between now and friday, from now until dec 20, from now to the end of the month:
        // from this moment to the end of that day or stretch, as "until friday" is ("now
        // through friday", "now till 5" without the "from" too; "move it now to friday" moves
        // it)
        Rule("now-until", [Element.words(["from", "between", "btw", "btwn"]).opt, .word("now"), .words(["to", "until", "till", "til", "untill", "through", "thru", "and", "-"]),
                           .timeItem { $0.time!.isPlain && ($0.time!.hasDate || $0.time!.hasClock) && !$0.time!.hasEnd && !$0.isFourDigitClock }], role: nil, endElement: 3) { m in
            if m.has(0) ? (m.word(2) == "and") != (m.word(0) != "from") : m.word(2) == "and" || m.word(2) == "to" { return nil }
            var t = m.time(3)
            t.openBound = .until
            return .time(t)
        },
        Rule("range-slash", [.time { $0.isPlain && $0.hasDate && $0.hasClock }, .symbol("/"), .time { $0.isPlain && $0.hasDate && $0.hasClock }], role: nil, endElement: 2) { m in
            Compose.range(m.time(0), m.time(2), m.series, unlessKnownIn: m.span).map { .time($0) }
        },
        Rule("later-than-before", [.words(["later", "after"]), Element.word("than").opt, .time { $0.isPlain }, .words(["but", "and"]), .words(["before", "earlier"]), Element.word("than").opt, .time { $0.isPlain }], role: nil, endElement: 6) { m in
            Compose.range(m.time(2), m.time(6), m.series).map { .time($0) }
        },
        // Aug 3-5, Dec 14 to 16, June 23rd - 25th, between jan 4 and 22 ("jan 4 and 22" alone
        // is a list of two days: `day-list-bare`)
        Rule("month-day-range", [Element.words(["from", "between"]).opt, .time { $0.isMonthDay }, .words(["-", "to", "thru", "through", "till", "until", "and"]), Element.word("the").opt, dayElement], role: nil, endElement: 4) { m in
            if m.word(0) == "between" ? !["and", "-", "to"].contains(m.word(2)!) : m.word(2) == "and" { return nil }
            guard case .monthDay(let month, let day) = m.time(1).expression else { return nil }
            // "April 27th to the 3rd": an end day before the start is in the next month.
            let endMonth = m.int(4) < day ? month % 12 + 1 : month
            guard case .time(let end)? = monthDay(endMonth, m.int(4))?.value else { return nil }
            return Compose.range(m.time(1), end, m.series).map { .time($0) }
        },
        // 13-15 July, from the 3rd to the 6th of June, 2-9 October
        // (between the 9th and the 17th of April, between 3 and 12 of Sept)
        Rule("day-range-month", [Element.words(["from", "between"]).opt, Element.word("the").opt, dayElement, .words(["-", "to", "thru", "through", "till", "until", "and"]), .time { $0.isMonthDay }], role: nil, endElement: 4) { m in
            if (m.word(3) == "and") != (m.word(0) == "between") { return nil }
            guard case .monthDay(let month, _) = m.time(4).expression, case .time(let start)? = monthDay(month, m.int(2))?.value else { return nil }
            return Compose.range(start, m.time(4), m.series).map { .time($0) }
        },
        // from 4-23 next month, the 5th to the 9th of next month: days of a month named by a cycle
        Rule("day-range-cycle", [Element.words(["from", "between"]).opt, Element.word("the").opt, dayElement, .words(["-", "to", "thru", "through", "till", "until", "and"]), Element.word("the").opt, dayElement,
                                 Element.words(["of", "in"]).opt, .time { $0.isCycle && $0.grain == .month }], role: nil, endElement: 5) { m in
            if (m.word(3) == "and") != (m.word(0) == "between") { return nil }
            let box = m.time(7)
            guard m.int(2) < m.int(5), let start = Compose.intersect(TimeValue.date(.dayOfMonth(m.int(2))), box, m.series),
                  let end = Compose.intersect(TimeValue.date(.dayOfMonth(m.int(5))), box, m.series) else { return nil }
            return Compose.range(start, end, m.series).map { .time($0) }
        },

        // MARK: durations attached to a start
        // 5pm for 45 mins, 20th Nov for 5 days, from 5pm for forty minutes
        Rule("time-for-duration", [Element.word("from").opt, .time { $0.isPlain && !$0.hasEnd }, .words(["for", "lasting"]), .duration()], role: nil) { m in
            withDuration(m.time(1), m.duration(3))
        },
        // tomorrow 3pm 30 min, Friday at 10 2h, at 4pm half an hour: a length right after a
        // time of day is how long it lasts
        Rule("time-then-duration", [.time { $0.isPlain && $0.hasClock && !$0.hasEnd && !$0.isStretch }, .duration { $0.months == 0 && $0.days == 0 && $0.seconds <= 12 * 3600 }], role: nil) { m in
            withDuration(m.time(0), m.duration(1))
        },
        // for 5 days from 20th Nov, for 45' starting from 5pm
        // (for 3 days, from Friday; for 2 weeks from today: not "for" a day 2 weeks from today)
        Rule("duration-starting", priority: 1, [.word("for"), .duration(), Element.symbol(",").opt, .words(["from", "starting", "beginning", "since"]), Element.words(["from", "at", "on"]).opt, .time { $0.isPlain && !$0.hasEnd }], role: nil) { m in
            withDuration(m.time(5), m.duration(1))
        },

        // "for 90 minutes" alone: from now, for that long
        Rule("for-duration", [.words(["for", "lasting"]), .duration()], role: "duration") { m in
            var t = TimeValue(.now, grain: .minute)
            t.fromNow = Offset()
            t.duration = m.duration(1)
            t.hasEnd = true
            return .time(t)
        },

        // MARK: bounds
        // (after 3, anytime after 3, any time after 3, some time after 3)
        Rule("after-time", [Element.words(["anytime", "sometime", "sometimes", "any", "some"]).opt, Element.word("time").opt, .words(["after", "since", "from", "starting", "beginning"]), Element.words(["from", "on", "at"]).opt, .timeItem { $0.time!.isPlain && !$0.time!.hasEnd && !$0.isFourDigitClock }], role: nil) { m in
            if m.word(0) == "any" || m.word(0) == "some", !m.has(1) { return nil }
            if m.word(2) == "starting" || m.word(2) == "beginning" { if m.word(3) == "at" { return nil } }
            var t = m.time(4)
            t.openBound = m.word(2) == "after" ? .afterEnd : .after
            return .time(t)
        },
        Rule("before-time", [Element.words(["anytime", "sometime", "sometimes", "any", "some"]).opt, Element.word("time").opt, .words(["until", "untill", "till", "til", "before", "through", "thru", "up"]), Element.word("to").opt, .timeItem { $0.time!.isPlain && !$0.time!.hasEnd && !$0.isFourDigitClock }], role: nil) { m in
            if m.word(0) == "any" || m.word(0) == "some", !m.has(1) { return nil }
            if m.word(2) == "up", !m.has(3) { return nil }
            var t = m.time(4)
            t.openBound = m.word(2) == "before" ? .before : .until
            return .time(t)
        },
        // monday after 3pm, tomorrow after 6; after 3pm on monday: from
        // that time of that day on
        Rule("day-after-time", [.time { $0.isPlain && $0.hasDate && !$0.hasClock && !$0.hasDayPart && !$0.hasEnd && $0.grain == .day },
                                Element.symbol(",").opt, .word("after"), .anyTime { $0.isPlain && !$0.hasDate && !$0.hasEnd && $0.hasClock }], role: nil) { m in
            guard var t = Compose.intersect(m.time(0), m.time(3), m.series) else { return nil }
            t.openBound = .afterEnd
            return .time(t)
        },
        Rule("after-time-on-day", [.time { $0.openBound == .afterEnd && !$0.hasDate && $0.hasClock && $0.duration == nil && $0.zone == nil && $0.fromNow == nil },
                                   Element.words(["on", ","]).opt, .time { $0.isPlain && $0.hasDate && !$0.hasClock && !$0.hasDayPart && !$0.hasEnd && $0.grain == .day }], role: nil) { m in
            var bound = m.time(0)
            bound.openBound = nil
            guard var t = Compose.intersect(bound, m.time(2), m.series) else { return nil }
            t.openBound = .afterEnd
            return .time(t)
        },
        // saturday from 8, tomorrow from 9am, on the 12th from 7: a day and the time it
        // starts at, as "from 7 on the 12th" (a bare number before a noun is a count:
        // "friday from 2 friends")
        Rule("day-from-time", [.time { $0.isPlain && $0.hasDate && !$0.hasClock && !$0.hasDayPart && !$0.hasEnd && $0.grain == .day }, .word("from"),
                               .timeItem { $0.time!.isPlain && $0.time!.hasClock && !$0.time!.hasDate && !$0.time!.hasEnd && !$0.isFourDigitClock }], role: nil) { m in
            let clock = m.item(2)!
            if clock.latent, clock.end < m.tokens.count, m.tokens[clock.end].kind == .word,
               !["on", "at", "onwards", "onward", "and", "with", "for", "in", "till", "until"].contains(m.tokens[clock.end].text) { return nil }
            guard var t = Compose.intersect(m.time(0), m.time(2), m.series) else { return nil }
            t.openBound = .after
            return .time(t)
        },
        Rule("by-time", [.words(["by", "before"]), Element.word("the").opt, .timeItem { $0.time!.isPlain && !$0.time!.hasEnd && !$0.isFourDigitClock }], role: nil) { m in
            if m.word(0) == "before" { return nil }
            // "by 2 hours", "by 30 minutes": a length, not a time to be done by.
            if let item = m.item(2), item.end < m.tokens.count, Lexicon.durationUnits[m.tokens[item.end].text] != nil { return nil }
            var t = m.time(2)
            t.openBound = .by
            return .time(t)
        },
        // not before 10, no earlier than 9am, not earlier than monday, no sooner than friday:
        // from then on; not after 5pm: by then, as "no later than 5pm"
        Rule("not-before", [.words(["no", "not"]), .words(["before", "earlier", "sooner", "after"]), Element.word("than").opt,
                            .anyTime { $0.isPlain && !$0.hasEnd && ($0.hasClock || $0.hasDate || $0.hasDayPart) }], role: nil) { m in
            let comparative = m.word(1) == "earlier" || m.word(1) == "sooner"
            guard comparative == m.has(2), m.word(0) == "not" || comparative else { return nil }
            var t = m.time(3)
            t.openBound = m.word(1) == "after" ? .by : .after
            return .time(t)
        },
        // no later than 5pm, not later than friday, no later than 5 (an hour alone too)
        Rule("no-later-than", [.words(["no", "not"]), .word("later"), .word("than"), .anyTime { $0.isPlain && ($0.hasClock || $0.hasDate || $0.hasDayPart) }], role: nil) { m in
            var t = m.time(3)
            t.openBound = .by
            return .time(t)
        },

        // MARK: all day
        Rule("all-day", [.words(["all"]), Element.word("-").opt, .word("day")], role: "date") { _ in
            var t = TimeValue.date(.cycle(.day, 0))
            t.isAllDay = true
            return .time(t)
        },
        Rule("time-all-day", [.time { $0.isPlain && !$0.hasClock && !$0.hasDayPart }, .time { $0.isAllDay && $0.expression == .cycle(.day, 0) }], role: nil) { m in
            var t = m.time(0)
            t.isAllDay = true
            return .time(t)
        },
        Rule("all-day-time", [.time { $0.isAllDay && $0.expression == .cycle(.day, 0) }, Element.words(["on", ","]).opt, .time { $0.isPlain && !$0.hasClock && !$0.hasDayPart }], role: nil) { m in
            var t = m.time(2)
            t.isAllDay = true
            return .time(t)
        },
    ]

    /// Two bare hours that are a morning's as written on the dial: "10 to 12 am" is 10:00–12:00
    /// (the am says the range's half of the day; 12 am alone is midnight, which made a
    /// 14-hour range), and "6-11", "5-10" are 06:00–11:00 (the start's scheduling reading,
    /// 18:00, came after the end's only one, 11:00, and no range was read). "8pm to 12am",
    /// "6-9" (18:00–21:00) and "11pm-12am" are left as they are.
    /// "20/12-3/1", "12/20 to 1/3": when one end's numbers say which comes first (20 is no
    /// month), the other end is read in that order too, whatever the setting.
    static func sameDateOrder(_ end: inout TimeValue, start a: Item, end b: Item, _ m: Match) {
        guard let (p, q) = numericPair(a, m), let (r, s) = numericPair(b, m), r <= 12, s <= 12, r != s, (p > 12) != (q > 12) else { return }
        let dayFirst = p > 12
        guard dayFirst != m.dayFirst, case .time(let t)? = numericDate(r, s, year: nil, dayFirst: dayFirst)?.value else { return }
        end = t
    }

    /// The two numbers of an item written "12/20" or "20.12", nil for others.
    static func numericPair(_ item: Item, _ m: Match) -> (Int, Int)? {
        guard item.end - item.first == 3, let x = m.tokens[item.first].number, let y = m.tokens[item.first + 2].number else { return nil }
        let mark = m.tokens[item.first + 1].text
        return mark == "/" || mark == "." ? (x, y) : nil
    }

    /// True when the dash at `dash` and the clock `end` after it are a UTC offset ("14:30
    /// -0500", "9:00 -05:00"): the dash apart from the time before it and touching four
    /// digits, or two and their minutes, with a leading zero ("10:00 -11:00" is a range
    /// typed loosely).
    static func looksLikeOffset(_ m: Match, dash: Int, end: Item) -> Bool {
        guard let sign = m.token(dash), sign.spaceBefore, !m.tokens[end.first].spaceBefore,
              m.tokens[end.first].text.hasPrefix("0") else { return false }
        let digits = m.tokens[end.first].digitCount
        return digits == 4 && end.end - end.first == 1 || digits == 2 && end.end - end.first == 3 && m.tokens[end.first + 1].text == ":"
    }

    /// The verbs that move an event to a new time ("move it to 9 to 5").
    static let movingVerbs: Set<String> = ["move", "moved", "push", "pushed", "shift", "change", "changed", "reschedule",
                                           "rescheduled", "resched", "bump", "switch", "set", "update", "make", "postpone", "bring"]

    static func morningRange(_ start: inout TimeValue, _ end: inout TimeValue, endItem: Item, _ m: Match) {
        guard case .ambiguousClock(let h, let minute, let second, let length) = start.expression, (1...11).contains(h) else { return }
        switch end.expression {
        case .clock(0, let endMinute, let endSecond, let endLength)
            where endItem.end - endItem.first >= 2 && m.tokens[endItem.first].number == 12 && ["am", "a"].contains(m.tokens[endItem.first + 1].text):
            end.expression = .clock(hour: 12, minute: endMinute, second: endSecond, length: endLength)
        case .ambiguousClock(let eh, _, _, _) where h < eh % 12 && Series.readings(ofHour: h) == (h + 12, nil) && Series.readings(ofHour: eh) == (eh % 12, nil):
            break
        default:
            return
        }
        start.expression = .clock(hour: h, minute: minute, second: second, length: length)
    }

    /// A weekday, maybe this, next or last one ("next thursday").
    static func isWeekdayBased(_ e: TimeExpression) -> Bool {
        switch e {
        case .weekday: return true
        case .intersect(let a, let b): return isWeekdayBased(a) || isWeekdayBased(b)
        case .occurrence(let inner, _, _): return isWeekdayBased(inner)
        default: return false
        }
    }

    static func fromNow(_ d: Offset) -> Production? {
        var t = TimeValue(.moment(d, d.unit), grain: d.unit)
        t.fromNow = d
        t.hasDate = true
        t.hasClock = d.unit < .day
        return .time(t)
    }

    /// "2 years from today": counted in whole days.
    static func dayOffset(_ d: Offset) -> Production? {
        var t = TimeValue.date(.shifted(.cycle(.day, 0), d), .day)
        t.grain = .day
        return .time(t)
    }

    /// "within 3 weeks": from now to the end of the day three weeks ahead.
    static func within(_ d: Offset) -> Production? {
        var t = TimeValue(d.unit >= .day ? .cycleAt(.day, d) : .moment(d, d.unit), grain: .second)
        t.hasDate = true
        t.openBound = .by
        return .time(t)
    }

    static func atOffset(_ t: TimeValue, _ offset: TimeValue, _ series: Series) -> Production? {
        guard let d = offset.fromNow else { return nil }
        // "today in two hours" is that moment from now.
        if t.expression == .cycle(.day, 0), d.unit < .day { return .time(offset) }
        // "Monday two weeks from now", "Friday in a month": that weekday of the week then.
        if case .weekday = t.expression, d.unit >= .week {
            let week = TimeValue.date(.cycleAt(.week, d), .week)
            return Compose.intersect(t, week, series).map { .time($0) }
        }
        var container = TimeValue.date(.cycleAt(d.unit == .week ? .day : d.unit, d), d.unit)
        container.hasClock = d.unit < .day
        return Compose.intersect(t, container, series).map { .time($0) }
    }

    static func withDuration(_ t: TimeValue, _ d: Offset) -> Production? {
        var r = t
        r.duration = d
        r.hasEnd = true
        return .time(r)
    }

    /// Whether two readings can be the ends of one range: like with like.
    /// Whether time items `a` and `b`, reading `x` and `y` (lent: copied out of the items, the
    /// two readings cost a copy and a destroy each), may be a range's ends.
    static func rangeEndsFit(_ a: Item, _ b: Item, _ x: TimeValue, _ y: TimeValue) -> Bool {
        // "between Jan 2019 and now": a date up to this moment.
        if y.expression == .now { return x.hasDate && !x.hasClock }
        if x.hasClock != y.hasClock { return x.hasClock && y.hasClock }
        if x.hasClock {
            // "from 3 to 6pm tomorrow": the day is the whole range's, read by intersecting.
            if !x.hasDate, y.hasDate { return false }
            // Four bare digits at both ends are years ("from 2014 to 2018"), not 20:14.
            if a.looksLikeYear && (b.latent || b.isFourDigitClock) || b.looksLikeYear && a.latent { return false }
            // "555-1234" is a phone number, not 05:55–12:34: two bare digit clocks make a range
            // as times are written, in minutes of fives and at most 12 hours apart.
            if a.isDigitClock, b.isDigitClock, let (h1, m1) = x.clockHourMinute, let (h2, m2) = y.clockHourMinute {
                let span = ((h2 * 60 + m2) - (h1 * 60 + m1) + 1440) % 1440
                if m1 % 5 != 0 || m2 % 5 != 0 || span == 0 || span > 720 { return false }
            }
            return !(a.latent && b.latent) || a.latent == b.latent
        }
        // Days with days; a year or a month may end in another grain when a year is said
        // ("2014 through May 2018", "Jan 2019 to today").
        if x.grain != y.grain && !(x.grain <= .day && y.grain <= .day) { return x.hasYear || y.hasYear || y.isCycle }
        return true
    }
}

extension TimeValue {
    var isMonthDay: Bool {
        if case .monthDay = expression { return isPlain }
        return false
    }

    var isNowItself: Bool { expression == .now }

    /// The hour and minute of a clock reading, ambiguous (a.m. or p.m.) or not.
    var clockHourMinute: (Int, Int)? {
        switch expression {
        case .clock(let h, let m, _, _), .ambiguousClock(let h, let m, _, _): return (h, m)
        default: return nil
        }
    }
}

extension TimeExpression {
    /// A month's name alone ("May", "March").
    var isMonth: Bool {
        if case .month = self { return true }
        return false
    }
}
