import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// contact_lookup: a card, a list, or just the field asked for.
extension Session {
    func lookUpContact(_ query: ContactQuery) -> Reply {
        if let filter = query.filter { return filteredContacts(filter) }
        // "what's the address", "send me the number": a detail with no one named is the
        // place of the event just shown, or asked whose.
        if query.name.isEmpty, query.field != .all {
            // Just after someone was looked up: theirs.
            if personOnScreen, let person = lastPerson { return lookUpContact(ContactQuery(name: person, field: query.field, label: query.label)) }
            if query.field == .address, let event = lastShown {
                return Reply(intent: .queryAgenda, ok: true, message: Renderer.aspect(.place, of: event, text: DateText(zone: context.zone), now: context.now.now()))
            }
            return Reply(intent: .contactLookup, ok: false, message: Renderer.whoseDetail(query.field))
        }
        // "contacts", "list my contacts": the address book itself.
        if query.name.isEmpty {
            var everyone: [Contact]
            do { everyone = try context.contacts.contacts() } catch { return failure(.contactLookup, error) }
            // "who are my suppliers", "list my clients": those whose card says so, when any does.
            let kinds = Spelling.fold(lastLine ?? "").split(whereSeparator: { !$0.isLetter }).filter { Self.contactKindsSaid.contains(String($0)) }
            var kind: String?
            if let said = kinds.first {
                let found = Self.byWork(String(said.dropLast()), in: everyone)
                if !found.isEmpty { everyone = found; kind = String(said.dropLast()) }
            }
            var reply = Reply(intent: .contactLookup, ok: true, message: Renderer.addressBook(everyone, kind: kind, style: context.style),
                              fields: [("contacts", .array(everyone.map(JSONShapes.contact)))])
            reply.pageable = true
            return reply
        }
        // "where does she live", "is he on my contacts": the person last looked up.
        if Router.thirdPersonPronouns.contains(query.name.lowercased()) {
            guard let person = lastPerson else { return Reply(intent: .contactLookup, ok: false, message: Renderer.whoseDetail(query.field)) }
            return lookUpContact(ContactQuery(name: person, field: query.field, isCall: query.isCall, label: query.label))
        }
        let matches: [Contact]
        do { matches = try findContacts(query.name) } catch { return failure(.contactLookup, error) }
        let json: [(String, JSONValue)] = [("contacts", .array(matches.map(JSONShapes.contact)))]
        guard !matches.isEmpty else {
            // "carlas phone", "bobs email": a possessive typed without its apostrophe.
            let lastWord = query.name.split(separator: " ").last.map(String.init) ?? ""
            if lastWord.count > 2, lastWord.lowercased().hasSuffix("s"),
               let found = try? findContacts(String(query.name.dropLast())), !found.isEmpty {
                return lookUpContact(ContactQuery(name: String(query.name.dropLast()), field: query.field, isCall: query.isCall, label: query.label))
            }
            // "when is Tom's birthday" with no Tom in the contacts: the calendar may know it.
            if query.field == .birthday, let event = birthdayEvent(named: query.name) {
                return Reply(intent: .contactLookup, ok: true, message: Renderer.birthdayFromCalendar(query.name, event, text: DateText(zone: context.zone), now: context.now.now()), fields: json)
            }
            // "what's the address of dishoom", "the address for the doctor": no one of that
            // name, but an event to come has the place.
            if query.field == .address, let event = placeOfEvent(named: query.name) {
                return Reply(intent: .queryAgenda, ok: true, message: Renderer.aspect(.place, of: event, text: DateText(zone: context.zone), now: context.now.now()))
            }
            if query.isRelation {
                return Reply(intent: .contactLookup, ok: false, message: Renderer.relationUnknown(query.name), fields: json)
            }
            // A near miss of a name people have ("anna" for Ana): asked, and a yes looks it up.
            let everyone = (try? context.contacts.contactNames()) ?? []
            if let closest = Self.closestName(to: query.name, in: everyone) {
                let question = Renderer.didYouMeanContact(query.name, closest)
                return ask(.confirm(Confirmation(intent: .contactLookup, question: question, defaultYes: true, yes: { [unowned self] in
                    lookUpContact(ContactQuery(name: closest, field: query.field, isCall: query.isCall, label: query.label))
                }, no: { Reply(intent: .contactLookup, ok: true, message: Renderer.nothingChanged) })),
                Reply(intent: .contactLookup, ok: true, message: question, fields: json))
            }
            // ("open shopping", "read groceries": a file may have been meant as well.)
            if query.field == .all, let verb = lastLine?.split(separator: " ").first?.lowercased(), ["open", "read", "show"].contains(verb) {
                return Reply(intent: .contactLookup, ok: false, message: Renderer.noFileOrContact(query.name), fields: json)
            }
            return Reply(intent: .contactLookup, ok: false, message: Renderer.noContact(query.name, closest: nil, bookIsEmpty: everyone.isEmpty), fields: json)
        }
        // "call ana" when two contacts are Ana: asked, as a new event's guests are, since one
        // person is to be called; then that one's numbers.
        if query.isCall, matches.count > 1 {
            let options = Array(matches.prefix(9))
            let question = Renderer.whichPerson(query.name, options)
            return ask(.choose(Choice(intent: .contactLookup, question: question, count: options.count, aliases: Choice.aliases(options.map(\.name))) { [unowned self] number in
                shown(options[number - 1], query.field, label: query.label)
            }), Reply(intent: .contactLookup, ok: true, message: question, fields: json))
        }
        if matches.count == 1 {
            let contact = matches[0]
            // No birthday saved: the calendar may know it ("Carla's birthday" on Saturday).
            if query.field == .birthday, contact.birthday == nil, let event = birthdayEvent(of: contact) {
                return Reply(intent: .contactLookup, ok: true, message: Renderer.birthdayFromCalendar(contact.name, event, text: DateText(zone: context.zone), now: context.now.now()), fields: json)
            }
            var message = query.field == .all
                ? Renderer.contactCard(contact, style: context.style)
                : Renderer.contactField(contact, query.field, label: query.label)
            // "when is Ana's birthday": the next one too, and the age then. "how old is Ana":
            // her age now first.
            if query.field == .birthday, let next = nextBirthday(of: contact) {
                let text = DateText(zone: context.zone)
                if Self.asksAge(lastLine ?? ""), let born = contact.birthday {
                    message = Renderer.age(contact, born, today: text.localDate(context.now.now()))
                }
                message += Renderer.birthdayNext(next.day, age: next.age, text: text, now: context.now.now())
            }
            return Reply(intent: .contactLookup, ok: true, message: message, fields: json)
        }
        // ("the first one", "chen" next: one of them, `pickedFromList`.)
        contactsOnScreen = (Array(matches.prefix(9)), query.field)
        return Reply(intent: .contactLookup, ok: true, message: Renderer.contactList(matches, field: query.field, style: context.style), fields: json)
    }

    /// One contact picked from several, with the detail asked: who "her" and "him" are next.
    func shown(_ contact: Contact, _ field: ContactField, label: DetailLabel? = nil) -> Reply {
        lastPerson = contact.name
        return Reply(intent: .contactLookup, ok: true,
                     message: field == .all ? Renderer.contactCard(contact, style: context.style) : Renderer.contactField(contact, field, label: label),
                     fields: [("contacts", .array([JSONShapes.contact(contact)]))])
    }

    /// The contact a line picks just after several were listed: by place ("the first one",
    /// "2", "the last one") or "the chen one" (a word of the name no other has); nil for any
    /// other line (a name typed alone, "maria chen", is looked up anew: the whole card).
    static func pickedFromList(_ text: String, _ contacts: [Contact]) -> Contact? {
        if let n = Choice.place(in: text, count: contacts.count) { return contacts[n - 1] }
        var words = Spelling.fold(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        // ("the plumber one not the other bob": what follows "one" says no more.)
        if let one = words.firstIndex(of: "one"), one >= 2, words[0] == "the" { words.removeSubrange((one + 1)...) }
        guard words.count >= 3, words.count <= 4, words[0] == "the", words.last == "one" else { return nil }
        // ("the wu one", "the ng one": a surname of two letters names one too.)
        if words.count == 3, let n = Choice.aliases(contacts.map(\.name), shortest: 2)[words[1]] { return contacts[n - 1] }
        // "the plumber one", "the patel foods one": the one whose job, company or notes say it.
        let found = byWork(words[1..<(words.count - 1)].joined(separator: " "), in: contacts)
        return found.count == 1 ? found[0] : nil
    }

    /// The contacts a person named as a guest is: as the store looks the name up, else with
    /// a title before it dropped ("with dr rao" invites Anita Rao).
    func guestContacts(_ name: String) throws -> [Contact] {
        let found = try context.contacts.lookupContacts(name)
        let words = name.split(separator: " ")
        guard found.isEmpty, words.count > 1, Self.honorifics.contains(Spelling.fold(String(words[0])).filter(\.isLetter)) else { return found }
        return try context.contacts.lookupContacts(words.dropFirst().joined(separator: " "))
    }

    /// Titles said before a surname ("mr patel", "dr reid").
    static let honorifics: Set<String> = ["mr", "mrs", "ms", "miss", "mx", "dr", "doctor", "prof", "professor", "sir", "madam"]

    /// The contacts a name finds: as the store looks it up; else someone whose company or job
    /// says it ("the address of the surgery" with Riverside Surgery; "my dentist's number": a
    /// job of Dentist or a company "… Dental"); else with a title before it dropped ("mr
    /// patel") and apostrophes aside ("tom oneill" is Tom O'Neill), every word a word of the
    /// name. Empty when none does.
    func findContacts(_ name: String) throws -> [Contact] {
        let found = try context.contacts.lookupContacts(name)
        guard found.isEmpty, let everyone = try? context.contacts.contacts() else { return found }
        let byWork = Self.byWork(name, in: everyone)
        if !byWork.isEmpty { return byWork }
        func words(_ text: String) -> [String] {
            Spelling.fold(text).filter { $0 != "'" && $0 != "\u{2019}" }.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        }
        var said = words(name)
        if said.count > 1, Self.honorifics.contains(said[0]) { said.removeFirst() }
        guard !said.isEmpty else { return [] }
        let byWords = everyone.filter { contact in
            let have = Set(words(contact.name))
            return said.allSatisfy(have.contains)
        }
        guard byWords.isEmpty, said.count == 1 || (said.count == 2 && said[0] == "my"),
              let kin = Self.kinNames.first(where: { $0.contains(said.last ?? "") }) else { return byWords }
        // "mum's number" with a contact saved as Mom or Mother: another word for the same person.
        return everyone.filter { contact in
            !Set(words(contact.name) + contact.nicknames.flatMap(words)).isDisjoint(with: kin)
        }
    }

    /// Words for the same relation, one family a set: a card is saved under one of them.
    static let kinNames: [Set<String>] = [
        ["mum", "mom", "mother", "mummy", "mommy", "mam", "mammy", "mama", "mamma", "ma"],
        ["dad", "father", "daddy", "papa", "pa", "pop"],
        ["grandma", "grandmother", "granny", "gran", "nan", "nana", "nanna", "grandmum", "grandmom"],
        ["grandpa", "grandfather", "grandad", "granddad", "gramps", "grampa"],
    ]

    /// Words a kind of practice is also said by in a company's name or a job.
    static let workWords: [String: [String]] = [
        "dentist": ["dentist", "dental", "dentistry"], "doctor": ["doctor", "gp", "physician", "surgery", "medical"],
        "surgery": ["surgery", "medical", "practice"], "chemist": ["chemist", "pharmacy"], "pharmacy": ["pharmacy", "chemist"],
        "vet": ["vet", "veterinary", "veterinarian"], "garage": ["garage", "motors", "mechanic"],
        "salon": ["salon", "hair", "hairdresser", "barber"], "clinic": ["clinic", "medical"],
    ]

    /// Kinds of contact said in the plural of a whole book ("my suppliers", "our clients").
    static let contactKindsSaid: Set<String> = ["suppliers", "clients", "customers", "vendors", "contractors", "tenants", "colleagues", "patients", "students"]

    /// The contacts whose company or job title holds every word said ("surgery" → Riverside
    /// Surgery; "dentist" → a job of Dentist or a company "… Dental"); a doctor is also one
    /// whose name starts "Dr". When none does, those whose notes hold them ("plumber" in a
    /// card imported with NOTE:Plumber, fixed the boiler): people keep a trade there as
    /// often as in the job field. Empty when none does.
    static func byWork(_ said: String, in everyone: [Contact]) -> [Contact] {
        let words = Spelling.fold(said).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            .filter { !["the", "my", "our", "a"].contains($0) }
        guard !words.isEmpty else { return [] }
        func holding(_ fields: (Contact) -> [String?]) -> [Contact] {
            everyone.filter { contact in
                let said = Set(Spelling.fold(fields(contact).compactMap { $0 }.joined(separator: " "))
                    .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
                return words.allSatisfy { word in
                    (workWords[word] ?? [word]).contains { said.contains($0) }
                        || word == "doctor" && Spelling.fold(contact.name).hasPrefix("dr")
                }
            }
        }
        let byJob = holding { [$0.company, $0.jobTitle] }
        return byJob.isEmpty ? holding { [$0.notes] } : byJob
    }

    /// "who's our bread supplier", "whos in flat 3", "who is the owner of patel foods",
    /// "which client is the event planner": a contact found by the words of their job,
    /// company or notes (`byWork`), as a card (a list for several). Nil when the line is no
    /// such question, or is one the router read otherwise (a relation, "who is the
    /// plumber", is a contact question already) and nobody's details hold the words.
    func whoByDetail(_ text: String, _ understood: Understanding) -> Reply? {
        let asksAnything: Bool
        switch understood.intent {
        case .outOfScope(let said): asksAnything = said.topic == .question
        case .queryAgenda: asksAnything = false
        default: return nil
        }
        var words = Spelling.fold(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" }).map(String.init)
        guard words.count >= 2, words.count <= 9 else { return nil }
        let byKind: Bool
        if ["who's", "whos"].contains(words[0]) || words[0] == "who" && ["is", "was", "s"].contains(words[1]) {
            guard asksAnything else { return nil }
            words.removeFirst(words[0] == "who" ? 2 : 1)
            byKind = false
        } else if words.count >= 4, words[0] == "which", Self.contactKinds.contains(words[1]), words[2] == "is" {
            words.removeFirst(3)
            byKind = true
        } else {
            return nil
        }
        let said = words.filter { !Self.whoIsFiller.contains($0) }
        guard !said.isEmpty, said.count <= 4, let everyone = try? context.contacts.contacts() else { return nil }
        let found = Self.byWork(said.joined(separator: " "), in: everyone)
        let json: [(String, JSONValue)] = [("contacts", .array(found.map(JSONShapes.contact)))]
        switch found.count {
        case 0:
            // ("which client is the event planner" with none: said, not searched as events.)
            guard byKind || words.first.map(["the", "our", "my"].contains) == true else { return nil }
            return Reply(intent: .contactLookup, ok: false, message: Renderer.relationUnknown(said.joined(separator: " ")), fields: json)
        case 1:
            lastPerson = found[0].name
            return Reply(intent: .contactLookup, ok: true, message: Renderer.contactCard(found[0], style: context.style), fields: json)
        default:
            contactsOnScreen = (Array(found.prefix(9)), .all)
            return Reply(intent: .contactLookup, ok: true, message: Renderer.contactList(found, field: .all, style: context.style), fields: json)
        }
    }

    /// The kinds of contact "which … is" asks among ("which client is the event planner").
    static let contactKinds: Set<String> = ["client", "contact", "customer", "supplier", "tenant", "person", "friend", "colleague"]
    /// Words around what a "who is" question asks for ("who's in flat 3", "the owner of …").
    static let whoIsFiller: Set<String> = ["the", "our", "my", "a", "an", "in", "at", "of", "for", "from", "again", "now", "then", "who", "that", "one"]

    /// True for "how old is Ana", "what age is bob turning", "ana's age".
    static func asksAge(_ line: String) -> Bool {
        let words = Spelling.fold(line).split(whereSeparator: { !$0.isLetter && $0 != "'" })
        return words.contains("age") || zip(words, words.dropFirst()).contains { $0 == "how" && $1 == "old" }
    }

    /// The contact's next birthday from today (29 February kept on the 28th in other years),
    /// with the age turned when the year of birth is known.
    func nextBirthday(of contact: Contact) -> (day: LocalDate, age: Int?)? {
        guard let birthday = contact.birthday, (1...12).contains(birthday.month), (1...31).contains(birthday.day) else { return nil }
        let today = LocalDate(context.now.now(), in: context.zone)
        for year in today.year...(today.year + 1) {
            guard let day = Self.birthday(birthday, in: year), day >= today else { continue }
            return (day, birthday.year.map { year - $0 }.flatMap { $0 > 0 ? $0 : nil })
        }
        return nil
    }

    /// The next event in a year that is this contact's birthday by its title ("Carla's
    /// birthday", "Birthday: Carla Gomez").
    func birthdayEvent(of contact: Contact) -> Event? {
        birthdayEvent(named: contact.givenName ?? contact.name.split(separator: " ").first.map(String.init) ?? contact.name)
    }

    /// The next event in a year titled as `name`'s birthday ("Tom's birthday", "My grandson
    /// Tom's birthday").
    func birthdayEvent(named name: String) -> Event? {
        let now = context.now.now()
        let from = DateText(zone: context.zone).localDate(now).startOfDay(in: context.zone)
        let words = Spelling.fold(name)
        guard !words.isEmpty else { return nil }
        let found = (try? context.calendars.searchEvents(EventSearch(text: "birthday", from: from, to: from + 367 * 86_400))) ?? []
        return found.first { Spelling.fold($0.title).contains(words) }
    }

    /// The next event named `name` (from today, as events are looked for) that has a place.
    func placeOfEvent(named name: String) -> Event? {
        let from = DateText(zone: context.zone).localDate(context.now.now()).startOfDay(in: context.zone)
        let found = (try? searchEvents(words: name, attendee: nil, from: from, to: from + TimeInterval(AgendaDefaults.searchDays * 86_400), calendarIDs: nil)) ?? []
        return found.first { !($0.location ?? "").isEmpty }
    }

    /// The word of a contact's name closest to `said` ("Ana" for "anna"), when it is close
    /// enough to be a typo; a name that is a whole contact's name is tried whole.
    static func closestName(to said: String, in names: [String]) -> String? {
        let words = names.flatMap { $0.split(separator: " ").map(String.init) }
        if let whole = Spelling.closest(to: said, in: names) { return whole }
        return Spelling.closest(to: said, in: Array(Set(words)).sorted())
    }

    /// "who works at Acme", "which contacts have an email", "how many contacts have no
    /// phone number", "how many contacts do I have".
    func filteredContacts(_ filter: ContactFilter) -> Reply {
        let everyone: [Contact]
        do { everyone = try context.contacts.contacts() } catch { return failure(.contactLookup, error) }
        let found = everyone.filter { Self.matches(filter, $0) }
        var reply = Reply(intent: .contactLookup, ok: true, message: Renderer.filteredContacts(found, filter, total: everyone.count, style: context.style),
                          fields: [("contacts", .array(found.map(JSONShapes.contact)))])
        reply.pageable = true
        return reply
    }

    /// True when the contact is one of those the filter asks for.
    static func matches(_ filter: ContactFilter, _ contact: Contact) -> Bool {
        switch filter {
        case .count: true
        case .worksAt(let company): contact.company.map { Spelling.fold($0).contains(Spelling.fold(company)) } ?? false
        case .livesIn(let place): address(of: contact, in: place) != nil
        case .with(let field, let label): has(field, label: label, contact)
        case .without(let field, let label): !has(field, label: label, contact)
        case .howMany(let inner): matches(inner, contact)
        }
    }

    /// The contact's first address that names `place` as whole words, case and accents
    /// aside ("in York" is not New York's "Yorkshire", but is "New York").
    static func address(of contact: Contact, in place: String) -> String? {
        func words(_ text: String) -> String {
            " " + Spelling.fold(text).split { !$0.isLetter && !$0.isNumber }.joined(separator: " ") + " "
        }
        let wanted = words(place)
        guard wanted.count > 2 else { return nil }
        return contact.addresses.first { words($0.value).contains(wanted) }?.value
    }

    /// True when the contact has this detail saved; with a label, a phone, email or address
    /// so labelled (`LabeledValue.isLabelled`).
    static func has(_ field: ContactField, label: DetailLabel? = nil, _ contact: Contact) -> Bool {
        func any(_ values: [LabeledValue]) -> Bool { values.contains { value in label.map { value.isLabelled($0) } ?? true } }
        return switch field {
        case .phone: any(contact.phones)
        case .email: any(contact.emails)
        case .address: any(contact.addresses)
        case .birthday: contact.birthday != nil
        case .company: !(contact.company ?? "").isEmpty
        case .jobTitle: !(contact.jobTitle ?? "").isEmpty
        case .nickname: !contact.nicknames.isEmpty
        case .all: true
        }
    }

    /// A line no rule took that is one or two words near a contact's name ("anna" for Ana,
    /// "ana p" for Ana Pérez): looked up, or asked about; nil when no name is near.
    func nameNearMiss(_ said: String) -> Reply? {
        let words = said.split(separator: " ")
        guard (1...2).contains(words.count), said.count >= 3, words.allSatisfy({ $0.allSatisfy(\.isLetter) }) else { return nil }
        guard let names = try? context.contacts.contactNames(), !names.isEmpty else { return nil }
        let found = (try? context.contacts.lookupContacts(said)) ?? []
        guard !found.isEmpty || Self.closestName(to: said, in: names) != nil else { return nil }
        return lookUpContact(ContactQuery(name: said))
    }
}
