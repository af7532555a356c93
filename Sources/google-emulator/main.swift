import ClerkCore
import Foundation
import GoogleEmulator
import LoopbackHTTP

/// `google-emulator --port N [--data-dir DIR] [--seed DIR] [--token-lifetime SECONDS]
/// [--generate events=N,contacts=N,files=N] [--tz ZONE] [--account EMAIL]`: Google's APIs on
/// 127.0.0.1 until interrupted.
let usage = """
    usage: google-emulator --port N [--data-dir DIR] [--seed DIR] [--token-lifetime SECONDS]
                           [--generate events=N,contacts=N,files=N,calendars=N] [--tz ZONE] [--account EMAIL]
    Serves Google Calendar v3, Drive v3, People v1 and OAuth on http://127.0.0.1:N (0 picks a free port).
    """

func fail(_ message: String, code: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data(("google-emulator: " + message + "\n").utf8))
    exit(code)
}

var port: UInt16?
var configuration = Emulator.Configuration()
var seedFolder: String?
var generation: GenerationPlan?
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    if option == "--help" || option == "-h" {
        print(usage)
        exit(0)
    }
    guard !arguments.isEmpty else { fail("\(option): needs a value\n" + usage) }
    let value = arguments.removeFirst()
    switch option {
    case "--port":
        guard let number = UInt16(value) else { fail("--port: expected a number from 0 to 65535, got '\(value)'") }
        port = number
    case "--data-dir": configuration.dataDirectory = value
    case "--seed": seedFolder = value
    case "--token-lifetime":
        guard let seconds = Double(value), seconds > 0, seconds < 1e9 else { fail("--token-lifetime: expected seconds, got '\(value)'") }
        configuration.tokenLifetime = seconds
    case "--tz":
        guard let zone = ClockText.timeZone(value) else { fail("--tz: expected an IANA name like Europe/Madrid, got '\(value)'") }
        configuration.timeZone = zone
    case "--account": configuration.account = value
    case "--generate":
        do { generation = try GenerationPlan(value) } catch { fail("--generate: \(error.message)") }
    default: fail("unknown option '\(option)'\n" + usage)
    }
}
guard let port else { fail("--port is required\n" + usage) }

let emulator: Emulator
do {
    emulator = try Emulator(configuration: configuration)
    if let seedFolder { try emulator.seed(from: seedFolder) }
    if let generation { try emulator.generate(generation) }
} catch {
    fail("\(error)", code: 1)
}
let server: HTTPServer
do {
    server = try HTTPServer(port: port) { emulator.handle($0) }
} catch {
    fail("cannot listen on 127.0.0.1:\(port) (is it taken?)", code: 1)
}
FileHandle.standardOutput.write(Data("listening on http://127.0.0.1:\(server.port)\n".utf8))

// Serve until SIGINT or SIGTERM, then stop cleanly (the temporary store goes too).
signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
let stop = DispatchSemaphore(value: 0)
let interrupt = DispatchSource.makeSignalSource(signal: SIGINT)
let terminate = DispatchSource.makeSignalSource(signal: SIGTERM)
for source in [interrupt, terminate] {
    source.setEventHandler { stop.signal() }
    source.resume()
}
stop.wait()
server.stop()
emulator.close()
