public import FoundationEssentials

/// When an event happens: a span of instants shown in a zone, or whole days.
public enum When: Hashable, Sendable {
    /// From `start` up to `end` (exclusive), displayed in `timeZone` (an IANA identifier).
    case timed(start: Date, end: Date, timeZone: String)
    /// Whole days from `start` up to `end` (exclusive): one day is `end == start + 1`.
    case allDay(start: LocalDate, end: LocalDate)

    /// The first instant of the event in `zone` (all-day events start at local midnight).
    public func startInstant(in zone: Zone) -> Date {
        switch self {
        case .timed(let start, _, _): return start
        case .allDay(let start, _): return start.startOfDay(in: zone)
        }
    }

    /// The instant the event is over in `zone` (exclusive).
    public func endInstant(in zone: Zone) -> Date {
        switch self {
        case .timed(_, let end, _): return end
        case .allDay(_, let end): return end.startOfDay(in: zone)
        }
    }

    public var isAllDay: Bool {
        if case .allDay = self { return true }
        return false
    }

    /// The same kind of span moved by `seconds` (all-day spans move by whole days).
    public func shifted(bySeconds seconds: TimeInterval) -> When {
        switch self {
        case .timed(let start, let end, let zone):
            return .timed(start: start + seconds, end: end + seconds, timeZone: zone)
        case .allDay(let start, let end):
            let days = Int((seconds / 86_400).rounded())
            return .allDay(start: start.adding(days: days), end: end.adding(days: days))
        }
    }
}
