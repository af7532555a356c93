import ClerkCore
@testable import ClerkLocal
import Foundation
import Testing

/// Weekly, daily and hourly rules with BYSETPOS: libical 3.0 applies BYSETPOS to a month's or
/// a year's set only, so these came back with every date of the set (`FREQ=WEEKLY;BYDAY=MO,FR;
/// BYSETPOS=1` on Fridays too), in the Google mirror as in the store; an import refused them.
/// Each period's whole set is made first (a week from WKST, a day, an hour), then BYSETPOS
/// picks from it.
@Suite struct SetPositionTests {
    typealias Case = RecurrenceTests.Case

    @Test(arguments: [
        // The first of each week's Monday and Friday: Mondays only.
        Case(lines: ["RRULE:FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=1;COUNT=3"], first: "2026-03-02T09:00",
             expected: ["2026-03-02 09:00 +01:00", "2026-03-09 09:00 +01:00", "2026-03-16 09:00 +01:00"]),
        // The last weekday of each week, from the end of the set.
        Case(lines: ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;BYSETPOS=-1;COUNT=3"], first: "2026-03-06T18:00",
             expected: ["2026-03-06 18:00 +01:00", "2026-03-13 18:00 +01:00", "2026-03-20 18:00 +01:00"]),
        // Two positions, and one past the end of the set, which picks nothing.
        Case(lines: ["RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE;BYSETPOS=1,-1,5;COUNT=4"], first: "2026-03-02T08:00",
             expected: ["2026-03-02 08:00 +01:00", "2026-03-04 08:00 +01:00", "2026-03-09 08:00 +01:00", "2026-03-11 08:00 +01:00"]),
        // Weeks from Sunday: the weekend's first day is the Sunday that opens the week.
        Case(lines: ["RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU;BYSETPOS=1;WKST=SU;COUNT=3"], first: "2026-03-01T10:00",
             expected: ["2026-03-01 10:00 +01:00", "2026-03-15 10:00 +01:00", "2026-03-29 10:00 +02:00"]),
        // Weeks from Monday: the Saturday before the Sunday it starts on is before DTSTART, so
        // the first pick is two weeks on, a Saturday.
        Case(lines: ["RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU;BYSETPOS=1;COUNT=3"], first: "2026-03-01T10:00",
             expected: ["2026-03-01 10:00 +01:00", "2026-03-14 10:00 +01:00", "2026-03-28 10:00 +01:00", "2026-04-11 10:00 +02:00"]),
        // UNTIL ends it.
        Case(lines: ["RRULE:FREQ=WEEKLY;BYDAY=TU,TH;BYSETPOS=-1;UNTIL=20260320T000000Z"], first: "2026-03-05T10:00",
             expected: ["2026-03-05 10:00 +01:00", "2026-03-12 10:00 +01:00", "2026-03-19 10:00 +01:00"]),
        // The second of a day's two times.
        Case(lines: ["RRULE:FREQ=DAILY;BYHOUR=9,17;BYSETPOS=2;COUNT=3"], first: "2026-03-02T17:00",
             expected: ["2026-03-02 17:00 +01:00", "2026-03-03 17:00 +01:00", "2026-03-04 17:00 +01:00"]),
        // BYDAY limits a daily rule's days.
        Case(lines: ["RRULE:FREQ=DAILY;BYDAY=SA,SU;BYHOUR=10,12,16;BYSETPOS=-1;COUNT=3"], first: "2026-03-07T16:00",
             expected: ["2026-03-07 16:00 +01:00", "2026-03-08 16:00 +01:00", "2026-03-14 16:00 +01:00"]),
        // An hour's set is one time: a second one is never there.
        Case(lines: ["RRULE:FREQ=HOURLY;INTERVAL=6;BYSETPOS=2;COUNT=3"], first: "2026-03-02T09:00",
             expected: ["2026-03-02 09:00 +01:00"]),
        Case(lines: ["RRULE:FREQ=HOURLY;INTERVAL=6;BYSETPOS=-1;COUNT=3"], first: "2026-03-02T09:00",
             expected: ["2026-03-02 09:00 +01:00", "2026-03-02 15:00 +01:00", "2026-03-02 21:00 +01:00"]),
        // All day: the last weekday of each week.
        Case(lines: ["RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=2"], first: "2026-03-06", allDay: true,
             expected: ["2026-03-06", "2026-03-13"]),
    ])
    func picksFromEachPeriodsSet(_ test: Case) throws {
        #expect(try RecurrenceTests.expand(test) == test.expected)
    }

    /// An endless rule read from far after its start keeps its weeks in phase.
    @Test func anEndlessRuleIsInPhaseYearsLater() throws {
        let rules = ZoneRules(identifier: "Europe/Madrid")!
        let recurrence = try Recurrence(lines: ["RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;BYSETPOS=-1"],
                                        first: WallTime(year: 2026, month: 3, day: 6, hour: 9), isAllDay: false, zone: rules)
        #expect(recurrence.isEndless)
        let from = Civil.seconds(local("2036-03-01T00:00", "Europe/Madrid")), to = Civil.seconds(local("2036-03-22T00:00", "Europe/Madrid"))
        // 2036-03-07 is 522 weeks (an even number) after 2026-03-06.
        #expect(recurrence.starts(from: from, to: to).map { shown(Civil.instant($0), in: "Europe/Madrid") }
                    == ["2036-03-07 09:00 +01:00", "2036-03-21 09:00 +01:00"])
    }

    @Test func aCountedRuleKnowsItsLastStart() throws {
        let recurrence = try Recurrence(lines: ["RRULE:FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=1;COUNT=3"],
                                        first: WallTime(year: 2026, month: 3, day: 2, hour: 9), isAllDay: false,
                                        zone: ZoneRules(identifier: "Europe/Madrid")!)
        #expect(recurrence.lastStart().map { shown(Civil.instant($0), in: "Europe/Madrid") } == "2026-03-16 09:00 +01:00")
    }

    /// The store's series, and an .ics file another program wrote, show the days the rule names.
    @Test func theStoreAndAnImportShowThePickedDays() throws {
        let test = try TestStore(now: "2026-03-01T09:00:00Z")
        defer { test.remove() }
        let first = local("2026-03-02T09:00", "Europe/Madrid")
        try test.store.insertEvent(EventDraft(title: "Review", when: .timed(start: first, end: first + 1800, timeZone: "Europe/Madrid"),
                                              recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=1"]), id: "review", calendarID: test.primaryID)
        let file = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:wrap@example.com", "DTSTART;TZID=Europe/Madrid:20260306T170000",
                    "DURATION:PT1H", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;BYSETPOS=-1", "SUMMARY:Wrap-up", "END:VEVENT", "END:VCALENDAR", ""]
            .joined(separator: "\r\n")
        let events = try ICalendarReader(file: "wrap.ics", zone: Zone(identifier: "Europe/Madrid")!).read(Data(file.utf8))
        _ = try test.store.importEvents(events, calendarID: test.primaryID, progress: nil)
        let reopened = try test.reopened()
        #expect(try reopened.events(from: local("2026-03-02T00:00", "Europe/Madrid"), to: local("2026-03-16T00:00", "Europe/Madrid"), calendarIDs: nil)
                    .map { "\($0.title) " + shown($0.when.startInstant(in: Zone(identifier: "Europe/Madrid")!), in: "Europe/Madrid") }
                    == ["Review 2026-03-02 09:00 +01:00", "Wrap-up 2026-03-06 17:00 +01:00", "Review 2026-03-09 09:00 +01:00", "Wrap-up 2026-03-13 17:00 +01:00"])
    }
}
