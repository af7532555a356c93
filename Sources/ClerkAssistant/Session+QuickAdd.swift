import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// Google's own reading of a line (Calendar's quickAdd): asked for with "quick add: …", or
/// offered when clerk finds no date at all in a new event. The card says Google will read
/// the text; the reply shows what Google made of it, and undo deletes it.
extension Session {
    /// The text after a "quick add" prefix ("quick add: dinner with Ana friday 8pm",
    /// "quickadd lunch"), nil when the line does not start with one.
    static func quickAddText(_ line: String) -> String? {
        let lower = line.lowercased()
        for prefix in ["quick add", "quickadd", "quick-add"] where lower.hasPrefix(prefix) {
            let rest = line.dropFirst(prefix.count).drop { $0 == ":" || $0 == " " || $0 == "-" }
            return rest.isEmpty ? nil : String(rest)
        }
        return nil
    }

    /// Asks before letting Google read `text` onto the primary (or the only) calendar.
    func offerQuickAdd(_ text: String) -> Reply {
        guard context.quickAdd != nil else {
            return handle(understand(text))
        }
        let calendars: [CalendarInfo]
        do { calendars = try context.calendars.calendars() } catch { return failure(.createEvent, error) }
        guard let calendar = calendars.first(where: \.isPrimary) ?? calendars.first else {
            return Reply(intent: .createEvent, ok: false, message: Renderer.noCalendars)
        }
        let question = Renderer.quickAddQuestion(text, calendar: calendar.name)
        return ask(.confirm(Confirmation(intent: .createEvent, question: question, defaultYes: true, yes: { [unowned self] in
            quickAdd(text, calendar: calendar)
        }, no: { Reply(intent: .createEvent, ok: true, message: Renderer.nothingChanged) })),
        Reply(intent: .createEvent, ok: true, message: question))
    }

    private func quickAdd(_ text: String, calendar: CalendarInfo) -> Reply {
        guard let service = context.quickAdd else { return Reply(intent: .createEvent, ok: false, message: Renderer.noCalendars) }
        do {
            guard let event = try service.quickAdd(text, calendarID: calendar.id) else {
                return Reply(intent: .createEvent, ok: true, message: Renderer.quickAddWaits(text))
            }
            lastShown = event
            record(.createdEvent(event))
            return Reply(intent: .createEvent, ok: true,
                         message: Renderer.quickAdded(event, calendar: calendar.name, text: DateText(zone: context.zone)),
                         fields: [("event", JSONShapes.event(event, calendarName: calendar.name, zone: context.zone))])
        } catch {
            return failure(.createEvent, error)
        }
    }
}
