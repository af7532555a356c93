/// The words the contact readers ask about (`ContactPhrases`). Folded, as everywhere in
/// `Vocabulary`.
extension Vocabulary {
    /// Verbs that look someone up when a name follows ("find Bob Stone", "pull up Carla").
    static let lookupVerbs: WordSet = ["find", "search", "lookup", "look", "pull", "show", "open", "get", "fetch", "display", "locate", "check", "select", "tell", "give", "read"]
    /// Verbs of reaching someone: clerk shows the number to call.
    static let callVerbs: WordSet = ["call", "dial", "ring", "phone"]
    /// Words that qualify a field ("home phone", "office number", "street address").
    static let fieldModifiers: WordSet = [
        "home", "office", "work", "cell", "mobile", "house", "pager", "phone", "contact", "email", "e-mail", "street",
        "mailing", "residential", "corporate", "landline", "telephone", "personal", "private", "business",
    ]

    /// Field words that ask about a contact even without a name ("give me the mobile number").
    static let strongFieldWords: WordSet = ["phone", "telephone", "landline", "cellphone", "mobile", "email", "e-mail", "phonebook"]

    /// Words around a contact question that are not names ("home", "nowadays", "saved").
    static let nonNames: WordSet = [
        "home", "work", "office", "cell", "mobile", "street", "residential", "mailing", "corporate", "house", "pager",
        "landline", "newest", "other", "last", "first", "full", "job", "title", "area", "id", "saved", "list", "know",
        "live", "lives", "living", "works", "working", "travelling", "traveling", "still", "currently", "nowadays",
        "new", "old", "whose", "most", "frequently", "called", "named", "way", "favorite", "favourite", "missed",
        // ("has sue got an email".)
        "got",
        // ("i need carlas number", "give me carlas details": the wanting is nobody's name.)
        "need", "needs", "want", "wants", "give", "gimme", "have",
        // ("how old is tom turning", "how old will ana be", "how old is bob now".)
        "turning", "turn", "turns", "be", "now", "today", "getting",
    ]

    /// Words that make an occasion a birthday, asked about as a contact's field.
    static let birthdayWords: WordSet = ["birthday", "bday", "birthdays", "bdays"]
    /// Fields named in the plural only after "have"/"with" ("contacts with birthdays"): alone,
    /// "birthdays" are the ones on the calendar ("any birthdays coming up").
    static let pluralFields: WordMap<ContactField> = ["birthdays": .birthday, "bdays": .birthday]

    /// Words that make a birthday an event on the calendar ("Carla's birthday party").
    static let eventsOfABirthday: WordSet = ["party", "event", "calendar", "schedule"]

    /// "who", "who's".
    static let whoWords: WordSet = ["who", "who's", "whos"]

    /// Pronouns that point at a person already named ("his number").
    static let theirWords: WordSet = ["his", "her", "their"]

    /// Verbs of where someone lives or works ("where does Ana live").
    static let whereVerbs: WordSet = ["live", "lives", "living", "work", "works", "working"]

    /// Verbs of working somewhere ("where does Ana work").
    static let workVerbs: WordSet = ["work", "works", "working"]

    /// Words between a lookup verb and the name ("find me the details of …").
    static let lookupFiller: WordSet = ["me", "for", "up", "about", "on", "the", "details", "of", "info", "information", "contact"]

    /// Words that may follow a looked-up name ("find Bob in my contacts", "find Ana from work").
    static let afterAName: WordSet = ["in", "from", "at", "who", "that", "on"]

    /// Words after a detail noun that point at its owner ("details of …", "info on …").
    static let aboutWords: WordSet = ["of", "on", "about", "for"]

    /// Words before "mail" or "code" that make them a field ("e mail", "area code").
    static let beforeMailOrCode: WordSet = ["email", "e", "area"]

    /// Words before a name ("email of Carla", "the contact called Bob").
    static let beforeAName: WordSet = ["of", "for", "about", "named", "called", "contact", "reach"]

    /// Words before the subject of a question about someone ("does Ana live …").
    static let beforeASubject: WordSet = ["does", "is", "did", "where", "has", "will"]

    /// Words between a lookup verb and the name ("find me …", "look up …").
    static let afterLookupVerb: WordSet = ["me", "for", "up", "the", "a"]

    /// Words before a name that a message or a trip goes to ("to Ana", "from Bob").
    static let towardWords: WordSet = ["to", "on", "from"]
    /// "get hold of", "get ahold of".
    static let holdWords: WordSet = ["hold", "ahold"]

    /// Words before a relation in a contact question ("my mom", "the landlord").
    static let beforeARelation: WordSet = ["my", "the", "a"]
}
