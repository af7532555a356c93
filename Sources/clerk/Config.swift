import ClerkAssistant
import ClerkCore
import FoundationEssentials

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
final class ConfigFile: SettingsWriter {
    let path: String

    init(path: String) {
        self.path = path
    }

    /// The file's text; nil when it cannot be read (the defaults). A config file is a few
    /// lines: one of more than a MiB is refused, not read as no file and then overwritten.
    static func text(at path: String) throws(Config.Failure) -> String? {
        switch SmallFile.read(path, limit: 1 << 20) {
        case .contents(let bytes):
            guard let text = String(data: Data(bytes), encoding: .utf8) else { throw Config.Failure(message: "\(path): not UTF-8 text") }
            return text
        case .tooLarge:
            throw Config.Failure(message: "\(path): larger than 1 MiB, not a config file")
        case .failed, .notRegular:
            return nil
        }
    }

    func setDefaultCalendar(_ name: String?) throws {
        try set("default_calendar", to: name)
    }

    /// Sets `key` to `value` (nil removes the key's line).
    func set(_ key: String, to value: String?) throws {
        let old = try ConfigFile.text(at: path) ?? ""
        let text = ConfigFile.setting(key, to: value, in: old)
        let folder = path.parentPath
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ServiceError.storage(.readOnly, path: path)
        }
    }

    /// `text` with the line of `key` set to `value`: the first such line replaced (later
    /// ones dropped), or one added; nil removes them.
    static func setting(_ key: String, to value: String?, in text: String) -> String {
        var lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
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
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
