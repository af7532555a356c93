import ClerkCore
import Foundation
import Testing

/// The one home of civil-calendar arithmetic and of the wall-clock rule across DST.
@Suite struct CivilCalendarTests {
    @Test(arguments: [
        (-2014, 6, 1, -1_454_975), (0, 3, 1, -719_468), (1969, 12, 31, -1), (1970, 1, 1, 0), (2026, 11, 30, 20_787), (9999, 12, 31, 2_932_896),
    ])
    func countsDaysBothWaysInEveryEra(year: Int, month: Int, day: Int, dayNumber: Int) {
        #expect(CivilCalendar.dayNumber(year: year, month: month, day: day) == dayNumber)
        let date = CivilCalendar.date(dayNumber: dayNumber)
        #expect(date.year == year && date.month == month && date.day == day)
    }

    @Test(arguments: [(7, 2, 3), (-7, 4, -2), (-8, 4, -2), (0, 60, 0), (-1, 86_400, -1), (86_399, 86_400, 0)])
    func dividesTowardNegativeInfinity(a: Int, b: Int, quotient: Int) {
        #expect(CivilCalendar.floorDivide(a, b) == quotient)
    }

    /// ISO years of 53 weeks: those that start on a Thursday, and leap years starting on a
    /// Wednesday (2020).
    @Test(arguments: [(2026, 53), (2027, 52), (2020, 53), (2021, 52), (2015, 53), (2032, 53), (1, 52), (9999, 52)])
    func countsTheISOWeeksOfAYear(year: Int, weeks: Int) {
        #expect(CivilCalendar.isoWeeks(in: year) == weeks)
    }

    @Test(arguments: [(2, 2024, 29), (2, 2026, 28), (2, 1900, 28), (2, 2000, 29), (4, 2026, 30), (12, 2026, 31), (1, -4, 31), (2, -4, 29)])
    func knowsTheLengthOfEveryMonth(month: Int, year: Int, days: Int) {
        #expect(CivilCalendar.daysIn(month: month, year: year) == days)
    }

    @Test(arguments: [(-1, 3), (0, 4), (4, 1), (20_787, 1), (-719_468, 3)])
    func namesTheISOWeekday(dayNumber: Int, weekday: Int) {
        #expect(CivilCalendar.isoWeekday(dayNumber: dayNumber) == weekday)
    }

    /// Madrid, 2026: clocks go forward at 02:00 on 29 March and back at 03:00 on 25 October.
    @Test(arguments: [
        ("2026-03-29T01:30", "2026-03-29T00:30:00Z"),  // before the gap, CET
        ("2026-03-29T02:30", "2026-03-29T01:30:00Z"),  // in the gap: read with CET, so 03:30 CEST
        ("2026-03-29T03:30", "2026-03-29T01:30:00Z"),  // after the gap, CEST
        ("2026-10-25T02:30", "2026-10-25T00:30:00Z"),  // twice that morning: the first, CEST
        ("2026-10-25T03:30", "2026-10-25T02:30:00Z"),  // after the change, CET
        ("2026-07-01T12:00", "2026-07-01T10:00:00Z"),
    ])
    func readsAWallClockAcrossDaylightSavingChanges(wall: String, utc: String) throws {
        let madrid = try #require(Zone(identifier: "Europe/Madrid"))
        let utcZone = try #require(Zone(identifier: "UTC"))
        let wallSeconds = Int(try #require(ClockText.instant(wall, in: utcZone)).timeIntervalSince1970)
        let instant = Date(timeIntervalSince1970: TimeInterval(madrid.utcSeconds(ofWallClock: wallSeconds)))
        #expect(ClockText.rfc3339(instant, zone: utcZone) == utc)
    }
}
