import ClerkAssistant
import ClerkCore
import ClerkGoogle
import ClerkLanguage
import ClerkLocal
import Foundation
import GoogleEmulator
import LoopbackHTTP

/// The phrase reader and the router on one line, as `clerk parse` and the conversation use them.
enum LanguageTarget {
    static let router = Router()
    static let known = KnownNames(calendars: ["Personal", "Work", "Trips"], contacts: ["Ana Pérez", "Bob Stone", "Carla Gomez"],
                                  files: ["notes.txt", "todo.txt", "budget 2027.md"])
    /// Duckling's reference time (Tuesday 12 February 2013, 04:30 at UTC−2), and clerk's
    /// fixtures' (Monday 30 November 2026, 09:00 Madrid, day first).
    static let references = [
        ReferenceTime(instant: Date(timeIntervalSince1970: 1_360_650_600), timeZone: Zone(secondsFromGMT: -7200)!),
        ReferenceTime(instant: Checkout.now, timeZone: Checkout.madrid, dateOrder: .dayFirst),
    ]

    static func run(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        for reference in references {
            _ = DateReader().read(text, at: reference)
            _ = router.understand(text, at: reference, known: known)
            let report = ParseReport(text: text, reference: reference, router: router)
            _ = report.record(id: .null).serialized()
            _ = report.explanation
        }
        // The same text as a `clerk parse --jsonl` request line, with its own clock.
        let line = JSONValue.object([("id", 1), ("text", .string(text)), ("now", "2026-03-29T01:59:30"), ("tz", "Europe/Madrid")]).serialized()
        _ = ParseBatch.answer(line: line, defaults: references[1], router: router).json.serialized()
        // And the raw bytes as a request line, when they are text.
        _ = ParseBatch.answer(line: text, defaults: references[1], router: router).json.serialized()
    }
}

/// A conversation: each line of the input is typed in turn, as from a pipe, on a store that
/// starts the same every time (a copy of one seeded with `Fixtures/seed`).
final class ConversationTarget {
    nonisolated(unsafe) static let shared = ConversationTarget()
    let template: String
    var runs = 0

    init() {
        template = Checkout.scratch + "/template.sqlite3"
        do {
            let store = try Checkout.freshStore(named: "template")
            let people = try Data(contentsOf: URL(fileURLWithPath: Checkout.fixtures + "/seed/people.vcf"))
            _ = try store.importContacts(try VCardReader(file: "people.vcf").read(people), progress: nil)
            let week = try Data(contentsOf: URL(fileURLWithPath: Checkout.fixtures + "/seed/week.ics"))
            let primary = try store.calendars().first { $0.isPrimary }!
            _ = try store.importEvents(try ICalendarReader(file: "week.ics", zone: Checkout.madrid).read(week), calendarID: primary.id, progress: nil)
            _ = try store.createCalendar(named: "Work", timeZone: "Europe/Madrid")
            _ = try store.createFile(named: "notes.txt", content: "hello\nworld\n")
        } catch {
            fatalError("clerk-fuzz: cannot make the conversation's store: \(error)")
        }
    }

    func run(_ bytes: [UInt8]) {
        let path = Checkout.scratch + "/conversation.sqlite3"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try! FileManager.default.copyItem(atPath: template, toPath: path)
        var ids = 0
        guard let store = try? LocalStore(path: path, timeZone: Checkout.madrid, now: .fixed(Checkout.now), makeID: {
            ids += 1
            return String(format: "id%06d", ids)
        }) else { fatalError("clerk-fuzz: the copied store does not open") }
        var eventIDs = 0
        let context = SessionContext(
            calendars: store, contacts: store, files: store, backendName: "local", now: .fixed(Checkout.now), zone: Checkout.madrid,
            answers: .pipe, makeID: {
                eventIDs += 1
                return String(format: "evt%06d", eventIDs)
            },
            previewOccurrences: { lines, first, skipped, count in
                try? RecurrencePreview.starts(lines: lines, first: first, skippedWallStart: skipped, zone: Checkout.madrid, count: count) })
        let session = Session(context: context)
        // Lines as the pipe reader gives them: split on newlines, text only; "!yes" is --yes.
        for raw in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(40) {
            guard let line = String(validating: raw, as: UTF8.self) else { continue }
            let reply = line == "!yes" ? session.answerYes() : session.respond(to: line)
            _ = reply?.json.serialized()
        }
    }
}

/// The file readers: iCalendar, vCard, the config file and Google's JSON.
enum FileTargets {
    static func icalendar(_ bytes: [UInt8]) {
        guard let events = try? ICalendarReader(file: "fuzz.ics", zone: Checkout.madrid).read(Data(bytes)) else { return }
        guard let store = try? Checkout.freshStore(named: "ics"), let primary = try? store.calendars().first(where: \.isPrimary) else {
            fatalError("clerk-fuzz: cannot make a store")
        }
        guard (try? store.importEvents(events, calendarID: primary.id, progress: nil)) != nil else { return }
        let week = DateInterval(start: Checkout.now, duration: 7 * 86_400)
        let stored = (try? store.events(from: week.start, to: week.end, calendarIDs: nil)) ?? []
        _ = try? store.events(from: Date(timeIntervalSince1970: 2_000_000_000), to: Date(timeIntervalSince1970: 2_031_536_000), calendarIDs: nil)
        _ = ICalendarWriter.write(stored, calendar: primary, stamp: Checkout.now)
    }

    static func vcard(_ bytes: [UInt8]) {
        guard let contacts = try? VCardReader(file: "fuzz.vcf").read(Data(bytes)) else { return }
        guard let store = try? Checkout.freshStore(named: "vcf") else { fatalError("clerk-fuzz: cannot make a store") }
        guard (try? store.importContacts(contacts, progress: nil)) != nil else { return }
        for contact in contacts.prefix(3) {
            _ = try? store.lookupContacts(contact.contact.name, limit: 10)
        }
    }

    static func config(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        _ = try? Config.parse(text, file: "config")
    }

    static func googleJSON(_ bytes: [UInt8]) {
        guard let value = try? JSONValue.parse(bytes: bytes) else { return }
        // What clerk writes, it reads back the same.
        let again = try? JSONValue.parse(bytes: value.serializedBytes())
        if again != value { fatalError("clerk-fuzz: JSON round trip changed \(value.serialized())") }
        let resources = value.arrayValue ?? value["items"]?.arrayValue ?? value["connections"]?.arrayValue ?? value["files"]?.arrayValue ?? [value]
        for resource in resources.prefix(20) {
            _ = GoogleCoding.event(resource, calendarID: "primary", calendarZone: "Europe/Madrid")
            _ = GoogleCoding.contact(resource)
            _ = GoogleCoding.file(resource)
        }
    }
}

/// Requests as the fuzzer writes them: separated by a line `~~~`; each a request line
/// (`METHOD TARGET`), header lines `Name: value`, an empty line and the body.
enum EmulatorRequests {
    static func parse(_ bytes: [UInt8]) -> [HTTPRequest] {
        var requests: [HTTPRequest] = []
        let separator = Array("\n~~~\n".utf8)
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0, at = 0
        while at + separator.count <= bytes.count {
            if bytes[at..<at + separator.count].elementsEqual(separator) {
                pieces.append(bytes[start..<at])
                at += separator.count
                start = at
            } else {
                at += 1
            }
        }
        pieces.append(bytes[start...])
        for piece in pieces.prefix(16) {
            let lineEnd = piece.firstIndex(of: UInt8(ascii: "\n")) ?? piece.endIndex
            let requestLine = String(decoding: piece[..<lineEnd], as: UTF8.self)
            let words = requestLine.split(separator: " ", maxSplits: 1)
            guard words.count == 2 else { continue }
            var headers: [(String, String)] = []
            var cursor = lineEnd < piece.endIndex ? piece.index(after: lineEnd) : lineEnd
            while cursor < piece.endIndex {
                let end = piece[cursor...].firstIndex(of: UInt8(ascii: "\n")) ?? piece.endIndex
                let line = String(decoding: piece[cursor..<end], as: UTF8.self)
                cursor = end < piece.endIndex ? piece.index(after: end) : end
                if line.isEmpty { break }
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
            let request = HTTPRequest(method: String(words[0]), target: String(words[1]), headers: headers, body: Array(piece[cursor...]))
            _ = request.parameters("fields")
            _ = request.header("content-type")
            _ = HTTPServer.acceptsGzip(request.header("accept-encoding"))
            requests.append(request)
        }
        return requests
    }
}

/// The emulator's request handling on an account that starts the same for every input (reset
/// and seeded with `Fixtures/emulator-seed`), with a token holding every scope added to any
/// request that brings none.
final class EmulatorTarget {
    nonisolated(unsafe) static let shared = EmulatorTarget()
    let emulator: Emulator
    let token: String

    init() {
        do {
            emulator = try Emulator(configuration: .init(dataDirectory: Checkout.scratch + "/emulator", timeZone: Checkout.madrid,
                                                         now: .fixed(Checkout.now)))
        } catch {
            fatalError("clerk-fuzz: cannot start the emulator: \(error)")
        }
        let minted = emulator.handle(HTTPRequest(method: "POST", target: "/_emulator/token", headers: [], body: Array("{}".utf8)))
        guard case .respond(let response, _) = minted, let json = try? JSONValue.parse(bytes: response.body),
              let access = json["access_token"]?.stringValue else { fatalError("clerk-fuzz: the emulator made no token") }
        token = access
    }

    func run(_ bytes: [UInt8]) {
        _ = emulator.handle(HTTPRequest(method: "POST", target: "/_emulator/reset", headers: [], body: []))
        try? emulator.seed(from: Checkout.fixtures + "/emulator-seed")
        for var request in EmulatorRequests.parse(bytes) {
            if request.header("authorization") == nil { request.headers.append(("authorization", "Bearer " + token)) }
            _ = emulator.handle(request)
        }
    }
}
