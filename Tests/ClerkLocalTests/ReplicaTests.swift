import ClerkCore
@testable import ClerkLocal
import Foundation
import Testing

/// What another system needs of the store: items under their own ids, versions that grow
/// with every change, tombstones, and a feed of changes in order.
@Suite struct ReplicaTests {
    static let when = CalendarStoreTests.timed("2026-03-05T13:00", "2026-03-05T14:00")

    /// The feed as "id version-order deleted?" lines, with versions made relative.
    static func feed(_ entries: [FeedEntry<Event>]) -> [String] {
        entries.map { entry in
            switch entry {
            case .present(let replica): return replica.item.id + (replica.isDeleted ? " deleted" : " \(replica.item.title)")
            case .removed(let id, _): return id + " removed"
            }
        }
    }

    @Test func everyChangeTakesTheNextVersionAndTheFeedReportsIt() throws {
        let test = try TestStore()
        defer { test.remove() }
        let calendar = try test.primaryID
        let start = try test.store.latestVersion()
        try test.store.insertEvent(EventDraft(title: "Lunch", when: Self.when), id: "lunch1", calendarID: calendar)
        let afterInsert = try test.store.latestVersion()
        #expect(afterInsert > start)
        #expect(try test.store.eventReplica(id: "lunch1")?.version == afterInsert)

        try test.store.patchEvent(id: "lunch1", EventPatch(title: "Team lunch"))
        try test.store.insertEvent(EventDraft(title: "Dentist", when: Self.when), id: "dentist1", calendarID: calendar)
        #expect(Self.feed(try test.store.eventFeed(calendarID: calendar, after: afterInsert)) == ["lunch1 Team lunch", "dentist1 Dentist"])

        let beforeDelete = try test.store.latestVersion()
        try test.store.deleteEvent(id: "lunch1")
        #expect(Self.feed(try test.store.eventFeed(calendarID: calendar, after: beforeDelete)) == ["lunch1 deleted"])
        // Deleted, the event is still there for the feed and its id stays taken.
        #expect(try test.store.eventReplica(id: "lunch1")?.isDeleted == true)
        #expect(throws: ServiceError.alreadyExists(.event, name: "lunch1")) {
            try test.store.insertEvent(EventDraft(title: "Again", when: Self.when), id: "lunch1", calendarID: calendar)
        }
        // Nothing new after the last change.
        #expect(try test.store.eventFeed(calendarID: calendar, after: try test.store.latestVersion()).isEmpty)
    }

    @Test func wideningTheOccurrenceWindowIsNotAChange() throws {
        let test = try TestStore()
        defer { test.remove() }
        try test.store.insertEvent(EventDraft(title: "Standup", when: Self.when, recurrence: ["RRULE:FREQ=DAILY"]), id: "standup", calendarID: test.primaryID)
        let version = try test.store.latestVersion()
        // Opened two years on, the store extends the window it keeps of the series.
        let later = try test.reopened(now: "2028-06-01T10:00:00Z")
        #expect(try later.latestVersion() == version)
        #expect(try later.events(from: instant("2028-06-02T00:00:00Z"), to: instant("2028-06-03T00:00:00Z"), calendarIDs: nil).map(\.id)
            == ["standup_20280602T110000Z"])  // 13:00 in Madrid in summer
    }

    @Test func putKeepsOwnIDsUnmodeledFieldsAndChangedOccurrences() throws {
        let test = try TestStore()
        defer { test.remove() }
        try test.store.putCalendar(CalendarInfo(id: "team@group", name: "Team", timeZone: "Europe/Madrid", isPrimary: false),
                                   unmodeled: ["colorId": "7"])
        #expect(try test.store.calendarReplicas().map { "\($0.item.id) \($0.unmodeled?.serialized() ?? "-")" }
            == ["\(try test.primaryID) -", "team@group {\"colorId\":\"7\"}"])

        let series = Event(id: "weekly1", calendarID: "team@group", title: "Sync", when: Self.when,
                           recurrence: ["RRULE:FREQ=WEEKLY;COUNT=3"], iCalUID: "weekly1@google.com")
        let stored = try test.store.putEvent(series, isDeleted: false, unmodeled: ["transparency": "transparent"],
                                             created: instant("2026-01-01T00:00:00Z"))
        #expect(stored.item.iCalUID == "weekly1@google.com")
        #expect(stored.created == instant("2026-01-01T00:00:00Z"))
        #expect(stored.unmodeled == ["transparency": "transparent"])

        // The second occurrence moved an hour later, the third cancelled.
        let second = try #require(try test.store.eventReplica(id: "weekly1_20260312T120000Z"))
        #expect(second.version == stored.version && second.unmodeled == stored.unmodeled)
        var moved = second.item
        moved.when = moved.when.shifted(bySeconds: 3600)
        try test.store.putEvent(moved, isDeleted: false, unmodeled: nil)
        let third = try #require(try test.store.eventReplica(id: "weekly1_20260319T120000Z"))
        try test.store.putEvent(third.item, isDeleted: true, unmodeled: nil)
        #expect(try CalendarStoreTests.agenda(test.store, "2026-03-01T00:00", "2026-04-01T00:00") == [
            "weekly1_20260305T120000Z: 2026-03-05 13:00 +01:00 → 2026-03-05 14:00 +01:00 Sync",
            "weekly1_20260312T120000Z: 2026-03-12 14:00 +01:00 → 2026-03-12 15:00 +01:00 Sync",
        ])
        #expect(Self.feed(try test.store.eventFeed(calendarID: "team@group", after: 0))
            == ["weekly1 Sync", "weekly1_20260312T120000Z Sync", "weekly1_20260319T120000Z deleted"])

        // Deleting the series takes its changed occurrence along; bringing it back returns it.
        try test.store.putEvent(series, isDeleted: true, unmodeled: nil)
        #expect(try CalendarStoreTests.agenda(test.store, "2026-03-01T00:00", "2026-04-01T00:00").isEmpty)
        try test.store.putEvent(series, isDeleted: false, unmodeled: nil)
        #expect(try CalendarStoreTests.agenda(test.store, "2026-03-01T00:00", "2026-04-01T00:00").count == 2)
    }

    @Test func removedFilesAndContactsLeaveTombstonesAndTheirIDsStayTaken() throws {
        let test = try TestStore()
        defer { test.remove() }
        let modified = instant("2026-02-01T00:00:00Z")
        let bytes: [UInt8] = [0xFF, 0x00, 0x41]
        try test.store.putFile(DriveFile(id: "f1", name: "blob.bin", size: 0, modified: modified, mimeType: "application/octet-stream"),
                               content: bytes, unmodeled: ["parents": ["root"]])
        #expect(try test.store.fileBytes(id: "f1") == bytes)
        #expect(try test.store.fileReplica(id: "f1")?.item.size == 3)
        // A second file of the same name is allowed here (Drive allows it).
        try test.store.putFile(DriveFile(id: "f2", name: "blob.bin", size: 0, modified: modified), content: [], unmodeled: nil)
        let version = try test.store.latestVersion()
        try test.store.removeFile(id: "f1")
        #expect(try test.store.fileReplica(id: "f1") == nil)
        #expect(try test.store.isFileIDTaken("f1") && test.store.isFileIDTaken("f2") && !test.store.isFileIDTaken("f3"))
        let changes = try test.store.fileFeed(after: version).map { entry -> String in
            if case .removed(let id, _) = entry { return id + " removed" }
            return "present"
        }
        #expect(changes == ["f1 removed"])

        try test.store.putContact(Contact(id: "people/c1", name: "Ana Pérez", company: "Acme", jobTitle: "CTO"), unmodeled: nil)
        #expect(try test.store.lookupContacts("ana").map(\.company) == ["Acme"])
        let beforeRemoval = try test.store.latestVersion()
        try test.store.removeContact(id: "people/c1")
        #expect(try test.store.contactFeed(after: beforeRemoval).map(\.version) == [beforeRemoval + 1])
        #expect(throws: ServiceError.notFound(.contact, id: "people/c1")) { try test.store.removeContact(id: "people/c1") }
    }

    /// A change being sent is held by the process sending it, until its claim runs out or
    /// that process ends (a clerk killed mid-send must not hold it back for two minutes).
    @Test func aClaimHeldByAProcessThatEndedIsVoid() throws {
        let test = try TestStore()
        defer { test.remove() }
        let number = try test.store.enqueue(kind: "event.insert", payload: "{}")
        let until = Date(timeIntervalSince1970: 4_000_000_000)
        #expect(try test.store.claimOutboxItem(number, until: until))
        // Held by this process, which is running: nobody else may take it.
        #expect(try !test.store.claimOutboxItem(number, until: until))
        // Held by a process that has ended: void, though its time has not run out.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        try test.store.database.run("UPDATE outbox SET claimed_by = ? WHERE number = ?", [Int64(ended.processIdentifier), number])
        #expect(try test.store.claimOutboxItem(number, until: until))
        #expect(try !test.store.claimOutboxItem(number, until: until))
        // A failed attempt lets go of the claim.
        try test.store.noteAttempt(onOutboxItem: number, problem: "unreachable")
        #expect(try test.store.claimOutboxItem(number, until: until))
    }

    @Test func theOutboxKeepsChangesInOrderAcrossRuns() throws {
        let test = try TestStore()
        defer { test.remove() }
        let first = try test.store.enqueue(kind: "event.insert", payload: "{\"id\":\"a\"}")
        try test.store.enqueue(kind: "file.update", payload: "{}")
        try test.store.noteAttempt(onOutboxItem: first, problem: "unreachable")
        try test.store.setSyncValue("calendar:primary", "token1")
        let again = try test.reopened()
        #expect(try again.outbox().map { "\($0.kind) \($0.attempts) \($0.lastProblem ?? "-")" } == ["event.insert 1 unreachable", "file.update 0 -"])
        #expect(try again.syncValue("calendar:primary") == "token1")
        try again.removeFromOutbox(first)
        try again.setSyncValue("calendar:primary", nil)
        #expect(try again.outbox().map(\.kind) == ["file.update"])
        #expect(try again.syncValue("calendar:primary") == nil)
    }
}
