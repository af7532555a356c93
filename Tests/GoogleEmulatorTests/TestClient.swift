import CCurl
import ClerkCore
import Foundation
@testable import GoogleEmulator
@testable import LoopbackHTTP

/// An emulator on a free loopback port for one test, and a libcurl client that talks to it
/// over real HTTP (one handle, so requests reuse the connection like a real client's).
final class EmulatorHarness {
    let emulator: Emulator
    let server: HTTPServer
    let client = TestClient()
    var base: String { "http://127.0.0.1:\(server.port)" }
    /// Whether `send` asks the APIs for compact JSON (`prettyPrint=false`, as Go's client
    /// always does), so tests can compare answers as text; Google's default is indented.
    var compact = true

    init(tokenLifetime: TimeInterval = 3599, now: NowProvider = .system, timeZone: String = "Europe/Madrid") throws {
        emulator = try Emulator(configuration: Emulator.Configuration(tokenLifetime: tokenLifetime, timeZone: Zone(identifier: timeZone)!, now: now))
        let emulator = self.emulator
        server = try HTTPServer(port: 0) { emulator.handle($0) }
    }

    deinit {
        server.stop()
        emulator.close()
    }

    /// A request to `path` (with its query) on the emulator.
    @discardableResult
    func send(_ method: String, _ path: String, json: JSONValue? = nil, body: [UInt8]? = nil, headers: [String] = [],
              token: String? = nil) -> TestResponse {
        var all = headers
        if let token { all.append("Authorization: Bearer \(token)") }
        var bytes = body
        if let json {
            bytes = Array(json.serialized().utf8)
            all.append("Content-Type: application/json")
        }
        var target = path
        if compact, !path.hasPrefix("/_emulator"), !path.contains("prettyPrint=") {
            target += (path.contains("?") ? "&" : "?") + "prettyPrint=false"
        }
        return client.send(method, base + target, headers: all, body: bytes)
    }

    /// An access token with every scope, minted through the control path.
    func token(scopes: [String]? = nil) -> String {
        let body: JSONValue = scopes.map { ["scopes": .array($0.map(JSONValue.string))] } ?? [:]
        return send("POST", "/_emulator/token", json: body).json["access_token"]?.stringValue ?? ""
    }

    /// Arms a fault.
    func arm(_ fault: JSONValue) {
        send("POST", "/_emulator/faults", json: fault)
    }
}

/// An answer as the test reads it.
struct TestResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]
    /// The libcurl result (CURLE_OK, or why the transfer failed).
    var curlCode: CURLcode

    var text: String { String(decoding: body, as: UTF8.self) }
    var json: JSONValue { (try? JSONValue.parse(bytes: body)) ?? .null }

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    /// Google's error reason: `errors[0].reason`, else the ErrorInfo's.
    var reason: String? {
        json["error"]?["errors"]?.arrayValue?.first?["reason"]?.stringValue
            ?? json["error"]?["details"]?.arrayValue?.first?["reason"]?.stringValue
    }
}

/// A minimal blocking libcurl client for tests.
final class TestClient {
    private let handle: UnsafeMutableRawPointer
    /// Whether to ask for gzip (libcurl then decodes it).
    var acceptGzip = false
    /// Seconds before libcurl gives up on a transfer (0: never).
    var timeout = 0
    /// Sends the next requests on a new connection each (libcurl otherwise resends a request
    /// once, silently, when a reused connection closes without an answer).
    var freshConnection = false

    init() {
        handle = curl_easy_init()
    }

    deinit { curl_easy_cleanup(handle) }

    private final class Sink {
        var body: [UInt8] = []
        var headers: [(String, String)] = []
    }

    func send(_ method: String, _ url: String, headers: [String] = [], body: [UInt8]? = nil) -> TestResponse {
        curl_easy_reset(handle)
        let sink = Sink()
        let context = Unmanaged.passUnretained(sink).toOpaque()
        ccurl_set_string(handle, CURLOPT_URL, url)
        ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        ccurl_set_long(handle, CURLOPT_TIMEOUT, timeout)
        ccurl_set_string(handle, CURLOPT_CUSTOMREQUEST, method)
        if method == "HEAD" { ccurl_set_long(handle, CURLOPT_NOBODY, 1) }
        if acceptGzip { ccurl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "gzip") }
        if freshConnection { ccurl_set_long(handle, CURLOPT_FRESH_CONNECT, 1) }
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers + (body == nil ? [] : ["Expect:"]) { list = curl_slist_append(list, header) }
        defer { curl_slist_free_all(list) }
        ccurl_set_slist(handle, CURLOPT_HTTPHEADER, list)
        ccurl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        ccurl_set_data_function(handle, CURLOPT_WRITEFUNCTION) { pointer, size, count, user in
            let sink = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
            let total = size * count
            pointer!.withMemoryRebound(to: UInt8.self, capacity: total) { sink.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: total)) }
            return total
        }
        ccurl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        ccurl_set_data_function(handle, CURLOPT_HEADERFUNCTION) { pointer, size, count, user in
            let sink = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
            let total = size * count
            let line = String(decoding: UnsafeRawBufferPointer(start: pointer, count: total), as: UTF8.self)
            if let colon = line.firstIndex(of: ":") {
                sink.headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)))
            } else if line.hasPrefix("HTTP/") {
                sink.headers = []
            }
            return total
        }
        var payload = body ?? []
        let code: CURLcode = payload.withUnsafeMutableBytes { buffer in
            if body != nil {
                ccurl_set_pointer(handle, CURLOPT_POSTFIELDS, buffer.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 1))
                ccurl_set_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(buffer.count))
            }
            return curl_easy_perform(handle)
        }
        var status = 0
        ccurl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return TestResponse(status: status, headers: sink.headers, body: sink.body, curlCode: code)
    }
}
