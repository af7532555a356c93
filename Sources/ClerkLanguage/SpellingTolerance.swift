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
        /// The words of questions and of the things clerk keeps ("wat", "hav", "calender",
        /// "appt", "numbr"): misspelt, a question read as a new event.
        case question, noun
    }

    /// What a word was read as.
    struct Correction: Sendable, Hashable {
        /// The word meant, lower case.
        var word: String
        var wordClass: WordClass
    }

    /// Longer words (in bytes) are never corrected. (Computed: a stored static is read
    /// through its lazy initializer, and the split asks it of every word.)
    static var longestWord: Int { 12 }

    /// The word `word` (lower case, as the tokenizers fold it) stands for, or nil when it is
    /// written as meant, is an open word, or is not near enough to any closed word.
    static func correction(of word: String) -> Correction? {
        guard word.utf8.count <= longestWord else { return nil }
        if let found = word.utf8.withContiguousStorageIfAvailable({ index.lookup($0) }) { return found }
        return Array(word.utf8).withUnsafeBufferPointer { index.lookup($0) }
    }

    /// `correction(of: word)`, where `key` is `WordTable.key(of: word)` (`Term.key`, worked
    /// out at the split): the word is not hashed again.
    static func correction(of word: String, key: UInt64) -> Correction? {
        guard word.utf8.count <= longestWord else { return nil }
        if let found = word.utf8.withContiguousStorageIfAvailable({ index.lookup($0, whole: key) }) { return found }
        return Array(word.utf8).withUnsafeBufferPointer { index.lookup($0, whole: key) }
    }

    /// False when `correction(of: word, key: key)` is nil for sure, seen from the key and the
    /// word's length in bytes alone: a word of four letters or fewer is only corrected when
    /// it is shorthand, and most are under no shorthand's key. The split asks it first, for
    /// a call that handed over the word and read its bytes cost ~100 instructions a word.
    static func mayCorrect(key: UInt64, length: Int) -> Bool {
        length > 0 && length <= longestWord && (length >= 5 || index.mayBeShorthand(key))
    }

    /// A number glued to letters that together are shorthand: "2morrow", "2nite", "2day".
    static func gluedShorthand(digits: String, letters: String) -> Correction? {
        guard digits == "2", letters.utf8.count <= 11 else { return nil }
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
        (.noun, ["calendar", "appointment", "appointments", "meeting", "meetings", "number", "address", "birthday", "email", "phone"]),
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
        add(.question, "what", ["wat", "wht", "waht", "whta", "hwat"])
        add(.question, "what's", ["wats", "whts", "wahts"])
        add(.question, "when", ["wen", "whn"])
        add(.question, "where", ["wher", "whre"])
        add(.question, "have", ["hav", "hve"])
        add(.command, "show", ["shw", "sho", "shwo"])
        add(.command, "move", ["mvoe", "moev", "mv"])
        add(.command, "cancel", ["cxl", "canx", "cncl"])
        add(.command, "reschedule", ["resched", "reschd", "reschedual"])
        // (Two edits from "schedule", as commonly typed.)
        add(.command, "schedule", ["schedual", "schedjule", "skedule"])
        add(.connector, "the", ["teh", "hte"])
        add(.connector, "free", ["fre", "frre"])
        add(.noun, "calendar", ["calender", "calandar", "calander", "calnedar"])
        add(.noun, "appointment", ["appt", "appmt"])
        add(.noun, "appointments", ["appts"])
        add(.noun, "meeting", ["mtg", "meetin"])
        add(.noun, "meetings", ["mtgs"])
        add(.noun, "number", ["num", "nmbr", "numbr", "no."])
        add(.connector, "please", ["pls", "plz", "plse"])
        // ("actualy make it 11": the correction opener, typed fast.)
        add(.connector, "actually", ["actualy", "actully", "acutally", "actaully", "acually", "actuall"])
        add(.connector, "next", ["nxt", "nex"])
        add(.connector, "with", ["w/", "w", "wiht", "wtih"])
        add(.connector, "without", ["w/o", "wo/"])
        add(.connector, "before", ["b4"])
        add(.connector, "about", ["abt", "abut"])
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
    static let openWords: WordSet = [
        "sundae", "sundaes", "match", "marsh", "mouth", "mouths", "toady", "toddy", "mourning", "moaning", "minuet", "minuets",
        "cancer", "crate", "remote", "rewind", "remand", "chance", "charge", "chant", "junes", "aprils", "augusts", "lists",
        "listen", "removal", "updater", "mover", "moved", "moves", "cancels", "movie", "remover", "augusta", "tonights",
        // one edit from a thing's noun
        "lumber", "numbed", "prone", "shone", "phony", "melting", "greeting",
        // names one edit from a month
        "marco", "marcy", "marci", "junie",
    ]

    private static let index = NearWords(words, shorthand: shorthand)
}

/// The closed words indexed for one-edit look-ups without allocating: every word and every
/// form of it with one letter dropped, and the shorthand, in open-addressing tables keyed by
/// a polynomial hash of the bytes. A query hashes itself and its own one-letter-dropped forms
/// (all of them in one pass); candidates are checked letter by letter.
private struct NearWords: Sendable {
    private let targets: [(bytes: [UInt8], correction: SpellingTolerance.Correction)]
    /// Hash → target, for the closed words and their forms with a letter dropped.
    private let near: HashSlots
    /// Hash → target, for the closed words as written: one of them asked ("tomorrow",
    /// "february", a line's usual long word) is no correction, seen before any other test.
    private let exact: HashSlots
    /// Hash → target, for the shorthand forms (`shortForms[i]` spells target `i` of `shortTargets`).
    private let short: HashSlots
    private let shortForms: [[UInt8]]
    private let shortTargets: [SpellingTolerance.Correction]
    /// Bits by (length, first two letters) and by (length, last two letters) of a word that
    /// can be one edit from a closed word (`affix(_:_:_:)`): see `lookup`.
    private let prefixes: [UInt64], suffixes: [UInt64]

    init(_ classes: [(SpellingTolerance.WordClass, [String])], shorthand: [String: SpellingTolerance.Correction]) {
        var targets: [(bytes: [UInt8], correction: SpellingTolerance.Correction)] = []
        var nearKeys: [(UInt64, Int32)] = [], exactKeys: [(UInt64, Int32)] = []
        for (wordClass, words) in classes {
            for word in words {
                let bytes = Array(word.utf8)
                let id = Int32(targets.count)
                targets.append((bytes, SpellingTolerance.Correction(word: word, wordClass: wordClass)))
                bytes.withUnsafeBufferPointer { b in
                    let whole = HashSlots.hash(b, skipping: -1)
                    exactKeys.append((whole, id))
                    nearKeys.append((whole, id))
                    for k in b.indices { nearKeys.append((HashSlots.hash(b, skipping: k), id)) }
                }
            }
        }
        var shortKeys: [(UInt64, Int32)] = []
        var forms: [[UInt8]] = []
        var shortTargets: [SpellingTolerance.Correction] = []
        for (form, correction) in shorthand.sorted(by: { $0.key < $1.key }) {
            let bytes = Array(form.utf8)
            shortKeys.append((bytes.withUnsafeBufferPointer { HashSlots.hash($0, skipping: -1) }, Int32(forms.count)))
            forms.append(bytes)
            shortTargets.append(correction)
        }
        var prefixes = [UInt64](repeating: 0, count: NearWords.affixWords), suffixes = prefixes
        for (bytes, _) in targets where bytes.count >= 2 && bytes.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) {
            let m = bytes.count
            for n in (m - 1)...(m + 1) where n >= 5 && n <= NearWords.longest {
                let p = NearWords.affix(n, bytes[0], bytes[1]), q = NearWords.affix(n, bytes[m - 2], bytes[m - 1])
                prefixes[p >> 6] |= 1 << UInt64(p & 63)
                suffixes[q >> 6] |= 1 << UInt64(q & 63)
            }
        }
        self.prefixes = prefixes
        self.suffixes = suffixes
        self.targets = targets
        near = HashSlots(nearKeys)
        exact = HashSlots(exactKeys)
        short = HashSlots(shortKeys)
        shortForms = forms
        self.shortTargets = shortTargets
    }

    /// False when no shorthand form has the key `whole` (`HashSlots.hash` of the form).
    func mayBeShorthand(_ whole: UInt64) -> Bool { short.contains(whole) }

    /// The word `query` stands for: shorthand, or the closed word one edit from it (the first
    /// listed when several are); nil when none is, when `query` is a closed word or an
    /// inflection of one, or an open word.
    /// `whole`, when given, is the hash of all of `query` (`HashSlots.hash(query, skipping: -1)`).
    func lookup(_ query: UnsafeBufferPointer<UInt8>, whole known: UInt64? = nil) -> SpellingTolerance.Correction? {
        guard !query.isEmpty else { return nil }
        let whole = known ?? HashSlots.hash(query, skipping: -1)
        var found: SpellingTolerance.Correction?
        short.forEach(whole) { id in
            if found == nil, shortForms[Int(id)].elementsEqual(query) { found = shortTargets[Int(id)] }
        }
        if let found { return found }
        // A closed word as written is no correction (as `consider(whole)` below finds too).
        // (Compared by `edits`: `elementsEqual` of the array and the buffer was left generic.)
        var closed = false
        exact.forEach(whole) { id in
            if !closed, NearWords.edits(query, targets[Int(id)].bytes) == 0 { closed = true }
        }
        if closed { return nil }
        guard query.count >= 5, query.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
        // A word of five letters or more one edit from a closed word has its first two
        // letters or its last two (and a length one from the closed word's): an edit in the
        // first two letters leaves at least the last two as they were. Most words are turned
        // away here, before the hashes below (~450 instructions for an eight-letter word).
        let n = query.count
        guard n <= NearWords.longest else { return nil }
        let head = NearWords.affix(n, query[0], query[1]), tail = NearWords.affix(n, query[n - 2], query[n - 1])
        guard prefixes[head >> 6] & (1 << UInt64(head & 63)) != 0 || suffixes[tail >> 6] & (1 << UInt64(tail & 63)) != 0 else { return nil }
        var best: Int32?
        var exact = false
        /// The closed words under `key`: one written as `query` makes `exact`, the first listed
        /// of those one edit away is `best`.
        func consider(_ key: UInt64) {
            near.forEach(key) { id in
                switch NearWords.edits(query, targets[Int(id)].bytes) {
                case 0: exact = true
                case 1: if best.map({ id < $0 }) ?? true { best = id }
                default: break
                }
            }
        }
        // A closed word as written is no correction: seen at the whole word's key, before
        // the hashes with a letter dropped are worked out ("tomorrow", "monday", "minutes").
        consider(whole)
        if exact { return nil }
        // The hashes of the query with each letter dropped, from prefix and suffix sums of
        // the polynomial hash: linear in the length.
        var prefix: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var suffix = prefix
        withUnsafeMutableBytes(of: &prefix) { pb in
            withUnsafeMutableBytes(of: &suffix) { sb in
                let p = pb.bindMemory(to: UInt64.self), q = sb.bindMemory(to: UInt64.self)
                // p[k]: hash of query[0..<k]; q[k]: hash of query[k...] (both as polynomials).
                p[0] = 0
                for k in 0..<n - 1 { p[k + 1] = p[k] &* HashSlots.base &+ UInt64(query[k]) }
                q[n - 1 < 12 ? n : 12] = 0
                var sum: UInt64 = 0, power: UInt64 = 1
                for k in stride(from: n - 1, through: 0, by: -1) {
                    sum = sum &+ UInt64(query[k]) &* power
                    power = power &* HashSlots.base
                    if k <= 12 { q[k] = sum }
                }
            }
        }
        // Read once: the table, a global, was asked for through its lazy initializer at
        // every letter.
        let powers = NearWords.powers
        for k in 0..<n {
            if exact { return nil }
            let key = withUnsafeBytes(of: &prefix) { pb in
                withUnsafeBytes(of: &suffix) { sb in
                    let p = pb.bindMemory(to: UInt64.self), q = sb.bindMemory(to: UInt64.self)
                    let rest = k + 1 < n ? q[k + 1] : 0
                    return (p[k] &* powers[n - 1 - k] &+ rest) | 1
                }
            }
            consider(key)
        }
        guard !exact, let best else { return nil }
        let target = targets[Int(best)]
        // An inflection of the closed word ("mondays", "changed") is a word as written.
        if query.count == target.bytes.count + 1, query.starts(with: target.bytes), query.last == 0x73 || query.last == 0x64 { return nil }
        if SpellingTolerance.openWords.contains(String(decoding: query, as: UTF8.self)) { return nil }
        return target.correction
    }

    /// 0 when equal, 1 for one letter added, dropped, changed, or two neighbours swapped, 2 for more.
    static func edits(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Int {
        let n = a.count, m = b.count
        if n == m {
            var first = -1, second = -1
            for i in 0..<n where a[i] != b[i] {
                if first < 0 { first = i } else if second < 0 { second = i } else { return 2 }
            }
            if first < 0 { return 0 }
            if second < 0 { return 1 }
            return second == first + 1 && a[first] == b[second] && a[second] == b[first] ? 1 : 2
        }
        guard abs(n - m) == 1 else { return 2 }
        var i = 0, j = 0, skipped = false
        while i < n, j < m {
            if a[i] == b[j] { i += 1; j += 1; continue }
            if skipped { return 2 }
            skipped = true
            if n > m { i += 1 } else { j += 1 }
        }
        return 1
    }

    /// The longest word looked up (`SpellingTolerance.correction` asks no longer one).
    static let longest = 12
    /// Bits of `prefixes` and `suffixes`: a length up to `longest` and two letters.
    static let affixWords = ((longest + 1) * 26 * 26 + 63) / 64

    /// The bit of a word of `n` letters with the two letters `a` `b` (a…z).
    @inline(__always) static func affix(_ n: Int, _ a: UInt8, _ b: UInt8) -> Int {
        (n * 26 + Int(a &- 0x61)) * 26 + Int(b &- 0x61)
    }

    /// `base` to the powers 0…13.
    static let powers: [UInt64] = (0...13).reduce(into: []) { list, k in list.append(k == 0 ? 1 : list[k - 1] &* HashSlots.base) }
}
