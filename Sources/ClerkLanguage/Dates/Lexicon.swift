/// The words the date reader knows, in one place.
enum Lexicon {
    static let units: [String: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
        "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
        "nineteen": 19,
    ]
    static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60,
        "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    static let ordinalUnits: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
        "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
        "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17,
        "eighteenth": 18, "nineteenth": 19,
    ]
    static let ordinalTens: [String: Int] = [
        "twentieth": 20, "thirtieth": 30,
    ]
    /// Decades in words ("the nineties"); "tens" and "noughties" are left (a count, slang).
    static let decades: [String: Int] = [
        "twenties": 20, "thirties": 30, "forties": 40, "fifties": 50, "sixties": 60,
        "seventies": 70, "eighties": 80, "nineties": 90,
    ]
    static let ordinalSuffixes: Set<String> = ["st", "nd", "rd", "th"]

    static let months: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
        "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
        "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
        "december": 12, "dec": 12,
    ]
    /// Month names that are also everyday words: read alone only when they are the whole text.
    static let ambiguousMonths: Set<String> = ["may", "march", "mar", "jan", "sep", "dec", "jun"]

    static let weekdays: [String: Int] = [
        "monday": 1, "mon": 1,
        "tuesday": 2, "tue": 2, "tues": 2,
        "wednesday": 3, "wed": 3, "weds": 3, "wensday": 3, "wedsday": 3, "wendsday": 3,
        "thursday": 4, "thu": 4, "thur": 4, "thurs": 4,
        "friday": 5, "fri": 5,
        "saturday": 6, "sat": 6,
        "sunday": 7, "sun": 7,
    ]
    static let pluralWeekdays: [String: Int] = [
        "mondays": 1, "tuesdays": 2, "wednesdays": 3, "thursdays": 4, "fridays": 5, "saturdays": 6, "sundays": 7,
    ]
    static let ambiguousWeekdays: Set<String> = ["sun", "sat", "wed", "mon"]
    /// True when the tokens at `i` are "m-f" written as one word (Monday to Friday).
    static func isMondayToFriday<C: RandomAccessCollection<Token>>(_ tokens: C, at i: Int) -> Bool where C.Index == Int {
        i + 2 < tokens.count && tokens[i].text == "m" && tokens[i + 1].text == "-" && !tokens[i + 1].spaceBefore
            && tokens[i + 2].text == "f" && !tokens[i + 2].spaceBefore
    }
    static let weekdayCodes = ["", "MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// Duration units and the grain they count in.
    static let durationUnits: [String: Grain] = [
        "second": .second, "seconds": .second, "sec": .second, "secs": .second, "s": .second,
        "minute": .minute, "minutes": .minute, "min": .minute, "mins": .minute, "m": .minute,
        "hour": .hour, "hours": .hour, "hr": .hour, "hrs": .hour, "h": .hour,
        "day": .day, "days": .day, "d": .day,
        "week": .week, "weeks": .week, "wk": .week, "wks": .week, "w": .week,
        "month": .month, "months": .month, "mo": .month, "mos": .month,
        "quarter": .quarter, "quarters": .quarter, "qtr": .quarter, "qtrs": .quarter,
        "year": .year, "years": .year, "yr": .year, "yrs": .year, "y": .year,
    ]
    /// Whether `word` is one of `durationUnits`, its first letter and length looked at before
    /// the table is hashed (a few hundred instructions; the bare-hour rule asks it of the word
    /// after every number).
    static func isDurationUnit(_ word: String) -> Bool {
        durationUnitShapes.mayHold(word) && durationUnits[word] != nil
    }
    private static let durationUnitShapes = WordShapes(Set(durationUnits.keys))

    /// Units a calendar cycle can be named by ("next week", "this quarter").
    static let cycleUnits: [String: Grain] = [
        "second": .second, "seconds": .second, "sec": .second,
        "minute": .minute, "minutes": .minute, "min": .minute,
        "hour": .hour, "hours": .hour, "hr": .hour,
        "day": .day, "days": .day,
        "week": .week, "weeks": .week, "wk": .week,
        "month": .month, "months": .month,
        "quarter": .quarter, "quarters": .quarter, "qtr": .quarter, "qtrs": .quarter,
        "year": .year, "years": .year, "yr": .year, "yrs": .year,
    ]
}
