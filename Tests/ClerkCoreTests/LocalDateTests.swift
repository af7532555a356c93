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
        let zone = try #require(TimeZone(identifier: "America/Santiago"))
        let start = LocalDate(year: 2026, month: 9, day: 6).startOfDay(in: zone)
        let calendar = Calendar.gregorian(in: zone)
        #expect(calendar.component(.hour, from: start) == 1)
        #expect(LocalDate(start, in: zone).iso == "2026-09-06")
    }

    @Test func spellingFindsTyposAndFoldsAccents() {
        #expect(Spelling.closest(to: "Wrok", in: ["Personal", "Work", "Family"]) == "Work")
        #expect(Spelling.closest(to: "zzzz", in: ["Personal", "Work"]) == nil)
        #expect(Spelling.fold("Ana PÉREZ") == "ana perez")
    }
}
