internal import CCurl
import FoundationEssentials
import ClerkCore
import Synchronization

/// One HTTP request as a value.
package struct HTTPCall: Sendable {
    package var method: String
    package var url: String
    package var headers: [(String, String)]
    package var body: [UInt8]?
    /// Safe to send twice. A request that is not (quickAdd, a create without an id) goes on
    /// a new connection: on a reused one libcurl resends a request by itself, once, when the
    /// connection closes without an answer.
    package var isIdempotent: Bool
    /// The most seconds the whole exchange may take, when less than the client's limit.
    package var timeout: Double?

    package init(_ method: String, _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil, isIdempotent: Bool = true) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.isIdempotent = isIdempotent
    }
}

/// What came back.
package struct HTTPAnswer: Sendable {
    package var status: Int
    package var headers: [(String, String)]
    package var body: [UInt8]
    /// Bytes on the wire both ways (headers and body), for the benchmarks.
    package var bytesSent: Int
    package var bytesReceived: Int

    package func header(_ name: String) -> String? {
        let name = name.lowercased()
        return headers.last { $0.0.lowercased() == name }?.1
    }
}

/// Why a request got no answer. HTTP statuses are answers, not transport errors.
package enum TransportError: Error, Equatable, Sendable {
    /// No connection could be made: nothing was sent.
    case unreachable
    /// No answer in time; `mayHaveArrived` when the request was (perhaps) sent.
    case timedOut(mayHaveArrived: Bool)
    /// The connection broke after the request went out: it may have been applied.
    case connectionLost
    /// Ctrl-C stopped it; `mayHaveArrived` as for a timeout.
    case cancelled(mayHaveArrived: Bool)
    /// Anything else libcurl reports (TLS, a bad URL), by its code.
    case failed(code: Int32)
    /// libcurl itself cannot be loaded (clerk opens it on the first request): nothing was sent.
    case libraryMissing
    /// The network answered in Google's place (a captive portal's redirect or sign-in page):
    /// nothing reached Google.
    case intercepted
    /// The answer, once decoded, grew past `HTTPLimits.answerBytes` (a gzip bomb from a
    /// rogue endpoint, or an answer no API of clerk's sends): its reading was stopped there.
    case answerTooLarge(limit: Int)

    /// True when the server may have received and applied the request.
    package var mayHaveArrived: Bool {
        switch self {
        case .unreachable, .failed, .libraryMissing, .intercepted: return false
        // Stopped while the answer came: the request went through.
        case .answerTooLarge: return true
        case .timedOut(let arrived), .cancelled(let arrived): return arrived
        case .connectionLost: return true
        }
    }
}

/// Times a request may take.
///
/// | limit    | seconds | why                                              |
/// |----------|---------|--------------------------------------------------|
/// | connect  | 5       | a loopback or LAN connection takes milliseconds |
/// | total    | 30      | a large upload or a slow page of a full sync     |
///
/// | sync     | 60      | a whole sync before a read, every page of it: a peer answering each page just in time would otherwise hold a command for hours |
/// | firstSync| 600     | the sign-in's full sync, every page of a large account |
///
/// and how large an answer may grow once decoded: 256 MiB, beyond any page of a listing
/// and any text file clerk reads, while a gzip bomb (a few MB inflating to gigabytes) is
/// stopped before it fills the memory.
package struct HTTPLimits: Sendable {
    package var connect: Double = 5
    package var total: Double = 30
    package var sync: Double = 60
    package var firstSync: Double = 600
    package var answerBytes = 256 << 20

    package init(connect: Double = 5, total: Double = 30, sync: Double = 60, firstSync: Double = 600, answerBytes: Int = 256 << 20) {
        self.connect = connect
        self.total = total
        self.sync = sync
        self.firstSync = firstSync
        self.answerBytes = answerBytes
    }
}

/// HTTP over libcurl: one reused handle per host (keep-alive, HTTP/2 where offered), gzip,
/// TLS verification on, proxies from the environment, `User-Agent: clerk/<version>`.
///
/// Used from one thread at a time. `cancelAll()` (safe from a signal handler) makes the
/// transfer in progress, and any started before `resume()`, stop with `.cancelled`.
package final class HTTPClient {
    private var handles: [String: CurlHandle] = [:]
    private let userAgent: String
    package var limits: HTTPLimits
    /// Sees each request and response line (already redacted), for `--verbose`.
    package var log: ((String) -> Void)?

    private static let cancelled = Atomic<Bool>(false)
    private static let waits = Atomic<Int>(0)

    package init(version: String, limits: HTTPLimits = HTTPLimits()) {
        userAgent = "clerk/\(version) (gzip)"
        self.limits = limits
    }

    /// libcurl's global set-up, once per process, before the first handle (not before: a
    /// command that sends nothing never loads libcurl).
    fileprivate static let initializeLibcurl: Void = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    }()

    /// Stops the transfer in progress (async-signal-safe: one atomic store).
    package static func cancelAll() {
        cancelled.store(true, ordering: .relaxed)
    }

    /// Lets transfers run again after a `cancelAll()`.
    package static func resume() {
        cancelled.store(false, ordering: .relaxed)
    }

    package static var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// True while a request (or the sign-in's wait for the browser) is under way: what
    /// Ctrl-C stops then instead of ending the program.
    package static var isWaiting: Bool { waits.load(ordering: .relaxed) > 0 }

    /// Runs `body` as a wait that Ctrl-C cancels.
    package static func waiting<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        waits.add(1, ordering: .relaxed)
        defer { waits.subtract(1, ordering: .relaxed) }
        return try body()
    }

    /// Sends `call` and waits for the whole answer.
    package func send(_ call: HTTPCall) throws(TransportError) -> HTTPAnswer {
        guard !HTTPClient.isCancelled else { throw .cancelled(mayHaveArrived: false) }
        guard ccurl_load_error() == nil else { throw .libraryMissing }
        let handle = self.handle(for: call.url)
        log?("→ \(call.method) \(Redaction.url(call.url))")
        do {
            let answer = try HTTPClient.waiting { () throws(TransportError) in try handle.perform(call, userAgent: userAgent, limits: limits) }
            log?("← \(answer.status) \(Redaction.url(call.url)) (\(answer.body.count) bytes)")
            return answer
        } catch {
            log?("← \(error) \(Redaction.url(call.url))")
            throw error
        }
    }

    private func handle(for url: String) -> CurlHandle {
        let key = HTTPClient.origin(of: url)
        if let handle = handles[key] { return handle }
        let handle = CurlHandle()
        handles[key] = handle
        return handle
    }

    /// `scheme://host:port` of a URL: requests to one origin share a handle and its connections.
    static func origin(of url: String) -> String {
        guard let schemeEnd = url.firstRange(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        let hostEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        return String(url[..<schemeEnd.upperBound]) + rest[..<hostEnd]
    }

    fileprivate static let progress: ccurl_progress_fn = { _, _, _, _, _ in
        cancelled.load(ordering: .relaxed) ? 1 : 0
    }
}

/// The one owner of a libcurl easy handle; frees it in `deinit`.
private final class CurlHandle {
    let handle: UnsafeMutableRawPointer

    init() {
        HTTPClient.initializeLibcurl
        handle = curl_easy_init()
    }

    deinit { curl_easy_cleanup(handle) }

    /// What a transfer collects; its address is handed to libcurl's callbacks.
    final class Sink {
        var body: [UInt8] = []
        var headers: [(String, String)] = []
        /// The most body bytes kept; past it the transfer is stopped (`overflowed`).
        var limit = Int.max
        var overflowed = false
    }

    func perform(_ call: HTTPCall, userAgent: String, limits: HTTPLimits) throws(TransportError) -> HTTPAnswer {
        curl_easy_reset(handle)
        let sink = Sink()
        sink.limit = limits.answerBytes
        let context = Unmanaged.passUnretained(sink).toOpaque()
        ccurl_set_string(handle, CURLOPT_URL, call.url)
        ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        ccurl_set_string(handle, CURLOPT_USERAGENT, userAgent)
        ccurl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl decodes, gzip among them
        ccurl_set_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        ccurl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(limits.connect * 1000))
        ccurl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(min(call.timeout ?? limits.total, limits.total) * 1000))
        ccurl_set_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
        ccurl_set_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        ccurl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        ccurl_set_long(handle, CURLOPT_FRESH_CONNECT, call.isIdempotent ? 0 : 1)
        ccurl_set_long(handle, CURLOPT_NOPROGRESS, 0)
        ccurl_set_progress_function(handle, HTTPClient.progress)
        switch call.method {
        case "GET": ccurl_set_long(handle, CURLOPT_HTTPGET, 1)
        case "HEAD": ccurl_set_long(handle, CURLOPT_NOBODY, 1)
        default: ccurl_set_string(handle, CURLOPT_CUSTOMREQUEST, call.method)
        }
        var list: UnsafeMutablePointer<curl_slist>?
        // No `Expect: 100-continue` wait before a body.
        for (name, value) in call.headers + [("Expect", "")] { list = curl_slist_append(list, "\(name): \(value)") }
        defer { curl_slist_free_all(list) }
        ccurl_set_slist(handle, CURLOPT_HTTPHEADER, list)
        ccurl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        ccurl_set_data_function(handle, CURLOPT_WRITEFUNCTION, CurlHandle.collectBody)
        ccurl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        ccurl_set_data_function(handle, CURLOPT_HEADERFUNCTION, CurlHandle.collectHeader)

        var payload = call.body ?? []
        let code: CURLcode = payload.withUnsafeMutableBytes { buffer in
            if call.body != nil {
                ccurl_set_pointer(handle, CURLOPT_POSTFIELDS, buffer.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 1))
                ccurl_set_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(buffer.count))
            }
            return curl_easy_perform(handle)
        }
        if sink.overflowed { throw .answerTooLarge(limit: limits.answerBytes) }
        guard code == CURLE_OK else { throw classify(code) }
        var status = 0
        ccurl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var sent: curl_off_t = 0, received: curl_off_t = 0, headerBytes = 0, requestBytes = 0
        ccurl_get_off(handle, CURLINFO_SIZE_UPLOAD_T, &sent)
        ccurl_get_off(handle, CURLINFO_SIZE_DOWNLOAD_T, &received)
        ccurl_get_long(handle, CURLINFO_HEADER_SIZE, &headerBytes)
        ccurl_get_long(handle, CURLINFO_REQUEST_SIZE, &requestBytes)
        return HTTPAnswer(status: status, headers: sink.headers, body: sink.body,
                          bytesSent: Int(sent) + requestBytes, bytesReceived: Int(received) + headerBytes)
    }

    /// Whether a failed transfer got as far as sending, so the request may have arrived: a
    /// connection was made, or a kept-alive one was reused and the transfer begun on it
    /// (libcurl gives a reused connection no connect time, so that alone is not enough).
    private var hadConnected: Bool {
        var connected: Double = 0
        var begun: curl_off_t = 0
        var requestBytes = 0
        ccurl_get_double(handle, CURLINFO_CONNECT_TIME, &connected)
        ccurl_get_off(handle, CURLINFO_PRETRANSFER_TIME_T, &begun)
        ccurl_get_long(handle, CURLINFO_REQUEST_SIZE, &requestBytes)
        return connected > 0 || begun > 0 || requestBytes > 0
    }

    private func classify(_ code: CURLcode) -> TransportError {
        switch code {
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .unreachable
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(mayHaveArrived: hadConnected)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return hadConnected ? .connectionLost : .unreachable
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled(mayHaveArrived: hadConnected)
        default:
            return .failed(code: Int32(code.rawValue))
        }
    }

    static let collectBody: ccurl_data_fn = { pointer, size, count, user in
        guard let pointer, let user else { return 0 }
        let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
        let total = size * count
        // Returning less than was handed stops the transfer (CURLE_WRITE_ERROR).
        guard total <= sink.limit - sink.body.count else {
            sink.overflowed = true
            return 0
        }
        pointer.withMemoryRebound(to: UInt8.self, capacity: total) { sink.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: total)) }
        return total
    }

    static let collectHeader: ccurl_data_fn = { pointer, size, count, user in
        guard let pointer, let user else { return 0 }
        let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
        let total = size * count
        let line = String(decoding: UnsafeRawBufferPointer(start: pointer, count: total), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            sink.headers = []  // a new response (after a 100 Continue, say)
        } else if let colon = line.firstIndex(of: ":") {
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            sink.headers.append((String(line[..<colon]), value))
        }
        return total
    }
}

/// What `--verbose` may show of a request: secrets in a URL's query replaced.
package enum Redaction {
    static let secretParameters: Set<String> = ["access_token", "code", "refresh_token", "client_secret", "code_verifier", "token", "key", "state"]

    package static func url(_ url: String) -> String {
        guard let question = url.firstIndex(of: "?") else { return url }
        let query = url[url.index(after: question)...].split(separator: "&").map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return secretParameters.contains(name) ? name + "=REDACTED" : String(pair)
        }
        return String(url[...question]) + query.joined(separator: "&")
    }
}
