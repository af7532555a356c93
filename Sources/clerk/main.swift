import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The process's environment, read from `environ` as `ProcessInfo.environment` reads it (an
/// entry without `=` is skipped, a later one wins) but split on bytes: Foundation's split on
/// characters and its unsized dictionary cost most of a millisecond of every start.
func environmentVariables() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    var count = 0
    while entry.pointee != nil {
        count += 1
        entry += 1
    }
    variables.reserveCapacity(count)
    entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
            variables[String(text[..<equals])] = String(text[text.utf8.index(after: equals)...])
        }
        entry += 1
    }
    return variables
}

StandardStreams.guardDescriptors()
let exitCode = ClerkApp(arguments: Array(CommandLine.arguments.dropFirst()), environment: environmentVariables()).run()
exit(StandardStreams.exitCode(after: exitCode))
