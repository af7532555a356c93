package import FoundationEssentials
import ClerkCore
#if canImport(Glibc)
import Glibc
#endif

/// When to try a Google request again, and after how long: a pure function of the attempt
/// and its outcome, with the random draw and the time already waited passed in.
///
/// Retried: 5xx, 429, 408, 403 whose reason is `rateLimitExceeded` or
/// `userRateLimitExceeded`, and transport failures — but a 5xx or a failure after which the
/// request may have arrived only when the request is safe to send twice (a 5xx may come
/// after the work was done; a rate limit comes before it). Never retried: 400, other
/// 403s, 404, 409, 410, 412 (and 401, which the caller answers by refreshing the token once).
///
/// Full-jitter exponential backoff: before attempt n+1 the wait is uniform in
/// [0, min(32 s, 0.25 s × 2^(n−1))]; `Retry-After` replaces the draw when given. When
/// Google could not be reached at all (refused, no route, name not found) only 2 attempts,
/// so a command offline answers from the mirror at once instead of waiting out the backoff.
///
/// | after attempt | wait at most |
/// |---------------|--------------|
/// | 1             | 0.25 s       |
/// | 2             | 0.5 s        |
/// | 3             | 1 s          |
/// | 4             | 2 s          |
/// | 5             | — (give up)  |
///
/// Three patiences: a write waits for Google's answer; a read only brings the mirror up to
/// date before it answers, so it gives up soon and answers from the mirror (saying how old
/// that is); the outbox, sent before each request, gives up soon too (what it holds waits
/// on, sent once, and the request goes ahead). A wait that would take a request past its
/// budget — a `Retry-After` of an hour — is not waited at all: the request stops there,
/// and a write waits in the outbox.
///
/// | patience                    | each try at most | attempts | waits between tries, in all |
/// |-----------------------------|------------------|----------|-----------------------------|
/// | `write` (the default)       | 30 s             | 5        | 30 s                        |
/// | `read` (a sync)             | 4 s              | 2        | 2 s                         |
/// | `flush` (the outbox)        | 10 s             | 2        | 2 s                         |
package struct RetryPolicy: Sendable {
    package var maxAttempts = 5
    package var base = 0.25
    package var cap = 32.0
    /// The most seconds waited between the tries of one request, in all.
    package var waitBudget = 30.0
    /// The most seconds each try may take (nil: the HTTP client's limit).
    package var tryTimeout: Double?

    package init(maxAttempts: Int = 5, base: Double = 0.25, cap: Double = 32, waitBudget: Double = 30, tryTimeout: Double? = nil) {
        self.maxAttempts = maxAttempts
        self.base = base
        self.cap = cap
        self.waitBudget = waitBudget
        self.tryTimeout = tryTimeout
    }

    /// A write: Google's answer is what the person is told.
    package static let write = RetryPolicy()
    /// A sync before a read is answered: soon given up for the mirror's answer.
    package static let read = RetryPolicy(maxAttempts: 2, waitBudget: 2, tryTimeout: 4)
    /// The outbox sent before a request: what cannot go soon waits for the next one.
    package static let flush = RetryPolicy(maxAttempts: 2, waitBudget: 2, tryTimeout: 10)

    /// How an attempt ended, as far as retrying goes.
    package enum Outcome: Equatable, Sendable {
        /// An HTTP answer: its status, Google's reason (`errors[0].reason`) and `Retry-After`
        /// in seconds when sent.
        case answered(status: Int, reason: String?, retryAfter: Double?)
        /// No answer.
        case transport(TransportError)
    }

    package enum Decision: Equatable, Sendable {
        case retry(after: Double)
        case stop
    }

    /// Whether an answer with this status and reason is worth another attempt.
    package static func isRetryable(status: Int, reason: String?) -> Bool {
        switch status {
        case 408, 429, 500...599: return true
        case 403: return reason == "rateLimitExceeded" || reason == "userRateLimitExceeded"
        default: return false
        }
    }

    /// What to do after `attempt` (1 for the first) ended with `outcome`; `random` is a
    /// draw from [0, 1). `idempotent` says the request may safely arrive twice; `waited` is
    /// how long the request has waited between its tries so far.
    package func decide(attempt: Int, outcome: Outcome, idempotent: Bool, random: Double, waited: Double = 0) -> Decision {
        guard attempt < maxAttempts else { return .stop }
        switch outcome {
        case .answered(let status, let reason, let retryAfter):
            guard RetryPolicy.isRetryable(status: status, reason: reason) else { return .stop }
            if status >= 500, !idempotent { return .stop }
            if let retryAfter {
                let wait = max(retryAfter, 0)
                return waited + wait <= waitBudget ? .retry(after: wait) : .stop
            }
        case .transport(let error):
            if case .unreachable = error, attempt >= 2 { return .stop }
            if case .cancelled = error { return .stop }
            if case .failed = error { return .stop }
            if case .libraryMissing = error { return .stop }
            // A Wi-Fi sign-in page stays until the person signs in.
            if case .intercepted = error { return .stop }
            // The same endpoint sends the same answer again.
            if case .answerTooLarge = error { return .stop }
            if error.mayHaveArrived && !idempotent { return .stop }
        }
        let ceiling = min(cap, base * pow(2, Double(attempt - 1)))
        let wait = ceiling * min(max(random, 0), 1)
        return waited + wait <= waitBudget ? .retry(after: wait) : .stop
    }

    /// `Retry-After` in seconds: a number, or an HTTP date measured from `now`.
    package static func retryAfter(_ header: String?, now: Date) -> Double? {
        guard let header = header?.trimmingSpaces(), !header.isEmpty else { return nil }
        if let seconds = Double(header) { return max(seconds, 0) }
        return httpDate(header).map { max(Double($0) - now.timeIntervalSince1970, 0) }
    }

    /// Seconds since 1970 of an HTTP date in its one current form, "Wed, 02 Dec 2026 10:00:30
    /// GMT" (RFC 9110 §5.6.7's IMF-fixdate); nil for anything else.
    static func httpDate(_ text: String) -> Int? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), parts[5] == "GMT" || parts[5] == "UTC",
              let day = Int(parts[1]), parts[1].count == 2, (1...31).contains(day),
              let month = months.firstIndex(of: String(parts[2])).map({ $0 + 1 }),
              let year = Int(parts[3]), parts[3].count == 4
        else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard clock.count == 3, parts[4].count == 8, let hour = clock[0], let minute = clock[1], let second = clock[2],
              hour < 24, minute < 60, second < 61,
              day <= CivilCalendar.daysIn(month: month, year: year)
        else { return nil }
        return CivilCalendar.dayNumber(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
