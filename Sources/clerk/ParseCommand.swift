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
        Output.line(json ? report.record(id: .null).serialized() : report.explanation)
        return ExitCode.success
    }

    /// `clerk parse --jsonl`: one answer line per request line; exit 1 if any line was bad.
    static func runBatch(defaults: ReferenceTime) -> Int32 {
        let router = Router()
        var failed = false
        var output = ""
        output.reserveCapacity(1 << 16)
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy(\.isWhitespace) { continue }
            let (answer, ok) = ParseBatch.answer(line: line, defaults: defaults, router: router)
            if !ok { failed = true }
            output += answer.serialized()
            output += "\n"
            if output.utf8.count > 1 << 16 {
                FileHandle.standardOutput.write(Data(output.utf8))
                output.removeAll(keepingCapacity: true)
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        return failed ? ExitCode.failure : ExitCode.success
    }
}
