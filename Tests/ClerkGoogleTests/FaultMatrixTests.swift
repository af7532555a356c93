@testable import ClerkGoogle
import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
import Testing

/// Every Google write clerk makes against every fault the emulator injects: afterwards the
/// account holds exactly the intended result — never a duplicate, never a loss — and clerk
/// reported what happened. The table this produces is the one in ROBUSTNESS.md.
@Suite(.serialized) struct FaultMatrixTests {
    static let calendar = "emulator@example.com"
    static let events = "/calendar/v3/calendars/emulator@example.com/events"

    /// A fault as the emulator's control path takes it (nil path: the write's own).
    struct Fault: Sendable {
        var name: String
        var spec: JSONValue
        /// Instead of a fault: expire every access token first.
        var expireTokens = false
    }

    static let faults: [Fault] = [
        Fault(name: "503", spec: ["mode": "status", "status": 503]),
        Fault(name: "429", spec: ["mode": "status", "status": 429, "retryAfter": 0]),
        Fault(name: "403 rate limit", spec: ["mode": "status", "status": 403, "reason": "rateLimitExceeded"]),
        Fault(name: "slower than the timeout", spec: ["mode": "delay", "delayMs": 1500]),
        Fault(name: "dropped after apply", spec: ["mode": "drop-after-apply"]),
        Fault(name: "401 expired token", spec: [:], expireTokens: true),
        Fault(name: "malformed body", spec: ["mode": "malformed"]),
        Fault(name: "503 until next run", spec: ["mode": "status", "status": 503, "count": 20]),
    ]

    /// One write: how to set it up, do it, and check the account afterwards.
    struct Write: Sendable {
        var name: String
        /// The method and path the fault is armed on.
        var method: String
        var path: @Sendable (_ fileID: String) -> String
        var setUp: @Sendable (GoogleHarness, GoogleBackend) throws -> String
        var perform: @Sendable (GoogleBackend, _ fileID: String) throws -> Void
        /// True when the account holds exactly the intended result.
        var check: @Sendable (GoogleHarness, _ fileID: String) -> Bool
        /// For a write that does not wait in the outbox (a calendar's, an import): true when
        /// the account is as it was before, which it must be when the write failed.
        var untouched: (@Sendable (GoogleHarness, _ fileID: String) -> Bool)?
    }

    static func eventItems(_ harness: GoogleHarness) -> [JSONValue] {
        harness.side("GET", events)["items"]?.arrayValue ?? []
    }

    static func driveFiles(_ harness: GoogleHarness) -> [JSONValue] {
        harness.side("GET", "/drive/v3/files?fields=files(id,name,trashed)")["files"]?.arrayValue ?? []
    }

    static let draft = EventDraft(title: "Matrix lunch", when: GoogleBackendTests.when(1, 13))

    static func calendarNames(_ harness: GoogleHarness) -> [String] {
        (harness.side("GET", "/calendar/v3/users/me/calendarList")["items"]?.arrayValue ?? []).compactMap { $0["summary"]?.stringValue }
    }

    /// Three events of an .ics file, as `importEvents` takes them.
    static let imported = ["Matrix breakfast", "Matrix lunch", "Matrix dinner"].enumerated().map { index, title in
        ImportedEvent(uid: "matrix-\(index)@example.com", draft: EventDraft(title: title, when: GoogleBackendTests.when(2, 8 + 4 * index)))
    }

    static let writes: [Write] = [
        Write(name: "event insert", method: "POST", path: { _ in events }, setUp: { _, _ in "" },
              perform: { backend, _ in _ = try backend.insertEvent(draft, id: "lunch0042", calendarID: calendar) },
              check: { harness, _ in eventItems(harness).map { "\($0["id"]?.stringValue ?? "") \($0["summary"]?.stringValue ?? "")" } == ["lunch0042 Matrix lunch"] }),
        Write(name: "quickAdd", method: "POST", path: { _ in events + "/quickAdd" }, setUp: { _, _ in "" },
              perform: { backend, _ in _ = try backend.quickAdd("Matrix dinner tomorrow at 8pm", calendarID: calendar) },
              check: { harness, _ in eventItems(harness).map { $0["summary"]?.stringValue ?? "" } == ["Matrix dinner"] }),
        Write(name: "event patch", method: "PATCH", path: { _ in events + "/patch0001" },
              setUp: { harness, backend in
                  _ = try backend.insertEvent(EventDraft(title: "Before", when: GoogleBackendTests.when(1, 13)), id: "patch0001", calendarID: calendar)
                  return ""
              },
              perform: { backend, _ in _ = try backend.patchEvent(id: "patch0001", EventPatch(title: "After")) },
              check: { harness, _ in eventItems(harness).map { $0["summary"]?.stringValue ?? "" } == ["After"] }),
        Write(name: "event delete", method: "DELETE", path: { _ in events + "/delete001" },
              setUp: { harness, backend in
                  _ = try backend.insertEvent(EventDraft(title: "Doomed", when: GoogleBackendTests.when(1, 13)), id: "delete001", calendarID: calendar)
                  return ""
              },
              perform: { backend, _ in try backend.deleteEvent(id: "delete001") },
              check: { harness, _ in eventItems(harness).isEmpty && harness.side("GET", events + "/delete001")["status"] == "cancelled" }),
        Write(name: "file create", method: "POST", path: { _ in "/upload/drive/v3/files" }, setUp: { _, _ in "" },
              perform: { backend, _ in _ = try backend.createFile(named: "matrix.txt", content: "hello\n") },
              check: { harness, _ in
                  let files = driveFiles(harness)
                  guard files.count == 1, let id = files.first?["id"]?.stringValue else { return false }
                  return files.first?["name"] == "matrix.txt" && content(harness, id) == "hello\n"
              }),
        Write(name: "file update", method: "PATCH", path: { "/upload/drive/v3/files/" + $0 },
              setUp: { _, backend in try backend.createFile(named: "matrix.txt", content: "old\n").id },
              perform: { backend, id in _ = try backend.updateFile(id: id, content: "new\n") },
              check: { harness, id in driveFiles(harness).count == 1 && content(harness, id) == "new\n" }),
        Write(name: "file trash", method: "PATCH", path: { "/drive/v3/files/" + $0 },
              setUp: { _, backend in try backend.createFile(named: "matrix.txt", content: "old\n").id },
              perform: { backend, id in try backend.trashFile(id: id) },
              check: { harness, _ in driveFiles(harness).map { $0["trashed"]?.boolValue ?? false } == [true] }),
        Write(name: "calendar create", method: "POST", path: { _ in "/calendar/v3/calendars" }, setUp: { _, _ in "" },
              perform: { backend, _ in _ = try backend.createCalendar(named: "Matrix", timeZone: "Europe/Madrid") },
              check: { harness, _ in calendarNames(harness).filter { $0 == "Matrix" }.count == 1 },
              untouched: { harness, _ in !calendarNames(harness).contains("Matrix") }),
        Write(name: "calendar delete", method: "DELETE", path: { "/calendar/v3/calendars/" + $0 },
              setUp: { _, backend in
                  let calendar = try backend.createCalendar(named: "Doomed", timeZone: "Europe/Madrid")
                  _ = try backend.insertEvent(EventDraft(title: "Doomed lunch", when: GoogleBackendTests.when(1, 13)), id: "doomed001", calendarID: calendar.id)
                  return calendar.id
              },
              perform: { backend, id in try backend.deleteCalendar(id: id) },
              check: { harness, _ in !calendarNames(harness).contains("Doomed") },
              untouched: { harness, id in calendarNames(harness).contains("Doomed") }),
        Write(name: "event import", method: "POST", path: { _ in events + "/import" }, setUp: { _, _ in "" },
              perform: { backend, _ in _ = try backend.importEvents(imported, calendarID: calendar, progress: nil) },
              check: { harness, _ in eventItems(harness).compactMap { $0["summary"]?.stringValue }.sorted() == imported.map(\.draft.title).sorted() },
              untouched: { harness, _ in eventItems(harness).isEmpty }),
    ]

    /// True when the error says nothing changed (a refusal, Google out of reach), as opposed
    /// to an unknown outcome or a change left half made.
    static func saysNothingChanged(_ error: any Error) -> Bool {
        switch error as? ServiceError {
        case .refused?, .unreachable?, .timedOut?, .rateLimited?, .malformedResponse?: return true
        default: return false
        }
    }

    static func content(_ harness: GoogleHarness, _ id: String) -> String {
        let client = HTTPClient(version: "side")
        let answer = try? client.send(HTTPCall("GET", harness.base + "/drive/v3/files/\(id)?alt=media", headers: [("Authorization", "Bearer " + harness.sideToken())]))
        return String(decoding: answer?.body ?? [], as: UTF8.self)
    }

    /// How one write under one fault ended, as the table says it.
    static func run(_ write: Write, _ fault: Fault) throws -> String {
        let harness = try GoogleHarness()
        let account = try harness.signIn()
        let fileID = try write.setUp(harness, account.backend)
        _ = account.backend.takeNotices()
        if fault.expireTokens {
            harness.side("POST", "/_emulator/tokens/expire")
        } else {
            var spec = fault.spec.objectValue ?? []
            spec += [("method", .string(write.method)), ("path", .string(write.path(fileID)))]
            harness.arm(.object(spec))
        }
        var outcome = "done"
        do {
            try write.perform(account.backend, fileID)
        } catch {
            // Only a write that does not wait in the outbox may fail, and then only saying
            // nothing changed, with the account as it was.
            guard let untouched = write.untouched, untouched(harness, fileID), saysNothingChanged(error) else { return "failed: \(error)" }
            return "not done, said so"
        }
        let notices = account.backend.takeNotices()
        if notices.contains(where: { if case .waiting = $0 { return true }; return false }) {
            // The next run, the fault gone: what waited is sent.
            harness.side("DELETE", "/_emulator/faults")
            harness.clock.advance(31)
            guard let next = try GoogleAccount(setup: harness.setup) else { return "signed out" }
            next.backend.flushOutbox()
            outcome = next.backend.takeNotices().contains(.sent(count: 1)) && next.backend.waitingCount == 0 ? "waited, sent next run" : "still waiting"
        }
        return write.check(harness, fileID) ? outcome : outcome + ", but the account is wrong"
    }

    /// The matrix as a Markdown table.
    static func table() throws -> String {
        var lines = ["| write | " + faults.map(\.name).joined(separator: " | ") + " |",
                     "|---" + String(repeating: "|---", count: faults.count) + "|"]
        for write in writes {
            let cells = try faults.map { try run(write, $0) }
            lines.append("| \(write.name) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    @Test func everyWriteUnderEveryFaultEndsWithExactlyTheIntendedResult() throws {
        let table = try Self.table()
        #expect(!table.contains("failed") && !table.contains("wrong") && !table.contains("still waiting"), "\(table)")
        let robustness = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ROBUSTNESS.md")
        let document = (try? String(contentsOf: robustness, encoding: .utf8)) ?? ""
        #expect(document.contains(table), "ROBUSTNESS.md should hold this matrix:\n\(table)")
    }
}
