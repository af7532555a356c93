public import ClerkCore
public import ClerkLanguage
import Foundation

/// `clerk parse`: how a phrase is read, without touching any store.
///
/// The router reads the intent and its slots (running the date reader on the way); the
/// phrase's main date reading is the one the intent uses, else the longest found.
/// `record` is the `--jsonl` contract of DESIGN.md.
public struct ParseReport: Sendable {
    var text: String
    var reference: ReferenceTime
    /// The intent, its slots and the dates, as the router read them.
    var understanding: Understanding
    /// Every date or time expression found, in text order.
    var dates: [DateMatch] { understanding.dates }

    public init(text: String, reference: ReferenceTime, reader: DateReader = DateReader()) {
        self.init(text: text, reference: reference, router: Router(dates: reader))
    }

    init(text: String, reference: ReferenceTime, router: Router) {
        self.text = text
        self.reference = reference
        self.understanding = router.understand(text, at: reference)
    }

    /// The reading that stands for the phrase: the longest expression, the first on a tie.
    var primary: DateMatch? {
        dates.max { a, b in
            let la = text.utf8.distance(from: a.range.lowerBound, to: a.range.upperBound)
            let lb = text.utf8.distance(from: b.range.lowerBound, to: b.range.upperBound)
            return la < lb || (la == lb && a.range.lowerBound > b.range.lowerBound)
        }
    }

    /// The parse contract's fields, taken from the intent: what each intent says about an
    /// event's title, time, calendar, people and place, a query's range, a contact, a file.
    struct Fields: Sendable {
        var title: String?
        var when: DateMatch?
        var allDay: Bool?
        var calendar: String?
        var attendees: [Attendee] = []
        var location: String?
        var recurrence: String?
        var range: DateInterval?
        var contact: String?
        var file: String?
    }

    var fields: Fields {
        var f = Fields()
        switch understanding.intent {
        case .createEvent(let e):
            f.title = e.title.isEmpty ? nil : e.title
            f.when = e.when
            f.allDay = e.isAllDay
            f.calendar = e.calendar?.name
            f.attendees = e.attendees
            f.location = e.location
            f.recurrence = e.recurrence
        case .queryAgenda(let q):
            f.title = q.words
            f.when = q.when
            f.calendar = q.calendar?.name
            f.range = q.range
            if let a = q.attendee { f.attendees = [Attendee(name: a)] }
        case .updateEvent(let reference, let change):
            f.title = change.title ?? reference.words
            f.when = change.when ?? reference.when
            f.calendar = (change.calendar ?? reference.calendar)?.name
            f.attendees = change.addAttendees
            f.location = change.location
            f.recurrence = change.recurrence
        case .deleteEvent(let reference):
            f.title = reference.words
            f.when = reference.when
            f.calendar = reference.calendar?.name
            if let a = reference.attendee { f.attendees = [Attendee(name: a)] }
        case .contactLookup(let c):
            f.contact = c.name.isEmpty ? nil : c.name
        case .fileRead(let name), .fileDelete(let name):
            f.file = name
        case .fileWrite(let write):
            f.file = write.name
        case .fileList(let filter):
            f.title = filter
        case .createCalendar(let name), .deleteCalendar(let name), .updateCalendar(let name, _):
            f.calendar = name
        case .calendars, .help, .login, .logout, .status, .undo, .quit, .outOfScope:
            break
        }
        // A phrase that is only a date or time still shows its reading.
        if f.when == nil { f.when = primary }
        if f.recurrence == nil { f.recurrence = f.when?.recurrence }
        return f
    }

    /// The `--jsonl` answer for this phrase (DESIGN.md "Contracts"): times are naive local
    /// `YYYY-MM-DDTHH:MM:SS` in the request's zone; all-day values run from 00:00 to the next
    /// midnight. After the contract's fields: the rule that chose the intent, each slot with
    /// the words it came from, and every date found.
    public func record(id: JSONValue) -> JSONValue {
        let zone = reference.timeZone
        let f = fields
        let main = f.when
        func local(_ date: Date) -> JSONValue { .string(LocalDateTime(date, in: zone).iso) }
        return .object([
            ("id", id),
            ("intent", .string(understanding.intent.name.rawValue)),
            ("title", .string(orNull: f.title)),
            ("start", main.map { local($0.start) } ?? .null),
            ("end", main.map { local($0.end) } ?? .null),
            ("allDay", main.map { .bool(f.allDay ?? $0.isAllDay) } ?? .null),
            ("grain", main.map { .string($0.grain.rawValue) } ?? .null),
            ("calendar", .string(orNull: f.calendar)),
            ("attendees", .array(f.attendees.map { .object([("name", .string(orNull: $0.name)), ("email", .string(orNull: $0.email))]) })),
            ("location", .string(orNull: f.location)),
            ("recurrence", .string(orNull: f.recurrence)),
            ("range", f.range.map { .object([("start", local($0.start)), ("end", local($0.end))]) } ?? .null),
            ("contact", .string(orNull: f.contact)),
            ("file", .string(orNull: f.file)),
            ("rule", .string(understanding.rule)),
            ("slots", .array(understanding.slots.map(slotJSON))),
            ("dates", .array(dates.map(dateJSON))),
        ])
    }

    /// One slot: what it is, its value, the words it came from, the rule that made it.
    func slotJSON(_ slot: Slot) -> JSONValue {
        .object([
            ("kind", .string(slot.kind.rawValue)),
            ("value", .string(slot.value)),
            ("text", .array(slot.ranges.map { .string(String(text[$0])) })),
            ("rule", .string(slot.rule)),
        ])
    }

    /// One date expression in detail: its text, the rule that read it, its span and parts.
    func dateJSON(_ match: DateMatch) -> JSONValue {
        let zone = reference.timeZone
        var known: [JSONValue] = []
        let names: [(KnownParts, String)] = [(.date, "date"), (.time, "time"), (.end, "end"), (.duration, "duration"),
                                             (.year, "year"), (.timeZone, "timeZone"), (.recurrence, "recurrence")]
        for (part, name) in names where match.known.contains(part) { known.append(.string(name)) }
        return .object([
            ("text", .string(String(text[match.range]))),
            ("rule", .string(match.rule)),
            ("start", .string(LocalDateTime(match.start, in: zone).iso)),
            ("end", .string(LocalDateTime(match.end, in: zone).iso)),
            ("allDay", .bool(match.isAllDay)),
            ("grain", .string(match.grain.rawValue)),
            ("known", .array(known)),
            ("recurrence", match.recurrence.map { .string($0) } ?? .null),
            ("timeZone", match.statedTimeZone.map { .string($0.identifier) } ?? .null),
            ("parts", .array(match.parts.map { part in
                .object([("text", .string(String(text[part.range]))), ("role", .string(part.role)), ("rule", .string(part.rule))])
            })),
        ])
    }

    /// The person-facing explanation (see `Renderer.explanation`).
    public var explanation: String { Renderer.explanation(of: self) }
}

/// `clerk parse --jsonl`: one request object per line in, one answer object per line out.
public enum ParseBatch {
    /// Answers one line `{"id", "text", "now", "tz"}`; `now` and `tz` fall back to `defaults`.
    /// A line that cannot be read gets `{"id", "error"}` and `ok == false`.
    public static func answer(line: String, defaults: ReferenceTime, router: Router = Router()) -> (json: JSONValue, ok: Bool) {
        let request: JSONValue
        do {
            request = try JSONValue.parse(line)
        } catch {
            return (failure(id: .null, Renderer.batchLineUnreadable(error.description)), false)
        }
        guard request.objectValue != nil else {
            return (failure(id: .null, Renderer.batchLineNotObject), false)
        }
        let id = request["id"] ?? .null
        guard let text = request["text"]?.stringValue else {
            return (failure(id: id, Renderer.batchLineNeedsText), false)
        }
        var reference = defaults
        if let tz = request["tz"], !tz.isNull {
            guard let name = tz.stringValue, let zone = ClockText.timeZone(name) else {
                return (failure(id: id, Renderer.badZone(request["tz"]?.stringValue ?? tz.serialized())), false)
            }
            reference.timeZone = zone
            if request["now"] == nil || request["now"]!.isNull {
                // The same wall-clock moment, read in the request's zone.
                let wall = LocalDateTime(defaults.instant, in: defaults.timeZone).iso
                reference.instant = ClockText.instant(wall, in: zone) ?? defaults.instant
            }
        }
        if let now = request["now"], !now.isNull {
            guard let value = now.stringValue, let instant = ClockText.instant(value, in: reference.timeZone) else {
                return (failure(id: id, Renderer.badNow(request["now"]?.stringValue ?? now.serialized())), false)
            }
            reference.instant = instant
        }
        return (ParseReport(text: text, reference: reference, router: router).record(id: id), true)
    }

    private static func failure(id: JSONValue, _ message: String) -> JSONValue {
        .object([("id", id), ("error", .string(message))])
    }
}
