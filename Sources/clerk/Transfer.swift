import ClerkAssistant
import ClerkCore
import ClerkGoogle
import ClerkLocal
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `clerk import FILE.ics|FILE.vcf [--calendar NAME]` and `clerk export [--calendar NAME]`:
/// data in and out of the active backend. A file is read whole and checked before anything
/// is written; the import itself is one transaction.
struct Transfer {
    var options: GlobalOptions
    var paths: ClerkPaths

    /// What a file to import holds.
    enum FileKind {
        case calendar
        case contacts
    }

    /// A failure already worded for the person: printed after `clerk: `, exit code 1.
    struct Failure: Error {
        var message: String
    }

    func importFile(_ path: String, calendarName: String?) -> Int32 {
        run(command: "import") {
            // Until the import is written, SIGTERM or Ctrl-C says that nothing was (into the
            // local store; on Google the import takes back what it sent, below).
            ImportStop.install(Renderer.importStopped)
            defer { ImportStop.remove() }
            let data = try read(path)
            let kind = try kind(of: path, data: data)
            // The file as messages name it ("stdin" for `-`).
            let name = path == "-" ? "stdin" : TextStyle.path(path)
            switch kind {
            case .calendar:
                try service { try LibICal.require() }
                let events = try readerFailure { () throws(ImportError) in
                    try ICalendarReader(file: name, zone: options.timeZone).read(data)
                }
                let store = try openBackend()
                if store.backend == .google { ImportStop.remove() }
                let (calendar, isNew) = try calendar(named: calendarName, in: store, createIfMissing: true)
                let progress = ProgressLine(label: "Importing events…", enabled: !options.json)
                defer { progress?.finish() }
                // On Google, Ctrl-C stops the import cleanly (what it added is taken back) rather
                // than ending clerk between two requests.
                if store.backend == .google { Interruption.install() }
                let summary = try service {
                    try HTTPClient.waiting {
                        try store.calendars.importEvents(events, calendarID: calendar.id, progress: progress.map { line in line.update })
                    }
                }
                ImportStop.remove()
                progress?.finish()
                let place = calendar.name + (isNew ? " (a new calendar)" : "")
                report(Renderer.imported(summary, noun: "event", into: place, file: name), summary: summary)
            case .contacts:
                if calendarName != nil { throw Failure(message: "--calendar: only for .ics files; contacts have no calendar") }
                let contacts = try readerFailure { () throws(ImportError) in try VCardReader(file: name).read(data) }
                let store = try openBackend()
                let progress = ProgressLine(label: "Importing contacts…", enabled: !options.json)
                defer { progress?.finish() }
                if store.backend == .google { ImportStop.remove() }
                let summary = try service { try store.contacts.importContacts(contacts, progress: progress.map { line in line.update }) }
                ImportStop.remove()
                progress?.finish()
                report(Renderer.imported(summary, noun: "contact", into: nil, file: name), summary: summary)
            }
        }
    }

    func export(calendarName: String?) -> Int32 {
        run {
            try service { try LibICal.require() }
            let store = try openBackend()
            let (calendar, _) = try calendar(named: calendarName, in: store, createIfMissing: false)
            let events = try service { try store.calendars.storedEvents(calendarID: calendar.id) }
            let text = ICalendarWriter.write(events, calendar: calendar, stamp: options.nowProvider.now())
            StandardStreams.write(text)
        }
    }

    // MARK: Steps

    /// Runs a command's steps; a failure is one line on stderr, and with `--json` a
    /// command that answers in JSON (`command`: `import`) answers a failure in JSON too,
    /// `{"command", "ok": false, "message"}`, as it answers a success.
    private func run(command: String? = nil, _ body: () throws -> Void) -> Int32 {
        let message: String
        do {
            try body()
            return ExitCode.success
        } catch let failure as Failure {
            message = failure.message
        } catch let error as ServiceError {
            message = Renderer.commandFailure(error)
        } catch {
            message = Renderer.unexpected
        }
        if options.json, let command {
            Output.json(.object([("command", .string(command)), ("ok", false), ("message", .string(message))]))
        }
        Output.error(message)
        return HTTPClient.isCancelled ? ExitCode.interrupted : ExitCode.failure
    }

    /// The file whole; `-` is standard input. A pipe (`/dev/stdin`, `<(…)`, a FIFO) is read
    /// as it comes, and refused past what an import takes (64 MB): `cat week.ics | clerk
    /// import /dev/stdin` was refused, "cannot read it". A regular file larger than that is
    /// refused before it is read (a 1 GB file was read whole, 1 GB of memory and 9 s, to be
    /// refused after).
    private func read(_ path: String) throws -> Data {
        if path == "-" {
            return try Self.readStream(STDIN_FILENO, name: "stdin")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(message: Self.openFailure(path, errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(message: "\(TextStyle.path(path)): cannot read it") }
        switch info.st_mode & S_IFMT {
        // A folder named by mistake (`clerk import ~/Downloads`) was "cannot read it".
        case S_IFDIR:
            throw Failure(message: "\(TextStyle.path(path)): a folder, not a file; give a FILE.ics or FILE.vcf")
        case S_IFREG where info.st_size > ICalendarReader.maximumBytes:
            throw Failure(message: Self.tooLarge(TextStyle.path(path)))
        default:
            return try Self.readStream(descriptor, name: TextStyle.path(path))
        }
    }

    /// Why `path` could not be opened, `code` its `errno`: a symbolic link to nothing or in a
    /// loop, and a file that may not be read, said as such (all were "no such file" or
    /// "cannot read it").
    private static func openFailure(_ path: String, _ code: Int32) -> String {
        let shown = TextStyle.path(path)
        switch code {
        case ENOENT:
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count > 0 else { return "\(shown): no such file" }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return "\(shown): a symbolic link to \(TextStyle.path(target)), which does not exist"
        case ELOOP: return "\(shown): can't be read (its symbolic links go round in a loop)"
        case EACCES, EPERM: return "\(shown): can't be read (permission denied)"
        case ENAMETOOLONG, ENOTDIR: return "\(shown): no such file"
        default: return "\(shown): cannot read it"
        }
    }

    private static func tooLarge(_ name: String) -> String {
        "\(name): larger than \(ICalendarReader.maximumBytes >> 20) MB, the most clerk imports at once; split the file"
    }

    /// What `descriptor` gives until its end, refused past `ICalendarReader.maximumBytes`.
    private static func readStream(_ descriptor: Int32, name: String) throws -> Data {
        let limit = ICalendarReader.maximumBytes
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "\(name): cannot read it")
            }
            if count == 0 { break }
            bytes.append(contentsOf: block[..<count])
            if bytes.count > limit {
                throw Failure(message: tooLarge(name))
            }
        }
        return Data(bytes)
    }

    /// By extension, else by the first line.
    private func kind(of path: String, data: Data) throws -> FileKind {
        switch path.fileExtension.lowercased() {
        case "ics", "ical", "icalendar", "ifb": return .calendar
        case "vcf", "vcard": return .contacts
        default:
            let start = String(decoding: data.prefix(64), as: UTF8.self).uppercased()
            if start.contains("BEGIN:VCALENDAR") { return .calendar }
            if start.contains("BEGIN:VCARD") { return .contacts }
            throw Failure(message: "\(path == "-" ? "stdin" : TextStyle.path(path)): expected an iCalendar (.ics) or vCard (.vcf) file")
        }
    }

    private func readerFailure<T>(_ body: () throws(ImportError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw Failure(message: error.description)
        }
    }

    private func service<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ServiceError {
            throw Failure(message: Renderer.commandFailure(error))
        }
    }

    /// The active backend (the local store, or the Google account through its mirror).
    private func openBackend() throws -> OpenBackend {
        do {
            return try SessionFactory.open(options: options, paths: paths, environment: ProcessInfo.processInfo.environment).0
        } catch {
            throw Failure(message: error.message)
        }
    }

    /// The calendar `name` names (ignoring case), the primary one when nil. An import into a
    /// name that is nobody's typo creates the calendar.
    private func calendar(named name: String?, in store: OpenBackend, createIfMissing: Bool) throws -> (CalendarInfo, isNew: Bool) {
        let calendars = try service { try store.calendars.calendars() }
        guard let name else {
            guard let primary = calendars.first(where: \.isPrimary) ?? calendars.first else {
                throw Failure(message: "the store has no calendar")
            }
            return (primary, false)
        }
        if let match = calendars.first(where: { $0.name.lowercased() == name.lowercased() }) { return (match, false) }
        let names = calendars.map(\.name)
        let suggestion = Spelling.closest(to: name, in: names)
        guard createIfMissing, suggestion == nil else {
            throw Failure(message: Renderer.noCalendar(named: name, among: names, suggestion: suggestion))
        }
        return (try service { try store.calendars.createCalendar(named: name, timeZone: options.timeZone.identifier) }, true)
    }

    private func report(_ message: String, summary: ImportSummary) {
        guard options.json else { return Output.line(message) }
        let answer: JSONValue = .object([
            ("command", "import"), ("ok", true), ("message", .string(message)),
            ("added", .number(Double(summary.added))), ("updated", .number(Double(summary.updated))),
            ("unchanged", .number(Double(summary.unchanged))), ("merged", .number(Double(summary.merged))),
        ])
        Output.json(answer)
    }
}

/// SIGTERM (or Ctrl-C) while an import into the local store runs: the import is one
/// transaction, which SQLite takes back, and clerk ended without a word (exit 143). Now it
/// says so on stderr, one line, and ends with 128 + the signal as before.
enum ImportStop {
    /// The line, made before the handler is set: a handler may only write(2) and _exit.
    nonisolated(unsafe) private static var line: UnsafeMutableBufferPointer<UInt8>?

    static func install(_ message: String) {
        let bytes = Array(("clerk: " + message + "\n").utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        line = buffer
        for number in [SIGTERM, SIGINT] {
            signal(number) { number in
                if let line = ImportStop.line { _ = write(STDERR_FILENO, line.baseAddress, line.count) }
                _exit(128 + number)
            }
        }
    }

    /// Back to the default actions (the import is written, or Google's own handling takes over).
    static func remove() {
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
    }
}
