package import ClerkCore
import FoundationEssentials

/// Google's resources to clerk's values and back: Calendar events, People persons and
/// Drive files.
package enum GoogleCoding {
    // MARK: Events

    /// An `EventDateTime` (`{dateTime, timeZone}` or `{date}`) of one end of a span. A
    /// series' start set for a time its zone skips (`skippedWallStart`) is sent as that wall
    /// clock without an offset, read in `timeZone` as Google's documentation allows, so the
    /// series repeats at it (with the instant's offset, 03:30 summer time, it would repeat
    /// at 03:30).
    static func time(_ when: When, start: Bool, skippedWallStart: Int? = nil) -> JSONValue {
        switch when {
        case .allDay(let first, let last):
            return ["date": .string((start ? first : last).iso)]
        case .timed(let first, let last, let zone):
            if start, let wall = skippedWallStart {
                return .object([("dateTime", .string(ClockText.rfc3339(wallSeconds: wall, offset: nil))), ("timeZone", .string(zone))])
            }
            let instant = start ? first : last
            return .object([("dateTime", .string(ClockText.rfc3339(instant, zone: Zone(identifier: zone) ?? .gmt))), ("timeZone", .string(zone))])
        }
    }

    static func attendees(_ people: [Attendee]) -> JSONValue {
        .array(people.compactMap { person in
            guard let email = person.email else { return nil }
            var members: [(String, JSONValue)] = [("email", .string(email))]
            if let name = person.name { members.append(("displayName", .string(name))) }
            return .object(members)
        })
    }

    static func reminders(_ minutes: [Int]) -> JSONValue {
        minutes.isEmpty ? ["useDefault": true]
            : .object([("useDefault", false), ("overrides", .array(minutes.prefix(5).map { .object([("method", "popup"), ("minutes", .number(Double($0)))]) }))])
    }

    /// The body of an events.insert for `draft` under the client-chosen `id`.
    static func eventBody(_ draft: EventDraft, id: String) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(id)), ("summary", .string(draft.title)),
                                              ("start", time(draft.when, start: true, skippedWallStart: draft.recurrence.isEmpty ? nil : draft.skippedWallStart)),
                                              ("end", time(draft.when, start: false))]
        if let location = draft.location { members.append(("location", .string(location))) }
        if let notes = draft.notes { members.append(("description", .string(notes))) }
        if !draft.attendees.isEmpty { members.append(("attendees", attendees(draft.attendees))) }
        if !draft.recurrence.isEmpty { members.append(("recurrence", .array(draft.recurrence.map(JSONValue.string)))) }
        members.append(("reminders", reminders(draft.reminderMinutes)))
        return .object(members)
    }

    /// The body of an events.patch: only what `patch` changes (null clears).
    static func patchBody(_ patch: EventPatch) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let title = patch.title { members.append(("summary", .string(title))) }
        if let when = patch.when {
            members.append(("start", time(when, start: true, skippedWallStart: patch.skippedWallStart)))
            members.append(("end", time(when, start: false)))
        }
        if let location = patch.location { members.append(("location", .string(orNull: location))) }
        if let notes = patch.notes { members.append(("description", .string(orNull: notes))) }
        if let people = patch.attendees { members.append(("attendees", attendees(people))) }
        if let recurrence = patch.recurrence { members.append(("recurrence", .array(recurrence.map(JSONValue.string)))) }
        if let minutes = patch.reminderMinutes { members.append(("reminders", reminders(minutes))) }
        return .object(members)
    }

    /// One end of an event: a date, or an instant with the zone it is shown in (and the wall
    /// clock written, when the zone skips it: `ClockText.skippedWallSeconds`).
    enum Time {
        case date(LocalDate)
        case instant(Date, zone: String, skippedWall: Int? = nil)
    }

    static func readTime(_ json: JSONValue?, calendarZone: String) -> Time? {
        guard let json else { return nil }
        if let text = json["dateTime"]?.stringValue {
            let zone = json["timeZone"]?.stringValue ?? calendarZone
            guard let instant = ClockText.rfc3339Instant(text, zone: Zone(identifier: zone)) else { return nil }
            let known = Zone(identifier: zone)
            return .instant(instant, zone: known != nil ? zone : calendarZone,
                            skippedWall: known.flatMap { ClockText.skippedWallSeconds(text, zone: $0) })
        }
        if let text = json["date"]?.stringValue, let date = LocalDate(iso: text) { return .date(date) }
        return nil
    }

    static func when(start: Time?, end: Time?) -> When? {
        switch (start, end) {
        case (.date(let first)?, .date(let last)?): return .allDay(start: first, end: max(last, first.adding(days: 1)))
        case (.instant(let first, let zone, _)?, .instant(let last, _, _)?): return .timed(start: first, end: max(last, first), timeZone: zone)
        default: return nil
        }
    }

    /// An Event resource as clerk's event on `calendarID`; nil when it lacks what clerk needs
    /// (a cancelled stub has no times: the caller handles those by id).
    package static func event(_ json: JSONValue, calendarID: String, calendarZone: String) -> Event? {
        let start = readTime(json["start"], calendarZone: calendarZone)
        guard let id = json["id"]?.stringValue, let when = when(start: start, end: readTime(json["end"], calendarZone: calendarZone))
        else { return nil }
        var skippedWallStart: Int?
        if case .instant(_, _, let wall)? = start { skippedWallStart = wall }
        let original: When? = json["originalStartTime"].flatMap { value in
            switch readTime(value, calendarZone: calendarZone) {
            case .date(let date)?: return .allDay(start: date, end: date.adding(days: 1))
            case .instant(let instant, let zone, _)?: return .timed(start: instant, end: instant, timeZone: zone)
            case nil: return nil
            }
        }
        let people = (json["attendees"]?.arrayValue ?? []).filter { $0["resource"]?.boolValue != true }.map {
            Attendee(name: $0["displayName"]?.stringValue, email: $0["email"]?.stringValue)
        }
        let reminders = json["reminders"]?["useDefault"]?.boolValue == false
            ? (json["reminders"]?["overrides"]?.arrayValue ?? []).compactMap { $0["minutes"]?.intValue } : []
        return Event(
            id: id, calendarID: calendarID, title: json["summary"]?.stringValue ?? "", when: when,
            location: json["location"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
            notes: json["description"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }, attendees: people,
            recurrence: json["recurringEventId"] == nil ? (json["recurrence"]?.arrayValue ?? []).compactMap { $0.stringValue.map(RRule.canonicalLine) } : [],
            reminderMinutes: reminders, recurringEventID: json["recurringEventId"]?.stringValue, originalStart: original,
            updated: json["updated"]?.stringValue.flatMap { ClockText.rfc3339Instant($0) }, iCalUID: json["iCalUID"]?.stringValue,
            skippedWallStart: json["recurringEventId"] == nil && json["recurrence"] != nil ? skippedWallStart : nil)
    }

    // MARK: People

    /// The person fields clerk reads.
    static let personFields = "names,nicknames,emailAddresses,phoneNumbers,addresses,birthdays,biographies,organizations"

    /// A Person as a contact; nil for an entry with no name, email or phone (an empty one).
    package static func contact(_ json: JSONValue) -> Contact? {
        guard let id = json["resourceName"]?.stringValue else { return nil }
        func primaryFirst(_ key: String) -> [JSONValue] {
            let items = json[key]?.arrayValue ?? []
            return items.filter { $0["metadata"]?["primary"]?.boolValue == true } + items.filter { $0["metadata"]?["primary"]?.boolValue != true }
        }
        func labeled(_ key: String, value: String = "value") -> [LabeledValue] {
            primaryFirst(key).compactMap { item in
                item[value]?.stringValue.map { LabeledValue($0, label: item["formattedType"]?.stringValue ?? item["type"]?.stringValue) }
            }
        }
        let name = primaryFirst("names").first
        let emails = labeled("emailAddresses"), phones = labeled("phoneNumbers")
        let display = name?["displayName"]?.stringValue ?? emails.first?.value ?? phones.first?.value
        guard let display, !display.trimmingSpaces().isEmpty else { return nil }
        let birthday = primaryFirst("birthdays").compactMap { item -> Birthday? in
            guard let date = item["date"], let month = date["month"]?.intValue, let day = date["day"]?.intValue else { return nil }
            return Birthday(checkedYear: date["year"]?.intValue, month: month, day: day)
        }.first
        let organization = primaryFirst("organizations").first
        return Contact(
            id: id, name: display, givenName: name?["givenName"]?.stringValue, familyName: name?["familyName"]?.stringValue,
            nicknames: primaryFirst("nicknames").compactMap { $0["value"]?.stringValue }, emails: emails, phones: phones,
            addresses: labeled("addresses", value: "formattedValue"), birthday: birthday,
            notes: primaryFirst("biographies").first?["value"]?.stringValue, company: organization?["name"]?.stringValue,
            jobTitle: organization?["title"]?.stringValue)
    }

    // MARK: Drive

    static let googleDoc = "application/vnd.google-apps.document"

    /// The types clerk treats as text files: plain text and its kin, and Google Docs (read
    /// through an export to plain text).
    static let textTypes = ["text/plain", "text/markdown", "text/csv", "application/json", "text/html", googleDoc]

    static let fileFields = "id,name,mimeType,size,modifiedTime,trashed,version,md5Checksum"

    package static func file(_ json: JSONValue) -> DriveFile? {
        guard let id = json["id"]?.stringValue, let name = json["name"]?.stringValue else { return nil }
        return DriveFile(id: id, name: name, size: json["size"]?.stringValue.flatMap { Int($0) } ?? 0,
                         modified: json["modifiedTime"]?.stringValue.flatMap { ClockText.rfc3339Instant($0) } ?? Date(timeIntervalSince1970: 0),
                         mimeType: json["mimeType"]?.stringValue ?? "text/plain", trashed: json["trashed"]?.boolValue ?? false)
    }
}
