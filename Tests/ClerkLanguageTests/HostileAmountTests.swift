import ClerkCore
@testable import ClerkLanguage
import Foundation
import Testing

/// Amounts no person means — huge, infinite, written as 1e999 — never stop the program: an
/// amount of time beyond what clerk takes is read and marked as out of range (the
/// conversation refuses the line), and a number that is not a numeral is not an amount.
@Suite struct HostileAmountTests {
    let router = Router()

    /// Each line, and the words `amountOutOfRange` names (nil: nothing out of range).
    static let table: [(String, String?)] = [
        // The three: each trapped in Quantity.minutes (Int of an infinite or huge Double).
        ("what's on in 1e19 days", "1e19 days"),
        ("lunch for 1e999 hours", "for 1e999 hours"),
        ("lunch in 9999999999999999999 days", "9999999999999999999 days"),
        // Lengths, reminders, moves and slot lengths past ten years.
        ("lunch tomorrow for 999999999 hours", "for 999999999 hours"),
        ("lunch tomorrow for 1e300 minutes", "for 1e300 minutes"),
        ("lunch for 1.7976931348623157e308 hours", "for 1.7976931348623157e308 hours"),
        ("lunch tomorrow for 9999999999999999999h", "for 9999999999999999999h"),
        ("lunch tomorrow for 999999999h30", "for 999999999h30"),
        ("lunch for 999999999 and a half hours", "for 999999999 and a half hours"),
        ("lunch for an hour and 999999999 minutes", "for an hour and 999999999 minutes"),
        ("lunch tomorrow remind me 1e30 minutes before", "remind me 1e30 minutes before"),
        ("free slots of 1e20 hours tomorrow", "1e20 hours"),
        ("move the dentist 1e12 hours later", "1e12 hours later"),
        ("lunch every monday for 999999999 weeks", "for 999999999 weeks"),
        ("on Friday for 9999 weeks", "on Friday for 9999 weeks"),
        // Dates further than any reader counts.
        ("lunch in 99999 years", "99999 years"),
        ("what's on in 999999999 years", "999999999 years"),
        ("lunch 999999999 days from now", "999999999 days"),
        // Read, but past the years 1 to 9999 (they were events in 12025 and -6974).
        ("lunch in 9999 years", "in 9999 years"),
        ("what's on in 8000 years", "in 8000 years"),
        ("lunch 9000 years ago", "9000 years ago"),
        // Counts of a repeat past 9,999: too many times, not words of the title.
        ("standup daily for 1000000 times", "1000000 times"),
        ("repeat 5000000 times", "5000000 times"),
        ("gym every day for 99999999999 times", "99999999999 times"),
        ("yoga every monday 10000 occurrences", "10000 occurrences"),
        // Not numerals, so not amounts: words or a title, nothing refused, nothing trapped.
        ("lunch for nan hours", nil),
        ("lunch for inf minutes", nil),
        ("lunch for infinity hours", nil),
        ("lunch for -5 hours", nil),
        ("lunch for 0x1p60 hours", nil),
        ("lunch tomorrow for 2h999999999", nil),
        // In range: still read as they were.
        ("lunch tomorrow for 90 minutes", nil),
        ("workshop on Friday for 3 hours", nil),
        ("block 10000 minutes for the move", nil),
        ("lunch in 9999 days", nil),
        ("lunch in 7000 years", nil),
        ("gym every day for 20 times", nil),
        ("every day at 7 9999 times", nil),
        // Not a request about events: a file's text is not an amount.
        ("append 99999 years of solitude to books.txt", nil),
    ]

    @Test(arguments: table)
    func outOfRangeAmountsAreMarkedNeverTrapped(text: String, outOfRange: String?) {
        let understanding = router.understand(text, at: FixtureContext.reference, known: FixtureContext.known)
        #expect(understanding.amountOutOfRange == outOfRange)
        // Every value the intent carries stays where arithmetic on it cannot overflow.
        #expect(!understanding.intent.saysMinutes(where: { abs($0) > Quantity.tooLong }))
    }

    @Test(arguments: [
        ("90", 90), ("1.5", 1.5), ("1e3", 1000), ("2.5E-1", 0.25), ("1e999", .infinity),
    ] as [(String, Double)])
    func numeralsAreDigitsWithAPointAndAnExponent(word: String, value: Double) {
        #expect(Quantity.numeral(word) == value)
    }

    @Test(arguments: ["nan", "inf", "infinity", "-5", "+5", "0x1p60", "1e", "1e+", ".5", "5.", "1.2.3", "1_000", "٣", ""])
    func otherNumbersAreNotNumerals(word: String) {
        #expect(Quantity.numeral(word) == nil)
    }

    @Test(arguments: [
        (Double.nan, 0), (.infinity, Int.max), (-.infinity, Int.min), (1e300, Int.max), (-1e300, Int.min), (2.9, 2), (-2.9, -2),
    ] as [(Double, Int)])
    func doublesBecomeIntsWithoutTrapping(value: Double, expected: Int) {
        #expect(Int(saturating: value) == expected)
    }
}
