internal import CCrypto
import ClerkCore
import ClerkLocal
import Foundation
import LoopbackHTTP

/// The OAuth 2.0 side of the account: authorization codes, access tokens and grants
/// (refresh tokens). Any client id and secret is accepted, but a code or refresh token only
/// works for the client it was issued to. Grants and live tokens are kept in the store's
/// sync state, so a restarted emulator with the same data directory still knows them.
struct OAuthState {
    struct Code: Codable {
        var clientID: String
        var redirectURI: String
        var scopes: [String]
        var challenge: String?
        var challengeMethod: String?
        var expires: Date
    }

    struct Grant: Codable {
        var clientID: String
        var scopes: [String]
    }

    struct AccessToken: Codable {
        /// The refresh token of the grant it belongs to.
        var grant: String
        var scopes: [String]
        var expires: Date
    }

    var codes: [String: Code] = [:]
    /// Device flow codes waiting to be exchanged (the person approves at once).
    var deviceCodes: [String: Code] = [:]
    var grants: [String: Grant] = [:]
    var accessTokens: [String: AccessToken] = [:]
    /// Set by `/_emulator/scopes`: grants hold at most these scopes.
    var scopeLimit: Set<String>?
    /// Set by `/_emulator/consent`: the person says no.
    var denyConsent = false

    /// Every scope the emulator's APIs know, for tokens minted by the control path.
    static let allScopes = ["calendar", "drive", "contacts", "contacts.other.readonly"].map { "https://www.googleapis.com/auth/" + $0 }

    private struct Saved: Codable {
        var grants: [String: Grant]
        var accessTokens: [String: AccessToken]
    }

    static func load(from store: LocalStore) -> OAuthState {
        var state = OAuthState()
        if let text = try? store.syncValue("emulator.oauth"), let saved = try? JSONDecoder().decode(Saved.self, from: Data(text.utf8)) {
            state.grants = saved.grants
            state.accessTokens = saved.accessTokens
        }
        return state
    }

    func save(to store: LocalStore) {
        guard let data = try? JSONEncoder().encode(Saved(grants: grants, accessTokens: accessTokens)) else { return }
        try? store.setSyncValue("emulator.oauth", String(decoding: data, as: UTF8.self))
    }

    /// A new grant with its first access token.
    mutating func mint(scopes: [String], clientID: String, now: Date, lifetime: TimeInterval) -> (access: String, refresh: String) {
        let refresh = Wire.token("1//emu-")
        grants[refresh] = Grant(clientID: clientID, scopes: scopes)
        return (issueAccessToken(for: refresh, scopes: scopes, now: now, lifetime: lifetime), refresh)
    }

    mutating func issueAccessToken(for grant: String, scopes: [String], now: Date, lifetime: TimeInterval) -> String {
        let access = Wire.token("ya29.emu-")
        accessTokens = accessTokens.filter { $0.value.expires > now }
        accessTokens[access] = AccessToken(grant: grant, scopes: scopes, expires: now + lifetime)
        return access
    }

    mutating func expireAccessTokens(at now: Date) {
        for key in accessTokens.keys { accessTokens[key]?.expires = now }
    }

    /// Ends a grant and every access token made from it.
    mutating func revoke(grant: String) {
        grants[grant] = nil
        accessTokens = accessTokens.filter { $0.value.grant != grant }
    }

    /// BASE64URL(SHA256(verifier)), the S256 challenge.
    static func challenge(for verifier: String) -> String {
        var output = [CChar](repeating: 0, count: 64)
        let length = ccrypto_pkce_challenge(verifier, verifier.utf8.count, &output, output.count)
        return length > 0 ? String(decoding: output.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    }
}

extension Emulator {
    static let oauthRoutes: [Route] = [
        Route("GET", "o/oauth2/v2/auth", scopes: []) { try $0.authorize(page: $1) },
        Route("GET", "o/oauth2/auth", scopes: []) { try $0.authorize(page: $1) },
        Route("POST", "token", scopes: []) { $0.token($1) },
        Route("POST", "oauth2/v4/token", scopes: []) { $0.token($1) },
        Route("POST", "o/oauth2/token", scopes: []) { $0.token($1) },
        Route("POST", "device/code", scopes: []) { $0.deviceCode($1) },
        Route("POST", "o/oauth2/device/code", scopes: []) { $0.deviceCode($1) },
        Route("POST", "revoke", scopes: []) { $0.revoke($1) },
        Route("POST", "o/oauth2/revoke", scopes: []) { $0.revoke($1) },
        Route("GET", "oauth2/v3/tokeninfo", scopes: []) { try $0.tokenInfo($1) },
        Route("POST", "oauth2/v3/tokeninfo", scopes: []) { try $0.tokenInfo($1) },
        Route("GET", "tokeninfo", scopes: []) { try $0.tokenInfo($1) },
        Route("POST", "tokeninfo", scopes: []) { try $0.tokenInfo($1) },
        Route("GET", "oauth2/v3/userinfo", scopes: []) { try $0.userInfo($1, version: 3) },
        Route("GET", "oauth2/v2/userinfo", scopes: []) { try $0.userInfo($1, version: 2) },
    ]

    /// The consent page: approves at once and sends the browser back to the loopback
    /// `redirect_uri` with `code` and `state` (or `error=access_denied`).
    func authorize(page call: Call) throws(GoogleError) -> HTTPResponse {
        func refuse(_ text: String) -> HTTPResponse {
            HTTPResponse(status: 400, headers: [("Content-Type", "text/html; charset=utf-8")],
                         body: Array("<html><body><h1>400. That’s an error.</h1><p>\(text)</p></body></html>".utf8))
        }
        guard let clientID = call.parameter("client_id"), !clientID.isEmpty else { return refuse("Error 400: invalid_request. Missing required parameter: client_id") }
        guard let redirect = call.parameter("redirect_uri"), let url = URL(string: redirect), url.scheme == "http",
              ["127.0.0.1", "localhost", "[::1]", "::1"].contains(url.host ?? "") else {
            return refuse("Error 400: redirect_uri_mismatch. A desktop client must redirect to a loopback address.")
        }
        guard call.parameter("response_type") == "code" else { return refuse("Error 400: invalid_request. response_type must be code") }
        let scopes = (call.parameter("scope") ?? "").split(separator: " ").map(String.init)
        guard !scopes.isEmpty else { return refuse("Error 400: invalid_request. Missing required parameter: scope") }
        let method = call.parameter("code_challenge_method")
        if let method, method != "S256", method != "plain" {
            return refuse("Error 400: invalid_request. Invalid code_challenge_method")
        }
        var answer: [(String, String)] = []
        if oauth.denyConsent {
            answer.append(("error", "access_denied"))
        } else {
            var asked = scopes
            // Incremental authorization: what the client was granted before comes along.
            if call.parameter("include_granted_scopes") == "true" {
                let earlier = Set(oauth.grants.values.filter { $0.clientID == clientID }.flatMap(\.scopes))
                asked += earlier.subtracting(asked).sorted()
            }
            let granted = oauth.scopeLimit.map { limit in asked.filter(limit.contains) } ?? asked
            let code = Wire.token("4/emu-")
            oauth.codes[code] = OAuthState.Code(clientID: clientID, redirectURI: redirect, scopes: granted,
                                                challenge: call.parameter("code_challenge"), challengeMethod: method ?? "plain",
                                                expires: now + 600)
            answer += [("code", code), ("scope", granted.joined(separator: " "))]
        }
        if let state = call.parameter("state") { answer.append(("state", state)) }
        let query = answer.map { "\($0.0)=\(Emulator.formEscaped($0.1))" }.joined(separator: "&")
        let location = redirect + (redirect.contains("?") ? "&" : "?") + query
        return HTTPResponse(status: 302, headers: [("Location", location), ("Content-Type", "text/html; charset=utf-8")],
                            body: Array("<html><body>Moved <a href=\"\(location)\">here</a>.</body></html>".utf8))
    }

    static func formEscaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// An OAuth error answer: `{"error": …, "error_description": …}`.
    private func oauthError(_ status: Int, _ error: String, _ description: String) -> HTTPResponse {
        .json(status, JSONValue.object([("error", .string(error)), ("error_description", .string(description))]).serialized())
    }

    /// `/token`: `authorization_code` (PKCE checked, the code used once, the redirect URI the
    /// same) and `refresh_token`. The client may send its id and secret in the body or as HTTP
    /// Basic credentials.
    func token(_ call: Call) -> HTTPResponse {
        var form = Dictionary(HTTPRequest.formFields(String(decoding: call.request.body, as: UTF8.self)), uniquingKeysWith: { a, _ in a })
        for (name, value) in call.request.query where form[name] == nil { form[name] = value }
        if let basic = call.request.header("authorization"), basic.lowercased().hasPrefix("basic "),
           let decoded = Data(base64Encoded: String(basic.dropFirst(6))).map({ String(decoding: $0, as: UTF8.self) }),
           let colon = decoded.firstIndex(of: ":") {
            form["client_id"] = form["client_id"] ?? HTTPRequest.percentDecoded(String(decoded[..<colon]), plusIsSpace: true)
            form["client_secret"] = form["client_secret"] ?? String(decoded[decoded.index(after: colon)...])
        }
        guard let clientID = form["client_id"], !clientID.isEmpty else {
            return oauthError(401, "invalid_client", "The OAuth client was not found.")
        }
        switch form["grant_type"] {
        case "authorization_code":
            guard let code = form["code"], let pending = oauth.codes.removeValue(forKey: code), pending.expires > now else {
                return oauthError(400, "invalid_grant", "Malformed auth code.")
            }
            guard pending.clientID == clientID else { return oauthError(400, "invalid_grant", "Unauthorized") }
            guard form["redirect_uri"] == pending.redirectURI else { return oauthError(400, "redirect_uri_mismatch", "Bad Request") }
            if let challenge = pending.challenge {
                guard let verifier = form["code_verifier"] else { return oauthError(400, "invalid_grant", "Missing code verifier.") }
                let expected = pending.challengeMethod == "S256" ? OAuthState.challenge(for: verifier) : verifier
                guard verifier.count >= 43, verifier.count <= 128, expected == challenge else {
                    return oauthError(400, "invalid_grant", "Invalid code verifier.")
                }
            }
            let (access, refresh) = oauth.mint(scopes: pending.scopes, clientID: clientID, now: now, lifetime: configuration.tokenLifetime)
            oauth.save(to: store)
            return .json(200, JSONValue.object([
                ("access_token", .string(access)), ("expires_in", .number(configuration.tokenLifetime.rounded())),
                ("refresh_token", .string(refresh)), ("scope", .string(pending.scopes.joined(separator: " "))),
                ("token_type", "Bearer"),
            ]).serialized())
        case "refresh_token":
            guard let refresh = form["refresh_token"], let grant = oauth.grants[refresh], grant.clientID == clientID else {
                return oauthError(400, "invalid_grant", "Token has been expired or revoked.")
            }
            var scopes = grant.scopes
            if let asked = form["scope"]?.split(separator: " ").map(String.init), !asked.isEmpty {
                guard asked.allSatisfy(grant.scopes.contains) else { return oauthError(400, "invalid_scope", "Bad Request") }
                scopes = asked
            }
            let access = oauth.issueAccessToken(for: refresh, scopes: scopes, now: now, lifetime: configuration.tokenLifetime)
            oauth.save(to: store)
            return .json(200, JSONValue.object([
                ("access_token", .string(access)), ("expires_in", .number(configuration.tokenLifetime.rounded())),
                ("scope", .string(scopes.joined(separator: " "))), ("token_type", "Bearer"),
            ]).serialized())
        case Emulator.deviceGrantType:
            guard let code = form["device_code"], let pending = oauth.deviceCodes[code], pending.clientID == clientID else {
                return oauthError(400, "invalid_grant", "Malformed device code.")
            }
            guard pending.expires > now else { return oauthError(400, "expired_token", "The device code has expired.") }
            oauth.deviceCodes[code] = nil
            guard !oauth.denyConsent else { return oauthError(403, "access_denied", "Forbidden") }
            let scopes = oauth.scopeLimit.map { limit in pending.scopes.filter(limit.contains) } ?? pending.scopes
            let (access, refresh) = oauth.mint(scopes: scopes, clientID: clientID, now: now, lifetime: configuration.tokenLifetime)
            oauth.save(to: store)
            return .json(200, JSONValue.object([
                ("access_token", .string(access)), ("expires_in", .number(configuration.tokenLifetime.rounded())),
                ("refresh_token", .string(refresh)), ("scope", .string(scopes.joined(separator: " "))), ("token_type", "Bearer"),
            ]).serialized())
        default:
            return oauthError(400, "unsupported_grant_type", "Invalid grant_type: \(form["grant_type"] ?? "")")
        }
    }

    static let deviceGrantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// The scopes Google lets the device flow ask for: sign-in, and Drive's per-file and
    /// app data scopes. Calendar and Contacts are not among them (`invalid_scope`).
    static let deviceFlowScopes: Set<String> = [
        "openid", "email", "profile", "https://www.googleapis.com/auth/userinfo.email", "https://www.googleapis.com/auth/userinfo.profile",
        "https://www.googleapis.com/auth/drive.file", "https://www.googleapis.com/auth/drive.appdata",
    ]

    /// `/device/code` (the device flow's first step, for devices without a browser): a code
    /// to show the person, which the emulator counts as approved at once, so the first poll
    /// of `/token` with the device code gets the tokens.
    func deviceCode(_ call: Call) -> HTTPResponse {
        var form = Dictionary(HTTPRequest.formFields(String(decoding: call.request.body, as: UTF8.self)), uniquingKeysWith: { a, _ in a })
        for (name, value) in call.request.query where form[name] == nil { form[name] = value }
        guard let clientID = form["client_id"], !clientID.isEmpty else { return oauthError(401, "invalid_client", "The OAuth client was not found.") }
        let scopes = (form["scope"] ?? "").split(separator: " ").map(String.init)
        guard !scopes.isEmpty else { return oauthError(400, "invalid_request", "Missing required parameter: scope") }
        if let refused = scopes.first(where: { !Emulator.deviceFlowScopes.contains($0) }) {
            return oauthError(400, "invalid_scope", "Invalid device flow scope: \(refused)")
        }
        let code = Wire.token("AH-emu-")
        oauth.deviceCodes[code] = OAuthState.Code(clientID: clientID, redirectURI: "", scopes: scopes, challenge: nil, challengeMethod: nil,
                                                 expires: now + 1800)
        let user = [3, 3, 3].map { Wire.random($0, from: "BCDFGHJKLMNPQRSTVWXZ") }.joined(separator: "-")
        return .json(200, JSONValue.object([
            ("device_code", .string(code)), ("user_code", .string(user)), ("expires_in", 1800), ("interval", 5),
            ("verification_url", "https://www.google.com/device"),
        ]).serialized())
    }

    /// `/revoke`: ends the grant of a refresh or access token.
    func revoke(_ call: Call) -> HTTPResponse {
        let form = Dictionary(HTTPRequest.formFields(String(decoding: call.request.body, as: UTF8.self)) + call.request.query,
                              uniquingKeysWith: { a, _ in a })
        guard let token = form["token"] else { return oauthError(400, "invalid_request", "Missing required parameter: token") }
        if oauth.grants[token] != nil {
            oauth.revoke(grant: token)
        } else if let access = oauth.accessTokens[token], access.expires > now {
            oauth.revoke(grant: access.grant)
        } else {
            return oauthError(400, "invalid_token", "Token expired or revoked")
        }
        oauth.save(to: store)
        return .json(200, "{}")
    }

    /// `/oauth2/v3/tokeninfo?access_token=…`: what a live token grants.
    func tokenInfo(_ call: Call) throws(GoogleError) -> HTTPResponse {
        // GET with the token in the query, or POST with it in a form (oauth2.googleapis.com/tokeninfo).
        let form = HTTPRequest.formFields(String(decoding: call.request.body, as: UTF8.self))
        let token = call.parameter("access_token") ?? form.first { $0.0 == "access_token" }?.1
        guard let token, let access = oauth.accessTokens[token], access.expires > now else {
            return oauthError(400, "invalid_token", "Invalid Value")
        }
        let client = oauth.grants[access.grant]?.clientID ?? ""
        return .json(200, JSONValue.object([
            ("azp", .string(client)), ("aud", .string(client)), ("sub", .string(accountSubject)), ("scope", .string(access.scopes.joined(separator: " "))),
            ("exp", .string(String(Int(access.expires.timeIntervalSince1970)))),
            ("expires_in", .string(String(Int(access.expires.timeIntervalSince(now))))), ("email", .string(account)),
            ("email_verified", "true"), ("access_type", "offline"),
        ]).serialized())
    }

    /// The account's OpenID subject: 19 digits made from its address.
    var accountSubject: String {
        var subject: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in account.utf8 { subject = (subject ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(subject % 1_000_000_000_000_000_000)
    }

    /// `/oauth2/v3/userinfo`: who the token belongs to, as OpenID Connect's claims (`sub`,
    /// `email_verified`); `/oauth2/v2/userinfo` as Google's older oauth2 v2 API words the
    /// same (`id`, `verified_email`). Any live token may ask (the emulator does not model
    /// the OpenID scopes).
    func userInfo(_ call: Call, version: Int) throws(GoogleError) -> HTTPResponse {
        try authorize(call, scopes: [])
        let name = account.split(separator: "@").first.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? account
        let members: [(String, JSONValue)] = version == 2
            ? [("id", .string(accountSubject)), ("email", .string(account)), ("verified_email", true), ("name", .string(name)), ("given_name", .string(name))]
            : [("sub", .string(accountSubject)), ("name", .string(name)), ("given_name", .string(name)), ("email", .string(account)), ("email_verified", true)]
        return .json(200, JSONValue.object(members).serialized())
    }

    /// Checks the call's bearer token: 401 in Google's shape when it is missing, unknown,
    /// revoked or expired; 403 when it lacks every one of `scopes`.
    func authorize(_ call: Call, scopes: [String]) throws(GoogleError) {
        let header = call.request.header("authorization")
        // (Trimmed by hand: Foundation's trimming costs more than the rest of the check.)
        let bearer = header.flatMap { value -> String? in
            guard value.utf8.count > 7, value.prefix(7).lowercased() == "bearer " else { return nil }
            return String(value.dropFirst(7).drop { $0 == " " })
        }
        // `access_token` and `oauth_token` are the discovery documents' query forms of the token.
        guard let token = bearer ?? call.parameter("access_token") ?? call.parameter("oauth_token") else {
            throw GoogleError(status: 401, reason: "required",
                              message: "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
                              location: "Authorization", locationType: "header",
                              headers: [("WWW-Authenticate", "Bearer realm=\"https://accounts.google.com/\"")])
        }
        guard let access = oauth.accessTokens[token], access.expires > now, oauth.grants[access.grant] != nil else {
            throw GoogleError(status: 401, reason: "authError",
                              message: "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
                              location: "Authorization", locationType: "header",
                              headers: [("WWW-Authenticate", "Bearer realm=\"https://accounts.google.com/\", error=\"invalid_token\"")])
        }
        guard scopes.isEmpty || access.scopes.contains(where: scopes.contains) else {
            throw GoogleError(status: 403, reason: "insufficientPermissions", message: "Request had insufficient authentication scopes.",
                              headers: [("WWW-Authenticate", "Bearer realm=\"https://accounts.google.com/\", error=\"insufficient_scope\", scope=\"\(scopes.joined(separator: " "))\"")])
        }
    }
}
