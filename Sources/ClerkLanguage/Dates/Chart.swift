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

enum ValueKind: Sendable { case number, time, duration, zone }

/// A piece of a reading and the part it plays, for explanations (`"tomorrow" date`).
struct PartSpan: Hashable, Sendable {
    var start: Int
    var end: Int
    var role: String
    var rule: String
}

/// A reading of tokens `first..<end` found by a rule.
struct Item: Sendable {
    var first: Int
    var end: Int
    var value: Value
    var rule: String
    var parts: [PartSpan]
    /// Duckling's "latent": a reading too weak to stand inside a sentence ("7", "May", "1974");
    /// kept only when it is the whole text.
    var latent: Bool
    var priority = 0

    var time: TimeValue? { if case .time(let t) = value { return t } else { return nil } }
    var number: NumberValue? { if case .number(let n) = value { return n } else { return nil } }
    var duration: Offset? { if case .duration(let d) = value { return d } else { return nil } }
    var zone: StatedZone? { if case .zone(let z) = value { return z } else { return nil } }
}

/// One element of a rule's pattern.
struct Element: Sendable {
    enum Kind: Sendable {
        case words(Set<String>)
        case symbols(Set<String>)
        case digits(@Sendable (Token) -> Bool)
        case item(ValueKind, @Sendable (Item) -> Bool)
    }

    var kind: Kind
    var optional = false
    /// Must touch the previous element, without a space ("3pm", "15h30").
    var glued = false

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

    var opt: Element { var e = self; e.optional = true; return e }
    var touching: Element { var e = self; e.glued = true; return e }
}

/// What a pattern matched, element by element (nil for an absent optional element).
struct Match {
    enum Capture { case token(Token), item(Item) }

    var captures: [Capture?]
    let tokens: [Token]
    let context: ReadingContext

    var series: Series { context.series }
    var dayFirst: Bool { context.dayFirst }

    func has(_ i: Int) -> Bool { captures[i] != nil }
    func item(_ i: Int) -> Item? { if case .item(let x)? = captures[i] { return x } else { return nil } }
    func time(_ i: Int) -> TimeValue { item(i)!.time! }
    func timeIfPresent(_ i: Int) -> TimeValue? { item(i)?.time }
    func number(_ i: Int) -> NumberValue { item(i)!.number! }
    func int(_ i: Int) -> Int { number(i).value }
    func duration(_ i: Int) -> Offset { item(i)!.duration! }
    func zone(_ i: Int) -> StatedZone { item(i)!.zone! }
    func token(_ i: Int) -> Token? { if case .token(let t)? = captures[i] { return t } else { return nil } }
    func word(_ i: Int) -> String? { token(i)?.text }
    func digits(_ i: Int) -> Int { token(i)!.number ?? 0 }
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
struct Rule: Sendable {
    var name: String
    var pattern: [Element]
    /// The explanation role of the whole match ("date", "time"…); nil keeps the parts of the
    /// items it combines.
    var role: String?
    var produce: @Sendable (Match) -> Production?
    /// Breaks ties between readings of the same words: the more specific rule says more
    /// ("the last Monday of March" counts Mondays; it is not "last (Monday of March)").
    var priority: Int

    init(_ name: String, _ pattern: [Element], role: String? = nil, priority: Int = 0, _ produce: @escaping @Sendable (Match) -> Production?) {
        self.name = name
        self.pattern = pattern
        self.role = role
        self.priority = priority
        self.produce = produce
    }
}

/// Bottom-up chart parsing (Duckling's engine, much reduced): each stage's rules run over
/// the tokens and every reading found so far until nothing new appears.
/// What rules may know about the reading: the reference time (to check that a combination
/// exists at all) and the numeric date order.
struct ReadingContext: Sendable {
    var series: Series
    var dayFirst: Bool
}

struct Chart {
    let tokens: [Token]
    let context: ReadingContext
    private(set) var items: [Item] = []
    private var startingAt: [[Int]]
    /// Safety valve for pathological text: the chart never grows past this.
    private let capacity: Int

    init(tokens: [Token], context: ReadingContext) {
        self.tokens = tokens
        self.context = context
        startingAt = Array(repeating: [], count: tokens.count + 1)
        capacity = 64 + tokens.count * 12
    }

    /// Runs one stage of rules to a fixed point.
    mutating func run(_ stage: RuleStage) {
        for _ in 0..<6 {
            let before = items.count
            for position in 0..<tokens.count {
                let token = tokens[position]
                let key: String = token.kind == .number ? RuleStage.digitsKey : token.text
                if let rules = stage.byToken[key] {
                    for r in rules { apply(stage.rules[r], at: position) }
                }
                var kinds: [ValueKind] = []
                for index in startingAt[position] where !kinds.contains(items[index].value.kind) {
                    kinds.append(items[index].value.kind)
                }
                for kind in kinds {
                    if let rules = stage.byItem[kind] {
                        for r in rules { apply(stage.rules[r], at: position) }
                    }
                }
            }
            if items.count == before || items.count >= capacity { return }
        }
    }

    private mutating func apply(_ rule: Rule, at position: Int) {
        var captures: [Match.Capture?] = []
        captures.reserveCapacity(rule.pattern.count)
        var found: [(end: Int, captures: [Match.Capture?])] = []
        match(rule.pattern, 0, position, position, &captures, &found)
        for (end, captured) in found {
            let m = Match(captures: captured, tokens: tokens, context: context)
            guard let production = rule.produce(m) else { continue }
            add(Item(first: position, end: end, value: production.value, rule: rule.name,
                     parts: parts(of: rule, captured, position, end), latent: production.latent, priority: rule.priority))
        }
    }

    /// Depth-first matching of `pattern[e...]` from token `at`; `begin` is where the match began.
    private func match(_ pattern: [Element], _ e: Int, _ begin: Int, _ at: Int,
                       _ captures: inout [Match.Capture?], _ found: inout [(end: Int, captures: [Match.Capture?])]) {
        if e == pattern.count {
            if at > begin { found.append((at, captures)) }
            return
        }
        if found.count > 16 { return }
        let element = pattern[e]
        if element.optional {
            captures.append(nil)
            match(pattern, e + 1, begin, at, &captures, &found)
            captures.removeLast()
        }
        guard at < tokens.count else { return }
        if element.glued, e > 0, tokens[at].spaceBefore { return }
        switch element.kind {
        case .words(let set):
            let t = tokens[at]
            guard t.kind != .number, set.contains(t.text) else { return }
            captures.append(.token(t))
            match(pattern, e + 1, begin, at + 1, &captures, &found)
            captures.removeLast()
        case .symbols(let set):
            let t = tokens[at]
            guard t.kind == .symbol, set.contains(t.text) else { return }
            captures.append(.token(t))
            match(pattern, e + 1, begin, at + 1, &captures, &found)
            captures.removeLast()
        case .digits(let test):
            let t = tokens[at]
            guard t.kind == .number, t.number != nil, test(t) else { return }
            captures.append(.token(t))
            match(pattern, e + 1, begin, at + 1, &captures, &found)
            captures.removeLast()
        case .item(let kind, let test):
            for index in startingAt[at] {
                let item = items[index]
                guard item.value.kind == kind, test(item) else { continue }
                captures.append(.item(item))
                match(pattern, e + 1, begin, item.end, &captures, &found)
                captures.removeLast()
            }
        }
    }

    private func parts(of rule: Rule, _ captures: [Match.Capture?], _ first: Int, _ end: Int) -> [PartSpan] {
        if let role = rule.role {
            return [PartSpan(start: tokens[first].start, end: tokens[end - 1].end, role: role, rule: rule.name)]
        }
        var parts: [PartSpan] = []
        var pendingStart: Int?
        for capture in captures {
            switch capture {
            case .item(let item)?:
                var inner = item.parts
                if let start = pendingStart, !inner.isEmpty {
                    inner[0].start = min(inner[0].start, start)
                    pendingStart = nil
                }
                parts += inner
            case .token(let t)?:
                // Connecting words ("at", "on") join the part that follows them.
                if pendingStart == nil { pendingStart = t.start }
            case nil:
                break
            }
        }
        if let start = pendingStart, !parts.isEmpty, parts[parts.count - 1].end <= start {
            parts[parts.count - 1].end = tokens[end - 1].end
        }
        return parts
    }

    private mutating func add(_ item: Item) {
        guard items.count < capacity else { return }
        for index in startingAt[item.first] {
            let other = items[index]
            if other.end == item.end, other.value == item.value, other.latent == item.latent { return }
        }
        startingAt[item.first].append(items.count)
        items.append(item)
    }
}

/// A stage of rules, indexed by what their first element can match.
struct RuleStage: Sendable {
    static let digitsKey = "#digits"

    let rules: [Rule]
    let byToken: [String: [Int]]
    let byItem: [ValueKind: [Int]]

    init(_ rules: [Rule]) {
        self.rules = rules
        var byToken: [String: [Int]] = [:]
        var byItem: [ValueKind: [Int]] = [:]
        for (index, rule) in rules.enumerated() {
            // A rule is tried where its first element, or the first after optional ones, can match.
            for element in rule.pattern {
                switch element.kind {
                case .words(let set), .symbols(let set):
                    for w in set { byToken[w, default: []].append(index) }
                case .digits:
                    byToken[Self.digitsKey, default: []].append(index)
                case .item(let kind, _):
                    byItem[kind, default: []].append(index)
                }
                if !element.optional { break }
            }
        }
        self.byToken = byToken
        self.byItem = byItem
    }
}
