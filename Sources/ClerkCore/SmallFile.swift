#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A small file read whole with `open` and `read`: a zone's TZif file, the config file, the
/// token file.
///
/// Not `FileManager.contents(atPath:)`: Foundation's reader fills a dictionary of the file's
/// attributes, and the first such dictionary of a process costs about 0.4 M instructions of
/// type look-ups, a tenth of a one-shot request's own work (BENCHMARKS.md, "Start-up").
public enum SmallFile {
    public enum Outcome: Equatable, Sendable {
        case contents([UInt8])
        /// `open` or `read` failed with this `errno` (ENOENT: there is no such file).
        case failed(errno: Int32)
        /// A directory, a device or a pipe: not a file to read.
        case notRegular
        /// Larger than the limit the caller gave.
        case tooLarge
    }

    /// The bytes of the file at `path`, if it is a regular file of at most `limit` bytes.
    public static func read(_ path: String, limit: Int) -> Outcome {
        // Non-blocking, so that a FIFO put where a file is expected is turned away at once
        // instead of waiting for a writer (it changes nothing for a regular file).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failed(errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failed(errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .notRegular }
        guard info.st_size <= limit else { return .tooLarge }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return .failed(errno: errno) }
            // The file shrank while it was read: what is there is the file.
            guard got > 0 else { return .contents(Array(bytes[..<filled])) }
            filled += got
        }
        return .contents(bytes)
    }

    /// The file's bytes, or nil for any failure: for files whose absence means "the defaults".
    public static func contents(_ path: String, limit: Int) -> [UInt8]? {
        if case .contents(let bytes) = read(path, limit: limit) { return bytes }
        return nil
    }
}
