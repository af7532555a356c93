@testable import ClerkGoogle
import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
import Testing

/// events.move through the Google backend and the emulator (over libcurl on loopback):
/// sent first, kept in the outbox while Google cannot be reached, and never failing or
/// made twice when it reaches Google again after it already happened.
@Suite struct EventMoveTests {
    static let primary = "emulator@example.com"

    /// The titles of a calendar's events as Google has them, sorted.
    static func titles(_ harness: GoogleHarness, _ calendar: String) -> [String] {
        let path = "/calendar/v3/calendars/\(calendar.replacingOccurrences(of: "@", with: "%40"))/events"
        return (harness.side("GET", path)["items"]?.arrayValue ?? []).compactMap { $0["summary"]?.stringValue }.sorted()
    }

    /// The requests the emulator saw, as "METHOD path", for the move paths.
    static func moves(_ harness: GoogleHarness) -> [String] {
        harness.requests().filter { $0.hasSuffix("/move") }
    }

    @Test func aMoveGoesToGoogleFirstAndTheMirrorFollows() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let work = try backend.createCalendar(named: "Work", timeZone: "Europe/Madrid")
        _ = try backend.insertEvent(EventDraft(title: "Dentist", when: GoogleBackendTests.when(1, 10)), id: "dentist01", calendarID: Self.primary)
        harness.clearRequests()
        let moved = try backend.moveEvent(id: "dentist01", toCalendarID: work.id)
        #expect(moved.id == "dentist01" && moved.calendarID == work.id)
        #expect(Self.moves(harness) == ["POST /calendar/v3/calendars/\(Self.primary)/events/dentist01/move"])
        #expect(Self.titles(harness, work.id) == ["Dentist"])
        #expect(Self.titles(harness, Self.primary) == [])
        #expect(try backend.store.event(id: "dentist01")?.calendarID == work.id)
        #expect(backend.waitingCount == 0)
    }

    @Test func anOfflineMoveWaitsAndIsSentOnceWhenGoogleIsBack() throws {
        let harness = try GoogleHarness()
        let account = try harness.signIn()
        let work = try account.backend.createCalendar(named: "Work", timeZone: "Europe/Madrid")
        _ = try account.backend.insertEvent(EventDraft(title: "Standup", when: GoogleBackendTests.when(0, 9), recurrence: ["RRULE:FREQ=DAILY;COUNT=3"]),
                                            id: "standup01", calendarID: Self.primary)
        try account.backend.patchEvent(id: "standup01_20260303T080000Z", EventPatch(title: "Standup (late)"))
        harness.goOffline()
        harness.clock.advance(6)
        let moved = try account.backend.moveEvent(id: "standup01", toCalendarID: work.id)
        #expect(moved.calendarID == work.id)
        // The mirror shows it moved at once, its changed day too, and says it waits.
        #expect(try account.backend.store.event(id: "standup01_20260303T080000Z")?.calendarID == work.id)
        #expect(account.backend.takeNotices().last == .waiting(count: 1, cause: .unreachable))
        #expect(try account.backend.store.outbox().map(\.kind) == ["event.move"])

        try harness.comeBack()
        harness.clearRequests()
        harness.clock.advance(31)
        let next = try #require(try GoogleAccount(setup: harness.setup))
        let week = try next.backend.events(from: GoogleBackendTests.when(0, 0).startInstant(in: GoogleBackendTests.madrid),
                                           to: GoogleBackendTests.when(7, 0).startInstant(in: GoogleBackendTests.madrid), calendarIDs: [work.id])
        #expect(week.map(\.title) == ["Standup", "Standup (late)", "Standup"])
        #expect(next.backend.takeNotices() == [.sent(count: 1)])
        #expect(Self.moves(harness) == ["POST /calendar/v3/calendars/\(Self.primary)/events/standup01/move"])
        #expect(Self.titles(harness, work.id) == ["Standup", "Standup (late)"])
        #expect(Self.titles(harness, Self.primary) == [])
        // Sent again (a copy of the mirror restored, another process): already done, no error.
        harness.clearRequests()
        try next.backend.store.enqueue(kind: "event.move",
                                       payload: PendingChange.moveEvent(calendarID: Self.primary, eventID: "standup01", destination: work.id).payload.serialized())
        next.backend.flushOutbox()
        #expect(next.backend.takeNotices() == [.sent(count: 1)])
        #expect(next.backend.waitingCount == 0)
        #expect(Self.titles(harness, work.id) == ["Standup", "Standup (late)"])
        #expect(try next.backend.store.event(id: "standup01")?.calendarID == work.id)
    }

    /// The move went through but its answer was lost: the retry finds no event on the
    /// calendar it left (404), and clerk reads it from the one it went to.
    @Test func aMoveWhoseAnswerIsLostIsDoneOnce() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let work = try backend.createCalendar(named: "Work", timeZone: "Europe/Madrid")
        _ = try backend.insertEvent(EventDraft(title: "Dentist", when: GoogleBackendTests.when(1, 10)), id: "dentist02", calendarID: Self.primary)
        harness.arm(["method": "POST", "path": .string("/calendar/v3/calendars/\(Self.primary)/events/dentist02/move"), "mode": "drop-after-apply"])
        let moved = try backend.moveEvent(id: "dentist02", toCalendarID: work.id)
        #expect(moved.id == "dentist02" && moved.calendarID == work.id)
        #expect(Self.titles(harness, work.id) == ["Dentist"])
        #expect(Self.titles(harness, Self.primary) == [])
        #expect(backend.waitingCount == 0)
    }

    /// Google refuses to move one day of a series; clerk does not send it.
    @Test func oneDayOfASeriesIsNotSent() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let work = try backend.createCalendar(named: "Work", timeZone: "Europe/Madrid")
        _ = try backend.insertEvent(EventDraft(title: "Standup", when: GoogleBackendTests.when(0, 9), recurrence: ["RRULE:FREQ=DAILY;COUNT=3"]),
                                    id: "standup02", calendarID: Self.primary)
        harness.clearRequests()
        #expect(throws: ServiceError.invalid(.occurrenceCannotMove)) {
            try backend.moveEvent(id: "standup02_20260303T080000Z", toCalendarID: work.id)
        }
        #expect(Self.moves(harness) == [])
        // The emulator, asked directly, refuses as Google does.
        let answer = harness.side("POST", "/calendar/v3/calendars/primary/events/standup02_20260303T080000Z/move?destination=" + work.id)
        #expect(answer["error"]?["errors"]?.arrayValue?.first?["reason"]?.stringValue == "cannotChangeOrganizerOfInstance")
        let missing = harness.side("POST", "/calendar/v3/calendars/primary/events/standup02/move")
        #expect(missing["error"]?["errors"]?.arrayValue?.first?["reason"]?.stringValue == "required")
        #expect(Self.titles(harness, Self.primary) == ["Standup"])
    }
}
