import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// update_event with two events exchanging times: "swap lunch and the dentist", "trade my
/// 2pm and 4pm".
extension Session {
    /// Finds the two events (asking which when several fit), shows where each goes, and after
    /// a yes changes both in one step (`CalendarService.patchEvents`: all or nothing). A
    /// repeating event's occurrence found is the one that moves. One undo puts both back.
    func swapEvents(_ first: EventReference, _ second: EventReference) -> Reply {
        findEvent(first, intent: .updateEvent) { [unowned self] one in
            findEvent(second, intent: .updateEvent) { [unowned self] other in
                swapTimes(one, other)
            }
        }
    }

    /// How far each of two events moves so that they exchange times: the later one to the
    /// earlier one's start, the earlier one to the later one's start, each keeping its length
    /// (two back to back stay back to back: the earlier one then follows the later one).
    /// Keyed by event id; nil when they start together (nothing to exchange).
    static func swapShifts(_ a: Event, _ b: Event, zone: Zone) -> [String: TimeInterval]? {
        let (earlier, later) = a.when.startInstant(in: zone) <= b.when.startInstant(in: zone) ? (a, b) : (b, a)
        let earlyStart = earlier.when.startInstant(in: zone), lateStart = later.when.startInstant(in: zone)
        guard earlyStart != lateStart else { return nil }
        let laterLength = later.when.endInstant(in: zone).timeIntervalSince(lateStart)
        let backToBack = earlier.when.endInstant(in: zone) == lateStart
        let earlierTo = backToBack ? earlyStart + laterLength : lateStart
        return [earlier.id: earlierTo.timeIntervalSince(earlyStart), later.id: earlyStart.timeIntervalSince(lateStart)]
    }

    private func swapTimes(_ one: Event, _ other: Event) -> Reply {
        guard one.id != other.id else { return Reply(intent: .updateEvent, ok: false, message: Renderer.swapSameEvent(one)) }
        guard one.when.isAllDay == other.when.isAllDay else {
            return Reply(intent: .updateEvent, ok: false, message: Renderer.swapAllDayWithTimed(one, other))
        }
        let zone = context.zone
        guard let shifts = Self.swapShifts(one, other, zone: zone) else {
            return Reply(intent: .updateEvent, ok: true, message: Renderer.swapSameTime(one, other))
        }
        let text = DateText(zone: zone)
        let moved = [one, other].map { (event: $0, after: EventPatch(when: $0.when.shifted(bySeconds: shifts[$0.id] ?? 0)).applied(to: $0)) }
        let lines = [Renderer.swapHeading(one, other)] + moved.map { Renderer.moveLine(before: $0.event, after: $0.after, text: text) }
        let question = Renderer.swapQuestion
        return ask(.confirm(Confirmation(intent: .updateEvent, question: question, defaultYes: true, yes: { [unowned self] in
            do {
                // Each new time worked out again from the event as stored, by the same shift.
                let edits = try context.calendars.patchEvents(ids: [one.id, other.id]) { current in
                    EventPatch(when: current.when.shifted(bySeconds: shifts[current.id] ?? 0))
                }
                record(.updatedEvents(zip([one.id, other.id], edits).map { (before: $1.before, after: $1.after, id: $0) }))
                lastShown = nil
                lastListing = edits.map(\.after)
                let names = calendarNames()
                return Reply(intent: .updateEvent, ok: true, message: Renderer.swapped(one, other, undo: context.offersUndo),
                             fields: [("events", .array(edits.map { eventJSON($0.after, names) }))])
            } catch {
                return failure(.updateEvent, error)
            }
        }, no: {
            Reply(intent: .updateEvent, ok: true, message: Renderer.notChanged)
        })), Reply(intent: .updateEvent, ok: true, message: lines.joined(separator: "\n") + "\n" + question))
    }
}
