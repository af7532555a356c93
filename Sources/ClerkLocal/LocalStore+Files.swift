public import ClerkCore
import FoundationEssentials

/// Text files with their earlier contents and a trash. Names are unique among the files not
/// in the trash, ignoring case, so "show notes.txt" names one file.
extension LocalStore: FileService {
    public func files(matching text: String?) throws -> [DriveFile] {
        try guarded { try files(trashed: false, matching: text) }
    }

    /// The names alone, read from the index of live names: the content is never read.
    public func fileNames() throws -> [String] {
        try guarded { try database.rows("SELECT name FROM files WHERE trashed IS NULL ORDER BY name COLLATE NOCASE, id") { $0.text(0) } }
    }

    public func trashedFiles(matching text: String?) throws -> [DriveFile] {
        try guarded { try files(trashed: true, matching: text) }
    }

    public func readFile(id: String) throws -> String {
        try guarded {
            guard let content = try database.scalar("SELECT content FROM files WHERE id = ?", [id], { $0.text(0) }) else {
                throw ServiceError.notFound(.file, id: id)
            }
            return content
        }
    }

    @discardableResult
    public func createFile(named name: String, content: String) throws -> DriveFile {
        let name = name.trimmingWhitespace()
        if let problem = DriveFile.problem(withName: name) { throw ServiceError.invalid(problem) }
        return try guarded {
            try database.transaction {
                if try liveFileID(named: name) != nil { throw ServiceError.alreadyExists(.file, name: name) }
                let id = makeID(), stamp = nowSeconds
                try database.run("""
                    INSERT INTO files (id, name, content, mime_type, created, modified) VALUES (?, ?, ?, ?, ?, ?)
                    """, [id, name, content, LocalStore.mimeType(of: name), stamp, stamp])
                return try file(id: id)
            }
        }
    }

    @discardableResult
    public func updateFile(id: String, content: String) throws -> DriveFile {
        try editFile(id: id) { _ in content }.file
    }

    /// Reads the content, runs `edit` and writes its result in one write transaction
    /// (`BEGIN IMMEDIATE`): another process's change waits for this one and then sees it.
    @discardableResult
    public func editFile(id: String, _ edit: (String) throws -> String) throws -> FileEdit {
        try guardedCallingBack {
            try database.transaction {
                let old = try database.scalar("SELECT content, modified FROM files WHERE id = ? AND trashed IS NULL", [id]) {
                    (content: $0.text(0), modified: $0.double(1))
                }
                guard let old else { throw ServiceError.notFound(.file, id: id) }
                let new = try callingBack { try edit(old.content) }
                if new != old.content {
                    try database.run("""
                        INSERT INTO file_revisions (file_id, number, content, modified)
                        VALUES (?, (SELECT coalesce(max(number), 0) + 1 FROM file_revisions WHERE file_id = ?), ?, ?)
                        """, [id, id, old.content, old.modified])
                    try database.run("UPDATE files SET content = ?, modified = ? WHERE id = ?", [new, nowSeconds, id])
                }
                return FileEdit(file: try file(id: id), previous: old.content, content: new)
            }
        }
    }

    public func deleteFilePermanently(id: String) throws {
        try removeFile(id: id)
    }

    /// A new name for a file out of the trash; its content, revisions and type stay.
    @discardableResult
    public func renameFile(id: String, to name: String) throws -> DriveFile {
        let name = name.trimmingWhitespace()
        if let problem = DriveFile.problem(withName: name) { throw ServiceError.invalid(problem) }
        return try guarded {
            try database.transaction {
                guard try database.scalar("SELECT 1 FROM files WHERE id = ? AND trashed IS NULL", [id], { $0.int(0) }) != nil else {
                    throw ServiceError.notFound(.file, id: id)
                }
                if let other = try liveFileID(named: name), other != id { throw ServiceError.alreadyExists(.file, name: name) }
                try database.run("UPDATE files SET name = ? WHERE id = ?", [name, id])
                return try file(id: id)
            }
        }
    }

    public func trashFile(id: String) throws {
        try guarded {
            try database.transaction {
                let changed = try database.run("UPDATE files SET trashed = ? WHERE id = ? AND trashed IS NULL", [nowSeconds, id])
                if changed == 0 { throw ServiceError.notFound(.file, id: id) }
            }
        }
    }

    @discardableResult
    public func restoreFile(id: String) throws -> DriveFile {
        try guarded {
            try database.transaction {
                let name = try database.scalar("SELECT name FROM files WHERE id = ?", [id]) { $0.text(0) }
                guard let name else { throw ServiceError.notFound(.file, id: id) }
                if let other = try liveFileID(named: name), other != id {
                    throw ServiceError.alreadyExists(.file, name: name)
                }
                try database.run("UPDATE files SET trashed = NULL WHERE id = ?", [id])
                return try file(id: id)
            }
        }
    }

    public func revisions(ofFile id: String) throws -> [FileRevision] {
        try guarded {
            _ = try file(id: id)
            return try database.rows("""
                SELECT number, modified, length(CAST(content AS BLOB)) FROM file_revisions WHERE file_id = ? ORDER BY number DESC
                """, [id]) { FileRevision(id: String($0.int(0)), modified: Date(timeIntervalSince1970: $0.double(1)), size: $0.int(2)) }
        }
    }

    public func readRevision(_ revisionID: String, ofFile id: String) throws -> String {
        try guarded {
            let content = try Int(revisionID).flatMap { number in
                try database.scalar("SELECT content FROM file_revisions WHERE file_id = ? AND number = ?", [id, number]) { $0.text(0) }
            }
            guard let content else { throw ServiceError.notFound(.revision, id: revisionID) }
            return content
        }
    }

    // MARK: Helpers

    /// The size is the content's, or, for a replica whose content is not held here (a Google
    /// file not yet read), the size its source gave, kept as `size` in `unmodeled`.
    static let fileColumns = """
        id, name, coalesce(CASE WHEN json_valid(unmodeled) THEN json_extract(unmodeled, '$.size') END, length(CAST(content AS BLOB))), \
        modified, mime_type, trashed IS NOT NULL
        """

    static func driveFile(from row: Row) -> DriveFile {
        DriveFile(id: row.text(0), name: row.text(1), size: row.int(2), modified: Date(timeIntervalSince1970: row.double(3)),
                  mimeType: row.text(4), trashed: row.bool(5))
    }

    func file(id: String) throws -> DriveFile {
        guard let file = try database.scalar("SELECT \(LocalStore.fileColumns) FROM files WHERE id = ?", [id], LocalStore.driveFile) else {
            throw ServiceError.notFound(.file, id: id)
        }
        return file
    }

    private func liveFileID(named name: String) throws -> String? {
        try database.scalar("SELECT id FROM files WHERE name = ? COLLATE NOCASE AND trashed IS NULL", [name]) { $0.text(0) }
    }

    /// Files in or out of the trash by name, two of one name in the order they were made (by
    /// rowid: their ids are random, and an order by id differed from store to store).
    private func files(trashed: Bool, matching text: String?) throws -> [DriveFile] {
        let all = try database.rows("""
            SELECT \(LocalStore.fileColumns) FROM files WHERE (trashed IS NOT NULL) = ? ORDER BY name COLLATE NOCASE, rowid
            """, [trashed], LocalStore.driveFile)
        guard let text, !text.trimmingSpaces().isEmpty else { return all }
        let wanted = Spelling.fold(text.trimmingSpaces())
        return all.filter { Spelling.fold($0.name).contains(wanted) }
    }

    /// The type a file's extension suggests; plain text otherwise.
    ///
    /// | extension        | type            |
    /// |------------------|-----------------|
    /// | .md, .markdown   | text/markdown   |
    /// | .csv             | text/csv        |
    /// | .json            | application/json|
    /// | .html, .htm      | text/html       |
    /// | anything else    | text/plain      |
    package static func mimeType(of name: String) -> String {
        switch name.fileExtension.lowercased() {
        case "md", "markdown": return "text/markdown"
        case "csv": return "text/csv"
        case "json": return "application/json"
        case "html", "htm": return "text/html"
        default: return "text/plain"
        }
    }
}
