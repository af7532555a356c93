import ClerkCore
import FoundationEssentials

/// The `--json` shapes of DESIGN.md for events, contacts, files and calendars.
enum JSONShapes {
    /// `{id, calendar, title, start, end, allDay, location, notes, attendees, recurrence}`;
    /// timed times are RFC 3339 with the offset of `zone`, all-day ones `YYYY-MM-DD` (end
    /// exclusive). `notes` (the card's notes, null when none) was added after DESIGN.md's
    /// shape: a reader that knows only those keys is unaffected.
    static func event(_ event: Event, calendarName: String, zone: Zone) -> JSONValue {
        let start: String, end: String
        switch event.when {
        case .timed(let s, let e, _):
            start = ClockText.rfc3339(s, zone: zone)
            end = ClockText.rfc3339(e, zone: zone)
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
            ("notes", .string(orNull: event.notes)),
            ("attendees", .array(event.attendees.map { .object([("name", .string(orNull: $0.name)), ("email", .string(orNull: $0.email))]) })),
            ("recurrence", .array(event.recurrence.map(JSONValue.string))),
        ])
    }

    /// `{id, name, emails, phones, addresses, birthday, notes, company, jobTitle}`.
    static func contact(_ contact: Contact) -> JSONValue {
        func labeled(_ values: [LabeledValue]) -> JSONValue {
            .array(values.map { .object([("value", .string($0.value)), ("label", .string(orNull: $0.label))]) })
        }
        var birthday: JSONValue = .null
        if let b = contact.birthday {
            birthday = .string((b.year.map { ClockText.padded($0, width: 4) } ?? "-") + "-" + ClockText.padded(b.month, width: 2) + "-" + ClockText.padded(b.day, width: 2))
        }
        return .object([
            ("id", .string(contact.id)),
            ("name", .string(contact.name)),
            ("emails", labeled(contact.emails)),
            ("phones", labeled(contact.phones)),
            ("addresses", labeled(contact.addresses)),
            ("birthday", birthday),
            ("notes", .string(orNull: contact.notes)),
            ("company", .string(orNull: contact.company)),
            ("jobTitle", .string(orNull: contact.jobTitle)),
        ])
    }

    /// `{id, name, size, modified}`.
    static func file(_ file: DriveFile, zone: Zone) -> JSONValue {
        .object([
            ("id", .string(file.id)),
            ("name", .string(file.name)),
            ("size", .number(Double(file.size))),
            ("modified", .string(ClockText.rfc3339(file.modified, zone: zone))),
        ])
    }

    /// `{id, name, timeZone, primary}`.
    static func calendar(_ calendar: CalendarInfo) -> JSONValue {
        .object([
            ("id", .string(calendar.id)),
            ("name", .string(calendar.name)),
            ("timeZone", .string(calendar.timeZone)),
            ("primary", .bool(calendar.isPrimary)),
        ])
    }

}
