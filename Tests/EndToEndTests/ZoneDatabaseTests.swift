import Foundation
import Testing

/// clerk reads UTC offsets from the tz database's files (/usr/share/zoneinfo, Debian's
/// tzdata). Without them (`CLERK_TEST_ZONEINFO` names a folder that does not exist) a named
/// zone is refused with what to install, and fixed offsets still work.
@Suite struct ZoneDatabaseTests {
    @Test func readsTheDatabase() throws {
        // 02:30 does not exist that morning in Madrid: it is read as 03:30 summer time.
        let normal = try ClerkBinary.run(["parse", "--now", "2026-03-28T10:00", "--tz", "Europe/Madrid", "tomorrow at 2:30am"])
        #expect(normal.status == 0)
        #expect(normal.stdout.contains("Sun 29 Mar 2026, 03:30–04:30 Europe/Madrid"))
    }

    @Test func saysWhatToInstallWithoutTheDatabase() throws {
        let without = ["CLERK_TEST_ZONEINFO": "/nonexistent-zoneinfo"]
        let named = try ClerkBinary.run(["parse", "--now", "2026-03-28T10:00", "--tz", "Europe/Madrid", "tomorrow at 2:30am"], environment: without)
        #expect(named.status == 2)
        #expect(named.stdout == "")
        #expect(named.stderr == "clerk: --tz: no time zone data to read 'Europe/Madrid' from (/usr/share/zoneinfo). Install the tzdata package, or give an offset like +01:00.\n")
        let offset = try ClerkBinary.run(["parse", "--now", "2026-03-28T10:00", "--tz", "+01:00", "tomorrow at 2:30am"], environment: without)
        #expect(offset.status == 0)
        #expect(offset.stdout.contains("Sun 29 Mar 2026, 02:30–03:30 UTC+01:00"), "\(offset.stdout)")
    }

    @Test func refusesAZoneWithNoFile() throws {
        let result = try ClerkBinary.run(["parse", "--tz", "Europe/Atlantis", "today"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got 'Europe/Atlantis'"))
    }

    /// A zone whose name has no "/" was refused by `--tz` (exit 2) though TZ took it.
    @Test func takesZonesNamedWithoutASlash() throws {
        let result = try ClerkBinary.run(["parse", "--now", "2026-07-01T09:00", "--tz", "EST5EDT", "today at noon"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Wed 1 Jul 2026, 12:00–13:00 EST5EDT"), "\(result.stdout)")
    }

    /// Without `--tz` the zone is the system's: `TZ` when it names one, else /etc/localtime.
    @Test func takesTheZoneFromTZ() throws {
        let arguments = ["parse", "--now", "2026-07-01T09:00", "today at noon"]
        let saoPaulo = try ClerkBinary.run(arguments, environment: ["TZ": "America/Sao_Paulo"])
        #expect(saoPaulo.stdout.contains("Wed 1 Jul 2026, 12:00–13:00 America/Sao_Paulo"), "\(saoPaulo.stdout)")
        let utc = try ClerkBinary.run(arguments, environment: ["TZ": "UTC"])
        #expect(utc.stdout.contains("Wed 1 Jul 2026, 12:00–13:00 UTC"), "\(utc.stdout)")
    }

    /// A `TZ` in POSIX's form counts its offset west of UTC, as libc and `date` read it:
    /// "UTC+5" was read as five hours ahead (Foundation's "GMT+5"), and "EST5" and
    /// "<+05>-5", no file's names, as the zone of /etc/localtime.
    static let posixZones: [(tz: String, shown: String)] = [
        ("UTC+5", "UTC-05:00"), ("GMT-3", "UTC+03:00"), ("EST5", "UTC-05:00"), ("<+05>-5", "UTC+05:00"),
        ("<-0330>3:30", "UTC-03:30"), ("GMT+0", "UTC"), ("EST5EDT", "EST5EDT"), (":Europe/Madrid", "Europe/Madrid"),
        // A path into the tz database (libc's form) was read as no zone: UTC.
        (":/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo"), ("/usr/share/zoneinfo/America/New_York", "America/New_York"),
    ]

    @Test(arguments: posixZones)
    func readsATZInPOSIXForm(tz: String, shown: String) throws {
        let result = try ClerkBinary.run(["parse", "--now", "2026-07-01T09:00", "today at noon"], environment: ["TZ": tz])
        #expect(result.stdout.hasPrefix("today at noon → Wed 1 Jul 2026, 12:00–13:00 \(shown) ·"), "\(result.stdout)")
    }
}
