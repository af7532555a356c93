@testable import ClerkAssistant
import Testing

/// The preview of a file change shows the lines that go and come. It compared every line of
/// the old file with every line of the new in one table: an append to a 50 MB log (600,000
/// lines) was killed at 23 GB. The lines both begin and end with alike are left out first.
@Suite struct ChangePreviewTests {
    @Test(arguments: [
        ("a\nb\n", "a\nb\nc\n", "+ c"),
        ("a\nb", "a\nb\nc\n", "+ c"),
        ("", "a\n", "+ a"),
        ("a\n", "a\n\n", "+ "),
        ("a\nb\nc\n", "a\nc\n", "- b"),
        ("x\nEND", "yEND", "- x\n- END\n+ yEND"),
        ("milk\neggs\nbread\n", "oat milk\neggs\nbread\n", "- milk\n+ oat milk"),
        ("one\ntwo\nthree\nfour\n", "one\n2\nthree\n4\n", "- two\n+ 2\n- four\n+ 4"),
        ("start\nend\n", "new\nstart\nend\n", "+ new"),
        ("same\n", "same\n", ""),
    ])
    func showsTheLinesThatChange(old: String, new: String, lines: String) {
        #expect(Renderer.changePreview("f.txt", old: old, new: new) == "Change to f.txt:" + (lines.isEmpty ? "" : "\n" + lines))
    }

    @Test func anAppendToALongFileShowsTheNewLineAlone() {
        let old = String(repeating: "2026-12-04 10:00 a line of a long log\n", count: 200_000)
        #expect(Renderer.changePreview("log.txt", old: old, new: old + "hello\n") == "Change to log.txt:\n+ hello")
        // Two long stretches that differ are shown going and coming, without the table.
        let other = String(repeating: "another line\n", count: 2_000)
        let shown = Renderer.changePreview("log.txt", old: "head\n" + other, new: "head\n" + other.uppercased())
        #expect(shown.split(separator: "\n").count == 4_001)
    }
}
