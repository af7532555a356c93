public import ClerkCore
import FoundationEssentials

/// Contacts, found by the beginnings of their words in any order ("per ana" finds "Ana
/// Pérez"), through an index of folded name and nickname words.
extension LocalStore: ContactsService {
    public func contacts() throws -> [Contact] {
        try guarded {
            try database.rows("SELECT \(LocalStore.contactColumns) FROM contacts ORDER BY sort_name, id") { LocalStore.contact(from: $0) }
        }
    }

    public func contactNames() throws -> [String] {
        try guarded {
            try database.rows("SELECT name FROM contacts") { $0.text(0) }
        }
    }

    public func lookupContacts(_ name: String, limit: Int) throws -> [Contact] {
        let query = NameWords.words(of: name)
        guard !query.isEmpty, limit > 0 else { return [] }
        return try guarded {
            // The word that begins the fewest names drives: its range of the word index is
            // read, the other words are checked on the names stored beside it, and only the
            // best `limit` contacts are read whole.
            let range = "SELECT contact_id, name_words FROM contact_words WHERE word >= ? AND word < ?"
            var driver = query[0]
            if query.count > 1 {
                let counts = try query.map { word in
                    try database.scalar("SELECT count(*) FROM (\(range))", [word, word + "\u{10FFFF}"]) { $0.int(0) } ?? 0
                }
                driver = query[counts.indices.min { counts[$0] < counts[$1] }!]
            }
            let others = query.filter { $0 != driver }.map { Array($0.utf8) }
            let queryBytes = query.map { Array($0.utf8) }
            var ranked: [(rank: NameWords.Rank, id: String)] = []
            var seen = Set<String>()
            try database.forEachRow(range, [driver, driver + "\u{10FFFF}"]) { row in
                let names = row.text(1)
                guard others.allSatisfy({ NameWords.hasWord(startingWith: $0, in: names) }) else { return }
                let id = row.text(0)
                guard seen.insert(id).inserted else { return }
                ranked.append((NameWords.rank(queryBytes, nameWords: names, id: id), id))
            }
            return try NameWords.best(ranked, limit: limit).compactMap { item in
                try database.scalar("SELECT \(LocalStore.contactColumns) FROM contacts WHERE id = ?", [item.id], LocalStore.contact)
            }
        }
    }

    @discardableResult
    public func importContacts(_ contacts: [ImportedContact], progress: ImportProgress?) throws -> ImportSummary {
        try guarded {
            try database.transaction {
                var summary = ImportSummary()
                for (index, item) in contacts.enumerated() {
                    var contact = item.contact
                    if let (existing, uid, pooled) = try storedContact(carding: item.uid) {
                        // A contact made of several cards keeps what each brought; one card's
                        // contact is that card as it is now.
                        contact.id = existing.id
                        if pooled { contact = existing.merged(with: contact) }
                        if existing == contact {
                            summary.unchanged += 1
                        } else {
                            try save(contact, uid: uid, replacing: true)
                            summary.updated += 1
                        }
                    } else if let (same, uid) = try samePerson(as: contact) {
                        // The person already here from another file (another UID): one contact,
                        // with what this card adds, not two.
                        let merged = same.merged(with: contact)
                        try database.run("INSERT OR REPLACE INTO contact_sources (uid, contact_id) VALUES (?, ?)", [item.uid, same.id])
                        if merged == same {
                            summary.unchanged += 1
                        } else {
                            try save(merged, uid: uid, replacing: true)
                            summary.merged += 1
                        }
                    } else {
                        contact.id = makeID()
                        try save(contact, uid: item.uid, replacing: false)
                        summary.added += 1
                    }
                    progress?(index + 1, contacts.count)
                }
                return summary
            }
        }
    }

    /// The stored contact a card of `uid` made or went into, its own UID, and whether it is
    /// made of several cards.
    private func storedContact(carding uid: String) throws -> (Contact, String, pooled: Bool)? {
        let select = "SELECT \(LocalStore.contactColumns), uid FROM contacts"
        let found = try database.scalar(select + " WHERE uid = ?", [uid]) { (LocalStore.contact(from: $0), $0.text(12)) }
            ?? database.scalar(select + " WHERE id = (SELECT contact_id FROM contact_sources WHERE uid = ?)", [uid]) { (LocalStore.contact(from: $0), $0.text(12)) }
        guard let (contact, own) = found else { return nil }
        let others = try database.scalar("SELECT 1 FROM contact_sources WHERE contact_id = ? LIMIT 1", [contact.id]) { $0.int(0) }
        return (contact, own, own != uid || others != nil)
    }

    /// A stored contact that `contact` is the same person as (`Contact.isSamePerson`), and
    /// its UID; looked for among those of the same name.
    private func samePerson(as contact: Contact) throws -> (Contact, String)? {
        var found: (Contact, String)?
        try database.forEachRow("SELECT \(LocalStore.contactColumns), uid FROM contacts WHERE sort_name = ? ORDER BY rowid", [Spelling.fold(contact.name)]) { row in
            let stored = LocalStore.contact(from: row)
            if found == nil, stored.isSamePerson(as: contact) { found = (stored, row.text(12)) }
        }
        return found
    }

    /// Writes a contact and its words.
    func save(_ contact: Contact, uid: String, replacing: Bool) throws {
        if replacing { try database.run("DELETE FROM contacts WHERE id = ?", [contact.id]) }
        try database.run("""
            INSERT INTO contacts (id, uid, name, sort_name, given_name, family_name, nicknames, emails, phones, addresses,
                                  birthday, notes, company, job_title, updated)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [
            contact.id, uid, contact.name, Spelling.fold(contact.name), contact.givenName, contact.familyName,
            contact.nicknames.isEmpty ? nil : JSONValue.array(contact.nicknames.map(JSONValue.string)).serialized(),
            LocalStore.encode(contact.emails), LocalStore.encode(contact.phones), LocalStore.encode(contact.addresses),
            contact.birthday.map(LocalStore.encode), contact.notes, contact.company, contact.jobTitle, nowSeconds,
        ])
        let nameWords = NameWords.stored(contact)
        for word in Set(nameWords.split(whereSeparator: { $0 == " " || $0 == "\n" })) {
            try database.run("INSERT INTO contact_words (word, contact_id, name_words) VALUES (?, ?, ?)", [String(word), contact.id, nameWords])
        }
    }

    // MARK: Columns

    static let contactColumns =
        "id, name, given_name, family_name, nicknames, emails, phones, addresses, birthday, notes, company, job_title"

    static func contact(from row: Row) -> Contact {
        Contact(
            id: row.text(0), name: row.text(1), givenName: row.optionalText(2), familyName: row.optionalText(3),
            nicknames: row.optionalText(4).flatMap { try? JSONValue.parse($0).arrayValue?.compactMap(\.stringValue) } ?? [],
            emails: decode(row.optionalText(5)), phones: decode(row.optionalText(6)), addresses: decode(row.optionalText(7)),
            birthday: row.optionalText(8).flatMap(decodeBirthday), notes: row.optionalText(9),
            company: row.optionalText(10), jobTitle: row.optionalText(11))
    }

    private static func encode(_ values: [LabeledValue]) -> String? {
        values.isEmpty ? nil : JSONValue.array(values.map {
            .object([("value", .string($0.value)), ("label", .string(orNull: $0.label))])
        }).serialized()
    }

    private static func decode(_ text: String?) -> [LabeledValue] {
        guard let text, let items = (try? JSONValue.parse(text))?.arrayValue else { return [] }
        return items.compactMap { item in item["value"]?.stringValue.map { LabeledValue($0, label: item["label"]?.stringValue) } }
    }

    /// `YYYY-MM-DD`, or `--MM-DD` when the year is unknown (as vCard writes it).
    static func encode(_ birthday: Birthday) -> String {
        var text = birthday.year.map { _ in "" } ?? "-"
        if let year = birthday.year { Civil.append(year, width: 4, to: &text) }
        text.append("-")
        Civil.append(birthday.month, width: 2, to: &text)
        text.append("-")
        Civil.append(birthday.day, width: 2, to: &text)
        return text
    }

    static func decodeBirthday(_ text: String) -> Birthday? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let day = parts.last.flatMap({ Int($0) }), parts.count >= 3, let month = Int(parts[parts.count - 2]) else { return nil }
        return Birthday(checkedYear: parts.count == 3 ? Int(parts[0]) : nil, month: month, day: day)
    }
}

/// Words of names as the lookup compares them: folded (lower case, no accents) runs of
/// letters and digits, so "García-López" is "garcia" and "lopez".
enum NameWords {
    static func words(of text: String) -> [String] {
        var words: [String] = []
        for word in Spelling.fold(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where !words.contains(String(word)) {
            words.append(String(word))
        }
        return words
    }

    /// The `name_words` column: folded words of the name, of given and family name, and of
    /// the nicknames, one line each.
    static func stored(_ contact: Contact) -> String {
        [words(of: contact.name), words(of: [contact.givenName ?? "", contact.familyName ?? ""].joined(separator: " ")),
         contact.nicknames.flatMap(words)].map { $0.joined(separator: " ") }.joined(separator: "\n")
    }

    /// True when a word of `nameWords` (as `stored` writes them) begins with `prefix`.
    static func hasWord(startingWith prefix: [UInt8], in nameWords: String) -> Bool {
        var nameWords = nameWords
        return nameWords.withUTF8 { text in
            var at = 0
            while at + prefix.count <= text.count {
                if at == 0 || text[at - 1] == UInt8(ascii: " ") || text[at - 1] == UInt8(ascii: "\n"),
                   text[at..<at + prefix.count].elementsEqual(prefix) {
                    return true
                }
                at += 1
            }
            return false
        }
    }

    /// The `limit` best of `ranked`, best first, without sorting them all when few are wanted.
    static func best(_ ranked: [(rank: Rank, id: String)], limit: Int) -> [(rank: Rank, id: String)] {
        guard ranked.count > limit else { return ranked.sorted { $0.rank < $1.rank } }
        var top: [(rank: Rank, id: String)] = []
        for item in ranked {
            if top.count == limit, !(item.rank < top[limit - 1].rank) { continue }
            top.insert(item, at: top.firstIndex { item.rank < $0.rank } ?? top.count)
            if top.count > limit { top.removeLast() }
        }
        return top
    }

    /// How well a contact matches, smaller first: a name equal to the query; then query words
    /// that are whole name words rather than beginnings; names before nicknames; words in the
    /// order typed; then by name (the stored words begin with the folded name).
    typealias Rank = (exact: Int, cost: Int, outOfOrder: Int, nameWords: String, id: String)

    static func rank(_ query: [[UInt8]], nameWords: String, id: String) -> Rank {
        // Bytes and ranges, not Strings: a common first name ranks a thousand contacts.
        var text = nameWords
        let (exact, cost, outOfOrder) = text.withUTF8 { bytes -> (Int, Int, Int) in
            var words: [(line: Int, range: Range<Int>)] = []
            var line = 0, wordStart = 0
            for at in 0...bytes.count {
                let byte = at < bytes.count ? bytes[at] : UInt8(ascii: "\n")
                guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") else { continue }
                if at > wordStart { words.append((line, wordStart..<at)) }
                wordStart = at + 1
                if byte == UInt8(ascii: "\n") { line += 1 }
            }
            func isWord(_ word: Range<Int>, _ text: [UInt8]) -> Bool { word.count == text.count && bytes[word].elementsEqual(text) }
            func begins(_ word: Range<Int>, _ text: [UInt8]) -> Bool { word.count >= text.count && bytes[word].starts(with: text) }
            let nameCount = words.firstIndex { $0.line > 0 } ?? words.count
            var cost = 0
            var positions: [Int] = []
            for word in query {
                if let position = words[..<nameCount].firstIndex(where: { isWord($0.range, word) }) {
                    positions.append(position)
                } else if let position = words[..<nameCount].firstIndex(where: { begins($0.range, word) }) {
                    cost += 1
                    positions.append(position)
                } else if words.contains(where: { $0.line == 1 && begins($0.range, word) }) {
                    cost += 2
                } else if words.contains(where: { $0.line == 2 && isWord($0.range, word) }) {
                    cost += 3
                } else {
                    cost += 4
                }
            }
            let exact = nameCount == query.count && zip(words, query).allSatisfy { isWord($0.range, $1) }
            return (exact ? 0 : 1, cost, positions == positions.sorted() ? 0 : 1)
        }
        return (exact, cost, outOfOrder, nameWords, id)
    }
}
