@testable import ClerkLanguage
import ClerkCore
import Foundation
import Testing

/// The everyday grammar (no holiday rules) and the whole one read every phrase alike; a
/// phrase that may name a holiday goes to the whole one.
@Suite struct GrammarSplitTests {
    static let madrid = Zone(identifier: "Europe/Madrid")!
    /// Monday 30 November 2026, 09:00 in Madrid.
    static let monday = ReferenceTime(instant: Date(timeIntervalSince1970: 1_796_025_600), timeZone: madrid)

    func wordIDs(_ text: String) -> [Int32] {
        Tokenizer.tokens(text).map { Grammar.everyday.wordID($0.text) }
    }

    @Test func everyHolidayNameCallsForTheWholeGrammar() {
        for name in DateRules.holidayNames.flatMap(\.1) {
            #expect(Grammar.everyday.namesHoliday(wordIDs(name)), "\(name)")
        }
    }

    /// The names' words as the everyday grammar's vocabulary holds them: split at spaces
    /// where a name is plain letters, the tokenizer's words and apostrophes for the rest, the
    /// same either way.
    @Test func holidayNameWordsAreTheTokenizersWords() {
        let names = DateRules.holidayNames.flatMap(\.1)
        #expect(DateRules.holidayNameWords == names.map { DateRules.nameTokens($0).map(\.text) })
        for name in ["new year's day", "st. patrick's day", "4th of july", "diwali", "eid al-fitr", "lunar  new year", "x" + String(repeating: "y", count: 40)] {
            #expect(DateRules.nameWords(name) == DateRules.nameTokens(name).map(\.text), "\(name)")
        }
    }

    @Test(arguments: ["what's on today", "lunch with Ana tomorrow at 13:00 on Work", "every day at 9", "next friday",
                      "the day after tomorrow", "in 2 weeks", "3pm", "next year", "Ana's birthday", "at 4pm",
                      "the fourth of may", "good morning", "the eve of the launch"])
    func everydayPhrasesDoNot(_ text: String) {
        #expect(!Grammar.everyday.namesHoliday(wordIDs(text)))
    }

    // ("new year" is a holiday's name said short, read only alone or after a preposition;
    // a line with both words is read by the whole grammar.)
    @Test(arguments: ["new year's eve party", "dinner on Christmas", "4th of july fireworks", "new year plans"])
    func holidayPhrasesDo(_ text: String) {
        #expect(Grammar.everyday.namesHoliday(wordIDs(text)))
    }

    /// Names that differ in one word share a rule; every name is still read, whole, as its
    /// holiday, and fewer rules than names are made.
    @Test func everyHolidayNameIsReadWhole() throws {
        for name in DateRules.holidayNames.flatMap(\.1) {
            let match = try #require(DateReader().read(name, at: Self.monday).first, "\(name)")
            #expect(match.range == name.startIndex..<name.endIndex, "\(name)")
            // (Those with digits are dates as well: "4th of july".)
            if !name.contains(where: \.isNumber) { #expect(match.rule == "holiday", "\(name)") }
        }
        #expect(DateRules.holidays.count < DateRules.holidayNames.flatMap(\.1).count * 2 / 3)
    }

    @Test func bothGrammarsShareOneVocabulary() {
        for word in ["christmas", "eve", "tomorrow", "'", "."] {
            #expect(Grammar.everyday.wordID(word) >= 0, "\(word)")
            #expect(Grammar.everyday.wordID(word) == Grammar.shared.wordID(word), "\(word)")
        }
        #expect(Grammar.everyday.stages.count == Grammar.shared.stages.count)
        #expect(Grammar.shared.stages[1].rules.count - Grammar.everyday.stages[1].rules.count == DateRules.holidays.count)
    }

    @Test(arguments: [("christmas eve at 8pm", "2026-12-24T20:00:00"), ("lunch on boxing day", "2026-12-26T00:00:00"),
                      ("xmas", "2026-12-25T00:00:00")])
    func holidaysAreStillRead(_ text: String, _ start: String) throws {
        let match = try #require(DateReader().read(text, at: Self.monday).first)
        #expect(LocalDateTime(match.start, in: Self.madrid).iso == start)
    }
}
