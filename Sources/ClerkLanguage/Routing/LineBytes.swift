/// A line with the bytes it holds noted once, case folded (`| 0x20`, as `Router.mayMention`
/// compares): each byte, and each pair of adjacent bytes (hashed into 256 bits). The router
/// asks a line for a dozen words before its dearer looks ("their", "because", ", "); each ask
/// scanned the whole line, and with these notes most are answered no in a few instructions.
/// A yes is checked by the scan: the notes only ever say that a word may be there.
struct LineBytes {
    let text: String
    private var singles: InlineArray<4, UInt64> = .init(repeating: 0)
    private var pairs: InlineArray<4, UInt64> = .init(repeating: 0)

    init(_ text: String) {
        self.text = text
        var previous: UInt8?
        for byte in text.utf8 {
            let folded = byte | 0x20
            Self.set(&singles, Int(folded))
            if let previous { Self.set(&pairs, Self.pairSlot(previous, folded)) }
            previous = folded
        }
    }

    /// True when the line holds `word` (lower-case ASCII, as `Router.mayMention` takes it).
    func mayMention(_ word: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard let first = pattern.first else { return true }
        guard Self.isSet(singles, Int(first)) else { return false }
        for k in pattern.indices.dropFirst() where !Self.isSet(pairs, Self.pairSlot(pattern[k - 1], pattern[k])) { return false }
        return Router.mayMention(text, word)
    }

    /// True when the line may hold `byte` (any byte, also one beyond ASCII: the lead byte of
    /// a dash "–" or "—"); a yes is to be checked by a scan.
    func mayHold(byte: UInt8) -> Bool { Self.isSet(singles, Int(byte | 0x20)) }

    @inline(__always) private static func pairSlot(_ a: UInt8, _ b: UInt8) -> Int { (Int(a) &* 31 &+ Int(b)) & 255 }
    @inline(__always) private static func set(_ bits: inout InlineArray<4, UInt64>, _ slot: Int) { bits[slot >> 6] |= 1 << UInt64(slot & 63) }
    @inline(__always) private static func isSet(_ bits: InlineArray<4, UInt64>, _ slot: Int) -> Bool { bits[slot >> 6] & (1 << UInt64(slot & 63)) != 0 }
}
