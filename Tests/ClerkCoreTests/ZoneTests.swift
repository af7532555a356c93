@testable import ClerkCore
import Foundation
import Testing

/// The system's tz database, which `Zone` reads and these tests compare with Foundation.
enum TZData {
    static let directory = "/usr/share/zoneinfo"

    /// Its zones (canonical names) and links, from tzdata.zi.
    static let names: (zones: [String], links: [String]) = {
        guard let text = try? String(contentsOfFile: directory + "/tzdata.zi", encoding: .utf8) else { return ([], []) }
        var zones: [String] = [], links: [String] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.first == "Z", fields.count > 1 { zones.append(String(fields[1])) }
            if fields.first == "L", fields.count > 2 { links.append(String(fields[2])) }
        }
        return (zones, links)
    }()

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try #require(FileManager.default.contents(atPath: directory + "/" + name)))
    }

    static func info(_ name: String) throws -> ZoneInfo {
        try #require(ZoneInfo.parse(bytes(name)))
    }

    /// The zones named in the brief of this work: DST of 30 minutes, negative DST, offsets of
    /// 45 minutes, the date line, fixed offsets.
    static let sample = ["Europe/Madrid", "America/Sao_Paulo", "Asia/Tehran", "Australia/Lord_Howe", "Pacific/Chatham",
                         "Africa/Casablanca", "Europe/Dublin", "America/St_Johns", "Pacific/Kiritimati", "Asia/Kolkata",
                         "UTC", "Etc/GMT+5", "America/Nuuk", "Asia/Jerusalem", "America/Santiago", "Pacific/Apia"]
}

/// RFC 5545's reading of a wall clock as `TimeZone.utcSeconds(ofWallClock:)` did it on
/// Foundation's offsets before `Zone` (the reference the new code must equal).
func foundationUTCSeconds(_ zone: TimeZone, wall: Int) -> Int {
    func offset(_ t: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))) }
    let before = offset(wall - 86_400), after = offset(wall + 86_400)
    if before == after { return wall - before }
    for candidate in [max(before, after), min(before, after)] where offset(wall - candidate) == candidate {
        return wall - candidate
    }
    return wall - before
}

@Suite struct ZoneFidelityTests {
    /// Foundation lists transitions from 1901-01-01 to 2101-01-01.
    static let first = -2_177_452_800, last = 4_133_980_800
    /// From 1970 on every zone agrees with Foundation's copy of the tz database (ICU's), but
    /// for WET and EET until 1997 (`followsTheSystemWhereICUsCopyDiffers`).
    static let since1970 = 0, since1997 = 852_076_800

    @Test func everyZoneHasFoundationsOffsetsFrom1970To2100() throws {
        #expect(TZData.names.zones.count > 300)
        var disagreements: [String] = []
        for name in TZData.names.zones + ["UTC", "GMT", "Etc/GMT+5", "Etc/GMT-14", "EST5EDT"] {
            let zone = try #require(Zone(identifier: name), "\(name)")
            let foundation = try #require(TimeZone(identifier: name), "\(name)")
            let from = name == "WET" || name == "EET" ? Self.since1997 : Self.since1970
            var instants: [Int] = []
            // Every transition Foundation knows, and each side of it.
            var at = Date(timeIntervalSince1970: TimeInterval(from))
            while let next = foundation.nextDaylightSavingTimeTransition(after: at), next.timeIntervalSince1970 < Double(Self.last) {
                let t = Int(next.timeIntervalSince1970)
                instants += [t - 1, t, t + 1]
                at = next
            }
            // Every transition of the file, and instants between, 29 days and 7 hours apart.
            if case .tzdata(let info) = zone.source {
                for t in info.transitions where t > from && t < Self.last { instants += [t - 1, t, t + 1] }
            }
            instants += stride(from: from, to: Self.last, by: 29 * 86_400 + 7 * 3600 + 13 * 60)
            for t in instants {
                let ours = zone.offset(atUTCSeconds: t)
                let theirs = foundation.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t)))
                if ours != theirs { disagreements.append("\(name) at \(t): \(ours) vs \(theirs)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(30))")
    }

    @Test func linksAreTheirZones() throws {
        #expect(TZData.names.links.count > 100)
        for name in TZData.names.links {
            let zone = try #require(Zone(identifier: name), "\(name)")
            let foundation = TimeZone(identifier: name)
            #expect(zone.identifier == foundation?.identifier, "\(name)")
            for t in stride(from: Self.first, to: Self.last, by: 97 * 86_400 + 5 * 3600) {
                #expect(zone.offset(atUTCSeconds: t) == foundation?.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))), "\(name) at \(t)")
            }
        }
    }

    /// Around every change of the sample zones (gaps and overlaps), each quarter hour of the
    /// wall clock is read to the instant the Foundation-based rule gave, and to the one
    /// Foundation's `Calendar` gives, which `ClockText.instant` used before.
    @Test(arguments: TZData.sample)
    func readsWallClocksAsBefore(name: String) throws {
        let zone = try #require(Zone(identifier: name))
        let foundation = try #require(TimeZone(identifier: name))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = foundation
        var at = Date(timeIntervalSince1970: TimeInterval(Self.first + 86_400 * 400))
        while let next = foundation.nextDaylightSavingTimeTransition(after: at), next.timeIntervalSince1970 < Double(Self.last - 86_400) {
            let t = Int(next.timeIntervalSince1970)
            let low = t + min(zone.offset(atUTCSeconds: t - 1), zone.offset(atUTCSeconds: t)) - 7200
            let high = t + max(zone.offset(atUTCSeconds: t - 1), zone.offset(atUTCSeconds: t)) + 7200
            for wall in stride(from: low - low % 900, through: high, by: 900) {
                let expected = foundationUTCSeconds(foundation, wall: wall)
                #expect(zone.utcSeconds(ofWallClock: wall) == expected, "\(name) wall \(wall)")
                let day = LocalDate(dayNumber: CivilCalendar.floorDivide(wall, 86_400))
                let seconds = wall - day.dayNumber * 86_400
                let parts = DateComponents(year: day.year, month: day.month, day: day.day, hour: seconds / 3600, minute: seconds / 60 % 60)
                #expect(calendar.date(from: parts).map { Int($0.timeIntervalSince1970) } == expected, "\(name) Calendar wall \(wall)")
            }
            at = next
        }
    }

    /// The first instant of each day a change falls on is Foundation's `startOfDay`.
    @Test(arguments: TZData.sample)
    func startsDaysAsFoundationDoes(name: String) throws {
        let zone = try #require(Zone(identifier: name))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: name))
        var at = Date(timeIntervalSince1970: TimeInterval(Self.first + 86_400 * 400))
        while let next = calendar.timeZone.nextDaylightSavingTimeTransition(after: at), next.timeIntervalSince1970 < Double(Self.last - 86_400) {
            for instant in [next - 1, next] {
                let day = LocalDate(instant, in: zone)
                #expect(day.startOfDay(in: zone) == calendar.startOfDay(for: instant), "\(name) \(day)")
            }
            at = next
        }
    }

    /// Before 1901 a zone keeps its local mean time (Madrid's −0:14:44), after 2100 its rule
    /// (summer time in July 2150); Foundation says the same.
    @Test func agreesBefore1901AndAfter2100() throws {
        let madrid = try #require(Zone(identifier: "Europe/Madrid"))
        let foundation = try #require(TimeZone(identifier: "Europe/Madrid"))
        let june1850 = -3_773_779_200, july2150 = 5_695_920_000
        #expect(madrid.offset(atUTCSeconds: june1850) == -884)
        #expect(foundation.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(june1850))) == -884)
        #expect(madrid.offset(atUTCSeconds: july2150) == 7200)
        #expect(foundation.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(july2150))) == 7200)
    }

    /// Where the system's files and ICU's copy of the database part, `Zone` follows the
    /// system (as glibc, libical and date(1) on it do). Debian builds tzdata with the
    /// "backzone" history, so about 100 zones differ before 1970 — Africa/Accra keeps its own
    /// +00:20 summers, which ICU's copy takes from Africa/Abidjan — and keeps WET and EET as
    /// zones with EU rules, where ICU follows tz 2024b's links to Europe/Lisbon (CET in
    /// 1992–1996) and Europe/Athens.
    @Test func followsTheSystemWhereICUsCopyDiffers() throws {
        let accraSummer1919 = -1_581_206_400, wetJanuary1996 = 822_469_500
        #expect(Zone(identifier: "Africa/Accra")?.offset(atUTCSeconds: accraSummer1919) == 1200)
        #expect(TimeZone(identifier: "Africa/Accra")?.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(accraSummer1919))) == 0)
        #expect(Zone(identifier: "WET")?.offset(atUTCSeconds: wetJanuary1996) == 0)
        #expect(TimeZone(identifier: "WET")?.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wetJanuary1996))) == 3600)
    }
}

@Suite struct TZifTests {
    @Test func readsMadrid() throws {
        let info = try TZData.info("Europe/Madrid")
        #expect(info.initialOffset == -884)
        #expect(info.rule == PosixRule(Array("CET-1CEST,M3.5.0,M10.5.0/3".utf8)))
        // 2026-03-29T01:00Z and 2026-10-25T01:00Z.
        #expect(info.offset(at: 1_774_745_999) == 3600)
        #expect(info.offset(at: 1_774_746_000) == 7200)
        #expect(info.offset(at: 1_792_890_000) == 3600)
    }

    /// The rule of each footer gives the last transitions the file lists explicitly, for every
    /// zone of the database that still changes its clocks — but Gaza and Hebron, whose listed
    /// transitions until 2086 follow the summer time suspended for Ramadan, which no POSIX
    /// rule can say; their footers agree with their last transition.
    @Test func footersAgreeWithTheTransitionsTheyFollow() throws {
        var checked = 0
        for name in TZData.names.zones {
            let info = try TZData.info(name)
            guard let rule = info.rule, let last = info.transitions.last else { continue }
            #expect(rule.offset(at: last) == info.offsets.last, "\(name)")
            guard rule.daylight != nil, info.transitions.count > 10, name != "Asia/Gaza", name != "Asia/Hebron" else { continue }
            for i in (info.transitions.count - 10)..<info.transitions.count {
                let t = info.transitions[i]
                #expect(rule.offset(at: t) == info.offsets[i], "\(name) at \(t)")
                #expect(rule.offset(at: t - 1) == info.offsets[i - 1], "\(name) before \(t)")
            }
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test func readsVersion1Files() throws {
        // Madrid's file cut to its header and 32-bit block, marked version 1.
        var bytes = try TZData.bytes("Europe/Madrid")
        let counts = (0..<6).map { i in bytes[20 + 4 * i..<24 + 4 * i].reduce(0) { $0 << 8 | Int($1) } }
        let length = 44 + counts[3] * 5 + counts[4] * 6 + counts[5] + counts[2] * 8 + counts[1] + counts[0]
        bytes = Array(bytes[..<length])
        bytes[4] = 0
        let v1 = try #require(ZoneInfo.parse(bytes))
        let v2 = try TZData.info("Europe/Madrid")
        #expect(v1.rule == nil)
        for t in stride(from: -2_000_000_000, to: 2_100_000_000, by: 86_400 * 13) {
            #expect(v1.offset(at: t) == v2.offset(at: t), "at \(t)")
        }
    }

    @Test func refusesEveryTruncation() throws {
        let bytes = try TZData.bytes("America/Sao_Paulo")
        #expect(ZoneInfo.parse(bytes) != nil)
        for count in 0..<bytes.count {
            #expect(ZoneInfo.parse(Array(bytes[..<count])) == nil, "\(count) bytes")
        }
    }

    @Test func refusesBadCountsIndexesAndOffsets() throws {
        let good = try TZData.bytes("Europe/Madrid")
        func with(_ change: (inout [UInt8]) -> Void) -> [UInt8] {
            var bytes = good
            change(&bytes)
            return bytes
        }
        let timeCount = 20 + 4 * 3
        // A count far beyond the file, and one that overflows 32 bits signed.
        #expect(ZoneInfo.parse(with { $0[timeCount] = 0x7f }) == nil)
        #expect(ZoneInfo.parse(with { $0[timeCount] = 0xff }) == nil)
        // No time types.
        #expect(ZoneInfo.parse(with { $0.replaceSubrange(36..<40, with: [0, 0, 0, 0]) }) == nil)
        // Leap seconds ("right/" files).
        #expect(ZoneInfo.parse(try TZData.bytes("right/Europe/Madrid")) == nil)
        // Not TZif at all.
        #expect(ZoneInfo.parse(Array("# tzdb data\n".utf8)) == nil)
        #expect(ZoneInfo.parse(with { $0[4] = UInt8(ascii: "9") }) == nil)
        // The 64-bit block: a transition out of order, a time type that does not exist,
        // an offset of −2^31, a footer that is not a rule.
        let h = (0..<6).map { i in good[20 + 4 * i..<24 + 4 * i].reduce(0) { $0 << 8 | Int($1) } }
        let second = 44 + h[3] * 5 + h[4] * 6 + h[5] + h[2] * 8 + h[1] + h[0]
        let times = second + 44
        let t2 = (0..<6).map { i in good[second + 20 + 4 * i..<second + 24 + 4 * i].reduce(0) { $0 << 8 | Int($1) } }
        let indexes = times + t2[3] * 8, types = indexes + t2[3]
        #expect(ZoneInfo.parse(with { $0.replaceSubrange(times + 8..<times + 16, with: [UInt8](repeating: 0x80, count: 1) + [UInt8](repeating: 0, count: 7)) }) == nil)
        #expect(ZoneInfo.parse(with { $0[indexes + 5] = UInt8(t2[4]) }) == nil)
        #expect(ZoneInfo.parse(with { $0.replaceSubrange(types..<types + 4, with: [0x80, 0, 0, 0]) }) == nil)
        #expect(ZoneInfo.parse(with { $0[$0.count - 3] = UInt8(ascii: "%") }) == nil)
    }

    /// Seeded random damage to real files: each is read or refused, never a trap.
    @Test func survivesDamage() throws {
        var random = SeededRandom(seed: 13)
        var refused = 0
        for name in ["Europe/Madrid", "Australia/Lord_Howe", "Africa/Casablanca", "UTC"] {
            let good = try TZData.bytes(name)
            for _ in 0..<500 {
                var bytes = good
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                if ZoneInfo.parse(bytes) == nil { refused += 1 }
            }
        }
        #expect(refused > 0)
    }
}

@Suite struct PosixRuleTests {
    static func rule(_ text: String) throws -> PosixRule { try #require(PosixRule(Array(text.utf8)), "\(text)") }

    /// 2030's changes of America/Nuuk's footer, which starts and ends summer time at −1:00
    /// and 0:00 (version 3's hours outside 0–24): 2030-03-31T01:00Z and 2030-10-27T01:00Z.
    @Test func readsNegativeHours() throws {
        let nuuk = try Self.rule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
        #expect(nuuk.offset(at: 1_901_149_199) == -7200)
        #expect(nuuk.offset(at: 1_901_149_200) == -3600)
        #expect(nuuk.offset(at: 1_919_293_199) == -3600)
        #expect(nuuk.offset(at: 1_919_293_200) == -7200)
    }

    /// Jerusalem's start, the Friday before the last Sunday of March at 02:00, is written as
    /// the fourth Thursday at 26:00: 2040-03-23T00:00Z.
    @Test func readsHoursPast24() throws {
        let jerusalem = try Self.rule("IST-2IDT,M3.4.4/26,M10.5.0")
        #expect(jerusalem.offset(at: 2_216_073_599) == 7200)
        #expect(jerusalem.offset(at: 2_216_073_600) == 10800)
    }

    @Test func readsJulianDays() throws {
        // 2024 is a leap year: J60 is 1 March (29 February is never counted), 59 is 29 February.
        let feb29 = 1_709_208_000, mar1 = 1_709_294_400 // noon UTC
        let julian = try Self.rule("AAA0BBB,J60/0,J300/0")
        #expect(julian.offset(at: feb29) == 0)
        #expect(julian.offset(at: mar1) == 3600)
        let zeroBased = try Self.rule("AAA0BBB,59/0,300/0")
        #expect(zeroBased.offset(at: feb29) == 3600)
        #expect(zeroBased.offset(at: feb29 - 86_400) == 0)
    }

    @Test func readsDaylightTimeAllYear() throws {
        let always = try Self.rule("EST5EDT,0/0,J365/25")
        for t in stride(from: 0, to: 4_000_000_000, by: 86_400 * 7 + 3600) {
            #expect(always.offset(at: t) == -4 * 3600, "at \(t)")
        }
    }

    @Test func readsOffsetsWithMinutesAndNoDaylightTime() throws {
        #expect(try Self.rule("<+0330>-3:30").offset(at: 0) == 12_600)
        #expect(try Self.rule("<-0930>9:30").offset(at: 0) == -34_200)
        let chatham = try Self.rule("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45")
        #expect(chatham.standard == 45_900)
        #expect(chatham.daylight?.offset == 49_500)
    }

    @Test(arguments: ["", "CET", "CE-1", "CET-1CEST", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
                      "CET-1CEST,M3.5.7,M10.5.0", "CET-25", "CET-1CEST,M3.5.0/168,M10.5.0", "<AB>1", "<ABC1", "CET-1CEST,J0,J365",
                      "CET-1CEST,366,1", "CET-1:60", "CET-1 ", "CET-1CEST,M3.5.0,M10.5.0/3x"])
    func refusesWhatIsNotARule(text: String) {
        #expect(PosixRule(Array(text.utf8)) == nil)
    }
}

@Suite struct ZoneNameTests {
    @Test(arguments: ["../etc/passwd", "/etc/passwd", "Europe/../Europe/Madrid", "Europe/./Madrid", "Europe//Madrid", "Europe/Madrid/",
                      "", "posix/Europe/Madrid", "right/Europe/Madrid", "localtime", "posixrules",
                      "-Europe/Madrid", "Europe/Madrid ", "Europe/Mádrid", ".hidden", "Mars/Olympus", "europe/madrid", "Europe"])
    func refusesWhatIsNotAZone(name: String) {
        #expect(Zone(identifier: name) == nil)
        #expect(TimeZone(identifier: name) == nil)
    }

    /// `--tz` took only names with a "/" (and "UTC"), so EST5EDT, CST6CDT, EST, GMT0,
    /// NZ-CHAT, W-SU and Zulu were refused while TZ=EST5EDT worked. Any name with a file in
    /// the database is a zone now; paths, Debian's copies and Foundation's "GMT+1" are not.
    @Test(arguments: ["EST5EDT", "CST6CDT", "EST", "GMT0", "GMT", "GMT+0", "NZ-CHAT", "W-SU", "Zulu", "UCT", "Etc/GMT+5", "Europe/Madrid", "UTC"])
    func optionsTakeEveryZoneWithAFile(name: String) {
        #expect(ClockText.timeZone(name) != nil)
    }

    @Test(arguments: ["../zoneinfo/Europe/Madrid", "/usr/share/zoneinfo/Europe/Madrid", "posix/EST5EDT", "right/Zulu", "localtime", "posixrules",
                      "zone.tab", "tzdata.zi", "Europe", "GMT+1", "UTC+2", "est5edt", "Europe/Nowhere"])
    func optionsRefuseWhatIsNoZoneFile(name: String) {
        #expect(ClockText.timeZone(name) == nil)
    }

    /// A NUL ends the name for ICU, which then knows "Europe/Madrid"; clerk refuses it.
    @Test func refusesANameWithNUL() {
        #expect(Zone(identifier: "Europe/Madrid\u{0}") == nil)
        #expect(Zone(identifier: "Europe/Madrid\u{0}/../../etc/passwd") == nil)
    }

    /// Foundation's names for offsets: "UTC" is "GMT", "GMT+1" is "GMT+0100".
    @Test func namesOffsetsAsFoundationDoes() {
        var names: [String] = []
        for prefix in ["GMT", "UTC", "XYZ"] {
            for sign in ["", "+", "-"] {
                for hours in ["", "0", "5", "05", "12", "18", "19", "99", "123"] {
                    // (ICU also reads ":60" as the next hour: "GMT+05:60" is "GMT+0600"; not an offset here.)
                    for minutes in ["", "30", ":30", ".30", ":3", "00", "45", ":00"] {
                        names.append(prefix + sign + hours + minutes)
                    }
                }
            }
        }
        for name in names {
            let ours = Zone(identifier: name), theirs = TimeZone(identifier: name)
            #expect(ours?.identifier == theirs?.identifier, "\(name)")
            #expect(ours?.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == theirs?.secondsFromGMT(for: Date(timeIntervalSince1970: 0)), "\(name)")
        }
        for seconds in [0, 45, 3600, -18_000, 19_800, 18 * 3600, -18 * 3600, 18 * 3600 + 1, 14 * 3600 + 29] {
            #expect(Zone(secondsFromGMT: seconds)?.identifier == TimeZone(secondsFromGMT: seconds)?.identifier, "\(seconds)")
        }
    }

    @Test func remembersEachZoneOnce() throws {
        let a = try #require(Zone(identifier: "Asia/Tehran")), b = try #require(Zone(identifier: "Asia/Tehran"))
        #expect(a == b)
        guard case .tzdata(let x) = a.source, case .tzdata(let y) = b.source else {
            Issue.record("Asia/Tehran is not read from the tz database")
            return
        }
        #expect(x == y)
    }
}

/// Without the tz database only fixed offsets are zones: clerk does not load ICU for its copy.
@Suite struct ZoneWithoutTheDatabaseTests {
    @Test func knowsOnlyOffsetsWhenTheDatabaseIsMissing() throws {
        let database = ZoneDatabase(directory: "/nonexistent-zoneinfo")
        #expect(!database.exists)
        #expect(database.zone(named: "Europe/Madrid") == nil)
        #expect(database.zone(named: "Mars/Olympus") == nil)
        #expect(database.zone(named: "UTC") == Zone.gmt)
        #expect(database.zone(named: "GMT+0100")?.offset(atUTCSeconds: 0) == 3600)
    }

    @Test func refusesMissingAndUnreadableFiles() throws {
        let folder = NSTemporaryDirectory() + "clerk-zoneinfo-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/Europe", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(TZData.bytes("Asia/Tokyo")).write(to: URL(fileURLWithPath: folder + "/Europe/Tokyo"))
        try Data("not a zone".utf8).write(to: URL(fileURLWithPath: folder + "/Europe/Madrid"))
        let database = ZoneDatabase(directory: folder)
        #expect(database.exists)
        // A file that parses is a zone, whatever its name.
        #expect(database.zone(named: "Europe/Tokyo")?.offset(atUTCSeconds: 0) == 9 * 3600)
        // No file: no zone, though the name is a real one.
        #expect(database.zone(named: "Europe/Paris") == nil)
        // A directory is not a zone.
        #expect(database.zone(named: "Europe") == nil)
        // A file that does not parse is no zone either.
        #expect(database.zone(named: "Europe/Madrid") == nil)
    }

    @Test func listsTheZonesOfTheDatabase() {
        let names = Zone.knownIdentifiers
        #expect(names.contains("Europe/Madrid") && names.contains("America/Argentina/Buenos_Aires") && names.contains("Etc/GMT+5"))
        #expect(names == names.sorted() && Set(names).count == names.count)
        #expect(names.count > 400)
    }
}
