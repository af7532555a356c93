import CCurl
import ClerkCore
import Foundation
@testable import GoogleEmulator
@testable import LoopbackHTTP
import Testing

/// What clients other than clerk's send: methods of the discovery documents the emulator
/// does not serve, and requests a careless script or a hostile one makes (bodies that are
/// not UTF-8, forms, broken escapes, bodies announced as gigabytes, members of the wrong
/// type). Each must get Google's error shape and a 4xx (or 501), never a wrong success.
@Suite struct ThirdPartyClientTests {
    static let events = "/calendar/v3/calendars/primary/events"

    static func harness() throws -> (EmulatorHarness, String) {
        let harness = try EmulatorHarness(now: CalendarTests.now)
        return (harness, harness.token())
    }

    // MARK: Methods not served

    /// Before: `POST …/events/watch` was 405 `httpMethodNotAllowed`, `POST /drive/v3/channels/stop`
    /// a path-level 404 and `GET /drive/v3/files/generateCseToken` "File not found".
    @Test func anUnservedMethodIs501NamingItInItsAPIsShape() throws {
        let (harness, token) = try Self.harness()
        let watch = harness.send("POST", Self.events + "/watch", json: ["id": "c1", "type": "web_hook", "address": "https://example.com/hook"], token: token)
        #expect(watch.status == 501)
        #expect(watch.text == #"{"error":{"errors":[{"domain":"global","reason":"notImplemented","message":"Method not implemented by google-emulator: calendar.events.watch."}],"code":501,"message":"Method not implemented by google-emulator: calendar.events.watch."}}"#)
        let stop = harness.send("POST", "/drive/v3/channels/stop", json: ["id": "c1", "resourceId": "r1"], token: token)
        #expect(stop.status == 501)
        #expect(stop.reason == "notImplemented")
        let cse = harness.send("GET", "/drive/v3/files/generateCseToken", token: token)
        #expect(cse.status == 501)
        #expect(cse.json["error"]?["message"] == "Method not implemented by google-emulator: drive.files.generateCseToken.")
        let photo = harness.send("PATCH", "/v1/people/c1:updateContactPhoto", json: ["photoBytes": "AA=="], token: token)
        #expect(photo.status == 501)
        #expect(photo.text == #"{"error":{"code":501,"message":"Method not implemented by google-emulator: people.people.updateContactPhoto.","status":"UNIMPLEMENTED","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"notImplemented","domain":"people.googleapis.com"}]}}"#)
        // A served path with another method is still that method's answer: an event named "watch".
        #expect(harness.send("GET", Self.events + "/watch", token: token).reason == "notFound")
        // And deleteContact is not taken for deleteContactPhoto, nor the other way round.
        #expect(harness.send("DELETE", "/v1/people/c1:deleteContactPhoto", token: token).status == 501)
        #expect(harness.send("DELETE", "/v1/people/c1:deleteContact", token: token).status == 404)
    }

    /// Every unserved method, its captures filled in, is 501 with its own id: none is
    /// shadowed by a served route (which would answer something else).
    @Test func everyUnservedMethodOfTheTableIsRefusedByName() throws {
        let (harness, _) = try Self.harness()
        for (method, pattern, id, scopes) in Emulator.unservedMethods {
            let token = harness.token(scopes: [scopes[0]].map { "https://www.googleapis.com/auth/" + $0 })
            let path = "/" + pattern.replacingOccurrences(of: #"\{[A-Za-z]+\}"#, with: "x1", options: .regularExpression)
            let answer = harness.send(method, path, json: method == "GET" || method == "DELETE" ? nil : [:], token: token)
            #expect(answer.status == 501, "\(method) \(path)")
            #expect(answer.json["error"]?["message"]?.stringValue == "Method not implemented by google-emulator: \(id).", "\(method) \(path)")
        }
        #expect(Emulator.unservedMethods.count == 39 + 29)  // Drive v2's 29 beside the 39 of the others (comments, replies and v2's revisions.list/get served)
    }

    @Test func anUnservedMethodStillChecksTheTokenAndItsScopes() throws {
        let (harness, _) = try Self.harness()
        #expect(harness.send("POST", Self.events + "/watch", json: [:]).status == 401)
        let driveOnly = harness.token(scopes: ["https://www.googleapis.com/auth/drive.file"])
        let refused = harness.send("POST", Self.events + "/watch", json: [:], token: driveOnly)
        #expect(refused.status == 403)
        #expect(refused.reason == "insufficientPermissions")
    }

    /// Before: both were a path-level 404.
    @Test func teamDrivesAreListedAsNoneLikeSharedDrives() throws {
        let (harness, token) = try Self.harness()
        let list = harness.send("GET", "/drive/v3/teamdrives?pageSize=10", token: token)
        #expect(list.status == 200)
        #expect(list.text == #"{"kind":"drive#teamDriveList","teamDrives":[]}"#)
        let one = harness.send("GET", "/drive/v3/teamdrives/0AbcTeam", token: token)
        #expect(one.status == 404)
        #expect(one.text == #"{"error":{"errors":[{"domain":"global","reason":"notFound","message":"Shared drive not found: 0AbcTeam","locationType":"parameter","location":"teamDriveId"}],"code":404,"message":"Shared drive not found: 0AbcTeam"}}"#)
        #expect(harness.send("GET", "/drive/v3/teamdrives?pageSize=0", token: token).status == 400)
    }

    /// Before: a path-level 404 NOT_FOUND.
    @Test func theDirectoryIsRefusedAsForAnAccountOutsideWorkspace() throws {
        let (harness, _) = try Self.harness()
        let token = harness.token(scopes: ["https://www.googleapis.com/auth/directory.readonly"])
        for path in ["/v1/people:listDirectoryPeople?readMask=names&sources=DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE",
                     "/v1/people:searchDirectoryPeople?readMask=names&query=ana&sources=DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE"] {
            let answer = harness.send("GET", path, token: token)
            #expect(answer.status == 400)
            #expect(answer.text == #"{"error":{"code":400,"message":"Must be a G Suite domain user.","status":"FAILED_PRECONDITION","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"failedPrecondition","domain":"people.googleapis.com"}]}}"#)
        }
        let contactsOnly = harness.token(scopes: ["https://www.googleapis.com/auth/contacts"])
        #expect(harness.send("GET", "/v1/people:listDirectoryPeople?readMask=names", token: contactsOnly).status == 403)
    }

    // MARK: Bodies

    /// Before: the bad bytes were read as U+FFFD and the event stored with that title.
    @Test func aJSONBodyThatIsNotUTF8IsAParseErrorAndStoresNothing() throws {
        let (harness, token) = try Self.harness()
        var body = Array(#"{"summary":""#.utf8) + [0xFF, 0xFE]
        body += Array(#"","start":{"dateTime":"2026-03-05T13:00:00Z"},"end":{"dateTime":"2026-03-05T14:00:00Z"}}"#.utf8)
        let answer = harness.send("POST", Self.events, body: body, headers: ["Content-Type: application/json"], token: token)
        #expect(answer.status == 400)
        #expect(answer.text == #"{"error":{"errors":[{"domain":"global","reason":"parseError","message":"Parse Error"}],"code":400,"message":"Parse Error"}}"#)
        #expect(harness.send("GET", Self.events, token: token).json["items"] == [])
        let contact = harness.send("POST", "/v1/people:createContact", body: Array(#"{"names":[{"givenName":""#.utf8) + [0xC3] + Array(#""}]}"#.utf8),
                                   headers: ["Content-Type: application/json"], token: token)
        #expect(contact.status == 400)
        #expect(contact.json["error"]?["status"] == "INVALID_ARGUMENT")
    }

    /// Before: `curl -d 'summary=x'` (a form body) was read as JSON and refused as a missing start.
    @Test func aFormBodyIsRefusedAsGoogleRefusesIt() throws {
        let (harness, token) = try Self.harness()
        let answer = harness.send("POST", Self.events, body: Array("summary=Lunch".utf8),
                                  headers: ["Content-Type: application/x-www-form-urlencoded"], token: token)
        #expect(answer.status == 400)
        #expect(answer.text == #"{"error":{"errors":[{"domain":"global","reason":"parseError","message":"This API does not support parsing form-encoded input."}],"code":400,"message":"This API does not support parsing form-encoded input."}}"#)
        // The emulator's own control paths read JSON however it is labelled (`curl -d '{}'`).
        let minted = harness.send("POST", "/_emulator/token", body: Array("{}".utf8), headers: ["Content-Type: application/x-www-form-urlencoded"])
        #expect(minted.json["access_token"]?.stringValue?.isEmpty == false)
    }

    /// Before: `"summary": {}` and `"id": 12` were dropped and the event made (untitled, with
    /// an id of the emulator's), a wrong success.
    @Test(arguments: [
        (#""summary":{}"#, "summary"), (#""summary":5"#, "summary"), (#""id":12"#, "id"), (#""location":["a"]"#, "location"),
        (#""transparency":"see-through""#, "transparency"), (#""visibility":"secret""#, "visibility"), (#""reminders":"none""#, "reminders"),
        (#""colorId":"12""#, "colorId"), (#""eventType":"party""#, "eventType"),
    ])
    func anEventMemberOfTheWrongTypeIsRefused(member: String, name: String) throws {
        let (harness, token) = try Self.harness()
        let body = "{\(member),\"start\":{\"dateTime\":\"2026-03-05T13:00:00Z\"},\"end\":{\"dateTime\":\"2026-03-05T14:00:00Z\"}}"
        let answer = harness.send("POST", Self.events, body: Array(body.utf8), headers: ["Content-Type: application/json"], token: token)
        #expect(answer.status == 400)
        #expect(answer.text == #"{"error":{"errors":[{"domain":"global","reason":"invalid","message":"Invalid value for: \#(name)"}],"code":400,"message":"Invalid value for: \#(name)"}}"#)
        #expect(harness.send("GET", Self.events, token: token).json["items"] == [])
    }

    /// Before: each was a 200, the contact stored with a number for a name or an object for
    /// an address.
    @Test(arguments: [
        (#"{"names":[{"givenName":5}]}"#, "Invalid value at 'person.names[0].given_name' (TYPE_STRING), 5"),
        (#"{"emailAddresses":[{"value":"a@example.com"},{"value":true}]}"#, "Invalid value at 'person.email_addresses[1].value' (TYPE_STRING), true"),
        (#"{"emailAddresses":[{"value":{"address":"a@example.com"}}]}"#,
         "Invalid JSON payload received. Unknown name \"value\" at 'person.email_addresses[0]': Proto field is not repeating, cannot start object."),
        (#"{"phoneNumbers":[{"value":["600"]}]}"#,
         "Invalid JSON payload received. Unknown name \"value\" at 'person.phone_numbers[0]': Proto field is not repeating, cannot start list."),
    ])
    func aContactMemberOfTheWrongTypeIsRefused(body: String, message: String) throws {
        let (harness, token) = try Self.harness()
        let answer = harness.send("POST", "/v1/people:createContact", body: Array(body.utf8), headers: ["Content-Type: application/json"], token: token)
        #expect(answer.status == 400)
        #expect(answer.json["error"]?["message"]?.stringValue == message)
        #expect(answer.json["error"]?["status"] == "INVALID_ARGUMENT")
        #expect(harness.send("GET", "/v1/people/me/connections?personFields=names", token: token).json["connections"] == nil)
    }

    @Test func aPatchWithAMemberOfTheWrongTypeChangesNothing() throws {
        let (harness, token) = try Self.harness()
        #expect(harness.send("POST", Self.events, json: CalendarTests.event("patched001", "Lunch"), token: token).status == 200)
        let answer = harness.send("PATCH", Self.events + "/patched001", json: ["summary": ["text": "Dinner"]], token: token)
        #expect(answer.status == 400)
        #expect(harness.send("GET", Self.events + "/patched001", token: token).json["summary"] == "Lunch")
    }

    /// Before: the server read (and dropped) the whole announced body before answering 413,
    /// so a client announcing gigabytes waited on a hang; with `Expect: 100-continue` it was
    /// even told to go on. The 413 was not in Google's shape.
    @Test(arguments: [false, true])
    func aBodyAnnouncedAsTooLargeIsRefusedAtOnce(expectContinue: Bool) throws {
        let (harness, token) = try Self.harness()
        harness.client.timeout = 10
        harness.client.freshConnection = true
        let started = Date()
        var headers = ["Content-Type: application/json", "Content-Length: 107374182400"]
        headers.append(expectContinue ? "Expect: 100-continue" : "Expect:")
        let answer = harness.client.send("POST", harness.base + Self.events, headers: headers + ["Authorization: Bearer \(token)"], body: Array("{}".utf8))
        #expect(answer.status == 413)
        #expect(answer.text == #"{"error":{"errors":[{"domain":"global","reason":"requestTooLarge","message":"Request Entity Too Large"}],"code":413,"message":"Request Entity Too Large"}}"#)
        #expect(Date().timeIntervalSince(started) < 5)
        // The server goes on serving.
        #expect(harness.send("GET", "/calendar/v3/colors?fields=kind", token: token).text == #"{"kind":"calendar#colors"}"#)
    }

    // MARK: Request targets

    /// Before: `%zz` stayed as written and `%FF` became U+FFFD, and the request went on
    /// (a search for "\u{FFFD}", a calendar that is not found).
    @Test(arguments: [
        "/calendar/v3/calendars/primary/events?q=%FF%FE",
        "/calendar/v3/calendars/primary/events?q=50%",
        "/calendar/v3/calendars/primary/events?q=%zz",
        "/calendar/v3/calendars/%C3/events",
        "/drive/v3/files?q=name%20%3D%20%27%E2%82%27",
    ])
    func aTargetWithBrokenEscapesOrBytesThatAreNotUTF8IsABadRequest(target: String) throws {
        let (harness, token) = try Self.harness()
        let answer = harness.send("GET", target, token: token)
        #expect(answer.status == 400)
        #expect(answer.text == #"{"error":{"errors":[{"domain":"global","reason":"badRequest","message":"Your client has issued a malformed or illegal request: the URL has an invalid percent-escape or is not UTF-8."}],"code":400,"message":"Your client has issued a malformed or illegal request: the URL has an invalid percent-escape or is not UTF-8."}}"#)
    }

    @Test func aBrokenTargetOnPeopleIsInPeoplesShapeAndGoodEscapesStillWork() throws {
        let (harness, token) = try Self.harness()
        let answer = harness.send("GET", "/v1/people:searchContacts?query=%E0%A4&readMask=names", token: token)
        #expect(answer.status == 400)
        #expect(answer.json["error"]?["status"] == "INVALID_ARGUMENT")
        #expect(answer.reason == "badRequest")
        // UTF-8 escapes, `+` for a space and an escaped `%` are all fine.
        #expect(harness.send("GET", Self.events + "?q=caf%C3%A9+50%25", token: token).status == 200)
        #expect(HTTPRequest.isWellEscaped("q=caf%C3%A9+50%25"))
        #expect(!HTTPRequest.isWellEscaped("q=%C3"))
        #expect(!HTTPRequest.isWellEscaped("q=%4"))
    }

    // MARK: Parameters no handler reads

    /// Before: `sendUpdates=bogus`, `corpus=bogus` and `alt=xml` were ignored (a success
    /// Google does not give), and `alt=proto` answered JSON.
    @Test(arguments: [
        ("POST", "/calendar/v3/calendars/primary/events/quickAdd?text=Lunch&sendUpdates=everyone", "sendUpdates", "everyone", "(all|externalOnly|none)"),
        ("GET", "/calendar/v3/calendars/primary/events?alt=xml", "alt", "xml", "(json)"),
        ("GET", "/calendar/v3/colors?alt=media", "alt", "media", "(json)"),
        ("GET", "/drive/v3/files?corpus=everything", "corpus", "everything", "(domain|user)"),
        ("GET", "/drive/v3/files?alt=csv", "alt", "csv", "(json|media|proto)"),
    ])
    func anEnumParameterOutsideItsValuesIsRefused(method: String, target: String, name: String, value: String, pattern: String) throws {
        let (harness, token) = try Self.harness()
        let answer = harness.send(method, target, token: token)
        #expect(answer.status == 400)
        let message = "Invalid value '\(value)'. Values must match the following regular expression: '\(pattern)'"
        #expect(answer.text == #"{"error":{"errors":[{"domain":"global","reason":"invalidParameter","message":"\#(message)","locationType":"parameter","location":"\#(name)"}],"code":400,"message":"\#(message)"}}"#)
        #expect(harness.send("GET", Self.events, token: token).json["items"] == [])
    }

    @Test func theEnumParametersInTheirValuesStillWork() throws {
        let (harness, token) = try Self.harness()
        #expect(harness.send("POST", Self.events + "?sendUpdates=none&alt=json", json: CalendarTests.event("sendupd001", "Lunch"), token: token).status == 200)
        #expect(harness.send("DELETE", Self.events + "/sendupd001?sendUpdates=all", token: token).status == 204)
        #expect(harness.send("GET", "/drive/v3/files?corpus=user&alt=json", token: token).status == 200)
        let proto = harness.send("GET", "/drive/v3/files?alt=proto", token: token)
        #expect(proto.status == 501)
        #expect(proto.json["error"]?["message"] == "google-emulator answers in JSON only, not alt=proto.")
    }

    // MARK: Partial responses

    /// Before: a name no schema has was dropped from the answer, so a typo in `fields`
    /// passed here and failed at Google.
    @Test(arguments: [
        ("/calendar/v3/calendars/primary/events?fields=items(id,sumary)", "sumary"),
        ("/calendar/v3/calendars/primary/events?fields=nextPageToken,itemz", "itemz"),
        ("/calendar/v3/users/me/calendarList?fields=items(id,start/dateTim)", "dateTim"),
        ("/drive/v3/files?fields=files(id,nmae)", "nmae"),
        ("/drive/v3/about?fields=user,quota", "quota"),
        ("/v1/people/me/connections?personFields=names&fields=connections(resourceName,nombres)", "nombres"),
    ])
    func aFieldsSelectorNamingWhatNoSchemaHasIsRefused(target: String, unknown: String) throws {
        let (harness, token) = try Self.harness()
        let answer = harness.send("GET", target, token: token)
        #expect(answer.status == 400)
        #expect(answer.reason == "invalidParameter")
        #expect(answer.json["error"]?["message"]?.stringValue == "Invalid field selection \(unknown)")
    }

    @Test func aFieldsSelectorOfRealNamesAndMapKeysIsServed() throws {
        let (harness, token) = try Self.harness()
        #expect(harness.send("GET", Self.events + "?fields=kind,items(id,start(dateTime,date)),nextPageToken,nextSyncToken", token: token).status == 200)
        // Inside a map the keys are data: a colour's number, a calendar's address.
        #expect(harness.send("GET", "/calendar/v3/colors?fields=event(1),calendar/2/background", token: token).text
            == ##"{"calendar":{"2":{"background":"#d06b64"}},"event":{"1":{"background":"#a4bdfc","foreground":"#1d1d1d"}}}"##)
        #expect(harness.send("GET", "/drive/v3/files?fields=*", token: token).status == 200)
        #expect(harness.send("GET", "/drive/v3/about?fields=exportFormats/application%2Fvnd.google-apps.document", token: token).status == 200)
    }

    // MARK: searchContacts' warm-up

    /// Google's search cache, played on request: a client that searches without the warm-up
    /// Google asks for gets stale results, as at Google.
    @Test func aRequiredWarmUpMakesSearchesSeeTheContactsAsTheyWereAtTheLastOne() throws {
        let (harness, token) = try Self.harness()
        func search(_ query: String) -> [String] {
            let answer = harness.send("GET", "/v1/people:searchContacts?readMask=names&query=\(query)", token: token)
            return (answer.json["results"]?.arrayValue ?? []).compactMap { $0["person"]?["names"]?.arrayValue?.first?["givenName"]?.stringValue }
        }
        #expect(harness.send("POST", "/_emulator/search-warmup", json: ["required": true]).status == 200)
        let made = harness.send("POST", "/v1/people:createContact?personFields=names", json: ["names": [["givenName": "Anouk"]]], token: token)
        #expect(made.status == 200)
        #expect(search("Anouk") == [])  // never warmed up: nobody
        #expect(harness.send("GET", "/v1/people:searchContacts?readMask=names&query=", token: token).text == "{}")
        #expect(search("Anouk") == ["Anouk"])
        let name = made.json["resourceName"]?.stringValue ?? ""
        let etag = made.json["etag"]?.stringValue ?? ""
        #expect(harness.send("PATCH", "/v1/\(name):updateContact?updatePersonFields=names", json: ["etag": .string(etag), "names": [["givenName": "Bettina"]]],
                             token: token).status == 200)
        #expect(search("Bettina") == [])  // stale until the next warm-up
        #expect(search("Anouk") == ["Anouk"])
        harness.send("GET", "/v1/people:searchContacts?readMask=names&query=", token: token)
        #expect(search("Bettina") == ["Bettina"])
        #expect(search("Anouk") == [])
        // Off again (the default): searches see every change at once.
        #expect(harness.send("POST", "/_emulator/search-warmup", json: ["required": false]).status == 200)
        #expect(harness.send("DELETE", "/v1/\(name):deleteContact", token: token).status == 200)
        #expect(search("Bettina") == [])
    }

    /// Before: maxResults was ignored (every setting on one page) and no sync token given.
    @Test func settingsComeInPagesAndEndWithASyncToken() throws {
        let (harness, token) = try Self.harness()
        let all = harness.send("GET", "/calendar/v3/users/me/settings", token: token)
        let ids = (all.json["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(ids.count > 5)
        #expect(all.json["nextPageToken"] == nil)
        var seen: [String] = [], pageToken: String?, pages = 0
        repeat {
            let page = harness.send("GET", "/calendar/v3/users/me/settings?maxResults=5" + (pageToken.map { "&pageToken=" + $0 } ?? ""), token: token)
            #expect(page.status == 200)
            seen += (page.json["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
            pageToken = page.json["nextPageToken"]?.stringValue
            pages += 1
            if pageToken == nil {
                let sync = try #require(page.json["nextSyncToken"]?.stringValue)
                let delta = harness.send("GET", "/calendar/v3/users/me/settings?syncToken=" + sync, token: token)
                #expect(delta.status == 200)
                #expect(delta.json["items"] == [])
            } else {
                #expect(page.json["nextSyncToken"] == nil)
            }
        } while pageToken != nil && pages < 10
        #expect(seen == ids)
        #expect(pages == (ids.count + 4) / 5)
        #expect(harness.send("GET", "/calendar/v3/users/me/settings?maxResults=251", token: token).status == 400)
        #expect(harness.send("GET", "/calendar/v3/users/me/settings?syncToken=bogus", token: token).reason == "invalid")
    }

    /// Before: a zone Google does not know became UTC, an item without an id or a list that
    /// was not one was skipped, the expansion limits were not checked, and every calendar
    /// asked for was answered.
    @Test(arguments: [
        (#""timeZone":"Mars/Olympus""#, "timeZone"), (#""timeZone":5"#, "timeZone"),
        (#""calendarExpansionMax":51"#, "calendarExpansionMax"), (#""groupExpansionMax":0"#, "groupExpansionMax"),
        (#""groupExpansionMax":"ten""#, "groupExpansionMax"), (#""items":{"id":"primary"}"#, "items"), (#""items":[{"name":"primary"}]"#, "items"),
    ])
    func aFreeBusyQueryWithAWrongMemberIsRefused(member: String, name: String) throws {
        let (harness, token) = try Self.harness()
        let body = #"{"timeMin":"2026-03-05T00:00:00Z","timeMax":"2026-03-06T00:00:00Z",\#(member)}"#
        let answer = harness.send("POST", "/calendar/v3/freeBusy", body: Array(body.utf8), headers: ["Content-Type: application/json"], token: token)
        #expect(answer.status == 400)
        #expect(answer.text == #"{"error":{"errors":[{"domain":"global","reason":"invalid","message":"Invalid value for: \#(name)"}],"code":400,"message":"Invalid value for: \#(name)"}}"#)
    }

    @Test func aFreeBusyQueryAnswersFiftyCalendarsAndRefusesTheRestOneByOne() throws {
        let (harness, token) = try Self.harness()
        #expect(harness.send("POST", Self.events, json: CalendarTests.event("bus0000001", "Busy"), token: token).status == 200)
        let items: [JSONValue] = [["id": "primary"]] + (1...51).map { ["id": .string("other\($0)@example.com")] }
        let answer = harness.send("POST", "/calendar/v3/freeBusy", json: [
            "timeMin": "2026-03-05T00:00:00+01:00", "timeMax": "2026-03-06T00:00:00+01:00", "timeZone": "Europe/Madrid", "items": .array(items),
        ], token: token)
        #expect(answer.status == 200)
        let calendars = answer.json["calendars"]
        #expect(calendars?["primary"] == ["busy": [["start": "2026-03-05T13:00:00+01:00", "end": "2026-03-05T14:00:00+01:00"]]])
        #expect(calendars?["other49@example.com"] == ["errors": [["domain": "global", "reason": "notFound"]], "busy": []])
        #expect(calendars?["other50@example.com"] == ["errors": [["domain": "calendar", "reason": "tooManyCalendarsRequested"]], "busy": []])
        #expect(calendars?["other51@example.com"]?["errors"]?.arrayValue?.first?["reason"] == "tooManyCalendarsRequested")
    }

    /// Before: `visibility`, a term of Drive's query language, was 400 "unknown query term".
    @Test func filesAreFoundByWhoMayFindThem() throws {
        let (harness, token) = try Self.harness()
        func made(_ name: String) -> String {
            harness.send("POST", "/drive/v3/files", json: ["name": .string(name), "mimeType": "text/plain"], token: token).json["id"]?.stringValue ?? ""
        }
        _ = made("mine.txt")
        let linked = made("linked.txt"), findable = made("public.txt"), domain = made("domain.txt")
        #expect(harness.send("POST", "/drive/v3/files/\(linked)/permissions", json: ["type": "anyone", "role": "reader"], token: token).status == 200)
        #expect(harness.send("POST", "/drive/v3/files/\(findable)/permissions", json: ["type": "anyone", "role": "reader", "allowFileDiscovery": true],
                             token: token).status == 200)
        #expect(harness.send("POST", "/drive/v3/files/\(domain)/permissions", json: ["type": "domain", "role": "reader", "domain": "example.com"],
                             token: token).status == 200)
        func names(_ q: String) -> [String] {
            let escaped = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let answer = harness.send("GET", "/drive/v3/files?orderBy=name&fields=files(name)&q=" + escaped, token: token)
            return (answer.json["files"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        }
        #expect(names("visibility = 'limited'") == ["mine.txt"])
        #expect(names("visibility = 'anyoneWithLink'") == ["linked.txt"])
        #expect(names("visibility = 'anyoneCanFind'") == ["public.txt"])
        #expect(names("visibility = 'domainWithLink'") == ["domain.txt"])
        #expect(names("visibility != 'limited' and name contains 'l'") == ["linked.txt"])
        let refused = harness.send("GET", "/drive/v3/files?q=visibility%20%3D%20%27public%27", token: token)
        #expect(refused.status == 400)
        #expect(refused.json["error"]?["message"] == "Invalid Value")
        #expect(refused.header("X-Google-Emulator-Detail") == "visibility 'public'")
    }

    /// Before: a lone surrogate escape was read as U+FFFD and the event stored with it.
    @Test(arguments: [#""\ud800""#, #""a\udc00b""#, #""\ud83d\u0041""#, #""\ud83d""#])
    func aLoneSurrogateEscapeIsAParseError(summary: String) throws {
        let (harness, token) = try Self.harness()
        let body = #"{"summary":\#(summary),"start":{"date":"2026-03-05"},"end":{"date":"2026-03-06"}}"#
        let answer = harness.send("POST", Self.events, body: Array(body.utf8), headers: ["Content-Type: application/json"], token: token)
        #expect(answer.status == 400)
        #expect(answer.reason == "parseError")
        #expect(harness.send("GET", Self.events, token: token).json["items"] == [])
    }

    @Test func aSurrogatePairAndEscapedBackslashesAreFine() throws {
        let (harness, token) = try Self.harness()
        let body = #"{"summary":"\ud83d\ude00 \\ud800 \\\u0041","start":{"date":"2026-03-05"},"end":{"date":"2026-03-06"}}"#
        let answer = harness.send("POST", Self.events, body: Array(body.utf8), headers: ["Content-Type: application/json"], token: token)
        #expect(answer.status == 200)
        #expect(answer.json["summary"] == "\u{1F600} \\ud800 \\A")
        #expect(!hasLoneSurrogate(Array(#"{"a":"\\ud800"}"#.utf8)))
        #expect(hasLoneSurrogate(Array(#"{"a":"\\\ud800"}"#.utf8)))
    }

    /// Before: `prettyPrint` was ignored (every answer compact, while Google indents unless
    /// told `prettyPrint=false`), `prettyPrint=maybe` and `$.xgafv=3` were accepted, and the
    /// token in the discovery documents' `oauth_token` parameter was not read (401).
    @Test func theStandardParametersAreReadAsGoogleReadsThem() throws {
        let (harness, token) = try Self.harness()
        harness.compact = false
        let indented = harness.send("GET", "/calendar/v3/users/me/calendarList?fields=kind,items(id,defaultReminders)", token: token)
        // Calendar and Drive a space a level, as recorded from Google; People two.
        #expect(indented.text == """
            {
             "kind": "calendar#calendarList",
             "items": [
              {
               "id": "emulator@example.com",
               "defaultReminders": [
                {
                 "method": "popup",
                 "minutes": 10
                }
               ]
              }
             ]
            }

            """)
        let person = harness.send("GET", "/v1/people/me?personFields=names&fields=resourceName,names(displayName)", token: token)
        #expect(person.text.hasPrefix("{\n  \"resourceName\": \"people/"))
        #expect(person.text.hasSuffix("\n  \"names\": [\n    {\n      \"displayName\": \"Emulator\"\n    }\n  ]\n}\n"))
        let compact = harness.send("GET", "/calendar/v3/users/me/calendarList?fields=kind,items(id)&prettyPrint=false", token: token)
        #expect(compact.text == #"{"kind":"calendar#calendarList","items":[{"id":"emulator@example.com"}]}"#)
        // Errors are indented too; empty answers stay `{}`; a file's own bytes are never touched.
        #expect(harness.send("GET", "/drive/v3/files/nope", token: token).text.hasPrefix("{\n \"error\": {\n  \"errors\": [\n   {\n    \"domain\""))
        #expect(harness.send("GET", "/v1/people:searchContacts?query=&readMask=names", token: token).text == "{}\n")
        let json = Array(#"{"a":[1,2]}"#.utf8)
        let file = harness.send("POST", "/upload/drive/v3/files?uploadType=media&prettyPrint=false", body: json,
                                headers: ["Content-Type: application/json"], token: token).json["id"]?.stringValue ?? ""
        #expect(harness.send("GET", "/drive/v3/files/\(file)?alt=media", token: token).body == json)

        let maybe = harness.send("GET", "/calendar/v3/colors?prettyPrint=maybe", token: token)
        #expect(maybe.status == 400)
        #expect(maybe.json["error"]?["errors"]?.arrayValue?.first?["location"] == "prettyPrint")
        for api in ["/calendar/v3/colors", "/drive/v3/about?fields=kind", "/v1/people/me?personFields=names"] {
            let separator = api.contains("?") ? "&" : "?"
            let xgafv = harness.send("GET", api + separator + "$.xgafv=3", token: token)
            #expect(xgafv.status == 400, "\(api)")
            #expect(harness.send("GET", api + separator + "$.xgafv=2", token: token).status == 200, "\(api)")
        }
        let byParameter = harness.send("GET", "/calendar/v3/colors?fields=kind&prettyPrint=false&oauth_token=\(token)")
        #expect(byParameter.text == #"{"kind":"calendar#colors"}"#)
    }

    /// Before: a typed parameter the method does not read (`supportsAllDrives=maybe`,
    /// `showDeleted=maybe` on acl.list, `alwaysIncludeEmail=maybe`) was accepted, and one on
    /// a missing resource (`events.get?maxAttendees=abc`) was a 404: Google's front end checks
    /// each parameter's type from the discovery document before the method looks anything up.
    @Test(arguments: [
        ("/calendar/v3/calendars/primary/acl?showDeleted=maybe", "showDeleted", "invalid"),
        ("/calendar/v3/users/me/calendarList?showOwnOrganizationOnly=maybe", "showOwnOrganizationOnly", "invalid"),
        ("/calendar/v3/calendars/primary/events?alwaysIncludeEmail=maybe", "alwaysIncludeEmail", "invalid"),
        ("/calendar/v3/calendars/primary/events/nosuchevent?maxAttendees=abc", "maxAttendees", "invalidParameter"),
        ("/calendar/v3/calendars/primary/events/nosuchevent/instances?maxResults=1.5", "maxResults", "invalidParameter"),
        ("/calendar/v3/calendars/primary/events?orderBy=title", "orderBy", "invalidParameter"),
        ("/drive/v3/files/nofile?supportsAllDrives=maybe", "supportsAllDrives", "invalid"),
        ("/drive/v3/files/nofile/permissions?pageSize=ten", "pageSize", "invalidParameter"),
        ("/drive/v3/drives?useDomainAdminAccess=yes", "useDomainAdminAccess", "invalid"),
        ("/drive/v3/changes/startPageToken?supportsTeamDrives=maybe", "supportsTeamDrives", "invalid"),
        ("/drive/v3/files/nofile/comments?pageSize=ten", "pageSize", "invalidParameter"),
    ])
    func aTypedParameterOfTheWrongTypeIsRefusedBeforeAnythingIsLookedUp(target: String, name: String, reason: String) throws {
        let (harness, token) = try Self.harness()
        let answer = harness.send("GET", target, token: token)
        #expect(answer.status == 400)
        #expect(answer.reason == reason)
        #expect(answer.json["error"]?["errors"]?.arrayValue?.first?["location"]?.stringValue == name)
    }

    /// Before: events.move without its required destination on an event that does not exist
    /// was a 404, and quickAdd without text said "Missing text.".
    @Test func aRequiredParameterMissingIsRefusedBeforeAnythingIsLookedUp() throws {
        let (harness, token) = try Self.harness()
        for (method, target, name) in [("POST", "/calendar/v3/calendars/primary/events/nosuchevent/move", "destination"),
                                       ("POST", "/calendar/v3/calendars/primary/events/quickAdd", "text"),
                                       ("GET", "/drive/v3/files/nofile/export", "mimeType"), ("GET", "/drive/v3/changes", "pageToken")] {
            let answer = harness.send(method, target, token: token)
            #expect(answer.status == 400, "\(target)")
            #expect(answer.reason == "required", "\(target)")
            #expect(answer.json["error"]?["message"]?.stringValue == "Required parameter: \(name)", "\(target)")
        }
    }

    @Test func typedParametersOfTheRightTypeStillPass() throws {
        let (harness, token) = try Self.harness()
        for target in ["/drive/v3/files?supportsAllDrives=true&includeItemsFromAllDrives=false&pageSize=5",
                       "/drive/v3/files/generateIds?count=2&space=drive", "/calendar/v3/calendars/primary/events?maxAttendees=3&showDeleted=1",
                       "/calendar/v3/calendars/primary/events?eventTypes=default&eventTypes=focusTime",
                       "/v1/people/me/connections?personFields=names&pageSize=5&requestSyncToken=false"] {
            #expect(harness.send("GET", target, token: token).status == 200, "\(target)")
        }
        let people = harness.send("GET", "/v1/contactGroups/nosuchgroup?maxMembers=abc", token: token)
        #expect(people.status == 400)
        #expect(people.json["error"]?["message"] == #"Invalid value at 'max_members' (TYPE_INT32), "abc""#)
    }

    /// Before: `/discovery/v1/apis/…/rest` was a 404, so a client that builds its requests from
    /// a fetched document (google-api-python-client's `discoveryServiceUrl`) could not be
    /// pointed at the emulator, and one built from the shipped documents sent uploads and
    /// batches to Google's https hosts.
    @Test func servesTheDiscoveryDocumentsWithItsOwnAddress() throws {
        let (harness, _) = try Self.harness()
        let host = harness.base.dropFirst("http://".count)
        for (api, version, path) in [("calendar", "v3", "calendar/v3/"), ("drive", "v3", "drive/v3/"), ("drive", "v2", "drive/v2/"), ("people", "v1", "")] {
            let answer = harness.send("GET", "/discovery/v1/apis/\(api)/\(version)/rest")
            #expect(answer.status == 200, "\(api)")
            #expect(answer.json["name"]?.stringValue == api)
            #expect(answer.json["rootUrl"]?.stringValue == "http://\(host)/")
            if api != "calendar" { #expect(answer.json["mtlsRootUrl"]?.stringValue == "http://\(host)/") }  // (Calendar's has none)
            #expect(answer.json["baseUrl"]?.stringValue == "http://\(host)/" + path)
            #expect(answer.json["resources"]?.objectValue?.isEmpty == false)
        }
        #expect(harness.send("GET", "/$discovery/rest?version=v1").json["name"] == "people")
        #expect(harness.send("GET", "/discovery/v1/apis/gmail/v1/rest").status == 404)
        let directory = harness.send("GET", "/discovery/v1/apis?name=drive&preferred=true")
        #expect(directory.json["kind"] == "discovery#directoryList")
        #expect(directory.json["items"]?.arrayValue?.map { $0["discoveryRestUrl"]?.stringValue ?? "" }
                == ["http://\(host)/discovery/v1/apis/drive/v3/rest"])
        // Drive v2 is served too (PyDrive2 builds on it), though not the preferred version.
        #expect(harness.send("GET", "/discovery/v1/apis?name=drive").json["items"]?.arrayValue?.map { $0["id"]?.stringValue ?? "" } == ["drive:v2", "drive:v3"])
        #expect(harness.send("GET", "/discovery/v1/apis/drive/v1/rest").status == 404)
    }
}
