import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// update_event with a new calendar: "move the dentist to Work", "put the standup on Personal".
extension Session {
    /// The event goes to the calendar named, after a yes; a repeating one goes whole, with
    /// its changed and skipped days (Google moves whole events, never one day of a series, so
    /// a day named is refused rather than half done). A move said with other changes is
    /// asked for apart. Undo moves it back.
    func moveToCalendar(_ reference: EventReference, _ changes: EventChanges) -> Reply {
        guard let mention = changes.calendar else { return Reply(intent: .updateEvent, ok: false, message: Renderer.whatToChange) }
        var others = changes
        others.calendar = nil
        guard others.isEmpty else { return Reply(intent: .updateEvent, ok: false, message: Renderer.moveApart(mention.name)) }
        let calendars: [CalendarInfo]
        do { calendars = try context.calendars.calendars() } catch { return failure(.updateEvent, error) }
        let destination: CalendarInfo
        switch calendar(mention, among: calendars, intent: .updateEvent, retry: { [unowned self] named in
            var corrected = changes
            corrected.calendar = named
            return updateEvent(reference, corrected)
        }, declined: {
            Reply(intent: .updateEvent, ok: true, message: Renderer.notChanged)
        }) {
        case .found(let found): destination = found
        case .answered(let reply): return reply
        }
        // "move every standup to Work": the series, not a choice among its days.
        var reference = reference
        if reference.isAll, !reference.isLastShown { reference.isAll = false }
        return findEvent(reference, intent: .updateEvent) { [unowned self] event in
            if event.recurringEventID != nil, reference.when != nil || reference.isOneOccurrence {
                return Reply(intent: .updateEvent, ok: false, message: Renderer.cannotMoveOneDay(event, to: destination.name))
            }
            lastShown = event
            guard event.calendarID != destination.id else {
                return Reply(intent: .updateEvent, ok: true, message: Renderer.alreadyOnCalendar(event, destination.name))
            }
            let source = calendars.first { $0.id == event.calendarID } ?? CalendarInfo(id: event.calendarID, name: event.calendarID, timeZone: "UTC", isPrimary: false)
            let id = event.recurringEventID ?? event.id
            let series = event.recurringEventID == nil ? event : (try? context.calendars.event(id: id)) ?? event
            let move = CalendarMove(shown: event, id: id, rule: series.recurrence.first { $0.hasPrefix("RRULE:") }, from: source, to: destination)
            let text = DateText(zone: context.zone)
            let question = Renderer.moveQuestion(move)
            return ask(.confirm(Confirmation(intent: .updateEvent, question: question, defaultYes: true, yes: { [unowned self] in
                performMove(move)
            }, no: {
                Reply(intent: .updateEvent, ok: true, message: Renderer.notChanged)
            })), Reply(intent: .updateEvent, ok: true, message: Renderer.moveSummary(move, text: text) + "\n" + question))
        }
    }

    private func performMove(_ move: CalendarMove) -> Reply {
        do {
            let moved = try context.calendars.moveEvent(id: move.id, toCalendarID: move.to.id)
            record(.movedEvent(move))
            var shown = move.shown
            shown.calendarID = moved.calendarID
            lastShown = shown
            return Reply(intent: .updateEvent, ok: true, message: Renderer.moved(move, undo: context.offersUndo),
                         fields: [("event", eventJSON(moved, calendarNames()))])
        } catch {
            return failure(.updateEvent, error)
        }
    }
}

/// An event moved to another calendar: the event as the person saw it (a repeating one's
/// occurrence), the id that moved (the series' for a repeating one), and the two calendars.
struct CalendarMove {
    var shown: Event
    var id: String
    /// The series' RRULE line, for the card.
    var rule: String?
    var from: CalendarInfo
    var to: CalendarInfo

    /// True when a whole series moves.
    var isSeries: Bool { shown.recurringEventID != nil || !shown.recurrence.isEmpty }
}
