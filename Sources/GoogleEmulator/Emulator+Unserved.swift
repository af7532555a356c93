import ClerkCore
import Foundation
import LoopbackHTTP

/// The methods of the discovery documents (Drive v2's too) the emulator does not serve, each refused
/// in its API's error shape rather than with a path-level 404 or 405 (or a wrong success):
///
/// | methods | answer |
/// |---|---|
/// | every one in `unservedMethods` (watch and channels, shared drive writes, approvals, labels, contact photos, …) | 501 `notImplemented` (People: `UNIMPLEMENTED`), naming the method |
/// | People's directory (`people:listDirectoryPeople`, `people:searchDirectoryPeople`) | 400 `FAILED_PRECONDITION` "Must be a G Suite domain user.", as Google answers an account outside Workspace |
/// | `teamdrives.list`, `teamdrives.get` (v3's old names of shared drives) | served like `drives.list` and `drives.get`: the account has none |
///
/// Each still checks the token and the method's scopes first, as Google does. A path that is
/// no method at all stays a 404.
extension Emulator {
    /// Method, path pattern, method id and scopes of each unserved method, from the
    /// discovery documents (calendar v3 rev 20261030, drive v3 rev 20261106, drive v2 rev 20260916,
    /// people v1 rev 20251117).
    static let unservedMethods: [(String, String, String, [String])] = [
        ("POST", "calendar/v3/calendars/{calendarId}/acl/watch", "calendar.acl.watch", ["calendar", "calendar.acls", "calendar.acls.readonly"]),
        ("POST", "calendar/v3/users/me/calendarList/watch", "calendar.calendarList.watch", ["calendar", "calendar.calendarlist", "calendar.calendarlist.readonly", "calendar.readonly"]),
        ("POST", "calendar/v3/calendars/{calendarId}/transferOwnership", "calendar.calendars.transferOwnership", ["calendar", "calendar.calendars"]),
        ("POST", "calendar/v3/channels/stop", "calendar.channels.stop", ["calendar", "calendar.acls", "calendar.acls.readonly", "calendar.app.created", "calendar.calendarlist", "calendar.calendarlist.readonly", "calendar.events", "calendar.events.freebusy", "calendar.events.owned", "calendar.events.owned.readonly", "calendar.events.public.readonly", "calendar.events.readonly", "calendar.readonly", "calendar.settings", "calendar.settings.readonly"]),
        ("POST", "calendar/v3/calendars/{calendarId}/events/watch", "calendar.events.watch", ["calendar", "calendar.app.created", "calendar.events", "calendar.events.freebusy", "calendar.events.owned", "calendar.events.owned.readonly", "calendar.events.public.readonly", "calendar.events.readonly", "calendar.readonly"]),
        ("POST", "calendar/v3/users/me/settings/watch", "calendar.settings.watch", ["calendar", "calendar.readonly", "calendar.settings", "calendar.settings.readonly"]),
        ("GET", "drive/v3/files/{fileId}/accessproposals/{proposalId}", "drive.accessproposals.get", ["drive", "drive.file", "drive.metadata", "drive.metadata.readonly", "drive.readonly"]),
        ("GET", "drive/v3/files/{fileId}/accessproposals", "drive.accessproposals.list", ["drive", "drive.file", "drive.metadata", "drive.metadata.readonly", "drive.readonly"]),
        ("POST", "drive/v3/files/{fileId}/accessproposals/{proposalId}:resolve", "drive.accessproposals.resolve", ["drive", "drive.file"]),
        ("POST", "drive/v3/files/{fileId}/approvals/{approvalId}:approve", "drive.approvals.approve", ["drive", "drive.file", "drive.metadata"]),
        ("POST", "drive/v3/files/{fileId}/approvals/{approvalId}:cancel", "drive.approvals.cancel", ["drive", "drive.file", "drive.metadata"]),
        ("POST", "drive/v3/files/{fileId}/approvals/{approvalId}:comment", "drive.approvals.comment", ["drive", "drive.file", "drive.metadata"]),
        ("POST", "drive/v3/files/{fileId}/approvals/{approvalId}:decline", "drive.approvals.decline", ["drive", "drive.file", "drive.metadata"]),
        ("GET", "drive/v3/files/{fileId}/approvals/{approvalId}", "drive.approvals.get", ["drive", "drive.appdata", "drive.file", "drive.metadata", "drive.metadata.readonly", "drive.readonly"]),
        ("GET", "drive/v3/files/{fileId}/approvals", "drive.approvals.list", ["drive", "drive.appdata", "drive.file", "drive.metadata", "drive.metadata.readonly", "drive.readonly"]),
        ("POST", "drive/v3/files/{fileId}/approvals/{approvalId}:reassign", "drive.approvals.reassign", ["drive", "drive.file", "drive.metadata"]),
        ("POST", "drive/v3/files/{fileId}/approvals:start", "drive.approvals.start", ["drive", "drive.file", "drive.metadata"]),
        ("GET", "drive/v3/apps/{appId}", "drive.apps.get", ["drive", "drive.appdata", "drive.apps.readonly", "drive.file", "drive.metadata", "drive.metadata.readonly", "drive.readonly"]),
        ("GET", "drive/v3/apps", "drive.apps.list", ["drive.apps.readonly"]),
        ("POST", "drive/v3/changes/watch", "drive.changes.watch", ["drive", "drive.appdata", "drive.file", "drive.meet.readonly", "drive.metadata", "drive.metadata.readonly", "drive.photos.readonly", "drive.readonly"]),
        ("POST", "drive/v3/channels/stop", "drive.channels.stop", ["drive", "drive.appdata", "drive.file", "drive.meet.readonly", "drive.metadata", "drive.metadata.readonly", "drive.photos.readonly", "drive.readonly"]),
        ("POST", "drive/v3/drives", "drive.drives.create", ["drive"]),
        ("DELETE", "drive/v3/drives/{driveId}", "drive.drives.delete", ["drive"]),
        ("POST", "drive/v3/drives/{driveId}/hide", "drive.drives.hide", ["drive"]),
        ("POST", "drive/v3/drives/{driveId}/unhide", "drive.drives.unhide", ["drive"]),
        ("PATCH", "drive/v3/drives/{driveId}", "drive.drives.update", ["drive"]),
        ("POST", "drive/v3/files/{fileId}/download", "drive.files.download", ["drive", "drive.file", "drive.readonly"]),
        ("GET", "drive/v3/files/generateCseToken", "drive.files.generateCseToken", ["drive"]),
        ("GET", "drive/v3/files/{fileId}/listLabels", "drive.files.listLabels", ["drive", "drive.file", "drive.meet.readonly", "drive.metadata", "drive.metadata.readonly", "drive.readonly"]),
        ("POST", "drive/v3/files/{fileId}/modifyLabels", "drive.files.modifyLabels", ["drive", "drive.file", "drive.metadata"]),
        ("POST", "drive/v3/files/{fileId}/watch", "drive.files.watch", ["drive", "drive.appdata", "drive.file", "drive.meet.readonly", "drive.metadata", "drive.metadata.readonly", "drive.photos.readonly", "drive.readonly"]),
        ("GET", "drive/v3/operations/{name}", "drive.operations.get", ["drive", "drive.file", "drive.meet.readonly", "drive.readonly"]),
        ("DELETE", "drive/v3/files/{fileId}/revisions/{revisionId}", "drive.revisions.delete", ["drive", "drive.appdata", "drive.file"]),
        ("PATCH", "drive/v3/files/{fileId}/revisions/{revisionId}", "drive.revisions.update", ["drive", "drive.appdata", "drive.file"]),
        ("POST", "drive/v3/teamdrives", "drive.teamdrives.create", ["drive"]),
        ("DELETE", "drive/v3/teamdrives/{teamDriveId}", "drive.teamdrives.delete", ["drive"]),
        ("PATCH", "drive/v3/teamdrives/{teamDriveId}", "drive.teamdrives.update", ["drive"]),
        ("DELETE", "v1/people/{peopleId}:deleteContactPhoto", "people.people.deleteContactPhoto", ["contacts"]),
        ("PATCH", "v1/people/{peopleId}:updateContactPhoto", "people.people.updateContactPhoto", ["contacts"]),
        // Drive v2's, beside the core Emulator+DriveV2.swift serves.
        ("GET", "drive/v2/apps/{appId}", "drive.apps.get", ["drive", "drive.appdata", "drive.apps.readonly", "drive.file", "drive.metadata", "drive.metadata.readonly", "drive.readonly"]),
        ("GET", "drive/v2/apps", "drive.apps.list", ["drive.apps.readonly"]),
        ("POST", "drive/v2/changes/watch", "drive.changes.watch", ["drive", "drive.appdata", "drive.apps.readonly", "drive.file", "drive.meet.readonly", "drive.metadata", "drive.metadata.readonly", "drive.photos.readonly", "drive.readonly"]),
        ("POST", "drive/v2/channels/stop", "drive.channels.stop", ["drive", "drive.appdata", "drive.apps.readonly", "drive.file", "drive.meet.readonly", "drive.metadata", "drive.metadata.readonly", "drive.photos.readonly", "drive.readonly"]),
        ("DELETE", "drive/v2/files/{folderId}/children/{childId}", "drive.children.delete", ["drive", "drive.file"]),
        ("GET", "drive/v2/files/{folderId}/children/{childId}", "drive.children.get", ["drive", "drive.appdata", "drive.file", "drive.meet.readonly", "drive.metadata", "drive.metadata.readonly", "drive.photos.readonly", "drive.readonly"]),
        ("POST", "drive/v2/files/{folderId}/children", "drive.children.insert", ["drive", "drive.appdata", "drive.file"]),
        ("DELETE", "drive/v2/drives/{driveId}", "drive.drives.delete", ["drive"]),
        ("GET", "drive/v2/drives/{driveId}", "drive.drives.get", ["drive", "drive.readonly"]),
        ("POST", "drive/v2/drives/{driveId}/hide", "drive.drives.hide", ["drive"]),
        ("POST", "drive/v2/drives", "drive.drives.insert", ["drive"]),
        ("GET", "drive/v2/drives", "drive.drives.list", ["drive", "drive.readonly"]),
        ("POST", "drive/v2/drives/{driveId}/unhide", "drive.drives.unhide", ["drive"]),
        ("PUT", "drive/v2/drives/{driveId}", "drive.drives.update", ["drive"]),
        ("GET", "drive/v2/files/generateCseToken", "drive.files.generateCseToken", ["drive"]),
        ("GET", "drive/v2/files/{fileId}/listLabels", "drive.files.listLabels", ["drive", "drive.file", "drive.meet.readonly", "drive.metadata", "drive.metadata.readonly", "drive.readonly"]),
        ("POST", "drive/v2/files/{fileId}/modifyLabels", "drive.files.modifyLabels", ["drive", "drive.file", "drive.metadata"]),
        ("POST", "drive/v2/files/{fileId}/watch", "drive.files.watch", ["drive", "drive.appdata", "drive.file", "drive.meet.readonly", "drive.metadata", "drive.metadata.readonly", "drive.photos.readonly", "drive.readonly"]),
        ("DELETE", "drive/v2/files/{fileId}/parents/{parentId}", "drive.parents.delete", ["drive", "drive.file"]),
        ("GET", "drive/v2/files/{fileId}/parents/{parentId}", "drive.parents.get", ["drive", "drive.appdata", "drive.file", "drive.meet.readonly", "drive.metadata", "drive.metadata.readonly", "drive.photos.readonly", "drive.readonly"]),
        ("POST", "drive/v2/files/{fileId}/parents", "drive.parents.insert", ["drive", "drive.appdata", "drive.file"]),
        ("DELETE", "drive/v2/files/{fileId}/revisions/{revisionId}", "drive.revisions.delete", ["drive", "drive.appdata", "drive.file"]),
        ("PATCH", "drive/v2/files/{fileId}/revisions/{revisionId}", "drive.revisions.patch", ["drive", "drive.appdata", "drive.file"]),
        ("PUT", "drive/v2/files/{fileId}/revisions/{revisionId}", "drive.revisions.update", ["drive", "drive.appdata", "drive.file"]),
        ("DELETE", "drive/v2/teamdrives/{teamDriveId}", "drive.teamdrives.delete", ["drive"]),
        ("GET", "drive/v2/teamdrives/{teamDriveId}", "drive.teamdrives.get", ["drive", "drive.readonly"]),
        ("POST", "drive/v2/teamdrives", "drive.teamdrives.insert", ["drive"]),
        ("GET", "drive/v2/teamdrives", "drive.teamdrives.list", ["drive", "drive.readonly"]),
        ("PUT", "drive/v2/teamdrives/{teamDriveId}", "drive.teamdrives.update", ["drive"]),
    ]

    static let unservedRoutes: [Route] = unservedMethods.map { method, pattern, id, scopes in
        var route = Route(method, pattern, scopes: scopes) { _, _ in throw GoogleError.unimplemented(id) }
        route.isServed = false
        return route
    } + [
        Route("GET", "drive/v3/teamdrives", scopes: ["drive", "drive.readonly"]) { _, call in
            _ = try Emulator.pageSize(call, standard: 10, maximum: 100)
            return try Emulator.driveJSON(["kind": "drive#teamDriveList", "teamDrives": []], fields: call.parameter("fields"), defaults: nil)
        },
        Route("GET", "drive/v3/teamdrives/{teamDriveId}", scopes: ["drive", "drive.readonly"]) { _, call in
            throw GoogleError(status: 404, reason: "notFound", message: "Shared drive not found: \(call[capture: "teamDriveId"])",
                              location: "teamDriveId", locationType: "parameter")
        },
        Route("GET", "v1/people:listDirectoryPeople", scopes: ["directory.readonly"]) { _, _ in throw GoogleError.outsideWorkspace },
        Route("GET", "v1/people:searchDirectoryPeople", scopes: ["directory.readonly"]) { _, _ in throw GoogleError.outsideWorkspace },
    ]
}

extension Emulator {
    /// The enum query parameters no handler reads, with their values in the discovery
    /// documents: `alt` of every API (Calendar has only `json`), Calendar's `sendUpdates`
    /// (events insert, quickAdd, patch, update, delete, move) and Drive's `corpus`
    /// (files.list). A value outside them is 400 `invalidParameter` with the regular
    /// expression Google quotes; `alt=proto`, which Google serves, is 501 (JSON only here).
    /// The standard boolean `prettyPrint` is read as every boolean parameter is. (The standard
    /// `$.xgafv` is read before the token: see `route` and `GoogleError`.)
    static let enumParameters: [API: [(String, [String])]] = [
        .calendar: [("alt", ["json"]), ("sendUpdates", ["all", "externalOnly", "none"])],
        .drive: [("alt", ["json", "media", "proto"]), ("corpus", ["domain", "user"])],
        .people: [("alt", ["json", "media", "proto"])],
    ]

    static func checkEnumParameters(_ call: Call) throws(GoogleError) {
        _ = try call.flag("prettyPrint")
        for (name, listed) in enumParameters[call.api] ?? [] {
            guard let value = call.parameter(name) else { continue }
            // Drive v2's files.list names its corpora otherwise.
            let values = name == "corpus" && isDriveV2(call.request) ? ["DEFAULT", "DOMAIN"] : listed
            guard values.contains(value) else {
                throw GoogleError.invalidParameter(value, oneOf: values, location: name)
            }
            if name == "alt", value == "proto" {
                throw GoogleError(status: 501, reason: "notImplemented", message: "google-emulator answers in JSON only, not alt=proto.",
                                  location: "alt", locationType: "parameter")
            }
        }
    }
}

extension GoogleError {
    /// A documented method the emulator does not serve.
    static func unimplemented(_ method: String) -> GoogleError {
        GoogleError(status: 501, reason: "notImplemented", message: "Method not implemented by google-emulator: \(method).")
    }

    /// People's directory methods for an account that is not in a Workspace domain.
    static let outsideWorkspace: GoogleError = {
        var error = GoogleError(status: 400, reason: "failedPrecondition", message: "Must be a G Suite domain user.")
        error.canonicalStatus = "FAILED_PRECONDITION"
        return error
    }()
}
