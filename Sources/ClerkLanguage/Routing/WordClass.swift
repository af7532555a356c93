/// Which of the vocabulary's lists a word is on, as bits, so a rule asks "is this a delete
/// verb?" with one bit test instead of a string lookup. Each term gets its classes once,
/// when the line is split (one dictionary lookup per word).
struct WordClass: OptionSet, Hashable, Sendable {
    let rawValue: UInt64

    static let createVerb = WordClass(rawValue: 1 << 0)
    static let deleteVerb = WordClass(rawValue: 1 << 1)
    static let headOnlyDelete = WordClass(rawValue: 1 << 2)
    static let updateVerb = WordClass(rawValue: 1 << 3)
    static let showVerb = WordClass(rawValue: 1 << 4)
    static let questionWord = WordClass(rawValue: 1 << 5)
    static let eventNoun = WordClass(rawValue: 1 << 6)
    static let calendarNoun = WordClass(rawValue: 1 << 7)
    static let genericEventNoun = WordClass(rawValue: 1 << 8)
    static let listingNoun = WordClass(rawValue: 1 << 9)
    static let upcoming = WordClass(rawValue: 1 << 10)
    static let free = WordClass(rawValue: 1 << 11)
    static let all = WordClass(rawValue: 1 << 12)
    static let pronoun = WordClass(rawValue: 1 << 13)
    static let relation = WordClass(rawValue: 1 << 14)
    static let honorific = WordClass(rawValue: 1 << 15)
    static let contactNoun = WordClass(rawValue: 1 << 16)
    static let fileNoun = WordClass(rawValue: 1 << 17)
    static let determiner = WordClass(rawValue: 1 << 18)
    static let notName = WordClass(rawValue: 1 << 19)
    static let commonVerb = WordClass(rawValue: 1 << 20)
    /// Everyday words after "with" or "meet" that are not names (`Vocabulary.commonWords`).
    static let commonWord = WordClass(rawValue: 1 << 21)
    static let placeNoun = WordClass(rawValue: 1 << 22)
    static let number = WordClass(rawValue: 1 << 23)
    static let unit = WordClass(rawValue: 1 << 24)
    static let contactField = WordClass(rawValue: 1 << 25)
    static let topic = WordClass(rawValue: 1 << 26)
    static let wake = WordClass(rawValue: 1 << 27)
    static let questionFrame = WordClass(rawValue: 1 << 28)
    static let category = WordClass(rawValue: 1 << 29)
    static let fieldModifier = WordClass(rawValue: 1 << 30)
    static let titleLeading = WordClass(rawValue: 1 << 31)
    static let titleTrailing = WordClass(rawValue: 1 << 32)
    static let datePreposition = WordClass(rawValue: 1 << 33)
    static let weekday = WordClass(rawValue: 1 << 34)
    static let occasion = WordClass(rawValue: 1 << 35)
    static let moved = WordClass(rawValue: 1 << 36)
    static let frequency = WordClass(rawValue: 1 << 37)
    static let correction = WordClass(rawValue: 1 << 38)
    /// "should", "is", "needs" …: a change said of an event ("dinner should be 2 hours").
    static let changeAuxiliary = WordClass(rawValue: 1 << 39)

    /// Words no name is made of: function words, relations, events, calendars, verbs clerk
    /// knows, generic nouns, places, everyday words, numbers and units.
    static let neverAName: WordClass = [.notName, .relation, .eventNoun, .calendarNoun, .deleteVerb, .updateVerb, .showVerb,
                                        .genericEventNoun, .placeNoun, .determiner, .commonWord, .number, .unit]

    /// A word's classes and the router's lists it is on (`RouteWord`), together: the split
    /// looks a word up once for both, where a table each cost a second look-up per word.
    struct Entry: Sendable {
        var classes: WordClass = []
        var lists: RouteWord = []
    }

    /// The classes and `RouteWord` lists of every word on some list: the classes' words, then
    /// the lists' (`RouteWord.forEachListed`), in one list of pairs made into one table.
    /// (Many words are on several lists: the index is sized for half the pairs, not for
    /// all of them, a table half the size to fill and fault in at every start.)
    static let table: WordMap<Entry> = {
        var table: [(String, Entry)] = []
        table.reserveCapacity(4_096)
        forEachClassed { table.append(($0, Entry(classes: $1))) }
        RouteWord.forEachListed { table.append(($0, Entry(lists: $1))) }
        return WordMap(table, distinct: table.count / 2) { Entry(classes: $0.classes.union($1.classes), lists: $0.lists.union($1.lists)) }
    }()

    /// Gives `body` the words of the classes' lists, each with its class.
    private static func forEachClassed(_ body: (String, WordClass) -> Void) {
        func add(_ words: some Sequence<String>, _ c: WordClass) {
            for w in words { body(w, c) }
        }
        add(Vocabulary.createVerbs, .createVerb)
        add(Vocabulary.deleteVerbs, .deleteVerb)
        add(Vocabulary.headOnlyDeleteVerbs, .headOnlyDelete)
        add(Vocabulary.updateVerbs, .updateVerb)
        add(Vocabulary.showVerbs, .showVerb)
        add(Vocabulary.questionWords, .questionWord)
        add(Vocabulary.eventNouns, .eventNoun)
        add(Vocabulary.calendarNouns, .calendarNoun)
        add(Vocabulary.genericEventNouns, .genericEventNoun)
        add(Vocabulary.listingNouns, .listingNoun)
        add(Vocabulary.upcomingWords, .upcoming)
        add(Vocabulary.freeWords, .free)
        add(Vocabulary.allWords, .all)
        add(Vocabulary.referencePronouns, .pronoun)
        add(Vocabulary.relations, .relation)
        add(Vocabulary.honorifics, .honorific)
        add(Vocabulary.contactNouns, .contactNoun)
        add(Vocabulary.fileNouns, .fileNoun)
        add(Vocabulary.determiners, .determiner)
        add(Vocabulary.notNames, .notName)
        add(Vocabulary.commonVerbs, .commonVerb)
        add(Vocabulary.commonWords, .commonWord)
        add(Vocabulary.placeNouns, .placeNoun)
        add(Quantity.numberWords.keys, .number)
        add(Quantity.units.keys, .unit)
        add(Vocabulary.contactFields.keys, .contactField)
        add(Vocabulary.outOfScopeTopics.keys, .topic)
        add(Vocabulary.wakeWords, .wake)
        add(Vocabulary.questionFrame, .questionFrame)
        add(Vocabulary.categoryWords, .category)
        add(Vocabulary.fieldModifiers, .fieldModifier)
        add(Title.leading, .titleLeading)
        add(Title.trailing, .titleTrailing)
        add(Vocabulary.datePrepositions, .datePreposition)
        add(Vocabulary.weekdayWords, .weekday)
        add(Vocabulary.occasions.keys, .occasion)
        add(Vocabulary.movedWords, .moved)
        add(Vocabulary.frequencyWords, .frequency)
        add(Vocabulary.correctionWords, .correction)
        add(Classifier.correctionAuxiliaries, .changeAuxiliary)
        add(Classifier.changeAdverbs, .changeAuxiliary)
    }

    static func of(_ word: some StringProtocol) -> WordClass {
        table[word]?.classes ?? []
    }
}
