import ChildProcess
import Foundation

/// A real pseudo-terminal driven through tmux, as a person at a keyboard would: keys go in
/// with `send-keys`, the screen comes back with `capture-pane`.
final class Terminal {
    private let socket = "clerk-test-" + UUID().uuidString.prefix(8)
    private let session = "clerk"

    /// Starts `command` in an 100×30 terminal with a UTF-8 locale. The session ends by
    /// itself after three minutes, so a test that fails half-way leaves nothing running.
    init(command: String) throws {
        try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "30",
                  "env", "LANG=C.UTF-8", "TERM=xterm", "NO_COLOR=1", "timeout", "-s", "KILL", "180", "sh", "-c", command + "; sleep 60"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Sends keys in tmux's names ("Enter", "Left", "BSpace", "C-d") or literal text.
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// Types `text` literally (no key names).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text])
    }

    /// Sends raw bytes, given in hex ("ff", "fe"): what a terminal in another encoding types.
    func sendBytes(_ hex: String...) throws {
        try tmux(["send-keys", "-t", session, "-H"] + hex)
    }

    /// The visible screen, trailing blank lines removed (tmux also drops trailing spaces,
    /// so a prompt "clerk> " reads "clerk>" at the end of a line).
    func screen() throws -> String {
        let text = try tmux(["capture-pane", "-t", session, "-p"])
        return text.replacingOccurrences(of: "\\n+$", with: "\n", options: .regularExpression)
    }

    /// Waits until the screen contains `text` (at most `seconds`), then returns the screen.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if last.contains(text) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TerminalError.timedOut(waitingFor: text, screen: last)
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let outputPath = NSTemporaryDirectory() + "tmux-out-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        _ = try Spawn.run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments,
                          environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TERM": "xterm", "LANG": "C.UTF-8"], stdout: outputPath)
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}

enum TerminalError: Error, CustomStringConvertible {
    case timedOut(waitingFor: String, screen: String)

    var description: String {
        switch self {
        case .timedOut(let text, let screen): return "timed out waiting for '\(text)'; screen:\n\(screen)"
        }
    }
}
