internal import ClerkCore
import FoundationEssentials

/// The details a sentence gives about an event — when, which calendar, where, with whom,
/// reminders, length, repetition — read from a stretch of tokens in a fixed order. Each
/// reader marks the tokens it takes as `used`, so what is left is the title (or the words
/// that identify an existing event).
///
/// Order matters and is: dates (the date reader's matches), calendar, reminders, duration,
/// all-day, location, attendees. Calendars come before locations so "in my Work calendar"
/// is never a place; reminders before durations so "10 minutes before" is not a length.
struct EventDetails {
    var used: TokenMask
    var slots: [Slot]
    var dates = DateIndices()
    var calendar: CalendarMention?
    var location: String?
    var attendees: [Attendee] = []
    var reminderMinutes: [Int] = []
    /// The tokens each reminder was said in ("remind me 30 minutes before"), in order.
    var reminderTokens: [Range<Int>] = []
    var durationMinutes: Int?
    /// "all day" was said.
    var isAllDay = false
    /// Token ranges of attendee names that stay in the title ("with Ana").
    var namesInTitle: [Range<Int>] = []
    /// Days of the week said as a list with a time ("gym mon wed fri 7am"), read again as the
    /// weekly repeat they say (`Repeats`): none or one. In an array rather than an optional:
    /// a `DateMatch` inline (address-only, for its `Date`s) made the details address-only,
    /// and every copy and destroy of them went through the type's value witnesses.
    var weekdays: [DateMatch] = []
    /// Words of a date reading that are the title's instead ("quarterly" in "quarterly
    /// planning next Thursday").
    var titleDateWords: Set<Int> = []
    /// How many times the repeat happens, said apart from it ("daily standup at 9:30, 10
    /// times"; `Repeats.readCount`).
    var repeatCount: Int?
    /// Two readings said apart, one a span the other narrows, read together: a span said as
    /// a label before the request and the day said after it ("this week: dinner with Ana on
    /// Wednesday"), or a holiday naming a kind of event and the year it is in ("thanksgiving
    /// dinner next year"). None or one, in an array as `weekdays` is.
    var narrowed: [DateMatch] = []
    /// The other of two times or days said with "or" ("1" of "lunch at 12 or 1 tomorrow").
    var alternatives: [AlternativeTime] = []

    /// Reads `range` of `s`, where `used` marks the tokens already taken (the command words).
    /// Names after "with" stay unused, so "with Ana" stays in a title.
    init(_ s: Sentence, range: Range<Int>, known: Names, used: TokenMask) {
        self.init(used: used, slots: [])
        read(s, range, known: known)
    }

    /// Nothing read yet: `read` reads, appending its slots to `slots` (the line's so far,
    /// when a reader hands them over). Made and then read in place, the readers' details are
    /// not copied whole on the way out of the initializer (and destroyed), as they were when
    /// the initializer read them.
    init(used: TokenMask, slots: [Slot]) {
        self.used = used
        self.slots = slots
    }

    /// Reads `range` of `s` (the initializer's reading).
    mutating func read(_ s: Sentence, _ range: Range<Int>, known: Names) {
        readDates(s, range)
        readCalendar(s, range, known: known)
        readReminders(s, range)
        readDuration(s, range)
        readAllDay(s, range)
        readLocation(s, range, known: known)
        readAttendees(s, range, known: known)
    }

    /// `slots`, left empty: the array handed over whole, not copied.
    static func taken(_ slots: inout [Slot]) -> [Slot] {
        var out: [Slot] = []
        swap(&out, &slots)
        return out
    }

    /// Drops the slots from index `start` on that fail `keep`, in order, in place.
    /// Asked of the kinds alone: a slot read to ask was retained part by part.
    mutating func keepSlots(from start: Int, where keep: (Slot.Kind) -> Bool) {
        var first = max(start, 0)
        while first < slots.count, keep(slots[first].kind) { first += 1 }
        guard first < slots.count else { return }
        var kept = first
        for k in (first + 1)..<slots.count where keep(slots[k].kind) {
            slots.swapAt(kept, k)
            kept += 1
        }
        slots.removeSubrange(kept...)
    }

    /// The time the event takes: a day and a time said apart read together, else the
    /// first date match.
    func when(in s: Sentence) -> DateMatch? {
        if !narrowed.isEmpty { return narrowed[0] }
        if let joined = s.joined, joined.indices.allSatisfy(dates.contains) { return joined.match }
        return dates.first.map { s.dates[$0] }
    }

    // MARK: - Dates

    private mutating func readDates(_ s: Sentence, _ range: Range<Int>) {
        var i = range.lowerBound
        while i < range.upperBound {
            guard let d = s.tokens[i].date else { i += 1; continue }
            var end = i
            while end < range.upperBound, s.tokens[end].date == d { end += 1 }
            if Self.namesAKind(s, d, before: end, in: range) || Self.isForAHoliday(s, d, at: i, in: range) {
                // "christmas party": the holiday is in the title too; with another day said
                // ("christmas party planning monday 4pm") it is only the title's ("thanksgiving
                // dinner at 6" is still on Thanksgiving).
                titleDateWords.formUnion(i..<end)
                if range.contains(where: { s.tokens[$0].date.map { $0 != d && s.dates[$0].known.contains(.date) } ?? false }) {
                    // "thanksgiving dinner next year", "christmas party 2027": the holiday in
                    // that year.
                    if narrowed.isEmpty, let year = range.lazy.compactMap({ s.tokens[$0].date }).first(where: { $0 != d && Self.isYear(s.dates[$0]) }),
                       let both = Self.readTogether(s, [d], span: year) {
                        narrowed = [both]
                    }
                    i = end
                    continue
                }
            }
            var start = i
            // (A date said with its own preposition takes no other: "move in on saturday",
            // "check in at 3" keep the verb's particle.)
            if start > range.lowerBound, !used[start - 1], s.word(start - 1, isIn: Vocabulary.datePrepositions),
               !s.word(start, isIn: Vocabulary.datePrepositions) { start -= 1 }
            // "vacation all next week", "trip to Paris all of december": the whole span (more
            // than a day, a day of a clock change too: "all the halloween events" keeps it),
            // not the title's "all".
            if start > range.lowerBound + 1, !used[start - 1], s.word(start - 1, is: "of"), s.word(start - 2, is: "all"), !used[start - 2] {
                start -= 2
            } else if start > range.lowerBound + 1, !used[start - 1], s.word(start - 1, is: "all"), !s.dates[d].known.contains(.time),
                      s.dates[d].end.timeIntervalSince(s.dates[d].start) > 36 * 3600 {
                start -= 1
            }
            // "lunch on Friday": the reader reads the meal as a time of day; it is also the title.
            for k in start..<end where !s.word(k, isIn: Vocabulary.mealWords) && !titleDateWords.contains(k) { used[k] = true }
            if !dates.contains(d) {
                dates.append(d)
                // The match read where it lies (`let match = s.dates[d]` copied it).
                let range = s.dates[d].range
                slots.append(Slot(kind: .when, ranges: [range], value: Sentence.interval(s.dates[d].start, s.dates[d].end, s.zone),
                                  rule: Self.joined("date:", s.dates[d].rule)))
                if let rule = s.dates[d].recurrence {
                    slots.append(Slot(kind: .recurrence, ranges: [range], value: rule, rule: "date-recurrence"))
                }
            }
            i = end
        }
        // Words that only say "it repeats" ("repeating", "make it recur") go with the recurrence.
        for i in range where !used[i] && s.word(i, isIn: Vocabulary.repeatWords) {
            used[i] = true
        }
        // The bytes looked at first: `String.contains` (StringProcessing) cost ~16,000
        // instructions a line though almost no line says "or". A match by characters is a
        // match by bytes (" or " is ASCII), so only a line whose bytes have it is asked again.
        if Self.hasOrBytes(s.text), s.text.contains(" or ") { readAlternatives(s, range) }
        if narrowed.isEmpty, dates.count >= 2 { narrowByLabel(s, range) }
    }

    /// True when the UTF-8 of `text` holds " or ".
    static func hasOrBytes(_ text: String) -> Bool {
        // (No contiguous bytes: true, and the characters decide.)
        text.utf8.withContiguousStorageIfAvailable { b in
            guard b.count >= 4 else { return false }
            for i in 0...(b.count - 4) where b[i] == 0x20 && b[i + 1] == 0x6F && b[i + 2] == 0x72 && b[i + 3] == 0x20 { return true }
            return false
        } ?? true
    }

    /// Times or days said as two choices with "or" ("lunch at 12 or 1 tomorrow", "3 or 4pm on
    /// friday", "monday or tuesday at 10", "tomorrow at 12 or 1"): the first is the event's,
    /// on the day either says and with the other's am or pm; the second is kept aside for the
    /// card to name (`alternatives`), and "or" is no title word.
    private mutating func readAlternatives(_ s: Sentence, _ range: Range<Int>) {
        func tokens(of d: Int) -> Range<Int>? {
            guard let first = range.first(where: { s.tokens[$0].date == d }) else { return nil }
            var end = first
            while end < range.upperBound, s.tokens[end].date == d { end += 1 }
            return first..<end
        }
        func text(_ parts: [DatePart], _ role: String) -> String {
            parts.filter { $0.role == role }.map { String(s.text[$0.range]) }.joined(separator: " ")
        }
        var k = 0
        // Where the choices said after the first so far end ("monday or tuesday or wednesday":
        // the third follows the second).
        var reach: Int?
        while k + 1 < dates.count {
            let a = dates[k], b = dates[k + 1]
            guard let at = tokens(of: a), let bt = tokens(of: b) else { k += 1; reach = nil; continue }
            // "or" between the two, or the first word of the second's reading ("or tuesday").
            let end = reach ?? at.upperBound
            let or = s.word(end) == "or" && end + 1 == bt.lowerBound ? end
                : s.word(bt.lowerBound) == "or" && end == bt.lowerBound ? bt.lowerBound : nil
            let first = s.dates[a], second = s.dates[b]
            let bothTimes = first.known.contains(.time) && second.known.contains(.time)
            let bothDays = !first.known.contains(.time) && !second.known.contains(.time)
                && first.known.contains(.date) && second.known.contains(.date)
            // "call at 3 tomorrow or thursday", "call tomorrow or thursday at 3": two days, the
            // time said with one of them; the other day is the choice left.
            let oneTimed = first.known.contains(.date) && second.known.contains(.date)
                && first.known.contains(.time) != second.known.contains(.time)
            guard let or, bothTimes || bothDays || oneTimed, first.recurrence == nil, second.recurrence == nil else { k += 1; reach = nil; continue }
            reach = bt.upperBound
            used[or] = true
            var said = String(s.text[second.range]).trimmingSpaces()
            if said.lowercased().hasPrefix("or ") { said = String(said.dropFirst(3)).trimmingSpaces() }
            if oneTimed { said = text(second.parts, "date") }
            // The first read again with what the second says of it (`phrase`), its parts with
            // the second's of `role`: the event's when, at the first's place in the line.
            func narrow(to phrase: String, taking role: String) -> Bool {
                guard narrowed.isEmpty, let reader = s.reader else { return false }
                let read = reader.read(phrase, at: s.reference)
                guard read.count == 1, var both = read.first, both.range == phrase.startIndex..<phrase.endIndex else { return false }
                both.range = first.range
                both.rule = Self.joined("or:", both.rule)
                both.parts = first.parts + second.parts.filter { $0.role == role }
                narrowed = [both]
                if let slot = slots.firstIndex(where: { $0.kind == .when && $0.ranges.first == first.range }) {
                    slots[slot].value = Sentence.interval(both.start, both.end, s.zone)
                }
                return true
            }
            // ("tomorrow or thursday at 3": the time is the first day's too.)
            if oneTimed, !first.known.contains(.time) { _ = narrow(to: String(s.text[first.range]) + " " + text(second.parts, "time"), taking: "time") }
            // "at 12 or 1 tomorrow": the day said with the second is the first's too; "at 7 or
            // 8pm tomorrow": so is its pm, on the day said elsewhere.
            let meridiem = bothTimes ? Self.meridiem(from: text(second.parts, "time"), for: first, in: s) : ""
            let borrowsDay = bothTimes && !first.known.contains(.date) && second.known.contains(.date)
            if borrowsDay || !meridiem.isEmpty {
                let days = first.known.contains(.date) ? "" : second.known.contains(.date) ? text(second.parts, "date")
                    : dates.first { s.dates[$0].known.contains(.date) && !s.dates[$0].known.contains(.time) }.map { String(s.text[s.dates[$0].range]) } ?? ""
                if narrow(to: String(s.text[first.range]) + meridiem + (days.isEmpty ? "" : " " + days), taking: "date"), borrowsDay {
                    said = text(second.parts, "time")
                }
            }
            alternatives.append(AlternativeTime(said: said, time: bothTimes ? Self.sameHalf(second, as: first, in: s) : nil))
            slots.removeAll { $0.kind == .when && $0.ranges.first == second.range }
            dates.remove(at: k + 1)
        }
        // "monday or tuesday at 10", read as one: the days after "or" are the others.
        for d in dates where alternatives.isEmpty {
            let days = s.dates[d].parts.filter { $0.role == "date" }
            guard days.count >= 2 else { continue }
            for other in days.dropFirst() where s.text[other.range].lowercased().hasPrefix("or ") {
                alternatives.append(AlternativeTime(said: String(s.text[other.range].dropFirst(3)).trimmingSpaces(), time: nil))
            }
        }
        // "tomorrow at 12 or 1": a bare number after a time's "or" is the other time (also
        // after a day's choice: "call tomorrow or thursday at 3 or 4", whose "at 3" was read
        // with the day left aside); "at 1 or 2 or 3": each after an "or" is one, or none is.
        guard !alternatives.contains(where: { $0.time != nil }), let reader = s.reader else { return }
        for d in s.dates.indices where s.dates[d].known.contains(.time) {
            guard let at = tokens(of: d), s.word(at.upperBound) == "or" else { continue }
            var or = at.upperBound
            var others: [AlternativeTime] = [], taken: [Int] = [], saysHalf = false
            while or + 1 < range.upperBound, s.word(or) == "or" {
                let n = or + 1
                guard s.tokens[n].kind == .number, s.tokens[n].date == nil else { break }
                let hasMeridiem = ["am", "pm"].contains(s.word(n + 1))
                let after = hasMeridiem ? n + 2 : n + 1
                let said = String(s.text[s.tokens[n].range.lowerBound..<s.tokens[after - 1].range.upperBound])
                guard let other = reader.read("at " + said, at: s.reference).first, other.known.contains(.time) else { break }
                others.append(AlternativeTime(said: said, time: hasMeridiem ? other.start : Self.sameHalf(other, as: s.dates[d], in: s)))
                taken += [or] + Array(n..<after)
                or = after
                saysHalf = hasMeridiem
            }
            // (The last ends the line or a phrase, or says am or pm: "at 1 or 2 people" says no time.)
            guard !others.isEmpty, saysHalf || or == range.upperBound || s.tokens[or].isMark else { continue }
            for i in taken { used[i] = true }
            alternatives += others
            break
        }
    }

    /// The start of `other`, a time said with no am or pm, in the afternoon when `first` is
    /// and it is not ("7 or 8": 20:00 beside 19:00).
    static func sameHalf(_ other: DateMatch, as first: DateMatch, in s: Sentence) -> Date {
        let said = s.text[other.range].lowercased()
        let zone = s.zone
        let hour = { (date: Date) in zone.wallClock(date).seconds / 3600 }
        guard !said.contains("am"), !said.contains("pm"), !said.contains(":"), hour(first.start) >= 12, hour(other.start) < 12 else { return other.start }
        return other.start + 12 * 3600
    }

    /// "pm" or "am" when the other of two times has it and `first` ends in a bare number
    /// ("3 or 4pm": 3pm); else nothing.
    static func meridiem(from other: String, for first: DateMatch, in s: Sentence) -> String {
        let said = other.lowercased().replacingEvery(".", with: "")
        guard let last = s.text[first.range].last, last.isNumber else { return "" }
        if said.hasSuffix("pm") { return "pm" }
        if said.hasSuffix("am") { return "am" }
        return ""
    }

    /// "this week: dinner with Ana on Wednesday", "next week dentist tuesday 10am", "next
    /// month: rent on the 1st": a span (this or next week, month or year, a weekend, a year)
    /// said first, before the request, and a day said after it are that day within the
    /// span, read as "on Wednesday this week". When that day is over ("this week" said on a
    /// Sunday), or the two do not read as one, the day said is the next one, as alone.
    private mutating func narrowByLabel(_ s: Sentence, _ range: Range<Int>) {
        let label = dates[0]
        guard Self.isSpan(s.dates[label]) else { return }
        // The label opens the request: only command words before it.
        var first = range.lowerBound
        while first < range.upperBound, s.tokens[first].date != label {
            guard used[first] else { return }
            first += 1
        }
        // The day: the next reading, with the time said apart from it when they were joined.
        let day = dates[1]
        guard s.dates[day].range.lowerBound >= s.dates[label].range.upperBound, s.dates[day].known.contains(.date),
              s.dates[day].recurrence == nil, !Self.isSpan(s.dates[day]) else { return }
        var pieces = [day]
        var alone = s.dates[day]
        if let joined = s.joined, joined.indices.contains(day), !joined.indices.contains(label), joined.indices.allSatisfy(dates.contains) {
            pieces = joined.indices
            alone = joined.match
        }
        if let both = Self.readTogether(s, pieces, span: label), both.end > s.reference.instant {
            narrowed = [both]
        } else {
            alone.rule = Self.joined("label-day:", alone.rule)
            narrowed = [alone]
        }
    }

    /// True for a reading that is only a span to narrow, by the rules of its pieces: this or
    /// next week, month or year ("cycle"), a year, a weekend; no time, no repeat. (Compared
    /// by length first, `Sentence.same`: a set of the rules hashed each with SipHash.)
    static func isSpan(_ match: DateMatch) -> Bool {
        guard !match.parts.isEmpty, match.recurrence == nil, !match.known.contains(.duration) else { return false }
        var weekend = false
        for part in match.parts {
            if Sentence.same(part.rule, "weekend") { weekend = true; continue }
            guard Sentence.same(part.rule, "cycle") || Sentence.same(part.rule, "year") else { return false }
        }
        return weekend || match.grain >= .week
    }

    /// True for a span that is a year ("next year", "in 2028", "2027").
    static func isYear(_ match: DateMatch) -> Bool {
        isSpan(match) && match.grain == .year
    }

    /// The readings `pieces` (in text order) said before the span `span`, read as one
    /// phrase ("on wednesday at 8 this week", "thanksgiving next year"); nil when the reader
    /// does not read it whole as one date. The reading lies where the first of them is said,
    /// with the pieces of all of them.
    static func readTogether(_ s: Sentence, _ pieces: [Int], span: Int) -> DateMatch? {
        guard let reader = s.reader else { return nil }
        var phrase = ""
        for d in pieces { phrase += s.text[s.dates[d].range] + " " }
        phrase += s.text[s.dates[span].range]
        let read = reader.read(phrase, at: s.reference)
        guard read.count == 1, var match = read.first, match.range == phrase.startIndex..<phrase.endIndex,
              match.known.contains(.date), match.recurrence == nil else { return nil }
        let all = (pieces + [span]).sorted { s.dates[$0].range.lowerBound < s.dates[$1].range.lowerBound }
        match.range = s.dates[all[0]].range
        match.rule = joined("narrowed:", match.rule)
        match.parts = all.flatMap { s.dates[$0].parts }
        return match
    }

    /// The rules of the dates that can name a kind of event: "christmas party", "easter egg
    /// hunt", "Q4 report", "summer vacation", "mother's day lunch".
    /// So can the start or end of a year, quarter, month or week said alone ("end of year
    /// review", "end of the month report", "beginning of the year planning", "EOY party").
    /// A `WordSet`: a `Set` hashed each rule asked with SipHash.
    static let namingRules: WordSet = ["holiday", "season", "q-quarter", "ordinal-quarter", "year-q-quarter", "beginning-end-of-unit", "eom-boy"]

    /// True when date `d` (its tokens end before `end`) is a holiday, season or quarter that
    /// a title word follows: it names a kind of event ("christmas party", "Q4 report"). A
    /// meal said with it ("mother's day lunch") goes with it.
    static func namesAKind(_ s: Sentence, _ d: Int, before end: Int, in range: Range<Int>) -> Bool {
        // A word after the date asked first: the meal's test makes a lower-cased copy of its words.
        let wordFollows = end < range.upperBound && s.kind(end) == .word && s.tokens[end].date == nil
            && !s.word(end, isIn: Vocabulary.datePrepositions) && !s.word(end, isIn: Vocabulary.listJoiners) && s.word(end) != "with"
        // The last part read where it lies: the parts and the part copied out (their strings
        // retained) for the test of its role cost ~150 instructions a line the readers read.
        guard wordFollows || s.dates.withUnsafeBufferPointer({ dates in
            dates[d].parts.withUnsafeBufferPointer { parts in
                guard let last = parts.indices.last, parts[last].role == "time" else { return false }
                let said = parts[last].range
                return Self.mayBeMeal(s.text, said) && Vocabulary.mealWords.contains(String(s.text[said]).lowercased())
            }
        })
        else { return false }
        let parts = s.dates[d].parts
        return parts.contains { namingRules.contains($0.rule) }
            && parts.allSatisfy { namingRules.contains($0.rule) || ($0.role == "time" && Vocabulary.mealWords.contains(String(s.text[$0.range]).lowercased())) }
    }

    /// False when the words `range` of `text` hold a digit, which no meal word has (nor its
    /// lower case): "3pm" is turned away before a lower-cased copy of it is made and looked up.
    static func mayBeMeal(_ text: String, _ range: Range<String.Index>) -> Bool {
        !text.utf8[range].contains { $0 &- 0x30 < 10 }
    }

    /// "closed for christmas dec 24 to dec 26", "shopping for christmas on saturday": a
    /// holiday after "for", with another day said, is what the event is for, in its title.
    static func isForAHoliday(_ s: Sentence, _ d: Int, at i: Int, in range: Range<Int>) -> Bool {
        s.word(i, is: "for") && s.dates[d].parts.contains { $0.rule == "holiday" }
            && range.contains(where: { s.tokens[$0].date.map { $0 != d && s.dates[$0].known.contains(.date) } ?? false })
    }

    /// `prefix + rest`, made at its size at once (`+` copied `prefix` into a new string and
    /// grew it for `rest`, for every date slot of a line).
    static func joined(_ prefix: StaticString, _ rest: String) -> String {
        var rest = rest
        return rest.withUTF8 { tail in
            let head = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            return String(unsafeUninitializedCapacity: head.count + tail.count) { bytes in
                let afterHead = bytes.initialize(fromContentsOf: head)
                let end = bytes[afterHead...].initialize(fromContentsOf: tail)
                return end
            }
        }
    }

    // MARK: - Calendars

    private mutating func readCalendar(_ s: Sentence, _ range: Range<Int>, known: Names) {
        var i = range.lowerBound
        while i < range.upperBound {
            defer { i += 1 }
            // "clear my Home calendar tomorrow": a known calendar named with "calendar" needs no
            // preposition.
            if !used[i], s.word(i, isIn: Vocabulary.ownerWords), i == range.lowerBound || !s.word(i - 1, isIn: Vocabulary.calendarPrepositions),
               let name = knownCalendar(s, at: i + 1, known: known, limit: range.upperBound), s.word(name.next) == "calendar" {
                mark(i..<(name.next + 1))
                calendar = CalendarMention(said: String(s.text(of: (i + 1)..<name.next)), known: name.name)
                slots.append(s.slot(.calendar, i..<(name.next + 1), value: name.name, rule: "calendar:known"))
                i = name.next
                continue
            }
            guard !used[i], s.word(i, isIn: Vocabulary.calendarPrepositions) else { continue }
            var j = i + 1
            while j < range.upperBound, s.word(j, isIn: Vocabulary.ownerWords) { j += 1 }
            // "on my calendar", "in the calendar": the calendar in general.
            if j < range.upperBound, s.word(j, isIn: Vocabulary.calendarItself) {
                for k in i...j { used[k] = true }
                slots.append(s.slot(.command, i..<(j + 1), value: "calendar", rule: "calendar:generic"))
                i = j
                continue
            }
            // "on Work", "in my Family calendar", "to Trips instead".
            if let name = knownCalendar(s, at: j, known: known, limit: range.upperBound) {
                var end = name.next
                if s.word(end) == "calendar" { end += 1 }
                mark(i..<end)
                calendar = CalendarMention(said: String(s.text(of: j..<name.next)), known: name.name)
                slots.append(s.slot(.calendar, i..<end, value: name.name, rule: "calendar:known"))
                i = end - 1
                continue
            }
            var end = j
            while end < range.upperBound, end - j < 3, isCalendarWord(s, end), !used[end] { end += 1 }
            guard end > j else { continue }
            let said = String(s.text(of: j..<end))
            if s.word(end) == "calendar" {
                // "in my Wrok calendar": a calendar by its shape, known or not.
                mark(i..<(end + 1))
                calendar = mention(said, known: known)
                slots.append(s.slot(.calendar, i..<(end + 1), value: calendar!.name, rule: "calendar:named"))
                i = end
            } else if s.word(end) == "instead" || (end == range.upperBound && s.word(i) == "on" && end == j + 1
                                                   && Self.closesWithCalendar(said, folded: s.tokens[j].word, capitalized: s.tokens[j].isCapitalized, known: known,
                                                                              afterTheDate: (range.lowerBound..<i).contains { s.isInDate($0) })) {
                // "on Personal instead", or a word closing the sentence that is a calendar's
                // name misspelt ("… on wrok"), or any capitalised one when none is known.
                let last = s.word(end) == "instead" ? end + 1 : end
                mark(i..<last)
                calendar = mention(said, known: known)
                slots.append(s.slot(.calendar, i..<last, value: calendar!.name, rule: "calendar:last-word"))
                i = last - 1
            }
        }
    }

    /// "… on Wrok" ends with a calendar when the word is near a known calendar's name, or,
    /// with no calendars known, when it is capitalised ("… on Work"); or when it is a usual
    /// calendar's name, capitalised, that no calendar has yet ("… on Work" with only Personal);
    /// or any capitalised word after the event's date ("flight to rome dec 20 on Trips": a
    /// calendar not made yet) that is no way of meeting ("… at 3 on Zoom").
    static func closesWithCalendar(_ said: String, folded: String, capitalized: Bool, known: Names, afterTheDate: Bool = false) -> Bool {
        if known.calendars.isEmpty { return capitalized }
        if Spelling.closest(to: said, in: known.calendars) != nil { return true }
        guard capitalized else { return false }
        return Vocabulary.usualCalendarNames.contains(folded)
            || (afterTheDate && !Vocabulary.meetingPlatforms.contains(folded) && !known.contactWords.contains(folded))
    }

    /// A known calendar's name starting at token `i` (several words allowed), case- and
    /// accent-insensitively.
    private func knownCalendar(_ s: Sentence, at i: Int, known: Names, limit: Int) -> (name: String, next: Int)? {
        var best: (String, Int)?
        for (name, words) in known.calendarWords {
            guard !words.isEmpty, i + words.count <= limit else { continue }
            var ok = true
            for (k, w) in words.enumerated() where s.tokens[i + k].word != w || s.isInDate(i + k) || used[i + k] { ok = false; break }
            if ok, best == nil || words.count > best!.1 - i { best = (name, i + words.count) }
        }
        return best
    }

    /// A word that can be part of a calendar's name ("Work", "Family", "Book club").
    private func isCalendarWord(_ s: Sentence, _ i: Int) -> Bool {
        let t = s.tokens[i]
        return t.kind == .word && !t.isInDate && !Vocabulary.notNames.contains(t.word) && !Vocabulary.determiners.contains(t.word)
            && !Vocabulary.notCalendarNames.contains(t.word)
    }

    /// A calendar said by name: the known one it spells, or the closest known one.
    func mention(_ said: String, known: Names) -> CalendarMention {
        if let exact = known.calendar(named: said) {
            return CalendarMention(said: said, known: exact)
        }
        return CalendarMention(said: said, closest: Spelling.closest(to: said, in: known.calendars))
    }

    // MARK: - Reminders, duration, all day

    private mutating func readReminders(_ s: Sentence, _ range: Range<Int>) {
        var i = range.lowerBound
        while i < range.upperBound {
            defer { i += 1 }
            guard !used[i], let (minutes, next) = Quantity.minutes(in: s, at: i) ?? Self.theUnitBefore(s, at: i) else { continue }
            var j = next
            // "a two day notice before", "10 minutes before", "an hour prior".
            while s.word(j, isIn: Vocabulary.alertWords) { j += 1 }
            guard s.word(j, isIn: Vocabulary.aheadWords) else { continue }
            if s.word(j) == "in", s.word(j + 1) != "advance" { continue }
            if s.word(j) == "earlier" || s.word(j) == "early" {
                // "remind me 10 minutes early"; "15 minutes earlier" on its own is a shift.
                guard s.has(Vocabulary.reminderWords) else { continue }
            }
            var end = j + 1
            if s.word(j) == "in" { end += 1 }
            if s.word(j) == "prior", s.word(end) == "to" { end += 1 }
            // "before it", "before time", "before the start"; "before the review" keeps its event for the title.
            if s.word(end, isIn: Vocabulary.afterAhead) { end += 1 }
            else if s.word(end) == "the", s.word(end + 1, isIn: Vocabulary.startNouns) { end += 2 }
            var start = i
            if start > range.lowerBound, s.word(start - 1, isIn: Vocabulary.pingVerbs) {
                start -= 1
            } else if start > range.lowerBound + 1, s.word(start - 1) == "me", s.word(start - 2, isIn: Vocabulary.pingVerbs) || s.word(start - 2) == "tell" {
                start -= 2
            }
            if start > range.lowerBound, s.word(start - 1, isIn: Vocabulary.reminderLeads), !used[start - 1] { start -= 1 }
            mark(start..<min(end, range.upperBound))
            reminderMinutes.append(minutes)
            reminderTokens.append(start..<min(end, range.upperBound))
            slots.append(s.slot(.reminder, start..<min(end, range.upperBound), value: String(minutes), rule: "reminder:before"))
            i = end - 1
        }
    }

    /// "remind me the day before", "a reminder the week before": one of that unit ahead of
    /// an event, right after the reminding words ("remind me to pack the day before the
    /// trip" is a thing to do then, not a reminder).
    static func theUnitBefore(_ s: Sentence, at i: Int) -> (minutes: Int, next: Int)? {
        guard s.word(i, is: "the"), let unit = theUnits[s.word(i + 1)], s.word(i + 2, is: "before"),
              s.word(i - 1, isIn: EventReminders.objects) || s.word(i - 1, isIn: EventReminders.reminderNouns) else { return nil }
        return (unit, i + 2)
    }

    /// ("remind me the night before", "the evening before": a day before, as a reminder is counted.)
    static let theUnits: WordMap<Int> = ["hour": 60, "day": 1_440, "night": 1_440, "evening": 1_440, "week": 10_080]

    private mutating func readDuration(_ s: Sentence, _ range: Range<Int>) {
        var i = range.lowerBound
        while i < range.upperBound {
            defer { i += 1 }
            guard !used[i] else { continue }
            let w = s.word(i)
            // "for 2 hours", "lasting 90 minutes", "2 hours long".
            if Vocabulary.lengthWords.contains(w), let (minutes, next) = Quantity.minutes(in: s, at: i + 1), !anyUsed(i + 1..<next) {
                var end = next
                if s.word(end) == "long" { end += 1 }
                mark(i..<end)
                durationMinutes = minutes
                slots.append(s.slot(.duration, i..<end, value: String(minutes), rule: "duration:for"))
                i = end - 1
            } else if let (minutes, next) = Quantity.minutes(in: s, at: i), i > range.lowerBound,
                      s.word(i - 1, isIn: Vocabulary.blockVerbs), !anyUsed(i..<next) {
                // "block 2 hours for focus time", "set aside an hour to plan".
                var end = next
                if ["for", "to"].contains(s.word(end)) { end += 1 }
                mark(i..<end)
                durationMinutes = minutes
                slots.append(s.slot(.duration, i..<end, value: String(minutes), rule: "duration:block"))
                i = end - 1
            } else if let (minutes, next) = Quantity.minutes(in: s, at: i), s.word(next) == "long", !anyUsed(i..<next) {
                mark(i..<(next + 1))
                durationMinutes = minutes
                slots.append(s.slot(.duration, i..<(next + 1), value: String(minutes), rule: "duration:long"))
                i = next
            } else if durationMinutes == nil, let (minutes, next) = Quantity.minutes(in: s, at: i), (5..<(24 * 60)).contains(minutes),
                      !anyUsed(i..<next), !(i..<next).contains(where: { s.isInDate($0) }),
                      i == range.lowerBound || !s.word(i - 1, isIn: Vocabulary.beforeBareLength),
                      !s.word(next, isIn: Vocabulary.afterBareLength) {
                // "call bob 30 min tomorrow", "2h deep work friday", "a 45 minute review":
                // minutes or hours said alone are the length, unless a word around them
                // makes them an offset, a repeat or a reminder ("in 30 min", "10 min before").
                mark(i..<next)
                durationMinutes = minutes
                slots.append(s.slot(.duration, i..<next, value: String(minutes), rule: "duration:bare"))
                i = next - 1
            }
        }
    }

    /// "all day", "the whole day", "all-day": said, not inferred from a date without a time.
    /// "all-day" as a set: asked of every word, a set answers from the word's key where
    /// comparing the word copied its term first.
    static let allDayWord: WordSet = ["all-day"]

    private mutating func readAllDay(_ s: Sentence, _ range: Range<Int>) {
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            if s.word(i, isA: .wholeWord), s.word(i + 1) == "day" || s.word(i + 1) == "day-long" {
                var start = i
                if start > range.lowerBound, s.word(start - 1) == "the" { start -= 1 }
                if start > range.lowerBound, s.word(start - 1) == "for" || s.word(start - 1) == "an" { start -= 1 }
                mark(start..<(i + 2))
                isAllDay = true
                slots.append(s.slot(.allDay, start..<(i + 2), value: "true", rule: "all-day"))
                return
            }
            if s.word(i, isIn: Self.allDayWord) {
                mark(i..<(i + 1))
                isAllDay = true
                slots.append(s.slot(.allDay, i..<(i + 1), value: "true", rule: "all-day"))
                return
            }
            i += 1
        }
        if range.count > 0, s.word(range.upperBound - 1, isIn: Self.allDayWord) {
            mark((range.upperBound - 1)..<range.upperBound)
            isAllDay = true
        }
    }

    // MARK: - Location

    /// Words that end a street's name ("king street", "the high st", "elm road").
    static let streetNouns: WordSet = ["street", "st", "road", "rd", "avenue", "ave", "lane", "ln", "way", "square", "sq", "drive",
                                       "boulevard", "blvd", "parade", "terrace", "crescent", "row", "hill", "gardens"]

    /// Verbs whose "in" is their own ("check in", "sign in"), not a place's.
    static let inParticleVerbs: WordSet = ["check", "sign", "drop", "pop", "clock"]

    /// Verbs between a place and the day it is on ("… at the optician is on Thursday").
    static let placeVerbs: WordSet = ["is", "are", "was", "will", "be", "'s"]

    /// "… from the 14th to the 16th in brighton", "dinner in soho friday at 8": one word after
    /// "in", typed in lower case, that ends the line or comes just before its day, is a place
    /// the reader does not know — in a line that says a day, and unless it is a word "in"
    /// makes no place of ("in person", "in bed", "in town", "in advance"), someone's name or a
    /// file's ("mark milk done in todo").
    static func isPlaceNamedAlone(_ s: Sentence, _ at: Int, in range: Range<Int>, known: Names) -> Bool {
        guard at > range.lowerBound, s.word(at - 1) == "in", s.kind(at) == .word, !s.isInDate(at),
              s.word(at).utf8.count >= 3, !s.word(at, isIn: notPlacesAfterIn), !known.contactWords.contains(s.word(at)),
              !s.word(at, isA: [.eventNoun, .calendarNoun]), !s.isA(at, .relation), known.file(stem: s.word(at)) == nil,
              s.body.contains(where: { s.isInDate($0) }) else { return false }
        let after = at + 1
        return after >= range.upperBound || s.tokens[after].isMark || s.isInDate(after)
    }
    static let notPlacesAfterIn: WordSet = [
        "person", "progress", "class", "bed", "town", "private", "public", "advance", "time", "full", "total", "general", "case",
        "fact", "return", "turn", "charge", "touch", "mind", "line", "order", "question", "detail", "depth", "brief", "short",
        "particular", "future", "past", "between", "front", "back", "half", "pairs", "teams", "groups", "turns", "writing",
        "secret", "silence", "peace", "love", "trouble", "hospital", "prison", "office", "work", "school", "church", "theory", "practice",
        "addition", "exchange", "response", "use", "vain", "view", "bulk", "cash", "english", "french", "spanish",
    ]

    private mutating func readLocation(_ s: Sentence, _ range: Range<Int>, known: Names) {
        var i = range.lowerBound
        while i < range.upperBound {
            defer { i += 1 }
            guard !used[i] else { continue }
            let w = s.word(i)
            // "dinner @ 8 @ Nobu": "@" is no term; the place starts at the word after it.
            let signed = i > range.lowerBound && s.tokens[i].kind == .word
                && s.text[s.tokens[i - 1].range.upperBound..<s.tokens[i].range.lowerBound].contains("@")
            guard signed || i + 1 < range.upperBound && !used[i + 1] else { continue }
            guard w == "at" || signed || w == "in" || (w == "location" && ["is", ":"].contains(s.word(i + 1))) else { continue }
            // "stop at the bank", "stop off at the cleaners": the errand's place is its title.
            if !signed, Self.followsVisitVerb(s, i) { continue }
            // "fit in a gym session", "squeeze in gym time": "in" is the verb's, no place.
            if w == "in", i > range.lowerBound, s.word(i - 1, isIn: Self.fitVerbs) { continue }
            // "hotel check in rome", "drop in lisbon": "in" is the verb's and stays in the title;
            // the place after it is still the event's.
            let inOfVerb = w == "in" && i > range.lowerBound && s.word(i - 1, isIn: Self.inParticleVerbs)
            var start = signed && w != "at" && w != "in" ? i : i + 1
            if w == "location" { start += 1 }
            guard start < range.upperBound, !used[start], isPlaceStart(s, start) else { continue }
            if w == "in" {
                // "in" names a place only with a place noun, a capitalised name or a city the
                // reader knows ("in room 4B", "in Madrid", "in lisbon").
                let next = s.word(start) == "the" || s.word(start) == "my" ? start + 1 : start
                // ("in the main building", "in the sports hall": one word before the noun, which
                // ends the phrase.)
                let nounAfterOne = next + 1 < range.upperBound && next > start && s.kind(next) == .word && !s.isInDate(next)
                    && !used[next + 1] && s.word(next + 1, isIn: Vocabulary.placeNouns)
                    && (next + 2 == range.upperBound || used[next + 2] || s.tokens[next + 2].isMark || s.isInDate(next + 2))
                guard next < range.upperBound, s.word(next, isIn: Vocabulary.placeNouns) || nounAfterOne
                        || ((s.tokens[next].isCapitalized || Self.isCity(s, next)) && !s.isInDate(next))
                        || Self.isPlaceNamedAlone(s, next, in: range, known: known) else { continue }
            }
            var end = start
            while end < range.upperBound, !used[end], !s.tokens[end].isMark, !isPlaceBoundary(s, end, start: start) { end += 1 }
            // "at Casa Lucio in Madrid": a place may go on with "in …".
            if end < range.upperBound, s.word(end) == "in", end + 1 < range.upperBound, !used[end + 1], !s.isInDate(end + 1),
               !s.word(end + 1, isIn: Vocabulary.possessives) || s.word(end + 2, isIn: Vocabulary.placeNouns) {
                var more = end + 1
                while more < range.upperBound, !used[more], !s.tokens[more].isMark, !isPlaceBoundary(s, more, start: end + 1) { more += 1 }
                if more > end + 1 { end = more }
            }
            // "at the salon on king street", "at nandos on the high street": and on a street.
            if end + 1 < range.upperBound, s.word(end) == "on",
               let street = ((end + 1)..<min(end + 5, range.upperBound)).first(where: { s.word($0, isIn: Self.streetNouns) }),
               ((end + 1)...street).allSatisfy({ !used[$0] && !s.isInDate($0) && s.kind($0) == .word }) {
                end = street + 1
            }
            // "the eye test at the optician is on Thursday": the verb that says when is no part
            // of the place.
            var verbs = end
            while verbs - 1 > start, s.word(verbs - 1, isIn: Self.placeVerbs) { verbs -= 1 }
            if verbs < end, end == range.upperBound || used[end] || s.isInDate(end) { end = verbs }
            guard end > start else { continue }
            let place = String(s.text(of: start..<end))
            let said = inOfVerb ? start..<end : i..<end
            mark(said)
            location = place
            slots.append(s.slot(.location, said, value: place, rule: w == "in" ? "in-place" : "at-place"))
            i = end - 1
        }
    }

    /// Verbs whose "in" makes room for an event ("fit in", "squeeze in", "pencil in").
    static let fitVerbs: WordSet = ["fit", "squeeze", "pencil", "sneak", "cram", "slot"]

    /// "mums", "dads", "wifes": a relation's own, typed without the apostrophe ("my mums
    /// birthday" is Mum's, not a guest called "mums").
    static func isRelationsOwn(_ word: String) -> Bool {
        word.utf8.count > 3 && word.hasSuffix("s") && Vocabulary.relations.contains(word.dropLast())
    }

    /// Nouns that end a place said after the time with no "at" ("recital friday 6:30pm school
    /// auditorium", "standup monday 10am room 204"): buildings and rooms, not areas ("dinner
    /// friday 7pm downtown" keeps "downtown" in its title) nor what an event may be called
    /// ("book club", "conference").
    static let trailingPlaceNouns: WordSet = [
        "room", "office", "offices", "building", "hall", "lobby", "cafe", "cafeteria", "library", "park", "restaurant",
        "bar", "pub", "studio", "lab", "gym", "clinic", "hospital", "school", "church", "auditorium", "garden", "gardens",
        "hotel", "store", "mall", "boardroom", "meeting-room", "stadium", "arena", "theater", "theatre", "museum", "station",
        "airport", "pool", "field", "court", "courts", "campus", "center", "centre", "gallery", "cinema", "bakery", "market",
        "clubhouse", "pavilion", "pitch", "ground", "grounds", "rink", "dojo",
    ]

    /// "kids' recital friday 6:30pm school auditorium", "standup monday 10am room 204", "yoga
    /// saturday 9am the gym": the words after the last date, to the end, that name a place
    /// (ending in a place noun, or "room" and its number), with words before the date for the
    /// title. Taken as the location when nothing else was ("dinner friday 7pm downtown",
    /// "call with team friday 3pm" have none).
    mutating func readTrailingPlace(_ s: Sentence) {
        guard location == nil, let lastDate = dates.last else { return }
        var end = s.body.upperBound
        while end > s.body.lowerBound, s.tokens[end - 1].isMark { end -= 1 }
        var start = end
        while start > s.body.lowerBound, !used[start - 1], !s.isInDate(start - 1), s.kind(start - 1) != .email,
              !s.tokens[start - 1].isMark || s.word(start - 1) == "'" { start -= 1 }
        // Right after a date, one to four words, with an unused word before the date.
        guard start < end, end - start <= 4, start > s.body.lowerBound, s.tokens[start - 1].date == lastDate,
              s.body.contains(where: { $0 < start && !used[$0] && !s.isInDate($0) && s.kind($0) == .word }) else { return }
        // The place's noun last, or "room 204", "hall B", "gym 2": the noun and a number or a letter.
        var noun = end - 1
        if noun > start, s.kind(noun) == .number || s.word(noun).utf8.count == 1 { noun -= 1 }
        if noun > start, s.kind(noun) == .number { noun -= 1 }
        guard s.word(noun, isIn: Self.trailingPlaceNouns),
              (start..<noun).allSatisfy({ s.kind($0) == .word && !s.word($0, isIn: Vocabulary.placeBoundaries) }) else { return }
        guard !s.word(start, isIn: Title.ownerDeterminers) || start + 1 < end else { return }
        let place = String(s.text(of: start..<end))
        mark(start..<end)
        location = place
        slots.append(s.slot(.location, start..<end, value: place, rule: "trailing-place"))
    }

    /// True when the particle at `i` ("at", "in") ends a visit verb and its particles ("stop
    /// at", "stop off at", "pop in at"), as `Classifier.isVisit`.
    static func followsVisitVerb(_ s: Sentence, _ i: Int) -> Bool {
        var verb = i - 1
        if verb > s.body.lowerBound, s.word(verb, isIn: Vocabulary.visitParticles) { verb -= 1 }
        return verb >= s.body.lowerBound && Classifier.isVisit(s, at: verb)
    }

    /// True for a city the date reader knows by name ("lisbon", "new york").
    static func isCity(_ s: Sentence, _ i: Int) -> Bool {
        DateRules.zoneCities[s.word(i)] != nil || DateRules.twoWordCities[s.word(i) + " " + s.word(i + 1)] != nil
    }

    /// A place cannot start with a number or a time word ("at 5", "at noon", "at five").
    private func isPlaceStart(_ s: Sentence, _ i: Int) -> Bool {
        let t = s.tokens[i]
        // "at 12 High St": a house number and its street.
        if t.kind == .number, !t.isInDate {
            return (i + 1..<min(i + 4, s.body.upperBound)).contains { s.tokens[$0].kind == .word && Selection.streetWords.contains(s.word($0)) }
        }
        if t.isInDate || t.kind == .number || t.kind == .email || t.isMark { return false }
        if Quantity.numberWords[t.word] != nil && t.word != "a" && t.word != "an" { return false }
        // "see you at dinner", "at lunch": a meal says when, not where.
        if Vocabulary.mealWords.contains(t.word) { return false }
        if Vocabulary.notPlaceStarts.contains(t.word) {
            // "at the office" is a place; "at the same time" and "at this time" are not.
            if t.word == "the" { return !s.word(i + 1, isIn: Vocabulary.notPlacesAfterThe) && !s.isInDate(min(i + 1, s.count - 1)) }
            if t.word == "work" { return true }
            return false
        }
        return true
    }

    private func isPlaceBoundary(_ s: Sentence, _ i: Int, start: Int) -> Bool {
        let t = s.tokens[i]
        if t.isInDate || t.kind == .email { return true }
        return Vocabulary.placeBoundaries.contains(t.word) && i > start
    }

    // MARK: - Attendees

    private mutating func readAttendees(_ s: Sentence, _ range: Range<Int>, known: Names) {
        var i = range.lowerBound
        while i < range.upperBound {
            defer { i += 1 }
            // A word taken already (a date's, mostly) is read below only as the first of the
            // body ("add …"): seen before the term is copied out.
            if used[i], i != s.body.lowerBound { continue }
            let t = s.tokens[i]
            if t.kind == .email, !used[i] {
                let inWith = i > range.lowerBound && (s.word(i - 1) == "with" || s.word(i - 1) == "and")
                addAttendee(Attendee(email: t.word), s, i..<(i + 1), rule: "email", keepInTitle: inWith)
                continue
            }
            let w = t.word
            if Sentence.same(w, "add"), i == s.body.lowerBound {
                // "add jim and jerry to the event".
                var end = i + 1
                while end < range.upperBound, isNameWord(s, end) || ["and", ","].contains(s.word(end)) { end += 1 }
                if end > i + 1, s.word(end) == "to", s.word(end + 1, isIn: Vocabulary.theEventOnScreen) {
                    readNameList(s, from: i + 1, limit: end, rule: "add-person", keepInTitle: false, known: known)
                }
                continue
            }
            guard !used[i] else { continue }
            switch w {
            case "with":
                // "with Ana", "with Bob and Carla", "with dr smith"; "with my boss" is a relation.
                readNameList(s, from: i + 1, limit: range.upperBound, rule: "with-person", keepInTitle: true, known: known)
            case "and" where s.word(i - 1) == "me":
                // "between me and Ana".
                readNameList(s, from: i + 1, limit: range.upperBound, rule: "and-person", keepInTitle: true, known: known)
            // The sets asked with the key the split worked out (`contains(w)` hashed the word
            // again for each set, for every word of every event read).
            case _ where Vocabulary.inviteVerbs.contains(w, key: t.key):
                let end = readNameList(s, from: i + 1, limit: range.upperBound, rule: "invite", keepInTitle: false, known: known)
                if end > i + 1 { used[i] = true }
            case _ where Vocabulary.meetVerbs.contains(w, key: t.key):
                // "meet Carla for coffee", "call my uncle", "pick up Bob from the station", "give Ana a call".
                var j = i + 1
                if w == "pick", s.word(j) == "up" { j += 1 }
                // "pick up dry cleaning", "pick up milk": what is picked up is as often a thing
                // as a person, so it is one only when written as a name or in the address book
                // ("pick up Ana", "pick up ana" with Ana a contact; "pick up my mum" a relation;
                // "pick jo", with no "up", a person still).
                if j == i + 2, s.kind(j) == .word, !s.tokens[j].isCapitalized, !isKnownContact(s, j, known: known) { continue }
                if w == "meeting", s.word(j, isIn: Vocabulary.eventNouns) { continue }
                // "call with Bob", "meet w/ Ana": the people come after "with", read there.
                if s.word(j) == "with" { continue }
                if w != "meeting" || isKnownContact(s, j, known: known) {
                    readNameList(s, from: j, limit: range.upperBound, rule: "\(w)-person", keepInTitle: true, known: known, maxNames: 1)
                }
            case _ where Vocabulary.talkVerbs.contains(w, key: t.key):
                // "talk to Priya", "speak to my boss" ("talk with Bob" is read at "with").
                if s.word(i + 1) == "to" {
                    readNameList(s, from: i + 2, limit: range.upperBound, rule: "talk-person", keepInTitle: true, known: known, maxNames: 1)
                }
            case "give":
                if s.word(i + 2) == "a", s.word(i + 3) == "call" || s.word(i + 3) == "ring" {
                    readNameList(s, from: i + 1, limit: i + 2, rule: "give-a-call", keepInTitle: true, known: known, maxNames: 1)
                }
            case "for" where i > range.lowerBound && s.word(i - 1, isIn: Vocabulary.eventNouns) && !s.isInDate(i - 1):
                // "a haircut for Sam" with Sam in the address book: Sam is asked along. Anyone
                // else is who the event is for ("soccer practice for emma"), kept in the title
                // and invited nowhere.
                if i + 1 < range.upperBound, !s.tokens[i + 1].isPossessive, isKnownContact(s, i + 1, known: known) {
                    readNameList(s, from: i + 1, limit: range.upperBound, rule: "for-person", keepInTitle: true, known: known, maxNames: 1)
                }
            case _ where Vocabulary.personalOccasions.contains(w, key: t.key) && i > range.lowerBound && !used[i - 1] && !s.tokens[i - 1].isPossessive
                && !Self.isRelationsOwn(s.word(i - 1)):
                // "Carla birthday", "Bob wedding anniversary": a name before a personal occasion.
                // (The word just before must be a name itself: "until my birthday" names nobody.)
                // "carlas birthday": a possessive typed without its apostrophe is the contact's
                // whose first name it is ("Carla", and nobody before it: "i missed carlas …").
                if let owner = typedOwner(s, i - 1, known: known) {
                    addAttendee(Attendee(name: owner), s, (i - 1)..<i, rule: "occasion-person", keepInTitle: true)
                    break
                }
                var start = i - 1
                // (Before a contact's first name, a word in lower case is part of the name only
                // when the address book has it: "i missed carla birthday" invites Carla, not
                // "missed carla".)
                let firstKnown = known.contactFirstNames.contains(String(s.tokens[i - 1].base))
                while isNameWord(s, i - 1), start > range.lowerBound, i - start < 2, isNameWord(s, start - 1), !used[start - 1],
                      !s.word(start - 1, isIn: Vocabulary.createVerbs),
                      !firstKnown || s.tokens[start - 1].isCapitalized || known.contactWords.contains(String(s.tokens[start - 1].base)) { start -= 1 }
                if isNameWord(s, start), !s.word(start, isIn: Vocabulary.createVerbs), !s.tokens[start].isPossessive {
                    var end = start + 1
                    while end < i, isNameWord(s, end) { end += 1 }
                    addAttendee(Attendee(name: String(s.text(of: start..<end))), s, start..<end, rule: "occasion-person", keepInTitle: true)
                }
            default:
                // "Carla's birthday party": the person whose occasion it is.
                if t.isPossessive, i + 1 < range.upperBound, s.word(i + 1, isIn: Vocabulary.eventNouns),
                   isNameWord(s, i, allowPossessive: true), !Vocabulary.holidayOwners.contains(String(t.base)) {
                    var start = i
                    while start > range.lowerBound, start > i - 2, isNameWord(s, start - 1), !used[start - 1],
                          !s.word(start - 1, isIn: Vocabulary.createVerbs) && !s.word(start - 1, isIn: Vocabulary.showVerbs) { start -= 1 }
                    let name = (start..<i).map { String(s.text(of: $0..<($0 + 1))) } + [String(s.text(of: i..<(i + 1)).dropLast(2))]
                    addAttendee(Attendee(name: name.joined(separator: " ")), s, start..<(i + 1), rule: "possessive-person", keepInTitle: true)
                }
            }
        }
    }

    /// Meetings held with an office, named by its city ("call with london").
    static let officeMeetings: WordSet = ["meeting", "call", "sync", "catchup", "zoom", "conference", "standup", "review", "chat", "videocall"]

    /// Reads "Ana", "Bob and Carla", "Ana, Bob & Carla", "dr smith" from `from`; returns the end.
    @discardableResult
    private mutating func readNameList(_ s: Sentence, from: Int, limit: Int, rule: String, keepInTitle: Bool, known: Names, maxNames: Int = 8) -> Int {
        var i = from
        var names = 0
        while i < limit, names < maxNames {
            if s.tokens[i].kind == .email {
                addAttendee(Attendee(email: s.word(i)), s, i..<(i + 1), rule: rule, keepInTitle: keepInTitle)
                i += 1
            } else if let after = relationEnd(s, at: i, limit: limit) {
                // "with my boss and Ana": a relation is nobody to invite, but the list goes on;
                // unless the address book has someone by that name ("with mom", Mom a contact).
                if known.contactFirstNames.contains(String(s.tokens[after - 1].base)) {
                    addAttendee(Attendee(name: String(s.text(of: (after - 1)..<after))), s, (after - 1)..<after, rule: rule, keepInTitle: keepInTitle)
                }
                i = after
            } else {
                var start = i
                // "with the tokyo client", "with our london team": a place, not a person.
                if DateRules.zoneCities[s.word(i)] != nil || DateRules.twoWordCities[s.word(i) + " " + s.word(i + 1)] != nil,
                   s.word(i + 1, isIn: Self.placedPeople) || s.word(i + 2, isIn: Self.placedPeople) { break }
                // ("meeting with tokyo at 10am jst", "call with london": a city alone after a
                // meeting's noun, the office there, unless the address book has someone so
                // named; "lunch with paris" may be a Paris.)
                if i == from, s.word(from - 2, isIn: Self.officeMeetings), DateRules.zoneCities[s.word(i)] != nil,
                   !known.contactFirstNames.contains(s.word(i)), i + 1 >= limit || !isNameWord(s, i + 1, known: known) { break }
                if s.word(i, isIn: Vocabulary.honorifics), i + 1 < limit, isNameWord(s, i + 1) { i += 1 }
                // ("with dr. patel": the abbreviation's full stop.)
                else if s.word(i, isIn: Vocabulary.honorifics), i + 2 < limit, s.word(i + 1, is: "."), isNameWord(s, i + 2) { i += 2 }
                else if !isNameWord(s, i, known: known) || used[i] { break }
                var end = i + 1
                while end < limit, end - start < 3, isNameWord(s, end), !used[end], !s.tokens[end - 1].isPossessive { end += 1 }
                // A possessive is a name only before an occasion; "meet sara's friend" stops.
                var nameText = String(s.text(of: start..<end))
                if s.tokens[end - 1].isPossessive {
                    nameText = String(s.text(of: start..<end).dropLast(2))
                }
                if start < end { addAttendee(Attendee(name: nameText), s, start..<end, rule: rule, keepInTitle: keepInTitle) }
                start = end
                i = end
            }
            names += 1
            // Lists go on with "and", ",", "&".
            if i < limit, s.word(i) == "and" || s.word(i) == "," || s.word(i) == "&" {
                let next = s.word(i) == "," && s.word(i + 1) == "and" ? i + 2 : i + 1
                if next < limit, isNameWord(s, next, known: known) || s.tokens[next].kind == .email || s.word(next, isIn: Vocabulary.honorifics)
                    || relationEnd(s, at: next, limit: limit) != nil {
                    if !keepInTitle { used[i] = true }
                    i = next
                    continue
                }
            }
            break
        }
        return i
    }

    /// People a place names ("the tokyo client", "the london office").
    static let placedPeople: WordSet = ["client", "clients", "team", "teams", "office", "offices", "customer", "customers", "partner",
                                        "partners", "folks", "people", "colleagues", "crew", "branch", "side", "guys", "investors"]

    /// The index after "my boss", "our team", "the client" at `i`: a person named by a tie
    /// to the speaker. Nil when `i` does not start one.
    private func relationEnd(_ s: Sentence, at i: Int, limit: Int) -> Int? {
        var j = i
        if s.word(j, isIn: Vocabulary.relationOwners) { j += 1 }
        guard j < limit, s.tokens[j].is(.relation), !s.tokens[j].isPossessive else { return nil }
        return j + 1
    }

    private mutating func addAttendee(_ attendee: Attendee, _ s: Sentence, _ range: Range<Int>, rule: String, keepInTitle: Bool) {
        guard !attendees.contains(where: { ($0.name?.lowercased(), $0.email) == (attendee.name?.lowercased(), attendee.email) }) else { return }
        attendees.append(attendee)
        if keepInTitle { namesInTitle.append(range) } else { mark(range) }
        slots.append(s.slot(.attendee, range, value: attendee.email ?? attendee.name ?? "", rule: rule))
    }

    /// The contact's first name, as typed ("carla"), of a word in lower case that is that
    /// name and an "s" ("carlas", "bobs"): a possessive typed without its apostrophe. Nil for
    /// any other word ("james" a contact, "Chris", "sams" with no Sam in the contacts).
    func typedOwner(_ s: Sentence, _ i: Int, known: Names) -> String? {
        guard i >= 0, i < s.count, s.kind(i) == .word, !s.tokens[i].isCapitalized, !s.tokens[i].isPossessive else { return nil }
        let word = s.tokens[i].word
        guard word.utf8.count >= 4, word.utf8.last == UInt8(ascii: "s"), !known.contactFirstNames.contains(word),
              known.contactFirstNames.contains(String(word.dropLast())), isNameWord(s, i) else { return nil }
        return String(s.text(of: i..<(i + 1)).dropLast())
    }

    private func isKnownContact(_ s: Sentence, _ i: Int, known: Names) -> Bool {
        let w = String(s.tokens[min(i, s.count - 1)].base)
        return known.contactFirstNames.contains(w)
    }

    /// `isNameWord`, or a contact's first name that is a word too ("lunch with will", "drinks
    /// with bill", "rose and mark" with contacts of those names).
    func isNameWord(_ s: Sentence, _ i: Int, known: Names) -> Bool {
        isNameWord(s, i) || i < s.count && s.tokens[i].kind == .word && !s.tokens[i].isInDate && isKnownContact(s, i, known: known)
    }

    /// A word that can be part of a person's name: not a function word, a relation, an
    /// event, a calendar word, a verb clerk knows, a number or a date.
    func isNameWord(_ s: Sentence, _ i: Int, allowPossessive: Bool = true) -> Bool {
        guard i >= 0, i < s.count else { return false }
        let t = s.tokens[i]
        guard t.kind == .word, !t.isInDate else { return false }
        if t.isPossessive && !allowPossessive { return false }
        // Verbs that are also names ("Mark", "Will") stay possible names.
        return !t.is(.neverAName) && !t.baseIs(.neverAName)
    }

    private mutating func mark(_ range: Range<Int>) {
        for k in range where k < used.count { used[k] = true }
    }

    private func anyUsed(_ range: Range<Int>) -> Bool {
        range.contains { $0 < used.count && used[$0] }
    }
}

/// The indices of the line's dates that an event's details took (`EventDetails.dates`), in
/// the order taken. The first four are held inline: nearly every line the event readers read
/// takes one, and an array made for it (and freed) cost ~300 instructions a line.
struct DateIndices: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, ExpressibleByArrayLiteral, Sendable {
    private var inline: (Int, Int, Int, Int) = (0, 0, 0, 0)
    /// The fifth index and those after it.
    private var more: [Int] = []
    private(set) var count = 0

    init() {}
    init(arrayLiteral elements: Int...) { append(contentsOf: elements) }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Int {
        get {
            precondition(position >= 0 && position < count, "DateIndices: index out of range")
            switch position {
            case 0: return inline.0
            case 1: return inline.1
            case 2: return inline.2
            case 3: return inline.3
            default: return more[position - 4]
            }
        }
        set {
            precondition(position >= 0 && position < count, "DateIndices: index out of range")
            switch position {
            case 0: inline.0 = newValue
            case 1: inline.1 = newValue
            case 2: inline.2 = newValue
            case 3: inline.3 = newValue
            default: more[position - 4] = newValue
            }
        }
    }

    mutating func append(_ element: Int) {
        switch count {
        case 0: inline.0 = element
        case 1: inline.1 = element
        case 2: inline.2 = element
        case 3: inline.3 = element
        default: more.append(element)
        }
        count += 1
    }

    /// Any other change (rare: a date given up, the list set again) rebuilds the list.
    mutating func replaceSubrange<C: Collection<Int>>(_ subrange: Range<Int>, with newElements: C) {
        var all = Array(self)
        all.replaceSubrange(subrange, with: newElements)
        self = DateIndices()
        for index in all { append(index) }
    }
}
