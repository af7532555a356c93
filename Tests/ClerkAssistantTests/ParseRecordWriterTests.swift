import ClerkAssistant
import ClerkCore
import ClerkLanguage
import Foundation
import Testing

/// `clerk parse --jsonl` writes its answers straight to bytes (`ParseReport.writeRecord`,
/// `ParseBatch.Reader`); they must be the bytes of the value `record(id:)` and
/// `ParseBatch.answer` make, for every phrase of the fixtures and for text JSON must escape.
@Suite struct ParseRecordWriterTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/phrases")
    static let madrid = ReferenceTime(instant: Date(timeIntervalSince1970: 1_796_025_600), timeZone: Zone(identifier: "Europe/Madrid")!)
    static let duckling = ReferenceTime(instant: Date(timeIntervalSince1970: 1_360_650_600), timeZone: Zone(secondsFromGMT: -7200)!,
                                        dateOrder: .dayFirst)

    /// Every phrase of Fixtures/phrases (first column), and text that needs escapes.
    static let phrases: [String] = {
        var all: [String] = []
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".tsv") {
            let text = (try? String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n").dropFirst() where !line.hasPrefix("#") {
                if let phrase = line.split(separator: "\t", omittingEmptySubsequences: false).first, !phrase.isEmpty { all.append(String(phrase)) }
            }
        }
        return all + [
            "lunch with \"Ana\" \\ tomorrow at 1pm", "tab\there tomorrow", "new line\nfriday", "bell \u{07} and \u{7F} at noon",
            "sep \u{2028} para \u{2029} monday", "emoji 🎉 café at 10", "\u{E2}\u{80} broken-looking text", "",
            "every year on May 5 starting in 9000 years", "3 days ago in the year 1", "invite ana@example.com and bob to lunch friday",
        ]
    }()

    /// The names written as constants are the JSON strings of the raw values, every case.
    @Test func namesWrittenAsConstantsAreTheirRawValuesAsStrings() {
        func bytes(_ text: StaticString) -> [UInt8] { Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) }
        func json(_ raw: String) -> [UInt8] { JSONValue.string(raw).serializedBytes() }
        for name in IntentName.allCases { #expect(bytes(ParseReport.quoted(name)) == json(name.rawValue), "\(name)") }
        for grain in Grain.allCases { #expect(bytes(ParseReport.quoted(grain)) == json(grain.rawValue), "\(grain)") }
        for kind in Slot.Kind.allCases { #expect(bytes(ParseReport.quoted(kind)) == json(kind.rawValue), "\(kind)") }
    }

    @Test func writtenRecordsAreTheBytesOfTheValue() {
        #expect(Self.phrases.count > 500)
        let router = Router()
        for reference in [Self.madrid, Self.duckling] {
            for phrase in Self.phrases {
                let report = ParseReport(text: phrase, reference: reference, router: router)
                for id: JSONValue in ["x\"1", 7, .null] {
                    let out = report.recordBytes(id: id)
                    let expected = report.record(id: id).serializedBytes()
                    #expect(out == expected, "\(phrase)")
                    if out != expected { return }
                }
            }
        }
    }

    /// "… 8pm their time" is read as the place's time ("… 8pm london time", a byte longer),
    /// and the answer's words are the line's own: cut from the line at the places of the
    /// words said, they ran past its end and `clerk parse --jsonl` trapped. A place clerk
    /// has no zone for is no one's time.
    @Test(arguments: [
        ("dinner with ana in london friday 8pm their time", #""text":"friday 8pm their time""#, "London"),
        ("meeting with the new york office monday 10am their local time", #""text":"monday 10am their local time""#, "New_York"),
        ("call with tokyo client 9am their time thursday", #""text":"9am their time thursday""#, "Tokyo"),
        ("call with the LA team at 4pm their time", #""text":"at 4pm""#, nil),
    ] as [(String, String, String?)])
    func aLineSaidAgainByTheRouterIsAnsweredInItsOwnWords(phrase: String, date: String, zone: String?) {
        let report = ParseReport(text: phrase, reference: Self.madrid, router: Router())
        let out = report.recordBytes(id: 1)
        #expect(out == report.record(id: 1).serializedBytes())
        let written = String(decoding: out, as: UTF8.self)
        #expect(written.contains(#""dates":[{"# + date), "\(written)")
        #expect(zone.map { written.contains($0) } ?? true, "\(written)")
    }

    /// The reader answers as `ParseBatch.answer` does, line after line, whatever the clock
    /// of the line before was (it remembers only an equal `now` and `tz`).
    @Test func theReaderAnswersEachLineAsTheOneLineAnswerDoes() {
        let lines = [
            #"{"id":1,"text":"tomorrow at 3pm","now":"2026-03-28T10:00","tz":"Europe/Madrid"}"#,
            #"{"id":2,"text":"tomorrow at 3pm","now":"2026-03-28T10:00","tz":"Europe/Madrid"}"#,
            #"{"id":3,"text":"tomorrow at 3pm","now":"2026-03-28T10:00","tz":"America/New_York"}"#,
            #"{"id":4,"text":"tomorrow at 3pm","tz":"America/New_York"}"#,
            #"{"id":5,"text":"tomorrow at 3pm"}"#,
            #"{"id":6,"text":"tomorrow at 3pm","now":"2026-03-28T10:00"}"#,
            #"{"id":7,"text":"tomorrow at 3pm","now":"2026-03-28T10:00","tz":null}"#,
            #"{"id":8,"text":"in 2 hours","now":"2026-03-29T01:30","tz":"+05:30"}"#,
            #"{"id":9,"text":"x","now":"2026-11-30T09:00:00.5"}"#,
            #"{"id":10,"text":"x","tz":"Mars/Olympus"}"#,
            #"{"id":11,"text":"x","tz":7}"#,
            #"{"id":12,"text":"x","now":["2026"]}"#,
            #"{"id":13}"#,
            #"[1,2]"#,
            #"{"id":14,"text":"next friday"#,
            #"{"id":{"nested":[1,true,null]},"text":"every other week on tue","now":"2026-03-28T10:00","tz":"Europe/Madrid"}"#,
            // Lines the reader takes without the JSON reader (`RequestKeys.Plain`), and their near misses:
            // a zone name too long to be kept inline, a raw tab past the first eight bytes of a text.
            #"{"id":"long","text":"friday","tz":"America/Argentina/ComodRivadavia"}"#,
            #"{"id":"long2","text":"friday","tz":"America/Argentina/ComodRivadavia"}"#,
            "{\"id\":\"tab\",\"text\":\"tomorrow at\t3\"}",
            #" { "tz" : null , "now" : null , "text" : "friday" , "id" : "spaced" } "#,
            #"{"text":"friday","id":null}"#, #"{"id":"t","text":null}"#, #"{"id":"u","text":"x","extra":"y"}"#,
            #"{"id":"v","text":"x","now":nul}"#, #"{"id":"w","text":"x",}"#, #"{"id":"x","text":"x"}}"#, #"{}"#,
            #"{"id":"y","text":"a\/b","tz":"Europe\/Madrid"}"#, #"{"id":"z","tz":"UTC","tz":"Mars/Olympus","text":"x"}"#,
        ]
        let reader = ParseBatch.Reader(defaults: Self.madrid)
        for line in lines + lines.reversed() {
            var out = ByteWriter()
            let ok = reader.answer(line: line, to: &out)
            let (json, expectedOK) = ParseBatch.answer(line: line, defaults: Self.madrid)
            #expect(String(decoding: out.bytes, as: UTF8.self) == json.serialized(), "\(line)")
            #expect(ok == expectedOK, "\(line)")
        }
    }

    /// Request lines as bytes (what `clerk parse --jsonl` reads): escapes, control
    /// characters, text that is not ASCII, very long lines and bad lines are answered as
    /// `ParseBatch.answer` answers the decoded line; bytes that are not UTF-8 are refused;
    /// blank lines get no answer.
    @Test func theReaderAnswersLinesOfBytesAsTheDecodedLine() {
        let long = String(repeating: "lunch with ana tomorrow at 1pm and ", count: 3_000)
        var lines: [[UInt8]] = [
            #"{"id":"a\"b\\c","text":"lunch with \"Ana\" \\ tomorrow\tat 1pm\n","now":"2026-03-02T10:00","tz":"Europe/Madrid"}"#,
            #"{"id":"\u0001\u001f\u007f","text":"meeting \u0007\u001b\u007f\u2028\u2029 friday"}"#,
            #"{"id":"é","text":"café with Zoë à 3pm 日本 🎉 on friday","tz":"+05:30"}"#,
            #"{"id":"surrogates","text":"\ud83c\udf89 party \ud800 saturday"}"#,
            #"{"id":3.25,"text":"next week on Work"}"#, #"{"id":-0.0,"text":"x"}"#, #"{"id":1e300,"text":"x"}"#,
            #"{"id":[1,{"a":null,"b":[true,false]}],"text":"every monday"}"#,
            #"{"id":"long","text":"\#(long)"}"#,
            #"{"id":"dup","id":"second","text":"friday","text":"monday"}"#,
            #"  {"id":"spaces","text":"  in 2 hours  "}  "#,
            #"{"id":"x","text":5}"#, #"{"id":"y"}"#, "[1,2]", "not json", #"{"id":1} trailing"#, "{", #"{"id":"z","text":"x","tz":"Mars/Base"}"#,
            #"{"id":"n","text":"x","now":"yesterday"}"#,
            // Plain lines' ids, which the reader keeps inline up to 24 printable ASCII bytes
            // (`ParseBatch.RequestID`): at 24 and 25 bytes, every printable mark, none, and a
            // raw DEL or a letter beyond ASCII (written as any other string).
            #"{"id":"abcdefghijklmnopqrstuvwx","text":"friday"}"#, #"{"id":"abcdefghijklmnopqrstuvwxy","text":"friday"}"#,
            #"{"id":"~!#$%&'()*+,-./:;<=>?@[]","text":"friday"}"#, #"{"id":"","text":"friday"}"#,
            "{\"id\":\"del\u{7F}raw\",\"text\":\"friday\"}", #"{"id":"naïve","text":"friday"}"#,
        ].map { Array($0.utf8) }
        let reader = ParseBatch.Reader(defaults: Self.madrid)
        // Bytes that are not UTF-8 are refused, not decoded (they were read as U+FFFD); the
        // id is given back when the line opens with it and it is UTF-8 (it was null).
        for (line, id) in [(Array(#"{"id":"bad\#u{E9}","text":"caf"#.utf8) + [0xC3, 0x20, 0xFF, 0xE2, 0x80] + Array(#" friday"}"#.utf8), #""bad\#u{E9}""#),
                           ([0x7B, 0xFF, 0x7D], "null"),
                           (Array(#"{"id":"2"#.utf8) + [0xC3] + Array(#"","text":"x"}"#.utf8), "null"),
                           (Array(#"{ "id" : 12345678901234567890 ,"text":"x"#.utf8) + [0xFF] + Array(#""}"#.utf8), "12345678901234567890")] {
            var out = ByteWriter(capacity: 16)
            let ok = line.withUnsafeBufferPointer { reader.answer(input: $0, to: &out) }
            #expect(String(decoding: out.bytes, as: UTF8.self) == #"{"id":"# + id + #","error":"not UTF-8 text, so not read"}"#)
            #expect(ok == false)
        }
        for line in lines {
            var out = ByteWriter(capacity: 16)
            let ok = line.withUnsafeBufferPointer { reader.answer(input: $0, to: &out) }
            let (json, expectedOK) = ParseBatch.answer(line: String(decoding: line, as: UTF8.self), defaults: Self.madrid)
            #expect(out.bytes == json.serializedBytes(), "\(String(decoding: line, as: UTF8.self).prefix(80))")
            #expect(ok == expectedOK)
        }
        for blank in ["", " ", "\t \u{0B}\u{0C}\r", "\u{3000}\u{A0}\u{2028}"] {
            var out = ByteWriter()
            let answer = Array(blank.utf8).withUnsafeBufferPointer { reader.answer(input: $0, to: &out) }
            #expect(answer == nil, "\(Array(blank.unicodeScalars))")
            #expect(out.count == 0)
        }
    }
}
