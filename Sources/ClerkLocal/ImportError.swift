import FoundationEssentials
import ClerkCore

/// Why a file could not be imported: where, which property, and what was wrong, as one line
/// — `events.ics:42: DTSTART: expected a date or date-time, got 'tomorrow'`.
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the person named it.
    public var file: String
    /// 1-based line where the problem is (a folded property: the line it starts on); nil
    /// when the problem is the file as a whole (its size).
    public var line: Int?
    /// The property or component at fault (`DTSTART`, `VEVENT`, `BDAY`), nil for the shape
    /// of the file itself.
    public var property: String?
    public var reason: String

    public init(file: String, line: Int?, property: String? = nil, reason: String) {
        self.file = file
        self.line = line
        self.property = property
        self.reason = reason
    }

    public var description: String {
        "\(file):" + (line.map { "\($0): " } ?? " ") + (property.map { "\($0): " } ?? "") + reason
    }
}

/// A piece of the input quoted in a message: on one line and not too long.
func quoted(_ text: some StringProtocol, limit: Int = 60) -> String {
    let flat = String(text).replacingEvery("\r", with: "").replacingEvery("\n", with: " ")
    return "'" + (flat.count > limit ? flat.prefix(limit) + "…" : flat) + "'"
}

/// A UID for an item that has none, made from its content so that it is the same every time
/// the file is read (FNV-1a, 64 bits).
func madeUpUID(from parts: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in parts.joined(separator: "\u{1F}").utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    return "clerk-" + String(hash, radix: 16)
}
