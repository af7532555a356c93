package import ClerkCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Why a Google call failed, in the terms the backend decides on; it becomes a
/// `ServiceError` at the edge of the services.
package enum APIFailure: Error, Equatable {
    /// No answer.
    case transport(TransportError)
    /// An error answer: the status, Google's reason and `Retry-After` in seconds.
    case answered(status: Int, reason: String?, retryAfter: Double?)
    /// A success answer whose body is not what the API promises.
    case malformed
    /// Already typed (a refresh that failed, a missing sign-in).
    case service(ServiceError)

    /// True when the failure says Google could not be reached or kept failing, so a change
    /// is worth keeping to send later; false when Google refused it for what it is.
    package var isWorthWaiting: Bool {
        switch self {
        case .transport(let error):
            if case .cancelled = error { return false }
            if case .failed = error { return false }
            if case .libraryMissing = error { return false }
            if case .answerTooLarge = error { return false }
            return true
        case .answered(let status, let reason, _): return RetryPolicy.isRetryable(status: status, reason: reason)
        case .malformed: return false
        case .service(let error):
            // A refresh of the access token that could not reach Google (an hour offline),
            // as much as the call behind it.
            switch error {
            case .signInNeeded, .unreachable, .networkSignIn, .timedOut, .rateLimited: return true
            case .refused(let status, _): return status >= 500
            default: return false
            }
        }
    }

    /// True when a change waiting in the outbox stays there: `isWorthWaiting`, or an answer
    /// that could not be read — of the change's own request (Google may have made it: an
    /// insert is sent again under its id, and a 409 then says it went through) or of the
    /// token refresh before it. Such a change was dropped, said "Nothing changed", and lost.
    package var keepsAChangeWaiting: Bool {
        isWorthWaiting || isUnreadable
    }

    /// An answer clerk could not read: not what the API promises (the token refresh's
    /// too), or larger than clerk reads.
    package var isUnreadable: Bool {
        switch self {
        case .malformed, .service(.malformedResponse), .transport(.answerTooLarge), .service(.answerTooLarge): return true
        default: return false
        }
    }

    /// The failure as the conversation explains it. `mayHaveApplied` says a broken
    /// connection leaves a change unknown rather than not made.
    package func serviceError(mayHaveApplied: Bool) -> ServiceError {
        switch self {
        case .transport(.unreachable): return .unreachable
        // A timeout before any connection was made is Google out of reach, not slow.
        case .transport(.timedOut(let arrived)): return !arrived ? .unreachable : mayHaveApplied ? .outcomeUnknown : .timedOut
        case .transport(.connectionLost): return mayHaveApplied ? .outcomeUnknown : .unreachable
        case .transport(.cancelled(let arrived)): return arrived && mayHaveApplied ? .cancelledAfterSending : .cancelled
        case .transport(.failed): return .unreachable
        case .transport(.libraryMissing): return .libraryMissing(.curl)
        case .transport(.intercepted): return .networkSignIn
        case .transport(.answerTooLarge(let limit)): return .answerTooLarge(limit: limit)
        case .answered(401, _, _): return .signInNeeded(.expired)
        case .answered(403, "insufficientPermissions"?, _), .answered(403, "ACCESS_TOKEN_SCOPE_INSUFFICIENT"?, _):
            return .insufficientScope(missing: [])
        case .answered(let status, let reason, let retryAfter) where status == 429 || RetryPolicy.isRetryable(status: status, reason: reason) && status == 403:
            return .rateLimited(retryAfter: retryAfter)
        case .answered(let status, let reason, _): return .refused(status: status, reason: reason ?? "error")
        case .malformed: return .malformedResponse
        case .service(let error): return error
        }
    }
}

/// Authorized calls to Google's APIs: the bearer token added (refreshed when it is about to
/// expire, and once more after a 401), the retry policy applied with an injected sleep, and
/// the answer's JSON read.
package final class GoogleTransport {
    package let client: HTTPClient
    package let endpoints: GoogleEndpoints
    let oauth: OAuthClient
    let tokenStore: TokenStore
    package private(set) var tokens: GoogleTokens
    let now: NowProvider
    /// How patient requests are: a write's by default, another inside `with(_:_:)`.
    private(set) var policy: RetryPolicy
    /// Waits between attempts; tests pass one that does not.
    let sleep: (Double) -> Void
    /// A draw from [0, 1) for the backoff's jitter.
    let random: () -> Double
    /// Seconds on a clock that only goes forward (`monotonicSeconds`): what a sync's budget
    /// is measured on. Not the time of day, which `now` gives.
    let clock: () -> Double
    /// When the requests inside `with(_:within:_:)` must be done, on `clock`; nil: no limit
    /// beyond each request's own.
    private var deadline: Double?
    /// Requests sent and bytes moved, both ways, since this transport was made.
    package private(set) var requestCount = 0
    package private(set) var bytesMoved = 0

    /// Refreshes when fewer than this many seconds are left (google-auth's threshold).
    static let refreshMargin: Double = 225

    package init(client: HTTPClient, endpoints: GoogleEndpoints, oauth: OAuthClient, tokenStore: TokenStore, tokens: GoogleTokens,
                 now: NowProvider, policy: RetryPolicy = RetryPolicy(), sleep: @escaping (Double) -> Void = GoogleTransport.interruptibleSleep,
                 random: @escaping () -> Double = { Double.random(in: 0..<1) }, clock: @escaping () -> Double = GoogleTransport.monotonicSeconds) {
        self.client = client
        self.endpoints = endpoints
        self.oauth = oauth
        self.tokenStore = tokenStore
        self.tokens = tokens
        self.now = now
        self.policy = policy
        self.sleep = sleep
        self.random = random
        self.clock = clock
    }

    /// Seconds since some fixed moment (the boot), never going back.
    package static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Sleeps `seconds` in short steps, ending early when Ctrl-C cancels network calls.
    package static func interruptibleSleep(_ seconds: Double) {
        var left = seconds
        while left > 0, !HTTPClient.isCancelled {
            let step = min(left, 0.05)
            usleep(useconds_t(step * 1_000_000))
            left -= step
        }
    }

    /// Runs `body` with the requests in it under `patience` (`RetryPolicy.read` for a sync
    /// before an answer, `.flush` for the outbox sent before a request).
    func with<T>(_ patience: RetryPolicy, _ body: () throws -> T) rethrows -> T {
        let saved = policy
        policy = patience
        defer { policy = saved }
        return try body()
    }

    /// `with(_:_:)`, every request inside done within `budget` seconds in all (a sync's
    /// pages): past it the next stops as a timeout, and a request under way is cut at it.
    /// An enclosing budget that ends sooner stands.
    func with<T>(_ patience: RetryPolicy, within budget: Double, _ body: () throws -> T) rethrows -> T {
        try within(budget) { try with(patience, body) }
    }

    /// `body` under the patience in force, its requests done within `budget` seconds in all.
    func within<T>(_ budget: Double, _ body: () throws -> T) rethrows -> T {
        let saved = deadline
        deadline = min(saved ?? .infinity, clock() + budget)
        defer { deadline = saved }
        return try body()
    }

    /// The seconds left before the deadline; a timeout once none are left.
    private func secondsLeft() throws(APIFailure) -> Double? {
        guard let deadline else { return nil }
        let left = deadline - clock()
        // Reached only once requests took the time: Google slow, not out of reach.
        guard left >= 0.01 else { throw .transport(.timedOut(mayHaveArrived: true)) }  // (libcurl reads 0 ms as no limit)
        return left
    }

    /// Remembers a new account name in the tokens (and the token file).
    package func setAccount(_ account: String) throws(ServiceError) {
        tokens.account = account
        try tokenStore.save(tokens)
    }

    private func refreshTokens() throws(APIFailure) {
        do {
            tokens = try oauth.refresh(tokens, client: client, now: now.now())
            try tokenStore.save(tokens)
        } catch {
            throw .service(error)
        }
    }

    /// Sends `call` with the bearer token until it succeeds or the policy gives up; returns
    /// a 2xx answer. When an earlier try may have been carried out and the last never
    /// reached Google, the failure says the connection was lost, not that Google was out of
    /// reach: the request may have been applied.
    package func send(_ call: HTTPCall) throws(APIFailure) -> HTTPAnswer {
        if tokens.expiry.timeIntervalSince(now.now()) < GoogleTransport.refreshMargin { try refreshTokens() }
        var attempt = 1
        var refreshed = false
        var waited = 0.0
        var appliedBefore = false
        while true {
            var authorized = call
            authorized.headers.append(("Authorization", "Bearer " + tokens.accessToken))
            if let limit = policy.tryTimeout { authorized.timeout = min(limit, call.timeout ?? limit) }
            if let left = try secondsLeft() { authorized.timeout = min(left, authorized.timeout ?? left) }
            let outcome: RetryPolicy.Outcome
            let failure: APIFailure
            switch Result(catching: { () throws(TransportError) -> HTTPAnswer in try client.send(authorized) }) {
            case .success(let answer):
                requestCount += 1
                bytesMoved += answer.bytesSent + answer.bytesReceived
                // A web page for a write (a DELETE answers nothing) is a captive portal's: the
                // write never reached Google. (A GET's may be a file's own HTML.)
                if (200..<300).contains(answer.status), call.method != "GET", GoogleTransport.isWebPage(answer) { throw .transport(.intercepted) }
                if (200..<300).contains(answer.status) || answer.status == 304 || answer.status == 308 { return answer }
                // Google's APIs answer, they do not redirect: a network between them did.
                if (300..<400).contains(answer.status) { throw .transport(.intercepted) }
                if answer.status == 401, !refreshed {
                    refreshed = true
                    try refreshTokens()
                    continue
                }
                let reason = GoogleTransport.reason(of: answer.body)
                if answer.status == 403, reason == "insufficientPermissions" || reason == "ACCESS_TOKEN_SCOPE_INSUFFICIENT" {
                    throw .service(.insufficientScope(missing: endpoints.scope(for: call.url, method: call.method).map { [$0] } ?? []))
                }
                let retryAfter = RetryPolicy.retryAfter(answer.header("Retry-After"), now: now.now())
                outcome = .answered(status: answer.status, reason: reason, retryAfter: retryAfter)
                failure = .answered(status: answer.status, reason: reason, retryAfter: retryAfter)
            case .failure(let error):
                requestCount += 1
                outcome = .transport(error)
                failure = .transport(error)
            }
            switch policy.decide(attempt: attempt, outcome: outcome, idempotent: call.isIdempotent, random: random(), waited: waited) {
            case .stop:
                if appliedBefore, case .transport(let error) = failure, !error.mayHaveArrived { throw .transport(.connectionLost) }
                throw failure
            case .retry(let after):
                appliedBefore = appliedBefore || failure.mayHaveBeenApplied
                sleep(after)
                waited += after
                if HTTPClient.isCancelled { throw .transport(.cancelled(mayHaveArrived: appliedBefore)) }
                attempt += 1
            }
        }
    }

    /// For a request its caller makes safe to send again (it looks first, as a calendar's
    /// creation does): waits as the policy says after attempt `attempt` ended in `failure`,
    /// adding the wait to `waited`; false when the policy gives up instead.
    func pause(after failure: APIFailure, attempt: Int, waited: inout Double) -> Bool {
        let outcome: RetryPolicy.Outcome
        switch failure {
        case .transport(let error): outcome = .transport(error)
        case .answered(let status, let reason, let retryAfter): outcome = .answered(status: status, reason: reason, retryAfter: retryAfter)
        case .malformed, .service: return false
        }
        guard case .retry(let after) = policy.decide(attempt: attempt, outcome: outcome, idempotent: true, random: random(), waited: waited) else {
            return false
        }
        sleep(after)
        waited += after
        return !HTTPClient.isCancelled
    }

    /// `send`, with the answer read as a JSON object (a 204's empty body is an empty object).
    /// A web page instead is the network's (a Wi-Fi sign-in page), not Google's: `intercepted`.
    /// Any other empty body (a 200 whose body a proxy lost) cannot be read: read as `{}`, a
    /// file made at Drive was said not made ("Nothing changed"), and made again when asked
    /// again, where an answer cut short is looked up by the id it was sent under.
    package func json(_ call: HTTPCall) throws(APIFailure) -> JSONValue {
        let answer = try send(call)
        if answer.body.isEmpty {
            guard answer.status == 204 else { throw .malformed }
            return .object([])
        }
        guard let json = try? JSONValue.parse(bytes: answer.body), json.objectValue != nil else {
            throw GoogleTransport.isWebPage(answer) ? .transport(.intercepted) : .malformed
        }
        return json
    }

    /// An answer that is an HTML page: never Google's where its APIs promise JSON.
    static func isWebPage(_ answer: HTTPAnswer) -> Bool {
        answer.header("Content-Type")?.lowercased().hasPrefix("text/html") == true
    }

    /// Google's reason for an error answer: `errors[0].reason`, else the ErrorInfo detail's,
    /// else the OAuth `error`.
    static func reason(of body: [UInt8]) -> String? {
        guard let json = try? JSONValue.parse(bytes: body) else { return nil }
        let error = json["error"]
        if let reason = error?["errors"]?.arrayValue?.first?["reason"]?.stringValue { return reason }
        if let details = error?["details"]?.arrayValue,
           let reason = details.first(where: { $0["@type"]?.stringValue?.hasSuffix("ErrorInfo") == true })?["reason"]?.stringValue {
            return reason
        }
        return error?.stringValue ?? error?["status"]?.stringValue
    }
}

extension APIFailure {
    /// The HTTP status of an error answer.
    var status: Int? {
        if case .answered(let status, _, _) = self { return status }
        return nil
    }

    /// Google's reason of an error answer.
    var reason: String? {
        if case .answered(_, let reason, _) = self { return reason }
        return nil
    }

    var mayHaveArrived: Bool {
        switch self {
        case .transport(let error): return error.mayHaveArrived
        // Typed before the call went (a refresh that failed, no sign-in) or refused by its answer.
        case .service: return false
        case .answered, .malformed: return true
        }
    }

    /// True when the request may have been carried out: it may have arrived and no answer
    /// said otherwise — no answer, a 5xx (which may come after the work), or a success
    /// whose body could not be read. A 4xx comes before any work.
    var mayHaveBeenApplied: Bool {
        switch self {
        case .transport(let error): return error.mayHaveArrived
        case .answered(let status, _, _): return status >= 500
        case .malformed: return true
        case .service: return false
        }
    }

    /// 404 or 410: the thing is not on Google (any more).
    var isGone: Bool { status == 404 || status == 410 }

    /// A 409 on a create with a client id, or a success whose body could not be read: an
    /// earlier (or this) try went through.
    var wentThroughBefore: Bool { status == 409 || self == .malformed }

    /// Google said no for what the request is (a 4xx other than rate limits).
    var isRefusal: Bool { status.map { (400..<500).contains($0) } == true && !isWorthWaiting }

    /// True when `error` is an `APIFailure` with `property` (for catch clauses: binding the
    /// failure in a `catch … where` trips the compiler).
    static func matches(_ error: any Error, _ property: KeyPath<APIFailure, Bool>) -> Bool {
        (error as? APIFailure)?[keyPath: property] == true
    }
}
