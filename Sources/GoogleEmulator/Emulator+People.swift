import ClerkCore
import ClerkLocal
import Foundation
import LoopbackHTTP

/// The order of a connections listing (`sortOrder`).
enum ConnectionOrder: String {
    case lastModifiedAscending = "LAST_MODIFIED_ASCENDING"
    case lastModifiedDescending = "LAST_MODIFIED_DESCENDING"
    case firstNameAscending = "FIRST_NAME_ASCENDING"
    case lastNameAscending = "LAST_NAME_ASCENDING"
}

/// One page of a People list.
struct PeoplePage {
    var people: [JSONValue]
    var nextPageToken: String?
    var nextSyncToken: String?
    /// How many the whole list holds.
    var total: Int
}

extension Emulator {
    /// Each method's scopes, as people.v1.json lists them (any one allows the call).
    enum PeopleScopes {
        static let read = ["contacts", "contacts.readonly"]
        static let write = ["contacts"]
        static let other = ["contacts.other.readonly"]
        static let copyOther = ["contacts", "contacts.other.readonly"]
        static let get = [
            "contacts", "contacts.other.readonly", "contacts.readonly", "directory.readonly", "user.addresses.read",
            "user.birthday.read", "user.emails.read", "user.gender.read", "user.organization.read", "user.phonenumbers.read",
            "userinfo.email", "userinfo.profile",
        ]
    }

    /// People v1: connections, search, get and batchGet, contact writes one at a time and in
    /// batches (so a test or another client can change contacts behind clerk's back), and the
    /// "Other contacts"; contact groups are in `Emulator+ContactGroups.swift`.
    static let peopleRoutes: [Route] = [
        Route("GET", "v1/people/{peopleId}/connections", scopes: PeopleScopes.read) { try $0.listConnections($1) },
        Route("GET", "v1/people:searchContacts", scopes: PeopleScopes.read) { try $0.searchPeople($1, kind: .contact) },
        Route("GET", "v1/people:batchGet", scopes: PeopleScopes.get) { try $0.batchGetPeople($1) },
        Route("POST", "v1/people:createContact", scopes: PeopleScopes.write) { try $0.createContact($1) },
        Route("PATCH", "v1/people/{peopleId}:updateContact", scopes: PeopleScopes.write) { try $0.updateContact($1) },
        Route("DELETE", "v1/people/{peopleId}:deleteContact", scopes: PeopleScopes.write) { try $0.deleteContact($1) },
        Route("POST", "v1/people:batchCreateContacts", scopes: PeopleScopes.write) { try $0.batchCreateContacts($1) },
        Route("POST", "v1/people:batchUpdateContacts", scopes: PeopleScopes.write) { try $0.batchUpdateContacts($1) },
        Route("POST", "v1/people:batchDeleteContacts", scopes: PeopleScopes.write) { try $0.batchDeleteContacts($1) },
        Route("GET", "v1/people/{peopleId}", scopes: PeopleScopes.get) { try $0.getPerson($1) },
        Route("GET", "v1/otherContacts", scopes: PeopleScopes.other) { try $0.listOtherContacts($1) },
        Route("GET", "v1/otherContacts:search", scopes: PeopleScopes.other) { try $0.searchPeople($1, kind: .other) },
        Route("POST", "v1/otherContacts/{otherContactsId}:copyOtherContactToMyContactsGroup", scopes: PeopleScopes.copyOther) {
            try $0.copyOtherContact($1)
        },
    ]

    static let personNotFound = GoogleError(status: 404, reason: "notFound", message: "Requested entity was not found.")

    // MARK: Lists

    /// `people.connections.list`: the account's contacts, a page at a time, in full or since a
    /// sync token.
    func listConnections(_ call: Call) throws(GoogleError) -> HTTPResponse {
        guard call[capture: "peopleId"] == "me" else {
            throw GoogleError.badRequest("Invalid resource name: only people/me has connections.", location: "resourceName")
        }
        let fields = try PersonFields.read(call, parameter: "personFields", allowed: PersonFields.readable, method: "people.connections/list")
        let orderText = call.parameter("sortOrder") ?? ""
        guard let order = orderText.isEmpty ? .lastModifiedAscending : ConnectionOrder(rawValue: orderText) else {
            throw GoogleError.badRequest(
                "Invalid value at 'sort_order' (type.googleapis.com/google.people.v1.ListConnectionsRequest.SortOrder), \"\(orderText)\"",
                location: "sortOrder")
        }
        try readSources(call)
        let page = try pageOfPeople(call, kind: .contact, fields: fields, order: order)
        var members: [(String, JSONValue)] = []
        if !page.people.isEmpty { members.append(("connections", .array(page.people))) }
        if let next = page.nextPageToken { members.append(("nextPageToken", .string(next))) }
        if let sync = page.nextSyncToken { members.append(("nextSyncToken", .string(sync))) }
        members += [("totalPeople", .number(Double(page.total))), ("totalItems", .number(Double(page.total)))]
        return try .json(.object(members), for: call)
    }

    /// `otherContacts.list`: people the account interacted with but never saved. Their
    /// `readMask` is limited to what an other contact has, unless the profile source is asked too.
    func listOtherContacts(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let sources = try readSources(call)
        let allowed = sources.contains("READ_SOURCE_TYPE_PROFILE") ? PersonFields.readable : PersonFields.otherContact
        let fields = try PersonFields.read(call, parameter: "readMask", allowed: allowed, method: "otherContacts/list")
        let page = try pageOfPeople(call, kind: .other, fields: fields, order: .lastModifiedAscending)
        var members: [(String, JSONValue)] = []
        if !page.people.isEmpty { members.append(("otherContacts", .array(page.people))) }
        if let next = page.nextPageToken { members.append(("nextPageToken", .string(next))) }
        if let sync = page.nextSyncToken { members.append(("nextSyncToken", .string(sync))) }
        members.append(("totalSize", .number(Double(page.total))))
        return try .json(.object(members), for: call)
    }

    /// One page of people of `kind`, every one or (with `syncToken`) those changed since.
    ///
    /// Lists ordered by change — by last modification, and every list since a sync token —
    /// page by change number: the page token holds the change number of the last person sent,
    /// so a person changed while the client pages moves behind it and comes again rather than
    /// being skipped. Lists in name order page by position. A page token holds the store's
    /// newest change when the first page was made, and that is where the last page's
    /// `nextSyncToken` starts, so what changed while paging comes again in the next sync.
    private func pageOfPeople(_ call: Call, kind: PersonKind, fields: PersonFields, order: ConnectionOrder) throws(GoogleError) -> PeoplePage {
        let askedSize = try call.integer("pageSize", in: 0...1000) ?? 0
        let size = askedSize == 0 ? 100 : askedSize
        let wantsSyncToken = try call.flag("requestSyncToken") ?? false
        let (latest, feed) = try withStore { try ContactFeedCache.shared.feed(of: $0) }
        var since: PeopleSyncToken?
        if let text = call.parameter("syncToken"), !text.isEmpty {
            guard let token = PeopleSyncToken(text), token.kind == kind else { throw PeopleSyncToken.invalid }
            guard !token.isExpired(validFrom: syncTokensValidFrom, latest: latest, now: now) else { throw PeopleSyncToken.expired }
            since = token
        }
        let query = Emulator.listingFingerprint(call)
        var start: PageToken?
        if let text = call.parameter("pageToken"), !text.isEmpty { start = try PageToken(text, query: query) }
        let snapshot = start?.snapshot ?? latest

        let after = since?.after ?? 0
        let entries = feed.filter { entry in
            guard entry.version > after, kind.holds(storedID: Emulator.storedID(of: entry)) else { return false }
            if since == nil, case .removed = entry { return false }
            return true
        }
        let page: [FeedEntry<Contact>]
        var next: Int?
        switch since == nil ? order : .lastModifiedAscending {
        case .lastModifiedAscending:
            let cursor = Int64(start?.offset ?? 0)
            let rest = entries.filter { $0.version > cursor }
            page = Array(rest.prefix(size))
            if rest.count > size, let last = page.last { next = Int(last.version) }
        case .lastModifiedDescending:
            let cursor = start.map { Int64($0.offset) } ?? .max
            let rest = entries.reversed().filter { $0.version < cursor }
            page = Array(rest.prefix(size))
            if rest.count > size, let last = page.last { next = Int(last.version) }
        case .firstNameAscending, .lastNameAscending:
            let byFirst = order == .firstNameAscending
            let keyed = entries.map { entry -> (key: [String], entry: FeedEntry<Contact>) in
                guard case .present(let replica) = entry else { return ([], entry) }
                let contact = replica.item
                let first = Spelling.fold(contact.givenName ?? contact.name), last = Spelling.fold(contact.familyName ?? contact.name)
                return (byFirst ? [first, last, contact.id] : [last, first, contact.id], entry)
            }
            let sorted = keyed.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.entry)
            let from = min(start?.offset ?? 0, sorted.count)
            page = Array(sorted[from..<min(from + size, sorted.count)])
            if from + size < sorted.count { next = from + size }
        }
        let people = page.map { entry -> JSONValue in
            switch entry {
            case .present(let replica): return PersonResource.person(replica, fields: fields)
            case .removed(let id, let version): return PersonResource.deletedPerson(storedID: id, version: version)
            }
        }
        var syncToken: String?
        if next == nil, wantsSyncToken || since != nil {
            syncToken = PeopleSyncToken(kind: kind, after: snapshot, validFrom: syncTokensValidFrom, issued: now).text
        }
        return PeoplePage(people: people, nextPageToken: next.map { PageToken(offset: $0, snapshot: snapshot, query: query).text },
                          nextSyncToken: syncToken, total: entries.count)
    }

    static func storedID(of entry: FeedEntry<Contact>) -> String {
        switch entry {
        case .present(let replica): return replica.item.id
        case .removed(let id, _): return id
        }
    }

    /// What a page token is bound to: every parameter of a list but the token itself (and
    /// the system ones like `alt` and `fields`), so another query cannot use it.
    static func listingFingerprint(_ call: Call) -> String {
        let names = ["personFields", "readMask", "requestMask.includeField", "pageSize", "sortOrder", "requestSyncToken", "syncToken"]
        let text = names.map { "\($0)=\(call.parameter($0) ?? "")" }.joined(separator: "&")
            + "&sources=" + call.request.parameters("sources").joined(separator: ",")
        return String(PersonResource.fingerprint(text), radix: 16)
    }

    /// The source types of `sources` (repeated, or a comma list); 400 for one Google does not have.
    @discardableResult
    func readSources(_ call: Call) throws(GoogleError) -> Set<String> {
        let known: Set<String> = [
            "READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT",
            "READ_SOURCE_TYPE_OTHER_CONTACT",
        ]
        let values = call.request.parameters("sources").flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        for (index, value) in values.enumerated() where !known.contains(value) {
            throw GoogleError.badRequest("Invalid value at 'sources[\(index)]' (type.googleapis.com/google.people.v1.ReadSourceType), \"\(value)\"",
                                         location: "sources")
        }
        return Set(values)
    }

    // MARK: Search

    /// `people.searchContacts` and `otherContacts.search`: at most 30 people whose names,
    /// nicknames, emails, phones or organizations have a phrase the query begins (see
    /// `PeopleSearch`), by name. An empty query is the warm-up Google asks for, and finds nobody
    /// (with `searchIndex` kept, it also refreshes what later searches see).
    func searchPeople(_ call: Call, kind: PersonKind) throws(GoogleError) -> HTTPResponse {
        let fields: PersonFields
        if kind == .contact {
            fields = try PersonFields.read(call, parameter: "readMask", allowed: PersonFields.readable, method: "people/searchContacts")
            try readSources(call)
        } else {
            fields = try PersonFields.read(call, parameter: "readMask", allowed: PersonFields.otherContactSearch, method: "otherContacts/search")
        }
        let askedSize = try call.integer("pageSize", in: 0...Int(Int32.max)) ?? 0
        let size = askedSize == 0 ? 10 : min(askedSize, 30)
        guard let text = call.parameter("query") else { throw GoogleError.badRequest("query is required.", location: "query") }
        let search = PeopleSearch(text)
        if search.isEmpty, searchIndex != nil {
            searchIndex?.feed = try withStore { try ContactFeedCache.shared.feed(of: $0) }.feed
        }
        guard !search.isEmpty else { return try .json(.object([]), for: call) }
        let feed: [FeedEntry<Contact>]
        if let index = searchIndex { feed = index.feed } else { feed = try withStore { try ContactFeedCache.shared.feed(of: $0) }.feed }
        let found = feed.compactMap { entry -> Replica<Contact>? in
            guard case .present(let replica) = entry, kind.holds(storedID: replica.item.id), search.matches(replica) else { return nil }
            return replica
        }
        let best = found.sorted { (Spelling.fold($0.item.name), $0.item.id) < (Spelling.fold($1.item.name), $1.item.id) }.prefix(size)
        guard !best.isEmpty else { return try .json(.object([]), for: call) }
        return try .json(["results": .array(best.map { ["person": PersonResource.person($0, fields: fields)] })], for: call)
    }

    /// What contact searches see when the emulator plays Google's search cache: the contacts
    /// at the last warm-up request (an empty query), none before the first. Google asks
    /// clients to send that warm-up before searching, as results are otherwise stale or empty.
    struct SearchIndex {
        var feed: [FeedEntry<Contact>] = []
    }

    // MARK: Reading one or a few

    /// `people.get`: a contact, or with `people/me` the account's own profile.
    func getPerson(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let fields = try PersonFields.read(call, parameter: "personFields", allowed: PersonFields.readable, method: "people/get")
        try readSources(call)
        guard let person = try lookUpPerson(call[capture: "peopleId"], fields: fields) else { throw Emulator.personNotFound }
        return try .json(person, for: call)
    }

    /// `people.getBatchGet`: up to 200 people by resource name, each with its own status.
    func batchGetPeople(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let fields = try PersonFields.read(call, parameter: "personFields", allowed: PersonFields.readable, method: "people/getBatchGet")
        try readSources(call)
        let names = call.request.parameters("resourceNames")
        guard !names.isEmpty else { throw GoogleError.badRequest("resourceNames is required.", location: "resourceNames") }
        guard names.count <= 200 else {
            throw GoogleError.badRequest("Too many resourceNames: at most 200 may be asked for at once.", location: "resourceNames")
        }
        var responses: [JSONValue] = []
        for name in names {
            guard name.hasPrefix("people/"), name.count > 7 else {
                throw GoogleError.badRequest("Resource name \"\(name)\" is not a valid person resource name.", location: "resourceNames")
            }
            if let person = try lookUpPerson(String(name.dropFirst(7)), fields: fields) {
                responses.append(["requestedResourceName": .string(name), "httpStatusCode": 200, "person": person, "status": [:]])
            } else {
                responses.append([
                    "requestedResourceName": .string(name), "httpStatusCode": 404,
                    "status": ["code": 5, "message": .string(Emulator.personNotFound.message)],
                ])
            }
        }
        return try .json(["responses": .array(responses)], for: call)
    }

    /// The person behind the last part of a `people/…` name: `me` and the account's own id
    /// are its profile; other contacts are not reachable this way.
    private func lookUpPerson(_ id: String, fields: PersonFields) throws(GoogleError) -> JSONValue? {
        if id == "me" || id == PersonResource.accountID(account) { return PersonResource.profile(account: account, fields: fields) }
        guard PersonKind(storedID: id) == .contact, let replica = try withStore({ try $0.contactReplica(id: id) }) else { return nil }
        return PersonResource.person(replica, fields: fields)
    }

    // MARK: Writes

    /// `people.createContact`: a new contact with an id as Google makes them.
    func createContact(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let fields = try PersonFields.read(call, parameter: "personFields", allowed: PersonFields.readable, method: "people/createContact",
                                           default: .all)
        try readSources(call)
        let body = try jsonBody(call.request)
        let replica = try withStore { store in
            try store.atomically {
                let (contact, unmodeled) = try PersonResource.contact(from: body, id: try newContactID(in: store))
                try Emulator.checkNewContact(body)
                return try store.putContact(contact, unmodeled: unmodeled)
            }
        }
        return try .json(PersonResource.person(replica, fields: fields), for: call)
    }

    /// A new contact must hold something (checked after the person is read, so an unknown
    /// member is still its own 400): an empty person is 400 "Request must contain a
    /// person.", one of metadata alone (or empty lists) "Must specify a non-metadata contact
    /// field on the person.", as Google words them.
    static func checkNewContact(_ person: JSONValue) throws(GoogleError) {
        guard let members = person.objectValue, !members.isEmpty else { throw GoogleError.badRequest("Request must contain a person.") }
        let holdsAField = members.contains { key, value in
            PersonFields.writable.contains(key) && value != .null && value.arrayValue?.isEmpty != true && value.objectValue?.isEmpty != true
        }
        guard holdsAField else { throw GoogleError.badRequest("Must specify a non-metadata contact field on the person.") }
    }

    /// `people.updateContact`: replaces the fields `updatePersonFields` names, when the etag
    /// sent (the person's, or its contact source's) is the current one; a stale one is 400
    /// `FAILED_PRECONDITION`, as Google answers.
    func updateContact(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let id = call[capture: "peopleId"]
        let changed = try PersonFields.read(call, parameter: "updatePersonFields", allowed: PersonFields.writable, method: "people/updateContact")
        let fields = try PersonFields.read(call, parameter: "personFields", allowed: PersonFields.readable, method: "people/updateContact",
                                           default: .all)
        try readSources(call)
        let body = try jsonBody(call.request)
        let replica = try withStore { store in try store.atomically { try Emulator.update(id, with: body, changing: changed, in: store) } }
        return try .json(PersonResource.person(replica, fields: fields), for: call)
    }

    /// Replaces the fields `changed` names of contact `id` with the person's, when the etag
    /// it carries is the current one.
    static func update(_ id: String, with person: JSONValue, changing changed: PersonFields, in store: LocalStore) throws -> Replica<Contact> {
        try PersonResource.checkSchema(person)
        guard PersonKind(storedID: id) == .contact, let current = try store.contactReplica(id: id) else { throw Emulator.personNotFound }
        try Emulator.checkEtag(of: person, against: current)
        var fields = PersonResource.writableFields(of: current).filter { !changed.contains($0.0) }
        for field in PersonFields.writable where changed.contains(field) {
            if let value = person[field] { fields.append((field, value)) }
        }
        let (contact, unmodeled) = try PersonResource.contact(from: .object(fields), id: id)
        if contact == current.item, unmodeled == current.unmodeled { return current }
        return try store.putContact(contact, unmodeled: unmodeled)
    }

    // MARK: Writes in batches

    /// `people.batchCreateContacts`: `{contacts: [{contactPerson}], readMask}`, at most 200,
    /// all made or none.
    func batchCreateContacts(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let body = try jsonBody(call.request)
        let method = "people/batchCreateContacts"
        let fields = try PersonFields.parse(body["readMask"]?.stringValue ?? "", parameter: "readMask", allowed: PersonFields.readable, method: method)
        let items = body["contacts"]?.arrayValue ?? []
        guard !items.isEmpty else { throw GoogleError.badRequest("contacts must not be empty.", location: "contacts") }
        guard items.count <= 200 else { throw GoogleError.badRequest("Too many contacts: at most 200 may be created at once.", location: "contacts") }
        let made = try withStore { store in
            try store.atomically {
                try items.map { item in
                    let (contact, unmodeled) = try PersonResource.contact(from: item["contactPerson"] ?? [:], id: try newContactID(in: store))
                    try Emulator.checkNewContact(item["contactPerson"] ?? [:])
                    return try store.putContact(contact, unmodeled: unmodeled)
                }
            }
        }
        let people: [JSONValue] = made.map { ["httpStatusCode": 200, "person": PersonResource.person($0, fields: fields), "status": [:]] }
        return try .json(["createdPeople": .array(people)], for: call)
    }

    /// `people.batchUpdateContacts`: `{contacts: {resourceName: person}, updateMask,
    /// readMask}`, at most 200, each with its etag; all changed or none.
    func batchUpdateContacts(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let body = try jsonBody(call.request)
        let method = "people/batchUpdateContacts"
        let changed = try PersonFields.parse(body["updateMask"]?.stringValue ?? "", parameter: "updateMask", allowed: PersonFields.writable, method: method)
        let fields = try PersonFields.parse(body["readMask"]?.stringValue ?? "", parameter: "readMask", allowed: PersonFields.readable, method: method)
        let items = body["contacts"]?.objectValue ?? []
        guard !items.isEmpty else { throw GoogleError.badRequest("contacts must not be empty.", location: "contacts") }
        guard items.count <= 200 else { throw GoogleError.badRequest("Too many contacts: at most 200 may be updated at once.", location: "contacts") }
        let updated = try withStore { store in
            try store.atomically {
                try items.map { name, person in
                    guard name.hasPrefix("people/") else { throw Emulator.personNotFound }
                    return (name, try Emulator.update(String(name.dropFirst("people/".count)), with: person, changing: changed, in: store))
                }
            }
        }
        let results = updated.map { name, replica -> (String, JSONValue) in
            (name, ["httpStatusCode": 200, "person": PersonResource.person(replica, fields: fields), "status": [:]])
        }
        return try .json(["updateResult": .object(results)], for: call)
    }

    /// `people.batchDeleteContacts`: `{resourceNames}`, at most 500; all go, or none when
    /// one is no contact.
    func batchDeleteContacts(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let names = try jsonBody(call.request)["resourceNames"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard !names.isEmpty else { throw GoogleError.badRequest("resourceNames must not be empty.", location: "resourceNames") }
        guard names.count <= 500 else { throw GoogleError.badRequest("Too many resourceNames: at most 500 may be deleted at once.", location: "resourceNames") }
        try withStore { store in
            try store.atomically {
                for name in names {
                    let id = String(name.dropFirst("people/".count))
                    guard name.hasPrefix("people/"), PersonKind(storedID: id) == .contact, try store.contactReplica(id: id) != nil else {
                        throw Emulator.personNotFound
                    }
                    try store.removeContact(id: id)
                }
            }
        }
        return try .json(.object([]), for: call)
    }

    /// Google wants the etag of what the client read: the person's `etag`, or the `etag` of
    /// its contact source in `metadata.sources`.
    static func checkEtag(of body: JSONValue, against current: Replica<Contact>) throws(GoogleError) {
        func stale(_ field: String) -> GoogleError {
            GoogleError(status: 400, reason: "failedPrecondition",
                        message: "Request \(field) is different than the current \(field). Clear local cache and get the latest person.",
                        canonicalStatus: "FAILED_PRECONDITION")
        }
        if let etag = body["etag"]?.stringValue, !etag.isEmpty {
            guard etag == PersonResource.etag(current.version) else { throw stale("person.etag") }
            return
        }
        let sources = body["metadata"]?["sources"]?.arrayValue ?? []
        if let etag = sources.first(where: { ($0["type"]?.stringValue ?? "CONTACT") == "CONTACT" })?["etag"]?.stringValue, !etag.isEmpty {
            guard etag == PersonResource.sourceEtag(current.version) else { throw stale("person.metadata.sources.etag") }
            return
        }
        throw GoogleError.badRequest("Request must set person.etag or person.metadata.sources.etag for the source that is being updated.")
    }

    /// `people.deleteContact`: the contact goes (its id stays taken; a sync reports it deleted).
    func deleteContact(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let id = call[capture: "peopleId"]
        try withStore { store in
            try store.atomically {
                guard PersonKind(storedID: id) == .contact, try store.contactReplica(id: id) != nil else { throw Emulator.personNotFound }
                try store.removeContact(id: id)
            }
        }
        return try .json(.object([]), for: call)
    }

    /// `otherContacts.copyOtherContactToMyContactsGroup`: a new contact made of the fields
    /// `copyMask` names of an other contact (which stays where it is).
    func copyOtherContact(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let body = try jsonBody(call.request)
        let method = "otherContacts/copyOtherContactToMyContactsGroup"
        let copied = try PersonFields.parse(body["copyMask"]?.stringValue ?? "", parameter: "copyMask",
                                            allowed: ["emailAddresses", "names", "phoneNumbers"], method: method)
        let fields = try PersonFields.parse(body["readMask"]?.stringValue ?? "", parameter: "readMask", allowed: PersonFields.readable,
                                            method: method, default: PersonFields(names: copied.names.union(["metadata", "memberships"])))
        let id = PersonKind.other.storedID(call[capture: "otherContactsId"])
        let replica = try withStore { store in
            try store.atomically {
                guard let other = try store.contactReplica(id: id) else { throw Emulator.personNotFound }
                let person = PersonResource.writableFields(of: other).filter { copied.contains($0.0) }
                let (contact, unmodeled) = try PersonResource.contact(from: .object(person), id: try newContactID(in: store))
                return try store.putContact(contact, unmodeled: unmodeled)
            }
        }
        return try .json(PersonResource.person(replica, fields: fields), for: call)
    }

    /// A contact id no contact has.
    func newContactID(in store: LocalStore) throws -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let id = PersonResource.newID(using: &generator)
            if try store.contactReplica(id: id) == nil { return id }
        }
    }

    // MARK: Seeding and generating

    /// Loads a .vcf of a seed folder into the contacts. A file whose name begins with
    /// "other" (`other-contacts.vcf`) fills the "Other contacts" instead. Each card's id comes
    /// from its UID, so seeding the same file again changes nothing.
    func seedContacts(path: String) throws {
        let name = (path as NSString).lastPathComponent
        let kind: PersonKind = name.lowercased().hasPrefix("other") ? .other : .contact
        let cards = try VCardReader(file: name).read(Data(contentsOf: URL(fileURLWithPath: path)))
        try store.atomically {
            for card in cards {
                var contact = card.contact
                contact.id = kind.storedID(PersonResource.seededID(uid: card.uid))
                if let existing = try store.contactReplica(id: contact.id), existing.item == contact { continue }
                try store.putContact(contact, unmodeled: nil)
            }
        }
    }

    /// Makes `count` contacts for benchmarks, the same every run: a name, an email and a
    /// mobile number each, in one transaction.
    func generateContacts(_ count: Int, random: inout SeededRandom) throws {
        guard count > 0 else { return }
        /// `number` in decimal with leading zeros to `width` digits.
        func padded(_ number: UInt64, to width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let given = ["Ana", "Bob", "Carla", "David", "Elena", "Farid", "Greta", "Hugo", "Irene", "Jon", "Kiko", "Lucía", "Marta",
                     "Nico", "Olga", "Pablo", "Rosa", "Sven", "Teresa", "Umar", "Vera", "Wen", "Ximena", "Yusuf", "Zoe"]
        let family = ["Pérez", "López", "Stone", "Gomez", "Novak", "Schmidt", "Rossi", "Dubois", "Silva", "Kowalski", "Nakamura",
                      "Okafor", "Larsen", "Müller", "García", "Ivanova", "Haddad", "Chen", "Murphy", "Costa"]
        try store.atomically {
            for index in 0..<count {
                let first = given[Int(random.next() % UInt64(given.count))]
                let last = family[Int(random.next() % UInt64(family.count))]
                let mailbox = Spelling.fold(first + "." + last).filter { $0.isLetter || $0 == "." }
                let phone = "+34 6" + [100, 1000, 1000].map { padded(random.next() % $0, to: String($0 - 1).count) }.joined(separator: " ")
                let contact = Contact(id: PersonResource.newID(using: &random), name: "\(first) \(last)", givenName: first, familyName: last,
                                      emails: [LabeledValue("\(mailbox)\(index)@example.com", label: index % 3 == 0 ? "work" : "home")],
                                      phones: [LabeledValue(phone, label: "mobile")])
                try store.putContact(contact, unmodeled: nil)
            }
        }
    }

}
