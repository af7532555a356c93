@testable import ClerkGoogle
import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
import Testing

/// A day of a series cancelled on Google, read by a clerk that signs in afterwards: the full
/// listing clerk asks for (showDeleted, no singleEvents) brings the cancelled occurrence
/// beside its series in no promised order (the emulator's is the order of change), and the
/// mirror leaves that day out whichever comes first.
@Suite struct CancelledOccurrenceSyncTests {
    static let events = "/calendar/v3/calendars/emulator%40example.com/events"

    static func days(_ backend: GoogleBackend) throws -> [String] {
        try backend.events(from: GoogleBackendTests.when(0, 0).startInstant(in: GoogleBackendTests.madrid),
                           to: GoogleBackendTests.when(14, 0).startInstant(in: GoogleBackendTests.madrid), calendarIDs: nil)
            .map(\.id).filter { $0.hasPrefix("stroll001") }
    }

    /// The series changed after the day was cancelled comes after it in the listing.
    @Test(arguments: [false, true])
    func aDayCancelledOnGoogleStaysCancelledInAFreshMirror(seriesChangedAfter: Bool) throws {
        let harness = try GoogleHarness()
        let series: JSONValue = [
            "id": "stroll001", "summary": "Stroll",
            "start": ["dateTime": "2026-03-02T08:00:00+01:00", "timeZone": "Europe/Madrid"],
            "end": ["dateTime": "2026-03-02T08:30:00+01:00", "timeZone": "Europe/Madrid"],
            "recurrence": ["RRULE:FREQ=DAILY;COUNT=4"],
        ]
        let made = harness.side("POST", Self.events, series)
        #expect(made["id"] == "stroll001", "\(made)")
        harness.side("DELETE", Self.events + "/stroll001_20260303T070000Z")
        if seriesChangedAfter { #expect(harness.side("PATCH", Self.events + "/stroll001", ["summary": "Morning stroll"])["summary"] == "Morning stroll") }
        let listed = harness.side("GET", Self.events)["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(listed == (seriesChangedAfter ? ["stroll001_20260303T070000Z", "stroll001"] : ["stroll001", "stroll001_20260303T070000Z"]))

        let backend = try harness.signIn().backend
        #expect(try Self.days(backend) == ["stroll001_20260302T070000Z", "stroll001_20260304T070000Z", "stroll001_20260305T070000Z"])
    }
}
