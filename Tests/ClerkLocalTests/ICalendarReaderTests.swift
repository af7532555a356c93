import ClerkCore
@testable import ClerkLocal
import Foundation
import Testing

/// Reading .ics files: what each VEVENT becomes, and one exact line for each kind of mistake.
@Suite struct ICalendarReaderTests {
    static let reader = ICalendarReader(file: "events.ics", zone: Zone(identifier: "Europe/Madrid")!)

    static func read(_ text: String) throws(ImportError) -> [ImportedEvent] {
        try reader.read(Data(text.utf8))
    }

    /// An Outlook zone known only by its VTIMEZONE, Google's IANA zones, folding, escaping,
    /// VALUE=DATE, DURATION, RRULE with EXDATE lists, RECURRENCE-ID, floating and UTC times.
    static let sample = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Example//EN
        BEGIN:VTIMEZONE
        TZID:W. Europe Standard Time
        BEGIN:STANDARD
        DTSTART:16010101T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:16010101T020000
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
        END:DAYLIGHT
        END:VTIMEZONE
        BEGIN:VEVENT
        UID:outlook-1
        SUMMARY:Planning\\, Q2\\; budget
        DTSTART;TZID=W. Europe Standard Time:20260410T100000
        DTEND;TZID=W. Europe Standard Time:20260410T113000
        LOCATION:Room 4\\nSecond floor
        DESCRIPTION:Agenda:\\n1. numbers\\n2. people with a very long line that the wri
         ter folded in the middle of a word
        ATTENDEE;CN="Pérez, Ana";ROLE=REQ-PARTICIPANT:mailto:ana@example.com
        ATTENDEE:mailto:bob@example.com
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER:-PT30M
        END:VALARM
        END:VEVENT
        BEGIN:VEVENT
        UID:google-2
        SUMMARY:Standup
        DTSTART;TZID=Europe/Madrid:20260302T090000
        DURATION:PT15M
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20260401T070000Z
        EXDATE;TZID=Europe/Madrid:20260304T090000,20260306T090000
        END:VEVENT
        BEGIN:VEVENT
        UID:google-2
        RECURRENCE-ID;TZID=Europe/Madrid:20260311T090000
        SUMMARY:Standup (moved)
        DTSTART;TZID=/freeassociation.sourceforge.net/Europe/Madrid:20260311T100000
        DTEND;TZID=Europe/Madrid:20260311T101500
        END:VEVENT
        BEGIN:VEVENT
        UID:holiday-3
        SUMMARY:Easter Monday
        DTSTART;VALUE=DATE:20260406
        END:VEVENT
        BEGIN:VEVENT
        UID:float-4
        SUMMARY:Wake up
        DTSTART:20260407T070000
        END:VEVENT
        BEGIN:VEVENT
        UID:utc-5
        SUMMARY:Call New York
        DTSTART:20260408T150000Z
        DTEND:20260408T160000Z
        END:VEVENT
        BEGIN:VEVENT
        SUMMARY:No UID
        DTSTART;VALUE=DATE:20260409
        DTEND;VALUE=DATE:20260411
        END:VEVENT
        BEGIN:VTODO
        UID:todo
        SUMMARY:Not an event
        END:VTODO
        END:VCALENDAR
        """

    @Test func readsWhatEachEventSays() throws {
        let madrid = "Europe/Madrid"
        let events = try Self.read(Self.sample)
        #expect(events.count == 7)
        #expect(events[0] == ImportedEvent(uid: "outlook-1", draft: EventDraft(
            title: "Planning, Q2; budget",
            when: .timed(start: instant("2026-04-10T08:00:00Z"), end: instant("2026-04-10T09:30:00Z"), timeZone: madrid),
            location: "Room 4\nSecond floor",
            notes: "Agenda:\n1. numbers\n2. people with a very long line that the writer folded in the middle of a word",
            attendees: [Attendee(name: "Pérez, Ana", email: "ana@example.com"), Attendee(email: "bob@example.com")],
            reminderMinutes: [30])))
        #expect(events[1] == ImportedEvent(uid: "google-2", draft: EventDraft(
            title: "Standup",
            when: .timed(start: instant("2026-03-02T08:00:00Z"), end: instant("2026-03-02T08:15:00Z"), timeZone: madrid),
            recurrence: ["RRULE:FREQ=WEEKLY;UNTIL=20260401T070000Z;BYDAY=MO,WE,FR", "EXDATE:20260304T080000Z", "EXDATE:20260306T080000Z"])))
        #expect(events[2] == ImportedEvent(uid: "google-2", draft: EventDraft(
            title: "Standup (moved)",
            when: .timed(start: instant("2026-03-11T09:00:00Z"), end: instant("2026-03-11T09:15:00Z"), timeZone: madrid)),
            originalStart: .timed(start: instant("2026-03-11T08:00:00Z"), end: instant("2026-03-11T08:00:00Z"), timeZone: madrid)))
        #expect(events[3] == ImportedEvent(uid: "holiday-3", draft: EventDraft(title: "Easter Monday", when: .allDay(start: date("2026-04-06"), end: date("2026-04-07")))))
        #expect(events[4] == ImportedEvent(uid: "float-4", draft: EventDraft(
            title: "Wake up", when: .timed(start: instant("2026-04-07T05:00:00Z"), end: instant("2026-04-07T05:00:00Z"), timeZone: madrid))))
        #expect(events[5] == ImportedEvent(uid: "utc-5", draft: EventDraft(
            title: "Call New York", when: .timed(start: instant("2026-04-08T15:00:00Z"), end: instant("2026-04-08T16:00:00Z"), timeZone: madrid))))
        #expect(events[6].draft.when == .allDay(start: date("2026-04-09"), end: date("2026-04-11")))
        // A made-up UID is the same on every reading, so a second import finds the event.
        #expect(events[6].uid.hasPrefix("clerk-"))
        #expect(try Self.read(Self.sample)[6].uid == events[6].uid)
    }

    @Test func readsCRLFFilesAndRepeatsUTCSeriesInUTC() throws {
        let text = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:u", "DTSTART:20260326T080000Z", "RRULE:FREQ=WEEKLY;COUNT=2",
                    "STATUS:CONFIRMED", "END:VEVENT", "BEGIN:VEVENT", "UID:gone", "STATUS:CANCELLED", "DTSTART:20260326T080000Z",
                    "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
        let events = try Self.read(text)
        #expect(events.map(\.uid) == ["u"])
        #expect(events[0].draft.when == .timed(start: instant("2026-03-26T08:00:00Z"), end: instant("2026-03-26T08:00:00Z"), timeZone: "UTC"))
    }

    /// A file whose lines end in a CR alone (classic Mac OS) was one line to clerk, refused as
    /// "expected BEGIN:VCALENDAR"; it reads as the same file with CRLF, folding and errors'
    /// line numbers included.
    @Test func readsFilesWhoseLinesEndInACRAlone() throws {
        let crlf = Self.sample.replacingOccurrences(of: "\n", with: "\r\n")
        let cr = Self.sample.replacingOccurrences(of: "\n", with: "\r")
        #expect(try Self.read(cr).map(\.uid) == Self.read(crlf).map(\.uid))
        #expect(try Self.read(cr).map(\.draft) == Self.read(Self.sample).map(\.draft))
        #expect(throws: ImportError(file: "events.ics", line: 5, reason: "END:VCALENDAR does not close BEGIN:VEVENT from line 3")) {
            try Self.read(["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:a", "END:VCALENDAR", ""].joined(separator: "\r"))
        }
    }

    /// libical keeps 500 values of a list; clerk hands it one value per line, so all stay.
    @Test func readsRDATEAndEXDATEListsLongerThanLibicalKeeps() throws {
        func days(from year: Int) -> [String] {
            (0..<600).map { LocalDate(year: year, month: 1, day: 1).adding(days: $0).iso.replacingOccurrences(of: "-", with: "") }
        }
        let events = try Self.read(Self.event("DTSTART;VALUE=DATE:20260101", "RRULE:FREQ=DAILY;COUNT=1000",
                                              "RDATE;VALUE=DATE:" + days(from: 2030).joined(separator: ","),
                                              "EXDATE;VALUE=DATE:" + days(from: 2026).joined(separator: ",")))
        let lines = try #require(events.first?.draft.recurrence)
        #expect(lines.filter { $0.hasPrefix("RDATE;") } == days(from: 2030).map { "RDATE;VALUE=DATE:" + $0 })
        #expect(lines.filter { $0.hasPrefix("EXDATE;") } == days(from: 2026).map { "EXDATE;VALUE=DATE:" + $0 })
    }

    static func event(_ lines: String...) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:x"] + lines + ["END:VEVENT", "END:VCALENDAR"]).joined(separator: "\n")
    }

    @Test(arguments: [
        (event("DTSTART:tomorrow"), "events.ics:5: DTSTART: expected a date or date-time, got 'tomorrow'"),
        (event("DTSTART:20260230T100000"), "events.ics:5: DTSTART: expected a date or date-time, got '20260230T100000'"),
        (event("DTSTART:2026-03-05"), "events.ics:5: DTSTART: expected a date or date-time, got '2026-03-05'"),
        (event("DTSTART;VALUE=DATE:20260305T100000"), "events.ics:5: DTSTART: VALUE=DATE needs a date like 20260305, got '20260305T100000'"),
        (event("DTSTART;TZID=Mars/Olympus:20260305T100000"), "events.ics:5: DTSTART: unknown time zone 'Mars/Olympus'"),
        (event("SUMMARY:no start"), "events.ics:3: VEVENT: no DTSTART"),
        (event("DTSTART:20260305T100000", "DTSTART:20260306T100000"), "events.ics:6: DTSTART: appears twice in one event"),
        (event("DTSTART:20260305T100000", "DTEND:20260305T090000"), "events.ics:6: DTEND: ends before DTSTART"),
        (event("DTSTART:20260305T100000", "DTEND;VALUE=DATE:20260306"), "events.ics:6: DTEND: a date, but DTSTART is a date-time"),
        (event("DTSTART;VALUE=DATE:20260305", "DTEND:20260306T100000"), "events.ics:6: DTEND: a date-time, but DTSTART is a date"),
        (event("DTSTART;VALUE=DATE:20260305", "DTEND;VALUE=DATE:20260305"), "events.ics:6: DTEND: must end after DTSTART"),
        (event("DTSTART:20260305T100000", "DURATION:an hour"), "events.ics:6: DURATION: expected a duration like PT1H30M, got 'an hour'"),
        (event("DTSTART:20260305T100000", "DURATION:-PT1H"), "events.ics:6: DURATION: expected a duration that is not negative, got '-PT1H'"),
        (event("DTSTART:20260305T100000", "DTEND:20260305T110000", "DURATION:PT1H"), "events.ics:7: DURATION: an event has DTEND or DURATION, not both"),
        // libical reads each number of a duration through sscanf's %d, which wraps silently.
        (event("DTSTART:20260305T100000", "DURATION:P4294967297D"), "events.ics:6: DURATION: expected a duration like PT1H30M, got 'P4294967297D'"),
        (event("DTSTART:20260305T100000", "DURATION:P99999999W"), "events.ics:6: DURATION: the event ends outside the years 1 to 9999, which clerk takes"),
        (event("DTSTART:20260305T100000", "RRULE:FREQ=SOMETIMES"), "events.ics:6: RRULE: expected a rule like FREQ=WEEKLY;BYDAY=MO, got 'FREQ=SOMETIMES'"),
        (event("DTSTART:20260305T100000", "RRULE:FREQ=WEEKLY;BYDAY=-1FR"), "events.ics:6: RRULE: BYDAY ordinals like 1MO need FREQ=MONTHLY or FREQ=YEARLY, got 'FREQ=WEEKLY;BYDAY=-1FR'"),
        (event("DTSTART:20260305T100000", "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"), "events.ics:6: RRULE: no date can match 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'"),
        // libical picks BYSETPOS from a month's or a year's set only: with BYWEEKNO it loses
        // the weeks that straddle a new year. (Weekly and daily rules with BYSETPOS, which came
        // back with every date of the set, are expanded by clerk: `SetPositionTests`.)
        (event("DTSTART:20260302T090000", "RRULE:FREQ=YEARLY;BYWEEKNO=1,53;BYDAY=MO;BYSETPOS=-1"),
         "events.ics:6: RRULE: BYSETPOS with BYWEEKNO is not a repeat clerk can follow: 'FREQ=YEARLY;BYDAY=MO;BYWEEKNO=1,53;BYSETPOS=-1'"),
        (event("DTSTART:20260305T100000", "EXRULE:FREQ=DAILY"), "events.ics:6: EXRULE: is not supported (RFC 5545 deprecated it); use EXDATE"),
        (event("DTSTART:20260305T100000", "EXDATE:20260306T100000,nope"), "events.ics:6: EXDATE: expected dates or date-times, got '20260306T100000,nope'"),
        (event("DTSTART:20260305T100000", "this is not a property"), "events.ics:6: expected NAME:VALUE, got 'this is not a property'"),
        // A folded value is reported on the line it starts.
        (event("SUMMARY:ok", "DTSTART:2026", " 0305T10000"), "events.ics:6: DTSTART: expected a date or date-time, got '20260305T10000'"),
        ("hello\nBEGIN:VCALENDAR\n", "events.ics:1: expected BEGIN:VCALENDAR, got 'hello'"),
        ("", "events.ics:1: expected BEGIN:VCALENDAR, got an empty file"),
        ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20260305T100000\n", "events.ics:2: BEGIN:VEVENT has no END:VEVENT"),
        ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20260305T100000\nEND:VCALENDAR\n", "events.ics:4: END:VCALENDAR does not close BEGIN:VEVENT from line 2"),
        ("BEGIN:VCALENDAR\nEND:VCALENDAR\nBEGIN:VCALENDAR\nEND:VCALENDAR\n", "events.ics:3: expected the end of the file after END:VCALENDAR, got 'BEGIN:VCALENDAR'"),
        ("BEGIN:VCALENDAR\n" + String(repeating: "BEGIN:VALARM\n", count: 16) + String(repeating: "END:VALARM\n", count: 16) + "END:VCALENDAR\n",
         "events.ics:17: BEGIN:VALARM nests components deeper than 16 levels"),
        // Two events with one UID: the second replaced the first ("1 new, 1 updated").
        ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:same\nDTSTART:20260305T100000\nEND:VEVENT\nBEGIN:VEVENT\nUID:same\nDTSTART:20260306T100000\nEND:VEVENT\nEND:VCALENDAR\n",
         "events.ics:7: UID: 'same' is also the UID of the event on line 2; each event needs its own"),
        ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:s\nRECURRENCE-ID:20260305T100000\nDTSTART:20260305T110000\nEND:VEVENT\n"
         + "BEGIN:VEVENT\nUID:s\nRECURRENCE-ID:20260305T100000\nDTSTART:20260305T120000\nEND:VEVENT\nEND:VCALENDAR\n",
         "events.ics:8: UID: 's' is also the UID and RECURRENCE-ID of the event on line 2; each event needs its own"),
        // A VTIMEZONE with no rules was read by libical as UTC.
        ("BEGIN:VCALENDAR\nBEGIN:VTIMEZONE\nTZID:Custom\nEND:VTIMEZONE\nBEGIN:VEVENT\nUID:x\nDTSTART;TZID=Custom:20260305T100000\nEND:VEVENT\nEND:VCALENDAR\n",
         "events.ics:7: DTSTART: the VTIMEZONE 'Custom' on line 2 has no STANDARD or DAYLIGHT part: its times cannot be read"),
        // An offset that is none: libical read +9999 as 99 h 99 min, the event four days off.
        ("BEGIN:VCALENDAR\nBEGIN:VTIMEZONE\nTZID:Custom\nBEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETFROM:+0100\nTZOFFSETTO:+9999\nEND:STANDARD\nEND:VTIMEZONE\nBEGIN:VEVENT\nUID:x\nDTSTART;TZID=Custom:20260305T100000\nEND:VEVENT\nEND:VCALENDAR\n",
         "events.ics:7: TZOFFSETTO: expected a UTC offset like +0100 or -0530, got '+9999', so the times of VTIMEZONE 'Custom' cannot be read"),
        ("BEGIN:VCALENDAR\nBEGIN:VTIMEZONE\nTZID:Custom\nBEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETFROM:0100\nTZOFFSETTO:+0100\nEND:STANDARD\nEND:VTIMEZONE\nBEGIN:VEVENT\nUID:x\nDTSTART;TZID=Custom:20260305T100000\nEND:VEVENT\nEND:VCALENDAR\n",
         "events.ics:6: TZOFFSETFROM: expected a UTC offset like +0100 or -0530, got '0100', so the times of VTIMEZONE 'Custom' cannot be read"),
        // vCalendar 1.0 (an old phone's export): its QUOTED-PRINTABLE title was imported as
        // written, 'Caf=C3=A9'. So was such a value in a file that says 2.0.
        ("BEGIN:VCALENDAR\nVERSION:1.0\nBEGIN:VEVENT\nDTSTART:20261210T100000Z\nSUMMARY;ENCODING=QUOTED-PRINTABLE:Caf=C3=A9\nEND:VEVENT\nEND:VCALENDAR\n",
         "events.ics:2: VERSION: vCalendar 1.0, which clerk does not read; export the calendar as iCalendar (VERSION:2.0)"),
        ("BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:q\nDTSTART:20261210T100000Z\nDESCRIPTION;encoding=quoted-printable:Caf=C3=A9\nEND:VEVENT\nEND:VCALENDAR\n",
         "events.ics:6: DESCRIPTION: ENCODING=QUOTED-PRINTABLE is vCalendar 1.0's, which clerk does not read; export the calendar as iCalendar (VERSION:2.0)"),
    ])
    func namesTheLineAndWhatIsWrong(text: String, message: String) {
        let error = #expect(throws: ImportError.self) { try Self.read(text) }
        #expect(error?.description == message)
    }

    /// A backslash that escapes nothing RFC 5545 names is kept as written: libical made
    /// `\x` one space, so `C:\xfiles` read `C: files`.
    @Test func keepsABackslashThatEscapesNothing() throws {
        let events = try Self.read(Self.event("DTSTART:20260305T100000", #"SUMMARY:C:\xfiles\, and \\share\"#,
                                              #"DESCRIPTION:a\nb\Nc\;d\\e\qf"#, #"LOCATION:Room \7"#))
        #expect(events.first?.draft.title == #"C:\xfiles, and \share\"#)
        #expect(events.first?.draft.notes == "a\nb\nc;d\\e\\qf")
        #expect(events.first?.draft.location == #"Room \7"#)
    }

    @Test func refusesAFileLargerThanItReads() {
        let error = #expect(throws: ImportError.self) { try Self.reader.read(Data(count: ICalendarReader.maximumBytes + 1)) }
        #expect(error?.description == "events.ics: larger than 64 MB, the most clerk imports at once; split the file")
    }

    @Test func refusesTextThatIsNotUTF8() {
        var bytes = Array(Self.event("DTSTART:20260305T100000", "SUMMARY:caf").utf8)
        bytes.insert(0xE9, at: bytes.firstIndex(of: UInt8(ascii: "f"))! + 1)  // Latin-1 é
        let error = #expect(throws: ImportError.self) { try Self.reader.read(Data(bytes)) }
        #expect(error?.description == "events.ics:6: not UTF-8 text")
    }

    /// A NUL byte ended the text libical was given, so the file was refused on line 1 with
    /// "libical could not read the file"; now the line holding it is named.
    @Test func namesTheLineOfANULByte() {
        let text = Self.event("DTSTART:20260305T100000", "SUMMARY:first\u{0} hidden")
        let error = #expect(throws: ImportError.self) { try Self.reader.read(Data(text.utf8)) }
        #expect(error?.description == "events.ics:6: a NUL byte, which text never holds")
    }

    /// libical looked for the end of a line each time it read 80 more bytes of it, so one
    /// long line cost the square of its length (a 16 MB DESCRIPTION 34 s, 60 MB more than
    /// five minutes). It is now given no physical line longer than 75 bytes, whatever the
    /// file's lines, and the text comes back whole — characters of two to four bytes never
    /// split between pieces. (BENCHMARKS-style figures are in ROBUSTNESS.md; no timing here.)
    /// libical counts a duration's seconds in an `int`: `P7102W` (136 years) came back as
    /// 358,304 s, and the event was imported as lasting four days, `P49711D` as 17.5 hours.
    @Test func aDurationBeyondAnIntIsReadWhole() throws {
        for (duration, end) in [("P7102W", "2162-04-15"), ("P49711D", "2162-04-12")] {
            let events = try Self.read(Self.event("DTSTART:20260305T100000Z", "DURATION:" + duration))
            guard case .timed(_, let until, _)? = events.first?.draft.when else { Issue.record("not timed: \(events)"); continue }
            #expect(until.formatted(.iso8601.year().month().day()) == end)
        }
        let allDay = try Self.read(Self.event("DTSTART;VALUE=DATE:20260305", "DURATION:P7102W"))
        guard case .allDay(_, let last)? = allDay.first?.draft.when else { Issue.record("not all-day: \(allDay)"); return }
        #expect(last == LocalDate(year: 2162, month: 4, day: 15))
    }

    /// A VALARM beyond four weeks before is no reminder (Google's limit): counted in 64 bits,
    /// `TRIGGER:-P7102W` was 71 million minutes, and the export trapped on its seconds.
    @Test func aReminderBeyondFourWeeksIsLeftOutAndNoneTrapsTheWriter() throws {
        func alarm(_ trigger: String) -> String {
            Self.event("DTSTART:20260305T100000Z", "DTEND:20260305T110000Z", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:" + trigger, "END:VALARM")
        }
        #expect(try Self.read(alarm("-PT15M")).first?.draft.reminderMinutes == [15])
        #expect(try Self.read(alarm("-P4W")).first?.draft.reminderMinutes == [40_320])
        #expect(try Self.read(alarm("-P7102W")).first?.draft.reminderMinutes == [])
        #expect(try Self.read(alarm("-P5W")).first?.draft.reminderMinutes == [])
        let event = Event(id: "e", calendarID: "c", title: "x", when: .timed(start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 60), timeZone: "UTC"),
                          reminderMinutes: [Int.max / 60, 71_582_400, 10])
        let written = ICalendarWriter.write([event], calendar: CalendarInfo(id: "c", name: "C", timeZone: "UTC", isPrimary: true), stamp: Date(timeIntervalSince1970: 0))
        #expect(written.components(separatedBy: "TRIGGER").count == 2)
    }

    @Test func aLongLineReachesLibicalFolded() throws {
        let notes = String(repeating: "café 😀 x", count: 300_000)  // 3.6 MB
        let line = "DESCRIPTION:" + notes
        let text = ICalendarReader.folded(["BEGIN:VCALENDAR", line, "END:VCALENDAR"])
        let physical = text.utf8.split(separator: UInt8(ascii: "\n"))
        #expect(physical.count > 45_000)
        #expect(physical.allSatisfy { $0.count <= ICalendarReader.foldedLineBytes + 1 })  // + the CR
        #expect(physical.allSatisfy { String(validating: $0, as: UTF8.self) != nil })
        let events = try Self.read(Self.event("DTSTART:20260305T100000", "SUMMARY:long", line))
        #expect(events.first?.draft.notes == notes)
    }
}
