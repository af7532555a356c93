/// What a match's elements captured, stored inline (no allocation): one slot per element,
/// -1 for an absent optional element, `2t` for token `t`, `2i+1` for item `i`.
struct Captures: Sendable {
    /// Patterns have at most this many elements (checked when the grammar is built).
    static let capacity = 16
    fileprivate var storage: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
                          Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
    = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)
    private(set) var count = 0

    init() {}

    /// The first `count` of `slots`, which has `capacity` initialized entries: all of them are
    /// copied in one block move (a loop of `count` cost 40 instructions a match); the slots
    /// past `count` are never read.
    init(_ slots: UnsafeMutablePointer<Int32>, count: Int) {
        self.count = count
        withUnsafeMutableBytes(of: &storage) { raw in
            raw.copyMemory(from: UnsafeRawBufferPointer(start: slots, count: Self.capacity * MemoryLayout<Int32>.stride))
        }
    }

    /// A slot, read by a switch over the tuple's elements: reading it through
    /// `withUnsafeBytes(of:)` copied all 64 bytes to the stack first, at each of the few dozen
    /// reads a parse (`Match.item`, `Chart.parts`).
    subscript(_ i: Int) -> Int32 {
        precondition(i < count)
        switch i {
        case 0: return storage.0
        case 1: return storage.1
        case 2: return storage.2
        case 3: return storage.3
        case 4: return storage.4
        case 5: return storage.5
        case 6: return storage.6
        case 7: return storage.7
        case 8: return storage.8
        case 9: return storage.9
        case 10: return storage.10
        case 11: return storage.11
        case 12: return storage.12
        case 13: return storage.13
        case 14: return storage.14
        default: return storage.15
        }
    }
}

/// A match's captures read where they lie, for `Match`: the matches are `Chart.FoundList`'s,
/// which does not change while they are produced. (A `Match` holding its `Captures` copied
/// the 72 bytes out of the list, into the match and with the match into the rule's call:
/// ~70 instructions a match, ~8 matches a parse.)
struct CaptureSlots {
    private let slots: UnsafeRawPointer
    let count: Int

    @inline(__always) init(_ captures: UnsafePointer<Captures>) {
        // (`storage` is a stored property: its pointer always exists.)
        slots = UnsafeRawPointer(captures.pointer(to: \.storage)!)
        count = captures.pointee.count
    }

    /// Slot `i` (see `Captures`), which must be below `count` (inlined: `Match`'s readers are
    /// small enough to be inlined into the rules only with it).
    @inline(__always) subscript(_ i: Int) -> Int32 {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: count))
        return slots.load(fromByteOffset: i &* MemoryLayout<Int32>.stride, as: Int32.self)
    }
}
