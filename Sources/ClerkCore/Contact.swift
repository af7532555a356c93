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
