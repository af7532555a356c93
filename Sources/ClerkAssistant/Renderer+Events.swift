import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// Sentences about events: cards, agendas, changes.
extension Renderer {
    static let noCalendars = "There is no calendar to put it on. Create one first: 'new calendar Personal'."
    static let askTitle = "What should I call it?"
    /// "add it to my calendar" with no new event on screen.
    static func alreadyOnCalendar(_ shown: String?, listed: Int) -> String {
        if let shown { return "'\(shown.oneLine)' is on your calendar already. To put it on another one: 'move it to Work'." }
        if listed > 1 { return "The events listed are on your calendar already. For a new one, say it whole: 'dinner with Ana Friday at 8'." }
        return "Add what? Say the event whole, like 'dinner with Ana Friday at 8'."
    }
    /// "remind me tomorrow at 9", with nothing to be reminded of said.
    static let askReminderSubject = "What should I remind you of? For example: 'call the bank'."
    /// The title of time blocked without a name ("block Friday afternoon").
    static let blockTitle = "Busy"
    static let createQuestion = "Create it? [Y/n/edit]"
    /// For a card already in the past, where Enter alone answers no.
    static let createPastQuestion = "Create it anyway? [y/N/edit]"
    static let notCreated = "OK, not created."
    static let whatToChange = "What should change? For example: 'make it 13:30', 'for 2 hours', 'on Personal instead', 'add Bob', 'call it Team lunch'."
    /// Items to add with no list named or shown ("add oat milk, napkins, 2kg sugar").
    static func addToWhichList(_ items: String) -> String {
        "Which list should '\(items.oneLine)' go on? Name it ('add them to shopping.txt', 'add cups to the order list'), or make one first ('make a shopping list'); nothing changed."
    }

    static let answerCard = "Answer y to create it, n to drop it, or say what to change ('make it 13:30')."
    /// "remind me about the dentist": how long before it.
    static func askReminder(_ title: String) -> String {
        "How long before '\(title.oneLine)' should I remind you? For example: '30 minutes', 'an hour', 'the day before'."
    }

    static func didNotReadReminder(_ said: String) -> String {
        "I couldn't read how long before in '\(TextStyle.plain.fit(said, 60))'. Nothing changed; try 'remind me 30 minutes before the dentist'."
    }

    /// A bare number typed at the card: the same, with the time it may have meant.
    static func answerCardWithHour(_ hour: Int) -> String {
        "Answer y to create it, n to drop it, or say what to change: 'at \(hour)' for that time."
    }
    /// "at 9am their time" with no place said whose.
    static func whoseTime(_ zone: String) -> String {
        "I don't know whose time 'their time' is, so the time is read in \(zone). Say the place or zone, like 'make it 9am Tokyo time'."
    }

    /// "and the day after?" with no day asked about and no event shown.
    static func dayAfterWhat(_ days: Int) -> String {
        "The \(abs(days) == 7 ? "week" : "day") \(days > 0 ? "after" : "before") what? Say the day, like 'what's on friday'."
    }

    /// "add raj and maria" with no event shown.
    static func addPeopleToWhat(_ people: [String]) -> String {
        let names = RecurrenceText.list(people.map { Renderer.capitalizedTitle($0.oneLine) })
        return "Add \(names) to which event? Name it, like 'add \(names) to the dentist', or make one: 'lunch with \(names) friday at 1'."
            + " (clerk looks contacts up; to add new ones, import a vCard.)"
    }

    static let noLastEvent = "Which event? I haven't shown one yet; name it, like 'the dentist appointment'."
    /// "delete the second one" with no list shown.
    static let noListToPick = "There's no list to pick from yet. Ask first, like 'what's on tomorrow', then say 'the second one'."

    /// "delete the fifth one" when the list shows three.
    static func notOnList(_ count: Int) -> String {
        count == 1 ? "The list shows one event; say 'it' or its name." : "The list shows \(count) events: pick from 1 to \(count)."
    }

    /// "cancel both" when the list shows three.
    static func notBoth(_ count: Int) -> String {
        count == 1 ? "The list shows one event, not two: say 'it' or its name."
            : "The list shows \(count) events, not two: say which by number, like '1 and 3', or 'all of them'."
    }
    static let deleteQuestion = "Delete it? [y/N]"
    static let notDeleted = "OK, not deleted."
    static let changeQuestion = "Change it? [Y/n]"
    static let notChanged = "OK, not changed."
    static let sayWhichDay = "Which events? Say a day or a name, like 'clear my calendar tomorrow' or 'delete all meetings with Bob'."
    static let theseEvents = "These events:"
    static let nothingToUndo = "Nothing to undo in this session."

    /// An undo whose event is gone (deleted since, or made again under a new id when its
    /// calendar came back): it is dropped, so the changes before it can still be undone.
    static let undoGone = "Can't undo that: its event isn't there any more (deleted, or made again since). Nothing changed; say 'undo' again for the change before it."
    static func nothingToSearch(_ hours: (start: Int, end: Int)) -> String {
        "That span has no working hours to search (\(ClockText.hoursMinutes(hours.start))–\(ClockText.hoursMinutes(hours.end)))."
    }
    static let spanIsOver = "That time is already over; ask about a later one, like 'am I free tomorrow'."

    /// "No — Dentist 15:00–16:00 on Fri 4 Dec." or "Yes, you're free at 13:30 on Fri 4 Dec."
    /// A new event's weekday, said on that day once it was over, taken as next week's.
    static func weekdayNextWeek(_ said: String) -> String {
        "'\(said.oneLine)' is taken as next week's: today's is nearly over. Say 'today' to have it today."
    }

    /// A new event made as one gone by was ("rebook the dentist …").
    static func copiedFrom(_ event: Event, text: DateText) -> String {
        "None to come, so this is '\(event.title.oneLine)' of \(text.shortDay(text.localDate(event.when.startInstant(in: text.zone)))) made again."
    }

    static func freeAt(_ moment: Date, busy: [Event], text: DateText) -> String {
        let day = text.shortDay(text.localDate(moment))
        guard !busy.isEmpty else { return "Yes, you're free at \(text.clock(moment)) on \(day)." }
        let taken = busy.prefix(3).map { event -> String in
            guard case .timed(let s, let e, _) = event.when else { return event.shownTitle }
            return "\(event.shownTitle) \(text.clockRange(s, e))"
        }
        return "No — " + list(taken) + " on \(day)."
    }

    /// "daily standup": "'Standup' every day: at what time? For example '9:30', '9:30-9:45', or 'all day'."
    static func askRepeatTime(_ title: String, repeats: String?) -> String {
        "'\(title.oneLine)'\(repeats.map { " " + $0 } ?? ""): at what time? For example '9:30', '9:30-9:45', or 'all day'."
    }

    static func askWhen(_ title: String) -> String {
        "When is '\(title)'? For example: 'tomorrow at 10', 'Friday 3-4pm'."
    }

    /// "schedule a call next week": the span said holds no day.
    static func askWhichDay(_ span: String) -> String {
        "Which day \(span.oneLine)? For example: 'Wednesday at 10'."
    }

    /// Asked again once when the answer to `askWhen` held no day.
    static let noFlightToLand = "There's no flight on your calendar to land from. Add the flight first ('flight to London friday at 3pm'), or say when, like 'friday at 6pm'."

    static func askWhenAgain(_ title: String) -> String {
        "I didn't see a day there. When is '\(title.oneLine)'? Say one, like 'tomorrow at 10', or 'cancel'."
    }

    /// Asked again once when the answer to `askWhichDay` held no day.
    static func askWhichDayAgain(_ span: String) -> String {
        "I didn't see a day there. Which day \(span.oneLine)? Say one, like 'Wednesday' or 'Thursday at 3', or 'cancel'."
    }

    static func didNotReadDate(_ text: String) -> String {
        "I couldn't read a date in '\(text)'. Nothing was created; try again with a day and time, like 'tomorrow at 10'."
    }

    static func unknownCalendar(_ said: String, closest: String) -> String {
        "No calendar named '\(said)'. Did you mean '\(closest)'? [Y/n]"
    }

    static func unknownCalendar(_ said: String, known: [String]) -> String {
        "No calendar named '\(said)'. Your calendars: \(quoted(known)). Create it with 'new calendar \(capitalizedTitle(said))'."
    }

    static func nameACalendar(_ names: [String]) -> String {
        "OK, nothing created. Say it again with one of your calendars: \(quoted(names))."
    }

    static let repeatsTooOften = "An event can repeat at most every hour; for something that often, set a timer. Nothing changed."

    /// A repeat whose last day ("until last month") is before its first time.
    static func repeatEndsBeforeItStarts(last: LocalDate, first: LocalDate, zone: Zone) -> String {
        let days = DateText(zone: zone)
        return "That repeat would end on \(days.day(last)), before its first time on \(days.day(first)): say a later end (until march). Nothing changed."
    }

    /// A clock time no clock shows ("25:00", "12:60").
    static func noSuchClock(_ said: String) -> String {
        "There's no \(said) on a clock: hours go from 00 to 23 and minutes to 59. Nothing changed."
    }

    /// A repeat with no gap, a gap too long or part of a unit ("every 0 days", "every 1.5 days").
    static func noSuchRepeat(_ said: String) -> String {
        "'\(TextStyle.plain.fit(said, 60))' can't be a repeat: say how far apart in whole days, weeks, months or years, from 1 to \(ImpossibleRepeat.longestInterval) (every 2 weeks). Nothing changed."
    }

    /// A day of the month no month has, as a repeat ("every 32nd") or a day ("on the 32nd").
    static func noSuchMonthDay(_ said: String, repeating: Bool = true) -> String {
        let said = TextStyle.plain.fit(said, 60)
        return repeating ? "'\(said)' can't be a repeat: a month's days go from the 1st to the 31st (every 15th). Nothing changed."
            : "There's no '\(said)': a month's days go from the 1st to the 31st. Nothing changed."
    }

    /// An ISO week number the year does not have ("week 54", "week 53 of 2027").
    static func noSuchWeek(_ w: ImpossibleWeek.Found) -> String {
        "There's no week \(w.week) in \(w.year): its weeks go from 1 to \(w.weeks). Nothing changed."
    }

    /// A day the month does not have ("feb 30"), and how many days it does have.
    static func noSuchDay(_ d: NoSuchDay) -> String {
        guard (1...12).contains(d.month) else { return "There's no such day. Nothing changed." }
        let month = DateText.months[d.month - 1]
        let said = "\(d.day) \(month)" + (d.year.map { " \($0)" } ?? "")
        let length: String
        if let year = d.year {
            length = "\(month) \(year) has \(CivilCalendar.daysIn(month: d.month, year: year)) days"
        } else if d.month == 2 {
            length = "February has 28 days, 29 in a leap year"
        } else {
            length = "\(month) has \(CivilCalendar.daysIn(month: d.month, year: 2001)) days"
        }
        return "There's no \(said): \(length). Nothing changed."
    }

    /// An amount of time beyond what clerk takes: a length, reminder or move over ten years,
    /// or a date 10,000 units away.
    static func amountTooLong(_ said: String) -> String {
        // A count of a repeat ("1000000 times"): too many times, not too much time.
        if let last = said.split(separator: " ").last, ["times", "occurrences", "sessions", "repeats", "repetitions"].contains(last.lowercased()) {
            return "'\(TextStyle.plain.fit(said, 60))' is more times than I can repeat an event (at most 9,999). Nothing changed."
        }
        return "'\(TextStyle.plain.fit(said, 60))' is more time than I can work with. Nothing changed."
    }

    static func whichPerson(_ name: String, _ contacts: [Contact]) -> String {
        // "Which Ana?" even when typed in lower case: the name as the contacts spell it.
        let shown = name == name.lowercased() ? name.capitalized : name
        var lines = ["Which \(shown)?"]
        for (i, contact) in contacts.enumerated() {
            let email = contact.emails.first.map { " <\($0.value.oneLine)>" } ?? ""
            lines.append("  \(i + 1)) \(contact.name.oneLine)\(email)")
        }
        return lines.joined(separator: "\n")
    }

    static func alreadyPast(_ start: Date, text: DateText, now: Date) -> String {
        text.localDate(start) == text.localDate(now)
            ? "\(text.clock(start)) today has already passed; say 'tomorrow' to move it."
            : "\(text.day(text.localDate(start))) is in the past; say a later day to move it."
    }

    /// A time that does not exist on the day clocks go forward, and where the event went.
    /// A repeat keeps the time said after that day: "… so it starts at 03:30 that day, and
    /// at 02:30 from then on."
    static func clockSkipped(_ said: String, moved: String, on when: When, repeats: Bool = false, text: DateText) -> String {
        "\(said) doesn't exist on \(text.shortDay(text.localDate(when.startInstant(in: text.zone)))) (the clocks go forward), so it starts at \(moved)"
            + (repeats ? " that day, and at \(said) from then on." : ".")
    }

    /// An end after the clocks go back that reads as the start's time: "The clocks go back
    /// during it: it ends at 02:30 the second time, 1 h after it starts; say an end to change it."
    static func endsAfterClocksGoBack(_ start: Date, _ end: Date, text: DateText) -> String {
        let minutes = Int(end.timeIntervalSince(start)) / 60
        let length = minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes) min"
        return "The clocks go back during it: it ends at \(text.clock(end)) the second time, \(length) after it starts; say an end to change it."
    }

    /// Times said that the event cannot also have: "Only 08:00 is kept, not '8pm': an event
    /// has one time; add the other as an event of its own."
    static func otherTimesLeft(_ times: [String], kept when: When, title: String, text: DateText) -> String {
        let kept = text.clock(when.startInstant(in: text.zone))
        let said = times.map { "'\(TextStyle.plain.fit($0, 20))'" }.joined(separator: ", ")
        return "Only \(kept) is kept, not \(said): an event has one time; add " + (times.count == 1 ? "the other as an event of its own." : "the others as events of their own.")
    }

    /// The other choices said with "or", the days and the times each a line: "Took the first
    /// of two times, 12:00, not '1'; say 'make it 13:00' for the other.", "Took the first of
    /// three days, Mon 30 Nov, not 'tuesday' or 'wednesday'; say 'make it tuesday' for another."
    static func alternativesLeft(_ others: [AlternativeTime], kept when: When, text: DateText) -> [String] {
        let start = when.startInstant(in: text.zone)
        let counts = ["two", "three", "four", "five"]
        func line(_ choices: [AlternativeTime], kind: String, kept: String, first: String) -> String {
            let said = choices.map { "'\(TextStyle.plain.fit($0.said, 20))'" }
            let count = choices.count <= counts.count ? counts[choices.count - 1] : String(choices.count + 1)
            let which = choices.count == 1 ? "the other" : "another"
            return "Took the first of \(count) \(kind), \(kept), not \(said.joined(separator: " or ")); say 'make it \(first)' for \(which)."
        }
        let times = others.filter { $0.time != nil }, days = others.filter { $0.time == nil }
        var lines: [String] = []
        if let other = days.first {
            lines.append(line(days, kind: "days", kept: text.shortDay(text.localDate(start)), first: TextStyle.plain.fit(other.said, 20)))
        }
        if let time = times.first?.time {
            lines.append(line(times, kind: "times", kept: text.clock(start), first: text.clock(time)))
        }
        return lines
    }

    /// A repeat's end said as no date ("until the end of term"): the repeat has none yet.
    static func repeatEndNotRead(_ said: String) -> String {
        "'\(TextStyle.plain.fit(said, 40))' is no date I know, so it repeats with no end; say 'until 18 dec' to end it."
    }

    /// What was read and what was not: "I understood 'Dinner' on Fri 4 Dec, not 'w/ the gang'."
    static func understoodNot(_ title: String, when: When, unread: String, text: DateText) -> String {
        "I understood '\(title)' on \(text.shortDay(text.localDate(when.startInstant(in: text.zone)))), not '\(TextStyle.plain.fit(unread, 40))';"
            + " say 'call it …' to change the title."
    }

    static func overlaps(_ events: [Event], text: DateText) -> String {
        "Overlaps " + events.prefix(3).map { event in
            guard case .timed(let s, let e, _) = event.when else { return event.shownTitle }
            return "\(event.shownTitle) \(text.clockRange(s, e))"
        }.joined(separator: ", ") + (events.count > 3 ? " and \(events.count - 3) more" : "") + "."
    }

    /// Under a new event's card: one of that name is on that day already.
    static func sameEventThatDay(_ event: Event, text: DateText) -> String {
        let at: String
        if case .timed(let s, let e, _) = event.when { at = " at " + text.clockRange(s, e) } else { at = " all day" }
        return "'\(event.shownTitle)' is on \(text.shortDay(text.localDate(event.when.startInstant(in: text.zone))))\(at) already."
    }

    /// The card shown before creating: one labelled line per part, warnings last.
    static func card(_ card: DraftCard, next: [Date], warnings: [String], zone: Zone, style: TextStyle) -> String {
        let text = DateText(zone: zone)
        var lines = [style.bold(card.draft.title.oneLine)]
        func row(_ label: String, _ value: String) { lines.append("  " + style.dim(label.padded(toWidth: 9)) + value) }
        var when = text.span(card.draft.when)
        if case .timed(let start, let end, _) = card.draft.when {
            if card.calendar.timeZone != zone.identifier { when += " " + zone.identifier }
            // "tomorrow at 9am JST": the time as said, beside the time here.
            if let said = card.saidInZone { when += " (" + DateText(zone: said.zone).clockRange(start, end) + " " + said.name.oneLine + ")" }
            // The length assumed is the default (`default_event_length`), as the span shows.
            if card.durationAssumed { when += " (\(DateText.duration(seconds: end.timeIntervalSince(start))) assumed)" }
            switch card.placement {
            case .said: break
            case .firstFree: when += " (first free slot)"
            case .noneFree: when += " (no free slot that long)"
            }
        }
        row("when", when)
        row("calendar", card.calendar.name.oneLine + (!card.calendarAssumed ? "" : card.missingDefault.map { " (primary; default '\($0.oneLine)' not found)" } ?? " (default)"))
        if !card.draft.attendees.isEmpty {
            row("with", card.draft.attendees.map { person in
                switch (person.name, person.email) {
                case let (name?, email?): return "\(name.oneLine) <\(email.oneLine)>"
                case let (name?, nil): return card.unknownPeople.contains(name) ? "\(name.oneLine) (not in contacts)" : name.oneLine
                case let (nil, email?): return email.oneLine
                default: return "?"
                }
            }.joined(separator: ", "))
        }
        if let location = card.draft.location { row("where", location.oneLine) }
        if let notes = card.draft.notes, !notes.isEmpty { row("notes", notes.notesLine) }
        if let rule = card.draft.recurrence.first {
            var repeats = RecurrenceText.describe(rule, start: text.localDate(card.draft.when.startInstant(in: zone)), zone: zone) ?? rule
            let leftOut = ExceptionLines.days(in: card.draft.recurrence, zone: zone)
            if !leftOut.isEmpty { repeats += ", except " + RecurrenceText.list(leftOut.map(text.shortDay)) }
            // Days, or with their times when one day holds two ("every hour" said
            // "next Fri 4 Dec, Fri 4 Dec, Fri 4 Dec").
            let days = next.map { text.localDate($0) }
            let timed = Set(days).count < days.count
            // (A yearly one, "every year on 19 December", says the years: "Sat 19 Dec 2026, Sun
            // 19 Dec 2027".)
            let yearly = days.count > 1 && Set(days.map(\.year)).count == days.count
            if !next.isEmpty {
                repeats += "; next " + zip(next, days).map { next, day in
                    timed ? text.shortDay(day) + " " + text.clock(next) : yearly ? text.shortDay(day) + " \(day.year)" : text.shortDay(day)
                }.joined(separator: ", ")
            }
            row("repeats", repeats)
        }
        if !card.draft.reminderMinutes.isEmpty {
            row("reminder", reminders(card.draft.reminderMinutes))
        }
        lines += warnings.map { "  " + style.warning("! " + $0) }
        return lines.joined(separator: "\n")
    }

    static func created(_ event: Event, calendar: String, text: DateText) -> String {
        "Created '\(event.shownTitle)', \(text.span(event.when)), on \(calendar.oneLine)."
    }

    /// "Tue 1 Dec 2026, 13:00–14:00  Lunch with Ana".
    static func eventLine(_ event: Event, text: DateText) -> String {
        text.span(event.when) + "  " + event.shownTitle
    }

    /// "10:00–11:00", or "all day": an event's hours, its day said apart.
    static func clockOrAllDay(_ when: When, text: DateText) -> String {
        switch when {
        case .allDay: return "all day"
        case .timed(let s, let e, _): return text.clockRange(s, e)
        }
    }

    /// "today", "tomorrow", else "Mon 7 Dec": a day to come, as a person says it.
    static func dayToCome(_ day: LocalDate, today: LocalDate, text: DateText) -> String {
        day == today ? "today" : day == today.adding(days: 1) ? "tomorrow" : text.shortDay(day)
    }

    static func next(_ event: Event, calendar: String?, text: DateText, now: Date) -> String {
        let start = event.when.startInstant(in: text.zone)
        let day = text.localDate(start)
        let today = text.localDate(now)
        let dayWord = dayToCome(day, today: today, text: text)
        let time = clockOrAllDay(event.when, text: text)
        // Days counted on the calendar, as `away` counts them: Thursday 08:00 is "in 6 days"
        // on Friday at 10:00, not the 5 whole days between.
        let days = today.days(until: day)
        let until = start <= now ? "now" : days >= 2 ? "in \(days) days" : DateText.until(start, from: now)
        return "Next: \(event.shownTitle), \(dayWord) \(time) (\(until))" + (calendar.map { "  [\($0.oneLine)]" } ?? "")
    }

    /// "how long am I in berlin": "Berlin: Fri 18 Dec to Mon 28 Dec, 10 days (from 'Flight to
    /// berlin' to 'Flight home')."
    static func stay(_ place: String, from: Date, to: Date, there: Event, left: Event?, text: DateText) -> String {
        let first = text.localDate(from), last = text.localDate(to.addingTimeInterval(left == nil ? -1 : 0))
        let days = first.days(until: last) + (left == nil ? 1 : 0)
        let name = capitalizedTitle(place.oneLine)
        let between = left.map { "from '\(there.shownTitle)' to '\($0.shownTitle)'" } ?? "'\(there.shownTitle)'"
        return "\(name): \(text.shortDay(first)) to \(text.shortDay(last)), \(days == 1 ? "1 day" : "\(days) days") (\(between))."
    }

    /// A line that asked for several new events, asked one at a time.
    static func severalEvents(_ count: Int) -> String { "\(count) events, one at a time:" }

    /// "With Sam Okafor, Dev Patel and Lena Vogel.", or that it has no guests.
    static func guests(of event: Event) -> String {
        let people = event.attendees.compactMap { $0.name ?? $0.email }.map(\.oneLine)
        return people.isEmpty ? "No guests on it." : "With " + list(people) + "."
    }

    /// One thing asked of an event found by its name (`AgendaQuery.asks`): "Dentist lasts
    /// 45 min: Thu 10 Dec 2026, 16:30–17:15.", "Dentist starts at 16:30 on Thu 10 Dec (until
    /// 17:15).", "Yes — Dentist, Thu 10 Dec 2026, 16:30–17:15."
    /// `around` are the agenda lines of the events an `.after`/`.before` question found.
    static func aspect(_ aspect: EventAspect, of event: Event, around: [String] = [], text: DateText, now: Date) -> String {
        let title = event.shownTitle, span = text.span(event.when)
        let year = text.localDate(now).year
        func on(_ day: LocalDate) -> String { "on " + (day.year == year ? text.shortDay(day) : text.day(day)) }
        switch (aspect, event.when) {
        case (.check, _):
            return "Yes — \(title), \(span)."
        case (.length, .allDay(let first, let end)):
            let days = first.days(until: end)
            return days <= 1 ? "\(title) is all day: \(span)." : "\(title) lasts \(days) days: \(span)."
        case (.length, .timed(let start, let end, _)):
            return "\(title) lasts \(DateText.duration(seconds: end.timeIntervalSince(start))): \(span)."
        case (.place, _):
            guard let place = event.location, !place.isEmpty else {
                return "'\(title)' has no place set (\(span)). Say 'set the location of \(title) to …' to add one."
            }
            return "\(title) is at \(place.oneLine): \(span)."
        case (.start, .allDay(let first, _)):
            return "\(title) is all day \(on(first))."
        case (.start, .timed(let start, let end, _)):
            return "\(title) starts at \(text.clock(start)) \(on(text.localDate(start))) (until \(text.clock(end)))."
        case (.end, .allDay(_, let end)):
            return "\(title) ends \(on(end.adding(days: -1))) (all day)."
        case (.end, .timed(let start, let end, _)):
            return "\(title) ends at \(text.clock(end)) \(on(text.localDate(end))) (from \(text.clock(start)))."
        case (.notes, _):
            guard let notes = event.notes, !notes.trimmingWhitespace().isEmpty else {
                return "'\(title)' has no notes (\(span)). Say 'add a note to the \(title.lowercased()): …' to add some, or keep them in a file: 'create \(notesFileName(for: title)) with …'."
            }
            return (["Notes of \(title) (\(span)):"] + notes.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + String($0).oneLine }).joined(separator: "\n")
        case (.until, _):
            let start = event.when.startInstant(in: text.zone), end = event.when.endInstant(in: text.zone)
            if start > now { return "\(title) is \(away(start, text: text, now: now)): \(span)." }
            return end > now ? "\(title) is on now: \(span)." : "\(title) is over: \(span)."
        case (.after, .timed), (.before, .timed):
            let word = aspect == .after ? "after" : "before"
            guard !around.isEmpty else { return "Nothing else that day \(word) \(title) (\(span))." }
            return (["\(word.capitalized) \(title) (\(span)):"] + around).joined(separator: "\n")
        case (.after, .allDay(let first, let end)), (.before, .allDay(let first, let end)):
            let day = text.shortDay(aspect == .after ? end : first.adding(days: -1))
            let which = aspect == .after ? "the day after" : "the day before"
            guard !around.isEmpty else { return "Nothing on \(day), \(which) \(title) (\(span))." }
            return (["\(day), \(which) \(title) (\(span)):"] + around).joined(separator: "\n")
        }
    }

    /// The notes file an event's notes may be kept in: its title's first word that is no
    /// number and no word of every event ("Q1 planning meeting" → planning-notes.txt).
    static func notesFileName(for title: String) -> String {
        let generic: Set<String> = ["the", "a", "my", "our", "meeting", "call", "sync", "with", "and", "of", "for"]
        let words = title.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        let word = words.first { !generic.contains($0) && $0.contains(where: \.isLetter) && !$0.contains(where: \.isNumber) } ?? words.first ?? "meeting"
        return word + "-notes.txt"
    }

    /// "how many days until christmas": "Fri 25 Dec 2026 is in 21 days."
    /// `inWeeks`: "… is in 2 weeks and 5 days (19 days)."
    static func daysUntil(_ day: LocalDate, text: DateText, now: Date, inWeeks: Bool = false) -> String {
        let today = text.localDate(now)
        if day == today { return "That's today, \(text.day(day))." }
        if day < today { return "\(text.day(day)) was \(day.days(until: today)) days ago." }
        let days = today.days(until: day)
        if inWeeks, days >= 7 {
            let weeks = days / 7, rest = days % 7
            let said = (weeks == 1 ? "1 week" : "\(weeks) weeks") + (rest == 0 ? "" : rest == 1 ? " and 1 day" : " and \(rest) days")
            return "\(text.day(day)) is in \(said) (\(days) days)."
        }
        return "\(text.day(day)) is \(away(day.startOfDay(in: text.zone), text: text, now: now))."
    }

    /// "how many working days until christmas": "13 working days (Monday to Friday) between
    /// today and Fri 25 Dec 2026, which is in 18 days."
    static func workingDaysUntil(_ day: LocalDate, working: Int, text: DateText, now: Date) -> String {
        "\(working == 1 ? "1 working day" : "\(working) working days") (Monday to Friday) between today and \(text.day(day)), which is "
            + away(day.startOfDay(in: text.zone), text: text, now: now) + "."
    }

    /// How far off `instant` is: "tomorrow", "in 21 days" (calendar days), or "in 3 h 10 min" today.
    static func away(_ instant: Date, text: DateText, now: Date) -> String {
        let days = text.localDate(now).days(until: text.localDate(instant))
        if days >= 2 { return "in \(days) days" }
        if days == 1 { return "tomorrow" }
        return DateText.until(instant, from: now)
    }

    /// "any conflicts next week": "No overlapping events from Mon 7 Dec to Sun 13 Dec.", or
    /// a count and one line a pair: "  Mon 7 Dec  13:00–14:00 Lunch  ↔  13:30–14:30 Review".
    static func overlaps(_ pairs: [(Event, Event)], from: Date, to: Date, text: DateText, now: Date) -> String {
        let span = spanWords(from: from, to: to, text: text, now: now)
        guard !pairs.isEmpty else { return "No overlapping events \(span)." }
        var lines = [pairs.count == 1 ? "1 overlap \(span):" : "\(pairs.count) overlaps \(span):"]
        for (a, b) in pairs {
            func timed(_ e: Event) -> String {
                text.clockRange(e.when.startInstant(in: text.zone), e.when.endInstant(in: text.zone)) + " " + e.shownTitle
            }
            lines.append("  \(text.shortDay(text.localDate(a.when.startInstant(in: text.zone))))  \(timed(a))  ↔  \(timed(b))")
        }
        return lines.joined(separator: "\n")
    }

    /// "is the dentist on friday" when it is not: "No — 'Dentist' is on Thu 10 Dec 2026,
    /// 16:30–17:15."; of a series, "is next on".
    static func elsewhen(_ event: Event, text: DateText) -> String {
        "No — '\(event.shownTitle)' is \(event.recurringEventID == nil ? "" : "next ")on \(text.span(event.when))."
    }

    /// "Now: Standup until 09:45."
    static func now(_ event: Event, text: DateText) -> String {
        "Now: \(event.shownTitle) until \(text.clock(event.when.endInstant(in: text.zone)))."
    }

    /// The contacts' birthdays under a heading, one a line: "  Thu 10 Dec  Ana Pérez (36)".
    static func birthdays(_ list: [(day: LocalDate, name: String, age: Int?)], text: DateText, now: Date) -> [String] {
        let year = text.localDate(now).year
        let days = list.map { $0.day.year == year ? text.shortDay($0.day) : text.day($0.day) }
        let width = days.map(\.count).max() ?? 0
        var lines = ["Birthdays in your contacts"]
        for (b, day) in zip(list, days) {
            let pad = String(repeating: " ", count: width - day.count)
            let age = b.age.map { " (\($0))" } ?? ""
            lines.append("  \(day)\(pad)  \(b.name.oneLine)\(age)")
        }
        return lines
    }

    /// "Next birthday: Ana Pérez, Thu 10 Dec (in 7 days), turning 36."
    static func nextBirthday(_ name: String, on day: LocalDate, age: Int?, text: DateText, now: Date) -> String {
        let today = text.localDate(now)
        var when = text.shortDay(day) + " (in \(today.days(until: day)) days)"
        if day == today { when = "today" } else if day == today.adding(days: 1) { when = "tomorrow" }
        let turning = age.map { ", turning \($0)" } ?? ""
        return "Next birthday: \(name.oneLine), \(when)\(turning)."
    }

    /// The one event a question picked of its span (`AgendaQuery.pick`): "First tomorrow:
    /// Standup, 09:30–09:45.", "Last 'review' on Fri 4 Dec: Design review, 16:00–17:00.",
    /// "First from Mon 7 Dec to Sun 13 Dec: Dentist, Tue 8 Dec, 16:30–17:15."
    /// "Second", "Third", "Second to last": a place from the first or the last.
    static func placeWord(_ pick: EventPick, _ place: Int) -> String {
        switch pick {
        case .longest: return "Longest"
        case .shortest: return "Shortest"
        default: break
        }
        let names = [2: "Second", 3: "Third", 4: "Fourth", 5: "Fifth"]
        guard place > 1 else { return pick == .first ? "First" : "Last" }
        let word = names[place] ?? "\(place)th"
        return pick == .first ? word : word + " to last"
    }

    /// A place asked among a span's events that it does not have ("the third meeting on
    /// friday" with two).
    static func notThatMany(_ count: Int, place: Int, span: String) -> String {
        let asked = placeWord(place > 0 ? .first : .last, abs(place)).lowercased()
        let day = span.hasPrefix("on ") ? String(span.dropFirst(3)) : span
        return "There \(count == 1 ? "is" : "are") only \(count) event\(count == 1 ? "" : "s") \(span), so no \(asked) one. Say 'what's on \(day)' to see \(count == 1 ? "it" : "them")."
    }

    static func picked(_ pick: EventPick, place: Int = 1, _ event: Event, words: String?, from: Date, to: Date, text: DateText, now: Date) -> String {
        let head = placeWord(pick, place) + (words.map { " '\($0.oneLine)'" } ?? "")
        let first = text.localDate(from), last = text.localDate(to.addingTimeInterval(-1))
        let today = text.localDate(now)
        let span: String
        if first == last, from == first.startOfDay(in: text.zone), first == today || first == today.adding(days: 1) {
            span = first == today ? "today" : "tomorrow"
        } else {
            span = spanWords(from: from, to: to, text: text, now: now)
        }
        let time: String
        switch event.when {
        case .allDay:
            time = first == last ? "all day" : text.span(event.when)
        case .timed(let s, let e, _):
            let day = text.localDate(s)
            time = first == last && day == first ? text.clockRange(s, e) : text.shortDay(day) + ", " + text.clockRange(s, e)
        }
        let length = pick == .longest || pick == .shortest ? " (\(DateText.duration(seconds: event.when.endInstant(in: text.zone).timeIntervalSince(event.when.startInstant(in: text.zone)))))" : ""
        return "\(head) \(span): \(event.shownTitle), \(time)\(length)."
    }

    /// "when did I last see the dentist": "Last: Dentist, Fri 4 Dec 14:00–15:00 (5 days ago)".
    static func last(_ event: Event, calendar: String?, text: DateText, now: Date) -> String {
        let day = text.localDate(event.when.startInstant(in: text.zone))
        let today = text.localDate(now)
        let dayWord = day == today ? "today" : day == today.adding(days: -1) ? "yesterday" : day.year == today.year ? text.shortDay(day) : text.day(day)
        let time = clockOrAllDay(event.when, text: text)
        let days = day.days(until: today)
        let ago = days >= 2 ? " (\(days) days ago)" : ""
        return "Last: \(event.shownTitle), \(dayWord) \(time)\(ago)" + (calendar.map { "  [\($0.oneLine)]" } ?? "")
    }

    /// "when's my next free afternoon": the first such part of a day with nothing in it.
    static func nextFree(_ part: DayPart, _ window: (Date, Date)?, text: DateText) -> String {
        guard let (start, end) = window else { return "No free \(part.rawValue) in the next year." }
        return "Your next free \(part.rawValue): \(text.day(text.localDate(start))), \(text.clockRange(start, end))."
    }

    /// "when am I next free (for an hour)": the first free time from now, nil when none.
    static func firstFree(_ slot: (Date, Date)?, minutes: Int?, text: DateText, now: Date) -> String {
        let length = minutes.map { " of " + DateText.duration(seconds: TimeInterval($0 * 60)) } ?? ""
        guard let (start, end) = slot else { return "No free time\(length) in the days I looked at. Ask about a span, like 'am I free next week'." }
        let time = "\(text.clockRange(start, end)) (\(DateText.duration(seconds: end.timeIntervalSince(start))))"
        if start <= now { return "You're free now, until \(text.clock(end)) (\(DateText.duration(seconds: end.timeIntervalSince(now))))." }
        return "Next free\(length): \(dayToCome(text.localDate(start), today: text.localDate(now), text: text)) \(time)."
    }

    /// "show my recurring events": a series a line, its name, how often and when it comes,
    /// and its next day.
    static func repeatingEvents(_ rows: [(title: String, repeats: String, next: String)], from: Date, to: Date, text: DateText, now: Date) -> String {
        guard !rows.isEmpty else { return "No repeating events \(spanWords(from: from, to: to, text: text, now: now))." }
        let width = rows.map { $0.title.oneLine.count }.max() ?? 0
        return (rows.count == 1 ? "1 repeating event:\n" : "\(rows.count) repeating events:\n")
            + rows.map { "  \($0.title.oneLine.padded(toWidth: width))  \($0.repeats) · \($0.next)" }.joined(separator: "\n")
    }

    /// "how much free time do I have tomorrow": each day's free time, added up.
    static func freeTotal(_ days: [(LocalDate, TimeInterval)], text: DateText) -> String {
        guard let first = days.first else { return spanIsOver }
        let total = days.reduce(0) { $0 + $1.1 }
        func amount(_ seconds: TimeInterval) -> String { seconds < 60 ? "no free time" : DateText.duration(seconds: seconds) + " free" }
        if days.count == 1 { return "\(text.shortDay(first.0)): \(amount(total))." }
        // (A month's days a line each; "the next 500 years" only added up.)
        guard days.count <= 31 else {
            return "\(text.day(first.0)) – \(text.day(days[days.count - 1].0)): \(amount(total)) in all, over \(days.count) days."
        }
        let names = days.map { text.shortDay($0.0) }, width = names.map(\.count).max() ?? 0
        return "\(names[0]) – \(names[names.count - 1]): \(amount(total)) in all.\n"
            + zip(names, days).map { "  \($0.padded(toWidth: width))  \(amount($1.1))" }.joined(separator: "\n")
    }

    /// "what time is that for me": the event's time in the person's own zone.
    static func timeHere(_ event: Event, text: DateText) -> String {
        "'\(event.shownTitle)' is \(text.span(event.when)) your time (\(text.zone.identifier))."
    }

    /// "when is my last piano lesson" with none gone by: the last of those to come.
    static func lastToCome(_ event: Event, calendar: String?, text: DateText, now: Date) -> String {
        let day = text.localDate(event.when.startInstant(in: text.zone))
        let today = text.localDate(now)
        let days = today.days(until: day)
        let dayWord = day.year == today.year ? text.shortDay(day) : text.day(day)
        let within = days >= 2 ? " (in \(days) days)" : ""
        return "Last to come: \(event.shownTitle), \(dayWord) \(clockOrAllDay(event.when, text: text))\(within)" + (calendar.map { "  [\($0.oneLine)]" } ?? "")
    }

    /// This week asked about on its weekend, answered with the week after too.
    static func weekendLeft(isSunday: Bool) -> String {
        (isSunday ? "Only today is left of this week" : "Only the weekend is left of this week") + ", so here is next week too:"
    }

    /// "when did I last see the dentist" with none in the year gone by.
    static func nothingLast(words: String?, person: String?) -> String {
        let with = person.map { " with \($0.oneLine)" } ?? ""
        return words.map { "No '\($0.oneLine)'\(with) in the past year." } ?? "Nothing\(with) in the past year."
    }

    static func nothingNext(words: String?) -> String {
        words.map { "No '\($0)' coming up in the next year." } ?? "Nothing coming up in the next year."
    }

    /// "Nothing on Sat 5 Dec.", "Nothing from Mon 30 Nov to Sun 6 Dec.", "No 'dentist' events …";
    /// a span reaching into another year than `now`'s names its years.
    static func nothing(from: Date, to: Date, words: String?, person: String? = nil, calendar: String? = nil, weekday: Int? = nil,
                        text: DateText, now: Date) -> String {
        let span = onWeekdays(weekday) + spanWords(from: from, to: to, text: text, now: now)
        let with = (person.map { " with \($0)" } ?? "") + (calendar.map { " on '\($0)'" } ?? "")
        if words == "birthday" || words == "birthdays" { return "No birthdays\(with) \(span), in the calendar or the contacts." }
        if words == AgendaQuery.away { return "No trips, holidays or leave\(with) \(span) (events with such words in their titles)." }
        if let words { return "No '\(words)' events\(with) \(span)." }
        if !with.isEmpty { return "No events\(with) \(span)." }
        return "Nothing \(span)."
    }

    /// "on Sat 5 Dec", "from Mon 30 Nov to Sun 6 Dec"; a span reaching into another year than
    /// `now`'s names its years.
    static func spanWords(from: Date, to: Date, text: DateText, now: Date) -> String {
        let first = text.localDate(from)
        var last = text.localDate(to)
        if last.startOfDay(in: text.zone) == to { last = last.adding(days: -1) }
        let year = text.localDate(now).year
        let withYears = first.year != year || last.year != year
        func name(_ day: LocalDate) -> String { withYears ? text.day(day) : text.shortDay(day) }
        // Part of one day ("anything tomorrow afternoon"): its hours too.
        if first == text.localDate(to.addingTimeInterval(-1)), from != first.startOfDay(in: text.zone) || to != first.adding(days: 1).startOfDay(in: text.zone) {
            if to == first.adding(days: 1).startOfDay(in: text.zone) { return "on \(name(first)) after \(text.clock(from))" }
            return "on \(name(first)), \(text.clockRange(from, to))"
        }
        guard first < last else { return "on \(name(first))" }
        // A span starting or ending within a day ("this weekend" from Friday 18:00) says that
        // hour, so Friday's daytime events are not thought forgotten.
        let fromHour = from == first.startOfDay(in: text.zone) ? "" : " \(text.clock(from))"
        let toHour = to == last.adding(days: 1).startOfDay(in: text.zone) ? "" : " \(text.clock(to))"
        let start = fromHour.isEmpty ? name(first) : abs(from.timeIntervalSince(now)) < 60 ? "now" : name(first) + fromHour
        return "from \(start) to \(name(last))\(toHour)"
    }

    /// The first line of an answer to "how many": "3 events from Mon 30 Nov to Sun 6 Dec:",
    /// "1 'dentist' event with Ana on Fri 4 Dec:".
    static func counted(_ count: Int, from: Date, to: Date, words: String?, person: String? = nil, calendar: String? = nil, weekday: Int? = nil,
                        text: DateText, now: Date) -> String {
        let with = (person.map { " with \($0)" } ?? "") + (calendar.map { " on '\($0)'" } ?? "")
        let noun = (words.map { "'\($0)' " } ?? "") + (count == 1 ? "event" : "events")
        return "\(count) \(noun)\(with) \(onWeekdays(weekday))\(spanWords(from: from, to: to, text: text, now: now)):"
    }

    /// "on Fridays " before a span, for a day of the week asked over it; "" for none.
    static func onWeekdays(_ weekday: Int?) -> String {
        guard let weekday, (1...7).contains(weekday) else { return "" }
        return "on " + DateText.weekdays[weekday - 1] + "s "
    }

    /// "how many hours is maria working this week": "16 h in 2 'maria working' events from
    /// Mon 7 Dec to Sun 13 Dec:", all-day ones said apart (they have no hours); with none
    /// found, what clerk counts.
    static func hoursCounted(_ seconds: Double, events: Int, allDay: Int, from: Date, to: Date, words: String?, person: String?,
                             text: DateText, now: Date) -> String {
        let span = spanWords(from: from, to: to, text: text, now: now)
        let named = (words.map { "'\($0)' " } ?? "") + "events" + (person.map { " with \($0)" } ?? "")
        guard events > 0 else {
            return "No \(named) \(span), so no hours to count. I add up the hours of the events on your calendar that a word of their title or a guest names ('how many hours is Maria working this week' counts 'Maria works' and events with Maria)."
        }
        let hours = seconds <= 0 ? "0 h" : DateText.duration(seconds: seconds)
        let timed = events - allDay
        let counted = "\(hours) in \(timed) \(timed == 1 ? "event" : "events")"
        let days = allDay == 0 ? "" : " (and \(allDay) all-day, not counted)"
        return "\(counted)\(days) \(span)\(words.map { " matching '\($0)'" } ?? "")\(person.map { " with \($0)" } ?? ""):"
    }

    /// "what's my busiest day next week", "which day am I free": the day (or the free days)
    /// found, with what is booked.
    static func rankedDays(_ rank: DayRank, _ days: [(day: LocalDate, events: Int, booked: TimeInterval)], from: Date, to: Date,
                           text: DateText, now: Date) -> String {
        let span = spanWords(from: from, to: to, text: text, now: now)
        guard let first = days.first else { return "Nothing on \(span), so no day is busier than another." }
        func booked(_ day: (day: LocalDate, events: Int, booked: TimeInterval)) -> String {
            let count = "\(day.events) \(day.events == 1 ? "event" : "events")"
            return day.booked > 0 ? "\(count), \(DateText.duration(seconds: day.booked)) booked" : count + ", all day"
        }
        switch rank {
        case .busiest:
            return "Your busiest day \(span) is \(text.shortDay(first.day)): \(booked(first))."
        case .quietest where first.booked == 0:
            let names = days.map { text.shortDay($0.day) }
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            let allDay = days.count == 1 && first.events > 0 ? " (\(booked(first)))" : ""
            return "Of the days \(span), \(list) \(names.count == 1 ? "has" : "have") nothing booked\(allDay)."
        case .quietest:
            return "No day \(span) is free. The quietest is \(text.shortDay(first.day)): \(booked(first))."
        }
    }

    /// "maria cant do sunday, joao will cover": what clerk can do of it, in two requests.
    static func shiftCover(_ absent: String, cover: String?, shift: Event, skip: String, add: String?, typedDay: String, text: DateText) -> String {
        var lines = ["I can't move a shift from one person to another by myself" + (cover.map { " (\(absent) to \($0))" } ?? "") + "."]
        lines.append("I can do it in two steps:")
        lines.append("  '\(skip)' — \(shift.shownTitle), \(text.span(shift.when)), off the calendar that day")
        if let add, let cover {
            lines.append("  '\(add)' — the same hours for \(cover)")
        } else {
            lines.append("  then add whoever covers it: '<name> works \(typedDay)'")
        }
        return lines.joined(separator: "\n")
    }

    /// The same with no event of that person's that day.
    static func noShiftFound(_ absent: String, cover: String?, day: String, typed: String) -> String {
        "I can't move a shift from one person to another by myself" + (cover.map { " (\(absent) to \($0))" } ?? "") + ".\n"
            + "I found no event of \(absent)'s on \(day). Say what to add, like '\(cover ?? absent) works \(typed) 9-5'."
    }

    /// After the first events of a search that named no dates: how many more, up to when.
    static func moreFound(_ count: Int, until last: Event, text: DateText) -> String {
        let day = text.day(text.localDate(last.when.startInstant(in: text.zone)))
        return "… and \(count) more, the last on \(day). Name a span to see them ('… in January', '… next month')."
    }

    static func freeSlots(day: LocalDate, _ free: [(Date, Date)], text: DateText) -> String {
        guard !free.isEmpty else { return "\(text.shortDay(day)): no free slot that long." }
        return "\(text.shortDay(day)) free: " + free.map { text.clockRange($0.0, $0.1) }.joined(separator: ", ")
    }

    /// "Fri 4 Dec 12:00–18:00: you're free except 15:00–16:00 Dentist."
    static func freeExcept(day: LocalDate, window: (Date, Date), busy: [Event], text: DateText) -> String {
        let head = "\(text.shortDay(day)) \(text.clockRange(window.0, window.1)): "
        guard !busy.isEmpty else { return head + "you're free." }
        let taken = busy.map { event -> String in
            guard case .timed(let s, let e, _) = event.when else { return event.shownTitle }
            return "\(text.clockRange(s, e)) \(event.shownTitle)"
        }
        // ("block friday" kept the whole window: no free time in it, said so.)
        if FreeTime.free(busy, from: window.0, to: window.1).isEmpty { return head + "no free time (" + list(taken) + ")." }
        return head + "you're free except " + list(taken) + "."
    }

    /// `closest`: the title of an event to come spelled near the words ("Dentist" for
    /// "dentst"), offered in place of the listing hint.
    static func noSuchEvent(_ reference: EventReference, from: Date, to: Date, text: DateText, now: Date, closest: String? = nil) -> String {
        var what = "No event"
        if let words = reference.words { what += " matching '\(words.oneLine)'" }
        if let person = reference.attendee { what += " with \(person)" }
        // ("clear thursday afternoon": "on Thu 10 Dec, 12:00–18:00", not the whole day.)
        what += reference.when == nil ? " from today on." : " \(spanWords(from: from, to: to, text: text, now: now))."
        if let closest { return what + " Did you mean '\(closest.oneLine)'?" }
        return what + " Try 'what's on' to see your events."
    }

    static func whichEvent(_ events: [Event], text: DateText) -> String {
        numbered(events, under: "Which one?", text: text)
    }

    /// The events a bulk delete will remove, numbered, and the question.
    /// The events about to go, one a line; those in `wholeSeries` (ids) go with their series.
    static func deleteAll(_ events: [Event], wholeSeries: Set<String> = [], endingSeries: Set<String> = [], text: DateText) -> String {
        func note(_ event: Event) -> String {
            wholeSeries.contains(event.id) ? "  (every one: the whole series)" : endingSeries.contains(event.id) ? "  (and every one after: the series ends)" : ""
        }
        // (One event is shown as a single delete shows it, not as a list of one.)
        if events.count == 1 { return eventLine(events[0], text: text) + note(events[0]) + "\n" + deleteAllQuestion(1) }
        return numbered(events, under: theseEvents, text: text, note: note) + "\n" + deleteAllQuestion(events.count)
    }

    /// "Ended 'Piano lesson' before Tue 29 Dec."
    static func endedSeries(_ firsts: [Event], deleted: Int, text: DateText, undo: Bool) -> String {
        let ended = firsts.map { "'\($0.shownTitle)' before \(text.shortDay(text.localDate($0.when.startInstant(in: text.zone))))" }
        return "Ended " + list(ended) + "." + (deleted > 0 ? " Deleted \(eventCount(deleted))." : "") + undoHint(.changeItBack, undo)
    }

    /// `heading`, then one numbered line per event, with what `note` adds to it.
    private static func numbered(_ events: [Event], under heading: String, text: DateText, note: (Event) -> String = { _ in "" }) -> String {
        var lines = [heading]
        for (i, event) in events.enumerated() { lines.append("  \(i + 1)) " + eventLine(event, text: text) + note(event)) }
        return lines.joined(separator: "\n")
    }

    static func deleteWhich(_ event: Event, text: DateText) -> String {
        "'\(event.shownTitle)' repeats. Delete 1) only \(text.shortDay(text.localDate(event.when.startInstant(in: text.zone)))) or 2) the whole series? [1/2/n]"
    }

    static func deleted(_ event: Event, wholeSeries: Bool, text: DateText, undo: Bool) -> String {
        if wholeSeries { return "Deleted every '\(event.shownTitle)'." + undoHint(.bringThemBack, undo) }
        if event.recurringEventID != nil {
            return "Deleted '\(event.shownTitle)' on \(text.shortDay(text.localDate(event.when.startInstant(in: text.zone))))." + undoHint(.bringItBack, undo)
        }
        return "Deleted '\(event.shownTitle)'." + undoHint(.bringItBack, undo)
    }

    /// "Delete every 'Standup'? [y/N]": a series named as one.
    static func deleteSeriesQuestion(_ event: Event) -> String {
        "'\(event.shownTitle)' repeats. Delete every one, the whole series? [y/N]"
    }

    /// "Skip 'Standup' on Tue 1 Dec only? [y/N]".
    static func skipQuestion(_ event: Event, text: DateText) -> String {
        "Skip '\(event.shownTitle)' on \(text.shortDay(text.localDate(event.when.startInstant(in: text.zone)))) only? [y/N]"
    }

    /// What "undo" would do after a change, as the end of the sentence saying it was made.
    enum UndoHint {
        case bringItBack, bringThemBack, changeItBack, changeThemBack, moveItBack, removeIt, oldContentBack
    }

    /// " Say 'undo' to …", or nothing when the run cannot undo (one request, then exit).
    static func undoHint(_ hint: UndoHint, _ offered: Bool) -> String {
        guard offered else { return "" }
        switch hint {
        case .bringItBack: return " Say 'undo' to bring it back."
        case .bringThemBack: return " Say 'undo' to bring them back."
        case .changeItBack: return " Say 'undo' to change it back."
        case .changeThemBack: return " Say 'undo' to change them back."
        case .moveItBack: return " Say 'undo' to move it back."
        case .removeIt: return " Say 'undo' to remove it."
        case .oldContentBack: return " Say 'undo' to put the old content back."
        }
    }

    static let undoNeedsASession = "Undo works within a conversation: run clerk on its own and say 'undo' there, right after the change."

    /// Several events to change at once: clerk changes one at a time (the example a move
    /// to `calendar` when that was the change).
    static func changeOneAtATime(_ events: [Event], calendar: String? = nil) -> String {
        "I change one event at a time. Say which, as in 'move \(events[0].shownTitle.lowercased()) to \(calendar?.oneLine ?? "friday")'."
    }

    /// "Move it to Work? [Y/n]", or for a series "Move every 'Standup' to Work? [Y/n]".
    static func moveQuestion(_ move: CalendarMove) -> String {
        (move.isSeries ? "Move every '\(move.shown.shownTitle)'" : "Move it") + " to \(move.to.name.oneLine)? [Y/n]"
    }

    /// What a move to another calendar changes, as the card of a change shows it: the
    /// title, when, how a series repeats (all of it moves) and "calendar Personal → Work".
    static func moveSummary(_ move: CalendarMove, text: DateText) -> String {
        var lines = [move.shown.shownTitle]
        func row(_ label: String, _ value: String) { lines.append("  " + label.padded(toWidth: 9) + value) }
        row("when", text.span(move.shown.when))
        if move.isSeries {
            let start = text.localDate(move.shown.when.startInstant(in: text.zone))
            let repeats = move.rule.map { RecurrenceText.describe($0, start: start, zone: text.zone) ?? $0 }
            row("repeats", (repeats.map { $0 + " " } ?? "") + "(the whole series moves)")
        }
        row("calendar", move.from.name.oneLine + " → " + move.to.name.oneLine)
        return lines.joined(separator: "\n")
    }

    /// "Moved 'Dentist' to Work." or "Moved every 'Standup' to Work."
    static func moved(_ move: CalendarMove, undo: Bool) -> String {
        "Moved \(moveSubject(move)) to \(move.to.name.oneLine)." + undoHint(.moveItBack, undo)
    }

    /// "'Dentist'", or "every 'Standup'" for a series.
    static func moveSubject(_ move: CalendarMove) -> String {
        (move.isSeries ? "every " : "") + "'\(move.shown.shownTitle)'"
    }

    /// A move to the calendar the event is on.
    static func alreadyOnCalendar(_ event: Event, _ calendar: String) -> String {
        "'\(event.shownTitle)' is already on \(calendar.oneLine); nothing to change."
    }

    /// One day of a series named for a move: Google moves whole events, so the series goes
    /// whole or not at all.
    static func cannotMoveOneDay(_ event: Event, to calendar: String) -> String {
        "Only a whole series can move to another calendar, not one day of it. Nothing changed; "
            + "say 'move every \(event.shownTitle.lowercased()) to \(calendar.oneLine)' to move them all."
    }

    /// A move to another calendar said with other changes: one at a time.
    static func moveApart(_ calendar: String) -> String {
        "I move an event to another calendar on its own. Nothing changed; say the move to \(calendar.oneLine) first, then the other change."
    }

    /// The heading of the card of several events moved at once.
    static let theseChanges = "These changes:"

    /// "swap lunch and the dentist": the card's first line, then a `moveLine` for each.
    static func swapHeading(_ one: Event, _ other: Event) -> String {
        "Swap the times of '\(one.shownTitle)' and '\(other.shownTitle)':"
    }
    static let swapQuestion = "Swap them? [Y/n]"

    static func swapped(_ one: Event, _ other: Event, undo: Bool) -> String {
        "Swapped the times of '\(one.shownTitle)' and '\(other.shownTitle)'." + undoHint(.changeThemBack, undo)
    }

    /// Both words named one event ("swap lunch and lunch").
    static func swapSameEvent(_ event: Event) -> String {
        "Both name '\(event.shownTitle)'; nothing to swap. Name two events, like 'swap lunch and the dentist'."
    }

    static func swapSameTime(_ one: Event, _ other: Event) -> String {
        "'\(one.shownTitle)' and '\(other.shownTitle)' start at the same time; nothing to swap."
    }

    /// An all-day event and a timed one: one has no time to give the other.
    static func swapAllDayWithTimed(_ one: Event, _ other: Event) -> String {
        let (allDay, timed) = one.when.isAllDay ? (one, other) : (other, one)
        return "'\(allDay.shownTitle)' takes the whole day and '\(timed.shownTitle)' has a time, so I can't swap them."
            + " Move each instead: 'move \(timed.shownTitle.lowercased()) to friday at 10'."
    }

    /// One event of several moved: "  Standup  Tue 8 Dec 2026, 09:00–10:00 → Wed 9 Dec 2026, 09:00–10:00".
    static func moveLine(before: Event, after: Event, text: DateText) -> String {
        "  '\(before.shownTitle)'  \(text.span(before.when)) → \(text.span(after.when))"
    }

    static func changeAllQuestion(_ count: Int) -> String {
        count == 1 ? "Change it? [Y/n]" : count == 2 ? "Change both? [Y/n]" : "Change all \(count)? [Y/n]"
    }

    static func changedAll(_ count: Int, undo: Bool) -> String {
        count == 1 ? "Changed 1 event." + undoHint(.changeItBack, undo) : "Changed \(count) events." + undoHint(.changeThemBack, undo)
    }

    /// Several events that are where the change would put them already.
    static func allAlreadySo(_ count: Int) -> String {
        "\(count == 2 ? "Both are" : "All \(count) are") there already; nothing to change."
    }

    /// A change of several that stopped part-way: what changed, what did not, and why, in one line.
    static func changedSome(_ changed: [Event], notChanged: [Event], _ error: any Error, undo: Bool) -> String {
        var reason = failure(error)
        if reason.hasSuffix(" Nothing changed.") { reason = String(reason.dropLast(" Nothing changed.".count)) }
        let titles: ([Event]) -> String = { list($0.map { "'\($0.shownTitle)'" }) }
        let head = changed.isEmpty ? "Nothing changed" : "Changed \(titles(changed))"
        return head + "; not changed: \(titles(notChanged)). " + reason + (changed.isEmpty ? "" : undoHint(changed.count == 1 ? .changeItBack : .changeThemBack, undo))
    }

    /// An undo of several changes that stopped part-way.
    static func undoneSome(_ restored: Int, of count: Int, _ error: any Error) -> String {
        var reason = failure(error)
        if reason.hasSuffix(" Nothing changed.") { reason = String(reason.dropLast(" Nothing changed.".count)) }
        return "Changed back \(restored) of \(count) events; " + reason.lowercasedFirst
            + (restored < count ? " Say 'undo' again for the rest." : "")
    }

    static func deleteAllQuestion(_ count: Int) -> String {
        count == 1 ? "Delete it? [y/N]" : count == 2 ? "Delete both? [y/N]" : "Delete all \(count)? [y/N]"
    }

    static func deletedAll(_ count: Int, undo: Bool) -> String {
        count == 1 ? "Deleted 1 event." + undoHint(.bringItBack, undo) : "Deleted \(count) events." + undoHint(.bringThemBack, undo)
    }

    /// "no events", "1 event", "3 events".
    static func eventCount(_ count: Int) -> String {
        count == 0 ? "no events" : count == 1 ? "1 event" : "\(count) events"
    }

    /// "move just this week's yoga to thursday": that time of the series only.
    static func changeOnlyQuestion(_ event: Event, text: DateText) -> String {
        "Change '\(event.shownTitle)' on \(text.shortDay(text.localDate(event.when.startInstant(in: text.zone)))) only? [Y/n]"
    }

    static func changeSeriesQuestion(_ event: Event) -> String {
        "Change every '\(event.shownTitle)'? [Y/n]"
    }

    /// Under the card of a change from now on: "from Thu 10 Dec on; the times before stay as they were".
    static func fromThenOn(_ day: LocalDate, text: DateText) -> String {
        "from \(text.shortDay(day)) on; the times before stay as they were"
    }

    static func changeFromNowOnQuestion(_ event: Event) -> String {
        "Change '\(event.shownTitle)' from then on? [Y/n]"
    }

    /// A change from now on of a series that does not happen again.
    static func noTimesToCome(_ event: Event) -> String {
        "'\(event.shownTitle)' doesn't happen again, so there is nothing to change from now on."
    }

    /// After a series was changed from one of its times on.
    static func splitDone(_ split: SeriesSplit, text: DateText, undo: Bool) -> String {
        let day = text.shortDay(text.localDate(split.from.startInstant(in: text.zone)))
        return "Changed '\(split.started.shownTitle)' from \(day) on, now \(text.span(split.started.when)); the times before stay as they were."
            + undoHint(.changeItBack, undo)
    }

    static func changeWhich(_ event: Event, text: DateText) -> String {
        "'\(event.shownTitle)' repeats. Change 1) only \(text.shortDay(text.localDate(event.when.startInstant(in: text.zone)))) or 2) the whole series? [1/2/n]"
    }

    /// What an update will change, one line per part: "when  Tue 1 Dec 2026, 13:00–14:00 → 13:30–14:30".
    static func changeSummary(before: Event, after: Event, text: DateText) -> String {
        var lines = [before.shownTitle]
        // A part that had nothing reads as added ("reminder 30 min before (added)"), one
        // taken away as gone to none; nil is nothing.
        func row(_ label: String, _ old: String?, _ new: String?) {
            let change = old.map { $0 + " → " + (new ?? "none") } ?? (new ?? "none") + " (added)"
            lines.append("  " + label.padded(toWidth: 9) + change)
        }
        func said(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
        if before.when != after.when { row("when", text.span(before.when), text.span(after.when)) }
        if before.title != after.title { row("title", before.shownTitle, after.shownTitle) }
        if before.location != after.location { row("where", said(before.location?.oneLine), said(after.location?.oneLine)) }
        if before.notes != after.notes { row("notes", said(before.notes?.notesLine), said(after.notes?.notesLine)) }
        if before.attendees != after.attendees {
            func names(_ people: [Attendee]) -> String? { people.isEmpty ? nil : people.map { ($0.name ?? $0.email ?? "?").oneLine }.joined(separator: ", ") }
            row("with", names(before.attendees), names(after.attendees))
        }
        if before.reminderMinutes != after.reminderMinutes {
            row("reminder", before.reminderMinutes.isEmpty ? nil : reminders(before.reminderMinutes),
                after.reminderMinutes.isEmpty ? nil : reminders(after.reminderMinutes))
        }
        if before.recurrence != after.recurrence { row("repeats", repeats(before, text: text), repeats(after, text: text)) }
        return lines.joined(separator: "\n")
    }

    /// How `event` repeats, in words ("every other week on Tuesday"); nil when it does not.
    static func repeats(_ event: Event, text: DateText) -> String? {
        guard let line = event.recurrence.first(where: { $0.hasPrefix("RRULE:") }) else { return nil }
        let rule = String(line.dropFirst("RRULE:".count))
        return RecurrenceText.describe(rule, start: text.localDate(event.when.startInstant(in: text.zone)), zone: text.zone) ?? rule
    }

    /// A reminder earlier than calendars keep (`Event.latestReminderMinutes`).
    static func reminderTooEarly(_ minutes: Int) -> String {
        "A reminder can be at most 4 weeks before the event, not \(reminders([minutes])). Nothing changed."
    }

    /// "30 min before, 1 h before"; "—" for none.
    static func reminders(_ minutes: [Int]) -> String {
        minutes.isEmpty ? "—" : minutes.map { DateText.duration(seconds: TimeInterval($0) * 60) + " before" }.joined(separator: ", ")
    }

    /// Reminders taken off an event that has none.
    static func noReminders(_ event: Event) -> String {
        "'\(event.shownTitle)' has no reminders; nothing to change."
    }

    /// A change asked for that the event already has.
    static func alreadySo(_ event: Event, text: DateText) -> String {
        "'\(event.shownTitle)' is already \(text.span(event.when)); nothing to change."
    }

    /// A person to take off an event who is not on it: "Mike isn't on 'Board meeting'."
    /// "she can't make lunch" when the lunch does not say who she is.
    static func whoCannotMake(_ pronoun: String, _ event: Event) -> String {
        guard let first = event.attendees.first else {
            return "No one is invited to '\(event.shownTitle)', so there's no one to take off. To call it off, say 'cancel it'."
        }
        let name = (first.name ?? first.email ?? "Ana").split(separator: " ").first.map(String.init) ?? "Ana"
        return "Who can't make it? '\(event.shownTitle)' is with " + list(event.attendees.map { ($0.name ?? $0.email ?? "?").oneLine })
            + ". Say the name, like '\(name.oneLine) can't make it'."
    }

    static func notOnEvent(_ names: [String], _ event: Event) -> String {
        "\(list(names.map(\.oneLine))) \(names.count == 1 ? "isn't" : "aren't") on '\(event.shownTitle)'; nothing to change."
            + (event.attendees.isEmpty ? "" : " It's with " + list(event.attendees.map { ($0.name ?? $0.email ?? "?").oneLine }) + ".")
    }

    /// A guest to add who is on the event already: "Priya is already on 'Call with Priya'."
    static func alreadyOnEvent(_ names: [String], _ event: Event) -> String {
        "\(list(names.map(\.oneLine))) \(names.count == 1 ? "is" : "are") already on '\(event.shownTitle)'; nothing to change."
    }

    /// Said after a change: the new time when the time changed, else what changed.
    static func updated(_ event: Event, before: Event, wholeSeries: Bool, text: DateText, undo: Bool) -> String {
        if before.when == event.when {
            var what: [String] = []
            if before.location != event.location { what.append(event.location.map { "now at \($0.oneLine)" } ?? "no place now") }
            if before.notes != event.notes { what.append(event.notes.map { "notes now '\($0.notesLine)'" } ?? "no notes now") }
            if before.attendees != event.attendees {
                let names = event.attendees.map { ($0.name ?? $0.email ?? "?").oneLine }
                what.append(names.isEmpty ? "no one invited now" : "with " + list(names))
            }
            if before.reminderMinutes != event.reminderMinutes {
                what.append(event.reminderMinutes.isEmpty ? "no reminder" : "reminder " + reminders(event.reminderMinutes))
            }
            if before.recurrence != event.recurrence { what.append(repeats(event, text: text).map { "now " + $0 } ?? "no longer repeating") }
            // A new name is said as a rename: "Renamed 'Lunch' to 'Lunch with Ana'."
            if before.title != event.title {
                let renamed = "Renamed " + (wholeSeries ? "every " : "") + "'\(before.shownTitle)' to '\(event.shownTitle)'"
                return renamed + (what.isEmpty ? "." : "; " + what.joined(separator: ", ") + ".") + undoHint(.changeItBack, undo)
            }
            let subject = wholeSeries ? "every '\(event.shownTitle)'" : "'\(event.shownTitle)'"
            return "Changed \(subject)" + (what.isEmpty ? "." : ": " + what.joined(separator: ", ") + ".") + undoHint(.changeItBack, undo)
        }
        if wholeSeries {
            return "Changed every '\(event.shownTitle)'; the series now starts \(text.span(event.when))." + undoHint(.changeItBack, undo)
        }
        return "Changed '\(event.shownTitle)', now \(text.span(event.when))." + undoHint(.changeItBack, undo)
    }

    static func undoQuestion(_ change: Change, text: DateText) -> String {
        switch change {
        case .createdEvent(let event): return "Undo: delete '\(event.shownTitle)' (\(text.span(event.when)))? [Y/n]"
        case .deletedEvent(let event, _): return "Undo: bring back '\(event.shownTitle)' (\(text.span(event.when)))? [Y/n]"
        case .deletedEvents(let deleted):
            if deleted.count == 1, let (event, _) = deleted.first { return "Undo: bring back '\(event.shownTitle)' (\(text.span(event.when)))? [Y/n]" }
            return "Undo: bring back the \(deleted.count) deleted events? [Y/n]"
        case .updatedEvent(let before, _, _): return "Undo: change '\(before.shownTitle)' back to \(text.span(before.when))? [Y/n]"
        case .updatedEvents(let updated):
            if updated.count == 1, let only = updated.first { return "Undo: change '\(only.before.shownTitle)' back to \(text.span(only.before.when))? [Y/n]" }
            return "Undo: change the \(updated.count) moved events back? [Y/n]"
        case .movedEvent(let move): return "Undo: move \(moveSubject(move)) back to \(move.from.name.oneLine)? [Y/n]"
        case .splitSeries(let split):
            return "Undo: change '\(split.before.shownTitle)' back from \(text.shortDay(text.localDate(split.from.startInstant(in: text.zone)))) on? [Y/n]"
        case .createdFile(let file): return "Undo: move the new file \(file.name.oneLine) to the trash? [Y/n]"
        case .wroteFile(let file, _): return "Undo: put back the previous content of \(file.name.oneLine)? [Y/n]"
        case .trashedFile(let file): return "Undo: take \(file.name.oneLine) out of the trash? [Y/n]"
        case .restoredFile(let file): return "Undo: put \(file.name.oneLine) back in the trash? [Y/n]"
        case .renamedFile(let file, let newName): return "Undo: rename \(newName) back to \(file.name.oneLine)? [Y/n]"
        case .renamedCalendar(let calendar, let newName): return "Undo: rename calendar '\(newName)' back to '\(calendar.name.oneLine)'? [Y/n]"
        case .deletedCalendar(let calendar, let events, let remade):
            let count = eventCount(events.filter { $0.recurringEventID == nil }.count)
            if remade != nil { return "Undo: bring the \(count) of '\(calendar.name.oneLine)' back to it? [Y/n]" }
            return "Undo: make the calendar '\(calendar.name.oneLine)' again, with \(count)? [Y/n]"
        case .changedDefaultCalendar(let previous, _):
            return "Undo: make \(previous.map { "'\($0)'" } ?? "the primary calendar") the default again? [Y/n]"
        case .changedWorkingHours(let previous, _): return "Undo: set the working hours back to \(hours(previous))? [Y/n]"
        case .changedEventLength(let previous, _): return "Undo: make new events \(previous) min again? [Y/n]"
        case .changedTimeZone(let previous, _): return "Undo: set the time zone back to \(previous ?? "TZ's") from the next start? [Y/n]"
        }
    }

    /// After an undo that made a deleted calendar again but could not bring its events back
    /// (`error`, what stopped their import): the next undo brings them into it.
    static func calendarBackWithoutEvents(_ name: String, events: Int, _ error: any Error) -> String {
        var cause = error as? ServiceError
        if case .importInterrupted(let inner, _)? = cause { cause = inner }
        return "The calendar '\(name)' is back, but not its \(eventCount(events)): "
            + (cause.map { $0.reasonClause.lowercasedFirst } ?? "something went wrong inside clerk")
            + ". Say 'undo' again to bring them back."
    }

    /// A new event Google may or may not have made (`stopped`: Ctrl-C stopped the wait).
    static func createdOrNot(_ title: String, stopped: Bool) -> String {
        (stopped ? "Stopped before Google answered" : "The connection to Google broke before it answered")
            + ", so clerk can't tell whether '\(title)' was made. Asking for it again is safe: clerk sends it under the same id, so Google makes it only once."
    }

    /// After an undo that could not bring events back as they were.
    static func madeAgain(_ count: Int) -> String {
        count == 1 ? "(Google would not bring it back, so it was made again as a new event.)"
            : "(Google would not bring \(count) of them back, so they were made again as new events.)"
    }

    static let noChangeYet = "Nothing changed yet in this session."

    /// "Last change: created 'Lunch with Ana', Tue 1 Dec 2026, 13:00–14:00. Say 'undo' to reverse it."
    static func lastChange(_ change: Change, text: DateText, undo: Bool) -> String {
        "Last change: " + changeSummary(change, text: text) + "." + (undo ? " Say 'undo' to reverse it." : "")
    }

    /// "what have I changed", "what did I cancel": the session's changes (or its deletions),
    /// oldest first, one a line; and what "undo" would reverse.
    static func changesMade(_ changes: [Change], deletionsOnly: Bool, text: DateText, undo: Bool) -> String {
        let shown = deletionsOnly ? changes.filter(\.isDeletion) : changes
        guard let last = changes.last, !shown.isEmpty else {
            return deletionsOnly ? "Nothing deleted in this session. (clerk remembers this session's changes only.)" : noChangeYet
        }
        var lines = [deletionsOnly ? "Deleted in this session:" : "Changes in this session:"]
        lines += shown.map { "  " + changeSummary($0, text: text) }
        if undo { lines.append(last.isDeletion || !deletionsOnly ? "Say 'undo' to reverse the last." : "('undo' reverses only the last change, which was not one of these.)") }
        return lines.joined(separator: "\n")
    }

    /// One change, as a clause: "created 'Lunch with Ana', Tue 1 Dec 2026, 13:00–14:00".
    private static func changeSummary(_ change: Change, text: DateText) -> String {
        let what: String
        switch change {
        case .createdEvent(let event): what = "created '\(event.shownTitle)', \(text.span(event.when))"
        case .deletedEvent(let event, let id):
            what = "deleted " + (id != event.id ? "every " : "") + "'\(event.shownTitle)', \(text.span(event.when))"
        case .deletedEvents(let deleted):
            if deleted.count == 1, let (event, _) = deleted.first { what = "deleted '\(event.shownTitle)', \(text.span(event.when))" }
            else { what = "deleted \(eventCount(deleted.count)): " + list(deleted.map { "'\($0.0.shownTitle)'" }) }
        case .updatedEvent(let before, let after, _):
            if before.title != after.title { what = "renamed '\(before.shownTitle)' to '\(after.shownTitle)'" }
            else if before.when != after.when { what = "moved '\(before.shownTitle)' from \(text.span(before.when)) to \(text.span(after.when))" }
            else { what = "changed '\(after.shownTitle)', \(text.span(after.when))" }
        case .updatedEvents(let updated):
            what = "moved \(eventCount(updated.count)): " + list(updated.map { "'\($0.before.shownTitle)'" })
        case .movedEvent(let move): what = "moved \(moveSubject(move)) from \(move.from.name.oneLine) to \(move.to.name.oneLine)"
        case .splitSeries(let split):
            what = "changed '\(split.before.shownTitle)' from \(text.shortDay(text.localDate(split.from.startInstant(in: text.zone)))) on"
        case .createdFile(let file): what = "created the file \(file.name.oneLine)"
        case .wroteFile(let file, _): what = "changed the file \(file.name.oneLine)"
        case .trashedFile(let file): what = "moved the file \(file.name.oneLine) to the trash"
        case .restoredFile(let file): what = "took the file \(file.name.oneLine) out of the trash"
        case .renamedFile(let file, let newName): what = "renamed the file \(file.name.oneLine) to \(newName.oneLine)"
        case .renamedCalendar(let calendar, let newName): what = "renamed the calendar '\(calendar.name.oneLine)' to '\(newName.oneLine)'"
        case .deletedCalendar(let calendar, _, _): what = "deleted the calendar '\(calendar.name.oneLine)'"
        case .changedDefaultCalendar(_, let new): what = "made '\(new.oneLine)' the default calendar"
        case .changedWorkingHours(_, let new): what = "set the working hours to \(hours(new))"
        case .changedEventLength(_, let new): what = "made new events \(new) min unless said"
        case .changedTimeZone(_, let new): what = "set the time zone to \(new)"
        }
        return what
    }

    static func undone(_ change: Change, text: DateText) -> String {
        switch change {
        case .createdEvent(let event): return "Undone: '\(event.shownTitle)' is deleted."
        case .deletedEvent(let event, _): return "Undone: '\(event.shownTitle)' is back."
        case .deletedEvents(let deleted):
            if deleted.count == 1, let (event, _) = deleted.first { return "Undone: '\(event.shownTitle)' is back." }
            return "Undone: \(deleted.count) events are back."
        case .updatedEvent(let before, _, _): return "Undone: '\(before.shownTitle)' is back to \(text.span(before.when))."
        case .updatedEvents(let updated):
            if updated.count == 1, let only = updated.first { return "Undone: '\(only.before.shownTitle)' is back to \(text.span(only.before.when))." }
            return "Undone: \(updated.count) events are back where they were."
        case .movedEvent(let move): return "Undone: \(moveSubject(move)) is back on \(move.from.name.oneLine)."
        case .splitSeries(let split): return "Undone: every '\(split.before.shownTitle)' is as it was, one series again."
        case .createdFile(let file): return "Undone: \(file.name.oneLine) is in the trash."
        case .wroteFile(let file, _): return "Undone: \(file.name.oneLine) has its previous content."
        case .trashedFile(let file): return "Undone: \(file.name.oneLine) is back."
        case .restoredFile(let file): return "Undone: \(file.name.oneLine) is in the trash again."
        case .renamedFile(let file, _): return "Undone: the file is \(file.name.oneLine) again."
        case .renamedCalendar(let calendar, _): return "Undone: the calendar is '\(calendar.name.oneLine)' again."
        case .deletedCalendar(let calendar, _, _): return "Undone: the calendar '\(calendar.name.oneLine)' is back, with its events."
        case .changedDefaultCalendar(let previous, _): return "Undone: new events go on \(previous.map { "'\($0)'" } ?? "the primary calendar") again."
        case .changedWorkingHours(let previous, _): return "Undone: the working hours are \(hours(previous)) again."
        case .changedEventLength(let previous, _): return "Undone: new events are \(previous) min again."
        case .changedTimeZone(let previous, _): return "Undone: from the next start the time zone is \(previous ?? "TZ's") again."
        }
    }
}

extension String {
    /// An event's notes inside a line of an answer: their lines joined by " / ".
    var notesLine: String {
        split(whereSeparator: \.isNewline).map { String($0).oneLine }.joined(separator: " / ")
    }
}
