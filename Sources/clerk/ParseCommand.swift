import ClerkAssistant
import ClerkCore
import ClerkLanguage
import Foundation

/// `clerk parse`: wires the phrase reader to stdin and stdout; `ClerkAssistant` reads and
/// renders.
enum ParseCommand {
    /// `clerk parse PHRASE`: the explanation, or with `--json` the reading as one object.
    static func explain(_ phrase: String, at reference: ReferenceTime, json: Bool) -> Int32 {
        let report = ParseReport(text: phrase, reference: reference)
        if json { Output.json(report.record(id: .null)) } else { Output.line(report.explanation) }
        return ExitCode.success
    }

    /// `clerk parse --jsonl`: one answer line per request line; exit 1 if any line was bad.
    /// Each answer is written as soon as it is made, so whatever happens to a later line,
    /// the answers before it are out (a reader of the pipe also sees them as they come).
    static func runBatch(defaults: ReferenceTime) -> Int32 {
        let router = Router()
        var failed = false
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy(\.isWhitespace) { continue }
            let (answer, ok) = ParseBatch.answer(line: line, defaults: defaults, router: router)
            if !ok { failed = true }
            FileHandle.standardOutput.write(Data((answer.serialized() + "\n").utf8))
        }
        return failed ? ExitCode.failure : ExitCode.success
    }
}
