/// A repeat keeps the schedule said with it.
///
/// - A frequency word beside a schedule is the schedule's ("weekly 1:1 with Ana every
///   Monday 10am" is Mondays at 10:00, not "weekly" from today).
/// - A frequency word with a weekday or a day of the month is a repeat on that day ("weekly
///   review on Friday at 10" is Fridays at 10:00, "monthly report on the 3rd" every 3rd).
/// - A frequency word that names a kind of meeting, with a single date said ("quarterly
///   planning next Thursday from 9 to 5:30"), is part of the title and repeats nothing.
/// - Days of the week said as a list ("gym mon wed fri 7am", "yoga tue and thu at 6pm") are
///   a weekly repeat on those days, read again as "every mon, wed and fri 7am".
enum Repeats {
    static func keepSchedule(_ s: Sentence, _ details: inout EventDetails) {
        readWeekdayList(s, &details)
        guard details.dates.count >= 2 || !details.weekdays.isEmpty else { return }
        for d in details.dates where isFrequencyWord(s, d) {
            let others = details.dates.filter { $0 != d }
            // "weekly review on Friday at 10": the repeat on that weekday, read together.
            if details.weekdays.isEmpty, let day = others.first(where: { isWeekdayOnly(s.dates[$0]) }), let reader = s.reader {
                let said = s.text[s.dates[day].range]
                let phrase = s.text[s.dates[d].range] + " " + (said.lowercased().hasPrefix("on ") ? said : "on " + said)
                let read = reader.read(String(phrase), at: s.reference)
                if read.count == 1, var match = read.first, match.recurrence != nil {
                    match.range = s.dates[day].range
                    match.rule = "repeat-on:" + match.rule
                    details.weekdays = [match]
                    details.dates.removeAll { $0 == day || $0 == d }
                    details.slots.removeAll { ($0.kind == .when || $0.kind == .recurrence) && ($0.ranges == [s.dates[d].range] || $0.ranges == [s.dates[day].range]) }
                    details.slots.append(Slot(kind: .when, ranges: [match.range], value: s.interval(match), rule: "date:" + match.rule))
                    details.slots.append(Slot(kind: .recurrence, ranges: [s.dates[d].range], value: match.recurrence!, rule: "repeat-on-weekday"))
                    return
                }
            }
            let schedule = !details.weekdays.isEmpty || others.contains { s.dates[$0].recurrence != nil }
            let singleDay = others.contains { s.dates[$0].known.contains(.date) && s.dates[$0].recurrence == nil }
            guard schedule || singleDay else { continue }
            details.dates.removeAll { $0 == d }
            let range = s.dates[d].range
            details.slots.removeAll { ($0.kind == .when || $0.kind == .recurrence) && $0.ranges == [range] }
            // Named the meeting: its word stays in the title.
            if !schedule {
                for i in s.body where s.tokens[i].date == d {
                    details.used[i] = false
                    details.titleDateWords.insert(i)
                }
            }
        }
    }

    /// True when a reading is a weekday or a day of the month and perhaps a time, nothing
    /// more ("on Friday", "fri at 10", "on the 3rd"): with a frequency word it says which day
    /// repeats, not which single day.
    static func isWeekdayOnly(_ match: DateMatch) -> Bool {
        match.recurrence == nil && !match.parts.isEmpty
            && match.parts.allSatisfy { ["weekday", "the-day-of-month", "day-of-month", "ordinal-day"].contains($0.rule) || $0.role == "time" }
    }

    /// True when date `d` is a frequency word alone ("weekly", "quarterly").
    static func isFrequencyWord(_ s: Sentence, _ d: Int) -> Bool {
        let match = s.dates[d]
        guard match.recurrence != nil, !match.known.contains(.time) else { return false }
        let words = s.body.filter { s.tokens[$0].date == d }
        return words.count == 1 && s.tokens[words[0]].is(.frequency)
    }

    /// "mon wed fri 7am": two or more weekday words in a row (with or without "and" and
    /// commas), read again as "every mon, wed and fri" and the time said after them; and
    /// "mon-fri 9:30", "monday to friday at 9:30": every day from one to the other, when a
    /// time is said (without one, "off mon-fri" is the days themselves).
    static func readWeekdayList(_ s: Sentence, _ details: inout EventDetails) {
        guard let reader = s.reader else { return }
        var i = s.body.lowerBound
        while i < s.body.upperBound {
            var days: [Int] = [], names: [String] = [], j = i + 1
            // "mon-fri": every day between, and only with a time.
            var isRange = true
            if let (from, to) = weekdayPair(s.word(i)) {
                days = [i]
                names = daysBetween(from, to)
            } else if s.tokens[i].is(.weekday), throughWords.contains(s.word(i + 1)), s.isA(i + 2, .weekday),
                      let from = Lexicon.weekdays[s.word(i)], let to = Lexicon.weekdays[s.word(i + 2)] {
                days = [i, i + 2]
                names = daysBetween(from, to)
                j = i + 3
            } else if s.tokens[i].is(.weekday) {
                isRange = false
                days = [i]
                while j < s.body.upperBound {
                    if s.tokens[j].is(.weekday) { days.append(j); j += 1; continue }
                    if s.word(j, isIn: Vocabulary.listJoiners) || s.word(j) == "/", s.isA(j + 1, .weekday) { j += 1; continue }
                    break
                }
                guard days.count >= 2 else { i = j; continue }
                names = days.map { s.word($0) }
            } else {
                i += 1
                continue
            }
            // The time said with the last day or right after the list ("fri 7am", "… at 6pm").
            var time = ""
            var timeTokens: [Int] = []
            if let d = s.tokens[days.last!].date ?? (j < s.body.upperBound ? s.tokens[j].date : nil) ?? (j + 1 < s.body.upperBound && s.word(j) == "at" ? s.tokens[j + 1].date : nil) {
                let match = s.dates[d]
                if match.known.contains(.time), let piece = match.parts.first(where: { $0.role == "time" }) {
                    time = " " + s.text[piece.range]
                    timeTokens = s.body.filter { s.tokens[$0].date == d }
                }
            }
            guard !isRange || !time.isEmpty, names.count >= 2 else { i = j; continue }
            let phrase = "every " + names.dropLast().joined(separator: ", ") + " and " + names.last! + time
            let read = reader.read(phrase, at: s.reference)
            guard read.count == 1, var match = read.first, match.recurrence != nil, match.range == phrase.startIndex..<phrase.endIndex else { i = j; continue }
            match.range = s.span(days.first!..<(days.last! + 1))
            match.rule = (isRange ? "weekday-range:" : "weekday-list:") + match.rule
            match.parts = []
            details.weekdays = [match]
            for k in days.first!..<j { details.used[k] = true }
            for k in timeTokens { details.used[k] = true }
            if j < s.body.upperBound, s.word(j) == "at", !timeTokens.isEmpty { details.used[j] = true }
            // The readings those words were part of are this one now.
            let covered = Set((days.first!..<j).compactMap { s.tokens[$0].date } + timeTokens.compactMap { s.tokens[$0].date })
            details.dates.removeAll { covered.contains($0) }
            details.slots.removeAll { slot in slot.kind == .when || slot.kind == .recurrence ? covered.contains { s.dates[$0].range == slot.ranges.first } : false }
            details.slots.append(Slot(kind: .when, ranges: [match.range], value: s.interval(match), rule: "date:" + match.rule))
            details.slots.append(Slot(kind: .recurrence, ranges: [match.range], value: match.recurrence!, rule: isRange ? "weekday-range" : "weekday-list"))
            return
        }
    }

    /// Words between the first and last day of a range of weekdays ("mon - fri", "monday to friday").
    static let throughWords: Set<String> = ["-", "to", "through", "thru", "till", "until"]

    /// The two weekdays of "mon-fri" typed as one word (a hyphen keeps a word together).
    static func weekdayPair(_ word: String) -> (Int, Int)? {
        // Most words have no hyphen, seen from their bytes where they lie (the view's own
        // `contains` walked them one index at a time): the split made an array of its pieces
        // for every word of a line (~1,000 instructions a word).
        let hyphen = UInt8(ascii: "-")
        guard word.utf8.withContiguousStorageIfAvailable({ $0.contains(hyphen) }) ?? word.utf8.contains(hyphen) else { return nil }
        let halves = word.split(separator: "-")
        guard halves.count == 2, let a = Lexicon.weekdays[String(halves[0])], let b = Lexicon.weekdays[String(halves[1])], a != b else { return nil }
        return (a, b)
    }

    /// The names of the weekdays from `from` to `to` (ISO numbers), going round the week.
    static func daysBetween(_ from: Int, _ to: Int) -> [String] {
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        guard (1...7).contains(from), (1...7).contains(to) else { return [] }
        var day = from, result = [names[from - 1]]
        while day != to, result.count < 7 {
            day = day % 7 + 1
            result.append(names[day - 1])
        }
        return result
    }
}
