import ClerkCore
import ClerkLocal
import Foundation
import LoopbackHTTP

/// Drive v3's permissions (who a file is shared with) and shared drives (the account has
/// none).
///
/// Every file has its owner's permission; those a client adds are kept in the file's
/// unmodeled fields under `sharedWith`, so sharing is a change of the file (the change feed
/// reports it) that leaves its modified time alone.
extension Emulator {
    enum DrivePermissionScopes {
        static let read = ["drive", "drive.file", "drive.meet.readonly", "drive.metadata", "drive.metadata.readonly", "drive.photos.readonly",
                           "drive.readonly"]
        static let write = ["drive", "drive.file"]
    }

    static let drivePermissionRoutes: [Route] = [
        Route("GET", "drive/v3/files/{fileId}/permissions", scopes: DrivePermissionScopes.read) { try $0.listPermissions($1) },
        Route("POST", "drive/v3/files/{fileId}/permissions", scopes: DrivePermissionScopes.write) { try $0.createPermission($1) },
        Route("GET", "drive/v3/files/{fileId}/permissions/{permissionId}", scopes: DrivePermissionScopes.read) { try $0.getPermission($1) },
        Route("PATCH", "drive/v3/files/{fileId}/permissions/{permissionId}", scopes: DrivePermissionScopes.write) { try $0.updatePermission($1) },
        Route("DELETE", "drive/v3/files/{fileId}/permissions/{permissionId}", scopes: DrivePermissionScopes.write) { try $0.deletePermission($1) },
        Route("GET", "drive/v3/drives", scopes: ["drive", "drive.readonly"]) { try $0.listSharedDrives($1) },
        Route("GET", "drive/v3/drives/{driveId}", scopes: ["drive", "drive.readonly"]) { _, call in
            throw GoogleError(status: 404, reason: "notFound", message: "Shared drive not found: \(call[capture: "driveId"])",
                              location: "driveId", locationType: "parameter")
        },
    ]

    /// What Drive answers without `fields`: a permission's `kind,id,type,role`.
    static let permissionDefaults = "kind,id,type,role"
    static let permissionRoles = ["owner", "organizer", "fileOrganizer", "writer", "commenter", "reader"]

    /// A file the account may share: a stored one (404 otherwise; not My Drive itself).
    func sharedRecord(_ call: Call) throws(GoogleError) -> DriveRecord {
        let record = try driveRecord(call[capture: "fileId"])
        guard DriveRecord.special(record.id) == nil else { throw Emulator.fileNotFound(call[capture: "fileId"]) }
        return record
    }

    func permissionNotFound(_ id: String) -> GoogleError {
        GoogleError(status: 404, reason: "notFound", message: "Permission not found: \(id).", location: "permissionId", locationType: "parameter")
    }

    func listPermissions(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try sharedRecord(call)
        let size = try Emulator.pageSize(call, standard: 100, maximum: 100)
        let page = try PageToken.page(record.permissions(user: driveUser), token: call.parameter("pageToken"), size: size,
                                      query: "permissions:" + record.id, snapshot: 0)
        var members: [(String, JSONValue)] = [("kind", "drive#permissionList")]
        if let next = page.next { members.append(("nextPageToken", .string(next))) }
        members.append(("permissions", .array(Array(page.items))))
        return try Emulator.driveJSON(.object(members), fields: call.parameter("fields"),
                                      defaults: "kind,nextPageToken,permissions(\(Emulator.permissionDefaults))")
    }

    func getPermission(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try sharedRecord(call)
        let id = call[capture: "permissionId"]
        guard let permission = record.permissions(user: driveUser).first(where: { $0["id"]?.stringValue == id }) else { throw permissionNotFound(id) }
        return try Emulator.driveJSON(permission, fields: call.parameter("fields"), defaults: Emulator.permissionDefaults)
    }

    /// permissions.create: a `user` or `group` (by `emailAddress`), a `domain`, or `anyone`,
    /// with a role short of owner (a new owner is not emulated: 403). Sharing again with
    /// the same grantee changes its role.
    func createPermission(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let made = try addPermission(try jsonBody(call.request), to: try sharedRecord(call))
        return try Emulator.driveJSON(made, fields: call.parameter("fields"), defaults: Emulator.permissionDefaults)
    }

    /// Shares `record` as a v3 Permission body says; the permission as stored comes back.
    func addPermission(_ body: JSONValue, to file: DriveRecord) throws(GoogleError) -> JSONValue {
        var record = file
        guard let type = try Emulator.string(body, "type") else { throw GoogleError.required("Required: permission.type", location: "permission.type") }
        guard let role = try Emulator.string(body, "role") else { throw GoogleError.required("Required: permission.role", location: "permission.role") }
        guard Emulator.permissionRoles.contains(role) else { throw GoogleError.invalid("Invalid permission role: \(role).", location: "permission.role") }
        guard role != "owner" else {
            throw GoogleError(status: 403, reason: "forbidden", message: "Ownership can only be transferred to another user in the same organization as the current owner.")
        }
        var permission: [(String, JSONValue)]
        switch type {
        case "user", "group":
            guard let email = try Emulator.string(body, "emailAddress"), email.contains("@") else {
                throw GoogleError.badRequest("The permission emailAddress field is required for the user and group types.", reason: "invalidSharingRequest")
            }
            guard email.lowercased() != account.lowercased() else {
                throw GoogleError(status: 403, reason: "forbidden", message: "The owner of a file cannot be given another role.")
            }
            let user = DriveUser(email: email.lowercased())
            permission = [("id", .string(user.permissionID)), ("type", .string(type)), ("emailAddress", .string(user.email)),
                          ("role", .string(role)), ("displayName", .string(user.displayName))]
        case "domain":
            guard let domain = try Emulator.string(body, "domain"), !domain.isEmpty else {
                throw GoogleError.badRequest("The permission domain field is required for the domain type.", reason: "invalidSharingRequest")
            }
            permission = [("id", .string(DriveUser(email: "@" + domain).permissionID + "k")), ("type", "domain"), ("domain", .string(domain)),
                          ("role", .string(role))]
        case "anyone":
            permission = [("id", "anyoneWithLink"), ("type", "anyone"), ("role", .string(role))]
        default:
            throw GoogleError.invalid("Invalid permission type: \(type).", location: "permission.type")
        }
        if type == "anyone" || type == "domain" {
            permission.append(("allowFileDiscovery", .bool(try Emulator.bool(body, "allowFileDiscovery") ?? false)))
        }
        let id = permission[0].1
        var shared = (record.extra["sharedWith"]?.arrayValue ?? []).filter { $0["id"] != id }
        shared.append(.object(permission))
        record.extra["sharedWith"] = .array(shared)
        let saved = try save(record, content: nil)
        return saved.permissions(user: driveUser).first { $0["id"] == id } ?? .null
    }

    /// permissions.update: a new role (the owner's cannot change).
    func updatePermission(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let changed = try changePermission(call[capture: "permissionId"], of: try sharedRecord(call), with: try jsonBody(call.request))
        return try Emulator.driveJSON(changed, fields: call.parameter("fields"), defaults: Emulator.permissionDefaults)
    }

    /// Gives permission `id` of `file` the body's role; the permission as stored comes back.
    func changePermission(_ id: String, of file: DriveRecord, with body: JSONValue) throws(GoogleError) -> JSONValue {
        var record = file
        var shared = record.extra["sharedWith"]?.arrayValue ?? []
        guard let index = shared.firstIndex(where: { $0["id"]?.stringValue == id }) else {
            if id == driveUser.permissionID { throw GoogleError(status: 403, reason: "forbidden", message: "The owner's role cannot be changed.") }
            throw permissionNotFound(id)
        }
        if let role = try Emulator.string(body, "role") {
            guard Emulator.permissionRoles.contains(role), role != "owner" else {
                throw GoogleError.invalid("Invalid permission role: \(role).", location: "permission.role")
            }
            shared[index] = shared[index].merged(with: ["role": .string(role)])
        }
        record.extra["sharedWith"] = .array(shared)
        let saved = try save(record, content: nil)
        return saved.permissions(user: driveUser).first { $0["id"]?.stringValue == id } ?? .null
    }

    func deletePermission(_ call: Call) throws(GoogleError) -> HTTPResponse {
        try removePermission(call[capture: "permissionId"], of: try sharedRecord(call))
        return HTTPResponse(status: 204)
    }

    /// Stops sharing `file` with permission `id` (the owner's cannot go).
    func removePermission(_ id: String, of file: DriveRecord) throws(GoogleError) {
        var record = file
        let shared = record.extra["sharedWith"]?.arrayValue ?? []
        guard shared.contains(where: { $0["id"]?.stringValue == id }) else {
            if id == driveUser.permissionID { throw GoogleError(status: 403, reason: "forbidden", message: "The owner's permission cannot be removed.") }
            throw permissionNotFound(id)
        }
        let rest = shared.filter { $0["id"]?.stringValue != id }
        record.extra["sharedWith"] = rest.isEmpty ? nil : .array(rest)
        try save(record, content: nil)
    }

    /// drives.list: a personal account has no shared drives (its `q` is still read, and a
    /// query Drive would refuse is refused).
    func listSharedDrives(_ call: Call) throws(GoogleError) -> HTTPResponse {
        _ = try Emulator.pageSize(call, standard: 10, maximum: 100)
        if let q = call.parameter("q"), !q.trimmingCharacters(in: .whitespaces).isEmpty { _ = try DriveQuery(q, vocabulary: .drives) }
        return try Emulator.driveJSON(["kind": "drive#driveList", "drives": []], fields: call.parameter("fields"), defaults: nil)
    }
}

extension DriveRecord {
    /// The file's permissions as Permission resources: its owner's, then those added.
    func permissions(user: DriveUser) -> [JSONValue] {
        let owner: JSONValue = .object([
            ("kind", "drive#permission"), ("id", .string(user.permissionID)), ("type", "user"), ("emailAddress", .string(user.email)),
            ("role", "owner"), ("displayName", .string(user.displayName)), ("deleted", false), ("pendingOwner", false),
        ])
        return [owner] + (extra["sharedWith"]?.arrayValue ?? []).map { .object([("kind", "drive#permission")] + ($0.objectValue ?? []) + [("deleted", false)]) }
    }
}
