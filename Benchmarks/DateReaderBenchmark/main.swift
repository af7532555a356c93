import ClerkCore
import ClerkLanguage
import Foundation

// Reads every phrase of a corpus with its own reference time, over and over, on one thread,
// and reports phrases per second and the resident memory before and after.
//
// usage: DateReaderBenchmark [CORPUS.tsv ...] [--parses N] [--each]
// Corpus files are TSV with a header holding `phrase` (or `text`), and optionally `ref`
// (YYYY-MM-DDTHH:MM[:SS]) and `tz_offset` (±HH:MM or an IANA name).

struct Phrase {
    var text: String
    var reference: ReferenceTime
}

func loadCorpus(_ path: String) -> [Phrase] {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("DateReaderBenchmark: cannot read \(path)\n".utf8))
        exit(1)
    }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
    let textColumn = header.firstIndex(of: "phrase") ?? header.firstIndex(of: "text") ?? 0
    let refColumn = header.firstIndex(of: "ref") ?? header.firstIndex(of: "now")
    let tzColumn = header.firstIndex(of: "tz_offset") ?? header.firstIndex(of: "tz")
    let defaultZone = Zone(identifier: "Europe/Madrid")!
    let defaultNow = ClockText.instant("2026-11-30T09:00", in: defaultZone)!
    return lines.dropFirst().compactMap { line -> Phrase? in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard textColumn < fields.count, !fields[textColumn].hasPrefix("#") else { return nil }
        let zone = tzColumn.flatMap { $0 < fields.count ? ClockText.timeZone(fields[$0]) : nil } ?? defaultZone
        let now = refColumn.flatMap { $0 < fields.count ? ClockText.instant(fields[$0], in: zone) : nil } ?? defaultNow
        return Phrase(text: fields[textColumn], reference: ReferenceTime(instant: now, timeZone: zone))
    }
}

/// CPU time this thread has used, in seconds: the benchmark's figure, since the machine may
/// be shared and wall time then counts other processes too.
func threadCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Resident set size in kB, from /proc/self/statm.
func residentKilobytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return -1 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

var paths: [String] = []
var parses = 1_000_000
var eachPhrase = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--parses", let value = arguments.popFirst(), let n = Int(value) { parses = n }
    else if argument == "--each" { eachPhrase = true }
    else { paths.append(argument) }
}
if paths.isEmpty { paths = ["../shared/eval/dates-duckling.tsv"] }

let phrases = paths.flatMap(loadCorpus)
guard !phrases.isEmpty else {
    FileHandle.standardError.write(Data("DateReaderBenchmark: no phrases\n".utf8))
    exit(1)
}
let reader = DateReader()

nonisolated(unsafe) var checksumSink = 0

// Warm up: every phrase once (lazy tables, holiday calendars).
var found = 0
for phrase in phrases { found += reader.read(phrase.text, at: phrase.reference).count }
let rssBefore = residentKilobytes()

// --each: the CPU each phrase takes (the best of five rounds of 200 reads), one line a
// phrase, "nanoseconds<TAB>phrase": to find the phrases, and so the classes, that cost most.
if eachPhrase {
    for phrase in phrases {
        var best = Double.infinity
        for _ in 0..<5 {
            let start = threadCPUSeconds()
            for _ in 0..<200 { checksumSink &+= reader.read(phrase.text, at: phrase.reference).count }
            best = min(best, (threadCPUSeconds() - start) / 200)
        }
        print("\(Int(best * 1e9))\t\(phrase.text)")
    }
    exit(0)
}

let clock = ContinuousClock()
var checksum = 0
var rssMiddle = 0
let cpuStart = threadCPUSeconds()
let elapsed = clock.measure {
    for i in 0..<parses {
        let phrase = phrases[i % phrases.count]
        checksum &+= reader.read(phrase.text, at: phrase.reference).count
        if i == parses / 2 { rssMiddle = residentKilobytes() }
    }
}
let cpu = threadCPUSeconds() - cpuStart
let rssAfter = residentKilobytes()
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18

print("phrases in corpus:     \(phrases.count) (\(found) with a reading)")
print("parses:                \(parses) on one thread")
print("wall time:             \(String(format: "%.3f", seconds)) s (\(String(format: "%.0f", Double(parses) / seconds)) phrases/s)")
print("CPU time:              \(String(format: "%.3f", cpu)) s")
print("throughput:            \(String(format: "%.0f", Double(parses) / cpu)) phrases per CPU-second")
print("mean per phrase:       \(String(format: "%.2f", cpu / Double(parses) * 1e6)) µs of CPU")
print("RSS before/middle/after: \(rssBefore) / \(rssMiddle) / \(rssAfter) kB")
print("checksum:              \(checksum)")
