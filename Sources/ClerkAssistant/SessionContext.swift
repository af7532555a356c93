public import ClerkCore
public import ClerkLanguage
public import FoundationEssentials

/// What the person set in the config file, with clerk's defaults.
///
/// | setting | default |
/// |---|---|
/// | the calendar new events go on | the primary calendar |
/// | the hours free-time answers count as a day | 08:00–20:00 |
/// | how long an event lasts when no end or length is said | 1 h |
public struct Preferences: Sendable, Equatable {
    public var defaultCalendar: String?
    /// Minutes after midnight.
    public var workingHours: (start: Int, end: Int)
    public var eventLength: TimeInterval
    /// The config's `time_zone`, nil when it has none (the zone then came from `--tz`, `TZ`
    /// or the system).
    public var timeZoneSetting: String?

    public init(defaultCalendar: String? = nil, workingHours: (start: Int, end: Int) = (8 * 60, 20 * 60), eventLength: TimeInterval = 3600) {
        self.defaultCalendar = defaultCalendar
        self.workingHours = workingHours
        self.eventLength = eventLength
    }

    public static func == (a: Preferences, b: Preferences) -> Bool {
        a.defaultCalendar == b.defaultCalendar && a.workingHours == b.workingHours && a.eventLength == b.eventLength
    }
}

/// Keeps what a person sets in words, for the runs after this one (the config file).
public protocol SettingsWriter: AnyObject {
    /// Makes `name` the calendar new events go on; nil goes back to the primary calendar.
    /// Throws `ServiceError.storage` when the settings cannot be written.
    func setDefaultCalendar(_ name: String?) throws
    /// Makes `hours` (minutes after midnight) the working hours free time is looked for in.
    func setWorkingHours(_ hours: (start: Int, end: Int)) throws
    /// Makes `minutes` the length of a new event that says none.
    func setEventLength(minutes: Int) throws
    /// Makes `identifier` the zone of the runs after this one; nil goes back to `TZ`.
    func setTimeZone(_ identifier: String?) throws
}

/// How answers to questions are read.
///
/// At a terminal a person answers: Enter takes the default (the capital letter of
/// `[Y/n]`), and yes may be said in many ways ("sure", "ok"). From a pipe the next line is
/// the answer and must say it: only y or yes confirms, and an empty line is no answer — so
/// neither a script's stray blank line nor random input ever says yes.
public enum AnswerRule: Sendable {
    case terminal
    case pipe
}

/// Everything a session works with, handed in by the executable: the active backend's
/// services, the clock, the zone, how text looks, and how new ids are made.
public struct SessionContext {
    var calendars: any CalendarService
    var contacts: any ContactsService
    var files: any FileService
    /// "local" or "google", for messages that depend on it.
    var backendName: String
    var now: NowProvider
    var zone: Zone
    var dateOrder: DateOrder
    var style: TextStyle
    /// Where answers come from; see `AnswerRule`.
    var answers: AnswerRule
    /// A new event id (Google's rules: 5–1024 characters of a–v and 0–9). Injected so
    /// transcripts are reproducible.
    var makeID: () -> String
    /// The first `count` starts of a series beginning at `start` under `lines` (its
    /// `RRULE:` and `EXDATE` lines), for the card's "next three dates"; nil when unknown. The
    /// executable passes libical's expansion.
    var previewOccurrences: (_ lines: [String], _ start: When, _ skippedWallStart: Int?, _ count: Int) -> [Date]?
    public var preferences = Preferences()
    /// The account behind the backend: status, sign-in and notices (nil: none to speak of).
    public var account: (any AccountService)?
    /// Google's own reading of free text, when the backend offers it.
    public var quickAdd: (any QuickAddService)?
    /// Prints a line at once, before the reply (the sign-in URL while clerk waits).
    public var announce: (String) -> Void = { _ in }
    /// Where settings said in words are written ("make Work my default calendar"); nil when
    /// they cannot be kept (then they last for the session only).
    public var settings: (any SettingsWriter)?
    /// False for a one-shot run: the process ends with the answer, so no reply offers an
    /// "undo" it could not give.
    public var offersUndo = true
    /// clerk's version, for "what version are you" (nil: not known to this session).
    public var version: String?

    public init(
        calendars: any CalendarService, contacts: any ContactsService, files: any FileService,
        backendName: String, now: NowProvider, zone: Zone, dateOrder: DateOrder = .monthFirst,
        style: TextStyle = .plain, answers: AnswerRule = .terminal, makeID: @escaping () -> String = SessionContext.randomID,
        previewOccurrences: @escaping (_ lines: [String], _ start: When, _ skippedWallStart: Int?, _ count: Int) -> [Date]? = { _, _, _, _ in nil }
    ) {
        self.calendars = calendars
        self.contacts = contacts
        self.files = files
        self.backendName = backendName
        self.now = now
        self.zone = zone
        self.dateOrder = dateOrder
        self.style = style
        self.answers = answers
        self.makeID = makeID
        self.previewOccurrences = previewOccurrences
    }

    /// 32 lower-case hex digits: valid as a Google event id and unique enough to retry safely.
    public static func randomID() -> String {
        UUID().uuidString.lowercased().replacingEvery("-", with: "")
    }

    /// The reference the language layer reads against, now.
    var reference: ReferenceTime {
        ReferenceTime(instant: now.now(), timeZone: zone, dateOrder: dateOrder)
    }
}
