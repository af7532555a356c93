import ClerkAssistant
import ClerkCore
import ClerkLanguage
import Foundation
import Testing

/// `clerk parse --jsonl` on two threads (`ParsePipeline`): the same bytes as one thread
/// answering line after line (`ParseBatch.Reader`), the same verdict, and the answers handed
/// out exactly where clerk would wait for input.
@Suite struct ParsePipelineTests {
    /// What the answering thread hands out, chunk by chunk.
    final class Written: @unchecked Sendable {
        private let lock = NSLock()
        private var chunks: [[UInt8]] = []
        func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            lock.lock()
            chunks.append(Array(bytes))
            lock.unlock()
        }
        var all: [[UInt8]] {
            lock.lock()
            defer { lock.unlock() }
            return chunks
        }
    }

    /// Every fixture phrase as a request at two clocks, with blank lines, bad lines and lines
    /// that are not UTF-8 among them.
    static let lines: [[UInt8]] = {
        var lines: [[UInt8]] = []
        for (i, phrase) in ParseRecordWriterTests.phrases.enumerated() {
            let text = JSONValue.string(phrase).serialized()
            let clock = i % 3 == 0 ? #","now":"2013-02-12T04:30:00","tz":"-02:00""# : ""
            lines.append(Array(#"{"id":\#(i),"text":\#(text)\#(clock)}"#.utf8))
            switch i % 97 {
            case 5: lines.append([])
            case 17: lines.append(Array("not json".utf8))
            case 29: lines.append(Array(#"{"id":"bad","text":"x","tz":"Mars/Base"}"#.utf8))
            case 41: lines.append([0x7B, 0xFF, 0x7D])
            case 53: lines.append(Array(#"{"text":"friday","id":"reordered"}"#.utf8))
            default: break
            }
        }
        return lines
    }()

    @Test func answersAsOneThreadDoesAndWritesWhereInputWouldWait() throws {
        #expect(Self.lines.count > 1_000)
        // One thread, line after line.
        let reader = ParseBatch.Reader(defaults: ParseRecordWriterTests.madrid)
        var expected: [UInt8] = []
        var expectedOK = true
        // The bytes written when the input waits after line `i` (every 100th line, so that
        // a batch ends full, 64 lines, and then early).
        var waitsAfter: Set<Int> = []
        var ends: [Int] = []
        for (i, line) in Self.lines.enumerated() {
            var out = ByteWriter()
            if let ok = line.withUnsafeBufferPointer({ reader.answer(input: $0, to: &out) }) {
                expected += out.bytes + [0x0A]
                if !ok { expectedOK = false }
            }
            if i % 100 == 99 {
                waitsAfter.insert(i)
                ends.append(expected.count)
            }
        }
        #expect(expectedOK == false)
        // Two threads.
        let written = Written()
        var next = 0
        let router = Router()
        let ok = ParsePipeline.run(
            nextLine: {
                guard next < Self.lines.count else { return nil }
                next += 1
                return Self.lines[next - 1][...]
            },
            hasLineReady: { !waitsAfter.contains(next - 1) },
            write: { written.append($0) },
            requests: ParseBatch.Requests(defaults: ParseRecordWriterTests.madrid, router: router),
            answers: ParseBatch.Answers(router: router))
        #expect(ok == expectedOK)
        let chunks = written.all
        #expect(chunks.joined().elementsEqual(expected))
        // A write wherever the input waits, at the end, and else only once 64 KiB are held.
        var at = 0
        let chunkEnds = chunks.filter { !$0.isEmpty }.map { at += $0.count; return at }
        #expect(Set(ends).isSubset(of: chunkEnds))
        #expect(chunkEnds.last == expected.count)
        for (end, chunk) in zip(chunkEnds, chunks.filter { !$0.isEmpty }) where !ends.contains(end) && end != expected.count {
            #expect(chunk.count >= 1 << 16)
        }
    }

    @Test func noLinesNoAnswers() {
        let written = Written()
        let router = Router()
        let ok = ParsePipeline.run(nextLine: { nil }, hasLineReady: { true }, write: { written.append($0) },
                                   requests: ParseBatch.Requests(defaults: ParseRecordWriterTests.madrid, router: router),
                                   answers: ParseBatch.Answers(router: router))
        #expect(ok == true)
        #expect(written.all.joined().isEmpty)
    }
}
