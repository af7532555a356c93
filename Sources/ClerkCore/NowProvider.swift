public import FoundationEssentials

/// Where edge code gets "now" from, so every run can be replayed with `--now`.
///
/// Language code never asks for the time; it is handed a reference instant instead.
public struct NowProvider: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The current instant.
    public func now() -> Date { read() }

    /// The machine's clock.
    public static let system = NowProvider { Date() }

    /// A clock that always reads `date` (what `--now` gives).
    public static func fixed(_ date: Date) -> NowProvider {
        NowProvider { date }
    }
}
