import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The lines of a file descriptor (stdin) as bytes, read in blocks.
///
/// `readLine()` decodes bytes that are not UTF-8 into U+FFFD and hands on a line that was
/// never text; clerk refuses such a line instead (`String(validating:)`), and from bytes it
/// can. The work is linear in the input: each byte is looked at once for a newline, and the
/// buffer is compacted only when half of it has been used.
final class InputLines {
    private let descriptor: Int32
    /// Its accesses are not checked for exclusivity at run time (`swift_beginAccess`, ~76
    /// instructions a line twice, as the search for a newline reads it in a closure): it is
    /// private, and read and changed on one thread, one access at a time.
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    /// Where the next line starts, and how far past it no newline was found.
    private var start = 0
    private var scanned = 0
    private var ended = false

    init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    /// One line of input.
    enum Line {
        /// UTF-8 text, without its line end (`\n` or `\r\n`).
        case text(String)
        /// Bytes that are not UTF-8.
        case notText
        /// More than `maximumLineBytes` before its end: skipped, never held whole.
        case tooLong
    }

    /// The longest request line read: far past any sentence (the date reader stops at 4,096
    /// bytes). A 200 MB line without a newline (a binary file piped in) took 3 minutes and
    /// 3.4 GB to be "not understood".
    static let maximumLineBytes = 1 << 20

    /// The next line, nil at the end of the input.
    func next() -> Line? {
        guard let (bytes, _) = nextBytes() else { return nil }
        if overlong {
            overlong = false
            overlongStart = []
            return .tooLong
        }
        var line = bytes[...]
        if line.last == 0x0D { line = line.dropLast() }
        guard let text = String(validating: line, as: UTF8.self) else { return .notText }
        return .text(text)
    }

    /// The next line's bytes cut as `readLine()` cuts them, for `clerk parse --jsonl`, which
    /// reads requests as `readLine()` did: without its `\n` and a `\r` just before it (a
    /// last line without `\n` keeps its `\r`); nil at the end of the input. The bytes are
    /// not checked: whoever reads them decodes them. A line of more than `maximumLineBytes`
    /// is skipped as it comes and given as no bytes; `takeTooLong()` then says which line it
    /// was and gives its first bytes (an 8 MB line took 470 MB to be answered).
    func nextCut() -> ArraySlice<UInt8>? {
        guard let (line, endedByNewline) = nextBytes() else { return nil }
        linesCut &+= 1
        if overlong { return [] }
        return endedByNewline && line.last == 0x0D ? line.dropLast() : line
    }

    /// After `nextCut()` gave no bytes: the line's number (from 1) and its first
    /// `keptBytes` bytes when it was longer than `maximumLineBytes`, else nil (a blank line).
    func takeTooLong() -> (line: Int, start: [UInt8])? {
        guard overlong else { return nil }
        overlong = false
        defer { overlongStart = [] }
        return (linesCut, overlongStart)
    }

    /// How much of a line too long to read is kept, to find its `id`.
    static let keptBytes = 1024

    /// True when the next line is already read (or the input has ended), so asking for it
    /// will not wait: `clerk parse --jsonl` writes its answers before it would wait.
    var hasLineReady: Bool {
        if ended { return true }
        guard let newline = nextNewline() else {
            scanned = buffer.count
            return false
        }
        scanned = newline
        return true
    }

    /// True until the first line is handed out.
    private var atStart = true
    /// Whether the line just read was longer than `maximumLineBytes`, and its first bytes.
    private var overlong = false
    private var overlongStart: [UInt8] = []
    /// The lines `nextCut()` has given.
    private var linesCut = 0

    /// The next line without its `\n`, and whether a `\n` ended it. A byte-order mark at
    /// the start of the input is no part of the first line (an editor's "UTF-8 with BOM"
    /// made line 1 of `clerk parse --jsonl` an error).
    private func nextBytes() -> (ArraySlice<UInt8>, endedByNewline: Bool)? {
        guard atStart else { return nextLineBytes() }
        atStart = false
        guard let (line, endedByNewline) = nextLineBytes() else { return nil }
        return (line.starts(with: [0xEF, 0xBB, 0xBF]) ? line.dropFirst(3) : line, endedByNewline)
    }

    private func nextLineBytes() -> (ArraySlice<UInt8>, endedByNewline: Bool)? {
        while true {
            if let newline = nextNewline() {
                let line = buffer[start..<newline]
                if newline - start > Self.maximumLineBytes { keepOverlongStart() }
                start = newline + 1
                scanned = start
                return (line, true)
            }
            scanned = buffer.count
            if buffer.count - start > Self.maximumLineBytes {
                // Dropped as it comes; `fill` compacts the buffer, so it stays small.
                keepOverlongStart()
                start = buffer.count
                scanned = start
            }
            if ended {
                if overlong {
                    start = buffer.count
                    scanned = start
                    return (buffer[start...], false)
                }
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                scanned = start
                return (line, false)
            }
            fill()
        }
    }

    /// Marks the line being read as too long, keeping its first bytes the first time.
    private func keepOverlongStart() {
        if !overlong { overlongStart = Array(buffer[start..<min(buffer.count, start + Self.keptBytes)]) }
        overlong = true
    }

    /// Where the first `\n` from `scanned` is, found by `memchr` (a generic search of the
    /// slice looked at a byte at a time).
    private func nextNewline() -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            guard scanned < bytes.count, let base = bytes.baseAddress,
                  let hit = memchr(base + scanned, 0x0A, bytes.count - scanned) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Reads one more block, first dropping the lines already handed out when they are
    /// half of the buffer (so the copying stays linear overall).
    private func fill() {
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        let block = 1 << 16
        let old = buffer.count
        buffer.reserveCapacity(old + block)
        buffer.append(contentsOf: repeatElement(0, count: block))
        var count = 0
        repeat {
            count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + old, block) }
        } while count < 0 && errno == EINTR
        buffer.removeLast(block - max(count, 0))
        if count <= 0 { ended = true }
    }
}
