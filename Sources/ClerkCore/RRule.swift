/// An RFC 5545 RRULE value as its `KEY=VALUE` parts, in the order written: the one reader of
/// rule text outside libical (which checks and expands rules), so the store, the mirror and
/// the conversation read FREQ, INTERVAL, COUNT, UNTIL and the BY… lists alike, and write a
/// changed rule back with its parts where they were.
public struct RRule: Hashable, Sendable {
    /// One `KEY=VALUE`; `value` is nil for a part without `=`.
    public struct Part: Hashable, Sendable {
        public var key: String
        public var value: String?
    }

    /// BYDAY's day codes, Monday first (ISO weekday 1 is index 0).
    public static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// The parts as written; empty ones (`;;`, a `;` at the end) left out.
    public private(set) var parts: [Part]
    /// True when an empty part comes before another (`FREQ=DAILY;;COUNT=3`): libical reads
    /// the rule only up to it, so the COUNT would be lost.
    public let skipsAPart: Bool

    /// Reads `text`, with or without its `RRULE:` prefix.
    public init(_ text: some StringProtocol) {
        let text = Substring(text)
        let body = text.hasPrefix("RRULE:") ? text.dropFirst("RRULE:".count) : text
        let pieces = body.split(separator: ";", omittingEmptySubsequences: false)
        skipsAPart = pieces.dropLast().contains { $0.isEmpty }
        parts = pieces.filter { !$0.isEmpty }.map { piece in
            guard let equals = piece.firstIndex(of: "=") else { return Part(key: String(piece), value: nil) }
            return Part(key: String(piece[..<equals]), value: String(piece[piece.index(after: equals)...]))
        }
    }

    /// The value of `key` (upper-case; matched whatever the rule's case); the last one when
    /// it is given twice.
    public subscript(key: String) -> String? {
        parts.last { $0.value != nil && $0.key.uppercased() == key }?.value
    }

    /// True when every part has a key and a value (`FREQ=`, `=DAILY` and `DAILY` have not).
    public var isWellFormed: Bool {
        parts.allSatisfy { !$0.key.isEmpty && $0.value?.isEmpty == false }
    }

    /// FREQ, upper-cased: `DAILY`, `WEEKLY`, …
    public var frequency: String? { self["FREQ"]?.uppercased() }
    /// INTERVAL, 1 when not said (or not a number).
    public var interval: Int { Int(self["INTERVAL"] ?? "1") ?? 1 }
    public var count: Int? { self["COUNT"].flatMap { Int($0) } }
    public var until: String? { self["UNTIL"] }

    /// The items of a list part (`BYDAY=MO,WE` is `["MO", "WE"]`), empty when not said.
    public func list(_ key: String) -> [String] {
        (self[key] ?? "").split(separator: ",").map(String.init)
    }

    /// Sets `key` to `value` where it is (written `KEY=`, upper-cased), or at the end.
    public mutating func set(_ key: String, _ value: String) {
        if let index = parts.firstIndex(where: { $0.key.uppercased() == key }) {
            parts[index] = Part(key: key, value: value)
        } else {
            parts.append(Part(key: key, value: value))
        }
    }

    /// Leaves `key` out.
    public mutating func remove(_ key: String) {
        parts.removeAll { $0.key.uppercased() == key }
    }

    /// The rule as text, without the `RRULE:` prefix.
    public var text: String {
        parts.map { part in part.value.map { part.key + "=" + $0 } ?? part.key }.joined(separator: ";")
    }

    /// The rule as a recurrence line: `RRULE:FREQ=…`.
    public var line: String { "RRULE:" + text }
}

extension RRule {
    /// A recurrence line (`RRULE`, `EXRULE`, `RDATE`, `EXDATE`) in upper case but for a
    /// TZID's value (it names a file): RFC 5545 reads names and rule parts whatever
    /// their case, and Google keeps a rule as a client sent it (`rrule:freq=weekly;byday=mo`),
    /// while clerk's code looks for `RRULE:` — a split "from now on" of such a series left its
    /// first half without an end, so both halves went on. Lines from Google pass here.
    public static func canonicalLine(_ line: String) -> String {
        // The name and its parameters end at the first colon outside quotes.
        var quoted = false
        var colon: String.Index?
        for i in line.indices {
            if line[i] == "\"" { quoted.toggle() } else if line[i] == ":", !quoted { colon = i; break }
        }
        guard let colon else { return line }
        var head = ""
        for (n, piece) in line[..<colon].split(separator: ";", omittingEmptySubsequences: false).enumerated() {
            if n > 0 { head += ";" }
            if let equals = piece.firstIndex(of: "="), piece[..<equals].uppercased() == "TZID" {
                head += "TZID" + piece[equals...]
            } else {
                head += piece.uppercased()
            }
        }
        return head + line[colon...].uppercased()
    }
}
