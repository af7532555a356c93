import ClerkCore
@testable import ClerkLocal
import Foundation
import Testing

/// Contacts looked up by name in a real SQLite file.
@Suite struct ContactsStoreTests {
    static let people: [ImportedContact] = [
        ImportedContact(uid: "1", contact: Contact(id: "", name: "Ana Pérez", givenName: "Ana", familyName: "Pérez", nicknames: ["Anita"],
                                                   emails: [LabeledValue("ana@work.example", label: "work")],
                                                   phones: [LabeledValue("+34 600 000 001", label: "mobile")],
                                                   addresses: [LabeledValue("Calle Mayor 1, Madrid", label: "home")],
                                                   birthday: Birthday(year: 1985, month: 5, day: 5), notes: "Likes tea")),
        ImportedContact(uid: "2", contact: Contact(id: "", name: "Ana María García-López", emails: [LabeledValue("anamaria@example.com")])),
        ImportedContact(uid: "3", contact: Contact(id: "", name: "Anabel Pereira", birthday: Birthday(month: 12, day: 24))),
        ImportedContact(uid: "4", contact: Contact(id: "", name: "Pedro Anaya", nicknames: ["Peter"])),
        ImportedContact(uid: "5", contact: Contact(id: "", name: "Zoë Ånström")),
        ImportedContact(uid: "6", contact: Contact(id: "", name: "Robert O'Brien", nicknames: ["Bob", "Bobby"])),
    ]

    @Test(arguments: [
        ("ana perez", ["Ana Pérez"]),
        ("PEREZ ANA", ["Ana Pérez"]),
        ("ana per", ["Ana Pérez", "Anabel Pereira"]),
        // Whole words before beginnings; then by name.
        ("ana", ["Ana María García-López", "Ana Pérez", "Anabel Pereira", "Pedro Anaya"]),
        ("anita", ["Ana Pérez"]),
        ("lopez", ["Ana María García-López"]),
        ("garcia-lopez ana", ["Ana María García-López"]),
        ("zoe anstrom", ["Zoë Ånström"]),
        ("bob", ["Robert O'Brien"]),
        ("o'brien", ["Robert O'Brien"]),
        ("pe", ["Ana Pérez", "Anabel Pereira", "Pedro Anaya"]),
        ("peter", ["Pedro Anaya"]),
        ("maria ana", ["Ana María García-López"]),
        ("xavier", []),
        ("   ", []),
    ])
    func looksUpByTheStartOfAnyWord(query: String, expected: [String]) throws {
        let test = try TestStore()
        defer { test.remove() }
        _ = try test.store.importContacts(Self.people, progress: nil)
        #expect(try test.store.lookupContacts(query).map(\.name) == expected)
    }

    @Test func namesEveryContactWithoutReadingCards() throws {
        let test = try TestStore()
        defer { test.remove() }
        #expect(try test.store.contactNames() == [])
        _ = try test.store.importContacts(Self.people, progress: nil)
        #expect(try test.store.contactNames().sorted() == Self.people.map(\.contact.name).sorted())
    }

    @Test func returnsTheBestFirstUpToALimit() throws {
        let test = try TestStore()
        defer { test.remove() }
        _ = try test.store.importContacts(Self.people, progress: nil)
        #expect(try test.store.lookupContacts("ana", limit: 2).map(\.name) == ["Ana María García-López", "Ana Pérez"])
        #expect(try test.store.lookupContacts("ana", limit: 0) == [])
    }

    @Test func keepsEveryFieldAndUpdatesByUID() throws {
        let test = try TestStore()
        defer { test.remove() }
        #expect(try test.store.importContacts(Self.people, progress: nil) == ImportSummary(added: 6))
        let ana = try #require(try test.store.lookupContacts("ana perez").first)
        var expected = Self.people[0].contact
        expected.id = ana.id
        #expect(ana == expected)
        #expect(try test.store.contacts().map(\.name) == ["Ana María García-López", "Ana Pérez", "Anabel Pereira", "Pedro Anaya", "Robert O'Brien", "Zoë Ånström"])

        var moved = Self.people[0]
        moved.contact.phones = [LabeledValue("+34 600 999 999")]
        #expect(try test.store.importContacts(Array(Self.people.dropFirst()) + [moved], progress: nil) == ImportSummary(updated: 1, unchanged: 5))
        let updated = try #require(try test.reopened().lookupContacts("anita").first)
        #expect(updated.id == ana.id)
        #expect(updated.phones == [LabeledValue("+34 600 999 999")])
        #expect(try test.store.contacts().count == 6)
    }
}

/// Text files with revisions and a trash in a real SQLite file.
@Suite struct FilesStoreTests {
    @Test func createsReadsAndKeepsEarlierContents() throws {
        let test = try TestStore()
        defer { test.remove() }
        let notes = try test.store.createFile(named: "notes.txt", content: "first")
        #expect(notes.name == "notes.txt" && notes.size == 5 && notes.mimeType == "text/plain" && !notes.trashed)
        #expect(notes.modified == instant("2026-03-01T10:00:00Z"))
        let updated = try test.store.updateFile(id: notes.id, content: "second — ñ")
        #expect(updated.size == 13)
        try test.store.updateFile(id: notes.id, content: "third")
        #expect(try test.store.readFile(id: notes.id) == "third")
        let revisions = try test.store.revisions(ofFile: notes.id)
        #expect(revisions.map(\.id) == ["2", "1"])
        #expect(revisions.map(\.size) == [13, 5])
        #expect(try test.store.readRevision("1", ofFile: notes.id) == "first")
        #expect(try test.store.readRevision("2", ofFile: notes.id) == "second — ñ")
        #expect(throws: ServiceError.notFound(.revision, id: "9")) { try test.store.readRevision("9", ofFile: notes.id) }
        #expect(try test.store.createFile(named: "plan.md", content: "# Plan").mimeType == "text/markdown")
        #expect(throws: ServiceError.alreadyExists(.file, name: "NOTES.txt")) {
            try test.store.createFile(named: "NOTES.txt", content: "")
        }
        #expect(throws: ServiceError.invalid(.badFileName("a/b.txt"))) {
            try test.store.createFile(named: "a/b.txt", content: "")
        }
    }

    /// Names that are folders or paths on every system a file may be saved to, or hold a
    /// character no one types in a name, are refused; nothing is created.
    @Test(arguments: [".", "..", "...", "a/b.txt", "/etc/passwd", "a\u{0}b.txt", "\u{0}", "bell\u{7}.txt", "esc\u{1B}[2J.txt", "tab\tname.txt"])
    func refusesNamesThatAreNotFileNames(name: String) throws {
        let test = try TestStore()
        defer { test.remove() }
        #expect(throws: ServiceError.invalid(.badFileName(name))) { try test.store.createFile(named: name, content: "x") }
        #expect(try test.store.files(matching: nil) == [])
    }

    @Test(arguments: [".profile", "notes..txt", "a.b.c", "…", "ñandú.md", "file name with spaces.txt"])
    func acceptsOtherNames(name: String) throws {
        let test = try TestStore()
        defer { test.remove() }
        #expect(try test.store.createFile(named: name, content: "x").name == name)
    }

    /// `editFile` reads and writes under the write lock: another connection cannot write in
    /// between, what `edit` throws comes out as it is, and nothing is written then.
    @Test func editsInsideOneWriteTransaction() throws {
        struct NotThere: Error, Equatable {}
        let test = try TestStore()
        defer { test.remove() }
        let notes = try test.store.createFile(named: "notes.txt", content: "milk\n")
        let other = try test.reopened()
        var otherWrite: ServiceError?
        let edit = try test.store.editFile(id: notes.id) { current in
            do {
                _ = try other.database.withBusyTimeout(0.05) { try other.updateFile(id: notes.id, content: "lost\n") }
            } catch {
                otherWrite = error as? ServiceError
            }
            return current + "eggs\n"
        }
        #expect(otherWrite == .storage(.busy(seconds: Int(LocalStore.busyTimeout)), path: test.path))
        #expect(edit.previous == "milk\n" && edit.content == "milk\neggs\n" && edit.file.size == 10)
        #expect(try other.readFile(id: notes.id) == "milk\neggs\n")
        #expect(try test.store.readRevision("1", ofFile: notes.id) == "milk\n")

        #expect(throws: NotThere()) { try test.store.editFile(id: notes.id) { _ in throw NotThere() } }
        #expect(try test.store.readFile(id: notes.id) == "milk\neggs\n")
        #expect(try test.store.revisions(ofFile: notes.id).count == 1)
        #expect(throws: ServiceError.notFound(.file, id: "nope")) { try test.store.editFile(id: "nope") { $0 } }
    }

    @Test func trashesAndRestores() throws {
        let test = try TestStore()
        defer { test.remove() }
        let notes = try test.store.createFile(named: "notes.txt", content: "keep me")
        let list = try test.store.createFile(named: "Shopping list.txt", content: "milk")
        #expect(try test.store.files(matching: nil).map(\.name) == ["notes.txt", "Shopping list.txt"])
        #expect(try test.store.files(matching: "LIST").map(\.name) == ["Shopping list.txt"])
        try test.store.trashFile(id: notes.id)
        #expect(try test.store.files(matching: nil).map(\.id) == [list.id])
        #expect(try test.store.trashedFiles(matching: "note").map { "\($0.name) \($0.trashed)" } == ["notes.txt true"])
        #expect(throws: ServiceError.notFound(.file, id: notes.id)) { try test.store.trashFile(id: notes.id) }
        #expect(throws: ServiceError.notFound(.file, id: notes.id)) { try test.store.updateFile(id: notes.id, content: "x") }
        #expect(try test.store.readFile(id: notes.id) == "keep me")

        // A new notes.txt takes the name; the old one cannot come back over it.
        let newer = try test.store.createFile(named: "notes.txt", content: "new")
        #expect(throws: ServiceError.alreadyExists(.file, name: "notes.txt")) { try test.store.restoreFile(id: notes.id) }
        try test.store.trashFile(id: newer.id)
        #expect(try test.store.restoreFile(id: notes.id).trashed == false)
        #expect(try test.store.files(matching: "notes").map(\.id) == [notes.id])
        #expect(throws: ServiceError.notFound(.file, id: "nope")) { try test.store.readFile(id: "nope") }
    }

    /// Several of one name in the trash come in the order they were made, whatever their
    /// random ids: which one "restore notes" takes must not vary from store to store.
    @Test func trashedFilesOfOneNameComeInTheOrderMade() throws {
        let test = try TestStore()
        defer { test.remove() }
        var made: [String] = []
        for k in 1...8 {
            let file = try test.store.createFile(named: "notes.txt", content: "version \(k)")
            try test.store.trashFile(id: file.id)
            made.append(file.id)
        }
        #expect(try test.store.trashedFiles(matching: "notes").map(\.id) == made)
    }
}
