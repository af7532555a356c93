/// Time zones a person names after a time: "8am JST", "9:00 PST", "10am London time",
/// "15:00 UTC+2". The time is read in that zone and shown in the reference zone.
extension DateRules {
    /// Abbreviations with the fixed offset they stand for (minutes east of UTC).
    static let zoneAbbreviations: [String: Int] = [
        "utc": 0, "gmt": 0, "z": 0, "zulu": 0, "wet": 0, "west": 60,
        "bst": 60, "ist": 330, "cet": 60, "cest": 120, "met": 60, "mest": 120, "eet": 120, "eest": 180, "msk": 180,
        "est": -300, "edt": -240, "cst": -360, "cdt": -300, "mst": -420, "mdt": -360, "pst": -480, "pdt": -420,
        "akst": -540, "akdt": -480, "hst": -600, "ast": -240, "adt": -180, "nst": -210, "ndt": -150,
        "jst": 540, "kst": 540, "hkt": 480, "sgt": 480, "awst": 480, "acst": 570, "acdt": 630,
        "aest": 600, "aedt": 660, "nzst": 720, "nzdt": 780, "wib": 420, "ict": 420, "pkt": 300, "gst": 240,
        "brt": -180, "art": -180,
    ]

    /// Zones that follow daylight saving, by the names people use for them.
    static let zoneNames: [String: String] = [
        "et": "America/New_York", "eastern": "America/New_York",
        "ct": "America/Chicago", "central": "America/Chicago",
        "mt": "America/Denver", "mountain": "America/Denver",
        "pt": "America/Los_Angeles", "pacific": "America/Los_Angeles",
    ]

    /// Places, for "London time": one word, or the first word of two.
    static let zoneCities: [String: String] = [
        "london": "Europe/London", "paris": "Europe/Paris", "madrid": "Europe/Madrid", "barcelona": "Europe/Madrid",
        "berlin": "Europe/Berlin", "rome": "Europe/Rome", "amsterdam": "Europe/Amsterdam", "brussels": "Europe/Brussels",
        "lisbon": "Europe/Lisbon", "dublin": "Europe/Dublin", "zurich": "Europe/Zurich", "vienna": "Europe/Vienna",
        "stockholm": "Europe/Stockholm", "oslo": "Europe/Oslo", "copenhagen": "Europe/Copenhagen",
        "helsinki": "Europe/Helsinki", "warsaw": "Europe/Warsaw", "prague": "Europe/Prague", "athens": "Europe/Athens",
        "istanbul": "Europe/Istanbul", "moscow": "Europe/Moscow", "kyiv": "Europe/Kyiv", "kiev": "Europe/Kyiv",
        "chicago": "America/Chicago", "denver": "America/Denver", "phoenix": "America/Phoenix",
        "seattle": "America/Los_Angeles", "boston": "America/New_York", "toronto": "America/Toronto",
        "vancouver": "America/Vancouver", "montreal": "America/Toronto", "houston": "America/Chicago",
        "dallas": "America/Chicago", "atlanta": "America/New_York", "miami": "America/New_York",
        "honolulu": "Pacific/Honolulu", "hawaii": "Pacific/Honolulu", "anchorage": "America/Anchorage",
        "tokyo": "Asia/Tokyo", "japan": "Asia/Tokyo", "beijing": "Asia/Shanghai", "shanghai": "Asia/Shanghai",
        "china": "Asia/Shanghai", "singapore": "Asia/Singapore", "seoul": "Asia/Seoul", "korea": "Asia/Seoul",
        "sydney": "Australia/Sydney", "melbourne": "Australia/Melbourne", "brisbane": "Australia/Brisbane",
        "perth": "Australia/Perth", "auckland": "Pacific/Auckland", "delhi": "Asia/Kolkata", "mumbai": "Asia/Kolkata",
        "india": "Asia/Kolkata", "bangalore": "Asia/Kolkata", "kolkata": "Asia/Kolkata", "dubai": "Asia/Dubai",
        "bangkok": "Asia/Bangkok", "jakarta": "Asia/Jakarta", "manila": "Asia/Manila", "taipei": "Asia/Taipei",
        "cairo": "Africa/Cairo", "johannesburg": "Africa/Johannesburg", "lagos": "Africa/Lagos", "nairobi": "Africa/Nairobi",
        "jerusalem": "Asia/Jerusalem", "uk": "Europe/London", "utc": "UTC", "gmt": "UTC",
        "edinburgh": "Europe/London", "manchester": "Europe/London", "munich": "Europe/Berlin", "frankfurt": "Europe/Berlin",
        "hamburg": "Europe/Berlin", "milan": "Europe/Rome", "geneva": "Europe/Zurich", "budapest": "Europe/Budapest",
        "bucharest": "Europe/Bucharest", "austin": "America/Chicago", "detroit": "America/Detroit",
        "philadelphia": "America/New_York", "minneapolis": "America/Chicago", "calgary": "America/Edmonton",
        "riyadh": "Asia/Riyadh", "karachi": "Asia/Karachi", "dhaka": "Asia/Dhaka", "hanoi": "Asia/Bangkok",
        "lima": "America/Lima", "bogota": "America/Bogota", "santiago": "America/Santiago", "tehran": "Asia/Tehran",
    ]
    /// Cities by their short names, only ever before "time" ("9am NYC time", "3pm SF time"):
    /// not in `zoneCities`, which the router also asks for places ("la piazza" is none).
    static let zoneCityShortNames: [String: String] = [
        "nyc": "America/New_York", "ny": "America/New_York", "sf": "America/Los_Angeles", "la": "America/Los_Angeles",
        "dc": "America/New_York",
    ]
    static let twoWordCities: [String: String] = [
        "new york": "America/New_York", "los angeles": "America/Los_Angeles", "san francisco": "America/Los_Angeles",
        "hong kong": "Asia/Hong_Kong", "mexico city": "America/Mexico_City", "sao paulo": "America/Sao_Paulo",
        "buenos aires": "America/Argentina/Buenos_Aires", "tel aviv": "Asia/Jerusalem", "cape town": "Africa/Johannesburg",
        "san diego": "America/Los_Angeles", "las vegas": "America/Los_Angeles", "kuala lumpur": "Asia/Kuala_Lumpur",
    ]

    /// IANA names people paste after a time ("3pm Europe/Berlin"), the usual ones: the
    /// reader's words are a closed list, so the tz database's ~400 names are not all known.
    /// Looked up in lower case ("europe/berlin"); the name is the database's.
    static let ianaNames: [String: String] = {
        var table: [String: String] = [:]
        for (area, cities) in ianaAreaCities {
            for city in cities { table[(area + "/" + city).lowercased()] = area + "/" + city }
        }
        return table
    }()
    /// The areas of `ianaNames` and their cities, as the database writes them.
    private static let ianaAreaCities: [(String, [String])] = [
        ("Europe", ["London", "Paris", "Madrid", "Berlin", "Rome", "Amsterdam", "Brussels", "Lisbon", "Dublin", "Zurich", "Vienna",
                    "Stockholm", "Oslo", "Copenhagen", "Helsinki", "Warsaw", "Prague", "Athens", "Istanbul", "Moscow", "Kyiv", "Kiev",
                    "Budapest", "Bucharest", "Belgrade", "Sofia", "Riga", "Vilnius", "Tallinn", "Luxembourg", "Monaco", "Malta",
                    "Minsk", "Zagreb", "Ljubljana", "Bratislava", "Andorra", "Gibraltar"]),
        ("America", ["New_York", "Chicago", "Denver", "Phoenix", "Los_Angeles", "Anchorage", "Toronto", "Vancouver", "Montreal",
                     "Halifax", "St_Johns", "Mexico_City", "Bogota", "Lima", "Santiago", "Caracas", "Sao_Paulo", "Buenos_Aires",
                     "Havana", "Panama", "Puerto_Rico", "Detroit", "Edmonton", "Winnipeg", "Regina", "Montevideo", "La_Paz"]),
        ("Asia", ["Tokyo", "Seoul", "Shanghai", "Hong_Kong", "Singapore", "Kolkata", "Calcutta", "Dubai", "Bangkok", "Jakarta",
                  "Manila", "Taipei", "Karachi", "Dhaka", "Kathmandu", "Tehran", "Jerusalem", "Tel_Aviv", "Riyadh", "Qatar",
                  "Baghdad", "Kabul", "Tashkent", "Almaty", "Ho_Chi_Minh", "Kuala_Lumpur", "Yangon", "Colombo", "Beirut"]),
        ("Africa", ["Cairo", "Johannesburg", "Lagos", "Nairobi", "Casablanca", "Accra", "Algiers", "Tunis", "Addis_Ababa"]),
        ("Australia", ["Sydney", "Melbourne", "Brisbane", "Perth", "Adelaide", "Darwin", "Hobart"]),
        ("Pacific", ["Auckland", "Honolulu", "Fiji", "Guam"]),
        ("Atlantic", ["Reykjavik", "Azores", "Canary"]),
    ]
    /// The words of `ianaNames`: areas, and the words of their cities ("new", "york"), read
    /// from the list and cut at the underscore byte (split by characters from the names,
    /// they cost 2.6 M instructions of the grammar's build at every start).
    static let ianaAreas = Set(ianaAreaCities.map { $0.0.lowercased() })
    static let ianaCityWords: Set<String> = {
        var words: [String] = []
        for (_, cities) in ianaAreaCities {
            for city in cities { city.lowercased().asciiWords(cutAt: UInt8(ascii: "_"), into: &words) }
        }
        return Set(words)
    }()

    static let zones: [Rule] = [
        Rule("zone-abbreviation", [.words(Set(zoneAbbreviations.keys))], role: "zone") { m in
            let w = m.word(0)!
            return .zone(StatedZone(name: w.uppercased(), secondsFromGMT: zoneAbbreviations[w]! * 60))
        },
        // UTC+2, GMT-05:00, UTC +5:30
        Rule("zone-offset", [.words(["utc", "gmt"]), .symbols(["+", "-"]), .digits { $0.digitCount <= 4 },
                             Element.symbol(":").touching.opt, Element.digits { $0.digitCount == 2 }.touching.opt], role: "zone") { m in
            var hours = m.digits(2), minutes = m.has(4) ? m.digits(4) : 0
            if m.token(2)!.digitCount > 2 { (hours, minutes) = (hours / 100, hours % 100) }
            guard hours <= 14, minutes < 60 else { return nil }
            let sign = m.word(1) == "-" ? -1 : 1
            let name = "\(m.word(0)!.uppercased())\(m.word(1)!)\(hours)" + (minutes > 0 ? ":\(minutes)" : "")
            return .zone(StatedZone(name: name, secondsFromGMT: sign * (hours * 3600 + minutes * 60)))
        },
        // 14:30 +0100, 09:00:00 -0500, 2pm +05:30: the offset from UTC after a clock, as mail
        // headers and logs write it (`time-zone` joins the two); apart from what comes before,
        // touching its digits, and after a dash only with a leading zero ("10:00 -11:00" is a
        // range, see `looksLikeOffset`)
        Rule("zone-numeric-offset", [.symbols(["+", "-"]), Element.digits { $0.digitCount == 4 || $0.digitCount == 2 }.touching,
                                     Element.symbol(":").touching.opt, Element.digits { $0.digitCount == 2 }.touching.opt], role: "zone") { m in
            guard m.token(0)!.spaceBefore, m.has(2) == m.has(3), (m.token(1)!.digitCount == 4) != m.has(2),
                  m.word(0) == "+" || m.word(1)!.hasPrefix("0") else { return nil }
            let (hours, minutes) = m.has(2) ? (m.digits(1), m.digits(3)) : (m.digits(1) / 100, m.digits(1) % 100)
            guard hours <= 14, minutes % 15 == 0, minutes < 60 else { return nil }
            let sign = m.word(0) == "-" ? -1 : 1
            return .zone(StatedZone(name: "UTC\(m.word(0)!)\(hours)" + (minutes > 0 ? ":\(minutes)" : ""), secondsFromGMT: sign * (hours * 3600 + minutes * 60)))
        },
        Rule("zone-name", [.words(Set(zoneNames.keys)), Element.words(["time", "standard", "daylight"]).opt, Element.word("time").opt], role: "zone") { m in
            let w = m.word(0)!
            // "ET" alone, or "Eastern time": the long names need "time".
            if w.count > 2, !m.has(1) { return nil }
            return .zone(StatedZone(name: w.uppercased(), identifier: zoneNames[w]!))
        },
        Rule("zone-city", [.words(Set(zoneCities.keys)), .word("time")], role: "zone") { m in
            let w = m.word(0)!
            return .zone(StatedZone(name: w.prefix(1).uppercased() + w.dropFirst(), identifier: zoneCities[w]!))
        },
        Rule("zone-city-short", [.words(Set(zoneCityShortNames.keys)), .word("time")], role: "zone") { m in
            let w = m.word(0)!
            return .zone(StatedZone(name: w.uppercased(), identifier: zoneCityShortNames[w]!))
        },
        // Central European Time, Eastern European Summer Time, Greenwich Mean Time: the long
        // names of CET, EEST, GMT ("central" alone is Chicago's)
        Rule("zone-european", [.words(["central", "eastern", "western", "greenwich", "british"]), .words(["european", "mean", "summer"]),
                               Element.words(["summer", "standard"]).opt, .word("time")], role: "zone") { m in
            let region = m.word(0)!, kind = m.word(1)!
            let summer = kind == "summer" || m.word(2) == "summer"
            let name: String
            switch (region, kind) {
            case ("central", "european"): name = summer ? "cest" : "cet"
            case ("eastern", "european"): name = summer ? "eest" : "eet"
            case ("western", "european"): name = summer ? "west" : "wet"
            case ("greenwich", "mean") where !m.has(2): name = "gmt"
            case ("british", "summer") where !m.has(2): name = "bst"
            default: return nil
            }
            return .zone(StatedZone(name: name.uppercased(), secondsFromGMT: zoneAbbreviations[name]! * 60))
        },
        Rule("zone-city-pair", [.words(Set(twoWordCities.keys.map { String($0.split(separator: " ")[0]) })), .words(Set(twoWordCities.keys.map { String($0.split(separator: " ")[1]) })), .word("time")], role: "zone") { m in
            let key = m.word(0)! + " " + m.word(1)!
            guard let id = twoWordCities[key] else { return nil }
            return .zone(StatedZone(name: key.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "), identifier: id))
        },
    ]

    /// The zone names of `zones` that are more than the zone: "Europe/Berlin" pasted whole,
    /// and a city in brackets after a time ("3pm (London)").
    static let zoneForms: [Rule] = [
        // Europe/Berlin, America/New_York, Asia/Ho_Chi_Minh: written without spaces.
        Rule("zone-iana", [.words(ianaAreas), Element.symbol("/").touching, Element.words(ianaCityWords).touching,
                           Element.symbol("_").touching.opt, Element.words(ianaCityWords).touching.opt,
                           Element.symbol("_").touching.opt, Element.words(ianaCityWords).touching.opt], role: "zone") { m in
            guard m.has(3) == m.has(4), m.has(5) == m.has(6), m.has(4) || !m.has(6) else { return nil }
            var key = m.word(0)! + "/" + m.word(2)!
            if m.has(4) { key += "_" + m.word(4)! }
            if m.has(6) { key += "_" + m.word(6)! }
            guard let id = ianaNames[key] else { return nil }
            return .zone(StatedZone(name: id, identifier: id))
        },
        Rule("zone-city-bracketed", [.symbol("("), .words(Set(zoneCities.keys)), .symbol(")")], role: "zone") { m in
            let w = m.word(1)!
            return .zone(StatedZone(name: w.prefix(1).uppercased() + w.dropFirst(), identifier: zoneCities[w]!))
        },
    ]

    static let zoneAttachments: [Rule] = [
        // 8am JST, 9:00 (BST), 10am London time, 9:30 - 11:00 CST
        // (a part of the day too: "Friday evening PST")
        Rule("time-zone", [.anyTime { ($0.hasClock || $0.hasDayPart) && $0.zone == nil && $0.openBound == nil && $0.fromNow == nil }, Element.symbol("(").opt, .zone, Element.symbol(")").opt], role: nil) { m in
            guard m.has(1) == m.has(3) else { return nil }
            var t = m.time(0)
            t.zone = m.zone(2)
            return .time(t)
        },
        // "3 my time", "3pm your time", "9am local time": the reference's own zone, said so
        // the other person knows whose clock; no zone is changed and the words leave the title.
        Rule("time-my-time", [.anyTime { $0.hasClock && $0.zone == nil && $0.openBound == nil && $0.fromNow == nil }, .words(["my", "your", "local"]), .word("time")], role: nil) { m in
            .time(m.time(0))
        },
        // "2pm eastern", "10am pacific": the long names alone, right after a clock time
        // (elsewhere they need "time": "the pacific coast", "eastern europe").
        Rule("time-zone-name", [.anyTime { $0.hasClock && $0.zone == nil && $0.openBound == nil && $0.fromNow == nil }, .words(["eastern", "pacific"])], role: nil) { m in
            var t = m.time(0)
            t.zone = StatedZone(name: m.word(1)!.uppercased(), identifier: zoneNames[m.word(1)!]!)
            return .time(t)
        },
    ]
}
