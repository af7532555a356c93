import ClerkCore
import ClerkLanguage
import Foundation
import Testing

/// First names that are words too. A month (April, May, June, Jan, August) where a person is
/// meant — with a contact of that name, after a verb of contacting, before "'s" and a detail,
/// after "the email of" — is no date; a day said with the month keeps it one. A contact's
/// first name that is a verb or an everyday word (Will, Bill, Mark) is the person after
/// "with", "and", "call", before "'s", after "who is".
@Suite struct NamesThatAreWordsTests {
    static let known = KnownNames(calendars: ["Personal"], contacts: ["May Jones", "April Smith", "Jan Medvesek", "Bob Stone"])
    static let wordNames = KnownNames(calendars: ["Personal"], contacts: ["Will Turner", "Bill Jones", "Mark Lee", "Rose Hill"])

    func pairs(_ text: String, known: KnownNames = NamesThatAreWordsTests.known) -> [String] {
        let understood = Router().understand(text, at: FixtureContext.reference, known: known)
        return [understood.intent.name.rawValue] + IntentSummary.pairs(understood.intent, zone: FixtureContext.zone)
    }

    @Test func aContactNamedLikeAMonthIsThePerson() {
        #expect(pairs("lunch with may on friday at 1")
            == ["create_event", "title=Lunch with May", "when=2026-12-04T13:00..2026-12-04T14:00", "attendees=may"])
        #expect(pairs("april's number") == ["contact_lookup", "name=april", "field=phone"])
        #expect(pairs("call april") == ["contact_lookup", "name=april", "field=phone", "call"])
        #expect(pairs("who is april") == ["contact_lookup", "name=april", "field=all"])
        #expect(pairs("email of may jones") == ["contact_lookup", "name=may jones", "field=email"])
        #expect(pairs("job title of jan medvesek") == ["contact_lookup", "name=jan medvesek", "field=jobTitle"])
        #expect(pairs("coffee with bob and june tomorrow at 10", known: KnownNames(contacts: ["June Lee", "Bob Stone"]))
            == ["create_event", "title=Coffee with Bob and June", "when=2026-12-01T10:00..2026-12-01T11:00", "attendees=bob|june"])
    }

    @Test func aDetailAskedOfAMonthIsSomebodyEvenUnknown() {
        #expect(pairs("the phone number of jan smith", known: .none) == ["contact_lookup", "name=jan smith", "field=phone"])
        #expect(pairs("text june", known: .none) == ["out_of_scope", "topic=messaging"])
    }

    /// Negatives: the month with a day, a month with no person around it, and "with may"
    /// when nobody is called May.
    @Test func aMonthWithADayOrNoPersonStaysADate() {
        #expect(pairs("lunch with ana on may 5", known: KnownNames(contacts: ["Ana Pérez", "May Jones"]))
            == ["create_event", "title=Lunch with Ana", "when=2027-05-05T00:00..2027-05-06T00:00", "attendees=ana", "starts=lunch"])
        #expect(pairs("holiday in may") == ["create_event", "title=Holiday", "when=2027-05-01T00:00..2027-06-01T00:00", "allDay"])
        #expect(pairs("what's on in june") == ["query_agenda", "range=2027-06-01T00:00..2027-07-01T00:00"])
        #expect(pairs("dinner with may the 4th", known: .none).contains("when=2027-05-04T00:00..2027-05-05T00:00"))
    }

    @Test func aContactNamedLikeAWordIsThePerson() {
        let known = Self.wordNames
        #expect(pairs("lunch with will tomorrow at 1", known: known)
            == ["create_event", "title=Lunch with Will", "when=2026-12-01T13:00..2026-12-01T14:00", "attendees=will"])
        #expect(pairs("drinks with bill on friday at 6", known: known)
            == ["create_event", "title=Drinks with Bill", "when=2026-12-04T18:00..2026-12-04T19:00", "attendees=bill"])
        #expect(pairs("lunch with rose and mark next tuesday at 12", known: known)
            == ["create_event", "title=Lunch with Rose and Mark", "when=2026-12-08T12:00..2026-12-08T13:00", "attendees=rose|mark"])
        #expect(pairs("will's number", known: known) == ["contact_lookup", "name=will", "field=phone"])
        #expect(pairs("call will", known: known) == ["contact_lookup", "name=will", "field=phone", "call"])
        #expect(pairs("who is will", known: known) == ["contact_lookup", "name=will", "field=all"])
    }

    /// Negatives: the word in its own use with the contact known, and the name unknown.
    @Test func theWordStaysAWordOtherwise() {
        #expect(pairs("will you show me friday", known: Self.wordNames) == ["query_agenda", "range=2026-12-04T00:00..2026-12-05T00:00"])
        #expect(pairs("mark tuesday as busy", known: Self.wordNames)
            == ["create_event", "title=Busy", "when=2026-12-01T00:00..2026-12-02T00:00", "allDay"])
        #expect(pairs("lunch with will tomorrow at 1", known: .none) == ["create_event", "title=Lunch", "when=2026-12-01T13:00..2026-12-01T14:00"])
    }
}
