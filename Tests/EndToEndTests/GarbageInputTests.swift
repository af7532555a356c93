import ClerkCore
import ClerkLocal
import Foundation
import Testing

/// Input that is not requests — random bytes, lines that are not text — changes nothing and
/// is read in time proportional to its size.
@Suite struct GarbageInputTests {
    static let clock = ["--now", "2026-11-30T09:00", "--tz", "Europe/Madrid"]

    /// A line that is not UTF-8 is refused on stderr and answers nothing, not even an open
    /// question; the lines around it are read as usual.
    @Test func aLineThatIsNotTextIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let data = Self.clock + ["--data-dir", folder.path]
        var input = Data("help\n".utf8)
        input.append(contentsOf: [0xFF, 0xFE, 0x79, 0x0A])  // not UTF-8, then "y"
        input.append(Data("help\n".utf8))
        let refused = "clerk: That line isn't UTF-8 text, so I didn't read it.\n"
        #expect(try ClerkBinary.run(data, bytes: input) == .init(stdout: PipedConversationTests.help + PipedConversationTests.help,
                                                                 stderr: refused, status: 1))
        var answers = Data("create a file todo.txt with milk\n".utf8)
        answers.append(contentsOf: [0x79, 0xC3, 0x0A])  // "y" and half a character
        answers.append(Data("y\n".utf8))
        let created = try ClerkBinary.run(data, bytes: answers)
        #expect(created == .init(stdout: "New file todo.txt:\n+ milk\nWrite it? [Y/n]\nCreated todo.txt. Say 'undo' to remove it.\n",
                                 stderr: refused, status: 1))
        // The same for a one-shot request's answer.
        var oneShotAnswers = Data([0xFF, 0x0A])
        oneShotAnswers.append(Data("y\n".utf8))
        let oneShot = try ClerkBinary.run(data + ["create a file plan.txt with milk"], bytes: oneShotAnswers)
        #expect(oneShot == .init(stdout: "New file plan.txt:\n+ milk\nWrite it? [Y/n]\nCreated plan.txt.\n",
                                 stderr: refused, status: 1))
    }

    /// A few MB of random bytes (10 MB once took 65 s and created 157 events, blank lines
    /// answering yes): done well within the bound, nothing created, the store sound. The
    /// bound is generous — this is about correctness and linear reading, not speed.
    @Test func randomBytesCreateNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var generator = SeededRandom(seed: 0x5EED)
        let bytes = Data((0..<3_000_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        let started = Date()
        let result = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path + "/data"], bytes: bytes, timeout: 60)
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 30, "took \(seconds) s")
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("clerk: ") })
        let store = try LocalStore(path: folder.path + "/data/clerk.sqlite3", timeZone: Zone(identifier: "Europe/Madrid")!)
        #expect(try store.integrityCheck() == ["ok"])
        #expect(try store.events(from: .distantPast, to: .distantFuture, calendarIDs: nil).isEmpty)
        #expect(try store.files(matching: nil).isEmpty)
        #expect(try store.calendars().map(\.name) == ["Personal"])
        #expect(try store.contacts().isEmpty)
    }
}

