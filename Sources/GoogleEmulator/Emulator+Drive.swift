import ClerkCore
import ClerkLocal
import Foundation
import LoopbackHTTP

/// Drive v3: files, uploads, changes, about and revisions, on the store's files.
///
/// The scopes of each method are the discovery document's. The default field selections
/// (what Drive answers without `fields`) are in `Emulator.DriveDefaults`.
extension Emulator {
    /// The scopes of each method, from `drive.v3.json`.
    enum DriveScopes {
        static let read = ["drive", "drive.appdata", "drive.file", "drive.meet.readonly", "drive.metadata", "drive.metadata.readonly",
                           "drive.photos.readonly", "drive.readonly"]
        static let create = ["drive", "drive.appdata", "drive.file"]
        static let update = ["drive", "drive.appdata", "drive.file", "drive.metadata", "drive.scripts"]
        static let delete = ["drive", "drive.appdata", "drive.file"]
        static let copy = ["drive", "drive.appdata", "drive.file", "drive.photos.readonly"]
        static let emptyTrash = ["drive"]
        static let export = ["drive", "drive.file", "drive.meet.readonly", "drive.readonly"]
        static let generateIDs = ["drive", "drive.appdata", "drive.file"]
        static let about = ["drive", "drive.appdata", "drive.file", "drive.metadata", "drive.metadata.readonly", "drive.photos.readonly",
                            "drive.readonly"]
        /// Downloading content (`alt=media`) needs more than the metadata scopes files.get
        /// takes. Full URLs: the handler checks these itself, after the route's check.
        static let content = ["drive", "drive.appdata", "drive.file", "drive.meet.readonly", "drive.photos.readonly", "drive.readonly"]
            .map { "https://www.googleapis.com/auth/" + $0 }
    }

    /// What Drive answers when a call has no `fields`.
    ///
    /// | method                 | default selection                                              |
    /// |------------------------|----------------------------------------------------------------|
    /// | a file                 | `kind,id,name,mimeType`                                        |
    /// | files.list             | `kind,nextPageToken,incompleteSearch,files(kind,id,name,mimeType)` |
    /// | changes.list           | each change whole, its file as above                           |
    /// | revisions.list / get   | `kind,id,mimeType,modifiedTime` of each revision               |
    /// | generateIds, startPageToken | everything                                                |
    /// | about.get              | none: `fields` is required                                     |
    enum DriveDefaults {
        static let file = "kind,id,name,mimeType"
        static let fileList = "kind,nextPageToken,incompleteSearch,files(kind,id,name,mimeType)"
        static let changeList = "kind,nextPageToken,newStartPageToken,changes(kind,changeType,type,time,removed,fileId,file(kind,id,name,mimeType))"
        static let revision = "kind,id,mimeType,modifiedTime"
        static let revisionList = "kind,nextPageToken,revisions(kind,id,mimeType,modifiedTime)"
    }

    static let driveRoutes: [Route] = [
        Route("GET", "drive/v3/about", scopes: DriveScopes.about) { try $0.about($1) },
        Route("GET", "drive/v3/changes/startPageToken", scopes: DriveScopes.read) { try $0.startPageToken($1) },
        Route("GET", "drive/v3/changes", scopes: DriveScopes.read) { try $0.listChanges($1) },
        Route("GET", "drive/v3/files", scopes: DriveScopes.read) { try $0.listFiles($1) },
        Route("POST", "drive/v3/files", scopes: DriveScopes.create) { try $0.createFileWithoutMedia($1) },
        // Literal paths before the `{fileId}` ones they would match.
        Route("GET", "drive/v3/files/generateIds", scopes: DriveScopes.generateIDs) { try $0.generateFileIDs($1) },
        Route("DELETE", "drive/v3/files/trash", scopes: DriveScopes.emptyTrash) { try $0.emptyTrash($1) },
        Route("GET", "drive/v3/files/{fileId}", scopes: DriveScopes.read) { try $0.getFile($1) },
        Route("PATCH", "drive/v3/files/{fileId}", scopes: DriveScopes.update) { try $0.updateFileMetadata($1) },
        Route("DELETE", "drive/v3/files/{fileId}", scopes: DriveScopes.delete) { try $0.deleteFile($1) },
        Route("POST", "drive/v3/files/{fileId}/copy", scopes: DriveScopes.copy) { try $0.copyFile($1) },
        Route("GET", "drive/v3/files/{fileId}/export", scopes: DriveScopes.export) { try $0.exportFile($1) },
        Route("GET", "drive/v3/files/{fileId}/revisions", scopes: DriveScopes.read) { try $0.listRevisions($1) },
        Route("GET", "drive/v3/files/{fileId}/revisions/{revisionId}", scopes: DriveScopes.read) { try $0.getRevision($1) },
        Route("POST", "upload/drive/v3/files", scopes: DriveScopes.create) { try $0.upload($1, replacing: nil) },
        Route("PATCH", "upload/drive/v3/files/{fileId}", scopes: DriveScopes.update) { try $0.upload($1, replacing: $1[capture: "fileId"]) },
        // A resumable session's URI is its own credential, as at Google: no token needed.
        Route("PUT", "upload/drive/v3/files", scopes: []) { try $0.uploadChunk($1) },
        Route("PUT", "upload/drive/v3/files/{fileId}", scopes: []) { try $0.uploadChunk($1) },
        // The header protocol's commands to an update's session URI (a new file's go to the
        // POST above).
        Route("POST", "upload/drive/v3/files/{fileId}", scopes: []) { emulator, call in
            guard call.parameter("upload_id") != nil, call.request.header("x-goog-upload-command") != nil else { throw GoogleError.methodNotAllowed }
            return try emulator.uploadCommand(call)
        },
        // The discovery document's resumable paths (mediaUpload.protocols.resumable.path).
        Route("POST", "resumable/upload/drive/v3/files", scopes: DriveScopes.create) { try $0.upload($1, replacing: nil) },
        Route("PATCH", "resumable/upload/drive/v3/files/{fileId}", scopes: DriveScopes.update) { try $0.upload($1, replacing: $1[capture: "fileId"]) },
        Route("PUT", "resumable/upload/drive/v3/files", scopes: []) { try $0.uploadChunk($1) },
        Route("PUT", "resumable/upload/drive/v3/files/{fileId}", scopes: []) { try $0.uploadChunk($1) },
    ] + ["upload/drive/v3/files", "upload/drive/v3/files/{fileId}", "resumable/upload/drive/v3/files", "resumable/upload/drive/v3/files/{fileId}"].map { path in
        // DELETE to a session URI cancels the session (Google's upload server answers 499).
        Route("DELETE", path, scopes: []) { try $0.cancelUpload($1) }
    }

    // MARK: Seeding and generating

    /// Loads one file of a seed folder into My Drive as a text file, its type from its
    /// extension (`text/plain` when it says nothing); a file of that name already in My
    /// Drive is left alone, so seeding twice adds nothing.
    func seedFile(path: String, name: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let records = try allDriveRecords()
        if records.contains(where: { $0.name == name && $0.parents.contains(Drive.rootID) }) { return }
        var record = DriveRecord(id: try unusedFileID(), name: name, mimeType: Drive.mimeType(ofName: name) ?? "text/plain", at: now)
        record.parents = [Drive.rootID]
        record.extra["originalFilename"] = .string(name)
        record.noteContent(bytes, headRevision: 1)
        try save(record, content: bytes)
    }

    /// Makes `count` small text files in My Drive for benchmarks, the same every run for the
    /// same generator: names `topic-00001.txt`…, a few lines of words, modified times spread
    /// over the year before now. One transaction, so 10,000 take a second or so.
    func generateFiles(_ count: Int, random: inout SeededRandom) throws {
        guard count > 0 else { return }
        let topics = ["notes", "plan", "ideas", "budget", "minutes", "draft", "todo", "report", "letter", "recipe"]
        let words = ["meeting", "garden", "invoice", "travel", "project", "coffee", "review", "summer", "kitchen", "budget",
                     "friday", "call", "library", "market", "deadline", "school", "train", "river", "paint", "music"]
        let instant = now
        try store.atomically {
            for number in 1...count {
                let topic = topics[Int(random.next(upperBound: UInt(topics.count)))]
                let isMarkdown = random.next(upperBound: UInt(5)) == 0
                let name = "\(topic)-\(String(format: "%05d", number)).\(isMarkdown ? "md" : "txt")"
                var lines: [String] = []
                for _ in 0..<(1 + Int(random.next(upperBound: UInt(4)))) {
                    lines.append((0..<(3 + Int(random.next(upperBound: UInt(6))))).map { _ in words[Int(random.next(upperBound: UInt(words.count)))] }
                        .joined(separator: " "))
                }
                let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
                var record = DriveRecord(id: Drive.newID(using: &random), name: name, mimeType: isMarkdown ? "text/markdown" : "text/plain",
                                         at: instant)
                record.modified = instant - Double(random.next(upperBound: UInt(365 * 86_400)))
                record.parents = [Drive.rootID]
                record.extra["originalFilename"] = .string(name)
                record.noteContent(bytes, headRevision: 1)
                try store.putFile(record.file, content: bytes, unmodeled: record.unmodeled)
            }
        }
    }

    // MARK: The store, as Drive sees it

    var driveUser: DriveUser { DriveUser(email: account) }

    static let fileNotDownloadable = GoogleError(
        status: 403, reason: "fileNotDownloadable", message: "Only files with binary content can be downloaded. Use Export with Docs Editors files.",
        location: "alt", locationType: "parameter")

    static func fileNotFound(_ id: String, location: String = "fileId") -> GoogleError {
        GoogleError(status: 404, reason: "notFound", message: "File not found: \(id).", location: location, locationType: "parameter")
    }

    /// The file `id` (an alias such as `root` resolved), or one of the two folders that are
    /// not stored; 404 otherwise.
    func driveRecord(_ id: String) throws(GoogleError) -> DriveRecord {
        let resolved = Drive.resolve(id)
        if let special = DriveRecord.special(resolved) { return special }
        guard let replica = try withStore({ try $0.fileReplica(id: resolved) }) else { throw Emulator.fileNotFound(id) }
        return DriveRecord(replica)
    }

    /// Every stored file, trashed ones too; read again only when the store has changed.
    func allDriveRecords() throws(GoogleError) -> [DriveRecord] {
        try withStore { store in
            let version = try store.latestVersion()
            if let snapshot = driveSnapshot, snapshot.store === store, snapshot.version == version { return snapshot.records }
            let records = try store.fileFeed(after: 0).compactMap { entry -> DriveRecord? in
                guard case .present(let replica) = entry else { return nil }
                return DriveRecord(replica)
            }
            driveSnapshot = DriveSnapshot(store: store, version: version, records: records)
            return records
        }
    }

    /// Writes a record (and its content when given); the record as stored comes back.
    @discardableResult
    func save(_ record: DriveRecord, content: [UInt8]?) throws(GoogleError) -> DriveRecord {
        try withStore { DriveRecord(try $0.putFile(record.file, content: content, unmodeled: record.unmodeled)) }
    }

    /// Runs `body` as one transaction of the store.
    func inDriveTransaction<T>(_ body: () throws(GoogleError) -> T) throws(GoogleError) -> T {
        try withStore { store in try store.atomically { try body() } }
    }

    /// A fresh id no file has or had.
    func unusedFileID() throws(GoogleError) -> String {
        while true {
            let id = Drive.newID()
            if try !withStore({ try $0.isFileIDTaken(id) }) { return id }
        }
    }

    /// Every file under the folder `id`, at any depth (each once, even if parents loop).
    /// `through` says which sub-folders to go into.
    static func descendants(of id: String, in records: [DriveRecord], through: (DriveRecord) -> Bool = { _ in true }) -> [DriveRecord] {
        var children: [String: [Int]] = [:]
        for (index, record) in records.enumerated() {
            for parent in record.parents { children[parent, default: []].append(index) }
        }
        var found: [DriveRecord] = []
        var seen: Set<String> = [id]
        var queue = [id]
        while let folder = queue.popLast() {
            for index in children[folder] ?? [] where !seen.contains(records[index].id) {
                let record = records[index]
                seen.insert(record.id)
                found.append(record)
                if record.isFolder, through(record) { queue.append(record.id) }
            }
        }
        return found
    }

    /// A JSON answer through `fields`, or through `defaults` when the call names none
    /// (nil defaults: everything). An empty `fields=` selects nothing: `{}`, as Drive
    /// answers it (measured on files.list and files.get).
    /// `version2`: the names `fields` may use are Drive v2's.
    static func driveJSON(_ value: JSONValue, fields: String?, defaults: String?, status: Int = 200,
                          version2: Bool = false) throws(GoogleError) -> HTTPResponse {
        if let fields, fields.allSatisfy(\.isWhitespace) { return .json(status, "{}") }
        if let fields {
            return .json(status, try FieldMask.checked(fields, vocabulary: version2 ? .driveV2 : .drive).apply(to: value).serialized())
        }
        guard let defaults else { return .json(status, value.serialized()) }
        return .json(status, try FieldMask(defaults).apply(to: value).serialized())
    }

    /// `pageSize`: absent gives `standard`, beyond `maximum` is coerced down, below 1 is a 400.
    static func pageSize(_ call: Call, standard: Int, maximum: Int) throws(GoogleError) -> Int {
        guard let text = call.parameter("pageSize") else { return standard }
        guard let value = Int(text), value >= 1 else {
            throw GoogleError.invalid("Invalid value '\(text)'. Values must be within the range: [1, \(maximum)]", location: "pageSize")
        }
        return min(value, maximum)
    }

    // MARK: files.list

    func listFiles(_ call: Call) throws(GoogleError) -> HTTPResponse {
        for flag in ["includeItemsFromAllDrives", "supportsAllDrives", "includeTeamDriveItems", "supportsTeamDrives"] { _ = try call.flag(flag) }
        let text = call.parameter("q") ?? ""
        let query = text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try DriveQuery(text)
        let order = try DriveOrder(call.parameter("orderBy"))
        let size = try Emulator.pageSize(call, standard: 100, maximum: 1000)
        let spaces = try Emulator.spaces(call)
        if let drive = call.parameter("driveId") ?? call.parameter("teamDriveId") {
            throw GoogleError(status: 404, reason: "notFound", message: "Shared drive not found: \(drive)", location: "driveId", locationType: "parameter")
        }
        if let corpora = call.parameter("corpora") {
            for corpus in corpora.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard ["user", "domain", "drive", "allDrives"].contains(corpus) else {
                    throw GoogleError.invalidValue("corpora '\(corpus)'", location: "corpora")
                }
                if corpus == "drive" { throw GoogleError.required("The driveId parameter must be specified if and only if corpora is set to drive.", location: "driveId") }
            }
        }
        let matched = try driveRecords(matching: query) { spaces.contains($0.space) }
        let key = ["files", text, call.parameter("orderBy") ?? "", spaces.sorted().joined(separator: ",")].joined(separator: "|")
        let page = try PageToken.page(order.sorted(matched), token: call.parameter("pageToken"), size: size, query: key, snapshot: 0)
        var members: [(String, JSONValue)] = [("kind", "drive#fileList")]
        if let next = page.next { members.append(("nextPageToken", .string(next))) }
        members.append(("incompleteSearch", false))
        let user = driveUser, root = Emulator.root(of: call.request)
        members.append(("files", .array(page.items.map { $0.resource(user: user, root: root) })))
        return try Emulator.driveJSON(.object(members), fields: call.parameter("fields"), defaults: DriveDefaults.fileList)
    }

    /// The files `include` takes that `query` (when given) matches, their content read only
    /// for a `fullText` term that needs it.
    func driveRecords(matching query: DriveQuery?, _ include: (DriveRecord) -> Bool) throws(GoogleError) -> [DriveRecord] {
        let store = self.store
        let context = DriveQuery.Context(account: account) { record in
            (try? store.fileBytes(id: record.id)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        return try allDriveRecords().filter { include($0) && (query?.matches($0, in: context) ?? true) }
    }

    /// `spaces`: `drive` (the default) and `appDataFolder`; 400 for anything else.
    static func spaces(_ call: Call) throws(GoogleError) -> Set<String> {
        guard let text = call.parameter("spaces"), !text.isEmpty else { return ["drive"] }
        var spaces: Set<String> = []
        for space in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard space == "drive" || space == "appDataFolder" else { throw GoogleError.invalidValue("space '\(space)'", location: "spaces") }
            spaces.insert(space)
        }
        return spaces
    }

    // MARK: files.get

    func getFile(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try driveRecord(call[capture: "fileId"])
        if call.parameter("alt") == "media" { return try download(record, call) }
        return try Emulator.driveJSON(record.resource(user: driveUser, root: Emulator.root(of: call.request)), fields: call.parameter("fields"), defaults: DriveDefaults.file)
    }

    /// The content (`alt=media`), whole or the one byte range asked for.
    ///
    /// | Range                      | answer                                   |
    /// |----------------------------|------------------------------------------|
    /// | none, malformed, or several | 200, every byte                         |
    /// | `bytes=a-b`, `a-`, `-n` within the content | 206 with `Content-Range: bytes a-b/total` |
    /// | starting at or past the end (any range of an empty file) | 416 with `Content-Range: bytes */total` |
    func download(_ record: DriveRecord, _ call: Call) throws(GoogleError) -> HTTPResponse {
        try authorize(call, scopes: DriveScopes.content)
        guard !record.isGoogleType else { throw Emulator.fileNotDownloadable }
        let bytes = try withStore { try $0.fileBytes(id: record.id) }
        let type = [("Content-Type", record.mimeType)]
        guard let header = call.request.header("range") else { return HTTPResponse(status: 200, headers: type, body: bytes) }
        switch Emulator.byteRange(header, total: bytes.count) {
        case nil: return HTTPResponse(status: 200, headers: type, body: bytes)
        case .unsatisfiable?: return HTTPResponse(status: 416, headers: type + [("Content-Range", "bytes */\(bytes.count)")])
        case .range(let range)?:
            return HTTPResponse(status: 206, headers: type + [("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound)/\(bytes.count)")],
                                body: Array(bytes[range]))
        }
    }

    enum ByteRange: Equatable {
        case range(ClosedRange<Int>)
        case unsatisfiable
    }

    /// One `Range: bytes=…` of content `total` bytes long; nil when the header is to be
    /// ignored (malformed, or more than one range).
    static func byteRange(_ header: String, total: Int) -> ByteRange? {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes="), !text.contains(",") else { return nil }
        let spec = text.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard spec.count == 2 else { return nil }
        if spec[0].isEmpty {
            guard let suffix = Int(spec[1]), suffix >= 0 else { return nil }
            guard suffix > 0, total > 0 else { return .unsatisfiable }
            return .range(max(0, total - suffix)...(total - 1))
        }
        guard let first = Int(spec[0]), first >= 0 else { return nil }
        var last = total - 1
        if !spec[1].isEmpty {
            guard let given = Int(spec[1]), given >= first else { return nil }
            last = min(given, total - 1)
        }
        guard first < total else { return .unsatisfiable }
        return .range(first...last)
    }

    // MARK: files.create without media

    func createFileWithoutMedia(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try createDriveFile(try jsonBody(call.request), content: nil, mediaType: nil)
        return try Emulator.driveJSON(record.resource(user: driveUser, root: Emulator.root(of: call.request)), fields: call.parameter("fields"), defaults: DriveDefaults.file)
    }

    /// Makes a file from create's metadata and, for an upload, its content.
    ///
    /// The type is the metadata's, else the media's (unless `application/octet-stream`),
    /// else one the name's extension suggests, else `application/octet-stream`. A Google
    /// type given with media is a conversion: the emulator keeps the bytes as the Doc's text.
    /// An `id` must come from files.generateIds and be unused: 409 when a file has or had it.
    /// A shortcut needs `shortcutDetails.targetId`, a file that exists.
    func createDriveFile(_ metadata: JSONValue, content: [UInt8]?, mediaType: String?) throws(GoogleError) -> DriveRecord {
        let name = try Emulator.string(metadata, "name") ?? "Untitled"
        let media = mediaType.map { MediaType($0).type }.flatMap { $0.isEmpty || $0 == Drive.octetStream ? nil : $0 }
        let mimeType = try Emulator.string(metadata, "mimeType") ?? media ?? content.flatMap { _ in Drive.mimeType(ofName: name) } ?? Drive.octetStream
        let wanted = try Emulator.string(metadata, "id")
        var record = DriveRecord(id: "", name: name, mimeType: mimeType, at: now)
        record.id = if let wanted { wanted } else { try unusedFileID() }
        let parents = try Emulator.strings(metadata, "parents") ?? []
        guard parents.count <= 1 else {
            throw GoogleError(status: 403, reason: "cannotAddParent", message: "Increasing the number of parents is not allowed.")
        }
        record.parents = try parents.isEmpty ? [Drive.rootID] : [folderID(parents[0], for: record)]
        if let modified = try Emulator.instant(metadata, "modifiedTime") { record.modified = modified }
        try Emulator.apply(metadata, to: &record, creating: true)
        if try Emulator.bool(metadata, "trashed") == true {
            record.trashed = true
            record.explicitlyTrashed = true
        }
        if record.mimeType == Drive.shortcutType {
            // A shortcut names its target, which must exist; it has no content of its own.
            guard let target = metadata["shortcutDetails"]?["targetId"]?.stringValue, !target.isEmpty else {
                throw GoogleError.badRequest("A shortcut must have a shortcutDetails.targetId.", location: "shortcutDetails.targetId")
            }
            let found = try driveRecord(target)
            record.extra["shortcutDetails"] = .object([("targetId", .string(found.id)), ("targetMimeType", .string(found.mimeType))])
        }
        let bytes = record.isFolder ? [] : content ?? []
        if !record.isGoogleType { record.extra["originalFilename"] = .string(try Emulator.string(metadata, "originalFilename") ?? name) }
        record.noteContent(bytes, headRevision: 1)
        // Last, so a create refused for another reason leaves the generated id usable.
        if let wanted { try claimGeneratedID(wanted, mimeType: record.mimeType) }
        return try save(record, content: bytes)
    }

    /// The id of the folder `value` names (`root` and `appDataFolder` included) for a new
    /// parent of `record`: 404 when there is no such file, 400 when it is not a folder or is
    /// `record` itself or inside it.
    func folderID(_ value: String, for record: DriveRecord) throws(GoogleError) -> String {
        let folder = try driveRecord(value)
        guard folder.isFolder else { throw GoogleError.invalid("The specified parent is not a folder: \(value).", location: "parents") }
        let inside = record.isFolder ? Emulator.descendants(of: record.id, in: try allDriveRecords()).map(\.id) + [record.id] : []
        if inside.contains(folder.id) {
            throw GoogleError.invalid("A folder cannot be moved into itself or its own subfolder.", location: "parents")
        }
        return folder.id
    }

    /// Sets the kept fields and property maps of a create or update body. On update, a
    /// property set to null is removed; on create, nulls are dropped.
    static func apply(_ metadata: JSONValue, to record: inout DriveRecord, creating: Bool) throws(GoogleError) {
        for (key, value) in metadata.objectValue ?? [] {
            if DriveRecord.keptFields.contains(key) {
                switch (key, value) {
                case (_, .null): record.extra[key] = nil
                case ("description", .string), ("folderColorRgb", .string): record.extra[key] = value
                case ("starred", .bool), ("writersCanShare", .bool), ("copyRequiresWriterPermission", .bool): record.extra[key] = value
                default: throw GoogleError.invalid("Invalid value for \(key).")
                }
            } else if key == "properties" || key == "appProperties" {
                guard let pairs = value.objectValue else { throw GoogleError.invalid("Invalid value for \(key).") }
                var merged = creating ? [:] : Dictionary(record.properties(key), uniquingKeysWith: { _, last in last })
                for (name, item) in pairs {
                    switch item {
                    case .null: merged[name] = nil
                    case .string(let text): merged[name] = text
                    case .number, .bool: merged[name] = item.serialized()
                    default: throw GoogleError.invalid("Invalid value for \(key).\(name).")
                    }
                }
                record.extra[key] = merged.isEmpty ? nil : .object(merged.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
            }
        }
    }

    // MARK: files.generateIds and ids on create

    /// Generated ids are kept in the store's sync state, one row each, until a create uses
    /// them (so they outlive a restart with `--data-dir`, and a reset forgets them).
    static func generatedIDKey(_ id: String) -> String { "drive.generatedId." + id }

    func generateFileIDs(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let count = try call.integer("count", in: 1...1000) ?? 10
        let space = call.parameter("space") ?? "drive"
        guard space == "drive" || space == "appDataFolder" else { throw GoogleError.invalidValue("space '\(space)'", location: "space") }
        let type = call.parameter("type") ?? "files"
        guard type == "files" || type == "shortcuts" else { throw GoogleError.invalidValue("type '\(type)'", location: "type") }
        var ids: [String] = []
        try inDriveTransaction { () throws(GoogleError) in
            for _ in 0..<count {
                let id = try unusedFileID()
                try withStore { try $0.setSyncValue(Emulator.generatedIDKey(id), space) }
                ids.append(id)
            }
        }
        let value: JSONValue = .object([("kind", "drive#generatedIds"), ("space", .string(space)), ("ids", .array(ids.map(JSONValue.string)))])
        return try Emulator.driveJSON(value, fields: call.parameter("fields"), defaults: nil)
    }

    /// Takes a client's id for a new file: 409 when a file has or had it, 403 for Google's
    /// Docs Editors types (which take no generated id), 400 when files.generateIds did not
    /// make it.
    func claimGeneratedID(_ id: String, mimeType: String) throws(GoogleError) {
        if try withStore({ try $0.isFileIDTaken(id) }) {
            throw GoogleError(status: 409, reason: "duplicate", message: "A file already exists with the provided ID.")
        }
        if mimeType.hasPrefix(Drive.googleTypePrefix), mimeType != Drive.folderType {
            throw GoogleError(status: 403, reason: "insufficientFilePermissions", message: "Generated IDs are not supported for Docs Editors formats.")
        }
        guard try withStore({ try $0.syncValue(Emulator.generatedIDKey(id)) }) != nil else {
            throw GoogleError.invalid("The provided file ID is not usable.", location: "file.id")
        }
        try withStore { try $0.setSyncValue(Emulator.generatedIDKey(id), nil) }
    }

    // MARK: files.update

    func updateFileMetadata(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try updateDriveFile(call[capture: "fileId"], metadata: try jsonBody(call.request), content: nil, mediaType: nil,
                                         query: call.request.query)
        return try Emulator.driveJSON(record.resource(user: driveUser, root: Emulator.root(of: call.request)), fields: call.parameter("fields"), defaults: DriveDefaults.file)
    }

    /// Applies an update's metadata, `addParents`/`removeParents` and new content.
    ///
    /// `parents` in the body is refused (403 `fieldNotWritable`), as Drive refuses it.
    /// `trashed` trashes or restores, a folder's contents along with it. The modified time
    /// moves to now when the content, name, type, description, parents or properties change,
    /// unless the body sets `modifiedTime`; starring, trashing and appProperties leave it.
    func updateDriveFile(_ id: String, metadata: JSONValue, content: [UInt8]?, mediaType: String?,
                         query: [(String, String)]) throws(GoogleError) -> DriveRecord {
        var record = try driveRecord(id)
        guard DriveRecord.special(record.id) == nil else {
            throw GoogleError(status: 403, reason: "insufficientFilePermissions", message: "The user does not have sufficient permissions for this file.")
        }
        guard metadata["parents"] == nil else {
            throw GoogleError(status: 403, reason: "fieldNotWritable", message: "The resource body includes fields which are not directly writable.")
        }
        let before = record
        if let name = try Emulator.string(metadata, "name") { record.name = name }
        if let type = try Emulator.string(metadata, "mimeType") {
            record.mimeType = type
        } else if content != nil, !record.isGoogleType, let media = mediaType.map({ MediaType($0).type }), !media.isEmpty, media != Drive.octetStream {
            record.mimeType = media
        }
        try Emulator.apply(metadata, to: &record, creating: false)
        let parameter = { (name: String) in query.first { $0.0 == name }?.1 }
        let removals = Set((parameter("removeParents") ?? "").split(separator: ",").map { Drive.resolve($0.trimmingCharacters(in: .whitespaces)) })
        var parents = record.parents.filter { !removals.contains($0) }
        for added in (parameter("addParents") ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !added.isEmpty {
            let folder = try folderID(added, for: record)
            if !parents.contains(folder) { parents.append(folder) }
        }
        guard parents.count <= 1 || parents.count <= record.parents.count else {
            throw GoogleError(status: 403, reason: "cannotAddParent", message: "Increasing the number of parents is not allowed.")
        }
        record.parents = parents
        let trash = try Emulator.bool(metadata, "trashed")
        if let trash {
            record.trashed = trash
            record.explicitlyTrashed = trash
        }
        var headRevision = Int(record.extra["headRevisionId"]?.stringValue ?? "") ?? 1
        if let content {
            let old = try withStore { try $0.fileBytes(id: record.id) }
            if old != content { headRevision = try withStore { try $0.revisions(ofFile: record.id).count } + 2 }
            record.noteContent(content, headRevision: headRevision)
        }
        let modifies = content != nil || record.name != before.name || record.mimeType != before.mimeType || record.description != before.description
            || record.parents != before.parents || record.extra["properties"] != before.extra["properties"]
        if let modified = try Emulator.instant(metadata, "modifiedTime") {
            record.modified = modified
        } else if modifies {
            record.modified = now
        }
        let saved = record
        return try inDriveTransaction { () throws(GoogleError) -> DriveRecord in
            let stored = try save(saved, content: content)
            if let trash, stored.isFolder { try cascadeTrash(from: stored, trashed: trash) }
            return stored
        }
    }

    /// Trashes what is inside a trashed folder (not explicitly: restoring the folder brings
    /// it back), or restores what went with it, leaving what was trashed on its own.
    func cascadeTrash(from folder: DriveRecord, trashed: Bool) throws(GoogleError) {
        let records = try allDriveRecords()
        let inside = Emulator.descendants(of: folder.id, in: records) { trashed || !$0.explicitlyTrashed }
        for var record in inside {
            if trashed, !record.trashed {
                record.trashed = true
                record.explicitlyTrashed = false
                try save(record, content: nil)
            } else if !trashed, record.trashed, !record.explicitlyTrashed {
                record.trashed = false
                try save(record, content: nil)
            }
        }
    }

    // MARK: files.delete and files.emptyTrash

    /// Deletes for good, skipping the trash; a folder takes everything inside it along.
    func deleteFile(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try driveRecord(call[capture: "fileId"])
        guard DriveRecord.special(record.id) == nil else {
            throw GoogleError(status: 403, reason: "insufficientFilePermissions", message: "The user does not have sufficient permissions for this file.")
        }
        try inDriveTransaction { () throws(GoogleError) in
            if record.isFolder {
                for inside in Emulator.descendants(of: record.id, in: try allDriveRecords()) { try withStore { try $0.removeFile(id: inside.id) } }
            }
            try withStore { try $0.removeFile(id: record.id) }
        }
        return HTTPResponse(status: 204)
    }

    func emptyTrash(_ call: Call) throws(GoogleError) -> HTTPResponse {
        try inDriveTransaction { () throws(GoogleError) in
            let records = try allDriveRecords()
            var gone: Set<String> = []
            for record in records where record.trashed {
                gone.insert(record.id)
                if record.isFolder { gone.formUnion(Emulator.descendants(of: record.id, in: records).map(\.id)) }
            }
            for id in gone.sorted() { try withStore { try $0.removeFile(id: id) } }
        }
        return HTTPResponse(status: 204)
    }

    // MARK: files.copy

    /// A copy of a file's content and metadata with the body's changes applied; named
    /// "Copy of …" unless the body names it, in the same folder unless it says otherwise.
    /// Folders cannot be copied.
    func copyFile(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let copy = try copyDriveFile(call[capture: "fileId"], changes: try jsonBody(call.request))
        return try Emulator.driveJSON(copy.resource(user: driveUser, root: Emulator.root(of: call.request)), fields: call.parameter("fields"), defaults: DriveDefaults.file)
    }

    /// The copy of file `id` with `changes` (v3 metadata) applied.
    func copyDriveFile(_ id: String, changes body: JSONValue) throws(GoogleError) -> DriveRecord {
        let source = try driveRecord(id)
        guard !source.isFolder else {
            throw GoogleError(status: 403, reason: "cannotCopyFile", message: "This file cannot be copied by the user.")
        }
        var metadata: [(String, JSONValue)] = [("name", .string("Copy of \(source.name)")), ("mimeType", .string(source.mimeType))]
        if !source.parents.isEmpty { metadata.append(("parents", .array(source.parents.map(JSONValue.string)))) }
        for key in ["description", "properties", "appProperties", "writersCanShare", "copyRequiresWriterPermission", "shortcutDetails"] {
            if let value = source.extra[key] { metadata.append((key, value)) }
        }
        for (key, value) in body.objectValue ?? [] {
            metadata.removeAll { $0.0 == key }
            metadata.append((key, value))
        }
        let bytes = try withStore { try $0.fileBytes(id: source.id) }
        return try createDriveFile(.object(metadata), content: bytes, mediaType: nil)
    }

    // MARK: files.export

    /// A Google type's content in another format (`Drive.exportTypes`).
    ///
    /// A Doc's `text/plain` starts with a byte order mark and ends its lines with CRLF, as
    /// Google's export does; `text/html` is the text in paragraphs; `application/pdf` the
    /// text on pages (`PDFText`); the rest is the text as kept. Other files get 403 `fileNotExportable`, other formats 400, content over 10 MB
    /// 403 `exportSizeLimitExceeded`.
    func exportFile(_ call: Call) throws(GoogleError) -> HTTPResponse {
        guard let wanted = call.parameter("mimeType"), !wanted.isEmpty else {
            throw GoogleError.required("Required parameter: mimeType", location: "mimeType")
        }
        let record = try driveRecord(call[capture: "fileId"])
        guard let types = Drive.exportTypes[record.mimeType] else {
            throw GoogleError(status: 403, reason: "fileNotExportable", message: "Export only supports Docs Editors files.")
        }
        let type = MediaType(wanted).type
        guard types.contains(type) else {
            throw GoogleError.badRequest("The requested conversion is not supported.", location: "convertTo")
        }
        let bytes = try withStore { try $0.fileBytes(id: record.id) }
        guard bytes.count <= Drive.exportLimit else {
            throw GoogleError(status: 403, reason: "exportSizeLimitExceeded", message: "This file is too large to be exported.")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let body: [UInt8]
        switch (record.mimeType, type) {
        case (Drive.documentType, "text/plain"):
            body = Array(("\u{FEFF}" + text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")).utf8)
        case (_, "text/html"):
            let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                "<p>" + line.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                    .replacingOccurrences(of: ">", with: "&gt;") + "</p>"
            }
            body = Array(("<html><head><meta content=\"text/html; charset=UTF-8\" http-equiv=\"content-type\"><title>"
                + record.name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                + "</title></head><body>" + paragraphs.joined() + "</body></html>").utf8)
        case (_, Drive.pdfType):
            body = PDFText.document(text, title: record.name)
        default:
            body = bytes
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", type)], body: body)
    }

    // MARK: Reading bodies

    /// A string member of a body; nil when absent or null, 400 when of another type.
    static func string(_ body: JSONValue, _ key: String) throws(GoogleError) -> String? {
        guard let value = body[key], value != .null else { return nil }
        guard let text = value.stringValue else { throw GoogleError.invalid("Invalid value for \(key).") }
        return text
    }

    static func bool(_ body: JSONValue, _ key: String) throws(GoogleError) -> Bool? {
        guard let value = body[key], value != .null else { return nil }
        guard let flag = value.boolValue else { throw GoogleError.invalid("Invalid value for \(key).") }
        return flag
    }

    static func strings(_ body: JSONValue, _ key: String) throws(GoogleError) -> [String]? {
        guard let value = body[key], value != .null else { return nil }
        guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else { throw GoogleError.invalid("Invalid value for \(key).") }
        return items.compactMap(\.stringValue)
    }

    /// An RFC 3339 time member (UTC when it has no offset).
    static func instant(_ body: JSONValue, _ key: String) throws(GoogleError) -> Date? {
        guard let text = try string(body, key) else { return nil }
        guard let instant = ClockText.rfc3339Instant(text, zone: Zone.gmt) else {
            throw GoogleError.invalid("Invalid value for \(key): \(text)")
        }
        return instant
    }
}
