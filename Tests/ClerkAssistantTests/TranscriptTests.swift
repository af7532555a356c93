import ClerkAssistant
import ClerkCore
import ClerkLanguage
import ClerkLocal
import Foundation
import Testing

/// Replays every conversation in `Fixtures/transcripts/` against a fresh local store and
/// checks each reply exactly.
@Suite struct TranscriptTests {
    /// The replays below are made from this list: every transcript must be in it (in any
    /// order, so that a transcript added is a line of its own).
    @Test func everyTranscriptIsFound() {
        #expect(Transcript.all() == Self.expected.sorted())
    }

    static let expected = [
        "agenda.txt", "birthdays.txt", "bookings-or.txt", "calendar-moves.txt", "calendars.txt", "changes-questions.txt", "changes.txt", "contacts-book.txt", "contacts-details.txt", "contacts-files.txt", "contacts-loose.txt", "contacts-trades.txt", "context-times.txt", "conv22-misses.txt", "conv24-misses.txt", "conv25-misses.txt", "conv26-misses.txt", "conv28-fixes.txt", "conv29-misses.txt", "conv30-fixes.txt", "conv31-misses.txt", "conv32-fixes.txt", "conv32-misses.txt", "conv33-misses.txt", "conv34-misses.txt", "conv35-fixes.txt", "conv35-misses.txt", "conv36-contacts.txt", "conv36-files.txt", "conv36-fixes.txt", "conv36-relative.txt", "conv36-repeats.txt", "conv37-bakery.txt", "conv37-contacts.txt", "conv37-hello.txt", "conv37-lessons.txt", "conv37-lists.txt", "conv37-needs.txt", "conv37-questions.txt", "conv37-salon.txt", "conv37-zones.txt", "conv38-age.txt", "conv38-another.txt", "conv38-away.txt", "conv38-busiest.txt", "conv38-changes.txt", "conv38-everything.txt", "conv38-holidays.txt", "conv38-lists.txt", "conv38-now.txt", "conv38-only.txt", "conv38-series.txt", "conv38-trip.txt", "conv39-again.txt", "conv39-aside.txt", "conv39-cardedits.txt", "conv39-changes.txt", "conv39-dayafter.txt", "conv39-files.txt", "conv39-lengths.txt", "conv39-places.txt", "conv39-reminders.txt", "conv39-series.txt", "conv39-settings.txt", "conv39-zones.txt", "conv39-several.txt", "conv40-again.txt", "conv40-arrivals.txt", "conv40-busy.txt", "conv40-cardform.txt", "conv40-contacts.txt", "conv40-files.txt", "conv40-justmade.txt", "conv40-places.txt", "conv40-reminders.txt", "conv40-sametime.txt", "conv40-whenis.txt", "conv40-series.txt", "conv41-again.txt", "conv41-contracted.txt", "conv41-files.txt", "conv41-free.txt", "conv41-kin.txt", "conv41-longest.txt", "conv41-misc.txt", "conv41-nightbefore.txt", "conv41-rebook.txt", "conv41-repeating.txt", "conv41-several.txt", "conv41-stay.txt", "conv41-whonext.txt", "conv42-cannot.txt", "conv42-contacts.txt", "conv42-days.txt", "conv42-series.txt", "conv42-table.txt", "conv42-talk.txt", "conv42-terse.txt", "conv42-weekdays.txt", "corrections-asked.txt", "corrections-loose.txt", "counts.txt", "create-event.txt", "day-lists.txt", "day-places.txt", "deadlines.txt", "dst-defaults.txt", "dst-fall-back.txt", "dst-repeats.txt", "edit-times.txt", "event-aspects.txt", "event-fields.txt", "files-lines.txt", "files-loose.txt", "first-last.txt", "first-try-appointments.txt", "first-try-band.txt", "first-try-cafe.txt", "first-try-carer.txt", "first-try-carpool.txt", "first-try-caterer.txt", "first-try-choir.txt", "first-try-clients.txt", "first-try-coach.txt", "first-try-dayone.txt", "first-try-dogwalker.txt", "first-try-family.txt", "first-try-freelance.txt", "first-try-holiday.txt", "first-try-household.txt", "first-try-ideas.txt", "first-try-invoices.txt", "first-try-landlord.txt", "first-try-lead.txt", "first-try-lecturegoer.txt", "first-try-lists.txt", "first-try-newcomer.txt", "first-try-notes.txt", "first-try-nurse.txt", "first-try-parent.txt", "first-try-parttime.txt", "first-try-photographer.txt", "first-try-physio.txt", "first-try-pills.txt", "first-try-polite.txt", "first-try-questions.txt", "first-try-recipes.txt", "first-try-retiree.txt", "first-try-setup.txt", "first-try-shop.txt", "first-try-student.txt", "first-try-suppliers.txt", "first-try-teacher.txt", "first-try-terse.txt", "first-try-timezones.txt", "first-try-trip.txt", "first-try-tutor.txt", "first-try-txtspeak.txt", "first-try-writer.txt", "first-try.txt", "follow-up-dates.txt", "free-slots.txt", "from-now-on.txt", "guest-swaps.txt", "guests.txt", "json.txt", "lengths.txt", "list-picks.txt", "lists-ticks.txt", "loose-ends.txt", "loose-requests.txt", "misc.txt", "move-them.txt", "night-shifts.txt", "notes-lists.txt", "probe30-fixes.txt", "refusals-clocks-contacts.txt", "repeats.txt", "safety.txt", "said-changes.txt", "said-zones.txt", "searches.txt", "series-moves.txt", "series.txt", "stretch-moves.txt", "them.txt", "trash-same-name.txt", "trash.txt", "undo-gone.txt", "weekday-today.txt", "when-questions.txt",
    ]

    @Test(arguments: Transcript.all())
    func replays(_ name: String) throws {
        let transcript = try Transcript.load(name)
        // A transcript with nothing said would replay without checking a thing.
        #expect(transcript.steps.contains { if case .say = $0 { true } else { false } }, "\(name): no '> ' line")
        let player = try TranscriptPlayer()
        defer { try? FileManager.default.removeItem(atPath: player.folder) }
        // With CLERK_RECORD_TRANSCRIPTS set, the replies as they are now are written beside
        // the transcript (`NAME.recorded`) for a person to read and accept.
        var recorded: [String] = []
        for step in transcript.steps {
            switch step {
            case .now(let text): try player.setNow(text); recorded.append("@now " + text)
            case .timeZone(let text): try player.setZone(text); recorded.append("@tz " + text)
            case .importFile(let path): try player.importFixture(path); recorded.append("@import " + path)
            case .json: player.json = true; recorded.append("@json")
            case .say(let line, let expected, let number):
                let actual = player.say(line)
                recorded += ["> " + line] + actual
                #expect(actual == expected, "\(name):\(number): after '> \(line)'\n--- expected\n\(expected.joined(separator: "\n"))\n--- got\n\(actual.joined(separator: "\n"))")
            }
        }
        if ProcessInfo.processInfo.environment["CLERK_RECORD_TRANSCRIPTS"] != nil {
            let url = Transcript.folder.appendingPathComponent("transcripts/" + name + ".recorded")
            try (recorded.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        }
    }
}

/// One session on a fresh store, with a clock the transcript sets.
final class TranscriptPlayer {
    let folder = NSTemporaryDirectory() + "clerk-transcript-" + UUID().uuidString
    private let clock = SettableClock()
    private var zone = Zone(identifier: "Europe/Madrid")!
    private var store: LocalStore?
    private var session: Session?
    private var nextID = 0
    var json = false

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private var now: NowProvider {
        let clock = self.clock
        return NowProvider { clock.date }
    }

    func setNow(_ text: String) throws {
        let instant = try Transcript.instant(text, in: zone)
        clock.date = instant
    }

    func setZone(_ text: String) throws {
        guard store == nil, let zone = Zone(identifier: text) else { throw TranscriptError.badDirective("tz", 0, text) }
        self.zone = zone
    }

    /// The store and session, opened on first use (after `@now` and `@tz`).
    private func open() throws -> (LocalStore, Session) {
        if let store, let session { return (store, session) }
        var storeIDs = 0
        let store = try LocalStore(path: folder + "/clerk.sqlite3", timeZone: zone, now: now, makeID: {
            storeIDs += 1
            return String(format: "id%04d", storeIDs)
        })
        let zone = self.zone
        let context = SessionContext(
            calendars: store, contacts: store, files: store, backendName: "local", now: now, zone: zone,
            makeID: { [unowned self] in
                nextID += 1
                return String(format: "evt%04d", nextID)
            },
            previewOccurrences: { lines, first, skipped, count in
                try? RecurrencePreview.starts(lines: lines, first: first, skippedWallStart: skipped, zone: zone, count: count) })
        let session = Session(context: context)
        self.store = store
        self.session = session
        return (store, session)
    }

    func importFixture(_ path: String) throws {
        let (store, _) = try open()
        let url = Transcript.folder.appendingPathComponent(path)
        let data = try Data(contentsOf: url)
        if path.hasSuffix(".vcf") {
            _ = try store.importContacts(try VCardReader(file: path).read(data), progress: nil)
        } else {
            let primary = try #require(try store.calendars().first(where: \.isPrimary))
            _ = try store.importEvents(try ICalendarReader(file: path, zone: zone).read(data), calendarID: primary.id, progress: nil)
        }
    }

    /// The reply to `line`, as lines.
    func say(_ line: String) -> [String] {
        guard let (_, session) = try? open() else { return ["(the store did not open)"] }
        let reply = session.respond(to: line)
        let text = json ? reply.json.serialized() : reply.message
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

extension Transcript {
    /// `YYYY-MM-DDTHH:MM` on the wall clock of `zone`.
    static func instant(_ text: String, in zone: Zone) throws -> Date {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == ":" }).compactMap { Int($0) }
        guard parts.count == 5 else { throw TranscriptError.badDirective("now", 0, text) }
        return zone.date(LocalDate(year: parts[0], month: parts[1], day: parts[2]), hour: parts[3], minute: parts[4])
    }
}

/// The transcript's clock: `@now` sets it, the session reads it.
final class SettableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value = Date(timeIntervalSince1970: 0)

    var date: Date {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
