@testable import ClerkLanguage
import ClerkCore
import Foundation
import Testing

/// The chart keeps its readings in its own memory (`ItemStorage`): room for a few dozen in
/// its scratch block, then memory of its own that grows, the readings moved there. A reading
/// made after a move, or moved, must read as it does in a chart that never grew.
@Suite struct ChartMemoryTests {
    static let madrid = Zone(identifier: "Europe/Madrid")!
    /// Monday 30 November 2026, 09:00 in Madrid.
    static let monday = ReferenceTime(instant: Date(timeIntervalSince1970: 1_796_025_600), timeZone: madrid)

    func local(_ date: Date) -> String { LocalDateTime(date, in: Self.madrid).iso }

    /// How many readings the chart of `text` holds once every stage has run.
    func readingCount(_ text: String) -> Int {
        let tokens = Tokenizer.tokens(text)
        let context = ReadingContext(series: Series(now: ZoneClock(Self.madrid).wall(Self.monday.instant)), dayFirst: false)
        var chart = Chart(tokens: tokens, context: context, grammar: .everyday)
        for stage in Grammar.everyday.stages.indices { chart.run(stage) }
        return chart.items.count
    }

    @Test func readsTheDaysOfALongTextWhoseReadingsOutgrowTheScratchBlockAsEachAlone() throws {
        let names = ["ana", "bob", "carla", "dan", "eve", "fay", "gus", "hal", "ivy", "jo"]
        let clauses = names.enumerated().map { "\($1) on dec \($0 + 1) at \($0 + 1)pm" }
        let text = "call " + clauses.joined(separator: ", ")
        #expect(readingCount(text) > Chart.Scratch.itemsInBlock)
        #expect(readingCount(clauses[0]) <= Chart.Scratch.itemsInBlock)

        let matches = DateReader().read(text, at: Self.monday)
        #expect(matches.count == names.count)
        #expect(matches.map { local($0.start) }.first == "2026-12-01T13:00:00")
        #expect(matches.map { local($0.start) }.last == "2026-12-10T22:00:00")
        for (clause, match) in zip(clauses, matches) {
            let alone = try #require(DateReader().read(clause, at: Self.monday).first)
            #expect(String(text[match.range]) == String(clause[alone.range]))
            #expect(local(match.start) == local(alone.start))
            #expect(local(match.end) == local(alone.end))
            #expect(match.rule == alone.rule)
            #expect(match.parts.map { String(text[$0.range]) } == alone.parts.map { String(clause[$0.range]) })
            #expect(match.parts.map(\.role) == alone.parts.map(\.role))
            #expect(match.parts.map(\.rule) == alone.parts.map(\.rule))
        }
    }
}
