import ChildProcess
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `clerk parse` as scripts and people use it: exact output and exit codes.
@Suite struct ParseCommandTests {
    static let at = ["--now", "2026-11-30T09:00", "--tz", "Europe/Madrid"]

    @Test(arguments: [
        ("tomorrow at 13:00",
         "tomorrow at 13:00 → Tue 1 Dec 2026, 13:00–14:00 Europe/Madrid · \"tomorrow\" date · \"at 13:00\" time · 1 h assumed\n"
         + "  intent    create_event (event-statement)\n"),
        ("next week",
         "next week → Mon 7 Dec – Sun 13 Dec 2026 (all day) · \"next week\" date\n"
         + "  intent    query_agenda (date-only)\n"),
        ("Dec 21 to Jan 3",
         "Dec 21 to Jan 3 → Mon 21 Dec 2026 – Sun 3 Jan 2027 (all day) · \"Dec 21\" date · \"to Jan 3\" end\n"
         + "  intent    query_agenda (date-only)\n"),
        ("2-4pm",
         "2-4pm → Mon 30 Nov 2026, 14:00–16:00 Europe/Madrid · \"2\" time · \"4pm\" end\n"
         + "  intent    create_event (event-statement)\n"),
        ("call at 10am London time",
         "call at 10am London time → Mon 30 Nov 2026, 11:00–12:00 Europe/Madrid · \"at 10am\" time · \"London time\" zone · 10:00 in Europe/London · 1 h assumed\n"
         + "  intent    create_event (event-statement)\n"
         + "  title     Call ← \"call\" (remaining-words)\n"),
        ("every Monday at 10am",
         "every Monday at 10am → Mon 30 Nov 2026, 10:00–11:00 Europe/Madrid · \"every Monday\" recurrence · \"at 10am\" time · repeats FREQ=WEEKLY;BYDAY=MO · 1 h assumed\n"
         + "  intent    create_event (event-statement)\n"),
        ("lunch tomorrow at 1 and dinner friday at 8pm",
         "tomorrow at 1 → Tue 1 Dec 2026, 13:00–14:00 Europe/Madrid · \"tomorrow\" date · \"at 1\" time · 1 h assumed\n"
         + "friday at 8pm → Fri 4 Dec 2026, 20:00–21:00 Europe/Madrid · \"friday\" date · \"at 8pm\" time · 1 h assumed\n"
         + "  intent    create_event (event-statement)\n"
         + "  title     Lunch and dinner ← \"lunch\" + \"and dinner\" (remaining-words)\n"),
        ("buy milk", "buy milk → no date or time found\n  intent    out_of_scope (unknown)\n"),
    ])
    func explainsHowAPhraseIsRead(phrase: String, expected: String) throws {
        let result = try ClerkBinary.run(["parse"] + Self.at + [phrase])
        #expect(result == .init(stdout: expected, stderr: "", status: 0))
    }

    @Test func readsTheClockFromNowAndTz() throws {
        let result = try ClerkBinary.run(["parse", "--now", "2013-02-12T04:30", "--tz", "-02:00", "tomorrow"])
        #expect(result.stdout == "tomorrow → Wed 13 Feb 2013 (all day) · \"tomorrow\" date\n  intent    query_agenda (date-only)\n")
    }

    @Test func answersWithOneJSONObject() throws {
        let result = try ClerkBinary.run(["parse", "--json"] + Self.at + ["tomorrow at 13:00"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            {"id":null,"intent":"create_event","title":null,"start":"2026-12-01T13:00:00","end":"2026-12-01T14:00:00","allDay":false,\
            "grain":"minute","calendar":null,"attendees":[],"location":null,"recurrence":null,"range":null,"contact":null,\
            "file":null,"rule":"event-statement","slots":[{"kind":"when","value":"2026-12-01T13:00/2026-12-01T14:00",\
            "text":["tomorrow at 13:00"],"rule":"date:intersect"}],"dates":[{"text":"tomorrow at 13:00","rule":"intersect","start":"2026-12-01T13:00:00",\
            "end":"2026-12-01T14:00:00","allDay":false,"grain":"minute","known":["date","time"],"recurrence":null,\
            "timeZone":null,"parts":[{"text":"tomorrow","role":"date","rule":"tomorrow"},\
            {"text":"at 13:00","role":"time","rule":"clock-colon"}]}]}

            """)
    }

    @Test func readsJSONLinesWithTheirOwnClock() throws {
        let input = """
            {"id":"a","text":"tomorrow"}
            {"id":2,"text":"next friday","now":"2013-02-12T04:30:00","tz":"-02:00"}
            {"id":"c","text":"tomorrow","tz":"Asia/Tokyo"}

            {"id":"d","text":"every weekday at 9","now":"2026-12-05T12:00"}
            {"id":"e","text":"buy milk"}

            """
        let result = try ClerkBinary.run(["parse", "--jsonl"] + Self.at, input: input)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        // A bare date asks about the agenda: its range is the span read.
        #expect(lines[0].hasPrefix(#"{"id":"a","intent":"query_agenda","title":null,"start":"2026-12-01T00:00:00","end":"2026-12-02T00:00:00","allDay":true,"grain":"day","calendar":null,"attendees":[],"location":null,"recurrence":null,"range":{"start":"2026-12-01T00:00:00","end":"2026-12-02T00:00:00"},"contact":null,"file":null,"#))
        #expect(lines[1].hasPrefix(#"{"id":2,"intent":"query_agenda","title":null,"start":"2013-02-22T00:00:00","end":"2013-02-23T00:00:00","allDay":true,"grain":"day","#))
        // Only the zone given: the same wall clock (09:00) in Tokyo.
        #expect(lines[2].hasPrefix(#"{"id":"c","intent":"query_agenda","title":null,"start":"2026-12-01T00:00:00","#))
        #expect(lines[3].hasPrefix(#"{"id":"d","intent":"create_event","title":null,"start":"2026-12-07T09:00:00","end":"2026-12-07T10:00:00","allDay":false,"grain":"hour","calendar":null,"attendees":[],"location":null,"recurrence":"FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR","#))
        #expect(lines[4] == #"{"id":"e","intent":"out_of_scope","title":null,"start":null,"end":null,"allDay":null,"grain":null,"calendar":null,"attendees":[],"location":null,"recurrence":null,"range":null,"contact":null,"file":null,"rule":"unknown","slots":[],"dates":[]}"#)
    }

    /// Amounts that once trapped the reader (exit 132, every earlier answer lost): each line
    /// is answered, and so are the lines around them.
    @Test func hostileAmountsLoseNoAnswer() throws {
        let phrases = ["what's on in 1e19 days", "lunch for 1e999 hours", "lunch in 9999999999999999999 days",
                       "lunch tomorrow for 1e300 minutes", "free slots of 1e20 hours tomorrow", "lunch for nan hours"]
        let input = (["{\"id\":0,\"text\":\"today\"}"] + phrases.enumerated().map { "{\"id\":\($0.offset + 1),\"text\":\"\($0.element)\"}" }
                     + ["{\"id\":99,\"text\":\"today\"}"]).joined(separator: "\n") + "\n"
        let result = try ClerkBinary.run(["parse", "--jsonl"] + Self.at, input: input, timeout: 60)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let ids = result.stdout.split(separator: "\n").map { $0.prefix { $0 != "," } }
        #expect(ids == ["{\"id\":0"] + (1...phrases.count).map { "{\"id\":\($0)" }[...] + ["{\"id\":99"])
        for phrase in phrases {
            #expect(try ClerkBinary.run(["parse"] + Self.at + [phrase], timeout: 60).status == 0)
        }
    }

    /// Each answer is out before the next line arrives: stdin is a FIFO written one line at a
    /// time, and the answer to the first is read while clerk still waits for the second.
    @Test func answersEachLineAsItComes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fifo = folder.path + "/in", out = folder.path + "/out"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opened for reading and writing, so clerk's open for reading does not wait for a writer.
        let writer = open(fifo, O_RDWR)
        #expect(writer >= 0)
        let pid = try Spawn.start(ClerkBinary.path, ["parse", "--jsonl"] + Self.at, environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path],
                                  stdin: fifo, stdout: out)
        func send(_ line: String) { _ = line.withCString { write(writer, $0, strlen($0)) } }
        func answers(atLeast count: Int) -> [String] {
            for _ in 0..<600 {
                let lines = ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
                if lines.count >= count { return lines }
                usleep(50_000)
            }
            return []
        }
        send("{\"id\":1,\"text\":\"tomorrow\"}\n")
        #expect(answers(atLeast: 1).first?.hasPrefix(#"{"id":1,"intent":"query_agenda""#) == true)
        send("{\"id\":2,\"text\":\"today\"}\n")
        #expect(answers(atLeast: 2).last?.hasPrefix(#"{"id":2,"intent":"query_agenda""#) == true)
        close(writer)
        #expect(Spawn.wait(pid, timeout: 30) == 0)
    }

    @Test func answersABadLineWithAnErrorAndGoesOn() throws {
        let input = """
            not json
            [1, 2]
            {"id":"c"}
            {"id":"d","text":"x","tz":"Mars/Base"}
            {"id":"e","text":"x","now":"yesterday"}
            {"id":"g","text":"x","now":"2026-11-30T09:00:00.5"}
            {"id":"h","text":"x","now":"2026-11-30T09:00:+5"}
            {"id":"i","text":"x","now":"+026-11-30T09:00"}
            {"id":"j","text":"x","now":"2026-11-30T09:00:00.123Z"}
            {"id":"k","text":"x","now":"0000-06-01T10:00"}
            {"id":"f","text":"today"}

            """
        let result = try ClerkBinary.run(["parse", "--jsonl"] + Self.at, input: input)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(10)) == [
            #"{"id":null,"error":"not a JSON object: invalid literal at byte 0"}"#,
            #"{"id":null,"error":"not a JSON object: expected {\"id\", \"text\", \"now\", \"tz\"}"}"#,
            #"{"id":"c","error":"needs \"text\": the phrase to read"}"#,
            #"{"id":"d","error":"tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got 'Mars/Base'"}"#,
            #"{"id":"e","error":"now: expected YYYY-MM-DDTHH:MM[:SS], got 'yesterday'"}"#,
            #"{"id":"g","error":"now: expected YYYY-MM-DDTHH:MM[:SS], got '2026-11-30T09:00:00.5'"}"#,
            #"{"id":"h","error":"now: expected YYYY-MM-DDTHH:MM[:SS], got '2026-11-30T09:00:+5'"}"#,
            #"{"id":"i","error":"now: expected YYYY-MM-DDTHH:MM[:SS], got '+026-11-30T09:00'"}"#,
            #"{"id":"j","error":"now: expected YYYY-MM-DDTHH:MM[:SS], got '2026-11-30T09:00:00.123Z'"}"#,
            // The year 0 was taken, and the line read as out of scope.
            #"{"id":"k","error":"now: expected a time in the years 1 to 9999, got '0000-06-01T10:00'"}"#,
        ])
        #expect(lines.count == 11)
        #expect(lines[10].hasPrefix(#"{"id":"f","intent":"query_agenda","title":null,"start":"2026-11-30T00:00:00","#))
    }

    /// Lines are cut as `readLine()` cut them: `\n` and `\r\n` end a line, a last line
    /// without one is read too and keeps a `\r`, and blank lines (Unicode spaces too) get no
    /// answer. Bytes that are not UTF-8 were read as U+FFFD, as `readLine()` read them, and
    /// the line answered: such a line is now refused, as README says.
    @Test func cutsLinesAsReadLineDid() throws {
        var input = Data("{\"id\":1,\"text\":\"today\"}\r\n\n  \t\r\n\u{3000}\u{A0}\n".utf8)
        input.append(contentsOf: Array("{\"id\":\"2".utf8) + [0xC3] + Array("\",\"text\":\"caf".utf8) + [0xC3, 0x20, 0xFF] + Array(" tomorrow\"}\n".utf8))
        input.append(contentsOf: Array("{\"id\":7,\"text\":\"lunch tomorrow".utf8) + [0xFF] + Array("\"}\n".utf8))
        input.append(contentsOf: Array("{\"id\":3,\"text\":\"today\"\r".utf8))
        let result = try ClerkBinary.run(["parse", "--jsonl"] + Self.at, bytes: input)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix(#"{"id":1,"intent":"query_agenda","title":null,"start":"2026-11-30T00:00:00","#) == true)
        #expect(lines.dropFirst().first == #"{"id":null,"error":"not UTF-8 text, so not read"}"#)
        // (An id the line opens with is given back, so the answer can be matched.)
        #expect(lines.dropFirst(2).first == #"{"id":7,"error":"not UTF-8 text, so not read"}"#)
        // The `\r` stays on the last line: the object is cut off one byte later (at 23, not 22).
        #expect(lines.last == #"{"id":null,"error":"not a JSON object: unexpected end of JSON at byte 23"}"#)
    }

    /// Ids come back as they were given: a number was read as a Double (9007199254740993 came
    /// back as 9007199254740992.0, 12345678901234567890 as 1.2345678901234567e+19). What is
    /// not JSON is refused with the line's error object: numbers RFC 8259 does not write
    /// ("01", ".5") were read, a lone surrogate became U+FFFD. A byte-order mark before the
    /// first line is skipped (it made line 1 an error).
    @Test func givesIdsBackExactlyAndRefusesWhatIsNotJSON() throws {
        var input = Data([0xEF, 0xBB, 0xBF])
        for id in ["9007199254740993", "12345678901234567890", "1.0", "-0", "1e400", "01", ".5", "1.", #""\ud800""#, #""a\udc00b""#, #""\ud83d\ude00""#] {
            input.append(contentsOf: Array(#"{"id":\#(id),"text":"today"}"#.utf8) + [0x0A])
        }
        let result = try ClerkBinary.run(["parse", "--jsonl"] + Self.at, bytes: input)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let answered = #","intent":"query_agenda","title":null,"start":"2026-11-30T00:00:00","#
        #expect(lines.count == 11)
        for (line, id) in zip(lines, ["9007199254740993", "12345678901234567890", "1.0", "-0", "1e400"]) {
            #expect(line.hasPrefix(#"{"id":"# + id + answered), "\(line.prefix(80))")
        }
        #expect(Array(lines[5..<10]) == [
            #"{"id":null,"error":"not a JSON object: invalid JSON value at byte 6"}"#,
            #"{"id":null,"error":"not a JSON object: invalid JSON value at byte 6"}"#,
            #"{"id":null,"error":"not a JSON object: invalid JSON value at byte 6"}"#,
            #"{"id":null,"error":"not a JSON object: \\u escape of half a character (a lone surrogate) at byte 7"}"#,
            #"{"id":null,"error":"not a JSON object: \\u escape of half a character (a lone surrogate) at byte 8"}"#,
        ])
        #expect(lines[10].hasPrefix(#"{"id":"😀""# + answered))
    }

    /// A line of more than 1 MiB is skipped as it comes and answered with an error that names
    /// it (and its id, when the line opens with one); the lines after it are answered. An
    /// 8 MB line took 470 MB to be answered (the REPL's limit did not reach `--jsonl`).
    @Test func aLineTooLongToReadIsAnsweredWithAnErrorAndTheNextRead() throws {
        let long = String(repeating: "a", count: 3 << 20)
        var input = #"{"id":1,"text":"today"}"# + "\n"
        input += #"{"id": "big", "text":""# + long + "\"}\n"
        input += #"{"text":""# + long + #"","id":7}"# + "\n"
        input += #"{"id":4,"text":"today"}"# + "\n" + long
        let result = try ClerkBinary.run(["parse", "--jsonl"] + Self.at, input: input, timeout: 60)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines.first?.hasPrefix(#"{"id":1,"intent":"query_agenda","#) == true)
        #expect(lines.dropFirst().first == #"{"id":"big","error":"line 2 is longer than clerk reads (1024 kB), so not read"}"#)
        #expect(lines.dropFirst(2).first == #"{"id":null,"error":"line 3 is longer than clerk reads (1024 kB), so not read"}"#)
        #expect(lines.dropFirst(3).first?.hasPrefix(#"{"id":4,"intent":"query_agenda","#) == true)
        #expect(lines.last == #"{"id":null,"error":"line 5 is longer than clerk reads (1024 kB), so not read"}"#)
    }
}
