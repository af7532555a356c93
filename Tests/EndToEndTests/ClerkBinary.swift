import ChildProcess
import Foundation

/// The built `clerk` executable, run as a user would: arguments, piped stdin, exit code.
struct ClerkBinary {
    struct Result: Equatable {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The binary beside the test bundle (SwiftPM puts products in one folder).
    static let path: String = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("clerk").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/clerk").path
        return fromSource
    }()

    /// Runs clerk with `arguments`, feeding `input` on stdin, with a clean environment
    /// (no color, UTC unless `--tz` says otherwise, HOME in a temporary folder of this run's
    /// own: a store left in a shared HOME by another checkout's clerk must not leak in).
    /// A run still going after `timeout` seconds is killed (status 137). `through` is a
    /// command clerk runs under (`setpriv …`), its last word the program it starts.
    static func run(_ arguments: [String], input: String = "", environment extra: [String: String] = [:], timeout: Double = 300,
                    through wrapper: [String] = []) throws -> Result {
        try run(arguments, bytes: Data(input.utf8), environment: extra, timeout: timeout, through: wrapper)
    }

    /// `run` with stdin given as bytes, which need not be text.
    static func run(_ arguments: [String], bytes input: Data, environment extra: [String: String] = [:], timeout: Double = 300,
                    through wrapper: [String] = []) throws -> Result {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "NO_COLOR": "1", "HOME": folder.path]
        environment.merge(extra) { $1 }
        let inPath = folder.path + "/stdin", outPath = folder.path + "/stdout", errPath = folder.path + "/stderr"
        _ = FileManager.default.createFile(atPath: inPath, contents: input)
        let program = wrapper.first ?? path
        let status = try Spawn.run(program, Array(wrapper.dropFirst()) + (wrapper.isEmpty ? [] : [path]) + arguments, environment: environment,
                                   stdin: inPath, stdout: outPath, stderr: errPath, timeout: timeout)
        let out = try Data(contentsOf: URL(fileURLWithPath: outPath))
        let err = try Data(contentsOf: URL(fileURLWithPath: errPath))
        return Result(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self), status: status)
    }
}

/// A fresh folder under the system's temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "clerk-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
