import ChildProcess
import Foundation
import Testing

/// clerk opens libical, libmicrohttpd and libcurl only when a command needs them
/// (Sources/CLibraryLoader). A command that needs one loads it; when it cannot be loaded
/// (CLERK_TEST_UNLOADABLE makes the loader fail as if it were not installed) the command
/// says which library and which package, on one line, and exits 1.
@Suite struct LazyLibraryTests {
    static let clock = ["--tz", "Europe/Madrid", "--now", "2026-03-01T10:00"]

    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VEVENT\r
        UID:standup@example\r
        DTSTART;TZID=Europe/Madrid:20260302T090000\r
        DTEND;TZID=Europe/Madrid:20260302T091500\r
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=6\r
        SUMMARY:Standup\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test func anImportLoadsLibicalAndSaysSoWhenItIsMissing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.path + "/standup.ics"
        _ = FileManager.default.createFile(atPath: file, contents: Data(Self.calendar.utf8))
        let arguments = Self.clock + ["--data-dir", folder.path + "/data", "import", file]

        let missing = try ClerkBinary.run(arguments, environment: ["CLERK_TEST_UNLOADABLE": "libz.so.1,libical.so.3"])
        #expect(missing.stderr == "clerk: clerk needs libical for repeating events and .ics files, and it can't be loaded: install libical3. Nothing changed.\n")
        #expect(missing.status == 1)
        #expect(missing.stdout == "")

        let imported = try ClerkBinary.run(arguments)
        #expect(imported.status == 0)
        #expect(imported.stdout.hasPrefix("Imported 1 event"))
        let agenda = try ClerkBinary.run(Self.clock + ["--data-dir", folder.path + "/data", "what's on monday"])
        #expect(agenda.stdout == "Monday 2 Mar\n  09:00–09:15  Standup\n")
    }

    @Test func aSignInWithoutLibmicrohttpdSaysWhatToInstall() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try ClerkBinary.run(["--data-dir", folder.path + "/data", "--google-endpoint", "http://127.0.0.1:9", "login"],
                                         environment: ["BROWSER": "none", "CLERK_GOOGLE_CLIENT_ID": "lazy.apps.googleusercontent.com",
                                                       "CLERK_GOOGLE_CLIENT_SECRET": "lazy-secret",
                                                       "CLERK_TEST_UNLOADABLE": "libmicrohttpd.so.12"],
                                         timeout: 30)
        #expect(result.stderr == "clerk: clerk needs libmicrohttpd for the Google sign-in, and it can't be loaded: install libmicrohttpd12. Nothing changed.\n")
        #expect(result.status == 1)
    }
}
