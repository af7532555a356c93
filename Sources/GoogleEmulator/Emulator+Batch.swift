import ClerkCore
import Foundation
import LoopbackHTTP

/// Google's batch endpoints: a `multipart/mixed` body of `application/http` parts, each one
/// request; the answer is a `multipart/mixed` body of their answers in the same order, each
/// with `Content-ID: <response-…>` for the part's own id.
///
/// Batches are homogeneous, as Google has served them since it turned the global batch
/// endpoint off (12 August 2020): each API's endpoint (its discovery document's
/// `batchPath`) runs only that API's requests, and a part addressed to another API is
/// answered 404, in the endpoint API's error shape, beside the other parts' answers.
///
/// | path                  | serves                                                            |
/// |-----------------------|-------------------------------------------------------------------|
/// | `/batch/calendar/v3`  | Calendar's requests                                               |
/// | `/batch/drive/v3`, `/batch/drive/v2` | Drive's requests (v2's batchPath for v2's)         |
/// | `/batch`              | People's (its `batchPath` on people.googleapis.com; Google's old global `/batch` on www.googleapis.com is gone) |
/// | `/batch/…` otherwise  | 404                                                               |
extension Emulator {
    static let batchLimit = 1000

    /// The API whose batch endpoint `segments` names; nil for a path that is none.
    static func batchEndpoint(_ segments: [String]) -> API? {
        switch segments {
        case ["batch"]: return .people
        case ["batch", "calendar", "v3"]: return .calendar
        case ["batch", "drive", "v3"], ["batch", "drive", "v2"]: return .drive
        default: return nil
        }
    }

    func batch(_ request: HTTPRequest) -> HTTPResponse {
        guard let endpoint = Emulator.batchEndpoint(request.segments) else {
            return Emulator.unknownPath(request, api: API.of(request.segments))
        }
        let parts: [MultipartBody.Part]
        do {
            parts = try MultipartBody(body: request.body, contentType: request.header("content-type") ?? "").parts
        } catch {
            return GoogleError.badRequest("Invalid multipart request: expected multipart/mixed parts of application/http.").shaped(like: endpoint.errorShape(for: request)).response
        }
        guard parts.count <= Emulator.batchLimit else {
            return GoogleError.badRequest("A batch may hold at most \(Emulator.batchLimit) requests.").shaped(like: endpoint.errorShape(for: request)).response
        }
        // Each part's Content-ID names its answer: two parts with the same one (or both
        // without) refuse the whole batch, as Google has since 2021.
        var seen = Set<String>()
        for part in parts {
            let id = part.header("content-id") ?? ""
            guard seen.insert(id).inserted else {
                return GoogleError.badRequest("Duplicate Request ID in Batch Request: \(id)").shaped(like: endpoint.errorShape(for: request)).response
            }
        }
        let boundary = "batch_" + Wire.random(20, from: Wire.alphanumeric)
        var body: [UInt8] = []
        for part in parts {
            let answer: HTTPResponse
            if var inner = Emulator.innerRequest(part.body) {
                // A part without credentials of its own uses the batch's.
                if inner.header("authorization") == nil, let outer = request.header("authorization") {
                    inner.headers.append(("authorization", outer))
                }
                let api = API.of(inner.segments)
                // Another API's request is a path this API's server does not have.
                let response = api == endpoint ? route(inner, api: api) : Emulator.unknownPath(inner, api: endpoint)
                answer = PrettyPrint.applied(to: response, for: inner, api: endpoint)
            } else {
                answer = GoogleError.badRequest("Invalid batch part.").shaped(like: endpoint.errorShape(for: request)).response
            }
            let id = part.header("content-id").map { "<response-" + $0.trimmingCharacters(in: CharacterSet(charactersIn: "<>")) + ">" }
            var head = "--\(boundary)\r\nContent-Type: application/http\r\n"
            if let id { head += "Content-ID: \(id)\r\n" }
            head += "\r\nHTTP/1.1 \(answer.status) \(Emulator.reasonPhrase(answer.status))\r\n"
            for (name, value) in answer.headers { head += "\(name): \(value)\r\n" }
            head += "Content-Length: \(answer.body.count)\r\n\r\n"
            body += Array(head.utf8) + answer.body + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return HTTPResponse(status: 200, headers: [("Content-Type", "multipart/mixed; boundary=\(boundary)")], body: body)
    }

    /// One part's HTTP request: `METHOD /path?query HTTP/1.1`, headers, an empty line, the
    /// body (a full URL is read for its path).
    static func innerRequest(_ bytes: [UInt8]) -> HTTPRequest? {
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var lines: [String] = []
        var at = 0
        while at < bytes.count {
            guard let end = bytes[at...].firstIndex(of: lf) else {
                lines.append(String(decoding: bytes[at...], as: UTF8.self))
                at = bytes.count
                break
            }
            var line = bytes[at..<end]
            if line.last == cr { line = line.dropLast() }
            at = end + 1
            if line.isEmpty {
                if lines.isEmpty { continue }  // blank lines before the request line
                break
            }
            lines.append(String(decoding: line, as: UTF8.self))
        }
        guard let first = lines.first else { return nil }
        let words = first.split(separator: " ")
        guard words.count >= 2 else { return nil }
        var target = String(words[1])
        if let scheme = target.range(of: "://"), let slash = target[scheme.upperBound...].firstIndex(of: "/") {
            target = String(target[slash...])
        }
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].trimmingCharacters(in: .whitespaces), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let raw = Array(bytes[min(at, bytes.count)...])
        var body = raw
        while let last = body.last, last == lf || last == cr { body.removeLast() }
        // A part's own gzipped body (Java's client gzips each request it queues) is read plain
        // (whole, or without the line breaks after it, whichever is the gzip: its last bytes
        // may be a CR or LF themselves).
        if !body.isEmpty, headers.contains(where: { $0.0.lowercased() == "content-encoding" && $0.1.lowercased() == "gzip" }) {
            let unzipped = [raw, body].lazy.compactMap { HTTPServer.gunzip($0, limit: HTTPServer.maximumBodySize) ?? nil }.first
            guard let plain = unzipped else { return nil }
            return HTTPRequest(method: String(words[0]), target: target,
                               headers: headers.filter { !["content-encoding", "content-length"].contains($0.0.lowercased()) }, body: plain)
        }
        return HTTPRequest(method: String(words[0]), target: target, headers: headers, body: body)
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 409: return "Conflict"
        case 410: return "Gone"
        case 405: return "Method Not Allowed"
        case 412: return "Precondition Failed"
        case 413: return "Request Entity Too Large"
        case 429: return "Too Many Requests"
        case 499: return "Client Closed Request"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        default: return "Status \(status)"
        }
    }
}
