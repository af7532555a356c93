@testable import ClerkGoogle
import ClerkCore
import Foundation
import Testing

/// Google's resources read as clerk's values and written back, without a server.
@Suite struct GoogleCodingTests {
    @Test func anEventReadsItsTimesInItsOwnZoneAndItsPeopleAndReminders() throws {
        let json = try JSONValue.parse(#"""
            {"id":"abc123","summary":"Lunch","location":"Casa Lucio","description":"",
             "start":{"dateTime":"2026-03-05T13:00:00+01:00","timeZone":"Europe/Madrid"},"end":{"dateTime":"2026-03-05T14:00:00+01:00"},
             "attendees":[{"email":"ana@example.com","displayName":"Ana"},{"email":"room@resource.calendar.google.com","resource":true}],
             "reminders":{"useDefault":false,"overrides":[{"method":"popup","minutes":10}]},"updated":"2026-03-01T10:00:00.000Z","iCalUID":"abc123@google.com"}
            """#)
        let event = try #require(GoogleCoding.event(json, calendarID: "primary", calendarZone: "UTC"))
        #expect(event.when == .timed(start: Date(timeIntervalSince1970: 1_772_712_000), end: Date(timeIntervalSince1970: 1_772_715_600), timeZone: "Europe/Madrid"))
        #expect(event.location == "Casa Lucio" && event.notes == nil)
        #expect(event.attendees == [Attendee(name: "Ana", email: "ana@example.com")])
        #expect(event.reminderMinutes == [10])
        #expect(event.updated == Date(timeIntervalSince1970: 1_772_359_200))
    }

    @Test func anAllDayEventAndAChangedOccurrence() throws {
        let allDay = try JSONValue.parse(#"{"id":"d1","summary":"Trip","start":{"date":"2026-03-06"},"end":{"date":"2026-03-09"}}"#)
        #expect(GoogleCoding.event(allDay, calendarID: "c", calendarZone: "UTC")?.when
            == .allDay(start: LocalDate(year: 2026, month: 3, day: 6), end: LocalDate(year: 2026, month: 3, day: 9)))
        let moved = try JSONValue.parse(#"""
            {"id":"s1_20260309T090000Z","recurringEventId":"s1","originalStartTime":{"dateTime":"2026-03-09T10:00:00+01:00","timeZone":"Europe/Madrid"},
             "summary":"Sync","start":{"dateTime":"2026-03-09T11:00:00+01:00"},"end":{"dateTime":"2026-03-09T11:30:00+01:00"},"recurrence":["RRULE:FREQ=DAILY"]}
            """#)
        let occurrence = try #require(GoogleCoding.event(moved, calendarID: "c", calendarZone: "Europe/Madrid"))
        #expect(occurrence.recurringEventID == "s1")
        #expect(occurrence.recurrence.isEmpty)
        #expect(occurrence.originalStart == .timed(start: Date(timeIntervalSince1970: 1_773_046_800), end: Date(timeIntervalSince1970: 1_773_046_800), timeZone: "Europe/Madrid"))
        // A cancelled stub has no times: it is not an event clerk can show.
        #expect(GoogleCoding.event(try JSONValue.parse(#"{"id":"x","status":"cancelled"}"#), calendarID: "c", calendarZone: "UTC") == nil)
    }

    @Test func aDraftBecomesAnInsertBodyAndAPatchOnlyWhatChanges() throws {
        let draft = EventDraft(title: "Dentist", when: .timed(start: Date(timeIntervalSince1970: 1_772_712_000), end: Date(timeIntervalSince1970: 1_772_715_600), timeZone: "Europe/Madrid"),
                               attendees: [Attendee(name: "Ana", email: "ana@example.com"), Attendee(name: "Bob")], recurrence: ["RRULE:FREQ=WEEKLY"])
        #expect(GoogleCoding.eventBody(draft, id: "den000001").serialized() == #"{"id":"den000001","summary":"Dentist","start":{"dateTime":"2026-03-05T13:00:00+01:00","timeZone":"Europe/Madrid"},"end":{"dateTime":"2026-03-05T14:00:00+01:00","timeZone":"Europe/Madrid"},"attendees":[{"email":"ana@example.com","displayName":"Ana"}],"recurrence":["RRULE:FREQ=WEEKLY"],"reminders":{"useDefault":true}}"#)
        #expect(GoogleCoding.patchBody(EventPatch(title: "Dentist (moved)", location: .some(nil), reminderMinutes: [30])).serialized()
            == #"{"summary":"Dentist (moved)","location":null,"reminders":{"useDefault":false,"overrides":[{"method":"popup","minutes":30}]}}"#)
        #expect(GoogleCoding.patchBody(EventPatch(location: .some("12 High St"), notes: .some("bring x-rays"))).serialized()
            == #"{"location":"12 High St","description":"bring x-rays"}"#)
    }

    @Test func aPersonIsAContactAndAnEmptyOneIsSkipped() throws {
        let person = try JSONValue.parse(#"""
            {"resourceName":"people/c1","names":[{"displayName":"Ana Pérez","givenName":"Ana","familyName":"Pérez","metadata":{"primary":true}}],
             "emailAddresses":[{"value":"ana@work.example","type":"work","formattedType":"Work"},{"value":"ana@example.com","metadata":{"primary":true}}],
             "phoneNumbers":[{"value":"+34 600 123 456","type":"mobile"}],"birthdays":[{"date":{"month":5,"day":5}}],
             "organizations":[{"name":"Acme","title":"CTO"}],"biographies":[{"value":"Met at the conference"}]}
            """#)
        let contact = try #require(GoogleCoding.contact(person))
        #expect(contact.name == "Ana Pérez")
        #expect(contact.emails == [LabeledValue("ana@example.com"), LabeledValue("ana@work.example", label: "Work")])
        #expect(contact.phones == [LabeledValue("+34 600 123 456", label: "mobile")])
        #expect(contact.birthday == Birthday(month: 5, day: 5))
        #expect(contact.company == "Acme" && contact.jobTitle == "CTO" && contact.notes == "Met at the conference")
        #expect(GoogleCoding.contact(try JSONValue.parse(#"{"resourceName":"people/c2","names":[]}"#)) == nil)
    }

    /// Google's `Date` writes 0 for a part it does not know: year 0 is a birthday without a
    /// year, and a month or day of 0 (or out of range) names no day — such a birthday
    /// crashed every look at the contact (a month name read at index -1).
    @Test(arguments: [
        (#"{"year":0,"month":3,"day":4}"#, Birthday(month: 3, day: 4)),
        (#"{"year":1990,"month":0,"day":0}"#, nil),
        (#"{"year":1990,"month":7}"#, nil),
        (#"{"month":13,"day":40}"#, nil),
        (#"{"year":2001,"month":2,"day":29}"#, nil),
        (#"{"month":2,"day":29}"#, Birthday(month: 2, day: 29)),
        (#"{"year":1985,"month":5,"day":5}"#, Birthday(year: 1985, month: 5, day: 5)),
    ] as [(String, Birthday?)])
    func aBirthdayThatNamesNoDayIsLeftOut(date: String, expected: Birthday?) throws {
        let person = try JSONValue.parse(#"{"resourceName":"people/c1","names":[{"displayName":"Ana"}],"birthdays":[{"date":"# + date + "}]}")
        #expect(try #require(GoogleCoding.contact(person)).birthday == expected)
    }

    @Test func aNameInsideADriveQueryIsEscapedBackslashFirst() {
        #expect(GoogleAPI.quoted("it's a \\ test") == "it\\'s a \\\\ test")
        #expect(Form.encode([("q", "name contains '" + GoogleAPI.quoted("it's a \\ test") + "'")])
            == "q=name%20contains%20%27it%5C%27s%20a%20%5C%5C%20test%27")
    }
}
