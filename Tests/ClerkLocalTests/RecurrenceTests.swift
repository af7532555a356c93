import ClerkCore
@testable import ClerkLocal
import Foundation
import Testing

/// RRULE expansion with libical: every rule part the issue names, DST days in Madrid and New
/// York, the 31st in short months, ordinals, EXDATE and RDATE.
@Suite struct RecurrenceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var lines: [String]
        var first: String
        var zone = "Europe/Madrid"
        var allDay = false
        var expected: [String]
        var testDescription: String { lines.joined(separator: " ") + " from " + first }
    }

    /// Every start from the first one to ten years later, as a person in the zone reads it.
    static func expand(_ test: Case) throws -> [String] {
        let rules = ZoneRules(identifier: test.zone)!
        let parts = test.first.split(whereSeparator: { "-T:".contains($0) }).map { Int($0)! }
        let first = WallTime(year: parts[0], month: parts[1], day: parts[2], hour: parts.count > 3 ? parts[3] : 0, minute: parts.count > 4 ? parts[4] : 0)
        let recurrence = try Recurrence(lines: test.lines, first: first, isAllDay: test.allDay, zone: rules)
        let from = recurrence.firstKey
        return recurrence.starts(from: from, to: from + 10 * 366 * 86_400).map { key in
            test.allDay ? Civil.date(ofKey: key).iso : shown(Civil.instant(key), in: test.zone)
        }
    }

    @Test(arguments: [
        // DST begins in Madrid on 2026-03-29: 09:00 stays 09:00, the offset moves.
        Case(lines: ["RRULE:FREQ=DAILY;COUNT=4"], first: "2026-03-27T09:00",
             expected: ["2026-03-27 09:00 +01:00", "2026-03-28 09:00 +01:00", "2026-03-29 09:00 +02:00", "2026-03-30 09:00 +02:00"]),
        // 02:30 does not exist on 2026-03-29 in Madrid: read with the offset before the gap.
        Case(lines: ["RRULE:FREQ=WEEKLY;COUNT=3"], first: "2026-03-22T02:30",
             expected: ["2026-03-22 02:30 +01:00", "2026-03-29 03:30 +02:00", "2026-04-05 02:30 +02:00"]),
        // 02:30 happens twice on 2026-10-25 in Madrid: the first one.
        Case(lines: ["RRULE:FREQ=WEEKLY;COUNT=3"], first: "2026-10-18T02:30",
             expected: ["2026-10-18 02:30 +02:00", "2026-10-25 02:30 +02:00", "2026-11-01 02:30 +01:00"]),
        Case(lines: ["RRULE:FREQ=DAILY;COUNT=3"], first: "2026-03-07T02:30", zone: "America/New_York",
             expected: ["2026-03-07 02:30 -05:00", "2026-03-08 03:30 -04:00", "2026-03-09 02:30 -04:00"]),
        Case(lines: ["RRULE:FREQ=DAILY;COUNT=3"], first: "2026-10-31T01:30", zone: "America/New_York",
             expected: ["2026-10-31 01:30 -04:00", "2026-11-01 01:30 -04:00", "2026-11-02 01:30 -05:00"]),
        // The 31st: months without one are skipped, -1 is the last day of every month.
        Case(lines: ["RRULE:FREQ=MONTHLY;BYMONTHDAY=31;COUNT=4"], first: "2026-01-31T10:00",
             expected: ["2026-01-31 10:00 +01:00", "2026-03-31 10:00 +02:00", "2026-05-31 10:00 +02:00", "2026-07-31 10:00 +02:00"]),
        Case(lines: ["RRULE:FREQ=MONTHLY;COUNT=3"], first: "2026-01-31T10:00",
             expected: ["2026-01-31 10:00 +01:00", "2026-03-31 10:00 +02:00", "2026-05-31 10:00 +02:00"]),
        Case(lines: ["RRULE:FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=4"], first: "2026-01-31T10:00",
             expected: ["2026-01-31 10:00 +01:00", "2026-02-28 10:00 +01:00", "2026-03-31 10:00 +02:00", "2026-04-30 10:00 +02:00"]),
        // Ordinal weekdays.
        Case(lines: ["RRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=4"], first: "2026-01-30T17:00",
             expected: ["2026-01-30 17:00 +01:00", "2026-02-27 17:00 +01:00", "2026-03-27 17:00 +01:00", "2026-04-24 17:00 +02:00"]),
        Case(lines: ["RRULE:FREQ=MONTHLY;BYDAY=1MO;COUNT=3"], first: "2026-01-05T08:00",
             expected: ["2026-01-05 08:00 +01:00", "2026-02-02 08:00 +01:00", "2026-03-02 08:00 +01:00"]),
        Case(lines: ["RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH;COUNT=3"], first: "2026-11-26T15:00", zone: "America/New_York",
             expected: ["2026-11-26 15:00 -05:00", "2027-11-25 15:00 -05:00", "2028-11-23 15:00 -05:00"]),
        // INTERVAL with several weekdays; BYMONTH with BYMONTHDAY.
        Case(lines: ["RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=4"], first: "2026-03-02T18:00",
             expected: ["2026-03-02 18:00 +01:00", "2026-03-04 18:00 +01:00", "2026-03-16 18:00 +01:00", "2026-03-18 18:00 +01:00"]),
        Case(lines: ["RRULE:FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=15;COUNT=3"], first: "2026-01-15T12:00",
             expected: ["2026-01-15 12:00 +01:00", "2026-07-15 12:00 +02:00", "2027-01-15 12:00 +01:00"]),
        // UNTIL in UTC is inclusive, on the series' own clock (09:00 Madrid is 08:00Z).
        Case(lines: ["RRULE:FREQ=DAILY;UNTIL=20260305T080000Z"], first: "2026-03-01T09:00",
             expected: ["2026-03-01 09:00 +01:00", "2026-03-02 09:00 +01:00", "2026-03-03 09:00 +01:00", "2026-03-04 09:00 +01:00", "2026-03-05 09:00 +01:00"]),
        // EXDATE removes, RDATE adds (in its own zone).
        Case(lines: ["RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=5", "EXDATE:20260312T080000Z,20260326T080000Z"], first: "2026-03-05T09:00",
             expected: ["2026-03-05 09:00 +01:00", "2026-03-19 09:00 +01:00", "2026-04-02 09:00 +02:00"]),
        Case(lines: ["RRULE:FREQ=WEEKLY;COUNT=2", "RDATE;TZID=America/New_York:20260306T090000"], first: "2026-03-05T09:00",
             expected: ["2026-03-05 09:00 +01:00", "2026-03-06 15:00 +01:00", "2026-03-12 09:00 +01:00"]),
        // A series written in UTC repeats in UTC.
        Case(lines: ["RRULE:FREQ=WEEKLY;COUNT=2"], first: "2026-03-26T08:00", zone: "UTC",
             expected: ["2026-03-26 08:00 +00:00", "2026-04-02 08:00 +00:00"]),
        // All-day: leap days, UNTIL as a date, EXDATE as a date.
        Case(lines: ["RRULE:FREQ=YEARLY;COUNT=3"], first: "2024-02-29", allDay: true,
             expected: ["2024-02-29", "2028-02-29", "2032-02-29"]),
        Case(lines: ["RRULE:FREQ=DAILY;UNTIL=20260303", "EXDATE;VALUE=DATE:20260302"], first: "2026-03-01", allDay: true,
             expected: ["2026-03-01", "2026-03-03"]),
    ])
    func expandsRules(test: Case) throws {
        #expect(try Self.expand(test) == test.expected)
    }

    /// Starting the iterator at the range (`icalrecur_iterator_set_start`) finds exactly what
    /// stepping from the first start finds.
    @Test(arguments: [
        "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR", "RRULE:FREQ=MONTHLY;BYDAY=-1FR", "RRULE:FREQ=DAILY;INTERVAL=3",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "RRULE:FREQ=MONTHLY;BYMONTHDAY=31", "RRULE:FREQ=HOURLY;INTERVAL=7",
        "RRULE:FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,SA", "RRULE:FREQ=MONTHLY;INTERVAL=5;BYMONTHDAY=1,15", "RRULE:FREQ=YEARLY;INTERVAL=3",
        "RRULE:FREQ=DAILY;BYMONTH=3,4", "RRULE:FREQ=WEEKLY;UNTIL=20300101T000000Z",
    ])
    func jumpingToTheRangeMissesNothing(rule: String) throws {
        let zone = ZoneRules(identifier: "Europe/Madrid")!
        let recurrence = try Recurrence(lines: [rule], first: WallTime(year: 2019, month: 5, day: 31, hour: 9), isAllDay: false, zone: zone)
        let from = Civil.seconds(local("2026-02-01T00:00", "Europe/Madrid")), to = Civil.seconds(local("2029-01-01T00:00", "Europe/Madrid"))
        let stepped = recurrence.starts(from: recurrence.firstKey, to: to).filter { $0 >= from }
        #expect(!stepped.isEmpty)
        #expect(recurrence.starts(from: from, to: to) == stepped)
    }

    /// An hourly series was expanded from its first start, and the iteration limit (200,000
    /// starts, 22 years of hours) ended it silently in 2049. It now starts at the range, on
    /// an hour of its own phase, up to libical's horizon: it repeats nothing after 2582
    /// (`MAX_TIME_T_YEAR`), which README gives as a limit.
    @Test(arguments: [(1, "2051-01-03T00:00", 24), (7, "2090-06-01T00:00", 3), (1, "2500-12-31T00:00", 24), (1, "2582-12-31T00:00", 24),
                      (1, "2583-01-01T00:00", 0)])
    func anHourlySeriesReachesTheFarFuture(interval: Int, day: String, count: Int) throws {
        let utc = ZoneRules(identifier: "UTC")!
        let first = WallTime(year: 2026, month: 12, day: 1, hour: 10)
        let recurrence = try Recurrence(lines: ["RRULE:FREQ=HOURLY;INTERVAL=\(interval);UNTIL=99991231T235959Z"], first: first, isAllDay: false, zone: utc)
        let from = Civil.seconds(local(day, "UTC"))
        let starts = recurrence.starts(from: from, to: from + 86_400)
        #expect(starts.count == count)
        #expect(starts.allSatisfy { ($0 - recurrence.firstKey) % Int64(interval * 3600) == 0 })
    }

    @Test func knowsWhereASeriesEnds() throws {
        let zone = ZoneRules(identifier: "Europe/Madrid")!
        let first = WallTime(year: 2026, month: 3, day: 5, hour: 9)
        let counted = try Recurrence(lines: ["RRULE:FREQ=WEEKLY;COUNT=5"], first: first, isAllDay: false, zone: zone)
        #expect(counted.lastStart().map { shown(Civil.instant($0), in: "Europe/Madrid") } == "2026-04-02 09:00 +02:00")
        let trailing = try Recurrence(lines: ["RRULE:FREQ=WEEKLY;COUNT=5;"], first: first, isAllDay: false, zone: zone)
        #expect(trailing.lastStart() == counted.lastStart())
        let endless = try Recurrence(lines: ["RRULE:FREQ=WEEKLY"], first: first, isAllDay: false, zone: zone)
        #expect(endless.lastStart() == nil)
        let onlyDates = try Recurrence(lines: ["RDATE:20260401T080000Z"], first: first, isAllDay: false, zone: zone)
        #expect(onlyDates.lastStart() == Civil.seconds(instant("2026-04-01T08:00:00Z")))
    }

    @Test(arguments: [
        ("RRULE:FREQ=SOMETIMES", "RRULE: expected a rule like FREQ=WEEKLY;BYDAY=MO, got 'FREQ=SOMETIMES'"),
        ("RRULE:", "RRULE: expected a rule like FREQ=WEEKLY;BYDAY=MO, got ''"),
        ("RRULE:FREQ=WEEKLY;BYDAY=1MO", "RRULE: BYDAY ordinals like 1MO need FREQ=MONTHLY or FREQ=YEARLY, got 'FREQ=WEEKLY;BYDAY=1MO'"),
        ("RRULE:FREQ=MINUTELY;INTERVAL=5", "RRULE: repeats more often than hourly: 'FREQ=MINUTELY;INTERVAL=5'"),
        // BY* lists that put several starts in an hour are as frequent as FREQ=MINUTELY.
        ("RRULE:FREQ=DAILY;BYHOUR=0,12;BYMINUTE=0,30", "RRULE: repeats more often than hourly: 'FREQ=DAILY;BYHOUR=0,12;BYMINUTE=0,30'"),
        ("RRULE:FREQ=HOURLY;BYMINUTE=0,59", "RRULE: repeats more often than hourly: 'FREQ=HOURLY;BYMINUTE=0,59'"),
        ("RRULE:FREQ=WEEKLY;BYSECOND=0,1", "RRULE: repeats more often than hourly: 'FREQ=WEEKLY;BYSECOND=0,1'"),
        ("RRULE:FREQ=HOURLY;COUNT=200001", "RRULE: COUNT=200001 is more than the 200000 times clerk repeats an event: 'FREQ=HOURLY;COUNT=200001'"),
        // Numbers libical would wrap around (a short, an int) are refused, not read as 1 or 2.
        ("RRULE:FREQ=DAILY;INTERVAL=65537", "RRULE: INTERVAL=65537 is more than the 32767 clerk takes: 'FREQ=DAILY;INTERVAL=65537'"),
        ("RRULE:FREQ=DAILY;INTERVAL=00000000000000065537", "RRULE: INTERVAL=000000000000… is more than the 32767 clerk takes: 'FREQ=DAILY;INTERVAL=00000000000000065537'"),
        ("RRULE:FREQ=MONTHLY;COUNT=4294967298", "RRULE: COUNT=4294967298 is more than the 200000 times clerk repeats an event: 'FREQ=MONTHLY;COUNT=4294967298'"),
        ("RRULE:FREQ=MONTHLY;BYDAY=65537MO", "RRULE: expected a rule like FREQ=WEEKLY;BYDAY=MO, got 'FREQ=MONTHLY;BYDAY=65537MO'"),
        ("RRULE:FREQ=YEARLY;BYMONTHDAY=-65535", "RRULE: expected a rule like FREQ=WEEKLY;BYDAY=MO, got 'FREQ=YEARLY;BYMONTHDAY=-65535'"),
        // libical reads a rule up to an empty part: this was every day, for ever (a `;` at the
        // end is no part, and is read).
        ("RRULE:FREQ=DAILY;;COUNT=3", "RRULE: expected a rule like FREQ=WEEKLY;BYDAY=MO, got 'FREQ=DAILY;;COUNT=3'"),
        ("RRULE:;FREQ=DAILY;COUNT=3", "RRULE: expected a rule like FREQ=WEEKLY;BYDAY=MO, got ';FREQ=DAILY;COUNT=3'"),
        ("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "RRULE: no date can match 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'"),
        ("EXRULE:FREQ=DAILY", "EXRULE: expected RRULE, RDATE or EXDATE"),
        ("EXDATE:tomorrow", "EXDATE: expected dates or date-times, got 'tomorrow'"),
        ("EXDATE:20260230T090000", "EXDATE: expected dates or date-times, got '20260230T090000'"),
        ("RDATE;TZID=Mars/Olympus:20260101T100000", "RDATE: unknown time zone 'Mars/Olympus'"),
        ("every monday", "EVERY MONDAY: expected NAME:VALUE, got 'every monday'"),
    ])
    func refusesWhatItCannotExpand(line: String, message: String) {
        let error = #expect(throws: RecurrenceError.self) {
            _ = try Recurrence(lines: [line], first: WallTime(year: 2026, month: 3, day: 5, hour: 9), isAllDay: false,
                               zone: ZoneRules(identifier: "Europe/Madrid")!)
        }
        #expect(error?.description == message)
    }
}

/// Reading wall times in a zone as RFC 5545 asks.
@Suite struct ZoneRulesTests {
    @Test(arguments: [
        ("Europe/Madrid", "2026-03-29T01:30", "2026-03-29 01:30 +01:00"),
        ("Europe/Madrid", "2026-03-29T02:30", "2026-03-29 03:30 +02:00"),  // in the gap
        ("Europe/Madrid", "2026-03-29T03:00", "2026-03-29 03:00 +02:00"),
        ("Europe/Madrid", "2026-10-25T02:30", "2026-10-25 02:30 +02:00"),  // twice: the first
        ("Europe/Madrid", "2026-10-25T03:00", "2026-10-25 03:00 +01:00"),
        ("America/New_York", "2026-03-08T02:00", "2026-03-08 03:00 -04:00"),
        ("America/New_York", "2026-11-01T01:59", "2026-11-01 01:59 -04:00"),
        ("America/Sao_Paulo", "2014-01-15T12:00", "2014-01-15 12:00 -02:00"),  // libical's own zone says -03:00
        ("Australia/Lord_Howe", "2026-04-05T01:45", "2026-04-05 01:45 +11:00"),  // a half-hour DST
    ])
    func readsWallTimes(zone: String, wall: String, expected: String) {
        #expect(shown(local(wall, zone), in: zone) == expected)
    }

    @Test func countsDaysLikeTheCalendar() {
        for text in ["1970-01-01", "1969-12-31", "2000-02-29", "2026-03-29", "1600-03-01", "2400-12-31"] {
            let day = date(text)
            #expect(Civil.date(ofDayNumber: Civil.dayNumber(of: day)) == day)
        }
        #expect(Civil.dayNumber(of: date("1970-01-01")) == 0)
        #expect(Civil.dayNumber(of: date("1969-12-31")) == -1)
        #expect(Civil.dayNumber(of: date("2026-03-01")) == 20_513)
        #expect(WallTime(secondsAsUTC: -1).basic == "19691231T235959")
    }
}
