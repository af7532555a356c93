@testable import ClerkGoogle
import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
import Testing

/// Google Calendar does not take a repeat by the hour ("meeting at 3 and 5", "every 3 hours
/// from 9am" are hourly rules on the local store): on Google it is refused before anything
/// is sent or queued, in words that say what to do instead.
@Suite struct HourlyRepeatGoogleTests {
    @Test func anHourlyRepeatIsRefusedBeforeItIsSent() throws {
        let harness = try GoogleHarness()
        let account = try harness.signIn()
        let backend = account.backend
        let draft = EventDraft(title: "Calls", when: GoogleBackendTests.when(1, 15), recurrence: ["RRULE:FREQ=HOURLY;INTERVAL=2;COUNT=2"])
        #expect(throws: ServiceError.invalid(.repeatsByTheHourOnGoogle)) {
            _ = try backend.insertEvent(draft, id: "calls0001", calendarID: GoogleRecoveryTests.primary)
        }
        #expect(!GoogleRecoveryTests.eventTitles(harness).contains("Calls"))
        #expect(try backend.store.outbox().isEmpty)
        // A daily repeat goes through as before.
        var daily = draft
        daily.recurrence = ["RRULE:FREQ=DAILY;COUNT=2"]
        _ = try backend.insertEvent(daily, id: "calls0002", calendarID: GoogleRecoveryTests.primary)
        #expect(GoogleRecoveryTests.eventTitles(harness).contains("Calls"))
    }

    @Test func aChangeToAnHourlyRepeatIsRefusedAndTheEventKeepsItsOwn() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let event = try backend.insertEvent(EventDraft(title: "Standup", when: GoogleBackendTests.when(1, 9), recurrence: ["RRULE:FREQ=DAILY;COUNT=3"]),
                                            id: "standup01", calendarID: GoogleRecoveryTests.primary)
        #expect(throws: ServiceError.invalid(.repeatsByTheHourOnGoogle)) {
            _ = try backend.patchEvent(id: event.id) { _ in EventPatch(recurrence: ["RRULE:FREQ=MINUTELY;COUNT=3"]) }
        }
        #expect(try backend.store.event(id: event.id)?.recurrence == ["RRULE:FREQ=DAILY;COUNT=3"])
    }
}
