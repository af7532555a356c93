/// What a match's elements captured, stored inline (no allocation): one slot per element,
/// -1 for an absent optional element, `2t` for token `t`, `2i+1` for item `i`.
struct Captures: Sendable {
    /// Patterns have at most this many elements (checked when the grammar is built).
    static let capacity = 16
    private var storage: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
                          Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
    = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)
    private(set) var count = 0

    init() {}

    init(_ slots: UnsafeMutablePointer<Int32>, count: Int) {
        self.count = count
        withUnsafeMutableBytes(of: &storage) { raw in
            let target = raw.bindMemory(to: Int32.self)
            for i in 0..<count { target[i] = slots[i] }
        }
    }

    subscript(_ i: Int) -> Int32 {
        precondition(i < count)
        return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: i * 4, as: Int32.self) }
    }
}

