@testable import ClerkAssistant
import ClerkCore
import Foundation
import Testing

/// A change of an event's time is checked against the others it would overlap; never
/// against its own series ("its actually 4.45" of a new weekly piano lesson clashed with
/// that lesson's own time that day).
@Suite struct SameSeriesTests {
    static let day = When.allDay(start: LocalDate(year: 2026, month: 12, day: 10), end: LocalDate(year: 2026, month: 12, day: 11))

    static func event(_ id: String, series: String? = nil) -> Event {
        Event(id: id, calendarID: "c", title: "Piano", when: day, recurringEventID: series)
    }

    @Test func aSeriesAndItsTimesAreOne() {
        let master = Self.event("piano"), time = Self.event("piano_20261210", series: "piano"), other = Self.event("piano_20261217", series: "piano")
        #expect(Session.sameSeries(master, master))
        #expect(Session.sameSeries(master, time))
        #expect(Session.sameSeries(time, master))
        #expect(Session.sameSeries(time, other))
    }

    @Test func otherEventsAreNot() {
        let piano = Self.event("piano"), swim = Self.event("swim"), swimTime = Self.event("swim_20261210", series: "swim")
        #expect(!Session.sameSeries(piano, swim))
        #expect(!Session.sameSeries(piano, swimTime))
        #expect(!Session.sameSeries(swimTime, piano))
        #expect(!Session.sameSeries(Self.event("a", series: "x"), Self.event("b", series: "y")))
    }
}
