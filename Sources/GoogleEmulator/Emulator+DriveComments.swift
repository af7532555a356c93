import ClerkCore
import Foundation
import LoopbackHTTP

/// Drive's comments (v3 and v2) and v2's revisions, on the store's files.
///
/// | method                               | path                                              | notes |
/// |--------------------------------------|---------------------------------------------------|-------|
/// | comments.create, list, get, update, delete (v3) | `drive/v3/files/{fileId}/comments…`    | `fields` required, as Drive requires it; `includeDeleted`, `startModifiedTime`, `pageSize` (20, at most 100) |
/// | comments.insert, list, get, patch, update, delete (v2) | `drive/v2/files/{fileId}/comments…` | every field without `fields`; `maxResults` (20, at most 100) |
/// | revisions.list, get (v2)             | `drive/v2/files/{fileId}/revisions…`              | v3's revisions in v2's Revision (`modifiedDate`, `fileSize`, `downloadUrl`) |
///
/// | replies.create, list, get, update, delete (v3); insert, list, get, patch, update, delete (v2) | `…/comments/{commentId}/replies…` | an `action` (v2: `verb`) of `resolve` or `reopen` resolves or reopens the comment |
///
/// A comment is kept in the file's unmodeled JSON (`comments`, v3's shape, its replies in
/// it); adding one does not change the file's `modifiedTime`, as on Drive. A deleted
/// comment or reply stays, `deleted`, without its content, and is listed only with
/// `includeDeleted`.
extension Emulator {
    static let driveCommentRoutes: [Route] = {
        let write = ["drive", "drive.file"]
        let read = ["drive", "drive.file", "drive.meet.readonly", "drive.readonly"]
        var routes: [Route] = []
        for version in ["v3", "v2"] {
            let v2 = version == "v2"
            let base = "drive/\(version)/files/{fileId}/comments"
            routes += [
                Route("GET", base, scopes: read) { try $0.listComments($1, version2: v2) },
                Route("POST", base, scopes: write) { try $0.createComment($1, version2: v2) },
                Route("GET", base + "/{commentId}", scopes: read) { emulator, call in
                    let (record, comment) = try emulator.comment(call)
                    return try emulator.commentAnswer(comment, of: record, call, version2: v2)
                },
                Route("PATCH", base + "/{commentId}", scopes: write) { try $0.updateComment($1, version2: v2) },
                Route("DELETE", base + "/{commentId}", scopes: write) { try $0.deleteComment($1) },
                Route("GET", base + "/{commentId}/replies", scopes: read) { try $0.listReplies($1, version2: v2) },
                Route("POST", base + "/{commentId}/replies", scopes: write) { try $0.createReply($1, version2: v2) },
                Route("GET", base + "/{commentId}/replies/{replyId}", scopes: read) { emulator, call in
                    let (record, comment) = try emulator.comment(call)
                    return try emulator.replyAnswer(try Emulator.reply(call, of: comment), of: comment, in: record, call, version2: v2)
                },
                Route("PATCH", base + "/{commentId}/replies/{replyId}", scopes: write) { try $0.updateReply($1, version2: v2) },
                Route("DELETE", base + "/{commentId}/replies/{replyId}", scopes: write) { try $0.deleteReply($1) },
            ]
        }
        routes.append(Route("PUT", "drive/v2/files/{fileId}/comments/{commentId}", scopes: write) { try $0.updateComment($1, version2: true) })
        routes.append(Route("PUT", "drive/v2/files/{fileId}/comments/{commentId}/replies/{replyId}", scopes: write) { try $0.updateReply($1, version2: true) })
        let revisionScopes = DriveScopes.read
        routes += [
            Route("GET", "drive/v2/files/{fileId}/revisions", scopes: revisionScopes) { try $0.listRevisionsV2($1) },
            Route("GET", "drive/v2/files/{fileId}/revisions/{revisionId}", scopes: revisionScopes) { try $0.getRevisionV2($1) },
        ]
        return routes
    }()

    // MARK: Comments

    private static func commentNotFound(_ id: String) -> GoogleError {
        GoogleError(status: 404, reason: "notFound", message: "Comment not found: \(id).", location: "commentId", locationType: "parameter")
    }

    /// v3's comment methods refuse a call without `fields`.
    private static func requireFields(_ call: Call, version2: Bool) throws(GoogleError) {
        guard !version2, call.parameter("fields") == nil else { return }
        throw GoogleError.required("The 'fields' parameter is required for this method.", location: "fields")
    }

    private func comments(of record: DriveRecord) -> [JSONValue] {
        record.extra["comments"]?.arrayValue ?? []
    }

    /// The file and the comment the call names.
    func comment(_ call: Call) throws(GoogleError) -> (DriveRecord, JSONValue) {
        let record = try driveRecord(call[capture: "fileId"])
        let id = call[capture: "commentId"]
        guard let found = comments(of: record).first(where: { $0["id"]?.stringValue == id }) else { throw Emulator.commentNotFound(id) }
        return (record, found)
    }

    /// The comment's text as Drive echoes it in `htmlContent`: escaped, line breaks as `<br>`.
    private static func html(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out += "<br>"
            default: out.append(character)
            }
        }
        return out
    }

    /// A page of comments or replies: v3's `pageSize`, v2's `maxResults` (20, at most 100).
    private static func commentPageSize(_ call: Call, version2: Bool) throws(GoogleError) -> Int {
        guard version2 else { return try pageSize(call, standard: 20, maximum: 100) }
        let text = call.parameter("maxResults") ?? "20"
        guard let value = Int(text), (0...100).contains(value) else {
            throw GoogleError.invalidParameter(text, must: "Values must be within the range: [0, 100]", location: "maxResults")
        }
        return max(value, 1)
    }

    private func createComment(_ call: Call, version2: Bool) throws(GoogleError) -> HTTPResponse {
        try Emulator.requireFields(call, version2: version2)
        var record = try driveRecord(call[capture: "fileId"])
        guard !record.isFolder, DriveRecord.special(record.id) == nil else {
            throw GoogleError(status: 403, reason: "forbidden", message: "The user does not have sufficient permissions for this file.")
        }
        let body = try jsonBody(call.request)
        guard let content = try Emulator.string(body, "content"), !content.isEmpty else {
            throw GoogleError.required("Required: content", location: "content")
        }
        let stamp = Wire.timestamp(now)
        let existing = comments(of: record)
        let id = "AAAA" + String(format: "%08X", existing.count + 1) + String(record.id.suffix(6))
        var members: [(String, JSONValue)] = [
            ("kind", "drive#comment"), ("id", .string(id)), ("createdTime", .string(stamp)), ("modifiedTime", .string(stamp)),
            ("content", .string(content)), ("htmlContent", .string(Emulator.html(content))), ("deleted", false), ("resolved", false),
        ]
        if let anchor = try Emulator.string(body, "anchor") { members.append(("anchor", .string(anchor))) }
        // v3's quotedFileContent is v2's context.
        let quoted = body[version2 ? "context" : "quotedFileContent"]
        if let value = quoted?["value"]?.stringValue {
            members.append(("quotedFileContent", .object([("mimeType", .string(quoted?[version2 ? "type" : "mimeType"]?.stringValue ?? "text/html")),
                                                          ("value", .string(value))])))
        }
        members.append(("replies", []))
        let made = JSONValue.object(members)
        record.extra["comments"] = .array(existing + [made])
        let saved = try save(record, content: nil)
        return try commentAnswer(made, of: saved, call, version2: version2)
    }

    private func listComments(_ call: Call, version2: Bool) throws(GoogleError) -> HTTPResponse {
        try Emulator.requireFields(call, version2: version2)
        let record = try driveRecord(call[capture: "fileId"])
        let includeDeleted = try call.flag("includeDeleted") ?? false
        let since = try bound(call, version2 ? "updatedMin" : "startModifiedTime")
        let listed = comments(of: record).filter { comment in
            (includeDeleted || comment["deleted"]?.boolValue != true)
                && since.map { since in (comment["modifiedTime"]?.stringValue).flatMap { ClockText.rfc3339Instant($0) }.map { $0 >= since } ?? true } ?? true
        }
        let size = try Emulator.commentPageSize(call, version2: version2)
        let page = try PageToken.page(listed, token: call.parameter("pageToken"), size: size, query: "comments|" + record.id, snapshot: 0)
        guard version2 else {
            var members: [(String, JSONValue)] = [("kind", "drive#commentList")]
            if let next = page.next { members.append(("nextPageToken", .string(next))) }
            members.append(("comments", .array(page.items.map { Emulator.commentV3($0) })))
            return try Emulator.driveJSON(.object(members), fields: call.parameter("fields"), defaults: nil)
        }
        let root = Emulator.root(of: call.request)
        let selfLink = root + "drive/v2/files/\(record.id)/comments"
        var members: [(String, JSONValue)] = [("kind", "drive#commentList"), ("selfLink", .string(selfLink))]
        if let next = page.next {
            members += [("nextPageToken", .string(next)), ("nextLink", .string(selfLink + "?pageToken=" + Emulator.formEscaped(next)))]
        }
        members.append(("items", .array(page.items.map { commentV2($0, of: record, root: root) })))
        return try Emulator.driveJSON(.object(members), fields: call.parameter("fields"), defaults: nil, version2: true)
    }

    private func updateComment(_ call: Call, version2: Bool) throws(GoogleError) -> HTTPResponse {
        try Emulator.requireFields(call, version2: version2)
        let (found, old) = try comment(call)
        guard old["deleted"]?.boolValue != true else { throw Emulator.commentNotFound(call[capture: "commentId"]) }
        let body = try jsonBody(call.request)
        var changed = old
        if let content = try Emulator.string(body, "content") {
            guard !content.isEmpty else { throw GoogleError.required("Required: content", location: "content") }
            changed = changed.merged(with: ["content": .string(content), "htmlContent": .string(Emulator.html(content)),
                                            "modifiedTime": .string(Wire.timestamp(now))])
        }
        let saved = try replace(old, with: changed, in: found)
        return try commentAnswer(changed, of: saved, call, version2: version2)
    }

    /// Drive keeps a deleted comment, without its text, marked `deleted`.
    private func deleteComment(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let (found, old) = try comment(call)
        guard old["deleted"]?.boolValue != true else { throw Emulator.commentNotFound(call[capture: "commentId"]) }
        guard case .object(let members) = old else { return HTTPResponse(status: 204) }
        let kept = members.filter { !["content", "htmlContent", "quotedFileContent"].contains($0.0) }
            .map { $0.0 == "deleted" ? ("deleted", JSONValue.bool(true)) : $0 }
        _ = try replace(old, with: .object(kept), in: found)
        return HTTPResponse(status: 204)
    }

    private func replace(_ old: JSONValue, with new: JSONValue, in file: DriveRecord) throws(GoogleError) -> DriveRecord {
        var record = file
        record.extra["comments"] = .array(comments(of: record).map { $0["id"] == old["id"] ? new : $0 })
        return try save(record, content: nil)
    }

    func commentAnswer(_ comment: JSONValue, of record: DriveRecord, _ call: Call, version2: Bool) throws(GoogleError) -> HTTPResponse {
        if version2 {
            return try Emulator.driveJSON(commentV2(comment, of: record, root: Emulator.root(of: call.request)), fields: call.parameter("fields"),
                                          defaults: nil, version2: true)
        }
        try Emulator.requireFields(call, version2: false)
        return try Emulator.driveJSON(Emulator.commentV3(comment), fields: call.parameter("fields"), defaults: nil)
    }

    /// The account as a comment's or a reply's author in v3.
    private static let authorV3: JSONValue = .object([("kind", "drive#user"), ("displayName", .string(DriveUser(email: "emulator@example.com").displayName)),
                                                     ("me", true)])

    /// The stored comment with its author (the account), its replies with theirs.
    private static func commentV3(_ stored: JSONValue) -> JSONValue {
        stored.merged(with: ["author": authorV3,
                             "replies": .array((stored["replies"]?.arrayValue ?? []).map { $0.merged(with: ["author": authorV3]) })])
    }

    /// v2's Comment: `commentId`, dates, `status`, `context`, links and the file's title.
    private func commentV2(_ stored: JSONValue, of record: DriveRecord, root: String) -> JSONValue {
        let id = stored["id"]?.stringValue ?? ""
        var members: [(String, JSONValue)] = [
            ("kind", "drive#comment"), ("selfLink", .string(root + "drive/v2/files/\(record.id)/comments/\(id)")), ("commentId", .string(id)),
            ("createdDate", stored["createdTime"] ?? .null), ("modifiedDate", stored["modifiedTime"] ?? .null),
            ("author", DriveV2.userJSON(driveUser)),
        ]
        for key in ["htmlContent", "content"] { if let value = stored[key] { members.append((key, value)) } }
        members += [("deleted", stored["deleted"] ?? false), ("status", stored["resolved"]?.boolValue == true ? "resolved" : "open")]
        if let quoted = stored["quotedFileContent"] {
            members.append(("context", .object([("type", quoted["mimeType"] ?? "text/html"), ("value", quoted["value"] ?? "")])))
        }
        if let anchor = stored["anchor"] { members.append(("anchor", anchor)) }
        members += [("fileId", .string(record.id)), ("fileTitle", .string(record.name)),
                    ("replies", .array((stored["replies"]?.arrayValue ?? []).map { replyV2($0, of: stored, in: record, root: root) }))]
        return .object(members)
    }

    // MARK: Replies

    private static func replyNotFound(_ id: String) -> GoogleError {
        GoogleError(status: 404, reason: "notFound", message: "Reply not found: \(id).", location: "replyId", locationType: "parameter")
    }

    /// The reply the call names, of `comment`.
    static func reply(_ call: Call, of comment: JSONValue) throws(GoogleError) -> JSONValue {
        let id = call[capture: "replyId"]
        guard let found = comment["replies"]?.arrayValue?.first(where: { $0["id"]?.stringValue == id }) else { throw replyNotFound(id) }
        return found
    }

    private func createReply(_ call: Call, version2: Bool) throws(GoogleError) -> HTTPResponse {
        try Emulator.requireFields(call, version2: version2)
        let (record, comment) = try comment(call)
        guard comment["deleted"]?.boolValue != true else { throw Emulator.commentNotFound(call[capture: "commentId"]) }
        let body = try jsonBody(call.request)
        let content = try Emulator.string(body, "content") ?? ""
        let actionKey = version2 ? "verb" : "action"
        let action = try Emulator.string(body, actionKey)
        if let action, !["resolve", "reopen"].contains(action) {
            throw GoogleError.invalid("Invalid value for \(actionKey): \(action).", location: actionKey)
        }
        guard !content.isEmpty || action != nil else { throw GoogleError.required("Required: content", location: "content") }
        let stamp = Wire.timestamp(now)
        let replies = comment["replies"]?.arrayValue ?? []
        var members: [(String, JSONValue)] = [
            ("kind", "drive#reply"), ("id", .string("AAAA" + String(format: "%08X", replies.count + 1) + "r")), ("createdTime", .string(stamp)),
            ("modifiedTime", .string(stamp)), ("content", .string(content)), ("htmlContent", .string(Emulator.html(content))), ("deleted", false),
        ]
        if let action { members.append(("action", .string(action))) }
        let made = JSONValue.object(members)
        var changed = comment.merged(with: ["modifiedTime": .string(stamp), "replies": .array(replies + [made])])
        if let action { changed = changed.merged(with: ["resolved": .bool(action == "resolve")]) }
        let saved = try replace(comment, with: changed, in: record)
        return try replyAnswer(made, of: changed, in: saved, call, version2: version2)
    }

    private func listReplies(_ call: Call, version2: Bool) throws(GoogleError) -> HTTPResponse {
        try Emulator.requireFields(call, version2: version2)
        let (record, comment) = try comment(call)
        let includeDeleted = try call.flag("includeDeleted") ?? false
        let listed = (comment["replies"]?.arrayValue ?? []).filter { includeDeleted || $0["deleted"]?.boolValue != true }
        let size = try Emulator.commentPageSize(call, version2: version2)
        let key = "replies|" + record.id + "|" + (comment["id"]?.stringValue ?? "")
        let page = try PageToken.page(listed, token: call.parameter("pageToken"), size: size, query: key, snapshot: 0)
        guard version2 else {
            var members: [(String, JSONValue)] = [("kind", "drive#replyList")]
            if let next = page.next { members.append(("nextPageToken", .string(next))) }
            members.append(("replies", .array(page.items.map { $0.merged(with: ["author": Emulator.authorV3]) })))
            return try Emulator.driveJSON(.object(members), fields: call.parameter("fields"), defaults: nil)
        }
        let root = Emulator.root(of: call.request)
        var members: [(String, JSONValue)] = [("kind", "drive#commentReplyList")]
        if let next = page.next { members.append(("nextPageToken", .string(next))) }
        members.append(("items", .array(page.items.map { replyV2($0, of: comment, in: record, root: root) })))
        return try Emulator.driveJSON(.object(members), fields: call.parameter("fields"), defaults: nil, version2: true)
    }

    private func updateReply(_ call: Call, version2: Bool) throws(GoogleError) -> HTTPResponse {
        try Emulator.requireFields(call, version2: version2)
        let (record, comment) = try comment(call)
        let old = try Emulator.reply(call, of: comment)
        guard old["deleted"]?.boolValue != true else { throw Emulator.replyNotFound(call[capture: "replyId"]) }
        guard let content = try Emulator.string(try jsonBody(call.request), "content"), !content.isEmpty else {
            throw GoogleError.required("Required: content", location: "content")
        }
        let changed = old.merged(with: ["content": .string(content), "htmlContent": .string(Emulator.html(content)), "modifiedTime": .string(Wire.timestamp(now))])
        let newComment = comment.merged(with: ["replies": .array((comment["replies"]?.arrayValue ?? []).map { $0["id"] == old["id"] ? changed : $0 })])
        let saved = try replace(comment, with: newComment, in: record)
        return try replyAnswer(changed, of: newComment, in: saved, call, version2: version2)
    }

    private func deleteReply(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let (record, comment) = try comment(call)
        let old = try Emulator.reply(call, of: comment)
        guard old["deleted"]?.boolValue != true, case .object(let members) = old else { throw Emulator.replyNotFound(call[capture: "replyId"]) }
        let kept = JSONValue.object(members.filter { !["content", "htmlContent"].contains($0.0) }.map { $0.0 == "deleted" ? ("deleted", JSONValue.bool(true)) : $0 })
        let newComment = comment.merged(with: ["replies": .array((comment["replies"]?.arrayValue ?? []).map { $0["id"] == old["id"] ? kept : $0 })])
        _ = try replace(comment, with: newComment, in: record)
        return HTTPResponse(status: 204)
    }

    func replyAnswer(_ reply: JSONValue, of comment: JSONValue, in record: DriveRecord, _ call: Call, version2: Bool) throws(GoogleError) -> HTTPResponse {
        if version2 {
            return try Emulator.driveJSON(replyV2(reply, of: comment, in: record, root: Emulator.root(of: call.request)), fields: call.parameter("fields"),
                                          defaults: nil, version2: true)
        }
        try Emulator.requireFields(call, version2: false)
        return try Emulator.driveJSON(reply.merged(with: ["author": Emulator.authorV3]), fields: call.parameter("fields"), defaults: nil)
    }

    /// v2's CommentReply: `replyId`, dates, `verb`.
    private func replyV2(_ stored: JSONValue, of comment: JSONValue, in record: DriveRecord, root: String) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", "drive#commentReply"), ("replyId", stored["id"] ?? .null), ("createdDate", stored["createdTime"] ?? .null),
            ("modifiedDate", stored["modifiedTime"] ?? .null), ("author", DriveV2.userJSON(driveUser)),
        ]
        for key in ["htmlContent", "content"] { if let value = stored[key] { members.append((key, value)) } }
        members.append(("deleted", stored["deleted"] ?? false))
        if let action = stored["action"] { members.append(("verb", action)) }
        return .object(members)
    }

    // MARK: v2's revisions

    private func revisionV2(_ revision: (id: String, modified: Date, size: Int, isHead: Bool), of record: DriveRecord, root: String) -> JSONValue {
        let v3 = revisionJSON(revision, of: record)
        var members: [(String, JSONValue)] = [
            ("kind", "drive#revision"), ("etag", .string(Wire.etag(record.version))), ("id", .string(revision.id)),
            ("selfLink", .string(root + "drive/v2/files/\(record.id)/revisions/\(revision.id)")),
            ("mimeType", .string(record.mimeType)), ("modifiedDate", .string(Wire.timestamp(revision.modified))),
            ("pinned", false), ("published", false), ("lastModifyingUserName", .string(driveUser.displayName)),
            ("lastModifyingUser", DriveV2.userJSON(driveUser)),
        ]
        if !record.isGoogleType {
            // Its content, at v3's revisions.get (v2's has no media download).
            members.append(("downloadUrl", .string(root + "drive/v3/files/\(record.id)/revisions/\(revision.id)?alt=media")))
            for key in ["originalFilename", "md5Checksum"] { if let value = v3[key] { members.append((key, value)) } }
            members.append(("fileSize", .string(String(revision.size))))
        }
        return .object(members)
    }

    private func listRevisionsV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try driveRecord(call[capture: "fileId"])
        let root = Emulator.root(of: call.request)
        let size: Int
        let text = call.parameter("maxResults") ?? "200"
        guard let value = Int(text), (1...1000).contains(value) else {
            throw GoogleError.invalidParameter(text, must: "Values must be within the range: [1, 1000]", location: "maxResults")
        }
        size = value
        let page = try PageToken.page(try revisions(of: record), token: call.parameter("pageToken"), size: size, query: "revisions|" + record.id, snapshot: 0)
        var members: [(String, JSONValue)] = [("kind", "drive#revisionList"), ("etag", .string(Wire.etag(record.version))),
                                              ("selfLink", .string(root + "drive/v2/files/\(record.id)/revisions"))]
        if let next = page.next { members.append(("nextPageToken", .string(next))) }
        members.append(("items", .array(page.items.map { revisionV2($0, of: record, root: root) })))
        return try Emulator.driveJSON(.object(members), fields: call.parameter("fields"), defaults: nil, version2: true)
    }

    private func getRevisionV2(_ call: Call) throws(GoogleError) -> HTTPResponse {
        let record = try driveRecord(call[capture: "fileId"])
        let wanted = call[capture: "revisionId"]
        let all = try revisions(of: record)
        guard let revision = all.first(where: { $0.id == wanted }) ?? (wanted == "head" ? all.last : nil) else {
            throw GoogleError(status: 404, reason: "notFound", message: "Revision not found: \(wanted).", location: "revisionId", locationType: "parameter")
        }
        return try Emulator.driveJSON(revisionV2(revision, of: record, root: Emulator.root(of: call.request)), fields: call.parameter("fields"),
                                      defaults: nil, version2: true)
    }
}
