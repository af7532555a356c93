import ClerkCore
@testable import ClerkLocal
import Foundation
import Testing

/// Calendars and events in a real SQLite file.
@Suite struct CalendarStoreTests {
    static let madrid = "Europe/Madrid"

    static func timed(_ start: String, _ end: String, _ zone: String = madrid) -> When {
        .timed(start: local(start, zone), end: local(end, zone), timeZone: zone)
    }

    /// The agenda of `[from, to)` (wall times in Madrid) as "id: span title".
    static func agenda(_ store: LocalStore, _ from: String, _ to: String, zone: String = madrid) throws -> [String] {
        try store.events(from: local(from, zone), to: local(to, zone), calendarIDs: nil).map {
            "\($0.id): \(span($0, in: zone)) \($0.title)"
        }
    }

    @Test func firstRunCreatesPersonalInTheReadersZone() throws {
        let test = try TestStore()
        defer { test.remove() }
        #expect(try test.store.calendars() == [CalendarInfo(id: test.primaryID, name: "Personal", timeZone: Self.madrid, isPrimary: true)])
        // Opened again — from another zone, as another process — nothing is added.
        #expect(try test.reopened(zone: "America/New_York").calendars().map(\.name) == ["Personal"])

        let work = try test.store.createCalendar(named: "Work", timeZone: "America/New_York")
        #expect(try test.store.calendars().map(\.name) == ["Personal", "Work"])
        #expect(work.isPrimary == false)
        #expect(throws: ServiceError.alreadyExists(.calendar, name: "work")) {
            try test.store.createCalendar(named: "work", timeZone: Self.madrid)
        }
        #expect(throws: ServiceError.invalid(.unknownTimeZone("Mars/Olympus"))) {
            try test.store.createCalendar(named: "Mars", timeZone: "Mars/Olympus")
        }
    }

    /// A calendar named with a line break or ESC was made (by `clerk import --calendar`):
    /// the shells' completion offered "Two\nLines" as two calendars.
    @Test func refusesCalendarNamesWithControlCharacters() throws {
        let test = try TestStore()
        defer { test.remove() }
        for name in ["Two\nLines", "W\u{1B}]0;pwn\u{07}rk", "Tab\there", "Line\u{2028}break"] {
            #expect(throws: ServiceError.invalid(.badCalendarName(name))) { try test.store.createCalendar(named: name, timeZone: Self.madrid) }
            #expect(throws: ServiceError.invalid(.badCalendarName(name))) { try test.store.renameCalendar(id: test.primaryID, to: name) }
        }
        #expect(try test.store.calendars().map(\.name) == ["Personal"])
        #expect(try test.store.createCalendar(named: "Café Été", timeZone: Self.madrid).name == "Café Été")
    }

    @Test func insertingTheSameIDTwiceStoresOneEvent() throws {
        let test = try TestStore()
        defer { test.remove() }
        let draft = EventDraft(title: "Lunch with Ana", when: Self.timed("2026-03-05T13:00", "2026-03-05T14:00"), location: "Casa Lucio",
                               attendees: [Attendee(name: "Ana", email: "ana@example.com")], reminderMinutes: [10])
        let first = try test.store.insertEvent(draft, id: "lunch1", calendarID: test.primaryID)
        let retried = try test.store.insertEvent(EventDraft(title: "Something else", when: draft.when), id: "lunch1", calendarID: test.primaryID)
        #expect(retried == first)
        #expect(first.iCalUID == "lunch1@clerk")
        #expect(first.updated == instant("2026-03-01T10:00:00Z"))
        #expect(try Self.agenda(test.store, "2026-03-05T00:00", "2026-03-06T00:00")
            == ["lunch1: 2026-03-05 13:00 +01:00 → 2026-03-05 14:00 +01:00 Lunch with Ana"])
        #expect(try test.reopened().event(id: "lunch1") == first)
    }

    /// Range queries look back as far as the longest event, and a repeating event's long
    /// occurrences all overlap: ten years is the most an event lasts, a year each time a
    /// repeating one happens.
    @Test func refusesEventsThatLastTooLong() throws {
        let test = try TestStore()
        defer { test.remove() }
        let tenYears = When.allDay(start: date("2026-01-01"), end: date("2026-01-01").adding(days: 3_660))
        _ = try test.store.insertEvent(EventDraft(title: "Decade", when: tenYears), id: "ok1", calendarID: test.primaryID)
        #expect(throws: ServiceError.invalid(.lastsTooLong(maxDays: 3_660, repeating: false))) {
            try test.store.insertEvent(EventDraft(title: "x", when: .allDay(start: date("2026-01-01"), end: date("2026-01-01").adding(days: 3_661))),
                                       id: "long1", calendarID: test.primaryID)
        }
        let year = Self.timed("2026-01-05T09:00", "2027-01-06T09:00")
        _ = try test.store.insertEvent(EventDraft(title: "Year", when: year, recurrence: ["RRULE:FREQ=YEARLY;COUNT=3"]), id: "ok2", calendarID: test.primaryID)
        #expect(throws: ServiceError.invalid(.lastsTooLong(maxDays: 366, repeating: true))) {
            try test.store.insertEvent(EventDraft(title: "x", when: Self.timed("2026-01-05T09:00", "2027-01-06T09:01"), recurrence: ["RRULE:FREQ=WEEKLY"]),
                                       id: "long2", calendarID: test.primaryID)
        }
        #expect(try test.store.events(from: .distantPast, to: .distantFuture, calendarIDs: nil).map(\.title).sorted() == ["Decade", "Year", "Year", "Year"])
    }

    /// A range of centuries over endless daily series made millions of events (20 series
    /// over 8,000 years: 4.4 GB and 157 s), each series cut off silently after 200,000
    /// starts. One query gives back at most `rangeEventLimit` events; more is refused.
    @Test func refusesARangeHoldingMoreEventsThanOneQueryGivesBack() throws {
        let test = try TestStore()
        defer { test.remove() }
        for hour in 10..<13 {
            _ = try test.store.insertEvent(EventDraft(title: "Daily \(hour)", when: Self.timed("0001-01-03T\(hour):00", "0001-01-03T\(hour):30", "UTC"),
                                                      recurrence: ["RRULE:FREQ=DAILY"]), id: "daily\(hour)", calendarID: test.primaryID)
        }
        // 33,333 days: 99,999 events, all given.
        let shown = try test.store.events(from: local("1900-01-01T00:00", "UTC"), to: local("1900-01-01T00:00", "UTC") + 33_333 * 86_400, calendarIDs: nil)
        #expect(shown.count == 99_999)
        #expect(LocalStore.rangeEventLimit == 100_000)
        let started = Date()
        #expect(throws: ServiceError.invalid(.tooManyEvents(limit: 100_000))) {
            try test.store.events(from: local("1000-01-01T00:00", "UTC"), to: local("9000-01-01T00:00", "UTC"), calendarIDs: nil)
        }
        #expect(throws: ServiceError.invalid(.tooManyEvents(limit: 100_000))) {
            try test.store.events(from: local("1900-01-01T00:00", "UTC"), to: local("1900-01-01T00:00", "UTC") + 33_334 * 86_400, calendarIDs: nil)
        }
        #expect(Date().timeIntervalSince(started) < 60)
    }

    /// An event in the year 10000 was stored, then exported as 00000000T000000 (which no
    /// reader takes back) and shown in --json as 10000-01-01; one before the year 1 as
    /// '-7973-…'. The years 1 to 9999 are what clerk takes, on the UTC clock and the zone's.
    @Test func refusesEventsOutsideTheYearsItTakes() throws {
        let test = try TestStore()
        defer { test.remove() }
        let refused = ServiceError.invalid(.outsideYears(1...9999))
        for when in [When.allDay(start: date("9999-12-31"), end: LocalDate(year: 10000, month: 1, day: 1)),
                     When.allDay(start: LocalDate(year: 0, month: 12, day: 31), end: date("0001-01-01")),
                     Self.timed("9999-12-31T23:30", "9999-12-31T23:59").shifted(bySeconds: 3600),
                     Self.timed("0001-01-01T00:30", "0001-01-01T01:00", "Asia/Tokyo")] {
            #expect(throws: refused, "\(when)") {
                try test.store.insertEvent(EventDraft(title: "Far", when: when), id: "far", calendarID: test.primaryID)
            }
        }
        _ = try test.store.insertEvent(EventDraft(title: "Last", when: .allDay(start: date("9999-12-30"), end: date("9999-12-31"))),
                                       id: "last", calendarID: test.primaryID)
        #expect(throws: refused) {
            try test.store.patchEvent(id: "last", EventPatch(when: .allDay(start: date("9999-12-31"), end: LocalDate(year: 10000, month: 1, day: 1))))
        }
    }

    @Test func refusesEventsThatCannotBe() throws {
        let test = try TestStore()
        defer { test.remove() }
        let when = Self.timed("2026-03-05T13:00", "2026-03-05T14:00")
        #expect(throws: ServiceError.notFound(.calendar, id: "nope")) {
            try test.store.insertEvent(EventDraft(title: "x", when: when), id: "a", calendarID: "nope")
        }
        #expect(throws: ServiceError.invalid(.endsBeforeStart)) {
            try test.store.insertEvent(EventDraft(title: "x", when: Self.timed("2026-03-05T13:00", "2026-03-05T12:00")), id: "b", calendarID: test.primaryID)
        }
        #expect(throws: ServiceError.invalid(.endsBeforeStart)) {
            try test.store.insertEvent(EventDraft(title: "x", when: .allDay(start: date("2026-03-05"), end: date("2026-03-05"))), id: "c", calendarID: test.primaryID)
        }
        #expect(throws: ServiceError.invalid(.badRecurrence("RRULE:FREQ=OFTEN"))) {
            try test.store.insertEvent(EventDraft(title: "x", when: when, recurrence: ["RRULE:FREQ=OFTEN"]), id: "d", calendarID: test.primaryID)
        }
        #expect(throws: ServiceError.invalid(.unknownTimeZone("Mars/Olympus"))) {
            try test.store.insertEvent(EventDraft(title: "x", when: Self.timed("2026-03-05T13:00", "2026-03-05T14:00", "UTC").withZone("Mars/Olympus")),
                                       id: "e", calendarID: test.primaryID)
        }
        #expect(try test.store.events(from: .distantPast, to: .distantFuture, calendarIDs: nil).isEmpty)
    }

    /// Overlap, not containment: events that began before the range, all-day events on the
    /// reader's dates, an event that takes no time.
    @Test func listsWhatOverlapsARange() throws {
        let test = try TestStore()
        defer { test.remove() }
        let id = try test.primaryID
        try test.store.insertEvent(EventDraft(title: "Standup", when: Self.timed("2026-03-05T09:00", "2026-03-05T10:00")), id: "standup", calendarID: id)
        try test.store.insertEvent(EventDraft(title: "Holiday", when: .allDay(start: date("2026-03-05"), end: date("2026-03-06"))), id: "holiday", calendarID: id)
        try test.store.insertEvent(EventDraft(title: "Trip", when: Self.timed("2026-03-01T22:00", "2026-03-05T02:00")), id: "trip", calendarID: id)
        try test.store.insertEvent(EventDraft(title: "Next day", when: .allDay(start: date("2026-03-06"), end: date("2026-03-07"))), id: "next", calendarID: id)
        try test.store.insertEvent(EventDraft(title: "Call mum", when: Self.timed("2026-03-05T00:00", "2026-03-05T00:00")), id: "call", calendarID: id)
        try test.store.insertEvent(EventDraft(title: "Late", when: Self.timed("2026-03-05T23:30", "2026-03-06T00:30")), id: "late", calendarID: id)
        #expect(try Self.agenda(test.store, "2026-03-05T00:00", "2026-03-06T00:00") == [
            "trip: 2026-03-01 22:00 +01:00 → 2026-03-05 02:00 +01:00 Trip",
            "holiday: 2026-03-05 (all day) → 2026-03-06 Holiday",
            "call: 2026-03-05 00:00 +01:00 → 2026-03-05 00:00 +01:00 Call mum",
            "standup: 2026-03-05 09:00 +01:00 → 2026-03-05 10:00 +01:00 Standup",
            "late: 2026-03-05 23:30 +01:00 → 2026-03-06 00:30 +01:00 Late",
        ])
        // For a reader in New York, 2026-03-05 19:00 is still the 5th: the holiday is on,
        // the next day's is not, and the Madrid standup was long over.
        let newYork = try test.reopened(zone: "America/New_York")
        #expect(try Self.agenda(newYork, "2026-03-05T18:00", "2026-03-05T20:00", zone: "America/New_York") == [
            "holiday: 2026-03-05 (all day) → 2026-03-06 Holiday",
            "late: 2026-03-05 17:30 -05:00 → 2026-03-05 18:30 -05:00 Late",
        ])
        #expect(try test.store.events(from: local("2026-03-05T00:00", Self.madrid), to: local("2026-03-06T00:00", Self.madrid), calendarIDs: ["other"]).isEmpty)
    }

    /// A weekly series across the DST change, its occurrences named like Google's.
    @Test func expandsSeriesIntoOccurrencesWithTheirOwnIDs() throws {
        let test = try TestStore()
        defer { test.remove() }
        let series = try test.store.insertEvent(
            EventDraft(title: "Standup", when: Self.timed("2026-03-02T09:00", "2026-03-02T09:15"), recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"]),
            id: "standup", calendarID: test.primaryID)
        #expect(series.recurrence == ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"])
        #expect(try Self.agenda(test.store, "2026-03-27T00:00", "2026-04-02T00:00") == [
            "standup_20260327T080000Z: 2026-03-27 09:00 +01:00 → 2026-03-27 09:15 +01:00 Standup",
            "standup_20260330T070000Z: 2026-03-30 09:00 +02:00 → 2026-03-30 09:15 +02:00 Standup",
            "standup_20260401T070000Z: 2026-04-01 09:00 +02:00 → 2026-04-01 09:15 +02:00 Standup",
        ])
        let occurrence = try #require(try test.store.event(id: "standup_20260330T070000Z"))
        #expect(occurrence.recurringEventID == "standup")
        #expect(occurrence.originalStart == .timed(start: instant("2026-03-30T07:00:00Z"), end: instant("2026-03-30T07:00:00Z"), timeZone: Self.madrid))
        #expect(occurrence.recurrence.isEmpty && occurrence.isRecurring)
        #expect(occurrence.iCalUID == "standup@clerk")
        #expect(try test.store.event(id: "standup_20260331T070000Z") == nil)  // a Tuesday
        #expect(try test.store.event(id: "standup_20260330") == nil)
        #expect(try test.store.event(id: "standup") == series)
    }

    @Test func changesOneOccurrenceOrTheWholeSeries() throws {
        let test = try TestStore()
        defer { test.remove() }
        try test.store.insertEvent(
            EventDraft(title: "Standup", when: Self.timed("2026-03-02T09:00", "2026-03-02T09:15"), recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"]),
            id: "standup", calendarID: test.primaryID)
        let moved = try test.store.patchEvent(id: "standup_20260325T080000Z",
                                              EventPatch(title: "Standup (late)", when: Self.timed("2026-03-25T11:00", "2026-03-25T11:30")))
        #expect(moved.id == "standup_20260325T080000Z")
        #expect(moved.recurringEventID == "standup")
        try test.store.patchEvent(id: "standup", EventPatch(title: "Daily standup", location: "Room 4"))
        #expect(try Self.agenda(test.store, "2026-03-23T00:00", "2026-03-28T00:00") == [
            "standup_20260323T080000Z: 2026-03-23 09:00 +01:00 → 2026-03-23 09:15 +01:00 Daily standup",
            "standup_20260325T080000Z: 2026-03-25 11:00 +01:00 → 2026-03-25 11:30 +01:00 Standup (late)",
            "standup_20260327T080000Z: 2026-03-27 09:00 +01:00 → 2026-03-27 09:15 +01:00 Daily standup",
        ])
        #expect(try test.store.event(id: "standup_20260327T080000Z")?.location == "Room 4")
        #expect(throws: ServiceError.invalid(.occurrenceCannotRepeat)) {
            try test.store.patchEvent(id: "standup_20260327T080000Z", EventPatch(recurrence: ["RRULE:FREQ=DAILY"]))
        }
        // Moving the series to 10:00 moves the occurrences nobody changed.
        try test.store.patchEvent(id: "standup", EventPatch(when: Self.timed("2026-03-02T10:00", "2026-03-02T10:15")))
        #expect(try Self.agenda(test.store, "2026-03-27T00:00", "2026-03-28T00:00") == [
            "standup_20260327T090000Z: 2026-03-27 10:00 +01:00 → 2026-03-27 10:15 +01:00 Daily standup",
        ])
    }

    @Test func deletesAndRestoresOneOccurrence() throws {
        let test = try TestStore()
        defer { test.remove() }
        try test.store.insertEvent(
            EventDraft(title: "Standup", when: Self.timed("2026-03-02T09:00", "2026-03-02T09:15"), recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"]),
            id: "standup", calendarID: test.primaryID)
        try test.store.patchEvent(id: "standup_20260325T080000Z", EventPatch(title: "Standup (late)"))
        try test.store.deleteEvent(id: "standup_20260323T080000Z")
        try test.store.deleteEvent(id: "standup_20260325T080000Z")
        #expect(try Self.agenda(test.store, "2026-03-23T00:00", "2026-03-28T00:00") == [
            "standup_20260327T080000Z: 2026-03-27 09:00 +01:00 → 2026-03-27 09:15 +01:00 Standup",
        ])
        #expect(try test.store.event(id: "standup_20260323T080000Z") == nil)
        #expect(throws: ServiceError.notFound(.event, id: "standup_20260323T080000Z")) {
            try test.store.deleteEvent(id: "standup_20260323T080000Z")
        }
        #expect(try test.store.storedEvents(calendarID: test.primaryID).first?.recurrence
            == ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR", "EXDATE:20260323T080000Z", "EXDATE:20260325T080000Z"])

        #expect(try test.store.restoreEvent(id: "standup_20260325T080000Z").title == "Standup (late)")
        #expect(try test.store.restoreEvent(id: "standup_20260323T080000Z").title == "Standup")
        #expect(try Self.agenda(test.store, "2026-03-23T00:00", "2026-03-26T00:00") == [
            "standup_20260323T080000Z: 2026-03-23 09:00 +01:00 → 2026-03-23 09:15 +01:00 Standup",
            "standup_20260325T080000Z: 2026-03-25 09:00 +01:00 → 2026-03-25 09:15 +01:00 Standup (late)",
        ])
        #expect(try test.store.storedEvents(calendarID: test.primaryID).map(\.id) == ["standup", "standup_20260325T080000Z"])
    }

    @Test func deletesAndRestoresAWholeSeriesWithItsChanges() throws {
        let test = try TestStore()
        defer { test.remove() }
        try test.store.insertEvent(
            EventDraft(title: "Standup", when: Self.timed("2026-03-02T09:00", "2026-03-02T09:15"), recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"]),
            id: "standup", calendarID: test.primaryID)
        try test.store.patchEvent(id: "standup_20260325T080000Z", EventPatch(title: "Standup (late)"))
        try test.store.deleteEvent(id: "standup_20260327T080000Z")
        try test.store.deleteEvent(id: "standup")
        #expect(try Self.agenda(test.store, "2026-03-23T00:00", "2026-03-28T00:00") == [])
        #expect(try test.store.event(id: "standup_20260323T080000Z") == nil)
        #expect(try test.store.event(id: "standup_20260325T080000Z") == nil)
        #expect(throws: ServiceError.invalid(.seriesDeleted)) {
            try test.store.restoreEvent(id: "standup_20260327T080000Z")
        }
        #expect(try test.store.restoreEvent(id: "standup").title == "Standup")
        // The change comes back, and the occurrence deleted before the series stays deleted.
        #expect(try Self.agenda(test.store, "2026-03-23T00:00", "2026-03-28T00:00") == [
            "standup_20260323T080000Z: 2026-03-23 09:00 +01:00 → 2026-03-23 09:15 +01:00 Standup",
            "standup_20260325T080000Z: 2026-03-25 09:00 +01:00 → 2026-03-25 09:15 +01:00 Standup (late)",
        ])
        #expect(throws: ServiceError.notFound(.event, id: "gone")) { try test.store.restoreEvent(id: "gone") }
    }

    /// All-day series, and a long one that began before the range.
    @Test func expandsAllDaySeries() throws {
        let test = try TestStore()
        defer { test.remove() }
        try test.store.insertEvent(EventDraft(title: "Ana's birthday", when: .allDay(start: date("2020-03-10"), end: date("2020-03-11")),
                                              recurrence: ["RRULE:FREQ=YEARLY"]), id: "bday", calendarID: test.primaryID)
        try test.store.insertEvent(EventDraft(title: "Ski week", when: .allDay(start: date("2026-01-03"), end: date("2026-01-10")),
                                              recurrence: ["RRULE:FREQ=MONTHLY;COUNT=6"]), id: "ski", calendarID: test.primaryID)
        #expect(try Self.agenda(test.store, "2026-03-08T00:00", "2026-03-11T00:00") == [
            "ski_20260303: 2026-03-03 (all day) → 2026-03-10 Ski week",
            "bday_20260310: 2026-03-10 (all day) → 2026-03-11 Ana's birthday",
        ])
        #expect(try test.store.event(id: "bday_20310310")?.title == "Ana's birthday")
        #expect(try Self.agenda(test.store, "2026-07-01T00:00", "2026-07-31T00:00") == [])  // six months only
    }

    /// Far from now the kept window does not reach: libical answers at query time, the same.
    @Test func expandsBeyondTheKeptWindowAndWidensItOnOpening() throws {
        let test = try TestStore()
        defer { test.remove() }
        try test.store.insertEvent(
            EventDraft(title: "Standup", when: Self.timed("2026-03-02T09:00", "2026-03-02T09:15"), recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO"]),
            id: "standup", calendarID: test.primaryID)
        let expected = ["standup_20310310T080000Z: 2031-03-10 09:00 +01:00 → 2031-03-10 09:15 +01:00 Standup"]
        #expect(try Self.agenda(test.store, "2031-03-09T00:00", "2031-03-16T00:00") == expected)
        let keptUntil = try test.store.database.scalar("SELECT expanded_until FROM events WHERE id = 'standup'") { $0.int64(0) }

        let later = try test.reopened(now: "2030-06-01T10:00:00Z")
        let widened = try later.database.scalar("SELECT expanded_until FROM events WHERE id = 'standup'") { $0.int64(0) }
        #expect(widened == Civil.seconds(instant("2030-06-01T10:00:00Z")) + OccurrenceWindow.keptAfter)
        #expect(widened! > keptUntil!)
        #expect(try later.database.scalar("SELECT count(*) FROM occurrences WHERE start_key = ?", [Civil.seconds(instant("2031-03-10T08:00:00Z"))]) { $0.int(0) } == 1)
        #expect(try Self.agenda(later, "2031-03-09T00:00", "2031-03-16T00:00") == expected)
    }

    /// Range queries keep decoded series between calls; a change by this store or by another
    /// connection to the same file is seen at once.
    @Test func seesChangesFromAnotherConnection() throws {
        let test = try TestStore()
        defer { test.remove() }
        try test.store.insertEvent(
            EventDraft(title: "Standup", when: Self.timed("2026-03-02T09:00", "2026-03-02T09:15"), recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO"]),
            id: "standup", calendarID: test.primaryID)
        func titles(_ store: LocalStore) throws -> [String] {
            try store.events(from: local("2026-03-09T00:00", Self.madrid), to: local("2026-03-10T00:00", Self.madrid), calendarIDs: nil).map(\.title)
        }
        #expect(try titles(test.store) == ["Standup"])
        let other = try test.reopened()
        try other.patchEvent(id: "standup", EventPatch(title: "Standup (other process)"))
        #expect(try titles(test.store) == ["Standup (other process)"])
        try test.store.patchEvent(id: "standup", EventPatch(title: "Standup (this one)"))
        #expect(try titles(test.store) == ["Standup (this one)"])
        try other.deleteEvent(id: "standup")
        #expect(try titles(test.store) == [])
    }

    /// `patchEvent(id:from:)` makes the patch from the stored event under the write lock;
    /// what the patch function throws comes out as it is and changes nothing.
    @Test func patchesFromTheStoredEventInOneTransaction() throws {
        struct Refused: Error, Equatable {}
        let test = try TestStore()
        defer { test.remove() }
        try test.store.insertEvent(EventDraft(title: "Lunch", when: Self.timed("2026-03-02T13:00", "2026-03-02T14:00"),
                                              attendees: [Attendee(name: "Ana")]), id: "lunch", calendarID: test.primaryID)
        let other = try test.reopened()
        var otherWrite: ServiceError?
        let edit = try test.store.patchEvent(id: "lunch") { current in
            do {
                _ = try other.database.withBusyTimeout(0.05) { try other.patchEvent(id: "lunch", EventPatch(title: "lost")) }
            } catch {
                otherWrite = error as? ServiceError
            }
            return EventPatch(attendees: current.attendees + [Attendee(name: "Bob")])
        }
        #expect(otherWrite == .storage(.busy(seconds: Int(LocalStore.busyTimeout)), path: test.path))
        #expect(edit.before.attendees.map(\.name) == ["Ana"])
        #expect(edit.after.attendees.map(\.name) == ["Ana", "Bob"])
        #expect(try other.event(id: "lunch") == edit.after)

        #expect(throws: Refused()) { try test.store.patchEvent(id: "lunch") { _ in throw Refused() } }
        #expect(try test.store.event(id: "lunch") == edit.after)
        #expect(throws: ServiceError.notFound(.event, id: "nope")) { try test.store.patchEvent(id: "nope") { _ in EventPatch() } }
    }

    @Test func searchesWordsAndPeople() throws {
        let test = try TestStore()
        defer { test.remove() }
        let id = try test.primaryID
        try test.store.insertEvent(EventDraft(title: "Café con Ana", when: Self.timed("2026-03-05T09:00", "2026-03-05T10:00"),
                                              attendees: [Attendee(name: "Ana Pérez", email: "ana@example.com")]), id: "a", calendarID: id)
        try test.store.insertEvent(EventDraft(title: "Dentist", when: Self.timed("2026-03-06T09:00", "2026-03-06T10:00"), location: "Calle Mayor",
                                              notes: "bring the CAFE receipt"), id: "b", calendarID: id)
        try test.store.insertEvent(EventDraft(title: "Cafe later", when: Self.timed("2026-04-06T09:00", "2026-04-06T10:00")), id: "c", calendarID: id)
        let march = (local("2026-03-01T00:00", Self.madrid), local("2026-04-01T00:00", Self.madrid))
        func search(_ text: String?, _ person: String?) throws -> [String] {
            try test.store.searchEvents(EventSearch(text: text, attendee: person, from: march.0, to: march.1)).map(\.id)
        }
        #expect(try search("cafe", nil) == ["a", "b"])
        #expect(try search("CAFÉ mayor", nil) == ["b"])
        #expect(try search(nil, "perez") == ["a"])
        #expect(try search(nil, "ana@example") == ["a"])
        #expect(try search("dentist", "ana") == [])
    }

    /// A compound said closed finds it written open and the other way round, and a
    /// possessive finds the person's events however the title says whose they are; a word
    /// that is in no title, in neither form, finds nothing.
    @Test func searchesCompoundsWrittenOpenOrClosedAndPossessivesAsTheirNames() throws {
        let test = try TestStore()
        defer { test.remove() }
        let id = try test.primaryID
        try test.store.insertEvent(EventDraft(title: "Pick up the kids", when: Self.timed("2026-03-05T15:00", "2026-03-05T16:00")), id: "p", calendarID: id)
        try test.store.insertEvent(EventDraft(title: "Carpool", when: Self.timed("2026-03-06T08:00", "2026-03-06T09:00")), id: "c", calendarID: id)
        try test.store.insertEvent(EventDraft(title: "Hotel check-in", when: Self.timed("2026-03-07T15:00", "2026-03-07T16:00")), id: "h", calendarID: id)
        try test.store.insertEvent(EventDraft(title: "Swimming lessons for Emma", when: Self.timed("2026-03-05T09:00", "2026-03-05T10:00")), id: "s", calendarID: id)
        try test.store.insertEvent(EventDraft(title: "McDonald's with Tom", when: Self.timed("2026-03-06T12:00", "2026-03-06T13:00")), id: "m", calendarID: id)
        let march = (local("2026-03-01T00:00", Self.madrid), local("2026-04-01T00:00", Self.madrid))
        func search(_ text: String) throws -> [String] {
            try test.store.searchEvents(EventSearch(text: text, from: march.0, to: march.1)).map(\.id)
        }
        #expect(try search("kids pickup") == ["p"])
        #expect(try search("car pool") == ["c"])
        #expect(try search("checkin") == ["h"])
        #expect(try search("check in") == ["h"])
        #expect(try search("kids dropoff") == [])
        #expect(try search("emma's swimming") == ["s"])
        #expect(try search("emma\u{2019}s swimming") == ["s"])
        #expect(try search("mcdonald's") == ["m"])
        #expect(try search("tom's lunch") == [])
    }

    @Test func listsWhatIsStoredForExport() throws {
        let test = try TestStore()
        defer { test.remove() }
        let id = try test.primaryID
        try test.store.insertEvent(EventDraft(title: "Standup", when: Self.timed("2026-03-02T09:00", "2026-03-02T09:15"),
                                              recurrence: ["RRULE:FREQ=DAILY;COUNT=10"]), id: "standup", calendarID: id)
        try test.store.insertEvent(EventDraft(title: "Once", when: Self.timed("2026-03-01T09:00", "2026-03-01T10:00")), id: "once", calendarID: id)
        try test.store.insertEvent(EventDraft(title: "Gone", when: Self.timed("2026-03-01T09:00", "2026-03-01T10:00")), id: "gone", calendarID: id)
        try test.store.deleteEvent(id: "gone")
        try test.store.patchEvent(id: "standup_20260303T080000Z", EventPatch(title: "Standup (late)"))
        try test.store.deleteEvent(id: "standup_20260304T080000Z")
        let stored = try test.store.storedEvents(calendarID: id)
        #expect(stored.map(\.id) == ["once", "standup", "standup_20260303T080000Z"])
        #expect(stored[1].recurrence == ["RRULE:FREQ=DAILY;COUNT=10", "EXDATE:20260304T080000Z"])
        #expect(stored[2].originalStart == .timed(start: instant("2026-03-03T08:00:00Z"), end: instant("2026-03-03T08:00:00Z"), timeZone: Self.madrid))
        #expect(throws: ServiceError.notFound(.calendar, id: "nope")) { try test.store.storedEvents(calendarID: "nope") }
    }

    @Test func importsIdempotentlyByUID() throws {
        let test = try TestStore()
        defer { test.remove() }
        let id = try test.primaryID
        let series = ImportedEvent(uid: "s@x", draft: EventDraft(title: "Yoga", when: Self.timed("2026-03-02T19:00", "2026-03-02T20:00"),
                                                                  recurrence: ["RRULE:FREQ=WEEKLY;COUNT=4"]))
        let change = ImportedEvent(uid: "s@x", draft: EventDraft(title: "Yoga (park)", when: Self.timed("2026-03-09T18:00", "2026-03-09T19:00")),
                                   originalStart: .timed(start: local("2026-03-09T19:00", Self.madrid), end: local("2026-03-09T19:00", Self.madrid), timeZone: Self.madrid))
        let cancel = ImportedEvent(uid: "s@x", draft: EventDraft(title: "Yoga", when: Self.timed("2026-03-16T19:00", "2026-03-16T20:00")),
                                   originalStart: .timed(start: local("2026-03-16T19:00", Self.madrid), end: local("2026-03-16T19:00", Self.madrid), timeZone: Self.madrid),
                                   isCancelled: true)
        let single = ImportedEvent(uid: "one@x", draft: EventDraft(title: "Dinner", when: .allDay(start: date("2026-03-04"), end: date("2026-03-05"))))
        var progress: [String] = []
        // The changed occurrence comes first in the file; the series is stored first anyway.
        let summary = try test.store.importEvents([change, cancel, series, single], calendarID: id) { progress.append("\($0)/\($1)") }
        #expect(summary == ImportSummary(added: 4))
        #expect(progress == ["1/4", "2/4", "3/4", "4/4"])
        let agenda = try Self.agenda(test.store, "2026-03-01T00:00", "2026-04-01T00:00")
        #expect(agenda.count == 4)
        #expect(agenda.allSatisfy { $0.contains("Yoga") || $0.contains("Dinner") })
        #expect(agenda.contains { $0.hasSuffix("2026-03-09 18:00 +01:00 → 2026-03-09 19:00 +01:00 Yoga (park)") })
        #expect(!agenda.contains { $0.contains("2026-03-16") })

        #expect(try test.store.importEvents([series, change, cancel, single], calendarID: id, progress: nil) == ImportSummary(unchanged: 4))
        var renamed = single
        renamed.draft.title = "Dinner with Ana"
        #expect(try test.store.importEvents([renamed], calendarID: id, progress: nil) == ImportSummary(updated: 1))
        #expect(try test.store.events(from: .distantPast, to: .distantFuture, calendarIDs: nil).count == 4)
    }
}

extension When {
    /// The same span said to be in another zone (to build invalid events).
    func withZone(_ zone: String) -> When {
        guard case .timed(let start, let end, _) = self else { return self }
        return .timed(start: start, end: end, timeZone: zone)
    }
}
