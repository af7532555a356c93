import ClerkCore
import ClerkGoogle
import ClerkLocal
import Foundation
import GoogleEmulator
import LoopbackHTTP

// How the cost of an agenda, a contact lookup and a file listing grows with the data: an
// emulated Google account of N events (a tenth of them weekly series, on 5 calendars), N
// contacts and N files, for N = 1,000, 10,000 and 100,000; each question asked through the
// Google backend (the mirror, after its freshness ran out: the delta requests included) and of
// a local store holding the same data (a copy of the mirror's file: the same schema), in
// process; and the same question as a one-shot `clerk` command on that local store.
//
// usage: ScaleBenchmark [--sizes 1000,10000,100000] [--clerk PATH]   (run in release)

final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var now = Date(timeIntervalSince1970: 1_796_112_000)  // Tue 1 Dec 2026, 08:00 UTC
    var provider: NowProvider { NowProvider { [self] in read() } }
    func read() -> Date { lock.lock(); defer { lock.unlock() }; return now }
    func advance(_ seconds: Double) { lock.lock(); now += seconds; lock.unlock() }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func ms(_ seconds: Double) -> String {
    let value = seconds * 1000
    return value < 10 ? String(format: "%.2f ms", value) : String(format: "%.0f ms", value)
}

var sizes = [1000, 10000, 100000]
nonisolated(unsafe) var clerkPath = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("clerk").path
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--sizes", let value = arguments.popFirst() { sizes = value.split(separator: ",").compactMap { Int($0) } }
    if argument == "--clerk", let value = arguments.popFirst() { clerkPath = value }
}

/// Runs a one-shot clerk command `runs` times; the median wall time.
func command(_ arguments: [String], runs: Int = 7) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: clerkPath)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "NO_COLOR": "1"]
        times.append(seconds {
            try? process.run()
            process.waitUntilExit()
        })
    }
    return median(times)
}

let zone = Zone(identifier: "Europe/Madrid")!
let monday = Date(timeIntervalSince1970: 1_796_025_600 - 3600)  // Mon 30 Nov 2026 00:00 Madrid
let sunday = monday + 7 * 86_400
print("| items | what | events, contacts or files found | Google backend (mirror + delta sync) | local store, in process | `clerk` one-shot on the local store |")
print("|---:|---|---:|---:|---:|---:|")
for size in sizes {
    let clock = Clock()
    let folder = NSTemporaryDirectory() + "clerk-scale-bench-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let emulator = try Emulator(configuration: Emulator.Configuration(dataDirectory: folder + "/emulator", timeZone: zone, now: clock.provider))
    let generation = try seconds { try emulator.generate(GenerationPlan("events=\(size),contacts=\(size),files=\(size),calendars=5")) }
    let server = try HTTPServer(port: 0) { emulator.handle($0) }
    defer { server.stop() }
    var setup = GoogleSetup(endpoints: GoogleEndpoints(root: "http://127.0.0.1:\(server.port)"), clientID: "bench", clientSecret: "bench",
                            tokenPath: folder + "/token.json", mirrorFolder: folder + "/mirror", timeZone: zone, now: clock.provider, version: "bench")
    setup.sleep = { _ in }
    let browse: (String) -> Void = { url in
        let client = HTTPClient(version: "browser")
        if let consent = try? client.send(HTTPCall("GET", url)), let location = consent.header("Location") { _ = try? client.send(HTTPCall("GET", location)) }
    }
    let firstSync = try seconds { _ = try GoogleAccount.signIn(setup, show: browse) }
    let account = try GoogleAccount(setup: setup)!
    let backend = account.backend
    FileHandle.standardError.write(Data("scale \(size): generated in \(String(format: "%.1f", generation)) s, first sync \(String(format: "%.1f", firstSync)) s\n".utf8))

    // The local store: a copy of the mirror's file, opened as clerk opens its own.
    let mirrorFile = try FileManager.default.contentsOfDirectory(atPath: folder + "/mirror").first { $0.hasSuffix(".sqlite3") }!
    let local = folder + "/local"
    try FileManager.default.createDirectory(atPath: local, withIntermediateDirectories: true)
    for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: folder + "/mirror/" + mirrorFile + suffix) {
        try FileManager.default.copyItem(atPath: folder + "/mirror/" + mirrorFile + suffix, toPath: local + "/clerk.sqlite3" + suffix)
    }
    let store = try LocalStore(path: local + "/clerk.sqlite3", timeZone: zone, now: clock.provider)
    let someone = try store.contacts().first!.name
    let clerkArguments = ["--data-dir", local, "--backend", "local", "--now", "2026-12-01T09:00", "--tz", "Europe/Madrid"]

    func measure(_ what: String, freshness: Double, found: () throws -> Int, onGoogle: () throws -> Void, onLocal: () throws -> Void, line: String) throws {
        let count = try found()
        var google: [Double] = [], inProcess: [Double] = []
        for _ in 0..<15 {
            clock.advance(freshness)
            google.append(try seconds(onGoogle))
            inProcess.append(try seconds(onLocal))
        }
        let oneShot = command(clerkArguments + [line])
        print("| \(size) | \(what) | \(count) | \(ms(median(google))) | \(ms(median(inProcess))) | \(ms(oneShot)) |")
    }
    try measure("this week's agenda", freshness: 6, found: { try store.events(from: monday, to: sunday, calendarIDs: nil).count },
                onGoogle: { _ = try backend.events(from: monday, to: sunday, calendarIDs: nil) },
                onLocal: { _ = try store.events(from: monday, to: sunday, calendarIDs: nil) }, line: "what's on this week")
    try measure("a contact by full name", freshness: 61, found: { try store.lookupContacts(someone, limit: 10).count },
                onGoogle: { _ = try backend.lookupContacts(someone, limit: 10) },
                onLocal: { _ = try store.lookupContacts(someone, limit: 10) }, line: "find \(someone)")
    try measure("every file", freshness: 31, found: { try store.files(matching: nil).count },
                onGoogle: { _ = try backend.files(matching: nil) },
                onLocal: { _ = try store.files(matching: nil) }, line: "list my files")
}
