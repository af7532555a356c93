import ClerkAssistant
import ClerkCore
import ClerkLanguage
import Foundation

/// The config file (`$XDG_CONFIG_HOME/clerk/config`, or `config` under `--data-dir`):
/// `key = value` lines, `#` comments, blank lines. An unknown key or a bad value is an error
/// that names the line.
///
/// | key                    | value                              | default               |
/// |------------------------|------------------------------------|-----------------------|
/// | `default_calendar`     | a calendar's name                  | the primary calendar  |
/// | `working_hours`        | `HH:MM-HH:MM`, for free-time answers | `08:00-20:00`       |
/// | `default_event_length` | minutes (`45`) or `1h`, `90m`      | 60 minutes            |
/// | `date_order`           | `month-first` or `day-first` (12/3) | `month-first`        |
/// | `backend`              | `local` or `google`                | google once signed in |
/// | `google_client_id`     | a Desktop OAuth client's id        | `CLERK_GOOGLE_CLIENT_ID` |
/// | `google_client_secret` | its secret                         | `CLERK_GOOGLE_CLIENT_SECRET` |
struct Config: Equatable {
    var defaultCalendar: String?
    /// Minutes after midnight.
    var workingHours = (start: 8 * 60, end: 20 * 60)
    var defaultEventMinutes = 60
    var dateOrder = DateOrder.monthFirst
    var backend: Backend?
    var googleClientID: String?
    var googleClientSecret: String?

    static func == (a: Config, b: Config) -> Bool {
        a.defaultCalendar == b.defaultCalendar && a.workingHours == b.workingHours && a.defaultEventMinutes == b.defaultEventMinutes
            && a.dateOrder == b.dateOrder && a.backend == b.backend && a.googleClientID == b.googleClientID
            && a.googleClientSecret == b.googleClientSecret
    }

    static let keys = ["default_calendar", "working_hours", "default_event_length", "date_order", "backend",
                       "google_client_id", "google_client_secret"]

    /// A line of the file that cannot be used; `message` is printed after `clerk: `.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// Reads the file at `path`; a missing file is the defaults.
    static func load(_ path: String) throws(Failure) -> Config {
        guard let data = FileManager.default.contents(atPath: path) else { return Config() }
        guard let text = String(data: data, encoding: .utf8) else { throw Failure(message: "\(path): not UTF-8 text") }
        return try parse(text, file: path)
    }

    static func parse(_ text: String, file: String) throws(Failure) -> Config {
        var config = Config()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let place = "\(file):\(index + 1)"
            guard let equals = line.firstIndex(of: "=") else {
                throw Failure(message: "\(place): expected key = value, got '\(String(line.prefix(60)))'")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            func bad(_ expected: String) -> Failure {
                Failure(message: "\(place): \(key): expected \(expected), got '\(String(value.prefix(60)))'")
            }
            switch key {
            case "default_calendar":
                guard !value.isEmpty else { throw bad("a calendar's name") }
                config.defaultCalendar = value
            case "working_hours":
                guard let hours = workingHours(value) else { throw bad("hours like 08:00-20:00") }
                config.workingHours = hours
            case "default_event_length":
                guard let minutes = minutes(value) else { throw bad("minutes like 60, 45m or 1h") }
                config.defaultEventMinutes = minutes
            case "date_order":
                switch value.lowercased() {
                case "month-first", "mdy": config.dateOrder = .monthFirst
                case "day-first", "dmy": config.dateOrder = .dayFirst
                default: throw bad("month-first or day-first")
                }
            case "backend":
                guard let backend = Backend(rawValue: value.lowercased()) else { throw bad("local or google") }
                config.backend = backend
            case "google_client_id": config.googleClientID = value
            case "google_client_secret": config.googleClientSecret = value
            default:
                let guess = Spelling.closest(to: key, in: keys)
                throw Failure(message: "\(place): unknown key '\(String(key.prefix(40)))'"
                              + (guess.map { ". Did you mean '\($0)'?" } ?? ". Keys: " + keys.joined(separator: ", ")))
            }
        }
        return config
    }

    /// `08:00-20:00` as minutes after midnight, the end after the start.
    static func workingHours(_ text: String) -> (start: Int, end: Int)? {
        let parts = text.split(separator: "-").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let start = clock(parts[0]), let end = clock(parts[1]), end > start else { return nil }
        return (start, end)
    }

    static func clock(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0...24).contains(hour), (0..<60).contains(minute),
              hour * 60 + minute <= 24 * 60 else { return nil }
        return hour * 60 + minute
    }

    /// `45`, `45m`, `90 min`, `1h`, `1.5h` as minutes, from 5 minutes to 24 hours.
    static func minutes(_ text: String) -> Int? {
        let lower = text.lowercased().replacingOccurrences(of: " ", with: "")
        let number: Double?
        if lower.hasSuffix("h") {
            number = Double(lower.dropLast()).map { $0 * 60 }
        } else if lower.hasSuffix("min") {
            number = Double(lower.dropLast(3))
        } else if lower.hasSuffix("m") {
            number = Double(lower.dropLast())
        } else {
            number = Double(lower)
        }
        guard let number, number.isFinite, number >= 5, number <= 24 * 60 else { return nil }
        return Int(number.rounded())
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

    func setDefaultCalendar(_ name: String?) throws {
        try set("default_calendar", to: name)
    }

    /// Sets `key` to `value` (nil removes the key's line).
    func set(_ key: String, to value: String?) throws {
        let old = FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) } ?? ""
        let text = ConfigFile.setting(key, to: value, in: old)
        let folder = (path as NSString).deletingLastPathComponent
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
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "="),
                  trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == key else { return raw }
            if placed { return nil }
            placed = true
            return line
        }
        if !placed, let line { lines.append(line) }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
