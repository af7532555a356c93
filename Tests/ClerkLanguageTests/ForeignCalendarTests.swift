@testable import ClerkLanguage
import ClerkCore
import Foundation
import Testing

/// clerk's Hebrew arithmetic and its Islamic and Chinese tables give the days Foundation's
/// ICU calendars give (which clerk asked before it linked FoundationEssentials only), for
/// every date the holidays use and every year of the tables.
@Suite struct ForeignCalendarTests {
    static func calendar(_ id: Calendar.Identifier, _ zone: String = "UTC") -> Calendar {
        var c = Calendar(identifier: id)
        c.timeZone = TimeZone(identifier: zone)!
        return c
    }

    static let gregorian = calendar(.gregorian)

    /// The day number of the civil day `date` falls on in `c`'s zone.
    static func dayNumber(_ date: Date, in c: Calendar) -> Int {
        let parts = gregorian.dateComponents(in: c.timeZone, from: date)
        return CivilCalendar.dayNumber(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    static func icu(_ c: Calendar, _ parts: DateComponents) -> Int? {
        c.date(from: parts).map { dayNumber($0, in: c) }
    }

    /// ICU gives 5806 (2045–46) and 6053 (2292–93) 385 days, a length no leap year starting
    /// on a Tuesday can have (such a year is "regular", 384 days), so it starts 5807 and
    /// 6054 a day late; the arithmetic is kept there.
    static let icuMistakes: Set<Int> = [5806, 5807, 6053, 6054]

    @Test func hebrewDatesAreICUs() {
        let hebrew = Self.calendar(.hebrew)
        let dates = [(1, 1), (1, 10), (1, 15), (1, 22), (1, 23), (2, 29), (2, 30), (3, 25), (3, 29), (3, 30), (4, 1), (5, 15),
                     (7, 14), (7, 15), (8, 15), (8, 27), (9, 5), (9, 18), (10, 6), (12, 9), (13, 29)]
        var compared = 0
        for year in 1800...2400 {
            for (month, day) in dates {
                let hebrewYear = year + (month <= 3 ? 3761 : 3760)
                guard !Self.icuMistakes.contains(hebrewYear) else { continue }
                let expected = Self.icu(hebrew, DateComponents(year: hebrewYear, month: month, day: day))
                #expect(ForeignCalendars.hebrew(month: month, day: day, gregorianYear: year) == expected, "\(year) \(month)/\(day)")
                compared += 1
            }
        }
        #expect(compared > 12_000)
    }

    @Test func theHebrewYearsICUGetsWrongHaveValidLengths() {
        // 5806 starts on Tuesday 12 September 2045 for both; a leap year starting on a Tuesday
        // is 384 days long, so 5807 starts on Monday 1 October 2046.
        #expect(ForeignCalendars.hebrewNewYear(5806) == CivilCalendar.dayNumber(year: 2045, month: 9, day: 12))
        #expect(ForeignCalendars.hebrewNewYear(5807) == CivilCalendar.dayNumber(year: 2046, month: 10, day: 1))
        for year in 1...7000 {
            let length = ForeignCalendars.hebrewNewYear(year + 1) - ForeignCalendars.hebrewNewYear(year)
            #expect((ForeignCalendars.hebrewIsLeap(year) ? [383, 384, 385] : [353, 354, 355]).contains(length), "\(year)")
        }
    }

    @Test func islamicDatesAreICUsWithinTheTable() {
        let ummAlQura = Self.calendar(.islamicUmmAlQura), astronomical = Self.calendar(.islamic)
        for year in ForeignCalendars.islamicYears {
            let c = year >= 1420 ? ummAlQura : astronomical
            for month in 1...12 {
                for day in [1, 10, 27, 29] {
                    #expect(ForeignCalendars.islamicDay(year: year, month: month, day: day) == Self.icu(c, DateComponents(year: year, month: month, day: day)),
                            "\(year) \(month)/\(day)")
                }
            }
        }
        // A Gregorian year's Eid al-Fitr (1 Shawwal), as the holidays ask for it.
        #expect(ForeignCalendars.islamic(month: 10, day: 1, gregorianYear: 2026) == CivilCalendar.dayNumber(year: 2026, month: 3, day: 20))
    }

    @Test func islamicDatesOutsideTheTableAreTheCivilCalendars() {
        let civil = Self.calendar(.islamicCivil)
        // From 991 AH on, ICU's Gregorian dates are Gregorian (before 1582 they are Julian).
        for year in [991, 1200, 1299, 1601, 1700, 2000] {
            for month in 1...12 {
                #expect(ForeignCalendars.islamicDay(year: year, month: month, day: 1) == Self.icu(civil, DateComponents(year: year, month: month, day: 1)))
            }
        }
    }

    @Test func chineseNewYearsAreICUsWithinTheTable() {
        let chinese = Self.calendar(.chinese, "Asia/Shanghai")
        for year in ForeignCalendars.chineseNewYearYears {
            let parts = chinese.dateComponents([.era, .year], from: Self.gregorian.date(from: DateComponents(year: year, month: 6, day: 1))!)
            let expected = Self.icu(chinese, DateComponents(era: parts.era, year: parts.year, month: 1, day: 1))
            #expect(ForeignCalendars.chineseNewYear(gregorianYear: year) == expected, "\(year)")
        }
        #expect(ForeignCalendars.chineseNewYear(gregorianYear: 1899) == nil)
        #expect(ForeignCalendars.chineseNewYear(gregorianYear: 2201) == nil)
        #expect(ForeignCalendars.chineseNewYear(gregorianYear: 2026) == CivilCalendar.dayNumber(year: 2026, month: 2, day: 17))
    }
}
