import FoundationEssentials
internal import ClerkCore

/// Requests about text files: "list my files", "files with budget in the name",
/// "show notes.txt", "read groceries", "create a file todo.txt with buy milk", "append call
/// plumber to todo.txt", "add eggs, milk and bread to the grocery list", "replace milk with
/// oat milk in todo.txt", "remove milk from groceries.txt", "rename groceries.txt to
/// shopping.txt", "delete shopping-list.txt".
///
/// A file is named by its name ("notes.txt") or, when the backend has it, without its
/// extension and in the singular or plural ("read groceries", "the grocery list"). Only
/// "delete" and "trash" with the file alone delete it; a delete verb with words before
/// "from" takes lines out of it; another delete verb with the file alone ("remove notes.txt")
/// is asked about.
enum FilePhrases {
    /// "files with budget in the name": where the words of the filter end.
    static let nameSuffixes: PhraseList = [["in", "the", "name"], ["in", "their", "name"], ["in", "its", "name"], ["in", "the", "title"]]
    static let readVerbs: WordSet = ["show", "read", "open", "display", "print", "cat", "view", "see", "get", "fetch", "type", "more", "less", "load"]
    static let appendVerbs: WordSet = ["append", "add", "write", "put", "jot", "note", "insert"]
    static let createVerbs: WordSet = ["create", "make", "new", "start", "touch"]
    static let replaceVerbs: WordSet = ["replace", "change", "substitute", "swap", "edit"]
    static let listVerbs: WordSet = ["list", "show", "find", "search", "which", "what", "ls", "display", "give", "get", "look"]
    /// The only verbs that delete a file, and only with the file alone.
    static let fileDeleteVerbs: WordSet = ["delete", "trash", "rm"]
    /// Words that may stand beside a file being deleted ("delete the file todo.txt").
    static let aloneWords: WordSet = ["the", "my", "file", "this", "that", "please", "now", "list"]
    /// Words that may stand between a verb and a file's usual name ("show me all of my notes").
    static let beforeUsualName: WordSet = ["the", "my", "this", "that", "please", "now", "all", "of", "me"]
    /// Words between the lines taken out and the file ("remove milk from groceries.txt").
    static let outOfWords: WordSet = ["from", "off", "in", "of", "out"]

    /// A file named in a sentence: its tokens and the name to use (the backend's own name
    /// when the words name a file it has).
    struct Mention {
        var tokens: Range<Int>
        var name: String
    }

    static let listWord: WordSet = ["list"]
    static let listsWord: WordSet = ["lists"]
    /// Nouns that make a file when a name follows "called" or "named" ("a note called ideas").
    static let namedFileNouns: WordSet = ["note", "list", "document", "doc", "checklist"]
    static let namingWords: WordSet = ["called", "named", "titled"]
    /// Words before a new file's content ("create todo.txt with buy milk").
    static let contentWords: WordSet = ["with", "containing", "saying", "that", "says"]

    /// Verbs that empty a file of its lines.
    static let clearVerbs: WordSet = ["clear", "empty", "wipe", "blank"]

    /// Which file request the sentence makes, if it is one.
    static func route(_ s: Sentence, shape: Shape, known: Names) -> Route? {
        let head = s.body.lowerBound
        let w0 = s.word(head)
        let command = head..<(head + 1)
        // "what do I need to order", "notes for the planning meeting": the list or the notes
        // file the person has for that, read.
        if fileNameIndex(s) == nil, knownFile(s, known: known) == nil, let asked = askedFile(s, known: known),
           !s.word(head, isIn: appendVerbs), !s.word(head, isIn: createVerbs), shape.headVerb != .delete {
            // ("how many books are on my list": its lines counted.)
            if linePick(s, before: asked.tokens.lowerBound) == .count { return Route(rule: .file(.lines), command: command) }
            return Route(rule: .file(.read), command: command)
        }
        // "keep a reading list", "i need a packing list": a list wanted is one to make.
        if wantedList(s) != nil { return Route(rule: .file(.create), command: command) }
        // "make a list", "start a new list", "create a document": a new file, its name asked.
        if isBareNewFile(s) { return Route(rule: .file(.create), command: command) }
        let removes = shape.headVerb == .delete || s.word(head, isIn: Vocabulary.removePeopleVerbs)
        // "delete the line about milk": the lines that hold it, of the list that has them.
        if removes, lineAbout(s, from: head + 1) != nil, mention(s, known: known) == nil { return Route(rule: .file(.removeLines), command: command) }
        if let file = mention(s, known: known) {
            // "copy todo.txt to todo-old.txt", "duplicate todo.txt".
            if s.word(head, isIn: copyVerbs) || s.matches(["make", "a", "copy", "of"], at: head), file.tokens.lowerBound > head {
                return Route(rule: .file(.copy), command: command)
            }
            // "delete line 2 of todo.txt", "remove the last line from todo.txt".
            if shape.headVerb == .delete || s.word(head, isIn: Vocabulary.removePeopleVerbs),
               lineNumbers(s, before: file.tokens.lowerBound) != nil {
                return Route(rule: .file(.removeLineNumbers), command: command)
            }
            // "insert eggs at the top of shopping.txt", "add milk to the start of todo".
            if s.word(head, isIn: appendVerbs), topPhrase(s, before: file.tokens.lowerBound) != nil {
                return Route(rule: .file(.prepend), command: command)
            }
            // "does todo.txt mention rent", "does shopping.txt have milk in it".
            if s.word(head) == "does" || s.word(head) == "do", let verb = s.first(in: mentionVerbs, from: file.tokens.upperBound),
               verb + 1 < s.body.upperBound {
                return Route(rule: .file(.search), command: command)
            }
            // "find lines with rent in todo.txt", "lines containing milk in shopping.txt".
            // ("delete the line about milk from todo.txt" takes them out.)
            if !s.word(head, isIn: appendVerbs), !removes, linesWith(s, file: file) != nil { return Route(rule: .file(.search), command: command) }
            // "the last 3 lines of todo.txt", "line 2 of todo.txt", "how many lines in todo.txt".
            if !s.word(head, isIn: appendVerbs), !s.word(head, isIn: replaceVerbs), !s.word(head, isIn: createVerbs),
               shape.headVerb != .delete, linePick(s, before: file.tokens.lowerBound) != nil {
                return Route(rule: .file(.lines), command: command)
            }
            if s.word(head, isIn: Vocabulary.renameVerbs), let to = s.first(in: Vocabulary.renameJoiners, from: file.tokens.upperBound),
               to + 1 < s.body.upperBound {
                return Route(rule: .file(.rename), command: command)
            }
            // "cross off milk from shopping.txt", "cross milk off my shopping list", "mark eggs
            // as done on the grocery list": the items out of that list.
            if file.tokens.lowerBound > head + 1, let tick = tickOff(s, before: file.tokens.lowerBound), !tick.items.isEmpty {
                return Route(rule: .file(.tickOff), command: tick.command)
            }
            // "clear todo.txt", "empty the grocery list", "wipe groceries": its lines, not the file.
            if s.word(head, isIn: clearVerbs), isAlone(s, file, after: head) { return Route(rule: .file(.clear), command: command) }
            if shape.headVerb == .delete || s.word(head, isIn: Vocabulary.removePeopleVerbs) {
                if isAlone(s, file, after: head) {
                    return Route(rule: .file(s.word(head, isIn: fileDeleteVerbs) ? .delete : .deleteWithOtherVerb), command: command)
                }
                // "remove milk from my notes": the words before the file, past "the", "my".
                var before = file.tokens.lowerBound - 1
                while before > head + 1, ["my", "our", "the"].contains(s.word(before)), s.word(before - 1, isIn: outOfWords) { before -= 1 }
                if file.tokens.lowerBound > head + 1, s.word(before, isIn: outOfWords) || s.word(before) == "the" {
                    return Route(rule: .file(.removeLines), command: command)
                }
                return Route(rule: .file(.deleteWithOtherVerb), command: command)
            }
            // "move todo.txt to the trash", "put notes.txt in the bin".
            if ["move", "put", "send"].contains(w0), s.has(["trash", "bin", "wastebasket"]) { return Route(rule: .file(.delete), command: command) }
            if s.word(head, isIn: replaceVerbs) || s.first(in: ["replace"]) != nil, s.first(in: ["with", "to", "by"]) != nil {
                return Route(rule: .file(.replace), command: command)
            }
            if s.word(head, isIn: createVerbs) { return Route(rule: .file(.create), command: command) }
            // ("keep a list of books i want to read": a new list too.)
            if s.word(head, isIn: keepWord), listOf(s) != nil { return Route(rule: .file(.create), command: command) }
            if s.word(head, isIn: appendVerbs) { return Route(rule: .file(.append), command: command) }
            // "shopping list: milk, eggs", "kit list: shin pads, boots": items said after the
            // list's name, nothing before it but "my" or "the", go on it.
            if (head..<file.tokens.lowerBound).allSatisfy({ s.word($0, isIn: listLabelLeads) }), afterColon(s, file),
               file.tokens.upperBound + 1 < s.body.upperBound {
                return Route(rule: .file(.append), command: command)
            }
            // "edit todo.txt", "change my todo list": with nothing said of how, the file shown
            // (its lines are what the next request changes).
            if s.word(head, isIn: readVerbs) || shape.isQuestion || shape.headVerb == .show || isAlone(s, file, after: head - 1)
                || (s.word(head, isIn: editVerbs) && isAlone(s, file, after: head))
                || s.matches(["contents", "of"], at: head) || s.matches(["content", "of"], at: head) {
                return Route(rule: .file(.read), command: command)
            }
            return nil
        }
        // "show notes", "open my notes", "show me all of my notes": a file the person has not
        // got, by its usual name.
        if usualFileAsked(s, head: head) != nil { return Route(rule: .file(.read), command: command) }
        if createsNamedFile(s) { return Route(rule: .file(.create), command: command) }
        if asksForLists(s) { return Route(rule: .file(.list), command: command) }
        // "what did I write about helen": what the files say of it.
        if wroteAbout(s) != nil { return Route(rule: .file(.search), command: command) }
        // "search my notes for the gate code", "which list mentions eggs".
        if let noun = s.first(in: ["notes", "lists", "list"]), searchRange(s, noun: noun) != nil { return Route(rule: .file(.search), command: command) }
        // No file name: only the word "files" ("list my files", "files with budget in the name").
        guard let nounAt = s.first(in: ["file", "files", "documents", "docs"]) else { return nil }
        if shape.headVerb == .delete { return nil }
        // "search my files for milk", "which file mentions milk", "find milk in my files".
        if searchRange(s, noun: nounAt) != nil { return Route(rule: .file(.search), command: command) }
        if s.word(nounAt) == "file", s.word(head, isIn: createVerbs) {
            return Route(rule: .file(.create), command: command)
        }
        if nounAt == head || s.word(head, isIn: listVerbs) || shape.isQuestion || s.word(head) == "my" || s.word(head) == "all" {
            return Route(rule: .file(.list), command: head..<(nounAt + 1))
        }
        return nil
    }

    /// Words that open a question for one's notes ("what notes do I have", "what's in my
    /// notes", "do I have any notes", "any notes?").
    static let notesQuestionHeads: WordSet = ["what", "what's", "whats", "which", "do", "are", "any", "have"]
    /// Words that may stand between such a head and the notes ("do I have any notes").
    static let beforeNotesAsked: WordSet = ["in", "any", "i", "there", "we", "have", "got", "saved", "of"]
    /// Words that may follow the notes in a question for them ("what notes do I have").
    static let afterNotesAsked: WordSet = ["do", "did", "i", "we", "have", "got", "saved", "written", "kept", "so", "far", "please", "there"]

    /// "show notes", "open my notes", "list my notes", "show me all of my notes", "what notes
    /// do I have", "what's in my notes": a file the person may not have got, by its usual
    /// name, asked for with nothing else ("show my notes for the review" asks for an event's).
    /// The index of the name.
    static func usualFileAsked(_ s: Sentence, head: Int) -> Int? {
        let body = s.body
        var end = body.upperBound
        while end > head + 1, s.tokens[end - 1].isMark { end -= 1 }
        guard let noun = (head + 1..<end).first(where: {
            s.tokens[$0].is(.fileNoun) && !["file", "files", "documents", "docs", "folder", "drive", "doc", "document"].contains(s.word($0))
        }) else { return nil }
        let asks = s.word(head, isIn: notesQuestionHeads)
        guard s.word(head, isIn: readVerbs) || s.word(head, isIn: listVerbs) || asks,
              (head + 1..<noun).allSatisfy({ s.word($0, isIn: beforeUsualName) || asks && s.word($0, isIn: beforeNotesAsked) }),
              (noun + 1..<end).allSatisfy({ s.word($0, isIn: afterNotesAsked) || s.word($0, is: "please") }) else { return nil }
        return noun
    }

    /// The words that open a note to oneself ("jot down …", "note to self: …").
    static let noteVerbs: WordSet = ["jot", "note", "make", "take", "write", "new", "quick", "create", "start", "save", "keep", "add", "another"]
    static let noteOpenings: PhraseList = [
        ["jot", "down"], ["jot"], ["note", "down"], ["note", "to", "self"], ["note"], ["make", "a", "note", "to", "self"],
        ["make", "a", "note"], ["make", "note"], ["take", "a", "note"], ["take", "note"], ["write", "down"],
        ["make", "a", "new", "note"], ["take", "a", "quick", "note"], ["make", "a", "quick", "note"],
        ["new", "note"], ["quick", "note"],
        // As a first try says it ("create a note", "save a note that tom likes red wine").
        ["create", "a", "note"], ["create", "a", "new", "note"], ["start", "a", "note"], ["start", "a", "new", "note"],
        ["save", "a", "note"], ["keep", "a", "note"], ["write", "a", "note"],
        // ("add another note: book flights": the note is after the colon.)
        ["add", "another", "note"], ["another", "note"],
    ]
    /// Openings that are a note with nothing after them ("new note"): the note is asked for.
    static let emptyNoteOpenings: Set<String> = [
        "note", "new note", "quick note", "make a note", "make note", "make a new note", "make a quick note", "take a note",
        "take note", "take a quick note", "jot", "jot down", "note down", "write down", "note to self", "make a note to self",
        "create a note", "create a new note", "start a note", "start a new note", "write a note",
    ]
    /// Words that make a note an event after all ("note this event to my calendar").
    static let noteEventWords: WordSet = ["calendar", "event", "events", "schedule", "diary", "agenda", "reminder", "appointment"]
    /// The file notes go to when none is named.
    static let notesFile = "notes.txt"

    /// The person's notes file, whatever its extension ("notes.md"), else notes.txt.
    static func notesFile(_ known: Names) -> String { known.file(stem: "notes") ?? notesFile }

    /// "jot down buy milk", "note to self: renew passport", "make a note that the code is
    /// 4512": with no day or time said (the classifier asks that first) and no word of the
    /// calendar, a line for the notes file; with one, an event ("write down meeting at 7pm").
    static func noteRoute(_ s: Sentence) -> Route? {
        let head = s.body.lowerBound
        guard let opening = s.phrase(of: noteOpenings, at: head), !s.has(noteEventWords) else { return nil }
        var end = head + opening.count
        // "make a note to call mom" is a thing to do, as "remind me to": an event, asked when.
        if s.word(end) == "to", s.word(end + 1) != "self" { return nil }
        // "new note shopping: eggs, bread": a note of its own, named (`namedBeforeColon`).
        if s.word(end - 1, isIn: namedFileNouns), end < s.body.upperBound, s.kind(end) == .word, namedBeforeColon(s, end - 1) { return nil }
        while end < s.body.upperBound, s.tokens[end].isMark || ["that", "of", "to", "about", "saying"].contains(s.word(end)) { end += 1 }
        // "make a new note", "new note" alone: a note still, whose words are asked for (a
        // day or time said makes it an event, asked before this rule).
        guard end < s.body.upperBound || end == s.body.upperBound && s.dates.isEmpty && emptyNoteOpenings.contains((head..<end).map { String(s.word($0)) }.joined(separator: " ")) else { return nil }
        return Route(rule: .file(.note), command: head..<end)
    }

    /// True when nothing but `aloneWords` stands in the body besides the token at `after`
    /// (the verb) and the file.
    static func isAlone(_ s: Sentence, _ file: Mention, after verb: Int) -> Bool {
        // ("delete old-notes.txt for me": the closing "for me" asks nothing more.)
        var end = s.body.upperBound
        while end > s.body.lowerBound, s.tokens[end - 1].isMark { end -= 1 }
        let forMe = end - 2 > verb && s.word(end - 2) == "for" && s.word(end - 1) == "me" ? end - 2 : end
        return s.body.allSatisfy { i in i == verb || file.tokens.contains(i) || s.word(i, isIn: aloneWords) || s.tokens[i].isMark || i >= forMe && i < end }
    }

    /// The file the sentence names: a file name anywhere ("notes.txt"), else a file the
    /// backend has named without its extension where a file goes — the last words, or before
    /// a colon ("add a note to groceries: eggs").
    static func mention(_ s: Sentence, known: Names) -> Mention? {
        if let at = fileNameIndex(s) { return typedName(s, around: at) }
        if let found = knownFile(s, known: known) { return found }
        if let asked = askedFile(s, known: known) { return asked }
        guard var list = listFile(s), !s.word(s.body.lowerBound, isIn: createVerbs) else { return listFile(s) }
        // "my to do list", "the todo list" with todo.txt: the file the person has, by its
        // stem without the hyphens or without "list".
        let stem = String(list.name.dropLast(4))
        let bare = String(stem.filter { $0 != "-" })
        let withoutList = stem.hasSuffix("-list") ? String(stem.dropLast(5)) : stem
        // ("the order list" with to-order-list.txt: the "to" left out.)
        for candidate in [bare, withoutList, String(withoutList.filter { $0 != "-" }), "to-" + stem] {
            if let name = known.file(stem: candidate) { list.name = name; break }
        }
        return list
    }

    /// What a list is for, by the verb that asks for it ("what do i need to order" is the
    /// to-order list): the words a file's name holds to be that list.
    static let listsForVerbs: [String: [String]] = [
        "order": ["order", "orders"], "buy": ["shopping", "groceries", "grocery", "buy"], "get": ["shopping", "groceries", "grocery"],
        "pack": ["packing", "pack"], "do": ["todo", "todos", "do"], "read": ["reading", "read"], "watch": ["watch", "watchlist"],
    ]
    /// Words that ask what is left on a list before "to" and its verb ("what do I need to", "what's left to").
    static let neededWords: WordSet = ["need", "needs", "have", "left", "got", "want"]
    /// Words that say notes are of something ("notes for the planning meeting").
    static let notesWords: WordSet = ["notes", "note", "minutes"]
    static let notesOfWords: WordSet = ["for", "of", "from", "about", "on"]
    /// Words of a meeting's name too common to pick its notes file by.
    static let commonMeetingWords: Set<String> = [
        "the", "my", "our", "a", "meeting", "meetings", "call", "event", "appointment", "show", "me", "what", "are", "is", "what's",
        "whats", "open", "read", "see", "notes", "note", "minutes", "for", "of", "from", "about", "on", "please", "any", "do", "i",
        "have", "where", "did", "we", "take", "taken",
    ]

    /// A file the person has, asked for by what it holds rather than its name: "what do I
    /// need to order" (to-order-list.txt), "what do we need to buy" (shopping.txt,
    /// groceries.txt), "what's left to pack"; "notes for the planning meeting", "show my
    /// notes from the review" (planning-notes.txt, review-notes.txt: a notes file with a word
    /// of the meeting's name). Nil with a date said ("what do I need to do today" is the
    /// agenda's) or no such file.
    static func askedFile(_ s: Sentence, known: Names) -> Mention? {
        guard !known.fileNames.isEmpty, s.dates.isEmpty, s.body.count >= 2, s.body.count <= 10 else { return nil }
        // (By stem, in order: the same files always give the same answer.)
        let stems = known.fileNames.sorted { $0.key < $1.key }.map { stem, name -> (name: String, words: [String]) in
            (name, stem.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).map(String.init))
        }
        var last = s.body.upperBound - 1
        while last > s.body.lowerBound, s.tokens[last].isMark { last -= 1 }
        // "whats left to buy for the party", "what do i need to get for the trip": the list
        // named for that (party-list.txt).
        if s.word(s.body.lowerBound, isA: .questionWord) || s.word(s.body.lowerBound, is: "whats"),
           let at = (s.body.lowerBound..<last).last(where: { s.word($0, is: "for") }), at >= s.body.lowerBound + 3,
           s.word(at - 2, is: "to"), s.word(at - 3, isIn: neededWords), s.kind(last) == .word,
           (at + 1..<last).allSatisfy({ s.word($0, isIn: ["the", "my", "our"]) }),
           let found = stems.first(where: { file in file.words.contains(s.word(last)) && (file.words.contains("list") || file.words.count == 1) }) {
            return Mention(tokens: last..<(last + 1), name: found.name)
        }
        // "what books are on my list", "how many books are on my list": the list named by what
        // it holds (books.txt, book-list.txt).
        if s.word(last, isIn: listWord), last - 3 >= s.body.lowerBound, s.word(last - 1, isIn: ownListWords), s.word(last - 2, isIn: onOrIn) {
            for i in s.body.lowerBound..<(last - 2) where s.kind(i) == .word {
                let word = s.word(i), one = word.hasSuffix("s") ? String(word.dropLast()) : word
                if let found = stems.first(where: { file in file.words.count <= 2 && (file.words.contains(word) || file.words.contains(one) || file.words.contains(one + "s"))
                    && (file.words.count == 1 || file.words.contains("list")) }) {
                    return Mention(tokens: last..<(last + 1), name: found.name)
                }
            }
        }
        // "what do i need to order", "what's left to pack".
        if s.word(s.body.lowerBound, isA: .questionWord) || s.word(s.body.lowerBound, is: "whats"), last - 2 >= s.body.lowerBound,
           s.word(last - 1, is: "to"), s.word(last - 2, isIn: neededWords), let wanted = listsForVerbs[s.word(last)],
           let found = stems.first(where: { file in file.words.contains { wanted.contains($0) } }) {
            return Mention(tokens: last..<(last + 1), name: found.name)
        }
        // "notes for the planning meeting", "the planning meeting notes".
        guard let notes = s.first(in: notesWords) else { return nil }
        let named = s.body.filter { $0 != notes && s.kind($0) == .word && !commonMeetingWords.contains(s.word($0)) }.map { s.word($0) }
        guard !named.isEmpty, s.word(notes + 1, isIn: notesOfWords) || notes == last else { return nil }
        let noteFiles = stems.filter { $0.words.contains("notes") || $0.words.contains("minutes") }
        guard let found = noteFiles.first(where: { file in named.allSatisfy { file.words.contains($0) } })
                ?? noteFiles.first(where: { file in named.contains { file.words.contains($0) } }) else { return nil }
        return Mention(tokens: notes..<(notes + 1), name: found.name)
    }

    /// A kind of list the person keeps, not made yet, as the file it would be: "a todo list"
    /// is todo-list.txt, "my shopping list" shopping-list.txt, "the to do list" to-do-list.txt
    /// ("make a todo list", "add milk to my shopping list").
    static func listFile(_ s: Sentence) -> Mention? {
        // Asked of every line: first for the whole line at once (`WordSet.mayMeet`), as most
        // lines say no kind of kept list and no "list" (which `keptList`, and `listFor` and
        // what follows, each need), then the word looked up by its key.
        if keptListKinds.mayMeet(s.keyBits), let kept = keptList(s) { return kept }
        guard listWord.mayMeet(s.keyBits) else { return nil }
        if let purpose = listFor(s) { return purpose }
        guard let list = (s.body.lowerBound + 1..<s.body.upperBound).first(where: { s.word($0, isIn: listWord) && s.word($0 + 1) != "of" }),
              s.word(list - 1, isIn: Vocabulary.listKinds) || s.word(list - 1).hasPrefix("to-") || labelsItems(s, list: list),
              !s.isInDate(list - 1) else { return nil }
        var first = list - 1
        // "the to do list", "a to order list": "to" with the verb.
        if s.word(first - 1) == "to", !s.isInDate(first - 1), first - 1 > s.body.lowerBound { first -= 1 }
        let words = (first..<list).map { s.word($0) } + ["list"]
        return Mention(tokens: first..<(list + 1), name: words.joined(separator: "-") + ".txt")
    }

    /// "kit list: shin pads, boots", "my revision list: maths, physics": a list of any kind
    /// opening the line, its items after a colon — a word no rule knows before "list" (not
    /// "contact list", "meeting list").
    static func labelsItems(_ s: Sentence, list: Int) -> Bool {
        var first = s.body.lowerBound
        while first < list - 1, s.word(first, isIn: listLabelLeads) { first += 1 }
        return first == list - 1 && s.kind(first) == .word && s.tokens[first].classes.isEmpty && list + 1 < s.body.upperBound
            && colonFollows(s, token: list)
    }
    /// What may come before a list's name that opens a line ("my kit list: …").
    static let listLabelLeads: WordSet = ["my", "our", "the", "a"]

    /// True when tokens `start...end` open the line as a label: nothing before them but
    /// `listLabelLeads`, a colon after `end`, and words after the colon ("todo: call bob", "my
    /// shopping: eggs").
    static func opensAsLabel(_ s: Sentence, from start: Int, through end: Int) -> Bool {
        (s.body.lowerBound..<start).allSatisfy { s.word($0, isIn: listLabelLeads) } && colonFollows(s, token: end)
            && ((end + 1)..<s.body.upperBound).contains { !s.tokens[$0].isMark }
    }

    /// What comes before a kind of list that is wanted, not yet made ("keep a reading list").
    static let wantedListLeads: Set<String> = [
        "keep a", "keep a new", "keep another", "i need a", "i need a new", "i need another", "i want a", "i want a new",
        "i'd like a", "id like a", "i would like a", "we need a", "we need a new", "i want another",
    ]

    /// "keep a reading list", "i need a packing list", "can you keep a reading list for me"
    /// ("can you" is politeness, skipped): the list, to be made as "make a reading list"
    /// makes it; nil for any other line ("i need the packing list" is the one there is).
    static func wantedList(_ s: Sentence) -> Mention? {
        guard s.word(s.body.lowerBound) == "keep" || s.word(s.body.lowerBound) == "i" || s.word(s.body.lowerBound) == "we" || s.word(s.body.lowerBound) == "id",
              let list = listFile(s), list.tokens.lowerBound > s.body.lowerBound else { return nil }
        let lead = (s.body.lowerBound..<list.tokens.lowerBound).map { String(s.word($0)) }.joined(separator: " ")
        guard wantedListLeads.contains(lead) else { return nil }
        var end = s.body.upperBound
        while end > list.tokens.upperBound, s.tokens[end - 1].isMark { end -= 1 }
        let rest = (list.tokens.upperBound..<end).map { String(s.word($0)) }.joined(separator: " ")
        return ["", "for me", "please", "too", "as well", "also"].contains(rest) ? list : nil
    }

    /// "make a list", "start a new list", "create a new document", "new list": a new file
    /// with nothing said of it (its name is asked).
    static func isBareNewFile(_ s: Sentence) -> Bool {
        var i = s.body.lowerBound
        guard s.word(i, isIn: createVerbs) else { return false }
        if s.word(i) != "new" { i += 1 }
        while ["a", "an", "new", "another"].contains(s.word(i)) { i += 1 }
        var end = s.body.upperBound
        while end > i, s.tokens[end - 1].isMark { end -= 1 }
        // ("make a list for me", "start a new list please".)
        if end > i + 1, s.word(end - 1, isIn: ["please", "now"]) { end -= 1 }
        if end > i + 2, s.word(end - 2, is: "for"), s.word(end - 1, isIn: ["me", "us"]) { end -= 2 }
        return end == i + 1 && ["list", "document", "doc", "checklist"].contains(s.word(i))
    }

    /// Verbs that start a new list ("make a list for the party").
    static let newListVerbs: WordSet = ["make", "start", "create", "begin", "keep"]
    static let keepWord: WordSet = ["keep"]
    static let ownListWords: WordSet = ["my", "the", "our"]
    static let onOrIn: WordSet = ["on", "in"]
    /// Words opening a clause after what a list holds ("books i want to read", "gifts we
    /// still need"): the list's name ends before them.
    static let clauseOpeners: WordSet = ["i", "we", "i'd", "i'm", "id", "im", "which", "you"]

    /// "make a list for the party", "start a list for my trip": a new list named by what it
    /// is for, the last word of the line (party-list.txt, trip-list.txt).
    static func listFor(_ s: Sentence) -> Mention? {
        var last = s.body.upperBound - 1
        while last > s.body.lowerBound, s.tokens[last].isMark { last -= 1 }
        let head = s.body.lowerBound
        if let of = listOf(s) { return of }
        guard s.word(head, isIn: newListVerbs), s.word(head + 1) == "a" || s.word(head + 1) == "new", s.word(head + 2) == "list",
              s.word(head + 3) == "for", s.kind(last) == .word, !s.isInDate(last), !s.word(last, isIn: notWhatFor) else { return nil }
        var first = head + 4
        while first < last, s.word(first, isIn: ["the", "my", "our"]) { first += 1 }
        guard first == last else { return nil }
        return Mention(tokens: (head + 2)..<(last + 1), name: s.word(last) + "-list.txt")
    }

    /// Words after "a list for" that say whom it is for, not what ("make a list for me").
    static let notWhatFor: WordSet = ["me", "us", "myself", "ourselves", "it", "this", "that", "them", "him", "her", "now", "later", "today"]

    /// "make a list of clients to call", "start a new list of books to read": a new list
    /// named by what it holds (clients-to-call.txt), up to "with" and its items. Not a list
    /// of events or contacts ("make a list of my meetings"), nor with a date.
    static func listOf(_ s: Sentence) -> Mention? {
        let head = s.body.lowerBound
        guard s.word(head, isIn: newListVerbs), s.word(head + 1) == "a" else { return nil }
        var list = head + 2
        if s.word(list) == "new" { list += 1 }
        guard s.word(list) == "list", s.word(list + 1) == "of" else { return nil }
        var end = s.first(in: contentWords, from: list + 2) ?? s.body.upperBound
        if let clause = s.first(in: clauseOpeners, from: list + 3), clause < end { end = clause }
        // ("a list of gift ideas for me": whom it is for is no part of its name.)
        if end - 2 > list + 2, s.word(end - 2, is: "for"), s.word(end - 1, isIn: notWhatFor) { end -= 2 }
        while end > list + 2, s.tokens[end - 1].isMark { end -= 1 }
        let words = (list + 2)..<end
        // (An event's noun after "to" is a verb: "clients to call".)
        guard (1...5).contains(words.count), !s.word(words.lowerBound, isIn: Vocabulary.determiners), !["my", "our", "your"].contains(s.word(words.lowerBound)),
              words.allSatisfy({ s.kind($0) == .word && !s.isInDate($0) && !(s.isA($0, .eventNoun) && s.word($0 - 1) != "to" && !["things", "stuff", "items"].contains(s.word($0)))
                  && !["contacts", "contact", "birthdays", "files"].contains(s.word($0)) })
        else { return nil }
        return Mention(tokens: list..<end, name: words.map { String(s.word($0)) }.joined(separator: "-") + ".txt")
    }

    /// "add milk to groceries", "put sunscreen on my packing": a list said by its kind alone,
    /// last, after an adding verb and "to"/"on", or opening the line before a colon — its
    /// file, groceries.txt (made when missing, after a yes). Only kinds that are never an
    /// event ("add Ana to the party" is a guest).
    static func keptList(_ s: Sentence) -> Mention? {
        // "todo: call the butcher", "my shopping: eggs, flour": the kind as the label the line
        // opens with, its items after the colon.
        var label = s.body.lowerBound
        while s.word(label, isIn: listLabelLeads) { label += 1 }
        if s.word(label, isIn: keptListKinds), opensAsLabel(s, from: label, through: label) {
            return Mention(tokens: label..<(label + 1), name: s.word(label) + ".txt")
        }
        var last = s.body.upperBound - 1
        while last > s.body.lowerBound, s.tokens[last].isMark { last -= 1 }
        guard s.word(s.body.lowerBound, isIn: appendVerbs), s.word(last, isIn: keptListKinds), !s.isInDate(last) else { return nil }
        var before = last - 1
        while before > s.body.lowerBound + 1, s.word(before, isIn: ["my", "the", "our"]) { before -= 1 }
        guard before > s.body.lowerBound + 1, s.word(before, isIn: toWords) else { return nil }
        return Mention(tokens: last..<(last + 1), name: s.word(last) + ".txt")
    }

    /// "show my lists", "what lists do I have", "my lists": the person's files, where lists
    /// are kept (one list named by its kind is that file).
    static func asksForLists(_ s: Sentence) -> Bool {
        // The word seen from its key (`has` of a `WordSet`): compared as a string, "lists" cost
        // a comparison for every word of every line.
        guard s.has(listsWord) else { return false }
        return s.body.allSatisfy { s.tokens[$0].isMark || s.word($0, isIn: listsFrame) }
    }

    static let listsFrame: WordSet = ["what", "whats", "what's", "which", "show", "me", "my", "all", "lists", "do", "i", "have",
                                      "are", "the", "list", "of", "see", "open", "got", "read"]

    static let keptListKinds: WordSet = ["shopping", "grocery", "groceries", "todo", "to-do", "todos", "packing", "chores"]
    static let toWords: WordSet = ["to", "on", "onto"]

    /// The file name typed around token `at`, every character kept: the run of text up to
    /// white space on either side, so that what the tokens leave out stays ("../x.txt" was
    /// read as "x.txt", "émoji😀.txt" as "émoji", "-rf" as "rf"), without the punctuation
    /// that ends a sentence or comes before the content ("notes.txt:", "notes.txt,"); or, in
    /// quotes, everything between them ("'quoted name.txt'" was read as "name.txt"). A name
    /// the store cannot take ("/", "..") is then refused, not changed. The mention covers
    /// every token inside.
    static func typedName(_ s: Sentence, around at: Int) -> Mention {
        let text = s.text
        var start = s.tokens[at].range.lowerBound, end = s.tokens[at].range.upperBound
        while start > text.startIndex, !text[text.index(before: start)].isWhitespace { start = text.index(before: start) }
        while end < text.endIndex, !text[end].isWhitespace { end = text.index(after: end) }
        var name = text[start..<end]
        if let quoted = quotedName(in: text, around: start..<end) {
            (start, end) = (quoted.outer.lowerBound, quoted.outer.upperBound)
            name = text[quoted.inner]
        } else {
            // Punctuation that ends the sentence or the name's phrase, and brackets around
            // it, but not a name that is only dots (".." is refused as itself).
            func hasLetters(_ text: Substring) -> Bool { text.contains { $0.isLetter || $0.isNumber } }
            while let last = name.last, ".,;:!?".contains(last) || closingQuotes.contains(last), hasLetters(name.dropLast()) { name = name.dropLast() }
            while let first = name.first, openingQuotes.keys.contains(first), hasLetters(name.dropFirst()) { name = name.dropFirst() }
            if name.first == "(", name.last == ")", name.count > 2 {
                name = name.dropFirst().dropLast()
            } else if name.first == "(", !name.contains(")") {
                name = name.dropFirst()
            } else if name.last == ")", !name.contains("(") {
                name = name.dropLast()
            }
        }
        let tokens = s.tokens.indices.filter { s.tokens[$0].range.lowerBound >= start && s.tokens[$0].range.upperBound <= end }
        let covered = (tokens.first ?? at)..<((tokens.last ?? at) + 1)
        return Mention(tokens: covered, name: String(name))
    }

    /// Quotes that open a name, each with the one that closes it.
    static let openingQuotes: [Character: Character] = ["'": "'", "\"": "\"", "“": "”", "‘": "’"]
    static let closingQuotes: Set<Character> = ["'", "\"", "”", "’"]

    /// A name in quotes that the run `chunk` (text between white space) begins or ends:
    /// the quotes' range and what they hold, when the opening quote starts a word and the
    /// closing one ends one; nil otherwise.
    static func quotedName(in text: String, around chunk: Range<String.Index>) -> (outer: Range<String.Index>, inner: Range<String.Index>)? {
        func startsAWord(_ i: String.Index) -> Bool { i == text.startIndex || text[text.index(before: i)].isWhitespace }
        func endsAWord(_ i: String.Index) -> Bool {
            let after = text.index(after: i)
            return after == text.endIndex || text[after].isWhitespace || ".,;:!?".contains(text[after])
        }
        // The opening quote: the chunk's first character, or the nearest word-starting quote
        // before it when the chunk ends with a closing one.
        var open: String.Index?
        if let first = text[chunk].first, openingQuotes[first] != nil {
            open = chunk.lowerBound
        } else if text[chunk].contains(where: closingQuotes.contains) {
            var i = chunk.lowerBound
            while i > text.startIndex {
                i = text.index(before: i)
                if openingQuotes[text[i]] != nil, startsAWord(i) { open = i; break }
            }
        }
        guard let open, let close = openingQuotes[text[open]] else { return nil }
        var i = text.index(after: open)
        while i < text.endIndex {
            if text[i] == close, endsAWord(i), i > text.index(after: open) {
                return (open..<text.index(after: i), text.index(after: open)..<i)
            }
            i = text.index(after: i)
        }
        return nil
    }

    /// The text typed for tokens `range`, from just after the token before it to just before
    /// the token after it, white space trimmed: characters no token holds stay ("ESC[2J"
    /// lost its ESC and "[" when the text began at the first token).
    static func typed(_ s: Sentence, _ range: Range<Int>) -> Substring {
        guard !range.isEmpty else { return "" }
        let start = range.lowerBound > 0 ? s.tokens[range.lowerBound - 1].range.upperBound : s.text.startIndex
        let end = range.upperBound < s.tokens.count ? s.tokens[range.upperBound].range.lowerBound : s.text.endIndex
        return Substring(s.text[start..<end].trimmingSpaces())
    }

    /// The token of the first file name ("notes.txt"); else of the first word glued to
    /// characters no token keeps in a run of text that ends in an extension ("émoji😀.txt",
    /// which the split cuts at the emoji).
    static func fileNameIndex(_ s: Sentence) -> Int? {
        // Kinds read where they lie (`s.tokens[i].kind` copied each term).
        for i in s.body where s.kind(i) == .fileName { return i }
        return cutFileNameIndex(s)
    }

    /// The first word of a file name the split cut ("émoji😀.txt"): only a line with a byte
    /// beyond ASCII is looked at Character by Character (the classifier asks every line).
    static func cutFileNameIndex(_ s: Sentence) -> Int? {
        let text = s.text
        guard text.utf8.withContiguousStorageIfAvailable({ $0.contains { $0 >= 0x80 } }) ?? true else { return nil }
        for i in s.body where s.kind(i) == .word {
            let end = s.tokens[i].range.upperBound
            guard end < text.endIndex, !text[end].isWhitespace,
                  i + 1 == s.tokens.count || s.tokens[i + 1].range.lowerBound != end else { continue }
            var chunkEnd = end
            while chunkEnd < text.endIndex, !text[chunkEnd].isWhitespace { chunkEnd = text.index(after: chunkEnd) }
            let chunk = text[s.tokens[i].range.lowerBound..<chunkEnd].reversed().drop { ".,;:!?".contains($0) }
            let ext = chunk.prefix { $0 != "." }
            if ext.count < chunk.count, (1...5).contains(ext.count), ext.allSatisfy(\.isLetter) { return i }
        }
        return nil
    }

    /// A known file named without its extension: "show todo", "read groceries", "delete the
    /// todo file", "append milk to todo", "add eggs to the grocery list", "add a note to
    /// groceries: eggs". Its words end the sentence (or come before a colon), after a verb of
    /// reading, deleting, renaming or adding at the head.
    static func knownFile(_ s: Sentence, known: Names) -> Mention? {
        guard !known.fileNames.isEmpty, s.body.count >= 2 else { return nil }
        let head = s.body.lowerBound
        // "rename groceries to shopping": the file comes right after the verb.
        if s.word(head, isIn: Vocabulary.renameVerbs) || s.word(head, isIn: copyVerbs) {
            var at = head + 1
            while ["the", "my", "file"].contains(s.word(at)) { at += 1 }
            // "copy todo to todo-old", "duplicate todo": the file right after the verb too.
            let joinerOrEnd = s.word(at + 1, isIn: Vocabulary.renameJoiners) || (s.word(head, isIn: copyVerbs) && at + 1 == s.body.upperBound)
            if at < s.body.upperBound, joinerOrEnd, let name = known.file(stem: s.word(at)) {
                return Mention(tokens: at..<(at + 1), name: name)
            }
            // "rename meeting notes to minutes" with meeting-notes.txt: a stem of two words.
            if at + 1 < s.body.upperBound, s.word(at + 2, isIn: Vocabulary.renameJoiners) || (s.word(head, isIn: copyVerbs) && at + 2 == s.body.upperBound),
               let name = known.file(stem: s.word(at) + "-" + s.word(at + 1)) ?? known.file(stem: s.word(at) + "_" + s.word(at + 1)) {
                return Mention(tokens: at..<(at + 2), name: name)
            }
            return nil
        }
        // Where the name may end: before a colon ("add a note to groceries: eggs", "todo: call
        // bob"), before what a line says ("add a line to todo saying call bob"), else last.
        if s.text.utf8.contains(UInt8(ascii: ":")),
           let colon = (head..<s.body.upperBound).first(where: { s.tokens[$0].range.upperBound < s.text.endIndex && s.text[s.tokens[$0].range.upperBound] == ":" }),
           colon + 1 < s.body.upperBound, let found = knownFile(s, known: known, endingAt: colon) {
            return found
        }
        if s.word(head, isIn: appendVerbs), let said = s.first(in: sayingWords, from: head + 2) {
            let cut = s.word(said - 1) == "that" || s.word(said - 1) == "which" ? said - 2 : said - 1
            if cut > head, let found = knownFile(s, known: known, endingAt: cut) { return found }
        }
        return knownFile(s, known: known, endingAt: s.body.upperBound - 1)
    }

    /// Words after which a line's own text is said ("a line saying call bob", "an item that
    /// reads oat milk").
    static let sayingWords: WordSet = ["saying", "says", "reading", "reads"]

    static let fileNounsAfterName: WordSet = ["file", "list", "note", "doc", "document"]

    /// `knownFile` with the name's last word at `end` (or "file"/"list" after it there).
    static func knownFile(_ s: Sentence, known: Names, endingAt end: Int) -> Mention? {
        let head = s.body.lowerBound
        var last = end
        // ("add a kettle to my ideas note", "the budget doc": a file noun after the name.)
        let saysFile = s.word(last, isIn: fileNounsAfterName)
        if saysFile, last - 1 > head { last -= 1 }
        // A stem of two words ("shopping list" for shopping-list.txt) or one.
        var found: (Range<Int>, String)?
        if last - 1 > head, s.word(last, isIn: known.twoWordStemEnds),
           let name = known.file(stem: s.word(last - 1) + "-" + s.word(last)) ?? known.file(stem: s.word(last - 1) + "_" + s.word(last)) {
            found = ((last - 1)..<(last + 1), name)
        } else if s.word(last + 1) == "list", known.twoWordStemEnds.contains("list"), let name = known.file(stem: s.word(last) + "-list") {
            found = (last..<(last + 2), name)
        } else if let name = known.file(stem: s.word(last)) {
            found = (last..<(last + 1), name)
        } else if let name = known.file(stem: s.word(last) + "-list") {
            // "add bread to shopping", "show shopping", "shopping: eggs" with shopping-list.txt.
            found = (last..<(last + 1), name)
        }
        guard let (tokens, name) = found else { return nil }
        let stem = s.tokens[tokens.lowerBound]
        let verb = s.word(head)
        // "delete the meeting" is about an event even with a meeting.txt: an event or
        // calendar word, or a date, names the file only with "file" after it — but asked to
        // be shown or read, with no date said, a file of that very name is the file ("show
        // tasks", "what's in tasks" with tasks.txt).
        let readsIt = (readVerbs.contains(verb) || Vocabulary.questionWords.contains(verb)) && !s.body.contains(where: { s.isInDate($0) })
        // (A stem of two words, "meeting notes" for meeting-notes.txt, is the file's though its
        // first word is an event's.)
        guard saysFile || readsIt && !stem.isInDate || tokens.count > 1 && !stem.isInDate
                || (!stem.isInDate && !stem.is([.eventNoun, .calendarNoun, .listingNoun]) && !stem.baseIs(.eventNoun)) else { return nil }
        let between = (head + 1)..<max(head + 1, tokens.lowerBound)
        // The mention takes "file"/"list" after the name along ("the todo file").
        let mention = Mention(tokens: tokens.lowerBound..<min(saysFile ? max(tokens.upperBound, last + 2) : tokens.upperBound, s.body.upperBound), name: name)
        if readVerbs.contains(verb) || Vocabulary.deleteVerbs.contains(verb) || Vocabulary.removePeopleVerbs.contains(verb)
            || Vocabulary.renameVerbs.contains(verb) || copyVerbs.contains(verb) {
            if between.allSatisfy({ ["the", "my", "file", "me", "our"].contains(s.word($0)) }) { return mention }
            // ("show all my notes": all of it, when it is read.)
            if readVerbs.contains(verb), between.allSatisfy({ s.word($0, isIn: beforeUsualName) }) { return mention }
        }
        // "add another idea: a gift guide" with ideas.txt: one more of what the file holds,
        // said before a colon and the line ("add a note: …" is a reminder, as it was).
        if appendVerbs.contains(verb), between.allSatisfy({ s.word($0, isIn: oneMoreWords) }), !s.word(tokens.lowerBound, isIn: notesWords), colonFollows(s, token: tokens.upperBound - 1),
           tokens.upperBound < s.body.upperBound {
            return mention
        }
        // "todo: call bob", "my ideas: a podcast about bees": a line said after the file's
        // name and a colon, nothing before the name but "my" or "the" — with a day in it only
        // for a list (with work.txt, "work: review with ana at 3" is an event). ("notes: …"
        // stays the shown event's notes, or nothing.)
        if opensAsLabel(s, from: tokens.lowerBound, through: end), !s.word(tokens.lowerBound, isIn: notesWords),
           isListName(name) || !((end + 1)..<s.body.upperBound).contains(where: { s.isInDate($0) }) {
            return mention
        }
        // "add milk to groceries", "remove milk from the grocery list", "what's in my todo list".
        var before = tokens.lowerBound - 1
        while before > head, ["the", "my", "our"].contains(s.word(before)) { before -= 1 }
        // ("what's on my shopping list": "on" with "list" or "file" after the name.)
        if ["to", "into", "onto", "from", "off", "in", "of"].contains(s.word(before)) || (saysFile && s.word(before) == "on"), before > head,
           appendVerbs.contains(verb) || Vocabulary.deleteVerbs.contains(verb) || Vocabulary.removePeopleVerbs.contains(verb)
            || crossVerbs.contains(verb) || verb == "mark" || Vocabulary.questionWords.contains(verb) || readVerbs.contains(verb) || replaceVerbs.contains(verb) {
            return mention
        }
        return nil
    }

    /// What may come between "add" and a file's stem said as one more of its lines.
    static let oneMoreWords: WordSet = ["another", "a", "an", "one", "more", "new", "my", "the", "our"]

    /// Reads the slots of a file request the classifier recognised.
    static func read(_ s: Sentence, rule: FileRule, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        let body = s.body
        var file = mention(s, known: known)
        if rule == .create, let wanted = wantedList(s) { file = wanted }
        if file == nil, rule == .create, createsNamedFile(s), let at = namedFile(s) {
            // "a note called shopping ideas": every word of the name, joined as list files are.
            // ("a list called gifts: mum - scarf, dad - book": the name ends at the colon.)
            var end = s.first(in: contentWords, from: at) ?? body.upperBound
            if let colon = (at..<end).first(where: { colonFollows(s, token: $0) }), colon + 1 < end { end = colon + 1 }
            let words = (at..<end).filter { s.kind($0) != .mark }
            if let last = words.last { file = Mention(tokens: at..<(last + 1), name: words.map { String(s.text(of: $0..<($0 + 1))) }.joined(separator: "-")) }
        }
        // "list my notes", "what notes do I have": the person's notes file.
        if file == nil, rule == .read, let at = usualFileAsked(s, head: body.lowerBound) {
            file = Mention(tokens: at..<(at + 1), name: notesFile(known))
        }
        if file == nil, let at = namedFile(s) ?? (rule == .read ? s.body.upperBound - 1 : nil) {
            file = typedName(s, around: at)
        }
        // "restore groceries": a name no live file has, as said.
        if file == nil, rule == .restore, let said = TrashPhrases.nameSaid(s) {
            file = Mention(tokens: said, name: unquoted(s.text(of: said)))
        }
        let name = file?.name ?? ""
        if let file { slots.append(s.slot(.file, file.tokens, value: name, rule: "file-name")) }
        let fileAt = file?.tokens.lowerBound
        switch rule {
        case .delete:
            return .fileDelete(name: name)
        case .trash, .emptyTrash:
            return .fileTrash(emptying: rule == .emptyTrash)
        case .restore:
            return .fileWrite(FileWrite(name: name, operation: .restore))
        case .deleteWithOtherVerb:
            // Only "delete" and "trash" delete a file: ask, with the line that would.
            return .outOfScope(OutOfScope(didYouMean: "delete " + name))
        case .read:
            return .fileRead(name: name)
        case .lines:
            return .fileLines(name: name, linePick(s, before: fileAt ?? body.upperBound) ?? .count)
        case .search:
            if let file, let range = linesWith(s, file: file) {
                let text = unquoted(s.text(of: range))
                slots.append(s.slot(.content, range, value: text, rule: "search-text"))
                return .fileSearch(text: text, file: name)
            }
            if let file, let verb = s.first(in: mentionVerbs, from: file.tokens.upperBound) {
                var end = body.upperBound
                while end > verb + 1, s.tokens[end - 1].isMark || s.matches(["in", "it"], at: end - 2) && end - 2 > verb { end -= s.tokens[end - 1].isMark ? 1 : 2 }
                let range = (verb + 1)..<end
                let text = unquoted(s.text(of: range))
                slots.append(s.slot(.content, range, value: text, rule: "search-text"))
                return .fileSearch(text: text, file: name)
            }
            let range = wroteAbout(s) ?? s.first(in: searchNouns).flatMap { searchRange(s, noun: $0) } ?? body
            let text = unquoted(s.text(of: range))
            slots.append(s.slot(.content, range, value: text, rule: "search-text"))
            return .fileSearch(text: text, file: nil)
        case .copy:
            // "copy todo.txt to todo-old.txt"; with no new name, "todo copy.txt".
            var newName = ""
            if let file, let to = s.first(in: ["to", "as", "into", "called", "named"], from: file.tokens.upperBound), to + 1 < body.upperBound {
                let range = (to + 1)..<body.upperBound
                newName = unquoted(typed(s, range))
                slots.append(s.slot(.name, range, value: newName, rule: "copy-name"))
            }
            return .fileWrite(FileWrite(name: name, operation: .copy(to: newName)))
        case .prepend:
            // "insert eggs at the top of shopping.txt": the words between the verb and "at the top".
            let start = route.command.upperBound
            let end = topPhrase(s, before: fileAt ?? body.upperBound) ?? body.upperBound
            let items = start < end ? lines(s, start..<end) : []
            if start < end { slots.append(s.slot(.content, start..<end, value: items.joined(separator: "|"), rule: "file-lines")) }
            return .fileWrite(FileWrite(name: name, operation: .prepend(lines: items)))
        case .removeLineNumbers:
            return .fileWrite(FileWrite(name: name, operation: .removeLineNumbers(lineNumbers(s, before: fileAt ?? body.upperBound) ?? [])))
        case .list:
            // "files with budget in the name", "files named budget", "files about taxes".
            var filter: Range<Int>?
            if let w = s.first(in: ["with", "containing", "named", "called", "matching", "about", "like", "for"]) {
                var end = body.upperBound
                if let tail = s.first(of: FilePhrases.nameSuffixes, from: w) {
                    end = tail.index
                }
                if w + 1 < end { filter = (w + 1)..<end }
            }
            if let filter {
                let value = unquoted(s.text(of: filter))
                slots.append(s.slot(.content, filter, value: value, rule: "file-filter"))
                return .fileList(nameContains: value)
            }
            return .fileList(nameContains: nil)
        case .rename:
            // "rename groceries.txt to shopping.txt", "rename the file notes as ideas".
            let to = s.first(in: Vocabulary.renameJoiners, from: file?.tokens.upperBound ?? body.lowerBound) ?? body.upperBound
            let range = (to + 1)..<body.upperBound
            let newName = range.isEmpty ? "" : unquoted(typed(s, range))
            if !range.isEmpty { slots.append(s.slot(.name, range, value: newName, rule: "new-file-name")) }
            return .fileWrite(FileWrite(name: name, operation: .rename(to: newName)))
        case .clear:
            return .fileWrite(FileWrite(name: name, operation: .clear))
        case .tickOff:
            // "tick off eggs", "mark the milk as done": the items, past "the" or "my".
            guard let tick = tickOff(s, before: fileAt ?? body.upperBound) else { return .fileWrite(FileWrite(name: name, operation: .removeLines([]))) }
            var start = tick.items.lowerBound
            while start < tick.items.upperBound, ["the", "my", "our"].contains(s.word(start)) { start += 1 }
            let items = start < tick.items.upperBound ? lines(s, start..<tick.items.upperBound) : []
            if !items.isEmpty { slots.append(s.slot(.content, start..<tick.items.upperBound, value: items.joined(separator: "|"), rule: "ticked-items")) }
            return .fileWrite(FileWrite(name: name, operation: .removeLines(items)))
        case .removeLines:
            // "remove milk from groceries.txt", "delete eggs and bread from the grocery list";
            // "delete the line about milk (from todo.txt)", "remove the milk line": milk.
            var start = route.command.upperBound
            if let about = lineAbout(s, from: start) { start = about }
            var end = fileAt ?? body.upperBound
            while end > start, s.word(end - 1, isIn: outOfWords) || ["the", "my", "our", "on"].contains(s.word(end - 1)) { end -= 1 }
            if end - start >= 2, s.word(end - 1, isIn: lineWords), s.word(start, is: "the") { start += 1; end -= 1 }
            let items = start < end ? lines(s, start..<end) : []
            if start < end { slots.append(s.slot(.content, start..<end, value: items.joined(separator: "|"), rule: "file-lines")) }
            return .fileWrite(FileWrite(name: name, operation: .removeLines(items)))
        case .replace:
            // "replace A with B in F", "in F replace A with B", "change A to B in F".
            let start = (s.first(in: replaceVerbs) ?? body.lowerBound) + 1
            let joiner = s.first(in: ["with", "by"], from: start) ?? s.first(in: ["to"], from: start) ?? body.upperBound
            var newEnd = body.upperBound
            if let fileAt, fileAt > joiner {
                newEnd = fileAt
                if ["in", "inside", "within", "of", "on"].contains(s.word(newEnd - 1)) { newEnd -= 1 }
            }
            var oldEnd = joiner
            if let fileAt, fileAt < joiner, fileAt >= start { oldEnd = fileAt; if ["in", "of"].contains(s.word(oldEnd - 1)) { oldEnd -= 1 } }
            let old = start < oldEnd ? unquoted(s.text(of: start..<oldEnd)) : ""
            let new = joiner + 1 < newEnd ? unquoted(s.text(of: (joiner + 1)..<newEnd)) : ""
            if start < oldEnd { slots.append(s.slot(.content, start..<oldEnd, value: old, rule: "replace-old")) }
            if joiner + 1 < newEnd { slots.append(s.slot(.replacement, (joiner + 1)..<newEnd, value: new, rule: "replace-new")) }
            return .fileWrite(FileWrite(name: name, operation: .replace(old: old, new: new)))
        case .create:
            // "create a file todo.txt with buy milk", "new file todo.txt: buy milk".
            var content = ""
            // A list made with its items ("make a todo list with call mom, pay rent and buy
            // stamps", "a list called gifts: scarf, book"): one line each, as when they are
            // added to it.
            let isList = isListName(name) || s.has(listWords)
            // What follows "with" ("… with buy milk"), or a colon after the name ("…: buy milk").
            var said: (range: Range<Int>, afterColon: Bool)?
            if let file, let w = s.first(in: contentWords, from: file.tokens.upperBound), w + 1 < body.upperBound {
                said = ((w + 1)..<body.upperBound, false)
            } else if let file, file.tokens.upperBound < body.upperBound, afterColon(s, file) {
                said = (file.tokens.upperBound..<body.upperBound, true)
            }
            if let (range, afterColon) = said {
                let items = isList ? lines(s, range, afterColon: afterColon) : []
                if isList, !afterColon || !items.isEmpty {
                    content = items.joined(separator: "\n")
                    slots.append(s.slot(.content, range, value: items.joined(separator: "|"), rule: "list-items"))
                } else {
                    content = unquoted(afterColon ? typed(s, range).drop { $0 == ":" || $0 == " " } : typed(s, range))
                    slots.append(s.slot(.content, range, value: content, rule: "file-content"))
                }
            }
            return .fileWrite(FileWrite(name: name, operation: .create(content: content)))
        case .append:
            return append(s, file: file, name: name, slots: &slots)
        case .note:
            let notes = notesFile(known)
            let range = route.command.upperBound..<body.upperBound
            // ("quick note - buy stamps", "note: call the plumber": the mark opens the note.)
            var said = typed(s, range).drop { $0 == ":" || $0 == " " }
            if let dash = said.first, "-–—".contains(dash), said.dropFirst().first == " " { said = said.dropFirst(2) }
            let line = unquoted(said)
            // "new note" alone: no line yet, asked for.
            if line.isEmpty { return .fileWrite(FileWrite(name: notes, operation: .append(lines: []))) }
            slots.append(s.slot(.content, range, value: line, rule: "note"))
            return .fileWrite(FileWrite(name: notes, operation: .append(lines: [line])))
        }
    }

    /// Words that say a file made is a list ("a list called gifts", "a checklist named trip").
    static let listWords: WordSet = ["list", "checklist"]
    static let listNameWords = ["list", "todo", "to-do", "todos", "groceries", "grocery", "shopping", "checklist", "packing"]

    /// True for a file named as a list ("todo-list.txt", "groceries.txt", "packing.md").
    static func isListName(_ name: String) -> Bool {
        let stem = name.lowercased().split(separator: ".").first.map(String.init) ?? ""
        return stem.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).contains { listNameWords.contains(String($0)) }
    }

    /// True when a colon follows the file's name ("groceries.txt: eggs").
    static func afterColon(_ s: Sentence, _ file: Mention) -> Bool { colonFollows(s, token: file.tokens.upperBound - 1) }

    /// True when a colon follows token `token` ("list: eggs", "groceries.txt: eggs").
    static func colonFollows(_ s: Sentence, token: Int) -> Bool {
        let after = s.text[s.tokens[token].range.upperBound...]
        return after.drop { $0 == " " }.hasPrefix(":") || after.prefix { !$0.isWhitespace }.hasSuffix(":")
    }

    /// "append call plumber to todo.txt", "add eggs, milk and bread to todo.txt", "write hello
    /// in notes.txt", "add a note to groceries.txt: eggs".
    static func append(_ s: Sentence, file: Mention?, name: String, slots: inout [Slot]) -> Intent {
        let body = s.body
        var content: [String] = []
        var start = body.lowerBound + 1
        // "jot down …", "write up …": the verb's particle is no part of the line.
        if ["down", "up"].contains(s.word(start)), start + 1 < body.upperBound { start += 1 }
        if let file, file.tokens.upperBound < body.upperBound, afterColon(s, file) {
            // After a colon: what comes before the file only said what it is ("a note").
            var from = file.tokens.upperBound
            while from < body.upperBound, s.tokens[from].isMark { from += 1 }
            if from < body.upperBound {
                content = lines(s, from..<body.upperBound, afterColon: true)
                slots.append(s.slot(.content, from..<body.upperBound, value: content.joined(separator: "|"), rule: "file-content"))
            }
        } else if let file, let said = lineSaid(s, from: start, file: file) {
            // "add a line to todo saying call bob", "add an item that says oat milk to the list".
            content = lines(s, said)
            slots.append(s.slot(.content, said, value: content.joined(separator: "|"), rule: "file-content"))
        } else if let file, file.tokens.lowerBound > start {
            var end = file.tokens.lowerBound
            while end > start, s.word(end - 1, isIn: wordsBeforeFile) { end -= 1 }
            if start < end {
                content = lines(s, start..<end)
                slots.append(s.slot(.content, start..<end, value: content.joined(separator: "|"), rule: "file-content"))
            }
        } else if let file, file.tokens.upperBound < body.upperBound {
            // "append to todo.txt call plumber".
            let range = file.tokens.upperBound..<body.upperBound
            content = lines(s, range)
            slots.append(s.slot(.content, range, value: content.joined(separator: "|"), rule: "file-content"))
        }
        return .fileWrite(FileWrite(name: name, operation: .append(lines: content)))
    }

    /// What a line is said to say after `sayingWords`, when the words from `start` before it
    /// only name a line ("a line", "an item that", "a new entry to todo"): up to the file's
    /// name when that comes after, else to the end; nil otherwise.
    static func lineSaid(_ s: Sentence, from start: Int, file: Mention) -> Range<Int>? {
        guard let said = s.first(in: sayingWords, from: start), said > start else { return nil }
        let naming = (start..<said).filter { !file.tokens.contains($0) }
        guard naming.contains(where: { s.word($0, isIn: oneLineWords) }),
              naming.allSatisfy({ s.word($0, isIn: oneMoreWords) || s.word($0, isIn: oneLineWords) || s.word($0, isIn: lineNamingJoiners) }) else { return nil }
        var end = file.tokens.lowerBound > said ? file.tokens.lowerBound : s.body.upperBound
        while end > said + 1, s.tokens[end - 1].isMark || s.word(end - 1, isIn: wordsBeforeFile) { end -= 1 }
        return said + 1 < end ? (said + 1)..<end : nil
    }

    /// Words between a line's naming and its file ("a line *to* todo *that* says …").
    static let lineNamingJoiners: WordSet = ["to", "in", "into", "on", "onto", "that", "which", "file", "list", "at", "end", "of"]
    /// Words between what is added and the file it goes to ("milk *to the end of my* list").
    static let wordsBeforeFile: WordSet = ["to", "in", "into", "onto", "on", "at", "the", "end", "of", "file", "my", "our"]

    /// The items of `range` as lines: a list with commas is one line per item ("eggs, milk and
    /// bread"); without a comma the words are one line ("salt and pepper"). After a colon
    /// (`afterColon`, "add a note to todo.txt: eggs") the colon is no part of the first item.
    static func lines(_ s: Sentence, _ range: Range<Int>, afterColon: Bool = false) -> [String] {
        func item(_ items: Range<Int>) -> String {
            let text = typed(s, items)
            return unquoted(afterColon && items.lowerBound == range.lowerBound ? text.drop { $0 == ":" || $0 == " " } : text)
        }
        let whole = item(range)
        // Quoted, the text is one line as typed, commas and all ("append "- milk, jam" to …");
        // so is a label and its items ("pancakes: flour, eggs, milk").
        guard let comma = range.first(where: { s.word($0) == "," }), !isQuoted(typed(s, range)),
              !item(range.lowerBound..<comma).contains(":") else { return whole.isEmpty ? [] : [whole] }
        var items: [String] = []
        var start = range.lowerBound
        for i in range where s.word(i) == "," || (s.word(i) == "and" && !range[(i + 1)...].contains { s.word($0) == "," }) {
            if start < i { items.append(item(start..<i)) }
            start = i + 1
            if s.word(i) == ",", s.word(start) == "and" { start += 1 }
        }
        if start < range.upperBound { items.append(item(start..<range.upperBound)) }
        return items.filter { !$0.isEmpty }
    }

    /// "file todo" without an extension: the word after "file".
    /// "create a note called ideas", "start a new list named packing", "make a document
    /// titled plan": a file, made by a noun that names one only with a name said after it.
    static func createsNamedFile(_ s: Sentence) -> Bool {
        let head = s.body.lowerBound
        guard s.word(head, isIn: createVerbs), let at = s.first(in: namedFileNouns) ?? s.first(in: fileWord), at <= head + 3 else { return false }
        // ("make a file for client notes": named by what it is for.)
        let forWhat = s.word(at, isIn: fileWord) && s.word(at + 1, is: "for")
        if s.word(at, isIn: listWords) || namedBeforeColon(s, at), namesListBare(s, at) { return true }
        guard s.word(at + 1, isIn: namingWords) || forWhat else { return false }
        // "make a note called", "create a file named": the name is still to come (asked).
        if (at + 2..<s.body.upperBound).allSatisfy({ s.tokens[$0].isMark }) { return !forWhat }
        return (s.word(at, isIn: namedFileNouns) || s.word(at, isIn: fileWord)) && at + 2 < s.body.upperBound && !s.word(at + 2, isIn: namingWords)
    }

    /// "new list xmas", "create a list gifts: scarf, book": a list named with no "called", by
    /// a word right after it that is not the start of what the list is of or for ("a list of
    /// my events", "a list for tomorrow", "a list please"); no date in the line.
    static func namesListBare(_ s: Sentence, _ at: Int) -> Bool {
        let next = at + 1
        return next < s.body.upperBound && s.kind(next) == .word && !s.word(next, isIn: notListNames) && !s.word(next, isIn: namingWords)
            && !s.isInDate(next) && !s.body.contains { s.isInDate($0) } && !s.word(next, isA: .questionWord)
    }
    /// "new note shopping: eggs, bread": a note (or a document) named by the one word between
    /// it and a colon; without the colon the words after "note" are its text ("make a note
    /// call the plumber").
    static func namedBeforeColon(_ s: Sentence, _ at: Int) -> Bool {
        at + 2 < s.body.upperBound && s.kind(at + 1) == .word && EventFields.colon(s, from: at + 1, upTo: at + 2) != nil
    }

    static let notListNames: WordSet = ["of", "for", "with", "containing", "saying", "to", "in", "on", "and", "that", "which", "please", "about",
                                        "from", "by", "so", "now", "too", "as", "i", "we", "me", "my", "the", "a", "an", "it", "this", "called", "named"]

    static let fileWord: WordSet = ["file"]
    static let editVerbs: WordSet = ["edit", "modify", "update", "change"]

    static func namedFile(_ s: Sentence) -> Int? {
        // "a note called ideas", "a list named packing": those nouns name a file only so.
        if let at = s.first(in: namedFileNouns), s.word(at + 1, isIn: namingWords), at + 2 < s.body.upperBound,
           !s.word(at + 2, isIn: namingWords) {
            return at + 2
        }
        // "new list xmas" just after the verb.
        if let at = s.first(in: namedFileNouns), s.word(at, isIn: listWords) || namedBeforeColon(s, at), at <= s.body.lowerBound + 3,
           s.word(s.body.lowerBound, isIn: createVerbs), namesListBare(s, at) { return at + 1 }
        guard let at = s.first(in: ["file"]), at + 1 < s.body.upperBound else { return nil }
        var i = at + 1
        if ["called", "named"].contains(s.word(i)) { i += 1 }
        // "a file for client notes", "a file for my clients".
        if s.word(i) == "for" {
            i += 1
            while i + 1 < s.body.upperBound, ["the", "my", "our"].contains(s.word(i)) { i += 1 }
        }
        guard i < s.body.upperBound, !["with", "containing", "saying", "called", "named", "to", "in"].contains(s.word(i)) else { return nil }
        return i
    }

    /// True when `text` is wholly inside one pair of quotes.
    static func isQuoted(_ text: Substring) -> Bool {
        let t = text.trimmingSpaces()
        guard t.count >= 2, let first = t.first, let last = t.last else { return false }
        return (first == "\"" || first == "“") && (last == "\"" || last == "”") || first == "'" && last == "'"
    }

    /// Text without the quotes around it (a closing quote the sentence's end took is fine).
    static func unquoted(_ text: Substring) -> String {
        let quotes: Set<Character> = ["\"", "“", "”", "‘", "’"]
        var t = text.trimmingSpaces()[...]
        if let first = t.first, quotes.contains(first) || (first == "'" && t.last == "'") {
            t = t.dropFirst()
            if let last = t.last, quotes.contains(last) || last == "'" { t = t.dropLast() }
        }
        return String(t)
    }

    /// Verbs that take an item off a list with "off" ("cross off milk from shopping.txt").
    static let crossVerbs: WordSet = ["cross", "tick", "check", "strike", "scratch"]
    /// Words that say an item of a list is dealt with ("mark milk as done", "eggs are bought").
    static let doneWords: WordSet = ["done", "bought", "got", "complete", "completed", "finished", "checked", "ticked"]
    /// Who says an item is dealt with, and how ("I finished sapiens", "we got the napkins",
    /// "I've bought milk", "we picked up the cups").
    static let doneSubjects: WordSet = ["i", "we", "i've", "we've", "ive", "weve"]
    static let doneVerbs: WordSet = ["finished", "got", "bought", "read", "ordered", "picked", "completed", "done", "received"]
    /// Words before "with" that say the items after it are dealt with ("done with milk").
    static let doneWithWords: WordSet = ["done", "finished", "through"]
    /// Words before "paid" that say an item is settled ("globex has paid", "rent is paid").
    static let paidVerbs: WordSet = ["has", "have", "is", "are", "was", "got", "been"]
    /// Words between ticked-off items and the list named after them ("cross milk off my list").
    static let listJoiners: WordSet = ["from", "on", "in", "of", "the", "my", "our"]
    /// Words that stand for something said before, not for an item ("it is done", "all done").
    static let notItems: WordSet = ["it", "that", "this", "i", "we", "you", "everything", "all"]

    /// An item ticked off a list: the command's words and the items' (before `end`, where a
    /// list named after them starts). "tick off eggs", "cross off milk", "check off bread",
    /// "strike out jam", "cross milk off", "mark milk as done", "mark eggs done", "mark milk
    /// off", "milk is done", "eggs and bread are bought". "check out" is a visit ("check out
    /// the new bar"), "check my calendar" no tick, and "done" alone names nothing; "tick off"
    /// alone has no items (the session asks for them).
    static func tickOff(_ s: Sentence, before end: Int) -> (command: Range<Int>, items: Range<Int>)? {
        let head = s.body.lowerBound
        var last = end
        while last > head, s.tokens[last - 1].isMark || end < s.body.upperBound && s.word(last - 1, isIn: listJoiners) { last -= 1 }
        // "cross milk off my list", "tick eggs off the list": a list named by no name is the
        // one that holds the item.
        if last - 3 > head, s.word(last - 1) == "list", s.word(last - 2) == "my" || s.word(last - 2) == "the", s.word(last - 3) == "off" { last -= 2 }
        guard last > head else { return nil }
        let lastWord = s.word(last - 1)
        // "mark it as done", "check that off": something said before, not an item.
        func names(_ items: Range<Int>) -> Bool { items.isEmpty || !s.word(items.lowerBound, isIn: notItems) }
        if s.word(head, isIn: crossVerbs) {
            let checks = s.word(head) == "check"
            let particle = s.word(head + 1)
            if particle == "off" || particle == "out" && !checks, names(min(head + 2, last)..<last) {
                return (head..<(head + 2), min(head + 2, last)..<last)
            }
            if last - 1 > head + 1, lastWord == "off" || lastWord == "out" && !checks, names((head + 1)..<(last - 1)) {
                return (head..<(head + 1), (head + 1)..<(last - 1))
            }
            return nil
        }
        if s.word(head) == "mark", last - 1 > head + 1, lastWord == "off" || s.word(last - 1, isIn: doneWords) {
            let itemsEnd = s.word(last - 2) == "as" && last - 2 > head + 1 ? last - 2 : last - 1
            return names((head + 1)..<itemsEnd) ? (head..<(head + 1), (head + 1)..<itemsEnd) : nil
        }
        // "done with call plumber", "finished with the paint": the items after "with".
        if s.word(head, isIn: doneWithWords), s.word(head + 1, is: "with"), head + 2 < last, names((head + 2)..<last) {
            return (head..<(head + 2), (head + 2)..<last)
        }
        // ("i got to pick up the kids" is a thing to do.)
        if s.word(head, isIn: doneSubjects), s.word(head + 1, isIn: doneVerbs), !s.word(head + 2, is: "to") {
            var first = head + 2
            if s.word(first) == "up" { first += 1 }
            if s.word(first, isIn: ["the", "my", "our", "some"]) { first += 1 }
            return first < last && names(first..<last) ? (head..<first, first..<last) : nil
        }
        if last - 2 > head, s.word(last - 1, isIn: doneWords), s.word(last - 2) == "is" || s.word(last - 2) == "are",
           !s.word(head, isIn: notItems) {
            return ((last - 2)..<last, head..<(last - 2))
        }
        // "acme paid", "globex has paid", "the rent is paid": a bill or an invoice settled.
        if last - 1 > head, lastWord == "paid", !s.word(head, isIn: notItems) {
            let verb = s.word(last - 2, isIn: paidVerbs) && last - 2 > head ? last - 2 : last - 1
            return (verb..<last, head..<verb)
        }
        return nil
    }
    /// Verbs that copy a file.
    static let copyVerbs: WordSet = ["copy", "duplicate", "cp"]
    /// Verbs of a file's lines holding some text ("which file mentions milk").
    static let mentionVerbs: WordSet = ["mention", "mentions", "mentioning", "contain", "contains", "containing", "say", "says", "saying",
                                        "include", "includes", "including", "has", "have"]
    /// A line of a file, or an item of a list ("the second item of my todo list").
    static let lineWords: WordSet = ["line", "lines", "item", "items", "entry", "entries"]

    /// Where what a line holds starts in "the line about milk", "the lines with eggs", "any
    /// line that says call bob" read from `at`; nil when the words there say no such line.
    static func lineAbout(_ s: Sentence, from at: Int) -> Int? {
        var i = at
        if s.word(i, isIn: ["the", "a", "any", "every", "all"]) { i += 1 }
        guard s.word(i, isIn: lineWords) else { return nil }
        i += 1
        if s.word(i, isIn: ["that", "which"]) { i += 1 }
        guard s.word(i, isIn: ["about", "with", "containing", "mentioning", "saying", "says", "mentions", "contains", "for"]),
              i + 1 < s.body.upperBound else { return nil }
        return i + 1
    }
    static let oneLineWords: WordSet = ["line", "item", "entry"]
    /// Words that ask a file's size, and the words such a question is made of.
    static let sizeWords: WordSet = ["big", "large", "long", "size", "words", "word", "characters", "bytes"]
    static let sizeQuestionWords: WordSet = [
        "how", "big", "large", "long", "is", "what", "what's", "whats", "the", "size", "of", "file", "many", "words", "word",
        "count", "characters", "bytes", "are", "in", "there", "my",
    ]
    static let manyLineWords: WordSet = ["lines", "items", "entries"]
    static let ordinals: [String: Int] = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                                          "eighth": 8, "ninth": 9, "tenth": 10, "1st": 1, "2nd": 2, "3rd": 3]
    static let smallNumbers: [String: Int] = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                                              "nine": 9, "ten": 10, "a": 1]

    /// A count said at token `i`: digits up to 10,000, or a word up to ten.
    static func count(_ s: Sentence, _ i: Int) -> Int? {
        guard i >= s.body.lowerBound, i < s.body.upperBound else { return nil }
        if s.tokens[i].kind == .number { return Int(s.word(i)).flatMap { $0 > 0 && $0 <= 10_000 ? $0 : nil } }
        return smallNumbers[s.word(i)]
    }

    /// The lines asked for before the file (at `end`): "how many lines", "line 2", "the
    /// second line", "the last line", "the first 3 lines", "last three lines"; a line from
    /// the end is a negative number ("the last line" is -1).
    static func linePick(_ s: Sentence, before end: Int) -> LinePick? {
        // "how many books are on my reading list", "how many things in my todo list": its
        // lines counted, whatever they are called.
        let h = s.body.lowerBound
        // "how big is recipes.txt", "what's the size of todo.txt", "word count of notes.txt":
        // only such words before the file.
        if end > h, end - h <= 7, s.first(in: sizeWords, until: end) != nil,
           (h..<end).allSatisfy({ s.word($0, isIn: sizeQuestionWords) }) {
            return .size
        }
        if s.word(h) == "how", s.word(h + 1) == "many", end - h <= 7, s.first(in: lineWords, until: end) == nil,
           (h + 2..<end).contains(where: { s.word($0) == "on" || s.word($0) == "in" }) {
            return .count
        }
        guard let at = s.first(in: lineWords, until: end) else { return nil }
        if s.word(at - 1) == "many" && s.word(at - 2) == "how" || s.word(at - 1) == "count" || s.matches(["number", "of"], at: at - 2)
            || s.word(at - 1) == "the" && s.word(at - 2) == "count" {
            return .count
        }
        if s.word(at, isIn: oneLineWords), let n = count(s, at + 1), s.tokens[at + 1].kind == .number { return .number(n) }
        let before = s.word(at - 1)
        if s.word(at, isIn: oneLineWords) {
            if before == "last" || before == "bottom" { return .number(-1) }
            if before == "top" { return .number(1) }
            if let n = ordinals[before] { return s.word(at - 2) == "last" ? .number(-n) : .number(n) }
            if s.word(at - 2) == "the", let n = ordinals[s.word(at - 1)] { return .number(n) }
            return nil
        }
        // "lines": an amount before it, the end it is counted from before that.
        if let n = count(s, at - 1), s.word(at - 1) != "a" {
            let side = s.word(at - 2)
            if side == "last" || side == "bottom" || side == "final" { return .last(n) }
            return .first(n)
        }
        return nil
    }

    /// The line numbers a removal names before the file: one line as `linePick` reads it,
    /// or "lines 2 and 3", "lines 2, 4 and 5", "lines 2-4", "lines 2 to 4" (at most 1,000).
    static func lineNumbers(_ s: Sentence, before end: Int) -> [Int]? {
        if case .number(let n)? = linePick(s, before: end) { return [n] }
        guard let at = s.first(in: manyLineWords, until: end) else { return nil }
        var numbers: [Int] = []
        var i = at + 1
        while i < end {
            let w = s.word(i)
            if s.tokens[i].kind == .number {
                let parts = w.split(separator: "-").compactMap { Int($0) }
                if parts.count == 2, parts[0] > 0, parts[0] <= parts[1], parts[1] - parts[0] < 1_000 {
                    numbers += Array(parts[0]...parts[1])
                } else if let n = Int(w), n > 0, n <= 10_000 {
                    numbers.append(n)
                } else { return nil }
            } else if (w == "to" || w == "through" || w == "-"), let last = numbers.last, let next = Int(s.word(i + 1)), next >= last, next - last < 1_000 {
                numbers += Array((last + 1)...max(last + 1, next)).filter { $0 <= next }
                i += 1
            } else if !(w == "and" || w == ",") {
                break
            }
            i += 1
        }
        return numbers.isEmpty ? nil : numbers
    }

    static let topWords: WordSet = ["top", "start", "beginning", "front", "head"]

    /// Where "at the top of" / "to the start of" begins, before the file at `end`.
    static func topPhrase(_ s: Sentence, before end: Int) -> Int? {
        guard let top = s.first(in: topWords, until: end), s.word(top - 1) == "the", ["at", "to", "on", "in"].contains(s.word(top - 2)),
              top + 1 == end || s.word(top + 1) == "of" else { return nil }
        return top - 2
    }

    /// The text of "lines with X in F", "find the lines containing X in F", "lines of F that
    /// mention X": what follows "with" or a verb of mentioning after the word "lines".
    static func linesWith(_ s: Sentence, file: Mention) -> Range<Int>? {
        guard let lines = s.first(in: lineWords), !file.tokens.contains(lines) else { return nil }
        var verb = lines + 1
        if s.word(verb) == "of" || s.word(verb) == "in", verb + 1 == file.tokens.lowerBound { verb = file.tokens.upperBound }
        if ["that", "which", "where"].contains(s.word(verb)) { verb += 1 }
        guard s.word(verb, isIn: mentionVerbs) || s.word(verb) == "with" || s.word(verb) == "about" else { return nil }
        var end = verb < file.tokens.lowerBound ? file.tokens.lowerBound : s.body.upperBound
        while end > verb + 1, s.tokens[end - 1].isMark || ["in", "of", "from", "my", "the", "on"].contains(s.word(end - 1)) { end -= 1 }
        return verb + 1 < end ? (verb + 1)..<end : nil
    }

    /// True when the line searches the files' lines ("which file mentions the dentist").
    /// Nouns a search of the files is said with ("search my files for milk", "search my
    /// notes for the gate code", "which list mentions eggs").
    static let searchNouns: WordSet = ["file", "files", "documents", "docs", "notes", "lists", "list"]

    /// Verbs of writing something down ("what did I write about helen").
    static let writeDownVerbs: WordSet = ["write", "written", "wrote", "note", "noted", "jot", "jotted", "save", "saved", "keep", "kept"]

    /// "what did I write about helen", "what have I noted about the boiler", "did I write
    /// anything down about greenleaf": the words after "about", when the line is only that.
    static func wroteAbout(_ s: Sentence) -> Range<Int>? {
        let head = s.body.lowerBound
        guard s.word(head, isIn: wroteHeads), let about = s.first(in: aboutWords), about + 1 < s.body.upperBound, about - head <= 6,
              (head..<about).contains(where: { s.word($0, isIn: writeDownVerbs) }),
              (head..<about).allSatisfy({ s.word($0, isIn: writeDownVerbs) || s.word($0, isIn: wroteFrame) }) else { return nil }
        // ("what did I write on monday", "… on my calendar about ana": the agenda's.)
        guard !s.body.contains(where: { s.isInDate($0) || s.word($0, isA: .calendarNoun) }) else { return nil }
        var end = s.body.upperBound
        while end > about + 1, s.tokens[end - 1].isMark { end -= 1 }
        return (about + 1)..<end
    }

    static let wroteHeads: WordSet = ["what", "what's", "whats", "did", "have", "do"]
    static let aboutWords: WordSet = ["about", "on", "regarding"]
    static let wroteFrame: WordSet = ["what", "what's", "whats", "did", "have", "do", "i", "we", "anything", "down", "ever", "something"]

    static func asksToSearch(_ s: Sentence) -> Bool {
        guard let noun = s.first(in: searchNouns) else { return false }
        return searchRange(s, noun: noun) != nil
    }

    /// What a search of the files looks for: "search my files for milk", "search for milk in
    /// my files", "find milk in my files", "which file mentions milk", "files containing milk".
    static func searchRange(_ s: Sentence, noun: Int) -> Range<Int>? {
        let body = s.body
        let head = body.lowerBound
        func trimmed(_ r: Range<Int>) -> Range<Int>? {
            var (a, b) = (r.lowerBound, r.upperBound)
            while b > a, s.tokens[b - 1].isMark || ["in", "it", "them"].contains(s.word(b - 1)) && b - a > 1 { b -= 1 }
            while a < b, ["the", "word", "words", "text", "for"].contains(s.word(a)) && b - a > 1 { a += 1 }
            return a < b ? a..<b : nil
        }
        if let verb = s.first(in: mentionVerbs, from: noun + 1), verb <= noun + 2 || s.word(noun + 1) == "that",
           !(s.word(verb) == "has" || s.word(verb) == "have") || ["which", "what", "any"].contains(s.word(head)) {
            return trimmed((verb + 1)..<body.upperBound)
        }
        guard ["search", "grep", "find", "look"].contains(s.word(head)) else { return nil }
        if let w = s.first(in: ["for"], from: noun + 1) { return trimmed((w + 1)..<body.upperBound) }
        // "find milk in my files": the text between the verb and "in … files".
        var end = noun
        while end > head + 1, ["my", "the", "all", "in", "across", "through", "of"].contains(s.word(end - 1)) { end -= 1 }
        guard end < noun, ["in", "across", "through"].contains(where: { w in (end..<noun).contains { s.word($0) == w } }) else { return nil }
        return trimmed((head + 1)..<end)
    }
}
