public import ClerkCore
public import FoundationEssentials

/// The unit a reading is precise to: "March" is a month, "April 9" a day, "5pm" an hour.
public enum Grain: String, Sendable, Hashable, Comparable, CaseIterable {
    case second, minute, hour, day, week, month, quarter, year

    public static func < (a: Grain, b: Grain) -> Bool { a.order < b.order }

    /// Finest first; a switch, because the reader compares grains on every parse.
    private var order: Int {
        switch self {
        case .second: 0
        case .minute: 1
        case .hour: 2
        case .day: 3
        case .week: 4
        case .month: 5
        case .quarter: 6
        case .year: 7
        }
    }
}

/// Which parts of a reading the person said, as opposed to defaults clerk filled in.
/// "tomorrow" knows the date only; "tomorrow 3pm" knows date and time; the end of
/// "tomorrow 5pm" is implied (1 h), the end of "4-6pm" is known.
public struct KnownParts: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let date = KnownParts(rawValue: 1 << 0)
    public static let time = KnownParts(rawValue: 1 << 1)
    public static let end = KnownParts(rawValue: 1 << 2)
    public static let duration = KnownParts(rawValue: 1 << 3)
    public static let year = KnownParts(rawValue: 1 << 4)
    public static let timeZone = KnownParts(rawValue: 1 << 5)
    public static let recurrence = KnownParts(rawValue: 1 << 6)
    /// The clock alone was said on a 12-hour dial, with no am/pm or part of the day ("9:30",
    /// "at 5"): the other half of the day is as likely, so an edit of an event may keep the
    /// event's half.
    public static let eitherHalfOfDay = KnownParts(rawValue: 1 << 7)
}

/// One piece of a match and what it contributed, for explanations:
/// `"tomorrow" date · "at 13:00" time`.
public struct DatePart: Sendable, Hashable {
    public var range: Range<String.Index>
    /// What the piece says: "date", "time", "end", "duration", "zone", "recurrence", …, or
    /// `leftOut`.
    public var role: String
    /// The rule that read it, e.g. "relative-day", "clock-time".
    public var rule: String

    /// The role of a clock time of a list that no repeat can hold ("11" of "at 9:30 and 11":
    /// not whole hours apart): the reading is the first time, and this one is said back as
    /// not made.
    public static let leftOut = "left out"

    public init(range: Range<String.Index>, role: String, rule: String) {
        self.range = range
        self.role = role
        self.rule = rule
    }
}

/// A word of the text read as another: a misspelling or shorthand of a closed word
/// ("fridya" → "friday", "nxt" → "next"; `SpellingTolerance`).
public struct WordCorrection: Sendable, Hashable {
    /// The word as typed.
    public var range: Range<String.Index>
    /// The word it was read as, lower case.
    public var word: String

    public init(range: Range<String.Index>, word: String) {
        self.range = range
        self.word = word
    }
}

/// A date or time expression found in a text, resolved against a `ReferenceTime`.
///
/// `start` and `end` are instants; `end` is exclusive and always present: for an all-day
/// reading it is the next midnight after the last day, for a timed reading without a
/// stated end it is `start` + 1 h and `known` lacks `.end`. A person reads them in the
/// reference's zone (or the zone `timeZone` names when one was said).
///
/// The optional fields are spelt `Optional<…>` and `exceptions` has no initial value: a field
/// with one (`T?` has `nil`) is set twice by `init`, and the reader's match, built by the init
/// inlined, was then copied whole and the first destroyed (a retain and a release of each
/// string and array, ~300 instructions a reading).
public struct DateMatch: Sendable, Hashable {
    /// Where in the text the expression is (indices of the string that was read).
    public var range: Range<String.Index>
    /// The rule that produced the whole reading, e.g. "weekday+time", "holiday".
    public var rule: String
    public var start: Date
    public var end: Date
    public var grain: Grain
    /// True for readings of whole days ("tomorrow", "Dec 21 to Jan 3", "all day").
    public var isAllDay: Bool
    public var known: KnownParts
    /// An RFC 5545 RRULE value without the `RRULE:` prefix ("FREQ=WEEKLY;BYDAY=MO"), or nil.
    public var recurrence: Optional<String>
    /// The days a repeat leaves out ("every Monday except Dec 28"), in the reference's zone
    /// (or the zone named), in order: the repeat's EXDATEs, one per day it would fall on.
    public var exceptions: [LocalDate]
    /// The zone the person named ("8am JST"), already converted into the reference zone.
    public var statedTimeZone: Optional<Zone>
    /// The pieces, in text order.
    public var parts: [DatePart]
    /// Words read as others ("fridya" as "friday"), in text order.
    public var corrections: [WordCorrection]
    /// Days said as a bound with no end: "since January", "from Friday on" (`.atStart`) or
    /// "after January" (`.atEnd`, once they are over). The reading itself is the days said
    /// (Duckling's bound); what is meant runs on from there. Nil for any other reading.
    public var openFrom: Optional<OpenFrom>
    /// The start as said on the wall clock (seconds since 1970 on the zone's clock) when the
    /// zone skips that time (02:30 on the morning clocks go forward): `start` is the instant
    /// it is read as (03:30 summer time), and a repeat keeps the time said. Nil otherwise.
    public var skippedStart: Optional<Int>
    /// For a list of days ("the 3rd and the 10th"), where the last day listed ends; the
    /// reading itself is the first day, and `recurrence` falls on each. Nil for any other.
    public var listEnd: Optional<Date>

    public enum OpenFrom: Sendable, Hashable {
        case atStart, atEnd
    }

    public init(
        range: Range<String.Index>, rule: String, start: Date, end: Date, grain: Grain, isAllDay: Bool,
        known: KnownParts, recurrence: String? = nil, exceptions: [LocalDate] = [], statedTimeZone: Zone? = nil, openFrom: OpenFrom? = nil, parts: [DatePart] = [],
        corrections: [WordCorrection] = [], skippedStart: Int? = nil, listEnd: Date? = nil
    ) {
        self.exceptions = exceptions
        self.range = range
        self.rule = rule
        self.start = start
        self.end = end
        self.grain = grain
        self.isAllDay = isAllDay
        self.known = known
        self.recurrence = recurrence
        self.statedTimeZone = statedTimeZone
        self.parts = parts
        self.corrections = corrections
        self.openFrom = openFrom
        self.skippedStart = skippedStart
        self.listEnd = listEnd
    }
}
