import ClerkCore
import Foundation
@testable import GoogleEmulator
@testable import LoopbackHTTP
import Testing

/// The readers behind Drive's endpoints, without HTTP: `q`, multipart bodies, media types,
/// byte ranges and chunk ranges.
@Suite struct DriveParsingTests {
    /// A query's shape, for comparing parses.
    static func shape(_ query: DriveQuery) -> String {
        switch query {
        case .term(let term):
            switch term {
            case .text(let field, let op, let value): return "\(field.rawValue) \(op) '\(value)'"
            case .time(let field, let comparison, let instant): return "\(field.rawValue) \(comparison.rawValue) \(Wire.timestamp(instant))"
            case .flag(let field, let value): return "\(field.rawValue)=\(value)"
            case .member(let value, let collection): return "'\(value)' in \(collection.rawValue)"
            case .property(let field, let key, let value): return "\(field.rawValue){\(key)=\(value)}"
            case .visibility(let value, let equals): return "visibility\(equals ? "=" : "!=")\(value)"
            case .shortcutTarget(let value, let equals): return "shortcutDetails.targetId\(equals ? "=" : "!=")\(value)"
            case .count(let field, let comparison, let number): return "\(field.rawValue) \(comparison.rawValue) \(number)"
            }
        case .not(let inner): return "not(\(shape(inner)))"
        case .all(let parts): return "all(" + parts.map(shape).joined(separator: ", ") + ")"
        case .any(let parts): return "any(" + parts.map(shape).joined(separator: ", ") + ")"
        }
    }

    static let parses: [(String, String)] = [
        (#"name contains 'it\'s a \\ test'"#, #"name contains 'it's a \ test'"#),
        (#"name = 'a\'b\\c\\'"#, #"name equals 'a'b\c\'"#),
        ("mimeType != 'x'", "mimeType notEquals 'x'"),
        ("trashed != false", "trashed=true"),
        ("modifiedTime >= '2024-01-01T12:00:00'", "modifiedTime >= 2024-01-01T12:00:00.000Z"),
        ("modifiedTime < '2024-01-01T12:00:00-05:00'", "modifiedTime < 2024-01-01T17:00:00.000Z"),
        ("'root' in parents", "'root' in parents"),
        ("name = 'a' or name = 'b' and starred = true", "any(name equals 'a', all(name equals 'b', starred=true))"),
        ("not name = 'a' and starred = true", "all(not(name equals 'a'), starred=true)"),
        ("not (name = 'a' and starred = true)", "not(all(name equals 'a', starred=true))"),
        ("((name = 'a'))", "name equals 'a'"),
        ("name='a'and(starred=true)", "all(name equals 'a', starred=true)"),
        ("properties has { key = 'k' and value = 'v' }", "properties{k=v}"),
        ("visibility != 'limited'", "visibility!=limited"),
        // Before: a date alone and shortcutDetails.targetId were 400s.
        ("modifiedTime > '2024-01-01'", "modifiedTime > 2024-01-01T00:00:00.000Z"),
        ("createdTime <= '2024-02-29' and viewedByMeTime > '2023-12-31T23:00:00'",
         "all(createdTime <= 2024-02-29T00:00:00.000Z, viewedByMeTime > 2023-12-31T23:00:00.000Z)"),
        ("shortcutDetails.targetId = '1abc' and trashed = false", "all(shortcutDetails.targetId=1abc, trashed=false)"),
        ("shortcutDetails.targetId != 'x'", "shortcutDetails.targetId!=x"),
        // Before: a double-quoted string was a 400 ("unexpected '\"'").
        (#"name = "a'b" and mimeType != "text/plain""#, "all(name equals 'a'b', mimeType notEquals 'text/plain')"),
        (#"name contains "say \"hi\"" and 'root' in parents"#, #"all(name contains 'say "hi"', 'root' in parents)"#),
        (#"fullText contains '"two words"'"#, #"fullText contains '"two words"'"#),
    ]

    /// Drive v2's names of the same terms (v2's files.list).
    static let v2Parses: [(String, String)] = [
        ("title = 'a' and trashed = false", "all(name equals 'a', trashed=false)"),
        (#"title contains "rep" and 'root' in parents"#, "all(name contains 'rep', 'root' in parents)"),
        ("modifiedDate > '2024-01-01' or createdDate <= '2024-02-29T00:00:00'",
         "any(modifiedTime > 2024-01-01T00:00:00.000Z, createdTime <= 2024-02-29T00:00:00.000Z)"),
        ("lastViewedByMeDate < '2024-01-01'", "viewedByMeTime < 2024-01-01T00:00:00.000Z"),
    ]

    @Test func readsDriveV2sNamesOfTheTermsAndOnlyThere() throws {
        for (text, expected) in Self.v2Parses {
            #expect(Self.shape(try DriveQuery(text, vocabulary: .filesV2)) == expected, "\(text)")
        }
        for text in ["name = 'a'", "modifiedTime > '2024-01-01'", "viewedByMeTime > '2024-01-01'"] {
            #expect(throws: GoogleError.self, "\(text)") { try DriveQuery(text, vocabulary: .filesV2) }
        }
        for text in ["title = 'a'", "modifiedDate > '2024-01-01'", #"name = "a"#, #"name = 'a""#] {
            #expect(throws: GoogleError.self, "\(text)") { try DriveQuery(text) }
        }
        #expect(try DriveOrder("title desc,modifiedDate", version2: true).keys.map { "\($0.0.rawValue) \($0.descending)" } == ["name true", "modifiedTime false"])
        #expect(throws: GoogleError.self) { try DriveOrder("name", version2: true) }
        #expect(throws: GoogleError.self) { try DriveOrder("title") }
    }

    /// drives.list's own terms (before, its `q` was not read at all: anything passed).
    static let driveParses: [(String, String)] = [
        ("memberCount > 2", "memberCount > 2"),
        ("organizerCount = 1 and hidden = false", "all(organizerCount = 1, hidden=false)"),
        ("name contains 'team' or createdTime > '2024-01-01'", "any(name contains 'team', createdTime > 2024-01-01T00:00:00.000Z)"),
        ("not hidden != true", "not(hidden=false)"),
    ]

    @Test func readsTheTermsOfSharedDrivesAndRefusesEachOthers() throws {
        for (text, expected) in Self.driveParses {
            #expect(Self.shape(try DriveQuery(text, vocabulary: .drives)) == expected, "\(text)")
        }
        for text in ["trashed = false", "'root' in parents", "memberCount > 'two'", "hidden = 1", "mimeType = 'x'"] {
            #expect(throws: GoogleError.self, "\(text)") { try DriveQuery(text, vocabulary: .drives) }
        }
        for text in ["memberCount > 2", "hidden = true", "modifiedTime > '2024-13-01'", "modifiedTime > '2024-1-01'", "shortcutDetails = 'x'"] {
            #expect(throws: GoogleError.self, "\(text)") { try DriveQuery(text) }
        }
    }

    @Test func readsQueriesWithEscapesAndPrecedence() throws {
        for (text, expected) in Self.parses {
            #expect(Self.shape(try DriveQuery(text)) == expected, "\(text)")
        }
    }

    @Test func nameContainsMatchesWordStartsAndFullTextWholeWords() {
        let names: [(String, String, Bool)] = [
            ("Q3 report.txt", "rep", true), ("prepared.txt", "rep", false), ("HelloWorld", "World", false),
            ("hello-world", "WORLD", true), ("it's a \\ test", "it's a \\ test", true), ("it's a test", "it's a \\ test", true),
            ("it is a test", "it's a \\ test", false), ("report q3", "q3 rep", true), ("ab", "abc", false), ("año nuevo", "NUEVO", true),
            ("a\\b", "\\", true), ("ab", "\\", false),
        ]
        for (name, value, expected) in names {
            #expect(DriveQuery.nameContains(name, value) == expected, "\(name) / \(value)")
        }
        let texts: [([String], String, Bool)] = [
            (["the report."], "report", true), (["the reports"], "report", false), (["Hello there world"], "\"hello there\"", true),
            (["Hello there world"], "\"hello world\"", false), (["Hello there world"], "world hello", true), (["Hello_world"], "\"hello world\"", true),
            (["name", "", "body text"], "name text", true), (["x"], "...", false),
        ]
        for (haystack, value, expected) in texts {
            #expect(DriveQuery.fullTextContains(haystack, value) == expected, "\(haystack) / \(value)")
        }
    }

    @Test func readsMediaTypesWithQuotedParameters() {
        let type = MediaType(#"multipart/related; boundary="===============7330845974216740156=="; charset=x"#)
        #expect(type.type == "multipart/related")
        #expect(type.parameters == ["boundary": "===============7330845974216740156==", "charset": "x"])
        #expect(MediaType("Text/Plain;charset=UTF-8").type == "text/plain")
        #expect(MediaType(#"a/b; q="x\"y""#).parameters["q"] == #"x"y"#)
        #expect(MediaType("").type == "")
    }

    @Test func splitsMultipartBodiesWithMixedLineEndsAndBase64() throws {
        let body = "preamble\r\n--B\nContent-Type: application/json\r\n\n{\"name\":\"x\"}\r\n--B \t\r\nContent-Type: text/plain\n"
            + "Content-Transfer-Encoding: base64\n\naGVsbG8=\n--B--\r\nepilogue"
        let parts = try MultipartBody(body: Array(body.utf8), contentType: "multipart/related; boundary=B").parts
        #expect(parts.count == 2)
        #expect(String(decoding: parts[0].body, as: UTF8.self) == #"{"name":"x"}"#)
        #expect(parts[1].header("content-type") == "text/plain")
        #expect(parts[1].body == Array("hello".utf8))
        // Content that holds the boundary text not after a line break stays content.
        let tricky = "--B\r\n\r\n{}\r\n--B\r\n\r\nx--B y\r\n--B--"
        #expect(try MultipartBody(body: Array(tricky.utf8), contentType: "multipart/related; boundary=B").parts[1].body == Array("x--B y".utf8))
        #expect(throws: MultipartBody.Failure.unterminated) { try MultipartBody(body: Array("--B\r\n\r\n{}".utf8), contentType: "multipart/related; boundary=B") }
        #expect(throws: MultipartBody.Failure.noBoundary) { try MultipartBody(body: [], contentType: "multipart/related") }
    }

    @Test func readsByteRanges() {
        let table: [(String, Int, Emulator.ByteRange?)] = [
            ("bytes=0-0", 10, .range(0...0)), ("bytes=3-", 10, .range(3...9)), ("bytes=-4", 10, .range(6...9)),
            ("bytes=-40", 10, .range(0...9)), ("bytes=8-99999999999999999999", 10, nil), ("bytes=10-11", 10, .unsatisfiable),
            ("bytes=-0", 10, .unsatisfiable), ("bytes=5-2", 10, nil), ("bytes=a-b", 10, nil), ("bytes=0-", 0, .unsatisfiable),
        ]
        for (header, total, expected) in table {
            #expect(Emulator.byteRange(header, total: total) == expected, "\(header)")
        }
    }

    @Test func readsChunkRanges() throws {
        #expect(try Emulator.ChunkRange("bytes 0-9/10", bodyCount: 10) == .bytes(first: 0, last: 9, total: 10))
        #expect(try Emulator.ChunkRange("bytes 0-9/*", bodyCount: 10) == .bytes(first: 0, last: 9, total: nil))
        #expect(try Emulator.ChunkRange("bytes */10", bodyCount: 0) == .status(total: 10))
        #expect(try Emulator.ChunkRange(nil, bodyCount: 3) == .bytes(first: 0, last: 2, total: 3))
        #expect(try Emulator.ChunkRange(nil, bodyCount: 0) == .status(total: 0))
        for bad in ["bytes 0-9/5", "bytes 5-1/10", "items 0-1/2", "bytes 0-9223372036854775807/*x", "bytes -1-2/3"] {
            #expect(throws: GoogleError.self, "\(bad)") { try Emulator.ChunkRange(bad, bodyCount: 1) }
        }
    }
}
