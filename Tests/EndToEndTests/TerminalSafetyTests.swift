import ClerkCore
import ClerkLocal
import Foundation
import Testing

/// Text from data or input — titles, imported SUMMARY, vCard FN and TEL, file content,
/// echoed requests, option values, bad .ics lines — reaches a terminal with its control
/// characters made visible (`ESC` as `^[`, as less and git show them), so an escape in it is
/// shown, never obeyed. `--json` keeps the text exact.
@Suite struct TerminalSafetyTests {
    static let clock = ["--now", "2026-11-30T09:00", "--tz", "Europe/Madrid"]
    /// Clears the screen, retitles the window, rings the bell.
    static let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}Evil\u{9B}31m"
    static let shown = "^[[2J^[]0;pwned^GEvil<U+009B>31m"

    static func write(_ text: String, to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    /// An iCalendar file of one event, 1 Dec 2026 12:00–13:00 UTC, with this SUMMARY.
    static func oneEvent(summary: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20261201T120000Z\r\nDTEND:20261201T130000Z\r\n"
            + "SUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    @Test func dataInTheStoreIsShownWithItsControlCharactersVisible() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = Self.clock + ["--data-dir", folder.path + "/data"]
        Self.write(Self.oneEvent(summary: Self.hostile), to: folder.path + "/evil.ics")
        #expect(try ClerkBinary.run(data + ["import", folder.path + "/evil.ics"]).status == 0)
        Self.write("BEGIN:VCARD\nVERSION:3.0\nFN:Ana\(Self.hostile)\nTEL:+34 600\u{1B}[8m\nUID:a\nEND:VCARD\n", to: folder.path + "/evil.vcf")
        #expect(try ClerkBinary.run(data + ["import", folder.path + "/evil.vcf"]).status == 0)
        // Straight into the store: the router reads a file's text from words, not escapes.
        let store = try LocalStore(path: folder.path + "/data/clerk.sqlite3", timeZone: Zone(identifier: "Europe/Madrid")!)
        try store.createFile(named: "evil.txt", content: Self.hostile)

        #expect(try ClerkBinary.run(data + ["what's on tomorrow"]).stdout == "Tuesday 1 Dec\n  13:00–14:00  \(Self.shown)\n")
        #expect(try ClerkBinary.run(data + ["Ana's phone"]).stdout == "Ana\(Self.shown)'s phone: +34 600^[[8m\n")
        #expect(try ClerkBinary.run(data + ["show evil.txt"]).stdout == "── evil.txt ──\n\(Self.shown)\n")
        // --json is exact: the escapes are JSON's own.
        let json = try ClerkBinary.run(data + ["--json", "show evil.txt"]).stdout
        #expect(json.contains(#""content":"\u001b[2J\u001b]0;pwned\u0007Evil\#u{9B}31m""#))
    }

    /// A newline in an imported title (SUMMARY's `\n`) or a vCard FN was printed as it was,
    /// so data forged agenda lines; U+2028, U+2029 and format characters (U+202E turns the
    /// rest of a line around) were printed raw too. In a title, name or place they are now
    /// shown (`^J`, `<U+202E>`); a file's content keeps its lines; `--json` is exact.
    @Test func lineBreaksAndFormatCharactersInDataCannotForgeLines() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = Self.clock + ["--data-dir", folder.path + "/data"]
        Self.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20261201T120000Z\r\nDTEND:20261201T130000Z\r\n"
                   + "SUMMARY:Lunch\\n  23:00–23:30  Forged\u{2028}x\u{202E}exe.txt\r\nLOCATION:Room\\n4\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
                   to: folder.path + "/forged.ics")
        #expect(try ClerkBinary.run(data + ["import", folder.path + "/forged.ics"]).status == 0)
        Self.write("BEGIN:VCARD\nVERSION:3.0\nFN:Ana\\nBob: +1 555\nEMAIL:ana@example.com\nNOTE:one\\ntwo\nUID:a\nEND:VCARD\n", to: folder.path + "/forged.vcf")
        #expect(try ClerkBinary.run(data + ["import", folder.path + "/forged.vcf"]).status == 0)

        #expect(try ClerkBinary.run(data + ["what's on tomorrow"]).stdout
            == "Tuesday 1 Dec\n  13:00–14:00  Lunch^J  23:00–23:30  Forged<U+2028>x<U+202E>exe.txt · Room^J4\n")
        #expect(try ClerkBinary.run(data + ["contacts"]).stdout == "1 contact:\n  Ana^JBob: +1 555  ana@example.com\n")
        #expect(try ClerkBinary.run(data + ["find ana"]).stdout == "Ana^JBob: +1 555\n  email    ana@example.com\n  notes    one^Jtwo\n")
        let json = try ClerkBinary.run(data + ["--json", "what's on tomorrow"]).stdout
        #expect(json.contains(#""title":"Lunch\n  23:00–23:30  Forged\u2028x\#u{202E}exe.txt""#))
    }

    @Test func inputEchoedBackIsShownWithItsControlCharactersVisible() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = Self.clock + ["--data-dir", folder.path + "/data"]
        #expect(try ClerkBinary.run(data, input: "frobnicate \(Self.hostile)\n")
            == .init(stdout: "", stderr: "clerk: I didn't understand 'frobnicate \(Self.shown)'. Type 'help' for what I can do.\n", status: 1))
        #expect(try ClerkBinary.run(["--backend", Self.hostile])
            == .init(stdout: "", stderr: "clerk: --backend: expected local or google, got '\(Self.shown)'\n", status: 2))
        Self.write("BEGIN:VCALENDAR\nVERSION:2.0\n\(Self.hostile)\nEND:VCALENDAR\n", to: folder.path + "/bad.ics")
        #expect(try ClerkBinary.run(data + ["import", folder.path + "/bad.ics"])
            == .init(stdout: "", stderr: "clerk: \(folder.path)/bad.ics:3: expected NAME:VALUE, got '\(Self.shown)'\n", status: 1))
        #expect(try ClerkBinary.run(["parse"] + Self.clock + ["buy \u{1B}[2J milk"]).stdout
            == "buy ^[[2J milk → no date or time found\n  intent    out_of_scope (unknown)\n")
    }

    /// A repeating event cut short ("cancel yoga from now on") said its title raw after
    /// "Ended", so a newline in an imported SUMMARY forged a line there; it is one line now,
    /// as in the card above it, and --json keeps it exact.
    @Test func aSeriesEndedFromNowOnShowsItsTitleOnOneLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = Self.clock + ["--data-dir", folder.path + "/data"]
        Self.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:y\r\nDTSTART;TZID=Europe/Madrid:20261102T180000\r\n"
                   + "DTEND;TZID=Europe/Madrid:20261102T190000\r\nRRULE:FREQ=WEEKLY\r\nSUMMARY:Yoga\\nDeleted everything\(Self.hostile)\r\n"
                   + "END:VEVENT\r\nEND:VCALENDAR\r\n", to: folder.path + "/yoga.ics")
        #expect(try ClerkBinary.run(data + ["import", folder.path + "/yoga.ics"]).status == 0)
        let ended = try ClerkBinary.run(data + ["--yes", "cancel yoga from now on"])
        #expect(ended == .init(stdout: "Mon 30 Nov 2026, 18:00–19:00  Yoga^JDeleted everything\(Self.shown)  (and every one after: the series ends)\n"
                                   + "Delete it? [y/N]\nEnded 'Yoga^JDeleted everything\(Self.shown)' before Mon 30 Nov.\n", stderr: "", status: 0))
        let json = try ClerkBinary.run(data + ["--json", "--yes", "what's on 23 nov 2026"]).stdout
        #expect(json.contains(#""title":"Yoga\nDeleted everything\u001b[2J\u001b]0;pwned\u0007Evil\#u{9B}31m""#))
    }

    /// `clerk import --calendar NAME` said the calendar it made with the name raw, so a
    /// newline in NAME started a line of its own; then it made the calendar, whose name the
    /// shells' completion offered as two. Such a name is refused, on one line, and nothing
    /// is made.
    @Test func aCalendarNamedOnImportIsShownOnOneLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = Self.clock + ["--data-dir", folder.path + "/data"]
        Self.write(Self.oneEvent(summary: "Lunch"), to: folder.path + "/lunch.ics")
        #expect(try ClerkBinary.run(data + ["import", "--calendar", "Work\nImported 99 events\(Self.hostile)", folder.path + "/lunch.ics"])
            == .init(stdout: "", stderr: "clerk: 'Work^JImported 99 events\(Self.shown)' can't be a calendar name (no control characters or line breaks)\n",
                     status: 1))
        let json = try ClerkBinary.run(data + ["--json", "calendars"]).stdout
        #expect(json.contains(#""calendars":[{"#) && !json.contains("Imported 99"))
    }
}
