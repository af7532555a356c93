/// How text answers look: colour only on a terminal without `NO_COLOR`, lines fitted to the
/// terminal's width.
public struct TextStyle: Sendable, Hashable {
    public var color: Bool
    public var width: Int

    public init(color: Bool = false, width: Int = 80) {
        self.color = color
        self.width = max(40, width)
    }

    /// Plain text, 80 columns: pipes, `--json` messages and tests.
    public static let plain = TextStyle()

    public func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    public func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    public func warning(_ text: String) -> String { color ? "\u{1B}[33m\(text)\u{1B}[0m" : text }
    public func error(_ text: String) -> String { color ? "\u{1B}[31m\(text)\u{1B}[0m" : text }

    /// `text` cut to `columns` characters with an ellipsis when longer.
    public func fit(_ text: String, _ columns: Int) -> String {
        guard columns > 1, text.count > columns else { return text }
        return String(text.prefix(columns - 1)) + "…"
    }
}
