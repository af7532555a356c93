@testable import ClerkGoogle
import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
import Testing

/// One contract for every implementation of the service protocols: the local store, and the
/// Google backend (its mirror) on the emulator. Each test runs against both.
@Suite struct ServiceContractTests {
    /// The services of one implementation, with what it needs kept alive.
    final class Services {
        let calendars: any CalendarService
        let contacts: any ContactsService
        let files: any FileService
        let primary: String
        /// Puts contacts in the address book by the implementation's own way in.
        let addContacts: ([Contact]) throws -> Void
        private let keep: [AnyObject]
        /// A folder of the test's own, removed with the services.
        private let folder: String?

        deinit {
            if let folder { try? FileManager.default.removeItem(atPath: folder) }
        }

        init(calendars: any CalendarService, contacts: any ContactsService, files: any FileService, primary: String,
             addContacts: @escaping ([Contact]) throws -> Void, keep: [AnyObject], folder: String? = nil) {
            self.calendars = calendars
            self.contacts = contacts
            self.files = files
            self.primary = primary
            self.addContacts = addContacts
            self.keep = keep
            self.folder = folder
        }
    }

    enum Implementation: String, CaseIterable, CustomStringConvertible {
        case local, google
        var description: String { rawValue }

        func make() throws -> Services {
            switch self {
            case .local:
                let folder = NSTemporaryDirectory() + "clerk-contract-" + UUID().uuidString
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                let store = try LocalStore(path: folder + "/clerk.sqlite3", timeZone: Zone(identifier: "Europe/Madrid")!,
                                           now: .fixed(Date(timeIntervalSince1970: 1_772_438_400)))
                let primary = try store.calendars().first { $0.isPrimary }!.id
                return Services(calendars: store, contacts: store, files: store, primary: primary, addContacts: { contacts in
                    try store.importContacts(contacts.map { ImportedContact(uid: $0.name, contact: $0) }, progress: nil)
                }, keep: [store], folder: folder)
            case .google:
                let harness = try GoogleHarness()
                let backend = try harness.signIn().backend
                return Services(calendars: backend, contacts: backend, files: backend, primary: "emulator@example.com", addContacts: { contacts in
                    for contact in contacts {
                        harness.side("POST", "/v1/people:createContact", .object([
                            ("names", [["givenName": .string(contact.givenName ?? contact.name), "familyName": .string(contact.familyName ?? "")]]),
                            ("emailAddresses", .array(contact.emails.map { ["value": .string($0.value)] })),
                        ]))
                    }
                    harness.clock.advance(61)
                }, keep: [harness, backend])
            }
        }
    }

    static func when(_ day: Int, _ hour: Int, minutes: Int = 60) -> When {
        let start = Date(timeIntervalSince1970: 1_772_438_400 + Double(day) * 86_400 + Double(hour - 9) * 3600)
        return .timed(start: start, end: start + Double(minutes) * 60, timeZone: "Europe/Madrid")
    }

    static let week = (Date(timeIntervalSince1970: 1_772_438_400 - 9 * 3600), Date(timeIntervalSince1970: 1_772_438_400 + 7 * 86_400))

    @Test(arguments: Implementation.allCases)
    func anInsertUnderTheSameIDIsMadeOnce(_ implementation: Implementation) throws {
        let services = try implementation.make()
        let draft = EventDraft(title: "Lunch with Ana", when: Self.when(1, 13), location: "Casa Lucio", reminderMinutes: [10])
        let first = try services.calendars.insertEvent(draft, id: "lunch0001", calendarID: services.primary)
        let again = try services.calendars.insertEvent(draft, id: "lunch0001", calendarID: services.primary)
        #expect(again.id == first.id)
        #expect(first.title == "Lunch with Ana" && first.location == "Casa Lucio" && first.reminderMinutes == [10])
        #expect(try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: nil).map(\.id) == ["lunch0001"])
    }

    /// "swap lunch and the dentist": two events changed together; when one cannot be, the
    /// other is as it was (one transaction on the local store; put back on Google).
    @Test(arguments: Implementation.allCases)
    func eventsPatchedTogetherChangeAllOrNone(_ implementation: Implementation) throws {
        let services = try implementation.make()
        _ = try services.calendars.insertEvent(EventDraft(title: "Lunch", when: Self.when(1, 13)), id: "lunch0002", calendarID: services.primary)
        _ = try services.calendars.insertEvent(EventDraft(title: "Dentist", when: Self.when(3, 10)), id: "dent00002", calendarID: services.primary)
        let swapped: [String: When] = ["lunch0002": Self.when(3, 10), "dent00002": Self.when(1, 13)]
        let edits = try services.calendars.patchEvents(ids: ["lunch0002", "dent00002"]) { EventPatch(when: swapped[$0.id]) }
        #expect(edits.map(\.after.title) == ["Lunch", "Dentist"])
        #expect(try services.calendars.event(id: "lunch0002")?.when == Self.when(3, 10))
        #expect(try services.calendars.event(id: "dent00002")?.when == Self.when(1, 13))
        // The second is gone: the first is not left moved.
        #expect(throws: ServiceError.self) {
            _ = try services.calendars.patchEvents(ids: ["lunch0002", "gone00002"]) { _ in EventPatch(when: Self.when(4, 9)) }
        }
        #expect(try services.calendars.event(id: "lunch0002")?.when == Self.when(3, 10))
        // A change refused halfway (an end before its start) leaves both as they were.
        #expect(throws: (any Error).self) {
            _ = try services.calendars.patchEvents(ids: ["lunch0002", "dent00002"]) { event in
                event.id == "lunch0002" ? EventPatch(when: Self.when(4, 9))
                    : EventPatch(when: .timed(start: Self.when(4, 9).startInstant(in: Zone(identifier: "UTC")!), end: Self.when(4, 8).startInstant(in: Zone(identifier: "UTC")!), timeZone: "Europe/Madrid"))
            }
        }
        #expect(try services.calendars.event(id: "lunch0002")?.when == Self.when(3, 10))
        #expect(try services.calendars.event(id: "dent00002")?.when == Self.when(1, 13))
    }

    @Test(arguments: Implementation.allCases)
    func findsEventsByRangeByWordsAndByPerson(_ implementation: Implementation) throws {
        let services = try implementation.make()
        _ = try services.calendars.insertEvent(EventDraft(title: "Dentist", when: Self.when(2, 9)), id: "dent00001", calendarID: services.primary)
        _ = try services.calendars.insertEvent(EventDraft(title: "Review", when: Self.when(1, 15), attendees: [Attendee(name: "Bob", email: "bob@example.com")]),
                                           id: "revi00001", calendarID: services.primary)
        _ = try services.calendars.insertEvent(EventDraft(title: "Later", when: Self.when(20, 9)), id: "late00001", calendarID: services.primary)
        #expect(try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: nil).map(\.title) == ["Review", "Dentist"])
        #expect(try services.calendars.searchEvents(EventSearch(text: "dentist", from: Self.week.0, to: Self.week.1 + 30 * 86_400)).map(\.id) == ["dent00001"])
        #expect(try services.calendars.searchEvents(EventSearch(attendee: "bob", from: Self.week.0, to: Self.week.1)).map(\.id) == ["revi00001"])
    }

    @Test(arguments: Implementation.allCases)
    func changesDeletesAndBringsBack(_ implementation: Implementation) throws {
        let services = try implementation.make()
        _ = try services.calendars.insertEvent(EventDraft(title: "Standup", when: Self.when(1, 9)), id: "stand0001", calendarID: services.primary)
        let moved = try services.calendars.patchEvent(id: "stand0001", EventPatch(title: "Daily sync", when: Self.when(1, 10, minutes: 15)))
        #expect(moved.title == "Daily sync" && moved.when == Self.when(1, 10, minutes: 15))
        try services.calendars.deleteEvent(id: "stand0001")
        #expect(try services.calendars.event(id: "stand0001") == nil)
        #expect(try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: nil).isEmpty)
        let back = try services.calendars.restoreEvent(id: "stand0001")
        #expect(back.id == "stand0001" && back.title == "Daily sync")
        #expect(try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: nil).map(\.title) == ["Daily sync"])
    }

    @Test(arguments: Implementation.allCases)
    func anOccurrenceChangesAndGoesAlone(_ implementation: Implementation) throws {
        let services = try implementation.make()
        _ = try services.calendars.insertEvent(EventDraft(title: "Sync", when: Self.when(0, 11), recurrence: ["RRULE:FREQ=DAILY;COUNT=3"]),
                                           id: "seri00001", calendarID: services.primary)
        let ids = try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: nil).map(\.id)
        #expect(ids == ["seri00001_20260302T100000Z", "seri00001_20260303T100000Z", "seri00001_20260304T100000Z"])
        try services.calendars.patchEvent(id: ids[1], EventPatch(title: "Sync (moved)", when: Self.when(1, 12)))
        try services.calendars.deleteEvent(id: ids[2])
        #expect(try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: nil).map(\.title) == ["Sync", "Sync (moved)"])
        #expect(try services.calendars.event(id: "seri00001")?.recurrence == ["RRULE:FREQ=DAILY;COUNT=3"])
    }

    /// A series moves to another calendar whole, with its changed and skipped days, under
    /// the same ids; one day of it cannot move alone, and the calendar it is on already is
    /// no move. What a later sync brings (Google's source calendar reporting the rows gone)
    /// leaves it where it went.
    @Test(arguments: Implementation.allCases)
    func aSeriesMovesToAnotherCalendarWithItsDays(_ implementation: Implementation) throws {
        let services = try implementation.make()
        let work = try services.calendars.createCalendar(named: "Work", timeZone: "Europe/Madrid")
        _ = try services.calendars.insertEvent(EventDraft(title: "Sync", when: Self.when(0, 11), recurrence: ["RRULE:FREQ=DAILY;COUNT=3"]),
                                               id: "seri00002", calendarID: services.primary)
        _ = try services.calendars.insertEvent(EventDraft(title: "Dentist", when: Self.when(2, 16)), id: "dent00001", calendarID: services.primary)
        try services.calendars.patchEvent(id: "seri00002_20260303T100000Z", EventPatch(title: "Sync (moved)", when: Self.when(1, 12)))
        try services.calendars.deleteEvent(id: "seri00002_20260304T100000Z")

        #expect(throws: ServiceError.invalid(.occurrenceCannotMove)) {
            try services.calendars.moveEvent(id: "seri00002_20260302T100000Z", toCalendarID: work.id)
        }
        let stays = try services.calendars.moveEvent(id: "dent00001", toCalendarID: services.primary)
        #expect(stays.calendarID == services.primary && stays.title == "Dentist")

        let moved = try services.calendars.moveEvent(id: "seri00002", toCalendarID: work.id)
        #expect(moved.id == "seri00002" && moved.calendarID == work.id && moved.recurrence == ["RRULE:FREQ=DAILY;COUNT=3"])
        let dentist = try services.calendars.moveEvent(id: "dent00001", toCalendarID: work.id)
        #expect(dentist.id == "dent00001" && dentist.calendarID == work.id)
        let expected = ["seri00002_20260302T100000Z Sync", "seri00002_20260303T100000Z Sync (moved)", "dent00001 Dentist"]
        func onWork() throws -> [String] {
            try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: [work.id]).map { "\($0.id) \($0.title)" }
        }
        #expect(try onWork() == expected)
        #expect(try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: [services.primary]).isEmpty)
        #expect(try services.calendars.event(id: "seri00002_20260303T100000Z")?.calendarID == work.id)
        if let backend = services.calendars as? GoogleBackend {
            // The calendar they left reports them cancelled: that copy is gone, not the event.
            _ = try backend.mirror.syncEvents(calendarID: services.primary)
            #expect(try onWork() == expected)
            try backend.mirror.refresh([.events], force: true)
        }
        #expect(try onWork() == expected)
        #expect(try services.calendars.storedEvents(calendarID: services.primary).isEmpty)
        #expect(try services.calendars.storedEvents(calendarID: work.id).map(\.id) == ["seri00002", "seri00002_20260303T100000Z", "dent00001"])
    }

    @Test(arguments: Implementation.allCases)
    func aNewCalendarHoldsItsOwnEvents(_ implementation: Implementation) throws {
        let services = try implementation.make()
        let trips = try services.calendars.createCalendar(named: "Trips", timeZone: "Europe/Madrid")
        #expect(try services.calendars.calendars().map(\.name).contains("Trips"))
        _ = try services.calendars.insertEvent(EventDraft(title: "Lisbon", when: .allDay(start: LocalDate(year: 2026, month: 3, day: 6), end: LocalDate(year: 2026, month: 3, day: 9))),
                                           id: "lisb00001", calendarID: trips.id)
        _ = try services.calendars.insertEvent(EventDraft(title: "Home", when: Self.when(1, 9)), id: "home00001", calendarID: services.primary)
        #expect(try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: [trips.id]).map(\.title) == ["Lisbon"])
        #expect(try services.calendars.storedEvents(calendarID: trips.id).map(\.id) == ["lisb00001"])
    }

    @Test(arguments: Implementation.allCases)
    func importingTheSameEventsTwiceAddsThemOnce(_ implementation: Implementation) throws {
        let services = try implementation.make()
        let events = [
            ImportedEvent(uid: "party@example.com", draft: EventDraft(title: "Party", when: Self.when(3, 20))),
            ImportedEvent(uid: "class@example.com", draft: EventDraft(title: "Class", when: Self.when(0, 18), recurrence: ["RRULE:FREQ=DAILY;COUNT=3"])),
            ImportedEvent(uid: "class@example.com", draft: EventDraft(title: "Class (room 2)", when: Self.when(1, 19)), originalStart: {
                if case .timed(let start, _, let zone) = Self.when(1, 18) { return .timed(start: start, end: start, timeZone: zone) }
                return nil
            }()),
        ]
        let first = try services.calendars.importEvents(events, calendarID: services.primary, progress: nil)
        #expect(first.added == 3)
        _ = try services.calendars.importEvents(events, calendarID: services.primary, progress: nil)
        #expect(try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: nil).map(\.title)
            == ["Class", "Class (room 2)", "Class", "Party"])
    }

    /// A file holding only a changed occurrence of a series imported before (an invitation's
    /// update of one meeting) changes that occurrence on either backend. On Google it was
    /// skipped without a word ("week.ics has no events to import"): only a series in the same
    /// file was looked for.
    @Test(arguments: Implementation.allCases)
    func aChangedOccurrenceImportedAfterItsSeriesChangesIt(_ implementation: Implementation) throws {
        let services = try implementation.make()
        let series = ImportedEvent(uid: "class@example.com", draft: EventDraft(title: "Class", when: Self.when(0, 18), recurrence: ["RRULE:FREQ=DAILY;COUNT=3"]))
        #expect(try services.calendars.importEvents([series], calendarID: services.primary, progress: nil).added == 1)
        let moved = ImportedEvent(uid: "class@example.com", draft: EventDraft(title: "Class (room 2)", when: Self.when(1, 19)), originalStart: {
            if case .timed(let start, _, let zone) = Self.when(1, 18) { return .timed(start: start, end: start, timeZone: zone) }
            return nil
        }())
        let summary = try services.calendars.importEvents([moved], calendarID: services.primary, progress: nil)
        #expect(summary.total == 1)
        #expect(try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: nil).map(\.title) == ["Class", "Class (room 2)", "Class"])
    }

    /// A changed occurrence whose series is neither in the file nor on the calendar (an
    /// invitation to one meeting of a series) is an event of its own on either backend, found
    /// again when the file is imported again; a cancelled one has nothing to cancel. On
    /// Google it was skipped without a word; locally the cancelled one showed as an event.
    @Test(arguments: Implementation.allCases)
    func anOccurrenceWithoutItsSeriesIsImportedAsAnEventOfItsOwn(_ implementation: Implementation) throws {
        let services = try implementation.make()
        func original(_ day: Int) -> When? {
            if case .timed(let start, _, let zone) = Self.when(day, 18) { return .timed(start: start, end: start, timeZone: zone) }
            return nil
        }
        let moved = ImportedEvent(uid: "class@example.com", draft: EventDraft(title: "Class (room 2)", when: Self.when(1, 19)), originalStart: original(1))
        let cancelled = ImportedEvent(uid: "class@example.com", draft: EventDraft(title: "Class", when: Self.when(2, 18)), originalStart: original(2),
                                      isCancelled: true)
        #expect(try services.calendars.importEvents([moved, cancelled], calendarID: services.primary, progress: nil) == ImportSummary(added: 1, unchanged: 1))
        #expect(try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: nil).map(\.title) == ["Class (room 2)"])
        #expect(try services.calendars.importEvents([moved, cancelled], calendarID: services.primary, progress: nil).added == 0)
        #expect(try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: nil).map(\.title) == ["Class (room 2)"])
    }

    /// An occurrence imported alone, then its series: the occurrence joins the series on
    /// either backend (on Google it stayed an event of its own beside the series' day).
    @Test(arguments: Implementation.allCases)
    func anOccurrenceImportedBeforeItsSeriesJoinsItOnEitherBackend(_ implementation: Implementation) throws {
        let services = try implementation.make()
        let original: When? = {
            if case .timed(let start, _, let zone) = Self.when(1, 18) { return .timed(start: start, end: start, timeZone: zone) }
            return nil
        }()
        let moved = ImportedEvent(uid: "class@example.com", draft: EventDraft(title: "Class (room 2)", when: Self.when(1, 19)), originalStart: original)
        let series = ImportedEvent(uid: "class@example.com", draft: EventDraft(title: "Class", when: Self.when(0, 18), recurrence: ["RRULE:FREQ=DAILY;COUNT=3"]))
        #expect(try services.calendars.importEvents([moved], calendarID: services.primary, progress: nil).added == 1)
        #expect(try services.calendars.importEvents([series], calendarID: services.primary, progress: nil).added == 1)
        func agenda() throws -> [String] {
            try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: nil).map {
                $0.title + " " + ClockText.rfc3339($0.when.startInstant(in: GoogleBackendTests.madrid), zone: GoogleBackendTests.madrid)
            }
        }
        let expected = ["Class 2026-03-02T18:00:00+01:00", "Class (room 2) 2026-03-03T19:00:00+01:00", "Class 2026-03-04T18:00:00+01:00"]
        #expect(try agenda() == expected)
        _ = try services.calendars.importEvents([series, moved], calendarID: services.primary, progress: nil)
        #expect(try agenda() == expected)
    }

    /// "move piano to wednesday", the whole series, on either backend: its weekly rule's
    /// weekday and the days it skips move with its start (BYDAY stayed MO: a Wednesday, then
    /// Mondays again), and an undo's patch of the old rule puts it back.
    @Test(arguments: Implementation.allCases)
    func aWeeklySeriesMovedToAnotherWeekdayRepeatsOnItOnEitherBackend(_ implementation: Implementation) throws {
        let services = try implementation.make()
        _ = try services.calendars.insertEvent(EventDraft(title: "Piano", when: Self.when(0, 18), recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO", "EXDATE:20260316T170000Z"]),
                                               id: "piano01", calendarID: services.primary)
        func agenda() throws -> [String] {
            try services.calendars.events(from: Self.week.0, to: Self.week.0 + 24 * 86_400, calendarIDs: nil).map {
                ClockText.rfc3339($0.when.startInstant(in: GoogleBackendTests.madrid), zone: GoogleBackendTests.madrid)
            }
        }
        let before = try agenda()
        let moved = try services.calendars.patchEvent(id: "piano01", EventPatch(when: Self.when(2, 18)))
        #expect(moved.recurrence == ["RRULE:FREQ=WEEKLY;BYDAY=WE", "EXDATE:20260318T170000Z"])
        #expect(try agenda() == ["2026-03-04T18:00:00+01:00", "2026-03-11T18:00:00+01:00", "2026-03-25T18:00:00+01:00"])
        // A change of the hour alone leaves the weekday be.
        try services.calendars.patchEvent(id: "piano01", EventPatch(when: Self.when(2, 19)))
        #expect(try services.calendars.event(id: "piano01")?.recurrence.first == "RRULE:FREQ=WEEKLY;BYDAY=WE")
        try services.calendars.patchEvent(id: "piano01", EventPatch(when: Self.when(0, 18), recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO", "EXDATE:20260316T170000Z"]))
        #expect(try agenda() == before)
    }

    /// "move the standup to 10", the whole series, on either backend: the days it skips, an
    /// EXDATE and a day deleted on its own, stay skipped at the new time (on Google both stayed
    /// at 9 and the days came back); so for an all-day series moved a day, and for a series in
    /// a zone not the session's (its EXDATE in its zone's local time, as Google writes it).
    @Test(arguments: Implementation.allCases)
    func aSeriesMovedToAnotherTimeKeepsItsSkippedDaysOnEitherBackend(_ implementation: Implementation) throws {
        let services = try implementation.make()
        let calendars = services.calendars
        func days(_ id: String) throws -> [String] {
            try calendars.events(from: Self.week.0, to: Self.week.0 + 14 * 86_400, calendarIDs: nil).map(\.id).filter { $0.hasPrefix(id + "_") }
        }
        _ = try calendars.insertEvent(EventDraft(title: "Standup", when: Self.when(0, 9, minutes: 15),
                                                 recurrence: ["RRULE:FREQ=DAILY;COUNT=5", "EXDATE:20260303T080000Z"]),
                                      id: "standup01", calendarID: services.primary)
        try calendars.deleteEvent(id: "standup01_20260305T080000Z")
        let moved = try calendars.patchEvent(id: "standup01", EventPatch(when: Self.when(0, 10, minutes: 15)))
        #expect(moved.recurrence.first == "RRULE:FREQ=DAILY;COUNT=5")
        #expect(try days("standup01") == ["standup01_20260302T090000Z", "standup01_20260304T090000Z", "standup01_20260306T090000Z"])
        // Moved again, and back: still the same days.
        try calendars.patchEvent(id: "standup01", EventPatch(when: Self.when(0, 11, minutes: 15)))
        try calendars.patchEvent(id: "standup01", EventPatch(when: Self.when(0, 9, minutes: 15)))
        #expect(try days("standup01") == ["standup01_20260302T080000Z", "standup01_20260304T080000Z", "standup01_20260306T080000Z"])

        let date = { (day: Int) in LocalDate(year: 2026, month: 3, day: day) }
        _ = try calendars.insertEvent(EventDraft(title: "Rota", when: .allDay(start: date(2), end: date(3)),
                                                 recurrence: ["RRULE:FREQ=DAILY;COUNT=4", "EXDATE;VALUE=DATE:20260303"]),
                                      id: "rota01", calendarID: services.primary)
        try calendars.deleteEvent(id: "rota01_20260304")
        try calendars.patchEvent(id: "rota01", EventPatch(when: .allDay(start: date(3), end: date(4))))
        #expect(try days("rota01") == ["rota01_20260303", "rota01_20260306"])

        let nine = Date(timeIntervalSince1970: 1_772_460_000)  // 2026-03-02 09:00 in New York
        _ = try calendars.insertEvent(EventDraft(title: "NY chat", when: .timed(start: nine, end: nine + 1800, timeZone: "America/New_York"),
                                                 recurrence: ["RRULE:FREQ=DAILY;COUNT=4", "EXDATE;TZID=America/New_York:20260303T090000"]),
                                      id: "nchat01", calendarID: services.primary)
        try calendars.deleteEvent(id: "nchat01_20260304T140000Z")
        try calendars.patchEvent(id: "nchat01", EventPatch(when: .timed(start: nine + 3600, end: nine + 5400, timeZone: "America/New_York")))
        #expect(try days("nchat01") == ["nchat01_20260302T150000Z", "nchat01_20260305T150000Z"])
    }

    /// "move the standup to 10", the whole series, with one day changed on its own: that day
    /// is shown once, as it was changed, on either backend (on Google the changed instance
    /// stayed at its old start and the day's new occurrence came beside it).
    @Test(arguments: Implementation.allCases)
    func aSeriesMovedToAnotherTimeShowsADayChangedOnItsOwnOnceOnEitherBackend(_ implementation: Implementation) throws {
        let services = try implementation.make()
        let calendars = services.calendars
        _ = try calendars.insertEvent(EventDraft(title: "Standup", when: Self.when(0, 9, minutes: 15), recurrence: ["RRULE:FREQ=DAILY;COUNT=3"]),
                                      id: "standup01", calendarID: services.primary)
        try calendars.patchEvent(id: "standup01_20260303T080000Z", EventPatch(title: "Standup (demo)"))
        try calendars.patchEvent(id: "standup01", EventPatch(when: Self.when(0, 10, minutes: 15)))
        let shown = try calendars.events(from: Self.week.0, to: Self.week.0 + 7 * 86_400, calendarIDs: nil).map {
            $0.title + " " + ClockText.rfc3339($0.when.startInstant(in: GoogleBackendTests.madrid), zone: GoogleBackendTests.madrid)
        }
        #expect(shown == ["Standup 2026-03-02T10:00:00+01:00", "Standup (demo) 2026-03-03T09:00:00+01:00", "Standup 2026-03-04T10:00:00+01:00"])
    }

    /// "From now on" on either backend: the same times, changed and skipped days where they
    /// were, and after the join the one series as it was.
    @Test(arguments: Implementation.allCases)
    func aSeriesSplitAndJoinedShowsTheSameTimesOnEitherBackend(_ implementation: Implementation) throws {
        let services = try implementation.make()
        _ = try services.calendars.insertEvent(EventDraft(title: "Class", when: Self.when(0, 18), recurrence: ["RRULE:FREQ=DAILY;COUNT=6"]),
                                               id: "class01", calendarID: services.primary)
        try services.calendars.patchEvent(id: "class01_20260305T170000Z", EventPatch(title: "Class (room 2)"))
        try services.calendars.deleteEvent(id: "class01_20260306T170000Z")
        func agenda() throws -> [String] {
            try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: nil).map {
                "\($0.id) \($0.title) " + ClockText.rfc3339($0.when.startInstant(in: GoogleBackendTests.madrid), zone: GoogleBackendTests.madrid)
            }
        }
        let before = try agenda()
        let split = try services.calendars.splitSeries(occurrenceID: "class01_20260304T170000Z", newID: "class02") { occurrence in
            EventPatch(title: "Class (new room)", when: occurrence.when.shifted(bySeconds: 1800))
        }
        #expect(split.ended.recurrence == ["RRULE:FREQ=DAILY;COUNT=2"])
        #expect(try agenda() == [
            "class01_20260302T170000Z Class 2026-03-02T18:00:00+01:00",
            "class01_20260303T170000Z Class 2026-03-03T18:00:00+01:00",
            "class02_20260304T173000Z Class (new room) 2026-03-04T18:30:00+01:00",
            "class02_20260305T173000Z Class (room 2) 2026-03-05T18:00:00+01:00",
            "class02_20260307T173000Z Class (new room) 2026-03-07T18:30:00+01:00",
        ])
        _ = try services.calendars.joinSeries(split)
        #expect(try agenda() == before)
        #expect(try services.calendars.event(id: "class01")?.recurrence == ["RRULE:FREQ=DAILY;COUNT=6"])
    }

    @Test(arguments: Implementation.allCases)
    func filesKeepTheirEarlierContentAndGoToTheTrash(_ implementation: Implementation) throws {
        let services = try implementation.make()
        let notes = try services.files.createFile(named: "notes.txt", content: "first\n")
        _ = try services.files.createFile(named: "plan.md", content: "# Plan\n")
        #expect(try services.files.files(matching: nil).map(\.name) == ["notes.txt", "plan.md"])
        #expect(try services.files.files(matching: "plan").map(\.mimeType) == ["text/markdown"])
        let updated = try services.files.updateFile(id: notes.id, content: "second — ñ\n")
        #expect(updated.size == 14)
        #expect(try services.files.readFile(id: notes.id) == "second — ñ\n")
        let revisions = try services.files.revisions(ofFile: notes.id)
        #expect(revisions.count == 1)
        #expect(try services.files.readRevision(revisions[0].id, ofFile: notes.id) == "first\n")
        #expect(throws: ServiceError.alreadyExists(.file, name: "NOTES.txt")) { try services.files.createFile(named: "NOTES.txt", content: "") }
        try services.files.trashFile(id: notes.id)
        #expect(try services.files.files(matching: nil).map(\.name) == ["plan.md"])
        #expect(try services.files.trashedFiles(matching: nil).map(\.name) == ["notes.txt"])
        #expect(try services.files.restoreFile(id: notes.id).name == "notes.txt")
        try services.files.deleteFilePermanently(id: notes.id)
        #expect(try services.files.files(matching: nil).map(\.name) == ["plan.md"])
        #expect(try services.files.trashedFiles(matching: nil).isEmpty)
        #expect(throws: ServiceError.notFound(.file, id: notes.id)) { try services.files.readFile(id: notes.id) }
    }

    @Test(arguments: Implementation.allCases)
    func contactsAreFoundByTheBeginningsOfTheirNames(_ implementation: Implementation) throws {
        let services = try implementation.make()
        try services.addContacts([
            Contact(id: "", name: "Ana Pérez", givenName: "Ana", familyName: "Pérez", emails: [LabeledValue("ana@example.com")]),
            Contact(id: "", name: "Ana López", givenName: "Ana", familyName: "López", emails: [LabeledValue("ana.lopez@example.org")]),
            Contact(id: "", name: "Bob Stone", givenName: "Bob", familyName: "Stone", emails: [LabeledValue("bob@example.com")]),
        ])
        #expect(try services.contacts.lookupContacts("ana per").map(\.name) == ["Ana Pérez"])
        #expect(Set(try services.contacts.lookupContacts("ana").map(\.name)) == ["Ana Pérez", "Ana López"])
        #expect(try services.contacts.lookupContacts("stone").first?.emails == [LabeledValue("bob@example.com")])
        #expect(try services.contacts.contactNames().sorted() == ["Ana López", "Ana Pérez", "Bob Stone"])
    }

    /// A file renamed keeps its content; a name another file has is refused, and nothing
    /// changes.
    @Test(arguments: Implementation.allCases)
    func aRenamedFileKeepsItsContent(_ implementation: Implementation) throws {
        let services = try implementation.make()
        let file = try services.files.createFile(named: "groceries.txt", content: "milk\n")
        _ = try services.files.createFile(named: "todo.txt", content: "call\n")
        let renamed = try services.files.renameFile(id: file.id, to: "shopping.txt")
        #expect(renamed.id == file.id)
        #expect(renamed.name == "shopping.txt")
        #expect(try services.files.readFile(id: file.id) == "milk\n")
        #expect(try services.files.files(matching: nil).map(\.name) == ["shopping.txt", "todo.txt"])
        if implementation == .local {
            // The local store keeps names unique; Drive allows two files of one name.
            #expect(throws: ServiceError.alreadyExists(.file, name: "todo.txt")) { try services.files.renameFile(id: file.id, to: "todo.txt") }
        }
    }

    /// A calendar renamed keeps its events; a secondary calendar deleted takes them along;
    /// the primary one cannot be deleted.
    @Test(arguments: Implementation.allCases)
    func calendarsAreRenamedAndDeletedWithTheirEvents(_ implementation: Implementation) throws {
        let services = try implementation.make()
        let family = try services.calendars.createCalendar(named: "Family", timeZone: "Europe/Madrid")
        _ = try services.calendars.insertEvent(EventDraft(title: "Dinner", when: Self.when(2, 20)), id: "dinner0001", calendarID: family.id)
        let renamed = try services.calendars.renameCalendar(id: family.id, to: "Home")
        #expect(renamed.id == family.id)
        #expect(renamed.name == "Home")
        #expect(try services.calendars.calendars().map(\.name).contains("Home"))
        #expect(try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: [family.id]).map(\.title) == ["Dinner"])
        try services.calendars.deleteCalendar(id: family.id)
        #expect(try !services.calendars.calendars().contains { $0.id == family.id })
        #expect(try services.calendars.events(from: Self.week.0, to: Self.week.1, calendarIDs: nil).isEmpty)
        #expect(throws: ServiceError.invalid(.primaryCalendar)) { try services.calendars.deleteCalendar(id: services.primary) }
    }
}
