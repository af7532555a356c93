/// What a date or time phrase means, before it is pinned to one stretch of time.
///
/// As in Duckling, most expressions denote a *series* of spans: "March" is every March,
/// "Friday" every Friday, "5pm" every day's 17:00–18:00. Combining phrases intersects
/// series ("Friday 3pm"), picks from them ("the last Monday of March") or shifts them
/// ("two days after Thanksgiving"); `Series` walks them, and `Resolver` picks the span the
/// person means relative to the reference time.
enum TimeExpression: Hashable, Sendable {
    /// This very second.
    case now
    /// A wall-clock time every day; `length` is the span of its grain (60 for "4:45pm").
    case clock(hour: Int, minute: Int, second: Int, length: Int)
    /// "at 5", "9:30": a 12-hour time without am/pm, read inside `Series.schedulingHours`.
    case ambiguousClock(hour: Int, minute: Int, second: Int, length: Int)
    /// ISO weekday, 1 Monday … 7 Sunday.
    case weekday(Int)
    case dayOfMonth(Int)
    case month(Int)
    case monthDay(month: Int, day: Int)
    case year(Int)
    case quarter(Int)
    /// A part of every day, in seconds after midnight (`to` may pass midnight).
    case dayPart(from: Int, to: Int)
    /// Friday 18:00 to Monday 00:00, every week.
    case weekend
    case season(Season)
    /// Every season in turn ("this season").
    case anySeason
    indirect case holiday(Holiday)
    /// One stretch already known.
    case fixed(Span)
    /// Every unit of a grain in turn: every day, every week, every month.
    case every(Grain)
    /// The spans of either expression ("Tuesday and Thursday").
    indirect case either(TimeExpression, TimeExpression)
    /// The `grain` unit holding now, moved `offset` units ("next week" is `.cycle(.week, 1)`).
    case cycle(Grain, Int)
    /// The `grain` unit holding now + `offset` ("in a year" as a container: next year's span).
    indirect case cycleAt(Grain, Offset)
    /// Now moved by `offset` ("in 2 hours", "3 days ago").
    indirect case moment(Offset, Grain)
    /// The spans two series share ("Friday" ∩ "5pm").
    indirect case intersect(TimeExpression, TimeExpression)
    /// The `n`th span of `unit` lying wholly inside each span of `container`; negative counts
    /// from the end ("the last Monday of March" is `n == -1`).
    indirect case nth(Int, TimeExpression, in: TimeExpression)
    /// The `n`th whole `grain` unit inside each span of `container` ("the first week of October").
    indirect case nthUnit(Int, Grain, in: TimeExpression)
    /// ISO week `n` (Monday to Sunday; week 1 holds 4 January) of the year each span of
    /// `container` starts in ("week 12", "week 30 of 2027").
    indirect case isoWeek(Int, in: TimeExpression)
    /// The `n`th span of `unit` after each span of `anchor` (`n < 0`: before):
    /// "the third Tuesday after Christmas", "4 Mondays from now", "3 Tuesdays ago".
    indirect case nthAfter(Int, TimeExpression, after: TimeExpression)
    /// Every span moved by `offset` ("a year from Easter", "two days after Thanksgiving").
    indirect case shifted(TimeExpression, Offset)
    /// The `k`th span counted from now: 1 the next (or current unless `skipCurrent`), -1 the
    /// last one over ("last Tuesday"), 2 "after next".
    indirect case occurrence(TimeExpression, Int, skipCurrent: Bool)
    /// The `n`th span of `expression` nearest to `anchor` ("the closest Friday to Nov 3rd").
    indirect case closest(TimeExpression, Int, to: TimeExpression)
    /// A part of every span ("early March", "the end of the week", "the rest of the week").
    indirect case portion(TimeExpression, Portion)
    /// From each span of `from` to the next span of `to`, including `to` when `inclusive`
    /// ("Aug 3-5") or stopping at its start ("4-6pm").
    indirect case range(TimeExpression, TimeExpression, inclusive: Bool)
}

/// Seasons by their meteorological-astronomical dates (Duckling's table).
enum Season: Int, Hashable, Sendable, CaseIterable {
    case spring, summer, fall, winter
}

/// Which part of a span "early/mid/late", "beginning/end of", "rest of" pick.
enum Portion: Hashable, Sendable {
    case early, middle, late
    case beginning, end
    /// From now to the end of the span ("the rest of the week").
    case rest
    /// The Monday-to-Sunday week holding the span ("the week of Dec 7"); a Sunday names the
    /// week it starts, as people who start weeks on Sunday mean.
    case holdingWeek
    /// The weekend next to a day, with the day and those between ("labor day weekend":
    /// Saturday to Monday; a Friday's is Friday to Sunday, a Thursday's Thursday to Sunday,
    /// a Tuesday's Saturday to Tuesday; a Wednesday's the weekend after it).
    case holidayWeekend
    /// The first or second half: January–June and July–December of a year.
    case firstHalf, secondHalf

    /// Early, middle or late (the beginning and end too): a third of a season or quarter.
    var isAThird: Bool {
        switch self {
        case .early, .middle, .late, .beginning, .end: return true
        case .rest, .holdingWeek, .holidayWeekend, .firstHalf, .secondHalf: return false
        }
    }
}
