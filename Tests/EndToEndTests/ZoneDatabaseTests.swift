import Foundation
import Testing

/// clerk reads UTC offsets from the tz database's files (/usr/share/zoneinfo); without them
/// (`CLERK_TEST_ZONEINFO` names a folder that does not exist) Foundation's `TimeZone`
/// answers, and the answers are the same.
@Suite struct ZoneDatabaseTests {
    @Test func answersTheSameWithoutTheDatabase() throws {
        // 02:30 does not exist that morning in Madrid: it is read as 03:30 summer time.
        let arguments = ["parse", "--now", "2026-03-28T10:00", "--tz", "Europe/Madrid", "tomorrow at 2:30am"]
        let normal = try ClerkBinary.run(arguments)
        let without = try ClerkBinary.run(arguments, environment: ["CLERK_TEST_ZONEINFO": "/nonexistent-zoneinfo"])
        #expect(normal.status == 0)
        #expect(normal.stdout.contains("Sun 29 Mar 2026, 03:30–04:30 Europe/Madrid"))
        #expect(without == normal)
    }

    @Test func refusesAZoneWithNoFile() throws {
        let result = try ClerkBinary.run(["parse", "--tz", "Europe/Atlantis", "today"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--tz: expected an IANA name like Europe/Madrid or an offset like +01:00, got 'Europe/Atlantis'"))
    }

    /// Without `--tz` the zone is the system's: `TZ` when it names one, else /etc/localtime.
    @Test func takesTheZoneFromTZ() throws {
        let arguments = ["parse", "--now", "2026-07-01T09:00", "today at noon"]
        let saoPaulo = try ClerkBinary.run(arguments, environment: ["TZ": "America/Sao_Paulo"])
        #expect(saoPaulo.stdout.contains("Wed 1 Jul 2026, 12:00–13:00 America/Sao_Paulo"), "\(saoPaulo.stdout)")
        let utc = try ClerkBinary.run(arguments, environment: ["TZ": "UTC"])
        #expect(utc.stdout.contains("Wed 1 Jul 2026, 12:00–13:00 UTC"), "\(utc.stdout)")
    }
}
