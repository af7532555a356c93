import Foundation

let exitCode = ClerkApp(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment).run()
exit(exitCode)
