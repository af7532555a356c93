import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// "and a haircut the day after at 11" just after the dentist on the 14th was made or shown:
/// the day after that event's, not today's ("the day after" alone names no day to the reader,
/// and "the next day" is tomorrow). The line is read again with the phrase said as that day
/// ("on dec 15 2026"), and kept only when it is a new event read either way. "remind me to
/// pack the night before", "the morning of": that day at that part's time (20:00, 08:00).
extension Session {
    /// The phrases, as words, the days each counts from the event's day, and the time a part
    /// of the day says.
    static let dayAfterEventPhrases: [(words: [String], days: Int, time: String?)] = [
        (["the", "day", "after", "that"], 1, nil), (["the", "day", "after"], 1, nil), (["the", "next", "day"], 1, nil),
        (["the", "following", "day"], 1, nil), (["a", "day", "later"], 1, nil), (["the", "day", "before", "that"], -1, nil),
        (["the", "day", "before"], -1, nil), (["the", "previous", "day"], -1, nil), (["the", "day", "prior"], -1, nil),
        (["the", "night", "before"], -1, "at 20:00"), (["the", "evening", "before"], -1, "at 18:00"),
        (["the", "morning", "before"], -1, "at 08:00"), (["the", "morning", "of"], 0, "at 08:00"),
    ]
    /// Words that may follow such a phrase: a time, or the line's end. ("the day after
    /// tomorrow", "the day before christmas" are dates the reader reads.)
    static let afterDayPhraseWords: Set<String> = [
        "at", "from", "for", "around", "about", "in", "and", "then", "too", "please", "until", "till", "by",
        "noon", "midday", "morning", "afternoon", "evening", "night", "lunchtime", "lunch", "breakfast", "dinner",
    ]

    /// `text` with its "the day after" said as the day after the event last shown or made;
    /// nil when it has no such phrase, no event was shown, or the line read so is no new event.
    func dayAfterShownEvent(_ text: String) -> String? {
        // (A part of the day counts from the event the line before counted from, while each
        // line says one: "pack the night before", then "… the morning of", both the trip's;
        // "the day before that" counts from the last event made.)
        let anchor = dayAnchor
        dayAnchor = nil
        guard let shown = lastShown, Router.mayMention(text, "day") || Router.mayMention(text, "night") || Router.mayMention(text, "evening")
                || Router.mayMention(text, "morning") else { return nil }
        let words = Self.wordsWithOffsets(text)
        for (phrase, days, time) in Self.dayAfterEventPhrases {
            let event = time != nil ? anchor ?? shown : shown
            guard words.count >= phrase.count, let at = (0...(words.count - phrase.count)).first(where: { Self.says(words, phrase, at: $0) }) else { continue }
            let end = at + phrase.count
            if end < words.count, let next = words[end].folded.first, !next.isNumber, !Self.afterDayPhraseWords.contains(words[end].folded) { return nil }
            let zone = context.zone
            let day = LocalDate(event.when.startInstant(in: zone), in: zone).adding(days: days)
            let said = Self.saidDay(day) + (time.map { " " + $0 } ?? "")
            let bytes = Array(text.utf8)
            let start = words[at].start
            let stop = words[end - 1].start + words[end - 1].typed.utf8.count
            let rewritten = String(decoding: bytes[..<start], as: UTF8.self) + said + String(decoding: bytes[stop...], as: UTF8.self)
            // (Only a new event read so either way: "remind me the day before" is a reminder of
            // the event shown.)
            // ("buy snacks the evening before" was not understood at all: read so, it is.)
            guard case .createEvent(let request) = understand(rewritten).intent, !request.title.isEmpty else { return nil }
            switch understand(text).intent {
            case .createEvent, .outOfScope:
                if time != nil { dayAnchor = event }
                return rewritten
            default: return nil
            }
        }
        return nil
    }
}
