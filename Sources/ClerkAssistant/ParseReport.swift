public import ClerkCore
public import ClerkLanguage
import FoundationEssentials

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
        // `.none` passed, not defaulted: a default argument is a copy of the value, made and
        // destroyed each line.
        self.understanding = router.understand(text, at: reference, known: .none).onLine(text)
    }

    /// The report of a line whose dates were already read (`DateReader.readings`).
    package init(text: String, reference: ReferenceTime, router: Router, readings: DateReader.Readings) {
        self.text = text
        self.reference = reference
        // (On the line: the router may have read it said otherwise, "their time" as a place's.)
        self.understanding = router.understand(text, readings: readings, at: reference, known: .none).onLine(text)
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
        var when: Moment?
        var allDay: Bool?
        var calendar: String?
        var attendees: [Attendee] = []
        var location: String?
        var recurrence: String?
        var range: DateInterval?
        var contact: String?
        var file: String?
    }

    /// What the answer says of the main reading. Only these parts of it, taken as the
    /// intent is read: a whole reading copied in and out cost more than writing it.
    struct Moment: Sendable {
        var start: Date
        var end: Date
        var isAllDay: Bool
        var grain: Grain
        var recurrence: String?

        init(_ match: DateMatch) {
            start = match.start
            end = match.end
            isAllDay = match.isAllDay
            grain = match.grain
            recurrence = match.recurrence
        }
    }

    var fields: Fields {
        var f = Self.fields(of: understanding.intent)
        complete(&f)
        return f
    }

    /// `f`, the intent's fields (`fields(of:)`), with the main reading of a line that only
    /// says a date or time. (Made where they are written, not passed in to be set: a `Fields`
    /// made empty first was destroyed again when set, ~150 instructions a line.)
    func complete(_ f: inout Fields) {
        // A phrase that is only a date or time still shows its reading.
        if f.when == nil { f.when = primary.map(Moment.init) }
        if f.recurrence == nil, let recurrence = f.when?.recurrence { f.recurrence = recurrence }
    }

    /// What `intent` says of the fields, read where it lies (borrowed: the getter's switch
    /// copied the whole intent, 457 bytes and every payload field retained, and destroyed it).
    /// Made whole and returned: set field by field in a `Fields` passed in, each old value
    /// released on the way, the payload was copied whole (every field retained, ~500
    /// instructions a line) to outlive those releases.
    private static func fields(of intent: borrowing Intent) -> Fields {
        switch intent {
        case .createEvent(let e):
            return Fields(title: e.title.isEmpty ? nil : e.title, when: e.when.map(Moment.init), allDay: e.isAllDay, calendar: name(of: e.calendar),
                          attendees: e.attendees, location: e.location, recurrence: e.recurrence)
        case .queryAgenda(let q):
            return Fields(title: q.words, when: q.when.map(Moment.init), calendar: name(of: q.calendar),
                          attendees: q.attendee.map { [Attendee(name: $0)] } ?? [], range: q.range)
        case .updateEvent(let reference, let change):
            return Fields(title: change.title ?? reference.words, when: change.when.map(Moment.init) ?? reference.when.map(Moment.init),
                          calendar: (change.calendar ?? reference.calendar)?.name, attendees: change.addAttendees,
                          location: change.location, recurrence: change.recurrence)
        case .deleteEvent(let reference):
            return Fields(title: reference.words, when: reference.when.map(Moment.init), calendar: name(of: reference.calendar),
                          attendees: reference.attendee.map { [Attendee(name: $0)] } ?? [])
        case .contactLookup(let c):
            return Fields(contact: c.name.isEmpty ? nil : c.name)
        case .fileRead(let name), .fileDelete(let name), .fileLines(let name, _):
            return Fields(file: name)
        case .fileSearch(let text, let file):
            return Fields(title: text, file: file)
        case .fileWrite(let write):
            // "tick off eggs" names no file: the session finds it.
            return Fields(file: write.name.isEmpty ? nil : write.name)
        case .fileList(let filter):
            return Fields(title: filter)
        case .createCalendar(let name), .deleteCalendar(let name), .updateCalendar(let name, _):
            return Fields(calendar: name)
        case .calendars, .help, .login, .logout, .status, .undo, .lastChange, .quit, .outOfScope, .fileTrash:
            return Fields()
        }
    }

    /// `calendar?.name`, in a call of its own: worked out in `fields(of:)`, the copy of the
    /// mention and the release of its other names made the payload copied whole to outlive them.
    @inline(never) private static func name(of calendar: CalendarMention?) -> String? { calendar?.name }

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
        // The days a repeat leaves out ("except Dec 28"), when there are any.
        if !match.exceptions.isEmpty {
            fields.append(("exceptions", .array(match.exceptions.map { .string($0.iso) })))
        }
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
            request = try JSONValue.parse(line, exact: true)
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
    /// dates). The keys and the punctuation between them are constant runs of bytes, each
    /// written with one append. `ParseRecordWriterTests` holds the two to the same bytes.
    package func writeRecord(id: JSONValue, to out: inout ByteWriter) {
        out.append("{\"id\":"); id.write(to: &out)
        var days = LocalTimes.Days()
        writeFields(to: &out, days: &days)
    }

    /// What `writeRecord` writes after the id (for a reader that writes the id from its
    /// bytes), with the dates' text kept in `days` for the next answer.
    func writeFields(to out: inout ByteWriter, days: inout LocalTimes.Days) {
        var times = LocalTimes(zone: reference.timeZone, days: days)
        defer { days = times.days }
        var f = Self.fields(of: understanding.intent)
        complete(&f)
        out.append(",\"intent\":"); out.append(Self.quoted(understanding.intent.name))
        out.append(",\"title\":"); Self.writeString(f.title, to: &out)
        if let main = f.when {
            out.append(",\"start\":"); times.write(main.start, to: &out)
            out.append(",\"end\":"); times.write(main.end, to: &out)
            out.append(",\"allDay\":"); Self.writeBool(f.allDay ?? main.isAllDay, to: &out)
            out.append(",\"grain\":"); out.append(Self.quoted(main.grain))
        } else {
            out.append(",\"start\":null,\"end\":null,\"allDay\":null,\"grain\":null")
        }
        out.append(",\"calendar\":"); Self.writeString(f.calendar, to: &out)
        out.append(",\"attendees\":[")
        for (index, person) in f.attendees.enumerated() {
            out.append(index == 0 ? "{\"name\":" : ",{\"name\":"); Self.writeString(person.name, to: &out)
            out.append(",\"email\":"); Self.writeString(person.email, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append("],\"location\":"); Self.writeString(f.location, to: &out)
        out.append(",\"recurrence\":"); Self.writeString(f.recurrence, to: &out)
        if let range = f.range {
            out.append(",\"range\":{\"start\":"); times.write(range.start, to: &out)
            out.append(",\"end\":"); times.write(range.end, to: &out)
            out.append(UInt8(ascii: "}"))
        } else {
            out.append(",\"range\":null")
        }
        out.append(",\"contact\":"); Self.writeString(f.contact, to: &out)
        out.append(",\"file\":"); Self.writeString(f.file, to: &out)
        out.append(",\"rule\":"); Self.writeString(understanding.rule, to: &out)
        out.append(",\"slots\":[")
        // Slots, dates and parts are walked by index and read where they lie: `enumerated()`
        // copied each one out (retaining its strings and arrays) and destroyed it.
        let slots = understanding.slots
        for index in slots.indices {
            out.append(index == 0 ? "{\"kind\":" : ",{\"kind\":"); out.append(Self.quoted(slots[index].kind))
            out.append(",\"value\":"); Self.writeString(slots[index].value, to: &out)
            out.append(",\"text\":[")
            for (at, range) in slots[index].ranges.enumerated() {
                if at > 0 { out.append(UInt8(ascii: ",")) }
                writeText(range, to: &out)
            }
            out.append("],\"rule\":"); Self.writeString(slots[index].rule, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append("],\"dates\":[")
        // Through the buffer: a date holds a `Date`, whose layout another module keeps, so
        // `dates[index]` was a copy (every string and array retained) made and destroyed.
        understanding.dates.withUnsafeBufferPointer { dates in
            for index in dates.indices {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeDate(dates.baseAddress! + index, times: &times, to: &out)
            }
        }
        out.append("]}")
    }

    /// The answer as bytes, for tests and one-off callers (`writeRecord` appends them).
    package func recordBytes(id: JSONValue) -> [UInt8] {
        var out = ByteWriter(capacity: 1024)
        writeRecord(id: id, to: &out)
        return out.bytes
    }

    static func writeBool(_ value: Bool, to out: inout ByteWriter) { out.append(value ? "true" : "false") }

    // The names the answer writes of a few enums, as JSON strings made at compile time:
    // `writeString` of a raw value cost ~130 instructions, four or five a line, where a
    // constant run of bytes is one append. A case added to one of the enums is added here
    // (the switches are exhaustive); `ParseRecordWriterTests` holds each to `writeString`.

    /// `IntentName`'s raw value as a JSON string, quotes and all.
    package static func quoted(_ value: IntentName) -> StaticString {
        switch value {
        case .createEvent: "\"create_event\""
        case .queryAgenda: "\"query_agenda\""
        case .updateEvent: "\"update_event\""
        case .deleteEvent: "\"delete_event\""
        case .contactLookup: "\"contact_lookup\""
        case .fileList: "\"file_list\""
        case .fileRead: "\"file_read\""
        case .fileWrite: "\"file_write\""
        case .fileDelete: "\"file_delete\""
        case .calendars: "\"calendars\""
        case .createCalendar: "\"create_calendar\""
        case .deleteCalendar: "\"delete_calendar\""
        case .updateCalendar: "\"update_calendar\""
        case .help: "\"help\""
        case .login: "\"login\""
        case .logout: "\"logout\""
        case .status: "\"status\""
        case .undo: "\"undo\""
        case .quit: "\"quit\""
        case .outOfScope: "\"out_of_scope\""
        }
    }

    /// `Grain`'s raw value as a JSON string, quotes and all.
    package static func quoted(_ value: Grain) -> StaticString {
        switch value {
        case .second: "\"second\""
        case .minute: "\"minute\""
        case .hour: "\"hour\""
        case .day: "\"day\""
        case .week: "\"week\""
        case .month: "\"month\""
        case .quarter: "\"quarter\""
        case .year: "\"year\""
        }
    }

    /// `Slot.Kind`'s raw value as a JSON string, quotes and all.
    package static func quoted(_ value: Slot.Kind) -> StaticString {
        switch value {
        case .command: "\"command\""
        case .title: "\"title\""
        case .when: "\"when\""
        case .duration: "\"duration\""
        case .recurrence: "\"recurrence\""
        case .reminder: "\"reminder\""
        case .allDay: "\"allDay\""
        case .calendar: "\"calendar\""
        case .attendee: "\"attendee\""
        case .removedAttendee: "\"removedAttendee\""
        case .location: "\"location\""
        case .notes: "\"notes\""
        case .reference: "\"reference\""
        case .words: "\"words\""
        case .freeTime: "\"freeTime\""
        case .next: "\"next\""
        case .count: "\"count\""
        case .overlaps: "\"overlaps\""
        case .pick: "\"pick\""
        case .all: "\"all\""
        case .series: "\"series\""
        case .fromNowOn: "\"fromNowOn\""
        case .contact: "\"contact\""
        case .field: "\"field\""
        case .file: "\"file\""
        case .content: "\"content\""
        case .replacement: "\"replacement\""
        case .name: "\"name\""
        case .topic: "\"topic\""
        }
    }

    /// A JSON string, or `null` for nil.
    static func writeString(_ text: String?, to out: inout ByteWriter) {
        if let text { JSONValue.writeString(text, to: &out) } else { out.append("null") }
    }

    /// `dateJSON(_:)` as bytes.
    /// `text[range]` as a JSON string, written from the text's UTF-8 where it lies: making
    /// the `Substring` checked both indices against the text (about 180 instructions, for every
    /// slot, date and part of an answer). A bound inside a scalar, which the `Substring`
    /// would round down, goes that way still, so the bytes are the same.
    private func writeText(_ range: Range<String.Index>, to out: inout ByteWriter) {
        let utf8 = text.utf8
        let written: Bool? = utf8.withContiguousStorageIfAvailable { bytes in
            let lower = utf8.distance(from: utf8.startIndex, to: range.lowerBound)
            let upper = lower + utf8.distance(from: range.lowerBound, to: range.upperBound)
            func startsScalar(_ at: Int) -> Bool { at == bytes.count || bytes[at] & 0xC0 != 0x80 }
            guard 0 <= lower, lower <= upper, upper <= bytes.count, startsScalar(lower), startsScalar(upper) else { return false }
            JSONValue.writeString(utf8: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), to: &out)
            return true
        }
        if written != true { JSONValue.writeString(text[range], to: &out) }
    }

    /// The date is read field by field where it lies in the answer's dates: passed as a value
    /// (even borrowed, from an array or a buffer), it was copied, its strings and arrays
    /// retained, and destroyed, for every date.
    private func writeDate(_ date: UnsafePointer<DateMatch>, times: inout LocalTimes, to out: inout ByteWriter) {
        out.append("{\"text\":"); writeText(date.pointee.range, to: &out)
        out.append(",\"rule\":"); Self.writeString(date.pointee.rule, to: &out)
        out.append(",\"start\":"); times.write(date.pointee.start, to: &out)
        out.append(",\"end\":"); times.write(date.pointee.end, to: &out)
        out.append(",\"allDay\":"); Self.writeBool(date.pointee.isAllDay, to: &out)
        out.append(",\"grain\":"); out.append(Self.quoted(date.pointee.grain))
        out.append(",\"known\":[")
        // In the order of `dateJSON`'s list, a comma before all but the first.
        var first = true
        let said = date.pointee.known
        func known(_ part: KnownParts, _ quoted: StaticString, to out: inout ByteWriter) {
            guard said.contains(part) else { return }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(quoted)
        }
        known(.date, "\"date\"", to: &out)
        known(.time, "\"time\"", to: &out)
        known(.end, "\"end\"", to: &out)
        known(.duration, "\"duration\"", to: &out)
        known(.year, "\"year\"", to: &out)
        known(.timeZone, "\"timeZone\"", to: &out)
        known(.recurrence, "\"recurrence\"", to: &out)
        out.append("],\"recurrence\":"); Self.writeString(date.pointee.recurrence, to: &out)
        out.append(",\"timeZone\":"); Self.writeString(date.pointee.statedTimeZone?.identifier, to: &out)
        out.append(",\"parts\":[")
        let parts = date.pointee.parts
        for index in parts.indices {
            out.append(index == 0 ? "{\"text\":" : ",{\"text\":"); writeText(parts[index].range, to: &out)
            out.append(",\"role\":"); Self.writeString(parts[index].role, to: &out)
            out.append(",\"rule\":"); Self.writeString(parts[index].rule, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        if !date.pointee.exceptions.isEmpty {
            out.append(",\"exceptions\":[")
            for (index, day) in date.pointee.exceptions.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(day.iso, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        if !date.pointee.corrections.isEmpty {
            out.append(",\"corrections\":[")
            for (index, correction) in date.pointee.corrections.enumerated() {
                out.append(index == 0 ? "{\"text\":" : ",{\"text\":"); writeText(correction.range, to: &out)
                out.append(",\"as\":"); Self.writeString(correction.word, to: &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `"YYYY-MM-DDTHH:MM:SS"`, as `LocalDateTime.iso` writes it (a year below zero with a
    /// minus, a year past 9999 with all its digits).
    static func writeLocal(_ time: LocalDateTime, to out: inout ByteWriter) {
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

/// The wall-clock readings of the instants one answer writes, each worked out once: the
/// main reading's start and end come again as the range's and as the date's own.
struct LocalTimes {
    let zone: Zone
    /// The last two instants written and their text, the latest first.
    private var latest: (date: Date, text: Text)?
    private var before: (date: Date, text: Text)?
    /// The wall-clock days of the last texts made.
    private(set) var days: Days

    init(zone: Zone, days: Days) {
        self.zone = zone
        self.days = days
    }

    /// The last two wall-clock days written (days since 1970-01-01 on the wall clock, the
    /// same on any zone's) and the text of each with its clock still to fill, the latest
    /// first: a time on either day takes its date from it (an end in the hours after its
    /// start, or the day after it, and the next answers), where the calendar arithmetic
    /// and the date's digits cost about 200 instructions.
    struct Days {
        fileprivate var latest: (number: Int, text: Text)?
        fileprivate var before: (number: Int, text: Text)?
    }

    /// `"YYYY-MM-DDTHH:MM:SS"` with its quotes, 21 bytes, in the low bytes of three words
    /// (stored with three stores: a byte at a time with a capacity check each, the text of
    /// `LocalDateTime` cost about 700 instructions an instant).
    struct Text {
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    }

    /// `date` on `zone`'s wall clock, as `ParseReport.writeLocal` writes it.
    mutating func write(_ date: Date, to out: inout ByteWriter) {
        let text: Text
        if let latest, latest.date == date {
            text = latest.text
        } else if let before, before.date == date {
            text = before.text
        } else if let made = madeText(wall: zone.wallSeconds(date)) {
            before = latest
            latest = (date, made)
            text = made
        } else {
            // A year before 0 or past 9999, with all its digits.
            ParseReport.writeLocal(LocalDateTime(date, in: zone), to: &out)
            return
        }
        out.append(words: text.words, count: 21)
    }

    /// The text of a wall time (seconds since 1970-01-01T00:00 on the wall clock, as
    /// `LocalDateTime` reads it) in the years 0 to 9999; nil for any other.
    mutating func madeText(wall: Int) -> Text? {
        // The day's length as a literal: `CivilCalendar.secondsPerDay`, a global of another
        // module, is read through its accessor.
        let secondsPerDay = 86_400
        let number = CivilCalendar.floorDivide(wall, secondsPerDay)
        var text: Text
        if let day = days.latest, day.number == number {
            text = day.text
        } else if let day = days.before, day.number == number {
            text = day.text
        } else {
            let date = CivilCalendar.date(dayNumber: number)
            guard date.year >= 0, date.year < 10_000 else { return nil }
            // Unsigned from here (each part is 0 to 99): a signed division by a constant
            // costs a sign correction more.
            let year = UInt(truncatingIfNeeded: date.year)
            text = Text()
            withUnsafeMutableBytes(of: &text.words) { bytes in
                bytes[0] = UInt8(ascii: "\"")
                Self.two(year / 100, at: 1, in: bytes); Self.two(year % 100, at: 3, in: bytes)
                bytes[5] = UInt8(ascii: "-"); Self.two(UInt(truncatingIfNeeded: date.month), at: 6, in: bytes)
                bytes[8] = UInt8(ascii: "-"); Self.two(UInt(truncatingIfNeeded: date.day), at: 9, in: bytes)
                bytes[11] = UInt8(ascii: "T"); bytes[14] = UInt8(ascii: ":"); bytes[17] = UInt8(ascii: ":")
                bytes[20] = UInt8(ascii: "\"")
            }
            days.before = days.latest
            days.latest = (number, text)
        }
        // The clock is 0 to 86,399.
        let clock = UInt(truncatingIfNeeded: wall - number * secondsPerDay)
        withUnsafeMutableBytes(of: &text.words) { bytes in
            Self.two(clock / 3600, at: 12, in: bytes)
            Self.two(clock % 3600 / 60, at: 15, in: bytes)
            Self.two(clock % 60, at: 18, in: bytes)
        }
        return text
    }

    /// The two digits of `value` (0 to 99) at `offset`.
    @inline(__always)
    private static func two(_ value: UInt, at offset: Int, in bytes: UnsafeMutableRawBufferPointer) {
        bytes[offset] = UInt8(truncatingIfNeeded: 0x30 + value / 10)
        bytes[offset + 1] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
    }
}

extension ParseBatch {
    /// A `clerk parse --jsonl` run: one router for every line, and the reference of the line
    /// before, reused when a line gives the same `now` and `tz` (a corpus read at one
    /// reference time asks the zone database once, not once a line). The answers are those of
    /// `answer(line:defaults:router:)`, byte for byte.
    public final class Reader {
        let requests: Requests
        let answers: Answers

        public init(defaults: ReferenceTime, router: Router = Router()) {
            requests = Requests(defaults: defaults, router: router)
            answers = Answers(router: router)
        }

        /// A reader of both halves, made elsewhere.
        package init(requests: Requests, answers: Answers) {
            self.requests = requests
            self.answers = answers
        }

        /// Appends the answer to a line of input (its bytes as `readLine()` cuts them) to
        /// `out`, without a line end: true for an answer, false for an `{"id", "error"}`
        /// answer, nil for a blank line, which gets none.
        package func answer(input line: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) -> Bool? {
            answers.finish(requests.prepare(input: line), to: &out)
        }

        /// Appends the answer to `line` to `out` (without a line end); false for an
        /// `{"id", "error"}` answer.
        package func answer(line: String, to out: inout ByteWriter) -> Bool {
            var line = line
            let prepared = line.withUTF8 { requests.prepare(utf8: $0) }
            return answers.finish(prepared, to: &out) ?? true
        }
    }

    /// A request line read up to its routing: what `Answers.finish` needs to answer it.
    /// `clerk parse --jsonl` makes these on one thread and answers them on another.
    package enum Prepared: Sendable {
        /// A blank line, which gets no answer.
        case blank
        /// The whole answer, written already: an `{"id", "error"}` line (`ok` false), or a
        /// line only the JSON reader could read (rare: escapes, other key orders).
        case answered([UInt8], ok: Bool)
        /// A plain line (`RequestKeys.Plain`): its id as written in the line, its text and
        /// reference, and the dates read in it.
        case plain(id: RequestID, text: String, reference: ReferenceTime, readings: DateReader.Readings)
    }

    /// The id of a plain line, as its answer writes it back: `null` (or none given), a string
    /// of up to 24 printable ASCII bytes held inline as written (which are its JSON too, in
    /// quotes: the line's string has no `"`, `\` or control byte), or any other string.
    /// A string made of the short id and written again cost ~250 instructions a line.
    package enum RequestID: Sendable {
        case null
        case printable(count: Int, bytes: (UInt64, UInt64, UInt64))
        case string(String)

        /// The id of a plain line's `"id"` value.
        init(_ value: RequestKeys.Plain.Value, in line: UnsafeBufferPointer<UInt8>) {
            guard case .string(let range) = value else { self = .null; return }
            let said = UnsafeBufferPointer(rebasing: line[range])
            var bytes: (UInt64, UInt64, UInt64) = (0, 0, 0)
            if said.count <= 24 {
                withUnsafeMutableBytes(of: &bytes) { $0.copyMemory(from: UnsafeRawBufferPointer(said)) }
                // Printable when no byte is 0x7F or above (the line's string has none below
                // 0x20): such a byte sets its high bit in the word, or in the word plus one in
                // each byte (the padding's zeros too stay below it).
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                if ((bytes.0 &+ ones) | bytes.0 | (bytes.1 &+ ones) | bytes.1 | (bytes.2 &+ ones) | bytes.2) & highs == 0 {
                    self = .printable(count: said.count, bytes: bytes)
                    return
                }
            }
            self = .string(String(decoding: said, as: UTF8.self))
        }

        /// Appends the id as JSON: `null` or a string.
        func write(to out: inout ByteWriter) {
            switch self {
            case .null: out.append("null")
            case .printable(let count, let bytes):
                out.append(UInt8(ascii: "\""))
                out.append(words: bytes, count: count)
                out.append(UInt8(ascii: "\""))
            case .string(let id): JSONValue.writeString(id, to: &out)
            }
        }
    }

    /// The first half of answering a line: the request read, its reference made (or the last
    /// line's reused when a line gives the same `now` and `tz`: a corpus read at one
    /// reference time asks the zone database once, not once a line), and its dates read.
    package final class Requests {
        let defaults: ReferenceTime
        let router: Router
        private var lastKey: (tz: JSONValue?, now: JSONValue?)?
        private var lastReference: ReferenceTime?
        /// The `tz` and `now` of `lastReference` as a plain line gave them, held inline: the
        /// next plain line's are compared with them without a string made or a reference
        /// counted (reading `lastKey` retained its strings and released them, every line).
        /// Nil when unknown (another line made the reference, or a value was too long).
        private var lastPlainKey: (tz: RequestKeys.Plain.Short, now: RequestKeys.Plain.Short)?

        package init(defaults: ReferenceTime, router: Router) {
            self.defaults = defaults
            self.router = router
        }

        /// A line of input (its bytes as `readLine()` cuts them) read up to its routing. A
        /// line that is not UTF-8 is refused (`{"id", "error"}`, the id given back when the
        /// line opens with it, as for a line too long): read as U+FFFD, as `readLine()` read
        /// it, it was answered for a text that was never given.
        package func prepare(input line: UnsafeBufferPointer<UInt8>) -> Prepared {
            // A line of ASCII is read as it is; any other is checked first.
            if Self.isASCII(line) {
                // A request starts with `{`: the first byte that is not a space ends the test.
                let blank = line.allSatisfy { $0 == 0x20 || (0x09...0x0D).contains($0) }
                return blank ? .blank : prepare(utf8: line)
            }
            guard var text = String(validating: line, as: UTF8.self) else {
                return Self.answered(ParseBatch.failure(id: Self.leadingID(Array(line)), Renderer.batchLineNotText), ok: false)
            }
            if text.allSatisfy(\.isWhitespace) { return .blank }
            return text.withUTF8 { prepare(utf8: $0) }
        }

        /// True when no byte of `bytes` is 0x80 or above, tested eight bytes at a time.
        static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = bytes.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            var high: UInt64 = 0
            var at = 0
            while bytes.count - at >= 8 {
                high |= raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                at += 8
            }
            while at < bytes.count {
                high |= UInt64(bytes[at])
                at += 1
            }
            return high & 0x8080_8080_8080_8080 == 0
        }

        /// The answer to line `line`, skipped for being longer than `maximumLineBytes`: an
        /// `{"id", "error"}` with the id read from `start` (its first bytes) when the line
        /// opens with it, else a null id.
        package func prepareTooLong(line: Int, start: [UInt8], maximumLineBytes: Int = 1 << 20) -> Prepared {
            Self.answered(ParseBatch.failure(id: Self.leadingID(start), Renderer.batchLineTooLong(line: line, maxBytes: maximumLineBytes)),
                          ok: false)
        }

        /// The value of `"id"` when it is the first key of the object `bytes` opens, and a
        /// string, a number or null written whole in them; else null.
        static func leadingID(_ bytes: [UInt8]) -> JSONValue {
            var at = 0
            func skipSpace() { while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 } }
            func expect(_ text: String) -> Bool {
                for byte in text.utf8 {
                    guard at < bytes.count, bytes[at] == byte else { return false }
                    at += 1
                }
                return true
            }
            skipSpace()
            guard expect("{") else { return .null }
            skipSpace()
            guard expect("\"id\"") else { return .null }
            skipSpace()
            guard expect(":") else { return .null }
            skipSpace()
            let valueStart = at
            if at < bytes.count, bytes[at] == UInt8(ascii: "\"") {
                at += 1
                while at < bytes.count, bytes[at] != UInt8(ascii: "\"") { at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1 }
                guard at < bytes.count else { return .null }
                at += 1
            } else {
                while at < bytes.count, !",} \t\r\n".utf8.contains(bytes[at]) { at += 1 }
                guard at < bytes.count else { return .null }
            }
            // (An id of bytes that are not UTF-8 is no id written: decoded, it was given back
            // with U+FFFD for them.)
            guard String(validating: bytes[valueStart..<at], as: UTF8.self) != nil else { return .null }
            let value = bytes[valueStart..<at].withUnsafeBufferPointer { try? JSONValue.parse(utf8: $0, exact: true) }
            switch value {
            case .string?, .number?, .numberText?, .null?: return value!
            default: return .null
            }
        }

        /// A JSON answer, whole, as bytes.
        private static func answered(_ json: JSONValue, ok: Bool) -> Prepared {
            var out = ByteWriter()
            json.write(to: &out)
            return .answered(out.withBytes { Array($0) }, ok: ok)
        }

        /// `prepare(input:)` of a line's UTF-8 bytes, read in place.
        package func prepare(utf8 line: UnsafeBufferPointer<UInt8>) -> Prepared {
            // The usual line read where it lies: its values are strings only when they are
            // needed (the text), the id is kept as its bytes, and `now` and `tz` are
            // compared with the last line's as bytes.
            var plain = RequestKeys.Plain()
            if plain.read(line) { return prepare(plain, in: line) }
            // Read in place: a request made and then taken apart was copied and destroyed.
            var keys = RequestKeys()
            let request: JSONValue
            do {
                request = try JSONValue.parse(utf8: line, exact: true)
            } catch {
                return Self.answered(ParseBatch.failure(id: .null, Renderer.batchLineUnreadable(error.description)), ok: false)
            }
            guard case .object(let members) = request else {
                return Self.answered(ParseBatch.failure(id: .null, Renderer.batchLineNotObject), ok: false)
            }
            // The four keys in one pass; the first of a repeated key counts, as in `request[key]`.
            for (key, value) in members {
                switch key {
                case "id": if keys.id == nil { keys.id = value }
                case "text": if keys.text == nil { keys.text = value }
                case "now": if keys.now == nil { keys.now = value }
                case "tz": if keys.tz == nil { keys.tz = value }
                default: break
                }
            }
            let id = keys.id ?? .null
            guard case .string(let phrase) = keys.text else {
                return Self.answered(ParseBatch.failure(id: id, Renderer.batchLineNeedsText), ok: false)
            }
            let reference: ReferenceTime
            switch self.reference(tz: keys.tz, now: keys.now, id: id) {
            case .success(let made): reference = made
            case .failure(let refusal): return Self.answered(refusal.json, ok: false)
            }
            var out = ByteWriter()
            ParseReport(text: phrase, reference: reference, router: router).writeRecord(id: id, to: &out)
            return .answered(out.withBytes { Array($0) }, ok: true)
        }

        /// A line `RequestKeys.Plain` read, up to its routing.
        private func prepare(_ plain: RequestKeys.Plain, in line: UnsafeBufferPointer<UInt8>) -> Prepared {
            guard case .string(let text) = plain.text else {
                return Self.answered(ParseBatch.failure(id: plain.id.json(in: line) ?? .null, Renderer.batchLineNeedsText), ok: false)
            }
            let reference: ReferenceTime
            let tz = RequestKeys.Plain.Short(plain.tz, in: line), now = RequestKeys.Plain.Short(plain.now, in: line)
            if let key = lastPlainKey, let tz, let now, key.tz == tz, key.now == now, let lastReference {
                reference = lastReference
            } else if let lastKey, let lastReference, plain.tz.isSame(as: lastKey.tz, in: line), plain.now.isSame(as: lastKey.now, in: line) {
                reference = lastReference
                lastPlainKey = tz.flatMap { tz in now.map { (tz, $0) } }
            } else {
                switch self.reference(tz: plain.tz.json(in: line), now: plain.now.json(in: line), id: plain.id.json(in: line) ?? .null) {
                case .success(let made): reference = made
                case .failure(let refusal): return Self.answered(refusal.json, ok: false)
                }
                lastPlainKey = tz.flatMap { tz in now.map { (tz, $0) } }
            }
            let phrase = String(decoding: UnsafeBufferPointer(rebasing: line[text]), as: UTF8.self)
            // The id's bytes are those of its string: `readPlain` takes no escape.
            return .plain(id: RequestID(plain.id, in: line), text: phrase, reference: reference, readings: router.dateReader.readings(phrase, at: reference))
        }

        /// The reference a line's `tz` and `now` ask for: the last line's when they are the
        /// same, else made and kept.
        private func reference(tz: JSONValue?, now: JSONValue?, id: JSONValue) -> Result<ReferenceTime, Refusal> {
            if let lastKey, let lastReference, lastKey.tz == tz, lastKey.now == now { return .success(lastReference) }
            let made = ParseBatch.reference(tz: tz, now: now, id: id, defaults: defaults)
            if case .success(let reference) = made {
                lastKey = (tz: tz, now: now)
                lastReference = reference
                lastPlainKey = nil
            }
            return made
        }
    }

    /// The second half of answering a line: a `Prepared` line routed and its answer written.
    package final class Answers {
        let router: Router
        /// The date part of the last days written, for the next answers (a corpus read at one
        /// reference time names the same few days line after line).
        private var days = LocalTimes.Days()

        package init(router: Router) {
            self.router = router
        }

        /// Appends the answer to `prepared` to `out`, without a line end: true for an
        /// answer, false for an `{"id", "error"}` answer, nil for a blank line.
        package func finish(_ prepared: consuming Prepared, to out: inout ByteWriter) -> Bool? {
            switch consume prepared {
            case .blank:
                return nil
            case .answered(let bytes, let ok):
                bytes.withUnsafeBufferPointer { out.append($0) }
                return ok
            case .plain(let id, let text, let reference, let readings):
                let report = ParseReport(text: text, reference: reference, router: router, readings: readings)
                out.append("{\"id\":")
                id.write(to: &out)
                // Through a local: the property passed inout was checked for exclusive access
                // at run time (about 110 instructions a line).
                var days = self.days
                report.writeFields(to: &out, days: &days)
                self.days = days
                return true
            }
        }
    }

    /// An `{"id", "error"}` answer, as a failure.
    struct Refusal: Error {
        var json: JSONValue
    }

    /// The reference time a request asks for: its `tz` and `now`, else `defaults`.
    static func reference(of request: JSONValue, id: JSONValue, defaults: ReferenceTime) -> Result<ReferenceTime, Refusal> {
        reference(tz: request["tz"], now: request["now"], id: id, defaults: defaults)
    }

    /// `reference(of:id:defaults:)` of a request whose `tz` and `now` are these.
    static func reference(tz: JSONValue?, now: JSONValue?, id: JSONValue, defaults: ReferenceTime) -> Result<ReferenceTime, Refusal> {
        var reference = defaults
        if let tz, !tz.isNull {
            guard let name = tz.stringValue, let zone = ClockText.timeZone(name) else {
                return .failure(Refusal(json: failure(id: id, Renderer.badZone(tz.stringValue ?? tz.serialized()))))
            }
            reference.timeZone = zone
            if now == nil || now!.isNull {
                // The same wall-clock moment, read in the request's zone.
                let wall = LocalDateTime(defaults.instant, in: defaults.timeZone).iso
                reference.instant = ClockText.instant(wall, in: zone) ?? defaults.instant
            }
        }
        if let now, !now.isNull {
            guard let value = now.stringValue, let instant = ClockText.instant(value, in: reference.timeZone) else {
                if let value = now.stringValue, ClockText.wallClockInstant(value, in: reference.timeZone) != nil {
                    return .failure(Refusal(json: failure(id: id, Renderer.nowOutsideYears(value))))
                }
                return .failure(Refusal(json: failure(id: id, Renderer.badNow(now.stringValue ?? now.serialized()))))
            }
            reference.instant = instant
        }
        return .success(reference)
    }
}

/// The four keys of a request line, each nil when the line does not give it.
struct RequestKeys {
    var id: JSONValue?, text: JSONValue?, now: JSONValue?, tz: JSONValue?

    /// The usual request line read straight from its bytes, without a tree of values or a
    /// string for each: one object whose keys are `id`, `text`, `now` and `tz`, each at most
    /// once, and whose values are strings without escapes or `null`.
    struct Plain {
        /// A key's value: not given, `null`, or a string (where its bytes lie in the line,
        /// without the quotes; with no escape they are the string's UTF-8).
        enum Value {
            case absent, null, string(Range<Int>)

            /// The value as the JSON reader reads it, nil when not given.
            func json(in line: UnsafeBufferPointer<UInt8>) -> JSONValue? {
                switch self {
                case .absent: return nil
                case .null: return .null
                case .string(let range): return .string(String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self))
                }
            }

            /// True when `json(in:) == key`, mostly without making the string: the same bytes
            /// are the same string, and two strings of ASCII that differ in a byte differ
            /// (any other pair is compared as strings, which compare canonical equivalents).
            func isSame(as key: JSONValue?, in line: UnsafeBufferPointer<UInt8>) -> Bool {
                switch (self, key) {
                case (.absent, nil): return true
                case (.null, .null?): return true
                case (.string(let range), .string(let known)?):
                    let bytes = UnsafeBufferPointer(rebasing: line[range])
                    let asBytes = known.utf8.withContiguousStorageIfAvailable { stored -> Bool? in
                        if Scanner.equal(stored, bytes) { return true }
                        if ParseBatch.Requests.isASCII(stored), ParseBatch.Requests.isASCII(bytes) { return false }
                        return nil
                    }
                    if let same = asBytes ?? nil { return same }
                    return json(in: line) == key
                default: return false
                }
            }
        }

        var id = Value.absent, text = Value.absent, now = Value.absent, tz = Value.absent

        /// A value of up to 31 bytes as it was given, held inline (no storage to count
        /// references to): equal ones are the same bytes, so the same value.
        struct Short: Equatable {
            /// 0 for not given, 1 for `null`, 2 + the string's length for a string.
            var tag: Int
            var words: (UInt64, UInt64, UInt64, UInt64)

            static func == (a: Short, b: Short) -> Bool {
                a.tag == b.tag && a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
            }

            /// Nil for a string longer than 31 bytes.
            init?(_ value: Value, in line: UnsafeBufferPointer<UInt8>) {
                words = (0, 0, 0, 0)
                switch value {
                case .absent: tag = 0
                case .null: tag = 1
                case .string(let range):
                    guard range.count < 32 else { return nil }
                    tag = 2 + range.count
                    withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: line[range]))) }
                }
            }
        }

        /// True for a line of that shape. Any other line (other keys or values, escapes,
        /// anything malformed) is false here and goes to the JSON reader, which reads it (or
        /// words its error) as before; for the lines read here the values are the reader's.
        mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var scan = Scanner(bytes: bytes)
            scan.skipSpace()
            guard scan.take(UInt8(ascii: "{")) else { return false }
            while true {
                scan.skipSpace()
                guard let key = scan.key() else { return false }
                scan.skipSpace()
                guard scan.take(UInt8(ascii: ":")) else { return false }
                scan.skipSpace()
                let value: Value
                if let string = scan.plainString() {
                    value = .string(string)
                } else if scan.takeNull() {
                    value = .null
                } else {
                    return false
                }
                // A key repeated is the JSON reader's to read.
                switch key {
                case .id: guard case .absent = id else { return false }; id = value
                case .text: guard case .absent = text else { return false }; text = value
                case .now: guard case .absent = now else { return false }; now = value
                case .tz: guard case .absent = tz else { return false }; tz = value
                }
                scan.skipSpace()
                if scan.take(UInt8(ascii: ",")) { continue }
                guard scan.take(UInt8(ascii: "}")) else { return false }
                break
            }
            scan.skipSpace()
            return scan.atEnd
        }
    }

    /// A cursor over the line (a struct, not captured variables, which would be boxed).
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        var atEnd: Bool { at == bytes.count }

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
        }

        /// True, past it, when the next byte is `byte`.
        mutating func take(_ byte: UInt8) -> Bool {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        mutating func takeNull() -> Bool {
            guard at + 4 <= bytes.count, Self.spells(UnsafeBufferPointer(rebasing: bytes[at..<(at + 4)]), "null") else { return false }
            at += 4
            return true
        }

        /// One of the four keys of a request, written as it is (`"id"`, `"text"`, `"now"`,
        /// `"tz"`), read past; nil for any other string or spelling. Its bytes are compared
        /// where they lie: the key's string found and then spelled against each name cost
        /// about 90 instructions a key.
        mutating func key() -> Key? {
            guard bytes.count - at >= 4, bytes[at] == UInt8(ascii: "\"") else { return nil }
            let key: Key, length: Int
            switch (bytes[at + 1], bytes[at + 2], bytes[at + 3]) {
            case (UInt8(ascii: "i"), UInt8(ascii: "d"), UInt8(ascii: "\"")): (key, length) = (.id, 4)
            case (UInt8(ascii: "t"), UInt8(ascii: "z"), UInt8(ascii: "\"")): (key, length) = (.tz, 4)
            case (UInt8(ascii: "n"), UInt8(ascii: "o"), UInt8(ascii: "w")): (key, length) = (.now, 5)
            case (UInt8(ascii: "t"), UInt8(ascii: "e"), UInt8(ascii: "x")): (key, length) = (.text, 6)
            default: return nil
            }
            // The rest of a longer key: `"` after `now`, `t"` after `tex`.
            guard bytes.count - at >= length else { return nil }
            switch key {
            case .now: guard bytes[at + 4] == UInt8(ascii: "\"") else { return nil }
            case .text: guard bytes[at + 4] == UInt8(ascii: "t"), bytes[at + 5] == UInt8(ascii: "\"") else { return nil }
            case .id, .tz: break
            }
            at += length
            return key
        }

        enum Key { case id, text, now, tz }

        /// Where the bytes inside a string from here lie, for a string that has no escape or
        /// control character. The closing quote is looked for eight bytes at a time, and
        /// found in its word from the word's test (a byte at a time, with its three tests,
        /// cost about 15 instructions a byte of the line); the last bytes of a line one by one.
        mutating func plainString() -> Range<Int>? {
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), let base = bytes.baseAddress else { return nil }
            var end = at + 1
            while bytes.count - end >= 8 {
                let stops = Self.stops(UInt64(littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)))
                guard stops == 0 else {
                    // The lowest byte flagged is the first `"`, `\` or control byte.
                    end += stops.trailingZeroBitCount >> 3
                    break
                }
                end += 8
            }
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
            defer { at = end + 1 }
            return (at + 1)..<end
        }

        /// The high bit of each byte of `word` (its first byte the lowest) that is `"`, `\` or
        /// below 0x20, by the "has a byte equal to / less than" word tests: zero when there
        /// is none, and the lowest bit set is always such a byte (a byte above one may be
        /// flagged by the borrow from it).
        @inline(__always)
        static func stops(_ word: UInt64) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let below20 = (word &- ones &* 0x20) & ~word
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            let hasQuote = (quote &- ones) & ~quote, hasBackslash = (backslash &- ones) & ~backslash
            return (below20 | hasQuote | hasBackslash) & highs
        }

        static func spells(_ key: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
            equal(key, UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        }

        /// True when `a` and `b` hold the same bytes, compared eight at a time (the generic
        /// `elementsEqual` cost about 20 instructions a byte; the last word overlaps the one
        /// before it).
        static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
            let n = a.count
            guard n == b.count else { return false }
            guard n > 0, let x = a.baseAddress, let y = b.baseAddress else { return true }
            if n < 8 {
                for at in 0..<n where x[at] != y[at] { return false }
                return true
            }
            var at = 0
            while true {
                let start = Swift.min(at, n - 8)
                if UnsafeRawPointer(x + start).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(y + start).loadUnaligned(as: UInt64.self) {
                    return false
                }
                if start == n - 8 { return true }
                at = start + 8
            }
        }
    }
}
