internal import CICal
public import ClerkCore
public import FoundationEssentials

/// Writes events as an iCalendar document (RFC 5545) that other programs — and
/// `ICalendarReader` — read back, built and serialized with libical (which folds long lines
/// and escapes text).
///
/// Timed events are written on their zone's wall clock with a TZID and the zone's VTIMEZONE
/// (from libical's copy of the system tz database); events in UTC or a fixed offset are
/// written in UTC. Changed occurrences carry RECURRENCE-ID; reminders become VALARMs.
public enum ICalendarWriter {
    /// The PRODID clerk writes.
    public static let productID = "-//clerk//clerk//EN"

    /// `events` — as `CalendarService.storedEvents` returns them — as one VCALENDAR named
    /// after `calendar`; `stamp` is written as every event's DTSTAMP.
    public static func write(_ events: [Event], calendar: CalendarInfo, stamp: Date) -> String {
        LibICal.locked {
            let root = icalcomponent_new(ICAL_VCALENDAR_COMPONENT)!
            defer { icalcomponent_free(root) }
            icalcomponent_add_property(root, icalproperty_new_version("2.0"))
            icalcomponent_add_property(root, icalproperty_new_prodid(productID))
            icalcomponent_add_property(root, icalproperty_new_calscale("GREGORIAN"))
            icalcomponent_add_property(root, extensionProperty("X-WR-CALNAME", calendar.name))
            icalcomponent_add_property(root, extensionProperty("X-WR-TIMEZONE", calendar.timeZone))

            var zones: [String] = []
            for event in events {
                if case .timed(_, _, let zone) = event.when, writesTZID(zone), !zones.contains(zone) { zones.append(zone) }
            }
            for zone in zones {
                if let definition = timeZoneComponent(zone) { icalcomponent_add_component(root, definition) }
            }
            let dtstamp = utcTime(Civil.seconds(stamp))
            let seriesZones = Dictionary(events.filter { !$0.recurrence.isEmpty }.map { ($0.id, $0.when) }, uniquingKeysWith: { a, _ in a })
            for event in events {
                icalcomponent_add_component(root, component(for: event, dtstamp: dtstamp, seriesWhen: event.recurringEventID.flatMap { seriesZones[$0] }))
            }
            guard let written = icalcomponent_as_ical_string_r(root) else { return "" }
            defer { icalmemory_free_buffer(written) }
            return String(cString: written)
        }
    }

    private static func component(for event: Event, dtstamp: icaltimetype, seriesWhen: When?) -> OpaquePointer {
        let vevent = icalcomponent_new(ICAL_VEVENT_COMPONENT)!
        icalcomponent_add_property(vevent, icalproperty_new_uid(event.iCalUID ?? event.id))
        icalcomponent_add_property(vevent, icalproperty_new_dtstamp(dtstamp))
        icalcomponent_add_property(vevent, icalproperty_new_summary(event.title))
        if let location = event.location { icalcomponent_add_property(vevent, icalproperty_new_location(location)) }
        if let notes = event.notes { icalcomponent_add_property(vevent, icalproperty_new_description(notes)) }
        switch event.when {
        case .allDay(let start, let end):
            icalcomponent_add_property(vevent, icalproperty_new_dtstart(.floating(WallTime(year: start.year, month: start.month, day: start.day), isDate: true)))
            icalcomponent_add_property(vevent, icalproperty_new_dtend(.floating(WallTime(year: end.year, month: end.month, day: end.day), isDate: true)))
        case .timed(let start, let end, let zone):
            icalcomponent_add_property(vevent, timeProperty(icalproperty_new_dtstart, Civil.seconds(start), zone: zone,
                                                            skippedWall: event.recurrence.isEmpty ? nil : event.skippedWallStart))
            icalcomponent_add_property(vevent, timeProperty(icalproperty_new_dtend, Civil.seconds(end), zone: zone))
        }
        if let original = event.originalStart {
            switch original {
            case .allDay(let day, _):
                icalcomponent_add_property(vevent, icalproperty_new_recurrenceid(.floating(WallTime(year: day.year, month: day.month, day: day.day), isDate: true)))
            case .timed(let start, _, let zone):
                // On the series' clock, as the series' DTSTART is written.
                var seriesZone = zone
                if case .timed(_, _, let named)? = seriesWhen { seriesZone = named }
                icalcomponent_add_property(vevent, timeProperty(icalproperty_new_recurrenceid, Civil.seconds(start), zone: seriesZone))
            }
        }
        for line in event.recurrence {
            for single in oneValuePerLine(line) {
                if let property = icalproperty_new_from_string(single) { icalcomponent_add_property(vevent, property) }
            }
        }
        for attendee in event.attendees {
            // An attendee known only by name gets a URI that names no mailbox.
            let property = icalproperty_new_attendee(attendee.email.map { "mailto:" + $0 } ?? noMailbox)!
            if let name = attendee.name { icalproperty_add_parameter(property, icalparameter_new_cn(name)) }
            icalcomponent_add_property(vevent, property)
        }
        // A reminder whose seconds do not fit libical's int is no alarm anyone set (it trapped).
        for minutes in event.reminderMinutes {
            guard minutes >= 0, minutes <= Int(Int32.max) / 60 else { continue }
            let seconds = Int32(-minutes * 60)
            let alarm = icalcomponent_new(ICAL_VALARM_COMPONENT)!
            icalcomponent_add_property(alarm, icalproperty_new_action(ICAL_ACTION_DISPLAY))
            var trigger = icaltriggertype()
            trigger.time = icaltime_null_time()
            trigger.duration = icaldurationtype_from_int(seconds)
            icalcomponent_add_property(alarm, icalproperty_new_trigger(trigger))
            icalcomponent_add_property(alarm, icalproperty_new_description(event.title.isEmpty ? "Reminder" : event.title))
            icalcomponent_add_component(vevent, alarm)
        }
        return vevent
    }

    /// The ATTENDEE value for a person with no email address.
    static let noMailbox = "urn:x-clerk:no-email"

    /// True for zones written as TZID + VTIMEZONE; UTC and fixed offsets are written in UTC.
    private static func writesTZID(_ zone: String) -> Bool {
        zone.contains("/") && icaltimezone_get_builtin_timezone(zone) != nil
    }

    /// A date-time property on `zone`'s wall clock with its TZID, or in UTC; `skippedWall`, a
    /// series' start asked for at a time the zone skips (`Event.skippedWallStart`), is written
    /// as that time, which readers take as the instant (RFC 5545 §3.3.5) and repeat at it.
    private static func timeProperty(_ make: (icaltimetype) -> OpaquePointer?, _ seconds: Int64, zone: String, skippedWall: Int? = nil) -> OpaquePointer {
        guard writesTZID(zone), let rules = ZoneRules(identifier: zone) else {
            return make(utcTime(seconds))!
        }
        let wall = rules.timeZone.skippedWallClock(skippedWall, at: Civil.instant(seconds)).map { WallTime(secondsAsUTC: Int64($0)) }
        let property = make(.floating(wall ?? rules.wallTime(at: seconds), isDate: false))!
        icalproperty_add_parameter(property, icalparameter_new_tzid(zone))
        return property
    }

    private static func utcTime(_ seconds: Int64) -> icaltimetype {
        var value = icaltimetype.floating(WallTime(secondsAsUTC: seconds), isDate: false)
        value.zone = icaltimezone_get_utc_timezone()
        return value
    }

    private static func extensionProperty(_ name: String, _ value: String) -> OpaquePointer {
        let property = icalproperty_new_x(value)!
        icalproperty_set_x_name(property, name)
        return property
    }

    /// A copy of libical's VTIMEZONE for `zone`, its TZID the plain IANA name.
    private static func timeZoneComponent(_ zone: String) -> OpaquePointer? {
        guard let builtin = icaltimezone_get_builtin_timezone(zone),
              let definition = icaltimezone_get_component(builtin),
              let copy = icalcomponent_new_clone(definition) else { return nil }
        if let tzid = icalcomponent_get_first_property(copy, ICAL_TZID_PROPERTY) {
            icalproperty_set_tzid(tzid, zone)
        }
        return copy
    }

    /// `EXDATE:a,b` as `EXDATE:a` and `EXDATE:b`: libical keeps only the first value when it
    /// reads a list from one string.
    private static func oneValuePerLine(_ line: String) -> [String] {
        guard let property = PropertyLine(line), ["EXDATE", "RDATE"].contains(property.name), property.value.contains(",") else {
            return [line]
        }
        let parameters = property.parameters.sorted { $0.key < $1.key }.map { ";\($0.key)=\($0.value)" }.joined()
        return property.value.split(separator: ",").map { "\(property.name)\(parameters):\($0)" }
    }
}
