import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// calendars, create_calendar, delete_calendar, update_calendar, out_of_scope.
extension Session {
    func listCalendars() -> Reply {
        do {
            let calendars = try context.calendars.calendars()
            return Reply(intent: .calendars, ok: true, message: Renderer.calendarList(calendars, defaultName: defaultCalendarName(calendars)),
                         fields: [("calendars", .array(calendars.map(JSONShapes.calendar)))])
        } catch {
            return failure(.calendars, error)
        }
    }

    /// The calendar new events go on when it differs from the primary one (the setting, when
    /// it names a calendar there is).
    func defaultCalendarName(_ calendars: [CalendarInfo]) -> String? {
        guard let name = context.preferences.defaultCalendar,
              let found = calendars.first(where: { Spelling.fold($0.name) == Spelling.fold(name) }), !found.isPrimary else { return nil }
        return found.name
    }

    func createCalendar(_ name: String) -> Reply {
        // ("make a new calendar for work": "Work", as an event's title is written; a name with
        // capitals of its own, "iOS dev", stays as typed.)
        let name = name == name.lowercased() ? Renderer.capitalizedTitle(name) : name
        let calendars: [CalendarInfo]
        do { calendars = try context.calendars.calendars() } catch { return failure(.createCalendar, error) }
        if let existing = calendars.first(where: { Spelling.fold($0.name) == Spelling.fold(name) }) {
            return Reply(intent: .createCalendar, ok: false, message: Renderer.calendarExists(existing.name))
        }
        let question = Renderer.createCalendarQuestion(name, zone: context.zone.identifier)
        return ask(.confirm(Confirmation(intent: .createCalendar, question: question, defaultYes: true, yes: { [unowned self] in
            do {
                let calendar = try context.calendars.createCalendar(named: name, timeZone: context.zone.identifier)
                namesChanged()
                return Reply(intent: .createCalendar, ok: true, message: Renderer.calendarCreated(calendar.name),
                             fields: [("calendars", .array([JSONShapes.calendar(calendar)]))])
            } catch {
                return failure(.createCalendar, error)
            }
        }, no: { Reply(intent: .createCalendar, ok: true, message: Renderer.nothingChanged) })),
        Reply(intent: .createCalendar, ok: true, message: question))
    }

    /// The calendar `name` means, or the reply that says there is none.
    func findCalendar(_ name: String, intent: IntentName) -> Lookup<CalendarInfo> {
        let calendars: [CalendarInfo]
        do { calendars = try context.calendars.calendars() } catch { return .answered(failure(intent, error)) }
        if let found = calendars.first(where: { Spelling.fold($0.name) == Spelling.fold(name) }) { return .found(found) }
        let closest = Spelling.closest(to: name, in: calendars.map(\.name))
        return .answered(Reply(intent: intent, ok: false, message: Renderer.noCalendar(name, closest: closest, known: calendars.map(\.name))))
    }

    /// The calendar a request names (`mention`) among `calendars`. An unknown name asks "did
    /// you mean" the closest one — yes runs `retry` with that one named, no gives `declined`'s
    /// reply — or, with none close, lists the calendars there are.
    func calendar(_ mention: CalendarMention, among calendars: [CalendarInfo], intent: IntentName,
                  retry: @escaping (CalendarMention) -> Reply, declined: @escaping () -> Reply) -> Lookup<CalendarInfo> {
        if let found = calendars.first(where: { Spelling.fold($0.name) == Spelling.fold(mention.name) }) { return .found(found) }
        let closest = mention.closest.flatMap { name in calendars.first { $0.name == name } }
            ?? Spelling.closest(to: mention.said, in: calendars.map(\.name)).flatMap { name in calendars.first { $0.name == name } }
        guard let closest else {
            return .answered(Reply(intent: intent, ok: false, message: Renderer.unknownCalendar(mention.said, known: calendars.map(\.name))))
        }
        let question = Renderer.unknownCalendar(mention.said, closest: closest.name)
        return .answered(ask(.confirm(Confirmation(intent: intent, question: question, defaultYes: true, yes: {
            retry(CalendarMention(said: closest.name, known: closest.name))
        }, no: declined)), Reply(intent: intent, ok: true, message: question)))
    }

    /// "delete the Family calendar": how much goes with it, then the calendar's name typed
    /// back as the answer (a yes is too easy for this), and undo makes it again.
    func deleteCalendar(_ name: String) -> Reply {
        switch findCalendar(name, intent: .deleteCalendar) {
        case .answered(let reply): return reply
        case .found(let calendar):
            if calendar.isPrimary { return Reply(intent: .deleteCalendar, ok: false, message: Renderer.primaryCannotGo(calendar.name)) }
            let events: [Event]
            do { events = try context.calendars.storedEvents(calendarID: calendar.id) } catch { return failure(.deleteCalendar, error) }
            let count = events.filter { $0.recurringEventID == nil }.count
            let question = Renderer.deleteCalendarQuestion(calendar.name, events: count)
            return ask(.text(TextQuestion(intent: .deleteCalendar, question: question, expected: calendar.name) { [unowned self] answer in
                guard Spelling.fold(answer.trimmingSpaces()) == Spelling.fold(calendar.name) else {
                    return Reply(intent: .deleteCalendar, ok: true, message: Renderer.calendarKept(calendar.name))
                }
                do {
                    try context.calendars.deleteCalendar(id: calendar.id)
                    record(.deletedCalendar(calendar, events: events, remade: nil))
                    if lastShown?.calendarID == calendar.id { lastShown = nil }
                    namesChanged()
                    return Reply(intent: .deleteCalendar, ok: true, message: Renderer.calendarDeleted(calendar.name, events: count, undo: context.offersUndo),
                                 fields: [("calendars", .array([JSONShapes.calendar(calendar)]))])
                } catch {
                    return failure(.deleteCalendar, error)
                }
            }), Reply(intent: .deleteCalendar, ok: true, message: question))
        }
    }

    /// Undo of a deleted calendar: the calendar again, under its name and zone, with its
    /// events imported as they were stored (new ids; series, exceptions and all). When the
    /// events cannot be brought back the calendar stays, the change remembers it (`remade`)
    /// and the reply says so: the next undo imports into it, and the import matches on UIDs,
    /// so nothing comes twice. A calendar of the name already there (made by an undo whose
    /// answer was lost) is taken as the one made.
    func restoreCalendar(_ calendar: CalendarInfo, events: [Event], remade: String?) -> Reply {
        let made: CalendarInfo
        do {
            if let remade, let kept = try context.calendars.calendars().first(where: { $0.id == remade }) {
                made = kept
            } else {
                do {
                    made = try context.calendars.createCalendar(named: calendar.name, timeZone: calendar.timeZone)
                } catch ServiceError.alreadyExists {
                    guard let same = try context.calendars.calendars().first(where: { Spelling.fold($0.name) == Spelling.fold(calendar.name) }) else {
                        throw ServiceError.alreadyExists(.calendar, name: calendar.name)
                    }
                    made = same
                }
            }
        } catch {
            return failure(.undo, error)
        }
        namesChanged()
        let imported = events.map { event in
            ImportedEvent(uid: event.iCalUID ?? event.id,
                          draft: EventDraft(title: event.title, when: event.when, location: event.location, notes: event.notes,
                                            attendees: event.attendees, recurrence: event.recurrence, reminderMinutes: event.reminderMinutes,
                                            skippedWallStart: event.skippedWallStart),
                          originalStart: event.recurringEventID == nil ? nil : event.originalStart)
        }
        do {
            if !imported.isEmpty { _ = try context.calendars.importEvents(imported, calendarID: made.id, progress: nil) }
        } catch {
            let change = Change.deletedCalendar(calendar, events: events, remade: made.id)
            changes[changes.count - 1] = change
            return Reply(intent: .undo, ok: false,
                         message: Renderer.calendarBackWithoutEvents(made.name, events: events.filter { $0.recurringEventID == nil }.count, error))
        }
        changes.removeLast()
        return Reply(intent: .undo, ok: true, message: Renderer.undone(.deletedCalendar(calendar, events: events, remade: nil), text: DateText(zone: context.zone)))
    }

    func updateCalendar(_ name: String, _ update: CalendarUpdate) -> Reply {
        switch findCalendar(name, intent: .updateCalendar) {
        case .answered(let reply): return reply
        case .found(let calendar):
            switch update {
            case .rename(let newName):
                let newName = newName.trimmingSpaces()
                guard !newName.isEmpty else { return Reply(intent: .updateCalendar, ok: false, message: Renderer.sayANewName(calendar.name)) }
                let question = Renderer.renameCalendarQuestion(calendar.name, to: newName)
                return ask(.confirm(Confirmation(intent: .updateCalendar, question: question, defaultYes: true, yes: { [unowned self] in
                    do {
                        let renamed = try context.calendars.renameCalendar(id: calendar.id, to: newName)
                        record(.renamedCalendar(calendar, newName: renamed.name))
                        if let chosen = context.preferences.defaultCalendar, Spelling.fold(chosen) == Spelling.fold(calendar.name) {
                            try? context.settings?.setDefaultCalendar(renamed.name)
                            context.preferences.defaultCalendar = renamed.name
                        }
                        namesChanged()
                        return Reply(intent: .updateCalendar, ok: true, message: Renderer.calendarRenamed(calendar.name, to: renamed.name, undo: context.offersUndo),
                                     fields: [("calendars", .array([JSONShapes.calendar(renamed)]))])
                    } catch {
                        return failure(.updateCalendar, error)
                    }
                }, no: { Reply(intent: .updateCalendar, ok: true, message: Renderer.nothingChanged) })),
                Reply(intent: .updateCalendar, ok: true, message: question))
            case .makeDefault:
                let previous = context.preferences.defaultCalendar
                if let previous, Spelling.fold(previous) == Spelling.fold(calendar.name) {
                    return Reply(intent: .updateCalendar, ok: true, message: Renderer.alreadyDefault(calendar.name))
                }
                if previous == nil, calendar.isPrimary { return Reply(intent: .updateCalendar, ok: true, message: Renderer.alreadyDefault(calendar.name)) }
                let question = Renderer.defaultCalendarQuestion(calendar.name, kept: context.settings != nil)
                return ask(.confirm(Confirmation(intent: .updateCalendar, question: question, defaultYes: true, yes: { [unowned self] in
                    do {
                        try context.settings?.setDefaultCalendar(calendar.name)
                    } catch {
                        return failure(.updateCalendar, error)
                    }
                    context.preferences.defaultCalendar = calendar.name
                    record(.changedDefaultCalendar(previous: previous, new: calendar.name))
                    return Reply(intent: .updateCalendar, ok: true, message: Renderer.defaultCalendarSet(calendar.name, kept: context.settings != nil, undo: context.offersUndo),
                                 fields: [("calendars", .array([JSONShapes.calendar(calendar)]))])
                }, no: { Reply(intent: .updateCalendar, ok: true, message: Renderer.nothingChanged) })),
                Reply(intent: .updateCalendar, ok: true, message: question))
            }
        }
    }

    /// "when is the dentst" as "when is the dentist", when an event to come has a title near
    /// the words after "when/where is (the/my)"; nil otherwise.
    func eventQuestionRespelt(_ text: String) -> String? {
        var words = text.split(separator: " ").map(String.init)
        while let last = words.last, last.allSatisfy({ $0 == "?" || $0 == "." }) { words.removeLast() }
        if let last = words.last, last.hasSuffix("?") { words[words.count - 1] = String(last.dropLast()) }
        guard words.count >= 2, words.count <= 5, ["when", "where", "when's", "where's", "whens", "wheres"].contains(words[0].lowercased()) else { return nil }
        var at = 1
        if at < words.count, ["is", "does", "was"].contains(words[at].lowercased()) { at += 1 }
        if at < words.count, ["the", "my"].contains(words[at].lowercased()) { at += 1 }
        let named = words[at...].joined(separator: " ")
        guard !named.isEmpty, let title = closestTitle(to: named, from: context.now.now()) else { return nil }
        return (words[..<at] + [title.lowercased()]).joined(separator: " ")
    }

    /// The next event to come (within the search window) whose title holds `words`; nil when
    /// none does or the store cannot say.
    func nextEvent(named words: String) -> Event? {
        let now = context.now.now()
        let found = try? searchEvents(words: words, attendee: nil, from: now, to: now + TimeInterval(AgendaDefaults.searchDays * 86_400), calendarIDs: nil)
        return found?.first { $0.when.endInstant(in: context.zone) > now }
    }

    /// True for a question of the way or time to somewhere ("how long will it take to get
    /// there", "how long to drive to the offsite", "how far is it").
    static func asksTheWay(_ text: String) -> Bool {
        let words = Spelling.fold(text).split(whereSeparator: { !$0.isLetter }).map(String.init)
        let said = " " + words.joined(separator: " ") + " "
        return [" get there ", " get to ", " drive ", " driving ", " walk there ", " how far ", " commute ", " travel time ", " route ", " directions "]
            .contains { said.contains($0) }
    }

    /// Whether `change` deleted an event that `words` name: a word of its title, or a word
    /// for any event ("the meeting", "the event").
    static func deletes(_ change: Change, named words: String?) -> Bool {
        let deleted: [Event]
        switch change {
        case .deletedEvent(let event, _): deleted = [event]
        case .deletedEvents(let events): deleted = events.map(\.0)
        default: return false
        }
        guard let words else { return true }
        let said = Spelling.fold(words).split(separator: " ").map(String.init)
        return deleted.contains { event in
            let title = Set(Spelling.fold(event.title).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
            return said.allSatisfy { title.contains($0) || title.contains($0 + "s") || anyEventWords.contains($0) }
        }
    }

    /// Words that name any event ("restore the meeting").
    static let anyEventWords: Set<String> = ["meeting", "event", "appointment", "mtg", "thing", "one", "it"]

    /// The event a line says is stopped for good ("stop karate", "no more piano lessons",
    /// "i've quit the gym"): the words after the opener, without "the"/"my" and a closing
    /// "from now on" or "please".
    static func seriesStopped(_ text: String) -> String? {
        var said = Spelling.fold(text).trimmingSpacesAndPunctuation()
        guard let opener = stopOpeners.first(where: { said.hasPrefix($0) }) else { return nil }
        said = String(said.dropFirst(opener.count))
        for ending in [" from now on", " for good", " please"] where said.hasSuffix(ending) { said = String(said.dropLast(ending.count)) }
        for article in ["the ", "my ", "our "] where said.hasPrefix(article) { said = String(said.dropFirst(article.count)) }
        let words = said.split(separator: " ")
        guard (1...3).contains(words.count), words.allSatisfy({ $0.allSatisfy(\.isLetter) }) else { return nil }
        return said
    }
    static let stopOpeners = ["stop ", "no more ", "quit ", "i quit ", "i've quit ", "ive quit ", "i've stopped ", "ive stopped ", "we've stopped ", "i'm quitting "]

    /// True when a repeating event to come (in the next weeks the agenda looks at) is named
    /// by `named`, as "no karate on tuesday" finds one.
    func hasUpcomingSeries(named: String) -> Bool {
        let now = context.now.now()
        return hasSeriesTime(named: named, from: now, to: now + TimeInterval(AgendaDefaults.searchDays * 86_400))
    }

    func outOfScopeReply(_ text: String, _ outOfScope: OutOfScope) -> Reply {
        var outOfScope = outOfScope
        // "stop karate", "no more karate", "i've quit the gym": a repeating event to come named
        // so ends from today, as "cancel karate from now on" (asked first); "stop the music" is
        // still no event's.
        if let named = Self.seriesStopped(text), hasUpcomingSeries(named: named) {
            return handle(understand("cancel " + named + " from now on"))
        }
        // "how long is the miller shoot": asked of that event when one to come has the words.
        if let query = outOfScope.eventQuestion, let words = query.words, nextEvent(named: words) != nil {
            return queryAgenda(query)
        }
        // "when is the dentst", "where's my standp": a question of an event whose name is
        // misspelt read as a general one; asked again with the name as the event spells it.
        if outOfScope.topic == .question, outOfScope.didYouMean == nil, let suggestion = eventQuestionRespelt(text) {
            outOfScope.didYouMean = suggestion
        }
        if let suggestion = outOfScope.didYouMean {
            let question = Renderer.didYouMean(suggestion)
            return ask(.confirm(Confirmation(intent: .outOfScope, question: question, defaultYes: true, yes: { [unowned self] in
                handle(understand(suggestion))
            }, no: { Reply(intent: .outOfScope, ok: true, message: Renderer.okayThen) })),
            Reply(intent: .outOfScope, ok: true, message: question))
        }
        // "what day is it", "what's the date today", "what time is it": the clock clerk keeps.
        if outOfScope.topic == .clock {
            let now = context.now.now()
            // "what day is christmas": that day; "what time is it in tokyo": there.
            let line = text
            let text = DateText(zone: context.zone)
            // "what week is it": its number, and its days; "what week is christmas": that day's.
            if outOfScope.asksWeek {
                let today = text.localDate(now)
                let asked = outOfScope.day.map { text.localDate($0.start) } ?? today
                return Reply(intent: .outOfScope, ok: true, message: Renderer.weekNow(asked, text: text, today: today))
            }
            // "is the 25th a weekday", "is jan 1 a saturday": yes or no, and the day.
            if let kind = outOfScope.dayKindAsked, let day = outOfScope.day {
                return Reply(intent: .outOfScope, ok: true, message: Renderer.dayKind(text.localDate(day.start), asked: kind, text: text, now: now))
            }
            if let day = outOfScope.day, text.localDate(day.start) != text.localDate(now) {
                return Reply(intent: .outOfScope, ok: true, message: Renderer.dayAsked(text.localDate(day.start), text: text, now: now))
            }
            // "what's the time difference with new york": the hours between the places now.
            if outOfScope.asksDifference, let place = outOfScope.placeNotKnown {
                return Reply(intent: .outOfScope, ok: false, message: Renderer.placeNotKnown(place))
            }
            if outOfScope.asksDifference, let there = outOfScope.zone.flatMap(Zone.init(identifier:)) {
                let from = outOfScope.differenceFrom.flatMap(Zone.init(identifier:))
                return Reply(intent: .outOfScope, ok: true, message: Renderer.timeDifference(now, there: there, from: from ?? context.zone, fromIsOwn: from == nil))
            }
            // "what's 3pm london time in new york": that time there.
            if let said = outOfScope.timeToConvert, let there = outOfScope.zone.flatMap(Zone.init(identifier:)) {
                // ("what's 9am PST in Berlin": the zone named as the user wrote it, not "GMT-0800".)
                let named = said.parts.first { $0.role == "zone" && $0.rule == "zone-abbreviation" }.map { line[$0.range].uppercased() }
                return Reply(intent: .outOfScope, ok: true, message: Renderer.timeThere(said.start, saidIn: said.statedTimeZone ?? context.zone, named: named,
                                                                                        there: there, own: context.zone))
            }
            let zone = outOfScope.zone.flatMap(Zone.init(identifier:)) ?? context.zone
            return Reply(intent: .outOfScope, ok: true, message: Renderer.clockNow(now, text: DateText(zone: zone)),
                         fields: [("now", .string(ClockText.rfc3339(now, zone: zone)))])
        }
        // "set an alarm for 7 tomorrow": the reminder offered at the time said.
        if outOfScope.topic == .alarm, let time = outOfScope.day, time.range.upperBound <= text.endIndex {
            var said = text[time.range].trimmingSpaces()
            for lead in ["for ", "at "] where said.lowercased().hasPrefix(lead) { said = String(said.dropFirst(lead.count)) }
            return Reply(intent: .outOfScope, ok: false, message: Renderer.noAlarms(at: said))
        }
        // "do you work offline": said for the backend in use. "what version are you".
        if outOfScope.topic == .offline {
            return Reply(intent: .outOfScope, ok: true, message: Renderer.worksOffline(signedIn: context.backendName == "google"))
        }
        if outOfScope.topic == .version {
            return Reply(intent: .outOfScope, ok: true, message: Renderer.version(context.version))
        }
        // "set my working hours to 9-5", "what's my time zone": the settings in force, and
        // where they are changed.
        if outOfScope.topic == .settings {
            if let reply = changeSetting(text) { return reply }
            let calendars = (try? context.calendars.calendars()) ?? []
            let primary = calendars.first(where: \.isPrimary)?.name ?? calendars.first?.name ?? "—"
            let minutes = Int(exactly: (context.preferences.eventLength / 60).rounded()) ?? 60
            return Reply(intent: .outOfScope, ok: true, message: Renderer.settings(zone: context.zone.identifier, workingHours: context.preferences.workingHours,
                                                                                  eventMinutes: minutes, defaultCalendar: context.preferences.defaultCalendar ?? primary))
        }
        // "how long will it take to get there", "how far is it": the way to a place is no
        // calendar's, but the place of the event just shown is said, with where to ask.
        if outOfScope.topic == .question, Self.asksTheWay(text) {
            // "how long to drive to the offsite": the event named, not the one last shown.
            // ("… to the airport", with no event so named: no event's place is said.)
            if let words = outOfScope.eventWords {
                let named = nextEvent(named: words)
                return Reply(intent: .outOfScope, ok: true, message: named.map { Renderer.cannotPlanRoutes(to: ($0.title, $0.location), named: words) }
                                 ?? Renderer.cannotPlanRoutes(to: nil))
            }
            let place = lastShown.flatMap { event in event.location.map { (event.title, $0) } }
            return Reply(intent: .outOfScope, ok: true, message: Renderer.cannotPlanRoutes(to: place))
        }
        // "put the review on hold", "pause the weekly sync": no such state; what clerk can do
        // with that event instead.
        if outOfScope.topic == .hold {
            // ("put it on hold": the event on screen.)
            let named = outOfScope.eventWords.map { nextEvent(named: $0) } ?? lastShown
            if let named { lastShown = named }
            return Reply(intent: .outOfScope, ok: true, message: Renderer.cannotHold(named, words: outOfScope.eventWords, text: DateText(zone: context.zone)))
        }
        // "restore the meeting", "get the lunch back": the event deleted last, when it is that
        // one, comes back as with "undo"; no other deleted event is kept.
        if outOfScope.topic == .restoreEvent {
            if let change = changes.last, Self.deletes(change, named: outOfScope.eventWords) { return undo() }
            return Reply(intent: .outOfScope, ok: false, message: Renderer.noEventTrash(outOfScope.eventWords))
        }
        // "switch to my work calendar", "hide family": no view is kept; how to see one calendar.
        if outOfScope.topic == .calendarView {
            let calendars = (try? context.calendars.calendars()) ?? []
            let words = Set(Spelling.fold(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
            let named = calendars.first { calendar in
                let parts = Spelling.fold(calendar.name).split(separator: " ").map(String.init)
                return !parts.isEmpty && parts.allSatisfy(words.contains)
            }
            let example = named?.name ?? calendars.first(where: { !$0.isPrimary })?.name ?? calendars.first?.name ?? "Work"
            return Reply(intent: .outOfScope, ok: true, message: Renderer.noCalendarView(example, hiding: words.contains("hide") || words.contains("mute")))
        }
        // "send the notes to priya", "email lucas the order list": the address of the person
        // named, by their name.
        if outOfScope.topic == .messaging {
            let names = (try? context.contacts.contactNames()) ?? []
            let words = Set(Spelling.fold(text).split(whereSeparator: { !$0.isLetter }).map(String.init))
            var named = names.first { name in Spelling.fold(name).split(separator: " ").first.map { words.contains(String($0)) } ?? false }
            // ("text him happy birthday": the person last looked up.)
            if named == nil, let person = lastPerson, !words.isDisjoint(with: ["him", "her", "them"]) {
                // (As said: "tom oneills number" names Tom O'Neill without the possessive.)
                let found = (try? findContacts(person)) ?? []
                named = (found.isEmpty && person.hasSuffix("s") ? (try? findContacts(String(person.dropLast()))) ?? [] : found).first?.name
            }
            let first = named.map { String($0.split(separator: " ")[0]) }
            // (Someone with a number and no email, or a text asked for: their number.)
            let card = named.flatMap { try? context.contacts.lookupContacts($0).first }
            let texting = !words.isDisjoint(with: ["text", "texts", "txt", "sms", "whatsapp"])
            let field = card.map { !$0.phones.isEmpty && ($0.emails.isEmpty || texting) } == true ? "number" : "email"
            return Reply(intent: .outOfScope, ok: false, message: Renderer.cannotSend(askingFor: first ?? "Ana", field: field))
        }
        // Signed in already: Google is what clerk uses (quickAdd is Google's own).
        if outOfScope.topic == .google, context.quickAdd != nil {
            return Reply(intent: .outOfScope, ok: true, message: Renderer.alreadyOnGoogle)
        }
        let said = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // "anna", "sma", "ana p": a contact's name misspelt or cut short, said alone.
        if outOfScope.topic == nil, let reply = nameNearMiss(said) { return reply }
        // A greeting or thanks is answered, not failed; so is how to use Google or import.
        let isSmallTalk = outOfScope.topic == .greeting || outOfScope.topic == .thanks || outOfScope.topic == .google
            || outOfScope.topic == .transfer
        return Reply(intent: .outOfScope, ok: isSmallTalk, message: Renderer.outOfScope(said, topic: outOfScope.topic))
    }
}
