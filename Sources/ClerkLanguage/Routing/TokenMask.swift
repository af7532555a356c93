/// Which tokens of a line a reader has taken (`EventDetails.used`), one bit a token.
///
/// The readers mark and ask it dozens of times a line. As a `[Bool]` it was an allocation
/// for every reader of every line, freed again, and a uniqueness check at every mark; the
/// tokens of a line of up to 128, nearly every line, fit in two words here, and a longer
/// line keeps the others in an array. An index must be below `count`, as in an array.
struct TokenMask {
    /// The tokens the mask covers.
    let count: Int
    /// Tokens 0 to 63 and 64 to 127, the lowest bit the first.
    private var low: UInt64 = 0, high: UInt64 = 0
    /// Tokens from 128 on (empty, and so no allocation, for a shorter line).
    private var rest: [Bool]

    /// `count` tokens, none taken.
    init(count: Int) {
        self.count = count
        rest = count > 128 ? [Bool](repeating: false, count: count - 128) : []
    }

    subscript(i: Int) -> Bool {
        get {
            precondition(i >= 0 && i < count, "token index out of range")
            if i < 64 { return low &>> UInt64(i) & 1 != 0 }
            if i < 128 { return high &>> UInt64(i - 64) & 1 != 0 }
            return rest[i - 128]
        }
        set {
            precondition(i >= 0 && i < count, "token index out of range")
            if i < 64 {
                low = newValue ? low | 1 &<< UInt64(i) : low & ~(1 &<< UInt64(i))
            } else if i < 128 {
                high = newValue ? high | 1 &<< UInt64(i - 64) : high & ~(1 &<< UInt64(i - 64))
            } else {
                setBeyond128(i, newValue)
            }
        }
    }

    /// `self[i] = value` for a token from 128 on. Out of line: inlined into a reader, the
    /// array's uniqueness check was hoisted out of its loops and run on every line, the
    /// empty array copied each time (~200 instructions).
    @inline(never)
    private mutating func setBeyond128(_ i: Int, _ value: Bool) {
        rest[i - 128] = value
    }
}
