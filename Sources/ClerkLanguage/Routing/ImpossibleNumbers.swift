internal import ClerkCore

/// Numbers said where none can be, which the date reader reads none of, so their words
/// would end up in a title or a search: a repeat every 0 days ("standup every 0 days at 9")
/// and a week the year does not have ("what's on in week 54"). The conversation says so
/// instead.
public enum ImpossibleRepeat {
    /// The most units apart the times of a repeat said in words may be (the date reader's
    /// `every-unit` reads up to this many).
    public static let longestInterval = 999

    /// The first repeat in `text` with no gap, one too long or not a whole number of units
    /// ("every 0 days", "each -2 weeks", "every 5000 days", "every 1.5 days"), as written;
    /// nil when there is none. A gap of
    /// `DateRules.amountLimit` units or more is the router's (`amountOutOfRange`).
    public static func find(in text: String) -> String? {
        guard PlainWords.mayHold(text, "ever") || PlainWords.mayHold(text, "each") else { return nil }
        let words = PlainWords(text)
        for i in words.indices where words[i] == "every" || words[i] == "each" {
            var j = i + 1
            let negative = words[j] == "-"
            if negative { j += 1 }
            let n: Double
            if words[j] == "zero" { n = 0 } else if let digits = words.number(j) { n = digits } else { continue }
            // "every 1.5 days", "every 0,5 weeks": no rule repeats by part of a unit (the
            // reader took "1.5" for the 1st of May).
            let fraction = (words[j + 1] == "." || words[j + 1] == ",") && words.isDigits(j + 2)
            if fraction { j += 2 }
            guard units.contains(words[j + 1]) else { continue }
            if negative || fraction || n == 0 || (n > Double(longestInterval) && n < DateRules.amountLimit) {
                return words.said(i...(j + 1))
            }
        }
        return nil
    }

    /// The units a repeat is said in.
    static let units: Set<String> = ["day", "days", "week", "weeks", "wk", "wks", "fortnight", "fortnights", "month", "months", "mo", "mos",
                                     "year", "years", "yr", "yrs", "hour", "hours", "hr", "hrs", "minute", "minutes", "min", "mins", "night", "nights"]
}

/// A day of the month no month has, said as a repeat: "every 32nd", "each 0th", "every
/// 40th at 10 lunch". The date reader reads none of them, so the words became the title of
/// one event ("Every 32nd lunch"); the conversation says so. "every 32nd day" is a gap of
/// days, which the date reader reads.
public enum ImpossibleMonthDay {
    /// The first such repeat in `text`, as written ("every 32nd"); nil when there is none.
    public static func find(in text: String) -> String? {
        guard PlainWords.mayHold(text, "ever") || PlainWords.mayHold(text, "each") else { return nil }
        let words = PlainWords(text)
        for i in words.indices where words[i] == "every" || words[i] == "each" {
            var j = i + 1
            if words[j] == "month" || words[j] == "monthly" { j += 1 }
            if words[j] == "on" { j += 1 }
            if words[j] == "the" { j += 1 }
            if let n = ordinal(words[j]), !ImpossibleRepeat.units.contains(words[j + 1]), n == 0 || n > 31 { return words.said(i...j) }
        }
        return nil
    }

    /// The first day said as "on the 32nd" that no month has ("lunch on the 32nd at 1",
    /// "what's on the 40th?"), as written; nil when there is none. A word after it other than
    /// a time's or the line's end names something else ("on the 32nd floor").
    public static func findDay(in text: String) -> String? {
        guard PlainWords.mayHold(text, "on") else { return nil }
        let words = PlainWords(text)
        for i in words.indices where words[i] == "on" {
            let j = words[i + 1] == "the" ? i + 2 : i + 1
            guard let n = ordinal(words[j]), n == 0 || n > 31, dayEnds.contains(words[j + 1]) else { continue }
            return words.said((j == i + 2 ? i + 1 : j)...j)
        }
        return nil
    }

    /// What may follow a day of the month: nothing, a time, or a mark.
    static let dayEnds: Set<String> = ["", "at", "from", "for", "till", "until", "to", "@", ",", ".", "?", "!", ";", "and", "please"]

    /// "32nd" → 32, "0th" → 0; digits beyond an Int are past the 31st too. Nil for no ordinal.
    static func ordinal(_ said: String) -> Int? {
        guard let suffix = ["st", "nd", "rd", "th"].first(where: { said.hasSuffix($0) }),
              case let digits = said.dropLast(suffix.utf8.count), !digits.isEmpty,
              digits.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
        return Int(digits) ?? Int.max
    }
}

/// An ISO week number said that the year does not have: "week 54", "week 0", "week 53 of
/// 2027" (2027 has 52). The date reader reads none of them (week 53 of a year without one
/// it would look for in a later year); the conversation says so.
public enum ImpossibleWeek {
    public struct Found: Sendable, Hashable {
        /// The number said.
        public var week: Int
        /// The year it was taken in: the one named, else the reference's.
        public var year: Int
        /// How many weeks that year has (52 or 53).
        public var weeks: Int
    }

    /// The first week number in `text` that its year does not have (the reference's year;
    /// "of 2027", "next year" name another); nil when there is none.
    public static func find(in text: String, at reference: ReferenceTime) -> Found? {
        let saysWeek = PlainWords.mayHold(text, "wk") || PlainWords.mayHold(text, "week")
        let saysISOWeek = mayHoldISOWeek(text)
        guard saysWeek || saysISOWeek else { return nil }
        let words = PlainWords(text)
        // ISO 8601's week dates: "2027-W53", "2027-W53-1", "2026W54" (the year said first).
        for i in words.indices where saysISOWeek && (words[i].utf8.count >= 6 || words[i] == "-") {
            let said = words[i] == "-" ? words[i + 1] : words[i]
            let year = words[i] == "-" ? (words.isDigits(i - 1) && words[i - 1].utf8.count == 4 ? Int(words[i - 1]) : nil)
                : Int(said.prefix(4))
            let tail = words[i] == "-" ? Substring(said) : said.dropFirst(4)
            guard let year, tail.first == "w", (2...3).contains(tail.utf8.count), tail.dropFirst().allSatisfy(\.isASCII),
                  let n = Int(tail.dropFirst()), CivilCalendar.years.contains(year) else { continue }
            let weeks = CivilCalendar.isoWeeks(in: year)
            if n == 0 || n > weeks { return Found(week: n, year: year, weeks: weeks) }
        }
        guard saysWeek else { return nil }
        let year = LocalDate(reference.instant, in: reference.timeZone).year
        for i in words.indices where words[i] == "week" || words[i] == "wk" {
            var j = i + 1
            if ["number", "no", "nr", "#"].contains(words[j]) { j += 1 }
            if words[j] == "." { j += 1 }
            guard words.isDigits(j), words[j].utf8.count <= 3, let n = Int(words[j]),
                  !(words[j + 1] == ":" || words[j + 1] == "." && words.isDigits(j + 2)) else { continue }
            // "week 53 of 2027", "week 53 2027", "wk 53 next year"
            var named: Int?, k = j + 1
            if words[k] == "of" || words[k] == "in" { k += 1 }
            if words.isDigits(k), words[k].utf8.count == 4, let y = Int(words[k]) { named = y }
            else if words[k + 1] == "year", words[k] == "next" { named = year + 1 }
            else if words[k + 1] == "year", words[k] == "last" { named = year - 1 }
            // No year said, on 1 January 2027 (in week 53 of 2026) or 29 December 2025 (in
            // week 1 of 2026): week 53 of the week's own year is there.
            if n == 53, named == nil, CivilCalendar.isoWeeks(in: isoYear(reference)) == 53 { continue }
            guard case let taken = named ?? year, CivilCalendar.years.contains(taken) else { continue }
            let weeks = CivilCalendar.isoWeeks(in: taken)
            if n == 0 || n > weeks { return Found(week: n, year: taken, weeks: weeks) }
        }
        return nil
    }
}

extension ImpossibleWeek {
    /// True when a "w" follows a digit or a "-" ("2027-W53", "2027W53"): a look at the bytes
    /// before the words are split.
    static func mayHoldISOWeek(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte | 0x20 == UInt8(ascii: "w"), previous == UInt8(ascii: "-") || previous &- UInt8(ascii: "0") < 10 { return true }
            previous = byte
        }
        return false
    }

    /// The year of the ISO week `reference` falls in (1 January 2027 is in 2026's week 53).
    static func isoYear(_ reference: ReferenceTime) -> Int {
        let day = LocalDate(reference.instant, in: reference.timeZone).dayNumber
        // The week's Thursday is in its year.
        return CivilCalendar.date(dayNumber: day - CivilCalendar.isoWeekday(dayNumber: day) + 4).year
    }
}

/// A text's words for the scanners above: runs of ASCII letters and digits, lower-cased,
/// and each other character but spaces on its own; an index past the end reads "".
struct PlainWords {
    private let text: String
    private var words: [(text: String, range: Range<String.Index>)] = []

    init(_ text: String) {
        self.text = text
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c.isWhitespace { i = text.index(after: i); continue }
            var end = text.index(after: i)
            if c.isASCII, c.isLetter || c.isNumber {
                while end < text.endIndex, text[end].isASCII, text[end].isLetter || text[end].isNumber { end = text.index(after: end) }
            }
            words.append((text[i..<end].lowercased(), i..<end))
            i = end
        }
    }

    var indices: Range<Int> { words.indices }

    subscript(_ i: Int) -> String { i < words.count ? words[i].text : "" }

    func isDigits(_ i: Int) -> Bool { !self[i].isEmpty && self[i].utf8.allSatisfy { $0 &- UInt8(ascii: "0") < 10 } }

    /// The word at `i` as a whole number, saturating past a billion.
    func number(_ i: Int) -> Double? {
        guard isDigits(i) else { return nil }
        return self[i].utf8.count > 9 ? 1e9 : Double(self[i])
    }

    /// The text of words `range` as written.
    func said(_ range: ClosedRange<Int>) -> String {
        String(text[words[range.lowerBound].range.lowerBound..<words[range.upperBound].range.upperBound])
    }

    /// True when `text` may hold `word` (ASCII, lower case), ignoring case: a look at the
    /// bytes before the words are split.
    static func mayHold(_ text: String, _ word: StaticString) -> Bool {
        Router.mayMention(text, word)
    }
}
