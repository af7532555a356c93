import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// A change made in this session, kept so "undo" can reverse it.
enum Change {
    case createdEvent(Event)
    /// `id` is what was deleted: a series, one occurrence, or a single event.
    case deletedEvent(Event, id: String)
    /// Several events deleted at once, each with the id that was deleted.
    case deletedEvents([(Event, String)])
    /// The event before and after; `id` is what was patched.
    case updatedEvent(before: Event, after: Event, id: String)
    /// Several events changed at once ("move them to wednesday"), each before and after with
    /// the id that was patched, in the order they were changed.
    case updatedEvents([(before: Event, after: Event, id: String)])
    /// An event (or a whole series) moved to another calendar.
    case movedEvent(CalendarMove)
    /// A series changed from one of its times on ("from now on"): ended there, a new one
    /// started.
    case splitSeries(SeriesSplit)
    case createdFile(DriveFile)
    case wroteFile(DriveFile, previous: String)
    case trashedFile(DriveFile)
    /// A file taken back out of the trash.
    case restoredFile(DriveFile)
    /// The file as it was before, under its old name.
    case renamedFile(DriveFile, newName: String)
    case renamedCalendar(CalendarInfo, newName: String)
    /// A calendar deleted with what was on it (its events as stored), to make again;
    /// `remade` is the calendar an undo that could not finish made, which the next undo uses.
    case deletedCalendar(CalendarInfo, events: [Event], remade: String?)
    /// The default calendar before the change (nil: the primary) and after.
    case changedDefaultCalendar(previous: String?, new: String)
    /// The working hours before and after ("set my working hours to 9-5"), in minutes.
    case changedWorkingHours(previous: (start: Int, end: Int), new: (start: Int, end: Int))
    /// The default length of a new event before and after, in minutes.
    case changedEventLength(previous: Int, new: Int)
    /// The config's time zone before (nil: none, `TZ` decides) and after.
    case changedTimeZone(previous: String?, new: String)

    /// Whether the change took something away ("what did I cancel" lists these).
    var isDeletion: Bool {
        switch self {
        case .deletedEvent, .deletedEvents, .trashedFile, .deletedCalendar: true
        default: false
        }
    }
}

/// Which of the session's changes a question asks for (`Session.asksChangesMade`).
enum ChangesAsked {
    /// "what did I just change": the one "undo" would reverse.
    case last
    /// "what did I cancel": the events, files and calendars deleted.
    case deletions
    /// "what have I changed so far": every change.
    case all
}

/// update_event, delete_event and undo.
extension Session {
    /// True when `a` and `b` are one event or times of one series (a series and one of its
    /// times too: "its actually 4.45" of a series is no clash with its own time that day).
    static func sameSeries(_ a: Event, _ b: Event) -> Bool {
        a.id == b.id || a.recurringEventID.map { $0 == b.id || $0 == b.recurringEventID } == true || b.recurringEventID == a.id
    }

    /// Words that answer "only this one (1) or the whole series (2)?".
    static let seriesAnswers: [String: Int] = [
        "this": 1, "this one": 1, "only this": 1, "only this one": 1, "just this one": 1, "one": 1,
        "that one": 1, "just that one": 1, "only that one": 1, "just this": 1, "just that": 1, "only that": 1,
        "just once": 1, "only once": 1, "this time": 1, "just this time": 1, "only this time": 1, "just the one": 1,
        "all": 2, "series": 2, "the series": 2, "whole series": 2, "the whole series": 2, "every": 2, "all of them": 2,
        "every one": 2, "all of it": 2, "the whole thing": 2, "every time": 2, "all occurrences": 2, "always": 2,
    ]

    /// The events a reference can mean, by start; for "next", only the first from now on.
    func matchingEvents(_ reference: EventReference, intent: IntentName) -> Lookup<[Event]> {
        // "move the christmas party": the event named so, when one is to come.
        if let holiday = reference.titleDate, let named = namedAfterHoliday(holiday, words: reference.words) {
            var asked = reference
            (asked.titleDate, asked.when, asked.words) = (nil, nil, named)
            return matchingEvents(asked, intent: intent)
        }
        let now = context.now.now()
        let text = DateText(zone: context.zone)
        let startOfToday = text.localDate(now).startOfDay(in: context.zone)
        var from = reference.isNext ? now : startOfToday
        var to = startOfToday + TimeInterval(AgendaDefaults.searchDays * 86_400)
        var isSpan = false
        if let when = reference.when, let open = when.openFrom {
            // "cancel all the team meetings after january": from February on.
            from = open == .atEnd ? when.end : when.start
            to = from + TimeInterval(AgendaDefaults.searchDays * 86_400)
        } else if let when = reference.when {
            // A clock time ("at 3pm") means the event going on then; a span ("tomorrow",
            // "lunch", "3-5pm") means any event overlapping it.
            let isPointInTime = when.known.contains(.time) && !when.known.contains(.end) && !when.isAllDay
                && when.end.timeIntervalSince(when.start) == EventDefaults.duration
            (from, to) = isPointInTime ? (when.start, when.start + 1) : (when.start, when.end)
            isSpan = !isPointInTime
        }
        var calendarIDs: [String]?
        if let mention = reference.calendar {
            let calendars = (try? context.calendars.calendars()) ?? []
            guard let found = calendars.first(where: { Spelling.fold($0.name) == Spelling.fold(mention.name) }) else {
                return .answered(Reply(intent: intent, ok: false, message: Renderer.unknownCalendar(mention.said, known: calendars.map(\.name))))
            }
            calendarIDs = [found.id]
        }
        var found: [Event]
        do {
            if reference.words != nil || reference.attendee != nil {
                found = try searchEvents(words: reference.words, attendee: reference.attendee, from: from, to: to, calendarIDs: calendarIDs)
            } else {
                found = try context.calendars.events(from: from, to: to, calendarIDs: calendarIDs)
            }
        } catch {
            return .answered(failure(intent, error))
        }
        // "stop the weekly after christmas", with no title word read: only series that repeat
        // so, never every series there is. (With a title, the title names it: a "daily
        // standup" may be kept as every weekday.)
        if let frequency = reference.frequency, reference.words == nil, reference.attendee == nil {
            // (Each series read once, not once for each of its times.)
            var repeatsSo: [String: Bool] = [:]
            found = found.filter { event in
                func says(_ rules: [String]) -> Bool { rules.contains { $0.hasPrefix("RRULE:") && $0.contains("FREQ=\(frequency)") } }
                guard let series = event.recurringEventID else { return says(event.recurrence) }
                if let known = repeatsSo[series] { return known }
                let answer = says((try? context.calendars.event(id: series))?.recurrence ?? event.recurrence)
                repeatsSo[series] = answer
                return answer
            }
        }
        if isSpan {
            // "move tuesday's shift": the one that starts on Tuesday, not Monday's night shift
            // that runs into it — an event begun before the span counts only when none
            // starts inside it.
            let startsInside = found.filter { $0.when.startInstant(in: context.zone) >= from }
            if !startsInside.isEmpty { found = startsInside }
        }
        if reference.isNext {
            found = Array(found.filter { $0.when.startInstant(in: context.zone) >= now }.prefix(1))
        }
        if !reference.isAll {
            // One line per series: its first occurrence in the range stands for it — the
            // first not over yet when no day was said ("cancel the standup" at 10:00 means
            // the next one, not this morning's).
            var seenSeries = Set<String>()
            let upcoming = reference.when == nil
                ? Set(found.filter { $0.recurringEventID != nil && $0.when.endInstant(in: context.zone) > now }.compactMap(\.recurringEventID))
                : []
            found = found.filter { event in
                guard let series = event.recurringEventID else { return true }
                if upcoming.contains(series), event.when.endInstant(in: context.zone) <= now { return false }
                return seenSeries.insert(series).inserted
            }
        }
        // "move my 1pm to 2" with nothing at 1pm today: the next day's event at that time,
        // within the week.
        if found.isEmpty, let when = reference.when, when.known.contains(.time), !when.known.contains(.date), !when.isAllDay,
           when.openFrom == nil, !reference.isAll {
            for days in 1...6 {
                var later = reference
                later.when = WhenEdit.moved(when, byDays: days, zone: context.zone)
                later.when?.known.insert(.date)
                if case .found(let next) = matchingEvents(later, intent: intent), !next.isEmpty { return .found(next) }
            }
        }
        guard !found.isEmpty else {
            // "delete ana lopez", "add a note to bob: plays tennis": no such event, but a contact
            // of that name, which clerk does not change ("move bob to friday" looks for an
            // event still).
            let changesACard: Bool = switch handling {
            case .deleteEvent?: true
            case .updateEvent(_, let changes)?: changes.notes != nil || changes.location != nil || changes.title != nil
            default: false
            }
            if changesACard, let words = reference.words, reference.attendee == nil,
               let contact = (try? findContacts(words))?.first, Spelling.fold(contact.name).hasPrefix(Spelling.fold(words)) {
                return .answered(Reply(intent: intent, ok: false, message: Renderer.contactNotChanged(contact.name)))
            }
            let closest = reference.words.flatMap { closestTitle(to: $0, from: now) }
            // "move the dentst to monday": asked again with the title spelled as the event is.
            if let closest, let request = handling, let again = Self.request(request, naming: reference, as: closest) {
                let question = Renderer.noSuchEvent(reference, from: from, to: to, text: text, now: now, closest: closest) + " [Y/n]"
                return .answered(ask(.confirm(Confirmation(intent: intent, question: question, defaultYes: true, yes: { [unowned self] in
                    handle(Understanding(text: "", intent: again, rule: "spelled-again"))
                }, no: { Reply(intent: intent, ok: true, message: Renderer.nothingChanged) })), Reply(intent: intent, ok: true, message: question)))
            }
            return .answered(Reply(intent: intent, ok: false, message: Renderer.noSuchEvent(reference, from: from, to: to, text: text, now: now, closest: closest)))
        }
        return .found(found)
    }

    /// A holiday's words and the words after them ("christmas party", "xmas lunch") when an
    /// event to come within a year has them all in its title; nil otherwise, and the holiday
    /// is the day.
    func namedAfterHoliday(_ holiday: String, words: String?) -> String? {
        let named = holiday + (words.map { " " + $0 } ?? "")
        let today = DateText(zone: context.zone).localDate(context.now.now()).startOfDay(in: context.zone)
        let found = (try? searchEvents(words: named, attendee: nil, from: today, to: today + TimeInterval(AgendaDefaults.searchDays * 86_400), calendarIDs: nil)) ?? []
        return found.isEmpty ? nil : named
    }

    /// `request` with the event it names by `reference` named by `title` instead; nil for a
    /// request that names no event so.
    static func request(_ request: Intent, naming reference: EventReference, as title: String) -> Intent? {
        var named = reference
        named.words = title.lowercased()
        switch request {
        case .updateEvent(let which, let changes) where which == reference: return .updateEvent(named, changes)
        case .deleteEvent(let which) where which == reference: return .deleteEvent(named)
        default: return nil
        }
    }

    /// The title of an event to come (within a year) spelled near `words` ("Dentist" for
    /// "dentst", "Standup" for "standp"), as a whole or as one of its words; nil when none is.
    func closestTitle(to words: String, from now: Date) -> String? {
        guard let events = try? context.calendars.events(from: now, to: now + TimeInterval(AgendaDefaults.searchDays * 86_400), calendarIDs: nil)
        else { return nil }
        let key = Spelling.fold(words)
        var best: (String, Int)?
        for title in Set(events.map(\.title)) {
            let folded = Spelling.fold(title)
            let parts = [folded] + folded.split(separator: " ").map(String.init)
            let distance = parts.map { Spelling.editDistance(key, $0) }.min() ?? .max
            if distance > 0, best == nil || distance < best!.1 { best = (title, distance) }
        }
        guard let best, best.1 <= max(1, key.count / 3) else { return nil }
        return best.0
    }

    /// Finds the one event a reference means, asking when several fit, then calls `then`.
    /// "it" after a listing of several asks which of them.
    func findEvent(_ reference: EventReference, intent: IntentName, then: @escaping (Event) -> Reply) -> Reply {
        if reference.isLastShown, reference.words == nil, reference.when == nil, reference.attendee == nil {
            if let listing = lastListing, listing.count > 1 {
                return choose(among: Array(listing.prefix(9)), intent: intent, then: then)
            }
            guard let event = lastShown else { return Reply(intent: intent, ok: false, message: Renderer.noLastEvent) }
            return then(event)
        }
        switch matchingEvents(reference, intent: intent) {
        case .answered(let reply):
            return reply
        case .found(let found) where found.count == 1:
            return then(found[0])
        case .found(let found):
            return choose(among: Array(found.prefix(9)), intent: intent, then: then)
        }
    }

    /// Asks which of `options` is meant (by number or by a word of its title), then `then`.
    func choose(among options: [Event], intent: IntentName, then: @escaping (Event) -> Reply) -> Reply {
        let question = Renderer.whichEvent(options, text: DateText(zone: context.zone))
        let aliases = Choice.aliases(options.map(\.title))
        var choice = Choice(intent: intent, question: question, count: options.count, aliases: aliases) { number in
            then(options[number - 1])
        }
        choice.picksBy = { [unowned self] answer in pickByDate(answer, among: options) }
        return ask(.choose(choice), Reply(intent: intent, ok: true, message: question))
    }

    /// The one of `options` a day or time said picks ("friday", "the thursday one", "the one
    /// at 11"): the only option on that day, or starting at that time; nil when none or
    /// several do.
    func pickByDate(_ answer: String, among options: [Event]) -> Int? {
        // ("the thursday one": "one" is no hour.)
        let words = answer.split(separator: " ").filter { !["one", "ones", "the"].contains($0.lowercased()) }
        let understood = understand(words.joined(separator: " "))
        guard let said = understood.dates.first else { return nil }
        let zone = context.zone
        let saidDay = said.known.contains(.date) ? LocalDate(said.start, in: zone) : nil
        let saidClock = said.known.contains(.time) ? zone.wallClock(said.start).seconds : nil
        guard saidDay != nil || saidClock != nil else { return nil }
        // "at 3" is either half of the day.
        let eitherHalf = said.known.contains(.eitherHalfOfDay)
        let fits = options.indices.filter { i in
            let start = options[i].when.startInstant(in: zone)
            if let saidDay, LocalDate(start, in: zone) != saidDay { return false }
            if let saidClock {
                let clock = zone.wallClock(start).seconds
                if options[i].when.isAllDay || (clock != saidClock && !(eitherHalf && clock == (saidClock + 43_200) % 86_400)) { return false }
            }
            return true
        }
        return fits.count == 1 ? fits[0] + 1 : nil
    }

    /// "clear my calendar tomorrow", "delete all meetings with Bob": every match, after one yes.
    /// "delete the dentist and the haircut", "cancel yoga, piano and the dentist": events named
    /// one by one, with no one event of all the words. Each name is read as a removal of its
    /// own (the line's verb said before it), and found alone; then they are deleted together
    /// after one yes, as a list is. Nil when the line lists no such names, or one of them
    /// finds no event or several.
    func deleteEachNamed(_ reference: EventReference) -> Reply? {
        guard let words = reference.words, words.contains(" "), !reference.isAll, let line = lastLine,
              line.lowercased().contains(" and "), case .answered = matchingEvents(reference, intent: .deleteEvent) else { return nil }
        let typed = line.split(separator: " ", omittingEmptySubsequences: true)
        // (The verb after any politeness: "please cancel the dentist and the haircut".)
        let verbs: Set<String> = ["delete", "cancel", "remove", "drop", "scrap", "skip", "clear", "axe", "bin", "erase"]
        guard let at = typed.firstIndex(where: { verbs.contains($0.lowercased()) }) else { return nil }
        let verb = String(typed[at])
        // The names, each with whether "and" (not a comma) came after it.
        var parts: [(said: String, andAfter: Bool)] = []
        var part: [Substring] = []
        for word in typed[(at + 1)...] {
            let bare = word.lowercased()
            if bare == "and" || bare == "&" { parts.append((part.joined(separator: " "), true)); part = []; continue }
            if bare.hasSuffix(",") { part.append(word.dropLast()); parts.append((part.joined(separator: " "), false)); part = []; continue }
            part.append(word)
        }
        parts.append((part.joined(separator: " "), false))
        guard (2...6).contains(parts.count), !parts.contains(where: { $0.said.isEmpty }) else { return nil }
        /// The one event a name finds, or nil.
        func theOne(_ said: String) -> Event? {
            guard case .deleteEvent(let named) = understand(verb + " " + said).intent, named.words != nil, !named.isAll,
                  case .found(let matching) = matchingEvents(named, intent: .deleteEvent), matching.count == 1 else { return nil }
            return matching[0]
        }
        var events: [Event] = []
        var k = 0
        while k < parts.count {
            // ("fish and chips" finding nothing as "fish": the name runs on over its "and".)
            var said = parts[k].said, found = theOne(said)
            while found == nil, parts[k].andAfter, k + 1 < parts.count {
                k += 1
                said += " and " + parts[k].said
                found = theOne(said)
            }
            guard let event = found else { return nil }
            // ("fish" and "chips" each finding "Fish and chips": the one event, once.)
            if !events.contains(where: { $0.id == event.id }) { events.append(event) }
            k += 1
        }
        guard events.count >= 2 else { return nil }
        lastListing = events
        return deleteAll(EventReference(isLastShown: true))
    }

    func deleteAll(_ reference: EventReference) -> Reply {
        let found: [Event]
        // "delete them", "cancel both": the events of the list just shown, each as shown.
        let listed = reference.isLastShown && reference.when == nil && reference.words == nil && reference.attendee == nil
        if listed {
            guard let shown = lastListing ?? lastShown.map({ [$0] }) else {
                return Reply(intent: .deleteEvent, ok: false, message: Renderer.noLastEvent)
            }
            found = shown
        } else {
            guard reference.when != nil || reference.words != nil || reference.attendee != nil else {
                return Reply(intent: .deleteEvent, ok: false, message: Renderer.sayWhichDay)
            }
            switch matchingEvents(reference, intent: .deleteEvent) {
            case .answered(let reply): return reply
            case .found(let matching): found = matching
            }
        }
        do {
            let text = DateText(zone: context.zone)
            // "delete all standups", no day said: a repeating event goes whole, once, and not
            // one day at a time over the year searched (which left the series alive after it).
            var events: [(event: Event, id: String)] = []
            var seenSeries = Set<String>()
            // "cancel the piano lessons after christmas": a series with days past the open
            // start ends there (its UNTIL), and is not a year of days cancelled one by one.
            var ending: [(event: Event, series: String)] = []
            let endsFrom = reference.when?.openFrom == nil ? nil : found.map { $0.when.startInstant(in: context.zone) }.min()
            let now = context.now.now()
            for event in found {
                if reference.fromNowOn {
                    // "cancel all future yoga classes": the times still to come; a series ends
                    // before its next one, or goes whole when none of it has begun.
                    guard event.when.startInstant(in: context.zone) >= now else { continue }
                    guard let series = event.recurringEventID else { events.append((event, event.id)); continue }
                    guard seenSeries.insert(series).inserted else { continue }
                    let master: Event?
                    do { master = try context.calendars.event(id: series) } catch { return failure(.deleteEvent, error) }
                    let first = master.map { $0.when.startInstant(in: context.zone) } ?? now
                    if first >= now { events.append((event, series)) } else { ending.append((event, series)) }
                } else if reference.when == nil, !listed, let series = event.recurringEventID {
                    if seenSeries.insert(series).inserted { events.append((event, series)) }
                } else if endsFrom != nil, let series = event.recurringEventID {
                    if seenSeries.insert(series).inserted { ending.append((event, series)) }
                } else {
                    events.append((event, event.id))
                }
            }
            let wholeSeries = Set(events.filter { $0.id != $0.event.id }.map(\.event.id))
            let question = Renderer.deleteAllQuestion(events.count + ending.count)
            return ask(.confirm(Confirmation(intent: .deleteEvent, question: question, defaultYes: false, yes: { [unowned self] in
                for (event, series) in ending {
                    let end = event.when.startInstant(in: context.zone)
                    do {
                        let edit = try context.calendars.patchEvent(id: series) { [zone = context.zone] master in
                            EventPatch(recurrence: master.recurrence.map { Self.ending($0, before: end, allDay: master.when.isAllDay, zone: zone) })
                        }
                        record(.updatedEvent(before: edit.before, after: edit.after, id: series))
                    } catch {
                        return failure(.deleteEvent, error)
                    }
                }
                var deleted: [(Event, String)] = []
                for (event, id) in events {
                    do {
                        try context.calendars.deleteEvent(id: id)
                        deleted.append((event, id))
                    } catch {
                        if !deleted.isEmpty { record(.deletedEvents(deleted)) }
                        return failure(.deleteEvent, error)
                    }
                }
                if !deleted.isEmpty || ending.isEmpty { record(.deletedEvents(deleted)) }
                lastShown = nil
                let names = calendarNames()
                let message = ending.isEmpty ? Renderer.deletedAll(events.count, undo: context.offersUndo)
                    : Renderer.endedSeries(ending.map(\.event), deleted: events.count, text: text, undo: context.offersUndo)
                return Reply(intent: .deleteEvent, ok: true, message: message,
                             fields: [("events", .array((ending.map(\.event) + events.map(\.event)).map { eventJSON($0, names) }))])
            }, no: {
                Reply(intent: .deleteEvent, ok: true, message: Renderer.notDeleted)
            })), Reply(intent: .deleteEvent, ok: true, message: Renderer.deleteAll(ending.map(\.event) + events.map(\.event), wholeSeries: wholeSeries,
                                                                                   endingSeries: Set(ending.map(\.event.id)), text: text)))
        }
    }

    /// A reference as the events of the list just shown make it: "the second one" is that
    /// event, "1 and 3" those two as "them" ("delete them" then takes only those), and "both"
    /// must be a list of two.
    enum Picked {
        case reference(EventReference)
        case answered(Reply)
    }

    func picked(_ reference: EventReference, intent: IntentName) -> Picked {
        let list = lastListing ?? lastShown.map { [$0] }
        if let said = reference.countSaid, reference.isAll, reference.isLastShown, let list, list.count != said {
            return .answered(Reply(intent: intent, ok: false, message: Renderer.notBoth(list.count)))
        }
        guard !reference.positions.isEmpty else { return .reference(reference) }
        // "delete the first meeting on friday", "move my second call tomorrow": the event at
        // that place among the day's (timed ones first, by start).
        if !reference.isLastShown, let when = reference.when, reference.positions.count == 1 {
            var within = reference
            within.positions = []
            switch matchingEvents(within, intent: intent) {
            case .answered(let reply): return .answered(reply)
            case .found(let found):
                let ordered = Self.inDayOrder(found, zone: context.zone)
                let position = reference.positions[0]
                let index = position > 0 ? position - 1 : ordered.count + position
                guard ordered.indices.contains(index) else {
                    let text = DateText(zone: context.zone)
                    return .answered(Reply(intent: intent, ok: false, message: Renderer.notThatMany(
                        ordered.count, place: position, span: Renderer.spanWords(from: when.start, to: when.end, text: text, now: context.now.now()))))
                }
                lastShown = ordered[index]
                return .reference(.lastShown)
            }
        }
        guard let list else { return .answered(Reply(intent: intent, ok: false, message: Renderer.noListToPick)) }
        var indices: [Int] = []
        for position in reference.positions {
            let index = position > 0 ? position - 1 : list.count + position
            guard list.indices.contains(index) else { return .answered(Reply(intent: intent, ok: false, message: Renderer.notOnList(list.count))) }
            if !indices.contains(index) { indices.append(index) }
        }
        if indices.count == 1 {
            lastShown = list[indices[0]]
            return .reference(.lastShown)
        }
        lastListing = indices.map { list[$0] }
        return .reference(EventReference(isLastShown: true, isAll: true))
    }

    /// Events in the order a day is told: timed ones by start (then end, then title), then
    /// all-day ones.
    static func inDayOrder(_ events: [Event], zone: Zone) -> [Event] {
        events.sorted { a, b in
            if a.when.isAllDay != b.when.isAllDay { return !a.when.isAllDay }
            return (a.when.startInstant(in: zone), a.when.endInstant(in: zone), a.title) < (b.when.startInstant(in: zone), b.when.endInstant(in: zone), b.title)
        }
    }

    /// "no swimming next tuesday", "no piano on wednesday": when a repeating event of those
    /// words falls on that day, that time of it skipped, asked as "skip" asks; nil for any
    /// other new event ("no school friday" with only a "School drop off" is a day to mark).
    func skipSaidAsNo(_ request: EventRequest) -> Reply? {
        var words = request.title.lowercased().split(separator: " ")
        // ("karate is off on the 17th": the same, said after the name.)
        if words.count >= 3, words.suffix(2) == ["is", "off"] { words = ["no"] + words.dropLast(2) }
        guard words.count >= 2, words.count <= 4, words[0] == "no", let when = request.when, when.recurrence == nil,
              request.attendees.isEmpty else { return nil }
        return skipSaidAsNo(words.dropFirst().joined(separator: " "), when)
    }

    /// "no standup on christmas eve", "there's no yoga next tuesday" (read as a look at that
    /// day): when a repeating event of those words falls on it, that time of it skipped, asked
    /// first; nil otherwise, and the day is shown as asked.
    func skipSaidAsNo(_ query: AgendaQuery) -> Reply? {
        guard let words = query.words, (1...3).contains(words.split(separator: " ").count), let when = query.when, when.recurrence == nil,
              query.attendee == nil, !query.wantsFreeTime else { return nil }
        return skipSaidAsNo(words.lowercased(), when)
    }

    private func skipSaidAsNo(_ rest: String, _ when: DateMatch) -> Reply? {
        // (The words end its title, "Theo's swimming", or open it before a kind of event,
        // "Piano lessons"; "no school" leaves "School drop off".)
        guard hasSeriesTime(named: rest, from: when.start, to: when.end) else { return nil }
        return deleteEvent(EventReference(words: rest, when: when))
    }

    /// "cancel the dentist and rebook for the 22nd", "delete lunch and reschedule it to friday
    /// same time": a move, said as one ("move the dentist to the 22nd"); nil for any other line.
    static func cancelAndRebook(_ text: String) -> String? {
        guard Router.mayMention(text, " and re") || Router.mayMention(text, " and move") else { return nil }
        let words = wordsWithOffsets(text)
        guard words.count >= 5, ["cancel", "delete", "drop", "scrap"].contains(words[0].folded),
              let and = words.indices.first(where: { $0 > 1 && words[$0].folded == "and" }), and + 2 < words.count,
              ["rebook", "reschedule", "rearrange", "move", "reorganise", "reorganize"].contains(words[and + 1].folded) else { return nil }
        var rest = and + 2
        if ["it", "that", "them"].contains(words[rest].folded) { rest += 1 }
        guard rest < words.count else { return nil }
        if ["for", "to", "on"].contains(words[rest].folded) { rest += 1 }
        guard rest < words.count else { return nil }
        return "move " + typedText(text, words, from: 1, through: and - 1) + " to " + typedText(text, words, from: rest, through: words.count - 1)
    }

    /// "cant do tues dentist make it wed same time", "can't make lunch friday, can we do
    /// monday instead", "the dentist on tuesday doesn't work, make it thursday at 3": the
    /// event the speaker cannot go to, moved to the time said after it; a move said as one
    /// ("move tues dentist to wed same time"). Nil for any other line ("I can't make lunch"
    /// alone asks nothing of the calendar that the router does not read).
    static func cannotMakeItMove(_ text: String) -> String? {
        guard mayHaveCannotWord(text) || Router.mayMention(text, "work") || Router.mayMention(text, "good") else { return nil }
        let words = wordsWithOffsets(text)
        func said(_ at: Int, _ phrase: [String]) -> Bool { says(words, phrase, at: at) }
        // Where the event's words start and end: after "(i) can't do/make", or before
        // "doesn't work" / "won't work" / "is no good".
        var first = words.first?.folded == "i" ? 1 : 0
        var end: Int?
        if first + 1 < words.count, cannotWords.contains(words[first].folded), ["do", "make", "attend"].contains(words[first + 1].folded) {
            first += 2
        } else {
            first = 0
            end = words.indices.first { at in
                negatedAuxiliaries.contains(words[at].folded) && said(at + 1, ["work"]) || said(at, ["is", "no", "good"]) || said(at, ["isn't", "good"])
            }
            guard end != nil else { return nil }
        }
        // Where the new time is said: "make it", "move it to", "can we do", "how about" ….
        for at in words.indices where at > first {
            guard let cue = movePhrases.first(where: { said(at, $0) }) else { continue }
            let eventEnd = end ?? at
            guard eventEnd > first, eventEnd <= at else { return nil }
            var rest = at + cue.count
            if rest < words.count, ["to", "for", "on"].contains(words[rest].folded) { rest += 1 }
            var last = words.count - 1
            while last >= rest, ["instead", "then", "please"].contains(words[last].folded) { last -= 1 }
            // The event's words without a joining "so", "but", "and" before the cue.
            var eventLast = eventEnd - 1
            while eventLast > first, ["so", "but", "and", "can", "could"].contains(words[eventLast].folded) { eventLast -= 1 }
            guard rest <= last, eventLast >= first else { return nil }
            var event = typedText(text, words, from: first, through: eventLast)
            if ["the", "my", "our"].contains(words[first].folded) == false { event = "the " + event }
            return "move " + event + " to " + typedText(text, words, from: rest, through: last)
        }
        return nil
    }

    /// The words before "work" that say a time does not suit ("doesn't work", "won't work").
    static let negatedAuxiliaries: Set<String> = ["doesn't", "doesnt", "won't", "wont", "don't", "dont"]
    /// The words before a new time, said after an event the speaker cannot go to.
    static let movePhrases: [[String]] = [
        ["make", "it"], ["move", "it"], ["push", "it"], ["change", "it"], ["switch", "it"], ["can", "we", "do"], ["could", "we", "do"],
        ["can", "we", "make", "it"], ["could", "we", "make", "it"], ["let's", "do"], ["lets", "do"], ["how", "about"], ["what", "about"],
        ["do"], ["move", "to"], ["reschedule", "to"], ["reschedule", "for"],
    ]

    /// True when a time of a repeating event named by `words` (`titleNamed`) falls in
    /// [from, to).
    func hasSeriesTime(named words: String, from: Date, to: Date) -> Bool {
        let found = (try? searchEvents(words: words, attendee: nil, from: from, to: to, calendarIDs: nil)) ?? []
        let folded = Spelling.fold(words)
        return found.contains { $0.recurringEventID != nil && Self.titleNamed(Spelling.fold($0.title), by: folded) }
    }

    /// True when every event `reference` names, each time of a series counted, is a time of
    /// one series, and there are several.
    func timesOfOneSeries(_ reference: EventReference) -> Bool {
        var every = reference
        every.isAll = true
        guard case .found(let found) = matchingEvents(every, intent: .deleteEvent), found.count > 1,
              let series = found.first?.recurringEventID else { return false }
        return found.allSatisfy { $0.recurringEventID == series }
    }

    /// True when `words` end `title` or open it before a kind of event ("piano" of "Piano
    /// lessons", "swimming" of "Theo's swimming") or before whom or where it is ("karate" of
    /// "Karate for the kids", "Swimming at the leisure centre"); both folded.
    static func titleNamed(_ title: String, by words: String) -> Bool {
        if title.hasSuffix(words) { return true }
        // ("no tutoring on the 22nd" of "Maths tutoring with Leo": the name before whom it is with.)
        let titleWords = title.split(separator: " ")
        // ("no maths on the 29th": the kind of event after its subject, "Maths tutoring".)
        if let tail = titleWords.firstIndex(where: { titleTails.contains(String($0)) }), tail > 0 {
            let name = titleWords[..<tail].joined(separator: " ")
            if name == words || name.hasSuffix(" " + words) { return true }
            if name.hasPrefix(words + " "), kindsOfEvent.contains(String(name.dropFirst(words.count + 1))) { return true }
        }
        guard title.hasPrefix(words + " ") else { return false }
        let rest = title.dropFirst(words.count + 1)
        if let next = rest.split(separator: " ").first, titleTails.contains(String(next)) { return true }
        return kindsOfEvent.contains(String(rest))
    }
    /// Words after an event's name that say whom or where it is for.
    static let titleTails: Set<String> = ["for", "with", "at", "in"]
    static let kindsOfEvent: Set<String> = ["lesson", "lessons", "class", "classes", "practice", "club", "session", "sessions", "training",
                                            "rehearsal", "rehearsals", "group", "meeting", "appointment", "time", "tutoring", "tuition"]

    func deleteEvent(_ reference: EventReference) -> Reply {
        if let both = deleteEachNamed(reference) { return both }
        var reference = reference
        if let words = reference.words, reference.when != nil, !reference.isAll { lastRemovalWords = words }
        switch picked(reference, intent: .deleteEvent) {
        case .answered(let reply): return reply
        case .reference(let picked): reference = picked
        }
        // "cancel piano in february", "no yoga next week": a repeating event named over a
        // span longer than a day is every time of it there.
        if !reference.isAll, reference.words != nil, let when = reference.when, when.end.timeIntervalSince(when.start) > 86_400,
           timesOfOneSeries(reference) {
            reference.isAll = true
        }
        if reference.isAll { return deleteAll(reference) }
        // "remove mike" right after an event Mike is on: Mike comes off it, the event stays
        // (a guest not in the contacts is no name the router knows, so it read an event).
        if let words = reference.words, reference.when == nil, reference.attendee == nil, !reference.isNext,
           let event = lastShown, event.attendees.contains(where: { Self.isNamed($0, words) }) {
            return updateEvent(.lastShown, EventChanges(removeAttendees: [Attendee(name: words)]))
        }
        // "remove eggs" with no event of that name, and a list with eggs as an item: ticked off.
        if let words = reference.words, reference.when == nil, reference.attendee == nil, reference.calendar == nil,
           !reference.isNext, !reference.isLastShown, !reference.isSeries, case .answered = matchingEvents(reference, intent: .deleteEvent),
           listsHolding(item: words) {
            return tickOff([words])
        }
        return findEvent(reference, intent: .deleteEvent) { [unowned self] event in
            let text = DateText(zone: context.zone)
            let card = Renderer.eventLine(event, text: text)
            let series = event.recurringEventID ?? (event.recurrence.isEmpty ? nil : event.id)
            // "cancel the recurring standup", "delete the standup series": the series was named.
            if reference.isSeries, let series {
                let question = Renderer.deleteSeriesQuestion(event)
                return ask(.confirm(Confirmation(intent: .deleteEvent, question: question, defaultYes: false, yes: { [unowned self] in
                    performDelete(event, id: series, wholeSeries: true)
                }, no: {
                    Reply(intent: .deleteEvent, ok: true, message: Renderer.notDeleted)
                })), Reply(intent: .deleteEvent, ok: true, message: card + "\n" + question))
            }
            // "skip the standup tomorrow", "cancel the standup next tuesday": that day only —
            // a day was named — never the series.
            if reference.isOneOccurrence || reference.when != nil, event.recurringEventID != nil {
                let question = Renderer.skipQuestion(event, text: text)
                return ask(.confirm(Confirmation(intent: .deleteEvent, question: question, defaultYes: false, yes: { [unowned self] in
                    performDelete(event, id: event.id, wholeSeries: false)
                }, no: {
                    Reply(intent: .deleteEvent, ok: true, message: Renderer.notDeleted)
                })), Reply(intent: .deleteEvent, ok: true, message: card + "\n" + question))
            }
            if let series {
                let question = Renderer.deleteWhich(event, text: text)
                return ask(.choose(Choice(intent: .deleteEvent, question: question, count: 2, aliases: Self.seriesAnswers) { [unowned self] number in
                    let id = number == 1 ? event.id : series
                    return performDelete(event, id: id, wholeSeries: number == 2)
                }), Reply(intent: .deleteEvent, ok: true, message: card + "\n" + question))
            }
            let question = Renderer.deleteQuestion
            return ask(.confirm(Confirmation(intent: .deleteEvent, question: question, defaultYes: false, yes: { [unowned self] in
                performDelete(event, id: event.id, wholeSeries: false)
            }, no: {
                Reply(intent: .deleteEvent, ok: true, message: Renderer.notDeleted)
            })), Reply(intent: .deleteEvent, ok: true, message: card + "\n" + question))
        }
    }

    private func performDelete(_ event: Event, id: String, wholeSeries: Bool) -> Reply {
        do {
            try context.calendars.deleteEvent(id: id)
            record(.deletedEvent(event, id: id))
            lastShown = nil
            return Reply(intent: .deleteEvent, ok: true,
                         message: Renderer.deleted(event, wholeSeries: wholeSeries, text: DateText(zone: context.zone), undo: context.offersUndo),
                         fields: [("event", eventJSON(event, calendarNames()))])
        } catch {
            return failure(.deleteEvent, error)
        }
    }

    func updateEvent(_ reference: EventReference, _ changes: EventChanges) -> Reply {
        guard !changes.isEmpty else { return Reply(intent: .updateEvent, ok: false, message: Renderer.whatToChange) }
        // "add raj and maria" with no event shown: to what, said before any "which Maria?".
        if reference.isLastShown, reference.words == nil, lastShown == nil, lastListing == nil, !changes.addAttendees.isEmpty,
           changes == EventChanges(addAttendees: changes.addAttendees) {
            return Reply(intent: .updateEvent, ok: false, message: Renderer.addPeopleToWhat(changes.addAttendees.compactMap { $0.name ?? $0.email }))
        }
        // "swap lunch and the dentist": the two exchange times.
        if let other = changes.swapsWith.first { return swapEvents(reference, other) }
        var reference = reference
        switch picked(reference, intent: .updateEvent) {
        case .answered(let reply): return reply
        case .reference(let picked): reference = picked
        }
        // "move them to wednesday" after a list: each moved, after one yes; a change that
        // makes no sense for several (a new title, a new calendar) one at a time, named.
        if reference.isAll, reference.isLastShown, let listing = lastListing, listing.count > 1 {
            guard Self.movesOnly(changes) else {
                return Reply(intent: .updateEvent, ok: false, message: Renderer.changeOneAtATime(listing, calendar: changes.calendar?.known))
            }
            return updateAll(listing, changes)
        }
        // "push everything on monday back an hour", "move all my meetings on friday to
        // thursday": every event of that day, moved together after one yes.
        if reference.isAll, !reference.isLastShown, reference.when != nil, Self.movesOnly(changes) {
            switch matchingEvents(reference, intent: .updateEvent) {
            case .answered(let reply): return reply
            case .found(let found) where found.count > 1: return updateAll(found, changes)
            case .found: break
            }
        }
        // "move all piano lessons to 4:30", "make every standup 15 minutes": with no day said,
        // the whole series of them.
        if reference.isAll, !reference.isLastShown, reference.words != nil, reference.when == nil, !reference.isSeries {
            reference.isSeries = true
            reference.isAll = false
        }
        if changes.calendar != nil { return moveToCalendar(reference, changes) }
        // "remind me about the dentist a day before" with no dentist to come: the event is
        // made, as "dentist, remind me a day before" makes it (its card asks when).
        if let words = reference.words, reference == EventReference(words: words), let minutes = changes.reminderMinutes, !minutes.isEmpty,
           changes == EventChanges(reminderMinutes: minutes), !hasUpcomingEvent(titled: words) {
            return createEvent(EventRequest(title: Renderer.capitalizedTitle(words), reminderMinutes: minutes))
        }
        // "rename kids to family" with no event of that name but a calendar of it: the
        // calendar renamed (asked first, as "rename calendar Kids to Family" is).
        if let words = reference.words, reference == EventReference(words: words), let title = changes.title, changes == EventChanges(title: title),
           let calendar = ((try? context.calendars.calendars()) ?? []).first(where: { Spelling.fold($0.name) == Spelling.fold(words) }),
           !hasUpcomingEvent(titled: words) {
            return updateCalendar(calendar.name, .rename(to: title))
        }
        // "add ana" when two contacts are Ana: asked, as a new event's card asks, not the
        // first one taken.
        for (index, person) in changes.addAttendees.enumerated() where person.email == nil {
            guard let name = person.name, let matches = try? guestContacts(name), matches.count > 1 else { continue }
            let options = Array(matches.prefix(9))
            let question = Renderer.whichPerson(name, options)
            return ask(.choose(Choice(intent: .updateEvent, question: question, count: options.count, aliases: Choice.aliases(options.map(\.name))) { [unowned self] number in
                var chosen = changes
                chosen.addAttendees[index] = Attendee(name: options[number - 1].name, email: options[number - 1].emails.first?.value)
                return updateEvent(reference, chosen)
            }), Reply(intent: .updateEvent, ok: true, message: question))
        }
        if let again = rebook(reference, changes) { return again }
        // "copy the dentist to friday", "duplicate it for next monday": a new event like it,
        // then; the one found stays.
        if changes.copies, let when = changes.when {
            return findEvent(reference, intent: .updateEvent) { [unowned self] found in
                // Its hours kept when only a day is said ("copy it to tuesday"), as a move keeps them.
                let zone = context.zone
                let moved = WhenEdit.applying(changes, to: found.when, zone: zone, workingHours: context.preferences.workingHours)
                let at = DateMatch(range: when.range, rule: "copy:" + when.rule, start: moved.startInstant(in: zone), end: moved.endInstant(in: zone),
                                   grain: moved.isAllDay ? .day : .minute, isAllDay: moved.isAllDay, known: moved.isAllDay ? [.date] : [.date, .time, .end])
                return createEvent(copyRequest(of: found, at: at))
            }
        }
        return findEvent(reference, intent: .updateEvent) { [unowned self] found in
            // "move the standup to 10 tomorrow": with no day naming the event, a repeating
            // one's occurrence on the day and time the change names is the one moved.
            let event = reference.when == nil ? occurrence(of: found, onTheDayOf: changes.when) ?? found : found
            var changes = changes
            // "she can't make lunch": the guest meant, or the question of which.
            if let pronoun = Self.pronounRemoved(changes) {
                guard let guest = guestMeant(on: event) else {
                    lastShown = event
                    return Reply(intent: .updateEvent, ok: false, message: Renderer.whoCannotMake(pronoun, event))
                }
                changes.removeAttendees = [Attendee(name: guest.name ?? guest.email)]
            }
            changes = Self.swapping(changes, guests: event.attendees, title: event.title)
            let added = attendees(changes.addAttendees)
            let patch = patch(changes, of: event, adding: added)
            let after = patch.applied(to: event)
            let text = DateText(zone: context.zone)
            // "lunch was moved to Friday" when it is on Friday already: nothing to ask.
            if after == event {
                lastShown = event
                let absent = changes.removeAttendees.compactMap { $0.name ?? $0.email }
                if !absent.isEmpty, changes.addAttendees.isEmpty, !WhenEdit.changesTiming(changes) {
                    return Reply(intent: .updateEvent, ok: true, message: Renderer.notOnEvent(absent, event))
                }
                // ("add priya to the call" with Priya on it: said so, not its time.)
                let present = changes.addAttendees.compactMap { $0.name ?? $0.email }
                if !present.isEmpty, changes.removeAttendees.isEmpty, !WhenEdit.changesTiming(changes) {
                    return Reply(intent: .updateEvent, ok: true, message: Renderer.alreadyOnEvent(present, event))
                }
                // ("turn off the reminder for dinner" with none set: said so, not its time.)
                if changes.reminderMinutes == [], !WhenEdit.changesTiming(changes) {
                    return Reply(intent: .updateEvent, ok: true, message: Renderer.noReminders(event))
                }
                return Reply(intent: .updateEvent, ok: true, message: Renderer.alreadySo(event, text: text))
            }
            var summary = Renderer.changeSummary(before: event, after: after, text: text)
            // Moved onto other events: said, as the new-event card says it.
            if after.when != event.when, !after.when.isAllDay,
               let others = try? context.calendars.events(from: after.when.startInstant(in: context.zone), to: after.when.endInstant(in: context.zone), calendarIDs: nil) {
                let clashing = others.filter { !$0.when.isAllDay && !Self.sameSeries($0, event) }
                if !clashing.isEmpty { summary += "\n  " + context.style.warning("! " + Renderer.overlaps(clashing, text: text)) }
            }
            // The patch is made again from the event as stored when the answer comes, inside
            // the store's transaction: a change another writer made meanwhile stays.
            if let series = event.recurringEventID ?? (event.recurrence.isEmpty ? nil : event.id) {
                // "move yoga to 7pm from now on": from its next time on, the earlier ones kept.
                if reference.fromNowOn,
                   let reply = changeFromNowOn(event, series: series, changes: changes, added: added, dayNamed: reference.when != nil) {
                    return reply
                }
                let question = Renderer.changeWhich(event, text: text)
                let apply: (Int) -> Reply = { [unowned self] number in
                    guard number == 2 else {
                        return performUpdate(id: event.id, wholeSeries: false) { [unowned self] current in self.patch(changes, of: current, adding: added) }
                    }
                    return performUpdate(id: series, wholeSeries: true) { [unowned self] current in
                        var seriesPatch = self.patch(changes, of: current, adding: added)
                        if let newWhen = patch.when {
                            // Move the series by the same amount the occurrence moved.
                            let zone = context.zone
                            let shift = newWhen.startInstant(in: zone).timeIntervalSince(event.when.startInstant(in: zone))
                            let length = newWhen.endInstant(in: zone).timeIntervalSince(newWhen.startInstant(in: zone))
                            seriesPatch.when = WhenEdit.resize(current.when.shifted(bySeconds: shift), minutes: Int(saturating: length / 60))
                        }
                        return seriesPatch
                    }
                }
                // "move the weekly sync to 11": the series was named, so the series changes (and
                // "from now on" when its next time is its first). "make it every other week":
                // how it repeats is the series', never one time's.
                let repeatsOnly = changes.recurrence != nil && changes == EventChanges(recurrence: changes.recurrence)
                // (Said of one time, "make yoga every other week" shows how the series repeated.)
                if repeatsOnly, event.recurringEventID != nil, let master = try? context.calendars.event(id: series) {
                    summary = Renderer.changeSummary(before: master, after: self.patch(changes, of: master, adding: added).applied(to: master), text: text)
                }
                // ("remind me a week before" said of a yearly birthday just made: the series
                // was the thing made, so the series changes; no one or all to choose.)
                var justMade = false
                if reference.isLastShown, case .createdEvent(let made)? = self.changes.last { justMade = made.id == series }
                if reference.isSeries || reference.fromNowOn || repeatsOnly || justMade {
                    let question = Renderer.changeSeriesQuestion(event)
                    return ask(.confirm(Confirmation(intent: .updateEvent, question: question, defaultYes: true, yes: { apply(2) }, no: {
                        Reply(intent: .updateEvent, ok: true, message: Renderer.notChanged)
                    })), Reply(intent: .updateEvent, ok: true, message: summary + "\n" + question))
                }
                // "move just this week's yoga to thursday": that time only, asked as a yes.
                if reference.isOneOccurrence, event.recurringEventID != nil {
                    let only = Renderer.changeOnlyQuestion(event, text: text)
                    return ask(.confirm(Confirmation(intent: .updateEvent, question: only, defaultYes: true, yes: { apply(1) }, no: {
                        Reply(intent: .updateEvent, ok: true, message: Renderer.notChanged)
                    })), Reply(intent: .updateEvent, ok: true, message: summary + "\n" + only))
                }
                return ask(.choose(Choice(intent: .updateEvent, question: question, count: 2, aliases: Self.seriesAnswers, pick: apply)),
                           Reply(intent: .updateEvent, ok: true, message: summary + "\n" + question))
            }
            let question = Renderer.changeQuestion
            return ask(.confirm(Confirmation(intent: .updateEvent, question: question, defaultYes: true, yes: { [unowned self] in
                performUpdate(id: event.id, wholeSeries: false) { [unowned self] current in self.patch(changes, of: current, adding: added) }
            }, no: {
                Reply(intent: .updateEvent, ok: true, message: Renderer.notChanged)
            })), Reply(intent: .updateEvent, ok: true, message: summary + "\n" + question))
        }
    }

    /// True when `changes` only move events — a day, a time, a shift — what several events of
    /// a list can be given together.
    static func movesOnly(_ changes: EventChanges) -> Bool {
        var timing = EventChanges()
        timing.when = changes.when
        timing.shiftMinutes = changes.shiftMinutes
        return changes == timing && (changes.when != nil || changes.shiftMinutes != nil)
    }

    /// "move them to wednesday", "push them all back an hour" after a listing: each listed
    /// event (a repeating one's occurrence: that day only) moved, after one yes. A day said
    /// keeps each one's time; a shift moves each by that much; a clock time said moves the
    /// first to it and the others with it, keeping the gaps between them (the same time for
    /// all would stack them). One undo brings every one back.
    func updateAll(_ listing: [Event], _ changes: EventChanges) -> Reply {
        let zone = context.zone
        let text = DateText(zone: zone)
        let events = listing.sorted { $0.when.startInstant(in: zone) < $1.when.startInstant(in: zone) }
        // A clock time said: the shift the first one makes, for all.
        var blockShift: TimeInterval?
        if let said = changes.when, said.known.contains(.time) {
            // All-day events given one clock time would all be put at it, on top of each other.
            guard let first = events.first(where: { !$0.when.isAllDay }) else {
                return Reply(intent: .updateEvent, ok: false, message: Renderer.changeOneAtATime(listing))
            }
            let moved = WhenEdit.applying(changes, to: first.when, zone: zone, workingHours: context.preferences.workingHours)
            blockShift = moved.startInstant(in: zone).timeIntervalSince(first.when.startInstant(in: zone))
        }
        let workingHours = context.preferences.workingHours
        let newWhen: (When) -> When = { when in
            if let blockShift { return when.shifted(bySeconds: blockShift) }
            return WhenEdit.applying(changes, to: when, zone: zone, workingHours: workingHours)
        }
        let moves = events.map { event in (event: event, after: EventPatch(when: newWhen(event.when)).applied(to: event)) }.filter { $0.after.when != $0.event.when }
        guard !moves.isEmpty else {
            return Reply(intent: .updateEvent, ok: true, message: Renderer.allAlreadySo(events.count))
        }
        var lines = [Renderer.theseChanges]
        let movingIDs = Set(moves.map(\.event.id))
        for move in moves {
            lines.append(Renderer.moveLine(before: move.event, after: move.after, text: text))
            // Moved onto other events (not those moving too): said, as for one event.
            if !move.after.when.isAllDay,
               let others = try? context.calendars.events(from: move.after.when.startInstant(in: zone), to: move.after.when.endInstant(in: zone), calendarIDs: nil) {
                let clashing = others.filter {
                    !$0.when.isAllDay && !movingIDs.contains($0.id) && !Self.sameSeries($0, move.event)
                }
                if !clashing.isEmpty { lines.append("     " + context.style.warning("! " + Renderer.overlaps(clashing, text: text))) }
            }
        }
        let question = Renderer.changeAllQuestion(moves.count)
        return ask(.confirm(Confirmation(intent: .updateEvent, question: question, defaultYes: true, yes: { [unowned self] in
            // Each patch is made again from the event as stored, inside the store's transaction.
            var done: [(before: Event, after: Event, id: String)] = []
            for move in moves {
                do {
                    let edit = try context.calendars.patchEvent(id: move.event.id) { current in EventPatch(when: newWhen(current.when)) }
                    done.append((edit.before, edit.after, move.event.id))
                } catch {
                    // Stopped: what changed is recorded, so "undo" brings it back; said in one line.
                    if !done.isEmpty { record(.updatedEvents(done)) }
                    lastShown = nil
                    let notDone = moves.map(\.event).filter { event in !done.contains { $0.id == event.id } }
                    return Reply(intent: .updateEvent, ok: false,
                                 message: Renderer.changedSome(done.map(\.after), notChanged: notDone, error, undo: context.offersUndo && !done.isEmpty),
                                 fields: [("events", .array(done.map { eventJSON($0.after, calendarNames()) }))])
                }
            }
            record(.updatedEvents(done))
            // "them" goes on meaning the events moved; "it", the one when only one moved.
            if done.count == 1 { lastShown = done[0].after } else { lastShown = nil; lastListing = done.map(\.after) }
            let names = calendarNames()
            return Reply(intent: .updateEvent, ok: true, message: Renderer.changedAll(done.count, undo: context.offersUndo),
                         fields: [("events", .array(done.map { eventJSON($0.after, names) }))])
        }, no: {
            Reply(intent: .updateEvent, ok: true, message: Renderer.notChanged)
        })), Reply(intent: .updateEvent, ok: true, message: lines.joined(separator: "\n") + "\n" + question))
    }

    /// The occurrence of `event`'s series on the day `when` names with a time ("10
    /// tomorrow"), if any; a day alone ("to Friday") moves the one found instead.
    private func occurrence(of event: Event, onTheDayOf when: DateMatch?) -> Event? {
        guard let series = event.recurringEventID, let when, when.known.contains(.date), when.known.contains(.time) else { return nil }
        let day = LocalDate(when.start, in: context.zone)
        let start = day.startOfDay(in: context.zone), end = day.adding(days: 1).startOfDay(in: context.zone)
        return (try? context.calendars.events(from: start, to: end, calendarIDs: [event.calendarID]))?
            .first { $0.recurringEventID == series }
    }

    /// A recurrence line that ends before `end`: an RRULE's COUNT and UNTIL replaced by an
    /// UNTIL just before it (the day before, for an all-day series); other lines as they are.
    static func ending(_ line: String, before end: Date, allDay: Bool, zone: Zone) -> String {
        guard line.hasPrefix("RRULE:") else { return line }
        var rule = RRule(line)
        rule.remove("COUNT")
        rule.remove("UNTIL")
        rule.set("UNTIL", allDay ? ExceptionLines.basic(LocalDate(end - 1, in: zone)) : ExceptionLines.basicUTC(end - 1))
        return rule.line
    }

    /// True when `words` name `person`: the whole name or email, or its first words ("mike"
    /// for "Mike Ross"), folded.
    /// The pronoun of "she can't make lunch" (`Router.cannotMake`), when that is whom the
    /// change takes off.
    static func pronounRemoved(_ changes: EventChanges) -> String? {
        guard changes.removeAttendees.count == 1, changes.addAttendees.isEmpty, let said = changes.removeAttendees[0].name,
              Router.thirdPersonPronouns.contains(said.lowercased()) else { return nil }
        return said.lowercased()
    }

    /// Who "she" is on `event`: its one guest, or among several the person last looked up;
    /// nil when that does not say (nobody on it, or several and none of them named).
    func guestMeant(on event: Event) -> Attendee? {
        if event.attendees.count == 1 { return event.attendees[0] }
        guard let person = lastPerson else { return nil }
        let named = event.attendees.filter { Self.isNamed($0, person) }
        return named.count == 1 ? named[0] : nil
    }

    static func isNamed(_ person: Attendee, _ words: String) -> Bool {
        let said = Spelling.fold(words)
        guard let key = (person.name ?? person.email).map(Spelling.fold) else { return false }
        return key == said || key.hasPrefix(said + " ")
    }

    /// `changes` with the guests a swap takes out named ("make it with Bob instead", "change
    /// it to Ana López"): those said, else the guests sharing a name's word with one put in
    /// (Ana Pérez for Ana López), else every guest; and the title, when it names the one
    /// guest taken out by a word ("Lunch with Ana"), naming the one put in ("Lunch with Bob").
    static func swapping(_ changes: EventChanges, guests: [Attendee], title: String) -> EventChanges {
        guard changes.replacesAttendees, !changes.addAttendees.isEmpty else { return changes }
        var changes = changes
        func words(_ text: String) -> [String] { Spelling.fold(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init) }
        let incoming = changes.addAttendees.compactMap { $0.name ?? $0.email }
        var out: [Attendee]
        if !changes.removeAttendees.isEmpty {
            let said = changes.removeAttendees.compactMap { $0.name ?? $0.email }
            out = guests.filter { guest in said.contains { isNamed(guest, $0) } }
            // "replace Bob with Carla" when Bob is not on it: nobody is put in his place.
            if out.isEmpty { changes.addAttendees = [] }
        } else {
            let firsts = Set(incoming.compactMap { words($0).first })
            out = guests.filter { guest in (guest.name ?? guest.email).flatMap { words($0).first }.map(firsts.contains) ?? false }
            if out.isEmpty { out = guests }
            changes.removeAttendees = out.map { Attendee(name: $0.name ?? $0.email) }
        }
        // The title said who it was with: the name put in instead, as said.
        if changes.title == nil, out.count == 1, incoming.count == 1, let old = out[0].name.flatMap({ $0.split(separator: " ").first }),
           let new = incoming[0].split(separator: " ").first, Spelling.fold(String(old)) != Spelling.fold(String(new)) {
            let titleWords = title.split(separator: " ", omittingEmptySubsequences: false)
            if let at = titleWords.firstIndex(where: { Spelling.fold(String($0)) == Spelling.fold(String(old)) }) {
                var renamed = titleWords.map(String.init)
                renamed[at] = Renderer.capitalizedTitle(String(new))
                changes.title = renamed.joined(separator: " ")
            }
        }
        return changes
    }

    /// What `changes` make of `event`: its new timing, title, place, reminders, and its
    /// attendees less those removed plus `added`. Computed from the event's values, so it is
    /// worked out again on the stored event when the change is made.
    func patch(_ changes: EventChanges, of event: Event, adding added: [Attendee]) -> EventPatch {
        var patch = EventPatch()
        if WhenEdit.changesTiming(changes) {
            patch.when = WhenEdit.applying(changes, to: event.when, zone: context.zone, workingHours: context.preferences.workingHours)
        }
        if let rule = changes.recurrence { patch.recurrence = ["RRULE:" + rule] }
        if let minutes = changes.reminderMinutes { patch.reminderMinutes = minutes }
        if let title = changes.title { patch.title = title }
        if let location = changes.location { patch.location = .some(location) }
        if let notes = changes.notes { patch.notes = .some(Self.notes(notes, adding: changes.addsNote, to: event.notes)) }
        if !added.isEmpty || !changes.removeAttendees.isEmpty {
            var people = event.attendees
            let removed = changes.removeAttendees.compactMap { $0.name ?? $0.email }
            people.removeAll { person in removed.contains { Self.isNamed(person, $0) } }
            // Someone added who is on it already is not put on twice ("Priya" when "priya" is).
            patch.attendees = people + added.filter { new in
                !people.contains { person in
                    person.email != nil && person.email == new.email || person == new || new.email == nil && new.name.map { Self.isNamed(person, $0) } == true
                }
            }
        }
        return patch
    }

    /// New notes: the words said, or, for a note added, the notes there are with the words on
    /// a line of their own after them.
    static func notes(_ said: String, adding: Bool, to existing: String?) -> String {
        guard adding, let existing, !existing.isEmpty else { return said }
        return existing + "\n" + said
    }

    /// People to add as attendees, a name alone completed from the contacts.
    private func attendees(_ people: [Attendee]) -> [Attendee] {
        people.map { person in
            if let name = person.name, person.email == nil, let contact = try? guestContacts(name).first {
                return Attendee(name: contact.name, email: contact.emails.first?.value)
            }
            return person
        }
    }

    private func performUpdate(id: String, wholeSeries: Bool, patch: (Event) -> EventPatch) -> Reply {
        do {
            let edit = try context.calendars.patchEvent(id: id, from: patch)
            record(.updatedEvent(before: edit.before, after: edit.after, id: id))
            lastShown = edit.after
            return Reply(intent: .updateEvent, ok: true,
                         message: Renderer.updated(edit.after, before: edit.before, wholeSeries: wholeSeries, text: DateText(zone: context.zone), undo: context.offersUndo),
                         fields: [("event", eventJSON(edit.after, calendarNames()))])
        } catch {
            return failure(.updateEvent, error)
        }
    }

    /// "what did I just change": the change "undo" would reverse, in one line. "what have I
    /// changed", "what did I cancel": the session's changes, or its deletions, one a line.
    func lastChange(asked: ChangesAsked = .last) -> Reply {
        let text = DateText(zone: context.zone)
        guard asked == .last else {
            return Reply(intent: .help, ok: true, message: Renderer.changesMade(changes, deletionsOnly: asked == .deletions, text: text, undo: context.offersUndo))
        }
        guard let change = changes.last else { return Reply(intent: .help, ok: true, message: Renderer.noChangeYet) }
        return Reply(intent: .help, ok: true, message: Renderer.lastChange(change, text: text, undo: context.offersUndo))
    }

    func undo() -> Reply {
        guard context.offersUndo else { return Reply(intent: .undo, ok: false, message: Renderer.undoNeedsASession) }
        guard let change = changes.last else { return Reply(intent: .undo, ok: false, message: Renderer.nothingToUndo) }
        let text = DateText(zone: context.zone)
        let question = Renderer.undoQuestion(change, text: text)
        return ask(.confirm(Confirmation(intent: .undo, question: question, defaultYes: true, yes: { [unowned self] in
            performUndo(change)
        }, no: {
            Reply(intent: .undo, ok: true, message: Renderer.nothingChanged)
        })), Reply(intent: .undo, ok: true, message: question))
    }

    private func performUndo(_ change: Change) -> Reply {
        // A calendar that cannot bring an event back (Google refusing) makes it again under
        // a new id; the reply says so.
        var madeAgain = 0
        do {
            switch change {
            case .createdEvent(let event):
                try context.calendars.deleteEvent(id: event.id)
                lastShown = nil
            case .deletedEvent(_, let id):
                let restored = try context.calendars.restoreEvent(id: id)
                if restored.id != id { madeAgain += 1 }
                lastShown = restored
            case .deletedEvents(let deleted):
                for (_, id) in deleted where try context.calendars.restoreEvent(id: id).id != id { madeAgain += 1 }
            case .updatedEvent(let before, let after, let id):
                lastShown = try restore(before, after: after, id: id)
            case .updatedEvents(let updated):
                // Each put back; one that fails stops the undo with the rest still to undo.
                var left = updated
                while let (before, after, id) = left.first {
                    do {
                        _ = try restore(before, after: after, id: id)
                        left.removeFirst()
                    } catch {
                        let restored = updated.count - left.count
                        if restored > 0 { changes[changes.count - 1] = .updatedEvents(left) }
                        return Reply(intent: .undo, ok: false, message: Renderer.undoneSome(restored, of: updated.count, error))
                    }
                }
                lastShown = nil
            case .movedEvent(let move):
                _ = try context.calendars.moveEvent(id: move.id, toCalendarID: move.from.id)
                lastShown = move.shown
            case .splitSeries(let split):
                lastShown = try context.calendars.joinSeries(split)
            case .createdFile(let file):
                try context.files.trashFile(id: file.id)
                namesChanged()
            case .wroteFile(let file, let previous):
                _ = try context.files.updateFile(id: file.id, content: previous)
            case .trashedFile(let file):
                _ = try context.files.restoreFile(id: file.id)
                namesChanged()
            case .restoredFile(let file):
                try context.files.trashFile(id: file.id)
                namesChanged()
            case .renamedFile(let file, _):
                _ = try context.files.renameFile(id: file.id, to: file.name)
                namesChanged()
            case .renamedCalendar(let calendar, let newName):
                _ = try context.calendars.renameCalendar(id: calendar.id, to: calendar.name)
                if let chosen = context.preferences.defaultCalendar, Spelling.fold(chosen) == Spelling.fold(newName) {
                    try? context.settings?.setDefaultCalendar(calendar.name)
                    context.preferences.defaultCalendar = calendar.name
                }
                namesChanged()
            case .deletedCalendar(let calendar, let events, let remade):
                return restoreCalendar(calendar, events: events, remade: remade)
            case .changedDefaultCalendar(let previous, _):
                try context.settings?.setDefaultCalendar(previous)
                context.preferences.defaultCalendar = previous
            case .changedWorkingHours(let previous, _):
                try context.settings?.setWorkingHours(previous)
                context.preferences.workingHours = previous
            case .changedEventLength(let previous, _):
                try context.settings?.setEventLength(minutes: previous)
                context.preferences.eventLength = TimeInterval(previous * 60)
            case .changedTimeZone(let previous, _):
                try context.settings?.setTimeZone(previous)
                context.preferences.timeZoneSetting = previous
            }
            changes.removeLast()
            let message = Renderer.undone(change, text: DateText(zone: context.zone)) + (madeAgain > 0 ? " " + Renderer.madeAgain(madeAgain) : "")
            return Reply(intent: .undo, ok: true, message: message)
        } catch ServiceError.notFound(.event, _) where Self.changesOneEvent(change) {
            // Asking again would fail again, and keep every change before it from an undo.
            changes.removeLast()
            return Reply(intent: .undo, ok: false, message: Renderer.undoGone)
        } catch {
            return failure(.undo, error)
        }
    }

    /// True for a change of one event (or one series), which cannot be undone once the
    /// event is gone.
    static func changesOneEvent(_ change: Change) -> Bool {
        switch change {
        case .createdEvent, .deletedEvent, .updatedEvent, .movedEvent, .splitSeries: true
        default: false
        }
    }

    /// Puts back what a change altered (the event `before` and `after` it; `id`: what was
    /// patched), and only that, read against the event as stored now: another process's
    /// change since to the rest stays (a rename made meanwhile was lost to the undo of a
    /// move), and of the guests only those this change added or took out go or come back.
    private func restore(_ before: Event, after: Event, id: String) throws -> Event {
        try context.calendars.patchEvent(id: id) { now in
            var patch = EventPatch()
            if before.title != after.title { patch.title = before.title }
            if before.when != after.when || before.skippedWallStart != after.skippedWallStart {
                patch.when = before.when
                patch.skippedWallStart = before.skippedWallStart
            }
            if before.location != after.location { patch.location = .some(before.location) }
            if before.notes != after.notes { patch.notes = .some(before.notes) }
            if before.attendees != after.attendees {
                let added = after.attendees.filter { !before.attendees.contains($0) }
                let removed = before.attendees.filter { !after.attendees.contains($0) && !now.attendees.contains($0) }
                patch.attendees = now.attendees == after.attendees ? before.attendees : now.attendees.filter { !added.contains($0) } + removed
            }
            if before.reminderMinutes != after.reminderMinutes { patch.reminderMinutes = before.reminderMinutes }
            if id == before.id, before.recurringEventID == nil, before.recurrence != after.recurrence { patch.recurrence = before.recurrence }
            // Nothing to put back (a change to what it was): one write all the same, so an
            // event deleted since is said to be gone.
            if patch.isEmpty { patch.title = now.title }
            return patch
        }.after
    }

    func calendarNames() -> [String: String] {
        Dictionary(uniqueKeysWithValues: ((try? context.calendars.calendars()) ?? []).map { ($0.id, $0.name) })
    }
}
