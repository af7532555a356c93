import ClerkCore
@testable import ClerkLocal
import Foundation
import Testing

/// A series asked for at a wall-clock time its zone skips on its first day ("standup every
/// day at 2:30am" said the day before the clocks go forward): RFC 5545 moves only that day
/// (03:30), and every later occurrence is at 02:30. The store kept the start as an instant
/// alone, so the whole series was at 03:30 (ROBUSTNESS.md, "Probed by hand").
@Suite struct SkippedStartTests {
    static let berlin = "Europe/Berlin", newYork = "America/New_York"

    /// `2026-03-29T02:30` on the wall clock, as seconds since 1970 on it.
    static func wall(_ text: String) -> Int {
        let parts = text.split(whereSeparator: { "-T:".contains($0) }).map { Int($0)! }
        return Int(WallTime(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4]).secondsAsUTC)
    }

    /// A draft starting at the wall time `start` in `zone` (read across a gap) for `minutes`,
    /// with the wall time kept when the zone skips it.
    static func draft(_ start: String, minutes: Int = 30, zone: String, rule: String) -> EventDraft {
        let first = local(start, zone)
        return EventDraft(title: "Standup", when: .timed(start: first, end: first + TimeInterval(minutes * 60), timeZone: zone),
                          recurrence: [rule], skippedWallStart: Zone(identifier: zone)!.skippedWallClock(wall(start), at: first))
    }

    /// The starts between two wall times, as a person in `zone` reads them.
    static func starts(_ store: LocalStore, _ from: String, _ to: String, zone: String) throws -> [String] {
        try store.events(from: local(from, zone), to: local(to, zone), calendarIDs: nil).map { event in
            switch event.when {
            case .timed(let start, let end, _): return shown(start, in: zone) + "–" + String(shown(end, in: zone).dropFirst(11))
            case .allDay(let start, _): return start.iso
            }
        }
    }

    @Test func theGapDayMovesAndTheDaysAfterKeepTheTimeAsked() throws {
        let test = try TestStore(zone: Self.berlin, now: "2026-03-28T09:00:00Z")
        defer { test.remove() }
        let series = try test.store.insertEvent(Self.draft("2026-03-29T02:30", zone: Self.berlin, rule: "RRULE:FREQ=DAILY"), id: "standup", calendarID: test.primaryID)
        #expect(series.skippedWallStart == Self.wall("2026-03-29T02:30"))
        let expected = ["2026-03-29 03:30 +02:00–04:00 +02:00", "2026-03-30 02:30 +02:00–03:00 +02:00", "2026-03-31 02:30 +02:00–03:00 +02:00"]
        #expect(try Self.starts(test.store, "2026-03-28T00:00", "2026-04-01T00:00", zone: Self.berlin) == expected)
        // Kept in the file: another process, or a range outside the kept window, expands it so.
        let again = try test.reopened(zone: Self.berlin, now: "2026-03-28T09:00:00Z")
        #expect(try Self.starts(again, "2026-03-28T00:00", "2026-04-01T00:00", zone: Self.berlin) == expected)
        #expect(try Self.starts(again, "2031-04-10T00:00", "2031-04-12T00:00", zone: Self.berlin)
                    == ["2031-04-10 02:30 +02:00–03:00 +02:00", "2031-04-11 02:30 +02:00–03:00 +02:00"])
        #expect(try again.event(id: "standup_20260330T003000Z")?.title == "Standup")
    }

    @Test func theSameInNewYork() throws {
        let test = try TestStore(zone: Self.newYork, now: "2026-03-07T15:00:00Z")
        defer { test.remove() }
        try test.store.insertEvent(Self.draft("2026-03-08T02:30", zone: Self.newYork, rule: "RRULE:FREQ=DAILY;COUNT=3"), id: "standup", calendarID: test.primaryID)
        #expect(try Self.starts(test.store, "2026-03-07T00:00", "2026-03-12T00:00", zone: Self.newYork)
                    == ["2026-03-08 03:30 -04:00–04:00 -04:00", "2026-03-09 02:30 -04:00–03:00 -04:00", "2026-03-10 02:30 -04:00–03:00 -04:00"])
    }

    /// 01:30 on the morning the clocks go back happens twice: a series starting then is at the
    /// first, and at 01:30 standard time after.
    @Test func aStartInTheFallBackOverlapIsTheFirstOfTheTwo() throws {
        let test = try TestStore(zone: Self.newYork, now: "2026-10-31T15:00:00Z")
        defer { test.remove() }
        let draft = Self.draft("2026-11-01T01:30", zone: Self.newYork, rule: "RRULE:FREQ=DAILY;COUNT=2")
        #expect(draft.skippedWallStart == nil)
        try test.store.insertEvent(draft, id: "standup", calendarID: test.primaryID)
        #expect(try Self.starts(test.store, "2026-10-31T00:00", "2026-11-03T00:00", zone: Self.newYork)
                    == ["2026-11-01 01:30 -04:00–01:00 -05:00", "2026-11-02 01:30 -05:00–02:00 -05:00"])
    }

    /// A weekly series started on the gap day, across the autumn change and into the next
    /// spring's gap.
    @Test func aWeeklySeriesAcrossBothChanges() throws {
        let test = try TestStore(zone: Self.berlin, now: "2026-03-28T09:00:00Z")
        defer { test.remove() }
        try test.store.insertEvent(Self.draft("2026-03-29T02:30", zone: Self.berlin, rule: "RRULE:FREQ=WEEKLY"), id: "weekly", calendarID: test.primaryID)
        #expect(try Self.starts(test.store, "2026-03-28T00:00", "2026-04-13T00:00", zone: Self.berlin)
                    == ["2026-03-29 03:30 +02:00–04:00 +02:00", "2026-04-05 02:30 +02:00–03:00 +02:00", "2026-04-12 02:30 +02:00–03:00 +02:00"])
        #expect(try Self.starts(test.store, "2026-10-18T00:00", "2026-11-02T00:00", zone: Self.berlin)
                    == ["2026-10-18 02:30 +02:00–03:00 +02:00", "2026-10-25 02:30 +02:00–02:00 +01:00", "2026-11-01 02:30 +01:00–03:00 +01:00"])
        #expect(try Self.starts(test.store, "2027-03-21T00:00", "2027-04-05T00:00", zone: Self.berlin)
                    == ["2027-03-21 02:30 +01:00–03:00 +01:00", "2027-03-28 03:30 +02:00–04:00 +02:00", "2027-04-04 02:30 +02:00–03:00 +02:00"])
    }

    @Test func anAllDaySeriesIsUnaffected() throws {
        let test = try TestStore(zone: Self.berlin, now: "2026-03-28T09:00:00Z")
        defer { test.remove() }
        let draft = EventDraft(title: "Holiday", when: .allDay(start: date("2026-03-29"), end: date("2026-03-30")),
                               recurrence: ["RRULE:FREQ=DAILY;COUNT=3"], skippedWallStart: Self.wall("2026-03-29T02:30"))
        let stored = try test.store.insertEvent(draft, id: "holiday", calendarID: test.primaryID)
        #expect(stored.skippedWallStart == nil)
        #expect(try Self.starts(test.store, "2026-03-28T00:00", "2026-04-02T00:00", zone: Self.berlin) == ["2026-03-29", "2026-03-30", "2026-03-31"])
    }

    /// A skipped time that does not name the start (a mistake of a caller) is not kept, nor is
    /// one on an event that does not repeat.
    @Test func aWallTimeThatDoesNotNameTheStartIsNotKept() throws {
        let test = try TestStore(zone: Self.berlin, now: "2026-03-28T09:00:00Z")
        defer { test.remove() }
        var draft = Self.draft("2026-03-29T09:00", zone: Self.berlin, rule: "RRULE:FREQ=DAILY")
        draft.skippedWallStart = Self.wall("2026-03-29T02:30")
        #expect(try test.store.insertEvent(draft, id: "nine", calendarID: test.primaryID).skippedWallStart == nil)
        var single = Self.draft("2026-03-29T02:30", zone: Self.berlin, rule: "RRULE:FREQ=DAILY")
        single.recurrence = []
        #expect(try test.store.insertEvent(single, id: "once", calendarID: test.primaryID).skippedWallStart == nil)
        #expect(try Self.starts(test.store, "2026-03-30T00:00", "2026-03-31T00:00", zone: Self.berlin) == ["2026-03-30 09:00 +02:00–09:30 +02:00"])
    }

    /// Changes: a new title keeps the time; a series moved onto the gap day keeps its time of
    /// day; one moved to 09:00 is at 09:00; a split from the gap day's occurrence goes on at
    /// 02:30.
    @Test func changesKeepTheTimeOfDayAsked() throws {
        let test = try TestStore(zone: Self.berlin, now: "2026-03-20T09:00:00Z")
        defer { test.remove() }
        try test.store.insertEvent(Self.draft("2026-03-29T02:30", zone: Self.berlin, rule: "RRULE:FREQ=DAILY"), id: "standup", calendarID: test.primaryID)
        try test.store.patchEvent(id: "standup", EventPatch(title: "Daily standup"))
        #expect(try Self.starts(test.store, "2026-03-30T00:00", "2026-03-31T00:00", zone: Self.berlin) == ["2026-03-30 02:30 +02:00–03:00 +02:00"])

        try test.store.insertEvent(Self.draft("2026-03-28T02:30", zone: Self.berlin, rule: "RRULE:FREQ=DAILY"), id: "early", calendarID: test.primaryID)
        let gapDay = local("2026-03-29T03:30", Self.berlin)
        let moved = try test.store.patchEvent(id: "early", EventPatch(when: .timed(start: gapDay, end: gapDay + 1800, timeZone: Self.berlin)))
        #expect(moved.skippedWallStart == Self.wall("2026-03-29T02:30"))
        let nine = local("2026-03-29T09:00", Self.berlin)
        try test.store.patchEvent(id: "standup", EventPatch(when: .timed(start: nine, end: nine + 1800, timeZone: Self.berlin)))
        #expect(try test.store.event(id: "standup")?.skippedWallStart == nil)
        #expect(try Self.starts(test.store, "2026-03-30T00:00", "2026-03-31T00:00", zone: Self.berlin)
                    == ["2026-03-30 02:30 +02:00–03:00 +02:00", "2026-03-30 09:00 +02:00–09:30 +02:00"])

        try test.store.insertEvent(Self.draft("2026-03-27T02:30", zone: Self.berlin, rule: "RRULE:FREQ=DAILY"), id: "yoga", calendarID: test.primaryID)
        let split = try test.store.splitSeries(occurrenceID: "yoga_20260329T013000Z", newID: "yoga2") { _ in EventPatch(title: "Yoga") }
        #expect(split.started.skippedWallStart == Self.wall("2026-03-29T02:30"))
        #expect(try test.store.events(from: local("2026-03-31T00:00", Self.berlin), to: local("2026-04-01T00:00", Self.berlin), calendarIDs: nil)
                    .filter { $0.title == "Yoga" }.map { shown($0.when.startInstant(in: Zone(identifier: Self.berlin)!), in: Self.berlin) }
                    == ["2026-03-31 02:30 +02:00"])
    }

    /// Export writes the time asked for (DTSTART;TZID=…:20260329T023000), which RFC 5545
    /// readers take as 03:30 that day and repeat at 02:30; importing it gives the same series.
    @Test func anICalendarRoundTripKeepsTheTimeAsked() throws {
        let test = try TestStore(zone: Self.berlin, now: "2026-03-28T09:00:00Z")
        defer { test.remove() }
        try test.store.insertEvent(Self.draft("2026-03-29T02:30", zone: Self.berlin, rule: "RRULE:FREQ=DAILY"), id: "standup", calendarID: test.primaryID)
        let calendar = try #require(try test.store.calendars().first)
        let written = ICalendarWriter.write(try test.store.storedEvents(calendarID: calendar.id), calendar: calendar, stamp: instant("2026-03-28T09:00:00Z"))
        #expect(written.contains("DTSTART;TZID=Europe/Berlin:20260329T023000\r\n"))
        #expect(written.contains("DTEND;TZID=Europe/Berlin:20260329T040000\r\n"))

        let other = try TestStore(zone: Self.newYork, now: "2026-03-28T09:00:00Z")
        defer { other.remove() }
        let events = try ICalendarReader(file: "standup.ics", zone: Zone(identifier: Self.newYork)!).read(Data(written.utf8))
        #expect(events.map(\.draft.skippedWallStart) == [Self.wall("2026-03-29T02:30")])
        _ = try other.store.importEvents(events, calendarID: other.primaryID, progress: nil)
        #expect(try Self.starts(other.store, "2026-03-28T00:00", "2026-04-01T00:00", zone: Self.berlin)
                    == ["2026-03-29 03:30 +02:00–04:00 +02:00", "2026-03-30 02:30 +02:00–03:00 +02:00", "2026-03-31 02:30 +02:00–03:00 +02:00"])
        let calendarThere = try #require(try other.store.calendars().first)
        #expect(ICalendarWriter.write(try other.store.storedEvents(calendarID: calendarThere.id), calendar: calendarThere, stamp: instant("2026-03-28T09:00:00Z"))
                    .contains("DTSTART;TZID=Europe/Berlin:20260329T023000\r\n"))
    }

    /// A file of another program whose DTSTART the zone skips; one whose DTSTART says 03:30
    /// repeats at 03:30.
    @Test func anImportedStartInTheGapRepeatsAtItsTime() throws {
        func file(_ start: String) -> String {
            ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:u-\(start)", "DTSTART;TZID=America/New_York:\(start)",
             "DURATION:PT30M", "RRULE:FREQ=DAILY;COUNT=2", "SUMMARY:Standup", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
        }
        let test = try TestStore(zone: Self.newYork, now: "2026-03-01T09:00:00Z")
        defer { test.remove() }
        let reader = ICalendarReader(file: "a.ics", zone: Zone(identifier: Self.newYork)!)
        _ = try test.store.importEvents(try reader.read(Data(file("20260308T023000").utf8)), calendarID: test.primaryID, progress: nil)
        _ = try test.store.importEvents(try reader.read(Data(file("20260308T033000").utf8)), calendarID: test.primaryID, progress: nil)
        #expect(try Self.starts(test.store, "2026-03-08T00:00", "2026-03-10T00:00", zone: Self.newYork) == [
            "2026-03-08 03:30 -04:00–04:00 -04:00", "2026-03-08 03:30 -04:00–04:00 -04:00",
            "2026-03-09 02:30 -04:00–03:00 -04:00", "2026-03-09 03:30 -04:00–04:00 -04:00",
        ])
    }
}
