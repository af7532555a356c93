import ClerkAssistant
import ClerkCore
import ClerkLocal
import Foundation
import Testing

/// `default_calendar` naming a calendar that is not there: the first new event says so once,
/// with the closest name, and goes on the primary calendar.
@Suite struct DefaultCalendarTests {
    static let zone = Zone(identifier: "Europe/Madrid")!
    static let now = Date(timeIntervalSince1970: 1_796_025_600)  // Mon 30 Nov 2026, 09:00 in Madrid

    func session(defaultCalendar: String, folder: String) throws -> Session {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = try LocalStore(path: folder + "/clerk.sqlite3", timeZone: Self.zone, now: .fixed(Self.now))
        _ = try store.createCalendar(named: "Work", timeZone: "Europe/Madrid")
        var context = SessionContext(calendars: store, contacts: store, files: store, backendName: "local", now: .fixed(Self.now), zone: Self.zone)
        context.preferences.defaultCalendar = defaultCalendar
        return Session(context: context)
    }

    @Test func aMissingDefaultCalendarIsSaidOnceWithTheClosestName() throws {
        let folder = NSTemporaryDirectory() + "clerk-default-calendar-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let session = try session(defaultCalendar: "Wrok", folder: folder)
        let first = session.respond(to: "lunch tomorrow at 1").message
        #expect(first.contains("Your default calendar 'Wrok' doesn't exist; events go to 'Personal'. Did you mean 'Work'?"))
        _ = session.respond(to: "no")
        let second = session.respond(to: "dinner tomorrow at 8").message
        #expect(!second.contains("default calendar"))
    }

    /// The card names the calendar it will really use: the primary one, not "the default",
    /// on the first card and on every one after it.
    @Test func theCardNeverCallsThePrimaryCalendarTheDefault() throws {
        let folder = NSTemporaryDirectory() + "clerk-default-calendar-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let session = try session(defaultCalendar: "Wrok", folder: folder)
        let first = session.respond(to: "lunch tomorrow at 1").message
        #expect(first.contains("  calendar Personal (primary; default 'Wrok' not found)\n"))
        #expect(!first.contains("(default)"))
        _ = session.respond(to: "no")
        let second = session.respond(to: "dinner tomorrow at 8").message
        #expect(second.contains("  calendar Personal (primary; default 'Wrok' not found)\n"))
        // A calendar named on the line is the one said, with no note.
        _ = session.respond(to: "no")
        let named = session.respond(to: "dinner friday at 8 on work").message
        #expect(named.contains("  calendar Work\n"))
    }

    @Test func aDefaultCalendarThatIsThereSaysNothing() throws {
        let folder = NSTemporaryDirectory() + "clerk-default-calendar-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let session = try session(defaultCalendar: "work", folder: folder)
        let card = session.respond(to: "lunch tomorrow at 1").message
        #expect(!card.contains("default calendar"))
        #expect(card.contains("  calendar Work (default)\n"))
    }
}
