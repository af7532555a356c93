import ClerkCore
@testable import ClerkLocal
import Foundation
import Testing

/// `splitSeries` and `joinSeries` on a real SQLite file: a series changed from one of its
/// times on ("from now on") ends before it, a new one starts there, the changed and
/// cancelled times after it go along, and the join puts back exactly what was.
@Suite struct SeriesSplitTests {
    static let madrid = "Europe/Madrid"

    static func timed(_ start: String, _ end: String) -> When {
        .timed(start: local(start, madrid), end: local(end, madrid), timeZone: madrid)
    }

    /// The agenda over `[from, to)` as "id: title start".
    static func agenda(_ store: LocalStore, _ from: String, _ to: String) throws -> [String] {
        try store.events(from: local(from, madrid), to: local(to, madrid), calendarIDs: nil).map {
            "\($0.id): \($0.title) \(shown($0.when.startInstant(in: Zone(identifier: madrid)!), in: madrid))"
        }
    }

    /// Every row of the events table as "id series? deleted?", by id.
    static func rows(_ store: LocalStore) throws -> [String] {
        try store.database.rows("SELECT id, recurring_event_id, deleted IS NOT NULL FROM events ORDER BY id") {
            $0.text(0) + ($0.optionalText(1).map { " of " + $0 } ?? "") + ($0.bool(2) ? " deleted" : "")
        }
    }

    /// "Yoga" on Tuesdays and Thursdays at 18:00 from 3 March 2026 (`rule`), on a store
    /// whose clock says 1 March.
    static func yoga(_ rule: String) throws -> TestStore {
        let test = try TestStore()
        try test.store.insertEvent(EventDraft(title: "Yoga", when: timed("2026-03-03T18:00", "2026-03-03T19:00"), recurrence: [rule]),
                                   id: "yoga", calendarID: test.primaryID)
        return test
    }

    static func at19(_ occurrence: Event) -> EventPatch {
        EventPatch(when: occurrence.when.shifted(bySeconds: 3600))
    }

    @Test func anOpenSeriesEndsBeforeTheTimeAndANewOneStartsThere() throws {
        let test = try Self.yoga("RRULE:FREQ=WEEKLY;BYDAY=TU,TH")
        defer { test.remove() }
        var seen: [Event] = []
        let split = try test.store.splitSeries(occurrenceID: "yoga_20260312T170000Z", newID: "yoga2") { occurrence in
            seen.append(occurrence)
            return Self.at19(occurrence)
        }
        #expect(seen.map(\.id) == ["yoga_20260312T170000Z"])
        #expect(seen.first?.when == Self.timed("2026-03-12T18:00", "2026-03-12T19:00"))
        #expect(split.before.recurrence == ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH"])
        #expect(split.ended.recurrence == ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20260312T165959Z"])
        #expect(split.started.id == "yoga2")
        #expect(split.started.recurrence == ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH"])
        #expect(split.started.when == Self.timed("2026-03-12T19:00", "2026-03-12T20:00"))
        #expect(split.from == .timed(start: local("2026-03-12T18:00", Self.madrid), end: local("2026-03-12T18:00", Self.madrid), timeZone: Self.madrid))
        #expect(try Self.agenda(test.store, "2026-03-09T00:00", "2026-03-20T00:00") == [
            "yoga_20260310T170000Z: Yoga 2026-03-10 18:00 +01:00",
            "yoga2_20260312T180000Z: Yoga 2026-03-12 19:00 +01:00",
            "yoga2_20260317T180000Z: Yoga 2026-03-17 19:00 +01:00",
            "yoga2_20260319T180000Z: Yoga 2026-03-19 19:00 +01:00",
        ])
        // Another connection sees the split whole.
        #expect(try test.reopened().event(id: "yoga")?.recurrence == ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20260312T165959Z"])

        // Joined: the one series as it was, the new one gone.
        let joined = try test.store.joinSeries(split)
        #expect(joined.recurrence == ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH"])
        #expect(try test.store.event(id: "yoga2") == nil)
        #expect(try Self.agenda(test.store, "2026-03-09T00:00", "2026-03-20T00:00") == [
            "yoga_20260310T170000Z: Yoga 2026-03-10 18:00 +01:00",
            "yoga_20260312T170000Z: Yoga 2026-03-12 18:00 +01:00",
            "yoga_20260317T170000Z: Yoga 2026-03-17 18:00 +01:00",
            "yoga_20260319T170000Z: Yoga 2026-03-19 18:00 +01:00",
        ])
    }

    @Test func aCountRuleKeepsTheTimesBeforeAndTheNewOneTheRest() throws {
        // Ten times: 3, 5, 10, 12, 17, 19, 24, 26, 31 March and 2 April.
        let test = try Self.yoga("RRULE:FREQ=WEEKLY;COUNT=10;BYDAY=TU,TH")
        defer { test.remove() }
        // A day left out before the split still counts: COUNT counts what the rule makes.
        try test.store.deleteEvent(id: "yoga_20260305T170000Z")
        let split = try test.store.splitSeries(occurrenceID: "yoga_20260317T170000Z", newID: "yoga2", from: Self.at19)
        #expect(split.ended.recurrence == ["RRULE:FREQ=WEEKLY;COUNT=4;BYDAY=TU,TH"])
        #expect(split.started.recurrence == ["RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=TU,TH"])
        let all = try Self.agenda(test.store, "2026-03-01T00:00", "2026-05-01T00:00")
        #expect(all == [
            "yoga_20260303T170000Z: Yoga 2026-03-03 18:00 +01:00",
            "yoga_20260310T170000Z: Yoga 2026-03-10 18:00 +01:00",
            "yoga_20260312T170000Z: Yoga 2026-03-12 18:00 +01:00",
            "yoga2_20260317T180000Z: Yoga 2026-03-17 19:00 +01:00",
            "yoga2_20260319T180000Z: Yoga 2026-03-19 19:00 +01:00",
            "yoga2_20260324T180000Z: Yoga 2026-03-24 19:00 +01:00",
            "yoga2_20260326T180000Z: Yoga 2026-03-26 19:00 +01:00",
            // Summer time from 29 March: still 19:00 on the clock.
            "yoga2_20260331T170000Z: Yoga 2026-03-31 19:00 +02:00",
            "yoga2_20260402T170000Z: Yoga 2026-04-02 19:00 +02:00",
        ])
        _ = try test.store.joinSeries(split)
        #expect(try test.store.event(id: "yoga")?.recurrence == ["RRULE:FREQ=WEEKLY;COUNT=10;BYDAY=TU,TH"])
        #expect(try Self.agenda(test.store, "2026-03-01T00:00", "2026-05-01T00:00").count == 9)
    }

    @Test func changedAndCancelledTimesAfterTheSplitGoToTheNewSeries() throws {
        let test = try Self.yoga("RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20260402T170000Z")
        defer { test.remove() }
        try test.store.patchEvent(id: "yoga_20260310T170000Z", EventPatch(title: "Yoga (before)"))
        try test.store.patchEvent(id: "yoga_20260319T170000Z", EventPatch(title: "Yoga (guest teacher)"))
        try test.store.deleteEvent(id: "yoga_20260324T170000Z")
        let split = try test.store.splitSeries(occurrenceID: "yoga_20260317T170000Z", newID: "yoga2", from: Self.at19)
        // UNTIL moves as far as the times it bounds: the last one, 2 April, is still there.
        #expect(split.started.recurrence == ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20260402T180000Z"])
        #expect(try Self.rows(test.store) == [
            "yoga", "yoga2", "yoga2_20260319T180000Z of yoga2", "yoga2_20260324T180000Z of yoga2 deleted", "yoga_20260310T170000Z of yoga",
        ])
        // Nothing shown twice, nothing lost; the changed time keeps its own time.
        #expect(try Self.agenda(test.store, "2026-03-09T00:00", "2026-04-10T00:00") == [
            "yoga_20260310T170000Z: Yoga (before) 2026-03-10 18:00 +01:00",
            "yoga_20260312T170000Z: Yoga 2026-03-12 18:00 +01:00",
            "yoga2_20260317T180000Z: Yoga 2026-03-17 19:00 +01:00",
            "yoga2_20260319T180000Z: Yoga (guest teacher) 2026-03-19 18:00 +01:00",
            "yoga2_20260326T180000Z: Yoga 2026-03-26 19:00 +01:00",
            "yoga2_20260331T170000Z: Yoga 2026-03-31 19:00 +02:00",
            "yoga2_20260402T170000Z: Yoga 2026-04-02 19:00 +02:00",
        ])
        _ = try test.store.joinSeries(split)
        #expect(try Self.rows(test.store) == [
            "yoga", "yoga2 deleted", "yoga_20260310T170000Z of yoga", "yoga_20260319T170000Z of yoga", "yoga_20260324T170000Z of yoga deleted",
        ])
        #expect(try Self.agenda(test.store, "2026-03-16T00:00", "2026-03-27T00:00") == [
            "yoga_20260317T170000Z: Yoga 2026-03-17 18:00 +01:00",
            "yoga_20260319T170000Z: Yoga (guest teacher) 2026-03-19 18:00 +01:00",
            "yoga_20260326T170000Z: Yoga 2026-03-26 18:00 +01:00",
        ])
    }

    @Test func theFirstTimeIsNoSplitAndAFailedPatchChangesNothing() throws {
        let test = try Self.yoga("RRULE:FREQ=WEEKLY;BYDAY=TU,TH")
        defer { test.remove() }
        let before = try test.store.latestVersion()
        #expect(throws: ServiceError.invalid(.splitAtFirst)) {
            try test.store.splitSeries(occurrenceID: "yoga_20260303T170000Z", newID: "yoga2", from: Self.at19)
        }
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try test.store.splitSeries(occurrenceID: "yoga_20260312T170000Z", newID: "yoga2") { _ in throw Refused() }
        }
        #expect(try test.store.latestVersion() == before)
        #expect(try Self.rows(test.store) == ["yoga"])
    }

    /// "move yoga to thursday from now on": the new series kept the old rule's BYDAY=TU, so
    /// it was a Thursday and then Tuesdays again. Its weekdays move with its start, also when
    /// a time said in another zone crosses midnight in the series' own (19:00 in New York
    /// is 01:00 the next day in Madrid), and with a COUNT; other lines stay as they were.
    @Test func theNewSeriesRepeatsOnTheWeekdaysItsStartMovedTo() throws {
        let test = try Self.yoga("RRULE:FREQ=WEEKLY;BYDAY=TU")
        defer { test.remove() }
        let split = try test.store.splitSeries(occurrenceID: "yoga_20260310T170000Z", newID: "yoga2") { occurrence in
            EventPatch(when: occurrence.when.shifted(bySeconds: 2 * 86_400))
        }
        #expect(split.ended.recurrence == ["RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20260310T165959Z"])
        #expect(split.started.recurrence == ["RRULE:FREQ=WEEKLY;BYDAY=TH"])
        #expect(try Self.agenda(test.store, "2026-03-01T00:00", "2026-03-27T00:00") == [
            "yoga_20260303T170000Z: Yoga 2026-03-03 18:00 +01:00",
            "yoga2_20260312T170000Z: Yoga 2026-03-12 18:00 +01:00",
            "yoga2_20260319T170000Z: Yoga 2026-03-19 18:00 +01:00",
            "yoga2_20260326T170000Z: Yoga 2026-03-26 18:00 +01:00",
        ])

        let counted = try Self.yoga("RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6")
        defer { counted.remove() }
        let late = try counted.store.splitSeries(occurrenceID: "yoga_20260310T170000Z", newID: "late") { occurrence in
            EventPatch(when: .timed(start: local("2026-03-10T19:00", "America/New_York"), end: local("2026-03-10T20:00", "America/New_York"),
                                    timeZone: Self.madrid))
        }
        #expect(late.started.recurrence == ["RRULE:FREQ=WEEKLY;BYDAY=WE,FR;COUNT=4"])
        #expect(try Self.agenda(counted.store, "2026-03-01T00:00", "2026-03-27T00:00") == [
            "yoga_20260303T170000Z: Yoga 2026-03-03 18:00 +01:00",
            "yoga_20260305T170000Z: Yoga 2026-03-05 18:00 +01:00",
            "late_20260310T230000Z: Yoga 2026-03-11 00:00 +01:00",
            "late_20260312T230000Z: Yoga 2026-03-13 00:00 +01:00",
            "late_20260317T230000Z: Yoga 2026-03-18 00:00 +01:00",
            "late_20260319T230000Z: Yoga 2026-03-20 00:00 +01:00",
        ])
    }

    @Test func anAllDaySeriesEndsTheDayBefore() throws {
        let test = try TestStore()
        defer { test.remove() }
        let day = LocalDate(iso: "2026-03-02")!
        try test.store.insertEvent(EventDraft(title: "Bins", when: .allDay(start: day, end: day.adding(days: 1)), recurrence: ["RRULE:FREQ=WEEKLY"]),
                                   id: "bins", calendarID: test.primaryID)
        let split = try test.store.splitSeries(occurrenceID: "bins_20260316", newID: "bins2") { occurrence in
            EventPatch(when: occurrence.when.shifted(bySeconds: 86_400))
        }
        #expect(split.ended.recurrence == ["RRULE:FREQ=WEEKLY;UNTIL=20260315"])
        #expect(split.started.when == .allDay(start: LocalDate(iso: "2026-03-17")!, end: LocalDate(iso: "2026-03-18")!))
        #expect(try test.store.events(from: local("2026-03-01T00:00", Self.madrid), to: local("2026-03-25T00:00", Self.madrid), calendarIDs: nil)
            .map(\.id) == ["bins_20260302", "bins_20260309", "bins2_20260317", "bins2_20260324"])
    }
}

/// A series cut short by a patch of its rule ("cancel yoga from now on") puts away its
/// changed times past the new end, and the undo (the old rule patched back) brings them back.
@Suite struct SeriesCutShortTests {
    @Test func aChangedTimePastTheEndIsPutAwayAndComesBackWithTheRule() throws {
        let test = try SeriesSplitTests.yoga("RRULE:FREQ=WEEKLY;BYDAY=TU,TH")
        defer { test.remove() }
        try test.store.patchEvent(id: "yoga_20260319T170000Z", SeriesSplitTests.at19(try #require(try test.store.event(id: "yoga_20260319T170000Z"))))
        let week = ("2026-03-16T00:00", "2026-03-21T00:00")
        #expect(try SeriesSplitTests.agenda(test.store, week.0, week.1) == [
            "yoga_20260317T170000Z: Yoga 2026-03-17 18:00 +01:00",
            "yoga_20260319T170000Z: Yoga 2026-03-19 19:00 +01:00",
        ])
        try test.store.patchEvent(id: "yoga", EventPatch(recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20260312T165959Z"]))
        #expect(try SeriesSplitTests.agenda(test.store, week.0, week.1) == [])
        #expect(try SeriesSplitTests.rows(test.store) == ["yoga", "yoga_20260319T170000Z of yoga deleted"])
        try test.store.patchEvent(id: "yoga", EventPatch(recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH"]))
        #expect(try SeriesSplitTests.agenda(test.store, week.0, week.1) == [
            "yoga_20260317T170000Z: Yoga 2026-03-17 18:00 +01:00",
            "yoga_20260319T170000Z: Yoga 2026-03-19 19:00 +01:00",
        ])
        #expect(try SeriesSplitTests.rows(test.store) == ["yoga", "yoga_20260319T170000Z of yoga"])
    }
}
