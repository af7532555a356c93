import ClerkCore
import Foundation
import Testing

/// The text helpers that stand in for Foundation's `NSString` methods (clerk links
/// FoundationEssentials only) answer as those methods do on the texts clerk meets.
@Suite struct StringHelpersTests {
    static let texts = ["", " ", "\t", "plain", "  two words  ", "\tTab\t", "\u{00A0}nbsp\u{3000}", " line\n", "\r\n end \r\n",
                        "¡hola!", "«yes»", "...ok...", " (maybe) ", "no—", "Pérez", "  ", "x\u{2029}",
                        // A combining mark after what is trimmed, and after what is kept.
                        " !\u{301}ok", "cafe\u{301}! "]

    @Test func trimmingIsFoundations() {
        for text in Self.texts {
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
            #expect(text.trimmingSpacesAndPunctuation() == text.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)),
                    "\(text.debugDescription)")
            #expect(Substring(text).trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func replacingIsFoundations() {
        let cases = [("a-b-c", "-", ""), ("line\r\nnext\r\n", "\r", ""), ("line\r\nnext", "\n", " "), ("it's", "'", "'\\''"),
                     ("50%?", "%", "%25"), ("", "x", "y"), ("aaa", "aa", "b"), ("Pérez", "é", "e")]
        for (text, target, replacement) in cases {
            #expect(text.replacingEvery(target, with: replacement) == text.replacingOccurrences(of: target, with: replacement), "\(text.debugDescription)")
        }
        #expect("abc".replacingEvery("", with: "x") == "abc")
    }

    @Test func paddingIsFoundations() {
        for (text, width) in [("title", 9), ("attendees", 9), ("recurrence", 9), ("", 3), ("12:00", 11), ("Zoë", 6)] {
            #expect(text.padded(toWidth: width) == text.padding(toLength: width, withPad: " ", startingAt: 0), "\(text) \(width)")
        }
    }

    @Test func oneDecimalIsPrintfs() {
        // What clerk shows: sizes in KB and MB, fractions of 1,024, exact in binary.
        for bytes in stride(from: 0, to: 3_000_000, by: 997) {
            for value in [Double(bytes) / 1024, Double(bytes) / 1024 / 1024] where String.oneDecimal(value) != String(format: "%.1f", value) {
                Issue.record("\(bytes): \(String.oneDecimal(value)) against \(String(format: "%.1f", value))")
            }
        }
        #expect(String.oneDecimal(1.25) == "1.2" && String.oneDecimal(1.75) == "1.8" && String.oneDecimal(-0.5) == "-0.5")
    }

    @Test func pathPartsAreFoundations() {
        for path in ["notes.txt", "a/b/c.TXT", "/tmp/x.ics", ".profile", "archive.tar.gz", "noext", "dir.d/file", "trailing.", "/", "a/b/", "/a", "a"] {
            #expect(path.fileExtension == (path as NSString).pathExtension, "\(path)")
        }
        // Foundation's `deletingLastPathComponent` traps on some of these on Linux, so its
        // answers are written out.
        let parents = [("notes.txt", ""), ("a/b/c.TXT", "a/b"), ("/tmp/x.ics", "/tmp"), ("/", "/"), ("a/b/", "a"), ("/a", "/"),
                       ("a", ""), ("/home/ana/.config/clerk/config", "/home/ana/.config/clerk"), ("a//b", "a")]
        for (path, parent) in parents {
            #expect(path.parentPath == parent, "\(path)")
        }
    }

    @Test func foldingIsFoundations() {
        for name in ["Ana PÉREZ", "Müller", "François", "Ångström", "Zoë", "Ñandú", "ＡＮＡ", "José María", "Dvořák", "Nguyễn", "ana"] {
            #expect(Spelling.fold(name) == name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased(),
                    "\(name)")
        }
    }
}
