import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A data folder its user cannot write: what is in the store can still be read; a change
/// fails with one line on stderr and exit 1, and the store stays as it was.
@Suite struct ReadOnlyStoreTests {
    static let clock = ["--now", "2026-11-30T09:00", "--tz", "Europe/Madrid"]

    /// How to run clerk as a user who cannot write a folder of this test's: root ignores
    /// permissions, so as root clerk runs as `nobody` through setpriv(1); any other user is
    /// already bound by chmod. Nil (the test is skipped) as root without setpriv.
    static let unprivileged: [String]? = {
        guard getuid() == 0 else { return [] }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
        return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    }()

    @Test(.enabled(if: unprivileged != nil, "root without setpriv(1): no user to test as"))
    func readsButDoesNotWriteAReadOnlyStore() throws {
        let folder = try TemporaryFolder()
        defer {
            chmod(folder.path + "/data", 0o700)
            folder.remove()
        }
        let data = Self.clock + ["--data-dir", folder.path + "/data"]
        #expect(try ClerkBinary.run(data + ["--yes", "create a file notes.txt with hello"]).status == 0)
        #expect(try ClerkBinary.run(data + ["--yes", "lunch tomorrow at 13:00"]).status == 0)
        // Readable by everyone, writable by no one but root.
        chmod(folder.path, 0o755)
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path + "/data") {
            chmod(folder.path + "/data/" + file, 0o444)
        }
        chmod(folder.path + "/data", 0o555)
        let user = try #require(Self.unprivileged)

        #expect(try ClerkBinary.run(data + ["show notes.txt"], through: user)
            == .init(stdout: "── notes.txt ──\nhello\n", stderr: "", status: 0))
        #expect(try ClerkBinary.run(data + ["what's on tomorrow"], through: user)
            == .init(stdout: "Tuesday 1 Dec\n  13:00–14:00  Lunch\n", stderr: "", status: 0))
        let store = folder.path + "/data/clerk.sqlite3"
        #expect(try ClerkBinary.run(data + ["--yes", "append bye to notes.txt"], through: user)
            == .init(stdout: "Change to notes.txt:\n+ bye\nWrite it? [Y/n]\n",
                     stderr: "clerk: \(store) can't be written. Check the permissions of the file and its folder.\n", status: 1))
        #expect(try ClerkBinary.run(data + ["--yes", "delete lunch tomorrow"], through: user).stderr
            == "clerk: \(store) can't be written. Check the permissions of the file and its folder.\n")
        #expect(try ClerkBinary.run(data + ["show notes.txt"]).stdout == "── notes.txt ──\nhello\n")
        #expect(try ClerkBinary.run(data + ["what's on tomorrow"]).stdout == "Tuesday 1 Dec\n  13:00–14:00  Lunch\n")
    }
}
