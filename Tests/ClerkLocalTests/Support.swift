import ClerkCore
@testable import ClerkLocal
import Foundation

/// A store in a fresh temporary folder, on a fixed clock; the folder goes with `remove()`.
struct TestStore {
    let folder: String
    let store: LocalStore
    var path: String { folder + "/clerk.sqlite3" }

    init(zone: String = "Europe/Madrid", now: String = "2026-03-01T10:00:00Z") throws {
        folder = NSTemporaryDirectory() + "clerk-local-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try LocalStore(path: folder + "/clerk.sqlite3", timeZone: Zone(identifier: zone)!, now: .fixed(instant(now)))
    }

    /// The same file opened again, as another process would (possibly on another day).
    func reopened(zone: String = "Europe/Madrid", now: String = "2026-03-01T10:00:00Z") throws -> LocalStore {
        try LocalStore(path: path, timeZone: Zone(identifier: zone)!, now: .fixed(instant(now)))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    var primaryID: String {
        get throws { try store.calendars().first { $0.isPrimary }!.id }
    }
}

/// `2026-03-01T10:00:00Z` as an instant.
func instant(_ text: String) -> Date {
    try! Date(text, strategy: .iso8601)
}

/// A wall time in `zone`: `2026-03-05T09:00`.
func local(_ text: String, _ zone: String) -> Date {
    let parts = text.split(whereSeparator: { "-T:".contains($0) }).map { Int($0)! }
    let wall = WallTime(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
    return Civil.instant(ZoneRules(identifier: zone)!.utcSeconds(of: wall))
}

/// `2026-03-05 09:00 +01:00`: an instant as a person in `zone` reads it, with the offset.
func shown(_ date: Date, in zone: String) -> String {
    let rules = ZoneRules(identifier: zone)!
    let seconds = Civil.seconds(date)
    let wall = rules.wallTime(at: seconds)
    let offset = rules.offset(at: seconds)
    let sign = offset < 0 ? "-" : "+"
    return String(format: "%04d-%02d-%02d %02d:%02d %@%02d:%02d", wall.year, wall.month, wall.day, wall.hour, wall.minute,
                  sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
}

/// An event's span as it reads in `zone`: `2026-03-05 09:00 +01:00 → 10:00 +01:00`, or
/// `2026-03-10 (all day) → 2026-03-11`.
func span(_ event: Event, in zone: String) -> String {
    switch event.when {
    case .allDay(let start, let end): return "\(start.iso) (all day) → \(end.iso)"
    case .timed(let start, let end, _): return shown(start, in: zone) + " → " + shown(end, in: zone)
    }
}

func date(_ text: String) -> LocalDate { LocalDate(iso: text)! }
