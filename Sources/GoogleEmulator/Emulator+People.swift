import ClerkCore
import ClerkLocal
import Foundation

extension Emulator {
    /// People v1 (to be written).
    static let peopleRoutes: [Route] = []
}
