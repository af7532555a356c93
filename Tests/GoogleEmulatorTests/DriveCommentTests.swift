import ClerkCore
import Foundation
@testable import GoogleEmulator
import Testing

/// Drive's comments (v3 and v2) and v2's revisions. Before, each answered 501 "Method not
/// implemented", so a client that lists a file's comments or its history (PyDrive2's
/// `GetRevisions`, a v2 sync script) failed on the emulator where it works on Google.
@Suite struct DriveCommentTests {
    static func file(_ harness: EmulatorHarness, _ token: String, _ text: String = "one\n") throws -> String {
        let made = harness.send("POST", "/upload/drive/v3/files?uploadType=media", body: Array(text.utf8), headers: ["Content-Type: text/plain"], token: token)
        return try #require(made.json["id"]?.stringValue)
    }

    /// v3 requires `fields` on every comment method, as Drive does; a comment made is listed,
    /// read, changed and deleted (kept, `deleted`, without its text, listed only with
    /// `includeDeleted`), and the file's modifiedTime does not move.
    @Test func v3CommentsAreMadeListedChangedAndDeleted() throws {
        let (harness, token) = try DriveV2Tests.harness()
        let id = try Self.file(harness, token)
        let modified = harness.send("GET", "/drive/v3/files/\(id)?fields=modifiedTime", token: token).json["modifiedTime"]
        let base = "/drive/v3/files/\(id)/comments"
        let unfielded = harness.send("POST", base, json: ["content": "Looks good"], token: token)
        #expect(unfielded.status == 400)
        #expect(unfielded.reason == "required")
        #expect(unfielded.json["error"]?["message"] == "The 'fields' parameter is required for this method.")
        #expect(harness.send("POST", base + "?fields=id", json: ["content": ""], token: token).status == 400)
        let made = harness.send("POST", base + "?fields=*", json: ["content": "Looks <good>\nthanks", "quotedFileContent": ["value": "one"]], token: token)
        #expect(made.status == 200)
        let comment = try #require(made.json["id"]?.stringValue)
        #expect(made.json["kind"] == "drive#comment")
        #expect(made.json["content"] == "Looks <good>\nthanks")
        #expect(made.json["htmlContent"] == "Looks &lt;good&gt;<br>thanks")
        #expect(made.json["resolved"] == false && made.json["deleted"] == false)
        #expect(made.json["author"]?["me"] == true)
        #expect(made.json["quotedFileContent"] == ["mimeType": "text/html", "value": "one"])
        #expect(made.json["replies"] == [])
        #expect(harness.send("GET", "/drive/v3/files/\(id)?fields=modifiedTime", token: token).json["modifiedTime"] == modified)
        let listed = harness.send("GET", base + "?fields=comments(id,content)", token: token).json
        #expect(listed == ["comments": [["id": .string(comment), "content": "Looks <good>\nthanks"]]])
        #expect(harness.send("GET", base, token: token).status == 400)
        let changed = harness.send("PATCH", base + "/\(comment)?fields=content,htmlContent", json: ["content": "Fine"], token: token)
        #expect(changed.json == ["content": "Fine", "htmlContent": "Fine"])
        #expect(harness.send("GET", base + "/\(comment)?fields=content", token: token).json == ["content": "Fine"])
        #expect(harness.send("DELETE", base + "/\(comment)", token: token).status == 204)
        #expect(harness.send("GET", base + "?fields=comments(id)", token: token).json == ["comments": []])
        let kept = harness.send("GET", base + "?fields=comments(id,deleted,content)&includeDeleted=true", token: token).json
        #expect(kept == ["comments": [["id": .string(comment), "deleted": true]]])
        #expect(harness.send("DELETE", base + "/\(comment)", token: token).status == 404)
        let missing = harness.send("GET", base + "/nosuchcomment?fields=id", token: token)
        #expect(missing.status == 404 && missing.reason == "notFound")
        #expect(harness.send("GET", "/drive/v3/files/nofile/comments?fields=comments", token: token).status == 404)
    }

    /// v2's comments answer every field without `fields`, in v2's shape (`commentId`,
    /// `status`, `context`, `selfLink`, `fileTitle`), over the same comments as v3.
    @Test func v2CommentsAreV3sInV2sShape() throws {
        let (harness, token) = try DriveV2Tests.harness()
        let id = try Self.file(harness, token)
        let made = harness.send("POST", "/drive/v2/files/\(id)/comments", json: ["content": "Check line one", "context": ["type": "text/plain", "value": "one"]],
                                token: token)
        #expect(made.status == 200)
        let comment = try #require(made.json["commentId"]?.stringValue)
        #expect(made.json["kind"] == "drive#comment")
        #expect(made.json["status"] == "open")
        #expect(made.json["context"] == ["type": "text/plain", "value": "one"])
        #expect(made.json["selfLink"] == .string(harness.base + "/drive/v2/files/\(id)/comments/\(comment)"))
        #expect(made.json["author"]?["isAuthenticatedUser"] == true)
        #expect(made.json["fileId"] == .string(id))
        let listed = harness.send("GET", "/drive/v2/files/\(id)/comments", token: token).json
        #expect(listed["kind"] == "drive#commentList")
        #expect(listed["items"]?.arrayValue?.compactMap { $0["commentId"]?.stringValue } == [comment])
        #expect(harness.send("GET", "/drive/v3/files/\(id)/comments/\(comment)?fields=content", token: token).json == ["content": "Check line one"])
        #expect(harness.send("PUT", "/drive/v2/files/\(id)/comments/\(comment)", json: ["content": "Checked"], token: token).json["content"] == "Checked")
        #expect(harness.send("GET", "/drive/v2/files/\(id)/comments?maxResults=101", token: token).status == 400)
        #expect(harness.send("DELETE", "/drive/v2/files/\(id)/comments/\(comment)", token: token).status == 204)
        #expect(harness.send("GET", "/drive/v2/files/\(id)/comments", token: token).json["items"] == [])
    }

    /// A reply with `action: resolve` resolves its comment and one with `reopen` opens it
    /// again; replies are listed, changed and deleted as comments are (v2: `verb`).
    @Test func repliesResolveAndReopenAComment() throws {
        let (harness, token) = try DriveV2Tests.harness()
        let id = try Self.file(harness, token)
        let base = "/drive/v3/files/\(id)/comments"
        let comment = try #require(harness.send("POST", base + "?fields=id", json: ["content": "Typo in line one"], token: token).json["id"]?.stringValue)
        let replies = base + "/\(comment)/replies"
        #expect(harness.send("POST", replies, json: ["content": "Fixed"], token: token).reason == "required")
        #expect(harness.send("POST", replies + "?fields=id", json: [:], token: token).status == 400)
        #expect(harness.send("POST", replies + "?fields=id", json: ["action": "close"], token: token).status == 400)
        let fixed = harness.send("POST", replies + "?fields=id,content,action,author(me)", json: ["content": "Fixed", "action": "resolve"], token: token)
        #expect(fixed.status == 200)
        let reply = try #require(fixed.json["id"]?.stringValue)
        #expect(fixed.json["action"] == "resolve" && fixed.json["author"] == ["me": true])
        #expect(harness.send("GET", base + "/\(comment)?fields=resolved,replies(id,content)", token: token).json
                == ["resolved": true, "replies": [["id": .string(reply), "content": "Fixed"]]])
        _ = harness.send("POST", replies + "?fields=id", json: ["action": "reopen"], token: token)
        #expect(harness.send("GET", base + "/\(comment)?fields=resolved", token: token).json == ["resolved": false])
        #expect(harness.send("PATCH", replies + "/\(reply)?fields=content", json: ["content": "Fixed, thanks"], token: token).json == ["content": "Fixed, thanks"])
        #expect(harness.send("GET", replies + "?fields=replies(content)", token: token).json == ["replies": [["content": "Fixed, thanks"], ["content": ""]]])
        #expect(harness.send("DELETE", replies + "/\(reply)", token: token).status == 204)
        #expect(harness.send("GET", replies + "/\(reply)?fields=deleted,content", token: token).json == ["deleted": true])
        #expect(harness.send("GET", replies + "?fields=replies(id)", token: token).json["replies"]?.arrayValue?.count == 1)
        #expect(harness.send("GET", replies + "/nosuchreply?fields=id", token: token).status == 404)
        let v2 = harness.send("POST", "/drive/v2/files/\(id)/comments/\(comment)/replies", json: ["content": "Done", "verb": "resolve"], token: token)
        #expect(v2.json["kind"] == "drive#commentReply" && v2.json["verb"] == "resolve")
        let listed = harness.send("GET", "/drive/v2/files/\(id)/comments/\(comment)", token: token).json
        #expect(listed["status"] == "resolved")
        #expect(listed["replies"]?.arrayValue?.compactMap { $0["content"]?.stringValue } == ["", "Done"])
    }

    /// v2's revisions.list and get: the file's contents, oldest first, each with a
    /// `downloadUrl` that gives its bytes.
    @Test func v2RevisionsListAFilesHistory() throws {
        let (harness, token) = try DriveV2Tests.harness()
        let id = try Self.file(harness, token, "first\n")
        #expect(harness.send("PATCH", "/upload/drive/v3/files/\(id)?uploadType=media", body: Array("second\n".utf8), headers: ["Content-Type: text/plain"],
                             token: token).status == 200)
        let listed = harness.send("GET", "/drive/v2/files/\(id)/revisions", token: token)
        #expect(listed.status == 200)
        #expect(listed.json["kind"] == "drive#revisionList")
        let items = listed.json["items"]?.arrayValue ?? []
        #expect(items.compactMap { $0["id"]?.stringValue } == ["1", "2"])
        #expect(items.compactMap { $0["fileSize"]?.stringValue } == ["6", "7"])
        #expect(items.first?["kind"] == "drive#revision")
        #expect(items.first?["selfLink"] == .string(harness.base + "/drive/v2/files/\(id)/revisions/1"))
        let link = try #require(items.first?["downloadUrl"]?.stringValue)
        #expect(harness.send("GET", String(link.dropFirst(harness.base.count)), token: token).text == "first\n")
        #expect(harness.send("GET", "/drive/v2/files/\(id)/revisions/2?fields=id,fileSize", token: token).json == ["id": "2", "fileSize": "7"])
        #expect(harness.send("GET", "/drive/v2/files/\(id)/revisions/9", token: token).status == 404)
    }
}
