@testable import ClerkLanguage
import Testing

/// The byte check the router makes before a dearer look at a line ("their time", "the last
/// one") finds the word in any case, also inside another word, and says no only when it is
/// not there: a no skips the look, so a wrong no would lose a reading.
@Suite struct ByteCheckTests {
    @Test func findsTheWordInAnyCaseAndSaysNoOnlyWhenItIsNotThere() {
        #expect(Router.mayMention("call at 9 THEIR time", "their"))
        #expect(Router.mayMention("Theirs", "their"))
        #expect(Router.mayMention("café at 9 their time", "their"))
        #expect(!Router.mayMention("call at 9 my time", "their"))
        #expect(Router.mayMention("the last One on friday", "one"))
        #expect(!Router.mayMention("on", "one"))
        #expect(!Router.mayMention("", "one"))
    }

    /// The word found at every offset of lines of every length up to 25 bytes, in any case,
    /// and nowhere it is not, as a naive byte-by-byte search finds it.
    @Test func findsTheWordWhereverItStandsInTheBlocks() {
        func naive(_ text: String, _ word: String) -> Bool {
            let t = Array(text.utf8), w = Array(word.utf8)
            guard t.count >= w.count else { return false }
            return (0...(t.count - w.count)).contains { s in w.indices.allSatisfy { t[s + $0] | 0x20 == w[$0] } }
        }
        for length in 0..<26 {
            for at in 0...max(length - 3, 0) where length >= 3 {
                var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                bytes.replaceSubrange(at..<(at + 3), with: Array("hOw".utf8))
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(Router.mayMention(text, "how"), "\(text)")
                #expect(!Router.mayMention(text, "hox"), "\(text)")
            }
        }
        var seed: UInt64 = 0x9E37_79B9
        let alphabet = Array("hoWw ,-sa".utf8)
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(seed % 40) {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(alphabet[Int(seed >> 33) % alphabet.count])
            }
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(Router.mayMention(text, "how") == naive(text, "how"), "\(text)")
            #expect(Router.mayMention(text, "s a ") == naive(text, "s a "), "\(text)")
            #expect(Router.mayMention(text, ",") == naive(text, ","), "\(text)")
            #expect(Router.mayMention(text, " - ") == naive(text, " - "), "\(text)")
            // The notes made once a line answer as the scan does.
            let line = LineBytes(text)
            for word: StaticString in ["how", "s a ", ",", " - ", "whoa", "a"] {
                #expect(line.mayMention(word) == naive(text, word.description), "\(text) \(word)")
            }
        }
    }

    /// The notes of a line say no to a word only when it is not there, also for letters in
    /// capitals, bytes beyond ASCII and pairs whose hashes meet.
    @Test func aLinesNotesSayNoOnlyWhenTheWordIsNotThere() {
        let line = LineBytes("Lunch w/ THEIR team, Café at 9 - because")
        for word: StaticString in ["their", "lunch", ", ", " - ", "because", "caf", "team,", "w/"] {
            #expect(line.mayMention(word), "\(word)")
        }
        for word: StaticString in ["theirs", "remind", "mean", "cuz", "s a ", "alarm", "how", "one"] {
            #expect(!line.mayMention(word), "\(word)")
        }
        #expect(!LineBytes("").mayMention(","))
        #expect(LineBytes("").mayMention(""))
    }

    /// A byte beyond ASCII (the lead byte of "—") is noted as any other: said no only when
    /// it is not in the line.
    @Test func aLinesNotesHoldBytesBeyondASCII() {
        #expect(LineBytes("lunch at 1 — bring laptop").mayHold(byte: 0xE2))
        #expect(LineBytes("lunch at 1 – bring laptop").mayHold(byte: 0xE2))
        #expect(!LineBytes("lunch at 1 - bring laptop").mayHold(byte: 0xE2))
        #expect(!LineBytes("café İpek ｌｕｎｃｈ").mayHold(byte: 0xE2))
        // (0xC2, the lead byte of "©", folds onto 0xE2: a may, which the scan then checks.)
        #expect(LineBytes("© 2026").mayHold(byte: 0xE2))
        #expect(LineBytes("ÂB").mayHold(byte: 0xC3))
        #expect(!LineBytes("").mayHold(byte: 0xE2))
    }
}

/// The byte looks that stand for a dearer look by characters say what it says: a line's
/// marks before a space (`lastSentence` is nil without them), the last comma of a line
/// (`noteRemark`), and the dates that may be an ordinal (`picksAnEvent`).
@Suite struct ByteLookTests {
    /// Lines of every shape from a few bytes that matter, also beyond ASCII: "," with an
    /// accent after it is no comma to the characters, nor "\r\n" two characters.
    static func lines() -> [String] {
        var seed: UInt64 = 0x51_7CC1_B727
        let pieces = ["a", " ", ",", ".", "!", "?", ":", "\u{301}", "é", "\r\n", "x y", "Ana", "—"]
        var lines: [String] = ["", " ", ",", ", ", ". x", "a. b", "a.b", "x: y", "x :y", "a,\u{301} b", "a ,", "Hi! ok", "what? now", "?", "end."]
        for _ in 0..<3000 {
            var line = ""
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0..<Int(seed >> 60) {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                line += pieces[Int(seed >> 33) % pieces.count]
            }
            lines.append(line)
        }
        return lines
    }

    @Test func aLineWithNoMarkBeforeASpaceHasNoLastSentence() {
        let said = ["Dinner friday at 8. Invite Carla", "shift swap: move it", "what's on today?", "at 3.30 or 4:15"].map(Router.marksBeforeSpace)
        #expect(said.map(\.sentences) == [true, false, false, false])
        #expect(said.map(\.colon) == [false, true, false, false])
        for line in Self.lines() {
            let (sentences, colon) = Router.marksBeforeSpace(line)
            let bytes = Array(line.utf8)
            let naive = { (marks: String) in bytes.indices.dropLast().contains { bytes[$0 + 1] == 32 && marks.utf8.contains(bytes[$0]) } }
            #expect(sentences == naive(".!?"), "\(line)")
            #expect(colon == naive(":"), "\(line)")
            if !sentences { #expect(Router.lastSentence(line) == nil, "\(line)") }
            if !colon { #expect(Router.lastSentence(line, atColon: true) == nil, "\(line)") }
        }
    }

    @Test func aLineWithFewerGapsThanWordsNeedIsTurnedAway() {
        #expect(!Router.mayHoldWords("tomorrow at 3pm", 4))
        #expect(Router.mayHoldWords("cancel lunch because sick", 4))
        #expect(Router.mayHoldWords("a\tb\u{A0}c\u{2003}d", 4))
        #expect(Router.withoutBareRemark(LineBytes("skip it because")) == nil)
        #expect(Router.withoutBareRemark(LineBytes("cancel lunch because the place is closed"))?.kept.hasPrefix("cancel lunch ") == true)
        // Never no where the words are there: split at whitespace characters as the remark's
        // look splits, also tabs, no-break and em spaces, "\r\n" and accents on spaces.
        let spaces = ["\t", "\u{A0}", "\u{2003}", "\u{85}", " \u{301}", "\r\n"]
        for (k, line) in Self.lines().enumerated() {
            let spaced = String(line.flatMap { $0 == "a" ? Array(spaces[k % spaces.count]) : [$0] })
            for said in [line, spaced] {
                let words = said.split(whereSeparator: \.isWhitespace).count
                for count in 1...5 where words >= count {
                    #expect(Router.mayHoldWords(said, count), "\(said.debugDescription) \(count)")
                }
            }
        }
    }

    @Test func theLastCommaFromTheBytesIsTheLastCommaCharacter() {
        let tea = "lunch, tea, bring cake"
        #expect(Router.lastIndex(of: UInt8(ascii: ","), in: tea).map { tea.utf8.distance(from: tea.startIndex, to: $0) } == 10)
        #expect(Router.lastIndex(of: UInt8(ascii: ","), in: "no comma here") == nil)
        // (A comma an accent joins is no comma: the one before it is the last.)
        let joined = "a, b,\u{301} c"
        #expect(Router.lastIndex(of: UInt8(ascii: ","), in: joined) == joined.firstIndex(of: ","))
        for line in Self.lines() {
            #expect(Router.lastIndex(of: UInt8(ascii: ","), in: line) == line.lastIndex(of: ","), "\(line)")
        }
    }

    @Test func theWordsAtSpacesAndCommasAreTheWordsByCharacters() {
        #expect(Router.wordsAtSpacesAndCommas("lunch with may, friday") == ["lunch", "with", "may", "friday"])
        // (Lines of ASCII too: most of `lines()` hold an accent or a dash.)
        for line in Self.lines() + Self.lines().map({ String($0.unicodeScalars.filter(\.isASCII)) }) {
            let words = Router.wordsAtSpacesAndCommas(line), byCharacters = line.split(whereSeparator: { $0 == " " || $0 == "," })
            #expect(words == byCharacters, "\(line.debugDescription)")
            #expect(words.map(\.startIndex) == byCharacters.map(\.startIndex), "\(line.debugDescription)")
        }
    }

    /// `opens(_:with:)` turns a word away only when its lower case does not start with the
    /// letters: a no skips the look.
    @Test func aWordOpeningWithAMonthOrOneOpensWithItsBytes() {
        for prefix: StaticString in ["one", "may", "april", "june", "jan", "august"] {
            let said = "\(prefix)"
            for word in [said, said.uppercased(), said + "'s", said + "\u{301}", said + "th", "x" + said, "\u{301}" + said, "İ" + said,
                         String(said.dropLast()), String(said.dropLast()) + "\u{301}"] {
                #expect(Router.opens(word[...], with: prefix) == word.lowercased().unicodeScalars.starts(with: said.unicodeScalars), "\(word)")
                if word.lowercased().hasPrefix(said) { #expect(Router.opens(word[...], with: prefix), "\(word)") }
            }
        }
    }

    @Test func aDateThatMayBeAnOrdinalIsOneWordOfThreeToSevenBytes() {
        for word in ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                     "1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th", "last"] {
            for said in [word, "the " + word, "my " + word, "The " + word.uppercased(), "the my " + word] {
                #expect(Router.mayBeOrdinal(said[...].utf8), "\(said)")
            }
            #expect(ReferenceReader.ordinals[word] != nil, "\(word)")
        }
        for said in ["next month", "tonight at 8", "the first monday", "my 2nd of may", "at", "my", "eighteenth", "the fourteenth"] {
            #expect(!Router.mayBeOrdinal(said[...].utf8), "\(said)")
        }
        // An ordinal picked ("the second meeting") is still seen; a date that only ends as
        // one does ("next month") is not read as one.
        let picked = "the second meeting", month = "next month meeting"
        #expect(Router.picksAnEvent(said: picked.startIndex..<picked.index(picked.startIndex, offsetBy: 10), in: picked))
        #expect(!Router.picksAnEvent(said: month.startIndex..<month.index(month.startIndex, offsetBy: 10), in: month))
    }
}

/// A pasted line of thousands of commas and names is read in a time that grows with it:
/// each comma split the whole rest of the line (`Router.withoutRemark`) and each name was
/// looked for in the title's whole list (`Title.build`): 4,000 took 20 s, 10,000 several
/// minutes. The limit only guards against that; it is no measure of speed.
@Suite struct LongLineTests {
    @Test(.timeLimit(.minutes(1))) func aLineOfThousandsOfCommasIsRead() {
        let line = String(repeating: "lunch with ana, ", count: 10_000) + "tomorrow at 1"
        let understood = Router().understand(line, at: FixtureContext.reference, known: FixtureContext.known)
        guard case .createEvent(let request) = understood.intent else {
            Issue.record("read as \(understood.intent.name)")
            return
        }
        #expect(request.title.prefix(30) == "Lunch with Ana, lunch with ana")
        #expect(request.title.hasSuffix("lunch with ana, tomorrow at 1"))
        #expect(request.attendees.map(\.name) == ["ana"])
    }
}

/// Looks the readers make from a word's bytes, held to the looks by strings they stand for.
@Suite struct WordByteLookTests {
    /// No meal word holds a digit, so a time's words with one are no meal's (`mayBeMeal`),
    /// and any without one may be.
    @Test func aTimeWithADigitIsNoMeal() {
        for meal in Vocabulary.mealWords {
            #expect(!meal.lowercased().contains { $0.isASCII && $0.isNumber })
            let text = "at " + meal.uppercased()
            #expect(EventDetails.mayBeMeal(text, text.index(text.startIndex, offsetBy: 3)..<text.endIndex))
        }
        for (text, meal) in [("at 3pm", false), ("lunch", true), ("12:30", false), ("noon", true), ("dinner2", false), ("", true)] {
            #expect(EventDetails.mayBeMeal(text, text.startIndex..<text.endIndex) == meal, "\(text)")
        }
    }
}
