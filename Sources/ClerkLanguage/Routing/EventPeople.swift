internal import ClerkCore

/// People put on or taken off an event that the sentence names: "add Ana to the review on
/// Friday", "invite Carla to tomorrow's lunch", "take Bob off the review on friday", "remove
/// Petey from the standup", "drop Ana and Bob from the planning session".
///
/// The people come first, then "to"/"on" (adding) or "off"/"from"/"out of" (removing), then
/// which event. It is not this shape when what follows is the calendar or the address book
/// ("add Bob to my contacts", "take the review off my calendar": the thing moved is no
/// person, or the place is no event).
enum EventPeople {
    static func route(_ c: Clue) -> Route? {
        let s = c.s
        let head = c.head
        let adding = s.word(head, isIn: Vocabulary.addPeopleVerbs)
        guard adding || s.word(head, isIn: Vocabulary.removePeopleVerbs),
              let end = names(s, from: head + 1, known: c.known) else { return nil }
        var at = end
        if !adding, s.word(at) == "out", s.word(at + 1) == "of" { at += 1 }
        let joiners = adding ? Vocabulary.addedToWords : Vocabulary.takenOffWords
        guard s.word(at, isIn: joiners), at + 1 < s.body.upperBound else { return nil }
        let event = guestListEnd(s, at: at + 1) ?? (at + 1)
        guard event < s.body.upperBound, isAnEvent(s, event..<s.body.upperBound) else { return nil }
        return Route(rule: adding ? .eventPeople(.add) : .eventPeople(.remove), command: head..<(head + 1))
    }

    /// Reads which event, and who comes or goes.
    static func read(_ s: Sentence, change: PeopleChange, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        let head = route.command.lowerBound
        let end = names(s, from: head + 1, known: known) ?? (head + 1)
        var people: [Attendee] = []
        var i = head + 1
        while i < end {
            if s.word(i, isIn: Vocabulary.listJoiners) { i += 1; continue }
            var j = i + 1
            if s.tokens[i].kind != .email {
                while j < end, s.tokens[j].kind == .word, !s.word(j, isIn: Vocabulary.listJoiners) { j += 1 }
            }
            let text = String(s.text(of: i..<j))
            people.append(s.tokens[i].kind == .email ? Attendee(email: s.word(i)) : Attendee(name: text))
            slots.append(s.slot(change == .add ? .attendee : .removedAttendee, i..<j, value: text, rule: change == .add ? "add-person" : "remove-person"))
            i = j
        }
        var used = s.usedOutsideBody
        var from = end
        if s.word(from) == "out" { from += 1 }
        // "off the guest list of the party": the list words lead to the event.
        if let event = guestListEnd(s, at: from + 1) { from = event - 1 }
        for k in s.body.lowerBound...from { used[k] = true }
        var reference = ReferenceReader.read(s, range: (from + 1)..<s.body.upperBound, used: used, known: known, slots: &slots)
        // "remove bob from lunch": "from lunch" was read as a time from midday, but a meal
        // after "from" names the event ("Lunch with Bob"), not when it starts.
        if reference.when != nil, let d = s.tokens[from].date, from + 1 < s.body.upperBound {
            let meal = ((from + 1)..<s.body.upperBound).filter { s.tokens[$0].date == d }
            if !meal.isEmpty, meal.allSatisfy({ s.word($0, isIn: Vocabulary.mealWords) }),
               !((from + 1)..<s.body.upperBound).contains(where: { s.tokens[$0].date != nil && s.tokens[$0].date != d }) {
                reference.when = nil
                let said = meal.map { s.word($0) }.joined(separator: " ")
                reference.words = reference.words.map { $0 + " " + said } ?? said
                slots.removeAll { $0.kind == .when }
                slots.append(s.slot(.words, meal.first!..<(meal.last! + 1), value: said, rule: "meal-named"))
            }
        }
        var changes = EventChanges()
        if change == .add { changes.addAttendees = people } else { changes.removeAttendees = people }
        return .updateEvent(reference, changes)
    }

    /// Where the event starts after a guest list named at `i` ("the guest list of the party",
    /// "the invite list for lunch", "the list of guests for friday's dinner"); nil when `i`
    /// names no guest list.
    static func guestListEnd(_ s: Sentence, at i: Int) -> Int? {
        var j = i
        if s.word(j) == "the" || s.word(j) == "my" { j += 1 }
        if guestWords.contains(s.word(j)), s.word(j + 1) == "list" { j += 2 }
        else if s.word(j) == "list", s.word(j + 1) == "of", guestWords.contains(s.word(j + 2)) { j += 3 }
        else { return nil }
        guard ["of", "for", "at", "to"].contains(s.word(j)) else { return nil }
        // "for friday's dinner": the day read with its "for" stays whole; "for lunch" names the meal.
        if let d = s.tokens[j].date, s.tokens[j + 1 < s.count ? j + 1 : j].date == d, !s.word(j + 1, isIn: Vocabulary.mealWords) { return j }
        return j + 1
    }

    static let guestWords: Set<String> = ["guest", "guests", "invite", "invites", "invitation", "invitee", "invitees", "attendee", "attendees", "people"]

    /// The end of a list of people from `i` ("Ana", "Ana and Bob", "ana@example.com"), nil
    /// when `i` starts no person.
    static func names(_ s: Sentence, from i: Int, known: Names) -> Int? {
        var j = i
        while j < s.body.upperBound {
            let t = s.tokens[j]
            if t.kind == .email || isPerson(s, j, known: known) { j += 1; continue }
            if Vocabulary.listJoiners.contains(t.word), j > i { j += 1; continue }
            break
        }
        while j > i, s.word(j - 1, isIn: Vocabulary.listJoiners) { j -= 1 }
        // A name is at most three words ("Ana Pérez", "Mary Ann Smith") between joiners.
        return j > i ? j : nil
    }

    /// A word that may be part of a person's name here: a known contact's, or any word that
    /// is not a function word, an event, a calendar, a file or a number.
    static func isPerson(_ s: Sentence, _ i: Int, known: Names) -> Bool {
        let t = s.tokens[i]
        guard t.kind == .word, !t.isInDate, !t.isPossessive else { return false }
        if known.contactWords.contains(t.word) { return true }
        return !t.is(.neverAName) && !t.is([.fileNoun, .contactField, .contactNoun, .pronoun, .all]) && known.calendar(named: t.word) == nil
    }

    /// True when `range` names an event: an event word, a date, or a known calendar's event
    /// ("the review", "Friday's lunch", "the standup tomorrow") — not the calendar, the
    /// address book, a list or a file.
    /// Words before a name that make it an event of the person's ("the study group").
    static let eventOwners: WordSet = ["the", "my", "our"]

    static func isAnEvent(_ s: Sentence, _ range: Range<Int>) -> Bool {
        // "take Bob off it", "remove Mike from that one": the event on screen.
        if s.word(range.lowerBound, isIn: Vocabulary.referencePronouns),
           range.dropFirst().allSatisfy({ ["one", "event", "meeting"].contains(s.word($0)) || s.kind($0) == .mark }) { return true }
        var event = false
        for i in range {
            let t = s.tokens[i]
            if t.kind == .fileName || t.is([.contactNoun, .fileNoun]) || Vocabulary.calendarItself.contains(t.word) || t.word == "list" { return false }
            if t.isInDate || t.is(.eventNoun) || t.baseIs(.eventNoun) { event = true }
        }
        // "add jake to the study group", "invite Priya to our book circle": a thing of the
        // person's, named with "the" or "my", is an event of theirs with no event word in
        // its name.
        // ("add kate to theo's swimming": someone's thing named after them is theirs too.)
        return event || (range.count >= 2 && (s.word(range.lowerBound, isIn: eventOwners) || s.tokens[range.lowerBound].isPossessive))
    }
}
