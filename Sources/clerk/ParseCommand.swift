import ClerkAssistant
import ClerkCore
import ClerkLanguage
import FoundationEssentials

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
    /// The answers are written whenever clerk would otherwise wait for input, and every
    /// 64 KiB: a reader of the pipe has each answer before clerk waits for the next request,
    /// and the lines of one read are answered with one write (not a write(2) a line).
    /// Lines are cut as `readLine()` cuts them (`InputLines.nextCut`), and read as bytes.
    static func runBatch(defaults: ReferenceTime) -> Int32 {
        let reader = ParseBatch.Reader(defaults: defaults)
        let input = InputLines()
        var failed = false
        var out = ByteWriter(capacity: 1 << 17)
        while let line = input.nextCut() {
            if let ok = line.withUnsafeBufferPointer({ reader.answer(input: $0, to: &out) }) {
                if !ok { failed = true }
                out.append(0x0A)
            }
            if out.count >= 1 << 16 || !input.hasLineReady {
                out.withBytes { StandardStreams.write($0) }
                out.removeAll()
            }
        }
        out.withBytes { StandardStreams.write($0) }
        return failed ? ExitCode.failure : ExitCode.success
    }
}
