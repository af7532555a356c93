import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// What a look-up gave: the thing, or the reply that says why not.
enum Lookup<Value> {
    case found(Value)
    case answered(Reply)
}

/// file_list, file_read, file_write and file_delete.
extension Session {
    func listFiles(_ nameContains: String?) -> Reply {
        let files: [DriveFile]
        do { files = try context.files.files(matching: nameContains) } catch { return failure(.fileList, error) }
        var message = Renderer.fileList(files, filter: nameContains, text: DateText(zone: context.zone), now: context.now.now())
        // "how many files do I have": the count first.
        if !files.isEmpty, let line = lastLine, line.lowercased().hasPrefix("how many") { message = Renderer.fileCount(files.count) + "\n" + message }
        return Reply(intent: .fileList, ok: true, message: message,
                     fields: [("files", .array(files.map { JSONShapes.file($0, zone: context.zone) }))])
    }

    /// The file a name means: an exact name (any case) first, else the only file containing it.
    func findFile(_ name: String, intent: IntentName) -> Lookup<DriveFile> {
        let candidates: [DriveFile]
        do { candidates = try context.files.files(matching: name) } catch { return .answered(failure(intent, error)) }
        if let exact = candidates.first(where: { Spelling.fold($0.name) == Spelling.fold(name) }) { return .found(exact) }
        if candidates.count == 1 { return .found(candidates[0]) }
        if candidates.count > 1 {
            return .answered(Reply(intent: intent, ok: false, message: Renderer.severalFiles(name, candidates.map(\.name))))
        }
        // ("delete invoices.txt" of a file made as "invoices": that file, an extension said.)
        if let dot = name.lastIndex(of: "."), dot > name.startIndex {
            let stem = String(name[..<dot])
            if let plain = try? context.files.files(matching: stem).first(where: { Spelling.fold($0.name) == Spelling.fold(stem) }) { return .found(plain) }
        }
        if let trashed = try? context.files.trashedFiles(matching: name).first(where: { Spelling.fold($0.name) == Spelling.fold(name) }) {
            return .answered(Reply(intent: intent, ok: false, message: Renderer.fileInTrash(trashed.name)))
        }
        let all = (try? context.files.files(matching: nil).map(\.name)) ?? []
        return .answered(Reply(intent: intent, ok: false, message: Renderer.noFile(name, closest: Spelling.closest(to: name, in: all), toRead: intent == .fileRead)))
    }

    func readFile(_ name: String) -> Reply {
        switch findFile(name, intent: .fileRead) {
        case .answered(let reply):
            // "list my notes", "show my notes" with no notes.txt: the notes clerk keeps, which
            // are the files. ("show notes.txt", the file named, is still said to be missing.)
            if Spelling.fold(name) == "notes.txt", lastLine.map({ !$0.lowercased().contains("notes.txt") }) ?? false,
               (try? context.files.files(matching: "notes"))?.isEmpty != false,
               (try? context.files.trashedFiles(matching: name))?.isEmpty != false {
                return listFiles(nil)
            }
            return reply
        case .found(let file):
            do {
                let content = try context.files.readFile(id: file.id)
                var reply = Reply(intent: .fileRead, ok: true, message: Renderer.fileContent(file, content, style: context.style),
                                  fields: [("file", .object([("name", .string(file.name)), ("content", .string(content))]))])
                reply.pageable = true
                return reply
            } catch {
                return failure(.fileRead, error)
            }
        }
    }

    func writeFile(_ write: FileWrite) -> Reply {
        if case .removeLines(let items) = write.operation {
            // "tick off eggs": no list named, the one that holds them; none said, asked for.
            if items.isEmpty { return Reply(intent: .fileWrite, ok: false, message: Renderer.sayWhatToTickOff) }
            if write.name.isEmpty { return tickOff(items) }
        }
        switch write.operation {
        case .create(let content):
            // "make a note called", "create a file": the name asked for, then the file offered.
            if write.name.isEmpty {
                return ask(.text(TextQuestion(intent: .fileWrite, question: Renderer.askFileName) { [unowned self] answer in
                    writeFile(FileWrite(name: answer.trimmingSpaces(), operation: .create(content: content)))
                }), Reply(intent: .fileWrite, ok: true, message: Renderer.askFileName))
            }
            // Refused before the question, not after a yes.
            if let problem = DriveFile.problem(withName: write.name) { return failure(.fileWrite, ServiceError.invalid(problem)) }
            if let existing = liveFile(named: write.name) {
                return Reply(intent: .fileWrite, ok: false, message: Renderer.fileExists(existing.name))
            }
            return offerNewFile(write.name, content: content, question: Renderer.createFileQuestion(write.name, content))
        case .rename(let newName):
            return renameFile(write.name, to: newName)
        case .restore:
            return restoreFile(write.name)
        case .copy(let newName):
            return copyFile(write.name, to: newName)
        case .append(let lines):
            // "new note", "make a new note": what to note is asked, then written as "note: …" is.
            if lines.isEmpty {
                let question = Renderer.askWhatToNote(write.name)
                return ask(.text(TextQuestion(intent: .fileWrite, question: question) { [unowned self] answer in
                    let line = answer.trimmingSpaces()
                    return writeFile(FileWrite(name: write.name, operation: .append(lines: [line])))
                }), Reply(intent: .fileWrite, ok: true, message: question))
            }
            // A file that is not there yet is offered, with what was to go in it.
            if case .answered = findFile(write.name, intent: .fileWrite), !lines.isEmpty, isMissing(write.name) {
                let name = Self.withExtension(write.name, like: nil)
                if let problem = DriveFile.problem(withName: name) { return failure(.fileWrite, ServiceError.invalid(problem)) }
                let content = lines.joined(separator: "\n") + "\n"
                return offerNewFile(name, content: content, question: Renderer.createMissingFile(name, lines: lines))
            }
        case .replace, .removeLines, .clear, .prepend, .removeLineNumbers:
            break
        }
        if case .removeLineNumbers(let numbers) = write.operation, numbers.isEmpty {
            return Reply(intent: .fileWrite, ok: false, message: Renderer.sayALineNumber(write.name))
        }

        switch findFile(write.name, intent: .fileWrite) {
        case .answered(let reply): return reply
        case .found(let file):
            if case .create = write.operation { return Reply(intent: .fileWrite, ok: false, message: Renderer.fileExists(file.name)) }
            let old: String
            do { old = try context.files.readFile(id: file.id) } catch { return failure(.fileWrite, error) }
            guard let new = try? Self.applying(write.operation, to: old) else {
                return textNotInFile(write.operation, file.name)
            }
            if new == old {
                var cleared = false
                if case .clear = write.operation { cleared = true }
                return Reply(intent: .fileWrite, ok: true, message: Renderer.fileUnchanged(file.name, cleared: cleared))
            }
            let preview = Renderer.changePreview(file.name, old: old, new: new)
            return ask(.confirm(Confirmation(intent: .fileWrite, question: Renderer.writeQuestion, defaultYes: true, yes: { [unowned self] in
                do {
                    // The change is made again on the content as it is at the moment of writing,
                    // inside the store's transaction: another writer's change since the preview stays.
                    let edit = try context.files.editFile(id: file.id) { current in try Self.applying(write.operation, to: current) }
                    record(.wroteFile(edit.file, previous: edit.previous))
                    return Reply(intent: .fileWrite, ok: true, message: Renderer.fileWritten(edit.file, undo: context.offersUndo),
                                 fields: [("file", .object([("name", .string(edit.file.name)), ("content", .string(edit.content))]))])
                } catch is TextNotInFile {
                    return textNotInFile(write.operation, file.name)
                } catch {
                    return failure(.fileWrite, error)
                }
            }, no: { Reply(intent: .fileWrite, ok: true, message: Renderer.nothingChanged) })),
            Reply(intent: .fileWrite, ok: true, message: preview + "\n" + Renderer.writeQuestion))
        }
    }

    /// "tick off eggs", "mark milk as done" with no list named: the file whose lines hold the
    /// items loses them as "remove eggs from it" would; several such files are asked about;
    /// with none, an event of that name is said to have no done mark, else that no list has them.
    func tickOff(_ items: [String]) -> Reply {
        let files: [DriveFile]
        do { files = try context.files.files(matching: nil) } catch { return failure(.fileWrite, error) }
        var holding: [DriveFile] = []
        for file in files {
            let content: String
            do { content = try context.files.readFile(id: file.id) } catch { return failure(.fileWrite, error) }
            if (try? Self.applying(.removeLines(items), to: content)) != nil { holding.append(file) }
        }
        if holding.count == 1 { return writeFile(FileWrite(name: holding[0].name, operation: .removeLines(items))) }
        if holding.count > 1 {
            let options = Array(holding.prefix(9))
            let question = Renderer.whichList(items, options.map(\.name))
            return ask(.choose(Choice(intent: .fileWrite, question: question, count: options.count, aliases: Choice.aliases(options.map(\.name))) { [unowned self] number in
                writeFile(FileWrite(name: options[number - 1].name, operation: .removeLines(items)))
            }), Reply(intent: .fileWrite, ok: true, message: question))
        }
        if items.count == 1, case .found(let events) = matchingEvents(EventReference(words: items[0]), intent: .fileWrite) {
            return Reply(intent: .fileWrite, ok: false, message: Renderer.eventsHaveNoDoneMark(events[0].title, said: items[0]))
        }
        return Reply(intent: .fileWrite, ok: false, message: Renderer.noListHolds(items))
    }

    /// True when some file has `item` as an item: a line that is it ("eggs", "- eggs") or a
    /// line listing it ("eggs and bread"), not only a line mentioning it.
    func listsHolding(item: String) -> Bool {
        let wanted = Spelling.fold(item.trimmingSpaces())
        guard !wanted.isEmpty, let files = try? context.files.files(matching: nil) else { return false }
        return files.contains { file in
            guard let content = try? context.files.readFile(id: file.id) else { return false }
            return Self.lines(of: content).contains { Spelling.fold(Self.bare($0)) == wanted || Self.listLine($0, without: wanted) != nil }
        }
    }

    /// True when no file, in or out of the trash, is called `name` or contains it.
    private func isMissing(_ name: String) -> Bool {
        let live = (try? context.files.files(matching: name)) ?? []
        let trashed = (try? context.files.trashedFiles(matching: name)) ?? []
        return live.isEmpty && trashed.isEmpty
    }

    /// `name` with an extension: its own, else `like`'s, else ".txt" ("shopping" → "shopping.txt");
    /// none when `like` has none ("rename ideas to blog ideas" of a file named "ideas").
    static func withExtension(_ name: String, like other: String?) -> String {
        let trimmed = name.trimmingSpaces()
        if let dot = trimmed.lastIndex(of: "."), dot != trimmed.startIndex, trimmed[dot...].count > 1 { return trimmed }
        if let other {
            guard let dot = other.lastIndex(of: "."), dot != other.startIndex else { return trimmed }
            return trimmed + other[dot...]
        }
        return trimmed + ".txt"
    }

    /// Asks `question`, then makes the file `name` with `content`.
    private func offerNewFile(_ name: String, content: String, question: String) -> Reply {
        ask(.confirm(Confirmation(intent: .fileWrite, question: Renderer.writeQuestion, defaultYes: true, yes: { [unowned self] in
            do {
                let file = try context.files.createFile(named: name, content: content)
                record(.createdFile(file))
                namesChanged()
                return Reply(intent: .fileWrite, ok: true, message: Renderer.fileCreated(file, undo: context.offersUndo),
                             fields: [("file", .object([("name", .string(file.name)), ("content", .string(content))]))])
            } catch {
                return failure(.fileWrite, error)
            }
        }, no: { Reply(intent: .fileWrite, ok: true, message: Renderer.nothingChanged) })),
        Reply(intent: .fileWrite, ok: true, message: question))
    }

    /// "rename groceries.txt to shopping.txt"; a new name without an extension keeps the old
    /// one's ("rename groceries to shopping" → shopping.txt), and its words are joined as a
    /// new file's are when the old name has no spaces ("rename meeting notes to budget
    /// meeting" → budget-meeting).
    func renameFile(_ name: String, to said: String) -> Reply {
        var newName = said.trimmingSpaces()
        if !newName.contains("."), newName.contains(" "), !name.contains(" ") {
            newName = newName.split(separator: " ").joined(separator: "-")
        }
        switch findFile(name, intent: .fileWrite) {
        case .answered(let reply): return reply
        case .found(let file):
            guard !newName.trimmingSpaces().isEmpty else {
                return Reply(intent: .fileWrite, ok: false, message: Renderer.sayANewFileName(file.name))
            }
            let target = Self.withExtension(newName, like: file.name)
            if let problem = DriveFile.problem(withName: target) { return failure(.fileWrite, ServiceError.invalid(problem)) }
            if let other = try? context.files.files(matching: target).first(where: { Spelling.fold($0.name) == Spelling.fold(target) && $0.id != file.id }) {
                return Reply(intent: .fileWrite, ok: false, message: Renderer.failure(ServiceError.alreadyExists(.file, name: other.name)))
            }
            let question = Renderer.renameFileQuestion(file.name, to: target)
            return ask(.confirm(Confirmation(intent: .fileWrite, question: question, defaultYes: true, yes: { [unowned self] in
                do {
                    let renamed = try context.files.renameFile(id: file.id, to: target)
                    record(.renamedFile(file, newName: renamed.name))
                    namesChanged()
                    return Reply(intent: .fileWrite, ok: true, message: Renderer.fileRenamed(file.name, to: renamed.name, undo: context.offersUndo),
                                 fields: [("file", .object([("name", .string(renamed.name)), ("content", .null)]))])
                } catch {
                    return failure(.fileWrite, error)
                }
            }, no: { Reply(intent: .fileWrite, ok: true, message: Renderer.nothingChanged) })),
            Reply(intent: .fileWrite, ok: true, message: question))
        }
    }

    /// The text a replacement or removal looks for is not in the file (any more).
    struct TextNotInFile: Error {}

    /// `content` changed by `operation`: an append adds its lines at the end, a replacement
    /// changes every occurrence, a removal takes out the lines that are each item (else the
    /// lines holding it). A pure function of `content`, as `FileService.editFile` asks.
    static func applying(_ operation: FileOperation, to content: String) throws(TextNotInFile) -> String {
        switch operation {
        case .create(let new): return new
        case .rename, .copy, .restore: return content
        case .prepend(let lines):
            return lines.joined(separator: "\n") + "\n" + content
        case .removeLineNumbers(let numbers):
            var lines = Self.lines(of: content)
            let found = numbers.map { n in n > 0 ? (n <= lines.count ? n - 1 : nil) : (-n <= lines.count ? lines.count + n : nil) }
            // Every line named must be there: nothing is taken out otherwise.
            guard !found.isEmpty, !found.contains(nil) else { throw TextNotInFile() }
            let at = Set(found.compactMap { $0 })
            for i in at.sorted(by: >) { lines.remove(at: i) }
            return lines.isEmpty ? "" : lines.joined(separator: "\n") + (content.hasSuffix("\n") ? "\n" : "")
        case .clear: return ""
        case .append(let lines):
            let added = lines.joined(separator: "\n") + "\n"
            return content.isEmpty || content.hasSuffix("\n") ? content + added : content + "\n" + added
        case .replace(let target, let replacement):
            guard content.contains(target) else { throw TextNotInFile() }
            return content.replacingEvery(target, with: replacement)
        case .removeLines(let items):
            var lines = content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let endsWithNewline = content.hasSuffix("\n")
            if endsWithNewline { lines.removeLast() }
            var removed = false
            // "bread and jam" that is no line is two items.
            let wanted = items.flatMap { item -> [String] in
                let whole = Spelling.fold(item.trimmingSpaces())
                guard item.contains(" and "), !lines.contains(where: { Spelling.fold(Self.bare($0)) == whole }) else { return [item] }
                return item.components(separatedBy: " and ")
            }
            for item in wanted {
                var wanted = Spelling.fold(item.trimmingSpaces())
                // "remove the charger" from a list whose line is "charger".
                if !lines.contains(where: { Spelling.fold($0).contains(wanted) }),
                   let space = wanted.firstIndex(of: " "), ["the", "my", "our", "a", "an", "some"].contains(wanted[..<space]) {
                    wanted = String(wanted[wanted.index(after: space)...])
                }
                // The line that is the item ("milk", "- milk"); else the item taken out of a
                // line listing it ("eggs and bread" keeps "bread"); else every line that holds it.
                var at = lines.indices.filter { Spelling.fold(Self.bare($0 < lines.count ? lines[$0] : "")) == wanted }
                if at.isEmpty {
                    var tookOut = false
                    for i in lines.indices {
                        guard let rest = Self.listLine(lines[i], without: wanted) else { continue }
                        lines[i] = rest
                        tookOut = true
                    }
                    if tookOut { removed = true; continue }
                    at = lines.indices.filter { Spelling.fold(lines[$0]).contains(wanted) }
                }
                guard !at.isEmpty else { continue }
                for i in at.reversed() { lines.remove(at: i) }
                removed = true
            }
            guard removed else { throw TextNotInFile() }
            return lines.isEmpty ? "" : lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
        }
    }

    /// `line` as a list of items ("eggs and bread", "- milk, eggs & jam") without the one
    /// that folds to `item`, written back as it was ("- milk and jam"); nil when the line
    /// lists no such item as a whole.
    static func listLine(_ line: String, without item: String) -> String? {
        let text = bare(line)
        let mark = String(line.trimmingSpaces().dropLast(text.count))
        let indent = String(line.prefix { $0 == " " || $0 == "\t" })
        var items = [text]
        for separator in [", and ", ", ", " and ", " & "] {
            items = items.flatMap { $0.components(separatedBy: separator) }
        }
        items = items.map { $0.trimmingSpaces() }
        guard items.count >= 2, !items.contains(where: \.isEmpty),
              let at = items.firstIndex(where: { Spelling.fold($0) == item }) else { return nil }
        items.remove(at: at)
        let listed = items.count == 1 ? items[0] : items.dropLast().joined(separator: ", ") + " and " + items.last!
        return indent + mark + listed
    }

    /// A line without the list marks people type before items ("- milk", "* eggs", "[ ] bread").
    static func bare(_ line: String) -> String {
        var text = line.trimmingSpaces()
        for mark in ["- [ ] ", "- [x] ", "[ ] ", "[x] ", "- ", "* ", "• "] where text.hasPrefix(mark) {
            text.removeFirst(mark.count)
            break
        }
        return text.trimmingSpaces()
    }

    private func textNotInFile(_ operation: FileOperation, _ name: String) -> Reply {
        switch operation {
        case .replace(let target, _): return Reply(intent: .fileWrite, ok: false, message: Renderer.textNotInFile(target, name))
        case .removeLines(let items): return Reply(intent: .fileWrite, ok: false, message: Renderer.linesNotInFile(items, name))
        case .removeLineNumbers(let numbers):
            var count = 0
            if case .found(let file) = findFile(name, intent: .fileWrite), let content = try? context.files.readFile(id: file.id) {
                count = Self.lines(of: content).count
            }
            return Reply(intent: .fileWrite, ok: false, message: Renderer.noSuchLine(numbers.first { $0 > count } ?? numbers.first ?? 0, name, count: count, change: true))
        default: return failure(.fileWrite, TextNotInFile())
        }
    }

    /// The file out of the trash named `name` (any case and accents), if there is one.
    func liveFile(named name: String) -> DriveFile? {
        (try? context.files.files(matching: name).first { Spelling.fold($0.name) == Spelling.fold(name) }) ?? nil
    }

    /// "what's in the trash": the files there, with how to bring one back; "empty the
    /// trash" gets the same, with why clerk keeps them.
    func listTrash(emptying: Bool) -> Reply {
        let files: [DriveFile]
        do { files = try context.files.trashedFiles(matching: nil) } catch { return failure(.fileList, error) }
        var message = Renderer.trashList(files, text: DateText(zone: context.zone), now: context.now.now())
        if emptying { message = Renderer.trashKept + "\n" + message }
        return Reply(intent: .fileList, ok: true, message: message,
                     fields: [("files", .array(files.map { JSONShapes.file($0, zone: context.zone) }))])
    }

    /// "restore notes.txt": the file in the trash of that name (any case; else the only one
    /// whose name holds the words), asked about, then taken out.
    func restoreFile(_ name: String) -> Reply {
        let trashed: [DriveFile]
        do { trashed = try context.files.trashedFiles(matching: nil) } catch { return failure(.fileWrite, error) }
        let wanted = Spelling.fold(name)
        // The newest first: two of one name in the trash, the question says which it takes.
        // (Two changed at the same moment: the one made last.)
        let named = trashed.filter { Spelling.fold($0.name) == wanted }.enumerated()
            .sorted { ($0.element.modified, $0.offset) > ($1.element.modified, $1.offset) }.map(\.element)
        let holding = trashed.filter { Spelling.fold($0.name).contains(wanted) }
        guard !wanted.isEmpty, let file = named.first ?? (holding.count == 1 ? holding[0] : nil) else {
            if holding.count > 1 { return Reply(intent: .fileWrite, ok: false, message: Renderer.severalFiles(name, holding.map(\.name))) }
            return Reply(intent: .fileWrite, ok: false,
                         message: Renderer.notInTrash(name, live: liveFile(named: name)?.name, closest: Spelling.closest(to: name, in: trashed.map(\.name))))
        }
        // Refused before the question, not after a yes.
        if let other = liveFile(named: file.name) {
            return Reply(intent: .fileWrite, ok: false, message: Renderer.restoreBlocked(other.name))
        }
        let question = named.count > 1 && named[0].id == file.id
            ? Renderer.restoreNewestQuestion(file, of: named.count, text: DateText(zone: context.zone), now: context.now.now())
            : Renderer.restoreQuestion(file.name)
        return ask(.confirm(Confirmation(intent: .fileWrite, question: question, defaultYes: true, yes: { [unowned self] in
            do {
                let restored = try context.files.restoreFile(id: file.id)
                record(.restoredFile(restored))
                namesChanged()
                return Reply(intent: .fileWrite, ok: true, message: Renderer.fileRestored(restored.name, undo: context.offersUndo),
                             fields: [("file", .object([("name", .string(restored.name)), ("content", .null)]))])
            } catch {
                return failure(.fileWrite, error)
            }
        }, no: { Reply(intent: .fileWrite, ok: true, message: Renderer.nothingChanged) })),
        Reply(intent: .fileWrite, ok: true, message: question))
    }

    func deleteFile(_ name: String) -> Reply {
        switch findFile(name, intent: .fileDelete) {
        case .answered(let reply): return reply
        case .found(let file):
            let question = Renderer.trashQuestion(file.name)
            return ask(.confirm(Confirmation(intent: .fileDelete, question: question, defaultYes: false, yes: { [unowned self] in
                do {
                    try context.files.trashFile(id: file.id)
                    record(.trashedFile(file))
                    namesChanged()
                    return Reply(intent: .fileDelete, ok: true, message: Renderer.fileTrashed(file.name, undo: context.offersUndo),
                                 fields: [("file", .object([("name", .string(file.name)), ("content", .null)]))])
                } catch {
                    return failure(.fileDelete, error)
                }
            }, no: { Reply(intent: .fileDelete, ok: true, message: Renderer.nothingChanged) })),
            Reply(intent: .fileDelete, ok: true, message: question))
        }
    }

    /// A file's lines, without the empty one after a last newline.
    static func lines(of content: String) -> [String] {
        let body = content.hasSuffix("\n") ? String(content.dropLast()) : content
        return body.isEmpty ? [] : body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// "the last 3 lines of todo.txt", "line 2 of todo.txt", "how many lines in todo.txt".
    func readLines(_ name: String, _ pick: LinePick) -> Reply {
        switch findFile(name, intent: .fileRead) {
        case .answered(let reply): return reply
        case .found(let file):
            let content: String
            do { content = try context.files.readFile(id: file.id) } catch { return failure(.fileRead, error) }
            let all = Self.lines(of: content)
            let json: [(String, JSONValue)] = [("file", .object([("name", .string(file.name)), ("content", .string(content))]))]
            let numbered: [(Int, String)]
            switch pick {
            case .count:
                return Reply(intent: .fileRead, ok: true, message: Renderer.lineCount(file.name, all.count), fields: json)
            case .size:
                let words = content.split(whereSeparator: { $0.isWhitespace }).count
                let size: [(String, JSONValue)] = [("lines", .number(Double(all.count))), ("words", .number(Double(words))), ("bytes", .number(Double(content.utf8.count)))]
                return Reply(intent: .fileRead, ok: true, message: Renderer.fileSize(file.name, lines: all.count, words: words, bytes: content.utf8.count),
                             fields: json + [("size", .object(size))])
            case .first(let n): numbered = Array(all.enumerated().prefix(n)).map { ($0.offset + 1, $0.element) }
            case .last(let n): numbered = Array(all.enumerated().suffix(n)).map { ($0.offset + 1, $0.element) }
            case .number(let n):
                let i = n > 0 ? n - 1 : all.count + n
                guard i >= 0, i < all.count else {
                    return Reply(intent: .fileRead, ok: false, message: Renderer.noSuchLine(n, file.name, count: all.count), fields: json)
                }
                numbered = [(i + 1, all[i])]
            }
            return Reply(intent: .fileRead, ok: true, message: Renderer.numberedLines(file.name, numbered, of: all.count, style: context.style), fields: json)
        }
    }

    /// "search my files for milk", "does todo.txt mention rent": each file whose lines
    /// hold the text (any case, accents aside), with those lines and their numbers.
    func searchFiles(_ text: String, in name: String?) -> Reply {
        let wanted = Spelling.fold(text.trimmingSpaces())
        var files: [DriveFile]
        if let name {
            switch findFile(name, intent: .fileList) {
            case .answered(let reply): return reply
            case .found(let file): files = [file]
            }
        } else {
            do { files = try context.files.files(matching: nil) } catch { return failure(.fileList, error) }
        }
        guard !wanted.isEmpty else { return Reply(intent: .fileList, ok: false, message: Renderer.sayWhatToSearch) }
        var found: [(DriveFile, [(Int, String)])] = []
        for file in files {
            let content: String
            do { content = try context.files.readFile(id: file.id) } catch { return failure(.fileList, error) }
            let hits = Self.lines(of: content).enumerated().filter { Spelling.fold($0.element).contains(wanted) }.map { ($0.offset + 1, $0.element) }
            if !hits.isEmpty { found.append((file, hits)) }
        }
        // ("search my files for acme" with acme-notes.txt: no line says it, its name does.)
        let named = name == nil && found.isEmpty ? files.filter { Spelling.fold($0.name).contains(wanted) }.map(\.name) : []
        return Reply(intent: .fileList, ok: true,
                     message: Renderer.searchResults(text, found, oneFile: name.map { _ in files[0].name }, style: context.style, named: named),
                     fields: [("files", .array(found.map { JSONShapes.file($0.0, zone: context.zone) }))])
    }

    /// "copy todo.txt to todo-old.txt": a new file with the same content, after a yes.
    func copyFile(_ name: String, to newName: String) -> Reply {
        switch findFile(name, intent: .fileWrite) {
        case .answered(let reply): return reply
        case .found(let file):
            var target = newName.trimmingSpaces()
            if target.isEmpty {
                let stem = file.name.lastIndex(of: ".").map { String(file.name[..<$0]) } ?? file.name
                target = stem + "-copy"
            }
            target = Self.withExtension(target, like: file.name)
            if let problem = DriveFile.problem(withName: target) { return failure(.fileWrite, ServiceError.invalid(problem)) }
            if let existing = liveFile(named: target) {
                return Reply(intent: .fileWrite, ok: false, message: Renderer.fileExists(existing.name))
            }
            let content: String
            do { content = try context.files.readFile(id: file.id) } catch { return failure(.fileWrite, error) }
            return offerNewFile(target, content: content, question: Renderer.copyFileQuestion(file.name, to: target))
        }
    }
}
