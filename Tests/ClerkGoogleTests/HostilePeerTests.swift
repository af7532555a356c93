@testable import ClerkGoogle
import ClerkCore
import Foundation
@testable import GoogleEmulator
@testable import LoopbackHTTP
import Testing

/// A `--google-endpoint` that is not Google, or a network between that misbehaves: an answer
/// that inflates without end, a listing answered slowly page after page. Each was followed
/// as long as the peer liked (probe29, "Seen and left").
@Suite struct HostilePeerTests {
    static let events = GoogleRecoveryTests.events

    /// A gzip bomb: `count` bytes of JSON white space after `{`, gzipped (a few kB).
    static func bomb(inflatingTo count: Int) -> [UInt8] {
        HTTPServer.gzip(Array("{\"items\":[".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: count))!
    }

    /// The client stops reading an answer once its decoded bytes pass the limit, and says so;
    /// an answer of the limit's size is read whole.
    @Test func theClientStopsAnAnswerThatInflatesPastItsLimit() throws {
        let limit = 1 << 20
        let small = HTTPServer.gzip([UInt8](repeating: UInt8(ascii: "a"), count: limit))!
        let large = Self.bomb(inflatingTo: 16 << 20)
        #expect(large.count < 64 << 10)
        let server = try HTTPServer(port: 0) { request in
            .respond(HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                                  body: request.segments.last == "bomb" ? large : small), delay: 0)
        }
        defer { server.stop() }
        let client = HTTPClient(version: "test", limits: HTTPLimits(connect: 1, total: 5, answerBytes: limit))
        #expect(throws: TransportError.answerTooLarge(limit: limit)) { try client.send(HTTPCall("GET", "http://127.0.0.1:\(server.port)/bomb")) }
        #expect(try client.send(HTTPCall("GET", "http://127.0.0.1:\(server.port)/fits")).body.count == limit)
        #expect(HTTPLimits().answerBytes == 256 << 20)
    }

    /// Through the backend: the read answers from the mirror, saying why in one line, and
    /// the next sync after the bomb is gone brings the calendar up to date.
    @Test func aReadWhoseAnswerInflatesPastTheLimitAnswersFromTheMirror() throws {
        let harness = try GoogleHarness()
        harness.limits.answerBytes = 1 << 20
        harness.side("POST", Self.events, GoogleBackendTests.eventJSON("keep00001", "Keep"))
        let backend = try harness.signIn().backend
        let synced = harness.clock.now
        let bomb = Self.bomb(inflatingTo: 64 << 20)
        harness.replacements.replace(path: "/events") { _, _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: bomb)
        }
        harness.side("POST", Self.events, GoogleBackendTests.eventJSON("late00001", "Late", day: 2))
        harness.clock.advance(600)
        #expect(try GoogleBackendTests.titles(backend) == ["Keep"])
        #expect(backend.takeNotices() == [.behind(asOf: synced, cause: .answerTooLarge(limit: 1 << 20))])
        harness.replacements.clear()
        harness.clock.advance(600)
        #expect(try GoogleBackendTests.titles(backend) == ["Keep", "Late"])
    }

    /// A peer answering each page of a listing just inside a request's time limit held a
    /// read for as long as it had pages (10,000 pages of 4 s: 11 hours). The sync as a whole
    /// now stops at its budget, and the read answers from the mirror as Google slow.
    @Test func aSyncAnsweredSlowlyPageAfterPageStopsAtItsBudget() throws {
        let harness = try GoogleHarness()
        harness.pageSize = 2
        harness.limits.sync = 2
        harness.side("POST", Self.events, GoogleBackendTests.eventJSON("keep00001", "Keep"))
        let backend = try harness.signIn().backend
        let synced = harness.clock.now
        for index in 0..<20 {
            harness.side("POST", Self.events, GoogleBackendTests.eventJSON(String(format: "drip%05d", index), "Drip \(index)", day: 3))
        }
        harness.arm(["method": "GET", "path": .string(Self.events), "mode": "delay", "delayMs": 600, "count": 100])
        harness.clock.advance(600)
        let started = Date()
        #expect(try GoogleBackendTests.titles(backend) == ["Keep"])
        #expect(Date().timeIntervalSince(started) < 4)
        #expect(backend.takeNotices() == [.behind(asOf: synced, cause: .timedOut)])
        // A Google that answers in time is listed whole.
        harness.side("DELETE", "/_emulator/faults")
        harness.clock.advance(600)
        #expect(try GoogleBackendTests.titles(backend).count == 21)
    }

    /// A write that looks first — a calendar's creation reads the calendar list — was as
    /// patient with a list answered page after page: it is held to a sync's budget too, and
    /// says Google is slow, having made nothing.
    @Test func aCalendarListAnsweredSlowlyBeforeACreationStopsAtTheBudget() throws {
        let harness = try GoogleHarness()
        harness.pageSize = 1
        harness.limits.sync = 2
        let backend = try harness.signIn().backend
        for index in 0..<6 { harness.side("POST", "/calendar/v3/calendars", ["summary": .string("Team \(index)")]) }
        harness.arm(["method": "GET", "path": "/calendar/v3/users/me/calendarList", "mode": "delay", "delayMs": 600, "count": 100])
        let started = Date()
        #expect(throws: ServiceError.timedOut) { try backend.createCalendar(named: "Trips", timeZone: "Europe/Madrid") }
        #expect(Date().timeIntervalSince(started) < 4)
        harness.side("DELETE", "/_emulator/faults")
        let names = harness.side("GET", "/calendar/v3/users/me/calendarList")["items"]?.arrayValue?.compactMap { $0["summary"]?.stringValue } ?? []
        #expect(names.count == 7 && !names.contains("Trips"))
        // Answered in time, it is made.
        #expect(try backend.createCalendar(named: "Trips", timeZone: "Europe/Madrid").name == "Trips")
    }
}
