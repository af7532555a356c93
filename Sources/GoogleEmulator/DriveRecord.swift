internal import CCrypto
import ClerkCore
import ClerkLocal
import Foundation

/// Drive's fixed names and small policies: the types it treats specially, the ids of the two
/// folders every account has, and how ids look.
enum Drive {
    static let folderType = "application/vnd.google-apps.folder"
    static let documentType = "application/vnd.google-apps.document"
    static let spreadsheetType = "application/vnd.google-apps.spreadsheet"
    static let presentationType = "application/vnd.google-apps.presentation"
    static let shortcutType = "application/vnd.google-apps.shortcut"
    /// Google's own types (Docs, Sheets, folders, shortcuts…) have no bytes to download.
    static let googleTypePrefix = "application/vnd.google-apps."
    static let octetStream = "application/octet-stream"

    /// My Drive's root folder, also called `root`. It is not stored: it cannot be changed,
    /// and files.list does not show it, as in Drive.
    static let rootID = "0AEmulatorMyDriveRootUk9PVA"
    /// The app data folder, also called `appDataFolder`; files under it are in the
    /// `appDataFolder` space instead of `drive`.
    static let appDataID = "0AEmulatorAppDataFolderUk9PVA"

    /// The id an alias stands for (`root`, `appDataFolder`), or the id itself.
    static func resolve(_ id: String) -> String {
        switch id {
        case "root": return rootID
        case "appDataFolder": return appDataID
        default: return id
        }
    }

    static let idAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// A file id as Drive makes them: `1` and 32 characters of URL-safe base64.
    static func newID<G: RandomNumberGenerator>(using generator: inout G) -> String {
        "1" + String((0..<32).map { _ in idAlphabet[Int(generator.next(upperBound: UInt(idAlphabet.count)))] })
    }

    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return newID(using: &generator)
    }

    /// The type a name's extension suggests, for seeded files and uploads that name none.
    ///
    /// | extension      | type             |
    /// |----------------|------------------|
    /// | .txt           | text/plain       |
    /// | .md, .markdown | text/markdown    |
    /// | .csv           | text/csv         |
    /// | .json          | application/json |
    /// | .html, .htm    | text/html        |
    /// | anything else  | nil              |
    static func mimeType(ofName name: String) -> String? {
        switch (name as NSString).pathExtension.lowercased() {
        case "txt", "text": return "text/plain"
        case "md", "markdown": return "text/markdown"
        case "csv": return "text/csv"
        case "json": return "application/json"
        case "html", "htm": return "text/html"
        default: return nil
        }
    }

    /// What files.export can make of each of Google's types here (all text: the emulator
    /// keeps a Doc as the text it was made from).
    ///
    /// | type                 | export types                          |
    /// |----------------------|---------------------------------------|
    /// | Docs (document)      | text/plain, text/markdown, text/html, application/pdf |
    /// | Sheets (spreadsheet) | text/csv, text/tab-separated-values, application/pdf |
    /// | Slides (presentation)| text/plain, application/pdf           |
    static let exportTypes: [String: [String]] = [
        documentType: ["text/plain", "text/markdown", "text/html", pdfType],
        spreadsheetType: ["text/csv", "text/tab-separated-values", pdfType],
        presentationType: ["text/plain", pdfType],
    ]
    static let pdfType = "application/pdf"

    /// Exports larger than this are refused with 403 `exportSizeLimitExceeded`.
    static let exportLimit = 10 << 20

    /// The Google type an upload of each type becomes when it is converted (about's
    /// `importFormats`; Drive v2's `convert=true`), in the order about lists them.
    static let importTypes: [(source: String, target: String)] = [
        ("text/plain", documentType), ("text/markdown", documentType), ("text/html", documentType), ("text/csv", spreadsheetType),
    ]
}

/// The account as Drive's `User` resource shows it (owner and last modifier of every file).
struct DriveUser {
    var email: String

    /// Google's permission ids are 20 digits; this one is made from the address so it stays
    /// the same across runs.
    var permissionID: String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in email.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let digits = String(hash % 10_000_000_000_000_000_000)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits
    }

    var displayName: String { String(email.split(separator: "@").first ?? Substring(email)) }

    var json: JSONValue {
        .object([
            ("kind", "drive#user"), ("displayName", .string(displayName)), ("me", true),
            ("permissionId", .string(permissionID)), ("emailAddress", .string(email)),
        ])
    }
}

/// A file as Drive shows it: the store's row (name, type, size, times, trash) and the fields
/// of Drive's File resource the store does not model, kept in the row's `unmodeled` JSON
/// under their Drive names.
///
/// | unmodeled key                                   | holds                                      |
/// |-------------------------------------------------|--------------------------------------------|
/// | `parents`                                       | the folder ids (one, or none)              |
/// | `description`, `starred`                        | as set                                     |
/// | `explicitlyTrashed`                             | trashed itself, not along with its folder  |
/// | `properties`, `appProperties`                   | string maps, merged on update              |
/// | `originalFilename`                              | the name the content was first given       |
/// | `md5Checksum`, `sha1Checksum`, `sha256Checksum` | hex digests, made when the content is written |
/// | `headRevisionId`                                | the number the current content gets among the store's revisions |
/// | `folderColorRgb`, `writersCanShare`, `copyRequiresWriterPermission` | as set        |
/// | `sharedWith`                                    | the permissions added to the owner's       |
/// | `shortcutDetails`                               | a shortcut's target id and type            |
/// | `comments`                                      | its comments, in v3's Comment shape (`Emulator+DriveComments`) |
struct DriveRecord {
    var id: String
    var name: String
    var mimeType: String
    /// Bytes of content.
    var size: Int
    var modified: Date
    var created: Date
    var trashed: Bool
    /// The store's change number: Drive's `version`.
    var version: Int64
    var extra: [String: JSONValue]

    /// The fields a client may set on create and update that are kept verbatim (anything
    /// else in a body that is not modeled is ignored, as Drive ignores unknown fields).
    static let keptFields: Set<String> = ["description", "starred", "folderColorRgb", "writersCanShare", "copyRequiresWriterPermission"]

    init(_ replica: Replica<DriveFile>) {
        id = replica.item.id
        name = replica.item.name
        mimeType = replica.item.mimeType
        size = replica.item.size
        modified = replica.item.modified
        created = replica.created
        trashed = replica.item.trashed
        version = replica.version
        extra = Dictionary(replica.unmodeled?.objectValue ?? [], uniquingKeysWith: { _, last in last })
    }

    /// A new, empty file (not yet stored).
    init(id: String, name: String, mimeType: String, at instant: Date) {
        self.id = id
        self.name = name
        self.mimeType = mimeType
        size = 0
        modified = instant
        created = instant
        trashed = false
        version = 0
        extra = [:]
    }

    /// The row for the store.
    var file: DriveFile { DriveFile(id: id, name: name, size: size, modified: modified, mimeType: mimeType, trashed: trashed) }

    /// The unmodeled fields with sorted keys, so an unchanged record compares equal and its
    /// write takes no change number.
    var unmodeled: JSONValue { .object(extra.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }) }

    // MARK: Fields

    var isFolder: Bool { mimeType == Drive.folderType }
    /// Google's own types (folders, Docs…) have no bytes of their own in Drive's model.
    var isGoogleType: Bool { mimeType.hasPrefix(Drive.googleTypePrefix) }

    var parents: [String] {
        get { extra["parents"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        set { extra["parents"] = .array(newValue.map(JSONValue.string)) }
    }

    var starred: Bool {
        get { extra["starred"]?.boolValue ?? false }
        set { extra["starred"] = .bool(newValue) }
    }

    var explicitlyTrashed: Bool {
        get { extra["explicitlyTrashed"]?.boolValue ?? false }
        set { extra["explicitlyTrashed"] = newValue ? .bool(true) : nil }
    }

    var description: String? { extra["description"]?.stringValue }

    /// `appDataFolder` for files in the app data folder, else `drive`.
    var space: String { parents.contains(Drive.appDataID) ? "appDataFolder" : "drive" }

    /// The string map under `key` (`properties`, `appProperties`).
    func properties(_ key: String) -> [(String, String)] {
        (extra[key]?.objectValue ?? []).compactMap { name, value in value.stringValue.map { (name, $0) } }
    }

    /// Records new content: its size, checksums and head revision number.
    mutating func noteContent(_ bytes: [UInt8], headRevision: Int) {
        size = bytes.count
        if isGoogleType {
            for key in ["md5Checksum", "sha1Checksum", "sha256Checksum", "headRevisionId"] { extra[key] = nil }
            return
        }
        extra["md5Checksum"] = .string(Digest.hex("MD5", bytes))
        extra["sha1Checksum"] = .string(Digest.hex("SHA1", bytes))
        extra["sha256Checksum"] = .string(Digest.hex("SHA256", bytes))
        extra["headRevisionId"] = .string(String(headRevision))
    }

    // MARK: The File resource

    /// Every field of Drive's File resource the emulator knows, for `fields=*`; the default
    /// selection (`kind,id,name,mimeType`) is applied by the caller. `root` is the emulator's
    /// own `http://host/`, where the links a client follows (`exportLinks`) point, as
    /// Google's point at a host of its own.
    func resource(user: DriveUser, root: String) -> JSONValue {
        var members: [(String, JSONValue)] = [("kind", "drive#file"), ("id", .string(id)), ("name", .string(name)), ("mimeType", .string(mimeType))]
        if let description { members.append(("description", .string(description))) }
        members += [
            ("starred", .bool(starred)), ("trashed", .bool(trashed)), ("explicitlyTrashed", .bool(trashed && explicitlyTrashed)),
        ]
        if !parents.isEmpty { members.append(("parents", .array(parents.map(JSONValue.string)))) }
        for key in ["properties", "appProperties"] where extra[key]?.objectValue?.isEmpty == false {
            members.append((key, extra[key]!))
        }
        members += [
            ("spaces", [.string(space)]), ("version", .string(String(version))),
            ("webViewLink", .string(webViewLink)),
            ("iconLink", .string("https://drive-thirdparty.googleusercontent.com/16/type/" + mimeType)),
            ("hasThumbnail", false), ("thumbnailVersion", "0"), ("viewedByMe", true),
            ("viewedByMeTime", .string(Wire.timestamp(modified))),
            ("createdTime", .string(Wire.timestamp(created))), ("modifiedTime", .string(Wire.timestamp(modified))),
            ("modifiedByMeTime", .string(Wire.timestamp(modified))), ("modifiedByMe", true),
            ("owners", [user.json]), ("lastModifyingUser", user.json), ("shared", .bool(extra["sharedWith"] != nil)), ("ownedByMe", true),
            ("capabilities", capabilities),
            ("viewersCanCopyContent", .bool(!(extra["copyRequiresWriterPermission"]?.boolValue ?? false))),
            ("copyRequiresWriterPermission", extra["copyRequiresWriterPermission"] ?? false),
            ("writersCanShare", extra["writersCanShare"] ?? true),
            ("permissions", .array(permissions(user: user))),
            ("permissionIds", .array(permissions(user: user).compactMap { $0["id"] })),
            ("isAppAuthorized", true), ("inheritedPermissionsDisabled", false),
        ]
        if isFolder, let color = extra["folderColorRgb"] { members.append(("folderColorRgb", color)) }
        if let shortcut = extra["shortcutDetails"] { members.append(("shortcutDetails", shortcut)) }
        if let links = exportLinks(root: root) { members.append(("exportLinks", links)) }
        if !isGoogleType {
            members.append(("webContentLink", .string("https://drive.google.com/uc?id=\(id)&export=download")))
            members.append(("originalFilename", extra["originalFilename"] ?? .string(name)))
            if let (full, last) = DriveRecord.extensions(of: name) {
                members += [("fullFileExtension", .string(full)), ("fileExtension", .string(last))]
            }
            for key in ["md5Checksum", "sha1Checksum", "sha256Checksum", "headRevisionId"] {
                if let value = extra[key] { members.append((key, value)) }
            }
            members.append(("size", .string(String(size))))
        }
        members.append(("quotaBytesUsed", .string(isGoogleType ? "0" : String(size))))
        return .object(members)
    }

    var webViewLink: String {
        switch mimeType {
        case Drive.folderType: return "https://drive.google.com/drive/folders/\(id)"
        case Drive.documentType: return "https://docs.google.com/document/d/\(id)/edit?usp=drivesdk"
        case Drive.spreadsheetType: return "https://docs.google.com/spreadsheets/d/\(id)/edit?usp=drivesdk"
        case Drive.presentationType: return "https://docs.google.com/presentation/d/\(id)/edit?usp=drivesdk"
        default: return "https://drive.google.com/file/d/\(id)/view?usp=drivesdk"
        }
    }

    /// Each export type's link: files.export at the emulator (Google's is its own
    /// docs.google.com download, which takes the same bearer token).
    private func exportLinks(root: String) -> JSONValue? {
        guard let types = Drive.exportTypes[mimeType] else { return nil }
        return .object(types.map { type in
            (type, .string(root + "drive/v3/files/\(id)/export?mimeType=" + Emulator.formEscaped(type)))
        })
    }

    /// What the owner may do, which is nearly everything; folders and files differ in what
    /// applies to them.
    private var capabilities: JSONValue {
        let folder = isFolder
        return .object([
            ("canAcceptOwnership", false), ("canAddChildren", .bool(folder)), ("canAddMyDriveParent", false),
            ("canChangeCopyRequiresWriterPermission", .bool(!folder)), ("canComment", true), ("canCopy", .bool(!folder)),
            ("canDelete", true), ("canDeleteChildren", .bool(folder)), ("canDownload", true), ("canEdit", true),
            ("canListChildren", .bool(folder)), ("canModifyContent", true), ("canModifyLabels", false),
            ("canMoveItemWithinDrive", true), ("canReadLabels", false), ("canReadRevisions", .bool(!folder)),
            ("canRemoveChildren", .bool(folder)), ("canRemoveMyDriveParent", true), ("canRename", true), ("canShare", true),
            ("canTrash", true), ("canTrashChildren", .bool(folder)), ("canUntrash", true),
        ])
    }

    /// `fullFileExtension` and `fileExtension` of a name: the part after the last dot, with
    /// `tar.` kept in front of it (`archive.tar.gz` → `tar.gz`, `gz`); nil without one.
    static func extensions(of name: String) -> (full: String, last: String)? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, let last = parts.last, !last.isEmpty, !last.contains(" ") else { return nil }
        if parts.count >= 3, parts[parts.count - 2].lowercased() == "tar" { return ("tar." + last, String(last)) }
        return (String(last), String(last))
    }

    /// My Drive's root folder or the app data folder, which are not stored.
    static func special(_ id: String) -> DriveRecord? {
        let epoch = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01, any fixed instant
        switch id {
        case Drive.rootID: return DriveRecord(id: id, name: "My Drive", mimeType: Drive.folderType, at: epoch)
        case Drive.appDataID: return DriveRecord(id: id, name: "Application Data", mimeType: Drive.folderType, at: epoch)
        default: return nil
        }
    }
}

/// The store's files as Drive records at one change number, so that listing 10,000 files
/// does not read and parse every row on each request. Every write to a file takes a new
/// change number, so a snapshot whose number is still the store's latest is current; the
/// store is held weakly, so a reset's new store never matches an old snapshot.
struct DriveSnapshot {
    weak var store: LocalStore?
    var version: Int64
    var records: [DriveRecord]
}

/// Content digests through libcrypto (Foundation on Linux has none).
enum Digest {
    /// The lower-case hex digest named `name` (`MD5`, `SHA1`, `SHA256`) of `bytes`.
    static func hex(_ name: String, _ bytes: [UInt8]) -> String {
        var out = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBufferPointer { ccrypto_digest(name, input.baseAddress, input.count, $0.baseAddress) }
        }
        let hexDigits = Array("0123456789abcdef")
        return String(out.prefix(Int(max(0, count))).flatMap { [hexDigits[Int($0 >> 4)], hexDigits[Int($0 & 15)]] })
    }
}
