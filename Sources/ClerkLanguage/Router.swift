/// Turns a line a person typed into an `Intent` with its slots.
///
/// Rule-based and pure: the same text, reference time and known names always give the same
/// `Understanding`; it never reads the clock or touches a store.
public struct Router: Sendable {
    public init() {}

    /// Reads `text` at `reference`, using `known` as context (calendar, contact and file
    /// names the backend has).
    public func understand(_ text: String, at reference: ReferenceTime, known: KnownNames = .none) -> Understanding {
        Understanding(text: text, intent: .outOfScope(OutOfScope()), rule: "unimplemented")
    }
}
