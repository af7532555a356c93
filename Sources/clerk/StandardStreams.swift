#if canImport(Glibc)
import Glibc
#endif

/// Writing to stdout and stderr with write(2): all of the bytes (a pipe may take them in
/// parts), retrying when a signal interrupts. (Foundation's `FileHandle` is not in
/// FoundationEssentials, which is all clerk links.)
enum StandardStreams {
    static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
        var text = text
        text.withUTF8 { write($0, to: descriptor) }
    }

    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32 = STDOUT_FILENO) {
        guard let base = bytes.baseAddress else { return }
        var at = 0
        while at < bytes.count {
            let written = Glibc.write(descriptor, base + at, bytes.count - at)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            at += written
        }
    }
}
