/// A JSON document that keeps object keys in the order they were written.
///
/// clerk writes JSON that people and snapshot tests read (`--json`, `parse --jsonl`, Google
/// request bodies), so key order is part of the output; Foundation's serializers do not keep it.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    /// A number as it was written, kept by a reader asked for exact values
    /// (`parse(_:exact:)`; `clerk parse --jsonl` gives ids back byte for byte, and a Double
    /// turned 9007199254740993 into 9007199254740992.0). Written back as it came.
    case numberText(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.numberText(x), .numberText(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(serialized())
    }

    /// The value for `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let n) = self { return n }
        if case .numberText(let text) = self { return Double(text) }
        return nil
    }

    public var intValue: Int? {
        guard let n = numberValue, n.rounded() == n, abs(n) < 9e15 else { return nil }
        return Int(n)
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var objectValue: [(String, JSONValue)]? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// `.string(text)`, or `.null` when `text` is nil.
    public static func string(orNull text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// Compact JSON on one line, non-ASCII kept as UTF-8.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// The same as UTF-8 bytes.
    public func serializedBytes() -> [UInt8] {
        var out = ByteWriter(capacity: 256)
        write(to: &out)
        return out.bytes
    }

    /// Appends the compact JSON of this value to `out` (what `serializedBytes` returns).
    package func write(to out: inout ByteWriter) {
        switch self {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .number(let n):
            if n.rounded() == n, abs(n) < 1e15 {
                out.appendDecimal(Int(n))
            } else if n.isFinite {
                for byte in "\(n)".utf8 { out.append(byte) }
            } else {
                out.append("null")
            }
        case .numberText(let text):
            for byte in text.utf8 { out.append(byte) }
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A string literal: `"`, `\\` and control characters escaped; U+007F, U+2028 and U+2029
    /// as `\u` escapes too, so the text is safe inside a line and inside JavaScript.
    package static func writeString(_ s: String, to out: inout ByteWriter) {
        // Read where it lies: the copy `withUTF8` needs (it may make a string native) was a
        // retain and a release a string, ten strings a line of `--jsonl`.
        if s.utf8.withContiguousStorageIfAvailable({ writeString(utf8: $0, to: &out) }) != nil { return }
        var text = s
        text.withUTF8 { writeString(utf8: $0, to: &out) }
    }

    /// `writeString` of a part of a text, without making a `String` of it.
    package static func writeString(_ s: Substring, to out: inout ByteWriter) {
        var text = s
        text.withUTF8 { writeString(utf8: $0, to: &out) }
    }

    /// `writeString` of valid UTF-8. Most strings need no escape (the answer's words, rules
    /// and names): they are copied with their quotes eight bytes at a time, each word tested
    /// as it is stored, and only a string with a byte that needs a closer look is written
    /// again by `writeEscaped`, from where it was. The last word of a string is the one
    /// that ends with it (overlapping the word before), and a string shorter than a word is
    /// read into one, so no byte is copied alone: the byte loop of the tail cost about 15
    /// instructions a byte, most of a short string's cost.
    package static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        let n = bytes.count
        guard let source = bytes.baseAddress, n > 0 else { out.append("\"\""); return }
        // Room for the quotes and for a whole word stored past a short string's end (the
        // bytes past the end are overwritten by what comes next).
        if out.capacity - out.used < n + 10 { out.grow(toHold: n + 10) }
        let target = out.base + out.used
        target[0] = UInt8(ascii: "\"")
        if n < 8 {
            let word = shortWord(source, count: n)
            guard isPlainASCII(word) else { return writeEscaped(utf8: bytes, to: &out) }
            UnsafeMutableRawPointer(target + 1).storeBytes(of: word.littleEndian, as: UInt64.self)
        } else {
            var at = 0
            while true {
                let start = Swift.min(at, n - 8)
                let word = UnsafeRawPointer(source + start).loadUnaligned(as: UInt64.self)
                guard isPlainASCII(word) else { return writeEscaped(utf8: bytes, to: &out) }
                UnsafeMutableRawPointer(target + 1 + start).storeBytes(of: word, as: UInt64.self)
                if start == n - 8 { break }
                at = start + 8
            }
        }
        target[1 + n] = UInt8(ascii: "\"")
        out.used += n + 2
    }

    /// The `count` (1 to 7) bytes at `source` as the low bytes of a word (the first the
    /// lowest, stored back with `littleEndian`), read by two
    /// overlapping loads of four bytes (or three of one), the bytes past them `A` (which
    /// needs no escape), without reading past the end.
    @inline(__always)
    private static func shortWord(_ source: UnsafePointer<UInt8>, count n: Int) -> UInt64 {
        let padding: UInt64 = 0x4141_4141_4141_4141 &<< UInt64(8 * n)
        if n >= 4 {
            let raw = UnsafeRawPointer(source)
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)))
            return low | high &<< UInt64(8 * (n - 4)) | padding
        }
        let middle = n >> 1
        return UInt64(source[0]) | UInt64(source[middle]) &<< UInt64(8 * middle) | UInt64(source[n - 1]) &<< UInt64(8 * (n - 1)) | padding
    }

    /// `writeString(utf8:)` of a string with a byte to escape, or to look at closely. Runs of
    /// bytes that need no escape are copied at once.
    private static func writeEscaped(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        out.append(UInt8(ascii: "\""))
        var at = 0
        var plain = 0  // where the run of bytes copied as they are starts
        while at < bytes.count {
            // Eight bytes at a time while they are all printable ASCII other than `"` and `\`
            // (most of a line's text): a test of the word instead of five tests a byte.
            if at &+ 8 <= bytes.count, isPlainASCII(UnsafeRawPointer(bytes.baseAddress! + at).loadUnaligned(as: UInt64.self)) {
                at += 8
                continue
            }
            let byte = bytes[at]
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0x7F, byte != 0xE2 {
                at += 1
                continue
            }
            if byte == 0xE2, !(at + 2 < bytes.count && bytes[at + 1] == 0x80 && (bytes[at + 2] == 0xA8 || bytes[at + 2] == 0xA9)) {
                at += 1
                continue
            }
            if plain < at { out.append(UnsafeBufferPointer(rebasing: bytes[plain..<at])) }
            switch byte {
            case UInt8(ascii: "\""): out.append("\\\"")
            case UInt8(ascii: "\\"): out.append("\\\\")
            case 0x0A: out.append("\\n")
            case 0x0D: out.append("\\r")
            case 0x09: out.append("\\t")
            case 0xE2:
                escape(bytes[at + 2] == 0xA8 ? 0x2028 : 0x2029, to: &out)
                at += 2
            default: escape(UInt32(byte), to: &out)
            }
            at += 1
            plain = at
        }
        if plain < bytes.count { out.append(UnsafeBufferPointer(rebasing: bytes[plain...])) }
        out.append(UInt8(ascii: "\""))
    }

    /// True when none of the eight bytes of `word` is below 0x20, at or above 0x7F, `"` or
    /// `\` (none needs an escape or a closer look). The tests are the exact "has a byte
    /// less than / more than / equal to" word tricks: never true for a word with such a byte.
    @inline(__always)
    private static func isPlainASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let below20 = (word &- ones &* 0x20) & ~word
        let from7F = (word &+ ones) | word
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote, hasBackslash = (backslash &- ones) & ~backslash
        return (below20 | from7F | hasQuote | hasBackslash) & highs == 0
    }

    private static func escape(_ code: UInt32, to out: inout ByteWriter) {
        let hexDigits: StaticString = "0123456789abcdef"
        out.append("\\u")
        for shift: UInt32 in [12, 8, 4, 0] { out.append(hexDigits.utf8Start[Int((code >> shift) & 0xF)]) }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
    public init(nilLiteral: ()) { self = .null }
}

/// Why a JSON text could not be read: what was wrong and where.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    /// Byte offset into the UTF-8 text.
    public var offset: Int

    public var description: String { "\(reason) at byte \(offset)" }
}

extension JSONValue {
    /// Reads one JSON document (RFC 8259); surrounding whitespace is allowed, nothing else.
    /// With `exact`, for values to be given back as they came: numbers keep their text
    /// (`.numberText`), and a `\u` escape of half a character (a lone surrogate) is an error
    /// rather than U+FFFD.
    public static func parse(_ text: String, exact: Bool = false) throws(JSONParseError) -> JSONValue {
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(JSONParseError) in try parse(utf8: bytes, exact: exact) } }.get()
    }

    /// Reads one JSON document from UTF-8 bytes.
    public static func parse(bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { bytes in Result { () throws(JSONParseError) in try parse(utf8: bytes) } }.get()
    }

    /// Reads one JSON document from UTF-8 bytes in place (`clerk parse --jsonl`'s requests).
    package static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, exact: Bool = false) throws(JSONParseError) -> JSONValue {
        var parser = JSONReader(bytes: bytes, exact: exact)
        return try parser.document()
    }
}

/// A recursive-descent reader over UTF-8 bytes with a depth limit, so hostile input cannot
/// exhaust the stack.
///
/// It reads the bytes in place; every index is checked against `bytes.count` before it is
/// read.
private struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Numbers kept as written, lone surrogates refused (`JSONValue.parse(_:exact:)`).
    let exact: Bool
    var at = 0
    var depth = 0
    static let maxDepth = 200

    init(bytes: UnsafeBufferPointer<UInt8>, exact: Bool = false) {
        self.bytes = bytes
        self.exact = exact
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        let value = try self.value()
        skipSpace()
        guard at == bytes.count else { throw fail("unexpected text after the JSON value") }
        return value
    }

    func fail(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: at) }

    mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
    }

    mutating func value() throws(JSONParseError) -> JSONValue {
        skipSpace()
        guard at < bytes.count else { throw fail("unexpected end of JSON") }
        switch bytes[at] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number()
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard at + w.count <= bytes.count, bytes[at..<at + w.count].elementsEqual(w) else { throw fail("invalid literal") }
        at += w.count
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > JSONReader.maxDepth { throw fail("JSON nested too deeply") }
    }

    mutating func object() throws(JSONParseError) -> JSONValue {
        try enter()
        at += 1
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(4)
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; depth -= 1; return .object(members) }
        while true {
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
            let key = try string()
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            at += 1
            members.append((key, try value()))
            skipSpace()
            guard at < bytes.count else { throw fail("unexpected end of JSON") }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == UInt8(ascii: "}") { at += 1; break }
            throw fail("expected ',' or '}'")
        }
        depth -= 1
        return .object(members)
    }

    mutating func array() throws(JSONParseError) -> JSONValue {
        try enter()
        at += 1
        var items: [JSONValue] = []
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; depth -= 1; return .array(items) }
        while true {
            items.append(try value())
            skipSpace()
            guard at < bytes.count else { throw fail("unexpected end of JSON") }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == UInt8(ascii: "]") { at += 1; break }
            throw fail("expected ',' or ']'")
        }
        depth -= 1
        return .array(items)
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard at + 4 <= bytes.count else { throw fail("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[at]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw fail("bad \\u escape")
            }
            v = v * 16 + d
            at += 1
        }
        return v
    }

    mutating func string() throws(JSONParseError) -> String {
        at += 1
        let start = at
        // The usual string, without escapes, is one slice of the input: no byte-by-byte copy.
        while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\"), bytes[at] >= 0x20 { at += 1 }
        if at < bytes.count, bytes[at] == UInt8(ascii: "\"") {
            at += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(at - 1)]), as: UTF8.self)
        }
        var out = Array(bytes[start..<at])
        while true {
            guard at < bytes.count else { throw fail("unterminated string") }
            let c = bytes[at]
            if c == UInt8(ascii: "\"") { at += 1; break }
            if c < 0x20 { throw fail("control character in string") }
            if c != UInt8(ascii: "\\") { out.append(c); at += 1; continue }
            at += 1
            guard at < bytes.count else { throw fail("unterminated string") }
            let e = bytes[at]
            at += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let escape = at - 2
                var code = try hex4()
                var halfPair = false
                if (0xD800...0xDBFF).contains(code), at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                    at += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        code = 0xFFFD
                        halfPair = true
                    }
                }
                // A surrogate's code is no scalar: alone, it is half a character.
                if exact, halfPair || Unicode.Scalar(code) == nil {
                    at = escape
                    throw fail("\\u escape of half a character (a lone surrogate)")
                }
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: throw fail("bad escape")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A number as RFC 8259 writes one: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    /// ("01", ".5", "1.", "+1" and "1e" are not JSON).
    mutating func number() throws(JSONParseError) -> JSONValue {
        let start = at
        func digits() -> Int {
            let from = at
            while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
            return at - from
        }
        func invalid() -> JSONParseError {
            at = start
            return fail("invalid JSON value")
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        let leadsWithZero = at < bytes.count && bytes[at] == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0, !(leadsWithZero && whole > 1) else { throw invalid() }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw invalid() }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw invalid() }
        }
        let text = String(decoding: bytes[start..<at], as: UTF8.self)
        if exact { return .numberText(text) }
        guard let n = Double(text) else { throw invalid() }
        // Past Double's range the value would be infinity, which JSON cannot write back.
        guard n.isFinite else { at = start; throw fail("number out of range") }
        return .number(n)
    }
}
