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
        Type 'quit' or press Ctrl-D to leave.

        """

    @Test func answersEachLineWithoutAPrompt() throws {
        let result = try ClerkBinary.run([], input: "help\n\n  HELP  \n")
        #expect(result == .init(stdout: Self.help + Self.help, stderr: "", status: 0))
    }

    @Test func failsWhenALineIsNotUnderstood() throws {
        let result = try ClerkBinary.run([], input: "help\nfrobnicate the   widgets\n")
        #expect(result.stdout == Self.help + "I didn't understand 'frobnicate the widgets'. Type 'help' for what I can do.\n")
        #expect(result.status == 1)
    }

    /// A pasted page is neither read as a request nor quoted back whole.
    @Test func quotesOnlyTheStartOfALongLine() throws {
        let line = String(repeating: "qwerty ", count: 15_000)
        let result = try ClerkBinary.run([], input: line + "\n")
        #expect(result == .init(stdout: "I didn't understand '\(String(line.prefix(59)))…'. Type 'help' for what I can do.\n",
                                stderr: "", status: 1))
    }

    @Test func stopsReadingAtQuit() throws {
        let result = try ClerkBinary.run([], input: "help\nquit\nnonsense\n")
        #expect(result == .init(stdout: Self.help, stderr: "", status: 0))
    }

    @Test func answersOneRequestFromTheArguments() throws {
        #expect(try ClerkBinary.run(["help"]) == .init(stdout: Self.help, stderr: "", status: 0))
        let unknown = try ClerkBinary.run(["sing", "café"])
        #expect(unknown == .init(stdout: "I didn't understand 'sing café'. Type 'help' for what I can do.\n", stderr: "", status: 1))
    }

    @Test func writesOneJSONObjectPerAnswer() throws {
        let result = try ClerkBinary.run(["--json"], input: "help\nsing\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"{"intent":"help","ok":true,"message":"Tell me what you mean"#))
        #expect(lines[1] == #"{"intent":"out_of_scope","ok":false,"message":"I didn't understand 'sing'. Type 'help' for what I can do."}"#)
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

    @Test func noAnswerChangesNothingAndFails() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let oneShot = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path, "lunch with Ana tomorrow at 13:00"])
        #expect(oneShot == .init(stdout: Self.card + "No answer, so nothing changed.\n", stderr: "", status: 1))
        let piped = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path], input: "lunch with Ana tomorrow at 13:00\n")
        #expect(piped == .init(stdout: Self.card + "No answer, so nothing changed.\n", stderr: "", status: 1))
        let agenda = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path, "what's on tomorrow"])
        #expect(agenda.stdout == "Nothing on Tuesday.\n")
    }
}
