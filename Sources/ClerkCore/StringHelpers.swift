/// What clerk used of Foundation's `NSString` methods, which FoundationEssentials lacks:
/// clerk links FoundationEssentials only, as loading all of Foundation and ICU cost a
/// one-shot command a third of its start (BENCHMARKS.md, "FoundationEssentials").
extension StringProtocol {
    /// Without the spaces (any Unicode space separator) and tabs at either end: Foundation's
    /// `.whitespaces`.
    public func trimmingSpaces() -> String {
        trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// Without white space, line breaks included, at either end: Foundation's
    /// `.whitespacesAndNewlines` (Unicode's White_Space property).
    public func trimmingWhitespace() -> String {
        trimming { $0.properties.isWhitespace }
    }

    /// Without spaces, tabs and punctuation at either end ("yes!" → "yes"): Foundation's
    /// `.punctuationCharacters.union(.whitespaces)`.
    public func trimmingSpacesAndPunctuation() -> String {
        trimming { scalar in
            if scalar == "\t" { return true }
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                 .initialPunctuation, .finalPunctuation, .otherPunctuation:
                return true
            default:
                return false
            }
        }
    }

    /// Without the scalars `drop` accepts at either end.
    func trimming(where drop: (Unicode.Scalar) -> Bool) -> String {
        // (The scalars of a `String`, and the slice's own `String.init`: read through the
        // protocol, a `UnicodeScalarView` made from the slice went through the standard
        // library's unspecialized generic init, 0.2 M instructions at its first call.)
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !drop($0) })!
        return String(scalars[first...last])
    }
}

extension Array where Element == String {
    /// `joined(separator:)`, by concatenation, for what is joined before the grammar's thread
    /// starts (the command line): the standard library's generic `joined` looks up 0.2 M
    /// instructions of conformances at its first call in a process, which is better made
    /// while that thread runs.
    public func concatenated(separator: String) -> String {
        var text = ""
        for (index, element) in enumerated() {
            if index > 0 { text += separator }
            text += element
        }
        return text
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement`, compared byte for byte (so "\r"
    /// is found inside "\r\n", which is one `Character`): Foundation's
    /// `replacingOccurrences(of:with:)` for the literal texts clerk replaces.
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        let pattern = Array(target.utf8)
        guard let first = pattern.first else { return self }
        let bytes = Array(utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == first, bytes.count - i >= pattern.count, bytes[i..<i + pattern.count].elementsEqual(pattern) {
                result.append(contentsOf: replacement.utf8)
                i += pattern.count
            } else {
                result.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// "new york" → "New York": each word's first letter upper case, the rest as typed.
    public var wordsCapitalized: String {
        split(separator: " ", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// The text followed by spaces up to `width` characters, or cut to `width`: Foundation's
    /// `padding(toLength:withPad: " ", startingAt: 0)`, counted in characters.
    public func padded(toWidth width: Int) -> String {
        let length = count
        if length >= width { return length == width ? self : String(prefix(max(0, width))) }
        return self + String(repeating: " ", count: width - length)
    }

    /// The extension of a file name ("notes.TXT" → "TXT"): what follows the last "." of its
    /// last component, "" when there is none or the name starts with it (".profile"), as
    /// Foundation's `pathExtension`.
    public var fileExtension: String {
        let name = split(separator: "/", omittingEmptySubsequences: true).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The file name with `suffix` before its extension ("notes.txt" → "notes-new.txt"), or
    /// at its end when it has none.
    public func insertingBeforeExtension(_ suffix: String) -> String {
        let ext = fileExtension
        return ext.isEmpty ? self + suffix : String(dropLast(ext.count + 1)) + suffix + "." + ext
    }

    /// The path without its last component ("/a/b/c.txt" → "/a/b", "/a" → "/", "c.txt" →
    /// ""), as Foundation's `deletingLastPathComponent`.
    public var parentPath: String {
        var path = Substring(self)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        var parent = path[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
        return String(parent)
    }

    /// `value` with one decimal ("1.5"), rounded half to even as C's `%.1f` is: exactly so
    /// for the fractions of 1,024 clerk shows as sizes (`value * 10` is exact for them).
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int(saturating: (value * 10).rounded(.toNearestOrEven))
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return sign + String(magnitude / 10) + "." + String(magnitude % 10)
    }
}
