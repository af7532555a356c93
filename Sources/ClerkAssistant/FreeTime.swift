import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// Free and busy time within a window, for "am I free on Friday afternoon" and "free slots of
/// an hour tomorrow".
///
/// | asked about | window searched |
/// |---|---|
/// | a part of a day ("Friday afternoon") or an explicit span | exactly that span |
/// | whole days ("tomorrow", "this week") | each day's waking hours, 08:00–20:00 |
/// | a part of each day of a span ("free evenings this week") | that part of each day |
///
/// All-day events do not make a person busy (birthdays, holidays), as in Google Calendar's
/// free/busy; timed events do, overlapping ones merged.
enum FreeTime {
    /// The hours of a whole day that count when looking for free time.
    static let dayWindow = (startHour: 8, endHour: 20)

    /// The spans to search: `[from, to)` itself, or each day's waking hours when the span is
    /// made of whole days.
    static func windows(from: Date, to: Date, zone: Zone, wholeDays: Bool,
                               hours: (start: Int, end: Int) = (dayWindow.startHour * 60, dayWindow.endHour * 60)) -> [(Date, Date)] {
        // A span of more than a day ("the weekend", Friday 18:00 on) is asked day by day too.
        guard wholeDays || to.timeIntervalSince(from) > 86_400 else { return [(from, to)] }
        var windows: [(Date, Date)] = []
        var day = LocalDate(from, in: zone)
        while day.startOfDay(in: zone) < to {
            let start = max(zone.date(day, minute: hours.start), from), end = min(zone.date(day, minute: hours.end), to)
            if start < end { windows.append((start, end)) }
            day = day.adding(days: 1)
        }
        return windows
    }

    /// A part of the day's hours, in minutes from midnight, as the date reader reads "this
    /// evening" (18:00–24:00) or "this afternoon" (12:00–19:00); a morning from the start of
    /// the working day (`working`).
    static func hours(of part: DayPart, working: (start: Int, end: Int)) -> (start: Int, end: Int) {
        switch part {
        case .morning: (min(working.start, 11 * 60), 12 * 60)
        case .afternoon: (12 * 60, 19 * 60)
        case .evening, .night: (18 * 60, 24 * 60)
        }
    }

    /// The timed events overlapping `[from, to)`, merged into busy spans.
    static func busy(_ events: [Event], from: Date, to: Date) -> [(Date, Date)] {
        let spans = events.compactMap { event -> (Date, Date)? in
            guard case .timed(let s, let e, _) = event.when, s < to, e > from else { return nil }
            return (max(s, from), min(e, to))
        }.sorted { $0.0 < $1.0 }
        var merged: [(Date, Date)] = []
        for span in spans {
            if let last = merged.last, span.0 <= last.1 {
                merged[merged.count - 1].1 = max(last.1, span.1)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    /// The free spans of `[from, to)` around `events`, at least `minimum` seconds long.
    static func free(_ events: [Event], from: Date, to: Date, minimum: TimeInterval = 0) -> [(Date, Date)] {
        var free: [(Date, Date)] = []
        var cursor = from
        for (s, e) in busy(events, from: from, to: to) {
            if s > cursor { free.append((cursor, s)) }
            cursor = max(cursor, e)
        }
        if cursor < to { free.append((cursor, to)) }
        return free.filter { $0.1.timeIntervalSince($0.0) >= max(minimum, 1) }
    }
}
