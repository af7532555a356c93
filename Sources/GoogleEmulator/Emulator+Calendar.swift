import ClerkCore
import ClerkLocal
import Foundation

extension Emulator {
    /// Calendar v3 (to be written).
    static let calendarRoutes: [Route] = []

    /// Loads an .ics of a seed folder into a calendar (to be written).
    func seedCalendar(path: String, name: String) throws {}

    /// Makes `count` events over `calendars` calendars for benchmarks (to be written).
    func generateEvents(_ count: Int, calendars: Int, random: inout SeededRandom) throws {}
}
