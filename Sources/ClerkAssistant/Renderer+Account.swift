public import ClerkCore
public import FoundationEssentials

/// What clerk says about the account: signing in and out, its status, and the notices that
/// follow a reply (offline, changes waiting).
extension Renderer {
    static let noAccounts = "This clerk has no accounts to sign in to."
    public static let openingBrowser = "Opening your browser to sign in to Google. If it does not open, visit:"

    /// The browser command failed at once: the link printed above is the way in.
    public static func browserFailed(_ program: String, waitMinutes: Int) -> String {
        "The browser command '\(TextStyle.plain.fit(program, 40))' failed. Open the link above in a browser to sign in;"
            + " clerk waits \(waitMinutes) minutes (Ctrl-C stops it)."
    }
    /// `clerk logout` when the token file cannot be removed: nothing was signed out.
    public static func signInNotRemoved(path: String, isFolder: Bool) -> String {
        isFolder
            ? "Not signed out: a folder is where the saved sign-in goes (\(TextStyle.path(path))). Move it aside to sign out."
            : "Not signed out: \(TextStyle.path(path)) can't be removed. Check the permissions of its folder."
    }
    /// An event whose title is empty, in text output.
    static let noTitle = "(no title)"
    static let notSignedIn = "You're not signed in to Google; everything is in the local store."
    public static var notSignedInAnswer: String { notSignedIn }

    public static func signedOutAnswer(_ status: AccountStatus) -> String { signedOut(status) }

    public static func changesWouldBeLost(_ count: Int) -> String {
        "\(changes(count)) made offline \(count == 1 ? "is" : "are") still waiting to be sent to Google and would be lost."
            + " Run 'clerk status' when Google can be reached, or 'clerk logout --yes' to sign out anyway."
    }

    /// No OAuth client to sign in with.
    public static func noOAuthClient(config: String) -> String {
        "no Google OAuth client: set google_client_id and google_client_secret in \(config)"
            + " (or CLERK_GOOGLE_CLIENT_ID and CLERK_GOOGLE_CLIENT_SECRET); the README says how to make one"
    }

    public static func signedIn(_ status: AccountStatus) -> String {
        "Signed in to Google as \(status.account ?? "your account"). clerk now keeps your calendar, contacts and files there"
            + " (the local store stays: --backend local)."
    }

    static func logOutQuestion(_ status: AccountStatus) -> String {
        "Sign out of Google (\(status.account ?? "your account"))? clerk's copy of the account on this machine goes too"
            + (status.waiting > 0 ? ", and \(changes(status.waiting)) not yet sent are lost" : "") + ". [y/N]"
    }

    static func signedOut(_ status: AccountStatus) -> String {
        "Signed out of \(status.account ?? "Google"). clerk uses the local store again."
    }

    /// `clerk status`: the backend, who, when last synced, what waits.
    public static func status(_ status: AccountStatus, zone: Zone) -> String {
        guard status.backend == "google" else {
            return "Local store" + (status.store.map { ": \($0)" } ?? "") + ". Not signed in to Google ('clerk login' to sign in)."
        }
        var lines = ["Google account: \(status.account ?? "unknown")"]
        let text = DateText(zone: zone)
        lines.append("  last sync  " + (status.lastSync.map { text.day(text.localDate($0)) + " " + text.clock($0) } ?? "never"))
        lines.append("  waiting    " + (status.waiting == 0 ? "nothing" : changes(status.waiting) + " to send"))
        if let problem = status.problem { lines.append("  " + standing(problem) + "; clerk answers from its copy.") }
        return lines.joined(separator: "\n")
    }

    public static func statusJSON(_ status: AccountStatus) -> JSONValue {
        .object([
            ("backend", .string(status.backend)), ("account", .string(orNull: status.account)),
            ("lastSync", status.lastSync.map { .string(ClockText.rfc3339($0, zone: Zone.gmt)) } ?? .null),
            ("waiting", .number(Double(status.waiting))), ("offline", .bool(status.isOffline)),
        ])
    }

    static func changes(_ count: Int) -> String {
        count == 1 ? "1 change" : "\(count) changes"
    }

    /// Why Google's data or a change did not get through, as a clause: "Google can't be
    /// reached", "Google asked clerk to slow down (for 28 h)".
    static func standing(_ problem: ServiceError) -> String {
        switch problem {
        case .signInNeeded: return "Your Google sign-in has expired ('clerk login' signs in again)"
        case .rateLimited(let after): return "Google asked clerk to slow down" + (after.map { " (for \(duration($0)))" } ?? "")
        case .refused(let status, let reason): return "Google is having trouble (\(status) \(reason))"
        case .malformedResponse: return "Google sent an answer clerk couldn't read"
        case .answerTooLarge(let limit): return "Google sent an answer larger than the \(size(limit)) clerk reads"
        case .timedOut: return "Google is slow to answer"
        case .networkSignIn: return "The network answers instead of Google (sign in to the Wi-Fi in a browser)"
        default: return "Google can't be reached"
        }
    }

    /// One line after a reply.
    static func notice(_ notice: AccountNotice, zone: Zone, now: Date) -> String {
        switch notice {
        case .offline(let asOf): return "(offline — " + asOfText(asOf, zone: zone, now: now) + ")"
        case .signInExpired(let asOf): return "(Your Google sign-in has expired: run 'clerk login'. Shown " + asOfText(asOf, zone: zone, now: now) + ".)"
        case .behind(let asOf, let cause): return "(" + standing(cause) + " — " + asOfText(asOf, zone: zone, now: now) + ")"
        case .waiting(let count, .signInNeeded):
            return "(Your Google sign-in has expired: \(changes(count)) waiting to be sent; run 'clerk login' and clerk sends \(count == 1 ? "it" : "them").)"
        case .waiting(let count, let cause):
            return "(" + standing(cause) + ": \(changes(count)) waiting to be sent; clerk sends \(count == 1 ? "it" : "them") next time.)"
        case .sent(let count): return "(\(changes(count).capitalizingFirst) made offline \(count == 1 ? "was" : "were") sent to Google.)"
        case .refused(let change, let error):
            // The reason is a sentence of its own: its full stop is the notice's.
            let reason = commandFailure(error)
            return "(Google refused \(change), made offline: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason).)"
        case .dropped(let change): return "(\(change.capitalizingFirst), made offline, wasn't made: the event was deleted elsewhere.)"
        case .keptAside(let file, let copy):
            return "(\(TextStyle.quoted(file)) was changed elsewhere while your change to it waited to be sent, so your version is in a new file, \(TextStyle.quoted(copy)).)"
        }
    }

    /// "as of 10:42" today, "as of Mon 30 Nov 10:42" before.
    static func asOfText(_ date: Date?, zone: Zone, now: Date) -> String {
        guard let date else { return "nothing synced yet" }
        let text = DateText(zone: zone)
        let sameDay = text.localDate(date) == text.localDate(now)
        return "as of " + (sameDay ? "" : text.shortDay(text.localDate(date)) + " ") + text.clock(date)
    }
}

extension String {
    var capitalizingFirst: String { prefix(1).uppercased() + dropFirst() }
    /// The first letter in lower case, unless the first word is a name ("Google", "The").
    var lowercasedFirst: String { hasPrefix("Google") ? self : prefix(1).lowercased() + dropFirst() }
}

/// What clerk says about Google's own reading of a line.
extension Renderer {
    static func quickAddQuestion(_ text: String, calendar: String) -> String {
        "Google will read '\(TextStyle.plain.fit(text, 80))' and add the event it finds to \(calendar). Go ahead? [Y/n]"
    }

    static func quickAdded(_ event: Event, calendar: String, text: DateText) -> String {
        "Google added '\(event.shownTitle)', \(text.span(event.when)), on \(calendar.oneLine). ('undo' removes it.)"
    }

    static func quickAddWaits(_ text: String) -> String {
        "clerk keeps '\(TextStyle.plain.fit(text, 80))' and sends it for Google to read next time."
    }
}
