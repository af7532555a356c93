import ClerkCore
import ClerkLocal
import Foundation
import LoopbackHTTP

/// Calendar v3's calendar list (the account's view of each calendar) and access control
/// lists (who else may see or change a calendar).
///
/// What the account chose for a calendar in its list — `summaryOverride`, its colour,
/// `hidden`, `selected`, default reminders, notification settings, and whether it was
/// taken off the list — is kept in the calendar's unmodeled fields under `listEntry`; the
/// sharing rules beyond the owner's, under `acl`. Either change counts as a change of the
/// calendar, so a calendar list sync reports it.
extension Emulator {
    // MARK: The calendar list

    /// The members of a list entry the account may choose.
    static let listEntryChoices: Set<String> = [
        "summaryOverride", "colorId", "backgroundColor", "foregroundColor", "hidden", "selected", "defaultReminders", "notificationSettings",
    ]

    func calendarListEntry(_ replica: Replica<CalendarInfo>) -> JSONValue {
        let chosen = replica.unmodeled?["listEntry"]
        let colorID = chosen?["colorId"]?.stringValue ?? (chosen?["backgroundColor"] == nil ? (replica.item.isPrimary ? "14" : "7") : nil)
        let background = chosen?["backgroundColor"]?.stringValue ?? colorID.flatMap { Emulator.calendarPalette[Int($0)! - 1] } ?? "#42d692"
        var members: [(String, JSONValue)] = [
            ("kind", "calendar#calendarListEntry"), ("etag", .string(Wire.etag(replica.version))), ("id", .string(replica.item.id)),
            ("summary", .string(replica.item.name)),
        ]
        if let summary = chosen?["summaryOverride"] { members.append(("summaryOverride", summary)) }
        if let description = replica.unmodeled?["description"] { members.append(("description", description)) }
        members.append(("timeZone", .string(replica.item.timeZone)))
        if let colorID { members.append(("colorId", .string(colorID))) }
        members += [("backgroundColor", .string(background)), ("foregroundColor", chosen?["foregroundColor"] ?? "#000000")]
        if chosen?["hidden"] == true { members.append(("hidden", true)) }
        if chosen?["selected"] != false { members.append(("selected", true)) }
        members += [
            ("accessRole", "owner"),
            ("defaultReminders", chosen?["defaultReminders"] ?? (replica.item.isPrimary ? CalendarResources.defaultReminders : [])),
        ]
        if let notifications = chosen?["notificationSettings"] { members.append(("notificationSettings", notifications)) }
        members.append(("conferenceProperties", ["allowedConferenceSolutionTypes": ["hangoutsMeet"]]))
        if replica.item.isPrimary { members.append(("primary", true)) }
        return .object(members)
    }

    /// The small form an entry taken off the list (or a deleted calendar) has in a sync.
    static func removedListEntry(id: String, version: Int64) -> JSONValue {
        .object([("kind", "calendar#calendarListEntry"), ("etag", .string(Wire.etag(version))), ("id", .string(id)), ("deleted", true)])
    }

    static func isOffTheList(_ replica: Replica<CalendarInfo>) -> Bool { replica.unmodeled?["listEntry"]?["removed"] == true }

    /// calendarList.list: every calendar on the account's list; hidden ones with
    /// `showHidden`, and those taken off the list only in a sync (as deleted).
    func listCalendarList(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let size = try call.integer("maxResults", in: 1...Int(Int32.max)).map { min($0, 250) } ?? 100
        let showHidden = try call.flag("showHidden") ?? false
        let showDeleted = try call.flag("showDeleted") ?? false
        if let role = call.parameter("minAccessRole"), !["freeBusyReader", "owner", "reader", "writer"].contains(role) {
            throw GoogleError.invalid("Invalid value for: minAccessRole", location: "minAccessRole")
        }
        let latest = try withStore { try $0.latestVersion() }
        var items: [JSONValue]
        if let token = call.parameter("syncToken") {
            let since = try readSyncToken(token, scope: "calendarList")
            items = try withStore { try $0.calendarFeed(after: since) }.map { entry in
                switch entry {
                case .present(let replica):
                    return Emulator.isOffTheList(replica) ? Emulator.removedListEntry(id: replica.item.id, version: replica.version) : calendarListEntry(replica)
                case .removed(let id, let version): return Emulator.removedListEntry(id: id, version: version)
                }
            }
        } else {
            // (Typed `JSONValue?`: JSONValue takes `nil` as its own null, which would list a `null`.)
            items = try withStore { try $0.calendarReplicas() }.compactMap { replica -> JSONValue? in
                if Emulator.isOffTheList(replica) { return showDeleted ? Emulator.removedListEntry(id: replica.item.id, version: replica.version) : .none }
                if replica.unmodeled?["listEntry"]?["hidden"] == true, !showHidden { return .none }
                return calendarListEntry(replica)
            }
        }
        let page = try PageToken.page(items, token: call.parameter("pageToken"), size: size, query: "calendarList", snapshot: latest)
        var members: [(String, JSONValue)] = [("kind", "calendar#calendarList"), ("etag", .string(Wire.etag(latest)))]
        if let next = page.next {
            members.append(("nextPageToken", .string(next)))
        } else {
            members.append(("nextSyncToken", .string(syncToken(scope: "calendarList", version: page.snapshot))))
        }
        members.append(("items", .array(Array(page.items))))
        return try .json(.object(members), for: call)
    }

    /// The entry of a calendar on the list; 404 for one taken off it.
    func listedCalendar(_ call: Call) throws(GoogleError) -> Replica<CalendarInfo> {
        let replica = try calendarReplica(calendar(call))
        guard !Emulator.isOffTheList(replica) else { throw GoogleError.notFound() }
        return replica
    }

    func getCalendarListEntry(_ call: Call) throws(GoogleError) -> HTTPResponse {
        try .json(calendarListEntry(listedCalendar(call)), for: call)
    }

    /// calendarList.insert: puts a calendar of the account (back) on its list, with the
    /// choices the body makes; 404 for a calendar the account does not have.
    func insertCalendarListEntry(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let body = try jsonBody(call.request)
        guard let id = body["id"]?.stringValue, !id.isEmpty else { throw GoogleError.required("Missing calendar id.") }
        guard let replica = try withStore({ try $0.calendarReplicas() }).first(where: { $0.item.id == id }) else { throw GoogleError.notFound() }
        var stored = replica.unmodeled?["listEntry"]?.objectValue ?? []
        stored.removeAll { $0.0 == "removed" }
        let chosen = try listEntryChoices(body, over: .object(stored), colorRGB: call.flag("colorRgbFormat") ?? false)
        return try .json(calendarListEntry(saveListEntry(chosen, of: replica)), for: call)
    }

    /// calendarList.patch (the body's choices over the stored ones) and update (the body's
    /// choices alone).
    func changeCalendarListEntry(_ call: Call, replacing: Bool) throws(GoogleError) -> HTTPResponse {
        let replica = try listedCalendar(call)
        try checkPrecondition(call, version: replica.version)
        let chosen = try listEntryChoices(try jsonBody(call.request), over: replacing ? nil : replica.unmodeled?["listEntry"],
                                          colorRGB: call.flag("colorRgbFormat") ?? false)
        return try .json(calendarListEntry(saveListEntry(chosen, of: replica)), for: call)
    }

    /// calendarList.delete: the calendar leaves the list (not the account: its events stay,
    /// and calendarList.insert brings it back). The primary calendar cannot leave.
    func removeCalendarListEntry(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let replica = try listedCalendar(call)
        guard !replica.item.isPrimary else {
            throw GoogleError(status: 400, reason: "cannotRemovePrimaryCalendar", message: "The primary calendar cannot be removed from the calendar list.")
        }
        try checkPrecondition(call, version: replica.version)
        try saveListEntry(["removed": true], of: replica)
        return HTTPResponse(status: 204)
    }

    /// The list entry's choices a body makes, over `stored` (nil: none). A null removes a
    /// choice. `colorId` is a colour of `colors.get`; with `colorRGB`, `backgroundColor`
    /// and `foregroundColor` set the colours and `colorId` becomes the palette's nearest.
    func listEntryChoices(_ body: JSONValue, over stored: JSONValue?, colorRGB: Bool) throws(GoogleError) -> JSONValue {
        var chosen = (stored?.objectValue ?? []).filter { Emulator.listEntryChoices.contains($0.0) }
        func set(_ key: String, _ value: JSONValue?) {
            chosen.removeAll { $0.0 == key }
            if let value { chosen.append((key, value)) }
        }
        for (key, value) in body.objectValue ?? [] where Emulator.listEntryChoices.contains(key) {
            if value == .null {
                set(key, nil)
                continue
            }
            switch key {
            case "summaryOverride":
                guard value.stringValue != nil else { throw GoogleError.invalid("Invalid value for: summaryOverride") }
                set(key, value)
            case "colorId":
                guard let id = value.stringValue, let number = Int(id), Emulator.calendarPalette.indices.contains(number - 1) else {
                    throw GoogleError.invalid("Invalid color id.")
                }
                if !colorRGB || body["backgroundColor"] == nil {
                    set(key, value)
                    set("backgroundColor", nil)
                    set("foregroundColor", nil)
                }
            case "backgroundColor", "foregroundColor":
                guard colorRGB else { continue }
                guard let color = value.stringValue?.lowercased(), color.count == 7, color.hasPrefix("#"), UInt32(color.dropFirst(), radix: 16) != nil else {
                    throw GoogleError.invalid("Invalid value for: \(key)")
                }
                set(key, .string(color))
                if key == "backgroundColor" { set("colorId", .string(String(Emulator.nearestPaletteColor(color)))) }
            case "hidden", "selected":
                guard value.boolValue != nil else { throw GoogleError.invalid("Invalid value for: \(key)") }
                set(key, value)
            case "defaultReminders":
                _ = try CalendarResources.readReminders(["overrides": value])
                set(key, value)
            default:
                guard value.objectValue != nil else { throw GoogleError.invalid("Invalid value for: \(key)") }
                set(key, value)
            }
        }
        return .object(chosen)
    }

    @discardableResult
    private func saveListEntry(_ chosen: JSONValue, of replica: Replica<CalendarInfo>) throws(GoogleError) -> Replica<CalendarInfo> {
        var extras = (replica.unmodeled?.objectValue ?? []).filter { $0.0 != "listEntry" }
        if chosen != .object([]) { extras.append(("listEntry", chosen)) }
        return try withStore { try $0.putCalendar(replica.item, unmodeled: extras.isEmpty ? nil : .object(extras)) }
    }

    /// The backgrounds of `colors.get`'s calendar colours, `colorId` 1 first.
    static var calendarPalette: [String] {
        (colors["calendar"]?.objectValue ?? []).compactMap { $0.1["background"]?.stringValue }
    }

    /// The `colorId` whose background is nearest `#rrggbb`.
    static func nearestPaletteColor(_ color: String) -> Int {
        func channels(_ text: String) -> [Int] {
            let value = Int(text.dropFirst(), radix: 16) ?? 0
            return [value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF]
        }
        let wanted = channels(color)
        let distances = calendarPalette.map { zip(channels($0), wanted).map { ($0 - $1) * ($0 - $1) }.reduce(0, +) }
        return (distances.indices.min { distances[$0] < distances[$1] } ?? 0) + 1
    }

    // MARK: Access control lists

    /// The rule every calendar has: its owner, the account.
    func ownerRule() -> JSONValue {
        .object([("id", .string("user:" + account)), ("scope", .object([("type", "user"), ("value", .string(account))])), ("role", "owner")])
    }

    /// A stored rule (or the owner's) as an AclRule resource.
    func aclResource(_ rule: JSONValue, version: Int64) -> JSONValue {
        .object([("kind", "calendar#aclRule"), ("etag", .string(Wire.etag(version)))] + (rule.objectValue ?? []))
    }

    func aclRules(_ replica: Replica<CalendarInfo>) -> [JSONValue] {
        [ownerRule()] + (replica.unmodeled?["acl"]?.arrayValue ?? [])
    }

    /// acl.list: the owner's rule and those added. There is no change feed of rules: a sync
    /// token gives every rule again.
    func listACL(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let replica = try calendarReplica(calendar(call))
        let size = try call.integer("maxResults", in: 1...Int(Int32.max)).map { min($0, 250) } ?? 100
        if let token = call.parameter("syncToken") { _ = try readSyncToken(token, scope: "acl:" + replica.item.id) }
        let items = aclRules(replica).map { aclResource($0, version: replica.version) }
        let page = try PageToken.page(items, token: call.parameter("pageToken"), size: size, query: "acl:" + replica.item.id, snapshot: replica.version)
        var members: [(String, JSONValue)] = [("kind", "calendar#acl"), ("etag", .string(Wire.etag(replica.version)))]
        if let next = page.next {
            members.append(("nextPageToken", .string(next)))
        } else {
            let latest = try withStore { try $0.latestVersion() }
            members.append(("nextSyncToken", .string(syncToken(scope: "acl:" + replica.item.id, version: latest))))
        }
        members.append(("items", .array(Array(page.items))))
        return try .json(.object(members), for: call)
    }

    func getACLRule(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let replica = try calendarReplica(calendar(call))
        guard let rule = aclRules(replica).first(where: { $0["id"]?.stringValue == call[capture: "ruleId"] }) else { throw GoogleError.notFound() }
        return try .json(aclResource(rule, version: replica.version), for: call)
    }

    /// acl.insert: a rule for a scope (`default`, `user`, `group` or `domain`) with a role;
    /// a rule for a scope that has one replaces it. The owner's own rule cannot change.
    func insertACLRule(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let replica = try calendarReplica(calendar(call))
        let rule = try Emulator.readACLRule(try jsonBody(call.request), id: nil)
        return try saveACLRule(rule, in: replica, call: call)
    }

    /// acl.patch and acl.update: only the role can change (the scope is the rule's id).
    func changeACLRule(_ call: Call, replacing: Bool) throws(GoogleError) -> HTTPResponse {
        let replica = try calendarReplica(calendar(call))
        let id = call[capture: "ruleId"]
        guard let stored = aclRules(replica).first(where: { $0["id"]?.stringValue == id }) else { throw GoogleError.notFound() }
        try checkPrecondition(call, version: replica.version)
        let body = try jsonBody(call.request)
        let rule = try Emulator.readACLRule(replacing ? body : stored.merged(with: body), id: id)
        return try saveACLRule(rule, in: replica, call: call)
    }

    func deleteACLRule(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let replica = try calendarReplica(calendar(call))
        let id = call[capture: "ruleId"]
        guard id != "user:" + account else { throw Emulator.cannotChangeOwnACL }
        var rules = replica.unmodeled?["acl"]?.arrayValue ?? []
        guard let index = rules.firstIndex(where: { $0["id"]?.stringValue == id }) else { throw GoogleError.notFound() }
        try checkPrecondition(call, version: replica.version)
        rules.remove(at: index)
        try saveACLRules(rules, of: replica)
        return HTTPResponse(status: 204)
    }

    static let cannotChangeOwnACL = GoogleError(status: 403, reason: "cannotChangeOwnAcl", message: "Cannot change your own access level.")

    /// A rule's `{id, scope, role}` from a body, checked as Google checks it; `id` is the
    /// rule's when it exists (its scope must then stay).
    static func readACLRule(_ body: JSONValue, id: String?) throws(GoogleError) -> JSONValue {
        let roles = ["none", "freeBusyReader", "reader", "writerWithoutPrivateAccess", "writer", "owner"]
        guard let role = body["role"]?.stringValue else { throw GoogleError.required("Missing role.") }
        guard roles.contains(role) else { throw GoogleError.invalid("Invalid value for: role") }
        guard let type = body["scope"]?["type"]?.stringValue else { throw GoogleError.required("Missing scope type.") }
        guard ["default", "user", "group", "domain"].contains(type) else { throw GoogleError.invalid("Invalid scope type value.") }
        var scope: [(String, JSONValue)] = [("type", .string(type))]
        if type != "default" {
            guard let value = body["scope"]?["value"]?.stringValue, !value.isEmpty else { throw GoogleError.required("Missing scope value.") }
            scope.append(("value", .string(value)))
        }
        let made = type == "default" ? "default" : type + ":" + (scope[1].1.stringValue ?? "")
        if let id, id != made { throw GoogleError.invalid("The scope of a rule cannot change.") }
        return .object([("id", .string(made)), ("scope", .object(scope)), ("role", .string(role))])
    }

    private func saveACLRule(_ rule: JSONValue, in replica: Replica<CalendarInfo>, call: Call) throws(GoogleError) -> HTTPResponse {
        guard rule["id"]?.stringValue != "user:" + account else { throw Emulator.cannotChangeOwnACL }
        var rules = replica.unmodeled?["acl"]?.arrayValue ?? []
        if let index = rules.firstIndex(where: { $0["id"] == rule["id"] }) { rules[index] = rule } else { rules.append(rule) }
        let saved = try saveACLRules(rules, of: replica)
        return try .json(aclResource(rule, version: saved.version), for: call)
    }

    @discardableResult
    private func saveACLRules(_ rules: [JSONValue], of replica: Replica<CalendarInfo>) throws(GoogleError) -> Replica<CalendarInfo> {
        var extras = (replica.unmodeled?.objectValue ?? []).filter { $0.0 != "acl" }
        if !rules.isEmpty { extras.append(("acl", .array(rules))) }
        return try withStore { try $0.putCalendar(replica.item, unmodeled: extras.isEmpty ? nil : .object(extras)) }
    }
}
