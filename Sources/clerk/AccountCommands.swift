import ClerkAssistant
import ClerkLanguage
import ClerkCore
import ClerkGoogle
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `clerk login`, `clerk logout` and `clerk status`.
enum AccountCommands {
    static func login(options: GlobalOptions, paths: ClerkPaths, environment: [String: String]) -> Int32 {
        let setup: GoogleSetup
        do {
            setup = SessionFactory.googleSetup(options: options, paths: paths, config: try SessionFactory.config(paths), environment: environment)
        } catch {
            Output.error(error.message)
            return ExitCode.failure
        }
        guard !setup.clientID.isEmpty, !setup.clientSecret.isEmpty else {
            Output.error(Renderer.noOAuthClient(config: paths.config))
            return ExitCode.failure
        }
        Interruption.install()
        let progress = ProgressLine(label: "Copying your account…", enabled: !options.json)
        do {
            let status = try GoogleAccount.signIn(setup, show: { SessionFactory.present($0, environment: environment) },
                                                  progress: progress.map { line in { line.update(count: $0) } })
            progress?.finish()
            show(Reply(intent: .login, ok: true, message: Renderer.signedIn(status)), options: options)
            return ExitCode.success
        } catch {
            progress?.finish()
            Output.error(Renderer.commandFailure(error))
            return HTTPClient.isCancelled ? ExitCode.interrupted : ExitCode.failure
        }
    }

    /// Signs out; refuses when changes still wait to be sent, unless `--yes`.
    static func logout(options: GlobalOptions, paths: ClerkPaths, environment: [String: String]) -> Int32 {
        do {
            let setup = SessionFactory.googleSetup(options: options, paths: paths, config: try SessionFactory.config(paths), environment: environment)
            // The revoke would carry the refresh token to the endpoint given.
            try SessionFactory.checkEndpoint(options: options, paths: paths)
            let opened: GoogleAccount?
            do {
                opened = try GoogleAccount(setup: setup)
            } catch {
                guard case .signInNeeded(.unreadable) = error else { throw error }
                // Nothing can be revoked or sent with it: the file goes. A folder in its
                // place stays, and so does the sign-in clerk cannot read ("Signed out" was
                // said of it).
                guard setup.deleteSavedSignIn() else {
                    Output.error(Renderer.signInNotRemoved(path: setup.tokenStore.path, isFolder: setup.tokenStore.isFolder))
                    return ExitCode.failure
                }
                show(Reply(intent: .logout, ok: true, message: Renderer.signedOutAnswer(AccountStatus(backend: "google"))), options: options)
                return ExitCode.success
            }
            guard let account = opened else {
                show(Reply(intent: .logout, ok: true, message: Renderer.notSignedInAnswer), options: options)
                return ExitCode.success
            }
            Interruption.install()
            let status = account.status()
            if status.waiting > 0, !options.assumeYes {
                Output.error(Renderer.changesWouldBeLost(status.waiting))
                return ExitCode.failure
            }
            try account.logOut()
            show(Reply(intent: .logout, ok: true, message: Renderer.signedOutAnswer(status)), options: options)
            return ExitCode.success
        } catch let failure as SessionFactory.Failure {
            Output.error(failure.message)
        } catch {
            Output.error(Renderer.commandFailure(error as? ServiceError ?? .malformedResponse))
        }
        return ExitCode.failure
    }

    static func status(options: GlobalOptions, paths: ClerkPaths, environment: [String: String]) -> Int32 {
        do {
            Interruption.install()
            let (opened, _) = try SessionFactory.open(options: options, paths: paths, environment: environment)
            let status = opened.account.status()
            show(Reply(intent: .status, ok: true, message: Renderer.status(status, zone: options.timeZone),
                       fields: [("status", Renderer.statusJSON(status))]), options: options)
            return ExitCode.success
        } catch {
            Output.error(error.message)
            return ExitCode.failure
        }
    }

    private static func show(_ reply: Reply, options: GlobalOptions) {
        Output.line(options.json ? reply.json.serialized() : reply.message)
    }
}

/// Ctrl-C while clerk waits on the network (or on the browser at sign-in) stops that wait
/// cleanly: the request is abandoned and reported. At any other moment it ends clerk with
/// 130, as before (the REPL's line editor takes Ctrl-C as a key and never sees a signal).
enum Interruption {
    static func install() {
        // A parent may have started clerk with SIGINT blocked (the mask is inherited).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        signal(SIGINT) { _ in
            HTTPClient.cancelAll()
            if !HTTPClient.isWaiting { _exit(130) }
        }
    }
}
