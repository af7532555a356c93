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

    /// Loads one file of a seed folder into Drive as a text file (to be written).
    func seedFile(path: String, name: String) throws {}

    /// Makes `count` small text files for benchmarks (to be written).
    func generateFiles(_ count: Int, random: inout SeededRandom) throws {}
}
