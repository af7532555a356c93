import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// "lunch friday at 1 and dinner saturday at 8", "dentist tue 10am, then haircut thursday at
/// 4": two new events in one line, each with its own name and day. The line was one event
/// ("Lunch and dinner" on Friday, the second time left out); now each part is asked about in
/// turn. "dinner friday and saturday at 8" (no second name), "every day at 8am and 8pm" (no
/// second day) and "fish and chips saturday at 7pm" stay one event.
extension Session {
    /// Words that join one event's request to the next.
    static let eventJoiners: Set<String> = ["and", "then", "plus", "also"]

    /// The parts of `text` that each ask for a new event with a name and a day of its own,
    /// when there are two or more; nil otherwise.
    func severalEvents(_ text: String) -> [String]? {
        // (Most lines join nothing: asked of the bytes before the line is read; `String.contains`
        // cost thousands of instructions a call.)
        guard Router.mayMention(text, " and ") || Router.mayMention(text, " then ") || Router.mayMention(text, ",")
                || Router.mayMention(text, ";") || Router.mayMention(text, " plus ") else { return nil }
        guard case .createEvent = understand(text).intent else { return nil }
        return splitEvents(text, depth: 0)
    }

    private func splitEvents(_ text: String, depth: Int) -> [String]? {
        guard depth < 4 else { return nil }
        let words = Self.wordsWithOffsets(text)
        let bytes = Array(text.utf8)
        for (k, word) in words.enumerated() where k > 0 && k + 1 < words.count {
            // A joining word, or a comma or semicolon right after a word.
            let end = word.start + word.typed.utf8.count
            let joins = Self.eventJoiners.contains(word.folded)
            let closes = !joins && end < bytes.count && (bytes[end] == UInt8(ascii: ",") || bytes[end] == UInt8(ascii: ";"))
            guard joins || closes else { continue }
            let leftEnd = joins ? word.start : end
            var rightStart = joins ? end : words[k + 1].start
            // ("…, then haircut …": one joiner.)
            if closes, Self.eventJoiners.contains(words[k + 1].folded), k + 2 < words.count { rightStart = words[k + 2].start }
            let left = String(decoding: bytes[..<leftEnd], as: UTF8.self).trimmingSpacesAndPunctuation()
            var right = String(decoding: bytes[rightStart...], as: UTF8.self).trimmingSpacesAndPunctuation()
            if let first = right.split(separator: " ").first, Self.eventJoiners.contains(first.lowercased()) {
                right = String(right.dropFirst(first.count)).trimmingSpacesAndPunctuation()
            }
            let first = understand(left)
            guard Self.isWholeEvent(first), depth == 0 || !first.dates.contains(where: { $0.range.lowerBound == left.startIndex }) else { continue }
            // (Three or more: the rest split again.)
            if let rest = splitEvents(right, depth: depth + 1) { return [left] + rest }
            // (The next part starts with its name: "… and thursday 6pm at the rec ground" is
            // one event's second day, its place no name.)
            let next = understand(right)
            if Self.isWholeEvent(next), !next.dates.contains(where: { $0.range.lowerBound == right.startIndex }) { return [left, right] }
        }
        return nil
    }

    /// A new event with a name and a day of its own, and no second time left out.
    static func isWholeEvent(_ understood: Understanding) -> Bool {
        guard case .createEvent(let request) = understood.intent else { return false }
        return !request.title.isEmpty && request.otherTimes.isEmpty && request.when?.known.contains(.date) == true
    }
}
