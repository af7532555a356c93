import ClerkAssistant
import ClerkCore
import FoundationEssentials

/// What a shell offers after an option or a command word.
enum Completion: Equatable, Sendable {
    /// Nothing to offer (a clock time, a URL, free words).
    case nothing
    /// The IANA zone names `--tz` takes (`CommandLineTable.timeZoneNames`).
    case timeZones
    /// Folders.
    case folders
    /// Folders, and the files with these extensions (in either case).
    case files(extensions: [String])
    /// One of a few fixed words.
    case words([String])
    /// The calendar names of the store the command line opens, read at completion time
    /// (`clerk completions calendars`).
    case calendars
}

/// What the options of one command line have set so far.
struct OptionValues {
    var options: GlobalOptions
    /// `--now` as written; read once the zone is known, wherever `--tz` stands.
    var nowText: String?
    /// `--tz`; without it the system's zone, looked up only then (`Zone.current` reads the
    /// environment and /etc/localtime).
    var timeZone: Zone?
    var calendar: String?
    var jsonl = false
    var wantsHelp = false
    var wantsVersion = false
    var wantsManPage = false
}

/// One option of `clerk`: its name, whether it takes a value, what it sets, and how
/// `--help`, the man page and the shell completions describe it.
struct OptionSpec: Sendable {
    /// A flag sets something; a value option reads the next word (or `=VALUE`) and sets it.
    enum Effect: Sendable {
        case flag(@Sendable (inout OptionValues) -> Void)
        case value(placeholder: String, completion: Completion, @Sendable (inout OptionValues, String) throws(UsageError) -> Void)
    }

    var name: String
    var effect: Effect
    /// One line for `--help`.
    var summary: String
    /// The man page's paragraph; the summary when nil.
    var detail: String?
    /// The command words it belongs to; empty for an option of every command line.
    var commands: [String] = []
    /// Read, but never shown in help, the man page or completions, nor suggested.
    var hidden = false

    var takesValue: Bool {
        if case .value = effect { return true }
        return false
    }

    var placeholder: String? {
        if case .value(let placeholder, _, _) = effect { return placeholder }
        return nil
    }

    var completion: Completion {
        if case .value(_, let completion, _) = effect { return completion }
        return .nothing
    }

    /// `--tz ZONE`, `--yes`.
    var synopsis: String { placeholder.map { "\(name) \($0)" } ?? name }

    /// The error when it is given with a command it does not belong to.
    var misplaced: UsageError {
        let names = commands.map { "'clerk \($0)'" }
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
        return UsageError(message: "\(name): only with \(list)")
    }
}

/// A command word of `clerk` (`parse`, `import`, …): its forms, what follows it, and how it
/// becomes a `Command`.
struct CommandSpec: Sendable {
    /// One way to write it: the words after the command word, one line for `--help`, and
    /// whether the command's own options are added to them (`parse PHRASE` takes no
    /// `--jsonl`: that is the other form).
    struct Form: Sendable {
        var arguments: String
        var summary: String
        var takesOptions = true
    }

    var word: String
    var forms: [Form]
    /// The man page's paragraph.
    var detail: String
    /// What a shell offers as the word after it.
    var completion: Completion = .nothing
    /// The command, from the words after the command word; nil when the line is a request
    /// after all ("login to google" is a sentence, not `clerk login`).
    var make: @Sendable (_ words: ArraySlice<String>, _ values: OptionValues) throws(UsageError) -> Command?
}

/// A way to run clerk without a command word (`clerk`, `clerk WORDS…`).
struct Invocation: Sendable {
    var arguments: String
    var summary: String
    var detail: String
}

/// The one table of clerk's command line. `CommandLineParser` reads arguments with it;
/// `Usage` (`--help`), `ManPage` (`clerk.1`) and `Completions` (bash, zsh, fish) are made
/// from it.
enum CommandLineTable {
    typealias Form = CommandSpec.Form

    /// In this order in `--help` and the man page; for a typo equally near two names, the
    /// first is suggested, and of two misplaced options the first is reported.
    static let options: [OptionSpec] = [
        OptionSpec(
            name: "--now", effect: .value(placeholder: "YYYY-MM-DDTHH:MM[:SS]", completion: .nothing) { values, text in values.nowText = text },
            summary: "the clock to use (for reproducible runs)",
            detail: "Run as if it were this moment, read on the wall clock of --tz: answers, questions and new events all follow it. For reproducible runs and scripts."),
        OptionSpec(
            name: "--tz", effect: .value(placeholder: "ZONE", completion: .timeZones) { values, text throws(UsageError) in
                values.timeZone = try CommandLineParser.timeZone(text)
            },
            summary: "time zone: an IANA name (Europe/Madrid) or ±HH:MM",
            detail: "The time zone times are read and shown in: an IANA name (Europe/Madrid, America/New_York, UTC) or a fixed offset (+01:00). Default: the config's time_zone, else TZ, else the system's."),
        OptionSpec(
            name: "--data-dir", effect: .value(placeholder: "DIR", completion: .folders) { values, text throws(UsageError) in
                guard !text.isEmpty else { throw UsageError(message: "--data-dir: needs a folder") }
                values.options.dataDirectory = text
            },
            summary: "keep store, config, tokens and history in DIR",
            detail: "Keep everything in DIR \u{2014} the store, the config file, the Google sign-in and its copy of the account, the history \u{2014} instead of the XDG folders (see FILES)."),
        OptionSpec(
            name: "--backend", effect: .value(placeholder: "local|google", completion: .words(Backend.allCases.map(\.rawValue))) { values, text throws(UsageError) in
                guard let backend = Backend(rawValue: text) else {
                    throw UsageError(message: "--backend: expected local or google, got \(TextStyle.quoted(text))")
                }
                values.options.backend = backend
            },
            summary: "where data lives (default: Google once signed in, else local)",
            detail: "Where your calendars, contacts and files live: local, the SQLite store on this machine, or google, your Google account after clerk login. Default: backend in the config file, else Google when a sign-in is saved, else local."),
        OptionSpec(
            name: "--google-endpoint", effect: .value(placeholder: "URL", completion: .nothing) { values, text throws(UsageError) in
                guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
                    throw UsageError(message: "--google-endpoint: expected a URL like http://127.0.0.1:8080, got \(TextStyle.quoted(text))")
                }
                // A password in it was printed back by --verbose and by every error naming
                // the endpoint; a query or fragment had "/token" put after it; a port beyond
                // 65535 was sent to libcurl.
                if url.user != nil || url.password != nil {
                    throw UsageError(message: "--google-endpoint: expected a URL without a user or password, like http://127.0.0.1:8080 (clerk signs in with 'clerk login')")
                }
                if url.query != nil || url.fragment != nil || text.contains("?") || text.contains("#") {
                    throw UsageError(message: "--google-endpoint: expected a URL without ?query or #fragment, like http://127.0.0.1:8080, got \(TextStyle.quoted(text))")
                }
                if let port = url.port, !(1...65_535).contains(port) {
                    throw UsageError(message: "--google-endpoint: expected a port from 1 to 65535, got \(TextStyle.quoted(text))")
                }
                values.options.googleEndpoint = url
            },
            summary: "send Google requests to URL (an emulator)",
            detail: "One root URL standing for Google's API, upload, OAuth and People hosts, such as google-emulator(1) on http://127.0.0.1:8787. Given at clerk login, it is remembered with the sign-in. While signed in, another URL (or any, when the sign-in was made with Google itself) is refused, since the sign-in's tokens go nowhere else: leave the option out, sign in again with it, or add --backend local."),
        OptionSpec(
            name: "--yes", effect: .flag { $0.options.assumeYes = true },
            summary: "answer yes to every yes-or-no question",
            detail: "Answer yes to every yes-or-no question. A question yes cannot answer (which of two contacts, a day to name) fails the request at once instead."),
        OptionSpec(
            name: "--json", effect: .flag { $0.options.json = true },
            summary: "one JSON object per answer",
            detail: "Print every answer as one JSON object on one line: intent, ok, message, and by intent event, events, contacts, files, file or calendars. Text from your data is kept exact."),
        OptionSpec(
            name: "--verbose", effect: .flag { $0.options.verbose = true },
            summary: "show requests and responses on stderr (secrets hidden)",
            detail: "Show each request to Google and its response on stderr. Tokens, codes and secrets are never shown."),
        OptionSpec(
            name: "--jsonl", effect: .flag { $0.jsonl = true },
            summary: "with parse: read and write JSON lines",
            detail: "With parse: read requests {\"id\", \"text\", \"now\", \"tz\"} one per line from stdin and write one reading per line.",
            commands: ["parse"]),
        OptionSpec(
            name: "--calendar", effect: .value(placeholder: "NAME", completion: .calendars) { values, text throws(UsageError) in
                // As `--data-dir=`: an empty value is a usage error (it was "a calendar needs a name", exit 1).
                guard !text.isEmpty else { throw UsageError(message: "--calendar: needs a calendar's name") }
                values.calendar = text
            },
            summary: "with import and export: the calendar (default the primary one)",
            detail: "With import, the calendar to import events into (made when new); with export, the calendar to write. Default: the primary calendar.",
            commands: ["import", "export"]),
        OptionSpec(
            name: "--help", effect: .flag { $0.wantsHelp = true },
            summary: "show this text",
            detail: "Print the commands and options, and exit."),
        OptionSpec(
            name: "--version", effect: .flag { $0.wantsVersion = true },
            summary: "show the version and the commit it was built from",
            detail: "Print the version and the commit clerk was built from, and exit."),
        OptionSpec(
            name: "--man-page", effect: .flag { $0.wantsManPage = true },
            summary: "print the man page in roff (make man writes clerk.1 with it)",
            hidden: true),
    ]

    /// In this order in `--help` and the man page.
    static let invocations: [Invocation] = [
        Invocation(
            arguments: "", summary: "talk to clerk (one request per line when piped)",
            detail: "On a terminal, a conversation: type a request, read the answer, type the next (see THE CONVERSATION). With stdin not a terminal, one request per line and no prompt; a question clerk asks is answered by the next line."),
        Invocation(
            arguments: "WORDS\u{2026}", summary: "answer one request: clerk \"what's on tomorrow\"",
            detail: "Answer one request and exit. A question it asks is answered at the terminal, by the next line of stdin, or by --yes; with none of them nothing changes."),
    ]

    /// The shells `clerk completions` writes a script for.
    static let shells = Completions.Shell.allCases.map(\.rawValue)

    /// In this order in `--help`, the man page and completions.
    static let commands: [CommandSpec] = [
        CommandSpec(
            word: "parse",
            forms: [Form(arguments: "PHRASE", summary: "show how a phrase is read, changing nothing", takesOptions: false),
                    Form(arguments: "--jsonl", summary: "read {\"id\",\"text\",\"now\",\"tz\"} lines, write one reading per line")],
            detail: "Show how a phrase is read \u{2014} each date or time found, the span it means, the pieces it was read from, what was assumed \u{2014} without opening any store. With --json, one JSON object; with --jsonl, one reading per line of input."
        ) { words, values throws(UsageError) in
            let phrase = words.joined(separator: " ")
            if values.jsonl, !phrase.isEmpty { throw UsageError(message: "parse: give a PHRASE or --jsonl, not both") }
            if !values.jsonl, phrase.isEmpty { throw UsageError(message: "parse: needs a PHRASE (or --jsonl to read JSON lines)") }
            return .parse(phrase: values.jsonl ? nil : phrase, jsonl: values.jsonl)
        },
        CommandSpec(
            word: "import",
            forms: [Form(arguments: "FILE.ics|FILE.vcf", summary: "add the events or contacts of a file")],
            detail: "Add the events of an iCalendar file, or the contacts of a vCard file, to the active backend. The file is read whole first: if anything in it is wrong, clerk names the line and imports nothing. Events and contacts are matched on their UID, so importing a file again adds nothing new.",
            completion: .files(extensions: ["ics", "vcf"])
        ) { words, values throws(UsageError) in
            guard words.count == 1, let path = words.first else { throw UsageError(message: "import: needs one FILE.ics or FILE.vcf") }
            // `clerk import ''` (a variable that was empty) said "clerk: : no such file".
            if path.isEmpty { throw UsageError(message: "import: the file name is empty (''); give a FILE.ics or FILE.vcf, or - for stdin") }
            return .importFile(path: path, calendar: values.calendar)
        },
        CommandSpec(
            word: "export",
            forms: [Form(arguments: "", summary: "write a calendar as iCalendar on stdout")],
            detail: "Write a calendar of the active backend, with its repeating events and their exceptions, as iCalendar on stdout."
        ) { words, values throws(UsageError) in
            guard words.isEmpty else { throw UsageError(message: "export: takes no words; use --calendar NAME") }
            return .export(calendar: values.calendar)
        },
        CommandSpec(
            word: "login",
            forms: [Form(arguments: "", summary: "sign in to Google (then Google is the default backend)")],
            detail: "Sign in to Google in the browser (or, without a display or with BROWSER=none, print the address to open) and copy the account to this machine. From then on Google is the default backend."
        ) { words, _ in words.isEmpty ? .login : nil },
        CommandSpec(
            word: "logout",
            forms: [Form(arguments: "", summary: "sign out: the grant revoked, the token and the copy deleted")],
            detail: "Sign out of Google: the grant is revoked, and the token and clerk's copy of the account are deleted. Refused while changes still wait to be sent, unless --yes."
        ) { words, _ in words.isEmpty ? .logout : nil },
        CommandSpec(
            word: "status",
            forms: [Form(arguments: "", summary: "the account, when it last synced, what waits to be sent")],
            detail: "Show the active backend: the store, or the Google account, when it last synced and the changes waiting to be sent."
        ) { words, _ in words.isEmpty ? .status : nil },
        CommandSpec(
            word: "completions",
            forms: [Form(arguments: shells.concatenated(separator: "|"), summary: "print the shell's completion script")],
            detail: "Print the completion script of bash, zsh or fish (see SHELL COMPLETION). The scripts ask clerk completions calendars for the calendar names to offer after --calendar: one name per line, read from the store the line names, without a sync.",
            completion: .words(shells)
        ) { words, _ throws(UsageError) in
            guard words.count == 1, let word = words.first else {
                throw UsageError(message: "completions: needs bash, zsh or fish")
            }
            if let shell = Completions.Shell(rawValue: word) { return .completions(shell) }
            if word == "calendars" { return .calendarNames }
            throw UsageError(message: "completions: expected bash, zsh or fish, got \(TextStyle.quoted(word))")
        },
    ]

    static func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    static func command(_ word: String) -> CommandSpec? {
        commands.first { $0.word == word }
    }

    static var visibleOptions: [OptionSpec] { options.filter { !$0.hidden } }

    /// The options `command` may take (all of them before any command word).
    static func options(for command: String?) -> [OptionSpec] {
        visibleOptions.filter { $0.commands.isEmpty || command.map($0.commands.contains) ?? true }
    }

    /// `import FILE.ics|FILE.vcf [--calendar NAME]`: a form with the options of its command
    /// it does not already name.
    static func synopsis(_ command: CommandSpec, _ form: CommandSpec.Form) -> String {
        let scoped = visibleOptions.filter { form.takesOptions && $0.commands.contains(command.word) && !form.arguments.contains($0.name) }
        return ([command.word, form.arguments] + scoped.map { "[\($0.synopsis)]" }).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The zone names `--tz` takes, for the completions: every IANA name of the tz database
    /// with a `/`, and UTC (what `ClockText.timeZone` accepts besides offsets).
    static var timeZoneNames: [String] {
        ["UTC"] + Zone.knownIdentifiers.filter { $0.contains("/") }
    }
}
