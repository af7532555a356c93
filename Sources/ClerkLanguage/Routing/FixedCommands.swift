/// Short commands said in a few fixed ways: help, log in, log out, status, undo, the last change, quit, the list of
/// calendars, and "new calendar NAME".
enum FixedCommands {
    /// Whole requests (wake words and politeness already skipped) and what they ask.
    static let forms: [String: FixedCommand] = {
        var forms: [String: FixedCommand] = [:]
        // (Sized once: grown as it filled, it was hashed again four times at every start.)
        forms.reserveCapacity(512)
        for f in ["help", "?", "help me", "what can you do", "what can i do", "what can i say", "what do you do", "commands",
                  "usage", "how does this work", "how do i use this", "how do i use you", "show help", "examples", "manual",
                  "what can you help me with", "what are the commands", "show me what you can do", "instructions",
                  "what can you do for me", "what else can you do", "what can you help with", "what can you do here",
                  // What a first-time user asks of clerk itself.
                  "what is this", "what's this", "whats this", "what are you", "what is clerk", "what's clerk",
                  "what does clerk do", "how do i start", "where do i start", "how does it work", "what do i say",
                  "what should i say", "what can i ask", "what can i ask you", "what do i do", "how do i undo",
                  "how do i undo something", "how does undo work", "can i undo", "is there an undo", "is there undo",
                  "show me an example", "give me an example", "show me examples", "give me some examples", "an example", "example",
                  "any examples",
                  // Typed short ("u" for "you"), and how to leave.
                  "what can u do", "what can u do for me", "what else can u do", "what can u help with", "what do u do",
                  "how do i quit", "how do i exit", "how do i leave", "how do i get out", "how do i close this",
                  // Help on one part (the session picks it from the words).
                  "help with files", "help files", "files help", "file help", "help with my files", "what can you do with files",
                  "how do files work", "how do i edit a file", "how do i create a file",
                  "help with contacts", "help contacts", "contacts help", "what can you do with contacts", "how do contacts work",
                  "how do i add contacts", "how do i import contacts",
                  "help with events", "help events", "help with the calendar", "help calendar", "calendar help",
                  "how do i add an event", "how do i create an event", "how do i add a meeting", "how do i delete an event",
                  "how do i delete something", "how do i move an event", "how do i change an event", "how do i cancel something",
                  "what can you do with my calendar", "how does the calendar work", "how do i see it", "how do i see my events",
                  "how do i see my calendar", "how do i see my schedule", "how do i view my calendar", "how do i check my calendar",
                  "how do i see what's on", "how do i see whats on",
                  "how do i add a calendar", "how do i make a calendar", "how do i create a calendar", "how do i add another calendar"] {
            forms[f] = .help
        }
        for f in ["log in", "login", "log me in", "sign in", "signin", "sign me in", "log in to google", "login to google",
                  "sign in to google", "connect google", "connect to google", "log into google", "connect my google account",
                  "use google", "link google", "log on"] {
            forms[f] = .login
        }
        for f in ["log out", "logout", "log me out", "sign out", "signout", "sign me out", "log off", "disconnect",
                  "disconnect google", "log out of google", "sign out of google", "forget my google account", "unlink google"] {
            forms[f] = .logout
        }
        for f in ["status", "account status", "sync status", "show status", "show my status", "clerk status", "google status",
                  "am i online", "am i signed in", "am i logged in", "who am i signed in as", "which account", "what account am i using",
                  "is anything waiting", "what's waiting", "whats waiting", "anything waiting to be sent", "when did you last sync",
                  "when was the last sync", "is it synced", "are you online", "are you synced"] {
            forms[f] = .status
        }
        for f in ["undo", "undo that", "undo it", "undo the last change", "undo last change", "undo the last thing",
                  "revert", "revert that", "revert it", "take that back", "put it back", "restore it", "undo this",
                  "go back", "undo please", "reverse that", "cancel that change", "oops undo",
                  // "oops" after a change: undo, which says what it will do and asks first.
                  "oops", "oops undo that", "oops undo it", "undo that please", "revert the last change", "take it back",
                  // Said of what was just deleted.
                  "bring it back", "bring that back", "get it back", "get that back", "i want it back", "give it back"] {
            forms[f] = .undo
        }
        for f in ["redo", "redo that", "redo it", "redo please", "undo the undo", "undo undo", "undo my undo", "undo that undo",
                  "redo the last change", "put it back the way it was before undo"] {
            forms[f] = .redo
        }
        // What "undo" would reverse, asked: answered from the session's changes.
        for f in ["what did i just change", "what did i change", "what did i just do", "what did i do", "what did you just do",
                  "what did you do", "what did you change", "what did you just change", "what was my last change",
                  "what was the last change", "what's my last change", "whats my last change", "what is my last change",
                  "what was changed", "what just changed", "what changed", "last change", "show my last change",
                  "show the last change", "what would undo do", "what will undo do", "what does undo do now",
                  // The session's changes, or its deletions (the session picks which from the words).
                  "what did i cancel", "what have i cancelled", "what have i canceled", "what did you cancel", "what did you delete",
                  "what have i deleted", "what did i remove", "what have i removed", "which events did i cancel",
                  "which events did i delete", "what have i changed", "what have i done", "what have you changed",
                  "what have you done", "what have i changed so far", "what have i done so far", "what changes have i made",
                  "what changes did i make", "show my changes", "list my changes", "my changes"] {
            forms[f] = .lastChange
        }
        for f in ["quit", "exit", "bye", "goodbye", "good bye", "see you", "that's all", "thats all", "i'm done",
                  // A goodbye with thanks, as a first-time user ends.
                  "thanks bye", "thank you bye", "ok bye", "okay bye", "bye bye", "bye for now", "see ya", "cya",
                  "that's it", "thats it", "that's all thanks", "thats all thanks", "im done", "i am done",
                  // As an older hand says it ("Thank you very much, that is all for today.").
                  "that is all", "that is all for today", "that's all for today", "thats all for today", "that is all for now",
                  "that's all for now", "thats all for now", "that will be all", "that'll be all", "that is everything",
                  "that's everything", "nothing else", "nothing else thanks", "that's all i needed", "that is all i needed",
                  // A goodbye for the night or till later.
                  "goodnight", "good night", "night night", "nighty night", "ok goodnight", "ok good night", "thanks goodnight",
                  "thanks good night", "see you later", "see you tomorrow", "see ya later", "catch you later", "talk to you later",
                  "talk later", "ttyl"] {
            forms[f] = .quit
        }
        // "thanks thats all", "ok that's it": the goodbye after thanks or an ok, unpunctuated.
        for lead in ["thanks", "thank you", "ok", "okay", "great", "cool"] {
            for end in ["that's all", "thats all", "that's it", "thats it", "i'm done", "im done", "that's all for now", "thats all for now"] {
                forms[lead + " " + end] = .quit
            }
        }
        for f in ["calendars", "list calendars", "list my calendars", "list the calendars", "list all calendars",
                  "show calendars", "show my calendars", "show me my calendars", "show the calendars", "show all calendars",
                  "show me the calendars", "what calendars do i have", "which calendars do i have", "my calendars",
                  "what calendars are there", "which calendars are there", "all calendars", "all my calendars",
                  "what are my calendars", "list of calendars", "which calendars", "what calendars",
                  "what's my default calendar", "whats my default calendar", "what is my default calendar",
                  "which is my default calendar", "which calendar is the default", "which calendar is my default",
                  "default calendar", "my default calendar"] {
            forms[f] = .calendars
        }
        return forms
    }()

    /// The first words of the forms and of "new calendar …", to turn other lines away early.
    /// (Only looked up, so the keys' order does not matter. Cut at the first space byte by a
    /// plain loop, `asciiPrefix`: by `split` these forms cost 1.2 M instructions at start, by
    /// the standard library's `prefix(while:)` over their bytes 1 M.)
    static let firstWords = WordSet(forms.keys.map { $0.asciiPrefix(upTo: UInt8(ascii: " ")) } + ["new", "create", "add", "make"]
                                    + helpOpenings.phrases.map { $0[0] } + howToAddOpenings.phrases.map { $0[0] }
                                    // ("help me with my appointments": "help me" skipped as politeness.)
                                    + ["with"])

    /// Every word of every form (the forms are their words joined by spaces).
    /// (Cut at the space byte by `asciiWords`: split by characters it cost a start 3.4 M
    /// instructions, by the standard library's generic `split` of the bytes 2.1 M. The forms
    /// repeat their words, ~330 different among ~1,100: the index is sized for a third.)
    static let formWords: WordSet = {
        var words: [String] = []
        words.reserveCapacity(forms.count * 4)
        for form in forms.keys { form.asciiWords(cutAt: UInt8(ascii: " "), into: &words) }
        return WordSet(words, distinct: words.count / 3)
    }()

    static func match(_ s: Sentence) -> Route? {
        var body = s.body
        // "I'm new to this. What can you do for me?": a short remark, then the command.
        if body.count > 2, let stop = body.dropLast().last(where: { s.kind($0) == .mark && (s.word($0, is: ".") || s.word($0, is: "!") || s.word($0, is: "?")) }),
           stop - body.lowerBound <= 6, !(body.lowerBound..<stop).contains(where: { s.isInDate($0) }) {
            body = (stop + 1)..<body.upperBound
        }
        // "wait no bring it back", "ugh, undo that": an undo after words of dismay.
        var afterDismay = body.lowerBound
        while afterDismay + 1 < body.upperBound, s.word(afterDismay, isIn: Vocabulary.correctionWords) || s.kind(afterDismay) == .mark { afterDismay += 1 }
        if afterDismay > body.lowerBound, body.count <= 10, (afterDismay..<body.upperBound).allSatisfy({ s.word($0, isIn: formWords) }),
           forms[(afterDismay..<body.upperBound).map { s.tokens[$0].word }.joined(separator: " ")] == .undo {
            return Route(rule: .fixed(.undo, (afterDismay..<body.upperBound).map { s.tokens[$0].word }.joined(separator: " ")), command: body)
        }
        if let route = asksWhetherCan(s) { return route }
        if s.has(aboutItselfWords), let route = asksAboutItself(s) { return route }
        guard !body.isEmpty, body.count <= 8, s.word(body.lowerBound, isIn: firstWords) else { return nil }
        // A line with a word no form has is no form, seen by key before its words are joined
        // and looked up ("next monday", "today at 5": the words joined and hashed for nothing).
        if body.allSatisfy({ s.word($0, isIn: formWords) }) {
            let key = body.map { s.tokens[$0].word }.joined(separator: " ")
            if let command = forms[key] { return Route(rule: .fixed(command, key), command: body) }
        }
        return body == s.body ? helpAbout(s) ?? newCalendar(s) ?? asksIfConnected(s) ?? asksWhereKept(s) : nil
    }

    /// Words a question about clerk itself may hold besides what it asks about.
    static let aboutItselfFiller: WordSet = [
        "what", "what's", "whats", "which", "is", "are", "am", "do", "does", "can", "will", "could", "i", "you", "it", "this", "clerk", "the",
        "of", "your", "my", "an", "a", "there", "use", "using", "run", "running", "work", "works", "working", "need", "needs", "require",
        "requires", "have", "be", "still", "also", "mode", "on",
    ]
    static let offlineWords: WordSet = ["offline", "internet", "wifi", "wi-fi", "online", "connection", "network", "signal"]
    static let aboutItselfWords = offlineWords.union(["version"])

    /// "what version are you", "which version is this": the version. "do you work offline",
    /// "can I use this without internet", "does it need an internet connection": where clerk
    /// keeps things and what it does offline. Only the whole line of such words ("what
    /// version of the report", "offline meeting friday 3pm" are not about clerk).
    static func asksAboutItself(_ s: Sentence) -> Route? {
        let body = s.body
        guard body.count <= 9, !body.contains(where: { s.isInDate($0) }) else { return nil }
        func only(_ words: WordSet, _ also: WordSet = []) -> Bool {
            body.allSatisfy { s.word($0, isIn: words) || s.word($0, isIn: also) || s.word($0, isIn: aboutItselfFiller) || s.tokens[$0].isMark }
        }
        let topic: OutOfScopeTopic
        if body.contains(where: { s.word($0, is: "version") }), only(["version"]) {
            topic = .version
        } else if body.contains(where: { s.word($0, isIn: offlineWords) }), s.word(0, isIn: ["can", "does", "do", "will", "is", "are"]) || s.word(s.count - 1) == "?",
                  only(offlineWords, ["without", "no", "any", "when", "i'm", "im", "not", "connected"]) {
            topic = .offline
        } else {
            return nil
        }
        return Route(rule: .topic(topic), command: body)
    }

    static let keptWords: WordSet = ["stored", "kept", "saved", "keep", "store", "save", "live"]
    static let whatIsKept: WordSet = ["data", "files", "stuff", "everything", "things", "notes", "store", "database", "events", "calendar",
                                      "calendars", "contacts", "appointments"]
    static let whereKeptFiller: WordSet = ["where", "is", "are", "my", "all", "the", "do", "does", "you", "clerk", "it"]

    /// "where is my data stored", "where are my files kept", "where do you keep my stuff": the
    /// status, which names the store (and the Google account, once signed in).
    static func asksWhereKept(_ s: Sentence) -> Route? {
        let body = s.body
        guard body.count <= 8, s.word(body.lowerBound) == "where", body.contains(where: { s.word($0, isIn: keptWords) }),
              body.contains(where: { s.word($0, isIn: whatIsKept) }),
              body.allSatisfy({ s.word($0, isIn: keptWords) || s.word($0, isIn: whatIsKept) || s.word($0, isIn: whereKeptFiller) || s.tokens[$0].isMark })
        else { return nil }
        return Route(rule: .fixed(.status, s.body.map { s.tokens[$0].word }.joined(separator: " ")), command: s.body)
    }

    static let connectedWords: WordSet = ["synced", "syncing", "sync", "synchronized", "synchronised", "connected", "linked", "signed", "logged", "hooked"]
    static let thisWords: WordSet = ["this", "it", "clerk", "you", "i", "google", "everything"]

    /// "is this synced with google", "are you connected to my google calendar", "am I
    /// connected to google", "is google linked": the account's status, asked as a yes or no.
    static func asksIfConnected(_ s: Sentence) -> Route? {
        let body = s.body
        // ("is there a way to sync with google" asks how: not the status.)
        guard body.count <= 9, ["is", "are", "am"].contains(s.word(body.lowerBound)), s.word(body.lowerBound + 1, isIn: thisWords) || s.word(body.lowerBound + 1) == "my",
              body.contains(where: { s.word($0, isIn: connectedWords) }), !body.contains(where: { s.isInDate($0) }) else { return nil }
        return Route(rule: .fixed(.status, s.body.map { s.tokens[$0].word }.joined(separator: " ")), command: s.body)
    }

    /// Openings of a request for help ("how do I use …", "what can I say about …").
    static let helpOpenings: PhraseList = [
        ["help"], ["help", "me"], ["how", "do", "i", "use"], ["how", "do", "i", "work", "with"], ["how", "to", "use"],
        ["what", "can", "i", "say"], ["what", "can", "i", "ask"], ["what", "can", "i", "do"], ["what", "can", "you", "do"],
        ["what", "do", "i", "say"], ["how", "do", "i", "manage"],
        // "can i write notes", "can i keep lists": asked whether, the help on that part ("can
        // you …" is politeness, skipped before).
        ["can", "i", "write"], ["can", "i", "keep"], ["can", "i", "make"], ["can", "i", "take"], ["can", "i", "save"],
    ]
    /// The parts help is given on, by the words that name them.
    static let helpParts: WordSet = ["file", "files", "notes", "contact", "contacts", "events", "event", "calendar", "calendars", "lists"]
    /// Words that may stand between the opening and the part ("… about my files").
    static let helpFiller: WordSet = ["about", "with", "for", "my", "the", "on", "to", "in", "regarding", "me", "you", "please", "clerk", "here"]

    /// Help asked on one part in other words than the forms: "what can I say about files",
    /// "how do I use contacts", "help me with my calendar". Only those words: "help me move
    /// the dentist" is no request for help.
    static func helpAbout(_ s: Sentence) -> Route? {
        if let route = howToAdd(s) ?? helpMeWith(s) { return route }
        guard let (at, length) = s.first(of: helpOpenings), at == s.body.lowerBound else { return nil }
        let rest = (at + length)..<s.body.upperBound
        guard rest.contains(where: { s.word($0, isIn: helpParts) }),
              rest.allSatisfy({ s.word($0, isIn: helpParts) || s.word($0, isIn: helpFiller) || s.kind($0) == .mark }) else { return nil }
        return Route(rule: .fixed(.help, s.body.map { s.tokens[$0].word }.joined(separator: " ")), command: s.body)
    }

    /// What clerk may be asked whether it can do ("can you make files", "can u delete things").
    static let canDoVerbs: WordSet = ["make", "create", "delete", "remove", "edit", "change", "add", "do", "handle", "manage", "read",
                                      "open", "write", "keep", "set", "move", "cancel", "search", "find", "look", "show", "save", "rename",
                                      "copy", "import", "track", "store", "organise", "organize", "update", "see", "list", "check", "book",
                                      "take", "remember", "jot", "note"]
    /// Things asked of in general, not one thing named ("files", "things", "reminders").
    static let thingsInGeneral: WordSet = ["files", "notes", "lists", "documents", "docs", "events", "appointments", "meetings",
                                           "reminders", "things", "stuff", "contacts", "people", "calendars", "birthdays", "plans",
                                           "entries", "todos", "to-dos", "shifts", "classes", "recurring", "repeating", "text", "up"]
    static let youWords: WordSet = ["you", "u", "ya"]
    static let forWhom: WordSet = ["me", "us"]
    static let canWords: WordSet = ["can", "could", "do", "will"]

    /// "can you make files", "could u delete things", "can you do reminders": asked whether
    /// clerk can, of things in general (no day, no name, no one thing): the help on that
    /// part. "can you make a file called ideas" and "can you delete the dentist" stay requests.
    /// ("can you" is politeness the split skipped: the body starts at the verb.)
    static func asksWhetherCan(_ s: Sentence) -> Route? {
        let h = s.body.lowerBound
        guard h >= 2, s.word(h - 1, isIn: youWords), s.word(h - 2, isIn: canWords), s.word(h, isIn: canDoVerbs) else { return nil }
        var end = s.body.upperBound
        while end > h + 1, s.kind(end - 1) == .mark { end -= 1 }
        // ("can you keep notes for me": for whom is no thing.)
        if end > h + 3, s.word(end - 2, is: "for"), s.word(end - 1, isIn: forWhom) { end -= 2 }
        let rest = (h + 1)..<end
        guard !rest.isEmpty, rest.count <= 3, s.word(end - 1, isIn: thingsInGeneral),
              rest.allSatisfy({ s.word($0, isIn: thingsInGeneral) || s.word($0, isIn: helpFiller) || s.word($0, isIn: canDoVerbs) })
        else { return nil }
        return Route(rule: .fixed(.help, s.body.map { s.tokens[$0].word }.joined(separator: " ")), command: s.body)
    }

    /// Openings that ask how to put something on the calendar ("how do I add my classes").
    static let howToAddOpenings: PhraseList = [
        ["how", "do", "i", "add"], ["how", "can", "i", "add"], ["how", "do", "i", "put"], ["how", "can", "i", "put"],
        ["how", "do", "i", "enter"], ["how", "do", "i", "schedule"], ["how", "can", "i", "schedule"], ["how", "do", "i", "make"],
        ["how", "do", "i", "set", "up"], ["how", "to", "add"], ["how", "to", "put"], ["how", "to", "schedule"],
    ]

    /// "how do I add my classes", "how can I put my shifts in", "how to add appointments": a
    /// question of how, with no event of its own (no day, no person): the help, on the part
    /// its words name. "how do I add Ana to the review" stays what it was.
    static func howToAdd(_ s: Sentence) -> Route? {
        guard let (at, length) = s.first(of: howToAddOpenings), at == s.body.lowerBound else { return nil }
        let rest = (at + length)..<s.body.upperBound
        guard rest.count <= 6, !rest.contains(where: { s.isInDate($0) || s.word($0) == "to" || s.tokens[$0].isCapitalized }) else { return nil }
        return Route(rule: .fixed(.help, s.body.map { s.tokens[$0].word }.joined(separator: " ")), command: s.body)
    }

    /// What "help me with" may be asked about besides the parts of `helpParts`.
    static let helpWithTopics: WordSet = ["appointments", "appointment", "meetings", "schedule", "diary", "agenda", "plans", "things", "stuff"]

    /// "(Hello, could you) help me with my appointments (please)?": "help me" was skipped as
    /// politeness; what it asks help with is only a part of clerk.
    static func helpMeWith(_ s: Sentence) -> Route? {
        let h = s.body.lowerBound
        guard h >= 2, s.word(h - 2) == "help", s.word(h - 1) == "me", s.word(h) == "with" else { return nil }
        let rest = (h + 1)..<s.body.upperBound
        guard rest.contains(where: { s.word($0, isIn: helpParts) || s.word($0, isIn: helpWithTopics) }),
              rest.allSatisfy({ s.word($0, isIn: helpParts) || s.word($0, isIn: helpWithTopics) || s.word($0, isIn: helpFiller) || s.kind($0) == .mark })
        else { return nil }
        return Route(rule: .fixed(.help, "help me " + s.body.map { s.tokens[$0].word }.joined(separator: " ")), command: s.body)
    }

    /// "new calendar Work", "create a calendar called Family", "add a calendar named Trips".
    static func newCalendar(_ s: Sentence) -> Route? {
        var i = s.body.lowerBound
        let verb = s.word(i)
        guard ["new", "create", "add", "make"].contains(verb) else { return nil }
        if verb != "new" { i += 1 }
        while ["a", "an", "new", "another"].contains(s.word(i)) { i += 1 }
        // "add a work calendar", "create a new family calendar": a word or two, then
        // "calendar" ending the line, are the name.
        if s.word(i) != "calendar" {
            var end = s.body.upperBound
            while end > i, s.tokens[end - 1].isMark { end -= 1 }
            guard end - 1 > i, end - 1 - i <= 2, s.word(end - 1) == "calendar",
                  (i..<(end - 1)).allSatisfy({ s.kind($0) == .word && !s.isInDate($0) && !Vocabulary.genericEventNouns.contains(s.tokens[$0].word)
                      && !["my", "the", "your", "our", "this", "that", "to", "on", "in", "it", "shared", "google"].contains(s.word($0)) })
            else { return nil }
            return Route(rule: .newCalendar, command: s.body.lowerBound..<i)
        }
        guard s.word(i) == "calendar", i + 1 <= s.body.upperBound else { return nil }
        i += 1
        if ["called", "named", "titled", "for"].contains(s.word(i)) { i += 1 }
        // ("a calendar for the kids": the kids', named Kids.)
        if s.word(i - 1) == "for", ["the", "my", "our"].contains(s.word(i)), i + 1 < s.body.upperBound { i += 1 }
        // The rest is the name; "calendar entry for …", "calendar event", "calendar for tomorrow" are events.
        if i < s.body.upperBound {
            let next = s.tokens[i]
            if next.isInDate || Vocabulary.genericEventNouns.contains(next.word) || ["to", "on", "in", "with", "info"].contains(next.word) { return nil }
            if (i..<s.body.upperBound).contains(where: { s.isInDate($0) }) || s.body.upperBound - i > 3 { return nil }
            if (i..<s.body.upperBound).contains(where: { s.word($0, isIn: Vocabulary.deleteVerbs) || s.word($0) == "and" }) { return nil }
        }
        return Route(rule: .newCalendar, command: s.body.lowerBound..<i)
    }
}
