import ClerkCore
@testable import ClerkLanguage
import Foundation
import Testing

/// Misspelt and abbreviated words of the closed classes, read as the word meant, by both the
/// date reader and the router; open words stay as written.
@Suite struct SpellingToleranceTests {
    static let reference = ReferenceTime(instant: Date(timeIntervalSince1970: 1_796_025_600), timeZone: Zone(identifier: "Europe/Madrid")!)

    func corrections(_ text: String) -> [String] {
        let u = Router().understand(text, at: Self.reference)
        let all = u.dates.flatMap(\.corrections) + u.corrections
        return all.sorted { $0.range.lowerBound < $1.range.lowerBound }.map { "\(text[$0.range])→\($0.word)" }
    }

    @Test(arguments: [
        ("fridya", ["fridya→friday"]),
        ("wendesday at 3", ["wendesday→wednesday"]),
        ("lunch tomorow", ["tomorow→tomorrow"]),
        ("call ana tmrw", ["tmrw→tomorrow"]),
        ("2morrow 3pm", ["2morrow→tomorrow"]),
        ("nxt fri", ["nxt→next"]),
        ("thrs", ["thrs→thursday"]),
        ("in 30 mins", []),
        ("mtg w bob", ["mtg→meeting", "w→with"]),
        ("wat do i hav tomorrow", ["wat→what", "hav→have"]),
        ("shw my calender", ["shw→show", "calender→calendar"]),
        ("pls cancel my appt", ["pls→please", "appt→appointment"]),
        ("whats bobs numbr", ["numbr→number"]),
        ("delte notes.txt", ["delte→delete"]),
        ("shedule lunch", ["shedule→schedule"]),
        ("cancle the dentist", ["cancle→cancel"]),
        ("decmber 3", ["decmber→december"]),
    ] as [(String, [String])])
    func readsClosedWordsAsMeant(text: String, expected: [String]) {
        #expect(corrections(text) == expected)
    }

    /// Every closed word as written is no correction (`NearWords` turns it away first, by
    /// its key and its bytes), nor is it one with a letter changed that is still itself.
    @Test func takesEveryClosedWordAsWritten() {
        for (_, words) in SpellingTolerance.words {
            for word in words {
                #expect(SpellingTolerance.correction(of: word) == nil, "\(word)")
                #expect(SpellingTolerance.correction(of: word, key: WordTable.key(of: word)) == nil, "\(word)")
            }
        }
        #expect(SpellingTolerance.correction(of: "tomorow")?.word == "tomorrow")
        #expect(SpellingTolerance.correction(of: "fridya", key: WordTable.key(of: "fridya"))?.word == "friday")
    }

    @Test(arguments: ["fry the eggs", "sundae bar", "lunch with Marco", "mondays are long", "remote work", "the match on sunday",
                      "a chance to talk", "mouth guard", "friday", "schedule lunch", "the apt on main street", "call bob", "what a day"])
    func leavesOpenWordsAndCorrectWordsAlone(text: String) {
        #expect(corrections(text) == [])
    }
}
