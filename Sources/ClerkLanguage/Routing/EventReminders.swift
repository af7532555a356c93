internal import ClerkCore

/// A reminder given to an event the line names, with no time of its own: "remind me 30
/// minutes before the review", "remind me about the dentist an hour before", "add a reminder
/// to the dentist 1 hour before", "set a reminder for lunch 15 min before", "add a 10 minute
/// alert to the standup". A change of that event's reminders, not a new event. A line that
/// says a clock time ("remind me 10 minutes before the call with Bob at 3"), or asks to be
/// reminded to do something ("remind me to call mom 10 minutes before"), makes an event as
/// before; "remind me 10 minutes before" alone is a follow-up of the event on screen.
/// "Remove the reminder from the dentist" takes its reminders away (and deletes nothing;
/// "delete the reminder to call mom" deletes that event).
enum EventReminders {
    /// Verbs that give an event a reminder ("add a reminder to …", "set an alert for …").
    static let giveVerbs: WordSet = ["add", "set", "put", "create", "attach", "give", "schedule"]
    static let reminderNouns: WordSet = ["reminder", "reminders", "alert", "alerts", "notification", "notifications"]
    /// `reminderNouns` and "heads" (of "heads up"): one of them is in every reminder `match`
    /// finds without a verb of pinging.
    static let reminderOrHeads = reminderNouns.union(["heads"])
    /// A wish said before the reminder ("I'd like a reminder …", "I need an alert …").
    static let wishes: PhraseList = [["i", "want"], ["i", "need"], ["i'd", "like"], ["i", "would", "like"], ["can", "i", "get"], ["can", "i", "have"]]
    static let objects: WordSet = ["me", "us"]
    /// Verbs that take an event's reminders away ("remove the reminder from the dentist").
    static let removeVerbs: WordSet = ["remove", "delete", "cancel", "clear", "drop", "disable"]
    static let switchVerbs: WordSet = ["turn", "switch"]
    static let removedFrom: WordSet = ["from", "for", "on", "of"]
    /// Between the reminder and the event: "a reminder to the dentist", "remind me about lunch".
    static let joiners: WordSet = ["to", "for", "on", "about", "of", "before"]
    static let trailing: WordSet = ["please", "too", "also", "as", "well"]

    /// Where the parts of such a line are.
    struct Match {
        /// The verb and what goes with it ("remind me", "add a reminder", "set a 10 minute alert").
        var command: Range<Int>
        /// The words naming the event.
        var event: Range<Int>
        /// The reminders, in minutes before the event.
        var minutes: [Int]
        /// The tokens each reminder was said in.
        var said: [Range<Int>]
    }

    static func route(_ s: Sentence, shape: Shape, known: Names) -> Route? {
        match(s, head: shape.head, known: known).map { Route(rule: .eventReminder, command: $0.command) }
    }

    static func match(_ s: Sentence, head h: Int, known: Names) -> Match? {
        // Every match but one after a verb of pinging names a reminder ("reminder", "alert")
        // or a heads-up: a line with neither is seen from the words' keys, before the amounts
        // and the event are read (asked of most lines with no clock time, ~1,900 instructions).
        guard s.word(h, isIn: Vocabulary.pingVerbs) || s.first(in: reminderOrHeads, from: 0, until: s.tokens.count) != nil else { return nil }
        let body = s.body
        if let removed = removal(s, head: h) { return removed }
        var at = h
        var reminded = false
        var ahead: (minutes: Int, said: Range<Int>)?
        if s.word(h, isIn: Vocabulary.pingVerbs) {
            // "remind me 30 minutes before the review", "remind me about the dentist".
            at += 1
            if s.word(at, isIn: objects) { at += 1 }
            // "remind me to call mom …" is a thing to do, not an event there.
            if s.word(at, is: "to") { return nil }
            reminded = true
        } else {
            // "add a reminder to …", "set a 10 minute alert for …", "a reminder for lunch …",
            // "I'd like a reminder …", "give me a heads up …".
            if let wish = s.phrase(of: wishes, at: at) { at += wish.count } else if s.word(at, isIn: giveVerbs) { at += 1 }
            if at > h, s.word(at, isIn: objects) { at += 1 }
            let amount = Quantity.minutes(in: s, at: at)
            if let (minutes, next) = amount, s.word(next, isIn: reminderNouns) {
                // ("a 10 minute reminder", "an hour reminder")
                var from = at
                if from > h, s.word(from - 1, isIn: EventFields.indefiniteArticles) { from -= 1 }
                ahead = (minutes, from..<next)
                at = next
            } else {
                if s.word(at, isIn: EventFields.indefiniteArticles) || s.word(at, is: "one") { at += 1 }
                if let (minutes, next) = Quantity.minutes(in: s, at: at), s.word(next, isIn: reminderNouns) {
                    ahead = (minutes, at..<next)
                    at = next
                }
            }
            if s.word(at, is: "heads"), s.word(at + 1, is: "up") { at += 1 } else if !s.word(at, isIn: reminderNouns) { return nil }
            at += 1
        }
        let command = h..<(ahead?.said.lowerBound ?? at)
        // "add a 15 minute reminder" with an event on screen: that one's.
        if at == body.upperBound, let ahead, s.eventOnScreen, !reminded {
            return Match(command: command, event: body.upperBound..<body.upperBound, minutes: [ahead.minutes], said: [ahead.said])
        }
        guard at < body.upperBound else { return nil }
        var used = s.usedOutsideBody
        for i in h..<at { used[i] = true }
        let details = EventDetails(s, range: at..<body.upperBound, known: known, used: used)
        var minutes = details.reminderMinutes, said = details.reminderTokens
        if let ahead {
            minutes.insert(ahead.minutes, at: 0)
            said.insert(ahead.said, at: 0)
        }
        guard !minutes.isEmpty, details.durationMinutes == nil else { return nil }
        // The event: the words left between the reminders, a joiner before them.
        var inReminder = TokenMask(count: s.count)
        for r in said { for i in r { inReminder[i] = true } }
        let rest = (at..<body.upperBound).filter { !inReminder[$0] }
        let namesAnEvent = rest.contains { !s.word($0, isIn: joiners) && !s.word($0, isIn: trailing) && !s.tokens[$0].isMark }
        guard namesAnEvent, var first = rest.first else {
            // "set a reminder 15 mins before", "add a 10 minute alert" with an event on screen
            // and none named: that one's ("remind me 10 minutes before" is a follow-up of its own).
            guard s.eventOnScreen, !reminded else { return nil }
            return Match(command: command, event: body.upperBound..<body.upperBound, minutes: minutes, said: said)
        }
        let afterBefore = first > at && s.word(first - 1, is: "before")
        if s.word(first, isIn: joiners) { first += 1 }
        var last = rest.last! + 1
        while last > first, s.tokens[last - 1].isMark || s.word(last - 1, isIn: trailing) { last -= 1 }
        guard first < last, (first..<last).allSatisfy({ !inReminder[$0] }),
              rest.allSatisfy({ (first..<last).contains($0) || $0 < first || s.tokens[$0].isMark || s.word($0, isIn: trailing) })
        else { return nil }
        // A day may say which event ("the dentist tomorrow"), a meal may be one ("for
        // lunch"); a clock time is the time of a new event ("… the call with Bob at 3").
        for d in details.dates where s.dates[d].known.contains(.time) {
            let words = (first..<last).filter { s.tokens[$0].date == d }
            guard !words.isEmpty, words.allSatisfy({ s.word($0, isIn: Vocabulary.mealWords) || s.word($0, isIn: joiners) }) else { return nil }
        }
        // "a two day notification before maria's birthday": a person's day, no event of the
        // calendar's to change.
        if s.kind(first) == .word, s.tokens[first].base.count < s.tokens[first].word.count, !s.word(first, isIn: Classifier.definiteWords) { return nil }
        // "remind me 30 minutes before standup": after "before" any event; "remind me about
        // …" one said as there ("the review", "my standup").
        if reminded, !afterBefore, !(s.word(first - 1, isIn: joiners) && s.word(first, isIn: Classifier.definiteWords)) { return nil }
        return Match(command: command, event: first..<last, minutes: minutes, said: said)
    }

    /// "remove the reminder from the dentist", "turn off the alerts for the standup", "delete
    /// my reminders on the review": no reminders for that event (`minutes` empty).
    static func removal(_ s: Sentence, head h: Int) -> Match? {
        var at = h
        if s.word(h, isIn: removeVerbs) { at += 1 } else if s.word(h, isIn: switchVerbs), s.word(h + 1, is: "off") { at += 2 } else { return nil }
        // ("delete all reminders of sunday", "remove all the reminders from the calendar" take
        // the events away, which are the reminders.)
        if s.word(at, isIn: Classifier.definiteWords) || s.word(at, is: "any") { at += 1 }
        guard s.word(at, isIn: reminderNouns), s.word(at + 1, isIn: removedFrom) else { return nil }
        var end = s.body.upperBound
        while end > at + 2, s.tokens[end - 1].isMark || s.word(end - 1, isIn: trailing) { end -= 1 }
        // ("remove the reminder from todo.txt" is the file's.)
        guard end > at + 2, !(at + 2..<end).contains(where: { s.tokens[$0].kind == .fileName || s.word($0, isIn: EventFields.fileWords) }),
              (at + 2..<end).contains(where: { !s.isInDate($0) && s.kind($0) == .word && !s.word($0, isA: .calendarNoun)
                  && !s.word($0, isIn: Classifier.definiteWords) && !s.word($0, isIn: Vocabulary.determiners) })
        else { return nil }
        return Match(command: h..<(at + 2), event: (at + 2)..<end, minutes: [], said: [])
    }

    static func read(_ s: Sentence, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        guard let found = match(s, head: route.command.lowerBound, known: known) else { return .updateEvent(.lastShown, EventChanges()) }
        var used = s.usedOutsideBody
        for i in s.body where !found.event.contains(i) { used[i] = true }
        var words: [Slot] = []
        var reference = EventReference.lastShown
        if found.event.isEmpty {
            words.append(Slot(kind: .reference, ranges: [], value: "it", rule: "reminder-of-it"))
        } else {
            reference = ReferenceReader.read(s, range: found.event, used: used, known: known, slots: &words)
            EventFields.namedAfterFor(s, event: found.event, reference: &reference, slots: &words)
        }
        slots += words
        for (minutes, said) in zip(found.minutes, found.said) {
            slots.append(s.slot(.reminder, said, value: String(minutes), rule: "reminder-of-event"))
        }
        if found.minutes.isEmpty { slots.append(s.slot(.reminder, found.command, value: "none", rule: "reminders-removed")) }
        var changes = EventChanges()
        changes.reminderMinutes = found.minutes
        return .updateEvent(reference, changes)
    }
}
