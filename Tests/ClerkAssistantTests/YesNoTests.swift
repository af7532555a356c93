@testable import ClerkAssistant
import Testing

/// How an answer to a yes-or-no question is read: at a terminal the ways people say it,
/// marks between the words ignored; from a pipe only y or yes is yes (politeness after it aside).
@Suite struct YesNoTests {
    @Test(arguments: ["y", "Yes", "yes please", "sure", "ok, do it", "go ahead!", "looks good", "yes - do it", "Yes thank you.", "yes, please do", "Yes. Thank you very much", "ok thanks",
                            "sure thing", "ok cool", "perfect thanks", "great, thank you", "absolutely", "that works"])
    func yesAtATerminal(_ text: String) {
        #expect(YesNo.read(text, empty: true, rule: .terminal) == true)
    }

    @Test(arguments: ["n", "no", "No, thanks", "actually no", "nope.", "forget it!", "never mind", "wait, no", "no thank you", "no dont", "not yet", "no its fine", "No, it's fine.", "no need"])
    func noAnywhere(_ text: String) {
        #expect(YesNo.read(text, empty: true, rule: .terminal) == false)
        #expect(YesNo.read(text, empty: true, rule: .pipe) == false)
    }

    @Test(arguments: ["sure", "ok", "looks good", "yeah please", "yes I want lunch at 2", "yes thank you for nothing", "ok yes"])
    func onlyYOrYesFromAPipe(_ text: String) {
        #expect(YesNo.read(text, empty: true, rule: .pipe) == nil)
    }

    /// A typed conversation piped in says yes as people do: "yes please" is a yes all the same.
    @Test(arguments: ["yes please", "Yes, thanks.", "y please", "yes thank you", "yes, please do"])
    func yesWithPolitenessFromAPipe(_ text: String) {
        #expect(YesNo.read(text, empty: true, rule: .pipe) == true)
    }

    @Test(arguments: ["no meeting on friday", "yes I want lunch at 2", "not sure", "nothing", "yesterday", "yes thank you for nothing", "cool party friday", "fine dining at 8"])
    func aSentenceIsNoAnswer(_ text: String) {
        #expect(YesNo.read(text, empty: true, rule: .terminal) == nil)
    }

    @Test func enterAloneIsTheDefaultOnlyAtATerminal() {
        #expect(YesNo.read("", empty: true, rule: .terminal) == true)
        #expect(YesNo.read("  ", empty: false, rule: .terminal) == false)
        #expect(YesNo.read("", empty: true, rule: .pipe) == nil)
    }

    /// Marks alone ("?!", "...") are no Enter: no default yes taken, no "nothing to cancel".
    @Test(arguments: ["?!", "...", "?", " !! "])
    func marksAloneAreNoAnswer(_ text: String) {
        #expect(YesNo.read(text, empty: true, rule: .terminal) == nil)
        #expect(YesNo.read(text, empty: false, rule: .terminal) == nil)
    }
}
