import FoundationEssentials

/// clerk(1) in roff: `clerk --man-page`, which `make man` writes to `clerk.1`.
///
/// The synopsis, the commands, the options and the exit codes come from
/// `CommandLineTable` and `ExitCode`; the rest — the conversation by example, the config
/// file, the environment, the files — is written here by hand. A test keeps `clerk.1` in
/// the tree equal to this text.
enum ManPage {
    static var text: String {
        var page = Roff()
        page.comment("clerk(1), made by `clerk --man-page` (make man) from clerk's table of options.")
        page.comment("Edit Sources/clerk/ManPage.swift and Sources/clerk/CommandLineTable.swift, not this file.")
        page.macro("TH CLERK 1 \"\" \"clerk \(ClerkApp.version)\" \"User Commands\"")
        // Left-aligned, no hyphenation: option and command names stay whole.
        page.macro("ad l")
        page.macro("nh")
        page.section("NAME")
        page.line("clerk \\- " + Roff.escape(String(Usage.title.split(separator: "\u{2014}", maxSplits: 1)[1].dropFirst())))

        page.section("SYNOPSIS")
        page.macro("nf")
        for synopsis in synopses { page.line(Roff.synopsis(synopsis)) }
        page.macro("fi")

        page.section("DESCRIPTION")
        page.paragraph("clerk is a conversational assistant for the terminal. Type what you mean \u{2014} \"lunch with Ana tomorrow at 13:00 on Work\", \"what's on this week\", \"Ana's phone\", \"show notes.txt\" \u{2014} and clerk reads it, shows what it understood, asks before it changes anything, and carries it out on your calendars, contacts and text files.")
        page.paragraph("Out of the box everything lives in a local SQLite store. After clerk login the same sentences work on your Google Calendar, Google Contacts and Google Drive, answered from a copy of the account kept on this machine, so answers are instant and work offline.")

        page.section("COMMANDS")
        for invocation in CommandLineTable.invocations {
            page.item([["clerk", invocation.arguments].filter { !$0.isEmpty }.joined(separator: " ")], invocation.detail)
        }
        for command in CommandLineTable.commands {
            page.item(command.forms.map { "clerk " + CommandLineTable.synopsis(command, $0) }, command.detail)
        }

        page.section("OPTIONS")
        page.paragraph("Options may come anywhere on the command line, as --name value or --name=value; -- ends them.")
        for option in CommandLineTable.visibleOptions {
            page.item([option.synopsis], option.detail ?? option.summary)
        }

        conversation(&page)
        configuration(&page)
        environment(&page)
        files(&page)

        page.section("EXIT STATUS")
        for meaning in ExitCode.meanings {
            page.item(["\(meaning.code)"], meaning.detail, plainTag: true)
        }

        completion(&page)
        examples(&page)

        page.section("SEE ALSO")
        page.line("\\fBgoogle\\-emulator\\fR(1), \\fBsqlite3\\fR(1); the README of the clerk project.")
        return page.text
    }

    /// `clerk [OPTION]… FORM` for every way to run clerk.
    static var synopses: [String] {
        CommandLineTable.invocations.map { ["clerk [OPTION]\u{2026}", $0.arguments].filter { !$0.isEmpty }.joined(separator: " ") }
            + CommandLineTable.commands.flatMap { command in
                command.forms.map { "clerk [OPTION]\u{2026} " + CommandLineTable.synopsis(command, $0) }
            }
    }

    // MARK: Written by hand

    private static func conversation(_ page: inout Roff) {
        page.section("THE CONVERSATION")
        page.paragraph("Nothing changes without a yes. clerk shows what it understood, asks, and only then writes:")
        page.example([
            "clerk (local)> lunch with Ana tomorrow at 13:00 on Work",
            "Lunch with Ana",
            "  when     Tue 1 Dec 2026, 13:00\u{2013}14:00 (1 h assumed)",
            "  calendar Work",
            "  with     Ana P\u{E9}rez <ana@example.com>",
            "Create it? [Y/n/edit]",
            "> make it 13:30",
            "\u{2026}",
            "> y",
            "Created 'Lunch with Ana', Tue 1 Dec 2026, 13:30\u{2013}14:30, on Work.",
        ])
        page.paragraph("At a terminal Enter takes the default, the capital letter. In a pipe the next line is the answer and must say it: only y or yes confirms, and an empty line is no answer. A new request typed instead of an answer drops the question. The card takes edits in words: \"make it 13:30\", \"for 2 hours\", \"move it to Tuesday\", \"on Personal instead\", \"add Bob\", \"call it Team lunch\".")
        page.paragraph("What clerk understands, by example:")
        page.item(["Events"], "\"lunch with Ana tomorrow at 13:00 on Work\", \"remind me to water the plants on Sunday at 6pm\", \"workshop on Friday for 3 hours\", \"standup every weekday at 9:30\", \"quick add: dinner with Ana friday 8pm\" (Google reads the line).", plainTag: true)
        page.item(["Agenda"], "\"what's on this week\", \"what do I have tomorrow\", \"what's next\", \"am I free on Friday afternoon\", \"free slots of an hour tomorrow\", \"when is my next dentist appointment\", \"what's on my Work calendar next week\".", plainTag: true)
        page.item(["Changes"], "\"move the dentist to Tuesday at 3pm\", \"rename it to Team lunch\", \"cancel lunch with Ana tomorrow\", \"clear my calendar on Saturday\"; \"it\" is the event last shown alone, created or changed. \"undo\" reverses the last change of the session, after saying what it will do.", plainTag: true)
        page.item(["Contacts"], "\"Ana's phone\", \"what's Ana's email\", \"who is Carla Gomez\", \"find bobby\".", plainTag: true)
        page.item(["Files"], "\"list my files\", \"show notes.txt\", \"create a file todo.txt with buy milk\", \"append call plumber to todo.txt\", \"replace milk with oat milk in todo.txt\", \"delete todo.txt\".", plainTag: true)
        page.item(["The rest"], "\"calendars\", \"new calendar Trips\", \"help\", \"log in\", \"log out\", \"quit\". Alarms, weather, music and messages are not clerk's; it says what it can do instead.", plainTag: true)
        page.paragraph("Dates and times are read in English, with digits or words: today, tonight, Friday, next week, Dec 3, 12/3, 13:00, 1pm, half past three, from 2 to 4pm, for 90 minutes, in 2 hours, 8am JST, every other Monday, Christmas. clerk parse shows how any phrase is read.")
        page.paragraph("The REPL edits with emacs keys; Up and Down walk the history, Ctrl-R searches it, and Tab completes command words, calendar names after \"on\", contact names after \"with\" and file names after \"show\". Ctrl-C abandons the line or the question; Ctrl-D, quit or exit leaves. With stdin not a terminal, clerk prints no prompt and answers each line in turn; a request that fails prints its reason on stderr after clerk: and the exit code is then 1.")
    }

    private static func configuration(_ page: inout Roff) {
        page.section("CONFIGURATION")
        page.paragraph("The config file, $XDG_CONFIG_HOME/clerk/config (or config under --data-dir), holds key = value lines; # starts a comment. A key clerk does not know is an error that names the line.")
        page.item(["default_calendar"], "A calendar's name: where new events go. Default: the primary calendar.", plainTag: false)
        page.item(["working_hours"], "Hours like 08:00-20:00: what free-time answers count as a day. Default: 08:00-20:00.", plainTag: false)
        page.item(["default_event_length"], "Minutes (45), or 45m, 1h: how long an event without an end lasts. Default: 60.", plainTag: false)
        page.item(["date_order"], "month-first or day-first: how 12/3 reads. Default: month-first.", plainTag: false)
        page.item(["time_zone"], "A time zone like Europe/London, America/New_York or UTC, when --tz is not given. Default: TZ, else the system's.", plainTag: false)
        page.item(["backend"], "local or google. Default: Google once signed in, else local.", plainTag: false)
        page.item(["google_client_id", "google_client_secret"], "Your own Desktop OAuth client for clerk login (Google wants one per installed app; the README says how to make one in a few minutes). Default: CLERK_GOOGLE_CLIENT_ID and CLERK_GOOGLE_CLIENT_SECRET.", plainTag: false)
    }

    private static func environment(_ page: inout Roff) {
        page.section("ENVIRONMENT")
        page.item(["CLERK_GOOGLE_CLIENT_ID", "CLERK_GOOGLE_CLIENT_SECRET"], "The OAuth client clerk login signs in with, when the config file names none.", plainTag: false)
        page.item(["BROWSER"], "The program clerk login opens the consent page with (arguments allowed; %s stands for the address). none, or no display (DISPLAY, WAYLAND_DISPLAY), prints the address instead.", plainTag: false)
        page.item(["NO_COLOR"], "When set and not empty, no colour. Colour is only ever used on a terminal, and never with --json or TERM=dumb.", plainTag: false)
        page.item(["PAGER"], "Long files are shown through it on a terminal. Default: less -FRX.", plainTag: false)
        page.item(["TZ"], "The time zone when neither --tz nor the config's time_zone gives one.", plainTag: false)
        page.item(["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"], "Where the config, the store and the history live (see FILES). Default: ~/.config, ~/.local/share and ~/.local/state. --data-dir replaces all three.", plainTag: false)
    }

    private static func files(_ page: inout Roff) {
        page.section("FILES")
        page.item(["$XDG_CONFIG_HOME/clerk/config"], "The config file (see CONFIGURATION).", plainTag: false)
        page.item(["$XDG_CONFIG_HOME/clerk/google-token.json"], "The Google sign-in, readable by you only (mode 0600). clerk logout deletes it.", plainTag: false)
        page.item(["$XDG_DATA_HOME/clerk/clerk.sqlite3"], "The local store: calendars, contacts and files (with -wal and -shm files beside it). The first run makes a calendar called Personal. Several clerk processes may use it at once.", plainTag: false)
        page.item(["$XDG_DATA_HOME/clerk/google/ACCOUNT.sqlite3"], "The copy of a Google account, with the changes waiting to be sent.", plainTag: false)
        page.item(["$XDG_STATE_HOME/clerk/history"], "The REPL's history.", plainTag: false)
        page.paragraph("With --data-dir DIR all of them are in DIR.")
    }

    private static func completion(_ page: inout Roff) {
        page.section("SHELL COMPLETION")
        page.paragraph("clerk completions prints a script that completes the commands, the options, the values of --backend and --tz (the IANA zone names), .ics and .vcf files after import and, after --calendar, the calendars of the store the line names. The Debian package and make install put the scripts where the shells look; by hand:")
        page.example([
            "clerk completions bash > ~/.local/share/bash-completion/completions/clerk",
            "clerk completions zsh > ~/.local/share/zsh/site-functions/_clerk   # a folder in $fpath",
            "clerk completions fish > ~/.config/fish/completions/clerk.fish",
        ])
    }

    private static func examples(_ page: inout Roff) {
        page.section("EXAMPLES")
        page.example([
            "clerk \"what's on tomorrow\"",
            "clerk --yes \"dentist on Friday at 9 on Personal\"",
            "clerk --json \"what's on this week\" | jq '.events[].title'",
            "clerk parse --now 2026-11-30T09:00 --tz Europe/Madrid \"next friday at 3pm\"",
            "clerk import holidays.ics --calendar Holidays",
            "clerk export --calendar Work > work.ics",
            "google-emulator --port 8787 --seed /usr/share/clerk/emulator-seed &",
            "clerk --google-endpoint http://127.0.0.1:8787 login",
        ])
    }
}

/// A roff document for the man macros, built a line at a time with its text escaped.
struct Roff {
    private(set) var lines: [String] = []

    var text: String { lines.joined(separator: "\n") + "\n" }

    mutating func comment(_ text: String) { lines.append(".\\\" " + text) }
    mutating func macro(_ text: String) { lines.append("." + text) }
    mutating func line(_ text: String) { lines.append(text) }
    mutating func section(_ name: String) { macro("SH " + name) }

    /// A paragraph of prose; options named in it are set bold.
    mutating func paragraph(_ text: String) {
        macro("PP")
        line(Roff.prose(text))
    }

    /// Lines shown as they are, indented, in the fixed-width font.
    mutating func example(_ example: [String]) {
        macro("PP")
        macro("RS 4")
        macro("EX")
        for text in example { line(Roff.escape(text, code: true)) }
        macro("EE")
        macro("RE")
    }

    /// A tagged paragraph (`.TP`); several tags share the paragraph. Tags are synopses
    /// (`Roff.synopsis`) unless `plainTag`, which sets the whole tag bold.
    mutating func item(_ tags: [String], _ text: String, plainTag: Bool = false) {
        for (index, tag) in tags.enumerated() {
            macro("TP")
            line(plainTag ? "\\fB" + Roff.escape(tag, code: true) + "\\fR" : Roff.synopsis(tag))
            if index < tags.count - 1 { macro("PD 0") } else if tags.count > 1 { macro("PD") }
        }
        line(Roff.prose(text))
    }

    /// `text` safe on a roff text line: backslashes doubled, non-ASCII as `\[uXXXX]`, a
    /// leading `.` or `'` guarded. In `code`, `-` is the minus sign `\-` (what a person
    /// types); in prose it stays a hyphen.
    static func escape(_ text: String, code: Bool = false) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-" where code: escaped += "\\-"
            case _ where scalar.value > 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    /// Prose: escaped, with every `--option` in it bold.
    static func prose(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.firstRange(of: #/--[a-z][a-z-]*/#) {
            result += escape(String(rest[..<range.lowerBound]))
            result += "\\fB" + escape(String(rest[range]), code: true) + "\\fR"
            rest = rest[range.upperBound...]
        }
        return result + escape(String(rest))
    }

    /// A synopsis such as `clerk import FILE.ics|FILE.vcf [--calendar NAME]`: words bold,
    /// placeholders (a capital first letter) italic, brackets and bars plain.
    static func synopsis(_ text: String) -> String {
        var result = ""
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            if let letter = word.first(where: \.isLetter) {
                result += (letter.isUppercase ? "\\fI" : "\\fB") + escape(word, code: true) + "\\fR"
            } else {
                result += escape(word, code: true)
            }
            word = ""
        }
        for character in text {
            if " []|".contains(character) {
                flush()
                result += String(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return result
    }
}
