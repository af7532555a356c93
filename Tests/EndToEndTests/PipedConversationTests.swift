import Foundation
import Testing

/// clerk with stdin not a terminal: no prompt, one answer per line, exit code 1 if any failed.
@Suite struct PipedConversationTests {
    static let help = """
        Tell me what you mean, in your own words. For example:
          lunch with Ana tomorrow at 13:00 on Work
          what's on this week · am I free on Friday afternoon · what's next
          move the dentist to Tuesday at 3pm · cancel lunch with Ana · undo
          Ana's phone number · find Bob Stone
          list my files · show notes.txt · append call plumber to todo.txt
          calendars · new calendar Family
        More: 'help with events', 'help with calendars', 'help with files', 'help with contacts'.
        Type 'quit' or press Ctrl-D to leave.

        """

    @Test func answersEachLineWithoutAPrompt() throws {
        let result = try ClerkBinary.run([], input: "help\n\n  HELP  \n")
        #expect(result == .init(stdout: Self.help + Self.help, stderr: "", status: 0))
    }

    /// A failed request's reason goes to stderr, one line after `clerk: ` (README's contract);
    /// stdout keeps the answers, so a script reading it sees only what went well.
    @Test func failsWhenALineIsNotUnderstood() throws {
        let result = try ClerkBinary.run([], input: "help\nfrobnicate the   widgets\nhelp\n")
        #expect(result == .init(stdout: Self.help + Self.help,
                                stderr: "clerk: I didn't understand 'frobnicate the widgets'. Type 'help' for what I can do.\n", status: 1))
    }

    /// A pasted page is neither read as a request nor quoted back whole.
    @Test func quotesOnlyTheStartOfALongLine() throws {
        let line = String(repeating: "qwerty ", count: 15_000)
        let result = try ClerkBinary.run([], input: line + "\n")
        #expect(result == .init(stdout: "", stderr: "clerk: I didn't understand '\(String(line.prefix(59)))…'. Type 'help' for what I can do.\n",
                                status: 1))
    }

    @Test func stopsReadingAtQuit() throws {
        let result = try ClerkBinary.run([], input: "help\nquit\nnonsense\n")
        #expect(result == .init(stdout: Self.help, stderr: "", status: 0))
    }

    @Test func answersOneRequestFromTheArguments() throws {
        #expect(try ClerkBinary.run(["help"]) == .init(stdout: Self.help, stderr: "", status: 0))
        let unknown = try ClerkBinary.run(["sing", "café"])
        #expect(unknown == .init(stdout: "", stderr: "clerk: I didn't understand 'sing café'. Type 'help' for what I can do.\n", status: 1))
    }

    @Test func writesOneJSONObjectPerAnswer() throws {
        let result = try ClerkBinary.run(["--json"], input: "help\nsing\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"{"intent":"help","ok":true,"message":"Tell me what you mean"#))
        #expect(lines[1] == #"{"intent":"out_of_scope","ok":false,"message":"I didn't understand 'sing'. Type 'help' for what I can do."}"#)
        // The reason of a failure is on stderr as well, as for text.
        #expect(result.stderr == "clerk: I didn't understand 'sing'. Type 'help' for what I can do.\n")
        #expect(result.status == 1)
    }
}

/// Questions without a terminal: `--yes`, the next stdin line, or nothing at all.
@Suite struct ConfirmationTests {
    static let card = """
        Lunch with Ana
          when     Tue 1 Dec 2026, 13:00–14:00 (1 h assumed)
          calendar Personal (default)
          with     Ana (not in contacts)
        Create it? [Y/n/edit]

        """
    static let created = "Created 'Lunch with Ana', Tue 1 Dec 2026, 13:00–14:00, on Personal.\n"
    static let clock = ["--now", "2026-11-30T09:00", "--tz", "Europe/Madrid"]

    @Test func yesAnswersEveryQuestion() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path, "--yes", "lunch", "with", "Ana", "tomorrow", "at", "13:00"])
        #expect(result == .init(stdout: Self.card + Self.created, stderr: "", status: 0))
        let agenda = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path, "what's on tomorrow"])
        #expect(agenda.stdout == "Tuesday 1 Dec\n  13:00–14:00  Lunch with Ana\n")
    }

    @Test func theNextLineAnswersAOneShotQuestion() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let declined = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path, "lunch with Ana tomorrow at 13:00"], input: "n\n")
        #expect(declined == .init(stdout: Self.card + "OK, not created.\n", stderr: "", status: 0))
        let accepted = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path, "lunch with Ana tomorrow at 13:00"], input: "y\n")
        #expect(accepted == .init(stdout: Self.card + Self.created, stderr: "", status: 0))
    }

    /// With `--json` a one-shot request has one answer (DESIGN.md: one object per request):
    /// with `--yes` the result, not the card before it; with none, the card and its event with
    /// the failure, whose reason alone is on stderr.
    @Test func jsonGivesAOneShotRequestOneObject() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = Self.clock + ["--data-dir", folder.path, "--json"]
        func objects(_ stdout: String) throws -> [[String: Any]] {
            try stdout.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        }
        let yes = try ClerkBinary.run(data + ["--yes", "lunch with Ana tomorrow at 13:00"])
        let created = try objects(yes.stdout)
        #expect(created.count == 1)
        #expect(created.first?["message"] as? String == "Created 'Lunch with Ana', Tue 1 Dec 2026, 13:00–14:00, on Personal.")
        #expect(created.first?["question"] == nil)
        #expect((created.first?["event"] as? [String: Any])?["start"] as? String == "2026-12-01T13:00:00+01:00")
        #expect(yes.stderr == "" && yes.status == 0)

        let unanswered = try ClerkBinary.run(data + ["dinner with Ana tomorrow at 20:00"])
        let left = try objects(unanswered.stdout)
        #expect(left.count == 1)
        #expect(left.first?["ok"] as? Bool == false)
        #expect(left.first?["message"] as? String == """
            Dinner with Ana
              when     Tue 1 Dec 2026, 20:00–21:00 (1 h assumed)
              calendar Personal (default)
              with     Ana (not in contacts)
            Create it? [Y/n/edit]
            No answer, so nothing changed.
            """)
        #expect((left.first?["event"] as? [String: Any])?["title"] as? String == "Dinner with Ana")
        #expect(unanswered.stderr == "clerk: No answer, so nothing changed.\n")
        #expect(unanswered.status == 1)
        #expect(try ClerkBinary.run(Self.clock + ["--data-dir", folder.path, "what's on tomorrow"]).stdout
            == "Tuesday 1 Dec\n  13:00–14:00  Lunch with Ana\n")
    }

    /// In a pipe the answer must say yes: an empty line, or a yes said loosely ("sure"), is
    /// no answer, and the question is asked again; only y or yes confirms.
    @Test func inAPipeOnlyYOrYesIsYes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = Self.clock + ["--data-dir", folder.path]
        let again = "Answer y to create it, n to drop it, or say what to change ('make it 13:30').\n"
        let oneShot = try ClerkBinary.run(data + ["lunch with Ana tomorrow at 13:00"], input: "\n\nsure\n")
        #expect(oneShot == .init(stdout: Self.card + again + again + again, stderr: "clerk: No answer, so nothing changed.\n", status: 1))
        let piped = try ClerkBinary.run(data, input: "lunch with Ana tomorrow at 13:00\n\n")
        #expect(piped == .init(stdout: Self.card + again, stderr: "clerk: No answer, so nothing changed.\n", status: 1))
        let file = try ClerkBinary.run(data, input: "create a file todo.txt with milk\n\n")
        #expect(file == .init(stdout: "New file todo.txt:\n+ milk\nWrite it? [Y/n]\nPlease answer y or n. Write it? [Y/n]\n",
                              stderr: "clerk: No answer, so nothing changed.\n", status: 1))
        #expect(try ClerkBinary.run(data + ["what's on tomorrow"]).stdout == "Nothing on Tue 1 Dec.\n")
        #expect(try ClerkBinary.run(data + ["list my files"]).stdout == "No files yet. Create one: 'create a file todo.txt with buy milk'.\n")
        let yes = try ClerkBinary.run(data, input: "lunch with Ana tomorrow at 13:00\n\nYES\n")
        #expect(yes == .init(stdout: Self.card + again + Self.created, stderr: "", status: 0))
    }

    /// `--yes` answers yes-or-no questions only. A choice it cannot make ("Which Ana?", "only
    /// this one or the whole series?") or a question wanting words fails at once — exit 1, one
    /// line on stderr naming the question and its choices — instead of asking forever.
    @Test(arguments: [
        ("lunch with Ana tomorrow at 13:00", "Which Ana?\n  1) Ana Gomez\n  2) Ana Pérez\n",
         "clerk: --yes answers only yes-or-no questions, so nothing changed. The question was: Which Ana? 1) Ana Gomez 2) Ana Pérez\n"),
        ("call ana", "Which Ana?\n  1) Ana Gomez\n  2) Ana Pérez\n",
         "clerk: --yes answers only yes-or-no questions, so nothing changed. The question was: Which Ana? 1) Ana Gomez 2) Ana Pérez\n"),
        ("cancel the standup", "Mon 30 Nov 2026, 09:30–09:45  Standup\n'Standup' repeats. Delete 1) only Mon 30 Nov or 2) the whole series? [1/2/n]\n",
         "clerk: --yes answers only yes-or-no questions, so nothing changed. The question was: 'Standup' repeats. Delete 1) only Mon 30 Nov or 2) the whole series? [1/2/n]\n"),
        // (A name with no event of it to come: "dentist", with one, shows it.)
        ("yoga", "When is 'Yoga'? For example: 'tomorrow at 10', 'Friday 3-4pm'.\n",
         "clerk: --yes answers only yes-or-no questions, so nothing changed. The question was: When is 'Yoga'? For example: 'tomorrow at 10', 'Friday 3-4pm'.\n"),
    ])
    func yesCannotChooseAndFailsAtOnce(request: String, question: String, reason: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = ["--data-dir", folder.path]
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/seed").path
        try "BEGIN:VCARD\nVERSION:3.0\nFN:Ana Pérez\nUID:a1\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nFN:Ana Gomez\nUID:a2\nEND:VCARD\n"
            .write(toFile: folder.path + "/anas.vcf", atomically: true, encoding: .utf8)
        #expect(try ClerkBinary.run(Self.clock + data + ["import", folder.path + "/anas.vcf"]).status == 0)
        #expect(try ClerkBinary.run(Self.clock + data + ["import", seed + "/week.ics"]).status == 0)
        let before = try ClerkBinary.run(Self.clock + data + ["export"]).stdout
        let result = try ClerkBinary.run(Self.clock + data + ["--yes", request], timeout: 20)
        #expect(result == .init(stdout: question, stderr: reason, status: 1))
        #expect(try ClerkBinary.run(Self.clock + data + ["export"]).stdout == before)
        // In a pipe the next line is a new request; the exit code still says one failed.
        let piped = try ClerkBinary.run(Self.clock + data + ["--yes"], input: request + "\nhelp\n", timeout: 20)
        #expect(piped == .init(stdout: question + PipedConversationTests.help, stderr: reason, status: 1))
    }

    /// The issue's amounts trapped (exit 132); now each is refused, and nothing is created.
    @Test(arguments: [
        ("what's on in 1e19 days", "'1e19 days' is more time than I can work with. Nothing changed."),
        ("lunch for 1e999 hours", "'for 1e999 hours' is more time than I can work with. Nothing changed."),
        ("lunch in 9999999999999999999 days", "'9999999999999999999 days' is more time than I can work with. Nothing changed."),
        ("lunch tomorrow at 1pm for 99999999 hours", "'for 99999999 hours' is more time than I can work with. Nothing changed."),
        ("standup daily for 1000000 times", "'1000000 times' is more times than I can repeat an event (at most 9,999). Nothing changed."),
    ])
    func refusesAmountsBeyondRange(request: String, reason: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = ["--data-dir", folder.path]
        let result = try ClerkBinary.run(Self.clock + data + ["--yes", request], timeout: 60)
        #expect(result == .init(stdout: "", stderr: "clerk: " + reason + "\n", status: 1))
        #expect(try ClerkBinary.run(Self.clock + data + ["export"]).stdout.contains("BEGIN:VEVENT") == false)
    }

    @Test func noAnswerChangesNothingAndFails() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let oneShot = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path, "lunch with Ana tomorrow at 13:00"])
        #expect(oneShot == .init(stdout: Self.card, stderr: "clerk: No answer, so nothing changed.\n", status: 1))
        let piped = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path], input: "lunch with Ana tomorrow at 13:00\n")
        #expect(piped == .init(stdout: Self.card, stderr: "clerk: No answer, so nothing changed.\n", status: 1))
        let agenda = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path, "what's on tomorrow"])
        #expect(agenda.stdout == "Nothing on Tue 1 Dec.\n")
    }

    /// "make Work my default calendar" writes the config file — its other lines kept — and a
    /// later run puts new events there.
    @Test func aDefaultCalendarSaidInWordsIsKeptInTheConfig() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let base = ["--data-dir", folder.path, "--now", "2026-11-30T09:00", "--tz", "Europe/Madrid"]
        try "# mine\nworking_hours = 09:00-18:00\n".write(toFile: folder.path + "/config", atomically: true, encoding: .utf8)
        let first = try ClerkBinary.run(base, input: "new calendar Work\ny\nmake Work my default calendar\ny\n")
        #expect(first.stdout.hasSuffix("New events now go on 'Work' (saved as default_calendar in your config). Say 'undo' to change it back.\n"))
        #expect(try String(contentsOfFile: folder.path + "/config", encoding: .utf8) == "# mine\nworking_hours = 09:00-18:00\ndefault_calendar = Work\n")
        let second = try ClerkBinary.run(base + ["lunch on Friday at 1"], input: "n\n")
        #expect(second.stdout.contains("  calendar Work (default)\n"))
    }

    /// "set my working hours to 9-5" and "set the default event length to 30 minutes" write
    /// the config file, its other lines kept; an undo writes the old value back; a later run
    /// looks for free time in those hours and makes events that long.
    @Test func workingHoursAndLengthSaidInWordsAreKeptInTheConfig() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let base = ["--data-dir", folder.path, "--now", "2026-11-30T09:00", "--tz", "Europe/Madrid"]
        try "# mine\ndefault_calendar = Personal\n".write(toFile: folder.path + "/config", atomically: true, encoding: .utf8)
        let first = try ClerkBinary.run(base, input: "set my working hours to 9-5\ny\nset the default event length to 45 minutes\ny\nchange the event length to 20 min\ny\nundo\ny\n")
        #expect(first.stdout == """
            Set your working hours to 09:00–17:00? Free time is looked for in them. [Y/n]
            Working hours now 09:00–17:00 (saved as working_hours in your config). Say 'undo' to change it back.
            Make new events 45 min unless said? [Y/n]
            New events are now 45 min unless said (saved as default_event_length in your config). Say 'undo' to change it back.
            Make new events 20 min unless said? [Y/n]
            New events are now 20 min unless said (saved as default_event_length in your config). Say 'undo' to change it back.
            Undo: make new events 45 min again? [Y/n]
            Undone: new events are 45 min again.

            """)
        #expect(try String(contentsOfFile: folder.path + "/config", encoding: .utf8)
                == "# mine\ndefault_calendar = Personal\nworking_hours = 09:00-17:00\ndefault_event_length = 45\n")
        let free = try ClerkBinary.run(base + ["am i free tomorrow"])
        #expect(free.stdout == "Tue 1 Dec 09:00–17:00: you're free.\n")
        let card = try ClerkBinary.run(base + ["lunch on Friday at 1"], input: "n\n")
        #expect(card.stdout.hasPrefix("Lunch\n  when     Fri 4 Dec 2026, 13:00–13:45 (45 min assumed)\n"))
    }

    /// "set my time zone to new york" writes `time_zone` to the config; a later run without
    /// `--tz` lives in that zone (its `--now` read there), `--tz` still comes first, and an
    /// undo takes the key out again.
    @Test func aTimeZoneSaidInWordsIsKeptInTheConfig() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let base = ["--data-dir", folder.path, "--now", "2026-11-30T09:00"]
        let set = try ClerkBinary.run(base + ["--tz", "Europe/Madrid"], input: "set my time zone to new york\ny\n")
        #expect(set.stdout == """
            Set your time zone to America/New_York (now Europe/Madrid)? clerk uses it from its next start. [Y/n]
            Time zone America/New_York from clerk's next start (saved as time_zone in your config; --tz still comes first). Say 'undo' to change it back.

            """)
        #expect(try String(contentsOfFile: folder.path + "/config", encoding: .utf8) == "time_zone = America/New_York\n")
        let here = try ClerkBinary.run(base + ["what time is it"])
        #expect(here.stdout == "It's Monday 30 November 2026, 09:00 (America/New_York).\n")
        let given = try ClerkBinary.run(base + ["--tz", "Asia/Tokyo", "what time is it"])
        #expect(given.stdout == "It's Monday 30 November 2026, 09:00 (Asia/Tokyo).\n")
        let unknown = try ClerkBinary.run(base, input: "set my time zone to atlantis\nchange my timezone to Europe/Paris\ny\nundo\ny\n")
        #expect(unknown.stderr == "clerk: I don't know the time zone 'atlantis'. Say a city or a tz database name, like 'set my time zone to Europe/London'.\n")
        #expect(unknown.stdout.hasSuffix("Undone: from the next start the time zone is America/New_York again.\n"))
        #expect(try String(contentsOfFile: folder.path + "/config", encoding: .utf8) == "time_zone = America/New_York\n")
        try "time_zone = Mars/Base\n".write(toFile: folder.path + "/config", atomically: true, encoding: .utf8)
        let bad = try ClerkBinary.run(base + ["what time is it"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "clerk: \(folder.path)/config:1: time_zone: expected a time zone like Europe/London or UTC, got 'Mars/Base'\n")
    }

    /// The card names the length it assumed: the config's `default_event_length`, not 1 h.
    @Test func theCardSaysTheDefaultLengthItAssumed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try "default_event_length = 45m\n".write(toFile: folder.path + "/config", atomically: true, encoding: .utf8)
        let card = try ClerkBinary.run(["--data-dir", folder.path, "--now", "2026-11-30T09:00", "--tz", "Europe/Madrid", "lunch on Friday at 1"], input: "n\n")
        #expect(card.stdout.hasPrefix("Lunch\n  when     Fri 4 Dec 2026, 13:00–13:45 (45 min assumed)\n"))
    }

    /// The config can hold google_client_secret: a setting said in words rewrote it as a new
    /// 0644 file and replaced a symbolic link with a plain file. Now an existing file keeps
    /// its mode and its link (the file linked to is written, atomically, beside itself); a new
    /// one is 0600 in a folder made 0700 (`XDG_CONFIG_HOME/clerk`).
    @Test func aSettingSaidInWordsKeepsTheConfigsModeAndLink() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let base = ["--data-dir", folder.path + "/data", "--now", "2026-11-30T09:00", "--tz", "Europe/Madrid"]
        try FileManager.default.createDirectory(atPath: folder.path + "/dotfiles", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/data", withIntermediateDirectories: true)
        let real = folder.path + "/dotfiles/clerk-config"
        try "google_client_secret = s3cret\n".write(toFile: real, atomically: false, encoding: .utf8)
        chmod(real, 0o640)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/data/config", withDestinationPath: "../dotfiles/clerk-config")
        _ = try ClerkBinary.run(base, input: "new calendar Work\ny\nmake Work my default calendar\ny\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/data/config") == "../dotfiles/clerk-config")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "google_client_secret = s3cret\ndefault_calendar = Work\n")
        #expect(Self.mode(real) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/dotfiles") == ["clerk-config"])

        // No config yet, and no folder for it: both made, readable only by their owner.
        let home = folder.path + "/home"
        let environment = ["XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state"]
        let clock = ["--now", "2026-11-30T09:00", "--tz", "Europe/Madrid"]
        _ = try ClerkBinary.run(clock, input: "new calendar Work\ny\nmake Work my default calendar\ny\n", environment: environment)
        #expect(try String(contentsOfFile: home + "/.config/clerk/config", encoding: .utf8) == "default_calendar = Work\n")
        #expect(Self.mode(home + "/.config/clerk/config") == 0o600)
        #expect(Self.mode(home + "/.config/clerk") == 0o700)
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// A config file that is not text, or too large to be one, is refused with its reason,
    /// never read as no file: a setting said in words would otherwise write over it.
    @Test func aConfigFileThatIsNoTextIsRefusedNotOverwritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let base = ["--data-dir", folder.path, "--now", "2026-11-30T09:00", "--tz", "Europe/Madrid"]
        let config = folder.path + "/config"
        let binary = Data([0x64, 0x65, 0xFF, 0xFE, 0x0A])
        try binary.write(to: URL(fileURLWithPath: config))
        let refused = try ClerkBinary.run(base + ["what's on today"])
        #expect(refused == .init(stdout: "", stderr: "clerk: \(config): not UTF-8 text\n", status: 1))
        #expect(try Data(contentsOf: URL(fileURLWithPath: config)) == binary)

        let large = Data(repeating: UInt8(ascii: "#"), count: (1 << 20) + 1)
        try large.write(to: URL(fileURLWithPath: config))
        let tooLarge = try ClerkBinary.run(base + ["what's on today"])
        #expect(tooLarge == .init(stdout: "", stderr: "clerk: \(config): larger than 1 MiB, not a config file\n", status: 1))
        #expect(try Data(contentsOf: URL(fileURLWithPath: config)) == large)
    }

    /// One request, then the process ends: no answer offers an "undo" it could not give.
    @Test func aOneShotRunNeverOffersUndo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let base = ["--data-dir", folder.path, "--now", "2026-11-30T09:00", "--tz", "Europe/Madrid"]
        let created = try ClerkBinary.run(base + ["--yes", "create a file todo.txt with milk"])
        #expect(created == .init(stdout: "New file todo.txt:\n+ milk\nWrite it? [Y/n]\nCreated todo.txt.\n", stderr: "", status: 0))
        let undo = try ClerkBinary.run(base + ["undo"])
        #expect(undo == .init(stdout: "", stderr: "clerk: Undo works within a conversation: run clerk on its own and say 'undo' there, right after the change.\n",
                              status: 1))
    }
}
