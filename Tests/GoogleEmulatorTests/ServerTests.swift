import CCurl
import ClerkCore
import Foundation
@testable import GoogleEmulator
@testable import LoopbackHTTP
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP layer and the fault injection, over real connections.
@Suite struct ServerTests {
    static let events = "/calendar/v3/calendars/primary/events"

    static func event(_ id: String) -> JSONValue {
        CalendarTests.event(id, "Fault test")
    }

    static func count(_ harness: EmulatorHarness, token: String) -> Int {
        harness.send("GET", events, token: token).json["items"]?.arrayValue?.count ?? -1
    }

    @Test func gzipsWhenAskedAndOnlyThen() throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        let plain = harness.send("GET", "/calendar/v3/colors", token: token)
        #expect(plain.header("Content-Encoding") == nil)
        harness.client.acceptGzip = true
        let zipped = harness.send("GET", "/calendar/v3/colors", token: token)
        #expect(zipped.header("Content-Encoding") == "gzip")
        #expect(zipped.body == plain.body)  // libcurl decoded it
        #expect(HTTPServer.acceptsGzip("deflate, gzip;q=0") == false)
        // A range of a file is sent plain: its Content-Range counts the file's own bytes.
        let content = String(repeating: "range me ", count: 200)
        let file = harness.send("POST", "/upload/drive/v3/files?uploadType=media", body: Array(content.utf8), headers: ["Content-Type: text/plain"],
                                token: token).json["id"]?.stringValue ?? ""
        let part = harness.send("GET", "/drive/v3/files/\(file)?alt=media", headers: ["Range: bytes=9-17"], token: token)
        #expect(part.status == 206)
        #expect(part.header("Content-Encoding") == nil)
        #expect(part.header("Content-Range") == "bytes 9-17/1800")
        #expect(part.text == "range me ")
        #expect(harness.send("GET", "/drive/v3/files/\(file)?alt=media", token: token).header("Content-Encoding") == "gzip")
        #expect(HTTPServer.acceptsGzip("gzip, deflate") == true)
    }

    /// A page in a browser calls Google's APIs across origins: the emulator answered the
    /// preflight with 405 and its answers had no Access-Control headers.
    @Test func answersBrowsersAcrossOrigins() throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        let preflight = harness.send("OPTIONS", Self.events, headers: [
            "Origin: http://localhost:3000", "Access-Control-Request-Method: POST", "Access-Control-Request-Headers: authorization,content-type",
        ])
        #expect(preflight.status == 200)
        #expect(preflight.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        #expect(preflight.header("Access-Control-Allow-Methods") == "DELETE,GET,HEAD,PATCH,POST,PUT")
        #expect(preflight.header("Access-Control-Allow-Headers") == "authorization,content-type")
        let listed = harness.send("GET", Self.events, headers: ["Origin: http://localhost:3000"], token: token)
        #expect(listed.status == 200)
        #expect(listed.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        #expect(listed.header("Access-Control-Expose-Headers")?.contains("WWW-Authenticate") == true)
        let refused = harness.send("GET", Self.events, headers: ["Origin: http://localhost:3000"])
        #expect(refused.status == 401)
        #expect(refused.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        #expect(harness.send("GET", Self.events, token: token).header("Access-Control-Allow-Origin") == nil)
        #expect(harness.send("OPTIONS", Self.events).status == 405)
    }

    @Test func readsChunkedBodiesAndMethodOverrides() throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        let chunked = harness.client.send("POST", harness.base + Self.events,
                                          headers: ["Authorization: Bearer \(token)", "Content-Type: application/json", "Transfer-Encoding: chunked"],
                                          body: Array(Self.event("chunk0001").serialized().utf8))
        #expect(chunked.status == 200)
        #expect(chunked.json["id"] == "chunk0001")
        // A long GET sent as a POST that says it is a GET, its query in a form body.
        let overridden = harness.send("POST", Self.events, body: Array("q=Fault&maxResults=1".utf8),
                                      headers: ["X-HTTP-Method-Override: GET", "Content-Type: application/x-www-form-urlencoded"], token: token)
        #expect(overridden.status == 200)
        #expect(overridden.json["items"]?.arrayValue?.count == 1)
    }

    /// Java's Google client gzips each request body it sends (`Content-Encoding: gzip`), as
    /// Google reads them: the emulator read the compressed bytes as JSON (400 parseError).
    @Test func readsAGzippedRequestBodyAndRefusesOneThatIsNotGzip() throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        let plain = Array(Self.event("c0ffee001").serialized().utf8)
        let zipped = try #require(HTTPServer.gzip(plain))
        let made = harness.send("POST", Self.events, body: zipped,
                                headers: ["Content-Type: application/json; charset=UTF-8", "Content-Encoding: gzip"], token: token)
        #expect(made.status == 200)
        #expect(made.json["id"] == "c0ffee001")
        #expect(HTTPServer.gunzip(zipped, limit: plain.count) == .some(plain))
        #expect(HTTPServer.gunzip(zipped, limit: plain.count - 1) == .some(nil))
        let broken = harness.send("POST", Self.events, body: Array(zipped.dropLast(9)),
                                  headers: ["Content-Type: application/json", "Content-Encoding: gzip"], token: token)
        #expect(broken.status == 400)
        #expect(broken.reason == "badRequest")
        #expect(Self.count(harness, token: token) == 1)

        // A batch part gzipped on its own, as Java's client queues them.
        let part = try #require(HTTPServer.gzip(Array(Self.event("c0ffee002").serialized().utf8)))
        let batch = Array("--b\r\nContent-Type: application/http\r\n\r\nPOST \(Self.events) HTTP/1.1\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n\r\n".utf8)
            + part + Array("\r\n--b--\r\n".utf8)
        let answer = harness.send("POST", "/batch/calendar/v3", body: batch, headers: ["Content-Type: multipart/mixed; boundary=b"], token: token)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("HTTP/1.1 200 OK"))
        #expect(Self.count(harness, token: token) == 2)
    }

    @Test func keepsTheConnectionAliveAndServesManyAtOnce() throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        for _ in 0..<5 { harness.send("GET", "/calendar/v3/colors", token: token) }
        // Twenty clients at once, each on its own connection.
        let base = harness.base
        let statuses = LockedList()
        DispatchQueue.concurrentPerform(iterations: 20) { number in
            let client = TestClient()
            let answer = client.send("POST", base + Self.events, headers: ["Authorization: Bearer \(token)", "Content-Type: application/json"],
                                     body: Array(Self.event(String(format: "conc%05d", number)).serialized().utf8))
            statuses.append(answer.status)
        }
        #expect(statuses.items == Array(repeating: 200, count: 20))
        #expect(Self.count(harness, token: token) == 20)
    }

    @Test func aStatusFaultFailsTheNextRequestsWithoutApplyingThem() throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        harness.arm(["method": "POST", "path": .string(Self.events), "count": 2, "mode": "status", "status": 503])
        let first = harness.send("POST", Self.events, json: Self.event("fault0001"), token: token)
        #expect(first.status == 503)
        #expect(first.reason == "backendError")
        #expect(harness.send("POST", Self.events, json: Self.event("fault0001"), token: token).status == 503)
        #expect(harness.send("POST", Self.events, json: Self.event("fault0001"), token: token).status == 200)
        #expect(Self.count(harness, token: token) == 1)

        harness.arm(["path": "/calendar/v3", "mode": "status", "status": 429, "retryAfter": 7])
        let limited = harness.send("GET", Self.events, token: token)
        #expect(limited.status == 429)
        #expect(limited.header("Retry-After") == "7")
        #expect(limited.reason == "rateLimitExceeded")
        harness.arm(["path": "/calendar/v3", "status": 403, "reason": "rateLimitExceeded"])
        #expect(harness.send("GET", Self.events, token: token).reason == "rateLimitExceeded")
        // The People API answers in its own shape.
        harness.arm(["path": "/v1/", "status": 500])
        let people = harness.send("GET", "/v1/people/me/connections?personFields=names", token: token)
        #expect(people.json["error"]?["status"] == "INTERNAL")
    }

    /// A request whose body's length can be read two ways: two different Content-Lengths
    /// (libmicrohttpd took the first, and served the rest of the body as a second request on
    /// the connection, which a proxy in front, reading the last, would not have seen: request
    /// smuggling), Content-Length beside chunked (served chunked, the connection kept open),
    /// a coding other than chunked (no answer at all, the connection held until its timeout).
    /// Each is refused before its body is read, and the connection closed; nothing is done.
    @Test func refusesABodyWhoseLengthCanBeReadTwoWays() throws {
        let harness = try EmulatorHarness()
        let smuggled = "GET /_emulator/faults HTTP/1.1\r\nHost: x\r\n\r\n"
        let cases: [(String, String)] = [
            ("Content-Length: 2\r\nContent-Length: \(2 + smuggled.utf8.count)\r\n\r\n{}" + smuggled, "HTTP/1.1 400 Bad Request"),
            ("Content-Length: 40\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + smuggled, "HTTP/1.1 400 Bad Request"),
            ("Transfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", "HTTP/1.1 501 Not Implemented"),
        ]
        for (framing, status) in cases {
            let answer = Self.exchange(port: harness.server.port, "POST /_emulator/faults HTTP/1.1\r\nHost: x\r\n" + framing)
            #expect(answer.hasPrefix(status + "\r\n"), "\(framing)")
            #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer, then the connection closed: \(answer)")
        }
        #expect(harness.send("GET", "/_emulator/faults").json["faults"]?.arrayValue == [])
        // The same length twice, or each framing alone, is read as before.
        for framing in ["Content-Length: 2\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
                        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n"] {
            let answer = Self.exchange(port: harness.server.port, "POST /_emulator/faults HTTP/1.1\r\nHost: x\r\n" + framing)
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(framing)")
        }
        #expect(harness.send("GET", "/_emulator/faults").json["faults"]?.arrayValue?.count == 2)
    }

    /// `request` sent as raw bytes on a new connection; what came back before the server
    /// closed it (or 3 s passed).
    static func exchange(port: UInt16, _ request: String) -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var limit = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return "" }
        let bytes = Array(request.utf8)
        guard send(socket, bytes, bytes.count, 0) == bytes.count else { return "" }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    @Test func droppedAfterApplyLeavesTheClientWithNoAnswerButTheChangeMade() throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        harness.arm(["method": "POST", "path": .string(Self.events), "mode": "drop-after-apply"])
        harness.client.freshConnection = true
        let dropped = harness.send("POST", Self.events, json: Self.event("drop00002"), token: token)
        #expect(dropped.curlCode == CURLE_GOT_NOTHING)
        harness.client.freshConnection = false
        #expect(harness.send("GET", Self.events + "/drop00002", token: token).json["status"] == "confirmed")
        #expect(harness.send("POST", Self.events, json: Self.event("drop00002"), token: token).status == 409)

        // On a reused connection libcurl sends the request again by itself: the client sees
        // only the answer to the second one.
        harness.arm(["method": "POST", "path": .string(Self.events), "mode": "drop-after-apply"])
        let resent = harness.send("POST", Self.events, json: Self.event("drop00003"), token: token)
        #expect(resent.curlCode == CURLE_OK)
        #expect(resent.status == 409)
    }

    @Test func aDelayedOrMalformedAnswerComesAfterTheChange() throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        harness.arm(["method": "POST", "path": .string(Self.events), "mode": "delay", "delayMs": 1500])
        harness.client.timeout = 1
        let late = harness.send("POST", Self.events, json: Self.event("late00001"), token: token)
        #expect(late.curlCode == CURLE_OPERATION_TIMEDOUT)
        harness.client.timeout = 0
        #expect(harness.send("GET", Self.events + "/late00001", token: token).status == 200)

        harness.arm(["method": "GET", "path": .string(Self.events), "mode": "malformed"])
        let cut = harness.send("GET", Self.events, token: token)
        #expect(cut.status == 200)
        #expect((try? JSONValue.parse(bytes: cut.body)) == nil)
        let armed = harness.send("GET", "/_emulator/faults").json["faults"]
        #expect(armed == [])
    }

    @Test func aBatchAnswersEachPartInOrderWithItsContentID() throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        let insert = CalendarTests.event("batch0001", "Batched").serialized()
        let body = """
            --xyz\r
            Content-Type: application/http\r
            Content-ID: <item1>\r
            \r
            POST /calendar/v3/calendars/primary/events?alt=json HTTP/1.1\r
            Content-Type: application/json\r
            \r
            \(insert)\r
            --xyz\r
            Content-Type: application/http\r
            Content-ID: <item2>\r
            \r
            GET https://www.googleapis.com/calendar/v3/calendars/primary/events/nosuchevent HTTP/1.1\r
            \r
            \r
            --xyz--\r

            """
        let answer = harness.send("POST", "/batch/calendar/v3", body: Array(body.utf8), headers: ["Content-Type: multipart/mixed; boundary=xyz"], token: token)
        #expect(answer.status == 200)
        let parts = try MultipartBody(body: answer.body, contentType: answer.header("Content-Type") ?? "").parts
        #expect(parts.map { $0.header("content-id") } == ["<response-item1>", "<response-item2>"])
        let first = String(decoding: parts[0].body, as: UTF8.self)
        #expect(first.hasPrefix("HTTP/1.1 200 OK\r\n"))
        // Each part answers as its own prettyPrint says (the default: indented).
        #expect(first.contains("\n \"id\": \"batch0001\",\n"))
        #expect(String(decoding: parts[1].body, as: UTF8.self).hasPrefix("HTTP/1.1 404 Not Found\r\n"))
        #expect(harness.send("GET", Self.events + "/batch0001", token: token).json["summary"] == "Batched")
        // Without credentials a part is refused like any request.
        let anonymous = harness.send("POST", "/batch/calendar/v3", body: Array(body.utf8), headers: ["Content-Type: multipart/mixed; boundary=xyz"])
        let refused = try MultipartBody(body: anonymous.body, contentType: anonymous.header("Content-Type") ?? "").parts
        #expect(String(decoding: refused[0].body, as: UTF8.self).hasPrefix("HTTP/1.1 401 Unauthorized\r\n"))
    }

    @Test func resetForgetsDataAndFaultsButNotTheSignIn() throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        harness.send("POST", Self.events, json: Self.event("reset0001"), token: token)
        harness.arm(["path": "/drive", "status": 500, "count": 9])
        harness.send("POST", "/_emulator/reset")
        #expect(Self.count(harness, token: token) == 0)
        #expect(harness.send("GET", "/_emulator/faults").json["faults"] == [])
        #expect(harness.send("GET", "/_emulator/requests").json["requests"]?.arrayValue?.count == 1)
    }
}

/// A list several threads append to.
final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []

    func append(_ value: Int) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }

    var items: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
