/// A pattern element as plain data: what to look at, and an index into the grammar's tables.
struct CompiledElement: Sendable {
    enum Tag: UInt8, Sendable { case word, symbol, digits, item }
    var tag: Tag
    var optional: Bool
    var glued: Bool
    var itemKind: ValueKind
    /// Offset of the word set's bitset in `Grammar.bitsets`.
    var set: Int32
    /// Index of the test in `Grammar.digitTests` or `Grammar.itemTests`.
    var test: Int32
    /// How many item elements this one and those after it hold.
    var itemsFromHere: Int16 = 0
}

/// A stage's rules compiled, with their indexes. Read-only once built. A class, so that a
/// chart takes the whole stage with one reference count instead of one per table (the struct
/// it was cost a dozen retains per stage and parse).
final class CompiledStage: @unchecked Sendable {
    struct CompiledRule: Sendable {
        var elementRange: Range<Int>
        /// Whether any element is an earlier reading (else only the first round can match).
        var usesItems: Bool { itemElements > 0 }
        /// How many elements are earlier readings.
        var itemElements: Int
    }

    let rules: [CompiledRule]
    let sources: [Rule]
    /// Every rule's elements in one block of memory the stage owns, read in place by the matcher.
    let patterns: UnsafeBufferPointer<CompiledElement>
    let indexes: StageIndexes

    init(rules: [CompiledRule], sources: [Rule], elements: [CompiledElement], indexes: StageIndexes) {
        self.rules = rules
        self.sources = sources
        let storage = UnsafeMutableBufferPointer<CompiledElement>.allocate(capacity: elements.count)
        _ = storage.initialize(from: elements)
        patterns = UnsafeBufferPointer(storage)
        self.indexes = indexes
    }

    deinit { UnsafeMutableBufferPointer(mutating: patterns).deallocate() }
}

/// Where each rule of a stage can start, so `Chart.run` tries a rule only where the text has
/// what its pattern needs first: the rule's first required element (and the optional ones
/// before it), and what must follow that element. `Grammar.init` adds the rules and
/// `Chart.run` reads the indexes in this order.
struct StageIndexes: Sendable {
    /// Rules that start with a word (or symbol) anything may follow, by word.
    var byWord: RuleIndex
    /// Rules that start with a number anything may follow (one key, 0).
    var byDigits: RuleIndex
    /// Rules that start with a number, by the word that must follow it.
    var byDigitsThenWord: RuleIndex
    /// ... by the kind of reading that must follow it.
    var byDigitsThenItem: RuleIndex
    /// Rules that start with a word, by the pair of it and the word that must follow.
    var byWordThenWord: WordPairIndex
    /// ... by the word and the kind of reading that must follow (`word * kinds + kind`).
    var byWordThenItem: RuleIndex
    /// Rules that start with a reading, by its kind and the word that must follow it
    /// (`kind * words + word`).
    var byItemThenWord: RuleIndex
    /// ... by its kind and the kind of reading that must start where it ends (`kind * kinds + kind`).
    var byItemThenItem: RuleIndex
    /// Rules that start with a reading anything may follow, by its kind.
    var byItemThenAny: RuleIndex

    private let words: Int
    private static let kinds = ValueKind.allCases.count

    init(words: Int) {
        let kinds = Self.kinds
        self.words = words
        byWord = RuleIndex(keys: words)
        byDigits = RuleIndex(keys: 1)
        byDigitsThenWord = RuleIndex(keys: words)
        byDigitsThenItem = RuleIndex(keys: kinds)
        byWordThenWord = WordPairIndex(words: words)
        byWordThenItem = RuleIndex(keys: words * kinds)
        byItemThenWord = RuleIndex(keys: kinds * words)
        byItemThenItem = RuleIndex(keys: kinds * kinds)
        byItemThenAny = RuleIndex(keys: kinds)
    }

    /// Indexes rule `rule` where its pattern can start; `id` gives a word's number.
    mutating func add(_ rule: Int32, pattern: [Element], id: (String) -> Int) {
        let kinds = Self.kinds
        for (k, element) in pattern.enumerated() {
            let followers = Self.followers(of: pattern, after: k)
            switch element.kind {
            case .words(let set), .symbols(let set):
                for w in set {
                    let word = id(w)
                    if let followers {
                        for f in followers.words { byWordThenWord.add(rule, first: word, second: id(f)) }
                        for kind in followers.kinds { byWordThenItem.add(rule, under: word * kinds + Int(kind.rawValue)) }
                    } else {
                        byWord.add(rule, under: word)
                    }
                }
            case .digits:
                if let followers {
                    for f in followers.words { byDigitsThenWord.add(rule, under: id(f)) }
                    for kind in followers.kinds { byDigitsThenItem.add(rule, under: Int(kind.rawValue)) }
                } else {
                    byDigits.add(rule, under: 0)
                }
            case .item(let kind, _):
                if let followers {
                    for f in followers.words { byItemThenWord.add(rule, under: Int(kind.rawValue) * words + id(f)) }
                    for next in followers.kinds { byItemThenItem.add(rule, under: Int(kind.rawValue) * kinds + Int(next.rawValue)) }
                } else {
                    byItemThenAny.add(rule, under: Int(kind.rawValue))
                }
            }
            if !element.optional { break }
        }
    }

    /// Flattens every index for reading.
    mutating func seal() {
        byWord.seal()
        byDigits.seal()
        byDigitsThenWord.seal()
        byDigitsThenItem.seal()
        byWordThenWord.seal()
        byWordThenItem.seal()
        byItemThenWord.seal()
        byItemThenItem.seal()
        byItemThenAny.seal()
    }

    /// What must come right after element `k` for `pattern` to match: one of some words, or
    /// a reading of some kinds; nil when anything may (a number, or the end of the pattern).
    static func followers(of pattern: [Element], after k: Int) -> (words: Set<String>, kinds: Set<ValueKind>)? {
        var words: Set<String> = []
        var kinds: Set<ValueKind> = []
        for next in pattern[(k + 1)...] {
            switch next.kind {
            case .words(let set), .symbols(let set):
                words.formUnion(set)
            case .item(let kind, _):
                kinds.insert(kind)
            case .digits:
                return nil
            }
            if !next.optional { return (words, kinds) }
        }
        return nil
    }
}

/// Lists of rule numbers by key, flattened once built (the rules of key `k` are
/// `rules[starts[k]..<starts[k + 1]]`) so the hot loop reads them without copying arrays.
struct RuleIndex: Sendable {
    private(set) var starts: [Int32] = [0]
    private(set) var rules: [Int32] = []
    /// The lists while the grammar is built; empty once sealed.
    private var lists: [[Int32]]

    init(keys: Int) {
        lists = Array(repeating: [], count: keys)
    }

    /// From lists already made, sealed.
    init(_ lists: [[Int32]]) {
        self.lists = lists
        seal()
    }

    mutating func add(_ rule: Int32, under key: Int) { lists[key].append(rule) }

    mutating func seal() {
        starts = [0]
        rules = []
        for list in lists {
            rules += Array(Set(list)).sorted()
            starts.append(Int32(rules.count))
        }
        lists = []
    }

    @inline(__always) func range(_ key: Int) -> Range<Int> { Int(starts[key])..<Int(starts[key + 1]) }
}

/// Rules by a pair of words that must follow each other, without hashing: the pairs are
/// grouped by first word and sorted by second, so a lookup is a short binary search.
struct WordPairIndex: Sendable {
    /// The pairs of first word `w` are `starts[w]..<starts[w + 1]`.
    private(set) var starts: [Int32] = [0]
    /// The second word of each pair, ascending within one first word.
    private(set) var seconds: [Int32] = []
    /// The rules of each pair, keyed by pair number.
    private(set) var rules = RuleIndex([])
    private let words: Int
    /// The rule lists by `first * words + second` while the grammar is built.
    private var lists: [Int: [Int32]] = [:]

    init(words: Int) {
        self.words = words
    }

    mutating func add(_ rule: Int32, first: Int, second: Int) { lists[first * words + second, default: []].append(rule) }

    mutating func seal() {
        var byFirst = [[(second: Int32, rules: [Int32])]](repeating: [], count: words)
        for (key, list) in lists { byFirst[key / words].append((Int32(key % words), list)) }
        var pairLists: [[Int32]] = []
        starts = [0]
        seconds = []
        for pairs in byFirst {
            for pair in pairs.sorted(by: { $0.second < $1.second }) {
                seconds.append(pair.second)
                pairLists.append(pair.rules)
            }
            starts.append(Int32(seconds.count))
        }
        rules = RuleIndex(pairLists)
        lists = [:]
    }

    /// The pair number of `first` then `second`, nil when no rule needs that pair.
    @inline(__always) func pair(_ first: Int, _ second: Int) -> Int? {
        var low = Int(starts[first]), high = Int(starts[first + 1])
        while low < high {
            let middle = (low + high) / 2
            let s = Int(seconds[middle])
            if s == second { return middle }
            if s < second { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}

/// An element's test of a number token. A closure held in a struct, not directly in an
/// array: an array stores a bare closure in its most general form, so each call went through
/// a conversion thunk.
struct DigitTest: Sendable {
    let passes: @Sendable (Token) -> Bool
}

/// An element's test of an earlier reading. A class, so that the matcher calls it through an
/// unretained reference (`Chart.matchItems`) without counting references to the closure.
final class ItemTest: Sendable {
    let passes: @Sendable (Item) -> Bool

    init(passes: @escaping @Sendable (Item) -> Bool) { self.passes = passes }
}

/// Every rule of every stage compiled once: the vocabulary of words the rules name, their
/// word sets as bitsets over it, and the tests of numbers and items.
final class Grammar: Sendable {
    static let shared = Grammar(stages: DateRules.stages)

    let vocabulary: [String: Int32]
    let bitsets: [UInt64]
    let words: Int
    let digitTests: [DigitTest]
    let itemTests: [ItemTest]
    let stages: [CompiledStage]
    /// The most rules any stage has.
    let largestStage: Int
    /// `vocabulary` again as an open-addressing table on an FNV-1a hash of the bytes: looking
    /// a token up is the first thing every reading does, and this is several times cheaper
    /// than a `Dictionary` of `String`s.
    private let wordTable: [Int32]
    private let wordsByID: [String]

    init(stages ruleStages: [[Rule]]) {
        var vocabulary: [String: Int32] = [:]
        var bitsets: [UInt64] = []
        var digitTests: [DigitTest] = []
        var itemTests: [ItemTest] = []
        var stages: [CompiledStage] = []
        var largestStage = 0
        // 1. The vocabulary: every word and symbol any element names.
        for rule in ruleStages.joined() {
            for element in rule.pattern {
                switch element.kind {
                case .words(let set), .symbols(let set):
                    for w in set.sorted() where vocabulary[w] == nil { vocabulary[w] = Int32(vocabulary.count) }
                default: break
                }
            }
        }
        let words = vocabulary.count
        let bitsetWidth = (words + 63) / 64
        var setOffsets: [Set<String>: Int32] = [:]

        // 2. Each stage's elements, with shared bitsets and tests.
        for rules in ruleStages {
            var compiledRules: [CompiledStage.CompiledRule] = []
            var elements: [CompiledElement] = []
            var indexes = StageIndexes(words: words)
            for (index, rule) in rules.enumerated() {
                let first = elements.count
                for element in rule.pattern {
                    var compiled = CompiledElement(tag: .word, optional: element.optional, glued: element.glued, itemKind: .time, set: -1, test: -1)
                    switch element.kind {
                    case .words(let set), .symbols(let set):
                        if case .symbols = element.kind { compiled.tag = .symbol }
                        if let offset = setOffsets[set] {
                            compiled.set = offset
                        } else {
                            let offset = Int32(bitsets.count)
                            var bits = [UInt64](repeating: 0, count: bitsetWidth)
                            for w in set { let id = Int(vocabulary[w]!); bits[id >> 6] |= 1 << UInt64(id & 63) }
                            bitsets += bits
                            setOffsets[set] = offset
                            compiled.set = offset
                        }
                    case .digits(let test):
                        compiled.tag = .digits
                        compiled.test = Int32(digitTests.count)
                        digitTests.append(DigitTest(passes: test))
                    case .item(let kind, let test):
                        compiled.tag = .item
                        compiled.itemKind = kind
                        compiled.test = Int32(itemTests.count)
                        itemTests.append(ItemTest(passes: test))
                    }
                    elements.append(compiled)
                }
                var itemsAfter: Int16 = 0
                for k in stride(from: elements.count - 1, through: first, by: -1) {
                    if elements[k].tag == .item { itemsAfter += 1 }
                    elements[k].itemsFromHere = itemsAfter
                }
                precondition(rule.pattern.count <= Captures.capacity, "rule \(rule.name): pattern longer than \(Captures.capacity)")
                compiledRules.append(.init(elementRange: first..<elements.count, itemElements: Int(itemsAfter)))
                indexes.add(Int32(index), pattern: rule.pattern) { Int(vocabulary[$0]!) }
            }
            indexes.seal()
            stages.append(CompiledStage(rules: compiledRules, sources: rules, elements: elements, indexes: indexes))
            largestStage = max(largestStage, compiledRules.count)
        }
        self.vocabulary = vocabulary
        self.bitsets = bitsets
        self.words = words
        self.digitTests = digitTests
        self.itemTests = itemTests
        self.stages = stages
        self.largestStage = largestStage
        var byID = [String](repeating: "", count: words)
        for (w, id) in vocabulary { byID[Int(id)] = w }
        var size = 64
        while size < words * 4 { size *= 2 }
        var table = [Int32](repeating: -1, count: size)
        for (id, w) in byID.enumerated() {
            var h = Int(Grammar.hash(w) & UInt64(size - 1))
            while table[h] >= 0 { h = (h + 1) & (size - 1) }
            table[h] = Int32(id)
        }
        wordTable = table
        wordsByID = byID
    }

    @inline(__always) static func hash(_ text: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    /// The word number of `text`, -1 when no rule names it.
    func wordID(_ text: String) -> Int32 {
        let mask = wordTable.count - 1
        var h = Int(Grammar.hash(text) & UInt64(mask))
        while true {
            let id = wordTable[h]
            if id < 0 { return -1 }
            if wordsByID[Int(id)] == text { return id }
            h = (h + 1) & mask
        }
    }

    /// Whether word number `id` is in the set at `offset`.
    @inline(__always) func contains(_ offset: Int32, _ id: Int32) -> Bool {
        guard id >= 0 else { return false }
        let i = Int(id)
        return bitsets[Int(offset) + (i >> 6)] & (1 << UInt64(i & 63)) != 0
    }
}

