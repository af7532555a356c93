import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Progress of long work as one line on stderr that redraws itself and is erased at the
/// end — only when stderr is a terminal, so pipes and `--json` see nothing of it.
final class ProgressLine {
    private let label: String
    private var shownPercent = -1

    /// nil when stderr is not a terminal or progress is unwanted.
    init?(label: String, enabled: Bool = true) {
        guard enabled, isatty(STDERR_FILENO) == 1 else { return nil }
        self.label = label
    }

    /// Shows `done` of `total`, redrawing only when the percentage moves.
    func update(done: Int, total: Int) {
        let percent = total > 0 ? done * 100 / total : 0
        guard percent != shownPercent else { return }
        shownPercent = percent
        write("\r\u{1B}[K\(label) \(done) of \(total) (\(percent)%)")
    }

    /// Shows a count when the total is not known (items synced so far).
    func update(count: Int) {
        guard count != shownPercent else { return }
        shownPercent = count
        write("\r\u{1B}[K\(label) \(count)")
    }

    /// Erases the line (once, however often it is called).
    func finish() {
        if shownPercent >= 0 { write("\r\u{1B}[K") }
        shownPercent = -1
    }

    private func write(_ text: String) {
        StandardStreams.write(text, to: STDERR_FILENO)
    }
}
