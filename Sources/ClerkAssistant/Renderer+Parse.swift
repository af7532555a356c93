import ClerkCore
import ClerkLanguage
import FoundationEssentials

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
    static func explanation(of report: ParseReport) -> String {
        let phrase = report.text.split(whereSeparator: \.isNewline).joined(separator: " ")
        var lines = dateLines(of: report, phrase: phrase)
        let understanding = report.understanding
        lines.append("  intent    \(understanding.intent.name) (\(understanding.rule))")
        let inDates = Set(report.dates.flatMap { $0.corrections.map(\.range) })
        for correction in understanding.corrections where !inDates.contains(correction.range) {
            lines.append("  read      \"\(report.text[correction.range])\" as \(correction.word)")
        }
        for slot in understanding.slots where slot.kind != .when && slot.kind != .recurrence {
            let said = slot.ranges.map { "\"\(report.text[$0])\"" }.joined(separator: " + ")
            let name = slot.kind.rawValue.padded(toWidth: 9)
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
                // ("at 9:30 and 11": '"11" left out (an event has one time)'.)
                pieces.append("\"\(report.text[part.range])\" \(part.role)" + (part.role == DatePart.leftOut ? " (an event has one time)" : ""))
            }
            for correction in match.corrections {
                pieces.append("\"\(report.text[correction.range])\" read as \(correction.word)")
            }
            if let rule = match.recurrence { pieces.append("repeats \(rule)") }
            if !match.exceptions.isEmpty { pieces.append("except " + match.exceptions.map(\.iso).joined(separator: ", ")) }
            if let stated = match.statedTimeZone {
                pieces.append("\(DateText(zone: stated).clock(match.start)) in \(zoneName(stated))")
            }
            if !match.isAllDay, !match.known.contains(.end) { pieces.append("1 h assumed") }
            return pieces.joined(separator: " · ")
        }
    }

    /// `Tue 1 Dec 2026, 13:00–14:00 Europe/Madrid`, `Tue 1 Dec 2026 (all day)`,
    /// `Mon 30 Nov – Sun 6 Dec 2026 (all day)`.
    static func span(of match: DateMatch, in zone: Zone) -> String {
        let text = DateText(zone: zone)
        let first = text.localDate(match.start)
        if match.isAllDay {
            let last = text.localDate(match.end.addingTimeInterval(-1))
            if last == first { return "\(text.day(first)) (all day)" }
            return "\(first.year == last.year ? text.shortDay(first) : text.day(first)) – \(text.day(last)) (all day)"
        }
        let last = text.localDate(match.end)
        let endsAtMidnight = last == first.adding(days: 1) && text.clock(match.end) == "00:00"
        if last == first || endsAtMidnight {
            return "\(text.day(first)), \(text.clock(match.start))–\(text.clock(match.end)) \(zoneName(zone))"
        }
        return "\(text.day(first)), \(text.clock(match.start)) – \(text.day(last)), \(text.clock(match.end)) \(zoneName(zone))"
    }

    /// An IANA name as is; a fixed offset as `UTC-02:00`.
    static func zoneName(_ zone: Zone) -> String {
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
    static let batchLineNotText = "not UTF-8 text, so not read"
    static func batchLineTooLong(line: Int, maxBytes: Int) -> String {
        "line \(line) is longer than clerk reads (\(maxBytes / 1024) kB), so not read"
    }
    static func badZone(_ text: String) -> String { "tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got \(TextStyle.quoted(text))" }
    static func badNow(_ text: String) -> String { "now: expected YYYY-MM-DDTHH:MM[:SS], got \(TextStyle.quoted(text))" }
    static func nowOutsideYears(_ text: String) -> String {
        "now: expected a time in the years \(CivilCalendar.years.lowerBound) to \(CivilCalendar.years.upperBound), got \(TextStyle.quoted(text))"
    }
}
