@testable import ClerkLanguage
import ClerkCore
import Testing

/// The Hindu lunisolar calendar: its astronomy against Meeus' worked examples and known
/// sunrises, and its festivals against the days India's holiday lists and the published
/// panchangs gave them.
@Suite struct HinduCalendarTests {
    /// Days since 1970 of a UTC wall time.
    static func days(_ year: Int, _ month: Int, _ day: Int, hour: Double = 0) -> Double {
        Double(CivilCalendar.dayNumber(year: year, month: month, day: day)) + hour / 24
    }

    /// Minutes after midnight in India (UTC+5:30) of an instant in days since 1970.
    static func indianMinutes(_ t: Double) -> Double {
        let local = t + 5.5 / 24
        return (local - local.rounded(.down)) * 1440
    }

    @Test func theMoonsLongitudeIsMeeusExample() {
        // Example 47.a: 1992 April 12, 0h TD; apparent longitude 133.167265° (nutation +0.004610°;
        // the main term alone gives a few thousandths of a degree less).
        let longitude = HinduCalendar.reduced(MoonLongitude.apparent(atDays: Self.days(1992, 4, 12)))
        #expect(abs(longitude - 133.167265) < 0.003, "\(longitude)")
    }

    @Test func newMoonsFallWhenPublished() {
        // New moons of 2024 (UTC): 11 January 11:57, 1 November 12:47.
        for (month, day, hour) in [(1, 11, 11.95), (11, 1, 12.783)] {
            let moon = HinduCalendar.lunarMonth(around: Self.days(2024, month, day, hour: hour) + 3).start
            #expect(abs(moon - Self.days(2024, month, day, hour: hour)) < 2.0 / 1440, "\(month)/\(day)")
        }
    }

    @Test func sunriseAndSunsetAtNewDelhi() {
        // 1 November 2024: 06:33 and 17:36; 21 June 2024: 05:24 and 19:22 (India time).
        for (month, day, rise, set) in [(11, 1, 6 * 60 + 33, 17 * 60 + 36), (6, 21, 5 * 60 + 24, 19 * 60 + 22)] {
            let sun = HinduCalendar.sun(.newDelhi, day: CivilCalendar.dayNumber(year: 2024, month: month, day: day))
            #expect(abs(Self.indianMinutes(sun.rise) - Double(rise)) < 2, "\(month)/\(day) rise")
            #expect(abs(Self.indianMinutes(sun.set) - Double(set)) < 2, "\(month)/\(day) set")
        }
    }

    struct Festival: CustomTestStringConvertible, Sendable {
        var name: String
        var month: Int
        var tithi: Int
        var moment: HinduCalendar.Moment
        var plusDays = 0
        /// Published days, `YYYY-MM-DD`.
        var days: [String]
        var testDescription: String { name }
    }

    static let festivals: [Festival] = [
        Festival(name: "Diwali", month: 7, tithi: 30, moment: .pradosh,
                 days: ["2017-10-19", "2018-11-07", "2019-10-27", "2020-11-14", "2021-11-04", "2022-10-24", "2023-11-12", "2024-11-01", "2025-10-20"]),
        Festival(name: "Dhanteras", month: 7, tithi: 28, moment: .pradosh, days: ["2017-10-17", "2019-10-25", "2023-11-10", "2024-10-29", "2025-10-18"]),
        Festival(name: "Kali Chaudas", month: 7, tithi: 29, moment: .midnight, days: ["2019-10-26", "2024-10-30", "2025-10-19"]),
        Festival(name: "Naraka Chaturdashi", month: 7, tithi: 29, moment: .sunrise, days: ["2024-10-31", "2025-10-20"]),
        Festival(name: "Govardhan Puja", month: 8, tithi: 1, moment: .sunrise, days: ["2023-11-14", "2024-11-02", "2025-10-22"]),
        Festival(name: "Bhai Dooj", month: 8, tithi: 2, moment: .afternoon, days: ["2019-10-29", "2024-11-03", "2025-10-23"]),
        Festival(name: "Chhath", month: 8, tithi: 6, moment: .sunrise, days: ["2019-11-02", "2023-11-19", "2024-11-07", "2025-10-27"]),
        Festival(name: "Vijayadashami", month: 7, tithi: 10, moment: .afternoon, days: ["2023-10-24", "2024-10-12", "2025-10-02"]),
        Festival(name: "Karva Chauth", month: 7, tithi: 19, moment: .moonrise, days: ["2018-10-27", "2023-11-01", "2024-10-20", "2025-10-10"]),
        Festival(name: "Rath Yatra", month: 4, tithi: 2, moment: .sunrise, days: ["2018-07-14", "2024-07-07", "2025-06-27"]),
        Festival(name: "Raksha Bandhan", month: 5, tithi: 15, moment: .sunriseHeld, days: ["2018-08-26", "2023-08-30", "2024-08-19", "2025-08-09"]),
        Festival(name: "Mahavir Jayanti", month: 1, tithi: 13, moment: .sunrise, days: ["2020-04-06", "2024-04-21", "2025-04-10"]),
        Festival(name: "Maha Shivaratri", month: 11, tithi: 29, moment: .midnight, days: ["2020-02-21", "2023-02-18", "2024-03-08", "2025-02-26"]),
        Festival(name: "Vasant Panchami", month: 11, tithi: 5, moment: .sunrise, days: ["2019-02-10", "2024-02-14", "2025-02-02"]),
        Festival(name: "Holika Dahan", month: 12, tithi: 15, moment: .afterBhadra, days: ["2019-03-20", "2024-03-24", "2025-03-13"]),
        Festival(name: "Holi", month: 12, tithi: 15, moment: .afterBhadra, plusDays: 1, days: ["2019-03-21", "2024-03-25", "2025-03-14", "2026-03-04"]),
        Festival(name: "Krishna Janmashtami", month: 5, tithi: 23, moment: .midnight, days: ["2019-08-23", "2023-09-06", "2024-08-26"]),
        Festival(name: "Buddha Purnima", month: 2, tithi: 15, moment: .sunrise, days: ["2013-05-25", "2024-05-23", "2025-05-12"]),
        Festival(name: "Guru Gobind Singh Jayanti", month: 10, tithi: 7, moment: .sunrise, days: ["2014-01-07", "2024-01-17", "2025-01-06"]),
        Festival(name: "Guru Ravidas Jayanti", month: 11, tithi: 15, moment: .sunrise, days: ["2018-01-31", "2019-02-19", "2024-02-24", "2025-02-12"]),
        Festival(name: "Valmiki Jayanti", month: 7, tithi: 15, moment: .sunrise, days: ["2018-10-24", "2019-10-13", "2024-10-17"]),
        Festival(name: "Ganesh Chaturthi", month: 6, tithi: 4, moment: .midday, days: ["2019-09-02", "2023-09-19", "2024-09-07", "2025-08-27"]),
        Festival(name: "Rama Navami", month: 1, tithi: 9, moment: .midday, days: ["2020-04-02", "2024-04-17", "2025-04-06"]),
        Festival(name: "Ugadi", month: 1, tithi: 1, moment: .sunrise, days: ["2018-03-18", "2024-04-09", "2025-03-30"]),
        Festival(name: "Navaratri", month: 7, tithi: 1, moment: .sunrise, days: ["2018-10-10", "2024-10-03", "2025-09-22"]),
        Festival(name: "Maha Saptami", month: 7, tithi: 7, moment: .sunrise, days: ["2021-10-12"]),
        Festival(name: "Guru Nanak Jayanti", month: 8, tithi: 15, moment: .sunrise, days: ["2023-11-27", "2024-11-15", "2025-11-05"]),
        Festival(name: "Hanuman Jayanti", month: 1, tithi: 15, moment: .sunrise, days: ["2024-04-23", "2025-04-12"]),
    ]

    static func iso(_ day: Int) -> String {
        let date = CivilCalendar.date(dayNumber: day)
        let digits = [date.year, date.month, date.day].map { String($0) }
        return digits[0] + "-" + String(repeating: "0", count: 2 - digits[1].count) + digits[1] + "-" + String(repeating: "0", count: 2 - digits[2].count) + digits[2]
    }

    @Test(arguments: festivals) func festivalsFallOnTheirPublishedDays(_ festival: Festival) {
        for published in festival.days {
            let year = Int(published.prefix(4))!
            let day = HinduCalendar.day(month: festival.month, tithi: festival.tithi, at: festival.moment, gregorianYear: year)
            #expect(day.map { Self.iso($0 + festival.plusDays) } == published, "\(festival.name) \(year)")
        }
    }

    @Test func onamIsThiruvonamInChingam() {
        // 2013 and 2024 had two Thiruvonams in Chingam, and kept the second.
        for published in ["2013-09-16", "2018-08-24", "2023-08-29", "2024-09-15", "2025-09-05"] {
            #expect(HinduCalendar.onam(gregorianYear: Int(published.prefix(4))!).map(Self.iso) == published)
        }
    }

    @Test func aLunarYearMaySkipAGregorianOne() {
        // Guru Gobind Singh Jayanti fell on 6 January and 27 December 2025, and next on
        // 15 January 2027: 2026 has none.
        #expect(HinduCalendar.day(month: 10, tithi: 7, at: .sunrise, gregorianYear: 2026) == nil)
        #expect(HinduCalendar.day(month: 10, tithi: 7, at: .sunrise, gregorianYear: 2027).map(Self.iso) == "2027-01-15")
    }

    @Test func everyFestivalComesEveryYearOrSkipsOneAtTheTurnOfTheYear() {
        // Over two centuries only the months that straddle 1 January (Margashirsha's end,
        // Pausha) can miss a Gregorian year; every other festival day exists and is in its year.
        for year in stride(from: 1900, through: 2100, by: 7) {
            for month in [1, 2, 3, 4, 5, 6, 7, 8, 11, 12] {
                for tithi in [1, 8, 15, 23, 30] {
                    let day = HinduCalendar.day(month: month, tithi: tithi, at: .sunrise, gregorianYear: year)
                    #expect(day.map { CivilCalendar.date(dayNumber: $0).year } == year, "\(year) \(month) \(tithi)")
                }
            }
            #expect(HinduCalendar.onam(gregorianYear: year) != nil, "Onam \(year)")
        }
        #expect(HinduCalendar.day(month: 0, tithi: 1, at: .sunrise, gregorianYear: 2024) == nil)
        #expect(HinduCalendar.day(month: 1, tithi: 31, at: .sunrise, gregorianYear: 2024) == nil)
        #expect(HinduCalendar.day(month: 1, tithi: 1, at: .sunrise, gregorianYear: 1_000_000) == nil)
    }
}
