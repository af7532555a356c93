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
