import ClerkAssistant
import ClerkCore
import ClerkGoogle
import ClerkLocal
import FoundationEssentials

/// `clerk completions calendars`: the calendar names of the store this command line would
/// open, one per line, for the shells to offer after `--calendar`.
///
/// It runs at every Tab, so it is a one-shot look and nothing more: the backend chosen as
/// `SessionFactory` chooses it, the local store or the Google account's copy read as they
/// are (no sync, no network), nothing created when there is no store yet, and nothing
/// printed on any failure (the exit code says it).
enum CalendarNames {
    static func print(options: GlobalOptions, paths: ClerkPaths, environment: [String: String]) -> Int32 {
        guard let names = try? names(options: options, paths: paths, environment: environment) else { return ExitCode.failure }
        // A name holding a control character or a line break cannot be typed as one word,
        // and went to the terminal raw through the shell's list: another Google client (a
        // calendar shared with you) can name one "Two\nLines\u{1B}[2J".
        for name in names where CalendarInfo.problem(withName: name) == nil { Output.line(name) }
        return ExitCode.success
    }

    static func names(options: GlobalOptions, paths: ClerkPaths, environment: [String: String]) throws -> [String] {
        let config = try SessionFactory.config(paths)
        let setup = SessionFactory.googleSetup(options: options, paths: paths, config: config, environment: environment)
        let path: String?
        switch SessionFactory.chosenBackend(options: options, config: config, setup: setup) {
        case .local: path = paths.store
        case .google: path = setup.savedMirrorPath
        }
        guard let path, FileManager.default.fileExists(atPath: path) else { return [] }
        let store = try LocalStore(path: path, timeZone: options.timeZone, now: options.nowProvider, makeID: LocalStore.randomID,
                                   makesPrimaryCalendar: false)
        return try store.calendars().map(\.name)
    }
}
