internal import ClerkCore
internal import Foundation

/// Converts between instants and wall times in one zone, handling daylight-saving changes.
///
/// A wall time that does not exist (02:30 on the morning clocks go forward) moves forward by
/// the gap (03:30); one that exists twice (02:30 on the morning clocks go back) is the first.
struct ZoneClock: Sendable {
    let zone: TimeZone
    init(_ zone: TimeZone) {
        self.zone = zone
    }

    func offset(at instantSeconds: Int) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instantSeconds)))
    }

    func wall(_ date: Date) -> WallTime {
        let seconds = Int(saturating: date.timeIntervalSince1970.rounded(.down))
        return seconds + offset(at: seconds)
    }

    func instant(_ wall: WallTime) -> Date {
        let before = offset(at: wall - Wall.day)
        let after = offset(at: wall + Wall.day)
        if before == after {
            let o = offset(at: wall - before)
            return Date(timeIntervalSince1970: TimeInterval(wall - o))
        }
        // Around a change: the earliest candidate that shows this wall time, else (a gap)
        // the old offset, which lands after the gap.
        let candidates = [wall - before, wall - after].sorted()
        for c in candidates where c + offset(at: c) == wall {
            return Date(timeIntervalSince1970: TimeInterval(c))
        }
        return Date(timeIntervalSince1970: TimeInterval(wall - before))
    }
}
