@testable import ClerkGoogle
import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
import Testing

/// A series asked for at a time its zone skips on its first day (02:30 on 29 March 2026 in
/// Madrid), through the Google backend and the emulator: Google repeats a series on the
/// wall clock of its `start.dateTime` in `start.timeZone`, so clerk sends 02:30 without an
/// offset (with the instant's, 03:30+02:00, the series is at 03:30 every day), and the
/// emulator, which expands it with the local store, keeps 02:30 and writes it back with the
/// offset before the gap (`02:30:00+01:00`, the same instant).
@Suite struct SkippedStartGoogleTests {
    static let primary = "emulator@example.com", madrid = "Europe/Madrid"
    /// 02:30 on 29 March 2026 on Madrid's clock, and the instant it is read as (03:30 CEST).
    static let wall = 1_774_751_400, gapStart = Date(timeIntervalSince1970: 1_774_747_800)

    static func starts(_ items: [JSONValue]) -> [String] {
        items.compactMap { $0["start"]?["dateTime"]?.stringValue }
    }

    static func mirrored(_ backend: GoogleBackend) throws -> [String] {
        try backend.events(from: Date(timeIntervalSince1970: 1_774_652_400), to: Date(timeIntervalSince1970: 1_775_001_600), calendarIDs: nil)
            .map { ClockText.rfc3339($0.when.startInstant(in: Zone(identifier: madrid)!), zone: Zone(identifier: madrid)!) }
    }

    @Test func theSeriesGoesOnAtTheTimeAskedAtGoogleAndInTheMirror() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let draft = EventDraft(title: "Standup", when: .timed(start: Self.gapStart, end: Self.gapStart + 1800, timeZone: Self.madrid),
                               recurrence: ["RRULE:FREQ=DAILY;COUNT=3"], skippedWallStart: Self.wall)
        let created = try backend.insertEvent(draft, id: "standup01", calendarID: Self.primary)
        #expect(created.skippedWallStart == Self.wall)
        #expect(harness.sent.bodies("POST", endingWith: "/events").last?["start"] == ["dateTime": "2026-03-29T02:30:00", "timeZone": "Europe/Madrid"])
        let expected = ["2026-03-29T03:30:00+02:00", "2026-03-30T02:30:00+02:00", "2026-03-31T02:30:00+02:00"]
        #expect(Self.starts(harness.side("GET", "/calendar/v3/calendars/emulator%40example.com/events/standup01/instances")["items"]?.arrayValue ?? []) == expected)
        #expect(harness.side("GET", "/calendar/v3/calendars/emulator%40example.com/events/standup01")["start"]?["dateTime"] == "2026-03-29T02:30:00+01:00")
        #expect(try Self.mirrored(backend) == expected)

        // A change of title keeps the time; the mirror read again from Google keeps it too.
        try backend.patchEvent(id: "standup01", EventPatch(title: "Daily standup"))
        #expect(harness.sent.bodies("PATCH", endingWith: "/events/standup01").last?["start"] == nil)
        try FileManager.default.removeItem(atPath: harness.folder + "/google")
        let again = try #require(try GoogleAccount(setup: harness.setup))
        #expect(try Self.mirrored(again.backend) == expected)
    }

    /// A client sending the instant (03:30+02:00) gets a series at 03:30, as it asked; one
    /// sending 02:30 with the offset before the gap gets 02:30.
    @Test func theEmulatorReadsTheTimeAClientWrote() throws {
        let harness = try GoogleHarness()
        _ = try harness.signIn()
        for (id, start) in [("atthree01", "2026-03-29T03:30:00+02:00"), ("at2am001", "2026-03-29T02:30:00+01:00")] {
            _ = harness.side("POST", "/calendar/v3/calendars/emulator%40example.com/events", [
                "id": .string(id), "summary": "Standup", "recurrence": ["RRULE:FREQ=DAILY;COUNT=2"],
                "start": ["dateTime": .string(start), "timeZone": "Europe/Madrid"], "end": ["dateTime": "2026-03-29T04:00:00+02:00", "timeZone": "Europe/Madrid"],
            ])
        }
        #expect(Self.starts(harness.side("GET", "/calendar/v3/calendars/emulator%40example.com/events/atthree01/instances")["items"]?.arrayValue ?? [])
                    == ["2026-03-29T03:30:00+02:00", "2026-03-30T03:30:00+02:00"])
        #expect(Self.starts(harness.side("GET", "/calendar/v3/calendars/emulator%40example.com/events/at2am001/instances")["items"]?.arrayValue ?? [])
                    == ["2026-03-29T03:30:00+02:00", "2026-03-30T02:30:00+02:00"])
    }
}
