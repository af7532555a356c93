@testable import ClerkGoogle
import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
import Testing

/// A weekly rule with BYSETPOS that another client of Google wrote ("the first of each week's
/// Monday and Friday"): the emulator's instances and clerk's mirror showed Fridays too, as
/// libical 3.0 kept every date of a week's set.
@Suite struct SetPositionGoogleTests {
    static let madrid = "Europe/Madrid"

    @Test func aClientsWeeklyRuleWithBySetPosShowsThePickedDays() throws {
        let harness = try GoogleHarness()
        _ = harness.side("POST", "/calendar/v3/calendars/emulator%40example.com/events", [
            "id": "setpos001", "summary": "Review", "recurrence": ["RRULE:FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=1;COUNT=3"],
            "start": ["dateTime": "2026-03-02T09:00:00+01:00", "timeZone": "Europe/Madrid"],
            "end": ["dateTime": "2026-03-02T09:30:00+01:00", "timeZone": "Europe/Madrid"],
        ])
        let expected = ["2026-03-02T09:00:00+01:00", "2026-03-09T09:00:00+01:00", "2026-03-16T09:00:00+01:00"]
        #expect(SkippedStartGoogleTests.starts(harness.side("GET", "/calendar/v3/calendars/emulator%40example.com/events/setpos001/instances")["items"]?.arrayValue ?? [])
                    == expected)
        let backend = try harness.signIn().backend
        let zone = Zone(identifier: Self.madrid)!
        #expect(try backend.events(from: Self.local("2026-03-01T00:00"), to: Self.local("2026-03-31T00:00"), calendarIDs: nil)
                    .map { ClockText.rfc3339($0.when.startInstant(in: zone), zone: zone) } == expected)
    }

    static func local(_ text: String) -> Date {
        let parts = text.split(whereSeparator: { "-T:".contains($0) }).map { Int($0)! }
        return Zone(identifier: madrid)!.date(LocalDate(year: parts[0], month: parts[1], day: parts[2]), hour: parts[3], minute: parts[4])
    }
}
