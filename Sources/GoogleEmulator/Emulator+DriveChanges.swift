import ClerkCore
import ClerkLocal
import Foundation
import LoopbackHTTP

/// Drive's changes, about and revisions.
///
/// Page tokens of changes are change numbers, as Google's are plain numbers: token `n` lists
/// what changed at change number `n` or later (the store's `fileFeed(after: n - 1)`). A file
/// changed several times shows once, as it is now; one deleted for good shows as `removed`.
/// The tokens never expire (Drive's do not), so `/_emulator/sync-tokens/expire` leaves them.
extension Emulator {
    func startPageToken(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let latest = try withStore { try $0.latestVersion() }
        let value: JSONValue = .object([("kind", "drive#startPageToken"), ("startPageToken", .string(String(latest + 1)))])
        return try Emulator.driveJSON(value, fields: call.parameter("fields"), defaults: nil)
    }

    /// changes.list: `pageToken` required; `includeRemoved` (default true); `spaces`;
    /// `nextPageToken` while more remain, else `newStartPageToken`.
    ///
    /// A change's `time` is the file's modified time, or for a removal the time of the
    /// listing (the store keeps no time of either change).
    func listChanges(_ call: Call) throws(GoogleError) -> HTTPResponse {
        guard let token = call.parameter("pageToken"), !token.isEmpty else {
            throw GoogleError.required("Required parameter: pageToken", location: "pageToken")
        }
        guard let start = Int64(token), start >= 1 else { throw GoogleError.invalidValue("page token '\(token)'", location: "pageToken") }
        for flag in ["includeItemsFromAllDrives", "supportsAllDrives", "includeTeamDriveItems", "supportsTeamDrives", "restrictToMyDrive",
                     "includeCorpusRemovals"] { _ = try call.flag(flag) }
        let page = try changePage(from: start, size: try Emulator.pageSize(call, standard: 100, maximum: 1000),
                                  includeRemoved: try call.flag("includeRemoved") ?? true, spaces: try Emulator.spaces(call))
        let (latest, next) = (page.latest, page.next)
        let user = driveUser, root = Emulator.root(of: call.request)
        let changes: [JSONValue] = page.changes.map { change in
            var members: [(String, JSONValue)] = [("kind", "drive#change")]
            if let record = change.record {
                members += [("removed", false), ("file", record.resource(user: user, root: root)), ("fileId", .string(record.id)),
                            ("time", .string(Wire.timestamp(record.modified)))]
            } else {
                members += [("removed", true), ("fileId", .string(change.id)), ("time", .string(Wire.timestamp(now)))]
            }
            return .object(members + [("type", "file"), ("changeType", "file")])
        }
        var members: [(String, JSONValue)] = [("kind", "drive#changeList")]
        if let next {
            members.append(("nextPageToken", .string(next)))
        } else {
            members.append(("newStartPageToken", .string(String(latest + 1))))
        }
        members.append(("changes", .array(changes)))
        return try Emulator.driveJSON(.object(members), fields: call.parameter("fields"), defaults: DriveDefaults.changeList)
    }

    /// One page of what changed from change number `start` on: each file changed (as it is
    /// now; nil for one deleted for good), with its change number; the token of the next page
    /// while more remain; and the latest change number. Drive v3's and v2's changes.list.
    func changePage(from start: Int64, size: Int, includeRemoved: Bool,
                    spaces: Set<String>) throws(GoogleError) -> (changes: [(id: String, record: DriveRecord?, version: Int64)], next: String?, latest: Int64) {
        let (latest, feed) = try withStore { store in (try store.latestVersion(), try store.fileFeed(after: start - 1)) }
        var changes: [(id: String, record: DriveRecord?, version: Int64)] = []
        for entry in feed {
            let change: (id: String, record: DriveRecord?, version: Int64)
            switch entry {
            case .present(let replica):
                let record = DriveRecord(replica)
                guard spaces.contains(record.space) else { continue }
                change = (record.id, record, entry.version)
            case .removed(let id, _):
                guard includeRemoved else { continue }
                change = (id, nil, entry.version)
            }
            if changes.count == size { return (changes, String(entry.version), latest) }
            changes.append(change)
        }
        return (changes, nil, latest)
    }

    // MARK: about.get

    /// The account and its storage, enough for rclone and Google's samples. `fields` is
    /// required, as at Google.
    func about(_ call: Call) throws(GoogleError) -> HTTPResponse {
        guard let fields = call.parameter("fields"), !fields.isEmpty else {
            throw GoogleError.required("The 'fields' parameter is required for this method.", location: "fields")
        }
        var usage = 0, trash = 0
        for record in try allDriveRecords() where !record.isGoogleType {
            usage += record.size
            if record.trashed { trash += record.size }
        }
        let exports: [(String, JSONValue)] = Drive.exportTypes.sorted { $0.key < $1.key }.map { ($0.key, .array($0.value.map(JSONValue.string))) }
        let value: JSONValue = .object([
            ("kind", "drive#about"), ("user", driveUser.json),
            ("storageQuota", .object([
                ("limit", "16106127360"), ("usage", .string(String(usage))), ("usageInDrive", .string(String(usage))),
                ("usageInDriveTrash", .string(String(trash))),
            ])),
            ("importFormats", .object(Drive.importTypes.map { ($0.source, .array([.string($0.target)])) })),
            ("exportFormats", .object(exports)),
            ("maxImportSizes", .object([(Drive.documentType, .string("10485760")), (Drive.spreadsheetType, .string("104857600"))])),
            ("maxUploadSize", "5242880000000"), ("appInstalled", false), ("canCreateDrives", false), ("canCreateTeamDrives", false),
            ("folderColorPalette", ["#ac725e", "#d06b64", "#f83a22", "#fa573c", "#ff7537", "#ffad46", "#42d692", "#16a765", "#7bd148",
                                    "#b3dc6c", "#fbe983", "#fad165", "#92e1c0", "#9fe1e7", "#9fc6e7", "#4986e7", "#9a9cff", "#b99aff",
                                    "#c2c2c2", "#cabdbf", "#cca6ac", "#f691b2", "#cd74e6", "#a47ae2"]),
            ("driveThemes", []), ("teamDriveThemes", []),
        ])
        return try Emulator.driveJSON(value, fields: fields, defaults: nil)
    }

    // MARK: revisions.list and revisions.get

    /// A file's revisions, oldest first: the store's earlier contents (numbered from 1),
    /// then the current one. Folders have none (403 `revisionsNotSupported`).
    func revisions(of record: DriveRecord) throws(GoogleError) -> [(id: String, modified: Date, size: Int, isHead: Bool)] {
        guard !record.isFolder else {
            throw GoogleError(status: 403, reason: "revisionsNotSupported", message: "The file does not support revisions.")
        }
        let earlier = try withStore { try $0.revisions(ofFile: record.id) }.reversed()
        return earlier.map { ($0.id, $0.modified, $0.size, false) } + [(String(earlier.count + 1), record.modified, record.size, true)]
    }

    func revisionJSON(_ revision: (id: String, modified: Date, size: Int, isHead: Bool), of record: DriveRecord) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", "drive#revision"), ("id", .string(revision.id)), ("mimeType", .string(record.mimeType)),
            ("modifiedTime", .string(Wire.timestamp(revision.modified))), ("keepForever", false), ("published", false),
            ("lastModifyingUser", driveUser.json),
        ]
        if !record.isGoogleType {
            members.append(("originalFilename", record.extra["originalFilename"] ?? .string(record.name)))
            if revision.isHead, let md5 = record.extra["md5Checksum"] { members.append(("md5Checksum", md5)) }
            members.append(("size", .string(String(revision.size))))
        }
        return .object(members)
    }

    func listRevisions(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try driveRecord(call[capture: "fileId"])
        let size = try Emulator.pageSize(call, standard: 200, maximum: 1000)
        let all = try revisions(of: record)
        let page = try PageToken.page(all, token: call.parameter("pageToken"), size: size, query: "revisions|" + record.id, snapshot: 0)
        var members: [(String, JSONValue)] = [("kind", "drive#revisionList")]
        if let next = page.next { members.append(("nextPageToken", .string(next))) }
        members.append(("revisions", .array(page.items.map { revisionJSON($0, of: record) })))
        return try Emulator.driveJSON(.object(members), fields: call.parameter("fields"), defaults: DriveDefaults.revisionList)
    }

    /// One revision, or its content with `alt=media`.
    func getRevision(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try driveRecord(call[capture: "fileId"])
        let wanted = call[capture: "revisionId"]
        let all = try revisions(of: record)
        guard let revision = all.first(where: { $0.id == wanted }) ?? (wanted == "head" ? all.last : nil) else {
            throw GoogleError(status: 404, reason: "notFound", message: "Revision not found: \(wanted).", location: "revisionId", locationType: "parameter")
        }
        guard call.parameter("alt") == "media" else {
            return try Emulator.driveJSON(revisionJSON(revision, of: record), fields: call.parameter("fields"), defaults: DriveDefaults.revision)
        }
        try authorize(call, scopes: DriveScopes.content)
        guard !record.isGoogleType else { throw Emulator.fileNotDownloadable }
        // The store reads earlier contents as text.
        let bytes = try withStore { store in
            revision.isHead ? try store.fileBytes(id: record.id) : Array(try store.readRevision(revision.id, ofFile: record.id).utf8)
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", record.mimeType)], body: bytes)
    }
}
