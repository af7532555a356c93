internal import ClerkCore

/// A repeat keeps the schedule said with it.
///
/// - A frequency word beside a schedule is the schedule's ("weekly 1:1 with Ana every
///   Monday 10am" is Mondays at 10:00, not "weekly" from today).
/// - A frequency word with a weekday or a day of the month is a repeat on that day ("weekly
///   review on Friday at 10" is Fridays at 10:00, "monthly report on the 3rd" every 3rd).
/// - A frequency word that names a kind of meeting, with a single date said ("quarterly
///   planning next Thursday from 9 to 5:30"), is part of the title and repeats nothing.
/// - Days of the week said as a list ("gym mon wed fri 7am", "yoga tue and thu at 6pm") are
///   a weekly repeat on those days, read again as "every mon, wed and fri 7am" with what
///   follows them ("7-8:30am until Dec 17", "at 5 for 45 min").
/// - A count said apart from the repeat ("daily standup at 9:30, 10 times") is its COUNT.
enum Repeats {
    static func keepSchedule(_ s: Sentence, _ details: inout EventDetails) {
        readWeekdayList(s, &details)
        defer { readCount(s, &details) }
        guard details.dates.count >= 2 || !details.weekdays.isEmpty else { return }
        if joinsInterval(s, &details) { return }
        for d in details.dates where isFrequencyWord(s, d) {
            let others = details.dates.filter { $0 != d }
            // "weekly review on Friday at 10": the repeat on that weekday, read together.
            if details.weekdays.isEmpty, let day = others.first(where: { isWeekdayOnly(s.dates[$0]) }), let reader = s.reader {
                let said = s.text[s.dates[day].range]
                let phrase = s.text[s.dates[d].range] + " " + (said.lowercased().hasPrefix("on ") ? said : "on " + said)
                let read = reader.read(String(phrase), at: s.reference)
                // ("weekly review at 4pm friday": the day after the time, which the phrase
                // cannot read; the week's repeat on the weekday said.)
                if let match = read.count == 1 && read[0].recurrence != nil ? read[0] : weeklyOn(s, day: day, frequency: d) {
                    keep(match, s, &details, frequency: d, day: day, rule: "repeat-on", slotRule: "repeat-on-weekday")
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

    /// "biweekly 1:1 with sam on thursdays at 2", "every other week book club on thursdays at
    /// 7": how often, said apart from the weekly days it falls on, is their repeat too (every
    /// other Thursday), read together. False, changing nothing, when the line has no such pair.
    static func joinsInterval(_ s: Sentence, _ details: inout EventDetails) -> Bool {
        guard details.weekdays.isEmpty,
              let d = details.dates.first(where: { s.dates[$0].recurrence.map { $0.hasPrefix("FREQ=WEEKLY") && $0.contains("INTERVAL=") && !$0.contains("BY") } == true
                  && !s.dates[$0].known.contains(.time) }),
              let other = details.dates.first(where: { $0 != d && s.dates[$0].recurrence.map { $0.hasPrefix("FREQ=WEEKLY") && !$0.contains("INTERVAL=") && $0.contains("BYDAY") } == true }),
              let reader = s.reader else { return false }
        let phrase = s.text[s.dates[d].range] + " " + s.text[s.dates[other].range]
        let read = reader.read(String(phrase), at: s.reference)
        guard read.count == 1, let match = read.first, match.range == phrase.startIndex..<phrase.endIndex,
              match.recurrence?.contains("INTERVAL=") == true else { return false }
        keep(match, s, &details, frequency: d, day: other, rule: "repeat-every", slotRule: "repeat-every")
        return true
    }

    /// `match`, the frequency `d` and the schedule `day` read together, kept as the repeat
    /// in place of the two, where `day` was said (the phrase's own pieces lay in the phrase).
    static func keep(_ match: DateMatch, _ s: Sentence, _ details: inout EventDetails, frequency d: Int, day: Int, rule: String, slotRule: String) {
        var match = match
        match.range = s.dates[day].range
        match.parts = s.dates[day].parts
        match.rule = rule + ":" + match.rule
        details.weekdays = [match]
        details.dates.removeAll { $0 == day || $0 == d }
        details.slots.removeAll { ($0.kind == .when || $0.kind == .recurrence) && ($0.ranges == [s.dates[d].range] || $0.ranges == [s.dates[day].range]) }
        details.slots.append(Slot(kind: .when, ranges: [match.range], value: s.interval(match), rule: "date:" + match.rule))
        details.slots.append(Slot(kind: .recurrence, ranges: [s.dates[d].range], value: match.recurrence!, rule: slotRule))
    }

    /// The reading `day` (a weekday and perhaps a time, `isWeekdayOnly`) repeated every week
    /// on its weekday, when `frequency` says weekly; nil otherwise.
    static func weeklyOn(_ s: Sentence, day: Int, frequency: Int) -> DateMatch? {
        // The weekday said alone ("friday", "on friday"; "next friday" is one day).
        guard s.dates[frequency].recurrence == "FREQ=WEEKLY",
              let weekdayPart = s.dates[day].parts.first(where: { $0.rule == "weekday" }),
              s.body.filter({ weekdayPart.range.contains(s.tokens[$0].range.lowerBound) && !s.word($0, is: "on") }).count == 1
        else { return nil }
        var match = s.dates[day]
        let weekday = s.reference.timeZone.wallClock(match.start).day.isoWeekday
        match.recurrence = "FREQ=WEEKLY;BYDAY=" + Lexicon.weekdayCodes[weekday]
        match.known.insert(.recurrence)
        return match
    }

    /// Words that count the times a repeat happens ("10 times", "6 sessions").
    static let countWords: WordSet = ["times", "occurrences", "sessions", "classes", "lessons"]

    /// "daily standup at 9:30, 10 times", "weekly 1:1 with Bob on mondays, 6 sessions": a
    /// number of times no reading took, with a repeat said and no end to it, is how many
    /// times it happens.
    static func readCount(_ s: Sentence, _ details: inout EventDetails) {
        let rule = details.weekdays.first?.recurrence ?? details.dates.lazy.compactMap { s.dates[$0].recurrence }.first
        guard let rule, RRule(rule)["COUNT"] == nil, RRule(rule).until == nil else { return }
        var i = s.body.lowerBound
        while i < s.body.upperBound {
            defer { i += 1 }
            guard !details.used[i], let (value, next) = Quantity.number(in: s, at: i), next < s.body.upperBound,
                  s.word(next, isIn: countWords), !details.used[next], value >= 1, value <= 1000, value == value.rounded() else { continue }
            var start = i
            if start > s.body.lowerBound, !details.used[start - 1], s.word(start - 1) == "for" { start -= 1 }
            if start > s.body.lowerBound, !details.used[start - 1], s.word(start - 1) == "," { start -= 1 }
            for k in start...next { details.used[k] = true }
            details.repeatCount = Int(value)
            let counted = rule + ";COUNT=\(Int(value))"
            if let at = details.slots.firstIndex(where: { $0.kind == .recurrence }) {
                details.slots[at].value = counted
                details.slots[at].ranges.append(s.span(start..<(next + 1)))
            }
            return
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
    /// commas), read again as "every mon, wed and fri" with what follows them ("7-8:30am",
    /// "at 5 for 45 min", "2-3pm until Dec 17"); and "mon-fri 9:30", "monday to friday at
    /// 9:30": every day from one to the other, when a time is said (without one, "off
    /// mon-fri" is the days themselves). A list the date reader read as a repeat itself
    /// ("every monday and wednesday 9-10:30 until …", "mondays and thursdays 2-3pm") is left
    /// as it read it.
    static func readWeekdayList(_ s: Sentence, _ details: inout EventDetails) {
        guard s.reader != nil else { return }
        var i = s.body.lowerBound
        while i < s.body.upperBound {
            var days: [Int] = [], names: [String] = [], j = i + 1
            // "mon-fri": every day between, and only with a time.
            var isRange = true
            // The word read once for the two shapes of one word: each `s.word(i)` is a call.
            let word = s.word(i)
            if let (from, to) = weekdayPair(word) {
                days = [i]
                names = daysBetween(from, to)
            } else if let listed = weekdaysSlashed(word) {
                // "tue/thu" typed as one word.
                isRange = false
                days = [i]
                names = listed
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
            guard names.count >= 2 else { i = j; continue }
            if let d = s.tokens[days[0]].date, s.tokens[days.last!].date == d, s.dates[d].recurrence != nil { i = j; continue }
            let list = "every " + names.dropLast().joined(separator: ", ") + " and " + names.last!
            // "gym 7am mon wed fri", "9:30 standup mon-fri": a time said before the days.
            let before = timeBefore(days[0], s)
            guard let (match, end) = readAgain(list, days: days, s, withAll: true, before: before)
                    ?? readAgain(list, days: days, s, withAll: false, before: before),
                  !isRange || match.known.contains(.time) else { i = j; continue }
            var reading = match
            reading.rule = (isRange ? "weekday-range:" : "weekday-list:") + match.rule
            // "lunch this friday and saturday at 1", "dinner with carla fri and sat": this week's
            // days, each once (a meal or an outing on two days is no routine; "yoga tue and thu"
            // is). A count or an end said keeps its own.
            if !isRange, details.repeatCount == nil, let rule = reading.recurrence, !rule.contains("COUNT="), !rule.contains("UNTIL="),
               s.word(days[0] - 1, is: "this") || TimeHints.occasion(in: s) != nil, !s.body.contains(where: { s.tokens[$0].is(.frequency) }) {
                reading.recurrence = rule + ";COUNT=\(names.count)"
            }
            details.weekdays = [reading]
            for k in days[0]..<end { details.used[k] = true }
            // The readings those words were part of are this one now.
            var covered = Set((days[0]..<end).compactMap { s.tokens[$0].date })
            if let before { covered.insert(before.date) }
            details.dates.removeAll { covered.contains($0) }
            details.slots.removeAll { slot in slot.kind == .when || slot.kind == .recurrence ? covered.contains { s.dates[$0].range == slot.ranges.first } : false }
            details.slots.append(Slot(kind: .when, ranges: [reading.range], value: s.interval(reading), rule: "date:" + reading.rule))
            details.slots.append(Slot(kind: .recurrence, ranges: [reading.range], value: reading.recurrence!, rule: isRange ? "weekday-range" : "weekday-list"))
            return
        }
    }

    /// The weekday list `list` ("every mon, wed and fri") read as a repeat with the words
    /// after its last day (`days`' tokens): all of them to the end of the line when `withAll`
    /// (the reading takes what it can: "7-8:30am until Dec 17", "at 5 for 45 min"), else only
    /// the time said with the last day or right after the list ("fri 7am", "… at 6pm"). The
    /// reading is put back in the sentence's text (its range, its parts), with the token after
    /// the last one it took; nil when the list is not read as one repeat, or when it would
    /// take part of another reading.
    static func readAgain(_ list: String, days: [Int], _ s: Sentence, withAll: Bool, before: TimeBefore? = nil) -> (DateMatch, Int)? {
        guard let reader = s.reader else { return nil }
        let last = days.last!, bodyEnd = s.body.upperBound
        let utf8 = s.text.utf8
        func offset(_ index: String.Index) -> Int { utf8.distance(from: utf8.startIndex, to: index) }
        // The time said before the list, put right after it ("every mon, wed and fri 7am").
        let saidBefore: Substring = before.map { s.text[$0.range] } ?? ""
        // What follows the list, as typed, and the tokens of the time said with it.
        var rest: Substring = ""
        var timeReading: Int?
        if withAll {
            if last + 1 < bodyEnd { rest = s.text[s.tokens[last + 1].range.lowerBound..<s.tokens[bodyEnd - 1].range.upperBound] }
        } else if before == nil {
            let j = last + 1
            if let d = s.tokens[last].date ?? (j < bodyEnd ? s.tokens[j].date : nil) ?? (j + 1 < bodyEnd && s.word(j) == "at" ? s.tokens[j + 1].date : nil),
               s.dates[d].known.contains(.time), let piece = s.dates[d].parts.first(where: { $0.role == "time" }) {
                rest = s.text[piece.range]
                timeReading = d
            }
        }
        let withTime = saidBefore.isEmpty ? list : list + " " + saidBefore
        let phrase = rest.isEmpty ? withTime : withTime + " " + rest
        // Where the time said before and the rest begin in the phrase.
        let timeHead = list.utf8.count + 1
        let head = withTime.utf8.count + 1
        let read = reader.read(phrase, at: s.reference)
        guard let first = read.first, first.recurrence != nil, first.range.lowerBound == phrase.startIndex else { return nil }
        let length = phrase.utf8.distance(from: phrase.startIndex, to: first.range.upperBound)
        // The reading takes the list and all of the time said before it.
        guard length >= withTime.utf8.count else { return nil }
        // A reading that begins before the list may be the one the time said before was part of.
        var earliest = s.tokens[days[0]].range.lowerBound
        if let before, before.isInListReading { earliest = s.dates[before.date].range.lowerBound }
        // The tokens it took: all the readings it touches, whole.
        var end = last + 1
        if let d = timeReading {
            guard length == phrase.utf8.count else { return nil }
            while end < bodyEnd, s.tokens[end].date == d || (s.word(end) == "at" && s.tokens[end + 1 < bodyEnd ? end + 1 : end].date == d) { end += 1 }
        } else if length > head {
            let endOffset = offset(rest.startIndex) + length - head
            while end < bodyEnd, offset(s.tokens[end].range.upperBound) <= endOffset { end += 1 }
            for k in days[0]..<end {
                guard let d = s.tokens[k].date else { continue }
                let range = s.dates[d].range
                if range.lowerBound < earliest || offset(range.upperBound) > endOffset { return nil }
            }
        }
        // In the sentence's text: the list's words stand for "every mon, wed and fri", what
        // follows is where it was said.
        let listSpan = s.tokens[days[0]].range.lowerBound..<s.tokens[last].range.upperBound
        func inSentence(_ range: Range<String.Index>) -> Range<String.Index> {
            let lower = phrase.utf8.distance(from: phrase.startIndex, to: range.lowerBound)
            let upper = phrase.utf8.distance(from: phrase.startIndex, to: range.upperBound)
            if let before, lower >= timeHead, upper <= head - 1 {
                let from = offset(before.range.lowerBound)
                return utf8.index(utf8.startIndex, offsetBy: from + lower - timeHead)..<utf8.index(utf8.startIndex, offsetBy: from + upper - timeHead)
            }
            guard lower >= head else { return listSpan }
            let from = offset(rest.startIndex)
            return utf8.index(utf8.startIndex, offsetBy: from + lower - head)..<utf8.index(utf8.startIndex, offsetBy: from + upper - head)
        }
        var match = first
        // From the time said before when it was part of the list's reading ("9:15 mon-fri").
        let start = before.map { $0.isInListReading ? $0.range.lowerBound : listSpan.lowerBound } ?? listSpan.lowerBound
        match.range = start..<max(listSpan.upperBound, s.tokens[end - 1].range.upperBound)
        match.parts = first.parts.map { DatePart(range: inSentence($0.range), role: $0.role, rule: $0.rule) }
        match.corrections = first.corrections.map { WordCorrection(range: inSentence($0.range), word: $0.word) }
        return (match, end)
    }

    /// A clock time said before a list of weekdays: its words and the reading they are in.
    struct TimeBefore {
        var range: Range<String.Index>
        var date: Int
        /// The time is a piece of the reading the first day is in ("9:15 mon-fri", "7am every
        /// mon"), not a reading of its own ("9:30 standup mon-fri").
        var isInListReading: Bool
    }

    /// The clock time said before the weekday at token `first`: the time pieces of the
    /// reading the day is in, when that reading begins before it ("9:15 mon-fri", "at 9:15
    /// monday to friday", "7-8am mon wed fri", "7am every mon wed fri"); else the last
    /// reading before the day that is a time alone ("9:30 standup mon-fri"). Nil when none.
    static func timeBefore(_ first: Int, _ s: Sentence) -> TimeBefore? {
        let dayStart = s.tokens[first].range.lowerBound
        if let d = s.tokens[first].date, s.dates[d].range.lowerBound < dayStart {
            var lower: String.Index?, upper: String.Index?
            for piece in s.dates[d].parts where piece.range.upperBound <= dayStart {
                guard piece.role == "time" || piece.role == "end" else { continue }
                if lower == nil { lower = piece.range.lowerBound }
                upper = piece.range.upperBound
            }
            guard let lower, let upper else { return nil }
            return TimeBefore(range: lower..<upper, date: d, isInListReading: true)
        }
        var k = first - 1
        while k >= s.body.lowerBound {
            if let d = s.tokens[k].date {
                let known = s.dates[d].known
                if known.contains(.time), !known.contains(.date), !known.contains(.duration), s.dates[d].recurrence == nil {
                    return TimeBefore(range: s.dates[d].range, date: d, isInListReading: false)
                }
            }
            k -= 1
        }
        return nil
    }

    /// Words between the first and last day of a range of weekdays ("mon - fri", "monday to friday").
    static let throughWords: Set<String> = ["-", "to", "through", "thru", "till", "until"]

    /// The two weekdays of "mon-fri" typed as one word (a hyphen keeps a word together).
    static func weekdayPair(_ word: String) -> (Int, Int)? {
        // Most words have no hyphen, seen from their bytes where they lie (the view's own
        // `contains` walked them one index at a time): the split made an array of its pieces
        // for every word of a line (~1,000 instructions a word).
        let hyphen = UInt8(ascii: "-")
        guard word.utf8.withContiguousStorageIfAvailable({ mayListWeekdays($0, separatedBy: hyphen) }) ?? word.utf8.contains(hyphen) else { return nil }
        let halves = word.split(separator: "-")
        guard halves.count == 2, let a = Lexicon.weekdays[String(halves[0])], let b = Lexicon.weekdays[String(halves[1])], a != b else { return nil }
        return (a, b)
    }

    /// False when the word `bytes` cannot be weekdays joined by `separator`: it has none, or
    /// its first piece (its first byte that is no separator) opens with no weekday's first
    /// letter. A date typed as one word ("2/15", "10-31-1974") is turned away without the
    /// pieces split and looked up (~130 instructions a word).
    static func mayListWeekdays(_ bytes: UnsafeBufferPointer<UInt8>, separatedBy separator: UInt8) -> Bool {
        guard bytes.contains(separator), let first = bytes.first(where: { $0 != separator }) else { return false }
        // (The first letters of `Lexicon.weekdays`' names, in lower case as words are.)
        return first == UInt8(ascii: "m") || first == UInt8(ascii: "t") || first == UInt8(ascii: "w") || first == UInt8(ascii: "f") || first == UInt8(ascii: "s")
    }

    /// The weekdays of "tue/thu", "mon/wed/fri" typed as one word; nil for any other word.
    static func weekdaysSlashed(_ word: String) -> [String]? {
        // A word with no slash, the usual, is seen from its bytes (as `weekdayPair` does).
        let slash = UInt8(ascii: "/")
        guard word.utf8.withContiguousStorageIfAvailable({ mayListWeekdays($0, separatedBy: slash) }) ?? word.utf8.contains(slash) else { return nil }
        let parts = word.split(separator: "/").map(String.init)
        guard parts.count >= 2, parts.allSatisfy({ Lexicon.weekdays[$0] != nil }) else { return nil }
        return parts
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
