/// Holidays people schedule around, by the names they use (Duckling's list, where
/// Foundation's calendars reach).
extension DateRules {
    /// Each holiday with the ways people write it. Spellings are matched word by word,
    /// with "." and "-" allowed between words ("St. Patrick's", "Eid al-Fitr").
    static let holidayNames: [(Holiday, [String])] = [
        // Fixed dates
        (Holiday(rule: .fixed(month: 12, day: 25)), ["christmas", "xmas", "x-mas", "christmas day", "xmas day", "christmas time"]),
        (Holiday(rule: .fixed(month: 12, day: 24)), ["christmas eve", "xmas eve"]),
        (Holiday(rule: .fixed(month: 12, day: 26)), ["boxing day", "st stephen's day", "saint stephen's day"]),
        (Holiday(rule: .fixed(month: 12, day: 31)), ["new year's eve", "new years eve", "new year eve", "nye"]),
        (Holiday(rule: .fixed(month: 1, day: 1)), ["new year's day", "new years day", "new year day", "new year's", "new years", "new year"]),
        (Holiday(rule: .fixed(month: 2, day: 14)), ["valentine's day", "valentines day", "valentine day", "valentine's", "valentines", "st valentine's day", "saint valentine's day"]),
        (Holiday(rule: .fixed(month: 10, day: 31)), ["halloween", "hallowe'en", "all hallows eve"]),
        (Holiday(rule: .fixed(month: 11, day: 1)), ["all saints day", "all saints' day", "all saint's day", "world vegan day"]),
        (Holiday(rule: .fixed(month: 3, day: 17)), ["st patrick's day", "saint patrick's day", "st patricks day", "saint patricks day",
                                                    "st paddy's day", "saint paddy's day", "st paddys day", "saint paddys day", "paddy's day", "patrick's day",
                                                    "st patrick", "saint patrick", "st patricks", "saint patricks"]),
        (Holiday(rule: .fixed(month: 7, day: 4)), ["independence day", "fourth of july", "4th of july", "4 of july", "july fourth", "july 4th"]),
        (Holiday(rule: .fixed(month: 11, day: 11)), ["veterans day", "veteran's day", "veterans' day", "armistice day", "remembrance day"]),
        (Holiday(rule: .fixed(month: 4, day: 1)), ["april fools day", "april fool's day", "april fools' day"]),
        (Holiday(rule: .fixed(month: 4, day: 22)), ["earth day", "international mother earth day"]),
        (Holiday(rule: .fixed(month: 3, day: 8)), ["international women's day", "women's day"]),
        (Holiday(rule: .fixed(month: 5, day: 1)), ["may day", "labour day", "international workers' day", "workers' day"]),
        (Holiday(rule: .nearestWeekday(month: 10, day: 16)), ["boss's day", "bosses day", "bosses' day", "boss day", "boss's", "national boss day"]),
        (Holiday(rule: .sundayMovesBack(month: 4, day: 27)), ["king's day", "kings day", "koningsdag"]),
        // National and saints' days of other English-speaking and European countries
        (Holiday(rule: .fixed(month: 7, day: 1)), ["canada day", "dominion day"]),
        (Holiday(rule: .fixed(month: 1, day: 26)), ["australia day"]),
        (Holiday(rule: .fixed(month: 4, day: 25)), ["anzac day"]),
        (Holiday(rule: .fixed(month: 2, day: 6)), ["waitangi day"]),
        (Holiday(rule: .fixed(month: 7, day: 14)), ["bastille day"]),
        (Holiday(rule: .fixed(month: 10, day: 3)), ["german unity day", "day of german unity", "tag der deutschen einheit"]),
        (Holiday(rule: .fixed(month: 6, day: 19)), ["juneteenth", "juneteenth day"]),
        (Holiday(rule: .fixed(month: 11, day: 5)), ["guy fawkes night", "guy fawkes day", "guy fawkes", "bonfire night"]),
        (Holiday(rule: .fixed(month: 1, day: 25)), ["burns night", "burns supper"]),
        (Holiday(rule: .fixed(month: 4, day: 23)), ["st george's day", "saint george's day", "st georges day", "saint georges day"]),
        (Holiday(rule: .fixed(month: 11, day: 30)), ["st andrew's day", "saint andrew's day", "st andrews day", "saint andrews day"]),
        (Holiday(rule: .fixed(month: 3, day: 1)), ["st david's day", "saint david's day", "st davids day", "saint davids day"]),
        (Holiday(rule: .fixed(month: 5, day: 5)), ["cinco de mayo"]),
        (Holiday(rule: .fixed(month: 1, day: 6)), ["epiphany", "three kings day", "three kings' day", "three king's day"]),
        (Holiday(rule: .fixed(month: 8, day: 15)), ["assumption day", "feast of the assumption", "ferragosto"]),
        (Holiday(rule: .fixed(month: 11, day: 2)), ["all souls day", "all souls' day", "day of the dead", "dia de los muertos"]),
        (Holiday(rule: .fixed(month: 2, day: 2)), ["groundhog day", "candlemas"]),
        // (The Monday before 25 May: a week before the last Monday of May, which falls on the 25th to the 31st.)
        (Holiday(rule: .nthWeekday(month: 5, weekday: 1, n: -1, plusDays: -7)), ["victoria day"]),
        (Holiday(rule: .nthWeekday(month: 10, weekday: 1, n: 2, plusDays: 0)), ["canadian thanksgiving", "thanksgiving in canada"]),
        (Holiday(rule: .nthWeekday(month: 2, weekday: 1, n: 3, plusDays: 0)), ["family day"]),
        (Holiday(rule: .nthWeekday(month: 11, weekday: 7, n: 2, plusDays: 0)), ["remembrance sunday"]),
        (Holiday(rule: .nthWeekday(month: 4, weekday: 1, n: 3, plusDays: 0)), ["patriots day", "patriots' day", "patriot's day"]),
        // The bank holidays of England and Wales that are not feasts
        (Holiday(rule: .nthWeekday(month: 5, weekday: 1, n: 1, plusDays: 0)), ["early may bank holiday", "may bank holiday", "may day bank holiday"]),
        (Holiday(rule: .nthWeekday(month: 5, weekday: 1, n: -1, plusDays: 0)), ["spring bank holiday", "whitsun bank holiday", "late may bank holiday"]),
        (Holiday(rule: .nthWeekday(month: 8, weekday: 1, n: -1, plusDays: 0)), ["summer bank holiday", "august bank holiday", "late summer bank holiday"]),
        // Nth weekdays
        (Holiday(rule: .nthWeekday(month: 11, weekday: 4, n: 4, plusDays: 0)), ["thanksgiving", "thanksgiving day", "thanks giving"]),
        (Holiday(rule: .nthWeekday(month: 11, weekday: 4, n: 4, plusDays: 1)), ["black friday"]),
        (Holiday(rule: .nthWeekday(month: 11, weekday: 4, n: 4, plusDays: 4)), ["cyber monday"]),
        (Holiday(rule: .nthWeekday(month: 1, weekday: 1, n: 3, plusDays: 0)), ["mlk day", "mlk jr day", "mlk", "martin luther king day", "martin luther king jr day",
                                                                            "martin luther king's day", "martin luther kings day", "martin luther king jr's day",
                                                                            "civil rights day"]),
        (Holiday(rule: .nthWeekday(month: 2, weekday: 1, n: 3, plusDays: 0)), ["presidents day", "presidents' day", "president's day", "washington's birthday"]),
        (Holiday(rule: .nthWeekday(month: 5, weekday: 1, n: -1, plusDays: 0)), ["memorial day"]),
        (Holiday(rule: .nthWeekday(month: 9, weekday: 1, n: 1, plusDays: 0)), ["labor day"]),
        (Holiday(rule: .nthWeekday(month: 10, weekday: 1, n: 2, plusDays: 0)), ["columbus day", "indigenous peoples day", "indigenous peoples' day"]),
        (Holiday(rule: .nthWeekday(month: 5, weekday: 7, n: 2, plusDays: 0)), ["mother's day", "mothers day", "mothers' day", "mom's day"]),
        (Holiday(rule: .nthWeekday(month: 6, weekday: 7, n: 3, plusDays: 0)), ["father's day", "fathers day", "fathers' day", "dad's day"]),
        (Holiday(rule: .nthWeekday(month: 4, weekday: 5, n: -1, plusDays: 0), days: 3), ["global youth service day", "gysd"]),
        (Holiday(rule: .earthHour), ["earth hour"]),
        // Easter and the days computed from it
        (Holiday(rule: .easter(offset: 0)), ["easter", "easter sunday", "easter day"]),
        (Holiday(rule: .easter(offset: 1)), ["easter monday", "easter mon"]),
        (Holiday(rule: .easter(offset: -1)), ["holy saturday", "easter saturday", "easter eve"]),
        (Holiday(rule: .easter(offset: -2)), ["good friday", "great friday", "holy friday"]),
        (Holiday(rule: .easter(offset: -3)), ["maundy thursday", "holy thursday", "covenant thursday", "covenant thu", "thursday of mysteries", "thu of mysteries"]),
        (Holiday(rule: .easter(offset: -7)), ["palm sunday", "branch sunday", "passion sunday"]),
        (Holiday(rule: .easter(offset: -46)), ["ash wednesday"]),
        (Holiday(rule: .easter(offset: -21)), ["mothering sunday"]),
        (Holiday(rule: .easter(offset: -47)), ["mardi gras", "shrove tuesday", "pancake day", "pancake tuesday", "fat tuesday"]),
        (Holiday(rule: .easter(offset: -46), days: 46), ["lent"]),
        (Holiday(rule: .easter(offset: 39)), ["ascension day", "ascension thursday", "feast of the ascension"]),
        (Holiday(rule: .easter(offset: 49)), ["pentecost", "whit sunday", "whitsunday", "white sunday", "whitsun", "pentecost sunday"]),
        (Holiday(rule: .easter(offset: 50)), ["whit monday", "whitmonday", "pentecost monday", "monday of the holy spirit"]),
        (Holiday(rule: .easter(offset: 56)), ["trinity sunday"]),
        (Holiday(rule: .easter(offset: 60)), ["corpus christi"]),
        (Holiday(rule: .orthodoxEaster(offset: 0)), ["orthodox easter", "orthodox easter sunday", "pascha"]),
        (Holiday(rule: .orthodoxEaster(offset: 1)), ["orthodox easter monday"]),
        (Holiday(rule: .orthodoxEaster(offset: -2)), ["orthodox good friday", "orthodox great friday", "orthodox holy friday"]),
        (Holiday(rule: .orthodoxEaster(offset: -8)), ["lazarus saturday"]),
        (Holiday(rule: .orthodoxEaster(offset: -48)), ["clean monday", "orthodox shrove monday", "ash monday", "pure monday"]),
        (Holiday(rule: .orthodoxEaster(offset: -48), days: 40), ["great fast", "great lent"]),
        // Jewish holidays, from their eve
        (Holiday(rule: .hebrew(month: 1, day: 1, shift: .none), days: 2, startsOnEve: true), ["rosh hashanah", "rosh hashana", "rosh hashanna", "rosh hoshana", "jewish new year"]),
        (Holiday(rule: .hebrew(month: 1, day: 10, shift: .none), startsOnEve: true), ["yom kippur", "day of atonement"]),
        (Holiday(rule: .hebrew(month: 1, day: 15, shift: .none), days: 8, startsOnEve: true), ["sukkot", "succos", "sukkos", "succot", "feast of the ingathering", "feast of tabernacles", "feast of booths"]),
        (Holiday(rule: .hebrew(month: 1, day: 22, shift: .none), startsOnEve: true), ["shemini atzeret", "shmini atzeret"]),
        (Holiday(rule: .hebrew(month: 1, day: 23, shift: .none), startsOnEve: true), ["simchat torah", "simchas torah", "simhat torah"]),
        (Holiday(rule: .hebrew(month: 3, day: 25, shift: .none), days: 7, startsOnEve: true), ["chanukah", "hanukkah", "hanukah", "hannukkah", "hannukah", "chanukkah", "hanuka", "chanuka", "hanukka"]),
        (Holiday(rule: .hebrew(month: 5, day: 15, shift: .none), startsOnEve: true), ["tu bishvat", "tu bshvat", "tu b'shvat", "tu b'shevat"]),
        (Holiday(rule: .hebrew(month: 7, day: 14, shift: .none), startsOnEve: true), ["purim"]),
        (Holiday(rule: .hebrew(month: 7, day: 15, shift: .none), startsOnEve: true), ["shushan purim"]),
        (Holiday(rule: .hebrew(month: 8, day: 15, shift: .none), days: 8, startsOnEve: true), ["passover", "pesach", "pesah"]),
        (Holiday(rule: .hebrew(month: 8, day: 27, shift: .yomHashoah), startsOnEve: true), ["yom hashoah", "yom hashoa", "holocaust day", "holocaust remembrance day"]),
        (Holiday(rule: .hebrew(month: 9, day: 5, shift: .yomHaatzmaut), startsOnEve: true), ["yom haatzmaut", "yom ha'atzmaut", "israel independence day"]),
        (Holiday(rule: .hebrew(month: 9, day: 18, shift: .none), startsOnEve: true), ["lag b'omer", "lag baomer", "lag ba'omer", "lag bomer"]),
        (Holiday(rule: .hebrew(month: 10, day: 6, shift: .none), days: 2, startsOnEve: true), ["shavuot", "shavuos", "shavuoth"]),
        (Holiday(rule: .hebrew(month: 12, day: 9, shift: .avoidSaturday), startsOnEve: true), ["tisha b'av", "tisha bav", "tisha be'av", "tish'a b'av"]),
        // Islamic holidays (Umm al-Qura calendar)
        (Holiday(rule: .islamic(month: 10, day: 1)), ["eid al-fitr", "eid al fitr", "eid ul-fitr", "eid ul fitr", "id ul-fitr", "id al-fitr", "eid-ul-fitr"]),
        (Holiday(rule: .islamic(month: 12, day: 10)), ["eid al-adha", "eid al adha", "eid ul-adha", "id ul-adha", "id al-adha", "sacrifice feast", "feast of the sacrifice",
                                                       "bakr id", "bakri id", "bakrid", "eid-ul-adha"]),
        (Holiday(rule: .islamic(month: 3, day: 12)), ["mawlid", "mawlid al-nabawi", "mawlid an-nabi", "mawlid al nabi", "milad un nabi", "prophet's birthday"]),
        (Holiday(rule: .islamic(month: 1, day: 1)), ["islamic new year", "hijri new year", "arabic new year", "amun jadid", "ras as-sana al-hijriya"]),
        (Holiday(rule: .islamic(month: 1, day: 10)), ["ashura", "day of ashura", "ashoura"]),
        (Holiday(rule: .islamic(month: 9, day: 27)), ["laylat al-qadr", "laylat al qadr", "laylat al-kadr", "laylat al kadr", "lailat al qadr", "night of power",
                                                      "night of measures", "night of destiny", "night of decree"]),
        (Holiday(rule: .islamic(month: 7, day: 27)), ["isra and mi'raj", "isra and miraj", "isra' and mi'raj", "al isra wal miraj", "the prophet's ascension", "prophet's ascension",
                                                      "the night journey", "night journey", "ascension to heaven"]),
        (Holiday(rule: .lastFridayOfRamadan), ["jumu'atul-wida", "jumu'atul wida", "jumuatul wida", "jamat ul-vida", "jamat ul vida", "jumat ul vida"]),
        (Holiday(rule: .islamicMonth(9)), ["ramadan", "ramadhan", "ramazan", "ramzan"]),
        // Chinese calendar
        (Holiday(rule: .chineseNewYear), ["chinese new year", "chinese new years", "chinese new year's day", "chinese lunar new year", "chinese lunar new year's day",
                                          "lunar new year", "spring festival"]),
        // Hindu solar calendar: the Sun's entry into Makara (Capricorn) and Mesha (Aries)
        (Holiday(rule: .solar(sign: 9, offset: 0, bengali: false)), ["makar sankranti", "makara sankranti", "makara sankranthi", "makar sankranthi", "sankranti",
                                                                     "pongal", "thai pongal", "maghi", "uttarayan", "uttarayana"]),
        (Holiday(rule: .solar(sign: 9, offset: -1, bengali: false)), ["bhogi", "bogi", "bogi pandigai", "bhogi pandigai", "lohri"]),
        (Holiday(rule: .solar(sign: 9, offset: 1, bengali: false)), ["maattu pongal", "mattu pongal", "mattu pongal day"]),
        (Holiday(rule: .solar(sign: 9, offset: 2, bengali: false)), ["kaanum pongal", "kanum pongal", "kanni pongal"]),
        (Holiday(rule: .solar(sign: 0, offset: 0, bengali: false)), ["vaisakhi", "baisakhi", "vasakhi", "vaishakhi", "mesha sankranti", "mesha sankranthi"]),
        (Holiday(rule: .solar(sign: 0, offset: 0, bengali: true)), ["pohela boishakh", "pahela baishakh", "poila baisakh", "bengali new year"]),
        (Holiday(rule: .solar(sign: 0, offset: 24, bengali: true)), ["rabindra jayanti", "rabindranath jayanti", "tagore jayanti", "rabindra jayanthi"]),
        // Hindu lunisolar calendar (HinduCalendar): month 1 Chaitra … 12 Phalguna, tithi 1–15
        // the bright fortnight, 16–30 the dark one, at the moment each festival's custom names
        (lunar(1, 1), ["ugadi", "yugadi", "gudi padwa", "chaitra sukladi", "chaitra sukhladi", "samvatsaradi"]),
        (lunar(1, 1, days: 9), ["chaitra navratri", "chaitra navaratri"]),
        (lunar(1, 9, .midday), ["rama navami", "ram navami"]),
        (lunar(1, 13), ["mahavir jayanti", "mahaveer jayanti", "mahavir janma kalyanak", "mahaveer janma kalyanak"]),
        (lunar(1, 15), ["hanuman jayanti"]),
        (lunar(2, 15), ["vesak", "vaisakha", "buddha day", "buddha purnima", "buddha jayanti"]),
        (lunar(4, 2), ["rath yatra", "ratha yatra"]),
        (lunar(5, 15, .sunriseHeld), ["raksha bandhan", "rakhi"]),
        (lunar(5, 23, .midnight), ["janmashtami", "krishna janmashtami", "gokulashtami", "krishna jayanti"]),
        (lunar(6, 4, .midday), ["ganesh chaturthi", "ganesha chaturthi", "vinayaka chaturthi"]),
        (lunar(7, 1, days: 9), ["navaratri", "navratri", "durga puja"]),
        (lunar(7, 7), ["maha saptami"]),
        (lunar(7, 8), ["maha ashtami", "durga ashtami"]),
        (lunar(7, 9), ["maha navami"]),
        (lunar(7, 10, .afternoon), ["dussehra", "dasara", "vijayadashami"]),
        (lunar(7, 15), ["valmiki jayanti", "maharishi valmiki jayanti", "pargat diwas"]),
        (lunar(7, 19, .moonrise), ["karva chauth", "karwa chauth"]),
        (lunar(7, 28, .pradosh), ["dhanteras", "dhanatrayodashi"]),
        // The dark fourteenth: its night for Kali Chaudas, the day before Diwali; its dawn for Naraka Chaturdashi.
        (lunar(7, 29, .midnight), ["kali chaudas", "choti diwali", "chhoti diwali"]),
        (lunar(7, 29), ["naraka chaturdashi", "narak chaturdashi"]),
        (lunar(7, 30, .pradosh), ["diwali", "deepavali", "deepawali", "divali", "lakshmi puja", "laxmi puja"]),
        (lunar(8, 1), ["govardhan puja"]),
        (lunar(8, 2, .afternoon), ["bhai dooj", "bhaiya dooj", "bhau beej"]),
        (lunar(8, 6), ["chhath", "chhath puja", "surya shashthi", "dala puja"]),
        (lunar(8, 15), ["guru nanak jayanti", "guru nanak birthday", "gurpurab"]),
        (lunar(10, 7), ["guru gobind singh jayanti", "guru govind singh jayanti", "guru gobind singh birthday"]),
        (lunar(11, 5), ["vasant panchami", "basant panchami", "saraswati puja", "saraswati jayanti"]),
        (lunar(11, 15), ["guru ravidas jayanti", "guru ravidass jayanti", "guru ravidas birthday", "guru ravidass birthday"]),
        (lunar(11, 25), ["dayananda saraswati jayanti", "dayanand saraswati jayanti"]),
        (lunar(11, 29, .midnight), ["maha shivaratri", "mahashivaratri", "maha shivratri", "shivaratri"]),
        (lunar(12, 15, .afterBhadra), ["holika dahan", "chhoti holi", "choti holi", "kamudu pyre"]),
        (lunar(12, 15, .afterBhadra, plusDays: 1), ["holi", "dhulandi", "phagwah"]),
        (Holiday(rule: .onam), ["onam", "thiru onam", "thiruvonam"]),
        // Zoroastrian (Shahenshahi) calendar
        (Holiday(rule: .parsiNewYear), ["parsi new year", "parsi new year's day", "jamshedi navroz", "jamshedi navroze"]),
    ]

    /// A festival of the Hindu lunisolar calendar: `tithi` of lunar `month` (1 Chaitra … 12
    /// Phalguna) where it holds at `moment`.
    private static func lunar(_ month: Int, _ tithi: Int, _ moment: HinduCalendar.Moment = .sunrise, plusDays: Int = 0, days: Int = 1) -> Holiday {
        Holiday(rule: .lunar(month: month, tithi: tithi, moment: moment, plusDays: plusDays), days: days)
    }

    /// Names that are also plain phrases ("how long is an earth day", "new year's
    /// resolutions", "happy new year"): a holiday only alone, or with a year, a preposition or
    /// other date words ("on new year", "what's on new year's").
    static let weakHolidayNames: Set<String> = ["earth day", "st patrick", "saint patrick", "st patricks", "saint patricks",
                                                "new year", "new years", "new year's", "family day", "day of the dead", "epiphany", "guy fawkes",
                                                "rakhi"]

    /// Names that are also people's: after "with" or "and" a person ("lunch with Rakhi on
    /// Friday", "Ana and Rakhi"), not the day.
    static let holidayNamesOfPeople: Set<String> = ["rakhi"]

    /// A holiday's names as few rules as read the same: two names that differ in one word
    /// only are one rule with both words there ("st patrick's day" and "saint patrick's day":
    /// `st|saint patrick ' s day`; "diwali", "deepavali" and "divali": one `.words`), merged
    /// again while any two do, which never reads a name that was not listed. A chart of a
    /// holiday phrase clears a stamp per rule of its stage (BENCHMARKS.md, "Hindu festivals").
    static let holidays: [Rule] = holidayNames.flatMap { holiday, names in
        var patterns: [NamePattern] = []
        for name in names {
            let tokens = nameTokens(name)
            var pattern = NamePattern(words: tokens.map { [$0.text] }, symbols: tokens.map { $0.kind == .symbol },
                                      latent: weakHolidayNames.contains(name), person: holidayNamesOfPeople.contains(name))
            while let i = patterns.firstIndex(where: { $0.differingWord(from: pattern) != nil }) {
                let other = patterns.remove(at: i)
                let position = other.differingWord(from: pattern)!
                pattern.words[position] = other.words[position] + pattern.words[position].filter { !other.words[position].contains($0) }
            }
            patterns.append(pattern)
        }
        return patterns.map { holidayRule(holiday, $0.elements, latent: $0.latent, person: $0.person) }
    }

    /// Holiday names read by one rule: the words each position may hold.
    private struct NamePattern {
        var words: [[String]]
        /// Which positions are a symbol (an apostrophe), not a word.
        var symbols: [Bool]
        var latent: Bool
        var person: Bool

        /// The one word position at which `other` differs from this pattern, when it is the
        /// only difference (so that the two are one pattern with both words there).
        func differingWord(from other: NamePattern) -> Int? {
            guard words.count == other.words.count, symbols == other.symbols, latent == other.latent, person == other.person else { return nil }
            var differing: Int?
            // (The same words in any order; a position holds a handful, so no set is made.)
            for i in words.indices where words[i].count != other.words[i].count || !words[i].allSatisfy(other.words[i].contains) {
                guard differing == nil, !symbols[i] else { return nil }
                differing = i
            }
            return differing
        }

        /// The pattern's elements, with what may come between words.
        var elements: [Element] {
            var pattern: [Element] = []
            pattern.reserveCapacity(words.count * 2)
            for (i, choices) in words.enumerated() {
                if i > 0 { pattern.append(DateRules.holidayNameJoiner) }
                pattern.append(symbols[i] ? Element.symbol(choices[0]) : choices.count == 1 ? Element.word(choices[0]) : Element.words(choices))
            }
            return pattern
        }
    }

    /// The words and symbols each holiday name's rule matches (`holidayRule`), without
    /// making the rules: the everyday grammar's vocabulary holds them.
    static let holidayNameWords: [[String]] = holidayNames.flatMap { _, names in
        names.map(nameWords)
    }

    /// The texts of `nameTokens(name)`. A name of lower-case letters and single spaces (most
    /// of them) is split at its spaces, which is what the tokenizer makes of it, at a fifth of
    /// the cost: the ~330 names are read at every start, on the grammar's thread
    /// (BENCHMARKS.md, "Start-up").
    static func nameWords(_ name: String) -> [String] {
        var name = name
        let plain = name.withUTF8 { bytes -> [String]? in
            var words: [String] = []
            // (Sized once: grown word by word, the ~330 names' lists were reallocated 700 times.)
            var spaces = 0
            for byte in bytes where byte == 0x20 { spaces += 1 }
            words.reserveCapacity(spaces + 1)
            var start = 0
            for i in 0...bytes.count {
                if i == bytes.count || bytes[i] == 0x20 {
                    guard (1...32).contains(i - start) else { return nil }
                    words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                    start = i + 1
                } else if !(0x61...0x7A).contains(bytes[i]) {
                    return nil
                }
            }
            return words
        }
        return plain ?? nameTokens(name).map(\.text)
    }

    /// A name's tokens as its rule matches them: its words, and apostrophes.
    static func nameTokens(_ name: String) -> [Token] {
        Tokenizer.tokens(name).filter { $0.kind != .symbol || $0.text == "'" }
    }

    /// What may come between the words of a holiday's name, and after it: one element each,
    /// shared by the ~330 holiday rules instead of made again for each.
    private static let holidayNameJoiner = Element.symbols([".", "-"]).opt
    private static let holidayNameEnd = Element.symbol(".").touching.opt

    private static func holidayRule(_ holiday: Holiday, _ name: [Element], latent: Bool, person: Bool) -> Rule {
        let pattern = name + [holidayNameEnd]
        return Rule("holiday", pattern, role: "date") { m in
            if person, m.captures[0] > 0, ["with", "and"].contains(m.tokens[Int(m.captures[0] >> 1) - 1].text) { return nil }
            var t = TimeValue.date(.holiday(holiday), .day)
            if case .earthHour = holiday.rule {
                t.grain = .minute
                t.hasClock = true
            }
            t.isStretch = holiday.days > 1 || t.hasClock
            return .time(consume t, latent: latent)
        }
    }
}
