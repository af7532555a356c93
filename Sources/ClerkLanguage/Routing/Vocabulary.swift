/// The words the router knows, by what they tell it. Rules ask "is this a delete verb?",
/// never "is this the word 'erase'?", so a new synonym goes here and nowhere else.
///
/// Words are folded (lower case, no accents, plain apostrophes). Verbs list their common
/// inflections because spoken transcripts use them ("cancels lunch", "deleted").
enum Vocabulary {
    // MARK: - Noise around the request

    /// Said before a request to wake an assistant or be polite; skipped at the start and end.
    static let wakeWords: WordSet = [
        "olly", "alexa", "siri", "hey", "hi", "hello", "hiya", "heya", "howdy", "ok", "okay", "google", "assistant", "computer", "clerk",
        "please", "pls", "plz", "kindly", "um", "uh", "so", "well", "yo",
    ]

    /// Wake words that greet ("hi there, …").
    static let greetingWords: WordSet = ["hi", "hello", "hey", "hiya", "heya", "howdy"]

    /// Whether `word` and `next` open who is speaking after a greeting: "im", "i'm", "i am",
    /// "this is", "my name('s) …" (`Classifier.introducesSpeaker`, `Router.afterIntroduction`).
    static func introducesSpeaker(_ word: String, then next: String) -> Bool {
        word == "im" || word == "i'm" || word == "i" && next == "am" || word == "this" && next == "is"
            || word == "my" && (next == "name" || next == "name's" || next == "names")
    }

    /// Words that acknowledge the last answer before the next request ("great, and make it
    /// 6pm", "perfect. move it to friday"): skipped at the head when a mark follows them.
    static let acknowledgements: WordSet = [
        "great", "perfect", "lovely", "awesome", "cool", "nice", "thanks", "brilliant", "excellent", "good", "alright",
        "right", "fine", "super", "wonderful", "fantastic", "ok", "okay", "yes", "yeah", "yep", "sure",
    ]

    /// Phrases that only soften a request ("can you", "i want you to"); skipped at the head.
    static let politeHeads: PhraseList = [
        // "I would like to have lunch with Margaret on the 20th": the meal is the event (before
        // "i would like to", which the first match found would take).
        ["i", "would", "like", "to", "have"], ["i'd", "like", "to", "have"], ["id", "like", "to", "have"],
        // "would you be able to move my dentist appointment to thursday?", "are you able to …"
        // (before "would you", which the first match found would take).
        ["would", "you", "be", "able", "to"], ["could", "you", "be", "able", "to"], ["will", "you", "be", "able", "to"],
        ["are", "you", "able", "to"], ["do", "you", "think", "you", "could"], ["is", "there", "any", "way", "you", "could"],
        ["i", "want", "you", "to"], ["i", "need", "you", "to"], ["i", "would", "like", "you", "to"], ["i'd", "like", "you", "to"],
        ["would", "you", "please"], ["could", "you", "please"], ["can", "you", "please"], ["will", "you", "please"],
        // ("would you mind moving …": before "would you", which the first match found would take.)
        ["do", "you", "mind", "if", "i"], ["would", "you", "mind"], ["do", "you", "mind"], ["would", "u", "mind"],
        ["can", "you"], ["could", "you"], ["would", "you"], ["will", "you"], ["can", "u"], ["could", "u"], ["may", "you"],
        ["go", "ahead", "and"],
        // As an older hand asks: "would you be so kind as to tell me …", "I wonder if you could …".
        ["would", "you", "be", "so", "kind", "as", "to"], ["could", "you", "be", "so", "kind", "as", "to"],
        ["would", "you", "be", "kind", "enough", "to"], ["be", "so", "kind", "as", "to"], ["would", "you", "kindly"],
        ["could", "you", "kindly"], ["i", "wonder", "if", "you", "could"], ["i", "was", "wondering", "if", "you", "could"], ["help", "me", "to"], ["help", "me"], ["i", "want", "to"], ["i", "need", "to"],
        ["i", "would", "like", "to"], ["i'd", "like", "to"], ["i", "wanna"], ["i", "wish", "to"], ["let's"], ["lets"],
        // "can we move the dentist to 4", "could we push lunch": a request said together
        // ("shall we …" proposes more often than it asks, and stays as it was).
        ["can", "we"], ["could", "we"],
        // "Would it be possible to move it to eleven?", "I'm afraid I need to cancel the coffee".
        ["would", "it", "be", "possible", "to"], ["is", "it", "possible", "to"], ["could", "i", "please"], ["may", "i", "please"],
        // "is it ok to add lunch tomorrow at 1?": asking leave to do it. ("can i …" stays as it
        // is: "can i fit in a haircut on thursday" asks whether there is time.)
        ["is", "it", "ok", "to"], ["is", "it", "okay", "to"],
        ["i'm", "afraid", "i", "need", "to"], ["i'm", "afraid", "i", "have", "to"], ["im", "afraid", "i", "need", "to"],
        ["im", "afraid", "i", "have", "to"], ["i'm", "afraid"], ["im", "afraid"], ["unfortunately", "i", "need", "to"],
        ["unfortunately", "i", "have", "to"], ["unfortunately"],
        // "good morning what's on today": the greeting before a request (alone it is one).
        ["good", "morning"], ["good", "afternoon"], ["good", "evening"],
        ["please"], ["kindly"], ["just"], ["only"], ["simply"], ["now"], ["also"], ["and"], ["then"], ["quickly"], ["ok"], ["okay"],
        // "open calendar and …", "open up contacts and …": opening the app is not the request.
        ["open", "calendar", "and"], ["open", "my", "calendar", "and"], ["open", "the", "calendar", "and"], ["open", "calendar"],
        ["open", "up", "contacts", "and"], ["open", "contacts", "and"],
    ]

    /// Filler at the end ("…, please", "… for me", "… thanks").
    /// The verbs of "keep track of", "lose track of": "track" then is not a song.
    static let beforeTrackNotSong: WordSet = ["keep", "keeps", "keeping", "kept", "lose", "losing", "lost", "loose"]

    static let politeTails: WordSet = ["please", "pls", "plz", "thanks", "okay", "ok", "olly", "alexa", "siri"]

    // MARK: - Commands

    /// Verbs that create an event ("schedule lunch", "remind me to …", "put … on my calendar").
    static let createVerbs: WordSet = [
        "schedule", "schedules", "scheduled", "add", "adds", "set", "sets", "put", "book", "create", "make", "plan", "arrange",
        "organize", "organise", "remind", "remember", "note", "mark", "marked", "block", "enter", "insert", "register",
        "pencil", "jot", "log", "new", "flag", "notify", "alert", "save", "record", "place", "fix", "setup", "reserve",
        "repeat", "hold",
    ]

    /// Verbs that remove events ("cancel", "delete", "clear my day").
    static let deleteVerbs: WordSet = [
        "delete", "deletes", "deleted", "deleting", "remove", "removes", "removed", "removing", "cancel", "cancels",
        "canceled", "cancelled", "cancelling", "canceling", "clear", "clears", "cleared", "erase", "erases", "erased",
        "wipe", "wiped", "drop", "scrap", "scratch", "discard", "dismiss", "destroy", "empty", "format", "reset",
        "purge", "unschedule", "disregard", "rm", "trash", "kill", "skip", "skipping", "nuke",
    ]

    /// Delete verbs that take one day of a repeating event, never the series ("skip").
    static let skipVerbs: WordSet = ["skip", "skipping"]

    /// Delete verbs that remove only at the head of a request; elsewhere they are other words
    /// ("trash pickup", "format", "empty").
    static let headOnlyDeleteVerbs: WordSet = ["trash", "drop", "kill", "scratch", "format", "reset", "empty", "scrap", "dismiss", "clean", "nuke"]

    /// Everyday verbs, so a typo check never mistakes them for a misspelt command ("attend").
    static let commonVerbs: WordSet = [
        "attend", "attending", "visit", "meet", "see", "go", "going", "take", "pick", "call", "have", "need", "want",
        "like", "love", "play", "watch", "eat", "drink", "leave", "arrive", "start", "finish", "stop", "send", "tell",
        "answer", "write", "order", "buy", "pay", "study", "learn", "work", "walk", "run", "drive", "fly", "travel",
        "clean", "cook", "bring", "sleep", "wake", "help", "ask", "check", "confirm", "prepare", "happen", "happened",
        "spend", "plant", "water", "feed", "fix", "return", "wait", "sing", "dance", "hear", "listen", "read",
    ]

    /// Two-word verbs that remove: "take off", "get rid of", "call off".
    static let deletePhrases: PhraseList = [
        ["take", "off"], ["take", "out"], ["take", "away"], ["get", "rid"], ["call", "off"], ["clear", "out"], ["clear", "off"],
        ["clear", "up"], ["no", "longer"], ["any", "more"], ["anymore"],
    ]

    /// First words of `deletePhrases`, to test the phrases only where one may start.
    static let deletePhraseStarts = WordSet(deletePhrases.phrases.map { $0[0] })

    /// "in my area", "near me": public events and places, not the person's calendar.
    static let localPlaces: PhraseList = [["in", "my", "area"], ["in", "my", "city"], ["near", "me"], ["in", "town"], ["around", "me"], ["nearby"], ["in", "the", "area"]]

    /// Verbs that change an existing event.
    static let updateVerbs: WordSet = [
        "move", "moves", "moved", "reschedule", "rescheduled", "postpone", "postponed", "push", "shift", "change", "changed",
        "rename", "renamed", "update", "modify", "edit", "alter", "adjust", "prepone", "delay", "extend", "shorten",
        "bring", "retitle", "relocate", "bump", "bumped", "resched", "rebook", "rearrange", "switch",
        "copy", "duplicate", "clone",
    ]
    /// Verbs that make a new event like one there is ("copy the dentist to friday").
    static let copyVerbs: WordSet = ["copy", "duplicate", "clone"]

    /// Verbs that ask to see something ("show my week", "list my files", "find Bob").
    static let showVerbs: WordSet = [
        "show", "list", "tell", "give", "check", "find", "search", "look", "read", "display", "open", "get", "fetch", "see",
        "view", "pull", "browse", "print", "cat", "lookup", "locate", "query", "select", "provide", "describe", "bring",
        "what", "summarize", "double-check", "doublecheck", "recheck", "re-check",
    ]
    /// The show verbs of checking, which may also be a thing to do ("check the oven at 5"),
    /// and the words after them that make a question of it ("check if I'm free").
    static let checkVerbs: WordSet = ["check", "double-check", "doublecheck", "recheck", "re-check"]
    static let checkQuestionWords: WordSet = ["if", "whether", "i'm", "im", "free", "busy", "availability", "available"]

    /// Mail one works through as a task ("check emails at 9", "answer my messages tomorrow",
    /// "go through the inbox after lunch"): the verbs, the words that may stand between the
    /// verb and the mail, and the mail. "Ana's email" stays a contact's address.
    static let mailChoreVerbs: WordSet = [
        "check", "double-check", "recheck", "read", "answer", "reply", "respond", "clear", "sort", "process", "go", "catch",
        "deal", "triage", "tackle", "do", "write", "review", "clean", "empty", "file",
    ]
    static let mailChoreFillers: WordSet = [
        "to", "through", "up", "on", "with", "out", "my", "the", "our", "any", "all", "new", "unread", "work", "office",
        "personal", "outstanding", "pending", "old", "those", "these", "some", "few", "a",
    ]
    static let mailNouns: WordSet = [
        "email", "emails", "e-mail", "e-mails", "mail", "mails", "inbox", "messages", "voicemail", "voicemails", "texts", "dms",
        "correspondence",
    ]

    /// Words that open a question.
    static let questionWords: WordSet = [
        "what", "what's", "whats", "when", "when's", "whens", "where", "where's", "wheres", "who", "who's", "whos", "whom",
        "which", "how", "how's", "hows", "do", "does", "did", "am", "is", "are", "was", "were", "have", "has", "will",
        "any", "anything", "shall", "can", "could", "should", "whose", "why",
    ]

    // MARK: - Events and calendars

    /// Nouns that name something that goes on a calendar, and their plurals ("standups",
    /// "1:1s", "one-on-ones"; "show my standups" asks for events, not a contact).
    static let eventNouns = withPlurals(eventNounsSaid)
    /// The plurals `withPlurals` added, which may still name a calendar ("the Trips calendar").
    static let eventNounPluralsAdded = WordSet(eventNouns.filter { !eventNounsSaid.contains($0) })

    /// `words` and the plural of each that does not end in "s" already.
    ///
    /// Read by the words' last bytes (the lists are ASCII): by characters, `Substring + String`
    /// and `"aeiou".contains` went through the standard library's generic code, 0.3 M
    /// instructions of every start.
    static func withPlurals(_ words: [String]) -> WordSet {
        var all = words
        all.reserveCapacity(words.count * 2)
        for w in words {
            let bytes = w.utf8
            guard let last = bytes.last else { all.append("s"); continue }
            guard last != UInt8(ascii: "s") else { continue }
            let before = bytes.count > 1 ? bytes[bytes.index(bytes.endIndex, offsetBy: -2)] : nil
            if last == UInt8(ascii: "x") || (last == UInt8(ascii: "h") && (before == UInt8(ascii: "c") || before == UInt8(ascii: "s"))) {
                all.append(w + "es")
            } else if last == UInt8(ascii: "y"), let before, !"aeiou".utf8.contains(before) {
                all.append(String(w.dropLast()) + "ies")
            } else {
                all.append(w + "s")
            }
        }
        return WordSet(all)
    }

    private static let eventNounsSaid: [String] = [
        "meeting", "meetings", "meet", "appointment", "appointments", "appt", "event", "events", "reminder", "reminders",
        "party", "parties", "birthday", "birthdays", "bday", "anniversary", "anniversaries", "lunch", "dinner", "breakfast",
        "brunch", "coffee", "call", "calls", "standup", "stand-up", "interview", "class", "classes", "practice", "game",
        "games", "match", "concert", "wedding", "conference", "dentist", "doctor", "doctor's", "doctors", "session",
        "training", "workout", "gym", "date", "plans", "program", "programs", "function", "celebration", "ceremony",
        "festival", "trip", "flight", "holiday", "holidays", "vacation", "exhibition", "deadline", "review", "presentation",
        "demo", "1:1", "sync", "catchup", "catch-up", "engagement", "engagements", "get-together", "together", "togethers",
        "reunion", "picnic", "booking", "reservation", "reservations", "rehearsal", "lesson", "lessons", "exam", "test",
        "visit", "checkup", "check-up", "haircut", "shift", "task", "tasks", "commitments", "errand", "errands", "service",
        "services", "retirement", "graduation", "dance", "show", "movie", "screening", "tournament", "recital", "webinar",
        "seminar", "workshop", "lecture", "course", "playdate", "drinks", "hangout", "outing", "dates", "plan",
        "activity", "activities", "entry", "entries", "occasion", "things", "church", "mass", "prayer", "prayers", "worship",
        "pickup", "payday", "cookoff", "appointment's", "offsite", "hackathon", "sprint", "retro",
        "retrospective", "kickoff", "launch", "planning", "onboarding", "one-on-one", "sync-up", "townhall",
        "alerts", "notifications", "movies", "tennis", "football", "soccer", "golf", "yoga", "run", "hike", "swim",
        "mtg", "mtgs",
    ]

    /// Nouns that mean the calendar itself or what is on it.
    static let calendarNouns: WordSet = [
        "calendar", "calendars", "schedule", "schedules", "agenda", "diary", "planner", "day", "week", "itinerary",
        "timetable", "timetables", "rota", "roster",
    ]

    /// Nouns that stand for an event without naming it; left out of titles
    /// ("create an event for the pool party" → "Pool party").
    static let genericEventNouns: WordSet = [
        "event", "reminder", "entry", "notification", "alert", "note", "item", "calendar", "notice", "events", "reminders",
    ]

    /// Plural or collective nouns: a noun phrase made of them asks to see ("upcoming events").
    static let listingNouns: WordSet = [
        "events", "meetings", "appointments", "reminders", "plans", "schedule", "agenda", "birthdays",
        "engagements", "commitments", "tasks", "parties", "things", "dates", "programs", "activities", "classes", "plan",
        "alerts", "notifications",
        // "give me a rundown of the week", "an overview of tomorrow".
        "rundown", "overview", "roundup", "lowdown",
    ]

    /// "upcoming", "next", "latest", "earliest": about what comes, not something new.
    static let upcomingWords: WordSet = [
        "upcoming", "next", "latest", "earliest", "coming", "future", "pending", "remaining", "rest", "today's", "tomorrow's",
        "tonight's", "weekly", "daily", "monthly",
    ]

    /// Words of a question about being free.
    static let freeWords: WordSet = ["free", "busy", "available", "availability", "openings", "opening", "slot", "slots", "gap", "gaps", "break", "off"]

    /// "everything", "all": the whole lot, for bulk deletes.
    static let allWords: WordSet = ["all", "everything", "every", "entire", "whole", "completely", "clean", "blank", "empty"]

    /// Pronouns that point at the event last shown.
    static let referencePronouns: WordSet = ["it", "that", "this", "them"]
    /// Words that ask only for what is still to come in a span ("what's left today").
    static let stillToComeWords: WordSet = ["left", "rest", "remaining", "else", "still"]
    /// The events of the list just shown ("delete them", "cancel both", "all of them").
    static let listingPronouns: WordSet = ["them", "both", "these", "those"]

    // MARK: - People

    /// People seen for their trade, not by a tie ("see the physio at 9"): who an
    /// appointment is with.
    static let practitioners: WordSet = [
        "physio", "physiotherapist", "gp", "doc", "vet", "optician", "optometrist", "dermatologist", "specialist",
        "chiropractor", "osteopath", "counselor", "counsellor", "nurse", "surgeon", "orthodontist", "hairdresser", "barber",
        "accountant", "advisor", "adviser", "psychologist", "psychiatrist", "pediatrician", "paediatrician", "midwife",
        "consultant", "podiatrist", "hygienist",
    ]

    /// Relations: people named by their tie to the speaker, not by a name.
    static let relations: WordSet = [
        "boss", "colleague", "colleagues", "coworker", "coworkers", "co-worker", "co-workers", "manager", "team", "teammates",
        "mom", "mum", "mother", "dad", "father", "parents", "brother", "sister", "sisters", "brothers", "wife", "husband",
        "partner", "girlfriend", "boyfriend", "son", "daughter", "kids", "children", "child", "family", "friend", "friends",
        "uncle", "aunt", "cousin", "grandma", "grandpa", "grandmother", "grandfather", "nephew", "niece", "neighbor",
        "neighbour", "neighbors", "therapist", "doctor", "dentist", "ceo", "cfo", "cto", "vp", "president", "client",
        "clients", "customer", "customers", "employees", "staff", "everyone", "everybody", "people", "person", "players",
        "classmates", "roommate", "landlord", "lawyer", "teacher", "teachers", "leader", "director", "assistant",
        "secretary", "fiance", "fiancee", "spouse", "in-laws", "mommy", "daddy", "bro", "sis", "guys", "group", "sales",
        "marketing", "department", "nanny", "babysitter", "coach", "tutor", "mentor", "supervisor", "colleague's",
        // People whose work a contact's job names ("who is the childminder").
        "childminder", "plumber", "electrician", "accountant", "vet", "mechanic", "cleaner", "physio", "optician",
        "hairdresser", "barber", "builder", "handyman", "pharmacist",
        // Places of business a contact works at ("the address of the surgery" is the
        // contact whose company is Riverside Surgery).
        "surgery", "clinic", "pharmacy", "chemist", "salon", "garage",
        // (and the trades and suppliers a small business keeps: "the number for the bakery".)
        "bakery", "baker", "butcher", "florist", "caterer", "supplier", "gardener", "locksmith", "decorator",
    ]

    /// Titles before a name ("dr smith", "ms boland").
    static let honorifics: WordSet = ["dr", "mr", "mrs", "ms", "miss", "prof", "professor", "sir", "madam", "aunt", "uncle"]

    // MARK: - Contacts

    /// Nouns for a contact's fields, and the field each asks for.
    static let contactFields: WordMap<ContactField> = [
        "phone": .phone, "number": .phone, "numbers": .phone, "telephone": .phone, "cell": .phone, "cellphone": .phone,
        "mobile": .phone, "landline": .phone, "pager": .phone, "phones": .phone, "dial": .phone, "code": .phone,
        "email": .email, "e-mail": .email, "emails": .email, "mail": .email, "gmail": .email,
        "address": .address, "addresses": .address, "live": .address, "lives": .address, "living": .address,
        "located": .address, "location": .address, "postcode": .address, "postcodes": .address, "zipcode": .address, "zip": .address,
        "birthday": .birthday, "bday": .birthday, "old": .birthday, "age": .birthday,
        "contact": .all, "contacts": .all, "details": .all, "detail": .all, "info": .all, "information": .all,
        "profile": .all, "card": .all, "name": .all, "surname": .all, "phonebook": .all, "reach": .all, "touch": .all, "hold": .all, "ahold": .all,
        "company": .company, "employer": .company, "organization": .company, "organisation": .company, "firm": .company,
        "job": .jobTitle, "title": .jobTitle, "role": .jobTitle, "position": .jobTitle, "occupation": .jobTitle, "profession": .jobTitle,
        "nickname": .nickname, "nicknames": .nickname, "nick": .nickname,
    ]

    /// Nouns that mean the address book.
    static let contactNouns: WordSet = ["contact", "contacts", "phonebook", "addressbook", "directory", "vcard"]

    // MARK: - Files

    /// Nouns for files.
    static let fileNouns: WordSet = ["file", "files", "document", "documents", "doc", "docs", "drive", "folder", "notes"]

    // MARK: - Other requests

    /// Whole lines that are only a greeting or thanks, said to clerk as to a person.
    static let smallTalk: [String: OutOfScopeTopic] = {
        var lines: [String: OutOfScopeTopic] = [:]
        for line in ["hi", "hello", "hey", "hiya", "howdy", "yo", "hi there", "hello there", "hey there", "good morning",
                     "good afternoon", "good evening", "morning", "hi clerk", "hello clerk", "hey clerk", "how are you",
                     "how are you doing", "what's up", "whats up", "sup", "hey there", "hi again", "hello again",
                     "who are you", "what are you", "what's your name", "whats your name", "hey whats up", "hey what's up",
                     "hi how are you", "hey how are you", "hello how are you", "how's it going", "hows it going", "hey hows it going",
                     "hey how's it going", "how are things"] {
            lines[line] = .greeting
        }
        for line in ["thanks", "thank you", "thx", "ty", "thanks a lot", "thank you very much", "thanks so much", "cheers",
                     "great thanks", "ok thanks", "okay thanks", "perfect thanks", "thanks clerk", "thank you clerk", "much appreciated",
                     "thank you so much", "thanks very much", "many thanks", "thanks a bunch", "thanks a million", "great thank you",
                     "perfect thank you", "awesome thanks", "cool thanks", "great", "perfect", "awesome", "cool", "lovely",
                     // Said with warmth ("Thank you dear.", "Lovely, thank you.").
                     "thank you dear", "thanks dear", "thank you love", "thanks love", "thank you kindly", "thank you very much dear",
                     "lovely thank you", "lovely thanks", "wonderful thank you", "very good thank you", "that's very kind",
                     "that's very kind of you", "that is very kind of you", "much obliged",
                     // ("Thank you so much, that's very helpful.": the thanks taken off, the praise left;
                     // typed short: "tks", "thnx".)
                     "that's very helpful", "thats very helpful", "that's helpful", "thats helpful", "that was helpful",
                     "that was very helpful", "that's really helpful", "very helpful", "most helpful", "that's great",
                     "thats great", "that's perfect", "thats perfect", "tks", "thnx", "thanx", "tnx", "thx a lot",
                     // Praise of clerk itself, alone or after the thanks ("thanks so much youve been really helpful").
                     "you've been really helpful", "youve been really helpful", "you've been very helpful", "youve been very helpful",
                     "you've been helpful", "youve been helpful", "you've been great", "youve been great", "you're a star", "youre a star",
                     "you're the best", "youre the best", "you're a lifesaver", "youre a lifesaver", "cheers mate", "thanks heaps",
                     "thx heaps", "ta", "ta very much", "cheers for that", "thanks for that", "thx for that"] {
            lines[line] = .thanks
        }
        return lines
    }()

    /// First words of `smallTalk`'s lines, so that a line is joined and looked up only
    /// when it may be one.
    /// (Each line's first word cut at the space byte, as `FixedCommands.firstWords` is: split
    /// by characters, they cost a start 0.85 M instructions.)
    static let smallTalkStarts = WordSet(smallTalk.keys.map { $0.asciiPrefix(upTo: UInt8(ascii: " ")) })

    /// Words whose presence means a topic clerk does not handle, and which topic.
    static let outOfScopeTopics: WordMap<OutOfScopeTopic> = [
        "alarm": .alarm, "alarms": .alarm, "wake": .alarm,
        "timer": .timer, "timers": .timer, "stopwatch": .timer, "countdown": .timer,
        "weather": .weather, "forecast": .weather, "rain": .weather, "raining": .weather, "rainy": .weather,
        "rained": .weather, "snow": .weather, "snowing": .weather, "sunny": .weather, "temperature": .weather,
        "windy": .weather, "humid": .weather, "humidity": .weather, "degrees": .weather, "sunset": .weather,
        "sunrise": .weather, "jacket": .weather, "umbrella": .weather, "layers": .weather, "outside": .weather,
        "music": .music, "song": .music, "songs": .music, "playlist": .music, "playlists": .music, "album": .music,
        "radio": .music, "podcast": .music, "podcasts": .music, "audiobook": .music, "audio": .music, "listen": .music,
        "shuffle": .music, "track": .music, "tracks": .music, "spotify": .music, "pandora": .music, "riff": .music,
        "volume": .devices, "mute": .devices, "speakers": .devices, "speaker": .devices,
        "news": .news, "headlines": .news, "articles": .news, "poll": .news,
        "tweet": .messaging, "twitter": .messaging, "facebook": .messaging, "post": .messaging, "sms": .messaging,
        "whatsapp": .messaging, "message": .messaging, "messages": .messaging, "text": .messaging, "texts": .messaging,
        "inbox": .messaging, "instagram": .messaging, "tinder": .messaging,
        "list": .lists, "lists": .lists, "groceries": .lists, "grocery": .lists, "shopping": .lists,
        "lights": .devices, "lamp": .devices, "vacuum": .devices, "cleaner": .devices, "fan": .devices,
        "thermostat": .devices, "heating": .devices, "tv": .devices, "plug": .devices, "brighten": .devices, "dim": .devices,
        "internet": .devices, "wifi": .devices, "bluetooth": .devices, "battery": .devices, "hotspot": .devices,
        "uber": .travel, "taxi": .travel, "cab": .travel, "lyft": .travel, "train": .travel, "trains": .travel,
        "ticket": .travel, "tickets": .travel, "traffic": .travel, "directions": .travel, "railway": .travel, "bus": .travel,
        "recipe": .question, "recipes": .question, "cook": .question, "define": .question, "definition": .question,
        "mean": .question, "meaning": .question, "stock": .question, "stocks": .question, "exchange": .question,
        "currency": .question, "dollar": .question, "calculate": .question, "miles": .question, "far": .question,
        "tall": .question, "restaurant": .question, "restaurants": .question, "recommend": .question, "joke": .question,
        "order": .question, "deliver": .question, "delivered": .question, "takeaway": .question, "movies": .question,
        "solitaire": .question, "checkers": .question, "question": .question, "trivia": .question, "quiz": .question,
        "score": .question, "scores": .question,
    ]

    /// Words that alone say "not an event", whatever else is there ("play …", "turn on …").
    static let outOfScopeHeads: WordMap<OutOfScopeTopic> = [
        "play": .music, "turn": .devices, "tune": .music, "resume": .music, "pause": .music, "stop": .music,
        "dim": .devices, "brighten": .devices, "send": .messaging, "tweet": .messaging, "post": .messaging,
        "text": .messaging, "email": .messaging, "mail": .messaging, "define": .question, "calculate": .question,
        "order": .question, "wake": .alarm,
    ]

    /// The lists whose words clerk knows, for telling a typo from a word: their classes in
    /// `WordClass.table`, and the two lists it has no class for (`alsoKnown`). Asked of the
    /// table the router builds anyway, not of a set of its own: a set of the same words cost
    /// every start 1.4 M instructions to hash them again (BENCHMARKS.md, "Start-up").
    static let knownClasses: WordClass = [.wake, .createVerb, .deleteVerb, .updateVerb, .showVerb, .questionWord, .eventNoun,
                                          .calendarNoun, .genericEventNoun, .listingNoun, .upcoming, .free, .all, .pronoun,
                                          .relation, .honorific, .contactNoun, .fileNoun, .determiner, .notName, .commonVerb,
                                          .contactField, .topic]
    static let alsoKnown = WordSet(Array(politeTails) + outOfScopeHeads.keys)

    /// True when `word` is on a list of `knownClasses` or `alsoKnown`.
    static func isKnown(_ word: String) -> Bool {
        !WordClass.of(word).isDisjoint(with: knownClasses) || alsoKnown.contains(word)
    }

    // MARK: - Questions about events

    /// Words that only name the kind of thing on a calendar; a filter made only of them
    /// filters nothing ("what meetings do I have" lists every event).
    static let categoryWords: WordSet = [
        "event", "events", "meeting", "meetings", "appointment", "appointments", "reminder", "reminders", "plans", "plan",
        "things", "thing", "anything", "something", "schedule", "calendar", "agenda", "entries", "entry", "engagements",
        "commitments", "tasks", "task", "activities", "programs", "program", "items", "item", "stuff", "details", "dates",
        // ("what's on the cards for tomorrow", "a rundown of the week".)
        "cards", "rundown", "overview", "roundup", "lowdown",
    ]

    /// Words around a question that do not say which events ("what", "do i have", "scheduled").
    static let questionFrame: WordSet = [
        "what", "what's", "whats", "when", "when's", "whens", "where", "where's", "who", "who's", "whose", "which", "how", "many",
        "how's", "hows", "looking", "looks", "anything", "something", "much", "do", "does", "did", "i", "have", "has", "had", "is", "are", "am", "was", "were", "there", "any", "my",
        "me", "on", "in", "for", "the", "a", "an", "of", "to", "at", "scheduled", "planned", "coming", "up", "upcoming",
        "next", "show", "list", "tell", "give", "check", "find", "see", "all", "happening", "going", "got", "free",
        "busy", "available", "time", "slots", "slot", "look", "like", "should", "supposed", "be", "need", "know", "let",
        "about", "info", "information", "pending", "it", "this", "that", "else", "left", "get", "so", "with", "from",
        "between", "and", "or", "by", "out", "i'm", "we", "our", "you", "can", "could", "would", "will", "shall", "please",
        "start", "starts", "begin", "day", "date", "held", "set", "current", "latest", "future", "first", "last", "read",
        "open", "view", "display", "search", "pull", "fetch", "happen", "happens", "take", "place", "us", "some",
        "your", "booked", "added", "expect", "attending", "attend", "whether", "if", "then", "true", "right", "still", "having",
        "again", "also", "just", "want", "go", "planning", "agenda", "done", "doing", "to-do", "todo", "must", "lined",
        "remaining", "rest", "coming-up", "later", "soon", "up?", "everything", "nothing", "openings", "opening", "break",
        "breaks", "gap", "gaps", "off", "availability", "remind", "reminded", "not", "no", "yet", "ever", "long", "long's", "longs", "often", "time's",
        "title", "name", "called", "named", "back", "forward", "until", "till", "til",
        // ("what's on my plate today", "give me a rundown of my week", "has anything been added")
        "plate", "rundown", "run-down", "lowdown", "overview", "summary", "summarize", "summarise", "been", "wonder",
        "wondering", "curious", "whatever", "whichever", "only", "wheres", "whos", "lookin", "anywhere", "busiest",
        "quietest", "emptiest", "anymore", "miss", "missed", "missing", "takes",
        // ("who is invited to the dinner", "who's joining the review")
        "invited", "joining",
    ]

    // MARK: - Small words

    /// Words that never start or end a title, a name or a place.
    static let determiners: WordSet = ["a", "an", "the", "some", "any", "one", "this", "that", "these", "those"]

    /// Words that are never part of a person's name.
    static let notNames: WordSet = [
        "a", "an", "the", "my", "our", "your", "his", "her", "their", "me", "us", "him", "them", "i", "you", "we", "it",
        "and", "or", "at", "on", "in", "for", "to", "from", "by", "with", "of", "about", "is", "are", "be",
        "this", "that", "some", "all", "every", "everyone", "tomorrow", "today", "tonight", "next", "new", "please",
        "who", "what", "whom", "someone", "somebody", "anyone", "anybody", "person", "people", "there", "here", "as",
        "up", "down", "out", "off", "will", "would", "can", "could", "should", "then", "so", "but", "also", "too",
        "again", "now", "later", "soon", "am", "pm", "o'clock", "oclock", "noon", "midnight", "morning", "evening",
        "afternoon", "night", "day", "week", "month", "year", "time", "instead", "both", "only", "just", "other",
        "scheduled", "planned", "booked", "invited", "coming", "attending", "going", "supposed", "available",
        "everything", "anything", "something", "nothing", "stuff", "things", "whatever", "whose", "which",
    ]
}
