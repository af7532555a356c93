/// How two readings combine, shared by the composition rules.
enum Compose {
    /// Both readings at once: "Friday" and "5pm", "April 9" and "2027", "tomorrow" and
    /// "evening". Nil when they cannot hold together (two clock times, "Monday Tuesday"), and
    /// when `known` holds the result already as `latent` (it would be thrown away: the check
    /// that it exists is not made).
    static func intersect(_ a: TimeValue, _ b: TimeValue, _ series: Series, unlessKnownIn known: KnownReadings? = nil, latent: Bool = false) -> TimeValue? {
        if a.hasClock && b.hasClock { return nil }
        // Plain readings (nearly all) have none of the attributes below: skip copying them out.
        let plain = a.isPlain && b.isPlain
        if !plain {
            if a.hasRecurrence || b.hasRecurrence { return nil }
            if a.openBound != nil || b.openBound != nil { return nil }
            if a.duration != nil && b.duration != nil { return nil }
            if a.fromNow != nil || b.fromNow != nil { return nil }
            if let za = a.zone, let zb = b.zone, za != zb { return nil }
        }
        if a.hasDayPart && b.hasDayPart { return nil }

        var ea = a.expression, eb = b.expression
        // "tonight at 8", "this afternoon at 3": the part of the day picks am or pm (asked only
        // of a clock time: the call, twice an intersection, mostly said no).
        if ea.isClockTime, let chosen = clockInDayPart(clock: a, other: b) { ea = chosen.clock; eb = chosen.other }
        else if eb.isClockTime, let chosen = clockInDayPart(clock: b, other: a) { eb = chosen.clock; ea = chosen.other }
        // "friday at midnight", "midnight on the 15th": the midnight that ends the day.
        else if a.saysMidnight, isWholeDays(b), b.hasDate { eb = .shifted(eb, Offset(days: 1, unit: .day)) }
        else if b.saysMidnight, isWholeDays(a), a.hasDate { ea = .shifted(ea, Offset(days: 1, unit: .day)) }

        // A clock time on a named day always exists; other combinations are checked (below).
        let alwaysExists = isClockOnAnyDay(ea, b) || isClockOnAnyDay(eb, a)
        let e: TimeExpression
        if let whole = clockRangeOnDay(a, b, series) ?? clockRangeOnDay(b, a, series) {
            e = whole
        } else if case .range(let from, let to, let inclusive) = ea, !b.hasClock, !b.isStretch {
            e = .range(.intersect(from, eb), to, inclusive: inclusive)
        } else if case .range(let from, let to, let inclusive) = eb, !a.hasClock, !a.isStretch {
            e = .range(.intersect(from, ea), to, inclusive: inclusive)
        } else {
            // (Moved: the factors were copied into the intersection, then destroyed here.)
            e = intersection(consume ea, consume eb)
        }

        // "Saturday this weekend": a whole day of the weekend is that day (the weekend's hours,
        // Friday 18:00 on, made it a day from midnight to midnight at the grain of hours).
        let dayOfWeekend = isWeekend(a) && isWholeDays(b) || isWeekend(b) && isWholeDays(a)
        var r = TimeValue(e, grain: dayOfWeekend ? max(a.grain, b.grain) : min(a.grain, b.grain))
        r.hasDate = a.hasDate || b.hasDate
        r.hasClock = a.hasClock || b.hasClock
        r.hasDayPart = (a.hasDayPart || b.hasDayPart) && !r.hasClock
        // Whether the finer reading is a stretch (asked without copying the reading out).
        let finerIsStretch = dayOfWeekend ? false
            : a.grain < b.grain ? a.isStretch : (b.grain < a.grain ? b.isStretch : (a.isStretch || b.isStretch))
        // "9:15 mon-fri", "7am from Dec 21 to Dec 23": a clock time on one of a run of days.
        // The end said is the days', not the time's, which lasts as a time without an end
        // does (the minute of the intersection, kept as "said", was a one-minute event).
        let saysEnd = (a.hasEnd || b.hasEnd) && !endIsOnlyTheDays(a, b) && !endIsOnlyTheDays(b, a)
        r.isStretch = saysEnd || (!r.hasClock && finerIsStretch)
        r.hasYear = a.hasYear || b.hasYear
        r.hasEnd = saysEnd
        if !plain {
            r.duration = a.duration ?? b.duration
            r.zone = a.zone ?? b.zone
        }
        r.isAllDay = a.isAllDay || b.isAllDay
        if !alwaysExists {
            if let known, known.holds(r, latent: latent) { return nil }
            guard exists(r.expression, series) else { return nil }
        }
        // (Moved out: returned as is, the reading was copied and the copy destroyed.)
        return consume r
    }

    /// `a ∩ b` in one canonical shape: nested intersections flattened, and the factors
    /// ordered from the sparsest to the densest (a year before a month before a weekday before
    /// a clock). "(Friday ∩ July 18) ∩ 2014" and "Friday ∩ (July 18 ∩ 2014)" become one reading,
    /// and walking the series starts from the factor that moves furthest per step.
    static func intersection(_ a: consuming TimeExpression, _ b: consuming TimeExpression) -> TimeExpression {
        if !a.isIntersection, !b.isIntersection {
            return density(a) <= density(b) ? .intersect(a, b) : .intersect(b, a)
        }
        // The factors of `a`, then of `b`, each put after the factors no denser than it: the
        // stable sort into a right-leaning chain, without building an array of factors.
        var chain: TimeExpression?
        func add(_ e: TimeExpression) {
            if case .intersect(let x, let y) = e { add(x); add(y); return }
            chain = chain.map { inserting(e, into: $0) } ?? e
        }
        // A chain this function built ("April 9" ∩ "2027", then a time) comes out of `add` as it
        // went in, each of its links allocated anew: taken as it is.
        if isOrderedChain(a) { chain = a } else { add(a) }
        add(b)
        return chain!
    }

    /// Whether `e` is a chain as `intersection` leaves it: factors that are no intersections,
    /// leaning right, each no denser than the next (a lone factor is one too).
    private static func isOrderedChain(_ e: TimeExpression) -> Bool {
        guard case .intersect(let head, let tail) = e else { return true }
        if head.isIntersection { return false }
        if case .intersect(let next, _) = tail {
            return !next.isIntersection && density(head) <= density(next) && isOrderedChain(tail)
        }
        return density(head) <= density(tail)
    }

    /// `factor` placed into a density-ordered chain of intersections, after every factor no
    /// denser than it.
    private static func inserting(_ factor: TimeExpression, into chain: TimeExpression) -> TimeExpression {
        guard case .intersect(let head, let tail) = chain else {
            return density(chain) <= density(factor) ? .intersect(chain, factor) : .intersect(factor, chain)
        }
        return density(head) <= density(factor) ? .intersect(head, inserting(factor, into: tail)) : .intersect(factor, chain)
    }

    /// How many spans an expression has per year, roughly, as a rank.
    private static func density(_ e: TimeExpression) -> Int {
        switch e {
        case .year, .fixed, .cycle, .cycleAt, .moment, .occurrence, .closest, .now: return 0
        case .holiday: return 1
        case .quarter, .season, .anySeason: return 2
        case .month: return 3
        case .monthDay: return 4
        case .nth, .nthUnit, .isoWeek, .nthAfter, .shifted, .portion: return 5
        case .dayOfMonth: return 6
        case .weekend, .weekday, .either: return 7
        case .every: return 8
        case .range: return 8
        case .dayPart: return 9
        case .clock, .ambiguousClock: return 10
        case .intersect: return 11
        }
    }

    /// True for "the weekend" as a reading (Friday 18:00 to Monday 00:00), however it was
    /// pinned ("this weekend" is its next one).
    private static func isWeekend(_ t: TimeValue) -> Bool {
        guard !t.hasClock, !t.hasDayPart else { return false }
        switch t.expression {
        case .weekend: return true
        case .occurrence(.weekend, _, _), .intersect(.cycle, .weekend), .intersect(.weekend, .cycle): return true
        default: return false
        }
    }

    /// True for whole days without a time ("Saturday", "Dec 5").
    private static func isWholeDays(_ t: TimeValue) -> Bool {
        !t.hasClock && !t.hasDayPart && !t.hasEnd && t.grain == .day
    }

    /// True when `clock` is a clock time without an end of its own and `days` a run of
    /// whole days with one ("mon-fri", "Dec 21 to 23", "the next 3 days"): together they are
    /// the time on one of the days, and the end belongs to the days alone.
    private static func endIsOnlyTheDays(_ clock: TimeValue, _ days: TimeValue) -> Bool {
        clock.hasClock && !clock.hasEnd && days.hasEnd && !days.hasClock && !days.hasDayPart && days.grain >= .day
    }

    /// True for a clock time next to a reading of whole days: every day has that time.
    private static func isClockOnAnyDay(_ clock: TimeExpression, _ other: TimeValue) -> Bool {
        clock.isClockTime && other.grain >= .day && !other.hasDayPart && !other.hasClock && other.isPlain
    }

    /// Clock times, weekdays, days of the month, months: found again and again.
    private static func isRepeating(_ e: TimeExpression) -> Bool {
        switch e {
        case .clock, .ambiguousClock, .weekday, .dayOfMonth, .month, .monthDay, .dayPart: return true
        default: return false
        }
    }

    /// True when the expression has at least one span.
    static func exists(_ e: TimeExpression, _ series: Series) -> Bool {
        series.exists(e)
    }

    /// For an am/pm-less clock next to a part of the day: the clock that part means, and the
    /// other reading without its part of the day (which the clock now pins down).
    private static func clockInDayPart(clock: TimeValue, other: TimeValue) -> (clock: TimeExpression, other: TimeExpression)? {
        // "tonight at 1am", "friday night at 2:30am": a small hour said as such belongs to the
        // night that began that evening, so it is the next day's.
        if case .clock(let h, _, _, _) = clock.expression, h < smallHoursEnd,
           let window = dayPartWindow(other.expression), window.from >= 18 * 3600, window.to == 24 * 3600 {
            guard let rest = removingDayPart(other.expression) else { return (clock.expression, clock.expression) }
            return (clock.expression, .shifted(rest, Offset(days: 1, unit: .day)))
        }
        guard case .ambiguousClock(let h, let m, let s, let length) = clock.expression,
              let window = dayPartWindow(other.expression) else { return nil }
        let am = (h % 12) * 3600 + m * 60 + s
        let pm = am + 12 * 3600
        let inside = [am, pm].filter { $0 >= window.from && $0 < window.to }
        // "tonight at 12", "this evening at 12:30": just after the evening's midnight, so the
        // next day's 00:00 (a person does not mean noon in the evening).
        if inside.isEmpty, h % 12 == 0, window.from >= 18 * 3600, window.to >= 24 * 3600 {
            let c = TimeExpression.clock(hour: 0, minute: m, second: s, length: length)
            guard let rest = removingDayPart(other.expression) else { return (c, c) }
            return (c, .shifted(rest, Offset(days: 1, unit: .day)))
        }
        let chosen = inside.first ?? (window.from >= 12 * 3600 ? pm : am)
        let c = TimeExpression.clock(hour: chosen / 3600, minute: m, second: s, length: length)
        guard let rest = removingDayPart(other.expression) else { return (c, c) }
        return (c, rest)
    }

    /// The small hours an evening's night runs into: a time said as before 05:00 ("1am",
    /// "4:30 a.m.") with a night of a day is the next day's.
    static let smallHoursEnd = 5

    static func dayPartWindow(_ e: TimeExpression) -> (from: Int, to: Int)? {
        switch e {
        case .dayPart(let from, let to): return (from, to)
        case .intersect(let a, let b): return dayPartWindow(a) ?? dayPartWindow(b)
        default: return nil
        }
    }

    static func removingDayPart(_ e: TimeExpression) -> TimeExpression? {
        switch e {
        case .dayPart: return nil
        case .intersect(let a, let b):
            let ra = removingDayPart(a), rb = removingDayPart(b)
            switch (ra, rb) {
            case (nil, nil): return nil
            case (let x?, nil): return x
            case (nil, let y?): return y
            case (let x?, let y?): return .intersect(x, y)
            }
        default: return e
        }
    }

    /// A range of clock times on a day with a part of it ("from 3-8pm yesterday afternoon",
    /// "9 - 10 at night"): the part only says am or pm; the range keeps both its ends, on the
    /// day when one is named.
    private static func clockRangeOnDay(_ range: TimeValue, _ other: TimeValue, _ series: Series) -> TimeExpression? {
        guard range.hasClock, range.hasEnd, !other.hasClock, other.hasDayPart,
              case .range(var from, var to, let inclusive) = range.expression,
              let window = dayPartWindow(other.expression) else { return nil }
        // "from 1 to 3 at night": the small hours the night runs into, as "2 at night" is.
        let isNight = window.from >= 18 * 3600 && window.to == 24 * 3600
        func pinned(_ e: TimeExpression) -> TimeExpression {
            // "friday 8 - 9 at night": the hour of a day said with it is pinned too.
            if case .intersect(let a, let b) = e { return .intersect(pinned(a), pinned(b)) }
            guard case .ambiguousClock(let h, let m, let s, let l) = e else { return e }
            let am = (h % 12) * 3600 + m * 60 + s
            let small = isNight && h % 12 < smallHoursEnd
            let hour = small || (am >= window.from && am < window.to) || am + 12 * 3600 >= window.to ? h % 12 : h % 12 + 12
            return .clock(hour: hour, minute: m, second: s, length: l)
        }
        from = pinned(from)
        to = pinned(to)
        // An end at or before the start in the same half of the day is the next half's ("from
        // 10 to 12 in the morning" ends at noon, "9 to 5 monday morning" at 17:00); a night's
        // small hours stay the next day's.
        if case .ambiguousClock = range.expression.rangeEnd, let (sh, sm) = from.clockOfDay, case .clock(let eh, let em, let es, let el) = to,
           eh * 60 + em <= sh * 60 + sm, (eh + 12) * 60 + em > sh * 60 + sm, eh < 12 {
            to = .clock(hour: eh + 12, minute: em, second: es, length: el)
        }
        guard var day = removingDayPart(other.expression) else { return .range(from, to, inclusive: inclusive) }
        // On a day said, a night range that starts in the small hours is the next day's.
        if isNight, case .clock(let h, _, _, _) = from, h < smallHoursEnd { day = .shifted(day, Offset(days: 1, unit: .day)) }
        return .range(.intersect(day, from), to, inclusive: inclusive)
    }

    /// From `a` to `b`: "4-6pm", "Dec 21 to Jan 3", "10:15 - 11:45 on Friday". `known` and
    /// `latent` as for `intersect`.
    static func range(_ a: TimeValue, _ b: TimeValue, _ series: Series, unlessKnownIn known: KnownReadings? = nil, latent: Bool = false) -> TimeValue? {
        guard a.isPlainButZone, b.isPlainButZone, a.zone == b.zone || a.zone == nil || b.zone == nil else { return nil }
        guard !a.hasEnd, !b.hasEnd else { return nil }
        var from = a.expression
        var to = b.expression
        // "from May to Oct 2027", "Nov-Feb 2027": a start without a year is the last one
        // before the end.
        if b.hasYear, !a.hasYear, !a.hasClock, !b.hasClock, a.grain >= .day, b.grain >= .day {
            from = .nthAfter(-1, from, after: to)
        }
        // "4-6pm": the start takes the end's afternoon when that keeps it before the end.
        if case .ambiguousClock(let h, let m, let s, let l) = from, case .clock(let eh, let em, _, _) = b.expression {
            let pm = (h % 12 + 12) * 60 + m, end = eh * 60 + em
            from = .clock(hour: pm <= end ? h % 12 + 12 : h % 12, minute: m, second: s, length: l)
        }
        // "7pm - 10", "8am-3": a bare end hour is the first one after the start.
        if case .clock(let sh, let sm, _, _) = from, case .ambiguousClock(let h, let m, let s, let l) = to {
            let start = sh * 60 + sm, am = (h % 12) * 60 + m
            to = .clock(hour: am > start ? h % 12 : (am + 720 > start ? h % 12 + 12 : h % 12), minute: m, second: s, length: l)
        }
        // A clock at either end stops at the start of the end time; dates include the end day.
        let inclusive = b.grain >= .day && !b.hasClock && !b.hasDayPart
        // Two repeating ends always make a range somewhere; others are checked (below).
        let alwaysExists = isRepeating(from) && isRepeating(to)
        // (The ends moved in, not copied and then destroyed here.)
        let e = TimeExpression.range(consume from, consume to, inclusive: inclusive)
        var r = TimeValue(e, grain: min(a.grain, b.grain))
        r.hasDate = a.hasDate || b.hasDate
        r.hasClock = a.hasClock || b.hasClock
        r.hasYear = a.hasYear || b.hasYear
        r.isStretch = true
        r.hasEnd = true
        r.zone = a.zone ?? b.zone
        if !alwaysExists {
            if let known, known.holds(r, latent: latent) { return nil }
            guard exists(r.expression, series) else { return nil }
        }
        return consume r
    }
}

extension TimeExpression {
    /// The end of a range, nil for any other expression.
    var rangeEnd: TimeExpression? {
        if case .range(_, let to, _) = self { return to }
        return nil
    }

    /// The hour and minute of a clock time, alone or on a day ("9", "monday at 9").
    var clockOfDay: (Int, Int)? {
        switch self {
        case .clock(let h, let m, _, _): return (h, m)
        case .intersect(let a, let b): return a.clockOfDay ?? b.clockOfDay
        default: return nil
        }
    }

    var isIntersection: Bool {
        if case .intersect = self { return true }
        return false
    }

    /// A clock time, with am or pm or without.
    var isClockTime: Bool {
        switch self {
        case .clock, .ambiguousClock: return true
        default: return false
        }
    }
}
