import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// "and lena thursdays at 9:30" just after "1:1 with Dev every tuesday at 10 for 30 min" was
/// created, "And Oliver's too, please." just after "put Lily's birthday in my calendar": the
/// same event again for another person. The line that made the last event is said again with
/// the person swapped, and with the day or time the follow-up says in place of the same part
/// of the first ("thursdays at 9:30" for "every tuesday at 10"; "for 30 min" kept): "1:1 with
/// lena for 30 min thursdays at 9:30". The card of that line is asked as any new event's.
extension Session {
    /// Words that open such a follow-up.
    static let sameAgainOpeners: Set<String> = ["and", "also", "plus"]
    /// Words that may close it ("too", "as well", "please").
    static let sameAgainClosers: Set<String> = ["too", "as", "well", "also", "please", "one", "pls", "then"]
    /// Words before the day or time the follow-up says ("and mia on thursdays at 4:30").
    static let sameAgainDayLeads: Set<String> = ["on", "at", "every", "from"]

    /// The line that asked for the last new event (its card the last thing answered, made or
    /// not), read again for the person `text` names, when `text` is such a follow-up ("and
    /// <name>['s] [too] [day or time]") and that event names someone (a guest, or a
    /// possessive in its title). Nil otherwise.
    func sameAgain(_ text: String, after made: String) -> String? {
        guard case .createEvent(let request) = understand(made).intent else { return nil }
        // The follow-up's words, with where each starts.
        let words = Self.wordsWithOffsets(text)
        guard words.count >= 2, Self.sameAgainOpeners.contains(words[0].folded) else { return nil }
        // The person: a contact's first or full name, or a capitalised word ("And Oliver's").
        let contacts = knownNames().contacts
        var k = 1
        if words[k].folded == "for" || words[k].folded == "with" { k += 1 }
        guard k < words.count else { return nil }
        let said = words[k]
        let base = said.folded.hasSuffix("'s") ? String(said.folded.dropLast(2)) : said.folded
        let typedBase = said.typed.hasSuffix("'s") || said.typed.hasSuffix("’s") ? String(said.typed.dropLast(2)) : said.typed
        let contact = contacts.first { name in
            Spelling.fold(name.split(separator: " ").first.map(String.init) ?? name).lowercased() == Spelling.fold(base)
        }
        // (A name typed in lower case that is no contact counts when the first line named its
        // person in lower case too and the follow-up says a day: "theo has swimming on
        // tuesdays" then "and mia on thursdays at 4:30".)
        let lowerAlike = made.split(separator: " ").contains { $0.first?.isLowercase == true && $0.count >= 2 }
            && !router.dateReader.read(String(decoding: Array(text.utf8)[(k + 1 < words.count ? words[k + 1].start : text.utf8.count)...], as: UTF8.self),
                                       at: context.reference).isEmpty
        guard contact != nil || typedBase.first?.isUppercase == true || lowerAlike, typedBase.count >= 2, typedBase.allSatisfy({ $0.isLetter || $0 == "-" }),
              router.dateReader.read(typedBase, at: context.reference).isEmpty, !Self.sameAgainClosers.contains(base) else { return nil }
        let newName = contact.flatMap { $0.split(separator: " ").first.map(String.init) } ?? typedBase
        // What follows the name: closing words and a day or time only.
        let restStart = k + 1 < words.count ? words[k + 1].start : text.utf8.count
        let rest = String(decoding: Array(text.utf8)[restStart...], as: UTF8.self)
        let restDates = router.dateReader.read(rest, at: context.reference)
        guard Self.onlyDays(rest, restDates) else { return nil }
        // The person of the event just made, as the line that made it said them.
        var olds: [String] = request.attendees.compactMap { ($0.name ?? $0.email)?.split(separator: " ").first.map(String.init) }
        if let owner = request.title.split(separator: " ").first(where: { $0.hasSuffix("'s") || $0.hasSuffix("’s") }) { olds.append(String(owner.dropLast(2))) }
        let madeWords = Self.wordsWithOffsets(made)
        guard let old = madeWords.first(where: { w in
            let b = w.folded.hasSuffix("'s") ? String(w.folded.dropLast(2)) : w.folded
            return olds.contains { Spelling.fold($0).lowercased() == b }
        }), Spelling.fold(old.folded) != Spelling.fold(said.folded) else { return nil }
        // (In lower case, only for a person the first line typed in lower case.)
        if contact == nil, typedBase.first?.isUppercase != true, old.typed.first?.isLowercase != true { return nil }
        var bytes = datesBlanked(made, by: restDates)
        let possessive = old.folded.hasSuffix("'s")
        let replacement = Array((newName + (possessive ? "'s" : "")).utf8)
        let oldEnd = old.start + old.typed.utf8.count
        bytes.replaceSubrange(old.start..<oldEnd, with: replacement)
        return Self.withDays(String(decoding: bytes, as: UTF8.self), restDates.map { String(rest[$0.range]) })
    }

    /// "same for friday", "and the same on thursday at 4", "same again next monday" just
    /// after a new event's card was answered: the line that asked for it said again with
    /// the day or time the follow-up says in place of its own ("dentist tomorrow at 3pm"
    /// then "dentist at 3pm friday"). Nil when `text` says more than a day or time, or the
    /// line made no event.
    func sameOnAnotherDay(_ text: String, after made: String) -> String? {
        guard var rest = Self.sameFor(text) ?? Self.sameOn(text), case .createEvent(let request) = understand(made).intent else { return nil }
        var restDates = router.dateReader.read(rest, at: context.reference)
        // "same for next week" after Thursday's: Thursday of that week.
        if restDates.count == 1, let said = restDates.first, said.end.timeIntervalSince(said.start) >= 6 * 86_400,
           said.end.timeIntervalSince(said.start) <= 8 * 86_400, let day = request.when, day.end.timeIntervalSince(day.start) <= 86_400 {
            rest = DateText.weekdays[LocalDate(day.start, in: context.zone).isoWeekday - 1].lowercased() + " " + rest
            restDates = router.dateReader.read(rest, at: context.reference)
        }
        // A day, or a time in figures: "same for lunch" is no time to copy it to.
        guard restDates.contains(where: { m in
            m.parts.contains { $0.role == "date" || $0.role == "recurrence" } || rest[m.range].contains(where: \.isNumber)
        }) else { return nil }
        guard Self.onlyDays(rest, restDates) else { return nil }
        return Self.withDays(String(decoding: datesBlanked(made, by: restDates), as: UTF8.self), restDates.map { String(rest[$0.range]) })
    }

    /// True when `rest` says only its dates and closing words ("thursdays at 4:30 too"; "and
    /// mia on thursdays": a word that leads a day is the day's; "friday at 25:00" says more).
    static func onlyDays(_ rest: String, _ restDates: [DateMatch]) -> Bool {
        var left = Array(rest.utf8)
        for m in restDates {
            let lo = rest.utf8.distance(from: rest.utf8.startIndex, to: m.range.lowerBound)
            let hi = rest.utf8.distance(from: rest.utf8.startIndex, to: m.range.upperBound)
            for i in lo..<hi { left[i] = 32 }
        }
        // (Figures are words too: "same for 30 feb" leaves "30" no day took — it was read as
        // February.)
        let leftWords = String(decoding: left, as: UTF8.self).lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" })
        return leftWords.allSatisfy { sameAgainClosers.contains(String($0)) || sameAgainDayLeads.contains(String($0)) }
    }

    /// The words after "same on" ("same on friday", "the same again on monday", "same again
    /// next week", "another for friday"), nil when the line does not open so.
    /// True for "another one", "one more please", "and another" alone: the same event again,
    /// its day not said.
    static func sameAgainAlone(_ text: String) -> Bool {
        var line = Spelling.fold(text).lowercased().trimmingSpacesAndPunctuation()
        for lead in ["and ", "ok ", "also "] where line.hasPrefix(lead) { line.removeFirst(lead.count) }
        for end in [" please", " pls", " too"] where line.hasSuffix(end) { line.removeLast(end.count) }
        return ["another one", "another", "one more", "same again", "the same again", "another of those", "one more of those"].contains(line)
    }

    /// "another one", "one more" alone just after an event was made or shown: that event
    /// again — its length, place, guests, calendar and reminders — on the day the answer to
    /// "When?" says.
    func sameAgainAskingWhen(_ event: Event) -> Reply {
        askDay(Renderer.askWhen(event.shownTitle), again: Renderer.askWhenAgain(event.shownTitle)) { [unowned self] _, understood in
            guard let reading = Self.dateAlone(understood) ?? Self.dateAnswering(understood) else { return nil }
            return createEvent(copyRequest(of: event, at: reading))
        }
    }

    static func sameOn(_ text: String) -> String? {
        var line = Spelling.fold(text).trimmingSpacesAndPunctuation()
        // ("and tmrw too", "also on friday", "and friday as well": the same event that day;
        // "and tomorrow?" alone asks about the day.)
        let lower = line.lowercased()
        if let lead = ["and ", "also ", "plus "].first(where: lower.hasPrefix),
           let end = [" too", " as well", " also"].first(where: lower.hasSuffix) ?? (lead == "also " ? "" : nil) {
            let rest = String(line.dropFirst(lead.count).dropLast(end.count)).trimmingSpacesAndPunctuation()
            if !rest.isEmpty, !rest.lowercased().hasPrefix("same"), !rest.lowercased().hasPrefix("another") { return rest }
        }
        for lead in ["and ", "ok ", "now ", "also "] where line.hasPrefix(lead) { line.removeFirst(lead.count) }
        // ("another for friday", "one more on monday at 2": the same event again then.)
        for lead in ["the same on ", "same on ", "same again on ", "same again ", "same thing on ", "do the same on ", "ditto on ", "same time on ",
                     "another one on ", "another one for ", "another on ", "another for ", "one more on ", "one more for ", "another one ", "another ", "one more "]
        where line.hasPrefix(lead) {
            let rest = line.dropFirst(lead.count)
            return rest.isEmpty ? nil : String(rest)
        }
        return nil
    }

    /// `made` with the parts of its dates that `restDates` say again made spaces: the day
    /// ("tomorrow", "every tuesday") when a day is said, the time when a time is.
    func datesBlanked(_ made: String, by restDates: [DateMatch]) -> [UInt8] {
        var bytes = Array(made.utf8)
        func group(_ role: String) -> String {
            switch role {
            case "date", "recurrence": "day"
            case "time", "end": "time"
            default: role
            }
        }
        let saidAgain = Set(restDates.flatMap { $0.parts.map { group($0.role) } })
        guard !saidAgain.isEmpty else { return bytes }
        for m in router.dateReader.read(made, at: context.reference) {
            let parts = m.parts.isEmpty ? [DatePart(range: m.range, role: "date", rule: m.rule)] : m.parts
            for part in parts where saidAgain.contains(group(part.role)) {
                let lo = made.utf8.distance(from: made.utf8.startIndex, to: part.range.lowerBound)
                let hi = made.utf8.distance(from: made.utf8.startIndex, to: part.range.upperBound)
                for i in lo..<hi { bytes[i] = 32 }
            }
        }
        return bytes
    }

    /// `line` with `days` said at its end, before a closing mark ("…in my calendar." stays
    /// last), its spaces made single.
    static func withDays(_ line: String, _ days: [String]) -> String {
        var again = line
        let said = days.joined(separator: " ")
        if !said.isEmpty {
            while let last = again.last, last == "." || last == "!" || last == " " { again.removeLast() }
            again += " " + said
        }
        return again.split(separator: " ").joined(separator: " ")
    }

    /// The words of `text` split at spaces, each with its offset in bytes, as typed and
    /// folded (lower case, "’" as "'", edge punctuation off).
    static func wordsWithOffsets(_ text: String) -> [(typed: String, folded: String, start: Int)] {
        var out: [(String, String, Int)] = []
        var offset = 0
        for piece in text.split(separator: " ", omittingEmptySubsequences: false) {
            defer { offset += piece.utf8.count + 1 }
            let trimmed = piece.drop { !$0.isLetter && !$0.isNumber }
            let core = String(trimmed.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed())
            guard !core.isEmpty else { continue }
            let start = offset + (piece.utf8.count - trimmed.utf8.count)
            out.append((core, core.lowercased().replacingEvery("’", with: "'"), start))
        }
        return out
    }

    /// The words `words[from...through]` of `text` (made by `wordsWithOffsets`), as typed,
    /// with what stands between them.
    static func typedText(_ text: String, _ words: [(typed: String, folded: String, start: Int)], from: Int, through: Int) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes[words[from].start..<(words[through].start + words[through].typed.utf8.count)], as: UTF8.self)
    }

    /// True when `phrase` (folded words) is said at word `at` of `words`.
    static func says(_ words: [(typed: String, folded: String, start: Int)], _ phrase: [String], at: Int) -> Bool {
        at >= 0 && at + phrase.count <= words.count && phrase.indices.allSatisfy { words[at + $0].folded == phrase[$0] }
    }
}
