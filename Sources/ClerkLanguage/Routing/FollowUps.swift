internal import ClerkCore

/// Edits of the event on screen, said as a follow-up: "make it 13:30", "for 2 hours",
/// "on Personal instead", "add Bob", "call it Team lunch", "rename it to Team lunch",
/// "move it to Friday", "at Café Central instead". They become `update_event` of "it".
enum FollowUps {
    /// Verbs that take "it" and a new value ("make it 13:30", "move it to Friday").
    static let changeVerbs: WordSet = ["make", "set", "change", "move", "push", "put", "switch", "shift", "turn", "bring", "reschedule", "postpone", "extend", "shorten", "delay"]
    /// Verbs that give a new title ("call it Team lunch").
    static let titleVerbs: WordSet = ["call", "name", "title", "rename", "retitle", "label"]
    // The route's word lists, as sets: it runs on every line, and a list written at the
    // call site is an array made and compared word by word each time.
    static let pronouns: WordSet = ["it", "that", "this"]
    static let titleIntroducers: WordSet = ["to", "as"]
    static let titleFieldVerbs: WordSet = ["change", "set", "update"]
    static let titleFields: WordSet = ["title", "name"]
    /// "change the time to 11", "set the date to friday": the timing of the event on screen.
    static let timeFields: WordSet = ["time", "date", "day", "start"]
    static let changePrepositions: WordSet = ["to", "for"]
    static let peopleVerbs: WordSet = ["add", "invite", "include", "also", "remove", "uninvite", "drop", "without", "exclude"]
    static let addingVerbs: WordSet = ["add", "invite", "include", "also"]
    static let afterPeople: WordSet = ["too", "as", "well", "to", "it", "the", "event", "meeting", "from", "this", "that", "please", "also"]
    static let placeFields: WordSet = ["location", "place", "venue", "restaurant"]
    static let placeIntroducers: WordSet = ["is", "to", ":"]
    static let lengthWords: WordSet = ["for", "lasting"]
    static let changeWords: WordSet = ["before", "long", "calendar", "prior"]
    static let insteadWord: WordSet = ["instead"]
    /// Words a follow-up may hold besides its change.
    static let filler: WordSet = ["instead", "too", "also", "please", "and", "then", "rather", "actually", "no", "oh", "as", "well", "it", "that", "this", "one", "event", "the", "to", "make"]

    /// Words a place said alone starts with ("at La Tasca", "@ Nobu", "in room 4B").
    static let placeStarts: WordSet = ["at", "@", "in"]

    /// Verbs that put one person in another's place ("replace Ana with Bob", "swap Ana for
    /// Bob"), and the words between the two.
    static let swapVerbs: WordSet = ["replace", "swap", "switch", "exchange", "substitute"]
    /// The head words of the route's first forms (`swapVerbs`, `titleVerbs`, `titleFieldVerbs`,
    /// "add", `changeVerbs`, `peopleVerbs`): one look at the head turns most lines away from
    /// all six, where each list was asked in turn. A form with a head verb of its own adds it here.
    static let leadingVerbs: WordSet = swapVerbs.union(titleVerbs).union(titleFieldVerbs).union(["add"]).union(changeVerbs).union(peopleVerbs)
    static let swapLinks: WordSet = ["with", "for", "by"]
    /// Words before the people of "(invite) Carla instead of Bob".
    static let beforeSwap: WordSet = ["invite", "add", "with", "have", "ask", "make", "it", "it's", "its", "bring", "take", "then", "so", "let's", "lets"]

    /// "invite Carla instead of Bob", "Carla instead of Bob", "replace Ana with Bob", "swap
    /// Ana for Bob": the index of the first word of the people put in and of those taken
    /// out, each a list of people the backend knows (a contact, a guest of the card on
    /// screen) or capitalised names; nil for any other line ("replace milk with oat milk").
    static func swap(_ s: Sentence, known: Names) -> (added: Range<Int>, removed: Range<Int>)? {
        let body = s.body
        var end = body.upperBound
        while end > body.lowerBound, s.tokens[end - 1].isMark || s.word(end - 1, isIn: ["please", "instead"]) { end -= 1 }
        if s.word(body.lowerBound, isIn: swapVerbs) {
            let first = body.lowerBound + 1
            guard let out = personList(s, from: first, known: known), s.word(out, isIn: swapLinks),
                  let put = personList(s, from: out + 1, known: known), put == end else { return nil }
            return ((out + 1)..<put, first..<out)
        }
        guard let instead = (body.lowerBound..<end).first(where: { s.word($0, is: "instead") }), s.word(instead + 1, is: "of") else { return nil }
        var first = body.lowerBound
        while first < instead, s.word(first, isIn: beforeSwap) { first += 1 }
        guard let put = personList(s, from: first, known: known), put == instead,
              let out = personList(s, from: instead + 2, known: known), out == end else { return nil }
        return (first..<put, (instead + 2)..<out)
    }

    /// The end of a list of people from `i`: emails, words of known people's names, and
    /// capitalised names.
    static func personList(_ s: Sentence, from i: Int, known: Names) -> Int? {
        list(s, from: i) { j in
            let t = s.tokens[j]
            return known.contactWords.contains(t.word) || t.isCapitalized && isPerson(s, j, known: known)
        }
    }

    static func route(_ s: Sentence, shape: Shape, known: Names) -> Route? {
        let head = shape.head
        let body = s.body
        let leads = s.word(head, isIn: leadingVerbs)
        if (leads && s.word(head, isIn: swapVerbs) || s.has(insteadWord)), swap(s, known: known) != nil {
            return Route(rule: .followUp(.swapPeople), command: body.lowerBound..<body.lowerBound)
        }
        // ("move this week's yoga", "cancel this friday's lunch": "this" of a date is no pronoun.)
        let pronounNext = s.word(head + 1, isIn: pronouns) && head + 1 < body.upperBound && !s.isInDate(head + 1)
        // "call it Team lunch", "rename it to Team lunch", "rename to Team lunch".
        if leads, s.word(head, isIn: titleVerbs), pronounNext || (s.word(head) == "rename" && s.word(head + 1) == "to") {
            var end = head + 1
            if pronounNext { end += 1 }
            if s.word(end, isIn: titleIntroducers) { end += 1 }
            if end < body.upperBound { return Route(rule: .followUp(.title), command: head..<end) }
        }
        // "change the title to X", "change the name to X".
        if leads, s.word(head, isIn: titleFieldVerbs), s.word(head + 1) == "the", s.word(head + 2, isIn: titleFields), s.word(head + 3) == "to" {
            return Route(rule: .followUp(.title), command: head..<(head + 4))
        }
        // "change the time to 11", "set the date to friday", "change the start time to 9:30".
        if leads, s.word(head, isIn: titleFieldVerbs), s.word(head + 1) == "the" {
            let field = s.word(head + 2, is: "start") && s.word(head + 3, is: "time") ? head + 3 : head + 2
            if s.word(field, isIn: timeFields), s.word(field + 1) == "to", field + 2 < body.upperBound, !s.isInDate(head + 2) {
                return Route(rule: .followUp(.changeIt), command: head..<(field + 2))
            }
        }
        // "add it to the Family calendar", "add this to work": the event on screen put on a
        // calendar ("add it to my calendar" names none, and is no move).
        if leads, s.word(head, is: "add"), pronounNext, s.word(head + 2, isIn: ["to", "on", "onto", "into"]), head + 3 < body.upperBound,
           !(head + 3..<body.upperBound).allSatisfy({ s.tokens[$0].isMark || s.word($0, isIn: ["my", "the", "calendar", "cal", "calender", "please"]) }),
           body.contains(where: { s.word($0, isIn: ["calendar", "cal", "calender"]) || s.word($0, isIn: known.calendarWordSet) || s.word($0, isIn: Vocabulary.usualCalendarNames) }) {
            return Route(rule: .followUp(.changeIt), command: head..<(head + 3))
        }
        // "make it 13:30", "move it to Friday", "push it back an hour".
        if leads, s.word(head, isIn: changeVerbs), pronounNext {
            var end = head + 2
            // "move it to Friday", "set it for 2 hours": the preposition goes with the command
            // (unless the date reader took it, as in "to 4pm").
            if end < body.upperBound, s.word(end, isIn: changePrepositions), !s.isInDate(end) { end += 1 }
            return Route(rule: .followUp(.changeIt), command: head..<end)
        }
        // "add Bob", "invite ana@example.com", "remove Carla", "without Bob".
        if leads, s.word(head, isIn: peopleVerbs),
           let names = nameList(s, from: head + 1, known: known), names > head + 1 {
            var rest = names
            while rest < body.upperBound, s.word(rest, isIn: afterPeople) { rest += 1 }
            if rest == body.upperBound {
                return Route(rule: .followUp(s.word(head, isIn: addingVerbs) ? .addPeople : .removePeople), command: head..<(head + 1))
            }
        }
        // "the location is my office", "set the location to Café Central".
        if let at = s.first(isA: .placeField), at <= head + 2, s.word(at + 1, isIn: placeIntroducers) {
            return Route(rule: .followUp(.location), command: head..<(at + 2))
        }
        if let refused = refusedDay(s) {
            return Route(rule: .followUp(.bare), command: body.lowerBound..<refused)
        }
        // A bare change: "for 2 hours", "on Personal instead", "tomorrow instead", "at Café Central instead".
        guard body.count <= 8, !shape.isQuestion, shape.headVerb != .show else { return nil }
        // The words of "instead", a length and a change, seen at once from the split's bits:
        // most lines have none, and each list's own pass over the body is then skipped.
        let cue = s.has(.followUpCue)
        let hasInstead = cue && s.has(insteadWord)
        // Only a change can make a bare follow-up: a length, a reminder, a calendar, or "instead".
        let saysLength = cue && (s.first(in: lengthWords).map { Quantity.minutes(in: s, at: $0 + 1) != nil } ?? false)
        // "at La Tasca", "in room 4B" typed at a new event's card: its place.
        let placeAlone = s.eventOnScreen && s.word(body.lowerBound, isIn: placeStarts) && !body.contains { s.isInDate($0) }
        guard hasInstead || saysLength || placeAlone || (cue && s.has(changeWords))
                // (No calendars known, as in `clerk parse`: no pass over the body.)
                || !known.calendarWordSet.isEmpty && body.contains(where: { s.word($0, isIn: known.calendarWordSet) }) else { return nil }
        var used = s.usedOutsideBody
        // The mask handed over, not shared: the details' first mark copied a shared one.
        let details = EventDetails(s, range: body, known: known, used: consume used)
        used = details.used
        let leftover = body.filter { !used[$0] && !s.word($0, isIn: filler) && !s.tokens[$0].isMark && !s.isInDate($0) }
        guard leftover.isEmpty else { return nil }
        if details.durationMinutes != nil || details.calendar != nil || !details.reminderMinutes.isEmpty
            || (hasInstead && (details.location != nil || !details.dates.isEmpty || !details.attendees.isEmpty))
            || (placeAlone && details.location != nil) {
            return Route(rule: .followUp(.bare), command: body.lowerBound..<body.lowerBound)
        }
        return nil
    }

    /// "cant do thu, fri instead", "can't make monday, how about tuesday?": a day of the
    /// event last shown refused and another offered, a move to the other. The end of the
    /// refusal (after its mark), whose words are no change; nil when the line is not one.
    static func refusedDay(_ s: Sentence) -> Int? {
        let body = s.body
        guard let verb = Classifier.afterCannot(s, at: body.lowerBound), s.word(verb, isIn: refusalVerbs),
              let mark = (verb + 1..<body.upperBound).first(where: { s.tokens[$0].isMark }), mark > verb + 1,
              (verb + 1..<mark).allSatisfy({ refusesDay(s, $0) || s.word($0, isIn: refusalFiller) }),
              (verb + 1..<mark).contains(where: { refusesDay(s, $0) }) else { return nil }
        let offered = mark + 1..<body.upperBound
        guard offered.contains(where: { s.isInDate($0) }),
              offered.allSatisfy({ s.isInDate($0) || s.tokens[$0].isMark || s.word($0, isIn: filler) || s.word($0, isIn: offerWords) })
        else { return nil }
        return mark + 1
    }
    /// A day's word in a refusal: a date, or a weekday the date reader leaves alone as a word
    /// ("can't make wed", "cant do sat").
    private static func refusesDay(_ s: Sentence, _ i: Int) -> Bool {
        s.isInDate(i) || Lexicon.weekdays[s.word(i)] != nil
    }
    static let refusalVerbs: WordSet = ["do", "make", "manage"]
    static let refusalFiller: WordSet = ["on", "the", "it", "that", "this"]
    static let offerWords: WordSet = ["how", "about", "what", "maybe", "works", "better", "ok", "okay", "could", "we", "do", "can", "try", "?"]

    /// The people of a list (`personList`), each a slot.
    static func people(_ s: Sentence, _ range: Range<Int>, kind: Slot.Kind, rule: String, slots: inout [Slot]) -> [Attendee] {
        var people: [Attendee] = []
        var i = range.lowerBound
        while i < range.upperBound {
            if ["and", ",", "&"].contains(s.word(i)) { i += 1; continue }
            var j = i + 1
            if s.tokens[i].kind != .email {
                while j < range.upperBound, s.tokens[j].kind == .word, !["and"].contains(s.word(j)) { j += 1 }
            }
            let text = String(s.text(of: i..<j))
            people.append(s.tokens[i].kind == .email ? Attendee(email: s.word(i)) : Attendee(name: text))
            slots.append(s.slot(kind, i..<j, value: text, rule: rule))
            i = j
        }
        return people
    }

    /// The end of a list of names or emails from `i` that are certainly people: emails,
    /// known contacts, or capitalised words.
    static func nameList(_ s: Sentence, from i: Int, known: Names) -> Int? {
        list(s, from: i) { isPerson(s, $0, known: known) }
    }

    /// The end of a list from `i` of emails and words (not in a date) that `isName` takes,
    /// joined by "and", "," or "&" (none left dangling at the end); nil when it is empty.
    private static func list(_ s: Sentence, from i: Int, isName: (Int) -> Bool) -> Int? {
        var j = i
        while j < s.body.upperBound {
            let t = s.tokens[j]
            if t.kind == .email || (t.kind == .word && !t.isInDate && isName(j)) {
                j += 1
                continue
            }
            if ["and", ",", "&"].contains(t.word), j > i { j += 1; continue }
            break
        }
        while j > i, ["and", ",", "&"].contains(s.word(j - 1)) { j -= 1 }
        return j > i ? j : nil
    }

    private static func isPerson(_ s: Sentence, _ i: Int, known: Names) -> Bool {
        let t = s.tokens[i]
        let w = String(t.base)
        if known.contactWords.contains(w) { return true }
        // With an event on screen, "add maria" adds a person however it is typed.
        if s.eventOnScreen, !t.isCapitalized { return EventPeople.isPerson(s, i, known: known) }
        guard t.isCapitalized else { return false }
        return !Vocabulary.eventNouns.contains(t.word) && !Vocabulary.notNames.contains(t.word) && !Vocabulary.calendarNouns.contains(t.word)
            && known.calendar(named: t.word) == nil
    }

    static func read(_ s: Sentence, rule: FollowUpRule, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        var used = s.usedOutsideBody
        for i in route.command { used[i] = true }
        if let it = route.command.first(where: { s.word($0, isIn: pronouns) }) {
            slots.append(s.slot(.reference, it..<(it + 1), value: "it", rule: "pronoun"))
        }
        let rest = route.command.upperBound..<s.body.upperBound
        var changes = EventChanges()
        switch rule {
        case .title:
            // "call it Daily sync": the title word for word, even words that read as dates.
            let title = ChangeReader.literalTitle(s, rest)
            changes.title = title
            if !title.isEmpty { slots.append(s.slot(.name, rest, value: title, rule: "new-title")) }
        case .location:
            var end = s.body.upperBound
            while end > rest.lowerBound, ["instead", "please"].contains(s.word(end - 1)) || s.tokens[end - 1].isMark { end -= 1 }
            if rest.lowerBound < end {
                let place = String(s.text(of: rest.lowerBound..<end))
                changes.location = place
                slots.append(s.slot(.location, rest.lowerBound..<end, value: place, rule: "location-is"))
            }
        case .addPeople, .removePeople:
            let adding = rule == .addPeople
            var people: [Attendee] = []
            var i = rest.lowerBound
            let end = nameList(s, from: i, known: known) ?? i
            while i < end {
                if ["and", ",", "&"].contains(s.word(i)) { i += 1; continue }
                var j = i + 1
                if s.tokens[i].kind != .email {
                    while j < end, s.tokens[j].kind == .word, !["and"].contains(s.word(j)) { j += 1 }
                }
                let text = String(s.text(of: i..<j))
                people.append(s.tokens[i].kind == .email ? Attendee(email: s.word(i)) : Attendee(name: text))
                slots.append(s.slot(adding ? .attendee : .removedAttendee, i..<j, value: text, rule: adding ? "add-person" : "remove-person"))
                i = j
            }
            if adding { changes.addAttendees = people } else { changes.removeAttendees = people }
        case .changeIt, .bare, .correction:
            let verb = s.word(route.command.lowerBound)
            changes = ChangeReader.read(s, range: rest, used: used, verb: verb, known: known, slots: &slots)
        case .swapPeople:
            if let (added, removed) = swap(s, known: known) {
                changes.addAttendees = people(s, added, kind: .attendee, rule: "swap-in", slots: &slots)
                changes.removeAttendees = people(s, removed, kind: .removedAttendee, rule: "swap-out", slots: &slots)
                changes.replacesAttendees = true
            }
        }
        return .updateEvent(.lastShown, changes)
    }
}
