import ClerkCore
import ClerkLocal
import Foundation

extension Emulator {
    /// People v1 (to be written).
    static let peopleRoutes: [Route] = []

    /// Loads a .vcf of a seed folder into the contacts (to be written).
    func seedContacts(path: String) throws {}

    /// Makes `count` contacts for benchmarks (to be written).
    func generateContacts(_ count: Int, random: inout SeededRandom) throws {}
}
