internal import CICal
import ClerkCore
import FoundationEssentials

/// Why recurrence lines were refused: which property and what was wrong, in plain words.
struct RecurrenceError: Error, Hashable, CustomStringConvertible {
    /// `RRULE`, `RDATE` or `EXDATE` (or the unknown name).
    var property: String
    var reason: String
    /// The whole line refused, once known.
    var line = ""

    var description: String { "\(property): \(reason)" }
}

/// One content line of a recurrence (`EXDATE;TZID=Europe/Madrid:20260305T090000`), split
/// into its name, parameters and value.
struct PropertyLine {
    var name: String
    var parameters: [String: String]
    var value: String

    /// Splits `NAME;PARAM=VALUE;…:VALUE`, honouring quoted parameter values; nil when there
    /// is no colon after a name.
    init?(_ line: String) {
        var name = ""
        var parameters: [String: String] = [:]
        var current = ""
        var parameterName: String?
        var inQuotes = false
        var index = line.startIndex
        var sawName = false
        while index < line.endIndex {
            let character = line[index]
            if inQuotes {
                if character == "\"" { inQuotes = false } else { current.append(character) }
            } else if character == "\"" {
                inQuotes = true
            } else if character == ";" || character == ":" {
                if !sawName {
                    name = current
                    sawName = true
                } else {
                    // A bare parameter ("WORK", vCard 2.1 style) is a TYPE; a repeated one
                    // (TYPE=work;TYPE=pref) adds to the list.
                    let key = parameterName?.uppercased() ?? "TYPE"
                    if !current.isEmpty || parameterName != nil {
                        parameters[key] = parameters[key].map { $0 + "," + current } ?? current
                    }
                }
                current = ""
                parameterName = nil
                if character == ":" {
                    self.name = name.uppercased()
                    self.parameters = parameters
                    self.value = String(line[line.index(after: index)...])
                    guard !self.name.isEmpty else { return nil }
                    return
                }
            } else if character == "=", sawName, parameterName == nil {
                parameterName = current
                current = ""
            } else {
                current.append(character)
            }
            index = line.index(after: index)
        }
        return nil
    }
}

/// A series' recurrence — its RRULE, RDATE and EXDATE lines with its first start — and the
/// starts it produces, expanded with libical's `icalrecur_iterator` (and, for the weekly,
/// daily and hourly rules with BYSETPOS that libical gets wrong, with `SetPositionRule`).
///
/// libical counts on a wall clock: the rule runs on the series' local time (UNTIL moved onto
/// that clock first), and each start it yields is then read in the series' zone with
/// `ZoneRules`, so 09:00 stays 09:00 across DST. The iterator does not apply EXDATE or RDATE;
/// this type does. Starts are keys: UTC seconds for timed series, date keys for all-day ones.
struct Recurrence {
    let isAllDay: Bool
    let zone: ZoneRules
    /// DTSTART on the series' wall clock (midnight for all-day series).
    let first: WallTime
    let firstKey: Int64
    private var rules: [icalrecurrencetype] = []
    private var setPositionRules: [SetPositionRule] = []
    private var added: [Int64] = []
    private var excluded: Set<Int64> = []

    /// How many starts one expansion may look at before it gives up (a guard against rules
    /// that match almost never; a daily rule for a century is 36,525).
    static let iterationLimit = 200_000

    /// Reads `lines` for a series starting at `first` in `zone` (all-day when `isAllDay`).
    init(lines: [String], first: WallTime, isAllDay: Bool, zone: ZoneRules) throws(RecurrenceError) {
        self.isAllDay = isAllDay
        self.zone = zone
        self.first = isAllDay ? WallTime(year: first.year, month: first.month, day: first.day) : first
        firstKey = isAllDay ? Civil.key(of: first.date) : zone.utcSeconds(of: first)
        for text in lines {
            do throws(RecurrenceError) {
                try read(text)
            } catch {
                var error = error
                error.line = text
                throw error
            }
        }
    }

    /// Reads one RRULE, RDATE or EXDATE line into the rules, additions or exclusions.
    private mutating func read(_ text: String) throws(RecurrenceError) {
        guard let line = PropertyLine(text) else {
            throw RecurrenceError(property: text.prefix { $0 != ":" && $0 != ";" }.prefix(30).uppercased(), reason: "expected NAME:VALUE, got \(quoted(text))")
        }
        switch line.name {
        case "RRULE":
            var rule = try Recurrence.rule(line.value)
            moveUntilOntoWallClock(&rule)
            try Recurrence.checkExpandable(rule, from: first, isAllDay: isAllDay, text: line.value)
            if SetPositionRule.applies(to: line.value) {
                let until = icaltime_is_null_time(rule.until) != 0 ? nil : rule.until.wallTime
                setPositionRules.append(try SetPositionRule(line.value, first: first, isAllDay: isAllDay, count: Int(rule.count),
                                                            interval: Int(rule.interval), until: until))
            } else {
                rules.append(rule)
            }
        case "RDATE":
            added += try keys(of: line)
        case "EXDATE":
            excluded.formUnion(try keys(of: line))
        default:
            throw RecurrenceError(property: line.name, reason: "expected RRULE, RDATE or EXDATE")
        }
    }

    /// Parses an RRULE value with libical and checks what clerk can expand.
    static func rule(_ text: String) throws(RecurrenceError) -> icalrecurrencetype {
        let wrong = RecurrenceError(property: "RRULE", reason: "expected a rule like FREQ=WEEKLY;BYDAY=MO, got \(quoted(text))")
        let parts = RRule(text)
        // libical reads a rule up to an empty part: `FREQ=DAILY;;COUNT=3` was every day, for ever.
        if parts.skipsAPart { throw wrong }
        try checkNumbers(parts, text: text, wrong: wrong)
        var (rule, failed) = LibICal.locked {
            cical_clear_errno()
            let rule = icalrecurrencetype_from_string(text)
            return (rule, cical_errno() != 0)
        }
        if cical_rule_has_rscale(&rule) != 0 {
            cical_rule_release(&rule)
            throw RecurrenceError(property: "RRULE", reason: "only Gregorian rules are supported, got \(quoted(text))")
        }
        guard !text.isEmpty, !failed, rule.freq != ICAL_NO_RECURRENCE else { throw wrong }
        // Two minutes or seconds in BYMINUTE or BYSECOND put two starts within an hour,
        // whatever FREQ says: FREQ=DAILY;BYHOUR=0,…,23;BYMINUTE=0,…,59 is every minute.
        if rule.freq == ICAL_SECONDLY_RECURRENCE || rule.freq == ICAL_MINUTELY_RECURRENCE
            || cical_rule_by_minute_count(&rule) > 1 || cical_rule_by_second_count(&rule) > 1 {
            cical_rule_release(&rule)
            throw RecurrenceError(property: "RRULE", reason: "repeats more often than hourly: \(quoted(text))")
        }
        // A COUNT rule is walked from its first start, so all of it must be within reach.
        if rule.count > Int32(iterationLimit) {
            cical_rule_release(&rule)
            throw RecurrenceError(property: "RRULE", reason: "COUNT=\(rule.count) is more than the \(iterationLimit) times clerk repeats an event: \(quoted(text))")
        }
        if cical_rule_has_byday_ordinals(&rule) != 0, rule.freq != ICAL_MONTHLY_RECURRENCE, rule.freq != ICAL_YEARLY_RECURRENCE {
            throw RecurrenceError(property: "RRULE", reason: "BYDAY ordinals like 1MO need FREQ=MONTHLY or FREQ=YEARLY, got \(quoted(text))")
        }
        return rule
    }

    /// Refuses what libical 3.0 expands wrongly with BYSETPOS and `SetPositionRule` does not
    /// take over: with BYWEEKNO libical loses the weeks that straddle a new year. An import
    /// refuses such a rule rather than show days the file does not have. (Weekly, daily and
    /// hourly rules with BYSETPOS, which libical kept every date of the set of, are expanded
    /// by `SetPositionRule`.)
    static func checkSetPosition(_ text: String) throws(RecurrenceError) {
        let rule = RRule(text)
        guard rule["BYSETPOS"] != nil else { return }
        if rule["BYWEEKNO"] != nil {
            throw RecurrenceError(property: "RRULE", reason: "BYSETPOS with BYWEEKNO is not a repeat clerk can follow: \(quoted(text))")
        }
    }

    /// The most INTERVAL libical holds (a C `short`).
    static let intervalLimit = 32_767

    /// Checks the numbers of a rule in its text, before libical reads them: libical keeps
    /// INTERVAL in a `short`, COUNT in an `int` and a BYDAY ordinal in a `short`, and a
    /// number beyond them wraps around. `INTERVAL=65537` was read as 1 (every day, where the
    /// file meant once in 179 years), `COUNT=4294967298` as 2, `BYDAY=65537MO` as `1MO`.
    ///
    /// | part | takes |
    /// |---|---|
    /// | `INTERVAL` | 1 to 32,767 |
    /// | `COUNT` | 1 to `iterationLimit` |
    /// | `BY…` lists | items of at most 366 (`BYYEARDAY`, `BYSETPOS`), libical checks each list's range |
    private static func checkNumbers(_ rule: RRule, text: String, wrong: RecurrenceError) throws(RecurrenceError) {
        /// The value of a run of ASCII digits (an optional sign first), nil when it is not one;
        /// `Int.max` when it is longer than any value a rule can hold.
        func number(_ digits: Substring) -> Int? {
            var digits = digits
            if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            let significant = digits.drop { $0 == "0" }
            guard significant.count <= 9 else { return .max }
            return Int(significant) ?? 0
        }
        func shown(_ value: Substring) -> String { value.count > 12 ? value.prefix(12) + "…" : String(value) }
        for part in rule.parts {
            guard let whole = part.value else { continue }
            let key = part.key.uppercased(), value = Substring(whole)
            switch key {
            case "INTERVAL":
                if let n = number(value), n > intervalLimit {
                    throw RecurrenceError(property: "RRULE", reason: "INTERVAL=\(shown(value)) is more than the \(intervalLimit) clerk takes: \(quoted(text))")
                }
            case "COUNT":
                if let n = number(value), n > iterationLimit {
                    throw RecurrenceError(property: "RRULE", reason: "COUNT=\(shown(value)) is more than the \(iterationLimit) times clerk repeats an event: \(quoted(text))")
                }
            case _ where key.hasPrefix("BY"):
                for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                    // BYDAY items are an ordinal and a day: `-1FR`, `65537MO`.
                    let ordinal = key == "BYDAY" ? item.prefix { !$0.isLetter } : item
                    if !ordinal.isEmpty, let n = number(ordinal), n > 366 { throw wrong }
                }
            default:
                continue
            }
        }
    }

    /// Checks an RRULE value as a series starting at `first` would use it.
    static func check(rule text: String, first: WallTime, isAllDay: Bool) throws(RecurrenceError) {
        try checkExpandable(try rule(text), from: first, isAllDay: isAllDay, text: text)
    }

    private static func checkExpandable(_ rule: icalrecurrencetype, from first: WallTime, isAllDay: Bool, text: String) throws(RecurrenceError) {
        let ok = LibICal.locked {
            guard let iterator = icalrecur_iterator_new(rule, .floating(first, isDate: isAllDay)) else { return false }
            icalrecur_iterator_free(iterator)
            return true
        }
        if !ok { throw RecurrenceError(property: "RRULE", reason: "no date can match \(quoted(text))") }
    }

    /// UNTIL in UTC (as RFC 5545 asks for zoned series) becomes the same instant on the
    /// series' wall clock; a date UNTIL on a timed series means the end of that day.
    private func moveUntilOntoWallClock(_ rule: inout icalrecurrencetype) {
        guard icaltime_is_null_time(rule.until) == 0 else { return }
        let until = rule.until
        let wall: WallTime
        if icaltime_is_utc(until) != 0 {
            wall = zone.wallTime(at: until.wallTime.secondsAsUTC)
        } else if until.is_date != 0, !isAllDay {
            wall = WallTime(year: Int(until.year), month: Int(until.month), day: Int(until.day), hour: 23, minute: 59, second: 59)
        } else {
            wall = until.wallTime
        }
        rule.until = .floating(wall, isDate: isAllDay)
    }

    /// The keys an RDATE or EXDATE line names.
    private func keys(of line: PropertyLine) throws(RecurrenceError) -> [Int64] {
        var lineZone = zone
        if let tzid = line.parameters["TZID"] {
            guard let named = ZoneRules(identifier: tzid) else {
                throw RecurrenceError(property: line.name, reason: "unknown time zone \(quoted(tzid))")
            }
            lineZone = named
        }
        var keys: [Int64] = []
        for part in line.value.split(separator: ",") {
            let text = String(part.split(separator: "/").first ?? part)
            guard let time = LibICal.time(text), time.isValid else {
                throw RecurrenceError(property: line.name, reason: "expected dates or date-times, got \(quoted(line.value))")
            }
            keys.append(key(of: time, in: lineZone))
        }
        return keys
    }

    /// The key of an RDATE/EXDATE value in this series' terms: a date on a timed series means
    /// the series' time of day on that date; a time on an all-day series means its date.
    private func key(of time: ICalTime, in lineZone: ZoneRules) -> Int64 {
        if isAllDay {
            let date = time.isDate ? time.date : (time.isUTC ? zone.wallTime(at: time.wall.secondsAsUTC).date : time.date)
            return Civil.key(of: date)
        }
        if time.isDate {
            return zone.utcSeconds(of: WallTime(year: time.wall.year, month: time.wall.month, day: time.wall.day,
                                                hour: first.hour, minute: first.minute, second: first.second))
        }
        return time.utcSeconds(floatingIn: lineZone)
    }

    /// The key of a wall time the iterator produced.
    private func key(of wall: WallTime) -> Int64 {
        isAllDay ? Civil.key(of: wall.date) : zone.utcSeconds(of: wall)
    }

    /// Every start in `[from, to)`, in order: DTSTART, the rules' starts and RDATEs, less
    /// EXDATEs.
    func starts(from: Int64, to: Int64) -> [Int64] {
        guard from < to else { return [] }
        var found = Set<Int64>()
        if firstKey >= from, firstKey < to { found.insert(firstKey) }
        for start in added where start >= from && start < to { found.insert(start) }
        // Wall clocks run up to a day from UTC; look that far beyond both ends.
        let wallFrom = from - 2 * 86_400, wallTo = to + 2 * 86_400
        for rule in rules {
            LibICal.locked {
                // libical can start at the range instead of stepping from DTSTART, except
                // with COUNT (it must count from the start) and below DAILY, where it loses
                // the INTERVAL's phase (FREQ=HOURLY;INTERVAL=7 lands on the wrong hours). An
                // hourly rule without COUNT is walked from a start of its own instead: the
                // last one before the range, a whole number of intervals after DTSTART
                // (minutes and seconds kept). Stepped from DTSTART, the iteration limit ended
                // an hourly series 22 years after its start.
                var start = first
                let jumps = rule.count == 0 && wallFrom > first.secondsAsUTC
                if jumps, rule.freq == ICAL_HOURLY_RECURRENCE {
                    let step = Int64(max(1, rule.interval)) * 3600
                    start = WallTime(secondsAsUTC: first.secondsAsUTC + (wallFrom - first.secondsAsUTC) / step * step)
                }
                guard let iterator = icalrecur_iterator_new(rule, .floating(start, isDate: isAllDay)) else { return }
                defer { icalrecur_iterator_free(iterator) }
                if jumps, rule.freq != ICAL_HOURLY_RECURRENCE {
                    _ = icalrecur_iterator_set_start(iterator, .floating(WallTime(secondsAsUTC: wallFrom), isDate: isAllDay))
                }
                for _ in 0..<Recurrence.iterationLimit {
                    let next = icalrecur_iterator_next(iterator)
                    if icaltime_is_null_time(next) != 0 { return }
                    let wall = next.wallTime
                    if wall.secondsAsUTC >= wallTo { return }
                    let key = key(of: wall)
                    if key >= from, key < to { found.insert(key) }
                }
            }
        }
        for rule in setPositionRules {
            rule.forEachStart(from: wallFrom, to: wallTo) { wall in
                let key = key(of: wall)
                if key >= from, key < to { found.insert(key) }
            }
        }
        return found.subtracting(excluded).sorted()
    }

    /// True when the series never ends (some rule has neither COUNT nor UNTIL).
    var isEndless: Bool {
        rules.contains { $0.count == 0 && icaltime_is_null_time($0.until) != 0 } || setPositionRules.contains(where: \.isEndless)
    }

    /// The last start, or nil when the series never ends. A COUNT rule is run to its end.
    func lastStart() -> Int64? {
        if isEndless { return nil }
        var last = max(firstKey, added.max() ?? firstKey)
        for rule in rules {
            LibICal.locked {
                guard let iterator = icalrecur_iterator_new(rule, .floating(first, isDate: isAllDay)) else { return }
                defer { icalrecur_iterator_free(iterator) }
                if rule.count == 0 {
                    // UNTIL bounds the rule; the last start is at most UNTIL on the wall clock.
                    last = max(last, key(of: rule.until.wallTime))
                    return
                }
                for _ in 0..<Recurrence.iterationLimit {
                    let next = icalrecur_iterator_next(iterator)
                    if icaltime_is_null_time(next) != 0 { return }
                    last = max(last, key(of: next.wallTime))
                }
            }
        }
        for rule in setPositionRules {
            if let until = rule.until, rule.count == nil {
                last = max(last, key(of: until))
            } else {
                rule.forEachStart(from: .min, to: .max) { last = max(last, key(of: $0)) }
            }
        }
        return last
    }
}
