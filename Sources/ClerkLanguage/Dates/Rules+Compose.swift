/// Stage 3: readings combined: "tomorrow at 3pm", "Friday morning", "March 3 2027",
/// prepositions ("on Friday", "at 5"), durations and offsets, ranges and bounds, zones.
extension DateRules {
    /// Words that may join two readings of one moment: "tomorrow at 3", "3pm on Friday".
    /// Words that offer a day as a wish, not a fact: "next week, preferably tuesday".
    static let hedges: [String] = ["maybe", "perhaps", "preferably", "ideally", "say", "probably", "possibly", "hopefully", "how"]

    static let joiners: Set<String> = [",", "at", "@", "on", "of", "in", "during", "for", "from", "the", "-", "this", "'s"]

    static let compose: [Rule] = [
        // MARK: prepositions and hedges
        Rule("on-date", [.words(["on", "for", "during", "by"]).opt, .words(["on", "during", "for", "throughout"]), .anyTime { $0.isPlain && !$0.hasClock && ($0.grain <= .day || $0.isNamedStretch) }], role: nil) { m in
            guard !m.has(0) else { return nil }
            // A bare part of the day after "on" names a kind of thing, not a day ("a talk on
            // morning routines", "a lecture on evening primroses"): "on Friday morning" is a day.
            if let said = m.item(2), said.latent, let t = said.time, t.hasDayPart, !t.hasDate { return nil }
            return .time(m.time(2))
        },
        Rule("in-date", [.words(["in", "of", "during", "within", "throughout"]), .anyTime { $0.isPlain && !$0.hasClock && ($0.grain >= .month || $0.hasYear) }], role: nil) { m in
            .time(m.time(1))
        },
        Rule("at-time", [.words(["at", "@", "for"]), .anyTime { $0.isPlain && $0.hasClock }], role: nil) { m in
            // "at 2" is a time; "for 2h" is a length and "a table for 8" a count, so "for"
            // makes no time of a reading that needs a word before it to be one.
            m.word(0) == "for" && m.item(1)!.latent ? nil : .time(m.time(1))
        },
        // the weekend, the summer, the Christmas holidays ("the new year", a holiday's name
        // that is also a plain phrase, stays one: "catch up in the new year" is no 1 January
        // but January, `in-the-new-year`)
        Rule("the-stretch", [.word("the"), .anyTime { $0.isPlain && !$0.hasClock && $0.isNamedStretch }], role: nil) { m in
            .time(m.time(1), latent: m.item(1)!.latent && namesHoliday(m.time(1).expression))
        },
        Rule("at-the", [.word("at"), .word("the"), .anyTime { $0.isPlain && !$0.hasClock }], role: nil) { m in
            .time(m.time(2))
        },
        Rule("around", [.words(["around", "about", "approximately", "approx", "circa", "roughly", "~", "sometime", "somewhere"]),
                        Element.words(["around", "about", "at", "on", "in"]).opt, .anyTime { _ in true }], role: nil) { m in
            // "about 2030" is about the year; "around 1030" the time.
            if m.item(2)!.looksLikeYear { return nil }
            return .time(m.time(2), latent: m.item(2)!.latent && !m.time(2).hasClock)
        },
        Rule("ish", [.anyTime { $0.hasClock || $0.hasDayPart }, .words(["ish", "approximately", "sharp", "exactly", "or so", "precisely"])], role: nil) { m in
            .time(m.time(0))
        },
        Rule("ish-glued", [.anyTime { $0.hasClock }, Element.symbol("-").touching.opt, Element.word("ish").touching], role: nil) { m in
            .time(m.time(0))
        },
        // "at 3 or so", "in an hour or so", "tomorrow at 10 or thereabouts": about then
        Rule("or-so", [.anyTime { $0.hasClock || $0.fromNow != nil }, .word("or"), .words(["so", "thereabouts"])], role: nil) { m in
            .time(m.time(0), latent: m.item(0)!.latent)
        },

        // MARK: two readings of one moment
        Rule("intersect", [.anyTime { $0.isIntersectable }, Element.words(joiners).opt, .anyTime { $0.isIntersectable }], role: nil) { m in
            let a = m.item(0)!, b = m.item(2)!
            precondition(a.kind == .time && b.kind == .time)
            // The readings passed on in place: copying them out (`a.time!`, or `a.timeReading`
            // as an argument) was a copy and a destroy of each per try, a few hundred
            // instructions a parse.
            return a.withTime { x in b.withTime { y in intersectReadings(m, a, b, x, y) } }
        },
        Rule("intersect-comma", [.anyTime { $0.isIntersectable }, .symbol(","), Element.words(["at", "on"]).opt, .anyTime { $0.isIntersectable }], role: nil) { m in
            let a = m.item(0)!, b = m.item(3)!
            guard !(a.latent && b.latent), !a.time!.hasClock || !b.time!.hasClock else { return nil }
            if repeatsAtTime(a.time!, b.time!) { return nil }
            // "Dec 3, 2026": four digits after a comma are a year, not a clock.
            if a.isFourDigitClock || b.isFourDigitClock { return nil }
            return Compose.intersect(a.time!, b.time!, m.series, unlessKnownIn: m.span).map { .time($0) }
        },
        // Friday (June 15), Dec 4 (Fri), tue (the 1st): a day and its weekday in brackets, as
        // invitations write them (one of the two a weekday, the other a day of a month)
        Rule("intersect-bracketed", [.anyTime { isOneDay($0) }, .symbol("("), .anyTime { isOneDay($0) }, .symbol(")")], role: nil) { m in
            let a = m.time(0), b = m.time(2)
            guard isWeekday(a) != isWeekday(b) else { return nil }
            return Compose.intersect(a, b, m.series, unlessKnownIn: m.span).map { .time($0) }
        },
        // "next week, preferably on tuesday", "in january - maybe the 12th", "next week, how
        // about wednesday": a span, then a day inside it offered with a hedge
        Rule("span-hedged-day", [.anyTime { $0.isPlain && !$0.hasClock && $0.grain >= .week }, .symbols([",", "-", ";"]), .words(hedges),
                                 Element.word("about").opt, Element.words(["on", "the"]).opt, .anyTime { $0.isPlain && $0.hasDate && $0.grain == .day && !$0.hasClock }], role: nil) { m in
            if m.word(2) == "how", !m.has(3) { return nil }
            return m.withTimes(0, 5) { Compose.intersect($0, $1, m.series) }.map { .time($0) }
        },
        // Wed 16, Sunday the 14th, Fri 31st: a weekday and a day of the month. A bare number
        // is a day from 13 up; below that "monday 9" is nine o'clock, unless a time follows
        // ("wed 2 at 9", "fri 4 3pm": the time says the hour) or a range of such days does
        // ("mon 7 - fri 11 dec", "thu 3 to sat 5": days when they agree, not Monday 7:00 to
        // Friday 11:00). One rule with optional tails, not three: each rule that starts with a
        // reading followed by a number is tried wherever one is (a date and its year).
        Rule("weekday-day", priority: 1, [.anyTime { isWeekday($0) }, Element.symbol(",").opt, Element.word("the").opt,
                                          .number { $0.isWhole && !$0.isCount && (1...31).contains($0.value) && $0.digitCount <= 2 },
                                          Element.time { $0.isClockOnly && $0.isPlain }.opt,
                                          Element.words(["-", "to", "through", "thru", "till", "until"]).opt, Element.anyTime { isWeekday($0) }.opt, weekdayDayNumber.opt,
                                          Element.anyTime { $0.isPlain && $0.grain == .month && !$0.hasYear && isMonth($0.expression) }.opt],
             role: nil, endElement: 7) { m in
            let n = m.number(3)
            if m.has(5) { return weekdayDayRange(m) }
            guard !m.has(6), !m.has(7), !m.has(8) else { return nil }
            guard n.isOrdinal || (n.digitCount > 0 && (m.has(2) || n.value > 12 || m.has(4))) else { return nil }
            guard let day = Compose.intersect(m.time(0), TimeValue.date(.dayOfMonth(n.value)), m.series) else { return nil }
            guard let time = m.timeIfPresent(4) else { return .time(day) }
            return Compose.intersect(day, time, m.series).map { .time($0) }
        },
        // 12/03/2026-09:15, 2027-01-04@08:30: a date and a time joined by a mark
        Rule("date-mark-time", [.time { $0.isPlain && $0.hasDate && !$0.hasClock && $0.grain == .day }, .symbols(["-", "@"]).touching,
                                Element.time { $0.isClockOnly && $0.isPlain }.touching], role: nil) { m in
            m.withTimes(0, 2) { Compose.intersect($0, $1, m.series) }.map { .time($0) }
        },
        // 2027-03-05T14:30:00, …T14:30:00.000Z, …T14:30+01:00: ISO 8601 date and time, with
        // fractions of a second and a zone (Z, ±hh:mm, ±hhmm)
        Rule("iso-date-time", [.timeItem { $0.madeBy(.isoDate) }, Element.word("t").touching, Element.anyTime { $0.isClockOnly && $0.isPlain }.touching,
                               Element.symbol(".").touching.opt, Element.digits().touching.opt, Element.word("z").touching.opt,
                               Element.symbols(["+", "-"]).touching.opt, Element.digits { $0.digitCount == 2 || $0.digitCount == 4 }.touching.opt,
                               Element.symbol(":").touching.opt, Element.digits { $0.digitCount == 2 }.touching.opt], role: nil) { m in
            guard m.has(3) == m.has(4), !(m.has(5) && m.has(6)), m.has(6) == m.has(7), m.has(8) == m.has(9), !m.has(8) || m.has(6),
                  m.time(2).grain <= .minute else { return nil }
            guard var t = Compose.intersect(m.time(0), m.time(2), m.series) else { return nil }
            if m.has(5) {
                t.zone = StatedZone(name: "UTC", secondsFromGMT: 0)
            } else if m.has(6) {
                let digits = m.token(7)!
                var hours = digits.number!, minutes = m.has(9) ? m.digits(9) : 0
                if digits.digitCount == 4 { guard !m.has(9) else { return nil }; (hours, minutes) = (hours / 100, hours % 100) }
                guard hours <= 14, minutes < 60 else { return nil }
                let sign = m.word(6)!
                let name = "UTC\(sign)\(hours)" + (minutes > 0 ? ":\(minutes < 10 ? "0" : "")\(minutes)" : "")
                t.zone = StatedZone(name: name, secondsFromGMT: (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
            }
            return .time(t)
        },
        // "8 tomorrow evening": the hour first, its day and part after
        Rule("of-date", [.anyTime { $0.hasDayPart && $0.isPlain }, .word("of"), .time { $0.isPlain && $0.hasDate && !$0.hasClock }], role: nil) { m in
            m.withTimes(0, 2) { Compose.intersect($0, $1, m.series) }.map { .time($0) }
        },
    ]

    /// "mon 7 - fri 11 dec": the range `weekday-day` reads when a range word follows the
    /// first day. The days must agree with their weekdays as one stretch of a month ("mon 9 to
    /// wed 5" are hours), and without a month be no more than two months ahead.
    private static func weekdayDayRange(_ m: Match) -> Production? {
        let n = m.number(3)
        guard m.has(6), m.has(7), !m.has(4), n.digitCount > 0 || n.isOrdinal,
              case .weekday(let wa) = m.time(0).expression, case .weekday(let wb) = m.time(6).expression,
              m.int(7) > n.value, (m.int(7) - n.value - (wb - wa)) % 7 == 0 else { return nil }
        var first = TimeValue.date(.dayOfMonth(n.value)), last = TimeValue.date(.dayOfMonth(m.int(7)))
        if let month = m.timeIfPresent(8) {
            guard let a = Compose.intersect(first, month, m.series), let b = Compose.intersect(last, month, m.series) else { return nil }
            (first, last) = (a, b)
        }
        guard let a = Compose.intersect(m.time(0), first, m.series), let b = Compose.intersect(m.time(6), last, m.series) else { return nil }
        if !m.has(8) {
            guard let next = m.series.next(a.expression, endingAfter: m.series.now), next.start - m.series.now < 62 * 86_400 else { return nil }
        }
        return Compose.range(a, b, m.series).map { .time($0) }
    }

    /// A day of the month after a weekday: digits up to 31, or an ordinal ("mon 7th").
    static let weekdayDayNumber = Element.number { $0.isWhole && !$0.isCount && (1...31).contains($0.value) && ($0.digitCount > 0 || $0.isOrdinal) && $0.digitCount <= 2 }

    static func isMonth(_ e: TimeExpression) -> Bool {
        if case .month = e { return true }
        return false
    }

    /// True when the abbreviation at token `i` ("sun", "sat") ends a list of weekdays ("sat
    /// and sun 7 to 3", "fri, sat & sun 6-11"): a day there, not a verb or the star.
    private static func endsWeekdayList(_ m: Match, _ i: Int) -> Bool {
        guard i >= 2, ["sat", "sun"].contains(m.tokens[i].text) else { return false }
        return listJoiners.contains(m.tokens[i - 1].text) && Lexicon.weekdays[m.tokens[i - 2].text] != nil
    }

    /// True when the abbreviation of `day` is "sat" or "sun" said as a day, before the range
    /// of bare hours `hours` ("sun 6-11", "gym sat 10-2", "shift sat 7 to 3 at the cafe"):
    /// hours from one to another name a day's time, where one number ("sat 7", "sun 5") may be
    /// a count. Not the verb or the star ("she sat 2-3 rows back", `isVerbOrStar`), nor before
    /// a word that makes the numbers a measure ("the cat sat 2 to 3 feet away").
    private static func isWeekendDayBeforeHours(_ m: Match, _ day: Item, _ hours: Item) -> Bool {
        guard day.end - day.first == 1, ["sat", "sun"].contains(m.tokens[day.first].text), !isVerbOrStar(m, day) else { return false }
        guard hours.end < m.tokens.count else { return true }
        let next = m.tokens[hours.end]
        return next.kind == .symbol || ["at", "in", "on", "with", "w", "for", "and", "every", "each", "this", "next"].contains(next.text)
    }

    /// True when "sat" or "sun" at `day` is said as a day before one bare hour that ends the
    /// line ("dinner w/ parents sun 7", "brunch sat 11"): nothing after it makes the number a
    /// count ("she sat 7 exams"), and no person or article before it (`isVerbOrStar`).
    private static func isWeekendDayBeforeLastHour(_ m: Match, _ day: Item, _ hour: Item) -> Bool {
        guard day.end - day.first == 1, day.first > 0, ["sat", "sun"].contains(m.tokens[day.first].text), !isVerbOrStar(m, day) else { return false }
        return hour.end == m.tokens.count || m.tokens[hour.end].kind == .symbol
    }

    /// True when "sat" or "sun" at `item` follows a person or an article ("she sat", "we
    /// sat", "the sun"): the verb or the star, never a day.
    private static func isVerbOrStar(_ m: Match, _ item: Item) -> Bool {
        guard item.end - item.first == 1, item.first > 0, ["sat", "sun"].contains(m.tokens[item.first].text) else { return false }
        return ["i", "he", "she", "we", "they", "you", "it", "who", "the", "a"].contains(m.tokens[item.first - 1].text)
    }

    /// The "intersect" rule's production from items `a` and `b`, whose readings are `x` and `y`.
    private static func intersectReadings(_ m: Match, _ a: Item, _ b: Item, _ x: TimeValue, _ y: TimeValue) -> Production? {
        // Two weak readings make a weak one ("March 2027" alone is a date; in a sentence
        // it needs "in"), but never a clock ("7 5"), save "mon 9" and "wed 10": those
        // abbreviations (not "sat", "sun", everyday words) with an hour after them are a day and its time.
        var strong = false
        if a.latent, case .weekday = x.expression, isVerbOrStar(m, a) { return nil }
        // "thu 1230", "fri 0930", "mon 1900": four digits straight after a weekday that are no
        // year of this century are its time; read as a year they were a Thursday in 1230.
        // "thu 10 dec 1230", "10 dec 0930", "christmas 0001": after a day of a month or a
        // holiday with no year, four digits that are no year from 1900 are its time too, and
        // its year reading is refused ("christmas 1800" is at 18:00, not two centuries ago).
        // "tomorrow 1230", "today 2030", "tonight 2130": a day named from now holds no year,
        // so any four digits after it are its time.
        // "1530 tomorrow", "0830 friday", "1400 on monday", "1800 christmas": before such a
        // day too, but for years of this century ("2027 tomorrow"; "room 1530 tomorrow" is a
        // room: `Selection.isAmount`).
        var weekdayClock = false
        // Whether a joiner was said, and which, by the capture and the word's number (`m.word(1)`
        // copied the token's text, and comparing it with "on" was a string comparison).
        let saysJoiner = m.has(1)
        if b.isFourDigitClock || a.isFourDigitClock {
            let onOrNone = !saysJoiner || joinerOf(m, 1) == .on
            weekdayClock = !saysJoiner && isTimeOfDay(b, a, x) || onOrNone && isTimeOfDay(a, b, y) && !a.looksLikeYear(from: 2000)
        }
        if weekdayClock { strong = true }
        else if isYearBesideDay(b, y, a, x), !saysJoiner { return nil }
        else if isYearBesideDay(a, x, b, y), !saysJoiner || joinerOf(m, 1) == .on { return nil }
        if a.latent && b.latent, x.hasClock || y.hasClock, !weekdayClock {
            // ("fri, sat & sun 6-11": a list of days that ends with one, and hours from one to another.)
            let listed = isWeekdayOnly(x.expression) && endsWeekdayList(m, a.end - 1)
            guard !x.hasClock, y.hasClock, !saysJoiner, a.end - a.first == 1 && ["mon", "wed"].contains(m.tokens[a.first].text) || listed
                    || y.hasEnd && isWeekendDayBeforeHours(m, a, b) || !y.hasEnd && isWeekendDayBeforeLastHour(m, a, b),
                  b.end - b.first == 1 || y.hasEnd, m.tokens[b.first].kind == .number, let hour = startHour(y.expression), hour <= 12 else { return nil }
            strong = true
        }
        // "sat morning", "wed evening", "sun night": a short weekday that is also a word, with
        // a part of the day after it, is that day's part (and takes a time after it: "sat
        // morning at 10"), as "saturday morning" is.
        if a.latent && b.latent, !x.hasClock, !y.hasClock, y.hasDayPart, !y.hasDate, !saysJoiner, a.end - a.first == 1,
           Lexicon.ambiguousWeekdays.contains(m.tokens[a.first].text), isWeekdayOnly(x.expression) {
            strong = true
        }
        // "lunch tomorrow" is a lunch on a day, "tomorrow lunch" a time of a day: a bare
        // part of the day only joins the date before it.
        if a.latent, x.hasDayPart { return nil }
        // "tuesdays 5-6": days that repeat are no one date ("5-6" is then hours).
        if x.isPluralWeekday, y.grain == .day, !isWeekdayOnly(y.expression) { return nil }
        if saysJoiner, let joiner = joinerOf(m, 1), !joinerFits(joiner, x, y) { return nil }
        if repeatsAtTime(x, y) { return nil }
        if isForAHoliday(m, a, x, with: y) || isForAHoliday(m, b, y, with: x) { return nil }
        // A bare number is only a clock next to a date ("8 tomorrow", "tomorrow 945").
        if a.latent, !weekdayClock, !latentClockFits(a, x, with: y) { return nil }
        // "the first one on friday", "which one tomorrow": the pronoun, not one o'clock.
        if a.latent, a.end - a.first == 1, a.first > 0, m.tokens[a.first].text == "one", pronounOneWords.contains(m.tokens[a.first - 1].text) { return nil }
        if b.latent, !weekdayClock, !latentClockFits(b, y, with: x) { return nil }
        // "tomorrow at 2 at night", "2 at night on friday": the small hours of that day's
        // night, the next day's, as "friday night at 2:30am" is.
        // (The readings are copied only then: a copy of each per try cost ~100 instructions a parse.)
        let latent = a.latent && b.latent && !strong
        let joined: TimeValue?
        if y.hasClock, isSmallHourAtNight(b, y, m), isWholeDay(x) { joined = Compose.intersect(nextDay(x), y, m.series, unlessKnownIn: m.span, latent: latent) }
        else if x.hasClock, isSmallHourAtNight(a, x, m), isWholeDay(y) { joined = Compose.intersect(x, nextDay(y), m.series, unlessKnownIn: m.span, latent: latent) }
        else { joined = Compose.intersect(x, y, m.series, unlessKnownIn: m.span, latent: latent) }
        guard let t = joined else { return nil }
        var p = Production.time(t, latent: latent)
        // A clock range with a day or a part of one ("9 - 10 at night", "9 - 5 monday")
        // over the other readings of its numbers; not over minutes to an hour, both in words
        // ("ten to five in the morning" is 04:50, as "ten to five" alone is 16:50), or in
        // words before an hour with a part of the day ("ten to 9 tomorrow morning" is 08:50).
        if x.hasClock && x.hasEnd && isDay(y) && !saysMinutesTo(m, a, dayPart: y.hasDayPart)
            || y.hasClock && y.hasEnd && isDay(x) && !saysMinutesTo(m, b, dayPart: x.hasDayPart) {
            p.priority = 1
        }
        return p
    }

    /// True when `clock` is four bare digits that are the time of the day `day` (read `d`)
    /// beside it: after a weekday, no year of this century; after a day named from now, any;
    /// after a day of a month or a holiday with no year, no year from 1900 (the comment in
    /// `intersectReadings` has the examples).
    private static func isTimeOfDay(_ clock: Item, _ day: Item, _ d: TimeValue) -> Bool {
        clock.isFourDigitClock && ( isWeekdayOnly(d.expression) && !clock.looksLikeYear(from: 2000)
            || isDayFromNow(d.expression) && d.isPlain && !d.hasClock
            || (day.end - day.first >= 2 || isHoliday(d.expression)) && d.hasDate && !d.hasYear && !d.hasClock && !d.isStretch && d.grain == .day
                && !clock.looksLikeYear)
    }

    /// True when `year` is the year reading (`y`) of four bare digits that could be a clock,
    /// beside a weekday, or beside a day of a month or a holiday with no year when before
    /// 1900: a Thursday in 1230 is no one's meaning ("thu 1230", "1400 friday").
    private static func isYearBesideDay(_ year: Item, _ y: TimeValue, _ day: Item, _ d: TimeValue) -> Bool {
        guard year.latent, year.end - year.first == 1, case .year(let value) = y.expression, !(2000...2099).contains(value),
              value / 100 < 24, value % 100 < 60 else { return false }
        return isWeekdayOnly(d.expression) || value < 1900 && (day.end - day.first >= 2 || isHoliday(d.expression))
            && d.hasDate && !d.hasYear && !d.hasClock && !d.isStretch && d.grain == .day
    }

    /// True when `range` opens (after "at") with number words either side of "to" ("twenty
    /// to one", "ten till six", "tomorrow at ten to nine"), which `minutes-past` reads as
    /// minutes before the hour; with a part of the day said, `dayPart`, also a round number
    /// of minutes in words before an hour in digits ("ten to 9", "twenty to 9 tomorrow
    /// morning": a range from ten or twenty o'clock to the morning's 9 is none).
    static func saysMinutesTo(_ m: Match, _ range: Item, dayPart: Bool) -> Bool {
        // (The tokens' texts read in place: a copy of a token is a retain and a release.)
        var first = range.first
        if first < range.end, m.tokens[first].text == "at" || m.tokens[first].text == "@" { first += 1 }
        guard range.end - first >= 3, toWords.contains(m.tokens[first + 1].text),
              let minutes = Lexicon.units[m.tokens[first].text] ?? Lexicon.tens[m.tokens[first].text] else { return false }
        if (Lexicon.units[m.tokens[first + 2].text] ?? Lexicon.tens[m.tokens[first + 2].text]) != nil { return true }
        return dayPart && m.tokens[first + 2].kind == .number && minutes % 5 == 0
    }

    /// "tomorrow", "today", "yesterday", "tonight": a day counted from today.
    static func isDayFromNow(_ e: TimeExpression) -> Bool {
        switch e {
        case .cycle(.day, _): return true
        case .intersect(let day, .dayPart): return isDayFromNow(day)
        default: return false
        }
    }

    static func isHoliday(_ e: TimeExpression) -> Bool {
        if case .holiday = e { return true }
        return false
    }

    /// The hour a clock time or a clock range starts at.
    static func startHour(_ e: TimeExpression) -> Int? {
        switch e {
        case .clock(let h, _, _, _), .ambiguousClock(let h, _, _, _): return h
        case .range(let from, _, _): return startHour(from)
        default: return nil
        }
    }

    /// "shopping for christmas on saturday", "gifts for easter by friday": a holiday said
    /// after "for", with another day, is what the thing is for, and the day is when (the
    /// router keeps the holiday in the title, as "closed for christmas dec 24 to dec 26").
    /// "christmas on a saturday" alone, "for christmas 2027", "for christmas at 6" still join.
    static func isForAHoliday(_ m: Match, _ item: Item, _ t: TimeValue, with other: TimeValue) -> Bool {
        // (The flags and the kind first: handed to `namesHoliday`, the expression was copied.)
        guard other.hasDate, other.grain <= .day else { return false }
        switch t.expression {
        case .holiday, .occurrence: guard namesHoliday(t.expression) else { return false }
        default: return false
        }
        return m.tokens[item.first].text == "for" || item.first > 0 && m.tokens[item.first - 1].text == "for"
    }

    /// A day or a part of one, with no clock time.
    static func isDay(_ t: TimeValue) -> Bool { !t.hasClock && (t.hasDayPart || (t.hasDate && t.grain <= .day)) }

    /// A day named, without a time or a part of the day ("tomorrow", "friday", "dec 3").
    static func isWholeDay(_ t: TimeValue) -> Bool { !t.hasClock && !t.hasDayPart && t.hasDate && t.grain == .day }

    /// "2 at night", "at 3:30 in the night": an hour of the small hours said with "night"
    /// (`hour-at-night`), which belongs to the night of the day said with it.
    static func isSmallHourAtNight(_ item: Item, _ t: TimeValue, _ m: Match) -> Bool {
        // "from 1 to 3 at night" too: a range that starts then.
        let hour: Int
        switch t.expression {
        case .clock(let h, _, _, _): hour = h
        case .range(.clock(let h, _, _, _), _, _): hour = h
        default: return false
        }
        return hour < Compose.smallHoursEnd && t.isPlain && !t.hasDate && m.tokens[item.end - 1].text == "night"
    }

    /// `t` a day later ("tomorrow" → the day after).
    static func nextDay(_ t: TimeValue) -> TimeValue {
        t.replacing(expression: .shifted(t.expression, Offset(days: 1, unit: .day)))
    }

    /// Words after which "one" is a pronoun ("the first one", "that one"), never an hour.
    static let pronounOneWords: Set<String> = ["the", "this", "that", "which", "first", "second", "third", "fourth", "fifth", "last", "next",
                                               "other", "another", "each", "every", "any", "no", "same", "earlier", "later", "new", "old", "only"]

    /// "tuesdays at 2pm", "on Mondays 9-10", "mondays in the evening": a weekday in the
    /// plural with a time of day is a repeat then (`repeat-at-time`, `repeat-in-day-part`),
    /// not one Tuesday.
    static func repeatsAtTime(_ a: TimeValue, _ b: TimeValue) -> Bool {
        a.isPluralWeekday && (b.hasClock || b.hasDayPart) || b.isPluralWeekday && (a.hasClock || a.hasDayPart)
    }

    static func joinerFits(_ joiner: Joiner, _ a: TimeValue, _ b: TimeValue) -> Bool {
        switch joiner {
        case .at: return b.hasClock || b.hasDayPart || a.hasClock
        case .on: return b.hasDate && b.grain <= .day
        case .of: return b.hasDate && b.grain >= .day
        case .during: return b.hasDayPart || b.grain >= .month || b.hasYear || (b.hasEnd && b.hasClock)
        case .possessive: return a.isCycle && b.hasDate
        case .for: return b.hasClock
        case .from: return b.isCycle
        case .the: return b.hasDate
        case .dash: return a.hasDate && b.hasYear
        case .this: return b.hasDayPart
        }
    }

    /// The joiners `joinerFits` tests (any other fits): "in" and "during" alike, "at" and "@".
    enum Joiner: Sendable { case at, on, of, during, possessive, `for`, from, the, dash, this }
    /// By word number: the rule matched the joiner as a word, and a switch over its text
    /// compared it with each case's string in turn (~3 string comparisons a parse).
    static let joinerOf = WordValues<Joiner>(["at": .at, "@": .at, "on": .on, "of": .of, "in": .during, "during": .during,
                                              "'s": .possessive, "for": .for, "from": .from, "the": .the, "-": .dash, "this": .this])

    /// A bare number next to a date is a clock hour ("8 tomorrow", "tonight 945"), but four
    /// digits there are a year ("April 9 2016"): those need "at".
    /// (`t` is `clock`'s reading, lent by the caller: read out of the item it was copied.)
    static func latentClockFits(_ clock: Item, _ t: TimeValue, with other: TimeValue) -> Bool {
        guard t.hasClock else { return true }
        if clock.isFourDigitClock || clock.isBareHourH { return false }
        // "July 13" is a day, not July at 13:00: a bare hour needs a day or a part of one.
        return (other.hasDate && other.grain <= .day) || other.hasDayPart
    }
}

extension Item {
    /// "2014" read as 20:14: only "at 2014" makes it a time.
    var isFourDigitClock: Bool {
        guard madeBy(.clockHHMM), case .clock? = time?.expression else { return false }
        return latent
    }

    /// Three or four bare digits read as a clock ("930", "1030").
    var isDigitClock: Bool { madeBy(.clockHHMM) && latent }

    /// Four bare digits that are more likely a year than a clock: 1900 to 2099.
    var looksLikeYear: Bool { looksLikeYear(from: 1900) }

    /// Four bare digits from `first` to 2099 (after a weekday, only this century's are years).
    func looksLikeYear(from first: Int) -> Bool {
        guard isFourDigitClock, case .clock(let h, let m, _, _)? = time?.expression else { return false }
        return (first...2099).contains(h * 100 + m)
    }

    /// "8h" without minutes: a clock only with a zone or in a range.
    var isBareHourH: Bool { madeBy(.clockH) && latent }
}

extension TimeValue {
    /// The weekend, a season, a holiday, the week of a day: stretches named with "the".
    var isNamedStretch: Bool {
        switch expression {
        case .weekend, .season, .holiday, .portion(_, .holdingWeek), .portion(_, .holidayWeekend): return true
        default: return false
        }
    }

    var isPlainOrZoned: Bool { openBound == nil && !hasRecurrence && duration == nil && fromNow == nil }

    /// Plain, or with only a zone or a length ("at 3pm for 2 hours" on a day).
    var isIntersectable: Bool { isPlain || (openBound == nil && !hasRecurrence && fromNow == nil) }
}
