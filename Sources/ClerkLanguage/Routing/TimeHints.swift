internal import ClerkCore
import FoundationEssentials

/// What the words around a time say about it. A meal or an outing sets the likely hour —
/// "breakfast at 8" is 08:00, "movie night on Friday at 9" is 21:00, "drinks at 7" is 19:00 —
/// and, with no time at all, says when the event starts ("lunch tomorrow"). A part of the day
/// said without a clock time ("tomorrow morning", "tonight") says when the event starts, not
/// that it lasts all morning. The conversation places such starts (`StartDefaults`); here
/// they are only recognised.
///
/// | occasion | words | an hour 1–12 said alone falls in |
/// |---|---|---|
/// | breakfast | breakfast, brekkie | 05:00–10:59 |
/// | brunch | brunch | 09:00–13:59 |
/// | lunch | lunch, lunchtime | 11:00–15:59 |
/// | dinner | dinner, supper | 17:00–23:59 |
/// | drinks | drinks, beers, cocktails | 16:00–23:59 |
/// | an evening out | party, movie/game/date/quiz night, concert, gig, movie, film, cinema, theatre, opera, ballet, musical, recital, karaoke, gala, prom, pub, comedy … | 17:00–23:59 |
///
/// A part of the day named in the event itself, outside its time ("my morning run at 7",
/// "evening walk at 8", "afternoon tea at 4"), does the same when no occasion is named:
///
/// | part named | an hour 1–12 said alone falls in |
/// |---|---|
/// | morning | 05:00–11:59 |
/// | afternoon | 12:00–17:59 |
/// | evening | 17:00–23:59 |
/// | night | 18:00–04:59 (a night shift runs into the small hours: "night shift at 2:30" is 02:30) |
///
/// A window past 24 runs on into the next morning's hours.
enum TimeHints {
    /// The hours an ambiguous hour is moved into, by occasion: `[from, to)`.
    static let window: [Occasion: Range<Int>] = [
        .breakfast: 5..<11, .brunch: 9..<14, .lunch: 11..<16, .dinner: 17..<24, .drinks: 16..<24, .evening: 17..<24,
    ]
    /// The hours an ambiguous hour is moved into, by the part of the day the event names.
    static let dayPartWindow: [DayPart: Range<Int>] = [.morning: 5..<12, .afternoon: 12..<18, .evening: 17..<24, .night: 18..<29]

    /// Things done in the morning, named without the word: before work, taking the children
    /// to school ("gym before work at 7", "drop off the kids at school at 8", "school run at
    /// 8:15"). Fetching them is not ("pick up the kids from school at 3" is 15:00 anyway).
    static let morningDoings: PhraseList = [
        ["before", "work"], ["school", "run"], ["school", "drop", "off"], ["school", "drop-off"], ["drop", "off", "the", "kids"],
        ["drop", "the", "kids"], ["drop", "off", "at", "school"], ["kids", "to", "school"], ["kids", "at", "school"],
        ["children", "to", "school"], ["kids", "to", "daycare"], ["kids", "to", "nursery"],
    ]

    /// The part of the day the body names outside any date reading ("morning run", "evening
    /// walk", and the morning of `morningDoings`), nil when none does ("tomorrow morning" is
    /// the date's).
    static func dayPartNamed(in s: Sentence) -> DayPart? {
        for i in s.body where !s.isInDate(i) && s.kind(i) == .word {
            if Vocabulary.dayParts.mayContain(key: s.key(i)), let part = Vocabulary.dayParts[s.word(i), key: s.key(i)] { return part }
        }
        if let (at, length) = s.first(of: morningDoings), !(at..<(at + length)).contains(where: { s.isInDate($0) }) { return .morning }
        return nil
    }

    /// Words before "play" that make it one seen ("the school play", "a nativity play").
    static let playOpeners: WordSet = ["a", "the", "school", "nativity", "christmas", "our", "her", "his", "their", "kids'", "kids"]

    /// The occasion the body names, outside any date reading ("dinner", "movie night"); an
    /// evening out (a party, a concert) counts only `forHours` (it sets the hour of "at 9",
    /// not a start of its own).
    static func occasion(in s: Sentence, forHours: Bool = true) -> Occasion? {
        // The terms read through the sentence's accessors: `let t = s.tokens[i]` copied each.
        for i in s.body {
            if s.isA(i, .occasion) {
                let word = s.word(i)
                if let occasion = Vocabulary.occasions[word], !(occasion == .evening && !forHours),
                   !s.isInDate(i) || Vocabulary.mealWords.contains(word) { return occasion }
            }
            // "the school play", "a play": a play seen (not one played: "play tennis at 9").
            if forHours, !s.isInDate(i), s.word(i) == "play", i > s.body.lowerBound, s.word(i - 1, isIn: playOpeners) { return .evening }
            // "movie night", "game night": an evening out, when "night" is no part of a date.
            if !s.isInDate(i), s.word(i) == "night", i > s.body.lowerBound, !s.isInDate(i - 1), s.kind(i - 1) == .word {
                return .evening
            }
        }
        return nil
    }

    /// The part of the day a reading is, when it says one and no clock time ("tomorrow
    /// morning", "on Friday afternoon", "tonight", "this evening"). Of the reading's known
    /// parts and pieces, not the reading: the callers' readings lie in optionals, and
    /// unwrapping one copied the whole reading (address-only, for its `Date`s).
    /// The part of the day a reading says when it says no clock time ("the afternoon",
    /// "monday morning", "tomorrow evening"; not "3 in the afternoon").
    static func dayPartAlone(_ match: DateMatch, in text: String) -> DayPart? {
        guard match.known.contains(.time), match.recurrence == nil,
              !match.parts.contains(where: { $0.role == "time" && !["part-of-day", "in-the-part-of-day"].contains($0.rule) }) else { return nil }
        // A reading made again from the words after "to" has no parts: its words, with no digit.
        if match.parts.isEmpty {
            guard match.range.upperBound <= text.endIndex, !text[match.range].contains(where: \.isNumber) else { return nil }
            return dayPart(known: match.known, parts: [DatePart(range: match.range, role: "time", rule: "part-of-day")], in: text)
        }
        return dayPart(known: match.known, parts: match.parts, in: text)
    }

    /// True when the reading's time is "first thing" ("call Bob first thing monday"), with no
    /// clock time: the event starts as the working day does, not at the midnight its span
    /// (the early morning) opens with.
    static func saysFirstThing(known: KnownParts, parts: [DatePart]) -> Bool {
        guard known.contains(.time), !known.contains(.duration) else { return false }
        return parts.contains { $0.rule == "first-thing" } && !parts.contains { $0.role == "time" && $0.rule != "first-thing" }
    }

    static func dayPart(known: KnownParts, parts: [DatePart], in text: String) -> DayPart? {
        guard known.contains(.time), !known.contains(.duration) else { return nil }
        var part: DayPart?
        for piece in parts {
            // "late morning", "early afternoon": a narrower stretch, whose start is the time.
            if piece.role == "time", Sentence.same(piece.rule, "part-of-part-of-day") { return nil }
            var found: DayPart?
            _ = forEachWord(of: piece, in: text) { key, word in
                found = Vocabulary.dayParts.mayContain(key: key) ? Vocabulary.dayParts[word(), key: key] : nil
                return found == nil
            }
            if let found { part = found; continue }
            // Any other piece that tells the time makes it a clock time ("tonight at 8").
            if piece.role == "time" || piece.role == "end" { return nil }
        }
        return part
    }

    /// Calls `body` with each lower-case word of one piece of a reading, in order ("Friday
    /// afternoon" → friday, afternoon), until it returns false; false when it did. No list
    /// of the words is made: the readers ask this of every piece of an event's reading.
    /// `body` gets the word's key (`WordTable.key(of:)`) and a way to make the word: most
    /// words are on none of the lists asked, which the key tells without the string (making
    /// it, and looking it up, cost about 250 instructions a word).
    private static func forEachWord(of piece: DatePart, in text: String, _ body: (_ key: UInt64, _ word: () -> String) -> Bool) -> Bool {
        // The piece's bytes read where they lie in the text: the `Substring` checked both
        // indices against the text, and its UTF-8 view was walked twice, a byte at a time
        // through its indices (about 40 instructions a byte). A bound inside a scalar, which
        // the `Substring` would round down, goes the old way still.
        let utf8 = text.utf8
        let inPlace: Bool?? = utf8.withContiguousStorageIfAvailable { all -> Bool? in
            let lower = utf8.distance(from: utf8.startIndex, to: piece.range.lowerBound)
            let upper = lower + utf8.distance(from: piece.range.lowerBound, to: piece.range.upperBound)
            func startsScalar(_ at: Int) -> Bool { at == all.count || all[at] & 0xC0 != 0x80 }
            guard 0 <= lower, lower <= upper, upper <= all.count, startsScalar(lower), startsScalar(upper) else { return nil }
            let said = UnsafeBufferPointer(rebasing: all[lower..<upper])
            guard said.allSatisfy({ $0 < 0x80 }) else { return nil }
            return forEachASCIIWord(of: said, body)
        }
        if let inPlace, let done = inPlace { return done }
        let said = text[piece.range]
        guard said.utf8.allSatisfy({ $0 < 0x80 }) else {
            for part in said.lowercased().split(whereSeparator: { !$0.isLetter }) {
                let word = String(part)
                if !body(WordTable.key(of: word), { word }) { return false }
            }
            return true
        }
        var bytes = Array(said.utf8)
        return bytes.withUnsafeMutableBufferPointer { forEachASCIIWord(of: UnsafeBufferPointer($0), body) }
    }

    /// `forEachWord` of plain ASCII: letters lowered byte by byte (Unicode's lowercasing and
    /// letter test cost ten times as much), into temporary space.
    private static func forEachASCIIWord(of said: UnsafeBufferPointer<UInt8>, _ body: (_ key: UInt64, _ word: () -> String) -> Bool) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: said.count) { buffer in
            func call(_ length: Int) -> Bool {
                let word = UnsafeBufferPointer(rebasing: buffer[..<length])
                return body(HashSlots.hash(word, skipping: -1)) { String(decoding: word, as: UTF8.self) }
            }
            var length = 0
            for byte in said {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): buffer[length] = byte; length += 1
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): buffer[length] = byte + 32; length += 1
                default:
                    if length > 0 {
                        guard call(length) else { return false }
                        length = 0
                    }
                }
            }
            return length == 0 || call(length)
        }
    }

    /// True when the only time of the reading is a meal ("friday lunch", "tomorrow at
    /// dinner"): the reader gives the meal's span, but an event starts at the meal's hour,
    /// as "lunch on friday" does. Of the known parts and pieces, as `dayPart(known:parts:in:)`.
    static func timeIsAMeal(known: KnownParts, parts: [DatePart], in text: String) -> Bool {
        guard known.contains(.time), !known.contains(.duration) else { return false }
        var meal = false
        for piece in parts where piece.role == "time" || piece.role == "end" {
            // A clock time in digits is no meal ("friday lunch with Ana at 2": the words of
            // "at 2" are only "at").
            if text.utf8[piece.range].contains(where: { $0 &- UInt8(ascii: "0") < 10 }) { return false }
            // Every word a meal or a word leading to one; at least one a meal.
            var saysMeal = false
            let onlyMealWords = forEachWord(of: piece, in: text) { key, word in
                if Vocabulary.mealWords.mayContain(key: key), Vocabulary.mealWords.contains(word(), key: key) { saysMeal = true; return true }
                return Vocabulary.mealLeads.mayContain(key: key) && Vocabulary.mealLeads.contains(word(), key: key)
            }
            guard onlyMealWords else { return false }
            meal = meal || saysMeal
        }
        return meal
    }

    /// True when the reading's clock time was said as an hour that could be morning or
    /// evening: no am/pm, no 24-hour form ("at 8", "8:30", "eight", "half past seven").
    static func hourIsAmbiguous(_ match: DateMatch, in text: String) -> Bool {
        guard match.known.contains(.time), let piece = match.parts.first(where: { $0.role == "time" }) else { return false }
        // A part of the day said with the hour decides it already ("tonight at 8").
        for part in match.parts {
            if !forEachWord(of: part, in: text, { key, word in
                !(Vocabulary.dayParts.mayContain(key: key) && Vocabulary.dayParts[word(), key: key] != nil)
                    && !(Vocabulary.mealWords.mayContain(key: key) && Vocabulary.mealWords.contains(word(), key: key))
            }) { return false }
        }
        let said = text[piece.range].lowercased()
        for marker in ["am", "pm", "a.m", "p.m", "noon", "midnight"] where said.contains(marker) { return false }
        // Number words ("eight", "half past seven") are always 1–12.
        guard let first = said.firstIndex(where: \.isNumber) else { return true }
        let digits = said[first...].prefix(while: \.isNumber)
        if digits.hasPrefix("0") || (Int(digits).map { $0 >= 13 || $0 == 0 } ?? true) { return false }
        // "15h30", "9h": a 24-hour form.
        if said[digits.endIndex...].hasPrefix("h") { return false }
        return true
    }

    /// `match` with its hour moved by twelve into the occasion's window, when it was said
    /// ambiguously and falls outside; a time that then lies in the past with no day said moves
    /// to the next day. Nil when nothing changes.
    static func fitted(_ match: DateMatch, to occasion: Occasion, in text: String, reference: ReferenceTime) -> DateMatch? {
        guard let window = window[occasion] else { return nil }
        return fitted(match, into: window, rule: "occasion:", in: text, reference: reference)
    }

    /// `match` fitted (as `fitted(_:to:in:reference:)`) into the part of the day the
    /// sentence names outside its dates ("my morning run at 7" is 07:00, the next one).
    static func fitted(_ match: DateMatch, toDayPartNamedIn s: Sentence) -> DateMatch? {
        guard let part = dayPartNamed(in: s), let window = dayPartWindow[part] else { return nil }
        return fitted(match, into: window, rule: "day-part:", in: s.text, reference: s.reference)
    }

    /// A table booked at a restaurant ("book a table for two at 8", "table for 4 at 7",
    /// "restaurant with Ana at 8") is lunch or dinner: an hour from 7 to 10 is the evening's,
    /// 11 and 12 stay as said. Not a table played at ("table tennis at 8") or laid ("set the
    /// table at 7").
    static func fittedToARestaurant(_ match: DateMatch, in s: Sentence) -> DateMatch? {
        guard let at = s.first(in: restaurantWords), !s.isInDate(at) else { return nil }
        if !s.word(at, is: "restaurant") {
            let before = at == s.body.lowerBound || s.word(at - 1, is: "a")
            let after = at + 1 == s.body.upperBound || s.isInDate(at + 1) || s.word(at + 1, isIn: tableFollowers)
            guard before, after else { return nil }
        }
        return fitted(match, into: 12..<23, rule: "restaurant:", in: s.text, reference: s.reference)
    }

    static let restaurantWords: WordSet = ["table", "restaurant"]
    /// What follows a table booked: "for two", "at Nobu", "tonight".
    static let tableFollowers: WordSet = ["for", "at"]

    /// `match` with its ambiguous hour moved by twelve into `window` (its rule prefixed with
    /// `rule`), the next day when that is past and no day was said; nil when nothing changes.
    static func fitted(_ match: DateMatch, into window: Range<Int>, rule: String, in text: String, reference: ReferenceTime) -> DateMatch? {
        guard hourIsAmbiguous(match, in: text) else { return nil }
        let zone = reference.timeZone
        let hour = zone.wallClock(match.start).seconds / 3600
        guard !window.contains(hour), !window.contains(hour + 24) else { return nil }
        let other = (hour + 12) % 24
        guard window.contains(other) || window.contains(other + 24) else { return nil }
        let shift = other > hour ? 12 : -12
        var start = match.start + TimeInterval(shift * 3600)
        if !match.known.contains(.date), start < reference.instant {
            start = zone.date(byAddingDays: 1, to: start)
        }
        var fitted = match
        fitted.end = start + match.end.timeIntervalSince(match.start)
        fitted.start = start
        fitted.rule = rule + match.rule
        return fitted
    }
}
