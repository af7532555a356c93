import ClerkAssistant
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What the terminal on stdout can show: colour (never with `NO_COLOR` or `--json`, never
/// in a pipe), its width and height.
struct TerminalInfo {
    var isTerminal: Bool
    var columns: Int
    var rows: Int

    static func stdout() -> TerminalInfo {
        guard isatty(STDOUT_FILENO) == 1 else { return TerminalInfo(isTerminal: false, columns: 80, rows: 24) }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return TerminalInfo(isTerminal: true, columns: Int(size.ws_col), rows: Int(size.ws_row))
        }
        return TerminalInfo(isTerminal: true, columns: 80, rows: 24)
    }

    func style(json: Bool, environment: [String: String]) -> TextStyle {
        let color = isTerminal && !json && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        return TextStyle(color: color, width: isTerminal ? columns : 80)
    }

    /// Shows `text` through `$PAGER` (default `less -FRX`) when it is taller than the
    /// terminal; false when it was not paged (not a terminal, short text, no pager).
    func page(_ text: String, environment: [String: String]) -> Bool {
        guard isTerminal, text.split(separator: "\n", omittingEmptySubsequences: false).count >= rows - 1 else { return false }
        let pager = environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -FRX"
        guard let pipe = popen(pager, "w") else { return false }
        fputs(text + "\n", pipe)
        return pclose(pipe) == 0
    }
}
