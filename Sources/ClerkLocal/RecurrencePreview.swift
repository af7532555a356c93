public import ClerkCore
public import FoundationEssentials

/// The first starts of a series that is not stored yet, for the new-event card's "next three
/// dates" — the same libical expansion the store uses, so the card and the agenda agree.
public enum RecurrencePreview {
    /// How far ahead to look for `count` starts: ten years covers a yearly rule.
    static let horizonDays: Int64 = 3660

    /// The first `count` starts of `rule` (an RRULE value) for a series whose first
    /// occurrence is `first`, on the wall clock of `zone`.
    public static func starts(rule: String, first: When, zone: Zone, count: Int) throws -> [Date] {
        try starts(lines: ["RRULE:" + rule], first: first, zone: zone, count: count)
    }

    /// The first `count` starts of a series under `lines` (its RRULE, RDATE and EXDATE
    /// lines) whose first occurrence is `first`, on the wall clock of `zone`; one asked for
    /// at a time the zone skips that day counts from that time (`Event.skippedWallStart`).
    public static func starts(lines: [String], first: When, skippedWallStart: Int? = nil, zone: Zone, count: Int) throws -> [Date] {
        let rules = ZoneRules(zone)
        let wall: WallTime
        switch first {
        case .timed(let start, _, _):
            wall = zone.skippedWallClock(skippedWallStart, at: start).map { WallTime(secondsAsUTC: Int64($0)) } ?? rules.wallTime(at: Civil.seconds(start))
        case .allDay(let start, _): wall = WallTime(year: start.year, month: start.month, day: start.day)
        }
        let recurrence = try Recurrence(lines: lines, first: wall, isAllDay: first.isAllDay, zone: rules)
        let from = recurrence.firstKey
        let keys = recurrence.starts(from: from, to: from + horizonDays * 86_400).prefix(count)
        return keys.map { key in
            first.isAllDay ? Civil.date(ofKey: key).startOfDay(in: zone) : Civil.instant(key)
        }
    }

    /// True when a rule of `lines` repeats by the hour or more often (FREQ=HOURLY,
    /// MINUTELY, SECONDLY), read as the store's rules are (`RRule`).
    public static func repeatsWithinADay(_ lines: [String]) -> Bool {
        lines.contains { line in
            let upper = line.uppercased()
            guard upper.hasPrefix("RRULE:") || upper.hasPrefix("EXRULE:") else { return false }
            let value = upper.drop { $0 != ":" }.dropFirst()
            return ["HOURLY", "MINUTELY", "SECONDLY"].contains(RRule(value).frequency ?? "")
        }
    }
}
