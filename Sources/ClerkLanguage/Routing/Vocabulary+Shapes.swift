/// The words the classifier's rules ask about, by the part they play in a sentence's shape
/// (`Classifier`). Folded, as everywhere in `Vocabulary`.
extension Vocabulary {
    // MARK: - Verbs and their helpers

    /// Verbs that keep something for later: with a contact's details they ask to edit the
    /// address book ("store Bob's number", "keep this email").
    static let keepVerbs: WordSet = ["store", "keep", "use", "get"]

    /// Verbs that open a reminder ("remind me to …", "notify me when …").
    static let remindVerbs: WordSet = ["remind", "remember", "notify", "alert"]

    /// First words of the create phrases that are reminders ("don't forget", "be sure to",
    /// "make sure to").
    static let remindPhraseStarts: WordSet = ["don't", "dont", "be", "make"]

    /// "don't", with and without its apostrophe.
    static let dont: WordSet = ["don't", "dont"]

    /// Phrases that create ("write down", "take note", "don't forget").
    static let createPhrases: PhraseList = [
        ["write", "down"], ["take", "note"], ["don't", "forget"], ["dont", "forget"], ["don't", "let"],
        ["be", "sure"], ["make", "sure", "to"], ["sign", "me", "up"], ["i", "need", "a", "reminder"],
        ["send", "me", "a", "reminder"], ["give", "me", "a", "reminder"],
    ]

    /// Helping verbs that open a yes-or-no question about an event's state ("was the review
    /// cancelled?", "has the standup moved?").
    static let auxiliaries: WordSet = ["is", "was", "are", "were", "has", "have", "did"]

    /// Forms of "be" that follow a date said first ("tomorrow is …").
    static let copulas: WordSet = ["is", "are", "was", "were"]

    /// Words that mark a statement about the past ("yesterday was long").
    static let pastMarkers: WordSet = ["was", "were", "did", "went", "had"]

    /// Verbs other than the command verbs that make a sentence more than a noun phrase.
    static let statementVerbs: WordSet = ["have", "go", "see", "visit", "attend", "take", "is", "are", "will", "need", "want", "pick"]

    /// Verbs that take something off ("take the review off my calendar").
    static let takeVerbs: WordSet = ["take", "get", "knock"]

    /// Particles that, after a take verb, make it remove ("off", "out", "away").
    static let offParticles: WordSet = ["off", "out", "away"]

    /// Words that say the calendar should have nothing on it.
    static let clearWords: WordSet = ["blank", "empty", "clear", "clean", "cleared", "emptied"]

    /// The command verbs a misspelt head word is compared with ("shedule" → "schedule").
    static let commandVerbs = [
        "schedule", "delete", "remove", "cancel", "remind", "create", "reschedule", "rename",
        "append", "replace", "show", "list", "move", "change", "update", "calendars",
    ]

    // MARK: - Questions

    /// Openings that ask without a question word ("let me know …", "i want to know …").
    static let questionHeads: PhraseList = [["let", "me", "know"], ["i", "want", "to", "know"]]

    /// Kinds of events named by a create verb used as a noun ("book club", "block party"):
    /// at the head of a line they are the title, not the command ("book a table", "book the
    /// meeting room", "block friday afternoon" stay commands).
    static let verbNounEvents: PhraseList = [
        ["book", "club"], ["book", "clubs"], ["book", "group"], ["book", "fair"], ["book", "launch"], ["book", "signing"],
        ["book", "reading"], ["book", "swap"], ["book", "sale"], ["book", "tour"], ["book", "talk"], ["book", "festival"],
        ["book", "circle"], ["block", "party"], ["record", "fair"], ["new", "year"], ["new", "years"], ["new", "year's"],
    ]

    /// Question forms later in a line ("on Friday is there anything …").
    static let questionsInside: PhraseList = [["are", "there"], ["is", "there"], ["do", "i", "have"], ["am", "i"]]
    /// "(I want to) know", "I was wondering", "find out": said before a question asked
    /// inside the line.
    static let wishesToKnow: PhraseList = [["know"], ["wondering"], ["wonder"], ["curious"], ["find", "out"]]
    /// The words that open such a question ("… if I have meetings", "… what's on").
    static let embeddedQuestionWords: WordSet = ["if", "whether", "what", "what's", "whats", "when", "when's", "where", "who", "how", "which", "about"]

    /// Words that ask about the agenda whatever else is said ("anything planned", "where am
    /// I supposed to be", "what's happening").
    static let agendaWords: WordSet = ["happening", "going", "planned", "scheduled", "plans", "anything", "supposed", "else", "recurring", "repeats", "repeating"]

    /// Heads of a question about the clock or the date ("what time is it", "tell me the date").
    static let clockQuestionHeads: WordSet = ["what", "what's", "whats", "tell", "could", "which", "i", "when", "when's", "whens", "convert"]

    /// What a clock question asks for.
    static let clockNouns: WordSet = ["time", "date", "day", "week"]

    /// Words that may stand before a date in "what day is …" ("the", "this", "on").
    static let beforeADate: WordSet = ["the", "this", "on"]

    // MARK: - Topics clerk does not handle

    /// Topics that give way to a calendar verb with an event in the sentence.
    static let weakTopics: Set<OutOfScopeTopic> = [.question, .travel, .weather, .news, .clock]

    /// Words after "list" that make it the verb ("list out …", "list all …", "list my …").
    static let afterListVerb: WordSet = ["out", "all", "my", "of"]

    /// Kinds of list that are lists, not agendas ("shopping list", "to do list").
    static let listKinds: WordSet = ["shopping", "grocery", "groceries", "do", "todo", "to-do", "party", "vacation", "wish", "reading",
                                     "packing", "guest", "gift", "bucket", "movie", "chores", "chore", "christmas", "holiday",
                                     "order", "supplies", "supply", "inventory", "stock", "errands", "errand", "homework", "books",
                                     "buy", "read", "watch", "pack", "prep"]

    /// What a list of the calendar or the mail holds ("a list of reminders").
    static let listedThings: WordSet = ["email", "reminder", "reminders", "events", "meetings"]

    /// Words before "text"/"message" that make it a message to send or read.
    static let beforeMessage: WordSet = ["a", "send", "any", "new", "my", "the", "facebook"]

    /// Words that make a train or bus a timetable question, not a trip.
    static let timetableWords: WordSet = ["ticket", "tickets", "timetable", "running", "schedule"]

    /// Event words that make a ticket part of an event, not something to buy.
    static let eventsNotTickets: WordSet = ["meeting", "meetings", "appointment", "event", "calendar"]

    /// Things sent to someone ("send an email …").
    static let messageNouns: WordSet = ["email", "text", "message", "mail", "tweet"]

    /// Words that make "email" a contact's address ("email address of …").
    static let addressOf: WordSet = ["address", "id", "of"]

    /// Alerts that "turn on/off" is about on a calendar.
    static let alertNouns: WordSet = ["reminders", "reminder", "notifications"]

    /// Things one plays that go on a calendar ("play a game", "play the match").
    static let playedEvents: WordSet = ["calendar", "meeting", "game", "match"]

    // MARK: - Small words of shapes

    /// "all day", "the whole day", "the entire day".
    static let wholeWords: WordSet = ["all", "whole", "entire"]

    /// Possessives and articles before a noun ("my", "the", "your").
    static let possessives: WordSet = ["my", "the", "your"]

    /// The calendar or the address book as a whole ("update my calendar with …").
    static let wholeBooks: WordSet = ["calendar", "contacts", "contact"]

    // MARK: - Calendars themselves

    /// Verbs that delete a calendar named with "calendar" ("delete the Family calendar").
    static let calendarDeleteVerbs: WordSet = ["delete", "remove", "trash", "erase", "drop"]

    /// Verbs that give something a new name.
    static let renameVerbs: WordSet = ["rename", "retitle"]

    /// Words between an old name and a new one ("rename X to Y", "rename X as Y").
    static let renameJoiners: WordSet = ["to", "as", "into"]

    /// Words before a name ("the calendar called Trips").
    static let namingWords: WordSet = ["called", "named", "titled"]

    /// Verbs that choose something ("make Work my default calendar", "use Family as the default").
    static let chooseVerbs: WordSet = ["make", "set", "use", "choose", "pick", "switch", "change"]

    // MARK: - People on events

    /// Verbs that put people on an event ("add Ana to the review").
    static let addPeopleVerbs: WordSet = ["add", "invite", "include", "bring"]

    /// Verbs that take people off an event ("take Bob off the review", "remove Ana from lunch").
    static let removePeopleVerbs: WordSet = ["remove", "take", "drop", "kick", "uninvite", "exclude", "delete", "cut"]

    /// Words between the people and the event they join ("add Ana to the review").
    static let addedToWords: WordSet = ["to", "on", "into"]

    /// Words between the people and the event they leave ("off the review", "from lunch").
    static let takenOffWords: WordSet = ["off", "from", "of"]

    /// Words that join the items of a list ("Ana, Bob and Carla").
    static let listJoiners: WordSet = ["and", ",", "&"]

    // MARK: - Changes reported

    /// Helping verbs of a change reported ("lunch was moved", "the standup has been pushed",
    /// "my review got moved").
    static let reportingAuxiliaries: WordSet = ["was", "were", "is", "are", "has", "have", "had", "got", "gets", "'s", "be"]

    /// Words between the helping verb and the change ("has been moved", "was just pushed").
    static let reportingFiller: WordSet = ["been", "just", "already", "now", "being"]

    /// Past forms of the moving verbs ("moved", "pushed", "rescheduled").
    static let movedWords: WordSet = [
        "moved", "rescheduled", "postponed", "pushed", "shifted", "delayed", "changed", "bumped", "brought", "extended",
        "shortened", "preponed",
    ]

    /// Words that start a denial of an event ("no meeting on Friday", "there's no standup").
    static let denialHeads: WordSet = ["no", "there's", "theres"]

    /// Directions after a moving verb ("pushed back", "brought forward").
    static let moveDirections: WordSet = ["back", "forward", "up", "out"]

    // MARK: - Corrections

    /// Words that open a correction of what was just said ("actually Thursday", "no, friday").
    static let correctionWords: WordSet = [
        "actually", "no", "nope", "nah", "wait", "sorry", "oops", "oh", "um", "uh", "hmm", "err", "erm", "rather", "correction",
        "whoops", "ugh", "argh", "ah", "ahh", "hm", "mm",
        // "nvm 4", "nevermind, friday": typed short.
        "nvm", "nevermind",
    ]

    /// Words that close a correction ("saturday actually"): set aside with it.
    static let trailingCorrectionWords: Set<String> = ["actually", "instead", "then", "rather"]

    /// The correction words that deny what was said: after them only a change of what is on
    /// screen is taken.
    static let denials: WordSet = ["no", "nope", "nah"]

    /// Phrases that open a correction ("i mean Friday", "make that 11").
    static let correctionPhrases: [[String]] = [
        ["i", "mean"], ["i", "meant"], ["make", "that"], ["scratch", "that"], ["or", "rather"], ["my", "bad"], ["my", "mistake"],
        ["wrong", "day"], ["wrong", "time"], ["wrong", "date"], ["should", "be"], ["it", "should", "be"], ["that", "should", "be"],
        ["should", "have", "been"], ["it's", "actually"], ["it", "is", "actually"],
        // "oh its actually at 7", "it's really on friday": typed without the apostrophe too.
        ["its", "actually"], ["it's", "really"], ["its", "really"],
        // "Oh dear, I meant Thursday, not Wednesday", "silly me, friday".
        ["oh", "dear"], ["dear", "me"], ["silly", "me"], ["never", "mind"],
    ]
    /// The first words of `correctionPhrases`, looked up by a line's first word.
    static let correctionPhraseStarts = WordSet(correctionPhrases.map { $0[0] })

    // MARK: - Free time

    /// Words that ask about free or busy time ("am I free", "any openings").
    static let freeTimeWords: WordSet = ["free", "busy", "available", "availability", "openings", "opening"]

    /// The words before a person whose free time is asked ("is ana free", "will bob be busy").
    static let freePersonLeads: WordSet = ["is", "are", "be", "was", "isn't", "isnt", "will", "would", "could", "might"]

    /// Verbs that ask for room for a length ("fit a 1 hour meeting", "find me an hour").
    static let fitVerbs: WordSet = ["fit", "squeeze", "find", "carve", "block"]

    /// Phrases that ask for a time to do something ("when can I meet Carla", "find a time to
    /// see Bob"): free time, not a search.
    static let askingForATime: PhraseList = [
        ["when", "can", "i"], ["when", "could", "i"], ["when", "can", "we"], ["when", "could", "we"], ["find", "a", "time"],
        ["find", "time"], ["a", "good", "time"], ["the", "best", "time"], ["when", "am", "i", "available"],
        // "do I have time for a call at 3", "is there any time for coffee tomorrow".
        ["have", "time"], ["have", "any", "time"], ["got", "time"], ["got", "any", "time"], ["there", "time"], ["there", "any", "time"],
        // "can I fit in a haircut on thursday", "could we squeeze in a call tomorrow".
        ["i", "fit"], ["we", "fit"], ["fit", "in"], ["squeeze", "in"],
    ]

    /// What one asks a time for ("meet", "see", "catch up"): no words of an event's title.
    static let meetingVerbs: WordSet = ["meet", "see", "catch", "up", "chat", "talk", "sync", "get", "together", "do"]

    /// Nouns that, before "for", ask for room ("time for a call", "room for lunch").
    static let roomNouns: WordSet = ["time", "room", "space", "slot", "window", "gap"]

    /// "my week", "my day": the span a question names, as the date reader reads it.
    static let mySpans: WordMap<String> = [
        "day": "today", "week": "this week", "weekend": "this weekend", "month": "this month",
        "morning": "this morning", "afternoon": "this afternoon", "evening": "this evening",
    ]
}

/// Which of the word lists the classifier asks about most a term's word is on, as bits,
/// found once when the line is split (`Term.said`): `s.word(i, isA: .copula)` is one bit
/// test where `s.word(i, isIn: Vocabulary.copulas)` was a call and a hash probe, and the
/// classifier asks some fifty of them a line, over every word for some.
///
/// Unlike `WordClass` (the word as typed), these are the lists of the word as read, after
/// a spelling correction ("shedule" is a create verb here): each bit answers exactly what
/// `word(_:isIn:)` of its list answers.
struct RouteWord: OptionSet, Hashable, Sendable {
    let rawValue: UInt64

    static let createVerb = RouteWord(rawValue: 1 << 0)
    static let deleteVerb = RouteWord(rawValue: 1 << 1)
    static let updateVerb = RouteWord(rawValue: 1 << 2)
    static let showVerb = RouteWord(rawValue: 1 << 3)
    static let statementVerb = RouteWord(rawValue: 1 << 4)
    static let eventNoun = RouteWord(rawValue: 1 << 5)
    static let calendarNoun = RouteWord(rawValue: 1 << 6)
    static let listingNoun = RouteWord(rawValue: 1 << 7)
    static let genericEventNoun = RouteWord(rawValue: 1 << 8)
    static let questionWord = RouteWord(rawValue: 1 << 9)
    static let datePreposition = RouteWord(rawValue: 1 << 10)
    static let placeNoun = RouteWord(rawValue: 1 << 11)
    static let wholeWord = RouteWord(rawValue: 1 << 12)
    static let calendarPreposition = RouteWord(rawValue: 1 << 13)
    static let copula = RouteWord(rawValue: 1 << 14)
    static let remindVerb = RouteWord(rawValue: 1 << 15)
    static let remindPhraseStart = RouteWord(rawValue: 1 << 16)
    static let callVerb = RouteWord(rawValue: 1 << 17)
    static let smallTalkStart = RouteWord(rawValue: 1 << 18)
    static let deletePhraseStart = RouteWord(rawValue: 1 << 19)
    static let possessive = RouteWord(rawValue: 1 << 20)
    static let wholeBook = RouteWord(rawValue: 1 << 21)
    static let clearWord = RouteWord(rawValue: 1 << 22)
    static let offParticle = RouteWord(rawValue: 1 << 23)
    static let dont = RouteWord(rawValue: 1 << 24)
    static let addPeopleVerb = RouteWord(rawValue: 1 << 25)
    static let removePeopleVerb = RouteWord(rawValue: 1 << 26)
    static let keepVerb = RouteWord(rawValue: 1 << 27)
    static let auxiliary = RouteWord(rawValue: 1 << 28)
    static let denialHead = RouteWord(rawValue: 1 << 29)
    static let takeVerb = RouteWord(rawValue: 1 << 30)
    static let pastMarker = RouteWord(rawValue: 1 << 31)
    /// First words of the phrases of `Vocabulary.questionsInside` and `localPlaces` (neither
    /// holds an empty phrase), for `Sentence.first(of:startingWith:)`.
    static let questionInsideStart = RouteWord(rawValue: 1 << 32)
    static let localPlaceStart = RouteWord(rawValue: 1 << 33)
    /// The words `FollowUps.route` looks for in a bare change ("instead", "for", "before", …)
    /// and a place's field ("location"): one pass over the bits sees a line has none.
    static let followUpCue = RouteWord(rawValue: 1 << 34)
    static let placeField = RouteWord(rawValue: 1 << 35)

    /// Gives `body` every word of every list with its list, for `WordClass.table`, which
    /// holds a word's lists with its classes. (Given to it as pairs: a table of these alone,
    /// read once into that one, cost 0.4 M instructions at every start.)
    static func forEachListed(_ body: (String, RouteWord) -> Void) {
        func add(_ words: WordSet, _ c: RouteWord) {
            for w in words { body(w, c) }
        }
        add(Vocabulary.createVerbs, .createVerb)
        add(Vocabulary.deleteVerbs, .deleteVerb)
        add(Vocabulary.updateVerbs, .updateVerb)
        add(Vocabulary.showVerbs, .showVerb)
        add(Vocabulary.statementVerbs, .statementVerb)
        add(Vocabulary.eventNouns, .eventNoun)
        add(Vocabulary.calendarNouns, .calendarNoun)
        add(Vocabulary.listingNouns, .listingNoun)
        add(Vocabulary.genericEventNouns, .genericEventNoun)
        add(Vocabulary.questionWords, .questionWord)
        add(Vocabulary.datePrepositions, .datePreposition)
        add(Vocabulary.placeNouns, .placeNoun)
        add(Vocabulary.wholeWords, .wholeWord)
        add(Vocabulary.calendarPrepositions, .calendarPreposition)
        add(Vocabulary.copulas, .copula)
        add(Vocabulary.remindVerbs, .remindVerb)
        add(Vocabulary.remindPhraseStarts, .remindPhraseStart)
        add(Vocabulary.callVerbs, .callVerb)
        add(Vocabulary.smallTalkStarts, .smallTalkStart)
        add(Vocabulary.deletePhraseStarts, .deletePhraseStart)
        add(Vocabulary.possessives, .possessive)
        add(Vocabulary.wholeBooks, .wholeBook)
        add(Vocabulary.clearWords, .clearWord)
        add(Vocabulary.offParticles, .offParticle)
        add(Vocabulary.dont, .dont)
        add(Vocabulary.addPeopleVerbs, .addPeopleVerb)
        add(Vocabulary.removePeopleVerbs, .removePeopleVerb)
        add(Vocabulary.keepVerbs, .keepVerb)
        add(Vocabulary.auxiliaries, .auxiliary)
        add(Vocabulary.denialHeads, .denialHead)
        add(Vocabulary.takeVerbs, .takeVerb)
        add(Vocabulary.pastMarkers, .pastMarker)
        add(WordSet(Vocabulary.questionsInside.phrases.compactMap { $0.first }), .questionInsideStart)
        add(WordSet(Vocabulary.localPlaces.phrases.compactMap { $0.first }), .localPlaceStart)
        add(FollowUps.insteadWord.union(FollowUps.lengthWords).union(FollowUps.changeWords), .followUpCue)
        add(FollowUps.placeFields, .placeField)
    }

    /// The lists of the empty word: what `word(_:isIn:)` answers for a position with no term.
    static let ofNoWord: RouteWord = WordClass.table[""]?.lists ?? []
}
