import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// "maria cant do sunday this week, joao will cover": one person's shift taken by another.
/// clerk keeps no rota and swaps nothing between people by itself; it says so, finds the
/// shift said (an event of that day with the person's name in its title or among its
/// guests), and gives the two requests that do it: that day skipped, and the same hours as
/// a new event for the one covering ("skip Maria works on dec 13", "João works dec 13
/// 07:00-15:00"). Nothing changes until one of them is said.
extension Session {
    /// Words that say someone cannot take their shift ("can't do", "cannot make", "can't work").
    static let cannotWords: Set<String> = ["can't", "cant", "cannot", "won't", "wont"]
    static let shiftVerbs: Set<String> = ["do", "make", "work", "come", "take", "cover", "be"]
    /// Words that say who takes it ("joao will cover", "ana is covering", "bob can take it").
    static let coverWords: Set<String> = ["cover", "covers", "covering", "take", "taking", "fill", "filling", "swap", "swapping", "instead"]

    /// False when `text` has no word of `cannotWords`: each has "can" or "won" in it, in any
    /// case (no other letter lower-cases to those), seen on the bytes. Every line of a
    /// conversation asks, and splitting it into words first cost a one-shot's first line
    /// 1.2 M instructions, most of them the generic set-up of the split's first call.
    static func mayHaveCannotWord(_ text: String) -> Bool {
        var beforeLast: UInt8 = 0, last: UInt8 = 0
        for byte in text.utf8 {
            let lower = byte | 0x20  // an ASCII capital as its small letter; bytes of other letters stay above 0x7F
            if lower == UInt8(ascii: "n"), beforeLast == UInt8(ascii: "c") && last == UInt8(ascii: "a") || beforeLast == UInt8(ascii: "w") && last == UInt8(ascii: "o") {
                return true
            }
            (beforeLast, last) = (last, lower)
        }
        return false
    }

    /// The reply to such a line, nil when `text` is none: a person named first (a contact's
    /// first name, or a capitalised word; not "I" or "we": "I can't make the dentist"
    /// cancels), a word of not being able to, and a day.
    func shiftCover(_ text: String) -> Reply? {
        guard Self.mayHaveCannotWord(text) else { return nil }
        let words = Self.wordsWithOffsets(text)
        guard words.count >= 4, let cannot = words.firstIndex(where: { Self.cannotWords.contains($0.folded) }), cannot >= 1, cannot <= 2,
              cannot + 1 < words.count, Self.shiftVerbs.contains(words[cannot + 1].folded) else { return nil }
        let contacts = knownNames().contacts
        func person(_ word: (typed: String, folded: String, start: Int)) -> String? {
            let base = word.folded.hasSuffix("'s") ? String(word.folded.dropLast(2)) : word.folded
            guard !["i", "we", "you", "he", "she", "they", "it"].contains(base), base.count >= 2 else { return nil }
            if let contact = contacts.first(where: { Spelling.fold($0.split(separator: " ").first.map(String.init) ?? $0) == Spelling.fold(base) }) {
                return contact.split(separator: " ").first.map(String.init)
            }
            return word.typed.first?.isUppercase == true && router.dateReader.read(word.typed, at: context.reference).isEmpty ? word.typed : nil
        }
        guard let absent = person(words[0]) else { return nil }
        let dates = router.dateReader.read(text, at: context.reference).filter { $0.recurrence == nil }
        guard let day = dates.first else { return nil }
        // Who covers: a person named after the comma or "and", near a word of covering.
        var cover: String?
        if let coverAt = words.indices.first(where: { $0 > cannot + 1 && Self.coverWords.contains(words[$0].folded) }) {
            for k in stride(from: coverAt - 1, to: cannot + 1, by: -1) {
                if let found = person(words[k]), Spelling.fold(found) != Spelling.fold(absent) { cover = found; break }
            }
        }
        // The shift: an event of that day with the person's name.
        let zone = context.zone
        let from = LocalDate(day.start, in: zone).startOfDay(in: zone)
        let to = day.isAllDay || day.end.timeIntervalSince(day.start) > 86_400 ? day.end : LocalDate(day.start, in: zone).adding(days: 1).startOfDay(in: zone)
        let found = (try? searchEvents(words: absent, attendee: nil, from: from, to: to, calendarIDs: nil)) ?? []
        let text = DateText(zone: zone)
        let dayText = text.shortDay(LocalDate(day.start, in: zone))
        // Only a shift: someone covering, or an event named as work ("Ana can't make lunch
        // tomorrow" is read as before).
        let shiftWords: Set<String> = ["work", "works", "working", "shift", "shifts", "rota", "duty", "opening", "closing"]
        let isShift = { (event: Event) in
            Spelling.fold(event.title).split(whereSeparator: { !$0.isLetter }).contains { shiftWords.contains(String($0)) }
        }
        let shifts = found.filter(isShift)
        guard cover != nil || !shifts.isEmpty else { return nil }
        guard let shift = shifts.first ?? found.first else {
            return Reply(intent: .help, ok: true, message: Renderer.noShiftFound(absent, cover: cover, day: dayText, typed: Self.said(LocalDate(day.start, in: zone))))
        }
        let dayWords = Self.said(LocalDate(shift.when.startInstant(in: zone), in: zone))
        var hours = ""
        if case .timed(let s, let e, _) = shift.when { hours = " " + text.clock(s) + "-" + text.clock(e) }
        let skip = (shift.recurringEventID != nil ? "skip " : "cancel ") + shift.title.lowercased() + " on " + dayWords
        let add = cover.map { Self.swapping(absent, for: $0, in: shift.title) + " " + dayWords + hours }
        let message = Renderer.shiftCover(absent, cover: cover, shift: shift, skip: skip, add: add, typedDay: dayWords + hours, text: text)
        lastShown = shift
        return Reply(intent: .help, ok: true, message: message)
    }

    /// A day as it may be typed back: "dec 13".
    static func said(_ day: LocalDate) -> String {
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        return months[day.month - 1] + " \(day.day)"
    }

    /// `title` with `old`'s name (any case) written as `new` ("Maria works" → "João works"),
    /// or "<new>: <title>" when the name is not in it.
    static func swapping(_ old: String, for new: String, in title: String) -> String {
        var words = title.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for (k, word) in words.enumerated() {
            let bare = word.filter { $0.isLetter }
            if Spelling.fold(bare) == Spelling.fold(old) { words[k] = word.replacingEvery(bare, with: new); return words.joined(separator: " ") }
            if Spelling.fold(bare) == Spelling.fold(old) + "s", word.contains("'") || word.contains("’") {
                words[k] = new + "'s"
                return words.joined(separator: " ")
            }
        }
        return new + ": " + title
    }
}
