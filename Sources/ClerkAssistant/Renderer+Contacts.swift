import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// Sentences about contacts.
extension Renderer {
    static func relationUnknown(_ relation: String) -> String {
        if ["surgery", "clinic", "pharmacy", "chemist", "salon", "garage"].contains(relation.lowercased()) {
            return "No contact's name, company or job says '\(relation)'. Ask by name, like 'Ana's phone', or see who works where: 'who works at Acme'."
        }
        return "I don't know who your \(relation) is. Ask by name, like 'Ana's phone'."
    }

    static func noContact(_ name: String, closest: String?, bookIsEmpty: Bool = true) -> String {
        if let closest { return "No contact named '\(name)'. Did you mean \(closest)?" }
        if !bookIsEmpty { return "No contact named '\(name)'. Say 'contacts' to see who is there." }
        return "No contact named '\(name)'. Import contacts with 'clerk import contacts.vcf'."
    }

    /// "the third one" just after two contacts were listed.
    static func onlyContactsListed(_ count: Int, asked: Int) -> String {
        "Only \(count) contacts were listed, so there's no number \(asked). Say 'the first one' or a name."
    }

    /// "open shopping" with no contact and no file of that name: either may have been meant.
    static func noFileOrContact(_ name: String) -> String {
        "No file or contact named '\(name.oneLine)'. Say 'list my files' or 'contacts' to see them."
    }

    private static func values(_ items: [LabeledValue]) -> String {
        items.map { item in (item.label.map { "\(item.value) (\($0))" } ?? item.value).oneLine }.joined(separator: ", ")
    }

    private static func birthday(_ b: Birthday) -> String {
        "\(b.day) \(DateText.months[b.month - 1])" + (b.year.map { " \($0)" } ?? "")
    }

    /// A compact card: name, then one labelled line per kind of detail.
    static func contactCard(_ contact: Contact, style: TextStyle) -> String {
        var lines = [style.bold(contact.name.oneLine)]
        func row(_ label: String, _ value: String) { lines.append("  " + style.dim(label.padded(toWidth: 9)) + value) }
        if !contact.emails.isEmpty { row("email", values(contact.emails)) }
        if !contact.phones.isEmpty { row("phone", values(contact.phones)) }
        for address in contact.addresses { row("address", (address.value.replacingEvery("\n", with: ", ") + (address.label.map { " (\($0))" } ?? "")).oneLine) }
        if let b = contact.birthday { row("birthday", birthday(b)) }
        if let work = work(contact) { row("work", work.oneLine) }
        if let notes = contact.notes, !notes.isEmpty { row("notes", notes.oneLine) }
        if lines.count == 1 { lines.append("  (no details)") }
        return lines.joined(separator: "\n")
    }

    /// "Engineer at Acme", "Acme", "Engineer": a contact's job, nil when none is saved.
    static func work(_ contact: Contact) -> String? {
        switch (contact.jobTitle.flatMap { $0.isEmpty ? nil : $0 }, contact.company.flatMap { $0.isEmpty ? nil : $0 }) {
        case let (title?, company?): return "\(title) at \(company)"
        case let (title?, nil): return title
        case let (nil, company?): return company
        default: return nil
        }
    }

    /// "Ana Pérez's phone: +34 600 123 456".
    static func contactField(_ contact: Contact, _ field: ContactField, label: DetailLabel? = nil) -> String {
        let owner = contact.name.oneLine + (contact.name.oneLine.hasSuffix("s") ? "'" : "'s")
        // "his mobile": that kind only; none of that kind, said, and the others shown.
        if let label, let at = [ContactField.phone, .email, .address].firstIndex(of: field), let all = fieldValues(contact, field) {
            let noun = detailNoun(field, label: label)
            let kept = [contact.phones, contact.emails, contact.addresses][at].filter { $0.isLabelled(label) }
            let other = fieldNoun(field)
            guard !kept.isEmpty else { return "\(contact.name.oneLine) has no \(noun) saved. \(other.prefix(1).uppercased() + other.dropFirst()): \(all)" }
            return "\(owner) \(noun): " + kept.map { $0.value.replacingEvery("\n", with: ", ").oneLine }.joined(separator: "; ")
        }
        switch field {
        case .phone:
            return contact.phones.isEmpty ? "\(contact.name.oneLine) has no phone number saved." : "\(owner) phone: \(values(contact.phones))"
        case .email:
            return contact.emails.isEmpty ? "\(contact.name.oneLine) has no email saved." : "\(owner) email: \(values(contact.emails))"
        case .address:
            return contact.addresses.isEmpty ? "\(contact.name.oneLine) has no address saved."
                : "\(owner) address: " + contact.addresses.map { $0.value.replacingEvery("\n", with: ", ").oneLine }.joined(separator: "; ")
        case .birthday:
            return contact.birthday.map { "\(owner) birthday: \(birthday($0))" } ?? "\(contact.name.oneLine) has no birthday saved."
        case .company:
            return contact.company.map { "\(contact.name.oneLine) works at \($0.oneLine)" + (contact.jobTitle.map { " (\($0.oneLine))" } ?? "") + "." }
                ?? "\(contact.name.oneLine) has no company saved."
        case .jobTitle:
            return contact.jobTitle.map { "\(owner) job title: \($0.oneLine)" + (contact.company.map { " at \($0.oneLine)" } ?? "") }
                ?? "\(contact.name.oneLine) has no job title saved."
        case .nickname:
            return contact.nicknames.isEmpty ? "\(contact.name.oneLine) has no nickname saved."
                : "\(owner) " + (contact.nicknames.count == 1 ? "nickname" : "nicknames") + ": " + contact.nicknames.map(\.oneLine).joined(separator: ", ")
        case .all:
            return contactCard(contact, style: .plain)
        }
    }

    /// The whole address book, one contact a line with its first email or phone.
    /// The contacts, one a line; `kind` ("supplier") when they are those whose cards say so.
    static func addressBook(_ contacts: [Contact], kind: String? = nil, style: TextStyle) -> String {
        guard !contacts.isEmpty else { return "No contacts yet. Import them with 'clerk import contacts.vcf'." }
        let noun = kind.map { contacts.count == 1 ? "contact whose card says '\($0)'" : "contacts whose cards say '\($0)'" }
            ?? (contacts.count == 1 ? "contact" : "contacts")
        var lines = ["\(contacts.count) \(noun):"]
        let width = min(30, contacts.map(\.name.oneLine.count).max() ?? 0)
        for contact in contacts {
            let detail = (contact.emails.first?.value ?? contact.phones.first?.value ?? "").oneLine
            let name = detail.isEmpty ? contact.name.oneLine : contact.name.oneLine.padded(toWidth: max(width, contact.name.oneLine.count))
            lines.append("  " + name + (detail.isEmpty ? "" : "  " + style.dim(detail)))
        }
        return lines.joined(separator: "\n")
    }

    /// A name that is no contact's, close to one: the question whose yes looks it up.
    static func didYouMeanContact(_ said: String, _ closest: String) -> String {
        "No contact named '\(said)'. Did you mean \(closest)? [Y/n]"
    }

    /// "how old is Ana": her age today from the year of birth, or why it cannot be told; the
    /// caller adds the next birthday.
    static func age(_ contact: Contact, _ born: Birthday, today: LocalDate) -> String {
        guard let year = born.year else {
            return "\(contact.name.oneLine)'s birthday is \(birthday(born)), with no year of birth saved, so I can't tell the age"
        }
        let hadItThisYear = (today.month, today.day) >= (born.month, born.day)
        let age = today.year - year - (hadItThisYear ? 0 : 1)
        return "\(contact.name.oneLine) is \(age) (born \(birthday(born)))"
    }

    /// After a birthday: " — 36 on Thu 10 Dec (in 6 days).", " — today, 36.", " — next on
    /// Thu 10 Dec (in 6 days)." without a year of birth.
    static func birthdayNext(_ day: LocalDate, age: Int?, text: DateText, now: Date) -> String {
        let today = text.localDate(now)
        if day == today { return age.map { " — today, \($0)." } ?? " — today." }
        let when = (day.year == today.year ? text.shortDay(day) : text.day(day)) + " (" + away(day.startOfDay(in: text.zone), text: text, now: now) + ")"
        return age.map { " — \($0) on \(when)." } ?? " — next on \(when)."
    }

    /// "Carla Gomez's birthday: Sat 12 Dec (in 7 days; on your calendar as 'Carla's birthday')":
    /// how far off, as a contact's birthday says it ("how many days until mum's birthday").
    static func birthdayFromCalendar(_ name: String, _ event: Event, text: DateText, now: Date) -> String {
        let owner = name.oneLine + (name.oneLine.hasSuffix("s") ? "'" : "'s")
        let day = text.localDate(event.when.startInstant(in: text.zone)), today = text.localDate(now)
        let shown = day.year == today.year ? text.shortDay(day) : text.day(day)
        let distance = day == today ? "today" : away(day.startOfDay(in: text.zone), text: text, now: now)
        return "\(owner) birthday: \(shown) (\(distance); on your calendar as '\(event.shownTitle)')."
    }

    static func contactList(_ contacts: [Contact], field: ContactField, style: TextStyle) -> String {
        var lines = ["\(contacts.count) contacts match:"]
        var named: [String: Int] = [:]
        for contact in contacts.prefix(20) { named[contact.name, default: 0] += 1 }
        for contact in contacts.prefix(20) {
            let missing = switch field {
            case .phone: "no phone"
            case .company, .jobTitle: "no company"
            case .all: ""
            default: "no " + fieldNoun(field)
            }
            var detail = fieldValues(contact, field) ?? missing
            // Two of one name ("Bob Stone" twice): what tells them apart, their work or notes
            // ("the plumber one" then picks).
            if named[contact.name, default: 0] > 1, field != .company, field != .jobTitle,
               let apart = work(contact) ?? contact.notes.map({ TextStyle.plain.fit($0, 40) }) {
                detail += (detail.isEmpty ? "" : " · ") + apart
            }
            lines.append("  " + contact.name.oneLine + (detail.isEmpty ? "" : "  " + style.dim(detail.oneLine)))
        }
        if contacts.count > 20 { lines.append("  … and \(contacts.count - 20) more; give more of the name.") }
        return lines.joined(separator: "\n")
    }

    /// Every value of a field, with its label ("work", "mobile"), so the one wanted can be
    /// picked; never another field in its place. Nil when the contact has none; for `.all`
    /// the first email or phone. With a label, only the values so labelled.
    static func fieldValues(_ contact: Contact, _ field: ContactField, label: DetailLabel? = nil) -> String? {
        func kept(_ values: [LabeledValue]) -> [LabeledValue] { label.map { label in values.filter { $0.isLabelled(label) } } ?? values }
        switch field {
        case .phone: return kept(contact.phones).isEmpty ? nil : values(kept(contact.phones))
        case .email: return kept(contact.emails).isEmpty ? nil : values(kept(contact.emails))
        case .address: return kept(contact.addresses).isEmpty ? nil
            : kept(contact.addresses).map { ($0.value.replacingEvery("\n", with: ", ") + ($0.label.map { " (\($0))" } ?? "")).oneLine }.joined(separator: "; ")
        case .birthday: return contact.birthday.map(birthday)
        case .company, .jobTitle: return work(contact)
        case .nickname: return contact.nicknames.isEmpty ? nil : contact.nicknames.joined(separator: ", ")
        case .all: return contact.emails.first?.value ?? contact.phones.first?.value
        }
    }

    /// A field's name in a sentence ("no email", "a phone number").
    static func fieldNoun(_ field: ContactField) -> String {
        switch field {
        case .phone: "phone number"
        case .email: "email"
        case .address: "address"
        case .birthday: "birthday"
        case .company: "company"
        case .jobTitle: "job title"
        case .nickname: "nickname"
        case .all: "details"
        }
    }

    /// The contacts a question about the address book found, one a line.
    static func filteredContacts(_ contacts: [Contact], _ filter: ContactFilter, total: Int, style: TextStyle) -> String {
        guard total > 0 else { return "No contacts yet. Import them with 'clerk import contacts.vcf'." }
        let header: String
        switch filter {
        case .count:
            return contactCount(total)
        case .worksAt(let company):
            guard !contacts.isEmpty else {
                return "No contact works at '\(company.oneLine)' (the company comes from a card's ORG). Say 'contacts' to see everyone."
            }
            header = contacts.count == 1 ? "1 contact at \(company.oneLine):" : "\(contacts.count) contacts at \(company.oneLine):"
        case .livesIn(let said):
            // ("who lives in madrid": the place as a name, "Madrid".)
            let place = said == said.lowercased() ? said.wordsCapitalized : said
            guard !contacts.isEmpty else {
                return "No contact has an address in '\(place.oneLine)'. Say 'contacts' to see everyone."
            }
            header = contacts.count == 1 ? "1 contact in \(place.oneLine):" : "\(contacts.count) contacts in \(place.oneLine):"
        case .without(let field, let label):
            let noun = detailNoun(field, label: label)
            guard !contacts.isEmpty else { return "Every contact has \(withArticle(noun)) saved." }
            guard contacts.count < total else { return "None of your contacts has \(withArticle(noun)) saved." }
            header = contacts.count == 1 ? "1 contact has no \(noun):" : "\(contacts.count) of your \(total) contacts have no \(noun):"
        case .with(let field, let label):
            let noun = withArticle(detailNoun(field, label: label))
            guard !contacts.isEmpty else {
                return "None of your contacts has \(noun) saved. Say 'contacts' to see everyone."
            }
            header = contacts.count == total ? (total == 1 ? "Your one contact has \(noun):" : "All \(total) contacts have \(noun):")
                : contacts.count == 1 ? "1 contact has \(noun):" : "\(contacts.count) of your \(total) contacts have \(noun):"
        case .howMany(let inner):
            return howMany(contacts.count, inner, total: total)
        }
        let width = min(30, contacts.map(\.name.oneLine.count).max() ?? 0)
        var lines = [header]
        for contact in contacts.prefix(50) {
            var detail: String
            switch filter {
            case .worksAt: detail = work(contact) ?? ""
            case .livesIn(let place): detail = Session.address(of: contact, in: place) ?? ""
            // The detail asked about, so "who has an email" shows the emails.
            case .with(let field, let label): detail = fieldValues(contact, field, label: label) ?? ""
            case .without, .count, .howMany: detail = contact.emails.first?.value ?? contact.phones.first?.value ?? ""
            }
            detail = detail.oneLine
            let name = detail.isEmpty ? contact.name.oneLine : contact.name.oneLine.padded(toWidth: max(width, contact.name.oneLine.count))
            lines.append("  " + name + (detail.isEmpty ? "" : "  " + style.dim(detail)))
        }
        if contacts.count > 50 { lines.append("  … and \(contacts.count - 50) more.") }
        return lines.joined(separator: "\n")
    }

    /// "2 of your 3 contacts have an email.", with how to see them; when none are found, what
    /// is true of all of them instead ("Every contact has an email saved.").
    static func howMany(_ count: Int, _ filter: ContactFilter, total: Int) -> String {
        let singular = count <= 1
        let predicate: String, listing: String, none: String
        switch filter {
        case .with(let field, let label):
            let noun = withArticle(detailNoun(field, label: label))
            predicate = (singular ? "has " : "have ") + noun
            listing = "contacts with \(noun)"
            none = "None of your contacts has \(noun) saved."
        case .without(let field, let label):
            let noun = detailNoun(field, label: label)
            predicate = (singular ? "has no " : "have no ") + noun
            listing = "contacts without \(withArticle(noun))"
            none = "Every contact has \(withArticle(noun)) saved."
        case .worksAt(let company):
            predicate = (singular ? "works at " : "work at ") + company.oneLine
            listing = "who works at \(company.oneLine)"
            none = "None of your contacts works at \(company.oneLine)."
        case .livesIn(let place):
            predicate = (singular ? "lives in " : "live in ") + place.oneLine
            listing = "contacts in \(place.oneLine)"
            none = "None of your contacts has an address in \(place.oneLine)."
        case .count, .howMany:
            return contactCount(total)
        }
        if count == 0 { return none }
        let subject = count == total ? (total == 1 ? "Your one contact" : "All \(total) of your contacts") : "\(count) of your \(total) contacts"
        return "\(subject) \(predicate). Say '\(listing)' to see \(count == 1 ? "it" : "them")."
    }

    static func contactCount(_ total: Int) -> String {
        total == 1 ? "You have 1 contact. Say 'contacts' to see it." : "You have \(total) contacts. Say 'contacts' to see them."
    }

    /// A detail's name: a field's, with its label ("mobile number", "work email", "home
    /// address").
    static func detailNoun(_ field: ContactField, label: DetailLabel?) -> String {
        switch (label, field) {
        case (nil, _): fieldNoun(field)
        case (.mobile?, .phone): "mobile number"
        case (let label?, .phone): "\(label.rawValue) phone number"
        case (let label?, _): "\(label.rawValue) \(fieldNoun(field))"
        }
    }

    /// "an email", "a phone number".
    static func withArticle(_ noun: String) -> String {
        ("aeiou".contains(noun.first ?? "x") ? "an " : "a ") + noun
    }

    /// A contact's detail asked with no one named ("what's the address").
    static func whoseDetail(_ field: ContactField) -> String {
        let said: String
        switch field {
        case .phone: said = "phone number"
        case .email: said = "email"
        case .address: said = "address"
        case .birthday: said = "birthday"
        case .company: said = "company"
        case .jobTitle: said = "job title"
        case .nickname: said = "nickname"
        case .all: said = "details"
        }
        return "Whose \(said)? Say a name, like 'Ana's \(said)'."
    }
}

extension LabeledValue {
    /// True when the value's label is of this kind: a vCard's TYPE (cell is read as
    /// "mobile") or Google's formatted type ("Work Mobile" is both work and mobile).
    func isLabelled(_ kind: DetailLabel) -> Bool {
        guard let label = label?.lowercased() else { return false }
        return switch kind {
        case .mobile: label.contains("mobile") || label.contains("cell")
        case .home: label.contains("home")
        case .work: label.contains("work")
        }
    }

}
