/// One piece of the text: a lower-cased word, a run of digits, or a punctuation mark.
struct Token: Sendable {
    enum Kind: Sendable { case word, number, symbol }

    var kind: Kind
    /// Lower-cased ASCII word, the digits, or the symbol ("-" for every kind of dash).
    var text: String
    /// The value of a run of digits (nil for longer than 9 digits, and for words).
    var number: Int?
    /// UTF-8 offsets of the token in the text.
    var start: Int
    var end: Int
    /// True when whitespace or the start of the text comes before the token.
    var spaceBefore: Bool
    /// A word whose first letter was typed upper case ("May" the month, "may" the verb).
    var isCapitalized = false

    var digitCount: Int { kind == .number ? end - start : 0 }
}

/// What a number element's test sees of its token (`Element.digits`): plain data, so that
/// the matcher hands it over without copying the token and retaining its text.
struct NumberToken: Sendable {
    /// The value of the digits (nil for longer than 9 digits).
    var number: Int?
    var digitCount: Int
}

/// Splits text into tokens in one pass over its UTF-8 bytes.
///
/// Letters and digits split into separate tokens ("14april" → `14` `april`, "5pm" → `5` `pm`);
/// an apostrophe between letters stays in the word ("o'clock", "boss's"). Control characters
/// count as spaces; any other non-ASCII character becomes a word of its own that no rule
/// knows, so emoji and accents separate tokens without ever matching.
enum Tokenizer {
    static func tokens(_ text: String) -> [Token] {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable(scan) ?? []
    }

    private enum Class { case space, letter, digit, symbol, apostrophe, foreign }

    @inline(__always) private static func classify(_ b: UInt8) -> Class {
        switch b {
        case 0x61...0x7A, 0x41...0x5A: return .letter
        case 0x30...0x39: return .digit
        case 0x27: return .apostrophe
        case 0x00...0x20, 0x7F: return .space
        case 0x80...0xFF: return .foreign
        default: return .symbol
        }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
        var tokens: [Token] = []
        // Room for a token every other byte: dates ("12/25", "3-4pm") have more than one
        // every three, and growing the list cost a reallocation in a third of the parses.
        tokens.reserveCapacity(bytes.count / 2 + 2)
        var i = 0
        var spaceBefore = true
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            switch classify(b) {
            case .space:
                spaceBefore = true
                i += 1
                continue
            case .letter:
                let start = i
                // The lower-cased word, built in a fixed buffer: no allocation for words of
                // up to 32 bytes (longer ones no rule knows, and are cut).
                var word: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
                var length = 0
                withUnsafeMutableBytes(of: &word) { buffer in
                    while i < n {
                        let c = bytes[i]
                        let k = classify(c)
                        if k == .letter {
                            if length < 32 { buffer[length] = c | 0x20 }
                            length += 1
                            i += 1
                        } else if k == .apostrophe || isCurlyApostrophe(bytes, i) {
                            let width = k == .apostrophe ? 1 : 3
                            guard i + width < n, classify(bytes[i + width]) == .letter else { break }
                            if length < 32 { buffer[length] = 0x27 }
                            length += 1
                            i += width
                        } else {
                            break
                        }
                    }
                }
                let kept = min(length, 32)
                let text = withUnsafeBytes(of: &word) { String(decoding: UnsafeRawBufferPointer(rebasing: $0[0..<kept]), as: UTF8.self) }
                // A possessive "'s" is a word of its own: "boss's day" reads as `boss` `'s` `day`.
                if kept == length, length > 2, withUnsafeBytes(of: &word, { $0[length - 2] == 0x27 && $0[length - 1] == 0x73 }) {
                    let width = i - start - (bytes[i - 2] == 0x27 ? 2 : 4)
                    tokens.append(Token(kind: .word, text: String(text.utf8.dropLast(2))!, number: nil, start: start, end: start + width, spaceBefore: spaceBefore))
                    tokens.append(Token(kind: .word, text: "'s", number: nil, start: start + width, end: i, spaceBefore: false))
                } else {
                    tokens.append(Token(kind: .word, text: text, number: nil, start: start, end: i, spaceBefore: spaceBefore,
                                        isCapitalized: bytes[start] < 0x61))
                }
            case .digit:
                let start = i
                // "1e19", "2.5E-3": a number in scientific notation is one word that no rule
                // knows, so its first digits are not read on their own ("for 1e999 hours" is
                // not "for 1", one o'clock).
                if let end = exponentNumberEnd(bytes, from: i) {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).lowercased()
                    tokens.append(Token(kind: .word, text: text, number: nil, start: start, end: end, spaceBefore: spaceBefore))
                    i = end
                    spaceBefore = false
                    continue
                }
                var value = 0
                while i < n, classify(bytes[i]) == .digit {
                    if i - start < 9 { value = value * 10 + Int(bytes[i] - 0x30) }
                    i += 1
                }
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                tokens.append(Token(kind: .number, text: text, number: i - start <= 9 ? value : nil, start: start, end: i, spaceBefore: spaceBefore))
            case .apostrophe:
                tokens.append(Token(kind: .symbol, text: "'", number: nil, start: i, end: i + 1, spaceBefore: spaceBefore))
                i += 1
            case .symbol:
                tokens.append(Token(kind: .symbol, text: String(UnicodeScalar(b)), number: nil, start: i, end: i + 1, spaceBefore: spaceBefore))
                i += 1
            case .foreign:
                let start = i
                let width = scalarWidth(b)
                i = min(n, i + width)
                if let symbol = foreignSymbol(bytes, start, i) {
                    if symbol == " " { spaceBefore = true; continue }
                    tokens.append(Token(kind: .symbol, text: symbol, number: nil, start: start, end: i, spaceBefore: spaceBefore))
                } else {
                    tokens.append(Token(kind: .word, text: "\u{FFFD}", number: nil, start: start, end: i, spaceBefore: spaceBefore))
                }
            }
            spaceBefore = false
        }
        return tokens
    }

    /// The end of a number in scientific notation starting at `i` — digits, an optional
    /// decimal part, `e` or `E`, an optional sign, digits, and then no letter or digit — or
    /// nil when the text there is not one.
    private static func exponentNumberEnd(_ bytes: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        let n = bytes.count
        func digits(from j: Int) -> Int {
            var k = j
            while k < n, classify(bytes[k]) == .digit { k += 1 }
            return k
        }
        var j = digits(from: i)
        if j + 1 < n, bytes[j] == UInt8(ascii: "."), classify(bytes[j + 1]) == .digit { j = digits(from: j + 1) }
        guard j < n, bytes[j] | 0x20 == UInt8(ascii: "e") else { return nil }
        j += 1
        if j < n, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
        let end = digits(from: j)
        guard end > j, end == n || (classify(bytes[end]) != .letter && classify(bytes[end]) != .digit) else { return nil }
        return end
    }

    @inline(__always) private static func scalarWidth(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC0...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF7: return 4
        default: return 1
        }
    }

    /// ’ (U+2019) between letters is an apostrophe.
    @inline(__always) private static func isCurlyApostrophe(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        i + 2 < bytes.count && bytes[i] == 0xE2 && bytes[i + 1] == 0x80 && bytes[i + 2] == 0x99
    }

    /// Typographic punctuation read as its ASCII twin (dashes, curly quotes, no-break space), and
    /// the currency signs £ ¥ €.
    private static func foreignSymbol(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String? {
        let count = end - start
        if count == 2, bytes[start] == 0xC2 {
            switch bytes[start + 1] {
            case 0xA0: return " "
            case 0xA3: return "£"
            case 0xA5: return "¥"
            default: return nil
            }
        }
        if count == 3, bytes[start] == 0xE2, bytes[start + 1] == 0x82, bytes[start + 2] == 0xAC { return "€" }
        guard count == 3, bytes[start] == 0xE2, bytes[start + 1] == 0x80 else { return nil }
        switch bytes[start + 2] {
        case 0x90, 0x91, 0x92, 0x93, 0x94: return "-"
        case 0x98, 0x99: return "'"
        case 0x9C, 0x9D: return "\""
        case 0xAF, 0x89, 0x8A: return " "
        default: return nil
        }
    }
}
