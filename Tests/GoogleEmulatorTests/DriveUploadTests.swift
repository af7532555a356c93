import ClerkCore
import Foundation
@testable import GoogleEmulator
@testable import LoopbackHTTP
import Testing

/// Drive's uploads over real HTTP: media, multipart (LF and CRLF), resumable, and content
/// updates with their revisions.
@Suite struct DriveUploadTests {
    static func harness() throws -> (EmulatorHarness, String) {
        let harness = try EmulatorHarness(now: .fixed(DriveTests.now))
        return (harness, harness.token())
    }

    /// Python's boundary: quoted, with `=` in it.
    static let pythonBoundary = "===============7330845974216740156=="

    @Test(arguments: [("\n", true), ("\r\n", false)])
    func multipartWithEitherLineEndStoresExactlyTheMedia(lineEnd: String, python: Bool) throws {
        let (harness, token) = try Self.harness()
        let content = Array("line one\(lineEnd)line two\(lineEnd)".utf8)
        let boundary = python ? Self.pythonBoundary : "plainBoundary42"
        let body = EmulatorHarness.multipart(["name": "notes.txt", "parents": ["root"]], content: content, boundary: boundary,
                                             lineEnd: lineEnd, python: python)
        let header = python ? "Content-Type: multipart/related; boundary=\"\(boundary)\"" : "Content-Type: multipart/related; boundary=\(boundary)"
        let answer = harness.send("POST", "/upload/drive/v3/files?uploadType=multipart&fields=id,name,mimeType,size,parents",
                                  body: body, headers: [header], token: token)
        #expect(answer.status == 200)
        let id = try #require(answer.json["id"]?.stringValue)
        #expect(answer.json == .object([("id", .string(id)), ("name", "notes.txt"), ("mimeType", "text/plain"),
                                        ("parents", [.string(Drive.rootID)]), ("size", .string(String(content.count)))]))
        #expect(harness.send("GET", "/drive/v3/files/\(id)?alt=media", token: token).body == content)
    }

    @Test func aMalformedMultipartBodyIsA400() throws {
        let (harness, token) = try Self.harness()
        let cases: [(String, String)] = [
            ("multipart/related; boundary=b", "--b\r\nContent-Type: application/json\r\n\r\n{}\r\n--b\r\nContent-Type: text/plain\r\n\r\nunterminated"),
            ("multipart/related; boundary=b", "no delimiter at all"),
            ("multipart/related", "--b\r\n\r\n{}\r\n--b--"),
            ("multipart/related; boundary=b", "--b\r\nContent-Type: application/json\r\n\r\n{}\r\n--b--"),
            ("text/plain", "hello"),
            ("multipart/related; boundary=b", "--b\r\nContent-Type: application/json\r\n\r\n{not json\r\n--b\r\n\r\nx\r\n--b--"),
        ]
        for (type, body) in cases {
            let answer = harness.send("POST", "/upload/drive/v3/files?uploadType=multipart", body: Array(body.utf8),
                                      headers: ["Content-Type: \(type)"], token: token)
            #expect(answer.status == 400, "\(body)")
        }
        #expect(harness.send("POST", "/upload/drive/v3/files?uploadType=sideways", body: [1], token: token).status == 400)
    }

    /// Found by aiogoogle, which uploads metadata and content as `multipart/related` with no
    /// `uploadType` (Google reads the protocol from the body's type): the emulator took it for
    /// a media upload, named the file "Untitled" and stored the whole multipart body as its
    /// content. Without metadata aiogoogle sends a `null` part, which was a parse error.
    @Test func withoutAnUploadTypeAMultipartBodyIsAMultipartUpload() throws {
        let (harness, token) = try Self.harness()
        let body = EmulatorHarness.multipart(["name": "aio.txt"], content: Array("plain words".utf8), boundary: "aio0b", lineEnd: "\r\n")
        let made = harness.send("POST", "/upload/drive/v3/files?fields=id,name,mimeType", body: body,
                                headers: ["Content-Type: multipart/related; boundary=aio0b"], token: token)
        #expect(made.status == 200)
        #expect(made.json["name"] == "aio.txt")
        #expect(made.json["mimeType"] == "text/plain")
        let id = try #require(made.json["id"]?.stringValue)
        #expect(harness.send("GET", "/drive/v3/files/\(id)?alt=media", token: token).text == "plain words")
        let nullMetadata = Array("--n\r\nContent-Type: application/json\r\n\r\nnull\r\n--n\r\nContent-Type: text/plain\r\n\r\nno name\r\n--n--\r\n".utf8)
        let untitled = harness.send("POST", "/upload/drive/v3/files?fields=id,name", body: nullMetadata,
                                    headers: ["Content-Type: multipart/related; boundary=n"], token: token)
        #expect(untitled.status == 200)
        #expect(untitled.json["name"] == "Untitled")
        let plainID = try #require(untitled.json["id"]?.stringValue)
        #expect(harness.send("GET", "/drive/v3/files/\(plainID)?alt=media", token: token).text == "no name")
        // Any other type without uploadType is still the content itself.
        let media = harness.send("POST", "/upload/drive/v3/files?fields=name,size", body: Array("raw".utf8), headers: ["Content-Type: text/plain"], token: token)
        #expect(media.json == .object([("name", "Untitled"), ("size", "3")]))
    }

    /// Before: the discovery document's resumable path was a 404 in no API's shape.
    @Test func theDiscoveryDocumentsResumablePathStartsASession() throws {
        let (harness, token) = try Self.harness()
        let start = harness.send("POST", "/resumable/upload/drive/v3/files?fields=id,name", json: ["name": "r.txt"],
                                 headers: ["X-Upload-Content-Type: text/plain"], token: token)
        #expect(start.status == 200)
        let location = try #require(start.header("Location"))
        #expect(location.hasPrefix(harness.base + "/resumable/upload/drive/v3/files?"))
        let done = harness.client.send("PUT", location, headers: ["Content-Range: bytes 0-4/5"], body: Array("hello".utf8))
        #expect(done.status == 200)
        #expect(done.json["name"] == "r.txt")
        let id = try #require(done.json["id"]?.stringValue)
        let update = harness.send("PATCH", "/resumable/upload/drive/v3/files/\(id)?uploadType=resumable", json: [:], token: token)
        let again = harness.client.send("PUT", try #require(update.header("Location")), body: Array("bye".utf8))
        #expect(again.status == 200)
        #expect(harness.send("GET", "/drive/v3/files/\(id)?alt=media", token: token).text == "bye")
        let unsigned = harness.send("POST", "/resumable/upload/drive/v3/files", json: [:])
        #expect(unsigned.status == 401)
        #expect(unsigned.json["error"]?["details"]?.arrayValue?.first?["metadata"]?["service"] == "drive.googleapis.com")
    }

    /// Google's Ruby client (google-apis-core, behind every google-apis-* gem) uploads with
    /// the header protocol: `X-Goog-Upload-Protocol: resumable` and `X-Goog-Upload-Command:
    /// start` with no uploadType, then `upload` / `query` / `upload, finalize` commands POSTed
    /// to `X-Goog-Upload-URL`, reading `X-Goog-Upload-Status`. Before, the start was taken for
    /// a media upload: an "Untitled" file holding the metadata JSON, and no session.
    @Test func theHeaderProtocolOfRubysClientUploadsInChunksAndUpdates() throws {
        let (harness, token) = try Self.harness()
        let content = (0..<(300 * 1024)).map { UInt8($0 % 251) }
        let start = harness.send("POST", "/upload/drive/v3/files?fields=id,name,size,mimeType", json: ["name": "ruby.bin"], headers: [
            "X-Goog-Upload-Protocol: resumable", "X-Goog-Upload-Command: start",
            "X-Goog-Upload-Header-Content-Length: \(content.count)", "X-Goog-Upload-Header-Content-Type: application/x-ruby-test",
        ], token: token)
        #expect(start.status == 200)
        #expect(start.header("X-Goog-Upload-Status") == "active")
        #expect(start.header("X-Goog-Upload-Chunk-Granularity") == "262144")
        let url = try #require(start.header("X-Goog-Upload-URL"))
        #expect(url.hasPrefix(harness.base + "/upload/drive/v3/files?fields=id%2Cname%2Csize%2CmimeType&"))
        let auth = "Authorization: Bearer \(token)"
        let first = harness.client.send("POST", url, headers: [auth, "X-Goog-Upload-Command: upload", "X-Goog-Upload-Offset: 0"],
                                        body: Array(content[..<262_144]))
        #expect(first.status == 200)
        #expect(first.header("X-Goog-Upload-Status") == "active")
        // The session URI is the credential: a command without the token is served too.
        let query = harness.client.send("POST", url, headers: ["X-Goog-Upload-Command: query"], body: [])
        #expect(query.header("X-Goog-Upload-Size-Received") == "262144")
        let gap = harness.client.send("POST", url, headers: [auth, "X-Goog-Upload-Command: upload, finalize", "X-Goog-Upload-Offset: 300000"], body: [1])
        #expect(gap.status == 400)
        let last = harness.client.send("POST", url, headers: [auth, "X-Goog-Upload-Command: upload, finalize", "X-Goog-Upload-Offset: 262144"],
                                       body: Array(content[262_144...]))
        #expect(last.status == 200)
        #expect(last.header("X-Goog-Upload-Status") == "final")
        let id = try #require(last.json["id"]?.stringValue)
        #expect(last.json["name"] == "ruby.bin")
        #expect(last.json["mimeType"] == "application/x-ruby-test")
        #expect(harness.send("GET", "/drive/v3/files/\(id)?alt=media", token: token).body == content)

        // An update starts with PATCH; its commands go to the file's own upload path.
        let update = harness.send("PATCH", "/upload/drive/v3/files/\(id)", json: [:], headers: [
            "X-Goog-Upload-Protocol: resumable", "X-Goog-Upload-Command: start", "X-Goog-Upload-Header-Content-Length: 3",
        ], token: token)
        let updateURL = try #require(update.header("X-Goog-Upload-URL"))
        let replaced = harness.client.send("POST", updateURL, headers: [auth, "X-Goog-Upload-Command: upload, finalize", "X-Goog-Upload-Offset: 0"],
                                           body: Array("new".utf8))
        #expect(replaced.header("X-Goog-Upload-Status") == "final")
        #expect(harness.send("GET", "/drive/v3/files/\(id)?alt=media", token: token).text == "new")

        // Cancelled, the session is gone; the raw and multipart header protocols are media and multipart.
        let cancelled = harness.send("POST", "/upload/drive/v3/files", json: [:], headers: ["X-Goog-Upload-Protocol: resumable", "X-Goog-Upload-Command: start"],
                                     token: token)
        let cancelURL = try #require(cancelled.header("X-Goog-Upload-URL"))
        #expect(harness.client.send("POST", cancelURL, headers: [auth, "X-Goog-Upload-Command: cancel"], body: []).header("X-Goog-Upload-Status") == "cancelled")
        #expect(harness.client.send("POST", cancelURL, headers: [auth, "X-Goog-Upload-Command: query"], body: []).status == 404)
        let raw = harness.send("POST", "/upload/drive/v3/files?fields=name,mimeType", body: Array("a,b\n".utf8),
                               headers: ["X-Goog-Upload-Protocol: raw", "X-Goog-Upload-Header-Content-Type: text/csv"], token: token)
        #expect(raw.json == .object([("name", "Untitled"), ("mimeType", "text/csv")]))
        let body = EmulatorHarness.multipart(["name": "rb.txt"], content: Array("hi".utf8), boundary: "rb", lineEnd: "\r\n")
        let multipart = harness.send("POST", "/upload/drive/v3/files?fields=name", body: body,
                                     headers: ["X-Goog-Upload-Protocol: multipart", "Content-Type: multipart/related; boundary=rb"], token: token)
        #expect(multipart.json == .object([("name", "rb.txt")]))
        #expect(harness.send("POST", "/upload/drive/v3/files", json: [:], headers: ["X-Goog-Upload-Protocol: resumable"], token: token).status == 400)
    }

    @Test func aMediaUploadIsUntitledAndTypedByItsContentType() throws {
        let (harness, token) = try Self.harness()
        let answer = harness.send("POST", "/upload/drive/v3/files?uploadType=media&fields=name,mimeType,size,md5Checksum",
                                  body: Array("{\"a\":1}".utf8), headers: ["Content-Type: application/json; charset=UTF-8"], token: token)
        #expect(answer.status == 200)
        #expect(answer.json == .object([("name", "Untitled"), ("mimeType", "application/json"),
                                        ("md5Checksum", .string(Digest.hex("MD5", Array("{\"a\":1}".utf8)))), ("size", "7")]))
    }

    @Test func aResumableUploadInTwoChunks() throws {
        let (harness, token) = try Self.harness()
        let content = (0..<(262_144 + 10)).map { UInt8($0 % 251) }
        let start = harness.send("POST", "/upload/drive/v3/files?uploadType=resumable&fields=id,name,size&prettyPrint=false", json: ["name": "big.bin"],
                                 headers: ["X-Upload-Content-Type: application/octet-stream", "X-Upload-Content-Length: \(content.count)"],
                                 token: token)
        #expect(start.status == 200)
        #expect(start.body.isEmpty)
        let location = try #require(start.header("Location"))
        let prefix = harness.base + "/upload/drive/v3/files?uploadType=resumable&fields=id%2Cname%2Csize&prettyPrint=false&upload_id="
        #expect(location.hasPrefix(prefix))
        let session = String(location.dropFirst(harness.base.count))

        // Nothing yet: 308 without a Range.
        let nothing = harness.client.send("PUT", location, headers: ["Content-Range: bytes */\(content.count)"], body: [])
        #expect(nothing.status == 308)
        #expect(nothing.header("Range") == nil)

        let first = harness.send("PUT", session, body: Array(content[..<262_144]), headers: ["Content-Range: bytes 0-262143/\(content.count)"])
        #expect(first.status == 308)
        #expect(first.header("Range") == "bytes=0-262143")
        let status = harness.send("PUT", session, body: [], headers: ["Content-Range: bytes */\(content.count)"])
        #expect(status.status == 308)
        #expect(status.header("Range") == "bytes=0-262143")
        // A chunk that is not the last must be a multiple of 256 KiB; one past a gap is refused.
        #expect(harness.send("PUT", session, body: [1, 2, 3], headers: ["Content-Range: bytes 262144-262146/*"]).status == 400)
        #expect(harness.send("PUT", session, body: [1], headers: ["Content-Range: bytes 262150-262150/\(content.count)"]).status == 400)
        #expect(harness.send("PUT", session, body: [1], headers: ["Content-Range: bytes 9-1/\(content.count)"]).status == 400)

        let last = harness.send("PUT", session, body: Array(content[262_144...]), headers: ["Content-Range: bytes 262144-262153/\(content.count)"])
        #expect(last.status == 200)
        let id = try #require(last.json["id"]?.stringValue)
        #expect(last.json == .object([("id", .string(id)), ("name", "big.bin"), ("size", "262154")]))
        #expect(harness.send("GET", "/drive/v3/files/\(id)?alt=media", token: token).body == content)
        // The final chunk sent again (its answer lost) answers the same file.
        let again = harness.send("PUT", session, body: Array(content[262_144...]), headers: ["Content-Range: bytes 262144-262153/\(content.count)"])
        #expect(again.json["id"] == .string(id))
        #expect(harness.names("", token: token) == ["big.bin"])

        let unknown = harness.send("PUT", "/upload/drive/v3/files?uploadType=resumable&upload_id=nope", body: [1], headers: ["Content-Range: bytes 0-0/1"])
        #expect(unknown.status == 404)
    }

    @Test func aResumableUploadRetriesAnOverlappingChunkAndSpeaksWithout308() throws {
        let (harness, token) = try Self.harness()
        let content = [UInt8](repeating: 7, count: 262_144 * 2)
        let start = harness.send("POST", "/upload/drive/v3/files?uploadType=resumable", json: [:], token: token)
        let session = String(try #require(start.header("Location")).dropFirst(harness.base.count))
        let first = harness.send("PUT", session, body: Array(content[..<262_144]), headers: ["Content-Range: bytes 0-262143/*", "X-GUploader-No-308: yes"])
        #expect(first.status == 200)
        #expect(first.header("X-HTTP-Status-Code-Override") == "308")
        #expect(first.header("Range") == "bytes=0-262143")
        // The whole content again, from byte 0: the known part is skipped.
        let whole = harness.send("PUT", session, body: content, headers: ["Content-Range: bytes 0-524287/524288"])
        #expect(whole.status == 200)
        #expect(whole.json["name"] == "Untitled")
        #expect(harness.send("GET", "/drive/v3/files/\(whole.json["id"]!.stringValue!)?alt=media", token: token).body == content)
    }

    @Test func replacingContentKeepsTheOldAsARevision() throws {
        let (harness, token) = try Self.harness()
        let id = harness.upload("notes.txt", "first", token: token)["id"]!.stringValue!
        let media = harness.send("PATCH", "/upload/drive/v3/files/\(id)?uploadType=media&fields=size,headRevisionId,md5Checksum",
                                 body: Array("second!".utf8), headers: ["Content-Type: text/plain"], token: token)
        #expect(media.status == 200)
        #expect(media.json == .object([("md5Checksum", .string(Digest.hex("MD5", Array("second!".utf8)))), ("headRevisionId", "2"), ("size", "7")]))
        #expect(harness.content(of: id, token: token) == "second!")

        let body = EmulatorHarness.multipart(["name": "renamed.txt"], content: Array("third".utf8), boundary: "zz", lineEnd: "\r\n")
        let multipart = harness.send("PATCH", "/upload/drive/v3/files/\(id)?uploadType=multipart&fields=name,headRevisionId", body: body,
                                     headers: ["Content-Type: multipart/related; boundary=zz"], token: token)
        #expect(multipart.json == .object([("name", "renamed.txt"), ("headRevisionId", "3")]))

        let start = harness.send("PATCH", "/upload/drive/v3/files/\(id)?uploadType=resumable&prettyPrint=false", json: [:],
                                 headers: ["X-Upload-Content-Length: 6"], token: token)
        let location = try #require(start.header("Location"))
        #expect(location.hasPrefix(harness.base + "/upload/drive/v3/files/\(id)?uploadType=resumable&prettyPrint=false&upload_id="))
        let done = harness.send("PUT", String(location.dropFirst(harness.base.count)), body: Array("fourth".utf8), headers: ["Content-Range: bytes 0-5/6"])
        #expect(done.json["id"] == .string(id))
        #expect(harness.content(of: id, token: token) == "fourth")

        let list = harness.send("GET", "/drive/v3/files/\(id)/revisions", token: token)
        #expect(list.json.keys == ["kind", "revisions"])
        #expect(list.json["revisions"]?.arrayValue?.map { $0["id"] } == ["1", "2", "3", "4"])
        #expect(list.json["revisions"]?.arrayValue?.first?.keys == ["kind", "id", "mimeType", "modifiedTime"])
        #expect(harness.send("GET", "/drive/v3/files/\(id)/revisions/2?alt=media", token: token).text == "second!")
        #expect(harness.send("GET", "/drive/v3/files/\(id)/revisions/4?alt=media", token: token).text == "fourth")
        #expect(harness.send("GET", "/drive/v3/files/\(id)/revisions/1?fields=id,size", token: token).json == .object([("id", "1"), ("size", "5")]))
        #expect(harness.send("GET", "/drive/v3/files/\(id)/revisions/9", token: token).status == 404)
        let paged = harness.send("GET", "/drive/v3/files/\(id)/revisions?pageSize=3&fields=nextPageToken,revisions(id)", token: token)
        #expect(paged.json["revisions"]?.arrayValue?.count == 3)
        #expect(paged.json["nextPageToken"] != nil)
    }
}
