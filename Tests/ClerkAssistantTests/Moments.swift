import ClerkCore
import Foundation

/// Instants written as wall-clock times in a named zone, for readable tests.
enum Moments {
    static let madrid = Zone(identifier: "Europe/Madrid")!

    /// `"2026-12-01 13:00"` on the wall clock of `zone`.
    static func at(_ text: String, _ zone: Zone = madrid) -> Date {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == ":" }).map { Int($0)! }
        return zone.date(LocalDate(year: parts[0], month: parts[1], day: parts[2]), hour: parts[3], minute: parts[4])
    }

    static func timed(_ id: String, _ title: String, _ start: String, _ end: String, calendar: String = "personal") -> Event {
        Event(id: id, calendarID: calendar, title: title, when: .timed(start: at(start), end: at(end), timeZone: "Europe/Madrid"))
    }

    static func allDay(_ id: String, _ title: String, _ start: String, _ end: String, calendar: String = "personal") -> Event {
        Event(id: id, calendarID: calendar, title: title, when: .allDay(start: LocalDate(iso: start)!, end: LocalDate(iso: end)!))
    }
}
