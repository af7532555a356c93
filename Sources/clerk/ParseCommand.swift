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
    /// Lines are cut as `readLine()` cuts them (`InputLines.nextCut`), and read as bytes; a
    /// line of more than 1 MiB is skipped as it comes and answered `{"id", "error"}`.
    /// Each line's request and dates are read on this thread and the line is routed and
    /// answered on a second (`ParsePipeline`); on one thread when none can be started.
    static func runBatch(defaults: ReferenceTime) -> Int32 {
        let router = Router()
        let requests = ParseBatch.Requests(defaults: defaults, router: router)
        let answers = ParseBatch.Answers(router: router)
        let input = InputLines()
        if let allAnswered = ParsePipeline.run(nextLine: { input.nextCut() }, tooLong: { input.takeTooLong() },
                                               hasLineReady: { input.hasLineReady },
                                               write: { StandardStreams.write($0) }, requests: requests, answers: answers) {
            return allAnswered ? ExitCode.success : ExitCode.failure
        }
        let reader = ParseBatch.Reader(requests: requests, answers: answers)
        var failed = false
        var out = ByteWriter(capacity: 1 << 17)
        while let line = input.nextCut() {
            if line.isEmpty, let skipped = input.takeTooLong() {
                _ = answers.finish(requests.prepareTooLong(line: skipped.line, start: skipped.start), to: &out)
                failed = true
                out.append(0x0A)
            } else if let ok = line.withUnsafeBufferPointer({ reader.answer(input: $0, to: &out) }) {
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
