internal import ClerkCore
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The Hindu lunisolar calendar, as far as its festivals need it, computed from the Sun's
/// and the Moon's longitudes (Meeus, "Astronomical Algorithms", ch. 25 and 47).
///
/// Months are *amanta*: a lunar month runs from new moon to new moon and is named by the
/// sidereal sign (Lahiri) the Sun enters during it — Chaitra is the month in which it enters
/// Mesha, Vaishakha Vrishabha, … Phalguna Meena. A month in which the Sun enters no sign is
/// *adhika* (leap) and festivals skip it; this calendar never looks at one, since it finds a
/// month from its sign entry. (In the rare month with two entries, a *kshaya* year, both
/// names give that month.) A *tithi* is a 12° step of the Moon's elongation from
/// the Sun: 1–15 the bright fortnight (*shukla*, 15 *purnima*, full moon), 16–30 the dark
/// one (*krishna*, 30 *amavasya*, new moon).
///
/// A festival is kept on the civil day (India, UTC+5:30) on which its tithi holds at the
/// moment its custom names (`Moment`), at New Delhi; computed at run time, only for a phrase
/// that names a festival, and remembered (about a million instructions the first time:
/// BENCHMARKS.md, "Hindu festivals"), rather than kept in a generated table, so that any
/// year reads and nothing is built at start.
enum HinduCalendar {
    /// The moment of a day at which a festival's tithi must hold.
    enum Moment: Hashable, Sendable {
        /// Sunrise (*udaya tithi*), the common rule.
        case sunrise
        /// Six *ghatis* (2 h 24 min) after sunrise: Raksha Bandhan, which is tied on the
        /// purnima's afternoon unless the purnima still holds that long into the next day.
        case sunriseHeld
        /// Midday (*madhyahna*, the middle of the daylight): Ganesh Chaturthi, Rama Navami.
        case midday
        /// Afternoon (*aparahna*, 7/10 of the daylight): Vijayadashami.
        case afternoon
        /// The evening (*pradosh*, five ghatis from sunset), when the tithi fills a ghati
        /// (24 min) of it: Lakshmi Puja, Dhanteras, Holika Dahan. When it does on two
        /// evenings, the second, as the Diwali of 2024 (1 November) was kept.
        case pradosh
        /// The night from sunset to midnight once the purnima's first half (the *Vishti*
        /// karana, *Bhadra*, when no fire is lit) is over, for a ghati or more: Holika Dahan.
        case afterBhadra
        /// Moonrise on a dark fortnight's fourth day (Karva Chauth), taken as 2½ hours after
        /// sunset rather than computed.
        case moonrise
        /// Midnight (*nishita*, the middle of the night): Krishna Janmashtami, Maha Shivaratri.
        case midnight
    }

    /// Where sunrise and sunset are taken: latitude and east longitude in degrees.
    struct Place: Hashable, Sendable {
        var latitude: Double
        var longitude: Double
        static let newDelhi = Place(latitude: 28.6139, longitude: 77.2090)
        /// Kochi, for Kerala's Onam.
        static let kochi = Place(latitude: 9.9312, longitude: 76.2673)
    }

    /// The day number of the festival on `tithi` of lunar month `month` (1 Chaitra … 12
    /// Phalguna) kept at `moment`, in Gregorian `year` (the first, when it falls twice).
    static func day(month: Int, tithi: Int, at moment: Moment, gregorianYear year: Int) -> Int? {
        guard (1...12).contains(month), (1...30).contains(tithi) else { return nil }
        return remembered(Key(kind: .lunar(month: month, tithi: tithi, moment: moment), year: year)) {
            firstIn(year) { candidate, january1, nextJanuary1 in
                // Chaitra's entry is Mesha's (sign 0), about 14 April; Phalguna's is Meena's.
                guard let entry = ForeignCalendars.sankranti(sign: (month - 1) % 12, gregorianYear: candidate) else { return nil }
                // The month holds the entry, so its days lie within 31 of it: most candidates
                // are out of the year without a look at the Moon.
                let entryDay = CivilCalendar.floorDivide(entry, 1440)
                guard entryDay + 32 >= january1, entryDay - 32 < nextJanuary1 else { return nil }
                let (start, end) = lunarMonth(around: Double(entry) / 1440)
                let from = tithi == 1 ? start : moonPhase(reaching: Double(12 * (tithi - 1)), after: start)
                let to = tithi == 30 ? end : moonPhase(reaching: Double(12 * tithi), after: start)
                return observed(from: from, to: to, at: moment)
            }
        }
    }

    /// Onam: the day of the solar month Chingam (Simha) whose morning has the Moon in the
    /// nakshatra Thiruvonam (Shravana, 280°–293°20′ sidereal) six ghatis after sunrise at
    /// Kochi — the Malayalam calendar's rule for a star's day; the second, when Chingam has
    /// two (as in 2013 and 2024).
    static func onam(gregorianYear year: Int) -> Int? {
        remembered(Key(kind: .onam, year: year)) {
            guard let start = ForeignCalendars.sankrantiDay(sign: 4, gregorianYear: year),
                  let end = ForeignCalendars.sankrantiDay(sign: 5, gregorianYear: year) else { return nil }
            let chingam = start.day + (start.afterSunset ? 1 : 0), kanni = end.day + (end.afterSunset ? 1 : 0)
            var onam: Int?, before = -1
            for day in chingam..<max(chingam, min(kanni, chingam + 32)) {
                let moment = sun(.kochi, day: day).rise + 0.1
                let moon = MoonLongitude.apparent(atDays: moment + deltaT(moment)) - SolarLongitude.ayanamsa(centuries: centuries(moment))
                let nakshatra = Int(reduced(moon) / (360.0 / 27))
                if nakshatra == 21, before != 21 { onam = day }
                // A short Thiruvonam that came and went between two mornings: the day it ran in.
                if nakshatra == 22, before == 20 { onam = day - 1 }
                before = nakshatra
            }
            return onam
        }
    }

    // MARK: The day a tithi is kept

    /// The civil day whose `moment` falls within the tithi `from..<to` (days since 1970, UT).
    /// A tithi that holds at no such moment (it began and ended between two) is kept on the
    /// day it holds at sunrise (Raksha Bandhan: in the afternoon), and one that holds at no
    /// sunrise either on the day it runs in.
    static func observed(from: Double, to: Double, at moment: Moment) -> Int {
        let first = civilDay(from) - 1, last = max(first, civilDay(to) + 1)
        var kept: Int?
        for day in first...last {
            if moment == .pradosh {
                // The evening's first five ghatis, which the tithi must fill for one or more.
                let set = sun(.newDelhi, day: day).set
                if min(to, set + 0.1) - max(from, set) >= 1.0 / 60 { kept = day }
            } else if moment == .afterBhadra {
                let set = sun(.newDelhi, day: day).set, midnight = self.moment(.midnight, of: day)
                if min(to, midnight) - max((from + to) / 2, set) >= 1.0 / 60 {
                    kept = day
                    break
                }
            } else {
                let at = self.moment(moment, of: day)
                if at >= from, at < to {
                    kept = day
                    break
                }
            }
        }
        if let kept { return kept }
        switch moment {
        case .sunrise: break
        case .sunriseHeld: return observed(from: from, to: to, at: .afternoon)
        default: return observed(from: from, to: to, at: .sunrise)
        }
        // Kshaya: the tithi lies between two sunrises; the day of the first.
        var day = first
        while day < last, sun(.newDelhi, day: day + 1).rise <= from { day += 1 }
        return day
    }

    /// The instant (days since 1970, UT) of `moment` on civil day `day` at New Delhi (for
    /// the evening ones, whose window `observed` measures, sunset).
    static func moment(_ moment: Moment, of day: Int) -> Double {
        let sun = sun(.newDelhi, day: day)
        switch moment {
        case .sunrise: return sun.rise
        case .sunriseHeld: return sun.rise + 0.1
        case .midday: return (sun.rise + sun.set) / 2
        case .afternoon: return sun.rise + 0.7 * (sun.set - sun.rise)
        case .pradosh, .afterBhadra: return sun.set
        case .moonrise: return sun.set + 2.5 / 24
        case .midnight: return (sun.set + self.sun(.newDelhi, day: day + 1).rise) / 2
        }
    }

    /// The civil day in India (UTC+5:30) of an instant in days since 1970 (UT).
    static func civilDay(_ days: Double) -> Int { Int((days + 5.5 / 24).rounded(.down)) }

    /// The first of `year`'s Gregorian days that `find` gives for the festival year that
    /// starts in `year - 1`, `year` or `year + 1` (a Pausha festival of late December or early
    /// January belongs to either).
    /// (`find` is handed the candidate year and the day numbers of `year`'s first day and the next
    /// year's.)
    private static func firstIn(_ year: Int, _ find: (Int, Int, Int) -> Int?) -> Int? {
        guard (2...9998).contains(year) else { return nil }
        let january1 = CivilCalendar.dayNumber(year: year, month: 1, day: 1)
        let nextJanuary1 = CivilCalendar.dayNumber(year: year + 1, month: 1, day: 1)
        for candidate in (year - 1)...(year + 1) {
            if let day = find(candidate, january1, nextJanuary1), day >= january1, day < nextJanuary1 { return day }
        }
        return nil
    }

    // MARK: The Moon's phases

    /// The new moons before and after instant `t` (days since 1970, UT).
    static func lunarMonth(around t: Double) -> (start: Double, end: Double) {
        var start = moonPhase(nearest: 0, around: t - elongation(atDays: t) / 12.19)
        if start > t { start = moonPhase(nearest: 0, around: start - 29.53) }
        var end = moonPhase(nearest: 0, around: start + 29.53)
        if end <= t { (start, end) = (end, moonPhase(nearest: 0, around: end + 29.53)) }
        return (start, end)
    }

    /// The first instant after `t` at which the Moon's elongation from the Sun is `degrees`.
    static func moonPhase(reaching degrees: Double, after t: Double) -> Double {
        moonPhase(nearest: degrees, around: t + reduced(degrees - elongation(atDays: t)) / 12.19)
    }

    /// The instant nearest `guess` (within a fortnight) at which the Moon's elongation from
    /// the Sun is `degrees`, by Newton's method on the mean relative motion (12.19° a day;
    /// the true one is 10–15°, so each step takes the error down at least fivefold).
    static func moonPhase(nearest degrees: Double, around guess: Double) -> Double {
        var at = guess
        for _ in 0..<16 {
            var difference = reduced(elongation(atDays: at) - degrees)
            if difference > 180 { difference -= 360 }
            at -= difference / 12.19
            if abs(difference) < 1e-6 { break }
        }
        return at
    }

    /// The Moon's elongation from the Sun, in degrees 0..<360, at `days` since 1970 (UT).
    static func elongation(atDays days: Double) -> Double {
        let dynamical = days + deltaT(days)
        return reduced(MoonLongitude.apparent(atDays: dynamical) - SolarLongitude.tropical(atDays: dynamical).apparent)
    }

    /// ΔT, dynamical time less universal time, in days: Morrison and Stephenson's parabola,
    /// within half a minute of the observed value over 1900–2100, which moves a tithi's end
    /// by less than a minute.
    static func deltaT(_ days: Double) -> Double {
        let centuries = (days / 365.2425 + 1970 - 1820) / 100
        return (-20 + 32 * centuries * centuries) / 86_400
    }

    static func centuries(_ days: Double) -> Double { (days + 2_440_587.5 - 2_451_545.0) / 36_525 }

    /// Degrees into 0..<360.
    static func reduced(_ degrees: Double) -> Double {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        return r < 0 ? r + 360 : r
    }

    // MARK: Sunrise and sunset

    /// Sunrise and sunset at `place` on civil day `day` (India's), in days since 1970 (UT):
    /// the Sun's upper limb on the horizon with standard refraction (−0.833°), from its
    /// declination and the equation of time, each refined once at the event itself.
    static func sun(_ place: Place, day: Int) -> (rise: Double, set: Double) {
        let radians = Double.pi / 180
        func event(near t: Double, sign: Double) -> Double {
            let sun = SolarLongitude.tropical(atDays: t)
            let obliquity = (23.439291 - 0.0130042 * sun.centuries) * radians
            let longitude = sun.apparent * radians
            let declination = asin(sin(obliquity) * sin(longitude))
            let rightAscension = atan2(cos(obliquity) * sin(longitude), cos(longitude)) / radians
            var equationOfTime = reduced(sun.mean - 0.0057183 - rightAscension)
            if equationOfTime > 180 { equationOfTime -= 360 }
            let transit = Double(day) + 0.5 - (place.longitude + equationOfTime) / 360
            let cosHour = (sin(-0.833 * radians) - sin(place.latitude * radians) * sin(declination))
                / (cos(place.latitude * radians) * cos(declination))
            return transit + sign * acos(min(1, max(-1, cosHour))) / radians / 360
        }
        let noon = Double(day) + 0.5 - place.longitude / 360
        let rise = event(near: event(near: noon - 0.25, sign: -1), sign: -1)
        let set = event(near: event(near: noon + 0.25, sign: 1), sign: 1)
        return (rise, set)
    }

    // MARK: Remembered days

    private struct Key: Hashable {
        enum Kind: Hashable {
            case lunar(month: Int, tithi: Int, moment: Moment)
            case onam
        }
        var kind: Kind
        var year: Int
    }

    /// The days found so far (nil: none that year).
    private static let days = Mutex<[Key: Int?]>([:])

    private static func remembered(_ key: Key, _ find: () -> Int?) -> Int? {
        if let known = days.withLock({ $0[key] }) { return known }
        let day = find()
        days.withLock { known in
            if known.count > 10_000 { known.removeAll() }
            known[key] = day
        }
        return day
    }
}

/// The Moon's geocentric longitude: Meeus' mean elements and the sixty main periodic terms
/// of ELP-2000/82 (his table 47.A), about 10″ — a few seconds of a tithi's end.
enum MoonLongitude {
    /// Apparent tropical longitude in degrees (not reduced) at `days` since 1970, dynamical time.
    static func apparent(atDays days: Double) -> Double {
        let t = (days + 2_440_587.5 - 2_451_545.0) / 36_525
        let t2 = t * t, t3 = t2 * t, t4 = t3 * t
        let radians = Double.pi / 180
        let meanLongitude = 218.3164477 + 481_267.88123421 * t - 0.0015786 * t2 + t3 / 538_841 - t4 / 65_194_000
        let elongation = (297.8501921 + 445_267.1114034 * t - 0.0018819 * t2 + t3 / 545_868 - t4 / 113_065_000) * radians
        let sunAnomaly = (357.5291092 + 35_999.0502909 * t - 0.0001536 * t2 + t3 / 24_490_000) * radians
        let moonAnomaly = (134.9633964 + 477_198.8675055 * t + 0.0087414 * t2 + t3 / 69_699 - t4 / 14_712_000) * radians
        let latitudeArgument = (93.2720950 + 483_202.0175233 * t - 0.0036539 * t2 - t3 / 3_526_000 + t4 / 863_310_000) * radians
        let eccentricity = 1 - 0.002516 * t - 0.0000074 * t2
        var sum = 0.0
        for term in terms {
            let argument = Double(term.d) * elongation + Double(term.m) * sunAnomaly + Double(term.mp) * moonAnomaly + Double(term.f) * latitudeArgument
            var coefficient = Double(term.coefficient)
            if term.m != 0 { coefficient *= term.m == 1 || term.m == -1 ? eccentricity : eccentricity * eccentricity }
            sum += coefficient * sin(argument)
        }
        sum += 3958 * sin((119.75 + 131.849 * t) * radians) + 1962 * sin(meanLongitude * radians - latitudeArgument)
            + 318 * sin((53.09 + 479_264.290 * t) * radians)
        // Nutation in longitude, its main term only (as the Sun's apparent longitude has it).
        let nutation = -0.00478 * sin(SolarLongitude.nodeRadians(centuries: t))
        return meanLongitude + sum / 1_000_000 + nutation
    }

    /// Table 47.A's longitude terms: multiples of D, M, M′, F and the coefficient of the sine
    /// in millionths of a degree.
    private static let terms: [(d: Int8, m: Int8, mp: Int8, f: Int8, coefficient: Int32)] = [
        (0, 0, 1, 0, 6_288_774), (2, 0, -1, 0, 1_274_027), (2, 0, 0, 0, 658_314), (0, 0, 2, 0, 213_618),
        (0, 1, 0, 0, -185_116), (0, 0, 0, 2, -114_332), (2, 0, -2, 0, 58_793), (2, -1, -1, 0, 57_066),
        (2, 0, 1, 0, 53_322), (2, -1, 0, 0, 45_758), (0, 1, -1, 0, -40_923), (1, 0, 0, 0, -34_720),
        (0, 1, 1, 0, -30_383), (2, 0, 0, -2, 15_327), (0, 0, 1, 2, -12_528), (0, 0, 1, -2, 10_980),
        (4, 0, -1, 0, 10_675), (0, 0, 3, 0, 10_034), (4, 0, -2, 0, 8_548), (2, 1, -1, 0, -7_888),
        (2, 1, 0, 0, -6_766), (1, 0, -1, 0, -5_163), (1, 1, 0, 0, 4_987), (2, -1, 1, 0, 4_036),
        (2, 0, 2, 0, 3_994), (4, 0, 0, 0, 3_861), (2, 0, -3, 0, 3_665), (0, 1, -2, 0, -2_689),
        (2, 0, -1, 2, -2_602), (2, -1, -2, 0, 2_390), (1, 0, 1, 0, -2_348), (2, -2, 0, 0, 2_236),
        (0, 1, 2, 0, -2_120), (0, 2, 0, 0, -2_069), (2, -2, -1, 0, 2_048), (2, 0, 1, -2, -1_773),
        (2, 0, 0, 2, -1_595), (4, -1, -1, 0, 1_215), (0, 0, 2, 2, -1_110), (3, 0, -1, 0, -892),
        (2, 1, 1, 0, -810), (4, -1, -2, 0, 759), (0, 2, -1, 0, -713), (2, 2, -1, 0, -700),
        (2, 1, -2, 0, 691), (2, -1, 0, -2, 596), (4, 0, 1, 0, 549), (0, 0, 4, 0, 537),
        (4, -1, 0, 0, 520), (1, 0, -2, 0, -487), (2, 1, 0, -2, -399), (0, 0, 2, -2, -381),
        (1, 1, 1, 0, 351), (3, 0, -2, 0, -340), (4, 0, -3, 0, 330), (2, -1, 2, 0, 327),
        (0, 2, 1, 0, -323), (1, 1, -1, 0, 299), (2, 0, 3, 0, 294),
    ]
}
