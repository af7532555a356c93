import ClerkCore
import Foundation
import Testing

/// RFC 3339 as clerk writes and reads it, on the wall clock of a zone.
@Suite struct ClockTextTests {
    static let madrid = Zone(identifier: "Europe/Madrid")!

    @Test(arguments: [
        (1_772_438_400.0, "Europe/Madrid", "2026-03-02T09:00:00+01:00"),
        (1_782_000_000.0, "Europe/Madrid", "2026-06-21T02:00:00+02:00"),
        (1_772_438_400.0, "America/St_Johns", "2026-03-02T04:30:00-03:30"),
        (1_772_438_400.0, "UTC", "2026-03-02T08:00:00Z"),
        (-1.5, "UTC", "1969-12-31T23:59:58Z"),
    ])
    func writesTheWallClockWithItsOffset(seconds: Double, zone: String, text: String) {
        let instant = Date(timeIntervalSince1970: seconds)
        #expect(ClockText.rfc3339(instant, zone: Zone(identifier: zone)!) == text)
        #expect(ClockText.rfc3339Instant(text) == Date(timeIntervalSince1970: seconds.rounded(.down)))
    }

    @Test func writesUTCWithMillisecondsAsGoogleDoes() {
        #expect(ClockText.rfc3339UTCMilliseconds(Date(timeIntervalSince1970: 1_772_438_400.25)) == "2026-03-02T08:00:00.250Z")
        #expect(ClockText.rfc3339UTCMilliseconds(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
    }

    @Test func readsOffsetsFractionsAndZonelessTimesInAZone() {
        let fraction = ClockText.rfc3339Instant("2026-03-02T09:00:00.123+01:00")?.timeIntervalSince1970 ?? 0
        #expect(abs(fraction - 1_772_438_400.123) < 0.000_5)
        #expect(ClockText.rfc3339Instant("2026-03-02t08:00:00z") == Date(timeIntervalSince1970: 1_772_438_400))
        #expect(ClockText.rfc3339Instant("2026-03-02T09:00:00", zone: Self.madrid) == Date(timeIntervalSince1970: 1_772_438_400))
        #expect(ClockText.rfc3339Instant("2026-03-02T09:00:00") == nil)
        #expect(ClockText.rfc3339Instant("2026-03-02") == nil)
        #expect(ClockText.rfc3339Instant("2026-03-02T25:00:00Z") == nil)
        #expect(ClockText.rfc3339Instant("2026-03-02T09:00:00.x+01:00") == nil)
    }
}
