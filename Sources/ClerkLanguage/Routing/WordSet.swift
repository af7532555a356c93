/// A fixed list of words with a cheap membership test, for the vocabulary the router asks
/// about every word of a line ("is this a delete verb?", "is this a known calendar's word?").
///
/// Why not `Set<String>`: a lookup there seeds and finalizes SipHash for every query, about
/// 250 instructions for a short word, and the router asks some eighty of them a line. Here a
/// word is hashed by a plain polynomial over its UTF-8 bytes (`HashSlots.hash`) and compared
/// byte by byte, with no allocation: a few dozen instructions. The words are kept in the
/// order given, so iterating is stable.
struct WordSet: Sendable, ExpressibleByArrayLiteral, Sequence {
    private let table: WordTable

    init(_ words: some Sequence<some StringProtocol>) { table = WordTable(words.map { String($0) }) }
    init(arrayLiteral words: String...) { self.init(words) }

    // Concrete overloads, so that a call never falls to `Sequence.contains`, a linear scan.
    func contains(_ word: String) -> Bool { table.index(of: word) != nil }
    func contains(_ word: Substring) -> Bool { table.index(of: word) != nil }

    var count: Int { table.words.count }
    var isEmpty: Bool { table.words.isEmpty }
    func makeIterator() -> IndexingIterator<[String]> { table.words.makeIterator() }
    /// This set and `other`'s words.
    func union(_ other: some Sequence<String>) -> WordSet { WordSet(Array(self) + Array(other)) }
}

/// A fixed map from words to values with `WordSet`'s cheap look-up, for the vocabulary's
/// tables ("minutes" → a unit, "phone" → a contact field).
struct WordMap<Value: Sendable>: Sendable, ExpressibleByDictionaryLiteral, Sequence {
    private let table: WordTable
    private let values: [Value]

    /// The first value given for a word wins, as in the order a table is written.
    init(_ pairs: some Sequence<(String, Value)>) {
        var words: [String] = [], values: [Value] = []
        for (word, value) in pairs { words.append(word); values.append(value) }
        let table = WordTable(words)
        self.table = table
        self.values = table.firstOfEach.map { values[$0] }
    }
    init(dictionaryLiteral pairs: (String, Value)...) { self.init(pairs) }

    subscript(_ word: some StringProtocol) -> Value? { table.index(of: word).map { values[$0] } }

    var keys: [String] { table.words }
    var count: Int { table.words.count }
    func makeIterator() -> Zip2Sequence<[String], [Value]>.Iterator { zip(table.words, values).makeIterator() }
}

/// The distinct words of a list, their bytes in one buffer, and an open-addressing index
/// from the polynomial hash of the bytes to the word's number.
private struct WordTable: Sendable {
    /// Distinct words, in the order first given.
    let words: [String]
    /// For each of `words`, the position in the list given where it first appeared.
    let firstOfEach: [Int]
    private let bytes: [UInt8]
    /// `bytes[starts[i]..<starts[i + 1]]` spells `words[i]`.
    private let starts: [Int32]
    private let slots: HashSlots

    init(_ given: [String]) {
        var words: [String] = [], firstOfEach: [Int] = [], bytes: [UInt8] = [], starts: [Int32] = [0]
        var keys: [(UInt64, Int32)] = []
        var seen: Set<String> = []
        for (position, word) in given.enumerated() where seen.insert(word).inserted {
            keys.append((Array(word.utf8).withUnsafeBufferPointer { HashSlots.hash($0, skipping: -1) }, Int32(words.count)))
            words.append(word)
            firstOfEach.append(position)
            bytes.append(contentsOf: word.utf8)
            starts.append(Int32(bytes.count))
        }
        self.words = words
        self.firstOfEach = firstOfEach
        self.bytes = bytes
        self.starts = starts
        slots = HashSlots(keys)
    }

    /// The number of `word` among `words`, or nil.
    func index(of word: some StringProtocol) -> Int? {
        if let found = word.utf8.withContiguousStorageIfAvailable({ index(ofBytes: $0) }) { return found }
        return Array(word.utf8).withUnsafeBufferPointer { index(ofBytes: $0) }
    }

    private func index(ofBytes query: UnsafeBufferPointer<UInt8>) -> Int? {
        var found: Int?
        bytes.withUnsafeBufferPointer { all in
            starts.withUnsafeBufferPointer { starts in
                slots.forEach(HashSlots.hash(query, skipping: -1)) { id in
                    guard found == nil else { return }
                    let start = Int(starts[Int(id)]), end = Int(starts[Int(id) + 1])
                    guard end - start == query.count else { return }
                    var k = 0
                    while k < query.count, all[start + k] == query[k] { k += 1 }
                    if k == query.count { found = Int(id) }
                }
            }
        }
        return found
    }
}

/// An open-addressing multimap from a non-zero 64-bit hash to small numbers: the index of
/// `WordTable` and of the spelling tolerance's near words.
struct HashSlots: Sendable {
    private let keys: [UInt64]
    private let values: [Int32]
    private let mask: Int

    init(_ entries: [(UInt64, Int32)]) {
        var size = 16
        while size < entries.count * 2 { size *= 2 }
        var keys = [UInt64](repeating: 0, count: size)
        var values = [Int32](repeating: -1, count: size)
        for (key, value) in entries {
            var i = Int(truncatingIfNeeded: key) & (size - 1)
            while keys[i] != 0 { i = (i + 1) & (size - 1) }
            keys[i] = key
            values[i] = value
        }
        self.keys = keys
        self.values = values
        mask = size - 1
    }

    /// Calls `body` with every value stored under `key`.
    @inline(__always) func forEach(_ key: UInt64, _ body: (Int32) -> Void) {
        keys.withUnsafeBufferPointer { keys in
            var i = Int(truncatingIfNeeded: key) & mask
            while keys[i] != 0 {
                if keys[i] == key { body(values[i]) }
                i = (i + 1) & mask
            }
        }
    }

    /// The polynomial hash of `bytes` without the one at `skip` (-1: all of them), odd so
    /// that no key is the empty slot's 0.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, skipping skip: Int) -> UInt64 {
        var h: UInt64 = 0
        for k in 0..<bytes.count where k != skip { h = h &* base &+ UInt64(bytes[k]) }
        return h | 1
    }

    static let base: UInt64 = 0x100_0000_01B3
}
