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

    @Test func writtenRecordsAreTheBytesOfTheValue() {
        #expect(Self.phrases.count > 500)
        let router = Router()
        for reference in [Self.madrid, Self.duckling] {
            for phrase in Self.phrases {
                let report = ParseReport(text: phrase, reference: reference, router: router)
                for id: JSONValue in ["x\"1", 7, .null] {
                    var out: [UInt8] = []
                    report.writeRecord(id: id, to: &out)
                    let expected = report.record(id: id).serializedBytes()
                    #expect(out == expected, "\(phrase)")
                    if out != expected { return }
                }
            }
        }
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
        ]
        let reader = ParseBatch.Reader(defaults: Self.madrid)
        for line in lines + lines.reversed() {
            var out: [UInt8] = []
            let ok = reader.answer(line: line, to: &out)
            let (json, expectedOK) = ParseBatch.answer(line: line, defaults: Self.madrid)
            #expect(String(decoding: out, as: UTF8.self) == json.serialized(), "\(line)")
            #expect(ok == expectedOK, "\(line)")
        }
    }
}
