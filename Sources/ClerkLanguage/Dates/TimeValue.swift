/// A time reading in the chart: the expression plus what the person said about it.
struct TimeValue: Hashable, Sendable {
    var expression: TimeExpression
    /// The finest unit said: "March" month, "March 3" day, "3pm" hour.
    var grain: Grain
    /// A day or a longer stretch was named ("tomorrow", "Friday", "next week").
    var hasDate = false
    /// A clock time was named ("3pm", "noon").
    var hasClock = false
    /// A part of the day was named ("morning", "tonight").
    var hasDayPart = false
    /// The reading is a stretch with its own end ("the weekend", "3-4pm", "tonight").
    var isStretch = false
    var hasYear = false
    /// The person said where it ends ("until 5", "2-4pm").
    var hasEnd = false
    /// "for 2 hours": the end is the start plus this.
    var duration: Offset?
    var zone: StatedZone?
    var recurrence: RecurrenceRule?
    /// "all day".
    var isAllDay = false
    /// A bound rather than a stretch: "after 2pm", "until 5", "by Friday".
    var openBound: OpenBound?
    /// "in 2 hours": exact on the instant line, so the resolver adds real seconds.
    var fromNow: Offset?

    init(_ expression: TimeExpression, grain: Grain) {
        self.expression = expression
        self.grain = grain
    }

    /// A date reading ("Friday", "March 3", "next week").
    static func date(_ e: TimeExpression, _ grain: Grain = .day, year: Bool = false) -> TimeValue {
        var t = TimeValue(e, grain: grain)
        t.hasDate = true
        t.hasYear = year
        return t
    }

    /// A clock reading ("3pm", "15:30").
    static func clock(hour: Int, minute: Int = 0, second: Int = 0, grain: Grain, ambiguous: Bool) -> TimeValue {
        let length = grain.seconds ?? 3600
        let e: TimeExpression = ambiguous && (1...12).contains(hour)
            ? .ambiguousClock(hour: hour, minute: minute, second: second, length: length)
            : .clock(hour: hour % 24, minute: minute, second: second, length: length)
        var t = TimeValue(e, grain: grain)
        t.hasClock = true
        return t
    }

    /// A part of the day ("morning"), in hours after midnight.
    static func dayPart(from: Int, to: Int) -> TimeValue {
        var t = TimeValue(.dayPart(from: from * 3600, to: to * 3600), grain: .hour)
        t.hasDayPart = true
        t.isStretch = true
        return t
    }

    var isClockOnly: Bool { hasClock && !hasDate && !hasDayPart && !isStretch }
    var isPlain: Bool { openBound == nil && recurrence == nil && duration == nil && zone == nil && fromNow == nil }
}

/// Which side of a bound an open reading lies on.
enum OpenBound: Hashable, Sendable {
    /// "after 2pm", "since 2014", "from 2 pm": from the bound on.
    case after
    /// "before 11 am": up to the start of the bound.
    case before
    /// "until 5", "through Friday": up to the bound, a named day included.
    case until
    /// "by Friday", "within 2 weeks": from now up to the bound.
    case by
}

/// A repeat as RFC 5545 puts it.
struct RecurrenceRule: Hashable, Sendable {
    var frequency: String
    var interval = 1
    var byDay: [String] = []
    var byMonthDay: [Int] = []
    var byMonth: [Int] = []
    var bySetPosition: Int?
    var count: Int?
    /// "until May 5": the last day, as a wall time.
    var until: WallTime?

    /// The RRULE value, e.g. `FREQ=WEEKLY;BYDAY=TU,TH`.
    func rrule(untilText: String? = nil) -> String {
        var parts = ["FREQ=\(frequency)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !byMonth.isEmpty { parts.append("BYMONTH=" + byMonth.map(String.init).joined(separator: ",")) }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.joined(separator: ",")) }
        if let bySetPosition { parts.append("BYSETPOS=\(bySetPosition)") }
        if let count { parts.append("COUNT=\(count)") }
        if let untilText { parts.append("UNTIL=\(untilText)") }
        return parts.joined(separator: ";")
    }
}
