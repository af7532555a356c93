import ClerkCore
import FoundationEssentials

/// A confirmed change that could not reach Google yet, as it waits in the mirror's outbox.
/// Each carries the ids it will be sent with, so sending it again never makes a second one.
enum PendingChange: Equatable {
    /// events.insert of a client-chosen id.
    case insertEvent(calendarID: String, body: JSONValue)
    /// events.quickAdd; `attempted` is set once it may have reached Google, so the next try
    /// looks for the event first.
    case quickAdd(calendarID: String, text: String, attempted: Date?)
    case patchEvent(calendarID: String, eventID: String, body: JSONValue)
    case deleteEvent(calendarID: String, eventID: String)
    /// events.move from `calendarID` to `destination`, the id kept.
    case moveEvent(calendarID: String, eventID: String, destination: String)
    /// The event an import that stopped may have made for an iCalendar UID, deleted if
    /// Google has it (the import's answer, with its id, never came).
    case deleteImported(calendarID: String, uid: String)
    /// files.create with a generated id.
    case createFile(id: String, name: String, mimeType: String, content: [UInt8])
    /// files.update of the whole content, made from `base` (the content the change was made
    /// to; nil in changes queued before clerk kept it). Drive takes no etag on an upload, so
    /// the content there is compared with `base` before it is written over; `copyID` is
    /// the id chosen for a copy when both sides changed, kept so a resend makes it once.
    case updateFile(id: String, mimeType: String, content: [UInt8], base: [UInt8]?, copyID: String?)
    case trashFile(id: String, trashed: Bool)
    /// files.delete: gone for good, skipping the trash.
    case deleteFile(id: String)

    var kind: String {
        switch self {
        case .insertEvent: return "event.insert"
        case .quickAdd: return "event.quickAdd"
        case .patchEvent: return "event.patch"
        case .deleteEvent: return "event.delete"
        case .moveEvent: return "event.move"
        case .deleteImported: return "event.deleteImported"
        case .createFile: return "file.create"
        case .updateFile: return "file.update"
        case .trashFile: return "file.trash"
        case .deleteFile: return "file.delete"
        }
    }

    /// What the change is, for a message ("the new event 'Lunch'").
    var summary: String {
        switch self {
        case .insertEvent(_, let body): return "the new event '\(body["summary"]?.stringValue ?? "")'"
        case .quickAdd(_, let text, _): return "'\(text)'"
        case .patchEvent(_, _, let body): return "a change to '\(body["summary"]?.stringValue ?? "an event")'"
        case .deleteEvent: return "an event's deletion"
        case .moveEvent: return "moving an event to another calendar"
        case .deleteImported: return "taking back an imported event"
        case .createFile(_, let name, _, _): return "the new file '\(name)'"
        case .updateFile: return "a file's new content"
        case .trashFile(_, let trashed): return trashed ? "moving a file to the trash" : "taking a file out of the trash"
        case .deleteFile: return "deleting a file for good"
        }
    }

    var payload: JSONValue {
        switch self {
        case .insertEvent(let calendar, let body): return .object([("calendarID", .string(calendar)), ("body", body)])
        case .quickAdd(let calendar, let text, let attempted):
            return .object([("calendarID", .string(calendar)), ("text", .string(text)),
                            ("attempted", attempted.map { .number($0.timeIntervalSince1970) } ?? .null)])
        case .patchEvent(let calendar, let event, let body):
            return .object([("calendarID", .string(calendar)), ("eventID", .string(event)), ("body", body)])
        case .deleteEvent(let calendar, let event): return .object([("calendarID", .string(calendar)), ("eventID", .string(event))])
        case .moveEvent(let calendar, let event, let destination):
            return .object([("calendarID", .string(calendar)), ("eventID", .string(event)), ("destination", .string(destination))])
        case .deleteImported(let calendar, let uid): return .object([("calendarID", .string(calendar)), ("uid", .string(uid))])
        case .createFile(let id, let name, let type, let content):
            return .object([("id", .string(id)), ("name", .string(name)), ("mimeType", .string(type)), ("content", .string(Data(content).base64EncodedString()))])
        case .updateFile(let id, let type, let content, let base, let copyID):
            var members: [(String, JSONValue)] = [("id", .string(id)), ("mimeType", .string(type)), ("content", .string(Data(content).base64EncodedString()))]
            if let base { members.append(("base", .string(Data(base).base64EncodedString()))) }
            if let copyID { members.append(("copyID", .string(copyID))) }
            return .object(members)
        case .trashFile(let id, let trashed): return .object([("id", .string(id)), ("trashed", .bool(trashed))])
        case .deleteFile(let id): return .object([("id", .string(id))])
        }
    }

    init?(kind: String, payload text: String) {
        guard let json = try? JSONValue.parse(text) else { return nil }
        func string(_ key: String) -> String? { json[key]?.stringValue }
        func bytes(_ key: String) -> [UInt8]? { string(key).flatMap { Data(base64Encoded: $0) }.map(Array.init) }
        switch kind {
        case "event.insert":
            guard let calendar = string("calendarID"), let body = json["body"] else { return nil }
            self = .insertEvent(calendarID: calendar, body: body)
        case "event.quickAdd":
            guard let calendar = string("calendarID"), let text = string("text") else { return nil }
            self = .quickAdd(calendarID: calendar, text: text, attempted: json["attempted"]?.numberValue.map(Date.init(timeIntervalSince1970:)))
        case "event.patch":
            guard let calendar = string("calendarID"), let event = string("eventID"), let body = json["body"] else { return nil }
            self = .patchEvent(calendarID: calendar, eventID: event, body: body)
        case "event.delete":
            guard let calendar = string("calendarID"), let event = string("eventID") else { return nil }
            self = .deleteEvent(calendarID: calendar, eventID: event)
        case "event.move":
            guard let calendar = string("calendarID"), let event = string("eventID"), let destination = string("destination") else { return nil }
            self = .moveEvent(calendarID: calendar, eventID: event, destination: destination)
        case "event.deleteImported":
            guard let calendar = string("calendarID"), let uid = string("uid") else { return nil }
            self = .deleteImported(calendarID: calendar, uid: uid)
        case "file.create":
            guard let id = string("id"), let name = string("name"), let type = string("mimeType"), let content = bytes("content") else { return nil }
            self = .createFile(id: id, name: name, mimeType: type, content: content)
        case "file.update":
            guard let id = string("id"), let type = string("mimeType"), let content = bytes("content") else { return nil }
            self = .updateFile(id: id, mimeType: type, content: content, base: bytes("base"), copyID: string("copyID"))
        case "file.trash":
            guard let id = string("id"), let trashed = json["trashed"]?.boolValue else { return nil }
            self = .trashFile(id: id, trashed: trashed)
        case "file.delete":
            guard let id = string("id") else { return nil }
            self = .deleteFile(id: id)
        default:
            return nil
        }
    }
}
