/// Clock times: 13:00, 1pm, 1:30 p.m., 1.30pm, 0930h, 16h45, noon, half past three,
/// quarter to five, ten thirty, eleven oh five.
extension DateRules {
    static let meridiemWords: Set<String> = ["am", "pm", "a", "p"]

    /// The midnight that ends a day when said with one: "midnight", "24:00", "2400h".
    static func midnight() -> Production {
        var t = TimeValue.clock(hour: 0, grain: .hour, ambiguous: false)
        t.saysMidnight = true
        return .time(t)
    }

    static let clock: [Rule] = [
        // 16:45, 9:01:10
        Rule("clock-colon", [.digits { $0.digitCount <= 2 && $0.number! <= 24 }, Element.symbol(":").touching,
                             Element.digits { $0.digitCount == 2 && $0.number! < 60 }.touching,
                             Element.symbol(":").touching.opt, Element.digits { $0.digitCount == 2 && $0.number! < 60 }.touching.opt], role: "time") { m in
            guard m.has(3) == m.has(4) else { return nil }
            let hour = m.digits(0)
            // 24:00 is the end of the day (ISO 8601), the midnight the word says.
            if hour == 24 { return m.digits(2) == 0 && (!m.has(4) || m.digits(4) == 0) ? midnight() : nil }
            // "09:30" with its leading zero is morning; "9:30" may be either.
            let ambiguous = hour <= 12 && hour > 0 && !(m.token(0)!.digitCount == 2 && hour < 10)
            return .time(.clock(hour: hour, minute: m.digits(2), second: m.has(4) ? m.digits(4) : 0,
                                grain: m.has(4) ? .second : .minute, ambiguous: ambiguous))
        },
        // 16h45, 4h25, 16h
        Rule("clock-h", [.digits { $0.digitCount <= 2 && $0.number! < 24 }, Element.word("h").touching,
                         Element.digits { $0.digitCount == 2 && $0.number! < 60 }.touching.opt], role: "time") { m in
            let t = TimeValue.clock(hour: m.digits(0), minute: m.has(2) ? m.digits(2) : 0, grain: .minute, ambiguous: false)
            // "2h" without minutes is more often a length (two hours): a time only with a
            // zone or in a range ("8h GMT", "9h30 - 11h"); "16h" always.
            guard m.has(2) || m.digits(0) > 12 else { return Production(value: .time(t), latent: true, standsAlone: false) }
            return .time(t)
        },
        // 0930h, 1030hrs
        Rule("clock-hhmm-h", [.digits { $0.digitCount == 4 && ($0.number! / 100 < 24 && $0.number! % 100 < 60 || $0.number! == 2400) }, Element.words(["h", "hrs", "hours"]).touching], role: "time") { m in
            m.digits(0) == 2400 ? midnight() : .time(.clock(hour: m.digits(0) / 100, minute: m.digits(0) % 100, grain: .minute, ambiguous: false))
        },
        // 1700 hours, 0800 hrs, 08:00 hrs, 15:30 hours: the clock as the forces and timetables
        // say it (a length reads "for 1700 hours", "in 1200 hours", and the longer reading wins)
        Rule("clock-hours", [.timeItem { ($0.madeBy(.clockHHMM) && $0.end - $0.first == 1 && $0.isFourDigitClock) || $0.madeBy(.clockColon) },
                             .words(["hours", "hrs", "hr", "h"])], role: "time") { m in
            // "1:30h" touching is a length as often; "19:45h", "09:30h" are only clocks.
            guard m.token(1)!.spaceBefore || m.word(1) != "h" || !m.time(0).expression.isAmbiguousClock,
                  case .clock = m.time(0).expression.withoutAmbiguity else { return nil }
            var t = m.time(0)
            t.expression = t.expression.withoutAmbiguity
            return .time(t)
        },
        // nineteen hundred hours, at fifteen hundred, oh six hundred, 14 hundred hrs: the hour
        // on the 24-hour dial as the forces say it ("five hundred people" is a count, and "in
        // nineteen hundred" a year: without "hours" only after "at" or a leading "oh")
        Rule("hundred-hours", [Element.words(["oh", "zero"]).opt, .number { $0.isWhole && !$0.isOrdinal && !$0.isCount && (0...23).contains($0.value) && $0.digitCount <= 2 },
                               .word("hundred"), Element.words(["hours", "hrs", "h"]).opt], role: "time") { m in
            let afterAt = m.item(1).map { $0.first > 0 && ["at", "@"].contains(m.tokens[$0.first - 1].text) } ?? false
            guard m.has(3) || m.has(0) || afterAt else { return nil }
            if m.has(0), m.int(1) >= 10 { return nil }
            return .time(.clock(hour: m.int(1), grain: .minute, ambiguous: false))
        },
        // 16.00 hrs, 9.30 hours: a dotted clock said with "hours" is on the 24-hour dial
        Rule("clock-dot-hours", [.digits { $0.digitCount <= 2 && $0.number! < 24 }, Element.symbol(".").touching,
                                 Element.digits { $0.digitCount == 2 && $0.number! < 60 }.touching, .words(["hours", "hrs", "hr", "h"])], role: "time") { m in
            .time(.clock(hour: m.digits(0), minute: m.digits(2), grain: .minute, ambiguous: false))
        },
        // 1030, 815, 150 — latent: only "at 1145", "1145am", "tonight 945" make them times
        Rule("clock-hhmm", [.digits { ($0.digitCount == 3 || $0.digitCount == 4) && $0.number! / 100 < 24 && $0.number! % 100 < 60 }], role: "time") { m in
            let v = m.digits(0), digits = m.token(0)!.digitCount
            let hour = v / 100
            let ambiguous = digits == 3 && hour > 0
            // Four digits that can be a year are a year when they stand alone ("2030").
            var p = Production.time(.clock(hour: hour, minute: v % 100, grain: .minute, ambiguous: ambiguous), latent: true)
            p.standsAlone = digits < 4 || v < 1000
            return p
        },
        // 1.30pm, at 9.30, at 19.30 (an hour past 12 is on the 24-hour dial)
        Rule("clock-dot", [.digits { $0.digitCount <= 2 && $0.number! < 24 }, Element.symbol(".").touching,
                           Element.digits { $0.digitCount == 2 && $0.number! < 60 }.touching], role: "time") { m in
            let hour = m.digits(0), minute = m.digits(2)
            var p = Production.time(.clock(hour: hour, minute: minute, grain: .minute, ambiguous: hour <= 12), latent: true)
            // "19.12" alone is the 19th of December (`dotted-day-month`); "at 19.12" the time.
            p.standsAlone = hour <= 12 || minute > 12
            return p
        },
        // a bare hour: latent ("8" alone is 8:00; "buy 8 apples" is not a time)
        Rule("clock-hour", [.number { !$0.isOrdinal && $0.isWhole && !$0.isCount && $0.value <= 24 && ($0.digitCount <= 2) }], role: "time") { m in
            let h = m.int(0)
            let n = m.number(0)
            // "2h", "30m", "3d", "0 minutes": a number before a unit is a length (one the
            // length rules refuse, "for 0 minutes", is no hour either).
            // "9 M-F" is the hour before Monday to Friday, not 9 minutes.
            // ("at 8 w/ bob": a "w" apart from the number is "with", not weeks.)
            if let item = m.item(0), item.end < m.tokens.count, durationUnitOf.holds(m, token: item.end),
               !Lexicon.isMondayToFriday(m.tokens, at: item.end), !(m.tokens[item.end].spaceBefore && m.tokens[item.end].text == "w") { return nil }
            // "the weekly one", "that one", "the early one on friday": "one" after a word that
            // picks or describes a thing stands for the thing, no hour.
            if n.isWords, h == 1, let item = m.item(0), item.first > 0, oneAsThingAfter.contains(m.tokens[item.first - 1].text) { return nil }
            return .time(.clock(hour: h % 24, grain: .hour, ambiguous: h >= 1 && h <= 12 && !(n.digitCount == 2 && h < 10)), latent: true)
        },
        // ten forty five, eleven oh five, nine fifty nine
        // (two number words alone are a number, as "3 30" is: "at", am/pm or a date make them a time)
        // (at seventeen thirty, by nineteen forty five: the 24-hour dial after "at" or "by";
        // elsewhere those words are a year)
        Rule("clock-words", [.number { $0.isWords && !$0.isOrdinal && (1...23).contains($0.value) }, Element.symbol("-").opt,
                             .number { $0.isWords && !$0.isOrdinal && (10...59).contains($0.value) }], role: "time") { m in
            let hour = m.int(0)
            if hour > 12, !(m.item(0).map { $0.first > 0 && ["at", "@", "by"].contains(m.tokens[$0.first - 1].text) } ?? false) { return nil }
            return Production(value: .time(.clock(hour: hour, minute: m.int(2), grain: .minute, ambiguous: hour <= 12)), latent: true, standsAlone: false)
        },
        Rule("clock-words-oh", [.number { $0.isWords && !$0.isOrdinal && (1...12).contains($0.value) }, Element.symbol("-").opt,
                                .words(["oh", "o", "ou", "zero", "owe"]), Element.symbol("-").opt,
                                .number { $0.isWords && !$0.isOrdinal && (1...9).contains($0.value) }], role: "time") { m in
            .time(.clock(hour: m.int(0), minute: m.int(4), grain: .minute, ambiguous: true), latent: true)
        },
        // at 4 25
        Rule("clock-at-h-mm", [.words(["at", "@"]), .digits { $0.digitCount <= 2 && (1...12).contains($0.number!) },
                               .digits { $0.digitCount == 2 && $0.number! < 60 }], role: "time") { m in
            .time(.clock(hour: m.digits(1), minute: m.digits(2), grain: .minute, ambiguous: true))
        },
        Rule("noon", [Element.word("the").opt, .word("noon", "midday", "noonish")], role: "time") { _ in
            .time(.clock(hour: 12, grain: .hour, ambiguous: false))
        },
        Rule("mid-day", [Element.word("the").opt, .word("mid"), Element.symbol("-").opt, .word("day")], role: "time") { _ in
            .time(.clock(hour: 12, grain: .hour, ambiguous: false))
        },
        Rule("midnight", [.word("midnight", "midnightish")], role: "time") { _ in midnight() },
        // 12 noon, 12:00 midday, twelve midnight: the twelve says the same hour again
        Rule("twelve-noon", [.anyTime { $0.isClockOnly && $0.isPlain && $0.clockHourMinute.map { $0.0 % 12 == 0 && $0.1 == 0 } == true },
                             .words(["noon", "midday", "midnight"])], role: "time") { m in
            var t = TimeValue.clock(hour: m.word(1) == "midnight" ? 0 : 12, grain: .hour, ambiguous: false)
            t.saysMidnight = m.word(1) == "midnight"
            return .time(t)
        },
        // 3 o'clock, three oclock
        Rule("o'clock", [.anyTime { isBareHour($0) }, .words(["o'clock", "oclock"])], role: "time") { m in
            .time(m.time(0))
        },
        Rule("o-clock", [.anyTime { isBareHour($0) }, .word("o"), Element.symbol("'").opt, .word("clock")], role: "time") { m in
            .time(m.time(0))
        },
        // 5pm, 4:45 p.m., eleven fifteen am, 12am, 9p
        // (the dots may stand apart, as speech transcribed writes them: "7 p . m .")
        Rule("am-pm", [.anyTime { canTakeMeridiem($0) }, .words(meridiemWords), Element.symbol(".").opt,
                       Element.word("m").opt, Element.symbol(".").opt], role: "time") { m in
            let w = m.word(1)!
            if w == "am" || w == "pm" { guard !m.has(3) else { return nil } }
            if (w == "a" || w == "p") && !m.has(3) {
                // "9p", "7a": the letter must touch the number; and on a bare hour it is
                // am or pm only inside the hours people schedule ("4a", "12b" are seats,
                // flats and forms; "3:18a" has its minutes).
                guard !m.token(1)!.spaceBefore else { return nil }
                let bareHour: Int? = m.item(0)!.withTime { t in
                    guard t.grain == .hour, case .ambiguousClock(let h, _, _, _) = t.expression else { return nil }
                    return h
                }
                if let h = bareHour, !Series.schedulingHours.contains(h % 12 + (w == "p" ? 12 : 0)) { return nil }
            }
            // (The reading lent, not copied out of its item.)
            let pm = w.hasPrefix("p")
            return m.item(0)!.withTime { withMeridiem($0, pm: pm) }.map { .time($0) }
        },
        // 3 in the afternoon is handled by composition; "4 in the AM":
        Rule("in-the-am", [.anyTime { canTakeMeridiem($0) }, .word("in"), .word("the"), .words(["am", "pm"])], role: "time") { m in
            withMeridiem(m.time(0), pm: m.word(3) == "pm").map { .time($0) }
        },
        // 2 at night, 3:30 in the night, 12 at night: a night's hour, the small hours up to 4
        // (as "at 3 in the morning" is) and the evening's from 5 ("10 at night" is 22:00)
        Rule("hour-at-night", priority: 1, [.anyTime { $0.isClockOnly && $0.isPlain && canTakeMeridiem($0) }, .words(["at", "in"]), Element.word("the").opt, .word("night")], role: "time") { m in
            guard case .ambiguousClock(let h, let minute, let second, let length) = m.time(0).expression else { return nil }
            // The end of a range ("8 - 9 at night") takes the range's night, both ends alike.
            if let item = m.item(0), item.first > 0, rangeWords.contains(m.tokens[item.first - 1].text) { return nil }
            let hour = h % 12
            var t = m.time(0)
            t.expression = .clock(hour: hour < Compose.smallHoursEnd ? hour : hour + 12, minute: minute, second: second, length: length)
            return .time(t)
        },
        // half past three, a quarter to midnight, 20 minutes to 2pm, ten after 4pm
        Rule("quarter-past", [Element.word("a").opt, .word("quarter"), .words(pastWords.union(toWords)), .anyTime { isHourLike($0) }], role: "time") { m in
            shiftedClock(m.time(3), by: pastWords.contains(m.word(2)!) ? 15 : -15).map { .time($0) }
        },
        Rule("half-past", [.word("half"), .words(pastWords), .anyTime { isHourLike($0) }], role: "time") { m in
            shiftedClock(m.time(2), by: 30).map { .time($0) }
        },
        Rule("minutes-past", [.number { !$0.isOrdinal && $0.isWhole && (1...59).contains($0.value) },
                              Element.words(["minutes", "minute", "mins", "min"]).opt,
                              .words(pastWords.union(toWords)), .anyTime { isHourLike($0) }], role: "time") { m in
            let n = m.int(0)
            let past = pastWords.contains(m.word(2)!)
            // "10 to 11", "15 to 4pm" are more often ranges (or a day, "dec 15 to 4pm") than
            // 10:50 or 15:45: before "to", digits need "minutes", a named hour ("15 to
            // noon") or "at" ("at 20 to 4"); words ("twenty to four") need a round number.
            let named = m.item(3).map { ["noon", "midnight", "midday"].contains(m.tokens[$0.first].text) } ?? false
            let before = m.item(0).flatMap { $0.first > 0 ? m.tokens[$0.first - 1].text : nil }
            let afterAt = before == "at" || before == "@"
            // "ten to six" is 17:50 when both are words ("at ten to six" always); "from ten
            // to six", "ten to 6" stay hours from ten.
            let wordsBothSides = m.number(0).isWords && m.item(3).map { m.tokens[$0.first].kind == .word } == true
                && before != "from" && before != "between"
            // "ten to 9" stays hours from ten too, unless a part of the day follows ("ten to 9
            // tomorrow morning" is 08:50): a weak reading, which wins only then
            // (`saysMinutesTo`).
            var weak = false
            if !past, !m.has(1), m.number(0).isWords, n == 10, !afterAt, !wordsBothSides, before != "from", before != "between" { weak = true }
            else if !past, !m.has(1), !(m.number(0).isWords || named || afterAt) || n % 5 != 0 || (n == 10 && !(m.number(0).isWords && (afterAt || wordsBothSides))) { return nil }
            return shiftedClock(m.time(3), by: past ? n : -n).map { Production(value: .time($0), latent: weak, standsAlone: !weak) }
        },
        Rule("half-hour", [.word("half"), .anyTime { isHourLike($0) && $0.expression.isAmbiguousClock }], role: "time") { m in
            shiftedClock(m.time(1), by: 30).map { .time($0) }
        },
    ]

    /// Words after which "one" is a thing, not one o'clock ("the weekly one", "that one").
    static let oneAsThingAfter: Set<String> = [
        "the", "this", "that", "which", "each", "every", "any", "no", "another", "other", "weekly", "daily", "monthly",
        "yearly", "annual", "early", "earlier", "late", "later", "first", "last", "next", "same", "new", "old", "only",
        "big", "small", "long", "short", "regular", "usual", "recurring", "right", "wrong", "second", "third",
    ]
    static let pastWords: Set<String> = ["past", "after"]
    static let toWords: Set<String> = ["to", "till", "til", "before", "of"]

    static func isBareHour(_ t: TimeValue) -> Bool {
        guard t.isClockOnly, t.grain == .hour, t.isPlain else { return false }
        switch t.expression {
        case .ambiguousClock, .clock: return true
        default: return false
        }
    }

    static func isHourLike(_ t: TimeValue) -> Bool {
        guard t.isClockOnly, t.isPlain else { return false }
        switch t.expression {
        case .ambiguousClock(_, let minute, _, _), .clock(_, let minute, _, _): return minute == 0
        default: return false
        }
    }

    static func canTakeMeridiem(_ t: TimeValue) -> Bool {
        guard t.isClockOnly, t.isPlain else { return false }
        switch t.expression {
        case .ambiguousClock: return true
        case .clock(let h, _, _, _): return h <= 12
        default: return false
        }
    }

    /// The clock moved to the morning or the afternoon.
    static func withMeridiem(_ t: TimeValue, pm: Bool) -> TimeValue? {
        var hour: Int, minute: Int, second: Int, length: Int
        switch t.expression {
        case .ambiguousClock(let h, let mi, let s, let l): (hour, minute, second, length) = (h, mi, s, l)
        case .clock(let h, let mi, let s, let l): (hour, minute, second, length) = (h == 0 ? 12 : h, mi, s, l)
        default: return nil
        }
        guard (1...12).contains(hour) else { return nil }
        return t.replacing(expression: .clock(hour: hour % 12 + (pm ? 12 : 0), minute: minute, second: second, length: length))
    }

    /// A clock moved by whole minutes, keeping its am/pm ambiguity.
    static func shiftedClock(_ t: TimeValue, by minutes: Int) -> TimeValue? {
        var r = t
        r.grain = .minute
        switch t.expression {
        case .ambiguousClock(let h, let mi, _, _):
            var total = (h % 12) * 60 + mi + minutes
            total = (total % 720 + 720) % 720
            let hour = total / 60 == 0 ? 12 : total / 60
            r.expression = .ambiguousClock(hour: hour, minute: total % 60, second: 0, length: 60)
        case .clock(let h, let mi, _, _):
            let total = ((h * 60 + mi + minutes) % 1440 + 1440) % 1440
            r.expression = .clock(hour: total / 60, minute: total % 60, second: 0, length: 60)
        default:
            return nil
        }
        return r
    }
}

extension TimeExpression {
    var isAmbiguousClock: Bool {
        if case .ambiguousClock = self { return true }
        return false
    }
}

extension TimeExpression {
    /// A clock time as written on a 24-hour dial: "8:00" is 08:00, not 8 or 20.
    var withoutAmbiguity: TimeExpression {
        if case .ambiguousClock(let h, let m, let s, let l) = self { return .clock(hour: h, minute: m, second: s, length: l) }
        return self
    }
}
