import ClerkCore
import FoundationEssentials

/// Lays events out by day: a weekday heading per day, all-day events first, then timed ones
/// with their times aligned, each with its calendar's tag when there are several calendars.
///
/// An all-day event shows on every day it covers; a timed event on the day it starts (or on
/// the first day shown, when it started earlier).
struct AgendaLayout {
    var text: DateText
    var style: TextStyle
    /// Calendar id → name; tags are shown when this names more than one calendar.
    var calendarNames: [String: String]
    /// The year it is: headings of days in other years name theirs ("Friday 1 Jan 2027").
    var year: Int?

    init(text: DateText, style: TextStyle, calendarNames: [String: String]) {
        self.text = text
        self.style = style
        self.calendarNames = calendarNames
    }

    /// Events grouped by local date within `[from, to)`, each day's list all-day first, by start.
    func days(_ events: [Event], from: Date, to: Date) -> [(LocalDate, [Event])] {
        let firstDay = text.localDate(from)
        var lastDay = text.localDate(to)
        if lastDay.startOfDay(in: text.zone) == to { lastDay = lastDay.adding(days: -1) }
        var byDay: [LocalDate: [Event]] = [:]
        for event in events {
            switch event.when {
            case .allDay(let start, let end):
                var day = max(start, firstDay)
                while day < end, day <= lastDay {
                    byDay[day, default: []].append(event)
                    day = day.adding(days: 1)
                }
            case .timed(let start, _, _):
                let day = max(text.localDate(start), firstDay)
                if day <= lastDay { byDay[day, default: []].append(event) }
            }
        }
        return byDay.keys.sorted().map { day in
            (day, byDay[day]!.sorted { a, b in
                if a.when.isAllDay != b.when.isAllDay { return a.when.isAllDay }
                let sa = a.when.startInstant(in: text.zone), sb = b.when.startInstant(in: text.zone)
                return sa != sb ? sa < sb : a.title < b.title
            })
        }
    }

    /// One event as an agenda line: "  13:00–14:00  Lunch with Ana  [Work]". Under a day
    /// after the one it starts, a timed event names its start's day ("Mon 7 Dec 19:00–07:00"
    /// under Tuesday: a night shift begun the evening before, not one that evening).
    func line(_ event: Event, listedOn day: LocalDate? = nil) -> String {
        let time: String
        switch event.when {
        case .allDay: time = "all day    "
        case .timed(let start, let end, _):
            let startDay = text.localDate(start)
            if let day, startDay < day {
                let endDay = text.localDate(end)
                time = text.shortDay(startDay) + " " + text.clock(start) + "–" + text.clock(end)
                    + (endDay > day && text.clock(end) != "00:00" ? " (" + text.shortDay(endDay) + ")" : "")
            } else {
                time = text.clockRange(start, end)
            }
        }
        let clock = time.padded(toWidth: max(11, time.count))
        var what = event.shownTitle
        if let location = event.location, !location.isEmpty { what += " · " + location.oneLine }
        var tag = ""
        if calendarNames.count > 1, let name = calendarNames[event.calendarID] { tag = "  [" + name.oneLine + "]" }
        // Only the title and place give way when the terminal is narrow.
        what = style.fit(what, style.width - 4 - clock.count - tag.count)
        return "  " + style.dim(clock) + "  " + what + tag
    }

    /// Headings and lines for the days that have events.
    func render(_ events: [Event], from: Date, to: Date) -> [String] {
        var lines: [String] = []
        for (day, dayEvents) in days(events, from: from, to: to) {
            lines.append(style.bold(text.weekday(day) + " \(day.day) " + String(DateText.months[day.month - 1].prefix(3)) + (year.map { $0 != day.year } == true ? " \(day.year)" : "")))
            lines += dayEvents.map { line($0, listedOn: day) }
        }
        return lines
    }
}
