import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// Signing in and out of Google, and how the account stands.
extension Session {
    func logIn() -> Reply {
        guard let account = context.account else { return Reply(intent: .login, ok: false, message: Renderer.noAccounts) }
        do {
            let status = try account.logIn(show: context.announce)
            return Reply(intent: .login, ok: true, message: Renderer.signedIn(status), fields: [("status", Renderer.statusJSON(status))])
        } catch {
            return failure(.login, error)
        }
    }

    func logOut() -> Reply {
        guard let account = context.account else { return Reply(intent: .logout, ok: true, message: Renderer.notSignedIn) }
        let status = account.status()
        guard status.backend == "google" else { return Reply(intent: .logout, ok: true, message: Renderer.notSignedIn) }
        let question = Renderer.logOutQuestion(status)
        return ask(.confirm(Confirmation(intent: .logout, question: question, defaultYes: false, yes: {
            do {
                try account.logOut()
                return Reply(intent: .logout, ok: true, message: Renderer.signedOut(status))
            } catch {
                return Reply(intent: .logout, ok: false, message: Renderer.failure(error))
            }
        }, no: { Reply(intent: .logout, ok: true, message: Renderer.nothingChanged) })),
        Reply(intent: .logout, ok: true, message: question))
    }

    func showStatus() -> Reply {
        guard let account = context.account else { return Reply(intent: .status, ok: true, message: Renderer.noAccounts) }
        let status = account.status()
        return Reply(intent: .status, ok: true, message: Renderer.status(status, zone: context.zone), fields: [("status", Renderer.statusJSON(status))])
    }
}
