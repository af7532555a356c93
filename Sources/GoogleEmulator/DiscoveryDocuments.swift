import ClerkCore
import Foundation
import LoopbackHTTP

/// Google's discovery documents of the three APIs, served as Google's discovery service
/// serves them (`GET /discovery/v1/apis/{api}/{version}/rest`, no token needed), with the
/// emulator's own address as `rootUrl` (and `mtlsRootUrl`, `baseUrl`): a client that builds
/// its requests from a fetched document (google-api-python-client's `discoveryServiceUrl`,
/// aiogoogle's `discover`, Node's `discoverAPI`) then sends every request, uploads and
/// batches too, to the emulator.
///
/// | path                                          | answer                                     |
/// |-----------------------------------------------|--------------------------------------------|
/// | `/discovery/v1/apis/calendar/v3/rest`, `drive/v3`, `drive/v2`, `people/v1` | the document      |
/// | `/$discovery/rest?version=v1`                 | People's (its own host's form)              |
/// | `/discovery/v1/apis[?name=…&preferred=true]`  | the directory of the four (`discovery#directoryList`; Drive v3 preferred) |
/// | another api or version                        | 404 `notFound`                              |
enum DiscoveryDocuments {
    /// The document of `api`/`version` as the emulator at `root` (`http://host:port/`) serves it.
    static func document(_ api: String, _ version: String, root: String) -> [UInt8]? {
        guard let text = packed["\(api)/\(version)"],
              let zipped = Data(base64Encoded: text.filter { !$0.isWhitespace }),
              case .some(.some(let plain)) = HTTPServer.gunzip(Array(zipped), limit: 8 << 20),
              let document = try? JSONValue.parse(bytes: plain), let members = document.objectValue else { return nil }
        let servicePath = document["servicePath"]?.stringValue ?? ""
        let moved: [(String, JSONValue)] = members.map { key, value in
            switch key {
            case "rootUrl", "mtlsRootUrl": return (key, .string(root))
            case "baseUrl": return (key, .string(root + servicePath))
            default: return (key, value)
            }
        }
        return JSONValue.object(moved).serializedBytes()
    }

    static func answer(_ request: HTTPRequest, api: String, version: String) -> HTTPResponse {
        let root = "http://\(request.header("host") ?? "127.0.0.1")/"
        guard let bytes = document(api, version, root: root) else {
            return GoogleError.notFound("Discovery document not found for API service: \(api).\(version)").response
        }
        return PrettyPrint.applied(to: HTTPResponse(status: 200, headers: [("Content-Type", "application/json; charset=UTF-8")], body: bytes),
                                   for: request, api: .people)
    }

    /// The directory list of the four documents, as `GET /discovery/v1/apis` answers it.
    static func directory(_ request: HTTPRequest) -> HTTPResponse {
        let root = "http://\(request.header("host") ?? "127.0.0.1")/"
        let apis = [("calendar", "v3", "Calendar API", "Manipulates events and other calendar data."),
                    ("drive", "v2", "Google Drive API", "The Google Drive API allows clients to access resources from Google Drive."),
                    ("drive", "v3", "Google Drive API", "The Google Drive API allows clients to access resources from Google Drive."),
                    ("people", "v1", "People API", "Provides access to information about profiles and contacts.")]
        let name = request.parameter("name")
        let preferredOnly = request.parameter("preferred") == "true"
        let items: [JSONValue] = apis.filter { (name == nil || $0.0 == name) && (!preferredOnly || $0.0 != "drive" || $0.1 == "v3") }.map { api, version, title, description in
            .object([("kind", "discovery#directoryItem"), ("id", .string("\(api):\(version)")), ("name", .string(api)),
                     ("version", .string(version)), ("title", .string(title)), ("description", .string(description)),
                     ("discoveryRestUrl", .string("\(root)discovery/v1/apis/\(api)/\(version)/rest")), ("preferred", .bool(api != "drive" || version == "v3"))])
        }
        let list: JSONValue = .object([("kind", "discovery#directoryList"), ("discoveryVersion", "v1"), ("items", .array(items))])
        return PrettyPrint.applied(to: .json(200, list.serialized()), for: request, api: .people)
    }
}

extension Emulator {
    static let discoveryRoutes: [Route] = [
        Route("GET", "discovery/v1/apis", scopes: []) { _, call in DiscoveryDocuments.directory(call.request) },
        Route("GET", "discovery/v1/apis/{api}/{version}/rest", scopes: []) { _, call in
            DiscoveryDocuments.answer(call.request, api: call[capture: "api"], version: call[capture: "version"])
        },
        Route("GET", "$discovery/rest", scopes: []) { _, call in
            DiscoveryDocuments.answer(call.request, api: call.parameter("version") == "v1" ? "people" : "", version: call.parameter("version") ?? "")
        },
    ]
}
