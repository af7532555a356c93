import ClerkCore
import FoundationEssentials

/// The calls clerk makes to Calendar v3, Drive v3 and People v1, as requests and their JSON.
/// Paging is the caller's: each list call is one page.
struct GoogleAPI {
    let transport: GoogleTransport
    /// Items asked for per page (each API caps it: Calendar 2500, People and Drive 1000).
    var pageSize = 1000
    var endpoints: GoogleEndpoints { transport.endpoints }

    /// One page of a list: its items and the token of the next page or of the next sync.
    struct Page {
        var items: [JSONValue]
        var next: String?
        var syncToken: String?

        /// The page `json` is, its items under `key` (absent when there are none, as People
        /// leaves them out). An answer that is no page — an empty body, `{}`, `"items":
        /// null`, a page that neither goes on nor ends — is one clerk cannot read: taken for
        /// an empty list, it emptied the mirror of calendars, contacts or files. A list whose
        /// last page carries a sync token (`syncKey`) must carry it or the next page's
        /// token; Drive's file list, whose last page carries neither, must carry its items.
        init(_ json: JSONValue, items key: String, syncToken syncKey: String?) throws(APIFailure) {
            let listed = json[key]
            guard listed == nil || listed?.arrayValue != nil else { throw .malformed }
            items = listed?.arrayValue ?? []
            next = try Page.token(json["nextPageToken"])
            syncToken = try syncKey.flatMap { key throws(APIFailure) in try Page.token(json[key]) }
            let ends = syncKey == nil ? listed != nil : syncToken != nil
            guard next != nil || ends else { throw .malformed }
        }

        /// A token member: nil when absent or empty, unreadable when not a string.
        private static func token(_ value: JSONValue?) throws(APIFailure) -> String? {
            guard let value, value != .null else { return nil }
            guard let text = value.stringValue else { throw .malformed }
            return text.isEmpty ? nil : text
        }
    }

    /// The pages one listing has followed. A page token given before (a cache or a proxy
    /// answering every page with the same one) paged for ever, and so would a listing of
    /// more pages than any account holds: both are answers clerk cannot read.
    struct PageTrail {
        static let maximumPages = 10_000
        private var followed: Set<String> = []

        /// The next page's token once checked; nil at the listing's end.
        mutating func follow(_ token: String?) throws(APIFailure) -> String? {
            guard let token else { return nil }
            guard followed.insert(token).inserted, followed.count < PageTrail.maximumPages else { throw .malformed }
            return token
        }
    }

    static func path(_ segment: String) -> String { Form.escape(segment) }

    private func url(_ base: String, _ path: String, _ query: [(String, String)] = []) -> String {
        base + path + (query.isEmpty ? "" : "?" + Form.encode(query))
    }

    private func jsonCall(_ method: String, _ url: String, body: JSONValue? = nil, idempotent: Bool = true) -> HTTPCall {
        HTTPCall(method, url, headers: body == nil ? [] : [("Content-Type", "application/json")], body: body?.serializedBytes(), isIdempotent: idempotent)
    }

    // MARK: Calendar

    func calendarList(pageToken: String?) throws(APIFailure) -> Page {
        var query = [("maxResults", String(min(pageSize, 250)))]
        if let pageToken { query.append(("pageToken", pageToken)) }
        return try Page(transport.json(jsonCall("GET", url(endpoints.calendar, "/users/me/calendarList", query))), items: "items", syncToken: "nextSyncToken")
    }

    func insertCalendar(summary: String, timeZone: String) throws(APIFailure) -> JSONValue {
        try transport.json(jsonCall("POST", url(endpoints.calendar, "/calendars"), body: .object([("summary", .string(summary)), ("timeZone", .string(timeZone))]),
                                    idempotent: false))
    }

    func patchCalendar(calendarID: String, body: JSONValue) throws(APIFailure) -> JSONValue {
        try transport.json(jsonCall("PATCH", url(endpoints.calendar, "/calendars/\(GoogleAPI.path(calendarID))"), body: body))
    }

    func deleteCalendar(calendarID: String) throws(APIFailure) {
        _ = try transport.send(HTTPCall("DELETE", url(endpoints.calendar, "/calendars/\(GoogleAPI.path(calendarID))")))
    }

    /// One page of a calendar's events as stored (series once, cancelled ones included):
    /// a full listing, or with `syncToken` what changed since.
    func events(calendarID: String, syncToken: String?, pageToken: String?) throws(APIFailure) -> Page {
        var query = [("maxResults", String(min(pageSize, 2500))), ("showDeleted", "true")]
        if let syncToken { query.append(("syncToken", syncToken)) }
        if let pageToken { query.append(("pageToken", pageToken)) }
        return try Page(transport.json(jsonCall("GET", url(endpoints.calendar, "/calendars/\(GoogleAPI.path(calendarID))/events", query))),
                        items: "items", syncToken: "nextSyncToken")
    }

    func event(calendarID: String, eventID: String) throws(APIFailure) -> JSONValue {
        try transport.json(jsonCall("GET", url(endpoints.calendar, "/calendars/\(GoogleAPI.path(calendarID))/events/\(GoogleAPI.path(eventID))")))
    }

    /// events.insert with a client-chosen id: safe to send again (a 409 then means it went
    /// through).
    func insertEvent(calendarID: String, body: JSONValue) throws(APIFailure) -> JSONValue {
        try transport.json(jsonCall("POST", url(endpoints.calendar, "/calendars/\(GoogleAPI.path(calendarID))/events"), body: body))
    }

    /// events.quickAdd: Google reads the text. Not idempotent, so it is sent once, on a new
    /// connection.
    func quickAdd(calendarID: String, text: String) throws(APIFailure) -> JSONValue {
        try transport.json(HTTPCall("POST", url(endpoints.calendar, "/calendars/\(GoogleAPI.path(calendarID))/events/quickAdd", [("text", text)]),
                                    isIdempotent: false))
    }

    /// events.patch; with `ifMatch` (an etag) Google refuses with 412 when the event changed
    /// since it was read.
    func patchEvent(calendarID: String, eventID: String, body: JSONValue, ifMatch: String? = nil) throws(APIFailure) -> JSONValue {
        var call = jsonCall("PATCH", url(endpoints.calendar, "/calendars/\(GoogleAPI.path(calendarID))/events/\(GoogleAPI.path(eventID))"), body: body)
        if let ifMatch { call.headers.append(("If-Match", ifMatch)) }
        return try transport.json(call)
    }

    func deleteEvent(calendarID: String, eventID: String) throws(APIFailure) {
        _ = try transport.send(HTTPCall("DELETE", url(endpoints.calendar, "/calendars/\(GoogleAPI.path(calendarID))/events/\(GoogleAPI.path(eventID))")))
    }

    /// events.move to the `destination` calendar, the event keeping its id. Sent again
    /// after it went through, it finds no event on the source calendar (404), which the
    /// backend reads as done (`GoogleBackend.landMove`).
    func moveEvent(calendarID: String, eventID: String, destination: String) throws(APIFailure) -> JSONValue {
        try transport.json(jsonCall("POST", url(endpoints.calendar, "/calendars/\(GoogleAPI.path(calendarID))/events/\(GoogleAPI.path(eventID))/move",
                                                [("destination", destination)])))
    }

    /// events.import: added or updated by iCalendar UID, so sending it twice is safe.
    func importEvent(calendarID: String, body: JSONValue) throws(APIFailure) -> JSONValue {
        try transport.json(jsonCall("POST", url(endpoints.calendar, "/calendars/\(GoogleAPI.path(calendarID))/events/import"), body: body))
    }

    // MARK: People

    func connections(syncToken: String?, pageToken: String?) throws(APIFailure) -> Page {
        var query = [("personFields", GoogleCoding.personFields), ("pageSize", String(min(pageSize, 1000))), ("requestSyncToken", "true")]
        if let syncToken { query.append(("syncToken", syncToken)) }
        if let pageToken { query.append(("pageToken", pageToken)) }
        return try Page(transport.json(jsonCall("GET", url(endpoints.people, "/people/me/connections", query))), items: "connections", syncToken: "nextSyncToken")
    }

    func searchContacts(_ query: String) throws(APIFailure) -> [JSONValue] {
        let json = try transport.json(jsonCall("GET", url(endpoints.people, "/people:searchContacts",
                                                          [("query", query), ("readMask", GoogleCoding.personFields), ("pageSize", "30")])))
        return (json["results"]?.arrayValue ?? []).compactMap { $0["person"] }
    }

    // MARK: Drive

    /// The `q` of the text files clerk shows: not folders, one of the text types.
    static var textFilesQuery: String {
        "(" + GoogleCoding.textTypes.map { "mimeType = '\(quoted($0))'" }.joined(separator: " or ") + ")"
    }

    /// A value inside a single-quoted `q` literal: backslashes, then quotes, escaped.
    static func quoted(_ text: String) -> String {
        text.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'")
    }

    func files(query: String, pageToken: String?) throws(APIFailure) -> Page {
        var parameters = [("q", query), ("pageSize", String(min(pageSize, 1000))), ("fields", "nextPageToken,files(\(GoogleCoding.fileFields))")]
        if let pageToken { parameters.append(("pageToken", pageToken)) }
        return try Page(transport.json(jsonCall("GET", url(endpoints.drive, "/files", parameters))), items: "files", syncToken: nil)
    }

    func startPageToken() throws(APIFailure) -> String {
        guard let token = try transport.json(jsonCall("GET", url(endpoints.drive, "/changes/startPageToken")))["startPageToken"]?.stringValue else {
            throw .malformed
        }
        return token
    }

    /// One page of Drive's change feed; `syncToken` holds `newStartPageToken` on the last.
    func changes(pageToken: String) throws(APIFailure) -> Page {
        let json = try transport.json(jsonCall("GET", url(endpoints.drive, "/changes", [
            ("pageToken", pageToken), ("pageSize", String(min(pageSize, 1000))), ("includeRemoved", "true"),
            ("fields", "nextPageToken,newStartPageToken,changes(fileId,removed,file(\(GoogleCoding.fileFields)))"),
        ])))
        return try Page(json, items: "changes", syncToken: "newStartPageToken")
    }

    func generateIDs(count: Int) throws(APIFailure) -> [String] {
        let json = try transport.json(jsonCall("GET", url(endpoints.drive, "/files/generateIds", [("count", String(count)), ("space", "drive")])))
        return (json["ids"]?.arrayValue ?? []).compactMap(\.stringValue)
    }

    /// The content of a file: its bytes, or a Google Doc exported as plain text.
    func content(of file: DriveFile) throws(APIFailure) -> [UInt8] {
        let path = "/files/\(GoogleAPI.path(file.id))"
        let call = file.mimeType == GoogleCoding.googleDoc
            ? HTTPCall("GET", url(endpoints.drive, path + "/export", [("mimeType", "text/plain")]))
            : HTTPCall("GET", url(endpoints.drive, path, [("alt", "media")]))
        return try transport.send(call).body
    }

    /// files.create with a generated id: metadata and content in one multipart upload.
    /// Safe to send twice (a 409 then means it went through).
    func createFile(id: String, name: String, mimeType: String, content: [UInt8]) throws(APIFailure) -> JSONValue {
        let boundary = "clerk_" + OAuthClient.randomToken(24).replacingEvery("~", with: "x").replacingEvery(".", with: "x")
        let metadata = JSONValue.object([("id", .string(id)), ("name", .string(name)), ("mimeType", .string(mimeType))])
        var body = Array("--\(boundary)\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n".utf8) + metadata.serializedBytes()
        body += Array("\r\n--\(boundary)\r\nContent-Type: \(mimeType)\r\n\r\n".utf8) + content + Array("\r\n--\(boundary)--\r\n".utf8)
        return try transport.json(HTTPCall("POST", url(endpoints.upload, "/files", [("uploadType", "multipart"), ("fields", GoogleCoding.fileFields)]),
                                           headers: [("Content-Type", "multipart/related; boundary=\(boundary)")], body: body))
    }

    /// New content for a file (media upload).
    func updateContent(fileID: String, mimeType: String, content: [UInt8]) throws(APIFailure) -> JSONValue {
        try transport.json(HTTPCall("PATCH", url(endpoints.upload, "/files/\(GoogleAPI.path(fileID))", [("uploadType", "media"), ("fields", GoogleCoding.fileFields)]),
                                    headers: [("Content-Type", mimeType)], body: content))
    }

    func patchFile(fileID: String, body: JSONValue) throws(APIFailure) -> JSONValue {
        try transport.json(jsonCall("PATCH", url(endpoints.drive, "/files/\(GoogleAPI.path(fileID))", [("fields", GoogleCoding.fileFields)]), body: body))
    }

    func file(id: String) throws(APIFailure) -> JSONValue {
        try transport.json(jsonCall("GET", url(endpoints.drive, "/files/\(GoogleAPI.path(id))", [("fields", GoogleCoding.fileFields)])))
    }

    func deleteFile(id: String) throws(APIFailure) {
        _ = try transport.send(HTTPCall("DELETE", url(endpoints.drive, "/files/\(GoogleAPI.path(id))")))
    }
}
