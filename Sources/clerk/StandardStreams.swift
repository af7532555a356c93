#if canImport(Glibc)
import Glibc
#endif

/// Writing to stdout and stderr with write(2): all of the bytes (a pipe may take them in
/// parts), retrying when a signal interrupts. (Foundation's `FileHandle` is not in
/// FoundationEssentials, which is all clerk links.)
enum StandardStreams {
    /// Why stdout could not be written (`ENOSPC` for `> /dev/full` or a full disk, `EBADF`
    /// when it was closed), from the first write that failed; nil while all went out.
    /// `clerk export > backup.ics` on a full disk said nothing and exited 0.
    nonisolated(unsafe) private(set) static var stdoutFailure: Int32?
    nonisolated(unsafe) private static var stdoutClosed = false

    /// Gives stdin, stdout and stderr a descriptor each when clerk was started without one
    /// (`clerk export >&-`): /dev/null, so the next file clerk opens — the token file's new
    /// copy, the history, a lock — cannot become "stdout" and take in the answer. A closed
    /// stdout is then reported as one at the first answer written to it.
    static func guardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
            if descriptor == STDOUT_FILENO { stdoutClosed = true }
        }
    }

    static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
        var text = text
        text.withUTF8 { write($0, to: descriptor) }
    }

    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32 = STDOUT_FILENO) {
        guard let base = bytes.baseAddress else { return }
        if descriptor == STDOUT_FILENO, stdoutClosed {
            if stdoutFailure == nil { stdoutFailure = EBADF }
            return
        }
        var at = 0
        while at < bytes.count {
            let written = Glibc.write(descriptor, base + at, bytes.count - at)
            if written < 0 {
                if errno == EINTR { continue }
                if descriptor == STDOUT_FILENO, stdoutFailure == nil { stdoutFailure = errno }
                return
            }
            at += written
        }
    }
}

extension StandardStreams {
    /// The exit code once stdout's failure is counted: a run whose answer could not be
    /// written failed (1), said on stderr. A reader that went away (`clerk export | head`,
    /// EPIPE) is no failure of clerk's.
    static func exitCode(after code: Int32) -> Int32 {
        guard let failure = stdoutFailure, failure != EPIPE else { return code }
        let reason = failure == ENOSPC ? "the disk is full" : failure == EBADF ? "it is closed" : String(cString: strerror(failure))
        Output.error("couldn't write the answer to standard output: \(reason)")
        return code == 0 ? 1 : code
    }
}
