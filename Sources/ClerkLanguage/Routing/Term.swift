internal import ClerkCore
import FoundationEssentials

/// One word, number, name or mark of a line (a token), with where it is in the text.
///
/// `word` is what rules compare against: lower case, accents folded, typographic apostrophes
/// made plain ("Café" → "cafe", "Ana’s" → "ana's"). The text itself is never changed; slots
/// are cut from `range`.
struct Term: Hashable {
    enum Kind: Hashable {
        case word
        /// Digits, possibly with `:` `.` `/` `-` inside ("13:00", "4b" is a word).
        case number
        case email
        /// A word with an extension, "notes.txt", "shopping-list.md".
        case fileName
        /// `,` `;` `.` `!` `?` and the like: a boundary between phrases.
        case mark
    }

    var range: Range<String.Index>
    var word: String
    var kind: Kind
    /// The first letter was upper case as typed ("Ana", "Work"): a hint for names.
    var isCapitalized: Bool
    /// Set when the date reader's match covers this token (its index in the dates).
    var date: Int?
    /// Set when `word` is what a misspelt or abbreviated word was read as ("delte" → "delete",
    /// "w/" → "with"; `SpellingTolerance`).
    var isCorrected = false
    /// The vocabulary lists `word` is on, and those its possessive-free `base` is on.
    var classes: WordClass = []
    var baseClasses: WordClass = []
    /// `WordTable.key(of: word)`, worked out once at the split: the router looks a word up in
    /// dozens of word lists a line (`WordSet.contains(_: Term)`).
    var key: UInt64 = 0
    /// The lists of `RouteWord` that `word` (as read) is on, found at the split.
    var said: RouteWord = []

    /// True when the word (or, for "ana's", its base) is on a list of class `c`.
    func `is`(_ c: WordClass) -> Bool { !classes.isDisjoint(with: c) }
    func baseIs(_ c: WordClass) -> Bool { !baseClasses.isDisjoint(with: c) }

    /// `word` without a possessive ending: "ana's" → "ana", "james'" → "james".
    var base: Substring { Term.base(of: word) }

    var isPossessive: Bool { Term.isPossessive(word) }

    /// `isPossessive(word)` of an ASCII word from the bytes it was folded from (the folding
    /// only lowers capitals), which the split has at hand.
    private static func isPossessive(_ typed: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = typed.count
        guard n > 1 else { return false }
        let last = typed[n - 1] | 0x20, beforeLast = typed[n - 2]
        return (last == UInt8(ascii: "s") && beforeLast == UInt8(ascii: "'"))
            || (typed[n - 1] == UInt8(ascii: "'") && beforeLast | 0x20 == UInt8(ascii: "s") && n > 2)
    }

    static func base(of word: String) -> Substring {
        let (last, beforeLast, count) = ending(of: word)
        if last == UInt8(ascii: "s"), beforeLast == UInt8(ascii: "'") { return word.dropLast(2) }
        if last == UInt8(ascii: "'"), count > 1 { return word.dropLast() }
        return word[...]
    }

    static func isPossessive(_ word: String) -> Bool {
        let (last, beforeLast, count) = ending(of: word)
        return (last == UInt8(ascii: "s") && beforeLast == UInt8(ascii: "'"))
            || (last == UInt8(ascii: "'") && beforeLast == UInt8(ascii: "s") && count > 2)
    }

    /// The last two bytes of `word` and its length in bytes, for the possessive tests (the
    /// apostrophe is folded to ASCII, so bytes suffice; `hasSuffix` compares Unicode text).
    private static func ending(of word: String) -> (last: UInt8?, beforeLast: UInt8?, count: Int) {
        // In place where the bytes are at hand (a word always is), else through the view.
        let inPlace = word.utf8.withContiguousStorageIfAvailable { bytes -> (UInt8?, UInt8?, Int) in
            (bytes.last, bytes.count > 1 ? bytes[bytes.count - 2] : nil, bytes.count)
        }
        if let inPlace { return inPlace }
        let utf8 = word.utf8
        guard let last = utf8.last else { return (nil, nil, 0) }
        let count = utf8.count
        return (last, count > 1 ? utf8[utf8.index(utf8.endIndex, offsetBy: -2)] : nil, count)
    }
    var isMark: Bool { kind == .mark }
    var isInDate: Bool { date != nil }
}

extension Term {
    /// Splits a line into terms. Letters and digits make words; `'` inside a word, and `.`,
    /// `@`, `-`, `:`, `/`, `_` between letters or digits keep a word together ("don't",
    /// "ana@example.com", "todo.txt", "13:00", "co-worker"); sentence marks become `.mark`
    /// terms; anything else separates.
    static func split(_ text: String) -> [Term] {
        var contiguous = text
        return contiguous.withUTF8 { split(text, utf8: $0) }
    }

    /// `split` with the text's UTF-8 at hand, where a word of ASCII is folded from.
    private static func split(_ text: String, utf8 bytes: UnsafeBufferPointer<UInt8>) -> [Term] {
        // The scalars with the UTF-8 offset each starts at, read in one pass: the walk below
        // indexes by position, which on a String's scalar view validates every index. Both
        // tables live for the split only, in temporary (stack) space rather than two arrays.
        withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: bytes.count) { scalars in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: bytes.count + 1) { offsets in
                var count = 0, offset = 0
                if bytes.allSatisfy({ $0 < 0x80 }) {
                    // ASCII, most lines: each byte is a scalar, read without decoding.
                    for k in bytes.indices {
                        scalars[k] = Unicode.Scalar(bytes[k])
                        offsets[k] = k
                    }
                    count = bytes.count
                    offset = bytes.count
                } else {
                    for scalar in text.unicodeScalars {
                        scalars[count] = scalar
                        offsets[count] = offset
                        count += 1
                        offset += UTF8.width(scalar)
                    }
                }
                offsets[count] = offset
                return split(text, utf8: bytes, scalars: UnsafeBufferPointer(rebasing: scalars[..<count]), offsets: UnsafeBufferPointer(offsets))
            }
        }
    }

    /// `split` with each scalar of the text and the UTF-8 offset where it starts (and one
    /// more offset: the end).
    private static func split(_ text: String, utf8 bytes: UnsafeBufferPointer<UInt8>, scalars: UnsafeBufferPointer<Unicode.Scalar>,
                              offsets: UnsafeBufferPointer<Int>) -> [Term] {
        let utf8 = text.utf8
        func position(_ k: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offsets[k]) }

        let count = scalars.count
        // Room for as many terms as the line can hold, one more than its scalars that are no
        // ASCII letter or digit (a term is a mark or ends at one): a fixed sixteen, 1.4 kB,
        // was past `malloc`'s per-thread cache, and slow. Counted by two range tests (a digit;
        // a letter, either case): `isWordScalar` and `isMark` of each cost six times as much,
        // and tests of bits of two masks, which the compiler ran four at a time with a
        // variable shift in each lane, twice as much.
        var separators = 0
        for k in 0..<count {
            let v = scalars[k].value
            let digit = v &- 0x30 < 10, letter = (v | 0x20) &- 0x61 < 26
            separators &+= digit || letter ? 0 : 1
        }
        var tokens: [Term] = []
        tokens.reserveCapacity(separators + 1)
        var index = 0
        while index < count {
            let scalar = scalars[index]
            if isWordScalar(scalar) {
                let start = index
                var end = index + 1
                var sawDot = false, sawAt = false, sawLetter = isLetter(scalar)
                while end < count {
                    let next = scalars[end]
                    if isWordScalar(next) {
                        sawLetter = sawLetter || isLetter(next)
                        end += 1
                        continue
                    }
                    // A joiner stays inside the word only when a word character follows it.
                    let after = end + 1
                    guard after < count, isJoiner(next) else {
                        // "james'" keeps its possessive apostrophe.
                        if isApostrophe(next), scalars[end - 1] == "s", after == count || !isWordScalar(scalars[after]) {
                            end = after
                        }
                        break
                    }
                    guard isWordScalar(scalars[after]) else { break }
                    if next == "." { sawDot = true }
                    if next == "@" { sawAt = true }
                    end = after + 1
                    sawLetter = sawLetter || isLetter(scalars[after])
                }
                // An initial keeps its dot, and a possessive after it: "Mary S.", "Mary S.'s".
                if end - start == 1, isLetter(scalar), end < count, scalars[end] == "." {
                    end += 1
                    let after = end < count ? end + 1 : end
                    if end < count, isApostrophe(scalars[end]), after < count, scalars[after] == "s" || scalars[after] == "S" {
                        end = after + 1
                    }
                }
                let range = position(start)..<position(end)
                let typed = UnsafeBufferPointer(rebasing: bytes[offsets[start]..<offsets[end]])
                // A word of ASCII on the router's lists is the table's own string, found from
                // the bytes as typed: a string made for it cost ~170 instructions a word.
                // The word as typed is hashed once, for its spelling and its classes, and
                // looked up once for its classes and (when it is the word as read) its lists.
                let isASCII = typed.allSatisfy { $0 < 0x80 }
                let typedKey: UInt64
                let word: String
                let typedEntry: WordClass.Entry?
                if isASCII {
                    typedKey = foldedKey(typed)
                    if let listed = WordClass.table.listed(foldingASCII: typed, key: typedKey) {
                        (word, typedEntry) = listed
                    } else {
                        (word, typedEntry) = (asciiFolded(typed), nil)
                    }
                } else {
                    word = fold(text.unicodeScalars[range])
                    typedKey = WordTable.key(of: word)
                    typedEntry = WordClass.table[word, key: typedKey]
                }
                let kind: Term.Kind
                if sawAt { kind = .email }
                else if sawDot, sawLetter, let ext = word.split(separator: ".").last, ext.count <= 5,
                        ext.first?.isLetter == true, !word.hasPrefix("www.") { kind = .fileName }
                else if !sawLetter { kind = .number }
                else { kind = .word }
                let capital = scalar.isASCII ? (scalar >= "A" && scalar <= "Z") : scalar.properties.isUppercase
                // Every part worked out first and the term made in the append: a `var term` set
                // part by part was copied into the array and destroyed, for every term.
                let length = isASCII ? typed.count : word.utf8.count
                let corrected = kind == .word && SpellingTolerance.mayCorrect(key: typedKey, length: length)
                    ? SpellingTolerance.correction(of: word, key: typedKey)?.word : nil
                let said = corrected ?? word
                let key = corrected.map { WordTable.key(of: $0) } ?? typedKey
                var classes: WordClass = [], baseClasses: WordClass = []
                let saidEntry = corrected == nil ? typedEntry : WordClass.table[said, key: key]
                if kind == .word {
                    // The classes of the word as read: "wat" is a question word as "what" is.
                    classes = saidEntry?.classes ?? []
                    // Asked of the word itself: a `Term` made to ask it was built and destroyed
                    // for every word.
                    let possessive = isASCII && corrected == nil ? isPossessive(typed) : isPossessive(said)
                    baseClasses = possessive ? WordClass.of(base(of: said)) : classes
                }
                let lists = saidEntry?.lists ?? []
                tokens.append(Term(range: range, word: said, kind: kind, isCapitalized: capital, date: nil, isCorrected: corrected != nil,
                                   classes: classes, baseClasses: baseClasses, key: key, said: lists))
                index = end
            } else {
                if isMark(scalar) {
                    var term = Term(range: position(index)..<position(index + 1), word: String(scalar), kind: .mark, isCapitalized: false)
                    term.key = WordTable.key(of: term.word)
                    term.said = WordClass.table[term.word, key: term.key]?.lists ?? []
                    tokens.append(term)
                }
                index += 1
            }
        }
        return tokens
    }

    private static func isMark(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case ",", ";", ".", "!", "?", "(", ")", "\"", "“", "”", "&", "+": return true
        default: return false
        }
    }

    private static func isLetter(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") }
        return s.properties.isAlphabetic
    }

    private static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") }
        return s.properties.isAlphabetic || s.properties.numericType != nil
    }

    private static func isApostrophe(_ s: Unicode.Scalar) -> Bool { s == "'" || s == "\u{2019}" }

    private static func isJoiner(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "'", "\u{2019}", ".", "@", "-", ":", "/", "_": return true
        default: return false
        }
    }

    /// Lower case, plain apostrophes, accents removed ("Café" → "cafe", "Ana’s" → "ana's").
    /// Latin letters are folded here, byte by byte; anything rarer goes through Foundation.
    static func fold(_ scalars: Substring.UnicodeScalarView) -> String {
        // Most words are plain lower-case ASCII already: take them as they are.
        if scalars.allSatisfy({ $0.value < 0x80 && !($0.value >= 0x41 && $0.value <= 0x5A) }) {
            return String(Substring(scalars))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count + 2)
        for s in scalars {
            let v = s.value
            if v < 0x80 {
                bytes.append(v >= 0x41 && v <= 0x5A ? UInt8(v + 32) : UInt8(v))
            } else if v == 0x2019 {
                bytes.append(UInt8(ascii: "'"))
            } else if v >= 0xC0, v <= 0x17F, let plain = latin[Int(v - 0xC0)], plain != " " {
                bytes.append(contentsOf: plain.utf8)
            } else {
                return Spelling.fold(String(String.UnicodeScalarView(scalars.lazy.map { $0 == "\u{2019}" ? "'" : $0 })))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `WordTable.key(of:)` of `asciiFolded(bytes)`, hashed from the bytes as typed: the key
    /// of the folded word, read back through its UTF-8 view, cost twice as much.
    private static func foldedKey(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0
        for byte in bytes { h = h &* HashSlots.base &+ UInt64(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte) }
        return h | 1
    }

    /// `bytes`, all ASCII, in lower case (`fold` of them).
    /// Made through `String(unsafeUninitializedCapacity:)`, capitals or not: a word of up to
    /// 15 bytes made there is taken as ASCII from two words' bits, where `String(decoding:)`
    /// checked it byte by byte (~60 instructions a word).
    private static func asciiFolded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { out in
            for at in 0..<bytes.count {
                let byte = bytes[at]
                out[at] = byte &- 0x41 < 26 ? byte | 0x20 : byte
            }
            return bytes.count
        }
    }

    /// Unaccented lower-case forms of U+00C0…U+017F; " " where there is none.
    private static let latin: [String?] = {
        let table = "aaaaaa ceeeeiiii nooooo  uuuuy  aaaaaa ceeeeiiii nooooo  uuuuy yaaaaaaccccccccdd  eeeeeeeeeegggggggghh  iiiiiiiii   jjkk llllll    nnnnnn   oooooo  rrrrrrsssssssstttt  uuuuuuuuuuuuwwyyyzzzzzz "
        var out = table.map { $0 == " " ? " " : String($0) } as [String?]
        // Letters that fold to two: Æ æ Œ œ ß, and the Ĳ ĳ ligature.
        for (v, s) in [(0xC6, "ae"), (0xE6, "ae"), (0x152, "oe"), (0x153, "oe"), (0xDF, "ss"), (0x132, "ij"), (0x133, "ij"), (0xD8, "o"), (0xF8, "o")] {
            out[v - 0xC0] = s
        }
        return out
    }()
}
