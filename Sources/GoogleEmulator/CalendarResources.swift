import ClerkCore
import ClerkLocal
import Foundation

/// Calendar v3 resources to and from the store's values.
///
/// The store keeps what clerk models (title, times, place, notes, attendees, reminders,
/// recurrence) in its columns and every other member of the resource verbatim in the
/// event's unmodeled fields, so a client gets back what it sent. Attendees and reminders are
/// kept both ways: as clerk reads them, and verbatim (with `responseStatus`, `method`, …).
enum CalendarResources {
    /// Members the server sets or derives; what a client sends for them is not kept.
    static let serverMembers: Set<String> = [
        "kind", "etag", "id", "htmlLink", "created", "updated", "creator", "organizer", "iCalUID", "recurringEventId",
        "originalStartTime", "summary", "description", "location", "start", "end", "recurrence", "status", "privateCopy",
        "locked",
    ]

    static let defaultReminders: JSONValue = [["method": "popup", "minutes": 10]]

    /// `{"dateTime": …, "timeZone": …}` or `{"date": …}` for one end of `when`. A series'
    /// start set for a time its zone skips (`skippedWallStart`) is written as that time with
    /// the offset before the gap (`2026-03-29T02:30:00+01:00`): the instant it is read as
    /// (03:30 summer time), and the time the series repeats at.
    static func time(_ when: When, start: Bool, zone override: Zone?, skippedWallStart: Int? = nil) -> JSONValue {
        switch when {
        case .allDay(let first, let last):
            return ["date": .string((start ? first : last).iso)]
        case .timed(let first, let last, let zoneName):
            let own = Zone(identifier: zoneName)
            let zone = override ?? own ?? Zone.gmt
            if start, let wall = skippedWallStart, zone == own {
                let offset = wall - Int(first.timeIntervalSince1970.rounded(.down))
                return .object([("dateTime", .string(ClockText.rfc3339(wallSeconds: wall, offset: offset))), ("timeZone", .string(zoneName))])
            }
            return .object([("dateTime", .string(ClockText.rfc3339(start ? first : last, zone: zone))), ("timeZone", .string(zoneName))])
        }
    }

    /// The `htmlLink` Google gives an event: its id and calendar, base64 in a URL.
    static func link(_ id: String, calendar: String) -> String {
        "https://www.google.com/calendar/event?eid=" + Wire.base64URL(Array("\(id) \(calendar)".utf8))
    }

    /// The Event resource of a stored event.
    static func resource(_ replica: Replica<Event>, calendar: CalendarInfo, account: String, zone: Zone?) -> JSONValue {
        let event = replica.item
        var members: [(String, JSONValue)] = [
            ("kind", "calendar#event"), ("etag", .string(Wire.etag(replica.version))), ("id", .string(event.id)),
            ("status", .string(replica.isDeleted ? "cancelled" : replica.unmodeled?["status"]?.stringValue ?? "confirmed")),
            ("htmlLink", .string(link(event.id, calendar: calendar.id))),
            ("created", .string(Wire.timestamp(replica.created))),
            ("updated", .string(Wire.timestamp(event.updated ?? replica.created))),
        ]
        if !event.title.isEmpty { members.append(("summary", .string(event.title))) }
        if let notes = event.notes { members.append(("description", .string(notes))) }
        if let location = event.location { members.append(("location", .string(location))) }
        members.append(("creator", .object([("email", .string(account)), ("self", true)])))
        members.append(("organizer", .object([("email", .string(calendar.id)), ("displayName", .string(calendar.name)), ("self", true)])))
        members.append(("start", time(event.when, start: true, zone: zone, skippedWallStart: event.skippedWallStart)))
        members.append(("end", time(event.when, start: false, zone: zone)))
        if !event.recurrence.isEmpty, event.recurringEventID == nil {
            members.append(("recurrence", .array(event.recurrence.map(JSONValue.string))))
        }
        if let series = event.recurringEventID, let original = event.originalStart {
            members.append(("recurringEventId", .string(series)))
            members.append(("originalStartTime", time(original, start: true, zone: zone)))
        }
        members.append(("iCalUID", .string(event.iCalUID ?? event.id + "@google.com")))
        members.append(("sequence", replica.unmodeled?["sequence"] ?? 0))
        if let attendees = replica.unmodeled?["attendees"] {
            members.append(("attendees", attendees))
        } else if !event.attendees.isEmpty {
            members.append(("attendees", .array(event.attendees.map { person in
                var item: [(String, JSONValue)] = [("email", .string(person.email ?? ""))]
                if let name = person.name { item.append(("displayName", .string(name))) }
                item.append(("responseStatus", "needsAction"))
                return .object(item)
            })))
        }
        members.append(("reminders", replica.unmodeled?["reminders"] ?? reminders(event.reminderMinutes)))
        for (key, value) in replica.unmodeled?.objectValue ?? [] where !["status", "sequence", "attendees", "reminders"].contains(key) {
            members.append((key, value))
        }
        if replica.unmodeled?["eventType"] == nil { members.append(("eventType", "default")) }
        return droppingEmptyLists(.object(members))
    }

    /// `value` without the members whose value is an empty list, at any depth: Google's
    /// JSON never has one (an event sent with `"overrides": []`, as gcalcli patches quickAdd's
    /// reminders, comes back as `{"useDefault": false}`).
    static func droppingEmptyLists(_ value: JSONValue, depth: Int = 0) -> JSONValue {
        guard depth < 64 else { return value }
        switch value {
        case .object(let members):
            return .object(members.compactMap { key, item in item.arrayValue?.isEmpty == true ? nil : (key, droppingEmptyLists(item, depth: depth + 1)) })
        case .array(let items):
            return .array(items.map { droppingEmptyLists($0, depth: depth + 1) })
        default:
            return value
        }
    }

    static func reminders(_ minutes: [Int]) -> JSONValue {
        minutes.isEmpty ? ["useDefault": true]
            : .object([("useDefault", false), ("overrides", .array(minutes.map { .object([("method", "popup"), ("minutes", .number(Double($0)))]) }))])
    }

    /// The small form a cancelled occurrence takes in a listing.
    static func cancelledStub(id: String, version: Int64, seriesID: String?, original: When?, zone: Zone?) -> JSONValue {
        var members: [(String, JSONValue)] = [("kind", "calendar#event"), ("etag", .string(Wire.etag(version))), ("id", .string(id)),
                                              ("status", "cancelled")]
        if let seriesID, let original {
            members.append(("recurringEventId", .string(seriesID)))
            members.append(("originalStartTime", time(original, start: true, zone: zone)))
        }
        return .object(members)
    }

    // MARK: Reading a resource

    /// What an Event resource from a client says, checked as Google checks it.
    struct Reading {
        var event: Event
        var unmodeled: JSONValue?
        var isCancelled: Bool
    }

    /// Reads `json` as the whole new content of event `id` on `calendar` (for a changed
    /// occurrence, `occurrenceOf` names its series and original start).
    static func read(_ json: JSONValue, id: String, calendar: CalendarInfo, account: String, iCalUID: String?,
                     occurrenceOf: (series: String, original: When)?) throws(GoogleError) -> Reading {
        try checkMemberTypes(json)
        let start = try readTime(json["start"], end: "start", calendarZone: calendar.timeZone)
        let end = try readTime(json["end"], end: "end", calendarZone: calendar.timeZone)
        let recurrence = try json["recurrence"].map { value throws(GoogleError) -> [String] in
            guard let lines = value.arrayValue?.compactMap(\.stringValue), lines.count == value.arrayValue?.count else {
                throw GoogleError.invalid("Invalid recurrence rule.")
            }
            return lines.filter { !$0.isEmpty }
        } ?? []
        // Google Calendar has no series by the hour or more often: it answers such a rule
        // (RRULE:FREQ=HOURLY, as RFC 5545 allows it) with a server error, not a 400
        // (google-api-ruby-client issue 572), and a client with retries tries it again.
        if occurrenceOf == nil, RecurrencePreview.repeatsWithinADay(recurrence) { throw GoogleError.subDailyRecurrence }
        let when: When
        var skippedWallStart: Int?
        switch (start, end) {
        case (.date(let first), .date(let last)):
            guard last > first else { throw GoogleError.timeRangeEmpty() }
            when = .allDay(start: first, end: last)
        case (.dateTime(let first, let zone, let zoneGiven), .dateTime(let last, _, _)):
            guard last >= first else { throw GoogleError.timeRangeEmpty() }
            if !recurrence.isEmpty, !zoneGiven { throw GoogleError.required("Missing time zone definition for start time.") }
            when = .timed(start: first, end: last, timeZone: zone)
            // A series set for a time its zone skips repeats at it (written without an offset,
            // or with the one before the gap).
            if !recurrence.isEmpty, occurrenceOf == nil, let text = json["start"]?["dateTime"]?.stringValue, let named = Zone(identifier: zone) {
                skippedWallStart = ClockText.skippedWallSeconds(text, zone: named)
            }
        default:
            throw GoogleError.invalid("Start and end times must either both be date or both be dateTime.")
        }
        let attendees = try readAttendees(json["attendees"])
        let reminderMinutes = try readReminders(json["reminders"])
        let status = json["status"]?.stringValue ?? "confirmed"
        guard ["confirmed", "tentative", "cancelled"].contains(status) else { throw GoogleError.invalid("Invalid value for: status") }
        var kept: [(String, JSONValue)] = []
        for (key, value) in json.objectValue ?? [] where !serverMembers.contains(key) && value != .null {
            kept.append((key, key == "attendees" ? attendeeList(value, calendar: calendar, account: account) : value))
        }
        if status == "tentative" { kept.append(("status", "tentative")) }
        let event = Event(
            id: id, calendarID: calendar.id, title: json["summary"]?.stringValue ?? "", when: when,
            location: json["location"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
            notes: json["description"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
            attendees: attendees, recurrence: occurrenceOf == nil ? recurrence : [], reminderMinutes: reminderMinutes,
            recurringEventID: occurrenceOf?.series, originalStart: occurrenceOf?.original, iCalUID: iCalUID,
            skippedWallStart: skippedWallStart)
        return Reading(event: event, unmodeled: kept.isEmpty ? nil : .object(kept), isCancelled: status == "cancelled")
    }

    /// The Event members that are strings in the discovery document, and the values of
    /// those that are enums.
    static let stringMembers: [(String, Set<String>?)] = [
        ("id", nil), ("iCalUID", nil), ("summary", nil), ("description", nil), ("location", nil),
        ("colorId", Set((1...11).map(String.init))),  // the event palette of colors.get
        ("status", nil), ("transparency", ["opaque", "transparent"]), ("visibility", ["default", "public", "private", "confidential"]),
        ("eventType", ["birthday", "default", "focusTime", "fromGmail", "outOfOffice", "workingLocation"]),
    ]

    /// 400 for a string member sent as another type (`"summary": {}`), or an enum member
    /// outside its values: read as absent, it would be a success that dropped what was sent.
    static func checkMemberTypes(_ json: JSONValue) throws(GoogleError) {
        for (name, values) in stringMembers {
            guard let value = json[name], value != .null else { continue }
            guard let text = value.stringValue, values.map({ $0.contains(text) }) ?? true else {
                throw GoogleError.invalid("Invalid value for: \(name)")
            }
        }
        for name in ["start", "end", "reminders", "extendedProperties", "source", "originalStartTime"] {
            if let value = json[name], value != .null, value.objectValue == nil { throw GoogleError.invalid("Invalid value for: \(name)") }
        }
    }

    enum TimeReading {
        case date(LocalDate)
        case dateTime(Date, zone: String, zoneGiven: Bool)
    }

    /// One `EventDateTime`: a `date`, or a `dateTime` with an offset or a `timeZone`.
    static func readTime(_ json: JSONValue?, end name: String, calendarZone: String) throws(GoogleError) -> TimeReading {
        guard let json, json.objectValue != nil else { throw GoogleError.required("Missing \(name) time.") }
        let zoneName = json["timeZone"]?.stringValue
        if let zoneName, !isZoneName(zoneName) {
            throw GoogleError.invalid("Invalid time zone definition for \(name) time.")
        }
        if let text = json["date"]?.stringValue, json["dateTime"]?.stringValue == nil {
            guard let date = LocalDate(iso: text), text.count == 10 else { throw GoogleError.invalid("Invalid \(name) time.") }
            return .date(date)
        }
        guard let text = json["dateTime"]?.stringValue else { throw GoogleError.required("Missing \(name) time.") }
        guard let instant = ClockText.rfc3339Instant(text, zone: zoneName.flatMap(Zone.init(identifier:))) else {
            let hasOffset = text.uppercased().hasSuffix("Z") || text.dropFirst(10).contains("+") || text.dropFirst(10).contains("-")
            throw hasOffset || zoneName != nil ? GoogleError.invalid("Invalid \(name) time.")
                : GoogleError.required("Missing time zone definition for \(name) time.")
        }
        return .dateTime(instant, zone: zoneName ?? calendarZone, zoneGiven: zoneName != nil)
    }

    /// Whether Google takes `name` as an event's zone: a tz database name with a region
    /// (`Europe/Berlin`, `Etc/GMT+2`), or `UTC` or `GMT` (a calendar's own zone may be
    /// either, and clients such as gcalcli send it back); not an abbreviation or an offset.
    static func isZoneName(_ name: String) -> Bool {
        Zone(identifier: name) != nil && (name.contains("/") || name == "UTC" || name == "GMT")
    }

    static func readAttendees(_ json: JSONValue?) throws(GoogleError) -> [Attendee] {
        guard let json, json != .null else { return [] }
        guard let items = json.arrayValue else { throw GoogleError.invalid("Invalid attendee list.") }
        var attendees: [Attendee] = []
        for item in items {
            guard let email = item["email"]?.stringValue, !email.isEmpty else { throw GoogleError.required("Missing attendee email.") }
            guard email.contains("@") else { throw GoogleError.invalid("Invalid attendee email.") }
            attendees.append(Attendee(name: item["displayName"]?.stringValue, email: email))
        }
        return attendees
    }

    /// The attendees as Google keeps them: each with a `responseStatus` (`needsAction` until
    /// they answer, `accepted` for the organizer: the calendar), the organizer marked
    /// `organizer` and the account `self`. What a client sends for those two is not kept.
    static func attendeeList(_ json: JSONValue, calendar: CalendarInfo, account: String) -> JSONValue {
        guard let items = json.arrayValue else { return json }
        return .array(items.map { item in
            var members = (item.objectValue ?? []).filter { $0.0 != "organizer" && $0.0 != "self" }
            let email = item["email"]?.stringValue?.lowercased()
            let isOrganizer = email == calendar.id.lowercased(), isAccount = email == account.lowercased()
            if !members.contains(where: { $0.0 == "responseStatus" }) {
                members.append(("responseStatus", isOrganizer ? "accepted" : "needsAction"))
            }
            if isOrganizer { members.append(("organizer", true)) }
            if isAccount { members.append(("self", true)) }
            return .object(members)
        })
    }

    /// `maxAttendees`: an event with more attendees than `most` shows only the account's
    /// own entry among them, and `attendeesOmitted`.
    static func limitingAttendees(_ event: JSONValue, to most: Int?) -> JSONValue {
        guard let most, let attendees = event["attendees"]?.arrayValue, attendees.count > most else { return event }
        var members = (event.objectValue ?? []).filter { $0.0 != "attendees" && $0.0 != "attendeesOmitted" }
        let own = attendees.filter { $0["self"] == true }
        if !own.isEmpty { members.append(("attendees", .array(own))) }
        members.append(("attendeesOmitted", true))
        return .object(members)
    }

    /// An event's `conferenceData` and `hangoutLink` as Google keeps them, from what a client
    /// sent (`json`) and what was stored before (`stored`, nil for a new event).
    ///
    /// | `conferenceDataVersion` | `conferenceData` sent                    | kept                               |
    /// |-------------------------|-------------------------------------------|------------------------------------|
    /// | 0 (the default)         | anything                                  | what was stored (nothing, when new) |
    /// | 1                       | a `createRequest` for `hangoutsMeet` not yet done | a new Meet: entry point, solution, id, status `success` |
    /// | 1                       | a `createRequest` for another type        | 400 `invalid`                      |
    /// | 1                       | anything else                             | as sent                            |
    ///
    /// `hangoutLink` is the Meet's address, never what a client sent.
    static func withConference(_ json: JSONValue, stored: JSONValue?, version: Int) throws(GoogleError) -> JSONValue {
        var data = version >= 1 ? json["conferenceData"] : stored?["conferenceData"]
        if data == .null { data = nil }
        if let request = data?["createRequest"], request["status"]?["statusCode"]?.stringValue != "success" {
            guard request["conferenceSolutionKey"]?["type"]?.stringValue == "hangoutsMeet" else {
                throw GoogleError.invalid("Invalid conference type value.")
            }
            guard let requestID = request["requestId"]?.stringValue, !requestID.isEmpty else {
                throw GoogleError.invalid("Invalid conference create request: missing requestId.")
            }
            let code = [3, 4, 3].map { Wire.random($0, from: "abcdefghijklmnopqrstuvwxyz") }.joined(separator: "-")
            data = .object([
                ("entryPoints", [.object([("entryPointType", "video"), ("uri", .string("https://meet.google.com/" + code)),
                                          ("label", .string("meet.google.com/" + code))])]),
                ("conferenceSolution", .object([("key", ["type": "hangoutsMeet"]), ("name", "Google Meet"), ("iconUri", .string(meetIcon))])),
                ("conferenceId", .string(code)),
                ("createRequest", .object([("requestId", .string(requestID)), ("conferenceSolutionKey", ["type": "hangoutsMeet"]),
                                           ("status", ["statusCode": "success"])])),
            ])
        }
        var link: JSONValue?
        if data?["conferenceSolution"]?["key"]?["type"]?.stringValue == "hangoutsMeet" {
            link = data?["entryPoints"]?.arrayValue?.first { $0["entryPointType"] == "video" }?["uri"]
        }
        var members = (json.objectValue ?? []).filter { $0.0 != "conferenceData" && $0.0 != "hangoutLink" }
        if let link { members.append(("hangoutLink", link)) }
        if let data { members.append(("conferenceData", data)) }
        return .object(members)
    }

    /// An event's `attachments`: as sent when the client `supported` them (at most 25, each
    /// with a `fileUrl`), else what was stored (none, when new).
    static func withAttachments(_ json: JSONValue, stored: JSONValue?, supported: Bool) throws(GoogleError) -> JSONValue {
        var attachments = supported ? json["attachments"] : stored?["attachments"]
        if attachments == .null { attachments = nil }
        if supported, let attachments {
            guard let items = attachments.arrayValue, items.allSatisfy({ $0["fileUrl"]?.stringValue != nil }) else {
                throw GoogleError.invalid("Invalid attachment: each needs a fileUrl.")
            }
            guard items.count <= 25 else { throw GoogleError.invalid("Too many attachments: at most 25.") }
        }
        var members = (json.objectValue ?? []).filter { $0.0 != "attachments" }
        if let attachments, attachments != [] { members.append(("attachments", attachments)) }
        return .object(members)
    }

    static let meetIcon = "https://fonts.gstatic.com/s/i/productlogos/meet_2020q4/v6/web-512dp/logo_meet_2020q4_color_2x_web_512dp.png"

    /// The minutes of the reminder overrides, checked as Google checks them.
    static func readReminders(_ json: JSONValue?) throws(GoogleError) -> [Int] {
        guard let json, json != .null else { return [] }
        let overrides = json["overrides"]?.arrayValue ?? []
        if json["useDefault"]?.boolValue == true, !overrides.isEmpty {
            throw GoogleError(status: 400, reason: "cannotUseDefaultRemindersAndSpecifyOverride",
                              message: "Cannot specify both default reminders and overrides at the same time.", domain: "calendar")
        }
        guard overrides.count <= 5 else {
            throw GoogleError(status: 400, reason: "tooManyReminders", message: "Too many reminders.", domain: "calendar")
        }
        return try overrides.map { item throws(GoogleError) -> Int in
            guard let minutes = item["minutes"]?.intValue, (0...40320).contains(minutes),
                  ["email", "popup"].contains(item["method"]?.stringValue ?? "") else {
                throw GoogleError.invalid("Invalid reminder.")
            }
            return minutes
        }
    }

    /// Whether an event id follows Google's rules: 5 to 1024 characters of base32hex.
    static func isValidID(_ id: String) -> Bool {
        (5...1024).contains(id.utf8.count) && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x76).contains($0) }
    }
}

extension JSONValue {
    /// PATCH semantics: members of `patch` replace those here, objects merge member by
    /// member, arrays and plain values are replaced whole, and null removes a member.
    func merged(with patch: JSONValue) -> JSONValue {
        guard case .object(var members) = self, case .object(let changes) = patch else { return patch }
        for (key, value) in changes {
            let index = members.firstIndex { $0.0 == key }
            if value == .null {
                if let index { members.remove(at: index) }
            } else if let index {
                members[index].1 = members[index].1.merged(with: value)
            } else {
                members.append((key, value.removingNulls()))
            }
        }
        return .object(members)
    }

    /// The value with null members of objects left out, all the way down.
    func removingNulls() -> JSONValue {
        switch self {
        case .object(let members): return .object(members.filter { $0.1 != .null }.map { ($0.0, $0.1.removingNulls()) })
        case .array(let items): return .array(items.map { $0.removingNulls() })
        default: return self
        }
    }
}
