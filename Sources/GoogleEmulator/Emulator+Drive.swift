import ClerkCore
import ClerkLocal
import Foundation

/// A resumable upload session (`uploadType=resumable`): the metadata it was started with and
/// the bytes received so far.
struct ResumableUpload {
    var fileID: String?
    var metadata: JSONValue
    var mimeType: String?
    var expectedLength: Int?
    var received: [UInt8] = []
}

extension Emulator {
    /// Drive v3 (to be written).
    static let driveRoutes: [Route] = []
}
