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
}
