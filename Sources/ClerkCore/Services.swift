public import Foundation

/// Calendars and their events, as the local store and Google Calendar both offer them.
///
/// Calls are synchronous: the REPL waits for each answer, and both backends block on
/// I/O (SQLite, libcurl) anyway. Implementations throw `ServiceError`.
public protocol CalendarService: AnyObject {
    /// Every calendar; exactly one has `isPrimary`.
    func calendars() throws -> [CalendarInfo]
    func createCalendar(named name: String, timeZone: String) throws -> CalendarInfo

    /// Stores `draft` under the client-chosen `id`. Inserting the same id again returns the
    /// stored event and creates nothing, so a retried insert never duplicates.
    func insertEvent(_ draft: EventDraft, id: String, calendarID: String) throws -> Event

    /// Events overlapping `[start, end)`, recurring ones expanded into occurrences, by start.
    /// `calendarIDs` nil means every calendar.
    func events(from start: Date, to end: Date, calendarIDs: [String]?) throws -> [Event]

    /// Events overlapping the search's range whose title, location or notes contain every
    /// word of `text` and whose attendees match `attendee` (case- and accent-insensitive).
    func searchEvents(_ search: EventSearch) throws -> [Event]

    /// One event or one occurrence (an occurrence id names it), nil when unknown or deleted.
    func event(id: String) throws -> Event?

    /// Changes one event; for an occurrence id only that occurrence changes.
    func patchEvent(id: String, _ patch: EventPatch) throws -> Event

    /// Deletes an event, a whole series (series id) or one occurrence (occurrence id).
    func deleteEvent(id: String) throws

    /// Brings back what `deleteEvent(id:)` removed (for undo).
    func restoreEvent(id: String) throws -> Event

    /// Every event of a calendar as stored, not expanded — what an export writes: single
    /// events; each series once, its `recurrence` carrying an EXDATE for every deleted
    /// occurrence; and each changed occurrence (with `recurringEventID` and `originalStart`).
    func storedEvents(calendarID: String) throws -> [Event]

    /// Adds or updates `events` in one step, matched on their UID (and original start, for a
    /// changed occurrence), so importing the same file twice duplicates nothing. All or
    /// nothing: when one event is refused, none is stored.
    func importEvents(_ events: [ImportedEvent], calendarID: String, progress: ImportProgress?) throws -> ImportSummary
}

/// What to look for among events: words, a person, within a range.
public struct EventSearch: Hashable, Sendable {
    public var text: String?
    public var attendee: String?
    public var from: Date
    public var to: Date
    public var calendarIDs: [String]?

    public init(text: String? = nil, attendee: String? = nil, from: Date, to: Date, calendarIDs: [String]? = nil) {
        self.text = text
        self.attendee = attendee
        self.from = from
        self.to = to
        self.calendarIDs = calendarIDs
    }
}

/// The address book.
public protocol ContactsService: AnyObject {
    /// Every contact, by name.
    func contacts() throws -> [Contact]

    /// Every contact's name, in no particular order: what the language layer needs as
    /// context, without reading whole cards.
    func contactNames() throws -> [String]

    /// Contacts whose names, in any order, start with the words of `name` ("ana per" finds
    /// "Ana Pérez"), case- and accent-insensitive; nicknames count as names. The best
    /// `limit` of them, best first.
    func lookupContacts(_ name: String, limit: Int) throws -> [Contact]

    /// Adds or updates `contacts` in one step, matched on their UID, so importing the same
    /// file twice duplicates nothing. All or nothing.
    func importContacts(_ contacts: [ImportedContact], progress: ImportProgress?) throws -> ImportSummary
}

extension ContactsService {
    /// Every contact `lookupContacts(_:limit:)` finds for `name`, best first.
    public func lookupContacts(_ name: String) throws -> [Contact] {
        try lookupContacts(name, limit: .max)
    }
}

/// Text files: the local store's or Google Drive's.
public protocol FileService: AnyObject {
    /// Files not in the trash whose names contain `text` (all of them when nil), by name.
    func files(matching text: String?) throws -> [DriveFile]
    /// Files in the trash whose names contain `text` (all of them when nil), by name.
    func trashedFiles(matching text: String?) throws -> [DriveFile]
    func readFile(id: String) throws -> String
    func createFile(named name: String, content: String) throws -> DriveFile
    /// Replaces the content; the previous content is kept as a revision.
    func updateFile(id: String, content: String) throws -> DriveFile
    /// Moves a file to the trash.
    func trashFile(id: String) throws
    /// Takes a file back out of the trash.
    func restoreFile(id: String) throws -> DriveFile
    /// The earlier contents `updateFile` kept, newest first (the current content is not one).
    func revisions(ofFile id: String) throws -> [FileRevision]
    func readRevision(_ revisionID: String, ofFile id: String) throws -> String
}

/// Why a service call failed, in terms the conversation can explain.
public enum ServiceError: Error, Hashable, Sendable {
    /// No such thing: `kind` is "event", "calendar", "file" or "contact".
    case notFound(kind: String, id: String)
    /// Something with that name or id exists already.
    case alreadyExists(kind: String, name: String)
    /// The request itself was wrong; `reason` says how, in plain words.
    case invalid(reason: String)
    /// The backend needs a (new) login.
    case unauthorized
    /// The backend could not be reached or kept failing; `reason` is short and has no secrets.
    case unavailable(reason: String)
    /// The store is damaged or unwritable; `reason` names the file or operation.
    case storage(reason: String)
}
