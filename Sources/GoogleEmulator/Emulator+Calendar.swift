import ClerkCore
import ClerkLocal
import Foundation

extension Emulator {
    /// Calendar v3 (to be written).
    static let calendarRoutes: [Route] = []
}
