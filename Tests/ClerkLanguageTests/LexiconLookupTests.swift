@testable import ClerkLanguage
import Testing

/// The look-ups that test a word's first letter and length before hashing it must answer as
/// the table does.
@Suite struct LexiconLookupTests {
    @Test func aDurationUnitIsOneOfTheTable() {
        for unit in Lexicon.durationUnits.keys { #expect(Lexicon.isDurationUnit(unit), "\(unit)") }
        for word in ["", "pm", "am", "march", "ms", "o'clock", "-", "hourly", "weekend", "dayz", "5"] {
            #expect(!Lexicon.isDurationUnit(word), "\(word)")
        }
    }
}
