public import ClerkCore

extension ServiceError {
    /// What stopped a request, as the start of a sentence ("Couldn't reach Google").
    var reasonClause: String {
        switch self {
        case .rateLimited: return "Google asked clerk to slow down"
        case .timedOut: return "Google didn't answer in time"
        case .cancelled, .cancelledAfterSending: return "Stopped"
        case .signInNeeded: return "The Google sign-in ended"
        case .refused(let status, let reason) where status >= 500: return "Google had trouble (\(status) \(reason))"
        case .refused(let status, let reason): return "Google refused an event (\(status) \(reason))"
        case .malformedResponse: return "Google sent an answer clerk couldn't read"
        case .answerTooLarge(let limit): return "Google sent an answer larger than the \(Renderer.size(limit)) clerk reads"
        case .outcomeUnknown: return "The connection to Google broke"
        case .networkSignIn: return "The network answered instead of Google (a Wi-Fi sign-in page?)"
        default: return "Couldn't reach Google"
        }
    }
}

extension ItemKind {
    /// "a" or "an", before the kind's name.
    var article: String { self == .event ? "an" : "a" }
}

/// What clerk says when a service call fails: what happened, whether anything changed, and
/// the next step. The conversation and the command line (after `clerk: `) share the words.
extension Renderer {
    /// The reply in the conversation for a call that threw.
    static func failure(_ error: any Error) -> String {
        // Services throw only `ServiceError`, and the config file's writer a `Config.Failure`
        // (a file it will not write over); anything else is clerk's own mistake, and its
        // debug text is no sentence for a person.
        if let failure = error as? Config.Failure { return failure.message + ". Nothing changed." }
        guard let error = error as? ServiceError else { return unexpected + " Nothing changed." }
        switch error {
        case .notFound(let kind, _): return "That \(kind.rawValue) no longer exists. Nothing changed."
        case .alreadyExists(let kind, let name): return "\(kind.article == "an" ? "An" : "A") \(kind.rawValue) named '\(name)' already exists."
        case .invalid(let problem): return "That can't be done: \(invalid(problem))."
        default: return sentence(error)
        }
    }

    /// A failure that is no `ServiceError`: a mistake in clerk itself.
    public static let unexpected = "Something went wrong inside clerk."

    /// The line `clerk` prints after `clerk: ` for a command that failed.
    public static func commandFailure(_ error: ServiceError) -> String {
        switch error {
        case .notFound(let kind, let id): return "no \(kind.rawValue) '\(id)'"
        case .alreadyExists(let kind, let name): return "\(kind.article) \(kind.rawValue) named '\(name)' already exists"
        case .invalid(let problem): return invalid(problem)
        default: return sentence(error)
        }
    }

    /// A whole sentence, with the next step, for the failures worded the same everywhere.
    static func sentence(_ error: ServiceError) -> String {
        switch error {
        case .notFound, .alreadyExists, .invalid: return commandFailure(error)
        case .signInNeeded(.signedOut): return "You're not signed in to Google. Run 'clerk login'."
        case .signInNeeded(.expired): return "Your Google sign-in has expired. Run 'clerk login'."
        case .signInNeeded(.declined): return "Google sign-in was declined, so clerk has no access. Run 'clerk login' to try again."
        case .signInNeeded(.unreadable(let path)):
            return "The saved Google sign-in (\(path)) can't be read. Run 'clerk login' again (or use --backend local)."
        case .signInNeeded(.notCompleted(let minutes)):
            return "The sign-in wasn't finished within \(minutes) minutes. Run 'clerk login' again and open the link it shows."
        case .signInNeeded(.unreachable(let host)):
            return "Couldn't reach Google's sign-in at \(host). Check the network (and --google-endpoint), then run 'clerk login' again."
        case .cancelled: return "Cancelled."
        case .cancelledAfterSending:
            return "Stopped before Google answered, so clerk can't tell whether that went through. Look before trying again."
        case .signInNeeded(.clientRefused):
            return "Google refused clerk's OAuth client. Check google_client_id and google_client_secret in the config, then run 'clerk login'."
        case .insufficientScope(let missing):
            let names = missing.compactMap(scopeName).uniqued()
            return "Google didn't give clerk " + (names.isEmpty ? "a permission it needs" : "access to " + names.joined(separator: ", "))
                + ". Run 'clerk login' and allow it."
        case .rateLimited(let after):
            return "Google asked clerk to slow down. Nothing changed; try again " + (after.map { "in " + duration($0) } ?? "in a minute") + "."
        case .timedOut: return "Google didn't answer in time. Nothing changed; try again in a moment."
        case .unreachable: return "Couldn't reach Google. Nothing changed; check the network and try again."
        case .networkSignIn:
            return "The network answered instead of Google (a Wi-Fi sign-in page?). Nothing changed; sign in to the network in a browser and try again."
        case .outcomeUnknown:
            return "The connection to Google broke before it answered, so clerk can't tell whether that went through. Look before trying again."
        case .refused(let status, let reason) where status >= 500:
            return "Google is having trouble (\(status) \(reason)). Nothing changed; try again in a moment."
        case .refused(let status, let reason): return "Google refused that (\(status) \(reason)). Nothing changed."
        case .malformedResponse: return "Google sent an answer clerk couldn't read. Nothing changed; try again in a moment."
        case .answerTooLarge(let limit):
            return "Google sent an answer larger than the \(size(limit)) clerk reads, so clerk stopped reading it there."
        case .importInterrupted(let cause, let left):
            return cause.reasonClause + " partway through the import, so it was undone: "
                + (left == 1 ? "1 event it had added is" : "\(left) events it had added are")
                + " deleted from Google by clerk's next command ('clerk status' shows \(left == 1 ? "it" : "them") waiting)."
        case .storage(let problem, let path): return storage(problem, path: path)
        case .libraryMissing(let library): return missing(library)
        }
    }

    /// A library clerk opens on first use is not installed: what needs it and the Debian
    /// package to install.
    static func missing(_ library: SystemLibrary) -> String {
        let (name, purpose, package) = switch library {
        case .curl: ("libcurl", "to reach Google", "libcurl4")
        case .microhttpd: ("libmicrohttpd", "for the Google sign-in", "libmicrohttpd12")
        case .ical: ("libical", "for repeating events and .ics files", "libical3")
        case .editline: ("libedit", "for its interactive prompt", "libedit2")
        case .crypto: ("libcrypto", "for the Google sign-in", "libssl3")
        }
        return "clerk needs \(name) \(purpose), and it can't be loaded: install \(package). Nothing changed."
    }

    /// Why a request was refused, as a clause.
    static func invalid(_ problem: InvalidRequest) -> String {
        switch problem {
        case .emptyName(let kind): return "a \(kind.rawValue) needs a name"
        case .badFileName(let name): return "\(TextStyle.quoted(name)) can't be a file name (no '/', no control characters, not only dots)"
        case .badCalendarName(let name): return "\(TextStyle.quoted(name)) can't be a calendar name (no control characters or line breaks)"
        case .fileNameTooLong(let name, let maxBytes):
            return "\(TextStyle.quoted(name)) is longer than a file name can be (\(maxBytes) bytes)"
        case .unknownTimeZone(let zone): return "\(TextStyle.quoted(zone)) is not a time zone I know"
        case .badEventID: return "an event id can't be empty or hold spaces"
        case .endsBeforeStart: return "an event can't end before it starts"
        case .lastsTooLong(let days, let repeating):
            return repeating ? "each time a repeating event happens it can last at most \(days) days" : "an event can't last more than \(days) days"
        case .outsideYears(let years): return "an event must start and end between the years \(years.lowerBound) and \(years.upperBound)"
        case .badRecurrence(let line): return "the repeat \(TextStyle.quoted(line)) can't be read"
        case .repeatsByTheHourOnGoogle:
            return "Google Calendar can't repeat an event by the hour; say each time as an event of its own ('meeting tomorrow at 3', then 'meeting tomorrow at 5')"
        case .occurrenceCannotRepeat: return "one occurrence of a repeating event can't repeat on its own"
        case .occurrenceCannotMove: return "one occurrence of a repeating event can't move to another calendar without the rest of its series"
        case .splitAtFirst: return "a repeating event can only be changed from a later time it happens on, not its first"
        case .seriesDeleted: return "the repeating event it belongs to is deleted; bring that back first"
        case .tooLarge(let limit): return "it is larger than the \(limit) bytes allowed"
        case .contactsAreReadOnly: return "clerk reads your Google contacts but does not change them; add contacts in Google Contacts"
        case .googleDocIsReadOnly: return "clerk reads Google Docs as text but does not write them; edit it in Google Docs"
        case .primaryCalendar: return "the primary calendar can't be deleted"
        case .tooManyEvents(let limit):
            return "that span holds more than \(grouped(limit)) events, more than clerk lists at once; ask about a shorter one"
        }
    }

    /// `n` with a comma every three digits: 100,000.
    static func grouped(_ n: Int) -> String {
        var text = String(n)
        var at = text.count - 3
        while at > (n < 0 ? 1 : 0) {
            text.insert(",", at: text.index(text.startIndex, offsetBy: at))
            at -= 3
        }
        return text
    }

    static func storage(_ problem: StorageProblem, path: String) -> String {
        let path = TextStyle.path(path)
        switch problem {
        case .busy(let seconds): return "\(path) is busy: another clerk kept it locked for \(seconds) s. Try again when it is done."
        case .damaged: return "\(path) is damaged or not a clerk store. Move it aside and clerk starts a new one."
        case .readOnly: return "\(path) can't be written. Check the permissions of the file and its folder."
        case .full: return "The disk holding \(path) is full. Free some space and try again."
        case .cannotOpen: return "\(path) can't be opened. Check that its folder exists and is yours."
        case .newerSchema(let found, let known):
            return "\(path) was written by a newer clerk (schema \(found); this one knows \(known)). Update clerk."
        case .failed(let code): return "\(path): the store failed (SQLite code \(code)). Nothing changed."
        }
    }

    /// A Google scope as a person would name it; nil for one clerk does not know (never the
    /// URL).
    static func scopeName(_ scope: String) -> String? {
        switch scope.split(separator: "/").last.map(String.init) ?? scope {
        case "calendar", "calendar.events", "calendar.events.owned": return "your Calendar events"
        case "calendar.calendarlist", "calendar.calendarlist.readonly", "calendar.readonly": return "your list of calendars"
        case "calendar.app.created", "calendar.calendars": return "the calendars clerk makes"
        case "drive", "drive.file": return "Drive files"
        case "contacts", "contacts.readonly", "contacts.other.readonly": return "your Contacts"
        default: return nil
        }
    }

    /// Seconds as a person says them: "3 s", "5 min", "28 h", "12 days", "more than a year"
    /// (a `Retry-After` of 10^23 s read "2562047788015216 h").
    static func duration(_ seconds: Double) -> String {
        let whole = Int(saturating: seconds.rounded(.up))
        if whole < 90 { return "\(whole) s" }
        if whole < 90 * 60 { return "\(Int((Double(whole) / 60).rounded())) min" }
        if whole < 72 * 3600 { return "\(Int((Double(whole) / 3600).rounded())) h" }
        if whole <= 365 * 86_400 { return "\(Int((Double(whole) / 86_400).rounded())) days" }
        return "more than a year"
    }
}
