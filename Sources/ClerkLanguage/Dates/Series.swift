internal import ClerkCore

/// Walks the series of spans a `TimeExpression` denotes.
///
/// Two questions are enough for every expression: the first span that ends after a wall
/// time (`next`), and the last span that starts before one (`previous`). Intersections
/// leapfrog the two series (Duckling's approach); every loop is capped so that impossible
/// combinations ("Sunday the 31st of February") give up quickly instead of hanging.
struct Series {
    /// The reference moment on the wall clock.
    let now: WallSeconds

    /// How far loops search before they give up.
    static let maxSteps = 80

    /// Hours a 12-hour time without am/pm may fall in: "at 5" is 17:00, "at 9" the next of
    /// 09:00 and 21:00, "at 11" 11:00. See README "Where clerk reads differently from Duckling".
    static let schedulingHours = 7...21

    // MARK: next

    /// The first span of `e` that ends after `t`.
    func next(_ e: TimeExpression, endingAfter t: WallSeconds) -> Span? {
        switch e {
        case .now:
            let s = Span(now, now + 1)
            return s.end > t ? s : nil

        case .clock(let h, let m, let s, let length):
            let offset = h * 3600 + m * 60 + s
            var start = Wall.startOfDay(t) + offset
            if start + length <= t { start += Wall.day }
            if start + length <= t { start += Wall.day }
            return Span(start, start + length)

        case .ambiguousClock(let h, let m, let s, let length):
            var best: Span?
            for hour in Self.readings(ofHour: h) {
                if let c = next(.clock(hour: hour, minute: m, second: s, length: length), endingAfter: t),
                   best == nil || c.start < best!.start {
                    best = c
                }
            }
            return best

        case .weekday(let w):
            let d = Wall.dayNumber(t)
            let delta = (w - CivilCalendar.isoWeekday(dayNumber: d) + 7) % 7
            let start = (d + delta) * Wall.day
            return Span(start, start + Wall.day)

        case .dayOfMonth(let dom):
            var c = CivilCalendar.date(dayNumber: Wall.dayNumber(t))
            for _ in 0..<14 {
                if dom <= CivilCalendar.daysIn(month: c.month, year: c.year) {
                    let start = Wall.time(c.year, c.month, dom)
                    if start + Wall.day > t { return Span(start, start + Wall.day) }
                }
                c.month += 1
                if c.month > 12 { c.month = 1; c.year += 1 }
            }
            return nil

        case .month(let m):
            var y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for _ in 0..<2 {
                let s = Span(Wall.time(y, m, 1), Wall.addMonths(Wall.time(y, m, 1), 1))
                if s.end > t { return s }
                y += 1
            }
            return nil

        case .monthDay(let m, let d):
            var y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for _ in 0..<10 {
                if d <= CivilCalendar.daysIn(month: m, year: y) {
                    let start = Wall.time(y, m, d)
                    if start + Wall.day > t { return Span(start, start + Wall.day) }
                }
                y += 1
            }
            return nil

        case .year(let y):
            let s = Span(Wall.time(y, 1, 1), Wall.time(y + 1, 1, 1))
            return s.end > t ? s : nil

        case .quarter(let q):
            var y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for _ in 0..<2 {
                let start = Wall.time(y, 3 * (q - 1) + 1, 1)
                let s = Span(start, Wall.addMonths(start, 3))
                if s.end > t { return s }
                y += 1
            }
            return nil

        case .dayPart(let from, let to):
            var start = Wall.startOfDay(t) - Wall.day + from
            for _ in 0..<3 {
                if start + (to - from) > t { return Span(start, start + (to - from)) }
                start += Wall.day
            }
            return nil

        case .weekend:
            let d = Wall.dayNumber(t)
            let friday = d - (CivilCalendar.isoWeekday(dayNumber: d) - 5)
            var start = friday * Wall.day + 18 * 3600
            if start - 7 * Wall.day + 54 * 3600 > t { start -= 7 * Wall.day }
            if start + 54 * 3600 <= t { start += 7 * Wall.day }
            return Span(start, start + 54 * 3600)

        case .season(let season):
            let y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for year in (y - 1)...(y + 1) {
                let s = Self.span(of: season, startingIn: year)
                if s.end > t { return s }
            }
            return nil

        case .anySeason:
            let y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for year in (y - 1)...(y + 1) {
                for season in Season.allCases {
                    let s = Self.generalSpan(of: season, startingIn: year)
                    if s.end > t { return s }
                }
            }
            return nil

        case .holiday(let h):
            let y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for year in (y - 1)...(y + 2) {
                if let s = h.span(in: year), s.end > t { return s }
            }
            return nil

        case .fixed(let s):
            return s.end > t ? s : nil

        case .every(let grain):
            return Wall.unit(t, grain)

        case .either(let a, let b):
            switch (next(a, endingAfter: t), next(b, endingAfter: t)) {
            case (let x?, let y?): return x.start <= y.start ? x : y
            case (let x?, nil): return x
            case (nil, let y): return y
            }

        case .cycle, .cycleAt, .moment, .occurrence, .closest:
            guard let s = single(e) else { return nil }
            return s.end > t ? s : nil

        case .intersect(let a, let b):
            return nextIntersection(a, b, endingAfter: t)

        case .nth(let n, let unit, let container):
            var c = next(container, endingAfter: t)
            for _ in 0..<24 {
                guard let box = c else { return nil }
                if let r = nth(n, of: unit, inside: box), r.end > t { return r }
                c = next(container, endingAfter: box.end)
            }
            return nil

        case .nthUnit(let n, let grain, let container):
            var c = next(container, endingAfter: t)
            for _ in 0..<24 {
                guard let box = c else { return nil }
                if let r = Self.nthUnit(n, grain, inside: box), r.end > t { return r }
                c = next(container, endingAfter: box.end)
            }
            return nil

        case .nthAfter(let n, let unit, let anchor):
            var a = previous(anchor, startingBefore: t) ?? next(anchor, endingAfter: t)
            for _ in 0..<6 {
                guard let box = a else { return nil }
                if let r = nth(n, of: unit, after: box), r.end > t { return r }
                a = next(anchor, endingAfter: box.end)
            }
            return nil

        case .shifted(let inner, let offset):
            let back = offset.negated.applied(to: t)
            var x = next(inner, endingAfter: back)
            for _ in 0..<3 {
                guard let s = x else { return nil }
                let moved = Span(offset.applied(to: s.start), offset.applied(to: s.end))
                if moved.end > t { return moved }
                x = next(inner, endingAfter: s.end)
            }
            return nil

        case .portion(let inner, let portion):
            var x = next(inner, endingAfter: t)
            for _ in 0..<3 {
                guard let s = x else { return nil }
                if let p = part(portion, of: s), p.end > t { return p }
                x = next(inner, endingAfter: s.end)
            }
            return nil

        case .range(let from, let to, let inclusive):
            var x = previous(from, startingBefore: t) ?? next(from, endingAfter: t)
            for _ in 0..<4 {
                guard let s = x else { return nil }
                if let r = range(from: s, to: to, inclusive: inclusive), r.end > t { return r }
                x = next(from, endingAfter: s.end)
            }
            return nil
        }
    }

    // MARK: previous

    /// The last span of `e` that starts before `t`.
    func previous(_ e: TimeExpression, startingBefore t: WallSeconds) -> Span? {
        switch e {
        case .now:
            let s = Span(now, now + 1)
            return s.start < t ? s : nil

        case .clock(let h, let m, let s, let length):
            var start = Wall.startOfDay(t) + h * 3600 + m * 60 + s
            if start >= t { start -= Wall.day }
            if start >= t { start -= Wall.day }
            return Span(start, start + length)

        case .ambiguousClock(let h, let m, let s, let length):
            var best: Span?
            for hour in Self.readings(ofHour: h) {
                if let c = previous(.clock(hour: hour, minute: m, second: s, length: length), startingBefore: t),
                   best == nil || c.start > best!.start {
                    best = c
                }
            }
            return best

        case .weekday(let w):
            let d = Wall.dayNumber(t)
            var day = d - (CivilCalendar.isoWeekday(dayNumber: d) - w + 7) % 7
            if day * Wall.day >= t { day -= 7 }
            return Span(day * Wall.day, (day + 1) * Wall.day)

        case .dayOfMonth(let dom):
            var c = CivilCalendar.date(dayNumber: Wall.dayNumber(t))
            for _ in 0..<14 {
                if dom <= CivilCalendar.daysIn(month: c.month, year: c.year) {
                    let start = Wall.time(c.year, c.month, dom)
                    if start < t { return Span(start, start + Wall.day) }
                }
                c.month -= 1
                if c.month < 1 { c.month = 12; c.year -= 1 }
            }
            return nil

        case .month(let m):
            var y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for _ in 0..<2 {
                let start = Wall.time(y, m, 1)
                if start < t { return Span(start, Wall.addMonths(start, 1)) }
                y -= 1
            }
            return nil

        case .monthDay(let m, let d):
            var y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for _ in 0..<10 {
                if d <= CivilCalendar.daysIn(month: m, year: y) {
                    let start = Wall.time(y, m, d)
                    if start < t { return Span(start, start + Wall.day) }
                }
                y -= 1
            }
            return nil

        case .year(let y):
            let s = Span(Wall.time(y, 1, 1), Wall.time(y + 1, 1, 1))
            return s.start < t ? s : nil

        case .quarter(let q):
            var y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for _ in 0..<2 {
                let start = Wall.time(y, 3 * (q - 1) + 1, 1)
                if start < t { return Span(start, Wall.addMonths(start, 3)) }
                y -= 1
            }
            return nil

        case .dayPart(let from, let to):
            var start = Wall.startOfDay(t) + Wall.day + from
            for _ in 0..<3 {
                if start < t { return Span(start, start + (to - from)) }
                start -= Wall.day
            }
            return nil

        case .weekend:
            let d = Wall.dayNumber(t)
            let friday = d - (CivilCalendar.isoWeekday(dayNumber: d) - 5)
            var start = friday * Wall.day + 18 * 3600
            if start >= t { start -= 7 * Wall.day }
            return Span(start, start + 54 * 3600)

        case .season(let season):
            let y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for year in stride(from: y + 1, through: y - 1, by: -1) {
                let s = Self.span(of: season, startingIn: year)
                if s.start < t { return s }
            }
            return nil

        case .anySeason:
            let y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for year in stride(from: y + 1, through: y - 1, by: -1) {
                for season in Season.allCases.reversed() {
                    let s = Self.generalSpan(of: season, startingIn: year)
                    if s.start < t { return s }
                }
            }
            return nil

        case .holiday(let h):
            let y = CivilCalendar.date(dayNumber: Wall.dayNumber(t)).year
            for year in stride(from: y + 1, through: y - 2, by: -1) {
                if let s = h.span(in: year), s.start < t { return s }
            }
            return nil

        case .fixed(let s):
            return s.start < t ? s : nil

        case .every(let grain):
            return Wall.unit(t - 1, grain)

        case .either(let a, let b):
            switch (previous(a, startingBefore: t), previous(b, startingBefore: t)) {
            case (let x?, let y?): return x.start >= y.start ? x : y
            case (let x?, nil): return x
            case (nil, let y): return y
            }

        case .cycle, .cycleAt, .moment, .occurrence, .closest:
            guard let s = single(e) else { return nil }
            return s.start < t ? s : nil

        case .intersect(let a, let b):
            return previousIntersection(a, b, startingBefore: t)

        case .nth(let n, let unit, let container):
            var c = previous(container, startingBefore: t)
            for _ in 0..<24 {
                guard let box = c else { return nil }
                if let r = nth(n, of: unit, inside: box), r.start < t { return r }
                c = previous(container, startingBefore: box.start)
            }
            return nil

        case .nthUnit(let n, let grain, let container):
            var c = previous(container, startingBefore: t)
            for _ in 0..<24 {
                guard let box = c else { return nil }
                if let r = Self.nthUnit(n, grain, inside: box), r.start < t { return r }
                c = previous(container, startingBefore: box.start)
            }
            return nil

        case .nthAfter(let n, let unit, let anchor):
            var a = previous(anchor, startingBefore: t)
            for _ in 0..<6 {
                guard let box = a else { return nil }
                if let r = nth(n, of: unit, after: box), r.start < t { return r }
                a = previous(anchor, startingBefore: box.start)
            }
            return nil

        case .shifted(let inner, let offset):
            let back = offset.negated.applied(to: t)
            var x = previous(inner, startingBefore: back + 1)
            for _ in 0..<3 {
                guard let s = x else { return nil }
                let moved = Span(offset.applied(to: s.start), offset.applied(to: s.end))
                if moved.start < t { return moved }
                x = previous(inner, startingBefore: s.start)
            }
            return nil

        case .portion(let inner, let portion):
            var x = previous(inner, startingBefore: t)
            for _ in 0..<3 {
                guard let s = x else { return nil }
                if let p = part(portion, of: s), p.start < t { return p }
                x = previous(inner, startingBefore: s.start)
            }
            return nil

        case .range(let from, let to, let inclusive):
            var x = previous(from, startingBefore: t)
            for _ in 0..<4 {
                guard let s = x else { return nil }
                if let r = range(from: s, to: to, inclusive: inclusive), r.start < t { return r }
                x = previous(from, startingBefore: s.start)
            }
            return nil
        }
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
        next(e, endingAfter: now) != nil || previous(e, startingBefore: now) != nil
    }

    // MARK: helpers

    /// The hours a 12-hour reading may stand for inside the scheduling window; both when
    /// neither falls inside it.
    static func readings(ofHour h: Int) -> [Int] {
        let am = h % 12, pm = h % 12 + 12
        let inside = [am, pm].filter { schedulingHours.contains($0) }
        return inside.isEmpty ? [am, pm] : inside
    }

    private func nextIntersection(_ a: TimeExpression, _ b: TimeExpression, endingAfter t: WallSeconds) -> Span? {
        var x = next(a, endingAfter: t)
        var y = next(b, endingAfter: t)
        for _ in 0..<Self.maxSteps {
            guard let p = x, let q = y else { return nil }
            if p.overlaps(q) { return p.intersection(q) }
            if p.end <= q.start {
                x = next(a, endingAfter: q.start)
            } else {
                y = next(b, endingAfter: p.start)
            }
        }
        return nil
    }

    private func previousIntersection(_ a: TimeExpression, _ b: TimeExpression, startingBefore t: WallSeconds) -> Span? {
        var x = previous(a, startingBefore: t)
        var y = previous(b, startingBefore: t)
        for _ in 0..<Self.maxSteps {
            guard let p = x, let q = y else { return nil }
            if p.overlaps(q) {
                let i = p.intersection(q)
                if i.start < t { return i }
                // The overlap starts too late: step the later-starting side back.
                if p.start >= q.start { x = previous(a, startingBefore: p.start) } else { y = previous(b, startingBefore: q.start) }
                continue
            }
            if p.start >= q.end {
                x = previous(a, startingBefore: q.end)
            } else {
                y = previous(b, startingBefore: p.end)
            }
        }
        return nil
    }

    /// The `n`th span of `unit` wholly inside `box` (negative `n` counts from the end).
    func nth(_ n: Int, of unit: TimeExpression, inside box: Span) -> Span? {
        if n > 0 {
            var x = next(unit, endingAfter: box.start)
            var count = 0
            for _ in 0..<Self.maxSteps {
                guard let s = x, s.start < box.end else { return nil }
                if s.start >= box.start, s.end <= box.end {
                    count += 1
                    if count == n { return s }
                }
                x = next(unit, endingAfter: s.end)
            }
            return nil
        }
        var x = previous(unit, startingBefore: box.end)
        var count = 0
        for _ in 0..<Self.maxSteps {
            guard let s = x, s.end > box.start else { return nil }
            if s.start >= box.start, s.end <= box.end {
                count -= 1
                if count == n { return s }
            }
            x = previous(unit, startingBefore: s.start)
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

    /// The `n`th span of `unit` after `anchor` ends (`n < 0`: before it starts); a unit
    /// that overlaps the anchor does not count.
    func nth(_ n: Int, of unit: TimeExpression, after anchor: Span) -> Span? {
        if n > 0 {
            var x = next(unit, endingAfter: anchor.end)
            if let s = x, s.start < anchor.end { x = next(unit, endingAfter: s.end) }
            for _ in 1..<n {
                guard let s = x else { return nil }
                x = next(unit, endingAfter: s.end)
            }
            return x
        }
        var x = previous(unit, startingBefore: anchor.start)
        if let s = x, s.end > anchor.start { x = previous(unit, startingBefore: s.start) }
        for _ in 1..<(-n) {
            guard let s = x else { return nil }
            x = previous(unit, startingBefore: s.start)
        }
        return x
    }

    /// The part of a span that `portion` names. Months split in thirds (1–10, 11–20, 21–end),
    /// weeks into Monday–Wednesday and Friday–Sunday, years into January–March and
    /// September–December, days into morning and evening: Duckling's table.
    func part(_ portion: Portion, of s: Span) -> Span? {
        let days = (s.end - s.start) / Wall.day
        switch portion {
        case .rest:
            let from = max(s.start, Wall.startOfDay(now))
            return from < s.end ? Span(from, s.end) : nil
        case .holdingWeek:
            let day = Wall.dayNumber(s.start)
            let weekday = CivilCalendar.isoWeekday(dayNumber: day)
            let monday = weekday == 7 ? day + 1 : day - (weekday - 1)
            return Span(monday * Wall.day, (monday + 7) * Wall.day)
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
        // "9:30 - 11:00" is not 21:30 to 11:00 the next day.
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
