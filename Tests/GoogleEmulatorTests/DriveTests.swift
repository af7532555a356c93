import ClerkCore
import Foundation
@testable import GoogleEmulator
@testable import LoopbackHTTP
import Testing

/// Drive's files.list, files.get, downloads and exports over real HTTP.
@Suite struct DriveTests {
    /// 2026-03-02T10:00:00Z: every file's created time in these tests.
    static let now = Date(timeIntervalSince1970: 1_772_445_600)

    static func harness() throws -> (EmulatorHarness, String) {
        let harness = try EmulatorHarness(now: .fixed(now))
        return (harness, harness.token())
    }

    // MARK: files.list

    @Test func pagesEndExactlyAtTheLastFile() throws {
        let (harness, token) = try Self.harness()
        for number in 1...6 { harness.upload("file \(number).txt", "content \(number)", token: token) }

        let first = harness.send("GET", "/drive/v3/files?pageSize=3", token: token)
        #expect(first.status == 200)
        #expect(first.json.keys == ["kind", "nextPageToken", "incompleteSearch", "files"])
        #expect(first.json["kind"] == "drive#fileList")
        #expect(first.json["incompleteSearch"] == false)
        let files = try #require(first.json["files"]?.arrayValue)
        #expect(files.map(\.keys) == Array(repeating: ["kind", "id", "name", "mimeType"], count: 3))
        #expect(files.map { $0["name"] } == ["file 1.txt", "file 2.txt", "file 3.txt"])
        #expect(files[0]["kind"] == "drive#file")
        #expect(files[0]["mimeType"] == "text/plain")

        let token2 = try #require(first.json["nextPageToken"]?.stringValue)
        let second = harness.send("GET", "/drive/v3/files?pageSize=3&pageToken=\(Emulator.formEscaped(token2))", token: token)
        #expect(second.status == 200)
        #expect(second.json.keys == ["kind", "incompleteSearch", "files"])
        #expect(second.json["files"]?.arrayValue?.map { $0["name"] } == ["file 4.txt", "file 5.txt", "file 6.txt"])

        // All on one page; a size over 1000 is coerced down; below 1 is refused.
        #expect(harness.send("GET", "/drive/v3/files?pageSize=6", token: token).json.keys == ["kind", "incompleteSearch", "files"])
        #expect(harness.send("GET", "/drive/v3/files?pageSize=5000", token: token).json["files"]?.arrayValue?.count == 6)
        let zero = harness.send("GET", "/drive/v3/files?pageSize=0", token: token)
        #expect(zero.status == 400)
        #expect(zero.reason == "invalid")
        // A token belongs to its query.
        let other = harness.send("GET", "/drive/v3/files?pageSize=3&orderBy=name%20desc&pageToken=\(Emulator.formEscaped(token2))", token: token)
        #expect(other.status == 400)
        #expect(harness.send("GET", "/drive/v3/files?pageToken=garbage", token: token).status == 400)
    }

    @Test func theNotesQueryForANameWithAQuoteAndABackslashFindsExactlyThatFile() throws {
        let (harness, token) = try Self.harness()
        let wanted = harness.upload("it's a \\ test", "the one", token: token)
        harness.upload("it is a test", "no 's'", token: token)
        harness.upload("its a \\ test", "no word 's'", token: token)
        harness.folder("it's a \\ test", token: token)
        let trashed = harness.upload("it's a \\ test", "in the trash", token: token)
        harness.send("PATCH", "/drive/v3/files/\(trashed["id"]!.stringValue!)", json: ["trashed": true], token: token)

        // Exactly what NOTES.md saw on the wire.
        let wire = "q=name+contains+%27it%5C%27s+a+%5C%5C+test%27+and+trashed+%3D+false+and+mimeType+%21%3D+%27application%2Fvnd.google-apps.folder%27"
        let answer = harness.send("GET", "/drive/v3/files?" + wire + "&fields=files(id,name)", token: token)
        #expect(answer.status == 200)
        #expect(answer.json == ["files": [.object([("id", wanted["id"]!), ("name", "it's a \\ test")])]])
    }

    /// Files for the query table: names, types, times, stars, trash, folders, properties.
    static func queryFixture() throws -> (EmulatorHarness, String, archive: String) {
        let (harness, token) = try harness()
        harness.upload("Q3 report.txt", "quarterly numbers", metadata: [
            ("modifiedTime", "2024-01-10T12:00:00Z"), ("starred", true), ("description", "for the board"),
        ], token: token)
        let prepared = harness.upload("prepared.txt", "nothing to see", metadata: [("modifiedTime", "2024-03-01T00:00:00Z")], token: token)
        harness.send("PATCH", "/drive/v3/files/\(prepared["id"]!.stringValue!)", json: ["trashed": true], token: token)
        harness.upload("Notes.md", "report draft ideas", type: "text/markdown", metadata: [
            ("modifiedTime", "2024-06-15T08:30:00.250Z"), ("properties", ["project": "apollo"]),
        ], token: token)
        let archive = harness.folder("Archive", token: token)["id"]!.stringValue!
        harness.upload("old report.txt", "x", metadata: [
            ("modifiedTime", "2023-12-31T23:59:59Z"), ("parents", [.string(archive)]), ("appProperties", ["synced": "yes"]),
        ], token: token)
        harness.send("POST", "/drive/v3/files", json: ["name": "Plan", "mimeType": .string(Drive.documentType)], token: token)
        return (harness, token, archive)
    }

    static let everything = ["Archive", "Notes.md", "old report.txt", "Plan", "prepared.txt", "Q3 report.txt"]

    static let queries: [(String, [String])] = [
        ("", everything),
        ("name = 'Notes.md'", ["Notes.md"]),
        ("name = 'notes.md'", ["Notes.md"]),
        ("name != 'Notes.md'", everything.filter { $0 != "Notes.md" }),
        ("name contains 'rep'", ["old report.txt", "Q3 report.txt"]),
        ("name contains 'REPORT'", ["old report.txt", "Q3 report.txt"]),
        ("fullText contains 'report'", ["Notes.md", "old report.txt", "Q3 report.txt"]),
        ("fullText contains 'board'", ["Q3 report.txt"]),
        ("fullText contains 'repo'", []),
        ("name contains 'repo'", ["old report.txt", "Q3 report.txt"]),
        // Words, in any order, punctuation aside.
        ("name contains 'txt report'", ["old report.txt", "Q3 report.txt"]),
        ("name contains 'q3.rep'", ["Q3 report.txt"]),
        ("fullText contains 'ideas report'", ["Notes.md"]),
        ("fullText contains '\"ideas report\"'", []),
        ("fullText contains '\"draft ideas\"'", ["Notes.md"]),
        ("mimeType = 'text/plain'", ["old report.txt", "prepared.txt", "Q3 report.txt"]),
        ("mimeType != 'application/vnd.google-apps.folder'", everything.filter { $0 != "Archive" }),
        ("mimeType contains 'google-apps'", ["Archive", "Plan"]),
        ("trashed = true", ["prepared.txt"]),
        ("trashed = false and starred = true", ["Q3 report.txt"]),
        ("starred != true", everything.filter { $0 != "Q3 report.txt" }),
        ("sharedWithMe = true", []),
        ("modifiedTime > '2024-01-01T00:00:00'", ["Archive", "Notes.md", "Plan", "prepared.txt", "Q3 report.txt"]),
        ("modifiedTime < '2024-01-01T01:00:00+01:00'", ["old report.txt"]),
        // A date alone is its midnight, UTC.
        ("modifiedTime > '2024-01-01'", ["Archive", "Notes.md", "Plan", "prepared.txt", "Q3 report.txt"]),
        ("modifiedTime < '2024-01-01'", ["old report.txt"]),
        ("modifiedTime = '2024-06-15T08:30:00.250Z'", ["Notes.md"]),
        ("modifiedTime <= '2024-01-10T12:00:00Z' and modifiedTime >= '2024-01-10T12:00:00Z'", ["Q3 report.txt"]),
        ("modifiedTime != '2024-01-10T12:00:00Z'", everything.filter { $0 != "Q3 report.txt" }),
        ("createdTime = '2026-03-02T10:00:00Z'", everything),
        ("createdTime < '2026-03-02T10:00:00Z'", []),
        ("'root' in parents", everything.filter { $0 != "old report.txt" }),
        ("'ARCHIVE' in parents", ["old report.txt"]),
        ("'me' in owners", everything),
        ("'emulator@example.com' in writers", everything),
        ("'someone@example.org' in owners", []),
        ("not name contains 'report'", ["Archive", "Notes.md", "Plan", "prepared.txt"]),
        ("name = 'Plan' or name = 'Archive'", ["Archive", "Plan"]),
        ("name = 'Plan' OR name = 'Archive'", ["Archive", "Plan"]),
        // `and` binds tighter than `or`: Plan, or (Archive and trashed).
        ("name = 'Plan' or name = 'Archive' and trashed = true", ["Plan"]),
        ("(name = 'Plan' or name = 'Archive') and trashed = true", []),
        ("(name = 'Plan' or name = 'Archive') and trashed = false", ["Archive", "Plan"]),
        ("not (starred = true or trashed = true)", ["Archive", "Notes.md", "old report.txt", "Plan"]),
        ("not not name = 'Plan'", ["Plan"]),
        ("properties has { key='project' and value='apollo' }", ["Notes.md"]),
        ("appProperties has { value='yes' and key='synced' }", ["old report.txt"]),
        ("properties has { key='project' and value='zeus' }", []),
    ]

    @Test func theQueryGrammarSelectsWhatDriveWould() throws {
        let (harness, token, archive) = try Self.queryFixture()
        for (q, expected) in Self.queries {
            #expect(harness.names(q.replacingOccurrences(of: "ARCHIVE", with: archive), orderBy: "name", token: token) == expected, "\(q)")
        }
    }

    static let badQueries = [
        "name = ", "name = 'unclosed", "colour = 'red'", "(name = 'x'", "name = 'x')", "trashed = maybe", "name == 'x'",
        "modifiedTime > 'yesterday'", "'x' in nowhere", "fullText = 'x'", "name = 'x' and", "name 'x'", "name = 'x' ; drop",
        String(repeating: "(", count: 100) + "name = 'x'" + String(repeating: ")", count: 100),
        String(repeating: "not ", count: 1000) + "name = 'x'",
        "properties has { key='a' }", "starred = 'true'", "name ! 'x'",
    ]

    @Test func aBadQueryIsA400NamingQ() throws {
        let (harness, token) = try Self.harness()
        for q in Self.badQueries {
            let answer = harness.send("GET", "/drive/v3/files?" + EmulatorHarness.query([("q", q)]), token: token)
            #expect(answer.status == 400, "\(q.prefix(40))")
            #expect(answer.reason == "invalid", "\(q.prefix(40))")
            #expect(answer.json["error"]?["errors"]?.arrayValue?.first?["location"] == "q", "\(q.prefix(40))")
            // Google's words exactly (what is wrong is in the emulator's own header).
            #expect(answer.json["error"]?["message"] == "Invalid Value", "\(q.prefix(40))")
            #expect(answer.header("X-Google-Emulator-Detail")?.isEmpty == false, "\(q.prefix(40))")
        }
    }

    /// Before: `shortcutDetails.targetId` was a 400 ("unexpected '.'"), and drives.list's `q`
    /// was not read (`bogus = 1` answered no drives, where Drive refuses the query).
    @Test func shortcutsAreFoundByTargetAndSharedDriveQueriesAreRead() throws {
        let (harness, token) = try Self.harness()
        let target = harness.upload("target.txt", "t", token: token)["id"]?.stringValue ?? ""
        let shortcut = harness.send("POST", "/drive/v3/files?fields=id", json: [
            "name": "to target", "mimeType": "application/vnd.google-apps.shortcut", "shortcutDetails": ["targetId": .string(target)],
        ], token: token)
        #expect(shortcut.status == 200)
        #expect(harness.names("shortcutDetails.targetId = '\(target)'", orderBy: "name", token: token) == ["to target"])
        #expect(harness.names("shortcutDetails.targetId != '\(target)'", orderBy: "name", token: token) == ["target.txt"])
        for q in ["memberCount > 2", "organizerCount = 1 and hidden = false", "name contains 'x' and createdTime > '2024-01-01'"] {
            let listed = harness.send("GET", "/drive/v3/drives?" + EmulatorHarness.query([("q", q)]), token: token)
            #expect(listed.text == #"{"kind":"drive#driveList","drives":[]}"#, "\(q)")
        }
        for q in ["bogus = 1", "memberCount > 'x'", "trashed = false"] {
            let refused = harness.send("GET", "/drive/v3/drives?" + EmulatorHarness.query([("q", q)]), token: token)
            #expect(refused.status == 400, "\(q)")
            #expect(refused.json["error"]?["errors"]?.arrayValue?.first?["location"] == "q", "\(q)")
        }
    }

    @Test func ordersByEachKeyAndRefusesUnknownOnes() throws {
        let (harness, token) = try Self.harness()
        harness.upload("file 10.txt", "ten", metadata: [("modifiedTime", "2024-03-01T00:00:00Z")], token: token)
        harness.upload("file 2.txt", "two", metadata: [("modifiedTime", "2024-01-01T00:00:00Z"), ("starred", true)], token: token)
        harness.upload("File 1.txt", "one!", metadata: [("modifiedTime", "2024-02-01T00:00:00Z")], token: token)
        harness.folder("zeta", token: token)
        let table: [(String, [String])] = [
            ("name", ["File 1.txt", "file 10.txt", "file 2.txt", "zeta"]),
            ("name desc", ["zeta", "file 2.txt", "file 10.txt", "File 1.txt"]),
            ("name_natural", ["File 1.txt", "file 2.txt", "file 10.txt", "zeta"]),
            ("folder,name", ["zeta", "File 1.txt", "file 10.txt", "file 2.txt"]),
            ("folder desc,name_natural desc", ["file 10.txt", "file 2.txt", "File 1.txt", "zeta"]),
            ("modifiedTime desc", ["zeta", "file 10.txt", "File 1.txt", "file 2.txt"]),
            ("modifiedTime", ["file 2.txt", "File 1.txt", "file 10.txt", "zeta"]),
            ("starred,name", ["file 2.txt", "File 1.txt", "file 10.txt", "zeta"]),
            ("quotaBytesUsed desc,name", ["File 1.txt", "file 10.txt", "file 2.txt", "zeta"]),
            // Every file was created now, so recency ties and the name decides.
            ("recency desc,name", ["File 1.txt", "file 10.txt", "file 2.txt", "zeta"]),
        ]
        for (orderBy, expected) in table {
            #expect(harness.names("", orderBy: orderBy, token: token) == expected, "\(orderBy)")
        }
        for orderBy in ["size", "name sideways", "name desc desc"] {
            let answer = harness.send("GET", "/drive/v3/files?" + EmulatorHarness.query([("orderBy", orderBy)]), token: token)
            #expect(answer.status == 400, "\(orderBy)")
            #expect(answer.json["error"]?["errors"]?.arrayValue?.first?["location"] == "orderBy")
        }
    }

    @Test func spacesAndCorporaAreToleratedAndAppDataStaysApart() throws {
        let (harness, token) = try Self.harness()
        harness.upload("visible.txt", "a", token: token)
        harness.upload("settings.json", "{}", type: "application/json", metadata: [("parents", ["appDataFolder"])], token: token)
        let base = "/drive/v3/files?fields=files(name)&"
        #expect(harness.send("GET", base + "corpora=user&includeItemsFromAllDrives=true&supportsAllDrives=true", token: token).json
            == ["files": [["name": "visible.txt"]]])
        #expect(harness.send("GET", base + "spaces=appDataFolder", token: token).json == ["files": [["name": "settings.json"]]])
        #expect(harness.send("GET", base + "spaces=drive,appDataFolder", token: token).json["files"]?.arrayValue?.count == 2)
        #expect(harness.send("GET", base + "spaces=photos", token: token).status == 400)
        #expect(harness.send("GET", base + "supportsAllDrives=perhaps", token: token).status == 400)
        #expect(harness.send("GET", base + "corpora=drive", token: token).status == 400)
        #expect(harness.send("GET", base + "corpora=drive&driveId=0AB", token: token).status == 404)
    }

    // MARK: files.get

    @Test func aFileHasDrivesDefaultFieldsEveryFieldWithStarAndExactlyWhatFieldsAsk() throws {
        let (harness, token) = try Self.harness()
        let made = harness.upload("hello.txt", "hello", metadata: [("description", "greeting")], token: token)
        let id = try #require(made["id"]?.stringValue)
        #expect(id.count == 33 && id.hasPrefix("1"))

        let plain = harness.send("GET", "/drive/v3/files/\(id)", token: token)
        #expect(plain.status == 200)
        #expect(plain.json == .object([("kind", "drive#file"), ("id", .string(id)), ("name", "hello.txt"), ("mimeType", "text/plain")]))

        let all = harness.send("GET", "/drive/v3/files/\(id)?fields=*", token: token).json
        #expect(all["size"] == "5")
        #expect(all["md5Checksum"] == "5d41402abc4b2a76b9719d911017c592")
        #expect(all["sha1Checksum"] == "aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d")
        #expect(all["sha256Checksum"] == "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824")
        #expect(all["parents"] == [.string(Drive.rootID)])
        #expect(all["description"] == "greeting")
        #expect(all["trashed"] == false)
        #expect(all["explicitlyTrashed"] == false)
        #expect(all["starred"] == false)
        #expect(all["createdTime"] == "2026-03-02T10:00:00.000Z")
        #expect(all["modifiedTime"] == "2026-03-02T10:00:00.000Z")
        #expect(all["version"]?.stringValue.flatMap { Int($0) } != nil)
        #expect(all["owners"]?.arrayValue?.first?["emailAddress"] == "emulator@example.com")
        #expect(all["owners"]?.arrayValue?.first?["me"] == true)
        #expect(all["lastModifyingUser"]?["kind"] == "drive#user")
        #expect(all["fileExtension"] == "txt")
        #expect(all["fullFileExtension"] == "txt")
        #expect(all["originalFilename"] == "hello.txt")
        #expect(all["headRevisionId"] == "1")
        #expect(all["quotaBytesUsed"] == "5")
        #expect(all["webViewLink"] == .string("https://drive.google.com/file/d/\(id)/view?usp=drivesdk"))
        #expect(all["capabilities"]?["canEdit"] == true)
        #expect(all["capabilities"]?["canAddChildren"] == false)

        let some = harness.send("GET", "/drive/v3/files/\(id)?fields=id,size,owners(emailAddress)", token: token)
        // Members come in the resource's order, whatever the order asked.
        #expect(some.json == .object([("id", .string(id)), ("owners", [["emailAddress": "emulator@example.com"]]), ("size", "5")]))
        #expect(harness.send("GET", "/drive/v3/files/\(id)?fields=files((", token: token).status == 400)

        // The root folder, by its alias.
        let root = harness.send("GET", "/drive/v3/files/root", token: token)
        #expect(root.json == .object([("kind", "drive#file"), ("id", .string(Drive.rootID)), ("name", "My Drive"), ("mimeType", .string(Drive.folderType))]))
        // A folder has no size.
        let folder = harness.folder("Stuff", token: token)
        #expect(folder["size"] == nil)
        #expect(folder["md5Checksum"] == nil)
        #expect(folder["capabilities"]?["canAddChildren"] == true)
    }

    @Test func anUnknownFileIsDrivesNotFound() throws {
        let (harness, token) = try Self.harness()
        let answer = harness.send("GET", "/drive/v3/files/nope", token: token)
        #expect(answer.status == 404)
        #expect(answer.text == #"{"error":{"errors":[{"domain":"global","reason":"notFound","message":"File not found: nope.","locationType":"parameter","location":"fileId"}],"code":404,"message":"File not found: nope."}}"#)
    }

    // MARK: Downloads and exports

    @Test func downloadsTheBytesOrOneRange() throws {
        let (harness, token) = try Self.harness()
        let id = harness.upload("digits.txt", "0123456789", token: token)["id"]!.stringValue!
        let path = "/drive/v3/files/\(id)?alt=media"
        let whole = harness.send("GET", path, token: token)
        #expect(whole.status == 200)
        #expect(whole.text == "0123456789")
        #expect(whole.header("Content-Type") == "text/plain")

        let table: [(String, Int, String, String?)] = [
            ("bytes=2-4", 206, "234", "bytes 2-4/10"),
            ("bytes=7-", 206, "789", "bytes 7-9/10"),
            ("bytes=-3", 206, "789", "bytes 7-9/10"),
            ("bytes=5-100", 206, "56789", "bytes 5-9/10"),
            ("bytes=0-104857599", 206, "0123456789", "bytes 0-9/10"),
            ("bytes=10-", 416, "", "bytes */10"),
            ("bytes=0-1,4-5", 200, "0123456789", nil),
            ("pages=1-2", 200, "0123456789", nil),
        ]
        for (range, status, body, contentRange) in table {
            let answer = harness.send("GET", path, headers: ["Range: \(range)"], token: token)
            #expect(answer.status == status, "\(range)")
            #expect(answer.text == body, "\(range)")
            #expect(answer.header("Content-Range") == contentRange, "\(range)")
        }
        // An empty file answers any range with 416, which Python's client reads as done.
        let empty = harness.send("POST", "/upload/drive/v3/files?uploadType=media", body: [], headers: ["Content-Type: text/plain"], token: token)
        let emptyRange = harness.send("GET", "/drive/v3/files/\(empty.json["id"]!.stringValue!)?alt=media", headers: ["Range: bytes=0-100"], token: token)
        #expect(emptyRange.status == 416)
        #expect(emptyRange.header("Content-Range") == "bytes */0")
    }

    @Test func aDocIsExportedNotDownloaded() throws {
        let (harness, token) = try Self.harness()
        let doc = harness.upload("Minutes", "First line\nSecond <line> & more", metadata: [("mimeType", .string(Drive.documentType))], token: token)
        let id = try #require(doc["id"]?.stringValue)
        #expect(doc["mimeType"] == .string(Drive.documentType))
        #expect(doc["size"] == nil)
        #expect(doc["webViewLink"] == .string("https://docs.google.com/document/d/\(id)/edit?usp=drivesdk"))

        let download = harness.send("GET", "/drive/v3/files/\(id)?alt=media", token: token)
        #expect(download.status == 403)
        #expect(download.reason == "fileNotDownloadable")

        let plain = harness.send("GET", "/drive/v3/files/\(id)/export?mimeType=text%2Fplain", token: token)
        #expect(plain.status == 200)
        #expect(plain.header("Content-Type") == "text/plain")
        #expect(plain.body == [0xEF, 0xBB, 0xBF] + Array("First line\r\nSecond <line> & more".utf8))
        #expect(harness.send("GET", "/drive/v3/files/\(id)/export?mimeType=text/markdown", token: token).text == "First line\nSecond <line> & more")
        #expect(harness.send("GET", "/drive/v3/files/\(id)/export?mimeType=text/html", token: token).text
            == "<html><head><meta content=\"text/html; charset=UTF-8\" http-equiv=\"content-type\"><title>Minutes</title></head>"
            + "<body><p>First line</p><p>Second &lt;line&gt; &amp; more</p></body></html>")

        // (A PDF is served: ClientContractTests.aGoogleTypeExportsAsAPDF.)
        let zip = harness.send("GET", "/drive/v3/files/\(id)/export?mimeType=application/zip", token: token)
        #expect(zip.status == 400)
        #expect(zip.reason == "badRequest")
        let missing = harness.send("GET", "/drive/v3/files/\(id)/export", token: token)
        #expect(missing.status == 400)
        #expect(missing.reason == "required")
        let text = harness.upload("plain.txt", "x", token: token)["id"]!.stringValue!
        let notExportable = harness.send("GET", "/drive/v3/files/\(text)/export?mimeType=text/plain", token: token)
        #expect(notExportable.status == 403)
        #expect(notExportable.reason == "fileNotExportable")
        // An empty Doc made from metadata alone exports as nothing but the mark.
        let empty = harness.send("POST", "/drive/v3/files", json: ["name": "Blank", "mimeType": .string(Drive.documentType)], token: token)
        #expect(harness.send("GET", "/drive/v3/files/\(empty.json["id"]!.stringValue!)/export?mimeType=text/plain", token: token).body == [0xEF, 0xBB, 0xBF])
    }

    @Test func anExportOverTenMegabytesIsRefused() throws {
        let (harness, token) = try Self.harness()
        let big = [UInt8](repeating: UInt8(ascii: "a"), count: Drive.exportLimit + 1)
        let body = EmulatorHarness.multipart(["name": "Huge", "mimeType": .string(Drive.documentType)], content: big, boundary: "xyz", lineEnd: "\n")
        let doc = harness.send("POST", "/upload/drive/v3/files?uploadType=multipart", body: body,
                               headers: ["Content-Type: multipart/related; boundary=xyz"], token: token)
        let answer = harness.send("GET", "/drive/v3/files/\(doc.json["id"]!.stringValue!)/export?mimeType=text/plain", token: token)
        #expect(answer.status == 403)
        #expect(answer.reason == "exportSizeLimitExceeded")
    }
}
