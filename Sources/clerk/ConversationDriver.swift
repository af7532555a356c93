import ClerkAssistant
import ClerkCore
import ClerkGoogle
import Foundation

/// Feeds lines to a `Session` from one source — the terminal, a pipe, or the arguments —
/// and prints each reply as text or as `--json`.
final class ConversationDriver {
    let options: GlobalOptions
    let paths: ClerkPaths
    var session: Session
    /// The backend the session talks to (shown in the prompt; it changes after "log in").
    var backend: Backend
    let environment: [String: String]

    init(options: GlobalOptions, paths: ClerkPaths, session: Session, backend: Backend, environment: [String: String]) {
        self.options = options
        self.paths = paths
        self.session = session
        self.backend = backend
        self.environment = environment
    }

    /// After signing in or out, the conversation goes on with the backend now active.
    private func followAccount(_ reply: Reply) {
        HTTPClient.resume()
        guard reply.ok, reply.intent == "login" || reply.intent == "logout", !session.isAwaitingAnswer else { return }
        var next = options
        next.backend = nil
        if let (reopened, backend) = try? SessionFactory.make(options: next, paths: paths, environment: environment) {
            session = reopened
            self.backend = backend
        }
    }

    /// The REPL: libedit on the terminal until Ctrl-D, `quit` or `exit`.
    func runREPL() -> Int32 {
        try? ClerkPaths.ensure(paths.stateDirectory)
        let editor = LineEditor(program: "clerk", historyPath: paths.history, completer: completions)
        var failed = false
        while true {
            editor.prompt = session.isAwaitingAnswer ? "> " : "clerk (\(backend.rawValue))> "
            switch editor.readLine() {
            case .endOfInput:
                if let reply = session.abandonQuestion(interrupted: false) { show(reply) }
                Output.line("")
                return failed ? ExitCode.failure : ExitCode.success
            case .interrupted:
                if let reply = session.abandonQuestion(interrupted: true) { show(reply) }
            case .line(let line):
                let text = line.trimmingCharacters(in: .whitespaces)
                if text.isEmpty, !session.isAwaitingAnswer { continue }
                if !session.isAwaitingAnswer, ClerkApp.quitWords.contains(text.lowercased()) {
                    return failed ? ExitCode.failure : ExitCode.success
                }
                let reply = session.respond(to: text)
                if !reply.ok { failed = true }
                show(reply)
                followAccount(reply)
            }
        }
    }

    /// Piped stdin: no prompt, one answer per line; exit code 1 if any request failed.
    func runPipe() -> Int32 {
        var failed = false
        while let line = readLine(strippingNewline: true) {
            let text = line.trimmingCharacters(in: .whitespaces)
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
        var ok = answer(line)
        while session.isAwaitingAnswer {
            let answerLine: String?
            if isatty(STDIN_FILENO) == 1 {
                FileHandle.standardOutput.write(Data("> ".utf8))
                answerLine = readLine(strippingNewline: true)
            } else {
                answerLine = readLine(strippingNewline: true)
            }
            guard let answerLine else {
                if let reply = session.abandonQuestion(interrupted: false) { show(reply) }
                return ExitCode.failure
            }
            ok = answer(answerLine.trimmingCharacters(in: .whitespaces))
        }
        if HTTPClient.isCancelled { return ExitCode.interrupted }
        return ok ? ExitCode.success : ExitCode.failure
    }

    /// Answers one line, and with `--yes` every question that follows it; true when it went well.
    private func answer(_ line: String) -> Bool {
        var reply = session.respond(to: line)
        show(reply)
        while options.assumeYes, reply.asksQuestion {
            reply = session.respond(to: "yes")
            show(reply)
        }
        followAccount(reply)
        return reply.ok
    }

    /// Prints a reply: JSON with `--json`; long content through the pager on a terminal.
    private func show(_ reply: Reply) {
        if options.json { return Output.line(reply.json.serialized()) }
        if reply.message.isEmpty { return }
        if reply.pageable, TerminalInfo.stdout().page(reply.message, environment: environment) { return }
        Output.line(reply.message)
    }

    /// Words the REPL offers on Tab: the session knows the names.
    private func completions(_ lineBeforeCursor: String) -> [String] {
        session.completions(lineBeforeCursor: lineBeforeCursor)
    }
}
