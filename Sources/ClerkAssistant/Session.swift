/// One conversation: each line in, one `Reply` out.
///
/// A session remembers what it needs between lines (a question waiting for its answer, the
/// last result for "it" and "undo"), so drivers — the REPL, piped stdin, one-shot — only
/// feed lines and print replies.
public final class Session {
    public init() {}

    /// True when the last reply asked a question that the next line answers.
    public private(set) var isAwaitingAnswer = false

    /// Answers one line a person typed.
    public func respond(to line: String) -> Reply {
        let words = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        switch words.lowercased() {
        case "help", "?", "what can you do":
            return Reply(intent: "help", ok: true, message: Renderer.help)
        default:
            return Reply(intent: "out_of_scope", ok: false, message: Renderer.notUnderstood(words))
        }
    }

    /// Closes an open question without an answer (input ended, or Ctrl-C); nothing changes.
    public func abandonQuestion(interrupted: Bool) -> Reply? {
        guard isAwaitingAnswer else { return nil }
        isAwaitingAnswer = false
        return Reply(intent: "out_of_scope", ok: false, message: interrupted ? Renderer.questionAbandoned : Renderer.questionUnanswered)
    }
}
