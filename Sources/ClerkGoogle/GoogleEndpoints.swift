import FoundationEssentials

/// Where each of Google's services lives: Google's own hosts, or one root URL that serves
/// all of them at Google's paths (`--google-endpoint`, the emulator).
package struct GoogleEndpoints: Sendable, Equatable {
    package var authorize: String
    package var token: String
    package var revoke: String
    package var calendar: String
    package var drive: String
    package var upload: String
    package var people: String

    package static let google = GoogleEndpoints(
        authorize: "https://accounts.google.com/o/oauth2/v2/auth", token: "https://oauth2.googleapis.com/token",
        revoke: "https://oauth2.googleapis.com/revoke", calendar: "https://www.googleapis.com/calendar/v3",
        drive: "https://www.googleapis.com/drive/v3", upload: "https://www.googleapis.com/upload/drive/v3",
        people: "https://people.googleapis.com/v1")

    package init(authorize: String, token: String, revoke: String, calendar: String, drive: String, upload: String, people: String) {
        self.authorize = authorize
        self.token = token
        self.revoke = revoke
        self.calendar = calendar
        self.drive = drive
        self.upload = upload
        self.people = people
    }

    /// The permission a call to `url` needs, to name it when Google says it is missing.
    func scope(for url: String, method: String) -> String? {
        let path = String(url.prefix { $0 != "?" })
        if path.hasPrefix(calendar) {
            let rest = path.dropFirst(calendar.count)
            if rest.hasPrefix("/users/me/calendarList") { return GoogleScopes.calendarList }
            // calendars.insert, and a calendar's own patch or delete (not its events').
            if rest == "/calendars" || rest.hasPrefix("/calendars/") && !rest.contains("/events") && method != "GET" { return GoogleScopes.calendarsCreate }
            return GoogleScopes.calendarEvents
        }
        if path.hasPrefix(drive) || path.hasPrefix(upload) { return GoogleScopes.driveFile }
        if path.hasPrefix(people) { return GoogleScopes.contacts }
        return nil
    }

    /// Every service under one root URL, at Google's own paths.
    package init(root: String) {
        let root = root.hasSuffix("/") ? String(root.dropLast()) : root
        self.init(authorize: root + "/o/oauth2/v2/auth", token: root + "/token", revoke: root + "/revoke",
                  calendar: root + "/calendar/v3", drive: root + "/drive/v3", upload: root + "/upload/drive/v3", people: root + "/v1")
    }
}

/// The permissions clerk asks for, and what each is for.
///
/// | scope                                   | for                                          |
/// |-----------------------------------------|----------------------------------------------|
/// | `calendar.events`                       | events on every calendar: list, insert, quickAdd, patch, delete |
/// | `calendar.calendarlist.readonly`        | the list of calendars (not covered by the one above) |
/// | `calendar.app.created`                  | calendars.insert ("new calendar Trips")      |
/// | `drive.file`                            | the text files clerk creates or is given     |
/// | `contacts.readonly`                     | the address book                             |
package enum GoogleScopes {
    package static let prefix = "https://www.googleapis.com/auth/"
    package static let calendarEvents = prefix + "calendar.events"
    package static let calendarList = prefix + "calendar.calendarlist.readonly"
    package static let calendarsCreate = prefix + "calendar.app.created"
    package static let driveFile = prefix + "drive.file"
    package static let contacts = prefix + "contacts.readonly"

    package static let all = [calendarEvents, calendarList, calendarsCreate, driveFile, contacts]

    /// Scopes that also grant what `scope` grants (a broader grant is as good).
    static func satisfied(_ scope: String, by granted: Set<String>) -> Bool {
        if granted.contains(scope) { return true }
        let broader: [String: [String]] = [
            calendarEvents: ["calendar"], calendarList: ["calendar", "calendar.readonly", "calendar.calendarlist"],
            calendarsCreate: ["calendar", "calendar.calendars"], driveFile: ["drive"], contacts: ["contacts"],
        ]
        return (broader[scope] ?? []).contains { granted.contains(prefix + $0) }
    }
}
