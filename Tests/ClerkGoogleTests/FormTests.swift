import ClerkGoogle
import Foundation
import LoopbackHTTP
import Testing

/// Form encoding without Foundation's percent-encoding (clerk links FoundationEssentials
/// only): the same bytes as `addingPercentEncoding` with the unreserved characters, read
/// back by the decoder of the side that receives them (the emulator's `formFields`).
@Suite struct FormTests {
    static let unreserved: CharacterSet = {
        var set = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        set.insert(charactersIn: "-._~")
        return set
    }()

    static let values = ["", "plain", "two words", "a+b=c&d", "100%", "Pérez", "日本", "emoji 🎉", "~user/._-", "line\nbreak", "http://127.0.0.1:8080/cb?x=1"]

    @Test func escapesAsFoundationDoes() {
        for value in Self.values {
            #expect(Form.escape(value) == value.addingPercentEncoding(withAllowedCharacters: Self.unreserved), "\(value)")
        }
    }

    @Test func theReceivingSideReadsWhatItEncodes() {
        let fields = Self.values.enumerated().map { ("k\($0.offset)", $0.element) }
        let decoded = HTTPRequest.formFields(Form.encode(fields))
        #expect(decoded.map(\.0) == fields.map(\.0))
        #expect(decoded.map(\.1) == fields.map(\.1))
    }
}
