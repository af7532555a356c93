/// The words the event readers ask about (`EventDetails`): dates, calendars, reminders,
/// lengths, places and people. Folded, as everywhere in `Vocabulary`.
extension Vocabulary {
    /// Prepositions that may open a calendar's name ("on Work", "in my Family calendar",
    /// "to Personal", "from the Work calendar").
    static let calendarPrepositions: WordSet = ["on", "in", "to", "into", "onto", "from", "off"]

    /// Words between a preposition and a calendar's name ("on my Work calendar").
    static let ownerWords: WordSet = ["my", "the", "our", "your"]

    /// The calendar in general, not one by name ("on my calendar", "in the diary").
    static let calendarItself: WordSet = ["calendar", "calendars", "schedule", "agenda", "diary"]

    /// Names people give calendars: a capitalised one closing a request ("… on Work") is a
    /// calendar even when no calendar has it yet, so clerk says so instead of putting it in
    /// the title. Before the event's date a capital alone is not enough ("a talk on Security
    /// friday"); after it, it is (`EventDetails.closesWithCalendar`).
    /// Where a meeting happens online: "on Zoom" is no calendar.
    static let meetingPlatforms: WordSet = [
        "zoom", "teams", "meet", "skype", "slack", "webex", "hangouts", "discord", "facetime", "whatsapp", "signal",
        "telegram", "phone", "video", "jitsi", "gotomeeting", "chime", "site", "campus", "location",
    ]
    static let usualCalendarNames: WordSet = ["work", "home", "family", "personal", "school", "office", "team", "travel",
                                              "kids", "birthdays", "holidays", "business", "private", "shared", "household",
                                              "university", "college", "sports", "church", "volunteering"]

    /// Words that end a calendar's name rather than belong to it.
    static let notCalendarNames: WordSet = ["calendar", "instead", "please", "too"]

    /// Words for an alert between a length and "before" ("a day's notice before").
    static let alertWords: WordSet = ["notification", "notifications", "reminder", "reminders", "alert", "alerts", "notice", "warning", "heads", "up"]

    /// Words after a length that make it a reminder ("10 minutes before", "an hour ahead").
    static let aheadWords: WordSet = ["before", "prior", "ahead", "early", "earlier", "in"]

    /// Words that say a reminder is wanted ("remind me 10 minutes early").
    static let reminderWords: WordSet = ["remind", "reminder", "notify", "alert"]

    /// What "before" may point at besides the event ("before it", "before time").
    static let afterAhead: WordSet = ["it", "time", "start", "then", "hand", "that"]

    /// "before the start", "before the beginning".
    static let startNouns: WordSet = ["start", "time", "beginning"]

    /// Verbs that ask for an alert ("ping me an hour before").
    static let pingVerbs: WordSet = ["remind", "notify", "alert", "ping"]

    /// Words that lead into a reminder ("with a reminder", "and 10 minutes before").
    static let reminderLeads: WordSet = ["with", "and", "a", "set"]

    /// Words before a length ("for 2 hours", "lasting 90 minutes").
    static let lengthWords: WordSet = ["for", "lasting", "lasts", "last"]

    /// Words before minutes or hours said alone that make them no length: an offset, a
    /// repeat, a shift, a comparison ("in 30 min", "every 2 hours", "push it back an hour").
    static let beforeBareLength: WordSet = ["in", "within", "after", "every", "each", "per", "by", "than", "over", "under",
                                               "push", "pushed", "move", "moved", "shift", "delay", "delayed", "postpone", "later", "earlier", "back", "forward", "up", "ahead", "out"]

    /// Words after minutes or hours said alone that make them no length ("30 min ago",
    /// "10 minutes before", "an hour from now", "2 hours late").
    static let afterBareLength: WordSet = ["ago", "later", "before", "after", "earlier", "early", "prior", "ahead", "from",
                                              "late", "away", "left", "of", "back", "forward", "sooner", "notice", "warning"]

    /// Verbs that take a length as what they make ("block 2 hours", "set aside an hour").
    /// Words that leave days out of a repeat ("every monday except holidays").
    static let exceptWords: WordSet = ["except", "excluding", "excepting", "exc", "excl"]

    static let blockVerbs: WordSet = ["block", "reserve", "book", "aside", "need", "schedule", "hold"]

    /// Words that cannot start a place after "at" or "in" ("at noon", "at least", "at the same time").
    static let notPlaceStarts: WordSet = ["noon", "midnight", "least", "most", "all", "once", "the", "this", "that", "work", "it", "me", "them", "about", "around"]

    /// Words after "at the" that are no place ("at the same time", "at the latest").
    static let notPlacesAfterThe: WordSet = ["same", "moment", "latest", "earliest", "end", "start", "beginning"]

    /// Words that end a place's name ("at Casa Lucio with Ana").
    static let placeBoundaries: WordSet = [
        "with", "on", "for", "to", "from", "by", "about", "at", "and", "so", "because", "regarding", "every",
        "i", "we", "remind", "please", "instead", "which", "that", "where", "tomorrow", "today", "tonight", "in",
    ]

    /// What "add NAME to …" names when it means the event being made ("add Bob to the event").
    static let theEventOnScreen: WordSet = ["event", "meeting", "it", "this", "the"]

    /// Verbs that invite the people after them, who are left out of the title.
    static let inviteVerbs: WordSet = ["invite", "inviting", "invited", "including", "include", "cc"]

    /// Verbs of meeting someone, whose object is a person kept in the title ("meet Carla").
    static let meetVerbs: WordSet = [
        "meet", "meeting", "see", "seeing", "visit", "visiting", "call", "calling", "pick", "join", "joining", "ring", "phone", "text",
    ]

    /// Verbs of talking with someone, before "to" or "with" ("when did I last speak to Ana").
    static let talkVerbs: WordSet = ["talk", "talking", "talked", "speak", "speaking", "spoke", "chat", "chatting", "chatted"]

    /// Words before a relation ("my boss", "our team").
    static let relationOwners: WordSet = ["my", "our", "the", "his", "her", "their"]

    /// Prepositions that belong to the date after them ("on Friday", "at 5", "for tomorrow").
    static let datePrepositions: WordSet = [
        "on", "at", "for", "by", "from", "in", "until", "till", "starting", "beginning", "during", "around", "this",
        "of", "to", "before", "after", "between", "sometime", "sharply", "later",
    ]

    /// Verbs of a short visit on the way, before a particle ("stop at the bank", "swing by the
    /// post office", "drop in on grandma", "stop off at the cleaners"): an errand whose place
    /// is what it is about, so the place stays in the title ("Stop at the bank").
    static let visitVerbs: WordSet = ["stop", "swing", "drop", "pop"]
    static let visitParticles: WordSet = ["at", "by", "in", "into", "off", "over", "past", "round", "around"]

    /// Meals the date reader reads as times of day ("lunch" is 12:00–14:00) but that also
    /// name the event.
    static let mealWords: WordSet = ["breakfast", "brunch", "lunch", "lunchtime", "dinner", "supper"]

    /// Words said before a meal when it tells the time ("at lunch", "over dinner").
    static let mealLeads: WordSet = ["at", "for", "the", "around", "over", "during"]

    static let repeatWords: WordSet = ["repeat", "repeating", "repeated", "recurring", "recurrent", "rotating", "recur"]
    /// Nouns that name a repeating event as a whole, in a change or removal ("the standup series").
    static let seriesNouns: WordSet = ["series", "occurrences", "instances"]
    /// Words that say a change is for every time to come ("from now on", "going forward").
    static let fromNowOn: PhraseList = [
        ["from", "now", "on"], ["from", "now", "onwards"], ["from", "now", "onward"], ["going", "forward"], ["from", "here", "on"],
        ["for", "all", "future", "ones"], ["for", "all", "future", "meetings"], ["for", "good"], ["permanently"], ["every", "time"],
    ]

    /// Nouns that make "in …" a place ("in room 4B", "in the office").
    static let placeNouns: WordSet = [
        "room", "office", "building", "hall", "lobby", "cafe", "cafeteria", "kitchen", "library", "park", "restaurant",
        "bar", "pub", "studio", "lab", "gym", "clinic", "hospital", "school", "church", "center", "centre", "floor",
        "suite", "auditorium", "garden", "house", "home", "hotel", "store", "mall", "town", "city", "downtown",
        "conference", "boardroom", "meeting-room",
        // Sports and culture ("in the clubhouse", "in the pavilion", "in the arena").
        "clubhouse", "pavilion", "pitch", "ground", "grounds", "field", "court", "pool", "stadium", "arena", "rink", "dojo",
        "theatre", "theater", "cinema", "museum", "gallery", "station", "airport", "campus",
    ]

    /// Occasions that belong to one person, whose name may come before them ("bola birthday").
    static let personalOccasions: WordSet = ["birthday", "bday", "anniversary", "wedding", "graduation", "retirement", "farewell"]

    /// Owners in holiday names are not people ("Valentine's Day", "Mother's Day").
    static let holidayOwners: WordSet = ["valentine", "mother", "father", "patrick", "new", "year", "children", "people", "st", "saint", "president", "all", "april", "fool", "veteran", "king", "queen", "boxing"]

    /// Everyday words that follow "with" or "meet" but are not names.
    static let commonWords: WordSet = [
        "following", "only", "these", "those", "whoever", "others", "guests", "anyone", "somebody", "someone", "lunch",
        "dinner", "coffee", "drinks", "food", "up", "down", "over", "him", "her", "them", "us", "everyone", "regarding",
        "re", "soon", "later", "too", "again", "back", "if", "when", "where", "while", "before", "after", "because",
        "since", "than", "like", "via", "into", "onto", "upon", "without", "within", "reminder", "reminders", "not",
        "no", "yes", "go", "going", "get", "got", "have", "has", "had", "do", "does", "did", "be", "been", "being",
        "was", "were", "am", "are", "is", "need", "needs", "want", "wants", "there", "here", "where", "somewhere",
        "tell", "ask", "let", "know", "store", "airport", "station", "groomer", "doctor", "doctors", "vet", "work",
        "home", "school", "office", "clients", "all", "my", "laundry", "trash", "bill", "bills", "payment", "rent",
        "name", "information", "info", "details", "number", "email", "address", "phone", "contact", "contacts",
        "add", "set", "put", "make", "create", "schedule", "book", "plan", "remind", "remember", "new", "save", "repeat",
        "fix", "enter", "notify", "alert", "block", "record", "log", "jot", "setup", "insert", "register", "organize",
    ]

    /// Meals and outings by the words that name them ("lunch tomorrow", "drinks at 7").
    static let occasions: WordMap<Occasion> = [
        "breakfast": .breakfast, "brekkie": .breakfast, "brunch": .brunch, "lunch": .lunch, "lunchtime": .lunch,
        "dinner": .dinner, "supper": .dinner, "drinks": .drinks, "beers": .drinks, "cocktails": .drinks, "party": .evening,
        // Evenings out, named by what is on ("the concert is on saturday at 9" is 21:00).
        // Not "show", "game", "match", "play", "date" or "club": a dog show, a kids' game, a
        // play in the park, a date and a golf club are as often by day.
        "parties": .evening, "concert": .evening, "concerts": .evening, "gig": .evening, "gigs": .evening,
        "movie": .evening, "movies": .evening, "film": .evening, "cinema": .evening, "theatre": .evening,
        "theater": .evening, "opera": .evening, "ballet": .evening, "musical": .evening, "recital": .evening,
        "karaoke": .evening, "gala": .evening, "prom": .evening, "disco": .evening, "nightclub": .evening,
        "clubbing": .evening, "pub": .evening, "comedy": .evening, "soiree": .evening, "banquet": .evening,
        "rave": .evening, "fireworks": .evening, "bonfire": .evening, "sleepover": .evening,
    ]

    /// Parts of the day by their words ("tomorrow morning", "tonight").
    static let dayParts: WordMap<DayPart> = [
        "morning": .morning, "mornings": .morning, "afternoon": .afternoon, "afternoons": .afternoon, "evening": .evening,
        "evenings": .evening, "tonight": .evening, "night": .night, "nights": .night,
    ]

    /// Verbs that keep time busy rather than name an event ("block Friday afternoon").
    static let blockingVerbs: WordSet = ["block", "reserve", "hold"]

    /// Words that are a repeat alone ("weekly"); before an event noun they may only name it
    /// ("quarterly planning").
    static let frequencyWords: WordSet = ["daily", "weekly", "monthly", "quarterly", "yearly", "annual", "annually", "biweekly", "fortnightly", "hourly"]

    /// Days of the week as people write them, in full and short.
    static let weekdayWords: WordSet = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
        "mon", "tue", "tues", "wed", "weds", "thu", "thur", "thurs", "fri", "sat", "sun",
        "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays",
    ]

    /// Words that keep a week or a month whole for a new event ("vacation all next week",
    /// "the whole week", "off in august"), rather than asking which day in it.
    static let wholeSpanWords: WordSet = ["all", "whole", "entire", "full", "throughout", "vacation", "vacations",
                                          "holiday", "holidays", "leave", "off", "away"]
}
