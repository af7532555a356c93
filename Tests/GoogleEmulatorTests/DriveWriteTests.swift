import ClerkCore
import Foundation
@testable import GoogleEmulator
import Testing

/// Drive's writes over real HTTP: create, update, trash, delete, copy, generated ids, scopes.
@Suite struct DriveWriteTests {
    static func harness() throws -> (EmulatorHarness, String) {
        let harness = try EmulatorHarness(now: .fixed(DriveTests.now))
        return (harness, harness.token())
    }

    @Test func createsFoldersAndEmptyDocsFromMetadataAlone() throws {
        let (harness, token) = try Self.harness()
        let folder = harness.send("POST", "/drive/v3/files", json: ["name": "Projects", "mimeType": .string(Drive.folderType)], token: token)
        #expect(folder.status == 200)
        #expect(folder.json.keys == ["kind", "id", "name", "mimeType"])
        let folderID = try #require(folder.json["id"]?.stringValue)
        let inside = harness.send("POST", "/drive/v3/files?fields=parents,name", json: ["name": "Plan", "mimeType": .string(Drive.documentType),
                                                                                       "parents": [.string(folderID)]], token: token)
        #expect(inside.json == .object([("name", "Plan"), ("parents", [.string(folderID)])]))
        // No name: "Untitled"; no type: octet-stream.
        let bare = harness.send("POST", "/drive/v3/files?fields=name,mimeType,size", json: [:], token: token)
        #expect(bare.json == .object([("name", "Untitled"), ("mimeType", "application/octet-stream"), ("size", "0")]))
        // Unknown body fields are ignored; wrong types and missing parents are not.
        #expect(harness.send("POST", "/drive/v3/files", json: ["name": "x", "colour": "red"], token: token).status == 200)
        #expect(harness.send("POST", "/drive/v3/files", json: ["name": 7], token: token).status == 400)
        let orphan = harness.send("POST", "/drive/v3/files", json: ["name": "x", "parents": ["nowhere"]], token: token)
        #expect(orphan.status == 404)
        #expect(orphan.reason == "notFound")
        let file = harness.upload("a.txt", "a", token: token)["id"]!
        #expect(harness.send("POST", "/drive/v3/files", json: ["name": "x", "parents": [file]], token: token).status == 400)
        let two = harness.send("POST", "/drive/v3/files", json: ["name": "x", "parents": [.string(folderID), "root"]], token: token)
        #expect(two.status == 403)
        #expect(two.reason == "cannotAddParent")
        #expect(harness.send("POST", "/drive/v3/files", body: Array("{nope".utf8), headers: ["Content-Type: application/json"], token: token).reason
            == "parseError")
    }

    @Test func generatedIDsAreTakenOnceAndStayTakenAfterADelete() throws {
        let (harness, token) = try Self.harness()
        let answer = harness.send("GET", "/drive/v3/files/generateIds?count=3", token: token)
        #expect(answer.status == 200)
        #expect(answer.json.keys == ["kind", "space", "ids"])
        #expect(answer.json["kind"] == "drive#generatedIds")
        #expect(answer.json["space"] == "drive")
        let ids = try #require(answer.json["ids"]?.arrayValue?.compactMap { $0.stringValue })
        #expect(ids.count == 3 && Set(ids).count == 3 && ids.allSatisfy { $0.count == 33 })
        #expect(harness.send("GET", "/drive/v3/files/generateIds", token: token).json["ids"]?.arrayValue?.count == 10)
        for bad in ["count=0", "count=1001", "space=elsewhere", "type=folders"] {
            #expect(harness.send("GET", "/drive/v3/files/generateIds?\(bad)", token: token).status == 400, "\(bad)")
        }

        // A create refused for another reason leaves the id usable.
        #expect(harness.send("POST", "/drive/v3/files", json: ["id": .string(ids[0]), "parents": ["nowhere"]], token: token).status == 404)
        let made = harness.send("POST", "/drive/v3/files", json: ["id": .string(ids[0]), "name": "one.txt"], token: token)
        #expect(made.status == 200)
        #expect(made.json["id"] == .string(ids[0]))
        let again = harness.send("POST", "/drive/v3/files", json: ["id": .string(ids[0]), "name": "one again.txt"], token: token)
        #expect(again.status == 409)
        #expect(again.json["error"]?["message"] == "A file already exists with the provided ID.")

        let invented = harness.send("POST", "/drive/v3/files", json: ["id": "1NotMadeByGenerateIdsAtAllReally", "name": "x"], token: token)
        #expect(invented.status == 400)
        #expect(invented.json["error"]?["message"] == "The provided file ID is not usable.")
        let doc = harness.send("POST", "/drive/v3/files", json: ["id": .string(ids[2]), "name": "d", "mimeType": .string(Drive.documentType)], token: token)
        #expect(doc.status == 403)

        // Uploads honour generated ids too; a deleted file's id stays taken.
        let body = EmulatorHarness.multipart(["id": .string(ids[1]), "name": "two.txt"], content: Array("2".utf8), boundary: "b", lineEnd: "\n")
        let uploaded = harness.send("POST", "/upload/drive/v3/files?uploadType=multipart", body: body,
                                    headers: ["Content-Type: multipart/related; boundary=b"], token: token)
        #expect(uploaded.json["id"] == .string(ids[1]))
        #expect(harness.send("DELETE", "/drive/v3/files/\(ids[1])", token: token).status == 204)
        #expect(harness.send("POST", "/drive/v3/files", json: ["id": .string(ids[1]), "name": "two.txt"], token: token).status == 409)
    }

    @Test func trashingHidesAFileFromTrashedFalseAndRestoringBringsItBack() throws {
        let (harness, token) = try Self.harness()
        let id = harness.upload("draft.txt", "text", token: token)["id"]!.stringValue!
        let trashed = harness.send("PATCH", "/drive/v3/files/\(id)?fields=trashed,explicitlyTrashed,modifiedTime", json: ["trashed": true], token: token)
        #expect(trashed.json == .object([("trashed", true), ("explicitlyTrashed", true), ("modifiedTime", "2026-03-02T10:00:00.000Z")]))
        #expect(harness.names("trashed = false", token: token) == [])
        #expect(harness.names("", token: token) == ["draft.txt"])
        #expect(harness.names("trashed = true", token: token) == ["draft.txt"])
        // Still readable in the trash.
        #expect(harness.content(of: id, token: token) == "text")

        harness.send("PATCH", "/drive/v3/files/\(id)", json: ["trashed": false], token: token)
        #expect(harness.names("trashed = false", token: token) == ["draft.txt"])
    }

    @Test func aTrashedFolderTakesItsContentsAlongAndBringsBackOnlyThose() throws {
        let (harness, token) = try Self.harness()
        let folder = harness.folder("Box", token: token)["id"]!.stringValue!
        let inner = harness.folder("Inner", parent: folder, token: token)["id"]!.stringValue!
        let kept = harness.upload("kept.txt", "k", metadata: [("parents", [.string(inner)])], token: token)["id"]!.stringValue!
        let alone = harness.upload("alone.txt", "a", metadata: [("parents", [.string(folder)])], token: token)["id"]!.stringValue!
        harness.send("PATCH", "/drive/v3/files/\(alone)", json: ["trashed": true], token: token)
        harness.send("PATCH", "/drive/v3/files/\(folder)", json: ["trashed": true], token: token)
        let fields = "?fields=trashed,explicitlyTrashed"
        #expect(harness.send("GET", "/drive/v3/files/\(kept)" + fields, token: token).json == .object([("trashed", true), ("explicitlyTrashed", false)]))
        #expect(harness.names("trashed = false", token: token) == [])

        harness.send("PATCH", "/drive/v3/files/\(folder)", json: ["trashed": false], token: token)
        #expect(harness.names("trashed = false", orderBy: "name", token: token) == ["Box", "Inner", "kept.txt"])
        #expect(harness.send("GET", "/drive/v3/files/\(alone)" + fields, token: token).json == .object([("trashed", true), ("explicitlyTrashed", true)]))
    }

    @Test func updatesMetadataMergesPropertiesAndMovesBetweenFolders() throws {
        // Half an hour on (the access token lives an hour).
        let later = Date(timeIntervalSince1970: DriveTests.now.timeIntervalSince1970 + 1800)
        let clock = ManualTime(DriveTests.now)
        let harness = try EmulatorHarness(now: NowProvider { clock.now })
        let token = harness.token()
        let id = harness.upload("a.txt", "a", metadata: [("appProperties", ["x": "1", "y": "2"])], token: token)["id"]!.stringValue!
        let folder = harness.folder("Dest", token: token)["id"]!.stringValue!
        clock.now = later

        // Starring and app properties leave the modified time; a rename moves it.
        let starred = harness.send("PATCH", "/drive/v3/files/\(id)?fields=starred,appProperties,modifiedTime",
                                   json: ["starred": true, "appProperties": ["x": nil, "z": "3"]], token: token)
        #expect(starred.json == .object([("starred", true), ("appProperties", .object([("y", "2"), ("z", "3")])),
                                         ("modifiedTime", "2026-03-02T10:00:00.000Z")]))
        let renamed = harness.send("PATCH", "/drive/v3/files/\(id)?fields=name,description,modifiedTime,version",
                                   json: ["name": "b.txt", "description": "second", "size": "999"], token: token)
        #expect(renamed.json["name"] == "b.txt")
        #expect(renamed.json["description"] == "second")
        #expect(renamed.json["modifiedTime"] == "2026-03-02T10:30:00.000Z")
        let set = harness.send("PATCH", "/drive/v3/files/\(id)?fields=modifiedTime", json: ["modifiedTime": "2020-05-06T07:08:09.123+02:00"], token: token)
        #expect(set.json == ["modifiedTime": "2020-05-06T05:08:09.123Z"])

        let moved = harness.send("PATCH", "/drive/v3/files/\(id)?addParents=\(folder)&removeParents=root&fields=parents", json: [:], token: token)
        #expect(moved.json == ["parents": [.string(folder)]])
        #expect(harness.names("'\(folder)' in parents", token: token) == ["b.txt"])
        let second = harness.send("PATCH", "/drive/v3/files/\(id)?addParents=root", json: [:], token: token)
        #expect(second.status == 403)
        #expect(second.reason == "cannotAddParent")
        let body = harness.send("PATCH", "/drive/v3/files/\(id)", json: ["parents": ["root"]], token: token)
        #expect(body.status == 403)
        #expect(body.reason == "fieldNotWritable")
        // A folder cannot go inside itself.
        #expect(harness.send("PATCH", "/drive/v3/files/\(folder)?addParents=\(folder)&removeParents=root", json: [:], token: token).status == 400)
        #expect(harness.send("PATCH", "/drive/v3/files/nope", json: ["name": "x"], token: token).status == 404)
    }

    @Test func deletingSkipsTheTrashTakesAFoldersContentsAndEmptyTrashClearsIt() throws {
        let (harness, token) = try Self.harness()
        let id = harness.upload("gone.txt", "g", token: token)["id"]!.stringValue!
        let deleted = harness.send("DELETE", "/drive/v3/files/\(id)", token: token)
        #expect(deleted.status == 204)
        #expect(deleted.body.isEmpty)
        let after = harness.send("GET", "/drive/v3/files/\(id)", token: token)
        #expect(after.status == 404)
        #expect(after.json["error"]?["message"] == .string("File not found: \(id)."))
        #expect(harness.send("DELETE", "/drive/v3/files/\(id)", token: token).status == 404)

        let folder = harness.folder("Box", token: token)["id"]!.stringValue!
        let child = harness.upload("child.txt", "c", metadata: [("parents", [.string(folder)])], token: token)["id"]!.stringValue!
        #expect(harness.send("DELETE", "/drive/v3/files/\(folder)", token: token).status == 204)
        #expect(harness.send("GET", "/drive/v3/files/\(child)", token: token).status == 404)

        let keep = harness.upload("keep.txt", "k", token: token)["id"]!.stringValue!
        let bin = harness.upload("bin.txt", "b", token: token)["id"]!.stringValue!
        harness.send("PATCH", "/drive/v3/files/\(bin)", json: ["trashed": true], token: token)
        #expect(harness.send("DELETE", "/drive/v3/files/trash", token: token).status == 204)
        #expect(harness.send("GET", "/drive/v3/files/\(bin)", token: token).status == 404)
        #expect(harness.send("GET", "/drive/v3/files/\(keep)", token: token).status == 200)
        #expect(harness.send("DELETE", "/drive/v3/files/root", token: token).status == 403)
    }

    @Test func copiesContentAndMetadataButNotFolders() throws {
        let (harness, token) = try Self.harness()
        let source = harness.upload("report.txt", "numbers", metadata: [("description", "q3"), ("starred", true)], token: token)
        let id = source["id"]!.stringValue!
        let copy = harness.send("POST", "/drive/v3/files/\(id)/copy?fields=id,name,description,starred,parents,md5Checksum", json: [:], token: token)
        #expect(copy.status == 200)
        #expect(copy.json["name"] == "Copy of report.txt")
        #expect(copy.json["description"] == "q3")
        #expect(copy.json["starred"] == false)
        #expect(copy.json["parents"] == [.string(Drive.rootID)])
        #expect(copy.json["md5Checksum"] == source["md5Checksum"])
        #expect(copy.json["id"] != source["id"])
        #expect(harness.content(of: copy.json["id"]!.stringValue!, token: token) == "numbers")
        let named = harness.send("POST", "/drive/v3/files/\(id)/copy?fields=name", json: ["name": "mine.txt"], token: token)
        #expect(named.json == ["name": "mine.txt"])
        let folder = harness.folder("Box", token: token)["id"]!.stringValue!
        #expect(harness.send("POST", "/drive/v3/files/\(folder)/copy", json: [:], token: token).status == 403)
    }

    @Test func scopesDecideWhoMayCallWhat() throws {
        let (harness, _) = try Self.harness()
        let anonymous = harness.send("GET", "/drive/v3/files")
        #expect(anonymous.status == 401)
        #expect(anonymous.reason == "required")
        let calendarOnly = harness.token(scopes: ["https://www.googleapis.com/auth/calendar"])
        let refused = harness.send("GET", "/drive/v3/files", token: calendarOnly)
        #expect(refused.status == 403)
        #expect(refused.reason == "insufficientPermissions")

        let full = harness.token(scopes: ["https://www.googleapis.com/auth/drive.file"])
        let id = harness.upload("a.txt", "a", token: full)["id"]!.stringValue!
        let metadataOnly = harness.token(scopes: ["https://www.googleapis.com/auth/drive.metadata.readonly"])
        #expect(harness.send("GET", "/drive/v3/files/\(id)", token: metadataOnly).status == 200)
        #expect(harness.send("GET", "/drive/v3/files/\(id)?alt=media", token: metadataOnly).status == 403)
        #expect(harness.send("POST", "/drive/v3/files", json: ["name": "x"], token: metadataOnly).status == 403)
        // emptyTrash needs the full drive scope.
        #expect(harness.send("DELETE", "/drive/v3/files/trash", token: full).status == 403)
        #expect(harness.send("DELETE", "/drive/v3/files/trash", token: harness.token()).status == 204)
    }

    @Test func aShortcutNamesItsTarget() throws {
        let (harness, token) = try Self.harness()
        let target = try #require(harness.upload("plan.txt", "plan", token: token)["id"]?.stringValue)
        let shortcut = harness.send("POST", "/drive/v3/files?fields=name,mimeType,shortcutDetails",
                                    json: ["name": "Plan link", "mimeType": "application/vnd.google-apps.shortcut", "shortcutDetails": ["targetId": .string(target)]],
                                    token: token)
        #expect(shortcut.json == .object([("name", "Plan link"), ("mimeType", "application/vnd.google-apps.shortcut"),
                                          ("shortcutDetails", .object([("targetId", .string(target)), ("targetMimeType", "text/plain")]))]))
        let missing = harness.send("POST", "/drive/v3/files", json: ["name": "x", "mimeType": "application/vnd.google-apps.shortcut"], token: token)
        #expect(missing.status == 400)
        let nowhere = harness.send("POST", "/drive/v3/files", json: ["name": "x", "mimeType": "application/vnd.google-apps.shortcut",
                                                                    "shortcutDetails": ["targetId": "nope"]], token: token)
        #expect(nowhere.status == 404)
    }

    /// Found by google-api-python-client's permissions calls: files could not be shared
    /// (404), and drives.list, which sync clients ask first, was missing too.
    @Test func filesAreSharedThroughPermissions() throws {
        let (harness, token) = try Self.harness()
        let id = try #require(harness.upload("plan.txt", "plan", token: token)["id"]?.stringValue)
        let permissions = "/drive/v3/files/\(id)/permissions"
        let owner = harness.send("GET", permissions, token: token)
        #expect(owner.json == ["kind": "drive#permissionList", "permissions": [["kind": "drive#permission", "id": "07473593474698021555", "type": "user", "role": "owner"]]])

        let since = try #require(harness.send("GET", "/drive/v3/changes/startPageToken", token: token).json["startPageToken"]?.stringValue)
        let shared = harness.send("POST", permissions + "?sendNotificationEmail=false&fields=id,type,role,emailAddress",
                                  json: ["type": "user", "role": "writer", "emailAddress": "Ana@Example.com"], token: token)
        #expect(shared.status == 200)
        let ana = try #require(shared.json["id"]?.stringValue)
        #expect(shared.json == .object([("id", .string(ana)), ("type", "user"), ("emailAddress", "ana@example.com"), ("role", "writer")]))
        let link = harness.send("POST", permissions, json: ["type": "anyone", "role": "reader"], token: token)
        #expect(link.json == ["kind": "drive#permission", "id": "anyoneWithLink", "type": "anyone", "role": "reader"])
        let file = harness.send("GET", "/drive/v3/files/\(id)?fields=shared,permissionIds,modifiedTime", token: token).json
        #expect(file["shared"] == true)
        #expect(file["permissionIds"] == ["07473593474698021555", .string(ana), "anyoneWithLink"])
        #expect(file["modifiedTime"] == .string(Wire.timestamp(DriveTests.now)))
        #expect(harness.names("'ana@example.com' in writers", token: token) == ["plan.txt"])
        #expect(harness.names("'ana@example.com' in readers", token: token) == ["plan.txt"])
        #expect(harness.names("'ana@example.com' in owners", token: token) == [])
        // Sharing is a change of the file.
        let changes = harness.send("GET", "/drive/v3/changes?pageToken=\(since)&fields=changes(fileId)", token: token)
        #expect(changes.json["changes"] == [["fileId": .string(id)]])

        #expect(harness.send("PATCH", permissions + "/anyoneWithLink", json: ["role": "commenter"], token: token).json["role"] == "commenter")
        #expect(harness.send("GET", permissions + "/\(ana)?fields=role", token: token).json == ["role": "writer"])
        #expect(harness.send("DELETE", permissions + "/anyoneWithLink", token: token).status == 204)
        #expect(harness.send("GET", permissions + "/anyoneWithLink", token: token).status == 404)
        #expect(harness.send("DELETE", permissions + "/07473593474698021555", token: token).status == 403)
        #expect(harness.send("POST", permissions, json: ["type": "user", "role": "reader"], token: token).status == 400)
        #expect(harness.send("POST", permissions, json: ["type": "user", "role": "boss", "emailAddress": "x@example.com"], token: token).status == 400)
        #expect(harness.send("GET", "/drive/v3/files/nope/permissions", token: token).status == 404)
        #expect(harness.send("GET", "/drive/v3/drives", token: token).json == ["kind": "drive#driveList", "drives": []])
    }
}

/// A clock a test moves by hand.
final class ManualTime: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    init(_ instant: Date) { self.instant = instant }

    var now: Date {
        get { lock.lock(); defer { lock.unlock() }; return instant }
        set { lock.lock(); instant = newValue; lock.unlock() }
    }
}
