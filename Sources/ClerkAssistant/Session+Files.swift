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
        do { files = try context.files.files(matching: nameContains) } catch { return failure(.fileList, error) }
        return Reply(intent: .fileList, ok: true,
                     message: Renderer.fileList(files, filter: nameContains, text: DateText(zone: context.zone), now: context.now.now()),
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
        if let trashed = try? context.files.trashedFiles(matching: name).first(where: { Spelling.fold($0.name) == Spelling.fold(name) }) {
            return .answered(Reply(intent: intent, ok: false, message: Renderer.fileInTrash(trashed.name)))
        }
        let all = (try? context.files.files(matching: nil).map(\.name)) ?? []
        return .answered(Reply(intent: intent, ok: false, message: Renderer.noFile(name, closest: Spelling.closest(to: name, in: all))))
    }

    func readFile(_ name: String) -> Reply {
        switch findFile(name, intent: .fileRead) {
        case .answered(let reply): return reply
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
        if case .create(let content) = write.operation {
            // Refused before the question, not after a yes.
            guard DriveFile.isAcceptableName(write.name) else { return failure(.fileWrite, ServiceError.invalid(.badFileName(write.name))) }
            if let existing = try? context.files.files(matching: write.name).first(where: { Spelling.fold($0.name) == Spelling.fold(write.name) }) {
                return Reply(intent: .fileWrite, ok: false, message: Renderer.fileExists(existing.name))
            }
            let question = Renderer.createFileQuestion(write.name, content)
            return ask(.confirm(Confirmation(intent: .fileWrite, question: Renderer.writeQuestion, defaultYes: true, yes: { [unowned self] in
                do {
                    let file = try context.files.createFile(named: write.name, content: content)
                    lastChange = .createdFile(file)
                    namesChanged()
                    return Reply(intent: .fileWrite, ok: true, message: Renderer.fileCreated(file),
                                 fields: [("file", .object([("name", .string(file.name)), ("content", .string(content))]))])
                } catch {
                    return failure(.fileWrite, error)
                }
            }, no: { Reply(intent: .fileWrite, ok: true, message: Renderer.nothingChanged) })),
            Reply(intent: .fileWrite, ok: true, message: question))
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
            let preview = Renderer.changePreview(file.name, old: old, new: new)
            return ask(.confirm(Confirmation(intent: .fileWrite, question: Renderer.writeQuestion, defaultYes: true, yes: { [unowned self] in
                do {
                    // The change is made again on the content as it is at the moment of writing,
                    // inside the store's transaction: another writer's change since the preview stays.
                    let edit = try context.files.editFile(id: file.id) { current in try Self.applying(write.operation, to: current) }
                    lastChange = .wroteFile(edit.file, previous: edit.previous)
                    return Reply(intent: .fileWrite, ok: true, message: Renderer.fileWritten(edit.file),
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

    /// The text a replacement looks for is not in the file (any more).
    struct TextNotInFile: Error {}

    /// `content` changed by `operation`: an append adds one line at the end, a replacement
    /// changes every occurrence. A pure function of `content`, as `FileService.editFile` asks.
    static func applying(_ operation: FileOperation, to content: String) throws(TextNotInFile) -> String {
        switch operation {
        case .create(let new): return new
        case .append(let line):
            return content.isEmpty || content.hasSuffix("\n") ? content + line + "\n" : content + "\n" + line + "\n"
        case .replace(let target, let replacement):
            guard content.contains(target) else { throw TextNotInFile() }
            return content.replacingOccurrences(of: target, with: replacement)
        }
    }

    private func textNotInFile(_ operation: FileOperation, _ name: String) -> Reply {
        guard case .replace(let target, _) = operation else { return failure(.fileWrite, TextNotInFile()) }
        return Reply(intent: .fileWrite, ok: false, message: Renderer.textNotInFile(target, name))
    }

    func deleteFile(_ name: String) -> Reply {
        switch findFile(name, intent: .fileDelete) {
        case .answered(let reply): return reply
        case .found(let file):
            let question = Renderer.trashQuestion(file.name)
            return ask(.confirm(Confirmation(intent: .fileDelete, question: question, defaultYes: false, yes: { [unowned self] in
                do {
                    try context.files.trashFile(id: file.id)
                    lastChange = .trashedFile(file)
                    namesChanged()
                    return Reply(intent: .fileDelete, ok: true, message: Renderer.fileTrashed(file.name),
                                 fields: [("file", .object([("name", .string(file.name)), ("content", .null)]))])
                } catch {
                    return failure(.fileDelete, error)
                }
            }, no: { Reply(intent: .fileDelete, ok: true, message: Renderer.nothingChanged) })),
            Reply(intent: .fileDelete, ok: true, message: question))
        }
    }
}
