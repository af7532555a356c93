internal import CSQLite
import ClerkCore
import FoundationEssentials

/// One numbered, named step of the store's schema. Steps only ever get appended: a released
/// step is never edited, a change is a new step.
///
/// The SQL is made when a step is applied, not when the list of steps is: an up-to-date store
/// opened at every start needs only the steps' numbers, and the store's SQL, built from the
/// trigger templates (`ChangeTriggers`), cost every start 0.3 M instructions.
struct Migration {
    var number: Int
    var name: String
    private let makeSQL: @Sendable () -> String
    var sql: String { makeSQL() }

    init(number: Int, name: String, sql: @escaping @autoclosure @Sendable () -> String) {
        self.number = number
        self.name = name
        makeSQL = sql
    }
}

extension Database {
    /// Applies the steps of `migrations` this file has not seen, each in its own transaction
    /// (as GRDB does: a process killed between steps leaves the steps before it, and the next
    /// open goes on from there), recording each in `schema_migrations` and in
    /// `PRAGMA user_version` (the quick check that lets an up-to-date store open without
    /// taking the write lock).
    func migrate(_ migrations: [Migration], appliedAt now: Date) throws {
        let latest = migrations.map(\.number).max() ?? 0
        let version = try scalar("PRAGMA user_version") { $0.int(0) } ?? 0
        if version == latest { return }
        if version > latest {
            throw ServiceError.storage(.newerSchema(found: version, known: latest), path: path)
        }
        for migration in migrations.sorted(by: { $0.number < $1.number }) {
            try transaction {
                try execute("""
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        number INTEGER PRIMARY KEY,
                        name TEXT NOT NULL,
                        applied REAL NOT NULL
                    )
                    """)
                // Another process may have applied it while this one waited for the lock.
                guard try scalar("SELECT 1 FROM schema_migrations WHERE number = ?", [migration.number], { $0.int(0) }) == nil else { return }
                try execute(migration.sql)
                try run("INSERT INTO schema_migrations (number, name, applied) VALUES (?, ?, ?)",
                        [migration.number, migration.name, now.timeIntervalSince1970])
                try execute("PRAGMA user_version = \(migration.number)")
            }
        }
    }
}

/// The store's schema, step by step.
///
/// Times: `*_key` columns are seconds since 1970 — UTC for timed events, and for all-day
/// events the date's midnight read as UTC (a date has no zone; queries widen by 14 hours and
/// settle the edges in the reader's zone). Wall-clock columns (`*_at`, `updated`) are UTC
/// seconds from the injected clock.
enum StoreSchema {
    static let migrations: [Migration] = [
        Migration(number: 1, name: "calendars and events", sql: """
            CREATE TABLE calendars (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                time_zone TEXT NOT NULL,
                is_primary INTEGER NOT NULL DEFAULT 0,
                created REAL NOT NULL
            );
            CREATE UNIQUE INDEX calendars_by_name ON calendars(name COLLATE NOCASE);
            CREATE UNIQUE INDEX calendars_one_primary ON calendars(is_primary) WHERE is_primary = 1;

            -- Single events, series (recurrence not NULL) and changed or cancelled occurrences
            -- of a series (recurring_event_id not NULL; id is '<series id>_<original start>').
            CREATE TABLE events (
                id TEXT PRIMARY KEY,
                calendar_id TEXT NOT NULL REFERENCES calendars(id) ON DELETE CASCADE,
                ical_uid TEXT NOT NULL,
                title TEXT NOT NULL,
                location TEXT,
                notes TEXT,
                attendees TEXT,              -- JSON [{"name","email"}], NULL when none
                reminders TEXT,              -- JSON [minutes], NULL when none
                all_day INTEGER NOT NULL,
                time_zone TEXT NOT NULL,     -- the zone a timed event is shown and repeated in
                start_key INTEGER NOT NULL,
                end_key INTEGER NOT NULL,
                recurrence TEXT,             -- RRULE/RDATE/EXDATE lines joined by newlines
                series_end_key INTEGER,      -- series: end of the last occurrence, NULL when endless
                expanded_from INTEGER,       -- series: `occurrences` holds every start in
                expanded_until INTEGER,      --   [expanded_from, expanded_until)
                recurring_event_id TEXT REFERENCES events(id) ON DELETE CASCADE,
                original_key INTEGER,        -- occurrence: the start the series gave it
                original_start TEXT,         -- occurrence: the same, as in its id
                overrides INTEGER NOT NULL DEFAULT 1, -- occurrence: 0 when only cancelled
                deleted REAL,                -- when it was deleted; NULL while it is live
                deleted_with TEXT,           -- occurrence: the series whose deletion took it along
                updated REAL NOT NULL
            );
            CREATE UNIQUE INDEX events_by_uid ON events(calendar_id, ical_uid) WHERE recurring_event_id IS NULL;
            CREATE INDEX events_single_by_start ON events(start_key) WHERE recurrence IS NULL AND deleted IS NULL;
            CREATE INDEX events_series_by_start ON events(start_key) WHERE recurrence IS NOT NULL AND deleted IS NULL;
            CREATE UNIQUE INDEX events_occurrence ON events(recurring_event_id, original_key) WHERE recurring_event_id IS NOT NULL;
            CREATE INDEX events_occurrence_by_start ON events(original_key) WHERE recurring_event_id IS NOT NULL;

            -- The starts a series' rules produce, kept for a window around now so an agenda is
            -- one indexed read; always rebuilt from `recurrence` (see Occurrences.swift).
            CREATE TABLE occurrences (
                series_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
                start_key INTEGER NOT NULL,
                PRIMARY KEY (series_id, start_key)
            ) WITHOUT ROWID;
            CREATE INDEX occurrences_by_start ON occurrences(start_key);

            -- Small facts about the whole store, e.g. the longest event (how far back a range
            -- query must look for events that began earlier and are still going on).
            CREATE TABLE store_facts (
                name TEXT PRIMARY KEY,
                value INTEGER NOT NULL
            );
            INSERT INTO store_facts (name, value) VALUES ('longest_event', 0);
            """),
        Migration(number: 2, name: "contacts", sql: """
            CREATE TABLE contacts (
                id TEXT PRIMARY KEY,
                uid TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                sort_name TEXT NOT NULL,     -- the name folded (lower case, no accents)
                given_name TEXT,
                family_name TEXT,
                nicknames TEXT,              -- JSON ["…"], NULL when none
                emails TEXT,                 -- JSON [{"value","label"}], NULL when none
                phones TEXT,
                addresses TEXT,
                birthday TEXT,               -- YYYY-MM-DD, or --MM-DD without a year
                notes TEXT,
                updated REAL NOT NULL
            );
            CREATE INDEX contacts_by_name ON contacts(sort_name);

            -- Every folded word of a contact's names and nicknames, for prefix lookups, with
            -- all of the contact's words (three lines: the name's, given and family name's,
            -- the nicknames') so that the other words of a query are checked here.
            CREATE TABLE contact_words (
                word TEXT NOT NULL,
                contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
                name_words TEXT NOT NULL,
                PRIMARY KEY (word, contact_id)
            ) WITHOUT ROWID;
            CREATE INDEX contact_words_by_contact ON contact_words(contact_id);
            """),
        Migration(number: 3, name: "files with revisions and a trash", sql: """
            CREATE TABLE files (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                content TEXT NOT NULL,
                mime_type TEXT NOT NULL,
                created REAL NOT NULL,
                modified REAL NOT NULL,
                trashed REAL                 -- when it went to the trash; NULL when not there
            );
            CREATE UNIQUE INDEX files_live_by_name ON files(name COLLATE NOCASE) WHERE trashed IS NULL;

            -- Earlier contents, kept when a file is updated.
            CREATE TABLE file_revisions (
                file_id TEXT NOT NULL REFERENCES files(id) ON DELETE CASCADE,
                number INTEGER NOT NULL,
                content TEXT NOT NULL,
                modified REAL NOT NULL,
                PRIMARY KEY (file_id, number)
            ) WITHOUT ROWID;
            """),
        Migration(number: 4, name: "change feed, tombstones and fields of other systems", sql: """
            -- Every insert, change and delete of a calendar, event, contact or file takes the
            -- next change number (triggers below, so no write path can forget it): the feed a
            -- sync token or etag is made from. Hard deletes leave a tombstone with theirs, so
            -- the id stays taken and the feed can report the deletion.
            INSERT INTO store_facts (name, value) VALUES ('change_number', 0);
            ALTER TABLE calendars ADD COLUMN change_number INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE calendars ADD COLUMN unmodeled TEXT;  -- JSON object: fields clerk does not model
            ALTER TABLE events ADD COLUMN change_number INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE events ADD COLUMN created REAL;
            ALTER TABLE events ADD COLUMN unmodeled TEXT;
            ALTER TABLE contacts ADD COLUMN change_number INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE contacts ADD COLUMN company TEXT;
            ALTER TABLE contacts ADD COLUMN job_title TEXT;
            ALTER TABLE contacts ADD COLUMN unmodeled TEXT;
            ALTER TABLE files ADD COLUMN change_number INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE files ADD COLUMN unmodeled TEXT;
            UPDATE events SET created = updated;
            CREATE INDEX events_by_change ON events(calendar_id, change_number);
            CREATE INDEX contacts_by_change ON contacts(change_number);
            CREATE INDEX files_by_change ON files(change_number);

            CREATE TABLE tombstones (
                kind TEXT NOT NULL,          -- 'calendar', 'event', 'contact' or 'file'
                id TEXT NOT NULL,
                scope TEXT,                  -- an event's calendar
                change_number INTEGER NOT NULL,
                PRIMARY KEY (kind, id)
            ) WITHOUT ROWID;
            CREATE INDEX tombstones_by_change ON tombstones(kind, change_number);

            -- Google allows two calendars or two files of one name; the local store's own
            -- creates still refuse a second one.
            DROP INDEX calendars_by_name;
            CREATE INDEX calendars_by_name ON calendars(name COLLATE NOCASE);
            DROP INDEX files_live_by_name;
            CREATE INDEX files_live_by_name ON files(name COLLATE NOCASE) WHERE trashed IS NULL;

            -- What a mirror of another system remembers (sync tokens, when it last synced)
            -- and the changes it has still to send there, oldest first.
            CREATE TABLE sync_state (
                name TEXT PRIMARY KEY,
                value TEXT NOT NULL
            );
            CREATE TABLE outbox (
                number INTEGER PRIMARY KEY AUTOINCREMENT,
                created REAL NOT NULL,
                kind TEXT NOT NULL,
                payload TEXT NOT NULL,       -- JSON, written and read by the sender
                attempts INTEGER NOT NULL DEFAULT 0,
                last_problem TEXT
            );
            \(ChangeTriggers.sql)
            """),
        Migration(number: 5, name: "outbox claims", sql: """
            -- A change being sent is claimed until then, so a second clerk process does not
            -- send it too; a claim left by a killed process runs out.
            ALTER TABLE outbox ADD COLUMN claimed_until REAL;
            """),
        Migration(number: 6, name: "outbox claim holders", sql: """
            -- The process that holds a claim: a claim whose process has ended is void at once,
            -- so a clerk killed while sending does not hold the change back until it runs out.
            ALTER TABLE outbox ADD COLUMN claimed_by INTEGER;
            """),
        Migration(number: 7, name: "series by kept window", sql: """
            -- The live series by the bounds of their kept windows, so that opening the store
            -- learns whether any window needs widening from two lookups (the largest start of
            -- a window, the smallest end) instead of reading every series.
            CREATE INDEX events_series_kept_from ON events(expanded_from) WHERE recurrence IS NOT NULL AND deleted IS NULL;
            CREATE INDEX events_series_kept_until ON events(expanded_until) WHERE recurrence IS NOT NULL AND deleted IS NULL;
            """),
        Migration(number: 8, name: "series reach covered", sql: """
            -- What a range query reads of every live series (where it starts and ends, and
            -- what is kept of it), whole in one index: the rows themselves lie one to a page
            -- among the single events, so reading them cost a page each (100 pages of a
            -- one-shot agenda on 10,000 events). The columns of the WHERE are in it too, or
            -- SQLite 3.40 does not count it as covering.
            CREATE INDEX events_series_reach ON events(id, start_key, end_key, all_day, series_end_key, expanded_from, expanded_until,
                recurrence, deleted) WHERE recurrence IS NOT NULL AND deleted IS NULL;
            """),
        Migration(number: 9, name: "series started at a skipped time", sql: """
            -- A series asked for at a wall-clock time its zone skips on its first day (02:30 on
            -- the morning clocks go forward): that time, as seconds since 1970 on the zone's
            -- clock. start_key is the instant it is read as (03:30 summer time); the series
            -- repeats at this time of day. NULL for every other event.
            ALTER TABLE events ADD COLUMN start_wall INTEGER;
            DROP TRIGGER events_stamp_update;
            \(ChangeTriggers.updateTrigger(table: "events", content: ChangeTriggers.eventContent + ", start_wall"))
            """),
        Migration(number: 10, name: "contacts from several cards", sql: """
            -- The UIDs of cards from other files that were the same person as a contact and
            -- went into it (the contact's own UID is contacts.uid): importing such a card
            -- again finds the contact, and what each card brought stays.
            CREATE TABLE contact_sources (
                uid TEXT PRIMARY KEY,
                contact_id TEXT NOT NULL
            );
            CREATE INDEX contact_sources_by_contact ON contact_sources(contact_id);
            """),
    ]
}

/// The triggers that stamp every row of the synced tables with the next change number and
/// leave a tombstone when one is deleted. An update stamps only when a column a person or
/// another system can see is written (not the occurrence window a query widens).
enum ChangeTriggers {
    static let tables: [(table: String, kind: String, scope: String, content: String)] = [
        ("calendars", "calendar", "NULL", "name, time_zone, is_primary, unmodeled"),
        ("events", "event", "OLD.calendar_id", eventContent),
        ("contacts", "contact", "NULL", """
            uid, name, given_name, family_name, nicknames, emails, phones, addresses, birthday, notes, company, job_title, unmodeled
            """),
        ("files", "file", "NULL", "name, content, mime_type, modified, trashed, unmodeled"),
    ]

    /// The columns of `events` whose change stamps it, as migration 4 made the trigger
    /// (migration 9 adds `start_wall`).
    static let eventContent = """
        calendar_id, ical_uid, title, location, notes, attendees, reminders, all_day, time_zone, start_key, end_key, \
        recurrence, recurring_event_id, original_key, original_start, overrides, deleted, updated, unmodeled
        """

    static let next = "UPDATE store_facts SET value = value + 1 WHERE name = 'change_number';"

    /// The trigger that stamps a row of `table` when one of the `content` columns is written.
    static func updateTrigger(table: String, content: String) -> String {
        """
        CREATE TRIGGER \(table)_stamp_update AFTER UPDATE OF \(content) ON \(table) BEGIN
            \(next)
            UPDATE \(table) SET change_number = \(current) WHERE rowid = NEW.rowid;
        END;
        """
    }

    static let current = "(SELECT value FROM store_facts WHERE name = 'change_number')"

    static var sql: String {
        tables.map { t in
            """
            CREATE TRIGGER \(t.table)_stamp_insert AFTER INSERT ON \(t.table) BEGIN
                \(next)
                UPDATE \(t.table) SET change_number = \(current) WHERE rowid = NEW.rowid;
                DELETE FROM tombstones WHERE kind = '\(t.kind)' AND id = NEW.id;
            END;
            \(updateTrigger(table: t.table, content: t.content))
            CREATE TRIGGER \(t.table)_tombstone AFTER DELETE ON \(t.table) BEGIN
                \(next)
                INSERT OR REPLACE INTO tombstones (kind, id, scope, change_number) VALUES ('\(t.kind)', OLD.id, \(t.scope), \(current));
            END;
            """
        }.joined(separator: "\n")
    }
}
