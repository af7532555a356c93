import ClerkCore
import ClerkLocal
import Foundation

// Speed figures for BENCHMARKS.md: how the local store's agenda, contact lookup and .ics
// import grow from 1,000 to 100,000 items. Run in release:
//
//     swift run -c release clerk-benchmarks            # everything
//     swift run -c release clerk-benchmarks agenda     # or: contacts, import
//
// Data is made by a seeded generator, so every run measures the same stores.

let madrid = Zone(identifier: "Europe/Madrid")!
/// 2026-03-01 10:00 UTC, the benchmarks' "now".
let now = Date(timeIntervalSince1970: 1_772_359_200)
func wall(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
    madrid.date(LocalDate(year: year, month: month, day: day), hour: hour, minute: minute)
}

func folder() -> String {
    let path = NSTemporaryDirectory() + "clerk-bench-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Milliseconds `body` takes.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

/// Milliseconds of this thread's CPU time `body` takes (other processes' load does not count).
func cpuMilliseconds(_ body: () throws -> Void) rethrows -> Double {
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    try body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6
}

/// Median and 95th percentile of `runs` wall-clock timings of `body` after one warm-up, and
/// the median of its CPU time (which the other processes on a shared machine do not inflate).
func repeated(_ runs: Int, _ body: () throws -> Void) rethrows -> (median: Double, p95: Double, cpu: Double) {
    try body()
    var wall: [Double] = [], cpu: [Double] = []
    for _ in 0..<runs {
        var spent = 0.0
        wall.append(try milliseconds { spent = try cpuMilliseconds(body) })
        cpu.append(spent)
    }
    wall.sort()
    cpu.sort()
    return (wall[runs / 2], wall[min(runs - 1, runs * 95 / 100)], cpu[runs / 2])
}

/// `median (p95), CPU median` of a `repeated` measurement.
func format(_ time: (median: Double, p95: Double, cpu: Double)) -> String {
    "\(format(time.median)) (\(format(time.p95))), CPU \(format(time.cpu))"
}

func format(_ ms: Double) -> String { ms < 10 ? String(format: "%.2f ms", ms) : String(format: "%.0f ms", ms) }

// MARK: - Events

/// How a store's series repeat, in shares of 100.
struct SeriesMix {
    var name: String
    var weekly: Int
    var daily: Int
    var monthly: Int
    // The rest are yearly all-day events (birthdays).

    /// Mostly weekly meetings and yearly birthdays, a few daily ones.
    static let usual = SeriesMix(name: "usual", weekly: 50, daily: 5, monthly: 20)
    /// A fifth of the series repeat every day: 1,000 series put 200 events on every day.
    static let dailyHeavy = SeriesMix(name: "daily-heavy", weekly: 40, daily: 20, monthly: 20)

    func kind(_ n: Int) -> Int {
        let slot = n % 100
        return slot < weekly ? 0 : slot < weekly + daily ? 1 : slot < weekly + daily + monthly ? 2 : 3
    }
}

/// `count` events, 1% of them repeating as `mix` says. Single events are spread over
/// 2021–2030, a few all day; series start in the five years before now and four in five
/// never end, so nearly all of them are live in any week — the hard case for an agenda.
func events(_ count: Int, seed: UInt64, mix: SeriesMix = .usual) -> [ImportedEvent] {
    var random = SeededRandom(seed: seed)
    let seriesCount = count / 100
    var result: [ImportedEvent] = []
    let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    for n in 0..<count - seriesCount {
        let day = Int.random(in: 0..<3652, using: &random)
        let start = wall(2021, 1, 1).addingTimeInterval(Double(day) * 86_400)
        let parts = LocalDate(start, in: madrid)
        let when: When
        if n % 20 == 0 {
            let date = LocalDate(year: parts.year, month: parts.month, day: parts.day)
            when = .allDay(start: date, end: date.adding(days: Int.random(in: 1...3, using: &random)))
        } else {
            let begin = wall(parts.year, parts.month, parts.day, Int.random(in: 7...20, using: &random), [0, 15, 30, 45].randomElement(using: &random)!)
            when = .timed(start: begin, end: begin.addingTimeInterval(Double([30, 45, 60, 90, 120].randomElement(using: &random)!) * 60), timeZone: "Europe/Madrid")
        }
        result.append(ImportedEvent(uid: "single-\(n)", draft: EventDraft(title: "Event \(n)", when: when, location: n % 3 == 0 ? "Room \(n % 40)" : nil)))
    }
    for n in 0..<seriesCount {
        let day = Int.random(in: 0..<1857, using: &random)  // 2021-01-01 … 2026-02-01
        let start = wall(2021, 1, 1).addingTimeInterval(Double(day) * 86_400)
        let parts = LocalDate(start, in: madrid)
        let begin = wall(parts.year, parts.month, parts.day, Int.random(in: 8...18, using: &random))
        let ends = n % 5 == 0 ? ";COUNT=\(Int.random(in: 5...200, using: &random))" : ""
        let rule: String
        var when: When = .timed(start: begin, end: begin.addingTimeInterval(1800), timeZone: "Europe/Madrid")
        switch mix.kind(n) {
        case 0:
            let days = weekdays.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)).joined(separator: ",")
            rule = "FREQ=WEEKLY;BYDAY=\(days)"
        case 1: rule = "FREQ=DAILY" + (n % 4 == 0 ? ";INTERVAL=2" : "")
        case 2 where n % 2 == 0: rule = "FREQ=MONTHLY;BYMONTHDAY=\(parts.day)"
        case 2: rule = "FREQ=MONTHLY;BYDAY=\(["1MO", "2TU", "-1FR", "3TH"].randomElement(using: &random)!)"
        default:
            let date = LocalDate(year: parts.year, month: parts.month, day: parts.day)
            when = .allDay(start: date, end: date.adding(days: 1))
            rule = "FREQ=YEARLY"
        }
        result.append(ImportedEvent(uid: "series-\(n)", draft: EventDraft(title: "Series \(n)", when: when, recurrence: ["RRULE:" + rule + ends])))
    }
    return result.shuffled(using: &random)
}

func agendaBenchmark() throws {
    print("### A week's agenda\n")
    print("`events(from:to:)` for the week of 2026-03-02 (Madrid); 1% of the events repeat. Mix")
    print("`usual`: half the series weekly, 5% daily, 20% monthly, the rest yearly birthdays;")
    print("`daily-heavy`: 40% weekly, 20% daily (200 daily events on every day), 20% monthly.")
    print("“First” is opening the store and its first query, as one `clerk` command runs them;")
    print("“repeated” is the median (p95) of 200 more, as in the REPL, and the median CPU time;")
    print("“far week” is 2032-03-01, outside the occurrence window, expanded by libical then.\n")
    print("| events | series | mix | events that week | first | repeated | far week |")
    print("|---:|---:|---|---:|---:|---:|---:|")
    for (count, mix) in [(1_000, SeriesMix.usual), (10_000, .usual), (100_000, .usual), (100_000, .dailyHeavy)] {
        let path = folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let store = try LocalStore(path: path + "/clerk.sqlite3", timeZone: madrid, now: .fixed(now))
            let primary = try store.calendars()[0].id
            _ = try store.importEvents(events(count, seed: 42, mix: mix), calendarID: primary, progress: nil)
        }
        let week = (wall(2026, 3, 2), wall(2026, 3, 9))
        var found = 0
        let first = try milliseconds {
            let store = try LocalStore(path: path + "/clerk.sqlite3", timeZone: madrid, now: .fixed(now))
            found = try store.events(from: week.0, to: week.1, calendarIDs: nil).count
        }
        let store = try LocalStore(path: path + "/clerk.sqlite3", timeZone: madrid, now: .fixed(now))
        let again = try repeated(200) { _ = try store.events(from: week.0, to: week.1, calendarIDs: nil) }
        let far = try repeated(20) { _ = try store.events(from: wall(2032, 3, 1), to: wall(2032, 3, 8), calendarIDs: nil) }
        print("| \(count) | \(count / 100) | \(mix.name) | \(found) | \(format(first)) | \(format(again)) | \(format(far.median)) |")
    }
    print()
}

// MARK: - Contacts

let givenNames = ["Ana", "Luis", "María", "José", "Lucía", "Pedro", "Sofía", "Javier", "Carmen", "Miguel", "Elena", "Pablo",
                  "Laura", "Diego", "Marta", "Álvaro", "Paula", "Jorge", "Irene", "Raúl", "Noelia", "Íñigo", "Zoë", "Björn",
                  "Anabel", "Andrés", "Beatriz", "Carlos", "Dolores", "Emilio", "Fátima", "Gonzalo", "Hugo", "Inés", "Julia",
                  "Kevin", "Lorena", "Manuel", "Nuria", "Óscar", "Patricia", "Quique", "Rosa", "Sergio", "Teresa", "Ulises",
                  "Verónica", "Xavier", "Yolanda", "Zacarías"]
let familyNames = ["Pérez", "García", "López", "Martínez", "Sánchez", "González", "Rodríguez", "Fernández", "Gómez", "Díaz",
                   "Moreno", "Muñoz", "Álvarez", "Romero", "Alonso", "Gutiérrez", "Navarro", "Torres", "Domínguez", "Vázquez",
                   "Ramos", "Gil", "Ramírez", "Serrano", "Blanco", "Molina", "Morales", "Suárez", "Ortega", "Delgado", "Castro",
                   "Ortiz", "Rubio", "Marín", "Sanz", "Núñez", "Iglesias", "Medina", "Garrido", "Cortés", "Castillo", "Santos",
                   "Lozano", "Guerrero", "Cano", "Prieto", "Méndez", "Cruz", "Calvo", "Gallego", "Vidal", "León", "Márquez",
                   "Herrera", "Peña", "Flores", "Cabrera", "Campos", "Vega", "Fuentes", "Carrasco", "Diez", "Caballero", "Reyes",
                   "Nieto", "Aguilar", "Pascual", "Santana", "Herrero", "Montero", "Lorenzo", "Hidalgo", "Giménez", "Ibáñez",
                   "Ferrer", "Durán", "Santiago", "Benítez", "Mora", "Vicente", "Vargas", "Arias", "Carmona", "Crespo", "Román",
                   "Pastor", "Soto", "Sáez", "Velasco", "Moya", "Soler", "Parra", "Esteban", "Bravo", "Gallardo", "Rojas"]

func contacts(_ count: Int, seed: UInt64) -> [ImportedContact] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { n in
        let given = givenNames.randomElement(using: &random)!
        let family = familyNames.randomElement(using: &random)! + " " + familyNames.randomElement(using: &random)!
        return ImportedContact(uid: "c\(n)", contact: Contact(
            id: "", name: "\(given) \(family)", givenName: given, familyName: family,
            nicknames: n % 10 == 0 ? [String(given.prefix(3)) + "y"] : [],
            emails: [LabeledValue("person\(n)@example.com", label: "home")], phones: [LabeledValue("+34 600 \(100_000 + n)", label: "mobile")]))
    }
}

func contactsBenchmark() throws {
    print("### A name lookup\n")
    print("`lookupContacts(_:limit:)`: median (p95) of 500 lookups, and the median CPU time. Names")
    print("are one of 50 given names and two of 96 family names, so one common word matches many;")
    print("“all” returns every match, “10” the best ten (what a conversation shows).\n")
    print("| contacts | \"ana perez\", all | \"gonz lore\", all | \"zacarias\", 10 | \"zacarias\", all |")
    print("|---:|---:|---:|---:|---:|")
    for count in [1_000, 10_000, 50_000, 100_000] {
        let path = folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try LocalStore(path: path + "/clerk.sqlite3", timeZone: madrid, now: .fixed(now))
        _ = try store.importContacts(contacts(count, seed: 7), progress: nil)
        var row = "| \(count) |"
        for (query, limit) in [("ana perez", Int.max), ("gonz lore", .max), ("zacarias", 10), ("zacarias", .max)] {
            var matches = 0
            let time = try repeated(500) { matches = try store.lookupContacts(query, limit: limit).count }
            row += " \(format(time)); \(matches) found |"
        }
        print(row)
    }
    print()
}

// MARK: - Import

func importBenchmark() throws {
    print("### Importing an .ics file\n")
    print("`clerk import`'s work in-process: read the file with libical, then write it in one")
    print("transaction (1% of the events repeat; their occurrences are kept as they are stored).\n")
    print("| events | file | read | write | total |")
    print("|---:|---:|---:|---:|---:|")
    for count in [1_000, 10_000, 100_000] {
        let path = folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try LocalStore(path: path + "/source.sqlite3", timeZone: madrid, now: .fixed(now))
        let primary = try source.calendars()[0]
        _ = try source.importEvents(events(count, seed: 99), calendarID: primary.id, progress: nil)
        let text = ICalendarWriter.write(try source.storedEvents(calendarID: primary.id), calendar: primary, stamp: now)
        let data = Data(text.utf8)
        var read: [ImportedEvent] = []
        let readTime = try milliseconds { read = try ICalendarReader(file: "bench.ics", zone: madrid).read(data) }
        let writeTime = try milliseconds {
            let store = try LocalStore(path: path + "/clerk.sqlite3", timeZone: madrid, now: .fixed(now))
            _ = try store.importEvents(read, calendarID: try store.calendars()[0].id, progress: nil)
        }
        let megabytes = String(format: "%.1f MB", Double(data.count) / 1_048_576)
        print("| \(count) | \(megabytes) | \(format(readTime)) | \(format(writeTime)) | \(format(readTime + writeTime)) |")
    }
    print()
}

/// `clerk-benchmarks write-ics COUNT FILE`: the import benchmark's calendar as a file, to time
/// the `clerk import` command itself.
func writeCalendar(count: Int, to path: String) throws {
    let folder = folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let source = try LocalStore(path: folder + "/source.sqlite3", timeZone: madrid, now: .fixed(now))
    let primary = try source.calendars()[0]
    _ = try source.importEvents(events(count, seed: 99), calendarID: primary.id, progress: nil)
    let text = ICalendarWriter.write(try source.storedEvents(calendarID: primary.id), calendar: primary, stamp: now)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "write-ics", arguments.count == 3, let count = Int(arguments[1]) {
    try writeCalendar(count: count, to: arguments[2])
    exit(0)
}
let wanted = Set(arguments)
if wanted.isEmpty || wanted.contains("agenda") { try agendaBenchmark() }
if wanted.isEmpty || wanted.contains("contacts") { try contactsBenchmark() }
if wanted.isEmpty || wanted.contains("import") { try importBenchmark() }
