/// The trash of files: a look at what is in it ("what's in the trash", "show deleted files",
/// "open the bin") and a file taken back out of it ("restore notes.txt", "undelete todo",
/// "take notes.txt out of the trash", "bring back groceries.txt"). "empty the trash" is a look
/// too: clerk keeps what is there, so that it can come back. Chores stay events: "take out the
/// trash" says no look at it, and "trash day every tuesday" has a date (the classifier asks
/// these rules only of lines without one).
enum TrashPhrases {
    /// Words that name the trash itself.
    static let trashNouns: WordSet = ["trash", "bin", "wastebasket", "recycle"]
    /// Files said as deleted ("deleted files", "my trashed notes").
    static let deletedWords: WordSet = ["deleted", "trashed", "binned", "removed"]
    static let deletedNouns: WordSet = ["files", "file", "documents", "docs", "notes", "lists", "things", "items", "stuff"]
    static let restoreVerbs: WordSet = ["restore", "undelete", "untrash", "recover", "retrieve", "unbin"]
    /// The restore verbs that name a file by words alone ("restore groceries"; "recover from
    /// surgery" is no file).
    static let restoreByNameVerbs: WordSet = ["restore", "undelete", "untrash", "unbin"]
    /// "I deleted notes.txt by mistake": a file deleted in error, taken back.
    static let mistakeWords: WordSet = ["mistake", "accidentally", "accident", "accidently", "oops", "wrongly"]
    static let questionHeads: WordSet = ["what", "which", "what's", "whats"]
    /// "what did I delete": a question for what was deleted.
    static let deleteVerbs: WordSet = ["delete", "deleted", "trash", "trashed", "bin", "binned"]
    /// Verbs that take a file back with "back" or "out of the trash" ("bring notes.txt back").
    static let backVerbs: WordSet = ["bring", "get", "put", "take", "move", "pull", "fish"]
    /// Every word a look at the trash may hold besides the trash and what was deleted.
    static let aroundALook: WordSet = WordSet([
        "what", "what's", "whats", "is", "are", "in", "the", "my", "show", "me", "list", "open", "see", "view", "check", "look",
        "at", "inside", "of", "contents", "content", "folder", "can", "could", "you", "please", "i", "have", "do", "did", "which",
        "there", "anything", "got", "go", "to", "let", "display", "everything", "all", "any", "now", "empty", "clear", "out",
    ]).union(deletedNouns)
    /// Every word a restore may hold besides its verb and the file.
    static let aroundARestore: WordSet = WordSet([
        "the", "my", "file", "please", "back", "from", "out", "of", "again", "it", "now", "can", "you", "could", "i", "want", "to",
        "deleted", "trashed", "that", "into", "files",
    ]).union(trashNouns)
    /// Verbs that empty the trash, which clerk does not do.
    static let emptyVerbs: WordSet = ["empty", "clear", "purge"]

    /// Whether the line may be about the trash: one of the words the rules need is there.
    static func mayApply(_ s: Sentence) -> Bool { s.has(neededWords) }

    /// One of them is in every line these rules take (one look a line, not five).
    static let neededWords = WordSet(Array(trashNouns) + Array(restoreVerbs) + Array(deletedWords) + ["back", "delete"])

    static func route(_ s: Sentence, known: Names) -> Route? {
        let head = s.body.lowerBound
        let command = head..<(head + 1)
        if let file = FilePhrases.mention(s, known: known), restores(s, file: file.tokens) || deletedByMistake(s, file: file.tokens) {
            return Route(rule: .file(.restore), command: command)
        }
        // "restore groceries", "get my notes back": a file no longer among the live ones, by
        // the words after the verb. A meeting, a meal or an event's word is an event asked
        // back ("restore the meeting", "get the lunch back"), which no trash keeps.
        // ("get back to bob" answers him.)
        let takesBackByName = s.word(head, isIn: backVerbs) && (s.word(head + 1, is: "back") && !s.word(head + 2, is: "to") || s.word(lastWord(s), is: "back"))
        if s.word(head, isIn: restoreByNameVerbs) || takesBackByName, let said = nameSaid(s), !s.has(["from"]) || s.has(trashNouns) {
            if said.contains(where: { s.word($0, isA: .eventNoun) || s.word($0, isIn: Vocabulary.mealWords) }) {
                return s.has(trashNouns) && !s.has(["out"]) ? nil : Route(rule: .topic(.restoreEvent), command: command)
            }
            guard !s.body.contains(where: { s.isInDate($0) }) else { return nil }
            return Route(rule: .file(.restore), command: command)
        }
        guard !s.body.contains(where: { s.isInDate($0) }) else { return nil }
        guard FilePhrases.fileNameIndex(s) == nil, looksAtTheTrash(s) || asksWhatWasDeleted(s) else { return nil }
        // "empty the trash" ("empty the bin" is a chore: the classifier's `namesAChore`).
        let empties = s.word(head, isIn: emptyVerbs) && (s.has(["trash"]) || s.has(["recycle"]))
        return Route(rule: .file(empties ? .emptyTrash : .trash), command: command)
    }

    /// The last word of the body, before its marks ("get my notes back!").
    static func lastWord(_ s: Sentence) -> Int {
        var i = s.body.upperBound - 1
        while i > s.body.lowerBound, s.tokens[i].isMark { i -= 1 }
        return i
    }

    /// The words of the event asked back ("the weekly meeting" → "weekly meeting").
    static func eventWords(_ s: Sentence) -> (Range<Int>, String)? {
        guard let said = nameSaid(s) else { return nil }
        let words = said.filter { s.kind($0) == .word }.map { s.word($0) }
        return words.isEmpty ? nil : (said, words.joined(separator: " "))
    }

    /// Whether the date read in the line is only a meal ("restore the lunch"), which may name
    /// an event asked back.
    static func datesAreMeals(_ s: Sentence) -> Bool {
        s.body.allSatisfy { !s.isInDate($0) || s.word($0, isIn: Vocabulary.mealWords) }
    }

    /// "I deleted notes.txt by mistake", "accidentally trashed todo.txt": the file, deleted
    /// in error.
    static func deletedByMistake(_ s: Sentence, file: Range<Int>) -> Bool {
        s.has(mistakeWords) && s.body.contains { !file.contains($0) && (s.word($0, isIn: deletedWords) || s.word($0, isIn: deleteVerbs)) }
    }

    /// "what did I delete", "what have I trashed", "which files did I delete": a question
    /// word first, a delete verb, and only `aroundALook` besides.
    static func asksWhatWasDeleted(_ s: Sentence) -> Bool {
        let head = s.body.lowerBound
        guard s.word(head, isIn: questionHeads), s.has(deleteVerbs) else { return false }
        return s.body.allSatisfy { s.word($0, isIn: deleteVerbs) || s.word($0, isIn: aroundALook) || s.tokens[$0].isMark }
    }

    /// "restore notes.txt (from the trash)", "undelete todo.txt", "bring back notes.txt", "get
    /// notes.txt back", "take notes.txt out of the bin": the verb first, and only the file and
    /// `aroundARestore` besides. A verb of taking back needs "back" or the trash named ("get
    /// notes.txt" alone is a read).
    static func restores(_ s: Sentence, file: Range<Int>) -> Bool {
        let head = s.body.lowerBound
        guard file.lowerBound > head else { return false }
        // ("move todo.txt to the trash" is a delete: out of the trash, or back with none named.)
        let trashNamed = s.has(trashNouns)
        let takesBack = s.word(head, isIn: backVerbs) && (trashNamed ? s.has(["out"]) || s.has(["from"]) : s.has(["back"]))
        guard s.word(head, isIn: restoreVerbs) || takesBack else { return false }
        return s.body.allSatisfy { $0 == head || file.contains($0) || s.word($0, isIn: aroundARestore) || s.tokens[$0].isMark }
    }

    /// The name said after a restore verb when no file was recognised ("restore groceries",
    /// "undelete my packing list", "bring back the budget"): the words left once
    /// `aroundARestore` is taken off each end.
    static func nameSaid(_ s: Sentence) -> Range<Int>? {
        var start = s.body.lowerBound + 1, end = s.body.upperBound
        while start < end, s.word(start, isIn: aroundARestore) || s.tokens[start].isMark { start += 1 }
        while end > start, s.word(end - 1, isIn: aroundARestore) || s.tokens[end - 1].isMark { end -= 1 }
        guard start < end, end - start <= 4 else { return nil }
        return start..<end
    }

    /// "what's in the trash", "show the bin", "list deleted files", "my trashed files",
    /// "empty the trash": the trash (or files said as deleted) and only `aroundALook` besides.
    static func looksAtTheTrash(_ s: Sentence) -> Bool {
        let noun = s.first(in: trashNouns)
        let deleted = s.first(in: deletedWords).flatMap { at in s.word(at + 1, isIn: deletedNouns) ? at : nil }
        guard noun != nil || deleted != nil else { return false }
        return s.body.allSatisfy { i in
            s.word(i, isIn: trashNouns) || s.word(i, isIn: deletedWords) || s.word(i, isIn: aroundALook) || s.tokens[i].isMark
        }
    }
}
