public import Foundation

extension TimeZone {
    /// Seconds east of UTC at the instant `utcSeconds` (seconds since 1970, UTC).
    @inlinable
    public func offset(atUTCSeconds utcSeconds: Int) -> Int {
        secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utcSeconds)))
    }

    /// The instant a wall-clock reading names in this zone, as UTC seconds; `wallSeconds` is
    /// the reading as seconds since 1970-01-01T00:00 on this zone's clock.
    ///
    /// RFC 5545 §3.3.5's rule, which the date reader and the store both follow: a reading that
    /// occurs twice (clocks going back) is the first of the two; one that does not exist
    /// (clocks going forward) is read with the offset in force before the gap, so 02:30 on
    /// that morning becomes 03:30 summer time.
    public func utcSeconds(ofWallClock wallSeconds: Int) -> Int {
        // Transitions are further apart than two days in every zone, so the offsets a day
        // either side are the only candidates.
        let before = offset(atUTCSeconds: wallSeconds - CivilCalendar.secondsPerDay)
        let after = offset(atUTCSeconds: wallSeconds + CivilCalendar.secondsPerDay)
        if before == after { return wallSeconds - before }
        // Around a change: the earlier instant first (the larger offset), then the other.
        for candidate in [max(before, after), min(before, after)] where offset(atUTCSeconds: wallSeconds - candidate) == candidate {
            return wallSeconds - candidate
        }
        return wallSeconds - before
    }
}
