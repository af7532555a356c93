import Foundation

/// Requests about text files: "list my files", "files with budget in the name",
/// "show notes.txt", "create a file todo.txt with buy milk", "append call plumber to
/// todo.txt", "replace milk with oat milk in todo.txt", "delete shopping-list.txt".
enum FilePhrases {
    static let readVerbs: Set<String> = ["show", "read", "open", "display", "print", "cat", "view", "see", "get", "fetch", "type", "more", "less", "load"]
    static let appendVerbs: Set<String> = ["append", "add", "write", "put", "jot", "note", "insert"]
    static let createVerbs: Set<String> = ["create", "make", "new", "start", "touch"]
    static let replaceVerbs: Set<String> = ["replace", "change", "substitute", "swap", "edit"]
    static let listVerbs: Set<String> = ["list", "show", "find", "search", "which", "what", "ls", "display", "give", "get", "look"]

    /// Which file request the sentence makes, if it is one.
    static func route(_ s: Sentence, shape: Shape, known: Names) -> Route? {
        let head = s.body.lowerBound
        let w0 = s.word(head)
        let fileAt = fileNameIndex(s) ?? knownFileIndex(s, known: known)
        let command = head..<(head + 1)
        if fileAt != nil {
            if shape.headVerb == .delete { return Route(rule: .file(.delete), command: command) }
            if replaceVerbs.contains(w0) || s.first(in: ["replace"]) != nil, s.first(in: ["with", "to", "by"]) != nil {
                return Route(rule: .file(.replace), command: command)
            }
            if createVerbs.contains(w0) { return Route(rule: .file(.create), command: command) }
            if appendVerbs.contains(w0) { return Route(rule: .file(.append), command: command) }
            if readVerbs.contains(w0) || shape.isQuestion || shape.headVerb == .show || s.body.count == 1
                || s.matches(["contents", "of"], at: head) || s.matches(["content", "of"], at: head) {
                return Route(rule: .file(.read), command: command)
            }
            return nil
        }
        // No file name: only the word "files" ("list my files", "files with budget in the name").
        guard let nounAt = s.first(in: ["file", "files", "documents", "docs"]) else { return nil }
        if shape.headVerb == .delete { return nil }
        if s.word(nounAt) == "file", createVerbs.contains(w0) {
            return Route(rule: .file(.create), command: command)
        }
        if nounAt == head || listVerbs.contains(w0) || shape.isQuestion || s.word(head) == "my" || s.word(head) == "all" {
            return Route(rule: .file(.list), command: head..<(nounAt + 1))
        }
        return nil
    }

    /// The token of the first file name ("notes.txt"), or of the word after "file" ("file todo").
    static func fileNameIndex(_ s: Sentence) -> Int? {
        for i in s.body where s.tokens[i].kind == .fileName { return i }
        return nil
    }

    /// A known file named without its extension as the last word of "show todo", "delete
    /// the todo file" or "append milk to todo": a read, delete or append verb at the head.
    static func knownFileIndex(_ s: Sentence, known: Names) -> Int? {
        guard !known.fileStems.isEmpty, s.body.count >= 2 else { return nil }
        var last = s.body.upperBound - 1
        let saysFile = s.word(last) == "file"
        if saysFile, last - 1 > s.body.lowerBound { last -= 1 }
        let stem = s.tokens[last]
        guard stem.kind == .word, known.fileStems.contains(stem.word) else { return nil }
        // "delete the meeting" is about an event even with a meeting.txt: a word clerk reads
        // otherwise names the file only with "file" after it.
        guard saysFile || (!stem.isInDate && !Vocabulary.isKnown(stem.word)) else { return nil }
        let head = s.body.lowerBound
        let verb = s.word(head)
        let between = (head + 1)..<last
        if readVerbs.contains(verb) || Vocabulary.deleteVerbs.contains(verb) {
            return between.allSatisfy { ["the", "my", "file", "me"].contains(s.word($0)) } ? last : nil
        }
        if appendVerbs.contains(verb), ["to", "into", "onto"].contains(s.word(last - 1)), last - 1 > head + 1 { return last }
        return nil
    }

    /// Reads the slots of a file request the classifier recognised.
    static func read(_ s: Sentence, rule: FileRule, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        let body = s.body
        let fileAt = fileNameIndex(s) ?? knownFileIndex(s, known: known) ?? namedFile(s)
        let name = fileAt.map { String(s.text(of: $0..<($0 + 1))) } ?? ""
        if let fileAt { slots.append(s.slot(.file, fileAt..<(fileAt + 1), value: name, rule: "file-name")) }
        switch rule {
        case .delete:
            return .fileDelete(name: name)
        case .read:
            return .fileRead(name: name)
        case .list:
            // "files with budget in the name", "files named budget", "files about taxes".
            var filter: Range<Int>?
            if let w = s.first(in: ["with", "containing", "named", "called", "matching", "about", "like", "for"]) {
                var end = body.upperBound
                if let tail = s.first(of: [["in", "the", "name"], ["in", "their", "name"], ["in", "its", "name"], ["in", "the", "title"]], from: w) {
                    end = tail.index
                }
                if w + 1 < end { filter = (w + 1)..<end }
            }
            if let filter {
                let value = unquoted(s.text(of: filter))
                slots.append(s.slot(.content, filter, value: value, rule: "file-filter"))
                return .fileList(nameContains: value)
            }
            return .fileList(nameContains: nil)
        case .replace:
            // "replace A with B in F", "in F replace A with B", "change A to B in F".
            let start = (s.first(in: replaceVerbs) ?? body.lowerBound) + 1
            let joiner = s.first(in: ["with", "by"], from: start) ?? s.first(in: ["to"], from: start) ?? body.upperBound
            var newEnd = body.upperBound
            if let fileAt, fileAt > joiner {
                newEnd = fileAt
                if ["in", "inside", "within", "of", "on"].contains(s.word(newEnd - 1)) { newEnd -= 1 }
            }
            var oldEnd = joiner
            if let fileAt, fileAt < joiner, fileAt >= start { oldEnd = fileAt; if ["in", "of"].contains(s.word(oldEnd - 1)) { oldEnd -= 1 } }
            let old = start < oldEnd ? unquoted(s.text(of: start..<oldEnd)) : ""
            let new = joiner + 1 < newEnd ? unquoted(s.text(of: (joiner + 1)..<newEnd)) : ""
            if start < oldEnd { slots.append(s.slot(.content, start..<oldEnd, value: old, rule: "replace-old")) }
            if joiner + 1 < newEnd { slots.append(s.slot(.replacement, (joiner + 1)..<newEnd, value: new, rule: "replace-new")) }
            return .fileWrite(FileWrite(name: name, operation: .replace(old: old, new: new)))
        case .create:
            // "create a file todo.txt with buy milk", "new file todo.txt: buy milk".
            var content = ""
            if let fileAt, let w = s.first(in: ["with", "containing", "saying", "that", "says"], from: fileAt), w + 1 < body.upperBound {
                let range = (w + 1)..<body.upperBound
                content = unquoted(s.text(of: range))
                slots.append(s.slot(.content, range, value: content, rule: "file-content"))
            } else if let fileAt, fileAt + 1 < body.upperBound, s.text[s.tokens[fileAt].range.upperBound...].hasPrefix(":") {
                let range = (fileAt + 1)..<body.upperBound
                content = unquoted(s.text(of: range))
                slots.append(s.slot(.content, range, value: content, rule: "file-content"))
            }
            return .fileWrite(FileWrite(name: name, operation: .create(content: content)))
        case .append:
            return append(s, fileAt: fileAt, name: name, slots: &slots)
        }
    }

    /// "append call plumber to todo.txt", "add eggs to todo.txt", "write hello in notes.txt".
    static func append(_ s: Sentence, fileAt: Int?, name: String, slots: inout [Slot]) -> Intent {
        let body = s.body
        var content = ""
        let start = body.lowerBound + 1
        if let fileAt, fileAt > start {
            var end = fileAt
            while end > start, ["to", "in", "into", "onto", "on", "at", "the", "end", "of", "file"].contains(s.word(end - 1)) { end -= 1 }
            if start < end {
                content = unquoted(s.text(of: start..<end))
                slots.append(s.slot(.content, start..<end, value: content, rule: "file-content"))
            }
        } else if let fileAt, fileAt + 1 < body.upperBound {
            // "append to todo.txt call plumber".
            let range = (fileAt + 1)..<body.upperBound
            content = unquoted(s.text(of: range))
            slots.append(s.slot(.content, range, value: content, rule: "file-content"))
        }
        return .fileWrite(FileWrite(name: name, operation: .append(content: content)))
    }

    /// "file todo" without an extension: the word after "file".
    static func namedFile(_ s: Sentence) -> Int? {
        guard let at = s.first(in: ["file"]), at + 1 < s.body.upperBound else { return nil }
        var i = at + 1
        if ["called", "named"].contains(s.word(i)) { i += 1 }
        guard i < s.body.upperBound, !["with", "containing", "saying", "called", "named", "to", "in"].contains(s.word(i)) else { return nil }
        return i
    }

    /// Text without the quotes around it (a closing quote the sentence's end took is fine).
    static func unquoted(_ text: Substring) -> String {
        let quotes: Set<Character> = ["\"", "“", "”", "‘", "’"]
        var t = text.trimmingCharacters(in: .whitespaces)[...]
        if let first = t.first, quotes.contains(first) || (first == "'" && t.last == "'") {
            t = t.dropFirst()
            if let last = t.last, quotes.contains(last) || last == "'" { t = t.dropLast() }
        }
        return String(t)
    }
}
