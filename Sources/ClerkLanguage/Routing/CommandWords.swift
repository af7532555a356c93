/// The words of a command that carry no content: "remind me to", "set up a", "create an
/// event for", "make a calendar entry for". They are left out of titles and shown as the
/// `command` slot.
enum CommandWords {
    /// Particles that belong to the verb ("set up", "write down", "take note", "remind me").
    static let particles: WordSet = ["up", "down", "off", "out", "away", "rid", "note", "me", "us", "sure"]
    static let articles: WordSet = ["a", "an", "the", "new", "another", "some"]
    static let connectors: WordSet = ["for", "to", "that", "about", "of", "called", "named", "titled", "saying", "regarding"]

    /// The index after the command words that start at `head`.
    static func end(of s: Sentence, from head: Int) -> Int {
        let limit = s.body.upperBound
        var i = head + 1
        // "don't forget to", "don't let me forget", "be sure to", "make sure to".
        if ["don't", "dont"].contains(s.word(head)) {
            while i < limit, ["let", "me", "forget", "to", "about", "that"].contains(s.word(i)) { i += 1 }
            if ["remind"].contains(s.word(i)) { i += 1 }
        }
        if s.word(head) == "i", s.word(i) == "need", s.word(i + 1) == "a" { i += 2 }
        if s.word(head) == "be" || s.word(head) == "make", s.word(i) == "sure" { i += 1; if s.word(i) == "to" { i += 1 } }
        if s.word(head) == "get", s.word(i) == "rid", s.word(i + 1) == "of" { return i + 2 }
        while i < limit, s.word(i, isIn: particles), !s.isInDate(i) { i += 1 }
        if ["remind", "remember", "notify", "alert", "tell"].contains(s.word(i)) { i += 1; if s.word(i) == "me" { i += 1 } }
        // "save the date for Ana's wedding": the date saved is the event's, not its title.
        if s.word(head) == "save", s.word(i) == "the", s.word(i + 1) == "date", !s.isInDate(i + 1) { i += 2 }
        var j = i
        while j < limit, s.word(j, isIn: articles) { j += 1 }
        // Generic nouns right after the verb: "create an event …", "set a reminder …".
        var k = j
        while k < limit, s.word(k, isIn: Vocabulary.genericEventNouns) || ["calendar", "repeating", "recurring", "weekly", "daily", "monthly", "yearly", "generic"].contains(s.word(k)),
              !s.isInDate(k) {
            k += 1
        }
        if k > j, isGenericRun(s, j..<k) { i = k }
        // A connector goes with the command unless it opens "to my calendar" (the calendar reader's).
        let opensCalendar = s.word(i + 1) == "calendar" || (["my", "the"].contains(s.word(i + 1)) && s.word(i + 2) == "calendar")
        if i < limit, s.word(i, isIn: connectors), !s.isInDate(i), !opensCalendar { i += 1 }
        return i
    }

    /// True when the run is only generic nouns (and "calendar" comes before a generic noun).
    private static func isGenericRun(_ s: Sentence, _ run: Range<Int>) -> Bool {
        run.contains { s.word($0, isIn: Vocabulary.genericEventNouns) && s.word($0) != "calendar" }
            || (run.count == 1 && s.word(run.lowerBound) == "calendar")
    }
}
