@testable import ClerkAssistant
import ClerkCore
import Foundation
import Testing

/// Every service failure becomes one sentence with the next step, in the conversation and
/// after `clerk: ` on the command line.
@Suite struct FailureMessageTests {
    static let conversation: [(ServiceError, String)] = [
        (.notFound(.event, id: "x1"), "That event no longer exists. Nothing changed."),
        (.alreadyExists(.calendar, name: "Work"), "A calendar named 'Work' already exists."),
        (.alreadyExists(.event, name: "Offsite"), "An event named 'Offsite' already exists."),
        (.invalid(.occurrenceCannotMove),
         "That can't be done: one occurrence of a repeating event can't move to another calendar without the rest of its series."),
        (.invalid(.splitAtFirst),
         "That can't be done: a repeating event can only be changed from a later time it happens on, not its first."),
        (.invalid(.endsBeforeStart), "That can't be done: an event can't end before it starts."),
        (.invalid(.lastsTooLong(maxDays: 366, repeating: true)), "That can't be done: each time a repeating event happens it can last at most 366 days."),
        (.invalid(.outsideYears(1...9999)), "That can't be done: an event must start and end between the years 1 and 9999."),
        (.invalid(.badFileName("..")), "That can't be done: '..' can't be a file name (no '/', no control characters, not only dots)."),
        (.signInNeeded(.expired), "Your Google sign-in has expired. Run 'clerk login'."),
        (.signInNeeded(.signedOut), "You're not signed in to Google. Run 'clerk login'."),
        (.insufficientScope(missing: ["https://www.googleapis.com/auth/drive.file"]),
         "Google didn't give clerk access to Drive files. Run 'clerk login' and allow it."),
        (.rateLimited(retryAfter: 2.5), "Google asked clerk to slow down. Nothing changed; try again in 3 s."),
        (.rateLimited(retryAfter: nil), "Google asked clerk to slow down. Nothing changed; try again in a minute."),
        (.insufficientScope(missing: ["https://www.googleapis.com/auth/calendar.app.created"]),
         "Google didn't give clerk access to the calendars clerk makes. Run 'clerk login' and allow it."),
        (.insufficientScope(missing: ["https://www.googleapis.com/auth/calendar.events", "https://www.googleapis.com/auth/contacts.readonly"]),
         "Google didn't give clerk access to your Calendar events, your Contacts. Run 'clerk login' and allow it."),
        (.insufficientScope(missing: []), "Google didn't give clerk a permission it needs. Run 'clerk login' and allow it."),
        (.insufficientScope(missing: ["https://www.googleapis.com/auth/gmail.send"]), "Google didn't give clerk a permission it needs. Run 'clerk login' and allow it."),
        (.rateLimited(retryAfter: 100_000), "Google asked clerk to slow down. Nothing changed; try again in 28 h."),
        (.rateLimited(retryAfter: 300), "Google asked clerk to slow down. Nothing changed; try again in 5 min."),
        (.rateLimited(retryAfter: 1_000_000), "Google asked clerk to slow down. Nothing changed; try again in 12 days."),
        (.rateLimited(retryAfter: 1e23), "Google asked clerk to slow down. Nothing changed; try again in more than a year."),
        (.cancelledAfterSending, "Stopped before Google answered, so clerk can't tell whether that went through. Look before trying again."),
        (.importInterrupted(cause: .unreachable, leftToUndo: 25),
         "Couldn't reach Google partway through the import, so it was undone: 25 events it had added are deleted from Google by clerk's next command ('clerk status' shows them waiting)."),
        (.importInterrupted(cause: .cancelled, leftToUndo: 1),
         "Stopped partway through the import, so it was undone: 1 event it had added is deleted from Google by clerk's next command ('clerk status' shows it waiting)."),
        (.signInNeeded(.unreadable(path: "/d/google-token.json")),
         "The saved Google sign-in (/d/google-token.json) can't be read. Run 'clerk login' again (or use --backend local)."),
        (.signInNeeded(.notCompleted(minutes: 5)), "The sign-in wasn't finished within 5 minutes. Run 'clerk login' again and open the link it shows."),
        (.unreachable, "Couldn't reach Google. Nothing changed; check the network and try again."),
        (.networkSignIn, "The network answered instead of Google (a Wi-Fi sign-in page?). Nothing changed; sign in to the network in a browser and try again."),
        (.refused(status: 403, reason: "forbidden"), "Google refused that (403 forbidden). Nothing changed."),
        (.storage(.busy(seconds: 30), path: "/d/clerk.sqlite3"),
         "/d/clerk.sqlite3 is busy: another clerk kept it locked for 30 s. Try again when it is done."),
        (.storage(.newerSchema(found: 9, known: 4), path: "/d/s"),
         "/d/s was written by a newer clerk (schema 9; this one knows 4). Update clerk."),
    ]

    @Test(arguments: conversation)
    func saysWhatHappenedAndWhatToDo(error: ServiceError, message: String) {
        #expect(Renderer.failure(error) == message)
    }

    static let commandLine: [(ServiceError, String)] = [
        (.notFound(.calendar, id: "nope"), "no calendar 'nope'"),
        (.alreadyExists(.file, name: "a.txt"), "a file named 'a.txt' already exists"),
        (.alreadyExists(.event, name: "Offsite"), "an event named 'Offsite' already exists"),
        (.invalid(.unknownTimeZone("Mars/Olympus")), "'Mars/Olympus' is not a time zone I know"),
        (.storage(.damaged, path: "/d/s"), "/d/s is damaged or not a clerk store. Move it aside and clerk starts a new one."),
        (.libraryMissing(.curl), "clerk needs libcurl to reach Google, and it can't be loaded: install libcurl4. Nothing changed."),
        (.libraryMissing(.ical), "clerk needs libical for repeating events and .ics files, and it can't be loaded: install libical3. Nothing changed."),
        (.answerTooLarge(limit: 256 << 20), "Google sent an answer larger than the 256.0 MB clerk reads, so clerk stopped reading it there."),
    ]

    @Test(arguments: commandLine)
    func saysItOnOneLineAfterTheProgramName(error: ServiceError, message: String) {
        #expect(Renderer.commandFailure(error) == message)
    }

    static let asOf = Date(timeIntervalSince1970: 1_796_202_000)  // Wed 2 Dec 2026 10:00 in Madrid

    /// What follows a reply; an expired sign-in or a rate limit is never "can't be reached".
    static let notices: [(AccountNotice, String)] = [
        (.offline(asOf: asOf), "(offline — as of 10:00)"),
        (.behind(asOf: asOf, cause: .malformedResponse), "(Google sent an answer clerk couldn't read — as of 10:00)"),
        (.behind(asOf: asOf, cause: .answerTooLarge(limit: 256 << 20)), "(Google sent an answer larger than the 256.0 MB clerk reads — as of 10:00)"),
        (.behind(asOf: asOf, cause: .timedOut), "(Google is slow to answer — as of 10:00)"),
        (.behind(asOf: asOf, cause: .rateLimited(retryAfter: 100_000)), "(Google asked clerk to slow down (for 28 h) — as of 10:00)"),
        (.behind(asOf: asOf, cause: .refused(status: 503, reason: "backendError")), "(Google is having trouble (503 backendError) — as of 10:00)"),
        (.waiting(count: 1, cause: .unreachable), "(Google can't be reached: 1 change waiting to be sent; clerk sends it next time.)"),
        (.waiting(count: 1, cause: .networkSignIn),
         "(The network answers instead of Google (sign in to the Wi-Fi in a browser): 1 change waiting to be sent; clerk sends it next time.)"),
        (.waiting(count: 2, cause: .rateLimited(retryAfter: nil)), "(Google asked clerk to slow down: 2 changes waiting to be sent; clerk sends them next time.)"),
        (.waiting(count: 1, cause: .signInNeeded(.expired)),
         "(Your Google sign-in has expired: 1 change waiting to be sent; run 'clerk login' and clerk sends it.)"),
        (.refused(change: "the new event 'Dentist'", error: .refused(status: 400, reason: "invalid")),
         "(Google refused the new event 'Dentist', made offline: Google refused that (400 invalid). Nothing changed.)"),
        (.dropped(change: "a change to 'Workshop'"), "(A change to 'Workshop', made offline, wasn't made: the event was deleted elsewhere.)"),
        (.keptAside(file: "plan.txt", copy: "plan (changed offline).txt"),
         "('plan.txt' was changed elsewhere while your change to it waited to be sent, so your version is in a new file, 'plan (changed offline).txt'.)"),
    ]

    @Test(arguments: notices)
    func noticesSayWhyGoogleDidNotAnswer(notice: AccountNotice, line: String) {
        #expect(Renderer.notice(notice, zone: Zone(identifier: "Europe/Madrid")!, now: Self.asOf) == line)
    }

    @Test func statusSaysWhyGoogleDidNotAnswer() {
        let expired = AccountStatus(backend: "google", account: "a@example.com", problem: .signInNeeded(.expired))
        #expect(Renderer.status(expired, zone: Zone(identifier: "Europe/Madrid")!).hasSuffix(
            "\n  Your Google sign-in has expired ('clerk login' signs in again); clerk answers from its copy."))
        let limited = AccountStatus(backend: "google", account: "a@example.com", problem: .rateLimited(retryAfter: 60))
        #expect(Renderer.status(limited, zone: Zone(identifier: "Europe/Madrid")!).hasSuffix(
            "\n  Google asked clerk to slow down (for 60 s); clerk answers from its copy."))
    }
}
