import ClerkCore
@testable import ClerkLocal
import Foundation
import Testing

/// The edges of a range query: what it reads (an index range of single events, the kept
/// starts of the series that can reach the range) must find exactly what shares time with
/// the range, in a real SQLite file.
@Suite struct RangeQueryTests {
    static let madrid = CalendarStoreTests.madrid

    static func timed(_ start: String, _ end: String) -> When { CalendarStoreTests.timed(start, end) }

    static func agenda(_ store: LocalStore, _ from: String, _ to: String) throws -> [String] {
        try CalendarStoreTests.agenda(store, from, to)
    }

    /// An event that ends as the range begins is not in it, nor one that begins as it ends;
    /// one that takes no time at its start is; events of several days are found from any day.
    @Test func singleEventsAtTheEdges() throws {
        let test = try TestStore()
        defer { test.remove() }
        let id = try test.primaryID
        let events: [(String, String, When)] = [
            ("before", "Ends at the start", Self.timed("2026-03-04T22:00", "2026-03-05T00:00")),
            ("after", "Starts at the end", Self.timed("2026-03-06T00:00", "2026-03-06T01:00")),
            ("instant", "At the start", Self.timed("2026-03-05T00:00", "2026-03-05T00:00")),
            ("yesterday", "Overnight", Self.timed("2026-03-04T20:00", "2026-03-05T08:00")),
            ("week", "Conference", .allDay(start: date("2026-03-01"), end: date("2026-03-08"))),
            ("dayBefore", "Day before", .allDay(start: date("2026-03-04"), end: date("2026-03-05"))),
            ("dayAfter", "Day after", .allDay(start: date("2026-03-06"), end: date("2026-03-07"))),
            ("month", "Sabbatical", Self.timed("2026-02-01T09:00", "2026-03-05T00:01")),
        ]
        for (eventID, title, when) in events {
            try test.store.insertEvent(EventDraft(title: title, when: when), id: eventID, calendarID: id)
        }
        #expect(try Self.agenda(test.store, "2026-03-05T00:00", "2026-03-06T00:00") == [
            "month: 2026-02-01 09:00 +01:00 → 2026-03-05 00:01 +01:00 Sabbatical",
            "week: 2026-03-01 (all day) → 2026-03-08 Conference",
            "yesterday: 2026-03-04 20:00 +01:00 → 2026-03-05 08:00 +01:00 Overnight",
            "instant: 2026-03-05 00:00 +01:00 → 2026-03-05 00:00 +01:00 At the start",
        ])
    }

    /// More series shown than are looked up one by one: they are read in one scan, with the
    /// same answer, and a series that does not reach the range is still left out.
    @Test func manySeriesAreReadInOneScan() throws {
        let test = try TestStore()
        defer { test.remove() }
        let id = try test.primaryID
        let count = 70
        #expect(count > LocalStore.seriesLookupsBeforeScan)
        for k in 0..<count {
            let minute = String(format: "%02d", k % 60), hour = 8 + k / 60
            try test.store.insertEvent(
                EventDraft(title: "Series \(k)", when: Self.timed("2026-03-02T0\(hour):\(minute)", "2026-03-02T0\(hour + 1):\(minute)"),
                           recurrence: ["RRULE:FREQ=DAILY"]),
                id: "series\(k)", calendarID: id)
        }
        try test.store.insertEvent(
            EventDraft(title: "Over", when: Self.timed("2026-03-02T07:00", "2026-03-02T07:30"), recurrence: ["RRULE:FREQ=DAILY;COUNT=2"]),
            id: "over", calendarID: id)
        let agenda = try Self.agenda(test.store, "2026-03-05T00:00", "2026-03-06T00:00")
        #expect(agenda.count == count)
        #expect(agenda.first == "series0_20260305T070000Z: 2026-03-05 08:00 +01:00 → 2026-03-05 09:00 +01:00 Series 0")
        #expect(agenda.last == "series69_20260305T080900Z: 2026-03-05 09:09 +01:00 → 2026-03-05 10:09 +01:00 Series 69")
        #expect(!agenda.contains { $0.hasPrefix("over") })
    }

    /// A series begun years ago is found from its kept starts; an occurrence that began the
    /// day before and runs into the range is in it, one that ends as it begins is not; a
    /// moved occurrence is where it was moved to, a cancelled one nowhere.
    @Test func seriesBegunYearsAgoWithChangesAndCancellations() throws {
        let test = try TestStore()
        defer { test.remove() }
        let id = try test.primaryID
        try test.store.insertEvent(
            EventDraft(title: "Standup", when: Self.timed("2016-01-04T09:00", "2016-01-04T09:30"), recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"]),
            id: "standup", calendarID: id)
        try test.store.insertEvent(
            EventDraft(title: "Night shift", when: Self.timed("2018-01-01T22:00", "2018-01-02T06:00"), recurrence: ["RRULE:FREQ=DAILY"]),
            id: "night", calendarID: id)
        try test.store.insertEvent(
            EventDraft(title: "Late", when: Self.timed("2019-01-01T22:00", "2019-01-02T00:00"), recurrence: ["RRULE:FREQ=DAILY"]),
            id: "late", calendarID: id)
        try test.store.insertEvent(
            EventDraft(title: "Birthday", when: .allDay(start: date("2010-03-05"), end: date("2010-03-06")), recurrence: ["RRULE:FREQ=YEARLY"]),
            id: "bday", calendarID: id)
        // Thursday's standup moved out of the range, Wednesday's into it; Friday's cancelled.
        try test.store.patchEvent(id: "standup_20260305T080000Z", EventPatch(when: Self.timed("2026-03-09T12:00", "2026-03-09T12:30")))
        try test.store.patchEvent(id: "standup_20260304T080000Z", EventPatch(title: "Standup (moved)", when: Self.timed("2026-03-05T11:00", "2026-03-05T11:30")))
        try test.store.deleteEvent(id: "night_20260305T210000Z")
        #expect(try Self.agenda(test.store, "2026-03-05T00:00", "2026-03-06T00:00") == [
            "night_20260304T210000Z: 2026-03-04 22:00 +01:00 → 2026-03-05 06:00 +01:00 Night shift",
            "bday_20260305: 2026-03-05 (all day) → 2026-03-06 Birthday",
            "standup_20260304T080000Z: 2026-03-05 11:00 +01:00 → 2026-03-05 11:30 +01:00 Standup (moved)",
            "late_20260305T210000Z: 2026-03-05 22:00 +01:00 → 2026-03-06 00:00 +01:00 Late",
        ])
        // Friday: the cancelled night shift is gone; the one from the day before ends at 6.
        #expect(try Self.agenda(test.store, "2026-03-06T07:00", "2026-03-06T10:00") == [
            "standup_20260306T080000Z: 2026-03-06 09:00 +01:00 → 2026-03-06 09:30 +01:00 Standup",
        ])
        #expect(try Self.agenda(test.store, "2026-03-09T12:00", "2026-03-09T13:00") == [
            "standup_20260305T080000Z: 2026-03-09 12:00 +01:00 → 2026-03-09 12:30 +01:00 Standup",
        ])
    }

    /// When one series' kept window does not cover the range (its widening was skipped, say)
    /// it is expanded by libical, the others read from `occurrences`: the same answer.
    @Test func aSeriesWhoseWindowDoesNotCoverTheRangeIsExpandedAndTheRestRead() throws {
        let test = try TestStore()
        defer { test.remove() }
        let id = try test.primaryID
        try test.store.insertEvent(
            EventDraft(title: "Standup", when: Self.timed("2016-01-04T09:00", "2016-01-04T09:30"), recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE"]),
            id: "standup", calendarID: id)
        try test.store.insertEvent(
            EventDraft(title: "Gym", when: Self.timed("2020-01-01T19:00", "2020-01-01T20:00"), recurrence: ["RRULE:FREQ=DAILY"]),
            id: "gym", calendarID: id)
        let expected = [
            "standup_20260302T080000Z: 2026-03-02 09:00 +01:00 → 2026-03-02 09:30 +01:00 Standup",
            "gym_20260302T180000Z: 2026-03-02 19:00 +01:00 → 2026-03-02 20:00 +01:00 Gym",
            "gym_20260303T180000Z: 2026-03-03 19:00 +01:00 → 2026-03-03 20:00 +01:00 Gym",
        ]
        #expect(try Self.agenda(test.store, "2026-03-02T00:00", "2026-03-04T00:00") == expected)
        // The gym's kept starts end before the range.
        let cut = Civil.seconds(local("2026-03-01T00:00", Self.madrid))
        try test.store.database.transaction {
            try test.store.database.run("UPDATE events SET expanded_until = ? WHERE id = 'gym'", [cut])
            try test.store.database.run("DELETE FROM occurrences WHERE series_id = 'gym' AND start_key >= ?", [cut])
        }
        #expect(try Self.agenda(test.store, "2026-03-02T00:00", "2026-03-04T00:00") == expected)
    }

    /// Migration 7 indexes the series by their kept windows, so that opening a store learns
    /// whether any window needs widening from index lookups; a range's occurrences are read
    /// from `occurrences` by start, a series it shows by its id, and where every series
    /// reaches from migration 8's covering index.
    @Test func theQueriesOfARangeReadIndexes() throws {
        let test = try TestStore()
        defer { test.remove() }
        let database = test.store.database
        func plan(_ sql: String, _ values: [any SQLBindable]) throws -> String {
            try database.rows("EXPLAIN QUERY PLAN " + sql, values) { $0.text(3) }.joined(separator: "; ")
        }
        let live = "FROM events WHERE recurrence IS NOT NULL AND deleted IS NULL"
        let window = try plan("SELECT (SELECT max(expanded_from) \(live)), (SELECT min(expanded_until) \(live))", [])
        #expect(window.contains("SEARCH events USING INDEX events_series_kept_from"))
        #expect(window.contains("SEARCH events USING INDEX events_series_kept_until"))
        let occurrences = try plan("SELECT series_id, start_key FROM occurrences WHERE start_key < ? AND start_key >= ?", [2, 1])
        #expect(occurrences == "SEARCH occurrences USING COVERING INDEX occurrences_by_start (start_key>? AND start_key<?)")
        let series = try plan("SELECT \(StoredEvent.columns) FROM events WHERE id = ?", ["standup"])
        #expect(series == "SEARCH events USING INDEX sqlite_autoindex_events_1 (id=?)")
        let reach = try plan(LocalStore.liveSeriesReach, [])
        #expect(reach == "SCAN events USING COVERING INDEX events_series_reach")
    }

    /// A store made before migration 7 gets its indexes (and migration 8's) on opening, and
    /// answers as before.
    @Test func aStoreOfSchema6OpensAndGetsTheIndexes() throws {
        let folder = NSTemporaryDirectory() + "clerk-local-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/clerk.sqlite3"
        do {
            let old = try Database(path: path, busyTimeout: 1)
            try old.migrate(StoreSchema.migrations.filter { $0.number <= 6 }, appliedAt: instant("2026-01-01T00:00:00Z"))
            #expect(try old.scalar("PRAGMA user_version") { $0.int(0) } == 6)
        }
        let store = try LocalStore(path: path, timeZone: Zone(identifier: Self.madrid)!, now: .fixed(instant("2026-03-01T10:00:00Z")))
        #expect(try store.database.scalar("PRAGMA user_version") { $0.int(0) } == StoreSchema.migrations.last?.number)
        #expect(try store.database.rows("SELECT name FROM sqlite_master WHERE name LIKE 'events_series_%' ORDER BY name") { $0.text(0) }
            == ["events_series_by_start", "events_series_kept_from", "events_series_kept_until", "events_series_reach"])
        try store.insertEvent(EventDraft(title: "Standup", when: Self.timed("2026-03-02T09:00", "2026-03-02T09:30"), recurrence: ["RRULE:FREQ=DAILY"]),
                              id: "standup", calendarID: try #require(store.calendars().first).id)
        #expect(try Self.agenda(store, "2026-03-03T00:00", "2026-03-04T00:00") == [
            "standup_20260303T080000Z: 2026-03-03 09:00 +01:00 → 2026-03-03 09:30 +01:00 Standup",
        ])
    }

    /// The names the router is given are read without the files' content; trashed files
    /// are not among them.
    @Test func fileNamesAreTheLiveFilesByName() throws {
        let test = try TestStore()
        defer { test.remove() }
        try test.store.createFile(named: "notes.txt", content: "a")
        let old = try test.store.createFile(named: "Old.md", content: "b")
        try test.store.createFile(named: "agenda.md", content: String(repeating: "x", count: 100_000))
        try test.store.trashFile(id: old.id)
        #expect(try test.store.fileNames() == ["agenda.md", "notes.txt"])
        #expect(try test.store.fileNames() == test.store.files(matching: nil).map(\.name))
    }
}
