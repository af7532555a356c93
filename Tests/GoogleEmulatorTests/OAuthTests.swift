import CCurl
import ClerkCore
import Foundation
@testable import GoogleEmulator
@testable import LoopbackHTTP
import Testing

/// The sign-in endpoints over real HTTP: the consent redirect, PKCE, single-use codes,
/// refresh and revoke.
@Suite struct OAuthTests {
    static let verifier = String(repeating: "abcdefghij-._~", count: 5)
    static let redirect = "http://127.0.0.1:4711/"

    /// The query of a redirect's `Location`.
    static func query(_ location: String?) -> [String: String] {
        let query = location?.split(separator: "?", maxSplits: 1).last.map(String.init) ?? ""
        return Dictionary(HTTPRequest.formFields(query), uniquingKeysWith: { a, _ in a })
    }

    static func authURL(scope: String = "https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/drive.file",
                        challenge: String = OAuthState.challenge(for: verifier)) -> String {
        "/o/oauth2/v2/auth?response_type=code&client_id=clerk-test&redirect_uri=\(Emulator.formEscaped(redirect))"
            + "&scope=\(Emulator.formEscaped(scope))&state=xyz123&code_challenge=\(challenge)&code_challenge_method=S256&access_type=offline"
    }

    static func exchange(_ harness: EmulatorHarness, code: String, verifier: String = verifier, redirect: String = redirect) -> TestResponse {
        let form = "grant_type=authorization_code&code=\(Emulator.formEscaped(code))&redirect_uri=\(Emulator.formEscaped(redirect))"
            + "&client_id=clerk-test&client_secret=shh&code_verifier=\(verifier)"
        return harness.send("POST", "/token", body: Array(form.utf8), headers: ["Content-Type: application/x-www-form-urlencoded"])
    }

    @Test func approvesAtOnceAndRedirectsToTheLoopbackWithCodeAndState() throws {
        let harness = try EmulatorHarness()
        let answer = harness.send("GET", Self.authURL())
        #expect(answer.status == 302)
        let query = Self.query(answer.header("Location"))
        #expect(answer.header("Location")?.hasPrefix(Self.redirect + "?code=4%2Femu-") == true)
        #expect(query["state"] == "xyz123")
        #expect(query["scope"] == "https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/drive.file")

        let tokens = Self.exchange(harness, code: try #require(query["code"]))
        #expect(tokens.status == 200)
        #expect(tokens.json["token_type"] == "Bearer")
        #expect(tokens.json["expires_in"] == 3599)
        #expect(tokens.json["access_token"]?.stringValue?.hasPrefix("ya29.") == true)
        #expect(tokens.json["refresh_token"]?.stringValue?.hasPrefix("1//") == true)

        // A code works once.
        let again = Self.exchange(harness, code: query["code"]!)
        #expect(again.status == 400)
        #expect(again.json["error"] == "invalid_grant")
    }

    @Test func refusesAWrongVerifierOrRedirect() throws {
        let harness = try EmulatorHarness()
        let first = Self.query(harness.send("GET", Self.authURL()).header("Location"))["code"]!
        #expect(Self.exchange(harness, code: first, verifier: String(repeating: "x", count: 64)).json["error"] == "invalid_grant")
        let second = Self.query(harness.send("GET", Self.authURL()).header("Location"))["code"]!
        #expect(Self.exchange(harness, code: second, redirect: "http://127.0.0.1:1/").json["error"] == "redirect_uri_mismatch")
        // A redirect that is not on loopback is refused at the consent page.
        let page = harness.send("GET", Self.authURL().replacingOccurrences(of: "127.0.0.1%3A4711", with: "example.com"))
        #expect(page.status == 400)
    }

    @Test func refreshesUntilRevoked() throws {
        let harness = try EmulatorHarness()
        let code = Self.query(harness.send("GET", Self.authURL()).header("Location"))["code"]!
        let refresh = Self.exchange(harness, code: code).json["refresh_token"]!.stringValue!
        let form = "grant_type=refresh_token&refresh_token=\(Emulator.formEscaped(refresh))&client_id=clerk-test&client_secret=shh"
        let renewed = harness.send("POST", "/token", body: Array(form.utf8), headers: ["Content-Type: application/x-www-form-urlencoded"])
        #expect(renewed.status == 200)
        #expect(renewed.json["refresh_token"] == nil)
        #expect(renewed.json["scope"] == "https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/drive.file")

        let revoked = harness.send("POST", "/revoke", body: Array("token=\(Emulator.formEscaped(refresh))".utf8),
                                   headers: ["Content-Type: application/x-www-form-urlencoded"])
        #expect(revoked.status == 200)
        let refused = harness.send("POST", "/token", body: Array(form.utf8), headers: ["Content-Type: application/x-www-form-urlencoded"])
        #expect(refused.status == 400)
        #expect(refused.json["error"] == "invalid_grant")
        #expect(harness.send("POST", "/revoke", body: Array("token=\(Emulator.formEscaped(refresh))".utf8)).json["error"] == "invalid_token")
    }

    @Test func narrowedScopesAndDeniedConsentAreWhatTheClientGets() throws {
        let harness = try EmulatorHarness()
        harness.send("POST", "/_emulator/scopes", json: ["scopes": ["https://www.googleapis.com/auth/drive.file"]])
        let narrowed = Self.query(harness.send("GET", Self.authURL()).header("Location"))
        #expect(narrowed["scope"] == "https://www.googleapis.com/auth/drive.file")
        harness.send("POST", "/_emulator/consent", json: ["deny": true])
        let denied = Self.query(harness.send("GET", Self.authURL()).header("Location"))
        #expect(denied["error"] == "access_denied")
        #expect(denied["code"] == nil)
        #expect(denied["state"] == "xyz123")
    }

    /// Incremental authorization: with include_granted_scopes=true a new sign-in keeps what
    /// the client was granted before (it got only the scopes it asked).
    @Test func includeGrantedScopesKeepsWhatWasGrantedBefore() throws {
        let harness = try EmulatorHarness()
        let first = Self.query(harness.send("GET", Self.authURL(scope: "https://www.googleapis.com/auth/calendar.events")).header("Location"))["code"]!
        #expect(Self.exchange(harness, code: first).status == 200)
        let more = Self.authURL(scope: "https://www.googleapis.com/auth/drive.file") + "&include_granted_scopes=true"
        let redirect = Self.query(harness.send("GET", more).header("Location"))
        #expect(redirect["scope"] == "https://www.googleapis.com/auth/drive.file https://www.googleapis.com/auth/calendar.events")
        let tokens = Self.exchange(harness, code: redirect["code"]!)
        #expect(tokens.json["scope"] == "https://www.googleapis.com/auth/drive.file https://www.googleapis.com/auth/calendar.events")
        let alone = Self.query(harness.send("GET", Self.authURL(scope: "https://www.googleapis.com/auth/drive.file")).header("Location"))
        #expect(alone["scope"] == "https://www.googleapis.com/auth/drive.file")
    }

    /// The device flow (/device/code, then /token with the device code), which command-line
    /// tools without a browser use; it was missing (404). Google allows it only a few scopes.
    @Test func theDeviceFlowGivesTokensForTheScopesGoogleAllowsIt() throws {
        let harness = try EmulatorHarness()
        func post(_ path: String, _ form: String) -> TestResponse {
            harness.send("POST", path, body: Array(form.utf8), headers: ["Content-Type: application/x-www-form-urlencoded"])
        }
        let calendar = post("/device/code", "client_id=tv&scope=" + Emulator.formEscaped("https://www.googleapis.com/auth/calendar"))
        #expect(calendar.status == 400)
        #expect(calendar.json["error"] == "invalid_scope")
        let asked = post("/device/code", "client_id=tv&scope=" + Emulator.formEscaped("openid https://www.googleapis.com/auth/drive.file"))
        #expect(asked.status == 200)
        #expect(asked.json["verification_url"] == "https://www.google.com/device")
        #expect(asked.json["interval"] == 5)
        #expect(asked.json["user_code"]?.stringValue?.count == 11)
        let device = try #require(asked.json["device_code"]?.stringValue)
        let grant = "grant_type=" + Emulator.formEscaped(Emulator.deviceGrantType) + "&device_code=" + Emulator.formEscaped(device)
        #expect(post("/token", grant + "&client_id=other&client_secret=x").json["error"] == "invalid_grant")
        let tokens = post("/token", grant + "&client_id=tv&client_secret=x")
        #expect(tokens.status == 200)
        #expect(tokens.json["scope"] == "openid https://www.googleapis.com/auth/drive.file")
        let access = try #require(tokens.json["access_token"]?.stringValue)
        #expect(tokens.json["refresh_token"]?.stringValue != nil)
        #expect(harness.send("GET", "/drive/v3/files", token: access).status == 200)
        #expect(post("/token", grant + "&client_id=tv&client_secret=x").json["error"] == "invalid_grant")
    }

    @Test func theRequestLogHidesSecrets() throws {
        let harness = try EmulatorHarness()
        let code = Self.query(harness.send("GET", Self.authURL()).header("Location"))["code"]!
        _ = Self.exchange(harness, code: code)
        harness.send("GET", "/oauth2/v3/tokeninfo?access_token=ya29.secret")
        let log = harness.send("GET", "/_emulator/requests").text
        #expect(!log.contains("ya29.secret"))
        #expect(!log.contains(code))
        #expect(log.contains("access_token=REDACTED"))
    }
}

@Suite struct WireTests {
    @Test(arguments: [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
                      ("\u{FB}\u{FF}", "w7vDvw")])
    func encodesBase64URLWithoutPadding(text: String, encoded: String) {
        #expect(Wire.base64URL(Array(text.utf8)) == encoded)
        #expect(Wire.base64URLDecoded(encoded) == Array(text.utf8))
    }
}

@Suite struct UserInfoTests {
    @Test func aLiveTokenLearnsWhoseAccountItIs() throws {
        let harness = try EmulatorHarness()
        let token = harness.token(scopes: ["https://www.googleapis.com/auth/calendar.events"])
        let info = harness.send("GET", "/oauth2/v3/userinfo", token: token)
        #expect(info.json["email"] == "emulator@example.com")
        #expect(info.json["email_verified"] == true)
        #expect(harness.send("GET", "/oauth2/v3/userinfo").status == 401)
        #expect(harness.send("GET", "/oauth2/v2/userinfo", token: token).json["id"] == info.json["sub"])
    }

    /// oauth2.googleapis.com/tokeninfo (GET or a POSTed form), which clients ask what a
    /// token may do: only /oauth2/v3/tokeninfo by GET was there.
    @Test func tokenInfoAnswersAtEachOfItsPaths() throws {
        let harness = try EmulatorHarness()
        let token = harness.token(scopes: ["https://www.googleapis.com/auth/calendar.events"])
        let sub = harness.send("GET", "/oauth2/v3/userinfo", token: token).json["sub"]
        for answer in [harness.send("GET", "/tokeninfo?access_token=" + token),
                       harness.send("POST", "/tokeninfo", body: Array("access_token=\(token)".utf8), headers: ["Content-Type: application/x-www-form-urlencoded"]),
                       harness.send("POST", "/oauth2/v3/tokeninfo", body: Array("access_token=\(token)".utf8), headers: ["Content-Type: application/x-www-form-urlencoded"])] {
            #expect(answer.status == 200)
            #expect(answer.json["scope"] == "https://www.googleapis.com/auth/calendar.events")
            #expect(answer.json["sub"] == sub)
            #expect(answer.json["aud"] == answer.json["azp"])
            #expect(answer.json["email"] == "emulator@example.com")
        }
        let unknown = harness.send("GET", "/tokeninfo?access_token=ya29.nonsense")
        #expect(unknown.status == 400)
        #expect(unknown.json["error"] == "invalid_token")
    }
}
