@testable import ClerkGoogle
import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
@testable import LoopbackHTTP

/// An emulated Google account on a free loopback port and a clerk signed in to it, in a
/// fresh folder: what the Google stack is tested against (through libcurl).
final class GoogleHarness {
    let emulator: Emulator
    var server: HTTPServer
    let port: UInt16
    let folder: String
    let clock: TestClock
    var now: NowProvider { clock.provider }
    /// Items per page of a list, small so paging shows with few items.
    var pageSize = 1000
    /// The client's limits: short, so a test of a slow Google takes seconds.
    var limits = HTTPLimits(connect: 1, total: 1)
    var base: String { "http://127.0.0.1:\(port)" }
    /// Requests and responses the client logged (redacted), for the secrets check.
    let log = LogLines()
    /// What reached the emulator: method, path and body of each request.
    let sent = SentRequests()
    /// Answers put in place of the emulator's, as a broken proxy or cache would.
    let replacements = AnswerReplacements()

    init(start: Date = Date(timeIntervalSince1970: 1_772_438_400), tokenLifetime: TimeInterval = 3599, zone: String = "Europe/Madrid") throws {
        clock = TestClock(start)
        folder = NSTemporaryDirectory() + "clerk-google-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        emulator = try Emulator(configuration: Emulator.Configuration(tokenLifetime: tokenLifetime, timeZone: Zone(identifier: zone)!, now: clock.provider))
        server = try HTTPServer(port: 0, handler: GoogleHarness.handler(emulator, sent, replacements))
        port = server.port
    }

    /// Google can no longer be reached (the port is closed).
    func goOffline() {
        server.stop()
    }

    /// Google is back, on the same port.
    func comeBack() throws {
        server = try HTTPServer(port: port, handler: GoogleHarness.handler(emulator, sent, replacements))
    }

    /// The emulator's handling, each request noted and its answer replaced when asked.
    static func handler(_ emulator: Emulator, _ sent: SentRequests, _ replacements: AnswerReplacements) -> HTTPServer.Handler {
        { request in
            sent.append(request)
            let outcome = emulator.handle(request)
            guard case .respond(let response, let delay) = outcome, let replaced = replacements.answer(request, response) else { return outcome }
            return .respond(replaced, delay: delay)
        }
    }

    deinit {
        server.stop()
        emulator.close()
        try? FileManager.default.removeItem(atPath: folder)
    }

    var setup: GoogleSetup {
        var setup = GoogleSetup(endpoints: GoogleEndpoints(root: base), clientID: "clerk-test.apps.googleusercontent.com", clientSecret: "s3cret-client",
                                tokenPath: folder + "/google-token.json", mirrorFolder: folder + "/google", timeZone: Zone(identifier: "Europe/Madrid")!,
                                now: now, version: "test")
        let log = self.log
        setup.log = { log.append($0) }
        setup.limits = limits
        setup.sleep = { _ in }
        setup.pageSize = pageSize
        return setup
    }

    /// Plays the browser: opens the consent URL and follows its redirect to clerk's listener.
    static func browse(_ url: String) {
        let client = HTTPClient(version: "browser")
        guard let consent = try? client.send(HTTPCall("GET", url)), let location = consent.header("Location") else { return }
        _ = try? client.send(HTTPCall("GET", location))
    }

    /// Signs in through the whole flow and opens the account.
    @discardableResult
    func signIn() throws -> GoogleAccount {
        _ = try GoogleAccount.signIn(setup, show: GoogleHarness.browse)
        return try GoogleAccount(setup: setup)!
    }

    /// An access token for changes behind clerk's back.
    func sideToken() -> String {
        let client = HTTPClient(version: "side")
        let answer = try? client.send(HTTPCall("POST", base + "/_emulator/token", body: Array("{}".utf8)))
        return (try? JSONValue.parse(bytes: answer?.body ?? []))?["access_token"]?.stringValue ?? ""
    }

    /// A request straight to the emulator (behind clerk's back), as JSON.
    @discardableResult
    func side(_ method: String, _ path: String, _ body: JSONValue? = nil) -> JSONValue {
        let client = HTTPClient(version: "side")
        var headers = [("Authorization", "Bearer " + sideToken())]
        if body != nil { headers.append(("Content-Type", "application/json")) }
        let answer = try? client.send(HTTPCall(method, base + path, headers: headers, body: body?.serializedBytes()))
        return (try? JSONValue.parse(bytes: answer?.body ?? [])) ?? .null
    }

    /// Arms an emulator fault.
    func arm(_ fault: JSONValue) {
        side("POST", "/_emulator/faults", fault)
    }

    /// The emulator's request log (method and path).
    func requests() -> [String] {
        (side("GET", "/_emulator/requests")["requests"]?.arrayValue ?? []).compactMap { item in
            guard let method = item["method"]?.stringValue, let path = item["path"]?.stringValue else { return nil }
            return method + " " + path
        }
    }

    func clearRequests() {
        side("DELETE", "/_emulator/requests")
    }
}

/// A clock a test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }

    var provider: NowProvider { NowProvider { [self] in now } }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(_ seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }
}

/// Lines several threads append to.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

/// Answers a test puts in place of the emulator's: `replace(path:with:)` changes the answer
/// to every request of a method (GET unless said) to a path ending with the suffix given,
/// from the emulator's answer to it.
final class AnswerReplacements: @unchecked Sendable {
    private let lock = NSLock()
    private var rules: [(method: String, suffix: String, change: @Sendable (HTTPRequest, HTTPResponse) -> HTTPResponse)] = []

    func replace(_ method: String = "GET", path suffix: String, with change: @escaping @Sendable (HTTPRequest, HTTPResponse) -> HTTPResponse) {
        lock.lock()
        rules.append((method, suffix, change))
        lock.unlock()
    }

    func clear() {
        lock.lock()
        rules = []
        lock.unlock()
    }

    func answer(_ request: HTTPRequest, _ response: HTTPResponse) -> HTTPResponse? {
        lock.lock()
        defer { lock.unlock() }
        guard let rule = rules.last(where: { request.method == $0.method && request.rawPath.hasSuffix($0.suffix) }) else { return nil }
        return rule.change(request, response)
    }
}

/// The requests that reached the emulator, in order.
final class SentRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [HTTPRequest] = []

    func append(_ request: HTTPRequest) {
        lock.lock()
        requests.append(request)
        lock.unlock()
    }

    /// The JSON bodies of the requests `method` sent to a path ending with `suffix`.
    func bodies(_ method: String, endingWith suffix: String) -> [JSONValue] {
        lock.lock()
        defer { lock.unlock() }
        return requests.filter { $0.method == method && $0.rawPath.hasSuffix(suffix) }.compactMap { try? JSONValue.parse(String(decoding: $0.body, as: UTF8.self)) }
    }
}
