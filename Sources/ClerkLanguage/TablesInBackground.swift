import Foundation

/// Builds the language's constant tables (the date grammar and the router's word lists) on a
/// second thread, so a one-shot request opens its store and reads its names while they are
/// made instead of before.
///
/// The tables are lazily initialised globals (`swift_once`): whichever thread reaches one first
/// builds it and the other waits, so nothing is built twice and no answer depends on timing.
public enum TablesInBackground {
    /// Starts the thread; returns at once. Call it when a sentence is about to be read.
    public static func start() {
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { _ in
            TablesInBackground.build()
            return nil
        }, nil)
        if started == 0 { pthread_detach(thread) }
    }

    /// The tables in the order a request needs them last: the grammar is reached only after
    /// the store is open and the names are read; the router's lists right after it.
    static func build() {
        _ = Grammar.everyday
        _ = FixedCommands.firstWords
        _ = Vocabulary.allKnown
        _ = Vocabulary.smallTalkStarts
        _ = Vocabulary.politeHeads
    }
}
