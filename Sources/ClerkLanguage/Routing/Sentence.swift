internal import ClerkCore
import FoundationEssentials

/// Two of a line's date matches (`indices`) and their reading together.
struct JoinedDate {
    var indices: [Int]
    var match: DateMatch
}

/// A tokenized line with the date reader's matches marked on its tokens, and the part of it
/// that carries the request (`body`: without wake words, politeness and trailing thanks).
struct Sentence {
    /// The parts, in one object made once and never changed: a sentence of parts held
    /// inline (264 bytes) was copied whole onto the stack for every call that took it — each
    /// rule of the classifier, each reader and look — about 50 instructions a call.
    private let parts: Parts

    /// Every part a `let`, set once by the initializer.
    private final class Parts {
        let text: String
        let tokens: [Term]
        let dates: [DateMatch]
        let reference: ReferenceTime
        let body: Range<Int>
        let skipped: [Int]
        let joined: JoinedDate?
        let eventOnScreen: Bool
        let reader: DateReader?
        let keyBits: UInt64
        let saidBits: RouteWord
        /// `tokens.count`, read by every look at a word: in a big reader the array's count
        /// was left a call (`Array.count.getter`), ten a line in `ContactPhrases.route`.
        let count: Int

        init(text: String, tokens: consuming [Term], dates: [DateMatch], reference: ReferenceTime, body: Range<Int>, skipped: [Int],
             joined: JoinedDate?, eventOnScreen: Bool, reader: DateReader?, keyBits: UInt64, saidBits: RouteWord) {
            self.text = text
            count = tokens.count
            self.tokens = tokens
            self.dates = dates
            self.reference = reference
            self.body = body
            self.skipped = skipped
            self.joined = joined
            self.eventOnScreen = eventOnScreen
            self.reader = reader
            self.keyBits = keyBits
            self.saidBits = saidBits
        }
    }

    var text: String { parts.text }
    var tokens: [Term] { parts.tokens }
    var dates: [DateMatch] { parts.dates }
    /// The zone times are shown in (slot values of dates are local times).
    var zone: Zone { parts.reference.timeZone }
    /// The moment and zone the line is read at.
    var reference: ReferenceTime { parts.reference }
    /// Token indices of the request proper.
    var body: Range<Int> { parts.body }
    /// Tokens skipped at the head (wake words, "can you", "please"), for the explanation.
    var skipped: [Int] { parts.skipped }
    /// Two date expressions said apart that read as one ("on Friday … at 1pm").
    var joined: JoinedDate? { parts.joined }
    /// An event is on screen for the line to change (a new event's card).
    var eventOnScreen: Bool { parts.eventOnScreen }
    /// The date reader, for readers that read a phrase of the line again in another form.
    var reader: DateReader? { parts.reader }
    /// The words of every token at once, noted when the sentence is made: the `WordTable`
    /// bits of their keys (`WordSet.mayMeet`) and their `RouteWord` lists. A search of the
    /// tokens for a list none of whose bits the line has is answered no without a pass.
    var keyBits: UInt64 { parts.keyBits }
    var saidBits: RouteWord { parts.saidBits }

    /// `tokens` is taken over: given the caller's only reference, the dates are marked on
    /// it in place, not on a copy of every term.
    ///
    /// `joined`, `eventOnScreen` and `reader` are given here rather than set after: a
    /// sentence set up field by field after it was made was copied whole into its clue.
    init(text: String, tokens: consuming [Term], dates: [DateMatch], reference: ReferenceTime, joined: consuming JoinedDate? = nil,
         eventOnScreen: Bool = false, reader: DateReader? = nil) {
        // Mark each token covered by a date match, and note its word's bits.
        var d = 0
        var keyBits: UInt64 = 0
        var saidBits: RouteWord = []
        for i in tokens.indices {
            keyBits |= WordTable.bit(of: tokens[i].key)
            saidBits.formUnion(tokens[i].said)
            while d < dates.count, dates[d].range.upperBound <= tokens[i].range.lowerBound { d += 1 }
            if d < dates.count, dates[d].range.lowerBound < tokens[i].range.upperBound,
               tokens[i].range.lowerBound < dates[d].range.upperBound {
                tokens[i].date = d
            }
        }
        // Worked out from the tokens alone: a method of the sentence called in the initializer
        // had the sentence copied whole for the call, and destroyed.
        let (body, skipped) = tokens.withUnsafeBufferPointer { Sentence.withoutNoise($0) }
        parts = Parts(text: text, tokens: tokens, dates: dates, reference: reference, body: body, skipped: skipped, joined: consume joined,
                      eventOnScreen: eventOnScreen, reader: reader, keyBits: keyBits, saidBits: saidBits)
    }

    /// The body of a line of `tokens` without wake words and politeness at the head and
    /// thanks at the tail, taken off repeatedly ("hey olly can you please …"), never the last
    /// word ("help" stays "help"); and the tokens skipped at the head. Each term is read where
    /// it lies (`let last = tokens[end - 1]` copied each) and looked up by its key.
    /// True when the last word of `tokens[..<end]`, past end marks, is `word`.
    private static func lastWord(_ tokens: UnsafeBufferPointer<Term>, _ end: Int, is word: String) -> Bool {
        var i = end - 1
        while i > 0, tokens[i].kind == .mark { i -= 1 }
        return Sentence.same(tokens[i].word, word)
    }

    /// The words a question opens with that no acknowledgement before them is part of.
    static let whWords: WordSet = ["what", "what's", "whats", "when", "when's", "whens", "where", "where's", "wheres", "who", "who's", "whos", "which", "how", "how's", "hows"]

    private static func withoutNoise(_ tokens: UnsafeBufferPointer<Term>) -> (body: Range<Int>, skipped: [Int]) {
        func isIn(_ i: Int, _ set: WordSet) -> Bool { set.mayContain(key: tokens[i].key) && set.contains(tokens[i].word, key: tokens[i].key) }
        func matches(_ phrase: [String], at i: Int) -> Bool {
            guard i + phrase.count <= tokens.count else { return false }
            for (k, w) in phrase.enumerated() where !Sentence.same(tokens[i + k].word, w) { return false }
            return true
        }
        // A bracket the line opened stays in it ("dentist at 3 (Dr. Patel)").
        func closesBracket(_ i: Int) -> Bool {
            let mark = tokens[i].word
            guard mark == ")" || mark == "]" else { return false }
            return Title.closesBracket((start..<i).map { tokens[$0].word }, mark)
        }
        var start = 0, end = tokens.count
        var skipped: [Int] = []
        var progress = true
        while progress, start + 1 < end {
            progress = false
            if tokens[start].kind == .mark || isIn(start, Vocabulary.wakeWords) {
                skipped.append(start)
                start += 1
                progress = true
                // "hi there, what's on tomorrow": the greeting's "there" with it.
                if start + 1 < end, isIn(start - 1, Vocabulary.greetingWords), Sentence.same(tokens[start].word, "there") {
                    skipped.append(start)
                    start += 1
                }
                continue
            }
            // "great, and make it 6pm", "perfect. move it": the answer acknowledged first.
            if start + 2 < end, tokens[start + 1].kind == .mark, isIn(start, Vocabulary.acknowledgements) {
                skipped.append(contentsOf: start..<(start + 2))
                start += 2
                progress = true
                continue
            }
            // "ok cool so whats next week", "great so when is lunch": an acknowledgement (or
            // "so") before another, "so" or a question's first word ("cool down class" stays).
            if start + 2 < end, isIn(start, Vocabulary.acknowledgements) || Sentence.same(tokens[start].word, "so"),
               isIn(start + 1, Vocabulary.acknowledgements) || Sentence.same(tokens[start + 1].word, "so") || isIn(start + 1, Self.whWords) {
                skipped.append(start)
                start += 1
                progress = true
                continue
            }
            // "Thank you. What's on next week?", "thank you very much, that is all": thanks for
            // the last answer, said before the next request.
            if start + 2 < end, Sentence.same(tokens[start].word, "thank"), Sentence.same(tokens[start + 1].word, "you") {
                var k = start + 2
                if k + 2 < end, Sentence.same(tokens[k].word, "very") || Sentence.same(tokens[k].word, "so"),
                   Sentence.same(tokens[k + 1].word, "much") { k += 2 }
                if k + 1 < end, tokens[k].kind == .mark {
                    skipped.append(contentsOf: start...k)
                    start = k + 1
                    progress = true
                    continue
                }
            }
            // "(let's) do the dentist at 4 instead": "do" is no question there, only the change.
            if Sentence.same(tokens[start].word, "do"), start + 2 < end, lastWord(tokens, end, is: "instead") {
                skipped.append(start)
                start += 1
                progress = true
                continue
            }
            // "can I add a meeting with Bob at 3?", "could I book a table for friday", "can i
            // move lunch to friday": asking leave to make or change one is the request ("can I
            // fit in a haircut", "can I make it" ask whether there is time, and stay).
            if start + 3 < end, isIn(start, Self.askingLeave), Sentence.same(tokens[start + 1].word, "i"),
               isIn(start + 2, Self.makingVerbs) || isIn(start + 2, Self.changingVerbs) {
                skipped.append(contentsOf: start..<(start + 2))
                start += 2
                progress = true
                continue
            }
            // "could you maybe add a dinner on friday", "perhaps move lunch to 2": a softening
            // word before the verb asks nothing of its own.
            if start + 2 < end, isIn(start, Self.softeners), isIn(start + 1, Self.makingVerbs) || isIn(start + 1, Self.changingVerbs) {
                skipped.append(start)
                start += 1
                progress = true
                continue
            }
            // "I was wondering, could you add …", "just wondering, can you move …": the
            // wondering said first, set apart by a mark, is no question of its own.
            // (The lead word asked once, before the phrases: asked in the loop's `where`, it
            // was looked up, and the list walked, for each phrase on every line.)
            if isIn(start, Self.wonderingLeads) {
                for phrase in Self.wonderings where start + phrase.count + 1 < end && matches(phrase, at: start)
                    && tokens[start + phrase.count].kind == .mark {
                    skipped.append(contentsOf: start...(start + phrase.count))
                    start += phrase.count + 1
                    progress = true
                    break
                }
            }
            if progress { continue }
            let heads = Vocabulary.politeHeads
            guard heads.mayStart(key: tokens[start].key), heads.mayStart(with: tokens[start].word, key: tokens[start].key) else { continue }
            for phrase in heads where start + phrase.count < end && matches(phrase, at: start) {
                skipped.append(contentsOf: start..<(start + phrase.count))
                start += phrase.count
                progress = true
                break
            }
        }
        while end > start + 1 {
            if tokens[end - 1].kind == .mark && !closesBracket(end - 1) || (isIn(end - 1, Vocabulary.politeTails) && tokens[end - 1].date == nil) {
                end -= 1
            } else if Sentence.same(tokens[end - 1].word, "you"), Sentence.same(tokens[end - 2].word, "thank") {
                end -= 2
            } else {
                break
            }
        }
        return (start..<end, skipped)
    }

    /// "can I …", "could I …", "may I …" before one of `makingVerbs`: leave asked to do it.
    static let askingLeave: WordSet = ["can", "could", "may"]
    /// Words that soften a request before its verb ("could you maybe add …").
    static let softeners: WordSet = ["maybe", "perhaps", "possibly"]
    /// Verbs of changing or removing an event that a softener may come before.
    static let changingVerbs: WordSet = ["move", "cancel", "delete", "remove", "reschedule", "change", "push", "shift", "rename", "invite"]
    /// Openings that say one wonders, before the request itself ("I was wondering, …").
    static let wonderings: [[String]] = [["i", "was", "wondering"], ["i", "wonder"], ["just", "wondering"], ["i", "was", "thinking"],
                                         ["i", "am", "wondering"], ["i'm", "wondering"], ["wondering"]]
    /// The first words of `wonderings`, looked at before the phrases are.
    static let wonderingLeads: WordSet = ["i", "i'm", "just", "wondering"]
    /// Verbs of making an event that "can I" may ask leave for.
    static let makingVerbs: WordSet = ["add", "schedule", "book", "put", "create", "set", "pencil", "block", "plan", "arrange", "reserve"]

    // MARK: - Reading words

    var count: Int { parts.count }

    // Not inlined: inlined into a rule, the read through the buffer was made a copy of the
    // whole term (through its value witnesses) again, for one word.
    @inline(never)
    func word(_ i: Int) -> String {
        guard i >= 0 && i < tokens.count else { return "" }
        // Read through the buffer: `tokens[i].word`, inlined into a rule, copied the whole
        // term (and destroyed it) to hand over its word.
        return tokens.withUnsafeBufferPointer { $0[i].word }
    }

    /// `word(i) == w`, compared where the word lies and by length first (`same`): `word(i)`
    /// handed over a copy of the word to compare. Inlined, with the word `w` written at the
    /// call: its length is a constant there, and a word of another length (most) is told
    /// apart without a call; the rest is `sameWord`'s. (Only that test inlined: more code at
    /// each of the hundreds of calls made the readers too big for the optimizer to inline
    /// their own reads, and a date read from the line's was copied whole: +1,460 a line.)
    @inline(__always) func word(_ i: Int, is w: String) -> Bool {
        if i >= 0 && i < count, tokens.withUnsafeBufferPointer({ $0[i].word.utf8.count }) != w.utf8.count { return false }
        return sameWord(i, w)
    }

    /// `word(i, is: w)` past its test of the length.
    @inline(never) private func sameWord(_ i: Int, _ w: String) -> Bool {
        guard i >= 0 && i < tokens.count else { return w.isEmpty }
        return tokens.withUnsafeBufferPointer { Sentence.same($0[i].word, w) }
    }

    /// The key of token `i`'s word (`Term.key`), read through the buffer as `word(_:)` is.
    func key(_ i: Int) -> UInt64 {
        guard i >= 0 && i < tokens.count else { return 0 }
        return tokens.withUnsafeBufferPointer { $0[i].key }
    }

    /// The kind of token `i` (`Term.kind`), read through the buffer; past either end a
    /// boundary, `.mark`, as the line's end is one.
    func kind(_ i: Int) -> Term.Kind {
        guard i >= 0 && i < tokens.count else { return .mark }
        return tokens.withUnsafeBufferPointer { $0[i].kind }
    }

    /// `set.contains(word(i))`, looked up with the key the split worked out. Inlined where it
    /// is asked: most words are on none of the set's bits (`WordSet.mayHave`), seen in a few
    /// instructions; a call was most of the ask's cost (forty-odd asks a line).
    @inline(__always) func word(_ i: Int, isIn set: WordSet) -> Bool {
        if i >= 0 && i < count, !set.mayHave(key: tokens.withUnsafeBufferPointer({ $0[i].key })) { return false }
        return word(at: i, isIn: set)
    }

    /// `word(i, isIn: set)` past its test of the key's bit.
    @inline(never) private func word(at i: Int, isIn set: WordSet) -> Bool {
        guard i >= 0 && i < tokens.count else { return set.contains("") }
        // The key alone first: a miss, the usual answer, reads no more of the term. Through
        // the buffer: `tokens[i].key`, inlined into a rule, copied the whole term.
        // The word handed to the set where it lies, on a hit: through `word(i)`, now a call
        // (see there), each hit paid for the call and a retain and release of the word.
        let key = key(i)
        return set.mayContain(key: key) && tokens.withUnsafeBufferPointer { set.contains($0[i].word, key: key) }
    }

    /// `word(i, isIn: list)` for the lists of `c` (true when on any), from the bits the split
    /// found (`Term.said`).
    func word(_ i: Int, isA c: RouteWord) -> Bool {
        guard i >= 0 && i < tokens.count else { return !RouteWord.ofNoWord.isDisjoint(with: c) }
        return !tokens.withUnsafeBufferPointer { $0[i].said }.isDisjoint(with: c)
    }

    /// The first body index from `from` (up to `until`) whose word is on a list of `c`
    /// (`first(in:)` by `Term.said`).
    /// Inlined: most lines have no word on those lists, answered where it is asked.
    @inline(__always) func first(isA c: RouteWord, from: Int? = nil, until: Int? = nil) -> Int? {
        // No token's word is on those lists: nothing between tokens to find.
        if saidBits.isDisjoint(with: c), (from ?? body.lowerBound) >= 0, (until ?? body.upperBound) <= count { return nil }
        return firstWord(isA: c, from: from, until: until)
    }

    /// `first(isA:from:until:)` past its test of the line's bits.
    @inline(never) private func firstWord(isA c: RouteWord, from: Int?, until: Int?) -> Int? {
        let upper = until ?? body.upperBound
        var i = from ?? body.lowerBound
        while i < upper {
            if word(i, isA: c) { return i }
            i += 1
        }
        return nil
    }

    /// True when some body word is on a list of `c`.
    func has(_ c: RouteWord) -> Bool { first(isA: c) != nil }

    /// True when token `i` exists and its word is of class `c`.
    func isA(_ i: Int, _ c: WordClass) -> Bool {
        i >= 0 && i < tokens.count && !tokens.withUnsafeBufferPointer { $0[i].classes }.isDisjoint(with: c)
    }

    /// True when token `i` exists and is covered by a date match (`Term.isInDate`), read
    /// through the buffer. False past either end, as `word(_:)` and `isA` are: callers look
    /// at the word after a verb that may be the line's last ("move" alone).
    func isInDate(_ i: Int) -> Bool {
        i >= 0 && i < tokens.count && tokens.withUnsafeBufferPointer { $0[i].date != nil }
    }

    /// True when the words of `phrase` follow each other from token `i`.
    func matches(_ phrase: [String], at i: Int) -> Bool {
        guard i >= 0, i + phrase.count <= tokens.count else { return false }
        return tokens.withUnsafeBufferPointer { tokens in
            for (k, w) in phrase.enumerated() where !Sentence.same(tokens[i + k].word, w) { return false }
            return true
        }
    }

    /// `a == b`, the lengths compared first: most words compared are not the word, and a
    /// difference in length is seen without the string comparison (~25 instructions).
    /// (The first bytes compared next cost more than the comparisons they spared: +111 a line.)
    @inline(__always) static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a == b
    }

    /// The first body index from `from` whose word is in `set`. Inlined: most lines have no
    /// word with a bit of the set's (`Sentence.keyBits`), answered where it is asked.
    @inline(__always) func first(in set: WordSet, from: Int? = nil, until: Int? = nil) -> Int? {
        // No token's key has a bit of the set's: no word of the set between tokens.
        if !set.mayMeet(keyBits), (from ?? body.lowerBound) >= 0, (until ?? body.upperBound) <= count { return nil }
        return firstWord(in: set, from: from, until: until)
    }

    /// `first(in:from:until:)` past its test of the line's bits.
    @inline(never) private func firstWord(in set: WordSet, from: Int?, until: Int?) -> Int? {
        let upper = until ?? body.upperBound
        var i = from ?? body.lowerBound
        // The keys read through the buffer in one loop: a call of `word(_:isIn:)` for each
        // word cost three times the look-up (a miss, the usual answer, is seen from the key).
        return tokens.withUnsafeBufferPointer { tokens in
            while i < upper {
                if i >= 0 && i < tokens.count {
                    let key = tokens[i].key
                    if set.mayContain(key: key), set.contains(tokens[i].word, key: key) { return i }
                } else if set.contains("") {
                    return i
                }
                i += 1
            }
            return nil
        }
    }

    /// True when some body word is in `set`.
    func has(_ set: WordSet) -> Bool { first(in: set) != nil }

    /// The first body index from `from` whose word is one of `words` — for a handful of
    /// words written at the call site (comparing beats building a set each time).
    func first(in words: [String], from: Int? = nil, until: Int? = nil) -> Int? {
        let upper = min(until ?? body.upperBound, tokens.count)
        var i = max(from ?? body.lowerBound, 0)
        // Through the buffer: `tokens[i].word` retained and released each word.
        return tokens.withUnsafeBufferPointer { tokens in
            words.withUnsafeBufferPointer { words in
                while i < upper {
                    for k in words.indices where Sentence.same(tokens[i].word, words[k]) { return i }
                    i += 1
                }
                return nil
            }
        }
    }

    /// True when some body word is one of `words`.
    func has(_ words: [String]) -> Bool { first(in: words) != nil }

    /// The first body position where one of `phrases` starts, with the phrase's length.
    func first(of phrases: PhraseList, from: Int? = nil) -> (index: Int, length: Int)? {
        var i = from ?? body.lowerBound
        // No token's word can start a phrase of the list (the body lies among the tokens).
        if !phrases.mayStart(anyOf: keyBits), i >= 0 { return nil }
        while i < body.upperBound {
            // No phrase starts at most words, seen from the key where it lies.
            if i >= 0 && i < tokens.count, !phrases.mayStart(key: tokens.withUnsafeBufferPointer({ $0[i].key })) {
                i += 1
                continue
            }
            if let phrase = phrase(of: phrases, at: i) { return (i, phrase.count) }
            i += 1
        }
        return nil
    }

    /// `first(of: phrases)`, where `start` is the `RouteWord` of the first words of
    /// `phrases` (none of them empty): a word no phrase starts with is passed over by its bit.
    func first(of phrases: PhraseList, startingWith start: RouteWord) -> (index: Int, length: Int)? {
        if saidBits.isDisjoint(with: start) { return nil }
        var i = body.lowerBound
        while i < body.upperBound {
            if word(i, isA: start), let phrase = phrase(of: phrases, at: i) { return (i, phrase.count) }
            i += 1
        }
        return nil
    }

    /// The first phrase of `phrases` (in their order) that the tokens from `i` spell.
    /// Inlined: at most words no phrase of the list can start, seen from one bit of the word's
    /// key where it is asked; the phrases are compared by `phrase(at:of:)`.
    @inline(__always) func phrase(of phrases: PhraseList, at i: Int) -> [String]? {
        if i >= 0 && i < count, !phrases.mayStart(bitOf: tokens.withUnsafeBufferPointer { $0[i].key }) { return nil }
        return phrase(at: i, of: phrases)
    }

    /// `phrase(of:at:)` past its test of the word's bit.
    @inline(never) private func phrase(at i: Int, of phrases: PhraseList) -> [String]? {
        guard mayStart(phrases, at: i) else { return nil }
        // By index: iterating the list handed over each phrase, retained and released.
        return phrases.phrases.withUnsafeBufferPointer { list in
            for k in list.indices where matches(list[k], at: i) { return list[k] }
            return nil
        }
    }

    /// False when no phrase of `phrases` can start at token `i` (`PhraseList.mayStart`),
    /// looked up with the key the split worked out, as `word(_:isIn:)` is.
    func mayStart(_ phrases: PhraseList, at i: Int) -> Bool {
        guard i >= 0 && i < tokens.count else { return phrases.mayStart(with: "") }
        return phrases.mayStart(key: key(i)) && phrases.mayStart(with: word(i), key: key(i))
    }

    /// The text of tokens `range` (inclusive of what lies between them), as typed.
    func text(of range: Range<Int>) -> Substring {
        guard !range.isEmpty else { return "" }
        return text[tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound - 1].range.upperBound]
    }

    /// The string range covering tokens `range`.
    func span(_ range: Range<Int>) -> Range<String.Index> {
        tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound - 1].range.upperBound
    }

    /// Indices of the date matches that fall inside the body.
    var dateIndicesInBody: [Int] {
        var seen: [Int] = []
        for i in body { if let d = tokens[i].date, seen.last != d { seen.append(d) } }
        return seen
    }
}

extension Sentence {
    /// `2026-12-01T13:00/2026-12-01T14:00`: a date match as local times, for slot values.
    func interval(_ match: DateMatch) -> String {
        Sentence.interval(match, zone)
    }

    static func interval(_ match: DateMatch, _ zone: Zone) -> String {
        interval(match.start, match.end, zone)
    }

    /// `interval` of a reading from `start` to `end`, given apart: a `DateMatch` handed over
    /// whole was copied (its strings and arrays retained) for its two instants.
    static func interval(_ start: Date, _ end: Date, _ zone: Zone) -> String {
        let from = zone.wallClock(start), to = zone.wallClock(end)
        // The usual years written on the stack and made a string at once, 33 bytes: through
        // a `ByteWriter` the text was made twice (its buffer, then a string decoded from it).
        // (`String(unsafeUninitializedCapacity:)` checks the bytes one by one, which cost more.)
        if (0...9999).contains(from.day.year), (0...9999).contains(to.day.year) {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 33) { bytes in
                writeLocal(from, into: bytes, at: 0)
                bytes[16] = UInt8(ascii: "/")
                writeLocal(to, into: bytes, at: 17)
                return String(decoding: UnsafeBufferPointer(bytes), as: UTF8.self)
            }
        }
        // Before year 0 or after 9999: every digit, as `appendLocal` writes them.
        var bytes = ByteWriter(capacity: 40)
        appendLocal(start, zone, to: &bytes)
        bytes.append(UInt8(ascii: "/"))
        appendLocal(end, zone, to: &bytes)
        return bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `YYYY-MM-DDTHH:MM` of a wall clock in the years 0 to 9999, the 16 bytes from `at`.
    private static func writeLocal(_ wall: (day: LocalDate, seconds: Int), into bytes: UnsafeMutableBufferPointer<UInt8>, at: Int) {
        // Each part (0 to 99) as its two digits read from `pairs`, in unsigned arithmetic:
        // a signed division by a constant costs a sign correction more, and the digits
        // worked out one by one cost ~190 instructions a time.
        let pairs = twoDigits.utf8Start
        func two(_ value: UInt, _ offset: Int) {
            let digits = Int(truncatingIfNeeded: value) &* 2
            bytes[at + offset] = pairs[digits]
            bytes[at + offset + 1] = pairs[digits + 1]
        }
        let year = UInt(truncatingIfNeeded: wall.day.year), clock = UInt(truncatingIfNeeded: wall.seconds)
        two(year / 100, 0); two(year % 100, 2)
        bytes[at + 4] = UInt8(ascii: "-"); two(UInt(truncatingIfNeeded: wall.day.month), 5)
        bytes[at + 7] = UInt8(ascii: "-"); two(UInt(truncatingIfNeeded: wall.day.day), 8)
        bytes[at + 10] = UInt8(ascii: "T"); two(clock / 3600, 11)
        bytes[at + 13] = UInt8(ascii: ":"); two(clock % 3600 / 60, 14)
    }

    /// "00", "01", … "99" one after another: the digits of `n` are the bytes `2n` and `2n + 1`.
    private static let twoDigits: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// `YYYY-MM-DDTHH:MM` on the wall clock of `zone` (civil-from-days arithmetic; no
    /// Calendar), appended to `bytes`.
    private static func appendLocal(_ date: Date, _ zone: Zone, to bytes: inout ByteWriter) {
        let (day, clock) = zone.wallClock(date)
        // Byte by byte: string interpolation cost ten times as much, and every date slot of
        // a line is written this way. The year in four digits ("2026", "0014"; before year 0
        // as it is, "-44"), the rest in two.
        bytes.appendDecimal(day.year, width: day.year < 0 ? 1 : 4)
        bytes.append(UInt8(ascii: "-")); bytes.appendDecimal(day.month, width: 2)
        bytes.append(UInt8(ascii: "-")); bytes.appendDecimal(day.day, width: 2)
        bytes.append(UInt8(ascii: "T")); bytes.appendDecimal(clock / 3600, width: 2)
        bytes.append(UInt8(ascii: ":")); bytes.appendDecimal(clock % 3600 / 60, width: 2)
    }

    /// A slot over the tokens `range`.
    func slot(_ kind: Slot.Kind, _ range: Range<Int>, value: String, rule: String) -> Slot {
        Slot(kind: kind, ranges: [span(range)], value: value, rule: rule)
    }

    /// A slot over several runs of tokens (adjacent runs merge into one range).
    func slot(_ kind: Slot.Kind, pieces: [Range<Int>], value: String, rule: String) -> Slot {
        Slot(kind: kind, ranges: pieces.filter { !$0.isEmpty }.map(span), value: value, rule: rule)
    }
}
