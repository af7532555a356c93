import ClerkCore
import ClerkLanguage
import Foundation
import Testing

/// A month that is somebody's first name (April, May, June, Jan, August) where a person is
/// meant: with a contact of that name, after a verb of contacting, before "'s" and a detail,
/// after "the email of" — no date; a day said with the month keeps it one.
@Suite struct MonthNamesTests {
    static let known = KnownNames(calendars: ["Personal"], contacts: ["May Jones", "April Smith", "Jan Medvesek", "Bob Stone"])

    func pairs(_ text: String, known: KnownNames = MonthNamesTests.known) -> [String] {
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
}
