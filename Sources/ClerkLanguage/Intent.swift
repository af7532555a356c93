public import ClerkCore
public import FoundationEssentials

/// What a person asked for, with what the sentence says about it. One case per intent name
/// of DESIGN.md (`name` gives it); the conversation has exactly one handler per case.
///
/// The values are what was *said*: nothing here is looked up in a store. A date is a
/// `DateMatch` (its `known` parts tell what the person said and what was filled in), a
/// calendar is a `CalendarMention` checked against the names the backend knows, people are
/// names or emails as typed.
public enum Intent: Sendable, Hashable {
    // The event intents' payloads are boxed (`indirect`): each holds dates (a `DateMatch` is
    // some 200 bytes), which made an intent 457 bytes inline, and every copy of an intent, or
    // of an `Understanding` holding one, a copy of all of it with a retain of each field. A
    // boxed payload is copied with one retain. So is the out-of-scope answer's (two dates and
    // an agenda question): inline, it kept every intent 457 bytes, copied whole (`memcpy`)
    // each time an intent was handed to a function or read out of an understanding.
    indirect case createEvent(EventRequest)
    indirect case queryAgenda(AgendaQuery)
    /// Change an event: which one, and what to change. Follow-up edits of a card being
    /// confirmed ("make it 13:30", "on Personal instead", "add Bob") come here with
    /// `EventReference.lastShown`.
    indirect case updateEvent(EventReference, EventChanges)
    indirect case deleteEvent(EventReference)
    case contactLookup(ContactQuery)
    /// List files; `nameContains` filters by name ("files with budget in the name").
    case fileList(nameContains: String?)
    case fileRead(name: String)
    /// Some lines of a file, or how many it has ("the last 3 lines of todo.txt", "line 2 of
    /// todo.txt", "how many lines in todo.txt"); named `file_read`.
    case fileLines(name: String, LinePick)
    /// The files (or the one file named) whose lines hold some text ("search my files for
    /// milk", "which file mentions milk", "does todo.txt mention rent"); named `file_list`.
    case fileSearch(text: String, file: String?)
    case fileWrite(FileWrite)
    case fileDelete(name: String)
    /// What is in the trash ("what's in the trash"; with `emptying`, "empty the trash", which
    /// clerk answers with the same list); named `file_list`.
    case fileTrash(emptying: Bool)
    /// List the calendars.
    case calendars
    case createCalendar(name: String)
    /// Delete a calendar and everything on it ("delete the Family calendar").
    case deleteCalendar(name: String)
    /// Change a calendar itself: its name, or whether new events go on it.
    case updateCalendar(name: String, CalendarUpdate)
    case help
    case login
    case logout
    /// How the account stands: who, when last synced, changes waiting ("status").
    case status
    case undo
    /// "what did I just change": the change "undo" would reverse, said. Named `help` (no
    /// intent of DESIGN.md's list is about it; it changes nothing, as help does).
    case lastChange
    /// Leave the conversation ("quit", "exit", "bye"); not an intent of DESIGN.md's list,
    /// the drivers act on it before a session sees it.
    case quit
    indirect case outOfScope(OutOfScope)

    /// The intent name of DESIGN.md: `create_event`, `query_agenda`, … (`quit` for `.quit`).
    public var name: IntentName {
        switch self {
        case .createEvent: .createEvent
        case .queryAgenda: .queryAgenda
        case .updateEvent: .updateEvent
        case .deleteEvent: .deleteEvent
        case .contactLookup: .contactLookup
        case .fileList: .fileList
        case .fileRead, .fileLines: .fileRead
        case .fileSearch, .fileTrash: .fileList
        case .fileWrite: .fileWrite
        case .fileDelete: .fileDelete
        case .calendars: .calendars
        case .createCalendar: .createCalendar
        case .deleteCalendar: .deleteCalendar
        case .updateCalendar: .updateCalendar
        case .help: .help
        case .login: .login
        case .logout: .logout
        case .status: .status
        case .undo: .undo
        case .lastChange: .help
        case .quit: .quit
        case .outOfScope: .outOfScope
        }
    }
}

/// The intent names of DESIGN.md as a type: what an `Intent` is called, what a reply answers
/// and what `--json` writes in `intent` (the raw value).
public enum IntentName: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case createEvent = "create_event"
    case queryAgenda = "query_agenda"
    case updateEvent = "update_event"
    case deleteEvent = "delete_event"
    case contactLookup = "contact_lookup"
    case fileList = "file_list"
    case fileRead = "file_read"
    case fileWrite = "file_write"
    case fileDelete = "file_delete"
    case calendars
    case createCalendar = "create_calendar"
    case deleteCalendar = "delete_calendar"
    case updateCalendar = "update_calendar"
    case help
    case login
    case logout
    case status
    case undo
    /// Not an intent of DESIGN.md's list: the drivers act on it before a session sees it.
    case quit
    case outOfScope = "out_of_scope"

    public var description: String { rawValue }
}

extension Intent {
    /// True when a length of time the request says, in minutes, passes `test`: an event's
    /// length and reminders, a move, the length of a free slot asked for. A test, not a list
    /// of the lengths: the router asks it of every line, and a list was an allocation.
    func saysMinutes(where test: (Int) -> Bool) -> Bool {
        func passes(_ minutes: Int?) -> Bool { minutes.map(test) ?? false }
        switch self {
        case .createEvent(let request): return passes(request.durationMinutes) || request.reminderMinutes.contains(where: test)
        case .queryAgenda(let query): return passes(query.slotMinutes)
        case .updateEvent(_, let changes):
            return passes(changes.durationMinutes) || passes(changes.shiftMinutes) || passes(changes.lengthenMinutes.map(abs))
                || (changes.reminderMinutes ?? []).contains(where: test)
        default: return false
        }
    }
}

/// A calendar named in a sentence ("on Work", "in my Wrok calendar"), checked against the
/// calendars the backend knows.
public struct CalendarMention: Sendable, Hashable {
    /// The name as the person typed it ("wrok").
    public var said: String
    /// The known calendar it names, spelled as the backend spells it ("Work"); nil when no
    /// known calendar matches case- and accent-insensitively.
    public var known: String?
    /// For an unknown name, the closest known one ("Work" for "Wrok"), to ask "did you mean".
    public var closest: String?

    public init(said: String, known: String? = nil, closest: String? = nil) {
        self.said = said
        self.known = known
        self.closest = closest
    }

    /// The name to use: the known spelling when there is one, otherwise what was said.
    public var name: String { known ?? said }
}

/// How a calendar changes.
public enum CalendarUpdate: Sendable, Hashable {
    /// "rename calendar Work to Job".
    case rename(to: String)
    /// "make Work my default calendar": new events go on it.
    case makeDefault
}

/// A part of the day said without a clock time ("Friday morning", "tonight").
public enum DayPart: String, Sendable, Hashable, CaseIterable {
    case morning, afternoon, evening, night
}

/// A meal or an outing said without a clock time ("lunch tomorrow", "drinks on Friday"):
/// it says when the event likely starts.
public enum Occasion: String, Sendable, Hashable, CaseIterable {
    case breakfast, brunch, lunch, dinner, drinks
    /// "movie night", "game night", "party".
    case evening
}

/// What a new event's start is said by, when no clock time was said: a part of the day or a
/// meal. The conversation places the start (`StartDefaults`).
public enum StartHint: Sendable, Hashable {
    case dayPart(DayPart)
    case occasion(Occasion)
    /// "first thing tomorrow", "first thing in the morning": as the working day opens.
    case firstThing
}

/// A new event as the sentence describes it ("lunch with Ana tomorrow at 13:00 on Work").
public struct EventRequest: Sendable, Hashable {
    // Optional parts are written `Optional<…>`, which, unlike `…?`, has no first value of
    // its own: with one, the reader's value was set up twice, on its stack, and then copied
    // whole into the intent's box.
    /// What remains once command words, time, calendar, recurrence and location are taken
    /// out; "with Ana" stays ("Lunch with Ana"). First letter capitalised. Empty when
    /// nothing remains ("schedule something tomorrow").
    public var title: String
    /// When, as read; nil when no date or time was said (the conversation asks).
    public var when: Optional<DateMatch>
    public var calendar: Optional<CalendarMention>
    /// "with Ana", "with Bob and Carla", "invite ana@example.com": a name, an email or both.
    /// Relations ("my boss") are not attendees.
    public var attendees: [Attendee]
    /// "at Café Central", "in room 4B".
    public var location: Optional<String>
    /// Minutes before the start, one per reminder asked ("remind me 10 minutes before").
    public var reminderMinutes: [Int]
    /// A length said apart from the time ("for 2 hours"); also folded into `when` when both
    /// were said. Nil when not said (the conversation assumes its default).
    public var durationMinutes: Optional<Int>
    /// An RFC 5545 RRULE value without the `RRULE:` prefix ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TH").
    public var recurrence: Optional<String>
    /// Days the repeat leaves out ("except Dec 28"): its EXDATEs, at the event's time of day.
    public var exceptions: [LocalDate]
    /// True when the event takes whole days ("all day", or a date with no time).
    public var isAllDay: Bool
    /// When no clock time was said, what the day's reading says of the start ("tomorrow
    /// morning", "lunch on Friday"); `when` then holds the day or the part of it.
    public var startHint: Optional<StartHint>
    /// "block Friday afternoon", "reserve tomorrow morning": time kept busy. With a part of
    /// the day and no length, the event takes the whole part.
    public var isBlock: Bool
    /// Words of the line no reader could place, said back rather than put in the title
    /// ("w/ the gang" of "dinner on Friday w/ the gang"); nil when everything was read.
    public var unread: Optional<String>
    /// True when `unread` is an end of a repeat clerk cannot date ("until the end of term").
    public var unreadEndsRepeat: Bool {
        guard recurrence != nil, let first = unread?.split(separator: " ").first else { return false }
        return CreateReader.repeatEndWords.contains(first.lowercased())
    }
    /// Times said beside the one taken, as typed ("8pm" of "every day at 8am and 8pm"): an
    /// event has one, and the card says which were left.
    public var otherTimes: [String]
    /// The other of two times or days said with "or" ("1" of "lunch at 12 or 1 tomorrow"):
    /// the event takes the first, and the card names this one.
    public var alternatives: [AlternativeTime]
    /// True when the line asks for a whole week or month said as the date ("vacation all next
    /// week", "off the whole month", "the entire week"): the span is the event, no day in it
    /// to be asked for.
    public var keepsWholeSpan: Bool
    /// A thing to remember said after a comma with no subject ("bring laptop" of "lunch
    /// tomorrow at 1, bring laptop"): the event's notes, not its title.
    public var notes: Optional<String> = nil

    public init(
        title: String, when: DateMatch? = nil, calendar: CalendarMention? = nil, attendees: [Attendee] = [],
        location: String? = nil, reminderMinutes: [Int] = [], durationMinutes: Int? = nil,
        recurrence: String? = nil, exceptions: [LocalDate] = [], isAllDay: Bool = false, startHint: StartHint? = nil, isBlock: Bool = false,
        unread: String? = nil, otherTimes: [String] = [], alternatives: [AlternativeTime] = [], keepsWholeSpan: Bool = false
    ) {
        self.keepsWholeSpan = keepsWholeSpan
        self.otherTimes = otherTimes
        self.alternatives = alternatives
        self.title = title
        self.exceptions = exceptions
        self.when = when
        self.calendar = calendar
        self.attendees = attendees
        self.location = location
        self.reminderMinutes = reminderMinutes
        self.durationMinutes = durationMinutes
        self.recurrence = recurrence
        self.isAllDay = isAllDay
        self.startHint = startHint
        self.isBlock = isBlock
        self.unread = unread
    }
}

/// A question about the agenda ("what's on this week", "am I free on Friday afternoon",
/// "when is my next dentist appointment").
public struct AgendaQuery: Sendable, Hashable {
    // Optional parts are written `Optional<…>`, which, unlike `…?`, has no first value of
    // its own: with one, the reader's value was set up twice, on its stack, and then copied
    // whole into the intent's box.
    /// The date expression the range came from; nil when none was said.
    public var when: Optional<DateMatch>
    /// The span asked about: "this week" is Monday 00:00 to next Monday 00:00, "tomorrow"
    /// the whole day. Nil when no date was said (the conversation picks: upcoming events).
    public var range: Optional<DateInterval>
    public var calendar: Optional<CalendarMention>
    /// Words an event's title should contain ("dentist appointment"); nil for any event.
    public var words: Optional<String>
    /// A person the events should include ("what meetings do i have with george").
    public var attendee: Optional<String>
    /// "am I free …", "free slots …": the answer is free time, not events.
    public var wantsFreeTime: Bool
    /// The length of free slot wanted ("free slots of an hour" → 60).
    public var slotMinutes: Optional<Int>
    /// "what's next", "my next dentist appointment": only the first event from now.
    public var wantsNext: Bool
    /// The part of the day the span is, when that is all it says ("tomorrow morning"): the
    /// conversation takes its working part.
    public var dayPart: Optional<DayPart>
    /// "am I free Friday at 1:30": one moment, answered yes or no.
    public var isMoment: Bool
    /// "how many meetings this week", "count my events": the answer says how many.
    public var wantsCount: Bool
    /// What is asked of the one event the words name ("how long is the dentist", "where is
    /// the team dinner", "is the review on friday"); nil for the event itself.
    public var asks: Optional<EventAspect>
    /// "any conflicts next week", "am I double-booked tomorrow": the events that overlap.
    public var wantsOverlaps: Bool
    /// "how many hours is maria working this week", "how much time do I spend in meetings
    /// this week": the hours of the events found, added up.
    public var wantsHours: Bool = false
    /// "how many working days until christmas", "how many weekdays left this year": the
    /// days to the day said counted, and those of them Monday to Friday.
    public var countsWorkingDays: Bool = false
    /// "what's on fridays this month", "show me tuesdays in january": only the events of that
    /// day of the week (ISO: Monday 1 … Sunday 7) in `range`.
    public var weekday: Optional<Int> = nil
    /// "show my recurring events", "what repeats": the repeating events, one line each with
    /// how often they come (with words, those named so).
    public var wantsSeries: Bool = false
    /// "my first meeting tomorrow", "the last thing today", "when does my day start friday":
    /// only the first (or last) event to start in the span; nil for all of them.
    public var pick: Optional<EventPick>
    /// Which one from the pick's end: 1 the first (or last), 2 the second ("my second call
    /// tomorrow") or the second to last ("the second to last meeting on friday").
    public var pickPlace: Int = 1
    /// "when do I fly back from Madrid", "when's my flight home": of the trip's flights, the
    /// one back (the conversation prefers a title that says so, else a later one).
    public var wantsWayBack: Bool = false
    /// "when did I last see the dentist", "when was my last haircut": of the events named,
    /// only the latest to have started (the conversation looks back a year).
    public var wantsLast: Bool = false
    /// The words of "when am I away", "am I off work next week": time away, looked for as
    /// trips, holidays and leave by the conversation.
    public static let away = "away"
    /// "what's my busiest day next week", "which day am I free": the day of the span to
    /// name, by the time booked in it.
    public var dayRank: Optional<DayRank> = nil
    /// "when is the christmas party", "show me xmas lunch": a holiday's words that may be
    /// part of the event's name, looked for in titles before they are taken as the day.
    public var titleDate: Optional<String> = nil

    public init(
        when: DateMatch? = nil, range: DateInterval? = nil, calendar: CalendarMention? = nil, words: String? = nil,
        attendee: String? = nil, wantsFreeTime: Bool = false, slotMinutes: Int? = nil, wantsNext: Bool = false,
        dayPart: DayPart? = nil, isMoment: Bool = false, wantsCount: Bool = false, asks: EventAspect? = nil
    ) {
        self.asks = asks
        wantsOverlaps = false
        pick = nil
        self.wantsCount = wantsCount
        self.when = when
        self.range = range
        self.calendar = calendar
        self.words = words
        self.attendee = attendee
        self.wantsFreeTime = wantsFreeTime
        self.slotMinutes = slotMinutes
        self.wantsNext = wantsNext
        self.dayPart = dayPart
        self.isMoment = isMoment
    }
}

/// Which one event of a span a question asks for (`AgendaQuery.pick`).
public enum EventPick: String, Sendable, Hashable, CaseIterable {
    /// "my first meeting tomorrow", "my earliest appointment next week", "when does my day start".
    case first
    /// "the last thing today", "my last meeting on friday", "when does my day end".
    case last
    /// "my longest meeting this week", "the shortest call tomorrow": by length, not by time.
    case longest, shortest
}

/// Which day of a span a question asks for (`AgendaQuery.dayRank`).
public enum DayRank: String, Sendable, Hashable, CaseIterable {
    /// "my busiest day next week", "which day is the most packed": the most time booked.
    case busiest
    /// "my quietest day", "which day am I free next week": the days with nothing on, else the
    /// least time booked.
    case quietest
}

/// One thing asked of an event found by its name.
public enum EventAspect: String, Sendable, Hashable, CaseIterable {
    /// "how long is the dentist", "how long does the review take".
    case length
    /// "where is the team dinner", "where's the offsite".
    case place
    /// "what time is the dentist", "when does the review start".
    case start
    /// "when does the offsite end", "what time does the party finish".
    case end
    /// "is the dentist on thursday", "is my review next week": yes or no, for the days said.
    case check
    /// "how long until the dentist", "how many days until the offsite": the time to its start.
    case until
    /// "what's after the dentist", "what do I have before the review": the other events of
    /// its day that start after it, or before it.
    case after, before
    /// "notes for the planning meeting", "what are the notes of the review": its notes
    /// (a notes file of its name, when there is one, is read instead).
    case notes
}

/// Which existing event a sentence means. Several clues may be given together
/// ("cancel lunch with Ana tomorrow": words, attendee and date).
public struct EventReference: Sendable, Hashable {
    // No part has a first value of its own (optionals as `Optional<…>`): see `EventRequest`.
    /// "it", "that", "this one": the event last shown or created in the session.
    public var isLastShown: Bool
    /// "my next event", "the next meeting": the first matching event from now on.
    public var isNext: Bool
    /// "all events", "clear my calendar", "everything tomorrow": every matching event, not one;
    /// with `isLastShown` ("delete them", "cancel both"), every event of the list just shown.
    public var isAll: Bool
    /// Words the title should contain ("dentist appointment", "lunch").
    public var words: Optional<String>
    /// When the event is ("tomorrow", "at 3pm on Friday").
    public var when: Optional<DateMatch>
    /// A person the event includes ("with Ana").
    public var attendee: Optional<String>
    public var calendar: Optional<CalendarMention>
    /// "skip the sync tomorrow": one occurrence of a repeating event, never the series.
    public var isOneOccurrence: Bool
    /// "the weekly sync": the series, not one occurrence.
    public var isSeries: Bool
    /// "from now on", "going forward": the series from its next time on, the times before
    /// kept as they were (Google's "this and following events").
    public var fromNowOn: Bool
    /// "the second one", "number 3", "1 and 3", "the last two": places in the list just shown,
    /// from 1; negative from its end (-1 the last). Empty when none is said.
    public var positions: [Int]
    /// "both": how many events the list just shown should hold (2); nil when not said.
    public var countSaid: Optional<Int>
    /// "move the christmas party", "cancel the xmas lunch": a holiday's words that may be
    /// part of the event's name, looked for in titles before they are taken as the day.
    public var titleDate: Optional<String>
    /// "the weekly sync", "stop the daily standup": how often the series named repeats
    /// ("WEEKLY", "DAILY"), so that no series of another frequency is taken for it.
    public var frequency: Optional<String>

    public init(
        isLastShown: Bool = false, isNext: Bool = false, isAll: Bool = false, words: String? = nil, when: DateMatch? = nil,
        attendee: String? = nil, calendar: CalendarMention? = nil
    ) {
        positions = []
        countSaid = nil
        titleDate = nil
        frequency = nil
        self.isLastShown = isLastShown
        self.isNext = isNext
        self.isAll = isAll
        self.words = words
        self.when = when
        self.attendee = attendee
        self.calendar = calendar
        isOneOccurrence = false
        isSeries = false
        fromNowOn = false
    }

    /// The reference of a follow-up: the last event shown.
    public static let lastShown = EventReference(isLastShown: true)
}

/// What to change in an event; nil and empty leave a part alone.
public struct EventChanges: Sendable, Hashable {
    // No part has a first value of its own (optionals as `Optional<…>`): see `EventRequest`.
    /// The new date and/or time. Only the `known` parts change: "make it 13:30" keeps the
    /// date, "move it to Tuesday" keeps the time.
    public var when: Optional<DateMatch>
    /// A new length ("for 2 hours", "make it 30 minutes").
    public var durationMinutes: Optional<Int>
    /// A new title ("rename it to Team lunch", "call it Team lunch").
    public var title: Optional<String>
    /// A new calendar ("on Personal instead", "move it to Work").
    public var calendar: Optional<CalendarMention>
    /// A new location ("at Café Central").
    public var location: Optional<String>
    /// New notes, Google's description ("set the notes of lunch to …"); with `addsNote`, words
    /// added to the notes the event has ("add a note to lunch: bring the contract").
    public var notes: Optional<String>
    public var addsNote: Bool
    public var addAttendees: [Attendee]
    public var removeAttendees: [Attendee]
    /// A move relative to the current time, in minutes ("an hour later" → 60, "push it back
    /// 30 minutes" → 30, "15 minutes earlier" → -15).
    public var shiftMinutes: Optional<Int>
    /// A new repetition ("make it weekly"): an RRULE value without `RRULE:`.
    public var recurrence: Optional<String>
    /// New reminders, minutes before the start ("remind me 10 minutes before").
    public var reminderMinutes: Optional<[Int]>
    /// "make it all day".
    public var makesAllDay: Bool
    /// A length added or taken off, in minutes ("30 minutes longer" → 30, "15 minutes
    /// shorter" → -15, "extend it by an hour" → 60).
    public var lengthenMinutes: Optional<Int>
    /// A new end, the start kept ("make it end at 1pm", "make the review finish at 5").
    public var newEnd: Optional<DateMatch>
    /// A part of the day said as the new time with no clock ("move it to the afternoon",
    /// "to monday morning"): the event starts where that part starts, keeping its length.
    public var startHint: Optional<StartHint>
    /// The people added take others' places ("make it with Bob instead", "change it to Ana
    /// López", "invite Carla instead of Bob"): those of `removeAttendees` when it names any,
    /// else the guests who share a name with one added (Ana Pérez for Ana López), else every
    /// guest.
    public var replacesAttendees: Bool = false
    /// The event this one exchanges times with ("swap lunch and the dentist", "trade my 2pm
    /// and 4pm"): none or one, in an array so that the change stays small when none is said.
    /// Said with nothing else to change.
    public var swapsWith: [EventReference] = []
    /// "rebook the dentist for next tues at 10": the event made again at the new time when
    /// none is to come (the latest gone by copied), else moved.
    public var rebooks: Bool = false
    /// "copy the dentist to friday", "duplicate it for next monday": a new event like the
    /// one found, at the new time; the one found stays as it is.
    public var copies: Bool = false

    public init(
        when: DateMatch? = nil, durationMinutes: Int? = nil, title: String? = nil, calendar: CalendarMention? = nil,
        location: String? = nil, addAttendees: [Attendee] = [], removeAttendees: [Attendee] = [],
        shiftMinutes: Int? = nil, recurrence: String? = nil, reminderMinutes: [Int]? = nil, makesAllDay: Bool = false,
        startHint: StartHint? = nil, notes: String? = nil, addsNote: Bool = false
    ) {
        self.notes = notes
        self.addsNote = addsNote
        self.when = when
        self.durationMinutes = durationMinutes
        self.title = title
        self.calendar = calendar
        self.location = location
        self.addAttendees = addAttendees
        self.removeAttendees = removeAttendees
        self.shiftMinutes = shiftMinutes
        self.recurrence = recurrence
        self.reminderMinutes = reminderMinutes
        self.makesAllDay = makesAllDay
        self.startHint = startHint
        lengthenMinutes = nil
        newEnd = nil
    }

    public var isEmpty: Bool { self == EventChanges() }
}

/// A question about a person ("Ana's phone", "who is Carla Gomez").
public struct ContactQuery: Sendable, Hashable {
    /// The name as said ("Ana", "Carla Gomez", "petey"); for a relation ("my mom") the
    /// relation word ("mom").
    public var name: String
    /// True when `name` is a relation word rather than a name.
    public var isRelation: Bool
    public var field: ContactField
    /// A question about the whole address book ("who works at Acme", "which contacts have
    /// no email", "how many contacts do I have"); `name` is empty then.
    public var filter: ContactFilter?
    /// "call Ana", "ring my dad": one person is to be reached, so a name several contacts
    /// share is asked about ("Which Ana?") rather than all of them listed.
    public var isCall: Bool
    /// The kind of phone, email or address asked for ("his mobile", "her work number",
    /// "ana's home address"); nil for all of them.
    public var label: DetailLabel?

    public init(name: String, isRelation: Bool = false, field: ContactField = .all, filter: ContactFilter? = nil, isCall: Bool = false,
                label: DetailLabel? = nil) {
        self.name = name
        self.isRelation = isRelation
        self.field = field
        self.filter = filter
        self.isCall = isCall
        self.label = label
    }
}

/// Which contacts a question about the address book asks for.
public enum ContactFilter: Sendable, Hashable {
    /// Those whose company holds this ("who works at Acme", "contacts at acme").
    case worksAt(String)
    /// Those with an address there ("who lives in Lisbon", "contacts in Madrid", "who do I
    /// know in Berlin").
    case livesIn(String)
    /// Those with such a detail saved ("which contacts have an email", "who has a phone
    /// number"); a label narrows a phone, email or address to those so labelled ("who has
    /// a mobile", "contacts with a work email").
    case with(ContactField, label: DetailLabel?)
    /// Those with no such detail saved ("which contacts have no email", "who has no home
    /// address").
    case without(ContactField, label: DetailLabel?)
    /// How many there are ("how many contacts do I have").
    case count
    /// How many of the contacts another filter finds ("how many contacts have an email"):
    /// a number, not a list.
    indirect case howMany(ContactFilter)
}

/// The kind of phone, email or address a question about the address book names ("a
/// mobile", "a work email", "a home address").
public enum DetailLabel: String, Sendable, Hashable {
    case mobile, home, work
}

/// The part of a contact a person asked for.
public enum ContactField: String, Sendable, Hashable, CaseIterable {
    case phone, email, address, birthday
    /// Where they work ("what company does Ana work for").
    case company
    /// Their role there ("what's Bob's job title").
    case jobTitle
    /// What they are called for short ("Ana's nickname"; vCard NICKNAME).
    case nickname
    case all
}

/// One of two times or days said with "or" that the event does not take ("1" of "lunch at
/// 12 or 1 tomorrow", "tuesday" of "monday or tuesday at 10").
public struct AlternativeTime: Sendable, Hashable {
    /// As typed.
    public var said: String
    /// The instant it names when it is a clock time (on the day the event takes); nil for a day.
    public var time: Date?

    public init(said: String, time: Date?) {
        self.said = said
        self.time = time
    }
}

/// A change to a text file.
public struct FileWrite: Sendable, Hashable {
    public var name: String
    public var operation: FileOperation

    public init(name: String, operation: FileOperation) {
        self.name = name
        self.operation = operation
    }
}

/// How a file changes.
public enum FileOperation: Sendable, Hashable {
    /// A new file with this content ("create a file todo.txt with buy milk"; empty content
    /// for "create todo.txt").
    case create(content: String)
    /// Lines added at the end ("append call plumber to todo.txt", "add eggs, milk and bread
    /// to groceries.txt" adds three).
    case append(lines: [String])
    /// Every occurrence of `old` becomes `new` ("replace milk with oat milk in todo.txt").
    case replace(old: String, new: String)
    /// The lines that are these items taken out ("remove milk from groceries.txt"); the file
    /// stays, even when it ends up empty.
    case removeLines([String])
    /// A new name ("rename groceries.txt to shopping.txt").
    case rename(to: String)
    /// Every line taken out, the file kept ("clear todo.txt", "empty the grocery list").
    case clear
    /// Lines added at the top ("insert eggs at the top of shopping.txt").
    case prepend(lines: [String])
    /// The lines with these numbers (from 1) taken out ("delete line 2 of todo.txt").
    case removeLineNumbers([Int])
    /// A new file `to` with this one's content ("copy todo.txt to todo-old.txt").
    case copy(to: String)
    /// The file taken back out of the trash ("restore notes.txt").
    case restore
}

/// Which lines of a file a person asked for.
public enum LinePick: Sendable, Hashable {
    case first(Int)
    case last(Int)
    /// One line by its number, from 1.
    case number(Int)
    /// How many lines there are.
    case count
    /// How big it is: "how big is notes.txt", "the size of todo.txt", "how many words in it".
    case size
}

/// A sentence clerk cannot act on, with what it seemed to be about.
public struct OutOfScope: Sendable, Hashable {
    /// What the sentence asked for, when recognisable (alarms, weather, …), so the reply
    /// can say what clerk does instead.
    public var topic: OutOfScopeTopic?
    /// For a command-like line with a typo, the line as clerk would understand it
    /// ("delete notes.txt" for "delte notes.txt"), to ask "did you mean …?".
    public var didYouMean: String?
    /// A clock question's day ("what day is christmas", "what's the date next friday"): the
    /// answer names that day, not today. An alarm's time ("set an alarm for 7 tomorrow"): the
    /// reminder offered instead says it.
    public var day: Optional<DateMatch>
    /// A clock question's place ("what time is it in new york"): its IANA zone.
    public var zone: Optional<String>
    /// The words naming the event the line is about, to be looked up by name: a travel
    /// question's destination ("how long to drive to the offsite"), an event to put on hold
    /// ("put the review on hold", "pause the weekly sync").
    public var eventWords: Optional<String>
    /// A clock question that asks the week ("what week is it"): its number is the answer.
    public var asksWeek: Bool
    /// "is the 25th a weekday", "does christmas fall on a weekend", "is jan 1 a saturday":
    /// the kind of day asked of `day`; the answer is yes or no, and the weekday.
    public var dayKindAsked: Optional<DayKind>
    /// A time said in a zone and asked in another place's ("what's 3pm london time in new
    /// york"): the time, told in `zone`.
    public var timeToConvert: Optional<DateMatch>
    /// "what's the time difference with new york", "how many hours ahead is tokyo": the
    /// difference between `zone` and `differenceFrom` (the person's own zone when nil).
    public var asksDifference: Bool
    /// The other place of "the time difference between london and tokyo": its IANA zone.
    public var differenceFrom: Optional<String>
    /// A place of "the time difference between narnia and tokyo" that no zone is known for,
    /// as said: the question is not answered with the other place alone.
    public var placeNotKnown: Optional<String>
    /// "how long is the miller shoot", "where is the gig": a question of one event in words no
    /// rule knows for an event, read as the agenda question it would be; asked of the events
    /// when one of them has those words, else the line is the general question it seems.
    public var eventQuestion: Optional<AgendaQuery>

    public init(topic: OutOfScopeTopic? = nil, didYouMean: String? = nil) {
        self.topic = topic
        self.didYouMean = didYouMean
        day = nil
        zone = nil
        eventWords = nil
        asksWeek = false
        dayKindAsked = nil
        timeToConvert = nil
        asksDifference = false
        differenceFrom = nil
        placeNotKnown = nil
        eventQuestion = nil
    }
}

/// A kind of day a clock question asks a date to be.
public enum DayKind: Sendable, Hashable {
    case weekday, weekend
    /// One day of the week, ISO-numbered (Monday 1 … Sunday 7).
    case named(Int)
}

/// Things people ask an assistant that clerk does not do.
public enum OutOfScopeTopic: String, Sendable, Hashable, CaseIterable {
    case alarm, timer, weather, music, news
    /// Sending or reading email, texts, calls, social posts.
    case messaging
    /// Adding or changing contacts (clerk only looks them up).
    case contactEditing
    /// "what time is it", "what date is it".
    case clock
    /// Lists, shopping, to-dos outside files.
    case lists
    /// Lights, vacuum, volume and other devices.
    case devices
    /// Travel, taxis, tickets, traffic.
    case travel
    /// General questions: facts, definitions, recipes, stocks, recommendations.
    case question
    /// A line that is only a greeting ("hi", "good morning") or thanks ("thanks!").
    case greeting, thanks
    /// clerk's own settings asked about or set in words ("set my working hours to 9-5",
    /// "change my time zone"): they live in the config file.
    case settings
    /// How to use Google ("how do I connect my google calendar", "can you sync with google").
    case google
    /// Importing or exporting ("how do I import my calendar", "export my contacts"): the
    /// `clerk import` and `clerk export` commands.
    case transfer
    /// An event put on hold or paused ("put the review on hold", "pause the weekly sync"):
    /// clerk keeps no such state; it can cancel, move, skip or end one.
    case hold
    /// A calendar switched to, hidden or shown alone ("switch to my work calendar", "hide the
    /// family calendar", "only show work"): clerk keeps no such view; a question names one.
    case calendarView
    /// "redo", "undo the undo": clerk keeps no change it has undone; the change said again
    /// is shown and asked again.
    case redo
    /// A deleted event asked back ("restore the meeting", "get the lunch back"): events have
    /// no trash; the last deletion comes back with "undo".
    case restoreEvent
    /// Whether clerk works without the internet ("do you work offline", "can I use this
    /// without internet").
    case offline
    /// Which clerk this is ("what version are you", "which version is this").
    case version
    /// An event marked tentative, confirmed or optional ("mark the dinner as tentative"):
    /// clerk's events keep no such status; its notes can say it.
    case eventStatus
}
