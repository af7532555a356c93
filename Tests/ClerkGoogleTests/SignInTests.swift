@testable import ClerkGoogle
import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
import Testing

/// The loopback sign-in end to end, against the emulator: the test plays the browser.
@Suite struct SignInTests {
    @Test func signsInNamesTheAccountAndFillsTheMirror() throws {
        let harness = try GoogleHarness()
        harness.side("POST", "/calendar/v3/calendars/primary/events", ["id": "lunch0001", "summary": "Lunch",
            "start": ["dateTime": "2026-03-05T13:00:00+01:00"], "end": ["dateTime": "2026-03-05T14:00:00+01:00"]])
        let status = try GoogleAccount.signIn(harness.setup, show: GoogleHarness.browse)
        #expect(status.account == "emulator@example.com")
        #expect(status.backend == "google")
        #expect(status.waiting == 0)
        let account = try #require(try GoogleAccount(setup: harness.setup))
        #expect(try account.backend.store.event(id: "lunch0001")?.title == "Lunch")
        // The token file is the owner's alone.
        let attributes = try FileManager.default.attributesOfItem(atPath: harness.setup.tokenPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func aStateThatIsNotOursIsRefused() {
        #expect(RedirectCatcher.sameInConstantTime("abc", "abc"))
        #expect(!RedirectCatcher.sameInConstantTime("abd", "abc"))
        #expect(!RedirectCatcher.sameInConstantTime("ab", "abc"))
        #expect(!RedirectCatcher.sameInConstantTime("", ""))
    }

    @Test func aDeclinedConsentSaysSoAndKeepsNothing() throws {
        let harness = try GoogleHarness()
        harness.side("POST", "/_emulator/consent", ["deny": true])
        #expect(throws: ServiceError.signInNeeded(.declined)) { try GoogleAccount.signIn(harness.setup, show: GoogleHarness.browse) }
        #expect(!FileManager.default.fileExists(atPath: harness.setup.tokenPath))
    }

    @Test func aMissingPermissionIsNamed() throws {
        let harness = try GoogleHarness()
        harness.side("POST", "/_emulator/scopes", ["scopes": .array(GoogleScopes.all.filter { $0 != GoogleScopes.driveFile }.map(JSONValue.string))])
        #expect(throws: ServiceError.insufficientScope(missing: [GoogleScopes.driveFile])) {
            try GoogleAccount.signIn(harness.setup, show: GoogleHarness.browse)
        }
    }

    @Test func logOutRevokesAndLeavesNothingBehind() throws {
        let harness = try GoogleHarness()
        let account = try harness.signIn()
        let refresh = account.transport.tokens.refreshToken
        try account.logOut()
        #expect(!FileManager.default.fileExists(atPath: harness.setup.tokenPath))
        #expect(!FileManager.default.fileExists(atPath: harness.setup.mirrorPath(for: "emulator@example.com")))
        #expect(try GoogleAccount(setup: harness.setup) == nil)
        #expect(harness.emulator.oauth.grants[refresh] == nil)
    }
}
