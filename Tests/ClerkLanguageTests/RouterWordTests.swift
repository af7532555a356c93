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

    /// A move by a length names the event before it, with "back", "by" or "later" and no
    /// "to" or date: the length is the shift, not part of the event's name.
    @Test(arguments: [
        ("push the dentist back an hour", 60), ("push dentist back 1 hour", 60), ("delay the dentist by 30 minutes", 30),
        ("push back the dentist by an hour", 60), ("move the dentist an hour later", 60), ("move dentist 2 hours earlier", -120),
        ("postpone the dentist by 2 hours", 120),
    ])
    func aMoveByALengthNamesTheEventBeforeIt(text: String, minutes: Int) {
        guard case .updateEvent(let reference, let changes) = read(text).intent else { Issue.record("not update_event"); return }
        #expect(reference.words == "dentist")
        #expect(changes.shiftMinutes == minutes)
        #expect(changes.when == nil)
    }

    @Test(arguments: [("remind me 10 minutes before", 10), ("remind me an hour before", 60), ("remind me a day before", 1440)])
    func remindersBefore(text: String, minutes: Int) {
        guard case .updateEvent(_, let changes) = read(text).intent else { Issue.record("not update_event"); return }
        #expect(changes.reminderMinutes == [minutes])
    }

    /// A command verb one edit away is read as the verb (`SpellingTolerance`); the change is
    /// still asked before it happens.
    @Test(arguments: [("delte notes.txt", "notes.txt"), ("dlete notes.txt", "notes.txt"), ("delete notes.txtt", "notes.txtt")])
    func typosOfCommandVerbsAreReadAsTheVerb(text: String, file: String) {
        #expect(read(text).intent == .fileDelete(name: file))
    }

    @Test func aWordNearACommandButNoVerbIsAskedAbout() {
        #expect(read("calendras").intent == .outOfScope(OutOfScope(didYouMean: "calendars")))
    }
}
