import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// One conversation: each line in, one `Reply` out.
///
/// A session remembers what it needs between lines — a question waiting for its answer,
/// the event last shown (what "it" means), the last change (what "undo" reverses) — so
/// drivers (the REPL, piped stdin, one-shot) only feed lines and print replies. Each intent
/// goes to exactly one handler (the `Session+…` files); every sentence comes from `Renderer`.
public final class Session {
    /// What the session works with; its preferences change when a person sets one in words.
    var context: SessionContext
    let router = Router()
    var pending: Pending?
    /// The requests still to answer of a line that asked for several ("lunch friday at 1 and
    /// dinner saturday at 8", "undo the last two changes"): each once the one before is answered.
    var queuedLines: [String] = []
    /// The event "it" refers to: the last one shown alone, created or changed.
    var lastShown: Event? {
        didSet { lastListing = nil }
    }
    /// The events of the last listing of several, when that was the last thing shown: "it"
    /// then asks which of them.
    var lastListing: [Event]?
    /// The last agenda question, when the last reply answered one: "what about Friday?"
    /// asks it again for another day.
    var lastQuery: AgendaQuery?
    /// The words of the event a removal on a day was just asked for ("no piano on christmas
    /// eve"): "what about new year's eve" next asks the same of that day.
    var lastRemovalWords: String?
    /// The changes made in this session, oldest first: "undo" reverses the last, and the
    /// next "undo" the one before.
    var changes: [Change] = []
    private var knownCache: KnownNames?
    /// How the account stood under the question now open, not said again under its answer.
    var standingShown: [AccountNotice] = []
    /// Set once the session has said that `default_calendar` names no calendar.
    var defaultCalendarWarned = false
    /// The request being handled, for a handler that offers to make it again with a word
    /// corrected ("Did you mean 'Dentist'?").
    var handling: Intent?
    /// The request that asked the open question ("cancel the standup on the 14th" asking
    /// "Skip it on Mon 14 Dec only?"): "no i meant the 15th" makes it again for that day.
    var askedBy: Intent?
    /// The line being answered, as typed (what Google reads for a quickAdd).
    var lastLine: String?
    /// The file last shown, made or changed, while nothing about events came after it: what
    /// "it", "the list" and a line with no file name ("add eggs", "delete the last line")
    /// are about.
    var fileOnScreen: String?
    /// The person last looked up, as said ("ana"): who "her", "him", "his" are ("call her",
    /// "what's his email", "lunch with her tomorrow").
    var lastPerson: String?
    /// True while the person looked up is what was last talked about (no event since): "what's
    /// the address" is then theirs.
    var personOnScreen = false
    /// The last question about a person: "no i meant carla" after "whats bobs number" asks it
    /// of Carla.
    var lastContactQuery: ContactQuery?
    /// The contacts last listed for one name ("marias number": two Marias), with the detail
    /// asked, until the next line: "the first one", "the chen one" then picks one.
    var contactsOnScreen: (contacts: [Contact], field: ContactField)?
    /// The first free slot of the length asked, when the last reply found free time ("find
    /// me an hour on monday"): "book it for a call with Ana" puts the event there.
    var freeSlotShown: (start: Date, end: Date)?
    /// The line that asked for the last new event, as typed: "and lena thursdays at 9:30"
    /// after it is made says it again for Lena (`sameAgain`).
    var createdLine: String?
    /// The event a line's "the night before", "the morning of" counted from, while the lines
    /// after it keep counting from it ("pack the night before", then "charge my phone the
    /// morning of": both the flight's), not from the event each made.
    var dayAnchor: Event?
    /// The edits said on the card of that event ("for 30 min", "on Work"): the same event
    /// again for another person keeps those that are no day or time (`carried`).
    var cardChanges: [EventChanges] = []

    public init(context: SessionContext) {
        self.context = context
    }

    /// How replies look, for the driver that writes them out (`TextStyle.terminal`).
    public var style: TextStyle { context.style }

    /// True when the last reply asked a question that the next line answers.
    public var isAwaitingAnswer: Bool { pending != nil }

    /// Answers one line a person typed. A line that asks for several new events asks about
    /// the first, and each next one once the one before is answered; "undo the last two
    /// changes" asks each undo in turn.
    public func respond(to line: String) -> Reply {
        var line = line
        var lead: String?
        if pending == nil {
            queuedLines = []
            if let parts = severalEvents(Session.trimmed(line)) {
                line = parts[0]
                queuedLines = Array(parts.dropFirst())
                lead = Renderer.severalEvents(parts.count)
            } else if let count = Self.undoCount(line) {
                line = "undo"
                queuedLines = Array(repeating: "undo", count: count - 1)
            }
        }
        var reply = respondToLine(line)
        if let lead { reply.message = lead + "\n" + reply.message }
        while pending == nil, !queuedLines.isEmpty {
            // The next one's reply, its question and fields, after what was said so far.
            var next = respondToLine(queuedLines.removeFirst())
            next.message = reply.message + (reply.message.isEmpty ? "" : "\n") + next.message
            next.ok = reply.ok && next.ok
            reply = next
        }
        return reply
    }

    /// The number of changes "undo the last two changes", "undo twice", "undo 3 times" asks
    /// to undo, two to ten; nil for any other line.
    static func undoCount(_ line: String) -> Int? {
        let words = line.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "." || $0 == "!" }).map(String.init)
        guard words.count >= 2, words[0] == "undo" else { return nil }
        var count: Int?
        for word in words.dropFirst() {
            if let n = undoCounts[word] {
                guard count == nil else { return nil }
                count = n
            } else if !undoFillers.contains(word) {
                return nil
            }
        }
        return count
    }
    static let undoCounts: [String: Int] = [
        "twice": 2, "thrice": 3, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
    ]
    static let undoFillers: Set<String> = ["the", "last", "my", "changes", "change", "times", "things", "steps", "edits", "please", "those", "them"]

    private func respondToLine(_ line: String) -> Reply {
        let text = Session.trimmed(line)
        let reply: Reply
        let answering = pending != nil
        let contactsListed = contactsOnScreen
        contactsOnScreen = nil
        let slotShown = freeSlotShown
        let removalWords = lastRemovalWords
        lastRemovalWords = nil
        freeSlotShown = nil
        let asker = askedBy
        askedBy = nil
        if let question = pending {
            pending = nil
            lastLine = nil
            reply = answer(question, with: text, askedBy: asker)
            // (The removal answered is still the last said: "what about …" may follow it.)
            if lastRemovalWords == nil { lastRemovalWords = removalWords }
            // (A question asked by its answer, "Which one?" then "only this one or the
            // series?", is still the request's.)
            if pending != nil, askedBy == nil { askedBy = asker }
        } else if text.isEmpty {
            return Reply(intent: .help, ok: true, message: "")
        } else if let listed = contactsListed, let contact = Self.pickedFromList(text, listed.contacts) {
            // "the first one", "the chen one" just after two Marias were listed: that one.
            reply = shown(contact, listed.field)
        } else if let listed = contactsListed, let asked = Choice.place(in: text, count: 9), asked > listed.contacts.count {
            // "the third one" after two: said, and the list kept for the next try.
            contactsOnScreen = listed
            reply = Reply(intent: .contactLookup, ok: false, message: Renderer.onlyContactsListed(listed.contacts.count, asked: asked))
        } else if let said = Session.quickAddText(text) {
            reply = offerQuickAdd(said)
        } else {
            lastLine = text
            // "call bob when i land": the next flight's landing said as its day and time.
            // (Only for an event to make or change: "what time will it be when i land" is a
            // question of its own.)
            let rewritten = afterFlight(text)
            let landed = rewritten.flatMap { said -> String? in
                switch understand(said).intent {
                case .createEvent, .updateEvent: said
                default: nil
                }
            }
            let noFlight = rewritten == nil && Self.saysLanding(text)
            let text = landed ?? dayAfterShownEvent(text) ?? Self.cancelAndRebook(text) ?? Self.cannotMakeItMove(text) ?? text
            // (Said once: any other request comes between a new event and "and lena too".)
            let made = createdLine
            createdLine = nil
            var understood = understand(text)
            // "i need to call the bank", "i have to pick up the kids": a thing to do, not
            // understood alone; read as "remind me to …" is (its card asks when).
            if case .outOfScope(let said) = understood.intent, said.topic == nil, let task = Self.thingToDo(text),
               case let asTask = understand("remind me to " + task), case .createEvent(let request) = asTask.intent, !request.title.isEmpty {
                understood = asTask
            }
            // "send me tom's details", "email me tomorrow's agenda": sent to the speaker, shown here.
            let shownForSending = Self.sentToSelf(text).map { understand($0) }.flatMap { Self.showsWhatIsSent($0) ? $0 : nil }
            let sentToSelf = shownForSending != nil
            if let shownForSending { understood = shownForSending }
            let asFile = fileOnScreen.flatMap { aboutFile($0, text, understood) }
            if let asFile { understood = asFile }
            if asFile == nil, let person = lastPerson, let named = aboutPerson(person, text) { understood = named }
            if case .contactLookup(let query) = understood.intent, !query.name.isEmpty, !query.isRelation,
               !Router.thirdPersonPronouns.contains(query.name.lowercased()) { lastPerson = query.name }
            // "add maria" just after an event was shown: a person added to it, in any case (a
            // name not capitalised, of no contact, read alone as a new event's title); "add a
            // note: …", "notes: …": words for its notes.
            // (A file shown or changed since is what such a line is about: "add oat milk,
            // napkins" just after "make a to-order list".)
            // ("oh and add a reminder 2 hours before": the words that only lead in left out.)
            let saidEdit = Self.withoutLeadIn(text)
            if asFile == nil, lastShown != nil, let first = saidEdit.split(separator: " ").first, Self.editsOnScreen.contains(first.lowercased().filter { $0 != ":" }),
               Self.mayEditOnScreen(understood.intent) || saidEdit != text && Self.mayEditOnScreen(understand(saidEdit).intent) {
                let asEdit = understand(saidEdit, eventOnScreen: true)
                if case .updateEvent(_, let changes) = asEdit.intent, mayBePeople(changes.addAttendees) { understood = asEdit }
            }
            // "can you add that its at the salon on king street", "it's in room 4" just after
            // an event was shown: its place.
            if asFile == nil, let shown = lastShown, let place = Self.placeOfIt(text, title: shown.title),
               case let asEdit = understand(place, eventOnScreen: true), case .updateEvent(_, let changes) = asEdit.intent, changes.location != nil {
                understood = asEdit
            }
            if noFlight {
                reply = Reply(intent: .createEvent, ok: false, message: Renderer.noFlightToLand)
            } else if asFile != nil {
                lastQuery = nil
                reply = handle(understood)
            } else if Self.mayAnswerNothing(understood.intent), text.contains(where: { $0.isLetter || $0.isNumber }),
                      let answer = YesNo.read(text, empty: false, rule: .terminal), Self.answersNothing(understood.intent, yes: answer) {
                // (". . . ." or "-" alone says nothing, not "no": it is answered as a line of no words.)
                // "never mind", "cancel", "ok" with no question open: nothing to answer.
                // ("ok thanks", "great, thank you": thanks, answered as such.)
                // ("cool", "great", "awesome" alone: an acknowledgement the router reads as thanks.)
                var acknowledged = false
                if case .outOfScope(let said) = understood.intent, said.topic == .thanks { acknowledged = true }
                let thanked = answer && (acknowledged || Spelling.fold(text).split(whereSeparator: { !$0.isLetter }).contains { $0 == "thanks" || $0 == "thank" })
                reply = Reply(intent: .help, ok: true, message: thanked ? Renderer.welcome : answer ? Renderer.noQuestionOpen : Renderer.nothingToCancel)
            } else if let event = lastShown, Self.asksTimeHere(text) {
                // "what time is that for me" just after a time said in another place's: the
                // event's time in the person's own zone.
                reply = Reply(intent: .queryAgenda, ok: true, message: Renderer.timeHere(event, text: DateText(zone: context.zone)),
                              fields: [("events", .array([eventJSON(event, calendarNames())]))])
            } else if let words = removalWords, let when = Self.anotherDate(understood), when.end.timeIntervalSince(when.start) <= 86_400,
                      let found = try? searchEvents(words: words, attendee: nil, from: when.start, to: when.end, calendarIDs: nil), !found.isEmpty {
                // "what about new year's eve" after "no piano on christmas eve": that day's too
                // (asked first), when it has one; else the day is shown, as is a longer span
                // ("what about next week" asks what is on).
                reply = deleteEvent(EventReference(words: words, when: when))
            } else if let last = lastQuery, let when = Self.anotherDate(understood) {
                reply = queryAgenda(Self.asked(last, again: when, saidRange: Self.rangeAsked(understood), zone: context.zone))
            } else if let last = lastQuery, last.when != nil, let when = Self.correctionAlone(understood) {
                // "no i meant the 15th" after "what's on the 14th": the question asked again.
                reply = queryAgenda(Self.asked(last, again: when, zone: context.zone))
            } else if let last = lastQuery, last.attendee != nil, let person = Self.correctionPerson(understood) {
                // "not bob, carla" after "meetings with bob this week": the question asked of Carla.
                var asked = last
                asked.attendee = person
                reply = queryAgenda(asked)
            } else if personOnScreen, let query = lastContactQuery, let person = Self.correctionPerson(understood) {
                // "no i meant carla" after "whats bobs number": Carla's.
                var asked = query
                asked.name = person
                lastPerson = person
                reply = handle(Understanding(text: text, intent: .contactLookup(asked), rule: "corrected-person"))
            } else if let last = lastQuery, let rest = Self.sameFor(text), case let asked = understand("what about " + rest),
                      let when = Self.anotherDate(asked) {
                // "same for wednesday" after "what do i have on monday": the question asked again.
                reply = queryAgenda(Self.asked(last, again: when, saidRange: Self.rangeAsked(asked), zone: context.zone))
            } else if let days = Self.dayAfterOrBefore(text) {
                // "and the day after?", "what about the next day", "the day before?".
                reply = dayAfterOrBefore(days)
            } else if let listing = lastListing, listing.count > 1,
                      Self.showsIt.contains(text.lowercased().trimmingSpacesAndPunctuation()) || Self.asksAboutIt(text) {
                // "show it", "where is it" after a listing of several: which one, then that one whole.
                reply = findEvent(EventReference(isLastShown: true), intent: .queryAgenda) { [unowned self] event in
                    let calendar = try? context.calendars.calendars().first(where: { $0.id == event.calendarID })
                    lastShown = event
                    return Reply(intent: .queryAgenda, ok: true, message: calendar.map { details(of: event, on: $0) } ?? event.title,
                                 fields: [("events", .array([eventJSON(event, calendarNames())]))])
                }
            } else if lastShown != nil, lastListing == nil || lastListing?.count == 1, text.lowercased().hasPrefix("at "),
                      case .createEvent(let request) = understood.intent, request.title.isEmpty,
                      let when = Self.dateAlone(understood), when.known.contains(.time), !when.known.contains(.date) {
                // "at 9pm" just after an event was shown: that event at that time the same day, asked first.
                reply = updateEvent(EventReference(isLastShown: true), EventChanges(when: when))
            } else if Self.asksWhatWasMissed(text), understood.dates.isEmpty {
                // "back from holiday, what did i miss": the week gone by, up to now.
                let now = context.now.now()
                reply = queryAgenda(AgendaQuery(range: DateInterval(start: now - TimeInterval(AgendaDefaults.upcomingDays * 86_400), end: now)))
            } else if let asked = Self.asksChangesMade(text), understood.intent.name != .fileList || changes.contains(where: \.isDeletion) {
                // "what did I cancel", "what have I changed so far": the session's changes.
                // ("what did I delete" with nothing deleted yet lists the files' trash, which
                // outlives the session.)
                reply = lastChange(asked: asked)
            } else if let event = lastShown, Self.sameAgainAlone(text) {
                // "another one" just after the dentist was made: the dentist again, when?
                reply = sameAgainAskingWhen(event)
            } else if Self.asksLastChange(text) {
                // "wait, what did I just add?": the last change, and how to undo it.
                if case .createdEvent(let event)? = changes.last { lastShown = event }
                reply = lastChange()
            } else if lastShown == nil, lastListing == nil, Self.showsIt.contains(text.lowercased().trimmingSpacesAndPunctuation()) {
                // "show it" with nothing shown yet: which event, and how to name one.
                reply = Reply(intent: .queryAgenda, ok: false, message: Renderer.noLastEvent)
            } else if let event = lastShown, lastListing == nil, Self.asksLengthOfIt(text) {
                // "how long is it": the length of the event just shown, in a line.
                reply = Reply(intent: .queryAgenda, ok: true, message: Renderer.aspect(.length, of: event, text: DateText(zone: context.zone), now: context.now.now()),
                              fields: [("events", .array([eventJSON(event, calendarNames())]))])
            } else if let event = lastShown, Self.asksAboutIt(text),
                      let calendar = try? context.calendars.calendars().first(where: { $0.id == event.calendarID }) {
                // "where is it?", "who's coming?": the event just shown, whole.
                reply = Reply(intent: .queryAgenda, ok: true, message: details(of: event, on: calendar),
                              fields: [("events", .array([eventJSON(event, calendarNames())]))])
            } else if let found = whoByDetail(text, understood) {
                // "who's our bread supplier", "whos in flat 3": a contact by their details.
                lastQuery = nil
                reply = found
            } else if let covered = shiftCover(text) {
                // "maria cant do sunday this week, joao will cover": what clerk can do of it.
                lastQuery = nil
                reply = covered
            } else if let slot = slotShown, case .createEvent(var request) = understood.intent, request.when == nil, Self.refersToSlot(text) {
                // "find me an hour on monday", then "book it for a 1:1 with carla": the first
                // free slot found, asked first as any new event is.
                lastQuery = nil
                request.when = DateMatch(range: text.startIndex..<text.startIndex, rule: "free-slot", start: slot.start, end: slot.end, grain: .minute,
                                         isAllDay: false, known: [.date, .time, .end])
                reply = createEvent(request, said: text)
            } else if let made, let again = sameAgain(text, after: made) ?? sameOnAnotherDay(text, after: made) {
                // "and lena thursdays at 9:30", "And Oliver's too": the event just made, for
                // them; "same for friday": on that day.
                lastQuery = nil
                let understoodAgain = understand(again)
                if case .createEvent = understoodAgain.intent { createdLine = again }
                let carried = Self.carried(cardChanges)
                cardChanges = []
                var made = handle(understoodAgain)
                if !made.ok { createdLine = nil }
                if let carried, case .card(let card)? = pending {
                    pending = nil
                    made = edit(card, carried)
                }
                reply = made
            } else {
                lastQuery = nil
                if case .createEvent = understood.intent { createdLine = text }
                cardChanges = []
                var answered = handle(understood)
                if sentToSelf, answered.ok { answered.message = Renderer.cannotSendShownHere + "\n" + answered.message }
                reply = answered
                // (A line refused made nothing to say again: "same for friday" after a refused
                // "same for 30 feb" made an event "Same for 30".)
                if !reply.ok { createdLine = nil }
            }
        }
        noteFileOnScreen(reply)
        return withNotices(reply, answering: answering)
    }

    /// Keeps `fileOnScreen` up to date after `reply`: the file it showed or changed, or
    /// none once events are what was talked about.
    func noteFileOnScreen(_ reply: Reply) {
        if let (_, value) = reply.fields.first(where: { $0.0 == "file" }), case .object(let members) = value,
           let (_, name) = members.first(where: { $0.0 == "name" }), case .string(let file) = name {
            fileOnScreen = file
        } else if [.createEvent, .queryAgenda, .updateEvent, .deleteEvent, .contactLookup].contains(reply.intent) {
            fileOnScreen = nil
        }
        personOnScreen = reply.intent == .contactLookup && lastPerson != nil

    }

    /// "call her", "what's his email", "lunch with her tomorrow" just after a person was
    /// looked up: the line read again with that person's name for the pronoun; nil when the
    /// line has none, or then reads as nothing about a person.
    func aboutPerson(_ person: String, _ text: String) -> Understanding? {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let fields: Set<String> = ["number", "phone", "email", "e-mail", "address", "birthday", "mobile", "cell", "company", "job", "nickname", "details", "contact",
                                  "work", "home", "office", "landline"]
        var changed = false
        var out: [String] = []
        for (i, word) in words.enumerated() {
            let bare = word.lowercased().filter(\.isLetter)
            let tail = String(word.drop(while: \.isLetter))
            let next = i + 1 < words.count ? words[i + 1].lowercased().filter { $0.isLetter || $0 == "-" } : ""
            if bare == "his" || bare == "her" && fields.contains(next) {
                out.append(person + "'s" + tail); changed = true
            } else if bare == "him" || bare == "her" {
                out.append(person + tail); changed = true
            } else {
                out.append(word)
            }
        }
        guard changed else { return nil }
        let reading = understand(out.joined(separator: " "))
        switch reading.intent {
        case .contactLookup: return reading
        case .createEvent(let request) where !request.attendees.isEmpty: return reading
        case .updateEvent(_, let changes) where !changes.addAttendees.isEmpty || !changes.removeAttendees.isEmpty: return reading
        default: return nil
        }
    }

    /// A line about the file on screen said without its name: "add eggs, milk and bread to
    /// it", "show it", "clear the list", "add eggs and bread" (no list named), "delete the
    /// last line", "cross off milk". The line is read again with the file named, and taken
    /// when it then reads as a change or a look at a file; nil when it does not, or names a
    /// day, a file or a person of its own.
    func aboutFile(_ file: String, _ text: String, _ understood: Understanding) -> Understanding? {
        // "also middlemarch", "and oat milk too", "also maria" (a name, but said as one more
        // item): added to the list, when the line reads as nothing else.
        let said = text.trimmingSpacesAndPunctuation()
        if let item = Self.alsoItem(said) {
            let lower = said.lowercased()
            let saysAlso = lower.hasPrefix("also ") || lower.hasPrefix("plus ") || lower.hasSuffix(" too") || lower.hasSuffix(" as well")
            var added = false
            switch understood.intent {
            case .outOfScope(let topic): added = topic.topic == nil
            case .contactLookup: added = saysAlso
            default: break
            }
            if added {
                let reading = understand("add " + item + " to " + file)
                if case .fileWrite(let write) = reading.intent, Spelling.fold(write.name) == Spelling.fold(file) { return reading }
            }
        }
        switch understood.intent {
        case .fileRead, .fileLines, .fileSearch, .fileList, .fileDelete, .contactLookup, .calendars, .createCalendar, .undo, .help:
            return nil
        // "add eggs to groceries" names its list; "tick off eggs" with none looks in every list.
        case .fileWrite: return nil
        // ("add INV-042 globex 800 due jan 5" just after the invoices were shown: an item with
        // its day, for the list; a time of day, a repeat or a person makes it an event.)
        case .createEvent(let request) where request.when != nil:
            guard let when = request.when, !when.known.contains(.time), when.recurrence == nil, request.recurrence == nil, request.attendees.isEmpty,
                  let verb = text.split(separator: " ").first?.lowercased(), ["add", "append"].contains(verb) else { return nil }
        case .queryAgenda(let query) where query.when != nil: return nil
        // ("show my notes from the design review": that event's notes, not the file's.)
        case .queryAgenda(let query) where query.asks == .notes: return nil
        default: break
        }
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        // Each line to try, and whether it named the file with "it" or "the list".
        var candidates: [(line: String, saysIt: Bool)] = []
        // "it", "this", "that", "the list", "my list": the file.
        for (i, word) in words.enumerated() {
            let bare = word.lowercased().filter(\.isLetter)
            if ["it", "this", "that"].contains(bare), i > 0 {
                var named = words
                named[i] = file + String(word.drop(while: \.isLetter))
                candidates.append((named.joined(separator: " "), true))
            } else if bare == "list" || bare == "notes" || bare == "file", i > 0, ["the", "my", "this", "that"].contains(words[i - 1].lowercased()) {
                var named = words
                named[i - 1] = ""
                named[i] = file + String(word.drop(while: \.isLetter))
                candidates.append((named.filter { !$0.isEmpty }.joined(separator: " "), true))
            }
        }
        // No file said: where it goes by the verb.
        if candidates.isEmpty, let verb = words.first?.lowercased() {
            while let last = words.last, last.isEmpty { words.removeLast() }
            let line = Self.droppingItemLead(words.joined(separator: " ").trimmingSpacesAndPunctuation())
            let lines = text.lowercased().split(whereSeparator: { !$0.isLetter }).contains { ["line", "lines", "item", "items"].contains($0) }
            if ["add", "append", "put", "insert", "write"].contains(verb) {
                candidates.append((line + " to " + file, false))
            } else if verb == "remove", !lines {
                // ("remove raj": the item out of the list on screen.)
                candidates.append((line + " from " + file, false))
            } else if lines {
                candidates.append((line + " of " + file, false))
            }
        }
        for (candidate, saysIt) in candidates {
            let reading = understand(candidate)
            // A line with no file said is taken only as a change of the file or its lines.
            if !saysIt, reading.intent.name != .fileWrite {
                if case .fileLines = reading.intent {} else { continue }
            }
            switch reading.intent {
            case .fileRead(let name) where Spelling.fold(name) == Spelling.fold(file): return reading
            case .fileDelete(let name) where Spelling.fold(name) == Spelling.fold(file): return reading
            case .fileLines(let name, _) where Spelling.fold(name) == Spelling.fold(file): return reading
            case .fileWrite(let write) where Spelling.fold(write.name) == Spelling.fold(file): return reading
            default: continue
            }
        }
        return nil
    }

    /// "add another one: podcast about old maps", "add one more: eggs", "add this: call Ana":
    /// the verb and what comes after the colon, when the words before it only say that an
    /// item follows ("add milk: 2 bottles" keeps its colon).
    static func droppingItemLead(_ line: String) -> String {
        guard let colon = line.firstIndex(of: ":") else { return line }
        let lead = line[..<colon].split(separator: " ").map { $0.lowercased() }
        let rest = String(line[line.index(after: colon)...]).trimmingSpacesAndPunctuation()
        guard lead.count >= 2, !rest.isEmpty,
              lead.dropFirst().allSatisfy({ ["another", "one", "more", "item", "thing", "line", "entry", "a", "new", "this", "the", "following"].contains($0) })
        else { return line }
        return lead[0] + " " + rest
    }

    /// The item of "also middlemarch", "and oat milk too", "plus napkins as well": the words
    /// between "also" (or "plus", "and") and "too" (or "as well"), one of them said; nil
    /// when neither is.
    static func alsoItem(_ line: String) -> String? {
        var words = line.split(separator: " ").map(String.init)
        var said = false
        while let first = words.first?.lowercased(), ["also", "plus", "and"].contains(first) { words.removeFirst(); said = true }
        if words.last?.lowercased() == "too" || words.last?.lowercased() == "also" { words.removeLast(); said = true }
        if words.count > 2, words.suffix(2).map({ $0.lowercased() }) == ["as", "well"] { words.removeLast(2); said = true }
        return said && !words.isEmpty ? words.joined(separator: " ") : nil
    }

    /// False when `answersNothing` is false whatever the yes or no: most lines, which are then
    /// not read as one (the first reading cost a one-shot 0.3 M instructions).
    static func mayAnswerNothing(_ intent: Intent) -> Bool {
        switch intent {
        case .outOfScope, .deleteEvent: true
        default: false
        }
    }

    /// A yes or no said with no question open answers nothing, unless it is also a request
    /// ("delete it": the event shown; "cancel" alone names none).
    static func answersNothing(_ intent: Intent, yes: Bool) -> Bool {
        switch intent {
        case .outOfScope: true
        case .deleteEvent(let reference): !yes && !reference.isLastShown && reference.words == nil && reference.when == nil
            && reference.attendee == nil && reference.calendar == nil && reference.positions.isEmpty
        default: false
        }
    }

    /// A new event's request that is a name and nothing else: no day, time, people, place,
    /// calendar, length, reminder or repeat, in at most three words.
    static func namesOnly(_ request: EventRequest) -> Bool {
        request.when == nil && request.attendees.isEmpty && request.location == nil && request.calendar == nil
            && request.reminderMinutes.isEmpty && request.durationMinutes == nil && request.recurrence == nil && !request.isBlock
            && !request.title.isEmpty && request.title.split(separator: " ").count <= 3
    }

    /// True when a line names a reminder ("set a reminder", "send me a reminder").
    static func saysReminder(_ text: String) -> Bool {
        text.lowercased().split(whereSeparator: { !$0.isLetter }).contains { $0 == "reminder" || $0 == "reminders" }
    }

    /// True for "what did I just add?", "wait what did you just do", "what was the last thing
    /// I added": the last change asked about, in more words than the fixed commands know (not
    /// "what did I do last week", an agenda).
    static func asksLastChange(_ text: String) -> Bool {
        let words = Spelling.fold(text).split(whereSeparator: { !$0.isLetter }).map(String.init)
        guard words.contains("what") else { return false }
        // ("just back from holiday, what did i miss": "just" said of the holiday, not the change.)
        let justDone = zip(words, words.dropFirst()).contains { ($0 == "i" || $0 == "you") && $1 == "just" }
        let asksJust = justDone && (words.contains("did") || words.contains("have"))
        let asksLast = words.contains("last") && (words.contains("thing") || words.contains("change"))
            && (words.contains("i") || words.contains("you") || words.contains("my"))
        return (asksJust || asksLast) && words.count <= 10
    }

    /// What a question of the session's changes asks, when it asks more than the last one:
    /// "what did I cancel", "which events have I deleted", "what did you remove" (the
    /// deletions); "what have I changed", "what have I done so far", "show my changes" (every
    /// change). Nil for anything else; a day said ("what did I cancel yesterday") is a
    /// question of the agenda, as the session keeps only its own changes.
    static func asksChangesMade(_ text: String) -> ChangesAsked? {
        var words = Spelling.fold(text).split(whereSeparator: { !$0.isLetter }).map(String.init)
        // ("… so far", "… in this session", "… till now": the session's changes anyway.)
        for tail in [["so", "far"], ["in", "this", "session"], ["till", "now"], ["until", "now"], ["up", "to", "now"]] where words.count > tail.count && Array(words.suffix(tail.count)) == tail {
            words.removeLast(tail.count)
        }
        // ("what did I cancel today": this session's are what clerk knows; it says so.)
        if let last = words.last, ["today", "yesterday", "earlier", "recently", "lately"].contains(last) { words.removeLast() }
        if words.first == "please" { words.removeFirst() }
        if words.last == "please" { words.removeLast() }
        guard (2...7).contains(words.count) else { return nil }
        if ["show my changes", "list my changes", "my changes", "show the changes", "list the changes", "show changes",
            "list changes", "what changes have i made", "what changes did i make", "what changes have you made"].contains(words.joined(separator: " ")) {
            return .all
        }
        // (what | which [events]) (did | have) (i | you | we) [just] VERB
        guard words[0] == "what" || words[0] == "which" else { return nil }
        var i = 1
        if words[0] == "which", ["events", "event", "meetings", "meeting", "appointments", "appointment", "things", "thing", "ones", "one"].contains(words[1]) { i = 2 }
        guard i + 2 < words.count, ["did", "have", "ve"].contains(words[i]), ["i", "you", "we"].contains(words[i + 1]) else { return nil }
        let verbAt = words[i + 2] == "just" ? i + 3 : i + 2
        guard verbAt == words.count - 1 else { return nil }
        let verb = words[verbAt]
        if ["cancel", "cancelled", "canceled", "delete", "deleted", "remove", "removed", "trash", "trashed", "bin", "binned"].contains(verb) {
            return .deletions
        }
        // ("what did I change" is the last change; "what have I changed" all of them.)
        if words[i] != "did", ["changed", "done", "edited", "made"].contains(verb) { return .all }
        return nil
    }

    /// True for "what did i miss", "what have i missed", "did i miss anything", "anything i
    /// missed": the events gone by asked about, with no event named.
    static func asksWhatWasMissed(_ text: String) -> Bool {
        let words = Spelling.fold(text).split(whereSeparator: { !$0.isLetter }).map(String.init)
        guard let at = words.firstIndex(where: { $0 == "miss" || $0 == "missed" }), at >= 1 else { return false }
        let after = words[(at + 1)...]
        let asked = words[at - 1] == "i" || words[at - 1] == "we" || at >= 2 && ["i", "we"].contains(words[at - 2])
        return asked && (after.isEmpty || after.allSatisfy { ["anything", "something", "much", "then", "while", "away", "lately", "recently"].contains($0) })
            && (words.contains("what") || after.first == "anything" || words.first == "anything")
    }

    /// Of the edits said on a new event's card, those the same event for another person
    /// keeps: its length, calendar, place, reminders and notes (its day and time are the
    /// follow-up's own). Nil when there are none.
    static func carried(_ edits: [EventChanges]) -> EventChanges? {
        var kept = EventChanges()
        for edit in edits {
            if let minutes = edit.durationMinutes { kept.durationMinutes = minutes }
            if let when = edit.when, !when.known.contains(.date), !when.known.contains(.time), when.known.contains(.duration) { kept.when = when }
            if let calendar = edit.calendar { kept.calendar = calendar }
            if let location = edit.location { kept.location = location }
            if let minutes = edit.reminderMinutes { kept.reminderMinutes = minutes }
            if let notes = edit.notes { kept.notes = notes; kept.addsNote = edit.addsNote }
        }
        return kept == EventChanges() ? nil : kept
    }

    /// `text` without the words that only lead into it ("oh and add a note", "also, set a
    /// reminder", "ok so add location zoom"); `text` itself when it has none.
    static func withoutLeadIn(_ text: String) -> String {
        var words = text.split(separator: " ")
        let leads: Set<String> = ["oh", "and", "also", "ok", "okay", "so", "actually", "um", "umm", "plus", "right"]
        var dropped = false
        while words.count > 1, leads.contains(words[0].lowercased().filter { $0 != "," }) { words.removeFirst(); dropped = true }
        return dropped ? words.joined(separator: " ") : text
    }

    /// "at the salon" of "can you add that its at the salon", "it's at the salon", "note that
    /// it is in room 4", and with the event's title, "the doctor is at the health centre"
    /// ("the doctor's at …"); nil for any other line.
    static func placeOfIt(_ text: String, title: String) -> String? {
        var words = text.split(separator: " ").map(String.init)
        func drop(_ lead: [String]) -> Bool {
            guard words.count > lead.count, zip(words, lead).allSatisfy({ Spelling.fold($0).lowercased() == $1 }) else { return false }
            words.removeFirst(lead.count)
            return true
        }
        _ = drop(["can", "you"]) || drop(["could", "you"]) || drop(["please"])
        _ = drop(["add", "that"]) || drop(["note", "that"]) || drop(["put", "that"]) || drop(["say", "that"]) || drop(["and"])
        // "the doctor is", "my review's": the event by words of its title.
        func dropNamed() -> Bool {
            guard words.count > 2, ["the", "my", "our"].contains(words[0].lowercased()) else { return false }
            let titleWords = Set(Spelling.fold(title).split(whereSeparator: { !$0.isLetter && !$0.isNumber }))
            for end in 2..<min(words.count, 5) {
                var subject = words[1..<end].map { Spelling.fold($0) }
                let after: Int
                if words[end].lowercased() == "is" {
                    after = end + 1
                } else if words[end].lowercased() == "will", end + 1 < words.count, words[end + 1].lowercased() == "be" {
                    after = end + 2
                } else if let last = subject.last, last.hasSuffix("'s") {
                    subject[subject.count - 1] = String(last.dropLast(2))
                    after = end
                } else {
                    continue
                }
                guard subject.allSatisfy({ titleWords.contains(Substring($0)) }) else { return false }
                words.removeFirst(after)
                return true
            }
            return false
        }
        guard drop(["it's"]) || drop(["its"]) || drop(["it", "is"]) || drop(["it", "will", "be"]) || drop(["it'll", "be"]) || dropNamed(),
              let first = words.first, ["at", "in"].contains(first.lowercased()), words.count >= 2 else { return nil }
        return words.joined(separator: " ")
    }

    /// True for "what time is that for me", "what's that in my time", "and when is that
    /// here": the event just shown, in the person's own time ("what time is it here" asks
    /// the clock).
    static func asksTimeHere(_ text: String) -> Bool {
        var words = Spelling.fold(text).split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
        if words.first == "and" || words.first == "so" { words.removeFirst() }
        let said = words.joined(separator: " ")
        let asks = ["what time is that", "what time's that", "whats that", "what's that", "what is that", "when is that", "when's that", "whens that"]
        let here = ["for me", "here", "in my time", "my time", "local time", "in local time", "for us", "in my time zone", "in my timezone", "where i am"]
        return asks.contains { ask in here.contains { said == ask + " " + $0 } }
    }

    /// What "send me tom's details", "text me marias number", "email me tomorrow's agenda"
    /// ask for, without the sending; nil for any other line.
    static func sentToSelf(_ text: String) -> String? {
        let words = text.split(separator: " ")
        guard words.count >= 3, ["send", "text", "email", "mail", "message", "forward", "txt"].contains(words[0].lowercased()),
              words[1].lowercased() == "me" else { return nil }
        return words.dropFirst(2).joined(separator: " ")
    }

    /// True when what is asked to be sent reads as something clerk shows: a contact named, a
    /// file, or an agenda by its day ("send me the address" names none of them).
    static func showsWhatIsSent(_ asked: Understanding) -> Bool {
        switch asked.intent {
        case .queryAgenda(let query): query.when != nil
        case .contactLookup(let query): !query.name.isEmpty
        case .fileRead: true
        default: false
        }
    }

    /// The task of "i need to call the bank", "i have to pick up the kids", "we gotta pack",
    /// "need to invoice marcus" (the speaker left out): the words after the need; nil for any
    /// other line.
    static func thingToDo(_ text: String) -> String? {
        var words = text.split(separator: " ")
        if let first = words.first, ["i", "we"].contains(Spelling.fold(String(first)).lowercased()) { words.removeFirst() }
        guard words.count >= 2 else { return nil }
        guard let need = words.first.map({ Spelling.fold(String($0)).lowercased() }), ["need", "have", "must", "gotta", "got", "should", "hafta", "needa"].contains(need)
        else { return nil }
        words.removeFirst()
        if let to = words.first, to.lowercased() == "to" { words.removeFirst() } else if ["need", "have", "got"].contains(need) { return nil }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// True when `text` books something into the slot just found: a verb of putting in, and
    /// a word for the slot ("book it for a call with ana", "schedule the review then", "put
    /// lunch with bob there", "take the first one").
    static func refersToSlot(_ text: String) -> Bool {
        let words = Set(Spelling.fold(text).split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init))
        return !words.isDisjoint(with: ["book", "schedule", "put", "add", "make", "set", "grab", "take", "block", "reserve", "pencil"])
            && !words.isDisjoint(with: ["it", "that", "then", "there", "first", "slot", "one"])
    }

    /// First words of a line that may edit the event just shown.
    static let editsOnScreen: Set<String> = ["add", "invite", "note", "notes", "description", "at", "@", "in", "set", "location", "venue", "place"]

    /// People a line adds to the event on screen that may be people: contacts, or at most two
    /// others, each a name of a word or two with no digits — not "oat milk, napkins, 2kg
    /// sugar" or "eggs, milk and bread", a list's items.
    func mayBePeople(_ people: [Attendee]) -> Bool {
        let strangers = people.compactMap(\.name).filter { name in ((try? guestContacts(name)) ?? []).isEmpty }
        return strangers.count <= 2 && strangers.allSatisfy { $0.split(separator: " ").count <= 2 && !$0.contains { $0.isNumber } }
    }

    /// A reading that a line about the event just shown may have been given instead: a new
    /// event with no date, or nothing clerk does.
    static func mayEditOnScreen(_ intent: Intent) -> Bool {
        switch intent {
        case .createEvent(let request): request.when == nil
        case .outOfScope: true
        // "note: bring the contract" just after an event: its notes, not the notes file.
        case .fileWrite(let write): if case .append = write.operation { true } else { false }
        default: false
        }
    }

    /// `line` without white space at either end. A line that begins and ends with a visible
    /// ASCII character is returned as it is, without Foundation's `CharacterSet` (most of a
    /// millisecond the first time).
    static func trimmed(_ line: String) -> String {
        let visible: ClosedRange<UInt8> = 0x21...0x7E
        if let first = line.utf8.first, let last = line.utf8.last, visible.contains(first), visible.contains(last) { return line }
        return line.trimmingWhitespace()
    }

    /// The reply with what the account has to say after it (offline, changes waiting).
    /// How the account stood (offline, behind) is said once for a question and its answer:
    /// "(offline — as of 09:00)" under the card, not again under "Moved 'Dentist' to Work."
    func withNotices(_ reply: Reply, answering: Bool = false) -> Reply {
        guard var notices = context.account?.takeNotices(), !notices.isEmpty else {
            standingShown = []
            return reply
        }
        let standing = notices.filter(\.isStanding)
        if answering { notices.removeAll { $0.isStanding && standingShown.contains($0) } }
        standingShown = pending != nil ? standing : []
        guard !notices.isEmpty else { return reply }
        var noted = reply
        let now = context.now.now()
        let lines = notices.map { Renderer.notice($0, zone: context.zone, now: now) }
        noted.message += (noted.message.isEmpty ? "" : "\n") + lines.joined(separator: "\n")
        noted.fields.append(("notices", .array(lines.map(JSONValue.string))))
        return noted
    }

    /// Answers the open question as `--yes` does: yes to a yes-or-no question and to the
    /// new-event card. A numbered choice ("Which Ana?") or a question that wants words has no
    /// yes: it is closed with nothing changed, and the failed reply names it with its choices,
    /// so a script learns what to say instead of being asked forever. Nil when none is open.
    public func answerYes() -> Reply? {
        guard let question = pending else { return nil }
        switch question {
        case .confirm, .card:
            return respond(to: "yes")
        case .choose(let choice):
            pending = nil
            return Reply(intent: choice.intent, ok: false, message: Renderer.yesCannotAnswer(choice.question))
        case .text(let asked):
            pending = nil
            return Reply(intent: asked.intent, ok: false, message: Renderer.yesCannotAnswer(asked.question))
        }
    }

    /// Closes an open question without an answer (input ended, or Ctrl-C); nothing changes.
    public func abandonQuestion(interrupted: Bool) -> Reply? {
        guard let question = pending else { return nil }
        pending = nil
        return Reply(intent: question.intent, ok: false, message: interrupted ? Renderer.questionAbandoned : Renderer.questionUnanswered)
    }

    /// Reads a line with the names the backend knows as context; `eventOnScreen` when the
    /// line may change an event being shown (the new-event card).
    /// `people`: names besides the contacts' that the line may name as people (the guests of
    /// the card on screen).
    func understand(_ text: String, eventOnScreen: Bool = false, people: [String] = []) -> Understanding {
        var known = knownNames()
        let more = people.filter { !known.contacts.contains($0) }
        if !more.isEmpty { known.contacts += more }
        return router.understand(text, at: context.reference, known: known, eventOnScreen: eventOnScreen)
    }

    /// Records a change for "undo".
    func record(_ change: Change) {
        changes.append(change)
    }

    /// The reminder a new event or a change asks for that is earlier than any calendar keeps
    /// (`Event.latestReminderMinutes`): "remind me 5 weeks before" was shown on the card,
    /// kept by the local store, and refused by Google after the yes ("Google refused that
    /// (400 invalid)").
    static func reminderTooEarly(_ intent: Intent) -> Int? {
        let minutes: [Int]
        switch intent {
        case .createEvent(let request): minutes = request.reminderMinutes
        case .updateEvent(_, let changes): minutes = changes.reminderMinutes ?? []
        default: minutes = []
        }
        return minutes.first { $0 > Event.latestReminderMinutes }
    }

    /// What is wrong with a number in a line about events that the date reader reads none of
    /// (so its words would become a title or a search): a clock no clock shows ("25:00"), a
    /// repeat every 0 days, a week the year does not have. Nil when there is none.
    func impossibleNumber(in text: String) -> String? {
        if let clock = ImpossibleClock.find(in: text) { return Renderer.noSuchClock(clock) }
        if let said = ImpossibleRepeat.find(in: text) { return Renderer.noSuchRepeat(said) }
        if let said = ImpossibleMonthDay.find(in: text) { return Renderer.noSuchMonthDay(said) }
        if let said = ImpossibleMonthDay.findDay(in: text) { return Renderer.noSuchMonthDay(said, repeating: false) }
        if let week = ImpossibleWeek.find(in: text, at: context.reference) { return Renderer.noSuchWeek(week) }
        return nil
    }

    /// Sends an understood line to its handler; a line with an amount of time beyond what
    /// clerk takes is refused first, whatever it asks.
    func handle(_ understanding: Understanding) -> Reply {
        handling = understanding.intent
        defer {
            handling = nil
            if pending != nil { askedBy = understanding.intent }
        }
        if let said = understanding.amountOutOfRange {
            return Reply(intent: understanding.intent.name, ok: false, message: Renderer.amountTooLong(said))
        }
        if let day = understanding.noSuchDay {
            return Reply(intent: understanding.intent.name, ok: false, message: Renderer.noSuchDay(day))
        }
        // ("show week 54" is read as no request at all: the week is still said not to exist.)
        if [.createEvent, .queryAgenda, .updateEvent, .deleteEvent, .outOfScope].contains(understanding.intent.name),
           let refusal = impossibleNumber(in: understanding.text) {
            return Reply(intent: understanding.intent.name, ok: false, message: refusal)
        }
        if let minutes = Self.reminderTooEarly(understanding.intent) {
            return Reply(intent: understanding.intent.name, ok: false, message: Renderer.reminderTooEarly(minutes))
        }
        switch understanding.intent {
        case .createEvent(let request):
            // "no swimming next tuesday": a repeating swimming that day skipped then (asked).
            if let skipped = skipSaidAsNo(request) { return skipped }
            // "dentist", "the team lunch" typed alone, with an event of that name to come: that
            // event shown, as "when is the dentist" does, not a new one asked a time for.
            if understanding.rule == "event-statement", Self.namesOnly(request), hasUpcomingEvent(titled: request.title) {
                return queryAgenda(AgendaQuery(words: request.title.lowercased()))
            }
            // "remind me about the dentist" with a dentist to come: how long before it is asked,
            // and the answer is a reminder of that event, not a new one.
            // ("add a reminder for dinner", "set a reminder for the dentist" too.)
            let asksReminder = understanding.rule == "remind" || understanding.rule == "create-verb" && understanding.text.lowercased().contains("reminder")
            if asksReminder, Self.namesOnly(request), hasUpcomingEvent(titled: request.title) {
                return askReminder(of: request.title)
            }
            // "add it to my calendar" with no card open: the event shown is there already; after
            // a listing, so are they; with nothing shown, what to add is asked for.
            if request.when == nil, Self.savesIt(understanding.text) {
                return Reply(intent: .createEvent, ok: true, message: Renderer.alreadyOnCalendar((lastListing?.count ?? 0) > 1 ? nil : lastShown.map(\.title),
                                                                                                  listed: lastListing?.count ?? 0))
            }
            // "remind me tomorrow at 9", "set a reminder for friday at 8": what of is asked, not
            // what to call it.
            if request.title.isEmpty, understanding.rule == "remind" || Self.saysReminder(understanding.text) {
                return createEvent(request, said: understanding.text, titleQuestion: Renderer.askReminderSubject)
            }
            // "make yoga every other week", "set the standup to daily": how an event there
            // repeats, changed (with no such event, a new one as said).
            if let rule = request.when?.recurrence, !rule.contains("BYDAY"), request.when?.known.contains(.time) == false, request.attendees.isEmpty,
               let verb = understanding.text.split(separator: " ").first?.lowercased(), ["make", "set", "change", "turn", "switch"].contains(verb),
               hasUpcomingEvent(titled: request.title) {
                return updateEvent(EventReference(words: request.title), EventChanges(recurrence: rule))
            }
            return createEvent(request, said: understanding.text)
        case .queryAgenda(let query):
            // "when is the dentst": no event of those words, one spelt near them: asked again
            // with its name as the event spells it.
            if let words = query.words, query.when == nil, let line = lastLine, nextEvent(named: words) == nil,
               let suggestion = eventQuestionRespelt(line) {
                return outOfScopeReply(line, OutOfScope(topic: .question, didYouMean: suggestion))
            }
            if understanding.rule == "negated-event", let skip = skipSaidAsNo(query) { return skip }
            return queryAgenda(query)
        case .updateEvent(let reference, let changes): return updateEvent(reference, changes)
        case .deleteEvent(let reference): return deleteEvent(reference)
        case .contactLookup(let query):
            lastContactQuery = query
            return lookUpContact(query)
        case .fileList(let nameContains): return listFiles(nameContains)
        case .fileRead(let name): return readFile(name)
        case .fileLines(let name, let pick): return readLines(name, pick)
        case .fileSearch(let text, let file): return searchFiles(text, in: file)
        case .fileWrite(let write): return writeFile(write)
        case .fileDelete(let name): return deleteFile(name)
        case .fileTrash(let emptying): return listTrash(emptying: emptying)
        case .calendars: return listCalendars()
        case .createCalendar(let name): return createCalendar(name)
        case .deleteCalendar(let name): return deleteCalendar(name)
        case .updateCalendar(let name, let update): return updateCalendar(name, update)
        // (The line itself: one that left an open question has no `lastLine`.)
        case .help: return Reply(intent: .help, ok: true, message: Renderer.help(about: understanding.text))
        case .login: return logIn()
        case .logout: return logOut()
        case .status: return showStatus()
        case .undo: return undo()
        case .lastChange: return lastChange(asked: Self.asksChangesMade(understanding.text) ?? .last)
        case .quit:
            // "Thank you very much, that is all for today": the thanks answered too.
            let thanked = (lastLine ?? "").lowercased().contains("thank")
            return Reply(intent: .help, ok: true, message: thanked ? Renderer.welcomeAndQuitHint : Renderer.quitHint)
        case .outOfScope(let outOfScope): return outOfScopeReply(understanding.text, outOfScope)
        }
    }

    // MARK: Known names

    /// Calendar, contact and file names for the router, read once and refreshed after a
    /// change that adds or removes one.
    func knownNames() -> KnownNames {
        if let knownCache { return knownCache }
        let calendars = (try? context.calendars.calendars().map(\.name)) ?? []
        let contacts = (try? context.contacts.contactNames()) ?? []
        let files = (try? context.files.fileNames()) ?? []
        let names = KnownNames(calendars: calendars, contacts: contacts, files: files)
        knownCache = names
        return names
    }

    /// Forgets the cached names after calendars or files change.
    func namesChanged() {
        knownCache = nil
    }

    // MARK: Completion

    /// Words the REPL offers on Tab for the word being typed at the end of `lineBeforeCursor`:
    /// command words first; file names after a file verb and after "append … to" (with
    /// calendar names too after "add … to"); calendar names after "on"/"in"/"to"; after
    /// "with"/"invite"/"and", contacts' first names, and after a first name the rest of the
    /// names it begins ("lunch with Ana P" → "Pérez").
    public func completions(lineBeforeCursor: String) -> [String] {
        let words = lineBeforeCursor.split(separator: " ", omittingEmptySubsequences: false).map { $0.lowercased() }
        guard words.count > 1 else { return Renderer.commandWords }
        let previous = words[words.count - 2]
        let known = knownNames()
        let head = words[0]
        // "lunch with Ana P": the rest of the names that start with the word before.
        if words.count >= 3, ["with", "invite", "and", "call", "find"].contains(words[words.count - 3]) {
            let first = Spelling.fold(previous)
            let rests = known.contacts.compactMap { name -> String? in
                let parts = name.split(separator: " ")
                guard parts.count > 1, Spelling.fold(String(parts[0])) == first else { return nil }
                return parts.dropFirst().joined(separator: " ")
            }.uniqued()
            if !rests.isEmpty { return rests }
        }
        if ["to", "into", "onto"].contains(previous), ["append", "add", "write", "put", "jot", "insert"].contains(head) {
            // "append … to notes.txt"; "add … to" may also go on a calendar.
            return head == "append" || head == "write" ? known.files : known.files + known.calendars
        }
        switch previous {
        case "on", "in", "to", "calendar": return known.calendars
        case "with", "invite", "and": return known.contacts.map { $0.split(separator: " ").first.map(String.init) ?? $0 }.uniqued()
        case "show", "read", "open", "cat", "delete", "remove", "append", "edit", "file", "rename", "trash": return known.files
        default: return []
        }
    }

    // MARK: Failures

    /// The reply for a service call that threw.
    func failure(_ intent: IntentName, _ error: any Error) -> Reply {
        Reply(intent: intent, ok: false, message: Renderer.failure(error))
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

extension AccountNotice {
    /// How the account stands (offline, signed out, behind), said after any reply; not news
    /// of changes (waiting, sent, refused).
    var isStanding: Bool {
        switch self {
        case .offline, .signInExpired, .behind: true
        case .waiting, .sent, .refused, .dropped, .keptAside: false
        }
    }
}
