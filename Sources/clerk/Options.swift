import ClerkAssistant
import ClerkCore
import FoundationEssentials

/// The global options of DESIGN.md, validated.
struct GlobalOptions {
    /// `--now`, already resolved in `timeZone`; nil means the system clock.
    var now: Date?
    var timeZone: Zone
    /// `--now` as given, read again when the config's zone replaces the environment's.
    var nowText: String?
    /// Whether `--tz` was given: then the config's `time_zone` does not apply.
    var zoneGiven = false
    var dataDirectory: String?
    /// `--backend`; nil lets the config and the saved sign-in decide.
    var backend: Backend?
    var googleEndpoint: URL?
    var assumeYes = false
    var json = false
    var verbose = false

    var nowProvider: NowProvider { now.map(NowProvider.fixed) ?? .system }
}

extension GlobalOptions {
    /// The config's `time_zone` in place of `TZ` and the system's, when `--tz` was not given
    /// (`--now` is read again in it).
    mutating func adopt(configZone zone: Zone) throws(UsageError) {
        guard !zoneGiven else { return }
        timeZone = zone
        if let nowText { now = try CommandLineParser.instant(nowText, in: zone) }
    }
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
    /// `clerk completions bash|zsh|fish`: the shell's completion script.
    case completions(Completions.Shell)
    /// `clerk completions calendars`: the calendar names the scripts offer, one a line.
    case calendarNames
    case help
    case version
    /// `--man-page`: clerk(1) in roff.
    case manPage
}

extension Command {
    /// Whether the command reads dates or the clock (not help, the version, the man page or
    /// a completion script).
    var usesTheClock: Bool {
        switch self {
        case .help, .version, .manPage, .completions: false
        default: true
        }
    }
}

/// A command line that cannot run; `message` is the one line printed after `clerk: `.
struct UsageError: Error, Equatable {
    var message: String
}

extension UsageError {
    /// `arguments` (argv without the program's name) as text. One that is not UTF-8 (a
    /// Latin-1 file name) is refused, its odd bytes shown as `\xE9`: Swift's
    /// `CommandLine.arguments` mends them into U+FFFD without a word, so `clerk "show
    /// caf\xE9.txt"` made a file `caf�.txt` and `--data-dir` used a folder of another name.
    static func text(of arguments: [[UInt8]]) throws(UsageError) -> [String] {
        var texts: [String] = []
        for (index, bytes) in arguments.enumerated() {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw UsageError(message: "argument \(index + 1) isn't UTF-8 text (\(TextStyle.quoted(visibleBytes(bytes)))); clerk reads its command line as UTF-8")
            }
            texts.append(text)
        }
        return texts
    }

    /// `bytes` as text, each byte that is no part of a UTF-8 character written `\xHH`.
    static func visibleBytes(_ bytes: [UInt8]) -> String {
        var shown = ""
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            if index + length <= bytes.count, let character = String(validating: bytes[index..<index + length], as: UTF8.self) {
                shown += character
                index += length
            } else {
                let hex = String(lead, radix: 16, uppercase: true)
                shown += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                index += 1
            }
        }
        return shown
    }
}

/// Reads `clerk`'s arguments with `CommandLineTable`. Options may come anywhere; `--` ends
/// them.
struct CommandLineParser {
    /// The zone when `--tz` is not given, asked for only then.
    var environmentTimeZone: () -> Zone = { .current }

    func parse(_ arguments: [String]) throws(UsageError) -> (GlobalOptions, Command) {
        // The zone is set once the options are read (`values.timeZone`).
        var values = OptionValues(options: GlobalOptions(timeZone: .gmt))
        var words: [String] = []
        var given: Set<String> = []
        var index = 0
        var optionsEnded = false

        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded, words.isEmpty, let short = Self.shortOption(argument) { throw short }
            if optionsEnded || !argument.hasPrefix("--") {
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
            guard let option = CommandLineTable.option(named: name) else { throw Self.unknownOption(name) }
            given.insert(option.name)
            switch option.effect {
            case .value(_, _, let set):
                if let inlineValue {
                    try set(&values, inlineValue)
                } else if index < arguments.count {
                    index += 1
                    try set(&values, arguments[index - 1])
                } else {
                    throw UsageError(message: "\(name): needs a value")
                }
            case .flag(let set):
                if inlineValue != nil { throw UsageError(message: "\(name): takes no value") }
                set(&values)
            }
        }

        var options = values.options
        options.timeZone = values.timeZone ?? environmentTimeZone()
        options.zoneGiven = values.timeZone != nil
        options.nowText = values.nowText
        if let nowText = values.nowText {
            options.now = try Self.instant(nowText, in: options.timeZone)
        }
        if values.wantsHelp { return (options, .help) }
        if values.wantsVersion { return (options, .version) }
        if values.wantsManPage { return (options, .manPage) }

        var command = Command.conversation
        var commandWord: String?
        if let first = words.first {
            command = .request(words.concatenated(separator: " "))
            if let spec = CommandLineTable.command(first), let made = try spec.make(words.dropFirst(), values) {
                command = made
                commandWord = spec.word
            }
        }
        for option in CommandLineTable.options where !option.commands.isEmpty && given.contains(option.name) {
            guard let commandWord, option.commands.contains(commandWord) else { throw option.misplaced }
        }
        return (options, command)
    }

    /// An option no entry of the table has, with the nearest visible name when it looks
    /// like a typo of one.
    static func unknownOption(_ name: String) -> UsageError {
        if let guess = Spelling.closest(to: name, in: CommandLineTable.visibleOptions.map(\.name)) {
            return UsageError(message: "unknown option \(TextStyle.quoted(name)). Did you mean '\(guess)'?")
        }
        return UsageError(message: "unknown option \(TextStyle.quoted(name)). See 'clerk --help'.")
    }

    /// A first word that is a dash and letters (`-h`, `-V`, `-yes`) is a short option, which
    /// clerk has none of: a usage error naming the long one meant, not a request (`clerk -h`
    /// said "I didn't understand '-h'" and exited 1). Nil for anything else ("-30", a word).
    static func shortOption(_ argument: String) -> UsageError? {
        let letters = argument.utf8.dropFirst()
        guard argument.utf8.first == UInt8(ascii: "-"), !letters.isEmpty,
              letters.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }) else { return nil }
        let meant: [String: String] = ["-h": "--help", "-help": "--help", "-V": "--version", "-version": "--version", "-y": "--yes",
                                       "-yes": "--yes", "-j": "--json", "-json": "--json", "-verbose": "--verbose"]
        if let long = meant[argument] ?? CommandLineTable.visibleOptions.map(\.name).first(where: { $0 == "-" + argument }) {
            return UsageError(message: "unknown option \(TextStyle.quoted(argument)). Did you mean '\(long)'?")
        }
        return UsageError(message: "unknown option \(TextStyle.quoted(argument)). See 'clerk --help'.")
    }

    /// `--tz`: an IANA name or a fixed offset `±HH:MM`.
    static func timeZone(_ text: String) throws(UsageError) -> Zone {
        guard let zone = ClockText.timeZone(text) else {
            if !Zone.hasZoneDatabase, text.contains("/") {
                throw UsageError(message: "--tz: no time zone data to read \(TextStyle.quoted(text)) from (/usr/share/zoneinfo). Install the tzdata package, or give an offset like +01:00.")
            }
            throw UsageError(message: "--tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got \(TextStyle.quoted(text))")
        }
        return zone
    }

    /// `--now`: `YYYY-MM-DDTHH:MM[:SS]` on the wall clock of `zone`.
    static func instant(_ text: String, in zone: Zone) throws(UsageError) -> Date {
        guard let instant = ClockText.instant(text, in: zone) else {
            if ClockText.wallClockInstant(text, in: zone) != nil {
                throw UsageError(message: "--now: expected a time in the years \(CivilCalendar.years.lowerBound) to \(CivilCalendar.years.upperBound), got \(TextStyle.quoted(text))")
            }
            throw UsageError(message: "--now: expected YYYY-MM-DDTHH:MM, got \(TextStyle.quoted(text))")
        }
        return instant
    }
}
