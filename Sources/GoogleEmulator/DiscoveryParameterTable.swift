// Made by Scripts/discovery-parameters.py from Google's discovery documents (shared/google/
// discovery, and Drive v2's as google-api-python-client 2.202.0 ships it): do not edit by hand, run the script again.

/// The boolean, integer and enum query parameters of each method of Calendar v3, Drive v3,
/// Drive v2 and People v1, and those it requires (standard parameters aside), by HTTP method and path
/// pattern.
extension DiscoveryParameters {
    static let table: [(method: String, pattern: String, id: String, parameters: [(String, Kind, required: Bool)])] = [
        ("POST", "calendar/v3/calendars/{calendarId}/acl", "calendar.acl.insert", [
            ("sendNotifications", .boolean, required: false),
        ]),
        ("GET", "calendar/v3/calendars/{calendarId}/acl", "calendar.acl.list", [
            ("maxResults", .integer, required: false),
            ("showDeleted", .boolean, required: false),
        ]),
        ("PATCH", "calendar/v3/calendars/{calendarId}/acl/{ruleId}", "calendar.acl.patch", [
            ("sendNotifications", .boolean, required: false),
        ]),
        ("PUT", "calendar/v3/calendars/{calendarId}/acl/{ruleId}", "calendar.acl.update", [
            ("sendNotifications", .boolean, required: false),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/acl/watch", "calendar.acl.watch", [
            ("maxResults", .integer, required: false),
            ("showDeleted", .boolean, required: false),
        ]),
        ("POST", "calendar/v3/users/me/calendarList", "calendar.calendarList.insert", [
            ("colorRgbFormat", .boolean, required: false),
        ]),
        ("GET", "calendar/v3/users/me/calendarList", "calendar.calendarList.list", [
            ("maxResults", .integer, required: false),
            ("minAccessRole", .enumeration(["freeBusyReader", "owner", "reader", "writer", "writerWithoutPrivateAccess"], repeated: false), required: false),
            ("showDeleted", .boolean, required: false),
            ("showHidden", .boolean, required: false),
            ("showOwnOrganizationOnly", .boolean, required: false),
        ]),
        ("PATCH", "calendar/v3/users/me/calendarList/{calendarId}", "calendar.calendarList.patch", [
            ("colorRgbFormat", .boolean, required: false),
        ]),
        ("PUT", "calendar/v3/users/me/calendarList/{calendarId}", "calendar.calendarList.update", [
            ("colorRgbFormat", .boolean, required: false),
        ]),
        ("POST", "calendar/v3/users/me/calendarList/watch", "calendar.calendarList.watch", [
            ("maxResults", .integer, required: false),
            ("minAccessRole", .enumeration(["freeBusyReader", "owner", "reader", "writer", "writerWithoutPrivateAccess"], repeated: false), required: false),
            ("showDeleted", .boolean, required: false),
            ("showHidden", .boolean, required: false),
            ("showOwnOrganizationOnly", .boolean, required: false),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/transferOwnership", "calendar.calendars.transferOwnership", [
            ("newDataOwner", .text, required: true),
            ("useAdminAccess", .boolean, required: true),
        ]),
        ("DELETE", "calendar/v3/calendars/{calendarId}/events/{eventId}", "calendar.events.delete", [
            ("sendNotifications", .boolean, required: false),
            ("sendUpdates", .enumeration(["all", "externalOnly", "none"], repeated: false), required: false),
        ]),
        ("GET", "calendar/v3/calendars/{calendarId}/events/{eventId}", "calendar.events.get", [
            ("alwaysIncludeEmail", .boolean, required: false),
            ("maxAttendees", .integer, required: false),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/events/import", "calendar.events.import", [
            ("conferenceDataVersion", .integer, required: false),
            ("eventLabelVersion", .integer, required: false),
            ("supportsAttachments", .boolean, required: false),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/events", "calendar.events.insert", [
            ("conferenceDataVersion", .integer, required: false),
            ("eventLabelVersion", .integer, required: false),
            ("maxAttendees", .integer, required: false),
            ("sendNotifications", .boolean, required: false),
            ("sendUpdates", .enumeration(["all", "externalOnly", "none"], repeated: false), required: false),
            ("supportsAttachments", .boolean, required: false),
        ]),
        ("GET", "calendar/v3/calendars/{calendarId}/events/{eventId}/instances", "calendar.events.instances", [
            ("alwaysIncludeEmail", .boolean, required: false),
            ("maxAttendees", .integer, required: false),
            ("maxResults", .integer, required: false),
            ("showDeleted", .boolean, required: false),
        ]),
        ("GET", "calendar/v3/calendars/{calendarId}/events", "calendar.events.list", [
            ("alwaysIncludeEmail", .boolean, required: false),
            ("eventTypes", .enumeration(["birthday", "default", "focusTime", "fromGmail", "outOfOffice", "workingLocation"], repeated: true), required: false),
            ("maxAttendees", .integer, required: false),
            ("maxResults", .integer, required: false),
            ("orderBy", .enumeration(["startTime", "updated"], repeated: false), required: false),
            ("showDeleted", .boolean, required: false),
            ("showHiddenInvitations", .boolean, required: false),
            ("singleEvents", .boolean, required: false),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/events/{eventId}/move", "calendar.events.move", [
            ("destination", .text, required: true),
            ("sendNotifications", .boolean, required: false),
            ("sendUpdates", .enumeration(["all", "externalOnly", "none"], repeated: false), required: false),
        ]),
        ("PATCH", "calendar/v3/calendars/{calendarId}/events/{eventId}", "calendar.events.patch", [
            ("alwaysIncludeEmail", .boolean, required: false),
            ("conferenceDataVersion", .integer, required: false),
            ("eventLabelVersion", .integer, required: false),
            ("maxAttendees", .integer, required: false),
            ("sendNotifications", .boolean, required: false),
            ("sendUpdates", .enumeration(["all", "externalOnly", "none"], repeated: false), required: false),
            ("supportsAttachments", .boolean, required: false),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/events/quickAdd", "calendar.events.quickAdd", [
            ("sendNotifications", .boolean, required: false),
            ("sendUpdates", .enumeration(["all", "externalOnly", "none"], repeated: false), required: false),
            ("text", .text, required: true),
        ]),
        ("PUT", "calendar/v3/calendars/{calendarId}/events/{eventId}", "calendar.events.update", [
            ("alwaysIncludeEmail", .boolean, required: false),
            ("conferenceDataVersion", .integer, required: false),
            ("eventLabelVersion", .integer, required: false),
            ("maxAttendees", .integer, required: false),
            ("sendNotifications", .boolean, required: false),
            ("sendUpdates", .enumeration(["all", "externalOnly", "none"], repeated: false), required: false),
            ("supportsAttachments", .boolean, required: false),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/events/watch", "calendar.events.watch", [
            ("alwaysIncludeEmail", .boolean, required: false),
            ("eventTypes", .enumeration(["birthday", "default", "focusTime", "fromGmail", "outOfOffice", "workingLocation"], repeated: true), required: false),
            ("maxAttendees", .integer, required: false),
            ("maxResults", .integer, required: false),
            ("orderBy", .enumeration(["startTime", "updated"], repeated: false), required: false),
            ("showDeleted", .boolean, required: false),
            ("showHiddenInvitations", .boolean, required: false),
            ("singleEvents", .boolean, required: false),
        ]),
        ("GET", "calendar/v3/users/me/settings", "calendar.settings.list", [
            ("maxResults", .integer, required: false),
        ]),
        ("POST", "calendar/v3/users/me/settings/watch", "calendar.settings.watch", [
            ("maxResults", .integer, required: false),
        ]),
        ("GET", "drive/v3/files/{fileId}/accessproposals", "drive.accessproposals.list", [
            ("pageSize", .integer, required: false),
        ]),
        ("GET", "drive/v3/files/{fileId}/approvals", "drive.approvals.list", [
            ("pageSize", .integer, required: false),
        ]),
        ("GET", "drive/v3/changes/startPageToken", "drive.changes.getStartPageToken", [
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("GET", "drive/v3/changes", "drive.changes.list", [
            ("includeCorpusRemovals", .boolean, required: false),
            ("includeItemsFromAllDrives", .boolean, required: false),
            ("includeRemoved", .boolean, required: false),
            ("includeTeamDriveItems", .boolean, required: false),
            ("pageSize", .integer, required: false),
            ("pageToken", .text, required: true),
            ("restrictToMyDrive", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("POST", "drive/v3/changes/watch", "drive.changes.watch", [
            ("includeCorpusRemovals", .boolean, required: false),
            ("includeItemsFromAllDrives", .boolean, required: false),
            ("includeRemoved", .boolean, required: false),
            ("includeTeamDriveItems", .boolean, required: false),
            ("pageSize", .integer, required: false),
            ("pageToken", .text, required: true),
            ("restrictToMyDrive", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("GET", "drive/v3/files/{fileId}/comments/{commentId}", "drive.comments.get", [
            ("includeDeleted", .boolean, required: false),
        ]),
        ("GET", "drive/v3/files/{fileId}/comments", "drive.comments.list", [
            ("includeDeleted", .boolean, required: false),
            ("pageSize", .integer, required: false),
        ]),
        ("POST", "drive/v3/drives", "drive.drives.create", [
            ("requestId", .text, required: true),
        ]),
        ("DELETE", "drive/v3/drives/{driveId}", "drive.drives.delete", [
            ("allowItemDeletion", .boolean, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("GET", "drive/v3/drives/{driveId}", "drive.drives.get", [
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("GET", "drive/v3/drives", "drive.drives.list", [
            ("pageSize", .integer, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("PATCH", "drive/v3/drives/{driveId}", "drive.drives.update", [
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("POST", "drive/v3/files/{fileId}/copy", "drive.files.copy", [
            ("copyComments", .boolean, required: false),
            ("enforceSingleParent", .boolean, required: false),
            ("ignoreDefaultVisibility", .boolean, required: false),
            ("keepRevisionForever", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("POST", "drive/v3/files", "drive.files.create", [
            ("enforceSingleParent", .boolean, required: false),
            ("ignoreDefaultVisibility", .boolean, required: false),
            ("keepRevisionForever", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useContentAsIndexableText", .boolean, required: false),
        ]),
        ("POST", "resumable/upload/drive/v3/files", "drive.files.create", [
            ("enforceSingleParent", .boolean, required: false),
            ("ignoreDefaultVisibility", .boolean, required: false),
            ("keepRevisionForever", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useContentAsIndexableText", .boolean, required: false),
        ]),
        ("POST", "upload/drive/v3/files", "drive.files.create", [
            ("enforceSingleParent", .boolean, required: false),
            ("ignoreDefaultVisibility", .boolean, required: false),
            ("keepRevisionForever", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useContentAsIndexableText", .boolean, required: false),
        ]),
        ("DELETE", "drive/v3/files/{fileId}", "drive.files.delete", [
            ("enforceSingleParent", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("DELETE", "drive/v3/files/trash", "drive.files.emptyTrash", [
            ("enforceSingleParent", .boolean, required: false),
        ]),
        ("GET", "drive/v3/files/{fileId}/export", "drive.files.export", [
            ("mimeType", .text, required: true),
        ]),
        ("GET", "drive/v3/files/generateIds", "drive.files.generateIds", [
            ("count", .integer, required: false),
        ]),
        ("GET", "drive/v3/files/{fileId}", "drive.files.get", [
            ("acknowledgeAbuse", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("GET", "drive/v3/files", "drive.files.list", [
            ("corpus", .enumeration(["domain", "user"], repeated: false), required: false),
            ("includeItemsFromAllDrives", .boolean, required: false),
            ("includeTeamDriveItems", .boolean, required: false),
            ("pageSize", .integer, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("GET", "drive/v3/files/{fileId}/listLabels", "drive.files.listLabels", [
            ("maxResults", .integer, required: false),
        ]),
        ("PATCH", "drive/v3/files/{fileId}", "drive.files.update", [
            ("enforceSingleParent", .boolean, required: false),
            ("keepRevisionForever", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useContentAsIndexableText", .boolean, required: false),
        ]),
        ("PATCH", "resumable/upload/drive/v3/files/{fileId}", "drive.files.update", [
            ("enforceSingleParent", .boolean, required: false),
            ("keepRevisionForever", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useContentAsIndexableText", .boolean, required: false),
        ]),
        ("PATCH", "upload/drive/v3/files/{fileId}", "drive.files.update", [
            ("enforceSingleParent", .boolean, required: false),
            ("keepRevisionForever", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useContentAsIndexableText", .boolean, required: false),
        ]),
        ("POST", "drive/v3/files/{fileId}/watch", "drive.files.watch", [
            ("acknowledgeAbuse", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("POST", "drive/v3/files/{fileId}/permissions", "drive.permissions.create", [
            ("enforceExpansiveAccess", .boolean, required: false),
            ("enforceSingleParent", .boolean, required: false),
            ("moveToNewOwnersRoot", .boolean, required: false),
            ("sendNotificationEmail", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("transferOwnership", .boolean, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("DELETE", "drive/v3/files/{fileId}/permissions/{permissionId}", "drive.permissions.delete", [
            ("enforceExpansiveAccess", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("GET", "drive/v3/files/{fileId}/permissions/{permissionId}", "drive.permissions.get", [
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("GET", "drive/v3/files/{fileId}/permissions", "drive.permissions.list", [
            ("pageSize", .integer, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("PATCH", "drive/v3/files/{fileId}/permissions/{permissionId}", "drive.permissions.update", [
            ("enforceExpansiveAccess", .boolean, required: false),
            ("removeExpiration", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("transferOwnership", .boolean, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("GET", "drive/v3/files/{fileId}/comments/{commentId}/replies/{replyId}", "drive.replies.get", [
            ("includeDeleted", .boolean, required: false),
        ]),
        ("GET", "drive/v3/files/{fileId}/comments/{commentId}/replies", "drive.replies.list", [
            ("includeDeleted", .boolean, required: false),
            ("pageSize", .integer, required: false),
        ]),
        ("GET", "drive/v3/files/{fileId}/revisions/{revisionId}", "drive.revisions.get", [
            ("acknowledgeAbuse", .boolean, required: false),
        ]),
        ("GET", "drive/v3/files/{fileId}/revisions", "drive.revisions.list", [
            ("pageSize", .integer, required: false),
        ]),
        ("POST", "drive/v3/teamdrives", "drive.teamdrives.create", [
            ("requestId", .text, required: true),
        ]),
        ("GET", "drive/v3/teamdrives/{teamDriveId}", "drive.teamdrives.get", [
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("GET", "drive/v3/teamdrives", "drive.teamdrives.list", [
            ("pageSize", .integer, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("PATCH", "drive/v3/teamdrives/{teamDriveId}", "drive.teamdrives.update", [
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("GET", "drive/v2/about", "drive.about.get", [
            ("includeSubscribed", .boolean, required: false),
        ]),
        ("GET", "drive/v2/changes/{changeId}", "drive.changes.get", [
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("GET", "drive/v2/changes/startPageToken", "drive.changes.getStartPageToken", [
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("GET", "drive/v2/changes", "drive.changes.list", [
            ("includeCorpusRemovals", .boolean, required: false),
            ("includeDeleted", .boolean, required: false),
            ("includeItemsFromAllDrives", .boolean, required: false),
            ("includeSubscribed", .boolean, required: false),
            ("includeTeamDriveItems", .boolean, required: false),
            ("maxResults", .integer, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("POST", "drive/v2/changes/watch", "drive.changes.watch", [
            ("includeCorpusRemovals", .boolean, required: false),
            ("includeDeleted", .boolean, required: false),
            ("includeItemsFromAllDrives", .boolean, required: false),
            ("includeSubscribed", .boolean, required: false),
            ("includeTeamDriveItems", .boolean, required: false),
            ("maxResults", .integer, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("DELETE", "drive/v2/files/{folderId}/children/{childId}", "drive.children.delete", [
            ("enforceSingleParent", .boolean, required: false),
        ]),
        ("POST", "drive/v2/files/{folderId}/children", "drive.children.insert", [
            ("enforceSingleParent", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("GET", "drive/v2/files/{folderId}/children", "drive.children.list", [
            ("maxResults", .integer, required: false),
        ]),
        ("GET", "drive/v2/files/{fileId}/comments/{commentId}", "drive.comments.get", [
            ("includeDeleted", .boolean, required: false),
        ]),
        ("GET", "drive/v2/files/{fileId}/comments", "drive.comments.list", [
            ("includeDeleted", .boolean, required: false),
            ("maxResults", .integer, required: false),
        ]),
        ("DELETE", "drive/v2/drives/{driveId}", "drive.drives.delete", [
            ("allowItemDeletion", .boolean, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("GET", "drive/v2/drives/{driveId}", "drive.drives.get", [
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("POST", "drive/v2/drives", "drive.drives.insert", [
            ("requestId", .text, required: true),
        ]),
        ("GET", "drive/v2/drives", "drive.drives.list", [
            ("maxResults", .integer, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("PUT", "drive/v2/drives/{driveId}", "drive.drives.update", [
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("POST", "drive/v2/files/{fileId}/copy", "drive.files.copy", [
            ("convert", .boolean, required: false),
            ("enforceSingleParent", .boolean, required: false),
            ("ocr", .boolean, required: false),
            ("pinned", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("visibility", .enumeration(["DEFAULT", "PRIVATE"], repeated: false), required: false),
        ]),
        ("DELETE", "drive/v2/files/{fileId}", "drive.files.delete", [
            ("enforceSingleParent", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("DELETE", "drive/v2/files/trash", "drive.files.emptyTrash", [
            ("enforceSingleParent", .boolean, required: false),
        ]),
        ("GET", "drive/v2/files/{fileId}/export", "drive.files.export", [
            ("mimeType", .text, required: true),
        ]),
        ("GET", "drive/v2/files/generateIds", "drive.files.generateIds", [
            ("maxResults", .integer, required: false),
        ]),
        ("GET", "drive/v2/files/{fileId}", "drive.files.get", [
            ("acknowledgeAbuse", .boolean, required: false),
            ("projection", .enumeration(["BASIC", "FULL"], repeated: false), required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("updateViewedDate", .boolean, required: false),
        ]),
        ("POST", "drive/v2/files", "drive.files.insert", [
            ("convert", .boolean, required: false),
            ("enforceSingleParent", .boolean, required: false),
            ("ocr", .boolean, required: false),
            ("pinned", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useContentAsIndexableText", .boolean, required: false),
            ("visibility", .enumeration(["DEFAULT", "PRIVATE"], repeated: false), required: false),
        ]),
        ("POST", "resumable/upload/drive/v2/files", "drive.files.insert", [
            ("convert", .boolean, required: false),
            ("enforceSingleParent", .boolean, required: false),
            ("ocr", .boolean, required: false),
            ("pinned", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useContentAsIndexableText", .boolean, required: false),
            ("visibility", .enumeration(["DEFAULT", "PRIVATE"], repeated: false), required: false),
        ]),
        ("POST", "upload/drive/v2/files", "drive.files.insert", [
            ("convert", .boolean, required: false),
            ("enforceSingleParent", .boolean, required: false),
            ("ocr", .boolean, required: false),
            ("pinned", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useContentAsIndexableText", .boolean, required: false),
            ("visibility", .enumeration(["DEFAULT", "PRIVATE"], repeated: false), required: false),
        ]),
        ("GET", "drive/v2/files", "drive.files.list", [
            ("corpus", .enumeration(["DEFAULT", "DOMAIN"], repeated: false), required: false),
            ("includeItemsFromAllDrives", .boolean, required: false),
            ("includeTeamDriveItems", .boolean, required: false),
            ("maxResults", .integer, required: false),
            ("projection", .enumeration(["BASIC", "FULL"], repeated: false), required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("GET", "drive/v2/files/{fileId}/listLabels", "drive.files.listLabels", [
            ("maxResults", .integer, required: false),
        ]),
        ("PATCH", "drive/v2/files/{fileId}", "drive.files.patch", [
            ("convert", .boolean, required: false),
            ("enforceSingleParent", .boolean, required: false),
            ("modifiedDateBehavior", .enumeration(["fromBody", "fromBodyIfNeeded", "fromBodyOrNow", "noChange", "now", "nowIfNeeded"], repeated: false), required: false),
            ("newRevision", .boolean, required: false),
            ("ocr", .boolean, required: false),
            ("pinned", .boolean, required: false),
            ("setModifiedDate", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("updateViewedDate", .boolean, required: false),
            ("useContentAsIndexableText", .boolean, required: false),
        ]),
        ("POST", "drive/v2/files/{fileId}/touch", "drive.files.touch", [
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("POST", "drive/v2/files/{fileId}/trash", "drive.files.trash", [
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("POST", "drive/v2/files/{fileId}/untrash", "drive.files.untrash", [
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("PUT", "drive/v2/files/{fileId}", "drive.files.update", [
            ("convert", .boolean, required: false),
            ("enforceSingleParent", .boolean, required: false),
            ("modifiedDateBehavior", .enumeration(["fromBody", "fromBodyIfNeeded", "fromBodyOrNow", "noChange", "now", "nowIfNeeded"], repeated: false), required: false),
            ("newRevision", .boolean, required: false),
            ("ocr", .boolean, required: false),
            ("pinned", .boolean, required: false),
            ("setModifiedDate", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("updateViewedDate", .boolean, required: false),
            ("useContentAsIndexableText", .boolean, required: false),
        ]),
        ("PUT", "resumable/upload/drive/v2/files/{fileId}", "drive.files.update", [
            ("convert", .boolean, required: false),
            ("enforceSingleParent", .boolean, required: false),
            ("modifiedDateBehavior", .enumeration(["fromBody", "fromBodyIfNeeded", "fromBodyOrNow", "noChange", "now", "nowIfNeeded"], repeated: false), required: false),
            ("newRevision", .boolean, required: false),
            ("ocr", .boolean, required: false),
            ("pinned", .boolean, required: false),
            ("setModifiedDate", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("updateViewedDate", .boolean, required: false),
            ("useContentAsIndexableText", .boolean, required: false),
        ]),
        ("PUT", "upload/drive/v2/files/{fileId}", "drive.files.update", [
            ("convert", .boolean, required: false),
            ("enforceSingleParent", .boolean, required: false),
            ("modifiedDateBehavior", .enumeration(["fromBody", "fromBodyIfNeeded", "fromBodyOrNow", "noChange", "now", "nowIfNeeded"], repeated: false), required: false),
            ("newRevision", .boolean, required: false),
            ("ocr", .boolean, required: false),
            ("pinned", .boolean, required: false),
            ("setModifiedDate", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("updateViewedDate", .boolean, required: false),
            ("useContentAsIndexableText", .boolean, required: false),
        ]),
        ("POST", "drive/v2/files/{fileId}/watch", "drive.files.watch", [
            ("acknowledgeAbuse", .boolean, required: false),
            ("projection", .enumeration(["BASIC", "FULL"], repeated: false), required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("updateViewedDate", .boolean, required: false),
        ]),
        ("DELETE", "drive/v2/files/{fileId}/parents/{parentId}", "drive.parents.delete", [
            ("enforceSingleParent", .boolean, required: false),
        ]),
        ("POST", "drive/v2/files/{fileId}/parents", "drive.parents.insert", [
            ("enforceSingleParent", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
        ]),
        ("DELETE", "drive/v2/files/{fileId}/permissions/{permissionId}", "drive.permissions.delete", [
            ("enforceExpansiveAccess", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("GET", "drive/v2/files/{fileId}/permissions/{permissionId}", "drive.permissions.get", [
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("POST", "drive/v2/files/{fileId}/permissions", "drive.permissions.insert", [
            ("enforceExpansiveAccess", .boolean, required: false),
            ("enforceSingleParent", .boolean, required: false),
            ("moveToNewOwnersRoot", .boolean, required: false),
            ("sendNotificationEmails", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("GET", "drive/v2/files/{fileId}/permissions", "drive.permissions.list", [
            ("maxResults", .integer, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("PATCH", "drive/v2/files/{fileId}/permissions/{permissionId}", "drive.permissions.patch", [
            ("enforceExpansiveAccess", .boolean, required: false),
            ("removeExpiration", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("transferOwnership", .boolean, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("PUT", "drive/v2/files/{fileId}/permissions/{permissionId}", "drive.permissions.update", [
            ("enforceExpansiveAccess", .boolean, required: false),
            ("removeExpiration", .boolean, required: false),
            ("supportsAllDrives", .boolean, required: false),
            ("supportsTeamDrives", .boolean, required: false),
            ("transferOwnership", .boolean, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("GET", "drive/v2/files/{fileId}/comments/{commentId}/replies/{replyId}", "drive.replies.get", [
            ("includeDeleted", .boolean, required: false),
        ]),
        ("GET", "drive/v2/files/{fileId}/comments/{commentId}/replies", "drive.replies.list", [
            ("includeDeleted", .boolean, required: false),
            ("maxResults", .integer, required: false),
        ]),
        ("GET", "drive/v2/files/{fileId}/revisions", "drive.revisions.list", [
            ("maxResults", .integer, required: false),
        ]),
        ("GET", "drive/v2/teamdrives/{teamDriveId}", "drive.teamdrives.get", [
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("POST", "drive/v2/teamdrives", "drive.teamdrives.insert", [
            ("requestId", .text, required: true),
        ]),
        ("GET", "drive/v2/teamdrives", "drive.teamdrives.list", [
            ("maxResults", .integer, required: false),
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("PUT", "drive/v2/teamdrives/{teamDriveId}", "drive.teamdrives.update", [
            ("useDomainAdminAccess", .boolean, required: false),
        ]),
        ("GET", "v1/contactGroups:batchGet", "people.contactGroups.batchGet", [
            ("maxMembers", .integer, required: false),
        ]),
        ("DELETE", "v1/contactGroups/{contactGroupsId}", "people.contactGroups.delete", [
            ("deleteContacts", .boolean, required: false),
        ]),
        ("GET", "v1/contactGroups/{contactGroupsId}", "people.contactGroups.get", [
            ("maxMembers", .integer, required: false),
        ]),
        ("GET", "v1/contactGroups", "people.contactGroups.list", [
            ("pageSize", .integer, required: false),
        ]),
        ("GET", "v1/otherContacts", "people.otherContacts.list", [
            ("pageSize", .integer, required: false),
            ("requestSyncToken", .boolean, required: false),
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true), required: false),
        ]),
        ("GET", "v1/otherContacts:search", "people.otherContacts.search", [
            ("pageSize", .integer, required: false),
        ]),
        ("POST", "v1/people:createContact", "people.people.createContact", [
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true), required: false),
        ]),
        ("DELETE", "v1/people/{peopleId}:deleteContactPhoto", "people.people.deleteContactPhoto", [
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true), required: false),
        ]),
        ("GET", "v1/people/{peopleId}", "people.people.get", [
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true), required: false),
        ]),
        ("GET", "v1/people:batchGet", "people.people.getBatchGet", [
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true), required: false),
        ]),
        ("GET", "v1/people:listDirectoryPeople", "people.people.listDirectoryPeople", [
            ("mergeSources", .enumeration(["DIRECTORY_MERGE_SOURCE_TYPE_UNSPECIFIED", "DIRECTORY_MERGE_SOURCE_TYPE_CONTACT"], repeated: true), required: false),
            ("pageSize", .integer, required: false),
            ("requestSyncToken", .boolean, required: false),
            ("sources", .enumeration(["DIRECTORY_SOURCE_TYPE_UNSPECIFIED", "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT", "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE"], repeated: true), required: false),
        ]),
        ("GET", "v1/people:searchContacts", "people.people.searchContacts", [
            ("pageSize", .integer, required: false),
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true), required: false),
        ]),
        ("GET", "v1/people:searchDirectoryPeople", "people.people.searchDirectoryPeople", [
            ("mergeSources", .enumeration(["DIRECTORY_MERGE_SOURCE_TYPE_UNSPECIFIED", "DIRECTORY_MERGE_SOURCE_TYPE_CONTACT"], repeated: true), required: false),
            ("pageSize", .integer, required: false),
            ("sources", .enumeration(["DIRECTORY_SOURCE_TYPE_UNSPECIFIED", "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT", "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE"], repeated: true), required: false),
        ]),
        ("PATCH", "v1/people/{peopleId}:updateContact", "people.people.updateContact", [
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true), required: false),
        ]),
        ("GET", "v1/people/{peopleId}/connections", "people.people.connections.list", [
            ("pageSize", .integer, required: false),
            ("requestSyncToken", .boolean, required: false),
            ("sortOrder", .enumeration(["LAST_MODIFIED_ASCENDING", "LAST_MODIFIED_DESCENDING", "FIRST_NAME_ASCENDING", "LAST_NAME_ASCENDING"], repeated: false), required: false),
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true), required: false),
        ]),
    ]
}
