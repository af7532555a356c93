import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// create_event: build a card from the sentence, resolve what needs resolving (calendar,
/// people), show it, and create the event only on a yes.
extension Session {
    /// True when an event still to come (within a year) is found by `title`'s words.
    func hasUpcomingEvent(titled title: String) -> Bool {
        let now = context.now.now()
        let found = try? searchEvents(words: title, attendee: nil, from: now, to: now + TimeInterval(AgendaDefaults.searchDays * 86_400), calendarIDs: nil)
        return !(found ?? []).isEmpty
    }

    /// "remind me about the dentist": how long before it, asked; the answer ("30 minutes",
    /// "an hour before", "the day before") is read as "remind me … before the dentist".
    func askReminder(of title: String) -> Reply {
        let question = Renderer.askReminder(title)
        return ask(.text(TextQuestion(intent: .updateEvent, question: question) { [unowned self] answer in
            var said = answer.trimmingSpacesAndPunctuation()
            for ending in [" before", " ahead", " earlier"] where said.lowercased().hasSuffix(ending) { said = String(said.dropLast(ending.count)) }
            let understood = understand("remind me \(said) before the \(title.lowercased())")
            if case .updateEvent(let reference, let changes) = understood.intent, let minutes = changes.reminderMinutes, !minutes.isEmpty {
                return updateEvent(reference, changes)
            }
            if let reply = newRequest(insteadOf: .updateEvent, understand(answer)) { return reply }
            return Reply(intent: .updateEvent, ok: false, message: Renderer.didNotReadReminder(answer))
        }), Reply(intent: .updateEvent, ok: true, message: question))
    }

    /// `title` with its "One"/"One more"/"Another (one)" in place of the kind of event `previous` names
    /// (its words before "with", "for", "at" or "about"); nil for any other title, and for
    /// "one on one" and "one to one".
    static func another(_ title: String, of previous: String) -> String? {
        var words = title.split(separator: " ").map(String.init)
        guard let first = words.first?.lowercased(), first == "one" || first == "another" else { return nil }
        words.removeFirst()
        if first == "another" && words.first?.lowercased() == "one" || first == "one" && words.first?.lowercased() == "more" { words.removeFirst() }
        let links: Set<String> = ["with", "for", "at", "about"]
        guard words.isEmpty || links.contains(words[0].lowercased()) else { return nil }
        // ("another one": the same again.)
        if words.isEmpty { return previous }
        let kind = previous.split(separator: " ").prefix { !links.contains($0.lowercased()) }.joined(separator: " ")
        guard !kind.isEmpty, kind.lowercased() != "one" else { return nil }
        return ([kind] + words).joined(separator: " ")
    }

    /// `said` is the line as typed, for what the card says about it (a time that does not
    /// exist that day).
    /// `titleQuestion` is asked when the request has no title.
    func createEvent(_ request: EventRequest, said: String? = nil, titleQuestion: String = Renderer.askTitle, copiedFrom: Event? = nil) -> Reply {
        let calendars: [CalendarInfo]
        do { calendars = try context.calendars.calendars() } catch { return failure(.createEvent, error) }
        guard let primary = calendars.first(where: \.isPrimary) ?? calendars.first else {
            return Reply(intent: .createEvent, ok: false, message: Renderer.noCalendars)
        }

        var request = request
        // "block Friday afternoon": time kept busy needs no name.
        if request.title.isEmpty, request.isBlock { request.title = Renderer.blockTitle }
        if request.title.isEmpty {
            return ask(.text(TextQuestion(intent: .createEvent, question: titleQuestion) { [unowned self] answer in
                // "lunch tomorrow" as the answer: a name and a day, when none was said before.
                if request.when == nil, case .createEvent(let named) = understand(answer).intent, !named.title.isEmpty, named.when != nil {
                    return createEvent(named, said: answer)
                }
                request.title = Renderer.capitalizedTitle(answer)
                return createEvent(request, said: said)
            }), Reply(intent: .createEvent, ok: true, message: titleQuestion))
        }
        // "gym again on thursday", "the dentist again in march": the event of that name copied
        // to the day said, its hours kept, as "copy the gym to thursday" copies it (it made an
        // all-day "Gym again").
        if let when = request.when, request.recurrence == nil, request.attendees.isEmpty, let named = Self.namedAgain(request.title) {
            let shownSo = lastShown.map { Spelling.fold($0.title) == Spelling.fold(named) } == true
            if shownSo || hasUpcomingEvent(titled: named) {
                var changes = EventChanges(when: when)
                changes.copies = true
                return updateEvent(shownSo ? .lastShown : EventReference(words: named.lowercased()), changes)
            }
        }
        // "and one with tom friday at 11", "another with bob on monday": the kind of the event
        // just shown, for someone else or another time ("Meeting with Jenny" → "Meeting with Tom").
        if let shown = lastShown, let named = Self.another(request.title, of: shown.title) { request.title = named }
        guard var match = request.when else {
            // "add the hotel booking reference ABC123 to the offsite": words given to an event
            // to come, named after "to", are a note on it (asked first), as "add a note to the
            // offsite: …" is; with no such event it is a new one, as before.
            if request.attendees.isEmpty, let line = lastLine, let (detail, named) = Self.detailForEvent(line), hasUpcomingEvent(titled: named) {
                var changes = EventChanges()
                changes.notes = detail
                changes.addsNote = true
                return updateEvent(EventReference(words: named.lowercased()), changes)
            }
            // "stop the standup", "no more piano lessons": a repeating event to come named so
            // ends, as out of scope lines say it (`outOfScopeReply`).
            if request.attendees.isEmpty, let named = Self.seriesStopped(request.title), hasUpcomingSeries(named: named) {
                return handle(understand("cancel " + named + " from now on"))
            }
            // "add a reminder 30 min before dinner", "remind me about the dentist a day
            // before": with no day said, a reminder for the event already there by that name.
            if !request.reminderMinutes.isEmpty, request.attendees.isEmpty, hasUpcomingEvent(titled: request.title) {
                return updateEvent(EventReference(words: request.title), EventChanges(reminderMinutes: request.reminderMinutes))
            }
            // "make lunch 90 minutes", "make the standup an hour long": with no day said, the
            // length of the event already there by that name.
            if let minutes = request.durationMinutes, request.attendees.isEmpty, request.location == nil,
               lastLine.map({ Spelling.fold($0).hasPrefix("make ") }) == true, hasUpcomingEvent(titled: request.title) {
                return updateEvent(EventReference(words: request.title.lowercased()), EventChanges(durationMinutes: minutes))
            }
            // "remind me to leave 30 min before" just after an event was shown: a reminder of
            // that event (after a listing, which one is asked).
            if !request.reminderMinutes.isEmpty, lastShown != nil || lastListing != nil, fileOnScreen == nil, let line = lastLine,
               Self.remindsOfNoEvent(line) {
                return updateEvent(.lastShown, EventChanges(reminderMinutes: request.reminderMinutes))
            }
            // "put Lily's birthday in my calendar": the address book knows the day; a yearly
            // all-day event on it.
            if let dated = birthdayOfContact(request) { return createEvent(dated, said: nil) }
            // "revise the day before the exam", "pack the night before the flight": the day
            // counted from the event named.
            if let dated = dayFromEvent(request) { return createEvent(dated, said: nil) }
            // "add oat milk, napkins, 2kg sugar" with no list said or shown: items, no event.
            if let line = lastLine, request.attendees.isEmpty, request.title.contains(","),
               ["add", "put"].contains(line.split(separator: " ").first.map { $0.lowercased() } ?? "") {
                return Reply(intent: .createEvent, ok: false, message: Renderer.addToWhichList(request.title))
            }
            if context.quickAdd != nil, let line = lastLine { return offerQuickAdd(line) }
            // A date is the answer ("friday at 3", "on the 12th please"); another request
            // typed instead ("bump the dentist to next week", "lunch with Bob tomorrow")
            // drops the question: its date was never this event's.
            return askDay(Renderer.askWhen(request.title), again: Renderer.askWhenAgain(request.title)) { [unowned self] _, understood in
                guard let reading = Self.dateAlone(understood) ?? Self.dateAnswering(understood) else { return nil }
                request.when = reading
                return createEvent(request, said: nil)
            }
        }

        // "daily standup", "weekly review": how often and a name, nothing else. The event of
        // that name there is looked at; else when in the day is asked (it made an all-day
        // repeat from today), and the answer ("9:30", "at 10 to 10:15", "all day") read with
        // the line.
        if let said, match.rule == "frequency-word", !match.known.contains(.time), request.attendees.isEmpty, request.location == nil {
            if hasUpcomingEvent(titled: request.title) { return queryAgenda(AgendaQuery(words: request.title.lowercased())) }
            let question = Renderer.askRepeatTime(request.title, repeats: RecurrenceText.describe(match.recurrence ?? "", start: LocalDate(match.start, in: context.zone), zone: context.zone))
            return askDay(question, again: question) { [unowned self] answer, understood in
                if understood.dates.contains(where: { $0.known.contains(.date) && !$0.known.contains(.time) }), !answer.lowercased().contains("all day") { return nil }
                if answer.lowercased().trimmingSpacesAndPunctuation() == "all day" { return createEvent(request, said: nil) }
                let startsWithDigit = answer.trimmingSpaces().first?.isNumber ?? false
                let both = said + (startsWithDigit ? " at " : " ") + answer
                guard case .createEvent(let timed) = understand(both).intent, let when = timed.when, when.known.contains(.time), when.recurrence != nil else { return nil }
                return createEvent(timed, said: both)
            }
        }
        // "schedule a call with bob next week": a week or a month and nothing finer is when to
        // look, not the event's length; which day is asked, and the answer read within the span
        // ("wednesday at 10" → next week's). "vacation all next week" keeps the whole span.
        if let said, Self.needsADay(match, request: request, said: said) {
            let span = String(said[match.range])
            return askDay(Renderer.askWhichDay(span), again: Renderer.askWhichDayAgain(span)) { [unowned self] answer, understood in
                // The answer must name a day: a time or a meal alone ("at 10", "lunch") is none.
                guard let alone = Self.dateAlone(understood) ?? Self.dateAnswering(understood) ?? Self.dateAsked(understood),
                      alone.known.contains(.date) else { return nil }
                // A day in the span first ("the 1st" of next month, not of this one); else the
                // day the answer names alone.
                var chosen: DateMatch?
                for text in [answer + " " + span, answer] {
                    let understood = understand(text)
                    let reading = Self.dateAlone(understood) ?? Self.dateAnswering(understood) ?? Self.dateAsked(understood)
                    guard let reading, reading.grain < .week else { continue }
                    if reading.start >= match.start && reading.start < match.end { chosen = reading; break }
                    if chosen == nil { chosen = reading }
                }
                guard let chosen else { return nil }
                request.when = chosen
                // (The span made the request all day; the day answered says its own.)
                request.isAllDay = false
                return createEvent(request, said: nil)
            }
        }

        // "book a table on saturday" said on a Saturday evening: today's is over, so the next one
        // (asked about, or cancelled, "saturday" is still today).
        let weekdayMoved = weekdayGoneBy(match, request)
        if let weekdayMoved { match = weekdayMoved }
        let configured = context.preferences.defaultCalendar.flatMap { name in calendars.first { Spelling.fold($0.name) == Spelling.fold(name) } }
        var calendar = configured ?? primary
        if let mention = request.calendar {
            switch self.calendar(mention, among: calendars, intent: .createEvent, retry: { [unowned self] named in
                request.calendar = named
                return createEvent(request, said: said)
            }, declined: {
                Reply(intent: .createEvent, ok: true, message: Renderer.nameACalendar(calendars.map(\.name)))
            }) {
            case .found(let found): calendar = found
            case .answered(let reply): return reply
            }
        }

        // "every 5 minutes": no calendar keeps events that repeat within the hour.
        if let rule = request.recurrence ?? match.recurrence, ["MINUTELY", "SECONDLY"].contains(RRule(rule).frequency) {
            return Reply(intent: .createEvent, ok: false, message: Renderer.repeatsTooOften)
        }
        let allDay = request.isAllDay || match.isAllDay && request.startHint == nil
        var when: When
        // The wall-clock time said, when the zone skips it on the first day: a repeat keeps it.
        var skippedStart: Int?
        var durationAssumed = false
        var placement: DraftCard.Placement = .said
        let zone = context.zone
        let hours = context.preferences.workingHours
        if let hint = request.startHint, !request.isAllDay {
            // "tomorrow morning", "lunch on Friday": the day said, starting at the part's or the
            // meal's time; "block Friday afternoon" keeps the whole (working) part busy.
            let day = LocalDate(match.start, in: zone)
            if request.isBlock, request.durationMinutes == nil, case .dayPart(let part) = hint {
                let (start, end) = StartDefaults.working(part, from: match.start, to: match.end, zone: zone, hours: hours)
                when = .timed(start: start, end: end, timeZone: zone.identifier)
            } else {
                // The default time on the day's wall clock (minutes counted from midnight put
                // lunch at 14:00 on the day the clocks go forward, and at 12:00 in autumn).
                var start = zone.date(day, minute: StartDefaults.start(hint, workingHours: hours))
                let length = request.durationMinutes.map { TimeInterval($0 * 60) } ?? context.preferences.eventLength
                durationAssumed = request.durationMinutes == nil
                // "call with bob sometime tomorrow afternoon" with 14:00 taken: the first free
                // span of its length in that part of the day from its usual start (the card
                // says so); with none, the usual start, and the card warns of the overlap.
                if case .dayPart(let part) = hint, request.recurrence == nil, match.recurrence == nil {
                    let (_, partEnd) = StartDefaults.working(part, from: match.start, to: match.end, zone: zone, hours: hours)
                    let events = (try? context.calendars.events(from: start, to: partEnd, calendarIDs: nil)) ?? []
                    if let slot = FreeTime.free(events, from: start, to: partEnd, minimum: length).first, slot.0 != start {
                        start = slot.0
                        placement = .firstFree
                    }
                }
                when = .timed(start: start, end: start + length, timeZone: zone.identifier)
            }
        } else if allDay, request.isBlock, request.durationMinutes == nil, LocalDate(match.start, in: zone).adding(days: 1) >= LocalDate(match.end, in: zone) {
            // "block friday", "i'm busy all day friday": one day kept busy is its working hours,
            // so free time and other calendars' free/busy see it (a day's all-day event is
            // free time to both).
            let day = LocalDate(match.start, in: zone)
            when = .timed(start: zone.date(day, minute: hours.start), end: zone.date(day, minute: hours.end), timeZone: zone.identifier)
        } else if allDay, !request.isAllDay, let minutes = request.durationMinutes {
            // "block 2 hours for deep work tomorrow": a length on a day with no time said
            // takes the first free span of that length in the day's working hours (a
            // repeat's, on its first day).
            let length = TimeInterval(minutes * 60)
            // ("gym tomorrow for 2 hours": the reader reads the length from the day's start, so
            // the whole day is looked in.)
            let dayEnd = zone.date(LocalDate(match.start, in: zone).adding(days: 1), minute: 0)
            let start = firstFreeStart(length, from: match.start, to: max(match.end, dayEnd))
            when = .timed(start: start.at, end: start.at + length, timeZone: zone.identifier)
            placement = start.free ? .firstFree : .noneFree
        } else if allDay {
            let first = LocalDate(match.start, in: context.zone)
            let last = LocalDate(match.end, in: context.zone)
            when = .allDay(start: first, end: max(last, first.adding(days: 1)))
        } else {
            var end = match.end
            if let minutes = request.durationMinutes {
                end = match.start + TimeInterval(minutes * 60)
            } else if !match.known.contains(.end) && !match.known.contains(.duration) {
                end = match.start + context.preferences.eventLength
                durationAssumed = true
            }
            when = .timed(start: match.start, end: end, timeZone: context.zone.identifier)
            skippedStart = match.skippedStart
        }
        // The repeat, and the days it leaves out at the event's own time of day.
        var recurrence = (request.recurrence ?? match.recurrence).map { ["RRULE:" + $0] } ?? []
        if !recurrence.isEmpty {
            recurrence += ExceptionLines.lines(request.recurrence != nil ? request.exceptions : match.exceptions, when: when, zone: zone)
            (when, skippedStart) = firstOccurrence(of: recurrence, from: when, skippedStart: skippedStart)
            // "every day until last month", "every monday until today" (a Wednesday): a repeat
            // that ends before its first time is no repeat (the card showed one time past its end).
            let first = LocalDate(when.startInstant(in: zone), in: zone)
            if let until = RRule(recurrence[0]).until, let last = RecurrenceText.lastDay(until, zone: zone), last < first {
                return Reply(intent: .createEvent, ok: false, message: Renderer.repeatEndsBeforeItStarts(last: last, first: first, zone: zone))
            }
        }
        let draft = EventDraft(title: request.title, when: when, location: request.location, notes: request.notes, attendees: [],
                               recurrence: recurrence, reminderMinutes: request.reminderMinutes,
                               skippedWallStart: recurrence.isEmpty ? nil : skippedStart)
        var card = DraftCard(id: context.makeID(), draft: draft, calendar: calendar, durationAssumed: durationAssumed,
                             calendarAssumed: request.calendar == nil)
        card.placement = placement
        card.copiedFrom = copiedFrom
        if let said, match.statedTimeZone == nil, let cut = Self.theirTime(in: card.draft.title), Self.theirTime(in: said) != nil {
            card.theirTimeUnknown = true
            card.draft.title = cut
        }
        if configured == nil { card.missingDefault = context.preferences.defaultCalendar }
        if weekdayMoved != nil, let said {
            let day = String(said[match.range]).trimmingSpaces()
            card.weekdayNextWeek = day.lowercased().hasPrefix("on ") ? String(day.dropFirst(3)) : day
        }
        card.skippedClock = said.flatMap { Self.skippedClock(match, in: $0, shown: when, zone: zone) }
        card.unread = request.unread
        card.unreadEndsRepeat = request.unreadEndsRepeat
        card.otherTimes = request.otherTimes
        card.alternatives = request.alternatives
        if let stated = match.statedTimeZone, stated.identifier != zone.identifier {
            // Named as typed ("JST", "Pacific"), else by the zone's own name.
            let typed = said.flatMap { text in match.parts.first { $0.role == "zone" }.map { String(text[$0.range]) } }
            card.saidInZone = (stated, typed ?? stated.identifier)
        }
        var people = request.attendees
        if people.isEmpty, let (contact, words) = contactNamed(in: card.draft.title) {
            card.draft.title = card.draft.title.replacingEvery(words, with: contact.name)
            people = [Attendee(name: contact.name, email: contact.emails.first?.value)]
            if let place = card.draft.location, Self.theirPlace.contains(Spelling.fold(place)), let address = contact.addresses.first {
                card.draft.location = address.value.replacingEvery("\n", with: ", ")
            }
        }
        return resolvePeople(card, remaining: people)
    }

    /// "quote for helen park": a person's whole name in the contacts (two or three words) in
    /// a new event's title, which is then spelt as the contacts spell it and invited; nil
    /// when no run of the title's words is one contact's name.
    func contactNamed(in title: String) -> (Contact, String)? {
        let words = title.split(separator: " ")
        guard words.count >= 2 else { return nil }
        for length in [3, 2] where words.count >= length {
            for first in 0...(words.count - length) {
                var typed = words[first..<(first + length)].joined(separator: " ")
                for ending in ["'s", "\u{2019}s"] where typed.hasSuffix(ending) { typed = String(typed.dropLast(ending.count)) }
                let folded = Spelling.fold(typed)
                // (A person, with a given and a family name: "pick up at Boots Pharmacy" invites no shop.)
                guard let found = try? context.contacts.lookupContacts(typed), found.count == 1, found[0].givenName != nil,
                      found[0].familyName != nil, Spelling.fold(found[0].name) == folded else { continue }
                return (found[0], typed)
            }
        }
        return nil
    }
    /// A place said as the invited person's own: their address, when the contacts have one.
    static let theirPlace: Set<String> = ["her place", "his place", "their place", "her house", "his house", "their house", "hers", "his", "theirs",
                                          "her home", "his home", "their home"]

    /// "rebook the dentist for next tues at 10" with no dentist to come: the latest one gone
    /// by (in the last year) made again at the new time, with its length, place, guests and
    /// calendar, the card saying which it copied. Nil when none is found.
    func rebook(_ reference: EventReference, _ changes: EventChanges) -> Reply? {
        guard changes.rebooks, reference.when == nil, let words = reference.words, let when = changes.when, !hasUpcomingEvent(titled: words) else { return nil }
        let now = context.now.now()
        let zone = context.zone
        guard let found = try? searchEvents(words: words, attendee: reference.attendee, from: now - TimeInterval(AgendaDefaults.searchDays * 86_400), to: now, calendarIDs: nil),
              let past = found.filter({ $0.when.startInstant(in: zone) <= now }).max(by: { $0.when.startInstant(in: zone) < $1.when.startInstant(in: zone) })
        else { return nil }
        return createEvent(copyRequest(of: past, at: when), copiedFrom: past)
    }

    /// "revise the day before the exam", "call the venue two days before the wedding", "buy
    /// flowers the week before mum's birthday", "prepare for the interview the day before"
    /// (the event named earlier in the title): all day on the day counted from the next event
    /// of those words, the title without the words of the day. Nil when the title says no
    /// such day, or no such event is to come.
    func dayFromEvent(_ request: EventRequest) -> EventRequest? {
        // "call the venue two days before the wedding": the days were read as a reminder, the
        // wedding left at the title's end.
        if request.reminderMinutes.count == 1, let minutes = request.reminderMinutes.first, minutes > 0, minutes % 1440 == 0,
           let line = lastLine.map({ Spelling.fold($0).lowercased().split(separator: " ") }), let cut = line.lastIndex(of: "before") {
            let event = line[(cut + 1)...].joined(separator: " ").trimmingSpacesAndPunctuation()
            let title = Spelling.fold(request.title).lowercased()
            guard !event.isEmpty, title.hasSuffix(" " + event), title.count > event.count + 1 else { return nil }
            var retold = request
            retold.title = String(request.title.dropLast(event.count + 1)) + " \(minutes / 1440) days before " + String(request.title.suffix(event.count))
            retold.reminderMinutes = []
            return dayFromEvent(retold)
        }
        let typed = request.title.split(separator: " ").map(String.init)
        let words = typed.map { Spelling.fold($0).lowercased() }
        guard let at = words.firstIndex(where: { $0 == "before" || $0 == "after" }), at >= 2,
              let unit = Self.relativeDayUnits[words[at - 1]] else { return nil }
        var first = at - 1
        var count = 1
        if first >= 1, let n = Int(words[first - 1]) ?? Self.smallCounts[words[first - 1]] {
            count = n
            first -= 1
        } else if first >= 1, ["the", "a"].contains(words[first - 1]) {
            first -= 1
        }
        guard first >= 1, (1...60).contains(count) else { return nil }
        let after = words[(at + 1)...].filter { !["the", "my", "our", "your", "his", "her", "their"].contains($0) }
        let task = Array(typed[..<first])
        // The event: the words after "before", else a word of the task's ("prepare for the
        // interview the day before").
        let candidates = after.isEmpty ? task.map { Spelling.fold($0).lowercased() }.filter { $0.count > 3 && !Self.taskWords.contains($0) }.reversed().map { [$0] }
            : [after]
        let now = context.now.now()
        var found: Event?
        for words in candidates where found == nil {
            let said = words.joined(separator: " ")
            found = (try? searchEvents(words: said, attendee: nil, from: now, to: now + TimeInterval(AgendaDefaults.searchDays * 86_400), calendarIDs: nil))?
                .min { $0.when.startInstant(in: context.zone) < $1.when.startInstant(in: context.zone) }
        }
        guard let event = found else { return nil }
        let text = DateText(zone: context.zone)
        let days = count * unit * (words[at] == "before" ? -1 : 1)
        let day = text.localDate(event.when.startInstant(in: context.zone)).adding(days: days)
        var dated = request
        dated.title = Renderer.capitalizedTitle(task.joined(separator: " "))
        dated.when = DateMatch(range: request.title.startIndex..<request.title.startIndex, rule: "day-from-event", start: day.startOfDay(in: context.zone),
                               end: day.adding(days: 1).startOfDay(in: context.zone), grain: .day, isAllDay: true, known: [.date])
        return dated
    }
    /// Days of a unit counted from an event ("the day before", "two weeks after").
    static let relativeDayUnits: [String: Int] = ["day": 1, "days": 1, "night": 1, "evening": 1, "week": 7, "weeks": 7]
    static let smallCounts: [String: Int] = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "a": 1]
    /// Words of a task that name no event ("prepare for the interview": "interview" does).
    static let taskWords: Set<String> = ["prepare", "remember", "bring", "pack", "book", "call", "buy", "check", "make", "sure", "send", "pick",
                                         "revise", "study", "practice", "practise", "finish", "start", "confirm", "order", "print"]

    /// A new event like `event` at `when`: its title, guests, place, notes, reminders and
    /// calendar, and its length unless `when` says an end.
    func copyRequest(of event: Event, at when: DateMatch) -> EventRequest {
        var request = EventRequest(title: event.title, when: when, attendees: event.attendees, location: event.location)
        request.notes = event.notes
        request.reminderMinutes = event.reminderMinutes
        if let calendar = try? context.calendars.calendars().first(where: { $0.id == event.calendarID }) {
            request.calendar = CalendarMention(said: calendar.name, known: calendar.name)
        }
        if case .timed(let start, let end, _) = event.when, !when.isAllDay, !when.known.contains(.end) {
            request.durationMinutes = Int(end.timeIntervalSince(start) / 60)
        }
        return request
    }

    /// True when every word of `name` is a word of the company of someone in the contacts
    /// ("acme" of Acme GmbH, "patel foods").
    func worksThere(_ name: String) -> Bool {
        let said = Self.folded(words: name)
        guard !said.isEmpty, let everyone = try? context.contacts.contacts() else { return false }
        return everyone.contains { contact in
            guard let company = contact.company else { return false }
            let words = Set(Self.folded(words: company))
            return said.allSatisfy(words.contains)
        }
    }

    /// The folded words of `text` (letters and digits).
    static func folded(words text: String) -> [String] {
        Spelling.fold(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// Looks each named person up in the contacts, asking when a name fits several, then
    /// shows the card.
    func resolvePeople(_ card: DraftCard, remaining: [Attendee]) -> Reply {
        var card = card
        var remaining = remaining
        while let person = remaining.first {
            remaining.removeFirst()
            guard person.email == nil, let name = person.name else {
                card.draft.attendees.append(person)
                continue
            }
            let matches: [Contact]
            do { matches = try guestContacts(name) } catch { return failure(.createEvent, error) }
            switch matches.count {
            case 0:
                // "meeting with acme", Acme GmbH the company of a contact: a company, no one to
                // invite (its name stays in the title).
                if worksThere(name) { continue }
                card.draft.attendees.append(Attendee(name: name))
                card.unknownPeople.append(name)
            case 1:
                card.draft.attendees.append(Attendee(name: matches[0].name, email: matches[0].emails.first?.value))
            default:
                let options = Array(matches.prefix(9))
                let question = Renderer.whichPerson(name, options)
                let waiting = card, rest = remaining
                let aliases = Choice.aliases(options.map(\.name))
                return ask(.choose(Choice(intent: .createEvent, question: question, count: options.count, aliases: aliases) { [unowned self] number in
                    var chosen = waiting
                    let contact = options[number - 1]
                    chosen.draft.attendees.append(Attendee(name: contact.name, email: contact.emails.first?.value))
                    return resolvePeople(chosen, remaining: rest)
                }), Reply(intent: .createEvent, ok: true, message: question))
            }
        }
        return showCard(card)
    }

    /// True when the clocks go back between `start` and `end`, so that the end reads as the
    /// start's time or an earlier one ("02:30–02:30" on the morning summer time ends): the
    /// length is kept in real time, and the card says so.
    static func endsAfterClocksGoBack(_ start: Date, _ end: Date, _ zone: Zone) -> Bool {
        let s = Int(start.timeIntervalSince1970), e = Int(end.timeIntervalSince1970)
        return e > s && e - s < 86_400 && e &+ zone.offset(atUTCSeconds: e) <= s &+ zone.offset(atUTCSeconds: s)
    }

    /// An event of `events` with the draft's title starting on `day` that does not overlap it
    /// (those are said as overlaps), nil when there is none.
    static func sameEvent(as draft: EventDraft, onDay day: LocalDate, in events: [Event], besides clashing: [Event], zone: Zone) -> Event? {
        let title = Spelling.fold(draft.title)
        guard !title.isEmpty else { return nil }
        let text = DateText(zone: zone)
        return events.first { event in
            Spelling.fold(event.title) == title && text.localDate(event.when.startInstant(in: zone)) == day && !clashing.contains(where: { $0.id == event.id })
        }
    }

    /// Shows the card with its warnings and asks to create it.
    func showCard(_ card: DraftCard) -> Reply {
        let now = context.now.now()
        var warnings: [String] = []
        let past = pastStart(card)
        if let start = past {
            warnings.append(Renderer.alreadyPast(start, text: DateText(zone: context.zone), now: now))
        }
        if let skipped = card.skippedClock {
            warnings.append(Renderer.clockSkipped(skipped.said, moved: skipped.moved, on: card.draft.when,
                                                  repeats: card.draft.skippedWallStart != nil, text: DateText(zone: context.zone)))
        }
        if case .timed(let start, let end, _) = card.draft.when, Self.endsAfterClocksGoBack(start, end, context.zone) {
            warnings.append(Renderer.endsAfterClocksGoBack(start, end, text: DateText(zone: context.zone)))
        }
        if !card.otherTimes.isEmpty {
            warnings.append(Renderer.otherTimesLeft(card.otherTimes, kept: card.draft.when, title: card.draft.title, text: DateText(zone: context.zone)))
        }
        warnings += Renderer.alternativesLeft(card.alternatives, kept: card.draft.when, text: DateText(zone: context.zone))
        if let unread = card.unread, card.unreadEndsRepeat {
            warnings.append(Renderer.repeatEndNotRead(unread))
        } else if let unread = card.unread {
            warnings.append(Renderer.understoodNot(card.draft.title, when: card.draft.when, unread: unread, text: DateText(zone: context.zone)))
        }
        if let warning = missingDefaultCalendar(card) { warnings.append(warning) }
        if card.theirTimeUnknown { warnings.append(Renderer.whoseTime(context.zone.identifier)) }
        if let said = card.weekdayNextWeek { warnings.append(Renderer.weekdayNextWeek(said)) }
        if let copied = card.copiedFrom { warnings.append(Renderer.copiedFrom(copied, text: DateText(zone: context.zone))) }
        // The events of the draft's day and span, read once: those it overlaps, and one of its
        // name at another time that day ("dinner with bob friday 7pm" typed again with one at
        // 8 already: the same event twice is said before it is made).
        let zone = context.zone
        let span = (card.draft.when.startInstant(in: zone), card.draft.when.endInstant(in: zone))
        let day = DateText(zone: zone).localDate(span.0)
        let around = (min(span.0, day.startOfDay(in: zone)), max(span.1, day.adding(days: 1).startOfDay(in: zone)))
        let nearby = (try? context.calendars.events(from: around.0, to: around.1, calendarIDs: nil)) ?? []
        let clashing = card.draft.when.isAllDay ? [] : nearby.filter { event in
            !event.when.isAllDay && event.when.startInstant(in: zone) < span.1 && event.when.endInstant(in: zone) > span.0
        }
        if !clashing.isEmpty { warnings.append(Renderer.overlaps(clashing, text: DateText(zone: zone))) }
        if card.draft.recurrence.isEmpty, let same = Self.sameEvent(as: card.draft, onDay: day, in: nearby, besides: clashing, zone: zone) {
            warnings.append(Renderer.sameEventThatDay(same, text: DateText(zone: zone)))
        }
        var next: [Date] = []
        if !card.draft.recurrence.isEmpty {
            next = context.previewOccurrences(card.draft.recurrence, card.draft.when, card.draft.skippedWallStart, 3) ?? []
        }
        let message = Renderer.card(card, next: next, warnings: warnings, zone: context.zone, style: context.style)
            + "\n" + (past == nil ? Renderer.createQuestion : Renderer.createPastQuestion)
        return ask(.card(card), Reply(intent: .createEvent, ok: true, message: message, fields: [("event", draftJSON(card))]))
    }

    /// `text` without the words "their time" / "their local time" (and the spaces before
    /// them), when it has them; nil otherwise.
    static func theirTime(in text: String) -> String? {
        for words in [" their local time", " their time"] {
            let lower = text.lowercased()
            guard lower.contains(words) else { continue }
            var out = text
            var start = out.startIndex
            while let found = out[start...].lowercased().firstRangeOfWords(words) {
                let lowerBound = out.index(start, offsetBy: found.lowerBound), upperBound = out.index(lowerBound, offsetBy: words.count)
                out.removeSubrange(lowerBound..<upperBound)
                start = lowerBound
            }
            return out
        }
        return nil
    }

    /// "remind me to leave 30 min before", "remind me 10 min before": a reminder that names
    /// no event (none after "before", none "about"), only something to do at that time.
    static func remindsOfNoEvent(_ line: String) -> Bool {
        let words = line.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard words.starts(with: ["remind", "me"]), let last = words.last, ["before", "ahead", "earlier", "beforehand"].contains(last),
              !words.contains("about") else { return false }
        return words.count > 2 && (words[2] == "to" || Int(words[2]) != nil || ["a", "an", "half", "one", "two", "five", "ten", "fifteen", "thirty"].contains(words[2]))
    }

    /// "Lily's birthday" with no day said, when one contact is Lily and has a birthday: the
    /// request on that day, every year, all day; nil otherwise.
    func birthdayOfContact(_ request: EventRequest) -> EventRequest? {
        var words = request.title.split(separator: " ").map(String.init)
        guard words.count >= 2, ["birthday", "bday"].contains(words.last!.lowercased()) else { return nil }
        words.removeLast()
        var name = words.joined(separator: " ")
        for ending in ["'s", "\u{2019}s", "'"] where name.hasSuffix(ending) { name = String(name.dropLast(ending.count)); break }
        guard !name.isEmpty, let found = try? context.contacts.lookupContacts(name), found.count == 1,
              let next = nextBirthday(of: found[0]) else { return nil }
        let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        guard case .createEvent(let yearly) = understand("birthday every year on \(months[next.day.month - 1]) \(next.day.day)").intent,
              let when = yearly.when, yearly.recurrence ?? when.recurrence != nil else { return nil }
        var dated = request
        dated.when = when
        dated.recurrence = yearly.recurrence ?? when.recurrence
        dated.isAllDay = true
        // (The person whose birthday it is is not invited to it.)
        dated.attendees = []
        return dated
    }

    /// Asks a new event's day ("When is 'Yoga'?", "Which day next week?"). `read` makes the
    /// answer's reply, nil when the answer holds no day. An answer with no day and no request
    /// of its own ("hmm", "not sure", "lunch") gets the question once more, `again`, with how
    /// to answer or drop it; a second such answer drops it. Another request typed instead is
    /// made, and "cancel", "never mind" drop the question (as any no does).
    func askDay(_ question: String, again: String, asked: Bool = false, read: @escaping (String, Understanding) -> Reply?) -> Reply {
        ask(.text(TextQuestion(intent: .createEvent, question: question) { [unowned self] answer in
            let understood = understand(answer)
            if let reply = read(answer, understood) { return reply }
            if understood.intent.name != .outOfScope, !Self.namesNoRequest(understood.intent),
               let reply = newRequest(insteadOf: .createEvent, understood) { return reply }
            // ("what time is it in tokyo", "text ana": answered, and the day still asked.)
            if let cannot = cannotDo(understood) {
                var reply = askDay(question, again: again, asked: asked, read: read)
                reply.message = cannot + "\n" + reply.message
                return reply
            }
            if !asked { return askDay(again, again: again, asked: true, read: read) }
            return Reply(intent: .createEvent, ok: false, message: Renderer.didNotReadDate(answer))
        }), Reply(intent: .createEvent, ok: true, message: question))
    }

    /// A line that reads as a new event of a few words with no day said ("lunch", "not sure
    /// yet", "at lunch"): typed where a day was asked, it is no request of its own.
    static func namesNoRequest(_ intent: Intent) -> Bool {
        guard case .createEvent(var request) = intent, request.when.map({ !$0.known.contains(.date) }) ?? true else { return false }
        request.when = nil
        return namesOnly(request) || request.title.isEmpty
    }

    /// `default_calendar` naming no calendar there is: said once a session, on the first card
    /// that goes to another calendar for it, with the closest name when one is near.
    func missingDefaultCalendar(_ card: DraftCard) -> String? {
        guard !defaultCalendarWarned, card.calendarAssumed, let name = context.preferences.defaultCalendar,
              let calendars = try? context.calendars.calendars(),
              !calendars.contains(where: { Spelling.fold($0.name) == Spelling.fold(name) }) else { return nil }
        defaultCalendarWarned = true
        return Renderer.defaultCalendarMissing(name, using: card.calendar.name, closest: Spelling.closest(to: name, in: calendars.map(\.name)))
    }

    /// The answer to "Create it? [Y/n/edit]": yes, no, "edit", or an edit in words.
    /// True for "add it to my calendar", "save that", "put this in my diary please": the
    /// event in view kept, in no other words.
    static func savesIt(_ text: String) -> Bool {
        let words = Spelling.fold(text).split(whereSeparator: { !$0.isLetter }).map(String.init)
        guard let first = words.first, saveVerbs.contains(first), words.contains(where: { ["it", "that", "this"].contains($0) }) else { return false }
        return words.dropFirst().allSatisfy { savedWith.contains($0) }
    }

    /// The words after "yes but" ("yes but at 3" → "at 3"); nil when the line opens otherwise.
    static func afterYesBut(_ text: String) -> String? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 3, YesNo.yesLeads.contains(words[0].lowercased().filter(\.isLetter)), words[1].lowercased() == "but" else { return nil }
        return words.dropFirst(2).joined(separator: " ")
    }

    /// The words after an opening "its", "it's" or "it is" (and an "on" after it), nil when
    /// the line does not open so.
    static func afterIts(_ text: String) -> String? {
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map { $0.lowercased().replacingEvery("’", with: "'") }
        switch words.first {
        case "its", "it's": words.removeFirst()
        case "it" where words.count > 1 && words[1] == "is": words.removeFirst(2)
        default: return nil
        }
        if words.first == "on" { words.removeFirst() }
        // ("its friday actually", "it's thursday then".)
        while let last = words.last, ["actually", "instead", "then", "rather", "sorry"].contains(last.filter(\.isLetter)) { words.removeLast() }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    static let saveVerbs: Set<String> = ["add", "save", "put", "book", "create", "schedule", "keep", "pop", "stick"]
    static let savedWith: Set<String> = ["it", "that", "this", "one", "event", "to", "in", "into", "on", "my", "the", "calendar", "diary",
                                         "schedule", "agenda", "please", "pls", "then", "now", "for", "me"]

    func answerCard(_ card: DraftCard, with text: String) -> Reply {
        // Enter alone does not put an event in the past: that needs a yes.
        switch YesNo.read(text, empty: pastStart(card) == nil, rule: context.answers) {
        case true?:
            return insert(card)
        case false?:
            return Reply(intent: .createEvent, ok: true, message: Renderer.notCreated)
        case nil:
            break
        }
        // An empty line from a pipe answers nothing: ask again.
        if text.isEmpty { return ask(.card(card), Reply(intent: .createEvent, ok: true, message: Renderer.answerCard)) }
        if text.lowercased() == "edit" || text.lowercased() == "change" || text.lowercased() == "e" {
            return ask(.card(card), Reply(intent: .createEvent, ok: true, message: Renderer.whatToChange))
        }
        // "add it to my calendar", "save it", "put that in my diary": a yes.
        if Self.savesIt(text) { return insert(card) }
        // "just this week", "only these days": a repeat kept to the days of its first week
        // (a rota that changes week to week).
        if Self.firstWeekOnly(text), let lines = Self.firstWeek(of: card.draft.recurrence, from: card.draft.when, zone: context.zone) {
            var limited = card
            limited.draft.recurrence = lines
            return resolvePeople(limited, remaining: [])
        }
        // "actualy just mon n wed", "only mondays and wednesdays": a repeat kept to those days
        // of the week, from the first of them.
        if let days = Self.weekdaysOnly(text), let lines = Self.repeating(card.draft.recurrence, on: days) {
            var limited = card
            limited.draft.recurrence = lines
            limited.draft.when = Self.movedToFirst(of: days, card.draft.when, zone: context.zone)
            return resolvePeople(limited, remaining: [])
        }
        // A bare number ("2") answers a numbered question, not this one: ask again, with how
        // to say it as a time ("at 2").
        if !text.isEmpty, text.allSatisfy(\.isNumber) {
            let hour = Int(text).flatMap { (0...23).contains($0) && text.count <= 2 ? $0 : nil }
            return ask(.card(card), Reply(intent: .createEvent, ok: true, message: hour.map(Renderer.answerCardWithHour) ?? Renderer.answerCard))
        }
        // The card's guests are people to the reader too ("change it to Zoe" with Zoe invited
        // by name only).
        // "yes but at 3", "ok but on Work": the change, then the card again (not a new event
        // called "Yes but").
        var text = Self.afterYesBut(text) ?? text
        // "title coffee with joanna", "time: 10:30", "location the old mill": a field of the
        // card and its value, as a form is filled in after "edit" (the first was a new event
        // "Coffee with joanna").
        if let said = Self.fieldForm(text) { text = said }
        // "its friday", "it's at 4", "it is on the 12th": the card moves there (not a new
        // event called "Its").
        if let rest = Self.afterIts(text) {
            if let when = Self.dateAlone(understand(rest, eventOnScreen: true)) { return edit(card, EventChanges(when: when)) }
            // "its every friday", "it's weekly": the card repeats as "make it every friday"
            // makes it (the card was dropped for a new event "Its" every Friday).
            if case .updateEvent(_, let changes) = understand("make it " + rest, eventOnScreen: true).intent, changes.recurrence != nil, changes.title == nil {
                return edit(card, changes)
            }
        }
        // "make it 4pm and call it orthodontist": two edits, made together.
        if let both = twoEdits(text, people: card.draft.attendees.compactMap(\.name)) { return edit(card, both) }
        let understood = understand(text, eventOnScreen: true, people: card.draft.attendees.compactMap(\.name))
        if let said = understood.amountOutOfRange {
            return ask(.card(card), Reply(intent: .createEvent, ok: false, message: Renderer.amountTooLong(said)))
        }
        if let day = understood.noSuchDay {
            return ask(.card(card), Reply(intent: .createEvent, ok: false, message: Renderer.noSuchDay(day)))
        }
        if let refusal = impossibleNumber(in: text) {
            return ask(.card(card), Reply(intent: .createEvent, ok: false, message: refusal))
        }
        // "tomorrow", "at 10", "what about monday instead?": the card moves there.
        if let when = Self.dateAlone(understood) ?? Self.anotherDate(understood) { return edit(card, EventChanges(when: when)) }
        guard case .updateEvent(_, let changes) = understood.intent, !changes.isEmpty else {
            if let reply = newRequest(insteadOf: .card(card), understood) { return reply }
            if let cannot = cannotDo(understood) { return ask(.card(card), Reply(intent: .createEvent, ok: true, message: cannot + "\n" + Renderer.answerCard)) }
            return ask(.card(card), Reply(intent: .createEvent, ok: true, message: Renderer.answerCard))
        }
        return edit(card, changes)
    }

    /// A card's field named first and its new value ("title Coffee with Joanna", "time:
    /// 10:30", "where: the old mill"), said again as the edit it is ("call it Coffee with
    /// Joanna", "10:30", "location: the old mill"); nil for any other line.
    static func fieldForm(_ text: String) -> String? {
        let trimmed = text.trimmingSpaces()
        guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == ":" }) else { return nil }
        let field = trimmed[..<space].lowercased()
        let colon = trimmed[space] == ":"
        let value = trimmed[trimmed.index(after: space)...].drop { $0 == " " || $0 == ":" }
        guard !value.isEmpty else { return nil }
        switch field {
        case "title", "name": return "call it " + value
        case "time", "date", "day", "when", "starts", "start": return String(value)
        case "location", "place", "venue", "address": return "location: " + value
        case "where": return colon ? "location: " + value : nil
        case "calendar": return "on " + value + " instead"
        case "length", "duration": return "for " + value
        case "notes", "note", "description": return "notes: " + value
        case "guests", "guest", "people", "attendees", "invitees": return "invite " + value
        case "reminder", "alert": return "remind me " + value + (value.lowercased().hasSuffix("before") ? "" : " before")
        default: return nil
        }
    }

    /// Words that open the second of two edits said in one line ("… and call it …").
    static let secondEditOpeners: [[String]] = [["call", "it"], ["name", "it"], ["rename", "it"], ["make", "it"], ["move", "it"],
                                                ["put", "it"], ["change", "it"], ["set", "it"], ["add"], ["invite"], ["remind", "me"]]

    /// "make it 4pm and call it orthodontist", "move it to friday and add bob": the line read
    /// as two edits of the card on screen, the second's parts over the first's; nil when it
    /// is not two such edits.
    func twoEdits(_ text: String, people: [String]) -> EventChanges? {
        let words = Self.wordsWithOffsets(text)
        guard let and = words.indices.first(where: { k in
            words[k].folded == "and" && k > 0 && Self.secondEditOpeners.contains { opener in
                k + opener.count < words.count && zip(words[(k + 1)...], opener).allSatisfy { $0.folded == $1 }
            }
        }) else { return nil }
        let bytes = Array(text.utf8)
        let first = String(decoding: bytes[..<words[and].start], as: UTF8.self)
        let second = String(decoding: bytes[words[and + 1].start...], as: UTF8.self)
        guard case .updateEvent(_, var changes) = understand(first, eventOnScreen: true, people: people).intent, !changes.isEmpty,
              case .updateEvent(_, let more) = understand(second, eventOnScreen: true, people: people).intent, !more.isEmpty else { return nil }
        if let when = more.when { changes.when = when }
        if let minutes = more.durationMinutes { changes.durationMinutes = minutes }
        if let title = more.title { changes.title = title }
        if let calendar = more.calendar { changes.calendar = calendar }
        if let location = more.location { changes.location = location }
        if let notes = more.notes { changes.notes = notes; changes.addsNote = more.addsNote }
        changes.addAttendees += more.addAttendees
        changes.removeAttendees += more.removeAttendees
        if let minutes = more.shiftMinutes { changes.shiftMinutes = minutes }
        if let rule = more.recurrence { changes.recurrence = rule }
        if let reminders = more.reminderMinutes { changes.reminderMinutes = reminders }
        changes.makesAllDay = changes.makesAllDay || more.makesAllDay
        if let minutes = more.lengthenMinutes { changes.lengthenMinutes = minutes }
        if let end = more.newEnd { changes.newEnd = end }
        if let hint = more.startHint { changes.startHint = hint }
        return changes
    }

    /// True for "just this week", "only for this week", "this week only", "just these days",
    /// "not every week", "make it just this week": the days said, not a weekly repeat.
    static func firstWeekOnly(_ text: String) -> Bool {
        let words = Spelling.fold(text).split(whereSeparator: { !$0.isLetter }).map(String.init).filter { !["please", "actually", "no", "its", "it's", "it", "is", "for", "make", "keep"].contains($0) }
        return [["just", "this", "week"], ["only", "this", "week"], ["this", "week", "only"], ["just", "these", "days"],
                ["only", "these", "days"], ["not", "every", "week"], ["just", "that", "week"], ["only", "that", "week"], ["just", "the", "one", "week"]]
            .contains(words)
    }

    /// The weekdays' codes by the ways people type them.
    static let weekdayCodes: [String: String] = [
        "mon": "MO", "monday": "MO", "mondays": "MO", "tue": "TU", "tues": "TU", "tuesday": "TU", "tuesdays": "TU",
        "wed": "WE", "weds": "WE", "wednesday": "WE", "wednesdays": "WE", "thu": "TH", "thur": "TH", "thurs": "TH",
        "thursday": "TH", "thursdays": "TH", "fri": "FR", "friday": "FR", "fridays": "FR", "sat": "SA", "saturday": "SA",
        "saturdays": "SA", "sun": "SU", "sunday": "SU", "sundays": "SU",
    ]
    static let weekdayGroups: [String: [String]] = [
        "weekends": ["SA", "SU"], "weekend": ["SA", "SU"], "weekdays": ["MO", "TU", "WE", "TH", "FR"],
    ]
    /// Words around a list of weekdays that keep a repeat to them.
    static let keepingOnly: Set<String> = ["just", "only"]
    static let dayListFiller: Set<String> = ["actually", "actualy", "acutally", "no", "make", "it", "on", "and", "n", "every", "please", "pls", "instead", "then"]

    /// The weekday codes of a line that says only which days ("just mon n wed", "mondays and
    /// wednesdays", "only fridays", "weekends"), in week order; nil for other lines, and for one day said
    /// without "just" or "only" (a day alone moves the card).
    static func weekdaysOnly(_ text: String) -> [String]? {
        let words = Spelling.fold(text).split(whereSeparator: { !$0.isLetter }).map(String.init)
        var days: [String] = [], keeps = false
        for word in words {
            if let codes = weekdayCodes[word].map({ [$0] }) ?? weekdayGroups[word] {
                days += codes.filter { !days.contains($0) }
                // ("weekends", "weekdays": days enough, said alone.)
                if codes.count > 1 { keeps = true }
            } else if keepingOnly.contains(word) { keeps = true } else if !dayListFiller.contains(word) { return nil }
        }
        guard days.count >= 2 || keeps && days.count == 1 else { return nil }
        let order = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        return days.sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! }
    }

    /// A daily or weekly repeat's RRULE `lines` on `days` of the week (its interval, count and
    /// end kept); nil when there is no such repeat.
    static func repeating(_ lines: [String], on days: [String]) -> [String]? {
        guard let at = lines.firstIndex(where: { $0.hasPrefix("RRULE:") }) else { return nil }
        var rule = RRule(lines[at].dropFirst("RRULE:".count))
        guard rule.frequency == "WEEKLY" || rule.frequency == "DAILY" else { return nil }
        rule.set("FREQ", "WEEKLY")
        rule.set("BYDAY", days.joined(separator: ","))
        var kept = lines
        kept[at] = rule.line
        return kept
    }

    /// `when` moved to the first day on or after it that is one of `days`, at the same wall-clock time.
    static func movedToFirst(of days: [String], _ when: When, zone: Zone) -> When {
        let order = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        let start = when.startInstant(in: zone)
        let weekday = LocalDate(start, in: zone).isoWeekday
        guard let ahead = (0..<7).first(where: { days.contains(order[(weekday - 1 + $0) % 7]) }), ahead > 0 else { return when }
        guard case .timed = when else { return when.shifted(bySeconds: TimeInterval(ahead * 86_400)) }
        let moved = start + TimeInterval(ahead * 86_400)
        let drift = zone.offset(atUTCSeconds: Int(start.timeIntervalSince1970)) - zone.offset(atUTCSeconds: Int(moved.timeIntervalSince1970))
        return when.shifted(bySeconds: TimeInterval(ahead * 86_400 + drift))
    }

    /// A repeat's RRULE `lines` kept to the days of the week (Monday to Sunday) of its first
    /// day, `when`: a count of them, or no repeat when that is one day. Nil for a rule that
    /// is not daily or weekly, or says an interval.
    static func firstWeek(of lines: [String], from when: When, zone: Zone) -> [String]? {
        guard let rule = lines.first(where: { $0.hasPrefix("RRULE:") }) else { return nil }
        var parts = rule.dropFirst("RRULE:".count).split(separator: ";").map(String.init)
        let value = { (key: String) in parts.first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) } }
        guard value("INTERVAL").map({ $0 == "1" }) ?? true else { return nil }
        let first = LocalDate(when.startInstant(in: zone), in: zone).isoWeekday
        let days = ["MO": 1, "TU": 2, "WE": 3, "TH": 4, "FR": 5, "SA": 6, "SU": 7]
        let count: Int
        switch value("FREQ") {
        case "DAILY"?: count = 8 - first
        case "WEEKLY"?:
            count = value("BYDAY").map { $0.split(separator: ",").compactMap { days[String($0)] }.filter { $0 >= first }.count } ?? 1
        default: return nil
        }
        guard count > 1 else { return [] }
        parts.removeAll { $0.hasPrefix("COUNT=") || $0.hasPrefix("UNTIL=") }
        return ["RRULE:" + (parts + ["COUNT=\(count)"]).joined(separator: ";")] + lines.filter { !$0.hasPrefix("RRULE:") }
    }

    /// The clock time said ("2:30") when it does not exist on the event's day — clocks went
    /// forward — with the time shown instead ("03:30"); nil otherwise.
    static func skippedClock(_ match: DateMatch, in text: String, shown when: When, zone: Zone) -> (said: String, moved: String)? {
        guard case .timed(let start, _, _) = when, match.known.contains(.time),
              let piece = match.parts.first(where: { $0.role == "time" }), piece.range.upperBound <= text.endIndex else { return nil }
        let said = text[piece.range].lowercased()
        let numbers = said.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard var hour = numbers.first, hour < 24 else { return nil }
        let minute = numbers.count > 1 ? numbers[1] : 0
        if said.contains("pm"), hour < 12 { hour += 12 }
        if said.contains("am"), hour == 12 { hour = 0 }
        // The gap: how far the clock jumped in the hours before the start.
        let gap = (zone.secondsFromGMT(for: start) - zone.secondsFromGMT(for: start - 3 * 3600)) / 60
        guard gap > 0 else { return nil }
        let shownMinutes = zone.wallClock(start).seconds / 60
        let saidMinutes = hour * 60 + minute
        guard shownMinutes - saidMinutes == gap || shownMinutes - (saidMinutes + 12 * 60) == gap else { return nil }
        func clock(_ m: Int) -> String { ClockText.hoursMinutes(m % 1440) }
        return (clock(shownMinutes - gap), clock(shownMinutes))
    }

    /// Where an event of `length` said only with its days (`[from, to)`) starts: the first
    /// free span that long within working hours, from the next quarter hour after now on;
    /// when there is none, working hours' start on the first day still to come (the card
    /// then warns of what it overlaps).
    func firstFreeStart(_ length: TimeInterval, from: Date, to: Date) -> (at: Date, free: Bool) {
        let zone = context.zone, hours = context.preferences.workingHours
        let now = context.now.now()
        let quarter: TimeInterval = 15 * 60
        let soonest = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / quarter).rounded(.up) * quarter)
        let windows = FreeTime.windows(from: from, to: to, zone: zone, wholeDays: true, hours: hours)
        let events = (try? context.calendars.events(from: from, to: to, calendarIDs: nil)) ?? []
        for (start, end) in windows where end > soonest {
            let window = (max(start, soonest), end)
            if let slot = FreeTime.free(events, from: window.0, to: window.1, minimum: length).first {
                return (slot.0, true)
            }
        }
        let upcoming = windows.first { $0.0 >= soonest }?.0
        return (upcoming ?? windows.first?.0 ?? from, false)
    }

    /// A new repeat starts on its first occurrence still to come that it does not leave out:
    /// "standup every weekday morning" said at 10:00 starts tomorrow at 09:00, "every monday
    /// except dec 7" on 14 December. `when` itself when it is such an occurrence, or when
    /// the occurrences are not known.
    func firstOccurrence(of lines: [String], from when: When, skippedStart: Int?) -> (When, skippedStart: Int?) {
        let zone = context.zone, now = context.now.now()
        let start = when.startInstant(in: zone)
        let leftOut = ExceptionLines.days(in: lines, zone: zone)
        let firstDay = LocalDate(start, in: zone)
        guard !when.isAllDay && start < now || leftOut.contains(firstDay),
              let starts = context.previewOccurrences(lines, when, skippedStart, 8),
              let next = starts.first(where: { (when.isAllDay || $0 >= now) && !leftOut.contains(LocalDate($0, in: zone)) })
        else { return (when, skippedStart) }
        let days = firstDay.days(until: LocalDate(next, in: zone))
        guard days > 0 else { return (when, skippedStart) }
        switch when {
        case .timed(let s, let e, let id):
            // The time of day asked for on the new day, read across a gap there (the gap's
            // 02:30 is 03:30 that day, and 02:30 the days after); the length kept.
            let wall = (skippedStart ?? zone.wallSeconds(s)) + days * CivilCalendar.secondsPerDay
            let moved = zone.date(wallSeconds: wall)
            return (.timed(start: moved, end: moved.addingTimeInterval(e.timeIntervalSince(s)), timeZone: id), zone.skippedWallClock(wall, at: moved))
        case .allDay(let s, let e):
            return (.allDay(start: s.adding(days: days), end: e.adding(days: days)), nil)
        }
    }

    /// "add the booking reference ABC123 to the offsite" → ("booking reference ABC123",
    /// "offsite"): what is added, as typed, and the words after the last "to" that may name
    /// an event (one to four words).
    static func detailForEvent(_ line: String) -> (detail: String, named: String)? {
        let words = wordsWithOffsets(line.trimmingSpacesAndPunctuation())
        guard words.count >= 4, ["add", "put", "attach"].contains(words[0].folded),
              let to = words.indices.last(where: { $0 > 1 && words[$0].folded == "to" }), to + 1 < words.count else { return nil }
        var detail = words[1..<to].map(\.typed).joined(separator: " ")
        var named = words[(to + 1)...].map(\.folded).joined(separator: " ")
        for article in ["the ", "a ", "an ", "my "] where detail.lowercased().hasPrefix(article) { detail = String(detail.dropFirst(article.count)) }
        for article in ["the ", "my ", "our "] where named.hasPrefix(article) { named = String(named.dropFirst(article.count)) }
        guard !detail.isEmpty, (1...4).contains(named.split(separator: " ").count) else { return nil }
        return (detail, named)
    }

    /// "Gym again" → "Gym": the event a title says is had again.
    static func namedAgain(_ title: String) -> String? {
        guard title.lowercased().hasSuffix(" again") else { return nil }
        let named = title.dropLast(6).trimmingSpaces()
        return named.contains(where: \.isLetter) ? named : nil
    }

    /// The start of a timed card that is already over, which the card warns about.
    func pastStart(_ card: DraftCard) -> Date? {
        guard case .timed(let start, _, _) = card.draft.when, start < context.now.now() else { return nil }
        return start
    }

    /// A date or time said alone to the card ("tomorrow", "at 10", "Friday 3pm", "14:30")
    /// moves it there, as "move it to …" would.
    /// True when a new event's only date is a whole week or month ("next week", "in
    /// december") with no day, time, length or repeat, and the line does not ask for the whole
    /// span ("all next week", "the whole week", a vacation).
    static func needsADay(_ match: DateMatch, request: EventRequest, said: String) -> Bool {
        guard match.grain == .week || match.grain == .month, !match.known.contains(.time), match.recurrence == nil,
              request.recurrence == nil, request.startHint == nil, request.durationMinutes == nil, !request.isBlock,
              !request.keepsWholeSpan, match.range.upperBound <= said.endIndex else { return false }
        return true
    }

    /// The day of a line read as a look at a day ("the 1st next month").
    static func dateAsked(_ understood: Understanding) -> DateMatch? {
        guard understood.rule == "date-only", case .queryAgenda(let query) = understood.intent else { return nil }
        return query.when
    }

    static func dateAlone(_ understood: Understanding) -> DateMatch? {
        guard understood.dates.count == 1, let date = understood.dates.first, date.recurrence == nil else { return nil }
        let text = understood.text
        let outside = text[..<date.range.lowerBound] + text[date.range.upperBound...]
        return outside.allSatisfy { $0.isWhitespace || $0.isPunctuation } ? date : nil
    }

    /// The date of a line that says only when, with words around it that name nothing
    /// ("friday at 3 please", "how about the 12th"): a request with no title of its own, or a
    /// date the router read alone.
    static func dateAnswering(_ understood: Understanding) -> DateMatch? {
        guard understood.dates.count == 1 else { return nil }
        switch understood.intent {
        case .createEvent(let request) where request.title.isEmpty: return request.when
        case .queryAgenda where understood.rule == "date-only": return understood.dates.first
        default: return nil
        }
    }

    /// A weekday said alone for a new event ("on saturday") that is today when today's is over:
    /// working hours have ended, or the start a meal or a part of the day gives ("dinner
    /// saturday", 20:00) has passed. The same day a week on; nil otherwise ("saturday at
    /// 11pm" is read by the date reader, "this saturday" is today).
    func weekdayGoneBy(_ match: DateMatch, _ request: EventRequest) -> DateMatch? {
        guard match.rule == "weekday" || match.rule == "on-date", match.parts.count == 1, match.parts[0].rule == "weekday",
              !match.known.contains(.time), match.recurrence == nil, request.recurrence == nil else { return nil }
        let zone = context.zone, now = context.now.now()
        let today = LocalDate(now, in: zone)
        guard LocalDate(match.start, in: zone) == today else { return nil }
        let hours = context.preferences.workingHours
        let start = request.startHint.map { StartDefaults.start($0, workingHours: hours) } ?? hours.end
        guard zone.date(today, minute: start) <= now else { return nil }
        var later = match
        later.start = zone.date(byAddingDays: 7, to: match.start)
        later.end = zone.date(byAddingDays: 7, to: match.end)
        return later
    }

    /// Applies an edit in words to the card and shows it again.
    func edit(_ card: DraftCard, _ changes: EventChanges) -> Reply {
        cardChanges.append(changes)
        var card = card
        let changes = Self.swapping(changes, guests: card.draft.attendees, title: card.draft.title)
        // "invite Carla instead of Bob" with no Bob on the card: said, the card kept.
        if changes.replacesAttendees, changes.addAttendees.isEmpty, !changes.removeAttendees.isEmpty {
            let absent = changes.removeAttendees.compactMap { $0.name ?? $0.email }
            let shown = Event(id: card.id, calendarID: card.calendar.id, title: card.draft.title, when: card.draft.when, attendees: card.draft.attendees)
            return ask(.card(card), Reply(intent: .createEvent, ok: false, message: Renderer.notOnEvent(absent, shown) + "\n" + Renderer.answerCard))
        }
        if WhenEdit.changesTiming(changes) {
            // The choice is made: the other of two times said is no longer left.
            card.alternatives = []
            if changes.when?.known.contains(.date) == true { card.weekdayNextWeek = nil }
            let leftOut = ExceptionLines.days(in: card.draft.recurrence, zone: context.zone)
            card.draft.when = WhenEdit.applying(changes, to: card.draft.when, zone: context.zone, workingHours: context.preferences.workingHours)
            // The days left out, at the new time of day.
            if !leftOut.isEmpty {
                card.draft.recurrence = card.draft.recurrence.filter { !ExceptionLines.isException($0) }
                    + ExceptionLines.lines(leftOut, when: card.draft.when, zone: context.zone)
            }
            let saidLength = changes.durationMinutes != nil || changes.lengthenMinutes != nil || changes.newEnd != nil
                || changes.when.map { $0.known.contains(.end) || $0.known.contains(.duration) } ?? false
            if saidLength || card.draft.when.isAllDay { card.durationAssumed = false }
            card.placement = .said
            // A zone said now says whose time it is.
            if changes.when?.statedTimeZone != nil { card.theirTimeUnknown = false }
        }
        if let rule = changes.recurrence { card.draft.recurrence = ["RRULE:" + rule] }
        if let minutes = changes.reminderMinutes {
            if let early = minutes.first(where: { $0 > Event.latestReminderMinutes }) {
                return ask(.card(card), Reply(intent: .createEvent, ok: false, message: Renderer.reminderTooEarly(early)))
            }
            card.draft.reminderMinutes = minutes
        }
        if let title = changes.title { card.draft.title = title }
        if let location = changes.location { card.draft.location = location }
        if let notes = changes.notes { card.draft.notes = Self.notes(notes, adding: changes.addsNote, to: card.draft.notes) }
        if let mention = changes.calendar {
            let calendars = (try? context.calendars.calendars()) ?? []
            guard let found = calendars.first(where: { Spelling.fold($0.name) == Spelling.fold(mention.name) }) else {
                return ask(.card(card), Reply(intent: .createEvent, ok: false,
                                              message: Renderer.unknownCalendar(mention.said, known: calendars.map(\.name))))
            }
            card.calendar = found
            card.calendarAssumed = false
        }
        let removed = Set(changes.removeAttendees.compactMap { $0.name.map(Spelling.fold) })
        if !removed.isEmpty {
            card.draft.attendees.removeAll { attendee in
                guard let name = attendee.name.map(Spelling.fold) else { return false }
                return removed.contains { name == $0 || name.hasPrefix($0 + " ") }
            }
        }
        return resolvePeople(card, remaining: changes.addAttendees)
    }

    /// Writes the event; the card's id makes a repeated yes harmless.
    func insert(_ card: DraftCard) -> Reply {
        do {
            let event = try context.calendars.insertEvent(card.draft, id: card.id, calendarID: card.calendar.id)
            lastShown = event
            record(.createdEvent(event))
            return Reply(intent: .createEvent, ok: true,
                         message: Renderer.created(event, calendar: card.calendar.name, text: DateText(zone: context.zone)),
                         fields: [("event", JSONShapes.event(event, calendarName: card.calendar.name, zone: context.zone))])
        } catch ServiceError.cancelledAfterSending {
            return Reply(intent: .createEvent, ok: false, message: Renderer.createdOrNot(card.draft.title, stopped: true))
        } catch ServiceError.outcomeUnknown {
            return Reply(intent: .createEvent, ok: false, message: Renderer.createdOrNot(card.draft.title, stopped: false))
        } catch {
            return failure(.createEvent, error)
        }
    }

    private func draftJSON(_ card: DraftCard) -> JSONValue {
        let event = Event(id: card.id, calendarID: card.calendar.id, title: card.draft.title, when: card.draft.when,
                          location: card.draft.location, notes: card.draft.notes, attendees: card.draft.attendees, recurrence: card.draft.recurrence,
                          reminderMinutes: card.draft.reminderMinutes)
        return JSONShapes.event(event, calendarName: card.calendar.name, zone: context.zone)
    }
}

extension String {
    /// The character offsets of the first occurrence of `words` in the string, nil when none.
    func firstRangeOfWords(_ words: String) -> Range<Int>? {
        let chars = Array(self), target = Array(words)
        guard target.count <= chars.count else { return nil }
        for i in 0...(chars.count - target.count) where Array(chars[i..<(i + target.count)]) == target { return i..<(i + target.count) }
        return nil
    }
}
