import ClerkCore
import ClerkLanguage
import Foundation

/// calendars, create_calendar, login/logout, out_of_scope.
extension Session {
    func listCalendars() -> Reply {
        do {
            let calendars = try context.calendars.calendars()
            return Reply(intent: .calendars, ok: true, message: Renderer.calendarList(calendars),
                         fields: [("calendars", .array(calendars.map(JSONShapes.calendar)))])
        } catch {
            return failure(.calendars, error)
        }
    }

    func createCalendar(_ name: String) -> Reply {
        let calendars: [CalendarInfo]
        do { calendars = try context.calendars.calendars() } catch { return failure(.createCalendar, error) }
        if let existing = calendars.first(where: { Spelling.fold($0.name) == Spelling.fold(name) }) {
            return Reply(intent: .createCalendar, ok: false, message: Renderer.calendarExists(existing.name))
        }
        let question = Renderer.createCalendarQuestion(name, zone: context.zone.identifier)
        return ask(.confirm(Confirmation(intent: .createCalendar, question: question, defaultYes: true, yes: { [unowned self] in
            do {
                let calendar = try context.calendars.createCalendar(named: name, timeZone: context.zone.identifier)
                namesChanged()
                return Reply(intent: .createCalendar, ok: true, message: Renderer.calendarCreated(calendar.name),
                             fields: [("calendars", .array([JSONShapes.calendar(calendar)]))])
            } catch {
                return failure(.createCalendar, error)
            }
        }, no: { Reply(intent: .createCalendar, ok: true, message: Renderer.nothingChanged) })),
        Reply(intent: .createCalendar, ok: true, message: question))
    }

    func outOfScopeReply(_ text: String, _ outOfScope: OutOfScope) -> Reply {
        if let suggestion = outOfScope.didYouMean {
            let question = Renderer.didYouMean(suggestion)
            return ask(.confirm(Confirmation(intent: .outOfScope, question: question, defaultYes: true, yes: { [unowned self] in
                handle(understand(suggestion))
            }, no: { Reply(intent: .outOfScope, ok: true, message: Renderer.okayThen) })),
            Reply(intent: .outOfScope, ok: true, message: question))
        }
        let said = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return Reply(intent: .outOfScope, ok: false, message: Renderer.outOfScope(said, topic: outOfScope.topic))
    }
}
