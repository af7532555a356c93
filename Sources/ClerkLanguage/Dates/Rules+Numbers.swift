/// Stage 1: numbers, in digits and in words, cardinal and ordinal.
extension DateRules {
    static let numbers: [Rule] = [
        Rule("digits", [.digits()]) { m in
            let t = m.token(0)!
            // "13th" is the ordinal 13, not 13 followed by a word.
            // (The set asked only about a two-letter word: hashing every glued word, "pm" and
            // the rest, cost about a hundred instructions a parse.)
            if let next = m.gluedToken(after: 0), next.kind == .word, next.text.utf8.count == 2,
               Lexicon.ordinalSuffixes.contains(next.text) { return nil }
            return .number(NumberValue(value: t.number!, amount: Double(t.number!), digitCount: t.digitCount))
        },
        // 2.5 hours
        Rule("decimal", [.digits { $0.digitCount <= 3 }, Element.symbol(".").touching, Element.digits { $0.digitCount <= 2 }.touching]) { m in
            let whole = m.digits(0), fraction = m.token(2)!
            let amount = Double(whole) + Double(fraction.number!) / (fraction.digitCount == 1 ? 10 : 100)
            return .number(NumberValue(value: whole, amount: amount, digitCount: m.token(0)!.digitCount))
        },
        // 1/4 h, 3/4 hour
        Rule("fraction", [.digits { $0.number! >= 1 && $0.number! <= 3 }, Element.symbol("/").touching, Element.digits { $0.number == 2 || $0.number == 4 }.touching]) { m in
            let amount = Double(m.digits(0)) / Double(m.digits(2))
            guard amount < 1 else { return nil }
            return .number(NumberValue(value: 0, amount: amount, digitCount: 1))
        },
        Rule("ordinal-digits", [.digits { $0.digitCount <= 2 }, Element.words(Lexicon.ordinalSuffixes).touching]) { m in
            .number(NumberValue(value: m.digits(0), amount: Double(m.digits(0)), isOrdinal: true, digitCount: m.token(0)!.digitCount))
        },
        Rule("number-word", [.words(Set(Lexicon.units.keys).union(Lexicon.tens.keys))]) { m in
            let w = m.word(0)!
            let v = Lexicon.units[w] ?? Lexicon.tens[w]!
            return .number(NumberValue(value: v, amount: Double(v)))
        },
        // twenty-one, thirty five
        Rule("compound-number", [.words(Set(Lexicon.tens.keys)), Element.symbol("-").opt, .words(Set(Lexicon.units.keys))]) { m in
            let unit = unitOf(m, 2)!
            guard (1...9).contains(unit) else { return nil }
            let v = tenOf(m, 0)! + unit
            return .number(NumberValue(value: v, amount: Double(v)))
        },
        Rule("ordinal-word", [.words(Set(Lexicon.ordinalUnits.keys).union(Lexicon.ordinalTens.keys))]) { m in
            let v = ordinalUnitOf(m, 0) ?? ordinalTenOf(m, 0)!
            return .number(NumberValue(value: v, amount: Double(v), isOrdinal: true))
        },
        // twenty-first, thirty first
        Rule("compound-ordinal", [.words(Set(Lexicon.tens.keys)), Element.symbol("-").opt, .words(Set(Lexicon.ordinalUnits.keys))]) { m in
            let unit = ordinalUnitOf(m, 2)!
            guard unit <= 9 else { return nil }
            let v = tenOf(m, 0)! + unit
            return .number(NumberValue(value: v, amount: Double(v), isOrdinal: true))
        },
        // last, second last, 3rd last: ordinals counted from the end
        Rule("ordinal-last", [Element.number { $0.isOrdinal && (1...31).contains($0.value) }.opt, .word("last")]) { m in
            let n = m.numberIfPresent(0)?.value ?? 1
            return .number(NumberValue(value: -n, amount: Double(-n), isOrdinal: true))
        },
        // second to last, third-to-last: as "second last" (the words, not any ordinal: a rule
        // starting with a number would be tried at every "3-" and "10 to")
        Rule("ordinal-to-last", [.words(["second", "third", "fourth", "fifth"]), Element.symbol("-").opt, .word("to"), Element.symbol("-").opt, .word("last")]) { m in
            guard m.has(1) == m.has(3), let n = ordinalUnitOf(m, 0) else { return nil }
            return .number(NumberValue(value: -n, amount: Double(-n), isOrdinal: true))
        },
        // the final friday, the penultimate week: "the" first, as "final" alone is a word
        // ("final exam friday")
        Rule("ordinal-final", [.word("the"), .words(["final", "penultimate"])]) { m in
            let n = m.word(1) == "final" ? 1 : 2
            return .number(NumberValue(value: -n, amount: Double(-n), isOrdinal: true))
        },
        // a couple of, a pair of, a few
        Rule("a-couple", [Element.word("a").opt, .word("couple", "pair"), Element.word("of").opt]) { _ in
            .number(NumberValue(value: 2, amount: 2, isCount: true))
        },
        Rule("a-few", [Element.word("a").opt, .word("few")]) { _ in
            .number(NumberValue(value: 3, amount: 3, isCount: true))
        },
        // two thousand ten, two thousand and eighteen
        Rule("year-words", [.word("two", "one"), .word("thousand"), Element.word("and").opt, Element.number { $0.isWords && !$0.isOrdinal && $0.value < 100 }.opt]) { m in
            let thousands = unitOf(m, 0)! * 1000
            let rest = m.numberIfPresent(3)?.value ?? 0
            return .number(NumberValue(value: thousands + rest, amount: Double(thousands + rest)))
        },
        // nineteen hundred ninety three, twenty hundred and five: a year in hundreds
        Rule("year-hundreds", [Element.number { $0.isWords && !$0.isOrdinal && (10...29).contains($0.value) }, .word("hundred"), Element.word("and").opt,
                               Element.number { $0.isWords && !$0.isOrdinal && (1...99).contains($0.value) }.opt]) { m in
            let v = m.int(0) * 100 + (m.numberIfPresent(3)?.value ?? 0)
            return .number(NumberValue(value: v, amount: Double(v)))
        },
        // nineteen seventy-four, twenty twenty-six
        Rule("year-pairs", [Element.number { $0.isWords && !$0.isOrdinal && (19...20).contains($0.value) }, Element.number { $0.isWords && !$0.isOrdinal && (10...99).contains($0.value) }]) { m in
            let v = m.int(0) * 100 + m.int(1)
            return .number(NumberValue(value: v, amount: Double(v)))
        },
    ]
}
