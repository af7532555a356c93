import ClerkCore
@testable import ClerkLocal
import Foundation
import Testing

/// `moveEvent(id:toCalendarID:)` on a real SQLite file: a single event, a whole series with
/// its changed and cancelled days, in one write transaction.
@Suite struct CalendarMoveTests {
    static let madrid = "Europe/Madrid"

    static func timed(_ start: String, _ end: String) -> When {
        .timed(start: local(start, madrid), end: local(end, madrid), timeZone: madrid)
    }

    /// The agenda of one calendar over `[from, to)` as "id: title".
    static func agenda(_ store: LocalStore, _ calendarID: String, _ from: String, _ to: String) throws -> [String] {
        try store.events(from: local(from, madrid), to: local(to, madrid), calendarIDs: [calendarID]).map { "\($0.id): \($0.title)" }
    }

    /// Every row of the events table as "id calendar-name deleted?", by id.
    static func rows(_ store: LocalStore) throws -> [String] {
        try store.database.rows("""
            SELECT e.id, c.name, e.deleted IS NOT NULL FROM events e JOIN calendars c ON c.id = e.calendar_id ORDER BY e.id
            """) { "\($0.text(0)) \($0.text(1))" + ($0.bool(2) ? " deleted" : "") }
    }

    @Test func movesASingleEventUnderItsOwnID() throws {
        let (test, work) = try Self.store()
        defer { test.remove() }
        let moved = try test.store.moveEvent(id: "dentist", toCalendarID: work.id)
        #expect(moved.id == "dentist")
        #expect(moved.calendarID == work.id)
        #expect(moved.title == "Dentist")
        #expect(moved.when == Self.timed("2026-03-05T10:00", "2026-03-05T11:00"))
        #expect(try Self.agenda(test.store, work.id, "2026-03-05T00:00", "2026-03-06T00:00") == ["dentist: Dentist"])
        #expect(try Self.agenda(test.store, test.primaryID, "2026-03-05T00:00", "2026-03-06T00:00") == [])
        // Another connection, as another process, sees it there.
        #expect(try test.reopened().event(id: "dentist")?.calendarID == work.id)
    }

    /// A store with a calendar "Work" beside the primary one, and on the primary one a
    /// "dentist" (Thursday 5 March, 10:00) and a series "standup" (Mon, Wed, Fri from
    /// 2 March, 09:00) whose Wednesday 4 March is changed.
    static func store() throws -> (TestStore, work: CalendarInfo) {
        let test = try TestStore()
        let work = try test.store.createCalendar(named: "Work", timeZone: madrid)
        try test.store.insertEvent(EventDraft(title: "Dentist", when: timed("2026-03-05T10:00", "2026-03-05T11:00")),
                                   id: "dentist", calendarID: test.primaryID)
        try test.store.insertEvent(
            EventDraft(title: "Standup", when: timed("2026-03-02T09:00", "2026-03-02T09:15"), recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"]),
            id: "standup", calendarID: test.primaryID)
        try test.store.patchEvent(id: "standup_20260304T080000Z", EventPatch(title: "Standup (late)"))
        return (test, work)
    }

    @Test func movesASeriesWithItsChangedAndCancelledDays() throws {
        let (test, work) = try Self.store()
        defer { test.remove() }
        try test.store.deleteEvent(id: "standup_20260306T080000Z")
        let before = try test.store.latestVersion()

        // Named by one of its days, the series does not move; nothing does.
        #expect(throws: ServiceError.invalid(.occurrenceCannotMove)) {
            try test.store.moveEvent(id: "standup_20260309T080000Z", toCalendarID: work.id)
        }
        #expect(throws: ServiceError.invalid(.occurrenceCannotMove)) {
            try test.store.moveEvent(id: "standup_20260304T080000Z", toCalendarID: work.id)
        }
        #expect(try test.store.latestVersion() == before)

        let moved = try test.store.moveEvent(id: "standup", toCalendarID: work.id)
        #expect(moved.id == "standup")
        #expect(moved.recurrence == ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"])
        #expect(try Self.rows(test.store) == [
            "dentist Personal", "standup Work", "standup_20260304T080000Z Work", "standup_20260306T080000Z Work deleted",
        ])
        #expect(try Self.agenda(test.store, work.id, "2026-03-02T00:00", "2026-03-10T00:00") == [
            "standup_20260302T080000Z: Standup", "standup_20260304T080000Z: Standup (late)", "standup_20260309T080000Z: Standup",
        ])
        #expect(try Self.agenda(test.store, test.primaryID, "2026-03-02T00:00", "2026-03-10T00:00") == ["dentist: Dentist"])
        // The export of the calendar it went to carries the skipped day and the changed one.
        #expect(try test.store.storedEvents(calendarID: work.id).map(\.id) == ["standup", "standup_20260304T080000Z"])
        #expect(try test.store.storedEvents(calendarID: work.id).first?.recurrence
            == ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR", "EXDATE:20260306T080000Z"])
        // A feed of that calendar (a mirror's or the emulator's sync) reports all three rows.
        let feed = try test.store.eventFeed(calendarID: work.id, after: before).compactMap { entry -> String? in
            if case .present(let replica) = entry { return replica.item.id }
            return nil
        }
        #expect(feed.sorted() == ["standup", "standup_20260304T080000Z", "standup_20260306T080000Z"])

        // And back, with everything.
        #expect(try test.store.moveEvent(id: "standup", toCalendarID: test.primaryID).calendarID == test.primaryID)
        #expect(try Self.rows(test.store) == [
            "dentist Personal", "standup Personal", "standup_20260304T080000Z Personal", "standup_20260306T080000Z Personal deleted",
        ])
    }

    @Test func movingToTheCalendarItIsOnChangesNothing() throws {
        let (test, _) = try Self.store()
        defer { test.remove() }
        let before = try test.store.latestVersion()
        let same = try test.store.moveEvent(id: "dentist", toCalendarID: test.primaryID)
        #expect(same == (try test.store.event(id: "dentist")))
        #expect(try test.store.latestVersion() == before)
    }

    @Test func refusesWhatCannotMoveAndLeavesTheStoreAlone() throws {
        let (test, work) = try Self.store()
        defer { test.remove() }
        try test.store.insertEvent(EventDraft(title: "Gone", when: Self.timed("2026-03-05T12:00", "2026-03-05T13:00")),
                                   id: "gone", calendarID: test.primaryID)
        try test.store.deleteEvent(id: "gone")
        // The same iCalendar event imported into both calendars: one calendar holds a UID once.
        let imported = ImportedEvent(uid: "shared@example.com", draft: EventDraft(title: "Offsite", when: Self.timed("2026-03-06T10:00", "2026-03-06T11:00")))
        try test.store.importEvents([imported], calendarID: test.primaryID, progress: nil)
        try test.store.importEvents([imported], calendarID: work.id, progress: nil)
        let offsite = try #require(try test.store.storedEvents(calendarID: test.primaryID).first { $0.title == "Offsite" })
        let before = try Self.rows(test.store)
        let version = try test.store.latestVersion()

        #expect(throws: ServiceError.notFound(.calendar, id: "nowhere")) { try test.store.moveEvent(id: "dentist", toCalendarID: "nowhere") }
        #expect(throws: ServiceError.notFound(.event, id: "nothing")) { try test.store.moveEvent(id: "nothing", toCalendarID: work.id) }
        #expect(throws: ServiceError.notFound(.event, id: "gone")) { try test.store.moveEvent(id: "gone", toCalendarID: work.id) }
        #expect(throws: ServiceError.alreadyExists(.event, name: "Offsite")) { try test.store.moveEvent(id: offsite.id, toCalendarID: work.id) }
        #expect(try Self.rows(test.store) == before)
        #expect(try test.store.latestVersion() == version)
    }

    /// The series and its days move in one write transaction: when moving a day's row
    /// fails, the series stays where it was too.
    @Test func movesTheSeriesAndItsDaysInOneTransaction() throws {
        let (test, work) = try Self.store()
        defer { test.remove() }
        try test.store.database.execute("""
            CREATE TEMP TRIGGER refuse_day BEFORE UPDATE OF calendar_id ON events WHEN NEW.recurring_event_id IS NOT NULL
            BEGIN SELECT RAISE(ABORT, 'refused'); END
            """)
        #expect(throws: ServiceError.self) { try test.store.moveEvent(id: "standup", toCalendarID: work.id) }
        #expect(try Self.rows(test.store) == ["dentist Personal", "standup Personal", "standup_20260304T080000Z Personal"])

        // While one connection moves, another cannot write in between (BEGIN IMMEDIATE).
        try test.store.database.execute("DROP TRIGGER refuse_day")
        let other = try test.reopened()
        var otherWrite: ServiceError?
        try test.store.atomically {
            try test.store.moveEvent(id: "standup", toCalendarID: work.id)
            do {
                _ = try other.database.withBusyTimeout(0.05) { try other.moveEvent(id: "standup", toCalendarID: test.primaryID) }
            } catch {
                otherWrite = error as? ServiceError
            }
        }
        #expect(otherWrite == .storage(.busy(seconds: Int(LocalStore.busyTimeout)), path: test.path))
        #expect(try Self.rows(other) == ["dentist Personal", "standup Work", "standup_20260304T080000Z Work"])
    }
}
