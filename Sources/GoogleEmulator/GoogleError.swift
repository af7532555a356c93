import ClerkCore
import Foundation
import LoopbackHTTP

/// An error answer in Google's JSON shapes.
///
/// Calendar and Drive use the legacy shape, `{"error": {"errors": [{domain, reason, message,
/// location?, locationType?}], code, message}}`; People uses the newer one, with `status`
/// (the canonical gRPC name) and `details` holding a `google.rpc.ErrorInfo` with the reason,
/// and no `errors` list. A sign-in failure in the legacy shape has both: the `errors` list
/// (with the short message Google gives each reason) and `status` with `details`, as
/// Google's front end answers it for every API.
///
/// The standard parameter `$.xgafv` picks Google's error format: `2` (or none) is each API's
/// own as above, `1` adds the `errors` list to the newer shape (People), as Google's front
/// end does for the APIs born with that shape; the legacy shape keeps its list whatever the
/// value (as Drive's does, measured). A value other than `1` or `2` is refused before
/// anything else (`invalidErrorFormat`).
struct GoogleError: Error {
    enum Shape {
        /// `service` names the API in a sign-in failure's ErrorInfo.
        case legacy(service: String?)
        /// `legacyErrors`: with the legacy `errors` list too (`$.xgafv=1`).
        case rpc(service: String, legacyErrors: Bool)
    }

    var status: Int
    var reason: String
    var message: String
    /// The `errors` item's domain; nil for none (the newer front end's refusal of a typed
    /// value has none).
    var domain: String? = "global"
    var location: String?
    var locationType: String?
    var shape = Shape.legacy(service: nil)
    var headers: [(String, String)] = []
    /// The rpc shape's `status` when it is not the usual one for the HTTP status: People
    /// answers a stale etag or an expired sync token with 400 `FAILED_PRECONDITION`.
    var canonicalStatus: String?

    /// The canonical gRPC status name of an HTTP status.
    static func rpcStatus(_ status: Int) -> String {
        switch status {
        case 400: return "INVALID_ARGUMENT"
        case 401: return "UNAUTHENTICATED"
        case 403: return "PERMISSION_DENIED"
        case 404: return "NOT_FOUND"
        case 409: return "ALREADY_EXISTS"
        case 410: return "NOT_FOUND"
        case 412: return "FAILED_PRECONDITION"
        case 429: return "RESOURCE_EXHAUSTED"
        case 501: return "UNIMPLEMENTED"
        case 503: return "UNAVAILABLE"
        case 504: return "DEADLINE_EXCEEDED"
        default: return status >= 500 ? "INTERNAL" : "UNKNOWN"
        }
    }

    var json: JSONValue {
        switch shape {
        case .legacy(let service):
            let auth = GoogleError.rpcAuthReason(status: status, reason: reason)
            var members: [(String, JSONValue)] = [("errors", [legacyItem]), ("code", .number(Double(status))), ("message", .string(message))]
            if let auth {
                members.append(("status", .string(GoogleError.rpcStatus(status))))
                var info: [(String, JSONValue)] = [("@type", "type.googleapis.com/google.rpc.ErrorInfo"), ("reason", .string(auth.reason)),
                                                   ("domain", .string(auth.domain))]
                if let service { info.append(("metadata", ["service": .string(service)])) }
                members.append(("details", [.object(info)]))
            }
            return ["error": .object(members)]
        case .rpc(let service, let legacyErrors):
            var info: [(String, JSONValue)] = [("@type", "type.googleapis.com/google.rpc.ErrorInfo")]
            if let auth = GoogleError.rpcAuthReason(status: status, reason: reason) {
                info += [("reason", .string(auth.reason)), ("domain", .string(auth.domain)), ("metadata", ["service": .string(service)])]
            } else {
                info += [("reason", .string(reason)), ("domain", .string(service))]
            }
            var members: [(String, JSONValue)] = [("code", .number(Double(status))), ("message", .string(message))]
            if legacyErrors { members.append(("errors", [legacyItem(reason: GoogleError.legacyReason(canonicalStatus ?? GoogleError.rpcStatus(status)) ?? reason)])) }
            members += [("status", .string(canonicalStatus ?? GoogleError.rpcStatus(status))), ("details", [.object(info)])]
            return ["error": .object(members)]
        }
    }

    /// The legacy reason Google's front end gives a canonical status in the `errors` list of
    /// a newer API's error under `$.xgafv=1` (People answers an invalid argument with
    /// `"reason": "badRequest"`, whatever its own reason); nil keeps the error's own (sign-in
    /// failures, whose items have their reasons of old).
    static func legacyReason(_ canonical: String) -> String? {
        switch canonical {
        case "INVALID_ARGUMENT": return "badRequest"
        case "FAILED_PRECONDITION": return "failedPrecondition"
        case "NOT_FOUND": return "notFound"
        case "ALREADY_EXISTS": return "alreadyExists"
        case "RESOURCE_EXHAUSTED": return "rateLimitExceeded"
        case "UNIMPLEMENTED": return "notImplemented"
        case "INTERNAL", "UNAVAILABLE": return "backendError"
        case "DEADLINE_EXCEEDED": return "deadlineExceeded"
        default: return nil
        }
    }

    /// The legacy shape's `errors` item: `{domain, reason, message, locationType?, location?}`
    /// (a sign-in failure with the short message Google gives its reason).
    var legacyItem: JSONValue { legacyItem(reason: reason) }

    func legacyItem(reason: String) -> JSONValue {
        let auth = GoogleError.rpcAuthReason(status: status, reason: reason)
        let itemMessage = auth.flatMap { _ in GoogleError.legacyAuthMessages[reason] } ?? message
        var item: [(String, JSONValue)] = []
        if let domain { item.append(("domain", .string(domain))) }
        item += [("reason", .string(reason)), ("message", .string(itemMessage))]
        if let locationType { item.append(("locationType", .string(locationType))) }
        if let location { item.append(("location", .string(location))) }
        return .object(item)
    }

    /// The ErrorInfo reason and domain newer APIs give a sign-in failure, in place of the
    /// legacy reasons the emulator's token check throws (`required`, `authError`,
    /// `insufficientPermissions`): Google reports those from `googleapis.com` itself.
    static func rpcAuthReason(status: Int, reason: String) -> (reason: String, domain: String)? {
        switch (status, reason) {
        case (401, "required"): return ("CREDENTIALS_MISSING", "googleapis.com")
        case (401, "authError"): return ("ACCESS_TOKEN_TYPE_UNSUPPORTED", "googleapis.com")
        case (403, "insufficientPermissions"): return ("ACCESS_TOKEN_SCOPE_INSUFFICIENT", "googleapis.com")
        default: return nil
        }
    }

    /// The message of a sign-in failure's `errors` item in the legacy shape.
    static let legacyAuthMessages = ["required": "Login Required.", "authError": "Invalid Credentials",
                                     "insufficientPermissions": "Insufficient Permission"]

    var response: HTTPResponse {
        HTTPResponse.json(status, json.serialized(), headers: headers)
    }

    // MARK: Common errors

    static func notFound(_ message: String = "Not Found") -> GoogleError {
        GoogleError(status: 404, reason: "notFound", message: message)
    }

    static func badRequest(_ message: String, reason: String = "badRequest", location: String? = nil) -> GoogleError {
        GoogleError(status: 400, reason: reason, message: message, location: location, locationType: location.map { _ in "parameter" })
    }

    static func invalid(_ message: String, location: String? = nil) -> GoogleError {
        badRequest(message, reason: "invalid", location: location)
    }

    /// Drive's refusal of a parameter's value (a `q` it cannot read, an unknown sort key or
    /// space): Google says only "Invalid Value"; what is wrong goes in the emulator's own
    /// `X-Google-Emulator-Detail` header, for the person debugging a client.
    static func invalidValue(_ detail: String, location: String) -> GoogleError {
        var error = invalid("Invalid Value", location: location)
        error.headers = [("X-Google-Emulator-Detail", detail.filter { $0.asciiValue.map { (0x20..<0x7F).contains($0) } ?? false })]
        return error
    }

    /// The legacy front end's refusal of a query parameter's value (`invalidParameter`, the
    /// parameter as its location): "Invalid value 'x'. " and what the values must be.
    static func invalidParameter(_ value: String, must rule: String, location: String) -> GoogleError {
        badRequest("Invalid value '\(value)'. \(rule)", reason: "invalidParameter", location: location)
    }

    /// A boolean query parameter that is neither `true` nor `false` (reason `invalid`).
    static func invalidBoolean(_ value: String, location: String) -> GoogleError {
        invalid("Invalid boolean value: '\(value)'.", location: location)
    }

    /// `invalidParameter` for a value outside an enum's values, quoting them as Google does.
    static func invalidParameter(_ value: String, oneOf values: [String], location: String) -> GoogleError {
        invalidParameter(value, must: "Values must match the following regular expression: '(\(values.joined(separator: "|")))'", location: location)
    }

    static func required(_ message: String, location: String? = nil) -> GoogleError {
        badRequest(message, reason: "required", location: location)
    }

    /// Calendar's answer to an end not after the start, in its own domain.
    static func timeRangeEmpty(location: String? = nil) -> GoogleError {
        var error = badRequest("The specified time range is empty.", reason: "timeRangeEmpty", location: location)
        error.domain = "calendar"
        return error
    }

    static let deleted = GoogleError(status: 410, reason: "deleted", message: "Resource has been deleted")
    static let conditionNotMet = GoogleError(status: 412, reason: "conditionNotMet", message: "Precondition Failed",
                                             location: "If-Match", locationType: "header")
    /// A request target with a broken `%` escape or bytes that are not UTF-8.
    static let malformedTarget = GoogleError(status: 400, reason: "badRequest",
                                             message: "Your client has issued a malformed or illegal request: the URL has an invalid percent-escape or is not UTF-8.")
    static let parseError = GoogleError(status: 400, reason: "parseError", message: "Parse Error")
    /// Google's answer to a recurrence by the hour, minute or second: its generic 500.
    static let subDailyRecurrence = GoogleError(status: 500, reason: "backendError", message: "Backend Error")
    static let methodNotAllowed = GoogleError(status: 405, reason: "httpMethodNotAllowed", message: "Method Not Allowed")

    /// A `$.xgafv` other than `1` or `2`, refused ahead of the token and every other check,
    /// in the words Google's front end uses for a system parameter (measured).
    static func invalidErrorFormat(_ value: String) -> GoogleError {
        badRequest("Invalid query parameters. Invalid value '\(value)' for system query parameter : $.xgafv")
    }

    /// A failure of the store behind the emulator, as Google's backend error.
    static func backend(_ error: any Error) -> GoogleError {
        if let error = error as? GoogleError { return error }
        if case ServiceError.invalid(let problem)? = error as? ServiceError {
            // In Google's words: Swift's description of the case reached clients
            // ("Invalid value: badRecurrence(\"RRULE:FREQ=MINUTELY;COUNT=5\")").
            switch problem {
            case .badRecurrence: return .invalid("Invalid recurrence rule.")
            case .unknownTimeZone: return .invalid("Invalid time zone definition.")
            case .endsBeforeStart: return .timeRangeEmpty()
            default: return .invalid("Invalid value.")
            }
        }
        return GoogleError(status: 500, reason: "backendError", message: "Backend Error")
    }

    /// Any error in the same API's shape as `self`.
    func shaped(like other: Shape) -> GoogleError {
        var copy = self
        copy.shape = other
        return copy
    }
}

/// Reads a request body as the JSON object an API method takes: 400 `parseError` for a form
/// body (Google's JSON APIs do not read one), for anything that is not a JSON object, and
/// for text that is not UTF-8 (read as it was, it would be stored with U+FFFD in place of
/// each bad byte).
func jsonBody(_ request: HTTPRequest) throws(GoogleError) -> JSONValue {
    guard !request.body.isEmpty else { return .object([]) }
    if request.header("content-type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
        throw GoogleError(status: 400, reason: "parseError", message: "This API does not support parsing form-encoded input.")
    }
    return try jsonObject(request.body)
}

/// One JSON object from UTF-8 bytes (a request body, an upload's metadata part); 400
/// `parseError` otherwise.
func jsonObject(_ bytes: [UInt8]) throws(GoogleError) -> JSONValue {
    guard String(validating: bytes, as: UTF8.self) != nil, !hasLoneSurrogate(bytes), let value = try? JSONValue.parse(bytes: bytes), value.objectValue != nil else {
        throw GoogleError.parseError
    }
    return value
}

/// True when a `\uXXXX` escape in JSON text is half of a surrogate pair without its other
/// half (`"\ud800"`): no character, so the reader would store U+FFFD in its place.
func hasLoneSurrogate(_ bytes: [UInt8]) -> Bool {
    func hex(_ at: Int) -> Int? {
        guard at + 4 <= bytes.count, let value = Int(String(decoding: bytes[at..<(at + 4)], as: UTF8.self), radix: 16) else { return nil }
        return value
    }
    var at = 0
    var pendingHigh = false
    while at < bytes.count {
        guard bytes[at] == UInt8(ascii: "\\"), at + 1 < bytes.count else {
            if pendingHigh { return true }
            at += 1
            continue
        }
        if bytes[at + 1] == UInt8(ascii: "u"), let code = hex(at + 2) {
            let isHigh = (0xD800...0xDBFF).contains(code), isLow = (0xDC00...0xDFFF).contains(code)
            if pendingHigh != isLow { return true }
            pendingHigh = isHigh
            at += 6
        } else {
            if pendingHigh { return true }
            at += 2
        }
    }
    return pendingHigh
}
