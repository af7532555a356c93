import FoundationEssentials
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Starting another program.
enum Spawn {
    /// Starts `program` (looked up on PATH) with `arguments` and does not wait for it; its
    /// output goes nowhere, so a browser's chatter does not mix with clerk's.
    static func detached(_ program: String, _ arguments: [String]) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        if posix_spawnp(&child, program, &actions, nil, argv, environ) == 0 {
            // Reaped in the background so it does not linger as a zombie.
            let pid = child
            DispatchQueue.global().async { var status: Int32 = 0; waitpid(pid, &status, 0) }
        }
    }
}
