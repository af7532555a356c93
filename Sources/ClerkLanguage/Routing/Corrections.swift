import FoundationEssentials

/// A line that corrects what was just said or shown: "actually Thursday", "no, friday", "no
/// wait make it 11:30", "sorry, at 4", "make that Tuesday", "not 10, 11", "11 not 10".
///
/// The correction words are set aside and the rest is read as a request of its own; a day or
/// time alone becomes a change of the event on screen. After a denial ("no", "nope", "not …")
/// only a change of the event on screen counts — "no meeting with Bob on Friday" is no
/// correction — while after "actually", "wait" or "sorry" any request does ("actually delete
/// it").
struct Correction {
    /// The correction words, as byte offsets of the line (what the command slot shows).
    var said: Range<Int>
    /// The line with every byte that is not the new request made a space, so offsets, and
    /// so the ranges read from it, are the line's own.
    var rest: String
    /// True when it opened with a denial ("no", "not …") or a phrase that only corrects
    /// ("make that", "i mean"): only an edit of what is on screen is taken.
    var denies: Bool
    /// The words said not to be meant, as byte offsets of the line ("bob" of "not bob, carla"
    /// and of "carla not bob"); nil when none were.
    var denied: Range<Int>? = nil

    /// `WordTable.key(of: "not")`: terms are told from "not" by their keys first.
    static let notKey = WordTable.key(of: "not")

    /// The correction in `text` (split into `terms`), nil when the line opens with none or
    /// has nothing after it.
    static func find(in text: String, terms: [Term]) -> Correction? {
        guard var k = terms.firstIndex(where: { !$0.isMark }) else { return nil }
        // Most lines neither open with a correction word or phrase nor say "not": then there
        // is none, seen without the scans below (each of which read every term again). The
        // terms are read where they lie (`first(where:)` and `contains(where:)` handed over
        // copies), and words compared by length first (`Sentence.same`).
        let none = terms.withUnsafeBufferPointer { terms in
            guard terms[k].kind == .word else { return true }
            // (The key's bit first, inlined: the word handed over copied its term.)
            let key = terms[k].key
            let opens = Vocabulary.correctionWords.mayHave(key: key) && Vocabulary.correctionWords.contains(terms[k].word, key: key)
                || Vocabulary.correctionPhraseStarts.mayHave(key: key) && Vocabulary.correctionPhraseStarts.contains(terms[k].word, key: key)
            return !opens && !terms.indices.contains { terms[$0].key == Correction.notKey && Sentence.same(terms[$0].word, "not") }
        }
        if none { return nil }
        let utf8 = text.utf8
        func offset(_ i: String.Index) -> Int { utf8.distance(from: utf8.startIndex, to: i) }
        var denies = false
        var denied: Range<Int>?
        var saw = false
        // The opening words: "actually", "no", "no wait", "sorry", "i mean", "make that".
        while k < terms.count {
            let w = terms[k].word
            if terms[k].isMark, saw { k += 1; continue }
            if let phrase = Vocabulary.correctionPhrases.first(where: { phrase in
                phrase.indices.allSatisfy { k + $0 < terms.count && terms[k + $0].word == phrase[$0] }
            }) {
                k += phrase.count
                saw = true
                denies = true
                continue
            }
            if Vocabulary.correctionWords.mayContain(key: terms[k].key), Vocabulary.correctionWords.contains(w, key: terms[k].key) {
                // "no earlier than monday", "no later than 5": a bound, which the date says.
                if w == "no", k + 2 < terms.count, ["earlier", "later", "sooner"].contains(terms[k + 1].word), terms[k + 2].word == "than" { break }
                // ("oh no, get my notes back": dismay, not a denial.)
                denies = denies || Vocabulary.denials.contains(w) && !(k > 0 && terms[k - 1].word == "oh")
                saw = true
                k += 1
                continue
            }
            // "no its friday", "its friday not thursday", "it's on friday, not thursday": the
            // "it's" of a correction says nothing the day does not (alone, "its friday" is none).
            if saw || terms[(k + 1)...].contains(where: { $0.word == "not" }), let n = Correction.itsLead(terms, at: k), k + n < terms.count {
                k += n
                continue
            }
            break
        }
        guard k < terms.count else { return nil }
        let opening = terms.firstIndex(where: { !$0.isMark })!
        var said: Range<Int>? = saw ? offset(terms[opening].range.lowerBound)..<offset(terms[k - 1].range.upperBound) : nil
        var keep = offset(terms[k].range.lowerBound)..<utf8.count
        // "not 10, 11", "not Friday but Thursday": what follows the comma or "but".
        if terms[k].word == "not" {
            guard let turn = terms[(k + 1)...].firstIndex(where: { $0.word == "," || $0.word == "but" || $0.word == "rather" }),
                  turn + 1 < terms.count else { return nil }
            var start = turn + 1
            while start < terms.count, terms[start].isMark || Vocabulary.correctionWords.contains(terms[start].word) { start += 1 }
            // "not friday, its saturday".
            if let n = Correction.itsLead(terms, at: start), start + n < terms.count { start += n }
            guard start < terms.count else { return nil }
            said = (said?.lowerBound ?? offset(terms[k].range.lowerBound))..<offset(terms[start - 1].range.upperBound)
            keep = offset(terms[start].range.lowerBound)..<utf8.count
            denies = true
            if turn > k + 1 { denied = offset(terms[k + 1].range.lowerBound)..<offset(terms[turn - 1].range.upperBound) }
        } else if let not = terms[k...].lastIndex(where: { $0.word == "not" }), not > k, not + 1 < terms.count,
                  !terms[(not + 1)...].contains(where: { $0.word == "," || $0.word == "but" }) {
            // "11 not 10", "Thursday, not Friday": what comes before "not".
            var end = not
            while end > k, terms[end - 1].isMark { end -= 1 }
            said = said ?? offset(terms[not].range.lowerBound)..<utf8.count
            keep = keep.lowerBound..<offset(terms[end - 1].range.upperBound)
            denies = true
            if let last = terms.lastIndex(where: { !$0.isMark }), last > not {
                denied = offset(terms[not + 1].range.lowerBound)..<offset(terms[last].range.upperBound)
            }
        }
        // "hmm saturday actually", "friday then": words that only correct, at the end too.
        if let last = terms.lastIndex(where: { !$0.isMark }), last > k, Vocabulary.trailingCorrectionWords.contains(terms[last].word) {
            var end = last
            while end > k, terms[end - 1].isMark { end -= 1 }
            keep = keep.lowerBound..<min(keep.upperBound, offset(terms[end - 1].range.upperBound))
        }
        guard let said, !keep.isEmpty else { return nil }
        var bytes = Array(utf8)
        for i in bytes.indices where !keep.contains(i) { bytes[i] = UInt8(ascii: " ") }
        return Correction(said: said, rest: String(decoding: bytes, as: UTF8.self), denies: denies, denied: denied)
    }
}

extension Correction {
    /// How many terms at `k` say only "it's" ("its", "it's", "it is", then "on" or "at"), nil
    /// when they do not.
    static func itsLead(_ terms: [Term], at k: Int) -> Int? {
        guard k < terms.count else { return nil }
        var n: Int
        switch terms[k].word {
        case "its", "it's": n = 1
        case "it" where k + 1 < terms.count && terms[k + 1].word == "is": n = 2
        default: return nil
        }
        if k + n < terms.count, ["on", "at"].contains(terms[k + n].word) { n += 1 }
        return n
    }
}

extension Understanding {
    /// This reading, made from `rest` (the line with bytes blanked), moved onto `text`: the
    /// same byte offsets, so every range is rebuilt on the line itself.
    func moved(onto text: String, from rest: String) -> Understanding {
        moved(onto: text, from: rest, replacing: 0..<0, by: 0)
    }

    /// This reading put back on `line` when the router read the line said again otherwise
    /// ("… 8pm their time" as "… 8pm london time", a byte longer): its ranges were on the
    /// words said, and cut from the line they ran past its end (`clerk parse --jsonl`
    /// trapped). The bytes between what the two begin and end with alike are the ones
    /// rewritten. A reading already on `line` is itself, handed back (consumed, not copied:
    /// a copy retained every string and array of the reading, on every line).
    package consuming func onLine(_ line: String) -> Understanding {
        guard text != line else { return self }
        let a = Array(line.utf8), b = Array(text.utf8)
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        var end = 0
        while end < a.count - start, end < b.count - start, a[a.count - 1 - end] == b[b.count - 1 - end] { end += 1 }
        return moved(onto: line, from: text, replacing: start..<(a.count - end), by: b.count - end - start)
    }

    /// `moved(onto:from:)` of a line where the bytes `replaced` of `text` were written as
    /// `count` other bytes in `rest` ("the first monday" read as "every first monday"): a
    /// place after them moves by the difference, one inside them to their start.
    func moved(onto text: String, from rest: String, replacing replaced: Range<Int>, by count: Int) -> Understanding {
        func index(_ i: String.Index) -> String.Index {
            var at = rest.utf8.distance(from: rest.utf8.startIndex, to: i)
            if at >= replaced.lowerBound + count { at += replaced.count - count } else if at > replaced.lowerBound { at = replaced.lowerBound }
            return text.utf8.index(text.utf8.startIndex, offsetBy: min(at, text.utf8.count))
        }
        func range(_ r: Range<String.Index>) -> Range<String.Index> { index(r.lowerBound)..<index(r.upperBound) }
        func date(_ m: DateMatch) -> DateMatch {
            var m = m
            m.range = range(m.range)
            m.parts = m.parts.map { var p = $0; p.range = range(p.range); return p }
            return m
        }
        var moved = Understanding(text: text, intent: intent.mappingDates(date), slots: slots.map { slot in
            var slot = slot
            slot.ranges = slot.ranges.map(range)
            return slot
        }, dates: dates.map(date), rule: rule)
        moved.amountOutOfRange = amountOutOfRange
        moved.noSuchDay = noSuchDay
        return moved
    }
}

extension Intent {
    /// The intent with each date it holds passed through `transform`.
    func mappingDates(_ transform: (DateMatch) -> DateMatch) -> Intent {
        switch self {
        case .createEvent(var request):
            request.when = request.when.map(transform)
            return .createEvent(request)
        case .queryAgenda(var query):
            query.when = query.when.map(transform)
            return .queryAgenda(query)
        case .updateEvent(var reference, var changes):
            reference.when = reference.when.map(transform)
            changes.when = changes.when.map(transform)
            return .updateEvent(reference, changes)
        case .deleteEvent(var reference):
            reference.when = reference.when.map(transform)
            return .deleteEvent(reference)
        default:
            return self
        }
    }
}
