@testable import ClerkGoogle
import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
import Testing

/// The Google backend against the emulator: reads from the mirror kept by incremental sync,
/// writes to Google first, the outbox when Google cannot be reached.
@Suite struct GoogleBackendTests {
    static let madrid = Zone(identifier: "Europe/Madrid")!
    static let events = "/calendar/v3/calendars/primary/events"

    static func when(_ day: Int, _ hour: Int) -> When {
        let start = Date(timeIntervalSince1970: 1_772_438_400 + Double(day) * 86_400 + Double(hour - 9) * 3600)
        return .timed(start: start, end: start + 3600, timeZone: "Europe/Madrid")
    }

    static func eventJSON(_ id: String, _ summary: String, day: Int = 1, hour: Int = 13) -> JSONValue {
        ["id": .string(id), "summary": .string(summary), "start": GoogleCoding.time(when(day, hour), start: true),
         "end": GoogleCoding.time(when(day, hour), start: false)]
    }

    /// The titles of the week's agenda from the backend (the mirror).
    static func titles(_ backend: GoogleBackend) throws -> [String] {
        try backend.events(from: Date(timeIntervalSince1970: 1_772_438_400), to: Date(timeIntervalSince1970: 1_772_438_400 + 7 * 86_400),
                           calendarIDs: nil).map(\.title)
    }

    @Test func changesMadeBehindClerksBackShowAfterTheNextSync() throws {
        let harness = try GoogleHarness()
        harness.side("POST", Self.events, Self.eventJSON("keep00001", "Keep"))
        harness.side("POST", Self.events, Self.eventJSON("edit00001", "Edit", day: 2))
        harness.side("POST", Self.events, Self.eventJSON("drop00001", "Drop", day: 3))
        let backend = try harness.signIn().backend
        #expect(try Self.titles(backend) == ["Keep", "Edit", "Drop"])

        harness.side("POST", Self.events, Self.eventJSON("fresh0001", "Fresh", day: 4))
        harness.side("PATCH", Self.events + "/edit00001", ["summary": "Edited"])
        harness.side("DELETE", Self.events + "/drop00001")
        // Within the freshness the mirror answers as it is; after it, one delta request.
        #expect(try Self.titles(backend) == ["Keep", "Edit", "Drop"])
        harness.clock.advance(6)
        harness.clearRequests()
        #expect(try Self.titles(backend) == ["Keep", "Edited", "Fresh"])
        #expect(harness.requests() == ["GET /calendar/v3/calendars/emulator@example.com/events"])
    }

    @Test func aFullSyncReadsEveryPage() throws {
        let harness = try GoogleHarness()
        harness.pageSize = 5
        for number in 0..<12 { harness.side("POST", Self.events, Self.eventJSON(String(format: "page%05d", number), "Event \(number)", day: number % 6)) }
        harness.clearRequests()
        let backend = try harness.signIn().backend
        #expect(harness.requests().filter { $0 == "GET /calendar/v3/calendars/emulator@example.com/events" }.count == 3)
        #expect(try backend.store.events(from: .distantPast, to: .distantFuture, calendarIDs: nil).count == 12)
    }

    @Test func aStaleSyncTokenStartsOverWithAFullSync() throws {
        let harness = try GoogleHarness()
        harness.side("POST", Self.events, Self.eventJSON("keep00001", "Keep"))
        let backend = try harness.signIn().backend
        harness.side("POST", "/_emulator/sync-tokens/expire")
        harness.side("DELETE", Self.events + "/keep00001")
        harness.side("POST", Self.events, Self.eventJSON("later0001", "Later"))
        harness.clock.advance(6)
        harness.clearRequests()
        #expect(try Self.titles(backend) == ["Later"])
        #expect(harness.requests() == ["GET /calendar/v3/calendars/emulator@example.com/events", "GET /calendar/v3/calendars/emulator@example.com/events"])
    }

    @Test func anExpiredAccessTokenIsRefreshedOnceAndTheCallRepeated() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        harness.side("POST", "/_emulator/tokens/expire")
        harness.clearRequests()
        let event = try backend.insertEvent(EventDraft(title: "Dentist", when: Self.when(1, 9)), id: "dentist01", calendarID: "emulator@example.com")
        #expect(event.title == "Dentist")
        #expect(harness.requests() == ["POST /calendar/v3/calendars/emulator@example.com/events", "POST /token",
                                       "POST /calendar/v3/calendars/emulator@example.com/events"])
    }

    @Test func aRevokedSignInSaysSoAndAnswersFromTheMirror() throws {
        let harness = try GoogleHarness()
        harness.side("POST", Self.events, Self.eventJSON("keep00001", "Keep"))
        let account = try harness.signIn()
        harness.emulator.oauth.revoke(grant: account.transport.tokens.refreshToken)
        harness.clock.advance(6)
        #expect(try Self.titles(account.backend) == ["Keep"])
        #expect(account.backend.takeNotices() == [.signInExpired(asOf: harness.clock.now - 6)])
        #expect(throws: ServiceError.signInNeeded(.expired)) {
            try account.backend.createCalendar(named: "Trips", timeZone: "Europe/Madrid")
        }
    }

    @Test func offlineChangesWaitAndAreSentExactlyOnceWhenGoogleIsBack() throws {
        let harness = try GoogleHarness()
        let account = try harness.signIn()
        let backend = account.backend
        harness.goOffline()
        harness.clock.advance(6)
        let event = try backend.insertEvent(EventDraft(title: "Offline lunch", when: Self.when(2, 13)), id: "offline01", calendarID: "emulator@example.com")
        #expect(event.id == "offline01")
        try backend.patchEvent(id: "offline01", EventPatch(title: "Offline lunch with Ana"))
        // Shown at once from the mirror, and said to wait.
        #expect(try Self.titles(backend) == ["Offline lunch with Ana"])
        let notices = backend.takeNotices()
        #expect(notices.first == .offline(asOf: harness.clock.now - 6))
        #expect(notices.last == .waiting(count: 2, cause: .unreachable))
        #expect(account.status().waiting == 2)

        // The next run, with Google back: sent in order, once.
        try harness.comeBack()
        harness.clock.advance(31)
        let next = try #require(try GoogleAccount(setup: harness.setup))
        #expect(try Self.titles(next.backend) == ["Offline lunch with Ana"])
        #expect(next.backend.takeNotices() == [.sent(count: 2)])
        #expect(next.status().waiting == 0)
        let stored = harness.side("GET", Self.events)["items"]?.arrayValue ?? []
        #expect(stored.map { $0["summary"]?.stringValue ?? "" } == ["Offline lunch with Ana"])
    }

    /// An answer to the token refresh that cannot be read keeps an offline change waiting
    /// (as does an unreadable answer to the change itself, asked for again). It was dropped:
    /// "Google refused the new event 'Offline lunch', made offline: Google sent an answer
    /// clerk couldn't read. Nothing changed", and the event was lost.
    @Test(arguments: ["/calendar/v3/", "/token"])
    func anUnreadableAnswerKeepsAnOfflineChangeWaiting(path: String) throws {
        let harness = try GoogleHarness()
        let account = try harness.signIn()
        harness.goOffline()
        harness.clock.advance(6)
        _ = try account.backend.insertEvent(EventDraft(title: "Offline lunch", when: Self.when(2, 13)), id: "offline01", calendarID: "emulator@example.com")
        try harness.comeBack()
        harness.arm(["method": "POST", "path": .string(path), "count": 50, "mode": "malformed"])
        harness.clock.advance(path == "/token" ? 4000 : 31)
        let next = try #require(try GoogleAccount(setup: harness.setup))
        _ = try? Self.titles(next.backend)
        #expect(!next.backend.takeNotices().contains { if case .refused = $0 { return true }; return false })
        #expect(next.status().waiting == (path == "/token" ? 1 : 0))
        harness.side("DELETE", "/_emulator/faults")
        harness.clock.advance(31)
        let last = try #require(try GoogleAccount(setup: harness.setup))
        #expect(try Self.titles(last.backend) == ["Offline lunch"])
        #expect(last.status().waiting == 0)
        let stored = harness.side("GET", Self.events)["items"]?.arrayValue ?? []
        #expect(stored.map { $0["summary"]?.stringValue ?? "" } == ["Offline lunch"])
    }

    /// A change made offline to an event then deleted elsewhere: Google's answer is the event
    /// cancelled (or a 404), and the change is not made. The outbox said "1 change made
    /// offline was sent to Google."
    @Test func anOfflineChangeToAnEventDeletedElsewhereIsSaidNotMade() throws {
        let harness = try GoogleHarness()
        harness.side("POST", Self.events, Self.eventJSON("gone00001", "Workshop"))
        harness.side("POST", Self.events, Self.eventJSON("beef00001", "Review", hour: 16))
        let account = try harness.signIn()
        harness.goOffline()
        harness.clock.advance(6)
        try account.backend.patchEvent(id: "gone00001", EventPatch(when: Self.when(1, 11)))
        try account.backend.patchEvent(id: "beef00001", EventPatch(title: "Review with Ana"))
        try harness.comeBack()
        harness.side("DELETE", Self.events + "/gone00001")
        harness.clock.advance(31)
        let next = try #require(try GoogleAccount(setup: harness.setup))
        #expect(try Self.titles(next.backend) == ["Review with Ana"])
        #expect(next.backend.takeNotices() == [.dropped(change: "a change to 'an event'"), .sent(count: 1)])
        #expect(next.status().waiting == 0)
    }

    @Test func aChangeAnotherProcessIsSendingIsLeftToItUntilItsClaimRunsOut() throws {
        let harness = try GoogleHarness()
        let account = try harness.signIn()
        harness.goOffline()
        _ = try account.backend.quickAdd("Offline dinner tomorrow at 8pm", calendarID: "emulator@example.com")
        try harness.comeBack()
        // Another clerk process, on the same mirror, is sending it.
        let other = try #require(try GoogleAccount(setup: harness.setup))
        let item = try #require(try other.backend.store.outbox().first)
        #expect(try other.backend.store.claimOutboxItem(item.number, until: harness.clock.now + GoogleBackend.claimTime))
        account.backend.flushOutbox()
        #expect(account.backend.waitingCount == 1)
        #expect(harness.side("GET", Self.events)["items"]?.arrayValue?.isEmpty == true)
        // That process was killed mid-send: once its claim runs out, this one sends it, once.
        harness.clock.advance(GoogleBackend.claimTime + 1)
        account.backend.flushOutbox()
        account.backend.flushOutbox()
        #expect(account.backend.waitingCount == 0)
        #expect(harness.side("GET", Self.events)["items"]?.arrayValue?.map { $0["summary"]?.stringValue ?? "" } == ["Offline dinner"])
    }

    @Test func undoingADeleteBringsTheSameEventBack() throws {
        let harness = try GoogleHarness()
        harness.side("POST", Self.events, Self.eventJSON("keep00001", "Keep"))
        let backend = try harness.signIn().backend
        try backend.deleteEvent(id: "keep00001")
        #expect(harness.side("GET", Self.events + "/keep00001")["status"] == "cancelled")
        let restored = try backend.restoreEvent(id: "keep00001")
        #expect(restored.id == "keep00001")
        #expect(harness.side("GET", Self.events + "/keep00001")["status"] == "confirmed")
    }

    @Test func quickAddLetsGoogleReadTheText() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let event = try #require(try backend.quickAdd("Dinner with Ana tomorrow at 8pm", calendarID: "emulator@example.com"))
        #expect(event.title == "Dinner with Ana")
        #expect(event.when == .timed(start: Date(timeIntervalSince1970: 1_772_564_400), end: Date(timeIntervalSince1970: 1_772_568_000), timeZone: "Europe/Madrid"))
        #expect(try backend.event(id: event.id)?.title == "Dinner with Ana")
    }

    @Test func contactsComeFromTheSyncedAddressBook() throws {
        let harness = try GoogleHarness()
        harness.side("POST", "/v1/people:createContact", ["names": [["givenName": "Ana", "familyName": "Pérez"]],
                                                        "emailAddresses": [["value": "ana@example.com"]], "organizations": [["name": "Acme", "title": "CTO"]]])
        harness.side("POST", "/v1/people:createContact", ["emailAddresses": [["value": "nobody-named@example.com"]]])
        let backend = try harness.signIn().backend
        let ana = try #require(try backend.lookupContacts("ana per").first)
        #expect(ana.name == "Ana Pérez")
        #expect(ana.emails == [LabeledValue("ana@example.com")])
        #expect(ana.company == "Acme" && ana.jobTitle == "CTO")
        #expect(try backend.contactNames().sorted() == ["Ana Pérez", "nobody-named@example.com"])
        #expect(throws: ServiceError.invalid(.contactsAreReadOnly)) { try backend.importContacts([], progress: nil) }
    }

    /// A file deleted at Google after the mirror last listed it, its content not kept: it
    /// leaves the mirror, and the read says it no longer exists. It stayed, and every read
    /// said "Google refused that (404 notFound). Nothing changed."
    @Test func aFileDeletedElsewhereLeavesTheMirrorWhenRead() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let notes = try backend.createFile(named: "notes.txt", content: "buy milk\n")
        harness.side("PATCH", "/upload/drive/v3/files/\(notes.id)?uploadType=media", ["changed": "elsewhere"])
        harness.clock.advance(600)
        #expect(try backend.files(matching: nil).map(\.name) == ["notes.txt"])
        harness.side("DELETE", "/drive/v3/files/\(notes.id)")
        #expect(throws: ServiceError.notFound(.file, id: notes.id)) { try backend.readFile(id: notes.id) }
        #expect(try backend.files(matching: nil).isEmpty)
        // The same for a change to one deleted since the last listing.
        for change in [{ (id: String) in _ = try backend.updateFile(id: id, content: "x") }, { _ = try backend.renameFile(id: $0, to: "y.txt") },
                       { try backend.trashFile(id: $0) }] {
            let other = try backend.createFile(named: "other.txt", content: "a")
            harness.side("DELETE", "/drive/v3/files/\(other.id)")
            #expect(throws: ServiceError.notFound(.file, id: other.id)) { try change(other.id) }
            #expect(try backend.files(matching: nil).isEmpty)
            #expect(backend.waitingCount == 0)
        }
    }

    /// A file listed from Drive before clerk has read it says Drive's size: the mirror holds
    /// no content for it yet, and the list said "0 B" for every such file.
    @Test func aFileNotYetReadIsListedAtDrivesSize() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let notes = try backend.createFile(named: "notes.txt", content: "buy milk\n")
        var fresh = harness.setup
        fresh.mirrorFolder = harness.folder + "/another-copy"
        let other = try #require(try GoogleAccount(setup: fresh)).backend
        #expect(try other.files(matching: nil).map(\.size) == [9])
        #expect(try other.readFile(id: notes.id) == "buy milk\n")
        #expect(try other.files(matching: nil).map(\.size) == [9])
        // Changed elsewhere: the copy's content is old, and the size Drive's new one.
        harness.side("PATCH", "/upload/drive/v3/files/\(notes.id)?uploadType=media", ["changed": "elsewhere"])
        let size = try #require(harness.side("GET", "/drive/v3/files/\(notes.id)?fields=size")["size"]?.stringValue.flatMap { Int($0) })
        #expect(size != 9)
        harness.clock.advance(600)
        #expect(try backend.files(matching: nil).map(\.size) == [size])
        _ = try backend.readFile(id: notes.id)
        #expect(try backend.files(matching: nil).map(\.size) == [size])
    }

    /// A copy made by a build that kept no sizes (no "drive.sizes", files not read held as
    /// empty) is listed whole once more, and then says Drive's sizes.
    @Test func aCopyMadeBeforeSizesWereKeptIsListedAgain() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let notes = try backend.createFile(named: "notes.txt", content: "buy milk\n")
        harness.clock.advance(600)
        #expect(try backend.files(matching: nil).map(\.size) == [9])
        // As the older build left it: the content not held, no size beside it, no mark.
        let old = try #require(try backend.store.fileReplica(id: notes.id))
        try backend.store.putFile(old.item, content: [], unmodeled: .object([("version", .string("0")), ("cachedVersion", .null)]))
        try backend.store.setSyncValue("drive.sizes", nil)
        #expect(try backend.store.files(matching: nil).map(\.size) == [0])
        harness.clock.advance(600)
        #expect(try backend.files(matching: nil).map(\.size) == [9])
        #expect(try backend.store.syncValue("drive.sizes") == "kept")
    }

    @Test func filesAreCreatedReadUpdatedAndTrashedOnDrive() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        let notes = try backend.createFile(named: "notes.txt", content: "buy milk\n")
        #expect(try backend.files(matching: nil).map(\.name) == ["notes.txt"])
        #expect(try backend.readFile(id: notes.id) == "buy milk\n")
        _ = try backend.updateFile(id: notes.id, content: "buy milk\ncall Ana\n")
        #expect(try backend.revisions(ofFile: notes.id).count == 1)
        let listed = harness.side("GET", "/drive/v3/files?q=name+%3D+%27notes.txt%27&fields=files(id,name,trashed)")["files"]?.arrayValue ?? []
        #expect(listed.count == 1)
        #expect(harness.side("GET", "/drive/v3/files/\(notes.id)?fields=size")["size"] == "18")
        try backend.trashFile(id: notes.id)
        #expect(try backend.files(matching: nil).isEmpty)
        #expect(try backend.trashedFiles(matching: nil).map(\.name) == ["notes.txt"])
        _ = try backend.restoreFile(id: notes.id)
        #expect(try backend.files(matching: "notes").count == 1)
        #expect(throws: ServiceError.alreadyExists(.file, name: "notes.txt")) { try backend.createFile(named: "notes.txt", content: "") }
    }
}
