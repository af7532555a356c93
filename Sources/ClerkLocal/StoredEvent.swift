import ClerkCore
import FoundationEssentials

/// One row of `events` in Swift terms: a single event, a series, or a changed or cancelled
/// occurrence of a series.
struct StoredEvent: Equatable {
    var id: String
    var calendarID: String
    var uid: String
    var title: String
    var location: String?
    var notes: String?
    var attendees: [Attendee]
    var reminders: [Int]
    var isAllDay: Bool
    /// The zone a timed event is shown and repeated in (for an all-day event, its calendar's).
    var timeZone: String
    var startKey: Int64
    var endKey: Int64
    /// A series' first start as asked for on its zone's clock, kept when the zone skips it
    /// (`Event.skippedWallStart`); read through `skippedWallStart`, which holds it to that.
    var startWall: Int64?
    var recurrence: [String]
    var recurringEventID: String?
    var originalStart: String?
    var originalKey: Int64?
    /// False for an occurrence that was only cancelled, never changed.
    var overrides: Bool
    var deleted: Double?
    var updated: Double

    /// The columns `init(row:)` reads, in order (a literal: splitting and trimming a string
    /// with Foundation cost a millisecond of every agenda's start).
    static let columnNames = [
        "id", "calendar_id", "ical_uid", "title", "location", "notes", "attendees", "reminders", "all_day", "time_zone",
        "start_key", "end_key", "recurrence", "recurring_event_id", "original_start", "original_key", "overrides", "deleted", "updated",
        "start_wall",
    ]
    /// `columnNames` for a statement.
    static let columns = columnNames.joined(separator: ", ")
    /// How many columns `columns` names: a query that selects more after them reads those
    /// from this position on.
    static let columnCount = Int32(columnNames.count)

    /// Reads a row selected with `columns` starting at column `offset`.
    init(row: Row, offset: Int32 = 0) {
        id = row.text(offset)
        calendarID = row.text(offset + 1)
        uid = row.text(offset + 2)
        title = row.text(offset + 3)
        location = row.optionalText(offset + 4)
        notes = row.optionalText(offset + 5)
        attendees = row.optionalText(offset + 6).map(StoredEvent.decodeAttendees) ?? []
        reminders = row.optionalText(offset + 7).map(StoredEvent.decodeReminders) ?? []
        isAllDay = row.bool(offset + 8)
        timeZone = row.text(offset + 9)
        startKey = row.int64(offset + 10)
        endKey = row.int64(offset + 11)
        recurrence = row.optionalText(offset + 12).map(StoredEvent.lines) ?? []
        recurringEventID = row.optionalText(offset + 13)
        originalStart = row.optionalText(offset + 14)
        originalKey = row.optionalInt64(offset + 15)
        overrides = row.bool(offset + 16)
        deleted = row.optionalDouble(offset + 17)
        updated = row.double(offset + 18)
        startWall = row.optionalInt64(offset + 19)
    }

    /// A row for a new event with `draft`'s content.
    init(id: String, calendarID: String, uid: String, draft: EventDraft, calendarZone: String, updated: Double) {
        self.id = id
        self.calendarID = calendarID
        self.uid = uid
        title = draft.title
        location = draft.location
        notes = draft.notes
        attendees = draft.attendees
        reminders = draft.reminderMinutes
        isAllDay = draft.when.isAllDay
        timeZone = calendarZone
        startKey = 0
        endKey = 0
        recurrence = draft.recurrence
        overrides = true
        self.updated = updated
        when = draft.when
        startWall = draft.skippedWallStart.map(Int64.init)
    }

    /// The values `insert` binds, in the order of `columns`.
    var values: [any SQLBindable] {
        [id, calendarID, uid, title, location, notes, attendees.isEmpty ? nil : StoredEvent.encode(attendees),
         reminders.isEmpty ? nil : JSONValue.array(reminders.map { .number(Double($0)) }).serialized(),
         isAllDay, timeZone, startKey, endKey, recurrence.isEmpty ? nil : recurrence.joined(separator: "\n"),
         recurringEventID, originalStart, originalKey, overrides, deleted, updated, skippedWallStart]
    }

    var isSeries: Bool { !recurrence.isEmpty }

    /// `startWall` while it holds: a timed series whose zone skips that wall-clock time and
    /// reads it as `startKey`. Nil for everything else, whatever the column says.
    var skippedWallStart: Int64? {
        guard let startWall, isSeries, !isAllDay, let zone = Zone(identifier: timeZone),
              zone.skips(wallSeconds: Int(startWall), readAs: Int(startKey)) else { return nil }
        return startWall
    }

    /// True when `other` has the same repeats from the same first start: what is kept of a
    /// series' occurrences still holds.
    func expandsLike(_ other: StoredEvent) -> Bool {
        recurrence == other.recurrence && when == other.when && skippedWallStart == other.skippedWallStart
    }
    var duration: Int64 { endKey - startKey }

    /// When the event happens, read from or written to its keys.
    var when: When {
        get { StoredEvent.when(startKey: startKey, endKey: endKey, isAllDay: isAllDay, timeZone: timeZone) }
        set {
            switch newValue {
            case .timed(let start, let end, let zone):
                isAllDay = false
                timeZone = zone
                startKey = Civil.seconds(start)
                endKey = Civil.seconds(end)
            case .allDay(let start, let end):
                isAllDay = true
                startKey = Civil.key(of: start)
                endKey = Civil.key(of: end)
            }
        }
    }

    static func when(startKey: Int64, endKey: Int64, isAllDay: Bool, timeZone: String) -> When {
        isAllDay
            ? .allDay(start: Civil.date(ofKey: startKey), end: Civil.date(ofKey: endKey))
            : .timed(start: Civil.instant(startKey), end: Civil.instant(endKey), timeZone: timeZone)
    }

    /// The first start on the series' wall clock, as its recurrence counts from: the time it
    /// was asked for when its zone skips it (02:30 on the morning clocks go forward, which
    /// happens at 03:30 that day and at 02:30 every day after, RFC 5545 §3.3.10).
    func firstWallTime(in zone: ZoneRules) -> WallTime {
        if isAllDay { return WallTime(secondsAsUTC: startKey) }
        return skippedWallStart.map { WallTime(secondsAsUTC: $0) } ?? zone.wallTime(at: startKey)
    }

    /// The content a person sees, to tell a real change from a repeated import.
    var content: [String] {
        [title, location ?? "\u{0}", notes ?? "\u{0}", StoredEvent.encode(attendees), reminders.map(String.init).joined(separator: ","),
         "\(isAllDay)", isAllDay ? "" : timeZone, "\(startKey)", "\(endKey)", recurrence.joined(separator: "\n"),
         skippedWallStart.map { "\($0)" } ?? ""]
    }

    /// The event as the service protocols show it.
    var event: Event {
        Event(id: id, calendarID: calendarID, title: title, when: when, location: location, notes: notes,
              attendees: attendees, recurrence: recurrence, reminderMinutes: reminders,
              recurringEventID: recurringEventID,
              originalStart: originalKey.map { StoredEvent.originalWhen(key: $0, isAllDay: originalStart?.count == 8, timeZone: timeZone) },
              updated: Date(timeIntervalSince1970: updated), iCalUID: iCalUID, skippedWallStart: skippedWallStart.map(Int.init))
    }

    /// The UID other programs know the event by: `uid`, but for an occurrence imported
    /// without its series, stored as "UID#start" (`importEvent`), the UID it came with.
    var iCalUID: String {
        guard recurringEventID == nil, let originalStart, uid.hasSuffix("#" + originalStart) else { return uid }
        return String(uid.dropLast(originalStart.count + 1))
    }

    /// The start an occurrence had in its series; a timed one is an instant (end = start).
    static func originalWhen(key: Int64, isAllDay: Bool, timeZone: String) -> When {
        isAllDay
            ? .allDay(start: Civil.date(ofKey: key), end: Civil.date(ofKey: key + 86_400))
            : .timed(start: Civil.instant(key), end: Civil.instant(key), timeZone: timeZone)
    }

    /// The text an occurrence id ends with: `20260305T080000Z`, or `20260305` all-day.
    static func occurrenceSuffix(key: Int64, isAllDay: Bool) -> String {
        isAllDay ? Civil.basic(Civil.date(ofKey: key)) : Civil.basicUTC(key)
    }

    /// The series id and start key an occurrence id names, or nil when `id` is not one.
    static func parseOccurrenceID(_ id: String) -> (seriesID: String, key: Int64, isAllDay: Bool)? {
        guard let underscore = id.lastIndex(of: "_") else { return nil }
        let seriesID = String(id[..<underscore])
        guard !seriesID.isEmpty, let (key, isAllDay) = occurrenceKey(String(id[id.index(after: underscore)...])) else { return nil }
        return (seriesID, key, isAllDay)
    }

    /// The start key an occurrence suffix (`20260305T080000Z`, `20260305` all-day) names.
    static func occurrenceKey(_ suffix: String) -> (key: Int64, isAllDay: Bool)? {
        guard suffix.allSatisfy({ $0.isASCII }) else { return nil }
        if suffix.count == 8, let time = LibICal.time(suffix), time.isDate, time.isValid {
            return (Civil.key(of: time.date), true)
        }
        if suffix.count == 16, suffix.hasSuffix("Z"), let time = LibICal.time(suffix), time.isValid {
            return (time.wall.secondsAsUTC, false)
        }
        return nil
    }

    /// `line` with its EXDATE values moved by `shift` seconds ("EXDATE:20261228T090000Z"
    /// an hour later is "EXDATE:20261228T100000Z", a TZID's local time as far on its wall
    /// clock); any other line, or a value written in another form, as it is.
    /// An RRULE line of a weekly rule whose weekdays (BYDAY without ordinals) move `days`
    /// days along the week, as its series' start did: "every Monday" started on a Thursday
    /// is "every Thursday", not a Thursday and then Mondays. Other lines as they are.
    static func shiftingWeekdays(_ line: String, byDays days: Int) -> String {
        let step = (days % 7 + 7) % 7
        guard step != 0, line.hasPrefix("RRULE:") else { return line }
        var rule = RRule(line)
        guard rule.frequency == "WEEKLY" else { return line }
        let week = RRule.weekdayCodes
        if rule["BYDAY"] != nil {
            let named = rule.list("BYDAY").map { $0.uppercased() }
            let moved = named.compactMap { week.firstIndex(of: $0).map { week[($0 + step) % 7] } }
            if moved.count == named.count { rule.set("BYDAY", moved.joined(separator: ",")) }
        }
        return rule.line
    }

    static func shiftingExceptions(_ line: String, by shift: Int64) -> String {
        guard line.hasPrefix("EXDATE"), let colon = line.firstIndex(of: ":") else { return line }
        let values = line[line.index(after: colon)...].split(separator: ",").map { value -> String in
            guard let (key, isAllDay) = occurrenceKey(String(value)) else {
                // A TZID's local time ("EXDATE;TZID=America/New_York:20260316T090000"), as
                // Google writes it: its wall clock moves as far.
                guard value.count == 15, value.allSatisfy(\.isASCII), let time = LibICal.time(String(value)), !time.isDate, time.isValid
                else { return String(value) }
                return String(Civil.basicUTC(time.wall.secondsAsUTC + shift).dropLast())
            }
            return occurrenceSuffix(key: key + (isAllDay ? shift / 86_400 * 86_400 : shift), isAllDay: isAllDay)
        }
        return String(line[...colon]) + values.joined(separator: ",")
    }

    /// The lines of a `recurrence` column (split on bytes: splitting on characters is slow).
    static func lines(_ text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: JSON columns

    static func encode(_ attendees: [Attendee]) -> String {
        JSONValue.array(attendees.map { .object([("name", .string(orNull: $0.name)), ("email", .string(orNull: $0.email))]) }).serialized()
    }

    static func decodeAttendees(_ text: String) -> [Attendee] {
        guard let items = (try? JSONValue.parse(text))?.arrayValue else { return [] }
        return items.map { Attendee(name: $0["name"]?.stringValue, email: $0["email"]?.stringValue) }
    }

    static func decodeReminders(_ text: String) -> [Int] {
        ((try? JSONValue.parse(text))?.arrayValue ?? []).compactMap(\.intValue)
    }
}
