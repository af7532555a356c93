/// A table of words and their values, looked up by the word's number in the grammar's
/// vocabulary (`Match.wordID`) instead of by its text: a rule that has just matched a word
/// by number found its value with a `[String: V]` lookup, which hashes the word (~350
/// instructions; the weekday, month, unit and number-word rules, several times a parse).
///
/// Built the first time a rule asks (the grammar is built by then; the two grammars share one
/// vocabulary). A word without a number (none for a word a word element matched, but a
/// rule may ask of any token) is looked up by its text, so every answer is the table's.
struct WordValues<Value: Sendable>: Sendable {
    private let table: [String: Value]
    /// By word number; nil for words not in `table`.
    private let byNumber: [Value?]

    init(_ table: [String: Value]) {
        self.table = table
        let grammar = Grammar.everyday
        var byNumber = [Value?](repeating: nil, count: grammar.words)
        for (word, value) in table {
            let id = Int(grammar.wordID(word))
            if id >= 0 { byNumber[id] = value }
        }
        self.byNumber = byNumber
    }

    /// The value of the word element `i` of `m` captured, nil when it has none (or captured no word).
    func callAsFunction(_ m: Match, _ i: Int) -> Value? {
        let id = Int(m.wordID(i))
        if id >= 0, id < byNumber.count { return byNumber[id] }
        return m.word(i).flatMap { table[$0] }
    }

    /// Whether token `t` of `m` (any token, matched or not) is a word of the table: by its
    /// number, else by its text.
    func holds(_ m: Match, token t: Int) -> Bool {
        let id = Int(m.wordIDs[t])
        if id >= 0, id < byNumber.count { return byNumber[id] != nil }
        return table[m.tokens[t].text] != nil
    }
}

/// The lexicon's tables the rules look their matched words up in, by word number.
extension DateRules {
    static let monthOf = WordValues(Lexicon.months)
    static let weekdayOf = WordValues(Lexicon.weekdays)
    static let pluralWeekdayOf = WordValues(Lexicon.pluralWeekdays)
    static let durationUnitOf = WordValues(Lexicon.durationUnits)
    static let cycleUnitOf = WordValues(Lexicon.cycleUnits)
    static let unitOf = WordValues(Lexicon.units)
    static let tenOf = WordValues(Lexicon.tens)
    static let ordinalUnitOf = WordValues(Lexicon.ordinalUnits)
    static let ordinalTenOf = WordValues(Lexicon.ordinalTens)
}
