import ClerkCore
import ClerkLanguage
import Foundation

// MARK: - clerk parse

extension Renderer {
    /// How a phrase was read: first the dates, one line per expression found
    /// (`tomorrow at 13:00 → Tue 1 Dec 2026, 13:00–14:00 Europe/Madrid · "tomorrow" date ·
    /// "at 13:00" time · 1 h assumed`), then the intent with the rule that chose it, and one
    /// line per slot with the words it came from and the rule that read it:
    ///
    ///     lunch with Ana tomorrow at 13:00 on Work → Tue 1 Dec 2026, 13:00–14:00 Europe/Madrid · …
    ///       intent    create_event (event-statement)
    ///       title     Lunch with Ana ← "lunch with Ana" (remaining-words)
    ///       attendee  Ana ← "Ana" (with-person)
    ///       calendar  Work ← "on Work" (calendar:last-word)
    public static func explanation(of report: ParseReport) -> String {
        let phrase = report.text.split(whereSeparator: \.isNewline).joined(separator: " ")
        var lines = dateLines(of: report, phrase: phrase)
        let understanding = report.understanding
        lines.append("  intent    \(understanding.intent.name) (\(understanding.rule))")
        for slot in understanding.slots where slot.kind != .when && slot.kind != .recurrence {
            let said = slot.ranges.map { "\"\(report.text[$0])\"" }.joined(separator: " + ")
            let name = slot.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
            lines.append("  \(name) \(slot.value)\(said.isEmpty ? "" : " ← \(said)") (\(slot.rule))")
        }
        if case .outOfScope(let reading) = understanding.intent, let guess = reading.didYouMean {
            lines.append("  did you mean \"\(guess)\"?")
        }
        return lines.joined(separator: "\n")
    }

    /// One line per date expression found: the whole phrase when there is one, each
    /// expression's own words when there are several.
    static func dateLines(of report: ParseReport, phrase: String) -> [String] {
        guard !report.dates.isEmpty else { return ["\(phrase) → no date or time found"] }
        let zone = report.reference.timeZone
        return report.dates.map { match in
            var pieces = ["\(phrase) → \(span(of: match, in: zone))"]
            if report.dates.count > 1 { pieces[0] = "\(report.text[match.range]) → \(span(of: match, in: zone))" }
            for part in match.parts {
                pieces.append("\"\(report.text[part.range])\" \(part.role)")
            }
            if let rule = match.recurrence { pieces.append("repeats \(rule)") }
            if let stated = match.statedTimeZone {
                let there = LocalDateTime(match.start, in: stated)
                pieces.append("\(clock(there)) in \(zoneName(stated))")
            }
            if !match.isAllDay, !match.known.contains(.end) { pieces.append("1 h assumed") }
            return pieces.joined(separator: " · ")
        }
    }

    /// `Tue 1 Dec 2026, 13:00–14:00 Europe/Madrid`, `Tue 1 Dec 2026 (all day)`,
    /// `Mon 30 Nov – Sun 6 Dec 2026 (all day)`.
    static func span(of match: DateMatch, in zone: TimeZone) -> String {
        let start = LocalDateTime(match.start, in: zone)
        if match.isAllDay {
            let last = LocalDateTime(match.end.addingTimeInterval(-1), in: zone)
            if (last.year, last.month, last.day) == (start.year, start.month, start.day) {
                return "\(day(start)) (all day)"
            }
            let first = start.year == last.year ? dayWithoutYear(start) : day(start)
            return "\(first) – \(day(last)) (all day)"
        }
        let end = LocalDateTime(match.end, in: zone)
        if (end.year, end.month, end.day) == (start.year, start.month, start.day) || (end.hour == 0 && end.minute == 0 && match.end.timeIntervalSince(match.start) <= 86_400) {
            return "\(day(start)), \(clock(start))–\(clock(end)) \(zoneName(zone))"
        }
        return "\(day(start)), \(clock(start)) – \(day(end)), \(clock(end)) \(zoneName(zone))"
    }

    private static let weekdayNames = ["", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let monthNames = ["", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func day(_ t: LocalDateTime) -> String { "\(dayWithoutYear(t)) \(t.year)" }
    private static func dayWithoutYear(_ t: LocalDateTime) -> String { "\(weekdayNames[t.weekday]) \(t.day) \(monthNames[t.month])" }

    private static func clock(_ t: LocalDateTime) -> String {
        let base = (t.hour < 10 ? "0" : "") + "\(t.hour):" + (t.minute < 10 ? "0" : "") + "\(t.minute)"
        return t.second == 0 ? base : base + ":" + (t.second < 10 ? "0" : "") + "\(t.second)"
    }

    /// An IANA name as is; a fixed offset as `UTC-02:00`.
    static func zoneName(_ zone: TimeZone) -> String {
        let id = zone.identifier
        guard id.hasPrefix("GMT") || id == "UTC" else { return id }
        let offset = zone.secondsFromGMT()
        if offset == 0 { return "UTC" }
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return "UTC\(sign)\(minutes / 60 < 10 ? "0" : "")\(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)"
    }

    static func batchLineUnreadable(_ reason: String) -> String { "not a JSON object: \(reason)" }
    static let batchLineNotObject = "not a JSON object: expected {\"id\", \"text\", \"now\", \"tz\"}"
    static let batchLineNeedsText = "needs \"text\": the phrase to read"
    static func badZone(_ text: String) -> String { "tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got '\(text)'" }
    static func badNow(_ text: String) -> String { "now: expected YYYY-MM-DDTHH:MM[:SS], got '\(text)'" }
}
