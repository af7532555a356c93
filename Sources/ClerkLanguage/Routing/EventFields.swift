internal import ClerkCore

/// A place or notes given to an event: one the line names ("set the location of the dentist
/// to 12 High St", "change the dentist's location to 12 High St", "change the location for
/// lunch to Café Central", "add a note to lunch: bring the contract", "set the notes of lunch
/// to …"), or the one on screen ("set the notes to …"; with an event on screen, "add a note:
/// bring the contract", "notes: bring the contract"). A line that names a file or a kind of
/// list is the file's ("add a note to todo.txt: eggs", "add a note to groceries: eggs"): the
/// files' rule comes first, and what it leaves is not taken here when its words name one.
enum EventFields {
    /// Which field, and whether the words are added to the notes the event has.
    enum Field: Hashable, Sendable {
        case location, notes, addedNote
    }

    static let setVerbs: WordSet = ["set", "change", "update", "make", "edit"]
    /// ("put a note on the fridge: …" is no event's.)
    static let addVerbs: WordSet = ["add", "attach"]
    static let noteFields: WordSet = ["note", "notes", "description", "comment", "comments"]
    static let articles: WordSet = ["a", "an", "the", "some", "its", "this", "that"]
    static let indefiniteArticles: WordSet = ["a", "an", "some"]
    /// Between the field and the event: "the location of the dentist", "a note to lunch".
    static let ofWords: WordSet = ["of", "for", "on"]
    static let addedToWords: WordSet = ["to", "for", "on"]
    /// Between the event (or the field) and the new value.
    static let toWords: WordSet = ["to", "as"]
    /// Words that name a file or a list, never an event ("add a note to the grocery list: eggs").
    static let fileWords: WordSet = ["list", "lists", "groceries", "grocery", "shopping", "file", "files", "document", "doc"]
    static let trailing: WordSet = ["please", "instead"]

    /// Where the parts of such a line are.
    struct Match {
        var field: Field
        /// The words that chose the route (verb to field, or the field alone).
        var command: Range<Int>
        /// The words naming the event; nil for the event on screen.
        var event: Range<Int>?
        /// The new place or notes.
        var value: Range<Int>
    }

    static func route(_ s: Sentence, head: Int, known: Names) -> Route? {
        guard let found = match(s, head: head, known: known) else { return nil }
        return Route(rule: .eventField(found.field), command: found.command)
    }

    static func match(_ s: Sentence, head h: Int, known: Names) -> Match? {
        let body = s.body
        guard h < body.upperBound else { return nil }
        // "notes: bring the contract", "description: …", "location: zoom": the event on screen.
        if s.eventOnScreen, let field = field(s, h), let (_, after) = colon(s, from: h, upTo: h + 1) {
            return valued(Match(field: field, command: h..<after, event: nil, value: after..<body.upperBound), s)
        }
        if let found = placeThenEvent(s, head: h, known: known) { return found }
        let isSet = s.word(h, isIn: setVerbs), isAdd = s.word(h, isIn: addVerbs)
        guard isSet || isAdd else { return nil }
        var f = h + 1
        if s.word(f, isIn: articles) { f += 1 }
        // "make a note to call mom", "set a note for lunch" ask for a reminder: a field is
        // set as the field ("the notes", "its location"), added as one ("a note").
        let indefinite = f > h + 1 && s.word(f - 1, isIn: indefiniteArticles)
        if f < body.upperBound, !s.isInDate(f), isAdd || !indefinite, let field = field(s, f) {
            let notes = field != .location
            if isAdd {
                // "add a note: bring the contract" (the event on screen).
                if notes, s.eventOnScreen, let (_, after) = colon(s, from: f, upTo: f + 1) {
                    return valued(Match(field: .addedNote, command: h..<after, event: nil, value: after..<body.upperBound), s)
                }
                // "add location zoom", "add the address: 12 High St" (the event on screen; "add
                // a location to the dentist: …" names one).
                if !notes, s.eventOnScreen, !s.word(f + 1, isIn: addedToWords) {
                    let after = colon(s, from: f, upTo: f + 1)?.after ?? f + 1
                    return valued(Match(field: .location, command: h..<after, event: nil, value: after..<body.upperBound), s)
                }
                // "add a note to lunch: bring the contract", "add a location to the dentist: 12 High St".
                guard s.word(f + 1, isIn: addedToWords), let (end, after) = colon(s, from: f + 2, upTo: body.upperBound), end > f + 2 else { return nil }
                return named(Match(field: notes ? .addedNote : .location, command: h..<(f + 2), event: (f + 2)..<end, value: after..<body.upperBound), s, known: known)
            }
            // "set the notes to …", "change the description: …" (the event on screen; "set the
            // location to …" is a follow-up of its own).
            if notes, s.word(f + 1, isIn: toWords) || s.word(f + 1) == ":" {
                return valued(Match(field: .notes, command: h..<(f + 2), event: nil, value: (f + 2)..<body.upperBound), s)
            }
            // "set the location of the dentist to 12 High St", "change the notes for lunch to …".
            guard s.word(f + 1, isIn: ofWords), let (end, after) = separator(s, from: f + 2) else { return nil }
            return named(Match(field: field, command: h..<(f + 2), event: (f + 2)..<end, value: after..<body.upperBound), s, known: known)
        }
        // "change the dentist's location to 12 High St", "set lunch's notes to …"; "set the
        // lunch location to …", "change the dentist address to …" (the event's words before
        // the field, no "'s").
        guard isSet, h + 2 < body.upperBound else { return nil }
        for at in (h + 2)..<min(h + 7, body.upperBound) where !s.isInDate(at) {
            guard let field = field(s, at) else { continue }
            let owner = s.tokens[at - 1]
            let possessive = owner.base.count < owner.word.count
            guard owner.kind == .word, possessive || !s.word(at - 1, isIn: articles),
                  s.word(at + 1, isIn: toWords) || s.word(at + 1) == ":" else { return nil }
            return named(Match(field: field, command: at..<(at + 2), event: (h + 1)..<at, value: (at + 2)..<body.upperBound), s, known: known)
        }
        return nil
    }

    /// Verbs that give an event its place, the place said first.
    static let placeGivingVerbs: WordSet = ["add", "attach", "put"]
    /// A place's field said before the place itself ("the address 12 High St").
    static let placeWords: WordSet = FollowUps.placeFields.union(["address"])

    /// "add the address 12 High St to the dentist", "add location zoom to the standup", "put
    /// the address 12 High St on lunch": the place, then the event it goes to after the last
    /// "to" ("on" after "put"; a place's own words come before it). Not when what follows is
    /// the place's street ("add location the clinic on elm road": the event on screen), nor an
    /// address given to someone in the address book ("add the address 1 Elm St to Bob").
    static func placeThenEvent(_ s: Sentence, head h: Int, known: Names) -> Match? {
        guard s.word(h, isIn: placeGivingVerbs) else { return nil }
        let to: WordSet = s.word(h) == "put" ? ["on", "to"] : ["to"]
        var f = h + 1
        if s.word(f, isIn: articles) { f += 1 }
        guard f + 2 < s.body.upperBound, !s.isInDate(f), s.word(f, isIn: placeWords), !s.word(f + 1, isIn: addedToWords),
              s.word(f + 1) != ":", let split = (f + 2..<s.body.upperBound).last(where: { s.word($0, isIn: to) && !s.isInDate($0) }),
              split + 1 < s.body.upperBound, !s.word(s.body.upperBound - 1, isIn: EventDetails.streetNouns),
              !(split + 1..<s.body.upperBound).contains(where: { known.contactWords.contains(s.word($0)) }) else { return nil }
        return named(Match(field: .location, command: h..<(f + 1), event: (split + 1)..<s.body.upperBound, value: (f + 1)..<split), s, known: known)
    }

    /// The field word at `i`, if it is one.
    static func field(_ s: Sentence, _ i: Int) -> Field? {
        if s.word(i, isIn: FollowUps.placeFields) { return .location }
        if s.word(i, isIn: noteFields) { return .notes }
        return nil
    }

    /// The first colon from `from` (before `upTo`, or the body's end): the last token of the
    /// words before it plus one, and the first token after it.
    static func colon(_ s: Sentence, from: Int, upTo: Int) -> (end: Int, after: Int)? {
        var i = from
        while i < min(upTo + 1, s.body.upperBound) {
            if s.word(i) == ":" { return (i, i + 1) }
            let range = s.tokens[i].range
            if i < upTo, range.upperBound < s.text.endIndex, s.text[range.upperBound] == ":" { return (i + 1, i + 1) }
            i += 1
        }
        return nil
    }

    /// Where the event's words end and the value starts: at the first "to"/"as" after a word
    /// of the event's (not one the date reader took), or at a colon.
    static func separator(_ s: Sentence, from: Int) -> (end: Int, after: Int)? {
        for i in from..<s.body.upperBound {
            if i > from, s.word(i, isIn: toWords), !s.isInDate(i) { return (i, i + 1) }
            if i > from, s.word(i) == ":" { return (i, i + 1) }
            let range = s.tokens[i].range
            if range.upperBound < s.text.endIndex, s.text[range.upperBound] == ":" { return (i + 1, i + 1) }
        }
        return nil
    }

    /// The match when it has a value.
    static func valued(_ match: Match, _ s: Sentence) -> Match? {
        var m = match
        var end = m.value.upperBound
        while end > m.value.lowerBound, s.tokens[end - 1].isMark || s.word(end - 1, isIn: trailing) { end -= 1 }
        m.value = m.value.lowerBound..<end
        return m.value.isEmpty ? nil : m
    }

    /// The match when its event's words name no file or list.
    static func named(_ match: Match, _ s: Sentence, known: Names) -> Match? {
        guard let event = match.event, !event.isEmpty,
              !event.contains(where: { s.word($0, isIn: fileWords) || s.tokens[$0].kind == .fileName || known.file(stem: s.word($0)) != nil })
        else { return nil }
        return valued(match, s)
    }

    /// "the location for lunch", "a reminder for lunch": the date reader read "for lunch" as a
    /// time; the words after "for" (`event`) name the event instead.
    static func namedAfterFor(_ s: Sentence, event: Range<Int>, reference: inout EventReference, slots: inout [Slot]) {
        guard reference.words == nil, let d = s.tokens[event.lowerBound].date,
              s.dates[d].range.lowerBound < s.tokens[event.lowerBound].range.lowerBound else { return }
        let named = event.filter { !s.word($0, isIn: articles) && !s.word($0, isIn: Vocabulary.possessives) }
        guard let first = named.first, let last = named.last else { return }
        reference.when = nil
        reference.words = named.map { s.word($0) }.joined(separator: " ")
        slots.removeAll { $0.kind == .when && $0.ranges == [s.dates[d].range] }
        slots.append(s.slot(.words, first..<(last + 1), value: reference.words!, rule: "words-after-for"))
    }

    static func read(_ s: Sentence, field: Field, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        // The head is where the route's words start, or before them ("change the dentist's
        // location to …": the command is "location to").
        let heads = s.body.lowerBound...max(s.body.lowerBound, route.command.lowerBound)
        guard let found = heads.lazy.compactMap({ match(s, head: $0, known: known) }).first(where: { $0.command == route.command }) else {
            return .updateEvent(.lastShown, EventChanges())
        }
        var reference = EventReference.lastShown
        if let event = found.event {
            var used = s.usedOutsideBody
            for i in s.body where !event.contains(i) { used[i] = true }
            var words: [Slot] = []
            reference = ReferenceReader.read(s, range: event, used: used, known: known, slots: &words)
            ReferenceReader.dropPossessive(&reference, slots: &words)
            namedAfterFor(s, event: event, reference: &reference, slots: &words)
            // "the description of the event": the one on screen.
            if reference.words == nil, reference.when == nil, reference.attendee == nil, reference.calendar == nil,
               !reference.isNext, !reference.isAll, !reference.isLastShown, !reference.isSeries {
                reference.isLastShown = true
                words.append(Slot(kind: .reference, ranges: [], value: "it", rule: "field-of-it"))
            }
            slots += words
        } else {
            slots.append(Slot(kind: .reference, ranges: [], value: "it", rule: "field-of-it"))
        }
        let value = String(s.text(of: found.value))
        var changes = EventChanges()
        switch found.field {
        case .location:
            changes.location = value
            slots.append(s.slot(.location, found.value, value: value, rule: "location-of"))
        case .notes, .addedNote:
            changes.notes = value
            changes.addsNote = found.field == .addedNote
            slots.append(s.slot(.notes, found.value, value: value, rule: found.field == .addedNote ? "added-note" : "notes-of"))
        }
        return .updateEvent(reference, changes)
    }
}
