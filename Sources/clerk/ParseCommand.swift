import ClerkAssistant
import ClerkCore
import ClerkLanguage
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

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
    /// Lines are cut as `readLine()` cuts them (`InputLines.nextCut`), and read as bytes.
    static func runBatch(defaults: ReferenceTime) -> Int32 {
        let reader = ParseBatch.Reader(defaults: defaults)
        let input = InputLines()
        var failed = false
        var out = ByteWriter(capacity: 4096)
        while let line = input.nextCut() {
            out.removeAll()
            guard let ok = line.withUnsafeBufferPointer({ reader.answer(input: $0, to: &out) }) else { continue }
            if !ok { failed = true }
            out.append(0x0A)
            out.withBytes { StandardStreams.write($0) }
        }
        return failed ? ExitCode.failure : ExitCode.success
    }
}
