import ClerkCore
import ClerkLanguage
import Foundation

/// `clerk parse`: how a phrase is read, without touching any store. One phrase gives an
/// explanation for people (intent, then each slot with the words it came from and the rule
/// that made it); `--jsonl` reads `{"id","text","now","tz"}` lines and writes DESIGN.md's
/// parse contract, one object per line.
struct ParseCommand {
    var options: GlobalOptions
    let router = Router()

    /// Explains one phrase on stdout.
    func explain(_ phrase: String) -> Int32 {
        let reference = ReferenceTime(instant: options.now ?? Date(), timeZone: options.timeZone)
        let understanding = router.understand(phrase, at: reference)
        Output.line(Self.explanation(of: understanding, zone: options.timeZone))
        return ExitCode.success
    }

    /// Reads JSON lines from stdin and answers each on stdout; a bad line gets an `error`
    /// member instead of a reading, so one line never stops the rest.
    func runJSONLines() -> Int32 {
        var failed = false
        while let line = readLine(strippingNewline: true) {
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let answer: JSONValue
            do {
                answer = try reading(of: line)
            } catch {
                failed = true
                answer = .object([("id", idOf(line)), ("error", .string(error.message))])
            }
            Output.line(answer.serialized())
        }
        return failed ? ExitCode.failure : ExitCode.success
    }

    private func idOf(_ line: String) -> JSONValue {
        (try? JSONValue.parse(line))?["id"] ?? .null
    }

    private func reading(of line: String) throws(UsageError) -> JSONValue {
        let request: JSONValue
        do { request = try JSONValue.parse(line) } catch { throw UsageError(message: "not JSON: \(error)") }
        guard let text = request["text"]?.stringValue else { throw UsageError(message: "missing \"text\"") }
        var zone = options.timeZone
        if let tz = request["tz"]?.stringValue { zone = try CommandLineParser.timeZone(tz) }
        var now = options.now ?? Date()
        if let nowText = request["now"]?.stringValue { now = try CommandLineParser.instant(nowText, in: zone) }
        let understanding = router.understand(text, at: ReferenceTime(instant: now, timeZone: zone))
        return Self.json(of: understanding, id: request["id"] ?? .null, zone: zone)
    }

    // MARK: - The JSON contract

    /// DESIGN.md's parse object: id, intent, title, start, end, allDay, grain, calendar,
    /// attendees, location, recurrence, range, contact, file — then the slots with spans.
    static func json(of u: Understanding, id: JSONValue, zone: TimeZone) -> JSONValue {
        var title: String?, when: DateMatch?, calendar: CalendarMention?, attendees: [Attendee] = []
        var location: String?, recurrence: String?, range: DateInterval?, contact: String?, file: String?
        var allDay: Bool?
        switch u.intent {
        case .createEvent(let e):
            title = e.title.isEmpty ? nil : e.title
            when = e.when; calendar = e.calendar; attendees = e.attendees; location = e.location
            recurrence = e.recurrence; allDay = e.isAllDay
        case .queryAgenda(let q):
            when = q.when; calendar = q.calendar; range = q.range
            title = q.words
            if let a = q.attendee { attendees = [Attendee(name: a)] }
        case .updateEvent(let ref, let change):
            title = change.title ?? ref.words
            when = change.when ?? ref.when
            calendar = change.calendar ?? ref.calendar
            location = change.location
            attendees = change.addAttendees
            recurrence = change.recurrence
        case .deleteEvent(let ref):
            title = ref.words; when = ref.when; calendar = ref.calendar
            if let a = ref.attendee { attendees = [Attendee(name: a)] }
        case .contactLookup(let c):
            contact = c.name.isEmpty ? nil : c.name
        case .fileRead(let name), .fileDelete(let name):
            file = name
        case .fileWrite(let w):
            file = w.name
        case .fileList(let filter):
            title = filter
        case .createCalendar(let name):
            calendar = CalendarMention(said: name, known: name)
        default:
            break
        }
        // A phrase that is only a date still shows its reading.
        if when == nil, let first = u.dates.first { when = first }
        if recurrence == nil { recurrence = when?.recurrence }
        let isAllDay = allDay ?? when?.isAllDay ?? false
        var members: [(String, JSONValue)] = [
            ("id", id),
            ("intent", .string(u.intent.name)),
            ("title", .string(orNull: title)),
            ("start", .string(orNull: when.map { naive($0.start, zone) })),
            ("end", .string(orNull: when.map { naive($0.end, zone) })),
            ("allDay", when == nil ? .null : .bool(isAllDay)),
            ("grain", .string(orNull: when?.grain.rawValue)),
            ("calendar", .string(orNull: calendar?.name)),
            ("attendees", .array(attendees.map { a in .object([("name", .string(orNull: a.name)), ("email", .string(orNull: a.email))]) })),
            ("location", .string(orNull: location)),
            ("recurrence", .string(orNull: recurrence)),
            ("range", range.map { r in .object([("start", .string(naive(r.start, zone))), ("end", .string(naive(r.end, zone)))]) } ?? .null),
            ("contact", .string(orNull: contact)),
            ("file", .string(orNull: file)),
            ("rule", .string(u.rule)),
        ]
        members.append(("slots", .array(u.slots.map { slot in
            .object([
                ("kind", .string(slot.kind.rawValue)),
                ("value", .string(slot.value)),
                ("text", .string(slot.ranges.map { String(u.text[$0]) }.joined(separator: " … "))),
                ("rule", .string(slot.rule)),
            ])
        })))
        return .object(members)
    }

    /// `YYYY-MM-DDTHH:MM:SS` on the wall clock of `zone`.
    static func naive(_ date: Date, _ zone: TimeZone) -> String {
        let c = Calendar.gregorian(in: zone).dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    // MARK: - The explanation for people

    /// Intent first, then one line per slot: what it is, its value, the words it came from,
    /// and the rule that read it.
    static func explanation(of u: Understanding, zone: TimeZone) -> String {
        var lines = ["intent     \(u.intent.name)   (rule: \(u.rule))"]
        for slot in u.slots {
            var value = slot.value
            if slot.kind == .when, let match = u.dates.first(where: { slot.ranges.first == $0.range }) {
                value = "\(naive(match.start, zone)) → \(naive(match.end, zone)) (\(match.grain.rawValue)\(match.isAllDay ? ", all day" : ""))"
            }
            let said = slot.ranges.map { "\"\(u.text[$0])\"" }.joined(separator: " + ")
            let kind = slot.kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            lines.append("\(kind) \(value)\(said.isEmpty ? "" : "   ← \(said)")   [\(slot.rule)]")
        }
        if case .outOfScope(let oos) = u.intent, let guess = oos.didYouMean {
            lines.append("did you mean \"\(guess)\"?")
        }
        return lines.joined(separator: "\n")
    }
}
