internal import ClerkCore

/// Walks the series of spans a `TimeExpression` denotes.
///
/// Two questions are enough for every expression: the first span that ends after a wall
/// time (`next`), and the last span that starts before one (`previous`) — one walk
/// (`walk`) in either `Direction`, so each case is written once. Intersections
/// leapfrog the two series (Duckling's approach); every loop is capped so that impossible
/// combinations ("Sunday the 31st of February") give up quickly instead of hanging.
///
/// `@unchecked Sendable`: the memo pointer is the chart's, used only by the thread reading.
struct Series: @unchecked Sendable {
    /// The reference moment on the wall clock.
    let now: WallSeconds
    /// While a chart reads: its memo of first spans after now (see `SpanMemo`).
    var spans: UnsafeMutablePointer<SpanMemo>? = nil

    /// How far loops search before they give up.
    static let maxSteps = 80

    /// Hours a 12-hour time without am/pm may fall in: "at 5" is 17:00, "at 9" the next of
    /// 09:00 and 21:00, "at 11" 11:00. See README "Where clerk reads differently from Duckling".
    static let schedulingHours = 7...21

    // MARK: the walk

    /// The first span of `e` that ends after `t`.
    @inline(__always) func next(_ e: TimeExpression, endingAfter t: WallSeconds) -> Span? {
        walk(e, .forward, from: t)
    }

    /// The last span of `e` that starts before `t`.
    @inline(__always) func previous(_ e: TimeExpression, startingBefore t: WallSeconds) -> Span? {
        walk(e, .backward, from: t)
    }

    /// The first span of `e` beyond `t` in direction `d`: going forward the first that ends
    /// after `t`, going backward the last that starts before it. One walk for both questions,
    /// so a case is written once; where the two differ on purpose, the case says so.
    func walk(_ e: TimeExpression, _ d: Direction, from t: WallSeconds) -> Span? {
        switch e {
        case .now:
            return d.found(Span(now, now + 1), from: t)

        case .clock(let h, let m, let s, let length):
            var start = Wall.startOfDay(t) + h * 3600 + m * 60 + s
            // Today's, else the day's before or after (twice: a clock past midnight).
            for _ in 0..<2 where !d.accepts(Span(start, start + length), from: t) { start += d.step * Wall.day }
            return Span(start, start + length)

        case .ambiguousClock(let h, let m, let s, let length):
            let (first, second) = Self.readings(ofHour: h)
            var best = walk(.clock(hour: first, minute: m, second: s, length: length), d, from: t)
            if let second, let c = walk(.clock(hour: second, minute: m, second: s, length: length), d, from: t),
               best.map({ d.precedes(c, $0) }) ?? true {
                best = c
            }
            return best

        case .weekday(let w):
            let day = Wall.dayNumber(t)
            let weekday = CivilCalendar.isoWeekday(dayNumber: day)
            var first = d == .forward ? day + (w - weekday + 7) % 7 : day - (weekday - w + 7) % 7
            if !d.accepts(Span(first * Wall.day, (first + 1) * Wall.day), from: t) { first += 7 * d.step }
            return Span(first * Wall.day, (first + 1) * Wall.day)

        case .dayOfMonth(let dom):
            var c = CivilCalendar.date(dayNumber: Wall.dayNumber(t))
            for _ in 0..<14 {
                if dom <= CivilCalendar.daysIn(month: c.month, year: c.year) {
                    let start = Wall.time(c.year, c.month, dom)
                    if let span = d.found(Span(start, start + Wall.day), from: t) { return span }
                }
                c.month += d.step
                if c.month > 12 { c.month = 1; c.year += 1 } else if c.month < 1 { c.month = 12; c.year -= 1 }
            }
            return nil

        case .month(let m):
            var y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for _ in 0..<2 {
                let start = Wall.time(y, m, 1)
                // The next month's first day from its number: `addMonths` would first turn
                // `start` back into a date.
                let end = m == 12 ? Wall.time(y + 1, 1, 1) : Wall.time(y, m + 1, 1)
                if let span = d.found(Span(start, end), from: t) { return span }
                y += d.step
            }
            return nil

        case .monthDay(let m, let day):
            var y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for _ in 0..<10 {
                if day <= CivilCalendar.daysIn(month: m, year: y) {
                    let start = Wall.time(y, m, day)
                    if let span = d.found(Span(start, start + Wall.day), from: t) { return span }
                }
                y += d.step
            }
            return nil

        case .year(let y):
            return d.found(Span(Wall.time(y, 1, 1), Wall.time(y + 1, 1, 1)), from: t)

        case .quarter(let q):
            var y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for _ in 0..<2 {
                let start = Wall.time(y, 3 * (q - 1) + 1, 1)
                let next = 3 * q + 1  // the month after the quarter, as for `.month`
                let end = next > 12 ? Wall.time(y + 1, next - 12, 1) : Wall.time(y, next, 1)
                if let span = d.found(Span(start, end), from: t) { return span }
                y += d.step
            }
            return nil

        case .dayPart(let from, let to):
            // From the day before `t` (going forward) or after it (going back).
            var start = Wall.startOfDay(t) - d.step * Wall.day + from
            for _ in 0..<3 {
                if let span = d.found(Span(start, start + (to - from)), from: t) { return span }
                start += d.step * Wall.day
            }
            return nil

        case .weekend:
            // Friday 18:00 to Monday 00:00: of the week before `t`'s, then `t`'s, then the
            // next (going forward; the other way round going back).
            let day = Wall.dayNumber(t)
            let friday = day - (CivilCalendar.isoWeekday(dayNumber: day) - 5)
            var start = friday * Wall.day + 18 * 3600 - d.step * 7 * Wall.day
            for _ in 0..<3 {
                if let span = d.found(Span(start, start + 54 * 3600), from: t) { return span }
                start += d.step * 7 * Wall.day
            }
            return nil

        case .season(let season):
            let y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for k in 0..<3 {
                if let span = d.found(Self.span(of: season, startingIn: y + (k - 1) * d.step), from: t) { return span }
            }
            return nil

        case .anySeason:
            let y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for k in 0..<3 {
                for i in 0..<4 {
                    let season = Season.allCases[d == .forward ? i : 3 - i]
                    if let span = d.found(Self.generalSpan(of: season, startingIn: y + (k - 1) * d.step), from: t) { return span }
                }
            }
            return nil

        case .holiday(let h):
            let y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for k in 0..<4 {
                if let span = h.span(in: y + (k - 1) * d.step), d.accepts(span, from: t) { return span }
            }
            return nil

        case .fixed(let span):
            return d.found(span, from: t)

        case .every(let grain):
            return Wall.unit(d == .forward ? t : t - 1, grain)

        case .either(let a, let b):
            switch (walk(a, d, from: t), walk(b, d, from: t)) {
            case (let x?, let y?): return d.precedes(y, x) ? y : x
            case (let x?, nil): return x
            case (nil, let y): return y
            }

        case .cycle, .cycleAt, .moment, .occurrence, .closest:
            guard let span = single(e) else { return nil }
            return d.found(span, from: t)

        case .intersect(let a, let b):
            return intersection(a, b, d, from: t)

        case .nth(let n, let unit, let container):
            return first(in: container, d, from: t) { box in nth(n, of: unit, inside: box) }

        case .nthUnit(let n, let grain, let container):
            return first(in: container, d, from: t) { box in Self.nthUnit(n, grain, inside: box) }

        case .isoWeek(let n, let container):
            return first(in: container, d, from: t) { box in Self.isoWeek(n, of: CivilCalendar.date(dayNumber: Wall.dayNumber(box.start)).year) }

        case .nthAfter(let n, let unit, let anchor):
            // Counted from the last anchor before `t`: "the third Tuesday after Christmas"
            // may still be ahead. Going forward, the next anchor when none came before.
            var a = previous(anchor, startingBefore: t) ?? (d == .forward ? next(anchor, endingAfter: t) : nil)
            for _ in 0..<6 {
                guard let box = a else { return nil }
                if let r = nth(n, of: unit, after: box), d.accepts(r, from: t) { return r }
                a = walk(anchor, d, from: d.leading(box))
            }
            return nil

        case .shifted(let inner, let offset):
            // The inner span that lands beyond `t` once moved; going back, one starting at the
            // moved-back moment itself counts (months move unevenly).
            let back = offset.negated.applied(to: t)
            var x = walk(inner, d, from: d == .forward ? back : back + 1)
            for _ in 0..<3 {
                guard let span = x else { return nil }
                let moved = Span(offset.applied(to: span.start), offset.applied(to: span.end))
                if d.accepts(moved, from: t) { return moved }
                x = walk(inner, d, from: d.leading(span))
            }
            return nil

        case .portion(let inner, let portion):
            return first(in: inner, d, from: t, steps: 3) { span in part(portion, of: span) }

        case .range(let from, let to, let inclusive):
            // From the last start before `t` (a range that began may still be running);
            // going forward, the next start when none came before.
            var x = previous(from, startingBefore: t) ?? (d == .forward ? next(from, endingAfter: t) : nil)
            for _ in 0..<4 {
                guard let span = x else { return nil }
                if let r = range(from: span, to: to, inclusive: inclusive), d.accepts(r, from: t) { return r }
                x = walk(from, d, from: d.leading(span))
            }
            return nil
        }
    }

    /// The first span `pick` finds in a span of `container` that answers a walk from `t` in
    /// direction `d`, trying `steps` spans of the container from `t` on.
    @inline(__always)
    private func first(in container: TimeExpression, _ d: Direction, from t: WallSeconds, steps: Int = 24, _ pick: (Span) -> Span?) -> Span? {
        var c = walk(container, d, from: t)
        for _ in 0..<steps {
            guard let box = c else { return nil }
            if let r = pick(box), d.accepts(r, from: t) { return r }
            c = walk(container, d, from: d.leading(box))
        }
        return nil
    }

    // MARK: single spans

    /// The one span of an expression that is fixed by the reference time.
    func single(_ e: TimeExpression) -> Span? {
        switch e {
        case .cycle(let grain, let n):
            let start = Wall.add(Wall.floor(now, grain), grain, n)
            return Span(start, Wall.add(start, grain, 1))
        case .cycleAt(let grain, let offset):
            return Wall.unit(offset.applied(to: now), grain)
        case .moment(let offset, let grain):
            let t = offset.applied(to: now)
            return Span(t, t + (grain.seconds ?? 1))
        case .occurrence(let inner, let k, let skipCurrent):
            return occurrence(inner, k, skipCurrent: skipCurrent)
        case .closest(let inner, let n, let anchor):
            return closest(inner, n, to: anchor)
        default:
            return next(e, endingAfter: now) ?? previous(e, startingBefore: now)
        }
    }

    /// The `k`th span counted from now (see `TimeExpression.occurrence`).
    func occurrence(_ e: TimeExpression, _ k: Int, skipCurrent: Bool) -> Span? {
        if k > 0 {
            var x = next(e, endingAfter: now)
            if skipCurrent, let s = x, s.start <= now { x = next(e, endingAfter: s.end) }
            for _ in 1..<k {
                guard let s = x else { return nil }
                x = next(e, endingAfter: s.end)
            }
            return x
        }
        var x = previous(e, startingBefore: now)
        if let s = x, s.end > now { x = previous(e, startingBefore: s.start) }
        for _ in 1..<(-k) {
            guard let s = x else { return nil }
            x = previous(e, startingBefore: s.start)
        }
        return x
    }

    func closest(_ e: TimeExpression, _ n: Int, to anchor: TimeExpression) -> Span? {
        guard let a = single(anchor) else { return nil }
        var candidates: [Span] = []
        var x = next(e, endingAfter: a.start)
        for _ in 0..<n {
            guard let s = x else { break }
            candidates.append(s)
            x = next(e, endingAfter: s.end)
        }
        var y = previous(e, startingBefore: a.start)
        for _ in 0..<n {
            guard let s = y else { break }
            if !candidates.contains(s) { candidates.append(s) }
            y = previous(e, startingBefore: s.start)
        }
        func distance(_ s: Span) -> Int {
            if s.overlaps(a) { return 0 }
            return s.start >= a.end ? s.start - a.start : a.start - s.start
        }
        candidates.sort { distance($0) < distance($1) }
        return n <= candidates.count ? candidates[n - 1] : nil
    }

    /// True when `e` has at least one span.
    func exists(_ e: TimeExpression) -> Bool {
        // Factors that cannot meet ("the last week of October" and "the 2nd", "afternoon" and
        // 20:00) have no span: the leapfrog would walk to its cap both ways (~170–290 walks)
        // to say so. The test only refuses what is truly empty, so the answer is the walk's.
        switch e {
        case .intersect:
            if FactorFacts.contradict(e) { return false }
        case .cycle, .cycleAt, .moment, .occurrence, .closest:
            // One span fixed by now, as `walk` finds it both ways: worked out once, not twice
            // ("the closest Monday to Christmas" walks the holiday and the weekday each time).
            guard let span = single(e) else { return false }
            return span.end > now || span.start < now
        default:
            break
        }
        let next = self.next(e, endingAfter: now)
        spans?.pointee.remember(e, now: now, next: next)
        return next != nil || previous(e, startingBefore: now) != nil
    }

    /// `next(e, endingAfter: now)`, taken from the chart's memo when its check walked it.
    func nextFromNow(_ e: TimeExpression) -> Span? {
        if let known = spans?.pointee.next(of: e, now: now) { return known }
        return next(e, endingAfter: now)
    }

    // MARK: helpers

    /// The hours a 12-hour reading may stand for inside the scheduling window (the second
    /// nil when only one does); both when neither or both fall inside it.
    static func readings(ofHour h: Int) -> (Int, Int?) {
        let am = h % 12, pm = h % 12 + 12
        switch (schedulingHours.contains(am), schedulingHours.contains(pm)) {
        case (true, false): return (am, nil)
        case (false, true): return (pm, nil)
        default: return (am, pm)
        }
    }

    /// The spans `a` and `b` share, walking in direction `d` from `t`: the two series
    /// leapfrog, the one behind stepping up to the other, until they overlap.
    private func intersection(_ a: TimeExpression, _ b: TimeExpression, _ d: Direction, from t: WallSeconds) -> Span? {
        var x = walk(a, d, from: t)
        var y = walk(b, d, from: t)
        for _ in 0..<Self.maxSteps {
            guard let p = x, let q = y else { return nil }
            if p.overlaps(q) {
                let shared = p.intersection(q)
                if d.accepts(shared, from: t) { return shared }
                // The overlap lies on the wrong side of `t`: step on the side that reaches less far.
                if !d.isBeyond(d.leading(p), d.leading(q)) { x = walk(a, d, from: d.leading(p)) } else { y = walk(b, d, from: d.leading(q)) }
                continue
            }
            if !d.isBeyond(d.leading(p), d.trailing(q)) {
                x = walk(a, d, from: d.trailing(q))
            } else {
                y = walk(b, d, from: d.trailing(p))
            }
        }
        return nil
    }

    /// The `n`th span of `unit` wholly inside `box` (negative `n` counts from the end).
    func nth(_ n: Int, of unit: TimeExpression, inside box: Span) -> Span? {
        let d: Direction = n > 0 ? .forward : .backward
        var x = walk(unit, d, from: d.trailing(box))
        var count = 0
        for _ in 0..<Self.maxSteps {
            guard let s = x, d.isBeyond(d.leading(box), d.trailing(s)) else { return nil }
            if box.contains(s) {
                count += 1
                if count == abs(n) { return s }
            }
            x = walk(unit, d, from: d.leading(s))
        }
        return nil
    }

    /// The `n`th whole unit of `grain` inside `box` (negative `n` counts from the end).
    static func nthUnit(_ n: Int, _ grain: Grain, inside box: Span) -> Span? {
        if n > 0 {
            var start = Wall.floor(box.start, grain)
            if start < box.start { start = Wall.add(start, grain, 1) }
            start = Wall.add(start, grain, n - 1)
            let s = Span(start, Wall.add(start, grain, 1))
            return s.end <= box.end ? s : nil
        }
        var end = Wall.floor(box.end, grain)
        end = Wall.add(end, grain, n + 1)
        let s = Span(Wall.add(end, grain, -1), end)
        return s.start >= box.start ? s : nil
    }

    /// ISO week `n` of `year`: weeks start on Monday and week 1 holds 4 January; nil for a
    /// week 53 the year does not have.
    static func isoWeek(_ n: Int, of year: Int) -> Span? {
        let january4 = CivilCalendar.dayNumber(year: year, month: 1, day: 4)
        let monday = january4 - (CivilCalendar.isoWeekday(dayNumber: january4) - 1) + 7 * (n - 1)
        guard n >= 1, monday <= CivilCalendar.dayNumber(year: year, month: 12, day: 28) else { return nil }
        return Span(monday * Wall.day, (monday + 7) * Wall.day)
    }

    /// The `n`th span of `unit` after `anchor` ends (`n < 0`: before it starts); a unit
    /// that overlaps the anchor does not count.
    func nth(_ n: Int, of unit: TimeExpression, after anchor: Span) -> Span? {
        let d: Direction = n > 0 ? .forward : .backward
        var x = walk(unit, d, from: d.leading(anchor))
        if let s = x, d.isBeyond(d.leading(anchor), d.trailing(s)) { x = walk(unit, d, from: d.leading(s)) }
        for _ in 1..<max(abs(n), 1) {
            guard let s = x else { return nil }
            x = walk(unit, d, from: d.leading(s))
        }
        return x
    }

    /// The part of a span that `portion` names. Months split in thirds (1–10, 11–20, 21–end),
    /// weeks into Monday–Wednesday and Friday–Sunday, years into January–March and
    /// September–December, days into morning and evening: Duckling's table. Quarters split
    /// into their months and seasons into thirds of whole days ("late Q3", "early spring").
    func part(_ portion: Portion, of s: Span) -> Span? {
        let days = (s.end - s.start) / Wall.day
        // A decade's or a century's thirds are whole years: the early 90s are 1990-1992,
        // the mid 90s 1993-1996, the late 90s 1997-1999.
        if days > 3 * 366, portion.isAThird {
            let third = (days + 180) / 365 * 3 / 10
            switch portion {
            case .early, .beginning: return Span(s.start, Wall.addMonths(s.start, 12 * third))
            case .late, .end: return Span(Wall.addMonths(s.end, -12 * third), s.end)
            default: return Span(Wall.addMonths(s.start, 12 * third), Wall.addMonths(s.end, -12 * third))
            }
        }
        if days >= 80, days < 365, portion.isAThird {
            // A quarter's thirds are its months.
            if Wall.floor(s.start, .month) == s.start, Wall.addMonths(s.start, 3) == s.end {
                switch portion {
                case .early, .beginning: return Span(s.start, Wall.addMonths(s.start, 1))
                case .late, .end: return Span(Wall.addMonths(s.start, 2), s.end)
                default: return Span(Wall.addMonths(s.start, 1), Wall.addMonths(s.start, 2))
                }
            }
            let third = days / 3 * Wall.day
            switch portion {
            case .early, .beginning: return Span(s.start, s.start + third)
            case .late, .end: return Span(s.end - third, s.end)
            default: return Span(s.start + third, s.end - third)
            }
        }
        switch portion {
        case .rest:
            let from = max(s.start, Wall.startOfDay(now))
            return from < s.end ? Span(from, s.end) : nil
        case .holdingWeek:
            let day = Wall.dayNumber(s.start)
            let weekday = CivilCalendar.isoWeekday(dayNumber: day)
            let monday = weekday == 7 ? day + 1 : day - (weekday - 1)
            return Span(monday * Wall.day, (monday + 7) * Wall.day)
        case .holidayWeekend:
            let day = Wall.dayNumber(s.start)
            switch CivilCalendar.isoWeekday(dayNumber: day) {
            case 1, 2: return Span((day - CivilCalendar.isoWeekday(dayNumber: day) - 1) * Wall.day, (day + 1) * Wall.day)
            case 6: return Span(day * Wall.day, (day + 2) * Wall.day)
            case 7: return Span((day - 1) * Wall.day, (day + 1) * Wall.day)
            default: return Span(day * Wall.day, (day + 8 - CivilCalendar.isoWeekday(dayNumber: day)) * Wall.day)
            }
        case .firstHalf, .secondHalf:
            // A year's halves are six months; a month's or a week's whole days, the longer
            // half second (1st-15th and 16th-31st; Monday-Wednesday and Thursday-Sunday).
            let middle = days >= 365 ? Wall.addMonths(s.start, 6) : days >= 2 ? s.start + days / 2 * Wall.day : s.start + (s.end - s.start) / 2
            return portion == .firstHalf ? Span(s.start, middle) : Span(middle, s.end)
        case .early, .beginning:
            if days >= 365 { return Span(s.start, Wall.addMonths(s.start, 3)) }
            if days >= 28 { return Span(s.start, s.start + 10 * Wall.day) }
            if days == 7 { return Span(s.start, s.start + 3 * Wall.day) }
            if days == 1 { return Span(s.start, s.start + 12 * 3600) }
            return Span(s.start, s.start + (s.end - s.start) / 3)
        case .middle:
            if days >= 365 { return Span(Wall.addMonths(s.start, 4), Wall.addMonths(s.start, 8)) }
            if days >= 28 { return Span(s.start + 10 * Wall.day, s.start + 20 * Wall.day) }
            if days == 7 { return Span(s.start + 2 * Wall.day, s.start + 5 * Wall.day) }
            return Span(s.start + (s.end - s.start) / 3, s.start + 2 * (s.end - s.start) / 3)
        case .late, .end:
            if days >= 365 { return Span(Wall.addMonths(s.end, -4), s.end) }
            if days >= 28 { return Span(s.start + 20 * Wall.day, s.end) }
            if days == 7 { return Span(s.end - 3 * Wall.day, s.end) }
            if days == 1 { return Span(s.start + 18 * 3600, s.end) }
            return Span(s.end - (s.end - s.start) / 3, s.end)
        }
    }

    private func range(from s: Span, to: TimeExpression, inclusive: Bool) -> Span? {
        guard let e = next(to, endingAfter: s.start + 1) else { return nil }
        let end = inclusive ? e.end : e.start
        // "10:15 - 11:45" is not 22:15 to 11:45 the next day.
        if case .ambiguousClock = to, end - s.start > 12 * 3600 { return nil }
        return end > s.start ? Span(s.start, end) : nil
    }

    /// A named season ("this summer"): Duckling's fixed dates.
    static func span(of season: Season, startingIn year: Int) -> Span {
        switch season {
        case .spring: return Span(Wall.time(year, 3, 20), Wall.time(year, 6, 21))
        case .summer: return Span(Wall.time(year, 6, 21), Wall.time(year, 9, 24))
        case .fall: return Span(Wall.time(year, 9, 23), Wall.time(year, 12, 21))
        case .winter: return Span(Wall.time(year, 12, 21), Wall.time(year + 1, 3, 21))
        }
    }

    /// A season as "this/next/last season" reads it: up to the day before the next begins.
    static func generalSpan(of season: Season, startingIn year: Int) -> Span {
        switch season {
        case .spring: return Span(Wall.time(year, 3, 20), Wall.time(year, 6, 20))
        case .summer: return Span(Wall.time(year, 6, 21), Wall.time(year, 9, 22))
        case .fall: return Span(Wall.time(year, 9, 23), Wall.time(year, 12, 20))
        case .winter: return Span(Wall.time(year, 12, 21), Wall.time(year + 1, 3, 19))
        }
    }
}

/// Which way `Series.walk` goes, and what "beyond" means that way.
enum Direction: Sendable {
    /// Toward later spans: the first that ends after a moment.
    case forward
    /// Toward earlier spans: the last that starts before a moment.
    case backward

    /// +1 or -1: how a day, month or year count moves.
    var step: Int { self == .forward ? 1 : -1 }

    /// The edge of `s` that must lie beyond the moment: its end going forward, its start
    /// going back. A walk continues from there.
    @inline(__always) func leading(_ s: Span) -> WallSeconds { self == .forward ? s.end : s.start }

    /// The other edge: where `s` begins in the walk's order.
    @inline(__always) func trailing(_ s: Span) -> WallSeconds { self == .forward ? s.start : s.end }

    /// Whether `a` lies strictly beyond `t`: later going forward, earlier going back.
    @inline(__always) func isBeyond(_ a: WallSeconds, _ t: WallSeconds) -> Bool { self == .forward ? a > t : a < t }

    /// Whether `s` answers a walk from `t`.
    @inline(__always) func accepts(_ s: Span, from t: WallSeconds) -> Bool { isBeyond(leading(s), t) }

    /// `s` when it answers a walk from `t`, else nil.
    @inline(__always) func found(_ s: Span, from t: WallSeconds) -> Span? { accepts(s, from: t) ? s : nil }

    /// Whether `a` comes before `b` in the walk's order (by their starts; ties are not).
    @inline(__always) func precedes(_ a: Span, _ b: Span) -> Bool { self == .forward ? a.start < b.start : a.start > b.start }
}

/// What the factors of an intersection say of every span they have — its month, the days of
/// the month it may fall on, its weekday, its time of day (a one-day holiday's date or weekday
/// among them) — gathered to find two that contradict each other. A sound test, not a
/// complete one: a factor it cannot read says
/// nothing, so an intersection it calls contradictory has no span at all (and the walk, which
/// only returns spans the factors share, would have found none).
struct FactorFacts {
    /// 1...12, or 0 when no factor names a month.
    private var month = 0
    /// The days of the month a span may fall on (`firstDay > lastDay`: none).
    private var firstDay = 1, lastDay = 31
    /// ISO weekday, or 0 when no factor names one.
    private var weekday = 0
    /// The first time of day a factor names, in seconds after midnight (`to` may pass it).
    private var clock: (from: Int, to: Int)?
    private var contradicted = false

    /// Whether two factors of the intersection `e` cannot meet.
    static func contradict(_ e: TimeExpression) -> Bool {
        var facts = FactorFacts()
        facts.add(e)
        return facts.contradicted
    }

    /// The facts of `e`, a factor or an intersection of them, added to these.
    private mutating func add(_ e: TimeExpression) {
        switch e {
        case .intersect(let a, let b):
            add(a)
            if !contradicted { add(b) }
        case .month(let m):
            setMonth(m)
        case .dayOfMonth(let d):
            setDays(d, d)
        case .monthDay(let m, let d):
            setMonth(m)
            setDays(d, d)
        case .weekday(let w):
            setWeekday(w)
        case .holiday(let h) where h.days == 1 && !h.startsOnEve:
            // A one-day holiday on a date or a weekday of its own: Christmas is 25 December,
            // Easter Monday a Monday, Thanksgiving a Thursday.
            switch h.rule {
            case .fixed(let m, let d):
                setMonth(m)
                setDays(d, d)
            case .easter(let offset), .orthodoxEaster(let offset):
                setWeekday(Self.weekday(7, movedBy: offset))
            case .nthWeekday(_, let w, _, let plusDays):
                setWeekday(Self.weekday(w, movedBy: plusDays))
            default:
                return
            }
        case .dayPart(let from, let to):
            setClock(from, to)
        case .clock(let h, let m, let s, let length):
            let start = h * 3600 + m * 60 + s
            setClock(start, start + length)
        case .nthUnit(let n, let grain, let container):
            // The nth day or whole week of a month: which days of the month it may be.
            guard let m = Self.monthOnly(container), let days = Self.days(ofUnit: n, grain) else { return }
            setMonth(m)
            setDays(days.first, days.last)
        default:
            return
        }
    }

    private mutating func setWeekday(_ w: Int) {
        if weekday != 0, weekday != w { contradicted = true }
        weekday = w
    }

    /// The ISO weekday `days` after weekday `w` (before it when negative).
    private static func weekday(_ w: Int, movedBy days: Int) -> Int {
        ((w - 1 + days % 7) % 7 + 7) % 7 + 1
    }

    private mutating func setMonth(_ m: Int) {
        guard (1...12).contains(m) else { return }
        if month != 0, month != m { contradicted = true }
        month = m
        checkDaysInMonth()
    }

    private mutating func setDays(_ first: Int, _ last: Int) {
        firstDay = max(firstDay, first)
        lastDay = min(lastDay, last)
        if firstDay > lastDay { contradicted = true }
        checkDaysInMonth()
    }

    /// No month has a day past its longest length (29 for February).
    private mutating func checkDaysInMonth() {
        if month != 0, firstDay > CivilCalendar.daysIn(month: month, year: 2000) { contradicted = true }
    }

    /// Two times of day meet when the spans they repeat every day overlap; a time of a day or
    /// longer meets every other.
    private mutating func setClock(_ from: Int, _ to: Int) {
        guard let (f, t) = clock else { clock = (from, to); return }
        guard t - f < Wall.day, to - from < Wall.day, from >= 0, from < Wall.day, f >= 0, f < Wall.day else { return }
        for k in -1...1 where f < to + k * Wall.day && from + k * Wall.day < t { return }
        contradicted = true
    }

    /// The month every span of `container` lies in, when its spans are whole months (a month,
    /// or a month of a year).
    private static func monthOnly(_ container: TimeExpression) -> Int? {
        switch container {
        case .month(let m), .intersect(.year, .month(let m)), .intersect(.month(let m), .year): return m
        default: return nil
        }
    }

    /// The days of a month (of 28 to 31 days) that `Series.nthUnit` may give for the `n`th day
    /// or whole week (weeks start on the same weekday; a whole week's first day is one of the
    /// first seven, or its last one of the last seven); nil for other grains and far counts.
    private static func days(ofUnit n: Int, _ grain: Grain) -> (first: Int, last: Int)? {
        switch grain {
        case .day where (1...31).contains(n): return (n, n)
        case .day where (-31 ... -1).contains(n): return (29 + n, 32 + n)
        case .week where (1...5).contains(n): return (7 * n - 6, 7 * n + 6)
        case .week where (-5 ... -1).contains(n): return (23 + 7 * n, 38 + 7 * n)
        default: return nil
        }
    }
}

/// The first span after now of the readings the chart checked exist (`Series.exists`), kept
/// for the resolver, which asks the same of the reading it picks (`Resolver.span`): a
/// reading checked and then chosen is walked once, not twice. The last few checked are kept,
/// in the chart's scratch block, for one parse (`Chart` empties it before its block goes back).
struct SpanMemo {
    static let room = 4
    private struct Entry {
        var expression: TimeExpression
        var now: WallSeconds
        var next: Span?
    }
    private let entries: UnsafeMutablePointer<Entry>
    private var count = 0
    /// Where the next entry goes once all are taken (the oldest is replaced).
    private var oldest = 0

    /// `room` is raw memory of `SpanMemo.bytes` for the entries.
    init(room: UnsafeMutableRawPointer) {
        entries = room.bindMemory(to: Entry.self, capacity: Self.room)
    }

    static var bytes: Int { room * MemoryLayout<Entry>.stride }

    /// Remembers `next(e, endingAfter: now)`.
    mutating func remember(_ e: TimeExpression, now: WallSeconds, next: Span?) {
        if count < Self.room {
            (entries + count).initialize(to: Entry(expression: e, now: now, next: next))
            count += 1
        } else {
            entries[oldest] = Entry(expression: e, now: now, next: next)
            oldest = (oldest + 1) % Self.room
        }
    }

    /// What `next(e, endingAfter: now)` was found to be, nil when it was not remembered
    /// (`.some(nil)`: there is no span after now).
    func next(of e: TimeExpression, now: WallSeconds) -> Span?? {
        var i = count
        while i > 0 {
            i -= 1
            if entries[i].now == now, entries[i].expression == e { return .some(entries[i].next) }
        }
        return nil
    }

    /// Forgets every entry (their expressions are released).
    mutating func empty() {
        // One by one, each moved out and destroyed as what it is (`deinitialize(count:)` went
        // through the generic array destroy and a value witness an entry).
        for i in 0..<count { _ = (entries + i).move() }
        count = 0
        oldest = 0
    }
}
