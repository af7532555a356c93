/// How text answers look: colour only on a terminal without `NO_COLOR`, lines fitted to the
/// terminal's width — and, when text is written out (`terminal(_:)`), every control
/// character from data or input made visible.
///
/// Styles are not written as terminal escapes while a message is built: a title, a name
/// or a file's content inside the message could hold escapes of its own (clear the screen,
/// retitle the window), and in the finished text the two would look alike. So `bold`, `dim`,
/// `warning` and `error` put marks around their text — Unicode noncharacters U+FDD0…U+FDD4,
/// which Unicode keeps for a program's own use — and `terminal(_:)` first makes every
/// control character visible, then turns the marks into escapes (or drops them without
/// colour). A mark that came from data can only ever become one of these five styles.
public struct TextStyle: Sendable, Hashable {
    var color: Bool
    var width: Int

    public init(color: Bool = false, width: Int = 80) {
        self.color = color
        self.width = max(40, width)
    }

    /// Plain text, 80 columns: pipes, `--json` messages and tests.
    public static let plain = TextStyle()

    /// The marks and the escapes they stand for.
    ///
    /// | mark   | style   | escape    |
    /// |--------|---------|-----------|
    /// | U+FDD0 | reset   | `ESC[0m`  |
    /// | U+FDD1 | bold    | `ESC[1m`  |
    /// | U+FDD2 | dim     | `ESC[2m`  |
    /// | U+FDD3 | warning | `ESC[33m` |
    /// | U+FDD4 | error   | `ESC[31m` |
    /// (Swift takes no noncharacter in a literal, so the marks are made from their values.)
    static let escapes = ["\u{1B}[0m", "\u{1B}[1m", "\u{1B}[2m", "\u{1B}[33m", "\u{1B}[31m"]
    static let firstMark: UInt32 = 0xFDD0

    private static func mark(_ index: UInt32) -> String {
        String(Character(Unicode.Scalar(firstMark + index)!))
    }

    private func marked(_ text: String, _ index: UInt32) -> String {
        color ? Self.mark(index) + text + Self.mark(0) : text
    }

    func bold(_ text: String) -> String { marked(text, 1) }
    func dim(_ text: String) -> String { marked(text, 2) }
    func warning(_ text: String) -> String { marked(text, 3) }
    func error(_ text: String) -> String { marked(text, 4) }

    /// `text` cut to `columns` characters with an ellipsis when longer.
    func fit(_ text: String, _ columns: Int) -> String {
        guard columns > 1, text.count > columns else { return text }
        return String(text.prefix(columns - 1)) + "…"
    }

    /// `text` as it may reach a terminal: control characters made visible as `less` shows
    /// them — C0 and DEL in caret notation (ESC is `^[`, BEL `^G`, DEL `^?`), C1 as
    /// `<U+009B>` — except line ends and tabs; then the style marks turned into escapes
    /// (with colour) or dropped. Text with nothing to change comes back as it is.
    public func terminal(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: Self.needsChange) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09:
                out.append(scalar)
            case 0x00...0x1F, 0x7F:
                out.append("^")
                out.append(Unicode.Scalar(UInt8(scalar.value) ^ 0x40))
            case 0x80...0x9F:
                out.append(contentsOf: "<U+00\(String(scalar.value, radix: 16, uppercase: true))>".unicodeScalars)
            case Self.firstMark..<(Self.firstMark + UInt32(Self.escapes.count)):
                if color { out.append(contentsOf: Self.escapes[Int(scalar.value - Self.firstMark)].unicodeScalars) }
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func needsChange(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return scalar.value >= firstMark && scalar.value < firstMark + UInt32(escapes.count)
        }
    }
}
