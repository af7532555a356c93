import Foundation

/// The member names of every schema in each discovery document (calendar v3 rev 20261030,
/// drive v3 rev 20261106, people v1 rev 20251117), for checking a `fields` selector: a name
/// no schema has is Google's 400 "Invalid field selection NAME". `maps` are the members
/// whose values are maps (`properties`, `exportLinks`, `calendars` of free/busy…): their keys
/// are data, not names, and are not checked. Made from the documents with a script; a
/// name of any schema of the API passes, so this refuses typos, never a real selection.
struct FieldVocabulary: Sendable {
    let names: Set<String>
    let maps: Set<String>

    static func of(_ api: API) -> FieldVocabulary? {
        switch api {
        case .calendar: return calendar
        case .drive: return drive
        case .people: return people
        case .oauth, .control: return nil
        }
    }

    static let calendar = FieldVocabulary(
        names: Set("""
            accessCode accessRole addOnParameters additionalGuests address allowedConferenceSolutionTypes anyoneCanAddSelf
            asyncOperation attachments attendees attendeesOmitted autoAcceptInvitations autoDeclineMode availableTimes
            background backgroundColor birthdayProperties buildingId busy calendar calendarExpansionMax calendars
            chatStatus colorId comment conferenceData conferenceId conferenceProperties conferenceSolution
            conferenceSolutionKey contact createRequest created creator customLocation customTypeName dataOwner date
            dateTime dayOfWeek declineMessage defaultReminders deleted description deskId display displayName domain email
            end endTimeUnspecified entryPointFeatures entryPointType entryPoints errors etag event eventLabelId
            eventLabels eventType expiration extendedProperties fileId fileUrl floorId floorSectionId focusTimeProperties
            foreground foregroundColor gadget groupExpansionMax groups guestsCanInviteOthers guestsCanModify
            guestsCanSeeOtherGuests hangoutLink height hidden homeOffice htmlLink iCalUID iconLink iconUri id items key
            kind label labelProperties link location locked meetingCode method mimeType minutes name nextPageToken
            nextSyncToken notes notificationSettings notifications officeLocation optional organizer originalStartTime
            outOfOfficeProperties overrides parameters params passcode password payload periodEnd periodStart pin
            preferences primary private privateCopy reason recurrence recurringEventId regionCode reminders requestId
            resource resourceId resourceUri responseStatus role scope selected self sequence shared signature source start
            status statusCode summary summaryOverride timeMax timeMin timeZone title token transparency type updated uri
            url useDefault value visibility width workingHours workingHoursEnabled workingLocationProperties
            """.split(whereSeparator: \.isWhitespace).map(String.init)),
        maps: ["calendar", "calendars", "event", "groups", "parameters", "params", "preferences", "private", "shared"])

    static let drive = FieldVocabulary(
        names: Set("""
            accessProposals action addReviewers addedReviewerEmail address adminManagedRestrictions aes256GcmChunkSize
            allowFileDiscovery altitude anchor aperture appInstalled appProperties approvalId approvedRevisionId
            assigneeEmailAddress author authorized backgroundImageFile backgroundImageLink cameraMake cameraModel
            canAcceptOwnership canAccessViaGenAi canAddChildren canAddFolderFromAnotherDrive canAddMyDriveParent
            canChangeCopyRequiresWriterPermission canChangeCopyRequiresWriterPermissionRestriction
            canChangeDomainUsersOnlyRestriction canChangeDownloadRestriction canChangeDriveBackground
            canChangeDriveMembersOnlyRestriction canChangeItemDownloadRestriction canChangeSecurityUpdateEnabled
            canChangeSharingFoldersRequiresOrganizerPermissionRestriction canChangeTeamDriveBackground
            canChangeTeamMembersOnlyRestriction canChangeViewersCanCopyContent canComment canCopy canCreateDrives
            canCreateTeamDrives canDelete canDeleteChildren canDeleteDrive canDeleteTeamDrive
            canDisableInheritedPermissions canDownload canEdit canEnableInheritedPermissions canListChildren
            canManageMembers canModifyContent canModifyContentRestriction canModifyEditorContentRestriction
            canModifyLabels canModifyOwnerContentRestriction canMoveChildrenOutOfDrive canMoveChildrenOutOfTeamDrive
            canMoveChildrenWithinDrive canMoveChildrenWithinTeamDrive canMoveItemIntoTeamDrive canMoveItemOutOfDrive
            canMoveItemOutOfTeamDrive canMoveItemWithinDrive canMoveItemWithinTeamDrive canMoveTeamDriveItem canReadDrive
            canReadLabels canReadRevisions canReadTeamDrive canRemoveChildren canRemoveContentRestriction
            canRemoveMyDriveParent canRename canRenameDrive canRenameTeamDrive canResetDriveRestrictions
            canResetTeamDriveRestrictions canShare canStartApproval canTrash canTrashChildren canUntrash capabilities
            category changeType changes clientEncryptionDetails code colorRgb colorSpace comments completeTime content
            contentHints contentRestrictions copyRequiresWriterPermission createInFolderTemplate createTime createUrl
            createdTime currentKaclsId currentKaclsName dateString decryptionMetadata defaultAppIds deleted description
            details displayName domain domainUsersOnly done downloadRestriction downloadRestrictions drive driveId
            driveMembersOnly driveThemes drives dueTime durationMillis effectiveDownloadRestrictionWithContext
            emailAddress encryptionResourceKeyHash encryptionState error expiration expirationTime explicitlyTrashed
            exportFormats exportLinks exposureBias exposureMode exposureTime fieldId fieldModifications fields file
            fileContentChangeBehavior fileExtension fileId files flashUsed focalLength folderColorPalette folderColorRgb
            fullFileExtension hasAugmentedPermissions hasDriveWideScope hasThumbnail headRevisionId height hidden
            htmlContent iconLink iconUrl icons id ids image imageMediaMetadata importFormats incompleteSearch
            indexableText inherited inheritedFrom inheritedPermissionsDisabled initiator installed integer isAppAuthorized
            isoSpeed itemDownloadRestriction items jwt kaclsId kaclsName keepForever keyFormat kind labelId labelInfo
            labelModifications labels lastModifyingUser latitude lens limit linkShareMetadata location lockFile
            longDescription longitude maxApertureValue maxImportSizes maxUploadSize md5Checksum me mentionedEmailAddresses
            message metadata meteringMode mimeType modifiedByMe modifiedByMeTime modifiedLabels modifiedTime modifyTime
            name newStartPageToken nextPageToken objectType openUrlTemplate orgUnitId originalFilename ownedByMe
            ownerRestricted owners params parents payload pendingOwner permissionDetails permissionId permissionIds
            permissionType permissions photoLink primaryFileExtensions primaryMimeTypes productId productUrl properties
            proposalId publishAuto published publishedLink publishedOutsideDomain quotaBytesUsed quotedFileContent
            readOnly reason recipientEmailAddress removeLabel removed removedReviewerEmail replaceReviewers replies
            requestMessage requesterEmailAddress resolved resourceId resourceKey resourceUri response restrictedForReaders
            restrictedForWriters restrictingUser restrictionTime restrictions reviewer reviewerEmails reviewerResponses
            revisionId revisions role rolesAndViews rotation secondaryFileExtensions secondaryMimeTypes
            securityUpdateEligible securityUpdateEnabled selection selfLink sendNotification sensor setDateValues
            setIntegerValues setSelectionValues setTextValues setUserValues sha1Checksum sha256Checksum shared
            sharedWithMeTime sharingFoldersRequiresOrganizerPermission sharingUser shortDescription shortcutDetails size
            space spaces starred startPageToken status storageQuota subjectDistance supportsCreate supportsImport
            supportsMultiOpen supportsOfflineCreate systemRestricted targetFileId targetId targetMimeType
            targetResourceKey teamDrive teamDriveId teamDrivePermissionDetails teamDrivePermissionType teamDriveThemes
            teamDrives teamMembersOnly text themeId thumbnail thumbnailLink thumbnailVersion time token trashed
            trashedTime trashingUser type unsetValues usage usageInDrive usageInDriveTrash useByDefault user value
            valueType version videoMediaMetadata view viewedByMe viewedByMeTime viewersCanCopyContent webContentLink
            webViewLink whiteBalance width wrappedKey writersCanShare xCoordinate yCoordinate
            """.split(whereSeparator: \.isWhitespace).map(String.init)),
        maps: ["appProperties", "details", "exportFormats", "exportLinks", "fields", "importFormats", "maxImportSizes", "metadata", "params", "properties", "response"])

    /// Drive v2's (drive v2 rev 20260916, as google-api-python-client 2.202.0 ships it), for
    /// `fields` on `/drive/v2/` (`title`, `labels`, `fileSize`…).
    static let driveV2 = FieldVocabulary(
        names: Set("""
            additionalRoleInfo additionalRoles address adminManagedRestrictions aes256GcmChunkSize alternateLink altitude
            anchor aperture appDataContents authKey author authorized backgroundImageFile backgroundImageLink bytesUsed
            cameraMake cameraModel canAcceptOwnership canAddChildren canAddFolderFromAnotherDrive canAddMyDriveParent
            canChangeCopyRequiresWriterPermission canChangeCopyRequiresWriterPermissionRestriction
            canChangeDomainUsersOnlyRestriction canChangeDriveBackground canChangeDriveMembersOnlyRestriction
            canChangeRestrictedDownload canChangeSecurityUpdateEnabled
            canChangeSharingFoldersRequiresOrganizerPermissionRestriction canChangeTeamDriveBackground
            canChangeTeamMembersOnlyRestriction canComment canCopy canCreateDrives canCreateTeamDrives canDelete
            canDeleteChildren canDeleteDrive canDeleteTeamDrive canDisableInheritedPermissions canDownload canEdit
            canEnableInheritedPermissions canListChildren canManageMembers canModifyContent canModifyContentRestriction
            canModifyEditorContentRestriction canModifyLabels canModifyOwnerContentRestriction canMoveChildrenOutOfDrive
            canMoveChildrenOutOfTeamDrive canMoveChildrenWithinDrive canMoveChildrenWithinTeamDrive canMoveItemIntoTeamDrive
            canMoveItemOutOfDrive canMoveItemOutOfTeamDrive canMoveItemWithinDrive canMoveItemWithinTeamDrive
            canMoveTeamDriveItem canReadDrive canReadLabels canReadRevisions canReadTeamDrive canRemoveChildren
            canRemoveContentRestriction canRemoveMyDriveParent canRename canRenameDrive canRenameTeamDrive
            canResetDriveRestrictions canResetTeamDriveRestrictions canShare canTrash canTrashChildren canUntrash
            capabilities category changeType childLink clientEncryptionDetails colorRgb colorSpace commentId content
            contentRestrictions context copyable copyRequiresWriterPermission createdDate createInFolderTemplate createUrl
            currentKaclsId currentKaclsName date dateString decryptionMetadata defaultAppIds defaultOpenWithLink deleted
            description displayName domain domainSharingPolicy domainUsersOnly downloadUrl drive driveId driveMembersOnly
            driveThemes durationMillis editable emailAddress embedLink encryptionResourceKeyHash encryptionState etag
            expiration expirationDate explicitlyTrashed exportFormats exportLinks exposureBias exposureMode exposureTime
            featureName featureRate features fieldId fieldModifications fields file fileExtension fileId fileSize fileTitle
            flashUsed focalLength folderColorPalette folderColorRgb fullFileExtension hasAugmentedPermissions
            hasDriveWideScope hasThumbnail headRevisionId height hidden htmlContent iconLink icons iconUrl id ids image
            imageMediaMetadata importFormats incompleteSearch indexableText inherited inheritedFrom
            inheritedPermissionsDisabled installed integer isAppAuthorized isAuthenticatedUser isCurrentAppInstalled
            isoSpeed isRoot items jwt kaclsId kaclsName key keyFormat kind labelId labelInfo labelModifications labels
            languageCode largestChangeId lastModifyingUser lastModifyingUserName lastViewedByMeDate latitude lens
            linkShareMetadata location longDescription longitude markedViewedByMeDate maxApertureValue maxUploadSizes
            md5Checksum meteringMode mimeType modificationDate modified modifiedByMeDate modifiedDate modifiedLabels name
            newStartPageToken nextLink nextPageToken objectType openUrlTemplate openWithLinks orgUnitId originalFilename
            ownedByMe ownerNames ownerRestricted owners params parentLink parents payload pendingOwner permissionDetails
            permissionId permissionIds permissions permissionType photoLink picture pinned primaryFileExtensions
            primaryMimeTypes primaryRole productId productUrl properties publishAuto published publishedLink
            publishedOutsideDomain quotaBytesByService quotaBytesTotal quotaBytesUsed quotaBytesUsedAggregate
            quotaBytesUsedInTrash quotaType readOnly reason remainingChangeIds removeLabel replies replyId resourceId
            resourceKey resourceUri restricted restrictingUser restrictionDate restrictions revisionId role roleSets
            rootFolderId rotation secondaryFileExtensions secondaryMimeTypes securityUpdateEligible securityUpdateEnabled
            selection selfLink sensor serviceName setDateValues setIntegerValues setSelectionValues setTextValues
            setUserValues sha1Checksum sha256Checksum shareable shared sharedWithMeDate
            sharingFoldersRequiresOrganizerPermission sharingUser shortcutDetails shortDescription size source space spaces
            starred startPageToken status subjectDistance supportsCreate supportsImport supportsMultiOpen
            supportsOfflineCreate systemRestricted targetId targetMimeType targetResourceKey targets teamDrive teamDriveId
            teamDrivePermissionDetails teamDrivePermissionType teamDriveThemes teamMembersOnly text themeId thumbnail
            thumbnailLink thumbnailVersion title token trashed trashedDate trashingUser type unsetValues url useByDefault
            user userPermission value valueType verb version videoMediaMetadata view viewed visibility webContentLink
            webViewLink whiteBalance width withLink wrappedKey writersCanShare xCoordinate yCoordinate
            """.split(whereSeparator: \.isWhitespace).map(String.init)),
        maps: ["exportLinks", "fields", "openWithLinks", "params"])

    static let people = FieldVocabulary(
        names: Set("""
            addressMeAs addresses ageRange ageRanges biographies birthdays braggingRights buildingId calendarUrls
            canNotRemoveLastContactGroupResourceNames canonicalForm city clientData code connections contactGroup
            contactGroupId contactGroupMembership contactGroupResourceName contactGroups contactPerson contacts
            contentType copyMask costCenter country countryCode coverPhotos createdPeople current date day default deleted
            department deskCode details displayName displayNameLastFirst domain domainMembership emailAddresses endDate
            etag events extendedAddress externalIds familyName fileAses floor floorSection formattedName formattedProtocol
            formattedType formattedValue fullTimeEquivalentMillipercent genders givenName groupType honorificPrefix
            honorificSuffix httpStatusCode id imClients inViewerDomain interests jobDescription key
            linkedPeopleResourceNames locales location locations memberCount memberResourceNames memberships message
            metadata middleName miscKeywords month name names nextPageToken nextSyncToken nicknames notFoundResourceNames
            objectType occupations organizations otherContacts people person personFields phoneNumbers phoneticFamilyName
            phoneticFullName phoneticGivenName phoneticHonorificPrefix phoneticHonorificSuffix phoneticMiddleName
            phoneticName photoBytes photos poBox postalCode previousResourceNames primary profileMetadata protocol
            readGroupFields readMask region relations relationshipInterests relationshipStatuses requestedResourceName
            residences resourceName resourceNames resourceNamesToAdd resourceNamesToRemove responses results sipAddresses
            skills source sourcePrimary sources startDate status streetAddress symbol taglines text title totalItems
            totalPeople totalSize type unstructuredName updateGroupFields updateMask updateResult updateTime url urls
            userDefined userTypes username value verified year
            """.split(whereSeparator: \.isWhitespace).map(String.init)),
        maps: ["contacts", "details", "updateResult"])
}
