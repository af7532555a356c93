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

    /// Every row cut short at each word, from either end ("move", "stop the", "cancel pick
    /// up"): a line may end where a reader looks one word on. None traps, and each is read
    /// by some rule. (These four trapped: a token index past the line's end.)
    @Test func readsEveryRowCutShortWithoutTrapping() {
        let router = Router()
        var lines = Set<String>()
        for row in IntentCase.all {
            let words = row.text.split(separator: " ")
            for k in 1..<max(words.count, 1) {
                lines.insert(words.prefix(k).joined(separator: " "))
                lines.insert(words.suffix(k).joined(separator: " "))
            }
        }
        #expect(lines.isSuperset(of: ["move", "stop the", "discontinue my", "cancel pick up"]))
        for line in lines.sorted() {
            let understood = router.understand(line, at: FixtureContext.reference, known: FixtureContext.known)
            #expect(!understood.rule.isEmpty, "\(line)")
        }
    }

    @Test(arguments: IntentCase.all)
    func readsIntentAndEverySlot(_ row: IntentCase) {
        let understanding = Router().understand(row.text, at: FixtureContext.reference, known: FixtureContext.known)
        #expect(understanding.intent.name.rawValue == row.intent, "rule \(understanding.rule)")
        #expect(IntentSummary.pairs(understanding.intent, zone: FixtureContext.zone) == row.slots)
    }
}
