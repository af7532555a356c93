import ClerkCore
import ClerkLanguage
import Foundation

/// What a look-up gave: the thing, or the reply that says why not.
enum Lookup<Value> {
    case found(Value)
    case answered(Reply)
}

/// file_list, file_read, file_write and file_delete.
extension Session {
    func listFiles(_ nameContains: String?) -> Reply {
        let files: [DriveFile]
        do { files = try context.files.files(matching: nameContains) } catch { return failure("file_list", error) }
        return Reply(intent: "file_list", ok: true,
                     message: Renderer.fileList(files, filter: nameContains, text: DateText(zone: context.zone), now: context.now.now()),
                     fields: [("files", .array(files.map { JSONShapes.file($0, zone: context.zone) }))])
    }

    /// The file a name means: an exact name (any case) first, else the only file containing it.
    func findFile(_ name: String, intent: String) -> Lookup<DriveFile> {
        let candidates: [DriveFile]
        do { candidates = try context.files.files(matching: name) } catch { return .answered(failure(intent, error)) }
        if let exact = candidates.first(where: { Spelling.fold($0.name) == Spelling.fold(name) }) { return .found(exact) }
        if candidates.count == 1 { return .found(candidates[0]) }
        if candidates.count > 1 {
            return .answered(Reply(intent: intent, ok: false, message: Renderer.severalFiles(name, candidates.map(\.name))))
        }
        if let trashed = try? context.files.trashedFiles(matching: name).first(where: { Spelling.fold($0.name) == Spelling.fold(name) }) {
            return .answered(Reply(intent: intent, ok: false, message: Renderer.fileInTrash(trashed.name)))
        }
        let all = (try? context.files.files(matching: nil).map(\.name)) ?? []
        return .answered(Reply(intent: intent, ok: false, message: Renderer.noFile(name, closest: Spelling.closest(to: name, in: all))))
    }

    func readFile(_ name: String) -> Reply {
        switch findFile(name, intent: "file_read") {
        case .answered(let reply): return reply
        case .found(let file):
            do {
                let content = try context.files.readFile(id: file.id)
                var reply = Reply(intent: "file_read", ok: true, message: Renderer.fileContent(file, content, style: context.style),
                                  fields: [("file", .object([("name", .string(file.name)), ("content", .string(content))]))])
                reply.pageable = true
                return reply
            } catch {
                return failure("file_read", error)
            }
        }
    }

    func writeFile(_ write: FileWrite) -> Reply {
        if case .create(let content) = write.operation {
            if let existing = try? context.files.files(matching: write.name).first(where: { Spelling.fold($0.name) == Spelling.fold(write.name) }) {
                return Reply(intent: "file_write", ok: false, message: Renderer.fileExists(existing.name))
            }
            let question = Renderer.createFileQuestion(write.name, content)
            return ask(.confirm(Confirmation(intent: "file_write", question: Renderer.writeQuestion, defaultYes: true, yes: { [unowned self] in
                do {
                    let file = try context.files.createFile(named: write.name, content: content)
                    lastChange = .createdFile(file)
                    namesChanged()
                    return Reply(intent: "file_write", ok: true, message: Renderer.fileCreated(file),
                                 fields: [("file", .object([("name", .string(file.name)), ("content", .string(content))]))])
                } catch {
                    return failure("file_write", error)
                }
            }, no: { Reply(intent: "file_write", ok: true, message: Renderer.nothingChanged) })),
            Reply(intent: "file_write", ok: true, message: question))
        }

        switch findFile(write.name, intent: "file_write") {
        case .answered(let reply): return reply
        case .found(let file):
            let old: String
            do { old = try context.files.readFile(id: file.id) } catch { return failure("file_write", error) }
            let new: String
            switch write.operation {
            case .create: return Reply(intent: "file_write", ok: false, message: Renderer.fileExists(file.name))
            case .append(let content):
                new = old.isEmpty || old.hasSuffix("\n") ? old + content + "\n" : old + "\n" + content + "\n"
            case .replace(let target, let replacement):
                guard old.contains(target) else { return Reply(intent: "file_write", ok: false, message: Renderer.textNotInFile(target, file.name)) }
                new = old.replacingOccurrences(of: target, with: replacement)
            }
            let preview = Renderer.changePreview(file.name, old: old, new: new)
            return ask(.confirm(Confirmation(intent: "file_write", question: Renderer.writeQuestion, defaultYes: true, yes: { [unowned self] in
                do {
                    let written = try context.files.updateFile(id: file.id, content: new)
                    lastChange = .wroteFile(written, previous: old)
                    return Reply(intent: "file_write", ok: true, message: Renderer.fileWritten(written),
                                 fields: [("file", .object([("name", .string(written.name)), ("content", .string(new))]))])
                } catch {
                    return failure("file_write", error)
                }
            }, no: { Reply(intent: "file_write", ok: true, message: Renderer.nothingChanged) })),
            Reply(intent: "file_write", ok: true, message: preview + "\n" + Renderer.writeQuestion))
        }
    }

    func deleteFile(_ name: String) -> Reply {
        switch findFile(name, intent: "file_delete") {
        case .answered(let reply): return reply
        case .found(let file):
            let question = Renderer.trashQuestion(file.name)
            return ask(.confirm(Confirmation(intent: "file_delete", question: question, defaultYes: false, yes: { [unowned self] in
                do {
                    try context.files.trashFile(id: file.id)
                    lastChange = .trashedFile(file)
                    namesChanged()
                    return Reply(intent: "file_delete", ok: true, message: Renderer.fileTrashed(file.name),
                                 fields: [("file", .object([("name", .string(file.name)), ("content", .null)]))])
                } catch {
                    return failure("file_delete", error)
                }
            }, no: { Reply(intent: "file_delete", ok: true, message: Renderer.nothingChanged) })),
            Reply(intent: "file_delete", ok: true, message: question))
        }
    }
}
