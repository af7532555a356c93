internal import CEditLine
import ClerkAssistant
import FoundationEssentials
import ClerkCore
#if canImport(Glibc)
import Glibc
#endif

/// What one read from the terminal produced.
enum LineInput: Equatable {
    case line(String)
    /// Ctrl-C: the line (or the question being answered) is abandoned.
    case interrupted
    /// Ctrl-D on an empty line.
    case endOfInput
    /// A line that held bytes that are not UTF-8 (shown as U+FFFD while it was typed).
    case notText
}

/// Line editing on a terminal through libedit: emacs keys, history with Ctrl-R search, a
/// history file, and tab completion through `completer`.
///
/// Ctrl-C is read as a key (the terminal's ISIG is off while editing) so it abandons the
/// line without a signal handler racing libedit.
final class LineEditor {
    /// Given the text left of the cursor, the words that could finish its last word.
    typealias Completer = (_ lineBeforeCursor: String) -> [String]

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private var historyEvent = HistEvent()
    private let historyPath: String?
    private var promptBuffer: [CChar] = [0]
    private var interrupted = false
    let completer: Completer

    /// False when libedit, which clerk opens only for the REPL, cannot be loaded.
    static var canLoad: Bool { cedit_load_error() == nil }

    var prompt: String = "" {
        didSet { promptBuffer = Array(prompt.utf8CString) }
    }

    init(program: String, historyPath: String?, completer: @escaping Completer) {
        LineEditor.enableUTF8()
        editLine = cedit_init(program)
        history = history_init()
        self.historyPath = historyPath
        self.completer = completer

        cedit_history_set_size(history, &historyEvent, 1000)
        cedit_history_set_unique(history, &historyEvent, 1)
        if let historyPath, FileManager.default.fileExists(atPath: historyPath) {
            cedit_history_load(history, &historyEvent, historyPath)
        }

        cedit_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        cedit_set_editor(editLine, "emacs")
        cedit_set_reader(editLine)
        cedit_set_history(editLine, history)
        cedit_set_prompt(editLine) { el in
            guard let el, let editor = LineEditor.owner(of: el) else { return nil }
            return editor.promptBuffer.withUnsafeMutableBufferPointer { $0.baseAddress }
        }
        cedit_set_tty(editLine, "-isig")
        cedit_add_function(editLine, "clerk-interrupt", "Abandon the line", { el, _ in
            guard let el, let editor = LineEditor.owner(of: el) else { return UInt8(CC_ERROR) }
            editor.interrupted = true
            return UInt8(CC_NEWLINE)
        })
        cedit_add_function(editLine, "clerk-complete", "Complete the word", { el, _ in
            guard let el, let editor = LineEditor.owner(of: el) else { return UInt8(CC_ERROR) }
            return editor.complete()
        })
        cedit_bind(editLine, "^C", "clerk-interrupt")
        cedit_bind(editLine, "^I", "clerk-complete")
        cedit_bind(editLine, "^R", "em-inc-search-prev")
        cedit_bind(editLine, "^S", "em-inc-search-next")
    }

    deinit {
        history_end(history)
        el_end(editLine)
    }

    /// Reads one line, adding it to the history (and the history file) when not empty.
    func readLine() -> LineInput {
        interrupted = false
        _ = cedit_take_invalid_input()
        var count: Int32 = 0
        let raw = el_gets(editLine, &count)
        // Checked first: on an empty line (a fresh prompt, a question) libedit answers Ctrl-C's
        // newline with no characters, which is also how it says end of input.
        if interrupted {
            cedit_print("^C\n")
            return .interrupted
        }
        guard let raw, count >= 0 else { return .endOfInput }
        var line = String(cString: raw)
        while line.last == "\n" || line.last == "\r" { line.removeLast() }
        // Bytes that are not UTF-8 stand in the line as U+FFFD; unless they were deleted
        // again, the line is refused (and kept out of the history), as in a pipe.
        if cedit_take_invalid_input() != 0, line.unicodeScalars.contains("\u{FFFD}") { return .notText }
        if !line.trimmingSpaces().isEmpty {
            cedit_history_enter(history, &historyEvent, line)
            if let historyPath { cedit_history_save(history, &historyEvent, historyPath) }
        }
        return .line(line)
    }

    private static func owner(of el: OpaquePointer) -> LineEditor? {
        guard let data = cedit_client_data(el) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    /// Completes the word at the cursor: the common prefix of the candidates, a space after a
    /// single one, and the list under the line when several remain.
    private func complete() -> UInt8 {
        guard let info = el_line(editLine)?.pointee else { return UInt8(CC_ERROR) }
        let length = info.cursor - info.buffer
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(info.buffer).assumingMemoryBound(to: UInt8.self), count: length)
        let before = String(decoding: bytes, as: UTF8.self)
        let word = before.split(separator: " ", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        let candidates = completer(before).filter { $0.lowercased().hasPrefix(word.lowercased()) && $0.count > 0 }
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let common = LineEditor.commonPrefix(candidates)
        if candidates.count == 1 {
            el_deletestr(editLine, Int32(word.utf8.count))
            el_insertstr(editLine, candidates[0] + " ")
            return UInt8(CC_REFRESH)
        }
        if common.count > word.count {
            el_deletestr(editLine, Int32(word.utf8.count))
            el_insertstr(editLine, common)
            return UInt8(CC_REFRESH)
        }
        // Names come from the store: shown with their control characters visible.
        let list = "\n" + TextStyle.plain.terminal(candidates.sorted().joined(separator: "  ")) + "\n"
        cedit_print(list)
        return UInt8(CC_REDISPLAY)
    }

    private static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first.map(Array.init) else { return "" }
        for word in words.dropFirst() {
            let chars = Array(word)
            var n = 0
            while n < prefix.count, n < chars.count, String(prefix[n]).lowercased() == String(chars[n]).lowercased() { n += 1 }
            prefix = Array(prefix[..<n])
        }
        return String(prefix)
    }

    /// libedit drops non-ASCII input in the C locale, so take the user's locale, or a UTF-8
    /// one when the environment names none.
    private static func enableUTF8() {
        let chosen = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
        if chosen == "C" || chosen == "POSIX" || !chosen.uppercased().contains("UTF") {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
        }
    }
}
