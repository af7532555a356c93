@testable import ClerkCore
import Foundation
import Testing

/// Reading small files whole with `open` and `read` (zones, the config file, the token file).
@Suite struct SmallFileTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "smallfile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func readsAFileWholeAndTellsWhyItCannot() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 * 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/big"))
        try Data().write(to: URL(fileURLWithPath: dir + "/empty"))

        #expect(SmallFile.read(dir + "/big", limit: 70_000) == .contents(bytes))
        #expect(SmallFile.read(dir + "/big", limit: 69_999) == .tooLarge)
        #expect(SmallFile.read(dir + "/empty", limit: 10) == .contents([]))
        #expect(SmallFile.read(dir + "/missing", limit: 10) == .failed(errno: ENOENT))
        #expect(SmallFile.read(dir + "/big/below", limit: 10) == .failed(errno: ENOTDIR))
        #expect(SmallFile.read(dir, limit: 10) == .notRegular)
        #expect(SmallFile.contents(dir + "/big", limit: 70_000) == bytes)
        #expect(SmallFile.contents(dir + "/missing", limit: 10) == nil)
        #expect(SmallFile.contents(dir, limit: 10) == nil)
    }

    /// A FIFO where a file is expected is turned away at once, not waited on for a writer.
    @Test func aFIFOIsNotAFileAndIsNotWaitedOn() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/pipe", 0o600) == 0)
        #expect(SmallFile.read(dir + "/pipe", limit: 10) == .notRegular)
    }
}
