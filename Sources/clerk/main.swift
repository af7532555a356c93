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
/// argv as bytes, without the program's name (`UsageError.text(of:)` reads them).
func argumentBytes() -> [[UInt8]] {
    // argc is 0 when a program calls execve with no argv at all.
    guard CommandLine.argc > 1 else { return [] }
    return (1..<Int(CommandLine.argc)).map { index in
        guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
    }
}

let exitCode: Int32
do throws(UsageError) {
    exitCode = ClerkApp(arguments: try UsageError.text(of: argumentBytes()), environment: environmentVariables()).run()
} catch {
    Output.error(error.message)
    exitCode = ExitCode.usage
}
exit(StandardStreams.exitCode(after: exitCode))
