import Testing

/// clerk with stdin not a terminal: no prompt, one answer per line, exit code 1 if any failed.
@Suite struct PipedConversationTests {
    static let help = """
        Tell me what you mean, in your own words. For example:
          lunch with Ana tomorrow at 13:00 on Work
          what's on this week
          Ana's phone number
          show notes.txt
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
