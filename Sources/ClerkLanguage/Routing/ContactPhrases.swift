internal import ClerkCore

/// Questions about people: "Ana's phone", "what's Ana's email", "find Bob Stone", "who is
/// Carla Gomez", "give me Petey's mobile number", "call mom".
enum ContactPhrases {

    static let whereWord: WordSet = ["where"]
    static let doesWord: WordSet = ["does"]
    static let doesOrIs: WordSet = ["does", "is"]

    static func route(_ s: Sentence, shape: Shape, known: Names) -> Route? {
        let head = shape.head
        let body = s.body
        // "remind me to call Ana", "add Bob's birthday": events about people, not lookups.
        if shape.remind || shape.headVerb == .create { return nil }
        let eventish = shape.hasEventNoun && !(s.has(Vocabulary.birthdayWords) && !shape.hasDate && !s.has(Vocabulary.eventsOfABirthday))
        // "call Ana", "dial mom", "how do I ring Carla", "call Bob mobile number".
        // Asked of the words' bits (`RouteWord.callVerb`, the same list) before anything else.
        if !shape.hasDate, let at = s.first(isA: .callVerb), at == head || !shape.hasEventNoun,
           let name = person(in: s, from: at + 1, known: known),
           (name.range.upperBound..<body.upperBound).allSatisfy({ Vocabulary.contactFields[s.word($0)] != nil || s.word($0, isIn: Vocabulary.fieldModifiers) }) {
            return Route(rule: .contact(.callPerson), command: at..<(at + 1))
        }
        // The address book asked about by a detail before "who …" is read as a name: "who
        // doesn't have an email", "who has a phone number".
        if !shape.hasDate, !eventish, !shape.hasCalendarNoun, detailFilter(s) != nil {
            return Route(rule: .contact(.filtered), command: head..<head)
        }
        // "who is Carla Gomez", "who's bob" (not "who is coming to the meeting"); "who is my
        // dentist", though "dentist" also names an appointment.
        if s.word(head, isIn: Vocabulary.whoWords), !shape.hasEventNoun || whoIsMyRelation(s, at: head) {
            var i = head + 1
            if s.word(i) == "is" { i += 1 }
            // ("who is the childminder": whoever's job that is.)
            if s.word(i) == "the", whoIsMyRelation(s, at: head) { i += 1 }
            if let name = person(in: s, from: i, known: known), !s.word(i, isIn: Vocabulary.determiners), name.range.upperBound >= body.upperBound - 3 {
                return Route(rule: .contact(.whoIs), command: head..<i)
            }
        }
        // "the number for doctor Patel", "the address of my dentist": a detail of someone
        // named after it and ending the line, though "dentist" also names an appointment
        // ("the address of the dentist appointment" is the event's).
        if !shape.hasDate, !shape.hasCalendarNoun, let field = fieldBeforePerson(s, known: known) {
            return Route(rule: .contact(.field(field)), command: head..<shape.afterVerb)
        }
        // "who works at Chen Events": a company whose name holds an event's noun is still a company.
        if !shape.hasDate, s.word(head, isIn: Vocabulary.whoWords), let (found, _) = filter(s), case .worksAt = found {
            return Route(rule: .contact(.filtered), command: head..<head)
        }
        if eventish || shape.hasCalendarNoun { return nil }
        // "what does Sam do", "what does Ana do for a living": a contact's job, for a name the
        // address book has ("what does this button do" is no person).
        if s.word(head, is: "what") || s.word(head, is: "whats"), s.word(head + 1, is: "does"),
           let name = person(in: s, from: head + 2, known: known), isKnownName(s, name.range, known: known),
           s.word(name.range.upperBound) == "do",
           name.range.upperBound + 1 == body.upperBound || s.matches(["for", "a", "living"], at: name.range.upperBound + 1)
            || s.matches(["for", "work"], at: name.range.upperBound + 1) {
            return Route(rule: .contact(.field(.jobTitle)), command: head..<(head + 2))
        }
        // The address book asked about as a whole: "who works at Acme", "which contacts
        // have no email", "how many contacts do I have".
        if !shape.hasDate, filter(s) != nil { return Route(rule: .contact(.filtered), command: head..<head) }
        // "do I know anyone named Carla", "do I know a Bob": the address book asked for a name.
        // (The head word compared first: most lines open otherwise, and the phrase's array
        // was handed over to be compared word by word.)
        // "who do I know called Ana" too, where the name must follow "called" or "named".
        // (Only a line with "know" in it: its bits asked before any word is compared.)
        let mayKnow = Self.knowWord.mayMeet(s.keyBits)
        let asksWho = mayKnow && s.word(head, is: "who")
        if mayKnow, asksWho && s.word(head + 1, is: "do") || s.word(head, is: "do"), s.matches(Self.doIKnow, at: asksWho ? head + 1 : head) {
            var i = head + (asksWho ? 1 : 0) + Self.doIKnow.count
            if !asksWho, s.word(i, isIn: Self.someoneWords) { i += 1 }
            if s.word(i, isIn: Self.namedWords) { i += 1 } else if asksWho { i = body.upperBound }
            if let name = person(in: s, from: i, known: known), (name.range.upperBound..<body.upperBound).allSatisfy({ s.tokens[$0].isMark }) {
                return Route(rule: .contact(.lookup), command: head..<i)
            }
        }
        // "anyone called jo", "is there anyone named Carla", "do I have someone called Bob":
        // the address book asked for a name, with no "do I know".
        if Self.someoneWords.mayMeet(s.keyBits), let at = (head..<min(head + 4, body.upperBound)).first(where: { s.word($0, isIn: Self.someoneWords) && s.word($0) != "a" && s.word($0) != "an" }),
           (head..<at).allSatisfy({ s.word($0, isIn: Self.askingForSomeone) }), s.word(at + 1, isIn: Self.namedWords),
           let name = person(in: s, from: at + 2, known: known), (name.range.upperBound..<body.upperBound).allSatisfy({ s.tokens[$0].isMark }) {
            return Route(rule: .contact(.lookup), command: head..<(at + 2))
        }
        // "show me everyone", "list everybody", "who do i know": the whole address book.
        if body.count <= 6, (head..<body.upperBound).allSatisfy({ s.word($0, isIn: Self.everyoneAlone) || s.tokens[$0].isMark }),
           body.contains(where: { s.word($0, isIn: Self.everyoneNouns) }) || s.matches(["who", "do", "i", "know"], at: head) && body.count <= 5 {
            return Route(rule: .contact(.addressBook), command: head..<body.upperBound)
        }
        // "list all clients", "show my customers": the address book, as a business owner says it.
        if (head..<body.upperBound).allSatisfy({ s.word($0, isIn: Self.clientsAlone) || s.tokens[$0].isMark }),
           body.contains(where: { s.word($0, isIn: Self.clientNouns) }) {
            return Route(rule: .contact(.addressBook), command: head..<body.upperBound)
        }
        // The address book itself: "list my contacts", "is Sam saved in my contacts".
        if shape.hasContactNoun {
            return Route(rule: .contact(.addressBook), command: head..<shape.afterVerb)
        }
        // A field of someone: "Ana's phone", "the email address of Carla", "give me the mobile number".
        // (Not a statement with a date: "backup job at 2:30am on march 28" is an event.)
        if let field = fieldWord(s, known: known), !(shape.hasDate && !shape.isQuestion && shape.headVerb != .show) {
            if personMention(s, known: known) != nil || s.has(Vocabulary.theirWords) || body.count <= 3
                || s.has(Vocabulary.strongFieldWords) {
                return Route(rule: .contact(.field(field)), command: head..<shape.afterVerb)
            }
        }
        // Words looked up by key: each array literal given to `matches` was made and
        // destroyed on every line that got this far, and each word compared copied its term.
        // ("who does ana work for": her company, as "where does ana work".)
        let asksEmployer = s.word(head, is: "who") && s.word(head + 1, isIn: Self.doesWord) && s.has(Vocabulary.workVerbs)
            && s.word(s.body.upperBound - 1, is: "for")
        if ((s.word(head, isIn: Self.whereWord) && s.word(head + 1, isIn: Self.doesWord)) || s.word(head, isIn: Self.doesOrIs) || asksEmployer),
           s.has(Vocabulary.whereVerbs), personMention(s, known: known) != nil {
            return Route(rule: .contact(.whereAbout), command: head..<head)
        }
        // "find Bob Stone", "tell me about Carla", "what do you know about Petey", "Bob's details".
        var i = shape.afterVerb
        let asksWhatIsKnown = s.word(head, is: "what") && s.matches(Self.whatDoYouKnowAbout, at: head)
        // ("everything about bob", "all about carla": the card, said with no verb.)
        let asksAllAbout = s.word(head, isIn: Self.allOfIt) && s.word(head + 1, is: "about")
        if s.word(head, isIn: Vocabulary.lookupVerbs) || asksWhatIsKnown || asksAllAbout {
            if asksWhatIsKnown { i = head + 5 }
            if asksAllAbout { i = head + 2 }
            // ("tell me everything about bob", "give me all the info on ana".)
            if s.word(i, isIn: Vocabulary.lookupFiller), s.word(i + 1, isIn: Self.allOfIt) { i += 2 } else if s.word(i, isIn: Self.allOfIt) { i += 1 }
            while s.word(i, isIn: Vocabulary.lookupFiller) { i += 1 }
            if let name = person(in: s, from: i, known: known), name.range.upperBound >= body.upperBound - 3,
               !name.isRelation || s.word(i) == "my" || isKnownName(s, name.range, known: known) {
                let rest = name.range.upperBound..<body.upperBound
                // What may follow the name: where to look, or where the person is from.
                if rest.isEmpty || s.word(rest.lowerBound, isIn: Vocabulary.afterAName) || s.tokens[i].isCapitalized {
                    return Route(rule: .contact(.lookup), command: head..<i)
                }
            }
        }
        // A contact's name and nothing else ("ana perez", a surname alone: "lopez"): their card.
        if !shape.hasDate, !shape.isQuestion, shape.headVerb == .none, body.count <= 4,
           s.word(head, isIn: known.contactFirstNames) || (body.count == 1 && s.word(head, isIn: known.contactWords)),
           body.allSatisfy({ s.tokens[$0].kind == .word && s.word($0, isIn: known.contactWords) }),
           let name = person(in: s, from: head, known: known), name.range.upperBound == body.upperBound {
            return Route(rule: .contact(.nameAlone), command: head..<head)
        }
        return nil
    }

    /// The contact field a sentence asks for, if it names one.
    /// "what do you know about …", asked at the head.
    static let whatDoYouKnowAbout = ["what", "do", "you", "know", "about"]
    /// "everything" said of a person's card ("everything about bob", "tell me all about ana").
    static let allOfIt: WordSet = ["everything", "all"]
    /// Words of a request for the whole address book with no noun of it ("show me everyone").
    static let everyoneAlone: WordSet = ["show", "list", "me", "all", "everyone", "everybody", "who", "do", "i", "know", "my", "give", "see", "get", "please"]
    static let everyoneNouns: WordSet = ["everyone", "everybody"]

    static let fieldLinks: WordSet = ["for", "of"]

    /// "who is my dentist", "who's my doctor", "who is the childminder": "who", "is", "my"
    /// (or "the") and a relation ending the line.
    static func whoIsMyRelation(_ s: Sentence, at head: Int) -> Bool {
        var i = head + 1
        if s.word(i) == "is" { i += 1 }
        // ("who is the dentist" asks who comes to the appointment: with "the", only a
        // relation that names no event.)
        guard s.word(i) == "my" || s.word(i) == "the" && !s.isA(i + 1, .eventNoun), s.isA(i + 1, .relation) else { return false }
        return (i + 2..<s.body.upperBound).allSatisfy { s.tokens[$0].isMark }
    }

    /// The field of "the number for doctor Patel", "the email of my lawyer": a field word,
    /// "for" or "of", and a person whose name ends the line (marks aside).
    static func fieldBeforePerson(_ s: Sentence, known: Names) -> ContactField? {
        for i in s.body where s.word(i + 1, isIn: fieldLinks) {
            guard Vocabulary.contactFields.mayContain(key: s.key(i)), let field = Vocabulary.contactFields[s.word(i)], field != .all,
                  let p = person(in: s, from: i + 2, known: known),
                  (p.range.upperBound..<s.body.upperBound).allSatisfy({ s.tokens[$0].isMark }) else { continue }
            // ("email address for dana": her email, not where she lives.)
            if field == .address, saysEmail(s, before: i) { return .email }
            return field
        }
        return nil
    }

    /// True when the word before `i` makes its "address" an email's ("email address").
    static func saysEmail(_ s: Sentence, before i: Int) -> Bool {
        s.word(i - 1, isIn: emailWords)
    }
    static let emailWords: WordSet = ["email", "e-mail", "mail"]

    static func fieldWord(_ s: Sentence, known: Names) -> ContactField? {
        // A line with no field's word at all turned away at once (`Sentence.keyBits`).
        guard Vocabulary.contactFields.mayMeet(s.keyBits) else { return nil }
        var found: ContactField?
        for i in s.body {
            // The key first, read where it lies (`s.tokens[i].key` copied the whole term).
            guard Vocabulary.contactFields.mayContain(key: s.key(i)) else { continue }
            let w = s.word(i)
            guard var field = Vocabulary.contactFields[w, key: s.key(i)] else { continue }
            switch w {
            case "code" where s.word(i - 1) == "post" || s.word(i - 1) == "zip" || s.word(i - 1) == "postal":
                // "tom's post code": his address.
                field = .address
            case "zip":
                // ("tom's zip", "the zip code for ana"; "zip the files" is none.)
                guard s.word(i + 1) == "code" || s.tokens[max(i - 1, 0)].isPossessive || s.word(i - 1) == "the" else { continue }
            case "address" where s.word(i + 1) == "book":
                // "my address book": the contacts themselves.
                continue
            case "number", "numbers":
                // "number of meetings" is a count, not a phone number.
                if s.word(i + 1) == "of", s.word(i - 1) != "phone" && s.word(i - 1) != "contact" { continue }
            case "old":
                guard s.word(i - 1) == "how" else { continue }
            case "live", "lives", "living", "located", "location":
                // ("i walk dogs for a living": work, not where anyone lives.)
                guard personMention(s, known: known) != nil, !(Sentence.same(w, "living") && s.word(i - 1) == "a") else { continue }
            case "title", "role", "position":
                // "the title of the review" is an event's; "Bob's title", "job title" are a job.
                guard s.tokens[max(i - 1, 0)].isPossessive || s.word(i - 1) == "job" || personMention(s, known: known) != nil,
                      !s.has(Vocabulary.eventNouns) else { continue }
            case "company", "employer", "organization", "organisation", "firm":
                guard personMention(s, known: known) != nil else { continue }
            case "nickname", "nicknames", "nick":
                // "Bob's nickname", "the nickname of Carla"; not "a nickname for my dog".
                guard let who = personMention(s, known: known), !who.isRelation || s.tokens[max(i - 1, 0)].isPossessive,
                      s.word(i + 1) != "name" else { continue }
            case "name" where ["full", "whole", "real"].contains(s.word(i - 1)) && (s.tokens[max(i - 2, 0)].isPossessive || s.word(i + 1, isIn: Vocabulary.aboutWords)):
                break
            case "name", "information", "info", "details", "detail", "card", "profile":
                guard s.word(i - 1) == "contact" || s.tokens[max(i - 1, 0)].isPossessive || s.word(i + 1, isIn: Vocabulary.aboutWords) || s.word(i - 1) == "last" || s.word(i - 1) == "first"
                        || w != "name" && afterKnownName(s, i, known: known)
                        // ("give me carlas details": a contact's first name with "s" and no apostrophe.)
                        || w != "name" && known.firstName(ofBarePossessive: s.word(i - 1)) != nil else { continue }
            case "birthday", "bday", "born", "age":
                break
            case "touch":
                // "get in touch with Carla", "how do I get in touch with Bob".
                guard s.word(i - 1) == "in", s.word(i + 1) == "with" else { continue }
            case "hold", "ahold":
                // "get hold of Bob" ("put the review on hold" is none).
                guard s.word(i - 1) == "get" || s.word(i - 1) == "got", s.word(i + 1) == "of" else { continue }
            case "mail", "code":
                guard s.word(i - 1, isIn: Vocabulary.beforeMailOrCode) || s.word(i + 1) == "address" || s.word(i + 1) == "id" else { continue }
            default:
                break
            }
            if found == nil || found == .all { found = field }
        }
        return found
    }

    /// True when the words before `i` are the whole line's start and a contact's name (the
    /// last maybe with a possessive "s" typed with no apostrophe) and `i` ends the line:
    /// "raj details", "maria alvarez info", "marias details".
    static func afterKnownName(_ s: Sentence, _ i: Int, known: Names) -> Bool {
        let body = s.body
        guard i > body.lowerBound, i - body.lowerBound <= 3, (i + 1..<body.upperBound).allSatisfy({ s.tokens[$0].isMark }) else { return false }
        return (body.lowerBound..<i).allSatisfy { j in
            s.word(j, isIn: known.contactWords) || j == i - 1 && s.word(j).hasSuffix("s") && known.contactWords.contains(String(s.word(j).dropLast()))
        }
    }

    /// A person the sentence names, by the most telling clue first: a possessive ("ana's",
    /// "carla gomez's"), a name after "of"/"for"/"about"/"contact" ("email of carla"), the
    /// subject of "does … live" or "is … in my contacts", a name before a field ("show ana
    /// number"), a name after the lookup verb ("search jack in contacts"), then "to"/"on".
    static func personMention(_ s: Sentence, known: Names) -> (range: Range<Int>, isRelation: Bool)? {
        let body = s.body
        // "my moms number", "my sisters email": a relation's possessive typed with no
        // apostrophe.
        for i in body where s.word(i) == "my" && i + 1 < body.upperBound && relationPossessive(s, i + 1) {
            return ((i + 1)..<(i + 2), true)
        }
        for i in body {
            let t = s.tokens[i]
            // "june's address": a possessive month before a field is a person.
            guard t.isPossessive, !t.isInDate || Vocabulary.contactFields[s.word(i + 1)] != nil || s.word(i + 1, isIn: Vocabulary.fieldModifiers) else { continue }
            if Vocabulary.relations.contains(String(t.base)) { return (i..<(i + 1), true) }
            if isName(s, i, known: known) {
                var start = i
                while start > body.lowerBound, i - start < 2, isName(s, start - 1, known: known), !s.tokens[start - 1].isPossessive { start -= 1 }
                return (start..<(i + 1), false)
            }
        }
        for i in body where s.word(i, isIn: Vocabulary.beforeAName) {
            if let p = person(in: s, from: i + 1, known: known) { return p }
        }
        for i in body where s.word(i - 1, isIn: Vocabulary.beforeASubject) && isName(s, i) {
            return (i..<nameEnd(s, from: i), false)
        }
        // ("how old is mum", "where does grandma live": a relation as the subject.)
        for i in body where s.word(i - 1, isIn: Vocabulary.beforeASubject) && s.isA(i, .relation) && !s.isA(i + 1, .eventNoun) {
            return (i..<(i + 1), true)
        }
        for i in body where isName(s, i) {
            var j = i + 1
            while j < body.upperBound, isName(s, j), j - i < 3 { j += 1 }
            let nameEnd = j
            while j < body.upperBound {
                if Vocabulary.contactFields[s.word(j)] != nil { return (i..<nameEnd, false) }
                guard s.word(j, isIn: Vocabulary.fieldModifiers) else { break }
                j += 1
            }
        }
        if s.word(body.lowerBound, isIn: Vocabulary.lookupVerbs) {
            var i = body.lowerBound + 1
            while s.word(i, isIn: Vocabulary.afterLookupVerb) { i += 1 }
            if let p = person(in: s, from: i, known: known) { return p }
        }
        // "get in touch with Carla", "get hold of Bob".
        for i in body where s.word(i, is: "touch") && s.word(i + 1, is: "with") || s.word(i, isIn: Vocabulary.holdWords) && s.word(i + 1, is: "of") {
            if let p = person(in: s, from: i + 2, known: known) { return p }
        }
        for i in body where s.word(i, isIn: Vocabulary.towardWords) {
            if let p = person(in: s, from: i + 1, known: known) { return p }
        }
        for i in body where s.word(i) == "my" && s.word(i + 1, isIn: Vocabulary.relations) {
            return ((i + 1)..<(i + 2), true)
        }
        if !known.contactWords.isEmpty {
            for i in body where s.word(i, isIn: known.contactWords) {
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
        while s.word(start, isIn: Vocabulary.beforeARelation), s.word(start + 1, isIn: Vocabulary.relations) || s.word(start) == "my" { start += 1 }
        if start < s.body.upperBound, Vocabulary.relations.contains(String(s.tokens[start].base)) {
            var end = start + 1
            // "my sister Carla", "my friend Bob": the name after the relation wins;
            // "aunt ruth", "uncle bob" keep the title.
            if end < s.body.upperBound, isName(s, end) {
                let nameStart = s.word(start, isIn: Vocabulary.honorifics) ? start : end
                while end < s.body.upperBound, end - nameStart < 3, isName(s, end) { end += 1 }
                return (nameStart..<end, false)
            }
            return (start..<end, true)
        }
        var j = start
        if s.word(j, isIn: Vocabulary.honorifics), isName(s, j + 1) { j += 1 }
        guard j < s.body.upperBound, isName(s, j, known: known) else { return nil }
        var end = j + 1
        while end < s.body.upperBound, end - start < 3, isName(s, end), !s.tokens[end - 1].isPossessive { end += 1 }
        return (start..<end, false)
    }

    /// `isName`, or a contact's first name that is a word too ("will's number", "call will",
    /// "who is will" with a contact Will).
    static func isName(_ s: Sentence, _ i: Int, known: Names) -> Bool {
        guard !isName(s, i) else { return true }
        guard i >= s.body.lowerBound, i < s.body.upperBound else { return false }
        let t = s.tokens[i]
        return t.kind == .word && !t.isInDate && known.contactFirstNames.contains(String(t.base))
    }

    /// A word that may be (part of) a name in a contact question.
    static func isName(_ s: Sentence, _ i: Int) -> Bool {
        guard i >= s.body.lowerBound, i < s.body.upperBound else { return false }
        let t = s.tokens[i]
        guard t.kind == .word, !t.isInDate || (t.isPossessive && s.isA(i + 1, [.contactField, .fieldModifier])) else { return false }
        if t.is(notInContactNames) || t.baseIs(notInContactNames) { return false }
        // "what's %'s phone": the "s" of a possessive typed after a sign is no name.
        if isApostropheFragment(s, i) { return false }
        return !Vocabulary.nonNames.contains(t.word)
    }

    /// A one-letter word typed straight after an apostrophe ("%'s" read as "s"): the end of a
    /// possessive whose owner was no word.
    static func isApostropheFragment(_ s: Sentence, _ i: Int) -> Bool {
        let t = s.tokens[i]
        guard t.word.count == 1 else { return false }
        if let first = s.text[t.range].first, first == "'" || first == "\u{2019}" { return true }
        guard t.range.lowerBound > s.text.startIndex else { return false }
        let before = s.text[s.text.index(before: t.range.lowerBound)]
        return before == "'" || before == "\u{2019}"
    }

    /// Classes of words that are never part of a name in a contact question.
    static let notInContactNames: WordClass = [.contactField, .contactNoun, .fileNoun, .notName, .relation, .eventNoun,
                                               .calendarNoun, .showVerb, .deleteVerb, .questionWord, .determiner, .number]

    /// Reads the name and field of a contact question.
    static func read(_ s: Sentence, rule: ContactRule, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        var field = fieldWord(s, known: known) ?? .all
        if case .field(let said) = rule, field == .all || s.word(route.command.lowerBound + 1) == "does" { field = said }
        var mention: (range: Range<Int>, isRelation: Bool)?
        switch rule {
        case .filtered:
            let (filter, range) = filter(s) ?? (.count, s.body)
            switch filter {
            case .worksAt(let company): slots.append(s.slot(.name, range, value: company, rule: "company"))
            case .livesIn(let place), .howMany(.livesIn(let place)): slots.append(s.slot(.name, range, value: place, rule: "place"))
            case .with(let field, _), .howMany(.with(let field, _)):
                slots.append(s.slot(.field, range, value: field.rawValue, rule: "field-saved"))
            case .without(let field, _), .howMany(.without(let field, _)):
                slots.append(s.slot(.field, range, value: field.rawValue, rule: "field-missing"))
            case .count, .howMany: break
            }
            return .contactLookup(ContactQuery(name: "", filter: filter))
        case .callPerson:
            field = .phone
            mention = person(in: s, from: route.command.upperBound, known: known)
        case .lookup, .whoIs:
            mention = person(in: s, from: route.command.upperBound, known: known)
        case .whereAbout:
            field = s.has(Vocabulary.workVerbs) ? .company : .address
            mention = personMention(s, known: known)
        case .addressBook, .field, .nameAlone:
            mention = personMention(s, known: known)
            // ("show me everyone": the whole book, no one called so.)
            // ("who are my clients": the whole book too.)
            if rule == .addressBook, let said = mention, said.range.allSatisfy({ s.word($0, isIn: everyoneNouns) || s.word($0, isIn: clientNouns) }) { mention = nil }
        }
        if let fieldAt = s.body.first(where: { Vocabulary.contactFields[s.word($0)] == field && field != .all }) {
            slots.append(s.slot(.field, fieldAt..<(fieldAt + 1), value: field.rawValue, rule: "field-word"))
        }
        // "what's %'s phone": a possessive whose owner is no word names nobody there is; what
        // was typed before the apostrophe is the name asked for, never the whole book.
        if mention == nil, let i = s.body.first(where: { isApostropheFragment(s, $0) && (Vocabulary.contactFields[s.word($0 + 1)] != nil || s.word($0 + 1, isIn: Vocabulary.fieldModifiers)) }) {
            let owner = s.text[..<s.tokens[i].range.lowerBound].reversed().prefix { !$0.isWhitespace }.reversed()
            let name = String(String(owner).filter { $0 != "'" && $0 != "\u{2019}" })
            slots.append(s.slot(.name, i..<(i + 1), value: name.isEmpty ? "'s" : name, rule: "possessive-fragment"))
            return .contactLookup(ContactQuery(name: name.isEmpty ? "'s" : name, field: field))
        }
        guard let mention else { return .contactLookup(ContactQuery(name: "", field: field)) }
        var name = String(s.text(of: mention.range))
        if s.tokens[mention.range.upperBound - 1].isPossessive {
            name = String(name.dropLast(name.hasSuffix("'") ? 1 : 2))
        } else if mention.isRelation, mention.range.count == 1, relationPossessive(s, mention.range.lowerBound) {
            name = String(name.dropLast())
        }
        // "call mom" when Mom is a contact: the name of someone in the address book.
        let isRelation = mention.isRelation && !isKnownName(s, mention.range, known: known)
        slots.append(s.slot(.contact, mention.range, value: name, rule: isRelation ? "relation" : "name"))
        return .contactLookup(ContactQuery(name: name, isRelation: isRelation, field: field, isCall: rule == .callPerson,
                                           label: detailLabel(s, field: field, outside: mention.range)))
    }

    /// The kind of phone, email or address a question asks for: "mobile" or "cell" alone
    /// ("his mobile"), or a label word just before the field ("her work number", "ana's home
    /// address"); nil when it names none, or the field has no kinds. Not a word of the name.
    static func detailLabel(_ s: Sentence, field: ContactField, outside name: Range<Int>) -> DetailLabel? {
        guard field == .phone || field == .email || field == .address else { return nil }
        for i in s.body where !name.contains(i) {
            guard let label = labelWords[s.word(i)] else { continue }
            if label == .mobile && field == .phone { return label }
            if let next = Vocabulary.contactFields[s.word(i + 1)], next == field { return label }
        }
        return nil
    }

    /// "moms", "sisters": a relation with an "s" and no apostrophe — before a field when the
    /// word is a plural too ("my sisters email"; "my parents" stays as it is).
    static func relationPossessive(_ s: Sentence, _ i: Int) -> Bool {
        let word = s.word(i)
        guard word.count > 3, word.hasSuffix("s"), Vocabulary.relations.contains(String(word.dropLast())) else { return false }
        return !Vocabulary.relations.contains(word) || Vocabulary.contactFields[s.word(i + 1)] != nil
    }

    /// True when the words are a name the address book has ("mom" for a contact called Mom).
    static func isKnownName(_ s: Sentence, _ range: Range<Int>, known: Names) -> Bool {
        !range.isEmpty && range.allSatisfy { known.contactWords.contains(String(s.tokens[$0].base)) }
    }

    static let peopleNouns: WordSet = ["contacts", "contact", "people", "persons", "folks", "friends"]
    static let atWords: WordSet = ["at", "for", "from"]
    static let lackWords: WordSet = ["no", "without", "lack", "lacks", "lacking", "missing"]

    /// A question about the whole address book, with where its value lies:
    /// "who works at Acme", "contacts at acme", "find people from Globex"; "which contacts
    /// have an email", "contacts without a phone number", "how many contacts have no
    /// birthday" (`detailFilter`); "how many contacts do I have", "number of contacts".
    static func filter(_ s: Sentence) -> (ContactFilter, Range<Int>)? {
        let body = s.body
        let head = body.lowerBound
        let noun = s.first(in: peopleNouns)
        let contactNoun = s.first(in: Vocabulary.contactNouns)
        // "which contacts have an email", "who has no phone number", "how many contacts have a
        // mobile": before the count, which would take "how many contacts" alone.
        if let found = detailFilter(s) { return found }
        if let found = placeFilter(s) { return found }
        // "how many contacts", "number of contacts", "count my contacts".
        if let noun = contactNoun, s.matches(["how", "many"], at: noun - 2) || s.matches(["how", "many"], at: noun - 3) && s.word(noun - 1) == "my"
            || s.matches(["number", "of"], at: noun - 2) || s.word(head) == "count", s.first(in: lackWords) == nil, fieldAfter(s, from: noun + 1) == nil {
            return (.count, noun..<(noun + 1))
        }
        // "who works at Acme", "who's at Globex", "contacts at acme", "people from Acme".
        var at: Int?
        if s.word(head, isIn: Vocabulary.whoWords) {
            var i = head + 1
            if ["is", "are"].contains(s.word(i)) { i += 1 }
            // A verb of working is needed: "who is at the door" is no question about contacts.
            if s.word(i, isIn: Vocabulary.workVerbs), s.word(i + 1, isIn: atWords) { at = i + 1 }
            // ("who do i know at acme": whom the book holds there; "… in berlin" is an address.)
            if s.matches(doIKnow, at: i), s.word(i + doIKnow.count, is: "at") { at = i + doIKnow.count }
        } else if let noun, contactNoun != nil || s.word(noun) == "people" {
            var i = noun + 1
            if ["who", "that"].contains(s.word(i)) { i += 1 }
            if s.word(i, isIn: Vocabulary.workVerbs) { i += 1 }
            if s.word(i, isIn: atWords), s.word(i) != "for" || s.word(i - 1, isIn: Vocabulary.workVerbs) { at = i }
            // Before the noun only a verb of looking and "my", "all", "the".
            guard (head..<noun).allSatisfy({ ["find", "show", "list", "which", "what", "any", "all", "my", "the", "me", "who", "get"].contains(s.word($0)) }) else { at = nil; return nil }
        }
        guard let at else { return nil }
        var end = body.upperBound
        while end > at + 1, s.tokens[end - 1].isMark { end -= 1 }
        guard at + 1 < end, end - at <= 4, (at + 1..<end).allSatisfy({ s.tokens[$0].kind == .word && !s.isInDate($0) }),
              !s.word(at + 1, isIn: Vocabulary.determiners) else { return nil }
        let range = (at + 1)..<end
        return (.worksAt(String(s.text(of: range))), range)
    }

    static let doIKnow = ["do", "i", "know"]
    static let knowWord: WordSet = ["know"]
    static let someoneWords: WordSet = ["anyone", "anybody", "someone", "somebody", "a", "an", "everyone", "everybody", "who's", "whos", "who"]
    static let namedWords: WordSet = ["named", "called"]
    /// Who the address book holds, as a business owner says it.
    static let clientNouns: WordSet = ["clients", "customers", "suppliers"]
    /// The words of "list all clients", "show me my customers", "who are my suppliers".
    static let clientsAlone: WordSet = ["list", "show", "me", "all", "my", "the", "clients", "customers", "suppliers", "who", "are", "of"]
    /// Words before "anyone called …" that only ask ("is there", "do I have", "got", "find").
    static let askingForSomeone: WordSet = ["is", "there", "do", "i", "have", "got", "any", "find", "search", "look", "for", "me", "show", "list"]
    /// Words that say where someone lives ("who lives in Lisbon", "contacts based in Madrid").
    static let livingWords: WordSet = ["lives", "live", "living", "based", "located", "resides", "reside", "residing"]
    static let beWords: WordSet = ["is", "are"]
    static let whoOrThat: WordSet = ["who", "that"]
    /// Words a place after "in" does not start with ("contacts in my phone").
    static let notAPlace: WordSet = ["my", "your", "our", "the", "a", "an", "this", "that", "these", "those", "contacts", "address", "phonebook"]

    /// A question about who lives somewhere, with where the place lies: "who lives in
    /// Lisbon", "who is based in Madrid", "who do I know in Berlin", "do I know anyone in
    /// Paris", "contacts in Madrid", "which friends live in Porto", "how many contacts live in
    /// Spain" (a count). Not "who is in the meeting" (no verb of living) nor "contacts in my
    /// phone".
    static func placeFilter(_ s: Sentence) -> (ContactFilter, Range<Int>)? {
        let body = s.body, head = body.lowerBound
        var i: Int
        if s.word(head, isIn: Vocabulary.whoWords) {
            i = head + 1
            if s.word(i, isIn: beWords) { i += 1 }
            if s.matches(doIKnow, at: i) { i += doIKnow.count } else if s.word(i, isIn: livingWords) { i += 1 } else { return nil }
        } else if s.matches(doIKnow, at: head) {
            i = head + doIKnow.count
            if s.word(i, isIn: someoneWords) { i += 1 }
            if s.word(i, is: "who") { i += 1 }
            if s.word(i, isIn: livingWords) { i += 1 }
        } else if let noun = s.first(in: peopleNouns) {
            // Before the noun only a verb of looking, "how many" and "my", "all", "the".
            guard (head..<noun).allSatisfy({ s.word($0, isIn: askingWhoWords) }) else { return nil }
            i = noun + 1
            if s.word(i, isIn: whoOrThat) { i += 1 }
            if s.word(i, isIn: beWords) { i += 1 }
            if s.word(i, isIn: livingWords) { i += 1 }
        } else {
            return nil
        }
        guard s.word(i, is: "in") else { return nil }
        var end = body.upperBound
        while end > i + 1, s.tokens[end - 1].isMark { end -= 1 }
        guard i + 1 < end, end - i <= 4, (i + 1..<end).allSatisfy({ s.tokens[$0].kind == .word && !s.isInDate($0) }),
              !s.word(i + 1, isIn: notAPlace) else { return nil }
        let range = (i + 1)..<end
        let filter = ContactFilter.livesIn(String(s.text(of: range)))
        let counts = s.word(head, is: "how") && s.word(head + 1, is: "many")
        return (counts ? .howMany(filter) : filter, range)
    }

    /// Words that may come before "have"/"with" in a question about who has a detail
    /// ("which of my contacts", "how many people in my address book", "does anyone").
    static let askingWhoWords: WordSet = [
        "which", "what", "who", "who's", "whos", "list", "show", "find", "get", "give", "me", "all", "my", "the", "any",
        "of", "how", "many", "in", "address", "book", "that", "do", "does", "i", "else", "is", "are", "there",
        "contacts", "contact", "people", "persons", "folks", "friends", "phonebook", "clients", "customers", "suppliers", "colleagues",
        "anyone", "anybody", "everyone", "everybody", "someone", "somebody",
    ]
    /// The words of those words that say the question is about people.
    static let peopleWords: WordSet = [
        "who", "who's", "whos", "contacts", "contact", "people", "persons", "folks", "friends", "phonebook",
        "anyone", "anybody", "everyone", "everybody", "someone", "somebody",
        // (Who the address book holds, as a business owner says it.)
        "clients", "customers", "suppliers", "colleagues",
    ]
    static let haveWords: WordSet = ["have", "has", "having", "with", "got"]
    static let notWords: WordSet = ["don't", "dont", "doesn't", "doesnt", "not"]
    /// Words that ask for a detail of every contact ("everyone's email", "all the numbers").
    static let everyoneWords: WordSet = ["everyone", "everyones", "everyone's", "everybody", "everybodys", "everybody's", "all"]
    /// Words that may stand beside them in such a request ("give me all the numbers").
    static let everyoneFiller: WordSet = [
        "give", "me", "show", "list", "get", "what", "whats", "what's", "are", "the", "my", "of", "for", "contacts", "contact",
        "contacts'", "in", "please", "i", "have", "saved", "phone",
    ]

    /// "everyone's email", "give me all the numbers", "phone numbers for everyone", "all my
    /// contacts' addresses": the contacts with that detail (a phone, email or address),
    /// each listed with it. Nil when any other word is said ("delete all the numbers").
    static func everyonesDetail(_ s: Sentence) -> (ContactFilter, Range<Int>)? {
        let body = s.body
        guard body.count <= 9, body.contains(where: { s.word($0, isIn: everyoneWords) || s.tokens[$0].isPossessive && everyoneWords.contains(s.tokens[$0].base) }) else { return nil }
        var field: (ContactField, Int)?
        var label: DetailLabel?
        for i in body {
            let t = s.tokens[i]
            if t.isMark || s.word(i, isIn: everyoneWords) || t.isPossessive && everyoneWords.contains(t.base) { continue }
            if let said = Vocabulary.contactFields[s.word(i)], [.phone, .email, .address].contains(said) {
                // ("email addresses for everyone": "addresses" is the email's.)
                if said == .address, saysEmail(s, before: i) { continue }
                if let (known, _) = field, known != said { return nil }
                if field == nil { field = (said, i) }
                if let l = labelWords[s.word(i)] { label = l }
            } else if let l = labelWords[s.word(i)] {
                label = l
            } else if !s.word(i, isIn: everyoneFiller) {
                return nil
            }
        }
        guard let (found, at) = field else { return nil }
        return (.with(found, label: [.phone, .email, .address].contains(found) ? label : nil), at..<(at + 1))
    }
    /// What may follow the field: where it is kept ("who has no birthday saved", "… in my contacts").
    static let afterADetail: WordSet = ["saved", "stored", "recorded", "listed", "set", "on", "file", "in", "my", "the", "contacts", "address", "book", "phonebook"]
    /// Words that name a kind of phone, email or address ("a mobile", "a work email").
    static let labelWords: WordMap<DetailLabel> = [
        "mobile": .mobile, "cell": .mobile, "cellphone": .mobile,
        "home": .home, "house": .home, "personal": .home, "private": .home, "residential": .home,
        "work": .work, "office": .work, "business": .work, "corporate": .work,
    ]
    static let savedWords: WordSet = ["saved", "stored", "recorded", "listed", "file"]

    /// A question about who has (or lacks) a detail: people asked about, then "have", "has",
    /// "with", or a lack ("no", "without", "missing", "don't have"), then the detail and
    /// nothing else but where it is kept: "which contacts have an email", "who has a phone
    /// number", "contacts with a mobile", "who doesn't have an email", "contacts missing a
    /// birthday", "how many contacts have an address" (a count). Not "does Ana have an
    /// email" (a person's field) nor "who has the address" (one value, not a kind); "who has
    /// a birthday" asks the calendar unless the contacts or "saved" are named.
    static func detailFilter(_ s: Sentence) -> (ContactFilter, Range<Int>)? {
        if let found = everyonesDetail(s) { return found }
        let body = s.body
        func asking(from start: Int) -> Int {
            var i = start
            while i < body.upperBound, s.word(i, isIn: askingWhoWords) { i += 1 }
            return i
        }
        func namesPeople(_ range: Range<Int>) -> Bool { range.contains { s.word($0, isIn: peopleWords) } }
        var i = asking(from: body.lowerBound)
        // "do I have any contacts with an email": that "have" is the asking's.
        if !namesPeople(body.lowerBound..<i), s.word(i, isIn: haveWords) { i = asking(from: i + 1) }
        let asked = body.lowerBound..<i
        guard namesPeople(asked) else { return nil }
        let start = i
        var lacks = false
        if s.word(i, isIn: notWords) { lacks = true; i += 1 }
        if s.word(i, isIn: haveWords) {
            i += 1
            if s.word(i) == "got" { i += 1 }
            if s.word(i) == "no", !lacks { lacks = true; i += 1 }
        } else if s.word(i, isIn: lackWords), !lacks {
            lacks = true
            i += 1
        } else {
            return nil
        }
        guard lacks || !["the", "this", "that"].contains(s.word(i)),
              let field = fieldAfter(s, from: i), field.field != .all, field.field != .company || s.word(field.at) == "company" else { return nil }
        // "job title", "mobile number": a second word of the same field.
        var end = field.at + 1
        if Vocabulary.contactFields[s.word(end)] == field.field { end += 1 }
        let said = start..<end
        while end < body.upperBound, s.word(end, isIn: afterADetail) || s.tokens[end].isMark { end += 1 }
        guard end == body.upperBound else { return nil }
        if field.field == .birthday, !lacks, !asked.contains(where: { s.word($0, isIn: Vocabulary.contactNouns) || s.word($0, isIn: peopleNouns) }),
           !(field.at..<end).contains(where: { s.word($0, isIn: savedWords) }) {
            return nil
        }
        let labelled = [.phone, .email, .address].contains(field.field)
        let label = labelled ? said.lazy.compactMap { labelWords[s.word($0)] }.first : nil
        let filter: ContactFilter = lacks ? .without(field.field, label: label) : .with(field.field, label: label)
        let counts = asked.contains { s.word($0) == "how" } && asked.contains { s.word($0) == "many" }
        return (counts ? .howMany(filter) : filter, said)
    }

    /// The contact field named at or just after `from` ("no email", "no phone number",
    /// "without a birthday"), past an article.
    static func fieldAfter(_ s: Sentence, from: Int) -> (field: ContactField, at: Int)? {
        var i = from
        while ["a", "an", "any", "the", "their", "saved"].contains(s.word(i)) { i += 1 }
        // "no home address", "no mobile number": the modifier, then the field.
        if Vocabulary.contactFields[s.word(i)] == nil || s.word(i) == "mobile" || s.word(i) == "cell",
           s.word(i, isIn: Vocabulary.fieldModifiers), Vocabulary.contactFields[s.word(i + 1)] != nil { i += 1 }
        guard let field = Vocabulary.contactFields[s.word(i)] ?? Vocabulary.pluralFields[s.word(i)] else { return nil }
        // "phone number", "email address": the first word says which.
        if Vocabulary.contactFields[s.word(i + 1)] != nil, s.word(i) == "phone" || s.word(i) == "email" || s.word(i) == "e-mail" { return (field, i + 1) }
        return (field, i)
    }
}
