@testable import ClerkGoogle
import ClerkCore
import Testing

/// A timeout is Google slow to answer only once a connection was made: one before any
/// connection (a network that drops packets) is Google out of reach. Both were "offline".
@Suite struct SlowGoogleTests {
    @Test func aTimeoutIsSlowOnlyOnceConnected() {
        #expect(APIFailure.transport(.timedOut(mayHaveArrived: false)).serviceError(mayHaveApplied: true) == .unreachable)
        #expect(APIFailure.transport(.timedOut(mayHaveArrived: false)).serviceError(mayHaveApplied: false) == .unreachable)
        #expect(APIFailure.transport(.timedOut(mayHaveArrived: true)).serviceError(mayHaveApplied: false) == .timedOut)
        #expect(APIFailure.transport(.timedOut(mayHaveArrived: true)).serviceError(mayHaveApplied: true) == .outcomeUnknown)
    }
}
