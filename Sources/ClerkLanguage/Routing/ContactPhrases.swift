internal import ClerkCore

/// Questions about people: "Ana's phone", "what's Ana's email", "find Bob Stone", "who is
/// Carla Gomez", "give me petey's telephone number", "call mom".
enum ContactPhrases {
    /// Verbs that look someone up when a name follows ("find Bob Stone", "pull up jeff").
    static let lookupVerbs: Set<String> = ["find", "search", "lookup", "look", "pull", "show", "open", "get", "fetch", "display", "locate", "check", "select", "tell", "give", "read"]
    /// Verbs of reaching someone: clerk shows the number to call.
    static let callVerbs: Set<String> = ["call", "dial", "ring", "phone"]

    static func route(_ s: Sentence, shape: Shape, known: Names) -> Route? {
        let head = shape.head
        let body = s.body
        let w0 = s.word(head)
        // "remind me to call Ana", "add Bob's birthday": events about people, not lookups.
        if shape.remind || shape.headVerb == .create { return nil }
        let eventish = shape.hasEventNoun && !(s.has(["birthday", "bday"]) && !shape.hasDate && !s.has(["party", "event", "calendar", "schedule"]))
        // "call Ana", "dial mom", "how do i dial sarah", "call raju phone number".
        if let at = s.first(in: callVerbs), at == head || !shape.hasEventNoun, !shape.hasDate,
           let name = person(in: s, from: at + 1, known: known),
           (name.range.upperBound..<body.upperBound).allSatisfy({ Vocabulary.contactFields[s.word($0)] != nil || fieldModifiers.contains(s.word($0)) }) {
            return Route(kind: .contactLookup, rule: "call-person", command: at..<(at + 1))
        }
        // "who is Carla Gomez", "who's bob" (not "who is coming to the meeting").
        if ["who", "who's", "whos"].contains(w0), !shape.hasEventNoun {
            var i = head + 1
            if s.word(i) == "is" { i += 1 }
            if let name = person(in: s, from: i, known: known), !Vocabulary.determiners.contains(s.word(i)), name.range.upperBound >= body.upperBound - 3 {
                return Route(kind: .contactLookup, rule: "who-is", command: head..<i)
            }
        }
        if eventish || shape.hasCalendarNoun { return nil }
        // The address book itself: "show me my contacts", "is alex saved in my contacts list".
        if shape.hasContactNoun {
            return Route(kind: .contactLookup, rule: "contact-noun", command: head..<shape.afterVerb)
        }
        // A field of someone: "Ana's phone", "email address of silvia", "tell me the landline number".
        if let field = fieldWord(s, known: known) {
            if personMention(s, known: known) != nil || ["his", "her", "their"].contains(where: { s.has([$0]) }) || body.count <= 3
                || s.has(strongFieldWords) {
                return Route(kind: .contactLookup, rule: "contact-field:\(field.rawValue)", command: head..<shape.afterVerb)
            }
        }
        if (s.matches(["where", "does"], at: head) || s.matches(["does"], at: head) || s.matches(["is"], at: head)),
           s.has(["live", "lives", "living", "work", "works", "working"]), personMention(s, known: known) != nil {
            return Route(kind: .contactLookup, rule: "contact-where", command: head..<head)
        }
        // "find Bob Stone", "tell me about joose", "what do you know about mary", "julie's information".
        var i = shape.afterVerb
        if lookupVerbs.contains(w0) || s.matches(["what", "do", "you", "know", "about"], at: head) {
            if s.matches(["what", "do", "you", "know", "about"], at: head) { i = head + 5 }
            while ["me", "for", "up", "about", "on", "the", "details", "of", "info", "information", "contact"].contains(s.word(i)) { i += 1 }
            if let name = person(in: s, from: i, known: known), name.range.upperBound >= body.upperBound - 3, !name.isRelation || s.word(i) == "my" {
                let rest = name.range.upperBound..<body.upperBound
                // What may follow the name: where to look, or where the person is from.
                if rest.isEmpty || ["in", "from", "at", "who", "that", "on"].contains(s.word(rest.lowerBound)) || s.tokens[i].isCapitalized {
                    return Route(kind: .contactLookup, rule: "lookup-person", command: head..<i)
                }
            }
        }
        // A contact's name and nothing else ("ana perez"): their card.
        if !shape.hasDate, !shape.isQuestion, shape.headVerb == .none, body.count <= 4,
           known.contactFirstNames.contains(s.word(head)),
           body.allSatisfy({ s.tokens[$0].kind == .word && known.contactWords.contains(s.word($0)) }),
           let name = person(in: s, from: head, known: known), name.range.upperBound == body.upperBound {
            return Route(kind: .contactLookup, rule: "name-alone", command: head..<head)
        }
        return nil
    }

    /// The contact field a sentence asks for, if it names one.
    static func fieldWord(_ s: Sentence, known: Names) -> ContactField? {
        var found: ContactField?
        for i in s.body {
            let w = s.word(i)
            guard let field = Vocabulary.contactFields[w] else { continue }
            switch w {
            case "number", "numbers":
                // "number of meetings" is a count, not a phone number.
                if s.word(i + 1) == "of", s.word(i - 1) != "phone" && s.word(i - 1) != "contact" { continue }
            case "old":
                guard s.word(i - 1) == "how" else { continue }
            case "live", "lives", "living", "located", "location":
                guard personMention(s, known: known) != nil else { continue }
            case "name", "information", "info", "details", "detail", "card", "profile":
                guard s.word(i - 1) == "contact" || s.tokens[max(i - 1, 0)].isPossessive || ["of", "on", "about", "for"].contains(s.word(i + 1)) || s.word(i - 1) == "last" || s.word(i - 1) == "first" else { continue }
            case "birthday", "bday", "born", "age":
                break
            case "mail", "code":
                guard ["email", "e", "area"].contains(s.word(i - 1)) || s.word(i + 1) == "address" || s.word(i + 1) == "id" else { continue }
            default:
                break
            }
            if found == nil || found == .all { found = field }
        }
        return found
    }

    /// Words that qualify a field ("home phone", "office number", "street address").
    static let fieldModifiers: Set<String> = [
        "home", "office", "work", "cell", "mobile", "house", "pager", "phone", "contact", "email", "e-mail", "street",
        "mailing", "residential", "corporate", "landline", "telephone", "personal", "private", "business",
    ]

    /// Field words that ask about a contact even without a name ("tell me the landline number").
    static let strongFieldWords: Set<String> = ["phone", "telephone", "landline", "cellphone", "mobile", "email", "e-mail", "phonebook"]

    /// A person the sentence names, by the most telling clue first: a possessive ("ana's",
    /// "mary smith's"), a name after "of"/"for"/"about"/"contact" ("email of silvia"), the
    /// subject of "does … live" or "is … in my contacts", a name before a field ("show ana
    /// number"), a name after the lookup verb ("search jack in contacts"), then "to"/"on".
    static func personMention(_ s: Sentence, known: Names) -> (range: Range<Int>, isRelation: Bool)? {
        let body = s.body
        for i in body {
            let t = s.tokens[i]
            // "june's address": a possessive month before a field is a person.
            guard t.isPossessive, !t.isInDate || Vocabulary.contactFields[s.word(i + 1)] != nil || fieldModifiers.contains(s.word(i + 1)) else { continue }
            if Vocabulary.relations.contains(String(t.base)) { return (i..<(i + 1), true) }
            if isName(s, i) {
                var start = i
                while start > body.lowerBound, i - start < 2, isName(s, start - 1), !s.tokens[start - 1].isPossessive { start -= 1 }
                return (start..<(i + 1), false)
            }
        }
        for i in body where ["of", "for", "about", "named", "called", "contact"].contains(s.word(i)) {
            if let p = person(in: s, from: i + 1, known: known) { return p }
        }
        for i in body where ["does", "is", "did", "where"].contains(s.word(i - 1)) && isName(s, i) {
            return (i..<nameEnd(s, from: i), false)
        }
        for i in body where isName(s, i) {
            var j = i + 1
            while j < body.upperBound, isName(s, j), j - i < 3 { j += 1 }
            let nameEnd = j
            while j < body.upperBound {
                if Vocabulary.contactFields[s.word(j)] != nil { return (i..<nameEnd, false) }
                guard fieldModifiers.contains(s.word(j)) else { break }
                j += 1
            }
        }
        if lookupVerbs.contains(s.word(body.lowerBound)) {
            var i = body.lowerBound + 1
            while ["me", "for", "up", "the", "a"].contains(s.word(i)) { i += 1 }
            if let p = person(in: s, from: i, known: known) { return p }
        }
        for i in body where ["to", "on", "from"].contains(s.word(i)) {
            if let p = person(in: s, from: i + 1, known: known) { return p }
        }
        for i in body where s.word(i) == "my" && Vocabulary.relations.contains(s.word(i + 1)) {
            return ((i + 1)..<(i + 2), true)
        }
        if !known.contactWords.isEmpty {
            for i in body where known.contactWords.contains(s.word(i)) {
                return (i..<nameEnd(s, from: i), false)
            }
        }
        return nil
    }

    /// The end of a name of up to three words starting at `i`.
    static func nameEnd(_ s: Sentence, from i: Int) -> Int {
        var end = i + 1
        while end < s.body.upperBound, end - i < 3, isName(s, end), !s.tokens[end - 1].isPossessive { end += 1 }
        return end
    }

    /// A name (or "my" + relation) starting at token `i`: up to three name words.
    static func person(in s: Sentence, from i: Int, known: Names) -> (range: Range<Int>, isRelation: Bool)? {
        var start = i
        while ["my", "the", "a"].contains(s.word(start)), Vocabulary.relations.contains(s.word(start + 1)) || s.word(start) == "my" { start += 1 }
        if start < s.body.upperBound, Vocabulary.relations.contains(String(s.tokens[start].base)) {
            var end = start + 1
            // "my girlfriend lisa", "my friend alex": the name after the relation wins;
            // "aunt ruth", "uncle bob" keep the title.
            if end < s.body.upperBound, isName(s, end) {
                let nameStart = Vocabulary.honorifics.contains(s.word(start)) ? start : end
                while end < s.body.upperBound, end - nameStart < 3, isName(s, end) { end += 1 }
                return (nameStart..<end, false)
            }
            return (start..<end, true)
        }
        var j = start
        if Vocabulary.honorifics.contains(s.word(j)), isName(s, j + 1) { j += 1 }
        guard j < s.body.upperBound, isName(s, j) else { return nil }
        var end = j + 1
        while end < s.body.upperBound, end - start < 3, isName(s, end), !s.tokens[end - 1].isPossessive { end += 1 }
        return (start..<end, false)
    }

    /// A word that may be (part of) a name in a contact question.
    static func isName(_ s: Sentence, _ i: Int) -> Bool {
        guard i >= s.body.lowerBound, i < s.body.upperBound else { return false }
        let t = s.tokens[i]
        guard t.kind == .word, !t.isInDate || (t.isPossessive && s.isA(i + 1, [.contactField, .fieldModifier])) else { return false }
        if t.is(notInContactNames) || t.baseIs(notInContactNames) { return false }
        return !nonNames.contains(t.word)
    }

    /// Classes of words that are never part of a name in a contact question.
    static let notInContactNames: WordClass = [.contactField, .contactNoun, .fileNoun, .notName, .relation, .eventNoun,
                                               .calendarNoun, .showVerb, .deleteVerb, .questionWord, .determiner, .number]

    /// Words around a contact question that are not names ("home", "nowadays", "saved").
    static let nonNames: Set<String> = [
        "home", "work", "office", "cell", "mobile", "street", "residential", "mailing", "corporate", "house", "pager",
        "landline", "newest", "other", "last", "first", "full", "job", "title", "area", "id", "saved", "list", "know",
        "live", "lives", "living", "works", "working", "travelling", "traveling", "still", "currently", "nowadays",
        "new", "old", "whose", "most", "frequently", "called", "named", "way", "favorite", "favourite", "missed",
    ]

    /// Reads the name and field of a contact question.
    static func read(_ s: Sentence, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        var field = fieldWord(s, known: known) ?? .all
        if route.rule == "call-person" { field = .phone }
        if route.rule == "contact-where" { field = .address }
        if s.has(["work", "works", "working"]), route.rule == "contact-where" { field = .all }
        var mention: (range: Range<Int>, isRelation: Bool)?
        switch route.rule {
        case "call-person", "lookup-person", "who-is":
            mention = person(in: s, from: route.command.upperBound, known: known)
        default:
            mention = personMention(s, known: known)
        }
        if let fieldAt = s.body.first(where: { Vocabulary.contactFields[s.word($0)] == field && field != .all }) {
            slots.append(s.slot(.field, fieldAt..<(fieldAt + 1), value: field.rawValue, rule: "field-word"))
        }
        guard let mention else { return .contactLookup(ContactQuery(name: "", field: field)) }
        var name = String(s.text(of: mention.range))
        if s.tokens[mention.range.upperBound - 1].isPossessive {
            name = String(name.dropLast(name.hasSuffix("'") ? 1 : 2))
        }
        slots.append(s.slot(.contact, mention.range, value: name, rule: mention.isRelation ? "relation" : "name"))
        return .contactLookup(ContactQuery(name: name, isRelation: mention.isRelation, field: field))
    }
}
