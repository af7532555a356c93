import Foundation
internal import ClerkCore

/// The backend's names, folded once per line so rules compare words, not strings.
struct Names: Sendable {
    /// Calendar names as the backend spells them.
    let calendars: [String]
    /// Each calendar's folded words, for matching it inside a sentence ("Book club").
    let calendarWords: [(name: String, words: [String])]
    /// Every folded word of every calendar's name.
    let calendarWordSet: Set<String>
    /// The contacts' folded words, worked out the first time a rule asks: an address book
    /// of 50,000 names costs a tenth of a second to fold, and most lines never look.
    private let contactSets: ContactWordSets

    /// Every folded word of every contact's name ("ana", "perez").
    var contactWords: Set<String> { contactSets.value.words }
    /// Folded first words of contacts' names ("ana").
    var contactFirstNames: Set<String> { contactSets.value.firsts }

    /// Folded names of the files without their extension ("todo" for "todo.txt"), so
    /// "read todo" finds the file a person did not spell out in full.
    let fileStems: Set<String>

    init(_ known: KnownNames) {
        self.init(calendars: known.calendars, contacts: known.contacts, files: known.files)
    }

    init(calendars: [String], contacts: [String], files: [String] = []) {
        self.calendars = calendars
        fileStems = Set(files.map { name in
            let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? name[...]
            return Spelling.fold(String(stem.isEmpty ? name[...] : stem))
        })
        calendarWords = calendars.map { name in (name, Term.split(name).filter { !$0.isMark }.map(\.word)) }
        calendarWordSet = Set(calendarWords.flatMap(\.words))
        contactSets = ContactWordSets(contacts)
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
    private let lock = NSLock()
    private var built: (words: Set<String>, firsts: Set<String>)?

    init(_ names: [String]) {
        self.names = names
    }

    var value: (words: Set<String>, firsts: Set<String>) {
        lock.withLock {
            if let built { return built }
            var words = Set<String>(), firsts = Set<String>()
            for contact in names {
                let parts = Term.split(contact).filter { !$0.isMark }.map(\.word)
                words.formUnion(parts)
                if let first = parts.first { firsts.insert(first) }
            }
            built = (words, firsts)
            return (words, firsts)
        }
    }
}
