package import ClerkCore
package import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A Google sign-in as clerk keeps it: the tokens, when the access token expires, what was
/// granted, and whose account it is.
package struct GoogleTokens: Equatable, Sendable {
    package var clientID: String
    package var accessToken: String
    package var refreshToken: String
    package var expiry: Date
    package var scopes: [String]
    /// The account's address (its primary calendar's id), once known.
    package var account: String?
    /// The root URL that stood for Google's hosts at sign-in (`--google-endpoint`); nil
    /// for Google itself.
    package var endpoint: String?

    package init(clientID: String, accessToken: String, refreshToken: String, expiry: Date, scopes: [String], account: String? = nil) {
        self.clientID = clientID
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiry = expiry
        self.scopes = scopes
        self.account = account
    }

    var json: JSONValue {
        .object([
            ("client_id", .string(clientID)), ("access_token", .string(accessToken)), ("refresh_token", .string(refreshToken)),
            ("expiry", .number(expiry.timeIntervalSince1970.rounded())), ("scopes", .array(scopes.map(JSONValue.string))),
            ("account", .string(orNull: account)), ("endpoint", .string(orNull: endpoint)),
        ])
    }

    init?(json: JSONValue) {
        guard let clientID = json["client_id"]?.stringValue, let access = json["access_token"]?.stringValue,
              let refresh = json["refresh_token"]?.stringValue, let expiry = json["expiry"]?.numberValue else { return nil }
        self.init(clientID: clientID, accessToken: access, refreshToken: refresh, expiry: Date(timeIntervalSince1970: expiry),
                  scopes: json["scopes"]?.arrayValue?.compactMap(\.stringValue) ?? [], account: json["account"]?.stringValue)
        endpoint = json["endpoint"]?.stringValue
    }
}

/// The token file (`google-token.json` in the config folder), readable by its owner only.
package struct TokenStore: Sendable {
    package var path: String

    package init(path: String) {
        self.path = path
    }

    /// The saved sign-in, nil when there is none (or the file is not one clerk wrote).
    package func load() -> GoogleTokens? {
        try? read()
    }

    /// True when the token file is there, whatever it holds.
    package var exists: Bool { access(path, F_OK) == 0 }

    /// The saved sign-in: nil when there is no token file, `signInNeeded(.unreadable)` when
    /// there is one that does not hold a sign-in clerk wrote (damaged, emptied, edited).
    package func read() throws(ServiceError) -> GoogleTokens? {
        guard exists else { return nil }
        tightenMode()
        guard let bytes = SmallFile.contents(path, limit: 1 << 20), let json = try? JSONValue.parse(bytes: bytes),
              let tokens = GoogleTokens(json: json) else { throw .signInNeeded(.unreadable(path: path)) }
        return tokens
    }

    /// A token file others can read (copied in, restored from a backup, made under a loose
    /// umask) is made its owner's alone again as it is read: it was used as it was, 0644.
    private func tightenMode() {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(),
              info.st_mode & 0o077 != 0 else { return }
        chmod(path, 0o600)
    }

    /// Writes the file whole: a new file made 0600 before anything is written to it, then
    /// renamed over the old one, so a crash leaves the old tokens or the new, never half.
    /// The new file's name is its own (the process and a random number) and made afresh
    /// (`O_EXCL`, no link followed): two clerks refreshing at once wrote one
    /// `google-token.json.new` together, so a longer token's tail could outlive a shorter
    /// one's in a file neither wrote, and the second rename found no file and said the disk
    /// was full.
    package func save(_ tokens: GoogleTokens) throws(ServiceError) {
        let folder = path.parentPath
        let temporary = path + ".new-\(getpid())-\(UInt32.random(in: .min ... .max))"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .storage(.readOnly, path: folder)
        }
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .storage(.readOnly, path: path) }
        fchmod(descriptor, 0o600)
        let bytes = tokens.json.serializedBytes() + [0x0A]
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .storage(.full, path: path)
        }
    }

    /// Removes the file (signing out): true when it is gone or was never there, false when
    /// it stays (a folder in its place, a folder that cannot be written).
    @discardableResult
    package func delete() -> Bool {
        unlink(path) == 0 || errno == ENOENT
    }

    /// True when a folder (not a file) is where the token file goes.
    package var isFolder: Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
