/// A time reading in the chart: the expression plus what the person said about it.
///
/// Readings are copied at every step of matching, so the value is kept small: flags in one
/// word, a bound in the byte after them, and the attributes few readings have (a duration, a
/// zone, a repeat, an offset from now) in one shared box that is copied only when one of them
/// changes.
struct TimeValue: Hashable, Sendable {
    var expression: TimeExpression
    /// The finest unit said: "March" month, "April 9" day, "5pm" hour.
    var grain: Grain
    private var flags: Flags = []
    /// Stored here, not in `extras`: a bound is the commonest attribute ("after 5", "until
    /// Friday"), and this byte was padding (no box to allocate, copy and free for it).
    private var bound: OpenBound?
    private var extras: Extras?

    init(_ expression: TimeExpression, grain: Grain) {
        self.expression = expression
        self.grain = grain
    }

    private struct Flags: OptionSet, Hashable, Sendable {
        let rawValue: UInt16
        static let hasDate = Flags(rawValue: 1 << 0)
        static let hasClock = Flags(rawValue: 1 << 1)
        static let hasDayPart = Flags(rawValue: 1 << 2)
        static let isStretch = Flags(rawValue: 1 << 3)
        static let hasYear = Flags(rawValue: 1 << 4)
        static let hasEnd = Flags(rawValue: 1 << 5)
        static let isAllDay = Flags(rawValue: 1 << 6)
        static let isPluralWeekday = Flags(rawValue: 1 << 7)
        static let saysMidnight = Flags(rawValue: 1 << 8)
    }

    private final class Extras: Hashable, Sendable {
        let duration: Offset?
        let zone: StatedZone?
        let recurrence: RecurrenceRule?
        let fromNow: Offset?
        /// `recurrence != nil`, kept so that tests ask it without copying the repeat out.
        let hasRecurrence: Bool

        init(duration: Offset?, zone: StatedZone?, recurrence: RecurrenceRule?, fromNow: Offset?) {
            self.hasRecurrence = recurrence != nil
            self.duration = duration
            self.zone = zone
            self.recurrence = recurrence
            self.fromNow = fromNow
        }

        static func == (a: Extras, b: Extras) -> Bool {
            a.duration == b.duration && a.zone == b.zone && a.recurrence == b.recurrence && a.fromNow == b.fromNow
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(duration)
            hasher.combine(zone)
        }
    }

    private func flag(_ f: Flags) -> Bool { flags.contains(f) }
    private mutating func set(_ f: Flags, _ on: Bool) { if on { flags.insert(f) } else { flags.remove(f) } }

    /// A setter given nil on a plain reading (which has no box) leaves it plain without
    /// calling this: copying every attribute out to find that all are nil was most of the cost
    /// of "start and end without their zones" in `Compose.range`.
    private mutating func setExtras(duration: Offset??, zone: StatedZone??, recurrence: RecurrenceRule??, fromNow: Offset??) {
        let d = duration ?? extras?.duration
        let z = zone ?? extras?.zone
        let r = recurrence ?? extras?.recurrence
        let f = fromNow ?? extras?.fromNow
        extras = (d == nil && z == nil && r == nil && f == nil) ? nil
            : Extras(duration: d, zone: z, recurrence: r, fromNow: f)
    }

    /// A day or a longer stretch was named ("tomorrow", "Friday", "next week").
    var hasDate: Bool { get { flag(.hasDate) } set { set(.hasDate, newValue) } }
    /// A clock time was named ("5pm", "noon").
    var hasClock: Bool { get { flag(.hasClock) } set { set(.hasClock, newValue) } }
    /// A part of the day was named ("morning", "tonight").
    var hasDayPart: Bool { get { flag(.hasDayPart) } set { set(.hasDayPart, newValue) } }
    /// The reading is a stretch with its own end ("the weekend", "4-6pm", "tonight").
    var isStretch: Bool { get { flag(.isStretch) } set { set(.isStretch, newValue) } }
    var hasYear: Bool { get { flag(.hasYear) } set { set(.hasYear, newValue) } }
    /// The person said where it ends ("until 5", "2-4pm").
    var hasEnd: Bool { get { flag(.hasEnd) } set { set(.hasEnd, newValue) } }
    /// "all day".
    var isAllDay: Bool { get { flag(.isAllDay) } set { set(.isAllDay, newValue) } }
    /// A weekday said in the plural ("Mondays", "on Tuesdays"): a day to count ("4 Mondays
    /// from now") or to repeat, never one day at a time of day ("tuesdays at 2pm" repeats).
    var isPluralWeekday: Bool { get { flag(.isPluralWeekday) } set { set(.isPluralWeekday, newValue) } }
    /// The clock is the word "midnight" ("friday at midnight", "12 midnight"): with a day it is
    /// the midnight that ends the day, as people mean ("midnight Thursday" is the night
    /// between Thursday and Friday); "00:00", "12am" stay the one that opens it.
    var saysMidnight: Bool { get { flag(.saysMidnight) } set { set(.saysMidnight, newValue) } }

    /// "for 2 hours": the end is the start plus this.
    var duration: Offset? {
        get { extras?.duration }
        set { if newValue != nil || extras != nil { setExtras(duration: .some(newValue), zone: nil, recurrence: nil, fromNow: nil) } }
    }
    var zone: StatedZone? {
        get { extras?.zone }
        set { if newValue != nil || extras != nil { setExtras(duration: nil, zone: .some(newValue), recurrence: nil, fromNow: nil) } }
    }
    /// Whether a repeat was said (`recurrence != nil` without copying the repeat out).
    var hasRecurrence: Bool { extras?.hasRecurrence ?? false }
    var recurrence: RecurrenceRule? {
        get { extras?.recurrence }
        set { if newValue != nil || extras != nil { setExtras(duration: nil, zone: nil, recurrence: .some(newValue), fromNow: nil) } }
    }
    /// A bound rather than a stretch: "after 2pm", "until 5", "by Friday".
    var openBound: OpenBound? {
        get { bound }
        set { bound = newValue }
    }
    /// "in 2 hours": exact on the instant line, so the resolver adds real seconds.
    var fromNow: Offset? {
        get { extras?.fromNow }
        set { if newValue != nil || extras != nil { setExtras(duration: nil, zone: nil, recurrence: nil, fromNow: .some(newValue)) } }
    }

    /// A date reading ("Friday", "April 9", "next week").
    static func date(_ e: TimeExpression, _ grain: Grain = .day, year: Bool = false) -> TimeValue {
        var t = TimeValue(e, grain: grain)
        t.hasDate = true
        t.hasYear = year
        return t
    }

    /// A clock reading ("5pm", "16:45").
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

    /// This reading with `e` for its expression: as `var r = self; r.expression = e` without
    /// the copy of the old expression that the assignment then destroys.
    func replacing(expression e: TimeExpression) -> TimeValue {
        var r = TimeValue(e, grain: grain)
        r.flags = flags
        r.bound = bound
        r.extras = extras
        return r
    }

    var isClockOnly: Bool { hasClock && !hasDate && !hasDayPart && !isStretch }
    /// No duration, zone, repeat, bound or offset: a plain moment or stretch.
    var isPlain: Bool { extras == nil && bound == nil }
    /// Plain once its zone is dropped (as `zone = nil` then `isPlain`, without the copy).
    var isPlainButZone: Bool {
        guard bound == nil else { return false }
        guard let x = extras else { return true }
        return x.duration == nil && !x.hasRecurrence && x.fromNow == nil
    }
}

/// Which side of a bound an open reading lies on.
enum OpenBound: Hashable, Sendable {
    /// "after 2pm", "since 2016", "from 3 pm": from the bound on.
    case after
    /// "after Friday", "after January": read as `after` (Duckling's bound, the span's start),
    /// but meant from the end of the span said; its `DateMatch` says so (`openFrom`).
    case afterEnd
    /// "before 10 am": up to the start of the bound.
    case before
    /// "until 5", "through Friday": up to the bound, a named day included.
    case until
    /// "by Friday", "within 3 weeks": from now up to the bound.
    case by
}

/// A repeat as RFC 5545 puts it.
struct RecurrenceRule: Hashable, Sendable {
    var frequency: String
    var interval = 1
    var byDay: [String] = []
    var byMonthDay: [Int] = []
    var byMonth: [Int] = []

    init(frequency: String, interval: Int = 1, byDay: [String] = [], byMonthDay: [Int] = [], byMonth: [Int] = []) {
        self.frequency = frequency
        self.interval = interval
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byMonth = byMonth
    }
    var bySetPosition: Int?
    var count: Int?
    /// "until May 5": the last moment it may start, as a wall time.
    var until: WallSeconds?
    /// "starting next week": the first occurrence comes no earlier than this.
    var startsFrom: TimeExpression?
    /// "except Dec 28": days left out of the repeat (EXDATEs), as said; the resolver keeps
    /// the days of each on which the repeat falls.
    var exceptions: [TimeExpression] = []

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
