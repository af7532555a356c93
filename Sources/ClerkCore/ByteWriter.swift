/// Bytes appended into one growing allocation, for writers that build their output a byte
/// or a short run at a time (`clerk parse --jsonl`'s answers, `JSONValue`).
///
/// An append is a capacity check and a store; appending to an `[UInt8]` also asks each time
/// whether the array's storage is shared, which made a key of the `--jsonl` answer cost
/// about 190 instructions. Not copyable: it owns its memory, freed when it goes.
public struct ByteWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var used = 0
    /// How many bytes have been written.
    public var count: Int { used }

    public init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Forgets what was written, keeping the memory.
    public mutating func removeAll() { used = 0 }

    // The appends are public and inlinable, so that they are inlined into the writers of other
    // modules (a `package` one stayed a call, about 45 instructions a key of `--jsonl`); the
    // growing is kept out of line, so what is inlined stays small.
    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if used == capacity { grow(toHold: 1) }
        base[used] = byte
        used += 1
    }

    /// Appends a run of bytes at once.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - used < bytes.count { grow(toHold: bytes.count) }
        (base + used).update(from: source, count: bytes.count)
        used += bytes.count
    }

    /// Appends a literal's UTF-8 bytes (a constant run such as `,"title":`) at once.
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        if text.hasPointerRepresentation {
            append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        } else {
            appendScalar(text.unicodeScalar)
        }
    }

    /// Appends the first `count` (up to 24) bytes of three words, in memory order, with three
    /// stores: for a short text made once and written often (a time of `--jsonl`, 21 bytes
    /// that cost a capacity check each when appended a byte at a time).
    @inlinable @inline(__always)
    public mutating func append(words: (UInt64, UInt64, UInt64), count: Int) {
        if capacity - used < 24 { grow(toHold: 24) }
        let target = UnsafeMutableRawPointer(base + used)
        target.storeBytes(of: words.0, as: UInt64.self)
        target.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
        target.storeBytes(of: words.2, toByteOffset: 16, as: UInt64.self)
        used += Swift.min(Swift.max(count, 0), 24)
    }

    /// A literal of one scalar, which a `StaticString` may hold without bytes.
    @usableFromInline @inline(never)
    mutating func appendScalar(_ scalar: Unicode.Scalar) {
        for byte in String(scalar).utf8 { append(byte) }
    }

    /// Room for `needed` more bytes: the capacity doubled, or more when that is not enough.
    @usableFromInline @inline(never)
    mutating func grow(toHold needed: Int) {
        let wanted = used.addingReportingOverflow(needed)
        let doubled = capacity.multipliedReportingOverflow(by: 2)
        let newCapacity = Swift.max(wanted.overflow ? Int.max : wanted.partialValue, doubled.overflow ? Int.max : doubled.partialValue)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.initialize(from: base, count: used)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// The bytes written so far, for the time of `body`.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: used))
    }

    /// A copy of the bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: used)) }
}
