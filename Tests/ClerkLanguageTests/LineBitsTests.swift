@testable import ClerkLanguage
import ClerkCore
import Foundation
import Testing

/// A sentence's bits (`Sentence.keyBits`, `saidBits`) turn a search of its words away only
/// when no word is there: a wrong no would lose a reading, so every search with them finds
/// what a plain pass over the tokens finds, from every start to every end.
@Suite struct LineBitsTests {
    static let reference = ReferenceTime(instant: Date(timeIntervalSince1970: 1_796_025_600), timeZone: Zone(identifier: "Europe/Madrid")!)

    static let lines = [
        "", "tomorrow", "lunch with Ana tomorrow at 1", "I can't make it to the review, sorry!",
        "whats on my calendar tmrw", "Café with José at 9 – bring the list", "add milk to my shopping list please",
        "who's at the lunch on friday?", "my first meeting next week", "the 2nd one on monday", "remind me to call mom",
        "show notes.txt", "email ana@example.com the agenda", "count me out of the party", "WHAT DO I HAVE ON FRIDAY",
        "Ana's birthday", "is there anyone named Carla", "what's the time difference with tokyo", "list list list",
    ]

    static let sets: [WordSet] = [
        FilePhrases.listWord, AgendaReader.myWord, AgendaReader.firstWords, AgendaReader.lastWords, Classifier.cannotMakeLeads,
        ContactPhrases.someoneWords, Classifier.differenceWords, Classifier.timeWord, Vocabulary.createVerbs, Vocabulary.deleteVerbs,
        Vocabulary.greetingWords, Vocabulary.politeTails, ["friday"], ["zzz"], [],
    ]

    static func sentence(_ text: String) -> Sentence {
        Sentence(text: text, tokens: Term.split(text), dates: [], reference: reference)
    }

    @Test func aSetsSearchFindsWhatAPassFinds() {
        for text in Self.lines {
            let s = Self.sentence(text)
            for set in Self.sets {
                for from in 0...s.count {
                    for until in from...s.count {
                        let pass = (from..<until).first { set.contains(s.tokens[$0].word) }
                        #expect(s.first(in: set, from: from, until: until) == pass, "\(text) \(Array(set)) \(from)..<\(until)")
                    }
                }
                #expect(s.has(set) == s.body.contains { set.contains(s.tokens[$0].word) }, "\(text) \(Array(set))")
            }
        }
    }

    @Test func aListsSearchFindsWhatAPassFinds() {
        let lists: [RouteWord] = [.callVerb, .questionWord, .eventNoun, [.createVerb, .deleteVerb, .updateVerb, .showVerb, .statementVerb], .pastMarker, []]
        for text in Self.lines {
            let s = Self.sentence(text)
            for list in lists {
                for from in 0...s.count {
                    for until in from...s.count {
                        let pass = (from..<until).first { !s.tokens[$0].said.isDisjoint(with: list) }
                        #expect(s.first(isA: list, from: from, until: until) == pass, "\(text) \(list.rawValue) \(from)..<\(until)")
                    }
                }
            }
        }
    }

    @Test func aPhraseSearchFindsWhatAPassFinds() {
        let lists: [PhraseList] = [Vocabulary.politeHeads, [["to", "the"], ["the", "list"]], [["tomorrow"]], [["not", "there"]]]
        for text in Self.lines {
            let s = Self.sentence(text)
            for list in lists {
                for from in s.body.lowerBound...s.body.upperBound {
                    let pass = (from..<s.body.upperBound).lazy.compactMap { i in
                        list.phrases.first { s.matches($0, at: i) }.map { (i, $0.count) }
                    }.first
                    let found = s.first(of: list, from: from)
                    #expect(found?.index == pass?.0 && found?.length == pass?.1, "\(text) \(from)")
                }
            }
        }
    }

    /// The asks about one word (`word(_:is:)`, `word(_:isIn:)`, `phrase(of:at:)`), which turn
    /// most words away where they are asked (by length, by a bit of the key), answer as a
    /// plain look at the word does, at every index and at those past either end.
    @Test func aWordAskedWhereItLiesIsWhatALookAtItSays() {
        let lists: [PhraseList] = [Vocabulary.politeHeads, [["to", "the"], ["the", "list"]], [["tomorrow"]], [["not", "there"]]]
        for text in Self.lines {
            let s = Self.sentence(text)
            let words = s.tokens.map(\.word) + ["", "a", "zz", "the", "list", "what", "have", "friday", "fridax"]
            for i in -2...(s.count + 1) {
                let word: String? = i >= 0 && i < s.count ? s.tokens[i].word : nil
                for set in Self.sets {
                    #expect(s.word(i, isIn: set) == set.contains(word ?? ""), "\(text) \(i) \(Array(set))")
                }
                for w in words {
                    #expect(s.word(i, is: w) == (word.map { $0 == w } ?? w.isEmpty), "\(text) \(i) \(w)")
                }
                for list in lists {
                    #expect(s.phrase(of: list, at: i) == list.phrases.first { s.matches($0, at: i) }, "\(text) \(i)")
                }
            }
        }
    }

    /// A line's opening remark, found from its bytes in any case, two to seven bytes long
    /// and ended by a space, a comma, a full stop or an exclamation mark.
    @Test func anOpeningRemarkIsSeenFromTheLinesBytes() {
        for opens in ["Hi, lunch at 1", "HELLO there", "ok.", "Im back tomorrow", "I’m new here", "i'm off", "so what's on",
                      "Morning! what's on", "well", "Sorry, cancel that"] {
            #expect(Router.opensWithRemark(opens), "\(opens)")
        }
        for not in ["hiya", "", "s", "wellness check", "mornings are busy", "okey dokey", "oh-no", "lunch, hi", "h i"] {
            #expect(!Router.opensWithRemark(not), "\(not)")
        }
    }
}
