import ClerkCore
import Foundation
import LoopbackHTTP

/// A resumable upload session (`uploadType=resumable`): what it was started with and the
/// bytes received so far. Sessions live in memory (`Emulator.uploads`), so a restart forgets
/// them, which a client sees as the 404 that means "start over".
struct ResumableUpload {
    /// The file whose content an update replaces; nil for a new file.
    var fileID: String?
    var metadata: JSONValue
    /// `X-Upload-Content-Type`.
    var mimeType: String?
    /// `X-Upload-Content-Length`, or the total a chunk's `Content-Range` gave.
    var expectedLength: Int?
    var received: [UInt8] = []
    /// The query of the request that started the session (`fields`, `addParents`…).
    var query: [(String, String)] = []
    /// The file made or updated when the last byte came: sending the final chunk again
    /// (after a lost answer) answers it again.
    var finished: String?
}

/// Uploads under `/upload/drive/v3/files`:
///
/// | uploadType           | body                                                       |
/// |----------------------|------------------------------------------------------------|
/// | `media`              | the content; the file is named "Untitled"                  |
/// | `multipart`          | `multipart/related`: JSON metadata, then the content       |
/// | `resumable`          | JSON metadata; the content follows in `PUT`s to the session |
/// | none                 | `multipart` when the body is `multipart/related`, else `media` |
/// | none, with `X-Goog-Upload-Protocol` | the header protocol: `raw` (media), `multipart`, `resumable` (see `uploadCommand`) |
///
/// Without `uploadType` Google's upload server reads the protocol from the body's type, as
/// aiogoogle relies on (it sends metadata and content as `multipart/related` with no
/// `uploadType`). The discovery document's resumable path, `/resumable/upload/drive/v3/files`,
/// starts a resumable session whatever `uploadType` says. A metadata part of `null` (what
/// aiogoogle sends without metadata) is no metadata.
///
/// A resumable session answers 200 with `Location: http://<Host>/upload/drive/v3/files…`
/// (the starting query kept, `upload_id` added). Each `PUT` carries `Content-Range: bytes
/// a-b/total` (or `*` for a total not yet known); chunks before the last must be multiples
/// of 256 KiB. Until the last byte the answer is 308 with `Range: bytes=0-n` (none before the
/// first byte; 200 with `X-HTTP-Status-Code-Override: 308` for a client that sends
/// `X-GUploader-No-308: yes`); `Content-Range: bytes */total` with no body asks for that
/// state. The last byte makes the file and answers it with 200. A chunk that starts before
/// what was received (a retry) has its known part skipped; one that leaves a gap is a 400.
extension Emulator {
    /// Non-final chunks are multiples of this.
    static let uploadChunkGranule = 256 * 1024
    /// A session's bytes are held in memory, so uploads are capped far below Drive's 5 TB.
    static let maximumUploadSize = 1 << 30
    static let uploadTooLarge = GoogleError(status: 403, reason: "storageQuotaExceeded", message: "The user's Drive storage quota has been exceeded.")

    func upload(_ call: Call, replacing fileID: String?) throws(GoogleError) -> HTTPResponse {
        let request = call.request
        let metadata: JSONValue
        let content: [UInt8]
        let mediaType: String?
        if call.parameter("upload_id") != nil, request.header("x-goog-upload-command") != nil {
            return try uploadCommand(call)
        }
        let inferred = MediaType(request.header("content-type") ?? "").type == "multipart/related" ? "multipart" : "media"
        let headerProtocol = request.header("x-goog-upload-protocol").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let protocolName = request.segments.first == "resumable" ? "resumable"
            : call.parameter("uploadType") ?? headerProtocol.map { $0 == "raw" ? "media" : $0 } ?? inferred
        switch protocolName {
        case "media":
            metadata = .object([])
            content = request.body
            mediaType = request.header("x-goog-upload-header-content-type") ?? request.header("content-type")
        case "multipart":
            let type = request.header("content-type") ?? ""
            guard MediaType(type).type.hasPrefix("multipart/") else {
                throw GoogleError.badRequest("Media type '\(type)' is not supported. Valid media types: [multipart/related]")
            }
            let parts: [MultipartBody.Part]
            do {
                parts = try MultipartBody(body: request.body, contentType: type).parts
            } catch {
                throw GoogleError.badRequest("Malformed multipart body.")
            }
            guard parts.count == 2 else {
                throw GoogleError.badRequest("A multipart upload has two parts, the metadata and then the media; this one has \(parts.count).")
            }
            metadata = try Emulator.metadata(parts[0].body)
            content = parts[1].body
            mediaType = parts[1].header("content-type")
        case "resumable" where headerProtocol == "resumable":
            return try startHeaderProtocolUpload(call, replacing: fileID)
        case "resumable":
            return try startResumableUpload(call, replacing: fileID)
        case let other:
            throw GoogleError.invalid("Invalid upload type '\(other)'.", location: "uploadType")
        }
        let record: DriveRecord
        if let fileID {
            let (changes, query) = Emulator.isDriveV2(request) ? try v3Update(fileID, request: request, body: metadata) : (metadata, request.query)
            record = try updateDriveFile(fileID, metadata: changes, content: content, mediaType: mediaType, query: query)
        } else {
            record = try createDriveFile(Emulator.isDriveV2(request) ? try v3Metadata(request, body: metadata, mediaType: mediaType) : metadata,
                                         content: content, mediaType: mediaType)
        }
        return try fileAnswer(record, call)
    }

    /// A multipart upload's metadata part: a JSON object, or nothing (empty, or `null`).
    static func metadata(_ bytes: [UInt8]) throws(GoogleError) -> JSONValue {
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty || text == "null" { return .object([]) }
        return try jsonObject(bytes)
    }

    func startResumableUpload(_ call: Call, replacing fileID: String?) throws(GoogleError) -> HTTPResponse {
        let (id, location) = try openSession(call, replacing: fileID)
        return HTTPResponse(status: 200, headers: [("Location", location), ("X-GUploader-UploadID", id)])
    }

    /// Starts a session as the header protocol does (`X-Goog-Upload-Protocol: resumable`,
    /// `X-Goog-Upload-Command: start`): the session URI comes in `X-Goog-Upload-URL`.
    func startHeaderProtocolUpload(_ call: Call, replacing fileID: String?) throws(GoogleError) -> HTTPResponse {
        let command = call.request.header("x-goog-upload-command")?.trimmingCharacters(in: .whitespaces).lowercased()
        guard command == "start" else {
            throw GoogleError.badRequest("A resumable upload starts with X-Goog-Upload-Command: start.", location: "X-Goog-Upload-Command")
        }
        let (id, location) = try openSession(call, replacing: fileID)
        return HTTPResponse(status: 200, headers: [("X-Goog-Upload-Status", "active"), ("X-Goog-Upload-URL", location),
                                                   ("X-Goog-Upload-Chunk-Granularity", String(Emulator.uploadChunkGranule)),
                                                   ("X-GUploader-UploadID", id)])
    }

    /// A new session from the starting request's metadata and announced type and length
    /// (`X-Upload-Content-*`, or the header protocol's `X-Goog-Upload-Header-Content-*`):
    /// its id and URI.
    func openSession(_ call: Call, replacing fileID: String?) throws(GoogleError) -> (id: String, location: String) {
        let request = call.request
        if let fileID { _ = try driveRecord(fileID) }
        // A v2 session keeps its metadata in v3's terms, and an update's parents as moves.
        var metadata = try jsonBody(request)
        var kept = request.query
        if Emulator.isDriveV2(request) {
            if let fileID {
                (metadata, kept) = try v3Update(fileID, request: request, body: metadata)
            } else {
                metadata = try v3Metadata(request, body: metadata,
                                          mediaType: request.header("x-upload-content-type") ?? request.header("x-goog-upload-header-content-type"))
            }
        }
        var session = ResumableUpload(fileID: fileID, metadata: metadata,
                                      mimeType: request.header("x-upload-content-type") ?? request.header("x-goog-upload-header-content-type"))
        if let text = request.header("x-upload-content-length") ?? request.header("x-goog-upload-header-content-length") {
            guard let length = Int(text.trimmingCharacters(in: .whitespaces)), length >= 0 else {
                throw GoogleError.badRequest("Invalid X-Upload-Content-Length header: \(text)")
            }
            guard length <= Emulator.maximumUploadSize else { throw Emulator.uploadTooLarge }
            session.expectedLength = length
        }
        session.query = kept.filter { $0.0 != "upload_id" }
        let id = Wire.random(64, from: Wire.alphanumeric + "-_")
        uploads[id] = session
        let query = (session.query + [("upload_id", id)]).map { "\(Emulator.formEscaped($0.0))=\(Emulator.formEscaped($0.1))" }.joined(separator: "&")
        let location = "http://\(request.header("host") ?? "127.0.0.1")\(request.rawPath)?\(query)"
        return (id, location)
    }

    /// A command of the header protocol to a session URI (`POST` with `X-Goog-Upload-Command`):
    ///
    /// | command                     | does                                                        |
    /// |-----------------------------|-------------------------------------------------------------|
    /// | `query`                     | `X-Goog-Upload-Size-Received`: the bytes received           |
    /// | `upload` (at `X-Goog-Upload-Offset`) | appends the body (a multiple of 256 KiB)           |
    /// | `upload, finalize`, `finalize` | appends what the body holds and makes the file (`final`, the File) |
    /// | `cancel`                    | forgets the session (`cancelled`)                            |
    ///
    /// Each answer says `X-Goog-Upload-Status` (`active`, `final`, `cancelled`), as the Ruby
    /// client (and every google-apis-* gem) reads it.
    func uploadCommand(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let request = call.request
        guard let id = call.parameter("upload_id"), var session = uploads[id] else {
            throw GoogleError.notFound("No upload session with that upload_id; start a new upload.")
        }
        let commands = Set((request.header("x-goog-upload-command") ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let fields = call.parameter("fields") ?? session.query.first { $0.0 == "fields" }?.1
        let status = { (state: String) -> (String, String) in ("X-Goog-Upload-Status", state) }
        if let finished = session.finished {
            var done = try fileAnswer(try driveRecord(finished), call, fields: fields)
            done.headers.append(status("final"))
            return done
        }
        if commands == ["cancel"] {
            uploads[id] = nil
            return HTTPResponse(status: 200, headers: [status("cancelled")])
        }
        if commands == ["query"] {
            return HTTPResponse(status: 200, headers: [status("active"), ("X-Goog-Upload-Size-Received", String(session.received.count))])
        }
        guard !commands.isEmpty, commands.isSubset(of: ["upload", "finalize"]) else {
            throw GoogleError.badRequest("Unknown X-Goog-Upload-Command: \(request.header("x-goog-upload-command") ?? "").", location: "X-Goog-Upload-Command")
        }
        let finalize = commands.contains("finalize")
        if commands.contains("upload") {
            guard let text = request.header("x-goog-upload-offset"), let offset = Int(text.trimmingCharacters(in: .whitespaces)), offset >= 0 else {
                throw GoogleError.badRequest("An upload command needs X-Goog-Upload-Offset.", location: "X-Goog-Upload-Offset")
            }
            guard offset <= session.received.count else {
                throw GoogleError.badRequest("The upload offset \(offset) is past the \(session.received.count) bytes received.", location: "X-Goog-Upload-Offset")
            }
            guard finalize || request.body.count % Emulator.uploadChunkGranule == 0 else {
                throw GoogleError.badRequest("Invalid request. The number of bytes uploaded is required to be a multiple of 262144, "
                    + "except for the final request; this one has \(request.body.count).")
            }
            let end = offset + request.body.count
            guard end <= Emulator.maximumUploadSize else { throw Emulator.uploadTooLarge }
            if end > session.received.count { session.received += request.body[(session.received.count - offset)...] }
        }
        guard finalize else {
            uploads[id] = session
            return HTTPResponse(status: 200, headers: [status("active"), ("X-Goog-Upload-Size-Received", String(session.received.count))])
        }
        if let expected = session.expectedLength, expected != session.received.count {
            throw GoogleError.badRequest("The upload was announced as \(expected) bytes, but \(session.received.count) were sent.")
        }
        let record = try finishUpload(&session, id: id)
        var done = try fileAnswer(record, call, fields: fields)
        done.headers.append(status("final"))
        return done
    }

    /// `DELETE` to a session URI: the session is cancelled and forgotten, answered as Google's
    /// upload server answers it (and Cloud Storage documents it), 499 Client Closed Request
    /// with no body; the session's URI then answers 404, which tells a client to start over.
    /// A file its last chunk already made stays. Without `upload_id` the path has no DELETE
    /// (405).
    func cancelUpload(_ call: Call) throws(GoogleError) -> HTTPResponse {
        guard let id = call.parameter("upload_id") else { throw GoogleError.methodNotAllowed }
        guard uploads.removeValue(forKey: id) != nil else {
            throw GoogleError.notFound("No upload session with that upload_id; start a new upload.")
        }
        return HTTPResponse(status: 499)
    }

    /// What a chunk's `Content-Range` says.
    enum ChunkRange: Equatable {
        /// `bytes */total` (total nil for `*`): no bytes, a question about the state.
        case status(total: Int?)
        /// `bytes first-last/total`.
        case bytes(first: Int, last: Int, total: Int?)

        /// Reads the header; with none, the body is the whole content.
        init(_ header: String?, bodyCount: Int) throws(GoogleError) {
            guard let header else {
                self = bodyCount == 0 ? .status(total: 0) : .bytes(first: 0, last: bodyCount - 1, total: bodyCount)
                return
            }
            let invalid = GoogleError.badRequest("Invalid Content-Range header: \(header)")
            let text = header.trimmingCharacters(in: .whitespaces)
            guard text.lowercased().hasPrefix("bytes ") else { throw invalid }
            let sides = text.dropFirst(6).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard sides.count == 2 else { throw invalid }
            var total: Int?
            if sides[1] != "*" {
                guard let value = Int(sides[1]), value >= 0 else { throw invalid }
                total = value
            }
            if sides[0] == "*" {
                self = .status(total: total)
                return
            }
            let ends = sides[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard ends.count == 2, let first = Int(ends[0]), let last = Int(ends[1]), first >= 0, last >= first else { throw invalid }
            if let total, last >= total { throw invalid }
            self = .bytes(first: first, last: last, total: total)
        }
    }

    /// The file a session's bytes make (a new file, or the one it replaces), the session kept
    /// as finished with that file, so that asking again answers the same.
    func finishUpload(_ session: inout ResumableUpload, id: String) throws(GoogleError) -> DriveRecord {
        let record: DriveRecord
        if let fileID = session.fileID {
            record = try updateDriveFile(fileID, metadata: session.metadata, content: session.received, mediaType: session.mimeType, query: session.query)
        } else {
            record = try createDriveFile(session.metadata, content: session.received, mediaType: session.mimeType)
        }
        session.finished = record.id
        session.received = []
        uploads[id] = session
        return record
    }

    func uploadChunk(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let request = call.request
        guard let id = call.parameter("upload_id"), var session = uploads[id] else {
            throw GoogleError.notFound("No upload session with that upload_id; start a new upload.")
        }
        let fields = call.parameter("fields") ?? session.query.first { $0.0 == "fields" }?.1
        if let finished = session.finished {
            return try fileAnswer(try driveRecord(finished), call, fields: fields)
        }
        let range = try ChunkRange(request.header("content-range"), bodyCount: request.body.count)
        var total: Int?
        switch range {
        case .status(let given):
            total = given
        case .bytes(let first, let last, let given):
            total = given
            guard last - first == request.body.count - 1 else {
                throw GoogleError.badRequest("The Content-Range \(first)-\(last) does not fit the body's \(request.body.count) bytes.")
            }
            guard first <= session.received.count else {
                throw GoogleError.badRequest("The chunk starts at byte \(first), but only \(session.received.count) bytes were received.")
            }
            let isFinal = given.map { last + 1 == $0 } ?? false
            guard isFinal || request.body.count % Emulator.uploadChunkGranule == 0 else {
                throw GoogleError.badRequest("Invalid request. The number of bytes uploaded is required to be a multiple of 262144, "
                    + "except for the final request; this one has \(request.body.count).")
            }
            if last >= session.received.count {
                guard last < Emulator.maximumUploadSize else { throw Emulator.uploadTooLarge }
                session.received += request.body[(session.received.count - first)...]
            }
        }
        if let total {
            if let expected = session.expectedLength, expected != total {
                throw GoogleError.badRequest("The Content-Range total \(total) differs from the \(expected) bytes the upload announced.")
            }
            guard session.received.count <= total else { throw GoogleError.badRequest("More bytes were sent than the upload's total \(total).") }
            session.expectedLength = total
        }
        guard let total, session.received.count == total else {
            uploads[id] = session
            var headers: [(String, String)] = []
            if !session.received.isEmpty { headers.append(("Range", "bytes=0-\(session.received.count - 1)")) }
            if request.header("x-guploader-no-308")?.lowercased() == "yes" {
                return HTTPResponse(status: 200, headers: headers + [("X-HTTP-Status-Code-Override", "308")])
            }
            return HTTPResponse(status: 308, headers: headers)
        }
        uploads[id] = nil
        let record = try finishUpload(&session, id: id)
        return try fileAnswer(record, call, fields: fields)
    }
}
