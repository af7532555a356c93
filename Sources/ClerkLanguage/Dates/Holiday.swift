internal import ClerkCore
internal import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A holiday people schedule around, and how to find it in a given year.
///
/// Western and Christian feasts are computed (Gregorian and Julian Easter, nth weekdays);
/// Jewish, Islamic and Chinese ones come from Foundation's Hebrew, Islamic and Chinese
/// calendars; Hindu, Sikh and Buddhist ones from the Sun's and the Moon's longitudes
/// (`SolarLongitude`, `HinduCalendar`). Jewish holidays start on their eve (they begin at sundown), as Duckling has them.
struct Holiday: Hashable, Sendable {
    enum Rule: Hashable, Sendable {
        /// Month and day every year.
        case fixed(month: Int, day: Int)
        /// The `n`th `weekday` of `month` (-1 the last), then `plusDays` ("Black Friday").
        case nthWeekday(month: Int, weekday: Int, n: Int, plusDays: Int)
        /// A fixed date moved to the nearest weekday when it falls on a weekend (Boss's Day).
        case nearestWeekday(month: Int, day: Int)
        /// A fixed date moved back a day when it falls on Sunday (King's Day).
        case sundayMovesBack(month: Int, day: Int)
        /// Days after Western Easter Sunday.
        case easter(offset: Int)
        /// Days after Orthodox Easter Sunday.
        case orthodoxEaster(offset: Int)
        /// A Hebrew month and day; `month` counts from Tishrei as Foundation does (7 is Adar
        /// or Adar II, 8 Nisan). `shift` moves it off days the Israeli calendar avoids.
        case hebrew(month: Int, day: Int, shift: HebrewShift)
        /// A month and day of the Islamic (Umm al-Qura) calendar.
        case islamic(month: Int, day: Int)
        /// The whole of an Islamic month ("Ramadan").
        case islamicMonth(Int)
        /// The last Friday of Ramadan.
        case lastFridayOfRamadan
        case chineseNewYear
        /// Parsi New Year (Navroz of the Shahenshahi calendar): its years have 365 days and
        /// no leap day, so the Gregorian date moves a day earlier every four years.
        case parsiNewYear
        /// The last Saturday of March, 20:30 to 21:30.
        case earthHour
        /// A day of the Hindu solar calendar, counted from the Sun's entry into sidereal
        /// sign `sign` (0 Mesha/Aries … 9 Makara/Capricorn): the day of the entry (the next
        /// day when it comes after sunset, as the festivals keep it) plus `offset`; or, for
        /// the Bengali calendar (`bengali`), the month's `offset + 1`th day (the month starts
        /// the day after the entry).
        case solar(sign: Int, offset: Int, bengali: Bool)
        /// A tithi of a month of the Hindu lunisolar calendar, kept where it holds at `moment`
        /// (`HinduCalendar.day`), then `plusDays` (Holi, the day after Holika Dahan).
        case lunar(month: Int, tithi: Int, moment: HinduCalendar.Moment, plusDays: Int)
        /// Onam, by its nakshatra in the solar month Chingam (`HinduCalendar.onam`).
        case onam
    }

    enum HebrewShift: Hashable, Sendable {
        case none
        /// Tisha B'Av: a fast on Shabbat moves to Sunday.
        case avoidSaturday
        /// Yom HaShoah: Friday → Thursday, Sunday → Monday.
        case yomHashoah
        /// Yom HaAtzmaut: Friday or Saturday → Thursday, Monday → Tuesday.
        case yomHaatzmaut
    }

    var rule: Rule
    /// Days the holiday lasts ("Passover" 8, "Chanukah" 8, most 1).
    var days: Int = 1
    /// Whether the span starts on the evening before, as Jewish holidays do.
    var startsOnEve = false

    /// The holiday's span in Gregorian `year`, or nil when it has none that year.
    func span(in year: Int) -> Span? {
        switch rule {
        case .earthHour:
            // The last Saturday of March, a week earlier when that is Holy Saturday.
            var day = Holiday.nthWeekday(year: year, month: 3, weekday: 6, n: -1)
            if day == Holiday.westernEaster(year) - 1 { day -= 7 }
            let start = day * Wall.day + 20 * 3600 + 1800
            return Span(start, start + 3600)
        case .islamicMonth(let month):
            guard let first = ForeignCalendars.islamic(month: month, day: 1, gregorianYear: year),
                  let next = ForeignCalendars.islamic(month: month % 12 + 1, day: 1, gregorianYear: year) ?? ForeignCalendars.islamic(month: month % 12 + 1, day: 1, gregorianYear: year + 1)
            else { return nil }
            return Span(first * Wall.day, next * Wall.day)
        default:
            break
        }
        guard var day = firstDay(in: year) else { return nil }
        var length = days
        if startsOnEve { day -= 1; length += 1 }
        return Span(day * Wall.day, (day + length) * Wall.day)
    }

    /// The day number of the holiday's (first) day in `year`.
    private func firstDay(in year: Int) -> Int? {
        switch rule {
        case .fixed(let m, let d):
            return d <= CivilCalendar.daysIn(month: m, year: year) ? CivilCalendar.dayNumber(year: year, month: m, day: d) : nil
        case .nthWeekday(let m, let w, let n, let plus):
            return Holiday.nthWeekday(year: year, month: m, weekday: w, n: n) + plus
        case .nearestWeekday(let m, let d):
            let day = CivilCalendar.dayNumber(year: year, month: m, day: d)
            switch CivilCalendar.isoWeekday(dayNumber: day) {
            case 6: return day - 1
            case 7: return day + 1
            default: return day
            }
        case .sundayMovesBack(let m, let d):
            let day = CivilCalendar.dayNumber(year: year, month: m, day: d)
            return CivilCalendar.isoWeekday(dayNumber: day) == 7 ? day - 1 : day
        case .easter(let offset):
            return Holiday.westernEaster(year) + offset
        case .orthodoxEaster(let offset):
            return Holiday.orthodoxEaster(year) + offset
        case .hebrew(let m, let d, let shift):
            guard var day = ForeignCalendars.hebrew(month: m, day: d, gregorianYear: year) else { return nil }
            let weekday = CivilCalendar.isoWeekday(dayNumber: day)
            switch shift {
            case .none: break
            case .avoidSaturday: if weekday == 6 { day += 1 }
            case .yomHashoah: if weekday == 5 { day -= 1 } else if weekday == 7 { day += 1 }
            case .yomHaatzmaut:
                if weekday == 5 { day -= 1 } else if weekday == 6 { day -= 2 } else if weekday == 1 { day += 1 }
            }
            return day
        case .islamic(let m, let d):
            return ForeignCalendars.islamic(month: m, day: d, gregorianYear: year)
        case .lastFridayOfRamadan:
            guard let first = ForeignCalendars.islamic(month: 10, day: 1, gregorianYear: year) else { return nil }
            var day = first - 1
            while CivilCalendar.isoWeekday(dayNumber: day) != 5 { day -= 1 }
            return day
        case .chineseNewYear:
            return ForeignCalendars.chineseNewYear(gregorianYear: year)
        case .parsiNewYear:
            // Navroz fell on 16 August 2022; every Shahenshahi year since and before is 365 days.
            let day = CivilCalendar.dayNumber(year: 2022, month: 8, day: 16) + 365 * (year - 2022)
            return CivilCalendar.date(dayNumber: day).year == year ? day : nil
        case .solar(let sign, let offset, let bengali):
            guard let entry = ForeignCalendars.sankrantiDay(sign: sign, gregorianYear: year) else { return nil }
            if bengali { return entry.day + 1 + offset }
            return entry.day + (entry.afterSunset ? 1 : 0) + offset
        case .lunar(let month, let tithi, let moment, let plus):
            return HinduCalendar.day(month: month, tithi: tithi, at: moment, gregorianYear: year).map { $0 + plus }
        case .onam:
            return HinduCalendar.onam(gregorianYear: year)
        case .earthHour, .islamicMonth:
            return nil
        }
    }

    /// Day number of the `n`th `weekday` of a month; `n == -1` is the last.
    static func nthWeekday(year: Int, month: Int, weekday: Int, n: Int) -> Int {
        if n > 0 {
            let first = CivilCalendar.dayNumber(year: year, month: month, day: 1)
            return first + (weekday - CivilCalendar.isoWeekday(dayNumber: first) + 7) % 7 + 7 * (n - 1)
        }
        let last = CivilCalendar.dayNumber(year: year, month: month, day: CivilCalendar.daysIn(month: month, year: year))
        return last - (CivilCalendar.isoWeekday(dayNumber: last) - weekday + 7) % 7 + 7 * (n + 1)
    }

    /// Western Easter Sunday (the anonymous Gregorian algorithm).
    static func westernEaster(_ year: Int) -> Int {
        let a = year % 19, b = year / 100, c = year % 100
        let d = b / 4, e = b % 4, f = (b + 8) / 25, g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return CivilCalendar.dayNumber(year: year, month: month, day: day)
    }

    /// Orthodox Easter Sunday: Meeus' Julian algorithm, moved to the Gregorian calendar.
    static func orthodoxEaster(_ year: Int) -> Int {
        let a = year % 4, b = year % 7, c = year % 19
        let d = (19 * c + 15) % 30
        let e = (2 * a + 4 * b - d + 34) % 7
        let month = (d + e + 114) / 31
        let day = (d + e + 114) % 31 + 1
        let julianShift = year / 100 - year / 400 - 2
        return CivilCalendar.dayNumber(year: year, month: month, day: day) + julianShift
    }
}

/// The Hebrew, Islamic and Chinese calendars, as far as the holidays need them: the Hebrew
/// calendar by its arithmetic, the Islamic months and the Chinese New Year from tables of
/// what Foundation's ICU calendars answer (ForeignCalendarTables.swift), since clerk links
/// FoundationEssentials only, which has the Gregorian calendar alone.
enum ForeignCalendars {
    // MARK: Hebrew

    /// The Gregorian day of a Hebrew date that falls in `gregorianYear`. Months are counted
    /// as Foundation counts them: 1 Tishrei, 2 Heshvan, 3 Kislev, 4 Tevet, 5 Shevat, 6 Adar I
    /// (leap years only), 7 Adar (Adar II in a leap year), 8 Nisan … 13 Elul.
    static func hebrew(month: Int, day: Int, gregorianYear: Int) -> Int? {
        guard (1...13).contains(month), (1...30).contains(day), abs(gregorianYear) < 1_000_000 else { return nil }
        // Tishrei to Kislev fall in the autumn of the Hebrew year that starts then.
        let year = gregorianYear + (month <= 3 ? 3761 : 3760)
        guard year >= 1, month != 6 || hebrewIsLeap(year) else { return nil }
        let newYear = hebrewNewYear(year)
        let yearLength = hebrewNewYear(year + 1) - newYear
        var days = newYear
        for earlier in 1..<month where earlier != 6 || hebrewIsLeap(year) {
            days += hebrewMonthLength(earlier, yearLength: yearLength)
        }
        return days + day - 1
    }

    /// True when Hebrew year `year` has thirteen months (7 of every 19).
    static func hebrewIsLeap(_ year: Int) -> Bool { (7 * year + 1) % 19 < 7 }

    /// The day number of 1 Tishrei of `year`: the molad of Tishrei, moved by the rules of
    /// postponement (the classic arithmetic, as in Reingold and Dershowitz's "Calendrical
    /// Calculations").
    static func hebrewNewYear(_ year: Int) -> Int {
        let monthsElapsed = 235 * ((year - 1) / 19) + 12 * ((year - 1) % 19) + (7 * ((year - 1) % 19) + 1) / 19
        let partsElapsed = 204 + 793 * (monthsElapsed % 1080)
        let hoursElapsed = 5 + 12 * monthsElapsed + 793 * (monthsElapsed / 1080) + partsElapsed / 1080
        var day = 1 + 29 * monthsElapsed + hoursElapsed / 24
        let parts = 1080 * (hoursElapsed % 24) + partsElapsed % 1080
        if parts >= 19_440 || (day % 7 == 2 && parts >= 9_924 && !hebrewIsLeap(year))
            || (day % 7 == 1 && parts >= 16_789 && hebrewIsLeap(year - 1)) {
            day += 1
        }
        if [0, 3, 5].contains(day % 7) { day += 1 }
        // Day 1 of that count is the day before 1 Tishrei AM 1 (7 October 3761 BCE, Julian),
        // whose day number is −2,092,590.
        return day - 2_092_591
    }

    /// The days in Hebrew month `month` (Foundation's numbering, as `hebrew`) of a year of
    /// `yearLength` days.
    static func hebrewMonthLength(_ month: Int, yearLength: Int) -> Int {
        switch month {
        case 2: return yearLength % 10 == 5 ? 30 : 29  // Heshvan: long in a complete year
        case 3: return yearLength % 10 == 3 ? 29 : 30  // Kislev: short in a deficient year
        case 1, 5, 6, 8, 10, 12: return 30
        default: return 29
        }
    }

    // MARK: Islamic

    /// The Gregorian day of an Islamic date that falls in `gregorianYear` (the first, when
    /// the lunar year brings it twice).
    static func islamic(month: Int, day: Int, gregorianYear: Int) -> Int? {
        guard (1...12).contains(month), (1...30).contains(day), abs(gregorianYear) < 1_000_000 else { return nil }
        let approximate = (gregorianYear - 622) * 33 / 32
        // The year's days, so that each candidate is two comparisons instead of a conversion
        // to a Gregorian date.
        let january1 = CivilCalendar.dayNumber(year: gregorianYear, month: 1, day: 1)
        let nextJanuary1 = CivilCalendar.dayNumber(year: gregorianYear + 1, month: 1, day: 1)
        for hijri in (approximate - 1)...(approximate + 2) {
            let d = islamicDay(year: hijri, month: month, day: day)
            if d >= january1, d < nextJanuary1 { return d }
        }
        return nil
    }

    /// The day number of an Islamic date: from the table within its years, else by the
    /// tabular (civil) calendar's arithmetic, which is within a day or two of the sighted one.
    static func islamicDay(year: Int, month: Int, day: Int) -> Int {
        guard islamicYears.contains(year) else {
            // The civil calendar: 30-year cycles of 10,631 days from 16 July 622 (Julian).
            let elapsed = (year - 1) * 354 + CivilCalendar.floorDivide(3 + 11 * year, 30) + 29 * (month - 1) + month / 2
            return elapsed + day - 1 - 492_148
        }
        let index = year - islamicYears.lowerBound
        var first = islamicYearStarts[index]
        let lengths = islamicMonthLengths[index]
        // 29 days a month before `month`, and one more for each long one (a set bit).
        first += 29 * (month - 1) + (Int(lengths) & ((1 << (month - 1)) - 1)).nonzeroBitCount
        return first + day - 1
    }

    /// The day number of 1 Muharram of each year of `islamicYears`, summed once.
    private static let islamicYearStarts: [Int] = islamicMonthLengths.reduce(into: [islamicFirstDay]) { starts, lengths in
        starts.append(starts.last! + 348 + lengths.nonzeroBitCount)
    }

    // MARK: Chinese

    /// The Gregorian day of the Chinese New Year of `gregorianYear`; nil outside the table's
    /// years.
    static func chineseNewYear(gregorianYear: Int) -> Int? {
        guard chineseNewYearYears.contains(gregorianYear) else { return nil }
        return CivilCalendar.dayNumber(year: gregorianYear, month: 1, day: 21)
            + Int(chineseNewYearAfterJanuary21[gregorianYear - chineseNewYearYears.lowerBound])
    }

    // MARK: Hindu solar

    /// The moment, in minutes since 1970 (UTC), the Sun enters sidereal sign `sign` (0 is
    /// Aries … 11 Pisces, Lahiri's ayanamsa) in `gregorianYear`; remembered, as finding it
    /// takes many evaluations of the Sun's longitude.
    static func sankranti(sign: Int, gregorianYear: Int) -> Int? {
        let key = SankrantiKey(sign: sign, year: gregorianYear)
        if let known = sankrantis.withLock({ $0[key] }) { return known }
        let minutes = SolarLongitude.entry(intoSign: sign, gregorianYear: gregorianYear)
        sankrantis.withLock { known in
            if known.count > 10_000 { known.removeAll() }
            known[key] = minutes
        }
        return minutes
    }

    /// The civil day in India (UTC+5:30) of the Sun's entry into `sign` in `gregorianYear`,
    /// and whether the entry comes after sunset (18:00), when festivals keep the next day.
    static func sankrantiDay(sign: Int, gregorianYear: Int) -> (day: Int, afterSunset: Bool)? {
        guard let minutes = sankranti(sign: sign, gregorianYear: gregorianYear) else { return nil }
        let local = minutes + 330
        let day = CivilCalendar.floorDivide(local, 1440)
        return (day, local - day * 1440 >= 18 * 60)
    }

    private struct SankrantiKey: Hashable {
        var sign: Int
        var year: Int
    }

    /// The moments found so far (nil: the Sun does not enter the sign that year).
    private static let sankrantis = Mutex<[SankrantiKey: Int?]>([:])
}

/// The Sun's sidereal longitude, enough for the day it enters a sign: Meeus' low-precision
/// apparent longitude (about 0.01°, a quarter of an hour of the Sun's motion) less Lahiri's
/// ayanamsa (23.8571° at J2000, growing with precession by 50.29" a year).
enum SolarLongitude {
    /// Degrees 0..<360 at `days` since 1970-01-01T00:00 UTC.
    static func sidereal(atDays days: Double) -> Double {
        let tropical = tropical(atDays: days)
        let l = (tropical.apparent - ayanamsa(centuries: tropical.centuries)).truncatingRemainder(dividingBy: 360)
        return l < 0 ? l + 360 : l
    }

    /// The Sun's apparent tropical longitude and its mean longitude, in degrees (not reduced
    /// to 0..<360), and the Julian centuries from J2000 they were computed for.
    static func tropical(atDays days: Double) -> (apparent: Double, mean: Double, centuries: Double) {
        let t = (days + 2_440_587.5 - 2_451_545.0) / 36_525
        let radians = Double.pi / 180
        let meanLongitude = 280.46646 + 36_000.76983 * t + 0.0003032 * t * t
        let anomaly = (357.52911 + 35_999.05029 * t - 0.0001537 * t * t) * radians
        let centre = (1.914602 - 0.004817 * t - 0.000014 * t * t) * sin(anomaly) + (0.019993 - 0.000101 * t) * sin(2 * anomaly)
            + 0.000289 * sin(3 * anomaly)
        return (meanLongitude + centre - 0.00569 - 0.00478 * sin(nodeRadians(centuries: t)), meanLongitude, t)
    }

    /// The longitude of the Moon's ascending node, in radians, which nutation follows.
    static func nodeRadians(centuries t: Double) -> Double { (125.04 - 1934.136 * t) * (Double.pi / 180) }

    /// Lahiri's ayanamsa in degrees: how far the sidereal zodiac's start lies behind the equinox.
    static func ayanamsa(centuries t: Double) -> Double { 23.857092 + 1.396971 * t }

    /// Minutes since 1970 (UTC) when the sidereal longitude reaches `30 × sign`° in `gregorianYear`.
    static func entry(intoSign sign: Int, gregorianYear year: Int) -> Int? {
        guard (0..<12).contains(sign), (1...9999).contains(year) else { return nil }
        let target = Double(30 * sign)
        // Mesha (0°) comes about 14 April; the Sun moves 0.9856° a day.
        var days = Double(CivilCalendar.dayNumber(year: year, month: 4, day: 14)) + target / 0.985_647
        if days >= Double(CivilCalendar.dayNumber(year: year + 1, month: 1, day: 1)) { days -= 365.2422 }
        for _ in 0..<8 {
            var difference = sidereal(atDays: days) - target
            if difference > 180 { difference -= 360 } else if difference < -180 { difference += 360 }
            days -= difference / 0.985_647
        }
        guard CivilCalendar.date(dayNumber: Int(days.rounded(.down))).year == year else { return nil }
        return Int((days * 1440).rounded())
    }
}
