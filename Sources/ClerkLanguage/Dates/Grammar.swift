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
        /// What `Chart.run` asks before trying the rule, so that most tries that would find
        /// nothing are not made (see `Chart.mayMatch`). Set only when the elements before the
        /// first required one are optional words, symbols or numbers: a match with one of them
        /// there is found by the try at that word, earlier at the same token.
        ///
        /// The test of the first element when it is a number token that must be there (an
        /// index into `Grammar.digitTests`), else -1.
        var leadDigitTest: Int32 = -1
        /// The test of the first required element when it is a reading (an index into
        /// `Grammar.itemTests`), else -1.
        var leadTest: Int32 = -1
        /// With `leadTest`, when a word must come right after that reading: the word set's
        /// offset in `Grammar.bitsets` (asked before the lead's test, `Chart.mayMatch`), else -1.
        var leadFollowerSet: Int32 = -1
        /// The test of the required element after that one when it is a reading, -1 when it
        /// is not (or when a token lead is not the first element); `followGap` optional words,
        /// symbols or numbers may come between the two.
        var followTest: Int32 = -1
        var followKind: ValueKind = .time
        var followGap = 0

        init(elementRange: Range<Int>, itemElements: Int, elements: [CompiledElement]) {
            self.elementRange = elementRange
            self.itemElements = itemElements
            var k = elementRange.lowerBound
            while k < elementRange.upperBound, elements[k].optional {
                if elements[k].tag == .item { return }
                k += 1
            }
            guard k < elementRange.upperBound else { return }
            let lead = elements[k]
            if lead.tag == .item {
                leadTest = lead.test
                if k + 1 < elementRange.upperBound, elements[k + 1].tag == .word, !elements[k + 1].optional { leadFollowerSet = elements[k + 1].set }
            }
            // A token lead is asked about the token a try starts at, so only when it is the
            // first element (else an optional one before it may stand there).
            guard lead.tag == .item || k == elementRange.lowerBound else { return }
            if lead.tag == .digits { leadDigitTest = lead.test }
            var f = k + 1
            while f < elementRange.upperBound, elements[f].optional, elements[f].tag != .item { f += 1 }
            guard f < elementRange.upperBound, elements[f].tag == .item, !elements[f].optional else { return }
            followTest = elements[f].test
            followKind = elements[f].itemKind
            followGap = f - k - 1
        }
    }

    let rules: [CompiledRule]
    let sources: [Rule]
    /// Every rule's elements in one block of memory the stage owns, read in place by the matcher.
    let patterns: UnsafeBufferPointer<CompiledElement>
    let indexes: StageIndexes
    /// `indexes`' words that can come right before a reading used after a pattern's first
    /// element, in memory the stage owns (see `readingMayFollow`).
    private let wordsBeforeReading: UnsafeBufferPointer<UInt64>
    private let wordWidth: Int
    private let digitsBeforeReading: UInt8
    private let kindsBeforeReading: UInt32

    init(rules: [CompiledRule], sources: [Rule], elements: [CompiledElement], indexes: StageIndexes) {
        self.rules = rules
        self.sources = sources
        let storage = UnsafeMutableBufferPointer<CompiledElement>.allocate(capacity: elements.count)
        _ = storage.initialize(from: elements)
        patterns = UnsafeBufferPointer(storage)
        self.indexes = indexes
        let words = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: indexes.wordsBeforeReading.count)
        _ = words.initialize(from: indexes.wordsBeforeReading)
        wordsBeforeReading = UnsafeBufferPointer(words)
        wordWidth = indexes.wordWidth
        digitsBeforeReading = indexes.digitsBeforeReading
        kindsBeforeReading = indexes.kindsBeforeReading
    }

    deinit {
        UnsafeMutableBufferPointer(mutating: patterns).deallocate()
        UnsafeMutableBufferPointer(mutating: wordsBeforeReading).deallocate()
    }

    /// Whether some pattern uses a reading of `kind` after its first element right after a
    /// number token (`number`) or a word (`word`, its number; -1 for none).
    @inline(__always) func readingMayFollow(kind: Int, number: Bool, word: Int32) -> Bool {
        if number { return digitsBeforeReading & (1 << UInt8(kind)) != 0 }
        guard word >= 0 else { return false }
        let w = Int(word)
        return wordsBeforeReading[kind * wordWidth + w >> 6] & (1 << UInt64(w & 63)) != 0
    }

    /// The kinds of reading some pattern uses right before a reading of `kind` after its
    /// first element, as bits.
    @inline(__always) func kindsBefore(reading kind: Int) -> UInt8 { UInt8(truncatingIfNeeded: kindsBeforeReading >> (kind * 8)) }

    /// Rule `r`, read without the array's bounds check: `Chart.run` asks a few hundred times a
    /// parse, always with a number from the stage's indexes, which hold only its rules'.
    @inline(__always) func rule(_ r: Int32) -> CompiledRule {
        rules.withUnsafeBufferPointer { $0[Int(r)] }
    }
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

    /// The kinds of reading (as bits, `1 << kind`) the item keys of the indexes name, so that
    /// `Chart.run` looks only at the kinds some rule could use instead of trying each kind in
    /// turn: by word, the kinds a rule needs right after that word (`byWordThenItem`).
    private(set) var kindsAfterWord: [UInt8]
    /// ... the kinds a rule needs right after a number (`byDigitsThenItem`).
    private(set) var kindsAfterDigits: UInt8 = 0
    /// ... the kinds some rule starts with (`byItemThenAny`, `byItemThenWord`, `byItemThenItem`).
    private(set) var leadingKinds: UInt8 = 0
    /// ... the kinds some rule starts with that a word must follow (`byItemThenWord`).
    private(set) var kindsBeforeWord: UInt8 = 0
    /// ... by leading kind, eight bits each, the kinds a rule needs after it (`byItemThenItem`).
    private var kindsAfterKinds: UInt32 = 0

    /// What can come right before a reading of each kind that a pattern uses after its first
    /// element: the words (a bitset over the vocabulary a kind, `kind * wordWidth` on), whether
    /// a number can, and the kinds of reading that can (eight bits a kind). A later round of
    /// `Chart.run` asks them of the readings the round before made: one with none of these
    /// before it can only start a match (see `Chart.run`).
    private(set) var wordsBeforeReading: [UInt64]
    private(set) var digitsBeforeReading: UInt8 = 0
    private(set) var kindsBeforeReading: UInt32 = 0
    let wordWidth: Int

    private let words: Int
    private static let kinds = ValueKind.allCases.count

    /// The kinds a rule that starts with a reading of `kind` needs right after it.
    @inline(__always) func kindsAfter(kind: Int) -> UInt8 { UInt8(truncatingIfNeeded: kindsAfterKinds >> (kind * 8)) }


    init(words: Int) {
        let kinds = Self.kinds
        self.words = words
        wordWidth = (words + 63) / 64
        wordsBeforeReading = [UInt64](repeating: 0, count: kinds * wordWidth)
        kindsAfterWord = [UInt8](repeating: 0, count: words)
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

    /// Indexes rule `rule` where its pattern can start. Its elements are
    /// `elements[range]`; element `e`'s word numbers are `words[wordStarts[e]..<wordStarts[e + 1]]`.
    /// `scratch` is reused from rule to rule for the words that must follow an element.
    mutating func add(_ rule: Int32, elements: [CompiledElement], range: Range<Int>, wordStarts: [Int32], words ids: [Int32],
                      scratch followerWords: inout [Int32]) {
        let kinds = Self.kinds
        // What can come right before each reading after the first element: the element before
        // it, or, past optional ones, any of them up to the first that must be there.
        for k in range where k > range.lowerBound && elements[k].tag == .item {
            let kind = Int(elements[k].itemKind.rawValue)
            var before = k - 1
            while true {
                let e = elements[before]
                switch e.tag {
                case .word, .symbol:
                    for i in Int(wordStarts[before])..<Int(wordStarts[before + 1]) {
                        let word = Int(ids[i])
                        wordsBeforeReading[kind * wordWidth + word >> 6] |= 1 << UInt64(word & 63)
                    }
                case .digits:
                    digitsBeforeReading |= 1 << UInt8(kind)
                case .item:
                    kindsBeforeReading |= (UInt32(1) << UInt32(e.itemKind.rawValue)) << UInt32(kind * 8)
                }
                if !e.optional || before == range.lowerBound { break }
                before -= 1
            }
        }
        for k in range {
            let element = elements[k]
            // What must come right after element `k`: one of some words, or a reading of some
            // kinds (bits); none when anything may (a number, or the end of the pattern).
            followerWords.removeAll(keepingCapacity: true)
            var followerKinds: UInt8 = 0
            var hasFollowers = false
            for next in (k + 1)..<range.upperBound {
                let e = elements[next]
                switch e.tag {
                case .word, .symbol:
                    for i in Int(wordStarts[next])..<Int(wordStarts[next + 1]) { followerWords.append(ids[i]) }
                case .item:
                    followerKinds |= 1 << e.itemKind.rawValue
                case .digits:
                    break
                }
                if e.tag == .digits { break }
                if !e.optional { hasFollowers = true; break }
            }
            switch element.tag {
            case .word, .symbol:
                for i in Int(wordStarts[k])..<Int(wordStarts[k + 1]) {
                    let word = Int(ids[i])
                    if hasFollowers {
                        for f in followerWords { byWordThenWord.add(rule, first: word, second: Int(f)) }
                        for kind in 0..<kinds where followerKinds & (1 << kind) != 0 { byWordThenItem.add(rule, under: word * kinds + kind) }
                        kindsAfterWord[word] |= followerKinds
                    } else {
                        byWord.add(rule, under: word)
                    }
                }
            case .digits:
                if hasFollowers {
                    for f in followerWords { byDigitsThenWord.add(rule, under: Int(f)) }
                    for kind in 0..<kinds where followerKinds & (1 << kind) != 0 { byDigitsThenItem.add(rule, under: kind) }
                    kindsAfterDigits |= followerKinds
                } else {
                    byDigits.add(rule, under: 0)
                }
            case .item:
                let kind = Int(element.itemKind.rawValue)
                leadingKinds |= 1 << UInt8(kind)
                if hasFollowers {
                    for f in followerWords { byItemThenWord.add(rule, under: kind * words + Int(f)) }
                    for next in 0..<kinds where followerKinds & (1 << next) != 0 { byItemThenItem.add(rule, under: kind * kinds + next) }
                    if !followerWords.isEmpty { kindsBeforeWord |= 1 << UInt8(kind) }
                    kindsAfterKinds |= UInt32(followerKinds) << (kind * 8)
                } else {
                    byItemThenAny.add(rule, under: kind)
                }
            }
            if !element.optional { break }
        }
    }

    /// Flattens every index for reading.
    mutating func seal() {
        var scratch: [Int32] = []
        byWord.seal(&scratch)
        byDigits.seal(&scratch)
        byDigitsThenWord.seal(&scratch)
        byDigitsThenItem.seal(&scratch)
        byWordThenWord.seal()
        byWordThenItem.seal(&scratch)
        byItemThenWord.seal(&scratch)
        byItemThenItem.seal(&scratch)
        byItemThenAny.seal(&scratch)
    }
}

/// Lists of rule numbers by key, flattened once built (the rules of key `k` are
/// `rules[starts[k]..<starts[k + 1]]`, ascending and without repeats) so the hot loop reads
/// them without copying arrays.
struct RuleIndex: Sendable {
    private(set) var starts: [Int32] = [0]
    private(set) var rules: [Int32] = []
    private let keys: Int
    /// `key << 32 | rule` for each rule added, while the grammar is built; empty once sealed.
    private var entries: [UInt64] = []

    init(keys: Int) {
        self.keys = keys
    }

    /// Already flat.
    init(starts: [Int32], rules: [Int32]) {
        self.starts = starts
        self.rules = rules
        keys = starts.count - 1
    }

    mutating func add(_ rule: Int32, under key: Int) { entries.append(UInt64(key) << 32 | UInt64(UInt32(rule))) }

    /// A counting sort by key (stable, so each key's rules stay in the order added, which is
    /// ascending as `Grammar.init` adds them), then repeats dropped. `placed` is scratch space.
    /// The loops over the keys (thousands, words × kinds, most with no rule) run on unchecked
    /// buffers: with the arrays' checks, sealing was a tenth of the grammar's build.
    ///
    /// When every key's rules came in ascending and without repeats (checked as they are
    /// placed: nearly always), the placed rules and where each key's begin are the index as
    /// it is: the pass over the keys that sorts and drops repeats, and its second array of a
    /// slot a key, are skipped (a third of sealing, which is a sixth of the grammar's build).
    mutating func seal(_ placed: inout [Int32]) {
        let keys = self.keys
        guard !entries.isEmpty else {
            starts = [Int32](repeating: 0, count: keys + 1)
            rules = []
            return
        }
        // Where each key's rules begin (`begins`), and where the next of them goes, which
        // once all are placed is where they end (`next`).
        var begins = [Int32](repeating: 0, count: keys + 1)
        begins.withUnsafeMutableBufferPointer { begins in
            for e in entries { begins[Int(e >> 32) + 1] += 1 }
            for k in 0..<keys { begins[k + 1] += begins[k] }
        }
        var next = begins
        var inOrder = true
        placed.removeAll(keepingCapacity: true)
        placed.append(contentsOf: repeatElement(0, count: entries.count))
        next.withUnsafeMutableBufferPointer { next in
            begins.withUnsafeBufferPointer { begins in
                placed.withUnsafeMutableBufferPointer { placed in
                    for e in entries {
                        let k = Int(e >> 32), at = Int(next[k]), rule = Int32(truncatingIfNeeded: e)
                        if at > Int(begins[k]), placed[at - 1] >= rule { inOrder = false }
                        placed[at] = rule
                        next[k] += 1
                    }
                }
            }
        }
        if inOrder {
            starts = begins
            rules = placed
            entries = []
            return
        }
        var starts = [Int32](repeating: 0, count: keys + 1)
        var rules: [Int32] = []
        rules.reserveCapacity(entries.count)
        next.withUnsafeBufferPointer { next in
            starts.withUnsafeMutableBufferPointer { starts in
                var low = 0
                for k in 0..<keys {
                    let high = Int(next[k])
                    if low < high {
                        sortUnlessAscending(&placed, low..<high)
                        var last: Int32 = -1
                        for i in low..<high where placed[i] != last {
                            last = placed[i]
                            rules.append(last)
                        }
                    }
                    starts[k + 1] = Int32(rules.count)
                    low = high
                }
            }
        }
        self.starts = starts
        self.rules = rules
        entries = []
    }

    /// The `i`th rule number of the flat list, for an `i` from `range`: read without the
    /// array's bounds check (each checked read was a call, a few hundred instructions a parse).
    @inline(__always) func rule(_ i: Int) -> Int32 {
        rules.withUnsafeBufferPointer { $0[i] }
    }

    /// The rules under `key`, which must be below `keys`. Read without the array's and the
    /// range's checks: `Chart.run` asks a hundred times a parse, and the table is built sealed
    /// with `keys + 1` ascending entries.
    @inline(__always) func range(_ key: Int) -> Range<Int> {
        precondition(key >= 0 && key < keys)
        return starts.withUnsafeBufferPointer { Range(uncheckedBounds: (Int($0[key]), Int($0[key + 1]))) }
    }
}

/// Sorts `list[range]` unless it is in order already. The ranges while sealing are one or
/// two entries, nearly always in order, and a slice's sort costs a few hundred instructions
/// even then, for each of thousands of keys.
private func sortUnlessAscending<T: Comparable>(_ list: inout [T], _ range: Range<Int>) {
    for i in range.dropFirst() where list[i] < list[i - 1] {
        list[range].sort()
        return
    }
}

/// Rules by a pair of words that must follow each other, without hashing: the pairs are
/// grouped by first word and sorted by second, so a lookup is a short binary search.
struct WordPairIndex: Sendable {
    /// The pairs of first word `w` are `starts[w]..<starts[w + 1]`.
    private(set) var starts: [Int32] = [0]
    /// The second word of each pair, ascending within one first word.
    private(set) var seconds: [Int32] = []
    /// The rules of each pair, keyed by pair number.
    private(set) var rules = RuleIndex(keys: 0)
    private let words: Int
    /// `first`, and `second << 32 | rule`, for each rule added while the grammar is built.
    private var firsts: [Int32] = []
    private var entries: [UInt64] = []

    init(words: Int) {
        self.words = words
    }

    mutating func add(_ rule: Int32, first: Int, second: Int) {
        firsts.append(Int32(first))
        entries.append(UInt64(second) << 32 | UInt64(UInt32(rule)))
    }

    /// A counting sort by first word, then each first word's entries sorted by second word
    /// and rule (a few at most), repeats dropped; the loop over every word on unchecked
    /// buffers, as `RuleIndex.seal`.
    mutating func seal() {
        let words = self.words
        var next = [Int32](repeating: 0, count: words + 1)
        var placed = [UInt64](repeating: 0, count: entries.count)
        next.withUnsafeMutableBufferPointer { next in
            for f in firsts { next[Int(f) + 1] += 1 }
            for w in 0..<words { next[w + 1] += next[w] }
        }
        let bounds = next
        next.withUnsafeMutableBufferPointer { next in
            placed.withUnsafeMutableBufferPointer { placed in
                for (f, e) in zip(firsts, entries) {
                    placed[Int(next[Int(f)])] = e
                    next[Int(f)] += 1
                }
            }
        }
        var starts = [Int32](repeating: 0, count: words + 1)
        var seconds: [Int32] = []
        var pairStarts: [Int32] = [0]
        var pairRules: [Int32] = []
        pairRules.reserveCapacity(entries.count)
        bounds.withUnsafeBufferPointer { bounds in
            starts.withUnsafeMutableBufferPointer { starts in
                for w in 0..<words {
                    let low = Int(bounds[w]), high = Int(bounds[w + 1])
                    if low < high {
                        sortUnlessAscending(&placed, low..<high)
                        var last = UInt64.max
                        for i in low..<high where placed[i] != last {
                            let e = placed[i]
                            if last == .max || e >> 32 != last >> 32 {
                                if last != .max { pairStarts.append(Int32(pairRules.count)) }
                                seconds.append(Int32(e >> 32))
                            }
                            pairRules.append(Int32(truncatingIfNeeded: e))
                            last = e
                        }
                        pairStarts.append(Int32(pairRules.count))
                    }
                    starts[w + 1] = Int32(seconds.count)
                }
            }
        }
        self.starts = starts
        self.seconds = seconds
        rules = RuleIndex(starts: pairStarts, rules: pairRules)
        firsts = []
        entries = []
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

/// An element's test of a number token. A class, as `ItemTest`, so that the matcher calls it
/// through an unretained reference (read out of the array, the closure was retained and
/// released at each call, a few times a parse); the test is handed the token's `NumberToken`.
final class DigitTest: Sendable {
    let passes: @Sendable (NumberToken) -> Bool

    init(passes: @escaping @Sendable (NumberToken) -> Bool) { self.passes = passes }

    /// Whether number token `token` passes, read in place.
    @inline(__always) func passes(_ token: UnsafePointer<Token>) -> Bool {
        passes(NumberToken(number: token.pointee.number, digitCount: token.pointee.digitCount))
    }
}

/// An element's test of an earlier reading. A class, so that the matcher calls it through an
/// unretained reference (`Chart.matchItems`) without counting references to the closure.
final class ItemTest: Sendable {
    let passes: @Sendable (Item) -> Bool

    init(passes: @escaping @Sendable (Item) -> Bool) { self.passes = passes }
}

/// Every rule of every stage compiled once: the vocabulary of words the rules name, their
/// word sets as bitsets over it, and the tests of numbers and items.
///
/// Two grammars share one vocabulary. `everyday` leaves out the ~330 holiday names, which
/// are more than half the rules and of the cost of building a grammar (a one-shot command
/// builds one before it can read "today"); `shared` has every rule and is built the first
/// time a phrase has all the words of a holiday's name (`namesHoliday`). A holiday rule
/// matches only where all of its name's words are, so for any other phrase the two read
/// the same: the holiday rules come last in their stage, and the rest keep their order.
final class Grammar: Sendable {
    static let everyday = Grammar(stages: DateRules.everydayStages, alsoKnowing: DateRules.holidayNameWords)
    static let shared = Grammar(stages: DateRules.stages, vocabulary: everyday.vocabulary)

    let bitsets: [UInt64]
    let words: Int
    let digitTests: [DigitTest]
    let itemTests: [ItemTest]
    let stages: [CompiledStage]
    /// The most rules any stage has.
    let largestStage: Int
    /// The vocabulary (every word and symbol an element names, numbered in the order first
    /// met) as a `WordTable`: looking a token up is the first thing every reading does, and
    /// this is several times cheaper than a `Dictionary` of `String`s. The grammar is built
    /// through it too, nothing hashed with SipHash. No reading depends on the numbers given.
    private let vocabulary: WordTable
    /// For `everyday`: the word numbers of each holiday name (name `n`'s are
    /// `nameWordIDs[nameStarts[n]..<nameStarts[n + 1]]`), and by word number the names it is
    /// the rarest word of (word `w`'s are `namesOfWord[wordNameStarts[w]..<wordNameStarts[w + 1]]`),
    /// so that a phrase is checked only against those names. Flat lists: a list for each of
    /// the ~330 names and of their rarest words cost 0.25 M instructions of every start.
    private let nameWordIDs: [Int32]
    private let nameStarts: [Int32]
    private let namesOfWord: [Int32]
    private let wordNameStarts: [Int32]

    /// Compiles `ruleStages`. Their words are numbered in `vocabulary` when given (it must
    /// hold all of them), else in a new one that also holds the words of `names`, the
    /// holiday names of the rules left out (`namesHoliday`).
    init(stages ruleStages: [[Rule]], vocabulary given: WordTable? = nil, alsoKnowing names: [[String]] = []) {
        // 1. The vocabulary: every word and symbol any element names, and each mention's
        // number, in the order of the elements (`mentions[mentionStarts[e]..<mentionStarts[e + 1]]`).
        // An element shared by many rules (the months, the weekdays) has its words numbered
        // once, by the element's address: the everyday grammar's 1,662 mentions name 4,108
        // words, most of them again, and looking each up again was an eighth of its build.
        var lists: [[String]] = []
        var mentionLists: [Int32] = []
        var listOfElement = HashSlots(capacity: ruleStages.reduce(0) { $0 + $1.reduce(0) { $0 + $1.pattern.count } })
        for rules in ruleStages {
            for rule in rules {
                for element in rule.pattern {
                    switch element.kind {
                    case .words(let list), .symbols(let list):
                        // (Mixed: `HashSlots` probes from a key's low bits, an address's are zero.)
                        let key = UInt64(UInt(bitPattern: ObjectIdentifier(element))) &* 0x9E37_79B9_7F4A_7C15 | 1
                        var known: Int32 = -1
                        listOfElement.forEach(key) { known = $0 }
                        if known < 0 {
                            known = Int32(lists.count)
                            listOfElement.insert(key, known)
                            lists.append(list)
                        }
                        mentionLists.append(known)
                    default:
                        mentionLists.append(-1)
                    }
                }
            }
        }
        // Each list's word numbers (list `l`'s are `listIDs[listStarts[l]..<listStarts[l + 1]]`),
        // and each name's (numbered after the lists' words).
        // (Numbered list by list: appending the lists into one list of words first cost 0.4 M.)
        var listStarts: [Int] = [0]
        listStarts.reserveCapacity(lists.count + 1)
        for list in lists { listStarts.append(listStarts[listStarts.count - 1] + list.count) }
        let listWordCount = listStarts[listStarts.count - 1]
        var nameStarts: [Int32] = [0]
        nameStarts.reserveCapacity(names.count + 1)
        let vocabulary: WordTable, listIDs: [Int32], nameIDs: [Int32]
        if let given {
            vocabulary = given
            var ids: [Int32] = []
            ids.reserveCapacity(listWordCount)
            for list in lists {
                for word in list {
                    let id = given.index(of: word)
                    assert(id != nil, "the vocabulary given has no \(word)")
                    ids.append(Int32(id ?? -1))
                }
            }
            listIDs = ids
            var known: [Int32] = []
            for name in names {
                for word in name { if let id = given.index(of: word) { known.append(Int32(id)) } }
                nameStarts.append(Int32(known.count))
            }
            nameIDs = known
        } else {
            // The names' words after the lists': `listIDs` holds both, and is read below
            // `listWordCount` only.
            let (table, ids) = WordTable.build(lists: lists + names)
            vocabulary = table
            listIDs = ids
            nameIDs = Array(ids[listWordCount...])
            for name in names { nameStarts.append(nameStarts[nameStarts.count - 1] + Int32(name.count)) }
        }
        var mentionCount = 0
        for list in mentionLists where list >= 0 { mentionCount += listStarts[Int(list) + 1] - listStarts[Int(list)] }
        var mentions: [Int32] = []
        mentions.reserveCapacity(mentionCount)
        var mentionStarts: [Int32] = [0]
        mentionStarts.reserveCapacity(mentionLists.count + 1)
        for list in mentionLists {
            if list >= 0 {
                for i in listStarts[Int(list)]..<listStarts[Int(list) + 1] { mentions.append(listIDs[i]) }
            }
            mentionStarts.append(Int32(mentions.count))
        }
        let words = vocabulary.words.count
        // Each name under its rarest word (in the fewest names; the longest of those; the
        // first of equals), the names of a word in the order given.
        var namesOfWord: [Int32] = []
        var wordNameStarts: [Int32] = []
        if !names.isEmpty {
            var uses = [Int32](repeating: 0, count: words)
            for n in 0..<names.count {
                let first = Int(nameStarts[n])
                for k in first..<Int(nameStarts[n + 1]) where !nameIDs[first..<k].contains(nameIDs[k]) { uses[Int(nameIDs[k])] += 1 }
            }
            var rarestOf = [Int32](repeating: -1, count: names.count)
            wordNameStarts = [Int32](repeating: 0, count: words + 1)
            for n in 0..<names.count {
                var rarest: Int32 = -1
                for k in Int(nameStarts[n])..<Int(nameStarts[n + 1]) {
                    let id = nameIDs[k]
                    if rarest < 0 || uses[Int(id)] < uses[Int(rarest)]
                        || (uses[Int(id)] == uses[Int(rarest)] && vocabulary.words[Int(id)].utf8.count > vocabulary.words[Int(rarest)].utf8.count) {
                        rarest = id
                    }
                }
                rarestOf[n] = rarest
                if rarest >= 0 { wordNameStarts[Int(rarest) + 1] += 1 }
            }
            for w in 0..<words { wordNameStarts[w + 1] += wordNameStarts[w] }
            var next = wordNameStarts
            namesOfWord = [Int32](repeating: 0, count: Int(wordNameStarts[words]))
            for (n, rarest) in rarestOf.enumerated() where rarest >= 0 {
                namesOfWord[Int(next[Int(rarest)])] = Int32(n)
                next[Int(rarest)] += 1
            }
        }
        let bitsetWidth = (words + 63) / 64
        var bitsets: [UInt64] = []
        var digitTests: [DigitTest] = []
        var itemTests: [ItemTest] = []
        var stages: [CompiledStage] = []
        var largestStage = 0
        // Word sets already made (their numbers; set `n` is `bitsets[n * bitsetWidth...]`), by a
        // hash of their words; -1 free.
        var setTable = [Int32](repeating: -1, count: 1024)
        var sets = 0
        // How many words each set has, by set number.
        var setSizes: [Int32] = []
        var bits = [UInt64](repeating: 0, count: bitsetWidth)
        var followerScratch: [Int32] = []
        var mention = 0

        // 2. Each stage's elements, with shared bitsets and tests, and its indexes.
        for rules in ruleStages {
            var compiledRules: [CompiledStage.CompiledRule] = []
            var elements: [CompiledElement] = []
            // The stage's slice of `mentionStarts`, from its first element.
            let stageMentions = Array(mentionStarts[mention...])
            var indexes = StageIndexes(words: words)
            compiledRules.reserveCapacity(rules.count)
            for (index, rule) in rules.enumerated() {
                let first = elements.count
                for element in rule.pattern {
                    var compiled = CompiledElement(tag: .word, optional: element.optional, glued: element.glued, itemKind: .time, set: -1, test: -1)
                    switch element.kind {
                    case .words, .symbols:
                        if case .symbols = element.kind { compiled.tag = .symbol }
                        // The set's bits, and a hash of its words that does not depend on their order.
                        let mentioned = Int(mentionStarts[mention])..<Int(mentionStarts[mention + 1])
                        var h: UInt64 = 0
                        var size: Int32 = 0
                        for i in mentioned {
                            let id = Int(mentions[i]), bit: UInt64 = 1 << UInt64(id & 63)
                            if bits[id >> 6] & bit == 0 { h &+= Self.mix(UInt64(id)); size += 1 }
                            bits[id >> 6] |= bit
                        }
                        var slot = Int(truncatingIfNeeded: h) & (setTable.count - 1)
                        while true {
                            let number = Int(setTable[slot])
                            if number < 0 {
                                compiled.set = Int32(bitsets.count)
                                setTable[slot] = Int32(sets)
                                bitsets += bits
                                setSizes.append(size)
                                sets += 1
                                break
                            }
                            // The same set when it has as many words and holds all of these.
                            let offset = number * bitsetWidth
                            if setSizes[number] == size,
                               mentioned.allSatisfy({ i in
                                   let id = Int(mentions[i])
                                   return bitsets[offset + (id >> 6)] & (1 << UInt64(id & 63)) != 0
                               }) {
                                compiled.set = Int32(offset)
                                break
                            }
                            slot = (slot + 1) & (setTable.count - 1)
                        }
                        if sets * 2 > setTable.count { Self.grow(&setTable, bitsets: bitsets, width: bitsetWidth) }
                        for i in mentioned { bits[Int(mentions[i]) >> 6] = 0 }
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
                    mention += 1
                }
                var itemsAfter: Int16 = 0
                for k in stride(from: elements.count - 1, through: first, by: -1) {
                    if elements[k].tag == .item { itemsAfter += 1 }
                    elements[k].itemsFromHere = itemsAfter
                }
                precondition(rule.pattern.count <= Captures.capacity, "rule \(rule.name): pattern longer than \(Captures.capacity)")
                compiledRules.append(.init(elementRange: first..<elements.count, itemElements: Int(itemsAfter), elements: elements))
                indexes.add(Int32(index), elements: elements, range: first..<elements.count, wordStarts: stageMentions, words: mentions,
                            scratch: &followerScratch)
            }
            indexes.seal()
            stages.append(CompiledStage(rules: compiledRules, sources: rules, elements: elements, indexes: indexes))
            largestStage = max(largestStage, compiledRules.count)
        }
        self.bitsets = bitsets
        self.words = words
        self.digitTests = digitTests
        self.itemTests = itemTests
        self.stages = stages
        self.largestStage = largestStage
        self.vocabulary = vocabulary
        self.nameWordIDs = nameIDs
        self.nameStarts = nameStarts
        self.namesOfWord = namesOfWord
        self.wordNameStarts = wordNameStarts
    }

    /// Whether a phrase of these word numbers may name a holiday, so that `shared` must read
    /// it rather than `everyday`: whether it has every word of one of the names.
    func namesHoliday(_ wordIDs: [Int32]) -> Bool {
        guard !wordNameStarts.isEmpty else { return false }
        for id in wordIDs where id >= 0 {
            for j in Int(wordNameStarts[Int(id)])..<Int(wordNameStarts[Int(id) + 1]) {
                let n = Int(namesOfWord[j])
                if nameWordIDs[Int(nameStarts[n])..<Int(nameStarts[n + 1])].allSatisfy(wordIDs.contains) { return true }
            }
        }
        return false
    }

    /// A word number's part of a word set's hash (splitmix64's finalizer), summed over its words.
    @inline(__always) private static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Doubles the table of word sets.
    private static func grow(_ table: inout [Int32], bitsets: [UInt64], width: Int) {
        var larger = [Int32](repeating: -1, count: table.count * 2)
        for number in table where number >= 0 {
            var h: UInt64 = 0
            let offset = Int(number) * width
            for (w, b) in bitsets[offset..<(offset + width)].enumerated() {
                var rest = b
                while rest != 0 {
                    h &+= mix(UInt64(w * 64 + rest.trailingZeroBitCount))
                    rest &= rest - 1
                }
            }
            var slot = Int(truncatingIfNeeded: h) & (larger.count - 1)
            while larger[slot] >= 0 { slot = (slot + 1) & (larger.count - 1) }
            larger[slot] = number
        }
        table = larger
    }

    /// The word number of `text`, -1 when no rule names it.
    func wordID(_ text: String) -> Int32 { vocabulary.index(of: text).map { Int32($0) } ?? -1 }

    /// Whether word number `id` is in the set at `offset`.
    @inline(__always) func contains(_ offset: Int32, _ id: Int32) -> Bool {
        guard id >= 0 else { return false }
        let i = Int(id)
        return bitsets[Int(offset) + (i >> 6)] & (1 << UInt64(i & 63)) != 0
    }
}
