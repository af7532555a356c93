import ClerkCore
import Foundation
@testable import GoogleEmulator
import Testing

/// The audit of google-emulator(1)'s WHAT IT SERVES, kept true: every method of the four
/// discovery documents has a route (served, or refused by name), and the counts the man page
/// gives ("32 of 38 served") are the routes' own.
@Suite struct DiscoveryAuditTests {
    struct Method {
        var id: String
        var httpMethod: String
        var segments: [String]
    }

    /// Every method of a document, its path under the document's servicePath with each
    /// parameter filled in.
    static func methods(_ api: String, _ version: String) throws -> [Method] {
        let bytes = try #require(DiscoveryDocuments.document(api, version, root: "http://127.0.0.1/"))
        let document = try JSONValue.parse(bytes: bytes)
        let servicePath = document["servicePath"]?.stringValue ?? ""
        var found: [Method] = []
        func walk(_ resources: JSONValue?, depth: Int) {
            guard depth < 8, let resources = resources?.objectValue else { return }
            for (_, resource) in resources {
                for (_, method) in resource["methods"]?.objectValue ?? [] {
                    guard let id = method["id"]?.stringValue, let verb = method["httpMethod"]?.stringValue,
                          let path = method["flatPath"]?.stringValue ?? method["path"]?.stringValue else { continue }
                    let filled = (servicePath + path).replacingOccurrences(of: #"\{\+?[A-Za-z]+\}"#, with: "x1", options: .regularExpression)
                    found.append(Method(id: id, httpMethod: verb, segments: filled.split(separator: "/").map(String.init)))
                }
                walk(resource["resources"], depth: depth + 1)
            }
        }
        walk(document["resources"], depth: 0)
        return found
    }

    /// The route that takes a method's request, as `Emulator.route` picks it.
    static func route(_ method: Method) -> Route? {
        Emulator.routes.first { $0.method == method.httpMethod && $0.match(method.segments) != nil }
    }

    @Test(arguments: [("calendar", "v3", "Calendar", 38), ("drive", "v3", "Drive", 64), ("drive", "v2", "Drive v2", 75), ("people", "v1", "People", 24)])
    func everyMethodHasARouteAndTheManPageCountsAreTrue(api: String, version: String, title: String, total: Int) throws {
        let methods = try Self.methods(api, version)
        #expect(methods.count == total)
        let unrouted = methods.filter { Self.route($0) == nil }.map(\.id)
        #expect(unrouted == [], "\(api) \(version)")
        // People's directory methods have routes of their own that refuse them (400
        // FAILED_PRECONDITION, an account outside Workspace): refused, not served.
        let served = methods.filter { Self.route($0)?.isServed == true && !$0.id.hasSuffix("DirectoryPeople") }.count
        let page = try String(contentsOfFile: #filePath.components(separatedBy: "/Tests/")[0] + "/google-emulator.1", encoding: .utf8)
        #expect(page.contains("\\fB\(title)\\fR (\(served) of \(total) served)"), "\(title): \(served) of \(total) served")
    }
}
