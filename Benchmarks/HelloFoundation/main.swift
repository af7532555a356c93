import Foundation

// The start-up baseline of BENCHMARKS.md: a Foundation program that prints one line, built
// like clerk (SwiftPM, release).
print("hello, \(ProcessInfo.processInfo.processName) at \(Date().timeIntervalSince1970 > 0 ? "a time" : "no time")")
