import ClerkAssistant
import ClerkLanguage
import ClerkCore
import ClerkGoogle
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Feeds lines to a `Session` from one source — the terminal, a pipe, or the arguments —
/// and prints each reply as text or as `--json`.
final class ConversationDriver {
    let options: GlobalOptions
    let paths: ClerkPaths
    var session: Session
    /// The backend the session talks to (shown in the prompt; it changes after "log in").
    var backend: Backend
    let environment: [String: String]
    /// With `--json` outside a terminal, the question a one-shot request asked, shown only
    /// if no line answers it (`answerOne`).
    private var heldQuestion: Reply?
    /// Stdin, line by line, when it is not the REPL's.
    private let input = InputLines()

    init(options: GlobalOptions, paths: ClerkPaths, session: Session, backend: Backend, environment: [String: String]) {
        self.options = options
        self.paths = paths
        self.session = session
        self.backend = backend
        self.environment = environment
    }

    /// After signing in or out, the conversation goes on with the backend now active.
    private func followAccount(_ reply: Reply) {
        guard reply.ok, reply.intent == .login || reply.intent == .logout, !session.isAwaitingAnswer else { return }
        var next = options
        next.backend = nil
        if let (reopened, backend) = try? SessionFactory.make(options: next, paths: paths, environment: environment) {
            session = reopened
            self.backend = backend
        }
    }

    /// The REPL: libedit on the terminal until Ctrl-D, `quit` or `exit`.
    func runREPL() -> Int32 {
        guard LineEditor.canLoad else {
            Output.error(Renderer.commandFailure(.libraryMissing(.editline)))
            return ExitCode.failure
        }
        try? ClerkPaths.ensure(paths.stateDirectory)
        let editor = LineEditor(program: "clerk", historyPath: paths.history, completer: completions)
        var failed = false
        while true {
            editor.prompt = session.isAwaitingAnswer ? "> " : "clerk (\(backend.rawValue))> "
            switch editor.readLine() {
            case .endOfInput:
                // The line break first: the terminal shows `^D` after the prompt, and the
                // answer to an abandoned question went on the same line ("> ^DNo answer…").
                Output.line("")
                if let reply = session.abandonQuestion(interrupted: false) {
                    show(reply, inREPL: true)
                    if !reply.ok { failed = true }
                }
                return failed ? ExitCode.failure : ExitCode.success
            case .interrupted:
                if let reply = session.abandonQuestion(interrupted: true) { show(reply, inREPL: true) }
            case .notText:
                // Refused like a piped line: nothing read from it, not even an answer.
                show(Self.notText, inREPL: true)
                failed = true
            case .line(let line):
                let text = line.trimmingSpaces()
                if text.isEmpty, !session.isAwaitingAnswer { continue }
                if !session.isAwaitingAnswer, ClerkApp.quitWords.contains(text.lowercased()) {
                    return failed ? ExitCode.failure : ExitCode.success
                }
                let reply = session.respond(to: text)
                if !reply.ok { failed = true }
                show(reply, inREPL: true)
                followAccount(reply)
                HTTPClient.resume()  // a Ctrl-C stopped only that line's wait
            }
        }
    }

    /// Piped stdin: no prompt, one answer per line; exit code 1 if any request failed. A
    /// line that is not UTF-8 text is refused and answers nothing.
    func runPipe() -> Int32 {
        var failed = false
        while let next = input.next() {
            guard case .text(let line) = next else {
                show(Self.refusal(of: next))
                failed = true
                continue
            }
            let text = line.trimmingSpaces()
            if text.isEmpty, !session.isAwaitingAnswer { continue }
            if !session.isAwaitingAnswer, ClerkApp.quitWords.contains(text.lowercased()) { break }
            if !answer(text) { failed = true }
        }
        if let reply = session.abandonQuestion(interrupted: false) {
            show(reply)
            failed = true
        }
        return failed ? ExitCode.failure : ExitCode.success
    }

    /// `clerk WORDS…`: one request; a question is answered by `--yes`, the terminal, or the
    /// next line of stdin — and with none of them nothing changes.
    func answerOne(_ line: String) -> Int32 {
        // With --json the request has one answer, its last (DESIGN.md): a question answered
        // by the next line of a pipe, or left unanswered, is not an answer of its own.
        let oneAnswer = options.json && isatty(STDIN_FILENO) != 1
        var ok = answer(line, holdingQuestion: oneAnswer)
        var refusedALine = false
        while session.isAwaitingAnswer {
            if isatty(STDIN_FILENO) == 1 { StandardStreams.write("> ") }
            guard let next = input.next() else {
                if let reply = session.abandonQuestion(interrupted: false) {
                    // The held question comes with the failure: the one answer says what
                    // was left undone.
                    show(oneAnswer ? heldQuestion?.unanswered(reply) ?? reply : reply, reason: reply.message)
                }
                return ExitCode.failure
            }
            guard case .text(let answerLine) = next else {
                show(Self.refusal(of: next))
                refusedALine = true
                continue
            }
            ok = answer(answerLine.trimmingSpaces(), holdingQuestion: oneAnswer)
        }
        if HTTPClient.isCancelled { return ExitCode.interrupted }
        return ok && !refusedALine ? ExitCode.success : ExitCode.failure
    }

    /// The answer to a line that is not UTF-8 text: refused, nothing read from it.
    static let notText = Reply(intent: .outOfScope, ok: false, message: Renderer.lineNotText)

    /// The answer to a line that is refused unread: not UTF-8, or too long to be a request.
    static func refusal(of line: InputLines.Line) -> Reply {
        guard case .tooLong = line else { return notText }
        return Reply(intent: .outOfScope, ok: false, message: Renderer.lineTooLong(maxBytes: InputLines.maximumLineBytes))
    }

    /// Answers one line, and with `--yes` every yes-or-no question that follows it; true when
    /// it went well. A question yes cannot answer (a choice) fails the request at once.
    /// With `--json` a question `--yes` answers is no answer of its own: the line's one JSON
    /// object is its last reply (DESIGN.md), as is a question held for the next line.
    private func answer(_ line: String, holdingQuestion: Bool = false) -> Bool {
        var reply = session.respond(to: line)
        while options.assumeYes, reply.asksQuestion, let answered = session.answerYes() {
            if !options.json { show(reply) }
            reply = answered
        }
        if holdingQuestion, reply.asksQuestion, session.isAwaitingAnswer { heldQuestion = reply } else { show(reply) }
        followAccount(reply)
        return reply.ok
    }

    /// Prints a reply: JSON with `--json`; long content through the pager on a terminal.
    ///
    /// Outside the REPL a failed request's reason goes to stderr, one line after `clerk: `
    /// (the README's contract for scripts), and stdout keeps the answers; with `--json` the
    /// object stays on stdout and the reason is on stderr too. In the REPL the screen is the
    /// conversation, and a failure reads like any answer.
    /// `reason`, when given, is the failure's line on stderr instead of the message.
    private func show(_ reply: Reply, inREPL: Bool = false, reason: String? = nil) {
        let failed = !reply.ok && !inREPL && !reply.message.isEmpty
        if options.json {
            Output.json(reply.json)
        } else if !failed, !reply.message.isEmpty {
            if reply.pageable, TerminalInfo.stdout().page(session.style.terminal(reply.message), environment: environment) { return }
            Output.line(reply.message, style: session.style)
        }
        if failed {
            Output.error((reason ?? reply.message).split(whereSeparator: \.isNewline).joined(separator: " "))
        }
    }

    /// Words the REPL offers on Tab: the session knows the names.
    private func completions(_ lineBeforeCursor: String) -> [String] {
        session.completions(lineBeforeCursor: lineBeforeCursor)
    }
}
