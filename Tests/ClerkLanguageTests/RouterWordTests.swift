import ClerkCore
import ClerkLanguage
import Foundation
import Testing

/// How lines are cut into words and amounts, seen through the router: file names, emails,
/// initials and possessives stay whole; lengths are read in digits and in words.
@Suite struct RouterWordTests {
    func read(_ text: String) -> Understanding {
        Router().understand(text, at: FixtureContext.reference, known: FixtureContext.known)
    }

    @Test(arguments: [
        ("show shopping-list.txt", "shopping-list.txt"),
        ("show notes.v2.md", "notes.v2.md"),
        ("read Budget_2026.csv", "Budget_2026.csv"),
    ])
    func fileNamesStayWhole(text: String, name: String) {
        #expect(read(text).intent == .fileRead(name: name))
    }

    @Test func emailsStayWholeAndBecomeAttendees() {
        guard case .createEvent(let e) = read("sync with ana.perez@example.co.uk tomorrow at 10").intent else { Issue.record("not create_event"); return }
        #expect(e.attendees.map(\.email) == ["ana.perez@example.co.uk"])
    }

    @Test(arguments: [
        ("what is Mary S.'s phone number", "Mary S."),
        ("James' email", "James"),
        ("Ana’s phone", "Ana"),
        ("what's María José's address", "María José"),
    ])
    func possessivesAndInitialsNameTheContact(text: String, name: String) {
        guard case .contactLookup(let query) = read(text).intent else { Issue.record("not contact_lookup"); return }
        #expect(query.name == name)
    }

    @Test(arguments: [
        ("for 2 hours", 120), ("for an hour", 60), ("for half an hour", 30), ("for 90 minutes", 90),
        ("for ninety minutes", 90), ("for an hour and a half", 90), ("for 1h30", 90), ("for 2h", 120),
        ("for twenty five minutes", 25), ("for 1 hour 15 minutes", 75), ("for a couple of hours", 120),
    ])
    func lengthsInDigitsAndWords(text: String, minutes: Int) {
        guard case .updateEvent(let reference, let changes) = read(text).intent else { Issue.record("not update_event"); return }
        #expect(reference == .lastShown)
        #expect(changes.durationMinutes == minutes)
    }

    @Test(arguments: [("remind me 10 minutes before", 10), ("remind me an hour before", 60), ("remind me a day before", 1440)])
    func remindersBefore(text: String, minutes: Int) {
        guard case .updateEvent(_, let changes) = read(text).intent else { Issue.record("not update_event"); return }
        #expect(changes.reminderMinutes == [minutes])
    }

    @Test(arguments: [
        ("delte notes.txt", Intent.outOfScope(OutOfScope(didYouMean: "delete notes.txt"))),
        ("dlete notes.txt", Intent.outOfScope(OutOfScope(didYouMean: "delete notes.txt"))),
        // A file name with a typo is still a file name: the store says it does not exist.
        ("delete notes.txtt", Intent.fileDelete(name: "notes.txtt")),
    ])
    func typosOfCommandsAreCaught(text: String, intent: Intent) {
        #expect(read(text).intent == intent)
    }
}
