internal import ClerkCore

/// Dates and the words for days: today, Friday, Dec 3, 3 December, the 3rd, 12/3,
/// 2026-12-03, 3.12.2026, March, 2026, Q4, summer, morning.
extension DateRules {
    /// A plural noun after numbers ("rows", "people"): what they count. Words the dates know
    /// that end in "s" ("mins", "thurs", "tues") and short words ("is", "its") are not.
    static func isCountedNoun(_ token: Token) -> Bool {
        guard token.kind == .word else { return false }
        let text = token.text
        if ["people", "persons", "children", "kids", "men", "women", "guests", "times"].contains(text) { return true }
        return text.utf8.count >= 4 && text.hasSuffix("s") && !text.hasSuffix("ss") && Lexicon.weekdays[text] == nil
            && Lexicon.pluralWeekdays[text] == nil && !["lets", "thanks", "works", "plus", "this", "thus", "was"].contains(text)
    }

    /// Events people name before a day ("lunch sat", "drinks sun", "dinner wed?"): a short
    /// weekday that is also a word ("sat", "sun", "wed", "mon") at the end of the text after
    /// one of them is that day, as "lunch saturday" is ("she sat", "the sun" stay words).
    static let eventsBeforeADay: Set<String> = [
        "lunch", "dinner", "brunch", "breakfast", "drinks", "coffee", "party", "bbq", "meeting", "mtg", "call", "game", "match",
        "practice", "class", "shift", "gym", "yoga", "movie", "movies", "date", "appointment", "appt", "dentist", "doctor",
        "haircut", "run", "hike", "golf", "tennis", "soccer", "football", "rehearsal", "gig", "concert", "standup", "sync",
        "interview", "review", "demo", "session", "training", "lesson", "lessons", "church", "mass", "service", "playdate",
    ]

    /// Meals and the day's routines said as times of day, and the hours each is taken for
    /// (`meal-time`; "lunch" alone has its own rule, weak):
    ///
    /// | said | hours |
    /// |---|---|
    /// | breakfast time | 07:00–09:00 |
    /// | lunchtime, lunch time | 12:00–14:00, as `lunch` |
    /// | teatime, tea time | 16:00–18:00: afternoon tea, and a child's tea after school |
    /// | dinnertime, suppertime | 18:00–20:00: the evening meal, British and American |
    /// | bedtime | 21:00–23:00 |
    static let mealTimes: [String: (from: Int, to: Int)] = [
        "breakfasttime": (7, 9), "lunchtime": (12, 14), "teatime": (16, 18), "dinnertime": (18, 20), "suppertime": (18, 20), "bedtime": (21, 23),
    ]

    /// The window of the meal time `name` ("teatime"), unless no lead word was said (the
    /// match's first element) and a noun follows element `last`.
    static func mealTime(_ name: String, _ m: Match, last: Int) -> Production? {
        if !m.has(0), nounFollows(m, last) { return nil }
        return mealTimes[name].map { .time(.dayPart(from: $0.from, to: $0.to)) }
    }

    /// True when the token after element `element` is a word that does not go on with a date
    /// ("a bedtime story", "before work starts"): the words before it name a thing, not a
    /// time. A day and the words that lead to one ("before work on friday", "teatime
    /// tomorrow", "after dinner with Ana on friday") go on with it; "at" does not ("gym
    /// before work at 7" is at 7, and the title keeps "before work").
    static func nounFollows(_ m: Match, _ element: Int) -> Bool {
        let after = Int(m.captures[element] >> 1) + 1
        guard after < m.tokens.count, m.tokens[after].kind == .word else { return false }
        let word = m.tokens[after].text
        return !dayLeads.contains(word) && Lexicon.weekdays[word] == nil
    }

    /// Words before "first thing" or "last thing" that make it a thing, not a time ("the
    /// first thing I do", "one last thing").
    static let thingOpeners: Set<String> = ["the", "a", "my", "your", "our", "very", "one"]

    static let dayLeads: Set<String> = ["on", "every", "each", "tomorrow", "today", "tonight", "tmrw", "this", "next", "with"]

    static func endsAfterAnEvent(_ m: Match) -> Bool {
        guard let at = m.token(0).map({ _ in Int(m.captures[0] >> 1) }), at > 0 else { return false }
        var end = at + 1
        while end < m.tokens.count, m.tokens[end].kind == .symbol, ["?", "!", "."].contains(m.tokens[end].text) { end += 1 }
        guard end == m.tokens.count else { return false }
        var before = at - 1
        // "lunch on sat", "drinks this sat" are read by their own rules; here the word itself.
        if before > 0, m.tokens[before].text == "," { before -= 1 }
        return m.tokens[before].kind == .word && eventsBeforeADay.contains(m.tokens[before].text)
    }

    /// "dentist 18th", "the party is 18th", "the hilton 18th-22nd": a written ordinal that ends
    /// the text after an event's words (alone, or the start of a range of ordinals) is a day of
    /// the month. A place, a rank or an age is not: "my 18th", "Ana's 18th", "finished 18th",
    /// "at 18th" (a street); before a noun ("18th floor", "the 18th century") it stays latent.
    static func closesEventWords(first: Int, end: Int, _ tokens: UnsafeBufferPointer<Token>) -> Bool {
        guard first > 0, tokens[first - 1].kind == .word, !notADayBeforeAnOrdinal.contains(tokens[first - 1].text) else { return false }
        var next = end
        // "18th-22nd", "18th to 22nd": the range's own rule reads the end.
        if next < tokens.count, ["-", "to", "till", "until", "thru", "through"].contains(tokens[next].text),
           next + 2 < tokens.count, tokens[next + 1].digitCount > 0, tokens[next + 1].digitCount <= 2,
           Lexicon.ordinalSuffixes.contains(tokens[next + 2].text) {
            next += 3
        }
        while next < tokens.count, tokens[next].kind == .symbol { next += 1 }
        return next == tokens.count
    }
    /// Words after which a closing ordinal is a rank, an age or a street, not a day.
    static let notADayBeforeAnOrdinal: Set<String> = ["my", "your", "his", "her", "our", "their", "its", "whose", "'s", "s", "happy",
                                                      "finished", "finish", "finishing", "came", "come", "placed", "place", "ranked", "rank",
                                                      "rated", "seeded", "position", "number", "no", "was", "were", "got", "in", "at", "overall"]

    /// Nouns of events and things an ordinal counts ("the first meeting", "the 2nd call",
    /// "the 2nd floor", "my 30th birthday"): no day of the month before them.
    static let eventNouns: Set<String> = ["meeting", "meetings", "event", "events", "appointment", "appointments", "appt", "call", "calls",
                                          "one", "ones", "session", "sessions", "class", "lesson", "slot", "thing", "item", "entry", "occurrence", "time", "mtg",
                                          "floor", "floors", "birthday", "bday", "anniversary", "place", "round", "grade", "attempt", "try", "edition",
                                          "avenue", "ave", "row", "level", "period", "half", "quarter", "inning", "lap"]
    static let monthElement = Element.words(Set(Lexicon.months.keys))
    static let weekdayElement = Element.words(Set(Lexicon.weekdays.keys))
    /// A day of the month: 3, 3rd, third, twenty-first.
    static let dayElement = Element.number { n in
        n.isWhole && !n.isCount && (1...31).contains(n.value) && n.digitCount <= 2
    }
    /// A year written out: 2026, 2999, two thousand ten.
    static let yearElement = Element.number { n in
        n.isWhole && !n.isOrdinal && (n.digitCount == 4 || (n.isWords && n.value >= 1000)) && (1000...9999).contains(n.value)
    }
    static let dateSeparators: Set<String> = ["/", "-", "."]

    /// The days from `low` to `high` units from today, both included ("in 2-3 weeks"), at the
    /// grain of the unit: a new event said so asks which day, as one said "next week" does.
    static func countRange(_ low: Int, _ high: Int, _ unit: Grain) -> Production? {
        var t = TimeValue.date(.range(.cycleAt(.day, .of(Double(low), unit)), .cycleAt(.day, .of(Double(high), unit)), inclusive: true), unit)
        t.isStretch = true
        t.hasEnd = true
        return .time(t)
    }
    /// Words after which "14.12." is a date: date words, and the words of a question about
    /// the agenda or of a request to see it ("agenda 17.12.", "show me 17.12.", "what's on
    /// 17.12.", "anything 17.12.?").
    static let dottedDateIntroducers: Set<String> = [
        "on", "from", "until", "till", "by", "before", "after", "since", "the", ",", "for",
        "agenda", "calendar", "schedule", "show", "me", "see", "list", "view", "check", "what", "what's", "whats",
        "anything", "plans", "events", "free", "busy",
    ]

    /// The parts of the day a day's "early" must not be read before ("early friday morning").
    static let dayPartWords: Set<String> = ["morning", "afternoon", "evening", "night", "tonight", "am", "pm"]

    static let dates: [Rule] = [
        // MARK: relative days (misspellings and shorthand such as "tmrw" are SpellingTolerance's)
        Rule("today", [.words(["today", "todays"])], role: "date") { _ in .time(.date(.cycle(.day, 0))) },
        Rule("tomorrow", [.words(["tomorrow", "tomorrows"])], role: "date") { _ in
            .time(.date(.cycle(.day, 1)))
        },
        Rule("yesterday", [.words(["yesterday", "yesterdays"])], role: "date") { _ in .time(.date(.cycle(.day, -1))) },
        Rule("day-after-tomorrow", [Element.word("the").opt, .word("day"), .word("after"), .word("tomorrow")], role: "date") { _ in
            .time(.date(.cycle(.day, 2)))
        },
        Rule("day-before-yesterday", [Element.word("the").opt, .word("day"), .word("before"), .word("yesterday")], role: "date") { _ in
            .time(.date(.cycle(.day, -2)))
        },
        Rule("now", [Element.words(["right", "just"]).opt, .word("now")], role: "time") { _ in now() },
        Rule("at-the-moment", [.word("at"), .word("the"), .word("moment")], role: "time") { _ in now() },
        Rule("atm-asap", [.words(["atm", "asap"])], role: "time") { _ in now() },
        Rule("as-soon-as-possible", [.word("as"), .word("soon"), .word("as"), .word("possible")], role: "time") { _ in now() },
        Rule("at-this-time", [.word("at"), .word("this"), .word("time")], role: "time") { _ in now() },
        Rule("at-present", [.word("at"), Element.word("the").opt, .words(["present", "minute"])], role: "time") { m in
            m.has(1) == (m.word(2) == "minute") ? now() : nil
        },

        // MARK: weekdays, months, years
        Rule("weekday", [weekdayElement, Element.symbol(".").touching.opt], role: "date") { m in
            let w = m.word(0)!
            // (The ambiguous ones have three letters: a full name is told apart without hashing it.)
            let weak = w.utf8.count == 3 && Lexicon.ambiguousWeekdays.contains(w) && !m.has(1) && !endsAfterAnEvent(m)
            return .time(.date(.weekday(weekdayOf(m, 0)!)), latent: weak)
        },
        // "Fridays": a weekday to count ("4 Mondays from now") or to repeat ("on Fridays")
        Rule("weekday-plural", [.words(Set(Lexicon.pluralWeekdays.keys))], role: "date") { m in
            var t = TimeValue.date(.weekday(pluralWeekdayOf(m, 0)!))
            t.isPluralWeekday = true
            return .time(t, latent: true)
        },
        Rule("month", [monthElement, Element.symbol(".").touching.opt], role: "date") { m in
            let w = m.word(0)!
            // (The ambiguous ones have three letters, or are "march": most names are told apart
            // by their length, without hashing them.)
            let count = w.utf8.count
            let weak = count == 5 ? w == "march" : count == 3 && Lexicon.ambiguousMonths.contains(w)
            return .time(.date(.month(monthOf(m, 0)!), .month), latent: weak)
        },
        // in the new year, into the new year, early in the new year (with `early-mid-late`):
        // the January to come, or the one we are in, as "in January" is. "The new year" alone
        // stays New Year's Day's weak name ("after the new year" is after 1 January, as "after
        // Christmas" is; "new year resolutions" names no day).
        Rule("in-the-new-year", [.words(["in", "into"]), .word("the"), .word("new"), .words(["year", "years"])], role: "date") { _ in
            .time(.date(.month(1), .month))
        },
        Rule("year", [yearElement], role: "date") { m in
            .time(.date(.year(m.int(0)), .year, year: true), latent: true)
        },
        Rule("year-era", [.number { $0.isWhole && !$0.isOrdinal && $0.value >= 1 && $0.value <= 9999 },
                          .words(["ad", "bc", "bce", "ce", "a", "b"]), Element.symbol(".").touching.opt,
                          Element.words(["d", "c"]).opt, Element.symbol(".").touching.opt], role: "date") { m in
            let w = m.word(1)!
            let era: String
            switch (w, m.word(3)) {
            case ("ad", nil), ("ce", nil), ("a", "d"): era = "ad"
            case ("bc", nil), ("bce", nil), ("b", "c"): era = "bc"
            default: return nil
            }
            let y = m.int(0)
            return .time(.date(.year(era == "bc" ? -y : y), .year, year: true))
        },

        // MARK: month and day
        // April 9, April 9th, April the 9th, Feb13, April first
        Rule("month-day", [monthElement, Element.symbol(".").touching.opt, Element.word("the").opt, dayElement], role: "date") { m in
            monthDay(monthOf(m, 0)!, m.int(3))
        },
        // Apr/9, Jan-15, June-3: the month's name and the day joined by a mark
        Rule("month-mark-day", [monthElement, Element.symbols(["/", "-"]).touching, Element.number { $0.isWhole && !$0.isCount && (1...31).contains($0.value) && $0.digitCount > 0 && $0.digitCount <= 2 }.touching], role: "date") { m in
            monthDay(monthOf(m, 0)!, m.int(2))
        },
        // Aug 2027, May 2028, October, 2026: a month's name and a year of four digits is a date
        // even when the name is also a word
        Rule("month-year", [monthElement, Element.symbol(".").touching.opt, Element.symbol(",").opt, Element.digits { $0.digitCount == 4 && $0.number! >= 1000 }], role: "date") { m in
            .time(.date(.intersect(.year(m.digits(3)), .month(monthOf(m, 0)!)), .month, year: true))
        },
        // Sep '98, June '05: a month and a two-digit year after an apostrophe
        Rule("month-apostrophe-year", [monthElement, Element.symbol(".").touching.opt, .symbol("'"), Element.digits { $0.digitCount == 2 }.touching], role: "date") { m in
            .time(.date(.intersect(.year(fullYear(m.token(3)!)), .month(monthOf(m, 0)!)), .month, year: true))
        },
        // '27, '98: a two-digit year after an apostrophe, weak alone; with what it dates it is
        // that one's year ("summer '27", "christmas '28", "Q4 '27", "in '29")
        Rule("apostrophe-year", [.symbol("'"), Element.digits { $0.digitCount == 2 }.touching], role: "date") { m in
            // "'27'": a number in quotes, not a year.
            if let after = m.gluedToken(after: 1), after.text == "'" { return nil }
            return .time(.date(.year(fullYear(m.token(1)!)), .year, year: true), latent: true)
        },
        // 2028-June, 2027/oct: a year and a month's name
        Rule("year-month-name", [.digits { $0.digitCount == 4 }, .symbols(["-", "/", "."]).touching, monthElement.touching], role: "date") { m in
            .time(.date(.intersect(.year(m.digits(0)), .month(monthOf(m, 2)!)), .month, year: true))
        },
        // 2027-jun-3, 2028/oct/09: a year, a month's name and a day
        Rule("year-month-name-day", [.digits { $0.digitCount == 4 }, .symbols(["-", "/", "."]).touching, monthElement.touching,
                                     .symbols(["-", "/", "."]).touching, Element.digits { $0.digitCount <= 2 }.touching], role: "date") { m in
            guard m.word(1) == m.word(3) else { return nil }
            return datedValue(month: monthOf(m, 2)!, day: m.digits(4), year: m.digits(0))
        },
        // 3 December, 15th of February, the second of April, 14april
        Rule("day-month", [Element.word("the").opt, dayElement, Element.word("of").opt, Element.symbols(["-", "/", "."]).opt, monthElement], role: "date") { m in
            guard !(m.has(2) && m.has(3)) else { return nil }
            // "14-april" is one date; "13 - July 15" is the start of a range.
            if m.has(3), m.token(3)!.spaceBefore || m.token(4)!.spaceBefore { return nil }
            return monthDay(monthOf(m, 4)!, m.int(1))
        },
        // 14th April 15: a two-digit year after a day written first
        Rule("day-month-yy", [.timeItem { $0.madeBy(.dayMonth) }, Element.words([",", "of"]).opt, .digits { $0.digitCount == 2 }], role: "date") { m in
            guard case .monthDay(let month, let day)? = m.item(0)?.time?.expression else { return nil }
            // "16-Jun-17" and "16th June 17" carry a year; in "16-Jun 17" the 17 is another day.
            if let dated = m.item(0), m.token(2)!.spaceBefore,
               m.tokens[dated.first..<dated.end].contains(where: { ["-", "/", "."].contains($0.text) }) { return nil }
            return datedValue(month: month, day: day, year: fullYear(m.token(2)!))
        },
        // 5 Jan '27, the 5th of January '27, Jan 5 '27, January the 5th, '27: a day of a month
        // with a two-digit year after an apostrophe
        // (Two rules, not an optional comma: a reading followed by an optional mark was tried
        // at every reading.)
        Rule("date-apostrophe-year", [.anyTime { $0.isMonthDay }, .symbol("'"), Element.digits { $0.digitCount == 2 }.touching], role: "date") { m in
            guard case .monthDay(let month, let day) = m.time(0).expression else { return nil }
            return datedValue(month: month, day: day, year: fullYear(m.token(2)!))
        },
        Rule("date-apostrophe-year", [.anyTime { $0.isMonthDay }, .symbol(","), .symbol("'"), Element.digits { $0.digitCount == 2 }.touching], role: "date") { m in
            guard case .monthDay(let month, let day) = m.time(0).expression else { return nil }
            return datedValue(month: month, day: day, year: fullYear(m.token(3)!))
        },
        Rule("ides", [Element.word("the").opt, .word("ides"), .word("of"), monthElement], role: "date") { m in
            let month = monthOf(m, 3)!
            return monthDay(month, [3, 5, 7, 10].contains(month) ? 15 : 13)
        },
        // the 3rd, on the 17th, the 23 (latent without "the" or an ordinal)
        Rule("the-day-of-month", [.word("the"), dayElement], role: "date") { m in
            // "the one" is not a date; "the first", "the 23" may be.
            let n = m.number(1)
            guard n.isOrdinal || !n.isWords else { return nil }
            // "the first meeting on monday", "the 2nd call": which of the events, not a day.
            if let said = m.item(1), said.end < m.tokens.count, eventNouns.contains(m.tokens[said.end].text) { return nil }
            return .time(.date(.dayOfMonth(n.value)), latent: !n.isOrdinal)
        },
        Rule("ordinal-day-of-month", [.number { $0.isOrdinal && (1...31).contains($0.value) && $0.digitCount > 0 }], role: "date") { m in
            guard let said = m.item(0) else { return nil }
            if said.end < m.tokens.count, eventNouns.contains(m.tokens[said.end].text) { return nil }
            return .time(.date(.dayOfMonth(m.int(0))), latent: !closesEventWords(first: said.first, end: said.end, m.tokens))
        },

        // MARK: numeric dates
        // in 2-3 weeks, in 3 to 4 days, in 2 or 3 months: the days from the nearer to the
        // further ("in a week or two": `in-unit-or-two`)
        Rule("in-count-range", [.word("in"), .digits { $0.digitCount <= 2 && $0.number! >= 1 }, .symbols(["-"]).opt, Element.words(["to", "or"]).opt,
                                .digits { $0.digitCount <= 2 && $0.number! >= 1 }, .words(["days", "weeks", "months"])], role: "date") { m in
            guard m.has(2) != m.has(3), m.digits(1) < m.digits(4) else { return nil }
            return countRange(m.digits(1), m.digits(4), durationUnitOf(m, 5)!)
        },
        // in a week or two, in a day or two, in a month or two
        Rule("in-unit-or-two", [.word("in"), .words(["a", "one"]), .words(["day", "week", "month"]), .word("or"), .word("two")], role: "date") { m in
            countRange(1, 2, durationUnitOf(m, 2)!)
        },
        // 3/17, 12/3 (order by the reference), 3 - 17
        Rule("numeric-date", [.digits { $0.digitCount <= 2 && $0.number! >= 1 }, .symbols(["/", "-"]),
                              .digits { $0.digitCount <= 2 && $0.number! >= 1 }], role: "date") { m in
            guard m.token(1)!.spaceBefore == m.token(2)!.spaceBefore else { return nil }
            // "in 2-3 weeks", "5-6 hours": counts before a unit, no date.
            let after = Int(m.captures[2] >> 1) + 1
            if after < m.tokens.count, Lexicon.durationUnits[m.tokens[after].text] != nil { return nil }
            // "2-3 rows back", "4-5 people", "1-2 slices": a dash from a smaller number to a
            // larger one before a plural noun is a count of things ("12-3 works" stays a date).
            if after < m.tokens.count, m.word(1) == "-", m.digits(0) < m.digits(2), isCountedNoun(m.tokens[after]) { return nil }
            // "3 - 1" with spaces is more often a score or a range of numbers: a date only alone.
            // After a weekday, the other order when only that one falls on it ("Fri 4/12" is 4
            // December, a Friday, where 12 April is a Monday).
            let dayFirst = m.dayFirst != weekdayTakesOtherOrder(m, m.digits(0), m.digits(2))
            guard case .time(let t)? = numericDate(m.digits(0), m.digits(2), year: nil, dayFirst: dayFirst)?.value else { return nil }
            return .time(t, latent: m.token(1)!.spaceBefore)
        },
        // 14.12. (day first, as German and Nordic writers date): with the closing dot it is a
        // date at the start or after a date word ("on 14.12.", "Mon 14.12."); elsewhere, and
        // without the dot, only alone ("it grew 3.5." and "14.12" in a line are numbers).
        Rule("dotted-day-month", [.digits { $0.digitCount <= 2 && $0.number! >= 1 }, Element.symbol(".").touching,
                                  Element.digits { $0.digitCount <= 2 && $0.number! >= 1 }.touching, Element.symbol(".").touching.opt], role: "date") { m in
            // Not a piece of a longer dotted run ("1.2.3", "03.12.2026"), unless a dash joins
            // it to another dotted date with its closing dot ("24.12.-26.12.").
            // Punctuation may touch it ("17.12.?").
            let first = Int(m.captures[0] >> 1), last = Int(m.captures[m.has(3) ? 3 : 2] >> 1)
            let dateBefore = m.has(3) && isDash(m.tokens, first - 1) && dottedDate(m.tokens, endingAt: first - 2)
            let dateAfter = m.has(3) && isDash(m.tokens, last + 1) && dottedDate(m.tokens, startingAt: last + 2)
            if let glued = m.gluedToken(before: 0), continuesRun(glued), !dateBefore { return nil }
            if let glued = m.gluedToken(after: m.has(3) ? 3 : 2), continuesRun(glued), !dateAfter { return nil }
            guard case .time(let t)? = numericDate(m.digits(0), m.digits(2), year: nil, dayFirst: true)?.value else { return nil }
            if !m.has(3), m.digits(2) > 12 { return nil }
            // The second of a range is a date when the first is ("what's on 24.12.-26.12.").
            let introduced = dateBefore ? introducesDottedDate(m.tokens, before: first - 5) : introducesDottedDate(m.tokens, before: first)
            return .time(t, latent: !(m.has(3) && introduced))
        },
        // 11/28/1985, 11-28-85, 3.12.2026 (dots: day first)
        Rule("numeric-date-year", [.digits { $0.digitCount <= 2 && $0.number! >= 1 }, .symbols(dateSeparators).touching,
                                   Element.digits { $0.digitCount <= 2 && $0.number! >= 1 }.touching, .symbols(dateSeparators).touching,
                                   Element.digits { $0.digitCount == 2 || $0.digitCount == 4 }.touching], role: "date") { m in
            guard m.word(1) == m.word(3) else { return nil }
            let year = fullYear(m.token(4)!)
            let dayFirst = m.word(1) == "." ? true : m.dayFirst
            return numericDate(m.digits(0), m.digits(2), year: year, dayFirst: dayFirst)
        },
        // 2026-12-03, 2016-4-9, 2016/04/09
        Rule("iso-date", [.digits { $0.digitCount == 4 }, .symbols(["-", "/", "."]).touching, Element.digits { $0.digitCount <= 2 }.touching,
                          .symbols(["-", "/", "."]).touching, Element.digits { $0.digitCount <= 2 }.touching], role: "date") { m in
            guard m.word(1) == m.word(3) else { return nil }
            return numericDate(m.digits(2), m.digits(4), year: m.digits(0), dayFirst: false)
        },
        // 2016-11, 2016/11
        Rule("year-month", [.digits { $0.digitCount == 4 }, .symbols(["-", "/"]).touching, Element.digits { $0.digitCount <= 2 && (1...12).contains($0.number!) }.touching], role: "date") { m in
            .time(.date(.intersect(.year(m.digits(0)), .month(m.digits(2))), .month, year: true))
        },
        // 3/2016
        Rule("month-year", [.digits { $0.digitCount <= 2 && (1...12).contains($0.number!) }, .symbols(["/", "-", "."]).touching, Element.digits { $0.digitCount == 4 }.touching], role: "date") { m in
            .time(.date(.intersect(.year(m.digits(2)), .month(m.digits(0))), .month, year: true))
        },
        // 28/Nov/1985, 28-Nov-85
        Rule("day-month-name-year", [.digits { $0.digitCount <= 2 }, .symbols(["/", "-", "."]).touching, monthElement.touching,
                                     .symbols(["/", "-", "."]).touching, Element.digits { $0.digitCount == 2 || $0.digitCount == 4 }.touching], role: "date") { m in
            guard m.word(1) == m.word(3) else { return nil }
            return datedValue(month: monthOf(m, 2)!, day: m.digits(0), year: fullYear(m.token(4)!))
        },
        // Oct/2/2018, Jun.15.27, Oct-02-18: the month's name first, then the day and the year,
        // joined by one mark ("Dec-14-16" is still the 14th to the 16th: after a dash, a
        // two-digit year after a day without a leading zero must come before it)
        Rule("month-name-day-year", priority: 1, [monthElement, .symbols(["/", "-", "."]).touching, Element.digits { $0.digitCount <= 2 }.touching,
                                                  .symbols(["/", "-", "."]).touching, Element.digits { $0.digitCount == 2 || $0.digitCount == 4 }.touching], role: "date") { m in
            guard m.word(1) == m.word(3) else { return nil }
            if m.word(1) == "-", m.token(4)!.digitCount == 2, m.token(2)!.digitCount == 1 || m.token(2)!.text.first != "0", m.digits(4) > m.digits(2) { return nil }
            return datedValue(month: monthOf(m, 0)!, day: m.digits(2), year: fullYear(m.token(4)!))
        },

        // MARK: quarters
        Rule("ordinal-quarter", [Element.word("the").opt, .number { $0.isOrdinal && (1...4).contains($0.value) }, .words(["quarter", "qtr"])], role: "date") { m in
            .time(.date(.quarter(m.int(1)), .quarter))
        },
        Rule("q-quarter", [.word("q"), Element.digits { (1...4).contains($0.number!) && $0.digitCount == 1 }.touching], role: "date") { m in
            .time(.date(.quarter(m.digits(1)), .quarter))
        },
        // 2016Q3, 16q3
        Rule("year-q-quarter", [.digits { $0.digitCount == 4 || $0.digitCount == 2 }, Element.word("q").touching,
                                Element.digits { (1...4).contains($0.number!) && $0.digitCount == 1 }.touching], role: "date") { m in
            let year = fullYear(m.token(0)!)
            return .time(.date(.intersect(.year(year), .quarter(m.digits(2))), .quarter, year: true))
        },

        // MARK: seasons and parts of the day
        Rule("season", [.words(["spring", "summer", "fall", "autumn", "winter", "summertime", "wintertime"])], role: "date") { m in
            let season: Season
            switch m.word(0)! {
            case "spring": season = .spring
            case "summer", "summertime": season = .summer
            case "fall", "autumn": season = .fall
            default: season = .winter
            }
            var t = TimeValue.date(.season(season), .day)
            t.isStretch = true
            return .time(t, latent: m.word(0) == "fall" || m.word(0) == "spring")
        },
        Rule("part-of-day", [.words(["morning", "afternoon", "evening", "night", "afternoonish", "mornings", "evenings", "nights", "afternoons"])], role: "time") { m in
            let w = m.word(0)!
            if w.hasPrefix("morning") { return .time(.dayPart(from: 0, to: 12), latent: true) }
            if w.hasPrefix("afternoon") { return .time(.dayPart(from: 12, to: 19), latent: true) }
            return .time(.dayPart(from: 18, to: 24), latent: true)
        },
        Rule("early-morning", [.word("early"), Element.words(["in"]).opt, Element.word("the").opt, .word("morning")], role: "time") { _ in
            .time(.dayPart(from: 0, to: 9))
        },
        // first thing tomorrow, first thing in the morning: the early morning of that day
        Rule("first-thing", [.word("first"), .word("thing"), Element.word("in").opt, Element.word("the").opt, Element.word("morning").opt], role: "time") { m in
            guard m.has(2) == m.has(3), m.has(3) == m.has(4) else { return nil }
            // "the first thing I do", "a first thing": a thing, not a time.
            if let before = m.token(before: 0), thingOpeners.contains(before.text) { return nil }
            return .time(.dayPart(from: 0, to: 9))
        },
        // first thing tomorrow morning, first thing on friday morning: the day's early morning
        // ("first thing tomorrow" is the day and `first-thing` composed)
        Rule("first-thing-day-morning", [.word("first"), .word("thing"), Element.word("on").opt, .time { isOneDay($0) && !$0.isStretch }, .word("morning")], role: nil) { m in
            if let before = m.token(before: 0), thingOpeners.contains(before.text) { return nil }
            return Compose.intersect(m.time(3), .dayPart(from: 0, to: 9), m.series).map { .time($0) }
        },
        // early tomorrow, early on friday, tomorrow early: that day's early morning, as
        // "early in the morning" ("leave early tomorrow" says how; "early friday morning",
        // "friday early afternoon" are parts of the day of their own)
        Rule("early-day", [.word("early"), Element.word("on").opt, .time { isOneDay($0) && !$0.isStretch }], role: nil) { m in
            if let before = m.token(before: 0), adverbVerbs.contains(before.text) { return nil }
            if let day = m.item(2), day.end < m.tokens.count, dayPartWords.contains(m.tokens[day.end].text) { return nil }
            return Compose.intersect(m.time(2), .dayPart(from: 0, to: 9), m.series).map { .time($0) }
        },
        Rule("day-early", [.time { isOneDay($0) && !$0.isStretch }, .word("early")], role: nil) { m in
            if let day = m.item(0), day.first > 0, adverbVerbs.contains(m.tokens[day.first - 1].text) { return nil }
            let after = Int(m.captures[1] >> 1) + 1
            if after < m.tokens.count, dayPartWords.contains(m.tokens[after].text) || m.tokens[after].text == "-" { return nil }
            return Compose.intersect(m.time(0), .dayPart(from: 0, to: 9), m.series).map { .time($0) }
        },
        // tomorrow pm, sat am, fri p.m., dec 3rd (thu) am: that day's morning or its afternoon
        // and evening, as "in the am" / "in the pm" are ("monday am I free" is a question: no
        // part of the day before "i"; a short weekday that is also a word only alone)
        Rule("day-am-pm", [.anyTime { isOneDay($0) && !$0.isStretch }, .words(["am", "pm", "a", "p"]), Element.symbol(".").touching.opt,
                           Element.word("m").touching.opt, Element.symbol(".").touching.opt], role: nil) { m in
            let w = m.word(1)!
            guard w.utf8.count == 2 ? !m.has(3) : m.has(2) && m.has(3) else { return nil }
            guard let day = m.item(0) else { return nil }
            if day.latent, !(isWeekday(m.time(0)) && day.end - day.first == 1) { return nil }
            // After a number it is that number's am or pm ("3-4pm", "dec 3 pm", "the 3rd pm").
            let last = m.tokens[day.end - 1]
            guard last.kind == .word, !Lexicon.ordinalSuffixes.contains(last.text) else { return nil }
            let after = Int(m.captures[m.has(4) ? 4 : (m.has(3) ? 3 : (m.has(2) ? 2 : 1))] >> 1) + 1
            if after < m.tokens.count, ["i", "we", "you", "they", "he", "she"].contains(m.tokens[after].text) { return nil }
            let part: TimeValue = w.hasPrefix("a") ? .dayPart(from: 0, to: 12) : .dayPart(from: 12, to: 24)
            return Compose.intersect(m.time(0), part, m.series).map { .time($0) }
        },
        // late morning, mid-morning, early afternoon, mid afternoon, late afternoon, early evening
        Rule("part-of-part-of-day", [.words(["late", "mid", "middle", "early"]), Element.symbol("-").opt, Element.word("of").opt, Element.word("the").opt,
                                     .words(["morning", "afternoon", "evening"])], role: "time") { m in
            switch (m.word(0)!, m.word(4)!) {
            case ("late", "morning"): return .time(.dayPart(from: 10, to: 12))
            case ("mid", "morning"), ("middle", "morning"): return .time(.dayPart(from: 9, to: 11))
            case ("early", "afternoon"): return .time(.dayPart(from: 12, to: 15))
            case ("mid", "afternoon"), ("middle", "afternoon"): return .time(.dayPart(from: 14, to: 16))
            case ("late", "afternoon"): return .time(.dayPart(from: 16, to: 19))
            case ("early", "evening"): return .time(.dayPart(from: 17, to: 20))
            default: return nil  // "early morning", "late evening" have rules of their own
            }
        },
        Rule("early-hours", [Element.word("in").opt, .word("the"), .word("early"), .word("hours"), .word("of"), .word("the"), .word("morning")], role: "time") { _ in
            .time(.dayPart(from: 0, to: 9))
        },
        Rule("late-night", [.word("late"), Element.word("at").opt, .words(["night", "evening"])], role: "time") { _ in
            .time(.dayPart(from: 21, to: 24))
        },
        Rule("in-the-part-of-day", [.words(["in", "during"]), .word("the"), .words(["morning", "afternoon", "evening", "night", "am", "pm", "a.m."])], role: "time") { m in
            switch m.word(2)! {
            case "morning", "am": return .time(.dayPart(from: 0, to: 12))
            case "afternoon": return .time(.dayPart(from: 12, to: 19))
            case "pm": return .time(.dayPart(from: 12, to: 24))
            default: return .time(.dayPart(from: 18, to: 24))
            }
        },
        Rule("in-afternoon", [.word("in"), .words(["morning", "afternoon", "evening"])], role: "time") { m in
            switch m.word(1)! {
            case "morning": return .time(.dayPart(from: 0, to: 12))
            case "afternoon": return .time(.dayPart(from: 12, to: 19))
            default: return .time(.dayPart(from: 18, to: 24))
            }
        },
        Rule("at-night", [.word("at"), .word("night")], role: "time") { _ in .time(.dayPart(from: 18, to: 24)) },
        // "lunch with Ana" is a title; "at lunch", "tomorrow lunch" are times, and so is
        // "lunchtime" ("lunchtime tomorrow"): no one calls an event that.
        Rule("lunch", [Element.words(["at", "for", "around", "over"]).opt, Element.word("the").opt, .words(["lunch", "lunchtime", "lunch-time"])], role: "time") { m in
            .time(.dayPart(from: 12, to: 14), latent: !m.has(0) && m.word(2) == "lunch")
        },
        Rule("after-lunch", [.word("after"), .word("lunch")], role: "time") { _ in .time(.dayPart(from: 13, to: 17)) },
        // at teatime, tea time tomorrow, breakfast time on sunday, at bedtime, dinnertime:
        // the meal's or the routine's window (`mealTimes`). Only with "time": "tea with Ana",
        // "dinner at 8" are events ("dinner at 8" is 20:00 by the router's hint); and with no
        // "at" not before a noun ("a bedtime story", "teatime treats" are things).
        // (One rule for both spellings, "teatime" and "tea time": each rule with a lead word
        // is tried at every "at" and "the".)
        Rule("meal-time", [Element.words(["at", "for", "around", "over"]).opt, Element.word("the").opt,
                           .words(["breakfasttime", "teatime", "dinnertime", "suppertime", "bedtime", "breakfast", "lunch", "tea", "dinner", "supper", "bed"]),
                           Element.symbol("-").opt, Element.word("time").opt], role: "time") { m in
            let word = m.word(2)!
            let oneWord = word.hasSuffix("time")
            guard oneWord ? !m.has(3) && !m.has(4) : m.has(4) else { return nil }
            return mealTime(oneWord ? word : word + "time", m, last: oneWord ? 2 : 4)
        },
        // after dinner, after supper, after breakfast: the hours after the meal, as "after
        // lunch" is 13:00 to 17:00 ("after dinner mints" are a thing)
        Rule("after-meal", [.word("after"), .words(["breakfast", "dinner", "supper"])], role: "time") { m in
            if nounFollows(m, 1) { return nil }
            return m.word(1) == "breakfast" ? .time(.dayPart(from: 9, to: 12)) : .time(.dayPart(from: 20, to: 22))
        },
        Rule("after-school", [.word("after"), .word("school")], role: "time") { _ in .time(.dayPart(from: 15, to: 21)) },
        // tomorrow before lunch, before lunch on friday: that day's morning to 12:00, from 09:00
        // as "after lunch" runs to 17:00 ("before lunch" alone is from now to lunch)
        Rule("day-before-lunch", [.time { isOneDay($0) && !$0.isStretch }, .word("before"), .word("lunch")], role: nil) { m in
            Compose.intersect(m.time(0), .dayPart(from: 9, to: 12), m.series).map { .time($0) }
        },
        Rule("before-lunch-day", [.word("before"), .word("lunch"), Element.word("on").opt, .time { isOneDay($0) && !$0.isStretch }], role: nil) { m in
            Compose.intersect(m.time(3), .dayPart(from: 9, to: 12), m.series).map { .time($0) }
        },
        Rule("after-work", [.word("after"), .word("work")], role: "time") { _ in .time(.dayPart(from: 17, to: 21)) },
        // "run before work", "coffee tomorrow before work": the early morning, 07:00 to 09:00
        // ("before work on the deck starts" is no time: a word after "work" but "on" a day).
        Rule("before-work", [.word("before"), .word("work")], role: "time") { m in
            nounFollows(m, 1) ? nil : .time(.dayPart(from: 7, to: 9))
        },
        // "fri eve", "tomorrow eve": the evening of the day ("christmas eve" is the holiday)
        Rule("day-eve", [.time { $0.isPlain && $0.hasDate && !$0.hasClock && !$0.hasDayPart && $0.grain == .day && !namesHoliday($0.expression) }, .word("eve")], role: nil) { m in
            Compose.intersect(m.time(0), .dayPart(from: 18, to: 24), m.series).map { .time($0) }
        },
        // "this eve": this evening
        Rule("this-eve", [.word("this"), .word("eve")], role: "date") { _ in
            var t = TimeValue.dayPart(from: 18, to: 24)
            t.expression = .intersect(.cycle(.day, 0), t.expression)
            t.hasDate = true
            return .time(t)
        },
        Rule("tonight", [Element.word("late").opt, .word("tonight")], role: "date") { m in
            var t = TimeValue.dayPart(from: m.has(0) ? 21 : 18, to: 24)
            t.expression = .intersect(.cycle(.day, 0), t.expression)
            t.hasDate = true
            return .time(t)
        },
        Rule("last-night", [Element.word("late").opt, .word("last"), .word("night")], role: "date") { m in
            var t = TimeValue.dayPart(from: m.has(0) ? 21 : 18, to: 24)
            t.expression = .intersect(.cycle(.day, -1), t.expression)
            t.hasDate = true
            return .time(t)
        },
    ]

    /// True when the token before token `k` lets a dotted date with its closing dot start
    /// at `k`: none (the start of the text), a word of `dottedDateIntroducers`, a weekday.
    static func introducesDottedDate(_ tokens: UnsafeBufferPointer<Token>, before k: Int) -> Bool {
        guard k > 0, k <= tokens.count else { return k == 0 }
        let before = tokens[k - 1].text
        return dottedDateIntroducers.contains(before) || Lexicon.weekdays[before] != nil
    }

    /// True for a token that, touching a dotted date, makes it part of a longer run: a word,
    /// a number, or a separator ("1.2.3", "03.12.2026", "v2.1.").
    static func continuesRun(_ t: Token) -> Bool {
        t.kind != .symbol || t.text == "." || t.text == "-" || t.text == "/" || t.text == ":"
    }

    /// True when token `k` is a dash.
    static func isDash(_ tokens: UnsafeBufferPointer<Token>, _ k: Int) -> Bool {
        k >= 0 && k < tokens.count && tokens[k].kind == .symbol && tokens[k].text == "-"
    }

    /// True when the tokens from `k` are a day and month with both dots, touching ("26.12.").
    static func dottedDate(_ tokens: UnsafeBufferPointer<Token>, startingAt k: Int) -> Bool {
        guard k >= 0, k + 3 < tokens.count else { return false }
        return isDayOrMonth(tokens[k]) && isDot(tokens[k + 1]) && isDayOrMonth(tokens[k + 2]) && isDot(tokens[k + 3])
            && !tokens[k + 1].spaceBefore && !tokens[k + 2].spaceBefore && !tokens[k + 3].spaceBefore
    }

    /// True when the tokens up to `k` are a day and month with both dots ("24.12."), not
    /// the end of a longer dotted run.
    static func dottedDate(_ tokens: UnsafeBufferPointer<Token>, endingAt k: Int) -> Bool {
        guard k - 3 >= 0, k < tokens.count, dottedDate(tokens, startingAt: k - 3) else { return false }
        return tokens[k - 3].spaceBefore || k - 3 == 0
    }

    private static func isDayOrMonth(_ t: Token) -> Bool { t.kind == .number && t.digitCount <= 2 && (t.number ?? 0) >= 1 }
    private static func isDot(_ t: Token) -> Bool { t.kind == .symbol && t.text == "." }

    static func now() -> Production {
        var t = TimeValue(.now, grain: .second)
        t.hasDate = true
        t.hasClock = true
        t.fromNow = Offset()
        return .time(t)
    }

    /// A two-digit year read the way people write them: 74 is 1974, 15 is 2015.
    /// True when the numeric date `a`/`b` follows a weekday ("Fri 4/12", "thursday, 10/12")
    /// that its next day read in the usual order is not, and read the other way round is.
    static func weekdayTakesOtherOrder(_ m: Match, _ a: Int, _ b: Int) -> Bool {
        guard a != b, m.word(1) == "/", var at = m.token(before: 0).map({ _ in Int(m.captures[0] >> 1) - 1 }) else { return false }
        if m.tokens[at].text == ",", at > 0 { at -= 1 }
        guard let weekday = Lexicon.weekdays[m.tokens[at].text] else { return false }
        let (month, day) = m.dayFirst ? (b, a) : (a, b)
        return nextWeekday(month: month, day: day, m.series) != weekday && nextWeekday(month: day, day: month, m.series) == weekday
    }

    /// The weekday (1 Monday to 7 Sunday) of the next `month`/`day` not over, nil for no such day.
    static func nextWeekday(month: Int, day: Int, _ series: Series) -> Int? {
        let today = Wall.dayNumber(series.now)
        let now = CivilCalendar.date(dayNumber: today)
        for year in [now.year, now.year + 1] where (1...12).contains(month) && day >= 1 && day <= CivilCalendar.daysIn(month: month, year: year) {
            let n = CivilCalendar.dayNumber(year: year, month: month, day: day)
            if n >= today { return CivilCalendar.isoWeekday(dayNumber: n) }
        }
        return nil
    }

    static func fullYear(_ token: Token) -> Int {
        let v = token.number!
        guard token.digitCount == 2 else { return v }
        return v < 50 ? 2000 + v : 1900 + v
    }

    static func monthDay(_ month: Int, _ day: Int) -> Production? {
        guard day <= CivilCalendar.daysIn(month: month, year: 2000) else { return nil }
        return .time(.date(.monthDay(month: month, day: day)))
    }

    static func datedValue(month: Int, day: Int, year: Int?) -> Production? {
        guard (1...12).contains(month), day >= 1 else { return nil }
        if let year {
            guard day <= CivilCalendar.daysIn(month: month, year: year) else { return nil }
            return .time(.date(.intersect(.year(year), .monthDay(month: month, day: day)), .day, year: true))
        }
        return monthDay(month, day)
    }

    /// `a/b` as month/day or day/month: the reference's order first, the other when only it is valid.
    static func numericDate(_ a: Int, _ b: Int, year: Int?, dayFirst: Bool) -> Production? {
        let (first, second) = dayFirst ? (b, a) : (a, b)
        if let p = datedValue(month: first, day: second, year: year) { return p }
        return datedValue(month: second, day: first, year: year)
    }
}
