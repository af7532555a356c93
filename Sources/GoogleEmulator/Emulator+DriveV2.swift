import ClerkCore
import ClerkLocal
import Foundation
import LoopbackHTTP

/// Drive v2 (`/drive/v2/…`, `/upload/drive/v2/…`), as PyDrive, PyDrive2 and older scripts
/// use it, over the same files as v3 (`DriveV2` maps the resources): a file made with one is
/// listed, read, changed and deleted with the other. Errors are v3's (both are Drive's
/// legacy shape).
///
/// | method                      | path                                    | notes |
/// |-----------------------------|-----------------------------------------|-------|
/// | about.get                   | `GET drive/v2/about`                    | every field without `fields` |
/// | files.list                  | `GET drive/v2/files`                    | `q` in v2's terms, `maxResults` (100, at most 1000), `orderBy` in v2's keys, `items` |
/// | files.insert                | `POST drive/v2/files`, `POST upload/drive/v2/files` | metadata, or `media`/`multipart`/`resumable` as v3's uploads |
/// | files.get                   | `GET drive/v2/files/{id}`               | `alt=media` is the content (the File's `downloadUrl`) |
/// | files.update, files.patch   | `PUT`/`PATCH drive/v2/files/{id}`, `PUT upload/drive/v2/files/{id}` | `parents` may change (v3 refuses it); `setModifiedDate` |
/// | files.copy, delete, trash, untrash, touch, emptyTrash, generateIds | as v2 names them | |
/// | children.list, parents.list | `GET drive/v2/files/{id}/children`, `/parents` | |
/// | properties list/get/insert/patch/update/delete | `drive/v2/files/{id}/properties…` | v3's `properties` (PUBLIC) and `appProperties` (PRIVATE, the default) |
/// | changes getStartPageToken/list/get | `GET drive/v2/changes…` | v3's feed (`changePage`): `items`, `deleted`, `largestChangeId` |
/// | permissions list/get/insert/patch/update/delete, getIdForEmail | `drive/v2/files/{id}/permissions…` | v3's sharing (`Emulator+DrivePermissions`), in v2's Permission (`value`, `withLink`) |
///
/// A resumable session's chunks go to its URI (`PUT …?upload_id=`), which needs no token.
extension Emulator {
    static let driveV2Routes: [Route] = {
        let S = DriveScopes.self
        let v2 = "drive/v2/files"
        return [
            Route("GET", "drive/v2/about", scopes: S.about) { try $0.aboutV2($1) },
            Route("GET", "drive/v2/changes/startPageToken", scopes: S.read + ["drive.apps.readonly"]) { try $0.startPageToken($1) },
            Route("GET", "drive/v2/changes", scopes: S.read + ["drive.apps.readonly"]) { try $0.listChangesV2($1) },
            Route("GET", "drive/v2/changes/{changeId}", scopes: S.read + ["drive.apps.readonly"]) { try $0.listChangesV2($1, only: $1[capture: "changeId"]) },
            Route("GET", v2, scopes: S.read) { try $0.listFilesV2($1) },
            Route("POST", v2, scopes: S.create) { try $0.insertFileV2($1) },
            Route("GET", v2 + "/generateIds", scopes: S.generateIDs) { try $0.generateFileIDsV2($1) },
            Route("DELETE", v2 + "/trash", scopes: S.emptyTrash) { try $0.emptyTrash($1) },
            Route("GET", v2 + "/{fileId}", scopes: S.read) { try $0.getFileV2($1) },
            Route("PUT", v2 + "/{fileId}", scopes: S.update) { try $0.updateFileV2($1, content: nil, mediaType: nil) },
            Route("PATCH", v2 + "/{fileId}", scopes: S.update) { try $0.updateFileV2($1, content: nil, mediaType: nil) },
            Route("DELETE", v2 + "/{fileId}", scopes: S.delete) { try $0.deleteFile($1) },
            Route("POST", v2 + "/{fileId}/copy", scopes: S.copy) { try $0.copyFileV2($1) },
            Route("POST", v2 + "/{fileId}/trash", scopes: S.update) { try $0.trashFileV2($1, trashed: true) },
            Route("POST", v2 + "/{fileId}/untrash", scopes: S.update) { try $0.trashFileV2($1, trashed: false) },
            Route("POST", v2 + "/{fileId}/touch", scopes: S.update) { try $0.touchFileV2($1) },
            Route("GET", v2 + "/{fileId}/export", scopes: S.export) { try $0.exportFile($1) },
            Route("GET", v2 + "/{folderId}/children", scopes: S.read) { try $0.listChildrenV2($1) },
            Route("GET", v2 + "/{fileId}/parents", scopes: S.read) { try $0.listParentsV2($1) },
            Route("GET", v2 + "/{fileId}/permissions", scopes: DrivePermissionScopes.read) { try $0.listPermissionsV2($1) },
            Route("POST", v2 + "/{fileId}/permissions", scopes: DrivePermissionScopes.write) { emulator, call in
                let record = try emulator.sharedRecord(call)
                let made = try emulator.addPermission(DriveV2.permissionBody(try jsonBody(call.request)), to: record)
                return try emulator.permissionAnswerV2(made, of: record, call)
            },
            Route("GET", v2 + "/{fileId}/permissions/{permissionId}", scopes: DrivePermissionScopes.read) { emulator, call in
                let record = try emulator.sharedRecord(call)
                let id = call[capture: "permissionId"]
                guard let found = record.permissions(user: emulator.driveUser).first(where: { $0["id"]?.stringValue == id }) else {
                    throw emulator.permissionNotFound(id)
                }
                return try emulator.permissionAnswerV2(found, of: record, call)
            },
            Route("PATCH", v2 + "/{fileId}/permissions/{permissionId}", scopes: DrivePermissionScopes.write) { try $0.changePermissionV2($1) },
            Route("PUT", v2 + "/{fileId}/permissions/{permissionId}", scopes: DrivePermissionScopes.write) { try $0.changePermissionV2($1) },
            Route("DELETE", v2 + "/{fileId}/permissions/{permissionId}", scopes: DrivePermissionScopes.write) { emulator, call in
                try emulator.removePermission(call[capture: "permissionId"], of: try emulator.sharedRecord(call))
                return HTTPResponse(status: 204)
            },
            Route("GET", "drive/v2/permissionIds/{email}", scopes: S.read) { emulator, call in
                let value: JSONValue = ["kind": "drive#permissionId", "id": .string(DriveUser(email: call[capture: "email"].lowercased()).permissionID)]
                return try Emulator.driveJSON(value, fields: call.parameter("fields"), defaults: nil, version2: true)
            },
            Route("GET", v2 + "/{fileId}/properties", scopes: S.read) { try $0.listPropertiesV2($1) },
            Route("POST", v2 + "/{fileId}/properties", scopes: S.update) { emulator, call in
                let body = try jsonBody(call.request)
                guard let key = try Emulator.string(body, "key"), !key.isEmpty else { throw GoogleError.required("Required: property.key", location: "property.key") }
                return try emulator.setPropertyV2(call, key: key, visibility: body["visibility"]?.stringValue, value: body["value"] ?? .null, creating: true)
            },
            Route("GET", v2 + "/{fileId}/properties/{propertyKey}", scopes: S.read) { emulator, call in
                let record = try emulator.driveRecord(call[capture: "fileId"])
                let (key, visibility) = (call[capture: "propertyKey"], try DriveV2.visibility(call.parameter("visibility")))
                guard let value = record.properties(DriveV2.propertyMap(visibility)).first(where: { $0.0 == key })?.1 else { throw DriveV2.propertyNotFound(key) }
                return try emulator.propertyAnswerV2(key, value, visibility: visibility, of: record, call)
            },
            Route("PATCH", v2 + "/{fileId}/properties/{propertyKey}", scopes: S.update) { emulator, call in
                try emulator.setPropertyV2(call, key: call[capture: "propertyKey"], visibility: call.parameter("visibility"),
                                           value: try jsonBody(call.request)["value"] ?? .null, creating: false)
            },
            Route("PUT", v2 + "/{fileId}/properties/{propertyKey}", scopes: S.update) { emulator, call in
                try emulator.setPropertyV2(call, key: call[capture: "propertyKey"], visibility: call.parameter("visibility"),
                                           value: try jsonBody(call.request)["value"] ?? .null, creating: false)
            },
            Route("DELETE", v2 + "/{fileId}/properties/{propertyKey}", scopes: S.update) { emulator, call in
                let key = call[capture: "propertyKey"], map = DriveV2.propertyMap(try DriveV2.visibility(call.parameter("visibility")))
                guard try emulator.driveRecord(call[capture: "fileId"]).properties(map).contains(where: { $0.0 == key }) else {
                    throw DriveV2.propertyNotFound(key)
                }
                _ = try emulator.updateDriveFile(call[capture: "fileId"], metadata: .object([(map, .object([(key, .null)]))]), content: nil,
                                                 mediaType: nil, query: [])
                return HTTPResponse(status: 204)
            },
            Route("POST", "upload/" + v2, scopes: S.create) { try $0.upload($1, replacing: nil) },
            Route("PUT", "upload/" + v2, scopes: []) { try $0.uploadChunk($1) },
            // An update's media, or a chunk to its session (which carries its own credential).
            Route("PUT", "upload/" + v2 + "/{fileId}", scopes: []) { emulator, call in
                if call.parameter("upload_id") != nil { return try emulator.uploadChunk(call) }
                try emulator.authorize(call, scopes: S.update.map { "https://www.googleapis.com/auth/" + $0 })
                return try emulator.upload(call, replacing: call[capture: "fileId"])
            },
            Route("POST", "upload/" + v2 + "/{fileId}", scopes: []) { emulator, call in
                guard call.parameter("upload_id") != nil, call.request.header("x-goog-upload-command") != nil else { throw GoogleError.methodNotAllowed }
                return try emulator.uploadCommand(call)
            },
            Route("DELETE", "upload/" + v2, scopes: []) { try $0.cancelUpload($1) },
            Route("DELETE", "upload/" + v2 + "/{fileId}", scopes: []) { try $0.cancelUpload($1) },
        ]
    }()

    /// The emulator's address as the request reached it, for the links in v2's resources.
    static func root(of request: HTTPRequest) -> String { "http://\(request.header("host") ?? "127.0.0.1")/" }

    /// A file as the call's version of Drive answers it: v2's whole File (or what `fields`
    /// selects), v3's through its default selection.
    func fileAnswer(_ record: DriveRecord, _ call: Call, fields: String? = nil) throws(GoogleError) -> HTTPResponse {
        let fields = fields ?? call.parameter("fields")
        guard Emulator.isDriveV2(call.request) else {
            return try Emulator.driveJSON(record.resource(user: driveUser, root: Emulator.root(of: call.request)), fields: fields, defaults: DriveDefaults.file)
        }
        return try Emulator.driveJSON(DriveV2.file(record, user: driveUser, root: Emulator.root(of: call.request)), fields: fields, defaults: nil, version2: true)
    }

    /// True for a path of Drive v2 (`drive/v2/…`, `upload/drive/v2/…`).
    static func isDriveV2(_ request: HTTPRequest) -> Bool {
        guard let drive = request.segments.firstIndex(of: "drive"), drive + 1 < request.segments.count else { return false }
        return request.segments[drive + 1] == "v2"
    }

    // MARK: about.get

    func aboutV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        var usage = 0, trash = 0
        for record in try allDriveRecords() where !record.isGoogleType {
            usage += record.size
            if record.trashed { trash += record.size }
        }
        let latest = try withStore { try $0.latestVersion() }
        let root = Emulator.root(of: call.request)
        let formats = { (pairs: [(String, [String])]) -> JSONValue in
            .array(pairs.map { .object([("source", .string($0.0)), ("targets", .array($0.1.map(JSONValue.string)))]) })
        }
        let value: JSONValue = .object([
            ("kind", "drive#about"), ("etag", .string(Wire.etag(latest))), ("selfLink", .string(root + "drive/v2/about")),
            ("name", .string(driveUser.displayName)), ("user", DriveV2.userJSON(driveUser)),
            ("quotaBytesTotal", "16106127360"), ("quotaBytesUsed", .string(String(usage))), ("quotaBytesUsedAggregate", .string(String(usage))),
            ("quotaBytesUsedInTrash", .string(String(trash))), ("quotaType", "LIMITED"),
            ("quotaBytesByService", [["serviceName": "DRIVE", "bytesUsed": .string(String(usage))]]),
            ("largestChangeId", .string(String(latest))), ("remainingChangeIds", "0"), ("rootFolderId", .string(Drive.rootID)),
            ("domainSharingPolicy", "allowed"), ("permissionId", .string(driveUser.permissionID)), ("isCurrentAppInstalled", false),
            ("languageCode", "en"),
            ("importFormats", formats(Drive.importTypes.map { ($0.source, [$0.target]) })),
            ("exportFormats", formats(Drive.exportTypes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
            ("maxUploadSizes", [["type": "*", "size": "5242880000000"]]),
            ("canCreateDrives", false), ("canCreateTeamDrives", false),
        ])
        return try Emulator.driveJSON(value, fields: call.parameter("fields"), defaults: nil, version2: true)
    }

    // MARK: files.list

    func listFilesV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        for flag in ["includeItemsFromAllDrives", "supportsAllDrives", "includeTeamDriveItems", "supportsTeamDrives"] { _ = try call.flag(flag) }
        let text = call.parameter("q") ?? ""
        let query = text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try DriveQuery(text, vocabulary: .filesV2)
        let order = try DriveOrder(call.parameter("orderBy"), version2: true)
        let size = try call.integer("maxResults", in: 0...Int(Int32.max)).map { min(max($0, 1), 1000) } ?? 100
        let spaces = try Emulator.spaces(call)
        if let drive = call.parameter("driveId") ?? call.parameter("teamDriveId") {
            throw GoogleError(status: 404, reason: "notFound", message: "Shared drive not found: \(drive)", location: "driveId", locationType: "parameter")
        }
        let matched = try driveRecords(matching: query) { spaces.contains($0.space) }
        let key = ["files/v2", text, call.parameter("orderBy") ?? "", spaces.sorted().joined(separator: ",")].joined(separator: "|")
        let page = try PageToken.page(order.sorted(matched), token: call.parameter("pageToken"), size: size, query: key, snapshot: 0)
        let root = Emulator.root(of: call.request)
        var members: [(String, JSONValue)] = [("kind", "drive#fileList"), ("etag", .string(Wire.etag(try withStore { try $0.latestVersion() }))),
                                              ("selfLink", .string(root + "drive/v2/files"))]
        if let next = page.next {
            members.append(("nextPageToken", .string(next)))
            let others = call.request.query.filter { $0.0 != "pageToken" } + [("pageToken", next)]
            members.append(("nextLink", .string(root + "drive/v2/files?" + others.map { "\(Emulator.formEscaped($0.0))=\(Emulator.formEscaped($0.1))" }
                .joined(separator: "&"))))
        }
        members.append(("incompleteSearch", false))
        let user = driveUser
        members.append(("items", .array(page.items.map { DriveV2.file($0, user: user, root: root) })))
        return try Emulator.driveJSON(.object(members), fields: call.parameter("fields"), defaults: nil, version2: true)
    }

    /// children.list: the files in a folder (`q` narrows them, in v2's terms).
    func listChildrenV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let folder = try driveRecord(call[capture: "folderId"])
        let text = call.parameter("q") ?? ""
        let query = text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try DriveQuery(text, vocabulary: .filesV2)
        let order = try DriveOrder(call.parameter("orderBy"), version2: true)
        let size = try call.integer("maxResults", in: 0...Int(Int32.max)).map { min(max($0, 1), 1000) } ?? 100
        let inside = try driveRecords(matching: query) { $0.parents.contains(folder.id) }
        let key = ["children", folder.id, text, call.parameter("orderBy") ?? ""].joined(separator: "|")
        let page = try PageToken.page(order.sorted(inside), token: call.parameter("pageToken"), size: size, query: key, snapshot: 0)
        let root = Emulator.root(of: call.request)
        var members: [(String, JSONValue)] = [("kind", "drive#childList"), ("etag", .string(Wire.etag(folder.version))),
                                              ("selfLink", .string(root + "drive/v2/files/\(folder.id)/children"))]
        if let next = page.next { members.append(("nextPageToken", .string(next))) }
        members.append(("items", .array(page.items.map { DriveV2.child($0.id, of: folder.id, root: root) })))
        return try Emulator.driveJSON(.object(members), fields: call.parameter("fields"), defaults: nil, version2: true)
    }

    /// parents.list: a file's folders.
    func listParentsV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try driveRecord(call[capture: "fileId"])
        let root = Emulator.root(of: call.request)
        let value: JSONValue = .object([("kind", "drive#parentList"), ("etag", .string(Wire.etag(record.version))),
                                        ("selfLink", .string(root + "drive/v2/files/\(record.id)/parents")),
                                        ("items", .array(record.parents.map { DriveV2.parent($0, of: record.id, root: root) }))])
        return try Emulator.driveJSON(value, fields: call.parameter("fields"), defaults: nil, version2: true)
    }

    // MARK: changes.list

    /// v2's changes.list: from `pageToken` (or the old `startChangeId`; with neither, from
    /// the first change), `maxResults` (100, at most 1000), `includeDeleted` (true); each change
    /// with its number as `id`, `deleted`, the v2 File and `modificationDate`.
    /// `only`: changes.get of that change number (404 unless it is a file's latest change).
    func listChangesV2(_ call: Call, only: String? = nil) throws(GoogleError) -> HTTPResponse {
        let token = only ?? call.parameter("pageToken") ?? call.parameter("startChangeId") ?? "1"
        guard let start = Int64(token), start >= 1 else { throw GoogleError.invalidValue("page token '\(token)'", location: "pageToken") }
        for flag in ["includeItemsFromAllDrives", "supportsAllDrives", "includeTeamDriveItems", "supportsTeamDrives", "includeSubscribed",
                     "includeCorpusRemovals"] { _ = try call.flag(flag) }
        let size = try call.integer("maxResults", in: 0...Int(Int32.max)).map { min(max($0, 1), 1000) } ?? 100
        let page = try changePage(from: start, size: size, includeRemoved: try call.flag("includeDeleted") ?? true, spaces: try Emulator.spaces(call))
        let root = Emulator.root(of: call.request)
        let user = driveUser
        let items: [JSONValue] = page.changes.map { change in
            var members: [(String, JSONValue)] = [("kind", "drive#change"), ("id", .string(String(change.version))), ("fileId", .string(change.id)),
                                                  ("selfLink", .string(root + "drive/v2/changes/\(change.version)")), ("deleted", .bool(change.record == nil))]
            if let record = change.record { members.append(("file", DriveV2.file(record, user: user, root: root))) }
            members += [("modificationDate", .string(Wire.timestamp(change.record?.modified ?? now))), ("type", "file"), ("changeType", "file")]
            return .object(members)
        }
        if let only {
            guard let change = items.first, change["id"]?.stringValue == only else {
                throw GoogleError(status: 404, reason: "notFound", message: "Change not found: \(only)", location: "changeId", locationType: "parameter")
            }
            return try Emulator.driveJSON(change, fields: call.parameter("fields"), defaults: nil, version2: true)
        }
        var members: [(String, JSONValue)] = [("kind", "drive#changeList"), ("etag", .string(Wire.etag(page.latest))),
                                              ("selfLink", .string(root + "drive/v2/changes"))]
        if let next = page.next {
            members.append(("nextPageToken", .string(next)))
        } else {
            members.append(("newStartPageToken", .string(String(page.latest + 1))))
        }
        members += [("largestChangeId", .string(String(page.latest))), ("items", .array(items))]
        return try Emulator.driveJSON(.object(members), fields: call.parameter("fields"), defaults: nil, version2: true)
    }

    // MARK: properties

    func listPropertiesV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try driveRecord(call[capture: "fileId"])
        let root = Emulator.root(of: call.request)
        let items = DriveV2.file(record, user: driveUser, root: root)["properties"] ?? []
        let value: JSONValue = .object([("kind", "drive#propertyList"), ("etag", .string(Wire.etag(record.version))),
                                        ("selfLink", .string(root + "drive/v2/files/\(record.id)/properties")), ("items", items)])
        return try Emulator.driveJSON(value, fields: call.parameter("fields"), defaults: nil, version2: true)
    }

    /// properties.insert (`creating`), patch and update: the file's property `key` of
    /// `visibility` (v2's default, PRIVATE, is v3's appProperties) becomes `value`; a patch
    /// or update of one the file does not have is 404.
    func setPropertyV2(_ call: Call, key: String, visibility text: String?, value: JSONValue, creating: Bool) throws(GoogleError) -> HTTPResponse {
        let visibility = try DriveV2.visibility(text)
        let map = DriveV2.propertyMap(visibility)
        let id = call[capture: "fileId"]
        if !creating, try !driveRecord(id).properties(map).contains(where: { $0.0 == key }) { throw DriveV2.propertyNotFound(key) }
        guard value.stringValue != nil else { throw GoogleError.required("Required: property.value", location: "property.value") }
        let record = try updateDriveFile(id, metadata: .object([(map, .object([(key, value)]))]), content: nil, mediaType: nil, query: [])
        return try propertyAnswerV2(key, value.stringValue ?? "", visibility: visibility, of: record, call)
    }

    func propertyAnswerV2(_ key: String, _ value: String, visibility: String, of record: DriveRecord, _ call: Call) throws(GoogleError) -> HTTPResponse {
        let property = DriveV2.property(key, value, visibility: visibility, of: record.id, root: Emulator.root(of: call.request))
        return try Emulator.driveJSON(property, fields: call.parameter("fields"), defaults: nil, version2: true)
    }

    // MARK: permissions

    func permissionAnswerV2(_ permission: JSONValue, of record: DriveRecord, _ call: Call) throws(GoogleError) -> HTTPResponse {
        try Emulator.driveJSON(DriveV2.permission(permission, file: record.id, root: Emulator.root(of: call.request)), fields: call.parameter("fields"),
                               defaults: nil, version2: true)
    }

    func listPermissionsV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try sharedRecord(call)
        let root = Emulator.root(of: call.request)
        let value: JSONValue = .object([("kind", "drive#permissionList"), ("etag", .string(Wire.etag(record.version))),
                                        ("selfLink", .string(root + "drive/v2/files/\(record.id)/permissions")),
                                        ("items", .array(record.permissions(user: driveUser).map { DriveV2.permission($0, file: record.id, root: root) }))])
        return try Emulator.driveJSON(value, fields: call.parameter("fields"), defaults: nil, version2: true)
    }

    func changePermissionV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try sharedRecord(call)
        let changed = try changePermission(call[capture: "permissionId"], of: record, with: DriveV2.permissionBody(try jsonBody(call.request)))
        return try permissionAnswerV2(changed, of: record, call)
    }

    // MARK: files.get, insert, update, patch

    func getFileV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try driveRecord(call[capture: "fileId"])
        if call.parameter("alt") == "media" { return try download(record, call) }
        return try fileAnswer(record, call)
    }

    func insertFileV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try createDriveFile(try v3Metadata(call.request, body: jsonBody(call.request)), content: nil, mediaType: nil)
        return try fileAnswer(record, call)
    }

    /// A v2 body (`body`, or a multipart upload's metadata part) as the v3 metadata a create
    /// takes: its parents, when it names any, as v3's `parents`; with `convert=true`, an
    /// upload of an importable type (`mediaType`, or the body's own) becomes its Google type,
    /// as v2 converts it (PyDrive's `Upload(param={'convert': True})`).
    func v3Metadata(_ request: HTTPRequest, body: JSONValue, mediaType: String? = nil) throws(GoogleError) -> JSONValue {
        let (metadata, parents) = try DriveV2.metadata(body, setModifiedDate: request.parameter("setModifiedDate") == "true")
        var members = metadata.objectValue ?? []
        if let parents, !parents.isEmpty { members.append(("parents", .array(parents.map(JSONValue.string)))) }
        if try Call.flag(request, "convert") == true {
            let source = try Emulator.string(metadata, "mimeType") ?? mediaType.map { MediaType($0).type }
            if let target = Drive.importTypes.first(where: { $0.source == source })?.target {
                members.removeAll { $0.0 == "mimeType" }
                members.append(("mimeType", .string(target)))
            }
        }
        return .object(members)
    }

    /// An update's metadata and query in v3's terms: `parents` in the body become
    /// `addParents`/`removeParents` (v2 may set them; v3 only moves).
    func v3Update(_ id: String, request: HTTPRequest, body: JSONValue) throws(GoogleError) -> (metadata: JSONValue, query: [(String, String)]) {
        let (metadata, parents) = try DriveV2.metadata(body, setModifiedDate: request.parameter("setModifiedDate") == "true")
        let current = parents == nil ? [] : try driveRecord(id).parents
        return (metadata, DriveV2.parentChanges(to: parents, from: current, query: request.query))
    }

    func updateFileV2(_ call: Call, content: [UInt8]?, mediaType: String?) throws(GoogleError) -> HTTPResponse {
        let id = call[capture: "fileId"]
        let (metadata, query) = try v3Update(id, request: call.request, body: jsonBody(call.request))
        let record = try updateDriveFile(id, metadata: metadata, content: content, mediaType: mediaType, query: query)
        return try fileAnswer(record, call)
    }

    // MARK: files.copy, trash, untrash, touch, generateIds

    func copyFileV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let copy = try copyDriveFile(call[capture: "fileId"], changes: try v3Metadata(call.request, body: jsonBody(call.request)))
        return try fileAnswer(copy, call)
    }

    func trashFileV2(_ call: Call, trashed: Bool) throws(GoogleError) -> HTTPResponse {
        let record = try updateDriveFile(call[capture: "fileId"], metadata: ["trashed": .bool(trashed)], content: nil, mediaType: nil, query: [])
        return try fileAnswer(record, call)
    }

    /// files.touch: the modified time becomes now.
    func touchFileV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try updateDriveFile(call[capture: "fileId"], metadata: ["modifiedTime": .string(Wire.timestamp(now))], content: nil,
                                         mediaType: nil, query: [])
        return try fileAnswer(record, call)
    }

    /// v2's generateIds takes `maxResults` (v3's `count`).
    func generateFileIDsV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        var request = call.request
        if let wanted = call.parameter("maxResults") { request.query = request.query.filter { $0.0 != "maxResults" } + [("count", wanted)] }
        return try generateFileIDs(Call(request: request, captures: call.captures, api: call.api))
    }
}
