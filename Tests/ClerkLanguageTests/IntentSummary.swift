import ClerkCore
import ClerkLanguage
import Foundation

/// An `Intent` written as `key=value` pairs in a fixed order, so fixture rows can state
/// every slot a reading has — and a reading with a slot the row does not list fails.
///
/// Times are naive local `YYYY-MM-DDTHH:MM` in the reference zone; a range is `START..END`.
/// A calendar the backend does not know is `said?closest` ("Wrok?Work").
enum IntentSummary {
    static func pairs(_ intent: Intent, zone: Zone) -> [String] {
        var out: [String] = []
        func add(_ key: String, _ value: String?) { if let value, !value.isEmpty { out.append("\(key)=\(value)") } }
        func flag(_ key: String, _ on: Bool) { if on { out.append(key) } }
        func time(_ m: DateMatch?) -> String? { m.map { "\(naive($0.start, zone))..\(naive($0.end, zone))" } }
        func people(_ list: [Attendee]) -> String? { list.isEmpty ? nil : list.map { $0.email ?? $0.name ?? "" }.joined(separator: "|") }
        func reference(_ r: EventReference) {
            flag("it", r.isLastShown)
            flag("next", r.isNext)
            flag("all", r.isAll)
            add("words", r.words)
            add("when", time(r.when))
            add("attendee", r.attendee)
            add("calendar", r.calendar.map(calendar))
            flag("occurrence", r.isOneOccurrence)
            flag("series", r.isSeries)
            flag("fromNowOn", r.fromNowOn)
            add("positions", r.positions.isEmpty ? nil : r.positions.map(String.init).joined(separator: ","))
            add("count", r.countSaid.map(String.init))
            add("titleDate", r.titleDate)
        }
        switch intent {
        case .createEvent(let e):
            add("title", e.title)
            add("when", time(e.when))
            flag("allDay", e.isAllDay)
            add("calendar", e.calendar.map(calendar))
            add("attendees", people(e.attendees))
            add("location", e.location)
            add("reminders", e.reminderMinutes.isEmpty ? nil : e.reminderMinutes.map(String.init).joined(separator: "|"))
            add("duration", e.durationMinutes.map(String.init))
            add("rrule", e.recurrence)
            add("except", e.exceptions.isEmpty ? nil : e.exceptions.map(\.iso).joined(separator: "|"))
            add("starts", e.startHint.map(hint))
            flag("block", e.isBlock)
            add("unread", e.unread)
            add("or", e.alternatives.map(\.said).joined(separator: "|"))
            add("notes", e.notes)
        case .queryAgenda(let q):
            add("range", q.range.map { "\(naive($0.start, zone))..\(naive($0.end, zone))" })
            add("calendar", q.calendar.map(calendar))
            add("words", q.words)
            add("attendee", q.attendee)
            flag("free", q.wantsFreeTime)
            add("slot", q.slotMinutes.map(String.init))
            flag("next", q.wantsNext)
            add("part", q.dayPart?.rawValue)
            flag("moment", q.isMoment)
            flag("count", q.wantsCount)
            add("asks", q.asks?.rawValue)
            flag("overlaps", q.wantsOverlaps)
            flag("hours", q.wantsHours)
            flag("workingDays", q.countsWorkingDays)
            add("weekday", q.weekday.map(String.init))
            flag("repeating", q.wantsSeries)
            add("pick", q.pick?.rawValue)
            add("place", q.pickPlace == 1 ? nil : String(q.pickPlace))
            flag("wayBack", q.wantsWayBack)
            flag("lastGoneBy", q.wantsLast)
            add("rank", q.dayRank?.rawValue)
            add("titleDate", q.titleDate)
        case .updateEvent(let r, let c):
            reference(r)
            add("new.when", time(c.when))
            add("new.duration", c.durationMinutes.map(String.init))
            add("new.title", c.title)
            add("new.calendar", c.calendar.map(calendar))
            add("new.location", c.location)
            add(c.addsNote ? "add.notes" : "new.notes", c.notes)
            add("add", people(c.addAttendees))
            add("remove", people(c.removeAttendees))
            add("shift", c.shiftMinutes.map(String.init))
            add("lengthen", c.lengthenMinutes.map(String.init))
            add("new.end", time(c.newEnd))
            add("new.rrule", c.recurrence)
            add("new.reminders", c.reminderMinutes.map { $0.isEmpty ? "none" : $0.map(String.init).joined(separator: "|") })
            flag("new.allDay", c.makesAllDay)
            flag("rebook", c.rebooks)
            flag("copy", c.copies)
            // "swap lunch and the dentist": the other event's reference, each key "swap." first.
            for other in c.swapsWith {
                let before = out.count
                reference(other)
                for k in before..<out.count { out[k] = "swap." + out[k] }
            }
        case .deleteEvent(let r):
            reference(r)
        case .contactLookup(let c):
            add("name", c.name)
            flag("relation", c.isRelation)
            add("field", c.field.rawValue)
            flag("call", c.isCall)
            if let label = c.label { add("label", label.rawValue) }
            func filter(_ f: ContactFilter?) {
                switch f {
                case .worksAt(let company)?: add("works.at", company)
                case .livesIn(let place)?: add("lives.in", place)
                case .with(let field, let label)?: add("with", field.rawValue + (label.map { ":" + $0.rawValue } ?? ""))
                case .without(let field, let label)?: add("without", field.rawValue + (label.map { ":" + $0.rawValue } ?? ""))
                case .count?: out.append("count")
                case .howMany(let inner)?: out.append("count"); filter(inner)
                case nil: break
                }
            }
            filter(c.filter)
        case .fileList(let filter):
            add("filter", filter)
        case .fileRead(let name), .fileDelete(let name):
            add("file", name)
        case .fileLines(let name, let pick):
            add("file", name)
            switch pick {
            case .first(let n): add("lines", "first \(n)")
            case .last(let n): add("lines", "last \(n)")
            case .number(let n): add("lines", "line \(n)")
            case .count: out.append("count")
            case .size: out.append("size")
            }
        case .fileSearch(let text, let file):
            add("search", text)
            add("file", file)
        case .fileWrite(let w):
            add("file", w.name)
            switch w.operation {
            case .create(let content): out.append("create=" + content.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "|"))
            case .append(let lines): add("append", lines.joined(separator: "|"))
            case .replace(let old, let new): add("replace", "\(old)->\(new)")
            case .removeLines(let lines): add("remove", lines.joined(separator: "|"))
            case .rename(let name): add("rename", name)
            case .clear: out.append("clear")
            case .prepend(let lines): add("prepend", lines.joined(separator: "|"))
            case .removeLineNumbers(let numbers): add("remove.lines", numbers.map(String.init).joined(separator: "|"))
            case .copy(let name): out.append("copy=\(name)")
            case .restore: out.append("restore")
            }
        case .fileTrash(let emptying):
            out.append(emptying ? "trash (emptying)" : "trash")
        case .createCalendar(let name):
            add("name", name)
        case .deleteCalendar(let name):
            add("calendar", name)
        case .updateCalendar(let name, let update):
            add("calendar", name)
            switch update {
            case .rename(let new): add("rename", new)
            case .makeDefault: out.append("default")
            }
        case .outOfScope(let o):
            add("topic", o.topic?.rawValue)
            add("didYouMean", o.didYouMean)
            add("day", time(o.day))
            add("zone", o.zone)
            add("event", o.eventWords)
            add("dayKind", o.dayKindAsked.map { kind -> String in
                switch kind {
                case .weekday: "weekday"
                case .weekend: "weekend"
                case .named(let number): "weekday \(number)"
                }
            })
        case .lastChange:
            out.append("last change")
        case .calendars, .help, .login, .logout, .status, .undo, .quit:
            break
        }
        return out
    }

    static func hint(_ h: StartHint) -> String {
        switch h {
        case .dayPart(let part): part.rawValue
        case .occasion(let occasion): occasion.rawValue
        case .firstThing: "first-thing"
        }
    }

    static func calendar(_ c: CalendarMention) -> String {
        if let known = c.known { return known }
        return "\(c.said)?\(c.closest ?? "")"
    }

    static func naive(_ date: Date, _ zone: Zone) -> String {
        let (day, seconds) = zone.wallClock(date)
        return String(format: "%04d-%02d-%02dT%02d:%02d", day.year, day.month, day.day, seconds / 3600, seconds / 60 % 60)
    }
}
