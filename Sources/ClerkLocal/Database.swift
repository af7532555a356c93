internal import CSQLite
import ClerkCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A value SQLite stores or hands back.
enum SQLValue: Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// Something that can be bound to a `?` in a statement; nil binds NULL.
protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension String: SQLBindable { var sqlValue: SQLValue { .text(self) } }
extension Int: SQLBindable { var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Int64: SQLBindable { var sqlValue: SQLValue { .integer(self) } }
extension Double: SQLBindable { var sqlValue: SQLValue { .real(self) } }
extension Bool: SQLBindable { var sqlValue: SQLValue { .integer(self ? 1 : 0) } }
extension SQLValue: SQLBindable { var sqlValue: SQLValue { self } }
extension Array: SQLBindable where Element == UInt8 { var sqlValue: SQLValue { .blob(self) } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// Why a database call failed: SQLite's code and message and the statement it ran — never
/// the values bound to it, which may be a person's data.
struct DatabaseError: Error, CustomStringConvertible {
    /// SQLite's extended result code.
    var code: Int32
    var message: String
    var sql: String?

    /// Another connection held the lock for longer than the busy timeout.
    var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }

    /// What the failure means for the person, by SQLite's primary result code.
    func problem(busyTimeout: Int) -> StorageProblem {
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(seconds: busyTimeout)
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .damaged
        case SQLITE_READONLY, SQLITE_PERM: return .readOnly
        case SQLITE_FULL: return .full
        case SQLITE_CANTOPEN: return .cannotOpen
        default: return .failed(code: code)
        }
    }

    var description: String {
        guard let sql else { return message }
        let statement = sql.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }.joined(separator: " ")
        return "\(message) (in \(statement.prefix(120)))"
    }
}

/// One row of a result, readable only inside the closure that receives it.
struct Row {
    fileprivate let statement: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
    func bool(_ column: Int32) -> Bool { sqlite3_column_int64(statement, column) != 0 }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// The column's bytes as stored, text or blob.
    func bytes(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let start = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }
}

/// A connection to one SQLite file, and the only owner of its handle.
///
/// Every C return code is checked in `check`; statements are prepared once and kept; writes
/// go through `transaction`, which takes the write lock at once (`BEGIN IMMEDIATE`) so two
/// processes queue on the busy timeout instead of failing half-way.
final class Database {
    let path: String
    /// True when opened for reading only (`init(readingOnly:)`): every write fails with
    /// `SQLITE_READONLY`.
    let isReadOnly: Bool
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]
    /// The transaction open on this connection, if any: `transaction` writes, `reading` reads.
    private var openTransaction: OpenTransaction?
    private enum OpenTransaction { case reading, writing }
    private var commits = 0
    private let busyTimeoutMilliseconds: Int32

    /// Opens (creating when missing) the file at `path` in WAL mode with foreign keys on,
    /// waiting up to `busyTimeout` seconds for another connection's lock.
    ///
    /// Pages are read into SQLite's cache, not memory-mapped: the mapped file's pages a query
    /// touched counted as the process's memory (3 MiB of a one-shot agenda on 10,000 events),
    /// and reading through the map was no faster (BENCHMARKS.md, "Start-up").
    init(path: String, busyTimeout: Double) throws {
        self.path = path
        isReadOnly = false
        busyTimeoutMilliseconds = Int32(busyTimeout * 1000)
        handle = try Database.open(path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        try switchToWAL(within: busyTimeout)
        try execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL")
    }

    /// Opens the existing file at `path` for reading only, for a store its user may read but
    /// not write (a read-only folder or file).
    ///
    /// A WAL database is read through its `-wal` and `-shm` files, which SQLite cannot create
    /// in a folder it may not write. When there is no `-wal` file every change is in the main
    /// file, and it is opened `immutable` (no locks, no side files); when there is one,
    /// SQLite reads both side files as they are (`mode=ro`).
    init(readingOnly path: String, busyTimeout: Double) throws {
        self.path = path
        isReadOnly = true
        busyTimeoutMilliseconds = Int32(busyTimeout * 1000)
        let escaped = path.replacingEvery("%", with: "%25").replacingEvery("?", with: "%3f")
            .replacingEvery("#", with: "%23")
        let hasLog = FileManager.default.fileExists(atPath: path + "-wal")
        handle = try Database.open("file:" + escaped + (hasLog ? "?mode=ro" : "?mode=ro&immutable=1"), flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        try execute("PRAGMA foreign_keys = ON")
    }

    /// The one call to `sqlite3_open_v2`, with the flags every connection has.
    private static func open(_ name: String, flags: Int32) throws -> OpaquePointer {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(name, &opened, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
        guard let opened else { throw DatabaseError(code: code, message: "cannot open \(name): out of memory", sql: nil) }
        guard code == SQLITE_OK else {
            let error = DatabaseError(code: code, message: String(cString: sqlite3_errmsg(opened)), sql: nil)
            sqlite3_close_v2(opened)
            throw error
        }
        return opened
    }

    /// WAL lets readers go on while one process writes; NORMAL sync (set by `init`) keeps
    /// every committed transaction across a killed process.
    ///
    /// The mode is a property of the file, so once any process has switched it there is
    /// nothing to do. The switch itself needs the file to itself and SQLite does not run the
    /// busy handler for it: several clerks opening a new store at once would fail with
    /// "database is locked" (or quietly stay in rollback mode), so it is retried here.
    private func switchToWAL(within seconds: Double) throws {
        let deadline = ProcessInfo.processInfo.systemUptime + seconds
        var pause: useconds_t = 1_000
        while true {
            do {
                if try scalar("PRAGMA journal_mode", [], { $0.text(0) })?.lowercased() == "wal" { return }
                if try scalar("PRAGMA journal_mode = WAL", [], { $0.text(0) })?.lowercased() == "wal" { return }
            } catch let error as DatabaseError where error.isBusy {
                if ProcessInfo.processInfo.systemUptime >= deadline { throw error }
            }
            if ProcessInfo.processInfo.systemUptime >= deadline {
                throw DatabaseError(code: SQLITE_ERROR, message: "\(path): cannot switch to WAL mode", sql: nil)
            }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no values.
    func execute(_ sql: String) throws {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), sql: sql)
    }

    /// Runs one statement with `values` bound to its `?`s; returns the rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: [any SQLBindable] = []) throws -> Int {
        try withStatement(sql, values) { statement in
            var code = sqlite3_step(statement)
            while code == SQLITE_ROW { code = sqlite3_step(statement) }
            try check(code, sql: sql, done: SQLITE_DONE)
        }
        return Int(sqlite3_changes(handle))
    }

    /// Runs a query and hands each row to `body`.
    func forEachRow(_ sql: String, _ values: [any SQLBindable] = [], _ body: (Row) throws -> Void) throws {
        try withStatement(sql, values) { statement in
            while true {
                let code = sqlite3_step(statement)
                if code == SQLITE_DONE { return }
                try check(code, sql: sql, done: SQLITE_ROW)
                try body(Row(statement: statement))
            }
        }
    }

    /// Runs a query and maps each row with `read`.
    func rows<T>(_ sql: String, _ values: [any SQLBindable] = [], _ read: (Row) -> T) throws -> [T] {
        var result: [T] = []
        try forEachRow(sql, values) { result.append(read($0)) }
        return result
    }

    /// The first column of the first row, nil when there is no row.
    func scalar<T>(_ sql: String, _ values: [any SQLBindable] = [], _ read: (Row) -> T) throws -> T? {
        try rows(sql, values, read).first
    }

    /// Runs `body` as one transaction holding the write lock: committed when it returns,
    /// rolled back when it throws. Nested calls join the outer transaction.
    @discardableResult
    func transaction<T>(_ body: () throws -> T) throws -> T {
        // A write inside `reading` would take the write lock late, from a snapshot another
        // process may have moved past: the lost update `BEGIN IMMEDIATE` is here to prevent.
        precondition(openTransaction != .reading, "a write transaction inside a read one")
        if openTransaction == .writing { return try body() }
        let result = try runTransaction(body, as: .writing, beginning: "BEGIN IMMEDIATE")
        commits += 1
        return result
    }

    /// Runs `body`, which only reads, as one read transaction: its statements see one
    /// snapshot of the file, even while another process commits, and take the WAL read lock
    /// once instead of once each (a range query runs twenty). Inside a transaction it joins it.
    func reading<T>(_ body: () throws -> T) throws -> T {
        if openTransaction != nil { return try body() }
        return try runTransaction(body, as: .reading, beginning: "BEGIN DEFERRED")
    }

    /// `body` between `begin` and COMMIT, rolled back when it throws.
    private func runTransaction<T>(_ body: () throws -> T, as kind: OpenTransaction, beginning begin: String) throws -> T {
        try execute(begin)
        openTransaction = kind
        defer { openTransaction = nil }
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Changes when anything was committed to the file — by this connection or another
    /// process — so that what was read from it can be kept until then.
    struct ChangeStamp: Equatable {
        var othersCommits: Int64
        var ownCommits: Int
    }

    func changeStamp() throws -> ChangeStamp {
        ChangeStamp(othersCommits: try scalar("PRAGMA data_version") { $0.int64(0) } ?? 0, ownCommits: commits)
    }

    /// Runs `body` with the busy timeout set to `seconds`, for work that should rather be
    /// skipped than wait for another process.
    func withBusyTimeout<T>(_ seconds: Double, _ body: () throws -> T) rethrows -> T {
        sqlite3_busy_timeout(handle, Int32(seconds * 1000))
        defer { sqlite3_busy_timeout(handle, busyTimeoutMilliseconds) }
        return try body()
    }

    private func withStatement<T>(_ sql: String, _ values: [any SQLBindable], _ body: (OpaquePointer) throws -> T) throws -> T {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, value) in values.enumerated() {
            try bind(value.sqlValue, at: Int32(offset + 1), in: statement, sql: sql)
        }
        return try body(statement)
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil), sql: sql)
        guard let statement else { throw DatabaseError(code: SQLITE_MISUSE, message: "empty statement", sql: sql) }
        statements[sql] = statement
        return statement
    }

    private func bind(_ value: SQLValue, at index: Int32, in statement: OpaquePointer, sql: String) throws {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(statement, index)
        case .integer(let number): code = sqlite3_bind_int64(statement, index, number)
        case .real(let number): code = sqlite3_bind_double(statement, index, number)
        case .text(let text):
            code = text.withCString { csqlite_bind_text(statement, index, $0, Int32(text.utf8.count)) }
        case .blob(let bytes):
            // A zero-length blob, not NULL, for empty content.
            code = bytes.withUnsafeBytes { csqlite_bind_blob(statement, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count)) }
        }
        try check(code, sql: sql)
    }

    /// The one place C return codes become errors: anything but `expected` throws, with
    /// SQLite's message for the connection.
    private func check(_ code: Int32, sql: String?, done expected: Int32 = SQLITE_OK) throws {
        guard code != expected else { return }
        throw DatabaseError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
