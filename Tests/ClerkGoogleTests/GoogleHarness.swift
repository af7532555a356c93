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
    let server: HTTPServer
    let folder: String
    let now: NowProvider
    var base: String { "http://127.0.0.1:\(server.port)" }
    /// Requests and responses the client logged (redacted), for the secrets check.
    let log = LogLines()

    init(now: NowProvider = .system, tokenLifetime: TimeInterval = 3599, zone: String = "Europe/Madrid") throws {
        self.now = now
        folder = NSTemporaryDirectory() + "clerk-google-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        emulator = try Emulator(configuration: Emulator.Configuration(tokenLifetime: tokenLifetime, timeZone: TimeZone(identifier: zone)!, now: now))
        let emulator = self.emulator
        server = try HTTPServer(port: 0) { emulator.handle($0) }
    }

    deinit {
        server.stop()
        emulator.close()
        try? FileManager.default.removeItem(atPath: folder)
    }

    var setup: GoogleSetup {
        var setup = GoogleSetup(endpoints: GoogleEndpoints(root: base), clientID: "clerk-test.apps.googleusercontent.com", clientSecret: "s3cret-client",
                                tokenPath: folder + "/google-token.json", mirrorFolder: folder + "/google", timeZone: TimeZone(identifier: "Europe/Madrid")!,
                                now: now, version: "test")
        let log = self.log
        setup.log = { log.append($0) }
        setup.limits = HTTPLimits(connect: 2, total: 3)
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
