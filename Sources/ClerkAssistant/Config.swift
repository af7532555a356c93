package import ClerkCore
package import ClerkLanguage
import FoundationEssentials

/// Which services answer: the embedded SQLite store or Google's APIs.
package enum Backend: String, CaseIterable, Sendable {
    case local
    case google
}

/// The config file (`$XDG_CONFIG_HOME/clerk/config`, or `config` under `--data-dir`), read
/// from its text (the executable reads the file, `Config.load`):
/// `key = value` lines, `#` comments, blank lines. An unknown key or a bad value is an error
/// that names the line.
///
/// | key                    | value                              | default               |
/// |------------------------|------------------------------------|-----------------------|
/// | `default_calendar`     | a calendar's name                  | the primary calendar  |
/// | `working_hours`        | `HH:MM-HH:MM`, for free-time answers | `08:00-20:00`       |
/// | `default_event_length` | minutes (`45`) or `1h`, `90m`      | 60 minutes            |
/// | `date_order`           | `month-first` or `day-first` (12/3) | `month-first`        |
/// | `time_zone`            | an IANA name (`America/New_York`) or `UTC` | `TZ`, else the system's |
/// | `backend`              | `local` or `google`                | google once signed in |
/// | `google_client_id`     | a Desktop OAuth client's id        | `CLERK_GOOGLE_CLIENT_ID` |
/// | `google_client_secret` | its secret                         | `CLERK_GOOGLE_CLIENT_SECRET` |
package struct Config: Equatable, Sendable {
    package var defaultCalendar: String?
    /// Minutes after midnight.
    package var workingHours = (start: 8 * 60, end: 20 * 60)
    package var defaultEventMinutes = 60
    package var dateOrder = DateOrder.monthFirst
    /// The zone when `--tz` is not given (before `TZ` and the system's).
    package var timeZone: Zone?
    package var backend: Backend?
    package var googleClientID: String?
    package var googleClientSecret: String?

    package init() {}

    package static func == (a: Config, b: Config) -> Bool {
        a.defaultCalendar == b.defaultCalendar && a.workingHours == b.workingHours && a.defaultEventMinutes == b.defaultEventMinutes
            && a.dateOrder == b.dateOrder && a.backend == b.backend && a.googleClientID == b.googleClientID
            && a.googleClientSecret == b.googleClientSecret && a.timeZone?.identifier == b.timeZone?.identifier
    }

    package static let keys = ["default_calendar", "working_hours", "default_event_length", "date_order", "time_zone", "backend",
                               "google_client_id", "google_client_secret"]

    /// A line of the file that cannot be used; `message` is printed after `clerk: `.
    package struct Failure: Error, Equatable {
        package var message: String

        package init(message: String) { self.message = message }
    }

    /// The lines of a config file's text: ended by LF or CRLF (Swift reads "\r\n" as one
    /// character, so a split at "\n" alone left a CRLF file one line long).
    package static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }

    package static func parse(_ text: String, file: String) throws(Failure) -> Config {
        var config = Config()
        for (index, raw) in lines(text).enumerated() {
            let line = raw.trimmingSpaces()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let place = "\(file):\(index + 1)"
            guard let equals = line.firstIndex(of: "=") else {
                // "google_client_secret: GOCSPX-…" is the secret with a wrong separator: the
                // error went to stderr, and into whatever logs it, whole.
                let word = String(line.prefix { !$0.isWhitespace && $0 != ":" })
                if Spelling.closest(to: word, in: ["google_client_secret"]) != nil {
                    throw Failure(message: "\(place): expected key = value, got \(TextStyle.quoted(word, limit: 40)) and a value not shown (a secret)")
                }
                throw Failure(message: "\(place): expected key = value, got \(TextStyle.quoted(line))")
            }
            let key = line[..<equals].trimmingSpaces().lowercased()
            let value = line[line.index(after: equals)...].trimmingSpaces()
            func bad(_ expected: String) -> Failure {
                Failure(message: "\(place): \(TextStyle.inline(String(key.prefix(40)))): expected \(expected), got \(TextStyle.quoted(value))")
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
            case "time_zone":
                guard let zone = ClockText.timeZone(value) else { throw bad("a time zone like Europe/London or UTC") }
                config.timeZone = zone
            case "backend":
                guard let backend = Backend(rawValue: value.lowercased()) else { throw bad("local or google") }
                config.backend = backend
            case "google_client_id": config.googleClientID = value
            case "google_client_secret": config.googleClientSecret = value
            default:
                let guess = Spelling.closest(to: key, in: keys)
                throw Failure(message: "\(place): unknown key \(TextStyle.quoted(key, limit: 40))"
                              + (guess.map { ". Did you mean '\($0)'?" } ?? ". Keys: " + keys.joined(separator: ", ")))
            }
        }
        return config
    }

    /// `08:00-20:00` as minutes after midnight, the end after the start.
    package static func workingHours(_ text: String) -> (start: Int, end: Int)? {
        let parts = text.split(separator: "-").map { $0.trimmingSpaces() }
        guard parts.count == 2, let start = clock(parts[0]), let end = clock(parts[1]), end > start else { return nil }
        return (start, end)
    }

    package static func clock(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0...24).contains(hour), (0..<60).contains(minute),
              hour * 60 + minute <= 24 * 60 else { return nil }
        return hour * 60 + minute
    }

    /// `45`, `45m`, `90 min`, `1h`, `1.5h` as minutes, from 5 minutes to 24 hours.
    package static func minutes(_ text: String) -> Int? {
        let lower = text.lowercased().replacingEvery(" ", with: "")
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
