import CCurl
import ClerkCore
import Foundation
@testable import GoogleEmulator
@testable import LoopbackHTTP
import Testing

/// Calendar v3 over real HTTP: ids and 409s, deletes and 410s, paging at exact boundaries,
/// sync tokens, recurring events with exceptions, quickAdd, patch semantics and scopes.
@Suite struct CalendarTests {
    /// Monday 2 March 2026, 09:00 in Madrid.
    static let now = NowProvider.fixed(Date(timeIntervalSince1970: 1_772_438_400))
    static let events = "/calendar/v3/calendars/primary/events"

    static func harness() throws -> (EmulatorHarness, String) {
        let harness = try EmulatorHarness(now: now)
        return (harness, harness.token())
    }

    /// A harness on a clock the test moves, from Monday 2 March 2026, 08:00 UTC.
    static func clockedHarness() throws -> (EmulatorHarness, String, ManualTime, Date) {
        let start = Date(timeIntervalSince1970: 1_772_438_400)
        let clock = ManualTime(start)
        let harness = try EmulatorHarness(now: NowProvider { clock.now })
        return (harness, harness.token(), clock, start)
    }

    static func event(_ id: String?, _ summary: String, start: String = "2026-03-05T13:00:00+01:00", end: String = "2026-03-05T14:00:00+01:00",
                      extra: [(String, JSONValue)] = []) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let id { members.append(("id", .string(id))) }
        members += [("summary", .string(summary)), ("start", ["dateTime": .string(start), "timeZone": "Europe/Madrid"]),
                    ("end", ["dateTime": .string(end), "timeZone": "Europe/Madrid"])]
        return .object(members + extra)
    }

    /// Conditional retrieval ("Version resources"): a GET whose If-None-Match names the
    /// etag answers 304 with no body — for an event, a list entry, a calendar and a list,
    /// the etag written as the resource gives it, weak (`W/`), among others or `*`; another
    /// etag, or a changed resource, is answered whole. Only events were (and only exactly).
    @Test func answers304ToAnIfNoneMatchNamingTheEtagOfAnyResource() throws {
        let (harness, token) = try Self.harness()
        let created = harness.send("POST", Self.events, json: Self.event("cond00001", "Lunch"), token: token).json
        let eventTag = try #require(created["etag"]?.stringValue)
        for (path, etag) in [(Self.events + "/cond00001", eventTag),
                             ("/calendar/v3/users/me/calendarList/primary", harness.send("GET", "/calendar/v3/users/me/calendarList/primary", token: token).json["etag"]?.stringValue),
                             ("/calendar/v3/calendars/primary", harness.send("GET", "/calendar/v3/calendars/primary", token: token).json["etag"]?.stringValue),
                             (Self.events, harness.send("GET", Self.events, token: token).json["etag"]?.stringValue)] {
            let tag = try #require(etag, "\(path) has no etag")
            for header in [tag, "W/" + tag, "\"other\", \(tag)", "*"] {
                let answer = harness.send("GET", path, headers: ["If-None-Match: " + header], token: token)
                #expect(answer.status == 304, "\(path) If-None-Match: \(header)")
                #expect(answer.body.isEmpty)
            }
            let other = harness.send("GET", path, headers: ["If-None-Match: \"0\""], token: token)
            #expect(other.status == 200, "\(path)")
            #expect(other.json["etag"]?.stringValue == tag)
        }
        harness.send("PATCH", Self.events + "/cond00001", json: ["summary": "Late lunch"], token: token)
        let changed = harness.send("GET", Self.events + "/cond00001", headers: ["If-None-Match: " + eventTag], token: token)
        #expect(changed.status == 200)
        #expect(changed.json["summary"] == "Late lunch")
        #expect(Wire.noneMatchNames("\"1\", W/\"2\"", "\"2\"") && !Wire.noneMatchNames("\"12\"", "\"1\"") && !Wire.noneMatchNames("", "\"1\""))
    }

    @Test func insertsWithAClientIDOnceAndKeepsADeletedIDTaken() throws {
        let (harness, token) = try Self.harness()
        let created = harness.send("POST", Self.events, json: Self.event("lunch00001", "Lunch"), token: token)
        #expect(created.status == 200)
        #expect(created.json["id"] == "lunch00001")
        #expect(created.json["status"] == "confirmed")
        #expect(created.json["start"] == ["dateTime": "2026-03-05T13:00:00+01:00", "timeZone": "Europe/Madrid"])
        #expect(created.json["iCalUID"] == "lunch00001@google.com")
        #expect(created.json["organizer"]?["email"] == "emulator@example.com")

        let again = harness.send("POST", Self.events, json: Self.event("lunch00001", "Lunch"), token: token)
        #expect(again.status == 409)
        #expect(again.reason == "duplicate")
        #expect(again.json["error"]?["message"] == "The requested identifier already exists.")

        #expect(harness.send("DELETE", Self.events + "/lunch00001", token: token).status == 204)
        let second = harness.send("DELETE", Self.events + "/lunch00001", token: token)
        #expect(second.status == 410)
        #expect(second.reason == "deleted")
        let gone = harness.send("GET", Self.events + "/lunch00001", token: token)
        #expect(gone.status == 200)
        #expect(gone.json["status"] == "cancelled")
        #expect(harness.send("POST", Self.events, json: Self.event("lunch00001", "Lunch"), token: token).status == 409)
        #expect(harness.send("DELETE", Self.events + "/nosuchevent", token: token).status == 404)
    }

    @Test(arguments: ["abc", "UPPERCASE1", "has-dash-1", "wxyz12345"])
    func refusesIDsOutsideBase32hex(id: String) throws {
        let (harness, token) = try Self.harness()
        let answer = harness.send("POST", Self.events, json: Self.event(id, "x"), token: token)
        #expect(answer.status == 400)
        #expect(answer.reason == "invalid")
    }

    @Test func refusesWhatGoogleRefuses() throws {
        let (harness, token) = try Self.harness()
        let backwards = harness.send("POST", Self.events, json: Self.event(nil, "x", start: "2026-03-05T14:00:00+01:00", end: "2026-03-05T13:00:00+01:00"), token: token)
        #expect(backwards.reason == "timeRangeEmpty")
        #expect(backwards.json["error"]?["errors"]?.arrayValue?.first?["domain"] == "calendar")
        let both = harness.send("POST", Self.events, json: Self.event(nil, "x", extra: [("reminders", ["useDefault": true, "overrides": [["method": "popup", "minutes": 5]]])]), token: token)
        #expect(both.status == 400)
        #expect(both.reason == "cannotUseDefaultRemindersAndSpecifyOverride")
        let noZone = harness.send("POST", Self.events, json: ["summary": "x", "start": ["dateTime": "2026-03-05T13:00:00"], "end": ["dateTime": "2026-03-05T14:00:00"]], token: token)
        #expect(noZone.reason == "required")
        let empty = harness.send("GET", Self.events + "?timeMin=2026-03-05T00:00:00Z&timeMax=2026-03-04T00:00:00Z", token: token)
        #expect(empty.reason == "timeRangeEmpty")
        let none = harness.send("GET", Self.events + "?maxResults=0", token: token)
        #expect(none.json["error"]?["message"] == "Invalid value '0'. Values must be within the range: [1, 2147483647]")
        let ordering = harness.send("GET", Self.events + "?orderBy=startTime", token: token)
        #expect(ordering.status == 400)
        #expect(harness.send("GET", Self.events + "?syncToken=abc&timeMin=2026-03-05T00:00:00Z", token: token).status == 400)
        // A rule the store cannot read is said in Google's words (was Swift's description of
        // the case: "Invalid value: badRecurrence(\"RRULE:FREQ=MINUTELY;COUNT=5\")").
        let unreadable = harness.send("POST", Self.events, json: Self.event(nil, "x", extra: [("recurrence", ["RRULE:FREQ=FORTNIGHTLY;COUNT=5"])]), token: token)
        #expect(unreadable.status == 400)
        #expect(unreadable.json["error"]?["message"] == "Invalid recurrence rule.")
    }

    /// Before: FREQ=HOURLY was stored and expanded, as Google never does (it answers such a
    /// series with its server error; google-api-ruby-client issue 572), and MINUTELY was a 400.
    @Test func aSeriesByTheHourOrMoreOftenIsGooglesServerError() throws {
        let (harness, token) = try Self.harness()
        let backendError = #"{"error":{"errors":[{"domain":"global","reason":"backendError","message":"Backend Error"}],"code":500,"message":"Backend Error"}}"#
        for rule in ["RRULE:FREQ=HOURLY;COUNT=3", "RRULE:FREQ=hourly;INTERVAL=2", "RRULE:FREQ=MINUTELY;COUNT=5", "RRULE:INTERVAL=1;FREQ=SECONDLY"] {
            let answer = harness.send("POST", Self.events, json: Self.event(nil, "x", extra: [("recurrence", .array([.string(rule)]))]), token: token)
            #expect(answer.status == 500, "\(rule)")
            #expect(answer.text == backendError, "\(rule)")
        }
        let imported = harness.send("POST", Self.events + "/import",
                                    json: Self.event(nil, "x", extra: [("iCalUID", "hourly@example.com"), ("recurrence", ["RRULE:FREQ=HOURLY"])]), token: token)
        #expect(imported.status == 500)
        // Made a series by the hour afterwards: refused too, and the event stays as it was.
        #expect(harness.send("POST", Self.events, json: Self.event("hourli001", "Single"), token: token).status == 200)
        let patched = harness.send("PATCH", Self.events + "/hourli001", json: ["recurrence": ["RRULE:FREQ=HOURLY;COUNT=2"]], token: token)
        #expect(patched.status == 500)
        #expect(harness.send("GET", Self.events + "/hourli001", token: token).json["recurrence"] == nil)
        #expect(harness.send("GET", Self.events, token: token).json["items"]?.arrayValue?.count == 1)
        // A daily series, and an hour named within a daily one, are fine.
        let daily = harness.send("POST", Self.events, json: Self.event(nil, "x", extra: [("recurrence", ["RRULE:FREQ=DAILY;COUNT=2;BYHOUR=9"])]), token: token)
        #expect(daily.status == 200)
    }

    @Test func pagesEndExactlyAtTheBoundaryAndOnlyTheLastCarriesTheSyncToken() throws {
        let (harness, token) = try Self.harness()
        for number in 1...6 {
            harness.send("POST", Self.events, json: Self.event("page0000\(number)", "Event \(number)"), token: token)
        }
        let first = harness.send("GET", Self.events + "?maxResults=3", token: token)
        #expect(first.json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["page00001", "page00002", "page00003"])
        #expect(first.json["nextSyncToken"] == nil)
        let next = try #require(first.json["nextPageToken"]?.stringValue)
        let second = harness.send("GET", Self.events + "?maxResults=3&pageToken=\(next)", token: token)
        #expect(second.json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["page00004", "page00005", "page00006"])
        #expect(second.json["nextPageToken"] == nil)
        #expect(second.json["nextSyncToken"]?.stringValue != nil)
        // A page token is for the query it came from.
        #expect(harness.send("GET", Self.events + "?maxResults=3&q=Event&pageToken=\(next)", token: token).status == 400)
    }

    @Test func syncTokensReturnExactlyWhatChangedAndExpireWith410() throws {
        let (harness, token) = try Self.harness()
        harness.send("POST", Self.events, json: Self.event("keep00001", "Keep"), token: token)
        harness.send("POST", Self.events, json: Self.event("edit00001", "Edit"), token: token)
        harness.send("POST", Self.events, json: Self.event("drop00001", "Drop"), token: token)
        let full = harness.send("GET", Self.events, token: token)
        #expect(full.json["items"]?.arrayValue?.count == 3)
        let sync = try #require(full.json["nextSyncToken"]?.stringValue)

        harness.send("POST", Self.events, json: Self.event("fresh0001", "New"), token: token)
        harness.send("PATCH", Self.events + "/edit00001", json: ["summary": "Edited"], token: token)
        harness.send("DELETE", Self.events + "/drop00001", token: token)
        let delta = harness.send("GET", Self.events + "?syncToken=\(sync)", token: token)
        let changes = delta.json["items"]?.arrayValue?.map { "\($0["id"]!.stringValue!) \($0["status"]!.stringValue!) \($0["summary"]?.stringValue ?? "-")" }
        #expect(changes == ["fresh0001 confirmed New", "edit00001 confirmed Edited", "drop00001 cancelled Drop"])
        let after = try #require(delta.json["nextSyncToken"]?.stringValue)
        #expect(harness.send("GET", Self.events + "?syncToken=\(after)", token: token).json["items"] == [])

        harness.send("POST", "/_emulator/sync-tokens/expire")
        let expired = harness.send("GET", Self.events + "?syncToken=\(after)", token: token)
        #expect(expired.status == 410)
        #expect(expired.reason == "fullSyncRequired")
        // A full sync after the expiry gives a token that works, though nothing changed since.
        let fresh = try #require(harness.send("GET", Self.events, token: token).json["nextSyncToken"]?.stringValue)
        #expect(harness.send("GET", Self.events + "?syncToken=\(fresh)", token: token).status == 200)
    }

    @Test func aSeriesExpandsWithItsExceptionsAndCancellations() throws {
        let (harness, token) = try Self.harness()
        let series = Self.event("series001", "Sync", start: "2026-03-02T10:00:00+01:00", end: "2026-03-02T10:30:00+01:00",
                                extra: [("recurrence", ["RRULE:FREQ=WEEKLY;COUNT=4"])])
        #expect(harness.send("POST", Self.events, json: series, token: token).status == 200)
        let instances = harness.send("GET", Self.events + "/series001/instances", token: token).json["items"]?.arrayValue ?? []
        #expect(instances.compactMap { $0["id"]?.stringValue }
            == ["series001_20260302T090000Z", "series001_20260309T090000Z", "series001_20260316T090000Z", "series001_20260323T090000Z"])
        #expect(instances.first?["recurringEventId"] == "series001")
        #expect(instances.first?["originalStartTime"]?["dateTime"] == "2026-03-02T10:00:00+01:00")

        // One moved an hour later, one cancelled.
        let moved = harness.send("PATCH", Self.events + "/series001_20260309T090000Z",
                                 json: ["start": ["dateTime": "2026-03-09T11:00:00+01:00"], "end": ["dateTime": "2026-03-09T11:30:00+01:00"]], token: token)
        #expect(moved.status == 200)
        #expect(moved.json["originalStartTime"]?["dateTime"] == "2026-03-09T10:00:00+01:00")
        #expect(harness.send("DELETE", Self.events + "/series001_20260316T090000Z", token: token).status == 204)

        let listed = harness.send("GET", Self.events + "?singleEvents=true&orderBy=startTime&timeMin=2026-03-01T00:00:00Z&timeMax=2026-04-01T00:00:00Z", token: token)
        #expect(listed.json["items"]?.arrayValue?.map { "\($0["id"]!.stringValue!) \($0["start"]!["dateTime"]!.stringValue!)" } == [
            "series001_20260302T090000Z 2026-03-02T10:00:00+01:00",
            "series001_20260309T090000Z 2026-03-09T11:00:00+01:00",
            "series001_20260323T090000Z 2026-03-23T10:00:00+01:00",
        ])
        let withDeleted = harness.send("GET", Self.events + "?singleEvents=true&showDeleted=true&timeMin=2026-03-01T00:00:00Z&timeMax=2026-04-01T00:00:00Z", token: token)
        #expect(withDeleted.json["items"]?.arrayValue?.filter { $0["status"] == "cancelled" }.compactMap { $0["id"]?.stringValue } == ["series001_20260316T090000Z"])
        // Without singleEvents: the series once, with its changed occurrence apart, and its
        // cancelled one though showDeleted is not given (the discovery document: "Cancelled
        // instances of recurring events ... will still be included if showDeleted and
        // singleEvents are both False"; it was left out, and a client expanding the series
        // itself, as gcal-sync does, showed the deleted occurrence).
        let stored = harness.send("GET", Self.events + "?timeMin=2026-03-01T00:00:00Z&timeMax=2026-04-01T00:00:00Z", token: token)
        #expect(stored.json["items"]?.arrayValue?.map { "\($0["id"]!.stringValue!) \($0["status"]!.stringValue!)" }
            == ["series001 confirmed", "series001_20260309T090000Z confirmed", "series001_20260316T090000Z cancelled"])
        #expect(stored.json["items"]?.arrayValue?.first?["recurrence"] == ["RRULE:FREQ=WEEKLY;COUNT=4"])
        #expect(stored.json["items"]?.arrayValue?.last?["originalStartTime"]?["dateTime"] == "2026-03-16T10:00:00+01:00")
        let explicit = harness.send("GET", Self.events + "?showDeleted=false&timeMin=2026-03-01T00:00:00Z&timeMax=2026-04-01T00:00:00Z", token: token)
        #expect(explicit.json["items"] == stored.json["items"])
        // A full sync (no bounds) brings it too; singleEvents alone does not.
        #expect(harness.send("GET", Self.events, token: token).json["items"]?.arrayValue?.contains { $0["id"] == "series001_20260316T090000Z" } == true)
        #expect(harness.send("GET", Self.events + "?singleEvents=true", token: token).json["items"]?.arrayValue?.contains { $0["status"] == "cancelled" } == false)
        // A one-off event deleted still needs showDeleted, and a deleted series takes its
        // cancelled occurrences with it.
        #expect(harness.send("POST", Self.events, json: Self.event("single001", "Once"), token: token).status == 200)
        #expect(harness.send("DELETE", Self.events + "/single001", token: token).status == 204)
        #expect(harness.send("GET", Self.events, token: token).json["items"]?.arrayValue?.contains { $0["id"] == "single001" } == false)
        #expect(harness.send("GET", Self.events + "?showDeleted=true", token: token).json["items"]?.arrayValue?.contains { $0["id"] == "single001" } == true)
        #expect(harness.send("DELETE", Self.events + "/series001", token: token).status == 204)
        #expect(harness.send("GET", Self.events, token: token).json["items"] == [])
    }

    /// `q` searches by terms, as Calendar does: each word of it must start a word of the
    /// summary, description, location, an attendee's or the organizer's name or address.
    /// Before, any substring matched ("eting" found "Team meeting", "ana" found "Banana").
    @Test func qFindsEventsByTheStartOfTheirWords() throws {
        let (harness, token) = try Self.harness()
        let meeting = Self.event("qmeet0001", "Team meeting", extra: [
            ("description", "Quarterly numbers"), ("location", "Café Central"),
            ("attendees", [["email": "ana.souza@example.com", "displayName": "Ana Souza"]]),
        ])
        #expect(harness.send("POST", Self.events, json: meeting, token: token).status == 200)
        #expect(harness.send("POST", Self.events, json: Self.event("qfruit001", "Banana bread"), token: token).status == 200)
        func found(_ q: String) -> [String] {
            let escaped = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q
            return harness.send("GET", Self.events + "?q=" + escaped, token: token).json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        }
        #expect(found("meet") == ["qmeet0001"])
        #expect(found("MEETING team") == ["qmeet0001"])
        #expect(found("eting") == [])
        #expect(found("ana") == ["qmeet0001"])
        #expect(found("souza@example.com") == ["qmeet0001"])
        #expect(found("cafe") == ["qmeet0001"])
        #expect(found("quarter") == ["qmeet0001"])
        #expect(found("bread") == ["qfruit001"])
        #expect(found("nana") == [])
        #expect(found("meeting banana") == [])
        // The organizer is the calendar: its address and name find every event on it.
        #expect(found("emulator@example.com").count == 2)
        #expect(found("").count == 2)
    }

    /// A series cut short (an UNTIL, "this and following"): its instances after it go, a
    /// changed one too, and a sync reports the changed one cancelled; the rule given back
    /// brings the plain instances back (the dropped changed one stays cancelled until patched).
    @Test func aSeriesCutShortLosesItsInstancesAfterItsEnd() throws {
        let (harness, token) = try Self.harness()
        let series = Self.event("series002", "Sync", start: "2026-03-02T10:00:00+01:00", end: "2026-03-02T10:30:00+01:00",
                                extra: [("recurrence", ["RRULE:FREQ=WEEKLY;COUNT=4"])])
        #expect(harness.send("POST", Self.events, json: series, token: token).status == 200)
        #expect(harness.send("PATCH", Self.events + "/series002_20260316T090000Z", json: ["summary": "Sync (long)"], token: token).status == 200)
        let sync = try #require(harness.send("GET", Self.events, token: token).json["nextSyncToken"]?.stringValue)

        let cut = harness.send("PATCH", Self.events + "/series002", json: ["recurrence": ["RRULE:FREQ=WEEKLY;UNTIL=20260309T085959Z"]], token: token)
        #expect(cut.status == 200)
        let listing = Self.events + "?singleEvents=true&orderBy=startTime&timeMin=2026-03-01T00:00:00Z&timeMax=2026-04-01T00:00:00Z"
        #expect(harness.send("GET", listing, token: token).json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
            == ["series002_20260302T090000Z"])
        let changes = harness.send("GET", Self.events + "?syncToken=\(sync)", token: token).json["items"]?.arrayValue ?? []
        #expect(changes.map { "\($0["id"]?.stringValue ?? "?") \($0["status"]?.stringValue ?? "?")" }
            == ["series002 confirmed", "series002_20260316T090000Z cancelled"])

        #expect(harness.send("PATCH", Self.events + "/series002", json: ["recurrence": ["RRULE:FREQ=WEEKLY;COUNT=4"]], token: token).status == 200)
        #expect(harness.send("GET", listing, token: token).json["items"]?.arrayValue?.compactMap { $0["summary"]?.stringValue }
            == ["Sync", "Sync", "Sync"])
    }

    /// Found by google-api-python-client: a series starting years ahead expanded only its
    /// first instance, as the window stopped a day after the latest stored end.
    @Test func aSeriesFarAheadExpandsEveryInstance() throws {
        let (harness, token) = try Self.harness()
        let series = Self.event("farahead1", "Weekly", start: "2031-03-17T09:00:00+01:00", end: "2031-03-17T10:00:00+01:00",
                                extra: [("recurrence", ["RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=MO"])])
        #expect(harness.send("POST", Self.events, json: series, token: token).status == 200)
        let instances = harness.send("GET", Self.events + "/farahead1/instances", token: token).json["items"]?.arrayValue ?? []
        #expect(instances.compactMap { $0["id"]?.stringValue }
            == ["farahead1_20310317T080000Z", "farahead1_20310324T080000Z", "farahead1_20310331T070000Z"])
        let listed = harness.send("GET", Self.events + "?singleEvents=true", token: token).json["items"]?.arrayValue ?? []
        #expect(listed.count == 3)
    }

    @Test func quickAddReadsTheTextAsClerkDoes() throws {
        let (harness, token) = try Self.harness()
        let added = harness.send("POST", Self.events + "/quickAdd?text=Dinner+with+Ana+tomorrow+at+8pm", token: token)
        #expect(added.status == 200)
        #expect(added.json["summary"] == "Dinner with Ana")
        #expect(added.json["start"]?["dateTime"] == "2026-03-03T20:00:00+01:00")
        #expect(added.json["end"]?["dateTime"] == "2026-03-03T21:00:00+01:00")
        #expect(harness.send("POST", Self.events + "/quickAdd", token: token).reason == "required")
        // The text's own case, as Google keeps it (found running gcsa: "Gcsa review").
        let lower = harness.send("POST", Self.events + "/quickAdd?text=review+with+ana+tomorrow+at+3pm", token: token)
        #expect(lower.json["summary"] == "review with ana")
    }

    @Test func patchReplacesArraysWholeAndStatusBringsAnEventBack() throws {
        let (harness, token) = try Self.harness()
        let invited = Self.event("meet00001", "Meet", extra: [("attendees", [["email": "ana@example.com"], ["email": "bob@example.com", "responseStatus": "accepted"]]),
                                                              ("colorId", "5")])
        harness.send("POST", Self.events, json: invited, token: token)
        let patched = harness.send("PATCH", Self.events + "/meet00001", json: ["attendees": [["email": "carla@example.com"]]], token: token)
        #expect(patched.json["attendees"] == [["email": "carla@example.com", "responseStatus": "needsAction"]])
        #expect(patched.json["colorId"] == "5")
        #expect(patched.json["summary"] == "Meet")
        #expect(patched.json["sequence"] == 0)
        let moved = harness.send("PATCH", Self.events + "/meet00001", json: ["start": ["dateTime": "2026-03-06T13:00:00+01:00"], "end": ["dateTime": "2026-03-06T14:00:00+01:00"]], token: token)
        #expect(moved.json["sequence"] == 1)

        let etag = try #require(moved.json["etag"]?.stringValue)
        #expect(harness.send("PATCH", Self.events + "/meet00001", json: ["summary": "Stale"], headers: ["If-Match: \"1\""], token: token).status == 412)
        #expect(harness.send("PATCH", Self.events + "/meet00001", json: ["summary": "Fresh"], headers: ["If-Match: \(etag)"], token: token).status == 200)

        harness.send("DELETE", Self.events + "/meet00001", token: token)
        let restored = harness.send("PATCH", Self.events + "/meet00001", json: ["status": "confirmed"], token: token)
        #expect(restored.json["status"] == "confirmed")
        #expect(harness.send("GET", Self.events + "?q=fresh", token: token).json["items"]?.arrayValue?.count == 1)
    }

    @Test func asksForATokenWithTheRightScope() throws {
        let (harness, _) = try Self.harness()
        let anonymous = harness.send("GET", "/calendar/v3/users/me/calendarList")
        #expect(anonymous.status == 401)
        #expect(anonymous.reason == "required")
        let wrong = harness.send("GET", "/calendar/v3/users/me/calendarList", token: "ya29.nonsense")
        #expect(wrong.status == 401)
        #expect(wrong.reason == "authError")
        #expect(wrong.json["error"]?["errors"]?.arrayValue?.first?["message"] == "Invalid Credentials")
        #expect(wrong.json["error"]?["status"] == "UNAUTHENTICATED")
        // calendar.events alone does not list calendars.
        let eventsOnly = harness.token(scopes: ["https://www.googleapis.com/auth/calendar.events"])
        let refused = harness.send("GET", "/calendar/v3/users/me/calendarList", token: eventsOnly)
        #expect(refused.status == 403)
        #expect(refused.reason == "insufficientPermissions")
        // As Google's front end answers it: the legacy list, and the status and ErrorInfo.
        #expect(refused.json == ["error": [
            "errors": [["domain": "global", "reason": "insufficientPermissions", "message": "Insufficient Permission"]],
            "code": 403, "message": "Request had insufficient authentication scopes.", "status": "PERMISSION_DENIED",
            "details": [["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
                         "domain": "googleapis.com", "metadata": ["service": "calendar-json.googleapis.com"]]],
        ]])
        #expect(harness.send("GET", Self.events, token: eventsOnly).status == 200)
        harness.send("POST", "/_emulator/tokens/expire")
        #expect(harness.send("GET", Self.events, token: eventsOnly).status == 401)
    }

    /// Found by gcalcli, which sends the calendar's own zone with each time: the emulator's
    /// default zone, GMT, was refused as "Invalid time zone definition".
    @Test(arguments: [("GMT", 200), ("UTC", 200), ("Etc/GMT-2", 200), ("Europe/Berlin", 200), ("+01:00", 400), ("Mars/Olympus", 400)])
    func takesTheZonesGoogleTakes(zone: String, status: Int) throws {
        let (harness, token) = try Self.harness()
        let event: JSONValue = ["summary": "x", "start": ["dateTime": "2026-03-05T13:00:00Z", "timeZone": .string(zone)],
                                "end": ["dateTime": "2026-03-05T14:00:00Z", "timeZone": .string(zone)]]
        let answer = harness.send("POST", Self.events, json: event, token: token)
        #expect(answer.status == status)
        if status == 200 { #expect(answer.json["start"]?["timeZone"] == .string(zone)) } else { #expect(answer.reason == "invalid") }
    }

    /// Found by gcsa, which reads an event's conference from what Google made of the request:
    /// the emulator kept the bare create request, and gcsa failed on it ("At least one entry
    /// point has to be provided").
    @Test func aMeetIsMadeOnlyWithConferenceDataVersion1() throws {
        let (harness, token) = try Self.harness()
        let request: JSONValue = ["createRequest": ["requestId": "req-1", "conferenceSolutionKey": ["type": "hangoutsMeet"]]]
        let ignored = harness.send("POST", Self.events, json: Self.event("meet00000", "Old", extra: [("conferenceData", request)]), token: token)
        #expect(ignored.status == 200)
        #expect(ignored.json["conferenceData"] == nil)
        #expect(ignored.json["hangoutLink"] == nil)

        let made = harness.send("POST", Self.events + "?conferenceDataVersion=1", json: Self.event("meet00001", "Call", extra: [("conferenceData", request)]), token: token)
        #expect(made.status == 200)
        let code = try #require(made.json["conferenceData"]?["conferenceId"]?.stringValue)
        #expect(code.count == 12 && code.split(separator: "-").map(\.count) == [3, 4, 3])
        #expect(made.json["hangoutLink"] == .string("https://meet.google.com/" + code))
        #expect(made.json["conferenceData"]?["entryPoints"] == [["entryPointType": "video", "uri": .string("https://meet.google.com/" + code),
                                                                 "label": .string("meet.google.com/" + code)]])
        #expect(made.json["conferenceData"]?["conferenceSolution"]?["key"] == ["type": "hangoutsMeet"])
        #expect(made.json["conferenceData"]?["conferenceSolution"]?["name"] == "Google Meet")
        #expect(made.json["conferenceData"]?["createRequest"] == ["requestId": "req-1", "conferenceSolutionKey": ["type": "hangoutsMeet"],
                                                                  "status": ["statusCode": "success"]])

        // Without the version a patch leaves the conference alone, even when it sends null.
        let kept = harness.send("PATCH", Self.events + "/meet00001", json: ["summary": "Call 2", "conferenceData": .null], token: token)
        #expect(kept.json["conferenceData"]?["conferenceId"] == .string(code))
        #expect(kept.json["hangoutLink"] == .string("https://meet.google.com/" + code))
        // With it, the conference goes, and its link with it.
        let dropped = harness.send("PATCH", Self.events + "/meet00001?conferenceDataVersion=1", json: ["conferenceData": .null], token: token)
        #expect(dropped.json["conferenceData"] == nil)
        #expect(dropped.json["hangoutLink"] == nil)

        let other: JSONValue = ["createRequest": ["requestId": "req-2", "conferenceSolutionKey": ["type": "eventHangout"]]]
        let refused = harness.send("POST", Self.events + "?conferenceDataVersion=1", json: Self.event(nil, "x", extra: [("conferenceData", other)]), token: token)
        #expect(refused.status == 400)
        #expect(refused.reason == "invalid")
        #expect(harness.send("POST", Self.events + "?conferenceDataVersion=2", json: Self.event(nil, "x"), token: token).status == 400)
    }

    @Test func attendeesAnswerNeedsActionAndTheOwnerIsTheOrganizer() throws {
        let (harness, token) = try Self.harness()
        let invited = Self.event("team00001", "Team", extra: [("attendees", [
            ["email": "ana@example.com", "displayName": "Ana"], ["email": "bob@example.com", "responseStatus": "declined"],
            ["email": "emulator@example.com", "organizer": false],
        ])])
        let made = harness.send("POST", Self.events, json: invited, token: token)
        #expect(made.json["attendees"] == [
            ["email": "ana@example.com", "displayName": "Ana", "responseStatus": "needsAction"],
            ["email": "bob@example.com", "responseStatus": "declined"],
            ["email": "emulator@example.com", "responseStatus": "accepted", "organizer": true, "self": true],
        ])
        #expect(harness.send("GET", Self.events + "/team00001", token: token).json["attendees"] == made.json["attendees"])
        // On another calendar the organizer is that calendar; the account is only itself.
        let work = try #require(harness.send("POST", "/calendar/v3/calendars", json: ["summary": "Work"], token: token).json["id"]?.stringValue)
        let there = harness.send("POST", "/calendar/v3/calendars/\(Emulator.formEscaped(work))/events",
                                 json: Self.event(nil, "Team", extra: [("attendees", [["email": "emulator@example.com"]])]), token: token)
        #expect(there.json["attendees"] == [["email": "emulator@example.com", "responseStatus": "needsAction", "self": true]])
    }

    @Test func extendedPropertiesAndEventTypesFilterAListing() throws {
        let (harness, token) = try Self.harness()
        harness.send("POST", Self.events, json: Self.event("tagged001", "Tagged", extra: [("extendedProperties", ["private": ["app": "1", "kind": "a b"], "shared": ["team": "x"]])]), token: token)
        harness.send("POST", Self.events, json: Self.event("tagged002", "Other", extra: [("extendedProperties", ["private": ["app": "2"]])]), token: token)
        harness.send("POST", Self.events, json: Self.event("plain0001", "Plain"), token: token)
        func ids(_ query: String) -> [String] {
            harness.send("GET", Self.events + "?" + query, token: token).json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        }
        #expect(ids("privateExtendedProperty=app%3D1") == ["tagged001"])
        #expect(ids("privateExtendedProperty=app%3D1&privateExtendedProperty=kind%3Da+b") == ["tagged001"])
        #expect(ids("privateExtendedProperty=app%3D1&privateExtendedProperty=kind%3Dc") == [])
        #expect(ids("sharedExtendedProperty=team%3Dx") == ["tagged001"])
        #expect(ids("privateExtendedProperty=team%3Dx") == [])
        #expect(ids("eventTypes=default") == ["tagged001", "tagged002", "plain0001"])
        #expect(ids("eventTypes=focusTime&eventTypes=outOfOffice") == [])
        #expect(harness.send("GET", Self.events + "?privateExtendedProperty=app", token: token).status == 400)
        #expect(harness.send("GET", Self.events + "?eventTypes=meeting", token: token).status == 400)
    }

    @Test func calendarsCanBeAddedListedAndRemoved() throws {
        let (harness, token) = try Self.harness()
        let work = harness.send("POST", "/calendar/v3/calendars", json: ["summary": "Work", "timeZone": "America/New_York"], token: token)
        let id = try #require(work.json["id"]?.stringValue)
        #expect(id.hasSuffix("@group.calendar.google.com"))
        let list = harness.send("GET", "/calendar/v3/users/me/calendarList?fields=items(id,summary,primary)", token: token)
        #expect(list.json == ["items": [["id": "emulator@example.com", "summary": "emulator@example.com", "primary": true], ["id": .string(id), "summary": "Work"]]])
        let escaped = id.replacingOccurrences(of: "@", with: "%40")
        #expect(harness.send("POST", "/calendar/v3/calendars/\(escaped)/events", json: Self.event(nil, "Review"), token: token).status == 200)
        #expect(harness.send("DELETE", "/calendar/v3/calendars/\(escaped)", token: token).status == 204)
        #expect(harness.send("GET", "/calendar/v3/calendars/\(escaped)/events", token: token).status == 404)
        #expect(harness.send("DELETE", "/calendar/v3/calendars/primary", token: token).reason == "cannotDeletePrimaryCalendar")
    }

    /// Found replaying gcalcli (it patches quickAdd's event with `"overrides": []`): an empty
    /// list came back as sent, where Google's JSON never has one.
    @Test func anEmptyListIsNotAnswered() throws {
        let (harness, token) = try Self.harness()
        let made = harness.send("POST", Self.events + "?fields=reminders,attendees,recurrence",
                                json: Self.event("empt00001", "Standup", extra: [("attendees", []), ("recurrence", []),
                                                                                ("reminders", ["useDefault": false, "overrides": []])]), token: token)
        #expect(made.json == ["reminders": ["useDefault": false]])
        let patched = harness.send("PATCH", Self.events + "/empt00001?fields=reminders",
                                   json: ["reminders": ["useDefault": false, "overrides": [["method": "popup", "minutes": 5]]]], token: token)
        #expect(patched.json == ["reminders": ["useDefault": false, "overrides": [["method": "popup", "minutes": 5]]]])
    }

    /// Before: calendars.patch and update, calendarList.patch and acl.delete ignored a stale
    /// `If-Match` and wrote over a change made since (only events honoured it).
    @Test func aStaleIfMatchIs412OnCalendarsListEntriesAndRules() throws {
        let (harness, token) = try Self.harness()
        let work = harness.send("POST", "/calendar/v3/calendars", json: ["summary": "Work"], token: token)
        let path = "/calendar/v3/calendars/" + (work.json["id"]?.stringValue ?? "").replacingOccurrences(of: "@", with: "%40")
        let seen = try #require(work.json["etag"]?.stringValue)
        let renamed = harness.send("PATCH", path, json: ["summary": "Office"], headers: ["If-Match: \(seen)"], token: token)
        #expect(renamed.status == 200)
        let stale = harness.send("PATCH", path, json: ["summary": "Lost"], headers: ["If-Match: \(seen)"], token: token)
        #expect(stale.status == 412)
        #expect(stale.reason == "conditionNotMet")
        #expect(harness.send("PUT", path, json: ["summary": "Lost"], headers: ["If-Match: \(seen)"], token: token).status == 412)
        #expect(harness.send("GET", path, token: token).json["summary"] == "Office")
        #expect(harness.send("PATCH", path, json: ["summary": "Any"], headers: ["If-Match: *"], token: token).status == 200)
        let entry = path.replacingOccurrences(of: "/calendars/", with: "/users/me/calendarList/")
        #expect(harness.send("PATCH", entry, json: ["colorId": "3"], headers: ["If-Match: \(seen)"], token: token).status == 412)
        let rule = harness.send("POST", path + "/acl", json: ["role": "reader", "scope": ["type": "user", "value": "ana@example.com"]], token: token)
        let ruleID = try #require(rule.json["id"]?.stringValue)
        #expect(harness.send("DELETE", path + "/acl/" + ruleID, headers: ["If-Match: \(seen)"], token: token).status == 412)
        #expect(harness.send("DELETE", path, headers: ["If-Match: \(seen)"], token: token).status == 412)
        let current = try #require(harness.send("GET", path, token: token).json["etag"]?.stringValue)
        #expect(harness.send("DELETE", path + "/acl/" + ruleID, headers: ["If-Match: \(current)"], token: token).status == 204)
    }

    /// Found by gcsa: the calendar list could only be read, and a calendar had no sharing
    /// rules (acl answered 404).
    @Test func theCalendarListKeepsTheAccountsChoices() throws {
        let (harness, token) = try Self.harness()
        let work = harness.send("POST", "/calendar/v3/calendars", json: ["summary": "Work"], token: token)
        let id = try #require(work.json["id"]?.stringValue).replacingOccurrences(of: "@", with: "%40")
        let entry = "/calendar/v3/users/me/calendarList/" + id
        let fields = "?fields=summary,summaryOverride,colorId,backgroundColor,hidden,selected,defaultReminders"
        #expect(harness.send("GET", entry + fields, token: token).json
            == ["summary": "Work", "colorId": "7", "backgroundColor": "#42d692", "selected": true, "defaultReminders": []])

        let patched = harness.send("PATCH", entry + fields, json: ["summaryOverride": "Job", "colorId": "3", "hidden": true,
                                                                   "defaultReminders": [["method": "popup", "minutes": 5]]], token: token)
        #expect(patched.json == ["summary": "Work", "summaryOverride": "Job", "colorId": "3", "backgroundColor": "#f83a22", "hidden": true,
                                 "selected": true, "defaultReminders": [["method": "popup", "minutes": 5]]])
        // Hidden: listed only with showHidden.
        func listed(_ query: String = "") -> [String] {
            harness.send("GET", "/calendar/v3/users/me/calendarList" + query, token: token).json["items"]?.arrayValue?.compactMap { $0["summary"]?.stringValue } ?? []
        }
        #expect(listed() == ["emulator@example.com"])
        #expect(listed("?showHidden=true") == ["emulator@example.com", "Work"])
        // An RGB colour takes the palette's nearest id; an update keeps only what it sends.
        let rgb = harness.send("PATCH", entry + "?colorRgbFormat=true&fields=colorId,backgroundColor,foregroundColor",
                               json: ["backgroundColor": "#F83B20", "foregroundColor": "#ffffff"], token: token)
        #expect(rgb.json == ["colorId": "3", "backgroundColor": "#f83b20", "foregroundColor": "#ffffff"])
        let updated = harness.send("PUT", entry + fields, json: ["selected": false], token: token)
        #expect(updated.json == ["summary": "Work", "colorId": "7", "backgroundColor": "#42d692", "defaultReminders": []])
        #expect(harness.send("PATCH", entry, json: ["colorId": "99"], token: token).reason == "invalid")

        // Off the list and back; the calendar and its events stay.
        let sync = try #require(harness.send("GET", "/calendar/v3/users/me/calendarList", token: token).json["nextSyncToken"]?.stringValue)
        #expect(harness.send("DELETE", entry, token: token).status == 204)
        #expect(harness.send("GET", entry, token: token).status == 404)
        #expect(listed("?showHidden=true") == ["emulator@example.com"])
        let delta = harness.send("GET", "/calendar/v3/users/me/calendarList?syncToken=\(sync)", token: token).json["items"]
        #expect(delta?.arrayValue?.map { [$0["id"], $0["deleted"]] } == [[.string(id.replacingOccurrences(of: "%40", with: "@")), true]])
        #expect(harness.send("GET", "/calendar/v3/calendars/\(id)/events", token: token).status == 200)
        let back = harness.send("POST", "/calendar/v3/users/me/calendarList", json: ["id": .string(id.replacingOccurrences(of: "%40", with: "@"))], token: token)
        #expect(back.status == 200)
        #expect(listed() == ["emulator@example.com", "Work"])
        #expect(harness.send("POST", "/calendar/v3/users/me/calendarList", json: ["id": "nobody@example.com"], token: token).status == 404)
        #expect(harness.send("DELETE", "/calendar/v3/users/me/calendarList/primary", token: token).status == 400)
    }

    @Test func aCalendarIsSharedThroughItsAccessControlList() throws {
        let (harness, token) = try Self.harness()
        let acl = "/calendar/v3/calendars/primary/acl"
        let owner: JSONValue = ["id": "user:emulator@example.com", "scope": ["type": "user", "value": "emulator@example.com"], "role": "owner"]
        #expect(harness.send("GET", acl + "?fields=kind,items(id,scope,role)", token: token).json == ["kind": "calendar#acl", "items": [owner]])

        let added = harness.send("POST", acl, json: ["role": "reader", "scope": ["type": "user", "value": "ana@example.com"]], token: token)
        #expect(added.json["kind"] == "calendar#aclRule")
        #expect(added.json["id"] == "user:ana@example.com")
        #expect(added.json["etag"]?.stringValue != nil)
        harness.send("POST", acl, json: ["role": "freeBusyReader", "scope": ["type": "default"]], token: token)
        let patched = harness.send("PATCH", acl + "/user:ana@example.com", json: ["role": "writer"], token: token)
        #expect(patched.json["role"] == "writer")
        #expect(harness.send("GET", acl + "/default?fields=id,role", token: token).json == ["id": "default", "role": "freeBusyReader"])
        #expect(harness.send("GET", acl + "?fields=items(id,role)", token: token).json["items"]
            == [["id": "user:emulator@example.com", "role": "owner"], ["id": "user:ana@example.com", "role": "writer"], ["id": "default", "role": "freeBusyReader"]])

        #expect(harness.send("DELETE", acl + "/user:ana@example.com", token: token).status == 204)
        #expect(harness.send("GET", acl + "/user:ana@example.com", token: token).status == 404)
        #expect(harness.send("DELETE", acl + "/user:emulator@example.com", token: token).reason == "cannotChangeOwnAcl")
        #expect(harness.send("POST", acl, json: ["role": "boss", "scope": ["type": "user", "value": "x@example.com"]], token: token).reason == "invalid")
        #expect(harness.send("POST", acl, json: ["scope": ["type": "user", "value": "x@example.com"]], token: token).reason == "required")
        // Sharing needs a scope that allows it.
        let eventsOnly = harness.token(scopes: ["https://www.googleapis.com/auth/calendar.events"])
        #expect(harness.send("GET", acl, token: eventsOnly).status == 403)
    }

    /// Found by google-api-python-client syncing with singleEvents=true: the changes came as
    /// the series, not its instances, and updatedMin left out what was deleted.
    @Test func aSyncOfSingleEventsGivesInstancesAndUpdatedMinGivesDeletions() throws {
        let (harness, token, clock, now) = try Self.clockedHarness()
        harness.send("POST", Self.events, json: Self.event("gone00001", "Gone"), token: token)
        let full = harness.send("GET", Self.events + "?singleEvents=true", token: token)
        let sync = try #require(full.json["nextSyncToken"]?.stringValue)

        clock.now = now + 60
        let series = Self.event("repeat001", "Weekly", start: "2026-03-02T10:00:00+01:00", end: "2026-03-02T10:30:00+01:00",
                                extra: [("recurrence", ["RRULE:FREQ=WEEKLY;COUNT=3"])])
        let made = harness.send("POST", Self.events, json: series, token: token)
        clock.now = now + 120
        let changed = harness.send("PATCH", Self.events + "/repeat001_20260309T090000Z", json: ["summary": "Moved"], token: token)
        // A changed instance was created with its series.
        #expect(changed.json["created"] == made.json["created"])
        #expect(changed.json["updated"] == .string(Wire.timestamp(now + 120)))
        harness.send("DELETE", Self.events + "/gone00001", token: token)
        let delta = harness.send("GET", Self.events + "?singleEvents=true&syncToken=\(sync)", token: token)
        #expect(delta.json["items"]?.arrayValue?.map { "\($0["id"]!.stringValue!) \($0["status"]!.stringValue!) \($0["summary"]?.stringValue ?? "-")" } == [
            "repeat001_20260302T090000Z confirmed Weekly", "repeat001_20260316T090000Z confirmed Weekly",
            "repeat001_20260309T090000Z confirmed Moved", "gone00001 cancelled Gone",
        ])
        // Without singleEvents the same changes are the series and its changed instance.
        let stored = harness.send("GET", Self.events + "?syncToken=\(sync)", token: token)
        #expect(stored.json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["repeat001", "repeat001_20260309T090000Z", "gone00001"])

        let since = harness.send("GET", Self.events + "?updatedMin=2026-03-02T08:00:30Z", token: token)
        #expect(since.json["items"]?.arrayValue?.map { "\($0["id"]!.stringValue!) \($0["status"]!.stringValue!)" }
            == ["repeat001 confirmed", "repeat001_20260309T090000Z confirmed", "gone00001 cancelled"])
    }

    /// calendars.clear deletes every event of the primary calendar as deleting each would:
    /// a sync by token and a listing by updatedMin both bring them cancelled. Before, the
    /// cleared events kept their old `updated`, and updatedMin left them out.
    @Test func clearingThePrimaryCalendarIsSeenByTokenAndByUpdatedMin() throws {
        let (harness, token, clock, now) = try Self.clockedHarness()
        harness.send("POST", Self.events, json: Self.event("keep00001", "Lunch"), token: token)
        let series = Self.event("repeat002", "Weekly", start: "2026-03-02T10:00:00+01:00", end: "2026-03-02T10:30:00+01:00",
                                extra: [("recurrence", ["RRULE:FREQ=WEEKLY;COUNT=3"])])
        harness.send("POST", Self.events, json: series, token: token)
        let sync = try #require(harness.send("GET", Self.events, token: token).json["nextSyncToken"]?.stringValue)

        clock.now = now + 60
        #expect(harness.send("POST", "/calendar/v3/calendars/primary/clear", token: token).status == 204)
        #expect(harness.send("GET", Self.events, token: token).json["items"] == [])
        let delta = harness.send("GET", Self.events + "?syncToken=\(sync)", token: token)
        #expect(delta.json["items"]?.arrayValue?.map { "\($0["id"]!.stringValue!) \($0["status"]!.stringValue!)" } == ["keep00001 cancelled", "repeat002 cancelled"])
        let since = harness.send("GET", Self.events + "?updatedMin=2026-03-02T08:00:30Z", token: token)
        #expect(since.json["items"]?.arrayValue?.map { "\($0["id"]!.stringValue!) \($0["updated"]!.stringValue!)" }
            == ["keep00001 \(Wire.timestamp(now + 60))", "repeat002 \(Wire.timestamp(now + 60))"])
        // Only the primary calendar can be cleared.
        let other = harness.send("POST", "/calendar/v3/calendars", json: ["summary": "Other"], token: harness.token(scopes: ["https://www.googleapis.com/auth/calendar"]))
        let id = try #require(other.json["id"]?.stringValue)
        let refused = harness.send("POST", "/calendar/v3/calendars/\(id)/clear", token: harness.token(scopes: ["https://www.googleapis.com/auth/calendar"]))
        #expect(refused.status == 400)
    }

    @Test func maxAttendeesLeavesOnlyTheAccountsOwnEntry() throws {
        let (harness, token) = try Self.harness()
        let invited = Self.event("group0001", "Crowd", extra: [("attendees", [["email": "ana@example.com"], ["email": "emulator@example.com"], ["email": "bob@example.com"]])])
        let made = harness.send("POST", Self.events + "?maxAttendees=2", json: invited, token: token)
        #expect(made.json["attendees"] == [["email": "emulator@example.com", "responseStatus": "accepted", "organizer": true, "self": true]])
        #expect(made.json["attendeesOmitted"] == true)
        #expect(harness.send("GET", Self.events + "/group0001?maxAttendees=3", token: token).json["attendees"]?.arrayValue?.count == 3)
        let listed = harness.send("GET", Self.events + "?maxAttendees=1", token: token).json["items"]?.arrayValue?.first
        #expect(listed?["attendeesOmitted"] == true)
        #expect(listed?["attendees"]?.arrayValue?.count == 1)
        #expect(harness.send("GET", Self.events + "/group0001", token: token).json["attendeesOmitted"] == nil)
    }

    @Test func freeBusyMergesBusyTimesAndLeavesOutTransparentEvents() throws {
        let (harness, token) = try Self.harness()
        harness.send("POST", Self.events, json: Self.event(nil, "A", start: "2026-03-05T09:00:00+01:00", end: "2026-03-05T10:00:00+01:00"), token: token)
        harness.send("POST", Self.events, json: Self.event(nil, "B", start: "2026-03-05T09:30:00+01:00", end: "2026-03-05T11:00:00+01:00"), token: token)
        harness.send("POST", Self.events, json: Self.event(nil, "Free", start: "2026-03-05T12:00:00+01:00", end: "2026-03-05T13:00:00+01:00",
                                                          extra: [("transparency", "transparent")]), token: token)
        harness.send("POST", Self.events, json: ["summary": "Trip", "start": ["date": "2026-03-06"], "end": ["date": "2026-03-07"]], token: token)
        let answer = harness.send("POST", "/calendar/v3/freeBusy", json: [
            "timeMin": "2026-03-05T00:00:00+01:00", "timeMax": "2026-03-07T00:00:00+01:00", "timeZone": "Europe/Madrid",
            "items": [["id": "primary"], ["id": "nobody@example.com"]],
        ], token: token)
        #expect(answer.json == ["kind": "calendar#freeBusy", "timeMin": "2026-03-04T23:00:00.000Z", "timeMax": "2026-03-06T23:00:00.000Z", "calendars": [
            "primary": ["busy": [["start": "2026-03-05T09:00:00+01:00", "end": "2026-03-05T11:00:00+01:00"],
                                 ["start": "2026-03-06T00:00:00+01:00", "end": "2026-03-07T00:00:00+01:00"]]],
            "nobody@example.com": ["errors": [["domain": "global", "reason": "notFound"]], "busy": []],
        ]])
        let empty = harness.send("POST", "/calendar/v3/freeBusy", json: ["timeMin": "2026-03-05T00:00:00Z", "timeMax": "2026-03-05T00:00:00Z", "items": []], token: token)
        #expect(empty.reason == "timeRangeEmpty")
    }

    /// Found by gcsa's move_event: events.move was missing (404).
    @Test func anEventMovesToAnotherCalendarAndTheOldOneSyncsItAway() throws {
        let (harness, token) = try Self.harness()
        let work = try #require(harness.send("POST", "/calendar/v3/calendars", json: ["summary": "Work"], token: token).json["id"]?.stringValue)
        let workEvents = "/calendar/v3/calendars/\(work.replacingOccurrences(of: "@", with: "%40"))/events"
        harness.send("POST", Self.events, json: Self.event("move00001", "Review"), token: token)
        let sync = try #require(harness.send("GET", Self.events, token: token).json["nextSyncToken"]?.stringValue)
        let workSync = try #require(harness.send("GET", workEvents, token: token).json["nextSyncToken"]?.stringValue)

        let moved = harness.send("POST", Self.events + "/move00001/move?destination=" + Emulator.formEscaped(work), token: token)
        #expect(moved.status == 200)
        #expect(moved.json["id"] == "move00001")
        #expect(moved.json["organizer"]?["email"] == .string(work))
        #expect(harness.send("GET", Self.events + "/move00001", token: token).status == 404)
        #expect(harness.send("GET", workEvents + "/move00001", token: token).json["summary"] == "Review")
        #expect(harness.send("GET", Self.events + "?syncToken=\(sync)", token: token).json["items"]
            == [["kind": "calendar#event", "etag": moved.json["etag"]!, "id": "move00001", "status": "cancelled"]])
        #expect(harness.send("GET", workEvents + "?syncToken=\(workSync)", token: token).json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
            == ["move00001"])
        #expect(harness.send("GET", Self.events, token: token).json["items"] == [])

        #expect(harness.send("POST", workEvents + "/move00001/move", token: token).reason == "required")
        #expect(harness.send("POST", workEvents + "/move00001/move?destination=nobody%40example.com", token: token).status == 404)
        let series = Self.event("serie0001", "Weekly", extra: [("recurrence", ["RRULE:FREQ=WEEKLY;COUNT=2"])])
        harness.send("POST", Self.events, json: series, token: token)
        let instance = harness.send("POST", Self.events + "/serie0001_20260305T120000Z/move?destination=" + Emulator.formEscaped(work), token: token)
        #expect(instance.reason == "cannotChangeOrganizerOfInstance")
    }

    /// events.move of a series takes its changed and cancelled instances along (the
    /// emulator refused a series with changed instances); the calendar it left syncs each away.
    @Test func aSeriesMovesWithItsChangedAndCancelledInstances() throws {
        let (harness, token) = try Self.harness()
        let work = try #require(harness.send("POST", "/calendar/v3/calendars", json: ["summary": "Work"], token: token).json["id"]?.stringValue)
        let workEvents = "/calendar/v3/calendars/\(work.replacingOccurrences(of: "@", with: "%40"))/events"
        let series = Self.event("serie0002", "Weekly", extra: [("recurrence", ["RRULE:FREQ=WEEKLY;COUNT=3"])])
        harness.send("POST", Self.events, json: series, token: token)
        #expect(harness.send("PATCH", Self.events + "/serie0002_20260312T120000Z", json: ["summary": "Weekly (moved)"], token: token).status == 200)
        #expect(harness.send("DELETE", Self.events + "/serie0002_20260319T120000Z", token: token).status == 204)
        let sync = try #require(harness.send("GET", Self.events, token: token).json["nextSyncToken"]?.stringValue)

        let moved = harness.send("POST", Self.events + "/serie0002/move?destination=" + Emulator.formEscaped(work), token: token)
        #expect(moved.status == 200)
        #expect(moved.json["recurrence"] == ["RRULE:FREQ=WEEKLY;COUNT=3"])
        #expect(harness.send("GET", workEvents + "/serie0002_20260312T120000Z", token: token).json["summary"] == "Weekly (moved)")
        #expect(harness.send("GET", Self.events + "/serie0002_20260312T120000Z", token: token).status == 404)
        let instances = harness.send("GET", workEvents + "/serie0002/instances", token: token).json["items"]?.arrayValue ?? []
        #expect(instances.compactMap { $0["summary"]?.stringValue } == ["Weekly", "Weekly (moved)"])
        let away = harness.send("GET", Self.events + "?syncToken=\(sync)", token: token).json["items"]?.arrayValue ?? []
        #expect(away.compactMap { $0["id"]?.stringValue }.sorted() == ["serie0002", "serie0002_20260312T120000Z", "serie0002_20260319T120000Z"])
        #expect(away.allSatisfy { $0["status"] == "cancelled" })
        #expect(harness.send("GET", Self.events, token: token).json["items"] == [])
    }

    @Test func settingsListEverySettingGoogleHas() throws {
        let (harness, token) = try Self.harness()
        let settings = harness.send("GET", "/calendar/v3/users/me/settings", token: token)
        #expect(settings.json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [
            "autoAddHangouts", "dateFieldOrder", "defaultEventLength", "format24HourTime", "hideInvitations", "hideWeekends", "locale",
            "remindOnRespondedEventsOnly", "showDeclinedEvents", "timezone", "useKeyboardShortcuts", "weekStart",
        ])
        #expect(harness.send("GET", "/calendar/v3/users/me/settings/timezone?fields=id,value", token: token).json == ["id": "timezone", "value": "Europe/Madrid"])
        #expect(harness.send("GET", "/calendar/v3/users/me/settings/nonsense", token: token).status == 404)
    }

    @Test func attachmentsAreKeptOnlyWithSupportsAttachments() throws {
        let (harness, token) = try Self.harness()
        let file: JSONValue = [["fileUrl": "https://drive.google.com/open?id=abc", "title": "Agenda"]]
        let ignored = harness.send("POST", Self.events, json: Self.event("file00001", "Plain", extra: [("attachments", file)]), token: token)
        #expect(ignored.json["attachments"] == nil)
        let kept = harness.send("POST", Self.events + "?supportsAttachments=true", json: Self.event("file00002", "With", extra: [("attachments", file)]), token: token)
        #expect(kept.json["attachments"] == file)
        // A client that does not handle them leaves them as they are.
        #expect(harness.send("PATCH", Self.events + "/file00002", json: ["summary": "Still", "attachments": []], token: token).json["attachments"] == file)
        #expect(harness.send("PATCH", Self.events + "/file00002?supportsAttachments=true", json: ["attachments": []], token: token).json["attachments"] == nil)
        let bad = harness.send("POST", Self.events + "?supportsAttachments=true", json: Self.event(nil, "Bad", extra: [("attachments", [["title": "x"]])]), token: token)
        #expect(bad.reason == "invalid")
    }
}
