import ClerkCore
import ClerkLocal
import Foundation
import LoopbackHTTP

/// People v1's contact groups (labels): the system groups every account has, the account's
/// own, and who is in each.
///
/// The account's own groups are kept in the store's sync state as one JSON list (so a reset
/// forgets them); who is in a group is a contact's `memberships`, kept with the contact (a
/// contact that names none is in "My Contacts"), so adding someone to a group is a change
/// of that contact, which a connections sync reports.
extension Emulator {
    static let contactGroupRoutes: [Route] = [
        Route("GET", "v1/contactGroups", scopes: PeopleScopes.read) { try $0.listContactGroups($1) },
        Route("POST", "v1/contactGroups", scopes: PeopleScopes.write) { try $0.createContactGroup($1) },
        Route("GET", "v1/contactGroups:batchGet", scopes: PeopleScopes.read) { try $0.batchGetContactGroups($1) },
        Route("GET", "v1/contactGroups/{groupId}", scopes: PeopleScopes.read) { try $0.getContactGroup($1) },
        Route("PUT", "v1/contactGroups/{groupId}", scopes: PeopleScopes.write) { try $0.updateContactGroup($1) },
        Route("DELETE", "v1/contactGroups/{groupId}", scopes: PeopleScopes.write) { try $0.deleteContactGroup($1) },
        Route("POST", "v1/contactGroups/{groupId}/members:modify", scopes: PeopleScopes.write) { try $0.modifyContactGroupMembers($1) },
    ]

    /// The system groups, by id, with the name Google shows for each.
    static let systemGroups: [(id: String, formattedName: String)] = [
        ("myContacts", "My Contacts"), ("starred", "Starred"), ("friends", "Friends"), ("family", "Family"), ("coworkers", "Coworkers"),
        ("chatBuddies", "Chat contacts"), ("all", "All Contacts"), ("blocked", "Blocked"),
    ]

    static let contactGroupsKey = "people.contactGroups"

    /// One group: a system one, or the account's (`name`, `clientData`, and how many times
    /// it changed and when it last did, for its etag and `metadata.updateTime`).
    struct ContactGroup {
        var id: String
        var name: String
        var isSystem: Bool
        var clientData: JSONValue?
        var version: Int64
        var updated: Date

        var resourceName: String { "contactGroups/" + id }

        var json: JSONValue {
            var members: [(String, JSONValue)] = [("id", .string(id)), ("name", .string(name)), ("version", .number(Double(version))),
                                                  ("updated", .string(Wire.timestamp(updated)))]
            if let clientData { members.append(("clientData", clientData)) }
            return .object(members)
        }

        init(id: String, name: String, isSystem: Bool, clientData: JSONValue? = nil, version: Int64, updated: Date) {
            (self.id, self.name, self.isSystem, self.clientData, self.version, self.updated) = (id, name, isSystem, clientData, version, updated)
        }

        init?(_ json: JSONValue) {
            guard let id = json["id"]?.stringValue, let name = json["name"]?.stringValue else { return nil }
            self.init(id: id, name: name, isSystem: false, clientData: json["clientData"], version: Int64(json["version"]?.intValue ?? 0),
                      updated: json["updated"]?.stringValue.flatMap { ClockText.rfc3339Instant($0) } ?? Date(timeIntervalSince1970: 0))
        }
    }

    /// The account's own groups, oldest first.
    func userContactGroups() throws(GoogleError) -> [ContactGroup] {
        guard let text = try withStore({ try $0.syncValue(Emulator.contactGroupsKey) }),
              let list = try? JSONValue.parse(bytes: Array(text.utf8)).arrayValue else { return [] }
        return list.compactMap(ContactGroup.init)
    }

    func saveUserContactGroups(_ groups: [ContactGroup]) throws(GoogleError) {
        try withStore { try $0.setSyncValue(Emulator.contactGroupsKey, JSONValue.array(groups.map(\.json)).serialized()) }
    }

    /// Every group: the account's, then the system ones.
    func contactGroups() throws(GoogleError) -> [ContactGroup] {
        let created = Date(timeIntervalSince1970: 0)
        return try userContactGroups() + Emulator.systemGroups.map { ContactGroup(id: $0.id, name: $0.id, isSystem: true, version: 0, updated: created) }
    }

    /// The group a path names, or 404.
    func contactGroup(_ call: Call) throws(GoogleError) -> ContactGroup {
        guard let group = try contactGroups().first(where: { $0.id == call[capture: "groupId"] }) else {
            throw GoogleError(status: 404, reason: "notFound", message: "Requested entity was not found.")
        }
        return group
    }

    /// The resource names of the groups a contact is in.
    static func groupNames(of replica: Replica<Contact>) -> [String] {
        guard let kept = replica.unmodeled?["memberships"]?.arrayValue else { return ["contactGroups/myContacts"] }
        return kept.compactMap { $0["contactGroupMembership"]?["contactGroupResourceName"]?.stringValue }
    }

    /// The people in each group, by group resource name ("All Contacts" holds everyone).
    func groupMembers() throws(GoogleError) -> [String: [String]] {
        let feed = try withStore { try ContactFeedCache.shared.feed(of: $0) }.feed
        var members: [String: [String]] = [:]
        for entry in feed {
            guard case .present(let replica) = entry, PersonKind(storedID: replica.item.id) == .contact else { continue }
            let name = PersonKind.contact.resourceName(storedID: replica.item.id)
            for group in Emulator.groupNames(of: replica) + ["contactGroups/all"] { members[group, default: []].append(name) }
        }
        return members
    }

    /// `groupFields`: absent or empty is metadata, groupType, memberCount and name.
    static func groupFields(_ call: Call) throws(GoogleError) -> Set<String> {
        let allowed = ["clientData", "groupType", "memberCount", "metadata", "name"]
        let paths = (call.parameter("groupFields") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !paths.isEmpty else { return ["metadata", "groupType", "memberCount", "name"] }
        for path in paths where !allowed.contains(path) {
            throw GoogleError.badRequest("Invalid groupFields mask path: \"\(path)\".", location: "groupFields")
        }
        return Set(paths)
    }

    /// A group as a ContactGroup resource, with the fields asked for and up to `maxMembers`
    /// of its members' resource names.
    func groupResource(_ group: ContactGroup, fields: Set<String>, members: [String], maxMembers: Int = 0) -> JSONValue {
        var result: [(String, JSONValue)] = [("resourceName", .string(group.resourceName)),
                                             ("etag", .string(Wire.base64URL(Array("g\(group.id):\(group.version)".utf8))))]
        if fields.contains("metadata") { result.append(("metadata", ["updateTime": .string(Wire.timestamp(group.updated))])) }
        if fields.contains("groupType") { result.append(("groupType", group.isSystem ? "SYSTEM_CONTACT_GROUP" : "USER_CONTACT_GROUP")) }
        if fields.contains("name") { result.append(("name", .string(group.name))) }
        let formatted = Emulator.systemGroups.first { group.isSystem && $0.id == group.id }?.formattedName ?? group.name
        result.append(("formattedName", .string(formatted)))
        if maxMembers > 0, !members.isEmpty { result.append(("memberResourceNames", .array(members.prefix(maxMembers).map(JSONValue.string)))) }
        if fields.contains("memberCount"), !members.isEmpty { result.append(("memberCount", .number(Double(members.count)))) }
        if fields.contains("clientData"), let clientData = group.clientData { result.append(("clientData", clientData)) }
        return .object(result)
    }

    // MARK: Reading

    /// contactGroups.list: every group a page at a time. There is no change feed of groups:
    /// a sync token gives every group again.
    func listContactGroups(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let fields = try Emulator.groupFields(call)
        let size = try call.integer("pageSize", in: 0...1000).map { $0 == 0 ? 30 : $0 } ?? 30
        let groups = try contactGroups()
        let members = try groupMembers()
        if let token = call.parameter("syncToken"), !token.isEmpty { _ = try readSyncToken(token, scope: "contactGroups") }
        let latest = try withStore { try $0.latestVersion() }
        let page = try PageToken.page(groups, token: call.parameter("pageToken"), size: size,
                                      query: "contactGroups:" + (call.parameter("groupFields") ?? ""), snapshot: latest)
        var result: [(String, JSONValue)] = [
            ("contactGroups", .array(page.items.map { groupResource($0, fields: fields, members: members[$0.resourceName] ?? []) })),
            ("totalItems", .number(Double(groups.count))),
        ]
        if let next = page.next {
            result.append(("nextPageToken", .string(next)))
        } else {
            result.append(("nextSyncToken", .string(syncToken(scope: "contactGroups", version: latest))))
        }
        return try .json(.object(result), for: call)
    }

    func getContactGroup(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let group = try contactGroup(call)
        let maxMembers = try call.integer("maxMembers", in: 0...Int(Int32.max)) ?? 0
        let members = try groupMembers()[group.resourceName] ?? []
        return try .json(groupResource(group, fields: Emulator.groupFields(call), members: members, maxMembers: maxMembers), for: call)
    }

    /// contactGroups.batchGet: up to 200 groups by resource name, each with its own status.
    func batchGetContactGroups(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let names = call.request.parameters("resourceNames")
        guard !names.isEmpty else { throw GoogleError.badRequest("resourceNames is required.", location: "resourceNames") }
        guard names.count <= 200 else { throw GoogleError.badRequest("Too many resourceNames: at most 200.", location: "resourceNames") }
        let fields = try Emulator.groupFields(call)
        let maxMembers = try call.integer("maxMembers", in: 0...Int(Int32.max)) ?? 0
        let groups = try contactGroups()
        let members = try groupMembers()
        let responses: [JSONValue] = names.map { name in
            guard let group = groups.first(where: { $0.resourceName == name }) else {
                return ["requestedResourceName": .string(name), "status": ["code": 5, "message": "Requested entity was not found."]]
            }
            return ["requestedResourceName": .string(name), "status": [:],
                    "contactGroup": groupResource(group, fields: fields, members: members[name] ?? [], maxMembers: maxMembers)]
        }
        return try .json(["responses": .array(responses)], for: call)
    }

    // MARK: Writing

    /// A group name: not empty, and not another group's (409 `ALREADY_EXISTS`).
    func checkGroupName(_ name: String?, except id: String? = nil) throws(GoogleError) -> String {
        guard let name = name?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            throw GoogleError.badRequest("Contact group name must not be empty.", location: "contactGroup.name")
        }
        if try contactGroups().contains(where: { $0.id != id && ($0.name == name || $0.isSystem && $0.id.lowercased() == name.lowercased()) }) {
            throw GoogleError(status: 409, reason: "alreadyExists", message: "Contact group name already exists.")
        }
        return name
    }

    /// contactGroups.create: `{contactGroup: {name, clientData?}, readGroupFields?}`.
    func createContactGroup(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let body = try jsonBody(call.request)
        let name = try checkGroupName(body["contactGroup"]?["name"]?.stringValue)
        var groups = try userContactGroups()
        var id: String
        repeat { id = Wire.random(14, from: "0123456789abcdef") } while groups.contains { $0.id == id }
        let group = ContactGroup(id: id, name: name, isSystem: false, clientData: body["contactGroup"]?["clientData"],
                                 version: 1, updated: now)
        groups.append(group)
        try saveUserContactGroups(groups)
        let fields = try Emulator.readGroupFields(body)
        return try .json(groupResource(group, fields: fields, members: []), for: call)
    }

    /// contactGroups.update: the `updateGroupFields` (name, clientData; name when absent) of
    /// an account's group, when its etag (if sent) is the current one.
    func updateContactGroup(_ call: Call) throws(GoogleError) -> HTTPResponse {
        var group = try contactGroup(call)
        guard !group.isSystem else { throw GoogleError.badRequest("System contact groups cannot be changed.") }
        let body = try jsonBody(call.request)
        let sent = body["contactGroup"] ?? [:]
        if let etag = sent["etag"]?.stringValue, !etag.isEmpty, etag != Wire.base64URL(Array("g\(group.id):\(group.version)".utf8)) {
            throw GoogleError(status: 400, reason: "failedPrecondition", message: "Request contact group etag is different than the current one.",
                              canonicalStatus: "FAILED_PRECONDITION")
        }
        let paths = (body["updateGroupFields"]?.stringValue ?? "name").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for path in paths where path != "name" && path != "clientData" {
            throw GoogleError.badRequest("Invalid updateGroupFields mask path: \"\(path)\".", location: "updateGroupFields")
        }
        if paths.contains("name") { group.name = try checkGroupName(sent["name"]?.stringValue, except: group.id) }
        if paths.contains("clientData") { group.clientData = sent["clientData"].flatMap { $0 == .null ? nil : $0 } }
        group.version += 1
        group.updated = now
        let changed = group
        try saveUserContactGroups(try userContactGroups().map { $0.id == changed.id ? changed : $0 })
        let members = try groupMembers()[group.resourceName] ?? []
        return try .json(groupResource(group, fields: Emulator.readGroupFields(body), members: members), for: call)
    }

    static func readGroupFields(_ body: JSONValue) throws(GoogleError) -> Set<String> {
        let text = body["readGroupFields"]?.stringValue ?? ""
        return Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            .union(text.isEmpty ? ["metadata", "groupType", "memberCount", "name"] : [])
    }

    /// contactGroups.delete: the group goes from the list and from its members (who stay,
    /// unless `deleteContacts`).
    func deleteContactGroup(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let group = try contactGroup(call)
        guard !group.isSystem else { throw GoogleError.badRequest("System contact groups cannot be deleted.") }
        let deleteContacts = try call.flag("deleteContacts") ?? false
        let feed = try withStore { try ContactFeedCache.shared.feed(of: $0) }.feed
        try withStore { store in
            try store.atomically {
                for entry in feed {
                    guard case .present(let replica) = entry, Emulator.groupNames(of: replica).contains(group.resourceName) else { continue }
                    if deleteContacts {
                        try store.removeContact(id: replica.item.id)
                    } else {
                        try store.putContact(replica.item, unmodeled: Emulator.withMemberships(Emulator.groupNames(of: replica).filter { $0 != group.resourceName }, in: replica))
                    }
                }
            }
        }
        try saveUserContactGroups(try userContactGroups().filter { $0.id != group.id })
        return try .json(.object([]), for: call)
    }

    /// contactGroups.members.modify: `{resourceNamesToAdd, resourceNamesToRemove}` (people
    /// resource names); those that are no contact come back in `notFoundResourceNames`.
    /// Removing someone from "My Contacts" is refused unless they are in another group.
    func modifyContactGroupMembers(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let group = try contactGroup(call)
        guard !group.isSystem || ["myContacts", "starred"].contains(group.id) else {
            throw GoogleError.badRequest("Cannot modify the members of this system contact group.")
        }
        let body = try jsonBody(call.request)
        let adding = body["resourceNamesToAdd"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let removing = body["resourceNamesToRemove"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard adding.count + removing.count <= 1000 else { throw GoogleError.badRequest("Too many resource names: at most 1000.") }
        var notFound: [String] = []
        try withStore { store in
            try store.atomically {
                for (name, adds) in adding.map({ ($0, true) }) + removing.map({ ($0, false) }) {
                    let id = String(name.dropFirst("people/".count))
                    guard name.hasPrefix("people/"), PersonKind(storedID: id) == .contact, let replica = try store.contactReplica(id: id) else {
                        notFound.append(name)
                        continue
                    }
                    var groups = Emulator.groupNames(of: replica).filter { $0 != group.resourceName }
                    if adds { groups.append(group.resourceName) }
                    guard groups != Emulator.groupNames(of: replica) else { continue }
                    try store.putContact(replica.item, unmodeled: Emulator.withMemberships(groups, in: replica))
                }
            }
        }
        return try .json(notFound.isEmpty ? .object([]) : ["notFoundResourceNames": .array(notFound.map(JSONValue.string))], for: call)
    }

    /// A contact's unmodeled fields with its memberships set to `groups`.
    static func withMemberships(_ groups: [String], in replica: Replica<Contact>) -> JSONValue {
        var kept = (replica.unmodeled?.objectValue ?? []).filter { $0.0 != "memberships" }
        let memberships = groups.map { name -> JSONValue in
            ["contactGroupMembership": ["contactGroupId": .string(String(name.dropFirst("contactGroups/".count))), "contactGroupResourceName": .string(name)]]
        }
        kept.append(("memberships", .array(memberships)))
        return .object(kept)
    }
}
