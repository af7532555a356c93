import ClerkCore
import ClerkLocal
import ChildProcess
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `clerk import` and `clerk export` as a person runs them: the real binary on real files,
/// several at once, and one killed half-way.
@Suite struct ImportExportTests {
    static let clock = ["--tz", "Europe/Madrid", "--now", "2026-03-01T10:00"]

    static func clerk(_ folder: TemporaryFolder, _ arguments: [String]) throws -> ClerkBinary.Result {
        try ClerkBinary.run(["--data-dir", folder.path + "/data"] + clock + arguments)
    }

    /// A calendar of `count` one-hour events, one a day from 2026-01-01, with UIDs
    /// `<prefix>-<n>`; `notes` pads each description.
    static func calendar(events count: Int, prefix: String, notes: Int = 0) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//clerk tests//EN"]
        let padding = String(repeating: "x", count: notes)
        for n in 0..<count {
            let day = LocalDate(year: 2026, month: 1, day: 1).adding(days: n)
            let basic = day.iso.replacingOccurrences(of: "-", with: "")
            lines += ["BEGIN:VEVENT", "UID:\(prefix)-\(n)", "DTSTART;TZID=Europe/Madrid:\(basic)T090000",
                      "DTEND;TZID=Europe/Madrid:\(basic)T100000", "SUMMARY:\(prefix) event \(n)"]
            if notes > 0 { lines.append("DESCRIPTION:\(padding)") }
            lines.append("END:VEVENT")
        }
        return (lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    static func write(_ text: String, to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    static func store(_ folder: TemporaryFolder) throws -> LocalStore {
        try LocalStore(path: folder.path + "/data/clerk.sqlite3", timeZone: Zone(identifier: "Europe/Madrid")!,
                       now: .fixed(Date(timeIntervalSince1970: 1_772_359_200)))
    }

    static func eventCount(_ store: LocalStore) throws -> Int {
        try store.events(from: .distantPast, to: .distantFuture, calendarIDs: nil).count
    }

    static let sample = """
        BEGIN:VCALENDAR
        VERSION:2.0
        BEGIN:VEVENT
        UID:standup@example
        DTSTART;TZID=Europe/Madrid:20260302T090000
        DTEND;TZID=Europe/Madrid:20260302T091500
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=6
        SUMMARY:Standup
        END:VEVENT
        BEGIN:VEVENT
        UID:holiday@example
        DTSTART;VALUE=DATE:20260319
        SUMMARY:San José
        END:VEVENT
        BEGIN:VEVENT
        UID:lunch@example
        DTSTART:20260305T120000Z
        DTEND:20260305T130000Z
        SUMMARY:Lunch with Ana
        END:VEVENT
        END:VCALENDAR
        """

    @Test func importsOnceExportsAndReimportsElsewhere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        Self.write(Self.sample, to: folder.path + "/events.ics")
        #expect(try Self.clerk(folder, ["import", folder.path + "/events.ics"])
            == .init(stdout: "Imported 3 events into Personal: 3 new.\n", stderr: "", status: 0))
        #expect(try Self.clerk(folder, ["import", folder.path + "/events.ics"])
            == .init(stdout: "Imported 3 events into Personal: 3 already there.\n", stderr: "", status: 0))
        #expect(try Self.clerk(folder, ["import", folder.path + "/events.ics", "--calendar", "Work"])
            == .init(stdout: "Imported 3 events into Work (a new calendar): 3 new.\n", stderr: "", status: 0))
        #expect(try Self.clerk(folder, ["export", "--calendar", "Wrok"])
            == .init(stdout: "", stderr: "clerk: no calendar named 'Wrok'. Did you mean 'Work'?\n", status: 1))
        #expect(try Self.clerk(folder, ["import", folder.path + "/events.ics", "--calendar", "Wrok"])
            == .init(stdout: "", stderr: "clerk: no calendar named 'Wrok'. Did you mean 'Work'?\n", status: 1))

        let exported = try Self.clerk(folder, ["export"])
        #expect(exported.status == 0 && exported.stderr == "")
        #expect(exported.stdout.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//clerk//clerk//EN\r\n"))
        #expect(exported.stdout.hasSuffix("END:VCALENDAR\r\n"))
        for line in ["UID:standup@example", "RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=MO,WE,FR", "SUMMARY:San José", "DTSTART;VALUE=DATE:20260319",
                     "X-WR-CALNAME:Personal"] {
            #expect(exported.stdout.contains(line + "\r\n"))
        }
        let other = try TemporaryFolder()
        defer { other.remove() }
        Self.write(exported.stdout, to: other.path + "/personal.ics")
        #expect(try Self.clerk(other, ["import", other.path + "/personal.ics"])
            == .init(stdout: "Imported 3 events into Personal: 3 new.\n", stderr: "", status: 0))
        #expect(try Self.clerk(other, ["export"]).stdout == exported.stdout)
    }

    /// An import piped in: `clerk import -` and `clerk import /dev/stdin` were refused
    /// ("-: no such file", "/dev/stdin: cannot read it"). Its kind is read from its first
    /// line and messages name it "stdin".
    @Test func importsFromStandardInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let dash = try ClerkBinary.run(["--data-dir", folder.path + "/data"] + Self.clock + ["import", "-"], input: Self.sample)
        #expect(dash == .init(stdout: "Imported 3 events into Personal: 3 new.\n", stderr: "", status: 0))
        let device = try ClerkBinary.run(["--data-dir", folder.path + "/data"] + Self.clock + ["import", "/dev/stdin", "--calendar", "Work"], input: Self.sample)
        #expect(device == .init(stdout: "Imported 3 events into Work (a new calendar): 3 new.\n", stderr: "", status: 0))
        let card = try ClerkBinary.run(["--data-dir", folder.path + "/data"] + Self.clock + ["import", "-"],
                                       input: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana Ruiz\r\nTEL:+34 600 000 000\r\nEND:VCARD\r\n")
        #expect(card == .init(stdout: "Imported 1 contact: 1 new.\n", stderr: "", status: 0))
        let neither = try ClerkBinary.run(["--data-dir", folder.path + "/data"] + Self.clock + ["import", "-"], input: "hello\n")
        #expect(neither == .init(stdout: "", stderr: "clerk: stdin: expected an iCalendar (.ics) or vCard (.vcf) file\n", status: 1))
        let broken = try ClerkBinary.run(["--data-dir", folder.path + "/data"] + Self.clock + ["import", "-"], input: "BEGIN:VCALENDAR\nBEGIN:VEVENT\n")
        #expect(broken == .init(stdout: "", stderr: "clerk: stdin:2: BEGIN:VEVENT has no END:VEVENT\n", status: 1))
    }

    /// The same person in two address books' exports (another UID, the same name and a
    /// number or address in common) is one contact with what both cards say; importing either
    /// file again changes nothing, and two people who only share a name stay two.
    @Test func mergesTheSamePersonFromAnotherFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        Self.write("BEGIN:VCARD\nVERSION:3.0\nUID:phone-1\nFN:Ana Pérez\nTEL;TYPE=cell:+34 600 000 001\nEND:VCARD\n"
                   + "BEGIN:VCARD\nVERSION:3.0\nUID:phone-2\nFN:Tom Reid\nTEL:+44 7700 900001\nEND:VCARD\n", to: folder.path + "/phone.vcf")
        Self.write("BEGIN:VCARD\nVERSION:3.0\nUID:work-1\nFN:ana perez\nTEL;TYPE=work:600 000 001\nEMAIL:ana@acme.example\nBDAY:1990-05-05\nEND:VCARD\n"
                   + "BEGIN:VCARD\nVERSION:3.0\nUID:work-2\nFN:Tom Reid\nEMAIL:tom@acme.example\nEND:VCARD\n", to: folder.path + "/work.vcf")
        #expect(try Self.clerk(folder, ["import", folder.path + "/phone.vcf"]).stdout == "Imported 2 contacts: 2 new.\n")
        #expect(try Self.clerk(folder, ["import", folder.path + "/work.vcf"]).stdout
            == "Imported 2 contacts: 1 new, 1 added to a contact of the same name.\n")
        let ana = try Self.store(folder).lookupContacts("ana")
        #expect(ana.count == 1)
        #expect(ana.first?.name == "Ana Pérez")
        #expect(ana.first?.phones == [LabeledValue("+34 600 000 001", label: "mobile")])
        #expect(ana.first?.emails.map(\.value) == ["ana@acme.example"])
        #expect(ana.first?.birthday == Birthday(year: 1990, month: 5, day: 5))
        #expect(try Self.store(folder).lookupContacts("tom reid").count == 2)
        #expect(try Self.clerk(folder, ["import", folder.path + "/work.vcf"]).stdout == "Imported 2 contacts: 2 already there.\n")
        #expect(try Self.clerk(folder, ["import", folder.path + "/phone.vcf"]).stdout == "Imported 2 contacts: 2 already there.\n")
        #expect(try Self.store(folder).lookupContacts("ana").first?.emails.map(\.value) == ["ana@acme.example"])
    }

    @Test func importsContactsWithJSONAnswers() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        Self.write("BEGIN:VCARD\nVERSION:3.0\nFN:Ana Pérez\nTEL:+34 600 000 001\nUID:ana\nEND:VCARD\n"
                   + "BEGIN:VCARD\nVERSION:4.0\nFN:Bob\nUID:bob\nEND:VCARD\n", to: folder.path + "/people.vcf")
        #expect(try Self.clerk(folder, ["import", folder.path + "/people.vcf"])
            == .init(stdout: "Imported 2 contacts: 2 new.\n", stderr: "", status: 0))
        #expect(try Self.clerk(folder, ["--json", "import", folder.path + "/people.vcf"]).stdout
            == #"{"command":"import","ok":true,"message":"Imported 2 contacts: 2 already there.","added":0,"updated":0,"unchanged":2,"merged":0}"# + "\n")
        #expect(try Self.store(folder).lookupContacts("perez ana").map(\.phones) == [[LabeledValue("+34 600 000 001")]])
        #expect(try Self.clerk(folder, ["import", folder.path + "/people.vcf", "--calendar", "Work"])
            == .init(stdout: "", stderr: "clerk: --calendar: only for .ics files; contacts have no calendar\n", status: 1))
        // A failure answers in JSON too (it printed nothing on stdout), its line on stderr kept.
        #expect(try Self.clerk(folder, ["--json", "import", folder.path + "/people.vcf", "--calendar", "Work"])
            == .init(stdout: #"{"command":"import","ok":false,"message":"--calendar: only for .ics files; contacts have no calendar"}"# + "\n",
                     stderr: "clerk: --calendar: only for .ics files; contacts have no calendar\n", status: 1))
        Self.write("BEGIN:VCARD\nFN:A\u{0}na\nEND:VCARD\n", to: folder.path + "/nul.vcf")
        #expect(try Self.clerk(folder, ["--json", "import", folder.path + "/nul.vcf"])
            == .init(stdout: #"{"command":"import","ok":false,"message":"\#(folder.path)/nul.vcf:2: a NUL byte, which text never holds"}"# + "\n",
                     stderr: "clerk: \(folder.path)/nul.vcf:2: a NUL byte, which text never holds\n", status: 1))
    }

    /// The issue's example: a bad DTSTART on line 42 of the seventh event.
    static let badOnLine42: String = {
        var lines = calendar(events: 6, prefix: "ok").components(separatedBy: "\r\n")
        lines.removeLast(2)  // END:VCALENDAR and the empty line after it
        lines += ["BEGIN:VEVENT", "UID:bad", "DTSTART:tomorrow", "SUMMARY:Bad", "END:VEVENT", "END:VCALENDAR"]
        return lines.joined(separator: "\n")
    }()

    @Test(arguments: [
        ("events.ics", badOnLine42, "events.ics:42: DTSTART: expected a date or date-time, got 'tomorrow'"),
        ("people.vcf", "BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nBDAY:soon\nEND:VCARD\n", "people.vcf:4: BDAY: expected a date like 1985-05-05 or --05-05, got 'soon'"),
        ("notes.txt", "hello\n", "notes.txt: expected an iCalendar (.ics) or vCard (.vcf) file"),
        ("missing.ics", nil, "missing.ics: no such file"),
    ] as [(String, String?, String)])
    func malformedFilesChangeNothing(name: String, content: String?, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        Self.write(Self.sample, to: folder.path + "/good.ics")
        #expect(try Self.clerk(folder, ["import", folder.path + "/good.ics"]).status == 0)
        let before = try Self.clerk(folder, ["export"]).stdout
        if let content { Self.write(content, to: folder.path + "/" + name) }
        #expect(try Self.clerk(folder, ["import", folder.path + "/" + name])
            == .init(stdout: "", stderr: "clerk: \(folder.path)/\(message)\n", status: 1))
        #expect(try Self.clerk(folder, ["export"]).stdout == before)
    }

    /// Four processes import into one new store at the same moment: all succeed, one
    /// "Personal" is created, nothing is lost.
    @Test func severalProcessesWriteAtOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let names = ["a", "b", "c", "d"]
        for name in names { Self.write(Self.calendar(events: 300, prefix: name), to: folder.path + "/\(name).ics") }
        let environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": folder.path]
        let pids = try names.map { name in
            try Spawn.start(ClerkBinary.path, ["--data-dir", folder.path + "/data"] + Self.clock + ["import", folder.path + "/\(name).ics"],
                            environment: environment, stdout: folder.path + "/\(name).out", stderr: folder.path + "/\(name).err")
        }
        let statuses = pids.map { Spawn.wait($0) }
        #expect(statuses == [0, 0, 0, 0])
        for name in names {
            #expect(try String(contentsOfFile: folder.path + "/\(name).out", encoding: .utf8) == "Imported 300 events into Personal: 300 new.\n")
            #expect(try String(contentsOfFile: folder.path + "/\(name).err", encoding: .utf8) == "")
        }
        let store = try Self.store(folder)
        #expect(try store.integrityCheck() == ["ok"])
        #expect(try store.calendars().map(\.name) == ["Personal"])
        #expect(try Self.eventCount(store) == 1200)
    }

    /// SIGKILL while a large import writes: the store opens, passes SQLite's integrity check,
    /// and holds none or all of that import.
    @Test func aKilledImportLeavesNoneOrAll() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let total = 20_000
        Self.write(Self.calendar(events: total, prefix: "big", notes: 400), to: folder.path + "/big.ics")
        Self.write(Self.sample, to: folder.path + "/small.ics")
        let environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": folder.path]
        var killedMidway = 0
        // Kill once the write-ahead log holds this many bytes of the uncommitted import.
        for (run, walBytes) in [64 << 10, 1 << 20, 4 << 20].enumerated() {
            let data = folder.path + "/data\(run)"
            #expect(try ClerkBinary.run(["--data-dir", data] + Self.clock + ["import", folder.path + "/small.ics"]).status == 0)
            let pid = try Spawn.start(ClerkBinary.path, ["--data-dir", data] + Self.clock + ["import", folder.path + "/big.ics"],
                                      environment: environment)
            let wal = data + "/clerk.sqlite3-wal"
            var exited: Int32?
            for _ in 0..<20_000 {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { exited = status; break }
                let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
                if size >= walBytes { break }
                usleep(1000)
            }
            if exited == nil {
                kill(pid, SIGKILL)
                _ = Spawn.wait(pid)
            }
            let store = try LocalStore(path: data + "/clerk.sqlite3", timeZone: Zone(identifier: "Europe/Madrid")!)
            #expect(try store.integrityCheck() == ["ok"])
            let count = try Self.eventCount(store) - 8  // the small calendar: 6 standups, a holiday, a lunch
            #expect(count == 0 || count == total, "run \(run): \(count) of \(total) events")
            if count == 0 { killedMidway += 1 }
        }
        #expect(killedMidway > 0, "no kill landed inside the import's transaction")
    }

    /// SIGTERM in the middle of an import's transaction: nothing imported, and now said so on
    /// stderr (clerk ended without a word), exit 143.
    @Test func aTerminatedImportSaysNothingWasImported() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let total = 20_000
        Self.write(Self.calendar(events: total, prefix: "big", notes: 400), to: folder.path + "/big.ics")
        Self.write(Self.sample, to: folder.path + "/small.ics")
        let data = folder.path + "/data"
        #expect(try ClerkBinary.run(["--data-dir", data] + Self.clock + ["import", folder.path + "/small.ics"]).status == 0)
        let pid = try Spawn.start(ClerkBinary.path, ["--data-dir", data] + Self.clock + ["import", folder.path + "/big.ics"],
                                  environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": folder.path], stderr: folder.path + "/err")
        // Once the write-ahead log holds 256 kB of the import, the import is under way.
        var exited = false
        for _ in 0..<60_000 {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exited = true; break }
            let size = (try? FileManager.default.attributesOfItem(atPath: data + "/clerk.sqlite3-wal")[.size] as? Int) ?? 0
            if size >= 256 << 10 { break }
            usleep(1000)
        }
        try #require(!exited, "the import ended before the signal")
        kill(pid, SIGTERM)
        #expect(Spawn.wait(pid) == 143)
        #expect((try? String(contentsOfFile: folder.path + "/err", encoding: .utf8)) == "clerk: stopped before the import finished: nothing was imported\n")
        let store = try LocalStore(path: data + "/clerk.sqlite3", timeZone: Zone(identifier: "Europe/Madrid")!)
        #expect(try store.integrityCheck() == ["ok"])
        #expect(try Self.eventCount(store) == 8)  // the small calendar's only
    }

    /// One EXDATE property listing 600 dates (libical keeps only the first 500 of a list):
    /// every one of them stays excluded.
    @Test func aLongExdateListIsReadWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let days = (0..<610).map { LocalDate(year: 2026, month: 1, day: 1).adding(days: $0).iso.replacingOccurrences(of: "-", with: "") }
        Self.write("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:daily\r
            DTSTART:20260101T090000Z\r
            DTEND:20260101T100000Z\r
            RRULE:FREQ=DAILY;COUNT=610\r
            SUMMARY:Daily\r
            EXDATE:\(days.prefix(600).map { $0 + "T090000Z" }.joined(separator: ","))\r
            END:VEVENT\r
            END:VCALENDAR\r

            """, to: folder.path + "/daily.ics")
        let clock = ["--data-dir", folder.path + "/data", "--tz", "UTC", "--now", "2026-01-01T00:00"]
        #expect(try ClerkBinary.run(clock + ["import", folder.path + "/daily.ics"])
            == .init(stdout: "Imported 1 event into Personal: 1 new.\n", stderr: "", status: 0))
        #expect(try ClerkBinary.run(clock + ["what's on in 2026"]).stdout == "Nothing from Thu 1 Jan to Thu 31 Dec.\n")
        let left2027 = ["Tuesday 24 Aug", "Wednesday 25 Aug", "Thursday 26 Aug", "Friday 27 Aug", "Saturday 28 Aug", "Sunday 29 Aug",
                        "Monday 30 Aug", "Tuesday 31 Aug", "Wednesday 1 Sep", "Thursday 2 Sep"]
        #expect(try ClerkBinary.run(clock + ["what's on in 2027"]).stdout == left2027.map { $0 + " 2027\n  09:00–10:00  Daily\n" }.joined())
        let store = try LocalStore(path: folder.path + "/data/clerk.sqlite3", timeZone: Zone.gmt)
        let left = try store.events(from: .distantPast, to: .distantFuture, calendarIDs: nil)
        #expect(left.map { LocalDate($0.when.startInstant(in: Zone.gmt), in: Zone.gmt).iso }
                == (600..<610).map { LocalDate(year: 2026, month: 1, day: 1).adding(days: $0).iso })
        #expect(try ClerkBinary.run(clock + ["export"]).stdout.components(separatedBy: "EXDATE").count == 601)
    }

    /// Components nested 300,000 deep (libical frees its tree recursively, and overflowed
    /// the stack): refused with the line where the nesting gets too deep, nothing imported.
    @Test func deeplyNestedComponentsAreRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let depth = 300_000
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + String(repeating: "BEGIN:X-A\r\n", count: depth)
            + String(repeating: "END:X-A\r\n", count: depth) + "END:VCALENDAR\r\n"
        Self.write(text, to: folder.path + "/deep.ics")
        #expect(try Self.clerk(folder, ["import", folder.path + "/deep.ics"])
            == .init(stdout: "", stderr: "clerk: \(folder.path)/deep.ics:18: BEGIN:X-A nests components deeper than 16 levels\n", status: 1))
        #expect(try Self.clerk(folder, ["export"]).stdout.contains("BEGIN:VEVENT") == false)
    }

    /// On a terminal (`script` gives clerk one) a large import redraws one progress line and
    /// erases it before the answer; in a pipe, stderr stays empty.
    @Test func showsProgressOnlyOnATerminal() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        Self.write(Self.calendar(events: 5000, prefix: "p"), to: folder.path + "/p.ics")
        let piped = try ClerkBinary.run(["--data-dir", folder.path + "/piped"] + Self.clock + ["import", folder.path + "/p.ics"])
        #expect(piped == .init(stdout: "Imported 5000 events into Personal: 5000 new.\n", stderr: "", status: 0))

        let command = "'\(ClerkBinary.path)' --data-dir '\(folder.path)/tty' --tz Europe/Madrid import '\(folder.path)/p.ics'"
        let status = try Spawn.run("/usr/bin/script", ["-q", "-e", "-c", command, folder.path + "/transcript"],
                                   environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": folder.path, "LANG": "C.UTF-8"])
        #expect(status == 0)
        let transcript = try String(contentsOfFile: folder.path + "/transcript", encoding: .utf8)
        #expect(transcript.contains("\r\u{1B}[KImporting events… 2500 of 5000 (50%)\r\u{1B}[KImporting events… 2550 of 5000 (51%)"))
        #expect(transcript.contains("\r\u{1B}[KImporting events… 5000 of 5000 (100%)\r\u{1B}[KImported 5000 events into Personal: 5000 new.\r\n"))
    }
}
