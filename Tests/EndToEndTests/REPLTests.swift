import Foundation
import Testing

/// The REPL in a real pseudo-terminal: editing keys, history, UTF-8, Ctrl-C, Ctrl-D.
@Suite(.serialized) struct REPLTests {
    static func clerk(dataDir: String) -> String {
        "'\(ClerkBinary.path)' --data-dir '\(dataDir)'; echo \"[exit $?]\""
    }

    @Test func editingKeysFixATypo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try Terminal(command: Self.clerk(dataDir: folder.path))
        try terminal.waitFor("clerk (local)>")
        // "hepl": back over the "l", delete the "p", forward again, type "p".
        try terminal.type("hepl")
        try terminal.send("Left", "BSpace", "Right")
        try terminal.type("p")
        try terminal.send("Enter")
        // Keys go in only once the prompt is back: libedit flushes what was typed before.
        let screen = try terminal.waitFor("Type 'quit' or press Ctrl-D to leave.\nclerk (local)>")
        #expect(screen.hasPrefix("clerk (local)> help\nTell me what you mean"))
        try terminal.send("C-d")
        try terminal.waitFor("[exit 0]")
    }

    @Test func historyRecallsKeepsUTF8AndPersists() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        do {
            let terminal = try Terminal(command: Self.clerk(dataDir: folder.path))
            try terminal.waitFor("clerk (local)>")
            try terminal.type("café con Ana")
            try terminal.send("Enter")
            // Keys go in only once the prompt is back (libedit flushes what came before it).
            try terminal.waitFor("I didn't understand 'café con Ana'. Type 'help' for what I can do.\nclerk (local)>")
            try terminal.send("Up")
            try terminal.waitFor("clerk (local)> café con Ana")
            try terminal.send("C-u")
            try terminal.type("quit")
            try terminal.send("Enter")
            try terminal.waitFor("[exit 1]")
        }
        let history = try String(contentsOfFile: folder.path + "/history", encoding: .utf8)
        #expect(history.contains("quit"))

        let second = try Terminal(command: Self.clerk(dataDir: folder.path))
        try second.waitFor("clerk (local)>")
        // Ctrl-R finds the earlier line by a word in it.
        try second.send("C-r")
        // Typing goes in once libedit shows its search prompt, as a person would wait for it.
        try second.waitFor("bck:")
        try second.type("Ana")
        try second.send("Enter")
        try second.waitFor("I didn't understand 'café con Ana'. Type 'help' for what I can do.\nclerk (local)>")
        try second.send("Up")
        try second.waitFor("I didn't understand 'café con Ana'. Type 'help' for what I can do.\nclerk (local)> café con Ana")
        try second.send("Up")
        try second.waitFor("I didn't understand 'café con Ana'. Type 'help' for what I can do.\nclerk (local)> quit")
    }

    @Test func ctrlCAbandonsTheLineAndCtrlDLeaves() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let terminal = try Terminal(command: Self.clerk(dataDir: folder.path))
        try terminal.waitFor("clerk (local)>")
        try terminal.type("half a thought")
        try terminal.send("C-c")
        try terminal.waitFor("clerk (local)> half a thought^C\nclerk (local)>")
        try terminal.type("he")
        try terminal.send("Tab")
        try terminal.waitFor("clerk (local)> help")
        try terminal.send("Enter")
        try terminal.waitFor("Type 'quit' or press Ctrl-D to leave.\nclerk (local)>")
        try terminal.send("C-d")
        let screen = try terminal.waitFor("[exit 0]")
        #expect(!screen.contains("half a thought\nI didn't"))
    }
}

/// Bytes that are not UTF-8 (a terminal set to Latin-1) refuse the line, as in a pipe.
@Suite(.serialized) struct REPLNotTextTests {
    /// libedit dropped them without a word: "show caf\xff.txt" showed caf.txt.
    @Test func aLineThatIsNotUTF8IsRefusedAndAnOpenQuestionStays() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let command = "'\(ClerkBinary.path)' --data-dir '\(folder.path)' --now 2026-11-30T09:00 --tz Europe/Madrid; echo \"[exit $?]\""
        let terminal = try Terminal(command: command)
        try terminal.waitFor("clerk (local)>")
        try terminal.type("show caf")
        try terminal.sendBytes("e9")
        try terminal.type(".txt")
        try terminal.waitFor("clerk (local)> show caf\u{FFFD}.txt")
        try terminal.send("Enter")
        try terminal.waitFor("That line isn't UTF-8 text, so I didn't read it.\nclerk (local)>")
        // Deleted again before Enter, the byte costs nothing.
        try terminal.type("show caf")
        try terminal.sendBytes("ff")
        try terminal.send("BSpace")
        try terminal.type("e.txt")
        try terminal.send("Enter")
        try terminal.waitFor("No file named 'cafe.txt' yet.")
        // At a question the line answers nothing, and the question stays open.
        try terminal.type("lunch tomorrow at 1")
        try terminal.send("Enter")
        try terminal.waitFor("Create it? [Y/n/edit]\n>")
        try terminal.sendBytes("79", "c3")
        try terminal.send("Enter")
        try terminal.waitFor("That line isn't UTF-8 text, so I didn't read it.\n>")
        // Ctrl-D there: the answer on a line of its own, and the exit says a request failed.
        try terminal.send("C-d")
        let screen = try terminal.waitFor("[exit 1]")
        #expect(screen.contains("\nNo answer, so nothing changed.\n"))
        #expect(!screen.contains("No file named 'caf.txt'"))
        #expect(!screen.contains("Created"))
        let history = try String(contentsOfFile: folder.path + "/history", encoding: .utf8)
        #expect(!history.contains("\u{FFFD}"))
    }
}

/// Ctrl-C abandons the line or the question and stays, whatever is on the line.
@Suite(.serialized) struct REPLInterruptTests {
    @Test func ctrlCOnAnEmptyLineOrAtAQuestionStays() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let command = "'\(ClerkBinary.path)' --data-dir '\(folder.path)' --now 2026-11-30T09:00 --tz Europe/Madrid; echo \"[exit $?]\""
        let terminal = try Terminal(command: command)
        try terminal.waitFor("clerk (local)>")
        // An empty prompt.
        try terminal.send("C-c")
        try terminal.waitFor("clerk (local)> ^C\nclerk (local)>")
        // The card's question: abandoned, nothing created, the session goes on.
        try terminal.type("lunch tomorrow at 1")
        try terminal.send("Enter")
        try terminal.waitFor("Create it? [Y/n/edit]\n>")
        try terminal.send("C-c")
        try terminal.waitFor("> ^C\nCancelled; nothing changed.\nclerk (local)>")
        try terminal.type("what's on tomorrow")
        try terminal.send("Enter")
        try terminal.waitFor("Nothing on Tue 1 Dec.")
        try terminal.send("C-d")
        let screen = try terminal.waitFor("[exit 0]")
        #expect(!screen.contains("Created"))
    }
}

/// Tab after "append … to" offers files, and after a contact's first name the rest of it.
@Suite(.serialized) struct REPLCompletionTests {
    @Test func completesFilesAfterAppendToAndTwoWordNames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let base = "'\(ClerkBinary.path)' --data-dir '\(folder.path)' --now 2026-11-30T09:00 --tz Europe/Madrid"
        let people = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/seed/people.vcf").path
        let seeded = try ClerkBinary.run(["--data-dir", folder.path, "--tz", "Europe/Madrid", "import", people])
        #expect(seeded.status == 0)
        _ = try ClerkBinary.run(["--data-dir", folder.path, "--tz", "Europe/Madrid", "--yes", "create a file groceries.txt with milk"])
        let terminal = try Terminal(command: base + "; echo \"[exit $?]\"")
        try terminal.waitFor("clerk (local)>")
        try terminal.type("append eggs to gr")
        try terminal.send("Tab")
        try terminal.waitFor("clerk (local)> append eggs to groceries.txt")
        try terminal.send("C-u")
        try terminal.type("lunch with Ana P")
        try terminal.send("Tab")
        try terminal.waitFor("clerk (local)> lunch with Ana Pérez")
        try terminal.send("C-u")
        try terminal.send("C-d")
        try terminal.waitFor("[exit 0]")
    }
}

/// The conversation in a real terminal: create, confirm, and ask about it.
@Suite struct REPLConversationTests {
    @Test func createsConfirmsAndQueries() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let command = "'\(ClerkBinary.path)' --data-dir '\(folder.path)' --now 2026-11-30T09:00 --tz Europe/Madrid; echo \"[exit $?]\""
        let terminal = try Terminal(command: command)
        try terminal.waitFor("clerk (local)>")
        try terminal.type("lunch with Ana tomorrow at 13:00")
        try terminal.send("Enter")
        try terminal.waitFor("Create it? [Y/n/edit]\n>")
        try terminal.type("make it 13:30")
        try terminal.send("Enter")
        try terminal.waitFor("Tue 1 Dec 2026, 13:30–14:30 (1 h assumed)")
        try terminal.send("Enter")
        try terminal.waitFor("Created 'Lunch with Ana', Tue 1 Dec 2026, 13:30–14:30, on Personal.")
        try terminal.type("what's on tomorrow")
        try terminal.send("Enter")
        try terminal.waitFor("Tuesday 1 Dec\n  13:30–14:30  Lunch with Ana\nclerk (local)>")
        // Tab offers calendar names after "on".
        try terminal.type("what's on Pe")
        try terminal.send("Tab")
        try terminal.waitFor("clerk (local)> what's on Personal")
        try terminal.send("C-u")
        try terminal.send("C-d")
        try terminal.waitFor("[exit 0]")
    }
}
