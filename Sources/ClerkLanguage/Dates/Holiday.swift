internal import ClerkCore
internal import Foundation

/// A holiday people schedule around, and how to find it in a given year.
///
/// Western and Christian feasts are computed (Gregorian and Julian Easter, nth weekdays);
/// Jewish, Islamic and Chinese ones come from Foundation's Hebrew, Islamic and Chinese
/// calendars. Jewish holidays start on their eve (they begin at sundown), as Duckling has them.
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
            guard let minutes = ForeignCalendars.sankranti(sign: sign, gregorianYear: year) else { return nil }
            // The civil day in India (UTC+5:30), and whether the entry is after sunset (18:00).
            let local = minutes + 330
            let day = CivilCalendar.floorDivide(local, 1440)
            if bengali { return day + 1 + offset }
            return day + (local - day * 1440 >= 18 * 60 ? 1 : 0) + offset
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

/// Foundation's non-Gregorian calendars, asked once per holiday and year: the answers are
/// kept, since a calendar conversion costs more than a whole parse.
enum ForeignCalendars {
    private struct Key: Hashable {
        var calendar: UInt8
        var month: Int
        var day: Int
        var year: Int
    }

    private final class Memo: @unchecked Sendable {
        let lock = NSLock()
        var days: [Key: Int?] = [:]
    }

    private static let memo = Memo()

    /// The remembered answer for `key`, or `compute()`'s, remembered.
    private static func remembered(_ key: Key, _ compute: () -> Int?) -> Int? {
        memo.lock.lock()
        if let known = memo.days[key] { memo.lock.unlock(); return known }
        memo.lock.unlock()
        let value = compute()
        memo.lock.lock()
        if memo.days.count > 10_000 { memo.days.removeAll() }
        memo.days[key] = value
        memo.lock.unlock()
        return value
    }

    private static let utc = TimeZone(identifier: "UTC")!

    private static func calendar(_ id: Calendar.Identifier, zone: TimeZone = utc) -> Calendar {
        var c = Calendar(identifier: id)
        c.timeZone = zone
        return c
    }

    private static let hebrewCalendar = calendar(.hebrew)
    /// Umm al-Qura, Saudi Arabia's official calendar, under the rules it follows since
    /// 1420 AH (1999); the astronomical Islamic calendar for the years before.
    private static let ummAlQura = calendar(.islamicUmmAlQura)
    private static let astronomicalIslamic = calendar(.islamic)
    static let ummAlQuraFirstYear = 1420
    private static let chineseCalendar = calendar(.chinese, zone: TimeZone(identifier: "Asia/Shanghai")!)
    private static let gregorian = calendar(.gregorian)

    private static func dayNumber(_ date: Date, in calendar: Calendar) -> Int {
        let c = gregorian.dateComponents(in: calendar.timeZone, from: date)
        return CivilCalendar.dayNumber(year: c.year!, month: c.month!, day: c.day!)
    }

    /// The Gregorian day of a Hebrew date that falls in `gregorianYear`.
    static func hebrew(month: Int, day: Int, gregorianYear: Int) -> Int? {
        remembered(Key(calendar: 0, month: month, day: day, year: gregorianYear)) {
            computeHebrew(month: month, day: day, gregorianYear: gregorianYear)
        }
    }

    private static func computeHebrew(month: Int, day: Int, gregorianYear: Int) -> Int? {
        // Tishrei to Kislev fall in the autumn of the Hebrew year that starts then.
        let hebrewYear = gregorianYear + (month <= 3 ? 3761 : 3760)
        guard let date = hebrewCalendar.date(from: DateComponents(year: hebrewYear, month: month, day: day)) else { return nil }
        return dayNumber(date, in: hebrewCalendar)
    }

    /// The Gregorian day of an Islamic date that falls in `gregorianYear` (the first, when
    /// the lunar year brings it twice).
    static func islamic(month: Int, day: Int, gregorianYear: Int) -> Int? {
        remembered(Key(calendar: 1, month: month, day: day, year: gregorianYear)) {
            computeIslamic(month: month, day: day, gregorianYear: gregorianYear)
        }
    }

    private static func computeIslamic(month: Int, day: Int, gregorianYear: Int) -> Int? {
        let approximate = Int(saturating: (Double(gregorianYear - 622) * 33.0 / 32.0).rounded(.down))
        for hijri in (approximate - 1)...(approximate + 2) {
            let calendar = hijri >= ummAlQuraFirstYear ? ummAlQura : astronomicalIslamic
            guard let date = calendar.date(from: DateComponents(year: hijri, month: month, day: day)) else { continue }
            let d = dayNumber(date, in: calendar)
            if CivilCalendar.date(dayNumber: d).year == gregorianYear { return d }
        }
        return nil
    }

    /// The moment, in minutes since 1970 (UTC), the Sun enters sidereal sign `sign` (0 is
    /// Aries … 11 Pisces, Lahiri's ayanamsa) in `gregorianYear`.
    static func sankranti(sign: Int, gregorianYear: Int) -> Int? {
        remembered(Key(calendar: 3, month: sign, day: 0, year: gregorianYear)) {
            SolarLongitude.entry(intoSign: sign, gregorianYear: gregorianYear)
        }
    }

    static func chineseNewYear(gregorianYear: Int) -> Int? {
        remembered(Key(calendar: 2, month: 1, day: 1, year: gregorianYear)) {
            computeChineseNewYear(gregorianYear: gregorianYear)
        }
    }

    private static func computeChineseNewYear(gregorianYear: Int) -> Int? {
        guard let midYear = gregorian.date(from: DateComponents(year: gregorianYear, month: 6, day: 1)) else { return nil }
        let parts = chineseCalendar.dateComponents([.era, .year], from: midYear)
        guard let date = chineseCalendar.date(from: DateComponents(era: parts.era, year: parts.year, month: 1, day: 1)) else { return nil }
        return dayNumber(date, in: chineseCalendar)
    }
}

/// The Sun's sidereal longitude, enough for the day it enters a sign: Meeus' low-precision
/// apparent longitude (about 0.01°, a quarter of an hour of the Sun's motion) less Lahiri's
/// ayanamsa (23.8571° at J2000, growing with precession by 50.29" a year).
enum SolarLongitude {
    /// Degrees 0..<360 at `days` since 1970-01-01T00:00 UTC.
    static func sidereal(atDays days: Double) -> Double {
        let t = (days + 2_440_587.5 - 2_451_545.0) / 36_525
        let radians = Double.pi / 180
        let meanLongitude = 280.46646 + 36_000.76983 * t + 0.0003032 * t * t
        let anomaly = (357.52911 + 35_999.05029 * t - 0.0001537 * t * t) * radians
        let centre = (1.914602 - 0.004817 * t - 0.000014 * t * t) * sin(anomaly) + (0.019993 - 0.000101 * t) * sin(2 * anomaly)
            + 0.000289 * sin(3 * anomaly)
        let node = (125.04 - 1934.136 * t) * radians
        let apparent = meanLongitude + centre - 0.00569 - 0.00478 * sin(node)
        let ayanamsa = 23.857092 + 1.396971 * t
        let l = (apparent - ayanamsa).truncatingRemainder(dividingBy: 360)
        return l < 0 ? l + 360 : l
    }

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
