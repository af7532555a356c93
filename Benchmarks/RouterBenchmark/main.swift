import ClerkCore
import ClerkLanguage
import Foundation

// Times the router over the fixture sentences (Fixtures/phrases/intents.tsv), in release:
//
//     swift build -c release --product RouterBenchmark && .build/release/RouterBenchmark
//     .build/release/RouterBenchmark [routing] [--fixture OTHER.tsv]
//
// It reports the time per sentence of `Router.understand` (date reader included), of the
// date reader alone, and of routing alone (dates read beforehand). Each figure is the best
// of 30 rounds (the machine is shared; the best round is the least disturbed).

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
// `--fixture PATH` times another table of sentences (an earlier intents.tsv, to compare two
// versions of the router on the same sentences).
var arguments = Array(CommandLine.arguments.dropFirst())
var fixture = root.appendingPathComponent("Fixtures/phrases/intents.tsv")
if let at = arguments.firstIndex(of: "--fixture"), at + 1 < arguments.count {
    fixture = URL(fileURLWithPath: arguments[at + 1])
    arguments.removeSubrange(at...(at + 1))
}
// `--rounds N` for `routing` (50 by default): fewer, to count instructions under callgrind.
var routingRounds = 50
if let at = arguments.firstIndex(of: "--rounds"), at + 1 < arguments.count, let n = Int(arguments[at + 1]) {
    routingRounds = n
    arguments.removeSubrange(at...(at + 1))
}
guard let table = try? String(contentsOf: fixture, encoding: .utf8) else {
    FileHandle.standardError.write(Data("RouterBenchmark: cannot read \(fixture.path)\n".utf8))
    exit(1)
}
let sentences = table.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("text\t") }
    .compactMap { $0.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init) }
    .filter { !$0.isEmpty }

let zone = Zone(identifier: "Europe/Madrid")!
let reference = ReferenceTime(instant: Date(timeIntervalSince1970: 1_796_025_600), timeZone: zone)
let known = KnownNames(calendars: ["Work", "Personal", "Family", "Book club", "Équipe"],
                       contacts: ["Ana Pérez", "Bob Stone", "Carla Gomez", "Petey Jones"],
                       files: ["notes.txt", "todo.txt", "shopping-list.txt", "budget.txt"])
let router = Router()

/// Best time per sentence, in microseconds, over `rounds` passes of `repeats` each.
func bestMicroseconds(rounds: Int = 30, repeats: Int = 10, _ body: (String) -> Int) -> Double {
    var best = Double.infinity
    var sink = 0
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<repeats { for s in sentences { sink &+= body(s) } }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
        best = min(best, elapsed / Double(repeats * sentences.count))
    }
    if sink == 42 { print("") }
    return best
}

let reader = DateReader()
let read = Dictionary(sentences.map { ($0, reader.read($0, at: reference)) }, uniquingKeysWith: { a, _ in a })
// `RouterBenchmark routing` times routing alone, long enough to profile.
if arguments.first == "routing" {
    let routing = bestMicroseconds(rounds: routingRounds) { router.understand($0, dates: read[$0]!, at: reference, known: known).slots.count }
    print(String(format: "routing alone (dates already read): %6.2f µs/sentence", routing))
    exit(0)
}
let dates = bestMicroseconds { reader.read($0, at: reference).count }
let routing = bestMicroseconds { router.understand($0, dates: read[$0]!, at: reference, known: known).slots.count }
let total = bestMicroseconds { router.understand($0, at: reference, known: known).slots.count }
print("sentences: \(sentences.count)")
print(String(format: "Router.understand, date reader included: %6.2f µs/sentence", total))
print(String(format: "DateReader.read alone:                   %6.2f µs/sentence", dates))
print(String(format: "routing alone (dates already read):      %6.2f µs/sentence", routing))
