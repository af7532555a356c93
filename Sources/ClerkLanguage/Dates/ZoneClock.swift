internal import ClerkCore
internal import Foundation

/// Converts between instants and wall times in one zone, handling daylight-saving changes.
///
/// A wall time that does not exist (02:30 on the morning clocks go forward) moves forward by
/// the gap (03:30); one that exists twice (02:30 on the morning clocks go back) is the first
/// (ClerkCore's `TimeZone.utcSeconds(ofWallClock:)`, which the store follows too).
struct ZoneClock: Sendable {
    let zone: TimeZone
    init(_ zone: TimeZone) {
        self.zone = zone
    }

    func wall(_ date: Date) -> WallSeconds {
        let seconds = Int(saturating: date.timeIntervalSince1970.rounded(.down))
        return seconds + zone.offset(atUTCSeconds: seconds)
    }

    /// The instant a wall time names (`TimeZone.utcSeconds(ofWallClock:)`, RFC 5545's rule).
    func instant(_ wall: WallSeconds) -> Date {
        Date(timeIntervalSince1970: TimeInterval(zone.utcSeconds(ofWallClock: wall)))
    }
}
