@testable import ClerkAssistant
import ClerkCore
import Testing

/// Every service failure becomes one sentence with the next step, in the conversation and
/// after `clerk: ` on the command line.
@Suite struct FailureMessageTests {
    static let conversation: [(ServiceError, String)] = [
        (.notFound(.event, id: "x1"), "That event no longer exists. Nothing changed."),
        (.alreadyExists(.calendar, name: "Work"), "A calendar named 'Work' already exists."),
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
        (.unreachable, "Couldn't reach Google. Nothing changed; check the network and try again."),
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
        (.invalid(.unknownTimeZone("Mars/Olympus")), "'Mars/Olympus' is not a time zone I know"),
        (.storage(.damaged, path: "/d/s"), "/d/s is damaged or not a clerk store. Move it aside and clerk starts a new one."),
        (.libraryMissing(.curl), "clerk needs libcurl to reach Google, and it can't be loaded: install libcurl4. Nothing changed."),
        (.libraryMissing(.ical), "clerk needs libical for repeating events and .ics files, and it can't be loaded: install libical3. Nothing changed."),
    ]

    @Test(arguments: commandLine)
    func saysItOnOneLineAfterTheProgramName(error: ServiceError, message: String) {
        #expect(Renderer.commandFailure(error) == message)
    }
}
