import ClerkCore
import Foundation

/// The `q` of files.list, parsed: terms joined by `and`, `or`, `not` and parentheses.
///
/// Terms (`field operator value`, or `'value' in field`):
///
/// | term                                   | operators                  | value                       |
/// |----------------------------------------|----------------------------|-----------------------------|
/// | `name`                                 | `=`, `!=`, `contains`      | string                      |
/// | `fullText`                             | `contains`                 | string                      |
/// | `mimeType`                             | `=`, `!=`, `contains`      | string                      |
/// | `modifiedTime`, `createdTime`, `viewedByMeTime` | `<`, `<=`, `=`, `!=`, `>`, `>=` | RFC 3339 string (UTC without an offset; a date alone is its midnight, UTC) |
/// | `shortcutDetails.targetId`             | `=`, `!=`                  | string (a shortcut's target) |
/// | `trashed`, `starred`, `sharedWithMe`   | `=`, `!=`, or alone (true) | `true`, `false`             |
/// | `parents`, `owners`, `writers`, `readers` | `in` (value first)      | string (`root`, `me`)       |
/// | `properties`, `appProperties`          | `has`                      | `{ key='k' and value='v' }` |
/// | `visibility`                           | `=`, `!=`                  | `'anyoneCanFind'`, `'anyoneWithLink'`, `'domainCanFind'`, `'domainWithLink'`, `'limited'` |
///
/// drives.list reads its own `q` (`Vocabulary.drives`): `name` (`=`, `!=`, `contains`),
/// `createdTime`, `hidden` (`=`, `!=` `true`/`false`), and `memberCount`, `organizerCount`
/// (`<`, `<=`, `=`, `!=`, `>`, `>=` a number). A term of the other vocabulary is refused in each.
///
/// Strings are single-quoted, or double-quoted as Drive also reads them (Apps Script's
/// `searchFiles` guide writes `title contains "untitled"`); inside one, a backslash makes the
/// next character itself (`\'`, `\"`, `\\`). Keywords
/// (`and`, `or`, `not`, `contains`, `in`, `has`, `true`, `false`) are read in any case.
///
/// Precedence is the usual one, `not` over `and` over `or`. Google's guide says only to use
/// parentheses; NOTES.md reads that as left to right without precedence, which no query
/// written with parentheses (as clients are told to) can tell apart.
///
/// Matching, as Drive's guide describes it and clients have observed: text is read as words
/// (runs of letters and digits, anything else a separator) without regard to case.
/// `name contains 'v'` holds when every word of `v` starts a word of the name, in any order
/// (`'rep'` finds "Q3 report.txt", not "prepared.txt"; `'it\'s a \\ test'` also finds
/// "it's a test"). `fullText contains 'v'` holds when every word of `v` is a whole word of the
/// name, the description or the content, and `'"v"'` when its words stand in a row in one of
/// them. `name =` compares whole names without regard to case; `mimeType` compares exactly
/// and `mimeType contains` matches anywhere.
indirect enum DriveQuery {
    case term(Term)
    case not(DriveQuery)
    case all([DriveQuery])
    case any([DriveQuery])

    enum Term {
        case text(TextField, TextOperator, String)
        case time(TimeField, Comparison, Date)
        case flag(FlagField, Bool)
        case member(String, Collection)
        case property(PropertyField, key: String, value: String)
        case visibility(String, equals: Bool)
        case shortcutTarget(String, equals: Bool)
        /// A shared drive's `memberCount` or `organizerCount` (drives.list).
        case count(CountField, Comparison, Int)
    }

    /// Which list a query filters: files.list's files or drives.list's shared drives.
    /// Whose terms a `q` is written in: Drive v3's files, shared drives, or Drive v2's files
    /// (the same terms under v2's names: `title`, `modifiedDate`, `createdDate`,
    /// `lastViewedByMeDate`; the v3 names are not v2's).
    enum Vocabulary { case files, drives, filesV2 }

    /// v2's names of the file terms whose v3 names differ.
    static let v2Names = ["title": "name", "modifiedDate": "modifiedTime", "createdDate": "createdTime", "lastViewedByMeDate": "viewedByMeTime"]

    static let visibilities: Set<String> = ["anyoneCanFind", "anyoneWithLink", "domainCanFind", "domainWithLink", "limited"]

    enum TextField: String { case name, fullText, mimeType }
    enum TextOperator { case equals, notEquals, contains }
    enum TimeField: String { case modifiedTime, createdTime, viewedByMeTime }
    enum Comparison: String { case less = "<", lessOrEqual = "<=", equal = "=", notEqual = "!=", greater = ">", greaterOrEqual = ">=" }
    enum FlagField: String { case trashed, starred, sharedWithMe, hidden }
    enum CountField: String { case memberCount, organizerCount }
    enum Collection: String { case parents, owners, writers, readers }
    enum PropertyField: String { case properties, appProperties }

    /// Parentheses and `not`s nest at most this deep, so a hostile query cannot exhaust the
    /// stack.
    static let maximumDepth = 64

    /// Reads `text`; 400 `invalid` (location `q`) saying what is wrong and where.
    init(_ text: String, vocabulary: Vocabulary = .files) throws(GoogleError) {
        var parser = Parser(tokens: try Lexer.tokens(of: text), vocabulary: vocabulary)
        let query = try parser.disjunction(depth: 0)
        guard parser.at == parser.tokens.count else { throw parser.failure("expected and, or or the end") }
        self = query
    }

    static func invalid(_ detail: String) -> GoogleError {
        GoogleError.invalidValue(detail, location: "q")
    }

    // MARK: Evaluating

    /// What a query is evaluated against, beyond the file's own fields.
    struct Context {
        var account: String
        /// The text of a file, for `fullText` (read only when a term needs it).
        var content: (DriveRecord) -> String
    }

    func matches(_ record: DriveRecord, in context: Context) -> Bool {
        switch self {
        case .term(let term): return term.matches(record, in: context)
        case .not(let inner): return !inner.matches(record, in: context)
        case .all(let parts): return parts.allSatisfy { $0.matches(record, in: context) }
        case .any(let parts): return parts.contains { $0.matches(record, in: context) }
        }
    }

    /// Who may find a file, as `visibility` names it: the widest of its `anyone` and
    /// `domain` permissions (`…CanFind` when it allows discovery), else `limited`.
    static func visibility(of record: DriveRecord) -> String {
        let shared = record.extra["sharedWith"]?.arrayValue ?? []
        for type in ["anyone", "domain"] {
            let matching = shared.filter { $0["type"]?.stringValue == type }
            guard !matching.isEmpty else { continue }
            return type + (matching.contains { $0["allowFileDiscovery"]?.boolValue == true } ? "CanFind" : "WithLink")
        }
        return "limited"
    }

    /// The words of a text as Drive's search sees them: runs of letters and digits, in lower
    /// case.
    static func words(_ text: String) -> [Substring] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }
    }

    /// `name contains`: every word of `value` starts a word of `name`. A value without words
    /// (only punctuation) matches as a plain substring.
    static func nameContains(_ name: String, _ value: String) -> Bool {
        let wanted = words(value)
        guard !wanted.isEmpty else { return name.lowercased().contains(value.lowercased()) }
        let have = words(name)
        return wanted.allSatisfy { word in have.contains { $0.hasPrefix(word) } }
    }

    /// `fullText contains`: every word of `value` is a word of one of `texts`; a value in
    /// double quotes is a phrase, its words in a row in one text.
    static func fullTextContains(_ texts: [String], _ value: String) -> Bool {
        let quoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
        let wanted = words(quoted ? String(value.dropFirst().dropLast()) : value)
        guard !wanted.isEmpty else { return false }
        if quoted {
            return texts.contains { text in
                let have = words(text)
                guard have.count >= wanted.count else { return false }
                return (0...(have.count - wanted.count)).contains { have[$0..<($0 + wanted.count)].elementsEqual(wanted) }
            }
        }
        let have = Set(texts.flatMap(words))
        return wanted.allSatisfy(have.contains)
    }
}

extension DriveQuery.Term {
    func matches(_ record: DriveRecord, in context: DriveQuery.Context) -> Bool {
        switch self {
        case .text(.name, let op, let value):
            switch op {
            case .equals: return record.name.lowercased() == value.lowercased()
            case .notEquals: return record.name.lowercased() != value.lowercased()
            case .contains: return DriveQuery.nameContains(record.name, value)
            }
        case .text(.mimeType, let op, let value):
            switch op {
            case .equals: return record.mimeType == value
            case .notEquals: return record.mimeType != value
            case .contains: return record.mimeType.contains(value)
            }
        case .text(.fullText, _, let value):
            return DriveQuery.fullTextContains([record.name, record.description ?? "", context.content(record)], value)
        case .time(let field, let comparison, let value):
            let instant = field == .createdTime ? record.created : record.modified
            // Drive's times have milliseconds; compare at that grain.
            let a = (instant.timeIntervalSince1970 * 1000).rounded(.down), b = (value.timeIntervalSince1970 * 1000).rounded(.down)
            switch comparison {
            case .less: return a < b
            case .lessOrEqual: return a <= b
            case .equal: return a == b
            case .notEqual: return a != b
            case .greater: return a > b
            case .greaterOrEqual: return a >= b
            }
        case .flag(let field, let wanted):
            switch field {
            case .trashed: return record.trashed == wanted
            case .starred: return record.starred == wanted
            case .sharedWithMe: return !wanted  // the account owns everything it sees
            case .hidden: return !wanted  // (drives.list only) a file is no hidden shared drive
            }
        case .member(let value, .parents):
            return record.parents.contains(Drive.resolve(value))
        case .member(let value, let collection):
            if value == "me" || value.lowercased() == context.account.lowercased() { return true }
            // Writers and readers include those the file is shared with, by role.
            let roles: Set<String> = collection == .writers ? ["organizer", "fileOrganizer", "writer"]
                : collection == .readers ? ["organizer", "fileOrganizer", "writer", "commenter", "reader"] : []
            return (record.extra["sharedWith"]?.arrayValue ?? []).contains { permission in
                roles.contains(permission["role"]?.stringValue ?? "")
                    && (permission["emailAddress"]?.stringValue ?? permission["domain"]?.stringValue)?.lowercased() == value.lowercased()
            }
        case .property(let field, let key, let value):
            return record.properties(field.rawValue).contains { $0.0 == key && $0.1 == value }
        case .visibility(let value, let equals):
            return (DriveQuery.visibility(of: record) == value) == equals
        case .shortcutTarget(let value, let equals):
            return (record.extra["shortcutDetails"]?["targetId"]?.stringValue == value) == equals
        case .count:
            return false  // (drives.list only) a file has no members
        }
    }
}

// MARK: Reading

extension DriveQuery {
    enum Token: Equatable {
        case word(String)
        case string(String)
        case symbol(String)
    }

    enum Lexer {
        /// The tokens of `text`, each with the character offset it starts at.
        static func tokens(of text: String) throws(GoogleError) -> [(Token, Int)] {
            let characters = Array(text)
            var tokens: [(Token, Int)] = []
            var at = 0
            while at < characters.count {
                let c = characters[at]
                if c.isWhitespace {
                    at += 1
                } else if c == "'" || c == "\"" {
                    let start = at
                    at += 1
                    var value = ""
                    var closed = false
                    while at < characters.count {
                        let d = characters[at]
                        if d == "\\", at + 1 < characters.count {
                            value.append(characters[at + 1])
                            at += 2
                        } else if d == c {
                            closed = true
                            at += 1
                            break
                        } else {
                            value.append(d)
                            at += 1
                        }
                    }
                    guard closed else { throw DriveQuery.invalid("the string at \(start) is not closed") }
                    tokens.append((.string(value), start))
                } else if c.isLetter || c.isNumber || c == "_" {
                    // A dot between letters joins a member's path (`shortcutDetails.targetId`).
                    let start = at
                    while at < characters.count, characters[at].isLetter || characters[at].isNumber || characters[at] == "_"
                            || (characters[at] == "." && at + 1 < characters.count && characters[at + 1].isLetter) { at += 1 }
                    tokens.append((.word(String(characters[start..<at])), start))
                } else if "<>!=".contains(c) {
                    let start = at
                    at += 1
                    if at < characters.count, characters[at] == "=", c != "=" { at += 1 }
                    let symbol = String(characters[start..<at])
                    guard symbol != "!" else { throw DriveQuery.invalid("'!' at \(start) must be '!='") }
                    tokens.append((.symbol(symbol), start))
                } else if "(){}".contains(c) {
                    tokens.append((.symbol(String(c)), at))
                    at += 1
                } else {
                    throw DriveQuery.invalid("unexpected '\(c)' at \(at)")
                }
            }
            return tokens
        }
    }

    /// A recursive-descent reader: disjunction → conjunction → negation → term.
    struct Parser {
        let tokens: [(Token, Int)]
        let vocabulary: Vocabulary
        var at = 0

        init(tokens: [(Token, Int)], vocabulary: Vocabulary = .files) {
            self.tokens = tokens
            self.vocabulary = vocabulary
        }

        var current: Token? { at < tokens.count ? tokens[at].0 : nil }

        func failure(_ what: String) -> GoogleError {
            let place = at < tokens.count ? "at \(tokens[at].1)" : "at the end"
            return DriveQuery.invalid("\(what) \(place)")
        }

        /// True (and steps over it) when the current token is the keyword `word`.
        mutating func take(keyword word: String) -> Bool {
            guard case .word(let text)? = current, text.lowercased() == word else { return false }
            at += 1
            return true
        }

        mutating func take(symbol: String) -> Bool {
            guard current == .symbol(symbol) else { return false }
            at += 1
            return true
        }

        mutating func string() throws(GoogleError) -> String {
            guard case .string(let value)? = current else { throw failure("expected a quoted string") }
            at += 1
            return value
        }

        mutating func disjunction(depth: Int) throws(GoogleError) -> DriveQuery {
            var parts = [try conjunction(depth: depth)]
            while take(keyword: "or") { parts.append(try conjunction(depth: depth)) }
            return parts.count == 1 ? parts[0] : .any(parts)
        }

        mutating func conjunction(depth: Int) throws(GoogleError) -> DriveQuery {
            var parts = [try negation(depth: depth)]
            while take(keyword: "and") { parts.append(try negation(depth: depth)) }
            return parts.count == 1 ? parts[0] : .all(parts)
        }

        mutating func negation(depth: Int) throws(GoogleError) -> DriveQuery {
            guard depth < DriveQuery.maximumDepth else { throw failure("parentheses and nots nest too deep") }
            if take(keyword: "not") { return .not(try negation(depth: depth + 1)) }
            if take(symbol: "(") {
                let inner = try disjunction(depth: depth + 1)
                guard take(symbol: ")") else { throw failure("expected ')'") }
                return inner
            }
            return .term(try term())
        }

        mutating func comparison(after field: String) throws(GoogleError) -> Comparison {
            guard case .symbol(let symbol)? = current, let comparison = Comparison(rawValue: symbol) else {
                throw failure("expected <, <=, =, !=, > or >= after \(field)")
            }
            at += 1
            return comparison
        }

        /// A quoted RFC 3339 time (UTC without an offset), or a date alone (its midnight, UTC).
        mutating func instant() throws(GoogleError) -> Date {
            let text = try string()
            let isDate = text.count == 10 && text.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 ? $0.element == "-" : $0.element.isASCII && $0.element.isNumber }
            guard let instant = ClockText.rfc3339Instant(isDate ? text + "T00:00:00" : text, zone: Zone.gmt) else {
                throw DriveQuery.invalid("'\(text)' is not an RFC 3339 date-time")
            }
            return instant
        }

        /// A term of drives.list's `q`.
        mutating func driveTerm() throws(GoogleError) -> Term {
            guard case .word(let field)? = current else { throw failure("expected a query term") }
            at += 1
            switch field {
            case "name":
                let op: TextOperator
                if take(keyword: "contains") { op = .contains } else if take(symbol: "=") { op = .equals } else if take(symbol: "!=") { op = .notEquals } else {
                    throw failure("expected an operator after name")
                }
                return .text(.name, op, try string())
            case "createdTime":
                return .time(.createdTime, try comparison(after: field), try instant())
            case "hidden":
                let negated: Bool
                if take(symbol: "=") { negated = false } else if take(symbol: "!=") { negated = true } else { throw failure("expected = or != after hidden") }
                let value: Bool
                if take(keyword: "true") { value = true } else if take(keyword: "false") { value = false } else { throw failure("expected true or false") }
                return .flag(.hidden, value != negated)
            case "memberCount", "organizerCount":
                let comparison = try comparison(after: field)
                guard case .word(let digits)? = current, let number = Int(digits) else { throw failure("expected a number") }
                at += 1
                return .count(CountField(rawValue: field)!, comparison, number)
            default:
                at -= 1
                throw failure("unknown query term '\(field)'")
            }
        }

        mutating func term() throws(GoogleError) -> Term {
            if vocabulary == .drives { return try driveTerm() }
            // 'value' in collection
            if case .string(let value)? = current {
                at += 1
                guard take(keyword: "in") else { throw failure("expected 'in'") }
                guard case .word(let name)? = current, let collection = Collection(rawValue: name) else {
                    throw failure("expected parents, owners, writers or readers")
                }
                at += 1
                return .member(value, collection)
            }
            guard case .word(let written)? = current else { throw failure("expected a query term") }
            let field: String
            switch vocabulary {
            case .filesV2: field = DriveQuery.v2Names[written] ?? (Set(DriveQuery.v2Names.values).contains(written) ? "" : written)
            default: field = DriveQuery.v2Names.keys.contains(written) ? "" : written
            }
            guard !field.isEmpty else { throw failure("unknown query term '\(written)'") }
            at += 1
            if let text = TextField(rawValue: field) {
                let op: TextOperator
                if take(keyword: "contains") { op = .contains } else if take(symbol: "=") { op = .equals } else if take(symbol: "!=") { op = .notEquals } else {
                    throw failure("expected an operator after \(field)")
                }
                if text == .fullText, op != .contains { throw failure("fullText takes only contains, not the operator") }
                return .text(text, op, try string())
            }
            if let time = TimeField(rawValue: field) {
                return .time(time, try comparison(after: field), try instant())
            }
            if field == "shortcutDetails.targetId" {
                let equals: Bool
                if take(symbol: "=") { equals = true } else if take(symbol: "!=") { equals = false } else {
                    throw failure("expected = or != after \(field)")
                }
                return .shortcutTarget(try string(), equals: equals)
            }
            if let flag = FlagField(rawValue: field), flag != .hidden {
                let negated: Bool
                if take(symbol: "=") { negated = false } else if take(symbol: "!=") { negated = true } else {
                    // A flag alone is the flag true: Drive's guide searches `sharedWithMe and
                    // name contains 'hello'`.
                    return .flag(flag, true)
                }
                let value: Bool
                if take(keyword: "true") { value = true } else if take(keyword: "false") { value = false } else {
                    throw failure("expected true or false")
                }
                return .flag(flag, value != negated)
            }
            if let property = PropertyField(rawValue: field) {
                guard take(keyword: "has"), take(symbol: "{") else { throw failure("expected has { after \(field)") }
                var key: String?, value: String?
                repeat {
                    guard case .word(let name)? = current, name == "key" || name == "value" else { throw failure("expected key or value") }
                    at += 1
                    guard take(symbol: "=") else { throw failure("expected =") }
                    if name == "key" { key = try string() } else { value = try string() }
                } while take(keyword: "and")
                guard take(symbol: "}"), let key, let value else { throw failure("expected key='…' and value='…' }") }
                return .property(property, key: key, value: value)
            }
            if field == "visibility" {
                let equals: Bool
                if take(symbol: "=") { equals = true } else if take(symbol: "!=") { equals = false } else {
                    throw failure("expected = or != after visibility")
                }
                let value = try string()
                guard DriveQuery.visibilities.contains(value) else { throw DriveQuery.invalid("visibility '\(value)'") }
                return .visibility(value, equals: equals)
            }
            at -= 1
            throw failure("unknown query term '\(field)'")
        }
    }
}

/// The `orderBy` of files.list: sort keys, each ascending unless followed by ` desc`.
///
/// | key                 | sorts by                                                |
/// |---------------------|---------------------------------------------------------|
/// | `name`              | name, without regard to case                            |
/// | `name_natural`      | name, numbers by value ("file 2" before "file 10")      |
/// | `folder`            | folders first                                           |
/// | `starred`           | starred first                                           |
/// | `createdTime`       | creation                                                |
/// | `modifiedTime`, `modifiedByMeTime`, `viewedByMeTime` | last modification (the account is the only user) |
/// | `recency`           | the later of creation and modification                  |
/// | `quotaBytesUsed`    | size                                                    |
/// | `sharedWithMeTime`  | nothing (nothing is shared with the account)            |
///
/// Ties fall to the creation time, then the id. Without `orderBy` the order is `name`
/// (Drive does not define its default order).
struct DriveOrder {
    enum Key: String {
        case name, nameNatural = "name_natural", folder, starred, createdTime, modifiedTime, modifiedByMeTime,
             viewedByMeTime, recency, quotaBytesUsed, sharedWithMeTime
    }

    var keys: [(Key, descending: Bool)]

    /// v2's names of the keys whose v3 names differ.
    static let v2Keys = ["title": "name", "title_natural": "name_natural", "modifiedDate": "modifiedTime", "createdDate": "createdTime",
                         "lastViewedByMeDate": "viewedByMeTime", "modifiedByMeDate": "modifiedByMeTime", "sharedWithMeDate": "sharedWithMeTime"]

    /// Reads `orderBy`; 400 `invalid` (location `orderBy`) for an unknown key. `version2`:
    /// the keys are Drive v2's (`v2Keys`, and those the two share).
    init(_ text: String?, version2: Bool = false) throws(GoogleError) {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            keys = [(.name, false)]
            return
        }
        keys = []
        for item in text.split(separator: ",") {
            let words = item.split(separator: " ").map(String.init)
            let renamed = words.first.map { version2 ? DriveOrder.v2Keys[$0] ?? (DriveOrder.v2Keys.values.contains($0) ? "" : $0) : $0 }
            guard let first = renamed, let key = Key(rawValue: first), words.count <= 2,
                  words.count == 1 || words[1].lowercased() == "desc" || words[1].lowercased() == "asc" else {
                throw GoogleError.invalidValue("unknown sort key '\(item.trimmingCharacters(in: .whitespaces))'", location: "orderBy")
            }
            keys.append((key, words.count == 2 && words[1].lowercased() == "desc"))
        }
    }

    /// `records` in this order. Sort keys are worked out once per record, and indices are
    /// sorted rather than records.
    func sorted(_ records: [DriveRecord]) -> [DriveRecord] {
        let names = records.map { $0.name.lowercased() }
        let natural = keys.contains { $0.0 == .nameNatural } ? records.map { DriveOrder.naturalChunks($0.name) } : []
        let order = records.indices.sorted { i, j in
            for (key, descending) in keys {
                let order = DriveOrder.compare(key, i, j, records, names, natural)
                if order != 0 { return descending ? order > 0 : order < 0 }
            }
            if records[i].created != records[j].created { return records[i].created < records[j].created }
            return records[i].id < records[j].id
        }
        return order.map { records[$0] }
    }

    /// -1, 0 or 1 as record `i` sorts before, with or after record `j` under `key` ascending.
    private static func compare(_ key: Key, _ i: Int, _ j: Int, _ records: [DriveRecord], _ names: [String], _ natural: [[Chunk]]) -> Int {
        func order<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (x > y ? 1 : 0) }
        switch key {
        case .name: return order(names[i], names[j])
        case .nameNatural:
            for (x, y) in zip(natural[i], natural[j]) where x != y { return x < y ? -1 : 1 }
            return order(natural[i].count, natural[j].count)
        case .folder: return order(records[i].isFolder ? 0 : 1, records[j].isFolder ? 0 : 1)
        case .starred: return order(records[i].starred ? 0 : 1, records[j].starred ? 0 : 1)
        case .createdTime: return order(records[i].created, records[j].created)
        case .modifiedTime, .modifiedByMeTime, .viewedByMeTime: return order(records[i].modified, records[j].modified)
        case .recency:
            return order(max(records[i].created, records[i].modified), max(records[j].created, records[j].modified))
        case .quotaBytesUsed: return order(records[i].size, records[j].size)
        case .sharedWithMeTime: return 0
        }
    }

    /// A piece of a name for natural order: a run of digits (by value) or of anything else.
    enum Chunk: Comparable {
        case number(digits: String)
        case text(String)

        static func < (a: Chunk, b: Chunk) -> Bool {
            switch (a, b) {
            case let (.number(x), .number(y)): return x.count != y.count ? x.count < y.count : x < y
            case (.number, .text): return true
            case (.text, .number): return false
            case let (.text(x), .text(y)): return x < y
            }
        }
    }

    static func naturalChunks(_ name: String) -> [Chunk] {
        var chunks: [Chunk] = []
        var current = ""
        var inDigits = false
        func flush() {
            guard !current.isEmpty else { return }
            if inDigits {
                let trimmed = current.drop { $0 == "0" }
                chunks.append(.number(digits: trimmed.isEmpty ? "0" : String(trimmed)))
            } else {
                chunks.append(.text(current))
            }
            current = ""
        }
        for c in name.lowercased() {
            let digit = c.isASCII && c.isNumber
            if digit != inDigits { flush(); inDigits = digit }
            current.append(c)
        }
        flush()
        return chunks
    }
}
