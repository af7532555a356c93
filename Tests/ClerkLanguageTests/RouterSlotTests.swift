import ClerkCore
import ClerkLanguage
import Foundation
import Testing

/// What the router gives besides the intent: the words each slot came from, the rules, the
/// names the backend knows, and readings that must not change with case, accents or noise.
@Suite struct RouterSlotTests {
    let router = Router()

    func read(_ text: String, known: KnownNames = FixtureContext.known) -> Understanding {
        router.understand(text, at: FixtureContext.reference, known: known)
    }

    /// Each slot as `kind "words" rule`, pieces joined by " + " (a date's rule is the date
    /// reader's business: shown as `date:…`).
    func spans(_ u: Understanding) -> [String] {
        u.slots.map { slot in
            let rule = slot.rule.hasPrefix("date:") ? "date:…" : slot.rule
            return "\(slot.kind.rawValue) \"\(slot.ranges.map { String(u.text[$0]) }.joined(separator: " + "))\" \(rule)"
        }
    }

    /// With an event on screen a note said alone is its notes; without one it stays what it was.
    @Test func aNoteSaidAloneIsForTheEventOnScreen() {
        for (text, field, added) in [("add a note: bring the contract", "bring the contract", true), ("notes: bring the contract", "bring the contract", false),
                                     ("add a description: bring x-rays", "bring x-rays", true)] {
            let u = router.understand(text, at: FixtureContext.reference, known: FixtureContext.known, eventOnScreen: true)
            guard case .updateEvent(let which, let changes) = u.intent else { Issue.record("\(text): \(u.intent.name)"); continue }
            #expect(which.isLastShown && changes.notes == field && changes.addsNote == added, "\(text)")
        }
        #expect(read("add a note: bring the contract").intent.name == .createEvent)
        #expect(read("notes: bring the contract").intent.name == .outOfScope)
        let file = router.understand("add a note to todo.txt: eggs", at: FixtureContext.reference, known: FixtureContext.known, eventOnScreen: true)
        #expect(file.intent.name == .fileWrite)
    }

    /// With an event on screen, a place or a reminder given with no event named is its own
    /// ("add location zoom", "add a 15 minute reminder"); with none, they are what they were.
    @Test func aPlaceOrReminderSaidAloneIsForTheEventOnScreen() {
        for (text, place, minutes) in [("add location zoom", "zoom", nil), ("add a location: the old mill", "the old mill", nil),
                                       ("add the venue Café Central", "Café Central", nil),
                                       ("add a 15 minute reminder", nil, [15]), ("set a reminder 15 minutes before", nil, [15]),
                                       ("add a reminder 1 hour before", nil, [60]), ("set an alert for 10 minutes before", nil, [10])] as [(String, String?, [Int]?)] {
            let u = router.understand(text, at: FixtureContext.reference, known: FixtureContext.known, eventOnScreen: true)
            guard case .updateEvent(let which, let changes) = u.intent else { Issue.record("\(text): \(u.intent.name) \(u.rule)"); continue }
            #expect(which.isLastShown && changes.location == place && changes.reminderMinutes == minutes, "\(text)")
        }
        #expect(read("add location zoom").intent.name == .createEvent)
        #expect(read("add a 15 minute reminder").intent.name == .createEvent)
        // A named event is that one's, on screen or not.
        let named = router.understand("add a location to the dentist: 12 High St", at: FixtureContext.reference, known: FixtureContext.known, eventOnScreen: true)
        guard case .updateEvent(let which, let changes) = named.intent else { Issue.record("\(named.intent.name)"); return }
        #expect(which.words == "dentist" && changes.location == "12 High St")
    }

    /// "X not Y" corrects a person only when X is a name: a pronoun opening a statement,
    /// capitalised, is nobody's, and the statement keeps its date.
    @Test func aPronounBeforeNotIsNoPersonCorrected() {
        for text in ["She's not around at present.", "It's not on till monday", "They're not in tomorrow"] {
            let u = read(text)
            #expect(u.rule != "follow-up:correction" && !u.dates.isEmpty, "\(text): \(u.rule)")
        }
        #expect(read("Carla not Bob").rule == "follow-up:correction")
    }

    @Test func everySlotPointsAtTheWordsItCameFrom() {
        let u = read("Lunch with Ana tomorrow at 13:00 on Work")
        #expect(u.rule == "event-statement")
        #expect(spans(u) == [
            "title \"Lunch with Ana\" remaining-words",
            "attendee \"Ana\" with-person",
            "when \"tomorrow at 13:00\" date:…",
            "calendar \"on Work\" calendar:known",
        ])
    }

    @Test func aTitleMayComeFromWordsApart() {
        let u = read("lunch tomorrow at 1pm with Ana")
        #expect(u.slot(.title)?.value == "Lunch with Ana")
        #expect(u.slot(.title)?.ranges.map { String(u.text[$0]) } == ["lunch", "with Ana"])
    }

    @Test func commandWordsAreASlotToo() {
        let u = read("please remind me to water the plants")
        #expect(spans(u) == ["command \"remind me to\" remind", "title \"water the plants\" remaining-words"])
    }

    @Test(arguments: [
        ("lunch on work", "work"), ("lunch on WORK", "WORK"), ("lunch in my work calendar", "work"), ("lunch to Work", "Work"),
    ])
    func knownCalendarsMatchWhateverTheCase(text: String, said: String) {
        guard case .createEvent(let event) = read(text).intent else { Issue.record("not create_event"); return }
        #expect(event.calendar == CalendarMention(said: said, known: "Work"))
        #expect(event.title == "Lunch")
    }

    @Test func accentsDoNotMatterForCalendars() {
        guard case .createEvent(let event) = read("standup on the equipe calendar").intent else { Issue.record("not create_event"); return }
        #expect(event.calendar == CalendarMention(said: "equipe", known: "Équipe"))
    }

    @Test func anUnknownCalendarComesWithTheClosestKnownOne() {
        guard case .createEvent(let event) = read("review tomorrow at 10 on Wrok").intent else { Issue.record("not create_event"); return }
        #expect(event.calendar == CalendarMention(said: "Wrok", known: nil, closest: "Work"))
    }

    /// A usual calendar's name, capitalised, closing the request is a calendar even when no
    /// calendar has it yet (the session then says there is none); a capital alone, or the
    /// word in lower case, stays in the title.
    @Test(arguments: [
        ("lunch with Ana tomorrow at 13:00 on Work", "Lunch with Ana", "Work" as String?),
        ("dinner friday at 8 on Family", "Dinner", "Family"),
        ("a talk on Security tomorrow at 5", "Talk on Security", nil),
        ("focus on work tomorrow at 9", "Focus on work", nil),
    ])
    func aUsualCalendarNameClosingTheRequestIsACalendarNotYetMade(text: String, title: String, said: String?) {
        let onlyPersonal = KnownNames(calendars: ["Personal"], contacts: [], files: [])
        guard case .createEvent(let event) = read(text, known: onlyPersonal).intent else { Issue.record("not create_event"); return }
        #expect(event.title == title)
        #expect(event.calendar == said.map { CalendarMention(said: $0) })
    }

    /// A month with a day it does not have is named, in every order it is written; a day
    /// the month has, or a day alone, is none.
    @Test(arguments: [
        ("dinner on feb 30 at 8pm", NoSuchDay(day: 30, month: 2, year: nil) as NoSuchDay?),
        ("lunch the 31st of april", NoSuchDay(day: 31, month: 4, year: nil)),
        ("what's on february 29 2027", NoSuchDay(day: 29, month: 2, year: 2027)),
        ("move lunch to June 31st", NoSuchDay(day: 31, month: 6, year: nil)),
        ("meeting feb 29 2028 at 10", nil),
        ("dentist april 30th", nil),
        ("lunch on the 31st", nil),
    ])
    func aDayTheMonthDoesNotHaveIsNamed(text: String, day: NoSuchDay?) {
        #expect(read(text).noSuchDay == day)
    }

    @Test func withoutKnownNamesACalendarIsStillReadByItsShape() {
        guard case .createEvent(let event) = read("review in my Garden calendar", known: .none).intent else { Issue.record("not create_event"); return }
        #expect(event.calendar == CalendarMention(said: "Garden"))
        #expect(event.title == "Review")
    }

    @Test(arguments: [
        ("on Friday", "lunch on Friday at 1pm", "2026-12-04T13:00"),
        ("on the 3rd", "lunch on the 3rd at 1pm", "2026-12-03T13:00"),
        ("on Monday", "dentist on Monday", "2026-11-30T00:00"),
    ])
    func datesAfterOnAreNeverCalendars(said: String, text: String, start: String) {
        let u = read(text)
        guard case .createEvent(let event) = u.intent else { Issue.record("not create_event"); return }
        #expect(event.calendar == nil)
        #expect(event.when.map { IntentSummary.naive($0.start, FixtureContext.zone) } == start)
        // The words after "on" went to the date, with the preposition: no calendar slot.
        #expect(u.slots.filter { $0.kind == .calendar }.isEmpty)
        #expect(u.slots.contains { $0.kind == .when && $0.ranges.contains { u.text[$0].hasPrefix(said) } })
    }

    @Test func atAPlaceIsALocationAndAtATimeIsATime() {
        guard case .createEvent(let a) = read("coffee at Café Central at 5").intent,
              case .createEvent(let b) = read("coffee at 5").intent else { Issue.record("not create_event"); return }
        #expect(a.location == "Café Central")
        #expect(a.when.map { IntentSummary.naive($0.start, FixtureContext.zone) } == "2026-11-30T17:00")
        #expect(b.location == nil)
    }

    @Test func relationsAreNotAttendees() {
        guard case .createEvent(let event) = read("lunch with my boss and Ana on Friday").intent else { Issue.record("not create_event"); return }
        #expect(event.attendees == [Attendee(name: "Ana")])
        #expect(event.title == "Lunch with my boss and Ana")
    }

    @Test(arguments: [
        "lunch with Ana tomorrow at 13:00",
        "LUNCH WITH ANA TOMORROW AT 13:00",
        "olly lunch with ana tomorrow at 13:00",
        "alexa, lunch with Ana tomorrow at 13:00, please!",
        "hey olly can you please add lunch with ana tomorrow at 13:00",
    ])
    func caseWakeWordsAndPolitenessDoNotChangeTheReading(text: String) {
        let u = read(text)
        guard case .createEvent(let event) = u.intent else { Issue.record("not create_event: \(u.rule)"); return }
        #expect(event.title.lowercased() == "lunch with ana")
        #expect(event.attendees.map { $0.name?.lowercased() } == ["ana"])
        #expect(event.when.map { IntentSummary.naive($0.start, FixtureContext.zone) } == "2026-12-01T13:00")
    }

    @Test func aKnownContactAddedToTheEventOnScreenNeedNotBeCapitalised() {
        #expect(IntentSummary.pairs(read("add bob").intent, zone: FixtureContext.zone) == ["it", "add=bob"])
        #expect(read("add bob", known: .none).intent.name == .createEvent)
    }

    @Test func twoRoutersReadALineAlikeAndAsItSays() {
        let text = "move the project review to Tuesday at 3pm"
        let expected = ["words=project review", "new.when=2026-12-01T15:00..2026-12-01T16:00"]
        #expect(IntentSummary.pairs(read(text).intent, zone: FixtureContext.zone) == expected)
        let other = Router().understand(text, at: FixtureContext.reference, known: FixtureContext.known)
        #expect(IntentSummary.pairs(other.intent, zone: FixtureContext.zone) == expected)
        #expect(other.rule == read(text).rule)
    }

    /// File names and content are kept as typed. The split drops characters it does not
    /// keep in a word, so "../x.txt" was created as x.txt, "émoji😀.txt" as "émoji",
    /// "'quoted name.txt'" as name.txt, "-rf" as "rf", and content starting with ESC[2J lost
    /// its ESC and "[". A name the store cannot take is then refused, not changed.
    @Test(arguments: [
        ("create a file ../x.txt with hi", FileWrite(name: "../x.txt", operation: .create(content: "hi"))),
        ("create a file émoji😀.txt with hi", FileWrite(name: "émoji😀.txt", operation: .create(content: "hi"))),
        ("create a file 'quoted name.txt' with hi", FileWrite(name: "quoted name.txt", operation: .create(content: "hi"))),
        ("create a file “my list.md”: eggs", FileWrite(name: "my list.md", operation: .create(content: "eggs"))),
        ("create a file -rf with hi", FileWrite(name: "-rf", operation: .create(content: "hi"))),
        ("create a file notes2.txt with \u{1B}[2J boom", FileWrite(name: "notes2.txt", operation: .create(content: "\u{1B}[2J boom"))),
        ("create a file todo.txt: ~ buy milk ~", FileWrite(name: "todo.txt", operation: .create(content: "~ buy milk ~"))),
        ("create a file a.b.c.txt with hi, there.", FileWrite(name: "a.b.c.txt", operation: .create(content: "hi, there"))),
        ("append \u{1B}[2Jx to notes.txt", FileWrite(name: "notes.txt", operation: .append(lines: ["\u{1B}[2Jx"]))),
        ("rename notes.txt to -notes.txt", FileWrite(name: "notes.txt", operation: .rename(to: "-notes.txt"))),
        ("create a file (draft).txt with x", FileWrite(name: "(draft).txt", operation: .create(content: "x"))),
        ("append milk to (notes.txt)", FileWrite(name: "notes.txt", operation: .append(lines: ["milk"]))),
        ("show émoji😀.txt", nil),
    ])
    func fileNamesAndContentAreKeptAsTyped(text: String, write: FileWrite?) {
        let intent = read(text).intent
        if let write {
            #expect(intent == .fileWrite(write))
        } else {
            #expect(intent == .fileRead(name: "émoji😀.txt"))
        }
    }

    @Test func emptyAndNoiseOnlyLinesAreOutOfScope() {
        #expect(read("").intent == .outOfScope(OutOfScope()))
        #expect(read("   ").intent == .outOfScope(OutOfScope()))
        #expect(read("?!").intent == .outOfScope(OutOfScope()))
    }

    @Test func intentNamesAreDesignsNames() {
        #expect(Intent.createEvent(EventRequest(title: "x")).name.rawValue == "create_event")
        #expect(Intent.updateEvent(.lastShown, EventChanges()).name.rawValue == "update_event")
        #expect(Intent.fileWrite(FileWrite(name: "a.txt", operation: .append(lines: ["x"]))).name.rawValue == "file_write")
        #expect(Intent.outOfScope(OutOfScope()).name.rawValue == "out_of_scope")
    }

    /// Words that look like dates but are not, inside requests: the cob of corn is no close
    /// of business, and an ordinal before an event's noun picks the event ("the first
    /// meeting on monday" is Monday's first, not the 1st).
    @Test func wordsThatLookLikeDatesStayWords() {
        let corn = read("corn on the cob tomorrow at 6")
        #expect(corn.slot(.title)?.value == "Corn on the cob")
        #expect(corn.dates.map { String(corn.text[$0.range]) } == ["tomorrow at 6"])
        let first = read("the first meeting on monday")
        #expect(first.dates.map { String(first.text[$0.range]) } == ["on monday"])
        let second = read("cancel the 2nd call tomorrow")
        #expect(second.dates.map { String(second.text[$0.range]) } == ["tomorrow"])
    }

    /// A new event said with only a week or a month keeps the whole span when the line says
    /// so ("all", "whole", a vacation, a day off); else a day in it is to be asked.
    @Test func aWeekOrMonthIsKeptWholeWhenTheLineSaysSo() {
        for (text, whole) in [("vacation all next week", true), ("the whole week in lisbon next week", true), ("off next week", true),
                              ("family holiday in august", true), ("entire month of january for the move", true),
                              ("schedule a call with bob next week", false), ("a trip in december", false),
                              ("all hands tomorrow at 10", false), ("off-site friday", false)] {
            guard case .createEvent(let request) = read(text).intent else { Issue.record("\(text): \(read(text).intent.name)"); continue }
            #expect(request.keepsWholeSpan == whole, "\(text)")
        }
    }

    /// A thing to be done "before" a time is put on the calendar when it is due, as "by"
    /// puts it: before a day is the day before, before the end of a day that day, before a
    /// clock time at that time; "until" still ends an event starting now, and a question
    /// keeps the time until then.
    @Test func beforeATimeIsADeadlineAsByIs() {
        for (text, title, when) in [
            ("pay rent before friday", "Pay rent", "2026-12-03T00:00/2026-12-04T00:00"),
            ("submit expenses before eod tomorrow", "Submit expenses", "2026-12-01T00:00/2026-12-02T00:00"),
            ("send the draft before 5pm friday", "Send the draft", "2026-12-04T17:00/2026-12-04T18:00"),
            ("work until 5", "Work", "2026-11-30T09:00/2026-11-30T17:00"),
        ] {
            let u = read(text)
            #expect(u.intent.name == .createEvent, "\(text)")
            #expect(u.slot(.title)?.value == title, "\(text)")
            #expect(u.slot(.when)?.value == when, "\(text)")
        }
        let question = read("what's due before friday")
        #expect(question.intent.name == .queryAgenda)
        #expect(question.slot(.when)?.value == "2026-11-30T09:00/2026-12-04T00:00")
    }

    /// Words of a date that used to be left in the title: "my time" after a clock time, and
    /// "M-F" (which also took the hour before it as minutes).
    @Test func myTimeAndMToFLeaveTheTitle() {
        let call = read("call at 3 my time")
        #expect(call.slot(.title)?.value == "Call")
        #expect(call.slot(.when)?.value == "2026-11-30T15:00/2026-11-30T16:00")
        let standup = read("Standup @9 M-F")
        #expect(standup.slot(.title)?.value == "Standup")
        #expect(standup.slot(.when)?.value == "2026-11-30T09:00/2026-11-30T10:00")
        #expect(standup.slot(.recurrence)?.value == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        let free = read("free sat")
        #expect(free.intent.name == .queryAgenda)
        #expect(free.slot(.when)?.value == "2026-12-05T00:00/2026-12-06T00:00")
    }

    /// Two following days of the month joined by "and" are both the event's days, and the
    /// second is no title word ("Holiday and 25th" it was).
    @Test func twoFollowingDaysJoinedByAndAreBoth() {
        let u = read("holiday the 24th and 25th")
        #expect(u.slot(.title)?.value == "Holiday")
        #expect(u.slot(.when)?.value == "2026-12-24T00:00/2026-12-26T00:00")
        let apart = read("dentist on the 3rd and the 10th")
        #expect(apart.slot(.title)?.value == "Dentist")
        #expect(apart.slot(.when)?.value == "2026-12-03T00:00/2026-12-04T00:00")
        #expect(apart.slot(.recurrence)?.value == "FREQ=WEEKLY;COUNT=2")
    }

    /// Days said as a list are every day listed, none a title word: "dec 24 and 25" left
    /// "25" in the title, "the 3rd and the 10th" dropped the 10th, "the 5th and 12th of
    /// march" read the 5th of this month.
    @Test(arguments: [
        ("party dec 24 and 25", "Party", "2026-12-24T00:00/2026-12-26T00:00", nil),
        ("dentist the 3rd and the 10th", "Dentist", "2026-12-03T00:00/2026-12-04T00:00", "FREQ=WEEKLY;COUNT=2"),
        ("yoga the 5th and 12th of march", "Yoga", "2027-03-05T00:00/2027-03-06T00:00", "FREQ=WEEKLY;COUNT=2"),
        ("dinner the 24th and 25th at 7pm", "Dinner", "2026-12-24T19:00/2026-12-24T20:00", "FREQ=DAILY;COUNT=2"),
        ("book club march 5, 12 and 19 at 6pm", "Book club", "2027-03-05T18:00/2027-03-05T19:00", "FREQ=WEEKLY;COUNT=3"),
    ] as [(String, String, String, String?)])
    func daysSaidAsAListAreEachDay(text: String, title: String, when: String, rule: String?) {
        let u = read(text)
        #expect(u.slot(.title)?.value == title)
        #expect(u.slot(.when)?.value == when)
        #expect(u.slot(.recurrence)?.value == rule)
    }
}
