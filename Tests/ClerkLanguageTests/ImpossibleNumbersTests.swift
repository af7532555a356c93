import ClerkCore
import ClerkLanguage
import Foundation
import Testing

/// A repeat with no gap (or one the reader does not read) and a week number the year does
/// not have are found as written; real repeats, weeks and other numbers are not.
@Suite struct ImpossibleNumbersTests {
    @Test(arguments: [
        ("standup every 0 days at 9", "every 0 days"),
        ("gym each -2 weeks on monday", "each -2 weeks"),
        ("Every zero months pay rent", "Every zero months"),
        ("check the boiler every 5000 days", "every 5000 days"),
        ("water plants every 1.5 days at 8am", "every 1.5 days"),
        ("backup every 0,5 hrs", "every 0,5 hrs"),
    ])
    func findsARepeatWithNoGap(text: String, said: String) {
        #expect(ImpossibleRepeat.find(in: text) == said)
    }

    @Test(arguments: ["standup every 2 days at 9", "every 999 years", "every day", "each of the 0 days", "every 3rd day",
                      "every 0", "pay 5 each, 0 days late", "every 10000 days", "lunch with everyone 0 days"])
    func leavesRealRepeatsAlone(text: String) {
        #expect(ImpossibleRepeat.find(in: text) == nil)
    }

    @Test(arguments: [
        ("every 32nd at 10 lunch", "every 32nd"),
        ("pay rent each 0th", "each 0th"),
        ("Every month on the 40th review", "Every month on the 40th"),
        ("backup every 100000000000000000000th", "every 100000000000000000000th"),
    ] as [(String, String?)])
    func findsAMonthDayNoMonthHas(text: String, said: String?) {
        #expect(ImpossibleMonthDay.find(in: text) == said)
    }

    @Test(arguments: ["lunch every 31st at 12", "every 1st and 15th", "every 32nd day", "every 40th week", "each 3rd", "every second",
                      "the 32nd floor every day", "every month"])
    func leavesRealMonthDaysAlone(text: String) {
        #expect(ImpossibleMonthDay.find(in: text) == nil)
    }

    @Test(arguments: [
        ("lunch on the 32nd at 1", "the 32nd"),
        ("what's on the 40th?", "the 40th"),
        ("dentist on 0th", "0th"),
        ("Cancel everything on the 99th, please", "the 99th"),
    ])
    func findsADayNoMonthHas(text: String, said: String) {
        #expect(ImpossibleMonthDay.findDay(in: text) == said)
    }

    @Test(arguments: ["lunch on the 31st at 1", "meeting on the 32nd floor", "party on our 40th anniversary", "on the 3rd", "what's on 32nd street",
                      "the 32nd", "on the 40th birthday of Ana"])
    func leavesRealDaysAlone(text: String) {
        #expect(ImpossibleMonthDay.findDay(in: text) == nil)
    }

    /// Wednesday 2 December 2026: 2026 has 53 ISO weeks, 2027 has 52.
    static let reference = ReferenceTime(instant: Date(timeIntervalSince1970: 1_796_198_400), timeZone: Zone(identifier: "Europe/Madrid")!)

    @Test(arguments: [
        ("what's on in week 54", 54, 2026, 53),
        ("offsite in week 0", 0, 2026, 53),
        ("what's on in Week 53 of 2027", 53, 2027, 52),
        ("anything in wk 53 next year?", 53, 2027, 52),
        ("show week number 99", 99, 2026, 53),
        ("week 60 2028", 60, 2028, 52),
        // ISO 8601 week dates, the year first.
        ("what's on 2026-W54", 54, 2026, 53),
        ("lunch on 2027-W53-1 at 1", 53, 2027, 52),
        ("show 2026-w00", 0, 2026, 53),
        ("lunch 2027W53 at 1", 53, 2027, 52),
    ])
    func findsAWeekTheYearDoesNotHave(text: String, week: Int, year: Int, weeks: Int) {
        let found = ImpossibleWeek.find(in: text, at: Self.reference)
        #expect(found?.week == week)
        #expect(found?.year == year)
        #expect(found?.weeks == weeks)
    }

    /// Said on 2 January 2027 (in week 53 of 2026) and on 29 December 2025 (in week 1 of
    /// 2026), "week 53" is there; on 4 January 2027 it is not.
    @Test func weekFiftyThreeIsTheWeeksOwnYears() {
        func at(_ seconds: TimeInterval) -> ReferenceTime { ReferenceTime(instant: Date(timeIntervalSince1970: seconds), timeZone: Self.reference.timeZone) }
        #expect(ImpossibleWeek.find(in: "what's on in week 53", at: at(1_798_884_000)) == nil)
        #expect(ImpossibleWeek.find(in: "what's on in week 53", at: at(1_766_998_800)) == nil)
        #expect(ImpossibleWeek.find(in: "what's on in week 53", at: at(1_799_056_800))?.year == 2027)
        #expect(ImpossibleWeek.find(in: "what's on in week 53 of 2027", at: at(1_798_884_000))?.weeks == 52)
    }

    @Test(arguments: ["what's on in week 53", "week 1 of 2027", "week 52 of 2027", "every week 5 times", "the 54 week plan", "weekly at 54",
                      "week 12:30", "weekend 99", "week 53 of 2032", "week 1000",
                      "what's on 2026-W53-7", "lunch 2026w53 at 1", "what's on 2027-W52", "flight w54", "order 12345-w99", "2027-wx"])
    func leavesRealWeeksAlone(text: String) {
        #expect(ImpossibleWeek.find(in: text, at: Self.reference) == nil)
    }
}
