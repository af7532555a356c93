public import ClerkCore
import Foundation

/// Contacts, found by the beginnings of their words in any order ("per ana" finds "Ana
/// Pérez"), through an index of folded name and nickname words.
extension LocalStore: ContactsService {
    public func contacts() throws -> [Contact] {
        try guarded {
            try database.rows("SELECT \(LocalStore.contactColumns) FROM contacts ORDER BY sort_name, id") { LocalStore.contact(from: $0) }
        }
    }

    public func lookupContacts(_ name: String) throws -> [Contact] {
        let query = NameWords.words(of: name)
        guard !query.isEmpty else { return [] }
        return try guarded {
            // One prefix range per word; a contact must match them all.
            let matches = Array(repeating: "SELECT contact_id FROM contact_words WHERE word >= ? AND word < ?", count: query.count)
                .joined(separator: " INTERSECT ")
            let bounds: [any SQLBindable] = query.flatMap { [$0, $0 + "\u{10FFFF}"] as [any SQLBindable] }
            let found = try database.rows("""
                SELECT \(LocalStore.contactColumns) FROM contacts WHERE id IN (\(matches))
                """, bounds) { LocalStore.contact(from: $0) }
            return NameWords.ranked(found, for: query)
        }
    }

    public func importContacts(_ contacts: [ImportedContact], progress: ImportProgress?) throws -> ImportSummary {
        try guarded {
            try database.transaction {
                var summary = ImportSummary()
                for (index, item) in contacts.enumerated() {
                    let existing = try database.scalar("SELECT \(LocalStore.contactColumns) FROM contacts WHERE uid = ?", [item.uid]) {
                        LocalStore.contact(from: $0)
                    }
                    var contact = item.contact
                    contact.id = existing?.id ?? LocalStore.newID()
                    if let existing, existing == contact {
                        summary.unchanged += 1
                    } else {
                        try save(contact, uid: item.uid, replacing: existing != nil)
                        if existing == nil { summary.added += 1 } else { summary.updated += 1 }
                    }
                    progress?(index + 1, contacts.count)
                }
                return summary
            }
        }
    }

    /// Writes a contact and its words.
    private func save(_ contact: Contact, uid: String, replacing: Bool) throws {
        if replacing { try database.run("DELETE FROM contacts WHERE id = ?", [contact.id]) }
        try database.run("""
            INSERT INTO contacts (id, uid, name, sort_name, given_name, family_name, nicknames, emails, phones, addresses,
                                  birthday, notes, updated)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [
            contact.id, uid, contact.name, Spelling.fold(contact.name), contact.givenName, contact.familyName,
            contact.nicknames.isEmpty ? nil : JSONValue.array(contact.nicknames.map(JSONValue.string)).serialized(),
            LocalStore.encode(contact.emails), LocalStore.encode(contact.phones), LocalStore.encode(contact.addresses),
            contact.birthday.map(LocalStore.encode), contact.notes, nowSeconds,
        ])
        let names = [contact.name, contact.givenName ?? "", contact.familyName ?? ""] + contact.nicknames
        for word in Set(names.flatMap(NameWords.words)) {
            try database.run("INSERT INTO contact_words (word, contact_id) VALUES (?, ?)", [word, contact.id])
        }
    }

    // MARK: Columns

    private static let contactColumns =
        "id, name, given_name, family_name, nicknames, emails, phones, addresses, birthday, notes"

    private static func contact(from row: Row) -> Contact {
        Contact(
            id: row.text(0), name: row.text(1), givenName: row.optionalText(2), familyName: row.optionalText(3),
            nicknames: row.optionalText(4).flatMap { try? JSONValue.parse($0).arrayValue?.compactMap(\.stringValue) } ?? [],
            emails: decode(row.optionalText(5)), phones: decode(row.optionalText(6)), addresses: decode(row.optionalText(7)),
            birthday: row.optionalText(8).flatMap(decodeBirthday), notes: row.optionalText(9))
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
        (birthday.year.map { String(format: "%04d", $0) } ?? "-") + String(format: "-%02d-%02d", birthday.month, birthday.day)
    }

    static func decodeBirthday(_ text: String) -> Birthday? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let day = parts.last.flatMap({ Int($0) }), parts.count >= 3, let month = Int(parts[parts.count - 2]) else { return nil }
        return Birthday(year: parts.count == 3 ? Int(parts[0]) : nil, month: month, day: day)
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

    /// Best first: a name equal to the query; then query words that are whole name words
    /// rather than beginnings; names before nicknames; words in the order typed; then by name.
    static func ranked(_ contacts: [Contact], for query: [String]) -> [Contact] {
        let joinedQuery = query.joined(separator: " ")
        let scored = contacts.map { contact -> ((Int, Int, Int, String, String), Contact) in
            let nameWords = words(of: contact.name)
            let otherNames = words(of: [contact.givenName ?? "", contact.familyName ?? ""].joined(separator: " "))
            let nicknameWords = contact.nicknames.flatMap(words)
            var cost = 0
            var positions: [Int] = []
            for word in query {
                if let position = nameWords.firstIndex(of: word) {
                    positions.append(position)
                } else if let position = nameWords.firstIndex(where: { $0.hasPrefix(word) }) {
                    cost += 1
                    positions.append(position)
                } else if otherNames.contains(where: { $0.hasPrefix(word) }) {
                    cost += 2
                } else if nicknameWords.contains(word) {
                    cost += 3
                } else {
                    cost += 4
                }
            }
            let exact = nameWords.joined(separator: " ") == joinedQuery ? 0 : 1
            let outOfOrder = positions == positions.sorted() ? 0 : 1
            return ((exact, cost, outOfOrder, Spelling.fold(contact.name), contact.id), contact)
        }
        return scored.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
