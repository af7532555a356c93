import ClerkAssistant
import ClerkCore
import ClerkLocal
import Foundation
import Testing

/// A change asked for in one session while another process changes the same event: the
/// answer's change is worked out again from the event as stored, so the other one stays.
@Suite struct ConcurrentChangeTests {
    static let zone = Zone(identifier: "Europe/Madrid")!
    static let now = Date(timeIntervalSince1970: 1_796_025_600)  // Mon 30 Nov 2026, 09:00 in Madrid

    /// A session on a store holding "Dentist", Fri 4 Dec 15:00–16:00 with Ana, and a second
    /// connection to the same file, as another clerk process would have.
    final class Fixture {
        let folder = NSTemporaryDirectory() + "clerk-concurrent-" + UUID().uuidString
        let store: LocalStore
        let other: LocalStore
        let session: Session

        init() throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            store = try LocalStore(path: folder + "/clerk.sqlite3", timeZone: ConcurrentChangeTests.zone, now: .fixed(ConcurrentChangeTests.now))
            other = try LocalStore(path: folder + "/clerk.sqlite3", timeZone: ConcurrentChangeTests.zone, now: .fixed(ConcurrentChangeTests.now))
            let primary = try #require(try store.calendars().first(where: \.isPrimary))
            try store.insertEvent(EventDraft(title: "Dentist", when: Fixture.friday(15), attendees: [Attendee(name: "Ana")]),
                                  id: "dentist", calendarID: primary.id)
            session = Session(context: SessionContext(calendars: store, contacts: store, files: store, backendName: "local",
                                                      now: .fixed(ConcurrentChangeTests.now), zone: ConcurrentChangeTests.zone))
        }

        /// Friday 4 December at `hour`:00 for an hour, in Madrid.
        static func friday(_ hour: Int) -> When {
            let start = ConcurrentChangeTests.zone.date(LocalDate(year: 2026, month: 12, day: 4), hour: hour)
            return .timed(start: start, end: start + 3600, timeZone: "Europe/Madrid")
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    @Test func anAttendeeAddedMeanwhileStays() throws {
        let test = try Fixture()
        defer { test.remove() }
        _ = test.session.respond(to: "when is my next dentist appointment")
        #expect(test.session.respond(to: "add Bob").asksQuestion)
        try test.other.patchEvent(id: "dentist", EventPatch(title: "Dentist check-up", attendees: [Attendee(name: "Ana"), Attendee(name: "Carla")]))
        #expect(test.session.respond(to: "y").ok)
        let event = try #require(try test.store.event(id: "dentist"))
        #expect(event.title == "Dentist check-up")
        #expect(event.attendees.map(\.name) == ["Ana", "Carla", "Bob"])
    }

    @Test func aMoveCountsFromWhereTheEventIsWhenTheAnswerComes() throws {
        let test = try Fixture()
        defer { test.remove() }
        #expect(test.session.respond(to: "move the dentist an hour later").asksQuestion)
        try test.other.patchEvent(id: "dentist", EventPatch(when: Fixture.friday(17)))
        #expect(test.session.respond(to: "y").ok)
        #expect(try test.store.event(id: "dentist")?.when == Fixture.friday(18))
    }
    /// "undo" puts back what this session changed, and only that: a rename made meanwhile by
    /// another process stays (it was: the whole event put back as it was, the rename lost).
    @Test func undoingAMoveKeepsARenameMadeMeanwhile() throws {
        let test = try Fixture()
        defer { test.remove() }
        #expect(test.session.respond(to: "move the dentist to 17:00").asksQuestion)
        #expect(test.session.respond(to: "y").ok)
        try test.other.patchEvent(id: "dentist", EventPatch(title: "Dentist check-up", location: .some("Calle Mayor 1")))
        #expect(test.session.respond(to: "undo").asksQuestion)
        #expect(test.session.respond(to: "y").ok)
        let event = try #require(try test.store.event(id: "dentist"))
        #expect(event.when == Fixture.friday(15))
        #expect(event.title == "Dentist check-up")
        #expect(event.location == "Calle Mayor 1")
    }

    @Test func undoingARenameKeepsAMoveMadeMeanwhile() throws {
        let test = try Fixture()
        defer { test.remove() }
        #expect(test.session.respond(to: "rename the dentist to Dentist check-up").asksQuestion)
        #expect(test.session.respond(to: "y").ok)
        try test.other.patchEvent(id: "dentist", EventPatch(when: Fixture.friday(18), attendees: [Attendee(name: "Ana"), Attendee(name: "Carla")]))
        #expect(test.session.respond(to: "undo").asksQuestion)
        #expect(test.session.respond(to: "y").ok)
        let event = try #require(try test.store.event(id: "dentist"))
        #expect(event.title == "Dentist")
        #expect(event.when == Fixture.friday(18))
        #expect(event.attendees.map(\.name) == ["Ana", "Carla"])
    }
    @Test func undoingAnAddedGuestKeepsAGuestAddedMeanwhile() throws {
        let test = try Fixture()
        defer { test.remove() }
        _ = test.session.respond(to: "when is my next dentist appointment")
        #expect(test.session.respond(to: "add Bob").asksQuestion)
        #expect(test.session.respond(to: "y").ok)
        try test.other.patchEvent(id: "dentist", EventPatch(attendees: [Attendee(name: "Ana"), Attendee(name: "Bob"), Attendee(name: "Carla")]))
        #expect(test.session.respond(to: "undo").asksQuestion)
        #expect(test.session.respond(to: "y").ok)
        #expect(try test.store.event(id: "dentist")?.attendees.map(\.name) == ["Ana", "Carla"])
    }
}
