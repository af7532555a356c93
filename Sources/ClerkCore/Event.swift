public import FoundationEssentials

/// A person invited to an event; either part may be missing ("with Ana" has no email yet).
public struct Attendee: Hashable, Sendable, Codable {
    public var name: String?
    public var email: String?

    public init(name: String? = nil, email: String? = nil) {
        self.name = name
        self.email = email
    }
}

/// An event as a calendar stores it.
///
/// An occurrence of a recurring event carries the series' `recurringEventID` and the
/// `originalStart` it was generated for; its own `id` names that one occurrence.
public struct Event: Hashable, Sendable {
    public var id: String
    public var calendarID: String
    public var title: String
    public var when: When
    public var location: String?
    public var notes: String?
    public var attendees: [Attendee]
    /// RFC 5545 lines: `RRULE:…`, `EXDATE:…`, `RDATE:…` (empty for a single event).
    public var recurrence: [String]
    /// Minutes before the start for each reminder.
    public var reminderMinutes: [Int]
    public var recurringEventID: String?
    public var originalStart: When?
    public var updated: Date?
    /// The iCalendar UID shared by a series and its occurrences; what an import matches on,
    /// so importing a file again updates instead of duplicating (Google's `iCalUID`).
    public var iCalUID: String?

    public init(
        id: String, calendarID: String, title: String, when: When, location: String? = nil,
        notes: String? = nil, attendees: [Attendee] = [], recurrence: [String] = [],
        reminderMinutes: [Int] = [], recurringEventID: String? = nil, originalStart: When? = nil,
        updated: Date? = nil, iCalUID: String? = nil
    ) {
        self.id = id
        self.calendarID = calendarID
        self.title = title
        self.when = when
        self.location = location
        self.notes = notes
        self.attendees = attendees
        self.recurrence = recurrence
        self.reminderMinutes = reminderMinutes
        self.recurringEventID = recurringEventID
        self.originalStart = originalStart
        self.updated = updated
        self.iCalUID = iCalUID
    }

    /// True for an event that repeats, or for one occurrence of such an event.
    public var isRecurring: Bool { !recurrence.isEmpty || recurringEventID != nil }
}

/// What a person asked to create, before a calendar gives it an identity.
public struct EventDraft: Hashable, Sendable {
    public var title: String
    public var when: When
    public var location: String?
    public var notes: String?
    public var attendees: [Attendee]
    public var recurrence: [String]
    public var reminderMinutes: [Int]

    public init(
        title: String, when: When, location: String? = nil, notes: String? = nil,
        attendees: [Attendee] = [], recurrence: [String] = [], reminderMinutes: [Int] = []
    ) {
        self.title = title
        self.when = when
        self.location = location
        self.notes = notes
        self.attendees = attendees
        self.recurrence = recurrence
        self.reminderMinutes = reminderMinutes
    }
}

/// A partial change to an event: nil leaves a field alone; arrays replace the old ones whole
/// (as Google's PATCH does). `.some(nil)` for location or notes clears it.
public struct EventPatch: Hashable, Sendable {
    public var title: String?
    public var when: When?
    public var location: String??
    public var notes: String??
    public var attendees: [Attendee]?
    public var recurrence: [String]?
    public var reminderMinutes: [Int]?

    public init(
        title: String? = nil, when: When? = nil, location: String?? = nil, notes: String?? = nil,
        attendees: [Attendee]? = nil, recurrence: [String]? = nil, reminderMinutes: [Int]? = nil
    ) {
        self.title = title
        self.when = when
        self.location = location
        self.notes = notes
        self.attendees = attendees
        self.recurrence = recurrence
        self.reminderMinutes = reminderMinutes
    }

    public var isEmpty: Bool { self == EventPatch() }

    /// `event` with this patch applied.
    public func applied(to event: Event) -> Event {
        var changed = event
        if let title { changed.title = title }
        if let when { changed.when = when }
        if let location { changed.location = location }
        if let notes { changed.notes = notes }
        if let attendees { changed.attendees = attendees }
        if let recurrence { changed.recurrence = recurrence }
        if let reminderMinutes { changed.reminderMinutes = reminderMinutes }
        return changed
    }
}

/// A calendar a person can put events on.
extension CalendarInfo {
    /// Why `name` cannot name a calendar, nil when it can: a control character or a line
    /// break (`clerk import --calendar` made "Two\nLines", which the shells' completion
    /// offered as two calendars, and names holding ESC).
    public static func problem(withName name: String) -> InvalidRequest? {
        let breaks = name.unicodeScalars.contains {
            $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
        }
        return breaks ? .badCalendarName(name) : nil
    }
}

public struct CalendarInfo: Hashable, Sendable {
    public var id: String
    public var name: String
    /// IANA identifier, e.g. `Europe/Madrid`.
    public var timeZone: String
    public var isPrimary: Bool

    public init(id: String, name: String, timeZone: String, isPrimary: Bool) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
        self.isPrimary = isPrimary
    }
}
