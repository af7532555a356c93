import ClerkGoogle
import Foundation
import Testing

/// Form encoding without Foundation's percent-encoding (clerk links FoundationEssentials
/// only): the same bytes as `addingPercentEncoding` with the unreserved characters, and
/// back again as `removingPercentEncoding` reads them.
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

    @Test func decodesWhatItEncodes() {
        let fields = Self.values.enumerated().map { ("k\($0.offset)", $0.element) }
        let decoded = Form.decode(Form.encode(fields))
        #expect(decoded.map(\.0) == fields.map(\.0))
        #expect(decoded.map(\.1) == fields.map(\.1))
        // "+" is a space; an escape cut short or bytes that are not UTF-8 are kept as written.
        #expect(Form.decode("a=two+words&b=%E6%97%A5&c=50%&d=%FF").map(\.1) == ["two words", "日", "50%", "%FF"])
        #expect("50%".removingPercentEncoding == nil && "%FF".removingPercentEncoding == nil)
    }
}
