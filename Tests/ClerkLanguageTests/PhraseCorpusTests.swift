import ClerkLanguage
import Foundation
import Testing

/// Every row of the corpus tables: the longest reading's span, grain, text and repeat.
@Suite struct PhraseCorpusTests {
    func check(_ row: PhraseRow) throws {
        let reference = row.reference
        let matches = DateReader().read(row.phrase, at: reference)
        guard let start = row.start else {
            #expect(matches.isEmpty, "\(row): expected no date, found \(matches.map { String(row.phrase[$0.range]) })")
            return
        }
        let match = try #require(longest(matches, in: row.phrase), "\(row): no date found")
        let zone = reference.timeZone
        #expect(LocalDateTime(match.start, in: zone).iso == start, "\(row): start")
        #expect(LocalDateTime(match.end, in: zone).iso == row.end, "\(row): end")
        #expect(match.grain.rawValue == row.grain, "\(row): grain")
        #expect(String(row.phrase[match.range]) == (row.found.isEmpty ? row.phrase : row.found), "\(row): text")
        #expect((match.recurrence ?? "") == row.rrule, "\(row): repeat")
        #expect(match.exceptions.map(\.iso).joined(separator: ",") == row.except, "\(row): days left out")
    }

    func longest(_ matches: [DateMatch], in text: String) -> DateMatch? {
        matches.max { text.utf8.distance(from: $0.range.lowerBound, to: $0.range.upperBound) < text.utf8.distance(from: $1.range.lowerBound, to: $1.range.upperBound) }
    }

    @Test(arguments: PhraseCorpus.rows("dates")) func dates(_ row: PhraseRow) throws { try check(row) }
    @Test(arguments: PhraseCorpus.rows("times")) func times(_ row: PhraseRow) throws { try check(row) }
    @Test(arguments: PhraseCorpus.rows("intervals")) func intervals(_ row: PhraseRow) throws { try check(row) }
    @Test(arguments: PhraseCorpus.rows("offsets")) func offsets(_ row: PhraseRow) throws { try check(row) }
    @Test(arguments: PhraseCorpus.rows("recurrence")) func recurrence(_ row: PhraseRow) throws { try check(row) }
    @Test(arguments: PhraseCorpus.rows("holidays")) func holidays(_ row: PhraseRow) throws { try check(row) }
    @Test(arguments: PhraseCorpus.rows("zones")) func zones(_ row: PhraseRow) throws { try check(row) }
    @Test(arguments: PhraseCorpus.rows("dst")) func daylightSavingDays(_ row: PhraseRow) throws { try check(row) }
    @Test(arguments: PhraseCorpus.rows("edge")) func leapDaysAndYearEnds(_ row: PhraseRow) throws { try check(row) }
    @Test(arguments: PhraseCorpus.rows("negative")) func textsWithoutDates(_ row: PhraseRow) throws { try check(row) }
    @Test(arguments: PhraseCorpus.rows("sentences")) func datesInsideRequests(_ row: PhraseRow) throws { try check(row) }
    @Test(arguments: PhraseCorpus.rows("differences")) func deliberateDifferencesFromDuckling(_ row: PhraseRow) throws { try check(row) }
    @Test(arguments: PhraseCorpus.rows("forms")) func writtenForms(_ row: PhraseRow) throws { try check(row) }
    @Test(arguments: PhraseCorpus.rows("spelling")) func misspeltAndAbbreviatedWords(_ row: PhraseRow) throws { try check(row) }
}
