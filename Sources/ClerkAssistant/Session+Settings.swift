import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// "set my working hours to 9-5", "my working hours are 8:30 to 17:30", "set the default
/// event length to 30 minutes": a setting said in words, asked first and kept in the config
/// file, as "make Work my default calendar" is; undone as any change.
extension Session {
    /// The change `text` asks of the working hours or the default length, asked as a yes;
    /// nil when it says no new value ("what are my working hours").
    func changeSetting(_ text: String) -> Reply? {
        let words = Spelling.fold(text).lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        let kept = context.settings != nil
        if words.contains(where: { $0 == "hours" || $0 == "workday" || $0 == "day" }), words.contains(where: { $0.hasPrefix("work") }),
           let hours = Self.saidHours(text) {
            let previous = context.preferences.workingHours
            if previous == hours { return Reply(intent: .outOfScope, ok: true, message: Renderer.workingHoursAlready(hours)) }
            let question = Renderer.workingHoursQuestion(hours, kept: kept)
            return ask(.confirm(Confirmation(intent: .outOfScope, question: question, defaultYes: true, yes: { [unowned self] in
                do { try context.settings?.setWorkingHours(hours) } catch { return failure(.outOfScope, error) }
                context.preferences.workingHours = hours
                record(.changedWorkingHours(previous: previous, new: hours))
                return Reply(intent: .outOfScope, ok: true, message: Renderer.workingHoursSet(hours, kept: kept, undo: context.offersUndo))
            }, no: { Reply(intent: .outOfScope, ok: true, message: Renderer.nothingChanged) })),
            Reply(intent: .outOfScope, ok: true, message: question))
        }
        if words.contains(where: { $0 == "length" || $0 == "duration" || $0 == "long" }), let minutes = Self.saidMinutes(text) {
            let previous = Int(exactly: (context.preferences.eventLength / 60).rounded()) ?? 60
            if previous == minutes { return Reply(intent: .outOfScope, ok: true, message: Renderer.eventLengthAlready(minutes)) }
            let question = Renderer.eventLengthQuestion(minutes, kept: kept)
            return ask(.confirm(Confirmation(intent: .outOfScope, question: question, defaultYes: true, yes: { [unowned self] in
                do { try context.settings?.setEventLength(minutes: minutes) } catch { return failure(.outOfScope, error) }
                context.preferences.eventLength = TimeInterval(minutes * 60)
                record(.changedEventLength(previous: previous, new: minutes))
                return Reply(intent: .outOfScope, ok: true, message: Renderer.eventLengthSet(minutes, kept: kept, undo: context.offersUndo))
            }, no: { Reply(intent: .outOfScope, ok: true, message: Renderer.nothingChanged) })),
            Reply(intent: .outOfScope, ok: true, message: question))
        }
        // "set my time zone to new york", "change my timezone to Europe/Paris".
        if words.contains(where: { $0 == "timezone" }) || zip(words, words.dropFirst()).contains(where: { $0 == "time" && $1 == "zone" }),
           let said = Self.saidZone(text) {
            guard let zone = said.zone else { return Reply(intent: .outOfScope, ok: false, message: Renderer.unknownZone(said.words)) }
            guard kept else { return Reply(intent: .outOfScope, ok: true, message: Renderer.timeZoneNotKept(zone)) }
            let previous = context.preferences.timeZoneSetting
            if (previous ?? context.zone.identifier) == zone { return Reply(intent: .outOfScope, ok: true, message: Renderer.timeZoneAlready(zone)) }
            let question = Renderer.timeZoneQuestion(zone, now: context.zone.identifier)
            return ask(.confirm(Confirmation(intent: .outOfScope, question: question, defaultYes: true, yes: { [unowned self] in
                do { try context.settings?.setTimeZone(zone) } catch { return failure(.outOfScope, error) }
                context.preferences.timeZoneSetting = zone
                record(.changedTimeZone(previous: previous, new: zone))
                return Reply(intent: .outOfScope, ok: true, message: Renderer.timeZoneSet(zone, undo: context.offersUndo))
            }, no: { Reply(intent: .outOfScope, ok: true, message: Renderer.nothingChanged) })),
            Reply(intent: .outOfScope, ok: true, message: question))
        }
        return nil
    }

    /// The words said after the last "to", "is" or "as" ("set my time zone to new york", "my
    /// timezone is Europe/Paris") and the zone they name: a tz database name as typed, else a
    /// place the reader knows ("tokyo", "new york", "pacific", "UTC"); nil for no zone known.
    /// Nil when nothing is said after such a word ("what's my time zone").
    static func saidZone(_ text: String) -> (words: String, zone: String?)? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "?" || $0 == "!" }).map(String.init)
        guard let at = words.lastIndex(where: { ["to", "is", "as", "="].contains($0.lowercased()) }) else { return nil }
        var said = Array(words[(at + 1)...])
        while let last = said.last, ["please", "time", "now", "."].contains(last.lowercased()) { said.removeLast() }
        // ("what is my time zone": the setting asked about, not one said.)
        guard let first = said.first, !["my", "your", "the", "what", "which"].contains(first.lowercased()) else { return nil }
        if said.count == 1, let zone = ClockText.timeZone(said[0]) { return (said[0], zone.identifier) }
        return (said.joined(separator: " "), Router.zone(named: said.map { Spelling.fold($0).lowercased() }))
    }

    /// The hours "9 to 5", "9-5", "8:30 to 17:30", "9am-5:30pm", "from 8 till 4" say, in
    /// minutes after midnight: an end said without am or pm and not after the start is in
    /// the afternoon ("9 to 5" is 09:00–17:00). Nil when the text says no such pair.
    static func saidHours(_ text: String) -> (start: Int, end: Int)? {
        var spaced = ""
        for c in text.lowercased() {
            if c == "-" || c == "–" || c == "—" { spaced += " - " } else if c.isLetter, let last = spaced.last, last.isNumber { spaced += " \(c)" } else { spaced.append(c) }
        }
        let words = spaced.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        /// A clock time at `i`: its minutes, whether it said am or pm, and the index after it.
        func clock(at i: Int) -> (minutes: Int, meridiem: String?, next: Int)? {
            guard i < words.count else { return nil }
            let parts = words[i].split(whereSeparator: { $0 == ":" || $0 == "." }).map(String.init)
            guard (1...2).contains(parts.count), let hour = Int(parts[0]), (0...24).contains(hour), parts[0].count <= 2 else { return nil }
            let minute = parts.count == 2 ? Int(parts[1]) : 0
            guard let minute, (0...59).contains(minute), parts.count == 1 || parts[1].count == 2 else { return nil }
            var next = i + 1
            var meridiem: String?
            if next < words.count, ["am", "pm", "a.m.", "p.m."].contains(words[next]) {
                meridiem = words[next].hasPrefix("p") ? "pm" : "am"
                next += 1
                guard (1...12).contains(hour) else { return nil }
            }
            var minutes = hour % (meridiem == nil ? 25 : 12) * 60 + minute
            if meridiem == "pm" { minutes += 720 }
            return (minutes, meridiem, next)
        }
        for i in words.indices {
            guard let first = clock(at: i), first.next < words.count, ["-", "to", "till", "til", "until"].contains(words[first.next]),
                  let second = clock(at: first.next + 1) else { continue }
            var end = second.minutes
            if second.meridiem == nil, end <= first.minutes, end + 720 <= 24 * 60 { end += 720 }
            guard first.minutes < end, end <= 24 * 60 else { return nil }
            return (first.minutes, end)
        }
        return nil
    }

    /// The minutes "30 minutes", "45 min", "an hour", "1.5 hours", "half an hour", "90"
    /// say (5 minutes to a day); nil when the text says none.
    static func saidMinutes(_ text: String) -> Int? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        if text.lowercased().contains("half an hour") { return 30 }
        for (i, word) in words.enumerated() {
            let unitAt: (String) -> Double? = { unit in
                if unit.hasPrefix("min") || unit == "m" { return 1 }
                if unit.hasPrefix("hour") || unit.hasPrefix("hr") || unit == "h" { return 60 }
                return nil
            }
            // "an hour", "a minute" are one.
            var amount = ["an", "a", "one"].contains(word) ? 1 : Double(word)
            var unit = i + 1 < words.count ? unitAt(words[i + 1]) : nil
            // "30min", "1h": the number and its unit written together.
            if amount == nil, let split = word.firstIndex(where: { $0.isLetter }), split > word.startIndex {
                amount = Double(word[..<split])
                unit = unitAt(String(word[split...]))
            }
            guard let amount, amount > 0 else { continue }
            // A bare number at the end, "set the default length to 45": minutes.
            if unit == nil, i == words.count - 1, !["an", "a", "one"].contains(word) { unit = 1 }
            guard let unit, let minutes = Int(exactly: (amount * unit).rounded()), (5...1440).contains(minutes) else { continue }
            return minutes
        }
        return nil
    }
}
