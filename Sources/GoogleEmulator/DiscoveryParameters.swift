import Foundation
import LoopbackHTTP

/// The typed and required query parameters the discovery documents give each method, checked
/// before the method runs, as Google's front end checks them before the method looks anything up: a
/// boolean that is not `true`/`false`, an integer that is not a 32-bit number, or an enum
/// value outside its list is 400 (the same for a method the emulator does not serve, and
/// for parameters it accepts without effect, such as `supportsAllDrives=maybe`).
///
/// | API              | answer                                                                         |
/// |------------------|--------------------------------------------------------------------------------|
/// | Calendar, Drive  | 400 `invalidParameter` "Invalid value 'x'. …" with `location` the parameter (a boolean: `invalid` "Invalid boolean value: 'x'.") |
/// | People           | 400 `INVALID_ARGUMENT` "Invalid value at 'page_size' (TYPE_INT32), \"x\"" (`TYPE_BOOL`), as Google's newer front end words it; enums are each method's own check (the message names the enum's type) |
///
/// Ranges (`maxResults` up to 2500, `pageSize` up to 1000) are each method's own check.
enum DiscoveryParameters {
    enum Kind {
        case boolean
        case integer
        case enumeration([String], repeated: Bool)
        /// A string, listed only when it is required.
        case text
    }

    struct Rule {
        var method: String
        var route: Route
        var literals: Int
        var parameters: [(String, Kind, required: Bool)]
    }

    static let rules: [Rule] = table.map { row in
        let route = Route(row.method, row.pattern, scopes: []) { _, _ in HTTPResponse(status: 500) }
        let literals = route.pattern.filter { if case .literal = $0 { return true } else { return false } }.count
        return Rule(method: row.method, route: route, literals: literals, parameters: row.parameters)
    }

    /// The rules by HTTP method and number of path segments, so a request tries only a few.
    static let index: [String: [Rule]] = Dictionary(grouping: rules) { "\($0.method) \($0.route.pattern.count)" }

    /// The typed parameters of the method `request` calls (the most literal pattern wins:
    /// `files/generateIds` over `files/{fileId}`).
    static func parameters(of request: HTTPRequest) -> [(String, Kind, required: Bool)] {
        let method = request.method == "HEAD" ? "GET" : request.method
        return (index["\(method) \(request.segments.count)"] ?? []).filter { $0.route.match(request.segments) != nil }
            .max { $0.literals < $1.literals }?.parameters ?? []
    }

    /// Throws Google's 400 for the first required parameter missing ("Required parameter:
    /// NAME", reason `required`; not asked of a method answered 501) or typed parameter whose
    /// value is not of its type.
    static func check(_ call: Call, requiring: Bool = true) throws(GoogleError) {
        for (name, kind, required) in parameters(of: call.request) {
            if required, requiring, call.request.parameter(name) == nil {
                throw GoogleError.required("Required parameter: \(name)", location: name)
            }
            for value in call.request.parameters(name) {
                switch kind {
                case .text:
                    continue
                case .boolean:
                    if !["true", "false", "1", "0"].contains(value.lowercased()) { throw refusal(call, name, value, type: "TYPE_BOOL") }
                case .integer:
                    if Int32(value.trimmingCharacters(in: .whitespaces)) == nil { throw refusal(call, name, value, type: "TYPE_INT32") }
                case .enumeration(let values, let repeated):
                    // People's methods name each enum's own type in the message; they check their own.
                    if case .people = call.api { continue }
                    let given = repeated ? value.split(separator: ",").map(String.init) : [value]
                    if let wrong = given.first(where: { !values.contains($0) }) {
                        throw GoogleError.invalidParameter(wrong, oneOf: values, location: name)
                    }
                }
            }
        }
    }

    static func refusal(_ call: Call, _ name: String, _ value: String, type: String) -> GoogleError {
        if case .people = call.api {
            let snake = name.reduce(into: "") { text, character in
                if character.isUppercase { text += "_" + character.lowercased() } else { text.append(character) }
            }
            return GoogleError.badRequest("Invalid value at '\(snake)' (\(type)), \"\(value)\"")
        }
        if type == "TYPE_BOOL" {
            return GoogleError.invalidBoolean(value, location: name)
        }
        return GoogleError.invalidParameter(value, must: "Values must be an integer.", location: name)
    }
}
