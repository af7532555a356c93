public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts a program with posix_spawn and waits for it, with its standard streams on files
/// (the end-to-end tests and `make killtest` share it).
///
/// Foundation's `Process` on Linux learns that a child ended when a socket the child
/// inherited closes; a daemon the child leaves behind (the tmux server) or a sibling started
/// by a parallel test keeps it open, and `waitUntilExit` never returns. Here every
/// descriptor above 2 is closed in the child and `waitpid` is the only judge.
public enum Spawn {
    /// Runs `path` with `arguments` and `environment`; returns the exit status (128+signal
    /// when killed).
    public static func run(_ path: String, _ arguments: [String], environment: [String: String],
                    stdin: String = "/dev/null", stdout: String = "/dev/null", stderr: String = "/dev/null", timeout: Double = 300) throws -> Int32 {
        wait(try start(path, arguments, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr), timeout: timeout)
    }

    /// Waits for a started child; returns its exit status (128+signal when killed). A child
    /// still running after `timeout` seconds is killed (status 137), so a hang fails a test
    /// instead of stopping the suite.
    public static func wait(_ pid: pid_t, timeout: Double = 300) -> Int32 {
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
    public static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Starts `path` without waiting; the caller must `wait` for the returned pid.
    public static func start(_ path: String, _ arguments: [String], environment: [String: String],
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
        // The child starts with no signal blocked and every signal at its default: the test
        // runner's threads block some, and a child that inherited that would ignore a kill.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw SpawnError(path: path, code: spawned) }
        return pid
    }
}

public struct SpawnError: Error, CustomStringConvertible {
    public var path: String
    public var code: Int32
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }
    public var description: String { "could not start \(path): error \(code)" }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which its header hides from
/// Swift unless _GNU_SOURCE is set; the symbol itself is always there.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
