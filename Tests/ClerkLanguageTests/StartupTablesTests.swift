@testable import ClerkLanguage
import Testing

/// The tables built at every start, built the cheap way: each must hold exactly what the
/// plain way (a split by characters, every word looked up again) gives, or a word the
/// reader or the router knows would go missing.
@Suite struct StartupTablesTests {
    @Test func aPhraseIsCutAtItsSeparatorBytes() {
        func words(_ text: String, _ separator: Character) -> [String] {
            var words: [String] = []
            text.asciiWords(cutAt: separator.asciiValue!, into: &words)
            return words
        }
        #expect(words("help me", " ") == ["help", "me"])
        #expect(words("  that's   all ", " ") == ["that's", "all"])
        #expect(words("", " ").isEmpty)
        #expect(words("café au lait", " ") == ["café", "au", "lait"])
        #expect(words("ho_chi_minh", "_") == ["ho", "chi", "minh"])
        var kept = ["first"]
        "a b".asciiWords(cutAt: 0x20, into: &kept)
        #expect(kept == ["first", "a", "b"])
        #expect("what's this".asciiPrefix(upTo: 0x20) == "what's")
        #expect("undo".asciiPrefix(upTo: 0x20) == "undo")
        #expect(" undo".asciiPrefix(upTo: 0x20) == "")
        #expect("".asciiPrefix(upTo: 0x20) == "")
    }

    /// `FixedCommands.formWords` and `firstWords` against the forms split by characters.
    @Test func everyFixedFormHasItsWordsListed() {
        for form in FixedCommands.forms.keys {
            let words = form.split(separator: " ")
            for word in words { #expect(FixedCommands.formWords.contains(word), "\(word) of \(form)") }
            #expect(FixedCommands.firstWords.contains(words[0]), "\(form)")
        }
        #expect(!FixedCommands.formWords.contains("lunch"))
        #expect(!FixedCommands.firstWords.contains("please"))
        for line in Vocabulary.smallTalk.keys {
            #expect(Vocabulary.smallTalkStarts.contains(line.split(separator: " ")[0]), "\(line)")
        }
    }

    /// The zone rule's words, read from the list of areas and cities, against the names split
    /// by characters as they were.
    @Test func theZoneWordsAreTheNamesWords() {
        let areas = Set(DateRules.ianaNames.keys.map { String($0.split(separator: "/")[0]) })
        let cities = Set(DateRules.ianaNames.keys.flatMap { $0.split(separator: "/")[1].split(separator: "_").map(String.init) })
        #expect(DateRules.ianaAreas == areas)
        #expect(DateRules.ianaCityWords == cities)
        #expect(DateRules.ianaAreas.contains("america") && DateRules.ianaCityWords.isSuperset(of: ["new", "york", "ho", "chi", "minh"]))
        #expect(DateRules.ianaNames["america/new_york"] == "America/New_York")
    }

    /// A word given twice is numbered once and its values combined in the order given.
    @Test func aWordMapCombinesARepeatedWordInOrder() {
        let map = WordMap([("a", [1]), ("b", [2]), ("a", [3]), ("c", [4]), ("b", [5])]) { $0 + $1 }
        #expect(map.keys == ["a", "b", "c"])
        #expect(map["a"] == [1, 3] && map["b"] == [2, 5] && map["c"] == [4] && map["d"] == nil)
        let first = WordMap([("x", 1), ("x", 2)])
        #expect(first["x"] == 1 && first.count == 1)
    }

    /// Every word the everyday grammar's rules mention, in order, once a mention.
    static func everydayMentions() -> [String] {
        var mentioned: [String] = []
        for rules in DateRules.everydayStages {
            for rule in rules {
                for element in rule.pattern {
                    switch element.kind {
                    case .words(let list), .symbols(let list): mentioned += list
                    default: break
                    }
                }
            }
        }
        return mentioned
    }

    /// The everyday grammar numbers its words as every mention looked up in turn would (an
    /// element shared by many rules is looked up once), the holiday names' words after them.
    @Test func theGrammarNumbersEveryWordInTheOrderFirstMet() {
        let mentioned = Self.everydayMentions()
        let (table, ids) = WordTable.build(mentioned + DateRules.holidayNameWords.joined())
        #expect(table.words.count == Grammar.everyday.words)
        let all = mentioned + DateRules.holidayNameWords.joined()
        for (word, id) in zip(all, ids) { #expect(Grammar.everyday.wordID(word) == Int32(id), "\(word)") }
        #expect(Grammar.everyday.wordID("no-such-word") == -1)
    }

    /// Numbered list by list, the words get the numbers the lists joined into one would give.
    @Test func aTableOfListsNumbersAsTheListsJoined() {
        let lists = [["in", "the", "morning"], [], ["the", "evening"], ["morning", "noon", "in"]]
        let (joined, joinedIDs) = WordTable.build(Array(lists.joined()))
        let (table, ids) = WordTable.build(lists: lists)
        #expect(table.words == joined.words && table.words == ["in", "the", "morning", "evening", "noon"])
        #expect(ids == joinedIDs.map { Int32($0) } && ids == [0, 1, 2, 1, 3, 2, 4, 0])
    }

    /// A table sized from an estimate of its different words finds every word with the
    /// number a table sized for all of them gives, even where the estimate is far too low;
    /// tables of the words the start's estimates are made for (the grammar's every mention,
    /// the fixed forms' words, the router's pairs) are at most a quarter full, as meant.
    @Test func aTableSizedFromAnEstimateHoldsEveryWord() {
        let given = (0..<600).map { "w\($0 % 450)" }
        let sized = WordTable(given)
        let low = WordTable(given, distinct: 3)
        #expect(low.words == sized.words && low.words.count == 450)
        for (id, word) in sized.words.enumerated() { #expect(low.index(of: word) == id, "\(word)") }
        #expect(low.index(of: "w450") == nil && low.index(of: "") == nil)
        #expect(sized.isAtMostAQuarterFull && !low.isAtMostAQuarterFull)
        let (lists, _) = WordTable.build(lists: [given, given])
        #expect(lists.words == sized.words)

        let mentioned = Self.everydayMentions()
        #expect(WordTable.build(lists: [mentioned] + DateRules.holidayNameWords).table.isAtMostAQuarterFull)
        var formWords: [String] = []
        for form in FixedCommands.forms.keys { form.asciiWords(cutAt: UInt8(ascii: " "), into: &formWords) }
        #expect(WordTable(formWords, distinct: formWords.count / 3).isAtMostAQuarterFull)
        #expect(WordClass.table.isAtMostAQuarterFull)
    }

    /// A word's lists in the router's one table are every list it was given on, and no other;
    /// the empty word's are its lists too.
    @Test func theRoutersTableHoldsEachWordsLists() {
        var given: [String: RouteWord] = [:]
        RouteWord.forEachListed { word, list in given[word, default: []].formUnion(list) }
        #expect(given.count > 500)
        for (word, lists) in given { #expect(WordClass.table[word]?.lists == lists, "\(word)") }
        for (word, entry) in WordClass.table where !entry.lists.isEmpty { #expect(given[word] != nil, "\(word)") }
        #expect(RouteWord.ofNoWord == given[""] ?? [])
    }

    /// A plural is made by the word's last letters: "es" after x, ch and sh, "ies" for a y
    /// after a consonant, else "s"; a word ending in "s" has none.
    @Test func pluralsAreMadeByTheLastLetters() {
        let words = ["box", "church", "wish", "day", "party", "y", "standup", "class", "doctor's", "1:1", "match", "bach", ""]
        #expect(Array(Vocabulary.withPlurals(words)) == words + ["boxes", "churches", "wishes", "days", "parties", "ys", "standups",
                                                              "1:1s", "matches", "baches", "s"])
    }
}
