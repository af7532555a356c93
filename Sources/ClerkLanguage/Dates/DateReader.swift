internal import FoundationEssentials
internal import ClerkCore

/// Finds the date and time expressions in a text and resolves them against a reference time.
///
/// The pipeline, in order (chrono's and Duckling's shape):
/// 1. `Tokenizer`: lower-cased words, digit runs and symbols, once.
/// 2. `DateRules.stages` on a `Chart`, each stage to a fixed point:
///    numbers → atoms (clock times, dates, durations) → compositions (this/next/last,
///    date + time, ranges, offsets, bounds, zones, holidays, repeats).
/// 3. `Selection`: the longest readings that do not overlap, without latent ones ("8",
///    "May") unless they are the whole text, and none that cuts a number like 650-650-6500.
/// 4. `Resolver`: the span each reading means relative to now, as a `DateMatch`.
///
/// Reading never fails: text with no date gives no match, and every loop is bounded.
public struct DateReader: Sendable {
    /// Texts longer than this many bytes are not read (no request is that long).
    public static let maximumLength = 4_096

    public init() {}

    /// What `readings` finds: the matches, and those set aside as out of range.
    public typealias Readings = (matches: [DateMatch], outOfRange: [DateMatch])

    /// The date and time expressions in `text`, in text order, not overlapping.
    public func read(_ text: String, at reference: ReferenceTime) -> [DateMatch] {
        readings(text, at: reference).matches
    }

    /// `read`, with the readings set aside because they fall outside the years clerk takes
    /// (`CivilCalendar.years`, in the reference's zone and in UTC): "in 9999 years", "9000
    /// years ago". They are no date a person can be given, so the router refuses the line
    /// as an amount out of range.
    public func readings(_ text: String, at reference: ReferenceTime) -> Readings {
        guard !text.isEmpty, text.utf8.count <= Self.maximumLength else { return ([], []) }
        var tokens = Tokenizer.tokens(text)
        guard !tokens.isEmpty else { return ([], []) }
        // The word numbers are the same in both grammars.
        let everyday = Grammar.everyday
        // (A loop over the buffer: `map`'s closure copied each token's text, a retain and a release.)
        var wordIDs: [Int32] = []
        wordIDs.reserveCapacity(tokens.count)
        tokens.withUnsafeBufferPointer { tokens in
            for i in tokens.indices { wordIDs.append(everyday.wordID(tokens[i].text)) }
        }
        let corrections = Self.correctSpelling(&tokens, &wordIDs, everyday)
        Selection.blockUnknownRuns(&tokens, &wordIDs)
        Selection.blockOneOnOnes(&tokens, &wordIDs)
        let grammar = everyday.namesHoliday(wordIDs) ? Grammar.shared : everyday
        let now = ZoneClock(reference.timeZone).wall(reference.instant)
        var chart = Chart(tokens: tokens, wordIDs: wordIDs, context: ReadingContext(series: Series(now: now), dayFirst: reference.dateOrder == .dayFirst),
                          grammar: grammar)
        for stage in grammar.stages.indices {
            chart.run(stage)
        }
        let resolver = Resolver(reference: reference, text: text, tokens: tokens, corrections: corrections, spans: chart.context.series.spans)
        var matches: [DateMatch] = [], outOfRange: [DateMatch] = []
        let items = chart.items
        Selection.choose(items, tokens: tokens) { item, kept in
            if matches.capacity == 0 { matches.reserveCapacity(kept) }
            guard let match = resolver.match(item, parts: chart.parts(of: item)) else { return }
            // The end is exclusive: a reading that ends as 9999 does ("today" on 31 December
            // 9999, "until 9999") is inside the years clerk takes.
            if reference.timeZone.holdsYear(of: match.start), reference.timeZone.holdsYear(of: match.end.addingTimeInterval(-1)) {
                matches.append(match)
            } else {
                outOfRange.append(match)
            }
        }
        return (matches, outOfRange)
    }
}

extension DateReader {
    /// A word the reader read as another (`SpellingTolerance`): UTF-8 offsets and the word.
    struct TokenCorrection: Sendable {
        var start: Int
        var end: Int
        var word: String
    }

    /// Step 1½: misspelt and abbreviated date words the rules do not know become the word
    /// meant ("fridya", "wendesday", "nxt"), and "2morrow"-style shorthand one word; the
    /// tokens keep their place in the text.
    static func correctSpelling(_ tokens: inout [Token], _ wordIDs: inout [Int32], _ grammar: Grammar) -> [TokenCorrection] {
        var corrections: [TokenCorrection] = []
        var i = 0
        while i < tokens.count {
            defer { i += 1 }
            guard wordIDs[i] < 0, tokens[i].kind != .symbol else { continue }
            if tokens[i].kind == .number {
                guard tokens[i].number == 2, i + 1 < tokens.count, tokens[i + 1].kind == .word, !tokens[i + 1].spaceBefore,
                      i + 2 == tokens.count || tokens[i + 2].spaceBefore || tokens[i + 2].kind == .symbol,
                      let c = SpellingTolerance.gluedShorthand(digits: tokens[i].text, letters: tokens[i + 1].text) else { continue }
                let id = grammar.wordID(c.word)
                guard id >= 0 else { continue }
                let t = tokens[i]
                tokens[i] = Token(kind: .word, text: c.word, number: nil, start: t.start, end: tokens[i + 1].end, spaceBefore: t.spaceBefore)
                tokens.remove(at: i + 1)
                wordIDs.remove(at: i + 1)
                wordIDs[i] = id
                corrections.append(TokenCorrection(start: t.start, end: tokens[i].end, word: c.word))
            } else if tokens[i].text.utf8.count >= 2, let c = SpellingTolerance.correction(of: tokens[i].text), c.wordClass != .command {
                let id = grammar.wordID(c.word)
                guard id >= 0 else { continue }
                tokens[i].text = c.word
                wordIDs[i] = id
                corrections.append(TokenCorrection(start: tokens[i].start, end: tokens[i].end, word: c.word))
            }
        }
        return corrections
    }
}

/// The reader's rules by stage, in the order they run.
enum DateRules {
    static let stages: [[Rule]] = {
        var stages = everydayStages
        stages[1] += holidays
        return stages
    }()
    /// `stages` without the holidays, which come last in the atoms' stage (see `Grammar.everyday`).
    static let everydayStages: [[Rule]] = [
        numbers,
        clock + dates + durations + zones + zoneForms,
        relative + compose + spans + lists + clockLists + zoneAttachments + recurrence,
    ]
}

/// Step 3 of the pipeline: which readings of the chart to keep.
enum Selection {
    /// Where a latent reading may start when the text asks whether one is free: "free sat",
    /// "busy sun afternoon", "am I free wed", "are you available mon" — up to four words of
    /// the question, one of them "free", "busy" or "available", then the day to the end
    /// ("she sat down", "I sat" are no day: no such word leads them). `first` otherwise.
    static func afterFreeLead(_ tokens: [Token], from first: Int) -> Int {
        // Most texts start with no word of the list: one look at the first letter (the switch
        // below compares the word with each of the eleven strings in turn).
        guard first < tokens.count, tokens[first].kind == .word, let lead = tokens[first].text.utf8.first,
              freeLeadLetters.contains(lead) else { return first }
        var i = first, sawFree = false
        while i < tokens.count, i - first < 4, tokens[i].kind == .word {
            guard let free = freeLeadWord(tokens[i].text) else { return sawFree ? i : first }
            if free { sawFree = true }
            i += 1
        }
        return first
    }

    /// True for "free", "busy", "available", false for the question's other words ("am",
    /// "are", "is", "i", "you", "we", "r", "u"), nil for any other. The word is compared with
    /// the one string of its length and first letter (a switch over the text compared it with
    /// each of the eleven in turn: ~3.6 string comparisons a parse).
    private static func freeLeadWord(_ word: String) -> Bool? {
        guard let lead = word.utf8.first else { return nil }
        let said: (String, Bool)
        switch (word.utf8.count, lead) {
        case (4, UInt8(ascii: "f")): said = ("free", true)
        case (4, UInt8(ascii: "b")): said = ("busy", true)
        case (9, UInt8(ascii: "a")): said = ("available", true)
        case (2, UInt8(ascii: "a")): said = ("am", false)
        case (3, UInt8(ascii: "a")): said = ("are", false)
        case (2, UInt8(ascii: "i")): said = ("is", false)
        case (1, UInt8(ascii: "i")): said = ("i", false)
        case (3, UInt8(ascii: "y")): said = ("you", false)
        case (2, UInt8(ascii: "w")): said = ("we", false)
        case (1, UInt8(ascii: "r")): said = ("r", false)
        case (1, UInt8(ascii: "u")): said = ("u", false)
        default: return nil
        }
        return word == said.0 ? said.1 : nil
    }

    /// Calls `body` with each reading kept, in text order, and how many are kept.
    static func choose(_ items: ItemList, tokens: [Token], _ body: (_ item: Item, _ kept: Int) -> Void) {
        let chains = numberChains(tokens)
        // The first and last tokens that are not punctuation: a latent reading must span them.
        let firstContent = afterFreeLead(tokens, from: tokens.firstIndex { $0.kind != .symbol } ?? 0)
        let lastContent = tokens.lastIndex { $0.kind != .symbol } ?? 0
        // The candidates' sort keys, on the stack for an ordinary phrase: an array of
        // (index, item) pairs was an allocation, and a retain and release of two items per
        // comparison.
        withUnsafeTemporaryAllocation(of: Candidate.self, capacity: max(items.count, 1)) { candidates in
            var count = 0
            for index in items.indices {
                let item = items[index]
                guard let candidate = { () -> Candidate? in
                    guard item.kind == .time else { return nil }
                    if let chains {
                        if chains[item.first] >= 0, chains[item.first] < item.first { return nil }
                        if chains[item.end - 1] >= 0, item.end < tokens.count, chains[item.end] == chains[item.end - 1] { return nil }
                    }
                    if item.latent, !item.standsAlone || item.first > firstContent || item.end <= lastContent { return nil }
                    if isAmount(item, tokens) || cutsAWord(item, tokens) { return nil }
                    return Candidate(index: index, first: item.first, end: item.end, latent: item.latent, priority: item.priority, partCount: item.partCount)
                }() else { continue }
                candidates[count] = candidate
                count += 1
            }
            var list = UnsafeMutableBufferPointer(rebasing: candidates[0..<count])
            list.sort { a, b in
                let la = a.end - a.first, lb = b.end - b.first
                if la != lb { return la > lb }
                if a.latent != b.latent { return !a.latent }
                // On a tie, the more specific rule, then the reading that makes one piece of more
                // words ("the first Monday of March" as one count, not "the first" ∩ "Monday").
                if a.priority != b.priority { return a.priority > b.priority }
                if a.partCount != b.partCount { return a.partCount < b.partCount }
                return a.index < b.index
            }
            // The kept candidates gathered at the front of the sorted ones, then put in text
            // order (they do not overlap): a list of their items was an array a parse.
            var taken = TokenMarks(count: tokens.count)
            var kept = 0
            for k in 0..<list.count where !taken.any(list[k].first..<list[k].end) {
                taken.mark(list[k].first..<list[k].end)
                list[kept] = list[k]
                kept += 1
            }
            var chosen = UnsafeMutableBufferPointer(rebasing: list[0..<kept])
            if kept > 1 { chosen.sort { $0.first < $1.first } }
            for c in chosen { body(items[c.index], kept) }
        }
    }

    /// What the choice compares of a reading.
    private struct Candidate {
        var index: Int
        var first: Int
        var end: Int
        var latent: Bool
        var priority: Int
        var partCount: Int
    }

    /// For each token in a run of numbers joined by single symbols without spaces
    /// ("650-650-6500", "11.28.1985"), the index where the run starts, -1 elsewhere; nil when
    /// the text has no such run.
    static func numberChains(_ tokens: [Token]) -> [Int]? {
        var result: [Int]?
        var i = 0
        while i < tokens.count {
            guard tokens[i].kind == .number else { i += 1; continue }
            var j = i
            while j + 2 < tokens.count, tokens[j + 1].kind == .symbol, isJoiner(tokens[j + 1].text),
                  !tokens[j + 1].spaceBefore, !tokens[j + 2].spaceBefore, tokens[j + 2].kind == .number {
                j += 2
            }
            if j > i {
                if result == nil { result = Array(repeating: -1, count: tokens.count) }
                for k in i...j { result![k] = i }
            }
            i = j + 1
        }
        return result
    }

    /// A run of letters and digits with nothing between them ("3pm", "14april", "x7k2q9") is
    /// read only when every word in it is one the rules know and it is short: an identifier,
    /// a code or a hash ("covid19", "v2", "3am3iYcY0K", "410c74a8") holds no date. Its
    /// tokens become unreadable.
    static func blockUnknownRuns(_ tokens: inout [Token], _ wordIDs: inout [Int32]) {
        var i = 0
        while i < tokens.count {
            guard tokens[i].kind != .symbol else { i += 1; continue }
            var j = i + 1
            while j < tokens.count, tokens[j].kind != .symbol, !tokens[j].spaceBefore { j += 1 }
            if j - i >= 2 {
                var hasNumber = false, hasUnknown = false
                for k in i..<j {
                    if tokens[k].kind == .number { hasNumber = true } else if wordIDs[k] < 0 { hasUnknown = true }
                }
                // ... and a long alternation of letters and digits is a code even of known words ("410c74a8").
                if hasNumber, hasUnknown || j - i >= 5 {
                    for k in i..<j {
                        tokens[k].kind = .word
                        tokens[k].text = ""
                        tokens[k].number = nil
                        wordIDs[k] = -1
                    }
                }
            }
            i = j
        }
    }

    /// "one on one", "one-on-one", "one to one": a meeting of two, whose "one" is no hour
    /// ("weekly one on one with Bob every tuesday at 10" is at 10, not at one). Its tokens
    /// become unreadable.
    static func blockOneOnOnes(_ tokens: inout [Token], _ wordIDs: inout [Int32]) {
        func isOne(_ k: Int) -> Bool { k < tokens.count && tokens[k].kind == .word && tokens[k].text == "one" }
        var i = 0
        while i + 2 < tokens.count {
            guard isOne(i) else { i += 1; continue }
            // The joining word, alone or between hyphens ("one-on-one").
            var j = i + 1
            let hyphened = tokens[j].kind == .symbol && tokens[j].text == "-"
            if hyphened { j += 1 }
            guard j < tokens.count, tokens[j].kind == .word, tokens[j].text == "on" || tokens[j].text == "to" else { i += 1; continue }
            var k = j + 1
            if hyphened, k < tokens.count, tokens[k].kind == .symbol, tokens[k].text == "-" { k += 1 }
            // ("from one to one thirty", "at one to one fifteen" are times.)
            guard isOne(k), i == 0 || tokens[i - 1].kind != .word || !clockLeads.contains(tokens[i - 1].text) else { i += 1; continue }
            if k + 1 < tokens.count {
                let after = tokens[k + 1]
                if after.kind == .number || after.kind == .word
                    && (clockTails.contains(after.text) || Lexicon.units[after.text] != nil || Lexicon.tens[after.text] != nil) { i += 1; continue }
            }
            for m in i...k {
                tokens[m].kind = .word
                tokens[m].text = ""
                tokens[m].number = nil
                wordIDs[m] = -1
            }
            i = k + 1
        }
    }

    /// The first letters of the words `afterFreeLead` reads.
    private static let freeLeadLetters = Array("fbaiywru".utf8)

    /// Words before "one" that make it an hour, and after the second "one" a time.
    static let clockLeads: Set<String> = ["from", "at", "between", "until", "till", "by", "since", "before", "after"]
    static let clockTails: Set<String> = ["am", "pm", "a", "p", "o'clock", "oclock", "o", "thirty", "fifteen", "forty", "oh", "and", "hours", "hour"]

    /// A reading that ends inside a word typed without spaces ("dec 15 to 4" of "dec 15 to
    /// 4pm": the "4" of "4pm" as a day) or starts inside one is not kept: "4pm" is read
    /// whole or not at all.
    static func cutsAWord(_ item: Item, _ tokens: [Token]) -> Bool {
        func glued(_ i: Int) -> Bool {
            i > 0 && i < tokens.count && !tokens[i].spaceBefore && tokens[i].kind != .symbol && tokens[i - 1].kind != .symbol
                && tokens[i].kind != tokens[i - 1].kind
        }
        return glued(item.end) || glued(item.first)
    }

    /// Money, percentages and numbered things are amounts, not dates or times: a reading that
    /// starts with a number after a currency sign or "#" ("$12", "€ 30", "#4021") or ends
    /// with one before "%" or "percent" ("at 6.45 percent") is not kept.
    static func isAmount(_ item: Item, _ tokens: [Token]) -> Bool {
        let first = item.first, last = item.end - 1
        if tokens[first].kind == .number, first > 0, tokens[first - 1].kind == .symbol, isCurrencySign(tokens[first - 1].text) { return true }
        // "room 1204 at 3", "gate 12", "platform 9": the number of a thing, not a year or an hour.
        if tokens[first].kind == .number, first > 0, tokens[first - 1].kind == .word, numberedThingShapes.mayHold(tokens[first - 1].text),
           numberedThings.contains(tokens[first - 1].text) { return true }
        if tokens[last].kind == .number, last + 1 < tokens.count, isPercent(tokens[last + 1]) { return true }
        // "at 12 High St", "at 221b Baker Street": the number of a house in a street.
        if tokens[last].kind == .number, last + 1 < tokens.count, tokens[last + 1].kind == .word {
            for k in (last + 1)..<min(last + 4, tokens.count) {
                guard tokens[k].kind == .word else { break }
                if streetWordShapes.mayHold(tokens[k].text), streetWords.contains(tokens[k].text) { return true }
            }
        }
        return false
    }

    /// `percentWords.contains(token.text)`, asking the set only about a "%" or a word that
    /// starts with "p": hashing every word after a number cost a few hundred instructions a parse.
    private static func isPercent(_ token: Token) -> Bool {
        guard let lead = token.text.utf8.first, lead == UInt8(ascii: "%") || lead == UInt8(ascii: "p") else { return false }
        return percentWords.contains(token.text)
    }

    /// `currencySigns.contains(symbol)`, asking the set only about a symbol whose first byte
    /// one of the signs has ("$", "#", and the lead bytes of "€", "£" and "¥"): "/", "-" and ","
    /// before a number were hashed, a few hundred instructions each.
    private static func isCurrencySign(_ symbol: String) -> Bool {
        guard let lead = symbol.utf8.first, currencySignLeads[Int(lead)] else { return false }
        return currencySigns.contains(symbol)
    }
    /// For each byte, whether a sign starts with it (a table, not a set: a set hashes too).
    private static let currencySignLeads: [Bool] = currencySigns.reduce(into: [Bool](repeating: false, count: 256)) { leads, sign in
        if let lead = sign.utf8.first { leads[Int(lead)] = true }
    }

    /// Signs before a number that make it an amount or a number of something ("#4021").
    static let currencySigns: Set<String> = ["$", "€", "£", "¥", "#"]
    /// Words that end the name of a street ("12 High St", "5 Main Street").
    static let streetWords: Set<String> = [
        "st", "street", "rd", "road", "ave", "avenue", "lane", "ln", "blvd", "boulevard", "drive", "plaza", "square", "sq",
        "hwy", "highway", "parkway", "pkwy", "terrace", "crescent", "calle", "rue", "strasse", "straße",
    ]
    /// Words before a number that make it the number of a thing ("room 1204", "gate 12").
    static let numberedThings: Set<String> = [
        "room", "rm", "gate", "platform", "suite", "apt", "apartment", "unit", "ext", "extension", "building", "bldg",
        "floor", "seat", "terminal", "bus", "route", "tram", "order", "invoice", "ticket", "case", "ref", "pin", "code",
        "zip", "version", "chapter", "page", "item", "tel", "flat", "desk", "lane", "aisle", "row", "level", "box",
    ]
    static let percentWords: Set<String> = ["%", "percent", "pct", "per", "percentage"]
    /// `numberedThings` and `streetWords` by first letter and length, asked before the sets:
    /// the words next to a number are mostly "at", "on", "to", "am", "pm", the", which hashing
    /// to find them missing cost about 500 instructions a parse.
    private static let numberedThingShapes = WordShapes(numberedThings)
    private static let streetWordShapes = WordShapes(streetWords)

    private static func isJoiner(_ symbol: String) -> Bool {
        switch symbol {
        case "-", "/", ".", ":": return true
        default: return false
        }
    }
}

/// Which tokens the chosen readings cover: the bits of one word for phrases of up to 64
/// tokens (every ordinary one; no array to allocate per reading), an array beyond.
struct TokenMarks {
    private var bits: UInt64 = 0
    private var marks: [Bool]

    init(count: Int) {
        marks = count > 64 ? Array(repeating: false, count: count) : []
    }

    func any(_ range: Range<Int>) -> Bool {
        if marks.isEmpty { return bits & Self.mask(range) != 0 }
        return marks[range].contains(true)
    }

    mutating func mark(_ range: Range<Int>) {
        if marks.isEmpty { bits |= Self.mask(range); return }
        for i in range { marks[i] = true }
    }

    /// Bits `range.lowerBound..<range.upperBound` set (the range lies within 0...64).
    private static func mask(_ range: Range<Int>) -> UInt64 {
        let width = range.count
        let ones: UInt64 = width >= 64 ? ~0 : (1 << UInt64(width)) - 1
        return ones << UInt64(range.lowerBound)
    }
}

/// The first letter and the length (in UTF-8 bytes) of each word of a set, for a check
/// without hashing that a word is not in it: a word whose shape no word of the set has is
/// not there.
struct WordShapes: Sendable {
    /// For each letter a to z, the lengths (bit `n` for `n` bytes, bit 15 for 15 or more)
    /// of the set's words that start with it.
    private var lengths = [UInt16](repeating: 0, count: 26)
    /// A word of the set starts with no lower-case ASCII letter: every such word may be in it.
    private var otherLeads = false

    init(_ words: Set<String>) {
        for word in words {
            guard let lead = word.utf8.first else { continue }
            if lead >= UInt8(ascii: "a"), lead <= UInt8(ascii: "z") {
                lengths[Int(lead - UInt8(ascii: "a"))] |= Self.bit(word.utf8.count)
            } else {
                otherLeads = true
            }
        }
    }

    /// False when `word` cannot be in the set.
    func mayHold(_ word: String) -> Bool {
        guard let lead = word.utf8.first else { return false }
        guard lead >= UInt8(ascii: "a"), lead <= UInt8(ascii: "z") else { return otherLeads }
        return lengths[Int(lead - UInt8(ascii: "a"))] & Self.bit(word.utf8.count) != 0
    }

    private static func bit(_ length: Int) -> UInt16 { 1 << UInt16(min(length, 15)) }
}
