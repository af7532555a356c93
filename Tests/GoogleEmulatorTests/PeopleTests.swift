import ClerkCore
import ClerkLocal
import Foundation
@testable import GoogleEmulator
@testable import LoopbackHTTP
import Testing

/// People v1 over real HTTP: the Person mapping, paging, field masks, sync tokens and their
/// expiry, search, writes with etags, other contacts, and the scopes each method needs.
@Suite struct PeopleTests {
    /// The seed folder's address book: Ana Pérez, Ana López, Bob Stone and Carla Gomez, in that order.
    static let seedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/seed/people.vcf").path

    static let ana = PersonResource.seededID(uid: "ana-perez")
    static let anaLopez = PersonResource.seededID(uid: "ana-lopez")
    static let bob = PersonResource.seededID(uid: "bob-stone")
    static let carla = PersonResource.seededID(uid: "carla-gomez")

    /// An emulator holding the seed's four people, and a token with every scope.
    static func seeded(now: NowProvider = .system) throws -> (EmulatorHarness, String) {
        let harness = try EmulatorHarness(now: now)
        try harness.emulator.seedContacts(path: seedFile)
        return (harness, harness.token())
    }

    static func escaped(_ text: String) -> String { Emulator.formEscaped(text) }

    static func displayNames(_ response: TestResponse, in key: String = "connections") -> [String] {
        response.json[key]?.arrayValue?.map { $0["names"]?.arrayValue?.first?["displayName"]?.stringValue ?? "-" } ?? []
    }

    /// The display names of a search's results.
    static func foundNames(_ response: TestResponse) -> [String] {
        response.json["results"]?.arrayValue?.map { $0["person"]?["names"]?.arrayValue?.first?["displayName"]?.stringValue ?? "-" } ?? []
    }

    static func resourceNames(_ response: TestResponse, in key: String = "connections") -> [String] {
        response.json[key]?.arrayValue?.compactMap { $0["resourceName"]?.stringValue } ?? []
    }

    static func keys(_ value: JSONValue?) -> [String] { value?.objectValue?.map(\.0) ?? [] }

    static func version(_ harness: EmulatorHarness, _ id: String) throws -> Int64 {
        try #require(try harness.emulator.store.contactReplica(id: id)).version
    }

    /// Follows `nextPageToken` to the end; every page's answer.
    static func allPages(_ harness: EmulatorHarness, _ path: String, token: String) -> [TestResponse] {
        var pages = [harness.send("GET", path, token: token)]
        while let next = pages.last?.json["nextPageToken"]?.stringValue, pages.count < 1000 {
            pages.append(harness.send("GET", path + "&pageToken=" + escaped(next), token: token))
        }
        return pages
    }

    static func create(_ harness: EmulatorHarness, _ person: JSONValue, token: String) throws -> JSONValue {
        let answer = harness.send("POST", "/v1/people:createContact?personFields=names", json: person, token: token)
        #expect(answer.status == 200, "\(answer.text)")
        return answer.json
    }

    static func rpcError(_ code: Int, _ status: String, _ message: String, reason: String,
                         domain: String = "people.googleapis.com") -> JSONValue {
        ["error": [
            "code": .number(Double(code)), "message": .string(message), "status": .string(status),
            "details": [["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": .string(reason), "domain": .string(domain)]],
        ]]
    }

    // MARK: The Person

    @Test func showsASeededContactAsGoogleWouldWithEveryField() throws {
        let (harness, token) = try Self.seeded()
        let fields = "names,nicknames,emailAddresses,phoneNumbers,addresses,birthdays,biographies,organizations,memberships,metadata"
        let answer = harness.send("GET", "/v1/people/\(Self.ana)?personFields=\(fields)", token: token)
        #expect(answer.status == 200)
        let replica = try #require(try harness.emulator.store.contactReplica(id: Self.ana))
        let source: JSONValue = ["type": "CONTACT", "id": .string(PersonResource.sourceID(storedID: Self.ana))]
        let primary: JSONValue = ["primary": true, "source": source, "sourcePrimary": true]
        let expected: JSONValue = [
            "resourceName": .string("people/\(Self.ana)"), "etag": .string(PersonResource.etag(replica.version)),
            "metadata": [
                "sources": [["type": "CONTACT", "id": .string(PersonResource.sourceID(storedID: Self.ana)),
                             "etag": .string(PersonResource.sourceEtag(replica.version)), "updateTime": .string(Wire.timestamp(replica.created))]],
                "objectType": "PERSON",
            ],
            "names": [["metadata": primary, "displayName": "Ana Pérez", "familyName": "Pérez", "givenName": "Ana",
                       "unstructuredName": "Ana Pérez", "displayNameLastFirst": "Pérez, Ana"]],
            "birthdays": [["metadata": primary, "date": ["year": 1990, "month": 5, "day": 5]]],
            "addresses": [["metadata": primary, "formattedValue": "Calle Mayor 1, Madrid, 28013, Spain", "type": "home", "formattedType": "Home"]],
            "emailAddresses": [["metadata": primary, "value": "ana@example.com", "type": "work", "formattedType": "Work"]],
            "phoneNumbers": [["metadata": primary, "value": "+34 600 123 456", "canonicalForm": "+34600123456", "type": "mobile",
                              "formattedType": "Mobile"]],
            "memberships": [["metadata": ["source": source],
                             "contactGroupMembership": ["contactGroupId": "myContacts", "contactGroupResourceName": "contactGroups/myContacts"]]],
        ]
        #expect(answer.json == expected)
        #expect(PersonResource.sourceID(storedID: "c255") == "ff")
    }

    @Test(arguments: [
        ("names", ["resourceName", "etag", "names"]),
        ("emailAddresses,phoneNumbers", ["resourceName", "etag", "emailAddresses", "phoneNumbers"]),
        ("person.email_addresses", ["resourceName", "etag", "emailAddresses"]),
        ("metadata", ["resourceName", "etag", "metadata"]),
        ("urls,biographies", ["resourceName", "etag"]),
    ])
    func showsOnlyTheFieldsAskedFor(fields: String, keys: [String]) throws {
        let (harness, token) = try Self.seeded()
        let answer = harness.send("GET", "/v1/people/me/connections?personFields=\(Self.escaped(fields))", token: token)
        #expect(answer.status == 200)
        #expect(Self.keys(answer.json["connections"]?.arrayValue?.first) == keys)
    }

    @Test func readsTheDeprecatedRequestMaskWhenPersonFieldsIsAbsent() throws {
        let (harness, token) = try Self.seeded()
        let answer = harness.send("GET", "/v1/people/\(Self.ana)?requestMask.includeField=person.names,person.email_addresses", token: token)
        #expect(Self.keys(answer.json) == ["resourceName", "etag", "names", "emailAddresses"])
    }

    @Test func keepsWhatAContactCannotHoldAndGivesItBack() throws {
        let (harness, token) = try Self.seeded()
        let person: JSONValue = [
            "names": [["givenName": "Zed", "middleName": "Q", "familyName": "Ray"]],
            "addresses": [["streetAddress": "1 Main St", "city": "Springfield", "type": "home"]],
            "organizations": [["name": "Acme", "title": "CEO", "department": "Exec"], ["name": "Old Co"]],
            "urls": [["value": "https://zed.example", "type": "blog"]],
            "biographies": [["value": "<b>hi</b>", "contentType": "TEXT_HTML"]],
            "resourceName": "people/ignored", "photos": [["url": "https://example.com/p.png"]],
        ]
        let fields = "names,addresses,organizations,urls,biographies"
        let created = harness.send("POST", "/v1/people:createContact?personFields=\(fields)", json: person, token: token)
        #expect(created.status == 200)
        let name = try #require(created.json["resourceName"]?.stringValue)
        let id = String(name.dropFirst("people/".count))
        #expect(id.hasPrefix("c") && id.dropFirst().allSatisfy(\.isNumber) && id.count >= 19)
        let source: JSONValue = ["type": "CONTACT", "id": .string(PersonResource.sourceID(storedID: id))]
        let primary: JSONValue = ["primary": true, "source": source, "sourcePrimary": true]
        let shown: JSONValue = [
            "resourceName": .string(name), "etag": .string(PersonResource.etag(try Self.version(harness, id))),
            "names": [["metadata": primary, "displayName": "Zed Q Ray", "familyName": "Ray", "givenName": "Zed",
                       "unstructuredName": "Zed Q Ray", "middleName": "Q", "displayNameLastFirst": "Ray, Zed Q"]],
            "addresses": [["metadata": primary, "formattedValue": "1 Main St, Springfield", "type": "home", "streetAddress": "1 Main St",
                           "city": "Springfield", "formattedType": "Home"]],
            "biographies": [["metadata": primary, "value": "<b>hi</b>", "contentType": "TEXT_HTML"]],
            "urls": [["metadata": primary, "value": "https://zed.example", "type": "blog", "formattedType": "blog"]],
            "organizations": [["metadata": primary, "name": "Acme", "title": "CEO", "department": "Exec"],
                              ["metadata": ["source": source], "name": "Old Co"]],
        ]
        #expect(created.json == shown)
        #expect(harness.send("GET", "/v1/\(name)?personFields=\(fields)", token: token).json == shown)
        // Search reads what is shown, kept parts too.
        for query in ["old c", "q ray", "zed q", "ray, zed"] {
            #expect(Self.foundNames(harness.send("GET", "/v1/people:searchContacts?query=\(Self.escaped(query))&readMask=names", token: token))
                == ["Zed Q Ray"], "\(query)")
        }

        // The contact holds what it models.
        let contact = try #require(try harness.emulator.store.contactReplica(id: id)).item
        #expect(contact == Contact(id: id, name: "Zed Q Ray", givenName: "Zed", familyName: "Ray",
                                   addresses: [LabeledValue("1 Main St, Springfield", label: "home")], notes: "<b>hi</b>",
                                   company: "Acme", jobTitle: "CEO"))

        // Changed by other means (a mirror, clerk's own store), the kept parts that no longer
        // agree are dropped; the rest stays.
        var changed = contact
        changed.addresses = [LabeledValue("2 Elm St", label: "work")]
        let replica = try #require(try harness.emulator.store.contactReplica(id: id))
        try harness.emulator.store.putContact(changed, unmodeled: replica.unmodeled)
        let after = harness.send("GET", "/v1/\(name)?personFields=addresses,names", token: token)
        #expect(after.json["addresses"] == [["metadata": primary, "formattedValue": "2 Elm St", "type": "work", "formattedType": "Work"]])
        #expect(after.json["names"]?.arrayValue?.first?["middleName"] == "Q")
    }

    @Test func filesAPersonWithoutANameUnderNoName() throws {
        let (harness, token) = try Self.seeded()
        let created = try Self.create(harness, ["emailAddresses": [["value": "someone@example.net"]]], token: token)
        #expect(Self.keys(created) == ["resourceName", "etag"])
        let search = harness.send("GET", "/v1/people:searchContacts?query=someone&readMask=names,emailAddresses", token: token)
        #expect(search.json["results"]?.arrayValue?.count == 1)
        #expect(search.json["results"]?.arrayValue?.first?["person"]?["names"] == nil)
        #expect(harness.send("GET", "/v1/people:searchContacts?query=unnamed&readMask=names", token: token).text == "{}")
    }

    // MARK: Listing and paging

    @Test(arguments: [
        (count: 300, size: "100", pages: [100, 100, 100]),
        (count: 250, size: "100", pages: [100, 100, 50]),
        (count: 150, size: "", pages: [100, 50]),
        (count: 5, size: "2", pages: [2, 2, 1]),
        (count: 3, size: "1", pages: [1, 1, 1]),
        (count: 4, size: "4", pages: [4]),
        (count: 0, size: "10", pages: [0]),
    ])
    func pagesConnectionsAtExactBoundaries(count: Int, size: String, pages: [Int]) throws {
        let harness = try EmulatorHarness()
        var random = SeededRandom(seed: 7)
        try harness.emulator.generateContacts(count, random: &random)
        let token = harness.token()
        let path = "/v1/people/me/connections?personFields=names&requestSyncToken=true" + (size.isEmpty ? "" : "&pageSize=\(size)")
        let answers = Self.allPages(harness, path, token: token)
        #expect(answers.map { $0.json["connections"]?.arrayValue?.count ?? 0 } == pages)
        #expect(answers.allSatisfy { $0.status == 200 && $0.json["totalItems"]?.intValue == count && $0.json["totalPeople"]?.intValue == count })
        // Only the last page says there is no more, and only it carries the sync token.
        #expect(answers.map { $0.json["nextPageToken"] == nil } == pages.indices.map { $0 == pages.count - 1 })
        #expect(answers.map { $0.json["nextSyncToken"] != nil } == pages.indices.map { $0 == pages.count - 1 })
        // Every contact once, oldest change first.
        let expected = try harness.emulator.store.contactFeed(after: 0).map { "people/" + Emulator.storedID(of: $0) }
        #expect(answers.flatMap { Self.resourceNames($0) } == expected)
    }

    @Test func aPageTokenWorksOnlyWithTheParametersOfTheFirstCall() throws {
        let (harness, token) = try Self.seeded()
        let first = harness.send("GET", "/v1/people/me/connections?personFields=names&pageSize=2", token: token)
        let next = try #require(first.json["nextPageToken"]?.stringValue)
        let same = harness.send("GET", "/v1/people/me/connections?personFields=names&pageSize=2&pageToken=\(next)", token: token)
        #expect(Self.displayNames(same) == ["Bob Stone", "Carla Gomez"])
        for other in ["personFields=names,emailAddresses&pageSize=2", "personFields=names&pageSize=3",
                      "personFields=names&pageSize=2&sortOrder=LAST_NAME_ASCENDING"] {
            let refused = harness.send("GET", "/v1/people/me/connections?\(other)&pageToken=\(next)", token: token)
            #expect(refused.status == 400)
            #expect(refused.json == Self.rpcError(400, "INVALID_ARGUMENT", "Invalid page token value.", reason: "invalid"))
        }
    }

    @Test(arguments: [
        ("LAST_MODIFIED_ASCENDING", ["Ana Pérez", "Ana López", "Bob Stone", "Carla Gomez"]),
        ("LAST_MODIFIED_DESCENDING", ["Carla Gomez", "Bob Stone", "Ana López", "Ana Pérez"]),
        ("FIRST_NAME_ASCENDING", ["Ana López", "Ana Pérez", "Bob Stone", "Carla Gomez"]),
        ("LAST_NAME_ASCENDING", ["Carla Gomez", "Ana López", "Ana Pérez", "Bob Stone"]),
    ])
    func sortsConnections(order: String, names: [String]) throws {
        let (harness, token) = try Self.seeded()
        let whole = harness.send("GET", "/v1/people/me/connections?personFields=names&sortOrder=\(order)", token: token)
        #expect(Self.displayNames(whole) == names)
        let paged = Self.allPages(harness, "/v1/people/me/connections?personFields=names&pageSize=3&sortOrder=\(order)", token: token)
        #expect(paged.map { Self.displayNames($0).count } == [3, 1])
        #expect(paged.flatMap { Self.displayNames($0) } == names)
    }

    @Test(arguments: [
        ("", "personFields mask is required. Please specify one or more valid paths. Valid paths are documented at https://developers.google.com/people/api/rest/v1/people.connections/list."),
        ("personFields=names,bogus", "Invalid personFields mask path: \"bogus\". Valid paths are documented at https://developers.google.com/people/api/rest/v1/people.connections/list."),
        ("personFields=names&pageSize=1001", "Invalid value '1001'. Values must be within the range: [0, 1000]"),
        ("personFields=names&pageSize=-1", "Invalid value '-1'. Values must be within the range: [0, 1000]"),
        // Not a 32-bit number, not a boolean: refused before the method runs, in the newer front end's words.
        ("personFields=names&pageSize=99999999999999999999", "Invalid value at 'page_size' (TYPE_INT32), \"99999999999999999999\""),
        ("personFields=names&sortOrder=SIDEWAYS", "Invalid value at 'sort_order' (type.googleapis.com/google.people.v1.ListConnectionsRequest.SortOrder), \"SIDEWAYS\""),
        ("personFields=names&sources=READ_SOURCE_TYPE_NOPE", "Invalid value at 'sources[0]' (type.googleapis.com/google.people.v1.ReadSourceType), \"READ_SOURCE_TYPE_NOPE\""),
        ("personFields=names&requestSyncToken=maybe", "Invalid value at 'request_sync_token' (TYPE_BOOL), \"maybe\""),
        ("personFields=names&syncToken=garbage", "Sync token is invalid."),
        ("personFields=names&syncToken=" + Wire.base64URL(Array("people:connections:-5:0:0".utf8)), "Sync token is invalid."),
        ("personFields=names&pageToken=%21%7E", "Invalid page token value."),
        ("personFields=names&pageToken=%FF%FE", "Your client has issued a malformed or illegal request: the URL has an invalid percent-escape or is not UTF-8."),
    ])
    func refusesBadListParameters(query: String, message: String) throws {
        let (harness, token) = try Self.seeded()
        let answer = harness.send("GET", "/v1/people/me/connections?\(query)", token: token)
        #expect(answer.status == 400)
        #expect(answer.json["error"]?["message"]?.stringValue == message)
        #expect(answer.json["error"]?["status"] == "INVALID_ARGUMENT")
        #expect(answer.json["error"]?["errors"] == nil)
    }

    @Test func toleratesUnknownParametersAndKnownSources() throws {
        let (harness, token) = try Self.seeded()
        let answer = harness.send("GET", "/v1/people/me/connections?personFields=names&alt=json&prettyPrint=false&whatever=1"
            + "&sources=READ_SOURCE_TYPE_CONTACT&sources=READ_SOURCE_TYPE_PROFILE", token: token)
        #expect(answer.status == 200)
        #expect(Self.displayNames(answer).count == 4)
        #expect(harness.send("GET", "/v1/people/c1/connections?personFields=names", token: token).status == 400)
    }

    // MARK: Sync

    @Test func syncsOnlyWhatChangedBehindTheClientsBack() throws {
        let (harness, token) = try Self.seeded()
        let full = Self.allPages(harness, "/v1/people/me/connections?personFields=names&pageSize=3&requestSyncToken=true", token: token)
        #expect(full.map { Self.displayNames($0) } == [["Ana Pérez", "Ana López", "Bob Stone"], ["Carla Gomez"]])
        let syncToken = try #require(full.last?.json["nextSyncToken"]?.stringValue)

        // Another client adds Dora, renames Bob and deletes Carla.
        let other = harness.token(scopes: ["https://www.googleapis.com/auth/contacts"])
        let dora = try Self.create(harness, ["names": [["givenName": "Dora", "familyName": "Kim"]]], token: other)
        let bob = harness.send("GET", "/v1/people/\(Self.bob)?personFields=names", token: other).json
        let renamed = harness.send("PATCH", "/v1/people/\(Self.bob):updateContact?updatePersonFields=names",
                                   json: ["etag": bob["etag"]!, "names": [["givenName": "Robert", "familyName": "Stone"]]], token: other)
        #expect(renamed.status == 200)
        let deleted = harness.send("DELETE", "/v1/people/\(Self.carla):deleteContact", token: other)
        #expect(deleted.status == 200 && deleted.text == "{}")

        let changes = harness.send("GET", "/v1/people/me/connections?personFields=names&requestSyncToken=true&syncToken=\(Self.escaped(syncToken))",
                                   token: token)
        #expect(changes.status == 200)
        #expect(Self.resourceNames(changes) == [dora["resourceName"]!.stringValue!, "people/\(Self.bob)", "people/\(Self.carla)"])
        #expect(Self.displayNames(changes).prefix(2) == ["Dora Kim", "Robert Stone"])
        #expect(changes.json["connections"]?.arrayValue?.last == [
            "resourceName": .string("people/\(Self.carla)"), "etag": .string(PersonResource.etag(try harness.emulator.store.latestVersion())),
            "metadata": ["deleted": true],
        ])
        #expect(changes.json["totalItems"] == 3)

        // Nothing more since.
        let next = try #require(changes.json["nextSyncToken"]?.stringValue)
        let quiet = harness.send("GET", "/v1/people/me/connections?personFields=names&requestSyncToken=true&syncToken=\(Self.escaped(next))",
                                 token: token)
        #expect(Self.keys(quiet.json) == ["nextSyncToken", "totalPeople", "totalItems"])
        #expect(quiet.json["totalItems"] == 0)
    }

    @Test func aPersonChangedWhilePagingComesAgainRatherThanBeingSkipped() throws {
        let (harness, token) = try Self.seeded()
        let path = "/v1/people/me/connections?personFields=names&pageSize=2&requestSyncToken=true"
        let first = harness.send("GET", path, token: token)
        #expect(Self.displayNames(first) == ["Ana Pérez", "Ana López"])
        let ana = harness.send("GET", "/v1/people/\(Self.ana)?personFields=names", token: token).json
        harness.send("PATCH", "/v1/people/\(Self.ana):updateContact?updatePersonFields=names",
                     json: ["etag": ana["etag"]!, "names": [["givenName": "Ana María", "familyName": "Pérez"]]], token: token)
        var pages = [first]
        while let next = pages.last?.json["nextPageToken"]?.stringValue {
            pages.append(harness.send("GET", path + "&pageToken=" + Self.escaped(next), token: token))
        }
        #expect(pages.map { Self.displayNames($0) } == [["Ana Pérez", "Ana López"], ["Bob Stone", "Carla Gomez"], ["Ana María Pérez"]])
        // The sync token starts where the listing began, so the change comes in the next sync too.
        let syncToken = try #require(pages.last?.json["nextSyncToken"]?.stringValue)
        let changes = harness.send("GET", "/v1/people/me/connections?personFields=names&syncToken=\(Self.escaped(syncToken))", token: token)
        #expect(Self.displayNames(changes) == ["Ana María Pérez"])
    }

    @Test func refusesExpiredSyncTokensUntilAFullSync() throws {
        let (harness, token) = try Self.seeded()
        let full = harness.send("GET", "/v1/people/me/connections?personFields=names&requestSyncToken=true", token: token)
        let syncToken = try #require(full.json["nextSyncToken"]?.stringValue)
        let path = "/v1/people/me/connections?personFields=names&requestSyncToken=true&syncToken="
        #expect(harness.send("GET", path + Self.escaped(syncToken), token: token).status == 200)

        #expect(harness.send("POST", "/_emulator/sync-tokens/expire").status == 200)
        let refused = harness.send("GET", path + Self.escaped(syncToken), token: token)
        #expect(refused.status == 400)
        #expect(refused.json == Self.rpcError(400, "FAILED_PRECONDITION",
                                              "Sync token is expired. Clear local cache and retry call without the sync token.",
                                              reason: "EXPIRED_SYNC_TOKEN"))
        #expect(refused.reason == "EXPIRED_SYNC_TOKEN")

        // A full sync after the expiry gives a token that works, though nothing changed since.
        let again = harness.send("GET", "/v1/people/me/connections?personFields=names&requestSyncToken=true", token: token)
        let fresh = try #require(again.json["nextSyncToken"]?.stringValue)
        #expect(harness.send("GET", path + Self.escaped(fresh), token: token).status == 200)
    }

    /// A clock the test moves.
    final class TestClock: @unchecked Sendable {
        private let lock = NSLock()
        private var date = Date(timeIntervalSince1970: 1_796_000_000)
        func advance(_ seconds: TimeInterval) { lock.withLock { date += seconds } }
        var provider: NowProvider { NowProvider { [self] in lock.withLock { date } } }
    }

    @Test func syncTokensExpireSevenDaysAfterTheFullSync() throws {
        let clock = TestClock()
        let (harness, token) = try Self.seeded(now: clock.provider)
        let full = harness.send("GET", "/v1/people/me/connections?personFields=names&requestSyncToken=true", token: token)
        let syncToken = try #require(full.json["nextSyncToken"]?.stringValue)
        let path = "/v1/people/me/connections?personFields=names&syncToken=" + Self.escaped(syncToken)
        clock.advance(7 * 86_400 - 60)
        #expect(harness.send("GET", path, token: harness.token()).status == 200)
        clock.advance(120)
        let late = harness.send("GET", path, token: harness.token())
        #expect(late.status == 400)
        #expect(late.reason == "EXPIRED_SYNC_TOKEN")
    }

    // MARK: Search

    @Test(arguments: [
        ("f", true), ("fo", true), ("foo", true), ("foo n", true), ("nam", true), ("FOO NAME", true), ("fóo", true),
        ("name foo", true),  // the name written last-first
        ("oo n", false), ("ame", false), ("foo x", false), ("zzz", false),
        ("fuz", true), ("foo.name@", true), ("example.org", true), ("xample", false),
        ("600 12", true), ("+34600", true), ("123 456", true), ("00 1", false),
        ("acme w", true), ("widgets", true), ("chief", true), ("tinker", true), ("inker", false),
    ])
    func searchesByPrefixesOfPhrases(query: String, matches: Bool) throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        _ = try Self.create(harness, [
            "names": [["givenName": "Foo", "familyName": "Name"]], "nicknames": [["value": "Fuzzy"]],
            "emailAddresses": [["value": "foo.name@example.org"]], "phoneNumbers": [["value": "+34 600 123 456"]],
            "organizations": [["name": "Acme Widgets", "title": "Chief Tinkerer"]],
        ], token: token)
        _ = try Self.create(harness, ["names": [["givenName": "Other", "familyName": "Person"]]], token: token)
        let answer = harness.send("GET", "/v1/people:searchContacts?query=\(Self.escaped(query))&readMask=names", token: token)
        #expect(answer.status == 200)
        if matches {
            #expect(Self.foundNames(answer) == ["Foo Name"])
        } else {
            #expect(answer.text == "{}")
        }
    }

    @Test func searchIgnoresAccentsAndShowsTheReadMask() throws {
        let (harness, token) = try Self.seeded()
        let answer = harness.send("GET", "/v1/people:searchContacts?query=perez&readMask=emailAddresses", token: token)
        let results = try #require(answer.json["results"]?.arrayValue)
        #expect(results.count == 1)
        #expect(Self.keys(results[0]["person"]) == ["resourceName", "etag", "emailAddresses"])
        #expect(results[0]["person"]?["resourceName"] == .string("people/\(Self.ana)"))
        let both = harness.send("GET", "/v1/people:searchContacts?query=ana&readMask=names", token: token)
        #expect(Self.foundNames(both) == ["Ana López", "Ana Pérez"])
    }

    @Test func searchAnswersTheWarmUpWithNothingAndCapsPagesAtThirty() throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        for index in 1...40 { _ = try Self.create(harness, ["names": [["givenName": "Test", "familyName": .string("Person \(index)")]]], token: token) }
        let warmUp = harness.send("GET", "/v1/people:searchContacts?query=&readMask=names", token: token)
        #expect(warmUp.status == 200 && warmUp.text == "{}")
        for (size, count) in [("", 10), ("0", 10), ("5", 5), ("30", 30), ("31", 30), ("1000", 30)] {
            let answer = harness.send("GET", "/v1/people:searchContacts?query=test%20p&readMask=names" + (size.isEmpty ? "" : "&pageSize=\(size)"),
                                      token: token)
            #expect(answer.json["results"]?.arrayValue?.count == count, "pageSize \(size)")
        }
        let noMask = harness.send("GET", "/v1/people:searchContacts?query=test", token: token)
        #expect(noMask.status == 400)
        #expect(noMask.json["error"]?["message"]?.stringValue?.hasPrefix("readMask mask is required.") == true)
        #expect(harness.send("GET", "/v1/people:searchContacts?readMask=names", token: token).status == 400)
    }

    // MARK: Reading one or a few

    @Test func peopleMeIsTheAccountsOwnProfile() throws {
        let (harness, token) = try Self.seeded()
        let me = harness.send("GET", "/v1/people/me?personFields=names,emailAddresses", token: token)
        let id = PersonResource.accountID("emulator@example.com")
        #expect(id.count == 21)
        #expect(me.json["resourceName"] == .string("people/\(id)"))
        #expect(me.json["names"]?.arrayValue?.first?["displayName"] == "Emulator")
        #expect(me.json["emailAddresses"]?.arrayValue?.first?["value"] == "emulator@example.com")
        #expect(me.json["emailAddresses"]?.arrayValue?.first?["metadata"]?["verified"] == true)
        #expect(harness.send("GET", "/v1/people/\(id)?personFields=names", token: token).json["resourceName"] == .string("people/\(id)"))
        // Only the profile scopes are needed for it.
        let profileOnly = harness.token(scopes: ["https://www.googleapis.com/auth/userinfo.profile"])
        #expect(harness.send("GET", "/v1/people/me?personFields=names", token: profileOnly).status == 200)
    }

    @Test func batchGetAnswersEachNameOnItsOwn() throws {
        let (harness, token) = try Self.seeded()
        let answer = harness.send("GET", "/v1/people:batchGet?personFields=names&resourceNames=people/\(Self.bob)&resourceNames=people/c1"
            + "&resourceNames=people/me", token: token)
        #expect(answer.status == 200)
        let responses = try #require(answer.json["responses"]?.arrayValue)
        #expect(responses.map { $0["httpStatusCode"]?.intValue } == [200, 404, 200])
        #expect(responses[0]["person"]?["names"]?.arrayValue?.first?["displayName"] == "Bob Stone")
        #expect(responses[1] == ["requestedResourceName": "people/c1", "httpStatusCode": 404,
                                 "status": ["code": 5, "message": "Requested entity was not found."]])
        let tooMany = (0...200).map { "resourceNames=people/c\($0)" }.joined(separator: "&")
        #expect(harness.send("GET", "/v1/people:batchGet?personFields=names&\(tooMany)", token: token).status == 400)
        #expect(harness.send("GET", "/v1/people:batchGet?personFields=names", token: token).status == 400)
    }

    @Test func anUnknownPersonIsNotFound() throws {
        let (harness, token) = try Self.seeded()
        let answer = harness.send("GET", "/v1/people/c123?personFields=names", token: token)
        #expect(answer.status == 404)
        #expect(answer.json == Self.rpcError(404, "NOT_FOUND", "Requested entity was not found.", reason: "notFound"))
    }

    // MARK: Writes

    @Test func updateContactRefusesAStaleEtag() throws {
        let (harness, token) = try Self.seeded()
        let read = harness.send("GET", "/v1/people/\(Self.bob)?personFields=names,emailAddresses,metadata", token: token).json
        let etag = try #require(read["etag"])
        let path = "/v1/people/\(Self.bob):updateContact?updatePersonFields=names&personFields=names,emailAddresses"

        let updated = harness.send("PATCH", path, json: ["etag": etag, "names": [["givenName": "Robert", "familyName": "Stone"]]], token: token)
        #expect(updated.status == 200)
        #expect(updated.json["names"]?.arrayValue?.first?["displayName"] == "Robert Stone")
        #expect(updated.json["emailAddresses"]?.arrayValue?.first?["value"] == "bob@example.com")  // not in the mask: kept
        #expect(updated.json["etag"] != etag)

        // The etag read before the update is stale now.
        let stale = harness.send("PATCH", path, json: ["etag": etag, "names": [["givenName": "Rob"]]], token: token)
        #expect(stale.status == 400)
        #expect(stale.json == Self.rpcError(400, "FAILED_PRECONDITION",
                                            "Request person.etag is different than the current person.etag. Clear local cache and get the latest person.",
                                            reason: "failedPrecondition"))
        // So is the source's, sent the way a client that echoes the person back sends it.
        let staleSource = harness.send("PATCH", path, json: ["metadata": read["metadata"]!, "names": [["givenName": "Rob"]]], token: token)
        #expect(staleSource.json["error"]?["status"] == "FAILED_PRECONDITION")
        #expect(staleSource.json["error"]?["message"]?.stringValue?.hasPrefix("Request person.metadata.sources.etag is different") == true)
        // The current source etag works.
        let fresh = harness.send("GET", "/v1/people/\(Self.bob)?personFields=metadata", token: token).json
        let bySource = harness.send("PATCH", path, json: ["metadata": fresh["metadata"]!, "names": [["givenName": "Rob"]]], token: token)
        #expect(bySource.status == 200)
        #expect(bySource.json["names"]?.arrayValue?.first?["displayName"] == "Rob")

        // No etag at all, no mask, a mask naming what cannot be written, an unknown person.
        let etagNow = harness.send("GET", "/v1/people/\(Self.bob)?personFields=names", token: token).json["etag"]!
        #expect(harness.send("PATCH", path, json: ["names": [["givenName": "X"]]], token: token).json["error"]?["status"] == "INVALID_ARGUMENT")
        #expect(harness.send("PATCH", "/v1/people/\(Self.bob):updateContact", json: ["etag": etagNow], token: token).status == 400)
        #expect(harness.send("PATCH", "/v1/people/\(Self.bob):updateContact?updatePersonFields=photos", json: ["etag": etagNow], token: token).status == 400)
        #expect(harness.send("PATCH", "/v1/people/c42:updateContact?updatePersonFields=names", json: ["etag": etagNow], token: token).status == 404)
    }

    @Test func anUpdateThatChangesNothingKeepsTheEtag() throws {
        let (harness, token) = try Self.seeded()
        let read = harness.send("GET", "/v1/people/\(Self.ana)?personFields=names", token: token).json
        let again = harness.send("PATCH", "/v1/people/\(Self.ana):updateContact?updatePersonFields=names&personFields=names",
                                 json: read, token: token)
        #expect(again.status == 200)
        #expect(again.json == read)
    }

    @Test func deleteContactRemovesThePersonForGood() throws {
        let (harness, token) = try Self.seeded()
        let deleted = harness.send("DELETE", "/v1/people/\(Self.ana):deleteContact", token: token)
        #expect(deleted.status == 200 && deleted.text == "{}")
        #expect(harness.send("GET", "/v1/people/\(Self.ana)?personFields=names", token: token).status == 404)
        #expect(harness.send("DELETE", "/v1/people/\(Self.ana):deleteContact", token: token).status == 404)
        let list = harness.send("GET", "/v1/people/me/connections?personFields=names", token: token)
        #expect(Self.displayNames(list) == ["Ana López", "Bob Stone", "Carla Gomez"])
    }

    @Test(arguments: [
        ("{\"names\": [", "Parse Error"),
        ("[1, 2]", "Parse Error"),
        ("{\"names\": \"Ana\"}", "Invalid value at 'person.names': expected a list."),
        ("{\"emailAddresses\": [1]}", "Invalid value at 'person.emailAddresses': expected objects."),
        ("{\"nmes\": []}", "Invalid JSON payload received. Unknown name \"nmes\" at 'person': Cannot find field."),
        ("{\"names\": [{\"givenName\": \"A\"}, {\"givenName\": \"B\"}]}", "Only one names field is allowed for a contact source."),
        // An empty person was made as a contact with nothing in it.
        ("{}", "Request must contain a person."),
        ("{\"names\": [], \"emailAddresses\": null}", "Must specify a non-metadata contact field on the person."),
        ("{\"etag\": \"%EgUBAi43PRoEAQIFByIMR3BvOW1ZSUlhTms9\"}", "Must specify a non-metadata contact field on the person."),
    ])
    func refusesPersonsGoogleWouldRefuse(body: String, message: String) throws {
        let harness = try EmulatorHarness()
        let answer = harness.send("POST", "/v1/people:createContact", body: Array(body.utf8), headers: ["Content-Type: application/json"],
                                  token: harness.token())
        #expect(answer.status == 400)
        #expect(answer.json["error"]?["message"]?.stringValue == message)
    }

    @Test func survivesOddValues() throws {
        let harness = try EmulatorHarness()
        let token = harness.token()
        var deep: JSONValue = "bottom"
        for _ in 0..<150 { deep = [deep] }
        // A string member sent as a number or as 150 nested lists is Google's 400 (it was kept as sent).
        for odd: JSONValue in [["names": [["givenName": .number(5)]]], ["urls": [["value": deep]]]] {
            let refused = harness.send("POST", "/v1/people:createContact", json: odd, token: token)
            #expect(refused.status == 400)
            #expect(refused.json["error"]?["status"] == "INVALID_ARGUMENT")
        }
        // A date Google's `Date` cannot be (month 13, day 32, 30 February, a day without a
        // month, a year beyond int32) is its 400; it was answered 200 and kept as sent.
        let dates: [JSONValue] = [["year": .number(1e300), "month": 13, "day": -1], ["month": 13, "day": 1], ["month": 1, "day": 32],
                                  ["year": 2026, "month": 2, "day": 29], ["day": 5], [:], ["year": 10000], ["month": "x", "day": 1]]
        for date in dates {
            for field in ["birthdays", "events"] {
                let refused = harness.send("POST", "/v1/people:createContact", json: ["names": [["givenName": "A"]], field: [["date": date]]], token: token)
                #expect(refused.status == 400, "\(field) \(date.serialized())")
                #expect(refused.json["error"]?["status"] == "INVALID_ARGUMENT")
            }
        }
        #expect(harness.send("POST", "/v1/people:createContact", json: ["birthdays": [["date": ["month": 13, "day": 1]]]], token: token).json["error"]?["message"]
                == "Request contains an invalid argument.")
        for date: JSONValue in [["month": 2, "day": 29], ["year": 2024, "month": 2, "day": 29], ["year": 1990], ["year": 1990, "month": 5]] {
            #expect(harness.send("POST", "/v1/people:createContact", json: ["names": [["givenName": "B"]], "birthdays": [["date": date]]], token: token).status == 200,
                    "\(date.serialized())")
        }
        let created = try Self.create(harness, [
            "names": [["givenName": "5", "unstructuredName": "  "]],
            "birthdays": [["text": "13/13"]],
            "phoneNumbers": [["value": "+"], ["value": .string(String(repeating: "9", count: 5000))]],
            "urls": [["value": .string(String(repeating: "[", count: 150))]],
            "emailAddresses": [["value": "\u{0}\u{202E}odd@example.com"]],
        ], token: token)
        let name = try #require(created["resourceName"]?.stringValue)
        let shown = harness.send("GET", "/v1/\(name)?personFields=names,birthdays,phoneNumbers,urls,emailAddresses", token: token)
        #expect(shown.status == 200)
        #expect(shown.json["birthdays"]?.arrayValue?.first?["text"] == "13/13")  // kept as sent, not a contact birthday
        #expect(shown.json["phoneNumbers"]?.arrayValue?.map { $0["canonicalForm"] == nil } == [true, true])
        #expect(harness.send("GET", "/v1/people:searchContacts?query=odd&readMask=names", token: token).status == 200)
    }

    // MARK: Other contacts

    static func withOtherContacts() throws -> (EmulatorHarness, String) {
        let (harness, token) = try seeded()
        let folder = NSTemporaryDirectory() + "people-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            BEGIN:VCARD\r\nVERSION:3.0\r\nUID:olga\r\nFN:Olga Novak\r\nN:Novak;Olga;;;\r\nEMAIL:olga@example.net\r\nEND:VCARD\r
            BEGIN:VCARD\r\nVERSION:3.0\r\nUID:pat\r\nFN:Pat Silva\r\nEMAIL:pat@example.net\r\nTEL:+351 912 345 678\r\nEND:VCARD\r\n
            """.write(toFile: folder + "/other-contacts.vcf", atomically: true, encoding: .utf8)
        try harness.emulator.seed(from: folder)
        return (harness, token)
    }

    @Test func otherContactsAreListedApartFromConnections() throws {
        let (harness, token) = try Self.withOtherContacts()
        let olga = "otherContacts/" + PersonResource.seededID(uid: "olga")
        let list = harness.send("GET", "/v1/otherContacts?readMask=names,emailAddresses&requestSyncToken=true", token: token)
        #expect(list.status == 200)
        #expect(Self.displayNames(list, in: "otherContacts") == ["Olga Novak", "Pat Silva"])
        #expect(Self.resourceNames(list, in: "otherContacts").first == olga)
        #expect(list.json["otherContacts"]?.arrayValue?.first?["names"]?.arrayValue?.first?["metadata"]?["source"]?["type"] == "OTHER_CONTACT")
        #expect(list.json["totalSize"] == 2)
        #expect(list.json["nextSyncToken"] != nil)
        // Connections, search and get know nothing of them.
        #expect(harness.send("GET", "/v1/people/me/connections?personFields=names", token: token).json["totalItems"] == 4)
        #expect(harness.send("GET", "/v1/people:searchContacts?query=olga&readMask=names", token: token).text == "{}")
        #expect(harness.send("GET", "/v1/people/other-\(PersonResource.seededID(uid: "olga"))?personFields=names", token: token).status == 404)
        // Their own search does.
        let found = harness.send("GET", "/v1/otherContacts:search?query=912%20345&readMask=names,phoneNumbers", token: token)
        #expect(Self.foundNames(found) == ["Pat Silva"])
    }

    @Test func otherContactsReadOnlyWhatTheyHold() throws {
        let (harness, token) = try Self.withOtherContacts()
        let refused = harness.send("GET", "/v1/otherContacts?readMask=names,addresses", token: token)
        #expect(refused.status == 400)
        #expect(refused.json["error"]?["message"]?.stringValue?.hasPrefix("Invalid readMask mask path: \"addresses\".") == true)
        #expect(harness.send("GET", "/v1/otherContacts", token: token).status == 400)
        #expect(harness.send("GET", "/v1/otherContacts:search?query=o&readMask=photos", token: token).status == 400)
        #expect(harness.send("GET", "/v1/otherContacts?readMask=names,addresses&sources=READ_SOURCE_TYPE_CONTACT&sources=READ_SOURCE_TYPE_PROFILE",
                             token: token).status == 200)
    }

    @Test func otherContactsSyncOnTheirOwnTokens() throws {
        let (harness, token) = try Self.withOtherContacts()
        let list = harness.send("GET", "/v1/otherContacts?readMask=names&requestSyncToken=true", token: token)
        let syncToken = try #require(list.json["nextSyncToken"]?.stringValue)
        // A connections token is not an other contacts token, nor the other way round.
        let mixed = harness.send("GET", "/v1/people/me/connections?personFields=names&syncToken=\(Self.escaped(syncToken))", token: token)
        #expect(mixed.json["error"]?["message"] == "Sync token is invalid.")
        // A new contact is not an other contact.
        _ = try Self.create(harness, ["names": [["givenName": "New"]]], token: token)
        let quiet = harness.send("GET", "/v1/otherContacts?readMask=names&syncToken=\(Self.escaped(syncToken))", token: token)
        #expect(quiet.json["otherContacts"] == nil)
        #expect(quiet.json["nextSyncToken"] != nil)
        #expect(harness.send("POST", "/_emulator/sync-tokens/expire").status == 200)
        #expect(harness.send("GET", "/v1/otherContacts?readMask=names&syncToken=\(Self.escaped(syncToken))", token: token).reason == "EXPIRED_SYNC_TOKEN")
    }

    @Test func copiesAnOtherContactIntoMyContacts() throws {
        let (harness, token) = try Self.withOtherContacts()
        let pat = PersonResource.seededID(uid: "pat")
        let copy = harness.send("POST", "/v1/otherContacts/\(pat):copyOtherContactToMyContactsGroup",
                                json: ["copyMask": "names,emailAddresses"], token: token)
        #expect(copy.status == 200)
        #expect(copy.json["resourceName"]?.stringValue?.hasPrefix("people/c") == true)
        #expect(Self.keys(copy.json) == ["resourceName", "etag", "metadata", "names", "emailAddresses", "memberships"])
        #expect(harness.send("GET", "/v1/people/me/connections?personFields=names", token: token).json["totalItems"] == 5)
        #expect(harness.send("GET", "/v1/otherContacts?readMask=names", token: token).json["totalSize"] == 2)
        #expect(harness.send("POST", "/v1/otherContacts/\(pat):copyOtherContactToMyContactsGroup", json: [:], token: token).status == 400)
    }

    // MARK: Scopes

    @Test(arguments: [
        ("contacts.readonly", ["connections": 200, "search": 200, "get": 200, "create": 403, "other": 403]),
        ("contacts", ["connections": 200, "search": 200, "get": 200, "create": 200, "other": 403]),
        ("contacts.other.readonly", ["connections": 403, "search": 403, "get": 200, "create": 403, "other": 200]),
        ("calendar", ["connections": 403, "search": 403, "get": 403, "create": 403, "other": 403]),
    ])
    func eachMethodNeedsItsScopes(scope: String, expected: [String: Int]) throws {
        let harness = try EmulatorHarness()
        let token = harness.token(scopes: ["https://www.googleapis.com/auth/" + scope])
        let statuses = [
            "connections": harness.send("GET", "/v1/people/me/connections?personFields=names", token: token).status,
            "search": harness.send("GET", "/v1/people:searchContacts?query=a&readMask=names", token: token).status,
            "get": harness.send("GET", "/v1/people/me?personFields=names", token: token).status,
            "create": harness.send("POST", "/v1/people:createContact", json: ["names": [["givenName": "A"]]], token: token).status,
            "other": harness.send("GET", "/v1/otherContacts?readMask=names", token: token).status,
        ]
        #expect(statuses == expected)
    }

    @Test func refusesMissingAndWrongCredentialsInTheNewerShape() throws {
        let harness = try EmulatorHarness()
        let missing = harness.send("GET", "/v1/people/me/connections?personFields=names")
        #expect(missing.status == 401)
        #expect(missing.json == ["error": [
            "code": 401,
            "message": "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
            "status": "UNAUTHENTICATED",
            "details": [["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "CREDENTIALS_MISSING", "domain": "googleapis.com",
                         "metadata": ["service": "people.googleapis.com"]]],
        ]])
        let wrong = harness.send("GET", "/v1/people/me/connections?personFields=names", token: "ya29.nonsense")
        #expect(wrong.status == 401)
        #expect(wrong.reason == "ACCESS_TOKEN_TYPE_UNSUPPORTED")
        let narrow = harness.send("GET", "/v1/people/me/connections?personFields=names",
                                  token: harness.token(scopes: ["https://www.googleapis.com/auth/contacts.other.readonly"]))
        #expect(narrow.status == 403)
        #expect(narrow.json["error"]?["status"] == "PERMISSION_DENIED")
        #expect(narrow.reason == "ACCESS_TOKEN_SCOPE_INSUFFICIENT")
        #expect(narrow.header("WWW-Authenticate")?.contains("error=\"insufficient_scope\"") == true)
    }

    // MARK: Seeding and generating

    @Test func seedingTwiceAddsNothing() throws {
        let (harness, _) = try Self.seeded()
        let before = try harness.emulator.store.latestVersion()
        try harness.emulator.seedContacts(path: Self.seedFile)
        #expect(try harness.emulator.store.latestVersion() == before)
        #expect(try harness.emulator.store.contacts().map(\.name) == ["Ana López", "Ana Pérez", "Bob Stone", "Carla Gomez"])
    }

    @Test func generatesTheSameContactsEveryRunAndTenThousandQuickly() throws {
        let one = try EmulatorHarness(), two = try EmulatorHarness()
        var first = SeededRandom(seed: 3), second = SeededRandom(seed: 3)
        try one.emulator.generateContacts(10_000, random: &first)
        try two.emulator.generateContacts(5, random: &second)
        #expect(try Array(one.emulator.store.contactFeed(after: 0).prefix(5).map(Emulator.storedID))
            == two.emulator.store.contactFeed(after: 0).map(Emulator.storedID))
        let sample = try #require(try two.emulator.store.contacts().first)
        #expect(sample.emails.count == 1 && sample.phones.count == 1 && sample.givenName != nil && sample.familyName != nil)
        #expect(sample.id.hasPrefix("c"))
        let phone = try #require(sample.phones.first?.value)
        #expect(phone.count == 15 && phone.hasPrefix("+34 6") && PersonResource.canonicalForm(phone)?.count == 12)

        let token = one.token()
        let pages = Self.allPages(one, "/v1/people/me/connections?personFields=names,emailAddresses,phoneNumbers&pageSize=1000", token: token)
        #expect(pages.count == 10)
        #expect(pages.reduce(0) { $0 + ($1.json["connections"]?.arrayValue?.count ?? 0) } == 10_000)
        #expect(Set(pages.flatMap { Self.resourceNames($0) }).count == 10_000)
    }

    /// Found by google-api-python-client's contactGroups calls: the emulator had no contact
    /// groups (404), so an app's labels could not be read or written.
    @Test func contactGroupsHoldTheirMembersAsMemberships() throws {
        let (harness, token) = try Self.seeded()
        let listed = harness.send("GET", "/v1/contactGroups", token: token)
        #expect(listed.json["contactGroups"]?.arrayValue?.compactMap { $0["formattedName"]?.stringValue }
            == ["My Contacts", "Starred", "Friends", "Family", "Coworkers", "Chat contacts", "All Contacts", "Blocked"])
        #expect(listed.json["contactGroups"]?.arrayValue?.first?["memberCount"] == 4)
        #expect(listed.json["contactGroups"]?.arrayValue?.first?["groupType"] == "SYSTEM_CONTACT_GROUP")
        #expect(listed.json["totalItems"] == 8)
        #expect(listed.json["nextSyncToken"]?.stringValue != nil)

        let made = harness.send("POST", "/v1/contactGroups", json: ["contactGroup": ["name": "Climbing"]], token: token)
        #expect(made.status == 200)
        let name = try #require(made.json["resourceName"]?.stringValue)
        #expect(made.json["groupType"] == "USER_CONTACT_GROUP")
        #expect(made.json["formattedName"] == "Climbing")
        #expect(made.json["memberCount"] == nil)
        let again = harness.send("POST", "/v1/contactGroups", json: ["contactGroup": ["name": "Climbing"]], token: token)
        #expect(again.status == 409)
        #expect(again.json["error"]?["status"] == "ALREADY_EXISTS")

        // Members are the contacts' memberships, and a sync reports the contact as changed.
        let sync = try #require(harness.send("GET", "/v1/people/me/connections?personFields=names&requestSyncToken=true", token: token)
            .json["nextSyncToken"]?.stringValue)
        let modified = harness.send("POST", "/v1/\(name)/members:modify",
                                    json: ["resourceNamesToAdd": [.string("people/" + Self.bob), "people/c1"]], token: token)
        #expect(modified.json == ["notFoundResourceNames": ["people/c1"]])
        let group = harness.send("GET", "/v1/\(name)?maxMembers=5", token: token)
        #expect(group.json["memberResourceNames"] == [.string("people/" + Self.bob)])
        #expect(group.json["memberCount"] == 1)
        let bob = harness.send("GET", "/v1/people/\(Self.bob)?personFields=memberships", token: token)
        #expect(bob.json["memberships"]?.arrayValue?.compactMap { $0["contactGroupMembership"]?["contactGroupResourceName"]?.stringValue }
            == ["contactGroups/myContacts", name])
        let delta = harness.send("GET", "/v1/people/me/connections?personFields=names&syncToken=" + Self.escaped(sync), token: token)
        #expect(Self.resourceNames(delta) == ["people/" + Self.bob])

        // Renamed with its etag; a stale etag is refused.
        let etag = try #require(made.json["etag"]?.stringValue)
        let renamed = harness.send("PUT", "/v1/\(name)", json: ["contactGroup": ["name": "Bouldering", "etag": .string(etag)]], token: token)
        #expect(renamed.json["name"] == "Bouldering")
        let stale = harness.send("PUT", "/v1/\(name)", json: ["contactGroup": ["name": "Again", "etag": .string(etag)]], token: token)
        #expect(stale.status == 400)
        #expect(stale.json["error"]?["status"] == "FAILED_PRECONDITION")

        // Deleted: its members stay, in My Contacts.
        #expect(harness.send("DELETE", "/v1/\(name)", token: token).json == [:])
        #expect(harness.send("GET", "/v1/\(name)", token: token).status == 404)
        #expect(harness.send("GET", "/v1/people/\(Self.bob)?personFields=memberships", token: token).json["memberships"]?.arrayValue?.count == 1)
        #expect(harness.send("DELETE", "/v1/contactGroups/myContacts", token: token).status == 400)
        let readOnly = harness.token(scopes: ["https://www.googleapis.com/auth/contacts.readonly"])
        #expect(harness.send("GET", "/v1/contactGroups", token: readOnly).status == 200)
        #expect(harness.send("POST", "/v1/contactGroups", json: ["contactGroup": ["name": "X"]], token: readOnly).status == 403)
    }

    @Test func contactsAreCreatedUpdatedAndDeletedInBatches() throws {
        let (harness, token) = try Self.seeded()
        let created = harness.send("POST", "/v1/people:batchCreateContacts", json: [
            "contacts": [["contactPerson": ["names": [["givenName": "Dana"]]]], ["contactPerson": ["names": [["givenName": "Eli"]]]]],
            "readMask": "names",
        ], token: token)
        #expect(created.status == 200)
        let people = created.json["createdPeople"]?.arrayValue ?? []
        #expect(people.map { $0["httpStatusCode"] } == [200, 200])
        #expect(people.compactMap { $0["person"]?["names"]?.arrayValue?.first?["displayName"]?.stringValue } == ["Dana", "Eli"])
        let dana = try #require(people.first?["person"])
        let danaName = try #require(dana["resourceName"]?.stringValue)
        let eliName = try #require(people.last?["person"]?["resourceName"]?.stringValue)

        let updated = harness.send("POST", "/v1/people:batchUpdateContacts", json: [
            "contacts": .object([(danaName, .object([("etag", dana["etag"]!), ("emailAddresses", [["value": "dana@example.com"]])]))]),
            "updateMask": "emailAddresses", "readMask": "names,emailAddresses",
        ], token: token)
        #expect(updated.json["updateResult"]?[danaName]?["person"]?["emailAddresses"]?.arrayValue?.first?["value"] == "dana@example.com")
        #expect(updated.json["updateResult"]?[danaName]?["person"]?["names"]?.arrayValue?.first?["displayName"] == "Dana")
        // A stale etag fails the whole batch.
        let stale = harness.send("POST", "/v1/people:batchUpdateContacts", json: [
            "contacts": .object([(danaName, .object([("etag", dana["etag"]!), ("emailAddresses", [])]))]), "updateMask": "emailAddresses", "readMask": "names",
        ], token: token)
        #expect(stale.status == 400)
        #expect(harness.send("POST", "/v1/people:batchCreateContacts", json: ["contacts": [], "readMask": "names"], token: token).status == 400)
        #expect(harness.send("POST", "/v1/people:batchCreateContacts", json: ["contacts": [["contactPerson": [:]]]], token: token).status == 400)

        // One unknown name: nothing is deleted.
        let refused = harness.send("POST", "/v1/people:batchDeleteContacts", json: ["resourceNames": [.string(danaName), "people/c1"]], token: token)
        #expect(refused.status == 404)
        #expect(harness.send("GET", "/v1/\(danaName)?personFields=names", token: token).status == 200)
        #expect(harness.send("POST", "/v1/people:batchDeleteContacts", json: ["resourceNames": [.string(danaName), .string(eliName)]], token: token).json == [:])
        #expect(harness.send("GET", "/v1/\(danaName)?personFields=names", token: token).status == 404)
        #expect(Self.displayNames(harness.send("GET", "/v1/people/me/connections?personFields=names", token: token)).count == 4)
    }
}
