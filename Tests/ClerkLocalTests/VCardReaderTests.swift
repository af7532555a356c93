import ClerkCore
@testable import ClerkLocal
import Foundation
import Testing

/// vCard 3.0 and 4.0: fields, folding, escaping, labels, many cards, and exact errors.
@Suite struct VCardReaderTests {
    static func read(_ text: String) throws(ImportError) -> [ImportedContact] {
        try VCardReader(file: "people.vcf").read(Data(text.utf8))
    }

    @Test(arguments: [
        // vCard 3.0 with everything, CRLF line ends, a folded NOTE and escapes.
        ("""
         BEGIN:VCARD\r
         VERSION:3.0\r
         FN:Ana Pérez\r
         N:Pérez;Ana;;;\r
         NICKNAME:Anita,La Jefa\r
         EMAIL;TYPE=INTERNET,WORK:ana@work.example\r
         EMAIL;TYPE=HOME;TYPE=PREF:ana@home.example\r
         TEL;TYPE=CELL:+34 600 000 001\r
         ADR;TYPE=HOME:;;Calle Mayor 1\\, 2º;Madrid;;28013;Spain\r
         BDAY:1985-05-05\r
         NOTE:Met at the conference\\, 2024.\\nLikes tea\\; not coffee. Backslash: \\\\ and a long line that was fol\r
          ded here.\r
         UID:ana-1\r
         END:VCARD\r

         """,
         ImportedContact(uid: "ana-1", contact: Contact(
            id: "", name: "Ana Pérez", givenName: "Ana", familyName: "Pérez", nicknames: ["Anita", "La Jefa"],
            emails: [LabeledValue("ana@work.example", label: "work"), LabeledValue("ana@home.example", label: "home")],
            phones: [LabeledValue("+34 600 000 001", label: "mobile")],
            addresses: [LabeledValue("Calle Mayor 1, 2º, Madrid, 28013, Spain", label: "home")],
            birthday: Birthday(year: 1985, month: 5, day: 5),
            notes: "Met at the conference, 2024.\nLikes tea; not coffee. Backslash: \\ and a long line that was folded here."))),
        // vCard 4.0: tel: URIs, quoted TYPE lists, a birthday without a year, a structured N.
        ("""
         BEGIN:VCARD
         VERSION:4.0
         FN:Dr. John Q. Public\\, Esq.
         N:Public;John;Quinlan;Dr.;Esq.
         TEL;VALUE=uri;TYPE="voice,home":tel:+1-555-555-5555
         EMAIL;TYPE=work:john@example.com
         BDAY:--0704
         ADR;TYPE=work:;Suite 5;123 Main St\\nBuilding B;Springfield;IL;62701;USA
         UID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1
         END:VCARD
         """,
         ImportedContact(uid: "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1", contact: Contact(
            id: "", name: "Dr. John Q. Public, Esq.", givenName: "John", familyName: "Public",
            emails: [LabeledValue("john@example.com", label: "work")],
            phones: [LabeledValue("+1-555-555-5555", label: "home")],
            addresses: [LabeledValue("Suite 5, 123 Main St, Building B, Springfield, IL, 62701, USA", label: "work")],
            birthday: Birthday(month: 7, day: 4)))),
        // Apple's grouped labels, a tab-folded line, 4.0's basic birthday with a time.
        ("""
         BEGIN:VCARD
         VERSION:3.0
         N:Brien;Robert;;;
         FN:Robert O'
         \tBrien
         item1.EMAIL;type=INTERNET:bob@school.example
         item1.X-ABLabel:School
         item2.TEL:555 0101
         item2.X-ABLabel:_$!<Other>!$_
         BDAY:19900102T000000Z
         UID:bob
         END:VCARD
         """,
         ImportedContact(uid: "bob", contact: Contact(
            id: "", name: "Robert O'Brien", givenName: "Robert", familyName: "Brien",
            emails: [LabeledValue("bob@school.example", label: "school")], phones: [LabeledValue("555 0101", label: "other")],
            birthday: Birthday(year: 1990, month: 1, day: 2)))),
        // Only N: the name is made from it. A text birthday is kept out.
        ("""
         BEGIN:VCARD
         VERSION:4.0
         N:García;Luis;;;
         BDAY;VALUE=text:circa 1800
         UID:luis
         END:VCARD
         """,
         ImportedContact(uid: "luis", contact: Contact(id: "", name: "Luis García", givenName: "Luis", familyName: "García"))),
        // Where someone works: ORG's first unit is the company, TITLE the job, escapes undone.
        ("""
         BEGIN:VCARD
         VERSION:3.0
         FN:José Núñez
         ORG:Acme\\, Inc.;Research;Lab 4
         TITLE:Senior Engineer
         UID:jose
         END:VCARD
         """,
         ImportedContact(uid: "jose", contact: Contact(id: "", name: "José Núñez", company: "Acme, Inc.", jobTitle: "Senior Engineer"))),
        // An empty ORG or TITLE is no company or job.
        ("""
         BEGIN:VCARD
         VERSION:4.0
         FN:Sam
         ORG:;
         TITLE:
         UID:sam
         END:VCARD
         """,
         ImportedContact(uid: "sam", contact: Contact(id: "", name: "Sam"))),
    ])
    func readsEachField(text: String, expected: ImportedContact) throws {
        #expect(try Self.read(text) == [expected])
    }

    @Test func readsManyCardsAndMakesUpStableUIDs() throws {
        let text = """
            BEGIN:VCARD
            VERSION:3.0
            FN:One
            END:VCARD

            BEGIN:VCARD
            VERSION:4.0
            FN:Two
            EMAIL:two@example.com
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            FN:Three
            UID:3
            END:VCARD
            """
        let cards = try Self.read(text)
        #expect(cards.map(\.contact.name) == ["One", "Two", "Three"])
        #expect(cards[0].uid.hasPrefix("clerk-") && cards[1].uid.hasPrefix("clerk-") && cards[0].uid != cards[1].uid)
        #expect(try Self.read(text).map(\.uid) == cards.map(\.uid))
        #expect(cards[2].uid == "3")
    }

    /// QUOTED-PRINTABLE values (vCard 2.1's, kept by some exporters in 3.0 cards) were
    /// imported as written, the name "J=C3=A9r=C3=B4me Dupont", and a soft line break ("="
    /// at the end of a line) refused the file: "expected NAME:VALUE, got 'Dupont'". A soft
    /// break whose next line is folded (starts with a space) is one too.
    @Test func decodesQuotedPrintableValues() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Dupont;J=C3=A9r=C3=B4me;;;\r\n"
            + "FN;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:J=C3=A9r=C3=B4me =\r\nDupont\r\n"
            + "NOTE;ENCODING=quoted-printable:a long =\r\n note, 100=3D100\r\nTEL;CELL:555 0100\r\nUID:jd\r\nEND:VCARD\r\n"
        #expect(try Self.read(text) == [ImportedContact(uid: "jd", contact: Contact(
            id: "", name: "Jérôme Dupont", givenName: "Jérôme", familyName: "Dupont", phones: [LabeledValue("555 0100", label: "mobile")],
            notes: "a long note, 100=100"))])
        for (line, message) in [("FN;ENCODING=QUOTED-PRINTABLE;CHARSET=ISO-8859-1:Caf=E9",
                                 "people.vcf:3: FN: expected QUOTED-PRINTABLE UTF-8 text (CHARSET=ISO-8859-1), got 'Caf=E9'; save the file as UTF-8 vCard 3.0"),
                                ("FN;ENCODING=QUOTED-PRINTABLE:Ana=FF",
                                 "people.vcf:3: FN: expected QUOTED-PRINTABLE UTF-8 text, got 'Ana=FF'; save the file as UTF-8 vCard 3.0")] {
            let error = #expect(throws: ImportError.self) { try Self.read(Self.card(line)) }
            #expect(error?.description == message)
        }
    }

    /// An `=` that starts no escape (`=ZZ`, `=%`, `=4,`) is kept as written, as RFC 2045 asks
    /// of a decoder: it was dropped, read as a soft line break ("code ZZ"). A soft break stays
    /// one, at the end of a line and before a folded one.
    @Test func quotedPrintableKeepsAnEqualsSignThatEscapesNothing() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN;ENCODING=QUOTED-PRINTABLE:Ana=\r\n Lima\r\n"
            + "NOTE;ENCODING=QUOTED-PRINTABLE:code =ZZ, 50=% off, a=3Db, =4, x=y=\r\n tail=\r\nend\r\nUID:ana\r\nEND:VCARD\r\n"
        let cards = try Self.read(text)
        #expect(cards.map(\.contact.name) == ["AnaLima"])
        #expect(cards.map(\.contact.notes) == ["code =ZZ, 50=% off, a=b, =4, x=ytailend"])
    }

    /// A file saved as UTF-16 ("Unicode" in Windows' Notepad) was refused as "a NUL byte,
    /// which text never holds", though it reads well in an editor.
    /// Year 0000 is a birthday without a year (as Google's People API writes one): it was
    /// shown as "1 January 0 — 2027 on Fri 1 Jan 2027".
    @Test func aBirthdayInTheYearZeroHasNoYear() throws {
        let cards = try VCardReader(file: "people.vcf").read(Data(Self.card("FN:Ana", "BDAY:00000101").utf8))
        #expect(cards.first?.contact.birthday == Birthday(month: 1, day: 1))
    }

    @Test func saysAFileIsUTF16() throws {
        for order in [String.Encoding.utf16LittleEndian, .utf16BigEndian] {
            let bom: [UInt8] = order == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
            let card = Data(bom) + Self.card("FN:Ana").data(using: order)!
            let error = #expect(throws: ImportError.self) { try VCardReader(file: "people.vcf").read(card) }
            #expect(error?.description == "people.vcf:1: UTF-16 text, which clerk does not read; save the file as UTF-8")
            let calendar = Data(bom) + "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".data(using: order)!
            let refused = #expect(throws: ImportError.self) { try ICalendarReader(file: "events.ics", zone: Zone(identifier: "UTC")!).read(calendar) }
            #expect(refused?.description == "events.ics:1: UTF-16 text, which clerk does not read; save the file as UTF-8")
        }
    }

    static func card(_ lines: String...) -> String {
        (["BEGIN:VCARD", "VERSION:3.0"] + lines + ["END:VCARD"]).joined(separator: "\n")
    }

    @Test(arguments: [
        ("BEGIN:VCARD\nVERSION:2.1\nFN:Old\nEND:VCARD\n", "people.vcf:2: VERSION: expected 3.0 or 4.0, got '2.1'"),
        (card("FN:Ana", "BDAY:May 5"), "people.vcf:4: BDAY: expected a date like 1985-05-05 or --05-05, got 'May 5'"),
        (card("FN:Ana", "BDAY:1985-02-30"), "people.vcf:4: BDAY: expected a date like 1985-05-05 or --05-05, got '1985-02-30'"),
        (card("EMAIL:nobody@example.com"), "people.vcf:1: VCARD: no FN or N, so the contact has no name"),
        (card("FN:Ana", "this line has no colon"), "people.vcf:4: expected NAME:VALUE, got 'this line has no colon'"),
        ("BEGIN:VCARD\nVERSION:3.0\nFN:Ana\n", "people.vcf:1: BEGIN:VCARD has no END:VCARD"),
        ("BEGIN:VCARD\nFN:Ana\nBEGIN:VCARD\n", "people.vcf:3: BEGIN:VCARD inside the card from line 1"),
        ("BEGIN:VCARD\nFN:Ana\nEND:VCALENDAR\n", "people.vcf:3: expected END:VCARD, got 'END:VCALENDAR'"),
        ("FN:Ana\n", "people.vcf:1: expected BEGIN:VCARD, got 'FN:Ana'"),
        (card("FN:Ana") + "\nhello\n", "people.vcf:5: expected BEGIN:VCARD, got 'hello'"),
        ("\n\n", "people.vcf:1: expected BEGIN:VCARD, got an empty file"),
        // A NUL byte is never text: it was imported into the name, which no lookup then found.
        (card("FN:A\u{0}na"), "people.vcf:3: a NUL byte, which text never holds"),
        (card("FN:Ana", "NOTE:first", " \u{0}folded"), "people.vcf:4: a NUL byte, which text never holds"),
        // Two cards of one UID: the second replaced the first ("1 new, 1 updated").
        (card("FN:Ana", "UID:u1") + "\n" + card("FN:Bea", "UID:u1"), "people.vcf:9: UID: 'u1' is also the UID of the card on line 4; each card needs its own"),
    ])
    func namesTheLineAndWhatIsWrong(text: String, message: String) {
        let error = #expect(throws: ImportError.self) { try Self.read(text) }
        #expect(error?.description == message)
    }
}
