internal import ClerkCore

/// The classifier's verdict: the rule that decided it (and so what the line asks), and the
/// command words (token indices) so readers can leave them out of titles.
struct Route {
    var rule: RouteRule
    var command: Range<Int>
}

/// What a sentence looks like, measured once: its head verb, whether it asks, which kinds
/// of words it holds. The decisions in `Classifier.rules` read it.
struct Shape {
    enum HeadVerb { case create, delete, update, show, none }

    /// First token of the request proper.
    var head: Int
    var headVerb = HeadVerb.none
    /// Token after the head verb and its particles ("remind me to" → the token after "to").
    var afterVerb: Int
    var isQuestion = false
    /// Where a delete verb or phrase is, anywhere in the body.
    var deleteAt: Int?
    var hasEventNoun = false
    var hasCalendarNoun = false
    var hasListingNoun = false
    var hasUpcomingWord = false
    var hasFreeWord = false
    var hasDate = false
    var hasTimeOfDay = false
    var hasContactNoun = false
    var contactField: ContactField?
    var hasFileName = false
    var hasFileNoun = false
    var hasEmail = false
    var pronounAt: Int?
    var topic: OutOfScopeTopic?
    var remind = false
}

/// A sentence with its shape and the names the backend knows: what every rule reads.
struct Clue {
    let s: Sentence
    let shape: Shape
    let known: Names

    /// `s` measured (`Classifier.measure`), to be classified with `known`. A sentence with
    /// no body is not classified, nor measured.
    init(_ s: consuming Sentence, known: Names) {
        shape = Clue.shape(of: s)
        self.s = s
        self.known = known
    }

    /// The sentence of these parts (`Sentence.init`) made in the clue itself, and measured
    /// there: a sentence made first and then handed to the clue was copied into it whole.
    /// (`joined` handed on, not copied: a copy of the optional reading and its destruction
    /// cost ~170 instructions a line, nil or not.)
    init(text: String, tokens: consuming [Term], dates: [DateMatch], reference: ReferenceTime, joined: consuming JoinedDate?,
         eventOnScreen: Bool, reader: DateReader?, known: Names) {
        s = Sentence(text: text, tokens: tokens, dates: dates, reference: reference, joined: consume joined, eventOnScreen: eventOnScreen, reader: reader)
        shape = Clue.shape(of: s)
        self.known = known
    }

    /// What `Classifier.measure` says of `s`; for a sentence with no body, nothing.
    static func shape(of s: borrowing Sentence) -> Shape {
        s.body.isEmpty ? Shape(head: s.body.lowerBound, afterVerb: s.body.lowerBound) : Classifier.measure(s)
    }

    var head: Int { shape.head }
    /// The head verb and its particles.
    var command: Range<Int> { shape.head..<shape.afterVerb }

    /// The last token of the body that is no mark.
    func lastWord(_ s: Sentence) -> Int {
        var i = s.body.upperBound - 1
        while i > s.body.lowerBound, s.tokens[i].isMark { i -= 1 }
        return i
    }

    /// A route by `rule`, its command words `command` (none when nil).
    func route(_ rule: RouteRule, _ command: Range<Int>? = nil) -> Route {
        Route(rule: rule, command: command ?? head..<head)
    }
}

/// One rule of the classifier: a sentence shape people use and what it asks.
struct ClassifierRule: Sendable {
    /// What the rule is about, for reading the table (the route names the rule that won).
    /// A `StaticString`: the table is walked every line, and a `String` was retained and
    /// released at each rule.
    let name: StaticString
    /// True when the sentence has the rule's shape.
    ///
    /// Thin functions (no context): the rules capture nothing, and a closure's context,
    /// though null, was retained and released around each of the thirty-odd calls a line.
    let applies: @convention(thin) (Clue) -> Bool
    /// The route; nil when a closer look says no after all, and the next rule is tried.
    let route: @convention(thin) (Clue) -> Route?
}

/// Decides which intent a sentence asks for, by the ordered rules of `rules`: the first
/// whose shape fits and which gives a route wins, and its rule travels with the result.
enum Classifier {
    static func route(_ clue: Clue) -> Route {
        // Each rule's closures called where they lie: `for rule in rules` copied every rule,
        // retaining and releasing its closures, on every line.
        return rules.withUnsafeBufferPointer { rules in
            for i in rules.indices where rules[i].applies(clue) {
                if let route = rules[i].route(clue) { return route }
            }
            return clue.route(.unknown)
        }
    }

    /// Someone to keep, with their number or address: "add a client: Ruth Bower, 07700 900123",
    /// "new customer Tom Hale tom@hale.uk", "save my plumber 0161 555 0199". A new contact,
    /// which clerk does not make: said so, not read as a list item or an event. With no word
    /// for a person, a whole phone number is enough when `namesAlone` (no date, no file said):
    /// "add sarah 07700 900123", "add jamies mum sarah 07700 900123", "add +44 7700 900123 as sarah".
    static func addsPerson(_ s: Sentence, head: Int, namesAlone: Bool) -> Bool {
        let body = s.body
        guard body.contains(head), s.word(head, is: "add") || s.word(head, is: "save") || s.word(head, is: "new") else { return false }
        var i = head + 1
        while i < body.upperBound, s.word(i, isIn: personArticles) { i += 1 }
        guard i < body.upperBound else { return false }
        if s.word(i, isIn: personNouns) { return saysNumber(s, from: i + 1, digits: 7, orEmail: true) }
        return namesAlone && saysNumber(s, from: i, digits: 9, orEmail: false)
    }

    /// Whether the body from `start` holds a phone's number — `digits` digits or more in a run
    /// of numbers, marks such as "-", "+" and brackets between them ("07700 900123",
    /// "0161-555-0199", "+44 (0)7700 900123") — or, when `orEmail`, an email address.
    static func saysNumber(_ s: Sentence, from start: Int, digits needed: Int, orEmail: Bool) -> Bool {
        var digits = 0
        for j in start..<s.body.upperBound {
            switch s.kind(j) {
            case .email: if orEmail { return true }
                digits = 0
            case .number:
                digits += s.word(j).utf8.count { $0 >= 48 && $0 <= 57 }
                if digits >= needed { return true }
            case .mark where s.word(j, isIn: phoneMarks): break
            default: digits = 0
            }
        }
        return false
    }
    static let phoneMarks: WordSet = ["-", "+", "(", ")", "."]
    static let personArticles: WordSet = ["a", "an", "new", "my", "another", "our", "this"]
    static let personNouns: WordSet = ["client", "customer", "patient", "supplier", "friend", "colleague", "person", "vendor",
                                       "contractor", "neighbour", "neighbor", "plumber", "electrician", "babysitter", "tutor", "contact"]

    static let everythingWord: WordSet = ["everything"]
    /// "what did I cancel", "what have we deleted": who did it, and the auxiliary before.
    static let doers: WordSet = ["i", "we", "you"]
    static let doneAuxiliaries: WordSet = ["did", "have", "'ve"]

    /// "schedule for next monday", "schedule tomorrow": the noun and a day, nothing else.
    static func scheduleOfADay(_ s: Sentence) -> Bool {
        let head = s.body.lowerBound
        // Compared where the word lies (`word(_:is:)`): asked of every line the noun-phrase
        // rule sees, and `s.word(head) == …` copied the word out first.
        guard s.word(head, is: "schedule"), s.body.count > 1 else { return false }
        return s.body.dropFirst().allSatisfy { s.isInDate($0) || s.tokens[$0].isMark || ["for", "on", "my"].contains(s.word($0)) }
            && s.body.contains { s.isInDate($0) }
    }

    /// "my day", "my week?": the span alone.
    static func myDayAlone(_ s: Sentence) -> Bool {
        guard let (span, _) = AgendaReader.mySpan(s) else { return false }
        return s.body.allSatisfy { span.contains($0) || s.tokens[$0].isMark }
    }

    /// "my first meeting tomorrow", "the last appointment on friday", "first event next
    /// week": the first or last event of a span, said with no question word — only those
    /// words and the days ("my first day at the new job on monday" says more: a new event).
    static func picksOfSpan(_ s: Sentence) -> Bool {
        guard let (_, said, verb) = AgendaReader.pick(s), verb == nil,
              s.word(said.upperBound, isA: .eventNoun) || s.word(said.upperBound, isIn: AgendaReader.placedNouns) else { return false }
        let event = said.upperBound
        return s.body.contains { s.isInDate($0) }
            && s.body.allSatisfy { $0 == event || said.contains($0) || s.isInDate($0) || s.tokens[$0].isMark || s.word($0, isIn: pickFrames) }
    }

    static let pickFrames: WordSet = ["my", "the", "on", "for", "of", "in", "this", "next"]

    /// True when a date of the line repeats ("every monday at 9"): with a clock time and no
    /// question, a noun phrase says the series to make ("work meetings every monday at 9",
    /// "piano lessons every tuesday 4pm"), not the meetings to show ("work meetings this week";
    /// "my meetings every monday at 9", "all the standups every day at 9" name those there).
    static func saysARepeat(_ s: Sentence) -> Bool {
        !s.word(s.body.lowerBound, isIn: namingThoseThere) && s.dates.contains { $0.recurrence != nil }
    }

    static let namingThoseThere: WordSet = ["my", "the", "our", "all", "any", "your", "those", "these"]

    /// "everything this week", "everything on friday": the word and a day, nothing else.
    static func everythingOn(_ s: Sentence) -> Bool {
        s.word(s.body.lowerBound, isIn: everythingWord) && s.body.count > 1
            && s.body.dropFirst().allSatisfy { s.isInDate($0) || s.tokens[$0].isMark || ["on", "for", "in", "i", "have", "got", "my", "calendar"].contains(s.word($0)) }
            && s.body.contains { s.isInDate($0) }
    }

    /// The rules, in the order they are tried. The order is the design: commands said whole
    /// before anything reads words; files before events (a file name is unmistakable);
    /// edits of the event on screen before topics (so "make it 7" is no alarm); topics
    /// clerk does not handle before the verbs that would take them; removing before
    /// changing before people before questions before creating, from the most telling
    /// verbs to the loosest statements; and out of scope when nothing fits.
    static let rules: [ClassifierRule] = [
        // 1. Fixed commands: help, log in/out, undo, quit, calendars, new calendar.
        ClassifierRule(name: "fixed command", applies: { _ in true }, route: { FixedCommands.match($0.s) }),
        //    The calendar itself: delete, rename, make the default ("delete the Family calendar").
        ClassifierRule(name: "calendar view", applies: { !$0.shape.hasDate && !$0.shape.isQuestion }, route: { CalendarPhrases.viewRoute($0) }),
        ClassifierRule(name: "calendar itself", applies: { !$0.shape.hasDate }, route: { CalendarPhrases.route($0) }),
        //    The trash of files, and a file out of it ("what's in the trash", "restore notes.txt"),
        //    before "undelete" is taken for a misspelt verb and "empty the trash" for a delete.
        ClassifierRule(name: "trash", applies: { (!$0.shape.hasDate || TrashPhrases.datesAreMeals($0.s)) && TrashPhrases.mayApply($0.s) },
                       route: { TrashPhrases.route($0.s, known: $0.known) }),
        //    A misspelt command verb ("shedule …", "delte …") is not a title: ask instead.
        ClassifierRule(name: "misspelt command", applies: { isMisspeltVerb($0.s, at: $0.head) },
                       route: { $0.route(.misspeltCommand) }),

        //    People put on or taken off an event's guest list ("remove ana from the guest list
        //    of the party", "take bob off the invite list for lunch"): a change of the event,
        //    before the words "guest list" are read as a list file or a topic.
        ClassifierRule(name: "guest list of an event", applies: { c in
            (c.s.word(c.head, isA: .addPeopleVerb) || c.s.word(c.head, isA: .removePeopleVerb))
                && c.s.body.contains { EventPeople.guestListEnd(c.s, at: $0) != nil }
        }, route: { EventPeople.route($0) }),

        // 2. Files: a file name, or the word "files" with a file verb.
        ClassifierRule(name: "files", applies: { c in
            c.shape.hasFileName || (c.shape.hasFileNoun && !c.shape.hasEventNoun && !c.shape.hasContactNoun)
                || FilePhrases.asksToSearch(c.s) || FilePhrases.wroteAbout(c.s) != nil
                || FilePhrases.knownFile(c.s, known: c.known) != nil || FilePhrases.cutFileNameIndex(c.s) != nil || FilePhrases.listFile(c.s) != nil
                || FilePhrases.createsNamedFile(c.s) || FilePhrases.asksForLists(c.s) || FilePhrases.askedFile(c.s, known: c.known) != nil
                || FilePhrases.isBareNewFile(c.s)
                // ("delete the line about milk": a line is a file's.)
                || c.shape.headVerb == .delete && FilePhrases.lineAbout(c.s, from: c.head + 1) != nil
        }, route: { FilePhrases.route($0.s, shape: $0.shape, known: $0.known) }),

        //    An item ticked off with no list named ("tick off eggs", "mark milk as done"): the
        //    session finds the list that holds it. With a date it is no tick ("cross-country
        //    practice tomorrow at 5").
        ClassifierRule(name: "tick off", applies: { !$0.shape.hasDate }, route: { c in
            FilePhrases.tickOff(c.s, before: c.s.body.upperBound).map { Route(rule: .file(.tickOff), command: $0.command) }
        }),

        //    A place or notes given to an event the line names, or to the one on screen ("set
        //    the location of the dentist to …", "add a note to lunch: …"), once no file took it.
        ClassifierRule(name: "event field", applies: { _ in true }, route: { EventFields.route($0.s, head: $0.head, known: $0.known) }),
        //    A reminder given to an event the line names ("remind me 30 minutes before the
        //    review", "add a reminder to the dentist 1 hour before"), said with no clock time.
        ClassifierRule(name: "event reminder", applies: { c in
            !c.shape.hasTimeOfDay || c.s.has(Vocabulary.mealWords)
        }, route: { EventReminders.route($0.s, shape: $0.shape, known: $0.known) }),
        //    A note with no day or time, to the notes file ("jot down buy milk").
        ClassifierRule(name: "note", applies: { !$0.shape.hasDate && $0.s.word($0.head, isIn: FilePhrases.noteVerbs) },
                       route: { FilePhrases.noteRoute($0.s) }),

        //    "put the review on hold", "pause the weekly sync": clerk holds nothing; what it can
        //    do instead is said ("pause the music" is music's, below); before the follow-ups, as
        //    "put it on hold" is no change of the event on screen.
        //    "mark the dinner as tentative", "set lunch to confirmed": no status is kept
        //    either (asked in the same rule: a rule of its own cost every line its test).
        ClassifierRule(name: "on hold", applies: { c in
            c.s.word(c.head, isIn: EventHold.heads)
        }, route: { c in
            EventHold.event(c.s, head: c.head).map { c.route(.topic(.hold), c.head..<$0.lowerBound) }
                ?? EventHold.status(c.s, head: c.head).map { c.route(.topic(.eventStatus), c.head..<$0.lowerBound) }
        }),

        // 3. Follow-up edits of the event on screen ("make it 13:30", "call it Team lunch").
        ClassifierRule(name: "follow-up", applies: { _ in true }, route: { FollowUps.route($0.s, shape: $0.shape, known: $0.known) }),

        // 4. Things clerk does not do (alarms, weather, music …), unless the calendar is named
        //    or the person asks to be reminded. A weak topic (a restaurant, a ticket, a
        //    question) yields to a calendar verb with an event ("cancel lunch at the restaurant"),
        //    and to a statement of an event with a date ("dinner at the restaurant on Friday").
        ClassifierRule(name: "topic", applies: { c in
            // (Google or clerk's settings are asked about with their calendar named.)
            // ("email Ana the agenda for tomorrow", "text Bob my schedule": a message, whatever it holds.)
            guard let topic = c.shape.topic, !c.shape.hasCalendarNoun || topic == .google || topic == .settings || topic == .transfer
                    || topic == .messaging && Vocabulary.outOfScopeHeads[c.s.word(c.head)] == .messaging else { return false }
            // "remind me to wake up tomorrow at 6am" is a reminder on the calendar, which the
            // alarm answer itself suggests; "set an alarm for 6am" is no reminder.
            return !c.shape.remind || (topic == .alarm || topic == .timer) && !c.shape.hasDate
        }, route: { c in
            let shape = c.shape
            guard let topic = shape.topic else { return nil }
            let statesEvent = shape.headVerb == .none && !shape.isQuestion && shape.hasDate && topic != .clock
            let yields = Vocabulary.weakTopics.contains(topic) && shape.hasEventNoun
                && ((shape.headVerb != .none && shape.headVerb != .show) || statesEvent) && !buysTickets(c.s, at: c.head)
                || topic == .question && statesEvent && Vocabulary.outOfScopeHeads[c.s.word(c.head)] == nil && namesAnOuting(c.s)
            return yields || topic == .travel && shape.isQuestion && asksOwnTrip(c.s) ? nil : c.route(.topic(topic))
        }),
        //    People put on or taken off an event the sentence names ("take Bob off the review",
        //    "add Ana to Friday's lunch"): a change of the event, not a delete or a new event.
        ClassifierRule(name: "people on an event", applies: { c in
            c.s.word(c.head, isA: .addPeopleVerb) || c.s.word(c.head, isA: .removePeopleVerb)
        }, route: { EventPeople.route($0) }),
        //    Adding or changing a contact is not something clerk does either.
        ClassifierRule(name: "contact editing", applies: { c in
            let shape = c.shape, s = c.s
            // The shape's flags first: they rule out most lines without reading a word.
            guard !shape.hasEventNoun, !shape.hasCalendarNoun else { return false }
            if addsPerson(s, head: c.head, namesAlone: !shape.hasDate && !shape.hasFileName && !shape.hasFileNoun) { return true }
            guard shape.hasContactNoun || ((shape.hasEmail || shape.contactField == .email || shape.contactField == .phone) && !shape.hasDate)
            else { return false }
            return shape.headVerb == .create || shape.headVerb == .update || s.word(c.head, isA: .keepVerb)
                || s.has(["add", "save"])
                // ("sarah's number is 07700 900123", "jamies mums mobile is 07700 900 123": a
                // number told, to be kept.)
                || shape.contactField == .phone && !shape.isQuestion && s.has(["is"]) && saysNumber(s, from: s.body.lowerBound, digits: 9, orEmail: false)
        }, route: { c in
            c.shape.headVerb == .show && !c.shape.hasEmail && !c.s.has(["add", "save"]) ? nil : c.route(.contactEditing, c.command)
        }),

        // 5. Removing events: a delete verb at the head, or anywhere when the sentence is about
        //    events ("whatever the next event is, delete it").
        ClassifierRule(name: "delete verb", applies: { $0.shape.headVerb == .delete }, route: { c in
            let shape = c.shape
            if shape.hasContactNoun && !shape.hasEventNoun && !shape.hasCalendarNoun { return c.route(.deleteContact, c.command) }
            return c.route(.deleteVerb, c.command)
        }),
        //    "was the review on Monday cancelled?" asks; "can the review be cancelled" requests.
        ClassifierRule(name: "delete in a sentence", applies: { c in
            let shape = c.shape, s = c.s
            guard shape.deleteAt != nil, shape.headVerb != .create || s.word(c.head) == "make" else { return false }
            let asksStatus = s.word(c.head, isA: .auxiliary) && shape.isQuestion
                // ("what did I cancel yesterday": the deletions asked about, not one asked for.)
                || shape.isQuestion && s.word(shape.deleteAt! - 1, isIn: Self.doers) && s.word(shape.deleteAt! - 2, isIn: Self.doneAuxiliaries)
            // ("mrs kelly cancelled", "mr byrne canceled": an appointment named by whom it is
            // with, said called off as the whole line.)
            return !asksStatus && (shape.hasEventNoun || shape.hasCalendarNoun || shape.pronounAt != nil || shape.hasDate
                || !shape.isQuestion && calledOffAlone(s, at: shape.deleteAt!))
        }, route: { c in c.shape.deleteAt.map { c.route(.deleteInSentence, $0..<($0 + 1)) } }),
        //    "make my calendar blank on Friday", "my calendar should be empty tomorrow".
        ClassifierRule(name: "clear the calendar", applies: { $0.shape.hasCalendarNoun }, route: { c in
            c.s.first(isA: .clearWord).map { c.route(.clearCalendar, $0..<($0 + 1)) }
        }),
        //    "no more standups after friday", "no more piano from january": a series ended.
        ClassifierRule(name: "no more after", applies: { c in
            c.s.word(c.head, is: "no") && c.s.word(c.head + 1, is: "more") && c.s.body.contains { c.s.isInDate($0) && c.s.word($0, isIn: openBoundWords) }
        }, route: { c in c.route(.deleteVerb, c.head..<(c.head + 2)) }),
        //    "no meeting with Bob on Friday", "there's no standup tomorrow": a denial removes
        //    nothing; it is read as a look at that time.
        ClassifierRule(name: "no event", applies: { c in
            c.s.word(c.head, isA: .denialHead) && c.shape.hasEventNoun && !c.shape.isQuestion
        }, route: { c in
            let s = c.s
            guard let no = s.first(in: ["no"], until: min(c.head + 3, s.body.upperBound)) else { return nil }
            return c.route(.negatedEvent, c.head..<(no + 1))
        }),
        //    "take the review off my calendar", "get the standup off the schedule".
        ClassifierRule(name: "take off", applies: { c in
            c.s.word(c.head, isA: .takeVerb) && (c.shape.hasCalendarNoun || c.shape.hasEventNoun) && !c.shape.remind
        }, route: { c in
            c.s.first(isA: .offParticle, from: c.head + 1).map { c.route(.takeOff, $0..<($0 + 1)) }
        }),

        //    "swap lunch and the dentist", "trade my 2pm and 4pm": two events exchange times.
        ClassifierRule(name: "swap", applies: { $0.s.word($0.head, isIn: EventSwap.verbs) }, route: { c in
            EventSwap.parts(c.s, head: c.head).map { _ in c.route(.swapEvents, c.head..<(c.head + 1)) }
        }),

        // 6. Changing events: "move the review to Tuesday", "rename the standup to Daily".
        ClassifierRule(name: "update verb", applies: { c in
            c.shape.headVerb == .update && !isCalendarItself(c.s, from: c.shape.afterVerb)
        }, route: { $0.route(.updateVerb, $0.command) }),
        //    "put the standup on Personal": an event there put on a calendar the backend has.
        ClassifierRule(name: "put on a calendar", applies: { c in
            c.shape.headVerb == .create && !c.shape.hasDate && c.s.word(c.head, isIn: putVerbs)
        }, route: { c in
            putsOnCalendar(c.s, at: c.head, known: c.known) != nil ? c.route(.updateVerb, c.command) : nil
        }),
        //    "dentist on tuesday instead": an event named and its new day, said as a change
        //    ("can we have the team lunch on thursday instead?": proposed, its question mark
        //    no question; "is lunch on thursday instead?" asks).
        ClassifierRule(name: "instead", applies: { c in
            c.shape.headVerb == .none && !c.shape.remind && !c.s.eventOnScreen
                && (!c.shape.isQuestion || c.s.word(c.s.body.upperBound, is: "?") && !c.s.word(c.head, isA: .questionWord)
                    && c.s.phrase(of: Vocabulary.questionHeads, at: c.head) == nil
                    // ("can we have the review on friday instead?", "let's have lunch at 2
                    // instead": "have" after "can we" or "let's" proposes; "do we have …" asks.)
                    || c.s.word(c.head, is: "have") && (c.s.word(c.head - 1, isIn: proposers)
                        || c.s.word(c.head - 1, is: "we") && c.s.word(c.head - 2, isIn: requestAuxiliaries)))
                && c.s.word(c.lastWord(c.s), isIn: FollowUps.insteadWord) && c.s.body.contains { c.s.isInDate($0) }
                && !c.s.isInDate(c.s.body.lowerBound)
        }, route: { $0.route(.updateVerb) }),
        //    "lunch was moved to Friday", "the standup has been pushed to 10": a move reported.
        //    "can the review be pushed back a day?", "could lunch be moved to 2": asked for.
        ClassifierRule(name: "move reported", applies: { c in
            (!c.shape.isQuestion || c.s.word(c.head, isIn: requestAuxiliaries)) && c.s.body.contains { c.s.isA($0, [.moved, .changeAuxiliary]) }
        }, route: { c in
            reportedMove(c.s, head: c.head).map { c.route(.reportedMove, $0) }
        }),

        // 7. People: a contact's field, the address book, "call Ana", "who is Carla Gomez".
        ClassifierRule(name: "contacts", applies: { _ in true }, route: { ContactPhrases.route($0.s, shape: $0.shape, known: $0.known) }),

        //    "see Ana at 4", "see the dentist tomorrow at 10", "see a movie on saturday": someone
        //    or something seen then is an event, not a look at the agenda ("see my calendar
        //    for tomorrow", "see what's on friday", "see the review on friday" look).
        ClassifierRule(name: "seeing someone", applies: { c in
            c.shape.headVerb == .show && c.shape.hasDate && !c.shape.isQuestion && c.s.word(c.head, isIn: seeVerbs)
        }, route: { c in
            seesSomeone(c.s, from: c.head + 1, known: c.known) ? c.route(.eventStatement) : nil
        }),

        //    "my weekly sync", "the daily standup": an event of one's own named by how often it
        //    comes, and nothing else, is looked at, not made again.
        ClassifierRule(name: "named repeat", applies: { c in
            c.shape.headVerb == .none && !c.shape.isQuestion && !c.shape.remind && c.s.word(c.s.body.lowerBound, isIn: EventPeople.eventOwners)
                && !c.s.dates.isEmpty && c.s.dates.indices.allSatisfy { Repeats.isFrequencyWord(c.s, $0) }
        }, route: { $0.route(.showVerb) }),

        // 8. Questions about the agenda, and noun phrases that name it ("upcoming events").
        ClassifierRule(name: "question", applies: { c in
            (c.shape.isQuestion || c.shape.headVerb == .show) && !c.shape.remind
        }, route: { c in
            let shape = c.shape, s = c.s
            if shape.hasEventNoun || shape.hasCalendarNoun || shape.hasFreeWord || shape.hasDate || shape.hasListingNoun
                || shape.hasUpcomingWord || asksWhatsOn(s, head: c.head) || AgendaReader.mySpan(s) != nil
                || s.has(Self.everythingWord) || asksWhenMeeting(s, head: c.head, known: c.known) || asksWhenGoing(s, head: c.head)
                || asksWhenNamed(s, head: c.head) || AgendaReader.arrivalAsked(s) != nil || AgendaReader.notesCue(s) != nil
                || AgendaReader.overlapCue(s) != nil || AgendaReader.dayRankCue(s, wantsFreeTime: false) != nil {
                return c.route(shape.isQuestion ? .question : .showVerb, c.command)
            }
            if shape.headVerb == .show, s.word(c.head) != "what" { return c.route(.showUnknown, c.command) }
            return c.route(.questionUnknown)
        }),

        // 9. Creating events: a create verb, a reminder, or a statement about an event.
        //    ("schedule for next monday" is the noun: the schedule of that day.)
        ClassifierRule(name: "create verb", applies: { ($0.shape.headVerb == .create || $0.shape.remind) && !scheduleOfADay($0.s) }, route: { c in
            c.route(c.shape.remind ? .remind : .createVerb, c.command)
        }),
        //    A noun phrase about events in the plural or the schedule asks to see them
        //    ("upcoming events", "tomorrow's schedule", "free slots"); one event with its details
        //    asks to create it ("haircut appointment on Friday at ten", "standup on my Work calendar").
        ClassifierRule(name: "noun phrase", applies: { c in
            let shape = c.shape
            if scheduleOfADay(c.s) || myDayAlone(c.s) { return true }
            // "notes for the planning meeting": that event's notes.
            if !shape.hasDate, AgendaReader.notesCue(c.s) != nil { return true }
            // ("team meetings every monday", "board meetings every first monday": events that
            // repeat, said to be made, as with a time.)
            guard shape.headVerb == .none, !hasVerb(c.s), !saysARepeat(c.s) else { return false }
            // ("i'm busy all day friday", "i'm not available on friday": the speaker's time said
            // taken, kept as an event, as "i'm busy friday afternoon" is; "am i busy" asks.)
            if shape.hasFreeWord, !shape.isQuestion, saysOwnState(c.s) { return false }
            // ("free time tomorrow afternoon", "free slots on friday" ask, whatever the time.)
            let freeRoom = c.s.word(c.head, is: "free") && (c.s.word(c.head + 1, isIn: Vocabulary.roomNouns) || c.s.word(c.head + 1) == "slots")
            // ("upcoming", "next" alone: what is coming.)
            let comingAlone = shape.hasUpcomingWord && c.s.body.count == 1
            return shape.hasListingNoun || freeRoom || comingAlone || everythingOn(c.s) || picksOfSpan(c.s) || (!shape.hasTimeOfDay && (shape.hasFreeWord || (shape.hasUpcomingWord && shape.hasEventNoun)
                || (shape.hasCalendarNoun && !hasSingularEvent(c.s))))
        }, route: { $0.route(.nounPhrase) }),
        //    "yesterday was a long day": a statement about the past asks for nothing.
        ClassifierRule(name: "past statement", applies: { c in
            c.s.has(RouteWord.pastMarker) && !c.shape.hasTimeOfDay
        }, route: { $0.route(.pastStatement) }),
        //    An hour in digits alone ("1", "13"; not "2/15", "13:00" or the year "2030") asks
        //    for nothing: typed after a list, it was read as an hour and made an event with no name.
        ClassifierRule(name: "number alone", applies: { c in
            c.shape.hasTimeOfDay && c.s.body.count == 1 && c.s.word(c.s.body.lowerBound).utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }, route: { $0.route(.unknown) }),
        ClassifierRule(name: "event statement", applies: { c in
            c.shape.hasEventNoun || c.shape.hasTimeOfDay || (c.shape.hasDate && c.s.body.count > dateTokenCount(c.s))
        }, route: { $0.route(.eventStatement) }),
        ClassifierRule(name: "event details", applies: { !$0.shape.isQuestion && saysEventDetails($0.s) }, route: { $0.route(.eventDetails) }),
        ClassifierRule(name: "date only", applies: { $0.shape.hasDate }, route: { $0.route(.dateOnly) }),

        // 10. Anything else is out of scope (the router adds a guess for a misspelt command).
    ]


    /// The words `measure` switches on for a reminder.
    static let remindSwitchWords: WordSet = ["remind", "reminded", "remember", "forget", "tell"]

    /// Reads the shape of a sentence once.
    static func measure(_ s: Sentence) -> Shape {
        // The verb may follow a date said first ("on Tuesday remind me …", "tomorrow cancel …").
        var head = s.body.lowerBound
        while head + 1 < s.body.upperBound, s.isInDate(head) || s.tokens[head].isMark
                || (s.word(head, isA: .datePreposition) && s.isInDate(head + 1)) {
            head += 1
        }
        if head + 1 >= s.body.upperBound, s.isInDate(head) { head = s.body.lowerBound }
        var shape = Shape(head: head, afterVerb: head)
        let w0 = s.word(head)
        // "double check my calendar": the verb is the second word.
        let doubleCheck = Sentence.same(w0, "double") && s.word(head + 1, isIn: Vocabulary.checkVerbs)

        // The head verb and the particles that belong to it ("remind me to", "set up a").
        // ("drop by the post office", "drop the kids at school": a visit, not a removal.)
        // ("del gym on wed": "del" typed for "delete" first in the line only: "lunch with Del".)
        if s.word(head, isA: .deleteVerb) && !isVisit(s, at: head) && !dropsOff(s, at: head) && !namesAChore(s, at: head)
            || Self.delWord.mayMeet(s.keyBits) && s.word(head, is: "del") && s.kind(head + 1) == .word && !s.tokens[head].isCapitalized
            || s.mayStart(Vocabulary.deletePhrases, at: head)
            && Vocabulary.deletePhrases.contains(where: { s.matches($0, at: head) && $0.count > 1 && $0[0] != "no" && $0[0] != "any" })
            && !namesAChore(s, at: head) {
            shape.headVerb = .delete
        } else if s.word(head, isA: .updateVerb) && !(w0 == "bring" && !bringsForward(s, at: head)) && !movesHome(s, at: head)
                    && copiesAnEvent(s, at: head)
                    || (Sentence.same(w0, "put") && s.word(head + 1, is: "off")) {
            // "put off the dentist until monday" moves it, where "put lunch on friday" makes one.
            shape.headVerb = .update
        } else if !s.isInDate(head) && s.word(head, isA: .createVerb) && !(w0 == "hold" && !holdsSomething(s, at: head)) || isCreatePhrase(s, at: head) {
            // (A verb read in a date is none: "new year's eve" alone asks for the day.)
            shape.headVerb = .create
        } else if s.word(head, isA: .showVerb) && w0 != "what" && !(w0 == "check" && ["in", "out"].contains(s.word(head + 1))
                                                                    && s.word(head + 2, isIn: checkInParticles)) || doubleCheck {
            // ("check in with Carla tomorrow", "check in for my flight", "check out of the
            // hotel" are events, not a look at the agenda.)
            shape.headVerb = .show
        }
        // "put the dentist on the Work calendar": an event there moved to another calendar.
        if shape.headVerb == .create, putsOnCalendar(s, at: head) != nil { shape.headVerb = .update }
        // "schedule", "tomorrow's schedule", "my plan": a verb with nothing after it is a noun.
        if shape.headVerb == .create, head + 1 >= s.body.upperBound, s.word(head, isA: .calendarNoun) || s.word(head, isA: .eventNoun) {
            shape.headVerb = .none
        }
        // "book club on Friday", "block party saturday": a create verb that is also a noun,
        // before the noun it names a kind of event with, is the title's first word.
        if shape.headVerb == .create, s.phrase(of: Vocabulary.verbNounEvents, at: head) != nil {
            shape.headVerb = .none
        }
        // "make the board meeting 30 minutes longer", "make my standup all day": "make" with
        // an event named as one that is there and a change of it is a change, not a new event.
        if shape.headVerb == .create, w0 == "make", makesAChange(s, at: head) { shape.headVerb = .update }
        // "can we do the dentist an hour earlier": "do" with an event, an amount and which way.
        if shape.headVerb != .update, w0 == "do", shiftsUnnamed(s, at: head) { shape.headVerb = .update }
        // "put the accountant call back 30 mins", "put lunch back by an hour": a move later
        // ("put the books back on friday" is a thing to do).
        if shape.headVerb == .create, w0 == "put", putsBack(s, at: head) { shape.headVerb = .update }
        // "shift at the cafe sat 10-4", "shift tomorrow 9-5": a work shift, no move of one
        // ("shift the standup to 10", "shift it an hour later").
        if shape.headVerb == .update, w0 == "shift", s.word(head + 1, isIn: shiftNounFollowers) || s.isInDate(head + 1) && !s.tokens[head + 1].isPossessive {
            shape.headVerb = .none
        }
        // "swap my saturday shift to sunday": one event moved, as "switch lunch to friday" is
        // ("swap lunch and the dentist" exchanges two, routed before).
        if shape.headVerb != .update, w0 == "swap", s.body.contains(where: { s.word($0, is: "to") && s.isInDate($0 + 1) }) { shape.headVerb = .update }
        // "stop yoga after january 10", "end the piano lessons after christmas": a series
        // ended ("stop at the bank after work" is a visit).
        if shape.headVerb == .none, s.word(head, isIn: endingVerbs), !s.word(head + 1, isIn: Vocabulary.calendarPrepositions),
           !["at", "by", "for", "off"].contains(s.word(head + 1)),
           s.body.contains(where: { s.isInDate($0) && s.word($0, isIn: openBoundWords) }) || endsASeries(s, at: head)
            // ("stop the standup at the end of the year": from the end of that span on.)
            || s.word(head + 1, isIn: definiteWords) && s.body.contains(where: { s.isInDate($0) && s.word($0, is: "end") && s.word($0 + 1, is: "of") })
            // ("stop gym in the new year", "end piano lessons in february": from that month on.)
            || endsInAMonth(s) != nil {
            shape.headVerb = .delete
        }
        // "stop reminding me to take my pills", "stop reminding me about the gym": the event
        // that reminds, ended from now on.
        if shape.headVerb == .none, stopsReminding(s, at: head) != nil { shape.headVerb = .delete }
        // "start the review 15 minutes earlier", "begin the standup 10 minutes later": a move.
        // "start the review at 3", "begin my standup at 9:30 tomorrow": its start moved.
        if shape.headVerb == .none, s.word(head, isIn: startVerbs),
           makesAChange(s, at: head) && s.body.contains(where: { s.word($0, is: "earlier") || s.word($0, is: "later") })
            || startsNamedEventAt(s, at: head) {
            shape.headVerb = .update
        }
        shape.afterVerb = shape.headVerb == .none ? head : CommandWords.end(of: s, from: doubleCheck ? head + 1 : head)
        // "I can't make the dentist", "can't make it to the review": the event named is
        // called off (asked about first, like any removal), never a new event.
        if let end = cannotMake(s, at: head) {
            shape.headVerb = .delete
            shape.afterVerb = end
        } else if let end = cannotFind(s, at: head) {
            // "I can't find the dentist", "I can't see the review anymore": a look for it.
            shape.headVerb = .show
            shape.afterVerb = end
        }
        shape.remind = s.word(head, isA: .remindVerb) || isCreatePhrase(s, at: head) && s.word(head, isA: .remindPhraseStart)
            || isTellMeTo(s, at: head)

        let afterDate = head > s.body.lowerBound && s.word(head, isA: .copula)
        // ("can you add lunch with Ana tomorrow at 1?", "schedule a call friday?": a request
        // to make one, its question mark politeness.)
        shape.isQuestion = (s.word(head, isA: .questionWord) && !afterDate) || s.word(s.body.upperBound, is: "?") && shape.headVerb != .create
            || s.phrase(of: Vocabulary.questionHeads, at: head) != nil
            || (shape.headVerb == .none && s.first(of: Vocabulary.questionsInside, startingWith: .questionInsideStart) != nil)
        if shape.headVerb == .create && (w0 == "notify" || w0 == "alert") { shape.isQuestion = false }
        // ("have to pick up the kids": a need, the speaker left out, not "have I …?".)
        if shape.isQuestion, s.word(head, isIn: Self.haveWords), s.word(head + 1, is: "to") { shape.isQuestion = false }
        // "I want to know if I have meetings tomorrow", "I was wondering what's on friday":
        // the question said inside.
        if shape.headVerb == .none, !shape.isQuestion, let lead = s.first(of: Vocabulary.wishesToKnow),
           s.word(lead.index + lead.length, isIn: Vocabulary.embeddedQuestionWords) {
            shape.isQuestion = true
        }
        // "let me know when it's time to leave", "tell me when to call Bob": a reminder, the
        // words after "to" its title ("let me know when my next meeting is" asks).
        if let end = toldWhenTo(s, at: head) {
            shape.headVerb = .create
            shape.remind = true
            shape.isQuestion = false
            shape.afterVerb = end
        }

        // The terms are read where they lie: `let t = s.tokens[i]` copied (and destroyed) a
        // whole term for every word of the body. `tokens[i]` whole is handed over only to the
        // rare look-ups that take a term.
        s.tokens.withUnsafeBufferPointer { tokens in
            var i = s.body.lowerBound
            while i < s.body.upperBound {
                defer { i += 1 }
                // The verb at the head is not also a noun ("show …", "call Ana", "schedule lunch").
                if i == head, shape.headVerb != .none || s.word(i, isA: .callVerb) { continue }
                if let d = tokens[i].date {
                    shape.hasDate = true
                    // (Through the buffer: `s.dates[d]` was a copy of the whole match.)
                    if s.dates.withUnsafeBufferPointer({ $0[d].known }).contains(.time) { shape.hasTimeOfDay = true }
                    continue
                }
                switch tokens[i].kind {
                case .fileName: shape.hasFileName = true
                case .email: shape.hasEmail = true
                default: break
                }
                // "my zoom", "the webex": a call named by where it happens is an event.
                if !shape.hasEventNoun, s.word(i, isIn: platformEvents), s.word(i - 1, isIn: ["my", "the", "a", "next", "our"]) { shape.hasEventNoun = true }
                let classes = tokens[i].classes
                // (A delete phrase may start with a word of no class: "… anymore".)
                if classes.isEmpty {
                    if shape.deleteAt == nil, i > head, s.word(i, isA: .deletePhraseStart), deletesByPhrase(s, at: i) { shape.deleteAt = i }
                    continue
                }
                func isA(_ c: WordClass) -> Bool { !classes.isDisjoint(with: c) }
                let w = tokens[i].word
                if isA(.eventNoun) || !tokens[i].baseClasses.isDisjoint(with: .eventNoun) { shape.hasEventNoun = true }
                if isA(.calendarNoun), w != "day", w != "week" { shape.hasCalendarNoun = true }
                if isA(.listingNoun) { shape.hasListingNoun = true }
                if isA(.upcoming) { shape.hasUpcomingWord = true }
                if isA(.free), w != "off", w != "break" { shape.hasFreeWord = true }
                if isA(.contactNoun) || (Sentence.same(w, "book") && (s.word(i - 1) == "address" || s.word(i - 1) == "phone")) {
                    shape.hasContactNoun = true
                }
                if shape.contactField == nil, isA(.contactField), let field = Vocabulary.contactFields[tokens[i]], field != .all { shape.contactField = field }
                if isA(.fileNoun) { shape.hasFileNoun = true }
                if shape.pronounAt == nil, isA(.pronoun), i > head { shape.pronounAt = i }
                // The words of the switch seen from the key's bit first: compared by the switch,
                // each word of the body that is none of the five cost five string comparisons.
                if Self.remindSwitchWords.mayContain(key: tokens[i].key) {
                switch w {
                case "remind", "reminded", "remember": shape.remind = true
                case "forget": if s.word(i - 1, isA: .dont) || s.word(i - 1) == "me" && s.word(i - 2) == "let" { shape.remind = true }
                case "tell": if isTellMeTo(s, at: i) { shape.remind = true }
                default: break
                }
                }
                if shape.deleteAt == nil, i > head || shape.headVerb == .delete {
                    if isA(.deleteVerb) && !isA(.headOnlyDelete) {
                        shape.deleteAt = i
                    } else if s.word(i, isA: .deletePhraseStart), deletesByPhrase(s, at: i) {
                        shape.deleteAt = i
                    }
                }
                if shape.topic == nil, isA(.topic), let topic = Vocabulary.outOfScopeTopics[tokens[i]], topicCounts(s, at: i, topic: topic) {
                    shape.topic = topic
                }
            }
        }
        // "check the oven at 5", "check on grandma tomorrow": a thing to do then, not a look at
        // the calendar ("check my calendar tomorrow", "check if I'm free friday", "check tomorrow").
        if shape.headVerb == .show, shape.hasDate, !shape.isQuestion, s.word(head, isIn: Vocabulary.checkVerbs) || doubleCheck,
           !(shape.hasEventNoun || shape.hasCalendarNoun || shape.hasListingNoun || shape.hasFreeWord || shape.hasUpcomingWord
             || shape.hasContactNoun || shape.contactField != nil || shape.hasEmail || shape.hasFileNoun || shape.hasFileName),
           checksAThing(s, from: shape.afterVerb) {
            shape.headVerb = .none
            shape.afterVerb = head
        }
        // "get a haircut friday at 3", "get coffee with Ana at 10": something got then is a
        // thing to do, not a look at the calendar ("get my schedule for friday", "get
        // tomorrow's meetings", "get me Tom's number").
        if shape.headVerb == .show, shape.hasDate, !shape.isQuestion, s.word(head, is: "get"),
           !(shape.hasCalendarNoun || shape.hasListingNoun || shape.hasFreeWord || shape.hasUpcomingWord || shape.hasContactNoun
             || shape.contactField != nil || shape.hasEmail || shape.hasFileNoun || shape.hasFileName),
           getsAThing(s, from: head + 1) {
            shape.headVerb = .none
            shape.afterVerb = head
        }
        // "check emails at 9", "answer my messages tomorrow at 8": mail worked through then is
        // a task for the calendar, not the agenda, a contact's address or messages to send;
        // without a day or time ("check my email") it asks clerk to read mail, which it does not.
        if !shape.isQuestion, isMailChore(s, at: head) {
            shape.contactField = nil
            if shape.hasDate {
                shape.headVerb = .none
                shape.afterVerb = head
                if shape.topic == .messaging { shape.topic = nil }
            } else if shape.topic == nil {
                shape.topic = .messaging
            }
        }
        // ("send the grocery list to ana": sending, whatever is sent.) (The key read through
        // the buffer, `Sentence.key`: `s.tokens[head].key` copied the whole term, every line.)
        if shape.topic == nil || shape.topic == .lists, let topic = Vocabulary.outOfScopeHeads[w0, key: s.key(head)],
           shape.topic == nil || topic == .messaging, headTopicCounts(s, at: head, topic: topic) {
            shape.topic = topic
        }
        // ("how far behind is new york": a place's hours, not the way there.)
        if shape.topic == nil && isClockQuestion(s) || shape.topic == .question && asksTimeDifference(s) { shape.topic = .clock }
        if shape.topic == nil, asksTravelTime(s) { shape.topic = .question }
        if shape.topic == nil, isAboutSettings(s) { shape.topic = .settings }
        if shape.topic == nil, !shape.hasDate, s.has(googleWord), s.has(googleVerbs) { shape.topic = .google }
        if shape.topic == nil, !shape.hasDate, s.has(transferWords) { shape.topic = .transfer }
        // "hi", "thanks!": nothing to do, but not a request misread either.
        if shape.topic == nil, let talk = smallTalk(s) { shape.topic = talk }
        // "in my area", "near me": public events and places, not the person's calendar.
        if shape.topic == nil, s.first(of: Vocabulary.localPlaces, startingWith: .localPlaceStart) != nil {
            shape.topic = .question
        }
        // ("stop reminding me to …", "stop the weekly after christmas": no music or device stopped.)
        if shape.topic != nil, shape.headVerb == .delete, w0 == "stop", stopsReminding(s, at: head) != nil || endsASeries(s, at: head) { shape.topic = nil }
        // "remind me" at the head of a question is still a reminder ("can you remind me …").
        if shape.remind, shape.headVerb == .none, w0 == "remind" { shape.headVerb = .create }
        // (Compared by length first, as the head's "put" and the last "?" above: `==` called the
        // string comparison for every line, whose head is seldom any of these.)
        if Sentence.same(w0, "remind") || Sentence.same(w0, "remember") { shape.isQuestion = false }
        return shape
    }

    /// The words of a move reported after its event ("was moved", "has been pushed back",
    /// "got brought forward"), nil when there is none.
    static func reportedMove(_ s: Sentence, head: Int) -> Range<Int>? {
        var i = head + 1
        while i < s.body.upperBound {
            if let end = correctionEnd(s, at: i) { return i..<end }
            if s.word(i, isIn: Vocabulary.reportingAuxiliaries) {
                var j = i + 1
                while s.word(j, isIn: Vocabulary.reportingFiller) { j += 1 }
                if s.isA(j, .moved) {
                    var end = j + 1
                    if s.word(end, isIn: Vocabulary.moveDirections) { end += 1 }
                    return i..<end
                }
            }
            i += 1
        }
        return nil
    }

    static let placePrepositions: WordSet = ["at", "in"]

    /// Words that open a change said of an event named before them ("dinner should be …").
    static let correctionAuxiliaries: WordSet = ["should", "must", "needs", "has", "is", "'s", "are"]
    /// "is now", "is actually": what makes "is" a change said of an event.
    static let changeAdverbs: WordSet = ["now", "actually", "really"]
    /// Words that open a change asked for in the passive ("can the review be moved").
    static let requestAuxiliaries: WordSet = ["can", "could", "would"]

    /// "bring the review forward to 10", "bring forward the standup": "bring" moves only
    /// with "forward" close after it ("bring snacks to the party" is none).
    static func bringsForward(_ s: Sentence, at head: Int) -> Bool {
        (head + 1...head + 5).contains { s.word($0, is: "forward") }
    }

    /// "dinner should be 2 hours", "the standup is now at 10", "lunch needs to be on
    /// friday", "the review should start at 3", "the standup is at 9:45 from now on": the end
    /// of "should be", "is now", "needs to be", "should start", "is" at `i` when a new time or
    /// length follows (a date, or an amount of time), else nil.
    static func correctionEnd(_ s: Sentence, at i: Int) -> Int? {
        // "the haircut's actually at 11:30", "lunch's now on friday": "is" contracted onto
        // the event's name, the adverb at `i`.
        if s.word(i, isIn: changeAdverbs), i > s.body.lowerBound, s.tokens[i - 1].isPossessive {
            return changeFollows(s, adverb: i, end: i + 1)
        }
        guard s.word(i, isIn: correctionAuxiliaries) else { return nil }
        var end: Int
        func isBe(_ j: Int) -> Bool { s.word(j, is: "be") || s.word(j, isIn: startVerbs) }
        switch s.word(i) {
        case "should", "must": guard isBe(i + 1) else { return nil }; end = i + 2
        case "needs", "has": guard s.word(i + 1) == "to", isBe(i + 2) else { return nil }; end = i + 3
        default:
            // ("the standup is at 9:45 from now on", "from now on yoga is on thursdays": a
            // change, said with its scope.)
            if s.word(i + 1) != "now", s.first(of: Vocabulary.fromNowOn) != nil, s.isInDate(i + 1) { return i + 1 }
            // ("the dentist is actually at 10:45", "lunch is really on friday": the same.)
            guard s.word(i + 1, isIn: changeAdverbs) else { return nil }; end = i + 2
        }
        return changeFollows(s, adverb: s.word(i + 1, isIn: changeAdverbs) ? i + 1 : nil, end: end)
    }

    /// `end` when a new time, length or (after an adverb) place follows it, else nil.
    private static func changeFollows(_ s: Sentence, adverb: Int?, end: Int) -> Int? {
        var change = end
        // ("lunch is now at the pub", "the review is now in room 4": a new place.)
        if adverb != nil, s.word(change, isIn: placePrepositions), !s.isInDate(change + 1), s.kind(change + 1) == .word { return end }
        if s.word(change, isA: .datePreposition), !s.isInDate(change) { change += 1 }
        guard change < s.body.upperBound, s.isInDate(change) || Quantity.minutes(in: s, at: change) != nil else { return nil }
        return end
    }

    /// True when the verb at `head` works through one's mail ("check emails", "reply to my
    /// messages", "go through the inbox"); not when it has another object or the mail is
    /// someone's ("check Ana's email", "the email address of Bob").
    static func isMailChore(_ s: Sentence, at head: Int) -> Bool {
        guard s.word(head, isIn: Vocabulary.mailChoreVerbs), !s.isInDate(head) else { return false }
        var i = head + 1
        while i < s.body.upperBound, !s.isInDate(i), s.word(i, isIn: Vocabulary.mailChoreFillers) { i += 1 }
        guard i < s.body.upperBound, !s.isInDate(i), s.word(i, isIn: Vocabulary.mailNouns),
              !s.word(i + 1, isIn: Vocabulary.addressOf), s.word(i + 1) != "for" else { return false }
        return true
    }

    /// "move in on saturday", "move out of the flat on the 20th", "move house in march":
    /// moving one's home at `head`, an event of its own, not a change of one ("move the
    /// dentist to saturday", "move lunch in the afternoon").
    /// True unless the head is a verb of copying ("copy", "duplicate") that is not followed
    /// by an event's reference: "copy it to tuesday", "duplicate the review for friday",
    /// "copy ana's party to the 12th" copy one; "copy editing session friday 3pm" is an event.
    static func copiesAnEvent(_ s: Sentence, at head: Int) -> Bool {
        guard s.word(head, isIn: Vocabulary.copyVerbs) else { return true }
        let next = head + 1
        return next < s.body.upperBound && (s.word(next, isIn: copiedReferences) || s.tokens[next].isPossessive)
    }
    static let copiedReferences: WordSet = ["it", "this", "that", "the", "my", "our", "these", "those", "them", "both"]

    static func movesHome(_ s: Sentence, at head: Int) -> Bool {
        guard s.word(head, isIn: moveWords), !s.isInDate(head + 1) else { return false }
        if s.word(head + 1, isIn: homeNouns) { return true }
        guard s.word(head + 1, isIn: inOrOut) else { return false }
        let next = head + 2
        return next >= s.body.upperBound || s.isInDate(next) || s.kind(next) == .mark || s.word(next, isIn: afterMovingOut)
    }

    /// The end of "(I) can't make (it) (to)" at `head`, when an event follows it.
    /// Also "I won't be going to the party", "I can't go to the review", "I'm not coming to
    /// lunch", "count me out of the review" ("I'm not going to cancel it" is none).
    static func cannotMake(_ s: Sentence, at head: Int) -> Int? {
        // Every form below opens with one of these words: asked of every line, most are
        // turned away by the head word's key before the phrases are compared.
        guard s.word(head, isIn: cannotMakeLeads) else { return nil }
        var i = head
        if s.matches(["count", "me", "out", "of"], at: i) { i += 4 } else {
            if let after = afterCannot(s, at: i) { i = after }
            else if s.word(i, is: "i'm") && s.word(i + 1, is: "not") { i += 2 } else if s.matches(["i", "am", "not"], at: i) { i += 3 }
            else if s.matches(["am", "not"], at: i) { i += 2 }
            else { return nil }
            if s.word(i, is: "be") && s.word(i + 1, isIn: goingWords) && s.word(i + 2, is: "to") { i += 3 }
            else if s.word(i, isIn: goingWords) || s.word(i, isIn: goVerbs), s.word(i + 1, is: "to"), namesAnEvent(s, at: i + 2) { i += 2 }
            else if s.word(i, is: "be") && s.word(i + 1, is: "at") { i += 2 }
            else if s.word(i, isIn: goingWords) && s.word(i + 1, is: "to") && s.word(i + 2, isIn: makeVerbs) { i += 3 }
            else if s.word(i, isIn: makeVerbs) { i += 1 }
            // ("I can't do lunch", "can't do the review friday"; "I can't do my taxes" is none.)
            else if s.word(i, is: "do"), case let k = s.isInDate(i + 1) && s.isInDate(i + 2) == false ? i + 2 : i + 1,
                    s.word(k, isA: .eventNoun) || s.word(k, isIn: definiteWords) && s.word(k + 1, isA: .eventNoun) { i += 1 }
            else { return nil }
        }
        // "I can't make it", "I won't make it!": the event last shown or talked about ("it" is
        // then what the delete reads).
        if s.word(i, is: "it"), (i + 1..<s.body.upperBound).allSatisfy({ s.tokens[$0].isMark }) {
            return i
        }
        if s.word(i, is: "it") { i += 1 }
        if s.word(i, is: "to") { i += 1 }
        guard i < s.body.upperBound, !s.isInDate(i) || s.body.contains(where: { $0 > i && !s.isInDate($0) && s.kind($0) == .word }) else { return nil }
        return i
    }

    /// The words `cannotMake`'s forms open with: "count (me out of)", "i'm (not)", "am (not)",
    /// and those of `afterCannot`.
    static let cannotMakeLeads: WordSet = ["count", "i'm", "am", "i", "can", "can't", "cant", "cannot", "won't", "wont"]

    /// The index after "(I) can't", "(I) cannot", "(I) can not", "(I) won't" at `head`.
    static func afterCannot(_ s: Sentence, at head: Int) -> Int? {
        // Each form opens with one of `cannotMakeLeads` (asked of every line, twice).
        guard s.word(head, isIn: cannotMakeLeads) else { return nil }
        var i = head
        if s.word(i, is: "i") { i += 1 }
        if s.word(i, isIn: cannotWords) { return i + 1 }
        if s.word(i, is: "can"), s.word(i + 1, is: "not") { return i + 2 }
        return nil
    }

    static let cannotWords: WordSet = ["can't", "cant", "cannot", "won't", "wont"]
    static let findVerbs: WordSet = ["find", "see", "locate", "spot"]

    /// The end of "(I) can't find" at `head` when an event's noun follows it ("I can't find
    /// the dentist", "can't see lunch on my calendar"; "can't find my keys" is none).
    static func cannotFind(_ s: Sentence, at head: Int) -> Int? {
        guard let i = afterCannot(s, at: head), s.word(i, isIn: findVerbs) else { return nil }
        var noun = i + 1
        if s.word(noun, isIn: definiteWords) { noun += 1 }
        return s.word(noun, isA: .eventNoun) ? i + 1 : nil
    }
    static let makeVerbs: WordSet = ["make", "attend"]
    static let goingWords: WordSet = ["going", "coming"]

    /// True when the words at `i` name an event, not a thing to do: "the review", "my
    /// standup", "lunch" ("go to sleep", "going to cancel it" are none).
    static func namesAnEvent(_ s: Sentence, at i: Int) -> Bool {
        s.word(i, isIn: definiteWords) || s.word(i, isA: .eventNoun)
    }
    static let goVerbs: WordSet = ["go", "come"]

    /// Verbs that put an event somewhere ("put the standup on my personal calendar").
    static let putVerbs: WordSet = ["put", "place", "stick"]
    static let putPrepositions: WordSet = ["on", "onto", "in", "into", "to"]

    /// "put the dentist on the Work calendar", "put my standup in the personal calendar":
    /// an event said as one already there ("the", "my"), with no day or time, put on a
    /// calendar named ("on my calendar" names none; "put dinner on the Family calendar
    /// tomorrow at 8" makes an event). The index of the calendar's preposition.
    /// With `known`, a calendar the backend has may be named alone ("put the dentist on Work").
    static func putsOnCalendar(_ s: Sentence, at head: Int, known: Names? = nil) -> Int? {
        let body = s.body
        guard s.word(head, isIn: putVerbs), s.word(head + 1, isIn: definiteWords), body.upperBound - head >= 5,
              !body.contains(where: { s.isInDate($0) }) else { return nil }
        var end = body.upperBound
        while end > head, s.tokens[end - 1].isMark || s.word(end - 1, is: "please") { end -= 1 }
        guard s.word(end - 1, isIn: ["calendar", "cal"]) else {
            // "put the standup on Personal", "put my yoga class in the Book club".
            guard let known, !known.calendarWords.isEmpty else { return nil }
            for at in max(head + 3, end - 5)..<(end - 1) where s.word(at, isIn: putPrepositions) {
                var name = at + 1
                if s.word(name, isIn: definiteWords) { name += 1 }
                if name < end, end - name <= 3, (name..<end).allSatisfy({ s.kind($0) == .word }),
                   known.calendar(named: (name..<end).map { s.word($0) }.joined(separator: " ")) != nil { return at }
            }
            return nil
        }
        // The calendar's name: one to three words after the preposition and its article.
        for at in max(head + 3, end - 6)..<(end - 2) where s.word(at, isIn: putPrepositions) {
            var name = at + 1
            if s.word(name, isIn: definiteWords) || s.word(name, is: "your") { name += 1 }
            if name < end - 1, end - 1 - name <= 3 { return at }
        }
        return nil
    }

    static let moveWords: WordSet = ["move", "moving"]
    static let inOrOut: WordSet = ["in", "out"]
    static let homeNouns: WordSet = ["house", "houses", "home", "flat", "flats", "apartment", "apartments"]
    /// Words after "move in"/"move out" that go on about the home ("move out of the flat",
    /// "move in with Ana", "move in together").
    static let afterMovingOut: WordSet = ["of", "from", "into", "to", "with", "together"]

    /// "when am I seeing Ana", "when will I see Carla", "when am I visiting grandma": when the
    /// agenda has someone, asked with a verb of meeting and the person after it.
    static func asksWhenMeeting(_ s: Sentence, head: Int, known: Names) -> Bool {
        guard s.word(head, isIn: whenWords) else { return false }
        for i in s.body where i > head && (s.word(i, isIn: Vocabulary.meetVerbs) || s.word(i, isIn: Vocabulary.talkVerbs) && s.word(i + 1, isIn: talkParticles)) {
            // ("when did I last talk to Priya": the person after the particle.)
            var k = s.word(i, isIn: Vocabulary.meetVerbs) ? i + 1 : i + 2
            if s.word(k, is: "my") || s.word(k, is: "the") { k += 1 }
            guard k < s.body.upperBound, !s.isInDate(k), s.kind(k) == .word else { continue }
            if s.isA(k, .relation) || s.tokens[k].isCapitalized || s.word(k, isIn: known.contactFirstNames) { return true }
            // ("when am i seeing ana next": a name typed in lower case, one word no list knows,
            // the last of the question.)
            let after = k + 1
            if !s.isA(k, .eventNoun), !Vocabulary.isKnown(s.word(k)),
               after >= s.body.upperBound || s.tokens[after].isMark || s.isInDate(after) || s.word(after, is: "next") || s.word(after, is: "again") {
                return true
            }
        }
        return false
    }

    static let talkParticles: WordSet = ["to", "with"]
    static let whenWords: WordSet = ["when", "when's", "whens"]
    /// (Of what is to come: "when was dolly parton born" asks a fact.)
    static let whenVerbs: WordSet = ["is", "are", "'s"]
    static let notNamed: WordSet = ["it", "that", "this", "they", "he", "she", "you", "i", "we", "there", "then", "now", "born", "founded", "invented", "built"]

    /// "when is theos swimming", "when's mia's recital", "when is the book club": when an
    /// event named by its own words is, asked of the agenda (one to four words, no pronoun:
    /// "when is it" is no name; a topic such as "when is sunset" was taken before).
    /// "what time is the optician" too, and the question told within a request ("could you
    /// tell me what time the optician is", "tell me when the party is").
    static func asksWhenNamed(_ s: Sentence, head: Int) -> Bool {
        var first = head
        if s.word(first, is: "tell"), s.word(first + 1, isIn: tellWhom) { first += 2 }
        var i = first
        // ("what time's the train": "time's" one word, the verb in it.)
        let contracted = s.word(first, isIn: contractedWhen) || s.word(first, is: "what") && s.word(first + 1, is: "time's")
        if s.word(i, isIn: whenWords) { i += 1 } else if s.word(i, is: "what"), s.word(i + 1, isIn: AgendaReader.timeWords) { i += 2 } else { return false }
        var end = s.body.upperBound
        while end > i, s.kind(end - 1) == .mark { end -= 1 }
        if s.word(i, isIn: whenVerbs) { i += 1 } else if end - 1 > i, s.word(end - 1, isIn: whenVerbs) { end -= 1 } else if !contracted { return false }
        let rest = i..<end
        return (1...4).contains(rest.count) && rest.allSatisfy { s.kind($0) == .word && !s.word($0, isIn: notNamed) && !s.word($0, isA: .questionWord) }
    }
    static let tellWhom: WordSet = ["me", "us"]
    static let contractedWhen: WordSet = ["when's", "whens"]

    /// True when the delete word at `at` is "cancelled" (or "canceled") ending the body,
    /// after one to four words.
    static func calledOffAlone(_ s: Sentence, at: Int) -> Bool {
        var end = s.body.upperBound
        while end > at + 1, s.tokens[end - 1].isMark { end -= 1 }
        return end == at + 1 && (s.word(at, is: "cancelled") || s.word(at, is: "canceled")) && (1...4).contains(at - s.body.lowerBound)
    }

    /// Words before "have" that make it a proposal ("let's have …").
    static let proposers: WordSet = ["let's", "lets"]
    static let askingAuxiliaries: WordSet = ["do", "am", "will", "shall", "should", "must", "are"]
    static let travelVerbs: WordSet = [
        "fly", "flying", "leave", "leaving", "travel", "travelling", "traveling", "go", "going", "head", "heading", "depart",
        "departing", "drive", "driving", "return", "returning", "arrive", "arriving", "land", "landing", "get", "getting",
    ]
    /// True when "back" after the verb at `head` is followed by a length ("back 30 mins",
    /// "back by an hour").
    static func putsBack(_ s: Sentence, at head: Int) -> Bool {
        guard let back = s.first(in: backWord, from: head + 2) else { return false }
        let length = s.word(back + 1, is: "by") ? back + 2 : back + 1
        return Quantity.minutes(in: s, at: length) != nil
    }
    static let backWord: WordSet = ["back"]
    static let haveWords: WordSet = ["have", "has"]
    /// Words of need before "to" and a verb ("need to leave", "have to go").
    static let needWords: WordSet = ["need", "have", "got", "ought"]
    static let travelParticles: WordSet = ["to", "for", "from", "back", "home", "out", "off", "in", "into", "away"]

    /// "when do I fly to Boston", "when am I leaving for Lisbon", "what time do we head
    /// home": when the agenda has a trip of the person's own, asked with a verb of going
    /// and where ("when do flights to Boston leave" and "when do I need to pay" do not).
    /// "when am I working (next)", "what time do I work": the person's shifts.
    static func asksWhenGoing(_ s: Sentence, head: Int) -> Bool {
        var i = head
        if s.word(i, isIn: whenWords) { i += 1 } else if s.word(i, is: "what"), s.word(i + 1, is: "time") { i += 2 } else { return false }
        guard s.word(i, isIn: askingAuxiliaries), s.word(i + 1) == "i" || s.word(i + 1) == "we" else { return false }
        // "what time do I need to leave for the shoot", "when do we have to head off": the need
        // said before the verb.
        if s.word(i + 2, isIn: needWords), s.word(i + 3, is: "to") { i += 2 }
        // "when am I away", "when are we off work": time away, asked as a trip is.
        if AgendaReader.asksAway(s) { return true }
        let next = i + 3
        let ends = next >= s.body.upperBound || s.tokens[next].isMark || s.isInDate(next)
        if s.word(i + 2, isIn: AgendaReader.workWords) { return ends || s.word(next, isIn: AgendaReader.nextWord) }
        return s.word(i + 2, isIn: travelVerbs) && (ends || s.word(next, isIn: travelParticles))
    }
    static let seeVerbs: WordSet = ["see"]
    static let seenDeterminers: WordSet = ["the", "my", "our", "a", "an"]
    static let indefinite: WordSet = ["a", "an"]

    /// True when the words from `i` name someone to see, or a show to see: a person by a
    /// tie ("mom", "the dentist"), a practitioner ("the physio"), a name written as one or in
    /// the address book ("Ana", "bob"), or anything after "a" ("a movie", "a specialist")
    /// that is no calendar or list of events.
    static func seesSomeone(_ s: Sentence, from i: Int, known: Names) -> Bool {
        var k = i
        let saysA = s.word(k, isIn: indefinite)
        while k < s.body.upperBound, s.word(k, isIn: seenDeterminers) { k += 1 }
        guard k < s.body.upperBound, !s.isInDate(k), s.kind(k) == .word else { return false }
        if s.word(k, isA: .calendarNoun) || s.word(k, isA: .listingNoun) || s.word(k, isA: .questionWord) { return false }
        if s.isA(k, .relation) || s.word(k, isIn: Vocabulary.practitioners) { return true }
        if saysA { return true }
        guard k == i else { return false }
        return (s.tokens[k].isCapitalized && !s.word(k, isA: .eventNoun)) || s.word(k, isIn: known.contactFirstNames)
    }

    /// "tell me to water the plants", "tell me on Tuesday to call Bob": a reminder.
    static func isTellMeTo(_ s: Sentence, at i: Int) -> Bool {
        guard s.word(i, is: "tell"), s.word(i + 1, is: "me") else { return false }
        var j = i + 2
        while j < s.body.upperBound, s.isInDate(j) || s.word(j, isA: .datePreposition) && s.word(j) != "to" { j += 1 }
        return s.word(j) == "to"
    }

    /// Ways of asking to be told: "let me know", "tell me", "notify me" …
    static let toldLeads: PhraseList = [["let", "me", "know"], ["tell", "me"], ["notify", "me"], ["alert", "me"], ["ping", "me"],
                                        ["remind", "me"], ["warn", "me"], ["give", "me", "a", "shout"]]
    static let itIsTime: PhraseList = [["it's", "time", "to"], ["its", "time", "to"], ["it", "is", "time", "to"], ["to"]]

    /// The end of "let me know when it's time to" / "tell me when to" at `head`, when a
    /// thing to do follows it; nil otherwise.
    static func toldWhenTo(_ s: Sentence, at head: Int) -> Int? {
        guard let lead = s.phrase(of: toldLeads, at: head), s.word(head + lead.count, isIn: whenWords),
              let rest = s.phrase(of: itIsTime, at: head + lead.count + 1) else { return nil }
        let end = head + lead.count + 1 + rest.count
        guard end < s.body.upperBound, s.kind(end) == .word, !s.isInDate(end) else { return nil }
        return end
    }

    /// Words before "anymore" that make it a removal: "I don't need the dentist anymore",
    /// "the standup isn't happening any more" ("I can't see the review anymore" is none).
    static let noLongerVerbs: WordSet = ["need", "needs", "needed", "want", "wanted", "happening", "required", "necessary", "going"]

    /// True when a delete phrase starts at `i` ("get rid", "call off", "no longer", "anymore").
    static func deletesByPhrase(_ s: Sentence, at i: Int) -> Bool {
        guard let phrase = s.phrase(of: Vocabulary.deletePhrases, at: i) else { return false }
        guard phrase == ["anymore"] || phrase == ["any", "more"] else { return true }
        return s.first(in: noLongerVerbs, until: i) != nil
    }

    /// "hold friday afternoon", "hold a party on saturday": "hold" keeps time or makes an
    /// event when something follows it ("hold on", "hold it", "please hold" ask to wait).
    static func holdsSomething(_ s: Sentence, at head: Int) -> Bool {
        head + 1 < s.body.upperBound && !s.word(head + 1, isIn: waitParticles)
    }
    static let waitParticles: WordSet = ["on", "up", "off", "it", "that", "this", "please", "tight", "everything"]

    static let buyVerbs: WordSet = ["buy", "purchase", "order", "get"]
    static let ticketWords: WordSet = ["ticket", "tickets"]

    /// "buy tickets for the concert on Friday", "get me tickets to the game": a purchase,
    /// not the concert put on the calendar.
    /// "when is my train", "what time's our bus to leeds", "whens my leeds train": the
    /// person's own trip asked about, an event, not travel to book ("what time is the next
    /// train to leeds" asks a timetable).
    static func asksOwnTrip(_ s: Sentence) -> Bool {
        s.body.contains { at in
            Vocabulary.outOfScopeTopics[s.word(at)] == .travel && (s.word(at - 1, isIn: tripOwners) || s.word(at - 2, isIn: tripOwners) && s.kind(at - 1) == .word)
        }
    }
    static let tripOwners: WordSet = ["my", "our"]

    static func buysTickets(_ s: Sentence, at head: Int) -> Bool {
        guard s.word(head, isIn: buyVerbs) else { return false }
        return (head + 1...head + 3).contains { s.word($0, isIn: ticketWords) }
    }

    static let endingVerbs: WordSet = ["stop", "end", "discontinue"]
    static let startVerbs: WordSet = ["start", "begin"]
    static let checkInParticles: WordSet = ["with", "for", "at", "of", "to"]
    static let openBoundWords: WordSet = ["after", "from", "since", "beyond"]

    /// "stop the weekly sync", "discontinue my recurring standup": an ending verb, "the" or
    /// "my", and a repeat named ("stop the car at 5" is none).
    /// The date of "in january", "in the new year" said after an ending verb's event: a
    /// month, from whose start a series ends; nil for any other line.
    static func endsInAMonth(_ s: Sentence) -> Int? {
        guard let at = s.first(in: inWord), let d = s.tokens.withUnsafeBufferPointer({ $0[at].date }),
              s.dates.withUnsafeBufferPointer({ $0[d].grain == .month && $0[d].recurrence == nil }) else { return nil }
        return d
    }
    static let inWord: WordSet = ["in"]

    static func endsASeries(_ s: Sentence, at head: Int) -> Bool {
        guard s.word(head, isIn: endingVerbs), s.word(head + 1, isIn: definiteWords) else { return false }
        let i = head + 2
        return s.word(i, isIn: Vocabulary.repeatWords) || i < s.body.upperBound && s.tokens[i].date.map { s.dates[$0].recurrence != nil } == true
    }
    /// Words after "shift" at the head that make it the noun ("shift at the cafe", "shift from 9").
    static let shiftNounFollowers: WordSet = ["at", "on", "from", "in", "starts", "starting", "till", "until"]
    static let definiteWords: WordSet = ["the", "my", "our", "this", "that", "tomorrow's", "today's", "friday's", "monday's"]

    /// "stop reminding me to …", "quit reminding me about …": how many words the frame
    /// before the event has (from `head`), nil for any other line. "stop reminding me" alone
    /// is the whole frame: the event on screen, else a question which.
    static func stopsReminding(_ s: Sentence, at head: Int) -> Int? {
        guard s.word(head, isIn: stopVerbs), s.word(head + 1, isIn: remindingWords), s.word(head + 2, isIn: tellWhom) else { return nil }
        if head + 3 == s.body.upperBound { return 3 }
        guard s.word(head + 3, isIn: remindedOf), head + 4 < s.body.upperBound else { return nil }
        return 4
    }
    static let stopVerbs: WordSet = ["stop", "quit"]
    static let remindingWords: WordSet = ["reminding", "remind"]
    static let remindedOf: WordSet = ["to", "about", "of"]
    static let lengthChanges: WordSet = ["longer", "shorter", "earlier", "later", "all-day"]
    static let boundWords: WordSet = ["start", "starts", "begin", "begins", "end", "ends", "finish", "finishes"]

    /// "make the X longer/shorter/earlier/later/all day", "make the X start/end at …", "make
    /// the X 30 minutes (long)": a change of an event named with "the" or "my" ("make a
    /// reservation" stays a new one).
    static func makesAChange(_ s: Sentence, at head: Int) -> Bool {
        guard s.word(head + 1, isIn: definiteWords) else { return shiftsUnnamed(s, at: head) }
        return setsClockOfNamed(s, at: head) || s.body.contains { i in
            i > head + 1 && (s.word(i, isIn: lengthChanges) || (s.word(i, is: "all") && s.word(i + 1, is: "day"))
                || (s.word(i, isIn: boundWords) && i + 1 < s.body.upperBound && s.isInDate(i + 1))
                || (s.word(head, is: "make") && !s.word(i - 1, is: "by") && Quantity.minutes(in: s, at: i).map {
                    $0.next == s.body.upperBound || s.word($0.next, is: "long") && $0.next + 1 == s.body.upperBound } == true))
        }
    }

    /// "make the gym 6:30", "make my standup 9:15 instead": an event named with "the" or
    /// "my" (one to three words), then a clock time alone ending the line — its new time.
    /// ("make the bed at 9", with "at", and "make the cake tomorrow", a day, are things to do.)
    static func setsClockOfNamed(_ s: Sentence, at head: Int) -> Bool {
        guard s.word(head, is: "make") else { return false }
        var end = s.body.upperBound
        while end > head + 1, s.tokens[end - 1].isMark || s.word(end - 1, is: "please") || s.word(end - 1, is: "instead") { end -= 1 }
        guard let d = s.tokens.withUnsafeBufferPointer({ end > head + 3 ? $0[end - 1].date : nil }) else { return false }
        let known = s.dates[d].known
        guard known.contains(.time), !known.contains(.date), !known.contains(.duration) else { return false }
        var first = end - 1
        while first > head + 2, s.tokens.withUnsafeBufferPointer({ $0[first - 1].date }) == d { first -= 1 }
        return (2...4).contains(first - head - 1) && !s.word(first, isIn: clockLeads)
            && (head + 2..<first).allSatisfy { s.kind($0) == .word && !s.isInDate($0) }
    }

    static let clockLeads: WordSet = ["at", "@", "by", "from", "around", "about", "until", "till", "before", "after", "for"]

    /// Words that say which way an event is moved or stretched, when they end the line.
    static let directionWords: WordSet = ["later", "earlier", "sooner", "longer", "shorter"]

    /// "make lunch an hour later", "make standup 15 minutes shorter": an event named without
    /// "the" or "my" (one to three words), then an amount and which way, and nothing else —
    /// a change of it ("make lunch for the kids at 12" makes one). "do" too: "can we do the
    /// dentist an hour earlier".
    static func shiftsUnnamed(_ s: Sentence, at head: Int) -> Bool {
        guard s.word(head, is: "make") || s.word(head, is: "do") else { return false }
        var end = s.body.upperBound
        while end > head + 1, s.tokens[end - 1].isMark || s.word(end - 1, is: "please") { end -= 1 }
        guard end - head >= 4, s.word(end - 1, isIn: directionWords) else { return false }
        for i in (head + 2)...min(head + 4, end - 2) {
            guard let (_, next) = Quantity.minutes(in: s, at: i), next == end - 1 else { continue }
            return (head + 1..<i).allSatisfy { s.kind($0) == .word && (!s.isInDate($0) || s.word($0, isIn: Vocabulary.mealWords)) }
        }
        return false
    }

    /// "start the review at 3", "begin my weekly standup at 9:30 tomorrow": an event named as
    /// one that is there ("the", "my" and a noun phrase ending in an event noun) and then a
    /// clock time, the time it is to start from now on. Without the article or with another
    /// noun it is something new to do ("start a new project review at 3", "start the
    /// dishwasher at 9", "start the day with yoga at 7", "start planning the trip at 5").
    static func startsNamedEventAt(_ s: Sentence, at head: Int) -> Bool {
        guard s.word(head + 1, isIn: definiteWords) else { return false }
        var i = head + 2, noun: Int?
        // The noun phrase runs to the clock time; a day said in it ("weekly") is no noun.
        while i < s.body.upperBound {
            if let d = s.tokens.withUnsafeBufferPointer({ $0[i].date }) {
                if s.dates[d].known.contains(.time) { break }
            } else if s.word(i, isA: .datePreposition) || s.word(i, is: "with") || s.kind(i) == .mark {
                return false
            } else {
                noun = i
            }
            i += 1
        }
        guard let noun, i < s.body.upperBound else { return false }
        // ("start my shift at 7am": a word that is also a verb of moving names no event to move.)
        return s.word(noun, isA: .eventNoun) && !s.word(noun, isA: .updateVerb)
    }

    /// "stop at the bank", "swing by the post office", "drop in on grandma": a visit verb at
    /// `i` with its particle (`Vocabulary.visitVerbs`).
    static func isVisit(_ s: Sentence, at i: Int) -> Bool {
        s.word(i, isIn: Vocabulary.visitVerbs) && s.word(i + 1, isIn: Vocabulary.visitParticles)
    }

    /// True when the words from `i`, after "get", name a thing got ("a haircut", "coffee
    /// with Ana", "my nails done"), not events looked for ("my meetings", "the agenda",
    /// "events", "me Tom's number").
    static func getsAThing(_ s: Sentence, from i: Int) -> Bool {
        guard i < s.body.upperBound, !s.isInDate(i), s.kind(i) == .word, !s.word(i, is: "me") else { return false }
        let owned = s.word(i, isIn: getOwners)
        let thing = owned ? i + 1 : i
        guard thing < s.body.upperBound, !s.isInDate(thing), s.kind(thing) == .word,
              !s.word(thing, isA: [.questionWord, .genericEventNoun, .wholeWord]), !s.word(thing, isIn: DeleteReader.everythingWords) else { return false }
        // "get lunch with Ana", "get a meeting with Bob": one event; "get my meetings",
        // "get the standup": ones there are.
        if s.word(thing, isA: .eventNoun) { return !owned && !s.word(thing).hasSuffix("s") || s.word(i, isIn: getArticles) }
        return true
    }

    /// Words between "get" and the thing got: owners and articles.
    static let getOwners: WordSet = ["a", "an", "some", "my", "the", "our", "his", "her", "their"]
    static let getArticles: WordSet = ["a", "an", "some"]
    /// "del", typed for "delete" first in a line ("del gym on wed").
    static let delWord: WordSet = ["del"]

    /// Words after "check" that carry no thing of their own ("check on the …", "check up on my …").
    static let checkFillers: WordSet = ["the", "my", "our", "a", "an", "on", "up", "in", "at", "for", "out", "me", "again", "please"]

    /// True when the words from `i` name a thing to check (the oven, the mail, grandma) and
    /// ask nothing ("if", "whether", a question word, a conflict): "check the oven at 5".
    static func checksAThing(_ s: Sentence, from i: Int) -> Bool {
        var thing = false
        for j in i..<s.body.upperBound where !s.isInDate(j) && s.kind(j) == .word {
            if s.word(j, isA: .questionWord) || s.word(j, isIn: Vocabulary.checkQuestionWords) || s.word(j, isIn: AgendaReader.overlapWords) {
                return false
            }
            if !s.word(j, isIn: checkFillers) { thing = true }
        }
        return thing
    }

    /// "drop the kids at school", "drop the parcel off at 5": something taken somewhere (with
    /// "off", or "at" a place), when no event is named ("drop the meeting at 3" removes it).
    /// Nouns after "trash" or "empty" that make a household chore of it ("trash day every
    /// thursday", "empty the dishwasher at 8"), not a removal.
    static let choreNouns: WordSet = ["day", "days", "pickup", "pick-up", "collection", "night", "bins", "bin", "dishwasher",
                                      "fridge", "recycling", "cans", "litter"]
    /// What is taken out in a chore ("take out the trash", "take the bins out").
    static let takenOutNouns: WordSet = ["trash", "garbage", "rubbish", "recycling", "bins", "bin", "dog", "compost", "cans"]

    /// True when the delete verb at `i` starts a chore ("trash day", "empty the bins", "take
    /// out the trash", "take the bins out").
    static func namesAChore(_ s: Sentence, at i: Int) -> Bool {
        if s.word(i, is: "take") {
            var j = i + 1
            let outFirst = s.word(j, is: "out")
            if outFirst { j += 1 }
            if s.word(j, is: "the") || s.word(j, is: "my") || s.word(j, is: "our") { j += 1 }
            return s.word(j, isIn: takenOutNouns) && (outFirst || s.word(j + 1, is: "out"))
        }
        guard s.word(i, is: "trash") || s.word(i, is: "empty") else { return false }
        var j = i + 1
        if s.word(j, is: "the") || s.word(j, is: "my") { j += 1 }
        return s.word(j, isIn: choreNouns)
    }

    static func dropsOff(_ s: Sentence, at i: Int) -> Bool {
        guard s.word(i, is: "drop"), !s.has(RouteWord.eventNoun) else { return false }
        return s.body.contains { j in
            j > i && !s.isInDate(j) && (s.word(j, is: "off") || s.word(j, is: "at") && j + 1 < s.body.upperBound && !s.isInDate(j + 1))
        }
    }

    /// "set up", "write down", "take note", "don't forget", "i need a reminder".
    static func isCreatePhrase(_ s: Sentence, at i: Int) -> Bool {
        s.phrase(of: Vocabulary.createPhrases, at: i) != nil
    }

    /// A topic word counts unless the sentence uses it in an event sense
    /// ("list" as the verb at the head, "text" in a file, "order" in "in order to").
    /// "quiz night friday 8pm", "stock take monday 9am", "trivia night on the 12th": a
    /// general question's word said as a thing on at a time, or before "night" and the like,
    /// with no verb and no question.
    static func namesAnOuting(_ s: Sentence) -> Bool {
        if s.dates.contains(where: { $0.known.contains(.time) && !$0.isAllDay }) { return true }
        return s.body.contains { !s.isInDate($0) && Vocabulary.outOfScopeTopics[s.word($0)] == .question && s.word($0 + 1, isIn: outingNouns) }
    }

    static let outingNouns: WordSet = ["night", "nite", "evening", "afternoon", "morning", "session", "practice", "club", "team", "league", "take"]

    static func topicCounts(_ s: Sentence, at i: Int, topic: OutOfScopeTopic) -> Bool {
        let w = s.word(i)
        switch w {
        case "list", "lists":
            // "list my events" (verb), "a list of this week's events", and the contact list are
            // not lists; "shopping list", "to do list" are.
            if i == s.body.lowerBound || s.word(i + 1, isIn: Vocabulary.afterListVerb) { return false }
            if s.word(i - 1, isIn: Vocabulary.listKinds) { return true }
            return !s.has(Vocabulary.contactNouns) && !s.has(Vocabulary.listedThings)
        case "text", "texts", "message", "messages", "post":
            // ("the post office" is a place.)
            if Sentence.same(w, "post"), s.word(i + 1, isA: .placeNoun) { return false }
            return i == s.body.lowerBound || s.word(i - 1, isIn: Vocabulary.beforeMessage)
        case "order":
            // ("email lucas the order list": a list's name.)
            return s.word(i - 1) != "in" && s.word(i + 1) != "list"
        case "outside", "jacket", "umbrella", "layers", "degrees":
            // Weather only when asked about ("will I need an umbrella on Friday"); "lunch outside" is lunch.
            return s.word(s.body.lowerBound, isA: .questionWord)
        case "shopping":
            return s.has(["list", "lists"])
        case "internet", "wifi", "bluetooth", "battery", "hotspot":
            // "can you check my internet connection" is a device's; "fix the wifi on saturday"
            // and "internet engineer thursday 8-12" are things to do then.
            return !s.body.contains { s.isInDate($0) }
        case "grocery", "groceries":
            // ("buy groceries at 5", "stop at the grocery store on friday": an errand, with a day.)
            return s.has(["list", "lists"]) || !s.body.contains { s.isInDate($0) }
        case "train", "trains", "bus":
            // "train to Paris tomorrow at 9" is a trip to put on the calendar; timetables and
            // tickets are not clerk's.
            return s.has(Vocabulary.timetableWords) || s.word(s.body.lowerBound, isA: .questionWord)
        case "ticket", "tickets":
            return !s.has(Vocabulary.eventsNotTickets)
        case "track", "tracks":
            // "keep track of my walks", "lost track of time": not a song.
            return !s.word(i - 1, isIn: Vocabulary.beforeTrackNotSong)
        case "score", "scores":
            // "what's the score of the game", "what were the scores last night": a result
            // asked for ("when is the score review" is an event).
            return s.word(s.body.lowerBound, isA: .questionWord) && s.word(i - 1) == "the" && !s.word(i + 1, isA: .eventNoun)
        default:
            return true
        }
    }

    /// "play …", "turn on …", "send a text …" at the head; "send me a reminder" is not.
    static func headTopicCounts(_ s: Sentence, at i: Int, topic: OutOfScopeTopic) -> Bool {
        switch s.word(i) {
        // ("send the invoice on monday", "send flowers to mom on friday": a thing to do then;
        // "send a text to Bob at 5", "send Ana an email tomorrow" are messages.)
        // "send me the address", "send me the link": something sent, not a reminder.
        case "send": return s.has(Vocabulary.messageNouns) || (s.word(i + 1) == "me" ? s.has(sentThings) : true) && !s.body.contains { s.isInDate($0) }
        // "email for Sam Lee", "email of Ana": the address asked for, as "Ana's email".
        // ("email addresses for everyone": the addresses, a field.)
        case "email", "mail": return !(s.has(Vocabulary.addressOf)) && !(["for", "of"].contains(s.word(i + 1)) && s.body.upperBound - i <= 5)
            && !["address", "addresses"].contains(s.word(i + 1))
        // ("stop at the bank after work", "stop by the pharmacy": a visit.)
        case "stop", "pause", "resume":
            return !s.has(RouteWord.eventNoun) && !isVisit(s, at: i)
        case "turn": return !s.has(Vocabulary.alertNouns)
        // "play some jazz" asks for music; "play tennis with Bob at 5" is an event.
        case "play": return !s.body.contains { s.isInDate($0) } && !s.has(Vocabulary.playedEvents)
        default: return true
        }
    }

    /// Platforms a call is named by ("my zoom", "the webex").
    static let platformEvents: WordSet = ["zoom", "webex", "facetime", "skype", "hangout", "hangouts", "teams"]

    /// What "send me …" asks to have sent: a message, not a reminder ("send me a reminder").
    static let sentThings: WordSet = ["address", "link", "details", "info", "information", "directions", "location", "invite",
                                      "invitation", "agenda", "number", "file", "list", "copy", "summary", "schedule"]

    static let googleWord: WordSet = ["google", "gcal"]
    /// Words of moving a calendar or contacts in or out, which `clerk import`/`export` do.
    static let transferWords: WordSet = ["import", "importing", "export", "exporting", "backup", "ics", "ical", "icalendar", "vcf", "vcard", "vcards"]
    static let googleVerbs: WordSet = ["connect", "sync", "link", "sign", "log", "login", "use", "setup", "integrate", "hook", "work", "access"]

    /// The names of clerk's settings, as people say them.
    static let settingsPhrases: PhraseList = [
        ["working", "hours"], ["work", "hours"], ["working", "day"], ["workday"], ["time", "zone"], ["timezone"], ["settings"],
        ["preferences"], ["config"], ["configuration"], ["default", "event", "length"], ["default", "length"], ["date", "format"],
        ["date", "order"], ["event", "length"], ["default", "duration"],
    ]
    static let settingsVerbs: WordSet = ["set", "change", "update", "make", "switch", "what", "what's", "whats", "show", "my", "open", "edit", "which",
                                         "how", "can", "where"]

    /// "set my working hours to 9-5", "change my time zone to New York", "what's my time
    /// zone", "settings": asked of clerk itself, with no event named.
    static func isAboutSettings(_ s: Sentence) -> Bool {
        let head = s.body.lowerBound
        guard let (at, length) = s.first(of: settingsPhrases) else { return false }
        // ("set the default event length to 30 minutes": the setting's own "event" names none.)
        let namesAnEvent = s.body.contains { !(at..<(at + length)).contains($0) && s.word($0, isA: RouteWord.eventNoun) }
        return at == head || s.word(head, isIn: settingsVerbs) && !namesAnEvent
    }

    /// A line that is only a greeting or thanks ("hello there", "thanks!"), every word of it
    /// (the body leaves out words of politeness, "hello" among them).
    static func smallTalk(_ s: Sentence) -> OutOfScopeTopic? {
        func said(_ range: Range<Int>) -> OutOfScopeTopic? {
            guard range.count <= 8, let first = range.first(where: { !s.tokens[$0].isMark }), s.word(first, isA: .smallTalkStart) else { return nil }
            let words = range.filter { !s.tokens[$0].isMark }.map { s.word($0) }
            if let topic = Vocabulary.smallTalk[words.joined(separator: " ")] { return topic }
            // "thanks so much youve been really helpful": thanks, then praise of its own.
            guard s.word(first, isIn: thanksOpenings) else { return nil }
            for cut in stride(from: words.count - 1, to: 0, by: -1)
            where Vocabulary.smallTalk[words[..<cut].joined(separator: " ")] == .thanks && Vocabulary.smallTalk[words[cut...].joined(separator: " ")] == .thanks {
                return .thanks
            }
            return nil
        }
        // ("Thank you so much, that's very helpful.": the praise after the thanks.)
        return said(s.tokens.indices) ?? (s.body.lowerBound > 0 ? said(s.body) : nil) ?? (introducesSpeaker(s) ? .greeting : nil)
    }

    /// True when a greeting, skipped as a wake word, opens the line ("hello! first time here").
    static func opensWithGreeting(_ s: Sentence) -> Bool {
        guard s.body.lowerBound > 0, let first = s.tokens.indices.first(where: { !s.tokens[$0].isMark }) else { return false }
        return first < s.body.lowerBound && s.word(first, isIn: Vocabulary.greetingWords)
    }

    /// "hi im sam", "hello, i'm new here", "hey there my name is priya", "hi im the coach of an
    /// under 11s team": a greeting, then who is speaking, with no day said — a hello, not an
    /// event to make ("hi im off on friday" says a day, and is one). With no greeting, what
    /// the speaker is or is called, said first: "i'm a wedding photographer", "im new here",
    /// "my name is priya", "i'm a wedding planner" ("i'm a bit late for the standup" is no one).
    static func introducesSpeaker(_ s: Sentence) -> Bool {
        let head = s.body.lowerBound
        guard s.dates.isEmpty, let first = s.tokens.indices.first(where: { !s.tokens[$0].isMark }) else { return false }
        if head > 0 {
            // ("hi i have 3 kids and i keep forgetting stuff", "hello, i run a small shop": what
            // the speaker's life holds, no event named after the verb.)
            return s.word(first, isIn: Vocabulary.greetingWords)
                && (Vocabulary.introducesSpeaker(s.word(head), then: s.word(head + 1))
                    || s.word(head, is: "i") && s.word(head + 1, isIn: lifeVerbs)
                        && !((head + 2)..<s.body.upperBound).contains { s.word($0, isA: .eventNoun) })
        }
        // "i walk dogs for a living", "i have two kids", "i teach piano": what the speaker's life
        // holds, said alone, with no event named after the verb ("i have to call bob", "i have a
        // dentist appointment" are things to do).
        if first == head, s.word(head, is: "i"), s.word(head + 1, isIn: lifeVerbs) || s.word(head + 1, isIn: livingVerbs), s.body.count <= 8,
           !s.word(head + 2, is: "to"), !s.word(head + 2, is: "got"), head + 2 < s.body.upperBound,
           !((head + 2)..<s.body.upperBound).contains(where: { s.word($0, isA: .eventNoun) || s.word($0, isA: .createVerb) }) {
            return true
        }
        // (The head's key first: asked of every line with no date, most open with none of these.)
        guard first == head, s.word(head, isIn: speakerHeads), Vocabulary.introducesSpeaker(s.word(head), then: s.word(head + 1)) else { return false }
        let after = s.word(head, is: "i") ? head + 2 : head + 1
        return s.word(head, is: "my") || s.word(after, isIn: selfDescriptions) && !s.word(after + 1, isIn: degreeWords)
    }
    /// What the speaker says of their life after a greeting ("hi i have three kids", "hello i
    /// run a small shop", "hey i keep forgetting things").
    static let lifeVerbs: WordSet = ["have", "keep", "run", "work", "own", "teach", "manage", "look", "got", "juggle"]
    /// Verbs of how the speaker lives, said alone with no greeting ("i walk dogs for a living").
    static let livingVerbs: WordSet = ["walk", "study", "live", "care", "coach", "volunteer"]
    /// The first words of `Vocabulary.introducesSpeaker`.
    static let speakerHeads: WordSet = ["im", "i'm", "i", "this", "my"]
    /// What opens "i'm a nurse", "im an architect", "i'm new here" after "I am".
    static let selfDescriptions: WordSet = ["a", "an", "new"]
    /// "i'm a bit late", "i'm a little busy": how much, not who.
    static let degreeWords: WordSet = ["bit", "little", "tad", "lot", "few", "touch"]

    /// Words that open thanks which praise may follow ("thanks so much, you're a star").
    static let thanksOpenings: WordSet = ["thanks", "thank", "thx", "ty", "cheers", "ta", "many", "tks", "thnx", "thanx"]

    static let todayWords: Set<String> = ["today", "today's", "todays"]
    /// All that "what's the date" may say besides the date.
    static let dateAloneWords: Set<String> = ["what", "what's", "whats", "is", "the", "current", "date"]

    /// "what time is it", "what's the date today", "what day is it".
    static let travelTimeVerbs: WordSet = ["drive", "get", "walk", "fly", "bike", "cycle", "commute", "travel", "go"]
    static let destinationWords: WordSet = ["to", "there", "home", "from", "back", "into"]

    /// "how long to drive to the offsite", "how long does it take to get to the airport": the
    /// way there, not the event ("how long is the review", "how long to get ready" are none).
    static func asksTravelTime(_ s: Sentence) -> Bool {
        let h = s.body.lowerBound
        guard s.word(h, is: "how"), s.word(h + 1, isIn: AgendaReader.longWords) else { return false }
        for i in (h + 2)..<min(h + 8, s.body.upperBound) where s.word(i - 1, is: "to") && s.word(i, isIn: travelTimeVerbs) {
            if s.word(i + 1, isIn: destinationWords) { return true }
        }
        // "how long is the drive to the offsite", "how long's the walk to the venue".
        let noun = s.word(h + 1, is: "long") ? h + 4 : h + 3
        return (noun == h + 3 || s.word(h + 2, isIn: ["is", "will"])) && s.word(noun - 1, isIn: definiteWords) && s.word(noun, isIn: travelNouns)
            && s.word(noun + 1, isIn: destinationWords)
    }

    /// The way somewhere, as a noun ("the drive to the offsite").
    static let travelNouns: WordSet = ["drive", "walk", "ride", "commute", "journey", "trip"]

    static func isClockQuestion(_ s: Sentence) -> Bool {
        // "week number of dec 31": the week of a day, asked without a question word.
        if weekNumberOfADay(s) || asksTimeDifference(s) { return true }
        if dayKindHeads.mayMeet(s.keyBits), dayKindAsked(s) != nil { return true }
        guard s.word(s.body.lowerBound, isIn: Vocabulary.clockQuestionHeads),
              s.has(Vocabulary.clockNouns) || s.dates.contains(where: { $0.statedTimeZone != nil }) else { return false }
        // "which is the most packed day next week": a day of the agenda ranked.
        if AgendaReader.dayRankCue(s, wantsFreeTime: false) != nil { return false }
        let words = s.body.map { s.tokens[$0].word }
        // "whats on the day after tomorrow", "what is on the day before christmas": what is
        // on a day is the agenda, whichever words name the day.
        if words.count > 2, words[1] == "on" || words[1] == "is" && words[2] == "on" { return false }
        // ("what time is the doctor now", "what time is my flight now": an event as it stands.)
        let namesAfterTime = words.firstIndex(of: "time").map { words[$0...].contains { Self.eventDeterminers.contains($0) } } ?? false
        let asksClock = words.contains("time") && (words.contains("it") || words.last == "now" && !namesAfterTime)
        // "what's the date", "what's today's date", "what day is it today".
        let saysToday = words.contains { Self.todayWords.contains($0) }
        let dateAlone = words.last == "date" && words.allSatisfy { Self.dateAloneWords.contains($0) }
        let asksDate = (words.contains("date") || words.contains("day")) && (words.contains("it") || saysToday || dateAlone) && !words.contains("my")
            && !words.contains("event") && !words.contains("meeting")
        // "what's the date of the first Friday of May", "what day is Easter": a date, not an event.
        var asksDateOf = false
        // ("what's the date next friday", "what date was last monday": the day right after.)
        // ("what day of the week is dec 25": the weekday of a date.)
        // ("what's my busiest day this week" asks the agenda.)
        if !words.contains("my"), let found = s.first(in: ["date", "day"]), found + 1 < s.body.upperBound {
            let at = s.matches(["of", "the", "week"], at: found + 1) ? found + 3 : found
            let from = s.isInDate(at + 1) ? at + 1 : ["of", "is", "was", "will", "does", "did"].contains(s.word(at + 1)) ? at + 2 : s.body.upperBound
            // ("what day does christmas fall on": the verb of falling after the day.)
            asksDateOf = from < s.body.upperBound
                && (from..<s.body.upperBound).allSatisfy { s.isInDate($0) || s.word($0, isIn: Vocabulary.beforeADate) || s.kind($0) == .mark
                    || s.word($0, isIn: fallWords) && $0 > from }
        }
        return asksClock || asksDate || asksDateOf || asksWeek(s) || asksConversion(s, words)
    }

    /// Verbs of a date landing on a day ("what day does christmas fall on").
    static let fallWords: WordSet = ["fall", "falls", "land", "lands", "be"]

    /// The kind of day asked of a date, and the date: "is the 25th a weekday", "is christmas
    /// on a weekend", "does new year fall on a sunday", "will the 3rd be a working day". The
    /// kind is the line's last word; every other word is the date's or one of the small
    /// words around it ("is the 25th a busy day" is none: it asks the agenda).
    static func dayKindAsked(_ s: Sentence) -> (DayKind, DateMatch)? {
        guard s.word(s.body.lowerBound, isIn: dayKindHeads) else { return nil }
        var last = s.body.upperBound - 1
        while last > s.body.lowerBound, s.kind(last) == .mark { last -= 1 }
        var kind: DayKind?
        var first = last
        switch s.word(last) {
        case "weekday", "workday", "weekdays": kind = .weekday
        case "weekend": kind = .weekend
        case "day" where s.word(last - 1) == "working" || s.word(last - 1) == "business" || s.word(last - 1) == "work":
            kind = .weekday
            first = last - 1
        default:
            if let number = Lexicon.weekdays[s.word(last)] { kind = .named(number) }
        }
        // (The reader may read "a saturday" as a date of its own: not the one asked.)
        let kindReading = s.tokens.withUnsafeBufferPointer { $0[last].date }
        guard let kind, let at = s.dates.indices.first(where: { at in
            at != kindReading && s.dates[at].known.contains(.date) && !s.dates[at].known.contains(.time) && s.dates[at].recurrence == nil
        }) else { return nil }
        let said = (s.body.lowerBound + 1)..<first
        guard said.contains(where: { s.isInDate($0) }),
              said.allSatisfy({ s.isInDate($0) || s.word($0, isIn: dayKindGlue) || s.kind($0) == .mark }) else { return nil }
        return (kind, s.dates[at])
    }
    static let dayKindHeads: WordSet = ["is", "does", "will", "was", "isn't", "isnt", "did"]
    static let dayKindGlue: WordSet = ["a", "an", "the", "on", "fall", "falls", "land", "be", "this", "year", "day", "it"]

    /// "what's the time difference with new york", "time difference between london and
    /// tokyo", "how many hours ahead is tokyo", "how far behind is LA": a place's offset
    /// from another or from the person's own ("is the review ahead of schedule" names no place).
    static func asksTimeDifference(_ s: Sentence) -> Bool {
        saysTimeDifference(s) && !Router.placesCompared(s).isEmpty
    }
    /// The words of a question of time difference, with or without a place clerk knows
    /// ("how far behind is narnia" is no misspelt "remind" either).
    static func saysTimeDifference(_ s: Sentence) -> Bool {
        s.has(differenceWords) && s.has(timeWord) || s.has(aheadWords) && s.has(howFarWords)
    }
    static let differenceWords: WordSet = ["difference", "diff", "gap"]
    static let timeWord: WordSet = ["time"]
    static let aheadWords: WordSet = ["ahead", "behind"]
    static let howFarWords: WordSet = ["hours", "hour", "far", "much"]
    /// Words a place follows in a question of time difference.
    static let placeLeads: WordSet = ["with", "to", "in", "and", "between", "from", "is", "of", "vs"]

    /// "what's 3pm london time in new york", "what is 9am PST in Berlin": a time said in one
    /// zone, asked in a place's.
    static func asksConversion(_ s: Sentence, _ words: [String]) -> Bool {
        // ("when is 9am sydney time in my time", "convert 3pm pst to london time", "what is
        // 9am sydney time here".)
        guard ["what", "what's", "whats", "when", "when's", "whens", "convert"].contains(words.first ?? ""),
              words.contains("in") || words.contains("to") || words.last == "here" || words.last == "me",
              s.dates.contains(where: { $0.known.contains(.time) && $0.recurrence == nil && !$0.known.contains(.date) }) else { return false }
        // ("what time is 5pm in tokyo": a time of the person's own, asked in another place's.)
        guard let place = Router.placeAsked(s) else { return false }
        return s.dates.contains(where: { $0.statedTimeZone != nil }) || place != s.zone.identifier
    }

    /// "what week is it", "which week are we in", "what's the week number", "which week of
    /// the year": this week's number; "what week is christmas", "week number of dec 31": the
    /// week of the day said ("what's on this week" is the agenda: it says "on"; "what week
    /// is the offsite" names no day).
    static func asksWeek(_ s: Sentence) -> Bool {
        if weekNumberOfADay(s) { return true }
        let words = s.body.map { s.tokens[$0].word }
        guard let week = words.firstIndex(of: "week"), ["what", "what's", "whats", "which"].contains(words.first ?? ""),
              !words.contains("on"), !words.contains("my") else { return false }
        // ("what day of the week is jan 1" asks the weekday, not the week.)
        if week >= 3, words[(week - 3)..<week] == ["day", "of", "the"] { return false }
        // "what week is christmas", "which week was 3 march", "what week of the year is next friday".
        let afterWeek = s.body.lowerBound + week + 1
        let asked = (afterWeek..<s.body.upperBound).filter { !s.isInDate($0) && !s.word($0, isIn: weekQuestionGlue) && s.kind($0) != .mark }
        if asked.isEmpty, week + 1 < words.count, s.word(afterWeek, isIn: weekQuestionGlue) { return true }
        guard !words.contains("next"), !words.contains("last") else { return false }
        return words.contains("number") || words.contains("it") || words.contains("we") && words.contains("in")
    }

    /// "week number of dec 31", "week no. for christmas": the week a day is in, asked as a
    /// bare noun with nothing but the day after it; "week number?" alone is this week's.
    static func weekNumberOfADay(_ s: Sentence) -> Bool {
        let head = s.body.lowerBound
        guard s.word(head, is: "week"), s.body.count >= 2, ["number", "no", "nr", "#"].contains(s.word(head + 1)) else { return false }
        let rest = (head + 2)..<s.body.upperBound
        if rest.allSatisfy({ s.kind($0) == .mark }) { return true }
        return rest.contains { s.isInDate($0) }
            && rest.allSatisfy { s.isInDate($0) || s.word($0, isIn: weekQuestionGlue) || s.kind($0) == .mark }
    }

    static let eventDeterminers: Set<String> = ["the", "my", "our", "his", "her", "their"]

    /// The small words between "what week" and the day it asks about.
    static let weekQuestionGlue: WordSet = ["is", "was", "will", "be", "does", "falls", "fall", "of", "for", "the", "year", "in"]

    /// "what's on", "what do I have", "what am I up to", "anything going on".
    static func asksWhatsOn(_ s: Sentence, head: Int) -> Bool {
        let words = s.body.map { s.tokens[$0].word }
        if words.contains("on") && (words.first == "what's" || words.first == "whats" || words.first == "what") { return true }
        if let have = words.firstIndex(of: "have"), words.prefix(have).contains("i") || words.prefix(have).contains("do") { return true }
        if words.contains("up") && words.contains("to") { return true }
        // "anything planned", "where should I be", "is there anything else": the agenda in other words.
        return words.contains { Vocabulary.agendaWords.contains($0) }
    }

    /// Verbs clerk's commands start with, for spotting a misspelt one.
    static let headVerbs = NearMiss(Vocabulary.commandVerbs)

    /// True when the head word is no word clerk knows but one edit or two from a command verb.
    static func isMisspeltVerb(_ s: Sentence, at head: Int) -> Bool {
        // The term read where it lies, its kind and date first: `s.tokens[head]` copied it.
        guard s.kind(head) == .word, !s.isInDate(head) else { return false }
        let word = s.word(head)
        guard word.utf8.count >= 5 else { return false }
        // `Vocabulary.isKnown(word)` from what the split found: the classes of a word not
        // corrected are its own, and its key is at hand (isKnown hashed the word twice).
        let (corrected, typedClasses, key) = s.tokens.withUnsafeBufferPointer { ($0[head].isCorrected, $0[head].classes, $0[head].key) }
        let classes = corrected ? WordClass.of(word) : typedClasses
        guard classes.isDisjoint(with: Vocabulary.knownClasses), !Vocabulary.alsoKnown.contains(word, key: key) else { return false }
        // One edit for words up to six letters ("delte"), two beyond ("reschdule").
        guard let verb = headVerbs.closest(to: word, limit: word.utf8.count > 6 ? 2 : 1) else { return false }
        return verb != word
    }

    /// True when the body names one event ("review", "lunch"), not a kind of list.
    static func hasSingularEvent(_ s: Sentence) -> Bool {
        s.body.contains { i in
            s.word(i, isA: .eventNoun) && !s.word(i, isA: .listingNoun) && !s.word(i, isA: .genericEventNoun)
        }
    }

    /// "team offsite in room 4B", "hackathon all day", "review on my Work calendar": a
    /// statement with a place, a calendar, a length or "all day" describes an event.
    static func saysEventDetails(_ s: Sentence) -> Bool {
        // Each word compared where it lies (`word(_:is:)`): `s.word(i)` copied it out first.
        for i in s.body {
            if s.word(i, isA: .wholeWord), s.word(i + 1, is: "day") { return true }
            if s.word(i, is: "in"), s.word(i + 1, isA: .placeNoun) || s.word(i + 2, isA: .placeNoun) { return true }
            if s.word(i, isA: .calendarPreposition), s.word(i + 1, is: "my") || s.word(i + 1, is: "the"), s.word(i + 3, is: "calendar") { return true }
            if s.word(i, is: "for"), Quantity.minutes(in: s, at: i + 1) != nil { return true }
        }
        return false
    }

    /// True when the body has a verb other than "be" (so it is not a bare noun phrase).
    /// "i'm …", "i am …", "we're …": a line opening with what the speaker is.
    static func saysOwnState(_ s: Sentence) -> Bool { afterOwnState(s) != nil }

    /// Where the words after "i'm", "i am", "we're", "we are" opening the line start.
    static func afterOwnState(_ s: Sentence) -> Int? {
        let head = s.body.lowerBound
        if s.word(head, isIn: ownStateOpenings) { return head + 1 }
        if s.word(head, isIn: speakers), s.word(head + 1, isIn: beAfterSpeaker) { return head + 2 }
        return nil
    }
    // Kept, not written in the calls: a `WordSet` literal builds its table at every call
    // (asked of most lines, that was ~2,400 instructions each).
    static let ownStateOpenings: WordSet = ["i'm", "im", "we're"]
    static let speakers: WordSet = ["i", "we"]
    static let beAfterSpeaker: WordSet = ["am", "are", "'m", "'re"]

    static func hasVerb(_ s: Sentence) -> Bool {
        // A line with no verb's word at all is seen from its bits, with no pass.
        guard !s.saidBits.isDisjoint(with: [.createVerb, .deleteVerb, .updateVerb, .showVerb, .statementVerb]) else { return false }
        for i in s.body where !s.isInDate(i) {
            // Words that are nouns as often as verbs ("schedule", "plan", "call") do not count.
            if s.word(i, isA: [.eventNoun, .calendarNoun, .listingNoun]) { continue }
            if s.word(i, isA: [.createVerb, .deleteVerb, .updateVerb, .showVerb, .statementVerb]) { return true }
        }
        return false
    }

    /// "update my calendar with …" is adding, not changing an event.
    static func isCalendarItself(_ s: Sentence, from i: Int) -> Bool {
        var j = i
        while j < s.body.upperBound, s.word(j, isA: .possessive) { j += 1 }
        return s.word(j, isA: .wholeBook)
    }

    static func dateTokenCount(_ s: Sentence) -> Int {
        s.body.reduce(0) { $0 + (s.isInDate($1) ? 1 : 0) }
    }
}
