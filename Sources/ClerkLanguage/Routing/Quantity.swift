/// Lengths of time said as an amount and a unit — "2 hours", "an hour", "half an hour",
/// "ninety minutes", "90m", "1h30" — for durations, reminders, slot lengths and shifts.
/// (Dates and times themselves are the date reader's; this reads only amounts.)
enum Quantity {
    /// Minutes per unit word.
    static let units: WordMap<Int> = [
        "minute": 1, "minutes": 1, "min": 1, "mins": 1, "m": 1,
        "hour": 60, "hours": 60, "hr": 60, "hrs": 60, "h": 60,
        "day": 1440, "days": 1440, "week": 10080, "weeks": 10080,
    ]

    static let numberWords: WordMap<Int> = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
        "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
        "forty-five": 45, "fifty": 50, "sixty": 60, "ninety": 90, "couple": 2, "few": 3,
    ]

    /// The longest length, reminder or move clerk takes: ten years, in minutes. A longer one
    /// ("for 1e999 hours", "9999999999999999999 days later") is still read as a length, so
    /// its words do not become a title or a time, but as `tooLong`; the router marks the
    /// line (`Understanding.amountOutOfRange`) and the conversation refuses it.
    static let maximumMinutes = 10 * 366 * 24 * 60

    /// What a length beyond `maximumMinutes` reads as: more than the most, and small enough
    /// that arithmetic on it (minutes × 60, a start plus it) cannot overflow.
    static let tooLong = maximumMinutes + 1

    /// `minutes` as a whole number of minutes, `tooLong` when it is beyond the maximum (or
    /// not a number at all: 1e999 is infinite). The one place a length becomes an `Int`.
    static func clamped(_ minutes: Double) -> Int {
        guard minutes.isFinite, minutes <= Double(maximumMinutes) else { return tooLong }
        return Int(max(0, minutes).rounded())
    }

    /// A numeral as people and programs write amounts: digits, a decimal part, an exponent
    /// ("90", "1.5", "1e19"). Not a sign, "nan", "inf" or hexadecimal, which `Double(_:)`
    /// would also take. Nil for anything else.
    static func numeral(_ word: some StringProtocol) -> Double? {
        var sawDigit = false, sawPoint = false, sawExponent = false, previous: UInt8 = 0
        for byte in word.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: ".") where !sawPoint && !sawExponent && sawDigit: sawPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard sawDigit, !sawExponent else { return nil }
                sawExponent = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") else { return nil }
            default: return nil
            }
            previous = byte
        }
        guard sawDigit, previous >= UInt8(ascii: "0"), previous <= UInt8(ascii: "9") else { return nil }
        return Double(word)
    }

    /// The number said at token `i` and the index after it ("twenty five" → 25).
    static func number(in s: Sentence, at i: Int) -> (value: Double, next: Int)? {
        let w = s.word(i)
        if let n = numeral(w) { return (n, i + 1) }
        if w == "half", s.word(i + 1) == "an" || s.word(i + 1) == "a" { return (0.5, i + 2) }
        if w == "a", s.word(i + 1) == "couple", s.word(i + 2) == "of" { return (2, i + 3) }
        if w == "a", s.word(i + 1) == "few" { return (3, i + 2) }
        guard let n = numberWords[w] else { return nil }
        if n >= 20, n % 10 == 0, let units = numberWords[s.word(i + 1)], units < 10, s.word(i + 1) != "a", s.word(i + 1) != "an" {
            return (Double(n + units), i + 2)
        }
        return (Double(n), i + 1)
    }

    /// A length at token `i`: minutes and the index after it. "an hour and a half" is 90.
    static func minutes(in s: Sentence, at i: Int) -> (minutes: Int, next: Int)? {
        // Only a number can start a length; most words are turned away here.
        guard i >= 0, i < s.count else { return nil }
        let t = s.tokens[i]
        // A length said as one hyphened word before its noun: "a 30-minute call", "a two-hour workshop".
        if let hyphened = hyphened(t.word) { return (hyphened, i + 1) }
        guard t.is(.number) || t.word == "half" || t.word.utf8.first.map({ $0 >= 48 && $0 <= 57 }) == true else { return nil }
        // Glued forms: "2h", "30min", "1h30", "90m".
        if let glued = glued(s.word(i)) { return (glued, i + 1) }
        guard let (n, next) = number(in: s, at: i) else { return nil }
        var j = next
        if s.word(j) == "and", s.word(j + 1) == "a", s.word(j + 2) == "half", let unit = units[s.word(j + 3)] {
            return (clamped((n + 0.5) * Double(unit)), j + 4)
        }
        guard let unit = units[s.word(j)] else { return nil }
        j += 1
        var total = n * Double(unit)
        if s.word(j) == "and", s.word(j + 1) == "a", s.word(j + 2) == "half" { total += 0.5 * Double(unit); j += 3 }
        else if unit == 60, let (more, after) = minutesOnly(s, at: s.word(j) == "and" ? j + 1 : j) { total += Double(more); j = after }
        return (clamped(total), j)
    }

    private static func minutesOnly(_ s: Sentence, at i: Int) -> (Int, Int)? {
        guard let (n, next) = number(in: s, at: i), ["minutes", "minute", "min", "mins"].contains(s.word(next)) else { return nil }
        return (clamped(n.rounded(.down)), next + 1)
    }

    /// Days in a week or a day, for a length of days ("3-day", "two weeks").
    static let dayUnits: [String: Int] = ["day": 1, "days": 1, "week": 7, "weeks": 7]

    /// A length of whole days at token `i`, as a trip or a stay says it: "3 day", "5 days",
    /// "2-day", "two-week", "week-long", "a week long"; the days and the index after it.
    /// Nil for any other word, or less than 2 days or more than 60.
    static func days(in s: Sentence, at i: Int) -> (days: Int, next: Int)? {
        guard i >= 0, i < s.count else { return nil }
        let w = s.word(i)
        var found: (Int, Int)?
        if w == "week-long" || w == "weeklong" {
            found = (7, i + 1)
        } else if let dash = w.utf8.firstIndex(of: UInt8(ascii: "-")) {
            let amount = w[..<dash], unit = w[w.utf8.index(after: dash)...]
            if let days = dayUnits[String(unit)], let n = numeral(amount) ?? numberWords[String(amount)].map(Double.init), n == n.rounded(.down) {
                found = (Int(n) * days, i + 1)
            }
        } else if let (n, next) = number(in: s, at: i), n == n.rounded(.down), let days = dayUnits[s.word(next)] {
            found = (Int(n) * days, next + 1)
        }
        guard var (days, next) = found, (2...60).contains(days) else { return nil }
        if s.word(next) == "long" { next += 1 }
        return (days, next)
    }

    /// "30-minute", "2-hour", "two-hour", "45-min": an amount and a unit joined by a hyphen
    /// (the unit in the singular, as before a noun). Nil for any other word.
    static func hyphened(_ word: String) -> Int? {
        guard let dash = word.utf8.firstIndex(of: UInt8(ascii: "-")) else { return nil }
        let amount = word[..<dash], unit = word[word.utf8.index(after: dash)...]
        guard let minutes = units[String(unit)], minutes < 1440, unit != "m", unit != "h" else { return nil }
        guard let n = numeral(amount) ?? numberWords[String(amount)].map(Double.init), amount != "a", amount != "an" else { return nil }
        return clamped((n * Double(minutes)).rounded(.down))
    }

    /// "2h", "30min", "90m", "1h30", "1.5h".
    static func glued(_ word: String) -> Int? {
        guard let first = word.first, first.isNumber else { return nil }
        let digits = word.prefix { $0.isNumber || $0 == "." }
        let rest = word.dropFirst(digits.count)
        guard let n = numeral(digits), !rest.isEmpty else { return nil }
        if let unit = units[String(rest)], rest != "m" || n >= 1 { return clamped((n * Double(unit)).rounded(.down)) }
        if rest.hasPrefix("h"), rest.utf8.count <= 3, let m = Int(rest.dropFirst()), (0..<60).contains(m) {
            return clamped(n.rounded(.down) * 60 + Double(m))
        }
        return nil
    }
}
