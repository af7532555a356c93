import ClerkCore
import Foundation
import Testing

@Suite struct LocalDateTests {
    @Test(arguments: [
        ("2026-02-29", nil), ("2028-02-29", "2028-02-29"), ("2026-13-01", nil), ("2026-1-01", nil),
        ("2026-04-31", nil), ("2026-12-31", "2026-12-31"), ("garbage", nil),
    ] as [(String, String?)])
    func readsOnlyRealDates(text: String, expected: String?) {
        #expect(LocalDate(iso: text)?.iso == expected)
    }

    @Test func countsAcrossMonthsAndYears() {
        let date = LocalDate(year: 2026, month: 12, day: 30)
        #expect(date.adding(days: 3).iso == "2027-01-02")
        #expect(date.adding(days: -365).iso == "2025-12-30")
        #expect(date.days(until: LocalDate(year: 2027, month: 3, day: 1)) == 61)
        #expect(date.isoWeekday == 3)
    }

    @Test func startsTheDayAtTheFirstInstantThatExists() throws {
        // Santiago skips midnight when DST starts (2026-09-06 00:00 → 01:00).
        let zone = try #require(Zone(identifier: "America/Santiago"))
        let start = LocalDate(year: 2026, month: 9, day: 6).startOfDay(in: zone)
        #expect(zone.wallClock(start).seconds == 3600)
        #expect(LocalDate(start, in: zone).iso == "2026-09-06")
    }

    @Test func spellingFindsTyposAndFoldsAccents() {
        #expect(Spelling.closest(to: "Wrok", in: ["Personal", "Work", "Family"]) == "Work")
        #expect(Spelling.closest(to: "zzzz", in: ["Personal", "Work"]) == nil)
        #expect(Spelling.fold("Ana PÉREZ") == "ana perez")
    }
}

@Suite struct DayNumberTests {
    @Test(arguments: [
        ("1970-01-01", 0, 4), ("1969-12-31", -1, 3), ("2000-02-29", 11_016, 2), ("2026-11-30", 20_787, 1),
        ("1600-03-01", -135_080, 3), ("2400-12-31", 157_419, 7),
    ])
    func countsDaysFromTheEpoch(text: String, days: Int, weekday: Int) throws {
        let date = try #require(LocalDate(iso: text))
        #expect(date.dayNumber == days)
        #expect(LocalDate(dayNumber: days) == date)
        #expect(date.isoWeekday == weekday)
    }

    @Test func agreesWithFoundationForFourCenturies() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        var instant = calendar.date(from: DateComponents(year: 1800, month: 1, day: 1, hour: 12))!
        for _ in 0..<(400 * 366 / 7) {
            let date = LocalDate(instant, in: .gmt)
            #expect(LocalDate(dayNumber: date.dayNumber) == date)
            #expect(date.isoWeekday == (calendar.component(.weekday, from: instant) + 5) % 7 + 1)
            instant += 7 * 86_400 + 3 * 3600
        }
    }

    /// ISO weeks at the years' edges, and every day of 1990–2040 against Foundation's ISO 8601
    /// calendar.
    @Test func numbersWeeksAsISO8601Does() {
        #expect(LocalDate(year: 2026, month: 12, day: 4).isoWeek == (2026, 49))
        #expect(LocalDate(year: 2027, month: 1, day: 1).isoWeek == (2026, 53))
        #expect(LocalDate(year: 2027, month: 1, day: 4).isoWeek == (2027, 1))
        #expect(LocalDate(year: 2024, month: 12, day: 30).isoWeek == (2025, 1))
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var date = LocalDate(year: 1990, month: 1, day: 1)
        while date.year < 2041 {
            let instant = Date(timeIntervalSince1970: Double(date.dayNumber) * 86_400 + 43_200)
            let expected = (calendar.component(.yearForWeekOfYear, from: instant), calendar.component(.weekOfYear, from: instant))
            #expect(date.isoWeek == expected, "\(date.iso)")
            date = date.adding(days: 1)
        }
    }
}
