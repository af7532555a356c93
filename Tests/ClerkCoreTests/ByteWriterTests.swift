@testable import ClerkCore
import Testing

/// The growing byte buffer `clerk parse --jsonl` and `JSONValue` write into.
@Suite struct ByteWriterTests {
    /// Bytes, runs and literals land in order however small the buffer starts, and a run
    /// larger than the buffer (or than twice it) makes room for itself.
    @Test func keepsEveryByteInOrderAsItGrows() {
        var out = ByteWriter(capacity: 1)
        var expected: [UInt8] = []
        for k in 0..<1_000 {
            out.append(UInt8(truncatingIfNeeded: k)); expected.append(UInt8(truncatingIfNeeded: k))
            out.append(",\"key\":"); expected += Array(",\"key\":".utf8)
        }
        let run = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        run.withUnsafeBufferPointer { out.append($0) }
        expected += run
        out.append(UnsafeBufferPointer(start: nil, count: 0))
        let scalar: StaticString = "é"
        out.append(scalar)
        expected += Array("é".utf8)
        #expect(out.count == expected.count)
        #expect(out.bytes == expected)
        out.withBytes { #expect(Array($0) == expected) }
    }

    @Test func removeAllStartsOverInTheSameMemory() {
        var out = ByteWriter(capacity: 4)
        out.append("first line")
        out.removeAll()
        #expect(out.count == 0)
        out.append("second")
        #expect(String(decoding: out.bytes, as: UTF8.self) == "second")
    }
}
