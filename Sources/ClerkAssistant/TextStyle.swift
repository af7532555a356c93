import ClerkCore

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

    /// A value quoted inside a one-line message ("got '…'"): at most `limit` characters,
    /// cut with an ellipsis (`fit`), in single quotes, with every control character visible
    /// — line ends and tabs too (`inline`), so the message stays on its line.
    public static func quoted(_ text: some StringProtocol, limit: Int = 60) -> String {
        "'" + inline(plain.fit(String(text), limit)) + "'"
    }

    /// A file or folder named in a one-line message: whole up to 200 characters, as a person
    /// must be able to find it (a store to move aside), cut with an ellipsis past that (a
    /// 130 kB `--data-dir` gave a 130 kB error line), its control characters visible.
    public static func path(_ path: String) -> String {
        inline(plain.fit(path, 200))
    }

    /// `text` for the inside of one line — a title, a name, a value quoted in an error:
    /// every character `terminal(_:)` makes visible, and line ends and tabs too (`^J`, `^M`,
    /// `^I`), so data cannot start a line of its own (an imported title with a newline forged
    /// an agenda line).
    public static func inline(_ text: String) -> String {
        visible(text, keepingLineEnds: false)
    }

    /// `text` as it may reach a terminal: control and format characters made visible (see
    /// `visible(_:keepingLineEnds:)`) except line ends and tabs; then the style marks turned
    /// into escapes (with colour) or dropped. Text with nothing to change comes back as it is.
    public func terminal(_ text: String) -> String {
        let shown = Self.visible(text, keepingLineEnds: true)
        guard shown.unicodeScalars.contains(where: Self.isMark) else { return shown }
        var out = String.UnicodeScalarView()
        for scalar in shown.unicodeScalars {
            if Self.isMark(scalar) {
                if color { out.append(contentsOf: Self.escapes[Int(scalar.value - Self.firstMark)].unicodeScalars) }
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= firstMark && scalar.value < firstMark + UInt32(escapes.count)
    }

    /// `text` with what must not reach a terminal as it is made visible, as `less` shows it:
    /// C0 and DEL in caret notation (ESC is `^[`, BEL `^G`, DEL `^?`; line ends and tabs kept
    /// with `keepingLineEnds`); C1 controls, the line and paragraph separators U+2028 and
    /// U+2029, and format characters — the bidi overrides and isolates (U+202E turns the
    /// rest of a line around), zero-width spaces, U+FEFF — as `<U+202E>`. The joiners
    /// U+200C and U+200D and the tag characters U+E0020…U+E007F are kept: emoji and scripts
    /// are written with them.
    static func visible(_ text: String, keepingLineEnds: Bool) -> String {
        func shown(_ scalar: Unicode.Scalar) -> String? {
            switch scalar.value {
            case 0x0A, 0x09:
                return keepingLineEnds ? nil : "^" + String(Unicode.Scalar(UInt8(scalar.value) ^ 0x40))
            case 0x00...0x1F, 0x7F:
                return "^" + String(Unicode.Scalar(UInt8(scalar.value) ^ 0x40))
            case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x5FF:
                return nil
            case 0x200C, 0x200D, 0xE0020...0xE007F:
                return nil
            case 0x80...0x9F, 0x2028, 0x2029:
                break
            default:
                guard scalar.properties.generalCategory == .format else { return nil }
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
        }
        guard text.unicodeScalars.contains(where: { shown($0) != nil }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let visible = shown(scalar) { out.append(contentsOf: visible.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }
}

extension String {
    /// A title, name or place from data as it is put inside a line of an answer
    /// (`TextStyle.inline`): a newline in an imported title started an agenda line of its own.
    var oneLine: String { TextStyle.inline(self) }
}

extension Event {
    /// The title as text output shows it: one line, and "(no title)" for an empty or blank
    /// one (an .ics with an empty SUMMARY showed as a blank agenda row). `--json` keeps the
    /// title exact.
    var shownTitle: String {
        title.allSatisfy(\.isWhitespace) ? Renderer.noTitle : title.oneLine
    }
}
