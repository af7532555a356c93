internal import ClerkCore
internal import FoundationEssentials

/// Turns the chosen readings into `DateMatch`es: picks the span the person means, fills
/// what was implied (a 1-hour length, the whole day), and converts wall times to instants.
///
/// Which span is meant, in order:
/// 1. "in 2 hours", "now": exact offsets on the instant line.
/// 2. A clock time without a date ("at 5pm", "9-11am"): the next one that has not started,
///    so a time already past today means tomorrow (Duckling keeps today's).
/// 3. Anything else: the first span not over yet ("Friday" said on a Friday is today;
///    "March" is this March until it ends), falling back to the last one when none is ahead
///    ("April 9 2016"). A weekday that contradicts a date ("Saturday, Mar 16") takes the nearer
///    agreeing date when the next is more than a year away, within half a year back, and the
///    date itself when the next agreeing one is more than two years away ("Mon 1 Dec" said
///    in 2026 is 1 December, not 2031's Monday); a date alone is always the next
///    ("Feb 29" said in March is the next leap day).
struct Resolver {
    let reference: ReferenceTime
    let text: String
    let tokens: [Token]
    /// Words read as others, to report with the matches that hold them.
    var corrections: [DateReader.TokenCorrection] = []
    /// The chart's memo of first spans (`SpanMemo`), while the chart lives.
    var spans: UnsafeMutablePointer<SpanMemo>? = nil

    /// The default length of a timed event with no stated end.
    static let defaultLength = 3600

    func match(_ item: Item, parts: [PartSpan]) -> DateMatch? {
        guard item.kind == .time else { return nil }
        return item.withTime { match(item, reading: $0, parts: parts) }
    }

    /// `match` of a time item and its reading `t`, lent by the chart (copied out of the item,
    /// the reading cost a copy and a destroy).
    private func match(_ item: Item, reading t: TimeValue, parts: [PartSpan]) -> DateMatch? {
        let zone = t.zone.flatMap(Self.timeZone) ?? reference.timeZone
        let clock = ZoneClock(zone)
        let now = clock.wall(reference.instant)
        let series = Series(now: now, spans: spans)

        var start: Date
        var end: Date
        var skippedStart: WallSeconds?
        var allDay = false
        var listRule: String?, listExceptions: [LocalDate] = [], listEnd: WallSeconds?, timesLeft: [Int] = []
        var known = knownParts(t)
        var grain = t.grain

        if let offset = t.fromNow, t.openBound == nil || t.openBound == .after || t.openBound == .afterEnd {
            // 1. exact offsets
            start = offset.isExact ? reference.instant.addingTimeInterval(TimeInterval(offset.seconds))
                                   : clock.instant(offset.applied(to: now))
            if let d = t.duration {
                // "for 90 minutes": from now, for that long.
                end = d.isExact ? start.addingTimeInterval(TimeInterval(d.seconds)) : clock.instant(d.applied(to: clock.wall(start)))
                grain = .minute
            } else {
                end = start.addingTimeInterval(TimeInterval(Self.defaultLength))
                grain = offset == Offset() ? .second : min(offset.unit, offset.unit >= .day ? .hour : offset.unit)
                known.remove(.end)
            }
        } else {
            // A list of days ("the 3rd and the 10th"): the first, and the others as a repeat.
            let days = t.isPlainButZone ? listed(t, series) : nil
            guard let span = days?.span ?? self.span(t, series) else { return nil }
            if let days, days.rule != nil { (listRule, listExceptions, listEnd) = (days.rule, days.exceptions, days.lastEnd) }
            if let days { timesLeft = days.timesLeft }
            switch t.openBound {
            case .by?, .before?, .until?:
                var bound = span.start
                if case .portion(_, .end) = t.expression { bound = span.end }
                if t.openBound == .until, !t.hasClock, !t.hasDayPart { bound = span.end }
                if case .cycleAt = t.expression { bound = span.start }
                // "by friday" said on a Friday: by the end of today, not before it began.
                if t.openBound == .by, !t.hasClock, bound <= now, span.end > now { bound = span.end }
                let endWall = bound
                end = clock.instant(endWall)
                start = endWall > now ? reference.instant : clock.instant(endWall - Self.defaultLength)
                known.insert(.end)
                grain = t.hasClock ? t.grain : .second
                if t.openBound != .by { grain = t.grain }
            default:
                let isAllDayReading = t.isAllDay || (t.grain >= .day && !t.hasClock && !t.hasDayPart)
                if isAllDayReading {
                    allDay = true
                    let first = Wall.startOfDay(span.start)
                    var last = max(Wall.startOfDay(span.end - 1) + Wall.day, first + Wall.day)
                    if let d = t.duration { last = d.applied(to: first) }
                    start = clock.instant(first)
                    end = clock.instant(last)
                } else {
                    start = clock.instant(span.start)
                    // Read back on the clock, a time the zone skips shows another.
                    if clock.wall(start) != span.start { skippedStart = span.start }
                    if let d = t.duration {
                        end = d.isExact ? start.addingTimeInterval(TimeInterval(d.seconds)) : clock.instant(d.applied(to: span.start))
                    } else if t.isStretch || t.hasEnd {
                        end = clock.instant(span.end)
                    } else {
                        end = start.addingTimeInterval(TimeInterval(Self.defaultLength))
                    }
                    if t.openBound == .after || t.openBound == .afterEnd { known.remove(.end) }
                }
            }
        }
        guard end > start || (end == start && t.openBound != nil) else { return nil }

        var rrule: String?
        var exceptions: [LocalDate] = []
        if let rule = t.recurrence {
            rrule = rule.rrule(untilText: rule.until.map { untilText($0, allDay: allDay, clock) })
            if !rule.exceptions.isEmpty { exceptions = exceptionDays(rule, first: clock.wall(start), series) }
        } else if let listRule {
            (rrule, exceptions) = (listRule, listExceptions)
            known.insert(.recurrence)
        }
        // Built whole and returned as built: set afterwards, `skippedStart` and `listEnd` cost a
        // copy and a destroy of the whole match (~300 instructions a reading).
        return DateMatch(
            range: stringRange(tokens[item.first].start, tokens[item.end - 1].end),
            rule: item.rule, start: start, end: end, grain: grain, isAllDay: allDay, known: known,
            recurrence: rrule, exceptions: exceptions, statedTimeZone: t.zone == nil ? nil : zone,
            openFrom: !allDay ? nil : t.openBound == .afterEnd ? .atEnd : t.openBound == .after ? .atStart : nil,
            parts: (timesLeft.isEmpty ? parts : leavingOut(parts, timesLeft)).map { DatePart(range: stringRange($0.start, $0.end), role: $0.role, rule: $0.rule) },
            corrections: corrections.isEmpty ? [] : corrections.filter { $0.start >= tokens[item.first].start && $0.end <= tokens[item.end - 1].end }
                .map { WordCorrection(range: stringRange($0.start, $0.end), word: $0.word) },
            skippedStart: skippedStart, listEnd: listEnd.map { clock.instant($0) })
    }

    /// `parts` with the clock times at `indices` (the list's members in the order said) as
    /// `DatePart.leftOut`, without the "and" or "&" before one ("11" of "at 9:30 and 11");
    /// unchanged when the parts do not hold one time a member.
    func leavingOut(_ parts: [PartSpan], _ indices: [Int]) -> [PartSpan] {
        let times = parts.indices.filter { parts[$0].role == "time" }
        guard let last = indices.max(), last < times.count else { return parts }
        var result = parts
        for i in indices {
            var part = parts[times[i]]
            if let k = tokens.firstIndex(where: { $0.start == part.start }), k + 1 < tokens.count, tokens[k + 1].start < part.end,
               DateRules.listAnd.contains(tokens[k].text) || tokens[k].text == "," {
                part.start = tokens[k + 1].start
            }
            part.role = DatePart.leftOut
            result[times[i]] = part
        }
        return result
    }

    /// The span of `t` the person means (see the type's documentation).
    func span(_ t: TimeValue, _ series: Series) -> Span? {
        let e = t.expression
        var now = series.now
        // A repeat "starting next week" begins no earlier than that. A start a few weeks gone
        // ("every weekday starting monday nov 30" said on 5 December) has begun: the repeat
        // is read from now, not from the next year whose 30 November is a Monday (2037).
        if let from = t.recurrence?.startsFrom, let anchor = series.single(from), anchor.start > now,
           !(anchor.start - now > 300 * Wall.day && series.previous(from, startingBefore: now).map { now - $0.start < 31 * Wall.day } == true) {
            now = anchor.start
            var x = series.next(e, endingAfter: now)
            for _ in 0..<8 {
                guard let s = x, s.start < now else { break }
                x = series.next(e, endingAfter: s.end)
            }
            return x
        }
        if t.hasClock, !t.hasDate, t.openBound == nil {
            var x = series.nextFromNow(e)
            for _ in 0..<4 {
                guard let s = x, s.start < now else { break }
                x = series.next(e, endingAfter: s.end)
            }
            return x
        }
        let future = series.nextFromNow(e)
        if let f = future, !t.hasYear, f.start - now > 366 * Wall.day, e.namesWeekday,
           let p = series.previous(e, startingBefore: now), now - p.start < 183 * Wall.day {
            return p
        }
        // "mon 1 dec" said in a year whose 1 December is a Tuesday, and next year's a
        // Wednesday: the date is what was meant, not a Monday 1 December five years on; the
        // weekday is left to the card (within two years the agreeing day stands, as Duckling's).
        if let f = future, !t.hasYear, f.start - now > 2 * 366 * Wall.day, e.namesWeekday, let date = e.withoutWeekday,
           let d = series.next(date, endingAfter: now), d.start - now <= 366 * Wall.day {
            return d
        }
        return future ?? series.previous(e, startingBefore: now)
    }

    /// The days of a list ("the 3rd and the 10th", "dec 24 and 25 at 7pm"), each at its first
    /// span not over, in order: the first span, and the others as a repeat that falls on each
    /// and no other day (every N days or weeks, N the days' greatest common gap, a count, and
    /// the days between left out). A run of following whole days is one span ("the 24th and
    /// 25th", "today and tomorrow"). Nil for a reading that is no list, or one whose repeat
    /// would take more than 100 steps.
    func listed(_ t: TimeValue, _ series: Series) -> ListedSpans? {
        guard let members = Self.listMembers(t.expression) else { return nil }
        // Clock times with no day ("at 9:30 and 11"): on one day, together.
        if !t.hasDate, t.hasClock, let spans = clocksOnOneDay(members, t, series) { return listedTimes(spans) }
        var spans: [Span] = []
        var member = t
        for e in members {
            member.expression = e
            guard let s = span(member, series) else { continue }
            // (Times of one day are each one: "at 3 and 5".)
            if !spans.contains(where: { t.hasClock ? $0.start == s.start : Wall.dayNumber($0.start) == Wall.dayNumber(s.start) }) { spans.append(s) }
        }
        spans.sort { $0.start < $1.start }
        guard let first = spans.first else { return nil }
        guard spans.count > 1 else { return ListedSpans(span: first, lastEnd: first.end) }
        // Times of one day ("at 3 and 5", "friday at 10 and 4"), not days.
        if !t.hasDate || spans.allSatisfy({ Wall.dayNumber($0.start) == Wall.dayNumber(first.start) }) { return listedTimes(spans) }
        let days = spans.map { Wall.dayNumber($0.start) }
        let wholeDays = t.isAllDay || (t.grain >= .day && !t.hasClock && !t.hasDayPart)
        if wholeDays, zip(days, days.dropFirst()).allSatisfy({ $0 + 1 == $1 }) {
            return ListedSpans(span: Span(first.start, spans[spans.count - 1].end), lastEnd: spans[spans.count - 1].end)
        }
        var gap = 0
        for d in days.dropFirst() { gap = Self.gcd(gap, d - days[0]) }
        guard gap > 0 else { return nil }
        let count = (days[days.count - 1] - days[0]) / gap + 1
        guard count <= 100 else { return nil }
        var rule = gap % 7 == 0 ? RecurrenceRule(frequency: "WEEKLY", interval: gap / 7) : RecurrenceRule(frequency: "DAILY", interval: gap)
        rule.count = count
        let listedDays = Set(days)
        let skipped = stride(from: days[0], through: days[days.count - 1], by: gap).filter { !listedDays.contains($0) }
        return ListedSpans(span: first, rule: rule.rrule(), exceptions: skipped.map { LocalDate(dayNumber: $0) }, lastEnd: spans[spans.count - 1].end)
    }

    /// What a list pins: the first span, the repeat that falls on the others and its
    /// left-out days, where the last one ends, and the members (in the order said) no repeat
    /// could hold.
    struct ListedSpans {
        var span: Span
        var rule: String?
        var exceptions: [LocalDate] = []
        var lastEnd: WallSeconds
        var timesLeft: [Int] = []
    }

    /// The clock times of a list with no day, in the order said, on one day: each after the one
    /// before, from the first's next time ("at 8 and 9" said at 10:00 is 20:00 and 21:00);
    /// when they do not all fit that day, the first day on which they all are and the first
    /// is still ahead, as on a day to come ("at 9 and 11" said at 10:00 is tomorrow's 09:00
    /// and 11:00, not 21:00 and tomorrow's 11:00). Nil when a time has no span.
    func clocksOnOneDay(_ members: [TimeExpression], _ t: TimeValue, _ series: Series) -> [Span]? {
        var member = t
        member.expression = members[0]
        guard let first = span(member, series) else { return nil }
        var spans = [first]
        for e in members.dropFirst() {
            guard var s = series.next(e, endingAfter: spans[spans.count - 1].start) else { return nil }
            if s.start <= spans[spans.count - 1].start, let later = series.next(e, endingAfter: s.end) { s = later }
            spans.append(s)
        }
        if spans.allSatisfy({ Wall.dayNumber($0.start) == Wall.dayNumber(first.start) }) { return spans }
        var day = Wall.startOfDay(series.now)
        for _ in 0..<2 {
            var onDay: [Span] = []
            for e in members {
                guard let s = series.next(e, endingAfter: day), Wall.dayNumber(s.start) == Wall.dayNumber(day) else { break }
                onDay.append(s)
            }
            if onDay.count == members.count, onDay[0].start >= series.now { return onDay }
            day += Wall.day
        }
        return spans
    }

    /// The times of a list of clock times ("at 9, 11 and 2"), on one day: the day of the one
    /// furthest ahead (a time already past today is tomorrow's, and so are the others). The
    /// first, and the others as an hourly repeat with a count: every N hours when they are
    /// evenly apart ("at 3 and 5" is `FREQ=HOURLY;INTERVAL=2;COUNT=2`), else at the hours
    /// listed (`FREQ=HOURLY;BYHOUR=9,11,14;BYMINUTE=0;COUNT=3`). Times not whole hours apart
    /// ("at 9:30 and 11") no repeat a calendar keeps can hold: the first, and the others
    /// left (`ListedSpans.timesLeft`, said back by the router). `spans` are in the order said.
    func listedTimes(_ spans: [Span]) -> ListedSpans? {
        let day = spans.map { Wall.dayNumber($0.start) }.max()!
        let shifted = spans.map { s in
            let shift = (day - Wall.dayNumber(s.start)) * Wall.day
            return Span(s.start + shift, s.end + shift)
        }
        var moved: [Span] = []
        for s in shifted.sorted(by: { $0.start < $1.start }) where moved.last?.start != s.start { moved.append(s) }
        let first = moved[0], last = moved[moved.count - 1]
        guard moved.count > 1 else { return ListedSpans(span: first, lastEnd: first.end) }
        var gap = 0
        for s in moved.dropFirst() { gap = Self.gcd(gap, s.start - first.start) }
        guard gap > 0, gap % 3600 == 0 else {
            let kept = shifted.firstIndex { $0.start == first.start }!
            return ListedSpans(span: first, lastEnd: first.end, timesLeft: shifted.indices.filter { $0 != kept && shifted[$0].start != first.start })
        }
        var rule = RecurrenceRule(frequency: "HOURLY", interval: gap / 3600)
        rule.count = moved.count
        if (last.start - first.start) / gap + 1 != moved.count {
            let hours = moved.map { String(Wall.fields($0.start).hour) }.joined(separator: ",")
            return ListedSpans(span: first, rule: "FREQ=HOURLY;BYHOUR=\(hours);BYMINUTE=\(Wall.fields(first.start).minute);COUNT=\(moved.count)", lastEnd: last.end)
        }
        return ListedSpans(span: first, rule: rule.rrule(), lastEnd: last.end)
    }

    /// The readings of a list of days, each day in the list's place (`DateRules.isDayList`),
    /// with the time or part of the day said with them; nil when `e` holds no such list.
    static func listMembers(_ e: TimeExpression) -> [TimeExpression]? {
        switch e {
        case .either:
            return DateRules.isDayList(e) ? DateRules.listedDays(e) : nil
        case .intersect(let a, let b):
            if let xs = listMembers(a) { return xs.map { .intersect($0, b) } }
            if let ys = listMembers(b) { return ys.map { .intersect(a, $0) } }
            return nil
        case .range(let from, let to, let inclusive):
            // "the 3rd and the 10th from 5 to 7pm": the list at both ends, one day at a time.
            guard let xs = listMembers(from) else { return nil }
            let ys = listMembers(to)
            guard ys == nil || ys!.count == xs.count else { return nil }
            return xs.indices.map { .range(xs[$0], ys?[$0] ?? to, inclusive: inclusive) }
        default:
            return nil
        }
    }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// The days of a repeat's exceptions ("except Dec 28", "except the week of Dec 21") on
    /// which it falls, from its first occurrence (`first`) on: each exception is its next
    /// span ending after that, and of its days (at most a year) those the rule's weekdays,
    /// days of the month, months and UNTIL allow.
    func exceptionDays(_ rule: RecurrenceRule, first: WallSeconds, _ series: Series) -> [LocalDate] {
        let firstDay = Wall.dayNumber(first)
        let lastDay = rule.until.map { Wall.dayNumber($0) }
        let firstWeekday = CivilCalendar.isoWeekday(dayNumber: firstDay)
        let firstDate = CivilCalendar.date(dayNumber: firstDay)
        // "MO" any Monday, "1MO" the first of the month, "-1FR" the last.
        func fallsOn(_ code: String, weekday: Int, _ date: (year: Int, month: Int, day: Int)) -> Bool {
            guard Lexicon.weekdayCodes[weekday] == code.suffix(2) else { return false }
            guard let n = Int(code.dropLast(2)) else { return true }
            return n > 0 ? (date.day - 1) / 7 + 1 == n
                : (CivilCalendar.daysIn(month: date.month, year: date.year) - date.day) / 7 + 1 == -n
        }
        var days: Set<Int> = []
        // ("except dec 25 and jan 1": a list of days is each of them.)
        for said in rule.exceptions {
            for exception in DateRules.isDayList(said) ? DateRules.listedDays(said) : [said] {
                guard let span = series.next(exception, endingAfter: first) else { continue }
                let from = max(Wall.dayNumber(span.start), firstDay)
                let to = min(Wall.dayNumber(span.end - 1), from + 366, lastDay ?? Int.max)
                guard from <= to else { continue }
                for day in from...to {
                    let weekday = CivilCalendar.isoWeekday(dayNumber: day)
                    let date = CivilCalendar.date(dayNumber: day)
                    if !rule.byDay.isEmpty, !rule.byDay.contains(where: { fallsOn($0, weekday: weekday, date) }) { continue }
                    if !rule.byMonthDay.isEmpty, !rule.byMonthDay.contains(date.day) { continue }
                    if !rule.byMonth.isEmpty, !rule.byMonth.contains(date.month) { continue }
                    // A rule without BY parts repeats the first occurrence's weekday, day or date.
                    let plain = rule.byDay.isEmpty && rule.byMonthDay.isEmpty
                    if plain, rule.frequency == "WEEKLY", weekday != firstWeekday { continue }
                    if plain, rule.frequency == "MONTHLY", date.day != firstDate.day { continue }
                    if plain, rule.frequency == "YEARLY", date.day != firstDate.day || date.month != firstDate.month { continue }
                    days.insert(day)
                }
            }
        }
        return days.sorted().map { LocalDate(dayNumber: $0) }
    }

    /// RFC 5545's UNTIL: a date for all-day repeats, else the UTC time of the last moment.
    private func untilText(_ wall: WallSeconds, allDay: Bool, _ clock: ZoneClock) -> String {
        if allDay {
            let f = Wall.fields(wall)
            return ClockText.padded(f.year, width: 4) + ClockText.padded(f.month, width: 2) + ClockText.padded(f.day, width: 2)
        }
        let utc = Wall.fields(Int(saturating: clock.instant(wall).timeIntervalSince1970))
        return ClockText.padded(utc.year, width: 4) + ClockText.padded(utc.month, width: 2) + ClockText.padded(utc.day, width: 2) + "T"
            + ClockText.padded(utc.hour, width: 2) + ClockText.padded(utc.minute, width: 2) + ClockText.padded(utc.second, width: 2) + "Z"
    }

    private func knownParts(_ t: TimeValue) -> KnownParts {
        var k: KnownParts = []
        if t.hasDate { k.insert(.date) }
        if t.hasClock || t.hasDayPart { k.insert(.time) }
        if t.hasEnd || t.isStretch { k.insert(.end) }
        if t.hasYear { k.insert(.year) }
        // The rare attributes asked only of a reading that has some: `t.zone != nil` and
        // `t.recurrence != nil` copied each out (its strings or arrays) to compare it with nil.
        if !t.isPlain {
            if t.duration != nil { k.insert(.duration) }
            if t.zone != nil { k.insert(.timeZone) }
            if t.hasRecurrence { k.insert(.recurrence) }
        }
        if case .ambiguousClock(let hour, _, _, _) = t.expression, (1...12).contains(hour), !t.hasDayPart { k.insert(.eitherHalfOfDay) }
        return k
    }

    private func stringRange(_ from: Int, _ to: Int) -> Range<String.Index> {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: from)
        let upper = utf8.index(lower, offsetBy: to - from)
        return lower..<upper
    }

    static func timeZone(_ z: StatedZone) -> Zone? {
        if let id = z.identifier { return Zone(identifier: id) }
        if let s = z.secondsFromGMT { return Zone(secondsFromGMT: s) }
        return nil
    }
}

extension TimeExpression {
    /// Whether a weekday is one of the factors ("Saturday, Mar 16").
    var namesWeekday: Bool {
        switch self {
        case .weekday: return true
        case .intersect(let a, let b): return a.namesWeekday || b.namesWeekday
        default: return false
        }
    }

    /// The expression with its weekday factor left out ("Mon 1 Dec" is 1 December), nil
    /// when nothing but weekdays would be left.
    var withoutWeekday: TimeExpression? {
        switch self {
        case .weekday: return nil
        case .intersect(let a, let b):
            guard let a2 = a.withoutWeekday else { return b.withoutWeekday }
            guard let b2 = b.withoutWeekday else { return a2 }
            return .intersect(a2, b2)
        default: return self
        }
    }
}
