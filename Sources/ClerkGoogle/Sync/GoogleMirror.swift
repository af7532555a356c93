package import ClerkCore
package import ClerkLocal
package import FoundationEssentials

/// The mirror of a Google account: a `LocalStore` kept in step with Google, so reads are
/// answered here, at once and offline too.
///
/// Each kind of data has its own incremental sync: events per calendar with sync tokens
/// (a full sync on first use and after a 410, or a 400 refusing the token), People
/// connections with sync tokens (a full one again after `EXPIRED_SYNC_TOKEN`, 410 or 400),
/// Drive's change feed (listed whole again when its token is refused), and the calendar
/// list. A listing's answer that is no page, or pages in a circle, cannot be read. A
/// command syncs a kind only when it is older than its freshness:
///
/// | kind          | synced when older than |
/// |---------------|------------------------|
/// | events        | 5 s                    |
/// | files         | 30 s                   |
/// | contacts      | 60 s                   |
/// | calendar list | 5 min                  |
///
/// A sync before an answer is given up soon (`RetryPolicy.read`). When Google cannot be
/// reached, is slow, asks clerk to slow down, has trouble (5xx) or sends an answer that
/// cannot be read, the mirror answers as it is and says how old it is and why; it waits
/// 30 s before trying again in the same process. A calendar Google no longer has (404)
/// leaves the mirror with its events.
package final class GoogleMirror {
    package enum Kind: String, CaseIterable, Sendable {
        case calendarList, events, contacts, files

        /// The scope a sync of this kind needs.
        var scope: String {
            switch self {
            case .calendarList: return GoogleScopes.calendarList
            case .events: return GoogleScopes.calendarEvents
            case .contacts: return GoogleScopes.contacts
            case .files: return GoogleScopes.driveFile
            }
        }

        var freshness: Double {
            switch self {
            case .events: return 5
            case .files: return 30
            case .contacts: return 60
            case .calendarList: return 300
            }
        }
    }

    /// How the last reads stood.
    package enum Standing: Equatable, Sendable {
        case current
        /// Google could not be reached (no connection was made); the data is from `asOf`
        /// (nil: never synced).
        case offline(asOf: Date?)
        /// The sign-in is no longer valid; the data is from `asOf`.
        case signInExpired(asOf: Date?)
        /// Google was reached, but not with the data: `cause` says why (a rate limit, trouble
        /// of its own, an answer that cannot be read, one too slow); the data is from `asOf`.
        case behind(asOf: Date?, cause: ServiceError)
    }

    package let store: LocalStore
    let api: GoogleAPI
    let now: NowProvider
    package private(set) var standing = Standing.current
    private var unreachableAt: Date?
    static let retryOfflineAfter: Double = 30

    init(store: LocalStore, api: GoogleAPI, now: NowProvider) {
        self.store = store
        self.api = api
        self.now = now
    }

    // MARK: Freshness

    package func lastSync(_ kind: Kind) -> Date? {
        (try? store.syncValue("synced." + kind.rawValue)).flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
    }

    /// The oldest of the kinds' last syncs (what "as of" means for an answer).
    package var lastFullSync: Date? {
        let times = Kind.allCases.map(lastSync)
        return times.contains { $0 == nil } ? nil : times.compactMap { $0 }.min()
    }

    private func noteSynced(_ kind: Kind) throws {
        try store.setSyncValue("synced." + kind.rawValue, String(now.now().timeIntervalSince1970))
    }

    /// Makes the next command sync `kind` whatever its freshness (after a change whose
    /// outcome is unknown, so that looking shows it).
    func markStale(_ kind: Kind) {
        try? store.setSyncValue("synced." + kind.rawValue, nil)
    }

    /// Brings each of `kinds` up to date when it is older than its freshness (all of them
    /// with `force`). Failing to get Google's data is not an error here: the mirror answers
    /// as it is and `standing` says so. Google refusing for another reason is. `patient`
    /// (the sign-in's first full sync) waits as a write does instead of as a read.
    package func refresh(_ kinds: [Kind], force: Bool = false, patient: Bool = false, progress: ((Int) -> Void)? = nil) throws(ServiceError) {
        let moment = now.now()
        if !force, let unreachableAt, moment.timeIntervalSince(unreachableAt) < GoogleMirror.retryOfflineAfter { return }
        // A kind whose permission was not granted is left as it is (its writes say why).
        let granted = Set(api.transport.tokens.scopes)
        let due = kinds.filter { kind in
            GoogleScopes.satisfied(kind.scope, by: granted)
                && (force || lastSync(kind).map { moment.timeIntervalSince($0) >= kind.freshness || $0 > moment } ?? true)
        }
        guard !due.isEmpty else { return }
        do {
            let limits = api.transport.client.limits
            try api.transport.with(patient ? .write : .read, within: patient ? limits.firstSync : limits.sync) { try sync(due, progress: progress) }
            standing = .current
            unreachableAt = nil
        } catch let failure as APIFailure {
            let error = failure.serviceError(mayHaveApplied: false)
            // An answer that cannot be read (or is too large to), the token refresh's too, is
            // answered from the copy as well (the read failed, "Google sent an answer clerk couldn't read",
            // instead); a captive portal's page is `networkSignIn`, worth waiting for.
            guard failure.isWorthWaiting || failure.isUnreadable else { throw error }
            switch error {
            case .signInNeeded:
                standing = .signInExpired(asOf: lastFullSync)
                return
            // A Google that answers too slowly is said to be slow, not offline ("Google is
            // slow to answer — as of 09:00").
            case .unreachable: standing = .offline(asOf: lastFullSync)
            default: standing = .behind(asOf: lastFullSync, cause: error)
            }
            unreachableAt = moment
        } catch let error as ServiceError {
            throw error
        } catch {
            throw .storage(.failed(code: 1), path: "mirror")
        }
    }

    /// Syncs `due`, the calendar list first (events sync per calendar).
    private func sync(_ due: [Kind], progress: ((Int) -> Void)?) throws {
        if due.contains(.calendarList) || (due.contains(.events) && lastSync(.calendarList) == nil) { try syncCalendarList() }
        var count = 0
        if due.contains(.events) {
            for calendar in try store.calendars() {
                count += try syncEvents(calendarID: calendar.id)
                progress?(count)
            }
            try noteSynced(.events)
        }
        if due.contains(.contacts) {
            count += try syncContacts()
            progress?(count)
        }
        if due.contains(.files) {
            count += try syncFiles()
            progress?(count)
            // Not a sync's failure when it fails: the pool is tried again at the next one.
            try? topUpFileIDs()
        }
    }

    // MARK: Drive ids for new files

    /// Ids kept from files.generateIds: a file is created under one, so its create can be
    /// resent without making two files, and made offline. Filled while online (each sync
    /// of files tops it up), so a file can be made offline from the first sign-in on.
    static let fileIDPoolSize = 20

    var fileIDPool: [String] {
        get { (try? store.syncValue("drive.ids")).flatMap { try? JSONValue.parse($0).arrayValue?.compactMap(\.stringValue) } ?? [] }
        set { try? store.setSyncValue("drive.ids", JSONValue.array(newValue.map(JSONValue.string)).serialized()) }
    }

    /// Fills the pool up to its size once it is half empty (one request, when it is).
    func topUpFileIDs() throws(APIFailure) {
        let pool = fileIDPool
        guard pool.count < GoogleMirror.fileIDPoolSize / 2 else { return }
        let fresh = try api.generateIDs(count: GoogleMirror.fileIDPoolSize - pool.count)
        _ = try? store.atomically {
            let kept = fileIDPool
            fileIDPool = kept + fresh.filter { !kept.contains($0) }
        }
    }

    /// An id from the pool (topped up first when it runs low and Google answers), taken in
    /// one transaction so two clerk processes never take the same; nil when the pool is
    /// empty and Google cannot be reached.
    func takeFileID() -> String? {
        if fileIDPool.count < 2 { try? topUpFileIDs() }
        return try? store.atomically { () -> String? in
            var pool = fileIDPool
            guard !pool.isEmpty else { return nil }
            let id = pool.removeFirst()
            fileIDPool = pool
            return id
        }
    }

    // MARK: Calendars

    func syncCalendarList() throws {
        var seen: [CalendarInfo] = []
        var trail = GoogleAPI.PageTrail()
        var pageToken: String?
        repeat {
            let page = try api.calendarList(pageToken: pageToken)
            for item in page.items where item["deleted"]?.boolValue != true {
                guard let id = item["id"]?.stringValue else { continue }
                let name = item["summaryOverride"]?.stringValue ?? item["summary"]?.stringValue ?? id
                seen.append(CalendarInfo(id: id, name: name, timeZone: item["timeZone"]?.stringValue ?? "UTC",
                                         isPrimary: item["primary"]?.boolValue ?? false))
            }
            pageToken = try trail.follow(page.next)
        } while pageToken != nil
        try store.atomically {
            let known = Set(seen.map(\.id))
            for old in try store.calendars() where !known.contains(old.id) {
                try store.removeCalendar(id: old.id)
                try store.setSyncValue("events." + old.id, nil)
            }
            // The primary one last, so a calendar that stops being primary lets go first.
            for calendar in seen.sorted(by: { !$0.isPrimary && $1.isPrimary }) {
                try store.putCalendar(calendar, unmodeled: nil)
            }
        }
        try noteSynced(.calendarList)
    }

    /// Google refusing a saved sync or page token: 410 (too old) or 400 (one it does not
    /// know, "Invalid sync token value."). The listing starts over without it.
    static func refusesSavedToken(_ error: any Error) -> Bool {
        guard let status = (error as? APIFailure)?.status else { return false }
        return status == 410 || status == 400
    }

    /// Applies what changed on one calendar since its sync token (everything, the first
    /// time or after Google said 410); returns how many events came. A calendar Google
    /// does not know (404: deleted elsewhere) sends the calendar list to be synced again,
    /// which takes it out of the mirror.
    func syncEvents(calendarID: String) throws -> Int {
        let key = "events." + calendarID
        let token = try store.syncValue(key)
        let items: [JSONValue], nextSync: String?
        var startsOver = false
        do {
            (items, nextSync) = try fetchEvents(calendarID: calendarID, syncToken: token)
        } catch where (error as? APIFailure)?.status == 404 {
            try syncCalendarList()
            guard try store.calendars().contains(where: { $0.id == calendarID }) else { return 0 }
            throw error
        } catch {
            // 410: the token is too old; start over from a full listing, which replaces the
            // calendar's copy once it is all here (emptied first, a listing cut short left
            // an empty calendar to answer from until Google answered again). So too for a
            // 400, "Invalid sync token value." (a token Google does not know: every command
            // failed on it for good).
            guard token != nil, GoogleMirror.refusesSavedToken(error) else { throw error }
            (items, nextSync) = try fetchEvents(calendarID: calendarID, syncToken: nil)
            startsOver = true
        }
        guard let calendar = try store.calendars().first(where: { $0.id == calendarID }) else { return 0 }
        try store.atomically {
            if startsOver { try store.removeEvents(calendarID: calendarID) }
            // Series before their changed occurrences, wherever the pages put them.
            for item in items.filter({ $0["recurringEventId"] == nil }) + items.filter({ $0["recurringEventId"] != nil }) {
                try apply(item, calendar: calendar)
            }
            try store.setSyncValue(key, nextSync)
        }
        return items.count
    }

    /// Every page of a calendar's listing: its items and the sync token of the last page.
    private func fetchEvents(calendarID: String, syncToken: String?) throws -> ([JSONValue], String?) {
        var trail = GoogleAPI.PageTrail()
        var pageToken: String?
        var items: [JSONValue] = []
        var nextSync: String?
        repeat {
            let page = try api.events(calendarID: calendarID, syncToken: syncToken, pageToken: pageToken)
            items += page.items
            pageToken = try trail.follow(page.next)
            nextSync = page.syncToken
        } while pageToken != nil
        return (items, nextSync)
    }

    /// One event from Google into the mirror: as it is, or deleted when cancelled.
    func apply(_ item: JSONValue, calendar: CalendarInfo) throws {
        guard let id = item["id"]?.stringValue else { return }
        if item["status"]?.stringValue == "cancelled" {
            // A cancelled stub may lack its times: cancel what the mirror has under the id.
            if let existing = try store.eventReplica(id: id) {
                // Moved to another calendar: the calendar it left reports it cancelled, and
                // the copy on the calendar it went to stands.
                guard existing.item.calendarID == calendar.id else { return }
                if !existing.isDeleted { try store.putEvent(existing.item, isDeleted: true, unmodeled: nil) }
            } else if let event = GoogleCoding.event(item, calendarID: calendar.id, calendarZone: calendar.timeZone), event.recurringEventID == nil {
                try store.putEvent(event, isDeleted: true, unmodeled: nil)
            }
            return
        }
        guard let event = GoogleCoding.event(item, calendarID: calendar.id, calendarZone: calendar.timeZone) else { return }
        if let series = event.recurringEventID, try store.eventReplica(id: series) == nil { return }
        do {
            try store.putEvent(event, isDeleted: false, unmodeled: nil)
        } catch ServiceError.invalid {
            // An event the mirror cannot hold (one lasting longer than the store allows) is
            // left out of it rather than stopping the sync of every other one.
        }
    }

    /// Stores Google's answer to a write.
    @discardableResult
    func apply(answer: JSONValue, calendarID: String) throws -> Event? {
        guard let calendar = try store.calendars().first(where: { $0.id == calendarID }) else { return nil }
        try apply(answer, calendar: calendar)
        return try answer["id"]?.stringValue.flatMap { try store.event(id: $0) }
    }

    // MARK: Contacts

    /// People connections: with the sync token what changed, else the whole address book
    /// (a full sync drops contacts no longer there). Returns how many came.
    func syncContacts() throws -> Int {
        let token = try store.syncValue("people.token")
        var trail = GoogleAPI.PageTrail()
        var pageToken: String?
        var people: [JSONValue] = []
        var nextSync: String?
        do {
            repeat {
                let page = try api.connections(syncToken: token, pageToken: pageToken)
                people += page.items
                pageToken = try trail.follow(page.next)
                nextSync = page.syncToken
            } while pageToken != nil
        } catch {
            // An expired token, or one Google does not know: start over from a full listing.
            guard token != nil, error.reason == "EXPIRED_SYNC_TOKEN" || GoogleMirror.refusesSavedToken(error) else { throw error }
            try store.setSyncValue("people.token", nil)
            return try syncContacts()
        }
        try store.atomically {
            var seen = Set<String>()
            for person in people {
                guard let id = person["resourceName"]?.stringValue else { continue }
                seen.insert(id)
                if person["metadata"]?["deleted"]?.boolValue == true {
                    if try store.contactReplica(id: id) != nil { try store.removeContact(id: id) }
                } else if let contact = GoogleCoding.contact(person) {
                    try store.putContact(contact, unmodeled: nil)
                } else if try store.contactReplica(id: id) != nil {
                    try store.removeContact(id: id)  // emptied
                }
            }
            if token == nil {
                for old in try store.contacts() where !seen.contains(old.id) { try store.removeContact(id: old.id) }
            }
            try store.setSyncValue("people.token", nextSync)
        }
        try noteSynced(.contacts)
        return people.count
    }

    // MARK: Files

    /// Drive: the change feed from the saved page token; the first time, every text file,
    /// with the feed's start taken before the listing so nothing between is missed. A copy
    /// made before Drive's sizes were kept (`put(file:)`; no "drive.sizes") is listed whole
    /// once more, so that its files not yet read stop saying "0 B".
    func syncFiles() throws -> Int {
        var count = 0
        if let saved = try store.syncValue("drive.pageToken"), try store.syncValue("drive.sizes") != nil {
            var trail = GoogleAPI.PageTrail()
            var pageToken: String? = try trail.follow(saved)
            var changes: [JSONValue] = []
            var newStart: String?
            while let token = pageToken {
                guard let page = try changesPage(token) else {
                    // A page token Drive does not know: the files are listed whole again.
                    try store.setSyncValue("drive.pageToken", nil)
                    return try syncFiles()
                }
                changes += page.items
                newStart = page.syncToken
                pageToken = newStart == nil ? try trail.follow(page.next) : nil
            }
            try store.atomically {
                for change in changes {
                    guard let id = change["fileId"]?.stringValue else { continue }
                    if change["removed"]?.boolValue == true || change["file"] == nil {
                        if try store.fileReplica(id: id) != nil { try store.removeFile(id: id) }
                    } else if let json = change["file"] {
                        try put(file: json)
                    }
                }
                if let newStart { try store.setSyncValue("drive.pageToken", newStart) }
            }
            count = changes.count
        } else {
            let start = try api.startPageToken()
            var trail = GoogleAPI.PageTrail()
            var pageToken: String?
            var files: [JSONValue] = []
            repeat {
                let page = try api.files(query: GoogleAPI.textFilesQuery, pageToken: pageToken)
                files += page.items
                pageToken = try trail.follow(page.next)
            } while pageToken != nil
            try store.atomically {
                let seen = Set(files.compactMap { $0["id"]?.stringValue })
                for old in try store.files(matching: nil) + store.trashedFiles(matching: nil) where !seen.contains(old.id) {
                    try store.removeFile(id: old.id)
                }
                for json in files { try put(file: json) }
                try store.setSyncValue("drive.pageToken", start)
                try store.setSyncValue("drive.sizes", "kept")
            }
            count = files.count
        }
        try noteSynced(.files)
        return count
    }

    /// A page of Drive's change feed; nil when Drive refuses the token itself.
    private func changesPage(_ token: String) throws -> GoogleAPI.Page? {
        do {
            return try api.changes(pageToken: token)
        } catch where GoogleMirror.refusesSavedToken(error) {
            return nil
        }
    }

    /// A Drive file's metadata into the mirror; its cached content is kept only while
    /// Google's `version` is the one it was read at. Other types are not clerk's. While the
    /// content is not held, Drive's size is kept with it (`LocalStore.fileColumns` reads it),
    /// so that a list of files not yet read does not say "0 B".
    @discardableResult
    func put(file json: JSONValue, content: [UInt8]? = nil) throws -> DriveFile? {
        guard let file = GoogleCoding.file(json) else { return nil }
        guard GoogleCoding.textTypes.contains(file.mimeType) else {
            if try store.fileReplica(id: file.id) != nil { try store.removeFile(id: file.id) }
            return nil
        }
        let version = json["version"]?.stringValue ?? json["md5Checksum"]?.stringValue ?? ""
        let old = try store.fileReplica(id: file.id)
        let cached = content != nil || old?.unmodeled?["cachedVersion"]?.stringValue == version
        var fields: [(String, JSONValue)] = [("version", .string(version)), ("cachedVersion", cached ? .string(version) : .null)]
        if !cached { fields.append(("size", .number(Double(file.size)))) }
        let unmodeled: JSONValue = .object(fields)
        return try store.putFile(file, content: content ?? (old == nil ? [] : nil), unmodeled: unmodeled).item
    }

    /// The content of a file: from the mirror when it holds the current version, else from
    /// Google (and kept).
    func content(of file: DriveFile) throws -> [UInt8] {
        if let replica = try store.fileReplica(id: file.id), let version = replica.unmodeled?["version"]?.stringValue,
           replica.unmodeled?["cachedVersion"]?.stringValue == version {
            return try store.fileBytes(id: file.id)
        }
        let bytes = try api.content(of: file)
        if let replica = try store.fileReplica(id: file.id) {
            let version = replica.unmodeled?["version"] ?? .null
            try store.putFile(replica.item, content: bytes, unmodeled: .object([("version", version), ("cachedVersion", version)]))
        }
        return bytes
    }
}
