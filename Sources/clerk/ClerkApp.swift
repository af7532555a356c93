import ClerkAssistant
import ClerkCore
import ClerkLanguage
internal import CMalloc
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Exit codes of DESIGN.md.
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
    static let interrupted: Int32 = 130

    /// What each means, for `--help` (the summary) and the man page (the detail).
    static let meanings: [(code: Int32, meaning: String, detail: String)] = [
        (success, "success", "Every request was answered."),
        (failure, "a request failed", "A request failed: not understood, refused, not answered, or a store or Google that could not be reached. The reason is on stderr, one line after clerk:."),
        (usage, "usage error", "The command line is wrong: an unknown option, a bad value, a command without what it needs."),
        (interrupted, "interrupted", "Interrupted by Ctrl-C (during a network call, which stops cleanly)."),
    ]
}

/// The `clerk` command: reads the command line, wires a session, and drives it from a
/// terminal, a pipe or the arguments.
struct ClerkApp {
    static let version = "0.1.0"

    /// `clerk --version`: the version and the commit of the build (`make` links the commit
    /// in; after a plain `swift build` it is unknown).
    static var versionLine: String {
        "clerk \(version) (commit \(BuildInfo.commit ?? "unknown"))"
    }

    static let quitWords: Set<String> = ["quit", "exit", "bye", ":q"]

    var arguments: [String]
    var environment: [String: String]

    func run() -> Int32 {
        var options: GlobalOptions
        let command: Command
        do {
            (options, command) = try CommandLineParser().parse(arguments)
        } catch {
            Output.error(error.message)
            return ExitCode.usage
        }
        let paths = ClerkPaths(dataDirectoryOption: options.dataDirectory, environment: environment)
        // The config's time zone before anything reads the clock (a config that cannot be
        // read is said where the session opens it).
        if !options.zoneGiven, command.usesTheClock, let zone = (try? Config.load(paths.config))?.timeZone {
            do { try options.adopt(configZone: zone) } catch {
                Output.error(error.message)
                return ExitCode.usage
            }
        }

        switch command {
        case .help:
            Output.line(Usage.text)
            return ExitCode.success
        case .version:
            Output.line(ClerkApp.versionLine)
            return ExitCode.success
        case .manPage:
            StandardStreams.write(ManPage.text)
            return ExitCode.success
        case .completions(let shell):
            StandardStreams.write(Completions.script(for: shell))
            return ExitCode.success
        case .calendarNames:
            return CalendarNames.print(options: options, paths: paths, environment: environment)
        case .parse(let phrase, let jsonl):
            let reference = ReferenceTime(instant: options.nowProvider.now(), timeZone: options.timeZone)
            return jsonl ? ParseCommand.runBatch(defaults: reference) : ParseCommand.explain(phrase ?? "", at: reference, json: options.json)
        case .importFile(let path, let calendar):
            return Transfer(options: options, paths: paths).importFile(path, calendarName: calendar)
        case .export(let calendar):
            return Transfer(options: options, paths: paths).export(calendarName: calendar)
        case .login:
            return AccountCommands.login(options: options, paths: paths, environment: environment)
        case .logout:
            return AccountCommands.logout(options: options, paths: paths, environment: environment)
        case .status:
            return AccountCommands.status(options: options, paths: paths, environment: environment)
        case .request, .conversation:
            // glibc grows the grammar thread's heap (an arena of its own) a page at a time, an
            // mprotect call each (85 of them at every start), and the main heap 128 KiB at a
            // time (13 brk calls): with a top pad of 1 MiB both grow in 1 MiB steps (one
            // mprotect, four brk). Pages are still only faulted in as they are written.
            _ = cmalloc_set_top_pad(1 << 20)
            TablesInBackground.start()
            let session: Session, backend: Backend
            do {
                let oneShot = if case .request = command { true } else { false }
                (session, backend) = try SessionFactory.make(options: options, paths: paths, environment: environment, oneShot: oneShot)
            } catch {
                Output.error(error.message)
                return ExitCode.failure
            }
            TablesInBackground.buildRouterLists()
            Interruption.install()
            let driver = ConversationDriver(options: options, paths: paths, session: session, backend: backend, environment: environment)
            // A one-shot ends as soon as its answer is out, with the store and the session
            // still held: what they would free at the end (SQLite's schema and statements,
            // the session's tables; ~0.5 M instructions, 2 % of "what's on today") the exit
            // takes back at once. Every change was committed before its answer was written;
            // SQLite's write-ahead log keeps it for the next open.
            if case .request(let line) = command { exit(StandardStreams.exitCode(after: driver.answerOne(line))) }
            return isatty(STDIN_FILENO) == 1 ? driver.runREPL() : driver.runPipe()
        }
    }
}

/// Writes answers to stdout and one-line errors to stderr: the one place where text for a
/// person reaches the terminal, so the one place its control characters are made visible
/// (`TextStyle.terminal`). JSON and exports are written exact.
enum Output {
    /// Text for a person, in `style` (colour marks become escapes only with colour).
    static func line(_ text: String, style: TextStyle = .plain) {
        StandardStreams.write(style.terminal(text) + "\n")
    }

    /// A JSON answer, exactly as serialized (JSON escapes its own control characters).
    static func json(_ value: JSONValue) {
        StandardStreams.write(value.serialized() + "\n")
    }

    /// A failure, on one line after `clerk: `.
    static func error(_ text: String) {
        StandardStreams.write("clerk: " + TextStyle.plain.terminal(text) + "\n", to: STDERR_FILENO)
    }
}
