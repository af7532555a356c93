import ClerkAssistant
import ClerkCore
import Foundation

/// The global options of DESIGN.md, validated.
struct GlobalOptions {
    /// `--now`, already resolved in `timeZone`; nil means the system clock.
    var now: Date?
    var timeZone: TimeZone = .current
    var dataDirectory: String?
    /// `--backend`; nil lets the config and the saved sign-in decide.
    var backend: Backend?
    var googleEndpoint: URL?
    var assumeYes = false
    var json = false
    var verbose = false

    var nowProvider: NowProvider { now.map(NowProvider.fixed) ?? .system }
}

/// What the command line asked for.
enum Command: Equatable {
    /// No words: the REPL on a terminal, one request per line otherwise.
    case conversation
    /// `clerk WORDS…`: one request.
    case request(String)
    /// `clerk parse [--jsonl] [PHRASE]`.
    case parse(phrase: String?, jsonl: Bool)
    /// `clerk import FILE [--calendar NAME]`.
    case importFile(path: String, calendar: String?)
    /// `clerk export [--calendar NAME]`.
    case export(calendar: String?)
    /// `clerk login`, `clerk logout`, `clerk status`.
    case login
    case logout
    case status
    case help
    case version
}

/// A command line that cannot run; `message` is the one line printed after `clerk: `.
struct UsageError: Error, Equatable {
    var message: String
}

/// Reads `clerk`'s arguments. Options may come anywhere; `--` ends them.
struct CommandLineParser {
    static let valueOptions = ["--now", "--tz", "--data-dir", "--backend", "--google-endpoint", "--calendar"]
    static let flagOptions = ["--yes", "--json", "--jsonl", "--verbose", "--help", "--version"]

    var environmentTimeZone: TimeZone = .current

    func parse(_ arguments: [String]) throws(UsageError) -> (GlobalOptions, Command) {
        var options = GlobalOptions(timeZone: environmentTimeZone)
        var words: [String] = []
        var nowText: String?
        var calendar: String?
        var jsonl = false
        var wantsHelp = false
        var wantsVersion = false
        var index = 0
        var optionsEnded = false

        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
                if argument == "--", !optionsEnded { optionsEnded = true; continue }
                words.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if Self.valueOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "\(name): needs a value")
                }
                switch name {
                case "--now": nowText = value
                case "--tz": options.timeZone = try Self.timeZone(value)
                case "--data-dir":
                    guard !value.isEmpty else { throw UsageError(message: "--data-dir: needs a folder") }
                    options.dataDirectory = value
                case "--backend":
                    guard let backend = Backend(rawValue: value) else {
                        throw UsageError(message: "--backend: expected local or google, got '\(value)'")
                    }
                    options.backend = backend
                case "--google-endpoint":
                    guard let url = URL(string: value), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
                        throw UsageError(message: "--google-endpoint: expected a URL like http://127.0.0.1:8080, got '\(value)'")
                    }
                    options.googleEndpoint = url
                default: calendar = value
                }
                continue
            }
            guard Self.flagOptions.contains(name) else {
                let known = Self.valueOptions + Self.flagOptions
                if let guess = Spelling.closest(to: name, in: known) {
                    throw UsageError(message: "unknown option '\(name)'. Did you mean '\(guess)'?")
                }
                throw UsageError(message: "unknown option '\(name)'. See 'clerk --help'.")
            }
            if inlineValue != nil { throw UsageError(message: "\(name): takes no value") }
            switch name {
            case "--yes": options.assumeYes = true
            case "--json": options.json = true
            case "--jsonl": jsonl = true
            case "--verbose": options.verbose = true
            case "--help": wantsHelp = true
            default: wantsVersion = true
            }
        }

        if let nowText {
            options.now = try Self.instant(nowText, in: options.timeZone)
        }
        if wantsHelp { return (options, .help) }
        if wantsVersion { return (options, .version) }

        let command: Command
        switch words.first {
        case "parse":
            let phrase = words.dropFirst().joined(separator: " ")
            if jsonl, !phrase.isEmpty { throw UsageError(message: "parse: give a PHRASE or --jsonl, not both") }
            if !jsonl, phrase.isEmpty { throw UsageError(message: "parse: needs a PHRASE (or --jsonl to read JSON lines)") }
            command = .parse(phrase: jsonl ? nil : phrase, jsonl: jsonl)
        case "import":
            guard words.count == 2 else { throw UsageError(message: "import: needs one FILE.ics or FILE.vcf") }
            command = .importFile(path: words[1], calendar: calendar)
        case "export":
            guard words.count == 1 else { throw UsageError(message: "export: takes no words; use --calendar NAME") }
            command = .export(calendar: calendar)
        case "login" where words.count == 1: command = .login
        case "logout" where words.count == 1: command = .logout
        case "status" where words.count == 1: command = .status
        case nil:
            command = .conversation
        default:
            command = .request(words.joined(separator: " "))
        }
        if jsonl, case .parse = command {} else if jsonl {
            throw UsageError(message: "--jsonl: only with 'clerk parse'")
        }
        if calendar != nil {
            switch command {
            case .importFile, .export: break
            default: throw UsageError(message: "--calendar: only with 'clerk import' or 'clerk export'")
            }
        }
        return (options, command)
    }

    /// `--tz`: an IANA name or a fixed offset `±HH:MM`.
    static func timeZone(_ text: String) throws(UsageError) -> TimeZone {
        guard let zone = ClockText.timeZone(text) else {
            throw UsageError(message: "--tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got '\(text)'")
        }
        return zone
    }

    /// `--now`: `YYYY-MM-DDTHH:MM[:SS]` on the wall clock of `zone`.
    static func instant(_ text: String, in zone: TimeZone) throws(UsageError) -> Date {
        guard let instant = ClockText.instant(text, in: zone) else {
            throw UsageError(message: "--now: expected YYYY-MM-DDTHH:MM, got '\(text)'")
        }
        return instant
    }
}
