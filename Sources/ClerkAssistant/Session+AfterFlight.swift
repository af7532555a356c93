import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// "call bob when i land", "remind me to text mom after my flight": a time said by the next
/// flight on the calendar. The line is read again with the flight's landing (its end) said
/// as a day and a clock time, so the card is the one that time would give.
extension Session {
    /// Phrases that mean "when my next flight ends".
    static let landingPhrases = [
        "when i land", "once i land", "after i land", "when we land", "once we land", "after we land",
        "when my flight lands", "after my flight lands", "after my flight", "when i get off the plane",
    ]

    /// True when `text` says a time by a landing ("when i land").
    static func saysLanding(_ text: String) -> Bool {
        guard mayMentionFlight(text) else { return false }
        let lower = text.lowercased()
        return landingPhrases.contains { lower.contains($0) }
    }

    /// False when `text` has none of "land", "flight", "plane" (one of which every landing
    /// phrase has) in its bytes, in any case: most lines, seen without lower-casing the line
    /// and looking for each phrase by characters (0.57 M instructions of a one-shot, most of
    /// them the first calls of the standard library's `contains`).
    static func mayMentionFlight(_ text: String) -> Bool {
        Router.mayMention(text, "land") || Router.mayMention(text, "flight") || Router.mayMention(text, "plane")
    }

    /// A day as a line is read again with it: "on dec 11 2026" (for the landing, and for "the
    /// day after" an event, `dayAfterShownEvent`).
    static func saidDay(_ day: LocalDate) -> String {
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        return "on \(months[day.month - 1]) \(day.day) \(day.year)"
    }

    /// `text` with its landing phrase replaced by the next flight's end ("on Dec 11 2026 at
    /// 17:30"); nil when the line says none, or no flight is coming in the next year.
    func afterFlight(_ text: String) -> String? {
        guard Self.mayMentionFlight(text) else { return nil }
        let lower = text.lowercased()
        guard lower.utf8.count == text.utf8.count, lower.contains("land") || lower.contains("flight") || lower.contains("plane"),
              let range = Self.landingPhrases.lazy.compactMap({ lower.firstRange(of: $0) }).first else { return nil }
        let now = context.now.now()
        guard let found = try? searchEvents(words: "flight", attendee: nil, from: now, to: now + 366 * 86_400, calendarIDs: nil),
              let flight = found.filter({ !$0.when.isAllDay && $0.when.startInstant(in: context.zone) >= now })
                .min(by: { $0.when.startInstant(in: context.zone) < $1.when.startInstant(in: context.zone) }) else { return nil }
        let (day, seconds) = context.zone.wallClock(flight.when.endInstant(in: context.zone))
        func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let said = Self.saidDay(day) + " at \(twoDigits(seconds / 3600)):\(twoDigits(seconds % 3600 / 60))"
        // (Offsets in bytes: the line and its lower case are the same length.)
        let start = lower.utf8.distance(from: lower.startIndex, to: range.lowerBound)
        let stop = lower.utf8.distance(from: lower.startIndex, to: range.upperBound)
        let bytes = Array(text.utf8)
        return String(decoding: bytes[..<start], as: UTF8.self) + said + String(decoding: bytes[stop...], as: UTF8.self)
    }
}
