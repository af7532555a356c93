import ClerkCore
import Foundation

/// Drive v2's resources over the same records as v3's: the File, About, ParentReference and
/// ChildReference of `drive.v2.json`, and a v2 body read as the v3 metadata that
/// `createDriveFile` and `updateDriveFile` take, so a file made one way is the same file
/// the other way.
///
/// | v2                                   | v3                                     |
/// |--------------------------------------|----------------------------------------|
/// | `title`                              | `name`                                 |
/// | `labels.starred`, `labels.trashed`   | `starred`, `trashed`                   |
/// | `parents: [{id}]`                    | `parents: [id]`                        |
/// | `properties: [{key, value, visibility}]` | `properties` (PUBLIC), `appProperties` (PRIVATE, v2's default) |
/// | `modifiedDate` (with `setModifiedDate=true`) | `modifiedTime`                 |
/// | `createdDate`, `lastViewedByMeDate`, `modifiedByMeDate` | `createdTime`, `viewedByMeTime`, `modifiedByMeTime` |
/// | `fileSize`, `downloadUrl`, `alternateLink`, `selfLink` | `size`, content at `?alt=media`, `webViewLink` |
///
/// Links a client follows (`selfLink`, `downloadUrl`, `exportLinks`, a parent's `parentLink`) point at the
/// emulator (`root`, the request's own `http://host/`), as Google's point at its API host.
enum DriveV2 {
    /// A v2 File resource (v2 answers every field when no `fields` is given).
    static func file(_ record: DriveRecord, user: DriveUser, root: String) -> JSONValue {
        let v3 = record.resource(user: user, root: root)
        let selfLink = root + "drive/v2/files/" + record.id
        var members: [(String, JSONValue)] = [
            ("kind", "drive#file"), ("id", .string(record.id)), ("etag", .string(Wire.etag(record.version))),
            ("selfLink", .string(selfLink)),
        ]
        if !record.isGoogleType {
            members.append(("webContentLink", v3["webContentLink"] ?? .null))
        }
        members += [("alternateLink", .string(record.webViewLink)), ("embedLink", .string(record.webViewLink.replacingOccurrences(of: "/view", with: "/preview"))),
                    ("iconLink", v3["iconLink"] ?? .null), ("title", .string(record.name)), ("mimeType", .string(record.mimeType))]
        if let description = record.description { members.append(("description", .string(description))) }
        members += [
            ("labels", .object([("starred", .bool(record.starred)), ("hidden", false), ("trashed", .bool(record.trashed)),
                                ("restricted", .bool(record.extra["copyRequiresWriterPermission"]?.boolValue ?? false)), ("viewed", true),
                                ("modified", true)])),
            ("copyRequiresWriterPermission", record.extra["copyRequiresWriterPermission"] ?? false),
            ("createdDate", .string(Wire.timestamp(record.created))), ("modifiedDate", .string(Wire.timestamp(record.modified))),
            ("modifiedByMeDate", .string(Wire.timestamp(record.modified))), ("lastViewedByMeDate", .string(Wire.timestamp(record.modified))),
            ("markedViewedByMeDate", "1970-01-01T00:00:00.000Z"), ("version", .string(String(record.version))),
            ("parents", .array(record.parents.map { parent($0, of: record.id, root: root) })),
        ]
        if let types = Drive.exportTypes[record.mimeType] {
            // At the emulator, as downloadUrl: PyDrive fetches a Doc's text from its exportLinks.
            members.append(("exportLinks", .object(types.map { ($0, .string(selfLink + "/export?mimeType=" + Emulator.formEscaped($0))) })))
        }
        if !record.isGoogleType {
            members.append(("downloadUrl", .string(selfLink + "?alt=media&source=downloadUrl")))
            for key in ["originalFilename", "fileExtension", "fullFileExtension", "md5Checksum", "sha1Checksum", "sha256Checksum"] {
                if let value = v3[key] { members.append((key, value)) }
            }
            members.append(("fileSize", .string(String(record.size))))
        }
        members += [
            ("userPermission", userPermission(record.id, root: root)),
            ("quotaBytesUsed", v3["quotaBytesUsed"] ?? "0"), ("ownerNames", [.string(user.displayName)]), ("owners", [userJSON(user)]),
        ]
        if !record.isGoogleType, let head = v3["headRevisionId"] { members.append(("headRevisionId", head)) }
        members += [
            ("lastModifyingUserName", .string(user.displayName)), ("lastModifyingUser", userJSON(user)), ("ownedByMe", true),
            ("capabilities", v3["capabilities"] ?? [:]), ("editable", true), ("canComment", true), ("canReadRevisions", .bool(!record.isFolder)),
            ("shareable", true), ("copyable", .bool(!record.isFolder)), ("writersCanShare", v3["writersCanShare"] ?? true),
            ("shared", v3["shared"] ?? false), ("explicitlyTrashed", .bool(record.trashed && record.explicitlyTrashed)),
            ("appDataContents", .bool(record.space == "appDataFolder")), ("spaces", v3["spaces"] ?? ["drive"]),
            ("hasThumbnail", false), ("thumbnailVersion", "0"), ("isAppAuthorized", true),
            ("permissionIds", v3["permissionIds"] ?? []), ("inheritedPermissionsDisabled", false),
        ]
        let properties = record.properties("properties").map { property($0.0, $0.1, visibility: "PUBLIC", of: record.id, root: root) }
            + record.properties("appProperties").map { property($0.0, $0.1, visibility: "PRIVATE", of: record.id, root: root) }
        if !properties.isEmpty { members.append(("properties", .array(properties))) }
        if record.isFolder, let color = record.extra["folderColorRgb"] { members.append(("folderColorRgb", color)) }
        if let shortcut = record.extra["shortcutDetails"] { members.append(("shortcutDetails", shortcut)) }
        return .object(members)
    }

    /// v2's User: v3's with `isAuthenticatedUser` for `me`.
    static func userJSON(_ user: DriveUser) -> JSONValue {
        .object([("kind", "drive#user"), ("displayName", .string(user.displayName)), ("isAuthenticatedUser", true),
                 ("permissionId", .string(user.permissionID)), ("emailAddress", .string(user.email))])
    }

    static func parent(_ id: String, of child: String, root: String) -> JSONValue {
        .object([("kind", "drive#parentReference"), ("id", .string(id)), ("selfLink", .string(root + "drive/v2/files/\(child)/parents/\(id)")),
                 ("parentLink", .string(root + "drive/v2/files/" + id)), ("isRoot", .bool(id == Drive.rootID))])
    }

    static func child(_ id: String, of folder: String, root: String) -> JSONValue {
        .object([("kind", "drive#childReference"), ("id", .string(id)), ("selfLink", .string(root + "drive/v2/files/\(folder)/children/\(id)")),
                 ("childLink", .string(root + "drive/v2/files/" + id))])
    }

    static func property(_ key: String, _ value: String, visibility: String, of file: String, root: String) -> JSONValue {
        .object([("kind", "drive#property"), ("etag", .string(Wire.etag(0))),
                 ("selfLink", .string(root + "drive/v2/files/\(file)/properties/\(key)?visibility=\(visibility)")),
                 ("key", .string(key)), ("visibility", .string(visibility)), ("value", .string(value))])
    }

    /// A v3 Permission as v2's: `value` is the address or domain, `withLink` the opposite of
    /// `allowFileDiscovery`, `name` the display name.
    static func permission(_ v3: JSONValue, file: String, root: String) -> JSONValue {
        let id = v3["id"]?.stringValue ?? ""
        var members: [(String, JSONValue)] = [("kind", "drive#permission"), ("etag", .string(Wire.etag(0))), ("id", .string(id)),
                                              ("selfLink", .string(root + "drive/v2/files/\(file)/permissions/\(id)"))]
        if let name = v3["displayName"] { members.append(("name", name)) }
        if let email = v3["emailAddress"] { members.append(("emailAddress", email)) }
        if let domain = v3["domain"] { members.append(("domain", domain)) }
        members += [("role", v3["role"] ?? "reader"), ("type", v3["type"] ?? "user")]
        if let value = v3["emailAddress"] ?? v3["domain"] { members.append(("value", value)) }
        if let discoverable = v3["allowFileDiscovery"]?.boolValue { members.append(("withLink", .bool(!discoverable))) }
        members.append(("deleted", false))
        return .object(members)
    }

    /// A v2 Permission body as v3's: `value` is the address (user, group) or the domain,
    /// `withLink` the opposite of `allowFileDiscovery`, and a reader with the additional role
    /// `commenter` is a commenter.
    static func permissionBody(_ body: JSONValue) -> JSONValue {
        var members: [(String, JSONValue)] = []
        let type = body["type"]?.stringValue
        for (key, value) in body.objectValue ?? [] {
            switch key {
            case "value": members.append((type == "domain" ? "domain" : "emailAddress", value))
            case "withLink": if let flag = value.boolValue { members.append(("allowFileDiscovery", .bool(!flag))) }
            case "role":
                let comments = body["additionalRoles"]?.arrayValue?.contains("commenter") == true
                members.append(("role", value == "reader" && comments ? "commenter" : value))
            case "type", "emailAddress", "domain": members.append((key, value))
            default: continue
            }
        }
        return .object(members)
    }

    /// A `visibility` as v2 takes it (in any case; PRIVATE when absent), upper-cased; 400
    /// for another word.
    static func visibility(_ text: String?) throws(GoogleError) -> String {
        let value = (text ?? "PRIVATE").uppercased()
        guard value == "PUBLIC" || value == "PRIVATE" else { throw GoogleError.invalid("Invalid value for visibility: \(text ?? "")", location: "visibility") }
        return value
    }

    /// The v3 map a v2 property of `visibility` lives in.
    static func propertyMap(_ visibility: String) -> String { visibility == "PUBLIC" ? "properties" : "appProperties" }

    static func propertyNotFound(_ key: String) -> GoogleError {
        GoogleError(status: 404, reason: "notFound", message: "Property not found: \(key)", location: "propertyKey", locationType: "parameter")
    }

    /// The account's own permission on each of its files.
    static func userPermission(_ file: String, root: String) -> JSONValue {
        .object([("kind", "drive#permission"), ("etag", .string(Wire.etag(0))), ("id", "me"),
                 ("selfLink", .string(root + "drive/v2/files/\(file)/permissions/me")), ("role", "owner"), ("type", "user"),
                 ("pendingOwner", false)])
    }

    // MARK: Reading v2 bodies

    /// A v2 File body as v3 metadata, and the parent ids it names (nil when it names none).
    /// `modifiedDate` is taken only with `setModifiedDate` (v2 ignores it otherwise).
    static func metadata(_ body: JSONValue, setModifiedDate: Bool) throws(GoogleError) -> (metadata: JSONValue, parents: [String]?) {
        var members: [(String, JSONValue)] = []
        var parents: [String]?
        var properties: [(String, JSONValue)] = [], appProperties: [(String, JSONValue)] = []
        for (key, value) in body.objectValue ?? [] where value != .null {
            switch key {
            case "title":
                // Checked here, so a refusal names v2's member, not v3's.
                guard value.stringValue != nil else { throw GoogleError.invalid("Invalid value for title.") }
                members.append(("name", value))
            case "mimeType", "description", "originalFilename", "folderColorRgb", "writersCanShare", "copyRequiresWriterPermission", "id",
                 "shortcutDetails":
                members.append((key, value))
            case "labels":
                guard let labels = value.objectValue else { throw GoogleError.invalid("Invalid value for labels.") }
                for (label, flag) in labels where label == "starred" || label == "trashed" {
                    guard flag.boolValue != nil else { throw GoogleError.invalid("Invalid value for labels.\(label).") }
                    members.append((label, flag))
                }
            case "parents":
                guard let items = value.arrayValue else { throw GoogleError.invalid("Invalid value for parents.") }
                parents = try items.map { item throws(GoogleError) -> String in
                    guard let id = item["id"]?.stringValue, !id.isEmpty else { throw GoogleError.required("Required: parents.id", location: "parents.id") }
                    return id
                }
            case "properties":
                guard let items = value.arrayValue else { throw GoogleError.invalid("Invalid value for properties.") }
                for item in items {
                    guard let name = item["key"]?.stringValue, !name.isEmpty else { throw GoogleError.required("Required: properties.key", location: "properties.key") }
                    let text = item["value"] ?? .null
                    let visibility = item["visibility"]?.stringValue ?? "PRIVATE"
                    switch visibility.uppercased() {
                    case "PUBLIC": properties.append((name, text))
                    case "PRIVATE": appProperties.append((name, text))
                    default: throw GoogleError.invalid("Invalid value for properties.visibility: \(visibility)")
                    }
                }
            case "modifiedDate" where setModifiedDate:
                guard let text = value.stringValue, ClockText.rfc3339Instant(text, zone: Zone.gmt) != nil else {
                    throw GoogleError.invalid("Invalid value for modifiedDate: \(value.stringValue ?? value.serialized())")
                }
                members.append(("modifiedTime", value))
            default: continue  // Read-only or not kept (as v2 ignores what it does not write).
            }
        }
        if !properties.isEmpty { members.append(("properties", .object(properties))) }
        if !appProperties.isEmpty { members.append(("appProperties", .object(appProperties))) }
        return (.object(members), parents)
    }

    /// The `addParents`/`removeParents` an update's `parents` means for a file now in
    /// `current`, with the call's own.
    static func parentChanges(to wanted: [String]?, from current: [String], query: [(String, String)]) -> [(String, String)] {
        var kept = query.filter { $0.0 != "addParents" && $0.0 != "removeParents" }
        var added = query.filter { $0.0 == "addParents" }.map(\.1).joined(separator: ",")
        var removed = query.filter { $0.0 == "removeParents" }.map(\.1).joined(separator: ",")
        if let wanted {
            let resolved = wanted.map(Drive.resolve)
            let add = resolved.filter { !current.contains($0) }
            let remove = current.filter { !resolved.contains($0) }
            added = ([added] + add).filter { !$0.isEmpty }.joined(separator: ",")
            removed = ([removed] + remove).filter { !$0.isEmpty }.joined(separator: ",")
        }
        if !added.isEmpty { kept.append(("addParents", added)) }
        if !removed.isEmpty { kept.append(("removeParents", removed)) }
        return kept
    }
}
