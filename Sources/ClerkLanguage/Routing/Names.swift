import FoundationEssentials
internal import ClerkCore

/// The backend's names, folded once per line so rules compare words, not strings.
///
/// A class: every reader and rule of a line is handed the names, and a struct of seven
/// tables (each word set four arrays) was copied, retained and released at each hand-off.
final class Names: Sendable {
    /// Calendar names as the backend spells them.
    let calendars: [String]
    /// Each calendar's folded words, for matching it inside a sentence ("Book club").
    let calendarWords: [(name: String, words: [String])]
    /// Every folded word of every calendar's name.
    let calendarWordSet: WordSet
    /// The contacts' folded words, worked out the first time a rule asks: an address book
    /// of 50,000 names costs a tenth of a second to fold, and most lines never look.
    private let contactSets: ContactWordSets

    /// Every folded word of every contact's name ("ana", "perez").
    var contactWords: WordSet { contactSets.isEmpty ? Names.noWords : contactSets.value.words }
    /// Folded first words of contacts' names ("ana").
    var contactFirstNames: WordSet { contactSets.isEmpty ? Names.noWords : contactSets.value.firsts }
    /// The sets of an empty address book (`clerk parse` has none): taken without the lock
    /// and the copy of the built sets, which the rules asked for on every line.
    private static let noWords = WordSet([String]())
    /// Each folded word of the contacts' names as the address book spells it ("jose" → "José").
    func contactSpelling(of word: String) -> String? { contactSets.value.spelled[word] }

    /// The contact's first name `word` says with a possessive "s" and no apostrophe ("carlas"
    /// → "carla"): four letters or more, and no first name itself ("chris"); nil otherwise.
    func firstName(ofBarePossessive word: String) -> String? {
        guard word.utf8.count >= 4, word.hasSuffix("s"), !contactFirstNames.contains(word) else { return nil }
        let name = String(word.dropLast())
        return contactFirstNames.contains(name) ? name : nil
    }

    /// The files by their folded names without the extension ("todo" → "todo.txt"), so
    /// "read todo" finds the file a person did not spell out in full.
    let fileNames: [String: String]
    /// Every form a file's stem may be said in — itself, its singular or plural — to the
    /// file's name, made once ("grocery" and "groceries" → "groceries.txt").
    private let fileForms: [String: String]
    /// The last words of stems of two words ("list" of "shopping-list"), to try the word
    /// before only where one may end.
    let twoWordStemEnds: WordSet

    convenience init(_ known: KnownNames) {
        self.init(calendars: known.calendars, contacts: known.contacts, files: known.files)
    }

    init(calendars: [String], contacts: [String], files: [String] = []) {
        self.calendars = calendars
        var stems: [String: String] = [:]
        for name in files {
            let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? name[...]
            let key = Spelling.fold(String(stem.isEmpty ? name[...] : stem))
            if stems[key] == nil { stems[key] = name }
        }
        fileNames = stems
        var forms: [String: String] = [:]
        var ends: [String] = []
        for (stem, name) in stems {
            for form in Names.forms(of: stem) where forms[form] == nil { forms[form] = name }
            if let cut = stem.lastIndex(where: { $0 == "-" || $0 == "_" }) { ends.append(String(stem[stem.index(after: cut)...])) }
        }
        for (stem, name) in stems { forms[stem] = name }
        fileForms = forms
        twoWordStemEnds = WordSet(ends.sorted())
        calendarWords = calendars.map { name in (name, Term.split(name).filter { !$0.isMark }.map(\.word)) }
        calendarWordSet = WordSet(calendarWords.flatMap(\.words))
        contactSets = ContactWordSets(contacts)
    }

    /// The file a folded word names without its extension, in the singular or the plural
    /// ("grocery" and "groceries" both name groceries.txt); nil when none.
    func file(stem word: String) -> String? {
        fileForms.isEmpty || word.isEmpty ? nil : fileForms[word]
    }

    /// A stem and the forms it may be said in: plural and singular ("grocery", "groceries").
    static func forms(of stem: String) -> [String] {
        var forms = [stem, stem + "s", stem + "es"]
        if stem.hasSuffix("ies") { forms.append(String(stem.dropLast(3)) + "y") }
        if stem.hasSuffix("y") { forms.append(String(stem.dropLast()) + "ies") }
        if stem.hasSuffix("es") { forms.append(String(stem.dropLast(2))) }
        if stem.hasSuffix("s") { forms.append(String(stem.dropLast())) }
        return forms
    }

    /// The known calendar spelled `said`, ignoring case and accents.
    func calendar(named said: String) -> String? {
        let key = Spelling.fold(said)
        return calendarWords.first { $0.words.joined(separator: " ") == key }?.name
    }
}

/// The folded words of contact names, built once on first use and shared by copies of
/// `Names` (a class, so a session's one value folds once; locked, so it stays `Sendable`).
final class ContactWordSets: @unchecked Sendable {
    private let names: [String]
    /// No names: every set is empty.
    let isEmpty: Bool
    private let lock = Lock()
    private var built: (words: WordSet, firsts: WordSet, spelled: WordMap<String>)?

    init(_ names: [String]) {
        self.names = names
        isEmpty = names.isEmpty
    }

    var value: (words: WordSet, firsts: WordSet, spelled: WordMap<String>) {
        lock.withLock {
            if let built { return built }
            var words: [String] = [], firsts: [String] = [], spelled: [(String, String)] = []
            for contact in names {
                let terms = Term.split(contact).filter { !$0.isMark }
                // The first spelling of a word wins (WordMap keeps the first value given).
                for term in terms { spelled.append((term.word, String(contact[term.range]))) }
                words += terms.map(\.word)
                if let first = terms.first { firsts.append(first.word) }
            }
            let made = (WordSet(words), WordSet(firsts), WordMap(spelled))
            built = made
            return made
        }
    }
}
