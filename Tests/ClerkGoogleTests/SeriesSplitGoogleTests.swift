@testable import ClerkGoogle
import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
import Testing

/// A series changed from one of its times on through the Google backend and the emulator
/// (over libcurl on loopback): the series' recurrence cut short with If-Match, a new series
/// inserted under clerk's id, its changed times made again as instances of the new one;
/// offline, all of it waits in the outbox and is sent once, with nothing made twice.
@Suite struct SeriesSplitGoogleTests {
    static let primary = "emulator@example.com"

    /// "Yoga" daily at 18:00 from Monday 2 March, ten times, with Saturday's time taught by a
    /// guest and Sunday's cancelled.
    static func yoga(_ backend: GoogleBackend) throws {
        _ = try backend.insertEvent(EventDraft(title: "Yoga", when: GoogleBackendTests.when(0, 18), recurrence: ["RRULE:FREQ=DAILY;COUNT=10"]),
                                    id: "class01", calendarID: Self.primary)
        try backend.patchEvent(id: "class01_20260307T170000Z", EventPatch(title: "Yoga (guest)"))
        try backend.deleteEvent(id: "class01_20260308T170000Z")
    }

    /// From Thursday 5 March on, at 19:00.
    static func at19(_ occurrence: Event) -> EventPatch {
        EventPatch(when: occurrence.when.shifted(bySeconds: 3600))
    }

    /// The instances Google has over the two weeks (or until `end`), as "id title start".
    static func instances(_ harness: GoogleHarness, until end: String = "2026-03-15T00:00:00Z") -> [String] {
        let path = "/calendar/v3/calendars/primary/events?singleEvents=true&orderBy=startTime&timeMin=2026-03-01T00:00:00Z&timeMax=" + end
        return (harness.side("GET", path)["items"]?.arrayValue ?? []).map { item in
            [item["id"]?.stringValue ?? "?", item["summary"]?.stringValue ?? "?", item["start"]?["dateTime"]?.stringValue ?? "?"].joined(separator: " ")
        }
    }

    /// The same from the backend (the mirror), as "id title start".
    static func mirrored(_ backend: GoogleBackend, until end: Date = Date(timeIntervalSince1970: 1_773_532_800)) throws -> [String] {
        try backend.events(from: Date(timeIntervalSince1970: 1_772_323_200), to: end, calendarIDs: nil).map {
            "\($0.id) \($0.title) " + ClockText.rfc3339($0.when.startInstant(in: GoogleBackendTests.madrid), zone: GoogleBackendTests.madrid)
        }
    }

    /// 15 April 2026, the end of the six weeks a weekly series is looked at over.
    static let midApril = Date(timeIntervalSince1970: 1_776_211_200)

    static let split = [
        "class01_20260302T170000Z Yoga 2026-03-02T18:00:00+01:00",
        "class01_20260303T170000Z Yoga 2026-03-03T18:00:00+01:00",
        "class01_20260304T170000Z Yoga 2026-03-04T18:00:00+01:00",
        "class02_20260305T180000Z Yoga 2026-03-05T19:00:00+01:00",
        "class02_20260306T180000Z Yoga 2026-03-06T19:00:00+01:00",
        "class02_20260307T180000Z Yoga (guest) 2026-03-07T18:00:00+01:00",
        "class02_20260309T180000Z Yoga 2026-03-09T19:00:00+01:00",
        "class02_20260310T180000Z Yoga 2026-03-10T19:00:00+01:00",
        "class02_20260311T180000Z Yoga 2026-03-11T19:00:00+01:00",
    ]

    static let joined = [
        "class01_20260302T170000Z Yoga 2026-03-02T18:00:00+01:00",
        "class01_20260303T170000Z Yoga 2026-03-03T18:00:00+01:00",
        "class01_20260304T170000Z Yoga 2026-03-04T18:00:00+01:00",
        "class01_20260305T170000Z Yoga 2026-03-05T18:00:00+01:00",
        "class01_20260306T170000Z Yoga 2026-03-06T18:00:00+01:00",
        "class01_20260307T170000Z Yoga (guest) 2026-03-07T18:00:00+01:00",
        "class01_20260309T170000Z Yoga 2026-03-09T18:00:00+01:00",
        "class01_20260310T170000Z Yoga 2026-03-10T18:00:00+01:00",
        "class01_20260311T170000Z Yoga 2026-03-11T18:00:00+01:00",
    ]

    /// A series another client wrote in lower case (`rrule:freq=daily;count=10`, which Google
    /// keeps as sent) is split like any other: its first half ends (was: the first half kept
    /// its rule untouched, so both halves went on and every time after the split was there
    /// twice). Its lines are read in upper case.
    @Test func aRuleWrittenInLowerCaseIsEndedBySplit() throws {
        let harness = try GoogleHarness()
        let made = harness.side("POST", "/calendar/v3/calendars/primary/events", ["id": "abc123", "summary": "Yoga",
            "start": ["dateTime": "2026-03-02T18:00:00", "timeZone": "Europe/Madrid"], "end": ["dateTime": "2026-03-02T19:00:00", "timeZone": "Europe/Madrid"],
            "recurrence": ["rrule:freq=daily;count=10", "exdate;tzid=Europe/Madrid:20260308T180000"]])
        #expect(made["id"]?.stringValue == "abc123", "\(made)")
        let backend = try harness.signIn().backend
        #expect(try backend.event(id: "abc123")?.recurrence == ["RRULE:FREQ=DAILY;COUNT=10", "EXDATE;TZID=Europe/Madrid:20260308T180000"])
        let split = try backend.splitSeries(occurrenceID: "abc123_20260305T170000Z", newID: "class02", from: Self.at19)
        #expect(split.ended.recurrence.first == "RRULE:FREQ=DAILY;COUNT=3")
        let starts = Self.instances(harness).map { $0.split(separator: " ").last.map(String.init) ?? "" }
        #expect(starts == ["2026-03-02T18:00:00+01:00", "2026-03-03T18:00:00+01:00", "2026-03-04T18:00:00+01:00", "2026-03-05T19:00:00+01:00",
                           "2026-03-06T19:00:00+01:00", "2026-03-07T19:00:00+01:00", "2026-03-09T19:00:00+01:00", "2026-03-10T19:00:00+01:00",
                           "2026-03-11T19:00:00+01:00"])
    }

    @Test func theSplitGoesToGoogleFirstAndTheJoinPutsTheSeriesBack() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        try Self.yoga(backend)
        harness.clearRequests()
        let split = try backend.splitSeries(occurrenceID: "class01_20260305T170000Z", newID: "class02", from: Self.at19)
        #expect(harness.requests() == [
            "GET /calendar/v3/calendars/\(Self.primary)/events/class01",
            "PATCH /calendar/v3/calendars/\(Self.primary)/events/class01",
            "POST /calendar/v3/calendars/\(Self.primary)/events",
            "PATCH /calendar/v3/calendars/\(Self.primary)/events/class02_20260307T180000Z",
        ])
        #expect(split.ended.recurrence == ["RRULE:FREQ=DAILY;COUNT=3"])
        #expect(split.started.recurrence == ["RRULE:FREQ=DAILY;COUNT=7", "EXDATE:20260308T180000Z"])
        #expect(Self.instances(harness) == Self.split)
        #expect(try Self.mirrored(backend) == Self.split)
        #expect(backend.waitingCount == 0)

        harness.clearRequests()
        let series = try backend.joinSeries(split)
        #expect(series.recurrence == ["RRULE:FREQ=DAILY;COUNT=10"])
        #expect(Self.instances(harness) == Self.joined)
        #expect(try Self.mirrored(backend) == Self.joined)
        #expect(backend.waitingCount == 0)
    }

    @Test func anOfflineSplitWaitsAndIsSentOnceWhenGoogleIsBack() throws {
        let harness = try GoogleHarness()
        let account = try harness.signIn()
        try Self.yoga(account.backend)
        harness.goOffline()
        harness.clock.advance(6)
        _ = try account.backend.splitSeries(occurrenceID: "class01_20260305T170000Z", newID: "class02", from: Self.at19)
        // The mirror shows it split at once, and says what waits.
        #expect(try Self.mirrored(account.backend) == Self.split)
        #expect(try account.backend.store.outbox().map(\.kind) == ["event.patch", "event.insert", "event.patch"])
        #expect(account.backend.takeNotices().last == .waiting(count: 3, cause: .unreachable))

        try harness.comeBack()
        harness.clearRequests()
        harness.clock.advance(31)
        let next = try #require(try GoogleAccount(setup: harness.setup))
        #expect(try Self.mirrored(next.backend) == Self.split)
        #expect(next.backend.takeNotices() == [.sent(count: 3)])
        #expect(Self.instances(harness) == Self.split)
        // The insert sent again (a copy of the mirror restored, another process): Google has
        // it already (409), so nothing is made twice.
        try next.backend.store.enqueue(kind: "event.insert", payload: PendingChange.insertEvent(
            calendarID: Self.primary, body: GoogleCoding.eventBody(EventDraft(title: "Yoga", when: GoogleBackendTests.when(3, 19)), id: "class02")).payload.serialized())
        next.backend.flushOutbox()
        #expect(next.backend.takeNotices() == [.sent(count: 1)])
        #expect(next.backend.waitingCount == 0)
        #expect(Self.instances(harness) == Self.split)
        #expect(try Self.mirrored(next.backend) == Self.split)
    }

    /// Split and joined again while offline: six changes wait, and once sent Google has the
    /// one series as it was.
    @Test func anOfflineSplitUndoneOfflineLeavesTheSeriesAsItWas() throws {
        let harness = try GoogleHarness()
        let account = try harness.signIn()
        try Self.yoga(account.backend)
        harness.goOffline()
        harness.clock.advance(6)
        let split = try account.backend.splitSeries(occurrenceID: "class01_20260305T170000Z", newID: "class02", from: Self.at19)
        _ = try account.backend.joinSeries(split)
        #expect(try Self.mirrored(account.backend) == Self.joined)
        #expect(try account.backend.store.outbox().map(\.kind)
            == ["event.patch", "event.insert", "event.patch", "event.patch", "event.delete", "event.patch"])

        try harness.comeBack()
        harness.clock.advance(31)
        let next = try #require(try GoogleAccount(setup: harness.setup))
        #expect(try Self.mirrored(next.backend) == Self.joined)
        #expect(next.backend.takeNotices() == [.sent(count: 6)])
        #expect(Self.instances(harness) == Self.joined)
    }

    /// Google refuses the new series: the old one gets its rule back.
    @Test func aRefusedNewSeriesLeavesTheOldOneWhole() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        try Self.yoga(backend)
        harness.arm(["method": "POST", "path": .string("/calendar/v3/calendars/\(Self.primary)/events"), "count": 1,
                     "mode": "status", "status": 403, "reason": "forbidden"])
        #expect(throws: ServiceError.self) {
            try backend.splitSeries(occurrenceID: "class01_20260305T170000Z", newID: "class02", from: Self.at19)
        }
        // The series has its rule back, and its changed day, which the cut dropped.
        #expect(Self.instances(harness) == Self.joined)
        #expect(try Self.mirrored(backend) == Self.joined)
        #expect(backend.waitingCount == 0)
    }

    /// Someone changed the series between clerk's read and its write: the 412 makes clerk
    /// read it again and work the split out from what Google has now.
    @Test func aSeriesChangedMeanwhileIsReadAgain() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        try Self.yoga(backend)
        harness.arm(["method": "PATCH", "path": .string("/calendar/v3/calendars/\(Self.primary)/events/class01"), "count": 1,
                     "mode": "status", "status": 412, "reason": "conditionNotMet"])
        var calls = 0
        _ = try backend.splitSeries(occurrenceID: "class01_20260305T170000Z", newID: "class02") { occurrence in
            calls += 1
            return Self.at19(occurrence)
        }
        #expect(calls == 2)
        #expect(Self.instances(harness) == Self.split)
    }

    /// "Piano" on Mondays at 18:00 from 2 March, six times, the 23rd's a recital and the
    /// 30th's cancelled; from the 16th on it moves to Wednesdays. The new series repeats on
    /// Wednesdays, the skipped day moving with it (the 1st); the recital becomes the new
    /// series' instance of the 25th and keeps its own time, as a changed day keeps it in any
    /// split (the local store's rule) — on Google as in the mirror.
    @Test func aSplitThatMovesTheSeriesToAnotherWeekdayTakesItsChangedDaysAlong() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        _ = try backend.insertEvent(EventDraft(title: "Piano", when: GoogleBackendTests.when(0, 18), recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6"]),
                                    id: "piano01", calendarID: Self.primary)
        try backend.patchEvent(id: "piano01_20260323T170000Z", EventPatch(title: "Piano (recital)"))
        try backend.deleteEvent(id: "piano01_20260330T160000Z")
        let split = try backend.splitSeries(occurrenceID: "piano01_20260316T170000Z", newID: "piano02") { occurrence in
            EventPatch(when: occurrence.when.shifted(bySeconds: 2 * 86_400))
        }
        #expect(split.started.recurrence == ["RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=4", "EXDATE:20260401T160000Z"])
        let expected = [
            "piano01_20260302T170000Z Piano 2026-03-02T18:00:00+01:00",
            "piano01_20260309T170000Z Piano 2026-03-09T18:00:00+01:00",
            "piano02_20260318T170000Z Piano 2026-03-18T18:00:00+01:00",
            "piano02_20260325T170000Z Piano (recital) 2026-03-23T18:00:00+01:00",
            "piano02_20260408T160000Z Piano 2026-04-08T18:00:00+02:00",
        ]
        #expect(Self.instances(harness, until: "2026-04-15T00:00:00Z") == expected)
        #expect(try Self.mirrored(backend, until: Self.midApril) == expected)
    }

    /// The whole series moved from Mondays to Wednesdays first, then "only this one" and
    /// "from now on" on its Wednesdays: Google and the mirror agree on every day.
    @Test func editsOfASeriesMovedToAnotherWeekdayLandOnItsNewDays() throws {
        let harness = try GoogleHarness()
        let backend = try harness.signIn().backend
        _ = try backend.insertEvent(EventDraft(title: "Piano", when: GoogleBackendTests.when(0, 18), recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4"]),
                                    id: "piano01", calendarID: Self.primary)
        _ = try backend.patchEvent(id: "piano01", EventPatch(when: GoogleBackendTests.when(2, 18)))
        try backend.patchEvent(id: "piano01_20260311T170000Z", EventPatch(title: "Piano (recital)"))
        _ = try backend.splitSeries(occurrenceID: "piano01_20260318T170000Z", newID: "piano02") { occurrence in
            EventPatch(when: occurrence.when.shifted(bySeconds: 3600))
        }
        let expected = [
            "piano01_20260304T170000Z Piano 2026-03-04T18:00:00+01:00",
            "piano01_20260311T170000Z Piano (recital) 2026-03-11T18:00:00+01:00",
            "piano02_20260318T180000Z Piano 2026-03-18T19:00:00+01:00",
            "piano02_20260325T180000Z Piano 2026-03-25T19:00:00+01:00",
        ]
        #expect(Self.instances(harness, until: "2026-04-15T00:00:00Z") == expected)
        #expect(try Self.mirrored(backend, until: Self.midApril) == expected)
    }
}
