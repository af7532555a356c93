public import FoundationEssentials
import Synchronization
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A time zone: an identifier and its UTC offsets, read by clerk from the system's tz
/// database (/usr/share/zoneinfo) or fixed ("GMT+0100").
///
/// Not Foundation's `TimeZone`: asking it for one offset maps ICU's pages, several MiB of a
/// one-shot command's memory (BENCHMARKS.md, "Zones"). Identifiers are Foundation's, so what
/// is shown and stored stays the same: "UTC" and "GMT" are "GMT", an offset is "GMT+0100".
/// Without the tz database (Debian's tzdata package) only fixed offsets are known.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
    /// The name and the offsets behind one reference: a zone travels inside every reference
    /// time and date match, and as two fields it made each copy of those a `memcpy` and two
    /// retains (about 5,000 instructions a `clerk parse --jsonl` line).
    private let storage: Storage

    private final class Storage: Sendable {
        let identifier: String
        let source: Source

        init(identifier: String, source: Source) {
            self.identifier = identifier
            self.source = source
        }
    }

    /// The name it is known by: an IANA name as asked for, or "GMT"/"GMT±HHMM".
    public var identifier: String { storage.identifier }
    var source: Source { storage.source }

    enum Source: Sendable {
        case fixed(Int)
        case tzdata(ZoneInfo)
    }

    init(identifier: String, source: Source) {
        storage = Storage(identifier: identifier, source: source)
    }

    /// The zone for an IANA name ("Europe/Madrid"), or for a GMT or UTC offset as Foundation
    /// reads one ("UTC", "GMT+1", "UTC-05:30"); nil when unknown.
    public init?(identifier: String) {
        guard let zone = ZoneDatabase.system.zone(named: identifier) else { return nil }
        self = zone
    }

    /// A zone `seconds` east of UTC all year, named "GMT±HHMM"; nil beyond ±18 hours.
    public init?(secondsFromGMT seconds: Int) {
        guard let name = Zone.gmtName(seconds) else { return nil }
        self.init(identifier: name, source: .fixed(seconds))
    }

    /// UTC, named "GMT".
    public static let gmt = Zone(identifier: "GMT", source: .fixed(0))

    public var description: String { identifier }

    public static func == (a: Zone, b: Zone) -> Bool { a.identifier == b.identifier }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// Seconds east of UTC at the instant `utcSeconds` (seconds since 1970, UTC).
    public func offset(atUTCSeconds utcSeconds: Int) -> Int {
        switch source {
        case .fixed(let offset): offset
        case .tzdata(let info): info.offset(at: utcSeconds)
        }
    }

    /// Seconds east of UTC at `date`.
    public func secondsFromGMT(for date: Date = Date()) -> Int {
        offset(atUTCSeconds: Zone.seconds(date))
    }

    /// The instant a wall-clock reading names in this zone, as UTC seconds; `wallSeconds` is
    /// the reading as seconds since 1970-01-01T00:00 on this zone's clock.
    ///
    /// RFC 5545 §3.3.5's rule, which the date reader and the store both follow: a reading that
    /// occurs twice (clocks going back) is the first of the two; one that does not exist
    /// (clocks going forward) is read with the offset in force before the gap, so 02:30 on
    /// that morning becomes 03:30 summer time.
    public func utcSeconds(ofWallClock wallSeconds: Int) -> Int {
        // Transitions are further apart than two days in every zone, so the offsets a day
        // either side are the only candidates.
        let before = offset(atUTCSeconds: wallSeconds &- CivilCalendar.secondsPerDay)
        let after = offset(atUTCSeconds: wallSeconds &+ CivilCalendar.secondsPerDay)
        if before == after { return wallSeconds &- before }
        // Around a change: the earlier instant first (the larger offset), then the other.
        for candidate in [max(before, after), min(before, after)] where offset(atUTCSeconds: wallSeconds &- candidate) == candidate {
            return wallSeconds &- candidate
        }
        return wallSeconds &- before
    }

    /// True when this zone skips the wall-clock reading `wallSeconds` (clocks go forward past
    /// it: 02:30 on the morning they jump from 02:00 to 03:00) and `utcSeconds(ofWallClock:)`
    /// reads it as `instant`, UTC seconds (03:30 summer time). A series set for such a time
    /// keeps it: RFC 5545 moves only the day it does not exist (`Event.skippedWallStart`).
    public func skips(wallSeconds: Int, readAs instant: Int) -> Bool {
        utcSeconds(ofWallClock: wallSeconds) == instant && instant &+ offset(atUTCSeconds: instant) != wallSeconds
    }

    /// `wallSeconds` when it is a time this zone skips and reads as `date`
    /// (`skips(wallSeconds:readAs:)`), else nil: what an event keeps of a start asked for in
    /// a spring-forward gap.
    public func skippedWallClock(_ wallSeconds: Int?, at date: Date) -> Int? {
        guard let wallSeconds, skips(wallSeconds: wallSeconds, readAs: Zone.seconds(date)) else { return nil }
        return wallSeconds
    }

    /// The wall clock at `date` in this zone, as seconds since 1970-01-01T00:00 on it.
    public func wallSeconds(_ date: Date) -> Int {
        let seconds = Zone.seconds(date)
        return seconds + offset(atUTCSeconds: seconds)
    }

    /// The instant a wall-clock reading names (`utcSeconds(ofWallClock:)`).
    public func date(wallSeconds: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(utcSeconds(ofWallClock: wallSeconds)))
    }

    /// The instant `hour:minute:second` on `day` names in this zone.
    public func date(_ day: LocalDate, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Date {
        date(wallSeconds: day.dayNumber * CivilCalendar.secondsPerDay + hour * 3600 + minute * 60 + second)
    }

    /// `date` moved `days` days on this zone's clock (the same wall time, read by
    /// `utcSeconds(ofWallClock:)` on the new day), its fraction of a second kept.
    public func date(byAddingDays days: Int, to date: Date) -> Date {
        let seconds = Zone.seconds(date)
        let moved = utcSeconds(ofWallClock: seconds + offset(atUTCSeconds: seconds) + days * CivilCalendar.secondsPerDay)
        return date + TimeInterval(moved - seconds)
    }

    /// True when `date` falls within `CivilCalendar.years` both on this zone's clock and in
    /// UTC, the two clocks an event's time is written on.
    public func holdsYear(of date: Date) -> Bool {
        // Most dates lie far inside on every clock: seen from the instant alone (the reader
        // asks this of every match, and the calendar arithmetic below cost ~300 instructions).
        let seconds = Zone.seconds(date)
        if Zone.surelyHeld.contains(seconds) { return true }
        let utcDays = CivilCalendar.floorDivide(seconds, CivilCalendar.secondsPerDay)
        return CivilCalendar.years.contains(wallClock(date).day.year)
            && CivilCalendar.years.contains(CivilCalendar.date(dayNumber: utcDays).year)
    }

    /// Instants (seconds since 1970) a day inside the first and last of `CivilCalendar.years`,
    /// which every zone's clock also shows inside them.
    static let surelyHeld: ClosedRange<Int> = {
        let first = CivilCalendar.dayNumber(year: CivilCalendar.years.lowerBound, month: 1, day: 2)
        let last = CivilCalendar.dayNumber(year: CivilCalendar.years.upperBound, month: 12, day: 30)
        return first * CivilCalendar.secondsPerDay...last * CivilCalendar.secondsPerDay
    }()

    /// The date and the time of day (seconds after midnight) of `date` on this zone's clock.
    public func wallClock(_ date: Date) -> (day: LocalDate, seconds: Int) {
        let wall = wallSeconds(date)
        let days = CivilCalendar.floorDivide(wall, CivilCalendar.secondsPerDay)
        return (LocalDate(dayNumber: days), wall - days * CivilCalendar.secondsPerDay)
    }

    /// Whole seconds since 1970, rounded down, held within ±100,000 years so that adding an
    /// offset or a day cannot overflow.
    static func seconds(_ date: Date) -> Int {
        let limit = 3_155_760_000_000.0
        return Int(min(max(date.timeIntervalSince1970.rounded(.down), -limit), limit))
    }

    /// Foundation's name for a fixed offset: "GMT", "GMT+0100", "GMT-0530" (minutes rounded
    /// to the nearest); nil beyond ±18 hours.
    static func gmtName(_ seconds: Int) -> String? {
        guard (-18 * 3600...18 * 3600).contains(seconds) else { return nil }
        let rounded = (abs(seconds) + 30) / 60
        guard rounded > 0 else { return "GMT" }
        var name = ByteWriter(capacity: 8)
        name.append(seconds < 0 ? "GMT-" : "GMT+")
        name.appendDecimal(rounded / 60, width: 2)
        name.appendDecimal(rounded % 60, width: 2)
        return name.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The offset a GMT or UTC name gives, as Foundation reads it: "GMT" or "UTC" alone, or
    /// followed by a sign and H, HH, HHMM, H:MM, HH:MM, H.MM or HH.MM, hours 0–18 (18 only
    /// with 00 minutes), minutes 0–59; nil for anything else.
    static func gmtOffset(_ name: String) -> Int? {
        let bytes = Array(name.utf8)
        guard bytes.count >= 3, bytes.count <= 9, bytes.starts(with: "GMT".utf8) || bytes.starts(with: "UTC".utf8) else { return nil }
        if bytes.count == 3 { return 0 }
        guard bytes.count >= 5, bytes[3] == UInt8(ascii: "+") || bytes[3] == UInt8(ascii: "-") else { return nil }
        let sign = bytes[3] == UInt8(ascii: "-") ? -1 : 1
        let rest = Array(bytes[4...])
        func digits(_ part: ArraySlice<UInt8>) -> Int? {
            guard !part.isEmpty, part.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            return part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        var hours: Int?, minutes = 0
        if let separator = rest.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) {
            guard (1...2).contains(separator), rest.count - separator - 1 == 2, let m = digits(rest[(separator + 1)...]) else { return nil }
            hours = digits(rest[..<separator])
            minutes = m
        } else {
            switch rest.count {
            case 1, 2: hours = digits(rest[...])
            case 4:
                hours = digits(rest[..<2])
                guard let m = digits(rest[2...]) else { return nil }
                minutes = m
            default: return nil
            }
        }
        guard let hours, hours <= 18, minutes <= 59, hours < 18 || minutes == 0 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}

extension Zone {
    /// The system's zone, found as Foundation finds it on Linux: `TZ` when it names a zone
    /// (a leading ":" dropped), else the zone /etc/localtime links to, else the name in
    /// /etc/timezone; GMT when none of them names a zone clerk can read.
    public static var current: Zone {
        if getenv("TZFILE") == nil, var tz = getenv("TZ").map({ String(cString: $0) }) {
            if tz.hasPrefix(":") { tz.removeFirst() }
            // A path into the tz database, as libc takes one (":/usr/share/zoneinfo/Asia/Tokyo"):
            // the zone of its name. It was read as no zone, and clerk went on in UTC.
            let database = ZoneDatabase.system.directory + "/"
            if tz.hasPrefix(database) { tz.removeFirst(database.count) }
            if tz == "UTC" || tz == "GMT" { return .gmt }
            // A file of the tz database, else POSIX's own form, whose offset counts west of
            // UTC as libc and `date` read it: "UTC+5" and "EST5" are five hours behind UTC,
            // "<+05>-5" five ahead (**was** +05:00 for "UTC+5", Foundation's reading of a
            // zone name, and the local zone for "EST5"). A rule with daylight time and no
            // file of its name is left to the lines below.
            if ZoneDatabase.system.hasFile(named: tz), let zone = Zone(identifier: tz) { return zone }
            if let rule = PosixRule(Array(tz.utf8)), rule.daylight == nil, let zone = Zone(secondsFromGMT: rule.standard) { return zone }
            if Zone.gmtOffset(tz) == nil, let zone = Zone(identifier: tz) { return zone }
        }
        if let name = localtimeName(), let zone = Zone(identifier: name) { return zone }
        if let text = SmallFile.contents("/etc/timezone", limit: 256).flatMap({ String(validating: $0, as: UTF8.self) }),
           let zone = Zone(identifier: text.trimmingWhitespace()) {
            return zone
        }
        return .gmt
    }

    /// The names of the tz database's zones and links that clerk can read, sorted: from its
    /// index, tzdata.zi ("Z Europe/Madrid …", "L Europe/Madrid Africa/Ceuta"); none without it.
    public static var knownIdentifiers: [String] {
        let directory = ZoneDatabase.system.directory
        guard let bytes = SmallFile.contents(directory + "/tzdata.zi", limit: 1 << 22) else { return [] }
        var names = Set<String>()
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "))
            guard let kind = fields.first?.first else { continue }
            if kind == UInt8(ascii: "Z"), fields.count > 1 { names.insert(String(decoding: fields[1], as: UTF8.self)) }
            if kind == UInt8(ascii: "L"), fields.count > 2 { names.insert(String(decoding: fields[2], as: UTF8.self)) }
        }
        return names.filter { Zone(identifier: $0) != nil }.sorted()
    }

    /// False when the tz database's directory cannot be read: named zones are unknown then.
    public static var hasZoneDatabase: Bool { ZoneDatabase.system.exists }

    /// The name after "/usr/share/zoneinfo/" in the target of /etc/localtime.
    private static func localtimeName() -> String? {
        var buffer = [CChar](repeating: 0, count: 1024)
        let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = Array(buffer[..<count].map { UInt8(bitPattern: $0) })
        let marker = Array("/usr/share/zoneinfo/".utf8)
        guard target.count > marker.count,
              let at = (0...(target.count - marker.count)).first(where: { target[$0..<$0 + marker.count].elementsEqual(marker) })
        else { return nil }
        return String(decoding: target[(at + marker.count)...], as: UTF8.self)
    }
}

/// The tz database as files: one TZif file a zone name, read once a process.
///
/// Names are IANA names only — letters, digits and `._+-` in components separated by `/`,
/// none empty, `.`, `..` or starting with `-`; not the "posix/" and "right/" copies Debian
/// ships, nor "localtime" or "posixrules" — so no name reaches outside the directory. A name
/// with no file, or one that cannot be read or parsed, is unknown. (Foundation's `TimeZone`
/// would answer from ICU's copy, but loading ICU costs a one-shot command a third of its
/// start: BENCHMARKS.md, "FoundationEssentials".)
final class ZoneDatabase: Sendable {
    /// /usr/share/zoneinfo, or the directory `CLERK_TEST_ZONEINFO` names (for the tests of a
    /// system without tzdata only).
    static let system = ZoneDatabase(directory: getenv("CLERK_TEST_ZONEINFO").map { String(cString: $0) } ?? "/usr/share/zoneinfo")

    let directory: String
    /// The zones read so far, by name (nil: no such zone).
    private let zones = Mutex<[String: Zone?]>([:])

    init(directory: String) {
        self.directory = directory
    }

    func zone(named name: String) -> Zone? {
        if let offset = Zone.gmtOffset(name) { return Zone(secondsFromGMT: offset) }
        guard Self.isZoneName(name) else { return nil }
        return zones.withLock { zones in
            if let known = zones[name] { return known }
            let zone: Zone?
            switch load(name) {
            case .rules(let info): zone = Zone(identifier: name, source: .tzdata(info))
            case .missing, .unreadable: zone = nil
            }
            zones[name] = zone
            return zone
        }
    }

    /// True when `name` is a zone name (`isZoneName`: no path tricks) with a regular file
    /// in the database, a zone or a link to one.
    func hasFile(named name: String) -> Bool {
        guard Self.isZoneName(name) else { return false }
        var info = stat()
        return stat(directory + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// True when the directory is there to read zones from.
    var exists: Bool {
        var info = stat()
        return stat(directory, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    enum Lookup {
        case rules(ZoneInfo)
        case missing
        case unreadable
    }

    /// The zone's file, parsed; missing when the directory exists and the file does not.
    func load(_ name: String) -> Lookup {
        // A TZif file is a few KiB; a directory ("Europe") or a device is not a zone.
        switch SmallFile.read(directory + "/" + name, limit: 1 << 20) {
        case .contents(let bytes):
            return ZoneInfo.parse(bytes).map { .rules($0) } ?? .unreadable
        case .failed(let error):
            return exists && (error == ENOENT || error == ENOTDIR) ? .missing : .unreadable
        case .notRegular:
            return .missing
        case .tooLarge:
            return .unreadable
        }
    }

    /// True for names of the IANA shape ("America/Argentina/Buenos_Aires", "Etc/GMT+5").
    static func isZoneName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= 255, name != "localtime", name != "posixrules" else { return false }
        let components = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard components[0].elementsEqual("posix".utf8) == false, components[0].elementsEqual("right".utf8) == false else { return false }
        return components.allSatisfy { part in
            guard let first = part.first, first != UInt8(ascii: "-"), first != UInt8(ascii: ".") else { return false }
            return part.allSatisfy { c in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
                    || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
            }
        }
    }
}
