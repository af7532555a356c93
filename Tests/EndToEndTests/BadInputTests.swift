import ClerkCore
import ClerkLocal
import ChildProcess
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The bad input table of ROBUSTNESS.md: malformed option values, lines no person types,
/// stores and files that are broken, a folder that cannot be written and a full disk. Each
/// gets exactly one line on stderr and the right exit code, and the store is as it was.
/// (The issue's bug rows have their own tests, named in ROBUSTNESS.md; these are the rest.)
@Suite struct BadInputTests {
    static let clock = ["--now", "2026-11-30T09:00", "--tz", "Europe/Madrid"]
    static let zone = Zone(identifier: "Europe/Madrid")!
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// A data folder with something in each part of the store: the seed week, the seed
    /// people, and a file.
    static func seededFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/data", withIntermediateDirectories: true)
        let store = try LocalStore(path: folder.path + "/data/clerk.sqlite3", timeZone: zone, now: .fixed(Date(timeIntervalSince1970: 1_796_025_600)))
        let primary = try #require(try store.calendars().first(where: \.isPrimary))
        let week = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/seed/week.ics"))
        _ = try store.importEvents(try ICalendarReader(file: "week.ics", zone: zone).read(week), calendarID: primary.id, progress: nil)
        let people = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/seed/people.vcf"))
        _ = try store.importContacts(try VCardReader(file: "people.vcf").read(people), progress: nil)
        _ = try store.createFile(named: "notes.txt", content: "hello\n")
        return folder
    }

    /// What the store holds, as text: calendars, events, contacts, files with their content.
    static func contents(of dataFolder: String) throws -> String {
        let store = try LocalStore(path: dataFolder + "/clerk.sqlite3", timeZone: zone, now: .fixed(Date(timeIntervalSince1970: 1_796_025_600)))
        var lines = try store.calendars().map { "calendar \($0.id) \($0.name)" }
        // Every event of 2023 to 2030 (the seed's series never end, and a range holding more
        // than `LocalStore.rangeEventLimit` events is refused).
        lines += try store.events(from: Date(timeIntervalSince1970: 1_700_000_000), to: Date(timeIntervalSince1970: 1_900_000_000), calendarIDs: nil).map { "event \($0.id) \($0.title) \($0.when)" }
        lines += try store.contacts().map { "contact \($0.id) \($0.name) \($0.emails) \($0.phones)" }
        lines += try store.files(matching: nil).map { "file \($0.id) \($0.name) " + (try store.readFile(id: $0.id)) }
        lines += try store.trashedFiles(matching: nil).map { "trashed \($0.id) \($0.name)" }
        return lines.joined(separator: "\n")
    }

    /// Every byte of every file in a folder, for a store clerk cannot open.
    static func bytes(of folder: String) -> [String: Data] {
        var all: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            all[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return all
    }

    /// One row: what is typed or given, and the one stderr line and exit code expected.
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var input: [UInt8] = []
        /// The stderr line; DATA stands for the data folder, FOLDER for the test's folder.
        var stderr: String
        var status: Int32
        /// A file to write into FOLDER before the run.
        var file: (name: String, content: [UInt8])? = nil
        var testDescription: String { name }
    }

    static let seedWeek = Array((try? Data(contentsOf: URL(fileURLWithPath: fixtures + "/seed/week.ics"))) ?? Data())

    static let rows: [Row] = [
        Row(name: "a month out of range in --now", arguments: ["--now", "2026-13-01T09:00", "--yes", "lunch tomorrow at 1pm"],
            stderr: "clerk: --now: expected YYYY-MM-DDTHH:MM, got '2026-13-01T09:00'", status: 2),
        // Taken, and every request then said its dates were "more time than I can work with".
        Row(name: "--now in the year 0", arguments: ["--now", "0000-06-01T10:00", "--yes", "lunch tomorrow at 1pm"],
            stderr: "clerk: --now: expected a time in the years 1 to 9999, got '0000-06-01T10:00'", status: 2),
        Row(name: "--now whose UTC time is in the year 0", arguments: ["--tz", "+05:00", "--now", "0001-01-01T03:00", "what's on today"],
            stderr: "clerk: --now: expected a time in the years 1 to 9999, got '0001-01-01T03:00'", status: 2),
        Row(name: "an unknown zone", arguments: ["--tz", "Europe/Nowhere", "--yes", "lunch tomorrow at 1pm"],
            stderr: "clerk: --tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got 'Europe/Nowhere'", status: 2),
        // Any file of the tz database is a zone (EST5EDT, Zulu), but no path reaches out of it.
        Row(name: "a zone named by a path", arguments: ["--tz", "../zoneinfo/Europe/Madrid", "--yes", "lunch tomorrow at 1pm"],
            stderr: "clerk: --tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got '../zoneinfo/Europe/Madrid'", status: 2),
        Row(name: "a zone named by an absolute path", arguments: ["--tz", "/usr/share/zoneinfo/Zulu", "--yes", "lunch tomorrow at 1pm"],
            stderr: "clerk: --tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got '/usr/share/zoneinfo/Zulu'", status: 2),
        Row(name: "an empty --calendar to import", arguments: ["import", "FOLDER/week.ics", "--calendar="],
            stderr: "clerk: --calendar: needs a calendar's name", status: 2, file: ("week.ics", seedWeek)),
        Row(name: "an empty --calendar to export", arguments: ["export", "--calendar", ""],
            stderr: "clerk: --calendar: needs a calendar's name", status: 2),
        Row(name: "an empty --backend", arguments: ["--backend=", "--yes", "delete notes.txt"],
            stderr: "clerk: --backend: expected local or google, got ''", status: 2),
        Row(name: "a --google-endpoint that is not http", arguments: ["--google-endpoint", "ftp://127.0.0.1", "--yes", "delete notes.txt"],
            stderr: "clerk: --google-endpoint: expected a URL like http://127.0.0.1:8080, got 'ftp://127.0.0.1'", status: 2),
        Row(name: "an option value with escapes", arguments: ["--tz", "\u{1B}]0;pwned\u{07}", "--yes", "delete notes.txt"],
            stderr: "clerk: --tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got '^[]0;pwned^G'", status: 2),
        Row(name: "a 100 kB line", arguments: [], input: Array(String(repeating: "z", count: 100_000).utf8) + [0x0A],
            stderr: "clerk: I didn't understand '\(String(repeating: "z", count: 59))…'. Type 'help' for what I can do.", status: 1),
        // Past 1 MiB a line is no request: a 200 MB one (a binary piped in) took 3 minutes and 3.4 GB.
        Row(name: "a 3 MB line without an end", arguments: [], input: Array(repeating: UInt8(ascii: "z"), count: 3 << 20),
            stderr: "clerk: That line is longer than clerk reads (1024 kB), so I didn't read it.", status: 1),
        Row(name: "a 10 kB request that asks a question --yes cannot answer", arguments: ["--yes"],
            input: Array(("lunch tomorrow at 1pm with " + String(repeating: "x ", count: 5_000)).utf8) + [0x0A],
            // Past DateReader.maximumLength (4,096 bytes) no date is read, so the event has none.
            stderr: "clerk: --yes answers only yes-or-no questions, so nothing changed. The question was: When is 'Lunch tomorrow with "
                + String(repeating: "x ", count: 4_999) + "x'? For example: 'tomorrow at 10', 'Friday 3-4pm'.", status: 1),
        Row(name: "a line that is not UTF-8", arguments: ["--yes"], input: Array("delete notes.txt ".utf8) + [0xFF, 0xFE, 0x0A],
            stderr: "clerk: That line isn't UTF-8 text, so I didn't read it.", status: 1),
        Row(name: "a line of NUL bytes", arguments: ["--yes"], input: [0, 0, 0, 0x0A],
            stderr: "clerk: I didn't understand '^@^@^@'. Type 'help' for what I can do.", status: 1),
        Row(name: "a NUL byte answering a question", arguments: [], input: Array("delete notes.txt\n".utf8) + [0x79, 0, 0x0A],
            stderr: "clerk: No answer, so nothing changed.", status: 1),
        // (The router read the name as '.', the sentence's end taken off; now as typed.)
        Row(name: "a file named ..", arguments: ["--yes", "create a file .. with hi"],
            stderr: "clerk: That can't be done: '..' can't be a file name (no '/', no control characters, not only dots).", status: 1),
        // A name with a path in it was read without it ("x.txt") and created; any length went.
        Row(name: "a file named ../x.txt", arguments: ["--yes", "create a file ../x.txt with hi"],
            stderr: "clerk: That can't be done: '../x.txt' can't be a file name (no '/', no control characters, not only dots).", status: 1),
        Row(name: "a file name of 5,000 characters", arguments: ["--yes", "create a file \(String(repeating: "n", count: 5_000)).txt with hi"],
            stderr: "clerk: That can't be done: '\(String(repeating: "n", count: 59))…' is longer than a file name can be (255 bytes).", status: 1),
        Row(name: "an .ics with two events of one UID", arguments: ["import", "FOLDER/same.ics"],
            stderr: "clerk: FOLDER/same.ics:11: UID: 'bad-1@test' is also the UID of the event on line 4; each event needs its own", status: 1,
            file: ("same.ics", Array(event().replacingOccurrences(of: "END:VEVENT\r\n", with: "END:VEVENT\r\nBEGIN:VEVENT\r\nUID:bad-1@test\r\nDTSTART:20261202T100000Z\r\nEND:VEVENT\r\n").utf8))),
        // libical read +9999 as 99 h 99 min: the event was imported four days early.
        Row(name: "an .ics whose VTIMEZONE has an offset of +9999", arguments: ["import", "FOLDER/offset.ics"],
            stderr: "clerk: FOLDER/offset.ics:9: TZOFFSETTO: expected a UTC offset like +0100 or -0530, got '+9999', so the times of VTIMEZONE 'Loop' cannot be read",
            status: 1,
            file: ("offset.ics", Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTIMEZONE\r\nTZID:Loop\r\nBEGIN:STANDARD\r\n"
                                        + "DTSTART:19700101T000000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+9999\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
                                        + "BEGIN:VEVENT\r\nUID:z\r\nDTSTART;TZID=Loop:20261202T100000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").utf8))),
        // Made: "Two\nLines" was offered by the shells' completion as two calendars.
        Row(name: "a calendar name with a line break", arguments: ["import", "FOLDER/week.ics", "--calendar", "Two\nLines"],
            stderr: "clerk: 'Two^JLines' can't be a calendar name (no control characters or line breaks)", status: 1, file: ("week.ics", seedWeek)),
        Row(name: "a calendar name with escapes", arguments: ["import", "FOLDER/week.ics", "--calendar", "W\u{1B}]0;pwn\u{07}rk"],
            stderr: "clerk: 'W^[]0;pwn^Grk' can't be a calendar name (no control characters or line breaks)", status: 1, file: ("week.ics", seedWeek)),
        Row(name: "an .ics whose VTIMEZONE is empty", arguments: ["import", "FOLDER/zone.ics"],
            stderr: "clerk: FOLDER/zone.ics:9: DTSTART: the VTIMEZONE 'Custom' on line 4 has no STANDARD or DAYLIGHT part: its times cannot be read", status: 1,
            file: ("zone.ics", Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTIMEZONE\r\nTZID:Custom\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\nUID:z\r\nDTSTART;TZID=Custom:20261202T100000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8))),
        Row(name: "a truncated .ics", arguments: ["import", "FOLDER/cut.ics"],
            stderr: "clerk: FOLDER/cut.ics:18: BEGIN:VEVENT has no END:VEVENT", status: 1, file: ("cut.ics", Array(seedWeek.prefix(450)))),
        Row(name: "an .ics cut inside a line", arguments: ["import", "FOLDER/cut.ics"],
            stderr: "clerk: FOLDER/cut.ics:15: expected NAME:VALUE, got 'D'", status: 1, file: ("cut.ics", Array(seedWeek.prefix(300)))),
        Row(name: "an .ics with a NUL byte", arguments: ["import", "FOLDER/nul.ics"],
            stderr: "clerk: FOLDER/nul.ics:6: a NUL byte, which text never holds", status: 1,
            file: ("nul.ics", Array(String(decoding: seedWeek, as: UTF8.self).replacingOccurrences(of: "SUMMARY:Standup", with: "SUMMARY:Stand\u{0}up").utf8))),
        Row(name: "an empty .ics", arguments: ["import", "FOLDER/empty.ics"],
            stderr: "clerk: FOLDER/empty.ics:1: expected BEGIN:VCALENDAR, got an empty file", status: 1, file: ("empty.ics", [])),
        Row(name: "a .vcf with NUL bytes", arguments: ["import", "FOLDER/nul.vcf"],
            stderr: "clerk: FOLDER/nul.vcf:3: a NUL byte, which text never holds", status: 1,
            file: ("nul.vcf", Array("BEGIN:VCARD\nVERSION:3.0\nFN:A\u{0}na\nEND:VCARD\n".utf8))),
        // BY* lists that put a start in every minute of every hour: FREQ=DAILY did not say
        // so, and a week's agenda printed 200,003 lines (the rule is quoted up to 60 characters).
        Row(name: "an .ics rule that repeats every second through its BY* lists", arguments: ["import", "FOLDER/often.ics"],
            stderr: "clerk: FOLDER/often.ics:8: RRULE: repeats more often than hourly: 'FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,1…'",
            status: 1, file: ("often.ics", Array(event("RRULE:FREQ=DAILY;BYHOUR=\(everyNumber(0..<24));BYMINUTE=\(everyNumber(0..<60));BYSECOND=\(everyNumber(0..<60))").utf8))),
        Row(name: "an hourly .ics rule with a BYMINUTE list", arguments: ["import", "FOLDER/often.ics"],
            stderr: "clerk: FOLDER/often.ics:8: RRULE: repeats more often than hourly: 'FREQ=HOURLY;BYMINUTE=0,15,30,45'",
            status: 1, file: ("often.ics", Array(event("RRULE:FREQ=HOURLY;BYMINUTE=0,15,30,45").utf8))),
        // Years past 9999 or before 1: the event was created in 12025, and its export read
        // 00000000T000000, which nothing reads back.
        Row(name: "a date 9999 years ahead", arguments: ["--yes", "lunch in 9999 years"],
            stderr: "clerk: 'in 9999 years' is more time than I can work with. Nothing changed.", status: 1),
        Row(name: "a date 9000 years ago", arguments: ["--yes", "lunch 9000 years ago"],
            stderr: "clerk: '9000 years ago' is more time than I can work with. Nothing changed.", status: 1),
        // A week number the year does not have: "week 54" was a search for '54' over a year,
        // "week 53 of 2027" the first days of 2027 (week 53 of 2026).
        Row(name: "week 54", arguments: ["what's on in week 54"],
            stderr: "clerk: There's no week 54 in 2026: its weeks go from 1 to 53. Nothing changed.", status: 1),
        Row(name: "week 0", arguments: ["--yes", "offsite in week 0"],
            stderr: "clerk: There's no week 0 in 2026: its weeks go from 1 to 53. Nothing changed.", status: 1),
        // "show week 54" was answered as a general question ("I can't answer general questions").
        Row(name: "show week 54", arguments: ["show week 54"],
            stderr: "clerk: There's no week 54 in 2026: its weeks go from 1 to 53. Nothing changed.", status: 1),
        // A repeat on a day no month has: "every 32nd at 10 lunch" made one event titled
        // "Every 32nd lunch".
        Row(name: "a repeat every 32nd", arguments: ["--yes", "every 32nd at 10 lunch"],
            stderr: "clerk: 'every 32nd' can't be a repeat: a month's days go from the 1st to the 31st (every 15th). Nothing changed.", status: 1),
        Row(name: "a repeat each month on the 0th", arguments: ["--yes", "rent each month on the 0th"],
            stderr: "clerk: 'each month on the 0th' can't be a repeat: a month's days go from the 1st to the 31st (every 15th). Nothing changed.", status: 1),
        // "lunch on the 32nd at 1" made "Lunch on the 32nd" today; "what's on the 32nd" was a search.
        Row(name: "a day on the 32nd", arguments: ["--yes", "lunch on the 32nd at 1"],
            stderr: "clerk: There's no 'the 32nd': a month's days go from the 1st to the 31st. Nothing changed.", status: 1),
        // A repeat whose end is before its first time: the card said "until Sat 31 Oct
        // 2026; next Mon 30 Nov", and the series was made with its one time past its end.
        Row(name: "a repeat until last month", arguments: ["--yes", "standup every day at 9 until last month"],
            stderr: "clerk: That repeat would end on Sat 31 Oct 2026, before its first time on Mon 30 Nov 2026: say a later end (until march). Nothing changed.", status: 1),
        Row(name: "a weekly repeat until a day before its first", arguments: ["--yes", "gym every friday until tomorrow"],
            stderr: "clerk: That repeat would end on Tue 1 Dec 2026, before its first time on Fri 4 Dec 2026: say a later end (until march). Nothing changed.", status: 1),
        // An ISO week date of a week the year does not have was a title or a search.
        Row(name: "an ISO week date of a week 53 in a year of 52", arguments: ["--yes", "lunch on 2027-W53-1 at 1"],
            stderr: "clerk: There's no week 53 in 2027: its weeks go from 1 to 52. Nothing changed.", status: 1),
        Row(name: "week 53 of a year of 52", arguments: ["what's on in week 53 of 2027"],
            stderr: "clerk: There's no week 53 in 2027: its weeks go from 1 to 52. Nothing changed.", status: 1),
        Row(name: "an .ics event that a DURATION ends after 9999", arguments: ["import", "FOLDER/late.ics"],
            stderr: "clerk: FOLDER/late.ics:7: DURATION: the event ends outside the years 1 to 9999, which clerk takes",
            status: 1, file: ("late.ics", Array(event("DURATION:P5D").replacingOccurrences(of: "DTSTART:20261201T100000Z\r\nDTEND:20261201T100100Z",
                                                                                      with: "DTSTART:99991229T100000Z").utf8))),
        // A CRLF config was read as one line; a value is quoted with its control characters
        // visible, on one line.
        Row(name: "a config value with escapes and CRLF line ends", arguments: ["--yes", "lunch tomorrow at 1pm"],
            stderr: "clerk: FOLDER/data/config:2: default_event_length: expected minutes like 60, 45m or 1h, got '3^[[2J^I0'", status: 1,
            file: ("data/config", Array("backend = local\r\ndefault_event_length = 3\u{1B}[2J\t0\r\n".utf8))),
        // A 130 kB option value made a 130 kB error line: values are quoted up to 60
        // characters, paths up to 200.
        Row(name: "a 130 kB --tz", arguments: ["--tz", long, "--yes", "delete notes.txt"],
            stderr: "clerk: --tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got '\(longQuoted)'", status: 2),
        Row(name: "a 130 kB --now", arguments: ["--now", long, "--yes", "delete notes.txt"],
            stderr: "clerk: --now: expected YYYY-MM-DDTHH:MM, got '\(longQuoted)'", status: 2),
        Row(name: "a 130 kB --backend", arguments: ["--backend", long, "--yes", "delete notes.txt"],
            stderr: "clerk: --backend: expected local or google, got '\(longQuoted)'", status: 2),
        Row(name: "a 130 kB --calendar", arguments: ["export", "--calendar", long],
            stderr: "clerk: no calendar named '\(longQuoted)'. Calendars: Personal.", status: 1),
        Row(name: "a 130 kB import path", arguments: ["import", "/" + long + ".ics"],
            stderr: "clerk: /\(String(repeating: "x", count: 198))…: no such file", status: 1),
        // It said "clerk: : no such file".
        Row(name: "an empty import path", arguments: ["import", ""],
            stderr: "clerk: import: the file name is empty (''); give a FILE.ics or FILE.vcf, or - for stdin", status: 2),
        // It said "cannot read it".
        Row(name: "a folder to import", arguments: ["import", "FOLDER"],
            stderr: "clerk: FOLDER: a folder, not a file; give a FILE.ics or FILE.vcf", status: 1),
        Row(name: "a 130 kB --data-dir", arguments: ["--data-dir", "/" + long, "what's on today"],
            stderr: "clerk: /\(String(repeating: "x", count: 198))…: cannot create the folder", status: 1),
        Row(name: "a 130 kB unknown option", arguments: ["--" + long],
            stderr: "clerk: unknown option '--\(String(repeating: "x", count: 57))…'. See 'clerk --help'.", status: 2),
    ]

    /// A value of 130 kB, and how it is quoted.
    static let long = String(repeating: "x", count: 130_000)
    static let longQuoted = String(repeating: "x", count: 59) + "…"

    /// "0,1,…" for a BY* list.
    static func everyNumber(_ range: Range<Int>) -> String {
        range.map(String.init).joined(separator: ",")
    }

    /// A calendar of one event (its line 8 is the first of `lines`).
    static func event(_ lines: String...) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:bad-1@test", "DTSTART:20261201T100000Z",
          "DTEND:20261201T100100Z"] + lines + ["SUMMARY:tick", "END:VEVENT", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    /// A repeat with no gap, a negative one, one longer than the reader reads, or part of a
    /// unit: "every 0 days" made one event titled "Standup every 0 days" at 21:00, "every -2
    /// days" one on Wednesday (in the past), "every 1.5 days" a yearly one on 1 May.
    static let repeatRows = [("standup every 0 days at 9", "every 0 days"), ("gym each -2 weeks on monday", "each -2 weeks"),
                             ("boiler service every 5000 days at 9", "every 5000 days"), ("water plants every 1.5 days at 8am", "every 1.5 days")].map { line, said in
        Row(name: "a repeat " + said, arguments: ["--yes", line],
            stderr: "clerk: '\(said)' can't be a repeat: say how far apart in whole days, weeks, months or years, from 1 to 999 (every 2 weeks). Nothing changed.", status: 1)
    }

    @Test(arguments: rows + repeatRows)
    func badInputGetsOneLineAndChangesNothing(row: Row) throws {
        let folder = try Self.seededFolder()
        defer { folder.remove() }
        let data = folder.path + "/data"
        if let file = row.file { _ = FileManager.default.createFile(atPath: folder.path + "/" + file.name, contents: Data(file.content)) }
        let before = try Self.contents(of: data)
        let arguments = row.arguments.map { $0.replacingOccurrences(of: "FOLDER", with: folder.path) }
        let result = try ClerkBinary.run(Self.clock + ["--data-dir", data] + arguments, bytes: Data(row.input), timeout: 60)
        #expect(result.stderr == row.stderr.replacingOccurrences(of: "FOLDER", with: folder.path) + "\n")
        #expect(result.status == row.status)
        #expect(try Self.contents(of: data) == before)
    }

    /// An argument that is not UTF-8 (a Latin-1 name) is refused, its bytes shown: it was
    /// mended into U+FFFD without a word, so `show caf\xE9.txt` made a file `caf�.txt`, and
    /// `--data-dir d\xFF` a store in a folder of another name, `d�`. A pipe's line that is not
    /// UTF-8 was already refused.
    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
        let folder = try Self.seededFolder()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let before = try Self.contents(of: data)
        // The shell passes the bytes; `Spawn` takes arguments as Swift strings, always UTF-8.
        let cases: [(script: String, stderr: String)] = [
            (#"exec "$0" "$@" --yes "create a file $(printf 'caf\351').txt with hi""#,
             #"argument 8 isn't UTF-8 text ('create a file caf\xE9.txt with hi'); clerk reads its command line as UTF-8"#),
            (#"exec "$0" "$@" --yes "lunch $(printf '\377\376') tomorrow""#,
             #"argument 8 isn't UTF-8 text ('lunch \xFF\xFE tomorrow'); clerk reads its command line as UTF-8"#),
            (#"exec "$0" --data-dir "$(dirname "$6")/d$(printf '\377')" status"#,
             #"argument 2 isn't UTF-8 text ('FOLDER/d\xFF'); clerk reads its command line as UTF-8"#),
        ]
        for (script, stderr) in cases {
            let result = try ClerkBinary.run(Self.clock + ["--data-dir", data], through: ["/bin/sh", "-c", script])
            #expect(result.stderr == "clerk: " + stderr.replacingOccurrences(of: "FOLDER", with: folder.path) + "\n")
            #expect(result.status == 2)
            #expect(result.stdout == "")
        }
        #expect(try Self.contents(of: data) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["data"])
    }

    /// An agenda over eight thousand years of endless daily series made every occurrence:
    /// 20 series took 157 s and 4.4 GB, and printed 4.2 million lines (each series cut off
    /// silently after 200,000 starts). It is refused in one line, soon.
    @Test func anAgendaOfMoreEventsThanClerkListsIsOneLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
        for n in 0..<20 {
            lines += ["BEGIN:VEVENT", "UID:daily-\(n)@test", "DTSTART:00010101T0\(n % 10)0000Z", "RRULE:FREQ=DAILY", "SUMMARY:Daily \(n)", "END:VEVENT"]
        }
        _ = FileManager.default.createFile(atPath: folder.path + "/daily.ics", contents: Data((lines + ["END:VCALENDAR"]).joined(separator: "\r\n").utf8))
        let data = ["--data-dir", folder.path + "/data"]
        #expect(try ClerkBinary.run(Self.clock + data + ["import", folder.path + "/daily.ics"]).status == 0)
        let started = Date()
        for request in [["what's on between 1000 and 9000"], ["--json", "what's on between 1000 and 9000"]] {
            let result = try ClerkBinary.run(Self.clock + data + request, timeout: 120)
            #expect(result.stderr == "clerk: That can't be done: that span holds more than 100,000 events, more than clerk lists at once; ask about a shorter one.\n")
            #expect(result.status == 1)
            #expect(result.stdout == (request.count == 2
                ? #"{"intent":"query_agenda","ok":false,"message":"That can't be done: that span holds more than 100,000 events, more than clerk lists at once; ask about a shorter one."}"# + "\n"
                : ""))
        }
        #expect(Date().timeIntervalSince(started) < 60)
    }

    /// A line past 1 MiB is skipped as it comes, and the lines after it are read: a 16 MB
    /// line took 14 s and 270 MB before (a 200 MB one 3 minutes and 3.4 GB).
    @Test func aLineTooLongToBeARequestIsSkippedAndTheNextRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let started = Date()
        let input = Data(repeating: UInt8(ascii: "a"), count: 16 << 20) + Data("\nwhat's on tomorrow\n".utf8)
        let result = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path], bytes: input, timeout: 120)
        #expect(result.stderr == "clerk: That line is longer than clerk reads (1024 kB), so I didn't read it.\n")
        #expect(result.stdout == "Nothing on Tue 1 Dec.\n")
        #expect(result.status == 1)
        // A guard against a hang only (the read takes a few seconds idle): 30 s went over
        // under a load of 15 on two cores.
        #expect(Date().timeIntervalSince(started) < 100)
    }

    /// A folder or a pipe where the store goes, a file where the data folder goes: one line
    /// that says what is wrong (**was**: "the store failed (SQLite code 266). Nothing
    /// changed.", and "cannot create the folder" of a file), nothing touched.
    @Test func aStoreOrDataFolderOfTheWrongKindIsSaidSo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = folder.path + "/data/clerk.sqlite3"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        let pipe = folder.path + "/piped/clerk.sqlite3"
        try FileManager.default.createDirectory(atPath: folder.path + "/piped", withIntermediateDirectories: true)
        #expect(mkfifo(pipe, 0o600) == 0)
        for path in [store, pipe] {
            for request in [["what's on tomorrow"], ["--yes", "lunch tomorrow at 1pm"]] {
                let result = try ClerkBinary.run(Self.clock + ["--data-dir", path.parentPath] + request, timeout: 30)
                #expect(result.stderr == "clerk: \(path) is damaged or not a clerk store. Move it aside and clerk starts a new one.\n")
                #expect(result.status == 1)
            }
        }
        _ = FileManager.default.createFile(atPath: folder.path + "/file", contents: Data("x".utf8))
        let result = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path + "/file", "what's on tomorrow"])
        #expect(result.stderr == "clerk: \(folder.path)/file: not a folder (a file is in its place)\n")
        #expect(result.status == 1)
        #expect(try String(contentsOfFile: folder.path + "/file", encoding: .utf8) == "x")
        // A symbolic link to nowhere (was: "cannot create the folder", read as a permission problem).
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/gone", withDestinationPath: folder.path + "/moved")
        let dangling = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path + "/gone", "what's on tomorrow"])
        #expect(dangling.stderr == "clerk: \(folder.path)/gone: a symbolic link to \(folder.path)/moved, which does not exist; make that folder, or move the link aside\n")
        #expect(dangling.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/moved"))
        // A data folder whose links go round in a loop: given as --data-dir it was the
        // config's loop ("DIR/config: can't be read …", a file that cannot be moved aside),
        // as the XDG folder "a symbolic link to l2, which does not exist".
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/l1", withDestinationPath: "l2")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/l2", withDestinationPath: "l1")
        let given = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path + "/l1", "what's on tomorrow"])
        #expect(given.stderr == "clerk: \(folder.path)/l1: can't be read (its symbolic links go round in a loop). Move it aside to use the defaults\n")
        #expect(given.status == 1)
        try FileManager.default.createDirectory(atPath: folder.path + "/config", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/clerk", withDestinationPath: "l1")
        let xdg = try ClerkBinary.run(Self.clock + ["what's on tomorrow"],
                                      environment: ["HOME": folder.path, "XDG_DATA_HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/config"])
        #expect(xdg.stderr == "clerk: \(folder.path)/clerk: can't be used (its symbolic links go round in a loop); move it aside\n")
        #expect(xdg.status == 1)
    }

    /// An answer that cannot be written — stdout on a full disk (`/dev/full`), or closed —
    /// fails the run with one line: `clerk export > backup.ics` on a full disk exited 0 and
    /// left a backup that was empty. A reader that goes away (a pipe to `head`) is no failure.
    @Test func anAnswerThatCannotBeWrittenFailsTheRun() throws {
        let folder = try Self.seededFolder()
        defer { folder.remove() }
        let data = ["--data-dir", folder.path + "/data"]
        for request in [["export"], ["what's on tomorrow"], ["--json", "contacts"]] {
            let errPath = folder.path + "/stderr"
            let status = try Spawn.run(ClerkBinary.path, Self.clock + data + request, environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path],
                                       stdout: "/dev/full", stderr: errPath)
            #expect(try String(contentsOfFile: errPath, encoding: .utf8) == "clerk: couldn't write the answer to standard output: the disk is full\n", "\(request)")
            #expect(status == 1)
            let closed = try ClerkBinary.run(Self.clock + data + request, through: ["/bin/sh", "-c", #"exec "$0" "$@" >&-"#])
            #expect(closed.stderr == "clerk: couldn't write the answer to standard output: it is closed\n", "\(request)")
            #expect(closed.status == 1)
        }
        // A closed stdout is not the next file opened: the event is made, the store sound.
        let made = try ClerkBinary.run(Self.clock + data + ["--yes", "lunch tomorrow at 1pm"], through: ["/bin/sh", "-c", #"exec "$0" "$@" >&-"#])
        #expect(made.status == 1)
        #expect(try ClerkBinary.run(Self.clock + data + ["what's on tomorrow"]).stdout.contains("Lunch"))
        let piped = try ClerkBinary.run(Self.clock + data + ["export"], through: ["/bin/sh", "-c", #""$0" "$@" | head -c 10 >/dev/null; exit ${PIPESTATUS:-0}"#])
        #expect(piped.stderr == "")
    }

    /// A store whose first page is overwritten, and one with a damaged page in the middle:
    /// reads and writes are refused with one line, and not a byte of the file changes.
    @Test(arguments: [(0, "garbage, garbage, garbage"), (3000, String(repeating: "\u{7F}", count: 2000))])
    func aCorruptedStoreIsRefusedAndLeftAlone(offset: Int, garbage: String) throws {
        let folder = try Self.seededFolder()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let store = data + "/clerk.sqlite3"
        let handle = try #require(FileHandle(forWritingAtPath: store))
        try handle.seek(toOffset: UInt64(offset))
        handle.write(Data(garbage.utf8))
        try handle.close()
        let before = Self.bytes(of: data)
        for request in [["what's on tomorrow"], ["--yes", "lunch tomorrow at 1pm"], ["--yes", "append bye to notes.txt"], ["export"]] {
            let result = try ClerkBinary.run(Self.clock + ["--data-dir", data] + request)
            #expect(result.stderr == "clerk: \(store) is damaged or not a clerk store. Move it aside and clerk starts a new one.\n", "\(request)")
            #expect(result.status == 1)
        }
        #expect(Self.bytes(of: data) == before)
    }

    /// A data folder that cannot be made (its parent is not writable), as a user who is
    /// bound by permissions: one line, exit 1, nothing made.
    @Test(.enabled(if: ReadOnlyStoreTests.unprivileged != nil, "root without setpriv(1): no user to test as"))
    func aDataFolderThatCannotBeMadeIsOneLine() throws {
        let folder = try TemporaryFolder()
        defer {
            chmod(folder.path + "/locked", 0o700)
            folder.remove()
        }
        try FileManager.default.createDirectory(atPath: folder.path + "/locked", withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        chmod(folder.path + "/locked", 0o555)
        let user = try #require(ReadOnlyStoreTests.unprivileged)
        let data = folder.path + "/locked/data"
        for request in [["--yes", "lunch tomorrow at 1pm"], ["what's on tomorrow"]] {
            #expect(try ClerkBinary.run(Self.clock + ["--data-dir", data] + request, through: user)
                == .init(stdout: "", stderr: "clerk: \(data): cannot create the folder\n", status: 1))
        }
        #expect(!FileManager.default.fileExists(atPath: data))
    }

    /// A file to import that cannot be opened says why, in one line, and a file larger than
    /// an import takes is refused before it is read: a symbolic link in a loop and one to
    /// nothing were "no such file", a file of mode 000 "cannot read it", and a 1 GB file was
    /// read whole (1 GB of memory, 9 s in the debug build) to be refused after.
    @Test func aFileToImportThatCannotBeOpenedSaysWhy() throws {
        let folder = try Self.seededFolder()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let before = try Self.contents(of: data)
        let path = folder.path
        #expect(symlink(path + "/loop.ics", path + "/loop.ics") == 0)
        #expect(symlink(path + "/gone.ics", path + "/dangling.ics") == 0)
        // Sparse: no disk is used. Read whole, 2 GB take far longer than the few seconds
        // allowed below (and 2 GB of memory); refused from its size, no time at all.
        let big = open(path + "/big.ics", O_CREAT | O_WRONLY, 0o644)
        #expect(big >= 0 && ftruncate(big, 2 << 30) == 0)
        close(big)
        let cases: [(file: String, stderr: String)] = [
            ("loop.ics", "clerk: \(path)/loop.ics: can't be read (its symbolic links go round in a loop)"),
            ("dangling.ics", "clerk: \(path)/dangling.ics: a symbolic link to \(path)/gone.ics, which does not exist"),
            ("big.ics", "clerk: \(path)/big.ics: larger than 64 MB, the most clerk imports at once; split the file"),
            ("missing.ics", "clerk: \(path)/missing.ics: no such file"),
        ]
        for c in cases {
            let started = Date()
            #expect(try ClerkBinary.run(Self.clock + ["--data-dir", data, "import", path + "/" + c.file]) == .init(stdout: "", stderr: c.stderr + "\n", status: 1))
            #expect(Date().timeIntervalSince(started) < 5, "\(c.file)")
        }
        #expect(try Self.contents(of: data) == before)
        if let user = ReadOnlyStoreTests.unprivileged {
            _ = FileManager.default.createFile(atPath: path + "/locked.ics", contents: Data(Self.seedWeek))
            chmod(path + "/locked.ics", 0o000)
            chmod(path, 0o755)
            let other = try TemporaryFolder()
            defer { other.remove() }
            chmod(other.path, 0o777)
            #expect(try ClerkBinary.run(Self.clock + ["--data-dir", other.path + "/data", "import", path + "/locked.ics"], through: user)
                == .init(stdout: "", stderr: "clerk: \(path)/locked.ics: can't be read (permission denied)\n", status: 1))
        }
    }

    /// An empty or relative HOME made the store at /.local/share/clerk, or under the folder
    /// clerk was started in; it is the account's home from the password database instead
    /// (nobody's is /nonexistent, which cannot be made, so nothing is made anywhere).
    @Test(.enabled(if: ReadOnlyStoreTests.unprivileged?.isEmpty == false, "not root with setpriv(1): no user to test as"))
    func aHomeThatIsNoAbsolutePathIsTheAccountsHome() throws {
        let user = try #require(ReadOnlyStoreTests.unprivileged)
        for home in ["", "relative/home"] {
            #expect(try ClerkBinary.run(Self.clock + ["what's on tomorrow"], environment: ["HOME": home], through: user)
                == .init(stdout: "", stderr: "clerk: /nonexistent/.local/share/clerk: cannot create the folder\n", status: 1), "HOME='\(home)'")
        }
    }

    /// A config that is there but cannot be read (mode 000) was read as no config: its
    /// settings were ignored without a word, and "make Work my default calendar" then
    /// replaced it with that one line. A folder in its place was ignored too.
    @Test func aConfigThatCannotBeReadIsRefusedAndKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = folder.path + "/data"
        #expect(try ClerkBinary.run(Self.clock + ["--data-dir", data, "--yes", "new calendar Work"]).status == 0)
        try FileManager.default.createDirectory(atPath: data + "/config", withIntermediateDirectories: false)
        #expect(try ClerkBinary.run(Self.clock + ["--data-dir", data, "what's on today"])
            == .init(stdout: "", stderr: "clerk: \(data)/config: not a file (a folder, a device or a pipe). Move it aside to use the defaults\n", status: 1))
        try FileManager.default.removeItem(atPath: data + "/config")
        // A link to itself, and a NUL byte in a value: read as no config, and as "W\0rk".
        try FileManager.default.createSymbolicLink(atPath: data + "/config", withDestinationPath: "config")
        for request in [["--yes", "make Work my default calendar"], ["what's on today"]] {
            #expect(try ClerkBinary.run(Self.clock + ["--data-dir", data] + request)
                == .init(stdout: "", stderr: "clerk: \(data)/config: can't be read (its symbolic links go round in a loop). Move it aside to use the defaults\n", status: 1))
        }
        try FileManager.default.removeItem(atPath: data + "/config")
        _ = FileManager.default.createFile(atPath: data + "/config", contents: Data("# mine\ndefault_calendar = W\u{0}rk\n".utf8))
        #expect(try ClerkBinary.run(Self.clock + ["--data-dir", data, "what's on today"])
            == .init(stdout: "", stderr: "clerk: \(data)/config:2: a NUL byte, which text never holds\n", status: 1))
        try FileManager.default.removeItem(atPath: data + "/config")

        guard let user = ReadOnlyStoreTests.unprivileged, !user.isEmpty else { return }
        let settings = "working_hours = 09:00-17:00\ndefault_event_length = 30\n# mine\n"
        _ = FileManager.default.createFile(atPath: data + "/config", contents: Data(settings.utf8))
        chmod(folder.path, 0o755)
        for path in [data] + (try FileManager.default.contentsOfDirectory(atPath: data)).map({ data + "/" + $0 }) { chown(path, 65534, 65534) }
        chmod(data + "/config", 0)
        for request in [["--yes", "make Work my default calendar"], ["what's on today"]] {
            #expect(try ClerkBinary.run(Self.clock + ["--data-dir", data] + request, through: user)
                == .init(stdout: "", stderr: "clerk: \(data)/config: can't be read (permission denied). Make it readable, or move it aside to use the defaults\n",
                         status: 1), "\(request)")
        }
        #expect(FileManager.default.contents(atPath: data + "/config") == Data(settings.utf8))
    }

    /// Whether a user namespace with its own mounts can be made here (`unshare -rm`), for a
    /// small tmpfs that fills up.
    static let canMountTmpfs: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
              let folder = try? TemporaryFolder() else { return false }
        defer { folder.remove() }
        let status = try? Spawn.run("/usr/bin/unshare", ["-rm", "/bin/sh", "-c", "mount -t tmpfs -o size=64k tmpfs \"$0\"", folder.path],
                                    environment: ["PATH": "/usr/bin:/bin"], timeout: 20)
        return status == 0
    }()

    /// A full disk: the store on a 1 MB tmpfs (in a mount namespace of the test's own), and an
    /// import that needs more. The import is refused with one line, the store is as it was,
    /// and what was there is still read.
    @Test(.enabled(if: canMountTmpfs, "no user namespace for a tmpfs (unshare -rm)"))
    func aFullDiskIsOneLineAndChangesNothing() throws {
        let folder = try Self.seededFolder()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let before = try Self.contents(of: data)
        var ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        for i in 0..<3000 {
            ics += "BEGIN:VEVENT\r\nUID:full-\(i)@test\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20270105T100000Z\r\nDTEND:20270105T110000Z\r\n"
            ics += "SUMMARY:An event with a long enough title to take room \(i)\r\nDESCRIPTION:\(String(repeating: "notes ", count: 40))\r\nEND:VEVENT\r\n"
        }
        _ = FileManager.default.createFile(atPath: folder.path + "/big.ics", contents: Data((ics + "END:VCALENDAR\r\n").utf8))
        // In the namespace: the store moves onto a 1 MB tmpfs mounted over a folder of the
        // test's, clerk imports, and the store is copied back out for the checks.
        let disk = folder.path + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let script = """
            mount -t tmpfs -o size=1m tmpfs "$1" || exit 99
            cp -a "$2"/. "$1"/
            "$3" --now 2026-11-30T09:00 --tz Europe/Madrid --data-dir "$1" import "$4" > "$5/out" 2> "$5/err"
            status=$?
            "$3" --now 2026-11-30T09:00 --tz Europe/Madrid --data-dir "$1" "show notes.txt" > "$5/read" 2>&1
            rm -rf "$2" && mkdir "$2" && cp -a "$1"/. "$2"/
            exit $status
            """
        let status = try Spawn.run("/usr/bin/unshare", ["-rm", "/bin/sh", "-c", script, "sh", disk, data, ClerkBinary.path, folder.path + "/big.ics", folder.path],
                                   environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path, "NO_COLOR": "1", "TZ": "UTC"], timeout: 120)
        let err = try String(contentsOfFile: folder.path + "/err", encoding: .utf8)
        #expect(status == 1)
        #expect(err == "clerk: The disk holding \(disk)/clerk.sqlite3 is full. Free some space and try again.\n")
        #expect(try String(contentsOfFile: folder.path + "/out", encoding: .utf8) == "")
        #expect(try String(contentsOfFile: folder.path + "/read", encoding: .utf8) == "── notes.txt ──\nhello\n")
        #expect(try Self.contents(of: data) == before)
    }
}
