import Foundation

/// Plain text laid out as a small PDF (US Letter, Helvetica 11 pt, one-inch margins, long
/// lines wrapped), for `files.export` of a Google type as `application/pdf`: Google's own
/// sample exports a Doc so, and a client checks that it gets a PDF a reader opens, not
/// Google's typesetting.
///
/// Text outside Latin-1 becomes `?` (the standard Helvetica has no other glyphs).
enum PDFText {
    static let linesPerPage = 46
    static let charactersPerLine = 90

    static func document(_ text: String, title: String) -> [UInt8] {
        let all = lines(of: text)
        let pages = stride(from: 0, to: all.count, by: linesPerPage).map { Array(all[$0..<min($0 + linesPerPage, all.count)]) }
        // Objects: 1 catalog, 2 page tree, 3 font, 4 info, then a page and its content each.
        var objects: [String] = []
        let kids = pages.indices.map { "\(5 + 2 * $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Catalog /Pages 2 0 R >>")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        objects.append("<< /Title (\(literal(title))) /Producer (google-emulator) >>")
        for (index, page) in pages.enumerated() {
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents \(6 + 2 * index) 0 R >>")
            let shown = page.map { "(\(literal($0))) Tj T*" }.joined(separator: "\n")
            let stream = "BT /F1 11 Tf 14 TL 72 720 Td\n\(shown)\nET"
            objects.append("<< /Length \(Array(stream.utf8).count) >>\nstream\n\(stream)\nendstream")
        }
        var bytes = Array("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(bytes.count)
            bytes += Array("\(index + 1) 0 obj\n\(object)\nendobj\n".utf8)
        }
        let xref = bytes.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(repeating: "0", count: max(0, 10 - String(offset).count)) + "\(offset) 00000 n \n" }
        table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Info 4 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return bytes + Array(table.utf8)
    }

    /// The text's lines, each at most `charactersPerLine` long (wrapped at a space when one
    /// is near the end).
    static func lines(of text: String) -> [String] {
        var result: [String] = []
        for line in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Substring(line)
            while rest.count > charactersPerLine {
                let cut = rest.index(rest.startIndex, offsetBy: charactersPerLine)
                let breakAt = rest[..<cut].lastIndex(of: " ").flatMap { rest.distance(from: rest.startIndex, to: $0) > charactersPerLine / 2 ? $0 : nil } ?? cut
                result.append(String(rest[..<breakAt]))
                rest = rest[breakAt...].drop { $0 == " " }
            }
            result.append(String(rest))
        }
        return result
    }

    /// A PDF string literal's inside: `\`, `(` and `)` escaped, Latin-1 beyond ASCII as octal
    /// escapes (WinAnsi agrees with Latin-1 there), control characters and the rest as `?`.
    static func literal(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x5C, 0x28, 0x29: out += "\\" + String(scalar)
            case 0x20...0x7E: out.unicodeScalars.append(scalar)
            case 0xA0...0xFF: out += "\\" + String(scalar.value, radix: 8)
            default: out += "?"
            }
        }
        return out
    }
}
