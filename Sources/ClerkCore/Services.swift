public import FoundationEssentials

/// Calendars and their events, as the local store and Google Calendar both offer them.
///
/// Calls are synchronous: the REPL waits for each answer, and both backends block on
/// I/O (SQLite, libcurl) anyway. Implementations throw `ServiceError`.
public protocol CalendarService: AnyObject {
    /// Every calendar; exactly one has `isPrimary`.
    func calendars() throws -> [CalendarInfo]
    func createCalendar(named name: String, timeZone: String) throws -> CalendarInfo

    /// Gives a calendar a new name; `alreadyExists` when another calendar has it.
    func renameCalendar(id: String, to name: String) throws -> CalendarInfo

    /// Deletes a calendar and every event on it. The primary calendar cannot be deleted
    /// (`InvalidRequest.primaryCalendar`).
    func deleteCalendar(id: String) throws

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

    /// Changes one event by a patch made from the event as stored now; for an occurrence id
    /// only that occurrence changes. `patch` gets the event and returns what to change — for
    /// every change computed from the old values (a move by an hour, an attendee added), so
    /// that no other writer's change between the read and the write is lost. The contract of
    /// `FileService.editFile`: the local store runs it inside its write transaction, a remote
    /// backend writes with If-Match and calls `patch` again after a conflict (so it may run
    /// more than once); what `patch` throws leaves the event alone and comes out unchanged.
    func patchEvent(id: String, from patch: (Event) throws -> EventPatch) throws -> EventEdit

    /// Changes several events together ("swap lunch and the dentist"), each as
    /// `patchEvent(id:from:)` changes one (`patch` gets each event as stored now), and returns
    /// their edits in the order of `ids`. All or nothing: the local store makes every change
    /// in one transaction; the default, for a backend with no transactions (Google), makes
    /// them one by one and puts back those made when one fails, before the error comes out.
    func patchEvents(ids: [String], from patch: (Event) throws -> EventPatch) throws -> [EventEdit]

    /// Deletes an event, a whole series (series id) or one occurrence (occurrence id).
    func deleteEvent(id: String) throws

    /// Moves a single event, or a whole series with its changed and cancelled occurrences,
    /// to another calendar under the same id, and returns it there. One occurrence of a
    /// series cannot move alone (`InvalidRequest.occurrenceCannotMove`: Google's events.move
    /// takes the whole event). Moving an event to the calendar it is on changes nothing.
    func moveEvent(id: String, toCalendarID calendarID: String) throws -> Event

    /// Brings back what `deleteEvent(id:)` removed (for undo).
    func restoreEvent(id: String) throws -> Event

    /// Changes a series from one of its occurrences on ("this and following"): the series
    /// ends before the occurrence `occurrenceID` names (an UNTIL just before it; a COUNT
    /// rule keeps the count of those before), and a new series under the client-chosen
    /// `newID` starts there, made by `patch` from that occurrence, with the same rule
    /// (the count that was left, for a COUNT rule). The changed and cancelled occurrences
    /// from there on go to the new series, moved as it moved. All or nothing; `patch` runs
    /// as `patchEvent(id:from:)`'s does. The occurrence must not be the series' first
    /// (`InvalidRequest.splitAtFirst`: that is a change of the whole series).
    func splitSeries(occurrenceID: String, newID: String, from patch: (Event) throws -> EventPatch) throws -> SeriesSplit

    /// Undoes `splitSeries`: the new series goes, its changed and cancelled occurrences go
    /// back to the old one, which gets its recurrence back. Returns the series as it is then.
    func joinSeries(_ split: SeriesSplit) throws -> Event

    /// Every event of a calendar as stored, not expanded — what an export writes: single
    /// events; each series once, its `recurrence` carrying an EXDATE for every deleted
    /// occurrence; and each changed occurrence (with `recurringEventID` and `originalStart`).
    func storedEvents(calendarID: String) throws -> [Event]

    /// Adds or updates `events` in one step, matched on their UID (and original start, for a
    /// changed occurrence), so importing the same file twice duplicates nothing. All or
    /// nothing: when one event is refused, none is stored.
    func importEvents(_ events: [ImportedEvent], calendarID: String, progress: ImportProgress?) throws -> ImportSummary
}

extension CalendarService {
    /// `patchEvents(ids:from:)` one event at a time: when one change fails, those made
    /// before it are put back (their title, time, place, notes, guests and reminders as they
    /// were), and the failure comes out. Nothing can make that atomic on a server with no
    /// transactions; a failure to put one back is not hidden: its error comes out instead.
    public func patchEvents(ids: [String], from patch: (Event) throws -> EventPatch) throws -> [EventEdit] {
        var done: [(id: String, edit: EventEdit)] = []
        do {
            for id in ids { done.append((id, try patchEvent(id: id, from: patch))) }
            return done.map(\.edit)
        } catch {
            for (id, edit) in done.reversed() {
                let before = edit.before
                try patchEvent(id: id, EventPatch(title: before.title, when: before.when, location: .some(before.location), notes: .some(before.notes),
                                                  attendees: before.attendees, reminderMinutes: before.reminderMinutes))
            }
            throw error
        }
    }

    /// Changes one event by a patch that does not depend on its old values (the undo of a
    /// change puts the old values back); `patchEvent(id:from:)` otherwise.
    @discardableResult
    public func patchEvent(id: String, _ patch: EventPatch) throws -> Event {
        try patchEvent(id: id, from: { _ in patch }).after
    }
}

/// What `CalendarService.patchEvent(id:from:)` did: the event before and after.
public struct EventEdit: Hashable, Sendable {
    public var before: Event
    public var after: Event

    public init(before: Event, after: Event) {
        self.before = before
        self.after = after
    }
}

/// What `CalendarService.splitSeries` did: the series before and after, and the new one.
public struct SeriesSplit: Hashable, Sendable {
    /// The series as it was.
    public var before: Event
    /// The series now, ending before `started` begins.
    public var ended: Event
    /// The new series, from the occurrence the split was made at on.
    public var started: Event
    /// The start the first occurrence of the new series had in the old one.
    public var from: When

    public init(before: Event, ended: Event, started: Event, from: When) {
        self.before = before
        self.ended = ended
        self.started = started
        self.from = from
    }
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
    /// The names of the files not in the trash, by name: what the language layer needs as
    /// context, without reading the files.
    func fileNames() throws -> [String]
    /// Files in the trash whose names contain `text` (all of them when nil), by name.
    func trashedFiles(matching text: String?) throws -> [DriveFile]
    func readFile(id: String) throws -> String
    func createFile(named name: String, content: String) throws -> DriveFile
    /// Replaces the content; the previous content is kept as a revision.
    func updateFile(id: String, content: String) throws -> DriveFile
    /// Changes the content by `edit`, which gets the content as stored now and returns the new
    /// one; the previous content is kept as a revision. For every change computed from the
    /// old content (an append, a replacement), so that no other writer's change made between
    /// the read and the write is lost.
    ///
    /// The local store reads and writes in one write transaction. A remote backend reads the
    /// content with its revision (an ETag), writes on the condition that it is unchanged
    /// (If-Match), and on a conflict calls `edit` again with the newer content — so `edit`
    /// must depend only on its argument, and may run more than once. An error `edit` throws
    /// leaves the file as it was and comes out of this call unchanged.
    func editFile(id: String, _ edit: (String) throws -> String) throws -> FileEdit
    /// Gives a file a new name, which, as a new file's, must be acceptable and not taken by
    /// another file out of the trash; the content and its revisions stay.
    func renameFile(id: String, to name: String) throws -> DriveFile
    /// Moves a file to the trash.
    func trashFile(id: String) throws
    /// Deletes a file for good, skipping the trash (only when the person asks for exactly
    /// that: it cannot be undone).
    func deleteFilePermanently(id: String) throws
    /// Takes a file back out of the trash.
    func restoreFile(id: String) throws -> DriveFile
    /// The earlier contents `updateFile` kept, newest first (the current content is not one).
    func revisions(ofFile id: String) throws -> [FileRevision]
    func readRevision(_ revisionID: String, ofFile id: String) throws -> String
}

extension FileService {
    /// Every live file's name, from `files(matching: nil)`.
    public func fileNames() throws -> [String] {
        try files(matching: nil).map(\.name)
    }
}

/// What kind of thing a service call was about.
public enum ItemKind: String, Hashable, Sendable {
    case event, calendar, file, contact, revision
}

/// Why a service call failed, as values: `ClerkAssistant`'s renderer words them.
///
/// The network cases are apart so the conversation can say what happened and what to do:
/// a rate limit is worth waiting for, a timeout may be retried, and after `outcomeUnknown`
/// the change may or may not have been made.
public enum ServiceError: Error, Hashable, Sendable {
    /// No such thing (or it was deleted).
    case notFound(ItemKind, id: String)
    /// Something with that name or id exists already.
    case alreadyExists(ItemKind, name: String)
    /// The request itself was wrong.
    case invalid(InvalidRequest)
    /// The backend needs a (new) sign-in.
    case signInNeeded(SignInProblem)
    /// The sign-in lacks a permission the call needs (Google scopes, as URLs).
    case insufficientScope(missing: [String])
    /// The backend asked to slow down; `retryAfter` seconds when it said how long.
    case rateLimited(retryAfter: Double?)
    /// No answer in time.
    case timedOut
    /// The backend could not be reached at all (no network, refused, name not found).
    case unreachable
    /// The network answered in Google's place — a redirect, or a web page where Google's
    /// JSON was due (a hotel's or a café's Wi-Fi sign-in page): nothing reached Google.
    case networkSignIn
    /// The connection broke after the request was sent: it may or may not have been applied.
    case outcomeUnknown
    /// Stopped by the person (Ctrl-C) before an answer came, and before anything was sent.
    case cancelled
    /// Stopped by the person (Ctrl-C) after the request was sent: it may or may not have
    /// been applied. A new event asked for again goes under the same id (made once at most).
    case cancelledAfterSending
    /// An import stopped partway by `cause`: what it had added was taken out again, but
    /// `leftToUndo` of those removals could not be sent and wait to be sent next time.
    indirect case importInterrupted(cause: ServiceError, leftToUndo: Int)
    /// The backend refused for a reason of its own: the HTTP status and its reason code
    /// (Google's `reason`, such as `forbidden`), never English from the wire.
    case refused(status: Int, reason: String)
    /// The backend answered with something that is not what its API promises.
    case malformedResponse
    /// Google's answer grew past the bytes clerk reads (`limit`), once decoded: a gzip bomb
    /// from a rogue endpoint; its reading was stopped there.
    case answerTooLarge(limit: Int)
    /// The store is damaged, locked or unwritable; `path` names the file.
    case storage(StorageProblem, path: String)
    /// A C library the request needs cannot be loaded (clerk opens them on first use).
    case libraryMissing(SystemLibrary)
}

/// The C libraries clerk opens only when a request needs them.
public enum SystemLibrary: Hashable, Sendable {
    /// HTTP to Google.
    case curl
    /// The sign-in's loopback listener.
    case microhttpd
    /// Repeating events and iCalendar files.
    case ical
    /// The interactive prompt.
    case editline
    /// The sign-in's PKCE challenge.
    case crypto
}

/// What was wrong with a request.
public enum InvalidRequest: Hashable, Sendable {
    /// A calendar, file or contact needs a name.
    case emptyName(ItemKind)
    /// A file name with a `/` or a control character (NUL among them), or only dots.
    case badFileName(String)
    /// A calendar name with a control character or a line break.
    case badCalendarName(String)
    /// A file name longer than `maxBytes` UTF-8 bytes.
    case fileNameTooLong(String, maxBytes: Int)
    case unknownTimeZone(String)
    /// An event id that is empty or holds spaces.
    case badEventID(String)
    case endsBeforeStart
    /// Longer than an event may last: `maxDays` for a single event, fewer for each
    /// occurrence of a repeating one (whose long occurrences would all overlap).
    case lastsTooLong(maxDays: Int, repeating: Bool)
    /// A start or end outside the years clerk takes (`CivilCalendar.years`).
    case outsideYears(ClosedRange<Int>)
    /// A recurrence line that cannot be used (the line as given).
    case badRecurrence(String)
    /// A repeat by the hour (or more often), which Google Calendar does not take.
    case repeatsByTheHourOnGoogle
    /// One occurrence of a series was given a repeat of its own.
    case occurrenceCannotRepeat
    /// One occurrence of a series was to move to another calendar without its series.
    case occurrenceCannotMove
    /// A series split at its first occurrence (or at a start that is none of its own):
    /// the change is the whole series'.
    case splitAtFirst
    /// An occurrence whose series is deleted cannot come back alone.
    case seriesDeleted
    /// Too large for the backend (bytes).
    case tooLarge(limit: Int)
    /// Google contacts are read, not written, by clerk.
    case contactsAreReadOnly
    /// A Google Doc is read as text but not written.
    case googleDocIsReadOnly
    /// The primary calendar cannot be deleted.
    case primaryCalendar
    /// A range holding more events than one query gives back.
    case tooManyEvents(limit: Int)
}

/// Why the backend wants a new sign-in.
public enum SignInProblem: Hashable, Sendable {
    /// Never signed in, or signed out.
    case signedOut
    /// The grant expired or was revoked (Google's `invalid_grant`).
    case expired
    /// The OAuth client id or secret was refused (`invalid_client`), or none is set.
    case clientRefused
    /// The person said no on Google's consent page.
    case declined
    /// The saved sign-in at `path` is not one clerk can read (damaged, emptied, edited).
    case unreadable(path: String)
    /// No answer came back from the browser within `minutes`.
    case notCompleted(minutes: Int)
    /// Google's sign-in at `host` could not be reached, so no browser was sent there.
    case unreachable(host: String)
}

/// What is wrong with a store file.
public enum StorageProblem: Hashable, Sendable {
    /// Another process kept it locked for `seconds`.
    case busy(seconds: Int)
    /// Not a database, or a damaged one.
    case damaged
    /// The file or its folder cannot be written.
    case readOnly
    /// The disk (or the store's size limit) is full.
    case full
    /// The file cannot be opened at all.
    case cannotOpen
    /// Written by a newer clerk: schema `found`, this one knows `known`.
    case newerSchema(found: Int, known: Int)
    /// Another SQLite failure, by its extended result code.
    case failed(code: Int32)
}

/// Events read from free text by the calendar itself (Google Calendar's quickAdd).
public protocol QuickAddService: AnyObject {
    /// Creates the event Google reads from `text`; nil when Google cannot be reached and the
    /// text waits to be sent (what it becomes is known only then).
    func quickAdd(_ text: String, calendarID: String) throws -> Event?
}

/// The account behind the active backend, as the conversation sees it.
public protocol AccountService: AnyObject {
    /// Who, where, how fresh, and what is still to be sent.
    func status() -> AccountStatus
    /// What the person should hear about the last request, once: that answers came from an
    /// out-of-date copy, or that changes wait to be sent (empty when nothing).
    func takeNotices() -> [AccountNotice]
    /// Signs in to Google: `show` gets the line to print (the consent URL); returns the
    /// account signed in to.
    func logIn(show: (String) -> Void) throws -> AccountStatus
    /// Signs out: the grant revoked, the token and the mirror deleted.
    func logOut() throws
}

/// What `clerk status` shows.
public struct AccountStatus: Hashable, Sendable {
    /// "local" or "google".
    public var backend: String
    /// The Google account's address.
    public var account: String?
    /// The store file (local) or the mirror's.
    public var store: String?
    /// When the mirror last heard from Google.
    public var lastSync: Date?
    /// Changes waiting in the outbox.
    public var waiting: Int
    /// True when the last try to reach Google failed.
    public var isOffline: Bool { problem != nil }
    /// Why the last try to get Google's data failed (nil: it worked).
    public var problem: ServiceError?

    public init(backend: String, account: String? = nil, store: String? = nil, lastSync: Date? = nil, waiting: Int = 0, problem: ServiceError? = nil) {
        self.backend = backend
        self.account = account
        self.store = store
        self.lastSync = lastSync
        self.waiting = waiting
        self.problem = problem
    }
}

/// Something to add to a reply about the account.
public enum AccountNotice: Hashable, Sendable {
    /// Google could not be reached: the answer is from `asOf` (nil: never synced).
    case offline(asOf: Date?)
    /// The sign-in expired: the answer is from `asOf`.
    case signInExpired(asOf: Date?)
    /// Google answered without the data — a rate limit, trouble of its own, an answer that
    /// could not be read (`cause`): the answer is from `asOf`.
    case behind(asOf: Date?, cause: ServiceError)
    /// Changes wait in the outbox, the last kept because of `cause` (Google unreachable,
    /// asking clerk to slow down, having trouble, or the sign-in expired).
    case waiting(count: Int, cause: ServiceError)
    /// Changes that waited were sent now.
    case sent(count: Int)
    /// A change that waited was refused by Google when sent (what it was, in words).
    case refused(change: String, error: ServiceError)
    /// A change that waited was not made: what it changed was deleted at Google meanwhile
    /// (what it was, in words). It was counted as sent.
    case dropped(change: String)
    /// A file's content changed offline was changed at Google meanwhile too: Google's stays,
    /// and the content changed offline went to a new file, `copy` (names as shown).
    case keptAside(file: String, copy: String)
}
