import ClerkCore
import Foundation
@testable import GoogleEmulator
import Testing

/// Drive's changes feed, about.get, and the seed and generate steps.
@Suite struct DriveChangesTests {
    @Test func theChangesSinceAStartTokenShowEachFileOnceAsItIsNow() throws {
        let harness = try EmulatorHarness(now: .fixed(DriveTests.now))
        let token = harness.token()
        let before = harness.upload("before.txt", "old", token: token)["id"]!.stringValue!

        let start = harness.send("GET", "/drive/v3/changes/startPageToken", token: token)
        #expect(start.status == 200)
        #expect(start.json.keys == ["kind", "startPageToken"])
        #expect(start.json["kind"] == "drive#startPageToken")
        let startToken = try #require(start.json["startPageToken"]?.stringValue)

        let kept = harness.upload("kept.txt", "k", token: token)["id"]!.stringValue!
        let renamed = harness.upload("draft.txt", "d", token: token)["id"]!.stringValue!
        harness.send("PATCH", "/drive/v3/files/\(renamed)", json: ["name": "final.txt"], token: token)
        harness.send("PATCH", "/drive/v3/files/\(renamed)", json: ["trashed": true], token: token)
        harness.send("DELETE", "/drive/v3/files/\(before)", token: token)

        // One change a page, so every page boundary is crossed.
        var pageToken = startToken
        var changes: [JSONValue] = []
        var pages = 0
        var newStart: String?
        while newStart == nil, pages < 10 {
            let page = harness.send("GET", "/drive/v3/changes?pageSize=1&pageToken=\(pageToken)", token: token)
            #expect(page.status == 200)
            #expect(page.json["kind"] == "drive#changeList")
            changes += page.json["changes"]?.arrayValue ?? []
            pages += 1
            if let next = page.json["nextPageToken"]?.stringValue {
                #expect(page.json["newStartPageToken"] == nil)
                pageToken = next
            } else {
                newStart = page.json["newStartPageToken"]?.stringValue
            }
        }
        #expect(pages == 3)
        #expect(changes.map { $0["fileId"] } == [.string(kept), .string(renamed), .string(before)])
        #expect(changes[0].keys == ["kind", "removed", "file", "fileId", "time", "type", "changeType"])
        #expect(changes[0]["file"]?.keys == ["kind", "id", "name", "mimeType"])
        #expect(changes[0]["kind"] == "drive#change")
        #expect(changes[0]["changeType"] == "file")
        #expect(changes[0]["time"] == "2026-03-02T10:00:00.000Z")
        #expect(changes[1]["file"]?["name"] == "final.txt")
        #expect(changes[1]["removed"] == false)
        #expect(changes[2].keys == ["kind", "removed", "fileId", "time", "type", "changeType"])
        #expect(changes[2]["removed"] == true)

        let trashedState = harness.send("GET", "/drive/v3/changes?pageToken=\(startToken)&fields=changes(fileId,file(trashed))", token: token)
        #expect(trashedState.json["changes"]?.arrayValue?[1] == .object([("file", ["trashed": true]), ("fileId", .string(renamed))]))
        let withoutRemovals = harness.send("GET", "/drive/v3/changes?pageToken=\(startToken)&includeRemoved=false", token: token)
        #expect(withoutRemovals.json["changes"]?.arrayValue?.count == 2)

        // Nothing since: the same start token again.
        let quiet = harness.send("GET", "/drive/v3/changes?pageToken=\(try #require(newStart))", token: token)
        #expect(quiet.json == .object([("kind", "drive#changeList"), ("newStartPageToken", .string(newStart!)), ("changes", [])]))
        #expect(harness.send("GET", "/drive/v3/changes/startPageToken", token: token).json["startPageToken"] == .string(newStart!))

        let missing = harness.send("GET", "/drive/v3/changes", token: token)
        #expect(missing.status == 400)
        #expect(missing.reason == "required")
        #expect(harness.send("GET", "/drive/v3/changes?pageToken=abc", token: token).status == 400)
    }

    @Test func aboutNeedsFieldsAndTellsTheAccountAndItsUsage() throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        harness.upload("a.txt", "12345", token: token)
        let trashed = harness.upload("b.txt", "123", token: token)["id"]!.stringValue!
        harness.send("PATCH", "/drive/v3/files/\(trashed)", json: ["trashed": true], token: token)
        let about = harness.send("GET", "/drive/v3/about?fields=user,storageQuota", token: token)
        #expect(about.status == 200)
        #expect(about.json["user"]?["emailAddress"] == "emulator@example.com")
        #expect(about.json["user"]?["me"] == true)
        #expect(about.json["storageQuota"] == .object([("limit", "16106127360"), ("usage", "8"), ("usageInDrive", "8"), ("usageInDriveTrash", "3")]))
        let missing = harness.send("GET", "/drive/v3/about", token: token)
        #expect(missing.status == 400)
        #expect(missing.reason == "required")
    }

    @Test func seedingLoadsTextFilesOnceAndGeneratingIsTheSameEveryRun() throws {
        let folder = NSTemporaryDirectory() + "drive-seed-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "hello".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        try "# Title".write(toFile: folder + "/readme.md", atomically: true, encoding: .utf8)
        try "a,b".write(toFile: folder + "/table.csv", atomically: true, encoding: .utf8)

        let harness = try EmulatorHarness()
        try harness.emulator.seed(from: folder)
        try harness.emulator.seed(from: folder)
        let token = harness.token()
        let listed = harness.send("GET", "/drive/v3/files?orderBy=name&fields=files(name,mimeType,parents)", token: token)
        #expect(listed.json == ["files": [
            .object([("name", "notes.txt"), ("mimeType", "text/plain"), ("parents", [.string(Drive.rootID)])]),
            .object([("name", "readme.md"), ("mimeType", "text/markdown"), ("parents", [.string(Drive.rootID)])]),
            .object([("name", "table.csv"), ("mimeType", "text/csv"), ("parents", [.string(Drive.rootID)])]),
        ]])

        func generated() throws -> [String] {
            let other = try EmulatorHarness()
            try other.emulator.generate(try GenerationPlan("files=120"))
            return other.send("GET", "/drive/v3/files?pageSize=1000&fields=files(id,name,size)", token: other.token()).json["files"]?
                .arrayValue?.map { $0.serialized() } ?? []
        }
        let first = try generated()
        #expect(first.count == 120)
        #expect(first == (try generated()))
    }
}
