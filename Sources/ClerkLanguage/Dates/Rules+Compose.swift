/// Stage 3: readings combined: "tomorrow at 3pm", "Friday morning", "March 3 2027",
/// prepositions ("on Friday", "at 5"), durations and offsets, ranges and bounds, zones.
extension DateRules {
    /// Words that may join two readings of one moment: "tomorrow at 3", "3pm on Friday".
    static let joiners: Set<String> = [",", "at", "@", "on", "of", "in", "during", "for", "from", "the", "-", "this", "'s"]

    static let compose: [Rule] = [
        // MARK: prepositions and hedges
        Rule("on-date", [.words(["on", "for", "during", "by"]).opt, .words(["on", "during", "for"]), .anyTime { $0.isPlain && !$0.hasClock && ($0.grain <= .day || $0.isNamedStretch) }], role: nil) { m in
            guard !m.has(0) else { return nil }
            return .time(m.time(2))
        },
        Rule("in-date", [.words(["in", "of", "during", "within"]), .anyTime { $0.isPlain && !$0.hasClock && ($0.grain >= .month || $0.hasYear) }], role: nil) { m in
            .time(m.time(1))
        },
        Rule("at-time", [.words(["at", "@", "for"]), .anyTime { $0.isPlain && $0.hasClock }], role: nil) { m in
            .time(m.time(1))
        },
        // the weekend, the summer, the Christmas holidays
        Rule("the-stretch", [.word("the"), .anyTime { $0.isPlain && !$0.hasClock && $0.isNamedStretch }], role: nil) { m in
            .time(m.time(1))
        },
        Rule("at-the", [.word("at"), .word("the"), .anyTime { $0.isPlain && !$0.hasClock }], role: nil) { m in
            .time(m.time(2))
        },
        Rule("around", [.words(["around", "about", "approximately", "approx", "circa", "roughly", "~", "sometime", "somewhere"]),
                        Element.words(["around", "about", "at", "on", "in"]).opt, .anyTime { _ in true }], role: nil) { m in
            .time(m.time(2), latent: m.item(2)!.latent && !m.time(2).hasClock)
        },
        Rule("ish", [.anyTime { $0.hasClock || $0.hasDayPart }, .words(["ish", "approximately", "sharp", "exactly", "or so", "precisely"])], role: nil) { m in
            .time(m.time(0))
        },
        Rule("ish-glued", [.anyTime { $0.hasClock }, Element.symbol("-").touching.opt, Element.word("ish").touching], role: nil) { m in
            .time(m.time(0))
        },

        // MARK: two readings of one moment
        Rule("intersect", [.anyTime { $0.isIntersectable }, Element.words(joiners).opt, .anyTime { $0.isIntersectable }], role: nil) { m in
            let a = m.item(0)!, b = m.item(2)!
            // Two weak readings make a weak one ("March 2027" alone is a date; in a sentence
            // it needs "in"), but never a clock ("7 5").
            if a.latent && b.latent, a.time!.hasClock || b.time!.hasClock { return nil }
            // "lunch tomorrow" is a lunch on a day, "tomorrow lunch" a time of a day: a bare
            // part of the day only joins the date before it.
            if a.latent, a.time!.hasDayPart { return nil }
            if let joiner = m.word(1), !joinerFits(joiner, a.time!, b.time!) { return nil }
            // A bare number is only a clock next to a date ("8 tomorrow", "tomorrow 945").
            if a.latent, !latentClockFits(a, with: b.time!) { return nil }
            if b.latent, !latentClockFits(b, with: a.time!) { return nil }
            return Compose.intersect(a.time!, b.time!, m.series).map { .time($0, latent: a.latent && b.latent) }
        },
        Rule("intersect-comma", [.anyTime { $0.isIntersectable }, .symbol(","), Element.words(["at", "on"]).opt, .anyTime { $0.isIntersectable }], role: nil) { m in
            let a = m.item(0)!, b = m.item(3)!
            guard !(a.latent && b.latent), !a.time!.hasClock || !b.time!.hasClock else { return nil }
            return Compose.intersect(a.time!, b.time!, m.series).map { .time($0) }
        },
        // "8 tomorrow evening": the hour first, its day and part after
        Rule("of-date", [.anyTime { $0.hasDayPart && $0.isPlain }, .word("of"), .time { $0.isPlain && $0.hasDate && !$0.hasClock }], role: nil) { m in
            Compose.intersect(m.time(0), m.time(2), m.series).map { .time($0) }
        },
    ]

    static func joinerFits(_ joiner: String, _ a: TimeValue, _ b: TimeValue) -> Bool {
        switch joiner {
        case "at", "@": return b.hasClock || b.hasDayPart || a.hasClock
        case "on": return b.hasDate && b.grain <= .day
        case "of": return b.hasDate && b.grain >= .day
        case "in", "during": return b.hasDayPart || b.grain >= .month || b.hasYear || (b.hasEnd && b.hasClock)
        case "'s": return a.isCycle && b.hasDate
        case "for": return b.hasClock
        case "from": return b.isCycle
        case "the": return b.hasDate
        case "-": return a.hasDate && b.hasYear
        case "this": return b.hasDayPart
        default: return true
        }
    }

    /// A bare number next to a date is a clock hour ("8 tomorrow", "tonight 945"), but four
    /// digits there are a year ("April 9 2016"): those need "at".
    static func latentClockFits(_ clock: Item, with other: TimeValue) -> Bool {
        guard let t = clock.time, t.hasClock else { return true }
        if clock.isFourDigitClock { return false }
        // "July 13" is a day, not July at 13:00: a bare hour needs a day or a part of one.
        return (other.hasDate && other.grain <= .day) || other.hasDayPart
    }
}

extension Item {
    /// "2014" read as 20:14: only "at 2014" makes it a time.
    var isFourDigitClock: Bool {
        guard rule == "clock-hhmm", case .clock? = time?.expression else { return false }
        return latent
    }
}

extension TimeValue {
    /// The weekend, a season, a holiday, the week of a day: stretches named with "the".
    var isNamedStretch: Bool {
        switch expression {
        case .weekend, .season, .holiday, .portion(_, .holdingWeek): return true
        default: return false
        }
    }

    var isPlainOrZoned: Bool { openBound == nil && recurrence == nil && duration == nil && fromNow == nil }

    var isIntersectable: Bool { isPlain || (zone != nil && openBound == nil && recurrence == nil && fromNow == nil) }
}
