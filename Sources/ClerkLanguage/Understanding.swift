/// How one line was read: the intent, and every slot with the text it came from and the
/// rule that made it, so `clerk parse` can show a person why.
public struct Understanding: Sendable, Hashable {
    // No part has a first value of its own (an optional is written `Optional<…>`, which,
    // unlike `…?`, starts with none): with one, the router's understanding was set up twice,
    // on its stack, and then copied whole into the value returned (~430 instructions a line).
    /// The line as given; every slot's ranges index into it.
    public var text: String
    public var intent: Intent
    /// The slots in text order of their first range.
    public var slots: [Slot]
    /// Every date expression the date reader found, in text order (including any the
    /// intent did not use), so a line that is only a date still shows its reading.
    public var dates: [DateMatch]
    /// The rule that chose the intent, e.g. "command:schedule", "question:whats-on".
    public var rule: String
    /// A length, reminder or move beyond the longest clerk takes (`Quantity.maximumMinutes`),
    /// as it was said ("for 1e999 hours"); the conversation refuses such a line. Nil when
    /// every amount is in range.
    public var amountOutOfRange: Optional<String>
    /// A day the calendar does not have, said as a month and a day ("feb 30", "the 31st of
    /// April", "February 29 2027"); the conversation says so instead of reading another
    /// date. Nil when there is none.
    public var noSuchDay: Optional<NoSuchDay>
    /// Words read as others ("delte" as "delete", "w/" as "with"), in text order.
    public var corrections: [WordCorrection]

    public init(text: String, intent: Intent, slots: [Slot] = [], dates: [DateMatch] = [], rule: String) {
        self.text = text
        self.intent = intent
        self.slots = slots
        self.dates = dates
        self.rule = rule
        amountOutOfRange = nil
        noSuchDay = nil
        corrections = []
    }

    /// Every part given: the router returns the value made here, where a `var` set part by
    /// part was copied out and destroyed.
    init(text: String, intent: Intent, slots: [Slot], dates: [DateMatch], rule: String, amountOutOfRange: String?,
         noSuchDay: NoSuchDay?, corrections: [WordCorrection]) {
        self.text = text
        self.intent = intent
        self.slots = slots
        self.dates = dates
        self.rule = rule
        self.amountOutOfRange = amountOutOfRange
        self.noSuchDay = noSuchDay
        self.corrections = corrections
    }

    /// The first slot of `kind`, if any.
    public func slot(_ kind: Slot.Kind) -> Slot? {
        slots.first { $0.kind == kind }
    }
}

/// One piece of meaning taken from the text: `title "lunch with Ana"`, `calendar "on Work"`.
public struct Slot: Sendable, Hashable {
    /// What a slot is about.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The words that chose the intent ("schedule", "what's on", "cancel").
        case command
        case title
        /// A date or time (the event's, the range asked about, or the new one).
        case when
        case duration
        case recurrence
        case reminder
        case allDay
        case calendar
        case attendee
        /// A person to take off an event ("remove Bob").
        case removedAttendee
        case location
        /// An event's notes, or words added to them.
        case notes
        /// "it", "that": the event last shown.
        case reference
        /// Words an existing event's title should contain.
        case words
        /// "free", "free slots of an hour".
        case freeTime
        /// "next": only the first event.
        case next
        /// "how many", "count": the answer is a count of events.
        case count
        /// "any conflicts next week", "do I have overlapping meetings": events that overlap.
        case overlaps
        /// "first", "last", "when does my day start": one event of the span.
        case pick
        /// "all", "everything", "clear my calendar": every matching event.
        case all
        /// "the weekly sync", "the standup series": a repeating event as a whole.
        case series
        /// "from now on", "going forward": a change of a repeating event from its next time on.
        case fromNowOn
        /// A contact's name.
        case contact
        /// The contact field asked for (phone, email, …).
        case field
        /// A file name.
        case file
        /// Text to write, append, or search for.
        case content
        /// The new text of a replacement.
        case replacement
        /// A name for a new calendar or a new title.
        case name
        /// What an out-of-scope line was about.
        case topic
    }

    public var kind: Kind
    /// Where in `Understanding.text` the slot was said; several pieces when the words were
    /// apart ("lunch tomorrow with Ana" → "lunch" + "with Ana").
    public var ranges: [Range<String.Index>]
    /// The value as clerk uses it ("Lunch with Ana", "Work", "60").
    public var value: String
    /// The rule that made it, e.g. "with-person", "calendar:known", "at-place".
    public var rule: String

    public init(kind: Kind, ranges: [Range<String.Index>], value: String, rule: String) {
        self.kind = kind
        self.ranges = ranges
        self.value = value
        self.rule = rule
    }
}

/// Names the active backend knows, used as context: a known calendar after "on" is a
/// calendar, a known contact after "with" is a person, a known file after "show" is a file.
/// Everything works with none (an empty value): then the sentence's shape decides.
public struct KnownNames: Sendable, Hashable {
    public var calendars: [String] { didSet { folded = Names(self) } }
    public var contacts: [String] { didSet { folded = Names(self) } }
    public var files: [String] { didSet { folded = Names(self) } }
    /// The names folded for matching, kept up to date so each line does not fold them again.
    private(set) var folded: Names

    public init(calendars: [String] = [], contacts: [String] = [], files: [String] = []) {
        self.calendars = calendars
        self.contacts = contacts
        self.files = files
        folded = Names(calendars: calendars, contacts: contacts, files: files)
    }

    /// No names known.
    public static let none = KnownNames()

    public static func == (a: KnownNames, b: KnownNames) -> Bool {
        (a.calendars, a.contacts, a.files) == (b.calendars, b.contacts, b.files)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(calendars)
        hasher.combine(contacts)
        hasher.combine(files)
    }
}

/// A month's day past its last ("30 February"), with the year when one was said.
public struct NoSuchDay: Sendable, Hashable {
    public var day: Int
    public var month: Int
    public var year: Int?

    public init(day: Int, month: Int, year: Int?) {
        self.day = day
        self.month = month
        self.year = year
    }
}
