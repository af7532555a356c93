public import ClerkCore
internal import CSQLite
internal import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The embedded default: calendars, contacts and text files in one SQLite file.
///
/// Every change is one transaction, so a process killed at any moment leaves the store with
/// all or nothing of it, and two clerk processes writing at once queue on the file lock
/// instead of failing. The store reads the clock only through its `NowProvider`.
public final class LocalStore {
    let database: Database
    /// The reader's zone: all-day events begin at midnight here, and the first calendar is
    /// created in it.
    let zone: ZoneRules
    let now: NowProvider
    private var zones: [String: ZoneRules] = [:]
    /// Every live series' reach (with its row once decoded), kept while `liveSeriesStamp` is
    /// the database's change stamp (a REPL asks for agendas again and again).
    var liveSeries: [SeriesReach] = []
    var liveSeriesStamp: Database.ChangeStamp?

    /// How long a call waits for another process that holds the write lock (an import of
    /// 10,000 events takes about a second).
    public static let busyTimeout: Double = 30

    /// Opens the store at `path` (creating it, its tables and the primary calendar
    /// "Personal" in `timeZone` on first use). A store that exists but cannot be written is
    /// opened for reading: everything in it can be seen, and every change fails with
    /// `StorageProblem.readOnly`.
    public convenience init(path: String, timeZone: Zone, now: NowProvider = .system, makeID: @escaping () -> String = LocalStore.randomID) throws {
        try self.init(path: path, timeZone: timeZone, now: now, makeID: makeID, makesPrimaryCalendar: true)
    }

    /// Opens the store at `path`; without `makesPrimaryCalendar` a new store starts with no
    /// calendar at all, for a replica whose calendars come from elsewhere (`putCalendar`).
    package init(path: String, timeZone: Zone, now: NowProvider, makeID: @escaping () -> String, makesPrimaryCalendar: Bool) throws {
        self.zone = ZoneRules(timeZone)
        self.now = now
        self.makeID = makeID
        database = try LocalStore.openDatabase(path, now: now)
        try guarded {
            if makesPrimaryCalendar { try ensurePrimaryCalendar() }
            try refreshOccurrenceWindows()
        }
    }

    /// True when the store could only be opened for reading.
    public var isReadOnly: Bool { database.isReadOnly }

    /// The database at `path`, migrated; opened for reading only when it cannot be opened
    /// for writing (then the schema must already be this clerk's).
    private static func openDatabase(_ path: String, now: NowProvider) throws(ServiceError) -> Database {
        // A folder, a pipe or a device where the store goes is no clerk store: SQLite said
        // "disk I/O error" of it ("the store failed (SQLite code 266)"), or waited on a pipe.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw .storage(.damaged, path: path)
        }
        do {
            let database = try Database(path: path, busyTimeout: busyTimeout)
            try database.migrate(StoreSchema.migrations, appliedAt: now.now())
            return database
        } catch let error as DatabaseError where [.readOnly, .cannotOpen].contains(error.problem(busyTimeout: 0))
            && FileManager.default.fileExists(atPath: path) {
            do {
                let database = try Database(readingOnly: path, busyTimeout: busyTimeout)
                try database.migrate(StoreSchema.migrations, appliedAt: now.now())
                return database
            } catch {
                throw serviceError(error, path: path)
            }
        } catch {
            throw serviceError(error, path: path)
        }
    }

    /// The name a new store gives its primary calendar.
    public static let primaryCalendarName = "Personal"

    /// What SQLite's own check says: `["ok"]` for a sound file, else one line per problem.
    public func integrityCheck() throws -> [String] {
        try guarded { try database.rows("PRAGMA integrity_check") { $0.text(0) } }
    }

    // MARK: Shared helpers

    /// Runs `body`, turning whatever it throws into a `ServiceError`.
    func guarded<T>(_ body: () throws -> T) throws(ServiceError) -> T {
        do {
            return try body()
        } catch {
            throw LocalStore.serviceError(error, path: database.path)
        }
    }

    /// What the caller's own code, run inside a transaction, threw (`callingBack`).
    struct CallerError: Error {
        var error: any Error
    }

    /// Runs the caller's code (an edit, a patch) inside a store call: what it throws rolls the
    /// transaction back and, through `guardedCallingBack`, comes out as it was.
    func callingBack<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw CallerError(error: error)
        }
    }

    /// `guarded` for calls that run the caller's code: its errors pass unchanged, the
    /// store's become a `ServiceError`.
    func guardedCallingBack<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CallerError {
            throw error.error
        } catch {
            throw LocalStore.serviceError(error, path: database.path)
        }
    }

    static func serviceError(_ error: any Error, path: String) -> ServiceError {
        switch error {
        case let error as ServiceError: return error
        case let error as DatabaseError: return .storage(error.problem(busyTimeout: Int(busyTimeout)), path: path)
        case let error as RecurrenceError: return .invalid(.badRecurrence(error.line))
        default: return .storage(.failed(code: SQLITE_ERROR), path: path)
        }
    }

    /// A fresh identifier: 32 lower-case hex digits, which Google also accepts as an event id.
    public static func randomID() -> String {
        UUID().uuidString.lowercased().replacingEvery("-", with: "")
    }

    /// Makes the ids of what the store creates itself (calendars, imported events, contacts,
    /// files); injected so tests and transcripts see the same ids every run.
    let makeID: () -> String

    var nowSeconds: Double { now.now().timeIntervalSince1970 }

    /// The rules of the zone named `identifier`, cached; nil when the name is unknown.
    func zone(named identifier: String) -> ZoneRules? {
        if let known = zones[identifier] { return known }
        guard let rules = ZoneRules(identifier: identifier) else { return nil }
        zones[identifier] = rules
        return rules
    }
}

// MARK: - Calendars

extension LocalStore: CalendarService {
    public func calendars() throws -> [CalendarInfo] {
        try guarded {
            try database.rows("SELECT id, name, time_zone, is_primary FROM calendars ORDER BY is_primary DESC, name COLLATE NOCASE") {
                CalendarInfo(id: $0.text(0), name: $0.text(1), timeZone: $0.text(2), isPrimary: $0.bool(3))
            }
        }
    }

    @discardableResult
    public func createCalendar(named name: String, timeZone: String) throws -> CalendarInfo {
        let name = name.trimmingWhitespace()
        guard !name.isEmpty else { throw ServiceError.invalid(.emptyName(.calendar)) }
        if let problem = CalendarInfo.problem(withName: name) { throw ServiceError.invalid(problem) }
        guard zone(named: timeZone) != nil else { throw ServiceError.invalid(.unknownTimeZone(timeZone)) }
        return try guarded {
            try database.transaction {
                if try database.scalar("SELECT 1 FROM calendars WHERE name = ? COLLATE NOCASE", [name], { $0.int(0) }) != nil {
                    throw ServiceError.alreadyExists(.calendar, name: name)
                }
                let calendar = CalendarInfo(id: makeID(), name: name, timeZone: timeZone, isPrimary: false)
                try database.run("INSERT INTO calendars (id, name, time_zone, is_primary, created) VALUES (?, ?, ?, 0, ?)",
                                 [calendar.id, calendar.name, calendar.timeZone, nowSeconds])
                return calendar
            }
        }
    }

    @discardableResult
    public func renameCalendar(id: String, to name: String) throws -> CalendarInfo {
        let name = name.trimmingWhitespace()
        guard !name.isEmpty else { throw ServiceError.invalid(.emptyName(.calendar)) }
        if let problem = CalendarInfo.problem(withName: name) { throw ServiceError.invalid(problem) }
        return try guarded {
            try database.transaction {
                _ = try calendar(id: id)
                if try database.scalar("SELECT 1 FROM calendars WHERE name = ? COLLATE NOCASE AND id != ?", [name, id], { $0.int(0) }) != nil {
                    throw ServiceError.alreadyExists(.calendar, name: name)
                }
                try database.run("UPDATE calendars SET name = ? WHERE id = ?", [name, id])
                return try calendar(id: id)
            }
        }
    }

    public func deleteCalendar(id: String) throws {
        try guarded {
            try database.transaction {
                guard try !calendar(id: id).isPrimary else { throw ServiceError.invalid(.primaryCalendar) }
                try database.run("DELETE FROM calendars WHERE id = ?", [id])
            }
        }
    }

    /// The calendar with `id`, or a `notFound` error.
    func calendar(id: String) throws -> CalendarInfo {
        let found = try database.scalar("SELECT id, name, time_zone, is_primary FROM calendars WHERE id = ?", [id]) {
            CalendarInfo(id: $0.text(0), name: $0.text(1), timeZone: $0.text(2), isPrimary: $0.bool(3))
        }
        guard let found else { throw ServiceError.notFound(.calendar, id: id) }
        return found
    }

    /// First run: the primary calendar, in the reader's zone.
    private func ensurePrimaryCalendar() throws {
        if try database.scalar("SELECT 1 FROM calendars WHERE is_primary = 1", [], { $0.int(0) }) != nil { return }
        try database.transaction {
            // INSERT OR IGNORE: another process may have created it while this one waited.
            try database.run("""
                INSERT OR IGNORE INTO calendars (id, name, time_zone, is_primary, created) VALUES (?, ?, ?, 1, ?)
                """, [makeID(), LocalStore.primaryCalendarName, zone.identifier, nowSeconds])
        }
    }
}
