import ClerkCore
import ClerkLocal
import Foundation
import LoopbackHTTP

/// A fault armed for the next `remaining` requests whose method and path match.
///
/// | mode               | what the client sees                                             |
/// |--------------------|------------------------------------------------------------------|
/// | `status`           | `status` with `reason` in the API's error shape; nothing applied |
/// | `drop-after-apply` | the request applied, then the connection closed without an answer |
/// | `delay`            | the request applied, the answer `delayMs` late                   |
/// | `malformed`        | the request applied, the answer's body cut in half               |
/// | `portal`           | nothing applied; a captive portal's sign-in page (HTML) answers, |
/// |                    | 200 by default, a redirect to it with a 3xx `status`             |
struct Fault {
    enum Mode: String {
        case status, dropAfterApply = "drop-after-apply", delay, malformed, portal
    }

    /// nil matches any method.
    var method: String?
    /// A prefix of the decoded path (`/calendar/v3/calendars/primary/events`).
    var path: String
    var remaining: Int
    var mode: Mode
    var status: Int
    var reason: String
    var delay: Double
    /// Seconds for a `Retry-After` header on a status fault.
    var retryAfter: String?

    init(json: JSONValue) throws(GoogleError) {
        guard let mode = Mode(rawValue: json["mode"]?.stringValue ?? "status") else {
            throw GoogleError.invalid("mode: expected status, drop-after-apply, delay, malformed or portal")
        }
        self.mode = mode
        let method = json["method"]?.stringValue?.uppercased()
        self.method = method == "*" || method == "" ? nil : method
        path = json["path"]?.stringValue ?? "/"
        if !path.hasPrefix("/") { path = "/" + path }
        remaining = json["count"]?.intValue ?? 1
        status = json["status"]?.intValue ?? (mode == .portal ? 200 : 503)
        reason = json["reason"]?.stringValue ?? Fault.defaultReason(status)
        delay = Double(json["delayMs"]?.intValue ?? 0) / 1000
        retryAfter = json["retryAfter"].flatMap { $0.stringValue ?? $0.intValue.map(String.init) }
        guard remaining > 0, (100...599).contains(status) else { throw GoogleError.invalid("count must be positive and status an HTTP status") }
    }

    static func defaultReason(_ status: Int) -> String {
        switch status {
        case 401: return "authError"
        case 403: return "forbidden"
        case 404: return "notFound"
        case 408: return "requestTimeout"
        case 429: return "rateLimitExceeded"
        case 500: return "backendError"
        case 502: return "badGateway"
        case 503: return "backendError"
        default: return "unknown"
        }
    }

    func matches(_ request: HTTPRequest) -> Bool {
        if let method, method != request.method { return false }
        let decoded = "/" + request.segments.joined(separator: "/")
        return decoded.hasPrefix(path) || request.rawPath.hasPrefix(path)
    }

    func errorResponse(api: API, for request: HTTPRequest) -> HTTPResponse {
        var error = GoogleError(status: status, reason: reason, message: Fault.message(status), shape: api.errorShape(for: request))
        if let retryAfter { error.headers.append(("Retry-After", retryAfter)) }
        if api == .oauth {
            return .json(status, JSONValue.object([("error", .string(reason)), ("error_description", .string(error.message))]).serialized(),
                         headers: error.headers)
        }
        return error.response
    }

    /// What a hotel's or a café's network answers for any address before its sign-in:
    /// its own page, or a redirect to it. Google never sees the request.
    var portalResponse: HTTPResponse {
        let page = Array("<!DOCTYPE html><html><head><title>Sign in to Wi-Fi</title></head><body><form action=\"http://portal.invalid/login\">Accept the terms to connect</form></body></html>".utf8)
        var headers = [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]
        if (300..<400).contains(status) { headers.append(("Location", "http://portal.invalid/login")) }
        return HTTPResponse(status: status, headers: headers, body: page)
    }

    static func message(_ status: Int) -> String {
        switch status {
        case 400: return "Bad Request"
        case 401: return "Invalid Credentials"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 410: return "Gone"
        case 429: return "Rate Limit Exceeded"
        case 500: return "Backend Error"
        case 502: return "Bad Gateway"
        case 503: return "The service is currently unavailable."
        case 504: return "Gateway Timeout"
        default: return "Error \(status)"
        }
    }

    var json: JSONValue {
        .object([
            ("method", .string(orNull: method)), ("path", .string(path)), ("count", .number(Double(remaining))),
            ("mode", .string(mode.rawValue)), ("status", .number(Double(status))), ("reason", .string(reason)),
            ("delayMs", .number(delay * 1000)),
        ])
    }
}

/// The requests the emulator saw, newest last, with secrets in the query replaced; the
/// oldest are dropped beyond `limit` so a long benchmark does not grow without end.
struct RequestLog {
    static let limit = 20_000
    static let secretParameters: Set<String> = ["access_token", "code", "refresh_token", "client_secret", "code_verifier", "token", "key"]

    struct Entry {
        var method: String
        var path: String
        var query: String
        var status: Int
        var bytes: Int
    }

    private(set) var entries: [Entry] = []

    mutating func append(_ request: HTTPRequest, status: Int, bytes: Int) {
        let query = request.query.map { name, value in
            name + "=" + (RequestLog.secretParameters.contains(name) ? "REDACTED" : value)
        }.joined(separator: "&")
        entries.append(Entry(method: request.method, path: "/" + request.segments.joined(separator: "/"), query: query,
                             status: status, bytes: bytes))
        if entries.count > RequestLog.limit { entries.removeFirst(entries.count - RequestLog.limit / 2) }
    }

    mutating func clear() { entries = [] }

    var json: JSONValue {
        ["requests": .array(entries.map {
            .object([("method", .string($0.method)), ("path", .string($0.path)), ("query", .string($0.query)),
                     ("status", .number(Double($0.status))), ("bytes", .number(Double($0.bytes)))])
        })]
    }
}

extension Emulator {
    /// The first armed fault for `request`, counted down.
    func takeFault(for request: HTTPRequest) -> Fault? {
        guard let index = faults.firstIndex(where: { $0.matches(request) }) else { return nil }
        let fault = faults[index]
        faults[index].remaining -= 1
        if faults[index].remaining <= 0 { faults.remove(at: index) }
        return fault
    }

    /// The control paths under `/_emulator/`, for tests (no sign-in needed):
    ///
    /// | path                               | does                                          |
    /// |------------------------------------|-----------------------------------------------|
    /// | `POST /_emulator/faults`           | arms a fault (or `{"faults": […]}`)           |
    /// | `GET`/`DELETE /_emulator/faults`   | lists or clears the armed faults              |
    /// | `POST /_emulator/reset`            | clears faults, data, uploads and the log      |
    /// | `GET`/`DELETE /_emulator/requests` | lists or clears the requests seen             |
    /// | `POST /_emulator/sync-tokens/expire` | every sync token made so far is refused     |
    /// | `POST /_emulator/tokens/expire`    | every access token made so far has expired    |
    /// | `POST /_emulator/scopes`           | `{"scopes": […]}` grants at most these (null: all asked) |
    /// | `POST /_emulator/consent`          | `{"deny": true}` makes sign-in answer `access_denied` |
    /// | `POST /_emulator/token`            | `{"scopes": […]}` mints an access token, for changes behind a client's back |
    /// | `POST /_emulator/search-warmup`    | `{"required": true}`: contact searches answer from the contacts as they were at the last warm-up (an empty query), nobody before the first; `false` (the default): always from the contacts as they are |
    func control(_ request: HTTPRequest) -> HTTPResponse {
        let path = request.segments.dropFirst().joined(separator: "/")
        do {
            // Whatever the Content-Type says: `curl -d '{…}'` sends JSON labelled as a form.
            let body = request.body.isEmpty ? JSONValue.object([]) : try jsonObject(request.body)
            switch (request.method, path) {
            case ("POST", "faults"):
                let list = body["faults"]?.arrayValue ?? [body]
                for item in list { faults.append(try Fault(json: item)) }
                return .json(200, JSONValue.object([("armed", .number(Double(faults.count)))]).serialized())
            case ("GET", "faults"):
                return .json(200, JSONValue.object([("faults", .array(faults.map(\.json)))]).serialized())
            case ("DELETE", "faults"):
                faults = []
                return .json(200, "{}")
            case ("POST", "reset"):
                faults = []
                searchIndex = searchIndex.map { _ in SearchIndex() }
                requestLog.clear()
                try withStore { _ in try resetData() }
                return .json(200, "{}")
            case ("GET", "requests"):
                return .json(200, requestLog.json.serialized())
            case ("DELETE", "requests"):
                requestLog.clear()
                return .json(200, "{}")
            case ("POST", "sync-tokens/expire"):
                syncTokensValidFrom = try withStore { try $0.latestVersion() } + 1
                return .json(200, "{}")
            case ("POST", "tokens/expire"):
                oauth.expireAccessTokens(at: now)
                oauth.save(to: store)
                return .json(200, "{}")
            case ("POST", "scopes"):
                oauth.scopeLimit = body["scopes"]?.arrayValue.map { Set($0.compactMap(\.stringValue)) }
                return .json(200, "{}")
            case ("POST", "consent"):
                oauth.denyConsent = body["deny"]?.boolValue ?? false
                return .json(200, "{}")
            case ("POST", "search-warmup"):
                searchIndex = body["required"]?.boolValue == true ? SearchIndex() : nil
                return .json(200, "{}")
            case ("POST", "token"):
                let scopes = body["scopes"]?.arrayValue?.compactMap(\.stringValue) ?? OAuthState.allScopes
                let token = oauth.mint(scopes: scopes, clientID: "emulator-control", now: now, lifetime: configuration.tokenLifetime)
                oauth.save(to: store)
                return .json(200, JSONValue.object([("access_token", .string(token.access)), ("refresh_token", .string(token.refresh)),
                                                    ("expires_in", .number(configuration.tokenLifetime))]).serialized())
            default:
                return GoogleError.notFound("No control path \(request.method) /_emulator/\(path)").response
            }
        } catch {
            return error.response
        }
    }
}
