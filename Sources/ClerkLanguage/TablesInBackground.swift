import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Builds the language's constant tables at start on two threads: the date grammar on a
/// second thread, the router's word lists on the caller's, while a one-shot request opens
/// its store and reads its names.
///
/// The grammar is the first wanted (about 8.5 M instructions); the lists (about 6 M) right
/// after it. Built on the second thread after the grammar, they kept the main thread waiting
/// twice; built on the main thread before the sentence is read, with the store's opening
/// (2 M), they fill the time it would spend waiting for the grammar. A list first asked
/// after the reader is built while nothing else runs, so those most lines ask are built
/// here too (BENCHMARKS.md, "Start-up"). The two threads' shares are within 0.1 M of each
/// other: moving the spelling tolerance's index (0.5 M) to the grammar's thread made that
/// one the longer (branch `perf32`).
///
/// The tables are lazily initialised globals (`swift_once`): whichever thread reaches one first
/// builds it and the other waits, so nothing is built twice and no answer depends on timing.
public enum TablesInBackground {
    /// Starts the grammar's thread; returns at once. Call it when a sentence is about to be read.
    public static func start() {
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { _ in
            _ = Grammar.everyday
            return nil
        }, nil)
        if started == 0 { pthread_detach(thread) }
    }

    /// Builds the router's word lists on the calling thread, after `start()` and before the
    /// first sentence is read.
    public static func buildRouterLists() {
        _ = FixedCommands.firstWords
        _ = FixedCommands.formWords
        _ = WordClass.table
        _ = Vocabulary.alsoKnown
        _ = Vocabulary.smallTalkStarts
        _ = Vocabulary.politeHeads
        // Lists the classifier asks of most lines (a question about the agenda too): built
        // after the reader, they kept the answer waiting (0.5 M instructions).
        _ = FollowUps.leadingVerbs
        _ = Classifier.toldLeads
        _ = Classifier.settingsPhrases
        _ = Vocabulary.askingForATime
        _ = Vocabulary.createPhrases
        _ = Vocabulary.correctionPhraseStarts
        _ = EventReminders.reminderOrHeads
        _ = Router.months
        // Lists asked after the reader by every kind of line measured (a question about the
        // agenda, a new event, a move, a question about free time: 37 lists, 0.18 M
        // instructions): built here, while the grammar is still being made, rather than
        // while the answer waits (branch `start40`).
        _ = EventHold.heads
        _ = FixedCommands.aboutItselfWords
        _ = Vocabulary.acknowledgements
        _ = Vocabulary.meetVerbs
        _ = Vocabulary.clockQuestionHeads
        _ = Classifier.cannotMakeLeads
        _ = Vocabulary.personalOccasions
        _ = FilePhrases.keptListKinds
        _ = Vocabulary.repeatWords
        _ = FilePhrases.searchNouns
        _ = Classifier.platformEvents
        _ = Vocabulary.inviteVerbs
        _ = FilePhrases.wroteHeads
        _ = EventFields.setVerbs
        _ = FilePhrases.createVerbs
        _ = Classifier.remindSwitchWords
        _ = EventSwap.verbs
        _ = Vocabulary.mealWords
        _ = Vocabulary.lengthWords
        _ = Vocabulary.ownerWords
        _ = Sentence.wonderingLeads
        _ = Classifier.differenceWords
        _ = FollowUps.pronouns
        _ = Sentence.softeners
        _ = Classifier.aheadWords
        _ = EventFields.addVerbs
        _ = EventDetails.allDayWord
        _ = FilePhrases.listsWord
        _ = FilePhrases.listWord
    }
}
