/// A value with the label a person gave it ("work", "mobile"); the label may be missing.
public struct LabeledValue: Hashable, Sendable, Codable {
    public var label: String?
    public var value: String

    public init(_ value: String, label: String? = nil) {
        self.value = value
        self.label = label
    }
}

/// A birthday may lack the year ("--05-05" in vCard, no `year` in People).
public struct Birthday: Hashable, Sendable, Codable {
    public var year: Int?
    public var month: Int
    public var day: Int

    public init(year: Int? = nil, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// A birthday from outside (Google's People API, a vCard, the store), nil when it is no
    /// day of a year. Google's `Date` gives 0 for a part it does not know: year 0 is a
    /// birthday without a year; month or day 0 (`{"year": 1990, "month": 0, "day": 0}`)
    /// names no day, and such a date crashed every look at the contact (a month name looked
    /// up at index -1). 29 February is taken without a year.
    public init?(checkedYear year: Int?, month: Int, day: Int) {
        let year = year == 0 ? nil : year
        if let year, !(1...9999).contains(year) { return nil }
        guard (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year ?? 2000)).contains(day) else { return nil }
        self.init(year: year, month: month, day: day)
    }
}

/// A person in the address book.
public struct Contact: Hashable, Sendable {
    public var id: String
    /// The name as shown ("Ana Pérez").
    public var name: String
    public var givenName: String?
    public var familyName: String?
    public var nicknames: [String]
    public var emails: [LabeledValue]
    public var phones: [LabeledValue]
    public var addresses: [LabeledValue]
    public var birthday: Birthday?
    public var notes: String?
    /// Where they work (vCard ORG, People `organizations.name`).
    public var company: String?
    /// Their role there (vCard TITLE, People `organizations.title`).
    public var jobTitle: String?

    public init(
        id: String, name: String, givenName: String? = nil, familyName: String? = nil,
        nicknames: [String] = [], emails: [LabeledValue] = [], phones: [LabeledValue] = [],
        addresses: [LabeledValue] = [], birthday: Birthday? = nil, notes: String? = nil,
        company: String? = nil, jobTitle: String? = nil
    ) {
        self.id = id
        self.name = name
        self.givenName = givenName
        self.familyName = familyName
        self.nicknames = nicknames
        self.emails = emails
        self.phones = phones
        self.addresses = addresses
        self.birthday = birthday
        self.notes = notes
        self.company = company
        self.jobTitle = jobTitle
    }
}

extension Contact {
    /// True when `other` is this person again, as a second address book exported them: the
    /// same name (case and accents aside) and an email address or a phone number in common.
    /// The name alone is not enough (two Ana Pérez are two people).
    public func isSamePerson(as other: Contact) -> Bool {
        guard Spelling.fold(name) == Spelling.fold(other.name) else { return false }
        let emails = Set(self.emails.map { $0.value.lowercased() })
        if other.emails.contains(where: { emails.contains($0.value.lowercased()) }) { return true }
        return other.phones.contains { theirs in phones.contains { Self.isSameNumber($0.value, theirs.value) } }
    }

    /// Two ways of writing one phone number: the same digits, or one the other with a
    /// country or area code before it ("+34 600 000 001", "600 000 001"), seven digits at least.
    static func isSameNumber(_ a: String, _ b: String) -> Bool {
        let a = digits(a), b = digits(b)
        return a.count >= 7 && b.count >= 7 && (a.hasSuffix(b) || b.hasSuffix(a))
    }

    /// This contact with what `other` (the same person) adds: addresses, numbers and
    /// nicknames it lacks, and the details it has none of; its own values stay first.
    public func merged(with other: Contact) -> Contact {
        var merged = self
        for email in other.emails where !merged.emails.contains(where: { $0.value.lowercased() == email.value.lowercased() }) {
            merged.emails.append(email)
        }
        for phone in other.phones where !merged.phones.contains(where: { Self.isSameNumber($0.value, phone.value) || $0.value == phone.value }) {
            merged.phones.append(phone)
        }
        for address in other.addresses where !merged.addresses.contains(where: { Spelling.fold($0.value) == Spelling.fold(address.value) }) {
            merged.addresses.append(address)
        }
        for nickname in other.nicknames where !merged.nicknames.contains(nickname) { merged.nicknames.append(nickname) }
        merged.givenName = merged.givenName ?? other.givenName
        merged.familyName = merged.familyName ?? other.familyName
        merged.birthday = merged.birthday ?? other.birthday
        merged.company = merged.company ?? other.company
        merged.jobTitle = merged.jobTitle ?? other.jobTitle
        if let theirs = other.notes, !theirs.isEmpty {
            if let mine = merged.notes, !mine.isEmpty {
                if !mine.contains(theirs) { merged.notes = mine + "\n" + theirs }
            } else {
                merged.notes = theirs
            }
        }
        return merged
    }

    private static func digits(_ text: String) -> String { String(text.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init)) }
}
