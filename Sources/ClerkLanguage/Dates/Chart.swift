/// A number as written: digits ("15", "0930") or words ("twenty-one", "a couple of").
struct NumberValue: Hashable, Sendable {
    var value: Int
    /// For "2.5" and "1/4": the exact amount; equals `value` for whole numbers.
    var amount: Double
    var isOrdinal = false
    /// "a couple", "a few": amounts of things, never a clock hour or a day.
    var isCount = false
    /// Digits as written, 0 for words ("0930" has 4, with its leading zero).
    var digitCount = 0

    var isWords: Bool { digitCount == 0 }
    var isWhole: Bool { amount == Double(value) }
}

/// A time zone the person named: "PST" (a fixed offset), "London time" (a place).
struct StatedZone: Hashable, Sendable {
    var name: String
    var secondsFromGMT: Int?
    var identifier: String?
}

/// What an item of the chart stands for.
enum Value: Hashable, Sendable {
    case number(NumberValue)
    case time(TimeValue)
    case duration(Offset)
    case zone(StatedZone)

    var kind: ValueKind {
        switch self {
        case .number: return .number
        case .time: return .time
        case .duration: return .duration
        case .zone: return .zone
        }
    }
}

enum ValueKind: UInt8, Sendable, CaseIterable { case number, time, duration, zone }

/// A piece of a reading and the part it plays, for explanations (`"tomorrow" date`).
struct PartSpan: Hashable, Sendable {
    var start: Int
    var end: Int
    var role: String
    var rule: String
}

/// A reading of tokens `first..<end` found by a rule. Items never change once made, and
/// are shared by reference between the chart and the items built on them.
final class Item: Sendable {
    let first: Int
    let end: Int
    let kind: ValueKind
    /// The time reading, kept apart so that matching reads it without unpacking a `Value`.
    let time: TimeValue?
    /// Any other reading (a number, a duration, a zone).
    private let other: Value?

    var value: Value { time.map(Value.time) ?? other! }
    let rule: String
    /// The explanation role of the whole item, when its rule gives one ("date", "time").
    let role: String?
    /// What the rule's elements captured (see `Chart.Stack`), to work out the parts of the
    /// items that are kept, and only those.
    let captures: Captures
    /// How many parts the explanation will have (a tie-breaker in `Selection`).
    let partCount: Int
    /// The capture whose pieces are explained as the end ("to Jan 3" end), -1 for none.
    let endElement: Int8
    /// Duckling's "latent": a reading too weak to stand inside a sentence ("7", "May", "1974");
    /// kept only when it is the whole text.
    let latent: Bool
    let priority: Int
    /// The chart pass that made it (rules in later passes must use something new).
    let generation: Int

    init(first: Int, end: Int, value: Value, rule: String, role: String? = nil, captures: Captures = Captures(), partCount: Int = 1,
         endElement: Int8 = -1, latent: Bool, priority: Int = 0, generation: Int = 0) {
        self.first = first
        self.end = end
        self.kind = value.kind
        if case .time(let t) = value {
            time = t
            other = nil
        } else {
            time = nil
            other = value
        }
        self.rule = rule
        self.role = role
        self.captures = captures
        self.partCount = partCount
        self.endElement = endElement
        self.latent = latent
        self.priority = priority
        self.generation = generation
    }

    var number: NumberValue? { if case .number(let n)? = other { return n } else { return nil } }
    var duration: Offset? { if case .duration(let d)? = other { return d } else { return nil } }
    var zone: StatedZone? { if case .zone(let z)? = other { return z } else { return nil } }

    /// Whether the item reads `value`.
    func reads(_ value: Value) -> Bool {
        if case .time(let t) = value { return time == t }
        return other == value
    }
}

/// One element of a rule's pattern.
final class Element: Sendable {
    enum Kind: Sendable {
        case words(Set<String>)
        case symbols(Set<String>)
        case digits(@Sendable (Token) -> Bool)
        case item(ValueKind, @Sendable (Item) -> Bool)
    }

    let kind: Kind
    let optional: Bool
    /// Must touch the previous element, without a space ("3pm", "15h30").
    let glued: Bool

    init(kind: Kind, optional: Bool = false, glued: Bool = false) {
        self.kind = kind
        self.optional = optional
        self.glued = glued
    }

    /// The words or symbols a required element needs, for a quick look before matching.
    var requiredTexts: Set<String>? {
        guard !optional else { return nil }
        switch kind {
        case .words(let set), .symbols(let set): return set
        default: return nil
        }
    }

    static func word(_ words: String...) -> Element { Element(kind: .words(Set(words))) }
    static func words(_ words: Set<String>) -> Element { Element(kind: .words(words)) }
    static func symbol(_ symbols: String...) -> Element { Element(kind: .symbols(Set(symbols))) }
    static func symbols(_ symbols: Set<String>) -> Element { Element(kind: .symbols(symbols)) }
    static func digits(_ test: @escaping @Sendable (Token) -> Bool = { _ in true }) -> Element { Element(kind: .digits(test)) }
    static func number(_ test: @escaping @Sendable (NumberValue) -> Bool = { _ in true }) -> Element {
        Element(kind: .item(.number) { item in item.number.map(test) ?? false })
    }
    static func time(_ test: @escaping @Sendable (TimeValue) -> Bool = { _ in true }) -> Element {
        Element(kind: .item(.time) { item in !item.latent && (item.time.map(test) ?? false) })
    }
    /// A time item, latent ones included.
    static func anyTime(_ test: @escaping @Sendable (TimeValue) -> Bool = { _ in true }) -> Element {
        Element(kind: .item(.time) { item in item.time.map(test) ?? false })
    }
    static func duration(_ test: @escaping @Sendable (Offset) -> Bool = { _ in true }) -> Element {
        Element(kind: .item(.duration) { item in item.duration.map(test) ?? false })
    }
    static let zone = Element(kind: .item(.zone) { _ in true })
    /// A time item tested as a whole (its rule, its latency).
    static func timeItem(_ test: @escaping @Sendable (Item) -> Bool) -> Element {
        Element(kind: .item(.time) { item in item.time != nil && test(item) })
    }

    var opt: Element { Element(kind: kind, optional: true, glued: glued) }
    var touching: Element { Element(kind: kind, optional: optional, glued: true) }
}

/// What a pattern matched, element by element (nil for an absent optional element).
struct Match {
    /// What each element captured, as `Chart.Stack` writes it: -1 nothing, `2t` token `t`,
    /// `2i+1` item `i`.
    var captures: Captures
    let tokens: [Token]
    let items: [Item]
    let context: ReadingContext

    var series: Series { context.series }
    var dayFirst: Bool { context.dayFirst }

    func has(_ i: Int) -> Bool { captures[i] >= 0 }
    func item(_ i: Int) -> Item? { captures[i] >= 0 && captures[i] & 1 == 1 ? items[Int(captures[i] >> 1)] : nil }
    func time(_ i: Int) -> TimeValue { item(i)!.time! }
    func timeIfPresent(_ i: Int) -> TimeValue? { item(i)?.time }
    /// The number at `i`, nil when the element is absent or not a number.
    @inline(never) func numberIfPresent(_ i: Int) -> NumberValue? {
        guard captures[i] >= 0, captures[i] & 1 == 1 else { return nil }
        return items[Int(captures[i] >> 1)].number
    }
    func number(_ i: Int) -> NumberValue { item(i)!.number! }
    func int(_ i: Int) -> Int { number(i).value }
    func duration(_ i: Int) -> Offset { item(i)!.duration! }
    func zone(_ i: Int) -> StatedZone { item(i)!.zone! }
    func token(_ i: Int) -> Token? { captures[i] >= 0 && captures[i] & 1 == 0 ? tokens[Int(captures[i] >> 1)] : nil }
    func word(_ i: Int) -> String? { token(i)?.text }
    func digits(_ i: Int) -> Int { token(i)!.number ?? 0 }
    /// The token right after the one element `i` captured, if it touches it.
    func gluedToken(after i: Int) -> Token? {
        guard captures[i] >= 0, captures[i] & 1 == 0 else { return nil }
        let next = Int(captures[i] >> 1) + 1
        return next < tokens.count && !tokens[next].spaceBefore ? tokens[next] : nil
    }
}

/// What a rule makes of a match.
struct Production {
    var value: Value
    var latent = false

    static func time(_ t: TimeValue, latent: Bool = false) -> Production { Production(value: .time(t), latent: latent) }
    static func number(_ n: NumberValue) -> Production { Production(value: .number(n)) }
    static func duration(_ d: Offset) -> Production { Production(value: .duration(d)) }
    static func zone(_ z: StatedZone) -> Production { Production(value: .zone(z)) }
}

/// A reading rule: a pattern of words, symbols and earlier readings, and what it means.
final class Rule: Sendable {
    let name: String
    let pattern: [Element]
    /// The explanation role of the whole match ("date", "time"…); nil keeps the parts of the
    /// items it combines.
    let role: String?
    let produce: @Sendable (Match) -> Production?
    /// Breaks ties between readings of the same words: the more specific rule says more
    /// ("the last Monday of March" counts Mondays; it is not "last (Monday of March)").
    let priority: Int
    /// The element whose pieces are the end of a range or a repeat ("to Jan 3" end).
    let endElement: Int?

    init(_ name: String, priority: Int = 0, _ pattern: [Element], role: String? = nil, endElement: Int? = nil,
         _ produce: @escaping @Sendable (Match) -> Production?) {
        self.name = name
        self.pattern = pattern
        self.role = role
        self.priority = priority
        self.endElement = endElement
        self.produce = produce
    }
}

/// What rules may know about the reading: the reference time (to check that a combination
/// exists at all) and the numeric date order.
struct ReadingContext: Sendable {
    var series: Series
    var dayFirst: Bool
}

/// Bottom-up chart parsing (Duckling's engine, much reduced): each stage's rules run over
/// the tokens and every reading found so far until nothing new appears.
///
/// Matching is the hot loop of the reader, so it works on plain data: tokens carry a word
/// number from the grammar's vocabulary, pattern elements are compiled to `CompiledElement`s
/// whose word sets are bitsets, and items are found through index lists. Only a match that
/// passes every cheap check calls a rule's closures.
struct Chart {
    let tokens: [Token]
    let context: ReadingContext
    let grammar: Grammar
    /// Word number of each token in `grammar.vocabulary`, -1 for words no rule knows.
    private let wordIDs: [Int32]
    private(set) var items: [Item] = []
    /// Per item, as plain data: where it ends, its kind and generation, and the next item
    /// starting at the same token (a linked list from `firstStartingAt`).
    private struct Header {
        var first: Int32
        var end: Int32
        var generation: Int32
        var nextStartingHere: Int32
        var kind: ValueKind
    }
    private var headers: [Header] = []
    /// The first item of each kind starting at each token: index `token * kinds + kind`.
    private let firstStartingAt: UnsafeMutablePointer<Int32>
    private static let kinds = ValueKind.allCases.count
    /// Safety valve for pathological text: the chart never grows past this.
    private let capacity: Int
    /// The pass being run; items remember it as their generation.
    private var pass: Int32 = 0
    /// Scratch space reused by every round: what the match in progress captured (see
    /// `Scratch.slots`), which rules were tried at a position (by `stamp`), kinds of new items.
    private let scratch: Scratch
    private let applied: UnsafeMutablePointer<UInt32>
    private var stamp: UInt32 = 0
    private let freshKinds: UnsafeMutablePointer<UInt8>

    init(tokens: [Token], context: ReadingContext, grammar: Grammar = .shared) {
        self.tokens = tokens
        self.context = context
        self.grammar = grammar
        wordIDs = tokens.map { grammar.wordID($0.text) }
        scratch = Scratch(tokens: tokens.count, kinds: Self.kinds, rules: grammar.largestStage)
        firstStartingAt = scratch.firstStartingAt
        freshKinds = scratch.freshKinds
        applied = scratch.applied
        capacity = 64 + tokens.count * 12
        // Room for the items of an ordinary phrase, so the lists do not grow one doubling at a time.
        items.reserveCapacity(16 + tokens.count * 2)
        headers.reserveCapacity(16 + tokens.count * 2)
    }

    /// Runs one stage of rules to a fixed point. The first pass tries every rule; later
    /// passes only keep matches that use an item the previous pass made (semi-naive
    /// evaluation), so no production runs twice on the same inputs.
    mutating func run(_ stage: Int) {
        let compiled = grammar.stages[stage]
        let elements = compiled.patterns
        var found: [Found] = []

        for round in 0..<6 {
            pass += 1
            let before = items.count
            let minimumGeneration: Int32 = round == 0 ? Int32.min : pass - 1
            // After the first round a match must use a new item, which starts at or after it.
            var lastFreshStart = tokens.count - 1
            // Kinds of new items starting at each token, as bits.
            freshKinds.update(repeating: round == 0 ? 0xFF : 0, count: tokens.count)
            if round > 0 {
                lastFreshStart = -1
                for h in headers where h.generation >= minimumGeneration {
                    lastFreshStart = max(lastFreshStart, Int(h.first))
                    freshKinds[Int(h.first)] |= 1 << h.kind.rawValue
                }
            }
            for position in 0...max(lastFreshStart, -1) where position >= 0 {
                let id = wordIDs[position]
                let next = position + 1
                let nextID = next < tokens.count ? wordIDs[next] : -1
                stamp &+= 1
                if tokens[position].kind == .number {
                    for i in compiled.byDigits.range(0) {
                        let r = compiled.byDigits.rules[i]
                        if round == 0 || compiled.rules[Int(r)].usesItems { apply(compiled, elements, r, position, minimumGeneration, &found) }
                    }
                    if nextID >= 0 {
                        for i in compiled.byDigitsThenWord.range(Int(nextID)) {
                            let r = compiled.byDigitsThenWord.rules[i]
                            guard applied[Int(r)] != stamp else { continue }
                            applied[Int(r)] = stamp
                            if round == 0 || compiled.rules[Int(r)].usesItems { apply(compiled, elements, r, position, minimumGeneration, &found) }
                        }
                    }
                    for kind in 0..<Self.kinds where next < tokens.count && firstStartingAt[next * Self.kinds + kind] >= 0 {
                        for i in compiled.byDigitsThenItem.range(kind) {
                            let r = compiled.byDigitsThenItem.rules[i]
                            guard applied[Int(r)] != stamp else { continue }
                            applied[Int(r)] = stamp
                            apply(compiled, elements, r, position, minimumGeneration, &found)
                        }
                    }
                } else if id >= 0 {
                    for i in compiled.byWord.range(Int(id)) {
                        let r = compiled.byWord.rules[i]
                        if round == 0 || compiled.rules[Int(r)].usesItems { apply(compiled, elements, r, position, minimumGeneration, &found) }
                    }
                    if nextID >= 0, let pair = compiled.byWordThenWord.pair(Int(id), Int(nextID)) {
                        for i in compiled.byWordThenWord.rules.range(pair) {
                            let r = compiled.byWordThenWord.rules.rules[i]
                            guard applied[Int(r)] != stamp else { continue }
                            applied[Int(r)] = stamp
                            if round == 0 || compiled.rules[Int(r)].usesItems { apply(compiled, elements, r, position, minimumGeneration, &found) }
                        }
                    }
                    for kind in 0..<Self.kinds where next < tokens.count && firstStartingAt[next * Self.kinds + kind] >= 0 {
                        for i in compiled.byWordThenItem.range(Int(id) * Self.kinds + kind) {
                            let r = compiled.byWordThenItem.rules[i]
                            guard applied[Int(r)] != stamp else { continue }
                            applied[Int(r)] = stamp
                            apply(compiled, elements, r, position, minimumGeneration, &found)
                        }
                    }
                }
                for kind in 0..<Self.kinds {
                    let head = firstStartingAt[position * Self.kinds + kind]
                    guard head >= 0 else { continue }
                    let freshHere = freshKinds[position] & (1 << UInt8(kind)) != 0
                    for i in compiled.byItemThenAny.range(kind) {
                        let r = compiled.byItemThenAny.rules[i]
                        // A rule whose only item is this first one needs that item to be new.
                        if !freshHere, compiled.rules[Int(r)].itemElements == 1 { continue }
                        apply(compiled, elements, r, position, minimumGeneration, &found)
                    }
                    // Rules that need a word or a reading after the item: only those whose
                    // follower is there.
                    stamp &+= 1
                    var index = head
                    while index >= 0 {
                        let end = Int(headers[Int(index)].end)
                        index = headers[Int(index)].nextStartingHere
                        guard end < tokens.count else { continue }
                        if wordIDs[end] >= 0 {
                            for i in compiled.byItemThenWord.range(kind * grammar.words + Int(wordIDs[end])) {
                                let r = compiled.byItemThenWord.rules[i]
                                guard applied[Int(r)] != stamp else { continue }
                                applied[Int(r)] = stamp
                                if !freshHere, compiled.rules[Int(r)].itemElements == 1 { continue }
                                apply(compiled, elements, r, position, minimumGeneration, &found)
                            }
                        }
                        for next in 0..<Self.kinds where firstStartingAt[end * Self.kinds + next] >= 0 {
                            for i in compiled.byItemThenItem.range(kind * Self.kinds + next) {
                                let r = compiled.byItemThenItem.rules[i]
                                guard applied[Int(r)] != stamp else { continue }
                                applied[Int(r)] = stamp
                                apply(compiled, elements, r, position, minimumGeneration, &found)
                            }
                        }
                    }
                }
            }
            if items.count == before || items.count >= capacity { return }
        }
    }

    /// A complete match: where it ends and what its elements captured.
    struct Found {
        var end: Int
        var captures: Captures
    }

    /// The chart's tables of plain integers, allocated directly rather than as arrays: three
    /// small arrays per reading cost more in Swift's generic array set-up than the reading's
    /// matching in them. Owned by one chart and freed with it.
    final class Scratch {
        /// Captures of the match in progress, one per element (element `e` writes slot `e`):
        /// -1 an absent optional element, `2t` token `t`, `2i+1` item `i`.
        let slots: UnsafeMutablePointer<Int32>
        /// `(tokens + 1) * kinds` heads of item lists, -1 for none.
        let firstStartingAt: UnsafeMutablePointer<Int32>
        /// One stamp per rule of the largest stage.
        let applied: UnsafeMutablePointer<UInt32>
        /// One byte of kind bits per token.
        let freshKinds: UnsafeMutablePointer<UInt8>

        init(tokens: Int, kinds: Int, rules: Int) {
            slots = .allocate(capacity: Captures.capacity)
            firstStartingAt = .allocate(capacity: (tokens + 1) * kinds)
            firstStartingAt.initialize(repeating: -1, count: (tokens + 1) * kinds)
            applied = .allocate(capacity: rules)
            applied.initialize(repeating: 0, count: rules)
            freshKinds = .allocate(capacity: max(tokens, 1))
            freshKinds.initialize(repeating: 0, count: max(tokens, 1))
        }

        deinit {
            slots.deallocate()
            firstStartingAt.deallocate()
            applied.deallocate()
            freshKinds.deallocate()
        }
    }

    private mutating func apply(_ stage: CompiledStage, _ elements: UnsafeBufferPointer<CompiledElement>, _ r: Int32, _ position: Int,
                                _ minimumGeneration: Int32, _ found: inout [Found]) {
        let range = stage.rules[Int(r)].elementRange
        if !found.isEmpty { found.removeAll(keepingCapacity: true) }
        let pattern = UnsafeBufferPointer(start: elements.baseAddress! + range.lowerBound, count: range.count)
        match(pattern, 0, position, position, minimumGeneration == Int32.min, minimumGeneration, scratch.slots, &found)
        guard !found.isEmpty else { return }
        let source = stage.sources[Int(r)]
        let matches = found
        for match in matches {
            let end = match.end, slots = match.captures
            let m = Match(captures: slots, tokens: tokens, items: items, context: context)
            guard let production = source.produce(m) else { continue }
            // The same reading again (another way to the same words): nothing new.
            if isKnown(first: position, end: end, production) { continue }
            var partCount = 1
            if source.role == nil {
                partCount = 0
                for k in 0..<slots.count where slots[k] >= 0 && slots[k] & 1 == 1 { partCount += items[Int(slots[k] >> 1)].partCount }
            }
            add(Item(first: position, end: end, value: production.value, rule: source.name, role: source.role,
                     captures: slots, partCount: partCount, endElement: Int8(source.endElement ?? -1), latent: production.latent,
                     priority: source.priority, generation: Int(pass)))
        }
    }

    /// Depth-first matching of `pattern[e...]` from token `at`; `begin` is where the match
    /// began, `fresh` whether an item new enough has been used.
    private func match(_ pattern: UnsafeBufferPointer<CompiledElement>, _ e: Int, _ begin: Int, _ at: Int, _ fresh: Bool,
                       _ minimumGeneration: Int32, _ slots: UnsafeMutablePointer<Int32>, _ found: inout [Found]) {
        if e == pattern.count {
            if at > begin, fresh { found.append(Found(end: at, captures: Captures(slots, count: e))) }
            return
        }
        if found.count > 16 { return }
        let element = pattern[e]
        // No new item so far and none can come: this match would be thrown away.
        if !fresh, element.itemsFromHere == 0 { return }
        if element.optional {
            slots[e] = -1
            match(pattern, e + 1, begin, at, fresh, minimumGeneration, slots, &found)
        }
        guard at < tokens.count else { return }
        if element.glued, e > 0, tokens[at].spaceBefore { return }
        switch element.tag {
        case .word, .symbol:
            let kind = tokens[at].kind
            if element.tag == .word ? kind == .number : kind != .symbol { return }
            guard grammar.contains(element.set, wordIDs[at]) else { return }
            slots[e] = Int32(at) << 1
            match(pattern, e + 1, begin, at + 1, fresh, minimumGeneration, slots, &found)
        case .digits:
            guard tokens[at].kind == .number, tokens[at].number != nil, grammar.digitTests[Int(element.test)](tokens[at]) else { return }
            slots[e] = Int32(at) << 1
            match(pattern, e + 1, begin, at + 1, fresh, minimumGeneration, slots, &found)
        case .item:
            var index = firstStartingAt[at * Self.kinds + Int(element.itemKind.rawValue)]
            while index >= 0 {
                let i = Int(index)
                let header = headers[i]
                index = header.nextStartingHere
                let end = Int(header.end)
                // Whether the rest of the pattern can start after the item, before the item's own test.
                guard canContinue(pattern, e + 1, end) else { continue }
                // The item is owned by the chart for the whole match: test it without retaining it.
                let passes = Unmanaged.passUnretained(items[i])._withUnsafeGuaranteedRef { grammar.itemTests[Int(element.test)]($0) }
                guard passes else { continue }
                slots[e] = Int32(i) << 1 | 1
                match(pattern, e + 1, begin, end, fresh || header.generation >= minimumGeneration, minimumGeneration, slots, &found)
            }
        }
    }

    /// A cheap look at whether `pattern[e...]` could match from token `at`: its first
    /// required element (and the optional ones before it) against what is there.
    private func canContinue(_ pattern: UnsafeBufferPointer<CompiledElement>, _ e: Int, _ at: Int) -> Bool {
        var k = e
        while k < pattern.count {
            let element = pattern[k]
            let possible: Bool
            if at >= tokens.count {
                possible = false
            } else {
                switch element.tag {
                case .word: possible = tokens[at].kind != .number && grammar.contains(element.set, wordIDs[at])
                case .symbol: possible = tokens[at].kind == .symbol && grammar.contains(element.set, wordIDs[at])
                case .digits: possible = tokens[at].kind == .number
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
    func parts(of item: Item) -> [PartSpan] {
        let first = item.first, end = item.end
        if let role = item.role {
            return [PartSpan(start: tokens[first].start, end: tokens[end - 1].end, role: role, rule: item.rule)]
        }
        var parts: [PartSpan] = []
        var pendingStart: Int?
        for index in 0..<item.captures.count {
            let slot = item.captures[index]
            guard slot >= 0 else { continue }
            if slot & 1 == 1 {
                let child = items[Int(slot >> 1)]
                var inner = self.parts(of: child)
                if inner.isEmpty, index == Int(item.endElement) {
                    // A bare number as the end ("Dec 14-16"): the number is the piece.
                    inner = [PartSpan(start: tokens[child.first].start, end: tokens[child.end - 1].end, role: "end", rule: child.rule)]
                }
                if let start = pendingStart, !inner.isEmpty {
                    inner[0].start = min(inner[0].start, start)
                    pendingStart = nil
                }
                if index == Int(item.endElement) {
                    for k in inner.indices { inner[k].role = "end" }
                }
                parts += inner
            } else if pendingStart == nil, tokens[Int(slot >> 1)].kind == .word {
                pendingStart = tokens[Int(slot >> 1)].start
            }
        }
        if let start = pendingStart, !parts.isEmpty, parts[parts.count - 1].end <= start {
            parts[parts.count - 1].end = tokens[end - 1].end
        }
        return parts
    }

    /// Whether an item with this span and reading is in the chart already.
    private func isKnown(first: Int, end: Int, _ production: Production) -> Bool {
        var index = firstStartingAt[first * Self.kinds + Int(production.value.kind.rawValue)]
        while index >= 0 {
            let header = headers[Int(index)]
            if Int(header.end) == end {
                let other = items[Int(index)]
                if other.latent == production.latent, other.reads(production.value) { return true }
            }
            index = header.nextStartingHere
        }
        return false
    }

    private mutating func add(_ item: Item) {
        guard items.count < capacity else { return }
        let slot = item.first * Self.kinds + Int(item.kind.rawValue)
        let new = Int32(items.count)
        headers.append(Header(first: Int32(item.first), end: Int32(item.end), generation: Int32(item.generation),
                              nextStartingHere: firstStartingAt[slot], kind: item.kind))
        firstStartingAt[slot] = new
        items.append(item)
    }
}

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

/// A stage's rules compiled, with an index by what their first element can match.
/// Read-only once built. A class, so that a chart takes the whole stage with one reference
/// count instead of one per table (the struct it was cost a dozen retains per stage and parse).
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
    /// Rules that start with a word or a number, by what must follow it: anything
    /// (`byWord`, `byDigits`), a word (`…ThenWord`), or a reading of a kind (`…ThenItem`).
    let byWord: RuleIndex
    let byDigits: RuleIndex
    let byDigitsThenWord: RuleIndex
    let byDigitsThenItem: RuleIndex
    let byWordThenWord: WordPairIndex
    let byWordThenItem: RuleIndex
    /// Rules that start with a reading of a kind, by what must follow that reading: the rules
    /// under a word in `byItemThenWord[kind][word]`, the others (anything may follow) in
    /// `byItemThenAny[kind]`. A rule is only tried when its follower is in the text there.
    let byItemThenWord: RuleIndex
    /// ... and under the kind of reading that must start where the first one ends.
    let byItemThenItem: RuleIndex
    let byItemThenAny: RuleIndex

    /// The tables as `Grammar.init` fills them in.
    struct Tables {
        var rules: [CompiledRule] = []
        var sources: [Rule] = []
        var elements: [CompiledElement] = []
        var byWord = RuleIndex()
        var byDigits = RuleIndex()
        var byDigitsThenWord = RuleIndex()
        var byDigitsThenItem = RuleIndex()
        var byWordThenWord = WordPairIndex()
        var byWordThenItem = RuleIndex()
        var byItemThenWord = RuleIndex()
        var byItemThenItem = RuleIndex()
        var byItemThenAny = RuleIndex()
    }

    init(_ tables: Tables) {
        rules = tables.rules
        sources = tables.sources
        let storage = UnsafeMutableBufferPointer<CompiledElement>.allocate(capacity: tables.elements.count)
        _ = storage.initialize(from: tables.elements)
        patterns = UnsafeBufferPointer(storage)
        byWord = tables.byWord
        byDigits = tables.byDigits
        byDigitsThenWord = tables.byDigitsThenWord
        byDigitsThenItem = tables.byDigitsThenItem
        byWordThenWord = tables.byWordThenWord
        byWordThenItem = tables.byWordThenItem
        byItemThenWord = tables.byItemThenWord
        byItemThenItem = tables.byItemThenItem
        byItemThenAny = tables.byItemThenAny
    }

    deinit { UnsafeMutableBufferPointer(mutating: patterns).deallocate() }
}

/// Lists of rule numbers by key, flattened (the rules of key `k` are
/// `rules[starts[k]..<starts[k + 1]]`) so the hot loop reads them without copying arrays.
struct RuleIndex: Sendable {
    var starts: [Int32] = [0]
    var rules: [Int32] = []

    init() {}

    init(_ lists: [[Int32]]) {
        starts = [0]
        for list in lists {
            rules += Array(Set(list)).sorted()
            starts.append(Int32(rules.count))
        }
    }

    @inline(__always) func range(_ key: Int) -> Range<Int> { Int(starts[key])..<Int(starts[key + 1]) }
}

/// Rules by a pair of words that must follow each other, without hashing: the pairs are
/// grouped by first word and sorted by second, so a lookup is a short binary search.
struct WordPairIndex: Sendable {
    /// The pairs of first word `w` are `starts[w]..<starts[w + 1]`.
    var starts: [Int32] = [0]
    /// The second word of each pair, ascending within one first word.
    var seconds: [Int32] = []
    /// The rules of each pair, keyed by pair number.
    var rules = RuleIndex()

    init() {}

    /// From rule lists keyed by `first * words + second`.
    init(_ lists: [Int: [Int32]], words: Int) {
        var byFirst = [[(second: Int32, rules: [Int32])]](repeating: [], count: words)
        for (key, list) in lists { byFirst[key / words].append((Int32(key % words), list)) }
        var pairLists: [[Int32]] = []
        starts = [0]
        for pairs in byFirst {
            for pair in pairs.sorted(by: { $0.second < $1.second }) {
                seconds.append(pair.second)
                pairLists.append(pair.rules)
            }
            starts.append(Int32(seconds.count))
        }
        rules = RuleIndex(pairLists)
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

/// Every rule of every stage compiled once: the vocabulary of words the rules name, their
/// word sets as bitsets over it, and the tests of numbers and items.
final class Grammar: Sendable {
    static let shared = Grammar(stages: DateRules.stages)

    let vocabulary: [String: Int32]
    let bitsets: [UInt64]
    let words: Int
    let digitTests: [@Sendable (Token) -> Bool]
    let itemTests: [@Sendable (Item) -> Bool]
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
        var digitTests: [@Sendable (Token) -> Bool] = []
        var itemTests: [@Sendable (Item) -> Bool] = []
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
            var stage = CompiledStage.Tables()
            let kinds = ValueKind.allCases.count
            var byWord = [[Int32]](repeating: [], count: words)
            var byDigits: [[Int32]] = [[]]
            var byDigitsThenWord = [[Int32]](repeating: [], count: words)
            var byDigitsThenItem = [[Int32]](repeating: [], count: kinds)
            var byWordThenWord: [Int: [Int32]] = [:]
            var byWordThenItem = [[Int32]](repeating: [], count: words * kinds)
            var byItemThenWord = [[Int32]](repeating: [], count: kinds * words)
            var byItemThenItem = [[Int32]](repeating: [], count: kinds * kinds)
            var byItemThenAny = [[Int32]](repeating: [], count: kinds)
            for (index, rule) in rules.enumerated() {
                let first = stage.elements.count
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
                        digitTests.append(test)
                    case .item(let kind, let test):
                        compiled.tag = .item
                        compiled.itemKind = kind
                        compiled.test = Int32(itemTests.count)
                        itemTests.append(test)
                    }
                    stage.elements.append(compiled)
                }
                var itemsAfter: Int16 = 0
                for k in stride(from: stage.elements.count - 1, through: first, by: -1) {
                    if stage.elements[k].tag == .item { itemsAfter += 1 }
                    stage.elements[k].itemsFromHere = itemsAfter
                }
                precondition(rule.pattern.count <= Captures.capacity, "rule \(rule.name): pattern longer than \(Captures.capacity)")
                stage.rules.append(.init(elementRange: first..<stage.elements.count, itemElements: Int(itemsAfter)))
                stage.sources.append(rule)
                // Index the rule where its first element, or the first after optional ones, can match.
                for element in rule.pattern {
                    switch element.kind {
                    case .words(let set), .symbols(let set):
                        // Under the word, and under what must follow it.
                        let followers = Grammar.followers(of: rule.pattern, after: element)
                        for w in set {
                            let id = Int(vocabulary[w]!)
                            if let followers {
                                for f in followers.words { byWordThenWord[id * words + Int(vocabulary[f]!), default: []].append(Int32(index)) }
                                for k in followers.kinds { byWordThenItem[id * kinds + Int(k.rawValue)].append(Int32(index)) }
                            } else {
                                byWord[id].append(Int32(index))
                            }
                        }
                    case .digits:
                        if let followers = Grammar.followers(of: rule.pattern, after: element) {
                            for f in followers.words { byDigitsThenWord[Int(vocabulary[f]!)].append(Int32(index)) }
                            for k in followers.kinds { byDigitsThenItem[Int(k.rawValue)].append(Int32(index)) }
                        } else {
                            byDigits[0].append(Int32(index))
                        }
                    case .item(let kind, _):
                        if let followers = Grammar.followers(of: rule.pattern, after: element) {
                            for w in followers.words { byItemThenWord[Int(kind.rawValue) * words + Int(vocabulary[w]!)].append(Int32(index)) }
                            for k in followers.kinds { byItemThenItem[Int(kind.rawValue) * kinds + Int(k.rawValue)].append(Int32(index)) }
                        } else {
                            byItemThenAny[Int(kind.rawValue)].append(Int32(index))
                        }
                    }
                    if !element.optional { break }
                }
            }
            stage.byWord = RuleIndex(byWord)
            stage.byDigits = RuleIndex(byDigits)
            stage.byDigitsThenWord = RuleIndex(byDigitsThenWord)
            stage.byDigitsThenItem = RuleIndex(byDigitsThenItem)
            stage.byWordThenWord = WordPairIndex(byWordThenWord, words: words)
            stage.byWordThenItem = RuleIndex(byWordThenItem)
            stage.byItemThenWord = RuleIndex(byItemThenWord)
            stage.byItemThenItem = RuleIndex(byItemThenItem)
            stage.byItemThenAny = RuleIndex(byItemThenAny)
            stages.append(CompiledStage(stage))
            largestStage = max(largestStage, stage.rules.count)
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

    /// What must come right after `element` for `pattern` to match: one of some words, or a
    /// reading of some kinds; nil when anything may (a number, or the end of the pattern).
    static func followers(of pattern: [Element], after element: Element) -> (words: Set<String>, kinds: Set<ValueKind>)? {
        guard let i = pattern.firstIndex(where: { $0 === element }) else { return nil }
        var words: Set<String> = []
        var kinds: Set<ValueKind> = []
        for next in pattern[(i + 1)...] {
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

    /// Whether word number `id` is in the set at `offset`.
    @inline(__always) func contains(_ offset: Int32, _ id: Int32) -> Bool {
        guard id >= 0 else { return false }
        let i = Int(id)
        return bitsets[Int(offset) + (i >> 6)] & (1 << UInt64(i & 63)) != 0
    }
}

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
