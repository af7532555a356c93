import ClerkCore
import FoundationEssentials

/// Sentences about files and calendars.
extension Renderer {
    /// "new note" with nothing after it: the note is asked for.
    static func askWhatToNote(_ file: String) -> String {
        "What should I note? Type it, like 'buy stamps', and I'll add it to \(file)."
    }

    static let writeQuestion = "Write it? [Y/n]"

    /// Name, size and age of each file, aligned.
    static func fileList(_ files: [DriveFile], filter: String?, text: DateText, now: Date) -> String {
        guard !files.isEmpty else {
            return filter.map { "No files with '\($0)' in the name." } ?? "No files yet. Create one: 'create a file todo.txt with buy milk'."
        }
        let width = min(40, files.map(\.name.oneLine.count).max() ?? 0)
        return files.map { file in
            file.name.oneLine.padded(toWidth: max(width, file.name.oneLine.count)) + "  "
                + size(file.size).padded(toWidth: 8) + "  " + modified(file.modified, text: text, now: now)
        }.joined(separator: "\n")
    }

    /// "1 file:", "3 files:".
    static func fileCount(_ count: Int) -> String {
        count == 1 ? "1 file:" : "\(count) files:"
    }

    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String.oneDecimal(Double(bytes) / 1024) + " KB" }
        return String.oneDecimal(Double(bytes) / 1024 / 1024) + " MB"
    }

    /// "today 21:46", "yesterday 09:05", "Tue 1 Dec 2026": to the minute (a file's time is
    /// rarely on one, and its seconds say nothing a person needs).
    static func modified(_ date: Date, text: DateText, now: Date) -> String {
        let day = text.localDate(date)
        let minute = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60)
        if day == text.localDate(now) { return "today " + text.clock(minute) }
        if day == text.localDate(now).adding(days: -1) { return "yesterday " + text.clock(minute) }
        return text.day(day)
    }

    static func severalFiles(_ name: String, _ names: [String]) -> String {
        "Several files match '\(name)': \(quoted(names)). Give the full name."
    }

    /// `toRead`: the file was asked to be shown, so how to start it is said too.
    static func noFile(_ name: String, closest: String?, toRead: Bool = false) -> String {
        if let closest { return "No file named '\(name.oneLine)'. Did you mean '\(closest.oneLine)'?" }
        if toRead { return "No file named '\(name.oneLine)' yet. Say 'list my files' to see yours, or 'add … to \(name.oneLine)' to start it." }
        return "No file named '\(name.oneLine)'. Say 'list my files' to see them."
    }

    static func fileContent(_ file: DriveFile, _ content: String, style: TextStyle) -> String {
        style.bold("── \(file.name.oneLine) ──") + "\n" + (content.isEmpty ? style.dim("(empty)") : content.hasSuffix("\n") ? String(content.dropLast()) : content)
    }

    static func fileInTrash(_ name: String) -> String {
        "\(name.oneLine) is in the trash. Say 'restore \(typedName(name, among: [name]))' to bring it back."
    }

    /// The files in the trash, as `fileList` shows files.
    static func trashList(_ files: [DriveFile], text: DateText, now: Date) -> String {
        guard let first = files.first else { return "The trash is empty." }
        return "In the trash:\n" + fileList(files, filter: nil, text: text, now: now)
            + "\nSay 'restore \(typedName(first.name, among: files.map(\.name)))' to bring one back."
    }

    /// A name as it can be typed back to "restore": a name with control characters (a Drive
    /// title from another client, shown `^[`) can't be, so its longest run of other
    /// characters is offered when no other name in `names` holds it ("restore" takes the only
    /// file whose name holds the words).
    static func typedName(_ name: String, among names: [String]) -> String {
        guard name.oneLine != name else { return name }
        let runs = name.split(whereSeparator: { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } || $0.isNewline })
            .map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        let unique = runs.first { run in names.filter { Spelling.fold($0).contains(Spelling.fold(run)) }.count == 1 }
        return unique ?? name.oneLine
    }

    static let trashKept = "clerk keeps what's in the trash, so that it can come back; it doesn't empty it."

    static func restoreQuestion(_ name: String) -> String {
        "Take \(name.oneLine) out of the trash? [Y/n]"
    }

    /// Two or more of one name in the trash: which one "restore" takes, by its time.
    static func restoreNewestQuestion(_ file: DriveFile, of count: Int, text: DateText, now: Date) -> String {
        "\(count) files named \(file.name.oneLine) are in the trash. Take out the newest, changed \(modified(file.modified, text: text, now: now))? [Y/n]"
    }

    static func restoreBlocked(_ name: String) -> String {
        "\(name.oneLine) can't come out of the trash while another \(name.oneLine) is with your files. Rename that one first, like 'rename \(name.oneLine) to \(name.insertingBeforeExtension("-new").oneLine)'."
    }

    static func fileRestored(_ name: String, undo: Bool) -> String {
        "\(name.oneLine) is back with your files." + (undo ? " Say 'undo' to put it back in the trash." : "")
    }

    /// Nothing of that name in the trash: it is among the files, or a name like it is in the trash.
    static func notInTrash(_ name: String, live: String?, closest: String?) -> String {
        if let live { return "\(live.oneLine) isn't in the trash: it's with your files." }
        if let closest { return "Nothing named '\(name.oneLine)' in the trash. Did you mean '\(closest.oneLine)'?" }
        return "Nothing named '\(name.oneLine)' in the trash. Say 'what's in the trash' to see it."
    }

    /// A change that would leave the file as it is ("clear the shopping list" when it is).
    static func fileUnchanged(_ name: String, cleared: Bool) -> String {
        cleared ? "\(name.oneLine) is already empty; nothing to change." : "That leaves \(name.oneLine) as it is; nothing to change."
    }

    static func fileExists(_ name: String) -> String {
        "\(name) already exists. To add to it: 'append … to \(name)'."
    }

    static func createFileQuestion(_ name: String, _ content: String) -> String {
        "New file \(name)" + (content.isEmpty ? " (empty)" : ":\n" + content.split(separator: "\n", omittingEmptySubsequences: false).map { "+ " + $0 }.joined(separator: "\n"))
            + "\n" + writeQuestion
    }

    static func fileCreated(_ file: DriveFile, undo: Bool) -> String { "Created \(file.name.oneLine)." + undoHint(.removeIt, undo) }
    static func fileWritten(_ file: DriveFile, undo: Bool) -> String { "Saved \(file.name.oneLine)." + undoHint(.oldContentBack, undo) }
    static func textNotInFile(_ text: String, _ name: String) -> String { "'\(text)' isn't in \(name); nothing changed." }
    static func trashQuestion(_ name: String) -> String { "Move \(name) to the trash? [y/N]" }
    static func fileTrashed(_ name: String, undo: Bool) -> String { "Moved \(name) to the trash." + undoHint(.bringItBack, undo) }
    static func fileRenamed(_ old: String, to new: String, undo: Bool) -> String { "Renamed \(old) to \(new)." + undoHint(.changeItBack, undo) }
    static func renameFileQuestion(_ old: String, to new: String) -> String { "Rename \(old) to \(new)? [Y/n]" }
    static func sayANewFileName(_ name: String) -> String { "What should \(name) be called? Say 'rename \(name) to …'." }

    /// A file that is not there, offered to be made with the lines that were to go in it.
    static func createMissingFile(_ name: String, lines: [String]) -> String {
        "There's no file \(name) yet. Create it?\n" + lines.map { "+ " + $0 }.joined(separator: "\n") + "\n" + writeQuestion
    }

    /// "recipes.txt: 12 lines, 140 words, 812 B."
    static func fileSize(_ name: String, lines: Int, words: Int, bytes: Int) -> String {
        guard bytes > 0 else { return "\(name.oneLine) is empty." }
        func some(_ count: Int, _ noun: String) -> String { "\(count) \(noun)" + (count == 1 ? "" : "s") }
        return "\(name.oneLine): " + some(lines, "line") + ", " + some(words, "word") + ", " + size(bytes) + "."
    }

    static func lineCount(_ name: String, _ count: Int) -> String {
        "\(name.oneLine) has " + (count == 1 ? "1 line." : "\(count) lines.")
    }

    /// Lines of a file with their numbers, under its name.
    static func numberedLines(_ name: String, _ lines: [(Int, String)], of total: Int, style: TextStyle) -> String {
        guard !lines.isEmpty else { return "\(name.oneLine) is empty." }
        let width = String(lines.last!.0).count
        return style.bold("── \(name.oneLine), \(lines.count == 1 ? "line" : "lines") \(lines.count == 1 ? "\(lines[0].0)" : "\(lines[0].0)–\(lines.last!.0)") of \(total) ──") + "\n"
            + lines.map { String($0.0).padded(toWidth: width) + "  " + $0.1.oneLine }.joined(separator: "\n")
    }

    static func noSuchLine(_ number: Int, _ name: String, count: Int, change: Bool = false) -> String {
        "\(name.oneLine) has " + (count == 1 ? "1 line" : "\(count) lines") + (number > 0 ? ", so no line \(number)" : "")
            + (change ? "; nothing changed" : "") + ". Say 'show \(name.oneLine)' to see them."
    }

    static func sayALineNumber(_ name: String) -> String {
        "Which line? Say 'delete line 2 of \(name.oneLine)' or 'remove milk from \(name.oneLine)'."
    }

    static let sayWhatToSearch = "Search for what? Say 'search my files for milk'."

    static func copyFileQuestion(_ name: String, to target: String) -> String {
        "Copy \(name.oneLine) to a new file \(target.oneLine)? [Y/n]"
    }

    /// Files whose lines hold a text: each file, then its lines with their numbers.
    /// With none found, `named` are the files whose names hold the text.
    static func searchResults(_ text: String, _ found: [(DriveFile, [(Int, String)])], oneFile: String?, style: TextStyle, named: [String] = []) -> String {
        guard !found.isEmpty else {
            if let oneFile { return "No line of \(oneFile.oneLine) mentions '\(text.oneLine)'." }
            if !named.isEmpty {
                let list = named.map(\.oneLine).joined(separator: ", ")
                return "No line of your files mentions '\(text.oneLine)', but \(named.count == 1 ? "one is" : "these are") named for it: \(list). Say 'show \(named[0].oneLine)' to read it."
            }
            return "No file mentions '\(text.oneLine)'. Say 'list my files' to see them."
        }
        var out: [String] = []
        if let oneFile {
            let hits = found[0].1.count
            out.append("\(oneFile.oneLine) mentions '\(text.oneLine)' on " + (hits == 1 ? "line \(found[0].1[0].0):" : "\(hits) lines:"))
        } else {
            out.append(found.count == 1 ? "1 file mentions '\(text.oneLine)':" : "\(found.count) files mention '\(text.oneLine)':")
        }
        for (file, hits) in found {
            if oneFile == nil { out.append(style.bold(file.name.oneLine)) }
            for (number, line) in hits.prefix(10) { out.append("  \(number): " + line.oneLine) }
            if hits.count > 10 { out.append("  … and \(hits.count - 10) more lines") }
        }
        return out.joined(separator: "\n")
    }

    /// The lines a removal looks for, none of which is in the file.
    static func linesNotInFile(_ items: [String], _ name: String) -> String {
        "No line of \(name) is " + either(items) + "; nothing changed."
    }

    /// "'milk'", "'milk' or 'eggs'", "'milk', 'eggs' or 'jam'" (or `joiner`).
    private static func either(_ items: [String], joiner: String = "or") -> String {
        let said = items.map { "'\($0.oneLine)'" }
        return said.count < 2 ? said.joined() : said.dropLast().joined(separator: ", ") + " \(joiner) " + said.last!
    }

    /// A new file asked for with no name ("make a note called", "create a file").
    static let askFileName = "What should the new file be called? Say a name, like 'ideas' or 'packing.txt'."
    static let sayWhatToTickOff = "Tick off what? Say 'tick off milk' or 'cross milk off my shopping list'."

    /// Items to tick off that no file's lines hold.
    static func noListHolds(_ items: [String]) -> String {
        "None of your lists has " + either(items) + "; nothing changed. Say 'list my files' to see them."
    }

    /// Items to tick off that several files hold, numbered for a choice.
    static func whichList(_ items: [String], _ names: [String]) -> String {
        var lines = [either(items, joiner: "and") + (items.count == 1 ? " is" : " are") + " on several lists. Which one?"]
        for (i, name) in names.enumerated() { lines.append("  \(i + 1)) \(name.oneLine)") }
        return lines.joined(separator: "\n")
    }

    /// "mark the dentist as done": an event has nothing to tick.
    static func eventsHaveNoDoneMark(_ title: String, said: String) -> String {
        "'\(title.oneLine)' is an event, not a line of a list, and events have no done mark; nothing changed. "
            + "To take it off your calendar: 'delete \(said.oneLine)'."
    }

    /// The lines that change, as "- old" / "+ new", with the file's name on top: the lines
    /// both versions share (their longest common run of lines) are left out.
    static func changePreview(_ name: String, old: String, new: String) -> String {
        let (before, after) = changedLines(old, new)
        var out = ["Change to \(name):"]
        // Longest common subsequence of the lines that differ, table from the ends; past a
        // million cells (two changed stretches of a thousand lines) the old lines are shown
        // going and the new ones coming, as a table that size would not fit in memory.
        let (cells, overflow) = (before.count + 1).multipliedReportingOverflow(by: after.count + 1)
        guard !overflow, cells <= 1_000_000 else {
            return (out + before.map { "- " + $0 } + after.map { "+ " + $0 }).joined(separator: "\n")
        }
        var common = [[Int]](repeating: [Int](repeating: 0, count: after.count + 1), count: before.count + 1)
        for i in stride(from: before.count - 1, through: 0, by: -1) {
            for j in stride(from: after.count - 1, through: 0, by: -1) {
                common[i][j] = before[i] == after[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var i = 0, j = 0
        while i < before.count || j < after.count {
            if i < before.count, j < after.count, before[i] == after[j] {
                i += 1
                j += 1
            } else if i < before.count, j == after.count || common[i + 1][j] >= common[i][j + 1] {
                out.append("- " + before[i])
                i += 1
            } else {
                out.append("+ " + after[j])
                j += 1
            }
        }
        return out.joined(separator: "\n")
    }

    /// The lines of `old` and `new` between the whole lines they begin and end with alike,
    /// found on their bytes: an append to a 50 MB log compared the file's 600,000 lines in a
    /// table of 600,000 × 600,000 cells (the process was killed at 23 GB).
    static func changedLines(_ old: String, _ new: String) -> (before: [String], after: [String]) {
        var old = old, new = new
        return old.withUTF8 { o in
            new.withUTF8 { n in
                let newline = UInt8(ascii: "\n")
                let shorter = min(o.count, n.count)
                // The common start, back to just after its last line end.
                var prefix = 0
                while prefix < shorter, o[prefix] == n[prefix] { prefix += 1 }
                if prefix < o.count || prefix < n.count {
                    while prefix > 0, o[prefix - 1] != newline { prefix -= 1 }
                }
                // The common end, within what is left of both, forward to a line start in both.
                var suffix = 0
                while suffix < shorter - prefix, o[o.count - 1 - suffix] == n[n.count - 1 - suffix] { suffix += 1 }
                func startsALine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
                    bytes.count == suffix || bytes[bytes.count - suffix - 1] == newline
                }
                while suffix > 0, !startsALine(o) || !startsALine(n) { suffix -= 1 }
                /// The lines of a middle stretch (it starts a line; its last line end, before
                /// the common end or the text's own last one, makes no line of its own).
                func lines(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [String] {
                    guard !range.isEmpty else { return [] }
                    var end = range.upperBound
                    if bytes[end - 1] == newline { end -= 1 }
                    if end == range.lowerBound { return range.count == bytes.count ? [] : [""] }
                    return UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end]).split(separator: newline, omittingEmptySubsequences: false)
                        .map { String(decoding: $0, as: UTF8.self) }
                }
                return (lines(o, prefix..<o.count - suffix), lines(n, prefix..<n.count - suffix))
            }
        }
    }

    /// One calendar per line, the primary one and the default one marked, zones aligned.
    static func calendarList(_ calendars: [CalendarInfo], defaultName: String? = nil) -> String {
        let names = calendars.map { $0.name.oneLine + ($0.isPrimary ? " (primary)" : "") + ($0.name == defaultName ? " (default)" : "") }
        let width = names.map(\.count).max() ?? 0
        return zip(names, calendars).map { $0.padded(toWidth: width) + "  " + $1.timeZone }.joined(separator: "\n")
    }

    static func calendarExists(_ name: String) -> String { "You already have a calendar named '\(name)'." }
    static func createCalendarQuestion(_ name: String, zone: String) -> String { "Create calendar '\(name)' (\(zone))? [Y/n]" }
    static func calendarCreated(_ name: String) -> String { "Created calendar '\(name)'. Put events on it with 'on \(name)'." }

    /// `default_calendar` in the config names no calendar.
    static func defaultCalendarMissing(_ name: String, using: String, closest: String?) -> String {
        "Your default calendar '\(name.oneLine)' doesn't exist; events go to '\(using.oneLine)'."
            + (closest.map { " Did you mean '\($0.oneLine)'? Fix default_calendar in your config." } ?? " Fix default_calendar in your config.")
    }

    static func noCalendar(_ name: String, closest: String?, known: [String]) -> String {
        if let closest { return "No calendar named '\(name)'. Did you mean '\(closest)'?" }
        return "No calendar named '\(name)'. Your calendars: \(quoted(known))."
    }

    static func primaryCannotGo(_ name: String) -> String { "'\(name)' is your primary calendar; it can't be deleted." }

    /// The strong question before a calendar goes: how much goes with it, and the name to type.
    static func deleteCalendarQuestion(_ name: String, events: Int) -> String {
        "Delete the calendar '\(name)'" + (events == 0 ? "? It has no events." : " and the \(eventCount(events)) on it?")
            + " To delete it, type its name (\(name)); anything else keeps it."
    }

    static func calendarKept(_ name: String) -> String { "OK, '\(name)' stays; nothing was deleted." }

    static func calendarDeleted(_ name: String, events: Int, undo: Bool) -> String {
        "Deleted the calendar '\(name)'" + (events == 0 ? "." : " and its \(eventCount(events)).") + undoHint(events == 0 ? .bringItBack : .bringThemBack, undo)
    }

    static func sayANewName(_ name: String) -> String { "What should '\(name)' be called? Say 'rename calendar \(name) to …'." }
    static func renameCalendarQuestion(_ old: String, to new: String) -> String { "Rename calendar '\(old)' to '\(new)'? [Y/n]" }
    static func calendarRenamed(_ old: String, to new: String, undo: Bool) -> String {
        "Renamed calendar '\(old)' to '\(new)'." + undoHint(.changeItBack, undo)
    }

    static func alreadyDefault(_ name: String) -> String { "'\(name)' is already where new events go." }

    static func defaultCalendarQuestion(_ name: String, kept: Bool) -> String {
        "Make '\(name)' your default calendar? New events will go on it" + (kept ? "" : " for this session") + ". [Y/n]"
    }

    /// "09:00–17:00".
    static func hours(_ hours: (start: Int, end: Int)) -> String {
        ClockText.hoursMinutes(hours.start) + "–" + ClockText.hoursMinutes(hours.end)
    }

    static func workingHoursQuestion(_ new: (start: Int, end: Int), kept: Bool) -> String {
        "Set your working hours to \(hours(new))" + (kept ? "" : " for this session") + "? Free time is looked for in them. [Y/n]"
    }

    static func workingHoursSet(_ new: (start: Int, end: Int), kept: Bool, undo: Bool) -> String {
        "Working hours now \(hours(new))" + (kept ? " (saved as working_hours in your config)." : " until clerk ends.") + undoHint(.changeItBack, undo)
    }

    static func workingHoursAlready(_ now: (start: Int, end: Int)) -> String { "Your working hours are \(hours(now)) already." }

    static func timeZoneQuestion(_ new: String, now: String) -> String {
        "Set your time zone to \(new) (now \(now))? clerk uses it from its next start. [Y/n]"
    }

    static func timeZoneSet(_ new: String, undo: Bool) -> String {
        "Time zone \(new) from clerk's next start (saved as time_zone in your config; --tz still comes first)." + undoHint(.changeItBack, undo)
    }

    static func timeZoneAlready(_ zone: String) -> String { "Your time zone is \(zone) already." }

    static func unknownZone(_ said: String) -> String {
        "I don't know the time zone '\(said.oneLine)'. Say a city or a tz database name, like 'set my time zone to Europe/London'."
    }

    static func timeZoneNotKept(_ new: String) -> String {
        "I can't keep a time zone here. Start clerk with --tz \(new) (or set TZ) to use it."
    }

    static func eventLengthQuestion(_ minutes: Int, kept: Bool) -> String {
        "Make new events \(minutes) min unless said" + (kept ? "" : ", for this session") + "? [Y/n]"
    }

    static func eventLengthSet(_ minutes: Int, kept: Bool, undo: Bool) -> String {
        "New events are now \(minutes) min unless said" + (kept ? " (saved as default_event_length in your config)." : " until clerk ends.") + undoHint(.changeItBack, undo)
    }

    static func eventLengthAlready(_ minutes: Int) -> String { "New events are \(minutes) min already." }

    static func defaultCalendarSet(_ name: String, kept: Bool, undo: Bool) -> String {
        "New events now go on '\(name)'" + (kept ? " (saved as default_calendar in your config)." : " until clerk ends.") + undoHint(.changeItBack, undo)
    }
}
