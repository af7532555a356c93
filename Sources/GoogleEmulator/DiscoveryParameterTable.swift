// Made by Scripts/discovery-parameters.py from Google's discovery documents (shared/google/
// discovery): do not edit by hand, run the script again.

/// The boolean, integer and enum query parameters of each method of Calendar v3, Drive v3
/// and People v1 (standard parameters aside), by HTTP method and path pattern.
extension DiscoveryParameters {
    static let table: [(method: String, pattern: String, id: String, parameters: [(String, Kind)])] = [
        ("POST", "calendar/v3/calendars/{calendarId}/acl", "calendar.acl.insert", [
            ("sendNotifications", .boolean),
        ]),
        ("GET", "calendar/v3/calendars/{calendarId}/acl", "calendar.acl.list", [
            ("maxResults", .integer),
            ("showDeleted", .boolean),
        ]),
        ("PATCH", "calendar/v3/calendars/{calendarId}/acl/{ruleId}", "calendar.acl.patch", [
            ("sendNotifications", .boolean),
        ]),
        ("PUT", "calendar/v3/calendars/{calendarId}/acl/{ruleId}", "calendar.acl.update", [
            ("sendNotifications", .boolean),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/acl/watch", "calendar.acl.watch", [
            ("maxResults", .integer),
            ("showDeleted", .boolean),
        ]),
        ("POST", "calendar/v3/users/me/calendarList", "calendar.calendarList.insert", [
            ("colorRgbFormat", .boolean),
        ]),
        ("GET", "calendar/v3/users/me/calendarList", "calendar.calendarList.list", [
            ("maxResults", .integer),
            ("minAccessRole", .enumeration(["freeBusyReader", "owner", "reader", "writer", "writerWithoutPrivateAccess"], repeated: false)),
            ("showDeleted", .boolean),
            ("showHidden", .boolean),
            ("showOwnOrganizationOnly", .boolean),
        ]),
        ("PATCH", "calendar/v3/users/me/calendarList/{calendarId}", "calendar.calendarList.patch", [
            ("colorRgbFormat", .boolean),
        ]),
        ("PUT", "calendar/v3/users/me/calendarList/{calendarId}", "calendar.calendarList.update", [
            ("colorRgbFormat", .boolean),
        ]),
        ("POST", "calendar/v3/users/me/calendarList/watch", "calendar.calendarList.watch", [
            ("maxResults", .integer),
            ("minAccessRole", .enumeration(["freeBusyReader", "owner", "reader", "writer", "writerWithoutPrivateAccess"], repeated: false)),
            ("showDeleted", .boolean),
            ("showHidden", .boolean),
            ("showOwnOrganizationOnly", .boolean),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/transferOwnership", "calendar.calendars.transferOwnership", [
            ("useAdminAccess", .boolean),
        ]),
        ("DELETE", "calendar/v3/calendars/{calendarId}/events/{eventId}", "calendar.events.delete", [
            ("sendNotifications", .boolean),
            ("sendUpdates", .enumeration(["all", "externalOnly", "none"], repeated: false)),
        ]),
        ("GET", "calendar/v3/calendars/{calendarId}/events/{eventId}", "calendar.events.get", [
            ("alwaysIncludeEmail", .boolean),
            ("maxAttendees", .integer),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/events/import", "calendar.events.import", [
            ("conferenceDataVersion", .integer),
            ("eventLabelVersion", .integer),
            ("supportsAttachments", .boolean),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/events", "calendar.events.insert", [
            ("conferenceDataVersion", .integer),
            ("eventLabelVersion", .integer),
            ("maxAttendees", .integer),
            ("sendNotifications", .boolean),
            ("sendUpdates", .enumeration(["all", "externalOnly", "none"], repeated: false)),
            ("supportsAttachments", .boolean),
        ]),
        ("GET", "calendar/v3/calendars/{calendarId}/events/{eventId}/instances", "calendar.events.instances", [
            ("alwaysIncludeEmail", .boolean),
            ("maxAttendees", .integer),
            ("maxResults", .integer),
            ("showDeleted", .boolean),
        ]),
        ("GET", "calendar/v3/calendars/{calendarId}/events", "calendar.events.list", [
            ("alwaysIncludeEmail", .boolean),
            ("eventTypes", .enumeration(["birthday", "default", "focusTime", "fromGmail", "outOfOffice", "workingLocation"], repeated: true)),
            ("maxAttendees", .integer),
            ("maxResults", .integer),
            ("orderBy", .enumeration(["startTime", "updated"], repeated: false)),
            ("showDeleted", .boolean),
            ("showHiddenInvitations", .boolean),
            ("singleEvents", .boolean),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/events/{eventId}/move", "calendar.events.move", [
            ("sendNotifications", .boolean),
            ("sendUpdates", .enumeration(["all", "externalOnly", "none"], repeated: false)),
        ]),
        ("PATCH", "calendar/v3/calendars/{calendarId}/events/{eventId}", "calendar.events.patch", [
            ("alwaysIncludeEmail", .boolean),
            ("conferenceDataVersion", .integer),
            ("eventLabelVersion", .integer),
            ("maxAttendees", .integer),
            ("sendNotifications", .boolean),
            ("sendUpdates", .enumeration(["all", "externalOnly", "none"], repeated: false)),
            ("supportsAttachments", .boolean),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/events/quickAdd", "calendar.events.quickAdd", [
            ("sendNotifications", .boolean),
            ("sendUpdates", .enumeration(["all", "externalOnly", "none"], repeated: false)),
        ]),
        ("PUT", "calendar/v3/calendars/{calendarId}/events/{eventId}", "calendar.events.update", [
            ("alwaysIncludeEmail", .boolean),
            ("conferenceDataVersion", .integer),
            ("eventLabelVersion", .integer),
            ("maxAttendees", .integer),
            ("sendNotifications", .boolean),
            ("sendUpdates", .enumeration(["all", "externalOnly", "none"], repeated: false)),
            ("supportsAttachments", .boolean),
        ]),
        ("POST", "calendar/v3/calendars/{calendarId}/events/watch", "calendar.events.watch", [
            ("alwaysIncludeEmail", .boolean),
            ("eventTypes", .enumeration(["birthday", "default", "focusTime", "fromGmail", "outOfOffice", "workingLocation"], repeated: true)),
            ("maxAttendees", .integer),
            ("maxResults", .integer),
            ("orderBy", .enumeration(["startTime", "updated"], repeated: false)),
            ("showDeleted", .boolean),
            ("showHiddenInvitations", .boolean),
            ("singleEvents", .boolean),
        ]),
        ("GET", "calendar/v3/users/me/settings", "calendar.settings.list", [
            ("maxResults", .integer),
        ]),
        ("POST", "calendar/v3/users/me/settings/watch", "calendar.settings.watch", [
            ("maxResults", .integer),
        ]),
        ("GET", "drive/v3/files/{fileId}/accessproposals", "drive.accessproposals.list", [
            ("pageSize", .integer),
        ]),
        ("GET", "drive/v3/files/{fileId}/approvals", "drive.approvals.list", [
            ("pageSize", .integer),
        ]),
        ("GET", "drive/v3/changes/startPageToken", "drive.changes.getStartPageToken", [
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
        ]),
        ("GET", "drive/v3/changes", "drive.changes.list", [
            ("includeCorpusRemovals", .boolean),
            ("includeItemsFromAllDrives", .boolean),
            ("includeRemoved", .boolean),
            ("includeTeamDriveItems", .boolean),
            ("pageSize", .integer),
            ("restrictToMyDrive", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
        ]),
        ("POST", "drive/v3/changes/watch", "drive.changes.watch", [
            ("includeCorpusRemovals", .boolean),
            ("includeItemsFromAllDrives", .boolean),
            ("includeRemoved", .boolean),
            ("includeTeamDriveItems", .boolean),
            ("pageSize", .integer),
            ("restrictToMyDrive", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
        ]),
        ("GET", "drive/v3/files/{fileId}/comments/{commentId}", "drive.comments.get", [
            ("includeDeleted", .boolean),
        ]),
        ("GET", "drive/v3/files/{fileId}/comments", "drive.comments.list", [
            ("includeDeleted", .boolean),
            ("pageSize", .integer),
        ]),
        ("DELETE", "drive/v3/drives/{driveId}", "drive.drives.delete", [
            ("allowItemDeletion", .boolean),
            ("useDomainAdminAccess", .boolean),
        ]),
        ("GET", "drive/v3/drives/{driveId}", "drive.drives.get", [
            ("useDomainAdminAccess", .boolean),
        ]),
        ("GET", "drive/v3/drives", "drive.drives.list", [
            ("pageSize", .integer),
            ("useDomainAdminAccess", .boolean),
        ]),
        ("PATCH", "drive/v3/drives/{driveId}", "drive.drives.update", [
            ("useDomainAdminAccess", .boolean),
        ]),
        ("POST", "drive/v3/files/{fileId}/copy", "drive.files.copy", [
            ("copyComments", .boolean),
            ("enforceSingleParent", .boolean),
            ("ignoreDefaultVisibility", .boolean),
            ("keepRevisionForever", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
        ]),
        ("POST", "drive/v3/files", "drive.files.create", [
            ("enforceSingleParent", .boolean),
            ("ignoreDefaultVisibility", .boolean),
            ("keepRevisionForever", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
            ("useContentAsIndexableText", .boolean),
        ]),
        ("POST", "resumable/upload/drive/v3/files", "drive.files.create", [
            ("enforceSingleParent", .boolean),
            ("ignoreDefaultVisibility", .boolean),
            ("keepRevisionForever", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
            ("useContentAsIndexableText", .boolean),
        ]),
        ("POST", "upload/drive/v3/files", "drive.files.create", [
            ("enforceSingleParent", .boolean),
            ("ignoreDefaultVisibility", .boolean),
            ("keepRevisionForever", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
            ("useContentAsIndexableText", .boolean),
        ]),
        ("DELETE", "drive/v3/files/{fileId}", "drive.files.delete", [
            ("enforceSingleParent", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
        ]),
        ("DELETE", "drive/v3/files/trash", "drive.files.emptyTrash", [
            ("enforceSingleParent", .boolean),
        ]),
        ("GET", "drive/v3/files/generateIds", "drive.files.generateIds", [
            ("count", .integer),
        ]),
        ("GET", "drive/v3/files/{fileId}", "drive.files.get", [
            ("acknowledgeAbuse", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
        ]),
        ("GET", "drive/v3/files", "drive.files.list", [
            ("corpus", .enumeration(["domain", "user"], repeated: false)),
            ("includeItemsFromAllDrives", .boolean),
            ("includeTeamDriveItems", .boolean),
            ("pageSize", .integer),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
        ]),
        ("GET", "drive/v3/files/{fileId}/listLabels", "drive.files.listLabels", [
            ("maxResults", .integer),
        ]),
        ("PATCH", "drive/v3/files/{fileId}", "drive.files.update", [
            ("enforceSingleParent", .boolean),
            ("keepRevisionForever", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
            ("useContentAsIndexableText", .boolean),
        ]),
        ("PATCH", "resumable/upload/drive/v3/files/{fileId}", "drive.files.update", [
            ("enforceSingleParent", .boolean),
            ("keepRevisionForever", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
            ("useContentAsIndexableText", .boolean),
        ]),
        ("PATCH", "upload/drive/v3/files/{fileId}", "drive.files.update", [
            ("enforceSingleParent", .boolean),
            ("keepRevisionForever", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
            ("useContentAsIndexableText", .boolean),
        ]),
        ("POST", "drive/v3/files/{fileId}/watch", "drive.files.watch", [
            ("acknowledgeAbuse", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
        ]),
        ("POST", "drive/v3/files/{fileId}/permissions", "drive.permissions.create", [
            ("enforceExpansiveAccess", .boolean),
            ("enforceSingleParent", .boolean),
            ("moveToNewOwnersRoot", .boolean),
            ("sendNotificationEmail", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
            ("transferOwnership", .boolean),
            ("useDomainAdminAccess", .boolean),
        ]),
        ("DELETE", "drive/v3/files/{fileId}/permissions/{permissionId}", "drive.permissions.delete", [
            ("enforceExpansiveAccess", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
            ("useDomainAdminAccess", .boolean),
        ]),
        ("GET", "drive/v3/files/{fileId}/permissions/{permissionId}", "drive.permissions.get", [
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
            ("useDomainAdminAccess", .boolean),
        ]),
        ("GET", "drive/v3/files/{fileId}/permissions", "drive.permissions.list", [
            ("pageSize", .integer),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
            ("useDomainAdminAccess", .boolean),
        ]),
        ("PATCH", "drive/v3/files/{fileId}/permissions/{permissionId}", "drive.permissions.update", [
            ("enforceExpansiveAccess", .boolean),
            ("removeExpiration", .boolean),
            ("supportsAllDrives", .boolean),
            ("supportsTeamDrives", .boolean),
            ("transferOwnership", .boolean),
            ("useDomainAdminAccess", .boolean),
        ]),
        ("GET", "drive/v3/files/{fileId}/comments/{commentId}/replies/{replyId}", "drive.replies.get", [
            ("includeDeleted", .boolean),
        ]),
        ("GET", "drive/v3/files/{fileId}/comments/{commentId}/replies", "drive.replies.list", [
            ("includeDeleted", .boolean),
            ("pageSize", .integer),
        ]),
        ("GET", "drive/v3/files/{fileId}/revisions/{revisionId}", "drive.revisions.get", [
            ("acknowledgeAbuse", .boolean),
        ]),
        ("GET", "drive/v3/files/{fileId}/revisions", "drive.revisions.list", [
            ("pageSize", .integer),
        ]),
        ("GET", "drive/v3/teamdrives/{teamDriveId}", "drive.teamdrives.get", [
            ("useDomainAdminAccess", .boolean),
        ]),
        ("GET", "drive/v3/teamdrives", "drive.teamdrives.list", [
            ("pageSize", .integer),
            ("useDomainAdminAccess", .boolean),
        ]),
        ("PATCH", "drive/v3/teamdrives/{teamDriveId}", "drive.teamdrives.update", [
            ("useDomainAdminAccess", .boolean),
        ]),
        ("GET", "v1/contactGroups:batchGet", "people.contactGroups.batchGet", [
            ("maxMembers", .integer),
        ]),
        ("DELETE", "v1/contactGroups/{contactGroupsId}", "people.contactGroups.delete", [
            ("deleteContacts", .boolean),
        ]),
        ("GET", "v1/contactGroups/{contactGroupsId}", "people.contactGroups.get", [
            ("maxMembers", .integer),
        ]),
        ("GET", "v1/contactGroups", "people.contactGroups.list", [
            ("pageSize", .integer),
        ]),
        ("GET", "v1/otherContacts", "people.otherContacts.list", [
            ("pageSize", .integer),
            ("requestSyncToken", .boolean),
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true)),
        ]),
        ("GET", "v1/otherContacts:search", "people.otherContacts.search", [
            ("pageSize", .integer),
        ]),
        ("POST", "v1/people:createContact", "people.people.createContact", [
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true)),
        ]),
        ("DELETE", "v1/people/{peopleId}:deleteContactPhoto", "people.people.deleteContactPhoto", [
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true)),
        ]),
        ("GET", "v1/people/{peopleId}", "people.people.get", [
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true)),
        ]),
        ("GET", "v1/people:batchGet", "people.people.getBatchGet", [
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true)),
        ]),
        ("GET", "v1/people:listDirectoryPeople", "people.people.listDirectoryPeople", [
            ("mergeSources", .enumeration(["DIRECTORY_MERGE_SOURCE_TYPE_UNSPECIFIED", "DIRECTORY_MERGE_SOURCE_TYPE_CONTACT"], repeated: true)),
            ("pageSize", .integer),
            ("requestSyncToken", .boolean),
            ("sources", .enumeration(["DIRECTORY_SOURCE_TYPE_UNSPECIFIED", "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT", "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE"], repeated: true)),
        ]),
        ("GET", "v1/people:searchContacts", "people.people.searchContacts", [
            ("pageSize", .integer),
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true)),
        ]),
        ("GET", "v1/people:searchDirectoryPeople", "people.people.searchDirectoryPeople", [
            ("mergeSources", .enumeration(["DIRECTORY_MERGE_SOURCE_TYPE_UNSPECIFIED", "DIRECTORY_MERGE_SOURCE_TYPE_CONTACT"], repeated: true)),
            ("pageSize", .integer),
            ("sources", .enumeration(["DIRECTORY_SOURCE_TYPE_UNSPECIFIED", "DIRECTORY_SOURCE_TYPE_DOMAIN_CONTACT", "DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE"], repeated: true)),
        ]),
        ("PATCH", "v1/people/{peopleId}:updateContact", "people.people.updateContact", [
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true)),
        ]),
        ("GET", "v1/people/{peopleId}/connections", "people.people.connections.list", [
            ("pageSize", .integer),
            ("requestSyncToken", .boolean),
            ("sortOrder", .enumeration(["LAST_MODIFIED_ASCENDING", "LAST_MODIFIED_DESCENDING", "FIRST_NAME_ASCENDING", "LAST_NAME_ASCENDING"], repeated: false)),
            ("sources", .enumeration(["READ_SOURCE_TYPE_UNSPECIFIED", "READ_SOURCE_TYPE_PROFILE", "READ_SOURCE_TYPE_CONTACT", "READ_SOURCE_TYPE_DOMAIN_CONTACT", "READ_SOURCE_TYPE_OTHER_CONTACT"], repeated: true)),
        ]),
    ]
}
