import ClerkCore
import Foundation
import LoopbackHTTP

/// Which of Google's services a path belongs to: it decides the error shape and the name
/// in error details.
enum API {
    case oauth, calendar, drive, people, control

    var errorShape: GoogleError.Shape {
        switch self {
        case .people: return .rpc(service: "people.googleapis.com", legacyErrors: false)
        case .calendar: return .legacy(service: "calendar-json.googleapis.com")
        case .drive: return .legacy(service: "drive.googleapis.com")
        case .oauth, .control: return .legacy(service: nil)
        }
    }

    /// The error shape of an answer to `request`: the API's, in the format its `$.xgafv`
    /// asks for (the last one given, as Google reads it; `1` adds People's `errors` list).
    func errorShape(for request: HTTPRequest) -> GoogleError.Shape {
        guard case .rpc(let service, _) = errorShape else { return errorShape }
        return .rpc(service: service, legacyErrors: request.parameters("$.xgafv").last == "1")
    }

    /// The service a path is under.
    static func of(_ segments: [String]) -> API {
        if segments.first == "batch" { return segments.dropFirst().first.map { API.of([$0]) } ?? .people }
        switch segments.first {
        case "calendar": return .calendar
        case "drive", "upload", "resumable": return .drive
        case "v1": return .people
        case "_emulator": return .control
        default: return .oauth
        }
    }
}

/// One method of an API: the HTTP method, a path pattern, the scopes any one of which
/// allows it (from the discovery documents), and what it does.
///
/// A pattern is `/`-separated: literal segments, `{name}` captures, and `{name}:verb`
/// captures of a segment that ends in `:verb` (People's `people/c1:updateContact`).
struct Route: Sendable {
    typealias Handler = @Sendable (Emulator, Call) throws -> HTTPResponse

    var method: String
    var pattern: [Part]
    var scopes: [String]
    /// False for a method answered 501 (its required parameters are then not asked for).
    var isServed = true
    /// Throws a `GoogleError` (anything else is a backend error).
    var run: Handler

    enum Part: Sendable {
        case literal(String)
        case capture(String, suffix: String)
    }

    init(_ method: String, _ pattern: String, scopes: [String], _ run: @escaping Handler) {
        self.method = method
        self.pattern = pattern.split(separator: "/").map { segment in
            guard segment.hasPrefix("{"), let close = segment.firstIndex(of: "}") else { return .literal(String(segment)) }
            let name = String(segment[segment.index(after: segment.startIndex)..<close])
            return .capture(name, suffix: String(segment[segment.index(after: close)...]))
        }
        self.scopes = scopes.map { $0.hasPrefix("https://") ? $0 : "https://www.googleapis.com/auth/" + $0 }
        self.run = run
    }

    /// The captured values when `segments` fit the pattern.
    func match(_ segments: [String]) -> [String: String]? {
        guard segments.count == pattern.count else { return nil }
        var captures: [String: String] = [:]
        for (part, segment) in zip(pattern, segments) {
            switch part {
            case .literal(let text):
                guard segment == text else { return nil }
            case .capture(let name, let suffix):
                guard segment.hasSuffix(suffix), segment.count > suffix.count else { return nil }
                captures[name] = String(segment.dropLast(suffix.count))
            }
        }
        return captures
    }
}

/// A request on its way through a route: the request, what the path captured, and the
/// access token it was authorized with.
struct Call {
    var request: HTTPRequest
    var captures: [String: String]
    var api: API

    subscript(capture name: String) -> String { captures[name] ?? "" }

    func parameter(_ name: String) -> String? { request.parameter(name) }

    /// A boolean query parameter (`true`/`false`); nil when absent, 400 when it is neither.
    func flag(_ name: String) throws(GoogleError) -> Bool? { try Call.flag(request, name) }

    /// `flag` of a request (an upload session reads its starting request's).
    static func flag(_ request: HTTPRequest, _ name: String) throws(GoogleError) -> Bool? {
        guard let text = request.parameter(name) else { return nil }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw GoogleError.invalidBoolean(text, location: name)
        }
    }

    /// An integer query parameter in `range`; nil when absent, 400 when it is not a number
    /// or outside the range.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(GoogleError) -> Int? {
        guard let text = parameter(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw GoogleError.invalidParameter(text, must: "Values must be within the range: [\(range.lowerBound), \(range.upperBound)]", location: name)
        }
        return value
    }
}

extension HTTPResponse {
    /// A JSON value as the answer, through the `fields` selector of the call when it has one.
    /// An empty `fields=` selects nothing, `{}`, as Google's front end answers it for every
    /// API (measured on Drive; it was the whole resource here).
    static func json(_ value: JSONValue, for call: Call, status: Int = 200) throws(GoogleError) -> HTTPResponse {
        var shown = value
        if let fields = call.parameter("fields"), fields.allSatisfy(\.isWhitespace) { return .json(status, "{}") }
        if let fields = call.parameter("fields") {
            shown = try FieldMask.checked(fields, api: call.api).apply(to: value)
        }
        return .json(status, shown.serialized())
    }
}
