import ClerkCore
import ClerkLocal
import ChildProcess
import Foundation
import Testing
@testable import clerk

/// `clerk completions bash|zsh|fish` in the real shells: commands, options (a command's own
/// only with it), the values of `--backend` and `--tz`, files after `import`, and the
/// calendars of the store the line names, read by `clerk completions calendars`.
@Suite(.serialized) struct CompletionsTests {
    /// A store with three calendars (one name with a space), a folder to complete files in,
    /// and `clerk` on PATH, as a shell finds it.
    final class Setup {
        let folder: TemporaryFolder
        var data: String { folder.path + "/data" }
        var work: String { folder.path + "/work" }
        var bin: String { folder.path + "/bin" }
        var path: String { bin + ":/usr/bin:/bin" }

        init() throws {
            folder = try TemporaryFolder()
            let files = FileManager.default
            for made in [data, work + "/sub", bin] { try files.createDirectory(atPath: made, withIntermediateDirectories: true) }
            let store = try LocalStore(path: data + "/clerk.sqlite3", timeZone: Zone.gmt)
            for name in ["Work", "Team Lunch"] { try store.createCalendar(named: name, timeZone: "UTC") }
            for file in ["events.ics", "people.vcf", "notes.txt"] { _ = files.createFile(atPath: work + "/" + file, contents: Data()) }
            try files.createSymbolicLink(atPath: bin + "/clerk", withDestinationPath: ClerkBinary.path)
            try Completions.bash.write(toFile: folder.path + "/clerk.bash", atomically: true, encoding: .utf8)
            try files.createDirectory(atPath: folder.path + "/zsh", withIntermediateDirectories: true)
            try Completions.zsh.write(toFile: folder.path + "/zsh/_clerk", atomically: true, encoding: .utf8)
            try Completions.fish.write(toFile: folder.path + "/clerk.fish", atomically: true, encoding: .utf8)
        }

        deinit { folder.remove() }

        /// Runs a shell script in the work folder; its stdout.
        func shell(_ program: String, _ arguments: [String]) throws -> String {
            let out = folder.path + "/out", err = folder.path + "/err"
            let status = try Spawn.run(program, arguments, environment: ["PATH": path, "HOME": folder.path, "LANG": "C.UTF-8"],
                                       stdout: out, stderr: err, timeout: 60)
            let errors = try String(contentsOfFile: err, encoding: .utf8)
            #expect(status == 0, "\(program): \(errors)")
            #expect(errors == "", "\(program)")
            return try String(contentsOfFile: out, encoding: .utf8)
        }
    }

    @Test(arguments: Completions.Shell.allCases)
    func printsTheScriptTheShellReads(shell: Completions.Shell) throws {
        #expect(try ClerkBinary.run(["completions", shell.rawValue]) == .init(stdout: Completions.script(for: shell), stderr: "", status: 0))
        let setup = try Setup()
        switch shell {
        case .bash: _ = try setup.shell("/bin/bash", ["-n", setup.folder.path + "/clerk.bash"])
        case .zsh: _ = try setup.shell("/usr/bin/zsh", ["-n", setup.folder.path + "/zsh/_clerk"])
        case .fish: _ = try setup.shell("/usr/bin/fish", ["--no-execute", setup.folder.path + "/clerk.fish"])
        }
    }

    @Test(arguments: [
        (["completions"], "clerk: completions: needs bash, zsh or fish\n"),
        (["completions", "tcsh"], "clerk: completions: expected bash, zsh or fish, got 'tcsh'\n"),
        (["completions", "bash", "zsh"], "clerk: completions: needs bash, zsh or fish\n"),
    ])
    func refusesAShellItDoesNotKnow(arguments: [String], expected: String) throws {
        #expect(try ClerkBinary.run(arguments) == .init(stdout: "", stderr: expected, status: 2))
    }

    /// The words as bash hands them to the function (it splits `--opt=value` at `=`), and
    /// what it offers. DATA is the store's folder.
    static let bashCases: [([String], [String])] = [
        (["clerk", ""], ["parse", "import", "export", "login", "logout", "status", "completions"]),
        (["clerk", "--ba"], ["--backend"]),
        (["clerk", "--backend", "g"], ["google"]),
        (["clerk", "--backend", "=", "g"], ["google"]),
        (["clerk", "--tz", "Europe/Mad"], ["Europe/Madrid"]),
        (["clerk", "--tz", "=", "America/New_"], ["America/New_York"]),
        (["clerk", "--data-dir", "DATA", "export", "--calendar", ""], ["Personal", "Team\\ Lunch", "Work"]),
        (["clerk", "--data-dir", "=", "DATA", "import", "x.ics", "--calendar", "=", "T"], ["Team\\ Lunch"]),
        (["clerk", "--data-dir", "DATA", "--calendar", "W"], ["Work"]),
        (["clerk", "--data-dir", "DATA", "--backend", "google", "export", "--calendar", ""], []),
        (["clerk", "--data-dir", "DATA/nowhere", "export", "--calendar", ""], []),
        (["clerk", "import", ""], ["sub", "events.ics", "people.vcf"]),
        (["clerk", "import", "events.ics", ""], []),
        (["clerk", "completions", ""], ["bash", "zsh", "fish"]),
        (["clerk", "parse", "--js"], ["--json", "--jsonl"]),
        (["clerk", "login", "--cal"], []),
        (["clerk", "what's", "on", "--cal"], []),
        (["clerk", "--", "--ver"], []),
    ]

    @Test func bashOffersWhatTheLineNeeds() throws {
        let setup = try Setup()
        var script = "source '\(setup.folder.path)/clerk.bash'\ncd '\(setup.work)'\n"
        script += #"t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _clerk; printf '%s\n' "${COMPREPLY[*]}"; }"# + "\n"
        for (words, _) in Self.bashCases {
            script += "t " + words.map { "'" + $0.replacingOccurrences(of: "DATA", with: setup.data).replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ") + "\n"
        }
        try script.write(toFile: setup.folder.path + "/cases.bash", atomically: true, encoding: .utf8)
        let lines = try setup.shell("/bin/bash", ["--norc", "--noprofile", setup.folder.path + "/cases.bash"]).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (words, expected)) in Self.bashCases.enumerated() {
            #expect(index < lines.count && lines[index] == expected.joined(separator: " "), "\(words)")
        }
    }

    /// What fish offers for each line (`complete -C`), without the descriptions.
    static let fishCases: [(String, [String])] = [
        ("clerk ", ["completions", "export", "import", "login", "logout", "parse", "status"]),
        ("clerk --ba", ["--backend"]),
        ("clerk --backend ", ["google", "local"]),
        ("clerk --backend=g", ["--backend=google"]),
        ("clerk --tz Europe/Madr", ["Europe/Madrid"]),
        ("clerk --data-dir DATA export --calendar ", ["Personal", "Team Lunch", "Work"]),
        ("clerk --data-dir=DATA import x.ics --calendar=T", ["--calendar=Team Lunch"]),
        ("clerk --data-dir DATA --backend google --calendar ", []),
        ("clerk import ", ["events.ics", "people.vcf", "sub/"]),
        ("clerk import events.ics ", []),
        ("clerk completions ", ["bash", "fish", "zsh"]),
        ("clerk parse --js", ["--json", "--jsonl"]),
        ("clerk login --cal", []),
    ]

    @Test func fishOffersWhatTheLineNeeds() throws {
        let setup = try Setup()
        var script = "source '\(setup.folder.path)/clerk.fish'\ncd '\(setup.work)'\n"
        for (line, _) in Self.fishCases {
            script += "echo '== \(line)'\ncomplete -C '\(line.replacingOccurrences(of: "DATA", with: setup.data))'\n"
        }
        try script.write(toFile: setup.folder.path + "/cases.fish", atomically: true, encoding: .utf8)
        let output = try setup.shell("/usr/bin/fish", ["--no-config", setup.folder.path + "/cases.fish"])
        var offered: [String: [String]] = [:]
        var current = ""
        for line in output.split(separator: "\n") {
            if line.hasPrefix("== ") { current = String(line.dropFirst(3)); offered[current] = [] } else {
                offered[current, default: []].append(String(line.split(separator: "\t", maxSplits: 1)[0]))
            }
        }
        for (line, expected) in Self.fishCases {
            #expect(offered[line] == expected, "\(line)")
        }
    }

    /// zsh completes only inside its line editor: these run in a real terminal.
    @Test func zshOffersWhatTheLineNeeds() throws {
        let setup = try Setup()
        let terminal = try Terminal(command: "cd '\(setup.work)' && env PATH='\(setup.path)' HOME='\(setup.folder.path)' PS1='zsh%% ' zsh -f")
        try terminal.waitFor("zsh%")
        try terminal.type("fpath=('\(setup.folder.path)/zsh' $fpath); autoload -Uz compinit; compinit -u -D; clear")
        try terminal.send("Enter")
        try terminal.waitFor("zsh%")
        for (typed, shown) in [("clerk --ba", "zsh% clerk --backend="),
                               ("clerk --data-dir '../data' export --calendar Te", "zsh% clerk --data-dir '../data' export --calendar Team\\ Lunch"),
                               ("clerk --tz Europe/Madr", "zsh% clerk --tz Europe/Madrid"),
                               ("clerk imp", "zsh% clerk import"),
                               ("clerk import ev", "zsh% clerk import events.ics"),
                               ("clerk login --cal", "zsh% clerk login --cal")] {
            try terminal.type(typed)
            try terminal.send("Tab")
            let screen = try terminal.waitFor(shown, seconds: 10)
            #expect(screen.contains(shown))
            // Let a slow completion finish before the line is cleared.
            Thread.sleep(forTimeInterval: 0.3)
            try terminal.send("C-u")
            try terminal.waitFor("zsh%")
        }
        try terminal.type("exit")
        try terminal.send("Enter")
    }

    /// bash's own word splitting (at `=`) and quoting, in a real terminal.
    @Test func bashCompletesInItsLineEditor() throws {
        let setup = try Setup()
        let terminal = try Terminal(command: "cd '\(setup.work)' && env PATH='\(setup.path)' HOME='\(setup.folder.path)' PS1='bash$ ' bash --norc --noprofile")
        try terminal.waitFor("bash$")
        // Waiting for the command's own output: a `clear` raced the keys typed after it.
        try terminal.type("source '\(setup.folder.path)/clerk.bash'; echo sourced")
        try terminal.send("Enter")
        try terminal.waitFor("sourced\nbash$")
        try terminal.type("clerk --backend=g")
        try terminal.send("Tab")
        try terminal.waitFor("bash$ clerk --backend=google")
        // The line names the Google account, which has no copy here: no names. bash reads
        // keys in order, so a letter typed after Tab lands after whatever Tab inserted.
        try terminal.send("C-u")
        try terminal.type("clerk --backend=google --data-dir=../data export --calendar=Te")
        try terminal.send("Tab")
        try terminal.type("Z")
        let screen = try terminal.waitFor("--calendar=TeZ", seconds: 10)
        #expect(screen.hasSuffix("bash$ clerk --backend=google --data-dir=../data export --calendar=TeZ\n"))
        try terminal.send("C-u")
        try terminal.type("clerk --data-dir=../data export --calendar=Te")
        try terminal.send("Tab")
        try terminal.waitFor("bash$ clerk --data-dir=../data export --calendar=Team\\ Lunch", seconds: 10)
        try terminal.send("C-u")
        try terminal.type("exit")
        try terminal.send("Enter")
    }

    @Test func calendarNamesComeFromTheStoreAndNothingIsCreated() throws {
        let setup = try Setup()
        #expect(try ClerkBinary.run(["--data-dir", setup.data, "completions", "calendars"]) == .init(stdout: "Personal\nTeam Lunch\nWork\n", stderr: "", status: 0))
        let nowhere = setup.folder.path + "/nowhere"
        #expect(try ClerkBinary.run(["--data-dir", nowhere, "completions", "calendars"]) == .init(stdout: "", stderr: "", status: 0))
        #expect(try ClerkBinary.run(["--data-dir", nowhere, "--backend", "google", "completions", "calendars"]) == .init(stdout: "", stderr: "", status: 0))
        #expect(!FileManager.default.fileExists(atPath: nowhere))
    }

    /// A calendar whose name holds a control character or a line break (from Google, where
    /// any client can name one) is not offered: it went to the terminal raw, an ESC and two
    /// words for one calendar.
    @Test func aCalendarNameThatCannotBeTypedIsNotOffered() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try LocalStore(path: folder.path + "/clerk.sqlite3", timeZone: Zone(identifier: "UTC")!)
        _ = try store.putCalendar(CalendarInfo(id: "odd", name: "Two\nLines\u{1B}[2J", timeZone: "UTC", isPrimary: false), unmodeled: nil)
        _ = try store.putCalendar(CalendarInfo(id: "odd2", name: "Tab\there", timeZone: "UTC", isPrimary: false), unmodeled: nil)
        #expect(try ClerkBinary.run(["--data-dir", folder.path, "completions", "calendars"]) == .init(stdout: "Personal\n", stderr: "", status: 0))
    }

    @Test func calendarNamesOfAGoogleAccountComeFromItsCopyWithoutARequest() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try GoogleEndToEndTests.RunningEmulator(folder: folder.path)
        #expect(try GoogleEndToEndTests.logIn(emulator, folder: folder.path).status == 0)
        #expect(try GoogleEndToEndTests.clerk(folder.path, ["--yes", "new calendar Trips"]).status == 0)
        _ = emulator.side("DELETE", "/_emulator/requests")
        let names = try ClerkBinary.run(["--data-dir", folder.path + "/clerk", "completions", "calendars"], environment: GoogleEndToEndTests.environment)
        #expect(names == .init(stdout: "emulator@example.com\nTrips\n", stderr: "", status: 0))
        #expect(emulator.side("GET", "/_emulator/requests")["requests"]?.arrayValue?.count == 0)
        // The store's own calendars when the line says --backend local (none: it was never made).
        #expect(try ClerkBinary.run(["--data-dir", folder.path + "/clerk", "--backend", "local", "completions", "calendars"]).stdout == "")
    }

    @Test func timeZoneNamesAreTheOnesTzTakes() {
        let names = CommandLineTable.timeZoneNames
        #expect(names.count > 300)
        #expect(names.contains("UTC") && names.contains("Europe/Madrid") && names.contains("America/New_York"))
        #expect(names.filter { ClockText.timeZone($0) == nil } == [])
        #expect(Set(names).count == names.count)
    }
}
