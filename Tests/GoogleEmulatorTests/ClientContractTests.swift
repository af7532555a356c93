import ClerkCore
import Foundation
@testable import GoogleEmulator
@testable import LoopbackHTTP
import Testing

/// What third-party clients send that the emulator answered unlike Google, each over real
/// HTTP (libcurl); each test says what it answered before.
@Suite struct ClientContractTests {
    static func harness() throws -> (EmulatorHarness, String) {
        let harness = try EmulatorHarness()
        return (harness, harness.token())
    }

    /// A batch body of GET parts, one per path, with Content-IDs 1, 2, …
    static func batchBody(_ paths: [String]) -> [UInt8] {
        var text = ""
        for (index, path) in paths.enumerated() {
            text += "--b\r\nContent-Type: application/http\r\nContent-ID: <\(index + 1)>\r\n\r\nGET \(path) HTTP/1.1\r\n\r\n\r\n"
        }
        return Array((text + "--b--\r\n").utf8)
    }

    /// Each part's status line and body.
    static func batchAnswers(_ answer: TestResponse) throws -> [(status: String, body: JSONValue)] {
        try MultipartBody(body: answer.body, contentType: answer.header("Content-Type") ?? "").parts.map { part in
            let text = String(decoding: part.body, as: UTF8.self)
            let status = text.components(separatedBy: "\r\n").first ?? ""
            let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
            return (status, (try? JSONValue.parse(bytes: Array(body.utf8))) ?? .null)
        }
    }

    /// Before: every batch endpoint ran every part, whatever its API (a Drive listing inside
    /// `/batch/calendar/v3` answered 200), and any `/batch/…` path was a batch. Google serves
    /// homogeneous batches only since it turned its global endpoint off: a part for another
    /// API is a path that API's server does not have.
    @Test func aBatchRunsOnlyItsOwnAPIsRequests() throws {
        let (harness, token) = try Self.harness()
        let paths = ["/drive/v3/files?fields=kind", "/calendar/v3/users/me/calendarList?fields=kind", "/v1/people/me?personFields=names&fields=resourceName"]
        let headers = ["Content-Type: multipart/mixed; boundary=b"]
        for (endpoint, served) in [("/batch/drive/v3", 0), ("/batch/calendar/v3", 1), ("/batch", 2)] {
            let answer = harness.send("POST", endpoint, body: Self.batchBody(paths), headers: headers, token: token)
            #expect(answer.status == 200, "\(endpoint)")
            let parts = try Self.batchAnswers(answer)
            #expect(parts.count == 3)
            for (index, part) in parts.enumerated() {
                if index == served {
                    #expect(part.status == "HTTP/1.1 200 OK", "\(endpoint) \(paths[index])")
                } else {
                    #expect(part.status == "HTTP/1.1 404 Not Found", "\(endpoint) \(paths[index])")
                    // In the endpoint's API's error shape: People's has a status, the others an errors list.
                    if endpoint == "/batch" {
                        #expect(part.body["error"]?["status"] == "NOT_FOUND")
                    } else {
                        #expect(part.body["error"]?["errors"]?.arrayValue?.first?["reason"] == "notFound")
                    }
                }
            }
        }
        #expect(harness.send("POST", "/batch/gmail/v1", body: Self.batchBody(paths), headers: headers, token: token).status == 404)
        #expect(harness.send("POST", "/batch/calendar/v2", body: Self.batchBody(paths), headers: headers, token: token).status == 404)
    }

    /// Before: `$.xgafv` was only checked against 1|2 (as `invalidParameter` with a regular
    /// expression, after the token), and `1` changed nothing. Google's front end reads it
    /// before anything else, refuses another value in its own words, and with `1` gives the
    /// newer APIs' errors (People) the legacy `errors` list; Calendar and Drive keep theirs
    /// whatever the value.
    @Test func theErrorFormatParameterPicksTheErrorShape() throws {
        let (harness, token) = try Self.harness()
        let plain = harness.send("GET", "/v1/people/c1?personFields=names", token: token)
        #expect(plain.status == 404)
        #expect(plain.json["error"]?["errors"] == nil)
        for format in ["2", "1&$.xgafv=2"] {
            #expect(harness.send("GET", "/v1/people/c1?personFields=names&$.xgafv=\(format)", token: token).json["error"]?["errors"] == nil)
        }
        let v1 = harness.send("GET", "/v1/people/c1?personFields=names&$.xgafv=2&$.xgafv=1", token: token)
        #expect(v1.status == 404)
        #expect(v1.json["error"]?["errors"] == [["domain": "global", "reason": "notFound", "message": "Requested entity was not found."]])
        #expect(v1.json["error"]?["status"] == "NOT_FOUND")
        #expect(v1.json["error"]?["details"]?.arrayValue?.first?["reason"] == "notFound")
        // The list's reason is the front end's name of the status, whatever People's own is
        // (it was the emulator's own: `parseError`, `EXPIRED_SYNC_TOKEN`).
        let unparsed = harness.send("POST", "/v1/people:createContact?$.xgafv=1", body: Array("{".utf8), headers: ["Content-Type: application/json"], token: token)
        #expect(unparsed.status == 400)
        #expect(unparsed.json["error"]?["errors"]?.arrayValue?.first?["reason"] == "badRequest")
        let listed = harness.send("GET", "/v1/people/me/connections?personFields=names&requestSyncToken=true", token: token)
        let syncToken = try #require(listed.json["nextSyncToken"]?.stringValue)
        harness.send("POST", "/_emulator/sync-tokens/expire")
        let expired = harness.send("GET", "/v1/people/me/connections?personFields=names&$.xgafv=1&syncToken=" + Emulator.formEscaped(syncToken), token: token)
        #expect(expired.status == 400)
        #expect(expired.json["error"]?["errors"]?.arrayValue?.first?["reason"] == "failedPrecondition")
        #expect(expired.json["error"]?["details"]?.arrayValue?.first?["reason"] == "EXPIRED_SYNC_TOKEN")
        // A sign-in failure in the v1 format keeps its short item message.
        let unsigned = harness.send("GET", "/v1/people/me?personFields=names&$.xgafv=1")
        #expect(unsigned.json["error"]?["errors"]?.arrayValue?.first?["message"] == "Login Required.")
        // Calendar and Drive: the errors list under either value.
        for format in ["1", "2"] {
            let drive = harness.send("GET", "/drive/v3/files/nope?$.xgafv=\(format)", token: token)
            #expect(drive.json["error"]?["errors"]?.arrayValue?.first?["reason"] == "notFound")
            let calendar = harness.send("GET", "/calendar/v3/calendars/primary/events/nope1?$.xgafv=\(format)", token: token)
            #expect(calendar.json["error"]?["errors"]?.arrayValue?.first?["reason"] == "notFound")
        }
        // Another value: 400 before the token is looked at, in Google's words.
        for (path, isPeople) in [("/calendar/v3/colors", false), ("/drive/v3/files", false), ("/v1/people/me?personFields=names", true)] {
            let separator = path.contains("?") ? "&" : "?"
            let refused = harness.send("GET", path + separator + "$.xgafv=3")
            #expect(refused.status == 400, "\(path)")
            #expect(refused.json["error"]?["message"] == "Invalid query parameters. Invalid value '3' for system query parameter : $.xgafv")
            if isPeople {
                #expect(refused.json["error"]?["status"] == "INVALID_ARGUMENT")
            } else {
                #expect(refused.json["error"]?["errors"]?.arrayValue?.first?["reason"] == "badRequest")
            }
        }
    }

    /// Before: DELETE to a resumable session URI was 405, and the session stayed. Google's
    /// upload server cancels the session and answers 499; the URI is then gone (404).
    @Test func deletingAResumableSessionCancelsIt() throws {
        let (harness, token) = try Self.harness()
        for path in ["/upload/drive/v3/files", "/resumable/upload/drive/v3/files"] {
            let start = harness.send("POST", path + "?uploadType=resumable", json: ["name": "never.txt"],
                                     headers: ["X-Upload-Content-Length: 10"], token: token)
            let session = try #require(start.header("Location"))
            harness.client.send("PUT", session, headers: ["Content-Range: bytes 0-4/10"], body: Array("hello".utf8))
            let cancelled = harness.client.send("DELETE", session)
            #expect(cancelled.status == 499, "\(path)")
            #expect(cancelled.body.isEmpty)
            #expect(harness.client.send("PUT", session, headers: ["Content-Range: bytes */10"]).status == 404)
            #expect(harness.client.send("DELETE", session).status == 404)
        }
        #expect(harness.send("GET", "/drive/v3/files?q=name%20%3D%20'never.txt'&fields=files(id)", token: token).json["files"] == [])
        #expect(harness.send("DELETE", "/upload/drive/v3/files", token: token).status == 405)
    }

    /// Found with google-api-python-client: after calendarList.delete, calendarList.list
    /// answered `"items": [{…primary…}, null]` (the entry taken off the list became a JSON
    /// null: `nil` in a closure typed by inference is JSONValue's own null).
    @Test func aCalendarTakenOffTheListLeavesNoNullInTheList() throws {
        let (harness, token) = try Self.harness()
        let made = harness.send("POST", "/calendar/v3/calendars", json: ["summary": "Trips"], token: token).json["id"]?.stringValue ?? ""
        #expect(harness.send("DELETE", "/calendar/v3/users/me/calendarList/\(made)", token: token).status == 204)
        let list = harness.send("GET", "/calendar/v3/users/me/calendarList?fields=items(id)", token: token)
        #expect(list.json["items"] == [["id": "emulator@example.com"]])
        let deleted = harness.send("GET", "/calendar/v3/users/me/calendarList?showDeleted=true&fields=items(id,deleted)", token: token)
        #expect(deleted.json["items"] == [["id": "emulator@example.com"], ["id": .string(made), "deleted": true]])
    }

    /// Before: `sharedWithMe` alone (Drive's guide: `sharedWithMe and name contains 'hello'`)
    /// was 400 "Invalid Value"; a flag alone is the flag true.
    @Test func aFlagAloneInDriveQIsTheFlagTrue() throws {
        let (harness, token) = try Self.harness()
        harness.send("POST", "/drive/v3/files", json: ["name": "hello.txt", "starred": true], token: token)
        for (q, count) in [("sharedWithMe", 0), ("sharedWithMe and name contains 'hello'", 0), ("not sharedWithMe", 1), ("starred", 1), ("trashed", 0)] {
            let encoded = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q
            let answer = harness.send("GET", "/drive/v3/files?q=\(encoded)&fields=files(id)", token: token)
            #expect(answer.status == 200, "\(q)")
            #expect(answer.json["files"]?.arrayValue?.count == count, "\(q)")
        }
    }
}

extension ClientContractTests {
    /// Before: an empty `fields=` on Drive answered the whole resource; Drive answers `{}`
    /// (measured on files.list and files.get).
    @Test func anEmptyFieldsSelectionOnDriveSelectsNothing() throws {
        let (harness, token) = try Self.harness()
        let made = harness.send("POST", "/drive/v3/files", json: ["name": "a.txt"], token: token).json["id"]?.stringValue ?? ""
        #expect(harness.send("GET", "/drive/v3/files?fields=", token: token).text == "{}")
        #expect(harness.send("GET", "/drive/v3/files/\(made)?fields=", token: token).text == "{}")
        #expect(harness.send("GET", "/drive/v3/files/\(made)?fields=name", token: token).json == ["name": "a.txt"])
        #expect(harness.send("GET", "/drive/v3/about?fields=", token: token).status == 400)
    }

    /// Before: an empty `fields=` on Calendar and People answered the whole resource, as
    /// though no selector had been sent; Google's front end selects nothing there too.
    @Test func anEmptyFieldsSelectionOnCalendarAndPeopleSelectsNothing() throws {
        let (harness, token) = try Self.harness()
        #expect(harness.send("GET", "/calendar/v3/calendars/primary?fields=", token: token).text == "{}")
        #expect(harness.send("GET", "/calendar/v3/users/me/calendarList?fields=%20", token: token).text == "{}")
        #expect(harness.send("GET", "/v1/people/me?personFields=names&fields=", token: token).text == "{}")
        #expect(harness.send("GET", "/calendar/v3/calendars/primary?fields=id", token: token).json == ["id": "emulator@example.com"])
    }

    /// Before: HEAD of a file's content answered `Content-Length: 0`; it has the length a GET
    /// would have (a downloader asks the size so), and no body.
    @Test func aHeadTellsTheLengthAGetWouldHave() throws {
        let (harness, token) = try Self.harness()
        let content = Array("twelve bytes".utf8)
        let made = harness.send("POST", "/upload/drive/v3/files?uploadType=media", body: content, headers: ["Content-Type: text/plain"], token: token)
        let id = made.json["id"]?.stringValue ?? ""
        let head = harness.send("HEAD", "/drive/v3/files/\(id)?alt=media", token: token)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "12")
        #expect(head.body.isEmpty)
        #expect(harness.send("GET", "/drive/v3/files/\(id)?alt=media", token: token).body == content)
    }
}

extension ClientContractTests {
    /// Before: `/oauth2/v2/userinfo` answered v3's OpenID claims (`sub`, `email_verified`),
    /// so a client of Google's oauth2 v2 API (`userinfo().get()`) found no `id` and no
    /// `verified_email`. Each version answers its own members.
    @Test func eachUserinfoVersionAnswersItsOwnMembers() throws {
        let (harness, token) = try Self.harness()
        let v2 = harness.send("GET", "/oauth2/v2/userinfo", token: token).json
        #expect(v2["email"] == "emulator@example.com")
        #expect(v2["verified_email"] == true)
        #expect(v2["id"]?.stringValue?.isEmpty == false)
        #expect(v2["sub"] == nil)
        let v3 = harness.send("GET", "/oauth2/v3/userinfo", token: token).json
        #expect(v3["sub"] == v2["id"])
        #expect(v3["email_verified"] == true)
        #expect(v3["id"] == nil)
        #expect(v3["given_name"] == v2["given_name"])
        #expect(harness.send("GET", "/oauth2/v2/userinfo").status == 401)
    }
}

extension ClientContractTests {
    /// Before: parts without a Content-ID (or two with the same) were each answered. Google
    /// has refused such a batch whole since 2021 ("Duplicate Request ID in Batch Request: ",
    /// reported by .NET's client, which sent none), as it could not say which answer is whose.
    @Test func aBatchWhosePartsShareAContentIDIsRefusedWhole() throws {
        let (harness, token) = try Self.harness()
        let headers = ["Content-Type: multipart/mixed; boundary=b"]
        let part = "--b\r\nContent-Type: application/http\r\n%@\r\nGET /calendar/v3/colors HTTP/1.1\r\n\r\n\r\n"
        func body(_ ids: [String?]) -> [UInt8] {
            Array((ids.map { id in part.replacingOccurrences(of: "%@", with: id.map { "Content-ID: <\($0)>\r\n" } ?? "") }.joined() + "--b--\r\n").utf8)
        }
        for ids in [[nil, nil], ["a", "a"]] as [[String?]] {
            let refused = harness.send("POST", "/batch/calendar/v3", body: body(ids), headers: headers, token: token)
            #expect(refused.status == 400, "\(ids)")
            #expect(refused.json["error"]?["message"]?.stringValue?.hasPrefix("Duplicate Request ID in Batch Request: ") == true)
        }
        #expect(harness.send("POST", "/batch/calendar/v3", body: body(["a", "b"]), headers: headers, token: token).status == 200)
        #expect(harness.send("POST", "/batch/calendar/v3", body: body([nil]), headers: headers, token: token).status == 200)
    }
}

extension ClientContractTests {
    /// Before: exporting a Doc, Sheet or Slides as `application/pdf` (what Google's own Drive
    /// sample does) was 400 "The requested conversion is not supported."; it is a PDF of the
    /// text, one a reader opens: its objects where the cross-reference table says.
    @Test func aGoogleTypeExportsAsAPDF() throws {
        let (harness, token) = try Self.harness()
        let text = "Minutes (draft)\nÀ bientôt \\ fin\n" + String(repeating: "a line of the minutes\n", count: 60)
        let made = harness.send("POST", "/upload/drive/v3/files?uploadType=multipart&fields=id", body: EmulatorHarness.multipart(
            ["name": "Minutes", "mimeType": "application/vnd.google-apps.document"], content: Array(text.utf8), boundary: "b", lineEnd: "\r\n", python: false),
            headers: ["Content-Type: multipart/related; boundary=b"], token: token)
        let id = try #require(made.json["id"]?.stringValue)
        let pdf = harness.send("GET", "/drive/v3/files/\(id)/export?mimeType=application/pdf", token: token)
        #expect(pdf.status == 200)
        #expect(pdf.header("Content-Type") == "application/pdf")
        let bytes = pdf.body
        #expect(Array(bytes.prefix(8)) == Array("%PDF-1.4".utf8))
        let latin1 = String(bytes.map { Character(Unicode.Scalar($0)) })
        #expect(latin1.hasSuffix("%%EOF\n"))
        #expect(latin1.contains("(Minutes \\(draft\\)) Tj"))
        #expect(latin1.contains("(\\300 bient\\364t \\\\ fin) Tj"))
        #expect(latin1.contains("/Count 2"))  // 62 lines: two pages
        // Each object starts where the xref table says.
        let xrefAt = try #require(Int(latin1.components(separatedBy: "startxref\n").last?.split(separator: "\n").first ?? ""))
        let entries = latin1.dropFirst(xrefAt).split(separator: "\n").dropFirst(3).prefix { $0.hasSuffix(" n ") }
        #expect(entries.count == 8)
        for (index, entry) in entries.enumerated() {
            let offset = try #require(Int(entry.prefix(10)))
            #expect(latin1.dropFirst(offset).hasPrefix("\(index + 1) 0 obj\n"))
        }
        let links = harness.send("GET", "/drive/v3/files/\(id)?fields=exportLinks", token: token).json["exportLinks"]
        // At the emulator, and followed with the token as rclone and gdrive follow Google's.
        let pdfLink = try #require(links?["application/pdf"]?.stringValue)
        #expect(pdfLink == harness.base + "/drive/v3/files/\(id)/export?mimeType=application%2Fpdf")
        let followed = harness.send("GET", String(pdfLink.dropFirst(harness.base.count)), token: token)
        #expect(followed.status == 200 && followed.header("Content-Type") == "application/pdf")
        #expect(followed.body == pdf.body)
        #expect(harness.send("GET", "/drive/v3/files/\(id)/export?mimeType=application/zip", token: token).status == 400)
    }
}
