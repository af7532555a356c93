/// Misspelt and abbreviated words of a few closed classes, read as the word meant:
/// "fridya" is Friday, "wendesday" Wednesday, "tomorow" and "2morrow" tomorrow, "nxt" next,
/// "mins" minutes, "w/" with, "shedule" schedule. The one place both readers ask — the date
/// reader for words its rules do not know, the router when it splits a line into terms.
///
/// Only closed classes are corrected (weekdays, months, the words for days and parts of
/// days, units of time, command verbs, a few connectors), and only in two ways:
///
/// | how | words | example |
/// |---|---|---|
/// | shorthand, looked up | any length | `tmrw`, `2morrow`, `nxt`, `thurs`, `hrs`, `w/` |
/// | one edit (a letter added, dropped, changed, or two swapped) | 5 letters or more | `fridya`, `tomorow`, `mintues` |
///
/// Never an open word: words of four letters or fewer are only looked up ("fry" stays
/// "fry", "sat" and "wed" are the date reader's own), a word one edit from a closed word
/// that is itself an English word stays as written ("sundae", "match", "remote"), and so do
/// the closed words' own inflections ("mondays", "changes"). Looking a word up costs one
/// hash per dropped letter and no allocation for words that are not near any closed word.
enum SpellingTolerance {
    /// The classes corrected.
    enum WordClass: Sendable, Hashable {
        case weekday, month, dayWord, unit, command, connector
    }

    /// What a word was read as.
    struct Correction: Sendable, Hashable {
        /// The word meant, lower case.
        var word: String
        var wordClass: WordClass
    }

    /// The word `word` (lower case, as the tokenizers fold it) stands for, or nil when it is
    /// written as meant, is an open word, or is not near enough to any closed word.
    static func correction(of word: String) -> Correction? {
        if let short = shorthand[word] { return short }
        let bytes = word.utf8
        guard bytes.count >= 5, bytes.count <= 12, bytes.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
        return index.nearest(Array(bytes))
    }

    /// A number glued to letters that together are shorthand: "2morrow", "2nite", "2day".
    static func gluedShorthand(digits: String, letters: String) -> Correction? {
        guard digits == "2" else { return nil }
        return shorthand["2" + letters]
    }

    // MARK: - The classes

    static let words: [(WordClass, [String])] = [
        (.weekday, ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]),
        (.month, ["january", "february", "march", "april", "june", "july", "august", "september", "october", "november", "december"]),
        (.dayWord, ["today", "tomorrow", "tonight", "yesterday", "morning", "afternoon", "evening", "weekend", "midnight"]),
        (.unit, ["minute", "minutes", "second", "seconds", "month", "months"]),
        (.command, ["delete", "remove", "cancel", "schedule", "reschedule", "create", "rename", "append", "replace", "change",
                    "update", "remind", "show", "list", "move"]),
    ]

    /// Shorthand people type, looked up as written.
    static let shorthand: [String: Correction] = {
        var table: [String: Correction] = [:]
        func add(_ c: WordClass, _ meant: String, _ forms: [String]) {
            for f in forms { table[f] = Correction(word: meant, wordClass: c) }
        }
        add(.dayWord, "tomorrow", ["tmrw", "tmr", "tmw", "tmrow", "tmrrw", "tomoro", "tomorow", "tommorow", "tommorrow", "2morrow", "2morow", "2moro", "2mrw", "2mro"])
        add(.dayWord, "today", ["2day", "tday", "tdy"])
        add(.dayWord, "tonight", ["2nite", "2night", "tonite", "tonit"])
        add(.dayWord, "yesterday", ["yday", "ystrdy", "yest", "yesterdy"])
        add(.dayWord, "night", ["nite"])
        add(.dayWord, "afternoon", ["aft", "arvo"])
        add(.dayWord, "morning", ["mrng", "morn"])
        add(.connector, "next", ["nxt", "nex"])
        add(.connector, "with", ["w/", "w"])
        add(.connector, "without", ["w/o", "wo/"])
        add(.connector, "before", ["b4"])
        add(.connector, "between", ["btwn"])
        // Not "mon", "wed", "sat", "sun": English words; the date reader reads them itself,
        // where a date is around them.
        add(.weekday, "tuesday", ["tue", "tues"])
        add(.weekday, "wednesday", ["weds", "wednes"])
        add(.weekday, "thursday", ["thu", "thur", "thurs", "thrs"])
        add(.weekday, "friday", ["fri", "frid"])
        add(.month, "september", ["sept"])
        add(.unit, "minutes", ["mins", "mns"])
        add(.unit, "minute", ["min"])
        add(.unit, "hours", ["hrs"])
        add(.unit, "hour", ["hr"])
        add(.unit, "seconds", ["secs"])
        add(.unit, "second", ["sec"])
        add(.unit, "weeks", ["wks"])
        add(.unit, "week", ["wk"])
        add(.unit, "years", ["yrs"])
        add(.unit, "year", ["yr"])
        return table
    }()

    /// English words one edit from a closed word, which stay as written.
    static let openWords: Set<String> = [
        "sundae", "sundaes", "match", "marsh", "mouth", "mouths", "toady", "toddy", "mourning", "moaning", "minuet", "minuets",
        "cancer", "crate", "remote", "rewind", "remand", "chance", "charge", "chant", "junes", "aprils", "augusts", "lists",
        "listen", "removal", "updater", "mover", "moved", "moves", "cancels", "movie", "remover", "augusta", "tonights",
        // names one edit from a month
        "marco", "marcy", "marci", "junie",
    ]

    private static let index = NearWords(words)
}

/// The closed words indexed for one-edit look-ups without allocating: every word and every
/// form of it with one letter dropped, by an FNV-1a hash of the bytes. A query hashes itself
/// and its own one-letter-dropped forms; candidates are checked with the real distance.
private struct NearWords: Sendable {
    private let targets: [(bytes: [UInt8], correction: SpellingTolerance.Correction)]
    private let byHash: [UInt64: [Int32]]

    init(_ classes: [(SpellingTolerance.WordClass, [String])]) {
        var targets: [(bytes: [UInt8], correction: SpellingTolerance.Correction)] = []
        var byHash: [UInt64: [Int32]] = [:]
        for (wordClass, words) in classes {
            for word in words {
                let bytes = Array(word.utf8)
                let id = Int32(targets.count)
                targets.append((bytes, SpellingTolerance.Correction(word: word, wordClass: wordClass)))
                byHash[NearWords.hash(bytes, skipping: -1), default: []].append(id)
                for k in bytes.indices { byHash[NearWords.hash(bytes, skipping: k), default: []].append(id) }
            }
        }
        self.targets = targets
        self.byHash = byHash
    }

    /// The closed word one edit from `query`, the first listed when several are; nil when
    /// none is, when `query` is a closed word or an inflection of one, or an open word.
    func nearest(_ query: [UInt8]) -> SpellingTolerance.Correction? {
        var best: Int32?
        for k in -1..<query.count {
            guard let ids = byHash[NearWords.hash(query, skipping: k)] else { continue }
            for id in ids {
                let target = targets[Int(id)].bytes
                if target == query { return nil }
                if best.map({ id < $0 }) ?? true, NearMiss.distance(query, target, limit: 1) <= 1 { best = id }
            }
        }
        guard let best else { return nil }
        let target = targets[Int(best)]
        // An inflection of the closed word ("mondays", "changed") is a word as written.
        if query.count == target.bytes.count + 1, query.starts(with: target.bytes), query.last == 0x73 || query.last == 0x64 { return nil }
        if SpellingTolerance.openWords.contains(String(decoding: query, as: UTF8.self)) { return nil }
        return target.correction
    }

    private static func hash(_ bytes: [UInt8], skipping skip: Int) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for (k, b) in bytes.enumerated() where k != skip { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }
}
