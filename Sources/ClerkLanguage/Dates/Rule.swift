// The rule language of the date reader: what a reading is (`Item` and its `Value`), the
// pattern elements rules are written in (`Element`), what a rule sees of a match (`Match`)
// and gives back (`Production`), and the rule itself (`Rule`). `Grammar` compiles rules;
// `Chart` runs them.

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

/// A reading of tokens `first..<end` found by a rule, as the chart holds it: in the chart's
/// own memory (no object to allocate, count and free per reading), made once, never changed,
/// and destroyed with the chart. Not copyable, so that a reading is lent in place: a method
/// called through a pointer to it reads its fields without copying them (through a pointer
/// to a copyable struct, each time reading handed to a test was copied out, a retain and a
/// release of its parts). Rules and the reader see it through `Item`.
struct ItemStorage: ~Copyable {
    let first: Int
    let end: Int
    let kind: ValueKind
    /// The time reading; a placeholder for items of other kinds. Not optional, so that an
    /// element test reads it in place: switching over an optional copied it first.
    let timeReading: TimeValue
    let number: NumberValue?
    let duration: Offset?
    let zone: StatedZone?
    /// The rule that made the item. Rules belong to the grammars, which live as long as the
    /// process: not counted, so that making and freeing an item retains and releases no
    /// strings (the name and role were two stored strings each way).
    unowned(unsafe) let source: Rule
    /// What the rule's elements captured (see `Chart.Scratch.slots`), to work out the parts
    /// of the items that are kept, and only those.
    let captures: Captures
    let partCount: Int
    let endElement: Int8
    let latent: Bool
    let standsAlone: Bool
    let priority: Int
    let generation: Int

    init(first: Int, end: Int, value: consuming Value, rule: Rule, captures: Captures = Captures(), partCount: Int = 1,
         endElement: Int8 = -1, latent: Bool, standsAlone: Bool = true, priority: Int = 0, generation: Int = 0) {
        self.first = first
        self.end = end
        self.kind = value.kind
        switch consume value {
        case .time(let t): (timeReading, number, duration, zone) = (t, nil, nil, nil)
        case .number(let n): (timeReading, number, duration, zone) = (Self.noTime, n, nil, nil)
        case .duration(let d): (timeReading, number, duration, zone) = (Self.noTime, nil, d, nil)
        case .zone(let z): (timeReading, number, duration, zone) = (Self.noTime, nil, nil, z)
        }
        source = rule
        self.captures = captures
        self.partCount = partCount
        self.endElement = endElement
        self.latent = latent
        self.standsAlone = standsAlone
        self.priority = priority
        self.generation = generation
    }

    /// Whether the item reads `value`.
    func reads(_ value: Value) -> Bool {
        switch value {
        case .time(let t): return kind == .time && timeReading == t
        case .number(let n): return number == n
        case .duration(let d): return duration == d
        case .zone(let z): return zone == z
        }
    }

    /// Whether the item is a time reading equal to `t`, as latent as `latent`.
    func reads(_ t: TimeValue, latent: Bool) -> Bool { self.latent == latent && kind == .time && timeReading == t }

    @inline(__always) func timePasses(_ test: (TimeValue) -> Bool) -> Bool { kind == .time && test(timeReading) }

    @inline(__always) func withTime<R>(_ body: (TimeValue) -> R) -> R { body(timeReading) }

    /// What `timeReading` holds in items of other kinds (nothing to count references to).
    private static var noTime: TimeValue { TimeValue(.now, grain: .second) }
}

/// A reading of the chart as rules and the reader see it: where it lies in the chart's
/// memory. Plain data, valid while the chart lives (every rule, test and the reader's choice
/// run inside that). Its fields are read in place; a time reading is lent to a closure by
/// `timePasses` and `withTime` without a copy.
struct Item {
    let storage: UnsafePointer<ItemStorage>

    init(_ storage: UnsafePointer<ItemStorage>) { self.storage = storage }

    var first: Int { storage.pointee.first }
    var end: Int { storage.pointee.end }
    var kind: ValueKind { storage.pointee.kind }
    var time: TimeValue? { kind == .time ? storage.pointee.timeReading : nil }
    /// The time reading; a placeholder for items of other kinds. Rules that know the item is
    /// a time read it here, without the optional `time` makes.
    var timeReading: TimeValue { storage.pointee.timeReading }
    var number: NumberValue? { storage.pointee.number }
    var duration: Offset? { storage.pointee.duration }
    var zone: StatedZone? { storage.pointee.zone }

    var value: Value {
        switch kind {
        case .time: return .time(timeReading)
        case .number: return .number(number!)
        case .duration: return .duration(duration!)
        case .zone: return .zone(zone!)
        }
    }
    var rule: String { storage.pointee.source.name }
    /// Whether the rule that made the item is the one named: asked by element tests, where
    /// comparing the names as strings cost a few hundred instructions a parse.
    func madeBy(_ name: Rule.Name) -> Bool { storage.pointee.source.known == name }
    /// The explanation role of the whole item, when its rule gives one ("date", "time").
    var role: String? { storage.pointee.source.role }
    /// The first capture whose pieces are explained as left out of a repeat ("except Dec
    /// 28" except), -1 for none.
    var exceptFrom: Int { storage.pointee.source.exceptFrom ?? -1 }
    /// What the rule's elements captured.
    var captures: Captures { storage.pointee.captures }
    /// How many parts the explanation will have (a tie-breaker in `Selection`).
    var partCount: Int { storage.pointee.partCount }
    /// The capture whose pieces are explained as the end ("to Jan 3" end), -1 for none.
    var endElement: Int8 { storage.pointee.endElement }
    /// Duckling's "latent": a reading too weak to stand inside a sentence ("8", "May", "1985");
    /// kept only when it is the whole text.
    var latent: Bool { storage.pointee.latent }
    /// False for a latent reading that needs other words even when it is the whole text: a
    /// four-digit number is a year before it is a clock ("2030" alone is not 20:30).
    var standsAlone: Bool { storage.pointee.standsAlone }
    var priority: Int { storage.pointee.priority }
    /// The chart pass that made it (rules in later passes must use something new).
    var generation: Int { storage.pointee.generation }

    /// Whether the item reads `value`.
    func reads(_ value: Value) -> Bool { storage.pointee.reads(value) }

    /// Whether the item is a time reading that passes `test`, read in place (the element
    /// tests run tens of times a parse; copying the reading out cost a retain and a release
    /// of its parts each time).
    @inline(__always) func timePasses(_ test: (TimeValue) -> Bool) -> Bool { storage.pointee.timePasses(test) }

    /// `body` given the time reading in place (read into a variable or an argument, the
    /// reading is copied and destroyed after).
    @inline(__always) func withTime<R>(_ body: (TimeValue) -> R) -> R { storage.pointee.withTime(body) }
}

/// One element of a rule's pattern.
final class Element: Sendable {
    /// Word and symbol lists are arrays, not sets: `Grammar` numbers each word once, so a
    /// set's hashing at start-up bought nothing (a repeated word is harmless).
    enum Kind: Sendable {
        case words([String])
        case symbols([String])
        case digits(@Sendable (NumberToken) -> Bool)
        case item(ValueKind, @Sendable (Item) -> Bool)
    }

    let kind: Kind
    let optional: Bool
    /// Must touch the previous element, without a space ("5pm", "16h45").
    let glued: Bool

    init(kind: Kind, optional: Bool = false, glued: Bool = false) {
        self.kind = kind
        self.optional = optional
        self.glued = glued
    }

    static func word(_ words: String...) -> Element { Element(kind: .words(words)) }
    /// A list written out (`.words(["today", "todays"])`) is taken as it is, without building a set.
    static func words(_ words: [String]) -> Element { Element(kind: .words(words)) }
    static func words(_ words: Set<String>) -> Element { Element(kind: .words(Array(words))) }
    static func symbol(_ symbols: String...) -> Element { Element(kind: .symbols(symbols)) }
    static func symbols(_ symbols: [String]) -> Element { Element(kind: .symbols(symbols)) }
    static func symbols(_ symbols: Set<String>) -> Element { Element(kind: .symbols(Array(symbols))) }
    static func digits(_ test: @escaping @Sendable (NumberToken) -> Bool = { _ in true }) -> Element { Element(kind: .digits(test)) }
    static func number(_ test: @escaping @Sendable (NumberValue) -> Bool = { _ in true }) -> Element {
        Element(kind: .item(.number) { item in
            guard let n = item.number else { return false }
            return test(n)
        })
    }
    static func time(_ test: @escaping @Sendable (TimeValue) -> Bool = { _ in true }) -> Element {
        Element(kind: .item(.time) { item in !item.latent && item.timePasses(test) })
    }
    /// A time item, latent ones included.
    static func anyTime(_ test: @escaping @Sendable (TimeValue) -> Bool = { _ in true }) -> Element {
        Element(kind: .item(.time) { item in item.timePasses(test) })
    }
    static func duration(_ test: @escaping @Sendable (Offset) -> Bool = { _ in true }) -> Element {
        Element(kind: .item(.duration) { item in
            guard let d = item.duration else { return false }
            return test(d)
        })
    }
    static let zone = Element(kind: .item(.zone) { _ in true })
    /// A time item tested as a whole (its rule, its latency).
    static func timeItem(_ test: @escaping @Sendable (Item) -> Bool) -> Element {
        Element(kind: .item(.time) { item in item.kind == .time && test(item) })
    }

    var opt: Element { Element(kind: kind, optional: true, glued: glued) }
    var touching: Element { Element(kind: kind, optional: optional, glued: true) }
}

/// What a pattern matched, element by element (nil for an absent optional element).
struct Match {
    /// What each element captured, as `Chart.Stack` writes it: -1 nothing, `2t` token `t`,
    /// `2i+1` item `i`; read where the chart keeps them.
    let captures: CaptureSlots
    /// The chart's tokens and items, which outlive the match (see `Chart.tokenStore`).
    let tokens: UnsafeBufferPointer<Token>
    /// The tokens' word numbers in the grammar's vocabulary (-1 for none), as long as `tokens`.
    let wordIDs: UnsafePointer<Int32>
    let items: UnsafePointer<ItemStorage>
    let context: ReadingContext
    /// Where the match lies, and what the chart holds there.
    var span: KnownReadings? = nil

    var series: Series { context.series }
    var dayFirst: Bool { context.dayFirst }

    func has(_ i: Int) -> Bool { captures[i] >= 0 }
    func item(_ i: Int) -> Item? { captures[i] >= 0 && captures[i] & 1 == 1 ? Item(items + Int(captures[i] >> 1)) : nil }
    func time(_ i: Int) -> TimeValue {
        let item = item(i)!
        precondition(item.kind == .time)
        return item.timeReading
    }
    func timeIfPresent(_ i: Int) -> TimeValue? { item(i)?.time }
    /// `body` given the time readings at `i` and `j` in place (`time(i)` returns a copy, a
    /// retain and a release of its parts, for a reading only looked at).
    func withTimes<R>(_ i: Int, _ j: Int, _ body: (TimeValue, TimeValue) -> R) -> R {
        let a = item(i)!, b = item(j)!
        precondition(a.kind == .time && b.kind == .time)
        return a.withTime { x in b.withTime { y in body(x, y) } }
    }
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
    /// The word number of the token at `i` (-1 when it has none, or `i` captured no token): a
    /// word element's word has one, so a rule can look it up by number (`WordValues`).
    func wordID(_ i: Int) -> Int32 {
        let slot = captures[i]
        return slot >= 0 && slot & 1 == 0 ? wordIDs[Int(slot >> 1)] : -1
    }
    func digits(_ i: Int) -> Int { token(i)!.number ?? 0 }
    /// The token right after the one element `i` captured, if it touches it.
    func gluedToken(after i: Int) -> Token? {
        guard captures[i] >= 0, captures[i] & 1 == 0 else { return nil }
        let next = Int(captures[i] >> 1) + 1
        return next < tokens.count && !tokens[next].spaceBefore ? tokens[next] : nil
    }

    /// The token right before element `i`'s token with no space between, if any.
    func gluedToken(before i: Int) -> Token? {
        token(before: i).flatMap { _ in tokens[Int(captures[i] >> 1)].spaceBefore ? nil : tokens[Int(captures[i] >> 1) - 1] }
    }

    /// The token before element `i`'s token, if any.
    func token(before i: Int) -> Token? {
        guard captures[i] >= 0, captures[i] & 1 == 0 else { return nil }
        let at = Int(captures[i] >> 1)
        return at > 0 ? tokens[at - 1] : nil
    }
}

/// What a rule makes of a match.
struct Production {
    var value: Value
    var latent = false
    /// See `Item.standsAlone`.
    var standsAlone = true
    /// Overrides the rule's priority for this reading.
    var priority: Int?

    /// `consuming`: a rule's reading in a local variable is moved into the production, not
    /// copied into it and then destroyed.
    static func time(_ t: consuming TimeValue, latent: Bool = false) -> Production { Production(value: .time(t), latent: latent) }
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
    /// The first element whose pieces a repeat leaves out ("except Dec 28" except).
    let exceptFrom: Int?
    /// The names that tests ask items about (`Item.madeBy`); `dayList` for the rules whose
    /// bare numbers are days of a list, each a piece of the explanation ("dec 24 and 25").
    enum Name: UInt8, Sendable { case other, isoDate, dayMonth, clockHHMM, clockColon, clockH, endOfDay, dayList }
    /// Which of them this rule's name is, found once as the rule is made.
    let known: Name

    init(_ name: String, priority: Int = 0, _ pattern: [Element], role: String? = nil, endElement: Int? = nil, exceptFrom: Int? = nil,
         _ produce: @escaping @Sendable (Match) -> Production?) {
        self.name = name
        self.exceptFrom = exceptFrom
        self.pattern = pattern
        self.role = role
        self.priority = priority
        self.endElement = endElement
        self.produce = produce
        switch name {
        case "iso-date": known = .isoDate
        case "day-month": known = .dayMonth
        case "clock-hhmm": known = .clockHHMM
        case "clock-colon": known = .clockColon
        case "clock-h": known = .clockH
        case "eod", "end-of-day", "close-of-business", "cob", "last-thing": known = .endOfDay
        case "day-list-bare", "day-list-before-month": known = .dayList
        default: known = .other
        }
    }
}

/// What rules may know about the reading: the reference time (to check that a combination
/// exists at all) and the numeric date order.
struct ReadingContext: Sendable {
    var series: Series
    var dayFirst: Bool
}

