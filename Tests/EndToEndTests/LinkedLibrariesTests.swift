import Foundation
import Testing

/// clerk links FoundationEssentials, not Foundation: loading Foundation and ICU cost a
/// one-shot command a third of its start (BENCHMARKS.md, "FoundationEssentials"). The
/// libraries a program needs are named in its dynamic string table, so the binary must not
/// name libFoundation.so (nor FoundationInternationalization, which brings ICU).
@Suite struct LinkedLibrariesTests {
    @Test func clerkNeedsFoundationEssentialsOnly() throws {
        let binary = try Data(contentsOf: URL(fileURLWithPath: ClerkBinary.path))
        func names(_ library: String) -> Bool { binary.range(of: Data((library + "\0").utf8)) != nil }
        #expect(names("libFoundationEssentials.so"))
        #expect(!names("libFoundation.so"))
        #expect(!names("libFoundationInternationalization.so"))
        #expect(!names("lib_FoundationICU.so"))
    }
}
