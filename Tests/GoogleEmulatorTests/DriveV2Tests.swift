import ClerkCore
import Foundation
@testable import GoogleEmulator
import Testing

/// Drive v2, as PyDrive and older scripts send it, over the same files as v3. Before, every
/// path under `/drive/v2/` was a 404.
@Suite struct DriveV2Tests {
    static func harness() throws -> (EmulatorHarness, String) {
        let harness = try EmulatorHarness(now: CalendarTests.now)
        return (harness, harness.token())
    }

    /// A multipart insert with v2's metadata (`title`, `parents: [{id}]`, `labels`,
    /// `properties`) answers v2's File, and v3 sees the same file.
    @Test func aFileInsertedWithV2IsTheSameFileInV3() throws {
        let (harness, token) = try Self.harness()
        let folder = harness.send("POST", "/drive/v2/files", json: ["title": "Notes", "mimeType": .string(Drive.folderType)], token: token).json
        let folderID = try #require(folder["id"]?.stringValue)
        #expect(folder["kind"] == "drive#file")
        #expect(folder["parents"]?.arrayValue?.first?["isRoot"] == true)
        #expect(folder["downloadUrl"] == nil)
        let metadata: JSONValue = ["title": "plan.txt", "parents": [["id": .string(folderID)]], "labels": ["starred": true],
                                   "properties": [["key": "owner", "value": "ana", "visibility": "PUBLIC"], ["key": "app", "value": "x"]]]
        let body = EmulatorHarness.multipart(metadata, content: Array("step one\n".utf8), boundary: "v2b", lineEnd: "\r\n")
        let made = harness.send("POST", "/upload/drive/v2/files?uploadType=multipart", body: body,
                                headers: ["Content-Type: multipart/related; boundary=v2b"], token: token)
        #expect(made.status == 200)
        let file = made.json
        let id = try #require(file["id"]?.stringValue)
        #expect(file["title"] == "plan.txt")
        #expect(file["mimeType"] == "text/plain")
        #expect(file["fileSize"] == "9")
        #expect(file["labels"]?["starred"] == true)
        #expect(file["labels"]?["trashed"] == false)
        #expect(file["parents"] == [["kind": "drive#parentReference", "id": .string(folderID),
                                     "selfLink": .string(harness.base + "/drive/v2/files/\(id)/parents/\(folderID)"),
                                     "parentLink": .string(harness.base + "/drive/v2/files/\(folderID)"), "isRoot": false]])
        #expect(file["downloadUrl"] == .string(harness.base + "/drive/v2/files/\(id)?alt=media&source=downloadUrl"))
        #expect(file["alternateLink"] == .string("https://drive.google.com/file/d/\(id)/view?usp=drivesdk"))
        #expect(file["md5Checksum"] == "54d18715ce4773cb127a526535c3d28c")
        #expect(file["properties"]?.arrayValue?.map { "\($0["key"]?.stringValue ?? "")=\($0["value"]?.stringValue ?? "") \($0["visibility"]?.stringValue ?? "")" }
                == ["owner=ana PUBLIC", "app=x PRIVATE"])
        // v3 sees it, in its own terms.
        let seen = harness.send("GET", "/drive/v3/files/\(id)?fields=name,parents,starred,size,properties,appProperties", token: token).json
        #expect(seen == ["name": "plan.txt", "starred": true, "parents": [.string(folderID)], "properties": ["owner": "ana"],
                         "appProperties": ["app": "x"], "size": "9"])
        // The downloadUrl is where the content is (PyDrive fetches it with its authorized http).
        let download = harness.send("GET", "/drive/v2/files/\(id)?alt=media&source=downloadUrl", token: token)
        #expect(download.text == "step one\n")
        // A file made with v3 is listed by v2.
        harness.upload("todo.md", "# todo\n", type: "text/markdown", token: token)
        let listed = harness.send("GET", "/drive/v2/files?" + EmulatorHarness.query([("q", "'root' in parents and trashed = false"),
                                                                                     ("fields", "items(title,mimeType)")]), token: token)
        #expect(listed.json == ["items": [["title": "Notes", "mimeType": .string(Drive.folderType)], ["title": "todo.md", "mimeType": "text/markdown"]]])
    }

    /// files.list in v2's terms: `title`, `modifiedDate`, `maxResults`, `items`, `nextPageToken`
    /// with `nextLink`; v3's names are refused.
    @Test func listsWithV2sQueryTermsAndPages() throws {
        let (harness, token) = try Self.harness()
        for name in ["a report.txt", "b report.txt", "c notes.txt"] { harness.upload(name, "x", token: token) }
        let first = harness.send("GET", "/drive/v2/files?" + EmulatorHarness.query([("q", #"title contains "report""#), ("maxResults", "1"),
                                                                                    ("orderBy", "title desc")]), token: token)
        #expect(first.status == 200)
        #expect(first.json["kind"] == "drive#fileList")
        #expect(first.json["items"]?.arrayValue?.map { $0["title"] } == ["b report.txt"])
        let next = try #require(first.json["nextPageToken"]?.stringValue)
        #expect(first.json["nextLink"]?.stringValue?.hasPrefix(harness.base + "/drive/v2/files?") == true)
        let second = harness.send("GET", "/drive/v2/files?" + EmulatorHarness.query([("q", #"title contains "report""#), ("maxResults", "1"),
                                                                                     ("orderBy", "title desc"), ("pageToken", next)]), token: token)
        #expect(second.json["items"]?.arrayValue?.map { $0["title"] } == ["a report.txt"])
        #expect(second.json["nextPageToken"] == nil)
        let wrong = harness.send("GET", "/drive/v2/files?" + EmulatorHarness.query([("q", "name = 'a report.txt'")]), token: token)
        #expect(wrong.status == 400)
        #expect(wrong.reason == "invalid")
        #expect(harness.send("GET", "/drive/v2/files?orderBy=name", token: token).status == 400)
        let dated = harness.send("GET", "/drive/v2/files?" + EmulatorHarness.query([("q", "modifiedDate > '2020-01-01'"), ("fields", "items(id)")]),
                                 token: token)
        #expect(dated.json["items"]?.arrayValue?.count == 3)
    }

    /// update and patch change metadata (and `parents`, which v3 refuses), PUT to the upload
    /// path replaces the content; trash, untrash and delete as v2 names them.
    @Test func updatesTrashesAndDeletesAsV2Does() throws {
        let (harness, token) = try Self.harness()
        let folder = harness.folder("Archive", token: token)
        let folderID = try #require(folder["id"]?.stringValue)
        let id = try #require(harness.upload("draft.txt", "one", token: token)["id"]?.stringValue)
        let patched = harness.send("PATCH", "/drive/v2/files/\(id)", json: ["title": "final.txt", "parents": [["id": .string(folderID)]]], token: token)
        #expect(patched.status == 200)
        #expect(patched.json["title"] == "final.txt")
        #expect(patched.json["parents"]?.arrayValue?.map { $0["id"] } == [.string(folderID)])
        let media = harness.send("PUT", "/upload/drive/v2/files/\(id)?uploadType=media", body: Array("two".utf8),
                                 headers: ["Content-Type: text/plain"], token: token)
        #expect(media.status == 200)
        #expect(media.json["fileSize"] == "3")
        #expect(harness.content(of: id, token: token) == "two")
        #expect(harness.send("PUT", "/upload/drive/v2/files/\(id)?uploadType=media", body: Array("x".utf8)).status == 401)
        let updated = harness.send("PUT", "/drive/v2/files/\(id)", json: ["title": "kept.txt", "labels": ["starred": true]], token: token)
        #expect(updated.json["labels"]?["starred"] == true)
        let trashed = harness.send("POST", "/drive/v2/files/\(id)/trash", token: token)
        #expect(trashed.json["labels"]?["trashed"] == true)
        #expect(trashed.json["explicitlyTrashed"] == true)
        #expect(harness.send("GET", "/drive/v3/files/\(id)?fields=trashed", token: token).json == ["trashed": true])
        #expect(harness.send("POST", "/drive/v2/files/\(id)/untrash", token: token).json["labels"]?["trashed"] == false)
        let copy = harness.send("POST", "/drive/v2/files/\(id)/copy", json: ["title": "copy.txt"], token: token)
        #expect(copy.json["title"] == "copy.txt")
        #expect(copy.json["parents"]?.arrayValue?.map { $0["id"] } == [.string(folderID)])
        let children = harness.send("GET", "/drive/v2/files/\(folderID)/children", token: token)
        #expect(children.json["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue }.sorted()
                == [id, copy.json["id"]?.stringValue ?? ""].sorted())
        #expect(harness.send("DELETE", "/drive/v2/files/\(id)", token: token).status == 204)
        let gone = harness.send("GET", "/drive/v2/files/\(id)", token: token)
        #expect(gone.status == 404)
        #expect(gone.text == #"{"error":{"errors":[{"domain":"global","reason":"notFound","message":"File not found: \#(id).","locationType":"parameter","location":"fileId"}],"code":404,"message":"File not found: \#(id)."}}"#)
    }

    /// A resumable insert (PyDrive2's Upload) and a resumable update (its second Upload):
    /// the session answers v2's File when the last byte comes.
    @Test func resumableInsertAndUpdateAnswerV2sFile() throws {
        let (harness, token) = try Self.harness()
        let start = harness.send("POST", "/upload/drive/v2/files?uploadType=resumable&supportsAllDrives=true", json: ["title": "big.txt"],
                                 headers: ["X-Upload-Content-Type: text/plain"], token: token)
        #expect(start.status == 200)
        let location = try #require(start.header("location"))
        #expect(location.hasPrefix(harness.base + "/upload/drive/v2/files?"))
        let path = String(location.dropFirst(harness.base.count))
        let done = harness.send("PUT", path, body: Array("hello".utf8), headers: ["Content-Range: bytes 0-4/5"])
        #expect(done.status == 200)
        #expect(done.json["title"] == "big.txt")
        #expect(done.json["fileSize"] == "5")
        let id = try #require(done.json["id"]?.stringValue)
        let again = harness.send("PUT", "/upload/drive/v2/files/\(id)?uploadType=resumable", json: ["title": "bigger.txt"], token: token)
        let session = String(try #require(again.header("location")).dropFirst(harness.base.count))
        #expect(session.hasPrefix("/upload/drive/v2/files/\(id)?"))
        let replaced = harness.send("PUT", session, body: Array("hello again".utf8), headers: ["Content-Range: bytes 0-10/11"])
        #expect(replaced.status == 200)
        #expect(replaced.json["title"] == "bigger.txt")
        #expect(harness.content(of: id, token: token) == "hello again")
    }

    /// PyDrive2's InsertPermission and GetPermissions: v2's Permission (`value`, `withLink`)
    /// over v3's sharing, so v3 lists what v2 added.
    @Test func sharesWithV2sPermissions() throws {
        let (harness, token) = try Self.harness()
        let id = try #require(harness.upload("shared.txt", "x", token: token)["id"]?.stringValue)
        let anyone = harness.send("POST", "/drive/v2/files/\(id)/permissions", json: ["type": "anyone", "value": "anyone", "role": "reader", "withLink": true],
                                  token: token)
        #expect(anyone.status == 200)
        #expect(anyone.json["id"] == "anyoneWithLink")
        #expect(anyone.json["withLink"] == true)
        let ana = harness.send("POST", "/drive/v2/files/\(id)/permissions",
                               json: ["type": "user", "value": "Ana@Example.com", "role": "reader", "additionalRoles": ["commenter"]], token: token)
        #expect(ana.json["value"] == "ana@example.com")
        #expect(ana.json["role"] == "commenter")
        let anaID = try #require(ana.json["id"]?.stringValue)
        let idForEmail = harness.send("GET", "/drive/v2/permissionIds/ana%40example.com", token: token)
        #expect(idForEmail.json == ["kind": "drive#permissionId", "id": .string(anaID)])
        let v3 = harness.send("GET", "/drive/v3/files/\(id)/permissions?fields=permissions(id,role,emailAddress)", token: token)
        #expect(v3.json["permissions"]?.arrayValue?.compactMap { $0["role"]?.stringValue } == ["owner", "reader", "commenter"])
        let listed = harness.send("GET", "/drive/v2/files/\(id)/permissions?fields=items(role,type)", token: token)
        #expect(listed.json == ["items": [["role": "owner", "type": "user"], ["role": "reader", "type": "anyone"], ["role": "commenter", "type": "user"]]])
        #expect(harness.send("PATCH", "/drive/v2/files/\(id)/permissions/\(anaID)", json: ["role": "writer"], token: token).json["role"] == "writer")
        #expect(harness.send("DELETE", "/drive/v2/files/\(id)/permissions/\(anaID)", token: token).status == 204)
        #expect(harness.send("GET", "/drive/v2/files/\(id)/permissions/\(anaID)", token: token).status == 404)
    }

    /// `convert=true` (PyDrive's `Upload(param={'convert': True})`) makes a Google Doc of a
    /// text upload, whose exportLinks are at the emulator (they were Google's, and convert was
    /// ignored: the file stayed text/plain).
    @Test func convertMakesADocWhoseExportLinksWork() throws {
        let (harness, token) = try Self.harness()
        let body = EmulatorHarness.multipart(["title": "minutes", "mimeType": "text/plain"], content: Array("line one\nline two".utf8),
                                             boundary: "cv", lineEnd: "\r\n")
        let made = harness.send("POST", "/upload/drive/v2/files?uploadType=multipart&convert=true", body: body,
                                headers: ["Content-Type: multipart/related; boundary=cv"], token: token)
        #expect(made.json["mimeType"] == .string(Drive.documentType))
        #expect(made.json["downloadUrl"] == nil)
        let link = try #require(made.json["exportLinks"]?["text/plain"]?.stringValue)
        #expect(link.hasPrefix(harness.base + "/drive/v2/files/"))
        let exported = harness.send("GET", String(link.dropFirst(harness.base.count)), token: token)
        #expect(exported.text == "\u{FEFF}line one\r\nline two")
        let start = harness.send("POST", "/upload/drive/v2/files?uploadType=resumable&convert=true", json: ["title": "sheet"],
                                 headers: ["X-Upload-Content-Type: text/csv"], token: token)
        let session = String(try #require(start.header("location")).dropFirst(harness.base.count))
        #expect(harness.send("PUT", session, body: Array("a,b\n".utf8), headers: ["Content-Range: bytes 0-3/4"]).json["mimeType"]
                == .string(Drive.spreadsheetType))
        let plain = harness.send("POST", "/upload/drive/v2/files?uploadType=media", body: Array("x".utf8), headers: ["Content-Type: text/plain"], token: token)
        #expect(plain.json["mimeType"] == "text/plain")
        #expect(harness.send("POST", "/upload/drive/v2/files?uploadType=media&convert=maybe", body: Array("x".utf8), token: token).status == 400)
    }

    /// changes.list as v2 answers it (`items`, `deleted`, `id` the change number), over the
    /// same feed as v3's; changes.get of one change.
    @Test func listsChangesAsV2Does() throws {
        let (harness, token) = try Self.harness()
        let start = try #require(harness.send("GET", "/drive/v2/changes/startPageToken", token: token).json["startPageToken"]?.stringValue)
        let kept = try #require(harness.upload("kept.txt", "a", token: token)["id"]?.stringValue)
        let gone = try #require(harness.upload("gone.txt", "b", token: token)["id"]?.stringValue)
        #expect(harness.send("DELETE", "/drive/v2/files/\(gone)", token: token).status == 204)
        let page = harness.send("GET", "/drive/v2/changes?pageToken=\(start)&maxResults=1", token: token)
        #expect(page.json["items"]?.arrayValue?.map { "\($0["fileId"]?.stringValue ?? "") \($0["deleted"]?.boolValue ?? true)" } == ["\(kept) false"])
        #expect(page.json["items"]?.arrayValue?.first?["file"]?["title"] == "kept.txt")
        let next = try #require(page.json["nextPageToken"]?.stringValue)
        let rest = harness.send("GET", "/drive/v2/changes?pageToken=\(next)", token: token)
        #expect(rest.json["items"]?.arrayValue?.map { "\($0["fileId"]?.stringValue ?? "") \($0["deleted"]?.boolValue ?? false)" } == ["\(gone) true"])
        #expect(rest.json["newStartPageToken"] != nil)
        let changeID = try #require(page.json["items"]?.arrayValue?.first?["id"]?.stringValue)
        #expect(harness.send("GET", "/drive/v2/changes/\(changeID)", token: token).json["fileId"] == .string(kept))
        #expect(harness.send("GET", "/drive/v2/changes/999999", token: token).status == 404)
        #expect(harness.send("GET", "/drive/v2/changes?pageToken=\(start)&includeDeleted=false&fields=items(fileId)", token: token).json
                == ["items": [["fileId": .string(kept)]]])
    }

    /// What v2 refuses is said in v2's names (`title`, `modifiedDate`), and `modifiedDate`
    /// is taken only with `setModifiedDate=true`.
    @Test func refusesInV2sOwnNames() throws {
        let (harness, token) = try Self.harness()
        let cases: [(String, JSONValue, String)] = [
            ("", ["title": 5], "Invalid value for title."),
            ("?setModifiedDate=true", ["title": "a", "modifiedDate": "yesterday"], "Invalid value for modifiedDate: yesterday"),
            ("", ["title": "a", "labels": ["starred": "yes"]], "Invalid value for labels.starred."),
            ("", ["title": "a", "parents": [[:]]], "Required: parents.id"),
            ("", ["title": "a", "properties": [["key": "k", "value": "v", "visibility": "Team"]]], "Invalid value for properties.visibility: Team"),
        ]
        for (query, body, message) in cases {
            let refused = harness.send("POST", "/drive/v2/files" + query, json: body, token: token)
            #expect(refused.status == 400, "\(body.serialized())")
            #expect(refused.json["error"]?["message"]?.stringValue == message, "\(body.serialized())")
        }
        // The typed parameters of v2's discovery document are checked before the method runs,
        // as v3's are (they were read only where a handler looked).
        let projection = harness.send("GET", "/drive/v2/files?projection=EVERYTHING", token: token)
        #expect(projection.status == 400)
        #expect(projection.reason == "invalidParameter")
        #expect(harness.send("GET", "/drive/v2/files/nope?acknowledgeAbuse=maybe", token: token).reason == "invalid")
        #expect(harness.send("GET", "/drive/v2/files/nope?acknowledgeAbuse=true", token: token).status == 404)
        #expect(harness.send("GET", "/drive/v2/files/nope/export", token: token).reason == "required")
        let ignored = harness.send("POST", "/drive/v2/files?fields=modifiedDate", json: ["title": "a", "modifiedDate": "2001-01-01T00:00:00Z"], token: token)
        #expect(ignored.json["modifiedDate"] == .string(Wire.timestamp(CalendarTests.now.now())))
        let set = harness.send("POST", "/drive/v2/files?setModifiedDate=true&fields=modifiedDate", json: ["title": "a", "modifiedDate": "2001-01-01T00:00:00Z"],
                               token: token)
        #expect(set.json == ["modifiedDate": "2001-01-01T00:00:00.000Z"])
    }

    /// v2's properties resource over v3's properties (PUBLIC) and appProperties (PRIVATE).
    @Test func keepsPropertiesAsV3sMaps() throws {
        let (harness, token) = try Self.harness()
        let id = try #require(harness.upload("p.txt", "x", token: token)["id"]?.stringValue)
        let path = "/drive/v2/files/\(id)/properties"
        let made = harness.send("POST", path, json: ["key": "project", "value": "apollo", "visibility": "PUBLIC"], token: token)
        #expect(made.json["kind"] == "drive#property")
        #expect(made.json["visibility"] == "PUBLIC")
        #expect(harness.send("POST", path, json: ["key": "secret", "value": "1"], token: token).json["visibility"] == "PRIVATE")
        #expect(harness.send("GET", "/drive/v3/files/\(id)?fields=properties,appProperties", token: token).json
                == ["properties": ["project": "apollo"], "appProperties": ["secret": "1"]])
        #expect(harness.send("GET", path + "?fields=items(key,value)", token: token).json == ["items": [["key": "project", "value": "apollo"], ["key": "secret", "value": "1"]]])
        #expect(harness.send("GET", path + "/project?visibility=PUBLIC&fields=value", token: token).json == ["value": "apollo"])
        #expect(harness.send("GET", path + "/project", token: token).status == 404)  // PRIVATE by default
        #expect(harness.send("PATCH", path + "/secret", json: ["value": "2"], token: token).json["value"] == "2")
        #expect(harness.send("PATCH", path + "/nothing", json: ["value": "2"], token: token).status == 404)
        #expect(harness.send("DELETE", path + "/project?visibility=public", token: token).status == 204)
        #expect(harness.send("GET", "/drive/v3/files/\(id)?fields=properties,appProperties", token: token).json == ["appProperties": ["secret": "2"]])
        #expect(harness.send("POST", path, json: ["value": "x"], token: token).reason == "required")
        #expect(harness.send("GET", path + "/secret?visibility=team", token: token).reason == "invalid")
    }

    /// v2's batchPath, `batch/drive/v2` (google-api-python-client's new_batch_http_request
    /// of a v2 service), was a 404.
    @Test func aBatchOfV2Requests() throws {
        let (harness, token) = try Self.harness()
        let id = try #require(harness.upload("a.txt", "x", token: token)["id"]?.stringValue)
        let answer = harness.send("POST", "/batch/drive/v2", body: ClientContractTests.batchBody(["/drive/v2/files/\(id)?fields=title", "/drive/v2/files/nope"]),
                                  headers: ["Content-Type: multipart/mixed; boundary=b"], token: token)
        #expect(answer.status == 200)
        let parts = try ClientContractTests.batchAnswers(answer)
        #expect(parts.map(\.status) == ["HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found"])
        #expect(parts.first?.body == ["title": "a.txt"])
    }

    /// about.get answers every field without `fields` (v3 requires it).
    @Test func aboutAnswersTheRootAndTheQuota() throws {
        let (harness, token) = try Self.harness()
        harness.upload("a.txt", "12345", token: token)
        let about = harness.send("GET", "/drive/v2/about", token: token).json
        #expect(about["kind"] == "drive#about")
        #expect(about["rootFolderId"] == .string(Drive.rootID))
        #expect(about["quotaBytesUsed"] == "5")
        #expect(about["user"]?["emailAddress"] == "emulator@example.com")
        #expect(harness.send("GET", "/drive/v2/files/root?fields=id,title", token: token).json == ["id": .string(Drive.rootID), "title": "My Drive"])
    }
}
