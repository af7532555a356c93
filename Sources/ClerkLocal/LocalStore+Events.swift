public import ClerkCore
public import FoundationEssentials

/// Events: single ones, series (expanded into occurrences named `<series id>_<start>` as
/// Google names them), and changed or cancelled occurrences kept as rows of their own.
extension LocalStore {
    @discardableResult
    public func insertEvent(_ draft: EventDraft, id: String, calendarID: String) throws -> Event {
        guard !id.isEmpty, !id.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw ServiceError.invalid(.badEventID(id))
        }
        return try guarded {
            try database.transaction {
                if let existing = try storedEvent(id: id) {
                    // A retried insert: the first one went through.
                    guard existing.deleted == nil else { throw ServiceError.alreadyExists(.event, name: id) }
                    return existing.event
                }
                let calendar = try calendar(id: calendarID)
                let row = StoredEvent(id: id, calendarID: calendar.id, uid: id + "@clerk", draft: draft,
                                      calendarZone: calendar.timeZone, updated: nowSeconds)
                try validate(row)
                try insert(row)
                return row.event
            }
        }
    }

    public func events(from start: Date, to end: Date, calendarIDs: [String]?) throws -> [Event] {
        try guarded { try database.reading { try eventsOverlapping(from: start, to: end, calendarIDs: calendarIDs.map(Set.init)) } }
    }

    public func searchEvents(_ search: EventSearch) throws -> [Event] {
        let words = search.text.map { Spelling.fold($0).split(whereSeparator: \.isWhitespace).map(Self.withoutPossessive) } ?? []
        let closedWords = words.map(Self.closed)
        let person = search.attendee.map(Spelling.fold)?.trimmingSpaces()
        return try events(from: search.from, to: search.to, calendarIDs: search.calendarIDs).filter { event in
            let text = Spelling.fold([event.title, event.location ?? "", event.notes ?? ""].joined(separator: " "))
            var closedText: String?
            guard zip(words, closedWords).allSatisfy({ word, closedWord in
                if text.contains(word) { return true }
                if let other = Self.otherNumber(word), text.contains(other) { return true }
                if closedText == nil { closedText = Self.closed(text) }
                return closedText!.contains(closedWord)
            }) else { return false }
            guard let person, !person.isEmpty else { return true }
            return event.attendees.contains { attendee in
                [attendee.name, attendee.email].contains { $0.map(Spelling.fold)?.contains(person) == true }
            }
        }
    }

    /// The word in the other number where a search of the word itself would miss it:
    /// "delivery" for "Deliveries" ("deliver" + "ies"), "deliveries" and "meetings" for
    /// "Delivery" and "Meeting" (a singular is found in its plural as it is).
    static func otherNumber(_ word: String) -> String? {
        if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("y"), word.count > 3, let before = word.dropLast().last, !"aeiou".contains(before) { return String(word.dropLast()) + "ies" }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 3 { return String(word.dropLast()) }
        return nil
    }

    /// A word without its possessive ending: "emma's swimming" finds "Swimming lessons for Emma",
    /// and still finds "Emma's swimming" (the search is by substring).
    static func withoutPossessive(_ word: Substring) -> String {
        for ending in ["'s", "\u{2019}s"] where word.hasSuffix(ending) && word.count > ending.count {
            return String(word.dropLast(ending.count))
        }
        return String(word)
    }

    /// Text with its spaces and hyphens taken out, so a compound said closed finds it written
    /// open and the other way round: "kids pickup" finds "Pick up the kids", "check-in"
    /// finds "Check in", "car pool" finds "Carpool".
    static func closed(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " && $0 != "-" }))
    }

    public func event(id: String) throws -> Event? {
        try guarded { try liveEvent(id: id)?.event }
    }

    /// Reads the event, runs `patch` and writes in one write transaction (`BEGIN IMMEDIATE`).
    @discardableResult
    /// Every change in one write transaction: one refused leaves every event as it was.
    public func patchEvents(ids: [String], from makePatch: (Event) throws -> EventPatch) throws -> [EventEdit] {
        try guardedCallingBack {
            try database.transaction {
                try ids.map { id in try callingBack { try patchEvent(id: id, from: makePatch) } }
            }
        }
    }

    public func patchEvent(id: String, from makePatch: (Event) throws -> EventPatch) throws -> EventEdit {
        try guardedCallingBack {
            try database.transaction {
                guard let found = try liveEvent(id: id) else { throw ServiceError.notFound(.event, id: id) }
                let patch = try callingBack { try makePatch(found.event) }
                if found.row == nil || found.row?.recurringEventID != nil, let recurrence = patch.recurrence, !recurrence.isEmpty {
                    throw ServiceError.invalid(.occurrenceCannotRepeat)
                }
                var row = found.row ?? found.exceptionRow
                let before = row
                let changed = patch.applied(to: found.event)
                row.title = changed.title
                row.when = changed.when
                row.startWall = changed.skippedWallStart.map(Int64.init)
                row.location = changed.location
                row.notes = changed.notes
                row.attendees = changed.attendees
                row.reminders = changed.reminderMinutes
                if row.recurringEventID == nil { row.recurrence = changed.recurrence }
                // A series moved keeps the days it leaves out: its EXDATEs move with it, and a
                // weekly rule's weekdays as many days as its start.
                if row.isSeries, patch.recurrence == nil, row.startKey != before.startKey {
                    let days = dayShift(from: before.when, to: row.when)
                    row.recurrence = row.recurrence.map {
                        StoredEvent.shiftingWeekdays(StoredEvent.shiftingExceptions($0, by: row.startKey - before.startKey), byDays: days)
                    }
                }
                row.overrides = true
                row.updated = nowSeconds
                try validate(row)
                if found.row == nil {
                    try insert(row)
                } else {
                    try update(row, rulesChanged: !row.expandsLike(before))
                    if row.isSeries, before.isSeries, row.startKey != before.startKey {
                        try moveOccurrenceChanges(of: row, by: row.startKey - before.startKey)
                    }
                    if row.isSeries, before.isSeries, row.recurrence != before.recurrence || row.startKey != before.startKey {
                        try keepChangedOccurrencesToTheRule(of: row)
                    }
                }
                return EventEdit(before: found.event, after: row.event)
            }
        }
    }

    public func deleteEvent(id: String) throws {
        try guarded {
            try database.transaction {
                guard let found = try liveEvent(id: id) else { throw ServiceError.notFound(.event, id: id) }
                let stamp = nowSeconds
                guard let row = found.row else {
                    // An occurrence nobody changed: a row that only says "cancelled".
                    var cancelled = found.exceptionRow
                    cancelled.overrides = false
                    cancelled.deleted = stamp
                    try insert(cancelled)
                    return
                }
                try database.run("UPDATE events SET deleted = ? WHERE id = ?", [stamp, row.id])
                if row.isSeries {
                    // Its changed occurrences go with it, marked so that a restore brings back
                    // exactly these and not the ones deleted on their own before.
                    try database.run("UPDATE events SET deleted = ?, deleted_with = ? WHERE recurring_event_id = ? AND deleted IS NULL",
                                     [stamp, row.id, row.id])
                }
            }
        }
    }

    /// Reads the event and moves its rows in one write transaction (`BEGIN IMMEDIATE`).
    @discardableResult
    public func moveEvent(id: String, toCalendarID calendarID: String) throws -> Event {
        try guarded {
            try database.transaction {
                guard let found = try liveEvent(id: id) else { throw ServiceError.notFound(.event, id: id) }
                guard let row = found.row, row.recurringEventID == nil else { throw ServiceError.invalid(.occurrenceCannotMove) }
                let destination = try calendar(id: calendarID)
                guard row.calendarID != destination.id else { return row.event }
                if try database.scalar("""
                    SELECT 1 FROM events WHERE calendar_id = ? AND ical_uid = ? AND recurring_event_id IS NULL
                    """, [destination.id, row.uid], { $0.int(0) }) != nil {
                    // The same iCalendar event imported there too: one calendar holds a UID once.
                    throw ServiceError.alreadyExists(.event, name: row.title)
                }
                try database.run("UPDATE events SET calendar_id = ?, updated = ? WHERE id = ?", [destination.id, nowSeconds, row.id])
                try moveOccurrenceRows(of: row.id, to: destination.id)
                guard let moved = try storedEvent(id: row.id) else { throw ServiceError.notFound(.event, id: id) }
                return moved.event
            }
        }
    }

    /// A series' changed and cancelled occurrences go where the series went: they are part of it.
    func moveOccurrenceRows(of seriesID: String, to calendarID: String) throws {
        try database.run("UPDATE events SET calendar_id = ? WHERE recurring_event_id = ? AND calendar_id != ?", [calendarID, seriesID, calendarID])
    }

    @discardableResult
    public func restoreEvent(id: String) throws -> Event {
        try guarded {
            try database.transaction {
                if let row = try storedEvent(id: id), row.deleted != nil {
                    if let seriesID = row.recurringEventID {
                        guard try storedEvent(id: seriesID)?.deleted == nil else {
                            throw ServiceError.invalid(.seriesDeleted)
                        }
                        if row.overrides {
                            try database.run("UPDATE events SET deleted = NULL, deleted_with = NULL WHERE id = ?", [id])
                        } else {
                            try database.run("DELETE FROM events WHERE id = ?", [id])
                        }
                    } else {
                        try database.run("UPDATE events SET deleted = NULL WHERE id = ?", [id])
                        try database.run("UPDATE events SET deleted = NULL, deleted_with = NULL WHERE recurring_event_id = ? AND deleted_with = ?",
                                         [id, id])
                    }
                }
                guard let restored = try liveEvent(id: id) else { throw ServiceError.notFound(.event, id: id) }
                return restored.event
            }
        }
    }

    public func storedEvents(calendarID: String) throws -> [Event] {
        try guarded {
            _ = try calendar(id: calendarID)
            var rows: [StoredEvent] = []
            var cancelled: [String: [StoredEvent]] = [:]
            try database.forEachRow("""
                SELECT \(StoredEvent.columns) FROM events WHERE calendar_id = ?
                AND (deleted IS NULL OR recurring_event_id IS NOT NULL) ORDER BY start_key, id
                """, [calendarID]) { row in
                let event = StoredEvent(row: row)
                if event.deleted == nil {
                    rows.append(event)
                } else if let seriesID = event.recurringEventID {
                    cancelled[seriesID, default: []].append(event)
                }
            }
            return rows.map { row in
                var event = row.event
                for occurrence in cancelled[row.id] ?? [] {
                    guard let key = occurrence.originalKey else { continue }
                    event.recurrence.append(row.isAllDay
                        ? "EXDATE;VALUE=DATE:" + StoredEvent.occurrenceSuffix(key: key, isAllDay: true)
                        : "EXDATE:" + StoredEvent.occurrenceSuffix(key: key, isAllDay: false))
                }
                return event
            }
        }
    }

    @discardableResult
    public func importEvents(_ events: [ImportedEvent], calendarID: String, progress: ImportProgress?) throws -> ImportSummary {
        try guarded {
            try database.transaction {
                let calendar = try calendar(id: calendarID)
                var summary = ImportSummary()
                // A changed occurrence needs its series stored first, wherever the file put it.
                let ordered = events.filter { $0.originalStart == nil } + events.filter { $0.originalStart != nil }
                for (index, item) in ordered.enumerated() {
                    if let original = item.originalStart, let series = try storedEvent(uid: item.uid, calendarID: calendar.id), series.isSeries {
                        try importOccurrence(item, original: original, of: series, into: &summary)
                    } else if item.originalStart != nil, item.isCancelled {
                        // The cancellation of one occurrence of a series that is not here:
                        // nothing to cancel (it was added as an event of its own).
                        summary.unchanged += 1
                    } else {
                        try importEvent(item.draft, uid: item.uid, original: item.originalStart, into: calendar, summary: &summary)
                    }
                    progress?(index + 1, ordered.count)
                }
                return summary
            }
        }
    }

    // MARK: Import steps

    /// Imports a single event, or a series. An occurrence whose series is neither in the file
    /// nor in the calendar (`original`, its RECURRENCE-ID) stands alone, stored under
    /// "UID#start" so that it is matched again, and keeps its RECURRENCE-ID: it is exported
    /// with its own UID and RECURRENCE-ID (`StoredEvent.iCalUID`), not as a new event.
    private func importEvent(_ draft: EventDraft, uid: String, original: When? = nil, into calendar: CalendarInfo, summary: inout ImportSummary) throws {
        var uid = uid
        var originalKey: Int64?
        if let original {
            originalKey = StoredEvent.key(of: original)
            uid += "#" + StoredEvent.occurrenceSuffix(key: originalKey!, isAllDay: original.isAllDay)
        }
        let existing = try storedEvent(uid: uid, calendarID: calendar.id)
        var row = StoredEvent(id: existing?.id ?? makeID(), calendarID: calendar.id, uid: uid, draft: draft,
                              calendarZone: calendar.timeZone, updated: nowSeconds)
        if let original, let originalKey {
            row.originalKey = originalKey
            row.originalStart = StoredEvent.occurrenceSuffix(key: originalKey, isAllDay: original.isAllDay)
        }
        try validate(row)
        guard let existing else {
            try insert(row)
            if row.isSeries { try adoptOccurrences(of: row) }
            summary.added += 1
            return
        }
        if row.isSeries { try adoptOccurrences(of: row) }
        if existing.content == row.content, existing.originalKey == row.originalKey, existing.deleted == nil {
            summary.unchanged += 1
            return
        }
        row.deleted = nil
        try update(row, rulesChanged: !row.expandsLike(existing))
        summary.updated += 1
    }

    /// Occurrences imported before their series (each stored alone as "UID#start") become
    /// the series' changed occurrences once it is there: they were shown beside the start
    /// they replace, and importing them again added each a second time (two events of one
    /// UID and RECURRENCE-ID, which clerk's own import refuses, in the export).
    private func adoptOccurrences(of series: StoredEvent) throws {
        let prefix = series.uid + "#"
        let orphans = try database.rows("""
            SELECT \(StoredEvent.columns) FROM events WHERE calendar_id = ? AND recurring_event_id IS NULL AND recurrence IS NULL
            AND original_key IS NOT NULL AND deleted IS NULL AND substr(ical_uid, 1, ?) = ?
            """, [series.calendarID, Int64(prefix.utf8.count), prefix]) { StoredEvent(row: $0) }
        for orphan in orphans {
            guard let key = orphan.originalKey, orphan.isAllDay == series.isAllDay,
                  orphan.uid == prefix + StoredEvent.occurrenceSuffix(key: key, isAllDay: series.isAllDay) else { continue }
            let suffix = StoredEvent.occurrenceSuffix(key: key, isAllDay: series.isAllDay)
            var row = orphan
            row.id = series.id + "_" + suffix
            row.uid = series.uid
            row.recurringEventID = series.id
            row.originalStart = suffix
            row.overrides = true
            row.updated = nowSeconds
            if try storedEvent(id: row.id) == nil { try insert(row) }
            try database.run("UPDATE events SET deleted = ? WHERE id = ?", [nowSeconds, orphan.id])
        }
    }

    private func importOccurrence(_ item: ImportedEvent, original: When, of series: StoredEvent, into summary: inout ImportSummary) throws {
        try adoptOccurrences(of: series)
        let key = StoredEvent.key(of: original)
        let suffix = StoredEvent.occurrenceSuffix(key: key, isAllDay: series.isAllDay)
        let existing = try storedEvent(id: series.id + "_" + suffix)
        var row = StoredEvent(id: series.id + "_" + suffix, calendarID: series.calendarID, uid: series.uid, draft: item.draft,
                              calendarZone: series.timeZone, updated: nowSeconds)
        row.recurringEventID = series.id
        row.originalKey = key
        row.originalStart = suffix
        if item.isCancelled {
            row.overrides = existing?.overrides ?? false
            row.deleted = existing?.deleted ?? nowSeconds
        }
        try validate(row)
        guard let existing else {
            try insert(row)
            summary.added += 1
            return
        }
        if existing.content == row.content, (existing.deleted == nil) == (row.deleted == nil) {
            summary.unchanged += 1
            return
        }
        try update(row, rulesChanged: false)
        summary.updated += 1
    }

    // MARK: Rows

    func storedEvent(id: String) throws -> StoredEvent? {
        try database.scalar("SELECT \(StoredEvent.columns) FROM events WHERE id = ?", [id]) { StoredEvent(row: $0) }
    }

    private func storedEvent(uid: String, calendarID: String) throws -> StoredEvent? {
        try database.scalar("""
            SELECT \(StoredEvent.columns) FROM events WHERE calendar_id = ? AND ical_uid = ? AND recurring_event_id IS NULL
            """, [calendarID, uid]) { StoredEvent(row: $0) }
    }

    func insert(_ row: StoredEvent) throws {
        let marks = Array(repeating: "?", count: StoredEvent.columnNames.count).joined(separator: ", ")
        try database.run("INSERT INTO events (\(StoredEvent.columns)) VALUES (\(marks))", row.values)
        try noteDuration(row.duration)
        if row.isSeries { try keepOccurrences(of: row) }
    }

    func update(_ row: StoredEvent, rulesChanged: Bool) throws {
        let assignments = StoredEvent.columnNames.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")
        try database.run("UPDATE events SET \(assignments) WHERE id = ?", Array(row.values.dropFirst()) + [row.id])
        try noteDuration(row.duration)
        if rulesChanged { try keepOccurrences(of: row) }
    }

    /// How long an event may last: ten years; an occurrence of a repeating one, a year.
    static let longestEventDays = 3_660
    static let longestOccurrenceDays = 366

    /// Remembers the longest event, so range queries know how far back to look.
    private func noteDuration(_ seconds: Int64) throws {
        try database.run("UPDATE store_facts SET value = max(value, ?) WHERE name = 'longest_event'", [seconds])
    }

    func validate(_ row: StoredEvent) throws {
        if !row.isAllDay, zone(named: row.timeZone) == nil {
            throw ServiceError.invalid(.unknownTimeZone(row.timeZone))
        }
        if row.isAllDay ? row.endKey <= row.startKey : row.endKey < row.startKey {
            throw ServiceError.invalid(.endsBeforeStart)
        }
        // Outside the years 1 to 9999 a time has no iCalendar or RFC 3339 form: an event in
        // the year 10000 was exported as 00000000T000000, and --json wrote '-7973-…'.
        if !holdsYears(row) {
            throw ServiceError.invalid(.outsideYears(CivilCalendar.years))
        }
        // Every range query looks back as far as the longest event lasts, and a repeating
        // event's long occurrences all overlap: an .ics with a start 1,800 years before its
        // end, repeating weekly, put 90,000 lines in one week's agenda.
        let maxDays = row.isSeries ? LocalStore.longestOccurrenceDays : LocalStore.longestEventDays
        if row.duration > Int64(maxDays) * 86_400 {
            throw ServiceError.invalid(.lastsTooLong(maxDays: maxDays, repeating: row.isSeries))
        }
        if row.isSeries { _ = try recurrence(of: row) }
    }

    /// True when the event starts and ends within `CivilCalendar.years`: all-day ones by
    /// their dates (the day after the last included), timed ones on the UTC clock and on
    /// their zone's, the two clocks an export writes.
    private func holdsYears(_ row: StoredEvent) -> Bool {
        if row.isAllDay {
            return [row.startKey, row.endKey].allSatisfy { CivilCalendar.years.contains(Civil.date(ofKey: $0).year) }
        }
        let rules = zone(named: row.timeZone)
        return [row.startKey, row.endKey].allSatisfy { key in
            CivilCalendar.years.contains(WallTime(secondsAsUTC: key).year)
                && CivilCalendar.years.contains(rules?.wallTime(at: key).year ?? WallTime(secondsAsUTC: key).year)
        }
    }

    /// A series moved by `shift` seconds takes its skipped and changed days along: each is
    /// re-keyed to the occurrence `shift` later (`rekeyed`), so a day skipped at 10:00 stays
    /// skipped when the series moves to 11:00. One that no longer falls on an occurrence of
    /// the new rule stays as it was.
    private func moveOccurrenceChanges(of series: StoredEvent, by shift: Int64) throws {
        var changed: [StoredEvent] = []
        try database.forEachRow("SELECT \(StoredEvent.columns) FROM events WHERE recurring_event_id = ? AND original_key IS NOT NULL",
                                [series.id]) { changed.append(StoredEvent(row: $0)) }
        // Later ones first when moving later (and the other way), so no two share a key midway.
        changed.sort { shift > 0 ? $0.originalKey! > $1.originalKey! : $0.originalKey! < $1.originalKey! }
        let rule = try recurrence(of: series)
        for row in changed {
            guard let moved = rekeyed(row, of: series, onto: series, rule: rule, by: shift, landing: true) else { continue }
            try database.run("UPDATE events SET id = ?, original_key = ?, original_start = ?, start_key = ?, end_key = ? WHERE id = ?",
                             [moved.id, moved.originalKey!, moved.originalStart!, moved.startKey, moved.endKey, row.id])
        }
    }

    /// `row`, a changed or skipped day of the series `from`, as the day `shift` later of the
    /// series `to` (whose recurrence is `rule`): on its occurrence then, or an hour either way
    /// across a clock change; with `landing` nil when there is none, else `shift` later all
    /// the same. An id made from the old start is made again from the new one, and a skipped
    /// day, which has no time of its own (it is the occurrence it cancels), moves with it.
    func rekeyed(_ row: StoredEvent, of from: StoredEvent, onto to: StoredEvent, rule: Recurrence, by shift: Int64, landing: Bool) -> StoredEvent? {
        guard let old = row.originalKey else { return nil }
        let candidates = to.isAllDay ? [old + shift] : [old + shift, old + shift - 3600, old + shift + 3600]
        guard let key = candidates.first(where: { rule.starts(from: $0, to: $0 + 1) == [$0] }) ?? (landing ? nil : old + shift) else { return nil }
        var moved = row
        if row.id == from.id + "_" + StoredEvent.occurrenceSuffix(key: old, isAllDay: from.isAllDay) {
            moved.id = to.id + "_" + StoredEvent.occurrenceSuffix(key: key, isAllDay: to.isAllDay)
        }
        moved.originalKey = key
        moved.originalStart = StoredEvent.occurrenceSuffix(key: key, isAllDay: to.isAllDay)
        if !row.overrides {
            moved.startKey = key
            moved.endKey = key + to.duration
        }
        return moved
    }

    /// A live event, series, changed occurrence or occurrence by id. For an occurrence with
    /// no row yet, `row` is nil and `exceptionRow` is the row it would get.
    func liveEvent(id: String) throws -> (event: Event, row: StoredEvent?, exceptionRow: StoredEvent)? {
        if let row = try storedEvent(id: id) {
            return row.deleted == nil ? (row.event, row, row) : nil
        }
        guard let (seriesID, key, isAllDay) = StoredEvent.parseOccurrenceID(id),
              let series = try storedEvent(id: seriesID), series.deleted == nil, series.isSeries, series.isAllDay == isAllDay,
              try recurrence(of: series).starts(from: key, to: key + 1) == [key]
        else { return nil }
        var row = series
        row.id = id
        row.recurrence = []
        row.recurringEventID = series.id
        row.originalKey = key
        row.originalStart = StoredEvent.occurrenceSuffix(key: key, isAllDay: isAllDay)
        row.startKey = key
        row.endKey = key + series.duration
        return (row.event, nil, row)
    }

    // MARK: Ranges

    /// How far beyond a range all-day keys may lie: the widest UTC offset.
    private static let dayEdge: Int64 = 14 * 3600

    /// How many series a range query decodes one look-up by id at a time before it reads
    /// them all in one scan instead.
    static let seriesLookupsBeforeScan = 64

    /// The most events one range query gives back. A longer list is no answer a person
    /// reads, and a range of centuries over a few endless daily series made millions (20
    /// series over 8,000 years: 4.4 GB and 157 s, while each series stopped silently after
    /// `Recurrence.iterationLimit` starts): such a query is refused instead
    /// (`InvalidRequest.tooManyEvents`).
    public static let rangeEventLimit = 100_000

    /// The numbers a range query needs of every live series, read from the covering index
    /// `events_series_reach` (migration 8) without touching the rows.
    static let liveSeriesReach = """
        SELECT id, start_key, end_key, all_day, series_end_key, expanded_from, expanded_until FROM events
        WHERE recurrence IS NOT NULL AND deleted IS NULL
        """

    private func eventsOverlapping(from start: Date, to end: Date, calendarIDs: Set<String>?) throws -> [Event] {
        let from = Civil.seconds(start) - LocalStore.dayEdge
        let to = Civil.seconds(end.addingTimeInterval(0.999)) + LocalStore.dayEdge
        let longest = try database.scalar("SELECT value FROM store_facts WHERE name = 'longest_event'", [], { $0.int64(0) }) ?? 0
        let earliest = from - longest
        var found: [Event] = []
        var order: [(start: Int64, isTimed: Bool, index: Int)] = []
        func keep(_ event: consuming Event, calendarID: String) throws {
            guard calendarIDs?.contains(calendarID) ?? true else { return }
            let (first, last) = instants(of: event.when)
            // Shares time with the range; an event that takes no time counts when it happens in it.
            guard first < end, last > start || (first == last && first >= start) else { return }
            guard found.count < LocalStore.rangeEventLimit else { throw ServiceError.invalid(.tooManyEvents(limit: LocalStore.rangeEventLimit)) }
            order.append((Civil.seconds(first), !event.when.isAllDay, found.count))
            found.append(event)
        }

        // Single events and changed occurrences.
        try database.forEachRow("""
            SELECT \(StoredEvent.columns) FROM events WHERE recurrence IS NULL AND deleted IS NULL
            AND start_key < ? AND start_key >= ? AND end_key >= ?
            """, [to, earliest, from]) { row in
            let event = StoredEvent(row: row)
            try keep(event.event, calendarID: event.calendarID)
        }

        // Occurrences that have a row of their own (changed or cancelled) are not generated.
        struct Occurrence: Hashable {
            var seriesID: String
            var start: Int64
        }
        var taken = Set<Occurrence>()
        try database.forEachRow("""
            SELECT recurring_event_id, original_key FROM events WHERE recurring_event_id IS NOT NULL
            AND original_key < ? AND original_key >= ?
            """, [to, earliest]) { row in
            taken.insert(Occurrence(seriesID: row.text(0), start: row.int64(1)))
        }

        // Where each live series reaches and what is kept of it, read once for as long as
        // nothing in the store changes (a REPL asks for agendas again and again): a few numbers
        // a series, not its row. A series is decoded only when one of its occurrences is shown.
        let stamp = try database.changeStamp()
        if stamp != liveSeriesStamp {
            liveSeries = try database.rows(LocalStore.liveSeriesReach) {
                SeriesReach(id: $0.text(0), startKey: $0.int64(1), duration: $0.int64(2) - $0.int64(1), isAllDay: $0.bool(3),
                            end: $0.optionalInt64(4), keptFrom: $0.int64(5), keptUntil: $0.int64(6))
            }
            liveSeriesStamp = stamp
        }
        var covered: [String: SeriesReach] = [:]
        covered.reserveCapacity(liveSeries.count)
        var uncovered: [SeriesReach] = []
        for series in liveSeries where series.startKey < to && (series.end ?? .max) >= earliest {
            if series.keptFrom <= earliest, series.keptUntil >= to {
                covered[series.id] = series
            } else {
                uncovered.append(series)
            }
        }
        func decoded(_ reach: SeriesReach) throws -> DecodedSeries? {
            guard let row = try storedEvent(id: reach.id) else { return nil }
            let series = DecodedSeries(row)
            reach.decoded = series
            return series
        }
        func occurrence(of series: DecodedSeries, start: Int64) throws {
            let row = series.row
            guard taken.isEmpty || !taken.contains(Occurrence(seriesID: row.id, start: start)) else { return }
            var event = series.base
            event.id = row.id + "_" + StoredEvent.occurrenceSuffix(key: start, isAllDay: row.isAllDay)
            event.when = StoredEvent.when(startKey: start, endKey: start + row.duration, isAllDay: row.isAllDay, timeZone: row.timeZone)
            event.originalStart = StoredEvent.originalWhen(key: start, isAllDay: row.isAllDay, timeZone: row.timeZone)
            try keep(event, calendarID: row.calendarID)
        }

        // Where the kept window covers the range, the starts are in `occurrences`; only those
        // whose occurrence can share time with the range are made into events (a timed one by
        // the range's own bounds, an all-day one by the widened ones).
        if !covered.isEmpty {
            let (timedFrom, timedTo) = (Civil.seconds(start), Civil.seconds(end.addingTimeInterval(1)))
            var shown: [(reach: SeriesReach, start: Int64)] = []
            var undecoded = 0
            try database.forEachRow("SELECT series_id, start_key FROM occurrences WHERE start_key < ? AND start_key >= ?", [to, earliest]) { row in
                let start = row.int64(1)
                guard let reach = covered[row.text(0)] else { return }
                let ends = start + reach.duration
                guard reach.isAllDay ? ends >= from : start < timedTo && ends >= timedFrom else { return }
                if reach.decoded == nil, !reach.wanted { reach.wanted = true; undecoded += 1 }
                shown.append((reach, start))
            }
            // Many series to decode: one scan of the series' rows costs less than a look-up
            // by id each (a week of 100,000 events shows thousands of series).
            if undecoded > LocalStore.seriesLookupsBeforeScan {
                try database.forEachRow("SELECT \(StoredEvent.columns) FROM events WHERE recurrence IS NOT NULL AND deleted IS NULL") { row in
                    let id = row.text(0)
                    guard let reach = covered[id], reach.wanted, reach.decoded == nil else { return }
                    reach.decoded = DecodedSeries(StoredEvent(row: row))
                }
            }
            for (reach, start) in shown {
                reach.wanted = false
                if let series = try reach.decoded ?? decoded(reach) { try occurrence(of: series, start: start) }
            }
        }
        // Elsewhere libical expands the series now.
        for reach in uncovered {
            guard let series = try reach.decoded ?? decoded(reach) else { continue }
            for start in try recurrence(of: series.row).starts(from: earliest, to: to) {
                try occurrence(of: series, start: start)
            }
        }

        // By start; all-day events before timed ones that start at the same moment; then title.
        order.sort { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.isTimed != b.isTimed { return !a.isTimed }
            let (eventA, eventB) = (found[a.index], found[b.index])
            return eventA.title != eventB.title ? eventA.title < eventB.title : eventA.id < eventB.id
        }
        return order.map { found[$0.index] }
    }

    /// The instants an event begins and ends for this store's reader.
    private func instants(of when: When) -> (Date, Date) {
        switch when {
        case .timed(let start, let end, _): return (start, end)
        case .allDay(let start, let end):
            return (Civil.instant(zone.utcSeconds(of: WallTime(year: start.year, month: start.month, day: start.day))),
                    Civil.instant(zone.utcSeconds(of: WallTime(year: end.year, month: end.month, day: end.day))))
        }
    }
}

/// Where a live series reaches and what `occurrences` keeps of it: what a range query needs
/// to know of every series, kept by `LocalStore` until the store changes, with the series'
/// row once an occurrence of it has been shown.
final class SeriesReach {
    let id: String
    let startKey: Int64
    let duration: Int64
    let isAllDay: Bool
    /// The end of its last occurrence, nil when it never ends.
    let end: Int64?
    /// `occurrences` holds its starts in `[keptFrom, keptUntil)`.
    let keptFrom: Int64
    let keptUntil: Int64
    var decoded: DecodedSeries?
    /// Set while a range query collects the series it will show and has not decoded.
    var wanted = false

    init(id: String, startKey: Int64, duration: Int64, isAllDay: Bool, end: Int64?, keptFrom: Int64, keptUntil: Int64) {
        self.id = id
        self.startKey = startKey
        self.duration = duration
        self.isAllDay = isAllDay
        self.end = end
        self.keptFrom = keptFrom
        self.keptUntil = keptUntil
    }
}

/// A live series decoded for its occurrences, kept by `LocalStore` between queries until the
/// store changes.
final class DecodedSeries {
    let row: StoredEvent
    /// What each of its occurrences starts from.
    lazy var base: Event = {
        var event = row.event
        event.recurrence = []
        event.recurringEventID = row.id
        return event
    }()

    init(_ row: StoredEvent) {
        self.row = row
    }
}

extension StoredEvent {
    /// The key of an original start: UTC seconds, or the date's key for an all-day one.
    static func key(of when: When) -> Int64 {
        switch when {
        case .timed(let start, _, _): return Civil.seconds(start)
        case .allDay(let start, _): return Civil.key(of: start)
        }
    }
}
