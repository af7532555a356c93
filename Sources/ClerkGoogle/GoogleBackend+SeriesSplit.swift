package import ClerkCore
import ClerkLocal
import FoundationEssentials

/// "This and following": a series split at one of its occurrences, as Google Calendar's own
/// app does it — the series' recurrence cut short with If-Match, a new series inserted under
/// the client's id, the changed instances from there on made again as instances of the new
/// one (Google drops them from the series cut short). Each step goes through the outbox as
/// any write does: once one must wait, those after it wait behind it, in order, and the
/// mirror shows the whole split at once.
extension GoogleBackend {
    /// The steps of a split or a join, each sent in order, or, once one has to wait, queued
    /// with those after it and applied to the mirror by its `local` step.
    private struct Steps {
        var queued = false

        mutating func run(_ backend: GoogleBackend, _ change: PendingChange, local: () throws -> Void) throws {
            if !queued {
                do {
                    try backend.api.transport.with(.write) { try backend.sendNow(change) }
                    return
                } catch where APIFailure.matches(error, \.isWorthWaiting) {
                    queued = true
                    try backend.queue(change, because: error)
                } catch {
                    throw GoogleBackend.fail(error, mayHaveApplied: true)
                }
            } else {
                try backend.queue(change, because: ServiceError.unreachable)
            }
            try local()
        }
    }

    package func splitSeries(occurrenceID: String, newID: String, from makePatch: (Event) throws -> EventPatch) throws -> SeriesSplit {
        try prepare([])
        guard let occurrence = try store.event(id: occurrenceID), let seriesID = occurrence.recurringEventID,
              let key = LocalStore.occurrenceKey(occurrenceID, of: seriesID), let stored = try store.event(id: seriesID)
        else { throw ServiceError.notFound(.event, id: occurrenceID) }
        let calendarID = stored.calendarID
        let zone = try store.calendars().first { $0.id == calendarID }?.timeZone ?? "UTC"
        for attempt in 1...3 {
            var current = stored, etag: String?
            var unreachable: (any Error)?
            do {
                let json = try api.event(calendarID: calendarID, eventID: seriesID)
                current = GoogleCoding.event(json, calendarID: calendarID, calendarZone: zone) ?? stored
                etag = json["etag"]?.stringValue
            } catch where APIFailure.matches(error, \.isWorthWaiting) {
                unreachable = error
            } catch where APIFailure.matches(error, \.isGone) {
                try? mirror.refresh([.events], force: true)
                throw ServiceError.notFound(.event, id: seriesID)
            } catch {
                throw GoogleBackend.fail(error, mayHaveApplied: false)
            }
            let plan = try store.splitPlan(series: current, at: key, patch: makePatch)
            let changes = try store.occurrenceChanges(of: seriesID, from: key)
            var started = plan.started
            // The days left out from there on: EXDATEs of the new series.
            let cancelled = changes.filter(\.cancelled).map { $0.key + plan.shift }
            if !cancelled.isEmpty, plan.patch.recurrence == nil {
                started.recurrence.append(LocalStore.exceptionLine(keys: cancelled, isAllDay: started.when.isAllDay))
            }
            let originalStart = plan.occurrence.originalStart ?? plan.occurrence.when
            let endSeries = PendingChange.patchEvent(calendarID: calendarID, eventID: seriesID,
                                                     body: GoogleCoding.patchBody(EventPatch(recurrence: plan.endedRecurrence)))
            var steps = Steps()
            // Offline: the mirror splits at once and every step waits in the outbox.
            func splitLater(because error: any Error) throws -> SeriesSplit {
                try queue(endSeries, because: error)
                steps.queued = true
                let split = try store.splitSeries(occurrenceID: occurrenceID, newID: newID, from: { _ in plan.patch })
                try queueStart(started, newID: newID, calendarID: calendarID, steps: &steps, local: {})
                try queueInstances(of: split.started, changes: changes, shift: plan.shift, calendarID: calendarID, steps: &steps)
                return split
            }
            if let unreachable { return try splitLater(because: unreachable) }
            do {
                let answer = try api.patchEvent(calendarID: calendarID, eventID: seriesID, body: GoogleCoding.patchBody(EventPatch(recurrence: plan.endedRecurrence)),
                                                ifMatch: etag)
                _ = try mirror.apply(answer: answer, calendarID: calendarID)
            } catch where (error as? APIFailure)?.status == 412 && attempt < 3 {
                continue  // changed in between: read it again
            } catch where APIFailure.matches(error, \.isWorthWaiting) {
                return try splitLater(because: error)
            } catch {
                throw GoogleBackend.fail(error, mayHaveApplied: true)
            }
            // Google drops the changed instances the rule no longer makes; so does the mirror.
            try store.dropStrayOccurrences(of: seriesID)
            do {
                try queueStart(started, newID: newID, calendarID: calendarID, steps: &steps) {
                    _ = try store.insertEvent(started, id: newID, calendarID: calendarID)
                }
            } catch {
                // Refused: the series gets its rule and its changed days back, so nothing is lost.
                var back = Steps()
                try? back.run(self, .patchEvent(calendarID: calendarID, eventID: seriesID,
                                                body: GoogleCoding.patchBody(EventPatch(recurrence: current.recurrence))), local: {})
                try? queueInstances(of: current, changes: changes, shift: 0, calendarID: calendarID, steps: &back)
                throw error
            }
            guard let newSeries = try store.event(id: newID) else { throw ServiceError.outcomeUnknown }
            try queueInstances(of: newSeries, changes: changes, shift: plan.shift, calendarID: calendarID, steps: &steps)
            let ended = try store.event(id: seriesID) ?? current
            return SeriesSplit(before: current, ended: ended, started: try store.event(id: newID) ?? newSeries, from: originalStart)
        }
        throw ServiceError.outcomeUnknown
    }

    /// Sends (or queues) the insert of the new series.
    private func queueStart(_ draft: EventDraft, newID: String, calendarID: String, steps: inout Steps, local: () throws -> Void) throws {
        try steps.run(self, .insertEvent(calendarID: calendarID, body: GoogleCoding.eventBody(draft, id: newID)), local: local)
    }

    /// Makes the changed occurrences in `changes` (from `from`, a series) instances of
    /// `series`, `shift` later: each a patch of its instance, confirmed (an instance Google
    /// dropped comes back).
    private func queueInstances(of series: Event, changes: [(event: Event, key: Int64, cancelled: Bool)], shift: Int64,
                                calendarID: String, steps: inout Steps) throws {
        for change in changes where !change.cancelled {
            let event = change.event
            let id = LocalStore.occurrenceID(series, key: change.key + shift)
            var body = GoogleCoding.patchBody(EventPatch(title: event.title, when: event.when, location: .some(event.location), notes: .some(event.notes),
                                                         attendees: event.attendees, reminderMinutes: event.reminderMinutes)).objectValue ?? []
            body.append(("status", .string("confirmed")))
            try steps.run(self, .patchEvent(calendarID: calendarID, eventID: id, body: .object(body))) {
                var instance = event
                instance.id = id
                instance.recurringEventID = series.id
                instance.recurrence = []
                instance.originalStart = LocalStore.originalStart(key: change.key + shift, of: series)
                _ = try store.putEvent(instance, isDeleted: false, unmodeled: nil)
            }
        }
    }

    /// The changed occurrences of `series` (as the mirror has it before `patch`) that move
    /// with it when `patch` moves its start, and by how much; none for anything else.
    func changedInstances(of series: Event, moving patch: EventPatch) throws -> (changes: [(event: Event, key: Int64, cancelled: Bool)], shift: Int64) {
        guard series.recurringEventID == nil, !series.recurrence.isEmpty, let when = patch.when else { return ([], 0) }
        let shift = LocalStore.key(of: when) - LocalStore.key(of: series.when)
        guard shift != 0 else { return ([], 0) }
        return (try store.occurrenceChanges(of: series.id, from: .min).filter { !$0.cancelled }, shift)
    }

    /// A whole series moved `shift` later (`series` as it is now): its changed instances,
    /// which Google keeps at their old starts (the day's new occurrence shown beside them),
    /// are made again as the instances `shift` later and the old ones deleted, as the local
    /// store re-keys its changed days. One whose old start the moved rule still makes (a
    /// daily series moved a whole day) is left as Google has it. Sent in order, or queued
    /// behind the series' patch when that waits (`queued`).
    func moveChangedInstances(of series: Event, _ changed: (changes: [(event: Event, key: Int64, cancelled: Bool)], shift: Int64),
                              calendarID: String, queued: Bool) throws {
        let moving = try changed.changes.filter { try !store.seriesMakes(series.id, key: $0.key) }
        guard !moving.isEmpty else { return }
        var steps = Steps(queued: queued)
        try queueInstances(of: series, changes: moving, shift: changed.shift, calendarID: calendarID, steps: &steps)
        for change in moving {
            let old = change.event.id
            // Sent or queued, the mirror drops it (an answer to a delete carries nothing).
            try steps.run(self, .deleteEvent(calendarID: calendarID, eventID: old), local: {})
            if let row = try store.eventReplica(id: old), !row.isDeleted { try store.deleteEvent(id: old) }
        }
    }

    /// The new series deleted, the old one's recurrence put back, and the changed
    /// occurrences of the new one made instances of the old one again.
    package func joinSeries(_ split: SeriesSplit) throws -> Event {
        try prepare([])
        let seriesID = split.before.id, newID = split.started.id
        let calendarID = split.before.calendarID
        guard try store.event(id: seriesID) != nil else { throw ServiceError.notFound(.event, id: seriesID) }
        let newStart = LocalStore.key(of: split.started.when), oldStart = LocalStore.key(of: split.from)
        let changes = try store.occurrenceChanges(of: newID, from: newStart)
        var steps = Steps()
        let restoreRule = PendingChange.patchEvent(calendarID: calendarID, eventID: seriesID,
                                                   body: GoogleCoding.patchBody(EventPatch(recurrence: split.before.recurrence)))
        do {
            try api.transport.with(.write) { try sendNow(restoreRule) }
        } catch where APIFailure.matches(error, \.isWorthWaiting) {
            try queue(restoreRule, because: error)
            try queue(.deleteEvent(calendarID: calendarID, eventID: newID), because: error)
            let joined = try store.joinSeries(split)
            var left = Steps(queued: true)
            try queueInstances(of: joined, changes: changes, shift: oldStart - newStart, calendarID: calendarID, steps: &left)
            return try store.event(id: seriesID) ?? joined
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: true)
        }
        try steps.run(self, .deleteEvent(calendarID: calendarID, eventID: newID), local: {})
        if try store.event(id: newID) != nil { try store.deleteEvent(id: newID) }
        guard let series = try store.event(id: seriesID) else { throw ServiceError.notFound(.event, id: seriesID) }
        try queueInstances(of: series, changes: changes, shift: oldStart - newStart, calendarID: calendarID, steps: &steps)
        return try store.event(id: seriesID) ?? series
    }
}
