import ClerkAssistant
import ClerkCore
import ClerkGoogle
import ClerkLocal
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The services of the active backend, opened.
struct OpenBackend {
    var backend: Backend
    var calendars: any CalendarService
    var contacts: any ContactsService
    var files: any FileService
    var account: any AccountService
    var quickAdd: (any QuickAddService)?
}

/// Opens the active backend and builds the session that talks to it.
///
/// Which backend: `--backend` when given, else `backend` in the config, else Google when a
/// sign-in is saved, else the local store.
enum SessionFactory {
    /// A failure already worded for the person, printed after `clerk: ` with exit code 1.
    struct Failure: Error {
        var message: String
    }

    static func config(_ paths: ClerkPaths) throws(Failure) -> Config {
        do {
            return try Config.load(paths.config)
        } catch {
            throw Failure(message: error.message)
        }
    }

    /// How to reach Google and where the sign-in lives. The endpoint is `--google-endpoint`,
    /// else the one saved with the sign-in, else Google's own hosts; the client comes from
    /// the config, else the environment (an emulator takes any).
    static func googleSetup(options: GlobalOptions, paths: ClerkPaths, config: Config, environment: [String: String]) -> GoogleSetup {
        let saved = TokenStore(path: paths.googleToken).load()
        let root = options.googleEndpoint?.absoluteString ?? saved?.endpoint
        let emulated = root != nil
        let clientID = config.googleClientID ?? environment["CLERK_GOOGLE_CLIENT_ID"] ?? (emulated ? "clerk-emulator" : "")
        let secret = config.googleClientSecret ?? environment["CLERK_GOOGLE_CLIENT_SECRET"] ?? (emulated ? "emulator" : "")
        var setup = GoogleSetup(endpoints: root.map(GoogleEndpoints.init(root:)) ?? .google, clientID: clientID, clientSecret: secret,
                                tokenPath: paths.googleToken, mirrorFolder: paths.dataDirectory + "/google", timeZone: options.timeZone,
                                now: options.nowProvider, version: ClerkApp.version)
        setup.endpointRoot = root
        if options.verbose { setup.log = { Output.error($0) } }
        return setup
    }

    /// Refuses a `--google-endpoint` other than the one the saved sign-in was made with:
    /// its tokens went there — the access token on every request, the refresh token and the
    /// client secret on a refresh — so a sign-in with Google itself handed them to whatever
    /// listened at the URL given. `clerk login` (a new sign-in) is not checked.
    static func checkEndpoint(options: GlobalOptions, paths: ClerkPaths) throws(Failure) {
        guard let given = options.googleEndpoint?.absoluteString, let saved = TokenStore(path: paths.googleToken).load() else { return }
        func plain(_ url: String?) -> String? {
            guard var url else { return nil }
            while url.hasSuffix("/") { url.removeLast() }
            return url
        }
        guard plain(given) != plain(saved.endpoint) else { return }
        let signedIn = saved.endpoint.map { "at \(TextStyle.path($0))" } ?? "with Google itself"
        throw Failure(message: "--google-endpoint: the saved sign-in was made \(signedIn), and its tokens go nowhere else. "
                      + "Leave --google-endpoint out, or run 'clerk login' with it")
    }

    static func chosenBackend(options: GlobalOptions, config: Config, setup: GoogleSetup) -> Backend {
        options.backend ?? config.backend ?? (setup.isSignedIn ? .google : .local)
    }

    static func open(options: GlobalOptions, paths: ClerkPaths, environment: [String: String]) throws(Failure) -> (OpenBackend, Config) {
        let config = try config(paths)
        let setup = googleSetup(options: options, paths: paths, config: config, environment: environment)
        let backend = chosenBackend(options: options, config: config, setup: setup)
        if backend == .google { try checkEndpoint(options: options, paths: paths) }
        do {
            try ClerkPaths.ensure(paths.dataDirectory)
        } catch {
            // A file in its place is said so ("cannot create the folder" read as a permission
            // problem), and a symbolic link to nowhere (a folder moved, a disk not mounted).
            // A link in a loop is said so (it was "a symbolic link to X, which does not exist").
            var info = stat()
            let found = stat(paths.dataDirectory, &info) == 0
            let loops = !found && errno == ELOOP
            let isOther = found && info.st_mode & S_IFMT != S_IFDIR
            let target = lstat(paths.dataDirectory, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK && !isOther && !loops
                ? (try? FileManager.default.destinationOfSymbolicLink(atPath: paths.dataDirectory)) : nil
            let problem = isOther ? "not a folder (a file is in its place)"
                : loops ? "can't be used (its symbolic links go round in a loop); move it aside"
                : target.map { "a symbolic link to \(TextStyle.path($0)), which does not exist; make that folder, or move the link aside" }
                ?? "cannot create the folder"
            throw Failure(message: "\(TextStyle.path(paths.dataDirectory)): " + problem)
        }
        switch backend {
        case .google:
            let account: GoogleAccount
            do {
                guard let opened = try GoogleAccount(setup: setup) else {
                    throw Failure(message: Renderer.commandFailure(.signInNeeded(.signedOut)))
                }
                account = opened
            } catch let error as ServiceError {
                throw Failure(message: Renderer.commandFailure(error))
            } catch let failure as Failure {
                throw failure
            } catch {
                throw Failure(message: "cannot open the Google account")
            }
            let services = account.backend
            return (OpenBackend(backend: .google, calendars: services, contacts: services, files: services, account: account, quickAdd: services), config)
        case .local:
            let store: LocalStore
            do {
                store = try LocalStore(path: paths.store, timeZone: options.timeZone, now: options.nowProvider)
            } catch let error as ServiceError {
                throw Failure(message: Renderer.commandFailure(error))
            } catch {
                throw Failure(message: "\(paths.store): cannot open the store")
            }
            let account = LocalAccount(store: paths.store, setup: setup)
            return (OpenBackend(backend: .local, calendars: store, contacts: store, files: store, account: account, quickAdd: nil), config)
        }
    }

    /// The session for a run; `oneShot` for `clerk WORDS…`, whose process ends with the answer.
    static func make(options: GlobalOptions, paths: ClerkPaths, environment: [String: String], oneShot: Bool = false) throws(Failure) -> (Session, Backend) {
        let (opened, config) = try open(options: options, paths: paths, environment: environment)
        let style = TerminalInfo.stdout().style(json: options.json, environment: environment)
        var context = SessionContext(
            calendars: opened.calendars, contacts: opened.contacts, files: opened.files, backendName: opened.backend.rawValue,
            now: options.nowProvider, zone: options.timeZone, dateOrder: config.dateOrder, style: style,
            // Answers are typed at a terminal, or are the next lines of a pipe.
            answers: isatty(STDIN_FILENO) == 1 ? .terminal : .pipe,
            previewOccurrences: { lines, start, skippedWallStart, count in
                try? RecurrencePreview.starts(lines: lines, first: start, skippedWallStart: skippedWallStart, zone: options.timeZone, count: count)
            })
        context.preferences = Preferences(defaultCalendar: config.defaultCalendar, workingHours: config.workingHours,
                                          eventLength: TimeInterval(config.defaultEventMinutes * 60))
        context.preferences.timeZoneSetting = config.timeZone?.identifier
        context.account = opened.account
        context.quickAdd = opened.quickAdd
        context.announce = { Output.line($0) }
        context.settings = ConfigFile(path: paths.config)
        // One request, then the process ends: nothing it says may promise an undo.
        context.offersUndo = !oneShot
        context.version = ClerkApp.version
        return (Session(context: context), opened.backend)
    }

    /// Shows the sign-in page: opens a browser when there is a display, and prints the URL
    /// alone on a line when there is none (or `BROWSER=none`), or in case the browser does
    /// not open. A browser command that fails at once (not found, or exits with an error)
    /// is said so, with how long clerk waits for the sign-in.
    static func present(_ url: String, environment: [String: String]) {
        let browser = environment["BROWSER"]
        let display = environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
        guard browser != "none", display || browser != nil else {
            Output.line(url)
            return
        }
        Output.line(Renderer.openingBrowser)
        Output.line(url)
        // BROWSER may hold arguments ("firefox --new-window"), or `%s` where the URL goes.
        let words = (browser ?? "xdg-open").split(separator: " ").map(String.init)
        guard let program = words.first else { return }
        let arguments = words.dropFirst().contains("%s") ? words.dropFirst().map { $0 == "%s" ? url : $0 } : Array(words.dropFirst()) + [url]
        if !Spawn.detached(program, arguments, failsWithin: 1.5) {
            Output.line(Renderer.browserFailed(program, waitMinutes: Int(SignIn.defaultTimeout / 60)))
        }
    }
}

/// The account when clerk uses the local store: its status, and signing in to Google from
/// the conversation ("log in").
final class LocalAccount: AccountService {
    let store: String
    let setup: GoogleSetup

    init(store: String, setup: GoogleSetup) {
        self.store = store
        self.setup = setup
    }

    func status() -> AccountStatus {
        AccountStatus(backend: "local", store: store)
    }

    func takeNotices() -> [AccountNotice] { [] }

    func logIn(show: (String) -> Void) throws -> AccountStatus {
        try GoogleAccount.signIn(setup, show: show)
    }

    func logOut() throws {}
}
