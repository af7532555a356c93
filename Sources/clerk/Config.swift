import ClerkAssistant
import ClerkCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

extension Config {
    /// Reads the file at `path`; a missing file is the defaults.
    static func load(_ path: String) throws(Failure) -> Config {
        guard let text = try ConfigFile.text(at: path) else { return Config() }
        return try parse(text, file: path)
    }
}

/// The config file as the conversation writes it: a setting said in words ("make Work my
/// default calendar") replaces its `key = value` line, or is added at the end; every other
/// line — comments, blank lines, other keys — stays as it was. The file is written whole
/// to a temporary file beside it and moved into place, so it is never half written.
///
/// The file may hold `google_client_secret`, so a new one is made 0600 (in a folder made
/// 0700) and one that is there keeps its mode. A config that is a symbolic link (to a
/// dotfiles checkout, say) stays one: the file it points to is written, its temporary file
/// beside it.
final class ConfigFile: SettingsWriter {
    let path: String

    init(path: String) {
        self.path = path
    }

    /// The file's text; nil when there is none (the defaults). A config file is a few
    /// lines: one of more than a MiB is refused, not read as no file and then overwritten;
    /// so is one that is there but cannot be read (mode 000: its settings were ignored
    /// without a word, and a setting said in words then replaced the file with that one
    /// line), and a folder, device or pipe in its place.
    static func text(at path: String) throws(Config.Failure) -> String? {
        switch SmallFile.read(path, limit: 1 << 20) {
        case .contents(let bytes):
            guard let text = String(data: Data(bytes), encoding: .utf8) else { throw Config.Failure(message: "\(TextStyle.path(path)): not UTF-8 text") }
            // A NUL byte went into the value ("W\0rk" a calendar no name matched), unsaid.
            if let nul = bytes.firstIndex(of: 0) {
                let line = bytes[..<nul].count { $0 == 0x0A } + 1
                throw Config.Failure(message: "\(TextStyle.path(path)):\(line): a NUL byte, which text never holds")
            }
            return text
        case .tooLarge:
            throw Config.Failure(message: "\(TextStyle.path(path)): larger than 1 MiB, not a config file")
        case .failed(errno: ELOOP):
            // A link that leads back to itself was read as no config, its settings ignored.
            // The loop may be the folder's (a data folder linked to itself): that is named,
            // as the file cannot be moved aside.
            var info = stat()
            let looped = stat(path.parentPath, &info) != 0 && errno == ELOOP ? path.parentPath : path
            throw Config.Failure(message: "\(TextStyle.path(looped)): can't be read (its symbolic links go round in a loop). Move it aside to use the defaults")
        case .failed(errno: EACCES), .failed(errno: EPERM):
            throw Config.Failure(message: "\(TextStyle.path(path)): can't be read (permission denied). Make it readable, or move it aside to use the defaults")
        case .failed:
            // No such file, or a path that cannot name one (a folder that is a file, a name
            // too long): no config, and what cannot be made is said where the store is made.
            return nil
        case .notRegular:
            throw Config.Failure(message: "\(TextStyle.path(path)): not a file (a folder, a device or a pipe). Move it aside to use the defaults")
        }
    }

    func setDefaultCalendar(_ name: String?) throws {
        try set("default_calendar", to: name)
    }

    func setWorkingHours(_ hours: (start: Int, end: Int)) throws {
        try set("working_hours", to: ClockText.hoursMinutes(hours.start) + "-" + ClockText.hoursMinutes(hours.end))
    }

    func setEventLength(minutes: Int) throws {
        try set("default_event_length", to: String(minutes))
    }

    func setTimeZone(_ identifier: String?) throws {
        try set("time_zone", to: identifier)
    }

    /// Sets `key` to `value` (nil removes the key's line).
    func set(_ key: String, to value: String?) throws {
        let old = try ConfigFile.text(at: path) ?? ""
        let text = ConfigFile.setting(key, to: value, in: old)
        guard ConfigFile.replace(ConfigFile.target(of: path), with: Array(text.utf8)) else {
            throw ServiceError.storage(.readOnly, path: path)
        }
    }

    /// The file `path` names once symbolic links are followed (up to 40 of them, as the
    /// kernel does); `path` itself when it is no link. A link to a file not there yet names
    /// where that file will be.
    static func target(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : current.parentPath + "/" + link
        }
        return current
    }

    /// Writes `bytes` as the file at `path` in one step: a temporary file beside it, with the
    /// mode of the file it replaces (0600 for a new one), synced and renamed over it. The
    /// folder is made 0700 when it is not there. False when any step fails (the old file
    /// stays as it was, and no temporary file is left).
    static func replace(_ path: String, with bytes: [UInt8]) -> Bool {
        let folder = path.parentPath
        guard (try? ClerkPaths.ensure(folder)) != nil else { return false }
        var info = stat()
        let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o600
        var template = Array((folder + "/.config-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { return false }
        let temporary = String(cString: template)
        // mkstemp makes it 0600; the old file's mode is set before a byte is written.
        let written = fchmod(descriptor, mode) == 0 && bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
        let synced = written && fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// `text` with the line of `key` set to `value`: the first such line replaced (later
    /// ones dropped), or one added; nil removes them.
    static func setting(_ key: String, to value: String?, in text: String) -> String {
        var lines = text.isEmpty ? [] : Config.lines(text).map(String.init)
        if lines.last == "" { lines.removeLast() }
        // A file written with CRLF stays CRLF.
        let end = text.contains("\r\n") ? "\r\n" : "\n"
        let line = value.map { "\(key) = \($0)" }
        var placed = false
        lines = lines.compactMap { raw in
            let trimmed = raw.trimmingSpaces()
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "="),
                  trimmed[..<equals].trimmingSpaces().lowercased() == key else { return raw }
            if placed { return nil }
            placed = true
            return line
        }
        if !placed, let line { lines.append(line) }
        return lines.isEmpty ? "" : lines.joined(separator: end) + end
    }
}
