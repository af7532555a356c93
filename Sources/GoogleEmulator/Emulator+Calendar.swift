import ClerkCore
import ClerkLanguage
import ClerkLocal
import Foundation
import LoopbackHTTP

/// Calendar v3: calendars, events (list with sync tokens, get, insert, import, quickAdd,
/// patch, update, delete, instances, move), colors, free/busy and settings; the calendar
/// list and access control lists are in `Emulator+CalendarList.swift`.
extension Emulator {
    /// Scopes from the discovery document, per group of methods.
    enum CalendarScopes {
        static let eventsRead = ["calendar", "calendar.app.created", "calendar.events", "calendar.events.freebusy", "calendar.events.owned",
                                 "calendar.events.owned.readonly", "calendar.events.public.readonly", "calendar.events.readonly", "calendar.readonly"]
        static let eventsWrite = ["calendar", "calendar.app.created", "calendar.events", "calendar.events.owned"]
        static let listRead = ["calendar", "calendar.calendarlist", "calendar.calendarlist.readonly", "calendar.readonly"]
        static let listWrite = ["calendar", "calendar.app.created", "calendar.calendarlist"]
        static let aclRead = ["calendar", "calendar.acls", "calendar.acls.readonly"]
        static let aclWrite = ["calendar", "calendar.acls"]
        static let listEntryRead = ["calendar", "calendar.app.created", "calendar.calendarlist", "calendar.calendarlist.readonly", "calendar.readonly"]
        static let calendarRead = ["calendar", "calendar.app.created", "calendar.calendars", "calendar.calendars.readonly", "calendar.readonly"]
        static let calendarWrite = ["calendar", "calendar.app.created", "calendar.calendars"]
        static let colors = ["calendar", "calendar.app.created", "calendar.calendarlist", "calendar.calendarlist.readonly", "calendar.events.freebusy",
                             "calendar.events.owned", "calendar.events.owned.readonly", "calendar.events.public.readonly", "calendar.readonly"]
        static let freeBusy = ["calendar", "calendar.events.freebusy", "calendar.freebusy", "calendar.readonly"]
        static let settings = ["calendar", "calendar.readonly", "calendar.settings", "calendar.settings.readonly"]
    }

    static let calendarRoutes: [Route] = {
        typealias S = CalendarScopes
        let events = "calendar/v3/calendars/{calendarId}/events"
        return [
            Route("GET", "calendar/v3/users/me/calendarList", scopes: S.listRead) { try $0.listCalendarList($1) },
            Route("POST", "calendar/v3/users/me/calendarList", scopes: ["calendar", "calendar.calendarlist"]) { try $0.insertCalendarListEntry($1) },
            Route("GET", "calendar/v3/users/me/calendarList/{calendarId}", scopes: S.listEntryRead) { try $0.getCalendarListEntry($1) },
            Route("PATCH", "calendar/v3/users/me/calendarList/{calendarId}", scopes: S.listWrite) { try $0.changeCalendarListEntry($1, replacing: false) },
            Route("PUT", "calendar/v3/users/me/calendarList/{calendarId}", scopes: S.listWrite) { try $0.changeCalendarListEntry($1, replacing: true) },
            Route("DELETE", "calendar/v3/users/me/calendarList/{calendarId}", scopes: S.listWrite) { try $0.removeCalendarListEntry($1) },
            Route("GET", "calendar/v3/users/me/settings", scopes: S.settings) { try $0.listSettings($1) },
            Route("GET", "calendar/v3/users/me/settings/{setting}", scopes: S.settings) { try $0.getSetting($1) },
            Route("GET", "calendar/v3/colors", scopes: S.colors) { try HTTPResponse.json(Emulator.colors, for: $1) },
            Route("POST", "calendar/v3/freeBusy", scopes: S.freeBusy) { try $0.freeBusy($1) },
            Route("POST", "calendar/v3/calendars", scopes: S.calendarWrite) { try $0.insertCalendar($1) },
            Route("GET", "calendar/v3/calendars/{calendarId}", scopes: S.calendarRead) { try $0.getCalendar($1) },
            Route("PATCH", "calendar/v3/calendars/{calendarId}", scopes: S.calendarWrite) { try $0.changeCalendar($1, replacing: false) },
            Route("PUT", "calendar/v3/calendars/{calendarId}", scopes: S.calendarWrite) { try $0.changeCalendar($1, replacing: true) },
            Route("DELETE", "calendar/v3/calendars/{calendarId}", scopes: S.calendarWrite) { try $0.deleteCalendar($1) },
            Route("POST", "calendar/v3/calendars/{calendarId}/clear", scopes: ["calendar", "calendar.calendars"]) { try $0.clearCalendar($1) },
            Route("GET", "calendar/v3/calendars/{calendarId}/acl", scopes: S.aclRead) { try $0.listACL($1) },
            Route("POST", "calendar/v3/calendars/{calendarId}/acl", scopes: S.aclWrite) { try $0.insertACLRule($1) },
            Route("GET", "calendar/v3/calendars/{calendarId}/acl/{ruleId}", scopes: S.aclRead + ["calendar.readonly"]) { try $0.getACLRule($1) },
            Route("PATCH", "calendar/v3/calendars/{calendarId}/acl/{ruleId}", scopes: S.aclWrite) { try $0.changeACLRule($1, replacing: false) },
            Route("PUT", "calendar/v3/calendars/{calendarId}/acl/{ruleId}", scopes: S.aclWrite) { try $0.changeACLRule($1, replacing: true) },
            Route("DELETE", "calendar/v3/calendars/{calendarId}/acl/{ruleId}", scopes: S.aclWrite) { try $0.deleteACLRule($1) },
            Route("GET", events, scopes: S.eventsRead) { try $0.listEvents($1) },
            Route("POST", events, scopes: S.eventsWrite) { try $0.insertEvent($1) },
            Route("POST", events + "/quickAdd", scopes: S.eventsWrite) { try $0.quickAdd($1) },
            Route("POST", events + "/import", scopes: S.eventsWrite) { try $0.importEvent($1) },
            Route("GET", events + "/{eventId}", scopes: S.eventsRead) { try $0.getEvent($1) },
            Route("PATCH", events + "/{eventId}", scopes: S.eventsWrite) { try $0.changeEvent($1, replacing: false) },
            Route("PUT", events + "/{eventId}", scopes: S.eventsWrite) { try $0.changeEvent($1, replacing: true) },
            Route("DELETE", events + "/{eventId}", scopes: S.eventsWrite) { try $0.deleteEvent($1) },
            Route("GET", events + "/{eventId}/instances", scopes: S.eventsRead) { try $0.listInstances($1) },
            Route("POST", events + "/{eventId}/move", scopes: S.eventsWrite) { try $0.moveEvent($1) },
        ]
    }()

    // MARK: Calendars

    /// The calendar a path names (`primary` is the account's own), or 404.
    func calendar(_ call: Call) throws(GoogleError) -> CalendarInfo {
        let id = call[capture: "calendarId"]
        let calendars = try withStore { try $0.calendars() }
        guard let found = calendars.first(where: { id == "primary" ? $0.isPrimary : $0.id == id }) else { throw GoogleError.notFound() }
        return found
    }

    func calendarReplica(_ calendar: CalendarInfo) throws(GoogleError) -> Replica<CalendarInfo> {
        guard let replica = try withStore({ try $0.calendarReplicas() }).first(where: { $0.item.id == calendar.id }) else {
            throw GoogleError.notFound()
        }
        return replica
    }

    func calendarResource(_ replica: Replica<CalendarInfo>) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", "calendar#calendar"), ("etag", .string(Wire.etag(replica.version))), ("id", .string(replica.item.id)),
            ("summary", .string(replica.item.name)),
        ]
        if let description = replica.unmodeled?["description"] { members.append(("description", description)) }
        if let location = replica.unmodeled?["location"] { members.append(("location", location)) }
        members.append(("timeZone", .string(replica.item.timeZone)))
        members.append(("conferenceProperties", ["allowedConferenceSolutionTypes": ["hangoutsMeet"]]))
        return .object(members)
    }

    func getCalendar(_ call: Call) throws(GoogleError) -> HTTPResponse {
        try .json(calendarResource(calendarReplica(calendar(call))), for: call)
    }

    func insertCalendar(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let body = try jsonBody(call.request)
        guard let summary = body["summary"]?.stringValue, !summary.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw GoogleError.required("Missing summary.")
        }
        let zone = body["timeZone"]?.stringValue ?? configuration.timeZone.identifier
        guard Zone(identifier: zone) != nil else { throw GoogleError.invalid("Invalid time zone.") }
        let info = CalendarInfo(id: Wire.random(26, from: Wire.base32hex) + "@group.calendar.google.com", name: summary, timeZone: zone, isPrimary: false)
        let replica = try withStore { try $0.putCalendar(info, unmodeled: Emulator.calendarExtras(body)) }
        return try .json(calendarResource(replica), for: call)
    }

    /// The members of a calendar resource kept beyond its name and zone, with what the
    /// account chose for it in its list and its sharing rules (`stored`'s, which a change of
    /// the calendar leaves as they are).
    static func calendarExtras(_ body: JSONValue, stored: JSONValue? = nil) -> JSONValue? {
        var kept = (body.objectValue ?? []).filter { ["description", "location"].contains($0.0) && $0.1 != .null }
        kept += (stored?.objectValue ?? []).filter { ["listEntry", "acl"].contains($0.0) }
        return kept.isEmpty ? nil : .object(kept)
    }

    func changeCalendar(_ call: Call, replacing: Bool) throws(GoogleError) -> HTTPResponse {
        let replica = try calendarReplica(calendar(call))
        try checkPrecondition(call, version: replica.version)
        let body = try jsonBody(call.request)
        let current = calendarResource(replica)
        let next = replacing ? body : current.merged(with: body)
        var info = replica.item
        if let summary = next["summary"]?.stringValue {
            info.name = summary
        } else if replacing {
            throw GoogleError.required("Missing summary.")
        }
        if let zone = next["timeZone"]?.stringValue {
            guard Zone(identifier: zone) != nil else { throw GoogleError.invalid("Invalid time zone.") }
            info.timeZone = zone
        }
        let saved = try withStore { try $0.putCalendar(info, unmodeled: Emulator.calendarExtras(next, stored: replica.unmodeled)) }
        return try .json(calendarResource(saved), for: call)
    }

    func deleteCalendar(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let found = try calendar(call)
        guard !found.isPrimary else {
            throw GoogleError(status: 400, reason: "cannotDeletePrimaryCalendar", message: "The primary calendar cannot be deleted.")
        }
        try checkPrecondition(call, version: try calendarReplica(found).version)
        try withStore { try $0.removeCalendar(id: found.id) }
        return HTTPResponse(status: 204)
    }

    func clearCalendar(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let found = try calendar(call)
        guard found.isPrimary else { throw GoogleError.badRequest("Only the primary calendar can be cleared.") }
        try withStore { store in
            try store.atomically {
                for entry in try store.eventFeed(calendarID: found.id, after: 0) {
                    if case .present(let replica) = entry, !replica.isDeleted, replica.item.recurringEventID == nil {
                        try deleteStoredEvent(replica.item.id, in: store)
                    }
                }
            }
        }
        return HTTPResponse(status: 204)
    }

    // MARK: Sync tokens

    /// An opaque sync token: what it belongs to, the change number it was made at, and the
    /// expiry bar in force then (`/_emulator/sync-tokens/expire` raises the bar).
    func syncToken(scope: String, version: Int64) -> String {
        Wire.base64URL(Array("\(version):\(syncTokensValidFrom):\(scope)".utf8))
    }

    /// The change number of a sync token made for `scope`: 410 when it has expired (or was
    /// made for something else, or before a reset), as Google answers a stale token.
    func readSyncToken(_ token: String, scope: String) throws(GoogleError) -> Int64 {
        let gone = GoogleError(status: 410, reason: "fullSyncRequired", message: "Sync token is no longer valid, a full sync is required.")
        let invalid = GoogleError.invalid("Invalid sync token value.", location: "syncToken")
        guard let bytes = Wire.base64URLDecoded(token) else { throw invalid }
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: ":", maxSplits: 2)
        guard parts.count == 3, let version = Int64(parts[0]), let bar = Int64(parts[1]) else { throw invalid }
        let latest = try withStore { try $0.latestVersion() }
        guard parts[2] == scope, bar >= syncTokensValidFrom, version <= latest else { throw gone }
        return version
    }

    // MARK: Events: listing

    /// The zone a listing writes times in: its `timeZone` parameter, else each event's own.
    func listingZone(_ call: Call) throws(GoogleError) -> Zone? {
        guard let name = call.parameter("timeZone") else { return nil }
        guard let zone = Zone(identifier: name) else { throw GoogleError.invalid("Invalid time zone.", location: "timeZone") }
        return zone
    }

    /// A time bound of a listing: RFC 3339 with an offset (400 otherwise).
    func bound(_ call: Call, _ name: String) throws(GoogleError) -> Date? {
        guard let text = call.parameter(name) else { return nil }
        guard let instant = ClockText.rfc3339Instant(text) else { throw GoogleError.badRequest("Bad Request", location: name) }
        return instant
    }

    /// The parameters that shape a listing (not paging or formatting), for page tokens.
    static func listingKey(_ call: Call) -> String {
        let ignored: Set<String> = ["pageToken", "maxResults", "fields", "alt", "prettyPrint", "key", "quotaUser", "access_token"]
        let kept = call.request.query.filter { !ignored.contains($0.0) }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (call.request.segments.joined(separator: "/") + "?" + kept.map { "\($0.0)=\($0.1)" }.joined(separator: "&")).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 36)
    }

    /// One item of a listing, with what it is sorted and filtered by.
    struct Listed {
        var json: JSONValue
        var version: Int64
        var start: Date
        var updated: Date
        var id: String
        var searchText: String
    }

    func listed(_ replica: Replica<Event>, calendar: CalendarInfo, zone: Zone?) -> Listed {
        let event = replica.item
        let json = CalendarResources.resource(replica, calendar: calendar, account: account, zone: zone)
        return Listed(json: json, version: replica.version, start: event.when.startInstant(in: Zone(identifier: calendar.timeZone) ?? .current),
                      updated: event.updated ?? replica.created, id: event.id, searchText: Emulator.searchedText(json))
    }

    /// What `q` searches in an event, as the discovery document lists it: summary,
    /// description, location, each attendee's and the organizer's name and address, the
    /// working location's building, desk and labels, and the title Calendar shows for an
    /// out-of-office, focus-time or working-location event ("Out of office", "Focus time",
    /// "Office", "Home"), in lower case without accents.
    static func searchedText(_ event: JSONValue) -> String {
        var texts = ["summary", "description", "location"].compactMap { event[$0]?.stringValue }
        for person in (event["attendees"]?.arrayValue ?? []) + [event["organizer"] ?? .null] {
            texts += ["displayName", "email"].compactMap { person[$0]?.stringValue }
        }
        let place = event["workingLocationProperties"]
        texts += [place?["officeLocation"]?["buildingId"], place?["officeLocation"]?["deskId"], place?["officeLocation"]?["label"],
                  place?["customLocation"]?["label"]].compactMap { $0?.stringValue }
        switch event["eventType"]?.stringValue {
        case "outOfOffice"?: texts.append("Out of office")
        case "focusTime"?: texts.append("Focus time")
        case "workingLocation"?:
            if place?["homeOffice"] != nil { texts.append("Home") }
            if place?["officeLocation"] != nil { texts.append("Office") }
        default: break
        }
        return Spelling.fold(texts.joined(separator: " "))
    }

    /// Whether `q` finds an event: Calendar searches by terms, so each word of `q` (a run
    /// of letters and digits) must start a word of the event's text ("meet" finds
    /// "Meeting", "eting" does not; "ana@example.com" finds that attendee by its three
    /// words). A `q` of punctuation alone matches as a substring; an empty one, everything.
    static func searchFinds(_ q: String, in searchText: String) -> Bool {
        q.allSatisfy(\.isWhitespace) || DriveQuery.nameContains(searchText, Spelling.fold(q))
    }

    func listEvents(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let calendar = try calendar(call)
        let zone = try listingZone(call)
        let size = try call.integer("maxResults", in: 1...Int(Int32.max)).map { min($0, 2500) } ?? 250
        let singleEvents = try call.flag("singleEvents") ?? false
        let showDeleted = try call.flag("showDeleted")
        let latest = try withStore { try $0.latestVersion() }
        let key = Emulator.listingKey(call)

        // Incremental: what changed since the token, deletions included.
        if let token = call.parameter("syncToken") {
            for name in ["iCalUID", "orderBy", "privateExtendedProperty", "q", "sharedExtendedProperty", "timeMin", "timeMax", "updatedMin"]
            where call.parameter(name) != nil {
                throw GoogleError.invalid("Sync token cannot be used together with \(name).", location: name)
            }
            if showDeleted == false { throw GoogleError.invalid("showDeleted=false cannot be used with a sync token.", location: "showDeleted") }
            let since = try readSyncToken(token, scope: "events:" + calendar.id)
            let start = try call.parameter("pageToken").map { text throws(GoogleError) in try PageToken(text, query: key) }
            let after = start.map { Int64($0.offset) } ?? since
            let snapshot = start?.snapshot ?? latest
            let entries = (try withStore { try $0.eventFeed(calendarID: calendar.id, after: after) } + movedAway(from: calendar, after: after))
                .sorted { $0.version < $1.version }
            let page = entries.prefix(size)
            var items = try page.map { entry throws(GoogleError) in try feedItem(entry, calendar: calendar, zone: zone) }
            if singleEvents { items = try expandingSeries(items, calendar: calendar, zone: zone) }
            let next = entries.count > size ? PageToken(offset: Int(page.last!.version), snapshot: snapshot, query: key).text : nil
            return try listing(calendar, items: items, next: next, sync: next == nil ? syncToken(scope: "events:" + calendar.id, version: max(snapshot, page.last?.version ?? 0)) : nil, call: call, latest: latest)
        }

        let timeMin = try bound(call, "timeMin"), timeMax = try bound(call, "timeMax")
        if let timeMin, let timeMax, timeMin >= timeMax {
            throw GoogleError.timeRangeEmpty(location: "timeMax")
        }
        let orderBy = call.parameter("orderBy")
        if let orderBy, orderBy != "startTime", orderBy != "updated" { throw GoogleError.invalid("Invalid value for: orderBy", location: "orderBy") }
        if orderBy == "startTime", !singleEvents {
            throw GoogleError.badRequest("The requested ordering is not available for the particular query.")
        }
        let updatedMin = try bound(call, "updatedMin")
        // Since updatedMin, what was deleted comes too, whatever showDeleted says.
        var items = try eventItems(calendar, singleEvents: singleEvents, showDeleted: showDeleted ?? false || updatedMin != nil,
                                   from: timeMin, to: timeMax, zone: zone)
        if let updatedMin { items = items.filter { $0.updated >= updatedMin } }
        if let uid = call.parameter("iCalUID") { items = items.filter { $0.json["iCalUID"]?.stringValue == uid } }
        items = try Emulator.filterByExtendedProperties(items, call)
        items = try Emulator.filterByEventTypes(items, call)
        if let q = call.parameter("q") { items = items.filter { Emulator.searchFinds(q, in: $0.searchText) } }
        switch orderBy {
        case "startTime"?: items.sort { ($0.start, $0.id) < ($1.start, $1.id) }
        case "updated"?: items.sort { ($0.updated, $0.id) < ($1.updated, $1.id) }
        default: items.sort { ($0.version, $0.id) < ($1.version, $1.id) }
        }
        let page = try PageToken.page(items, token: call.parameter("pageToken"), size: size, query: key, snapshot: latest)
        let syncable = call.parameter("q") == nil && orderBy == nil && call.parameter("iCalUID") == nil && updatedMin == nil
            && call.parameter("privateExtendedProperty") == nil && call.parameter("sharedExtendedProperty") == nil
        return try listing(calendar, items: page.items.map(\.json), next: page.next,
                           sync: page.next == nil && syncable ? syncToken(scope: "events:" + calendar.id, version: page.snapshot) : nil,
                           call: call, latest: latest)
    }

    /// `privateExtendedProperty` and `sharedExtendedProperty`: each `name=value` given (the
    /// parameters repeat) must be among the event's extended properties of that kind.
    static func filterByExtendedProperties(_ items: [Listed], _ call: Call) throws(GoogleError) -> [Listed] {
        var kept = items
        for (parameter, kind) in [("privateExtendedProperty", "private"), ("sharedExtendedProperty", "shared")] {
            for constraint in call.request.parameters(parameter) {
                guard let equals = constraint.firstIndex(of: "="), equals != constraint.startIndex else {
                    throw GoogleError.invalid("Invalid extended property constraint: \(constraint).", location: parameter)
                }
                let name = String(constraint[..<equals]), value = String(constraint[constraint.index(after: equals)...])
                kept = kept.filter { $0.json["extendedProperties"]?[kind]?[name]?.stringValue == value }
            }
        }
        return kept
    }

    /// `eventTypes` (repeated): only events of those types; every type when absent.
    static func filterByEventTypes(_ items: [Listed], _ call: Call) throws(GoogleError) -> [Listed] {
        let types = call.request.parameters("eventTypes")
        guard !types.isEmpty else { return items }
        let known: Set<String> = ["birthday", "default", "focusTime", "fromGmail", "outOfOffice", "workingLocation"]
        if let unknown = types.first(where: { !known.contains($0) }) {
            throw GoogleError.invalid("Invalid value for eventTypes: \(unknown)", location: "eventTypes")
        }
        return items.filter { types.contains($0.json["eventType"]?.stringValue ?? "default") }
    }

    private func listing(_ calendar: CalendarInfo, items: [JSONValue], next: String?, sync: String?, call: Call, latest: Int64) throws(GoogleError) -> HTTPResponse {
        var members: [(String, JSONValue)] = [
            ("kind", "calendar#events"), ("etag", .string(Wire.etag(latest))), ("summary", .string(calendar.name)),
            ("description", ""), ("updated", .string(Wire.timestamp(now))), ("timeZone", .string(calendar.timeZone)),
            ("accessRole", "owner"), ("defaultReminders", calendar.isPrimary ? CalendarResources.defaultReminders : []),
        ]
        if let next { members.append(("nextPageToken", .string(next))) }
        if let sync { members.append(("nextSyncToken", .string(sync))) }
        let most = try call.integer("maxAttendees", in: 1...Int(Int32.max))
        members.append(("items", .array(items.map { CalendarResources.limitingAttendees($0, to: most) })))
        return try .json(.object(members), for: call)
    }

    /// A sync's items with `singleEvents`: each live series as its instances (its changed
    /// and cancelled ones as they are), each event once, where it last changed.
    private func expandingSeries(_ items: [JSONValue], calendar: CalendarInfo, zone: Zone?) throws(GoogleError) -> [JSONValue] {
        let series = Set(items.filter { $0["recurrence"] != nil && $0["status"] != "cancelled" }.compactMap { $0["id"]?.stringValue })
        guard !series.isEmpty else { return items }
        let instances = try eventItems(calendar, singleEvents: true, showDeleted: true, from: nil, to: nil, zone: zone)
        var expanded: [JSONValue] = []
        for item in items {
            guard let id = item["id"]?.stringValue, series.contains(id) else {
                expanded.append(item)
                continue
            }
            expanded += instances.filter { $0.json["recurringEventId"]?.stringValue == id }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }.map(\.json)
        }
        var seen = Set<String>()
        return expanded.reversed().filter { seen.insert($0["id"]?.stringValue ?? "").inserted }.reversed()
    }

    /// A feed entry as a listing shows it: the event as it is now (cancelled ones too), or
    /// for a row that is gone, the occurrence the series gives again or a cancelled stub.
    private func feedItem(_ entry: FeedEntry<Event>, calendar: CalendarInfo, zone: Zone?) throws(GoogleError) -> JSONValue {
        switch entry {
        case .present(let replica):
            return CalendarResources.resource(replica, calendar: calendar, account: account, zone: zone)
        case .removed(let id, let version):
            if let regenerated = try withStore({ try $0.eventReplica(id: id) }), regenerated.item.calendarID == calendar.id {
                return CalendarResources.resource(regenerated, calendar: calendar, account: account, zone: zone)
            }
            return CalendarResources.cancelledStub(id: id, version: version, seriesID: nil, original: nil, zone: zone)
        }
    }

    /// The items of a full listing: stored events (series once, changed and cancelled
    /// occurrences apart), or with `singleEvents` every occurrence, overlapping `[from, to)`
    /// when given. `showDeleted` as the discovery document words it: without singleEvents
    /// the cancelled occurrences of a live series come whatever it says; with it, only
    /// `showDeleted` brings cancelled ones, occurrences and one-off events, never a series.
    func eventItems(_ calendar: CalendarInfo, singleEvents: Bool, showDeleted: Bool, from: Date?, to: Date?, zone: Zone?) throws(GoogleError) -> [Listed] {
        let rows = try withStore { try $0.eventFeed(calendarID: calendar.id, after: 0) }.compactMap { entry -> Replica<Event>? in
            if case .present(let replica) = entry { return replica }
            return nil
        }
        let calendarZone = Zone(identifier: calendar.timeZone) ?? .current
        func overlaps(_ when: When) -> Bool {
            let start = when.startInstant(in: calendarZone), end = when.endInstant(in: calendarZone)
            return (from.map { end > $0 || (start == end && start >= $0) } ?? true) && (to.map { start < $0 } ?? true)
        }
        guard singleEvents else {
            var seriesInRange = Set<String>()
            if from != nil || to != nil {
                let (low, high) = expansionWindow(rows, from: from, to: to)
                for event in try withStore({ try $0.events(from: low, to: high, calendarIDs: [calendar.id]) }) {
                    if let series = event.recurringEventID { seriesInRange.insert(series) }
                }
            }
            // Google's rule for showDeleted: without it (and without singleEvents) the
            // cancelled instances of a live series still come, so that a client expanding
            // the series itself knows which occurrences to leave out.
            let liveSeries = Set(rows.filter { !$0.isDeleted && !$0.item.recurrence.isEmpty && $0.item.recurringEventID == nil }.map(\.item.id))
            return rows.filter { replica in
                guard showDeleted || !replica.isDeleted || replica.item.recurringEventID.map(liveSeries.contains) == true else { return false }
                if from == nil && to == nil { return true }
                if !replica.item.recurrence.isEmpty, replica.item.recurringEventID == nil { return seriesInRange.contains(replica.item.id) }
                return overlaps(replica.item.when)
            }.map { listed($0, calendar: calendar, zone: zone) }
        }
        let byID = Dictionary(rows.map { ($0.item.id, $0) }, uniquingKeysWith: { a, _ in a })
        let (low, high) = expansionWindow(rows, from: from, to: to)
        var items = try withStore { try $0.events(from: low, to: high, calendarIDs: [calendar.id]) }.compactMap { event -> Listed? in
            if let row = byID[event.id] { return listed(row, calendar: calendar, zone: zone) }
            guard let series = event.recurringEventID.flatMap({ byID[$0] }) else { return nil }
            return listed(Replica(item: event, version: series.version, isDeleted: false, created: series.created, unmodeled: series.unmodeled),
                          calendar: calendar, zone: zone)
        }
        if showDeleted {
            items += rows.filter { $0.isDeleted && $0.item.recurrence.isEmpty && overlaps($0.item.when) && (byID[$0.item.recurringEventID ?? ""]?.isDeleted != true) }
                .map { listed($0, calendar: calendar, zone: zone) }
        }
        return items
    }

    /// Where an expansion without both bounds stops: the earliest stored start, and the
    /// latest of two years from now, a day past the latest stored end, and two years past
    /// the start of each series (so a series that starts beyond the horizon still shows
    /// its instances, not only the first).
    private func expansionWindow(_ rows: [Replica<Event>], from: Date?, to: Date?) -> (Date, Date) {
        let utc = Zone.gmt
        let twoYears: TimeInterval = 2 * 366 * 86_400
        let low = from ?? rows.map { $0.item.when.startInstant(in: utc) - 86_400 }.min() ?? now
        let stored = rows.map { row in
            row.item.recurrence.isEmpty ? row.item.when.endInstant(in: utc) + 86_400 : row.item.when.startInstant(in: utc) + twoYears
        }
        let high = to ?? max(now + twoYears, stored.max() ?? now)
        return (low, max(high, low + 1))
    }

    func listInstances(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let calendar = try calendar(call)
        let zone = try listingZone(call)
        guard let series = try withStore({ try $0.eventReplica(id: call[capture: "eventId"]) }), series.item.calendarID == calendar.id else {
            throw GoogleError.notFound()
        }
        guard !series.isDeleted else { throw GoogleError.deleted }
        let size = try call.integer("maxResults", in: 1...Int(Int32.max)).map { min($0, 2500) } ?? 250
        let timeMin = try bound(call, "timeMin"), timeMax = try bound(call, "timeMax")
        var items = try eventItems(calendar, singleEvents: true, showDeleted: try call.flag("showDeleted") ?? false,
                                   from: timeMin, to: timeMax, zone: zone)
        items = items.filter { $0.json["recurringEventId"]?.stringValue == series.item.id || (series.item.recurrence.isEmpty && $0.id == series.item.id) }
        if let original = call.parameter("originalStart") {
            let instant = ClockText.rfc3339Instant(original)
            items = items.filter { item in
                guard let json = item.json["originalStartTime"] else { return false }
                if let dateTime = json["dateTime"]?.stringValue { return ClockText.rfc3339Instant(dateTime) == instant }
                return json["date"]?.stringValue == original
            }
        }
        items.sort { ($0.start, $0.id) < ($1.start, $1.id) }
        let latest = try withStore { try $0.latestVersion() }
        let page = try PageToken.page(items, token: call.parameter("pageToken"), size: size, query: Emulator.listingKey(call), snapshot: latest)
        return try listing(calendar, items: page.items.map(\.json), next: page.next, sync: nil, call: call, latest: latest)
    }

    // MARK: Events: one at a time

    /// The stored event (or occurrence) a path names on its calendar, cancelled ones too.
    func eventReplica(_ call: Call, calendar: CalendarInfo) throws(GoogleError) -> Replica<Event> {
        guard let replica = try withStore({ try $0.eventReplica(id: call[capture: "eventId"]) }), replica.item.calendarID == calendar.id else {
            throw GoogleError.notFound()
        }
        return replica
    }

    /// One event as the answer, with no more than `maxAttendees` attendees.
    func eventAnswer(_ resource: JSONValue, _ call: Call) throws(GoogleError) -> HTTPResponse {
        try .json(CalendarResources.limitingAttendees(resource, to: call.integer("maxAttendees", in: 1...Int(Int32.max))), for: call)
    }

    /// 412 unless the call's `If-Match` (when given) is the stored etag.
    func checkPrecondition(_ call: Call, _ replica: Replica<Event>) throws(GoogleError) {
        try checkPrecondition(call, version: replica.version)
    }

    /// 412 unless the call's `If-Match` (when given) is the etag of change number `version`:
    /// Calendar honours it on every change and delete of a resource with an etag (calendars,
    /// list entries and ACL rules as events; its guide "Version resources").
    func checkPrecondition(_ call: Call, version: Int64) throws(GoogleError) {
        guard let wanted = call.request.header("if-match"), wanted != "*" else { return }
        if wanted != Wire.etag(version) { throw GoogleError.conditionNotMet }
    }

    func getEvent(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let calendar = try calendar(call)
        let replica = try eventReplica(call, calendar: calendar)
        // (Before `fields`, which may leave the etag out: `Emulator.notModified` reads the answer.)
        if let wanted = call.request.header("if-none-match"), Wire.noneMatchNames(wanted, Wire.etag(replica.version)) { return HTTPResponse(status: 304) }
        return try eventAnswer(CalendarResources.resource(replica, calendar: calendar, account: account, zone: try listingZone(call)), call)
    }

    func insertEvent(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let calendar = try calendar(call)
        let body = try jsonBody(call.request)
        let id = body["id"]?.stringValue ?? Wire.eventID()
        guard CalendarResources.isValidID(id) else { throw GoogleError.invalid("Invalid resource id value.") }
        if body["id"] != nil, body["iCalUID"] != nil { throw GoogleError.invalid("Do not set both id and iCalUID.") }
        if try withStore({ try $0.eventReplica(id: id) }) != nil {
            throw GoogleError(status: 409, reason: "duplicate", message: "The requested identifier already exists.")
        }
        let uid = body["iCalUID"]?.stringValue ?? id + "@google.com"
        try refuseDuplicateUID(uid, calendar: calendar)
        let sent = try optInMembers(body, stored: nil, call)
        let reading = try CalendarResources.read(sent, id: id, calendar: calendar, account: account, iCalUID: uid, occurrenceOf: nil)
        let saved = try withStore { try $0.putEvent(reading.event, isDeleted: false, unmodeled: reading.unmodeled) }
        return try eventAnswer(CalendarResources.resource(saved, calendar: calendar, account: account, zone: nil), call)
    }

    /// The members Google changes only for a client that says it handles them: the
    /// conference with `conferenceDataVersion=1` (0, the default, leaves it as it was), the
    /// attachments with `supportsAttachments=true`.
    private func optInMembers(_ json: JSONValue, stored: JSONValue?, _ call: Call) throws(GoogleError) -> JSONValue {
        let conference = try CalendarResources.withConference(json, stored: stored, version: call.integer("conferenceDataVersion", in: 0...1) ?? 0)
        return try CalendarResources.withAttachments(conference, stored: stored, supported: call.flag("supportsAttachments") ?? false)
    }

    private func refuseDuplicateUID(_ uid: String, calendar: CalendarInfo) throws(GoogleError) {
        let taken = try withStore { try $0.eventFeed(calendarID: calendar.id, after: 0) }.contains { entry in
            if case .present(let replica) = entry { return replica.item.iCalUID == uid && replica.item.recurringEventID == nil }
            return false
        }
        if taken { throw GoogleError(status: 409, reason: "duplicate", message: "The requested identifier already exists.") }
    }

    /// events.import: the event of an iCalendar UID, added or updated in place.
    func importEvent(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let calendar = try calendar(call)
        let body = try jsonBody(call.request)
        guard let uid = body["iCalUID"]?.stringValue, !uid.isEmpty else { throw GoogleError.required("Missing iCalUID.") }
        let existing = try withStore { try $0.eventFeed(calendarID: calendar.id, after: 0) }.compactMap { entry -> Replica<Event>? in
            if case .present(let replica) = entry, replica.item.iCalUID == uid, replica.item.recurringEventID == nil { return replica }
            return nil
        }.first
        let id = existing?.item.id ?? Wire.eventID()
        let stored = existing.map { CalendarResources.resource($0, calendar: calendar, account: account, zone: nil) }
        let sent = try optInMembers(body, stored: stored, call)
        let reading = try CalendarResources.read(sent, id: id, calendar: calendar, account: account, iCalUID: uid, occurrenceOf: nil)
        let saved = try withStore { try $0.putEvent(reading.event, isDeleted: reading.isCancelled, unmodeled: reading.unmodeled) }
        return try eventAnswer(CalendarResources.resource(saved, calendar: calendar, account: account, zone: nil), call)
    }

    /// quickAdd: the text read as clerk reads a request (title, time, place, people), in the
    /// calendar's zone, the title in the text's own case. Without a time it is the next full
    /// hour, for an hour.
    func quickAdd(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let calendar = try calendar(call)
        guard let text = call.parameter("text"), !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw GoogleError.required("Missing text.", location: "text")
        }
        let zone = Zone(identifier: calendar.timeZone) ?? configuration.timeZone
        let reference = ReferenceTime(instant: now, timeZone: zone)
        var title = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var location: String?
        var attendees: [Attendee] = []
        var when: When?
        var recurrence: [String] = []
        if case .createEvent(let request) = Router().understand(text, at: reference).intent {
            // Google keeps the text's own case ("dinner with ana" stays lower case; clerk's
            // reading capitalizes its first letter).
            if !request.title.isEmpty { title = text.range(of: request.title, options: .caseInsensitive).map { String(text[$0]) } ?? request.title }
            location = request.location
            attendees = request.attendees.filter { $0.email != nil }
            if let match = request.when {
                if request.isAllDay || match.isAllDay {
                    let first = LocalDate(match.start, in: zone)
                    when = .allDay(start: first, end: max(LocalDate(match.end, in: zone), first.adding(days: 1)))
                } else {
                    var end = match.end
                    if let minutes = request.durationMinutes { end = match.start + Double(minutes) * 60 }
                    else if !match.known.contains(.end) && !match.known.contains(.duration) { end = match.start + 3600 }
                    when = .timed(start: match.start, end: end, timeZone: zone.identifier)
                }
            }
            if let rule = request.recurrence ?? request.when?.recurrence { recurrence = ["RRULE:" + rule] }
        }
        if when == nil {
            let hour = (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600 + 3600
            when = .timed(start: Date(timeIntervalSince1970: hour), end: Date(timeIntervalSince1970: hour + 3600), timeZone: zone.identifier)
        }
        let id = Wire.eventID()
        let event = Event(id: id, calendarID: calendar.id, title: title, when: when!, location: location, attendees: attendees,
                          recurrence: recurrence, iCalUID: id + "@google.com")
        let saved = try withStore { try $0.putEvent(event, isDeleted: false, unmodeled: nil) }
        return try eventAnswer(CalendarResources.resource(saved, calendar: calendar, account: account, zone: nil), call)
    }

    /// patch (`replacing` false: members merge) and update (the body is the whole event).
    /// Setting `status` to confirmed brings a cancelled event back; to cancelled, deletes it.
    func changeEvent(_ call: Call, replacing: Bool) throws(GoogleError) -> HTTPResponse {
        let calendar = try calendar(call)
        let replica = try eventReplica(call, calendar: calendar)
        try checkPrecondition(call, replica)
        let body = try jsonBody(call.request)
        let current = CalendarResources.resource(replica, calendar: calendar, account: account, zone: nil)
        var next = replacing ? body : current.merged(with: body)
        if !replacing {
            // Moving between a date and a date-time: the kind not sent goes.
            for end in ["start", "end"] {
                guard let sent = body[end], sent["date"] == nil || sent["dateTime"] == nil else { continue }
                let dropped: Set<String> = sent["dateTime"] != nil ? ["date"] : sent["date"] != nil ? ["dateTime", "timeZone"] : []
                next = next.merged(with: .object([(end, .object(dropped.map { ($0, .null) }))]))
            }
        }
        next = try optInMembers(next, stored: current, call)
        let event = replica.item
        let occurrence = event.recurringEventID.flatMap { series in event.originalStart.map { (series, $0) } }
        var reading = try CalendarResources.read(next, id: event.id, calendar: calendar, account: account, iCalUID: event.iCalUID, occurrenceOf: occurrence)
        let wasCancelled = replica.isDeleted
        let cancelled = next["status"]?.stringValue == "cancelled" || (wasCancelled && body["status"] == nil)
        // Google counts a change of time or repeat as a new sequence.
        let sequence = replica.unmodeled?["sequence"]?.intValue ?? 0
        let retimed = reading.event.when != event.when || reading.event.recurrence != event.recurrence
        var extras = reading.unmodeled?.objectValue ?? []
        extras.removeAll { $0.0 == "sequence" }
        extras.append(("sequence", .number(Double(body["sequence"]?.intValue ?? (retimed ? sequence + 1 : sequence)))))
        reading.unmodeled = .object(extras)
        let saved = try withStore { store in
            try store.atomically {
                if cancelled && !wasCancelled {
                    try store.deleteEvent(id: event.id)
                }
                let saved = try store.putEvent(reading.event, isDeleted: cancelled, unmodeled: reading.unmodeled, created: replica.created)
                // A series cut short (an UNTIL, a smaller COUNT): its changed instances the
                // rule no longer makes go, as at Google, and its sync reports them cancelled.
                if !cancelled, event.recurringEventID == nil, !event.recurrence.isEmpty, reading.event.recurrence != event.recurrence {
                    try store.dropStrayOccurrences(of: event.id)
                }
                return saved
            }
        }
        return try eventAnswer(CalendarResources.resource(saved, calendar: calendar, account: account, zone: nil), call)
    }

    func deleteEvent(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let calendar = try calendar(call)
        let replica = try eventReplica(call, calendar: calendar)
        guard !replica.isDeleted else { throw GoogleError.deleted }
        try checkPrecondition(call, replica)
        try withStore { store in try store.atomically { try deleteStoredEvent(replica.item.id, in: store) } }
        return HTTPResponse(status: 204)
    }

    /// Deletes an event, the deletion its last update (updatedMin finds it by that). Called
    /// inside the caller's transaction.
    func deleteStoredEvent(_ id: String, in store: LocalStore) throws {
        try store.deleteEvent(id: id)
        if let deleted = try store.eventReplica(id: id) {
            var event = deleted.item
            event.updated = now
            try store.putEvent(event, isDeleted: true, unmodeled: deleted.unmodeled)
        }
    }

    /// events.move: the event goes to the `destination` calendar under the same id; a
    /// series goes with its changed and cancelled instances. An instance cannot move on its
    /// own (Google: `cannotChangeOrganizerOfInstance`). The calendar it left reports each row
    /// that went as cancelled in its next sync; the destination's sync brings them.
    func moveEvent(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let source = try calendar(call)
        let replica = try eventReplica(call, calendar: source)
        guard !replica.isDeleted else { throw GoogleError.deleted }
        guard let destinationID = call.parameter("destination"), !destinationID.isEmpty else {
            throw GoogleError.required("Required parameter: destination", location: "destination")
        }
        let calendars = try withStore { try $0.calendars() }
        guard let destination = calendars.first(where: { destinationID == "primary" ? $0.isPrimary : $0.id == destinationID }) else {
            throw GoogleError.notFound()
        }
        guard replica.item.recurringEventID == nil else {
            throw GoogleError.badRequest("Cannot change the organizer of an instance.", reason: "cannotChangeOrganizerOfInstance")
        }
        guard destination.id != source.id else {
            return try eventAnswer(CalendarResources.resource(replica, calendar: source, account: account, zone: nil), call)
        }
        let id = replica.item.id
        let instances = try withStore { try $0.eventFeed(calendarID: source.id, after: 0) }.compactMap { entry -> String? in
            if case .present(let row) = entry, row.item.recurringEventID == id { return row.item.id }
            return nil
        }
        let moved = try withStore { store in
            try store.atomically {
                try store.moveEvent(id: id, toCalendarID: destination.id)
                var event = try store.eventReplica(id: id)!.item
                event.updated = now
                let saved = try store.putEvent(event, isDeleted: false, unmodeled: replica.unmodeled)
                let key = Emulator.movedAwayKey(source.id)
                var marks = (try store.syncValue(key)).flatMap { try? JSONValue.parse(bytes: Array($0.utf8)).arrayValue } ?? []
                for gone in [id] + instances {
                    let version = gone == id ? saved.version : try store.eventReplica(id: gone)?.version ?? saved.version
                    marks.append(.object([("id", .string(gone)), ("version", .number(Double(version)))]))
                }
                try store.setSyncValue(key, JSONValue.array(marks).serialized())
                return saved
            }
        }
        return try eventAnswer(CalendarResources.resource(moved, calendar: destination, account: account, zone: nil), call)
    }

    static func movedAwayKey(_ calendarID: String) -> String { "calendar.movedAway." + calendarID }

    /// The events moved off `calendar` after change `version`, as removals of its feed.
    func movedAway(from calendar: CalendarInfo, after version: Int64) throws(GoogleError) -> [FeedEntry<Event>] {
        guard let text = try withStore({ try $0.syncValue(Emulator.movedAwayKey(calendar.id)) }),
              let marks = try? JSONValue.parse(bytes: Array(text.utf8)).arrayValue else { return [] }
        return marks.compactMap { mark -> FeedEntry<Event>? in
            guard let id = mark["id"]?.stringValue, let moved = mark["version"]?.intValue, Int64(moved) > version else { return nil }
            return .removed(id: id, version: Int64(moved))
        }.sorted { $0.version < $1.version }
    }

    // MARK: Free/busy, colors, settings

    func freeBusy(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let body = try jsonBody(call.request)
        guard let minText = body["timeMin"]?.stringValue, let timeMin = ClockText.rfc3339Instant(minText),
              let maxText = body["timeMax"]?.stringValue, let timeMax = ClockText.rfc3339Instant(maxText) else {
            throw GoogleError.required("Missing timeMin or timeMax.")
        }
        guard timeMin < timeMax else { throw GoogleError.timeRangeEmpty() }
        var zone = Zone.gmt
        if let value = body["timeZone"], value != .null {
            guard let name = value.stringValue, let named = Zone(identifier: name) else { throw GoogleError.invalid("Invalid value for: timeZone") }
            zone = named
        }
        for (name, most) in [("calendarExpansionMax", 50), ("groupExpansionMax", 100)] {
            guard let value = body[name], value != .null else { continue }
            guard let number = value.numberValue, number == number.rounded(), (1...Double(most)).contains(number) else {
                throw GoogleError.invalid("Invalid value for: \(name)")
            }
        }
        let items = body["items"] ?? .array([])
        guard let list = items.arrayValue, list.allSatisfy({ $0["id"]?.stringValue != nil }) else { throw GoogleError.invalid("Invalid value for: items") }
        let calendars = try withStore { try $0.calendars() }
        var answers: [(String, JSONValue)] = []
        for (index, item) in list.enumerated() {
            let id = item["id"]?.stringValue ?? ""
            // Google answers at most 50 calendars; each one beyond gets an error of its own.
            guard index < 50 else {
                answers.append((id, ["errors": [["domain": "calendar", "reason": "tooManyCalendarsRequested"]], "busy": []]))
                continue
            }
            guard let found = calendars.first(where: { id == "primary" ? $0.isPrimary : $0.id == id }) else {
                answers.append((id, ["errors": [["domain": "global", "reason": "notFound"]], "busy": []]))
                continue
            }
            let events = try withStore { try $0.events(from: timeMin, to: timeMax, calendarIDs: [found.id]) }
            let calendarZone = Zone(identifier: found.timeZone) ?? zone
            var spans: [(Date, Date)] = []
            for event in events.sorted(by: { $0.when.startInstant(in: calendarZone) < $1.when.startInstant(in: calendarZone) }) {
                if let series = event.recurringEventID ?? Optional(event.id),
                   try withStore({ try $0.eventReplica(id: series) })?.unmodeled?["transparency"]?.stringValue == "transparent" { continue }
                let start = max(event.when.startInstant(in: calendarZone), timeMin), end = min(event.when.endInstant(in: calendarZone), timeMax)
                guard end > start else { continue }
                if let last = spans.last, start <= last.1 { spans[spans.count - 1].1 = max(last.1, end) } else { spans.append((start, end)) }
            }
            answers.append((id, ["busy": .array(spans.map { .object([("start", .string(ClockText.rfc3339($0.0, zone: zone))), ("end", .string(ClockText.rfc3339($0.1, zone: zone)))]) })]))
        }
        return try .json(.object([("kind", "calendar#freeBusy"), ("timeMin", .string(Wire.timestamp(timeMin))), ("timeMax", .string(Wire.timestamp(timeMax))),
                                  ("calendars", .object(answers))]), for: call)
    }

    /// Every setting Google lists, as a new account has them, in the account's zone.
    var settings: [(String, String)] {
        [("autoAddHangouts", "false"), ("dateFieldOrder", "DMY"), ("defaultEventLength", "60"), ("format24HourTime", "true"),
         ("hideInvitations", "false"), ("hideWeekends", "false"), ("locale", "en"), ("remindOnRespondedEventsOnly", "false"),
         ("showDeclinedEvents", "true"), ("timezone", configuration.timeZone.identifier), ("useKeyboardShortcuts", "true"), ("weekStart", "1")]
    }

    func setting(_ pair: (String, String)) -> JSONValue {
        .object([("kind", "calendar#setting"), ("etag", "\"0\""), ("id", .string(pair.0)), ("value", .string(pair.1))])
    }

    /// settings.list: pages of `maxResults` (1–250, 100 by default), the last with a sync
    /// token. The settings never change here, so a sync with that token lists nothing.
    func listSettings(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let size = try call.integer("maxResults", in: 1...250) ?? 100
        var items = settings.map(setting)
        if let token = call.parameter("syncToken") {
            _ = try readSyncToken(token, scope: "settings")
            items = []
        }
        let page = try PageToken.page(items, token: call.parameter("pageToken"), size: size, query: Emulator.listingKey(call), snapshot: 0)
        var members: [(String, JSONValue)] = [("kind", "calendar#settings"), ("etag", "\"0\""), ("items", .array(Array(page.items)))]
        if let next = page.next { members.append(("nextPageToken", .string(next))) }
        else { members.append(("nextSyncToken", .string(syncToken(scope: "settings", version: 0)))) }
        return try .json(.object(members), for: call)
    }

    func getSetting(_ call: Call) throws(GoogleError) -> HTTPResponse {
        guard let pair = settings.first(where: { $0.0 == call[capture: "setting"] }) else { throw GoogleError.notFound() }
        return try .json(setting(pair), for: call)
    }

    /// colors.get: the palette Google's own calendar offers.
    static let colors: JSONValue = {
        let calendar = ["#ac725e", "#d06b64", "#f83a22", "#fa573c", "#ff7537", "#ffad46", "#42d692", "#16a765", "#7bd148", "#b3dc6c",
                        "#fbe983", "#fad165", "#92e1c0", "#9fe1e7", "#9fc6e7", "#4986e7", "#9a9cff", "#b99aff", "#c2c2c2", "#cabdbf",
                        "#cca6ac", "#f691b2", "#cd74e6", "#a47ae2"]
        let event = ["#a4bdfc", "#7ae7bf", "#dbadff", "#ff887c", "#fbd75b", "#ffb878", "#46d6db", "#e1e1e1", "#5484ed", "#51b749", "#dc2127"]
        func palette(_ colors: [String]) -> JSONValue {
            .object(colors.enumerated().map { ("\($0.offset + 1)", .object([("background", .string($0.element)), ("foreground", "#1d1d1d")])) })
        }
        return .object([("kind", "calendar#colors"), ("updated", "2012-02-14T00:00:00.000Z"), ("calendar", palette(calendar)), ("event", palette(event))])
    }()

    // MARK: Seeding and generating

    /// Loads an .ics into the calendar of that name (`primary` for the primary one), made
    /// when missing; events keep their UIDs, so seeding twice adds nothing.
    func seedCalendar(path: String, name: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let events = try ICalendarReader(file: (path as NSString).lastPathComponent, zone: configuration.timeZone).read(data)
        let calendars = try store.calendarReplicas().map(\.item)
        let target: CalendarInfo
        if name == "primary" || name == account, let primary = calendars.first(where: \.isPrimary) {
            target = primary
        } else if let found = calendars.first(where: { $0.name == name }) {
            target = found
        } else {
            target = try store.putCalendar(CalendarInfo(id: Wire.random(26, from: Wire.base32hex) + "@group.calendar.google.com", name: name,
                                                        timeZone: configuration.timeZone.identifier, isPrimary: false), unmodeled: nil).item
        }
        try store.importEvents(events, calendarID: target.id, progress: nil)
    }

    /// Makes `count` events spread over `calendars` calendars (the primary one and
    /// "Calendar 2"…), a tenth of them weekly series, around now, the same every run.
    func generateEvents(_ count: Int, calendars: Int, random: inout SeededRandom) throws {
        guard count > 0 else { return }
        var targets = try store.calendarReplicas().map(\.item).filter(\.isPrimary)
        for number in targets.count..<max(calendars, 1) {
            targets.append(try store.putCalendar(CalendarInfo(id: "generated\(number)@group.calendar.google.com", name: "Calendar \(number + 1)",
                                                              timeZone: configuration.timeZone.identifier, isPrimary: false), unmodeled: nil).item)
        }
        let titles = ["Standup", "Lunch", "Review", "Planning", "Dentist", "Gym", "1:1", "Coffee", "Call", "Workshop", "Demo", "Retro"]
        let day = 86_400.0
        let start = (now.timeIntervalSince1970 / day).rounded(.down) * day - 180 * day
        try store.atomically {
            for number in 0..<count {
                let calendar = targets[number % targets.count]
                let dayOffset = Double(Int.random(in: 0..<365, using: &random))
                let hour = Double(Int.random(in: 7..<20, using: &random))
                let first = Date(timeIntervalSince1970: start + dayOffset * day + hour * 3600)
                let id = String(format: "gen%07d", number) + Wire.random(6, from: Wire.base32hex)
                let event = Event(id: id, calendarID: calendar.id, title: titles[Int.random(in: 0..<titles.count, using: &random)] + " \(number)",
                                  when: .timed(start: first, end: first + 1800 * Double(Int.random(in: 1...4, using: &random)), timeZone: calendar.timeZone),
                                  recurrence: number % 10 == 0 ? ["RRULE:FREQ=WEEKLY;COUNT=20"] : [], iCalUID: id + "@google.com")
                try store.putEvent(event, isDeleted: false, unmodeled: nil)
            }
        }
    }
}
