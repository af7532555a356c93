public import ClerkCore
import FoundationEssentials

/// A series split at one of its occurrences ("this and following"), and the split undone.
extension LocalStore {
    /// What a split makes of a series, worked out before anything is written: the local
    /// store applies it in its transaction, the Google backend sends it.
    package struct SplitPlan: Sendable {
        /// The occurrence the new series starts from, as the series makes it (no change of
        /// its own): what the patch was made from.
        package var occurrence: Event
        /// The series' recurrence, ending before the occurrence.
        package var endedRecurrence: [String]
        /// The new series (its recurrence: the same rule from the occurrence on).
        package var started: EventDraft
        /// How far the new series' occurrences are from the old ones' (seconds; whole days
        /// for an all-day series).
        package var shift: Int64
        /// The start key of the occurrence in the old series.
        package var key: Int64
        /// What the patch made of the occurrence.
        package var patch: EventPatch
    }

    /// The plan for splitting `series` (as stored, or as Google has it) at the occurrence
    /// that started at `key`, the new series made by `makePatch` from that occurrence.
    /// `splitAtFirst` unless `key` is a later start of the series.
    package func splitPlan(series: Event, at key: Int64, patch makePatch: (Event) throws -> EventPatch) throws -> SplitPlan {
        let row = try seriesRow(series)
        let rule = try recurrence(of: row)
        guard key > row.startKey, rule.starts(from: key, to: key + 1) == [key] else { throw ServiceError.invalid(.splitAtFirst) }
        var occurrence = row.event
        occurrence.id = row.id + "_" + StoredEvent.occurrenceSuffix(key: key, isAllDay: row.isAllDay)
        occurrence.recurrence = []
        occurrence.recurringEventID = row.id
        occurrence.when = StoredEvent.when(startKey: key, endKey: key + row.duration, isAllDay: row.isAllDay, timeZone: row.timeZone)
        occurrence.originalStart = StoredEvent.originalWhen(key: key, isAllDay: row.isAllDay, timeZone: row.timeZone)
        // On a day its zone skips the series' time, the occurrence is that time read across
        // the gap, and a series started from it keeps the time.
        occurrence.skippedWallStart = row.event.skippedWallStart(movedTo: occurrence.when)
        let patch = try makePatch(occurrence)
        let changed = patch.applied(to: occurrence)
        var moved = row
        moved.when = changed.when
        let shift = moved.startKey - key
        let seriesZone = zone(named: row.timeZone) ?? zone
        // The days the start moved in its own zone ("to thursday", or a time said in another
        // zone that crosses midnight there): a weekly rule's weekdays move with it.
        let days = dayShift(from: occurrence.when, to: moved.when)
        var ended: [String] = [], continued: [String] = []
        for line in row.recurrence {
            guard line.hasPrefix("RRULE:") else {
                ended.append(line)
                continued.append(StoredEvent.shiftingExceptions(line, by: shift))
                continue
            }
            var rule = RRule(line)
            if let count = rule.count {
                // COUNT counts what the rule makes, days left out or not: those before the
                // occurrence stay with the series, the rest go to the new one.
                let alone = try Recurrence(lines: [line], first: row.firstWallTime(in: seriesZone), isAllDay: row.isAllDay, zone: seriesZone)
                let before = alone.starts(from: row.startKey, to: key).count
                rule.set("COUNT", "\(before)")
                ended.append(rule.line)
                rule.set("COUNT", "\(max(1, count - before))")
                continued.append(StoredEvent.shiftingWeekdays(rule.line, byDays: days))
                continue
            }
            // UNTIL goes as far as the occurrences it bounds went.
            var shifted = rule
            if let text = rule.until, let (until, isDate) = StoredEvent.occurrenceKey(text) {
                shifted.set("UNTIL", StoredEvent.occurrenceSuffix(key: until + (isDate ? shift / 86_400 * 86_400 : shift), isAllDay: isDate))
            }
            continued.append(StoredEvent.shiftingWeekdays(shifted.line, byDays: days))
            rule.remove("UNTIL")
            rule.set("UNTIL", row.isAllDay ? Civil.basic(Civil.date(ofKey: key - 86_400)) : Civil.basicUTC(key - 1))
            ended.append(rule.line)
        }
        let started = EventDraft(title: changed.title, when: changed.when, location: changed.location, notes: changed.notes,
                                 attendees: changed.attendees, recurrence: patch.recurrence ?? continued, reminderMinutes: changed.reminderMinutes,
                                 skippedWallStart: changed.skippedWallStart)
        return SplitPlan(occurrence: occurrence, endedRecurrence: ended, started: started, shift: shift, key: key, patch: patch)
    }

    /// How many days a start moved on its own wall clock (a time said in another zone can
    /// cross midnight in the event's): what a weekly rule's weekdays move by.
    func dayShift(from old: When, to new: When) -> Int {
        func day(_ when: When) -> Int {
            switch when {
            case .allDay(let start, _): return start.dayNumber
            case .timed(let start, _, let name): return (zone(named: name) ?? zone).wallTime(at: Civil.seconds(start)).date.dayNumber
            }
        }
        return day(new) - day(old)
    }

    /// The recurrence of `series` once its start moves to `when`, as the local store moves it:
    /// its EXDATEs as far as its start ("move the standup to 10", the whole series: a day
    /// skipped at 9 is skipped at 10), a weekly rule's weekdays as many days ("move yoga to
    /// thursday": every Tuesday becomes every Thursday), and the days in `cancelled` (start
    /// keys of occurrences cancelled on their own) as EXDATEs at their moved starts; nil
    /// when no line changes.
    package func recurrence(of series: Event, movedTo when: When, cancelled: [Int64] = []) -> [String]? {
        let shift = StoredEvent.key(of: when) - StoredEvent.key(of: series.when)
        guard shift != 0 else { return nil }
        let days = dayShift(from: series.when, to: when)
        var moved = series.recurrence.map { StoredEvent.shiftingExceptions(StoredEvent.shiftingWeekdays($0, byDays: days), by: shift) }
        let isAllDay = when.isAllDay
        let written = Set(moved.filter { $0.hasPrefix("EXDATE") }.flatMap { line in
            line[line.index(after: line.firstIndex(of: ":") ?? line.startIndex)...].split(separator: ",").map(String.init)
        })
        let keys = Array(Set(cancelled.map { $0 + (isAllDay ? shift / 86_400 * 86_400 : shift) })).sorted()
            .filter { !written.contains(StoredEvent.occurrenceSuffix(key: $0, isAllDay: isAllDay)) }
        if !keys.isEmpty { moved.append(LocalStore.exceptionLine(keys: keys, isAllDay: isAllDay)) }
        return moved == series.recurrence ? nil : moved
    }

    /// A series' row from its event (the id, calendar and content; no stored state).
    private func seriesRow(_ series: Event) throws -> StoredEvent {
        guard series.recurringEventID == nil, !series.recurrence.isEmpty else { throw ServiceError.invalid(.splitAtFirst) }
        let calendarZone = try calendar(id: series.calendarID).timeZone
        let draft = EventDraft(title: series.title, when: series.when, location: series.location, notes: series.notes,
                               attendees: series.attendees, recurrence: series.recurrence, reminderMinutes: series.reminderMinutes,
                               skippedWallStart: series.skippedWallStart)
        return StoredEvent(id: series.id, calendarID: series.calendarID, uid: series.iCalUID ?? series.id, draft: draft,
                           calendarZone: calendarZone, updated: nowSeconds)
    }

    /// The start key an occurrence id names, when it names one of `seriesID`.
    package static func occurrenceKey(_ occurrenceID: String, of seriesID: String) -> Int64? {
        guard let (series, key, _) = StoredEvent.parseOccurrenceID(occurrenceID), series == seriesID else { return nil }
        return key
    }

    /// An EXDATE line leaving out the occurrences that start at `keys` (UTC times, or dates
    /// for an all-day series).
    package static func exceptionLine(keys: [Int64], isAllDay: Bool) -> String {
        (isAllDay ? "EXDATE;VALUE=DATE:" : "EXDATE:") + keys.map { StoredEvent.occurrenceSuffix(key: $0, isAllDay: isAllDay) }.joined(separator: ",")
    }

    /// The key of a start: UTC seconds, or the date's key for an all-day one.
    package static func key(of when: When) -> Int64 {
        StoredEvent.key(of: when)
    }

    /// The original start of the occurrence of `series` at `key`.
    package static func originalStart(key: Int64, of series: Event) -> When {
        switch series.when {
        case .allDay: StoredEvent.originalWhen(key: key, isAllDay: true, timeZone: "UTC")
        case .timed(_, _, let zone): StoredEvent.originalWhen(key: key, isAllDay: false, timeZone: zone)
        }
    }

    /// The occurrence id `key` gives in `series` (all-day or not).
    package static func occurrenceID(_ series: Event, key: Int64) -> String {
        series.id + "_" + StoredEvent.occurrenceSuffix(key: key, isAllDay: series.when.isAllDay)
    }

    /// The changed (`cancelled` false) and cancelled occurrences of a series from `key` on,
    /// with the start key each had.
    package func occurrenceChanges(of seriesID: String, from key: Int64) throws -> [(event: Event, key: Int64, cancelled: Bool)] {
        try guarded {
            try database.rows("""
                SELECT \(StoredEvent.columns) FROM events WHERE recurring_event_id = ? AND original_key >= ? ORDER BY original_key
                """, [seriesID, key]) { StoredEvent(row: $0) }
                .map { row in (row.event, row.originalKey ?? key, row.deleted != nil) }
        }
    }

    /// The start keys of the occurrences of a series cancelled on their own that its rule
    /// still makes (one left at a start the series has moved off skips nothing).
    package func cancelledOccurrenceKeys(of seriesID: String) throws -> [Int64] {
        try guarded {
            try database.reading {
                guard let series = try storedEvent(id: seriesID), series.isSeries else { return [] }
                let rule = try recurrence(of: series)
                return try database.rows("""
                    SELECT original_key FROM events WHERE recurring_event_id = ? AND deleted IS NOT NULL AND original_key IS NOT NULL ORDER BY original_key
                    """, [seriesID]) { $0.int64(0) }
                    .filter { rule.starts(from: $0, to: $0 + 1) == [$0] }
            }
        }
    }

    /// True when the live series `seriesID`'s rule (its EXDATEs too) makes a start at `key`.
    package func seriesMakes(_ seriesID: String, key: Int64) throws -> Bool {
        try guarded {
            try database.reading {
                guard let series = try storedEvent(id: seriesID), series.isSeries, series.deleted == nil else { return false }
                return try recurrence(of: series).starts(from: key, to: key + 1) == [key]
            }
        }
    }

    /// Drops the changed occurrences of a series its rule no longer makes (after its
    /// recurrence was cut short, as Google drops them): marked deleted, so a change feed
    /// reports each as cancelled. Returns their ids.
    @discardableResult
    package func dropStrayOccurrences(of seriesID: String) throws -> [String] {
        try guarded {
            try database.transaction {
                guard let series = try storedEvent(id: seriesID), series.isSeries, series.deleted == nil else { return [] }
                let rule = try recurrence(of: series)
                var stray: [String] = []
                try database.forEachRow("SELECT id, original_key FROM events WHERE recurring_event_id = ? AND deleted IS NULL AND original_key IS NOT NULL",
                                        [seriesID]) { row in
                    let key = row.int64(1)
                    if rule.starts(from: key, to: key + 1) != [key] { stray.append(row.text(0)) }
                }
                for id in stray { try database.run("UPDATE events SET deleted = ?, updated = ? WHERE id = ?", [nowSeconds, nowSeconds, id]) }
                return stray
            }
        }
    }

    /// After a series' rule changed: its changed occurrences the rule no longer makes ("cancel
    /// yoga from now on" cut it short) are put away, marked as taken by the rule, and those
    /// that a later rule makes again (its undo) come back. None is shown beside a series that
    /// no longer has that day, and none is lost. (A Google account's mirror instead follows
    /// Google, which drops them: `dropStrayOccurrences`.)
    func keepChangedOccurrencesToTheRule(of series: StoredEvent) throws {
        let rule = try recurrence(of: series)
        let marker = "rule:" + series.id
        var hide: [String] = [], show: [String] = []
        try database.forEachRow("""
            SELECT id, original_key, deleted IS NULL FROM events WHERE recurring_event_id = ? AND original_key IS NOT NULL
            AND (deleted IS NULL OR deleted_with = ?)
            """, [series.id, marker]) { row in
            let key = row.int64(1)
            let made = rule.starts(from: key, to: key + 1) == [key]
            if row.bool(2), !made { hide.append(row.text(0)) } else if !row.bool(2), made { show.append(row.text(0)) }
        }
        for id in hide { try database.run("UPDATE events SET deleted = ?, deleted_with = ? WHERE id = ?", [nowSeconds, marker, id]) }
        for id in show { try database.run("UPDATE events SET deleted = NULL, deleted_with = NULL WHERE id = ?", [id]) }
    }

    /// Moves the changed and cancelled occurrences of `from` whose start key is `fromKey` or
    /// later to the series `to`, each `shift` later (`rekeyed`), with the new series' UID.
    private func moveOccurrenceRows(from: StoredEvent, fromKey: Int64, to: StoredEvent, shift: Int64) throws {
        var rows: [StoredEvent] = []
        try database.forEachRow("SELECT \(StoredEvent.columns) FROM events WHERE recurring_event_id = ? AND original_key >= ?",
                                [from.id, fromKey]) { rows.append(StoredEvent(row: $0)) }
        let rule = try recurrence(of: to)
        for row in rows {
            guard let moved = rekeyed(row, of: from, onto: to, rule: rule, by: shift, landing: false) else { continue }
            // A cancellation the other series' sync left under the id goes: this row says it now.
            if moved.id != row.id { try database.run("DELETE FROM events WHERE id = ?", [moved.id]) }
            try database.run("""
                UPDATE events SET id = ?, recurring_event_id = ?, ical_uid = ?, original_key = ?, original_start = ?, start_key = ?, end_key = ?
                WHERE id = ?
                """, [moved.id, to.id, to.uid, moved.originalKey!, moved.originalStart!, moved.startKey, moved.endKey, row.id])
        }
    }

    /// Reads the series, works out the split and writes it in one write transaction
    /// (`BEGIN IMMEDIATE`). Splitting again under the same `newID` returns the first split.
    @discardableResult
    public func splitSeries(occurrenceID: String, newID: String, from makePatch: (Event) throws -> EventPatch) throws -> SeriesSplit {
        guard !newID.isEmpty, !newID.contains(where: { $0.isWhitespace || $0.isNewline }) else { throw ServiceError.invalid(.badEventID(newID)) }
        return try guardedCallingBack {
            try database.transaction {
                guard let (seriesID, key, _) = StoredEvent.parseOccurrenceID(occurrenceID),
                      var series = try storedEvent(id: seriesID), series.deleted == nil, series.isSeries
                else { throw ServiceError.notFound(.event, id: occurrenceID) }
                let before = series.event
                let originalStart = StoredEvent.originalWhen(key: key, isAllDay: series.isAllDay, timeZone: series.timeZone)
                if let done = try storedEvent(id: newID) {
                    // A retried split: the first one went through.
                    guard done.deleted == nil else { throw ServiceError.alreadyExists(.event, name: newID) }
                    return SeriesSplit(before: before, ended: before, started: done.event, from: originalStart)
                }
                let plan = try splitPlan(series: before, at: key) { occurrence in try callingBack { try makePatch(occurrence) } }
                let calendar = try calendar(id: series.calendarID)
                let started = StoredEvent(id: newID, calendarID: calendar.id, uid: newID + "@clerk", draft: plan.started,
                                          calendarZone: calendar.timeZone, updated: nowSeconds)
                try validate(started)
                try insert(started)
                series.recurrence = plan.endedRecurrence
                series.updated = nowSeconds
                try validate(series)
                try update(series, rulesChanged: true)
                try moveOccurrenceRows(from: series, fromKey: key, to: started, shift: plan.shift)
                return SeriesSplit(before: before, ended: series.event, started: started.event, from: originalStart)
            }
        }
    }

    /// Deletes the new series, moves its changed and cancelled occurrences back and gives
    /// the old one its recurrence back, in one write transaction (`BEGIN IMMEDIATE`).
    @discardableResult
    public func joinSeries(_ split: SeriesSplit) throws -> Event {
        try guarded {
            try database.transaction {
                guard var series = try storedEvent(id: split.before.id), series.deleted == nil else {
                    throw ServiceError.notFound(.event, id: split.before.id)
                }
                series.recurrence = split.before.recurrence
                series.updated = nowSeconds
                try update(series, rulesChanged: true)
                if let started = try storedEvent(id: split.started.id), started.deleted == nil {
                    let key = started.startKey
                    let shift = StoredEvent.key(of: split.from) - key
                    try database.run("UPDATE events SET deleted = ? WHERE id = ?", [nowSeconds, started.id])
                    try moveOccurrenceRows(from: started, fromKey: key, to: series, shift: shift)
                }
                guard let joined = try storedEvent(id: series.id) else { throw ServiceError.notFound(.event, id: series.id) }
                return joined.event
            }
        }
    }
}
