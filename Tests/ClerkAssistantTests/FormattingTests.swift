@testable import ClerkAssistant
import ClerkCore
import ClerkLanguage
import Foundation
import Testing

@Suite struct FormattingTests {
    let text = DateText(zone: Moments.madrid)

    /// A trashed name with control characters (a Drive title from another client) is
    /// offered to "restore" as a run of it that no other trashed name holds: its `^[` form
    /// could not be typed back.
    @Test func offersATrashedNameThatCanBeTyped() {
        let now = Date(timeIntervalSince1970: 1_796_198_400)
        let files = [DriveFile(id: "1", name: "ev\u{1B}[31mplan.txt", size: 3, modified: now, trashed: true),
                     DriveFile(id: "2", name: "plan.txt", size: 3, modified: now, trashed: true)]
        #expect(Renderer.trashList(files, text: text, now: now).hasSuffix("\nSay 'restore [31mplan.txt' to bring one back."))
        #expect(Renderer.typedName("a\u{7}b notes.txt", among: ["a\u{7}b notes.txt"]) == "b notes.txt")
        #expect(Renderer.typedName("notes.txt", among: ["notes.txt", "old notes.txt"]) == "notes.txt")
        // No run of it is its own: the name as shown.
        #expect(Renderer.typedName("x\u{7}", among: ["x\u{7}", "x.txt"]) == "x^G")
        #expect(Renderer.fileInTrash("to\ndo.txt") == "to^Jdo.txt is in the trash. Say 'restore do.txt' to bring it back.")
    }

    /// A typed line loses the white space at its ends, Unicode's too; one that begins and
    /// ends with a visible ASCII character is kept as it is.
    @Test(arguments: [("what's on today", "what's on today"), ("  hi \n", "hi"), ("\u{00A0}lunch\u{2028}", "lunch"),
                      ("\tx", "x"), ("a b", "a b"), ("é ", "é"), ("   ", ""), ("", "")])
    func trimsTypedLines(line: String, expected: String) {
        #expect(Session.trimmed(line) == expected)
        #expect(Session.trimmed(line) == line.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The address book asked about by a detail: the contacts with the detail asked for,
    /// how many, and plain words when none or all match.
    @Test(arguments: [
        (ContactFilter.with(.email, label: nil), "1 contact has an email:\n  Ana Pérez  ana@example.com"),
        (.with(.phone, label: nil), "All 2 contacts have a phone number:\n  Ana Pérez  +34 600 123 456 (Work Mobile)\n  Bob Stone  +1 555 0100 (work)"),
        (.with(.phone, label: .mobile), "1 contact has a mobile number:\n  Ana Pérez  +34 600 123 456 (Work Mobile)"),
        (.with(.address, label: nil), "None of your contacts has an address saved. Say 'contacts' to see everyone."),
        (.without(.email, label: nil), "1 contact has no email:\n  Bob Stone  +1 555 0100"),
        (.without(.phone, label: nil), "Every contact has a phone number saved."),
        (.without(.address, label: nil), "None of your contacts has an address saved."),
        (.howMany(.with(.email, label: nil)), "1 of your 2 contacts has an email. Say 'contacts with an email' to see it."),
        (.howMany(.with(.phone, label: nil)), "All 2 of your contacts have a phone number. Say 'contacts with a phone number' to see them."),
        (.howMany(.with(.birthday, label: nil)), "None of your contacts has a birthday saved."),
        (.howMany(.without(.phone, label: .mobile)), "1 of your 2 contacts has no mobile number. Say 'contacts without a mobile number' to see it."),
        (.howMany(.without(.phone, label: nil)), "Every contact has a phone number saved."),
        (.with(.phone, label: .work), "All 2 contacts have a work phone number:\n  Ana Pérez  +34 600 123 456 (Work Mobile)\n  Bob Stone  +1 555 0100 (work)"),
        (.without(.email, label: .home), "None of your contacts has a home email saved."),
    ])
    func answersTheAddressBookByADetail(filter: ContactFilter, expected: String) {
        let book = [
            Contact(id: "1", name: "Ana Pérez", emails: [LabeledValue("ana@example.com")], phones: [LabeledValue("+34 600 123 456", label: "Work Mobile")]),
            Contact(id: "2", name: "Bob Stone", phones: [LabeledValue("+1 555 0100", label: "work")]),
        ]
        let found = book.filter { Session.matches(filter, $0) }
        #expect(Renderer.filteredContacts(found, filter, total: book.count, style: .plain) == expected)
    }

    @Test func writesDaysTimesAndSpans() {
        #expect(text.day(LocalDate(year: 2026, month: 12, day: 1)) == "Tue 1 Dec 2026")
        #expect(text.span(.timed(start: Moments.at("2026-12-01 13:00"), end: Moments.at("2026-12-01 14:30"), timeZone: "Europe/Madrid"))
                == "Tue 1 Dec 2026, 13:00–14:30")
        #expect(text.span(.timed(start: Moments.at("2026-12-01 23:00"), end: Moments.at("2026-12-02 01:00"), timeZone: "Europe/Madrid"))
                == "Tue 1 Dec 2026, 23:00–01:00 (Wed 2 Dec)")
        #expect(text.span(.timed(start: Moments.at("2026-12-01 23:00"), end: Moments.at("2026-12-02 00:00"), timeZone: "Europe/Madrid"))
                == "Tue 1 Dec 2026, 23:00–00:00")
        #expect(text.span(.allDay(start: LocalDate(iso: "2026-12-01")!, end: LocalDate(iso: "2026-12-02")!)) == "Tue 1 Dec 2026, all day")
        #expect(text.span(.allDay(start: LocalDate(iso: "2026-12-21")!, end: LocalDate(iso: "2027-01-04")!))
                == "Mon 21 Dec 2026 – Sun 3 Jan 2027, all day")
    }

    @Test func writesAFileTimeToTheMinute() {
        let now = Moments.at("2026-11-30 22:00")
        let saved = Moments.at("2026-11-30 21:46").addingTimeInterval(26.7)
        #expect(Renderer.modified(saved, text: text, now: now) == "today 21:46")
        #expect(Renderer.modified(saved, text: text, now: now.addingTimeInterval(86_400)) == "yesterday 21:46")
        #expect(Renderer.modified(saved, text: text, now: now.addingTimeInterval(3 * 86_400)) == "Mon 30 Nov 2026")
    }

    @Test(arguments: [(1800.0, "30 min"), (3600, "1 h"), (5400, "1 h 30 min"), (86_400, "1 day"), (172_800, "2 days")])
    func writesDurations(seconds: Double, expected: String) {
        #expect(DateText.duration(seconds: seconds) == expected)
    }

    @Test func writesTimeUntil() {
        let now = Moments.at("2026-11-30 09:00")
        #expect(DateText.until(Moments.at("2026-11-30 09:25"), from: now) == "in 25 min")
        #expect(DateText.until(Moments.at("2026-11-30 11:10"), from: now) == "in 2 h 10 min")
        #expect(DateText.until(Moments.at("2026-12-03 10:00"), from: now) == "in 3 days")
        #expect(DateText.until(now, from: now) == "now")
    }

    @Test(arguments: [
        ("FREQ=DAILY", "every day"),
        ("FREQ=DAILY;INTERVAL=3;COUNT=4", "every 3 days, 4 times"),
        ("RRULE:FREQ=WEEKLY;BYDAY=MO", "every Monday"),
        ("FREQ=WEEKLY", "every Tuesday"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH", "every other week on Tuesday and Thursday"),
        ("FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20261231T225959Z", "every Monday, Wednesday and Friday, until Thu 31 Dec 2026"),
        ("FREQ=MONTHLY;BYMONTHDAY=1", "the 1st of every month"),
        ("FREQ=MONTHLY;BYDAY=1MO", "the first Monday of every month"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "the last Friday of every month"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "the last day of every month"),
        // "the last working day of every month": the set position over Monday to Friday
        // (was "the 1st of every month", the start's day).
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "the last weekday of every month"),
        ("FREQ=MONTHLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1", "the first weekday of every other month"),
        ("FREQ=MONTHLY", "the 1st of every month"),
        ("FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=5", "every year on 5 May"),
        ("FREQ=YEARLY", "every year on 1 December"),
        // Months without the day are skipped (RFC 5545, Google): said on the card, and every
        // day of a list said ("the 1st of every month" was all "every 1st and 15th" showed).
        ("FREQ=MONTHLY;BYMONTHDAY=31", "the 31st of every month (months without a 31st are skipped)"),
        ("FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=30", "the 30th of every other month (February is skipped)"),
        ("FREQ=MONTHLY;BYMONTHDAY=29", "the 29th of every month (February is skipped but in leap years)"),
        ("FREQ=MONTHLY;BYMONTHDAY=28", "the 28th of every month"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,15", "the 1st and 15th of every month"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "every year on 29 February (only in leap years)"),
        // Was nil: the card showed "RRULE:FREQ=HOURLY".
        ("FREQ=HOURLY", "every hour"),
        ("FREQ=HOURLY;INTERVAL=3;COUNT=5", "every 3 hours, 5 times"),
        // "calls at 9, 11 and 2": the hours listed.
        ("FREQ=HOURLY;BYHOUR=9,11,14;BYMINUTE=0;COUNT=3", "at 09:00, 11:00 and 14:00, 3 times"),
        ("FREQ=HOURLY;BYHOUR=9,16;BYMINUTE=30;COUNT=2", "at 09:30 and 16:30, 2 times"),
        ("garbage", nil),
    ] as [(String, String?)])
    func saysRecurrenceInWords(rule: String, expected: String?) {
        #expect(RecurrenceText.describe(rule, start: LocalDate(year: 2026, month: 12, day: 1), zone: .gmt) == expected)
    }

    /// A UTC UNTIL is the day it is in the event's zone: "dinner every day at 8pm until dec 9"
    /// in Los Angeles ends at 07:59:59Z on the 10th, and the card said "until Thu 10 Dec".
    @Test func saysTheLastDayOfARepeatInItsZone() throws {
        let losAngeles = try #require(Zone(identifier: "America/Los_Angeles"))
        let start = LocalDate(year: 2026, month: 12, day: 1)
        #expect(RecurrenceText.describe("FREQ=DAILY;UNTIL=20261210T075959Z", start: start, zone: losAngeles) == "every day, until Wed 9 Dec 2026")
        #expect(RecurrenceText.describe("FREQ=DAILY;UNTIL=20261210T075959Z", start: start, zone: .gmt) == "every day, until Thu 10 Dec 2026")
        let tokyo = try #require(Zone(identifier: "Asia/Tokyo"))
        #expect(RecurrenceText.describe("FREQ=DAILY;UNTIL=20261209T200000Z", start: start, zone: tokyo) == "every day, until Thu 10 Dec 2026")
        // A date, or a floating time, is the day written.
        #expect(RecurrenceText.describe("FREQ=DAILY;UNTIL=20261209", start: start, zone: tokyo) == "every day, until Wed 9 Dec 2026")
        #expect(RecurrenceText.describe("FREQ=DAILY;UNTIL=20261209T235959", start: start, zone: losAngeles) == "every day, until Wed 9 Dec 2026")
        #expect(RecurrenceText.describe("FREQ=DAILY;UNTIL=20261340", start: start, zone: tokyo) == "every day")
    }

    @Test func writesEventJSONInTheContractShape() {
        var event = Moments.timed("e1", "Lunch with Ana", "2026-12-01 13:00", "2026-12-01 14:00")
        event.attendees = [Attendee(name: "Ana Pérez", email: "ana@example.com")]
        event.recurrence = ["RRULE:FREQ=WEEKLY;BYDAY=TU"]
        #expect(JSONShapes.event(event, calendarName: "Work", zone: Moments.madrid).serialized() ==
            #"{"id":"e1","calendar":"Work","title":"Lunch with Ana","start":"2026-12-01T13:00:00+01:00","end":"2026-12-01T14:00:00+01:00","allDay":false,"location":null,"notes":null,"attendees":[{"name":"Ana Pérez","email":"ana@example.com"}],"recurrence":["RRULE:FREQ=WEEKLY;BYDAY=TU"]}"#)
        let day = Moments.allDay("e2", "Holiday", "2026-12-24", "2026-12-26")
        #expect(JSONShapes.event(day, calendarName: "Personal", zone: Moments.madrid).serialized() ==
            #"{"id":"e2","calendar":"Personal","title":"Holiday","start":"2026-12-24","end":"2026-12-26","allDay":true,"location":null,"notes":null,"attendees":[],"recurrence":[]}"#)
        #expect(ClockText.rfc3339(Moments.at("2026-07-01 09:30"), zone: Zone.gmt) == "2026-07-01T07:30:00Z")
        #expect(ClockText.rfc3339(Moments.at("2026-07-01 09:30"), zone: Zone(identifier: "America/St_Johns")!) == "2026-07-01T05:00:00-02:30")
    }
}

/// What reaches a terminal: control characters from data made visible as `less` shows them,
/// clerk's own styles as escapes only with colour.
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("plain text, ünïcode — and a tab\tand\nlines", "plain text, ünïcode — and a tab\tand\nlines"),
        ("\u{1B}[2J clear", "^[[2J clear"),
        ("\u{1B}]0;title\u{07}", "^[]0;title^G"),
        ("nul\u{0} del\u{7F} cr\r", "nul^@ del^? cr^M"),
        ("csi\u{9B}31m nel\u{85}", "csi<U+009B>31m nel<U+0085>"),
        ("crlf\r\n", "crlf^M\n"),
        // Line and paragraph separators and format characters were printed as they were: a
        // right-to-left override turned the rest of a line around.
        ("a\u{2028}b\u{2029}c", "a<U+2028>b<U+2029>c"),
        ("invoice \u{202E}fdp.exe", "invoice <U+202E>fdp.exe"),
        ("\u{2066}isolate\u{2069} \u{200B}zero\u{FEFF} soft\u{AD}hyphen \u{61C}", "<U+2066>isolate<U+2069> <U+200B>zero<U+FEFF> soft<U+00AD>hyphen <U+061C>"),
        // Joiners and tags are how emoji and scripts are written: kept.
        ("👩\u{200D}💻 می\u{200C}خواهم 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "👩\u{200D}💻 می\u{200C}خواهم 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"),
    ])
    func controlCharactersBecomeVisible(text: String, shown: String) {
        #expect(TextStyle.plain.terminal(text) == shown)
        #expect(TextStyle(color: true).terminal(text) == shown)
    }

    /// Inside one line (a title, a name, a quoted value) line ends and tabs are shown too.
    @Test func insideALineNothingStartsANewOne() {
        #expect(TextStyle.inline("Lunch\n  09:00–10:00  Fake\r\tx\u{1B}") == "Lunch^J  09:00–10:00  Fake^M^Ix^[")
        #expect(TextStyle.quoted(String(repeating: "a", count: 70) + "\n") == "'" + String(repeating: "a", count: 59) + "…'")
        #expect(TextStyle.quoted("30\r\n") == "'30^M^J'")
    }

    @Test func stylesBecomeEscapesOnlyWithColour() {
        let colour = TextStyle(color: true)
        let title = "Evil\u{1B}[8m"
        #expect(colour.terminal(colour.bold(title)) == "\u{1B}[1mEvil^[[8m\u{1B}[0m")
        #expect(colour.terminal(colour.dim("a") + colour.warning("b") + colour.error("c"))
                == "\u{1B}[2ma\u{1B}[0m\u{1B}[33mb\u{1B}[0m\u{1B}[31mc\u{1B}[0m")
        // Marks made with colour and written without it (a failure on stderr) are dropped.
        #expect(TextStyle.plain.terminal(colour.bold(title)) == "Evil^[[8m")
        #expect(TextStyle.plain.bold(title) == title)
    }
}
