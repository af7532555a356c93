/// Requests about a calendar itself, not what is on it: "delete the Family calendar",
/// "remove calendar Trips", "rename calendar Work to Job", "rename the Work calendar as
/// Job", "make Work my default calendar", "set my default calendar to Family", "use
/// Personal as the default calendar".
///
/// A calendar is named with the word "calendar" beside it ("the Family calendar", "calendar
/// Family") or, for the default, as a calendar the backend knows. A line with a date, or
/// about events on a calendar ("clear my Work calendar tomorrow", "delete the review from the
/// Work calendar"), is about events and is left to the event rules.
enum CalendarPhrases {
    /// "switch to my work calendar", "hide the family calendar", "unhide Work", "only show
    /// work": a calendar view asked for, which clerk does not keep (each question can name
    /// its calendar). Not "switch lunch to friday" (an event moved), nor "show only family
    /// events" (an agenda of one calendar).
    static func viewRoute(_ c: Clue) -> Route? {
        let s = c.s
        let head = c.head
        var rest = head + 1
        let verb = s.word(head)
        switch verb {
        case "switch", "change", "go", "flip":
            if s.word(rest) == "over" { rest += 1 }
            guard s.word(rest) == "to" || s.word(rest) == "back" && s.word(rest + 1) == "to" else { return nil }
            rest += s.word(rest) == "back" ? 2 : 1
        case "hide", "unhide", "mute", "unmute":
            break
        case "only":
            guard s.word(rest) == "show" || s.word(rest) == "see" else { return nil }
            rest += 1
        case "show", "see":
            // ("only show work": "only" before the verb is read as a lead-in, left out of the body.)
            if s.word(rest) == "only" || s.word(rest) == "just" {
                rest += 1
            } else if !(s.word(head - 1) == "only" || s.word(head - 1) == "just") {
                return nil
            }
        default:
            return nil
        }
        // What follows is a calendar and nothing else: "my work calendar", "the family one", "work".
        var namesCalendar = false
        var i = rest
        while i < s.body.upperBound {
            if ["my", "the", "one", "view", "only", "just", "please"].contains(s.word(i)) || s.tokens[i].isMark { i += 1; continue }
            if ["calendar", "calendars", "cal"].contains(s.word(i)) { namesCalendar = true; i += 1; continue }
            if let end = knownCalendarEnd(s, at: i, known: c.known) { namesCalendar = true; i = end; continue }
            // "switch to my travel calendar": a calendar by its shape, known or not.
            if s.tokens[i].kind == .word, ["calendar", "calendars", "cal"].contains(s.word(i + 1)) { i += 1; continue }
            return nil
        }
        // "hide my calendar" / "switch to the calendar" name no calendar but are no event either.
        guard namesCalendar else { return nil }
        return Route(rule: .topic(.calendarView), command: head..<rest)
    }

    /// The end of a known calendar's name said at `i` ("book club"), nil when none starts there.
    static func knownCalendarEnd(_ s: Sentence, at i: Int, known: Names) -> Int? {
        for length in stride(from: 3, through: 1, by: -1) where i + length <= s.body.upperBound {
            let said = (i..<(i + length)).map { s.word($0) }.joined(separator: " ")
            if known.calendar(named: said) != nil { return i + length }
        }
        return nil
    }

    static func route(_ c: Clue) -> Route? {
        let s = c.s
        let head = c.head
        guard !c.shape.hasDate, s.has(["calendar", "default"]) else { return nil }
        if s.word(head, isIn: Vocabulary.calendarDeleteVerbs), let name = calendarName(s, from: head + 1, to: s.body.upperBound),
           name.range.upperBound == s.body.upperBound {
            return Route(rule: .calendar(.delete), command: head..<(head + 1))
        }
        if s.word(head, isIn: Vocabulary.renameVerbs), let to = s.first(in: Vocabulary.renameJoiners, from: head + 1),
           to + 1 < s.body.upperBound, let name = calendarName(s, from: head + 1, to: to), name.range.upperBound == to {
            return Route(rule: .calendar(.rename), command: head..<(head + 1))
        }
        if defaultCalendar(s) != nil {
            return Route(rule: .calendar(.makeDefault), command: head..<(head + 1))
        }
        return nil
    }

    static func read(_ s: Sentence, rule: CalendarRule, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        let head = route.command.lowerBound
        switch rule {
        case .delete:
            let name = calendarName(s, from: head + 1, to: s.body.upperBound)
            let value = name.map { nameText(s, $0.name, known: known) } ?? ""
            if let name { slots.append(s.slot(.calendar, name.range, value: value, rule: "calendar-named")) }
            return .deleteCalendar(name: value)
        case .rename:
            let to = s.first(in: Vocabulary.renameJoiners, from: head + 1) ?? s.body.upperBound
            let name = calendarName(s, from: head + 1, to: to)
            let value = name.map { nameText(s, $0.name, known: known) } ?? ""
            if let name { slots.append(s.slot(.calendar, name.range, value: value, rule: "calendar-named")) }
            let newRange = (to + 1)..<s.body.upperBound
            let newName = newRange.isEmpty ? "" : FilePhrases.unquoted(s.text(of: trimmed(s, newRange)))
            if !newRange.isEmpty { slots.append(s.slot(.name, newRange, value: newName, rule: "new-calendar-name")) }
            return .updateCalendar(name: value, .rename(to: newName))
        case .makeDefault:
            let name = defaultCalendar(s)
            let value = name.map { nameText(s, $0, known: known) } ?? ""
            if let name { slots.append(s.slot(.calendar, name, value: value, rule: "calendar-named")) }
            return .updateCalendar(name: value, .makeDefault)
        }
    }

    /// The name in "the Family calendar", "my Work calendar", "calendar Family", "the calendar
    /// called Trips", between `from` and `to`: the tokens of the name, and the whole mention.
    static func calendarName(_ s: Sentence, from: Int, to: Int) -> (name: Range<Int>, range: Range<Int>)? {
        var i = from
        while i < to, s.word(i, isIn: Vocabulary.ownerWords) { i += 1 }
        guard i < to else { return nil }
        if s.word(i) == "calendar" {
            // "calendar Family", "the calendar called Trips".
            var start = i + 1
            if s.word(start, isIn: Vocabulary.namingWords) { start += 1 }
            guard start < to, isNameRun(s, start..<to) else { return nil }
            return (start..<to, from..<to)
        }
        // "the Family calendar", "my Book club calendar".
        guard s.word(to - 1) == "calendar", i < to - 1, isNameRun(s, i..<(to - 1)) else { return nil }
        return (i..<(to - 1), from..<to)
    }

    /// The calendar "make Work my default calendar", "set my default calendar to Family",
    /// "use Personal as the default", "switch the default calendar to Trips" names.
    static func defaultCalendar(_ s: Sentence) -> Range<Int>? {
        // ("set the default event length to 30", "default duration": another setting.)
        guard let at = s.first(in: ["default"]), !s.isQuestionLike,
              !s.word(at + 1, isIn: ["event", "length", "duration", "meeting"]) else { return nil }
        let head = s.body.lowerBound
        // "… default calendar to Work", "… default to Work".
        if let to = s.first(in: ["to", "as", "be"], from: at + 1), to + 1 < s.body.upperBound {
            let range = trimmed(s, (to + 1)..<s.body.upperBound)
            if !range.isEmpty, isNameRun(s, range) { return range }
        }
        // "make Work my default calendar", "use Family as my default".
        guard s.word(head, isIn: Vocabulary.chooseVerbs) else { return nil }
        var end = at
        while end > head + 1, s.word(end - 1, isIn: Vocabulary.ownerWords) || s.word(end - 1) == "as" { end -= 1 }
        var start = head + 1
        if s.word(start) == "the" { start += 1 }
        if s.word(end - 1) == "calendar" { end -= 1 }
        guard start < end, isNameRun(s, start..<end) else { return nil }
        // "make the default calendar …" names nothing before "default".
        if (start..<end).contains(where: { s.word($0) == "default" }) { return nil }
        return start..<end
    }

    /// `range` without a trailing "calendar", "instead", "please" or mark.
    static func trimmed(_ s: Sentence, _ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, s.tokens[end - 1].isMark || s.word(end - 1, isIn: Vocabulary.notCalendarNames) { end -= 1 }
        return range.lowerBound..<end
    }

    /// One to four words that can be a calendar's name: no date, no mark.
    static func isNameRun(_ s: Sentence, _ range: Range<Int>) -> Bool {
        guard !range.isEmpty, range.count <= 4 else { return false }
        return range.allSatisfy { i in
            let t = s.tokens[i]
            return !t.isInDate && !t.isMark && !Vocabulary.allWords.contains(t.word) && !t.is([.listingNoun, .pronoun])
                && (!t.is(.eventNoun) || Vocabulary.eventNounPluralsAdded.contains(t.word))
                && t.word != "calendar" && !Vocabulary.calendarPrepositions.contains(t.word) && !Vocabulary.relationOwners.contains(t.word)
        }
    }

    /// The calendar's name as the backend spells it, else as typed.
    static func nameText(_ s: Sentence, _ range: Range<Int>, known: Names) -> String {
        let said = FilePhrases.unquoted(s.text(of: range))
        return known.calendar(named: said) ?? said
    }
}

extension Sentence {
    /// True when the line asks rather than tells ("what's my default calendar?").
    var isQuestionLike: Bool {
        Vocabulary.questionWords.contains(word(body.lowerBound)) || word(body.upperBound) == "?"
    }
}
