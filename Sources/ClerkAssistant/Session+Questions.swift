import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// A question the session asked and what each answer does.
enum Pending {
    /// Yes or no.
    case confirm(Confirmation)
    /// A numbered choice ("Which Ana? 1) … 2) …").
    case choose(Choice)
    /// The new-event card: yes, no, "edit", or an edit in words.
    case card(DraftCard)
    /// A free-text answer ("What should I call it?").
    case text(TextQuestion)

    var intent: IntentName {
        switch self {
        case .confirm(let c): return c.intent
        case .choose(let c): return c.intent
        case .card: return .createEvent
        case .text(let t): return t.intent
        }
    }
}

struct Confirmation {
    var intent: IntentName
    /// Repeated when the answer is neither yes nor no.
    var question: String
    /// What Enter alone means.
    var defaultYes: Bool
    var yes: () -> Reply
    var no: () -> Reply
}

struct Choice {
    var intent: IntentName
    var question: String
    var count: Int
    /// Words that pick an option besides its number ("all" → 2), folded (lower case, no
    /// accents).
    var aliases: [String: Int] = [:]
    /// Another way to pick, from the whole answer ("the friday one" among events); nil when
    /// it picks none.
    var picksBy: ((String) -> Int?)? = nil
    var pick: (Int) -> Reply

    /// The option an answer names by its place: "the second one", "the 2nd", "first",
    /// "number 2", "option 3", "the last one"; nil for any other answer.
    static func place(in answer: String, count: Int) -> Int? {
        let words = Spelling.fold(answer).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            .filter { !placeFrames.contains($0) }
        guard words.count == 1 else { return nil }
        let word = words[0]
        let n = word == "last" ? count : placeWords[word] ?? Int(word)
        guard let n, (1...count).contains(n) else { return nil }
        return n
    }

    /// The number an answer is when it is a number alone ("3", "-1", "#2", "3."), sign kept;
    /// nil for anything else.
    static func bareNumber(_ answer: String) -> Int? {
        var said = Substring(answer.trimmingSpaces())
        if said.first == "#" { said = said.dropFirst() }
        while let last = said.last, ".)!?".contains(last) { said = said.dropLast() }
        let negative = said.first == "-" || said.first == "−"
        if negative || said.first == "+" { said = said.dropFirst() }
        guard !said.isEmpty, said.count <= 6, said.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(said) else { return nil }
        return negative ? -n : n
    }

    /// `answer` (lower case) without the courtesies said before or after it ("the series
    /// please", "ok, just this one", "all of them, thank you"), its words joined by spaces.
    static func withoutCourtesy(_ answer: String) -> String {
        var words = answer.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "\u{2019}" }).map(String.init)
        while let first = words.first, courtesies.contains(first) { words.removeFirst() }
        while let last = words.last, courtesies.contains(last) || words.suffix(2) == ["thank", "you"] {
            words.removeLast(last == "you" ? 2 : 1)
        }
        return words.joined(separator: " ")
    }

    static let courtesies: Set<String> = ["please", "pls", "plz", "thanks", "thx", "ta", "cheers", "ok", "okay", "oh", "um", "uh", "er",
                                          "hmm", "well", "yes", "yeah", "yep", "sure"]

    static let placeFrames: Set<String> = ["the", "one", "number", "no", "option", "choice", "that", "pick", "i", "mean", "meant", "please"]
    static let placeWords: [String: Int] = [
        "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5,
        "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8, "ninth": 9, "9th": 9,
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    ]

    /// Answers that pick one of `labels` by name: the whole label, and each word of it that
    /// no other label has ("perez" for "Ana Pérez" beside "Ana López"), folded; option
    /// numbers start at 1. Words shorter than `shortest` are no alias ("at", "to" answer
    /// nothing), save where the frame says a name ("the wu one": 2).
    static func aliases(_ labels: [String], shortest: Int = 3) -> [String: Int] {
        var aliases: [String: Int] = [:]
        var counts: [String: Int] = [:]
        let words = labels.map { Spelling.fold($0).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init) }
        for list in words { for word in Set(list) { counts[word, default: 0] += 1 } }
        for (index, list) in words.enumerated() {
            aliases[Spelling.fold(labels[index])] = index + 1
            for word in list where counts[word] == 1 && word.count >= shortest { aliases[word] = index + 1 }
        }
        return aliases
    }
}

struct TextQuestion {
    var intent: IntentName
    var question: String
    /// The answer looked for, when there is one ("Type 'Job' to delete it"): said, it is the
    /// answer, even when it also reads as a request ("Job", "Contacts").
    var expected: String? = nil
    var answer: (String) -> Reply
}

/// How a person says yes or no.
enum YesNo {
    static let yes: Set<String> = [
        "y", "yes", "yeah", "yep", "yup", "yea", "ya", "sure", "ok", "okay", "do it", "go ahead", "confirm", "please", "yes please",
        "create it", "delete it", "sounds good", "looks good", "go for it", "yes do it", "ok do it", "perfect", "correct", "right",
        // As a first-time user says it ("sure thing", "ok cool", "perfect thanks").
        "sure thing", "cool", "great", "awesome", "lovely", "excellent", "brilliant", "absolutely", "definitely", "of course",
        "sounds great", "sounds perfect", "that works", "works for me", "all good", "fine", "alright", "yes please do",
    ]
    /// Words that open a longer yes or no ("yep do it", "nah forget it").
    static let yesLeads: Set<String> = [
        "y", "yes", "yeah", "yep", "yup", "yea", "ya", "sure", "ok", "okay", "great", "cool", "alright", "fine", "perfect", "awesome",
        "lovely", "brilliant", "excellent",
    ]
    static let noLeads: Set<String> = ["n", "no", "nope", "nah", "oh", "wait", "actually", "hmm", "um"]
    /// Politeness after a yes ("Yes thank you.", "yes, please do", "ok thanks").
    static let politeTails: Set<String> = [
        "thank you", "thanks", "thank you very much", "thanks a lot", "thank you so much", "please", "please do", "do please",
        "thank you kindly", "that's right", "thats right", "that's fine", "thats fine", "that's good", "thats good",
    ]
    /// The only yes read from a pipe.
    static let strictYes: Set<String> = ["y", "yes"]
    static let no: Set<String> = [
        "n", "no", "nope", "nah", "cancel", "stop", "don't", "dont", "never mind", "nevermind", "no thanks", "no thank you", "abort",
        "actually no", "no no", "no way", "not now", "forget it", "skip it", "leave it", "wait no", "no wait", "oh no", "nope thanks",
        "nvm", "nm", "forget that", "cancel that", "never mind then", "nevermind then",
        "no don't", "no dont", "don't do it", "dont do it", "not yet", "no cancel it", "no leave it",
        // "no its fine", "no need": nothing wanted after all.
        "no its fine", "no it's fine", "no thats fine", "no that's fine", "no need", "no worries", "no its ok", "no it's ok",
    ]

    /// True for yes, false for no, nil for anything else. At a terminal `empty` is what Enter
    /// alone means; from a pipe an empty line is no answer and only y or yes is yes.
    static func read(_ text: String, empty: Bool, rule: AnswerRule) -> Bool? {
        // "no, thanks", "yes - do it": the words without the marks between them.
        let words = text.lowercased().trimmingSpacesAndPunctuation()
            .split { $0 == " " || $0 == "," || $0 == "-" || $0 == "!" || $0 == "." }.joined(separator: " ")
        // ("...", "?!": marks alone are no answer, not Enter; "?!" took a card's default yes.)
        if words.isEmpty { return rule == .terminal && text.allSatisfy(\.isWhitespace) ? empty : nil }
        if (rule == .terminal ? yes : strictYes).contains(words) { return true }
        if no.contains(words) { return false }
        // "yep do it", "sure, go ahead", "nope never mind": a yes (or no) said twice over.
        // From a pipe the yes must be y or yes, politeness after it aside ("yes please").
        if let space = words.firstIndex(of: " ") {
            let first = String(words[..<space]), rest = String(words[words.index(after: space)...])
            if rule == .pipe { return strictYes.contains(first) && (politeTails.contains(rest) || strictYes.contains(rest)) ? true : nil }
            if yesLeads.contains(first), yes.contains(rest) || politeTails.contains(rest) { return true }
            if noLeads.contains(first), no.contains(rest) { return false }
        }
        return nil
    }
}

extension Session {
    /// Sets `question` as pending and returns `reply` marked as asking.
    func ask(_ question: Pending, _ reply: Reply) -> Reply {
        pending = question
        var asking = reply
        asking.asksQuestion = true
        return asking
    }

    /// A line typed instead of an answer that is plainly a new request: the question is
    /// dropped (nothing changes) and the request handled. Yes, no, numbers and edits of "it"
    /// are never new requests; a change of an event named by its title, day or people
    /// ("move the standup to 10am") is one.
    func newRequest(insteadOf question: Pending, _ text: String) -> Reply? {
        newRequest(insteadOf: question, understand(text))
    }

    /// `newRequest(insteadOf:_:)` for a line already read (each line is routed once).
    func newRequest(insteadOf question: Pending, _ understanding: Understanding) -> Reply? {
        newRequest(insteadOf: question.intent, understanding)
    }

    /// `newRequest(insteadOf:_:)` for a question of `intent`, asked or being answered.
    func newRequest(insteadOf intent: IntentName, _ understanding: Understanding) -> Reply? {
        switch understanding.intent {
        case .outOfScope: return nil
        // "the thursday one" typed at "Which one?" names no new event: a day with no title.
        case .createEvent(let request) where request.title.isEmpty: return nil
        case .updateEvent(let which, _) where which.isLastShown || (which.words == nil && which.when == nil && which.attendee == nil):
            return nil
        default:
            // (A new event asked for here may be followed by "and lena too" as any other.)
            if case .createEvent = understanding.intent { createdLine = understanding.text }
            // (The events still queued from the line that asked are left with it.)
            queuedLines = []
            var reply = handle(understanding)
            reply.message = Renderer.droppedQuestion(intent) + "\n" + reply.message
            return reply
        }
    }

    /// A change or a removal of an event named by its title or its people: a request of its
    /// own, never an answer that picks an option by the date in it.
    static func namesAnEvent(_ understanding: Understanding) -> Bool {
        switch understanding.intent {
        case .updateEvent(let which, _), .deleteEvent(let which): return which.words != nil || which.attendee != nil
        default: return false
        }
    }

    /// What clerk says to a thing it cannot do typed while it waits for an answer ("can you
    /// text maria", "email lucas the list", "what's the weather"): the honest answer, and the
    /// question stays; nil for anything else.
    func cannotDo(_ understood: Understanding) -> String? {
        guard case .outOfScope(let outOfScope) = understood.intent, let topic = outOfScope.topic,
              Self.cannotDoTopics.contains(topic) else { return nil }
        return outOfScopeReply(understood.text, outOfScope).message
    }

    /// (And the clock, answered on the side: "what time is it in tokyo" at "Which day?".)
    static let cannotDoTopics: Set<OutOfScopeTopic> = [.alarm, .timer, .weather, .music, .devices, .news, .messaging, .contactEditing, .travel, .lists, .clock]

    /// Requests that only look something up: typed where a free-text answer was asked, they
    /// are asked instead of answering.
    static let lookups: Set<IntentName> = [.queryAgenda, .contactLookup, .fileList, .fileRead, .calendars, .help, .status,
                                           // Commands no title is made of ("new calendar Family", "undo").
                                           .createCalendar, .deleteCalendar, .updateCalendar, .undo, .login, .logout]
    /// Lookups that are answers all the same: a date alone ("tomorrow at 3") answers "When
    /// is it?", and "Call Bob" is a title as often as a call.
    static let answersToo: Set<String> = ["date-only", "call-person"]

    /// True for a line that adds to the file being written ("add passport to it", "put socks
    /// in it too").
    static func addsToIt(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" })
        guard let first = words.first, ["add", "append", "put", "include", "write"].contains(first), words.count >= 3 else { return false }
        return words.dropFirst(2).contains("it") && !words.contains("event") && !words.contains("calendar")
    }

    /// True for a line of items and nothing else ("passport, charger, socks", "milk, eggs and
    /// bread"): words between commas, none of them a request clerk reads.
    static func listsItems(_ text: String, _ understood: Understanding) -> Bool {
        guard case .outOfScope = understood.intent, understood.rule == "unknown", text.contains(",") else { return false }
        return text.split(separator: ",").allSatisfy { item in
            let words = item.split(separator: " ")
            return (1...5).contains(words.count)
        }
    }

    /// Routes the answer to an open question.
    func answer(_ question: Pending, with text: String, askedBy: Intent? = nil) -> Reply {
        switch question {
        case .confirm(let confirmation):
            switch YesNo.read(text, empty: confirmation.defaultYes, rule: context.answers) {
            case true?: return confirmation.yes()
            case false?: return confirmation.no()
            case nil:
                // "add passport to it" at "New file packing (empty). Write it?": written, and
                // the line added to it.
                // ("passport, charger, socks" there: the items, as if added to it.)
                let understood = understand(text)
                let said = confirmation.intent == .fileWrite && !Self.addsToIt(text) && Self.listsItems(text, understood) ? "add \(text) to it" : text
                if confirmation.intent == .fileWrite, Self.addsToIt(said) {
                    let done = confirmation.yes()
                    noteFileOnScreen(done)
                    guard done.ok, pending == nil else { return done }
                    let line = said == text ? understood : understand(said)
                    var next = handle(fileOnScreen.flatMap { aboutFile($0, said, line) } ?? line)
                    next.message = done.message + "\n" + next.message
                    return next
                }
                // "no, the 15th" at "Skip 'Standup' on Mon 14 Dec only?": asked again for the 15th.
                if let askedBy, let reply = correctedRequest(askedBy, text, understood) { return reply }
                if let reply = newRequest(insteadOf: question, understood) { return reply }
                if let cannot = cannotDo(understood) {
                    return ask(question, Reply(intent: confirmation.intent, ok: true, message: cannot + "\n" + confirmation.question))
                }
                return ask(question, Reply(intent: confirmation.intent, ok: true, message: Renderer.answerYesOrNo(confirmation.question)))
            }
        case .choose(let choice):
            let word = text.lowercased().trimmingSpacesAndPunctuation()
            // "0", "-1", "3" of two, "13": a number that is no option is not read as an hour.
            if let number = Choice.bareNumber(text), !(1...choice.count).contains(number) {
                return ask(question, Reply(intent: choice.intent, ok: true, message: Renderer.noSuchOption(number, choice.question, count: choice.count)))
            }
            if let number = Int(word), (1...choice.count).contains(number) { return choice.pick(number) }
            if let number = choice.aliases[Spelling.fold(word)] { return choice.pick(number) }
            // "the series please", "ok, just this one", "2 thanks": the same, said with courtesy.
            let plain = Choice.withoutCourtesy(word)
            if plain != word, let number = Int(plain).flatMap({ (1...choice.count).contains($0) ? $0 : nil }) ?? choice.aliases[Spelling.fold(plain)] {
                return choice.pick(number)
            }
            // "the second one", "the last one"; "the friday one", "the one at 11" among events.
            if let number = Choice.place(in: word, count: choice.count) { return choice.pick(number) }
            // A change of an event named by its title ("rename the sync to weekly review") is a
            // new request, though a date in it ("weekly") would pick an option.
            let understanding = understand(text)
            if !Self.namesAnEvent(understanding), let number = choice.picksBy?(text) { return choice.pick(number) }
            if YesNo.read(word, empty: false, rule: context.answers) == false || word.isEmpty {
                return Reply(intent: choice.intent, ok: true, message: Renderer.nothingChanged)
            }
            // "no i meant the 15th" at "Which one?" of the 14th's events: asked of the 15th.
            if let askedBy, let reply = correctedRequest(askedBy, text, understanding) { return reply }
            if let reply = newRequest(insteadOf: question, understanding) { return reply }
            if let cannot = cannotDo(understanding) {
                return ask(question, Reply(intent: choice.intent, ok: true, message: cannot + "\n" + choice.question))
            }
            return ask(question, Reply(intent: choice.intent, ok: true, message: Renderer.pickANumber(choice.question, count: choice.count)))
        case .card(let card):
            return answerCard(card, with: text)
        case .text(let textQuestion):
            if let expected = textQuestion.expected, Spelling.fold(text.trimmingSpaces()) == Spelling.fold(expected) {
                return textQuestion.answer(text)
            }
            let yesOrNo = YesNo.read(text, empty: false, rule: context.answers)
            if text.isEmpty || yesOrNo == false {
                return Reply(intent: textQuestion.intent, ok: true, message: Renderer.nothingChanged)
            }
            // "y" is no name: the question stands.
            if yesOrNo == true {
                return ask(question, Reply(intent: textQuestion.intent, ok: true, message: textQuestion.question))
            }
            // Any words may be a title, but a lookup typed instead ("what's Bob's email",
            // "what's on tomorrow") is a new request: made a title, it named an event after it.
            let understanding = understand(text)
            if Self.lookups.contains(understanding.intent.name), !Self.answersToo.contains(understanding.rule),
               let reply = newRequest(insteadOf: question, understanding) { return reply }
            return textQuestion.answer(text)
        }
    }
}
