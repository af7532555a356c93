import ClerkAssistant
import ClerkCore
import ClerkLocal
import Foundation
import Testing

/// "move them to saturday" after a list, when one of them cannot be changed (another process
/// deleted it meanwhile): the move stops there, says in one line what changed and what did
/// not, and "undo" brings back the one that moved.
@Suite struct MoveSeveralTests {
    static let zone = Zone(identifier: "Europe/Madrid")!
    static let now = Date(timeIntervalSince1970: 1_796_025_600)  // Mon 30 Nov 2026, 09:00 in Madrid

    static func friday(_ hour: Int, day: Int = 4) -> When {
        let start = zone.date(LocalDate(year: 2026, month: 12, day: day), hour: hour)
        return .timed(start: start, end: start + 3600, timeZone: "Europe/Madrid")
    }

    @Test func aFailureHalfWayIsSaidAndUndoBringsBackWhatMoved() throws {
        let folder = NSTemporaryDirectory() + "clerk-move-several-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try LocalStore(path: folder + "/clerk.sqlite3", timeZone: Self.zone, now: .fixed(Self.now))
        let other = try LocalStore(path: folder + "/clerk.sqlite3", timeZone: Self.zone, now: .fixed(Self.now))
        let primary = try #require(try store.calendars().first(where: \.isPrimary))
        try store.insertEvent(EventDraft(title: "Dentist", when: Self.friday(15)), id: "dentist", calendarID: primary.id)
        try store.insertEvent(EventDraft(title: "Gym", when: Self.friday(17)), id: "gym", calendarID: primary.id)
        let session = Session(context: SessionContext(calendars: store, contacts: store, files: store, backendName: "local",
                                                      now: .fixed(Self.now), zone: Self.zone))
        _ = session.respond(to: "what's on friday")
        let card = session.respond(to: "move them to saturday")
        #expect(card.asksQuestion)
        #expect(card.message.contains("'Gym'  Fri 4 Dec 2026, 17:00–18:00 → Sat 5 Dec 2026, 17:00–18:00"))
        try other.deleteEvent(id: "gym")
        let moved = session.respond(to: "y")
        #expect(!moved.ok)
        #expect(moved.message == "Changed 'Dentist'; not changed: 'Gym'. That event no longer exists. Say 'undo' to change it back.")
        #expect(try store.event(id: "dentist")?.when == Self.friday(15, day: 5))
        #expect(session.respond(to: "what did i just change").message
            == "Last change: moved 1 event: 'Dentist'. Say 'undo' to reverse it.")
        #expect(session.respond(to: "undo").asksQuestion)
        #expect(session.respond(to: "y").ok)
        #expect(try store.event(id: "dentist")?.when == Self.friday(15))
    }

    @Test func noMoveWithoutAYes() throws {
        let folder = NSTemporaryDirectory() + "clerk-move-several-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try LocalStore(path: folder + "/clerk.sqlite3", timeZone: Self.zone, now: .fixed(Self.now))
        let primary = try #require(try store.calendars().first(where: \.isPrimary))
        try store.insertEvent(EventDraft(title: "Dentist", when: Self.friday(15)), id: "dentist", calendarID: primary.id)
        try store.insertEvent(EventDraft(title: "Gym", when: Self.friday(17)), id: "gym", calendarID: primary.id)
        let session = Session(context: SessionContext(calendars: store, contacts: store, files: store, backendName: "local",
                                                      now: .fixed(Self.now), zone: Self.zone))
        _ = session.respond(to: "what's on friday")
        #expect(session.respond(to: "push them back an hour").asksQuestion)
        #expect(session.respond(to: "n").message == "OK, not changed.")
        #expect(try store.event(id: "dentist")?.when == Self.friday(15))
        #expect(try store.event(id: "gym")?.when == Self.friday(17))
        #expect(session.respond(to: "what did i do").message == "Nothing changed yet in this session.")
    }

    @Test func allDayEventsAreNotStackedAtOneTime() throws {
        let folder = NSTemporaryDirectory() + "clerk-move-several-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try LocalStore(path: folder + "/clerk.sqlite3", timeZone: Self.zone, now: .fixed(Self.now))
        let primary = try #require(try store.calendars().first(where: \.isPrimary))
        let day = LocalDate(year: 2026, month: 12, day: 4)
        try store.insertEvent(EventDraft(title: "Holiday", when: .allDay(start: day, end: day.adding(days: 1))), id: "holiday", calendarID: primary.id)
        try store.insertEvent(EventDraft(title: "Deadline", when: .allDay(start: day, end: day.adding(days: 1))), id: "deadline", calendarID: primary.id)
        let session = Session(context: SessionContext(calendars: store, contacts: store, files: store, backendName: "local",
                                                      now: .fixed(Self.now), zone: Self.zone))
        _ = session.respond(to: "what's on friday")
        let reply = session.respond(to: "move them to saturday at 10")
        #expect(!reply.ok && !reply.asksQuestion)
        #expect(try store.event(id: "holiday")?.when == .allDay(start: day, end: day.adding(days: 1)))
        #expect(session.respond(to: "move them to saturday").asksQuestion)
        #expect(session.respond(to: "y").ok)
        #expect(try store.event(id: "deadline")?.when == .allDay(start: day.adding(days: 1), end: day.adding(days: 2)))
    }
}
