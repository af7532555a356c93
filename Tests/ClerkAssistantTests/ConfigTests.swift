@testable import ClerkAssistant
import ClerkCore
import ClerkLanguage
import Testing

/// The config file's reading (`Config.parse`, moved here from the executable so the fuzz
/// target can reach it): every key, and the one line of each refusal.
@Suite struct ConfigTests {
    @Test func readsEveryKey() throws {
        let text = """
            # a comment, then every key
            default_calendar = Work
            working_hours = 09:00-17:30
              default_event_length = 1.5h

            DATE_ORDER = DMY
            time_zone = America/New_York
            backend = Google
            google_client_id = 1234-abc.apps.googleusercontent.com
            google_client_secret = GOCSPX-x = y
            """
        let config = try Config.parse(text, file: "config")
        #expect(config.defaultCalendar == "Work")
        #expect(config.workingHours == (9 * 60, 17 * 60 + 30))
        #expect(config.defaultEventMinutes == 90)
        #expect(config.dateOrder == .dayFirst)
        #expect(config.timeZone?.identifier == "America/New_York")
        #expect(config.backend == .google)
        #expect(config.googleClientID == "1234-abc.apps.googleusercontent.com")
        #expect(config.googleClientSecret == "GOCSPX-x = y")
        #expect(try Config.parse("", file: "config") == Config())
    }

    /// A file with CRLF line ends was one line to the reader (Swift reads "\r\n" as one
    /// character): refused, its error spanning two lines (`got '30^M` and `'`).
    @Test func readsCRLFLines() throws {
        let config = try Config.parse("# made on Windows\r\ndefault_event_length = 30\r\n\r\nbackend = local\r\n", file: "config")
        #expect(config.defaultEventMinutes == 30)
        #expect(config.backend == .local)
        let error = #expect(throws: Config.Failure.self) { try Config.parse("backend = local\r\ndate_order = ymd\r\n", file: "config") }
        #expect(error?.message == "config:2: date_order: expected month-first or day-first, got 'ymd'")
    }

    @Test(arguments: [
        ("45", 45), ("45m", 45), ("90 min", 90), ("1h", 60), ("24h", 1440), ("5", 5),
    ])
    func readsLengths(text: String, minutes: Int) {
        #expect(Config.minutes(text) == minutes)
    }

    @Test(arguments: [
        ("lunch", "config:1: expected key = value, got 'lunch'"),
        // The client secret written without '=' is not shown (it went to stderr whole).
        ("google_client_secret: GOCSPX-hunter2", "config:1: expected key = value, got 'google_client_secret' and a value not shown (a secret)"),
        ("Google_Client_Secrt GOCSPX-hunter2", "config:1: expected key = value, got 'Google_Client_Secrt' and a value not shown (a secret)"),
        ("google_client_id: 123.apps", "config:1: expected key = value, got 'google_client_id: 123.apps'"),
        ("bakend = google", "config:1: unknown key 'bakend'. Did you mean 'backend'?"),
        ("zzz = 1", "config:1: unknown key 'zzz'. Keys: default_calendar, working_hours, default_event_length, date_order, time_zone, backend, google_client_id, google_client_secret"),
        ("\n\nworking_hours = 20:00-08:00", "config:3: working_hours: expected hours like 08:00-20:00, got '20:00-08:00'"),
        ("working_hours = 24:30-25:00", "config:1: working_hours: expected hours like 08:00-20:00, got '24:30-25:00'"),
        ("default_event_length = 4", "config:1: default_event_length: expected minutes like 60, 45m or 1h, got '4'"),
        ("default_event_length = 1e999h", "config:1: default_event_length: expected minutes like 60, 45m or 1h, got '1e999h'"),
        ("default_event_length = nan", "config:1: default_event_length: expected minutes like 60, 45m or 1h, got 'nan'"),
        ("date_order = ymd", "config:1: date_order: expected month-first or day-first, got 'ymd'"),
        ("backend = outlook", "config:1: backend: expected local or google, got 'outlook'"),
        ("time_zone = New York", "config:1: time_zone: expected a time zone like Europe/London or UTC, got 'New York'"),
        ("time_zone = ../../etc/passwd", "config:1: time_zone: expected a time zone like Europe/London or UTC, got '../../etc/passwd'"),
        ("default_calendar =", "config:1: default_calendar: expected a calendar's name, got ''"),
        // A value is quoted on one line, its control characters visible, at most 60 long.
        ("default_event_length = 3\u{1B}[2J\t0\r\nbackend = local", "config:1: default_event_length: expected minutes like 60, 45m or 1h, got '3^[[2J^I0'"),
        ("working_hours = 8\r", "config:1: working_hours: expected hours like 08:00-20:00, got '8^M'"),
        ("working_hours = " + String(repeating: "9", count: 100), "config:1: working_hours: expected hours like 08:00-20:00, got '" + String(repeating: "9", count: 59) + "…'"),
        ("back\u{2028}end = local", "config:1: unknown key 'back<U+2028>end'. Did you mean 'backend'?"),
    ])
    func refusesALineNamingIt(text: String, message: String) {
        #expect(throws: Config.Failure(message: message)) { try Config.parse(text, file: "config") }
    }
}
