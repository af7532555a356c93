/// Builds an event title from the tokens no reader took: the words as typed, with framing
/// words trimmed at the edges ("there is a", "i have a", "remind me", "to", "the"), first
/// letter capitalised, nothing else changed.
enum Title {
    /// Words dropped at the start of a title.
    static let leading: WordSet = [
        "to", "for", "about", "of", "that", "on", "at", "in", "by", "from", "and", "so", "then", "as", "me", "us", "up",
        "there", "is", "are", "it", "called", "named", "titled", "regarding", "re", "saying", "which", "a", "an", "the",
        "some", "please", "also", "just", "remind", "reminder", "event", "entry", "notification", "alert", "note",
        "item", "calendar", "notice", "be", "was", "were", "i", "we", "will", "would", "should", "could", "can", "you",
        "need", "needs", "have", "has", "must", "am", "i'm", "im", "i'll", "we'll", "we're", "i've", "ive", "got", "going", "reminded",
        "remember", "let", "know", "okay", "ok", "with", "set", "input", "name", "title", "as", "following", "another",
        "like", "want", "wanna", "would", "having", "dont",
        "don't", "forget", "actually", "this", "any", "events", "reminders", "entries", "notifications", "there's", "theres",
        "it's", "gotta", "gonna", "hafta", "needa",
        // ("remind me at 9 because I need to pay rent": the reason is the thing to do.)
        "because", "cause", "cos", "cuz",
    ]

    /// Words dropped at the end of a title.
    static let trailing: WordSet = [
        "on", "at", "for", "to", "from", "by", "in", "with", "and", "of", "about", "that", "please", "okay", "ok", "i",
        "is", "it", "then", "so", "too", "the", "a", "an", "me", "calendar", "scheduled", "planned", "set", "there",
        "be", "this", "which", "have", "has", "had", "will", "as", "event", "reminder", "entry", "notification", "my",
        "can", "you", "could", "would", "also", "soon", "now", "tonight", "starting", "sharply",
        "down", "up", "noted", "marked", "remind", "reminded", "need", "want", "do", "does", "are", "am", "was", "we",
        "every", "each", "other",
        // "coffee with Jen next week sometime", "drinks friday maybe": a hedge, no part of it.
        "sometime", "maybe", "perhaps", "probably", "hopefully", "whenever",
    ]

    /// Verbs that, after the title, open a clause that only repeats the command
    /// ("… remind me", "… set it to repeat", "… please place this on the calendar", "…, make a
    /// note", "…, write it down", "…, don't let me forget").
    static let tailCommands: WordSet = [
        "remind", "reminded", "set", "save", "put", "place", "add", "mark", "note", "notify", "schedule", "book",
        "remember", "alert", "create", "make", "input", "update", "updated", "added", "write", "jot", "log", "forget",
    ]

    /// Words a tail clause may hold besides its verb.
    static let tailFiller: WordSet = [
        "me", "it", "this", "that", "the", "event", "on", "in", "to", "my", "calendar", "please", "of", "about", "be",
        "i", "need", "can", "you", "and", "also", "so", "with", "date", "details", "of", "is", "a", "an", "reminder",
        "entry", "down", "up", "for", "them", "too", "okay", "ok", "will", "could", "would", "should", "just", "there",
        "note", "notes", "let", "don't", "dont", "not", "do",
    ]

    /// The title from tokens `range` not `used`, and the token runs it came from.
    /// Date words are left out, except meals and those in `dateWords` (a frequency word that
    /// names the meeting: "quarterly planning"). The words in `names` (people named) typed in
    /// lower case are written as the address book spells them ("lunch with josé" → "Lunch
    /// with José").
    static func build(_ s: Sentence, range: Range<Int>, used: TokenMask, dateWords: Set<Int> = [], names: [Range<Int>] = [],
                      known: Names? = nil) -> (title: String, pieces: [Range<Int>]) {
        // A meal kept from a date keeps the word that placed it ("Call mom after lunch", "Meet
        // Ana for lunch"; an opening "at" goes with the edges: "tomorrow at lunch" is "Lunch").
        func placesAMeal(_ i: Int) -> Bool {
            i + 1 < range.upperBound && !used[i + 1] && (s.word(i, isIn: Vocabulary.datePrepositions) || s.word(i, isIn: Vocabulary.mealLeads))
                && s.kind(i) == .word && s.word(i + 1, isIn: Vocabulary.mealWords)
                && s.tokens.withUnsafeBufferPointer { $0[i].date != nil && $0[i].date == $0[i + 1].date }
        }
        var kept: [Int] = range.filter {
            !used[$0] && (!s.isInDate($0) || s.word($0, isIn: Vocabulary.mealWords) || dateWords.contains($0)) || placesAMeal($0)
        }
        // "hotel check in friday 6pm": "in" before the day was taken as the date's, but it is
        // the verb's ("Hotel check in").
        if let last = kept.last, last + 2 < range.upperBound, s.word(last + 1) == "in", s.isInDate(last + 2) || s.isInDate(last + 1),
           s.word(last, isIn: inVerbs), !s.isInDate(last) {
            kept.append(last + 1)
        }
        // Marks stay only between kept words, and a bracket closing one opened in the title
        // ("Dentist (Dr. Patel)").
        kept = kept.enumerated().filter { k, i in
            !s.tokens[i].isMark || (k > 0 && k + 1 < kept.count && kept[k - 1] == i - 1 && kept[k + 1] == i + 1 && s.word(i) != "?")
                || (k > 0 && kept[k - 1] == i - 1 && closesBracket(kept[..<k].map { s.word($0) }, s.word(i)))
        }.map(\.1)
        dropMealTime(s, &kept)
        cutTailClause(s, &kept, names: names)
        cutCondition(s, &kept)
        cutLeadIn(s, &kept)
        // "squeeze in a call tomorrow", "fit in a gym session at 7": the asking is no part of it.
        if kept.count > 2, s.word(kept[0]) == "squeeze" || s.word(kept[0]) == "fit", s.word(kept[1]) == "in" { kept.removeFirst(2) }
        trimEdges(s, &kept, names: names)
        // "i got asked to do an extra night", "I've been asked to cover a shift": what was
        // asked is the event ("Extra night", "Cover a shift").
        if kept.count > 2, s.word(kept[0]) == "been" || s.word(kept[0]) == "asked" {
            var k = s.word(kept[0]) == "been" ? 1 : 0
            if s.word(kept[k]) == "asked", k + 1 < kept.count, s.word(kept[k + 1]) == "to" {
                k += 2
                if k + 1 < kept.count, s.word(kept[k]) == "do", ["a", "an", "the", "some"].contains(s.word(kept[k + 1])) { k += 1 }
                if k < kept.count {
                    kept.removeFirst(k)
                    trimEdges(s, &kept)
                }
            }
        }
        bookedPerson(s, &kept)
        keepVerbOfDoing(s, &kept)
        let owner = ownedEvent(s, &kept)
        guard !kept.isEmpty else { return ("", []) }
        var pieces: [Range<Int>] = []
        var start = kept[0], last = kept[0]
        for i in kept.dropFirst() {
            if i == last + 1 { last = i; continue }
            pieces.append(start..<(last + 1))
            start = i
            last = i
        }
        pieces.append(start..<(last + 1))
        var respelled: [Int: String] = [:]
        // (Looked up in sets: a search of the list for each word made a line of thousands of
        // names take seconds.)
        let isKept = Set(kept), nameStarts = Set(names.map(\.lowerBound))
        if let known {
            for run in names {
                for i in run where i < s.count && isKept.contains(i) {
                    let t = s.tokens[i]
                    let typed = s.text[t.range]
                    guard typed == typed.lowercased(), let spelled = known.contactSpelling(of: String(t.base)) else { continue }
                    respelled[i] = spelled + typed.dropFirst(t.base.count)
                }
            }
        }
        // "the kids have a school play": "Kids' school play".
        if let owner {
            let typed = s.text[s.tokens[owner].range]
            respelled[owner] = typed + (typed.last == "s" || typed.last == "S" ? "'" : "'s")
        }
        // "mias recital", "anas party": a contact's first name with an "s" and no apostrophe,
        // before another word of the title, is theirs ("Mia's recital"); a first name that
        // ends in "s" ("chris lesson") stays as typed.
        if let known, !known.contactFirstNames.isEmpty {
            for (k, i) in kept.enumerated() where k + 1 < kept.count && kept[k + 1] == i + 1 && respelled[i] == nil
                && s.kind(i) == .word && s.kind(i + 1) == .word {
                let word = s.word(i)
                guard known.firstName(ofBarePossessive: word) != nil else { continue }
                let typed = s.text[s.tokens[i].range].dropLast()
                let owner = typed == typed.lowercased() ? known.contactSpelling(of: String(word.dropLast())) ?? String(typed) : String(typed)
                respelled[i] = owner + "'s"
            }
        }
        // "lunch w ana", "coffee w/ bob": "w" before a person is written "with" ("w 42nd st"
        // is a place's and stays as typed); "w/" always is ("call w/ the new york team").
        for i in kept where s.word(i) == "with" && isKept.contains(i + 1) {
            let typed = s.text[s.tokens[i].range].lowercased()
            // ("lunch wiht ana": a misspelt "with" is written right.)
            if typed == "wiht" || typed == "wtih" { respelled[i] = "with"; continue }
            guard typed == "w" || typed == "w/" else { continue }
            let end = s.tokens[i].range.upperBound
            let slash = typed == "w/" || end < s.text.endIndex && s.text[end] == "/"
            // ("meeting w the team", "dinner w my parents": before "the", "my" … too.)
            if slash || nameStarts.contains(i + 1) || s.isA(i + 1, .relation)
                || (s.word(i + 1, isIn: ["the", "my", "our", "your", "his", "her", "their"]) && s.kind(i + 2) == .word) {
                respelled[i] = "with"
            }
        }
        // "dentist appointmnet", "team meetng": a thing's noun misspelt by one letter is
        // written right ("Dentist appointment"); shorthand ("appt", "mtg") stays as typed, and
        // so do short words, where one letter makes another English word ("buy lumber", not
        // "number"; "check gmail").
        // (The flag first: the dictionary is asked only of the rare corrected word.)
        for i in kept where s.tokens[i].isCorrected && respelled[i] == nil {
            let typed = s.text[s.tokens[i].range]
            let lower = typed.lowercased()
            guard lower.count >= 6, SpellingTolerance.shorthand[lower] == nil, let fixed = SpellingTolerance.correction(of: lower), fixed.wordClass == .noun else { continue }
            respelled[i] = typed.first?.isUppercase == true ? fixed.word.prefix(1).uppercased() + fixed.word.dropFirst() : fixed.word
        }
        let text = pieces.map { piece -> String in
            let span = s.span(piece)
            var out = "", cursor = span.lowerBound
            for i in piece {
                guard let spelled = respelled[i] else { continue }
                out += s.text[cursor..<s.tokens[i].range.lowerBound] + spelled
                cursor = s.tokens[i].range.upperBound
                // ("w/" written "with" takes its slash.)
                if spelled == "with", cursor < span.upperBound, s.text[cursor] == "/" { cursor = s.text.index(after: cursor) }
            }
            return out + s.text[cursor..<span.upperBound]
        }.joined(separator: " ")
        // (Capitals judged as typed: "w/" written "with" is no lower case of the person's.)
        // (A remark blanked inside a piece, "its a dinner with carla,", leaves its spaces.)
        // (Two spaces looked for in the bytes first: `String.contains` cost ~7,000 instructions,
        // and a title with them as characters has them as bytes.)
        let single = Router.mayMention(text, "  ") && text.contains("  ") ? text.split(separator: " ").joined(separator: " ") : text
        return (capitalized(isShouted(s, pieces) ? unshouted(single, known: known) : single), pieces)
    }

    /// A title typed all in capitals, written as a title is ("DENTIST" is "Dentist", "MUMS
    /// BIRTHDAY" "mums birthday"), with what reads as an acronym kept ("NHS", "BBC", "PTA",
    /// "HMRC", "1:1", "M25") and a contact's name capitalised ("LUNCH WITH ANA": "lunch with
    /// Ana"). A title with any lower-case letter, or one capital alone, is as typed.
    static func unshouted(_ text: String, known: Names?) -> String {
        var before = ""
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            defer { before = word.lowercased() }
            let letters = word.filter(\.isLetter)
            // ("1:1", "A1", "M25", "3PM": not a word to write in lower case.)
            if letters.isEmpty || word.contains(where: \.isNumber) { return String(word) }
            let lower = word.lowercased()
            let base = lower.hasSuffix("'s") ? String(lower.dropLast(2)) : String(lower.filter(\.isLetter))
            // A contact's name, or a word after "with" ("1:1 WITH DEV"): a name.
            if lower == "i" || known?.contactWords.contains(base) == true || ["with", "w", "w/"].contains(before) && !everydayShortWords.contains(base) {
                return capitalized(lower)
            }
            return isAcronym(letters.lowercased()) ? String(word) : lower
        }.joined(separator: " ")
    }

    /// True for words typed all in capitals: two or more, and no lower-case letter. (Read
    /// where they lie: no string is made of them.)
    static func isShouted(_ s: Sentence, _ pieces: [Range<Int>]) -> Bool {
        var capitals = 0
        for piece in pieces {
            for byte in s.text[s.span(piece)].utf8 {
                if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") { return false }
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { capitals += 1 }
            }
        }
        return capitals >= 2 && !pieces.contains { s.text[s.span($0)].contains(where: \.isLowercase) }
    }

    /// True for a word in capitals read as an acronym: two or three letters that are no
    /// everyday word ("nhs", "gp", "pta"; not "the", "mum", "gym"), or four or more with no
    /// vowel ("hmrc").
    static func isAcronym(_ letters: String) -> Bool {
        let count = letters.count
        if count >= 4 { return !letters.contains { "aeiouy".contains($0) } }
        return count >= 2 && !everydayShortWords.contains(letters)
    }

    /// Words of two or three letters that are words, not acronyms, in a title typed in capitals.
    static let everydayShortWords: Set<String> = [
        "a", "an", "am", "as", "at", "be", "by", "do", "go", "he", "hi", "if", "in", "is", "it", "me", "my", "no", "of", "oh", "ok",
        "on", "or", "so", "to", "up", "us", "we", "ya", "yo", "w",
        "ace", "act", "add", "age", "ago", "aid", "aim", "air", "all", "and", "any", "ant", "ape", "app", "arm", "art", "ask", "ate",
        "bad", "bag", "ban", "bar", "bat", "bay", "bed", "bee", "bet", "bid", "big", "bin", "bit", "box", "boy", "bra", "bud",
        "bug", "bun", "bus", "but", "buy", "bye", "cab", "can", "cap", "car", "cat", "cod", "cot", "cow", "cry", "cup", "cut", "dad",
        "day", "den", "dew", "did", "die", "dig", "dim", "dip", "doc", "dog", "dot", "dry", "due", "dug", "dye", "ear", "eat", "egg",
        "end", "era", "eve", "eye", "fan", "far", "fat", "fax", "fed", "fee", "few", "fig", "fin", "fit", "fix", "flu", "fly", "for",
        "fox", "fry", "fun", "fur", "gap", "gas", "get", "gig", "gin", "got", "gum", "gun", "guy", "gym", "had", "ham", "has", "hat",
        "her", "hey", "hid", "him", "hip", "his", "hit", "hot", "how", "hug", "hut", "ice", "ill", "ink", "inn", "its", "jam", "jar",
        "jaw", "jet", "job", "jog", "joy", "key", "kid", "kit", "lab", "lad", "lap", "law", "lay", "leg", "let", "lid", "lie", "lip",
        "lit", "log", "lot", "low", "mad", "man", "map", "mat", "max", "may", "men", "met", "mix", "mob", "mom", "mop", "mow", "mud",
        "mug", "mum", "nan", "nap", "net", "new", "nil", "nor", "not", "now", "nut", "oak", "odd", "off", "oil", "old", "one", "our",
        "out", "owe", "owl", "own", "pad", "pal", "pan", "pap", "par", "pat", "paw", "pay", "pea", "pen", "pet", "pie", "pig", "pin",
        "pit", "pop", "pot", "pro", "pub", "put", "rag", "ran", "rat", "raw", "ray", "red", "rib", "rid", "rig", "rip", "rob", "rod",
        "row", "rub", "rug", "run", "sad", "sat", "saw", "say", "sea", "see", "set", "sew", "she", "shy", "sip", "sir", "sis", "sit",
        "six", "ski", "sky", "son", "soy", "spa", "spy", "sub", "sum", "sun", "tab", "tag", "tan", "tap", "tax", "tea", "ten", "the",
        "tie", "tin", "tip", "toe", "ton", "too", "top", "toy", "try", "tub", "tug", "two", "use", "van", "vet", "via", "war", "was",
        "wax", "way", "web", "wed", "wet", "who", "why", "win", "wit", "won", "yes", "yet", "you", "zoo", "gran", "mon", "tue", "thu",
        "fri", "sun", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "bday", "hr", "hrs", "min", "pm",
    ]

    /// Verbs that say an event is someone's ("the kids have a school play", "Bob's got a
    /// haircut").
    static let haveVerbs: WordSet = ["has", "have", "got"]
    /// Subjects that say nobody else's ("they have a game at 5" is "Game").
    static let subjectPronouns: WordSet = ["i", "we", "you", "they", "he", "she", "i've", "we've", "you've", "they've", "he's", "she's"]
    /// Words before the owner that are no part of the name ("the kids", "my son").
    static let ownerDeterminers: WordSet = ["the", "my", "our", "your"]
    /// Words between the verb and the event ("has a", "have their"; "Bob has the car" says
    /// nothing of an event of his, and is kept as said).
    static let ownedDeterminers: WordSet = ["a", "an", "his", "her", "their", "its", "our", "my", "another"]

    /// "book sarah for a manicure tuesday 2pm", "book jess in for a pedicure": a person booked
    /// for a thing is titled by the thing, for them ("Manicure for sarah", "Pedicure for jess"),
    /// as "soccer practice for emma" is. "book a table for 4", "book the car in for a service",
    /// "book me in for a haircut" are left as they are.
    static func bookedPerson(_ s: Sentence, _ kept: inout [Int]) {
        guard kept.count >= 3, let first = kept.first, first > 0, s.word(first - 1, isIn: bookingVerbs),
              (0..<kept.count).allSatisfy({ kept[$0] == first + $0 }) else { return }
        var k = 0
        while k < min(2, kept.count), s.kind(kept[k]) == .word, !s.isInDate(kept[k]), !s.word(kept[k], isIn: notBooked),
              !s.word(kept[k], is: "for"), !s.word(kept[k], is: "in") { k += 1 }
        guard k >= 1 else { return }
        let name = Array(kept[..<k])
        if k < kept.count, s.word(kept[k], is: "in") { k += 1 }
        guard k < kept.count, s.word(kept[k], is: "for") else { return }
        let forAt = kept[k]
        k += 1
        // ("for a manicure", "for an interview": a thing had; "for the trip" is what it is for.)
        guard k < kept.count, s.word(kept[k], isIn: ["a", "an"]) else { return }
        k += 1
        let thing = Array(kept[k...])
        guard !thing.isEmpty, thing.allSatisfy({ s.kind($0) == .word && !s.isInDate($0) }) else { return }
        kept = thing + [forAt] + name
    }
    static let bookingVerbs: WordSet = ["book", "schedule", "pencil"]

    /// "fix the sink saturday", "make pancakes at 9", "mark essays friday": a verb that makes an
    /// event only of an event ("fix a meeting", "make an appointment", "plan a party") keeps
    /// its place in the title when what it acts on is a thing ("Fix the sink", not "Sink").
    static func keepVerbOfDoing(_ s: Sentence, _ kept: inout [Int]) {
        guard let first = kept.first, first > s.body.lowerBound else { return }
        // (The article the edges dropped comes back with it: "Fix the sink".)
        var verb = first - 1
        while verb > s.body.lowerBound, s.word(verb, isIn: Vocabulary.determiners) || s.word(verb, is: "my") { verb -= 1 }
        guard s.word(verb, isIn: doingVerbs), s.kind(verb) == .word, !s.isInDate(verb) else { return }
        // What it acts on: the words before a preposition ("a cake" of "a cake for the party").
        let object = kept.prefix { !s.word($0, isIn: objectEnds) }
        guard !object.isEmpty, !object.contains(where: { s.word($0, isA: .eventNoun) || s.word($0, isA: .genericEventNoun)
            || s.word($0, isIn: Vocabulary.mealWords) || Vocabulary.occasions[s.word($0)] != nil || s.word($0, isIn: notDone) })
        else { return }
        kept.insert(contentsOf: verb..<first, at: 0)
    }
    /// Verbs of making an event that are also verbs of doing a thing.
    static let doingVerbs: WordSet = ["fix", "make", "register", "enter", "mark", "arrange", "organize", "organise", "plan", "record"]
    static let objectEnds: WordSet = ["for", "with", "at", "to", "in", "on", "about", "and"]
    /// Objects of those verbs that are an event's ("make time for", "make a reservation",
    /// "make it", "register for").
    static let notDone: WordSet = ["time", "it", "this", "that", "one", "reservation", "reservations", "booking", "date", "slot", "entry", "note", "reminder", "plans"]
    /// Words after a verb of booking that name no person ("book a table", "book me in").
    static let notBooked: WordSet = [
        "a", "an", "the", "my", "our", "me", "us", "him", "her", "them", "it", "this", "that", "some", "time", "table", "tables", "room",
        "rooms", "flight", "flights", "ticket", "tickets", "hotel", "seat", "seats", "taxi", "cab", "car", "venue", "tour", "train", "bus",
        "restaurant", "court", "pitch", "slot", "appointment", "session", "class", "lesson", "trip", "holiday", "stay",
    ]

    /// "the kids have a school play", "Ana has a dentist appointment", "Bob's got a haircut",
    /// "they have a game": an event said as someone's is titled by the event, whose first
    /// ("Kids' school play", "Ana's dentist appointment", "Bob's haircut"; a pronoun names
    /// nobody: "Game"). `kept` loses the verb and the article; the index of the owner's last
    /// word to write as a possessive is returned (nil when it is one already, or none).
    /// "Ana has to leave at 5", "the review has been moved" are left alone.
    static func ownedEvent(_ s: Sentence, _ kept: inout [Int]) -> Int? {
        guard kept.count >= 2, let v = kept.prefix(4).firstIndex(where: { s.word($0, isIn: haveVerbs) }), v >= 1 else { return nil }
        // The subject and the verb: whole words, side by side, none of them a date's.
        guard (0...v).allSatisfy({ kept[$0] == kept[0] + $0 && s.kind(kept[$0]) == .word && !s.isInDate(kept[$0]) }) else { return nil }
        var subject = Array(kept[..<v])
        var end = v + 1
        if s.word(kept[v], is: "got") {
            // "Bob's got", "we've got": the subject's last word holds the verb.
            guard let last = subject.last, s.tokens[last].isPossessive || s.word(last).hasSuffix("'ve") || s.word(last, isIn: subjectPronouns) else { return nil }
        } else if end < kept.count, s.word(kept[end], is: "got"), kept[end] == kept[v] + 1 {
            end += 1
        }
        guard end < kept.count, !s.word(kept[end], is: "to"), !s.word(kept[end], is: "been"), !s.word(kept[end], is: "no") else { return nil }
        guard !s.word(kept[end], is: "the") else { return nil }
        while end < kept.count, s.word(kept[end], isIn: ownedDeterminers) { end += 1 }
        guard end < kept.count, !s.tokens[kept[end]].isMark else { return nil }
        while let first = subject.first, subject.count > 1, s.word(first, isIn: ownerDeterminers) { subject.removeFirst() }
        let rest = kept[end...]
        if subject.count == 1, s.word(subject[0], isIn: subjectPronouns) || s.word(subject[0], isIn: ownerDeterminers) {
            kept = Array(rest)
            return nil
        }
        // A question word or "there" is no one ("there's got to be", "who has a meeting").
        guard !subject.contains(where: { s.word($0, isA: .questionWord) || s.word($0, is: "there") || s.word($0, is: "it") }) else { return nil }
        kept = subject + rest
        let last = subject[subject.count - 1]
        return s.tokens[last].isPossessive || s.word(last).hasSuffix("'ve") ? nil : last
    }

    /// A place said as the whole event ("at the gym", "in Rome"), as its title: without
    /// the article or "my" that led it, typed in lower case before a word in lower case
    /// ("Gym", "Rome", "Office"; "the Hague" is "The Hague").
    static func ofPlace(_ place: String) -> String {
        var words = place.split(separator: " ", omittingEmptySubsequences: true)
        if words.count > 1, ["the", "a", "an", "my", "our"].contains(String(words[0])), words[1].first?.isUppercase != true { words.removeFirst() }
        return capitalized(words.joined(separator: " "))
    }

    /// "… there is a meeting i need to be reminded of": drops a clause that restates the
    /// command once the title has started.
    static func cutTailClause(_ s: Sentence, _ kept: inout [Int], names: [Range<Int>] = []) {
        guard kept.count > 1 else { return }
        // (A guest's name that is a command too, "with Rose and Mark", opens no clause; "… ,
        // can you help", "… can you help me with that" ask for help, which the event is;
        // "homework help" keeps it.)
        for k in 1..<kept.count where (s.word(kept[k], isIn: tailCommands) || s.word(kept[k], is: "help") && s.word(kept[k - 1], isIn: helpAskers))
            && !names.contains(where: { $0.contains(kept[k]) }) {
            let rest = kept[(k + 1)...]
            // "swing by Ana's place", "read my notes": a noun that ends the title, no verb.
            if rest.isEmpty, s.word(kept[k - 1], isIn: Vocabulary.relationOwners) || s.word(kept[k - 1]).hasSuffix("'s") { return }
            if rest.allSatisfy({ s.word($0, isIn: tailFiller) || s.word($0, isIn: Vocabulary.calendarNouns) || s.word($0, isIn: Vocabulary.repeatWords) }) {
                var cut = k
                while cut > 0, s.word(kept[cut - 1], isIn: tailFiller) || ["please", "can", "you", "and", "so", "i", "need", "to", "be"].contains(s.word(kept[cut - 1])) {
                    cut -= 1
                }
                if cut > 0 { kept.removeSubrange(cut...) }
                return
            }
        }
    }

    /// Who "help" is asked of at the end of a title ("can you help").
    static let helpAskers: WordSet = ["you", "u"]

    /// Who or what a condition after the title is about ("if I have time", "if possible").
    static let conditionSubjects: WordSet = ["i", "we", "possible", "there", "there's", "it", "it's", "you", "i'm", "they"]

    /// "gym at lunchtime", "call mom at lunch", "run around lunchtime": a meal after what is
    /// done says when it is done, so it leaves the title ("Gym", "Call mom"); a meal that is
    /// the event keeps it ("lunch with ana", "meet ana for lunch", "call mom after lunch").
    static func dropMealTime(_ s: Sentence, _ kept: inout [Int]) {
        guard kept.count > 2, let k = kept.firstIndex(where: { s.word($0, isIn: Vocabulary.mealWords) && s.isInDate($0) }),
              k >= 2, kept[k - 1] == kept[k] - 1, s.word(kept[k - 1], isIn: mealTimeLeads),
              s.tokens[kept[k - 1]].date == s.tokens[kept[k]].date,
              kept[..<(k - 1)].contains(where: { s.kind($0) == .word && !s.isInDate($0) && !s.word($0, isIn: Vocabulary.mealWords) })
        else { return }
        kept.removeSubrange((k - 1)...k)
    }
    static let mealTimeLeads: WordSet = ["at", "around"]

    /// "lunch with Bob tomorrow if I have time", "call mom if possible": a condition said
    /// after the title, up to five words at the end, is no part of it.
    static func cutCondition(_ s: Sentence, _ kept: inout [Int]) {
        guard kept.count > 2 else { return }
        for k in 1..<kept.count where s.word(kept[k], is: "if") && kept.count - k <= 6 {
            guard k + 1 < kept.count, s.word(kept[k + 1], isIn: conditionSubjects) else { continue }
            kept.removeSubrange(k...)
            return
        }
    }

    /// "i'm a student, i have lectures mon 9-11", "as a parent, pta meeting thursday 7pm",
    /// "quick one, dentist friday at 3": who the speaker is, or a word that only opens the
    /// talk, before a comma at the start is no part of the title. Left when nothing of a
    /// title follows the comma ("i'm meeting bob, friday at 3").
    static func cutLeadIn(_ s: Sentence, _ kept: inout [Int]) {
        guard kept.count > 2, let c = kept.prefix(6).firstIndex(where: { s.word($0, isIn: leadInEnds) }), c >= 1,
              (0..<c).allSatisfy({ kept[$0] == kept[0] + $0 }) else { return }
        let lead = kept[..<c].map { s.word($0) }
        // ("i run a bakery. deliveries every tuesday", "we teach piano, lessons mon at 4": what
        // the speaker does, said first; "i have to …" is a thing to do.)
        let speaker = lead[0] == "i'm" || lead[0] == "im" || lead.count > 1 && (lead[0] == "i" && lead[1] == "am" || lead[0] == "as" && (lead[1] == "a" || lead[1] == "an"))
            || lead.count > 2 && (lead[0] == "i" || lead[0] == "we") && livingVerbs.contains(lead[1]) && lead[2] != "to" && lead[2] != "got"
        guard speaker || lead.allSatisfy({ talkOpeners.contains($0) }),
              kept[(c + 1)...].contains(where: { s.kind($0) == .word && !s.tokens[$0].is(.titleLeading) && !s.tokens[$0].is(.titleTrailing) })
        else { return }
        kept.removeFirst(c + 1)
    }

    /// Marks that end a lead-in ("i'm a student, …", "i run a bakery. …").
    static let leadInEnds: WordSet = [",", ".", ";"]
    /// Verbs of what the speaker does for a living or keeps ("i run a bakery", "we own a cafe").
    static let livingVerbs: Set<String> = ["run", "own", "manage", "teach", "coach", "work", "have", "do"]

    /// Words that only open the talk before a comma ("basically, …", "quick one, …", "ok so, …").
    static let talkOpeners: Set<String> = [
        "basically", "quick", "one", "question", "fyi", "btw", "heads", "up", "anyway", "anyways", "right", "alright", "well",
        "um", "umm", "erm", "uh", "oh", "so", "ok", "okay", "also", "and", "hmm", "sorry", "another", "more", "thing", "next",
    ]

    /// Drops the framing words and marks at the title's edges; a guest's name in `names`
    /// stays though it is such a word ("Lunch with Will").
    static func trimEdges(_ s: Sentence, _ kept: inout [Int], names: [Range<Int>] = []) {
        while let first = kept.first, s.tokens[first].is(.titleLeading) || s.tokens[first].isMark {
            // "with Ana" may open a title only when nothing else is left of it.
            if s.word(first) == "with", kept.count > 1, !s.tokens[kept[1]].is(.titleLeading) { break }
            kept.removeFirst()
        }
        while let last = kept.last, s.tokens[last].is(.titleTrailing) || s.tokens[last].isMark {
            // "Lunch with Will": a guest's name kept in the title is no trailing word.
            if names.contains(where: { $0.contains(last) }) { break }
            // "wake up", "pick up", "follow up": the particle is the verb's.
            if kept.count > 1, s.word(last) == "up", s.word(kept[kept.count - 2], isIn: upVerbs) { break }
            // "pick the kids up", "wake Ana up": so is it after the verb's object.
            if kept.count > 2, kept.count <= 5, s.word(last) == "up", s.word(kept[0], isIn: upVerbs) { break }
            // "check in (at the hotel)", "stop in", "move in": so is "in" after these.
            if kept.count > 1, s.word(last) == "in", s.word(kept[kept.count - 2], isIn: inVerbs) { break }
            // "Dentist (Dr. Patel)": a bracket closing one the title opened stays.
            if closesBracket(kept.dropLast().map { s.word($0) }, s.word(last)) { break }
            kept.removeLast()
        }
    }

    /// True when `mark` closes a bracket opened among `words` and not closed there.
    static func closesBracket(_ words: [String], _ mark: String) -> Bool {
        let pairs: [String: String] = [")": "(", "]": "[", "}": "{"]
        guard let opener = pairs[mark] else { return false }
        var open = 0
        for w in words {
            if w == opener { open += 1 } else if w == mark, open > 0 { open -= 1 }
        }
        return open > 0
    }

    /// Verbs whose "in" closing a title belongs to them ("check in", "move in").
    static let inVerbs: WordSet = ["check", "stop", "drop", "pop", "move", "moving", "clock", "sign", "log", "dial", "call"]

    /// Verbs whose "up" closing a title belongs to them ("wake up", "follow up").
    static let upVerbs: WordSet = ["wake", "pick", "follow", "catch", "clean", "warm", "back", "check", "tidy", "fill", "sign", "open", "close", "look", "meet"]

    /// First letter upper case, the rest as typed.
    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
