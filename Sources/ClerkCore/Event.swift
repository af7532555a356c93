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
    /// The earliest a reminder can be, in minutes before the start: four weeks, Google
    /// Calendar's limit (it refuses more with a 400), kept by the local store alike.
    public static let latestReminderMinutes = 40_320

    public var id: String
    public var calendarID: String
    public var title: String
    /// Setting it drops `skippedWallStart`, which belongs to the start it replaces.
    public var when: When { didSet { skippedWallStart = nil } }
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
    /// A series set for a wall-clock time its zone skips on its first day (02:30 on the
    /// morning clocks go from 02:00 to 03:00): that time, as seconds since 1970-01-01T00:00
    /// on the zone's clock. `when` starts at the instant it is read as (03:30 summer time,
    /// RFC 5545 §3.3.5), and the series repeats at this time of day, so only that first day
    /// moves. Nil for every other event (`Zone.skippedWallClock(_:at:)`).
    public var skippedWallStart: Int?

    public init(
        id: String, calendarID: String, title: String, when: When, location: String? = nil,
        notes: String? = nil, attendees: [Attendee] = [], recurrence: [String] = [],
        reminderMinutes: [Int] = [], recurringEventID: String? = nil, originalStart: When? = nil,
        updated: Date? = nil, iCalUID: String? = nil, skippedWallStart: Int? = nil
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
        self.skippedWallStart = skippedWallStart
    }

    /// True for an event that repeats, or for one occurrence of such an event.
    public var isRecurring: Bool { !recurrence.isEmpty || recurringEventID != nil }

    /// The `skippedWallStart` of this event moved to `when`: the time of day it was set for
    /// (its `skippedWallStart`, else its start's on its zone's clock) on the new start's day,
    /// when the new zone skips that time there and reads it as the new start. A daily 02:30
    /// series moved onto the morning clocks go forward starts at 03:30 and goes on at 02:30.
    public func skippedWallStart(movedTo when: When) -> Int? {
        guard case .timed(let oldStart, _, let oldZoneName) = self.when, case .timed(let newStart, _, let zoneName) = when,
              let oldZone = Zone(identifier: oldZoneName), let zone = Zone(identifier: zoneName) else { return nil }
        let day = CivilCalendar.secondsPerDay
        let oldWall = skippedWallStart ?? oldZone.wallSeconds(oldStart)
        let timeOfDay = oldWall - CivilCalendar.floorDivide(oldWall, day) * day
        let newDay = CivilCalendar.floorDivide(zone.wallSeconds(newStart), day)
        // A gap that ends after midnight shows its skipped times on the next day's clock.
        for candidate in [newDay, newDay - 1] {
            if let wall = zone.skippedWallClock(candidate * day + timeOfDay, at: newStart) { return wall }
        }
        return nil
    }
}

/// What a person asked to create, before a calendar gives it an identity.
public struct EventDraft: Hashable, Sendable {
    public var title: String
    /// Setting it drops `skippedWallStart`, which belongs to the start it replaces.
    public var when: When { didSet { skippedWallStart = nil } }
    public var location: String?
    public var notes: String?
    public var attendees: [Attendee]
    public var recurrence: [String]
    public var reminderMinutes: [Int]
    /// A series asked for at a wall-clock time its zone skips on its first day: see
    /// `Event.skippedWallStart`.
    public var skippedWallStart: Int?

    public init(
        title: String, when: When, location: String? = nil, notes: String? = nil,
        attendees: [Attendee] = [], recurrence: [String] = [], reminderMinutes: [Int] = [],
        skippedWallStart: Int? = nil
    ) {
        self.title = title
        self.when = when
        self.location = location
        self.notes = notes
        self.attendees = attendees
        self.recurrence = recurrence
        self.reminderMinutes = reminderMinutes
        self.skippedWallStart = skippedWallStart
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
    /// With `when`: the wall-clock time a series' new start was asked for when its zone skips
    /// it there (`Event.skippedWallStart`); nil keeps the time of day the event had, when the
    /// new start is that time read across a gap (`Event.skippedWallStart(movedTo:)`).
    public var skippedWallStart: Int?

    public init(
        title: String? = nil, when: When? = nil, location: String?? = nil, notes: String?? = nil,
        attendees: [Attendee]? = nil, recurrence: [String]? = nil, reminderMinutes: [Int]? = nil,
        skippedWallStart: Int? = nil
    ) {
        self.title = title
        self.when = when
        self.location = location
        self.notes = notes
        self.attendees = attendees
        self.recurrence = recurrence
        self.reminderMinutes = reminderMinutes
        self.skippedWallStart = skippedWallStart
    }

    public var isEmpty: Bool { self == EventPatch() }

    /// `event` with this patch applied.
    public func applied(to event: Event) -> Event {
        var changed = event
        if let title { changed.title = title }
        if let when {
            changed.when = when
            changed.skippedWallStart = skippedWallStart ?? event.skippedWallStart(movedTo: when)
        }
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
