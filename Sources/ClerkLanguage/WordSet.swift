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
    /// The words' bits (`WordTable.bit(of:)`): a word whose bit is clear is on no list,
    /// seen in two instructions before the index is probed (most words asked are on none).
    private let bits: UInt64

    init(_ words: some Sequence<some StringProtocol>) {
        self.init(words.map { String($0) })
    }
    /// The words as given (an array literal, a list built at start): no generic copy of each.
    init(_ words: [String]) {
        table = WordTable(words)
        bits = table.bits
    }
    /// The words of a list that names them many times over, about `distinct` of them different:
    /// its index is sized for those, not for every word given (`WordTable.Builder`).
    init(_ words: [String], distinct: Int) {
        table = WordTable(words, distinct: distinct)
        bits = table.bits
    }
    init(arrayLiteral words: String...) { self.init(words) }

    // Concrete overloads, so that a call never falls to `Sequence.contains`, a linear scan.
    func contains(_ word: String) -> Bool { table.index(of: word) != nil }
    func contains(_ word: Substring) -> Bool { table.index(of: word) != nil }
    /// `contains(word)`, where `key` is `WordTable.key(of: word)`, worked out once at the
    /// split (`Term.key`): most words of a line are on none of the lists, and that is seen
    /// without hashing the word again for each list.
    func contains(_ word: String, key: UInt64) -> Bool { bits & WordTable.bit(of: key) != 0 && table.index(of: word, key: key) != nil }
    func contains(_ term: Term) -> Bool { contains(term.word, key: term.key) }
    /// False when no word of the set has `key`: a miss seen from the key alone, before a
    /// caller hands over the word (which copies the term holding it). Inlined: asked some
    /// forty times a line, the call cost more than the test of the bits that answers most.
    @inline(__always) func mayContain(key: UInt64) -> Bool { bits & WordTable.bit(of: key) != 0 && table.hasKey(key) }
    /// False when no word of the set can be among words whose keys' bits (`WordTable.bit(of:)`)
    /// are `wordBits` (`Sentence.keyBits`): a whole line turned away in one test.
    @inline(__always) func mayMeet(_ wordBits: UInt64) -> Bool { bits & wordBits != 0 }
    /// False when no word of the set has a key with `key`'s bit: `mayContain(key:)` without
    /// the probe of the index, for a test inlined where a word is asked about.
    @inline(__always) func mayHave(key: UInt64) -> Bool { bits & WordTable.bit(of: key) != 0 }

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
    /// The words' bits, as `WordSet.bits`.
    private let bits: UInt64

    /// The first value given for a word wins, as in the order a table is written.
    init(_ pairs: some Sequence<(String, Value)>) { self.init(pairs) { first, _ in first } }

    /// A word given more than once gets `combine(value so far, value given)`.
    /// (One pass: a word's number is the count of words before it, so a new word's value is
    /// appended and a repeated one combined in place, with no list of words or numbers made
    /// on the side: the router's table of 2,500 pairs is built at every start.)
    /// `distinct`, when the pairs name their words more than once, is about how many words
    /// are different (`WordSet.init(_:distinct:)`).
    init(_ pairs: some Sequence<(String, Value)>, distinct: Int? = nil, combine: (Value, Value) -> Value) {
        var builder = WordTable.Builder(expected: distinct ?? pairs.underestimatedCount, among: pairs.underestimatedCount)
        var values: [Value] = []
        values.reserveCapacity(pairs.underestimatedCount)
        for (word, value) in pairs {
            let id = builder.number(word)
            if id < values.count { values[id] = combine(values[id], value) } else { values.append(value) }
        }
        table = WordTable(builder)
        self.values = values
        bits = table.bits
    }
    init(dictionaryLiteral pairs: (String, Value)...) { self.init(pairs) }

    subscript(_ word: some StringProtocol) -> Value? { table.index(of: word).map { values[$0] } }
    /// `self[word]`, where `key` is `WordTable.key(of: word)` (see `WordSet.contains(_:key:)`).
    subscript(_ word: String, key key: UInt64) -> Value? {
        guard bits & WordTable.bit(of: key) != 0 else { return nil }
        return table.index(of: word, key: key).map { values[$0] }
    }
    subscript(_ term: Term) -> Value? { self[term.word, key: term.key] }
    /// The word and value of the entry spelled as `typed` in lower case, for ASCII bytes as
    /// typed whose key (`WordTable.key(of:)` of the lower-case word) is `key`: the word as the
    /// table holds it, for a caller that would otherwise make a string of the bytes.
    func listed(foldingASCII typed: UnsafeBufferPointer<UInt8>, key: UInt64) -> (word: String, value: Value)? {
        guard bits & WordTable.bit(of: key) != 0, let id = table.index(foldingASCII: typed, key: key) else { return nil }
        return (table.words[id], values[id])
    }
    /// False when no word of the map has `key` (`WordSet.mayContain(key:)`).
    @inline(__always) func mayContain(key: UInt64) -> Bool { bits & WordTable.bit(of: key) != 0 && table.hasKey(key) }
    /// False when no word of the map can be among words of key bits `wordBits` (`WordSet.mayMeet`).
    func mayMeet(_ wordBits: UInt64) -> Bool { bits & wordBits != 0 }

    var keys: [String] { table.words }
    /// `WordTable.isAtMostAQuarterFull`, for a test.
    var isAtMostAQuarterFull: Bool { table.isAtMostAQuarterFull }
    var count: Int { table.words.count }
    func makeIterator() -> Zip2Sequence<[String], [Value]>.Iterator { zip(table.words, values).makeIterator() }
}

/// The distinct words of a list, their bytes in one buffer, and an open-addressing index
/// from the polynomial hash of the bytes to the word's number: under `WordSet` and
/// `WordMap`, and the date reader's vocabulary (`Grammar.wordID`). Built once per list at
/// start: a duplicate is found through the index being built, without a set of its own.
struct WordTable: Sendable {
    /// Distinct words, in the order first given.
    let words: [String]
    private let bytes: [UInt8]
    /// `bytes[starts[i]..<starts[i + 1]]` spells `words[i]`.
    private let starts: [Int32]
    private let slots: HashSlots
    /// The bits (`bit(of:)`) of all the words, gathered as they are numbered (worked out
    /// again from the words, every word was hashed twice at start).
    let bits: UInt64

    init(_ given: [String]) {
        var builder = Builder(expected: given.count)
        for word in given { _ = builder.number(word) }
        self.init(builder)
    }

    /// The table of `given`, about `distinct` of whose words are different (`Builder`).
    init(_ given: [String], distinct: Int) {
        var builder = Builder(expected: distinct, among: given.count)
        for word in given { _ = builder.number(word) }
        self.init(builder)
    }

    /// True when the index is at most a quarter full, as `Builder` means it to be (a test
    /// checks the tables sized from an estimate).
    var isAtMostAQuarterFull: Bool { words.count <= slots.capacity / 2 }

    /// The table of `given`, and for each word given the number it has in the table.
    static func build(_ given: [String]) -> (table: WordTable, ids: [Int]) {
        var builder = Builder(expected: given.count)
        var ids: [Int] = []
        ids.reserveCapacity(given.count)
        for word in given { ids.append(builder.number(word)) }
        return (WordTable(builder), ids)
    }

    /// The table of the words of `lists`, and for each word given the number it has in the
    /// table, list after list: `build(Array(lists.joined()))` without the joined copy (the
    /// date grammar's lists are 1,300, and appending each to one list cost 0.4 M
    /// instructions of every start).
    ///
    /// The lists name their words many times over (the date grammar's 3,909 mentions are 977
    /// words), so the index is sized for a quarter of the words given: sized for all of them
    /// it was 16,384 slots (192 KiB to fill and fault in on the grammar's thread at every
    /// start) where 4,096 hold the words a quarter full.
    static func build(lists: [[String]]) -> (table: WordTable, ids: [Int32]) {
        var count = 0
        for list in lists { count += list.count }
        var builder = Builder(expected: 0, among: count)
        var ids: [Int32] = []
        ids.reserveCapacity(count)
        for list in lists {
            for word in list { ids.append(Int32(builder.number(word))) }
        }
        return (WordTable(builder), ids)
    }

    /// The table being built. A struct with a mutating method rather than a nested function:
    /// the variables a nested function captures are boxed and every access to them checked
    /// for exclusivity at run time, five checks a word, which was most of building the
    /// seventy tables at start.
    fileprivate struct Builder {
        var words: [String] = [], bytes: [UInt8] = [], starts: [Int32] = []
        var slots: HashSlots
        var bits: UInt64 = 0

        /// Room for `expected` words: the index is sized once, at most a quarter full, so it
        /// never grows. For a list that repeats its words, `given` of them in all, `expected`
        /// is an estimate of how many are different, taken as at least a quarter of `given`
        /// and one more: the index then has more slots than words given, so it is never filled
        /// (an insert or a look-up stops at an empty slot) even where the estimate is low.
        init(expected: Int, among given: Int = 0) {
            let expected = max(expected, given / 4 + 1)
            slots = HashSlots(capacity: max(expected * 2, 16))
            words.reserveCapacity(expected)
            starts.reserveCapacity(expected + 1)
            starts.append(0)
            bytes.reserveCapacity(expected * 8)
        }

        /// The number of `word`, numbering it if new. (Its bytes are read in place: a copy
        /// of the string to call the mutating `withUTF8` retained and released it.)
        mutating func number(_ word: String) -> Int {
            if let found = word.utf8.withContiguousStorageIfAvailable({ number($0, spelling: word) }) { return found }
            return Array(word.utf8).withUnsafeBufferPointer { number($0, spelling: word) }
        }

        /// The number of the word spelled `query`, numbering it if new.
        private mutating func number(_ query: UnsafeBufferPointer<UInt8>, spelling word: String) -> Int {
            let key = HashSlots.hash(query, skipping: -1)
            if let found = WordTable.find(query, key: key, bytes: bytes, starts: starts, slots: slots) { return found }
            slots.insert(key, Int32(words.count))
            bits |= WordTable.bit(of: key)
            words.append(word)
            bytes.append(contentsOf: query)
            starts.append(Int32(bytes.count))
            return words.count - 1
        }
    }

    fileprivate init(_ built: Builder) {
        words = built.words
        bytes = built.bytes
        starts = built.starts
        slots = built.slots
        bits = built.bits
    }

    /// The number of `word` among `words`, or nil.
    func index(of word: some StringProtocol) -> Int? {
        if let found = word.utf8.withContiguousStorageIfAvailable({ index(ofBytes: $0) }) { return found }
        return Array(word.utf8).withUnsafeBufferPointer { index(ofBytes: $0) }
    }

    /// The key `index(of:)` looks `word` up by, for a word looked up in many tables.
    static func key(of word: String) -> UInt64 {
        if let key = word.utf8.withContiguousStorageIfAvailable({ HashSlots.hash($0, skipping: -1) }) { return key }
        return Array(word.utf8).withUnsafeBufferPointer { HashSlots.hash($0, skipping: -1) }
    }

    /// One of 64 bits for a word whose key is `key`, from the key's bits mixed (a short
    /// word's key has its top bits clear): the bits of a list's words are a filter a word
    /// not on it mostly fails.
    @inline(__always) static func bit(of key: UInt64) -> UInt64 {
        1 &<< ((key &* 0x9E37_79B9_7F4A_7C15) &>> 58)
    }

    /// True when some word of the table has `key` (`WordTable.key(of:)`).
    func hasKey(_ key: UInt64) -> Bool { slots.contains(key) }

    /// `index(of: word)`, where `key` is `WordTable.key(of: word)`: a word under no entry's
    /// key is answered without reading its bytes.
    func index(of word: String, key: UInt64) -> Int? {
        guard slots.contains(key) else { return nil }
        if let found = word.utf8.withContiguousStorageIfAvailable({ Self.find($0, key: key, bytes: bytes, starts: starts, slots: slots) }) {
            return found
        }
        return index(of: word)
    }

    /// The number of the word spelled as the ASCII bytes `typed` in lower case (capitals
    /// made small as they are compared), whose key is `key`, or nil.
    func index(foldingASCII typed: UnsafeBufferPointer<UInt8>, key: UInt64) -> Int? {
        Self.find(typed, key: key, bytes: bytes, starts: starts, slots: slots, foldingASCII: true)
    }

    private func index(ofBytes query: UnsafeBufferPointer<UInt8>) -> Int? {
        Self.find(query, key: HashSlots.hash(query, skipping: -1), bytes: bytes, starts: starts, slots: slots)
    }

    /// The number of the word spelled `query` (whose hash is `key`) among the words spelled
    /// in `bytes` and indexed by `slots`, or nil.
    @inline(__always)
    /// `foldingASCII`: capitals of `query` made small as they are compared (a constant at each
    /// call, so each is compiled with its own compare).
    private static func find(_ query: UnsafeBufferPointer<UInt8>, key: UInt64, bytes: [UInt8], starts: [Int32], slots: HashSlots,
                             foldingASCII: Bool = false) -> Int? {
        var found: Int?
        bytes.withUnsafeBufferPointer { all in
            starts.withUnsafeBufferPointer { starts in
                slots.forEach(key) { id in
                    guard found == nil else { return }
                    let start = Int(starts[Int(id)]), end = Int(starts[Int(id) + 1])
                    guard end - start == query.count else { return }
                    var k = 0
                    while k < query.count {
                        let byte = query[k]
                        guard all[start + k] == (foldingASCII && byte &- 0x41 < 26 ? byte | 0x20 : byte) else { break }
                        k += 1
                    }
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
    private var keys: [UInt64]
    private var values: [Int32]
    private let mask: Int

    /// Room for `capacity` entries at most (the table never grows; a larger one is made).
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        keys = Self.filled(0, count: size)
        values = Self.filled(-1, count: size)
        mask = size - 1
    }

    /// `count` copies of `value`, in an array reserved first: `Array(repeating:count:)`
    /// allocates through the standard library's unspecialized generic code, about 800
    /// instructions an array, and the ~330 word tables built at start make two each.
    private static func filled<T>(_ value: T, count: Int) -> [T] {
        var array: [T] = []
        array.reserveCapacity(count)
        array.append(contentsOf: repeatElement(value, count: count))
        return array
    }

    /// How many entries fit.
    var capacity: Int { (mask + 1) / 2 }

    init(_ entries: [(UInt64, Int32)]) {
        self.init(capacity: entries.count)
        for (key, value) in entries { insert(key, value) }
    }

    /// Adds `value` under `key` (non-zero), after any value already there.
    mutating func insert(_ key: UInt64, _ value: Int32) {
        var i = Int(truncatingIfNeeded: key) & mask
        while keys[i] != 0 { i = (i + 1) & mask }
        keys[i] = key
        values[i] = value
    }

    /// True when some value is stored under `key`.
    @inline(__always) func contains(_ key: UInt64) -> Bool {
        keys.withUnsafeBufferPointer { keys in
            var i = Int(truncatingIfNeeded: key) & mask
            while keys[i] != 0 {
                if keys[i] == key { return true }
                i = (i + 1) & mask
            }
            return false
        }
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

/// A fixed list of phrases (runs of folded words) with the set of their first words, so
/// that "does one of these phrases start here?" looks one word up before comparing any
/// phrase (the router asks it at the head and at every word of a line).
struct PhraseList: Sendable, ExpressibleByArrayLiteral, Sequence {
    let phrases: [[String]]
    private let firstWords: WordSet
    /// An empty phrase starts anywhere.
    private let hasEmpty: Bool

    init(_ phrases: [[String]]) {
        self.phrases = phrases
        // (A closure, not the key path `\.first`: a key path into `Array` is made at run time,
        // 0.1 M instructions at its first use, on the way to every first sentence.)
        firstWords = WordSet(phrases.compactMap { $0.first })
        hasEmpty = phrases.contains { $0.isEmpty }
    }
    init(arrayLiteral phrases: [String]...) { self.init(phrases) }

    /// False when no phrase of the list starts with `word`.
    func mayStart(with word: String) -> Bool { hasEmpty || firstWords.contains(word) }
    func mayStart(with word: String, key: UInt64) -> Bool { hasEmpty || firstWords.contains(word, key: key) }
    /// False when no phrase can start with a word whose key is `key` (`WordSet.mayContain`).
    func mayStart(key: UInt64) -> Bool { hasEmpty || firstWords.mayContain(key: key) }
    /// False when no phrase can start with a word with `key`'s bit (`WordSet.mayHave`).
    @inline(__always) func mayStart(bitOf key: UInt64) -> Bool { hasEmpty || firstWords.mayHave(key: key) }
    /// False when no phrase can start with any of words whose keys' bits are `wordBits`
    /// (`WordSet.mayMeet`).
    func mayStart(anyOf wordBits: UInt64) -> Bool { hasEmpty || firstWords.mayMeet(wordBits) }

    func makeIterator() -> IndexingIterator<[[String]]> { phrases.makeIterator() }
}

extension String {
    /// Appends to `words` the runs of bytes between `separator`s (an ASCII byte), empty runs
    /// left out: how the tables built at start cut their phrases into words, into one list. A
    /// plain loop over the bytes: the standard library's generic `split` of a `UTF8View` cost
    /// about 2,000 instructions a word, and a split by characters more.
    func asciiWords(cutAt separator: UInt8, into words: inout [String]) {
        var text = self
        text.withUTF8 { bytes in
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == separator {
                if i > start { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)) }
                start = i + 1
            }
        }
    }

    /// The bytes before the first `separator` (an ASCII byte), all of them when there is
    /// none: a phrase's first word, for the tables built at start.
    func asciiPrefix(upTo separator: UInt8) -> String {
        var text = self
        return text.withUTF8 { bytes in
            var end = 0
            while end < bytes.count, bytes[end] != separator { end += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        }
    }
}
