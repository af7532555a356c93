public import ClerkCore
public import ClerkLanguage
import Foundation

/// `clerk parse`: how a phrase is read, without touching any store.
///
/// The date reader finds the dates; the phrase's main reading is the longest of them.
/// `record` is the `--jsonl` contract of DESIGN.md; the intent router fills its intent and
/// slots (`intent`, `title`, `calendar`, `attendees`, …) in `record` alone.
public struct ParseReport: Sendable {
    public var text: String
    public var reference: ReferenceTime
    /// Every date or time expression found, in text order.
    public var dates: [DateMatch]

    public init(text: String, reference: ReferenceTime, reader: DateReader = DateReader()) {
        self.text = text
        self.reference = reference
        self.dates = reader.read(text, at: reference)
    }

    /// The reading that stands for the phrase: the longest expression, the first on a tie.
    public var primary: DateMatch? {
        dates.max { a, b in
            let la = text.utf8.distance(from: a.range.lowerBound, to: a.range.upperBound)
            let lb = text.utf8.distance(from: b.range.lowerBound, to: b.range.upperBound)
            return la < lb || (la == lb && a.range.lowerBound > b.range.lowerBound)
        }
    }

    /// The `--jsonl` answer for this phrase (DESIGN.md "Contracts"): times are naive local
    /// `YYYY-MM-DDTHH:MM:SS` in the request's zone; all-day values run from 00:00 to the next
    /// midnight.
    public func record(id: JSONValue) -> JSONValue {
        let zone = reference.timeZone
        let main = primary
        func local(_ date: Date) -> JSONValue { .string(LocalDateTime(date, in: zone).iso) }
        return .object([
            ("id", id),
            ("intent", .null),
            ("title", .null),
            ("start", main.map { local($0.start) } ?? .null),
            ("end", main.map { local($0.end) } ?? .null),
            ("allDay", main.map { .bool($0.isAllDay) } ?? .null),
            ("grain", main.map { .string($0.grain.rawValue) } ?? .null),
            ("calendar", .null),
            ("attendees", .array([])),
            ("location", .null),
            ("recurrence", main?.recurrence.map { .string($0) } ?? .null),
            ("range", .null),
            ("contact", .null),
            ("file", .null),
            ("dates", .array(dates.map(dateJSON))),
        ])
    }

    /// One date expression in detail: its text, the rule that read it, its span and parts.
    public func dateJSON(_ match: DateMatch) -> JSONValue {
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
    public static func answer(line: String, defaults: ReferenceTime, reader: DateReader = DateReader()) -> (json: JSONValue, ok: Bool) {
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
        return (ParseReport(text: text, reference: reference, reader: reader).record(id: id), true)
    }

    private static func failure(id: JSONValue, _ message: String) -> JSONValue {
        .object([("id", id), ("error", .string(message))])
    }
}
