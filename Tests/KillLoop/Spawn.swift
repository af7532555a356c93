import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts a program with posix_spawn and waits for it, with its standard streams on files
/// (the end-to-end suite's `Spawn`).
///
/// Foundation's `Process` on Linux learns that a child ended when a socket the child
/// inherited closes; a daemon the child leaves behind (the tmux server) or a sibling started
/// by a parallel test keeps it open, and `waitUntilExit` never returns. Here every
/// descriptor above 2 is closed in the child and `waitpid` is the only judge.
enum Spawn {
    /// Runs `path` with `arguments` and `environment`; returns the exit status (128+signal
    /// when killed).
    static func run(_ path: String, _ arguments: [String], environment: [String: String],
                    stdin: String = "/dev/null", stdout: String = "/dev/null", stderr: String = "/dev/null", timeout: Double = 300) throws -> Int32 {
        wait(try start(path, arguments, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr), timeout: timeout)
    }

    /// Waits for a started child; returns its exit status (128+signal when killed). A child
    /// still running after `timeout` seconds is killed (status 137), so a hang fails a test
    /// instead of stopping the suite.
    static func wait(_ pid: pid_t, timeout: Double = 300) -> Int32 {
        var status: Int32 = 0
        let deadline = ProcessInfo.processInfo.systemUptime + timeout
        var pause: useconds_t = 100
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result == -1, errno != EINTR { return -1 }
            if ProcessInfo.processInfo.systemUptime > deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                break
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        return decode(status)
    }

    /// A wait status as an exit code (128+signal when killed).
    static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Starts `path` without waiting; the caller must `wait` for the returned pid.
    static func start(_ path: String, _ arguments: [String], environment: [String: String],
                      stdin: String = "/dev/null", stdout: String = "/dev/null", stderr: String = "/dev/null") throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = addCloseFrom(&actions, 3)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw SpawnError(path: path, code: spawned) }
        return pid
    }
}

struct SpawnError: Error, CustomStringConvertible {
    var path: String
    var code: Int32
    var description: String { "could not start \(path): error \(code)" }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which its header hides from
/// Swift unless _GNU_SOURCE is set; the symbol itself is always there.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32

/// A small fixed-seed generator (SplitMix64), so the kill moments are the same every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
