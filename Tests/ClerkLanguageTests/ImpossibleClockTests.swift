import ClerkLanguage
import Testing

/// A clock time written with a colon that no clock shows is found as written; times that
/// exist, and colons in other numbers, are not.
@Suite struct ImpossibleClockTests {
    @Test(arguments: [
        ("lunch tomorrow at 25:00", "25:00"),
        ("call at 12:60 on friday", "12:60"),
        ("standup 9:75", "9:75"),
        ("24:30 party", "24:30"),
    ])
    func findsAClockNoClockShows(text: String, said: String) {
        #expect(ImpossibleClock.find(in: text) == said)
    }

    @Test(arguments: ["lunch at 13:00", "at 9:05", "midnight is 24:00", "10:30:45", "build 2025:13", "ratio 3:2", "v1.12:45", "no colon"])
    func leavesRealTimesAndOtherNumbersAlone(text: String) {
        #expect(ImpossibleClock.find(in: text) == nil)
    }
}
