public import ClerkCore
public import Foundation

/// The `--json` shapes of DESIGN.md for events, contacts, files and calendars.
public enum JSONShapes {
    /// `{id, calendar, title, start, end, allDay, location, attendees, recurrence}`; timed
    /// times are RFC 3339 with the offset of `zone`, all-day ones `YYYY-MM-DD` (end exclusive).
    public static func event(_ event: Event, calendarName: String, zone: TimeZone) -> JSONValue {
        let start: String, end: String
        switch event.when {
        case .timed(let s, let e, _):
            start = rfc3339(s, zone: zone)
            end = rfc3339(e, zone: zone)
        case .allDay(let s, let e):
            start = s.iso
            end = e.iso
        }
        return .object([
            ("id", .string(event.id)),
            ("calendar", .string(calendarName)),
            ("title", .string(event.title)),
            ("start", .string(start)),
            ("end", .string(end)),
            ("allDay", .bool(event.when.isAllDay)),
            ("location", .string(orNull: event.location)),
            ("attendees", .array(event.attendees.map { .object([("name", .string(orNull: $0.name)), ("email", .string(orNull: $0.email))]) })),
            ("recurrence", .array(event.recurrence.map(JSONValue.string))),
        ])
    }

    /// `{id, name, emails, phones, addresses, birthday, notes}`.
    public static func contact(_ contact: Contact) -> JSONValue {
        func labeled(_ values: [LabeledValue]) -> JSONValue {
            .array(values.map { .object([("value", .string($0.value)), ("label", .string(orNull: $0.label))]) })
        }
        var birthday: JSONValue = .null
        if let b = contact.birthday {
            birthday = .string(b.year.map { String(format: "%04d-%02d-%02d", $0, b.month, b.day) } ?? String(format: "--%02d-%02d", b.month, b.day))
        }
        return .object([
            ("id", .string(contact.id)),
            ("name", .string(contact.name)),
            ("emails", labeled(contact.emails)),
            ("phones", labeled(contact.phones)),
            ("addresses", labeled(contact.addresses)),
            ("birthday", birthday),
            ("notes", .string(orNull: contact.notes)),
        ])
    }

    /// `{id, name, size, modified}`.
    public static func file(_ file: DriveFile, zone: TimeZone) -> JSONValue {
        .object([
            ("id", .string(file.id)),
            ("name", .string(file.name)),
            ("size", .number(Double(file.size))),
            ("modified", .string(rfc3339(file.modified, zone: zone))),
        ])
    }

    /// `{id, name, timeZone, primary}`.
    public static func calendar(_ calendar: CalendarInfo) -> JSONValue {
        .object([
            ("id", .string(calendar.id)),
            ("name", .string(calendar.name)),
            ("timeZone", .string(calendar.timeZone)),
            ("primary", .bool(calendar.isPrimary)),
        ])
    }

    /// `2026-12-01T13:00:00+01:00` (or `Z` for UTC).
    public static func rfc3339(_ instant: Date, zone: TimeZone) -> String {
        let calendar = Calendar.gregorian(in: zone)
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        let offset = zone.secondsFromGMT(for: instant)
        let base = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", p.year!, p.month!, p.day!, p.hour!, p.minute!, p.second!)
        if offset == 0 { return base + "Z" }
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return base + String(format: "%@%02d:%02d", sign, minutes / 60, minutes % 60)
    }
}
