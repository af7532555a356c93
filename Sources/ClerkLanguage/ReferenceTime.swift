public import ClerkCore
public import FoundationEssentials

/// The moment and place a phrase is read against. Language code never reads the clock:
/// "tomorrow" means the day after `instant` in `timeZone`, and nothing else.
public struct ReferenceTime: Sendable, Hashable {
    public var instant: Date
    public var timeZone: Zone
    /// How `12/3` is read: month first (the default, as in the US) or day first.
    public var dateOrder: DateOrder

    public init(instant: Date, timeZone: Zone, dateOrder: DateOrder = .monthFirst) {
        self.instant = instant
        self.timeZone = timeZone
        self.dateOrder = dateOrder
    }
}

/// Which number comes first in a numeric date like `12/3`.
public enum DateOrder: String, Sendable, Hashable, CaseIterable {
    case monthFirst
    case dayFirst
}
