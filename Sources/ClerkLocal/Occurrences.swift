import ClerkCore
import FoundationEssentials

/// The starts of each series kept in the `occurrences` table, so that an agenda is one
/// indexed read instead of a libical expansion per series.
///
/// libical 3.0 on Debian is built with ICU and spends 10–30 µs creating an iterator and
/// stepping it, too slow to expand a thousand series for every "what's on this week". The
/// RRULE stays the truth: the table is derived from it with libical whenever a series
/// changes, for a window around now, and a range outside a series' kept window is expanded
/// with libical at query time.
///
/// | window                  | reach                              |
/// |-------------------------|------------------------------------|
/// | kept for a series       | from 1 year before now to 2 after  |
/// | extended, on opening    | when less than 6 months behind or 1 year ahead of now is kept |
enum OccurrenceWindow {
    static let keptBefore: Int64 = 366 * 86_400
    static let keptAfter: Int64 = 2 * 366 * 86_400
    static let refreshBefore: Int64 = 183 * 86_400
    static let refreshAfter: Int64 = 366 * 86_400
}

extension LocalStore {
    /// The recurrence of a series row, read in the series' zone.
    func recurrence(of series: StoredEvent) throws -> Recurrence {
        try LibICal.require()
        let seriesZone = zone(named: series.timeZone) ?? zone
        return try Recurrence(lines: series.recurrence, first: series.firstWallTime(in: seriesZone),
                              isAllDay: series.isAllDay, zone: seriesZone)
    }

    /// Rebuilds what is kept of a series after its rules or first start changed: its starts
    /// in the window around now, the window's bounds and where the series ends.
    func keepOccurrences(of series: StoredEvent) throws {
        try database.run("DELETE FROM occurrences WHERE series_id = ?", [series.id])
        guard series.isSeries else {
            try database.run("UPDATE events SET series_end_key = NULL, expanded_from = NULL, expanded_until = NULL WHERE id = ?", [series.id])
            return
        }
        let recurrence = try recurrence(of: series)
        let now = Civil.seconds(self.now.now())
        let from = now - OccurrenceWindow.keptBefore, until = now + OccurrenceWindow.keptAfter
        try insertStarts(recurrence.starts(from: from, to: until), of: series.id)
        let last = recurrence.lastStart()
        try database.run("UPDATE events SET series_end_key = ?, expanded_from = ?, expanded_until = ? WHERE id = ?", [
            last.map { $0 + series.duration },
            series.startKey >= from ? Int64.min : from,  // nothing comes before the first start
            last.map { $0 < until } == true ? Int64.max : until,  // nothing comes after the last
            series.id,
        ])
    }

    private func insertStarts(_ starts: [Int64], of seriesID: String) throws {
        for start in starts {
            try database.run("INSERT OR IGNORE INTO occurrences (series_id, start_key) VALUES (?, ?)", [seriesID, start])
        }
    }

    /// Widens the kept window of every live series that no longer covers the margins around
    /// now. Skipped, not waited for, when another process holds the write lock: queries stay
    /// right without it, only slower.
    func refreshOccurrenceWindows() throws {
        let now = Civil.seconds(self.now.now())
        let stale = """
            SELECT \(StoredEvent.columns), expanded_from, expanded_until FROM events
            WHERE recurrence IS NOT NULL AND deleted IS NULL AND (expanded_from > ? OR expanded_until < ?)
            """
        let bounds: [any SQLBindable] = [now - OccurrenceWindow.refreshBefore, now + OccurrenceWindow.refreshAfter]
        // A read-only store keeps its windows; a range outside one is expanded when asked.
        guard !database.isReadOnly else { return }
        // Whether any is stale, from the smallest and largest window bounds (two index lookups).
        let live = "FROM events WHERE recurrence IS NOT NULL AND deleted IS NULL"
        let anyStale = "SELECT (SELECT max(expanded_from) \(live)) > ?1 OR (SELECT min(expanded_until) \(live)) < ?2"
        guard try database.scalar(anyStale, bounds, { $0.bool(0) }) == true else { return }
        do {
            try database.withBusyTimeout(0) {
                try database.transaction {
                    var series: [(StoredEvent, Int64, Int64)] = []
                    try database.forEachRow(stale, bounds) { series.append((StoredEvent(row: $0), $0.int64(StoredEvent.columnCount), $0.int64(StoredEvent.columnCount + 1))) }
                    for (event, keptFrom, keptUntil) in series {
                        try widenWindow(of: event, keptFrom: keptFrom, keptUntil: keptUntil, now: now)
                    }
                }
            }
        } catch let error as DatabaseError where error.isBusy || error.problem(busyTimeout: 0) == .readOnly {
            // Busy: another process is writing. Read-only: a file SQLite opened read-only
            // without saying so. Either way queries expand outside the windows themselves.
            return
        }
    }

    /// Adds the starts between the old window and the one around `now`.
    private func widenWindow(of series: StoredEvent, keptFrom: Int64, keptUntil: Int64, now: Int64) throws {
        let recurrence = try recurrence(of: series)
        var newFrom = keptFrom, newUntil = keptUntil
        if keptFrom > now - OccurrenceWindow.refreshBefore {
            newFrom = now - OccurrenceWindow.keptBefore
            try insertStarts(recurrence.starts(from: newFrom, to: keptFrom), of: series.id)
        }
        if keptUntil < now + OccurrenceWindow.refreshAfter {
            newUntil = now + OccurrenceWindow.keptAfter
            try insertStarts(recurrence.starts(from: keptUntil, to: newUntil), of: series.id)
        }
        if series.startKey >= newFrom { newFrom = .min }
        if let last = recurrence.lastStart(), last < newUntil { newUntil = .max }
        try database.run("UPDATE events SET expanded_from = ?, expanded_until = ? WHERE id = ?", [newFrom, newUntil, series.id])
    }
}
