import ClerkCore
@testable import ClerkGoogle
import ChildProcess
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `clerk` against the built `google-emulator`, as a person runs them: sign-in
/// from the command line with no browser, one-shot commands, Google going away and coming
/// back, and no secret anywhere in what clerk prints.
@Suite(.serialized) struct GoogleEndToEndTests {
    /// The emulator binary beside clerk's.
    static let emulatorPath = URL(fileURLWithPath: ClerkBinary.path).deletingLastPathComponent().appendingPathComponent("google-emulator").path

    /// A running emulator on a port of its own, with its data in `folder` (so it can stop and
    /// start again with the same account).
    final class RunningEmulator {
        let folder: String
        var pid: pid_t = 0
        var port: UInt16 = 0
        var base: String { "http://127.0.0.1:\(port)" }

        init(folder: String) throws {
            self.folder = folder
            try start(port: 0)
        }

        func start(port wanted: UInt16) throws {
            let log = folder + "/emulator-\(wanted).out"
            pid = try Spawn.start(GoogleEndToEndTests.emulatorPath, ["--port", String(wanted), "--data-dir", folder + "/emulator", "--tz", "Europe/Madrid"],
                                  environment: ["PATH": "/usr/bin:/bin"], stdout: log, stderr: folder + "/emulator.err")
            let deadline = Date() + 10
            while Date() < deadline {
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening on http://127.0.0.1:") }),
                   let number = UInt16(line.split(separator: ":").last ?? "") {
                    port = number
                    return
                }
                usleep(20_000)
            }
            throw SpawnError(path: GoogleEndToEndTests.emulatorPath, code: -1)
        }

        func stop() {
            kill(pid, SIGTERM)
            _ = Spawn.wait(pid)
        }

        /// Ends it at once, answers it is still delaying and all.
        func killNow() {
            kill(pid, SIGKILL)
            _ = Spawn.wait(pid)
        }

        /// Arms a fault (`POST /_emulator/faults`).
        func arm(_ fault: String) {
            _ = try? HTTPClient(version: "test").send(HTTPCall("POST", base + "/_emulator/faults", body: Array(fault.utf8)))
        }

        deinit { stop() }

        /// A request straight to the emulator, behind clerk's back.
        func side(_ method: String, _ path: String) -> JSONValue {
            let client = HTTPClient(version: "test")
            let token = (try? client.send(HTTPCall("POST", base + "/_emulator/token", body: Array("{}".utf8)))).flatMap { try? JSONValue.parse(bytes: $0.body) }?["access_token"]?.stringValue ?? ""
            let answer = try? client.send(HTTPCall(method, base + path, headers: [("Authorization", "Bearer " + token)]))
            return (try? JSONValue.parse(bytes: answer?.body ?? [])) ?? .null
        }
    }

    static let environment = ["BROWSER": "none", "CLERK_GOOGLE_CLIENT_ID": "e2e-client.apps.googleusercontent.com",
                              "CLERK_GOOGLE_CLIENT_SECRET": "e2e-secret-not-to-be-shown"]

    /// `clerk login` with no browser: the URL alone on a line, opened by the test, which
    /// follows the consent page's redirect to clerk's listener.
    static func logIn(_ emulator: RunningEmulator, folder: String, extra: [String] = [], browser: String = "none") throws -> (status: Int32, stdout: String, stderr: String) {
        let out = folder + "/login.out", err = folder + "/login.err"
        var environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "NO_COLOR": "1", "HOME": folder]
        environment.merge(Self.environment) { $1 }
        environment["BROWSER"] = browser
        let pid = try Spawn.start(ClerkBinary.path, ["--data-dir", folder + "/clerk", "--google-endpoint", emulator.base] + extra + ["login"],
                                  environment: environment, stdout: out, stderr: err)
        var url: String?
        let deadline = Date() + 10
        while url == nil, Date() < deadline {
            url = ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: "\n").first { $0.hasPrefix("http://") }.map(String.init)
            if url == nil { usleep(20_000) }
        }
        if let url {
            let browser = HTTPClient(version: "browser")
            if let consent = try? browser.send(HTTPCall("GET", url)), let location = consent.header("Location") {
                _ = try? browser.send(HTTPCall("GET", location))
            }
        }
        let status = Spawn.wait(pid)
        return (status, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "", (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    static func clerk(_ folder: String, _ arguments: [String], input: String = "") throws -> ClerkBinary.Result {
        try ClerkBinary.run(["--data-dir", folder + "/clerk", "--tz", "Europe/Madrid", "--now", "2026-12-01T09:00"] + arguments, input: input,
                            environment: Self.environment.merging(["HOME": folder]) { $1 })
    }

    /// The titles of a calendar's events at Google, sorted.
    static func titles(_ emulator: RunningEmulator, calendar: String = "primary") -> [String] {
        (emulator.side("GET", "/calendar/v3/calendars/\(calendar)/events")["items"]?.arrayValue ?? []).compactMap { $0["summary"]?.stringValue }.sorted()
    }

    /// The calendars at Google: name and id.
    static func calendars(_ emulator: RunningEmulator) -> [(name: String, id: String)] {
        (emulator.side("GET", "/calendar/v3/users/me/calendarList")["items"]?.arrayValue ?? []).compactMap { item in
            guard let name = item["summary"]?.stringValue, let id = item["id"]?.stringValue else { return nil }
            return (name, id)
        }
    }

    @Test func signsInWithoutABrowserAndWorksOnTheAccount() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        let login = try Self.logIn(emulator, folder: folder.path)
        #expect(login.status == 0)
        let lines = login.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix(emulator.base + "/o/oauth2/v2/auth?response_type=code&client_id=e2e-client") == true)
        #expect(lines.last == "Signed in to Google as emulator@example.com. clerk now keeps your calendar, contacts and files there (the local store stays: --backend local).")
        let token = folder.path + "/clerk/google-token.json"
        #expect((try FileManager.default.attributesOfItem(atPath: token)[.posixPermissions] as? Int) == 0o600)

        let created = try Self.clerk(folder.path, ["--yes", "lunch with Ana tomorrow at 13:00"])
        #expect(created.status == 0)
        #expect(created.stdout.contains("Created 'Lunch with Ana', Wed 2 Dec 2026, 13:00–14:00, on emulator@example.com."))
        let items = emulator.side("GET", "/calendar/v3/calendars/primary/events")["items"]?.arrayValue ?? []
        #expect(items.map { $0["summary"]?.stringValue ?? "" } == ["Lunch with Ana"])
        let agenda = try Self.clerk(folder.path, ["what's on tomorrow"])
        #expect(agenda.stdout == "Wednesday 2 Dec\n  13:00–14:00  Lunch with Ana\n")
        let status = try Self.clerk(folder.path, ["status"])
        #expect(status.stdout.hasPrefix("Google account: emulator@example.com\n"))
        #expect(try Self.clerk(folder.path, ["--backend", "local", "what's on tomorrow"]).stdout == "Nothing on Wed 2 Dec.\n")
    }

    @Test func aPlaceAndNotesGivenToANamedEventReachGoogle() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        #expect(try Self.logIn(emulator, folder: folder.path).status == 0)
        #expect(try Self.clerk(folder.path, ["--yes", "lunch tomorrow at 13:00"]).status == 0)
        let placed = try Self.clerk(folder.path, ["--yes", "set the location of lunch to Casa Lucio"])
        #expect(placed.stdout.contains("Changed 'Lunch': now at Casa Lucio."))
        #expect(try Self.clerk(folder.path, ["--yes", "add a note to lunch: bring the contract"]).status == 0)
        let noted = try Self.clerk(folder.path, ["--yes", "add a note to lunch: and a pen"])
        #expect(noted.stdout.contains("Changed 'Lunch': notes now 'bring the contract / and a pen'."))
        let items = emulator.side("GET", "/calendar/v3/calendars/primary/events")["items"]?.arrayValue ?? []
        #expect(items.map { $0["location"]?.stringValue ?? "" } == ["Casa Lucio"])
        #expect(items.map { $0["description"]?.stringValue ?? "" } == ["bring the contract\nand a pen"])
    }

    /// "swap lunch and the dentist" on Google: both events' times changed there.
    @Test func twoEventsSwappedReachGoogle() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        #expect(try Self.logIn(emulator, folder: folder.path).status == 0)
        #expect(try Self.clerk(folder.path, ["--yes", "lunch tomorrow at 13:00"]).status == 0)
        #expect(try Self.clerk(folder.path, ["--yes", "dentist thursday at 10"]).status == 0)
        let swapped = try Self.clerk(folder.path, ["--yes", "swap lunch and the dentist"])
        #expect(swapped.stdout.contains("Swapped the times of 'Lunch' and 'Dentist'."))
        let items = emulator.side("GET", "/calendar/v3/calendars/primary/events")["items"]?.arrayValue ?? []
        let starts = Dictionary(uniqueKeysWithValues: items.map { ($0["summary"]?.stringValue ?? "", $0["start"]?["dateTime"]?.stringValue ?? "") })
        #expect(starts == ["Lunch": "2026-12-03T10:00:00+01:00", "Dentist": "2026-12-02T13:00:00+01:00"])
    }

    @Test func googleGoingAwaySaysHowOldTheAnswerIsAndKeepsWhatWasTyped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        #expect(try Self.logIn(emulator, folder: folder.path).status == 0)
        #expect(try Self.clerk(folder.path, ["--yes", "lunch tomorrow at 13:00"]).status == 0)
        let port = emulator.port
        emulator.stop()

        let offline = try Self.clerk(folder.path, ["--now", "2026-12-01T09:10", "what's on tomorrow"])
        #expect(offline.stdout.hasPrefix("Wednesday 2 Dec\n  13:00–14:00  Lunch\n(offline — as of 09:00)"))
        let queued = try Self.clerk(folder.path, ["--now", "2026-12-01T09:11", "--yes", "dinner tomorrow at 8pm"])
        #expect(queued.status == 0)
        #expect(queued.stdout.contains("(Google can't be reached: 1 change waiting to be sent; clerk sends it next time.)"))
        #expect(try Self.clerk(folder.path, ["--now", "2026-12-01T09:12", "status"]).stdout.contains("waiting    1 change to send"))

        try emulator.start(port: port)
        let back = try Self.clerk(folder.path, ["--now", "2026-12-01T09:20", "what's on tomorrow"])
        #expect(back.stdout.contains("(1 change made offline was sent to Google.)"))
        #expect(back.stdout.contains("20:00–21:00  Dinner"))
        let items = emulator.side("GET", "/calendar/v3/calendars/primary/events")["items"]?.arrayValue ?? []
        #expect(items.map { $0["summary"]?.stringValue ?? "" }.sorted() == ["Dinner", "Lunch"])
    }

    /// A move to another calendar made while Google is away waits in the outbox, shows at
    /// once, and reaches Google once when it is back; a calendar that does not exist is one
    /// line on stderr and changes nothing.
    @Test func anEventMovedToAnotherCalendarOfflineReachesGoogleOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        #expect(try Self.logIn(emulator, folder: folder.path).status == 0)
        // Both made in one run, each confirmed by --yes.
        #expect(try Self.clerk(folder.path, ["--yes"], input: "new calendar Work\ndentist friday at 10\n").status == 0)
        let work = try #require(Self.calendars(emulator).first { $0.name == "Work" }?.id)

        let unknown = try Self.clerk(folder.path, ["--yes", "move the dentist to the Garden calendar"])
        #expect(unknown.status == 1)
        #expect(unknown.stdout == "")
        #expect(unknown.stderr == "clerk: No calendar named 'Garden'. Your calendars: 'emulator@example.com', 'Work'. Create it with 'new calendar Garden'.\n")
        #expect(Self.titles(emulator) == ["Dentist"])

        let port = emulator.port
        emulator.stop()
        let moved = try Self.clerk(folder.path, ["--now", "2026-12-01T09:10", "--yes", "move the dentist to my work calendar"])
        #expect(moved.status == 0)
        #expect(moved.stdout == "Dentist\n  when     Fri 4 Dec 2026, 10:00–11:00\n  calendar emulator@example.com → Work\nMove it to Work? [Y/n]\n"
            + "(offline — as of 09:00)\nMoved 'Dentist' to Work.\n"
            + "(Google can't be reached: 1 change waiting to be sent; clerk sends it next time.)\n")
        #expect(try Self.clerk(folder.path, ["--now", "2026-12-01T09:11", "status"]).stdout.contains("waiting    1 change to send"))

        try emulator.start(port: port)
        let back = try Self.clerk(folder.path, ["--now", "2026-12-01T09:20", "what's on friday"])
        #expect(back.stdout == "Friday 4 Dec\n  10:00–11:00  Dentist  [Work]\n(1 change made offline was sent to Google.)\n")
        #expect(Self.titles(emulator, calendar: work) == ["Dentist"])
        #expect(Self.titles(emulator) == [])
        let sent = (emulator.side("GET", "/_emulator/requests")["requests"]?.arrayValue ?? []).filter { $0["path"]?.stringValue?.hasSuffix("/move") == true }
        #expect(sent.count == 1)
        #expect(try Self.clerk(folder.path, ["--now", "2026-12-01T09:21", "status"]).stdout.contains("waiting    nothing\n"))
        #expect(try Self.clerk(folder.path, ["--now", "2026-12-01T09:30", "what's on my work calendar on friday"]).stdout
            == "Friday 4 Dec\n  10:00–11:00  Dentist  [Work]\n")
    }

    /// "from now on" with --yes on Google: the series ends before its next time, a new one
    /// starts there at the new hour; the time before stays.
    @Test func aChangeFromNowOnSplitsTheSeriesAtGoogle() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        #expect(try Self.logIn(emulator, folder: folder.path).status == 0)
        #expect(try Self.clerk(folder.path, ["--yes", "yoga every thursday at 6pm"]).status == 0)
        let split = try Self.clerk(folder.path, ["--now", "2026-12-04T10:00", "--yes", "move yoga to 7pm from now on"])
        #expect(split.status == 0)
        #expect(split.stdout == "Yoga\n  when     Thu 10 Dec 2026, 18:00–19:00 → Thu 10 Dec 2026, 19:00–20:00\n"
            + "  from Thu 10 Dec on; the times before stay as they were\nChange 'Yoga' from then on? [Y/n]\n"
            + "Changed 'Yoga' from Thu 10 Dec on, now Thu 10 Dec 2026, 19:00–20:00; the times before stay as they were.\n")
        let items = emulator.side("GET", "/calendar/v3/calendars/primary/events?singleEvents=true&orderBy=startTime"
                                  + "&timeMin=2026-12-01T00:00:00Z&timeMax=2026-12-18T00:00:00Z")["items"]?.arrayValue ?? []
        #expect(items.compactMap { $0["start"]?["dateTime"]?.stringValue } == [
            "2026-12-03T18:00:00+01:00", "2026-12-10T19:00:00+01:00", "2026-12-17T19:00:00+01:00",
        ])
        #expect(Self.titles(emulator) == ["Yoga", "Yoga"])
        #expect(try Self.clerk(folder.path, ["--now", "2026-12-04T10:05", "what's on 3 dec 2026"]).stdout == "Thursday 3 Dec\n  18:00–19:00  Yoga\n")
    }

    /// Offline for longer than the access token lasts: its refresh cannot reach Google
    /// either, which is Google out of reach as much as the call is — a split "from now on"
    /// waits in the outbox (nothing waiting is dropped as refused), the mirror answers, and
    /// all of it reaches Google once it is back.
    @Test func aSplitMadeOfflinePastTheTokensHourWaitsAndReachesGoogle() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        // Signed in at 09:00 Madrid: the access token runs out at 10:00.
        #expect(try Self.logIn(emulator, folder: folder.path, extra: ["--now", "2026-12-01T08:00"]).status == 0)
        #expect(try Self.clerk(folder.path, ["--yes", "yoga every thursday at 6pm"]).status == 0)
        let port = emulator.port
        emulator.stop()

        let split = try Self.clerk(folder.path, ["--now", "2026-12-04T10:00", "--yes", "move yoga to 7pm from now on"])
        #expect(split.stderr == "")
        #expect(split.status == 0)
        #expect(split.stdout.contains("Changed 'Yoga' from Thu 10 Dec on, now Thu 10 Dec 2026, 19:00–20:00; the times before stay as they were.\n"))
        #expect(split.stdout.hasSuffix("(Google can't be reached: 2 changes waiting to be sent; clerk sends them next time.)\n"))
        let read = try Self.clerk(folder.path, ["--now", "2026-12-04T10:05", "what's on 10 dec 2026"])
        #expect(read.status == 0)
        #expect(read.stdout.hasPrefix("Thursday 10 Dec\n  19:00–20:00  Yoga\n(offline — as of "))
        #expect(try Self.clerk(folder.path, ["--now", "2026-12-04T10:07", "status"]).stdout.contains("waiting    2 changes to send"))

        try emulator.start(port: port)
        let back = try Self.clerk(folder.path, ["--now", "2026-12-04T10:20", "what's on 10 dec 2026"])
        #expect(back.stdout == "Thursday 10 Dec\n  19:00–20:00  Yoga\n(2 changes made offline were sent to Google.)\n")
        let items = emulator.side("GET", "/calendar/v3/calendars/primary/events?singleEvents=true&orderBy=startTime"
                                  + "&timeMin=2026-12-01T00:00:00Z&timeMax=2026-12-18T00:00:00Z")["items"]?.arrayValue ?? []
        #expect(items.compactMap { $0["start"]?["dateTime"]?.stringValue } == [
            "2026-12-03T18:00:00+01:00", "2026-12-10T19:00:00+01:00", "2026-12-17T19:00:00+01:00",
        ])
        #expect(try Self.clerk(folder.path, ["--now", "2026-12-04T10:21", "status"]).stdout.contains("waiting    nothing\n"))
    }

    @Test func ctrlCStopsAWaitOnGoogleAndExits130() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        #expect(try Self.logIn(emulator, folder: folder.path).status == 0)
        let client = HTTPClient(version: "test")
        _ = try client.send(HTTPCall("POST", emulator.base + "/_emulator/faults",
                                     body: Array(#"{"method":"GET","path":"/calendar/v3/calendars","mode":"delay","delayMs":4000}"#.utf8)))
        var environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "NO_COLOR": "1", "HOME": folder.path]
        environment.merge(Self.environment) { $1 }
        let started = Date()
        let pid = try Spawn.start(ClerkBinary.path, ["--data-dir", folder.path + "/clerk", "--tz", "Europe/Madrid", "--now", "2026-12-01T10:00", "what's on tomorrow"],
                                  environment: environment, stdout: folder.path + "/out", stderr: folder.path + "/err")
        usleep(700_000)
        kill(pid, SIGINT)
        let status = Spawn.wait(pid)
        #expect(status == 130)
        #expect(Date().timeIntervalSince(started) < 3)
        #expect((try? String(contentsOfFile: folder.path + "/err", encoding: .utf8)) == "clerk: Cancelled.\n")
    }

    @Test func noTokenCodeOrSecretAppearsInAnythingClerkPrints() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        let login = try Self.logIn(emulator, folder: folder.path, extra: ["--verbose"])
        var printed = login.stdout + login.stderr
        for request in [["--verbose", "--yes", "lunch tomorrow at 13:00"], ["--verbose", "what's on tomorrow"], ["--verbose", "--json", "status"],
                        ["--verbose", "list my files"]] {
            let result = try Self.clerk(folder.path, request)
            printed += result.stdout + result.stderr
        }
        #expect(printed.contains("→ GET "))  // --verbose did log the requests
        let tokens = try JSONValue.parse(bytes: Array(FileManager.default.contents(atPath: folder.path + "/clerk/google-token.json") ?? Data()))
        let secrets = [tokens["access_token"]?.stringValue, tokens["refresh_token"]?.stringValue, Self.environment["CLERK_GOOGLE_CLIENT_SECRET"]].compactMap { $0 }
        #expect(secrets.count == 3)
        for secret in secrets { #expect(!printed.contains(secret)) }
        #expect(!printed.contains("code=4/"))
        #expect(!printed.contains("code=4%2F"))
        let log = emulator.side("GET", "/_emulator/requests").serialized()
        for secret in secrets { #expect(!log.contains(secret)) }
    }

    /// Undo of a calendar's deletion whose events could not be imported said "Nothing
    /// changed" and left an empty calendar at Google; the next undo made a second one.
    @Test func anUndoneCalendarDeletionStoppedPartwayIsFinishedByTheNextUndo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        #expect(try Self.logIn(emulator, folder: folder.path).status == 0)
        #expect(try Self.clerk(folder.path, ["--yes", "new calendar Trips"]).status == 0)
        #expect(try Self.clerk(folder.path, ["--yes", "lunch tomorrow at 13:00 on Trips"]).status == 0)
        #expect(try Self.clerk(folder.path, ["--yes", "dinner tomorrow at 20:00 on Trips"]).status == 0)
        // Every try of the first import into the calendar made again fails (five tries).
        emulator.arm(#"{"method":"POST","path":"/calendar/v3/calendars/","mode":"status","status":503,"count":5}"#)
        let run = try Self.clerk(folder.path, [], input: "delete the Trips calendar\nTrips\nundo\nyes\nundo\nyes\n")
        #expect(run.status == 1)
        #expect(run.stderr == "clerk: The calendar 'Trips' is back, but not its 2 events: Google had trouble (503 backendError). Say 'undo' again to bring them back.\n")
        #expect(run.stdout.contains("Undo: bring the 2 events of 'Trips' back to it? [Y/n]\nUndone: the calendar 'Trips' is back, with its events.\n"))
        let trips = Self.calendars(emulator).filter { $0.name == "Trips" }
        #expect(trips.count == 1)
        #expect(Self.titles(emulator, calendar: trips.first?.id ?? "none") == ["Dinner", "Lunch"])
    }

    /// Ctrl-C while Google took its time over an insert said "Cancelled." though the event
    /// was made; asking again made it twice.
    @Test func ctrlCAfterAnInsertWasSentSaysSoAndAskingAgainMakesItOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        defer { emulator.killNow() }
        #expect(try Self.logIn(emulator, folder: folder.path).status == 0)
        emulator.arm(#"{"method":"POST","path":"/calendar/v3/calendars/emulator@example.com/events","mode":"delay","delayMs":20000}"#)
        var environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "NO_COLOR": "1", "HOME": folder.path]
        environment.merge(Self.environment) { $1 }
        let pid = try Spawn.start(ClerkBinary.path, ["--data-dir", folder.path + "/clerk", "--tz", "Europe/Madrid", "--now", "2026-12-01T09:00",
                                                     "--yes", "dentist friday at 10"],
                                  environment: environment, stdout: folder.path + "/out", stderr: folder.path + "/err")
        usleep(2_000_000)
        kill(pid, SIGINT)
        #expect(Spawn.wait(pid) == 130)
        #expect((try? String(contentsOfFile: folder.path + "/err", encoding: .utf8)) ==
            "clerk: Stopped before Google answered, so clerk can't tell whether 'Dentist' was made. Asking for it again is safe: clerk sends it under the same id, so Google makes it only once.\n")
        #expect(Self.titles(emulator) == ["Dentist"])
        let again = try Self.clerk(folder.path, ["--yes", "dentist friday at 10"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("Created 'Dentist', Fri 4 Dec 2026, 10:00–11:00, on emulator@example.com."))
        #expect(Self.titles(emulator) == ["Dentist"])
    }

    /// A sync Google never answered made "what's on tomorrow" wait 2.5 minutes (five tries
    /// of 30 s) before the mirror answered.
    @Test func aReadGoogleDoesNotAnswerIsAnsweredFromTheMirrorSoon() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        defer { emulator.killNow() }
        #expect(try Self.logIn(emulator, folder: folder.path).status == 0)
        #expect(try Self.clerk(folder.path, ["--yes", "lunch tomorrow at 13:00"]).status == 0)
        emulator.arm(#"{"method":"GET","path":"/calendar/v3/calendars","mode":"delay","delayMs":120000,"count":20}"#)
        let started = Date()
        let slow = try Self.clerk(folder.path, ["--now", "2026-12-01T09:10", "what's on tomorrow"])
        #expect(Date().timeIntervalSince(started) < 20)
        // Google is reached but slow: it was called offline.
        #expect(slow.stdout == "Wednesday 2 Dec\n  13:00–14:00  Lunch\n(Google is slow to answer — as of 09:00)\n")
        #expect(slow.status == 0)
    }

    /// A 429 asking for 100,000 s held a write for two minutes, then said Google could not
    /// be reached.
    @Test func aRateLimitedWriteWaitsInTheOutboxAtOnceAndSaysWhy() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        #expect(try Self.logIn(emulator, folder: folder.path).status == 0)
        emulator.arm(#"{"method":"POST","path":"/calendar/v3/calendars/emulator@example.com/events","mode":"status","status":429,"retryAfter":100000,"count":10}"#)
        let started = Date()
        let queued = try Self.clerk(folder.path, ["--yes", "dinner tomorrow at 20:00"])
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(queued.status == 0)
        #expect(queued.stdout.hasSuffix("Created 'Dinner', Wed 2 Dec 2026, 20:00–21:00, on emulator@example.com.\n"
            + "(Google asked clerk to slow down (for 28 h): 1 change waiting to be sent; clerk sends it next time.)\n"))
    }

    /// A token file clerk cannot read switched clerk to the local store without a word.
    @Test(arguments: ["garbage", "[]", "{}", #"{"client_id":"x","refresh_token":"r","expiry":1}"#, ""])
    func anUnreadableSignInIsOneLineAndNoSilentSwitch(content: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/clerk", withIntermediateDirectories: true)
        let token = folder.path + "/clerk/google-token.json"
        try Data(content.utf8).write(to: URL(fileURLWithPath: token))
        for request in [["what's on tomorrow"], ["status"]] {
            let result = try Self.clerk(folder.path, request)
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == "clerk: The saved Google sign-in (\(token)) can't be read. Run 'clerk login' again (or use --backend local).\n")
        }
        #expect(try Self.clerk(folder.path, ["--backend", "local", "what's on tomorrow"]).stdout == "Nothing on Wed 2 Dec.\n")
    }

    /// A folder where the token file goes: `clerk logout` said "Signed out" and left it, and
    /// clerk went on reading it as a sign-in it could not read. It says nothing was signed
    /// out, and why; an unreadable file is still removed.
    @Test func logoutSaysSoWhenAFolderIsWhereTheSignInGoes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let token = folder.path + "/clerk/google-token.json"
        try FileManager.default.createDirectory(atPath: token, withIntermediateDirectories: true)
        let result = try Self.clerk(folder.path, ["logout"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "clerk: Not signed out: a folder is where the saved sign-in goes (\(token)). Move it aside to sign out.\n")
        try FileManager.default.removeItem(atPath: token)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: token))
        let removed = try Self.clerk(folder.path, ["logout"])
        #expect(removed.status == 0)
        #expect(removed.stdout.hasPrefix("Signed out"))
        #expect(!FileManager.default.fileExists(atPath: token))
    }

    /// A `--google-endpoint` other than the sign-in's: its tokens went there (the access
    /// token on every request; the refresh token and client secret on a refresh or a
    /// logout's revoke), so a sign-in with Google itself was handed to whatever listened.
    @Test func theSavedSignInsTokensGoToNoOtherEndpoint() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/clerk", withIntermediateDirectories: true)
        let token = folder.path + "/clerk/google-token.json"
        for (saved, given, refused) in [(nil, "http://127.0.0.1:1", "with Google itself"), ("http://127.0.0.1:2", "http://127.0.0.1:1", "at http://127.0.0.1:2")] {
            let endpoint = saved.map { #","endpoint":"\#($0)""# } ?? ""
            try Data(#"{"client_id":"c","access_token":"secret-access","refresh_token":"secret-refresh","expiry":1,"scopes":[],"account":"me@example.com"\#(endpoint)}"#.utf8)
                .write(to: URL(fileURLWithPath: token))
            for request in [["what's on tomorrow"], ["status"], ["logout"], ["export"]] {
                let result = try Self.clerk(folder.path, ["--google-endpoint", given] + request)
                #expect(result.stderr == "clerk: --google-endpoint: the saved sign-in was made \(refused), and its tokens go nowhere else. "
                        + "Leave --google-endpoint out, or run 'clerk login' with it\n", "\(request)")
                #expect(result.status == 1)
            }
            #expect(try Self.clerk(folder.path, ["--google-endpoint", given, "--backend", "local", "what's on tomorrow"]).status == 0)
            #expect(FileManager.default.fileExists(atPath: token))
        }
        // The same endpoint, written with a slash after it, is the sign-in's.
        let same = try Self.clerk(folder.path, ["--google-endpoint", "http://127.0.0.1:2/", "what's on tomorrow"])
        #expect(!same.stderr.contains("--google-endpoint"))
    }

    /// `clerk login` against an endpoint that does not answer waited five minutes for a
    /// browser that could not load the page.
    @Test func aSignInGoogleCannotBeReachedForIsRefusedAtOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let started = Date()
        let result = try ClerkBinary.run(["--data-dir", folder.path + "/clerk", "--google-endpoint", "http://127.0.0.1:1", "login"],
                                         environment: Self.environment.merging(["HOME": folder.path]) { $1 }, timeout: 60)
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(result.status == 1)
        #expect(result.stderr == "clerk: Couldn't reach Google's sign-in at http://127.0.0.1:1. Check the network (and --google-endpoint), then run 'clerk login' again.\n")
    }

    /// A browser command that fails (`BROWSER=false`) left `clerk login` waiting in silence.
    @Test func aBrowserThatFailsIsSaidAndTheLinkStillSignsIn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let emulator = try RunningEmulator(folder: folder.path)
        let login = try Self.logIn(emulator, folder: folder.path, browser: "false")
        #expect(login.status == 0)
        let lines = login.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first == "Opening your browser to sign in to Google. If it does not open, visit:")
        #expect(lines.dropFirst(2).first == "The browser command 'false' failed. Open the link above in a browser to sign in; clerk waits 5 minutes (Ctrl-C stops it).")
    }
}
