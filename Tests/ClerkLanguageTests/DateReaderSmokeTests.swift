import ClerkLanguage
import Foundation
import Testing

/// A first handful of exact readings; the corpus tables in Fixtures/phrases cover the rest.
@Suite struct DateReaderSmokeTests {
    static let madrid = TimeZone(identifier: "Europe/Madrid")!
    /// Monday 30 November 2026, 09:00 in Madrid.
    static let reference = ReferenceTime(instant: Date(timeIntervalSince1970: 1_796_025_600), timeZone: madrid)

    @Test(arguments: [
        ("tomorrow at 13:00", "2026-12-01T13:00:00", "2026-12-01T14:00:00", "tomorrow at 13:00"),
        ("lunch with Ana on Friday at 1pm", "2026-12-04T13:00:00", "2026-12-04T14:00:00", "on Friday at 1pm"),
        ("dentist 3-4pm", "2026-11-30T15:00:00", "2026-11-30T16:00:00", "3-4pm"),
        ("next week", "2026-12-07T00:00:00", "2026-12-14T00:00:00", "next week"),
    ])
    func readsTheSpanAndItsText(text: String, start: String, end: String, found: String) throws {
        let matches = DateReader().read(text, at: Self.reference)
        let match = try #require(matches.first)
        #expect(matches.count == 1)
        #expect(LocalDateTime(match.start, in: Self.madrid).iso == start)
        #expect(LocalDateTime(match.end, in: Self.madrid).iso == end)
        #expect(String(text[match.range]) == found)
    }
}
