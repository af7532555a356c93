@testable import ClerkGoogle
import Foundation
import Testing

/// The retry policy as a pure function: what is retried, how long it waits, when it stops.
@Suite struct RetryPolicyTests {
    static let policy = RetryPolicy()

    static let retried: [RetryPolicy.Outcome] = [
        .answered(status: 500, reason: "backendError", retryAfter: nil), .answered(status: 503, reason: nil, retryAfter: nil),
        .answered(status: 429, reason: "rateLimitExceeded", retryAfter: nil), .answered(status: 408, reason: nil, retryAfter: nil),
        .answered(status: 403, reason: "rateLimitExceeded", retryAfter: nil), .answered(status: 403, reason: "userRateLimitExceeded", retryAfter: nil),
        .transport(.timedOut(mayHaveArrived: true)), .transport(.connectionLost), .transport(.unreachable),
    ]

    @Test(arguments: retried)
    func retriesWhatMayGoBetterWithTheJitteredDelayOfTheTable(outcome: RetryPolicy.Outcome) {
        // The waits before attempts 2…5 are at most 0.25, 0.5, 1 and 2 s; a draw of 1 takes the ceiling.
        #expect(Self.policy.decide(attempt: 1, outcome: outcome, idempotent: true, random: 1) == .retry(after: 0.25))
        #expect(Self.policy.decide(attempt: 1, outcome: outcome, idempotent: true, random: 0.5) == .retry(after: 0.125))
        #expect(Self.policy.decide(attempt: 5, outcome: outcome, idempotent: true, random: 1) == .stop)
    }

    @Test func theCeilingDoublesUpToTheCap() {
        let outcome = RetryPolicy.Outcome.answered(status: 503, reason: nil, retryAfter: nil)
        let waits = (1...4).map { Self.policy.decide(attempt: $0, outcome: outcome, idempotent: true, random: 1) }
        #expect(waits == [.retry(after: 0.25), .retry(after: 0.5), .retry(after: 1), .retry(after: 2)])
        let long = RetryPolicy(maxAttempts: 20, waitBudget: .infinity)
        #expect(long.decide(attempt: 19, outcome: outcome, idempotent: true, random: 1) == .retry(after: 32))
    }

    static let refused: [RetryPolicy.Outcome] = [
        .answered(status: 400, reason: "invalid", retryAfter: nil), .answered(status: 401, reason: "authError", retryAfter: nil),
        .answered(status: 403, reason: "forbidden", retryAfter: nil), .answered(status: 403, reason: "insufficientPermissions", retryAfter: nil),
        .answered(status: 404, reason: "notFound", retryAfter: nil), .answered(status: 409, reason: "duplicate", retryAfter: nil),
        .answered(status: 410, reason: "deleted", retryAfter: nil), .answered(status: 412, reason: "conditionNotMet", retryAfter: nil),
        .transport(.cancelled(mayHaveArrived: false)), .transport(.failed(code: 60)),
    ]

    @Test(arguments: refused)
    func neverRetriesARefusal(outcome: RetryPolicy.Outcome) {
        #expect(Self.policy.decide(attempt: 1, outcome: outcome, idempotent: true, random: 0.5) == .stop)
    }

    @Test func retryAfterReplacesTheDraw() {
        let after = RetryPolicy.Outcome.answered(status: 429, reason: nil, retryAfter: 7)
        #expect(Self.policy.decide(attempt: 1, outcome: after, idempotent: true, random: 0) == .retry(after: 7))
        #expect(RetryPolicy.retryAfter("12", now: Date()) == 12)
        #expect(RetryPolicy.retryAfter("Wed, 02 Dec 2026 10:00:30 GMT", now: Date(timeIntervalSince1970: 1_796_205_600)) == 30)
        #expect(RetryPolicy.retryAfter("soon", now: Date()) == nil)
    }

    /// A `Retry-After` of 100,000 s was waited 32 s at a time, four times, before a write
    /// was queued: about two minutes of silence.
    @Test func aWaitBeyondTheBudgetIsNotWaitedAtAll() {
        let far = RetryPolicy.Outcome.answered(status: 429, reason: nil, retryAfter: 100_000)
        #expect(Self.policy.decide(attempt: 1, outcome: far, idempotent: true, random: 0) == .stop)
        let twenty = RetryPolicy.Outcome.answered(status: 429, reason: nil, retryAfter: 20)
        #expect(Self.policy.decide(attempt: 1, outcome: twenty, idempotent: true, random: 0) == .retry(after: 20))
        #expect(Self.policy.decide(attempt: 2, outcome: twenty, idempotent: true, random: 0, waited: 20) == .stop)
        // A read gives up after a short wait, and each of its tries is short.
        #expect(RetryPolicy.read.decide(attempt: 1, outcome: .answered(status: 429, reason: nil, retryAfter: 5), idempotent: true, random: 0) == .stop)
        #expect(RetryPolicy.read.decide(attempt: 2, outcome: .transport(.timedOut(mayHaveArrived: true)), idempotent: true, random: 1) == .stop)
        #expect(RetryPolicy.read.tryTimeout == 4)
    }

    @Test func aRequestThatMustNotArriveTwiceIsNotResentAfterItMayHave() {
        #expect(Self.policy.decide(attempt: 1, outcome: .transport(.connectionLost), idempotent: false, random: 1) == .stop)
        #expect(Self.policy.decide(attempt: 1, outcome: .transport(.timedOut(mayHaveArrived: true)), idempotent: false, random: 1) == .stop)
        #expect(Self.policy.decide(attempt: 1, outcome: .answered(status: 503, reason: nil, retryAfter: nil), idempotent: false, random: 1) == .stop)
        // Nothing was sent, or Google said "slow down" before doing anything: safe.
        #expect(Self.policy.decide(attempt: 1, outcome: .transport(.unreachable), idempotent: false, random: 1) == .retry(after: 0.25))
        #expect(Self.policy.decide(attempt: 1, outcome: .answered(status: 429, reason: nil, retryAfter: nil), idempotent: false, random: 1) == .retry(after: 0.25))
    }

    @Test func unreachableIsTriedTwiceOnly() {
        #expect(Self.policy.decide(attempt: 2, outcome: .transport(.unreachable), idempotent: true, random: 1) == .stop)
    }
}
