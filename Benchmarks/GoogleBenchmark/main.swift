import ClerkCore
import ClerkGoogle
import ClerkLocal
import Foundation
import GoogleEmulator
import LoopbackHTTP

// The Google backend against an emulated account of 10,000 events on 5 calendars and 2,000
// contacts, on loopback through libcurl: the first full sync, then "what's on this week"
// from the mirror (one delta request per calendar) next to the same week by full
// events.list calls, and a contact lookup next to the same lookup on a local store.
// Run in release: swift run -c release GoogleBenchmark

/// A clock the benchmark moves past the mirror's freshness between commands.
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

let clock = Clock()
let folder = NSTemporaryDirectory() + "clerk-google-bench-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }
let emulator = try Emulator(configuration: Emulator.Configuration(dataDirectory: folder + "/emulator", timeZone: Zone(identifier: "Europe/Madrid")!, now: clock.provider))
try emulator.generate(GenerationPlan("events=10000,contacts=2000,files=200,calendars=5"))
let server = try HTTPServer(port: 0) { emulator.handle($0) }
defer { server.stop() }
let base = "http://127.0.0.1:\(server.port)"

var setup = GoogleSetup(endpoints: GoogleEndpoints(root: base), clientID: "bench", clientSecret: "bench", tokenPath: folder + "/token.json",
                        mirrorFolder: folder + "/mirror", timeZone: Zone(identifier: "Europe/Madrid")!, now: clock.provider, version: "bench")
setup.sleep = { _ in }
let browse: (String) -> Void = { url in
    let client = HTTPClient(version: "browser")
    if let consent = try? client.send(HTTPCall("GET", url)), let location = consent.header("Location") { _ = try? client.send(HTTPCall("GET", location)) }
}

// The first full sync: sign-in, then every calendar, contact and file copied.
var firstSync = 0.0
firstSync = try seconds { _ = try GoogleAccount.signIn(setup, show: browse) }
let account = try GoogleAccount(setup: setup)!
let backend = account.backend
let transport = account.transport
let calendars = try backend.calendars()
let mirrored = try backend.store.events(from: .distantPast, to: .distantFuture, calendarIDs: nil).count
print("first full sync (sign-in included): \(String(format: "%.2f", firstSync)) s for \(calendars.count) calendars, \(mirrored) occurrences in the mirror")

// What's on this week, from the mirror: each command after the events' freshness ran out.
let monday = Date(timeIntervalSince1970: 1_796_025_600 - 3600)  // Mon 30 Nov 2026 00:00 Madrid
let sunday = monday + 7 * 86_400
var times: [Double] = [], requests: [Int] = [], bytes: [Int] = []
var shown = 0
for _ in 0..<25 {
    clock.advance(6)
    let (r, b) = (transport.requestCount, transport.bytesMoved)
    times.append(try seconds { shown = try backend.events(from: monday, to: sunday, calendarIDs: nil).count })
    requests.append(transport.requestCount - r)
    bytes.append(transport.bytesMoved - b)
}
print("what's on this week, from the mirror: \(shown) events, \(median(requests.map(Double.init))) requests, \(Int(median(bytes.map(Double.init)))) bytes, \(String(format: "%.1f", median(times) * 1000)) ms (median of 25)")

// The same week by full listings, as a client without a mirror asks for it.
let client = HTTPClient(version: "bench")
var fullTimes: [Double] = [], fullBytes: [Int] = [], fullRequests = 0
let timeMin = ClockText.rfc3339(monday, zone: Zone.gmt), timeMax = ClockText.rfc3339(sunday, zone: Zone.gmt)
for _ in 0..<25 {
    var moved = 0
    fullRequests = 0
    fullTimes.append(try seconds {
        for calendar in calendars {
            var pageToken: String?
            repeat {
                var url = base + "/calendar/v3/calendars/\(Form.escape(calendar.id))/events?" + Form.encode([
                    ("timeMin", timeMin), ("timeMax", timeMax), ("singleEvents", "true"), ("orderBy", "startTime"), ("maxResults", "250")])
                if let pageToken { url += "&pageToken=" + Form.escape(pageToken) }
                let answer = try client.send(HTTPCall("GET", url, headers: [("Authorization", "Bearer " + transport.tokens.accessToken)]))
                moved += answer.bytesSent + answer.bytesReceived
                fullRequests += 1
                pageToken = (try? JSONValue.parse(bytes: answer.body))?["nextPageToken"]?.stringValue
            } while pageToken != nil
        }
    })
    fullBytes.append(moved)
}
print("the same week by events.list: \(fullRequests) requests, \(Int(median(fullBytes.map(Double.init)))) bytes, \(String(format: "%.1f", median(fullTimes) * 1000)) ms (median of 25)")

// A contact lookup after the sync, next to the same contacts in a local store.
let contacts = try backend.store.contacts()
let local = try LocalStore(path: folder + "/local.sqlite3", timeZone: Zone(identifier: "Europe/Madrid")!, now: clock.provider)
try local.importContacts(contacts.map { ImportedContact(uid: $0.id, contact: $0) }, progress: nil)
let names = contacts.prefix(200).map { String($0.name.split(separator: " ").first ?? "") }
clock.advance(61)
_ = try backend.lookupContacts("warm", limit: 5)  // the contacts' one delta request
var mirrorLookup = 0.0, localLookup = 0.0
mirrorLookup = try seconds { for name in names { _ = try backend.lookupContacts(name, limit: 5) } }
localLookup = try seconds { for name in names { _ = try local.lookupContacts(name, limit: 5) } }
print("contact lookup after sync: \(String(format: "%.0f", mirrorLookup / Double(names.count) * 1e6)) µs on the mirror, \(String(format: "%.0f", localLookup / Double(names.count) * 1e6)) µs on the local store (\(contacts.count) contacts, mean of \(names.count))")
