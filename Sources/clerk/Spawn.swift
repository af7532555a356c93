import FoundationEssentials
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Starting another program.
enum Spawn {
    /// Starts `program` (looked up on PATH) with `arguments` and does not wait for it; its
    /// output goes nowhere, so a browser's chatter does not mix with clerk's. Returns false
    /// when it cannot be started, or ends with an error within `failsWithin` seconds (a
    /// browser command that is not there or cannot open anything); true otherwise.
    @discardableResult
    static func detached(_ program: String, _ arguments: [String], failsWithin seconds: Double = 0) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        guard posix_spawnp(&child, program, &actions, nil, argv, environ) == 0 else { return false }
        var status: Int32 = 0
        let deadline = Date() + seconds
        while Date() < deadline {
            if waitpid(child, &status, WNOHANG) == child {
                // Exited: well when with status 0 (a launcher such as xdg-open hands over and ends).
                return (status & 0x7F) == 0 && ((status >> 8) & 0xFF) == 0
            }
            usleep(20_000)
        }
        // Still running: reaped in the background so it does not linger as a zombie.
        let pid = child
        DispatchQueue.global().async { var status: Int32 = 0; waitpid(pid, &status, 0) }
        return true
    }
}
