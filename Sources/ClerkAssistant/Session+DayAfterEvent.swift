import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// "and a haircut the day after at 11" just after the dentist on the 14th was made or shown:
/// the day after that event's, not today's ("the day after" alone names no day to the reader,
/// and "the next day" is tomorrow). The line is read again with the phrase said as that day
/// ("on dec 15 2026"), and kept only when it is a new event read either way.
extension Session {
    /// The phrases, as words, and the days each counts from the event's day.
    static let dayAfterEventPhrases: [(words: [String], days: Int)] = [
        (["the", "day", "after", "that"], 1), (["the", "day", "after"], 1), (["the", "next", "day"], 1),
        (["the", "following", "day"], 1), (["a", "day", "later"], 1), (["the", "day", "before", "that"], -1),
        (["the", "day", "before"], -1), (["the", "previous", "day"], -1), (["the", "day", "prior"], -1),
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
        guard let event = lastShown, Router.mayMention(text, "day") else { return nil }
        let words = Self.wordsWithOffsets(text)
        for (phrase, days) in Self.dayAfterEventPhrases {
            guard words.count >= phrase.count, let at = (0...(words.count - phrase.count)).first(where: { k in
                zip(words[k...], phrase).allSatisfy { $0.folded == $1 }
            }) else { continue }
            let end = at + phrase.count
            if end < words.count, let next = words[end].folded.first, !next.isNumber, !Self.afterDayPhraseWords.contains(words[end].folded) { return nil }
            let zone = context.zone
            let day = LocalDate(event.when.startInstant(in: zone), in: zone).adding(days: days)
            let said = Self.saidDay(day)
            let bytes = Array(text.utf8)
            let start = words[at].start
            let stop = words[end - 1].start + words[end - 1].typed.utf8.count
            let rewritten = String(decoding: bytes[..<start], as: UTF8.self) + said + String(decoding: bytes[stop...], as: UTF8.self)
            // (Only a new event read so either way: "remind me the day before" is a reminder of
            // the event shown.)
            guard case .createEvent(let request) = understand(rewritten).intent, !request.title.isEmpty,
                  case .createEvent = understand(text).intent else { return nil }
            return rewritten
        }
        return nil
    }
}
