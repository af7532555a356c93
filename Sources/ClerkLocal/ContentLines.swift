import FoundationEssentials

/// One logical line of an iCalendar or vCard file, after unfolding, with the number of the
/// physical line it starts on.
struct ContentLine {
    var number: Int
    var text: String
    /// Where in `text` (UTF-8 offsets) each folded continuation begins: a QUOTED-PRINTABLE
    /// `=` just before one is a soft line break.
    var folds: [Int] = []
}

/// Splits iCalendar (RFC 5545) and vCard (RFC 6350) text into logical lines: a physical line
/// that starts with a space or a tab continues the one before (the space itself is dropped).
/// Line ends may be CRLF, LF or a CR alone (classic Mac OS, and exporters that kept its
/// line ends: such a file was one line, refused as `expected BEGIN:VCALENDAR`; a CR is no
/// text of a value, RFC 5545 allows no control character but a tab); blank lines are skipped; a byte-order mark is ignored. A line
/// holding a NUL byte is refused: no text holds one, libical would stop reading the whole file
/// there, and in a vCard it would end up inside a name no lookup finds.
enum ContentLines {
    static func unfold(_ data: Data, file: String) throws(ImportError) -> [ContentLine] {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // UTF-16 (as Windows' Notepad and Outlook save "Unicode") was refused as "a NUL
        // byte, which text never holds", of a file that reads well in an editor.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw ImportError(file: file, line: 1, reason: "UTF-16 text, which clerk does not read; save the file as UTF-8")
        }
        var lines: [ContentLine] = []
        var current: [UInt8] = []
        var folds: [Int] = []
        var currentNumber = 0
        var number = 0
        var lineStart = 0

        func finish() throws(ImportError) {
            defer {
                current.removeAll(keepingCapacity: true)
                folds = []
            }
            guard !current.isEmpty else { return }
            guard !current.contains(0) else {
                throw ImportError(file: file, line: currentNumber, reason: "a NUL byte, which text never holds")
            }
            guard let text = String(validating: current, as: UTF8.self) else {
                throw ImportError(file: file, line: currentNumber, reason: "not UTF-8 text")
            }
            lines.append(ContentLine(number: currentNumber, text: text, folds: folds))
        }

        while lineStart < bytes.count {
            number += 1
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            var nextStart = lineEnd + 1
            if lineEnd + 1 < bytes.count, bytes[lineEnd] == 0x0D, bytes[lineEnd + 1] == 0x0A { nextStart += 1 }
            let physical = bytes[lineStart..<lineEnd]
            if let first = physical.first, first == 0x20 || first == 0x09, !current.isEmpty {
                folds.append(current.count)
                current.append(contentsOf: physical.dropFirst())
            } else {
                try finish()
                if !physical.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    current.append(contentsOf: physical)
                    currentNumber = number
                }
            }
            lineStart = nextStart
        }
        try finish()
        return lines
    }
}
