@testable import ClerkGoogle
import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
import Testing

/// A whole series moved to another time through the Google backend and the emulator (over
/// libcurl on loopback): Google keeps a recurrence as written and its cancelled instances
/// at their old starts, so the patch carries the recurrence with the skipped days moved.
@Suite struct SeriesMoveGoogleTests {
    static let primary = "emulator@example.com"

    /// The starts Google makes of a series' instances, as their ids.
    static func instances(_ harness: GoogleHarness, _ id: String) -> [String] {
        (harness.side("GET", "/calendar/v3/calendars/emulator%40example.com/events/\(id)/instances")["items"]?.arrayValue ?? [])
            .compactMap { $0["id"]?.stringValue }
    }

    static func mirrored(_ backend: GoogleBackend, _ id: String) throws -> [String] {
        try backend.events(from: GoogleBackendTests.when(0, 0).startInstant(in: GoogleBackendTests.madrid),
                           to: GoogleBackendTests.when(14, 0).startInstant(in: GoogleBackendTests.madrid), calendarIDs: nil)
            .map(\.id).filter { $0.hasPrefix(id + "_") }
    }

    static let moved = ["standup01_20260302T090000Z", "standup01_20260304T090000Z", "standup01_20260306T090000Z"]

    @Test func theStandupMovedToTenSendsItsSkippedDaysAtTen() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        _ = try backend.insertEvent(EventDraft(title: "Standup", when: ServiceContractTests.when(0, 9, minutes: 15),
                                               recurrence: ["RRULE:FREQ=DAILY;COUNT=5", "EXDATE:20260303T080000Z"]),
                                    id: "standup01", calendarID: Self.primary)
        try backend.deleteEvent(id: "standup01_20260305T080000Z")
        try backend.patchEvent(id: "standup01", EventPatch(when: ServiceContractTests.when(0, 10, minutes: 15)))
        let sent = harness.sent.bodies("PATCH", endingWith: "/events/standup01")
        #expect(sent.count == 1)
        #expect(sent.first?["recurrence"] == ["RRULE:FREQ=DAILY;COUNT=5", "EXDATE:20260303T090000Z", "EXDATE:20260305T090000Z"])
        #expect(sent.first?["start"]?["dateTime"]?.stringValue == "2026-03-02T10:00:00+01:00")
        #expect(Self.instances(harness, "standup01") == Self.moved)
        #expect(try Self.mirrored(backend, "standup01") == Self.moved)
        // A change of the title alone sends no recurrence.
        try backend.patchEvent(id: "standup01", EventPatch(title: "Daily standup"))
        #expect(harness.sent.bodies("PATCH", endingWith: "/events/standup01").last?["recurrence"] == nil)
    }

    @Test func theStandupMovedOfflineIsSentOnceWithItsSkippedDaysMoved() throws {
        let harness = try GoogleHarness()
        let account = try harness.signIn()
        _ = try account.backend.insertEvent(EventDraft(title: "Standup", when: ServiceContractTests.when(0, 9, minutes: 15),
                                                       recurrence: ["RRULE:FREQ=DAILY;COUNT=5", "EXDATE:20260303T080000Z"]),
                                            id: "standup01", calendarID: Self.primary)
        try account.backend.deleteEvent(id: "standup01_20260305T080000Z")
        try account.backend.patchEvent(id: "standup01_20260306T080000Z", EventPatch(title: "Standup (demo)"))
        harness.goOffline()
        harness.clock.advance(6)
        try account.backend.patchEvent(id: "standup01", EventPatch(when: ServiceContractTests.when(0, 10, minutes: 15)))
        // The series' patch, then its changed day made again at 10 and the one at 9 deleted.
        #expect(try account.backend.store.outbox().map(\.kind) == ["event.patch", "event.patch", "event.delete"])
        #expect(try Self.mirrored(account.backend, "standup01") == Self.moved)

        try harness.comeBack()
        harness.clock.advance(31)
        let next = try #require(try GoogleAccount(setup: harness.setup))
        #expect(try Self.mirrored(next.backend, "standup01") == Self.moved)
        #expect(next.backend.takeNotices() == [.sent(count: 3)])
        #expect(try next.backend.event(id: "standup01_20260306T090000Z")?.title == "Standup (demo)")
        let sent = harness.sent.bodies("PATCH", endingWith: "/events/standup01")
        #expect(sent.count == 1)
        #expect(sent.first?["recurrence"] == ["RRULE:FREQ=DAILY;COUNT=5", "EXDATE:20260303T090000Z", "EXDATE:20260305T090000Z"])
        #expect(Self.instances(harness, "standup01") == Self.moved)
        #expect(next.backend.waitingCount == 0)
    }

    /// A day changed on its own is made again as the instance at the new start, the one at
    /// the old start deleted: one day, as changed.
    @Test func theStandupMovedToTenTakesItsChangedDayAlong() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        _ = try backend.insertEvent(EventDraft(title: "Standup", when: ServiceContractTests.when(0, 9, minutes: 15), recurrence: ["RRULE:FREQ=DAILY;COUNT=3"]),
                                    id: "standup01", calendarID: Self.primary)
        try backend.patchEvent(id: "standup01_20260303T080000Z", EventPatch(title: "Standup (demo)"))
        try backend.patchEvent(id: "standup01", EventPatch(when: ServiceContractTests.when(0, 10, minutes: 15)))
        let listed = (harness.side("GET", "/calendar/v3/calendars/emulator%40example.com/events/standup01/instances")["items"]?.arrayValue ?? [])
            .map { ($0["id"]?.stringValue ?? "") + " " + ($0["summary"]?.stringValue ?? "") + " " + ($0["start"]?["dateTime"]?.stringValue ?? "") }
        #expect(listed == ["standup01_20260302T090000Z Standup 2026-03-02T10:00:00+01:00", "standup01_20260303T090000Z Standup (demo) 2026-03-03T09:00:00+01:00",
                           "standup01_20260304T090000Z Standup 2026-03-04T10:00:00+01:00"])
        #expect(harness.requests().filter { $0.contains("standup01_") && !$0.hasPrefix("GET") }.map { String($0.prefix(7)) } == ["PATCH /", "PATCH /", "DELETE "])
        #expect(try Self.mirrored(backend, "standup01") == ["standup01_20260302T090000Z", "standup01_20260303T090000Z", "standup01_20260304T090000Z"])
    }
}
