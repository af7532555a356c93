import Foundation

/// A conversation written down: directives, the lines a person types (`> …`) and the exact
/// replies expected after each.
///
/// ```
/// # comment
/// @now 2026-11-30T09:00        the clock from here on
/// @tz Europe/Madrid            the zone (before the first line)
/// @import seed/people.vcf      load a fixture into the store (path under Fixtures/)
/// @json                        replies from here on are --json objects
/// > lunch with Ana tomorrow at 13:00
/// Lunch with Ana
///   when     Tue 1 Dec 2026, 13:00–14:00 (1 h assumed)
/// ```
struct Transcript {
    enum Step: Equatable {
        case now(String)
        case timeZone(String)
        case importFile(String)
        case json
        /// A typed line and the reply expected, line by line.
        case say(String, expected: [String], line: Int)
    }

    var name: String
    var steps: [Step]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Every transcript in `Fixtures/transcripts/`, by file name. A folder that cannot be
    /// read stops the run: an empty list would pass every replay without playing one.
    static func all() -> [String] {
        let path = folder.appendingPathComponent("transcripts").path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            fatalError("cannot read the transcripts in \(path)")
        }
        return names.filter { $0.hasSuffix(".txt") }.sorted()
    }

    static func load(_ name: String) throws -> Transcript {
        let text = try String(contentsOf: folder.appendingPathComponent("transcripts/" + name), encoding: .utf8)
        var steps: [Step] = []
        var current: (String, [String], Int)?
        func flush() {
            guard let (said, expected, line) = current else { return }
            var lines = expected
            while lines.last?.isEmpty == true { lines.removeLast() }
            steps.append(.say(said, expected: lines, line: line))
            current = nil
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("> ") || line == ">" {
                flush()
                current = (String(line.dropFirst(2)), [], index + 1)
            } else if line.hasPrefix("#") {
                continue
            } else if line.hasPrefix("@") {
                flush()
                let parts = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
                switch (parts[0], parts.count) {
                case ("now", 2): steps.append(.now(parts[1]))
                case ("tz", 2): steps.append(.timeZone(parts[1]))
                case ("import", 2): steps.append(.importFile(parts[1]))
                case ("json", 1): steps.append(.json)
                default: throw TranscriptError.badDirective(name, index + 1, String(line))
                }
            } else if current != nil {
                current!.1.append(String(line))
            } else if !line.isEmpty {
                throw TranscriptError.textOutsideReply(name, index + 1)
            }
        }
        flush()
        return Transcript(name: name, steps: steps)
    }
}

enum TranscriptError: Error, CustomStringConvertible {
    case badDirective(String, Int, String)
    case textOutsideReply(String, Int)

    var description: String {
        switch self {
        case .badDirective(let file, let line, let text): return "\(file):\(line): unknown directive '\(text)'"
        case .textOutsideReply(let file, let line): return "\(file):\(line): text before the first '> ' line"
        }
    }
}
