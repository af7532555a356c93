package import ClerkCore
import FoundationEssentials
import Dispatch
import LoopbackHTTP

/// The loopback sign-in of an installed app: a listener on 127.0.0.1 at a random port, the
/// consent page opened in a browser (or its URL shown), the redirect's `state` checked in
/// constant time, and the code traded for tokens with the PKCE verifier.
package struct SignIn {
    package var oauth: OAuthClient
    package var scopes: [String] = GoogleScopes.all
    /// How long to wait for the browser to come back.
    package var timeout: Double = SignIn.defaultTimeout
    package static let defaultTimeout: Double = 300

    package init(oauth: OAuthClient) {
        self.oauth = oauth
    }

    /// Runs the flow. `present` is given the consent URL: it opens a browser or prints the
    /// URL; the call then waits for the redirect, `timeout` at most. Returns the tokens with
    /// what was granted. Google's sign-in is checked first: when it cannot be reached, no
    /// one is sent to a page that cannot load.
    package func run(client: HTTPClient, now: NowProvider, present: (String) -> Void) throws(ServiceError) -> GoogleTokens {
        guard OAuthClient.canMakeChallenges else { throw .libraryMissing(.crypto) }
        let redirect = RedirectCatcher()
        let server: HTTPServer
        do {
            server = try HTTPServer(port: 0) { redirect.receive($0) }
        } catch .libraryMissing {
            throw .libraryMissing(.microhttpd)
        } catch {
            throw .unreachable
        }
        defer { server.stop() }
        try checkReachable(client: client)
        let redirectURI = "http://127.0.0.1:\(server.port)/"
        let (verifier, challenge) = OAuthClient.pkce()
        let state = OAuthClient.randomToken(32)
        redirect.expectedState = state
        present(oauth.authorizationURL(redirect: redirectURI, scopes: scopes, state: state, challenge: challenge))
        guard let result = HTTPClient.waiting({ redirect.wait(seconds: timeout) }) else {
            throw HTTPClient.isCancelled ? .cancelled : .signInNeeded(.notCompleted(minutes: Int((timeout / 60).rounded(.up))))
        }
        switch result {
        case .code(let code): return try oauth.exchange(code: code, verifier: verifier, redirect: redirectURI, client: client, now: now.now())
        case .denied: throw .signInNeeded(.declined)
        }
    }

    /// Any answer from the token endpoint (a GET it refuses will do) shows Google's sign-in
    /// can be reached; none in 10 s, or no connection, is `signInNeeded(.unreachable)`.
    private func checkReachable(client: HTTPClient) throws(ServiceError) {
        var probe = HTTPCall("GET", oauth.endpoints.token)
        probe.timeout = 10
        do {
            _ = try client.send(probe)
        } catch .cancelled {
            throw .cancelled
        } catch .libraryMissing {
            throw .libraryMissing(.curl)
        } catch {
            throw .signInNeeded(.unreachable(host: HTTPClient.origin(of: oauth.endpoints.token)))
        }
    }

    /// The scopes of `wanted` that `tokens` lack.
    package static func missingScopes(_ tokens: GoogleTokens, wanted: [String] = GoogleScopes.all) -> [String] {
        let granted = Set(tokens.scopes)
        return wanted.filter { !GoogleScopes.satisfied($0, by: granted) }
    }
}

/// Catches the browser's return to the loopback listener.
final class RedirectCatcher: @unchecked Sendable {
    enum Result {
        case code(String)
        case denied
    }

    private let lock = Lock()
    private let arrived = DispatchSemaphore(value: 0)
    private var result: Result?
    var expectedState = ""

    static let page = """
        <!doctype html><html><head><meta charset="utf-8"><title>clerk</title></head>
        <body style="font-family: sans-serif"><h1>clerk is signed in</h1><p>You can close this tab and go back to the terminal.</p></body></html>
        """
    static let refusedPage = "<!doctype html><html><body><h1>This sign-in link is not clerk's</h1></body></html>"

    func receive(_ request: HTTPRequest) -> HTTPOutcome {
        let state = request.parameter("state") ?? ""
        guard request.method == "GET", RedirectCatcher.sameInConstantTime(state, expectedState) else {
            return .respond(HTTPResponse(status: 400, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(RedirectCatcher.refusedPage.utf8)), delay: 0)
        }
        let answer: Result
        if let code = request.parameter("code"), !code.isEmpty {
            answer = .code(code)
        } else {
            answer = .denied
        }
        lock.lock()
        let first = result == nil
        if first { result = answer }
        lock.unlock()
        if first { arrived.signal() }
        return .respond(HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(RedirectCatcher.page.utf8)), delay: 0)
    }

    /// The redirect's result, or nil when `seconds` pass or Ctrl-C cancels first.
    func wait(seconds: Double) -> Result? {
        let deadline = Date() + seconds
        while Date() < deadline, !HTTPClient.isCancelled {
            if arrived.wait(timeout: .now() + 0.1) == .success {
                lock.lock()
                defer { lock.unlock() }
                return result
            }
        }
        return nil
    }

    /// Compares every byte whatever the first difference, so timing tells nothing.
    static func sameInConstantTime(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0 && !y.isEmpty
    }
}
