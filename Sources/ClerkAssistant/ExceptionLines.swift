import ClerkCore
import FoundationEssentials

/// The EXDATE lines of a new event's repeat, written from the days it leaves out ("every
/// Monday at 10 except Dec 28"), and read back for the card and for an edit of the time.
///
/// | series  | line                                                     |
/// |---------|----------------------------------------------------------|
/// | all-day | `EXDATE;VALUE=DATE:20261228`                              |
/// | timed   | `EXDATE:20261228T090000Z`: the series' time of day that day, in UTC, as the store writes a cancelled occurrence |
enum ExceptionLines {
    /// The lines for `days` of a series that starts as `when` does, in `zone`.
    static func lines(_ days: [LocalDate], when: When, zone: Zone) -> [String] {
        switch when {
        case .allDay:
            return days.map { "EXDATE;VALUE=DATE:" + basic($0) }
        case .timed(let start, _, _):
            let seconds = zone.wallClock(start).seconds
            return days.map { day in
                "EXDATE:" + basicUTC(zone.date(day, hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60))
            }
        }
    }

    /// The days the EXDATE lines among `lines` leave out, on `zone`'s calendar, in order
    /// (the lines `lines(_:when:zone:)` writes; others are passed over).
    static func days(in lines: [String], zone: Zone) -> [LocalDate] {
        lines.compactMap { line -> LocalDate? in
            guard isException(line), let colon = line.lastIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...]
            let digits = value.prefix(8)
            guard digits.count == 8, digits.allSatisfy(\.isASCII), let day = LocalDate(iso: "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.suffix(2))") else { return nil }
            guard value.count == 16, value.hasSuffix("Z"), let h = Int(value.dropFirst(9).prefix(2)), let m = Int(value.dropFirst(11).prefix(2)),
                  let s = Int(value.dropFirst(13).prefix(2)) else { return day }
            return zone.wallClock(Zone.gmt.date(day, hour: h, minute: m, second: s)).day
        }.sorted()
    }

    /// An instant as iCalendar writes one in UTC: `20261228T090000Z`.
    static func basicUTC(_ instant: Date) -> String {
        let utc = Zone.gmt.wallClock(instant)
        return basic(utc.day) + "T" + ClockText.padded(utc.seconds / 3600, width: 2)
            + ClockText.padded(utc.seconds / 60 % 60, width: 2) + ClockText.padded(utc.seconds % 60, width: 2) + "Z"
    }

    static func isException(_ line: String) -> Bool {
        line.hasPrefix("EXDATE:") || line.hasPrefix("EXDATE;")
    }

    /// `YYYYMMDD`.
    static func basic(_ day: LocalDate) -> String {
        ClockText.padded(day.year, width: 4) + ClockText.padded(day.month, width: 2) + ClockText.padded(day.day, width: 2)
    }
}
