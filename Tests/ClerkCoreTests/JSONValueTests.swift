import ClerkCore
import Testing

@Suite struct JSONValueTests {
    @Test func serializesObjectsInTheOrderWritten() {
        let value: JSONValue = ["b": 1, "a": [true, nil, "x"], "c": .number(1.5)]
        #expect(value.serialized() == #"{"b":1,"a":[true,null,"x"],"c":1.5}"#)
    }

    @Test(arguments: [
        ("quote \" and \\ slash", #""quote \" and \\ slash""#),
        ("line\nbreak\ttab", #""line\nbreak\ttab""#),
        ("bell\u{07}", #""bell\u0007""#),
        ("café ✓", #""café ✓""#),
        ("del\u{7F} sep\u{2028}para\u{2029}", #""del\u007f sep\u2028para\u2029""#),
        ("\u{1B}[2J\r", #""\u001b[2J\r""#),
    ])
    func escapesStrings(text: String, expected: String) {
        #expect(JSONValue.string(text).serialized() == expected)
    }

    /// Strings are copied in runs of plain bytes: every mix of plain text and characters to
    /// escape, at every position, comes out as the scalar-by-scalar escaping says, and reads
    /// back as it was.
    @Test func escapesEveryMixAtEveryPosition() throws {
        let pieces = ["a", "é", "✓", "😀", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}", "\u{2027}", "\u{E2}"]
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{0}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        var state: UInt64 = 0x5EED
        for _ in 0..<3000 {
            var text = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for step in 0..<Int(state >> 60) {
                text += pieces[Int((state >> UInt64(4 * (step % 14))) & 0xF)]
            }
            #expect(JSONValue.string(text).serialized() == reference(text), "\(Array(text.unicodeScalars))")
            #expect(try JSONValue.parse(JSONValue.string(text).serialized()).stringValue == text)
        }
    }

    /// What is read is written back the same: a number too small for a Double is zero.
    @Test func tinyNumbersReadAsZero() throws {
        #expect(try JSONValue.parse("1e-400") == .number(0))
        #expect(try JSONValue.parse("[1e308]").serialized() == "[1e+308]")
    }

    @Test func parsesWhatItWrites() throws {
        let text = #"{"id":"a1","n":-12,"f":0.25,"ok":false,"list":[{"x":null}],"s":"é\u00e9\ud83d\ude00"}"#
        let value = try JSONValue.parse(text)
        #expect(value["id"]?.stringValue == "a1")
        #expect(value["n"]?.intValue == -12)
        #expect(value["f"]?.numberValue == 0.25)
        #expect(value["ok"]?.boolValue == false)
        #expect(value["s"]?.stringValue == "éé😀")
        #expect(value.serialized() == #"{"id":"a1","n":-12,"f":0.25,"ok":false,"list":[{"x":null}],"s":"éé😀"}"#)
    }

    /// Read exactly, numbers keep their text and a lone surrogate is an error; read plainly
    /// (Google's answers), numbers are Doubles and a lone surrogate is U+FFFD.
    @Test func readsExactlyWhenAsked() throws {
        let text = #"{"a":9007199254740993,"b":1.0,"c":-0,"d":1e400,"e":"\ud83d\ude00"}"#
        #expect(try JSONValue.parse(text, exact: true).serialized() == #"{"a":9007199254740993,"b":1.0,"c":-0,"d":1e400,"e":"😀"}"#)
        #expect(try JSONValue.parse(text, exact: true)["a"]?.numberValue == 9007199254740992)
        for (text, offset) in [(#""\ud800""#, 1), (#""x\udc00\u0041""#, 2), (#""\ud800\u0041""#, 1)] {
            let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(text, exact: true) }
            #expect(error?.description == "\\u escape of half a character (a lone surrogate) at byte \(offset)")
        }
        #expect(try JSONValue.parse(#""\ud800""#) == .string("\u{FFFD}"))
        #expect(try JSONValue.parse("[1.0]").serialized() == "[1]")
    }

    @Test(arguments: [
        ("", "unexpected end of JSON at byte 0"),
        ("{\"a\":1,}", "expected a string key at byte 7"),
        ("[1 2]", "expected ',' or ']' at byte 3"),
        ("\"open", "unterminated string at byte 5"),
        ("{} x", "unexpected text after the JSON value at byte 3"),
        ("+1", "invalid JSON value at byte 0"),
        // Numbers RFC 8259 does not write: a leading zero, no digit before or after the point,
        // no exponent after the e.
        ("01", "invalid JSON value at byte 0"),
        ("[-01]", "invalid JSON value at byte 1"),
        (".5", "invalid JSON value at byte 0"),
        ("1.", "invalid JSON value at byte 0"),
        ("1.e3", "invalid JSON value at byte 0"),
        ("1e", "invalid JSON value at byte 0"),
        ("-", "invalid JSON value at byte 0"),
        (String(repeating: "[", count: 500), "JSON nested too deeply at byte 200"),
        // Found by the google-json fuzz target: a number past Double's range was read as
        // infinity, which JSON cannot hold, so writing it gave null.
        (String(repeating: "3", count: 430), "number out of range at byte 0"),
        ("[1, -1e400]", "number out of range at byte 4"),
        ("{\"n\":1E999}", "number out of range at byte 5"),
    ])
    func rejectsMalformedText(text: String, expected: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
        do {
            _ = try JSONValue.parse(text)
        } catch {
            #expect(error.description == expected)
        }
    }
}
