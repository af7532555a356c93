@testable import ClerkGoogle
import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
@testable import LoopbackHTTP
import Testing

/// What the Google backend does when a write's answer is lost, Google is slow or refuses,
/// or the account changed behind clerk's back: nothing lost, nothing made twice, and the
/// mirror as Google has it.
@Suite struct GoogleRecoveryTests {
    static let primary = "emulator@example.com"
    static let events = "/calendar/v3/calendars/emulator@example.com/events"

    static func calendarNames(_ harness: GoogleHarness) -> [String] {
        (harness.side("GET", "/calendar/v3/users/me/calendarList")["items"]?.arrayValue ?? []).compactMap { $0["summary"]?.stringValue }
    }

    static func eventTitles(_ harness: GoogleHarness, calendar: String = primary) -> [String] {
        let path = "/calendar/v3/calendars/\(calendar.replacingOccurrences(of: "@", with: "%40"))/events"
        return (harness.side("GET", path)["items"]?.arrayValue ?? []).compactMap { $0["summary"]?.stringValue }.sorted()
    }

    /// The DELETE went through but its answer was lost; the transport's retry got 404, and
    /// clerk said "Google refused that (404 notFound). Nothing changed." with the calendar
    /// gone at Google and still in the mirror.
    @Test func aCalendarDeleteWhoseAnswerIsLostIsDoneAndLeavesTheMirror() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let trips = try backend.createCalendar(named: "Trips", timeZone: "Europe/Madrid")
        _ = try backend.insertEvent(EventDraft(title: "Flight", when: GoogleBackendTests.when(1, 9)), id: "flight001", calendarID: trips.id)
        harness.arm(["method": "DELETE", "path": .string("/calendar/v3/calendars/" + trips.id), "mode": "drop-after-apply"])
        try backend.deleteCalendar(id: trips.id)
        #expect(!Self.calendarNames(harness).contains("Trips"))
        #expect(try backend.calendars().map(\.name) == [Self.primary])
        #expect(try backend.store.event(id: "flight001") == nil)
    }

    /// A calendar made elsewhere since the mirror's list was read (it is read every five
    /// minutes) is not made twice: the list is read before a calendar is made.
    @Test func aCalendarMadeBehindClerksBackIsNotMadeAgain() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        harness.side("POST", "/calendar/v3/calendars", ["summary": "Trips"])
        #expect(throws: ServiceError.alreadyExists(.calendar, name: "Trips")) {
            try backend.createCalendar(named: "Trips", timeZone: "Europe/Madrid")
        }
        #expect(Self.calendarNames(harness).filter { $0 == "Trips" }.count == 1)
    }

    /// A 503 on calendars.insert was not retried at all (Google picks the id, so a blind
    /// resend could make two); now clerk looks first and sends again when it is not there.
    @Test func aCalendarCreateGoogleFailsTwiceIsSentAgainAndMadeOnce() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        harness.arm(["method": "POST", "path": "/calendar/v3/calendars", "mode": "status", "status": 503, "count": 2])
        let trips = try backend.createCalendar(named: "Trips", timeZone: "Europe/Madrid")
        #expect(Self.calendarNames(harness).filter { $0 == "Trips" }.count == 1)
        #expect(try backend.calendars().contains(trips))
    }

    /// Google stopped answering after 25 of 100 imports: clerk said "Nothing changed" and
    /// left the 25 at Google. They leave the mirror at once, wait in the outbox, and go when
    /// Google is back.
    @Test func anImportCutOffPartwayIsTakenBackWhenGoogleIsBack() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let imported = (0..<100).map { number in
            ImportedEvent(uid: "bulk-\(number)@example.com", draft: EventDraft(title: "Bulk \(number)", when: GoogleBackendTests.when(number % 6, 8 + number % 9)))
        }
        var thrown: ServiceError?
        do {
            _ = try backend.importEvents(imported, calendarID: Self.primary, progress: { done, _ in
                if done == 25 { harness.goOffline() }
            })
        } catch let error as ServiceError {
            thrown = error
        }
        guard case .importInterrupted(.unreachable, let left)? = thrown else {
            Issue.record("expected the import to stop with 25 events waiting to be taken back, got \(String(describing: thrown))")
            return
        }
        // The 26th import may have been sent on a connection that then broke: it is looked for too.
        #expect((25...26).contains(left))
        #expect(try backend.store.storedEvents(calendarID: Self.primary).isEmpty)
        #expect(backend.waitingCount == left)

        try harness.comeBack()
        harness.clock.advance(31)
        let next = try #require(try GoogleAccount(setup: harness.setup))
        next.backend.flushOutbox()
        #expect(next.backend.waitingCount == 0)
        #expect(Self.eventTitles(harness).isEmpty)
    }

    /// Every try of an import was applied and its answer lost: the event it made, which clerk
    /// has no id for, is found by its UID and deleted with the rest.
    @Test func anImportWhoseAnswersNeverCameTakesBackWhatItMayHaveMade() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let imported = (0..<3).map { number in
            ImportedEvent(uid: "lost-\(number)@example.com", draft: EventDraft(title: "Lost \(number)", when: GoogleBackendTests.when(1, 9 + number)))
        }
        harness.arm(["method": "POST", "path": .string(Self.events + "/import"), "mode": "drop-after-apply", "count": 7])
        #expect(throws: ServiceError.self) {
            try backend.importEvents(imported, calendarID: Self.primary, progress: nil)
        }
        #expect(Self.eventTitles(harness).isEmpty)
        #expect(backend.waitingCount == 0)
    }

    /// A calendar deleted elsewhere made every command fail with "Google refused that (404
    /// notFound). Nothing changed." until the calendar list was read again, five minutes on.
    @Test func aCalendarDeletedBehindClerksBackLeavesTheMirrorAtTheNextSync() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let trips = try backend.createCalendar(named: "Trips", timeZone: "Europe/Madrid")
        _ = try backend.insertEvent(EventDraft(title: "Flight", when: GoogleBackendTests.when(1, 9)), id: "flight001", calendarID: trips.id)
        _ = try backend.insertEvent(EventDraft(title: "Lunch", when: GoogleBackendTests.when(1, 13)), id: "lunch0001", calendarID: Self.primary)
        harness.side("DELETE", "/calendar/v3/calendars/" + trips.id)
        harness.clock.advance(6)
        #expect(try GoogleBackendTests.titles(backend) == ["Lunch"])
        #expect(backend.takeNotices().isEmpty)
        #expect(try backend.calendars().map(\.name) == [Self.primary])
    }

    /// A 429 asking for 100,000 s was waited 32 s at a time for two minutes, then the write
    /// was queued saying Google could not be reached.
    @Test func aLongRetryAfterQueuesAWriteAtOnceSayingGoogleAskedToSlowDown() throws {
        let harness = try GoogleHarness()
        let account = try harness.signIn()
        let waits = LogLines()
        let transport = GoogleTransport(client: account.transport.client, endpoints: account.transport.endpoints, oauth: account.setup.oauth,
                                        tokenStore: account.setup.tokenStore, tokens: account.transport.tokens, now: harness.now,
                                        sleep: { waits.append(String($0)) })
        let backend = GoogleBackend(store: account.backend.store, transport: transport, now: harness.now)
        harness.arm(["method": "POST", "path": .string(Self.events), "mode": "status", "status": 429, "retryAfter": 100_000, "count": 5])
        let event = try backend.insertEvent(EventDraft(title: "Dinner", when: GoogleBackendTests.when(1, 20)), id: "dinner001", calendarID: Self.primary)
        #expect(event.title == "Dinner")
        #expect(waits.all.isEmpty)
        #expect(backend.takeNotices() == [.waiting(count: 1, cause: .rateLimited(retryAfter: 100_000))])
    }

    /// An events listing whose body could not be read failed the read; the mirror answers,
    /// saying why and how old its answer is.
    @Test func anUnreadableSyncIsAnsweredFromTheMirror() throws {
        try Self.expectAnAnswerFromTheMirror(after: 6, under: ["method": "GET", "path": .string(Self.events), "mode": "malformed"])
    }

    /// A token refresh answered with what is not JSON — a captive portal (a hotel's Wi-Fi)
    /// answers every request with its login page — is Google not read: a read answers from
    /// the copy (it failed: "Google sent an answer clerk couldn't read. Nothing changed; try
    /// again in a moment.").
    @Test func anUnreadableTokenRefreshIsAnsweredFromTheMirror() throws {
        try Self.expectAnAnswerFromTheMirror(after: 7200, under: ["method": "POST", "path": "/token", "mode": "malformed", "count": 10])
    }

    /// Signs in with one event, lets `seconds` pass, arms `fault`: a read answers from the
    /// mirror, and says it is behind because an answer could not be read.
    static func expectAnAnswerFromTheMirror(after seconds: Double, under fault: JSONValue) throws {
        let harness = try GoogleHarness()
        harness.side("POST", Self.events, GoogleBackendTests.eventJSON("keep00001", "Keep"))
        let backend = try harness.signIn().backend
        let synced = harness.clock.now
        harness.clock.advance(seconds)
        harness.arm(fault)
        #expect(try GoogleBackendTests.titles(backend) == ["Keep"])
        #expect(backend.takeNotices() == [.behind(asOf: synced, cause: .malformedResponse)])
    }

    /// A listing answered with what is no page — a 200 with an empty body (a proxy's), `{}`,
    /// `"items": null`, items that are no list, a last page without its sync token — was read
    /// as an empty list: the calendar list left the mirror without its calendar, so the week
    /// read "Nothing on …" until the list was read again five minutes later; contacts lost
    /// their sync token and the full listing after it dropped every contact. Now it is an
    /// answer clerk can't read, and the mirror answers as it was.
    @Test(arguments: ["", "{}", #"{"items":null,"nextSyncToken":"s"}"#, #"{"items":"x","nextSyncToken":"s"}"#, #"{"items":[]}"#])
    func aListingThatIsNoPageLeavesTheMirrorAsItWas(body: String) throws {
        let harness = try GoogleHarness()
        harness.side("POST", Self.events, GoogleBackendTests.eventJSON("keep00001", "Keep"))
        harness.side("POST", "/v1/people:createContact", ["names": [["givenName": "Ana", "familyName": "Pérez"]]])
        let backend = try harness.signIn().backend
        let synced = harness.clock.now
        for path in ["/users/me/calendarList", "/people/me/connections"] {
            harness.replacements.replace(path: path) { _, _ in HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(body.utf8)) }
        }
        harness.clock.advance(600)
        #expect(try backend.calendars().map(\.name) == [Self.primary])
        #expect(try GoogleBackendTests.titles(backend) == ["Keep"])
        #expect(backend.takeNotices() == [.behind(asOf: synced, cause: .malformedResponse)])
        for _ in 0..<2 {
            harness.clock.advance(600)
            #expect(try backend.contactNames() == ["Ana Pérez"])
        }
        harness.replacements.clear()
        harness.clock.advance(600)
        #expect(try GoogleBackendTests.titles(backend) == ["Keep"])
        #expect(backend.takeNotices() == [])
    }

    /// What makes a page: its items, or none, and how it goes on or ends.
    @Test func readsAPageOnlyWhenItIsOne() throws {
        func page(_ text: String, _ items: String, _ sync: String?) -> GoogleAPI.Page? {
            try? GoogleAPI.Page(JSONValue.parse(text), items: items, syncToken: sync)
        }
        #expect(page(#"{"nextSyncToken":"s"}"#, "connections", "nextSyncToken")?.items == [])  // People leaves out an empty list
        #expect(page(#"{"items":[{}],"nextPageToken":"p"}"#, "items", "nextSyncToken")?.next == "p")
        #expect(page(#"{"files":[]}"#, "files", nil)?.items == [])
        #expect(page(#"{"changes":[],"newStartPageToken":"9"}"#, "changes", "newStartPageToken")?.syncToken == "9")
        #expect(page(#"{}"#, "files", nil) == nil)
        #expect(page(#"{"changes":[]}"#, "changes", "newStartPageToken") == nil)
        #expect(page(#"{"items":[],"nextPageToken":7}"#, "items", "nextSyncToken") == nil)
        #expect(page(#"{"items":[],"nextPageToken":"","nextSyncToken":""}"#, "items", "nextSyncToken") == nil)
    }

    /// A listing whose every page names the same next page (a cache or a proxy answering
    /// each page as the first) was followed for ever: `clerk login` sent 12,600 requests in
    /// ten minutes and never ended, and so would every command after it. A page token given
    /// twice is now an answer clerk can't read (here the loop ends by itself after 40 pages,
    /// so that the old code fails rather than hangs).
    @Test func aListingThatPagesInACircleIsNotFollowedForEver() throws {
        let harness = try GoogleHarness()
        harness.side("POST", Self.events, GoogleBackendTests.eventJSON("keep00001", "Keep"))
        let backend = try harness.signIn().backend
        let synced = harness.clock.now
        let pages = LogLines()
        harness.replacements.replace(path: "/events") { _, response in
            pages.append("page")
            // (The emulator refuses "again", but this proxy answers it as a page.)
            var members = response.status == 200 ? (try? JSONValue.parse(bytes: response.body))?.objectValue ?? [] : [("items", [])]
            members.removeAll { $0.0 == "nextSyncToken" || $0.0 == "nextPageToken" }
            members.append(pages.all.count < 40 ? ("nextPageToken", "again") : ("nextSyncToken", "end"))
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: JSONValue.object(members).serializedBytes())
        }
        harness.clock.advance(6)
        #expect(try GoogleBackendTests.titles(backend) == ["Keep"])
        #expect(backend.takeNotices() == [.behind(asOf: synced, cause: .malformedResponse)])
        #expect(pages.all.count == 2)
        var trail = GoogleAPI.PageTrail()
        #expect((1..<GoogleAPI.PageTrail.maximumPages).allSatisfy { (try? trail.follow(String($0))) == String($0) })
        #expect(throws: APIFailure.malformed) { try trail.follow("one page too many") }
    }

    /// A write answered 200 with an empty body (a proxy that lost it) was read as `{}`: a
    /// file made at Drive was said not made — "Google sent an answer clerk couldn't read.
    /// Nothing changed; try again in a moment." — and trying again made a second one; an
    /// event likewise. Such an answer is now one that cannot be read, and what was sent is
    /// looked up by the id it went under.
    @Test func aWriteAnsweredWithAnEmptyBodyIsLookedUpByItsID() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        for path in ["/upload/drive/v3/files", "/events"] {
            harness.replacements.replace("POST", path: path) { _, response in HTTPResponse(status: 200, headers: response.headers, body: []) }
        }
        #expect(try backend.createFile(named: "notes.txt", content: "hello").name == "notes.txt")
        #expect(Self.driveFiles(harness, named: "notes.txt").count == 1)
        #expect(try backend.insertEvent(EventDraft(title: "Lunch", when: GoogleBackendTests.when(1, 13)), id: "lunch0001", calendarID: Self.primary).title == "Lunch")
        #expect(Self.eventTitles(harness) == ["Lunch"])
        #expect(try GoogleBackendTests.titles(backend) == ["Lunch"])
    }

    /// A saved sync or page token Google does not know is answered 400 ("Invalid sync token
    /// value.", "Sync token is invalid.", "Invalid Value"), not 410: every command that read
    /// events failed "Google refused that (400 invalid). Nothing changed." for good, and so
    /// did those reading contacts or files. Now the listing starts over without it.
    @Test func aSyncTokenGoogleDoesNotKnowStartsTheListingOver() throws {
        let harness = try GoogleHarness()
        harness.side("POST", Self.events, GoogleBackendTests.eventJSON("keep00001", "Keep"))
        harness.side("POST", "/v1/people:createContact", ["names": [["givenName": "Ana", "familyName": "Pérez"]]])
        let backend = try harness.signIn().backend
        _ = try backend.createFile(named: "notes.txt", content: "hello")
        for key in ["events." + Self.primary, "people.token", "drive.pageToken"] {
            #expect(try backend.mirror.store.syncValue(key) != nil, "\(key)")
            try backend.mirror.store.setSyncValue(key, "not-a-token-google-made")
        }
        harness.side("POST", Self.events, GoogleBackendTests.eventJSON("late00001", "Late"))
        harness.clock.advance(600)
        #expect(try GoogleBackendTests.titles(backend) == ["Keep", "Late"])
        #expect(try backend.contactNames() == ["Ana Pérez"])
        #expect(try backend.files(matching: nil).map(\.name) == ["notes.txt"])
        #expect(backend.takeNotices() == [])
        for key in ["events." + Self.primary, "people.token", "drive.pageToken"] {
            #expect(try backend.mirror.store.syncValue(key) != "not-a-token-google-made", "\(key)")
        }
    }

    /// A sync token Google no longer takes (410) starts the calendar over from a full
    /// listing; when that listing fails too, the copy stays as it was (it was emptied first,
    /// so every read answered from an empty calendar, "as of" the last sync, until Google
    /// answered again).
    @Test func aFullListingThatFailsAfterA410KeepsTheCopy() throws {
        let harness = try GoogleHarness()
        harness.side("POST", Self.events, GoogleBackendTests.eventJSON("keep00001", "Keep"))
        let backend = try harness.signIn().backend
        harness.clock.advance(6)
        harness.arm(["method": "GET", "path": .string(Self.events), "mode": "status", "status": 410, "reason": "fullSyncRequired"])
        harness.arm(["method": "GET", "path": .string(Self.events), "mode": "status", "status": 503, "count": 10])
        #expect(try GoogleBackendTests.titles(backend) == ["Keep"])
        harness.side("DELETE", "/_emulator/faults")
        harness.clock.advance(600)
        #expect(try GoogleBackendTests.titles(backend) == ["Keep"])
    }

    /// A file changed offline and at Drive meanwhile: the change waited as the whole new
    /// content and was uploaded over Drive's when sent, so what was written elsewhere was lost
    /// without a word. Now lines added offline go after Drive's content, and a change of
    /// another kind leaves Drive's alone and goes to a copy, said so.
    @Test func anOfflineFileChangeDoesNotWriteOverOneMadeElsewhere() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let notes = try backend.createFile(named: "notes.txt", content: "one\n")
        let plan = try backend.createFile(named: "plan.txt", content: "draft\n")
        harness.goOffline()
        harness.clock.advance(6)
        _ = try backend.editFile(id: notes.id) { $0 + "two\n" }
        _ = try backend.editFile(id: plan.id) { _ in "final\n" }
        #expect(backend.waitingCount == 2)
        try harness.comeBack()
        func upload(_ id: String, _ text: String) {
            let call = HTTPCall("PATCH", harness.base + "/upload/drive/v3/files/\(id)?uploadType=media",
                                headers: [("Authorization", "Bearer " + harness.sideToken()), ("Content-Type", "text/plain")], body: Array(text.utf8))
            _ = try? HTTPClient(version: "side").send(call)
        }
        upload(notes.id, "one\nthree\n")
        upload(plan.id, "draft, reviewed\n")
        _ = backend.takeNotices()
        backend.flushOutbox()
        #expect(backend.waitingCount == 0)
        #expect(try backend.readFile(id: notes.id) == "one\nthree\ntwo\n")
        #expect(try backend.readFile(id: plan.id) == "draft, reviewed\n")
        let copy = try #require(try backend.files(matching: nil).first { $0.name == "plan (changed offline).txt" })
        #expect(try backend.readFile(id: copy.id) == "final\n")
        #expect(backend.takeNotices().contains(.keptAside(file: "plan.txt", copy: "plan (changed offline).txt")))
    }

    /// Without the permission to make calendars, the failure named no permission at all
    /// ("access to .").
    @Test func aMissingPermissionIsNamed() throws {
        let harness = try GoogleHarness()
        harness.side("POST", "/_emulator/scopes", ["scopes": .array(GoogleScopes.all.filter { $0 != GoogleScopes.calendarsCreate }.map(JSONValue.string))])
        #expect(throws: ServiceError.insufficientScope(missing: [GoogleScopes.calendarsCreate])) { try harness.signIn() }
        let backend = try #require(try GoogleAccount(setup: harness.setup)).backend
        #expect(throws: ServiceError.insufficientScope(missing: [GoogleScopes.calendarsCreate])) {
            try backend.createCalendar(named: "Trips", timeZone: "Europe/Madrid")
        }
    }

    /// After an insert whose outcome was unknown (Ctrl-C once it was sent), asking for the
    /// same event again — under a new id, as a new request makes — sends the first id, so
    /// Google holds it once.
    @Test func anEventAskedForAgainAfterAnUnknownOutcomeIsMadeOnce() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let draft = EventDraft(title: "Dentist", when: GoogleBackendTests.when(3, 10))
        // The first try went through, and clerk never heard.
        harness.side("POST", Self.events, GoogleCoding.eventBody(draft, id: "dentist01"))
        backend.rememberUncertainInsert(id: "dentist01", calendarID: Self.primary, body: GoogleCoding.eventBody(draft, id: "dentist01"))
        let event = try backend.insertEvent(draft, id: "dentist02", calendarID: Self.primary)
        #expect(event.id == "dentist01")
        #expect(Self.eventTitles(harness) == ["Dentist"])
        // Remembered only until then: the same event asked for once more is a new one.
        #expect(try backend.insertEvent(draft, id: "dentist03", calendarID: Self.primary).id == "dentist03")
    }

    /// The files on Drive named `name`, as Google has them.
    static func driveFiles(_ harness: GoogleHarness, named name: String) -> [JSONValue] {
        let query = Form.encode([("q", "name = '\(name)' and trashed = false")])
        return harness.side("GET", "/drive/v3/files?" + query)["files"]?.arrayValue ?? []
    }

    /// A file made offline right after signing in: its id came from a pool the first sync
    /// fills (it came only from a file made online before, so offline it failed, "Couldn't
    /// reach Google"). Sent once when Google answers, even when the first send's answer is
    /// lost after Drive made it.
    @Test func aFileIsMadeOfflineFromAFreshSignIn() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        harness.goOffline()
        harness.clock.advance(60)
        let notes = try backend.createFile(named: "notes.txt", content: "milk\n")
        let plan = try backend.createFile(named: "plan.txt", content: "draft\n")
        #expect(backend.waitingCount == 2)
        #expect(try backend.files(matching: nil).map(\.name).sorted() == ["notes.txt", "plan.txt"])
        try harness.comeBack()
        // The first create's answer is lost after Drive made it: sent again under its id,
        // Drive's 409 says it is there.
        harness.arm(["method": "POST", "path": "/upload/drive/v3/files", "mode": "drop-after-apply"])
        backend.flushOutbox()
        #expect(backend.waitingCount == 0)
        backend.flushOutbox()
        #expect(Self.driveFiles(harness, named: "notes.txt").compactMap { $0["id"]?.stringValue } == [notes.id])
        #expect(Self.driveFiles(harness, named: "plan.txt").compactMap { $0["id"]?.stringValue } == [plan.id])
        #expect(try backend.readFile(id: notes.id) == "milk\n")
    }

    /// Twenty files made offline use the pool up: the next cannot be made, and says Google
    /// cannot be reached; nothing half-made waits.
    @Test func aFileBeyondThePoolIsRefusedOffline() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        harness.goOffline()
        harness.clock.advance(60)
        for number in 1...GoogleMirror.fileIDPoolSize {
            _ = try backend.createFile(named: "note \(number).txt", content: "")
        }
        #expect(throws: ServiceError.unreachable) { try backend.createFile(named: "one more.txt", content: "") }
        #expect(backend.waitingCount == GoogleMirror.fileIDPoolSize)
    }

    /// The pool used up while Google answers 503, or a captive portal answers for it: the
    /// next file is refused with that cause (it was "couldn't reach Google"), and once
    /// Google answers again the files wait no more and a new one is made.
    @Test func aFileBeyondThePoolSaysWhatKeptGoogleFromGivingIds() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        harness.clock.advance(60)
        harness.arm(["path": "/", "mode": "status", "status": 503, "count": 1000])
        for number in 1...GoogleMirror.fileIDPoolSize {
            _ = try backend.createFile(named: "note \(number).txt", content: "")
        }
        #expect(throws: APIFailure.answered(status: 503, reason: "backendError", retryAfter: nil).serviceError(mayHaveApplied: false)) {
            try backend.createFile(named: "one more.txt", content: "")
        }
        harness.side("DELETE", "/_emulator/faults")
        // (The portal on Drive's metadata only: the waiting uploads go out first, and the
        // ids asked for after them meet the portal.)
        harness.arm(["path": "/drive", "mode": "portal", "count": 1000])
        #expect(throws: ServiceError.networkSignIn) { try backend.createFile(named: "one more.txt", content: "") }
        harness.side("DELETE", "/_emulator/faults")
        backend.flushOutbox()
        #expect(backend.waitingCount == 0)
        _ = try backend.createFile(named: "one more.txt", content: "hi\n")
        #expect(backend.waitingCount == 0)
        #expect(Self.driveFiles(harness, named: "one more.txt").count == 1)
        #expect(Self.driveFiles(harness, named: "note 20.txt").count == 1)
    }

    /// A captive portal (a hotel's Wi-Fi) answering writes with its sign-in page, as a 200
    /// or as a redirect to it: the change waits like any offline one and the person hears
    /// why (it was refused, "Google sent an answer clerk couldn't read … try again", or
    /// "Google refused that (302 error)").
    @Test func writesBehindACaptivePortalWait() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        harness.clock.advance(60)
        harness.arm(["path": "/calendar", "mode": "portal", "count": 10])
        harness.arm(["path": "/upload/drive", "mode": "portal", "status": 302, "count": 10])
        harness.arm(["path": "/drive", "mode": "portal", "status": 302, "count": 10])
        let event = try backend.insertEvent(EventDraft(title: "Dinner", when: GoogleBackendTests.when(1, 20)), id: "dinner001", calendarID: Self.primary)
        #expect(backend.takeNotices() == [.waiting(count: 1, cause: .networkSignIn)])
        let file = try backend.createFile(named: "notes.txt", content: "hi\n")
        #expect(backend.takeNotices().contains(.waiting(count: 2, cause: .networkSignIn)))
        #expect(Self.eventTitles(harness).isEmpty)
        harness.side("DELETE", "/_emulator/faults")
        harness.clock.advance(60)
        backend.flushOutbox()
        #expect(backend.waitingCount == 0)
        #expect(Self.eventTitles(harness) == ["Dinner"])
        #expect(try backend.event(id: event.id)?.title == "Dinner")
        #expect(Self.driveFiles(harness, named: "notes.txt").compactMap { $0["id"]?.stringValue } == [file.id])
    }

    /// A deletion answered by a captive portal's page (a 200, as a deletion's own answer
    /// carries nothing): it was taken as done while the event stayed on Google. It waits.
    @Test func aDeletionBehindACaptivePortalWaits() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        _ = try backend.insertEvent(EventDraft(title: "Dinner", when: GoogleBackendTests.when(1, 20)), id: "dinner001", calendarID: Self.primary)
        harness.clock.advance(60)
        harness.arm(["method": "DELETE", "path": "/calendar", "mode": "portal", "count": 10])
        try backend.deleteEvent(id: "dinner001")
        #expect(backend.waitingCount == 1)
        #expect(Self.eventTitles(harness) == ["Dinner"])
        harness.side("DELETE", "/_emulator/faults")
        backend.flushOutbox()
        #expect(backend.waitingCount == 0)
        #expect(Self.eventTitles(harness).isEmpty)
    }

    /// The token refresh answered by a captive portal: the write waits, and a read answers
    /// from the copy saying the network answers instead of Google.
    @Test func aTokenRefreshBehindACaptivePortalKeepsTheWriteWaiting() throws {
        let harness = try GoogleHarness()
        harness.side("POST", Self.events, GoogleBackendTests.eventJSON("keep00001", "Keep"))
        let backend = try harness.signIn().backend
        let synced = harness.clock.now
        harness.clock.advance(7200)
        harness.arm(["method": "POST", "path": "/token", "mode": "portal", "count": 10])
        #expect(try GoogleBackendTests.titles(backend) == ["Keep"])
        #expect(backend.takeNotices() == [.behind(asOf: synced, cause: .networkSignIn)])
        _ = try backend.insertEvent(EventDraft(title: "Dinner", when: GoogleBackendTests.when(1, 20)), id: "dinner001", calendarID: Self.primary)
        #expect(backend.waitingCount == 1)
        harness.side("DELETE", "/_emulator/faults")
        harness.clock.advance(60)
        backend.flushOutbox()
        #expect(backend.waitingCount == 0)
        #expect(Self.eventTitles(harness).sorted() == ["Dinner", "Keep"])
    }
}
