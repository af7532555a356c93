package import ClerkCore
import ClerkLocal
import FoundationEssentials

/// Where a Google sign-in and its mirror live, and how to reach Google.
package struct GoogleSetup {
    package var endpoints: GoogleEndpoints
    /// The root URL standing for Google's hosts (kept with the sign-in); nil for Google.
    package var endpointRoot: String?
    package var clientID: String
    package var clientSecret: String
    /// The token file (0600).
    package var tokenPath: String
    /// The folder the account's mirror is kept in.
    package var mirrorFolder: String
    package var timeZone: Zone
    package var now: NowProvider
    package var version: String
    /// Sees each request and response line, redacted (`--verbose`).
    package var log: ((String) -> Void)?
    package var limits = HTTPLimits()
    /// How the transport waits between attempts (tests pass one that does not).
    package var sleep: (Double) -> Void = GoogleTransport.interruptibleSleep
    /// Items asked for per page of a list (Google's largest by default).
    package var pageSize = 1000

    package init(endpoints: GoogleEndpoints, clientID: String, clientSecret: String, tokenPath: String, mirrorFolder: String,
                 timeZone: Zone, now: NowProvider, version: String, log: ((String) -> Void)? = nil) {
        self.endpoints = endpoints
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.tokenPath = tokenPath
        self.mirrorFolder = mirrorFolder
        self.timeZone = timeZone
        self.now = now
        self.version = version
        self.log = log
    }

    var oauth: OAuthClient { OAuthClient(endpoints: endpoints, clientID: clientID, clientSecret: clientSecret) }
    package var tokenStore: TokenStore { TokenStore(path: tokenPath) }

    /// The mirror file of `account`.
    func mirrorPath(for account: String) -> String {
        let safe = account.map { $0.isLetter || $0.isNumber || "@._-".contains($0) ? $0 : "_" }
        return mirrorFolder + "/" + String(safe) + ".sqlite3"
    }

    func makeClient() -> HTTPClient {
        let client = HTTPClient(version: version, limits: limits)
        client.log = log
        return client
    }

    /// True when a sign-in is saved (readable or not).
    package var isSignedIn: Bool { tokenStore.exists }

    /// Deletes the token file (signing out of a sign-in that cannot be read).
    /// False when the token file stays (see `TokenStore.delete`).
    @discardableResult
    package func deleteSavedSignIn() -> Bool {
        tokenStore.delete()
    }

    /// The mirror file of the saved sign-in, nil when no one is signed in: for a look at the
    /// account's copy without opening the account (no sync, no network).
    package var savedMirrorPath: String? {
        tokenStore.load().map { mirrorPath(for: $0.account ?? "account") }
    }
}

/// A signed-in Google account: its backend (the mirror behind the services) and what
/// `clerk status`, `clerk login` and `clerk logout` do with it.
package final class GoogleAccount: AccountService {
    package let setup: GoogleSetup
    package let backend: GoogleBackend
    package let transport: GoogleTransport
    package var account: String? { transport.tokens.account }

    /// Opens the saved sign-in and its mirror; nil when no one is signed in, and
    /// `signInNeeded(.unreadable)` when the token file is there but not one clerk can read.
    package init?(setup: GoogleSetup) throws(ServiceError) {
        guard let tokens = try setup.tokenStore.read() else { return nil }
        self.setup = setup
        let client = setup.makeClient()
        transport = GoogleTransport(client: client, endpoints: setup.endpoints, oauth: setup.oauth, tokenStore: setup.tokenStore,
                                    tokens: tokens, now: setup.now, sleep: setup.sleep)
        let path = setup.mirrorPath(for: tokens.account ?? "account")
        do {
            try FileManager.default.createDirectory(atPath: setup.mirrorFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let store = try LocalStore(path: path, timeZone: setup.timeZone, now: setup.now, makeID: LocalStore.randomID, makesPrimaryCalendar: false)
            backend = GoogleBackend(store: store, transport: transport, now: setup.now, pageSize: setup.pageSize)
        } catch let error as ServiceError {
            throw error
        } catch {
            throw .storage(.cannotOpen, path: path)
        }
    }

    package func status() -> AccountStatus {
        backend.flushOutbox()
        return AccountStatus(backend: "google", account: account, store: setup.mirrorPath(for: account ?? "account"),
                             lastSync: backend.mirror.lastFullSync, waiting: backend.waitingCount,
                             problem: backend.problem)
    }

    package func takeNotices() -> [AccountNotice] {
        backend.takeNotices()
    }

    /// Signs in again (another account, or the same with new permissions).
    package func logIn(show: (String) -> Void) throws -> AccountStatus {
        try GoogleAccount.signIn(setup, show: show)
    }

    /// Revokes the grant at Google (when it can be reached), then deletes the token file and
    /// the mirror: nothing of the account stays on the machine.
    package func logOut() throws {
        try? setup.oauth.revoke(transport.tokens.refreshToken, client: transport.client)
        setup.tokenStore.delete()
        let path = setup.mirrorPath(for: account ?? "account")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// The whole sign-in: consent in the browser, the code traded, the permissions checked,
    /// the account named (its primary calendar's id) and the mirror filled by a first full
    /// sync. `show` prints the consent URL (or opens a browser).
    package static func signIn(_ setup: GoogleSetup, show: (String) -> Void, progress: ((Int) -> Void)? = nil) throws(ServiceError) -> AccountStatus {
        guard !setup.clientID.isEmpty else { throw .signInNeeded(.clientRefused) }
        let client = setup.makeClient()
        var tokens = try SignIn(oauth: setup.oauth).run(client: client, now: setup.now, present: show)
        tokens.endpoint = setup.endpointRoot
        try setup.tokenStore.save(tokens)
        let missing = SignIn.missingScopes(tokens)
        let transport = GoogleTransport(client: client, endpoints: setup.endpoints, oauth: setup.oauth, tokenStore: setup.tokenStore,
                                        tokens: tokens, now: setup.now, sleep: setup.sleep)
        let api = GoogleAPI(transport: transport, pageSize: setup.pageSize)
        // The account is the primary calendar's id.
        do {
            let page = try api.calendarList(pageToken: nil)
            tokens.account = page.items.first { $0["primary"]?.boolValue == true }?["id"]?.stringValue
        } catch {
            tokens.account = nil
        }
        if tokens.account == nil, !missing.isEmpty { throw .insufficientScope(missing: missing) }
        try transport.setAccount(tokens.account ?? "account")
        guard let signedIn = try GoogleAccount(setup: setup) else { throw .signInNeeded(.signedOut) }
        let granted = GoogleMirror.Kind.allCases.filter { !missing.contains($0.scope) }
        try signedIn.backend.mirror.refresh(granted, force: true, patient: true, progress: progress)
        if !missing.isEmpty { throw .insufficientScope(missing: missing) }
        return signedIn.status()
    }
}
