import ClerkAssistant
import ClerkCore
import ClerkLocal
import Foundation

/// Opens the active backend and builds the session that talks to it.
enum SessionFactory {
    /// A failure already worded for the person, printed after `clerk: ` with exit code 1.
    struct Failure: Error {
        var message: String
    }

    static func make(options: GlobalOptions, paths: ClerkPaths, environment: [String: String]) throws(Failure) -> Session {
        guard options.backend == .local else {
            throw Failure(message: "--backend google: not in this build yet; clerk keeps everything in the local store (--backend local)")
        }
        do {
            try ClerkPaths.ensure(paths.dataDirectory)
        } catch {
            throw Failure(message: "\(paths.dataDirectory): cannot create the folder")
        }
        let store: LocalStore
        do {
            store = try LocalStore(path: paths.store, timeZone: options.timeZone, now: options.nowProvider)
        } catch let error as ServiceError {
            throw Failure(message: Renderer.commandFailure(error))
        } catch {
            throw Failure(message: "\(paths.store): cannot open the store")
        }
        let style = TerminalInfo.stdout().style(json: options.json, environment: environment)
        let context = SessionContext(
            calendars: store, contacts: store, files: store, backendName: options.backend.rawValue,
            now: options.nowProvider, zone: options.timeZone, style: style,
            // Answers are typed at a terminal, or are the next lines of a pipe.
            answers: isatty(STDIN_FILENO) == 1 ? .terminal : .pipe,
            previewOccurrences: { rule, start, count in
                try? RecurrencePreview.starts(rule: rule, first: start, zone: options.timeZone, count: count)
            })
        return Session(context: context)
    }
}
