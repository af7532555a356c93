package import ClerkCore
package import ClerkLocal
package import FoundationEssentials

/// Calendars, contacts and files of a Google account, local-first: every read is answered
/// from the mirror (synced first when it is older than its freshness), every confirmed
/// change goes to Google first and lands in the mirror from Google's answer.
///
/// When Google cannot be reached (or keeps failing) the change waits in the outbox with the
/// ids it will be sent with, shows in the mirror at once, and is sent before the next
/// request that reaches Google. Nothing typed is lost and nothing is sent twice: inserts and
/// file creates carry their ids (a 409 on a resend means it went through), quickAdd goes
/// once on a fresh connection and is looked for before it is tried again.
package final class GoogleBackend {
    package let mirror: GoogleMirror
    let api: GoogleAPI
    let now: NowProvider
    package var store: LocalStore { mirror.store }
    /// What to tell the person after this request.
    private(set) var notices: [AccountNotice] = []

    package init(store: LocalStore, transport: GoogleTransport, now: NowProvider, pageSize: Int = 1000) {
        api = GoogleAPI(transport: transport, pageSize: pageSize)
        mirror = GoogleMirror(store: store, api: api, now: now)
        self.now = now
    }

    /// The notices gathered since the last call, with how the mirror stands.
    package func takeNotices() -> [AccountNotice] {
        var all = notices
        notices = []
        switch mirror.standing {
        case .current: break
        case .offline(let asOf): all.insert(.offline(asOf: asOf), at: 0)
        case .signInExpired(let asOf): all.insert(.signInExpired(asOf: asOf), at: 0)
        case .behind(let asOf, let cause): all.insert(.behind(asOf: asOf, cause: cause), at: 0)
        }
        return all
    }

    /// Why the last sync did not get Google's data (nil: it did).
    package var problem: ServiceError? {
        switch mirror.standing {
        case .current: return nil
        case .offline: return .unreachable
        case .signInExpired: return .signInNeeded(.expired)
        case .behind(_, let cause): return cause
        }
    }

    package var waitingCount: Int { (try? store.outbox().count) ?? 0 }

    /// Before a read or a write: what waits is sent, then `kinds` are synced when stale.
    func prepare(_ kinds: [GoogleMirror.Kind]) throws(ServiceError) {
        flushOutbox()
        try mirror.refresh(kinds)
    }

    /// A failure as the service reports it.
    static func fail(_ error: any Error, mayHaveApplied: Bool) -> ServiceError {
        if let failure = error as? APIFailure { return failure.serviceError(mayHaveApplied: mayHaveApplied) }
        if let error = error as? ServiceError { return error }
        return .malformedResponse
    }

    /// Keeps `change` to send later and tells the person it waits, and why (`failure`,
    /// what kept it from Google).
    func queue(_ change: PendingChange, because failure: any Error) throws(ServiceError) {
        do {
            try store.enqueue(kind: change.kind, payload: change.payload.serialized())
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: false)
        }
        notices.removeAll { if case .waiting = $0 { return true }; return false }
        notices.append(.waiting(count: waitingCount, cause: GoogleBackend.fail(failure, mayHaveApplied: false)))
    }

    // MARK: The outbox

    /// How long a change is claimed while it is sent; a claim left by a killed process
    /// runs out after it.
    static let claimTime: Double = 120

    /// Sends what waits, oldest first, with the `flush` patience (the request behind it waits
    /// for it). It stops at the first change that still cannot reach Google (order matters:
    /// an edit follows its create), or that another clerk process is sending (its claim); a
    /// change Google refuses is dropped and the person is told.
    package func flushOutbox() {
        guard let items = try? store.outbox(), !items.isEmpty else { return }
        var sent = 0
        for item in items {
            guard let change = PendingChange(kind: item.kind, payload: item.payload) else {
                try? store.removeFromOutbox(item.number)
                continue
            }
            guard (try? store.claimOutboxItem(item.number, until: now.now() + GoogleBackend.claimTime)) == true else { break }
            do {
                let made = try api.transport.with(.flush) { try send(change, number: item.number) }
                try store.removeFromOutbox(item.number)
                if made { sent += 1 } else { notices.append(.dropped(change: change.summary)) }
            } catch where APIFailure.matches(error, \.keepsAChangeWaiting) {
                try? store.noteAttempt(onOutboxItem: item.number, problem: "\(error)")
                break
            } catch {
                try? store.removeFromOutbox(item.number)
                notices.append(.refused(change: change.summary, error: GoogleBackend.fail(error, mayHaveApplied: false)))
            }
        }
        if sent > 0 { notices.append(.sent(count: sent)) }
    }

    /// Sends one change now, not from the outbox, and lands Google's answer in the mirror.
    func sendNow(_ change: PendingChange) throws {
        try send(change, number: nil)
    }

    /// Sends one waiting change (`number` in the outbox, nil when it is not there yet) and
    /// lands Google's answer in the mirror. False when the change was not made because the
    /// event it changes or moves was deleted at Google meanwhile (a 404 or 410, or Google's
    /// answer is the event cancelled): the outbox said "1 change made offline was sent".
    @discardableResult
    private func send(_ change: PendingChange, number: Int64?) throws -> Bool {
        switch change {
        case .insertEvent(let calendar, let body):
            try landInsert(calendarID: calendar, body: body)
        case .quickAdd(let calendar, let text, let attempted):
            if let attempted, try lookForQuickAdd(text, calendarID: calendar, since: attempted) != nil { return true }
            // Noted before sending: if this run dies mid-request, the next one looks first.
            if let number {
                try store.replaceOutboxPayload(number, with: PendingChange.quickAdd(calendarID: calendar, text: text, attempted: now.now()).payload.serialized())
            }
            try mirror.apply(answer: try api.quickAdd(calendarID: calendar, text: text), calendarID: calendar)
        case .patchEvent(let calendar, let event, let body):
            do {
                let answer = try api.patchEvent(calendarID: calendar, eventID: event, body: body)
                try mirror.apply(answer: answer, calendarID: calendar)
                return answer["status"]?.stringValue != "cancelled"
            } catch where APIFailure.matches(error, \.isGone) {
                return false  // gone on Google: nothing to change
            }
        case .deleteEvent(let calendar, let event):
            do {
                try api.deleteEvent(calendarID: calendar, eventID: event)
            } catch where APIFailure.matches(error, \.isGone) {
                return true  // already gone: what the deletion wanted
            }
        case .moveEvent(let calendar, let event, let destination):
            do {
                try landMove(eventID: event, from: calendar, to: destination)
            } catch where APIFailure.matches(error, \.isGone) {
                return false  // on neither calendar at Google: deleted there, nothing to move
            }
        case .deleteImported(let calendar, let uid):
            try deleteImported(uid: uid, calendarID: calendar)
        case .createFile(let id, let name, let type, let content):
            _ = try landFileCreate(id: id, name: name, mimeType: type, content: content)
        case .updateFile(let id, let type, let content, let base, let copyID):
            try landFileUpdate(id: id, mimeType: type, content: content, base: base, copyID: copyID, number: number)
        case .trashFile(let id, let trashed):
            try mirror.put(file: try api.patchFile(fileID: id, body: ["trashed": .bool(trashed)]))
        case .deleteFile(let id):
            do {
                try api.deleteFile(id: id)
            } catch where APIFailure.matches(error, \.isGone) {
                return true  // already gone: what the deletion wanted
            }
        }
        return true
    }

    /// events.insert of a client id; a 409 means an earlier try went through, so the event
    /// is fetched instead. Returns the event as the mirror now holds it.
    @discardableResult
    func landInsert(calendarID: String, body: JSONValue) throws -> Event? {
        do {
            return try mirror.apply(answer: try api.insertEvent(calendarID: calendarID, body: body), calendarID: calendarID)
        } catch where APIFailure.matches(error, \.wentThroughBefore) {
            guard let id = body["id"]?.stringValue else { throw error }
            return try mirror.apply(answer: try api.event(calendarID: calendarID, eventID: id), calendarID: calendarID)
        }
    }

    /// events.move, safe to send again: when the event is no longer on `source` (404 or
    /// 410) an earlier try went through — its answer lost, or the outbox sending it again —
    /// and the event is read from `destination` instead (gone there too: the 404 comes out).
    /// Google's answer lands in the mirror, a series' occurrences moving with it. Returns
    /// the event as the mirror now holds it.
    @discardableResult
    func landMove(eventID: String, from source: String, to destination: String) throws -> Event? {
        let answer: JSONValue
        do {
            answer = try api.moveEvent(calendarID: source, eventID: eventID, destination: destination)
        } catch {
            guard error.isGone || error == .malformed else { throw error }
            answer = try api.event(calendarID: destination, eventID: eventID)
        }
        return try mirror.apply(answer: answer, calendarID: destination)
    }

    // MARK: Inserts whose outcome is unknown

    /// How long an insert whose outcome was unknown is remembered (its id reused for the
    /// same event asked for again).
    static let uncertainInsertsKept: Double = 86_400

    /// The inserts whose outcome was unknown, as the mirror keeps them: `{id, calendarID,
    /// body (without the id), at}`.
    private var uncertainInserts: [JSONValue] {
        get {
            let saved = (try? store.syncValue("inserts.uncertain")).flatMap { try? JSONValue.parse($0).arrayValue } ?? []
            let moment = now.now().timeIntervalSince1970
            return saved.filter { moment - ($0["at"]?.numberValue ?? 0) < GoogleBackend.uncertainInsertsKept }
        }
        set {
            try? store.setSyncValue("inserts.uncertain", newValue.isEmpty ? nil : JSONValue.array(newValue).serialized())
        }
    }

    /// An event's body without its id: what makes two inserts the same event.
    private static func content(_ body: JSONValue) -> String {
        guard case .object(let members) = body else { return body.serialized() }
        return JSONValue.object(members.filter { $0.0 != "id" }).serialized()
    }

    /// The id of an earlier insert of the same event on the same calendar whose outcome was
    /// unknown, if any.
    func uncertainInsert(calendarID: String, body: JSONValue) -> String? {
        let content = GoogleBackend.content(body)
        return uncertainInserts.first { $0["calendarID"]?.stringValue == calendarID && $0["body"]?.stringValue == content }?["id"]?.stringValue
    }

    func rememberUncertainInsert(id: String, calendarID: String, body: JSONValue) {
        var kept = uncertainInserts.filter { $0["id"]?.stringValue != id }
        kept.append(.object([("id", .string(id)), ("calendarID", .string(calendarID)), ("body", .string(GoogleBackend.content(body))),
                             ("at", .number(now.now().timeIntervalSince1970))]))
        uncertainInserts = kept
    }

    func forgetUncertainInsert(id: String) {
        let kept = uncertainInserts
        if kept.contains(where: { $0["id"]?.stringValue == id }) { uncertainInserts = kept.filter { $0["id"]?.stringValue != id } }
    }

    /// After a quickAdd that may have arrived: the event it made, if Google has it — one
    /// created since the attempt whose title is part of the text.
    func lookForQuickAdd(_ text: String, calendarID: String, since: Date) throws -> Event? {
        _ = try withinSyncBudget { try mirror.syncEvents(calendarID: calendarID) }
        let folded = Spelling.fold(text)
        let window = since.addingTimeInterval(-120)
        return try store.eventFeed(calendarID: calendarID, after: 0).lazy.compactMap { entry -> Event? in
            guard case .present(let replica) = entry, !replica.isDeleted, (replica.item.updated ?? .distantPast) >= window else { return nil }
            let title = Spelling.fold(replica.item.title)
            return !title.isEmpty && folded.contains(title) ? replica.item : nil
        }.first
    }

    /// A file's new content made from `base`, sent: Drive's content now is compared with
    /// `base` first (a change made elsewhere meanwhile was written over without a word).
    /// Lines added go after what Drive has now; a change of another kind on both sides
    /// leaves Drive's alone and goes to a new file, said so. The copy's id is noted in the
    /// outbox before it is made, so a resend makes it once.
    private func landFileUpdate(id: String, mimeType: String, content: [UInt8], base: [UInt8]?, copyID: String?, number: Int64?) throws {
        var written = content
        if let base {
            let file = try storedFile(id)
            let current = try api.content(of: file)
            if current != base, content.starts(with: base) {
                written = current + Array(content.dropFirst(base.count))
            } else if current != base {
                let chosen: String
                if let copyID {
                    chosen = copyID
                } else {
                    chosen = try newFileID()
                    if let number {
                        let noted = PendingChange.updateFile(id: id, mimeType: mimeType, content: content, base: base, copyID: chosen)
                        try store.replaceOutboxPayload(number, with: noted.payload.serialized())
                    }
                }
                let copy = GoogleBackend.offlineCopyName(of: file.name)
                _ = try landFileCreate(id: chosen, name: copy, mimeType: mimeType, content: content)
                notices.append(.keptAside(file: file.name, copy: copy))
                return
            }
        }
        try mirror.put(file: try api.updateContent(fileID: id, mimeType: mimeType, content: written), content: written)
    }

    func landFileCreate(id: String, name: String, mimeType: String, content: [UInt8]) throws -> DriveFile? {
        do {
            return try mirror.put(file: try api.createFile(id: id, name: name, mimeType: mimeType, content: content), content: content)
        } catch where APIFailure.matches(error, \.wentThroughBefore) {
            return try mirror.put(file: try api.file(id: id), content: content)
        }
    }
}

// MARK: - Calendars and events

extension GoogleBackend: CalendarService {
    package func calendars() throws -> [CalendarInfo] {
        try prepare([.calendarList])
        return try store.calendars()
    }

    /// calendars.insert, made exactly once though Google picks the id: the calendar list is
    /// read first (a name already on it is refused, as the local store refuses it). After a
    /// failure that may have reached Google (a broken connection, a timeout, a 5xx, an
    /// answer that cannot be read) the list is read again, and a calendar of this name that
    /// was not on it before is the one made; only when there is none is it sent again, as
    /// `RetryPolicy` retries a request safe to repeat. When clerk cannot look, the outcome
    /// is unknown and the next command reads the list again.
    package func createCalendar(named name: String, timeZone: String) throws -> CalendarInfo {
        try prepare([])
        let name = name.trimmingWhitespace()
        guard !name.isEmpty else { throw ServiceError.invalid(.emptyName(.calendar)) }
        if let problem = CalendarInfo.problem(withName: name) { throw ServiceError.invalid(problem) }
        let before: Set<String>
        do {
            let calendars = try listedCalendars()
            if let same = calendars.first(where: { $0.name.lowercased() == name.lowercased() }) {
                throw ServiceError.alreadyExists(.calendar, name: same.name)
            }
            before = Set(calendars.map(\.id))
        } catch let error as ServiceError {
            throw error
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: false)
        }
        var attempt = 1
        var waited = 0.0
        while true {
            let failure: APIFailure
            do {
                let answer = try api.insertCalendar(summary: name, timeZone: timeZone)
                guard let id = answer["id"]?.stringValue else { throw APIFailure.malformed }
                let calendar = CalendarInfo(id: id, name: answer["summary"]?.stringValue ?? name, timeZone: answer["timeZone"]?.stringValue ?? timeZone, isPrimary: false)
                return try store.putCalendar(calendar, unmodeled: nil).item
            } catch let error as APIFailure {
                failure = error
            } catch {
                throw GoogleBackend.fail(error, mayHaveApplied: true)
            }
            if failure.mayHaveBeenApplied {
                guard let calendars = try? listedCalendars() else {
                    mirror.markStale(.calendarList)
                    throw failure.serviceError(mayHaveApplied: true)
                }
                if let made = calendars.first(where: { !before.contains($0.id) && $0.name == name }) { return made }
                // A success whose calendar is not listed: Google's word and its list disagree.
                if failure == .malformed {
                    mirror.markStale(.calendarList)
                    throw ServiceError.outcomeUnknown
                }
            }
            // Not made: sending it again is safe.
            guard api.transport.pause(after: failure, attempt: attempt, waited: &waited) else {
                throw failure.serviceError(mayHaveApplied: false)
            }
            attempt += 1
        }
    }

    /// The calendar list as Google has it now (the mirror's, synced).
    private func listedCalendars() throws -> [CalendarInfo] {
        try withinSyncBudget { try mirror.syncCalendarList() }
        return try store.calendars()
    }

    /// A sync a write makes to look (the calendar list before a calendar is made, a
    /// calendar after an uncertain quickAdd or import), held to a sync's budget as a read's
    /// is: its pages were followed as long as a peer answering each just in time gave them.
    private func withinSyncBudget<T>(_ body: () throws -> T) throws -> T {
        try api.transport.within(api.transport.client.limits.sync, body)
    }

    /// Calendar's own PATCH of the summary; the mirror takes Google's answer.
    package func renameCalendar(id: String, to name: String) throws -> CalendarInfo {
        if let problem = CalendarInfo.problem(withName: name) { throw ServiceError.invalid(problem) }
        try prepare([.calendarList])
        guard var calendar = try store.calendars().first(where: { $0.id == id }) else { throw ServiceError.notFound(.calendar, id: id) }
        do {
            let answer = try api.patchCalendar(calendarID: id, body: ["summary": .string(name)])
            calendar.name = answer["summary"]?.stringValue ?? name
            return try store.putCalendar(calendar, unmodeled: nil).item
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: true)
        }
    }

    /// Calendar's DELETE of a secondary calendar; its events leave the mirror with it. A
    /// 404 or 410 means it is gone already — an earlier try whose answer was lost (the
    /// transport's retry then finds nothing), or a deletion elsewhere — and counts as done.
    package func deleteCalendar(id: String) throws {
        try prepare([.calendarList])
        guard let calendar = try store.calendars().first(where: { $0.id == id }) else { throw ServiceError.notFound(.calendar, id: id) }
        guard !calendar.isPrimary else { throw ServiceError.invalid(.primaryCalendar) }
        do {
            try api.deleteCalendar(calendarID: id)
        } catch where APIFailure.matches(error, \.isGone) {
            // Gone already.
        } catch {
            if APIFailure.matches(error, \.mayHaveBeenApplied) { mirror.markStale(.calendarList) }
            throw GoogleBackend.fail(error, mayHaveApplied: true)
        }
        try store.removeCalendar(id: id)
        try store.setSyncValue("events." + id, nil)
    }

    /// events.insert under the client's id; offline (or when Google keeps failing) it waits
    /// in the outbox with that id. After a try whose outcome is unknown (Ctrl-C once it was
    /// sent), the same event asked for again is sent under the first try's id, so Google
    /// makes it once (a 409 then says the first try went through). A calendar Google no
    /// longer has is `notFound`, and the calendar list is read again.
    package func insertEvent(_ draft: EventDraft, id: String, calendarID: String) throws -> Event {
        try Self.refuseRepeatsByTheHour(draft.recurrence)
        try prepare([])
        var id = id
        var body = GoogleCoding.eventBody(draft, id: id)
        if let earlier = uncertainInsert(calendarID: calendarID, body: body) {
            id = earlier
            body = GoogleCoding.eventBody(draft, id: earlier)
        }
        do {
            guard let event = try landInsert(calendarID: calendarID, body: body) else { throw APIFailure.malformed }
            forgetUncertainInsert(id: id)
            return event
        } catch where APIFailure.matches(error, \.isWorthWaiting) {
            try queue(.insertEvent(calendarID: calendarID, body: body), because: error)
            forgetUncertainInsert(id: id)
            return try store.insertEvent(draft, id: id, calendarID: calendarID)
        } catch where APIFailure.matches(error, \.isGone) {
            mirror.markStale(.calendarList)
            throw ServiceError.notFound(.calendar, id: calendarID)
        } catch {
            let reported = GoogleBackend.fail(error, mayHaveApplied: true)
            if reported == .outcomeUnknown || reported == .cancelledAfterSending {
                rememberUncertainInsert(id: id, calendarID: calendarID, body: body)
            }
            throw reported
        }
    }

    package func events(from start: Date, to end: Date, calendarIDs: [String]?) throws -> [Event] {
        try prepare([.events])
        return try store.events(from: start, to: end, calendarIDs: calendarIDs)
    }

    package func searchEvents(_ search: EventSearch) throws -> [Event] {
        try prepare([.events])
        return try store.searchEvents(search)
    }

    package func event(id: String) throws -> Event? {
        try store.event(id: id)
    }

    /// The patch is worked out from the event as Google has it now and sent with its etag;
    /// when someone changed it in between (412), it is read and worked out again. Offline,
    /// it is worked out from the mirror and waits in the outbox.
    /// A series' new start takes its skipped days and its rule's weekdays along, as the local
    /// store does: Google keeps its recurrence as written (BYDAY: a Thursday, then Tuesdays
    /// again; EXDATEs at the old time, skipping nothing) and its cancelled instances keyed by
    /// their old starts, so the patch carries the recurrence moved, with those days as EXDATEs.
    /// A start moved onto a time its zone skips keeps the time of day (`EventPatch.applied`).
    private func withSkippedDaysMoved(_ patch: EventPatch, of event: Event) throws -> EventPatch {
        guard let when = patch.when, event.recurringEventID == nil, !event.recurrence.isEmpty else { return patch }
        var patch = patch
        patch.skippedWallStart = patch.applied(to: event).skippedWallStart
        guard patch.recurrence == nil else { return patch }
        let cancelled = try store.cancelledOccurrenceKeys(of: event.id)
        guard let moved = store.recurrence(of: event, movedTo: when, cancelled: cancelled) else { return patch }
        patch.recurrence = moved
        return patch
    }

    /// Google Calendar refuses a repeat by the hour or more often (it answers a server
    /// error), so such a repeat is refused here, before anything is sent or queued; the
    /// local store takes it.
    static func refuseRepeatsByTheHour(_ recurrence: [String]?) throws(ServiceError) {
        if RecurrencePreview.repeatsWithinADay(recurrence ?? []) { throw .invalid(.repeatsByTheHourOnGoogle) }
    }

    package func patchEvent(id: String, from makePatch: (Event) throws -> EventPatch) throws -> EventEdit {
        try prepare([])
        guard let stored = try store.event(id: id) else { throw ServiceError.notFound(.event, id: id) }
        let calendarID = stored.calendarID
        let zone = try store.calendars().first { $0.id == calendarID }?.timeZone ?? "UTC"
        for attempt in 1...3 {
            let current: Event, etag: String?
            do {
                let json = try api.event(calendarID: calendarID, eventID: id)
                current = GoogleCoding.event(json, calendarID: calendarID, calendarZone: zone) ?? stored
                etag = json["etag"]?.stringValue
            } catch where APIFailure.matches(error, \.isWorthWaiting) {
                let patch = try withSkippedDaysMoved(try makePatch(stored), of: stored)
                try Self.refuseRepeatsByTheHour(patch.recurrence)
                let changed = try changedInstances(of: stored, moving: patch)
                try queue(.patchEvent(calendarID: calendarID, eventID: id, body: GoogleCoding.patchBody(patch)), because: error)
                let edit = try store.patchEvent(id: id, from: { _ in patch })
                try moveChangedInstances(of: edit.after, changed, calendarID: calendarID, queued: true)
                return edit
            } catch where APIFailure.matches(error, \.isGone) {
                try? mirror.refresh([.events], force: true)
                throw ServiceError.notFound(.event, id: id)
            } catch {
                throw GoogleBackend.fail(error, mayHaveApplied: false)
            }
            let patch = try withSkippedDaysMoved(try makePatch(current), of: current)
            try Self.refuseRepeatsByTheHour(patch.recurrence)
            let body = GoogleCoding.patchBody(patch)
            let instances = try changedInstances(of: current, moving: patch)
            do {
                guard let changed = try mirror.apply(answer: try api.patchEvent(calendarID: calendarID, eventID: id, body: body, ifMatch: etag),
                                                     calendarID: calendarID) else { throw APIFailure.malformed }
                try moveChangedInstances(of: changed, instances, calendarID: calendarID, queued: false)
                return EventEdit(before: current, after: changed)
            } catch where (error as? APIFailure)?.status == 412 && attempt < 3 {
                continue  // changed in between: read it again
            } catch where (error as? APIFailure) == .malformed {
                // Applied, but the answer cannot be read: read the event again.
                if let fetched = try? mirror.apply(answer: try api.event(calendarID: calendarID, eventID: id), calendarID: calendarID) {
                    return EventEdit(before: current, after: fetched)
                }
                throw ServiceError.outcomeUnknown
            } catch where APIFailure.matches(error, \.isWorthWaiting) {
                try queue(.patchEvent(calendarID: calendarID, eventID: id, body: body), because: error)
                let after = try store.patchEvent(id: id, from: { _ in patch }).after
                try moveChangedInstances(of: after, instances, calendarID: calendarID, queued: true)
                return EventEdit(before: current, after: after)
            } catch where APIFailure.matches(error, \.isGone) {
                try? mirror.refresh([.events], force: true)
                throw ServiceError.notFound(.event, id: id)
            } catch {
                throw GoogleBackend.fail(error, mayHaveApplied: true)
            }
        }
        throw ServiceError.outcomeUnknown
    }

    package func deleteEvent(id: String) throws {
        try prepare([])
        guard let event = try store.event(id: id) else { throw ServiceError.notFound(.event, id: id) }
        do {
            try api.deleteEvent(calendarID: event.calendarID, eventID: id)
        } catch where APIFailure.matches(error, \.isGone) {
            // Already gone on Google.
        } catch where APIFailure.matches(error, \.isWorthWaiting) {
            try queue(.deleteEvent(calendarID: event.calendarID, eventID: id), because: error)
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: true)
        }
        try store.deleteEvent(id: id)
    }

    /// events.move; offline (or when Google keeps failing) the mirror moves it at once and
    /// the move waits in the outbox. One occurrence cannot move without its series, as at
    /// Google; the calendar it is on already changes nothing and sends nothing.
    package func moveEvent(id: String, toCalendarID calendarID: String) throws -> Event {
        try prepare([])
        guard let event = try store.event(id: id) else { throw ServiceError.notFound(.event, id: id) }
        guard event.recurringEventID == nil else { throw ServiceError.invalid(.occurrenceCannotMove) }
        guard try store.calendars().contains(where: { $0.id == calendarID }) else { throw ServiceError.notFound(.calendar, id: calendarID) }
        guard event.calendarID != calendarID else { return event }
        do {
            guard let moved = try landMove(eventID: id, from: event.calendarID, to: calendarID) else { throw APIFailure.malformed }
            return moved
        } catch where APIFailure.matches(error, \.isWorthWaiting) {
            try queue(.moveEvent(calendarID: event.calendarID, eventID: id, destination: calendarID), because: error)
            return try store.moveEvent(id: id, toCalendarID: calendarID)
        } catch where APIFailure.matches(error, \.isGone) {
            try? mirror.refresh([.events, .calendarList], force: true)
            throw ServiceError.notFound(.event, id: id)
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: true)
        }
    }

    /// Brings a deleted event back: Google is asked to confirm it again; if it refuses, the
    /// event is made anew under a new id (the returned event's id says which happened).
    package func restoreEvent(id: String) throws -> Event {
        try prepare([])
        guard let replica = try store.eventReplica(id: id) else { throw ServiceError.notFound(.event, id: id) }
        let event = replica.item
        do {
            if let restored = try mirror.apply(answer: try api.patchEvent(calendarID: event.calendarID, eventID: id, body: ["status": "confirmed"]),
                                               calendarID: event.calendarID) {
                return restored
            }
            throw APIFailure.malformed
        } catch where APIFailure.matches(error, \.isWorthWaiting) {
            try queue(.patchEvent(calendarID: event.calendarID, eventID: id, body: ["status": "confirmed"]), because: error)
            return try store.restoreEvent(id: id)
        } catch where APIFailure.matches(error, \.isRefusal) {
            let draft = EventDraft(title: event.title, when: event.when, location: event.location, notes: event.notes,
                                   attendees: event.attendees, recurrence: event.recurrence, reminderMinutes: event.reminderMinutes,
                                   skippedWallStart: event.skippedWallStart)
            return try insertEvent(draft, id: LocalStore.randomID(), calendarID: event.calendarID)
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: true)
        }
    }

    package func storedEvents(calendarID: String) throws -> [Event] {
        try prepare([.events])
        return try store.storedEvents(calendarID: calendarID)
    }

    /// Each event goes to Google with events.import (matched on its UID, so importing a file
    /// twice changes nothing), its changed occurrences as patches of their instances. When
    /// one is refused, or Google stops answering, or Ctrl-C stops it, those this import
    /// added are deleted again: all or nothing. A deletion that cannot reach Google then
    /// waits in the outbox (and the mirror drops the event at once), and the failure says
    /// how many wait (`ServiceError.importInterrupted`); an event whose import may have
    /// arrived unanswered is looked for by its UID and deleted too.
    package func importEvents(_ events: [ImportedEvent], calendarID: String, progress: ImportProgress?) throws -> ImportSummary {
        try prepare([.events])
        let before = Set(try store.storedEvents(calendarID: calendarID).compactMap(\.iCalUID))
        var added: [String] = []
        var summary = ImportSummary()
        let ordered = events.filter { $0.originalStart == nil } + events.filter { $0.originalStart != nil }
        var seriesIDs: [String: String] = [:]
        // The series on the calendar before this import, by UID, read when first needed.
        var storedSeries: [String: String]?
        // The UID of a new event on its way: if its answer never comes, it may be at Google.
        var sending: String?
        do {
            for (index, item) in ordered.enumerated() {
                if let original = item.originalStart {
                    // Its series from this file, or one imported before (an invitation's
                    // update of one meeting comes alone).
                    if storedSeries == nil {
                        storedSeries = [:]
                        for event in try store.storedEvents(calendarID: calendarID) where event.recurringEventID == nil && !event.recurrence.isEmpty {
                            if let uid = event.iCalUID { storedSeries?[uid] = event.id }
                        }
                    }
                    guard let series = seriesIDs[item.uid] ?? storedSeries?[item.uid] else {
                        // Its series is neither in the file nor on the calendar (an invitation to
                        // one meeting of a series): it stands alone, under "UID#start" as the
                        // local store keeps it, so importing it again finds it. A cancelled one
                        // has nothing to cancel.
                        if item.isCancelled {
                            summary.unchanged += 1
                        } else {
                            let uid = item.uid + "#" + GoogleBackend.occurrenceSuffix(original)
                            try importSingle(item.draft, uid: uid, before: before, calendarID: calendarID, sending: &sending, added: &added, summary: &summary)
                        }
                        progress?(index + 1, ordered.count)
                        continue
                    }
                    let instance = series + "_" + GoogleBackend.occurrenceSuffix(original)
                    let body: JSONValue = item.isCancelled ? ["status": "cancelled"] : GoogleCoding.patchBody(EventPatch(
                        title: item.draft.title, when: item.draft.when, location: .some(item.draft.location), notes: .some(item.draft.notes)))
                    // A changed occurrence the mirror has no row for yet is new to the account.
                    let known = try store.hasEventRow(id: instance)
                    try mirror.apply(answer: try api.patchEvent(calendarID: calendarID, eventID: instance, body: body), calendarID: calendarID)
                    if known { summary.updated += 1 } else { summary.added += 1 }
                } else {
                    seriesIDs[item.uid] = try importSingle(item.draft, uid: item.uid, before: before, calendarID: calendarID,
                                                           sending: &sending, added: &added, summary: &summary)
                }
                progress?(index + 1, ordered.count)
            }
        } catch {
            let unanswered = APIFailure.matches(error, \.mayHaveBeenApplied) ? sending : nil
            let waiting = takeBack(added, unanswered: unanswered, calendarID: calendarID)
            let cause = GoogleBackend.fail(error, mayHaveApplied: false)
            if waiting > 0 { throw ServiceError.importInterrupted(cause: cause, leftToUndo: waiting) }
            throw cause
        }
        for (uid, seriesID) in seriesIDs { adoptOccurrences(uid: uid, seriesID: seriesID, calendarID: calendarID) }
        return summary
    }

    /// Occurrences imported before their series (each an event of its own, "UID#start")
    /// become the series' instances once it is there, as the local store adopts them: each
    /// instance is patched with the occurrence, then the event of its own is deleted (that
    /// deletion waits in the outbox when Google cannot be reached). Done after the import
    /// succeeded, so an import taken back never takes them with it; one the series does not
    /// make, or Google refuses, stays as it was.
    private func adoptOccurrences(uid: String, seriesID: String, calendarID: String) {
        let prefix = uid + "#"
        guard let orphans = try? store.storedEvents(calendarID: calendarID).filter({
            $0.recurringEventID == nil && $0.recurrence.isEmpty && ($0.iCalUID?.hasPrefix(prefix) ?? false)
        }) else { return }
        for orphan in orphans {
            guard let suffix = orphan.iCalUID?.dropFirst(prefix.count), !suffix.isEmpty else { continue }
            let body = GoogleCoding.patchBody(EventPatch(title: orphan.title, when: orphan.when, location: .some(orphan.location), notes: .some(orphan.notes)))
            do {
                try mirror.apply(answer: try api.patchEvent(calendarID: calendarID, eventID: seriesID + "_" + suffix, body: body), calendarID: calendarID)
            } catch {
                continue
            }
            let deletion = PendingChange.deleteEvent(calendarID: calendarID, eventID: orphan.id)
            do {
                try send(deletion, number: nil)
            } catch where APIFailure.matches(error, \.isWorthWaiting) {
                try? queue(deletion, because: error)
            } catch {
                continue
            }
            try? store.deleteEvent(id: orphan.id)
        }
    }

    /// One event (or series) of an import sent with events.import under `uid`: counted added
    /// or updated (`before`: the UIDs the calendar had), its id noted in `added` when new,
    /// `sending` its UID while the answer may be lost. Returns its id.
    @discardableResult
    private func importSingle(_ draft: EventDraft, uid: String, before: Set<String>, calendarID: String,
                              sending: inout String?, added: inout [String], summary: inout ImportSummary) throws -> String {
        var body = GoogleCoding.eventBody(draft, id: "")
        if case .object(var members) = body {
            members.removeAll { $0.0 == "id" }
            members.insert(("iCalUID", .string(uid)), at: 0)
            body = .object(members)
        }
        sending = before.contains(uid) ? nil : uid
        let answer = try importEvent(calendarID: calendarID, body: body)
        guard let id = answer["id"]?.stringValue else { throw APIFailure.malformed }
        sending = nil
        if before.contains(uid) { summary.updated += 1 } else { summary.added += 1; added.append(id) }
        dropWaitingDeletion(of: id, uid: uid, calendarID: calendarID)
        try mirror.apply(answer: answer, calendarID: calendarID)
        return id
    }

    /// events.import; an answer that cannot be read is asked for once more (the import is
    /// matched on the UID, so the second answer is the same event).
    private func importEvent(calendarID: String, body: JSONValue) throws -> JSONValue {
        do {
            let answer = try api.importEvent(calendarID: calendarID, body: body)
            if answer["id"] == nil { throw APIFailure.malformed }
            return answer
        } catch where (error as? APIFailure) == .malformed {
            return try api.importEvent(calendarID: calendarID, body: body)
        }
    }

    /// Deletes again the events an import that stopped had added (`ids`), and the one whose
    /// import went unanswered (`unanswered`, a UID), from Google and the mirror. Once one
    /// deletion fails the rest are not tried: each waits in the outbox. Returns how many wait.
    private func takeBack(_ ids: [String], unanswered: String?, calendarID: String) -> Int {
        var changes = ids.map { PendingChange.deleteEvent(calendarID: calendarID, eventID: $0) }
        if let unanswered { changes.append(.deleteImported(calendarID: calendarID, uid: unanswered)) }
        var waiting = 0
        var stopped: (any Error)?
        for change in changes {
            if case .deleteEvent(_, let id) = change { try? store.deleteEvent(id: id) }
            if stopped == nil {
                do {
                    try send(change, number: nil)
                    continue
                } catch {
                    stopped = error
                }
            }
            if let failure = stopped, (try? queue(change, because: failure)) != nil { waiting += 1 }
        }
        return waiting
    }

    /// The event an import may have made for `uid` on a calendar, deleted if Google has it
    /// (found by a sync of the calendar).
    func deleteImported(uid: String, calendarID: String) throws {
        _ = try withinSyncBudget { try mirror.syncEvents(calendarID: calendarID) }
        guard let event = try store.storedEvents(calendarID: calendarID).first(where: { $0.iCalUID == uid && $0.recurringEventID == nil }) else { return }
        do {
            try api.deleteEvent(calendarID: calendarID, eventID: event.id)
        } catch {
            guard error.isGone else { throw error }
        }
        try? store.deleteEvent(id: event.id)
    }

    /// An event imported again while the deletion of an earlier, stopped import of it still
    /// waits: the deletion is dropped, or it would take the new import's event away.
    private func dropWaitingDeletion(of eventID: String, uid: String, calendarID: String) {
        guard let items = try? store.outbox() else { return }
        for item in items {
            switch PendingChange(kind: item.kind, payload: item.payload) {
            case .deleteEvent(calendarID, eventID)?, .deleteImported(calendarID, uid)?:
                try? store.removeFromOutbox(item.number)
            default:
                continue
            }
        }
    }

    /// The suffix Google gives an instance id: `20260305T080000Z`, or `20260305` all-day.
    static func occurrenceSuffix(_ original: When) -> String {
        switch original {
        case .allDay(let date, _): return date.iso.replacingEvery("-", with: "")
        case .timed(let start, _, _):
            return ClockText.rfc3339(start, zone: Zone.gmt).replacingEvery("-", with: "").replacingEvery(":", with: "")
        }
    }
}

extension GoogleBackend: QuickAddService {
    /// Google reads the text. Sent on a fresh connection and never resent blindly: after a
    /// failure that may have reached Google (a broken connection, a timeout, a 5xx, an answer
    /// that cannot be read) the event is looked for first, and sent once more only when it
    /// is not there. When Google cannot be reached the text waits in the outbox.
    package func quickAdd(_ text: String, calendarID: String) throws -> Event? {
        try prepare([])
        var attempt = 1
        while true {
            let attempted = now.now()
            do {
                return try mirror.apply(answer: try api.quickAdd(calendarID: calendarID, text: text), calendarID: calendarID)
            } catch {
                let failure = error as? APIFailure
                let uncertain = failure.map { $0.mayHaveArrived && ($0.isWorthWaiting || $0 == .malformed) } ?? false
                if uncertain, let found = try? lookForQuickAdd(text, calendarID: calendarID, since: attempted) { return found }
                if uncertain, attempt == 1 {
                    attempt += 1
                    continue
                }
                guard failure?.isWorthWaiting == true else { throw GoogleBackend.fail(error, mayHaveApplied: true) }
                try queue(.quickAdd(calendarID: calendarID, text: text, attempted: uncertain ? attempted : nil), because: error)
                return nil
            }
        }
    }
}

// MARK: - Contacts

extension GoogleBackend: ContactsService {
    package func contacts() throws -> [Contact] {
        try prepare([.contacts])
        return try store.contacts()
    }

    package func contactNames() throws -> [String] {
        try prepare([.contacts])
        return try store.contactNames()
    }

    /// From the synced address book; before the first sync has worked, Google's own search.
    package func lookupContacts(_ name: String, limit: Int) throws -> [Contact] {
        try prepare([.contacts])
        if mirror.lastSync(.contacts) == nil, mirror.standing == .current {
            do {
                return try api.searchContacts(name).compactMap(GoogleCoding.contact).prefix(max(limit, 0)).map { $0 }
            } catch {
                throw GoogleBackend.fail(error, mayHaveApplied: false)
            }
        }
        return try store.lookupContacts(name, limit: limit)
    }

    package func importContacts(_ contacts: [ImportedContact], progress: ImportProgress?) throws -> ImportSummary {
        throw ServiceError.invalid(.contactsAreReadOnly)
    }
}

// MARK: - Files

extension GoogleBackend: FileService {
    package func files(matching text: String?) throws -> [DriveFile] {
        try prepare([.files])
        return try store.files(matching: text)
    }

    package func trashedFiles(matching text: String?) throws -> [DriveFile] {
        try prepare([.files])
        return try store.trashedFiles(matching: text)
    }

    private func storedFile(_ id: String) throws -> DriveFile {
        guard let file = try store.fileReplica(id: id)?.item else { throw ServiceError.notFound(.file, id: id) }
        return file
    }

    /// A file found deleted at Google (a 404 or 410 on it) leaves the mirror, and the person
    /// hears it no longer exists. It stayed, and each request on it said "Google refused
    /// that (404 notFound). Nothing changed."
    private func fileGone(_ id: String) -> ServiceError {
        try? store.removeFile(id: id)
        return ServiceError.notFound(.file, id: id)
    }

    package func readFile(id: String) throws -> String {
        try prepare([])
        let file = try storedFile(id)
        do {
            return String(decoding: try mirror.content(of: file), as: UTF8.self)
        } catch where APIFailure.matches(error, \.isGone) {
            throw fileGone(id)  // deleted at Google since the last sync
        } catch where APIFailure.matches(error, \.isWorthWaiting) {
            // Offline and not cached: what the mirror has (empty when never read).
            return String(decoding: try store.fileBytes(id: id), as: UTF8.self)
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: false)
        }
    }

    /// A Drive id for a new file, from the mirror's pool (`GoogleMirror.takeFileID`), so a
    /// create can be resent (and made offline) under the id it will keep. Offline with the
    /// pool used up (twenty files made offline in a row) it cannot be made, and what kept
    /// Google from giving more is said (a 503, a captive portal; it was always "couldn't
    /// reach Google", also from a Google that answered).
    func newFileID() throws(ServiceError) -> String {
        if let id = mirror.takeFileID() { return id }
        do { try mirror.topUpFileIDs() } catch { throw GoogleBackend.fail(error, mayHaveApplied: false) }
        guard let id = mirror.takeFileID() else { throw .unreachable }
        return id
    }

    package func createFile(named name: String, content: String) throws -> DriveFile {
        try prepare([.files])
        let name = name.trimmingWhitespace()
        guard !name.isEmpty, !name.contains("/"), !name.contains("\u{0}") else { throw ServiceError.invalid(.badFileName(name)) }
        if name.utf8.count > DriveFile.maximumNameBytes { throw ServiceError.invalid(.fileNameTooLong(name, maxBytes: DriveFile.maximumNameBytes)) }
        if try store.files(matching: name).contains(where: { $0.name.lowercased() == name.lowercased() }) {
            throw ServiceError.alreadyExists(.file, name: name)
        }
        let id = try newFileID()
        let type = LocalStore.mimeType(of: name)
        let bytes = Array(content.utf8)
        do {
            if let file = try landFileCreate(id: id, name: name, mimeType: type, content: bytes) { return file }
            throw APIFailure.malformed
        } catch where APIFailure.matches(error, \.isWorthWaiting) {
            try queue(.createFile(id: id, name: name, mimeType: type, content: bytes), because: error)
            return try store.putFile(DriveFile(id: id, name: name, size: bytes.count, modified: now.now(), mimeType: type), content: bytes, unmodeled: nil).item
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: true)
        }
    }

    package func updateFile(id: String, content: String) throws -> DriveFile {
        try updateFile(id: id, content: content, base: nil)
    }

    /// "notes.txt" → "notes (changed offline).txt": where a change made offline to a file
    /// changed elsewhere meanwhile goes.
    static func offlineCopyName(of name: String) -> String {
        name.insertingBeforeExtension(" (changed offline)")
    }

    /// `base`: the content the new one was made from (Drive's, read just before), else the
    /// mirror's copy; a change that waits keeps it, to be compared with Drive's when sent.
    private func updateFile(id: String, content: String, base: String?) throws -> DriveFile {
        try prepare([])
        let file = try storedFile(id)
        guard file.mimeType != GoogleCoding.googleDoc else { throw ServiceError.invalid(.googleDocIsReadOnly) }
        let bytes = Array(content.utf8)
        do {
            if let changed = try mirror.put(file: try api.updateContent(fileID: id, mimeType: file.mimeType, content: bytes), content: bytes) {
                return changed
            }
            throw APIFailure.malformed
        } catch where (error as? APIFailure) == .malformed {
            if let fetched = try? mirror.put(file: try api.file(id: id), content: bytes) { return fetched }
            throw ServiceError.outcomeUnknown
        } catch where APIFailure.matches(error, \.isGone) {
            throw fileGone(id)
        } catch where APIFailure.matches(error, \.isWorthWaiting) {
            let made = base.map { Array($0.utf8) } ?? (try? store.fileBytes(id: id))
            try queue(.updateFile(id: id, mimeType: file.mimeType, content: bytes, base: made, copyID: nil), because: error)
            var local = file
            local.modified = now.now()
            return try store.putFile(local, content: bytes, unmodeled: nil).item
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: true)
        }
    }

    /// The edit is worked out from the content as Drive has it now (not the mirror's copy),
    /// then uploaded. Drive v3 takes no etag on an upload, so a change made elsewhere in the
    /// same moment can still be overwritten. Offline, it is worked out from the mirror's copy
    /// and waits in the outbox with that copy, which Drive's content is compared with when it
    /// is sent (`landFileUpdate`).
    package func editFile(id: String, _ edit: (String) throws -> String) throws -> FileEdit {
        try prepare([])
        let file = try storedFile(id)
        guard file.mimeType != GoogleCoding.googleDoc else { throw ServiceError.invalid(.googleDocIsReadOnly) }
        let previous: String
        do {
            previous = String(decoding: try api.content(of: file), as: UTF8.self)
        } catch where APIFailure.matches(error, \.isWorthWaiting) {
            previous = String(decoding: try store.fileBytes(id: id), as: UTF8.self)
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: false)
        }
        let content = try edit(previous)
        let written = try updateFile(id: id, content: content, base: previous)
        return FileEdit(file: written, previous: previous, content: content)
    }

    private func setTrashed(_ id: String, _ trashed: Bool) throws -> DriveFile {
        try prepare([])
        var file = try storedFile(id)
        do {
            if let changed = try mirror.put(file: try api.patchFile(fileID: id, body: ["trashed": .bool(trashed)])) { return changed }
            throw APIFailure.malformed
        } catch where (error as? APIFailure) == .malformed {
            if let fetched = try? mirror.put(file: try api.file(id: id)) { return fetched }
            throw ServiceError.outcomeUnknown
        } catch where APIFailure.matches(error, \.isGone) {
            throw fileGone(id)
        } catch where APIFailure.matches(error, \.isWorthWaiting) {
            try queue(.trashFile(id: id, trashed: trashed), because: error)
            file.trashed = trashed
            return try store.putFile(file, content: nil, unmodeled: nil).item
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: true)
        }
    }

    package func deleteFilePermanently(id: String) throws {
        try prepare([])
        _ = try storedFile(id)
        do {
            try api.deleteFile(id: id)
        } catch where APIFailure.matches(error, \.isGone) {
            // Already gone on Drive.
        } catch where APIFailure.matches(error, \.isWorthWaiting) {
            try queue(.deleteFile(id: id), because: error)
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: true)
        }
        try store.removeFile(id: id)
    }

    /// Drive's PATCH of the name; the mirror takes Google's answer.
    package func renameFile(id: String, to name: String) throws -> DriveFile {
        try prepare([])
        _ = try storedFile(id)
        do {
            if let changed = try mirror.put(file: try api.patchFile(fileID: id, body: ["name": .string(name)])) { return changed }
            throw APIFailure.malformed
        } catch where APIFailure.matches(error, \.isGone) {
            throw fileGone(id)
        } catch {
            throw GoogleBackend.fail(error, mayHaveApplied: true)
        }
    }

    package func trashFile(id: String) throws {
        _ = try setTrashed(id, true)
    }

    package func restoreFile(id: String) throws -> DriveFile {
        try setTrashed(id, false)
    }

    package func revisions(ofFile id: String) throws -> [FileRevision] {
        try store.revisions(ofFile: id)
    }

    package func readRevision(_ revisionID: String, ofFile id: String) throws -> String {
        try store.readRevision(revisionID, ofFile: id)
    }

}
