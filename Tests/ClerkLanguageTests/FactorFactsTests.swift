@testable import ClerkLanguage
import ClerkCore
import Testing

/// `Series.exists` refuses an intersection whose factors contradict each other without walking
/// it. The test must be sound: whatever it refuses, the walk finds no span of either way.
/// A span fixed by now it works out once, and answers as the walk would.
@Suite struct FactorFactsTests {
    /// Monday 2026-11-30 09:00 on the wall clock.
    static let series = Series(now: Wall.time(2026, 11, 30) + 9 * 3600)

    /// No span either way from now, by the walk alone.
    func walkFindsNone(_ e: TimeExpression) -> Bool {
        Self.series.next(e, endingAfter: Self.series.now) == nil && Self.series.previous(e, startingBefore: Self.series.now) == nil
    }

    static let contradictions: [TimeExpression] = [
        .intersect(.nthUnit(-1, .week, in: .month(10)), .dayOfMonth(2)),
        .intersect(.year(2018), .intersect(.nthUnit(-1, .week, in: .month(10)), .dayOfMonth(2))),
        .intersect(.nthUnit(-1, .day, in: .month(5)), .dayOfMonth(5)),
        .intersect(.nthUnit(2, .week, in: .intersect(.year(2027), .month(3))), .dayOfMonth(1)),
        .intersect(.dayPart(from: 12 * 3600, to: 19 * 3600), .clock(hour: 20, minute: 0, second: 0, length: 3600)),
        .intersect(.month(2), .intersect(.dayPart(from: 0, to: 12 * 3600), .clock(hour: 15, minute: 0, second: 0, length: 3600))),
        .intersect(.monthDay(month: 4, day: 15), .dayOfMonth(14)),
        .intersect(.month(9), .monthDay(month: 1, day: 8)),
        .intersect(.month(2), .dayOfMonth(30)),
        .intersect(.month(4), .dayOfMonth(31)),
        .intersect(.weekday(1), .intersect(.month(3), .weekday(2))),
        .intersect(.holiday(easter), .weekday(1)),
        .intersect(.holiday(Holiday(rule: .easter(offset: 1))), .weekday(7)),
        .intersect(.holiday(christmas), .dayOfMonth(24)),
        .intersect(.month(11), .holiday(christmas)),
        .intersect(.holiday(thanksgiving), .weekday(5)),
    ]

    static let easter = Holiday(rule: .easter(offset: 0))
    static let christmas = Holiday(rule: .fixed(month: 12, day: 25))
    static let thanksgiving = Holiday(rule: .nthWeekday(month: 11, weekday: 4, n: 4, plusDays: 0))

    /// Shapes that meet, some only just: the test must not refuse them.
    static let meetings: [TimeExpression] = [
        .intersect(.nthUnit(-1, .week, in: .month(10)), .dayOfMonth(25)),
        .intersect(.nthUnit(1, .week, in: .month(10)), .dayOfMonth(7)),
        .intersect(.nthUnit(-1, .day, in: .month(2)), .dayOfMonth(28)),
        .intersect(.month(2), .dayOfMonth(29)),
        .intersect(.dayPart(from: 12 * 3600, to: 19 * 3600), .clock(hour: 18, minute: 30, second: 0, length: 3600)),
        .intersect(.dayPart(from: 0, to: 3600), .clock(hour: 23, minute: 30, second: 0, length: 3600)),
        .intersect(.dayPart(from: 18 * 3600, to: 30 * 3600), .clock(hour: 2, minute: 0, second: 0, length: 3600)),
        .intersect(.month(3), .intersect(.weekday(2), .monthDay(month: 3, day: 16))),
        .intersect(.holiday(easter), .weekday(7)),
        .intersect(.holiday(Holiday(rule: .easter(offset: -2))), .weekday(5)),
        .intersect(.holiday(Holiday(rule: .orthodoxEaster(offset: 1))), .weekday(1)),
        .intersect(.holiday(christmas), .intersect(.month(12), .weekday(5))),
        .intersect(.holiday(thanksgiving), .weekday(4)),
        .intersect(.holiday(Holiday(rule: .nthWeekday(month: 11, weekday: 4, n: 4, plusDays: 1))), .weekday(5)),
    ]

    /// Spans fixed by now, one of them nowhere ("the 3rd Monday after today's" is one).
    static let singles: [TimeExpression] = [
        .closest(.weekday(1), 1, to: .holiday(christmas)),
        .closest(.holiday(christmas), 2, to: .cycle(.day, 0)),
        .occurrence(.weekday(5), -1, skipCurrent: true),
        .occurrence(.intersect(.month(2), .dayOfMonth(29)), 3, skipCurrent: false),
        .cycle(.week, 1),
        .moment(Offset(days: -3, unit: .day), .day),
    ]

    @Test(arguments: contradictions) func refusesFactorsThatCannotMeetAsTheWalkDoes(_ e: TimeExpression) {
        #expect(!Self.series.exists(e))
        #expect(walkFindsNone(e))
    }

    @Test(arguments: meetings) func takesFactorsThatMeet(_ e: TimeExpression) {
        #expect(Self.series.exists(e))
    }

    /// A span fixed by now is worked out once: it exists when the walk finds it either way.
    @Test(arguments: singles) func aSingleSpanExistsWhereTheWalkFindsIt(_ e: TimeExpression) {
        #expect(Self.series.exists(e) == !walkFindsNone(e))
    }

    /// Every day of the month against the nth day and whole week of three months, and
    /// against the month itself: what the test refuses, the walk never finds.
    @Test func refusesOnlyWhatTheWalkNeverFinds() {
        var refused = 0
        for month in [2, 4, 10] {
            for day in 1...31 {
                var shapes: [TimeExpression] = [.intersect(.month(month), .dayOfMonth(day))]
                for n in [-2, -1, 1, 2] {
                    shapes.append(.intersect(.nthUnit(n, .week, in: .month(month)), .dayOfMonth(day)))
                    shapes.append(.intersect(.nthUnit(n, .day, in: .month(month)), .dayOfMonth(day)))
                }
                for e in shapes where !Self.series.exists(e) {
                    refused += 1
                    #expect(walkFindsNone(e), "refused \(e), which the walk finds")
                }
            }
        }
        #expect(refused > 500)
    }
}

/// `Compose.intersection` puts the factors of both readings in one chain, leaning right, from
/// the sparsest to the densest, keeping the order said among equals: whatever shape its
/// readings come in, and whether or not the first was a chain it had built.
@Suite struct IntersectionChainTests {
    static let factors: [TimeExpression] = [
        .year(2027), .holiday(Holiday(rule: .fixed(month: 12, day: 25))), .month(4), .monthDay(month: 4, day: 9),
        .dayOfMonth(9), .weekday(5), .weekday(2), .dayPart(from: 12 * 3600, to: 18 * 3600),
        .clock(hour: 15, minute: 0, second: 0, length: 3600), .cycle(.week, 1),
    ]

    /// The factors of `e` in the order written.
    func flattened(_ e: TimeExpression) -> [TimeExpression] {
        if case .intersect(let a, let b) = e { return flattened(a) + flattened(b) }
        return [e]
    }

    /// The expected chain: a stable sort by density, leaning right.
    func chain(_ factors: [TimeExpression]) -> TimeExpression {
        let rank: (TimeExpression) -> Int = { e in
            switch e {
            case .year, .cycle: return 0
            case .holiday: return 1
            case .month: return 3
            case .monthDay: return 4
            case .dayOfMonth: return 6
            case .weekday: return 7
            case .dayPart: return 9
            default: return 10
            }
        }
        let sorted = factors.enumerated().sorted { (rank($0.1), $0.0) < (rank($1.1), $1.0) }.map(\.1)
        return sorted.dropLast().reversed().reduce(sorted.last!) { .intersect($1, $0) }
    }

    @Test func makesOneOrderedChainOfAnyTwoReadings() {
        var checked = 0
        for (i, x) in Self.factors.enumerated() {
            for (j, y) in Self.factors.enumerated() where j != i {
                for z in Self.factors.indices where z != i && z != j {
                    let built = Compose.intersection(x, y)            // a chain the function built
                    let unordered = TimeExpression.intersect(y, x)     // a chain in the order said
                    let third = Self.factors[z]
                    #expect(Compose.intersection(built, third) == chain(flattened(built) + [third]))
                    #expect(Compose.intersection(unordered, third) == chain([y, x, third]))
                    #expect(Compose.intersection(third, built) == chain([third] + flattened(built)))
                    #expect(Compose.intersection(built, Compose.intersection(third, x)) == chain(flattened(built) + flattened(Compose.intersection(third, x))))
                    checked += 1
                }
            }
        }
        #expect(checked == 720)
    }
}
