import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// How far clerk looks when a question names no dates.
///
/// | asked | span searched |
/// |---|---|
/// | "what's on", "what do I have" | now to 7 days ahead |
/// | by words or person ("my dentist appointment", "with george") | today to a year ahead |
/// | "what's next" | now to a year ahead |
enum AgendaDefaults {
    static let upcomingDays = 7
    static let searchDays = 366
    /// A search that named no dates shows this many events on screen and counts the rest
    /// (a weekly meeting would fill a year); `--json` carries them all.
    static let searchShown = 10
}

/// query_agenda: events in a range, free time, or the next event.
extension Session {
    /// The day a line asks "when is" of, when that is all it asks: one whole day named
    /// alone ("when is diwali", "when's next friday"), no event, person or free time.
    func dayAskedWhen(_ query: AgendaQuery) -> LocalDate? {
        guard query.words == nil, query.attendee == nil, query.calendar == nil, !query.wantsFreeTime, !query.wantsCount,
              let when = query.when, when.isAllDay, when.recurrence == nil, when.end.timeIntervalSince(when.start) <= 86_400 + 3600,
              let line = lastLine.map(Spelling.fold), ["when is ", "when's ", "whens "].contains(where: line.hasPrefix)
        else { return nil }
        return DateText(zone: context.zone).localDate(when.start)
    }

    func queryAgenda(_ query: AgendaQuery) -> Reply {
        // "when is diwali", "when's next friday": the day asked is the answer ("Friday 29
        // October 2027 (in 328 days).", as "what day is christmas on" says it), then what is on
        // it ("Nothing on Fri 29 Oct 2027." said only that).
        guard let day = dayAskedWhen(query) else { return agenda(query) }
        var reply = agenda(query)
        let head = Renderer.dayAsked(day, text: DateText(zone: context.zone), now: context.now.now())
        reply.message = reply.message.hasPrefix("Nothing on") ? head : head + "\n" + reply.message
        return reply
    }

    /// The events, free time or count a query asks for.
    private func agenda(_ query: AgendaQuery) -> Reply {
        // "when is the christmas party", "show me xmas lunch": the event named so, when one
        // is to come, not what is on the holiday.
        if let holiday = query.titleDate, let named = namedAfterHoliday(holiday, words: query.words) {
            var asked = query
            (asked.titleDate, asked.when, asked.range, asked.words) = (nil, nil, nil, named)
            return queryAgenda(asked)
        }
        lastQuery = query
        let now = context.now.now()
        let text = DateText(zone: context.zone)
        let calendars: [CalendarInfo]
        do { calendars = try context.calendars.calendars() } catch { return failure(.queryAgenda, error) }
        var calendarIDs: [String]?
        if let mention = query.calendar {
            guard let found = calendars.first(where: { Spelling.fold($0.name) == Spelling.fold(mention.name) }) else {
                return Reply(intent: .queryAgenda, ok: false, message: Renderer.unknownCalendar(mention.said, known: calendars.map(\.name)))
            }
            calendarIDs = [found.id]
        }
        let names = Dictionary(uniqueKeysWithValues: calendars.map { ($0.id, $0.name) })
        let filtered = query.words != nil || query.attendee != nil
        let today = text.localDate(now)
        let startOfToday = today.startOfDay(in: context.zone)

        var from: Date, to: Date
        var weekLead: String?
        if let range = query.range, let open = query.when?.openFrom {
            // "what's on after christmas", "meetings since january": from the day after (or
            // the first day) on, as far as a question with no end looks.
            let days = filtered ? AgendaDefaults.searchDays : AgendaDefaults.upcomingDays
            from = open == .atEnd ? range.end : range.start
            to = from + TimeInterval(days * 86_400)
        } else if let range = query.range {
            (from, to) = (range.start, range.end)
            // "am I free tomorrow morning": the working part of the morning, not from midnight.
            // ("free mornings next week": each morning, `freeTime`'s.)
            if let part = query.dayPart, to.timeIntervalSince(from) <= 86_400 {
                (from, to) = StartDefaults.working(part, from: from, to: to, zone: context.zone, hours: context.preferences.workingHours)
                // "am I free for dinner on friday": the day said, that part of it.
                if query.when?.isAllDay == true {
                    let day = LocalDate(from, in: context.zone), hours = FreeTime.hours(of: part, working: context.preferences.workingHours)
                    (from, to) = (context.zone.date(day, minute: hours.start), context.zone.date(day, minute: hours.end))
                }
            }
            // "what's on this week", "what does my week look like" asked on a Saturday or a
            // Sunday: the weekend left and the week after it, not the five days gone by.
            // (Events named so too: "who am i having lunch with this week" on a Saturday.)
            if !query.wantsFreeTime, !query.wantsCount, !query.wantsHours, query.dayPart == nil, today.isoWeekday >= 6 {
                let monday = today.adding(days: 1 - today.isoWeekday)
                if from == monday.startOfDay(in: context.zone), to == monday.adding(days: 7).startOfDay(in: context.zone) {
                    (from, to) = (startOfToday, monday.adding(days: 14).startOfDay(in: context.zone))
                    weekLead = Renderer.weekendLeft(isSunday: today.isoWeekday == 7)
                }
            }
        } else if query.wantsLast {
            (from, to) = (now - TimeInterval(AgendaDefaults.searchDays * 86_400), now)
        } else if query.dayRank != nil {
            // "what's my busiest day": the coming week's days, today's whole.
            (from, to) = (startOfToday, today.adding(days: AgendaDefaults.upcomingDays).startOfDay(in: context.zone))
        } else if query.wantsNext || query.wantsSeries {
            // ("what repeats": a series that comes once a month or a year is found too.)
            (from, to) = (query.wantsSeries ? startOfToday : now, now + TimeInterval(AgendaDefaults.searchDays * 86_400))
        } else if filtered, !query.wantsFreeTime {
            // (Free time asked with a person and no days, "when can I see bob", looks as far as
            // "what's on" does, not a year of days.)
            (from, to) = (startOfToday, startOfToday + TimeInterval(AgendaDefaults.searchDays * 86_400))
        } else {
            (from, to) = (now, startOfToday + TimeInterval((AgendaDefaults.upcomingDays + 1) * 86_400))
        }

        var events: [Event]
        do {
            // Free time counts every event: "am I free friday at 3 to meet carla" asks about
            // the person's whole day, not only the events with Carla.
            if filtered, !query.wantsFreeTime {
                events = try searchEvents(words: query.words, attendee: query.attendee, from: from, to: to, calendarIDs: calendarIDs)
            } else {
                events = try context.calendars.events(from: from, to: to, calendarIDs: calendarIDs)
            }
        } catch {
            return failure(.queryAgenda, error)
        }

        // "what's on fridays this month": that day of the week only.
        if let weekday = query.weekday {
            events = events.filter { text.localDate($0.when.startInstant(in: context.zone)).isoWeekday == weekday }
        }
        // "when's my flight home" with no flight titled so: the flights, which one asked below.
        if query.wantsWayBack, events.isEmpty, let words = query.words {
            let kept = words.split(separator: " ").filter { !["back", "home"].contains($0.lowercased()) }.joined(separator: " ")
            if kept != words, !kept.isEmpty, let found = try? searchEvents(words: kept, attendee: query.attendee, from: from, to: to, calendarIDs: calendarIDs) {
                events = found
            }
        }
        // "when do I fly back from Madrid": the flight whose title says it goes back, else
        // those after the first (the way out).
        if query.wantsWayBack, events.count > 1 {
            let back = events.filter { event in
                let title = event.title.lowercased()
                return ["back", "return", "home"].contains { title.contains($0) } || query.words.map { title.contains("from " + $0.lowercased()) } ?? false
            }
            events = back.isEmpty ? Array(events.dropFirst()) : back
        }
        // "what's my busiest day next week", "which day am I free": the days ranked.
        if let rank = query.dayRank {
            // (Days gone by are no answer: "this week" asked on a Thursday is from today.)
            if from < startOfToday, to > startOfToday { from = startOfToday }
            return rankedDays(rank, events: events, from: from, to: to, names: names, text: text, now: now)
        }
        // "when do I fly to rome" with a trip and its flight both named so: the flight.
        if events.count > 1, query.words != nil, Self.saysFlying(lastLine ?? "") {
            let flights = events.filter { event in Self.flightWords.contains { event.title.lowercased().contains($0) } }
            if !flights.isEmpty { events = flights }
        }
        if query.wantsSeries { return repeatingEvents(events, from: from, to: to, names: names, text: text) }
        if query.wantsFreeTime {
            if query.isMoment, let when = query.when {
                var reply = freeAt(when.start, events: events)
                // ("is bob busy on friday at 3": yours, and said to be.)
                if let person = query.attendee, !person.isEmpty { reply.message += "\n" + Renderer.onlyYourCalendar(person) }
                return reply
            }
            return freeTime(events, from: from, to: to, query: query)
        }
        // "when did I last see the dentist": the latest of them to have started.
        if query.wantsLast, !query.wantsFreeTime {
            let started = events.filter { $0.when.startInstant(in: context.zone) <= now }
            guard let last = started.max(by: { $0.when.startInstant(in: context.zone) < $1.when.startInstant(in: context.zone) }) else {
                // "when is my last piano lesson" with none gone by: the last of the ones to come.
                if query.words != nil || query.attendee != nil, !Self.saidInThePast(lastLine ?? ""),
                   let ahead = try? searchEvents(words: query.words, attendee: query.attendee, from: now, to: now + TimeInterval(AgendaDefaults.searchDays * 86_400), calendarIDs: nil),
                   let final = ahead.max(by: { $0.when.startInstant(in: context.zone) < $1.when.startInstant(in: context.zone) }) {
                    lastShown = final
                    return Reply(intent: .queryAgenda, ok: true,
                                 message: Renderer.lastToCome(final, calendar: names.count > 1 ? names[final.calendarID] : nil, text: text, now: now),
                                 fields: [("events", .array([eventJSON(final, names)]))])
                }
                return Reply(intent: .queryAgenda, ok: true, message: Renderer.nothingLast(words: query.words, person: query.attendee), fields: [("events", .array([]))])
            }
            lastShown = last
            return Reply(intent: .queryAgenda, ok: true,
                         message: Renderer.last(last, calendar: names.count > 1 ? names[last.calendarID] : nil, text: text, now: now),
                         fields: [("events", .array([eventJSON(last, names)]))])
        }
        // "upcoming birthdays", "any birthdays this month": the address book's too.
        if Self.asksForBirthdays(query) {
            let birthdays: [ContactBirthday]
            do { birthdays = try contactBirthdays(from: query.wantsNext ? startOfToday : from, to: to) } catch { return failure(.queryAgenda, error) }
            if let reply = birthdaysReply(birthdays, events: events, query: query, from: from, to: to, names: names, text: text, now: now) {
                return reply
            }
        }
        if query.wantsNext {
            // The next event is the first still to start; one going on now is mentioned too.
            let current = events.filter { !$0.when.isAllDay && $0.when.startInstant(in: context.zone) <= now }
            guard let next = events.first(where: { $0.when.startInstant(in: context.zone) > now }) else {
                return Reply(intent: .queryAgenda, ok: true, message: Renderer.nothingNext(words: query.words), fields: [("events", .array([]))])
            }
            lastShown = next
            var message = current.map { Renderer.now($0, text: text) }
            message.append(Renderer.next(next, calendar: names.count > 1 ? names[next.calendarID] : nil, text: text, now: now))
            // ("who's my next meeting with", "who is in my next meeting": its guests too.)
            if let first = lastLine?.lowercased().split(separator: " ").first, ["who", "who's", "whos", "who’s"].contains(String(first)) {
                message.append(Renderer.guests(of: next))
            }
            return Reply(intent: .queryAgenda, ok: true, message: message.joined(separator: "\n"),
                         fields: [("events", .array([eventJSON(next, names)]))])
        }

        // "my first meeting tomorrow", "the last thing today": the one event picked.
        if let pick = query.pick {
            guard let picked = Self.picked(pick, place: query.pickPlace, of: events, from: from, zone: context.zone) else {
                if query.pickPlace > 1, !events.isEmpty {
                    return Reply(intent: .queryAgenda, ok: true, message: Renderer.notThatMany(events.count, place: pick == .first ? query.pickPlace : -query.pickPlace,
                                                                                              span: Renderer.spanWords(from: from, to: to, text: text, now: now)),
                                 fields: [("events", .array([]))])
                }
                return Reply(intent: .queryAgenda, ok: true, message: Renderer.nothing(from: from, to: to, words: query.words, person: query.attendee,
                                                                                         text: text, now: now), fields: [("events", .array([]))])
            }
            lastShown = picked
            // "where is my first meeting tomorrow": its place, as of any event named.
            let message = query.asks.map { Renderer.aspect($0, of: picked, text: text, now: now) }
                ?? Renderer.picked(pick, place: query.pickPlace, picked, words: query.words, from: from, to: to, text: text, now: now)
            return Reply(intent: .queryAgenda, ok: true, message: message,
                         fields: [("events", .array([eventJSON(picked, names)]))])
        }
        // "any conflicts next week": the pairs of events that overlap.
        if query.wantsOverlaps {
            let pairs = Self.overlaps(events, zone: context.zone)
            let message = Renderer.overlaps(pairs, from: from, to: to, text: text, now: now)
            let names = calendarNames()
            return Reply(intent: .queryAgenda, ok: true, message: message,
                         fields: [("overlaps", .array(pairs.map { .array([eventJSON($0.0, names), eventJSON($0.1, names)]) }))])
        }
        // "how many days until christmas": the day said, counted to.
        if query.asks == .until, query.words == nil, let when = query.when {
            // ("until christmas" is read from now to the day's end: the day is its last.)
            let day = text.localDate(when.start > now ? when.start : when.end.addingTimeInterval(-1))
            // ("how many weeks until christmas": said in weeks too.)
            let inWeeks = Spelling.fold(lastLine ?? "").split(whereSeparator: { !$0.isLetter }).contains { $0 == "weeks" || $0 == "wks" }
            // ("how many working days until christmas": Monday to Friday, after today, before the day.)
            if query.countsWorkingDays, day > today {
                let working = Self.weekdays(after: today, before: day)
                return Reply(intent: .queryAgenda, ok: true, message: Renderer.workingDaysUntil(day, working: working, text: text, now: now),
                             fields: [("days", .number(Double(today.days(until: day)))), ("workingDays", .number(Double(working)))])
            }
            return Reply(intent: .queryAgenda, ok: true, message: Renderer.daysUntil(day, text: text, now: now, inWeeks: inWeeks),
                         fields: [("days", .number(Double(today.days(until: day))))])
        }
        // "how long am I in berlin": from the journey there to the next one away.
        if query.asks == .length, let place = query.words, Self.asksStay(lastLine ?? ""),
           let reply = stayReply(place, events: events, names: names, text: text, now: now) {
            return reply
        }
        // "how long is the dentist", "is the review on friday": the one event named, answered.
        if let aspect = query.asks, query.words != nil {
            do {
                if let reply = try aspectReply(aspect, events: events, query: query, calendarIDs: calendarIDs, names: names,
                                               text: text, now: now, startOfToday: startOfToday) { return reply }
            } catch {
                return failure(.queryAgenda, error)
            }
        }
        // "how many hours is maria working this week": the hours added up, then the events.
        if query.wantsHours {
            // "how many hours is maria working" with her shifts titled "Maria's shift": the
            // name with "shift", then the name alone (events with her, or of hers).
            if events.isEmpty, let words = query.words {
                let kept = words.split(separator: " ").filter { !Self.workWordsOfHours.contains($0.lowercased()) }.joined(separator: " ")
                if !kept.isEmpty, kept != words {
                    for again in [kept + " shift", kept] {
                        let found = (try? searchEvents(words: again, attendee: query.attendee, from: from, to: to, calendarIDs: calendarIDs)) ?? []
                        if !found.isEmpty { events = found; break }
                    }
                }
            }
            if events.count == 1 { lastShown = events[0] } else if events.count > 1 { lastListing = events }
            var seconds = 0.0
            var allDay = 0
            for event in events {
                guard !event.when.isAllDay else { allDay += 1; continue }
                let start = max(event.when.startInstant(in: context.zone), from), end = min(event.when.endInstant(in: context.zone), to)
                if end > start { seconds += end.timeIntervalSince(start) }
            }
            var layout = AgendaLayout(text: text, style: context.style, calendarNames: names)
            layout.year = today.year
            let head = Renderer.hoursCounted(seconds, events: events.count, allDay: allDay, from: from, to: to, words: query.words,
                                             person: query.attendee, text: text, now: now)
            let message = ([head] + (events.isEmpty ? [] : layout.render(events, from: from, to: to))).joined(separator: "\n")
            var reply = Reply(intent: .queryAgenda, ok: true, message: message)
            let zone = context.zone
            let hours = seconds / 3600
            reply.deferredFields = { [events, names] in
                [("hours", .number(hours)), ("events", .array(events.map { Session.eventJSON($0, names, zone: zone) }))]
            }
            return reply
        }
        // A listing of one event makes it "it"; after a longer one "it" asks which of them.
        if events.count == 1 { lastShown = events[0] } else if events.count > 1 { lastListing = events }
        let calendarName = calendarIDs == nil ? nil : query.calendar.map { names[calendarIDs![0]] ?? $0.name }
        // "how many …": the count in `--json` too.
        let countField: [(String, JSONValue)] = query.wantsCount ? [("count", .number(Double(events.count)))] : []
        guard !events.isEmpty else {
            return Reply(intent: .queryAgenda, ok: true, message: Renderer.nothing(from: from, to: to, words: query.words, person: query.attendee,
                                                                                     calendar: calendarName, weekday: query.weekday, text: text, now: now),
                         fields: countField + [("events", .array([]))])
        }
        var layout = AgendaLayout(text: text, style: context.style, calendarNames: names)
        // A day of another year than this one says which.
        layout.year = today.year
        var shown = events, more: [String] = []
        if filtered, query.range == nil, events.count > AgendaDefaults.searchShown, let last = events.last {
            shown = Array(events.prefix(AgendaDefaults.searchShown))
            more = [Renderer.moreFound(events.count - shown.count, until: last, text: text)]
        }
        let head = query.wantsCount ? [Renderer.counted(events.count, from: from, to: to, words: query.words, person: query.attendee,
                                                         calendar: calendarName, weekday: query.weekday, text: text, now: now)] : []
        var message = (head + (weekLead.map { [$0] } ?? []) + layout.render(shown, from: from, to: to) + more).joined(separator: "\n")
        // One event found by its name ("where is the team dinner", "who's coming to the
        // review", "when is my next dentist appointment"): all of it, people and place too.
        // A repeating one found whole ("when is the standup") is its next occurrence, with its rule.
        if query.words != nil, !query.wantsCount, query.range == nil || events.count == 1,
           let next = oneEvent(events, now: now),
           let calendar = calendars.first(where: { $0.id == next.calendarID }) {
            lastShown = next
            message = details(of: next, on: calendar)
            // The JSON says what the text shows: that event, with the rule of its series.
            if events.count > 1 {
                var shown = next
                if let series = next.recurringEventID, let master = try? context.calendars.event(id: series) { shown.recurrence = master.recurrence }
                events = [shown]
            }
        }
        var reply = Reply(intent: .queryAgenda, ok: true, message: message)
        let zone = context.zone
        reply.deferredFields = { [events, names] in
            countField + [("events", .array(events.map { Session.eventJSON($0, names, zone: zone) }))]
        }
        return reply
    }

    /// Words of working that a question of hours may say of someone's shifts.
    static let workWordsOfHours: Set<String> = ["working", "work", "works", "shift", "shifts", "on"]

    /// The first or last event of a span to start: of the timed ones when there are any (an
    /// all-day holiday is nobody's first meeting), and of those that start in the span when
    /// any do (not one begun the day before); by end, then title, when two start together.
    static func picked(_ pick: EventPick, place: Int = 1, of events: [Event], from: Date, zone: Zone) -> Event? {
        let timed = events.filter { !$0.when.isAllDay }
        var pool = timed.isEmpty ? events : timed
        let starting = pool.filter { $0.when.startInstant(in: zone) >= from }
        if !starting.isEmpty { pool = starting }
        func before(_ a: Event, _ b: Event) -> Bool {
            (a.when.startInstant(in: zone), a.when.endInstant(in: zone), a.title) < (b.when.startInstant(in: zone), b.when.endInstant(in: zone), b.title)
        }
        // ("my longest meeting this week": the timed one of most time, the earliest of equals.)
        if pick == .longest || pick == .shortest {
            func length(_ e: Event) -> TimeInterval { e.when.endInstant(in: zone).timeIntervalSince(e.when.startInstant(in: zone)) }
            let byLength = timed.sorted { pick == .longest ? (length($0) > length($1) || length($0) == length($1) && before($0, $1))
                                                         : (length($0) < length($1) || length($0) == length($1) && before($0, $1)) }
            return byLength.indices.contains(place - 1) ? byLength[place - 1] : nil
        }
        let ordered = pool.sorted(by: before)
        let index = pick == .first ? place - 1 : ordered.count - place
        return ordered.indices.contains(index) ? ordered[index] : nil
    }

    /// A contact's birthday on a day of the span asked about, and the age turned.
    struct ContactBirthday {
        var day: LocalDate
        var name: String
        var age: Int?
    }

    /// True for a question about birthdays alone ("upcoming birthdays", "whose birthday is
    /// coming up"), not one person's ("Ana's birthday" is her card's).
    static func asksForBirthdays(_ query: AgendaQuery) -> Bool {
        guard let words = query.words, query.attendee == nil, !query.wantsFreeTime else { return false }
        return ["birthday", "birthdays", "bday", "bdays"].contains(Spelling.fold(words))
    }

    /// The day of `birthday` in `year`: 29 February on the 28th in other years; nil for a day
    /// the month does not have (a card written by hand).
    static func birthday(_ birthday: Birthday, in year: Int) -> LocalDate? {
        var day = LocalDate(year: year, month: birthday.month, day: birthday.day)
        if birthday.month == 2, birthday.day == 29, !LocalDate.isLeap(year) { day.day = 28 }
        return day.day <= LocalDate.daysIn(month: day.month, year: year) ? day : nil
    }

    /// The birthdays of the address book from `from` to `to`, by day; a birthday on 29
    /// February is kept on 28 February in other years. At most ten years are looked through.
    func contactBirthdays(from: Date, to: Date) throws -> [ContactBirthday] {
        let first = LocalDate(from, in: context.zone), last = LocalDate(to, in: context.zone)
        var found: [ContactBirthday] = []
        for contact in try context.contacts.contacts() {
            // (A day no month has, from a card written by hand, is left out.)
            guard let birthday = contact.birthday, (1...12).contains(birthday.month), (1...31).contains(birthday.day) else { continue }
            for year in first.year...max(first.year, min(last.year, first.year + 10)) {
                guard let day = Self.birthday(birthday, in: year) else { continue }
                let start = day.startOfDay(in: context.zone)
                guard start >= first.startOfDay(in: context.zone), start < to else { continue }
                found.append(ContactBirthday(day: day, name: contact.name, age: birthday.year.map { year - $0 }.flatMap { $0 > 0 ? $0 : nil }))
            }
        }
        return found.sorted { ($0.day, $0.name) < ($1.day, $1.name) }
    }

    /// The answer to a question about birthdays with the contacts' among them: the next one
    /// for "when's the next birthday", else the events found and the birthdays after them.
    /// Nil when the address book has none in the span (the events answer alone).
    func birthdaysReply(_ birthdays: [ContactBirthday], events: [Event], query: AgendaQuery, from: Date, to: Date,
                        names: [String: String], text: DateText, now: Date) -> Reply? {
        guard let soonest = birthdays.first else { return nil }
        let fields: [(String, JSONValue)] = [
            ("events", .array(events.map { eventJSON($0, names) })),
            ("birthdays", .array(birthdays.map { b in
                .object([("name", .string(b.name)), ("date", .string(b.day.iso)), ("age", b.age.map { .number(Double($0)) } ?? .null)])
            })),
        ]
        if query.wantsNext {
            let nextEvent = events.first { $0.when.startInstant(in: context.zone) > now }
            if let nextEvent, nextEvent.when.startInstant(in: context.zone) < soonest.day.startOfDay(in: context.zone) { return nil }
            return Reply(intent: .queryAgenda, ok: true, message: Renderer.nextBirthday(soonest.name, on: soonest.day, age: soonest.age, text: text, now: now),
                         fields: fields)
        }
        var layout = AgendaLayout(text: text, style: context.style, calendarNames: names)
        layout.year = text.localDate(now).year
        var lines = events.isEmpty ? [] : layout.render(events, from: from, to: to)
        lines += Renderer.birthdays(birthdays.map { ($0.day, $0.name, $0.age) }, text: text, now: now)
        if events.count == 1 { lastShown = events[0] } else if events.count > 1 { lastListing = events }
        return Reply(intent: .queryAgenda, ok: true, message: lines.joined(separator: "\n"), fields: fields)
    }

    /// True for a question about the event just shown, naming it only by "it" or nothing:
    /// "where is it?", "when's that?", "who's invited?", "who is coming to it".
    static func asksAboutIt(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" })
        // "show it", "show me that one", "details", "tell me more".
        if showsIt.contains(words.joined(separator: " ")) { return true }
        guard let first = words.first, ["where", "when", "who", "where's", "when's", "who's", "whos", "wheres", "whens"].contains(first),
              words.count <= 6 else { return false }
        let rest = words.dropFirst()
        // "where?", "when?", "who?" alone just after an event: about it.
        if rest.isEmpty { return ["where", "when", "who"].contains(first) }
        return rest.allSatisfy { aboutItWords.contains(String($0)) }
            && rest.contains { ["it", "that", "this", "invited", "coming", "going"].contains(String($0)) }
    }

    /// "how long is it", "how long does it last", "how long?" just after an event: its length.
    static func asksLengthOfIt(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
        guard words.starts(with: ["how", "long"]) else { return false }
        return [[], ["is", "it"], ["is", "that"], ["is", "this"], ["is", "that", "one"], ["does", "it", "last"], ["does", "it", "take"],
                ["is", "it", "again"]].contains(Array(words.dropFirst(2)))
    }

    static let showsIt: Set<String> = [
        "show it", "show me it", "show that", "show me that", "show that one", "show me that one", "open it", "details",
        "more details", "show details", "show me the details", "tell me more", "more info", "what is it", "what's that",
    ]

    static let aboutItWords: Set<String> = ["is", "it", "that", "this", "one", "invited", "coming", "going", "again", "to", "at", "on", "exactly", "was",
                                            "else", "all", "everyone", "else's"]

    /// An event shown whole, as its card was: when, calendar, people, place, how it repeats
    /// (an occurrence says its series' rule).
    func details(of event: Event, on calendar: CalendarInfo) -> String {
        var recurrence = event.recurrence
        if let series = event.recurringEventID, let master = try? context.calendars.event(id: series) { recurrence = master.recurrence }
        let draft = EventDraft(title: event.title, when: event.when, location: event.location, notes: event.notes, attendees: event.attendees,
                               recurrence: recurrence, reminderMinutes: event.reminderMinutes)
        let card = DraftCard(id: event.id, draft: draft, calendar: calendar, durationAssumed: false, calendarAssumed: false)
        let next = recurrence.isEmpty ? [] : comingTimes(of: event)
        return Renderer.card(card, next: next, warnings: [], zone: context.zone, style: context.style)
    }

    /// The starts of the next three times a series happens from the one shown ("when is
    /// yoga": "next Wed 2 Dec, Wed 9 Dec, Wed 16 Dec"), as the store holds them, so a day
    /// skipped or moved shows as it is; empty when fewer than two are still to come. A year
    /// is looked at, four when a yearly one needs it.
    func comingTimes(of event: Event) -> [Date] {
        let series = event.recurringEventID ?? event.id
        let zone = context.zone, now = context.now.now()
        let start = event.when.startInstant(in: zone)
        var found: [Date] = []
        for years in [1, 4] {
            let end = start + TimeInterval(years * 366 * 86_400)
            guard let events = try? context.calendars.events(from: start, to: end, calendarIDs: [event.calendarID]) else { return [] }
            found = events.filter { ($0.recurringEventID ?? $0.id) == series && $0.when.endInstant(in: zone) > now }
                .map { $0.when.startInstant(in: zone) }.sorted()
            if found.count >= 3 { break }
        }
        return found.count < 2 ? [] : Array(found.prefix(3))
    }

    /// "am I free Friday at 1:30": yes, or no with what is on then (for the default length).
    private func freeAt(_ moment: Date, events: [Event]) -> Reply {
        let text = DateText(zone: context.zone)
        let end = moment + context.preferences.eventLength
        let busy = events.filter {
            guard case .timed(let s, let e, _) = $0.when else { return false }
            return s < end && e > moment
        }
        let names = calendarNames()
        return Reply(intent: .queryAgenda, ok: true, message: Renderer.freeAt(moment, busy: busy, text: text),
                     fields: [("events", .array(busy.map { eventJSON($0, names) }))])
    }

    /// "show my recurring events": each series met in `[from, to)` once, with how often it
    /// comes and its next time (a one-off event is left out).
    private func repeatingEvents(_ events: [Event], from: Date, to: Date, names: [String: String], text: DateText) -> Reply {
        var seen = Set<String>(), rows: [(next: Event, series: Event)] = []
        for event in events {
            guard let id = event.recurringEventID, seen.insert(id).inserted else { continue }
            // (The series' own rule is on its first event; an occurrence carries none.)
            let series = (try? context.calendars.event(id: id)) ?? nil
            if let series, !series.recurrence.isEmpty { rows.append((event, series)) }
        }
        let now = context.now.now()
        let lines = rows.map { row in
            (row.series.shownTitle, (Renderer.repeats(row.series, text: text) ?? "repeats") + ", " + Renderer.clockOrAllDay(row.series.when, text: text),
             "next: " + Renderer.dayToCome(text.localDate(row.next.when.startInstant(in: context.zone)), today: text.localDate(now), text: text))
        }
        return Reply(intent: .queryAgenda, ok: true, message: Renderer.repeatingEvents(lines, from: from, to: to, text: text, now: now),
                     fields: [("events", .array(rows.map { eventJSON($0.series, names) }))])
    }

    /// A free slot as JSON answers give it: its start and end in the person's zone.
    private func slotJSON(_ slot: (Date, Date)) -> JSONValue {
        .object([("start", .string(ClockText.rfc3339(slot.0, zone: context.zone))), ("end", .string(ClockText.rfc3339(slot.1, zone: context.zone)))])
    }

    /// "Friday afternoon you're free except 15:00–16:00 Dentist", or the free slots of a length;
    /// time already past today is not free time any more.
    private func freeTime(_ events: [Event], from: Date, to: Date, query: AgendaQuery) -> Reply {
        let text = DateText(zone: context.zone)
        let wholeDays = (query.when.map(\.isAllDay) ?? true) && query.dayPart == nil
        let now = context.now.now()
        // "any free evenings this week": that part of each day ("this evening" is one span).
        let eachDaysPart = query.dayPart.flatMap { part in to.timeIntervalSince(from) > 86_400 ? part : nil }
        let windows = FreeTime.windows(from: from, to: to, zone: context.zone, wholeDays: wholeDays || eachDaysPart != nil,
                                       hours: eachDaysPart.map { FreeTime.hours(of: $0, working: context.preferences.workingHours) } ?? context.preferences.workingHours)
            .compactMap { window -> (Date, Date)? in
                let start = max(window.0, now)
                return start < window.1 ? (start, window.1) : nil
            }
        // "when's my next free afternoon": the first of those parts with nothing in it.
        if query.wantsNext, let part = eachDaysPart, query.slotMinutes == nil {
            let free = windows.first { window in
                !events.contains { guard case .timed(let s, let e, _) = $0.when else { return false }; return s < window.1 && e > window.0 }
            }
            return Reply(intent: .queryAgenda, ok: true, message: Renderer.nextFree(part, free, text: text),
                         fields: [("events", .array([])), ("free", .array(free.map { [slotJSON($0)] } ?? []))])
        }
        // "when am I next free", "my first free hour next week": the first free time from now
        // of the length asked (else of half an hour), not every day's.
        if query.wantsNext, eachDaysPart == nil {
            let minimum = TimeInterval((query.slotMinutes ?? 30) * 60)
            let first = windows.lazy.compactMap { FreeTime.free(events, from: $0.0, to: $0.1, minimum: minimum).first }.first
            if let first, let minutes = query.slotMinutes { freeSlotShown = (first.0, first.0 + TimeInterval(minutes * 60)) }
            return Reply(intent: .queryAgenda, ok: true, message: Renderer.firstFree(first, minutes: query.slotMinutes, text: text, now: now),
                         fields: [("events", .array([])), ("free", .array(first.map { [slotJSON($0)] } ?? []))])
        }
        // "how much free time do I have tomorrow": the free time of each day, added up.
        if query.wantsHours {
            let free = windows.map { FreeTime.free(events, from: $0.0, to: $0.1) }
            let days = zip(windows, free).map { window, slots in (text.localDate(window.0), slots.reduce(0) { $0 + $1.1.timeIntervalSince($1.0) }) }
            return Reply(intent: .queryAgenda, ok: true, message: Renderer.freeTotal(days, text: text),
                         fields: [("events", .array([])), ("free", .array(free.joined().map(slotJSON)))])
        }
        var lines: [String] = []
        var slotsJSON: [JSONValue] = []
        for (start, end) in windows {
            let busy = events.filter {
                guard case .timed(let s, let e, _) = $0.when else { return false }
                return s < end && e > start
            }
            if let minutes = query.slotMinutes {
                let free = FreeTime.free(busy, from: start, to: end, minimum: TimeInterval(minutes * 60))
                if freeSlotShown == nil, let first = free.first { freeSlotShown = (first.0, first.0 + TimeInterval(minutes * 60)) }
                lines.append(Renderer.freeSlots(day: text.localDate(start), free, text: text))
                slotsJSON += free.map(slotJSON)
            } else {
                lines.append(Renderer.freeExcept(day: text.localDate(start), window: (start, end), busy: busy, text: text))
                slotsJSON += FreeTime.free(busy, from: start, to: end).map(slotJSON)
            }
        }
        if windows.isEmpty { lines.append(to <= now ? Renderer.spanIsOver : Renderer.nothingToSearch(context.preferences.workingHours)) }
        // "find me an hour with Sam": only the person's own calendar is known, and said so.
        if let person = query.attendee, !person.isEmpty, !windows.isEmpty { lines.append(Renderer.onlyYourCalendar(person)) }
        let names = Dictionary(uniqueKeysWithValues: ((try? context.calendars.calendars()) ?? []).map { ($0.id, $0.name) })
        return Reply(intent: .queryAgenda, ok: true, message: lines.joined(separator: "\n"),
                     fields: [("events", .array(events.map { eventJSON($0, names) })), ("free", .array(slotsJSON))])
    }

    /// Events matching words and a person. When every word together finds nothing, the
    /// words that name a kind of event ("appointment", "meeting") are dropped and the rest
    /// tried, so "my next dentist appointment" finds "Dentist".
    /// The pairs of timed events that overlap, in order of the first's start (all-day events
    /// overlap everything and are left out).
    static func overlaps(_ events: [Event], zone: Zone) -> [(Event, Event)] {
        let timed = events.filter { !$0.when.isAllDay }.sorted { $0.when.startInstant(in: zone) < $1.when.startInstant(in: zone) }
        var pairs: [(Event, Event)] = []
        for (k, first) in timed.enumerated() {
            let end = first.when.endInstant(in: zone)
            for second in timed[(k + 1)...] {
                guard second.when.startInstant(in: zone) < end else { break }
                pairs.append((first, second))
            }
        }
        return pairs
    }

    /// The one event `events` are — one, or the days of one series — as its next time not
    /// over (else its first); with `anyOf`, the next of whatever they are. Nil for none, or
    /// for several that are not one series.
    func oneEvent(_ events: [Event], now: Date, anyOf: Bool = false) -> Event? {
        guard let first = events.first else { return nil }
        let series = first.recurringEventID
        guard anyOf || events.count == 1 || (series != nil && events.allSatisfy { $0.recurringEventID == series }) else { return nil }
        return events.first { $0.when.endInstant(in: context.zone) > now } ?? first
    }

    /// The answer to one thing asked of the event a question names (`AgendaQuery.asks`), when
    /// the words found one event (or one series: its next time); nil to show what was found
    /// as a list. "is the dentist on friday" with no dentist then looks a year ahead for it.
    func aspectReply(_ aspect: EventAspect, events: [Event], query: AgendaQuery, calendarIDs: [String]?, names: [String: String],
                     text: DateText, now: Date, startOfToday: Date) throws -> Reply? {
        // "how long until the dentist": the next of them, however many there are.
        func one(_ found: [Event]) -> Event? { oneEvent(found, now: now, anyOf: aspect == .until) }
        let message: String, event: Event
        // "what's after the dentist" with two dentists: which one, then what is around it.
        if aspect == .after || aspect == .before, one(events) == nil, events.count > 1 {
            return choose(among: Array(events.prefix(9)), intent: .queryAgenda) { [unowned self] found in
                do { return try around(aspect, of: found, names: names, text: text, now: now) } catch { return failure(.queryAgenda, error) }
            }
        }
        if let found = one(events), aspect == .after || aspect == .before {
            return try around(aspect, of: found, names: names, text: text, now: now)
        } else if let found = one(events) {
            (event, message) = (found, Renderer.aspect(aspect, of: found, text: text, now: now))
        } else if events.isEmpty, aspect == .check, query.range != nil,
                  let found = one(try searchEvents(words: query.words, attendee: query.attendee, from: startOfToday,
                                                   to: startOfToday + TimeInterval(AgendaDefaults.searchDays * 86_400), calendarIDs: calendarIDs)) {
            (event, message) = (found, Renderer.elsewhen(found, text: text))
        } else {
            return nil
        }
        lastShown = event
        var reply = Reply(intent: .queryAgenda, ok: true, message: message)
        let zone = context.zone
        let shown = [event]
        reply.deferredFields = { [names] in [("events", .array(shown.map { Session.eventJSON($0, names, zone: zone) }))] }
        return reply
    }

    /// "what's after the dentist": the other timed events of its day, on every calendar.
    func around(_ aspect: EventAspect, of found: Event, names: [String: String], text: DateText, now: Date) throws -> Reply {
        let others = try eventsAround(found, after: aspect == .after)
        let layout = AgendaLayout(text: text, style: context.style, calendarNames: calendarNames())
        lastShown = found
        var reply = Reply(intent: .queryAgenda, ok: true, message: Renderer.aspect(aspect, of: found, around: others.map { layout.line($0) }, text: text, now: now))
        let zone = context.zone
        reply.deferredFields = { [names] in [("events", .array(others.map { Session.eventJSON($0, names, zone: zone) }))] }
        return reply
    }

    /// The timed events, on every calendar, that start after `event` (at the same time or
    /// later) or before it on its day, by start; for an all-day event, those of the day after
    /// its last day or before its first.
    func eventsAround(_ event: Event, after: Bool) throws -> [Event] {
        let zone = context.zone
        let start = event.when.startInstant(in: zone)
        var day = LocalDate(start, in: zone)
        if case .allDay(let first, let end) = event.when { day = after ? end : first.adding(days: -1) }
        let found = try context.calendars.events(from: day.startOfDay(in: zone), to: day.adding(days: 1).startOfDay(in: zone), calendarIDs: nil)
        return found.filter { other in
            guard other.id != event.id, !other.when.isAllDay else { return false }
            return event.when.isAllDay || (after ? other.when.startInstant(in: zone) >= start : other.when.startInstant(in: zone) < start)
        }
    }

    /// Words searched for that events are called by others when none holds them ("working":
    /// the shifts; "fly": the flight).
    static let searchedAlsoAs: [String: [String]] = [
        "working": ["shift", "rota", "on call"], "work": ["shift", "rota", "on call"], "fly": ["flight"], "flying": ["flight", "fly"],
        // ("what deadlines do I have": what is due.)
        "deadline": ["due"], "deadlines": ["deadline", "due"],
    ]

    func searchEvents(words: String?, attendee: String?, from: Date, to: Date, calendarIDs: [String]?) throws -> [Event] {
        // "when am I away": trips, holidays and leave, by any of their names as whole words
        // of the title or place ("Takeaway night" is none), the span's events read once.
        // (Asked only of the speaker: no guest to filter by.)
        if words == AgendaQuery.away {
            return try context.calendars.events(from: from, to: to, calendarIDs: calendarIDs).filter { event in
                let said = " " + Spelling.fold(event.title + " " + (event.location ?? "")).split(whereSeparator: { !$0.isLetter }).joined(separator: " ") + " "
                return Self.awayTitles.contains { said.contains(" \($0) ") || said.contains(" \($0)s ") }
            }
        }
        let found = try context.calendars.searchEvents(EventSearch(text: words, attendee: attendee, from: from, to: to, calendarIDs: calendarIDs))
        // "emma's soccer" with Emma in the title, not among the guests: her name is words.
        if found.isEmpty, let attendee {
            let named = try searchEvents(words: attendee + (words.map { " " + $0 } ?? ""), attendee: nil, from: from, to: to, calendarIDs: calendarIDs)
            if !named.isEmpty { return named }
        }
        // "emmas soccer": a possessive typed without its apostrophe.
        if found.isEmpty, let words, words.split(separator: " ").count > 1,
           words.split(separator: " ").contains(where: { $0.count > 3 && $0.hasSuffix("s") && !Self.eventKindWords.contains($0.lowercased()) }) {
            let singular = words.split(separator: " ").map { $0.count > 3 && $0.hasSuffix("s") && !Self.eventKindWords.contains($0.lowercased()) ? $0.dropLast() : $0 }
                .joined(separator: " ")
            let again = try context.calendars.searchEvents(EventSearch(text: singular, attendee: attendee, from: from, to: to, calendarIDs: calendarIDs))
            if !again.isEmpty { return again }
        }
        guard found.isEmpty, let words else { return found }
        let stems = words.split(separator: " ").map { Self.stem(String($0)) }.joined(separator: " ")
        if stems != words {
            let again = try context.calendars.searchEvents(EventSearch(text: stems, attendee: attendee, from: from, to: to, calendarIDs: calendarIDs))
            if !again.isEmpty { return again }
        }
        // "am I working on the 15th", "how many hours am I working": with no event called
        // work, the shifts are the work. "when do I fly": the flight.
        if let alternatives = Self.searchedAlsoAs[words.lowercased()] {
            for other in alternatives {
                let again = try context.calendars.searchEvents(EventSearch(text: other, attendee: attendee, from: from, to: to, calendarIDs: calendarIDs))
                if !again.isEmpty { return again }
            }
        }
        let kept = words.split(separator: " ").filter { !Self.eventKindWords.contains($0.lowercased()) }
        guard kept.count < words.split(separator: " ").count else { return found }
        let byKind = try context.calendars.searchEvents(EventSearch(text: kept.isEmpty ? nil : kept.joined(separator: " "), attendee: attendee, from: from, to: to,
                                                                    calendarIDs: calendarIDs))
        // "toms lesson", "lilys session": the name without the possessive's "s" ("Tom").
        guard byKind.isEmpty, kept.contains(where: { $0.count > 3 && $0.hasSuffix("s") }) else { return byKind }
        let owner = kept.map { $0.count > 3 && $0.hasSuffix("s") ? $0.dropLast() : $0 }.joined(separator: " ")
        return try context.calendars.searchEvents(EventSearch(text: owner, attendee: attendee, from: from, to: to, calendarIDs: calendarIDs))
    }

    /// The part of `word` that its other forms share, for a search by words: "deliveries" →
    /// "deliver", "classes" → "class", "exams" → "exam", "working" → "work"; short words and
    /// others as they are.
    static func stem(_ word: String) -> String {
        guard word.count > 4 else { return word }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) }
        if word.hasSuffix("sses") || word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes") { return String(word.dropLast(2)) }
        if word.hasSuffix("ing"), word.count > 5 { return String(word.dropLast(3)) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us") { return String(word.dropLast()) }
        return word
    }

    /// Words that say what kind of thing an event is rather than which one.
    static let eventKindWords: Set<String> = [
        "appointment", "appointments", "meeting", "meetings", "event", "events", "session", "sessions",
        "call", "calls", "thing", "things", "reservation", "booking", "class", "classes", "lesson", "lessons",
        // ("delete the pills reminder": the event "Take my pills".)
        "reminder", "reminders", "alarm", "task", "todo",
    ]

    /// +1 for "and the day after?", "what about the next day", "the following day"; -1 for
    /// "the day before?", "and the previous day"; nil for any other line.
    static func dayAfterOrBefore(_ text: String) -> Int? {
        var words = text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
        for opening in [["and"], ["what", "about"], ["how", "about"], ["what's", "on"], ["whats", "on"], ["and", "on"]] where words.starts(with: opening) {
            words.removeFirst(opening.count)
        }
        if words.first == "the" { words.removeFirst() }
        if let last = words.last, ["then", "that", "too"].contains(last) { words.removeLast() }
        switch words {
        case ["day", "after"], ["next", "day"], ["following", "day"]: return 1
        case ["day", "before"], ["previous", "day"]: return -1
        // "and the week after?", "the following week": a week asked about, a week on.
        case ["week", "after"], ["following", "week"]: return 7
        case ["week", "before"], ["previous", "week"]: return -7
        default: return nil
        }
    }

    /// The day after (or before) the one last asked about, or the day of the event last
    /// shown: asked again for that day. With neither, what is needed is said.
    func dayAfterOrBefore(_ days: Int) -> Reply {
        let zone = context.zone
        // "what about next week" then "and the week after?": the span asked about, a week on.
        if abs(days) == 7, let last = lastQuery, last.words == nil, last.attendee == nil, let when = last.when,
           when.end.timeIntervalSince(when.start) > 86_400 + 3_600 {
            var shifted = when
            shifted.start = zone.date(byAddingDays: days, to: when.start)
            shifted.end = zone.date(byAddingDays: days, to: when.end)
            return queryAgenda(Self.asked(last, again: shifted, zone: zone))
        }
        let anchor: LocalDate
        // (A question about one event, "when is the dentist", asks of no day.)
        let last = lastQuery.flatMap { $0.words == nil && $0.attendee == nil ? $0 : nil }
        if let last, let when = last.when, when.end.timeIntervalSince(when.start) <= 86_400 + 3_600 {
            anchor = LocalDate(when.start, in: zone)
        } else if let event = lastShown {
            anchor = LocalDate(event.when.startInstant(in: zone), in: zone)
        } else {
            return Reply(intent: .queryAgenda, ok: false, message: Renderer.dayAfterWhat(days))
        }
        let day = anchor.adding(days: days)
        let iso = "\(day.year)-" + (day.month < 10 ? "0" : "") + "\(day.month)-" + (day.day < 10 ? "0" : "") + "\(day.day)"
        guard let when = understand("what's on " + iso).dates.first else { return Reply(intent: .queryAgenda, ok: false, message: Renderer.dayAfterWhat(days)) }
        if let last, last.when != nil { return queryAgenda(Self.asked(last, again: when, zone: zone)) }
        return queryAgenda(AgendaQuery(when: when, range: DateInterval(start: when.start, end: when.end)))
    }

    /// The days from `from` to `to` with the time booked in each (overlapping events counted
    /// once, all-day ones as events with no time), answered as the busiest or the quietest.
    /// Quietest names every day with nothing timed in it ("which day am I free"), else the one
    /// with the least booked.
    func rankedDays(_ rank: DayRank, events: [Event], from: Date, to: Date, names: [String: String], text: DateText, now: Date) -> Reply {
        typealias Day = (day: LocalDate, events: [Event], booked: TimeInterval)
        var days: [Day] = []
        var day = text.localDate(from)
        while days.count < AgendaDefaults.searchDays {
            let start = max(day.startOfDay(in: context.zone), from), end = min(day.adding(days: 1).startOfDay(in: context.zone), to)
            guard start < end else { break }
            let on = events.filter { $0.when.startInstant(in: context.zone) < end && $0.when.endInstant(in: context.zone) > start }
            let spans = on.filter { !$0.when.isAllDay }
                .map { (max($0.when.startInstant(in: context.zone), start), min($0.when.endInstant(in: context.zone), end)) }
                .sorted { $0.0 < $1.0 }
            var booked: TimeInterval = 0, reached = start
            for (s, e) in spans where e > reached {
                booked += e.timeIntervalSince(max(s, reached))
                reached = e
            }
            days.append((day, on, booked))
            day = day.adding(days: 1)
        }
        let found: [Day]
        switch rank {
        case .busiest:
            // The most time booked; of equals, the most events, then the first.
            found = days.filter { !$0.events.isEmpty }.max { ($0.booked, $0.events.count, $1.day) < ($1.booked, $1.events.count, $0.day) }.map { [$0] } ?? []
        case .quietest:
            let free = days.filter { $0.booked == 0 }
            found = !free.isEmpty ? free : days.min { ($0.booked, $0.events.count, $0.day) < ($1.booked, $1.events.count, $1.day) }.map { [$0] } ?? []
        }
        let dayJSON: [JSONValue] = found.map { .object([("date", .string($0.day.description)), ("bookedMinutes", .number(($0.booked / 60).rounded())),
                                                         ("events", .array($0.events.map { eventJSON($0, names) }))]) }
        var message = [Renderer.rankedDays(rank, found.map { ($0.day, $0.events.count, $0.booked) }, from: from, to: to, text: text, now: now)]
        if found.count == 1, !found[0].events.isEmpty {
            var layout = AgendaLayout(text: text, style: context.style, calendarNames: names)
            layout.year = text.localDate(now).year
            let start = found[0].day.startOfDay(in: context.zone)
            message += layout.render(found[0].events, from: start, to: found[0].day.adding(days: 1).startOfDay(in: context.zone))
            if found[0].events.count == 1 { lastShown = found[0].events[0] } else { lastListing = found[0].events }
        }
        return Reply(intent: .queryAgenda, ok: true, message: message.joined(separator: "\n"), fields: [("days", .array(dayJSON))])
    }

    static let flightWords = ["flight", "fly", "plane"]
    /// Words of a journey away from a place ("flight home", "train back").
    static let journeyWords = ["flight", "fly", "plane", "train", "ferry", "coach", "drive", "home", "back", "return"]

    /// True for "how long am I in berlin", "how long are we in rome", "how long will I be at
    /// the cottage": a stay asked, not an event's length.
    static func asksStay(_ line: String) -> Bool {
        let words = Spelling.fold(line).lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
        guard words.count >= 5, words[0] == "how", words[1] == "long" else { return false }
        let rest = words.dropFirst(2).joined(separator: " ")
        return ["am i in ", "am i at ", "are we in ", "are we at ", "will i be in ", "will we be in ", "will i be at ", "will we be at ",
                "i'm in ", "we're in ", "i'll be in ", "we'll be in "].contains { rest.hasPrefix($0) }
    }

    /// The stay in the place named: from the end of the first event to come that names it
    /// (the flight there, or a stay of whole days) to the start of the next journey after it;
    /// a stay of days alone is its own span. Nil when neither is found.
    func stayReply(_ place: String, events: [Event], names: [String: String], text: DateText, now: Date) -> Reply? {
        let zone = context.zone
        guard let there = events.first(where: { $0.when.endInstant(in: zone) > now }) else { return nil }
        let arrived = there.when.isAllDay ? there.when.startInstant(in: zone) : there.when.endInstant(in: zone)
        var left: Event?
        if !there.when.isAllDay || there.when.endInstant(in: zone).timeIntervalSince(there.when.startInstant(in: zone)) <= 86_400 {
            let after = (try? context.calendars.events(from: there.when.endInstant(in: zone), to: arrived + TimeInterval(AgendaDefaults.searchDays * 86_400),
                                                       calendarIDs: nil)) ?? []
            left = after.first { event in
                event.id != there.id && !event.when.isAllDay && Self.journeyWords.contains { event.title.lowercased().contains($0) }
            }
            guard left != nil else { return nil }
        }
        let until = left?.when.startInstant(in: zone) ?? there.when.endInstant(in: zone)
        lastShown = there
        let shown = [there] + (left.map { [$0] } ?? [])
        return Reply(intent: .queryAgenda, ok: true, message: Renderer.stay(place, from: arrived, to: until, there: there, left: left, text: text),
                     fields: [("events", .array(shown.map { eventJSON($0, names) }))])
    }

    /// Words of the titles of time away ("Trip to Rome", "Holiday in Crete", "Annual leave").
    static let awayTitles = ["away", "trip", "holiday", "vacation", "travel", "leave", "abroad", "day off", "time off", "getaway"]

    /// True for a line that asks about flying ("when do I fly to rome", "what time am I flying out").
    static func saysFlying(_ line: String) -> Bool {
        Spelling.fold(line).split(whereSeparator: { !$0.isLetter }).contains { ["fly", "flying", "flight", "flights"].contains(String($0)) }
    }

    /// True when `line` asks in the past tense ("when did I last have lunch with ana", "when
    /// was my last lesson").
    static func saidInThePast(_ line: String) -> Bool {
        !Set(Spelling.fold(line).split(whereSeparator: { !$0.isLetter }).map(String.init)).isDisjoint(with: ["did", "was", "were", "had", "went", "saw", "met"])
    }

    /// The date of "what about Friday?", "how about at 5?", "and next week?": another date
    /// for the question before, said with nothing else. Nil for any other line.
    static func anotherDate(_ understood: Understanding) -> DateMatch? {
        guard case .queryAgenda(let query) = understood.intent, let when = query.when, query.attendee == nil, query.calendar == nil,
              query.words == nil || query.words == "instead" else { return nil }
        let text = understood.text.lowercased()
        return ["what about ", "how about ", "and ", "what if ", "what about on ", "and on "].contains { text.hasPrefix($0) } ? when : nil
    }

    /// The words after "same for" ("same for wednesday", "and the same for next week", "ditto
    /// for friday"), nil when the line does not open so.
    static func sameFor(_ text: String) -> String? {
        var line = Spelling.fold(text).trimmingSpacesAndPunctuation()
        for lead in ["and ", "ok ", "now "] where line.hasPrefix(lead) { line.removeFirst(lead.count) }
        for lead in ["the same for ", "same for ", "same again for ", "same thing for ", "do the same for ", "ditto for "] where line.hasPrefix(lead) {
            let rest = line.dropFirst(lead.count)
            return rest.isEmpty ? nil : String(rest)
        }
        return nil
    }

    /// The range a question's line asked about, when the router read one.
    static func rangeAsked(_ understood: Understanding) -> DateInterval? {
        guard case .queryAgenda(let query) = understood.intent else { return nil }
        return query.range
    }

    /// `last` asked again for `when`: a time alone keeps the day asked about before ("am I
    /// free tomorrow at 3" then "what about at 5?"), a day alone the time or part of the day
    /// ("am I free wednesday at 1:30" then "what about thursday?" is Thursday at 1:30).
    /// `saidRange`, the range the new line's words cover, widens a day to the days listed
    /// ("what about saturday and sunday?", "and the 3rd and the 10th?").
    static func asked(_ last: AgendaQuery, again when: DateMatch, saidRange: DateInterval? = nil, zone: Zone) -> AgendaQuery {
        var query = last
        var date = when
        if let before = last.when, let moved = movedToDay(before, of: when, zone: zone) {
            query.when = moved
            query.range = DateInterval(start: moved.start, end: moved.end)
            return query
        }
        if let before = last.when { date = onDay(of: before, when, zone: zone) }
        query.when = date
        query.range = DateInterval(start: date.start, end: date.end)
        if let said = saidRange, when.known.contains(.date), said.start <= date.start, said.end > date.end {
            query.range = DateInterval(start: said.start, end: said.end)
        }
        query.isMoment = last.wantsFreeTime && query.dayPart == nil && date.known.contains(.time) && !date.known.contains(.end) && !date.isAllDay
        if !date.known.contains(.time) { query.dayPart = nil }
        return query
    }

    /// `before`, a time on a day, moved to the day `when` says with its time kept ("what's on
    /// friday at 3" then "what about saturday?"); nil when `when` says a time or more than a
    /// day and a half, or `before` has no time.
    static func movedToDay(_ before: DateMatch, of when: DateMatch, zone: Zone) -> DateMatch? {
        guard when.isAllDay || !when.known.contains(.time), when.known.contains(.date), before.known.contains(.time), !before.isAllDay,
              when.end.timeIntervalSince(when.start) <= 86_400 * 1.5 else { return nil }
        let days = LocalDate(before.start, in: zone).days(until: LocalDate(when.start, in: zone))
        var moved = before
        moved.start = zone.date(byAddingDays: days, to: before.start)
        moved.end = zone.date(byAddingDays: days, to: before.end)
        return moved
    }

    /// `when`, a time said with no day ("at 5"), on the day of `before`; `when` itself when it
    /// says a day.
    static func onDay(of before: DateMatch, _ when: DateMatch, zone: Zone) -> DateMatch {
        guard !when.known.contains(.date) else { return when }
        var date = when
        let day = LocalDate(before.start, in: zone)
        let shift = zone.date(day, minute: zone.wallClock(when.start).seconds / 60).timeIntervalSince(when.start)
        date.start += shift
        date.end += shift
        date.known.insert(.date)
        return date
    }

    func eventJSON(_ event: Event, _ names: [String: String]) -> JSONValue {
        Self.eventJSON(event, names, zone: context.zone)
    }

    static func eventJSON(_ event: Event, _ names: [String: String], zone: Zone) -> JSONValue {
        JSONShapes.event(event, calendarName: names[event.calendarID] ?? event.calendarID, zone: zone)
    }

    /// The days Monday to Friday after `first` and before `last` (public holidays counted:
    /// clerk does not know the speaker's).
    static func weekdays(after first: LocalDate, before last: LocalDate) -> Int {
        let between = first.days(until: last) - 1
        guard between > 0 else { return 0 }
        let weeks = between / 7
        var count = weeks * 5
        var day = first.adding(days: weeks * 7 + 1)
        while day < last {
            if day.isoWeekday <= 5 { count += 1 }
            day = day.adding(days: 1)
        }
        return count
    }
}
