import ClerkCore
import ClerkLocal
import Foundation

/// Where a stored contact shows in People: in "My contacts" (`people/c…`, a connection) or
/// among the "Other contacts" (`otherContacts/c…`). Both live in the store's one contacts
/// table; other contacts are told apart by the id prefix `other-`, so the two lists never mix
/// and each has its own change feed (the shared feed filtered by prefix).
enum PersonKind: Sendable {
    case contact, other

    static let otherPrefix = "other-"

    init(storedID: String) { self = storedID.hasPrefix(PersonKind.otherPrefix) ? .other : .contact }

    /// The collection a resource name starts with.
    var collection: String { self == .contact ? "people" : "otherContacts" }

    /// The `type` of the person's source.
    var sourceType: String { self == .contact ? "CONTACT" : "OTHER_CONTACT" }

    /// `people/c123` for the stored id `c123`, `otherContacts/c123` for `other-c123`.
    func resourceName(storedID: String) -> String {
        collection + "/" + (self == .other ? String(storedID.dropFirst(PersonKind.otherPrefix.count)) : storedID)
    }

    /// The stored id behind the last part of a resource name of this kind.
    func storedID(_ name: String) -> String {
        self == .other ? PersonKind.otherPrefix + name : name
    }

    func holds(storedID: String) -> Bool { PersonKind(storedID: storedID) == self }
}

/// A stored contact as a People `Person`, and a Person a client wrote as a contact.
///
/// A `Contact` holds one name, nicknames, emails, phones, addresses, a birthday, notes and
/// one organization. Whatever else a client wrote is kept in the replica's `unmodeled` JSON,
/// as a Person fragment: fields the Contact has no place for (urls, relations, events, …)
/// verbatim, and the items of a modeled field when they say more than the Contact holds (a
/// middle name, a structured address, a second organization, a name-less person). A kept
/// modeled field is shown only while it still agrees with the Contact, so a contact changed by
/// other means never shows stale parts.
///
/// Google works out `metadata`, `formattedType`, `canonicalForm`, `displayName` and
/// `displayNameLastFirst`; they are dropped from what clients send and added on the way out.
enum PersonResource {
    // MARK: Names of things

    /// The person's etag: opaque, from the change number (Google's begin with `%`).
    static func etag(_ version: Int64) -> String { "%" + Wire.base64URL(Array("p\(version)".utf8)) }

    /// The etag of the person's one source (Google's begin with `#`).
    static func sourceEtag(_ version: Int64) -> String { "#" + Wire.base64URL(Array("s\(version)".utf8)) }

    /// The source id Google pairs with `people/c<decimal>`: the same number in hex.
    static func sourceID(storedID: String) -> String {
        let id = PersonKind(storedID: storedID) == .other ? String(storedID.dropFirst(PersonKind.otherPrefix.count)) : storedID
        guard id.hasPrefix("c"), let number = UInt64(id.dropFirst()) else { return id }
        return String(number, radix: 16)
    }

    /// A new contact id as Google makes them: `c` and a 63-bit number in decimal.
    static func newID<R: RandomNumberGenerator>(using random: inout R) -> String {
        "c" + String(UInt64.random(in: 1_000_000_000_000_000_000...UInt64(Int64.max), using: &random))
    }

    /// A stable id for a seeded card, from its UID, so seeding twice finds the same contact.
    static func seededID(uid: String) -> String {
        "c" + String(fingerprint(uid) & 0x7FFF_FFFF_FFFF_FFFF | 0x0800_0000_0000_0000)
    }

    /// FNV-1a: a small stable hash (Swift's `Hasher` differs from run to run).
    static func fingerprint(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    // MARK: Rendering

    /// The fields of a Person in the order Google sends them.
    static let order = [
        "names", "nicknames", "photos", "coverPhotos", "genders", "ageRanges", "birthdays", "events", "addresses", "locations",
        "emailAddresses", "phoneNumbers", "imClients", "sipAddresses", "biographies", "urls", "calendarUrls", "organizations",
        "occupations", "interests", "skills", "relations", "memberships", "externalIds", "locales", "miscKeywords", "clientData",
        "userDefined",
    ]

    /// A stored contact as a Person: `resourceName`, `etag`, and of the other fields those in
    /// `fields` that have something to show.
    static func person(_ replica: Replica<Contact>, fields: PersonFields) -> JSONValue {
        let contact = replica.item
        let kind = PersonKind(storedID: contact.id)
        let source: JSONValue = ["type": .string(kind.sourceType), "id": .string(sourceID(storedID: contact.id))]
        var members: [(String, JSONValue)] = [
            ("resourceName", .string(kind.resourceName(storedID: contact.id))), ("etag", .string(etag(replica.version))),
        ]
        if fields.contains("metadata") {
            members.append(("metadata", [
                "sources": [[
                    "type": .string(kind.sourceType), "id": .string(sourceID(storedID: contact.id)),
                    "etag": .string(sourceEtag(replica.version)), "updateTime": .string(Wire.timestamp(replica.created)),
                ]],
                "objectType": "PERSON",
            ]))
        }
        let kept = replica.unmodeled
        for field in order where fields.contains(field) {
            var items: [JSONValue]
            if let mapping = mappings.first(where: { $0.field == field }) {
                items = shownItems(mapping, contact: contact, kept: kept?[field]?.arrayValue)
            } else if field == "memberships", kind == .contact, kept?[field] == nil {
                items = [["contactGroupMembership": ["contactGroupId": "myContacts", "contactGroupResourceName": "contactGroups/myContacts"]]]
            } else {
                items = kept?[field]?.arrayValue ?? []
            }
            guard !items.isEmpty else { continue }
            members.append((field, .array(items.enumerated().map { decorate($1, index: $0, field: field, source: source) })))
        }
        return .object(members)
    }

    /// A person deleted since a sync token: only who it was, flagged.
    static func deletedPerson(storedID: String, version: Int64) -> JSONValue {
        [
            "resourceName": .string(PersonKind(storedID: storedID).resourceName(storedID: storedID)), "etag": .string(etag(version)),
            "metadata": ["deleted": true],
        ]
    }

    /// Adds what Google works out to an item: its `metadata` (the first item is the primary
    /// one), `formattedType`, a phone's `canonicalForm`, a name's display forms.
    private static func decorate(_ item: JSONValue, index: Int, field: String, source: JSONValue) -> JSONValue {
        guard var members = item.objectValue else { return item }
        members.removeAll { $0.0 == "metadata" }
        let metadata: JSONValue = index == 0 && field != "memberships"
            ? ["primary": true, "source": source, "sourcePrimary": true] : ["source": source]
        members.insert(("metadata", metadata), at: 0)
        if let type = item["type"]?.stringValue, !type.isEmpty, item["formattedType"] == nil {
            members.append(("formattedType", .string(formattedType(type))))
        }
        if field == "phoneNumbers", let value = item["value"]?.stringValue, let canonical = canonicalForm(value) {
            let at = (members.firstIndex { $0.0 == "value" } ?? members.count - 1) + 1
            members.insert(("canonicalForm", .string(canonical)), at: at)
        }
        if field == "names" {
            let decorated = JSONValue.object(members)
            let family = text(decorated, "familyName")
            let first = [text(decorated, "givenName"), text(decorated, "middleName")].compactMap { $0 }.joined(separator: " ")
            let display = text(decorated, "displayName") ?? displayName(of: decorated) ?? ""
            if text(decorated, "displayName") == nil { members.insert(("displayName", .string(display)), at: 1) }
            let lastFirst = family.map { first.isEmpty ? $0 : $0 + ", " + first } ?? display
            members.append(("displayNameLastFirst", .string(lastFirst)))
            if text(decorated, "unstructuredName") == nil { members.append(("unstructuredName", .string(display))) }
        }
        return .object(members)
    }

    /// Google's wording of the predefined types (`homeFax` → "Home Fax"); custom ones as given.
    static func formattedType(_ type: String) -> String {
        let predefined: Set<String> = [
            "home", "work", "other", "mobile", "homeFax", "workFax", "otherFax", "pager", "workMobile", "workPager", "main",
            "googleVoice", "school", "custom",
        ]
        guard predefined.contains(type) else { return type }
        var words: [String] = []
        for character in type {
            if character.isUppercase || words.isEmpty { words.append(character.uppercased()) } else { words[words.count - 1].append(character) }
        }
        return words.joined(separator: " ")
    }

    /// The E.164 form of a phone number written in international form (`+34 600 12 34 56`,
    /// `0034…`), with only digits and the usual separators; nil for anything else, since a
    /// national number needs the account's region and a numbering plan.
    static func canonicalForm(_ phone: String) -> String? {
        var text = Substring(phone.trimmingCharacters(in: .whitespaces))
        if text.hasPrefix("+") {
            text = text.dropFirst()
        } else if text.hasPrefix("00") {
            text = text.dropFirst(2)
        } else {
            return nil
        }
        var digits = ""
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if !" -.()/".contains(character) {
                return nil
            }
        }
        guard (8...15).contains(digits.count), digits.first != "0" else { return nil }
        return "+" + digits
    }

    // MARK: The account's own profile

    /// The account's numeric id (21 digits, as Google's are), the same for the same address.
    static func accountID(_ account: String) -> String {
        let digits = String(seededID(uid: "account:" + account).dropFirst())
        return "1" + String(repeating: "0", count: max(0, 20 - digits.count)) + digits
    }

    /// `people/me`: the signed-in account's profile, named after its address.
    static func profile(account: String, fields: PersonFields) -> JSONValue {
        let id = accountID(account)
        let local = account.split(separator: "@").first.map(String.init) ?? account
        let words = local.split(whereSeparator: { ".-_+".contains($0) }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let display = words.isEmpty ? account : words.joined(separator: " ")
        let given = words.count > 1 ? words.dropLast().joined(separator: " ") : display
        let family = words.count > 1 ? words.last : nil
        let profileSource: JSONValue = ["type": "PROFILE", "id": .string(id)]
        var members: [(String, JSONValue)] = [("resourceName", .string("people/" + id)), ("etag", .string("%" + Wire.base64URL(Array("profile:\(account)".utf8))))]
        if fields.contains("metadata") {
            members.append(("metadata", [
                "sources": [["type": "PROFILE", "id": .string(id), "etag": .string("#" + Wire.base64URL(Array("profile".utf8))),
                             "profileMetadata": ["objectType": "PERSON", "userTypes": ["GOOGLE_USER"]]]],
                "objectType": "PERSON",
            ]))
        }
        if fields.contains("names") {
            var name: [(String, JSONValue)] = [("metadata", ["primary": true, "source": profileSource, "sourcePrimary": true]),
                                               ("displayName", .string(display))]
            if let family { name.append(("familyName", .string(family))) }
            name.append(("givenName", .string(given)))
            name.append(("displayNameLastFirst", .string(family.map { "\($0), \(given)" } ?? display)))
            name.append(("unstructuredName", .string(display)))
            members.append(("names", [.object(name)]))
        }
        if fields.contains("emailAddresses") {
            members.append(("emailAddresses", [[
                "metadata": ["primary": true, "verified": true, "source": ["type": "ACCOUNT", "id": .string(id)], "sourcePrimary": true],
                "value": .string(account),
            ]]))
        }
        return .object(members)
    }

    // MARK: Reading what a client wrote

    /// Every field name of the Person schema (output-only ones too, which are ignored).
    static let schemaFields: Set<String> = Set(PersonFields.readable + [
        "resourceName", "etag", "ageRange", "braggingRights", "fileAses", "relationshipInterests", "relationshipStatuses",
        "residences", "taglines",
    ])

    /// Fields a contact source holds at most one of.
    static let singletons = ["names", "biographies", "birthdays", "genders"]

    /// 400 for a member of `person` the Person schema does not have, as Google's JSON reader does.
    static func checkSchema(_ person: JSONValue) throws(GoogleError) {
        for (key, _) in person.objectValue ?? [] where !schemaFields.contains(key) {
            throw GoogleError.badRequest("Invalid JSON payload received. Unknown name \"\(key)\" at 'person': Cannot find field.")
        }
    }

    /// The contact a client's Person describes, and what of it the contact cannot hold.
    /// Only writable fields are read; output-only ones are ignored.
    static func contact(from person: JSONValue, id: String) throws(GoogleError) -> (contact: Contact, unmodeled: JSONValue?) {
        try checkSchema(person)
        var contact = Contact(id: id, name: "")
        var kept: [(String, JSONValue)] = []
        // Names go last: a person without one is filed under its first email or phone.
        for mapping in mappings.filter({ $0.field != "names" }) + mappings.filter({ $0.field == "names" }) {
            let items = try clean(person[mapping.field], field: mapping.field, outputOnly: mapping.outputOnly)
            _ = mapping.apply(items, &contact)
            if shownItems(mapping, contact: contact, kept: items) != mapping.items(contact) {
                kept.append((mapping.field, .array(items)))
            }
        }
        for field in PersonFields.writable where !mappings.contains(where: { $0.field == field }) {
            let items = try clean(person[field], field: field, outputOnly: [])
            if !items.isEmpty { kept.append((field, .array(items))) }
        }
        return (contact, kept.isEmpty ? nil : .object(kept))
    }

    /// The writable fields of a stored contact as a client would send them back: the start
    /// of an update, which replaces some of them.
    static func writableFields(of replica: Replica<Contact>) -> [(String, JSONValue)] {
        PersonFields.writable.compactMap { field in
            if let mapping = mappings.first(where: { $0.field == field }) {
                return (field, .array(shownItems(mapping, contact: replica.item, kept: replica.unmodeled?[field]?.arrayValue)))
            }
            return replica.unmodeled?[field].map { (field, $0) }
        }
    }

    /// The items of a field as a client sent them, without what Google works out; 400 when
    /// the field is not a list of objects, or a singleton has more than one.
    /// The string members of each Person field's items, from the discovery document (people v1
    /// rev 20251117): a number, object or list in one of them is Google's 400.
    static let stringMembers: [String: Set<String>] = [
        "addresses": ["city", "country", "countryCode", "extendedAddress", "formattedType", "formattedValue", "poBox", "postalCode", "region", "streetAddress", "type"],
        "ageRanges": ["ageRange"],
        "biographies": ["contentType", "value"],
        "birthdays": ["text"],
        "braggingRights": ["value"],
        "calendarUrls": ["formattedType", "type", "url"],
        "clientData": ["key", "value"],
        "coverPhotos": ["url"],
        "emailAddresses": ["displayName", "formattedType", "type", "value"],
        "events": ["formattedType", "type"],
        "externalIds": ["formattedType", "type", "value"],
        "fileAses": ["value"],
        "genders": ["addressMeAs", "formattedValue", "value"],
        "imClients": ["formattedProtocol", "formattedType", "protocol", "type", "username"],
        "interests": ["value"],
        "locales": ["value"],
        "locations": ["buildingId", "deskCode", "floor", "floorSection", "type", "value"],
        "miscKeywords": ["formattedType", "type", "value"],
        "names": ["displayName", "displayNameLastFirst", "familyName", "givenName", "honorificPrefix", "honorificSuffix", "middleName", "phoneticFamilyName", "phoneticFullName", "phoneticGivenName", "phoneticHonorificPrefix", "phoneticHonorificSuffix", "phoneticMiddleName", "unstructuredName"],
        "nicknames": ["type", "value"],
        "occupations": ["value"],
        "organizations": ["costCenter", "department", "domain", "formattedType", "jobDescription", "location", "name", "phoneticName", "symbol", "title", "type"],
        "phoneNumbers": ["canonicalForm", "formattedType", "type", "value"],
        "photos": ["url"],
        "relations": ["formattedType", "person", "type"],
        "relationshipInterests": ["formattedValue", "value"],
        "relationshipStatuses": ["formattedValue", "value"],
        "residences": ["value"],
        "sipAddresses": ["formattedType", "type", "value"],
        "skills": ["value"],
        "taglines": ["value"],
        "urls": ["formattedType", "type", "value"],
        "userDefined": ["key", "value"],
    ]

    /// `givenName` as the proto field Google's errors name, `given_name`.
    static func snakeCase(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase { out += "_" + character.lowercased() } else { out.append(character) }
        }
        return out
    }

    /// 400 for an item member that is a string in the schema but sent as something else, in
    /// the words of Google's JSON reader (`Invalid value at 'person.names[0].given_name'
    /// (TYPE_STRING), 5`); stored as sent, it would come back as a type no client expects.
    static func checkStringMembers(_ members: [(String, JSONValue)], field: String, index: Int) throws(GoogleError) {
        guard let strings = stringMembers[field] else { return }
        for (key, value) in members where strings.contains(key) {
            let path = "person.\(snakeCase(field))[\(index)]"
            switch value {
            case .string, .null: continue
            case .object: throw GoogleError.badRequest("Invalid JSON payload received. Unknown name \"\(key)\" at '\(path)': Proto field is not repeating, cannot start object.")
            case .array: throw GoogleError.badRequest("Invalid JSON payload received. Unknown name \"\(key)\" at '\(path)': Proto field is not repeating, cannot start list.")
            default: throw GoogleError.badRequest("Invalid value at '\(path).\(snakeCase(key))' (TYPE_STRING), \(value.serialized())")
            }
        }
    }

    /// 400 for a `Date` (a birthday's, an event's) that is no date, as the discovery document
    /// describes one: year 0 to 9999, month 0 to 12, day 0 to 31 and valid for the year and
    /// month, where 0 leaves a part out (a year alone, a year and month, a month and day).
    /// A birthday of month 13 or day 32 was answered 200 and dropped without a word. A member
    /// that is no whole number is the JSON reader's refusal; an impossible date, Google's
    /// `INVALID_ARGUMENT`.
    static func checkDate(_ date: JSONValue, at path: String) throws(GoogleError) {
        guard let members = date.objectValue else {
            throw GoogleError.badRequest("Invalid value at '\(path)' (type.googleapis.com/google.type.Date), \(date.serialized())")
        }
        var parts: [String: Int] = [:]
        for (key, value) in members {
            guard ["year", "month", "day"].contains(key) else {
                throw GoogleError.badRequest("Invalid JSON payload received. Unknown name \"\(key)\" at '\(path)': Cannot find field.")
            }
            let number: Int?
            switch value {
            case .number(let double): number = double.rounded() == double && abs(double) < 2_147_483_648 ? Int(double) : nil
            case .numberText(let text): number = Int(text).flatMap { abs($0) < 2_147_483_648 ? $0 : nil }
            case .string(let text): number = Int(text).flatMap { abs($0) < 2_147_483_648 ? $0 : nil }
            case .null: number = 0
            default: number = nil
            }
            guard let number else {
                throw GoogleError.badRequest("Invalid value at '\(path).\(key)' (TYPE_INT32), \(value.serialized())")
            }
            parts[key] = number
        }
        let year = parts["year"] ?? 0, month = parts["month"] ?? 0, day = parts["day"] ?? 0
        var valid = (0...9999).contains(year) && (0...12).contains(month) && (0...31).contains(day)
        if valid {
            if month == 0 {
                valid = day == 0 && year != 0
            } else if day != 0 {
                let leap = year == 0 || (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0))
                valid = day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
            } else {
                valid = year != 0
            }
        }
        guard valid else { throw GoogleError.badRequest("Request contains an invalid argument.") }
    }

    private static func clean(_ value: JSONValue?, field: String, outputOnly: Set<String>) throws(GoogleError) -> [JSONValue] {
        guard let value, value != .null else { return [] }
        guard let list = value.arrayValue else {
            throw GoogleError.badRequest("Invalid value at 'person.\(field)': expected a list.")
        }
        var items: [JSONValue] = []
        for (index, item) in list.enumerated() {
            guard let members = item.objectValue else {
                throw GoogleError.badRequest("Invalid value at 'person.\(field)': expected objects.")
            }
            try checkStringMembers(members, field: field, index: index)
            if field == "birthdays" || field == "events", let date = item["date"], date != .null {
                try checkDate(date, at: "person.\(field)[\(index)].date")
            }
            let kept = members.filter { $0.0 != "metadata" && $0.0 != "formattedType" && !outputOnly.contains($0.0) }
            if !kept.isEmpty { items.append(.object(kept)) }
        }
        if singletons.contains(field), items.count > 1 {
            throw GoogleError.badRequest("Only one \(field) field is allowed for a contact source.")
        }
        return items
    }

    // MARK: The modeled fields

    /// How one Person field lands on a `Contact`.
    struct Mapping: Sendable {
        var field: String
        /// Keys of an item the contact holds; an item's other keys are kept beside it.
        var held: Set<String>
        /// Keys Google works out, dropped from what a client sends.
        var outputOnly: Set<String> = []
        /// The contact's items, without metadata.
        var items: @Sendable (Contact) -> [JSONValue]
        /// Sets the contact's part from `items`; the indices of the items it holds, in the
        /// order `items(_:)` gives them back.
        var apply: @Sendable ([JSONValue], inout Contact) -> [Int]
    }

    /// The items a field shows: the contact's own, with a kept list's extra keys and extra
    /// items woven in while that list still says what the contact holds.
    private static func shownItems(_ mapping: Mapping, contact: Contact, kept: [JSONValue]?) -> [JSONValue] {
        let own = mapping.items(contact)
        guard let kept else { return own }
        var copy = contact
        let held = mapping.apply(kept, &copy)
        // The kept list still says what the contact holds (a name-less person's empty names
        // list hides the name it is filed under).
        guard copy == contact else { return own }
        return kept.indices.map { index in
            guard let position = held.firstIndex(of: index), position < own.count, case .object(var members) = own[position] else {
                return kept[index]
            }
            for (key, value) in kept[index].objectValue ?? [] where !mapping.held.contains(key) {
                if let at = members.firstIndex(where: { $0.0 == key }) { members[at].1 = value } else { members.append((key, value)) }
            }
            return .object(members)
        }
    }

    static func text(_ item: JSONValue, _ key: String) -> String? {
        guard let value = item[key]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// A name's display form from its parts: "Dr. Ana María Pérez".
    static func displayName(of name: JSONValue) -> String? {
        let parts = ["honorificPrefix", "givenName", "middleName", "familyName", "honorificSuffix"].compactMap { text(name, $0) }
        return parts.isEmpty ? text(name, "unstructuredName") : parts.joined(separator: " ")
    }

    /// What a person without a name is filed under (the store needs a name).
    static func fallbackName(_ contact: Contact) -> String {
        contact.emails.first?.value ?? contact.phones.first?.value ?? contact.company ?? contact.nicknames.first ?? "Unnamed"
    }

    private static func labeled(_ values: [LabeledValue], key: String) -> [JSONValue] {
        values.map { value in
            var members: [(String, JSONValue)] = [(key, .string(value.value))]
            if let label = value.label { members.append(("type", .string(label))) }
            return .object(members)
        }
    }

    private static func readLabeled(_ items: [JSONValue], key: String, compose: (JSONValue) -> String? = { _ in nil })
        -> (values: [LabeledValue], held: [Int]) {
        var values: [LabeledValue] = [], held: [Int] = []
        for (index, item) in items.enumerated() {
            guard let value = text(item, key) ?? compose(item) else { continue }
            values.append(LabeledValue(value, label: text(item, "type")))
            held.append(index)
        }
        return (values, held)
    }

    /// A birthday's date when it is a whole day (a year is optional; Google writes 0 for none).
    static func birthday(_ date: JSONValue?) -> Birthday? {
        guard let date, let month = date["month"]?.intValue, let day = date["day"]?.intValue else { return nil }
        let year = date["year"]?.intValue ?? 0
        guard (0...9999).contains(year), (1...12).contains(month) else { return nil }
        let leap = year == 0 || (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0))
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { return nil }
        return Birthday(year: year == 0 ? nil : year, month: month, day: day)
    }

    static let mappings: [Mapping] = [
        Mapping(field: "names", held: ["displayName", "givenName", "familyName", "unstructuredName"],
                outputOnly: ["displayName", "displayNameLastFirst"],
                items: { contact in
                    var members: [(String, JSONValue)] = [("displayName", .string(contact.name))]
                    if let family = contact.familyName { members.append(("familyName", .string(family))) }
                    if let given = contact.givenName { members.append(("givenName", .string(given))) }
                    members.append(("unstructuredName", .string(contact.name)))
                    return [.object(members)]
                },
                apply: { items, contact in
                    contact.givenName = nil
                    contact.familyName = nil
                    guard let name = items.first, let display = displayName(of: name) else {
                        contact.name = fallbackName(contact)
                        return []
                    }
                    contact.name = display
                    contact.givenName = text(name, "givenName")
                    contact.familyName = text(name, "familyName")
                    // Only a free-form name: Google splits it, the last word the family name.
                    if contact.givenName == nil, contact.familyName == nil, text(name, "middleName") == nil {
                        let words = display.split(separator: " ").map(String.init)
                        contact.givenName = words.count > 1 ? words.dropLast().joined(separator: " ") : display
                        contact.familyName = words.count > 1 ? words.last : nil
                    }
                    return [0]
                }),
        Mapping(field: "nicknames", held: ["value"],
                items: { $0.nicknames.map { ["value": .string($0)] } },
                apply: { items, contact in
                    let read = readLabeled(items, key: "value")
                    contact.nicknames = read.values.map(\.value)
                    return read.held
                }),
        Mapping(field: "emailAddresses", held: ["value", "type"],
                items: { labeled($0.emails, key: "value") },
                apply: { items, contact in
                    let read = readLabeled(items, key: "value")
                    contact.emails = read.values
                    return read.held
                }),
        Mapping(field: "phoneNumbers", held: ["value", "type"], outputOnly: ["canonicalForm"],
                items: { labeled($0.phones, key: "value") },
                apply: { items, contact in
                    let read = readLabeled(items, key: "value")
                    contact.phones = read.values
                    return read.held
                }),
        Mapping(field: "addresses", held: ["formattedValue", "type"],
                items: { labeled($0.addresses, key: "formattedValue") },
                apply: { items, contact in
                    // Without a formatted value Google writes one from the parts.
                    let read = readLabeled(items, key: "formattedValue") { item in
                        let parts = ["poBox", "streetAddress", "extendedAddress", "city", "region", "postalCode", "country"]
                            .compactMap { text(item, $0) }
                        return parts.isEmpty ? nil : parts.joined(separator: ", ")
                    }
                    contact.addresses = read.values
                    return read.held
                }),
        Mapping(field: "birthdays", held: ["date"],
                items: { contact in
                    guard let birthday = contact.birthday else { return [] }
                    var date: [(String, JSONValue)] = []
                    if let year = birthday.year { date.append(("year", .number(Double(year)))) }
                    date += [("month", .number(Double(birthday.month))), ("day", .number(Double(birthday.day)))]
                    return [["date": .object(date)]]
                },
                apply: { items, contact in
                    contact.birthday = nil
                    guard let index = items.firstIndex(where: { birthday($0["date"]) != nil }) else { return [] }
                    contact.birthday = birthday(items[index]["date"])
                    return [index]
                }),
        Mapping(field: "biographies", held: ["value"],
                items: { contact in contact.notes.map { [["value": .string($0), "contentType": "TEXT_PLAIN"]] } ?? [] },
                apply: { items, contact in
                    contact.notes = nil
                    guard let index = items.firstIndex(where: { $0["value"]?.stringValue?.isEmpty == false }) else { return [] }
                    contact.notes = items[index]["value"]?.stringValue
                    return [index]
                }),
        Mapping(field: "organizations", held: ["name", "title"],
                items: { contact in
                    var members: [(String, JSONValue)] = []
                    if let company = contact.company { members.append(("name", .string(company))) }
                    if let title = contact.jobTitle { members.append(("title", .string(title))) }
                    return members.isEmpty ? [] : [.object(members)]
                },
                apply: { items, contact in
                    contact.company = nil
                    contact.jobTitle = nil
                    guard let index = items.firstIndex(where: { text($0, "name") != nil || text($0, "title") != nil }) else { return [] }
                    contact.company = text(items[index], "name")
                    contact.jobTitle = text(items[index], "title")
                    return [index]
                }),
    ]
}
