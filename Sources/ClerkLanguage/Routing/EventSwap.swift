/// "swap lunch and the dentist", "switch the review and the standup", "trade my 2pm and
/// 4pm": two events named either side of "and" (or "with") exchange their times. The first
/// is the reference of an `updateEvent`, the second its `EventChanges.swapsWith`.
enum EventSwap {
    /// Verbs that exchange two events' times.
    static let verbs: WordSet = ["swap", "switch", "trade", "exchange", "flip"]
    /// Particles that make the verb another ("swap out", "trade in", "switch off").
    static let particles: WordSet = ["out", "in", "off", "on", "up"]
    /// Words that join the two events.
    static let joiners: WordSet = ["and", "&", "with"]
    /// Words after the two that add nothing ("swap them around", "switch lunch and dinner over").
    static let closing: WordSet = ["around", "round", "over", "please", "times", "time", "slots", "places"]

    /// The two events' words (`first`, `second`) when the line from `head` is that shape;
    /// nil otherwise. "switch lunch to friday" (a "to") moves one event; "swap shifts with
    /// Bob" names a person, no event, after "with".
    static func parts(_ s: Sentence, head: Int) -> (first: Range<Int>, second: Range<Int>)? {
        // ("swap out the batteries", "trade in my car", "switch off the lights": another verb.)
        guard s.word(head, isIn: verbs), !s.word(head + 1, isIn: particles) else { return nil }
        var start = head + 1
        // "swap the times of lunch and the dentist".
        if s.word(start, is: "the"), s.word(start + 1, is: "times") || s.word(start + 1, is: "slots"), s.word(start + 2, is: "of") { start += 3 }
        var end = s.body.upperBound
        while end > start, s.tokens[end - 1].isMark || s.word(end - 1, isIn: closing) { end -= 1 }
        guard let join = (start..<end).first(where: { s.word($0, isIn: joiners) && !s.isInDate($0) }), join > start, join + 1 < end,
              !(start..<end).contains(where: { s.word($0, is: "to") && !s.isInDate($0) }) else { return nil }
        if s.word(join, is: "with"), !s.word(join + 1, isIn: Classifier.definiteWords), !s.isInDate(join + 1) { return nil }
        return (start..<join, (join + 1)..<end)
    }

    static func read(_ s: Sentence, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        guard let (first, second) = parts(s, head: route.command.lowerBound) else { return .outOfScope(OutOfScope()) }
        var used = s.usedOutsideBody
        for i in route.command { used[i] = true }
        var one = ReferenceReader.read(s, range: first, used: used, known: known, slots: &slots)
        var other = ReferenceReader.read(s, range: second, used: used, known: known, slots: &slots)
        // "trade my 2pm and 3pm on friday": a day said once is the day of both times.
        // (The reader may have read the day with the time beside it: "3pm on friday".)
        let days = s.dates.filter { $0.known.contains(.date) && $0.recurrence == nil }
        let dayRange = days.count == 1 ? days[0].known.contains(.time) ? days[0].parts.first { $0.role == "date" }?.range : days[0].range : nil
        if let dayRange, let reader = s.reader {
            for i in [0, 1] {
                var reference = i == 0 ? one : other
                guard let time = reference.when, time.known.contains(.time), !time.known.contains(.date) else { continue }
                let phrase = String(s.text[time.range]) + " " + String(s.text[dayRange])
                let read = reader.read(phrase, at: s.reference)
                guard read.count == 1, var both = read.first, both.range == phrase.startIndex..<phrase.endIndex else { continue }
                both.range = time.range
                both.parts = []
                reference.when = both
                if let at = slots.firstIndex(where: { $0.kind == .when && $0.ranges == [time.range] }) { slots[at].value = s.interval(both) }
                if i == 0 { one = reference } else { other = reference }
            }
        }
        // "swap the meeting and the review": a noun alone that names an event ("the meeting",
        // "my call") is looked for in titles, not among every event.
        func byNoun(_ reference: inout EventReference, in range: Range<Int>) {
            guard reference.words == nil, reference.when == nil, reference.attendee == nil, reference.positions.isEmpty, !reference.isLastShown,
                  let noun = range.first(where: { Vocabulary.eventNouns.contains(s.word($0)) && s.word($0) != "event" && s.word($0) != "events" })
            else { return }
            reference.words = s.word(noun)
        }
        byNoun(&one, in: first)
        byNoun(&other, in: second)
        var changes = EventChanges()
        changes.swapsWith = [other]
        return .updateEvent(one, changes)
    }
}

/// "put the review on hold", "pause the weekly sync": an event to hold. clerk keeps no such
/// state; the conversation says what it can do instead (cancel, move, skip, end).
enum EventHold {
    static let holdVerbs: WordSet = ["put", "place", "keep", "set"]
    static let pauseVerbs: WordSet = ["pause", "suspend"]
    static let postponeVerbs: WordSet = ["postpone", "delay", "defer"]
    /// The words a line about holding an event opens with: the three lists above and "hold"
    /// ("hold the review until march"), looked up once before each list is asked.
    static let heads = holdVerbs.union(Array(pauseVerbs) + Array(postponeVerbs) + ["hold"] + Array(statusVerbs))
    static let holdNouns: WordSet = ["hold", "pause", "ice"]
    /// Words that name the event on screen, not one by its title ("put it on hold").
    static let pronouns: WordSet = ["it", "that", "this", "them", "one"]

    /// The words naming the event when the line from `head` puts one on hold; nil otherwise
    /// ("put lunch on my calendar" makes an event; "pause the music" is no event).
    static func event(_ s: Sentence, head: Int) -> Range<Int>? {
        var end = s.body.upperBound
        while end > head, s.tokens[end - 1].isMark || s.word(end - 1, is: "please") { end -= 1 }
        if s.word(head, isIn: holdVerbs) {
            // "put the review on hold", "… on hold for two weeks", "… on hold until january".
            guard let on = (head + 2..<max(head + 2, end - 1)).first(where: { s.word($0, is: "on") && s.word($0 + 1, isIn: holdNouns) }) else { return nil }
            // ("put friday afternoon on hold": time kept, no event.)
            let event = (head + 1)..<on
            return event.contains(where: { !s.isInDate($0) && !s.word($0, isIn: Classifier.definiteWords) }) ? event : nil
        }
        // "hold off on the review".
        if s.word(head, is: "hold"), s.word(head + 1, is: "off"), s.word(head + 2, is: "on"), head + 3 < end { return (head + 3)..<end }
        // "postpone the review indefinitely", "delay the launch until further notice".
        if s.word(head, isIn: postponeVerbs), end - head >= 3 {
            if s.word(end - 1, is: "indefinitely") { return (head + 1)..<(end - 1) }
            if end - head >= 5, s.matches(["until", "further", "notice"], at: end - 3) { return (head + 1)..<(end - 3) }
            return nil
        }
        guard s.word(head, isIn: pauseVerbs), end - head >= 2 else { return nil }
        let event = (head + 1)..<end
        return event.contains(where: { s.word($0, isA: .eventNoun) || s.word($0, isIn: Vocabulary.frequencyWords) || s.word($0, isIn: Vocabulary.repeatWords) })
            ? event : nil
    }

    static let statusVerbs: WordSet = ["mark", "set", "make", "change", "flag", "tag"]
    static let statuses: WordSet = ["tentative", "tentatively", "confirmed", "unconfirmed", "provisional", "optional"]

    /// The words naming the event when the line from `head` gives one a status ("mark the
    /// dinner as tentative", "set lunch to confirmed", "make the review optional"); nil
    /// otherwise ("make lunch tentative friday" names a day: an event said).
    static func status(_ s: Sentence, head: Int) -> Range<Int>? {
        guard statuses.mayMeet(s.keyBits), s.word(head, isIn: statusVerbs) else { return nil }
        var end = s.body.upperBound
        while end > head, s.tokens[end - 1].isMark || s.word(end - 1, is: "please") { end -= 1 }
        guard end - head >= 3, s.word(end - 1, isIn: statuses) else { return nil }
        var last = end - 1
        if s.word(last - 1, is: "as") || s.word(last - 1, is: "to") { last -= 1 }
        let event = (head + 1)..<last
        return !event.isEmpty && !event.contains(where: { s.isInDate($0) }) ? event : nil
    }

    /// The words of `range` that name an event by its title: the articles, a frequency
    /// ("weekly") and words of repeating left out ("the weekly sync" → "sync").
    static func titleWords(_ s: Sentence, _ range: Range<Int>) -> String? {
        let words = range.filter {
            s.kind($0) == .word && !s.isInDate($0) && !s.word($0, isIn: Classifier.definiteWords) && !s.word($0, isIn: Vocabulary.frequencyWords)
                && !s.word($0, isIn: Vocabulary.repeatWords) && !s.word($0, isIn: Vocabulary.seriesNouns) && !s.word($0, is: "a")
                && !s.word($0, isIn: pronouns)
        }
        return words.isEmpty ? nil : words.map { s.word($0) }.joined(separator: " ")
    }
}

extension Classifier {
    /// The words after the last "to" of a travel question ("how long to drive to the
    /// offsite" → "offsite"), when they name something other than a direction ("there",
    /// "home"); nil otherwise.
    static func travelDestination(_ s: Sentence) -> Range<Int>? {
        let h = s.body.lowerBound
        var start: Int
        if asksTravelTime(s), let to = s.body.last(where: { s.word($0, is: "to") && !s.isInDate($0) }) {
            start = to + 1
        } else if s.word(h, is: "how"), s.word(h + 1, is: "far") {
            // "how far is the offsite", "how far away is the venue", "how far is it to the offsite".
            var at = h + 2
            if s.word(at, is: "away") { at += 1 }
            guard s.word(at, is: "is") || s.word(at, is: "'s") else { return nil }
            at += 1
            if s.word(at, is: "it"), s.word(at + 1, is: "to") { at += 2 }
            // (An event is named as one: "how far is 5 miles in km" names none.)
            guard s.word(at, isIn: definiteWords) else { return nil }
            start = at
        } else {
            return nil
        }
        while s.word(start, isIn: definiteWords) { start += 1 }
        var end = s.body.upperBound
        while end > start, s.tokens[end - 1].isMark || s.isInDate(end - 1) { end -= 1 }
        guard start < end, !s.word(start, isIn: destinationWords), !s.word(start, isIn: travelTimeVerbs) else { return nil }
        return start..<end
    }
}
