@testable import ClerkLanguage
import ClerkCore
import Foundation
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
        var plusDays: Int
        /// Published days, `YYYY-MM-DD`.
        var days: [String]
        var testDescription: String { name }
    }

    static let moments: [String: HinduCalendar.Moment] = [
        "sunrise": .sunrise, "sunriseHeld": .sunriseHeld, "midday": .midday, "afternoon": .afternoon, "pradosh": .pradosh,
        "afterBhadra": .afterBhadra, "moonrise": .moonrise, "midnight": .midnight,
    ]

    /// Name | lunar month | tithi | moment | days after | the published days.
    static let festivals: [Festival] = """
        Diwali | 7 | 30 | pradosh | 0 | 2017-10-19 2018-11-07 2019-10-27 2020-11-14 2021-11-04 2022-10-24 2023-11-12 2024-11-01 2025-10-20
        Dhanteras | 7 | 28 | pradosh | 0 | 2017-10-17 2019-10-25 2023-11-10 2024-10-29 2025-10-18
        Kali Chaudas | 7 | 29 | midnight | 0 | 2019-10-26 2024-10-30 2025-10-19
        Naraka Chaturdashi | 7 | 29 | sunrise | 0 | 2024-10-31 2025-10-20
        Govardhan Puja | 8 | 1 | sunrise | 0 | 2023-11-14 2024-11-02 2025-10-22
        Bhai Dooj | 8 | 2 | afternoon | 0 | 2019-10-29 2024-11-03 2025-10-23
        Chhath | 8 | 6 | sunrise | 0 | 2019-11-02 2023-11-19 2024-11-07 2025-10-27
        Vijayadashami | 7 | 10 | afternoon | 0 | 2023-10-24 2024-10-12 2025-10-02
        Karva Chauth | 7 | 19 | moonrise | 0 | 2018-10-27 2023-11-01 2024-10-20 2025-10-10
        Rath Yatra | 4 | 2 | sunrise | 0 | 2018-07-14 2024-07-07 2025-06-27
        Raksha Bandhan | 5 | 15 | sunriseHeld | 0 | 2018-08-26 2023-08-30 2024-08-19 2025-08-09
        Mahavir Jayanti | 1 | 13 | sunrise | 0 | 2020-04-06 2024-04-21 2025-04-10
        Maha Shivaratri | 11 | 29 | midnight | 0 | 2020-02-21 2023-02-18 2024-03-08 2025-02-26
        Vasant Panchami | 11 | 5 | sunrise | 0 | 2019-02-10 2024-02-14 2025-02-02
        Holika Dahan | 12 | 15 | afterBhadra | 0 | 2019-03-20 2024-03-24 2025-03-13
        Holi | 12 | 15 | afterBhadra | 1 | 2019-03-21 2024-03-25 2025-03-14 2026-03-04
        Krishna Janmashtami | 5 | 23 | midnight | 0 | 2019-08-23 2023-09-06 2024-08-26
        Buddha Purnima | 2 | 15 | sunrise | 0 | 2013-05-25 2024-05-23 2025-05-12
        Guru Gobind Singh Jayanti | 10 | 7 | sunrise | 0 | 2014-01-07 2024-01-17 2025-01-06
        Guru Ravidas Jayanti | 11 | 15 | sunrise | 0 | 2018-01-31 2019-02-19 2024-02-24 2025-02-12
        Valmiki Jayanti | 7 | 15 | sunrise | 0 | 2018-10-24 2019-10-13 2024-10-17
        Ganesh Chaturthi | 6 | 4 | midday | 0 | 2019-09-02 2023-09-19 2024-09-07 2025-08-27
        Rama Navami | 1 | 9 | midday | 0 | 2020-04-02 2024-04-17 2025-04-06
        Ugadi | 1 | 1 | sunrise | 0 | 2018-03-18 2024-04-09 2025-03-30
        Navaratri | 7 | 1 | sunrise | 0 | 2018-10-10 2024-10-03 2025-09-22
        Maha Saptami | 7 | 7 | sunrise | 0 | 2021-10-12
        Guru Nanak Jayanti | 8 | 15 | sunrise | 0 | 2023-11-27 2024-11-15 2025-11-05
        Hanuman Jayanti | 1 | 15 | sunrise | 0 | 2024-04-23 2025-04-12
        """.split(separator: "\n").map { line in
        let fields = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        return Festival(name: fields[0], month: Int(fields[1])!, tithi: Int(fields[2])!, moment: moments[fields[3]]!, plusDays: Int(fields[4])!,
                        days: fields[5].split(separator: " ").map(String.init))
    }

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
