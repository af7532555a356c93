@testable import ClerkAssistant
import ClerkCore
import Foundation
import Testing

@Suite struct AgendaLayoutTests {
    let layout = AgendaLayout(text: DateText(zone: Moments.madrid), style: .plain, calendarNames: ["personal": "Personal", "work": "Work"])

    @Test func groupsByDayAllDayFirstTimesAligned() {
        let events = [
            Moments.timed("3", "Lunch with Ana", "2026-12-01 13:00", "2026-12-01 14:00", calendar: "work"),
            Moments.allDay("1", "Trip", "2026-11-30", "2026-12-02"),
            Moments.timed("2", "Standup", "2026-11-30 09:00", "2026-11-30 09:30", calendar: "work"),
            Moments.timed("4", "Late show", "2026-12-01 23:00", "2026-12-02 01:00"),
        ]
        let lines = layout.render(events, from: Moments.at("2026-11-30 00:00"), to: Moments.at("2026-12-07 00:00"))
        #expect(lines == [
            "Monday 30 Nov",
            "  all day      Trip  [Personal]",
            "  09:00–09:30  Standup  [Work]",
            "Tuesday 1 Dec",
            "  all day      Trip  [Personal]",
            "  13:00–14:00  Lunch with Ana  [Work]",
            "  23:00–01:00 (Wed 2 Dec)  Late show  [Personal]",
        ])
    }

    /// Named with its start's day: "22:00–06:00 (Mon 30 Nov)" under Monday read as a shift
    /// that Monday evening.
    @Test func showsEventsThatStartedBeforeTheRangeOnItsFirstDay() {
        let events = [Moments.timed("1", "Night shift", "2026-11-29 22:00", "2026-11-30 06:00")]
        let single = AgendaLayout(text: DateText(zone: Moments.madrid), style: .plain, calendarNames: ["personal": "Personal"])
        #expect(single.render(events, from: Moments.at("2026-11-30 00:00"), to: Moments.at("2026-12-01 00:00")) == [
            "Monday 30 Nov",
            "  Sun 29 Nov 22:00–06:00  Night shift",
        ])
    }

    /// An event with an empty or blank title (an .ics `SUMMARY:`) showed as a blank row; it is
    /// "(no title)" in text, as in each sentence that names it.
    @Test func anEventWithoutATitleIsShownAsNoTitle() {
        let events = [Moments.timed("1", "", "2026-11-30 09:00", "2026-11-30 09:30"), Moments.timed("2", " \t", "2026-11-30 10:00", "2026-11-30 10:30")]
        #expect(layout.render(events, from: Moments.at("2026-11-30 00:00"), to: Moments.at("2026-12-01 00:00")) == [
            "Monday 30 Nov",
            "  09:00–09:30  (no title)  [Personal]",
            "  10:00–10:30  (no title)  [Personal]",
        ])
        #expect(events[0].shownTitle == "(no title)")
        #expect(Moments.timed("3", "Lunch", "2026-11-30 09:00", "2026-11-30 09:30").shownTitle == "Lunch")
    }

    @Test func findsFreeSpansAndSlots() {
        let events = [
            Moments.timed("1", "A", "2026-12-04 12:30", "2026-12-04 13:00"),
            Moments.timed("2", "B", "2026-12-04 12:45", "2026-12-04 14:00"),
            Moments.timed("3", "C", "2026-12-04 15:00", "2026-12-04 16:00"),
            Moments.allDay("4", "Birthday", "2026-12-04", "2026-12-05"),
        ]
        let free = FreeTime.free(events, from: Moments.at("2026-12-04 12:00"), to: Moments.at("2026-12-04 18:00"))
        let clock = DateText(zone: Moments.madrid)
        #expect(free.map { clock.clockRange($0.0, $0.1) } == ["12:00–12:30", "14:00–15:00", "16:00–18:00"])
        let hourLong = FreeTime.free(events, from: Moments.at("2026-12-04 12:00"), to: Moments.at("2026-12-04 18:00"), minimum: 3600)
        #expect(hourLong.map { clock.clockRange($0.0, $0.1) } == ["14:00–15:00", "16:00–18:00"])
        let windows = FreeTime.windows(from: Moments.at("2026-12-04 00:00"), to: Moments.at("2026-12-06 00:00"), zone: Moments.madrid, wholeDays: true)
        #expect(windows.map { clock.day(clock.localDate($0.0)) + " " + clock.clockRange($0.0, $0.1) } == [
            "Fri 4 Dec 2026 08:00–20:00", "Sat 5 Dec 2026 08:00–20:00",
        ])
    }
}

@Suite struct NarrowTerminalTests {
    @Test func titlesGiveWayWhenTheTerminalIsNarrow() {
        let layout = AgendaLayout(text: DateText(zone: Moments.madrid), style: TextStyle(color: false, width: 40),
                                  calendarNames: ["personal": "Personal", "work": "Work"])
        let event = Moments.timed("1", "Quarterly planning with the whole product team", "2026-12-01 13:00", "2026-12-01 14:00", calendar: "work")
        #expect(layout.line(event) == "  13:00–14:00  Quarterly planni…  [Work]")
        #expect(layout.line(event).count == 40)
    }

    @Test func colourWrapsOnlyTheClock() {
        let style = TextStyle(color: true, width: 80)
        let layout = AgendaLayout(text: DateText(zone: Moments.madrid), style: style, calendarNames: [:])
        let event = Moments.timed("1", "Standup", "2026-12-01 09:30", "2026-12-01 09:45")
        #expect(style.terminal(layout.line(event)) == "  \u{1B}[2m09:30–09:45\u{1B}[0m  Standup")
    }
}
