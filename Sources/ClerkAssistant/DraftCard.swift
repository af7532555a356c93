import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// A new event being put together before anything is written: what the sentence said,
/// what was resolved (calendar, people), and what was assumed.
struct DraftCard {
    /// Chosen once, so saying yes again after a failure never creates a second event.
    var id: String
    var draft: EventDraft
    var calendar: CalendarInfo
    /// The duration was not said; the default applies.
    var durationAssumed: Bool
    /// No calendar was named; the default one (or the primary one) applies.
    var calendarAssumed: Bool
    /// `default_calendar` names a calendar that is not there: the card goes to the primary
    /// calendar and says so, never calling it the default.
    var missingDefault: String? = nil
    /// "at 9am their time" with no place said whose: the time is read here, and the card
    /// says so.
    var theirTimeUnknown = false
    /// People named who are not in the contacts (invited by name only).
    var unknownPeople: [String] = []
    /// A clock time said that does not exist that day (clocks go forward), and the time the
    /// event was moved to: the card says so.
    var skippedClock: (said: String, moved: String)?
    /// Words of the line no reader could place, said back on the card.
    var unread: String?
    /// `unread` is a repeat's end said as no date (`EventRequest.unreadEndsRepeat`).
    var unreadEndsRepeat = false
    /// The zone the time was said in when it is not the session's ("9am JST"): the card
    /// shows the time there too.
    var saidInZone: (zone: Zone, name: String)?
    /// Other clock times said on the line, which the event does not have ("8pm" of "every
    /// day at 8am and 8pm"): the card says so.
    var otherTimes: [String] = []
    /// The other of two times or days said with "or" ("1" of "lunch at 12 or 1 tomorrow"),
    /// which the event does not take: the card names it and how to take it instead.
    var alternatives: [AlternativeTime] = []
    /// The weekday said ("on saturday"), today, taken as next week's because today's is
    /// over (`Session.weekdayGoneBy`): the card says so.
    var weekdayNextWeek: String?
    /// The event gone by this one makes again ("rebook the dentist for …"): the card says which.
    var copiedFrom: Event?
    /// Who chose the start: the sentence, or clerk looking for free time because only a
    /// length and days were said ("block 2 hours tomorrow").
    var placement = Placement.said

    enum Placement {
        case said
        /// The first free span of the length in working hours.
        case firstFree
        /// No free span was that long: the start of working hours.
        case noneFree
    }
}

/// Where an event starts when a part of the day or a meal was said and no clock time.
///
/// | said | starts |
/// |---|---|
/// | first thing ("first thing monday") | as working hours begin (08:00) |
/// | morning ("tomorrow morning") | an hour after working hours begin (09:00), at most 11:00 |
/// | afternoon | 14:00 |
/// | evening, tonight | 19:00 |
/// | night | 21:00 |
/// | breakfast | 08:00 |
/// | brunch | 11:00 |
/// | lunch | 13:00 |
/// | drinks | 19:00 |
/// | dinner, an evening out ("movie night") | 20:00 |
///
/// Asked about ("am I free tomorrow morning") or blocked ("block Friday afternoon"), a
/// morning or afternoon is its working part: the part's span within working hours.
enum StartDefaults {
    /// Minutes after midnight the event starts at.
    static func start(_ hint: StartHint, workingHours: (start: Int, end: Int)) -> Int {
        switch hint {
        case .firstThing: return workingHours.start
        case .dayPart(.morning): return min(workingHours.start + 60, 11 * 60)
        case .dayPart(.afternoon): return 14 * 60
        case .dayPart(.evening): return 19 * 60
        case .dayPart(.night): return 21 * 60
        case .occasion(.breakfast): return 8 * 60
        case .occasion(.brunch): return 11 * 60
        case .occasion(.lunch): return 13 * 60
        case .occasion(.drinks): return 19 * 60
        case .occasion(.dinner), .occasion(.evening): return 20 * 60
        }
    }

    /// A part of the day read as a span, narrowed to working hours when it is a morning or an
    /// afternoon (the parts that working hours cut).
    static func working(_ part: DayPart, from: Date, to: Date, zone: Zone, hours: (start: Int, end: Int)) -> (Date, Date) {
        guard part == .morning || part == .afternoon else { return (from, to) }
        // On the day's wall clock: counted from midnight, a day the clocks change on opened
        // an hour late (spring) or early (autumn).
        let day = LocalDate(from, in: zone)
        let opens = zone.date(day, minute: hours.start), closes = zone.date(day, minute: hours.end)
        let start = max(from, opens), end = min(to, closes)
        return start < end ? (start, end) : (from, to)
    }
}

/// Default lengths for new events.
///
/// | said | length |
/// |---|---|
/// | a time, no end or duration ("tomorrow at 13:00") | 1 h |
/// | a date only ("tomorrow") | all day |
enum EventDefaults {
    static let duration: TimeInterval = 3600
}

/// How a date said in an edit changes an existing `When`: only what was said changes.
///
/// | said | result |
/// |---|---|
/// | a time ("make it 13:30") | same day, new time, same length |
/// | a date ("move it to Tuesday") | new day, same time and length |
/// | both, or a span ("Friday 3-4pm") | the new span (same length unless an end was said) |
/// | a date, for an all-day event | the new day(s), same number of days |
/// | a time, for an all-day event | a timed event of the default length |
/// | a week, no time ("to next week") | the same weekday that week, same time and length |
/// | a month, no time ("to next month") | the same day of that month (its last, if shorter), same time |
enum WhenEdit {
    static func apply(_ match: DateMatch, to when: When, zone: Zone) -> When {
        let match = inEventsMonth(inEventsWeek(match, when: when, zone: zone), when: when, zone: zone)
        if !(match.known.contains(.time) && !match.isAllDay), match.grain == .week || match.grain == .month {
            // "push the dentist to next week (same time)": a week later, not the week's Monday.
            let old = LocalDate(when.startInstant(in: zone), in: zone)
            let target = LocalDate(match.start, in: zone)
            let day = match.grain == .week
                ? target.adding(days: old.isoWeekday - target.isoWeekday)
                : LocalDate(year: target.year, month: target.month, day: min(old.day, LocalDate.daysIn(month: target.month, year: target.year)))
            let days = old.days(until: day)
            switch when {
            case .allDay(let start, let end): return .allDay(start: start.adding(days: days), end: end.adding(days: days))
            case .timed(let start, let end, let zoneName):
                let newStart = zone.date(byAddingDays: days, to: start)
                return .timed(start: newStart, end: newStart + end.timeIntervalSince(start), timeZone: zoneName)
            }
        }
        let saidDate = match.known.contains(.date) || match.isAllDay
        let saidTime = match.known.contains(.time) && !match.isAllDay
        let saidEnd = match.known.contains(.end) || match.known.contains(.duration)

        switch when {
        case .allDay(let start, let end):
            if saidTime {
                let day = saidDate ? LocalDate(match.start, in: zone) : start
                let newStart = zone.date(day, minute: zone.wallClock(match.start).seconds / 60)
                let newEnd = saidEnd ? newStart + match.end.timeIntervalSince(match.start) : newStart + EventDefaults.duration
                return .timed(start: newStart, end: newEnd, timeZone: zone.identifier)
            }
            let newStart = LocalDate(match.start, in: zone)
            let days = match.isAllDay && match.known.contains(.end)
                ? max(1, newStart.days(until: LocalDate(match.end, in: zone)))
                : start.days(until: end)
            return .allDay(start: newStart, end: newStart.adding(days: days))

        case .timed(let start, let end, let zoneName):
            let length = end.timeIntervalSince(start)
            var newStart: Date
            if saidTime && saidDate {
                newStart = match.start
            } else if saidTime {
                let day = LocalDate(start, in: zone)
                newStart = zone.date(day, minute: keptHalf(of: zone.wallClock(match.start).seconds / 60, near: zone.wallClock(start).seconds / 60,
                                                           eitherHalf: match.known.contains(.eitherHalfOfDay)))
            } else {
                let day = LocalDate(match.start, in: zone)
                newStart = zone.date(day, minute: zone.wallClock(start).seconds / 60)
            }
            // A range said without a day ("make it 9 to 5") keeps the event's day: the reader
            // placed it today or tomorrow, so its length is what is taken, not its end.
            let newEnd = saidTime && saidEnd ? (saidDate ? match.end : newStart + match.end.timeIntervalSince(match.start)) : newStart + length
            if newStart >= newEnd { newStart = newEnd - length }
            return .timed(start: newStart, end: newEnd, timeZone: zoneName)
        }
    }

    /// A weekday said alone ("no wait, thursday", "move it to friday at 3") is that day of the
    /// event's own week when that is still to come: a Wednesday coffee next week corrected to
    /// "thursday" goes to the next day, not to this week's Thursday. The reader's reading (the
    /// next such weekday from today) stays when the event's week holds it no later.
    static func inEventsWeek(_ match: DateMatch, when: When, zone: Zone) -> DateMatch {
        let dayParts = match.parts.filter { $0.role == "date" }
        guard dayParts.count == 1, dayParts[0].rule == "weekday", match.recurrence == nil,
              ["weekday", "on-date", "intersect"].contains(match.rule) else { return match }
        let old = LocalDate(when.startInstant(in: zone), in: zone)
        let target = LocalDate(match.start, in: zone)
        let sameWeek = old.adding(days: target.isoWeekday - old.isoWeekday)
        let days = target.days(until: sameWeek)
        guard days > 0 else { return match }
        return moved(match, byDays: days, zone: zone)
    }

    /// `match` on the day `days` later, at the same wall-clock times.
    static func moved(_ match: DateMatch, byDays days: Int, zone: Zone) -> DateMatch {
        var moved = match
        moved.start = zone.date(byAddingDays: days, to: match.start)
        moved.end = zone.date(byAddingDays: days, to: match.end)
        return moved
    }

    /// "move the staff meeting in january to the 11th": a day of the month said alone, read
    /// from today as the next such day, is that day of the event's own month when the event
    /// lies in a later month that has the day.
    static func inEventsMonth(_ match: DateMatch, when: When, zone: Zone) -> DateMatch {
        let dayParts = match.parts.filter { $0.role == "date" }
        let rules: Set<String> = ["the-day-of-month", "ordinal-day-of-month"]
        guard match.recurrence == nil, rules.contains(match.rule) || dayParts.count == 1 && rules.contains(dayParts[0].rule) else { return match }
        let old = LocalDate(when.startInstant(in: zone), in: zone)
        let target = LocalDate(match.start, in: zone)
        guard (old.year, old.month) > (target.year, target.month), target.day <= LocalDate.daysIn(month: old.month, year: old.year) else { return match }
        return moved(match, byDays: target.days(until: LocalDate(year: old.year, month: old.month, day: target.day)), zone: zone)
    }

    /// An edit's clock time in minutes after midnight: said on a 12-hour dial with no am/pm
    /// ("sorry, 9:30" for a 09:00 call), the reading of the two that falls in the daytime
    /// hours (07:00–21:59) closest to the event's own time `current`, so a morning event
    /// stays in the morning and "make it 7" for a 20:00 dinner is 19:00. A reading within two
    /// hours of `current` counts too: "make the gym 6:30" for a 07:00 gym is 06:30.
    static func keptHalf(of minute: Int, near current: Int, eitherHalf: Bool) -> Int {
        guard eitherHalf else { return minute }
        let candidates = [minute % 720, minute % 720 + 720].filter { (7 * 60..<22 * 60).contains($0) || abs($0 - current) <= 120 }
        return candidates.min { abs($0 - current) < abs($1 - current) } ?? minute
    }

    /// `when` after every timing change of an edit, in this order: the new date or time, a
    /// move ("an hour later"), a new length, all day.
    static func applying(_ changes: EventChanges, to when: When, zone: Zone, workingHours: (start: Int, end: Int) = (8 * 60, 20 * 60)) -> When {
        var result = when
        if let hint = changes.startHint, let said = changes.when {
            let match = inEventsWeek(said, when: when, zone: zone)
            // A part of the day alone: its usual start on the day said (or the event's own),
            // the event's length kept.
            let day = match.known.contains(.date) ? LocalDate(match.start, in: zone) : LocalDate(when.startInstant(in: zone), in: zone)
            let start = zone.date(day, minute: StartDefaults.start(hint, workingHours: workingHours))
            let length: TimeInterval
            if case .timed(let s, let e, _) = when { length = e.timeIntervalSince(s) } else { length = EventDefaults.duration }
            result = .timed(start: start, end: start + length, timeZone: zone.identifier)
        } else if let match = changes.when { result = apply(match, to: result, zone: zone) }
        if let minutes = changes.shiftMinutes { result = result.shifted(bySeconds: TimeInterval(minutes * 60)) }
        if let minutes = changes.durationMinutes { result = resize(result, minutes: minutes) }
        if let minutes = changes.lengthenMinutes, case .timed(let start, let end, let zoneName) = result {
            // Never shorter than five minutes.
            result = .timed(start: start, end: max(start + 300, end + TimeInterval(minutes * 60)), timeZone: zoneName)
        }
        if let said = changes.newEnd, case .timed(let start, _, let zoneName) = result {
            // The clock time said on the start's day, or the next day when that is not later.
            let day = LocalDate(start, in: zone), clock = zone.wallClock(said.start).seconds
            var end = zone.date(day, hour: clock / 3600, minute: clock % 3600 / 60)
            if end <= start { end = zone.date(day.adding(days: 1), hour: clock / 3600, minute: clock % 3600 / 60) }
            result = .timed(start: start, end: end, timeZone: zoneName)
        }
        if changes.makesAllDay, case .timed(let start, _, _) = result {
            let day = LocalDate(start, in: zone)
            result = .allDay(start: day, end: day.adding(days: 1))
        }
        return result
    }

    /// True when an edit touches the timing at all.
    static func changesTiming(_ changes: EventChanges) -> Bool {
        changes.when != nil || changes.shiftMinutes != nil || changes.durationMinutes != nil || changes.makesAllDay
            || changes.lengthenMinutes != nil || changes.newEnd != nil
    }

    /// `when` with a new length, keeping the start.
    static func resize(_ when: When, minutes: Int) -> When {
        switch when {
        case .timed(let start, _, let zone):
            return .timed(start: start, end: start + TimeInterval(minutes * 60), timeZone: zone)
        case .allDay(let start, _):
            return .allDay(start: start, end: start.adding(days: max(1, minutes / 1440)))
        }
    }
}
