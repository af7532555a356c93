@testable import ClerkGoogle
import ClerkCore
import Foundation
import Testing

/// The token file: whole after concurrent saves, and its owner's alone.
@Suite struct TokenStoreTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "clerk-tokens-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func tokens(_ n: Int) -> GoogleTokens {
        // Lengths differ, so a shorter token written over a longer one would leave its tail.
        GoogleTokens(clientID: "client", accessToken: String(repeating: "a", count: 10 + n * 7), refreshToken: "r\(n)",
                     expiry: Date(timeIntervalSince1970: 1_800_000_000), scopes: ["s"], account: "me@example.com")
    }

    /// Two clerks refreshing at once shared `google-token.json.new`: one's rename found no file
    /// ("the disk is full"), and the file could hold a mix of both.
    @Test func concurrentSavesLeaveOneWholeFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = TokenStore(path: folder + "/google-token.json")
        let lock = NSLock()
        nonisolated(unsafe) var failures: [String] = []
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<40 {
                do { try store.save(Self.tokens(worker * 40 + round)) } catch { lock.withLock { failures.append("\(error)") } }
            }
        }
        #expect(failures.first == nil, "\(failures.count) of 320 saves failed")
        let read = try #require(try store.read())
        #expect(read == Self.tokens(Int(read.refreshToken.dropFirst())!))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["google-token.json"])
    }

    /// A token file others could read was used as it was.
    @Test func aTokenFileOthersCanReadIsMadeTheOwnersAlone() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = TokenStore(path: folder + "/google-token.json")
        try store.save(Self.tokens(1))
        chmod(store.path, 0o644)
        #expect(try store.read() == Self.tokens(1))
        let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
