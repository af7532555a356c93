internal import ClerkCore
internal import FoundationEssentials

/// Converts between instants and wall times in one zone, handling daylight-saving changes.
///
/// A wall time that does not exist (02:30 on the morning clocks go forward) moves forward by
/// the gap (03:30); one that exists twice (02:30 on the morning clocks go back) is the first
/// (ClerkCore's `Zone.utcSeconds(ofWallClock:)`, which the store follows too).
struct ZoneClock: Sendable {
    let zone: Zone
    init(_ zone: Zone) {
        self.zone = zone
    }

    func wall(_ date: Date) -> WallSeconds {
        zone.wallSeconds(date)
    }

    /// The instant a wall time names (`Zone.utcSeconds(ofWallClock:)`, RFC 5545's rule).
    func instant(_ wall: WallSeconds) -> Date {
        zone.date(wallSeconds: wall)
    }
}
