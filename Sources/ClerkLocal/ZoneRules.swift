import ClerkCore
import FoundationEssentials

/// The UTC offsets of one time zone, and RFC 5545's reading of a wall time in it.
///
/// Offsets come from ClerkCore's `Zone`, which reads the system's tz database
/// (/usr/share/zoneinfo). libical 3.0.16's own zones, built from the same files, give wrong
/// offsets for some years (São Paulo 2014, Tehran 1992–2019) and read a time inside a DST gap
/// or overlap against the RFC, so clerk does not use them here.
struct ZoneRules {
    let timeZone: Zone
    /// The name it was asked for by (Foundation calls UTC "GMT").
    let identifier: String

    init(_ timeZone: Zone) {
        self.timeZone = timeZone
        identifier = timeZone.identifier
    }

    /// The zone for an IANA name or a fixed offset ("GMT+0100"); nil when unknown.
    init?(identifier: String) {
        guard let zone = Zone(identifier: identifier) else { return nil }
        timeZone = zone
        self.identifier = identifier
    }

    static let utc = ZoneRules(identifier: "UTC")!

    /// Seconds east of UTC at the instant `utcSeconds`.
    func offset(at utcSeconds: Int64) -> Int {
        timeZone.offset(atUTCSeconds: Int(utcSeconds))
    }

    /// The wall clock in this zone at `utcSeconds`.
    func wallTime(at utcSeconds: Int64) -> WallTime {
        WallTime(secondsAsUTC: utcSeconds + Int64(offset(at: utcSeconds)))
    }

    /// The instant a wall time names (RFC 5545 §3.3.5): a time that occurs twice (clocks
    /// going back) is the first of the two; a time that does not exist (clocks going forward)
    /// is read with the offset in force before the gap, so 02:30 becomes 03:30 summer time.
    /// ClerkCore's `Zone.utcSeconds(ofWallClock:)` holds the rule.
    func utcSeconds(of wall: WallTime) -> Int64 {
        Int64(timeZone.utcSeconds(ofWallClock: Int(wall.secondsAsUTC)))
    }
}
