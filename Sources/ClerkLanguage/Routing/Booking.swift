internal import ClerkCore

/// A thing booked for an event: "book a table for dinner", "reserve a court for tennis",
/// "book the conference room for the offsite". The thing is the means, and the purpose after
/// "for" the event a person looks for on the calendar: the title ("Dinner", "Tennis",
/// "Offsite"). With no purpose ("reserve a table at Nobu", "book a table for 4") the title is
/// the thing booked, with the place said for it ("Table at Nobu"). "book club", "book a
/// flight", "book a haircut" book no such thing and keep their words.
enum Booking {
    static let verbs: WordSet = ["book", "reserve"]
    /// Things booked for an event rather than events of their own.
    static let things: WordSet = ["table", "room", "court", "desk", "seat", "seats", "spot", "pitch", "lane", "field", "venue", "hall", "space", "booth"]
    static let articles: WordSet = ["a", "an", "the", "our", "my"]
    /// Words of a party size after "for" ("for two", "for 4 people").
    static let partySizes: WordSet = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve", "us", "everyone"]
    static let people: WordSet = ["people", "persons", "guests", "adults", "of", "us"]

    enum Reading {
        /// "book a table for dinner": the purpose is the title.
        case purpose
        /// "reserve a table at Nobu": the thing booked is.
        case thing
    }

    /// Reads the booking after the command `command`, marking the words of the thing booked
    /// (and of a party size) as used when a purpose follows, so the title is the purpose.
    static func read(_ s: Sentence, command: Range<Int>, used: inout TokenMask) -> Reading? {
        guard !command.isEmpty, s.word(command.lowerBound, isIn: verbs) else { return nil }
        var thing = command.upperBound
        if s.word(thing, isIn: articles) { thing += 1 }
        // One word naming the kind ("conference room", "tennis court").
        if !s.word(thing, isIn: things), s.word(thing + 1, isIn: things), !used[thing] { thing += 1 }
        guard thing < s.body.upperBound, s.word(thing, isIn: things), !used[thing] else { return nil }
        var i = thing + 1
        var means = Array(command.upperBound...thing)
        while i < s.body.upperBound {
            guard s.word(i) == "for", !used[i] else { i += 1; continue }
            let next = i + 1
            guard next < s.body.upperBound, !used[next] else { i += 1; continue }
            // "for 4", "for two people": the party, not the purpose.
            if s.tokens[next].kind == .number || s.word(next, isIn: partySizes) {
                var end = next + 1
                while end < s.body.upperBound, s.word(end, isIn: people), !used[end] { end += 1 }
                means += Array(i..<end)
                i = end
                continue
            }
            var purpose = next
            while purpose < s.body.upperBound, s.word(purpose, isIn: articles) { purpose += 1 }
            guard purpose < s.body.upperBound, !used[purpose], !s.tokens[purpose].isMark else { return .thing }
            for k in means + Array(i..<purpose) { used[k] = true }
            return .purpose
        }
        return .thing
    }
}
