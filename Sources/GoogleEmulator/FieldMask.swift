import ClerkCore
import Foundation

/// A partial-response selector (`fields=items(id,summary),nextPageToken`): which members of
/// a JSON answer to keep. `a/b` selects inside `a`; `a(b,c)` selects `b` and `c` of `a` (of
/// each item when `a` is a list); `*` keeps everything at its level.
struct FieldMask {
    /// The selected members; a member mapped to nil is kept whole.
    private var members: [String: FieldMask?] = [:]
    private var everything = false

    init(_ text: String) throws(GoogleError) {
        var reader = Reader(bytes: Array(text.utf8))
        self = try reader.list(depth: 0)
        guard reader.at == reader.bytes.count else { throw FieldMask.invalid(text) }
    }

    private init() {}

    /// A client's selector: parsed, then each name checked against the API's schemas
    /// (`fields=files(nmae)` is Google's 400, not an answer without names).
    static func checked(_ text: String, api: API) throws(GoogleError) -> FieldMask {
        try checked(text, vocabulary: FieldVocabulary.of(api))
    }

    /// `checked` against one vocabulary (nil: any name), for an API of two versions (Drive v2).
    static func checked(_ text: String, vocabulary: FieldVocabulary?) throws(GoogleError) -> FieldMask {
        let mask = try FieldMask(text)
        if let vocabulary, let unknown = mask.unknownName(in: vocabulary) {
            throw FieldMask.invalid(unknown)
        }
        return mask
    }

    /// The first name (in order) no schema of the vocabulary has, not looking inside maps.
    func unknownName(in vocabulary: FieldVocabulary) -> String? {
        for key in members.keys.sorted() {
            guard vocabulary.names.contains(key) else { return key }
            if vocabulary.maps.contains(key) { continue }
            if case .some(.some(let inner)) = members[key], let unknown = inner.unknownName(in: vocabulary) { return unknown }
        }
        return nil
    }

    static func invalid(_ text: String) -> GoogleError {
        GoogleError.badRequest("Invalid field selection \(text)", reason: "invalidParameter", location: "fields")
    }

    func apply(to value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items): return .array(items.map(apply))
        case .object(let pairs):
            if everything { return value }
            return .object(pairs.compactMap { key, member in
                guard let selection = members[key] else { return nil }
                return (key, selection.map { $0.apply(to: member) } ?? member)
            })
        default: return value
        }
    }

    /// Adds `path` (names) with `inner` selected at its end.
    private mutating func add(_ path: ArraySlice<String>, inner: FieldMask?) {
        guard let first = path.first else { return }
        if path.count == 1 {
            if let inner, case .some(.some(var existing)) = members[first] {
                existing.merge(inner)
                members[first] = existing
            } else if members[first] == nil || inner == nil {
                members[first] = .some(inner)
            }
            return
        }
        var child: FieldMask
        switch members[first] {
        case .some(.none): return  // already kept whole
        case .some(.some(let existing)): child = existing
        case .none: child = FieldMask()
        }
        child.add(path.dropFirst(), inner: inner)
        members[first] = .some(child)
    }

    private mutating func merge(_ other: FieldMask) {
        everything = everything || other.everything
        for (key, value) in other.members { add([key], inner: value) }
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        var text: String { String(decoding: bytes, as: UTF8.self) }

        mutating func list(depth: Int) throws(GoogleError) -> FieldMask {
            guard depth < 20 else { throw FieldMask.invalid(text) }
            var mask = FieldMask()
            while true {
                skipSpaces()
                var path: [String] = []
                while true {
                    let name = self.name()
                    guard !name.isEmpty else { throw FieldMask.invalid(text) }
                    path.append(name)
                    guard at < bytes.count, bytes[at] == UInt8(ascii: "/") else { break }
                    at += 1
                }
                var inner: FieldMask?
                if at < bytes.count, bytes[at] == UInt8(ascii: "(") {
                    at += 1
                    inner = try list(depth: depth + 1)
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ")") else { throw FieldMask.invalid(text) }
                    at += 1
                }
                if path == ["*"], inner == nil {
                    mask.everything = true
                } else {
                    mask.add(path[...], inner: inner)
                }
                skipSpaces()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ",") else { return mask }
                at += 1
            }
        }

        mutating func skipSpaces() {
            while at < bytes.count, bytes[at] == UInt8(ascii: " ") { at += 1 }
        }

        mutating func name() -> String {
            let start = at
            while at < bytes.count, !"/(),".utf8.contains(bytes[at]) { at += 1 }
            return String(decoding: bytes[start..<at], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
    }
}

/// The opaque `pageToken` of a list: where the next page starts and the change number the
/// listing began at, tied to the query it belongs to so another query cannot use it.
struct PageToken: Equatable {
    var offset: Int
    /// The store's latest change when the first page was made: the sync token a full
    /// listing ends with, so nothing changed while paging is missed.
    var snapshot: Int64
    var query: String

    var text: String {
        Wire.base64URL(Array("\(offset):\(snapshot):\(query)".utf8))
    }

    init(offset: Int, snapshot: Int64, query: String) {
        self.offset = offset
        self.snapshot = snapshot
        self.query = query
    }

    /// Reads a token made for `query`; 400 for anything else.
    init(_ text: String, query: String) throws(GoogleError) {
        guard let bytes = Wire.base64URLDecoded(text) else { throw PageToken.invalid }
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let offset = Int(parts[0]), offset >= 0, let snapshot = Int64(parts[1]), parts[2] == query else {
            throw PageToken.invalid
        }
        self.init(offset: offset, snapshot: snapshot, query: query)
    }

    static let invalid = GoogleError.invalid("Invalid page token value.", location: "pageToken")

    /// One page of `items`: those from the token's offset (or the start), at most `size`, and
    /// the token of the next page when more remain.
    static func page<T>(_ items: [T], token: String?, size: Int, query: String, snapshot: Int64) throws(GoogleError)
        -> (items: ArraySlice<T>, next: String?, snapshot: Int64) {
        let start = try token.map { text throws(GoogleError) in try PageToken(text, query: query) }
        let from = min(start?.offset ?? 0, items.count)
        let to = min(from + size, items.count)
        let snap = start?.snapshot ?? snapshot
        let next = to < items.count ? PageToken(offset: to, snapshot: snap, query: query).text : nil
        return (items[from..<to], next, snap)
    }
}
