public import Foundation

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
