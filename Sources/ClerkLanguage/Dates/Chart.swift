import Synchronization

/// Bottom-up chart parsing (Duckling's engine, much reduced): each stage's rules run over
/// the tokens and every reading found so far until nothing new appears.
///
/// Matching is the hot loop of the reader, so it works on plain data: tokens carry a word
/// number from the grammar's vocabulary, pattern elements are compiled to `CompiledElement`s
/// whose word sets are bitsets, and items are found through index lists. Only a match that
/// passes every cheap check calls a rule's closures.
struct Chart: ~Copyable {
    let tokens: [Token]
    let context: ReadingContext
    let grammar: Grammar
    /// Word number of each token in `grammar.vocabulary`, -1 for words no rule knows.
    private let wordIDs: [Int32]
    /// The readings found so far, in the order found.
    /// (`mutating`, as `parts(of:)`: read from the reader's `var`, a plain getter was handed a
    /// copy of the whole chart, a few hundred instructions a parse with its second teardown.)
    var items: ItemList { mutating get { ItemList(base: itemStore, count: itemCount) } }
    /// The readings themselves, in the chart's memory: room for `itemRoom` in `scratch`, then
    /// (for a long text) memory of the chart's own, twice as large each time it fills, up to
    /// `capacity`. Moved only by `reserveItem`, which no `Item` in use outlives (see `apply`).
    private var itemStore: UnsafeMutablePointer<ItemStorage>
    private var itemRoom: Int
    /// Whether `itemStore` was allocated by the chart (it outgrew its room in `scratch`).
    private var ownsItemStore = false
    private var itemCount = 0
    /// `tokens` in `scratch`: a `Match` is handed them, and the items, as plain pointers, so
    /// that building one per production retains and releases no array (two pairs each).
    private let tokenStore: UnsafeBufferPointer<Token>
    /// Per item, as plain data: where it ends, its kind and generation, and the next item
    /// starting at the same token (a linked list from `firstStartingAt`).
    fileprivate struct Header {
        var first: Int32
        var end: Int32
        var generation: Int32
        var nextStartingHere: Int32
        var kind: ValueKind
    }
    /// `items.count` of them, in `scratch` (room for `capacity`): no array to allocate and
    /// grow per parse, and no bounds checks on the hot loop's reads (every index read is an
    /// item's, below `items.count`).
    private let headers: UnsafeMutablePointer<Header>
    /// The first item of each kind starting at each token: index `token * kinds + kind`.
    private let firstStartingAt: UnsafeMutablePointer<Int32>
    /// The kinds of the items starting at each token, as bits (`1 << kind`).
    private let kindsAt: UnsafeMutablePointer<UInt8>
    private static let kinds = ValueKind.allCases.count
    /// Safety valve for pathological text: the chart never grows past this.
    private let capacity: Int
    /// The pass being run; items remember it as their generation.
    private var pass: Int32 = 0
    /// Scratch space reused by every round: what the match in progress captured (see
    /// `Scratch.slots`), which rules were tried at a position (by `stamp`), kinds of new items.
    private let scratch: Scratch
    private let applied: UnsafeMutablePointer<UInt32>
    /// Goes on from the last chart's (`Scratch.lastStamp`): the stamps are not cleared a parse.
    private var stamp: UInt32
    private let freshKinds: UnsafeMutablePointer<UInt8>
    /// `run`'s list of matches between stages (see there).
    private var foundStorage: FoundList
    /// In a later round, the last token where an item of the previous round starts: a match
    /// that has used none of them by a token past it can use none (`match` stops there).
    private var lastFreshStart = Int.max

    /// `wordIDs`, when given, are the tokens' word numbers in `grammar` (the reader has them).
    init(tokens: [Token], wordIDs: [Int32]? = nil, context: ReadingContext, grammar: Grammar = .shared) {
        self.tokens = tokens
        self.grammar = grammar
        self.wordIDs = wordIDs ?? tokens.map { grammar.wordID($0.text) }
        capacity = 64 + tokens.count * 12
        scratch = Scratch(tokens: tokens, wordIDs: self.wordIDs, kinds: Self.kinds, rules: grammar.largestStage, items: capacity)
        // The rules' existence checks remember their walks for the resolver (`SpanMemo`).
        var context = context
        context.series.spans = scratch.spans
        self.context = context
        itemStore = scratch.items
        itemRoom = scratch.itemRoom
        tokenStore = UnsafeBufferPointer(start: scratch.tokens, count: tokens.count)
        firstStartingAt = scratch.firstStartingAt
        kindsAt = scratch.kindsAt
        freshKinds = scratch.freshKinds
        applied = scratch.applied
        stamp = scratch.lastStamp.pointee
        headers = scratch.headers
        foundStorage = FoundList(room: scratch.found, capacity: Scratch.foundRoom)
    }

    /// The items are the chart's to destroy (before its scratch block goes back).
    deinit {
        // Destroyed in place (`move()` copied each 296-byte item to the stack first).
        itemStore.deinitialize(count: itemCount)
        if ownsItemStore { itemStore.deallocate() }
        scratch.spans.pointee.empty()
        foundStorage.free()
        scratch.lastStamp.pointee = stamp
    }

    /// Runs one stage of rules to a fixed point. The first pass tries every rule; later
    /// passes only keep matches that use an item the previous pass made (semi-naive
    /// evaluation), so no production runs twice on the same inputs.
    mutating func run(_ stage: Int) {
        let compiled = grammar.stages[stage]
        let elements = compiled.patterns
        let leadingKinds = compiled.indexes.leadingKinds, kindsBeforeWord = compiled.indexes.kindsBeforeWord
        // The list of matches, kept from stage to stage so that it is allocated once a parse.
        var found = foundStorage
        defer { foundStorage = found }

        for round in 0..<6 {
            pass += 1
            let before = itemCount
            let minimumGeneration: Int32 = round == 0 ? Int32.min : pass - 1
            // After the first round a match must use a new item, which starts at or after it.
            var lastFreshStart = tokenStore.count - 1
            // Kinds of new items starting at each token, as bits.
            freshKinds.update(repeating: round == 0 ? 0xFF : 0, count: tokenStore.count)
            // In a later round, where the whole of a position stops being tried: at the last new
            // reading that some pattern could use after its first element (going by what is
            // right before it); from there on only the rules that start with a reading, at a
            // position where a new one starts. A match from a word or number, or from an old
            // reading, past that point could use no new reading: those there can only start a
            // match, and the round makes readings only at the position it is at. (Most later
            // rounds of the first two stages make nothing; tried whole, their positions were over
            // a quarter of those a parse visits.)
            var wholeBefore = Int.max
            if round > 0 {
                lastFreshStart = -1
                wholeBefore = -1
                for i in 0..<itemCount where headers[i].generation >= minimumGeneration {
                    let h = headers[i], first = Int(h.first)
                    lastFreshStart = max(lastFreshStart, first)
                    freshKinds[first] |= 1 << h.kind.rawValue
                    guard first > wholeBefore, first > 0 else { continue }
                    let kind = Int(h.kind.rawValue), readingsBefore = compiled.kindsBefore(reading: kind)
                    if compiled.readingMayFollow(kind: kind, number: tokenStore[first - 1].kind == .number, word: wordIDs[first - 1])
                        || readingsBefore != 0 && readingsBefore & kindsEnding(at: first) != 0 {
                        wholeBefore = first
                    }
                }
            }
            self.lastFreshStart = round == 0 ? Int.max : lastFreshStart
            for position in 0...max(lastFreshStart, -1) where position >= 0 {
                let whole = position < wholeBefore
                if !whole, freshKinds[position] == 0 { continue }
                let id = wordIDs[position]
                let next = position + 1
                let nextID = next < tokenStore.count ? wordIDs[next] : -1
                stamp &+= 1
                if !whole {
                    // (The readings' rules only, below.)
                } else if tokenStore[position].kind == .number {
                    for i in compiled.indexes.byDigits.range(0) {
                        let r = compiled.indexes.byDigits.rule(i)
                        guard round == 0 || compiled.rule(r).usesItems, digitsPass(compiled.rule(r), position) else { continue }
                        apply(compiled, elements, r, position, minimumGeneration, &found)
                    }
                    if nextID >= 0 {
                        for i in compiled.indexes.byDigitsThenWord.range(Int(nextID)) {
                            let r = compiled.indexes.byDigitsThenWord.rule(i)
                            guard applied[Int(r)] != stamp else { continue }
                            applied[Int(r)] = stamp
                            guard round == 0 || compiled.rule(r).usesItems, digitsPass(compiled.rule(r), position) else { continue }
                            apply(compiled, elements, r, position, minimumGeneration, &found)
                        }
                    }
                    // Readings at `next` of the kinds a rule needs after a number (none is made
                    // there while this token is read: new readings start here).
                    var kinds = next < tokenStore.count ? kindsAt[next] & compiled.indexes.kindsAfterDigits : 0
                    while kinds != 0 {
                        let kind = kinds.trailingZeroBitCount
                        kinds &= kinds - 1
                        for i in compiled.indexes.byDigitsThenItem.range(kind) {
                            let r = compiled.indexes.byDigitsThenItem.rule(i)
                            guard applied[Int(r)] != stamp else { continue }
                            applied[Int(r)] = stamp
                            let rule = compiled.rule(r)
                            guard digitsPass(rule, position), followerMayStart(afterToken: rule, next) else { continue }
                            apply(compiled, elements, r, position, minimumGeneration, &found)
                        }
                    }
                } else if id >= 0 {
                    for i in compiled.indexes.byWord.range(Int(id)) {
                        let r = compiled.indexes.byWord.rule(i)
                        if round == 0 || compiled.rule(r).usesItems { apply(compiled, elements, r, position, minimumGeneration, &found) }
                    }
                    if nextID >= 0, let pair = compiled.indexes.byWordThenWord.pair(Int(id), Int(nextID)) {
                        for i in compiled.indexes.byWordThenWord.rules.range(pair) {
                            let r = compiled.indexes.byWordThenWord.rules.rule(i)
                            guard applied[Int(r)] != stamp else { continue }
                            applied[Int(r)] = stamp
                            if round == 0 || compiled.rule(r).usesItems { apply(compiled, elements, r, position, minimumGeneration, &found) }
                        }
                    }
                    var kinds = next < tokenStore.count ? kindsAt[next] & compiled.indexes.kindsAfterWord[Int(id)] : 0
                    while kinds != 0 {
                        let kind = kinds.trailingZeroBitCount
                        kinds &= kinds - 1
                        for i in compiled.indexes.byWordThenItem.range(Int(id) * Self.kinds + kind) {
                            let r = compiled.indexes.byWordThenItem.rule(i)
                            guard applied[Int(r)] != stamp else { continue }
                            applied[Int(r)] = stamp
                            guard followerMayStart(afterToken: compiled.rule(r), next) else { continue }
                            apply(compiled, elements, r, position, minimumGeneration, &found)
                        }
                    }
                }
                // Each kind some rule starts with that has a reading here, in order. Rules tried
                // here add readings here, so the kinds are looked at afresh for each.
                var kind = 0
                while true {
                    let kinds = kindsAt[position] & leadingKinds & (0xFF << UInt8(kind))
                    guard kinds != 0 else { break }
                    kind = kinds.trailingZeroBitCount
                    defer { kind += 1 }
                    let head = firstStartingAt[position * Self.kinds + kind]
                    let freshHere = freshKinds[position] & (1 << UInt8(kind)) != 0
                    for i in compiled.indexes.byItemThenAny.range(kind) {
                        let r = compiled.indexes.byItemThenAny.rule(i)
                        // A rule whose only item is this first one needs that item to be new.
                        if !freshHere, compiled.rule(r).itemElements == 1 { continue }
                        guard mayMatch(compiled.rule(r), kind, position) else { continue }
                        apply(compiled, elements, r, position, minimumGeneration, &found)
                    }
                    // Rules that need a word or a reading after the item: only those whose
                    // follower is there.
                    stamp &+= 1
                    var index = head
                    while index >= 0 {
                        let end = Int(headers[Int(index)].end)
                        index = headers[Int(index)].nextStartingHere
                        guard end < tokenStore.count else { continue }
                        if kindsBeforeWord & (1 << UInt8(kind)) != 0, wordIDs[end] >= 0 {
                            for i in compiled.indexes.byItemThenWord.range(kind * grammar.words + Int(wordIDs[end])) {
                                let r = compiled.indexes.byItemThenWord.rule(i)
                                guard applied[Int(r)] != stamp else { continue }
                                applied[Int(r)] = stamp
                                if !freshHere, compiled.rule(r).itemElements == 1 { continue }
                                guard mayMatch(compiled.rule(r), kind, position) else { continue }
                                apply(compiled, elements, r, position, minimumGeneration, &found)
                            }
                        }
                        var nextKinds = kindsAt[end] & compiled.indexes.kindsAfter(kind: kind)
                        while nextKinds != 0 {
                            let next = nextKinds.trailingZeroBitCount
                            nextKinds &= nextKinds - 1
                            // Neither an item of this kind here nor one of the follower's kind
                            // at `end` is new: a rule with just these two items cannot match
                            // through this follower (its other followers are tried on their own).
                            let freshPair = freshHere || freshKinds[end] & (1 << UInt8(next)) != 0
                            for i in compiled.indexes.byItemThenItem.range(kind * Self.kinds + next) {
                                let r = compiled.indexes.byItemThenItem.rule(i)
                                guard applied[Int(r)] != stamp else { continue }
                                if !freshPair, compiled.rule(r).itemElements == 2 { continue }
                                applied[Int(r)] = stamp
                                guard mayMatch(compiled.rule(r), kind, position) else { continue }
                                apply(compiled, elements, r, position, minimumGeneration, &found)
                            }
                        }
                    }
                }
            }
            if itemCount == before || itemCount >= capacity { return }
        }
    }

    /// The kinds of the readings that end at token `end`, as bits.
    private func kindsEnding(at end: Int) -> UInt8 {
        var kinds: UInt8 = 0
        for i in 0..<itemCount where Int(headers[i].end) == end { kinds |= 1 << headers[i].kind.rawValue }
        return kinds
    }

    /// A complete match: where it ends and what its elements captured.
    struct Found {
        var end: Int
        var captures: Captures
    }

    /// The matches of one rule at one token, in room in the scratch block (an array cost a
    /// uniqueness and a bounds check and a copy through the array per match found, and its
    /// allocation and growth per parse). Matches are plain data; a list that outgrows its room
    /// moves to memory of its own, which `free` gives back. Copies share the memory: `run`
    /// works on one and stores it back.
    struct FoundList {
        private var base: UnsafeMutablePointer<Found>
        private var capacity: Int
        private(set) var count = 0
        /// Whether `base` was allocated by the list (after it outgrew the room it was given).
        private var owned = false

        init(room: UnsafeMutablePointer<Found>, capacity: Int) {
            base = room
            self.capacity = capacity
        }

        var isEmpty: Bool { count == 0 }

        mutating func removeAll() { count = 0 }

        /// Appends the match ending at `end` whose captures are the first `elements` slots.
        @inline(__always) mutating func append(end: Int, slots: UnsafeMutablePointer<Int32>, elements: Int) {
            if count == capacity { grow() }
            (base + count).initialize(to: Found(end: end, captures: Captures(slots, count: elements)))
            count += 1
        }

        @inline(never) private mutating func grow() {
            let larger = UnsafeMutablePointer<Found>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            if owned { base.deallocate() }
            base = larger
            capacity *= 2
            owned = true
        }

        subscript(_ i: Int) -> Found { base[i] }

        /// Where match `i` lies, for reading its fields in place (a `Found` read whole is 80 bytes).
        func at(_ i: Int) -> UnsafePointer<Found> { UnsafePointer(base + i) }

        func free() { if owned { base.deallocate() } }
    }

    /// The chart's tables, allocated directly rather than as arrays: three small arrays per
    /// reading cost more in Swift's generic array set-up than the reading's matching in them.
    /// Owned by one chart; the block is kept for the next chart when it is freed (`spare`).
    /// Not copyable, held in the chart: a class was an object allocated and freed a parse.
    struct Scratch: ~Copyable {
        /// Room for the chart's first `itemRoom` items (which the chart initializes and
        /// destroys) and a copy of its tokens that borrows their strings (see `init`).
        let items: UnsafeMutablePointer<ItemStorage>
        let itemRoom: Int
        /// Items an ordinary phrase has room for in the block (about six are made a parse).
        static let itemsInBlock = 32
        /// Room for `foundRoom` matches (see `FoundList`).
        let found: UnsafeMutablePointer<Found>
        static let foundRoom = 32
        let tokens: UnsafeMutablePointer<Token>
        /// The existence checks' memo of first spans, emptied by the chart (`SpanMemo`).
        let spans: UnsafeMutablePointer<SpanMemo>
        /// Captures of the match in progress, one per element (element `e` writes slot `e`):
        /// -1 an absent optional element, `2t` token `t`, `2i+1` item `i`.
        let slots: UnsafeMutablePointer<Int32>
        /// `(tokens + 1) * kinds` heads of item lists, -1 for none.
        let firstStartingAt: UnsafeMutablePointer<Int32>
        /// One stamp per rule of the largest stage, at the start of the block (after
        /// `lastStamp`), where they stay from chart to chart: a rule was tried at the position
        /// being read when its stamp is the chart's. The chart's stamps go on from the last
        /// chart's (`lastStamp`), so those a block holds are all older, and the stamps are
        /// cleared only in a new block, one that held fewer, or after 4 billion (clearing them
        /// was a `memset` of 1.7 kB a parse).
        let applied: UnsafeMutablePointer<UInt32>
        /// Where the chart leaves its last stamp, for the next chart to go on from: the block's
        /// first word, which holds the last chart's as the chart starts (its first stamp). The
        /// second is how many of `applied` hold stamps (the rest are not yet written). (In the
        /// block, not fields: a larger chart cost more to move, `memcpy` +60 a parse.)
        var lastStamp: UnsafeMutablePointer<UInt32> { block.assumingMemoryBound(to: UInt32.self) }
        /// The tokens' word numbers (`Chart.wordIDs`), for `Match.wordID`.
        let wordIDs: UnsafeMutablePointer<Int32>
        /// One byte of kind bits per token.
        let freshKinds: UnsafeMutablePointer<UInt8>
        /// One byte of kind bits per token.
        let kindsAt: UnsafeMutablePointer<UInt8>
        /// Room for `items` headers (uninitialized: a header is written as its item is added).
        fileprivate let headers: UnsafeMutablePointer<Header>

        /// The tables in one block: one allocation a parse instead of eight, and none at all
        /// when the last chart's block is big enough.
        private let block: UnsafeMutableRawPointer
        private let bytes: Int

        /// A freed chart's block (address and size; 0 for none), for the next chart to take:
        /// a block for an ordinary phrase is a few kilobytes, which glibc serves on its slow
        /// path (`_int_malloc`, `_int_free`: 500 instructions a parse), and a lock taken twice
        /// costs a tenth of that. One block, shared by the threads that read at once.
        private static let spare = Mutex<(address: UInt, bytes: Int)>((0, 0))

        /// The room before the rest of the tables: the last stamp and how many are held (8
        /// bytes, so that the items after them stay aligned), and `rules` stamps, rounded up to 8 bytes.
        private static func stampBytes(rules: Int) -> Int { 8 + (rules * 4 + 7) / 8 * 8 }

        init(tokens given: [Token], wordIDs givenIDs: [Int32], kinds: Int, rules: Int, items: Int) {
            let tokenCount = given.count
            let heads = (tokenCount + 1) * kinds, flagBytes = 2 * max(tokenCount, 1)
            let words = Captures.capacity + heads + tokenCount
            // Items, matches, tokens and the span memo first (their alignment is 8), then the 4-byte words and the
            // headers (a header's alignment is 4), the bytes last.
            itemRoom = min(items, Self.itemsInBlock)
            let itemBytes = itemRoom * MemoryLayout<ItemStorage>.stride
            let foundBytes = Self.foundRoom * MemoryLayout<Found>.stride
            let tokenBytes = tokenCount * MemoryLayout<Token>.stride
            let spanBytes = MemoryLayout<SpanMemo>.stride + SpanMemo.bytes
            let headerBytes = items * MemoryLayout<Header>.stride
            let stampBytes = Self.stampBytes(rules: rules)
            let needed = stampBytes + itemBytes + foundBytes + tokenBytes + spanBytes + words * 4 + headerBytes + flagBytes
            let taken = Self.spare.withLock { spare -> (address: UInt, bytes: Int) in
                guard spare.bytes >= needed else { return (0, 0) }
                defer { spare = (0, 0) }
                return spare
            }
            if let reused = UnsafeMutableRawPointer(bitPattern: taken.address) {
                block = reused
                bytes = taken.bytes
            } else {
                // A typed allocation, so that it goes to `malloc` (an untyped one of unstated
                // alignment went to `posix_memalign`); room for a somewhat longer phrase.
                let words8 = (max(needed, 4096) + 7) / 8
                block = UnsafeMutableRawPointer(UnsafeMutablePointer<UInt64>.allocate(capacity: words8))
                bytes = words8 * 8
            }
            assert(MemoryLayout<ItemStorage>.alignment <= 8 && MemoryLayout<Found>.alignment <= 8)
            let header = block.bindMemory(to: UInt32.self, capacity: 2)
            applied = (block + 8).bindMemory(to: UInt32.self, capacity: rules)
            // Far from the end, so that no chart's stamps wrap round to one the block holds.
            if taken.address == 0 || Int(header[1]) < rules || header[0] >= UInt32.max - 1 << 28 {
                applied.initialize(repeating: 0, count: rules)
                header.initialize(to: 0)
                (header + 1).initialize(to: UInt32(rules))
            } else if Int(header[1]) > rules {
                // The tables below start right after this chart's stamps and overwrite those
                // of the rules past them: they are held no more, so that a chart of more rules
                // (the other grammar's) clears them, not reads a table's bytes as stamps.
                header[1] = UInt32(rules)
            }
            let tables = block + stampBytes
            self.items = tables.bindMemory(to: ItemStorage.self, capacity: itemRoom)
            found = (tables + itemBytes).bindMemory(to: Found.self, capacity: Self.foundRoom)
            let tokenRoom = (tables + itemBytes + foundBytes).bindMemory(to: Token.self, capacity: tokenCount)
            self.tokens = tokenRoom
            // Bit for bit, the strings not retained: the copies borrow them from the chart's
            // `tokens`, which holds them (unchanged) for as long as the chart, and so this block,
            // is used; they are never released either. (Copied one by one, each token was a
            // call and a retain, and another call and a release at the end: ~350 instructions a parse.)
            given.withUnsafeBufferPointer { source in
                guard let from = source.baseAddress else { return }
                UnsafeMutableRawPointer(tokenRoom).copyMemory(from: from, byteCount: tokenCount * MemoryLayout<Token>.stride)
            }
            let spanStart = tables + itemBytes + foundBytes + tokenBytes
            spans = spanStart.bindMemory(to: SpanMemo.self, capacity: 1)
            spans.initialize(to: SpanMemo(room: spanStart + MemoryLayout<SpanMemo>.stride))
            let wordsStart = spanStart + spanBytes
            let base = wordsStart.bindMemory(to: Int32.self, capacity: Captures.capacity + heads)
            slots = base
            // All the slots initialized, as `Captures.init` copies them all.
            slots.initialize(repeating: -1, count: Captures.capacity)
            firstStartingAt = base + Captures.capacity
            firstStartingAt.initialize(repeating: -1, count: heads)
            let ids = (wordsStart + (Captures.capacity + heads) * 4).bindMemory(to: Int32.self, capacity: tokenCount)
            givenIDs.withUnsafeBufferPointer { given in
                let copied = min(given.count, tokenCount)
                if let from = given.baseAddress { ids.initialize(from: from, count: copied) }
                (ids + copied).initialize(repeating: -1, count: tokenCount - copied)
            }
            wordIDs = ids
            headers = (wordsStart + words * 4).bindMemory(to: Header.self, capacity: items)
            freshKinds = (wordsStart + words * 4 + headerBytes).bindMemory(to: UInt8.self, capacity: flagBytes)
            freshKinds.initialize(repeating: 0, count: flagBytes)
            kindsAt = freshKinds + max(tokenCount, 1)
        }

        deinit {
            // (The tokens' copies borrowed their strings: nothing to release.)
            let mine = (address: UInt(bitPattern: block), bytes: bytes)
            // Kept when there is no spare block or this one is larger; the other is freed.
            let freed = Self.spare.withLock { spare -> UInt in
                guard spare.bytes < mine.bytes else { return mine.address }
                defer { spare = mine }
                return spare.address
            }
            UnsafeMutableRawPointer(bitPattern: freed)?.deallocate()
        }
    }

    private mutating func apply(_ stage: CompiledStage, _ elements: UnsafeBufferPointer<CompiledElement>, _ r: Int32, _ position: Int,
                                _ minimumGeneration: Int32, _ found: inout FoundList) {
        let rule = stage.rule(r), range = rule.elementRange
        found.removeAll()
        let pattern = UnsafeBufferPointer(start: elements.baseAddress! + range.lowerBound, count: range.count)
        if rule.leadDigitTest >= 0 {
            // The number token the rule starts with passed its test before this try (`digitsPass`):
            // the match goes on after it, without a second test and its copy of the token.
            scratch.slots[0] = Int32(position) << 1
            match(pattern, 1, position, position + 1, minimumGeneration == Int32.min, minimumGeneration, scratch.slots, &found)
        } else {
            match(pattern, 0, position, position, minimumGeneration == Int32.min, minimumGeneration, scratch.slots, &found)
        }
        guard !found.isEmpty else { return }
        // The rule lent, not retained: the grammar holds it for the whole parse (a retain and
        // a release a production).
        Unmanaged.passUnretained(stage.sources[Int(r)])._withUnsafeGuaranteedRef { source in
            let matches = found
            for k in 0..<matches.count {
                // The match read where it lies: the list does not change while its matches are
                // produced. (`captures` is a stored property: its pointer always exists.)
                let found = matches.at(k), end = found.pointee.end, slots = found.pointer(to: \.captures)!
                // (Made afresh for each match: `reserveItem` may move the items.)
                let m = Match(captures: CaptureSlots(slots), tokens: tokenStore, wordIDs: scratch.wordIDs, items: itemStore, context: context,
                              span: KnownReadings(first: position, end: end, firstStartingAt: firstStartingAt, headers: headers, items: itemStore))
                guard let production = source.produce(m) else { continue }
                // The same reading again (another way to the same words): nothing new.
                if isKnown(first: position, end: end, production) { continue }
                var partCount = 1
                if source.role == nil {
                    partCount = 0
                    let c = m.captures
                    for k in 0..<c.count where c[k] >= 0 && c[k] & 1 == 1 { partCount += itemStore[Int(c[k] >> 1)].partCount }
                }
                let latent = production.latent, standsAlone = production.standsAlone, priority = production.priority ?? source.priority
                // The reading moved into the item, not copied: a production is large, and a copy
                // went through the optional's generic copy and destroy.
                guard let slot = reserveItem(first: position, end: end, kind: production.value.kind) else { continue }
                slot.initialize(to: ItemStorage(first: position, end: end, value: (consume production).value, rule: source,
                         captures: slots.pointee, partCount: partCount, endElement: Int8(source.endElement ?? -1), latent: latent,
                         standsAlone: standsAlone, priority: priority, generation: Int(pass)))
            }
        }
    }

    /// Depth-first matching of `pattern[e...]` from token `at`; `begin` is where the match
    /// began, `fresh` whether an item new enough has been used. A word, symbol or number
    /// element has one way to match, so the walk goes on in a loop; it recurses only where
    /// there are choices (an optional element, the items at a token).
    /// `mutating` though it changes nothing: called from the mutating `apply`, a plain method
    /// was handed a copy of the whole chart (128 bytes) at every call, most of which fail.
    private mutating func match(_ pattern: UnsafeBufferPointer<CompiledElement>, _ first: Int, _ begin: Int, _ start: Int, _ fresh: Bool,
                       _ minimumGeneration: Int32, _ slots: UnsafeMutablePointer<Int32>, _ found: inout FoundList) {
        var e = first, at = start
        while true {
            if e == pattern.count {
                if at > begin, fresh { found.append(end: at, slots: slots, elements: e) }
                return
            }
            if found.count > 16 { return }
            let element = pattern[e]
            // No new item so far and none can come (no item element is left, or every new item
            // starts before this token): this match would be thrown away.
            if !fresh, element.itemsFromHere == 0 || at > lastFreshStart { return }
            if element.optional {
                slots[e] = -1
                match(pattern, e + 1, begin, at, fresh, minimumGeneration, slots, &found)
            }
            guard at < tokenStore.count else { return }
            if element.glued, e > 0, tokenStore[at].spaceBefore { return }
            switch element.tag {
            case .word, .symbol:
                let kind = tokenStore[at].kind
                if element.tag == .word ? kind == .number : kind != .symbol { return }
                guard grammar.contains(element.set, wordIDs[at]) else { return }
            case .digits:
                guard tokenStore[at].kind == .number, tokenStore[at].number != nil, digitsPass(element.test, at) else { return }
            case .item:
                matchItems(pattern, e, element, begin, at, fresh, minimumGeneration, slots, &found)
                return
            }
            slots[e] = Int32(at) << 1
            e += 1
            at += 1
        }
    }

    /// `match` at an item element: each item of the element's kind at `at` that passes its
    /// test, and the rest of the pattern after it.
    private mutating func matchItems(_ pattern: UnsafeBufferPointer<CompiledElement>, _ e: Int, _ element: CompiledElement, _ begin: Int, _ at: Int,
                            _ fresh: Bool, _ minimumGeneration: Int32, _ slots: UnsafeMutablePointer<Int32>, _ found: inout FoundList) {
        let test = Unmanaged.passUnretained(grammar.itemTests[Int(element.test)])
        var index = firstStartingAt[at * Self.kinds + Int(element.itemKind.rawValue)]
        while index >= 0 {
            let i = Int(index)
            let header = headers[i]
            index = header.nextStartingHere
            let end = Int(header.end)
            // An old item, with no new one before it, and no new one after it: nothing to keep.
            let isFresh = fresh || header.generation >= minimumGeneration
            if !isFresh, end > lastFreshStart || element.itemsFromHere == 1 { continue }
            // Whether the rest of the pattern can start after the item, before the item's own test.
            guard canContinue(pattern, e + 1, end) else { continue }
            // The test is owned by the grammar for the whole match: called without retaining
            // it, and handed the item as its address.
            let passes = test._withUnsafeGuaranteedRef { $0.passes(Item(itemStore + i)) }
            guard passes else { continue }
            slots[e] = Int32(i) << 1 | 1
            match(pattern, e + 1, begin, end, isFresh, minimumGeneration, slots, &found)
        }
    }

    // The checks before a try (see `CompiledRule.leadTest`). Most tries find nothing, and
    // most of those fail at the first or second element: asked here, a failure costs a loop
    // over the readings at one or two tokens instead of a match. Each asks only what every
    // match of the rule from this token needs, given what the chart holds now, so that the
    // tries left find what they found before, in the same order.

    /// Whether the number token at `position` passes the rule's first test, if it has one.
    @inline(__always) private func digitsPass(_ rule: CompiledStage.CompiledRule, _ position: Int) -> Bool {
        guard rule.leadDigitTest >= 0 else { return true }
        return tokenStore[position].number != nil && digitsPass(rule.leadDigitTest, position)
    }

    /// Whether the token at `position` passes digit test `test`. The test and the token are
    /// read in place: the grammar and the chart hold them for the whole parse.
    @inline(__always) private func digitsPass(_ test: Int32, _ position: Int) -> Bool {
        let check = Unmanaged.passUnretained(grammar.digitTests[Int(test)])
        return check._withUnsafeGuaranteedRef { $0.passes(tokenStore.baseAddress! + position) }
    }

    /// For a rule that begins with a reading of `kind` at `position`: whether some reading
    /// there passes its test and, when the rule needs a reading next, has one after it.
    /// A reading not followed by the word the rule needs right after it (`leadFollowerSet`,
    /// as `matchItems`' `canContinue` would find) is passed over before its test is called:
    /// a try through it would find nothing.
    @inline(__always) private func mayMatch(_ rule: CompiledStage.CompiledRule, _ kind: Int, _ position: Int) -> Bool {
        guard rule.leadTest >= 0 else { return true }
        let set = rule.leadFollowerSet
        return someReading(of: kind, at: position, passing: rule.leadTest) { end in
            set < 0 || end < tokenStore.count && tokenStore[end].kind != .number && grammar.contains(set, wordIDs[end])
        } andThen: { end in followerMayStart(rule, end) }
    }

    /// `followerMayStart` for a try from a word or number: when that token is the rule's first
    /// element, the token after it is where the follower starts.
    @inline(__always) private func followerMayStart(afterToken rule: CompiledStage.CompiledRule, _ at: Int) -> Bool {
        rule.leadTest >= 0 || followerMayStart(rule, at)
    }

    /// Whether the reading the rule needs after its first element can start at `at` (or up
    /// to `followGap` tokens later, past optional words): one of its kind there passes its test.
    @inline(__always) private func followerMayStart(_ rule: CompiledStage.CompiledRule, _ at: Int) -> Bool {
        guard rule.followTest >= 0 else { return true }
        var p = at
        while p < tokenStore.count, p <= at + rule.followGap {
            if someReading(of: Int(rule.followKind.rawValue), at: p, passing: rule.followTest) { return true }
            p += 1
        }
        return false
    }

    /// Whether some reading of `kind` starting at `position` whose end passes `endingWhere`
    /// (asked first: it is cheaper) passes item test `test` and, given where it ends, `andThen`.
    @inline(__always) private func someReading(of kind: Int, at position: Int, passing test: Int32,
                                               endingWhere: (Int) -> Bool = { _ in true },
                                               andThen: (Int) -> Bool = { _ in true }) -> Bool {
        let check = Unmanaged.passUnretained(grammar.itemTests[Int(test)])
        var index = firstStartingAt[position * Self.kinds + kind]
        while index >= 0 {
            let i = Int(index)
            index = headers[i].nextStartingHere
            let end = Int(headers[i].end)
            guard endingWhere(end) else { continue }
            let passes = check._withUnsafeGuaranteedRef { $0.passes(Item(itemStore + i)) }
            if passes, andThen(end) { return true }
        }
        return false
    }

    /// A cheap look at whether `pattern[e...]` could match from token `at`: its first
    /// required element (and the optional ones before it) against what is there.
    @inline(__always) private func canContinue(_ pattern: UnsafeBufferPointer<CompiledElement>, _ e: Int, _ at: Int) -> Bool {
        var k = e
        while k < pattern.count {
            let element = pattern[k]
            let possible: Bool
            if at >= tokenStore.count {
                possible = false
            } else {
                switch element.tag {
                case .word: possible = tokenStore[at].kind != .number && grammar.contains(element.set, wordIDs[at])
                case .symbol: possible = tokenStore[at].kind == .symbol && grammar.contains(element.set, wordIDs[at])
                case .digits: possible = tokenStore[at].kind == .number
                case .item: possible = firstStartingAt[at * Self.kinds + Int(element.itemKind.rawValue)] >= 0
                }
            }
            if possible { return true }
            if !element.optional { return false }
            k += 1
        }
        return true
    }

    /// The pieces of an item for explanations: the item itself when its rule names a role,
    /// else the pieces of the items it combines, with connecting words ("at", "on") joined to
    /// the piece after them.
    mutating func parts(of item: Item) -> [PartSpan] {
        var parts: [PartSpan] = []
        parts.reserveCapacity(4)
        appendParts(of: item, to: &parts)
        return parts
    }

    /// `parts(of:)` appended to one list: each item's pieces are the list from where it
    /// began, changed in place, instead of an array per item (two or three allocations and
    /// copies a reading).
    private mutating func appendParts(of item: Item, to parts: inout [PartSpan]) {
        let first = item.first, end = item.end
        if let role = item.role {
            parts.append(PartSpan(start: tokens[first].start, end: tokens[end - 1].end, role: role, rule: item.rule))
            return
        }
        let base = parts.count
        var pendingStart: Int?
        for index in 0..<item.captures.count {
            let slot = item.captures[index]
            guard slot >= 0 else { continue }
            if slot & 1 == 1 {
                let child = Item(itemStore + Int(slot >> 1))
                let from = parts.count
                appendParts(of: child, to: &parts)
                if parts.count == from, index == Int(item.endElement) || item.madeBy(.dayList) {
                    // A bare number as the end ("Dec 14-16") or a day of a list ("Dec 24 and
                    // 25"): the number is the piece.
                    parts.append(PartSpan(start: tokens[child.first].start, end: tokens[child.end - 1].end,
                                          role: index == Int(item.endElement) ? "end" : "date", rule: child.rule))
                } else if parts.count == from, pendingStart == nil {
                    // Any other bare number ("first" of "first monday of march") belongs to the
                    // piece after it, as a word does.
                    pendingStart = tokens[child.first].start
                }
                if let start = pendingStart, parts.count > from {
                    parts[from].start = min(parts[from].start, start)
                    pendingStart = nil
                }
                if index == Int(item.endElement) {
                    for k in from..<parts.count { parts[k].role = "end" }
                }
                if item.exceptFrom >= 0, index >= item.exceptFrom {
                    for k in from..<parts.count { parts[k].role = "except" }
                }
            } else if pendingStart == nil, tokens[Int(slot >> 1)].kind == .word {
                pendingStart = tokens[Int(slot >> 1)].start
            }
        }
        if let start = pendingStart, parts.count > base, parts[parts.count - 1].end <= start {
            parts[parts.count - 1].end = tokens[end - 1].end
        }
    }

    /// Whether an item with this span and reading is in the chart already.
    private func isKnown(first: Int, end: Int, _ production: Production) -> Bool {
        var index = firstStartingAt[first * Self.kinds + Int(production.value.kind.rawValue)]
        while index >= 0 {
            let header = headers[Int(index)]
            if Int(header.end) == end {
                let other = Item(itemStore + Int(index))
                if other.latent == production.latent, other.reads(production.value) { return true }
            }
            index = header.nextStartingHere
        }
        return false
    }

    /// The slot for a new item of `kind` over `first..<end`, its header written and counted,
    /// for the caller to initialize at once (nil when the chart is full). The item is built
    /// in its slot: handed to a method, it was built on the stack and copied there.
    @inline(__always) private mutating func reserveItem(first: Int, end: Int, kind: ValueKind) -> UnsafeMutablePointer<ItemStorage>? {
        guard itemCount < capacity else { return nil }
        if itemCount == itemRoom { growItems() }
        let slot = first * Self.kinds + Int(kind.rawValue)
        let new = Int32(itemCount)
        // Within the room for items and headers: `itemCount < capacity`, checked above.
        (headers + itemCount).initialize(to: Header(first: Int32(first), end: Int32(end), generation: pass,
                                                      nextStartingHere: firstStartingAt[slot], kind: kind))
        firstStartingAt[slot] = new
        kindsAt[first] |= 1 << kind.rawValue
        itemCount += 1
        return itemStore + (itemCount - 1)
    }

    /// Room for twice as many items (up to `capacity`), the items moved there.
    @inline(never) private mutating func growItems() {
        let room = min(itemRoom * 2, capacity)
        let larger = UnsafeMutablePointer<ItemStorage>.allocate(capacity: room)
        larger.moveInitialize(from: itemStore, count: itemCount)
        if ownsItemStore { itemStore.deallocate() }
        itemStore = larger
        itemRoom = room
        ownsItemStore = true
    }
}

/// A match's span and the chart's readings there, for a rule to ask whether the time reading
/// it is making is known already (`Chart.isKnown` for time readings) before it pays for the
/// check that the reading exists (`Compose.intersect`, `Compose.range`): a known reading is
/// thrown away whether it exists or not.
struct KnownReadings {
    let first: Int
    let end: Int
    fileprivate let firstStartingAt: UnsafeMutablePointer<Int32>
    fileprivate let headers: UnsafeMutablePointer<Chart.Header>
    fileprivate let items: UnsafeMutablePointer<ItemStorage>

    /// Whether a time item of this span reads `t`, as latent as `latent`.
    func holds(_ t: TimeValue, latent: Bool) -> Bool {
        var index = firstStartingAt[first * ValueKind.allCases.count + Int(ValueKind.time.rawValue)]
        while index >= 0 {
            let header = headers[Int(index)]
            if Int(header.end) == end, items[Int(index)].reads(t, latent: latent) { return true }
            index = header.nextStartingHere
        }
        return false
    }
}

/// The chart's readings in the order found, as `Item`s (valid while the chart lives).
struct ItemList {
    let base: UnsafePointer<ItemStorage>
    let count: Int

    var indices: Range<Int> { 0..<count }
    subscript(_ i: Int) -> Item { Item(base + i) }
}
