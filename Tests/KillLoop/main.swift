import ClerkCore
import ClerkLocal
import ChildProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// `make killtest`: SIGKILL the built clerk at random moments of five kinds of work, and after
// every kill check what a person relies on. Each round runs one clerk process on a fixed
// input, kills it after a random delay drawn from 0 to the time the same work takes when it
// is left alone, and then:
//
// | work | after each kill |
// |---|---|
// | event creation (a pipe of `--yes` requests) | the store opens and passes `PRAGMA integrity_check`; every event clerk said it created is there, once; no event is there twice |
// | a large import (`clerk import`, 2,000 events) | the same; the file's events are all there or none is |
// | file appends (a pipe of `append … to log.txt`) | the same; every line clerk said it saved is in the file, once, in order |
// | Google's outbox (clerk signed in to google-emulator; offline changes queued, then sent) | the mirror opens and passes the check; once Google is back and the outbox is empty, every change clerk said it queued is at Google exactly once, and nothing else is |
// | an offline file change meeting one made elsewhere (a prepend queued offline; another clerk appends meanwhile) | the same; the file keeps the other clerk's change, and each confirmed offline change is in "NAME (changed offline).txt", once |
//
// Usage: clerk-killtest [--kills N] [--seed S] [--bin DIR]   (N defaults to 200, a fifth each)

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let totalKills = Int(option("--kills") ?? "") ?? 200
nonisolated(unsafe) var random = SeededRandom(seed: UInt64(option("--seed") ?? "") ?? 0x4B1_11ED)
let binaries = option("--bin") ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
let clerk = binaries + "/clerk"
let emulatorBinary = binaries + "/google-emulator"
let zone = Zone(identifier: "Europe/Madrid")!
let root = NSTemporaryDirectory() + "clerk-killtest-\(getpid())"
try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
let clock = ["--now", "2026-11-30T09:00", "--tz", "Europe/Madrid"]

nonisolated(unsafe) var failures: [String] = []
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        failures.append(message())
        FileHandle.standardError.write(Data("killtest: FAIL \(message())\n".utf8))
    }
}

// MARK: Running and killing clerk

struct Outcome {
    var killed: Bool
    var status: Int32
    var seconds: Double
    var stdout: String
}

/// Runs clerk with `input` on stdin; when `killAfter` is given, SIGKILLs it that many seconds
/// after the start (if it is still running then).
func runClerk(_ args: [String], input: String, environment: [String: String] = [:], killAfter: Double? = nil) throws -> Outcome {
    let folder = root + "/run"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(input.utf8).write(to: URL(fileURLWithPath: folder + "/stdin"))
    var env = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "NO_COLOR": "1", "HOME": root]
    env.merge(environment) { $1 }
    let started = Date()
    let pid = try Spawn.start(clerk, args, environment: env, stdin: folder + "/stdin", stdout: folder + "/stdout", stderr: folder + "/stderr")
    var killed = false
    if let delay = killAfter {
        let deadline = started.addingTimeInterval(delay)
        var status: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                let out = (try? String(contentsOfFile: folder + "/stdout", encoding: .utf8)) ?? ""
                return Outcome(killed: false, status: Spawn.decode(status), seconds: Date().timeIntervalSince(started), stdout: out)
            }
            usleep(200)
        }
        killed = kill(pid, SIGKILL) == 0
    }
    let status = Spawn.wait(pid, timeout: 120)
    let out = (try? String(contentsOfFile: folder + "/stdout", encoding: .utf8)) ?? ""
    return Outcome(killed: killed && status == 128 + SIGKILL, status: status, seconds: Date().timeIntervalSince(started), stdout: out)
}

/// The answers of a `--json` run, one object a line (a line cut by the kill is skipped).
func answers(_ stdout: String) -> [JSONValue] {
    stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
}

/// A delay for the next kill: uniform over the time the work takes alone.
func killDelay(_ duration: Double) -> Double {
    Double(random.next() % 1_000_000) / 1_000_000 * duration
}

func openStore(_ path: String) -> LocalStore? {
    do {
        let store = try LocalStore(path: path, timeZone: zone, now: .fixed(Date()))
        let check = try store.integrityCheck()
        if check != ["ok"] {
            failures.append("\(path): integrity_check says \(check)")
            return nil
        }
        return store
    } catch {
        failures.append("\(path): does not open after a kill: \(error)")
        return nil
    }
}

let everything = (Date(timeIntervalSince1970: 1_700_000_000), Date(timeIntervalSince1970: 1_900_000_000))

nonisolated(unsafe) var kills = [String: Int]()
nonisolated(unsafe) var finished = [String: Int]()
func record(_ kind: String, _ outcome: Outcome) {
    if outcome.killed { kills[kind, default: 0] += 1 } else { finished[kind, default: 0] += 1 }
}

/// Rounds until `kind` has `count` kills (a run that ends before its kill counts as a round,
/// not a kill), at most 3 × count rounds.
func rounds(_ kind: String, count: Int, _ body: (Int) throws -> Void) rethrows {
    var round = 0
    while kills[kind, default: 0] < count, round < count * 3 {
        try body(round)
        round += 1
    }
}

let perKind = totalKills / 5

// MARK: 1. Event creation

do {
    let data = root + "/events"
    let store = data + "/clerk.sqlite3"
    var confirmed: [String: String] = [:]  // id → title
    func input(_ round: Int) -> String {
        (0..<30).map { "meeting r\(round)n\($0) on Dec \(1 + $0 % 28) at \(8 + $0 % 10):00" }.joined(separator: "\n") + "\n"
    }
    let alone = try runClerk(["--json", "--yes", "--data-dir", data] + clock, input: input(-1))
    for answer in answers(alone.stdout) where answer["question"] == nil && answer["ok"]?.boolValue == true {
        if let id = answer["event"]?["id"]?.stringValue { confirmed[id] = answer["event"]?["title"]?.stringValue }
    }
    print("event creation: 30 requests take \(String(format: "%.2f", alone.seconds)) s alone")
    try rounds("event creation", count: perKind) { round in
        let outcome = try runClerk(["--json", "--yes", "--data-dir", data] + clock, input: input(round), killAfter: killDelay(alone.seconds))
        record("event creation", outcome)
        for answer in answers(outcome.stdout) where answer["question"] == nil && answer["ok"]?.boolValue == true {
            if let id = answer["event"]?["id"]?.stringValue { confirmed[id] = answer["event"]?["title"]?.stringValue }
        }
        guard let opened = openStore(store) else { return }
        let events = (try? opened.events(from: everything.0, to: everything.1, calendarIDs: nil)) ?? []
        let ids = Set(events.map(\.id))
        for (id, title) in confirmed where !ids.contains(id) {
            check(false, "event creation round \(round): '\(title)' was confirmed and is gone")
        }
        var titles: [String: Int] = [:]
        for event in events { titles[event.title, default: 0] += 1 }
        for (title, count) in titles where count > 1 { check(false, "event creation round \(round): '\(title)' is there \(count) times") }
    }
    print("event creation: \(kills["event creation", default: 0]) kills, \(confirmed.count) events confirmed, all there once")
}

// MARK: 2. Large imports

do {
    let data = root + "/imports"
    let store = data + "/clerk.sqlite3"
    let size = 2000
    func file(_ round: Int) throws -> String {
        let path = root + "/import-\(round).ics"
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//killtest//EN\r\n"
        for i in 0..<size {
            let day = 1 + i % 28, hour = 8 + i % 10
            text += "BEGIN:VEVENT\r\nUID:r\(round)-\(i)@killtest\r\nDTSTAMP:20261101T000000Z\r\n"
            text += String(format: "DTSTART;TZID=Europe/Madrid:202701%02dT%02d0000\r\nDTEND;TZID=Europe/Madrid:202701%02dT%02d3000\r\n", day, hour, day, hour)
            text += "SUMMARY:imp r\(round) n\(i)\r\n" + (i % 50 == 0 ? "RRULE:FREQ=WEEKLY;COUNT=10\r\n" : "") + "END:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
    let january = (Date(timeIntervalSince1970: 1_798_761_600), Date(timeIntervalSince1970: 1_806_537_600))  // 2027-01-01 … 2027-04-01
    func count(_ round: Int, in opened: LocalStore) -> Int {
        let events = (try? opened.events(from: january.0, to: january.1, calendarIDs: nil)) ?? []
        return Set(events.filter { $0.title.hasPrefix("imp r\(round) n") }.map { $0.recurringEventID ?? $0.id }).count
    }
    let alone = try runClerk(["--data-dir", data] + clock + ["import", try file(-1)], input: "")
    print("imports: \(size) events take \(String(format: "%.2f", alone.seconds)) s alone")
    try rounds("imports", count: perKind) { round in
        let outcome = try runClerk(["--data-dir", data] + clock + ["import", try file(round)], input: "", killAfter: killDelay(alone.seconds))
        record("imports", outcome)
        try? FileManager.default.removeItem(atPath: root + "/import-\(round).ics")
        guard let opened = openStore(store) else { return }
        let found = count(round, in: opened)
        check(found == 0 || found == size, "import round \(round): \(found) of \(size) events are there")
        if !outcome.killed { check(outcome.status == 0 && found == size, "import round \(round) ended \(outcome.status) with \(found) events") }
        check(count(-1, in: opened) == size, "import round \(round): the first, finished import lost events")
    }
    print("imports: \(kills["imports", default: 0]) kills, every import all or nothing")
}

// MARK: 3. File appends

do {
    let data = root + "/files"
    let store = data + "/clerk.sqlite3"
    _ = try runClerk(["--yes", "--data-dir", data] + clock + ["create a file log.txt with start"], input: "")
    var confirmed: [String] = []
    func input(_ round: Int) -> String {
        (0..<30).map { "append line r\(round)n\($0) to log.txt" }.joined(separator: "\n") + "\n"
    }
    func saved(_ outcome: Outcome) -> [String] {
        answers(outcome.stdout).compactMap { answer -> String? in
            guard answer["question"] == nil, answer["ok"]?.boolValue == true,
                  answer["message"]?.stringValue?.hasPrefix("Saved log.txt") == true,
                  let content = answer["file"]?["content"]?.stringValue else { return nil }
            return content.split(separator: "\n").last.map(String.init)
        }
    }
    let alone = try runClerk(["--json", "--yes", "--data-dir", data] + clock, input: input(-1))
    confirmed += saved(alone)
    print("file appends: 30 appends take \(String(format: "%.2f", alone.seconds)) s alone")
    try rounds("file appends", count: perKind) { round in
        let outcome = try runClerk(["--json", "--yes", "--data-dir", data] + clock, input: input(round), killAfter: killDelay(alone.seconds))
        record("file appends", outcome)
        confirmed += saved(outcome)
        guard let opened = openStore(store) else { return }
        guard let file = (try? opened.files(matching: "log.txt"))?.first, let content = try? opened.readFile(id: file.id) else {
            check(false, "file appends round \(round): log.txt is gone")
            return
        }
        let lines = content.split(separator: "\n").map(String.init)
        var seen: [String: Int] = [:]
        for line in lines { seen[line, default: 0] += 1 }
        for (line, count) in seen where count > 1 { check(false, "file appends round \(round): '\(line)' is there \(count) times") }
        let positions = confirmed.compactMap { lines.firstIndex(of: $0) }
        check(positions.count == confirmed.count, "file appends round \(round): \(confirmed.count - positions.count) saved lines are gone")
        check(positions == positions.sorted(), "file appends round \(round): saved lines are out of order")
    }
    print("file appends: \(kills["file appends", default: 0]) kills, \(confirmed.count) lines saved, all there once and in order")
}

// MARK: 4. Google's outbox

final class EmulatorProcess {
    let folder: String
    var pid: pid_t = 0
    var port = 0
    var base: String { "http://127.0.0.1:\(port)" }

    init(folder: String) throws {
        self.folder = folder
        try start()
    }

    func start() throws {
        let log = folder + "/emulator.out"
        try? FileManager.default.removeItem(atPath: log)
        pid = try Spawn.start(emulatorBinary, ["--port", String(port), "--data-dir", folder + "/data", "--tz", "Europe/Madrid"],
                              environment: ["PATH": "/usr/bin:/bin"], stdout: log, stderr: folder + "/emulator.err")
        let deadline = Date() + 20
        while Date() < deadline {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening on http://127.0.0.1:") }),
               let number = Int(line.split(separator: ":").last ?? "") {
                port = number
                return
            }
            usleep(10_000)
        }
        throw SpawnError(path: emulatorBinary, code: -1)
    }

    func stop() {
        guard pid != 0 else { return }
        kill(pid, SIGTERM)
        _ = Spawn.wait(pid, timeout: 30)
        pid = 0
    }
}

do {
    let folder = root + "/google"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let emulator = try EmulatorProcess(folder: folder)
    defer { emulator.stop() }
    let data = folder + "/clerk"
    let env = ["BROWSER": "none", "CLERK_GOOGLE_CLIENT_ID": "killtest.apps.googleusercontent.com", "CLERK_GOOGLE_CLIENT_SECRET": "killtest-secret"]
    // Sign in: the URL clerk prints is followed with curl, as a browser would.
    func signIn(_ data: String) throws {
        let loginOut = root + "/login.out"
        var loginEnv = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "NO_COLOR": "1", "HOME": root]
        loginEnv.merge(env) { $1 }
        try? FileManager.default.removeItem(atPath: loginOut)
        let login = try Spawn.start(clerk, ["--data-dir", data, "--google-endpoint", emulator.base, "login"], environment: loginEnv,
                                    stdout: loginOut, stderr: root + "/login.err")
        var url: String?
        for _ in 0..<500 where url == nil {
            url = ((try? String(contentsOfFile: loginOut, encoding: .utf8)) ?? "").split(separator: "\n").first { $0.hasPrefix("http://") }.map(String.init)
            if url == nil { usleep(20_000) }
        }
        if let url { _ = try Spawn.run("/usr/bin/curl", ["-sL", "-o", "/dev/null", url], environment: ["PATH": "/usr/bin:/bin"], timeout: 20) }
        check(Spawn.wait(login, timeout: 30) == 0, "google: clerk login failed for \(data)")
    }
    try signIn(data)
    let mirrorFolder = data + "/google"
    func mirrorPath() -> String? {
        ((try? FileManager.default.contentsOfDirectory(atPath: mirrorFolder)) ?? []).first { $0.hasSuffix(".sqlite3") }.map { mirrorFolder + "/" + $0 }
    }

    var queued: [String] = []  // the unique word of each change clerk said it queued
    func input(_ round: Int) -> String {
        (0..<8).map { i -> String in
            switch i % 4 {
            case 0, 1: return "dinner g\(round)x\(i) on Dec \(2 + i) at 8pm"
            case 2: return "create a file g\(round)x\(i).txt with hello"
            default: return "quick add: supper g\(round)x\(i) friday 9pm"
            }
        }.joined(separator: "\n") + "\n"
    }
    /// The unique words of the changes an offline run confirmed (created, and waiting).
    func confirmedOffline(_ outcome: Outcome) -> [String] {
        answers(outcome.stdout).compactMap { answer -> String? in
            guard answer["question"] == nil, answer["ok"]?.boolValue == true, let message = answer["message"]?.stringValue,
                  message.hasPrefix("Created") || message.contains("waiting to be sent") else { return nil }
            return message.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).first { $0.hasPrefix("g") && $0.contains("x") }.map(String.init)
        }
    }
    func offline(_ round: Int, killAfter: Double?) throws -> Outcome {
        try runClerk(["--json", "--yes", "--data-dir", data] + clock, input: input(round), environment: env, killAfter: killAfter)
    }
    func send(killAfter: Double?) throws -> Outcome {
        try runClerk(["--data-dir", data] + clock + ["status"], input: "", environment: env, killAfter: killAfter)
    }
    func checkMirror(_ round: Int) {
        guard let path = mirrorPath() else { return check(false, "google round \(round): no mirror") }
        _ = openStore(path)
    }

    // How long each half takes alone.
    emulator.stop()
    let aloneOffline = try offline(999, killAfter: nil)
    queued += confirmedOffline(aloneOffline)
    try emulator.start()
    let aloneSend = try send(killAfter: nil)
    print("google outbox: 8 offline changes take \(String(format: "%.2f", aloneOffline.seconds)) s, sending them \(String(format: "%.2f", aloneSend.seconds)) s")
    try rounds("google outbox", count: perKind) { round in
        emulator.stop()
        let queuing = try offline(round, killAfter: killDelay(aloneOffline.seconds))
        record("google outbox", queuing)
        queued += confirmedOffline(queuing)
        checkMirror(round)
        try emulator.start()
        let sending = try send(killAfter: killDelay(max(aloneSend.seconds, 0.05) * 1.5))
        record("google outbox", sending)
        checkMirror(round)
    }
    // Google back for good: the outbox empties, and the account holds each change once.
    let last = try send(killAfter: nil)
    check(last.status == 0, "google: the last run ended \(last.status)")
    let status = try runClerk(["--data-dir", data] + clock + ["status"], input: "", environment: env)
    check(status.stdout.contains("waiting    nothing"), "google: changes still wait after Google came back: \(status.stdout)")
    emulator.stop()
    do {  // the account's store closes before the emulator opens it again
        let account = try LocalStore(path: folder + "/data/emulator.sqlite3", timeZone: zone, now: .fixed(Date()))
        let events = try account.events(from: everything.0, to: everything.1, calendarIDs: nil)
        let files = try account.files(matching: nil)
        var counts: [String: Int] = [:]
        let words = events.map(\.title) + files.map(\.name)
        for word in words {
            if let key = word.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).first(where: { $0.hasPrefix("g") && $0.contains("x") }) {
                counts[String(key), default: 0] += 1
            }
        }
        for word in queued where counts[word, default: 0] != 1 {
            check(false, "google: the queued change \(word) is at Google \(counts[word, default: 0]) times")
        }
        for (word, count) in counts where count > 1 { check(false, "google: \(word) is at Google \(count) times") }
        print("google outbox: \(kills["google outbox", default: 0]) kills, \(queued.count) changes queued, \(counts.count) at Google, each once")
    }

    // MARK: 5. An offline file change that meets one made elsewhere
    //
    // Each round: cN.txt made while Google is up; Google stopped and "insert … at the top of
    // cN.txt" run offline (killed); Google back and a second clerk, signed in to the same
    // account, appends a line to cN.txt; then a `clerk status` that sends the outbox (killed).
    // The offline change is not an append to what Google has now, so it must go to
    // "cN (changed offline).txt", once, and leave cN.txt as the other clerk left it.
    try emulator.start()
    let elsewhere = folder + "/elsewhere"
    try signIn(elsewhere)
    var keptAside: Set<Int> = []  // rounds whose offline change clerk confirmed
    var tried: [Int] = []
    // The other clerk's clock moves a minute a run, so that its copy of the account is read
    // again from Google each time (a copy synced at the same moment is taken as fresh).
    var elsewhereMinutes = 0
    func online(_ dataDir: String, _ line: String) throws {
        var at = clock
        if dataDir == elsewhere {
            elsewhereMinutes += 1
            at = ["--now", "2026-11-30T" + String(format: "%02d:%02d", 10 + elsewhereMinutes / 60, elsewhereMinutes % 60), "--tz", "Europe/Madrid"]
        }
        let outcome = try runClerk(["--json", "--yes", "--data-dir", dataDir] + at, input: line + "\n", environment: env)
        check(outcome.status == 0 && answers(outcome.stdout).first?["ok"]?.boolValue == true,
              "google conflicts: '\(line)' failed online: \(outcome.stdout)")
    }
    func prepend(_ round: Int, killAfter: Double?) throws -> Outcome {
        try runClerk(["--json", "--yes", "--data-dir", data] + clock, input: "insert mark\(round) at the top of c\(round).txt\n",
                     environment: env, killAfter: killAfter)
    }
    func confirmedPrepend(_ outcome: Outcome) -> Bool {
        answers(outcome.stdout).contains { $0["question"] == nil && $0["ok"]?.boolValue == true }
    }
    func conflictRound(_ round: Int, alone: (Double, Double)?) throws -> (Outcome, Outcome) {
        try online(data, "create a file c\(round).txt with base \(round)")
        emulator.stop()
        let queuing = try prepend(round, killAfter: alone.map { killDelay($0.0) })
        if confirmedPrepend(queuing) { keptAside.insert(round) }
        tried.append(round)
        checkMirror(round)
        try emulator.start()
        try online(elsewhere, "append elsewhere \(round) to c\(round).txt")
        let sending = try send(killAfter: alone.map { killDelay(max($0.1, 0.05) * 1.5) })
        checkMirror(round)
        return (queuing, sending)
    }
    let (aloneQueuing, aloneSending) = try conflictRound(999, alone: nil)
    check(keptAside.contains(999), "google conflicts: the offline change was not confirmed when left alone: \(aloneQueuing.stdout)")
    print("google conflicts: the offline change takes \(String(format: "%.2f", aloneQueuing.seconds)) s, sending it \(String(format: "%.2f", aloneSending.seconds)) s")
    try rounds("google conflicts", count: perKind) { round in
        let (queuing, sending) = try conflictRound(round, alone: (aloneQueuing.seconds, aloneSending.seconds))
        record("google conflicts", queuing)
        record("google conflicts", sending)
    }
    let lastConflict = try send(killAfter: nil)
    check(lastConflict.status == 0, "google conflicts: the last run ended \(lastConflict.status)")
    let conflictStatus = try runClerk(["--data-dir", data] + clock + ["status"], input: "", environment: env)
    check(conflictStatus.stdout.contains("waiting    nothing"), "google conflicts: changes still wait: \(conflictStatus.stdout)")
    emulator.stop()
    let afterConflicts = try LocalStore(path: folder + "/data/emulator.sqlite3", timeZone: zone, now: .fixed(Date()))
    let atGoogle = try afterConflicts.files(matching: nil)
    var keptCopies = 0
    for round in tried {
        let originals = atGoogle.filter { $0.name == "c\(round).txt" }
        let copies = atGoogle.filter { $0.name == "c\(round) (changed offline).txt" }
        if originals.count != 1 {
            check(false, "google conflicts round \(round): c\(round).txt is at Google \(originals.count) times")
        } else {
            let text = try afterConflicts.readFile(id: originals[0].id)
            check(text.contains("elsewhere \(round)") && !text.contains("mark\(round)"),
                  "google conflicts round \(round): c\(round).txt holds \(text.debugDescription)")
        }
        check(copies.count <= 1, "google conflicts round \(round): the offline copy is there \(copies.count) times")
        check(!keptAside.contains(round) || copies.count == 1, "google conflicts round \(round): the confirmed offline change is lost")
        keptCopies += copies.count
        for copy in copies {
            let text = try afterConflicts.readFile(id: copy.id)
            check(text.hasPrefix("mark\(round)") && !text.contains("elsewhere"),
                  "google conflicts round \(round): the offline copy holds \(text.debugDescription)")
        }
    }
    print("google conflicts: \(kills["google conflicts", default: 0]) kills, \(keptAside.count) offline changes confirmed, each kept aside once; \(keptCopies) copies made in \(tried.count) rounds, none twice")
}

// MARK: Result

let total = kills.values.reduce(0, +)
for kind in ["event creation", "imports", "file appends", "google outbox", "google conflicts"] {
    print("  \(kind): \(kills[kind, default: 0]) kills, \(finished[kind, default: 0]) runs that ended before their kill")
}
try? FileManager.default.removeItem(atPath: root)
if failures.isEmpty {
    print("killtest: \(total) kills, nothing lost, nothing doubled, every store sound")
    print("\(total) passed, 0 failed")
    exit(0)
} else {
    print("killtest: \(failures.count) failures in \(total) kills")
    print("0 passed, \(failures.count) failed")
    exit(1)
}
