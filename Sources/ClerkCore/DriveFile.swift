public import FoundationEssentials

/// A text file in the active backend's file space (the local store or Google Drive).
public struct DriveFile: Hashable, Sendable {
    public var id: String
    public var name: String
    /// Size of the content in bytes.
    public var size: Int
    public var modified: Date
    public var mimeType: String
    public var trashed: Bool

    public init(id: String, name: String, size: Int, modified: Date, mimeType: String = "text/plain", trashed: Bool = false) {
        self.id = id
        self.name = name
        self.size = size
        self.modified = modified
        self.mimeType = mimeType
        self.trashed = trashed
    }
}

extension DriveFile {
    /// Whether `name` can name a file in any backend and on any system it may be saved to:
    /// not empty, not only dots ("." and ".." are folders everywhere), no "/" (a path), and
    /// no control character (NUL ends a name in C; the others are never typed in one and
    /// would reach a terminal when the name is shown).
    public static func isAcceptableName(_ name: String) -> Bool {
        !name.isEmpty && !name.allSatisfy { $0 == "." }
            && !name.unicodeScalars.contains { $0 == "/" || $0.properties.generalCategory == .control }
    }

    /// The longest name a file may have, in UTF-8 bytes: what Linux's file systems take
    /// (NAME_MAX), so a file can be saved under its name anywhere (a name of 5,000
    /// characters was taken).
    public static let maximumNameBytes = 255

    /// Why `name` cannot name a file, nil when it can (`isAcceptableName`, `maximumNameBytes`).
    public static func problem(withName name: String) -> InvalidRequest? {
        if !isAcceptableName(name) { return .badFileName(name) }
        if name.utf8.count > maximumNameBytes { return .fileNameTooLong(name, maxBytes: maximumNameBytes) }
        return nil
    }
}

/// An earlier content of a file, kept when it was replaced.
public struct FileRevision: Hashable, Sendable {
    public var id: String
    /// When this content was written (it stopped being current later).
    public var modified: Date
    /// Size of the content in bytes.
    public var size: Int

    public init(id: String, modified: Date, size: Int) {
        self.id = id
        self.modified = modified
        self.size = size
    }
}

/// What `FileService.editFile` did: the file as it is now, with its content before and after
/// (the content before is what an undo puts back).
public struct FileEdit: Hashable, Sendable {
    public var file: DriveFile
    public var previous: String
    public var content: String

    public init(file: DriveFile, previous: String, content: String) {
        self.file = file
        self.previous = previous
        self.content = content
    }
}
