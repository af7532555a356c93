internal import ClerkCore

/// The kinds of request the classifier tells apart; the readers fill in the details.
enum RouteKind: Equatable {
    case createEvent, queryAgenda, updateEvent, deleteEvent, contactLookup
    case fileList, fileRead, fileWrite, fileDelete
    case calendars, createCalendar, help, login, logout, status, undo, quit
    case outOfScope(OutOfScopeTopic?)
}

/// The classifier's verdict: the kind, the rule that decided it, and the command words
/// (token indices) so readers can leave them out of titles.
struct Route {
    var kind: RouteKind
    var rule: String
    var command: Range<Int>
}

/// What a sentence looks like, measured once: its head verb, whether it asks, which kinds
/// of words it holds. The decision in `Classifier.route` reads only these.
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

/// Decides which intent a sentence asks for, by ordered rules. Each rule is a sentence shape
/// people use; the first that fits wins, and its name travels with the result.
enum Classifier {
    static func route(_ s: Sentence, known: Names) -> Route {
        let shape = measure(s)
        let head = shape.head
        let body = s.body
        let command = head..<shape.afterVerb
        func route(_ kind: RouteKind, _ rule: String, _ command: Range<Int>? = nil) -> Route {
            Route(kind: kind, rule: rule, command: command ?? head..<head)
        }

        // 1. Fixed commands: help, log in/out, undo, quit, calendars, new calendar.
        if let fixed = FixedCommands.match(s) { return fixed }
        //    A misspelt command verb ("shedule …", "delte …") is not a title: ask instead.
        if isMisspeltVerb(s, at: head) { return route(.outOfScope(nil), "misspelt-command") }

        // 2. Files: a file name, or the word "files" with a file verb.
        if shape.hasFileName || (shape.hasFileNoun && !shape.hasEventNoun && !shape.hasContactNoun)
            || FilePhrases.knownFileIndex(s, known: known) != nil {
            if let file = FilePhrases.route(s, shape: shape, known: known) { return file }
        }

        // 3. Follow-up edits of the event on screen ("make it 13:30", "call it Team lunch").
        if let followUp = FollowUps.route(s, shape: shape, known: known) { return followUp }

        // 4. Things clerk does not do (alarms, weather, music …), unless the calendar is named
        //    or the person asks to be reminded. A weak topic (a restaurant, a ticket, a
        //    question) yields to a calendar verb with an event ("cancel lunch at the restaurant").
        if let topic = shape.topic, !shape.hasCalendarNoun, !shape.remind || topic == .alarm || topic == .timer {
            // A statement of an event with a date yields too ("dinner at the restaurant on Friday").
            let statesEvent = shape.headVerb == .none && !shape.isQuestion && shape.hasDate && topic != .clock
            let yields = Self.weakTopics.contains(topic) && shape.hasEventNoun
                && ((shape.headVerb != .none && shape.headVerb != .show) || statesEvent)
            if !yields { return route(.outOfScope(topic), "topic:\(topic.rawValue)") }
        }
        //    Adding or changing a contact is not something clerk does either.
        let addsSomething = shape.headVerb == .create || shape.headVerb == .update || ["store", "keep", "use", "get"].contains(s.word(head))
            || s.has(["add", "save"])
        if addsSomething, !shape.hasEventNoun, !shape.hasCalendarNoun,
           shape.hasContactNoun || ((shape.hasEmail || shape.contactField == .email || shape.contactField == .phone) && !shape.hasDate) {
            if !(shape.headVerb == .show && !shape.hasEmail && !s.has(["add", "save"])) {
                return route(.outOfScope(.contactEditing), "contact-editing", command)
            }
        }

        // 5. Removing events: a delete verb at the head, or anywhere when the sentence is about
        //    events ("whatever the next event is, delete it").
        if shape.headVerb == .delete {
            if shape.hasContactNoun && !shape.hasEventNoun && !shape.hasCalendarNoun {
                return route(.outOfScope(.contactEditing), "delete-contact", command)
            }
            return route(.deleteEvent, "delete-verb", command)
        }
        // "is jimmie's party on friday cancelled" asks; "can that event be removed" requests.
        let asksStatus = ["is", "was", "are", "were", "has", "have", "did"].contains(s.word(head)) && shape.isQuestion
        if let at = shape.deleteAt, shape.headVerb != .create || s.word(head) == "make", !asksStatus,
           shape.hasEventNoun || shape.hasCalendarNoun || shape.pronounAt != nil || shape.hasDate {
            return route(.deleteEvent, "delete-in-sentence", at..<(at + 1))
        }
        //    "make my calendar empty", "make blank on july three calendar", "no lunch date tomorrow".
        if shape.hasCalendarNoun, let at = s.first(in: ["blank", "empty", "clear", "clean", "cleared", "emptied"]) {
            return route(.deleteEvent, "clear-calendar", at..<(at + 1))
        }
        if s.word(head) == "no", shape.hasEventNoun, !shape.isQuestion {
            return route(.deleteEvent, "no-event", head..<(head + 1))
        }
        //    "take lunch meeting off my calendar".
        if ["take", "get", "knock"].contains(s.word(head)), let off = s.first(in: ["off", "out", "away"], from: head + 1),
           shape.hasCalendarNoun || shape.hasEventNoun, !shape.remind {
            return route(.deleteEvent, "take-off", off..<(off + 1))
        }

        // 6. Changing events: "move the review to Tuesday", "rename the standup to Daily".
        if shape.headVerb == .update, !isCalendarItself(s, from: shape.afterVerb) {
            return route(.updateEvent, "update-verb", command)
        }

        // 7. People: a contact's field, the address book, "call Ana", "who is Carla Gomez".
        if let contact = ContactPhrases.route(s, shape: shape, known: known) { return contact }

        // 8. Questions about the agenda, and noun phrases that name it ("upcoming events").
        if shape.isQuestion || shape.headVerb == .show, !shape.remind {
            if shape.hasEventNoun || shape.hasCalendarNoun || shape.hasFreeWord || shape.hasDate || shape.hasListingNoun
                || shape.hasUpcomingWord || asksWhatsOn(s, head: head) {
                return route(.queryAgenda, shape.isQuestion ? "question" : "show-verb", command)
            }
            if shape.headVerb == .show, s.word(head) != "what" {
                return route(.outOfScope(.question), "show-unknown", command)
            }
            return route(.outOfScope(.question), "question-unknown")
        }

        // 9. Creating events: a create verb, a reminder, or a statement about an event.
        if shape.headVerb == .create || shape.remind {
            return route(.createEvent, shape.remind ? "remind" : "create-verb", command)
        }
        // A noun phrase about events in the plural or the schedule asks to see them
        // ("upcoming events", "today's schedule", "free slots"); one event with its details
        // asks to create it ("dentist appointment today at nine", "standup on my Work calendar").
        let nounPhraseOnly = shape.headVerb == .none && !hasVerb(s)
        if nounPhraseOnly, shape.hasListingNoun || (!shape.hasTimeOfDay && (shape.hasFreeWord || (shape.hasUpcomingWord && shape.hasEventNoun)
            || (shape.hasCalendarNoun && !hasSingularEvent(s)))) {
            return route(.queryAgenda, "noun-phrase")
        }
        // "today was a tiring day": a statement about the past asks for nothing.
        if s.has(["was", "were", "did", "went", "had"]), !shape.hasTimeOfDay {
            return route(.outOfScope(nil), "past-statement")
        }
        if shape.hasEventNoun || shape.hasTimeOfDay || (shape.hasDate && body.count > dateTokenCount(s)) {
            return route(.createEvent, "event-statement")
        }
        if !shape.isQuestion, saysEventDetails(s) {
            return route(.createEvent, "event-details")
        }
        if shape.hasDate {
            return route(.queryAgenda, "date-only")
        }

        // 10. Anything else: out of scope, with a guess when the head looks like a misspelt command.
        return route(.outOfScope(nil), "unknown")
    }

    /// Topics that give way to a calendar verb with an event in the sentence.
    static let weakTopics: Set<OutOfScopeTopic> = [.question, .travel, .weather, .news, .clock]

    /// Reads the shape of a sentence once.
    static func measure(_ s: Sentence) -> Shape {
        // The verb may follow a date said first ("on Tuesday remind me …", "tomorrow cancel …").
        var head = s.body.lowerBound
        while head + 1 < s.body.upperBound, s.tokens[head].isInDate || s.tokens[head].isMark
                || (EventDetails.datePrepositions.contains(s.word(head)) && s.tokens[head + 1].isInDate) {
            head += 1
        }
        if head + 1 >= s.body.upperBound, s.tokens[head].isInDate { head = s.body.lowerBound }
        var shape = Shape(head: head, afterVerb: head)
        let w0 = s.word(head)

        // The head verb and the particles that belong to it ("remind me to", "set up a").
        if Vocabulary.deleteVerbs.contains(w0) || Vocabulary.deletePhrases.contains(where: { s.matches($0, at: head) && $0.count > 1 && $0[0] != "no" && $0[0] != "any" }) {
            shape.headVerb = .delete
        } else if Vocabulary.updateVerbs.contains(w0) && !(w0 == "bring" && s.word(head + 1) != "forward") {
            shape.headVerb = .update
        } else if Vocabulary.createVerbs.contains(w0) || isCreatePhrase(s, at: head) {
            shape.headVerb = .create
        } else if Vocabulary.showVerbs.contains(w0) && w0 != "what" {
            shape.headVerb = .show
        }
        // "schedule", "today's schedule", "my plan": a verb with nothing after it is a noun.
        if shape.headVerb == .create, head + 1 >= s.body.upperBound, Vocabulary.calendarNouns.contains(w0) || Vocabulary.eventNouns.contains(w0) {
            shape.headVerb = .none
        }
        shape.afterVerb = shape.headVerb == .none ? head : CommandWords.end(of: s, from: head)
        shape.remind = ["remind", "remember", "notify", "alert"].contains(w0) || isCreatePhrase(s, at: head) && ["don't", "dont", "be", "make"].contains(w0)
            || isTellMeTo(s, at: head)

        let afterDate = head > s.body.lowerBound && ["is", "are", "was", "were"].contains(w0)
        shape.isQuestion = (Vocabulary.questionWords.contains(w0) && !afterDate) || s.word(s.body.upperBound) == "?"
            || Self.questionHeads.contains { s.matches($0, at: head) }
            || (shape.headVerb == .none && s.first(of: Self.questionsInside) != nil)
        if shape.headVerb == .create && (w0 == "notify" || w0 == "alert") { shape.isQuestion = false }

        var i = s.body.lowerBound
        while i < s.body.upperBound {
            let t = s.tokens[i]
            let w = t.word
            // The verb at the head is not also a noun ("show …", "call Ana", "schedule lunch").
            if i == head, shape.headVerb != .none || ContactPhrases.callVerbs.contains(w) {
                i += 1
                continue
            }
            if t.isInDate {
                shape.hasDate = true
                if let d = t.date, s.dates[d].known.contains(.time) { shape.hasTimeOfDay = true }
                i += 1
                continue
            }
            switch t.kind {
            case .fileName: shape.hasFileName = true
            case .email: shape.hasEmail = true
            default: break
            }
            guard !t.classes.isEmpty else { i += 1; continue }
            if t.is(.eventNoun) || t.baseIs(.eventNoun) { shape.hasEventNoun = true }
            if t.is(.calendarNoun), w != "day", w != "week" { shape.hasCalendarNoun = true }
            if t.is(.listingNoun) { shape.hasListingNoun = true }
            if t.is(.upcoming) { shape.hasUpcomingWord = true }
            if t.is(.free), w != "off", w != "break" { shape.hasFreeWord = true }
            if t.is(.contactNoun) || (w == "book" && (s.word(i - 1) == "address" || s.word(i - 1) == "phone")) {
                shape.hasContactNoun = true
            }
            if shape.contactField == nil, t.is(.contactField), let field = Vocabulary.contactFields[w], field != .all { shape.contactField = field }
            if t.is(.fileNoun) { shape.hasFileNoun = true }
            if shape.pronounAt == nil, t.is(.pronoun), i > head { shape.pronounAt = i }
            switch w {
            case "remind", "reminded", "remember": shape.remind = true
            case "forget": if ["don't", "dont"].contains(s.word(i - 1)) || s.word(i - 1) == "me" && s.word(i - 2) == "let" { shape.remind = true }
            case "tell": if isTellMeTo(s, at: i) { shape.remind = true }
            default: break
            }
            if shape.deleteAt == nil, i > head || shape.headVerb == .delete {
                if t.is(.deleteVerb) && !t.is(.headOnlyDelete) {
                    shape.deleteAt = i
                } else if Vocabulary.deletePhraseStarts.contains(w), Vocabulary.deletePhrases.contains(where: { s.matches($0, at: i) }) {
                    shape.deleteAt = i
                }
            }
            if shape.topic == nil, t.is(.topic), let topic = Vocabulary.outOfScopeTopics[w], topicCounts(s, at: i, topic: topic) {
                shape.topic = topic
            }
            i += 1
        }
        if shape.topic == nil, let topic = Vocabulary.outOfScopeHeads[w0], headTopicCounts(s, at: head, topic: topic) {
            shape.topic = topic
        }
        if shape.topic == nil, isClockQuestion(s) { shape.topic = .clock }
        // "in my area", "near me": public events and places, not the person's calendar.
        if shape.topic == nil, s.first(of: Vocabulary.localPlaces) != nil {
            shape.topic = .question
        }
        // "remind me" at the head of a question is still a reminder ("can you remind me …").
        if shape.remind, shape.headVerb == .none, w0 == "remind" { shape.headVerb = .create }
        if w0 == "remind" || w0 == "remember" { shape.isQuestion = false }
        return shape
    }

    /// Openings that ask without a question word.
    static let questionHeads: [[String]] = [["let", "me", "know"], ["i", "want", "to", "know"]]
    /// Question forms later in a line ("on my calendar are there any birthdays").
    static let questionsInside: [[String]] = [["are", "there"], ["is", "there"], ["do", "i", "have"], ["am", "i"]]
    /// Phrases that create ("write down", "take note", "don't forget").
    static let createPhrases: [[String]] = [["write", "down"], ["take", "note"], ["don't", "forget"], ["dont", "forget"], ["don't", "let"],
                                            ["be", "sure"], ["make", "sure", "to"], ["sign", "me", "up"], ["i", "need", "a", "reminder"]]

    /// "tell me to take my umbrella", "tell me on Tuesday to call Jane": a reminder.
    static func isTellMeTo(_ s: Sentence, at i: Int) -> Bool {
        guard s.word(i) == "tell", s.word(i + 1) == "me" else { return false }
        var j = i + 2
        while j < s.body.upperBound, s.tokens[j].isInDate || EventDetails.datePrepositions.contains(s.word(j)) && s.word(j) != "to" { j += 1 }
        return s.word(j) == "to"
    }

    /// "set up", "write down", "take note", "don't forget", "i need a reminder".
    static func isCreatePhrase(_ s: Sentence, at i: Int) -> Bool {
        createPhrases.contains { s.matches($0, at: i) }
    }

    /// A topic word counts unless the sentence uses it in an event sense
    /// ("list" as the verb at the head, "text" in a file, "order" in "in order to").
    static func topicCounts(_ s: Sentence, at i: Int, topic: OutOfScopeTopic) -> Bool {
        let w = s.word(i)
        switch w {
        case "list", "lists":
            // "list my events" (verb), "the list of upcoming events", and the contact list are not lists;
            // "shopping list", "to do list" are.
            if i == s.body.lowerBound || ["out", "all", "my", "of"].contains(s.word(i + 1)) { return false }
            if ["shopping", "grocery", "groceries", "do", "todo", "to-do", "party", "vacation", "wish", "reading"].contains(s.word(i - 1)) { return true }
            return !s.has(Vocabulary.contactNouns) && !s.has(["email", "reminder", "reminders", "events", "meetings"])
        case "text", "texts", "message", "messages", "post":
            return i == s.body.lowerBound || ["a", "send", "any", "new", "my", "the", "facebook"].contains(s.word(i - 1))
        case "order":
            return s.word(i - 1) != "in"
        case "outside", "jacket", "umbrella", "layers", "degrees":
            // Weather only when asked about ("do i need a jacket today"); "lunch outside" is lunch.
            return Vocabulary.questionWords.contains(s.word(s.body.lowerBound))
        case "shopping":
            return s.has(["list", "lists"])
        case "train", "trains", "bus":
            // "train to Paris tomorrow at 9" is a trip to put on the calendar; timetables and
            // tickets are not clerk's.
            return s.has(["ticket", "tickets", "timetable", "running", "schedule"]) || Vocabulary.questionWords.contains(s.word(s.body.lowerBound))
        case "ticket", "tickets":
            return !s.has(["meeting", "meetings", "appointment", "event", "calendar"])
        default:
            return true
        }
    }

    /// "play …", "turn on …", "send a text …" at the head; "send me a reminder" is not.
    static func headTopicCounts(_ s: Sentence, at i: Int, topic: OutOfScopeTopic) -> Bool {
        switch s.word(i) {
        case "send": return !(s.word(i + 1) == "me") || s.has(["email", "text", "message", "mail", "tweet"])
        case "email", "mail": return !(s.has(["address", "id", "of"]))
        case "stop", "pause", "resume": return !s.has(Vocabulary.eventNouns)
        case "turn": return !s.has(["reminders", "reminder", "notifications"])
        // "play adele" asks for music; "play tennis with Bob at 5" is an event.
        case "play": return !s.body.contains { s.tokens[$0].isInDate } && !s.has(["calendar", "meeting", "game", "match"])
        default: return true
        }
    }

    /// "what time is it", "what's the date today", "what day is it".
    static func isClockQuestion(_ s: Sentence) -> Bool {
        guard ["what", "what's", "whats", "tell", "could", "which", "i"].contains(s.word(s.body.lowerBound)),
              s.has(["time", "date", "day"]) else { return false }
        let words = s.body.map { s.tokens[$0].word }
        let asksClock = words.contains("time") && (words.contains("it") || words.last == "now")
        let asksDate = (words.contains("date") || words.contains("day")) && (words.contains("it") || words.contains("today")) && !words.contains("my")
            && !words.contains("event") && !words.contains("meeting")
        // "what's the date of last monday of this month", "what day is christmas": a date, not an event.
        var asksDateOf = false
        if let at = s.first(in: ["date", "day"]), ["of", "is"].contains(s.word(at + 1)), at + 2 < s.body.upperBound {
            asksDateOf = (at + 2..<s.body.upperBound).allSatisfy { s.tokens[$0].isInDate || ["the", "this", "on"].contains(s.word($0)) }
        }
        return asksClock || asksDate || asksDateOf
    }

    /// "what's on", "what do I have", "what am I up to", "anything going on".
    static func asksWhatsOn(_ s: Sentence, head: Int) -> Bool {
        let words = s.body.map { s.tokens[$0].word }
        if words.contains("on") && (words.first == "what's" || words.first == "whats" || words.first == "what") { return true }
        if let have = words.firstIndex(of: "have"), words.prefix(have).contains("i") || words.prefix(have).contains("do") { return true }
        if words.contains("happening") || words.contains("going") || words.contains("up") && words.contains("to") { return true }
        if words.contains("planned") || words.contains("scheduled") || words.contains("plans") { return true }
        // "is there anything i need to be aware of", "where am i supposed to be".
        if words.contains("anything") || words.contains("supposed") || words.contains("else") { return true }
        return false
    }

    /// Verbs clerk's commands start with, for spotting a misspelt one.
    static let headVerbs = NearMiss(["schedule", "delete", "remove", "cancel", "remind", "create", "reschedule", "rename",
                                     "append", "replace", "show", "list", "move", "change", "update", "calendars"])

    /// True when the head word is no word clerk knows but one edit or two from a command verb.
    static func isMisspeltVerb(_ s: Sentence, at head: Int) -> Bool {
        let t = s.tokens[head]
        guard t.kind == .word, t.word.utf8.count >= 5, !t.isInDate, !Vocabulary.isKnown(t.word) else { return false }
        // One edit for words up to six letters ("delte"), two beyond ("reschdule").
        guard let verb = headVerbs.closest(to: t.word, limit: t.word.utf8.count > 6 ? 2 : 1) else { return false }
        return verb != t.word
    }

    /// True when the body names one event ("review", "lunch"), not a kind of list.
    static func hasSingularEvent(_ s: Sentence) -> Bool {
        s.body.contains { i in
            let w = s.word(i)
            return Vocabulary.eventNouns.contains(w) && !Vocabulary.listingNouns.contains(w) && !Vocabulary.genericEventNouns.contains(w)
        }
    }

    /// "team offsite in room 4B", "hackathon all day", "review on my Work calendar": a
    /// statement with a place, a calendar, a length or "all day" describes an event.
    static func saysEventDetails(_ s: Sentence) -> Bool {
        for i in s.body {
            let w = s.word(i)
            if ["all", "whole"].contains(w), s.word(i + 1) == "day" { return true }
            if w == "in", EventDetails.placeNouns.contains(s.word(i + 1)) || EventDetails.placeNouns.contains(s.word(i + 2)) { return true }
            if ["on", "in", "to"].contains(w), s.word(i + 1) == "my" || s.word(i + 1) == "the", s.word(i + 3) == "calendar" { return true }
            if w == "for", Quantity.minutes(in: s, at: i + 1) != nil { return true }
        }
        return false
    }

    /// True when the body has a verb other than "be" (so it is not a bare noun phrase).
    static func hasVerb(_ s: Sentence) -> Bool {
        for i in s.body where !s.tokens[i].isInDate {
            let w = s.word(i)
            // Words that are nouns as often as verbs ("schedule", "plan", "call") do not count.
            if Vocabulary.eventNouns.contains(w) || Vocabulary.calendarNouns.contains(w) || Vocabulary.listingNouns.contains(w) { continue }
            if Vocabulary.createVerbs.contains(w) || Vocabulary.deleteVerbs.contains(w) || Vocabulary.updateVerbs.contains(w)
                || Vocabulary.showVerbs.contains(w) || ["have", "go", "see", "visit", "attend", "take", "is", "are", "will", "need", "want", "pick"].contains(w) {
                return true
            }
        }
        return false
    }

    /// "update my calendar with …" is adding, not changing an event.
    static func isCalendarItself(_ s: Sentence, from i: Int) -> Bool {
        var j = i
        while j < s.body.upperBound, ["my", "the", "your"].contains(s.word(j)) { j += 1 }
        return s.word(j) == "calendar" || s.word(j) == "contacts" || s.word(j) == "contact"
    }

    static func dateTokenCount(_ s: Sentence) -> Int {
        s.body.reduce(0) { $0 + (s.tokens[$1].isInDate ? 1 : 0) }
    }
}
