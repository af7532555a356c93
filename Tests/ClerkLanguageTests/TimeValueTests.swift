@testable import ClerkLanguage
import Testing

/// A time reading keeps its bound in its own byte and its rarer attributes (a duration, a zone,
/// a repeat, an offset from now) in a shared box: whatever is set where, a reading must say
/// back what was set, compare by all of it, and count as plain only with none of it.
@Suite struct TimeValueTests {
    static let pacific = StatedZone(name: "PST", secondsFromGMT: -8 * 3600)

    @Test func keepsABoundBesideTheOtherAttributesAndComparesByIt() {
        let fivePM = TimeValue.clock(hour: 17, grain: .hour, ambiguous: false)
        var after = fivePM
        after.openBound = .after
        #expect(after.openBound == .after)
        #expect(!after.isPlain)
        #expect(!after.isPlainButZone)
        #expect(after != fivePM)

        var zoned = after
        zoned.zone = Self.pacific
        #expect(zoned.openBound == .after)
        #expect(zoned.zone == Self.pacific)
        #expect(zoned != after)

        zoned.openBound = nil
        #expect(zoned.openBound == nil)
        #expect(zoned.zone == Self.pacific)
        #expect(!zoned.isPlain)
        #expect(zoned.isPlainButZone)

        zoned.zone = nil
        #expect(zoned.isPlain)
        #expect(zoned == fivePM)

        var before = fivePM
        before.openBound = .before
        #expect(before != after)
        before.openBound = .after
        #expect(before == after)
    }

    @Test func aBoundAloneLeavesTheOtherAttributesUnset() {
        var t = TimeValue.date(.weekday(5))
        t.openBound = .until
        #expect(t.duration == nil)
        #expect(t.zone == nil)
        #expect(!t.hasRecurrence)
        #expect(t.fromNow == nil)
        t.duration = Offset(seconds: 3600, unit: .hour)
        #expect(t.openBound == .until)
        #expect(t.duration == Offset(seconds: 3600, unit: .hour))
        #expect(!t.isPlainButZone)
    }

    @Test func aReadingWithAnotherExpressionKeepsEverythingElse() {
        var t = TimeValue.date(.weekday(5), .day, year: true)
        t.isPluralWeekday = true
        t.openBound = .until
        t.duration = Offset(seconds: 3600, unit: .hour)
        t.zone = Self.pacific
        let next = TimeExpression.occurrence(.weekday(5), 1, skipCurrent: true)

        let replaced = t.replacing(expression: next)
        var assigned = t
        assigned.expression = next
        #expect(replaced == assigned)
        #expect(replaced.expression == next)
        #expect(replaced.grain == .day)
        #expect(replaced.hasDate && replaced.hasYear && replaced.isPluralWeekday)
        #expect(replaced.openBound == .until)
        #expect(replaced.duration == Offset(seconds: 3600, unit: .hour))
        #expect(replaced.zone == Self.pacific)
        #expect(replaced != t)
    }
}
