import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Where clerk keeps its files: the XDG folders, or everything under `--data-dir`.
struct ClerkPaths {
    var configDirectory: String
    var dataDirectory: String
    var stateDirectory: String

    init(dataDirectoryOption: String?, environment: [String: String]) {
        if let folder = dataDirectoryOption {
            configDirectory = folder
            dataDirectory = folder
            stateDirectory = folder
            return
        }
        // An empty or relative HOME is no home: it put the store at /.local/share/clerk, or
        // under whatever folder clerk was started in (a store of its own for each).
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? Self.accountHome()
        func xdg(_ variable: String, _ fallback: String) -> String {
            let base = environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/" + fallback
            return base + "/clerk"
        }
        configDirectory = xdg("XDG_CONFIG_HOME", ".config")
        dataDirectory = xdg("XDG_DATA_HOME", ".local/share")
        stateDirectory = xdg("XDG_STATE_HOME", ".local/state")
    }

    var store: String { dataDirectory + "/clerk.sqlite3" }
    var history: String { stateDirectory + "/history" }
    var googleToken: String { configDirectory + "/google-token.json" }
    var config: String { configDirectory + "/config" }

    /// The account's home folder from the password database, when `HOME` is not set or is
    /// no absolute path (as Foundation's `NSHomeDirectory` finds it); "/" when the account
    /// has none.
    static func accountHome() -> String {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }

    /// Creates `folder` (and its parents) readable only by the user. A folder that is there
    /// already is left as it is (as `createDirectory` leaves it), found by one `stat`.
    static func ensure(_ folder: String) throws {
        var info = stat()
        if stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
}
