import ClerkCore
import ClerkLocal
import ChildProcess
import Foundation
import Testing

/// Many clerk processes changing one file at the same moment: each change reads the content
/// it changes inside the store's write transaction, so none is lost.
@Suite struct ConcurrentWritesTests {
    static let writers = 16

    /// Starts `writers` clerks at once, the k-th with `request(k)`; all must succeed.
    static func runAtOnce(_ folder: TemporaryFolder, _ request: (Int) -> String) throws {
        let environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "NO_COLOR": "1", "HOME": folder.path]
        let pids = try (1...writers).map { k in
            try Spawn.start(ClerkBinary.path, ["--data-dir", folder.path + "/data", "--yes", request(k)], environment: environment,
                            stdout: folder.path + "/\(k).out", stderr: folder.path + "/\(k).err")
        }
        #expect(pids.map { Spawn.wait($0) } == Array(repeating: 0, count: writers))
        for k in 1...writers {
            #expect(try String(contentsOfFile: folder.path + "/\(k).err", encoding: .utf8) == "")
        }
    }

    static func content(_ folder: TemporaryFolder, of name: String) throws -> String {
        let store = try LocalStore(path: folder.path + "/data/clerk.sqlite3", timeZone: Zone.gmt)
        let file = try #require(try store.files(matching: name).first)
        return try store.readFile(id: file.id)
    }

    @Test func concurrentAppendsAreAllKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try ClerkBinary.run(["--data-dir", folder.path + "/data", "--yes", "create a file shared.txt with start"]).status == 0)
        try Self.runAtOnce(folder) { "append line \($0) to shared.txt" }
        let lines = try Self.content(folder, of: "shared.txt").split(separator: "\n").map(String.init)
        #expect(lines.first == "start")
        #expect(lines.count == Self.writers + 1)
        #expect(Set(lines) == Set(["start"] + (1...Self.writers).map { "line \($0)" }))
    }

    @Test func concurrentReplacementsAreAllKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let slots = (1...Self.writers).map { String(format: "slot%02d", $0) }
        #expect(try ClerkBinary.run(["--data-dir", folder.path + "/data", "--yes",
                                     "create a file shared.txt with \(slots.joined(separator: " "))"]).status == 0)
        try Self.runAtOnce(folder) { String(format: "replace slot%02d with done%02d in shared.txt", $0, $0) }
        let expected = (1...Self.writers).map { String(format: "done%02d", $0) }.joined(separator: " ")
        #expect(try Self.content(folder, of: "shared.txt") == expected)
    }
}
