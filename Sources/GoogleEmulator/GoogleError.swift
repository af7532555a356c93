import ClerkCore
import Foundation
import LoopbackHTTP

/// An error answer in Google's JSON shapes.
///
/// Calendar and Drive use the legacy shape, `{"error": {"errors": [{domain, reason, message,
/// location?, locationType?}], code, message}}`; People uses the newer one, with `status`
/// (the canonical gRPC name) and `details` holding a `google.rpc.ErrorInfo` with the reason,
/// and no `errors` list.
struct GoogleError: Error {
    enum Shape {
        case legacy
        case rpc(service: String)
    }

    var status: Int
    var reason: String
    var message: String
    var domain = "global"
    var location: String?
    var locationType: String?
    var shape = Shape.legacy
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
        case .legacy:
            var item: [(String, JSONValue)] = [("domain", .string(domain)), ("reason", .string(reason)), ("message", .string(message))]
            if let locationType { item.append(("locationType", .string(locationType))) }
            if let location { item.append(("location", .string(location))) }
            return ["error": .object([("errors", .array([.object(item)])), ("code", .number(Double(status))), ("message", .string(message))])]
        case .rpc(let service):
            var info: [(String, JSONValue)] = [("@type", "type.googleapis.com/google.rpc.ErrorInfo")]
            if let auth = GoogleError.rpcAuthReason(status: status, reason: reason) {
                info += [("reason", .string(auth.reason)), ("domain", .string(auth.domain)), ("metadata", ["service": .string(service)])]
            } else {
                info += [("reason", .string(reason)), ("domain", .string(service))]
            }
            return ["error": .object([
                ("code", .number(Double(status))), ("message", .string(message)),
                ("status", .string(canonicalStatus ?? GoogleError.rpcStatus(status))),
                ("details", [.object(info)]),
            ])]
        }
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

    static func required(_ message: String, location: String? = nil) -> GoogleError {
        badRequest(message, reason: "required", location: location)
    }

    static let deleted = GoogleError(status: 410, reason: "deleted", message: "Resource has been deleted")
    static let conditionNotMet = GoogleError(status: 412, reason: "conditionNotMet", message: "Precondition Failed",
                                             location: "If-Match", locationType: "header")
    static let parseError = GoogleError(status: 400, reason: "parseError", message: "Parse Error")

    /// A failure of the store behind the emulator, as Google's backend error.
    static func backend(_ error: any Error) -> GoogleError {
        if let error = error as? GoogleError { return error }
        if case ServiceError.invalid(let problem)? = error as? ServiceError {
            return .invalid("Invalid value: \(problem)")
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

/// Reads a request body as the JSON object an API method takes.
func jsonBody(_ request: HTTPRequest) throws(GoogleError) -> JSONValue {
    guard !request.body.isEmpty else { return .object([]) }
    guard let value = try? JSONValue.parse(bytes: request.body), value.objectValue != nil else { throw GoogleError.parseError }
    return value
}
