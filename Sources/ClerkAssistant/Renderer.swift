import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// Every sentence clerk says to a person, in one place, so tone and wording stay consistent:
/// short, concrete, and with the next step when something fails. Split by subject across
/// `Renderer+…` files.
public enum Renderer {
    /// The answer to `help`: what clerk understands, by example.
    static let help = """
        Tell me what you mean, in your own words. For example:
          lunch with Ana tomorrow at 13:00 on Work
          what's on this week · am I free on Friday afternoon · what's next
          move the dentist to Tuesday at 3pm · cancel lunch with Ana · undo
          Ana's phone number · find Bob Stone
          list my files · show notes.txt · append call plumber to todo.txt
          calendars · new calendar Family
        More: 'help with events', 'help with calendars', 'help with files', 'help with contacts'.
        Type 'quit' or press Ctrl-D to leave.
        """

    /// Help on the part the words name ("help with files", "how do I add an event"), else
    /// the general help.
    static func help(about said: String) -> String {
        let words = Set(said.lowercased().split { !$0.isLetter }.map(String.init))
        if !words.isDisjoint(with: ["file", "files", "note", "notes", "list", "lists"]) { return helpFiles }
        if !words.isDisjoint(with: ["contact", "contacts"]) { return helpContacts }
        // ("how do I add a calendar": the calendars; "add an event to my calendar": events.)
        if words.contains("calendars") || said.lowercased().hasSuffix(" a calendar") || said.lowercased().hasSuffix(" another calendar") { return helpCalendars }
        if !words.isDisjoint(with: ["event", "events", "meeting", "meetings", "calendar", "delete", "move", "change", "cancel", "something",
                                    "add", "put", "schedule", "enter", "appointment", "appointments", "classes", "class", "shifts",
                                    "reminder", "reminders", "things", "track", "organise", "organize"]) { return helpEvents }
        return help
    }

    static let helpEvents = """
        Events: say what and when, in your own words. For example:
          lunch with Ana tomorrow at 13:00 on Work · standup every weekday at 9:30
          dentist in 3 weeks · submit report by friday 5pm · flight dec 20 10:25 arrive 13:30
          what's on this week · am I free friday afternoon · what's next · how many meetings this week
          how long is the dentist · is the review on friday · any conflicts next week
          move the dentist to Tuesday at 3pm · push lunch back an hour · make the review 30 minutes longer
          add Bob to the review · set the location of lunch to Café Central · add a note to lunch: call first
          move the dentist to my Work calendar · move standup to Personal (the whole series)
          cancel lunch with Ana · skip the standup tomorrow · delete the second one (after a list) · undo
        Each change is shown, and made only after a yes.
        """

    static let helpCalendars = """
        Calendars: every event is on one; new ones go on your default calendar. For example:
          calendars · new calendar Family · rename calendar Family to Home · make Work my default calendar
          lunch friday at 1 on Work · what's on my Work calendar next week · move the dentist to my Family calendar
          delete the Family calendar (its events go with it; you type its name to confirm)
        Each change is asked first; 'undo' takes back a rename or a delete (a new calendar stays).
        """

    static let helpFiles = """
        Files: text files, kept here or on Google Drive. For example:
          list my files · search my files for milk · show notes.txt · the last 3 lines of todo.txt
          create a file todo.txt with buy milk · append call plumber to todo.txt · jot down renew passport
          add eggs, milk and bread to groceries · remove milk from groceries · delete line 2 of todo.txt
          replace milk with oat milk in todo.txt · rename notes.txt to ideas.txt · copy todo.txt to old.txt
        Each change is shown, and made only after a yes; 'undo' puts it back.
        """

    static let helpContacts = """
        Contacts: import a vCard file with 'clerk import contacts.vcf', or sign in to Google. For example:
          Ana's phone · what's Bob's email · who is Carla Gomez · find bobby · who works at Acme
          which contacts have an email · who has no phone number · how many contacts do I have
          call Ana · upcoming birthdays · who lives in Lisbon · lunch with Ana friday at 1 (invites her)
        clerk looks contacts up; it does not change them.
        """

    /// Words offered by Tab at the start of a line.
    static let commandWords = [
        "add", "append", "calendars", "cancel", "create", "delete", "find", "help", "list", "move",
        "new", "quit", "rename", "schedule", "show", "undo", "what's",
    ]

    /// The answer to a line of input that is not UTF-8 text.
    public static let lineNotText = "That line isn't UTF-8 text, so I didn't read it."
    /// A piped line past what clerk reads as one request.
    public static func lineTooLong(maxBytes: Int) -> String {
        "That line is longer than clerk reads (\(maxBytes / 1024) kB), so I didn't read it."
    }

    /// The answer when a line could not be read as any request.
    /// The line is quoted back at most 60 characters long, so a pasted page does not come
    /// back whole.
    static func notUnderstood(_ line: String) -> String {
        "I didn't understand '\(TextStyle.plain.fit(line, 60))'. Type 'help' for what I can do."
    }

    static let quitHint = "Type 'quit' on its own, or press Ctrl-D, to leave."
    static let welcome = "You're welcome."
    static let welcomeAndQuitHint = welcome + " " + quitHint

    /// Said when input ends while a question is still open: nothing was changed.
    static let questionUnanswered = "No answer, so nothing changed."

    /// Said when `--yes` meets a question that yes does not answer: the question on one line.
    static func yesCannotAnswer(_ question: String) -> String {
        let oneLine = question.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }.joined(separator: " ")
        return "--yes answers only yes-or-no questions, so nothing changed. The question was: " + oneLine
    }

    /// Said when Ctrl-C abandons a question.
    static let questionAbandoned = "Cancelled; nothing changed."

    static let nothingChanged = "OK, nothing changed."

    /// Said when a new request comes instead of an answer: the question is dropped.
    static func droppedQuestion(_ intent: IntentName) -> String {
        intent == .createEvent ? "(Not created.)" : "(Left that question; nothing changed.)"
    }

    static func answerYesOrNo(_ question: String) -> String {
        "Please answer y or n. " + question
    }

    static func pickANumber(_ question: String, count: Int) -> String {
        "Please answer with a number from 1 to \(count), or n to cancel.\n" + question
    }

    /// A number typed at a numbered choice that is none of its options ("0", "-1", "3" of two).
    static func noSuchOption(_ number: Int, _ question: String, count: Int) -> String {
        let range = count == 2 ? "1 or 2" : "a number from 1 to \(count)"
        return "There's no option \(number). Pick \(range), or say 'cancel'.\n" + question
    }

    /// A no ("never mind", "cancel") or a yes typed when no question is open.
    static let nothingToCancel = "Nothing to cancel: no question is open and nothing changed. Say 'undo' to reverse the last change."
    static let noQuestionOpen = "There's no question open. Tell me what you need, like 'what's on tomorrow', or type 'help'."

    static let okayThen = "OK. Type 'help' for what I can do."

    static func didYouMean(_ suggestion: String) -> String {
        "Did you mean '\(suggestion)'? [Y/n]"
    }

    /// Free time asked "with" someone: clerk sees only the person's own calendar.
    static func onlyYourCalendar(_ person: String) -> String {
        let name = person.wordsCapitalized.oneLine
        return "(That is your own free time: I can't see \(name)'s calendar.)"
    }

    /// Said before a contact's details asked to be sent to the speaker ("send me tom's number").
    static let cannotSendShownHere = "I can't send messages, so here it is:"

    /// Sending asked for: what clerk can do instead, for the person named.
    static func cannotSend(askingFor name: String, field: String = "email") -> String {
        "I can't send messages or email, but I can find someone's \(field == "email" ? "address" : "number"): '\(name)'s \(field)'."
    }

    /// What clerk says to a request it does not handle, with what it can do instead.
    static func outOfScope(_ text: String, topic: OutOfScopeTopic?) -> String {
        let instead: String
        switch topic {
        case .alarm?, .timer?:
            instead = "I can't set alarms or timers, but I can put a reminder on your calendar: 'remind me to call mum at 7:00'."
        case .weather?: instead = "I can't check the weather. I can tell you what's on your calendar: 'what's on tomorrow'."
        case .music?, .devices?: instead = "I can't control music or devices. I look after your calendar, contacts and text files."
        case .news?: instead = "I can't read the news. I can tell you what's next on your calendar: 'what's next'."
        case .messaging?: instead = cannotSend(askingFor: "Ana")
        case .contactEditing?: instead = contactsNotChanged
        case .clock?: instead = "I can tell you what's next: 'what's next'."
        case .lists?: instead = "I keep lists in text files: 'append milk to shopping.txt'."
        case .travel?: instead = "I can't book travel, but I can put the trip on your calendar: 'flight to Lisbon Friday 9am'."
        case .question?: instead = "I can't answer general questions. I look after your calendar, contacts and text files."
        case .greeting?: instead = "Hello. Tell me what you need in your own words, or type 'help' for examples."
        case .thanks?: instead = welcome
        case .settings?: instead = settingsWhere
        case .calendarView?: instead = noCalendarView("Work", hiding: false)
        case .redo?: instead = "I can't redo a change I undid. Say it again, and I'll show it and ask before making it."
        case .hold?: instead = cannotHold(nil, words: nil, text: nil)
        case .eventStatus?:
            instead = "I can't mark an event tentative or confirmed: I keep no status for events. Its notes can say it: 'add a note to the dinner: tentative'."
        case .restoreEvent?: instead = noEventTrash(nil)
        case .offline?: instead = worksOffline(signedIn: false)
        case .version?: instead = version(nil)
        case .google?:
            instead = "To use your Google calendar, contacts and Drive, say 'log in' (or run 'clerk login'). Until then clerk keeps them on this machine."
        case .transfer?:
            instead = "Import and export from your shell: 'clerk import events.ics' (or contacts.vcf; --calendar NAME for another calendar),"
                + " and 'clerk export > calendar.ics'."
        case nil: instead = notUnderstood(text)
        }
        return instead
    }

    /// "do you work offline": where clerk keeps things, and what it does without the internet.
    static func worksOffline(signedIn: Bool) -> String {
        signedIn
            ? "Yes. clerk keeps a copy of your Google calendar, contacts and files on this machine: offline it answers from the copy,"
                + " and your changes wait until it can reach Google again ('status' shows what waits)."
            : "Yes. Your calendar, contacts and files are kept on this machine, so clerk needs no internet."
                + " Signed in to Google ('log in'), it answers from its copy when offline and sends your changes once back online."
    }

    /// "what version are you".
    static func version(_ number: String?) -> String {
        number.map { "This is clerk \($0). Type 'help' for what I can do." } ?? "Run 'clerk --version' to see which clerk this is."
    }

    /// "set an alarm for 7 tomorrow": no alarms, but a reminder then, the time as said.
    static func noAlarms(at said: String) -> String {
        "I can't set alarms, but I can put a reminder on your calendar then: say what for, like 'remind me to leave at \(said.oneLine)'."
    }

    static let alreadyOnGoogle = "You're signed in: clerk uses your Google calendar, contacts and Drive. Say 'status' to see the account."

    /// "switch to my work calendar", "hide the family calendar": clerk shows every calendar;
    /// a question names the one wanted.
    static func noCalendarView(_ calendar: String, hiding: Bool) -> String {
        let name = calendar.oneLine
        return (hiding ? "I can't hide a calendar: I show all of them unless you name one." : "I don't switch calendars: I show all of them unless you name one.")
            + " Say 'what's on my \(name) calendar this week' to see only \(name), or put an event there with 'on \(name)'."
    }

    /// "how long will it take to get there": no routes, but the place of the event in view.
    static func cannotPlanRoutes(to place: (title: String, location: String)?) -> String {
        guard let place else {
            return "I can't plan routes or travel times. I can tell you where an event is: 'where is the offsite'."
        }
        return "'\(place.title.oneLine)' is at \(place.location.oneLine). I can't plan routes or travel times; a maps app can, from that address."
    }

    /// "how long to drive to the offsite": the event named, with its place when it has one.
    static func cannotPlanRoutes(to event: (title: String, location: String?), named words: String) -> String {
        guard let location = event.location, !location.isEmpty else {
            return "I can't plan routes or travel times, and '\(event.title.oneLine)' has no place set."
                + " Give it one with 'set the location of the \(words.oneLine) to …'."
        }
        return cannotPlanRoutes(to: (event.title, location))
    }

    /// "put the review on hold", "pause the weekly sync": clerk holds nothing; what it can do
    /// with the event found (`event`), or with one named `words` that was not found.
    /// "restore the meeting" when the last change deleted no such event: events have no
    /// trash; what brings one back, and what makes it again.
    static func noEventTrash(_ words: String?) -> String {
        let name = words?.oneLine ?? "meeting"
        return "Deleted events aren't kept in a trash, so I can't bring back the \(name). 'undo' brings back the last thing you deleted"
            + " right after you delete it; or make it again, like '\(name) friday at 10'."
    }

    static func cannotHold(_ event: Event?, words: String?, text: DateText?) -> String {
        guard let event, let text else {
            let name = words.map { "'\($0.oneLine)'" }
            return "I can't put events on hold" + (name.map { ", and I find no event to come called \($0)" } ?? "") + "."
                + " I can cancel or move one: 'cancel the \(words?.oneLine ?? "review")', 'move the \(words?.oneLine ?? "review") to next week'."
        }
        let name = words?.oneLine ?? event.title.lowercased().oneLine
        if event.recurringEventID != nil {
            return "I can't pause a repeating event. I can end '\(event.title.oneLine)' after a day ('stop the \(name) after friday'),"
                + " skip one time ('skip the \(name) on \(text.weekday(text.localDate(event.when.startInstant(in: text.zone))).lowercased())') or cancel it."
        }
        return "I can't put an event on hold. I can cancel '\(event.title.oneLine)' (\(text.span(event.when))) or move it:"
            + " 'cancel the \(name)', 'move the \(name) to next week'."
    }

    /// Where settings are changed.
    static let settingsWhere = "Change them in the config file ($XDG_CONFIG_HOME/clerk/config, or config under --data-dir),"
        + " as 'working_hours = 09:00-17:00' or 'default_event_length = 30' (--tz comes before its time_zone);"
        + " all four also in words: 'make Work my default calendar', 'set my working hours to 9-5',"
        + " 'set the default event length to 30 minutes', 'set my time zone to New York'."

    /// The settings in force, and where to change them.
    static func settings(zone: String, workingHours: (start: Int, end: Int), eventMinutes: Int, defaultCalendar: String) -> String {
        "Time zone \(zone.oneLine); working hours \(hours(workingHours));"
            + " events \(eventMinutes) min unless said; new events go on '\(defaultCalendar.oneLine)'.\n" + settingsWhere
    }

    /// "It's Thursday 3 December 2026, 09:00 (Europe/London)."
    static func clockNow(_ now: Date, text: DateText) -> String {
        let day = text.localDate(now)
        return "It's \(text.weekday(day)) \(day.day) \(DateText.months[day.month - 1]) \(day.year), \(text.clock(now)) (\(text.zone.identifier))."
    }

    /// "what's 3pm london time in new york": "15:00 in Europe/London is 10:00 in
    /// America/New_York (Fri 4 Dec); 16:00 your time."
    /// `named` is the zone as the user wrote it when it is an abbreviation ("PST"), said in
    /// place of its fixed offset's name ("GMT-0800").
    static func timeThere(_ instant: Date, saidIn said: Zone, named: String? = nil, there: Zone, own: Zone) -> String {
        let from = DateText(zone: said), to = DateText(zone: there), mine = DateText(zone: own)
        let day = to.localDate(instant) == from.localDate(instant) ? "" : " (\(to.shortDay(to.localDate(instant))))"
        let yours = own.identifier == there.identifier || own.identifier == said.identifier ? "" : "; \(mine.clock(instant)) your time"
        return "\(from.clock(instant)) in \(named.map(\.oneLine) ?? said.identifier) is \(to.clock(instant)) in \(there.identifier)\(day)\(yours)."
    }

    /// "time difference between narnia and tokyo": the place no zone is known for.
    static func placeNotKnown(_ place: String) -> String {
        "I don't know the time zone of \(TextStyle.quoted(place, limit: 40)). Name a city (Tokyo, New York) or a zone (Asia/Kathmandu)."
    }

    /// "what's the time difference with new york": "America/New_York is 5 h behind you
    /// (Europe/London): 04:00 there, 09:00 here." The offsets of now: daylight saving moves them.
    static func timeDifference(_ now: Date, there: Zone, from: Zone, fromIsOwn: Bool) -> String {
        let seconds = there.wallSeconds(now) - from.wallSeconds(now)
        let base = fromIsOwn ? "you (\(from.identifier))" : from.identifier
        let clocks = "\(DateText(zone: there).clock(now)) there, \(DateText(zone: from).clock(now)) \(fromIsOwn ? "here" : "in " + from.identifier)."
        guard seconds != 0 else { return "\(there.identifier) keeps the same time as \(base) now: " + clocks }
        let length = DateText.duration(seconds: TimeInterval(abs(seconds)))
        return "\(there.identifier) is \(length) \(seconds > 0 ? "ahead of" : "behind") \(base) now: " + clocks
    }

    /// "what week is it": "Week 49 of 2026: Mon 30 Nov – Sun 6 Dec."; "what week is
    /// christmas": "Fri 25 Dec 2026 is in week 52 of 2026: Mon 21 Dec – Sun 27 Dec."
    static func weekNow(_ day: LocalDate, text: DateText, today: LocalDate) -> String {
        let (year, week) = day.isoWeek
        let monday = day.adding(days: 1 - day.isoWeekday)
        let days = "\(text.shortDay(monday)) – \(text.shortDay(monday.adding(days: 6)))."
        if day.isoWeek == today.isoWeek { return "Week \(week) of \(year): " + days }
        return "\(text.shortDay(day)) \(day.year) is in week \(week) of \(year): " + days
    }

    /// "what day is christmas": "Friday 25 December 2026 (in 21 days)."
    static func dayAsked(_ day: LocalDate, text: DateText, now: Date) -> String {
        let today = text.localDate(now)
        let name = "\(text.weekday(day)) \(day.day) \(DateText.months[day.month - 1]) \(day.year)"
        if day == today { return name + " (today)." }
        if day < today { return name + " (\(day.days(until: today)) days ago)." }
        return name + " (" + away(day.startOfDay(in: text.zone), text: text, now: now) + ")."
    }

    /// "is the 25th a weekday": "Yes, a Friday: Friday 25 December 2026 (in 18 days)."; "is
    /// jan 1 a saturday": "No, a Friday: …". Weekends are Saturday and Sunday.
    static func dayKind(_ day: LocalDate, asked: DayKind, text: DateText, now: Date) -> String {
        let weekday = day.isoWeekday
        let yes = switch asked {
        case .weekday: weekday <= 5
        case .weekend: weekday >= 6
        case .named(let number): weekday == number
        }
        return (yes ? "Yes, a " : "No, a ") + text.weekday(day) + ": " + dayAsked(day, text: text, now: now)
    }

    static let contactsNotChanged = "I can look contacts up but not change them; import a vCard with 'clerk import FILE.vcf'."

    /// A change or removal whose words name a contact, not an event ("delete ana lopez").
    static func contactNotChanged(_ name: String) -> String {
        "No event is called that, and \(name.oneLine) is a contact: " + contactsNotChanged
    }

    /// "Lunch with Ana" from "lunch with Ana": the first letter up, nothing else changed.
    static func capitalizedTitle(_ text: String) -> String {
        let trimmed = text.trimmingSpaces()
        guard let first = trimmed.first else { return trimmed }
        return first.uppercased() + trimmed.dropFirst()
    }

    /// "a, b and c".
    static func list(_ items: [String]) -> String {
        RecurrenceText.list(items)
    }

    /// `'name'` lists: "'Personal', 'Work'".
    static func quoted(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
