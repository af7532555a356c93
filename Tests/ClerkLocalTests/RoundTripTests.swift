import ClerkCore
@testable import ClerkLocal
import Foundation
import Testing

/// Export → import: what one store writes, another reads back the same.
@Suite struct RoundTripTests {
    static let madrid = "Europe/Madrid"

    static func timed(_ start: String, _ end: String, _ zone: String = madrid) -> When {
        .timed(start: local(start, zone), end: local(end, zone), timeZone: zone)
    }

    /// A calendar with something of everything an export must carry.
    static func fill(_ store: LocalStore, calendarID: String) throws {
        try store.insertEvent(EventDraft(
            title: "Review; budget, Q2 \\ \"final\" — ñandú 🎉",
            when: timed("2026-03-05T09:30", "2026-03-05T11:00"), location: "Sala 4, planta 2",
            notes: "Line one\nLine two, with commas; semicolons and a very long sentence that goes well past seventy-five octets so it folds",
            attendees: [Attendee(name: "Pérez, Ana", email: "ana@example.com"), Attendee(name: "Bob"), Attendee(email: "c@example.com")],
            reminderMinutes: [10, 60]), id: "review", calendarID: calendarID)
        try store.insertEvent(EventDraft(title: "Call New York", when: timed("2026-03-06T09:00", "2026-03-06T09:30", "America/New_York")),
                              id: "ny", calendarID: calendarID)
        try store.insertEvent(EventDraft(title: "Holidays", when: .allDay(start: date("2026-03-30"), end: date("2026-04-06"))),
                              id: "holidays", calendarID: calendarID)
        try store.insertEvent(EventDraft(title: "Standup", when: timed("2026-03-02T09:00", "2026-03-02T09:15"),
                                         recurrence: ["RRULE:FREQ=WEEKLY;UNTIL=20260430T070000Z;BYDAY=MO,WE,FR", "EXDATE:20260304T080000Z"]),
                              id: "standup", calendarID: calendarID)
        try store.patchEvent(id: "standup_20260311T080000Z", EventPatch(title: "Standup (late)", when: timed("2026-03-11T10:00", "2026-03-11T10:15")))
        try store.deleteEvent(id: "standup_20260313T080000Z")
        try store.patchEvent(id: "standup_20260401T070000Z", EventPatch(location: .some("Garden")))
        try store.insertEvent(EventDraft(title: "Mum's birthday", when: .allDay(start: date("1960-03-10"), end: date("1960-03-11")),
                                         recurrence: ["RRULE:FREQ=YEARLY"], reminderMinutes: [1440]), id: "mum", calendarID: calendarID)
        try store.insertEvent(EventDraft(title: "Last Friday drinks", when: timed("2026-01-30T18:00", "2026-01-30T20:00"),
                                         recurrence: ["RRULE:FREQ=MONTHLY;BYDAY=-1FR"]), id: "drinks", calendarID: calendarID)
    }

    /// Events without the ids a store chose: what a person sees.
    static func content(_ events: [Event]) -> [String] {
        events.map { event in
            [event.title, "\(event.when)", event.location ?? "-", event.notes ?? "-", "\(event.attendees)",
             event.recurrence.joined(separator: "|"), "\(event.reminderMinutes)", event.originalStart.map { "\($0)" } ?? "-",
             event.iCalUID ?? "-", event.recurringEventID == nil ? "single" : "occurrence"].joined(separator: " ¦ ")
        }
    }

    @Test func anotherStoreReadsBackWhatOneWrote() throws {
        let first = try TestStore()
        defer { first.remove() }
        try Self.fill(first.store, calendarID: first.primaryID)
        let calendar = try first.store.calendars()[0]
        let written = ICalendarWriter.write(try first.store.storedEvents(calendarID: calendar.id), calendar: calendar, stamp: instant("2026-03-01T10:00:00Z"))
        #expect(written.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//clerk//clerk//EN\r\n"))
        #expect(written.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(written.contains("DTSTART;TZID=America/New_York:20260306T090000\r\n"))
        #expect(written.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Madrid\r\n"))

        let second = try TestStore(zone: "Asia/Tokyo")
        defer { second.remove() }
        let events = try ICalendarReader(file: "export.ics", zone: Zone(identifier: "Asia/Tokyo")!).read(Data(written.utf8))
        #expect(try second.store.importEvents(events, calendarID: second.primaryID, progress: nil) == ImportSummary(added: 8))

        #expect(Self.content(try second.store.storedEvents(calendarID: second.primaryID))
            == Self.content(try first.store.storedEvents(calendarID: first.primaryID)))
        let spring = (local("2026-03-01T00:00", Self.madrid), local("2026-05-01T00:00", Self.madrid))
        let before = try first.store.events(from: spring.0, to: spring.1, calendarIDs: nil)
        let after = try second.reopened(zone: Self.madrid).events(from: spring.0, to: spring.1, calendarIDs: nil)
        #expect(Self.content(after) == Self.content(before))
        #expect(before.count == 30)

        // The same file again adds nothing.
        #expect(try second.store.importEvents(events, calendarID: second.primaryID, progress: nil) == ImportSummary(unchanged: 8))
    }

    /// UTC and fixed-offset zones are written in UTC: the instants survive, the reader's zone
    /// shows them.
    @Test func writesFixedZonesInUTC() throws {
        let test = try TestStore()
        defer { test.remove() }
        try test.store.insertEvent(EventDraft(title: "Fixed", when: Self.timed("2026-03-05T09:00", "2026-03-05T10:00", "GMT+0300")),
                                   id: "fixed", calendarID: test.primaryID)
        let calendar = try test.store.calendars()[0]
        let written = ICalendarWriter.write(try test.store.storedEvents(calendarID: calendar.id), calendar: calendar, stamp: instant("2026-03-01T10:00:00Z"))
        #expect(written.contains("DTSTART:20260305T060000Z\r\nDTEND:20260305T070000Z\r\n"))
        let read = try ICalendarReader(file: "x.ics", zone: Zone(identifier: Self.madrid)!).read(Data(written.utf8))
        #expect(read.map(\.draft.when) == [.timed(start: instant("2026-03-05T06:00:00Z"), end: instant("2026-03-05T07:00:00Z"), timeZone: Self.madrid)])
    }

    /// A changed occurrence whose series is in neither the file nor the calendar stands
    /// alone, and was exported as a new event (UID "orphan#…", no RECURRENCE-ID). It now keeps
    /// its UID and RECURRENCE-ID, and importing the export again changes nothing.
    @Test func anOccurrenceWithoutItsSeriesKeepsItsRecurrenceID() throws {
        let test = try TestStore()
        defer { test.remove() }
        let file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:orphan\r\nRECURRENCE-ID;TZID=Europe/Madrid:20261207T100000\r\n"
            + "DTSTART;TZID=Europe/Madrid:20261207T120000\r\nDTEND;TZID=Europe/Madrid:20261207T130000\r\nSUMMARY:Moved one\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let reader = ICalendarReader(file: "x.ics", zone: Zone(identifier: Self.madrid)!)
        #expect(try test.store.importEvents(try reader.read(Data(file.utf8)), calendarID: test.primaryID, progress: nil) == ImportSummary(added: 1))
        let calendar = try test.store.calendars()[0]
        let written = ICalendarWriter.write(try test.store.storedEvents(calendarID: calendar.id), calendar: calendar, stamp: instant("2026-12-01T10:00:00Z"))
        #expect(written.contains("UID:orphan\r\n"))
        #expect(written.contains("RECURRENCE-ID;TZID=Europe/Madrid:20261207T100000\r\n"))
        #expect(try test.store.importEvents(try reader.read(Data(written.utf8)), calendarID: test.primaryID, progress: nil) == ImportSummary(unchanged: 1))
    }

    /// An occurrence imported before its series, then the series: the occurrence was shown
    /// beside the start it replaces, and importing it again added it a second time (the
    /// export then held two events of one UID and RECURRENCE-ID). It becomes the series' own.
    @Test func anOccurrenceImportedBeforeItsSeriesJoinsIt() throws {
        let test = try TestStore()
        defer { test.remove() }
        let occurrence = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:s1\r\nRECURRENCE-ID;TZID=Europe/Madrid:20261209T100000\r\n"
            + "DTSTART;TZID=Europe/Madrid:20261209T120000\r\nDTEND;TZID=Europe/Madrid:20261209T130000\r\nSUMMARY:Moved one\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let series = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:s1\r\nDTSTART;TZID=Europe/Madrid:20261207T100000\r\n"
            + "DTEND;TZID=Europe/Madrid:20261207T110000\r\nRRULE:FREQ=DAILY;COUNT=4\r\nSUMMARY:Daily\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let reader = ICalendarReader(file: "x.ics", zone: Zone(identifier: Self.madrid)!)
        func importing(_ text: String) throws -> ImportSummary {
            try test.store.importEvents(try reader.read(Data(text.utf8)), calendarID: test.primaryID, progress: nil)
        }
        func agenda() throws -> [String] {
            try test.store.events(from: local("2026-12-07T00:00", Self.madrid), to: local("2026-12-11T00:00", Self.madrid), calendarIDs: nil)
                .map { shown($0.when.startInstant(in: Zone(identifier: Self.madrid)!), in: Self.madrid) + " " + $0.title }
        }
        let expected = ["2026-12-07 10:00 +01:00 Daily", "2026-12-08 10:00 +01:00 Daily", "2026-12-09 12:00 +01:00 Moved one", "2026-12-10 10:00 +01:00 Daily"]
        #expect(try importing(occurrence) == ImportSummary(added: 1))
        #expect(try importing(series) == ImportSummary(added: 1))
        #expect(try agenda() == expected)
        #expect(try importing(occurrence) == ImportSummary(unchanged: 1))
        #expect(try importing(series) == ImportSummary(unchanged: 1))
        #expect(try agenda() == expected)
        let calendar = try test.store.calendars()[0]
        let written = ICalendarWriter.write(try test.store.storedEvents(calendarID: calendar.id), calendar: calendar, stamp: instant("2026-12-01T10:00:00Z"))
        #expect(written.components(separatedBy: "RECURRENCE-ID").count == 2)
    }

    /// Two RRULEs (RFC 5545 advises one, but allows more): both make starts, and both are
    /// written back.
    @Test func everyRuleOfASeriesIsKept() throws {
        let test = try TestStore()
        defer { test.remove() }
        let file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:two\r\nDTSTART;TZID=Europe/Madrid:20261207T100000\r\n"
            + "DTEND;TZID=Europe/Madrid:20261207T110000\r\nSUMMARY:Two rules\r\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2\r\nRRULE:FREQ=MONTHLY;BYMONTHDAY=15\r\n"
            + "END:VEVENT\r\nEND:VCALENDAR\r\n"
        let events = try ICalendarReader(file: "x.ics", zone: Zone(identifier: Self.madrid)!).read(Data(file.utf8))
        _ = try test.store.importEvents(events, calendarID: test.primaryID, progress: nil)
        let starts = try test.store.events(from: local("2026-12-01T00:00", Self.madrid), to: local("2027-02-01T00:00", Self.madrid), calendarIDs: nil)
            .map { shown($0.when.startInstant(in: Zone(identifier: Self.madrid)!), in: Self.madrid) }
        #expect(starts == ["2026-12-07 10:00 +01:00", "2026-12-14 10:00 +01:00", "2026-12-15 10:00 +01:00", "2027-01-15 10:00 +01:00"])
        let calendar = try test.store.calendars()[0]
        let written = ICalendarWriter.write(try test.store.storedEvents(calendarID: calendar.id), calendar: calendar, stamp: instant("2026-12-01T10:00:00Z"))
        #expect(written.contains("RRULE:FREQ=WEEKLY;COUNT=2;BYDAY=MO\r\nRRULE:FREQ=MONTHLY;BYMONTHDAY=15\r\n"))
    }
}
