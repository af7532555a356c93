@testable import ClerkLocal
import CSQLite
import ClerkCore
import Foundation
import Synchronization
import Testing

/// The SQLite wrapper on real files: settings, migrations, transactions, errors.
@Suite struct DatabaseTests {
    let folder = NSTemporaryDirectory() + "clerk-db-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    static let steps = [
        Migration(number: 1, name: "notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)"),
        Migration(number: 2, name: "note tags", sql: "CREATE TABLE tags (note_id INTEGER NOT NULL REFERENCES notes(id), tag TEXT)"),
    ]

    @Test func opensInWALWithForeignKeysAndABusyTimeout() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try Database(path: folder + "/a.sqlite3", busyTimeout: 30)
        #expect(try database.scalar("PRAGMA journal_mode") { $0.text(0) } == "wal")
        #expect(try database.scalar("PRAGMA foreign_keys") { $0.int(0) } == 1)
        #expect(try database.scalar("PRAGMA busy_timeout") { $0.int(0) } == 30_000)
        #expect(try database.scalar("PRAGMA synchronous") { $0.int(0) } == 1)  // NORMAL
    }

    /// Switching a file to WAL needs it to itself, and SQLite does not run the busy handler
    /// for that: while another connection holds the write lock of a file still in rollback
    /// mode (a second clerk creating the store), opening waits for it instead of failing
    /// with "database is locked".
    @Test func waitsForTheFileToSwitchItToWAL() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/a.sqlite3"
        var holder: OpaquePointer?
        #expect(sqlite3_open(path, &holder) == SQLITE_OK)
        defer { sqlite3_close(holder) }
        #expect(sqlite3_exec(holder, "CREATE TABLE t (x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)", nil, nil, nil) == SQLITE_OK)
        let connection = UnsafeSendable(holder)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            sqlite3_exec(connection.value, "COMMIT", nil, nil, nil)
        }
        let database = try Database(path: path, busyTimeout: 10)
        #expect(try database.scalar("PRAGMA journal_mode") { $0.text(0) } == "wal")
        #expect(try database.scalar("SELECT count(*) FROM t") { $0.int(0) } == 1)
    }

    @Test func appliesEachMigrationOnceInOrder() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/a.sqlite3"
        do {
            let database = try Database(path: path, busyTimeout: 1)
            try database.migrate(Array(Self.steps.prefix(1)), appliedAt: Date(timeIntervalSince1970: 100))
        }
        let database = try Database(path: path, busyTimeout: 1)
        try database.migrate(Self.steps, appliedAt: Date(timeIntervalSince1970: 200))
        try database.migrate(Self.steps, appliedAt: Date(timeIntervalSince1970: 300))
        let applied = try database.rows("SELECT number, name, applied FROM schema_migrations ORDER BY number") {
            "\($0.int(0)) \($0.text(1)) \($0.int(2))"
        }
        #expect(applied == ["1 notes 100", "2 note tags 200"])
        #expect(try database.scalar("PRAGMA user_version") { $0.int(0) } == 2)
    }

    /// A step's SQL is made only when the step is applied: a file already at the latest
    /// step opens without any being made.
    @Test func aStepsSQLIsMadeOnlyWhenItIsApplied() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try Database(path: folder + "/a.sqlite3", busyTimeout: 1)
        let made = Mutex<[Int]>([])
        @Sendable func sql(_ step: Int) -> String {
            made.withLock { $0.append(step) }
            return Self.steps[step - 1].sql
        }
        func steps() -> [Migration] {
            [Migration(number: 1, name: "notes", sql: sql(1)), Migration(number: 2, name: "note tags", sql: sql(2))]
        }
        try database.migrate(Array(steps().prefix(1)), appliedAt: Date(timeIntervalSince1970: 100))
        #expect(made.withLock { $0 } == [1])
        try database.migrate(steps(), appliedAt: Date(timeIntervalSince1970: 200))
        #expect(made.withLock { $0 } == [1, 2])
        try database.migrate(steps(), appliedAt: Date(timeIntervalSince1970: 300))
        #expect(made.withLock { $0 } == [1, 2])
        #expect(try database.rows("SELECT number, applied FROM schema_migrations ORDER BY number") { "\($0.int(0)) \($0.int(1))" } == ["1 100", "2 200"])
    }

    @Test func aStepThatFailsLeavesTheStepsBeforeItAndTheNextOpenGoesOn() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try Database(path: folder + "/a.sqlite3", busyTimeout: 1)
        let broken = [Self.steps[0], Migration(number: 2, name: "note tags", sql: "CREATE TABLE tags (oops")]
        #expect(throws: DatabaseError.self) { try database.migrate(broken, appliedAt: Date(timeIntervalSince1970: 100)) }
        #expect(try database.scalar("PRAGMA user_version") { $0.int(0) } == 1)
        #expect(try database.rows("SELECT number FROM schema_migrations") { $0.int(0) } == [1])
        try database.migrate(Self.steps, appliedAt: Date(timeIntervalSince1970: 200))
        #expect(try database.rows("SELECT number, applied FROM schema_migrations ORDER BY number") { "\($0.int(0)) \($0.int(1))" } == ["1 100", "2 200"])
        #expect(try database.scalar("PRAGMA user_version") { $0.int(0) } == 2)
    }

    @Test func refusesAStoreFromANewerClerk() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try Database(path: folder + "/a.sqlite3", busyTimeout: 1)
        try database.execute("PRAGMA user_version = 9")
        #expect(throws: ServiceError.storage(.newerSchema(found: 9, known: 2), path: folder + "/a.sqlite3")) {
            try database.migrate(Self.steps, appliedAt: Date())
        }
    }

    @Test func rollsBackWhenTheBodyThrows() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try Database(path: folder + "/a.sqlite3", busyTimeout: 1)
        try database.migrate(Self.steps, appliedAt: Date())
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try database.transaction {
                try database.run("INSERT INTO notes (text) VALUES (?)", ["first"])
                throw Stop()
            }
        }
        #expect(try database.scalar("SELECT count(*) FROM notes") { $0.int(0) } == 0)
    }


    /// The statements of one `reading` see one snapshot: what another connection commits
    /// meanwhile shows only after it; inside a write transaction it joins that one.
    @Test func readingSeesOneSnapshot() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let reader = try Database(path: folder + "/a.sqlite3", busyTimeout: 1)
        try reader.migrate(Self.steps, appliedAt: Date())
        let writer = try Database(path: folder + "/a.sqlite3", busyTimeout: 1)
        func count(_ database: Database) throws -> Int? { try database.scalar("SELECT count(*) FROM notes") { $0.int(0) } }
        let (before, during) = try reader.reading {
            let before = try count(reader)
            try writer.run("INSERT INTO notes (text) VALUES (?)", ["from the writer"])
            return (before, try count(reader))
        }
        #expect(before == 0)
        #expect(during == 0)
        #expect(try count(reader) == 1)
        try reader.transaction {
            try reader.run("INSERT INTO notes (text) VALUES (?)", ["inside"])
            #expect(try reader.reading { try count(reader) } == 2)
        }
        #expect(try count(writer) == 2)
    }
    /// A constraint failure says which constraint and statement, never the person's data.
    @Test func errorsNeverShowBoundValues() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try Database(path: folder + "/a.sqlite3", busyTimeout: 1)
        try database.migrate(Self.steps, appliedAt: Date())
        try database.run("INSERT INTO notes (text) VALUES (?)", ["my bank PIN is 4321"])
        let duplicate = #expect(throws: DatabaseError.self) {
            try database.run("INSERT INTO notes (text) VALUES (?)", ["my bank PIN is 4321"])
        }
        #expect(duplicate?.description == "UNIQUE constraint failed: notes.text (in INSERT INTO notes (text) VALUES (?))")
        let orphan = #expect(throws: DatabaseError.self) {
            try database.run("INSERT INTO tags (note_id, tag) VALUES (?, ?)", [999, "secret tag"])
        }
        #expect(orphan?.description == "FOREIGN KEY constraint failed (in INSERT INTO tags (note_id, tag) VALUES (?, ?))")
    }

    @Test func storesTextExactly() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try Database(path: folder + "/a.sqlite3", busyTimeout: 1)
        try database.migrate(Self.steps, appliedAt: Date())
        for text in ["", "café ñ 日本", "nul\u{0}inside", "emoji 🎉"] {
            try database.run("INSERT INTO notes (text) VALUES (?)", [text])
            #expect(try database.scalar("SELECT text FROM notes WHERE text = ?", [text]) { $0.text(0) } == text)
        }
    }
}

/// Hands a C handle to the thread that finishes with it.
private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
