internal import CICal
public import ClerkCore
public import FoundationEssentials

/// Reads an iCalendar file (RFC 5545) into events to import: VEVENTs with DTSTART, DTEND or
/// DURATION, TZID and VTIMEZONE, VALUE=DATE, RRULE, RDATE, EXDATE, RECURRENCE-ID, UID,
/// SUMMARY, LOCATION, DESCRIPTION, ATTENDEE and VALARM triggers.
///
/// libical parses the document — folding, escaping, parameters, time zones — and events are
/// read from its tree. libical keeps no line numbers and silently swaps a bad property for an
/// X-LIC-ERROR, so a first pass over the unfolded lines checks the file's shape and every
/// value clerk relies on, with libical's own value parsers, and names the line of the first
/// problem. A file with any problem imports nothing.
public struct ICalendarReader: Sendable {
    /// The file as the person named it, for messages.
    public var file: String
    /// The zone of floating times (no TZID, no Z), and of events whose zone has no IANA name.
    public var zone: Zone

    public init(file: String, zone: Zone) {
        self.file = file
        self.zone = zone
    }

    /// Limits checked before libical sees a file, which it could not survive otherwise: it
    /// frees a component tree by recursion (components nested some 100,000 deep overflow the
    /// stack) and holds the whole parsed file in memory.
    ///
    /// | limit           | value  | what real calendars need                               |
    /// |-----------------|--------|--------------------------------------------------------|
    /// | nesting depth   | 16     | 3 (VCALENDAR › VEVENT › VALARM, or › VTIMEZONE › STANDARD) |
    /// | size of a file  | 64 MiB | a busy calendar's export of ten years is a few MB       |
    public static let maximumDepth = 16
    public static let maximumBytes = 64 << 20

    /// The events of `data`, in file order.
    public func read(_ data: Data) throws(ImportError) -> [ImportedEvent] {
        guard data.count <= Self.maximumBytes else {
            throw ImportError(file: file, line: nil, reason: "larger than \(Self.maximumBytes >> 20) MB, the most clerk imports at once; split the file")
        }
        let lines = try ContentLines.unfold(data, file: file)
        let outline = try outline(of: lines)
        for event in outline.events { try check(event, outline: outline) }
        try checkUIDs(outline.events)
        let text = Self.folded(lines.flatMap { Self.oneDatePerLine(Self.keepingStrayBackslashes($0.text)) })
        return try LibICal.locked { () throws(ImportError) -> [ImportedEvent] in
            guard let root = icalparser_parse_string(text) else {
                throw ImportError(file: file, line: 1, reason: "libical could not read the file")
            }
            defer { icalcomponent_free(root) }
            var events: [ImportedEvent] = []
            var component = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT)
            var index = 0
            while let vevent = component, index < outline.events.count {
                if let event = try read(vevent, calendar: root, outline: outline.events[index]) { events.append(event) }
                index += 1
                component = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)
            }
            return events
        }
    }

    /// The longest physical line handed to libical, in bytes (RFC 5545's 75 octets).
    static let foldedLineBytes = 75

    /// `lines` as the text handed to libical: CRLF line ends, and each line longer than
    /// `foldedLineBytes` folded (RFC 5545, 3.1), never inside a UTF-8 sequence.
    ///
    /// libical's string reader looks for the end of the line (`strchr`) each time it takes
    /// its next 80 bytes, so reading one line costs the square of its length: a 16 MB
    /// DESCRIPTION took 34 s, 60 MB more than five minutes. Folded, each look ends within
    /// 77 bytes and libical joins the pieces again, so reading is linear (`ICalendarReaderTests.aLongLineReachesLibicalFolded`).
    static func folded(_ lines: [String]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + $1.utf8.count / 64 + 2 })
        for line in lines {
            let utf8 = Array(line.utf8)
            var start = 0
            // A folded piece starts with its space, which counts.
            func room() -> Int { start == 0 ? foldedLineBytes : foldedLineBytes - 1 }
            while utf8.count - start > room() {
                var end = start + room()
                // Back off continuation bytes (10xxxxxx) so a character stays whole.
                while end > start + 1, utf8[end] & 0xC0 == 0x80 { end -= 1 }
                if start > 0 { bytes.append(0x20) }
                bytes.append(contentsOf: utf8[start..<end])
                bytes.append(contentsOf: [0x0D, 0x0A])
                start = end
            }
            if start > 0 { bytes.append(0x20) }
            bytes.append(contentsOf: utf8[start...])
            bytes.append(contentsOf: [0x0D, 0x0A])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text properties clerk keeps, whose values libical unescapes.
    static let textProperties: Set<String> = ["SUMMARY", "DESCRIPTION", "LOCATION"]

    /// A SUMMARY, DESCRIPTION or LOCATION line whose backslashes that escape nothing RFC 5545
    /// names (`\n`, `\,`, `\;`, `\\`) are escaped themselves, so the text keeps them as
    /// written: libical made each such pair one space, so `C:\xfiles` read `C: files`. Other
    /// lines as they are.
    static func keepingStrayBackslashes(_ line: String) -> String {
        guard line.utf8.contains(UInt8(ascii: "\\")), let property = PropertyLine(line), textProperties.contains(property.name) else { return line }
        let value = Array(property.value.utf8)
        var kept: [UInt8] = []
        kept.reserveCapacity(value.count + 8)
        let escaped = Array("\\;,nN".utf8)
        var index = 0
        while index < value.count {
            let byte = value[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else { kept.append(byte); continue }
            if index < value.count, escaped.contains(value[index]) {
                kept.append(contentsOf: [byte, value[index]])
                index += 1
            } else {
                kept.append(contentsOf: [byte, byte])
            }
        }
        let head = line.utf8.prefix(line.utf8.count - value.count)
        return String(decoding: Array(head) + kept, as: UTF8.self)
    }

    /// An RDATE or EXDATE line with a list of values as one line per value, with the same
    /// name and parameters (RFC 5545 reads both the same). libical keeps only the first 500
    /// values of a list and drops the rest without a word; one value per line it keeps all.
    static func oneDatePerLine(_ line: String) -> [String] {
        let name = line.prefix(7).uppercased()
        guard name.hasPrefix("EXDATE") || name.hasPrefix("RDATE"), line.contains(","),
              let property = PropertyLine(line), property.name == "EXDATE" || property.name == "RDATE"
        else { return [line] }
        let head = line.dropLast(property.value.count)
        return property.value.split(separator: ",").map { String(head + $0) }
    }

    // MARK: The shape of the file

    /// Where each VEVENT and its properties are, and which TZIDs the file defines.
    private struct Outline {
        var events: [EventOutline] = []
        var fileZones: [String: FileZone] = [:]
    }

    /// A VTIMEZONE of the file: where it starts, and whether it has any STANDARD or DAYLIGHT
    /// part (one with none was read by libical as UTC, without a word).
    private struct FileZone {
        var line: Int
        var hasRules = false
        /// The first TZOFFSETFROM or TZOFFSETTO that is no UTC offset (libical read
        /// "+9999" as 99 h 99 min, and an event four days away from where it was meant).
        var badOffset: (line: Int, name: String, value: String)?
    }

    /// True for an RFC 5545 UTC offset: a sign, hours 00–23, minutes 00–59, and seconds
    /// 00–59 if any ("-0500", "+053000"; "-0000" is not one).
    static func isUTCOffset(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
              bytes.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return false }
        func two(_ at: Int) -> Int { Int(bytes[at] - UInt8(ascii: "0")) * 10 + Int(bytes[at + 1] - UInt8(ascii: "0")) }
        guard two(1) < 24, two(3) < 60, bytes.count == 5 || two(5) < 60 else { return false }
        return !(bytes[0] == UInt8(ascii: "-") && bytes.dropFirst().allSatisfy { $0 == UInt8(ascii: "0") })
    }

    private struct EventOutline {
        var line: Int
        var properties: [(line: Int, property: PropertyLine)] = []

        func line(of name: String) -> Int {
            properties.first { $0.property.name == name }?.line ?? line
        }

        func value(of name: String) -> String? {
            properties.first { $0.property.name == name }?.property.value
        }
    }

    private func outline(of lines: [ContentLine]) throws(ImportError) -> Outline {
        var outline = Outline()
        var open: [(name: String, line: Int)] = []
        var finished = false
        // The VTIMEZONE being read: its TZID, and whether it has a STANDARD or DAYLIGHT part.
        var zone: (tzid: String?, zone: FileZone)?
        for line in lines {
            let property = PropertyLine(line.text)
            if open.isEmpty {
                guard !finished else {
                    throw ImportError(file: file, line: line.number, reason: "expected the end of the file after END:VCALENDAR, got \(quoted(line.text))")
                }
                guard property?.name == "BEGIN", property?.value.uppercased() == "VCALENDAR" else {
                    throw ImportError(file: file, line: line.number, reason: "expected BEGIN:VCALENDAR, got \(quoted(line.text))")
                }
            }
            guard let property else {
                throw ImportError(file: file, line: line.number, reason: "expected NAME:VALUE, got \(quoted(line.text))")
            }
            switch property.name {
            case "BEGIN":
                let name = property.value.uppercased()
                guard open.count < Self.maximumDepth else {
                    throw ImportError(file: file, line: line.number, reason: "BEGIN:\(property.value) nests components deeper than \(Self.maximumDepth) levels")
                }
                open.append((name, line.number))
                if name == "VEVENT", open.count == 2 { outline.events.append(EventOutline(line: line.number)) }
                if name == "VTIMEZONE", open.count == 2 { zone = (nil, FileZone(line: line.number)) }
                if name == "STANDARD" || name == "DAYLIGHT", open.count == 3, open[1].name == "VTIMEZONE" { zone?.zone.hasRules = true }
            case "END":
                let name = property.value.uppercased()
                guard let last = open.last, last.name == name else {
                    let what = open.last.map { "does not close BEGIN:\($0.name) from line \($0.line)" } ?? "closes nothing"
                    throw ImportError(file: file, line: line.number, reason: "END:\(property.value) \(what)")
                }
                open.removeLast()
                finished = open.isEmpty
                if name == "VTIMEZONE", open.count == 1, let (tzid, fileZone) = zone {
                    if let tzid { outline.fileZones[tzid] = fileZone }
                    zone = nil
                }
            default:
                // vCalendar 1.0 (old phones' and Lotus Notes' exports) differs from iCalendar
                // 2.0 in its rules and text: its QUOTED-PRINTABLE titles were kept as written,
                // 'Caf=C3=A9'.
                if open.count == 1, property.name == "VERSION", property.value.trimmingWhitespace() == "1.0" {
                    throw ImportError(file: file, line: line.number, property: "VERSION",
                                      reason: "vCalendar 1.0, which clerk does not read; export the calendar as iCalendar (VERSION:2.0)")
                }
                if open.count >= 2, property.parameters["ENCODING"]?.uppercased() == "QUOTED-PRINTABLE" {
                    throw ImportError(file: file, line: line.number, property: property.name,
                                      reason: "ENCODING=QUOTED-PRINTABLE is vCalendar 1.0's, which clerk does not read; export the calendar as iCalendar (VERSION:2.0)")
                }
                if open.count == 2, open[1].name == "VEVENT" {
                    outline.events[outline.events.count - 1].properties.append((line.number, property))
                } else if open.count == 2, open[1].name == "VTIMEZONE", property.name == "TZID" {
                    zone?.tzid = property.value
                }
                if open.count == 3, open[1].name == "VTIMEZONE", property.name == "TZOFFSETFROM" || property.name == "TZOFFSETTO",
                   zone?.zone.badOffset == nil, !Self.isUTCOffset(property.value) {
                    zone?.zone.badOffset = (line.number, property.name, property.value)
                }
            }
        }
        if let last = open.last {
            throw ImportError(file: file, line: last.line, reason: "BEGIN:\(last.name) has no END:\(last.name)")
        }
        if !finished {
            throw ImportError(file: file, line: 1, reason: "expected BEGIN:VCALENDAR, got an empty file")
        }
        return outline
    }

    /// Checks the values clerk reads from one VEVENT.
    private func check(_ event: EventOutline, outline: Outline) throws(ImportError) {
        var seen: Set<String> = []
        var start: ICalTime?
        for (line, property) in event.properties {
            func fail(_ reason: String) -> ImportError {
                ImportError(file: file, line: line, property: property.name, reason: reason)
            }
            let name = property.name
            if ["DTSTART", "DTEND", "DURATION", "RECURRENCE-ID", "UID"].contains(name) {
                guard seen.insert(name).inserted else { throw fail("appears twice in one event") }
            }
            if let tzid = property.parameters["TZID"], ["DTSTART", "DTEND", "RECURRENCE-ID", "EXDATE", "RDATE"].contains(name),
               knownZone(tzid) == nil {
                guard let fileZone = outline.fileZones[tzid] else { throw fail("unknown time zone \(quoted(tzid))") }
                if !fileZone.hasRules {
                    throw fail("the VTIMEZONE \(quoted(tzid)) on line \(fileZone.line) has no STANDARD or DAYLIGHT part: its times cannot be read")
                }
                if let bad = fileZone.badOffset {
                    throw ImportError(file: file, line: bad.line, property: bad.name,
                                      reason: "expected a UTC offset like +0100 or -0530, got \(quoted(bad.value)), so the times of VTIMEZONE \(quoted(tzid)) cannot be read")
                }
            }
            let wantsDate = property.parameters["VALUE"]?.uppercased() == "DATE"
            switch name {
            case "DTSTART", "DTEND", "RECURRENCE-ID":
                guard let time = LibICal.time(property.value), time.isValid else {
                    throw fail("expected a date or date-time, got \(quoted(property.value))")
                }
                if wantsDate, !time.isDate { throw fail("VALUE=DATE needs a date like 20260305, got \(quoted(property.value))") }
                if name == "DTSTART" { start = time }
            case "EXDATE", "RDATE":
                for part in property.value.split(separator: ",", omittingEmptySubsequences: false) {
                    let start = part.split(separator: "/").first.map(String.init) ?? ""
                    guard let time = LibICal.time(start), time.isValid else {
                        throw fail("expected dates or date-times, got \(quoted(property.value))")
                    }
                    if wantsDate, !time.isDate { throw fail("VALUE=DATE needs dates like 20260305, got \(quoted(property.value))") }
                }
            case "DURATION":
                guard let seconds = LibICal.durationSeconds(property.value) else {
                    throw fail("expected a duration like PT1H30M, got \(quoted(property.value))")
                }
                if seconds < 0 { throw fail("expected a duration that is not negative, got \(quoted(property.value))") }
            case "RRULE":
                do {
                    _ = try Recurrence.rule(property.value)
                } catch {
                    throw fail(error.reason)
                }
            case "EXRULE":
                throw fail("is not supported (RFC 5545 deprecated it); use EXDATE")
            default:
                break
            }
        }
        guard let start else {
            throw ImportError(file: file, line: event.line, property: "VEVENT", reason: "no DTSTART")
        }
        for (line, property) in event.properties where property.name == "RRULE" {
            do {
                try Recurrence.check(rule: property.value, first: start.wall, isAllDay: start.isDate)
            } catch {
                throw ImportError(file: file, line: line, property: "RRULE", reason: error.reason)
            }
        }
        if seen.contains("DTEND"), seen.contains("DURATION") {
            throw ImportError(file: file, line: event.line(of: "DURATION"), property: "DURATION", reason: "an event has DTEND or DURATION, not both")
        }
    }

    /// Refuses two events with one UID (and one RECURRENCE-ID, or none): the second replaced
    /// the first without a word ("Imported 2 events: 1 new, 1 updated"). An event is known
    /// by its UID, so a file that gives two the same is refused rather than guessed at.
    private func checkUIDs(_ events: [EventOutline]) throws(ImportError) {
        var seen: [String: Int] = [:]
        for event in events {
            guard let uid = event.value(of: "UID"), !uid.isEmpty else { continue }
            let occurrence = event.value(of: "RECURRENCE-ID")
            let key = uid + "\u{0}" + (occurrence ?? "")
            if let first = seen[key] {
                let what = occurrence == nil ? "UID" : "UID and RECURRENCE-ID"
                throw ImportError(file: file, line: event.line(of: "UID"), property: "UID",
                                  reason: "\(quoted(uid)) is also the \(what) of the event on line \(first); each event needs its own")
            }
            seen[key] = event.line
        }
    }

    // MARK: Reading libical's tree

    private func read(_ vevent: OpaquePointer, calendar: OpaquePointer, outline: EventOutline) throws(ImportError) -> ImportedEvent? {
        func fail(_ property: String, _ reason: String) -> ImportError {
            ImportError(file: file, line: outline.line(of: property), property: property, reason: reason)
        }
        let isCancelled = icalcomponent_get_status(vevent) == ICAL_STATUS_CANCELLED
        let originalProperty = icalcomponent_get_first_property(vevent, ICAL_RECURRENCEID_PROPERTY)
        // A cancelled event that is not an occurrence of a series is simply not there.
        if isCancelled, originalProperty == nil { return nil }

        guard let startProperty = icalcomponent_get_first_property(vevent, ICAL_DTSTART_PROPERTY) else {
            throw fail("VEVENT", "no DTSTART")
        }
        let recurs = icalcomponent_get_first_property(vevent, ICAL_RRULE_PROPERTY) != nil
            || icalcomponent_get_first_property(vevent, ICAL_RDATE_PROPERTY) != nil
        let startValue = icalproperty_get_dtstart(startProperty)
        let start = moment(of: startProperty, value: startValue, calendar: calendar, recurs: recurs)
        // A DTSTART its zone skips (02:30 on the morning clocks go forward) is that time on the
        // series' clock: the first day at 03:30, the others at 02:30 (RFC 5545 §3.3.10).
        var skippedStart: Int?
        if case .instant(let seconds, let rules) = start, startValue.is_date == 0, icaltime_is_utc(startValue) == 0 {
            skippedStart = rules.timeZone.skippedWallClock(Int(startValue.wallTime.secondsAsUTC), at: Civil.instant(seconds))
        }

        let when: When
        switch start {
        case .date(let day):
            var end = day.adding(days: 1)
            if let endProperty = icalcomponent_get_first_property(vevent, ICAL_DTEND_PROPERTY) {
                guard case .date(let endDay) = moment(of: endProperty, value: icalproperty_get_dtend(endProperty), calendar: calendar, recurs: recurs) else {
                    throw fail("DTEND", "a date-time, but DTSTART is a date")
                }
                end = endDay
            } else if let durationProperty = icalcomponent_get_first_property(vevent, ICAL_DURATION_PROPERTY) {
                let seconds = Int(LibICal.seconds(of: icalproperty_get_duration(durationProperty)))
                end = day.adding(days: (seconds + 86_399) / 86_400)
            }
            guard end > day else {
                let property = icalcomponent_get_first_property(vevent, ICAL_DTEND_PROPERTY) != nil ? "DTEND" : "DURATION"
                throw fail(property, "must end after DTSTART")
            }
            when = .allDay(start: day, end: end)
        case .instant(let seconds, let zone):
            var end = seconds
            if let endProperty = icalcomponent_get_first_property(vevent, ICAL_DTEND_PROPERTY) {
                guard case .instant(let endSeconds, _) = moment(of: endProperty, value: icalproperty_get_dtend(endProperty), calendar: calendar, recurs: recurs) else {
                    throw fail("DTEND", "a date, but DTSTART is a date-time")
                }
                guard endSeconds >= seconds else { throw fail("DTEND", "ends before DTSTART") }
                end = endSeconds
            } else if let durationProperty = icalcomponent_get_first_property(vevent, ICAL_DURATION_PROPERTY) {
                end = seconds + LibICal.seconds(of: icalproperty_get_duration(durationProperty))
            }
            when = .timed(start: Civil.instant(seconds), end: Civil.instant(end), timeZone: zone.identifier)
        }

        if let outside = outsideYears(when, start: start) {
            let property = outside == "start" ? "DTSTART"
                : icalcomponent_get_first_property(vevent, ICAL_DTEND_PROPERTY) != nil ? "DTEND" : "DURATION"
            throw fail(property, "the event \(outside)s outside the years \(CivilCalendar.years.lowerBound) to \(CivilCalendar.years.upperBound), which clerk takes")
        }

        let recurrence = recurrenceLines(of: vevent, calendar: calendar, start: start)
        if !recurrence.isEmpty {
            let seriesZone: ZoneRules
            let first: WallTime
            switch start {
            case .date(let day):
                seriesZone = ZoneRules(zone)
                first = WallTime(year: day.year, month: day.month, day: day.day)
            case .instant(let seconds, let rules):
                seriesZone = rules
                first = skippedStart.map { WallTime(secondsAsUTC: Int64($0)) } ?? rules.wallTime(at: seconds)
            }
            do {
                _ = try Recurrence(lines: recurrence, first: first, isAllDay: when.isAllDay, zone: seriesZone)
                for line in recurrence where line.hasPrefix("RRULE:") { try Recurrence.checkSetPosition(String(line.dropFirst(6))) }
            } catch {
                throw fail(error.property, error.reason)
            }
        }

        var originalStart: When?
        if let originalProperty {
            switch moment(of: originalProperty, value: icalproperty_get_recurrenceid(originalProperty), calendar: calendar, recurs: recurs) {
            case .date(let day): originalStart = .allDay(start: day, end: day.adding(days: 1))
            case .instant(let seconds, let zone):
                originalStart = .timed(start: Civil.instant(seconds), end: Civil.instant(seconds), timeZone: zone.identifier)
            }
        }

        let draft = EventDraft(
            title: text(icalcomponent_get_summary(vevent)) ?? "",
            when: when,
            location: text(icalcomponent_get_location(vevent)).flatMap { $0.isEmpty ? nil : $0 },
            notes: text(icalcomponent_get_description(vevent)).flatMap { $0.isEmpty ? nil : $0 },
            attendees: attendees(of: vevent),
            recurrence: originalStart == nil ? recurrence : [],
            reminderMinutes: reminders(of: vevent),
            skippedWallStart: originalStart == nil && !recurrence.isEmpty ? skippedStart : nil)
        let uid = text(icalcomponent_get_uid(vevent)).flatMap { $0.isEmpty ? nil : $0 } ?? madeUpUID(from: ["DTSTART", "SUMMARY", "RECURRENCE-ID"].map { outline.value(of: $0) ?? "" })
        return ImportedEvent(uid: uid, draft: draft, originalStart: originalStart, isCancelled: isCancelled)
    }

    /// "start" or "end" when that end of the event falls outside `CivilCalendar.years` (for a
    /// timed event, on the UTC clock or its zone's; an end pushed past 9999 by a DURATION, a
    /// start moved before the year 1 by its zone), nil when it does not.
    private func outsideYears(_ when: When, start: Moment) -> String? {
        func holds(_ seconds: Int64, _ rules: ZoneRules) -> Bool {
            CivilCalendar.years.contains(WallTime(secondsAsUTC: seconds).year) && CivilCalendar.years.contains(rules.wallTime(at: seconds).year)
        }
        switch (when, start) {
        case (.allDay(let first, let end), _):
            if !CivilCalendar.years.contains(first.year) { return "start" }
            return CivilCalendar.years.contains(end.year) ? nil : "end"
        case (.timed(let first, let end, _), .instant(_, let rules)):
            if !holds(Civil.seconds(first), rules) { return "start" }
            return holds(Civil.seconds(end), rules) ? nil : "end"
        case (.timed, .date):
            return nil
        }
    }

    /// A DTSTART-like value: a date, or an instant with the zone to show and repeat it in.
    private enum Moment {
        case date(LocalDate)
        case instant(Int64, ZoneRules)
    }

    private func moment(of property: OpaquePointer, value: icaltimetype, calendar: OpaquePointer, recurs: Bool) -> Moment {
        let wall = value.wallTime
        if value.is_date != 0 { return .date(wall.date) }
        let reader = ZoneRules(zone)
        if icaltime_is_utc(value) != 0 {
            // A repeating event written in UTC repeats in UTC (no DST shifts).
            return .instant(wall.secondsAsUTC, recurs ? .utc : reader)
        }
        guard let tzid = tzid(of: property) else { return .instant(reader.utcSeconds(of: wall), reader) }
        if let known = knownZone(tzid) { return .instant(known.utcSeconds(of: wall), known) }
        // Only the file defines this zone (an Outlook name, say): libical reads the instant
        // with the file's VTIMEZONE; it is shown in the reader's zone, or the zone the
        // definition names in X-LIC-LOCATION.
        guard let fileZone = icalcomponent_get_timezone(calendar, tzid) else { return .instant(reader.utcSeconds(of: wall), reader) }
        let seconds = Int64(icaltime_as_timet_with_zone(.floating(wall, isDate: false), fileZone))
        let shown = text(icaltimezone_get_location(fileZone)).flatMap(knownZone) ?? reader
        return .instant(seconds, shown)
    }

    private func tzid(of property: OpaquePointer) -> String? {
        guard let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER) else { return nil }
        return text(icalparameter_get_tzid(parameter))
    }

    /// The zone a TZID names: an IANA name, or one at the end of a vendor prefix
    /// ("/freeassociation.sourceforge.net/Europe/Madrid").
    private func knownZone(_ tzid: String) -> ZoneRules? {
        if let rules = ZoneRules(identifier: tzid) { return rules }
        let parts = tzid.split(separator: "/")
        for count in [3, 2] where parts.count > count {
            if let rules = ZoneRules(identifier: parts.suffix(count).joined(separator: "/")) { return rules }
        }
        return nil
    }

    /// RRULE, RDATE and EXDATE as clerk stores them: rules as libical writes them; dates as
    /// UTC instants for timed series and as dates for all-day ones, one per line.
    private func recurrenceLines(of vevent: OpaquePointer, calendar: OpaquePointer, start: Moment) -> [String] {
        var lines: [String] = []
        var property = icalcomponent_get_first_property(vevent, ICAL_RRULE_PROPERTY)
        while let rule = property {
            var value = icalproperty_get_rrule(rule)
            if let written = icalrecurrencetype_as_string_r(&value) {
                lines.append("RRULE:" + String(cString: written))
                icalmemory_free_buffer(written)
            }
            property = icalcomponent_get_next_property(vevent, ICAL_RRULE_PROPERTY)
        }
        for (kind, name) in [(ICAL_RDATE_PROPERTY, "RDATE"), (ICAL_EXDATE_PROPERTY, "EXDATE")] {
            property = icalcomponent_get_first_property(vevent, kind)
            while let dates = property {
                var value: icaltimetype
                if kind == ICAL_RDATE_PROPERTY {
                    let period = icalproperty_get_rdate(dates)
                    value = icaltime_is_null_time(period.time) == 0 ? period.time : period.period.start
                } else {
                    value = icalproperty_get_exdate(dates)
                }
                switch (start, moment(of: dates, value: value, calendar: calendar, recurs: true)) {
                case (_, .date(let day)):
                    lines.append("\(name);VALUE=DATE:" + Civil.basic(day))
                case (.date, .instant(let seconds, let zone)):
                    lines.append("\(name);VALUE=DATE:" + Civil.basic(zone.wallTime(at: seconds).date))
                case (.instant, .instant(let seconds, _)):
                    lines.append("\(name):" + Civil.basicUTC(seconds))
                }
                property = icalcomponent_get_next_property(vevent, kind)
            }
        }
        return lines
    }

    private func attendees(of vevent: OpaquePointer) -> [Attendee] {
        var found: [Attendee] = []
        var property = icalcomponent_get_first_property(vevent, ICAL_ATTENDEE_PROPERTY)
        while let attendee = property {
            let address = text(icalproperty_get_attendee(attendee)) ?? ""
            let email = address.lowercased().hasPrefix("mailto:") ? String(address.dropFirst(7)) : nil
            let name = icalproperty_get_first_parameter(attendee, ICAL_CN_PARAMETER).flatMap { text(icalparameter_get_cn($0)) }
            if email?.isEmpty == false || name?.isEmpty == false {
                found.append(Attendee(name: name?.isEmpty == true ? nil : name, email: email?.isEmpty == true ? nil : email))
            }
            property = icalcomponent_get_next_property(vevent, ICAL_ATTENDEE_PROPERTY)
        }
        return found
    }

    /// The earliest reminder read, in minutes before the start: four weeks (Google's limit).
    static let maximumReminderMinutes = Event.latestReminderMinutes

    /// Minutes before the start of each VALARM whose TRIGGER is a duration before the start.
    private func reminders(of vevent: OpaquePointer) -> [Int] {
        var minutes: [Int] = []
        var alarm = icalcomponent_get_first_component(vevent, ICAL_VALARM_COMPONENT)
        while let current = alarm {
            if let trigger = icalcomponent_get_first_property(current, ICAL_TRIGGER_PROPERTY),
               icalproperty_get_first_parameter(trigger, ICAL_RELATED_PARAMETER) == nil {
                let value = icalproperty_get_trigger(trigger)
                if icaltime_is_null_time(value.time) != 0 {
                    let seconds = Int(LibICal.seconds(of: value.duration))
                    // Four weeks at most, as Google takes: a TRIGGER of -P7102W (136 years)
                    // has no use, and its seconds overflowed the writer's Int32 on export.
                    if seconds <= 0, -seconds / 60 <= ICalendarReader.maximumReminderMinutes { minutes.append(-seconds / 60) }
                }
            }
            alarm = icalcomponent_get_next_component(vevent, ICAL_VALARM_COMPONENT)
        }
        return minutes
    }

    private func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
