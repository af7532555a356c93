import ClerkAssistant
import ClerkCore
import ClerkGoogle
import ClerkLanguage
import ClerkLocal
import Foundation
import GoogleEmulator
import LoopbackHTTP

/// The fuzz targets of `make fuzz`, one binary for all: `CLERK_FUZZ_TARGET` names the one a
/// run feeds. Built by `Fuzz/run` with `swift build --sanitize fuzzer --sanitize address
/// -Xswiftc -DFUZZING`, libFuzzer provides `main` and calls `LLVMFuzzerTestOneInput`; built
/// as usual, `main` below replays files through a target (`clerk-fuzz TARGET FILE…`), to look
/// at a crash without the sanitizers.
///
/// | target | input | what it runs |
/// |---|---|---|
/// | `language` | one line of text | `DateReader.read`, `Router.understand` with known names, `clerk parse`'s JSON and explanation, at two reference times |
/// | `conversation` | lines | a `Session` on a fresh `LocalStore` (seeded with `Fixtures/seed`), answered as from a pipe |
/// | `icalendar` | an .ics file | `ICalendarReader`, then the events imported into a fresh store, a week and a far year asked, and exported |
/// | `vcard` | a .vcf file | `VCardReader`, then the contacts imported and looked up |
/// | `config` | a config file | `Config.parse` |
/// | `http` | requests (see `EmulatorRequests`) | `HTTPRequest`'s parsing of target, query, headers and form bodies; `Accept-Encoding` |
/// | `emulator` | requests | the same, then `Emulator.handle` on a seeded account with a valid token |
/// | `google-json` | a JSON text | `JSONValue.parse`, its round trip, and `GoogleCoding`'s event, person and file decoders |
enum FuzzTarget: String, CaseIterable {
    case language, conversation, icalendar, vcard, config, http, emulator
    case googleJSON = "google-json"

    /// Feeds one input to the target. Anything it throws is an answer, not a finding: a
    /// finding is a trap, a sanitizer report, or a hang.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .language: LanguageTarget.run(bytes)
        case .conversation: ConversationTarget.shared.run(bytes)
        case .icalendar: FileTargets.icalendar(bytes)
        case .vcard: FileTargets.vcard(bytes)
        case .config: FileTargets.config(bytes)
        case .http: _ = EmulatorRequests.parse(bytes)
        case .emulator: EmulatorTarget.shared.run(bytes)
        case .googleJSON: FileTargets.googleJSON(bytes)
        }
    }

    /// The target `CLERK_FUZZ_TARGET` names; a run without one stops at once.
    static let chosen: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["CLERK_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(Data("clerk-fuzz: set CLERK_FUZZ_TARGET to one of \(allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        return target
    }()
}

/// Where the fixtures are, from this file's place in the checkout.
enum Checkout {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let fixtures = root + "/Fixtures"
    static let madrid = Zone(identifier: "Europe/Madrid")!
    /// Monday 30 November 2026, 09:00 in Madrid.
    static let now = Date(timeIntervalSince1970: 1_796_025_600)
    /// A folder for this process's stores, in memory when the machine has /dev/shm.
    static let scratch: String = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let path = base + "/clerk-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Checkout.scratch) }
        return path
    }()

    /// A fresh store at a new path of the scratch folder, with ids that repeat each run.
    static func freshStore(named name: String) throws -> LocalStore {
        let path = scratch + "/" + name + ".sqlite3"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        var ids = 0
        return try LocalStore(path: path, timeZone: madrid, now: .fixed(now), makeID: {
            ids += 1
            return String(format: "id%06d", ids)
        })
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.chosen.run(bytes)
    return 0
}

#else
@main struct Replay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            print("usage: clerk-fuzz TARGET FILE…   (targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))")
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                exit(1)
            }
            let started = Date()
            target.run(Array(data))
            print("\(path): ran in \(String(format: "%.3f", Date().timeIntervalSince(started))) s")
        }
    }
}
#endif
