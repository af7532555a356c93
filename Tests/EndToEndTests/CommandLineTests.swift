import Testing

/// The command line as a user meets it: exact messages and exit codes.
@Suite struct CommandLineTests {
    @Test(arguments: [
        (["--now", "garbage"], "clerk: --now: expected YYYY-MM-DDTHH:MM, got 'garbage'\n"),
        (["--now", "2026-02-30T10:00"], "clerk: --now: expected YYYY-MM-DDTHH:MM, got '2026-02-30T10:00'\n"),
        (["--now", "2026-11-30T24:00"], "clerk: --now: expected YYYY-MM-DDTHH:MM, got '2026-11-30T24:00'\n"),
        (["--now"], "clerk: --now: needs a value\n"),
        (["--now", "2026-11-30T09:00:+5"], "clerk: --now: expected YYYY-MM-DDTHH:MM, got '2026-11-30T09:00:+5'\n"),
        (["--now", "2026-11-30T09:00:00.5"], "clerk: --now: expected YYYY-MM-DDTHH:MM, got '2026-11-30T09:00:00.5'\n"),
        (["--now", "+026-11-30T09:00"], "clerk: --now: expected YYYY-MM-DDTHH:MM, got '+026-11-30T09:00'\n"),
        (["--tz", "Mars/Olympus"], "clerk: --tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got 'Mars/Olympus'\n"),
        (["--tz", "+15:00"], "clerk: --tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got '+15:00'\n"),
        (["--backend", "outlook"], "clerk: --backend: expected local or google, got 'outlook'\n"),
        (["--google-endpoint", "localhost"], "clerk: --google-endpoint: expected a URL like http://127.0.0.1:8080, got 'localhost'\n"),
        (["--nwo", "2026-11-30T09:00"], "clerk: unknown option '--nwo'. Did you mean '--now'?\n"),
        (["--frobnicate"], "clerk: unknown option '--frobnicate'. See 'clerk --help'.\n"),
        (["--yes=no"], "clerk: --yes: takes no value\n"),
        (["--data-dir="], "clerk: --data-dir: needs a folder\n"),
        (["parse"], "clerk: parse: needs a PHRASE (or --jsonl to read JSON lines)\n"),
        (["parse", "--jsonl", "tomorrow"], "clerk: parse: give a PHRASE or --jsonl, not both\n"),
        (["--jsonl"], "clerk: --jsonl: only with 'clerk parse'\n"),
        (["import"], "clerk: import: needs one FILE.ics or FILE.vcf\n"),
        (["help", "--calendar", "Work"], "clerk: --calendar: only with 'clerk import' or 'clerk export'\n"),
        (["parse", "--calendar=Work", "tomorrow"], "clerk: --calendar: only with 'clerk import' or 'clerk export'\n"),
        (["export", "--jsonl"], "clerk: --jsonl: only with 'clerk parse'\n"),
        (["export", "Work"], "clerk: export: takes no words; use --calendar NAME\n"),
        (["import", "a.ics", "b.ics"], "clerk: import: needs one FILE.ics or FILE.vcf\n"),
        (["--json=yes"], "clerk: --json: takes no value\n"),
        (["--jsno"], "clerk: unknown option '--jsno'. Did you mean '--json'?\n"),
        (["--calendar"], "clerk: --calendar: needs a value\n"),
        // A short option was read as a request: "I didn't understand '-h'", exit 1.
        (["-h"], "clerk: unknown option '-h'. Did you mean '--help'?\n"),
        (["-V"], "clerk: unknown option '-V'. Did you mean '--version'?\n"),
        (["-yes", "lunch tomorrow at 1pm"], "clerk: unknown option '-yes'. Did you mean '--yes'?\n"),
        (["-x", "what's on today"], "clerk: unknown option '-x'. See 'clerk --help'.\n"),
        // The password was printed back by --verbose and by every error naming the endpoint.
        (["--google-endpoint", "http://me:secret@127.0.0.1:1", "login"],
         "clerk: --google-endpoint: expected a URL without a user or password, like http://127.0.0.1:8080 (clerk signs in with 'clerk login')\n"),
        // "/token" went after the query ("/base?x=1#f/token"); the port went to libcurl.
        (["--google-endpoint", "http://127.0.0.1:1/base?x=1#f", "login"],
         "clerk: --google-endpoint: expected a URL without ?query or #fragment, like http://127.0.0.1:8080, got 'http://127.0.0.1:1/base?x=1#f'\n"),
        (["--google-endpoint", "http://127.0.0.1:99999", "login"], "clerk: --google-endpoint: expected a port from 1 to 65535, got 'http://127.0.0.1:99999'\n"),
    ])
    func rejectsBadOptionsWithOneLineAndExitCode2(arguments: [String], expected: String) throws {
        let result = try ClerkBinary.run(arguments)
        #expect(result.stderr == expected)
        #expect(result.stdout == "")
        #expect(result.status == 2)
    }

    @Test(arguments: [
        ["--tz", "Europe/Madrid", "--now", "2026-11-30T09:00", "help"],
        ["--tz=-03:30", "--now=2026-11-30T09:00:59", "help"],
        ["--tz", "UTC", "--backend", "local", "--yes", "--verbose", "help"],
        ["help", "--data-dir", "DATA", "--google-endpoint", "http://127.0.0.1:9"],
    ])
    func acceptsEveryGlobalOption(arguments: [String]) throws {
        // DATA: a folder of this test's own (a fixed path could hold another checkout's store).
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try ClerkBinary.run(arguments.map { $0 == "DATA" ? folder.path : $0 })
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Tell me what you mean"))
    }

    @Test func helpListsEveryCommandOptionAndExitCode() throws {
        let usage = try ClerkBinary.run(["--help"]).stdout
        for line in ["  clerk parse PHRASE         show how a phrase is read, changing nothing\n",
                     "  clerk import FILE.ics|FILE.vcf [--calendar NAME]\n",
                     "  clerk export [--calendar NAME]\n",
                     "  clerk login                sign in to Google",
                     "  clerk logout               sign out",
                     "  clerk status               the account",
                     "  clerk completions bash|zsh|fish\n",
                     "  --jsonl                      with parse:",
                     "  --calendar NAME              with import and export:",
                     "\nExit codes: 0 success, 1 a request failed, 2 usage error, 130 interrupted.\n"] {
            #expect(usage.contains(line), "\(line)")
        }
    }

    @Test func printsVersionAndUsage() throws {
        // The commit is linked in by make (a release build); a plain swift build does not know it.
        let version = try ClerkBinary.run(["--version"])
        #expect(version.stdout.wholeMatch(of: /clerk 0\.1\.0 \(commit ([0-9a-f]{7,40}(-dirty)?|unknown)\)\n/) != nil, "\(version.stdout)")
        #expect(version.stderr == "")
        #expect(version.status == 0)
        // Asked in words, the same version; and whether clerk works offline, for the local store.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let asked = try ClerkBinary.run(["--data-dir", folder.path, "what version are you?"])
        #expect(asked.stdout == "This is clerk 0.1.0. Type 'help' for what I can do.\n")
        #expect(asked.status == 0)
        let offline = try ClerkBinary.run(["--data-dir", folder.path, "do you work offline"])
        #expect(offline.stdout.hasPrefix("Yes. Your calendar, contacts and files are kept on this machine, so clerk needs no internet."))
        #expect(offline.status == 0)
        let usage = try ClerkBinary.run(["--help"])
        #expect(usage.status == 0)
        #expect(usage.stdout.hasPrefix("clerk — a calendar, contacts and files assistant for the terminal\n"))
        for option in ["--now", "--tz", "--data-dir", "--backend", "--google-endpoint", "--yes", "--json", "--verbose"] {
            #expect(usage.stdout.contains(option))
        }
    }
}
