import ClerkLanguage
import ClerkCore
import Foundation
import Testing

/// The reader's contract beyond the corpus: order, parts, known parts, zones, settings, and
/// text that holds nothing.
@Suite struct DateReaderTests {
    static let madrid = Zone(identifier: "Europe/Madrid")!
    /// Monday 30 November 2026, 09:00 in Madrid.
    static let monday = ReferenceTime(instant: Date(timeIntervalSince1970: 1_796_025_600), timeZone: madrid)

    func local(_ date: Date) -> String { LocalDateTime(date, in: Self.madrid).iso }

    @Test func findsSeveralExpressionsInTextOrderWithoutOverlap() {
        let text = "lunch tomorrow at 1 and dinner on friday at 8pm"
        let matches = DateReader().read(text, at: Self.monday)
        #expect(matches.map { String(text[$0.range]) } == ["tomorrow at 1", "on friday at 8pm"])
        #expect(matches.map { local($0.start) } == ["2026-12-01T13:00:00", "2026-12-04T20:00:00"])
        #expect(matches[0].range.upperBound <= matches[1].range.lowerBound)
    }

    /// Five readings each built in the chart's later rounds (the day and the hour, then "on"
    /// and "at", then the two joined), from tokens all along the text: a later round, which
    /// keeps only matches that use a reading the round before made, must still find every
    /// one, each made by its rule (lent to the production, not retained), and the choice
    /// must keep them in text order.
    @Test func findsEveryReadingOfALongListMadeInLaterRounds() {
        let text = "call ana on dec 14 at 3pm, bob on dec 15 at 4pm, carla on dec 16 at 5pm, dan on dec 17 at 6pm and eve on dec 18 at 7pm"
        let matches = DateReader().read(text, at: Self.monday)
        #expect(matches.map { String(text[$0.range]) } == ["on dec 14 at 3pm", "on dec 15 at 4pm", "on dec 16 at 5pm", "on dec 17 at 6pm", "on dec 18 at 7pm"])
        #expect(matches.map { local($0.start) } == ["2026-12-14T15:00:00", "2026-12-15T16:00:00", "2026-12-16T17:00:00",
                                                    "2026-12-17T18:00:00", "2026-12-18T19:00:00"])
        #expect(matches.map(\.rule) == Array(repeating: "intersect", count: 5))
    }

    @Test func namesThePiecesAndTheRuleThatReadThem() throws {
        let text = "tomorrow at 13:00"
        let match = try #require(DateReader().read(text, at: Self.monday).first)
        #expect(match.parts.map { String(text[$0.range]) } == ["tomorrow", "at 13:00"])
        #expect(match.parts.map(\.role) == ["date", "time"])
        #expect(match.parts.map(\.rule) == ["tomorrow", "clock-colon"])
        #expect(match.rule == "intersect")
    }

    @Test(arguments: [
        ("every monday at 10 except dec 28 and jan 4", ["every monday", "at 10", "except dec 28", "and jan 4"],
         ["recurrence", "time", "except", "except"], ["2026-12-28", "2027-01-04"]),
        ("every weekday at 9 except fridays", ["every weekday", "at 9", "except fridays"], ["recurrence", "time", "except"], []),
        ("every monday until dec 21", ["every monday", "until dec 21"], ["recurrence", "end"], []),
    ] as [(String, [String], [String], [String])])
    func namesTheDaysARepeatLeavesOut(text: String, pieces: [String], roles: [String], days: [String]) throws {
        let match = try #require(DateReader().read(text, at: Self.monday).first)
        #expect(match.parts.map { String(text[$0.range]) } == pieces)
        #expect(match.parts.map(\.role) == roles)
        #expect(match.exceptions.map(\.iso) == days)
    }

    @Test(arguments: [
        ("tomorrow", KnownParts.date, true),
        ("tomorrow 3pm", KnownParts([.date, .time]), false),
        ("3-4pm", KnownParts([.time, .end]), false),
        ("at 3pm for 2 hours", KnownParts([.time, .end, .duration]), false),
        ("March 3 2027", KnownParts([.date, .year]), true),
        ("8am JST", KnownParts([.time, .timeZone]), false),
        ("every Monday", KnownParts([.date, .recurrence]), true),
    ] as [(String, KnownParts, Bool)])
    func keepsWhatWasSaidApartFromWhatWasImplied(text: String, known: KnownParts, allDay: Bool) throws {
        let match = try #require(DateReader().read(text, at: Self.monday).first)
        #expect(match.known == known)
        #expect(match.isAllDay == allDay)
    }

    @Test func aTimedReadingWithoutEndLastsOneHour() throws {
        let match = try #require(DateReader().read("tomorrow 3pm", at: Self.monday).first)
        #expect(match.end.timeIntervalSince(match.start) == 3600)
        #expect(!match.known.contains(.end))
    }

    @Test func keepsTheZoneThePersonNamed() throws {
        let match = try #require(DateReader().read("8am JST", at: Self.monday).first)
        #expect(match.statedTimeZone?.secondsFromGMT() == 9 * 3600)
        #expect(local(match.start) == "2026-12-01T00:00:00")
        let plain = try #require(DateReader().read("8am", at: Self.monday).first)
        #expect(plain.statedTimeZone == nil)
    }

    @Test(arguments: [
        ("12/3", DateOrder.monthFirst, "2026-12-03T00:00:00"),
        ("12/3", DateOrder.dayFirst, "2027-03-12T00:00:00"),
        ("3/12/2027", DateOrder.monthFirst, "2027-03-12T00:00:00"),
        ("3/12/2027", DateOrder.dayFirst, "2027-12-03T00:00:00"),
        ("25/12", DateOrder.monthFirst, "2026-12-25T00:00:00"),
        ("12/25", DateOrder.dayFirst, "2026-12-25T00:00:00"),
        ("3.12.2026", DateOrder.monthFirst, "2026-12-03T00:00:00"),
    ])
    func readsNumericDatesInTheReferencesOrder(text: String, order: DateOrder, start: String) throws {
        var reference = Self.monday
        reference.dateOrder = order
        let match = try #require(DateReader().read(text, at: reference).first)
        #expect(local(match.start) == start)
    }

    @Test func readsTheSameInstantTheSameWayInEveryZone() throws {
        // 09:00 in Madrid is 17:00 in Tokyo: "in 2 hours" is the same instant in both.
        let tokyo = ReferenceTime(instant: Self.monday.instant, timeZone: Zone(identifier: "Asia/Tokyo")!)
        let a = try #require(DateReader().read("in 2 hours", at: Self.monday).first)
        let b = try #require(DateReader().read("in 2 hours", at: tokyo).first)
        #expect(a.start == b.start)
    }

    // MARK: text that holds nothing

    static let noise: [String] = {
        var generator = SeededRandom(seed: 2026)
        let pieces: [String] = ["!", "?", "*", "&", "%", "$", "#", "=", "+", "<", ">", "[", "]", "{", "}", "|", "\\", "^", "`", "~", "_",
                                "\u{0}", "\u{1}", "\u{7}", "\u{8}", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{200B}", "\u{FEFF}",
                                "😀", "🦷", "📅", "👍🏽", "🇪🇸", "é", "ñ", "ß", "Ω", "ж", "中文", "日本", "한국", "عربى", "\u{301}", "\u{FFFD}", " "]
        func text(_ bytes: Int) -> String {
            var s = ""
            while s.utf8.count < bytes { s += pieces[Int(generator.next() % UInt64(pieces.count))] }
            return s
        }
        return ["", " ", "\n\n\t", text(200), text(4_000), text(100_000), String(repeating: "😀", count: 25_000)]
    }()

    @Test(arguments: noise.indices)
    func findsNothingInNoise(index: Int) {
        #expect(DateReader().read(Self.noise[index], at: Self.monday).isEmpty)
    }

    @Test func findsNothingInInvalidUTF8() {
        var generator = SeededRandom(seed: 7)
        let bytes = (0..<100_000).map { _ in UInt8(0x80 + generator.next() % 0x80) }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(DateReader().read(text, at: Self.monday).isEmpty)
        let short = String(decoding: Array(bytes.prefix(3_000)), as: UTF8.self)
        #expect(DateReader().read(short, at: Self.monday).isEmpty)
    }

    @Test func readsNothingBeyondTheLengthLimitButEverythingBelowIt() {
        let filler = String(repeating: "la ", count: 1_300)
        #expect(DateReader().read(filler + "tomorrow", at: Self.monday).map(\.rule) == ["tomorrow"])
        let tooLong = String(repeating: "la ", count: DateReader.maximumLength / 3 + 1) + "tomorrow"
        #expect(DateReader().read(tooLong, at: Self.monday).isEmpty)
    }

    @Test func survivesLongRunsOfNumbersAndDateWords() {
        // Worst cases for the chart: every token could start a reading.
        let numbers = (0..<600).map { String($0 % 60) }.joined(separator: " ")
        let words = String(repeating: "next friday at 5 ", count: 200)
        _ = DateReader().read(numbers, at: Self.monday)
        #expect(!DateReader().read(words, at: Self.monday).isEmpty)
    }

    /// A repeat's hour without am/pm keeps its daytime reading when that hour has passed
    /// today: said at 10:00, "every day at 7" starts tomorrow at 07:00, not tonight at 19:00.
    /// A one-off time is still the next one to come, and an hour read one way only stays so.
    @Test(arguments: [
        ("every day at 7", "2026-12-01T07:00:00", "FREQ=DAILY"),
        ("daily at 8:30", "2026-12-01T08:30:00", "FREQ=DAILY"),
        ("every weekday at 9:15", "2026-12-01T09:15:00", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("at 9 every day", "2026-12-01T09:00:00", "FREQ=DAILY"),
        ("every day at 7pm", "2026-11-30T19:00:00", "FREQ=DAILY"),
        ("every day at 3", "2026-11-30T15:00:00", "FREQ=DAILY"),
        ("at 9:15", "2026-11-30T21:15:00", nil),
    ] as [(String, String, String?)])
    func readsARepeatsHourAsOnAnyDay(text: String, start: String, recurrence: String?) throws {
        let tenOClock = ReferenceTime(instant: Self.monday.instant.addingTimeInterval(3600), timeZone: Self.madrid)
        let match = try #require(DateReader().read(text, at: tenOClock).first)
        #expect(local(match.start) == start)
        #expect(match.recurrence == recurrence)
    }

    /// "by" before a length is no deadline: "by 2 hours" is not "by 2 o'clock".
    @Test func byALengthIsNoDeadlineButByAnHourIs() throws {
        #expect(DateReader().read("delay it by 2 hours", at: Self.monday).isEmpty)
        #expect(DateReader().read("push it by 30 minutes", at: Self.monday).isEmpty)
        let by = try #require(DateReader().read("finish by 2", at: Self.monday).first)
        #expect(local(by.end) == "2026-11-30T14:00:00")
    }

    /// A length from a weekday counts from the weekday to come: "a week from Friday" is the
    /// Friday after next, not this Friday (every Friday moved a week is every Friday). A
    /// holiday keeps Duckling's reading: "a year from Christmas" is the shifted one ahead.
    @Test(arguments: [
        ("a week from friday", "2026-12-11T00:00:00"),
        ("two days from wednesday", "2026-12-04T00:00:00"),
        ("3 weeks from tuesday at 10am", "2026-12-22T10:00:00"),
        ("2 days before friday", "2026-12-02T00:00:00"),
        ("a year from christmas", "2026-12-25T00:00:00"),
    ])
    func aLengthFromAWeekdayCountsFromTheOneToCome(text: String, start: String) throws {
        let match = try #require(DateReader().read(text, at: Self.monday).first)
        #expect(local(match.start) == start)
    }

    /// "The week before Christmas" is the seven days before it; after a weekday, "the week
    /// after" still counts a week from that day ("the week after next thursday" is a
    /// Thursday), and "the week after next, on Thursday" is that Thursday.
    @Test(arguments: [
        ("the week before christmas", "2026-12-18T00:00:00", "2026-12-25T00:00:00"),
        ("the week after new year's day", "2027-01-02T00:00:00", "2027-01-09T00:00:00"),
        ("the week after next thursday", "2026-12-17T00:00:00", "2026-12-18T00:00:00"),
        ("review the week after next on thursday", "2026-12-17T00:00:00", "2026-12-18T00:00:00"),
    ])
    func theWeekBeforeADayIsItsSevenDays(text: String, start: String, end: String) throws {
        let match = try #require(DateReader().read(text, at: Self.monday).max { $0.end.timeIntervalSince($0.start) < $1.end.timeIntervalSince($1.start) })
        #expect(local(match.start) == start)
        #expect(local(match.end) == end)
    }

    /// A repeat within the day keeps its first time: in `clerk parse` and on the event,
    /// DTSTART is that time and the RRULE the frequency and interval ("every 3 hours from
    /// 9am" said at 10:00 starts tomorrow at 09:00, as "from 9am" would).
    @Test(arguments: [
        ("every 3 hours from 9am", "2026-12-01T09:00:00", "FREQ=HOURLY;INTERVAL=3"),
        ("every 3 hours from 11am", "2026-11-30T11:00:00", "FREQ=HOURLY;INTERVAL=3"),
        ("hourly starting at noon tomorrow", "2026-12-01T12:00:00", "FREQ=HOURLY"),
        ("every hour from 2pm to 5pm", "2026-11-30T14:00:00", "FREQ=HOURLY;UNTIL=20261130T155959Z"),
        ("3 hours from 11am", "2026-11-30T14:00:00", nil),
    ] as [(String, String, String?)])
    func aRepeatWithinTheDayKeepsItsStart(text: String, start: String, recurrence: String?) throws {
        let tenOClock = ReferenceTime(instant: Self.monday.instant.addingTimeInterval(3600), timeZone: Self.madrid)
        let matches = DateReader().read(text, at: tenOClock)
        #expect(matches.count == 1)
        let match = try #require(matches.first)
        #expect(local(match.start) == start)
        #expect(match.recurrence == recurrence)
    }
}
