import ClerkCore
import ClerkLanguage
import Foundation
import Testing

/// One row of `Fixtures/phrases/intents.tsv`.
struct IntentCase: CustomTestStringConvertible, Sendable {
    var line: Int
    var text: String
    var intent: String
    var slots: [String]
    var testDescription: String { "\(line): \(text)" }

    /// Every row of the fixture file, comments and blank lines skipped.
    static let all: [IntentCase] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/phrases/intents.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var cases: [IntentCase] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("text\t") { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            // Slots are separated by "; " (an RRULE's own ";" has no space after it).
            let slots = columns.count > 2 ? columns[2].components(separatedBy: "; ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } : []
            cases.append(IntentCase(line: n + 1, text: columns[0], intent: columns.count > 1 ? columns[1] : "?", slots: slots))
        }
        return cases
    }()
}

/// The context every fixture row is read in.
enum FixtureContext {
    static let zone = Zone(identifier: "Europe/Madrid")!
    /// Monday 2026-11-30 09:00 in Madrid.
    static let reference = ReferenceTime(instant: Date(timeIntervalSince1970: 1_796_025_600), timeZone: zone)
    static let known = KnownNames(
        calendars: ["Work", "Personal", "Family", "Book club", "Équipe"],
        contacts: ["Ana Pérez", "Bob Stone", "Carla Gomez", "Petey Jones"],
        files: ["notes.txt", "todo.txt", "shopping-list.txt", "budget.txt"]
    )
}

@Suite struct RouterFixtureTests {
    @Test func fixtureFileIsReadAndReferenceIsMondayNine() {
        #expect(IntentCase.all.count > 100)
        #expect(IntentSummary.naive(FixtureContext.reference.instant, FixtureContext.zone) == "2026-11-30T09:00")
    }

    @Test(arguments: IntentCase.all)
    func readsIntentAndEverySlot(_ row: IntentCase) {
        let understanding = Router().understand(row.text, at: FixtureContext.reference, known: FixtureContext.known)
        #expect(understanding.intent.name.rawValue == row.intent, "rule \(understanding.rule)")
        #expect(IntentSummary.pairs(understanding.intent, zone: FixtureContext.zone) == row.slots)
    }
}
