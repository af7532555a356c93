import ClerkCore
import FoundationEssentials

/// Dates and times written the way clerk shows them: "Tue 1 Dec 2026", "13:00–14:00".
///
/// Written by hand rather than with `DateFormatter` so the output is the same on every
/// machine and locale, and cheap enough for long agendas.
struct DateText: Sendable {
    let zone: Zone

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July",
                                "August", "September", "October", "November", "December"]

    init(zone: Zone) {
        self.zone = zone
    }

    /// "Tue 1 Dec 2026".
    func day(_ date: LocalDate) -> String {
        "\(Self.weekdays[date.isoWeekday - 1].prefix(3)) \(date.day) \(Self.months[date.month - 1].prefix(3)) \(date.year)"
    }

    /// "Tue 1 Dec" (no year), for headings and lists within the year at hand.
    func shortDay(_ date: LocalDate) -> String {
        "\(Self.weekdays[date.isoWeekday - 1].prefix(3)) \(date.day) \(Self.months[date.month - 1].prefix(3))"
    }

    /// "Tuesday".
    func weekday(_ date: LocalDate) -> String {
        Self.weekdays[date.isoWeekday - 1]
    }

    /// The local date of `instant`.
    func localDate(_ instant: Date) -> LocalDate {
        LocalDate(instant, in: zone)
    }

    /// "13:05", or "13:05:30" when the seconds are not zero.
    func clock(_ instant: Date) -> String {
        let seconds = zone.wallClock(instant).seconds
        var text = ClockText.hoursMinutes(seconds / 60)
        if seconds % 60 != 0 {
            text.append(":")
            ClockText.append(seconds % 60, width: 2, to: &text)
        }
        return text
    }

    /// "13:00–14:00", or "23:00–01:00 (Wed)" when the end falls on a later day.
    func clockRange(_ start: Date, _ end: Date) -> String {
        let first = localDate(start)
        let last = localDate(end)
        var text = clock(start) + "–" + clock(end)
        if last != first, !(last == first.adding(days: 1) && clock(end) == "00:00") {
            text += " (" + shortDay(last) + ")"
        }
        return text
    }

    /// The whole span of a `When`: "Tue 1 Dec 2026, 13:00–14:00", "Tue 1 Dec 2026, all day",
    /// "Mon 21 Dec 2026 – Sun 3 Jan 2027, all day".
    func span(_ when: When) -> String {
        switch when {
        case .timed(let start, let end, _):
            return day(localDate(start)) + ", " + clockRange(start, end)
        case .allDay(let start, let end):
            let last = end.adding(days: -1)
            if last <= start { return day(start) + ", all day" }
            return day(start) + " – " + day(last) + ", all day"
        }
    }

    /// A length of time in words: "1 h", "30 min", "1 h 30 min", "2 days".
    static func duration(seconds: TimeInterval) -> String {
        let minutes = Int(saturating: (seconds / 60).rounded())
        if minutes % 1440 == 0, minutes >= 1440 {
            let days = minutes / 1440
            return days == 1 ? "1 day" : "\(days) days"
        }
        let hours = minutes / 60, rest = minutes % 60
        switch (hours, rest) {
        case (0, _): return "\(rest) min"
        case (_, 0): return "\(hours) h"
        default: return "\(hours) h \(rest) min"
        }
    }

    /// "in 25 min", "in 2 h 10 min", "in 3 days", "now" — how long until `instant`.
    static func until(_ instant: Date, from now: Date) -> String {
        let seconds = instant.timeIntervalSince(now)
        if seconds < 60 { return "now" }
        if seconds >= 2 * 86_400 { return "in \(Int(saturating: seconds / 86_400)) days" }
        return "in " + duration(seconds: (seconds / 60).rounded(.down) * 60)
    }
}
