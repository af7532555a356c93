internal import CCrypto
package import ClerkCore
package import FoundationEssentials

/// The OAuth 2.0 calls of an installed app: the consent URL (with PKCE S256), the code
/// exchange, refresh and revoke. Google accepts the client id and secret in the form body.
package struct OAuthClient {
    package var endpoints: GoogleEndpoints
    package var clientID: String
    package var clientSecret: String

    package init(endpoints: GoogleEndpoints, clientID: String, clientSecret: String) {
        self.endpoints = endpoints
        self.clientID = clientID
        self.clientSecret = clientSecret
    }

    /// A PKCE pair: a 64-character verifier of unreserved characters and its S256 challenge.
    package static func pkce() -> (verifier: String, challenge: String) {
        let verifier = randomToken(64)
        return (verifier, challenge(for: verifier))
    }

    /// False when libcrypto, which makes the challenge, cannot be loaded.
    package static var canMakeChallenges: Bool { ccrypto_load_error() == nil }

    /// BASE64URL(SHA256(verifier)).
    package static func challenge(for verifier: String) -> String {
        var output = [CChar](repeating: 0, count: 64)
        let length = ccrypto_pkce_challenge(verifier, verifier.utf8.count, &output, output.count)
        return length > 0 ? String(decoding: output.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    }

    /// `count` characters of `[A-Za-z0-9-._~]` from the system's random source.
    package static func randomToken(_ count: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }

    /// The page the person opens to say yes.
    package func authorizationURL(redirect: String, scopes: [String], state: String, challenge: String) -> String {
        endpoints.authorize + "?" + Form.encode([
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirect), ("scope", scopes.joined(separator: " ")),
            ("state", state), ("code_challenge", challenge), ("code_challenge_method", "S256"), ("access_type", "offline"),
            ("prompt", "consent"),
        ])
    }

    /// Trades the code from the redirect for tokens.
    package func exchange(code: String, verifier: String, redirect: String, client: HTTPClient, now: Date) throws(ServiceError) -> GoogleTokens {
        let answer = try post(endpoints.token, [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect), ("client_id", clientID),
            ("client_secret", clientSecret), ("code_verifier", verifier),
        ], client: client)
        guard let access = answer["access_token"]?.stringValue, let refresh = answer["refresh_token"]?.stringValue else {
            throw .malformedResponse
        }
        return GoogleTokens(clientID: clientID, accessToken: access, refreshToken: refresh,
                            expiry: now + (answer["expires_in"]?.numberValue ?? 3600),
                            scopes: (answer["scope"]?.stringValue ?? "").split(separator: " ").map(String.init))
    }

    /// A new access token for `tokens` (the refresh token stays unless Google sends another).
    package func refresh(_ tokens: GoogleTokens, client: HTTPClient, now: Date) throws(ServiceError) -> GoogleTokens {
        let answer = try post(endpoints.token, [
            ("grant_type", "refresh_token"), ("refresh_token", tokens.refreshToken), ("client_id", clientID), ("client_secret", clientSecret),
        ], client: client)
        guard let access = answer["access_token"]?.stringValue else { throw .malformedResponse }
        var renewed = tokens
        renewed.accessToken = access
        renewed.refreshToken = answer["refresh_token"]?.stringValue ?? tokens.refreshToken
        renewed.expiry = now + (answer["expires_in"]?.numberValue ?? 3600)
        if let scope = answer["scope"]?.stringValue { renewed.scopes = scope.split(separator: " ").map(String.init) }
        return renewed
    }

    /// Ends the grant. A token Google no longer knows counts as revoked.
    package func revoke(_ token: String, client: HTTPClient) throws(ServiceError) {
        do {
            _ = try post(endpoints.revoke, [("token", token)], client: client)
        } catch .signInNeeded {
            return
        }
    }

    /// A form POST to an OAuth endpoint, its JSON answer or the typed failure.
    private func post(_ url: String, _ fields: [(String, String)], client: HTTPClient) throws(ServiceError) -> JSONValue {
        let call = HTTPCall("POST", url, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array(Form.encode(fields).utf8))
        let answer: HTTPAnswer
        do {
            answer = try client.send(call)
        } catch {
            throw APIFailure.transport(error).serviceError(mayHaveApplied: false)
        }
        // A redirect or a web page is the network's (a Wi-Fi sign-in page), not Google's.
        if (300..<400).contains(answer.status) || GoogleTransport.isWebPage(answer) { throw .networkSignIn }
        let json = (try? JSONValue.parse(bytes: answer.body)) ?? .null
        guard (200..<300).contains(answer.status) else {
            switch json["error"]?.stringValue {
            case "invalid_grant"?, "invalid_token"?: throw .signInNeeded(.expired)
            case "invalid_client"?, "unauthorized_client"?: throw .signInNeeded(.clientRefused)
            default: throw APIFailure.answered(status: answer.status, reason: json["error"]?.stringValue, retryAfter: nil).serviceError(mayHaveApplied: false)
            }
        }
        guard json.objectValue != nil else { throw .malformedResponse }
        return json
    }
}

/// `application/x-www-form-urlencoded` and URL query encoding (decoding is LoopbackHTTP's
/// `HTTPRequest.formFields`, on the side that receives).
package enum Form {
    /// One value escaped: every byte of its UTF-8 but the unreserved characters (ASCII
    /// letters and digits, "-._~") as `%XX`.
    package static func escape(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func encode(_ fields: [(String, String)]) -> String {
        fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }
}
