import ClerkAssistant
import ClerkCore
import ClerkLocal
import Foundation
import Testing

/// A reminder earlier than four weeks before (Google Calendar's limit) is refused when said,
/// whatever the backend: it was shown on the card ("reminder 1666 h 39 min before"), kept by
/// the local store, and refused by Google only after the yes, "Google refused that (400
/// invalid)".
@Suite struct ReminderLimitTests {
    static let refused = "A reminder can be at most 4 weeks before the event, not 35 days before. Nothing changed."

    @Test func aNewEventsReminderIsRefused() throws {
        let test = try ConcurrentChangeTests.Fixture()
        defer { test.remove() }
        let reply = test.session.respond(to: "meeting tomorrow at 10 remind me 5 weeks before")
        #expect(!reply.ok)
        #expect(reply.message == Self.refused)
        #expect(!reply.asksQuestion)
        let four = test.session.respond(to: "meeting tomorrow at 10 remind me 4 weeks before")
        #expect(four.asksQuestion)
        #expect(four.message.contains("reminder 28 days before"))
    }

    @Test func aChangedReminderIsRefused() throws {
        let test = try ConcurrentChangeTests.Fixture()
        defer { test.remove() }
        let reply = test.session.respond(to: "remind me 5 weeks before the dentist")
        #expect(reply.message == Self.refused)
        #expect(try test.store.event(id: "dentist")?.reminderMinutes == [])
    }

    @Test func aReminderSaidAtTheCardIsRefusedAndTheCardStaysOpen() throws {
        let test = try ConcurrentChangeTests.Fixture()
        defer { test.remove() }
        #expect(test.session.respond(to: "meeting tomorrow at 10").asksQuestion)
        let reply = test.session.respond(to: "remind me 5 weeks before")
        #expect(reply.message.hasPrefix(Self.refused))
        #expect(test.session.respond(to: "y").ok)
        let made = try test.store.events(from: ConcurrentChangeTests.now, to: ConcurrentChangeTests.now + 7 * 86_400, calendarIDs: nil)
        #expect(made.filter { $0.title == "Meeting" }.map(\.reminderMinutes) == [[]])
    }
}
