@testable import ClerkCore
import Testing

/// The byte writer of decimal numbers that `clerk parse --jsonl` and slot values use.
@Suite struct DecimalDigitsTests {
    @Test(arguments: [
        (0, 1, "0"), (0, 2, "00"), (7, 2, "07"), (99, 2, "99"), (100, 2, "100"), (-7, 2, "-07"), (12, 2, "12"), (14, 4, "0014"), (2026, 4, "2026"), (12345, 4, "12345"),
        (-44, 1, "-44"), (-44, 4, "-0044"), (Int.max, 4, "9223372036854775807"), (Int.min, 1, "-9223372036854775808"),
    ])
    func writesTheNumberPaddedToItsWidth(value: Int, width: Int, expected: String) {
        var bytes = ByteWriter()
        bytes.append(UInt8(ascii: "x"))
        bytes.appendDecimal(value, width: width)
        #expect(String(decoding: bytes.bytes, as: UTF8.self) == "x" + expected)
    }
}
