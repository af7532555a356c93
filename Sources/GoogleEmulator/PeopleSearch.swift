import ClerkCore
import ClerkLocal
import Foundation

/// A `searchContacts` / `otherContacts.search` query, matched as Google documents it: a
/// prefix of a phrase of a person's names, nicknames, email addresses, phone numbers or
/// organizations. Text is compared folded (case and accents ignored) and word by word, so
/// "foo n" matches "Foo Name" and "nam" matches it too, but "oo n" does not. A query that is
/// a phone number also matches the digits of a phone from any group on ("600 12" matches
/// "+34 600 123 456").
struct PeopleSearch {
    /// The query's words, folded, joined by single spaces.
    let phrase: String
    /// The query's digits when it reads as a phone number.
    let digits: String?

    /// The fields searched, and the members of their items that hold text.
    static let searched: [(field: String, keys: [String])] = [
        ("names", ["displayName", "displayNameLastFirst", "givenName", "middleName", "familyName"]),
        ("nicknames", ["value"]),
        ("emailAddresses", ["value"]),
        ("phoneNumbers", ["value"]),
        ("organizations", ["name", "title"]),
    ]

    init(_ query: String) {
        phrase = PeopleSearch.words(query).joined(separator: " ")
        let phoneCharacters = Set("0123456789+-(). ")
        let digits = query.filter { $0.isASCII && $0.isNumber }
        self.digits = digits.count >= 3 && query.allSatisfy(phoneCharacters.contains) ? digits : nil
    }

    var isEmpty: Bool { phrase.isEmpty }

    /// Folded runs of letters and digits: "Ana.López@example.org" → ana, lopez, example, org.
    static func words(_ text: String) -> [String] {
        Spelling.fold(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// The fields searched, as a mask.
    static let fields = PersonFields(names: Set(searched.map(\.field)))

    /// True when a searched field of the person a stored contact shows has a phrase the query
    /// begins. A contact with nothing kept beside it shows exactly its own fields, so those are
    /// read directly (rendering 10,000 people for a one-letter query is slow); one with kept
    /// parts is read as the Person it shows.
    func matches(_ replica: Replica<Contact>) -> Bool {
        guard replica.unmodeled == nil else { return matches(PersonResource.person(replica, fields: PeopleSearch.fields)) }
        let contact = replica.item
        var texts: [String] = [contact.name]
        texts += [contact.givenName, contact.familyName, contact.company, contact.jobTitle].compactMap { $0 }
        if let family = contact.familyName { texts.append(contact.givenName.map { family + ", " + $0 } ?? family) }
        texts += contact.nicknames
        texts += contact.emails.map { $0.value }
        return texts.contains(where: begins) || contact.phones.contains { begins($0.value) || beginsDigits($0.value) }
    }

    /// True when a searched field of `person` (a Person as JSON) has a phrase the query begins.
    func matches(_ person: JSONValue) -> Bool {
        for (field, keys) in PeopleSearch.searched {
            for item in person[field]?.arrayValue ?? [] {
                for key in keys {
                    guard let text = item[key]?.stringValue else { continue }
                    if begins(text) || (field == "phoneNumbers" && beginsDigits(text)) { return true }
                }
            }
        }
        return false
    }

    /// True when the words of `text` from one of them on begin with the phrase.
    private func begins(_ text: String) -> Bool {
        let words = PeopleSearch.words(text)
        for start in words.indices where words[start...].joined(separator: " ").hasPrefix(phrase) {
            return true
        }
        return false
    }

    /// True when the digits of `phone` from the start of one of its groups begin with the query's.
    private func beginsDigits(_ phone: String) -> Bool {
        guard let digits else { return false }
        let characters = Array(phone)
        for (index, character) in characters.enumerated() where character.isASCII && character.isNumber {
            guard index == 0 || !(characters[index - 1].isASCII && characters[index - 1].isNumber) else { continue }
            let rest = String(characters[index...].filter { $0.isASCII && $0.isNumber })
            if rest.hasPrefix(digits) { return true }
        }
        return false
    }
}
