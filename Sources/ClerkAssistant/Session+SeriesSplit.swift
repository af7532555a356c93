import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// "move yoga to 7pm from now on": a repeating event changed from its next time on, the
/// times before kept as they were (`CalendarService.splitSeries`).
extension Session {
    /// How far ahead the next time of a series is looked for: two years and a day (a yearly
    /// series happens within it).
    static let nextTimeHorizonDays = 732

    /// The card for a change of the series `seriesID` (of which `found` is an event) from
    /// its next time on: the change as that time gets it, the day it starts from, and a
    /// question. Nil when the next time is the series' first: then the whole series changes.
    /// `dayNamed`: the event was named by its day, which is the time to start from when it is
    /// still to come.
    func changeFromNowOn(_ found: Event, series seriesID: String, changes: EventChanges, added: [Attendee], dayNamed: Bool) -> Reply? {
        let zone = context.zone, now = context.now.now()
        let text = DateText(zone: zone)
        func original(_ event: Event) -> Date { (event.originalStart ?? event.when).startInstant(in: zone) }
        let master: Event, next: Event?
        do {
            guard let stored = try context.calendars.event(id: seriesID) else { return failure(.updateEvent, ServiceError.notFound(.event, id: seriesID)) }
            master = stored
            if dayNamed, found.recurringEventID == seriesID, original(found) >= now {
                next = found
            } else {
                let horizon = now + Double(Self.nextTimeHorizonDays) * 86_400
                next = try context.calendars.events(from: now, to: horizon, calendarIDs: [found.calendarID])
                    .filter { $0.recurringEventID == seriesID && original($0) >= now }
                    .min { original($0) < original($1) }
            }
        } catch {
            return failure(.updateEvent, error)
        }
        guard let next else { return Reply(intent: .updateEvent, ok: true, message: Renderer.noTimesToCome(master)) }
        let masterStart = master.when.startInstant(in: zone), start = original(next)
        if start <= masterStart { return nil }
        // The time as the series makes it (a changed one's own changes aside).
        var before = master
        before.when = master.when.shifted(bySeconds: start.timeIntervalSince(masterStart))
        before.recurrence = []
        before.recurringEventID = seriesID
        before.originalStart = next.originalStart
        let suffix = master.when.isAllDay ? ExceptionLines.basic(text.localDate(start)) : ExceptionLines.basicUTC(start)
        before.id = seriesID + "_" + suffix
        let after = patch(changes, of: before, adding: added).applied(to: before)
        guard after != before else {
            lastShown = next
            return Reply(intent: .updateEvent, ok: true, message: Renderer.alreadySo(next, text: text))
        }
        let day = text.localDate(start)
        let summary = Renderer.changeSummary(before: before, after: after, text: text) + "\n  " + Renderer.fromThenOn(day, text: text)
        let question = Renderer.changeFromNowOnQuestion(master)
        let occurrenceID = before.id, newID = context.makeID()
        return ask(.confirm(Confirmation(intent: .updateEvent, question: question, defaultYes: true, yes: { [unowned self] in
            do {
                // Made again from the series as stored when the answer comes.
                let split = try context.calendars.splitSeries(occurrenceID: occurrenceID, newID: newID) { [unowned self] current in
                    self.patch(changes, of: current, adding: added)
                }
                record(.splitSeries(split))
                lastShown = split.started
                return Reply(intent: .updateEvent, ok: true, message: Renderer.splitDone(split, text: text, undo: context.offersUndo),
                             fields: [("event", eventJSON(split.started, calendarNames()))])
            } catch {
                return failure(.updateEvent, error)
            }
        }, no: {
            Reply(intent: .updateEvent, ok: true, message: Renderer.notChanged)
        })), Reply(intent: .updateEvent, ok: true, message: summary + "\n" + question))
    }
}
