package import ClerkCore
package import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A stored item as another system sees it: the Google emulator serves the store as an
/// account, and a mirror of a Google account is a store kept in step with it.
///
/// `version` is the item's change number: every insert, change and delete anywhere in the
/// store takes the next one (the triggers of `ChangeTriggers`), so it serves as an etag and
/// a feed read "after version N" is a sync token. `unmodeled` holds the fields of the other
/// system's resource that clerk does not model, verbatim.
package struct Replica<Item> {
    package var item: Item
    package var version: Int64
    /// Deleted, but kept so the id stays taken and a feed can report it (events only: a
    /// hard-deleted item is a `FeedEntry.removed`).
    package var isDeleted: Bool
    package var created: Date
    package var unmodeled: JSONValue?

    package init(item: Item, version: Int64, isDeleted: Bool, created: Date, unmodeled: JSONValue?) {
        self.item = item
        self.version = version
        self.isDeleted = isDeleted
        self.created = created
        self.unmodeled = unmodeled
    }
}

/// One entry of a change feed: an item as it is now (perhaps deleted), or one that is gone.
package enum FeedEntry<Item> {
    case present(Replica<Item>)
    case removed(id: String, version: Int64)

    package var version: Int64 {
        switch self {
        case .present(let replica): return replica.version
        case .removed(_, let version): return version
        }
    }
}

/// A change waiting to be sent to another system, oldest first.
package struct OutboxItem: Hashable, Sendable {
    package var number: Int64
    package var created: Date
    /// What sort of change (the sender's own names).
    package var kind: String
    /// The change itself, as the sender wrote it.
    package var payload: String
    package var attempts: Int
    package var lastProblem: String?
}

extension LocalStore {
    /// Keeps the file locked by this connection for as long as it is open: right for a store
    /// only one process serves (the emulator's), and it saves two system calls per read.
    package func holdExclusively() throws {
        try guarded { try database.execute("PRAGMA locking_mode = EXCLUSIVE") }
    }

    /// The newest change number in the store (0 for a new one).
    package func latestVersion() throws -> Int64 {
        try guarded { try database.scalar("SELECT value FROM store_facts WHERE name = 'change_number'") { $0.int64(0) } ?? 0 }
    }

    /// Runs `body` as one transaction holding the write lock, so what it reads and writes
    /// through the store is one step. Errors of `body` pass through unchanged.
    package func atomically<T>(_ body: () throws -> T) throws -> T {
        do {
            return try database.transaction(body)
        } catch let error as DatabaseError {
            throw LocalStore.serviceError(error, path: database.path)
        }
    }

    private static func unmodeled(_ text: String?) -> JSONValue? {
        text.flatMap { try? JSONValue.parse($0) }
    }

    private static func replica<Item>(_ item: Item, from row: Row, at column: Int32, isDeleted: Bool) -> Replica<Item> {
        Replica(item: item, version: row.int64(column), isDeleted: isDeleted,
                created: Date(timeIntervalSince1970: row.double(column + 1)), unmodeled: unmodeled(row.optionalText(column + 2)))
    }

    /// Sets the unmodeled fields of a row when they differ (each write takes a change number).
    private func setUnmodeled(_ value: JSONValue?, table: String, id: String, was old: JSONValue?) throws {
        guard value != old else { return }
        try database.run("UPDATE \(table) SET unmodeled = ? WHERE id = ?", [value?.serialized(), id])
    }

    // MARK: Calendars

    private static let calendarColumns = "id, name, time_zone, is_primary, change_number, created, unmodeled"

    private static func calendarReplica(_ row: Row) -> Replica<CalendarInfo> {
        replica(CalendarInfo(id: row.text(0), name: row.text(1), timeZone: row.text(2), isPrimary: row.bool(3)), from: row, at: 4, isDeleted: false)
    }

    /// Every calendar with its version, primary first.
    package func calendarReplicas() throws -> [Replica<CalendarInfo>] {
        try guarded {
            try database.rows("SELECT \(LocalStore.calendarColumns) FROM calendars ORDER BY is_primary DESC, name COLLATE NOCASE, id",
                              [], LocalStore.calendarReplica)
        }
    }

    /// Adds the calendar with its own id, or replaces what is stored under that id. Names
    /// need not be unique here.
    @discardableResult
    package func putCalendar(_ calendar: CalendarInfo, unmodeled: JSONValue?) throws -> Replica<CalendarInfo> {
        guard zone(named: calendar.timeZone) != nil else { throw ServiceError.invalid(.unknownTimeZone(calendar.timeZone)) }
        return try guarded {
            try database.transaction {
                let old = try database.scalar("SELECT \(LocalStore.calendarColumns) FROM calendars WHERE id = ?", [calendar.id], LocalStore.calendarReplica)
                if let old {
                    if old.item != calendar {
                        try database.run("UPDATE calendars SET name = ?, time_zone = ?, is_primary = ? WHERE id = ?",
                                         [calendar.name, calendar.timeZone, calendar.isPrimary, calendar.id])
                    }
                } else {
                    try database.run("INSERT INTO calendars (id, name, time_zone, is_primary, created) VALUES (?, ?, ?, ?, ?)",
                                     [calendar.id, calendar.name, calendar.timeZone, calendar.isPrimary, nowSeconds])
                }
                try setUnmodeled(unmodeled, table: "calendars", id: calendar.id, was: old?.unmodeled)
                return try database.scalar("SELECT \(LocalStore.calendarColumns) FROM calendars WHERE id = ?", [calendar.id], LocalStore.calendarReplica)!
            }
        }
    }

    /// Calendars changed after `version` and ids of those deleted, oldest change first.
    package func calendarFeed(after version: Int64) throws -> [FeedEntry<CalendarInfo>] {
        try guarded {
            try feed("SELECT \(LocalStore.calendarColumns) FROM calendars WHERE change_number > ?", [version], kind: "calendar", scope: nil,
                     after: version, read: LocalStore.calendarReplica)
        }
    }

    /// Deletes a calendar and every event on it.
    package func removeCalendar(id: String) throws {
        try guarded {
            try database.transaction {
                if try database.run("DELETE FROM calendars WHERE id = ?", [id]) == 0 { throw ServiceError.notFound(.calendar, id: id) }
            }
        }
    }

    // MARK: Events

    private static let eventColumns = StoredEvent.columns + ", change_number, coalesce(created, updated), unmodeled"

    private func eventRow(id: String) throws -> (StoredEvent, Replica<Event>)? {
        try database.scalar("SELECT \(LocalStore.eventColumns) FROM events WHERE id = ?", [id]) { row in
            let stored = StoredEvent(row: row)
            return (stored, LocalStore.replica(stored.event, from: row, at: StoredEvent.columnCount, isDeleted: stored.deleted != nil))
        }
    }

    /// True when a row is stored under `id` (an occurrence the series only generates has none).
    package func hasEventRow(id: String) throws -> Bool {
        try guarded { try eventRow(id: id) != nil }
    }

    /// The event, series, changed or cancelled occurrence stored under `id`, deleted or not;
    /// or an occurrence of a live series nobody changed, with the series' version and fields.
    package func eventReplica(id: String) throws -> Replica<Event>? {
        try guarded {
            if let (_, replica) = try eventRow(id: id) { return replica }
            guard let found = try liveEvent(id: id), let seriesID = found.event.recurringEventID,
                  let (_, series) = try eventRow(id: seriesID) else { return nil }
            return Replica(item: found.event, version: series.version, isDeleted: false, created: series.created, unmodeled: series.unmodeled)
        }
    }

    /// Stores `event` under its own id as it is: a single event, a series, or (with
    /// `recurringEventID` and `originalStart`) a changed or cancelled occurrence of a stored
    /// series. Replaces what the id held before; deleting a series takes its changed
    /// occurrences along, and bringing it back returns them. `created` is kept for a new row
    /// (else it is now).
    @discardableResult
    package func putEvent(_ event: Event, isDeleted: Bool, unmodeled: JSONValue?, created: Date? = nil) throws -> Replica<Event> {
        try guarded {
            try database.transaction {
                let calendar = try calendar(id: event.calendarID)
                let old = try eventRow(id: event.id)
                let draft = EventDraft(title: event.title, when: event.when, location: event.location, notes: event.notes,
                                       attendees: event.attendees, recurrence: event.recurringEventID == nil ? event.recurrence : [],
                                       reminderMinutes: event.reminderMinutes, skippedWallStart: event.skippedWallStart)
                var row = StoredEvent(id: event.id, calendarID: calendar.id, uid: event.iCalUID ?? old?.0.uid ?? event.id,
                                      draft: draft, calendarZone: calendar.timeZone,
                                      updated: event.updated?.timeIntervalSince1970 ?? nowSeconds)
                if let seriesID = event.recurringEventID {
                    guard let series = try storedEvent(id: seriesID), series.isSeries else { throw ServiceError.notFound(.event, id: seriesID) }
                    guard let original = event.originalStart else { throw ServiceError.invalid(.badEventID(event.id)) }
                    let key = StoredEvent.key(of: original)
                    row.recurringEventID = seriesID
                    row.originalKey = key
                    row.originalStart = StoredEvent.occurrenceSuffix(key: key, isAllDay: series.isAllDay)
                    row.uid = series.uid
                }
                row.deleted = isDeleted ? (old?.0.deleted ?? nowSeconds) : nil
                row.overrides = isDeleted ? (old?.0.overrides ?? false) : true
                try validate(row)
                if let (before, _) = old {
                    if row != before {
                        try update(row, rulesChanged: !row.expandsLike(before))
                    }
                    // A series put on another calendar (moved there) takes its occurrences along.
                    if row.recurringEventID == nil, row.calendarID != before.calendarID {
                        try moveOccurrenceRows(of: row.id, to: row.calendarID)
                    }
                    if row.isSeries, (before.deleted == nil) != (row.deleted == nil) {
                        if isDeleted {
                            try database.run("UPDATE events SET deleted = ?, deleted_with = ? WHERE recurring_event_id = ? AND deleted IS NULL",
                                             [row.deleted, row.id, row.id])
                        } else {
                            try database.run("UPDATE events SET deleted = NULL, deleted_with = NULL WHERE recurring_event_id = ? AND deleted_with = ?",
                                             [row.id, row.id])
                        }
                    }
                } else {
                    try insert(row)
                    try database.run("UPDATE events SET created = ? WHERE id = ?", [created?.timeIntervalSince1970 ?? nowSeconds, row.id])
                }
                try setUnmodeled(unmodeled, table: "events", id: row.id, was: old?.1.unmodeled)
                return try eventRow(id: row.id)!.1
            }
        }
    }

    /// What changed on a calendar after `version`, oldest change first: events as they are
    /// now (deleted ones too) and ids of rows that are gone. After version 0 it is every row.
    package func eventFeed(calendarID: String, after version: Int64) throws -> [FeedEntry<Event>] {
        try guarded {
            try feed("SELECT \(LocalStore.eventColumns) FROM events WHERE calendar_id = ? AND change_number > ?", [calendarID, version],
                     kind: "event", scope: calendarID, after: version) { row in
                let stored = StoredEvent(row: row)
                return LocalStore.replica(stored.event, from: row, at: StoredEvent.columnCount, isDeleted: stored.deleted != nil)
            }
        }
    }

    /// Every event row of a calendar goes, tombstones left (a mirror starting over).
    package func removeEvents(calendarID: String) throws {
        try guarded {
            try database.transaction { _ = try database.run("DELETE FROM events WHERE calendar_id = ?", [calendarID]) }
        }
    }

    /// The rows `select` finds (changed after `version`) and the tombstones of `kind` after
    /// it, oldest change first.
    private func feed<Item>(_ select: String, _ values: [any SQLBindable], kind: String, scope: String?, after version: Int64,
                            read: (Row) -> Replica<Item>) throws -> [FeedEntry<Item>] {
        var entries = try database.rows(select + " ORDER BY change_number", values) { FeedEntry.present(read($0)) }
        entries += try database.rows("""
            SELECT id, change_number FROM tombstones WHERE kind = ? AND scope IS ? AND change_number > ? ORDER BY change_number
            """, [kind, scope, version]) { .removed(id: $0.text(0), version: $0.int64(1)) }
        return entries.sorted { $0.version < $1.version }
    }

    // MARK: Contacts

    private static let contactReplicaColumns = contactColumns + ", change_number, updated, unmodeled"

    private static func contactReplica(_ row: Row) -> Replica<Contact> {
        replica(contact(from: row), from: row, at: 12, isDeleted: false)
    }

    package func contactReplica(id: String) throws -> Replica<Contact>? {
        try guarded {
            try database.scalar("SELECT \(LocalStore.contactReplicaColumns) FROM contacts WHERE id = ?", [id], LocalStore.contactReplica)
        }
    }

    /// Adds the contact under its own id, or replaces what is stored under it.
    @discardableResult
    package func putContact(_ contact: Contact, unmodeled: JSONValue?) throws -> Replica<Contact> {
        guard !contact.name.trimmingSpaces().isEmpty else { throw ServiceError.invalid(.emptyName(.contact)) }
        return try guarded {
            try database.transaction {
                let uid = try database.scalar("SELECT uid FROM contacts WHERE id = ?", [contact.id]) { $0.text(0) }
                try save(contact, uid: uid ?? contact.id, replacing: uid != nil)
                try setUnmodeled(unmodeled, table: "contacts", id: contact.id, was: nil)
                return try database.scalar("SELECT \(LocalStore.contactReplicaColumns) FROM contacts WHERE id = ?", [contact.id], LocalStore.contactReplica)!
            }
        }
    }

    package func removeContact(id: String) throws {
        try guarded {
            try database.transaction {
                if try database.run("DELETE FROM contacts WHERE id = ?", [id]) == 0 { throw ServiceError.notFound(.contact, id: id) }
            }
        }
    }

    /// Contacts changed after `version` and ids of those deleted, oldest change first.
    package func contactFeed(after version: Int64) throws -> [FeedEntry<Contact>] {
        try guarded {
            try feed("SELECT \(LocalStore.contactReplicaColumns) FROM contacts WHERE change_number > ?", [version], kind: "contact", scope: nil,
                     after: version, read: LocalStore.contactReplica)
        }
    }

    // MARK: Files

    private static let fileReplicaColumns = fileColumns + ", change_number, created, unmodeled"

    private static func fileReplica(_ row: Row) -> Replica<DriveFile> {
        replica(driveFile(from: row), from: row, at: 6, isDeleted: false)
    }

    package func fileReplica(id: String) throws -> Replica<DriveFile>? {
        try guarded {
            try database.scalar("SELECT \(LocalStore.fileReplicaColumns) FROM files WHERE id = ?", [id], LocalStore.fileReplica)
        }
    }

    /// The content of a file exactly as stored.
    package func fileBytes(id: String) throws -> [UInt8] {
        try guarded {
            guard let bytes = try database.scalar("SELECT content FROM files WHERE id = ?", [id], { $0.bytes(0) }) else {
                throw ServiceError.notFound(.file, id: id)
            }
            return bytes
        }
    }

    /// True when a file has or had `id` (a deleted id stays taken).
    package func isFileIDTaken(_ id: String) throws -> Bool {
        try guarded {
            try database.scalar("""
                SELECT 1 FROM files WHERE id = ? UNION ALL SELECT 1 FROM tombstones WHERE kind = 'file' AND id = ?
                """, [id, id]) { $0.int(0) } != nil
        }
    }

    /// Adds the file under its own id or replaces its name, type, modified time and trash
    /// state; `content` nil keeps the content, a new one keeps the old as a revision.
    /// Names need not be unique here.
    @discardableResult
    package func putFile(_ file: DriveFile, content: [UInt8]?, unmodeled: JSONValue?) throws -> Replica<DriveFile> {
        try guarded {
            try database.transaction {
                let old = try fileReplica(id: file.id)
                let modified = file.modified.timeIntervalSince1970
                if let old {
                    let oldTrashed = try database.scalar("SELECT trashed FROM files WHERE id = ?", [file.id]) { $0.optionalDouble(0) } ?? nil
                    if let content {
                        let previous = try fileBytes(id: file.id)
                        if previous != content {
                            try database.run("""
                                INSERT INTO file_revisions (file_id, number, content, modified)
                                VALUES (?, (SELECT coalesce(max(number), 0) + 1 FROM file_revisions WHERE file_id = ?), ?, ?)
                                """, [file.id, file.id, previous, old.item.modified.timeIntervalSince1970])
                            try database.run("UPDATE files SET content = ? WHERE id = ?", [content, file.id])
                        }
                    }
                    let trashed: Double? = file.trashed ? (oldTrashed ?? nowSeconds) : nil
                    if old.item.name != file.name || old.item.mimeType != file.mimeType || old.item.modified != file.modified || old.item.trashed != file.trashed {
                        try database.run("UPDATE files SET name = ?, mime_type = ?, modified = ?, trashed = ? WHERE id = ?",
                                         [file.name, file.mimeType, modified, trashed, file.id])
                    }
                } else {
                    try database.run("""
                        INSERT INTO files (id, name, content, mime_type, created, modified, trashed) VALUES (?, ?, ?, ?, ?, ?, ?)
                        """, [file.id, file.name, content ?? [], file.mimeType, nowSeconds, modified, file.trashed ? nowSeconds : nil])
                }
                try setUnmodeled(unmodeled, table: "files", id: file.id, was: old?.unmodeled)
                return try fileReplica(id: file.id)!
            }
        }
    }

    /// Deletes a file for good (not to the trash), with its revisions.
    package func removeFile(id: String) throws {
        try guarded {
            try database.transaction {
                if try database.run("DELETE FROM files WHERE id = ?", [id]) == 0 { throw ServiceError.notFound(.file, id: id) }
            }
        }
    }

    /// Files changed after `version` (trashed ones too) and ids of those deleted for good,
    /// oldest change first. After version 0 it is every file.
    package func fileFeed(after version: Int64) throws -> [FeedEntry<DriveFile>] {
        try guarded {
            try feed("SELECT \(LocalStore.fileReplicaColumns) FROM files WHERE change_number > ?", [version], kind: "file", scope: nil,
                     after: version, read: LocalStore.fileReplica)
        }
    }

    // MARK: Sync state and the outbox

    /// A value a mirror remembers between runs (a sync token, when it last synced).
    package func syncValue(_ name: String) throws -> String? {
        try guarded { try database.scalar("SELECT value FROM sync_state WHERE name = ?", [name]) { $0.text(0) } }
    }

    /// Remembers `value` under `name`; nil forgets it.
    package func setSyncValue(_ name: String, _ value: String?) throws {
        _ = try guarded {
            try database.transaction {
                if let value {
                    try database.run("INSERT INTO sync_state (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                                     [name, value])
                } else {
                    try database.run("DELETE FROM sync_state WHERE name = ?", [name])
                }
            }
        }
    }

    /// Queues a change to send; returns its number.
    @discardableResult
    package func enqueue(kind: String, payload: String) throws -> Int64 {
        try guarded {
            try database.transaction {
                try database.run("INSERT INTO outbox (created, kind, payload) VALUES (?, ?, ?)", [nowSeconds, kind, payload])
                return try database.scalar("SELECT last_insert_rowid()") { $0.int64(0) } ?? 0
            }
        }
    }

    /// The changes waiting to be sent, oldest first.
    package func outbox() throws -> [OutboxItem] {
        try guarded {
            try database.rows("SELECT number, created, kind, payload, attempts, last_problem FROM outbox ORDER BY number") {
                OutboxItem(number: $0.int64(0), created: Date(timeIntervalSince1970: $0.double(1)), kind: $0.text(2),
                           payload: $0.text(3), attempts: $0.int(4), lastProblem: $0.optionalText(5))
            }
        }
    }

    /// Claims change `number` for sending until `until`, for this process: false when it is
    /// gone or a claim on it is held, unexpired, by a process still running.
    package func claimOutboxItem(_ number: Int64, until: Date) throws -> Bool {
        try guarded {
            try database.transaction {
                let held = try database.rows("SELECT claimed_until, claimed_by FROM outbox WHERE number = ?", [number]) {
                    (until: $0.optionalDouble(0), by: $0.optionalInt64(1))
                }
                guard let claim = held.first else { return false }
                if let expires = claim.until, expires >= nowSeconds, claim.by.map(Self.processIsRunning) ?? true { return false }
                try database.run("UPDATE outbox SET claimed_until = ?, claimed_by = ? WHERE number = ?",
                                 [until.timeIntervalSince1970, Int64(getpid()), number])
                return true
            }
        }
    }

    /// True while process `pid` exists (signal 0 checks without sending anything).
    static func processIsRunning(_ pid: Int64) -> Bool {
        guard let id = pid_t(exactly: pid), id > 0 else { return false }
        return kill(id, 0) == 0 || errno == EPERM
    }

    /// Notes a failed attempt to send change `number` and lets go of its claim.
    package func noteAttempt(onOutboxItem number: Int64, problem: String) throws {
        _ = try guarded {
            try database.transaction {
                try database.run("UPDATE outbox SET attempts = attempts + 1, last_problem = ?, claimed_until = NULL, claimed_by = NULL WHERE number = ?", [problem, number])
            }
        }
    }

    /// Rewrites what change `number` says (a sender noting it was tried, before trying).
    package func replaceOutboxPayload(_ number: Int64, with payload: String) throws {
        try guarded {
            try database.transaction { _ = try database.run("UPDATE outbox SET payload = ? WHERE number = ?", [payload, number]) }
        }
    }

    /// Takes a sent (or abandoned) change off the outbox.
    package func removeFromOutbox(_ number: Int64) throws {
        try guarded {
            try database.transaction { _ = try database.run("DELETE FROM outbox WHERE number = ?", [number]) }
        }
    }
}
