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

    package init(text: String, reference: ReferenceTime, router: Router) {
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
        var fields: [(String, JSONValue)] = [
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
        ]
        // Words read as others ("fridya" as "friday"), when there are any.
        if !match.corrections.isEmpty {
            fields.append(("corrections", .array(match.corrections.map { c in
                .object([("text", .string(String(text[c.range]))), ("as", .string(c.word))])
            })))
        }
        return .object(fields)
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
        let reference: ReferenceTime
        switch ParseBatch.reference(of: request, id: id, defaults: defaults) {
        case .success(let made): reference = made
        case .failure(let refusal): return (refusal.json, false)
        }
        return (ParseReport(text: text, reference: reference, router: router).record(id: id), true)
    }

    static func failure(id: JSONValue, _ message: String) -> JSONValue {
        .object([("id", id), ("error", .string(message))])
    }
}

// MARK: The --jsonl answer as bytes

extension ParseReport {
    /// `record(id:)` written straight to bytes: the same bytes as
    /// `record(id:).serializedBytes()`, without the tree of values in between (for
    /// `clerk parse --jsonl`, where building and walking that tree cost as much as reading the
    /// dates). `ParseRecordWriterTests` holds the two to the same bytes.
    public func writeRecord(id: JSONValue, to out: inout [UInt8]) {
        let zone = reference.timeZone
        let f = fields
        let main = f.when
        func key(_ name: StaticString, first: Bool = false) { Self.writeKey(name, first: first, to: &out) }
        func string(_ text: String?) { Self.writeString(text, to: &out) }
        func null() { out.append(contentsOf: "null".utf8) }
        func bool(_ value: Bool) { Self.writeBool(value, to: &out) }
        func local(_ date: Date) { Self.writeLocal(LocalDateTime(date, in: zone), to: &out) }

        out.append(UInt8(ascii: "{"))
        key("id", first: true); id.write(to: &out)
        key("intent"); string(understanding.intent.name.rawValue)
        key("title"); string(f.title)
        key("start"); if let main { local(main.start) } else { null() }
        key("end"); if let main { local(main.end) } else { null() }
        key("allDay"); if let main { bool(f.allDay ?? main.isAllDay) } else { null() }
        key("grain"); string(main?.grain.rawValue)
        key("calendar"); string(f.calendar)
        key("attendees")
        out.append(UInt8(ascii: "["))
        for (index, person) in f.attendees.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            key("name", first: true); string(person.name)
            key("email"); string(person.email)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        key("location"); string(f.location)
        key("recurrence"); string(f.recurrence)
        key("range")
        if let range = f.range {
            out.append(UInt8(ascii: "{"))
            key("start", first: true); local(range.start)
            key("end"); local(range.end)
            out.append(UInt8(ascii: "}"))
        } else {
            null()
        }
        key("contact"); string(f.contact)
        key("file"); string(f.file)
        key("rule"); string(understanding.rule)
        key("slots")
        out.append(UInt8(ascii: "["))
        for (index, slot) in understanding.slots.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            key("kind", first: true); string(slot.kind.rawValue)
            key("value"); string(slot.value)
            key("text")
            out.append(UInt8(ascii: "["))
            for (at, range) in slot.ranges.enumerated() {
                if at > 0 { out.append(UInt8(ascii: ",")) }
                string(String(text[range]))
            }
            out.append(UInt8(ascii: "]"))
            key("rule"); string(slot.rule)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        key("dates")
        out.append(UInt8(ascii: "["))
        for (index, match) in dates.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            writeDate(match, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        out.append(UInt8(ascii: "}"))
    }

    /// `"name":`, after a comma unless it is the object's first key.
    static func writeKey(_ name: StaticString, first: Bool, to out: inout [UInt8]) {
        if !first { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
    }

    static func writeBool(_ value: Bool, to out: inout [UInt8]) { out.append(contentsOf: (value ? "true" : "false").utf8) }

    /// A JSON string, or `null` for nil.
    static func writeString(_ text: String?, to out: inout [UInt8]) {
        if let text { JSONValue.writeString(text, to: &out) } else { out.append(contentsOf: "null".utf8) }
    }

    /// `dateJSON(_:)` as bytes.
    private func writeDate(_ match: DateMatch, to out: inout [UInt8]) {
        let zone = reference.timeZone
        func key(_ name: StaticString, first: Bool = false) { Self.writeKey(name, first: first, to: &out) }
        func string(_ text: String?) { Self.writeString(text, to: &out) }
        out.append(UInt8(ascii: "{"))
        key("text", first: true); string(String(text[match.range]))
        key("rule"); string(match.rule)
        key("start"); Self.writeLocal(LocalDateTime(match.start, in: zone), to: &out)
        key("end"); Self.writeLocal(LocalDateTime(match.end, in: zone), to: &out)
        key("allDay"); Self.writeBool(match.isAllDay, to: &out)
        key("grain"); string(match.grain.rawValue)
        key("known")
        out.append(UInt8(ascii: "["))
        var first = true
        let names: [(KnownParts, StaticString)] = [(.date, "date"), (.time, "time"), (.end, "end"), (.duration, "duration"),
                                                   (.year, "year"), (.timeZone, "timeZone"), (.recurrence, "recurrence")]
        for (part, name) in names where match.known.contains(part) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: "]"))
        key("recurrence"); string(match.recurrence)
        key("timeZone"); string(match.statedTimeZone?.identifier)
        key("parts")
        out.append(UInt8(ascii: "["))
        for (index, part) in match.parts.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            key("text", first: true); string(String(text[part.range]))
            key("role"); string(part.role)
            key("rule"); string(part.rule)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        if !match.corrections.isEmpty {
            key("corrections")
            out.append(UInt8(ascii: "["))
            for (index, correction) in match.corrections.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "{"))
                key("text", first: true); string(String(text[correction.range]))
                key("as"); string(correction.word)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `"YYYY-MM-DDTHH:MM:SS"`, as `LocalDateTime.iso` writes it (a year below zero with a
    /// minus, a year past 9999 with all its digits).
    static func writeLocal(_ time: LocalDateTime, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        out.appendDecimal(time.year, width: 4)
        out.append(UInt8(ascii: "-")); out.appendDecimal(time.month, width: 2)
        out.append(UInt8(ascii: "-")); out.appendDecimal(time.day, width: 2)
        out.append(UInt8(ascii: "T")); out.appendDecimal(time.hour, width: 2)
        out.append(UInt8(ascii: ":")); out.appendDecimal(time.minute, width: 2)
        out.append(UInt8(ascii: ":")); out.appendDecimal(time.second, width: 2)
        out.append(UInt8(ascii: "\""))
    }
}

extension ParseBatch {
    /// A `clerk parse --jsonl` run: one router for every line, and the reference of the line
    /// before, reused when a line gives the same `now` and `tz` (a corpus read at one
    /// reference time asks the zone database once, not once a line). The answers are those of
    /// `answer(line:defaults:router:)`, byte for byte.
    public final class Reader {
        let defaults: ReferenceTime
        let router: Router
        private var lastKey: (tz: JSONValue?, now: JSONValue?)?
        private var lastReference: ReferenceTime?

        public init(defaults: ReferenceTime, router: Router = Router()) {
            self.defaults = defaults
            self.router = router
        }

        /// Appends the answer to `line` to `out` (without a line end); false for an
        /// `{"id", "error"}` answer.
        public func answer(line: String, to out: inout [UInt8]) -> Bool {
            let request: JSONValue
            do {
                request = try JSONValue.parse(line)
            } catch {
                ParseBatch.failure(id: .null, Renderer.batchLineUnreadable(error.description)).write(to: &out)
                return false
            }
            guard request.objectValue != nil else {
                ParseBatch.failure(id: .null, Renderer.batchLineNotObject).write(to: &out)
                return false
            }
            let id = request["id"] ?? .null
            guard let text = request["text"]?.stringValue else {
                ParseBatch.failure(id: id, Renderer.batchLineNeedsText).write(to: &out)
                return false
            }
            let key = (tz: request["tz"], now: request["now"])
            let reference: ReferenceTime
            if let lastKey, let lastReference, lastKey.tz == key.tz, lastKey.now == key.now {
                reference = lastReference
            } else {
                switch ParseBatch.reference(of: request, id: id, defaults: defaults) {
                case .success(let made):
                    reference = made
                    lastKey = key
                    lastReference = made
                case .failure(let failure):
                    failure.json.write(to: &out)
                    return false
                }
            }
            ParseReport(text: text, reference: reference, router: router).writeRecord(id: id, to: &out)
            return true
        }
    }

    /// An `{"id", "error"}` answer, as a failure.
    struct Refusal: Error {
        var json: JSONValue
    }

    /// The reference time a request asks for: its `tz` and `now`, else `defaults`.
    static func reference(of request: JSONValue, id: JSONValue, defaults: ReferenceTime) -> Result<ReferenceTime, Refusal> {
        var reference = defaults
        if let tz = request["tz"], !tz.isNull {
            guard let name = tz.stringValue, let zone = ClockText.timeZone(name) else {
                return .failure(Refusal(json: failure(id: id, Renderer.badZone(request["tz"]?.stringValue ?? tz.serialized()))))
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
                return .failure(Refusal(json: failure(id: id, Renderer.badNow(request["now"]?.stringValue ?? now.serialized()))))
            }
            reference.instant = instant
        }
        return .success(reference)
    }
}
