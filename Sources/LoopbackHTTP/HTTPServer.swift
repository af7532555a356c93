internal import CMicroHTTPD
internal import CZlib
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on 127.0.0.1, on libmicrohttpd: keep-alive, Content-Length and
/// chunked request bodies, a thread per connection (a slow answer holds up only its own).
/// It hands each whole request to `handler` and gzips the answer when the client asks.
///
/// libmicrohttpd calls the access handler first with the headers, then with slices of the
/// body, then once with no data to answer. Per-request state lives behind `*req_cls`, made
/// by the URI callback (which also sees the raw request target) and freed by the completion
/// callback, which runs for dropped connections too.
package final class HTTPServer: @unchecked Sendable {
    /// The largest request body accepted: beyond it the answer is `tooLarge`, sent as soon as
    /// the headers announce such a body (the handler never sees the request).
    package static let maximumBodySize = 64 << 20

    /// 413 in the error shape of Google's JSON APIs.
    static let tooLarge = HTTPResponse.json(413, #"{"error":{"errors":[{"domain":"global","reason":"requestTooLarge","message":"Request Entity Too Large"}],"code":413,"message":"Request Entity Too Large"}}"#, headers: [("Connection", "close")])

    /// 400 in the same shape, for a `Content-Encoding: gzip` body that does not gunzip.
    static let badGzip = HTTPResponse.json(400, #"{"error":{"errors":[{"domain":"global","reason":"badRequest","message":"The request body is not valid gzip."}],"code":400,"message":"The request body is not valid gzip."}}"#)

    /// The answer to a request whose body's length cannot be told for sure, before the body
    /// is read; nil for the others. Two different `Content-Length`s, or one beside
    /// `Transfer-Encoding`, are read one way by this server and perhaps another by a proxy in
    /// front of it (RFC 9112 §6.3: request smuggling): libmicrohttpd took the first length
    /// and served the rest of the body as a request of its own. A transfer coding other than
    /// `chunked` alone (`gzip, chunked`) left the connection waiting without an answer.
    /// Each is refused, and the connection closed.
    static func framingRefusal(_ headers: [(String, String)]) -> HTTPResponse? {
        func values(_ name: String) -> [String] {
            headers.filter { $0.0.lowercased() == name }.flatMap { $0.1.split(separator: ",", omittingEmptySubsequences: false) }
                .map { trimmingOWS($0).lowercased() }
        }
        let lengths = values("content-length"), codings = values("transfer-encoding")
        if Set(lengths).count > 1 {
            return refusal(400, "badRequest", "Content-Length is given more than once, with different values.")
        }
        if !codings.isEmpty, !lengths.isEmpty {
            return refusal(400, "badRequest", "Content-Length and Transfer-Encoding are both given.")
        }
        if !codings.isEmpty, codings != ["chunked"] {
            return refusal(501, "notImplemented", "Transfer-Encoding takes only chunked.")
        }
        return nil
    }

    private static func refusal(_ status: Int, _ reason: String, _ message: String) -> HTTPResponse {
        .json(status, #"{"error":{"errors":[{"domain":"global","reason":"\#(reason)","message":"\#(message)"}],"code":\#(status),"message":"\#(message)"}}"#,
              headers: [("Connection", "close")])
    }

    package typealias Handler = @Sendable (HTTPRequest) -> HTTPOutcome

    private var daemon: OpaquePointer?
    private let handler: Handler
    /// The port the server listens on (the one picked when 0 was asked).
    package private(set) var port: UInt16 = 0

    package enum StartError: Error, Equatable {
        /// The port is taken, or the address cannot be bound.
        case cannotListen(port: UInt16)
        /// libmicrohttpd cannot be loaded (it is opened when the first server starts).
        case libraryMissing
    }

    package init(port: UInt16, handler: @escaping Handler) throws(StartError) {
        self.handler = handler
        guard cmhd_load_error() == nil else { throw .libraryMissing }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = cmhd_start(&address, accessHandler, completionHandler, uriHandler, context, 120, 1024)
        guard let daemon else { throw .cannotListen(port: port) }
        self.port = cmhd_bound_port(daemon)
    }

    deinit { stop() }

    /// Stops listening and waits for the connection threads to end.
    package func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    fileprivate func answer(_ state: RequestState, connection: OpaquePointer) -> MHD_Result {
        var request = HTTPRequest(method: state.method, target: state.target, headers: state.headers, body: state.body)
        if let refusal = state.refusal { return send(refusal, to: connection, for: request) }
        // Java's Google client gzips every request body it sends (GZipEncoding), and Google
        // reads it: the handler sees the body as it was before.
        if !request.body.isEmpty, let encoding = request.header("content-encoding"), HTTPServer.trimmingOWS(Substring(encoding)).lowercased() == "gzip" {
            switch HTTPServer.gunzip(request.body, limit: HTTPServer.maximumBodySize) {
            case .some(.some(let plain)):
                request = HTTPRequest(method: state.method, target: state.target,
                                      headers: state.headers.filter { !["content-encoding", "content-length"].contains($0.0.lowercased()) }
                                          + [("Content-Length", String(plain.count))],
                                      body: plain)
            case .some(.none): return send(HTTPServer.tooLarge, to: connection, for: request)
            case .none: return send(HTTPServer.badGzip, to: connection, for: request)
            }
        }
        switch handler(request) {
        case .drop:
            cmhd_abort_connection(connection)
            return .NO
        case .respond(let response, let delay):
            if delay > 0 { usleep(useconds_t(min(delay, 600) * 1_000_000)) }
            return send(response, to: connection, for: request)
        }
    }

    private func send(_ response: HTTPResponse, to connection: OpaquePointer, for request: HTTPRequest) -> MHD_Result {
        var body = response.body
        var headers = response.headers
        // (A HEAD keeps its body here: libmicrohttpd sends only the headers, with the
        // Content-Length a GET would have.)
        let noBody = response.status == 204 || response.status == 304
        if noBody { body = [] }
        // A part of a file (206, with Content-Range counting its plain bytes) goes as it is:
        // gzipped, the range would have to count the gzip's bytes instead (RFC 9110 §14.1).
        if !body.isEmpty, response.header("content-encoding") == nil, response.header("content-range") == nil,
           HTTPServer.acceptsGzip(request.header("accept-encoding")),
           let zipped = HTTPServer.gzip(body) {
            body = zipped
            headers.append(("Content-Encoding", "gzip"))
            headers.append(("Vary", "Accept-Encoding"))
        }
        let answer = body.withUnsafeMutableBytes { buffer in
            MHD_create_response_from_buffer(buffer.count, buffer.baseAddress, .RESPMEM_MUST_COPY)
        }
        guard let answer else { return .NO }
        defer { MHD_destroy_response(answer) }
        for (name, value) in headers { _ = MHD_add_response_header(answer, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), answer)
    }

    /// A header's piece without the spaces and tabs HTTP allows around it ("optional white
    /// space", RFC 9110 §5.6.3).
    static func trimmingOWS(_ text: Substring) -> String {
        let isOWS: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(text.drop(while: isOWS).reversed().drop(while: isOWS).reversed())
    }

    /// True when an `Accept-Encoding` header allows gzip (and does not refuse it with q=0).
    package static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.lowercased().split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { Self.trimmingOWS($0) }
            guard parts.first == "gzip" || parts.first == "*" else { return false }
            return !parts.dropFirst().contains { $0.filter { $0 != " " } == "q=0" }
        }
    }

    /// `bytes` gunzipped (gzip or zlib framing): nil when they are not a whole valid stream,
    /// `.some(nil)` when they would be more than `limit` bytes.
    package static func gunzip(_ bytes: [UInt8], limit: Int) -> [UInt8]?? {
        var capacity = min(max(bytes.count * 4, 1 << 16), limit + 1)
        while true {
            var output = [UInt8](repeating: 0, count: capacity)
            var written = 0
            let code = bytes.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { czlib_gunzip(input.baseAddress, input.count, $0.baseAddress, capacity, &written) }
            }
            switch code {
            case 0:
                guard written <= limit else { return .some(nil) }
                output.removeSubrange(written...)
                return .some(output)
            case 1:
                guard capacity <= limit else { return .some(nil) }
                capacity = min(capacity * 2, limit + 1)
            default:
                return nil
            }
        }
    }

    /// `bytes` gzipped, nil when zlib fails.
    static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: czlib_gzip_bound(bytes.count))
        let capacity = output.count
        let written = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { czlib_gzip(input.baseAddress, input.count, $0.baseAddress, capacity) }
        }
        guard written > 0 else { return nil }
        output.removeSubrange(written...)
        return output
    }
}

/// What the server gathers about one request until it is answered.
private final class RequestState {
    let target: String
    var method = ""
    var headers: [(String, String)] = []
    var body: [UInt8] = []
    var started = false
    /// The answer already decided on: the request is not handed on.
    var refusal: HTTPResponse?

    init(target: String) { self.target = target }
}

private let uriHandler: cmhd_uri_fn = { _, uri, _ in
    let target = uri.map { String(cString: $0) } ?? "/"
    return Unmanaged.passRetained(RequestState(target: target)).toOpaque()
}

private let completionHandler: cmhd_completed_fn = { _, _, slot, _ in
    guard let slot, let pointer = slot.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(pointer).release()
    slot.pointee = nil
}

private let headerCollector: cmhd_value_fn = { context, _, key, value in
    guard let context, let key else { return .YES }
    let state = Unmanaged<RequestState>.fromOpaque(context).takeUnretainedValue()
    state.headers.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
    return .YES
}

private let accessHandler: cmhd_handler_fn = { context, connection, _, method, _, data, size, slot in
    guard let context, let connection, let slot, let pointer = slot.pointee, let size else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
    if !state.started {
        state.started = true
        state.method = method.map { String(cString: $0) } ?? "GET"
        _ = cmhd_each_header(connection, headerCollector, pointer)
        if let refusal = HTTPServer.framingRefusal(state.headers) {
            state.refusal = refusal
            return server.answer(state, connection: connection)
        }
        // A body announced as too large is answered at once, unread (and without a
        // `100 Continue`): waiting for gigabytes only to refuse them would look like a hang.
        if let length = state.headers.first(where: { $0.0.lowercased() == "content-length" }).flatMap({ UInt64($0.1) }),
           length > UInt64(HTTPServer.maximumBodySize) {
            state.refusal = HTTPServer.tooLarge
            return server.answer(state, connection: connection)
        }
        return .YES
    }
    if size.pointee > 0 {
        if state.body.count + size.pointee > HTTPServer.maximumBodySize {
            state.refusal = HTTPServer.tooLarge
        } else if let data {
            data.withMemoryRebound(to: UInt8.self, capacity: size.pointee) {
                state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size.pointee))
            }
        }
        size.pointee = 0
        return .YES
    }
    return server.answer(state, connection: connection)
}
