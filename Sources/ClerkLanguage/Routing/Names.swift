internal import ClerkCore

/// The backend's names, folded once per line so rules compare words, not strings.
struct Names: Sendable {
    /// Calendar names as the backend spells them.
    let calendars: [String]
    /// Each calendar's folded words, for matching it inside a sentence ("Book club").
    let calendarWords: [(name: String, words: [String])]
    /// Every folded word of every calendar's name.
    let calendarWordSet: Set<String>
    /// Every folded word of every contact's name ("ana", "perez").
    let contactWords: Set<String>
    /// Folded first words of contacts' names ("ana").
    let contactFirstNames: Set<String>

    init(_ known: KnownNames) {
        self.init(calendars: known.calendars, contacts: known.contacts)
    }

    init(calendars: [String], contacts: [String]) {
        self.calendars = calendars
        calendarWords = calendars.map { name in (name, Term.split(name).filter { !$0.isMark }.map(\.word)) }
        calendarWordSet = Set(calendarWords.flatMap(\.words))
        var words = Set<String>(), firsts = Set<String>()
        for contact in contacts {
            let parts = Term.split(contact).filter { !$0.isMark }.map(\.word)
            words.formUnion(parts)
            if let first = parts.first { firsts.insert(first) }
        }
        contactWords = words
        contactFirstNames = firsts
    }

    /// The known calendar spelled `said`, ignoring case and accents.
    func calendar(named said: String) -> String? {
        let key = Spelling.fold(said)
        return calendarWords.first { $0.words.joined(separator: " ") == key }?.name
    }
}
