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
        // The bytes read where they lie, into eight words on the stack: through the UTF-8
        // view and the arrays' checked subscripts, the notes cost ~50 instructions a byte.
        var bits = (singles: (UInt64(0), UInt64(0), UInt64(0), UInt64(0)), pairs: (UInt64(0), UInt64(0), UInt64(0), UInt64(0)))
        let read: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard var previous = bytes.first.map({ $0 | 0x20 }) else { return }
            Self.note(Int(previous), in: &bits.singles)
            for k in 1..<bytes.count {
                let folded = bytes[k] | 0x20
                Self.note(Int(folded), in: &bits.singles)
                Self.note(Self.pairSlot(previous, folded), in: &bits.pairs)
                previous = folded
            }
        }
        if read != nil {
            singles = [bits.singles.0, bits.singles.1, bits.singles.2, bits.singles.3]
            pairs = [bits.pairs.0, bits.pairs.1, bits.pairs.2, bits.pairs.3]
            return
        }
        var previous: UInt8?
        for byte in text.utf8 {
            let folded = byte | 0x20
            Self.set(&singles, Int(folded))
            if let previous { Self.set(&pairs, Self.pairSlot(previous, folded)) }
            previous = folded
        }
    }

    /// Sets bit `slot` (0 to 255) of four words.
    @inline(__always) private static func note(_ slot: Int, in words: inout (UInt64, UInt64, UInt64, UInt64)) {
        let bit: UInt64 = 1 << UInt64(slot & 63)
        switch slot >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// True when the line holds `word` (lower-case ASCII, as `Router.mayMention` takes it).
    /// Inlined where it is asked: the word is a constant there, whose bytes and pairs the
    /// compiler works out, and most asks end at the first bit tested.
    @inline(__always) func mayMention(_ word: StaticString) -> Bool {
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
    // (The word's index masked to 0...3: the compiler then drops the subscript's bounds check,
    // asked for every byte of every word `mayMention` is given.)
    @inline(__always) private static func set(_ bits: inout InlineArray<4, UInt64>, _ slot: Int) { bits[(slot >> 6) & 3] |= 1 << UInt64(slot & 63) }
    @inline(__always) private static func isSet(_ bits: InlineArray<4, UInt64>, _ slot: Int) -> Bool { bits[(slot >> 6) & 3] & (1 << UInt64(slot & 63)) != 0 }
}
