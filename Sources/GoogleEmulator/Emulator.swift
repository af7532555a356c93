package import ClerkCore
import ClerkLocal
package import Foundation
package import LoopbackHTTP

/// One emulated Google account behind Google's own paths: OAuth (`/o/oauth2/v2/auth`,
/// `/token`, `/revoke`), Calendar v3 (`/calendar/v3/…`), Drive v3 (`/drive/v3/…`,
/// `/upload/drive/v3/…`; and v2's core at `/drive/v2/…`) and People v1 (`/v1/…`), with the control paths of DESIGN.md under
/// `/_emulator/` for tests.
///
/// State lives in a `LocalStore` (its change feed gives sync tokens and etags, its tombstones
/// the 410s); OAuth grants, faults and the request log live here. Requests are handled one at
/// a time under `lock`; a delayed answer waits outside it.
package final class Emulator: @unchecked Sendable {
    package struct Configuration: Sendable {
        /// Where the store lives; nil keeps it in a temporary folder removed on `close()`.
        package var dataDirectory: String?
        /// Seconds an access token lives.
        package var tokenLifetime: TimeInterval = 3599
        /// The account's address: the primary calendar's id and the owner of everything.
        package var account = "emulator@example.com"
        /// The account's zone (the primary calendar's, and new calendars').
        package var timeZone = Zone.gmt
        package var now: NowProvider = .system

        package init(dataDirectory: String? = nil, tokenLifetime: TimeInterval = 3599, timeZone: Zone = Zone.gmt,
                    now: NowProvider = .system) {
            self.dataDirectory = dataDirectory
            self.tokenLifetime = tokenLifetime
            self.timeZone = timeZone
            self.now = now
        }
    }

    let configuration: Configuration
    private let folder: String
    private let ownsFolder: Bool
    private let lock = NSLock()
    /// The account's data; replaced by `/_emulator/reset`.
    var store: LocalStore
    var oauth = OAuthState()
    var faults: [Fault] = []
    var requestLog = RequestLog()
    /// Sync tokens made before this change number are refused as expired.
    var syncTokensValidFrom: Int64 = 0
    /// Resumable upload sessions by id.
    var uploads: [String: ResumableUpload] = [:]
    /// Drive's view of the store's files, kept while the store does not change.
    var driveSnapshot: DriveSnapshot?
    /// The contacts as searches see them when a warm-up is required (`/_emulator/search-warmup`);
    /// nil: searches see the contacts as they are.
    var searchIndex: SearchIndex?

    var now: Date { configuration.now.now() }
    var account: String { configuration.account }

    package init(configuration: Configuration) throws {
        self.configuration = configuration
        if let directory = configuration.dataDirectory {
            folder = directory
            ownsFolder = false
        } else {
            folder = NSTemporaryDirectory() + "google-emulator-" + UUID().uuidString
            ownsFolder = true
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try Emulator.openStore(in: folder, configuration: configuration)
        oauth = OAuthState.load(from: store)
    }

    deinit { close() }

    /// Removes the temporary folder of an emulator made without a data directory.
    package func close() {
        if ownsFolder { try? FileManager.default.removeItem(atPath: folder) }
    }

    private static func storePath(in folder: String) -> String { folder + "/emulator.sqlite3" }

    private static func openStore(in folder: String, configuration: Configuration) throws -> LocalStore {
        let store = try LocalStore(path: storePath(in: folder), timeZone: configuration.timeZone, now: configuration.now,
                                   makeID: Wire.eventID, makesPrimaryCalendar: false)
        try store.holdExclusively()
        if try store.calendarReplicas().isEmpty {
            try store.putCalendar(CalendarInfo(id: configuration.account, name: configuration.account,
                                               timeZone: configuration.timeZone.identifier, isPrimary: true), unmodeled: nil)
        }
        return store
    }

    /// Forgets every calendar, event, contact and file (the account starts empty again).
    func resetData() throws {
        let path = Emulator.storePath(in: folder)
        store = try LocalStore(path: NSTemporaryDirectory() + "google-emulator-swap-" + UUID().uuidString, timeZone: configuration.timeZone,
                               now: configuration.now, makeID: Wire.eventID, makesPrimaryCalendar: false)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        store = try Emulator.openStore(in: folder, configuration: configuration)
        oauth.save(to: store)
        uploads = [:]
        syncTokensValidFrom = 0
    }

    // MARK: Handling requests

    /// Every route of every API, tried in order.
    static let routes: [Route] = unservedRoutes + discoveryRoutes + oauthRoutes + calendarRoutes + driveRoutes + driveV2Routes + driveCommentRoutes + drivePermissionRoutes + peopleRoutes + contactGroupRoutes

    /// Answers one request: control paths, then any armed fault, then the API.
    package func handle(_ request: HTTPRequest) -> HTTPOutcome {
        lock.lock()
        let (outcome, delay) = handleLocked(request)
        lock.unlock()
        guard delay > 0, case .respond(let response, _) = outcome else { return outcome }
        return .respond(response, delay: delay)
    }

    private func handleLocked(_ request: HTTPRequest) -> (HTTPOutcome, Double) {
        let api = API.of(request.segments)
        if api == .control {
            return (.respond(control(request), delay: 0), 0)
        }
        if let preflight = Emulator.corsPreflight(request) {
            return (.respond(preflight, delay: 0), 0)
        }
        let (outcome, delay) = request.hasMalformedTarget
            ? (.respond(PrettyPrint.applied(to: GoogleError.malformedTarget.shaped(like: api.errorShape(for: request)).response, for: request, api: api), delay: 0), 0)
            : answer(request, api: api)
        guard case .respond(var response, let after) = outcome, let origin = request.header("origin") else { return (outcome, delay) }
        response.headers += Emulator.corsHeaders(origin: origin)
        return (.respond(response, delay: after), delay)
    }

    /// The headers Google's front end adds to an answer to a page of another origin (CORS).
    static func corsHeaders(origin: String) -> [(String, String)] {
        [("Access-Control-Allow-Origin", origin), ("Access-Control-Allow-Credentials", "true"),
         ("Access-Control-Expose-Headers", "Content-Encoding,Content-Length,Content-Range,Content-Type,Date,ETag,Location,Range,Retry-After,Server,WWW-Authenticate,X-Goog-Upload-Chunk-Granularity,X-Goog-Upload-Size-Received,X-Goog-Upload-Status,X-Goog-Upload-URL"),
         ("Vary", "Origin")]
    }

    /// A browser's preflight (OPTIONS with Origin and Access-Control-Request-Method): allowed
    /// for every method and the headers asked, without a token, as Google allows it.
    static func corsPreflight(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "OPTIONS", let origin = request.header("origin"), request.header("access-control-request-method") != nil else {
            return nil
        }
        var headers = [("Access-Control-Allow-Origin", origin), ("Access-Control-Allow-Credentials", "true"),
                       ("Access-Control-Allow-Methods", "DELETE,GET,HEAD,PATCH,POST,PUT"), ("Access-Control-Max-Age", "3600"), ("Vary", "Origin")]
        if let asked = request.header("access-control-request-headers") { headers.append(("Access-Control-Allow-Headers", asked)) }
        return HTTPResponse(status: 200, headers: headers)
    }

    /// The API's answer to a request: any armed fault, then a batch or the route table.
    private func answer(_ request: HTTPRequest, api: API) -> (HTTPOutcome, Double) {
        let fault = takeFault(for: request)
        var response: HTTPResponse
        if let fault, fault.mode == .status {
            response = fault.errorResponse(api: api, for: request)
        } else if let fault, fault.mode == .portal {
            requestLog.append(request, status: fault.status, bytes: 0)
            return (.respond(fault.portalResponse, delay: 0), 0)
        } else if request.segments.first == "batch", request.method == "POST" {
            // (Each batch endpoint takes its API's requests only: see `batch`.)
            response = batch(request)
        } else {
            response = route(request, api: api)
        }
        if api != .oauth { response = PrettyPrint.applied(to: response, for: request, api: api) }
        requestLog.append(request, status: response.status, bytes: response.body.count)
        switch fault?.mode {
        case .dropAfterApply?: return (.drop, 0)
        case .delay?: return (.respond(response, delay: 0), fault!.delay)
        case .malformed?:
            response.body = Array(response.body.prefix(max(1, response.body.count / 2)))
            if response.body.isEmpty { response.body = Array("{\"".utf8) }
            return (.respond(response, delay: 0), 0)
        default: return (.respond(response, delay: 0), 0)
        }
    }

    func route(_ request: HTTPRequest, api: API) -> HTTPResponse {
        var pathMatched = false
        let shape = api.errorShape(for: request)
        for route in Emulator.routes {
            guard let captures = route.match(request.segments) else { continue }
            pathMatched = true
            guard route.method == request.method || (route.method == "GET" && request.method == "HEAD") else { continue }
            let call = Call(request: request, captures: captures, api: api)
            do {
                // The error format is read before anything else, the token included.
                if api != .oauth, let format = request.parameters("$.xgafv").last, !["1", "2"].contains(format) {
                    throw GoogleError.invalidErrorFormat(format)
                }
                // A resumable session's URI is its own credential, for the header protocol's
                // commands (POSTed to it) as for chunks PUT to it.
                let isSessionCommand = api == .drive && request.parameter("upload_id") != nil && request.header("x-goog-upload-command") != nil
                if !route.scopes.isEmpty, !isSessionCommand { try authorize(call, scopes: route.scopes) }
                try Emulator.checkEnumParameters(call)
                try DiscoveryParameters.check(call, requiring: route.isServed)
                return Emulator.notModified(try route.run(self, call), for: call)
            } catch {
                return GoogleError.backend(error).shaped(like: shape).response
            }
        }
        if pathMatched {
            return GoogleError.methodNotAllowed.shaped(like: shape).response
        }
        return Emulator.unknownPath(request, api: api)
    }

    /// Calendar's conditional retrieval: a GET whose `If-None-Match` names the etag of the
    /// resource or list it answers is 304, with no body. Its guide ("Version resources")
    /// promises it for every resource with an etag, not events alone (list entries,
    /// calendars, ACL rules, settings, and lists, which carry one of their own).
    static func notModified(_ response: HTTPResponse, for call: Call) -> HTTPResponse {
        guard call.api == .calendar, call.request.method == "GET" || call.request.method == "HEAD", response.status == 200,
              let wanted = call.request.header("if-none-match"),
              let etag = (try? JSONValue.parse(bytes: response.body))?["etag"]?.stringValue, Wire.noneMatchNames(wanted, etag)
        else { return response }
        return HTTPResponse(status: 304, headers: [("ETag", etag)])
    }

    /// The answer to a path that is no method of `api`.
    static func unknownPath(_ request: HTTPRequest, api: API) -> HTTPResponse {
        let path = "/" + request.segments.joined(separator: "/")
        return GoogleError.notFound("Not Found: \(path)").shaped(like: api.errorShape(for: request)).response
    }

    /// Runs `body` on the store, turning its failures into Google's backend errors.
    func withStore<T>(_ body: (LocalStore) throws -> T) throws(GoogleError) -> T {
        do {
            return try body(store)
        } catch let error as GoogleError {
            throw error
        } catch {
            throw GoogleError.backend(error)
        }
    }
}
