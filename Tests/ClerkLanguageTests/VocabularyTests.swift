@testable import ClerkLanguage
import Testing

/// The router's word lists as the typo check asks them.
@Suite struct VocabularyTests {
    /// The "on hold" rule asks the head word once, of `EventHold.heads`: the words of the
    /// four lists it stands for and "hold", no other ("put the review on hold", "pause the
    /// sync", "delay lunch", "hold the standup", "mark the dinner as tentative").
    @Test func theHeadsOfHoldingAnEventAreTheWordsOfItsLists() {
        let lists = Set(EventHold.holdVerbs).union(EventHold.pauseVerbs).union(EventHold.postponeVerbs).union(EventHold.statusVerbs).union(["hold"])
        #expect(Set(EventHold.heads) == lists)
        for word in lists { #expect(EventHold.heads.contains(word), "\(word)") }
        for word in ["holds", "move", "cancel", "ice", ""] { #expect(!EventHold.heads.contains(word), "\(word)") }
    }

    /// `isKnown`, asked of the word classes, says yes for exactly the words of the lists it
    /// names — the set it replaced, made here the old way — and no for words of the table's
    /// other lists and for typos.
    @Test func aKnownWordIsAWordOfTheKnownLists() {
        var known: Set<String> = []
        for list in [Vocabulary.wakeWords, Vocabulary.politeTails, Vocabulary.createVerbs, Vocabulary.deleteVerbs,
                     Vocabulary.updateVerbs, Vocabulary.showVerbs, Vocabulary.questionWords, Vocabulary.eventNouns,
                     Vocabulary.calendarNouns, Vocabulary.genericEventNouns, Vocabulary.listingNouns, Vocabulary.upcomingWords,
                     Vocabulary.freeWords, Vocabulary.allWords, Vocabulary.referencePronouns, Vocabulary.relations,
                     Vocabulary.honorifics, Vocabulary.contactNouns, Vocabulary.fileNouns, Vocabulary.determiners,
                     Vocabulary.notNames, Vocabulary.commonVerbs] {
            known.formUnion(list)
        }
        known.formUnion(Vocabulary.contactFields.keys)
        known.formUnion(Vocabulary.outOfScopeTopics.keys)
        known.formUnion(Vocabulary.outOfScopeHeads.keys)

        let everyListedWord = Set(WordClass.table.keys).union(known)
        for word in everyListedWord {
            #expect(Vocabulary.isKnown(word) == known.contains(word), "\(word)")
        }
        // On the table through other lists only: places, everyday words, numbers.
        let onlyElsewhere = everyListedWord.subtracting(known)
        #expect(!onlyElsewhere.isEmpty)
        for word in ["delte", "tomorow", "xyzzy", ""] {
            #expect(!Vocabulary.isKnown(word), "\(word)")
        }
        for word in ["please", "play", "delete", "meeting", "phone"] {
            #expect(Vocabulary.isKnown(word), "\(word)")
        }
    }
}
