extension ByteWriter {
    /// Appends `value` in decimal ASCII: a minus first when it is negative, then zeros up to
    /// `width` digits ("2026", "07", "-0044"). For writers that build text byte by byte, where
    /// string interpolation costs several times as much (`clerk parse --jsonl`, slot values).
    @inlinable @inline(__always)
    public mutating func appendDecimal(_ value: Int, width: Int = 1) {
        // Two digits, the months, days and clock of every time written, without the loops.
        if width == 2, value >= 0, value < 100 {
            append(UInt8(ascii: "0") + UInt8(value / 10))
            append(UInt8(ascii: "0") + UInt8(value % 10))
        } else if width == 4, value >= 0, value < 10_000 {
            // Four digits, the years of every date written.
            append(UInt8(ascii: "0") + UInt8(value / 1000))
            append(UInt8(ascii: "0") + UInt8(value / 100 % 10))
            append(UInt8(ascii: "0") + UInt8(value / 10 % 10))
            append(UInt8(ascii: "0") + UInt8(value % 10))
        } else {
            appendDigits(value, width: width)
        }
    }

    @usableFromInline @inline(never)
    mutating func appendDigits(_ value: Int, width: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1, count = 1
        while magnitude / divisor >= 10 { divisor *= 10; count += 1 }
        for _ in count..<Swift.max(width, count) { append(UInt8(ascii: "0")) }
        var rest = magnitude
        while divisor > 0 {
            append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
