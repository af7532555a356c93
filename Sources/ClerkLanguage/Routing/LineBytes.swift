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
        // The bytes read where they lie, and the bits set through a pointer into eight words on
        // the stack (the four single words, then the four pair words): each note is a load, an
        // or and a store. Through the UTF-8 view and the arrays' checked subscripts the notes
        // cost ~50 instructions a byte, and chosen among the words of a tuple by a switch ~36.
        var bits: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        let read: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first else { return }
            withUnsafeMutableBytes(of: &bits) { raw in
                let words = raw.baseAddress!.assumingMemoryBound(to: UInt64.self)
                var previous = first | 0x20
                Self.note(Int(previous), in: words)
                for k in 1..<bytes.count {
                    let folded = bytes[k] | 0x20
                    Self.note(Int(folded), in: words)
                    Self.note(256 | Self.pairSlot(previous, folded), in: words)
                    previous = folded
                }
            }
        }
        if read != nil {
            singles = [bits.0, bits.1, bits.2, bits.3]
            pairs = [bits.4, bits.5, bits.6, bits.7]
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

    /// Sets bit `slot` (0 to 511) of the eight words at `words`.
    @inline(__always) private static func note(_ slot: Int, in words: UnsafeMutablePointer<UInt64>) {
        words[(slot >> 6) & 7] |= 1 << UInt64(slot & 63)
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
