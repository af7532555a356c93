import ClerkCore
import Foundation
import LoopbackHTTP

/// The Person fields a People call reads or writes: its `personFields`, `readMask` or
/// `updatePersonFields` parameter.
///
/// Google reads these as protobuf field masks: a comma list of top-level Person field names,
/// in camelCase or snake_case. The deprecated `requestMask.includeField` says the same as
/// `person.names,person.email_addresses`, and is read when `personFields` is absent.
struct PersonFields: Equatable {
    var names: Set<String>

    func contains(_ field: String) -> Bool { names.contains(field) }

    /// Every field a read may ask for (the discovery document's list for people.get).
    static let readable = [
        "addresses", "ageRanges", "biographies", "birthdays", "calendarUrls", "clientData", "coverPhotos", "emailAddresses",
        "events", "externalIds", "genders", "imClients", "interests", "locales", "locations", "memberships", "metadata",
        "miscKeywords", "names", "nicknames", "occupations", "organizations", "phoneNumbers", "photos", "relations",
        "sipAddresses", "skills", "urls", "userDefined",
    ]

    /// The fields a client may write (updateContact's list for `updatePersonFields`).
    static let writable = [
        "addresses", "biographies", "birthdays", "calendarUrls", "clientData", "emailAddresses", "events", "externalIds",
        "genders", "imClients", "interests", "locales", "locations", "memberships", "miscKeywords", "names", "nicknames",
        "occupations", "organizations", "phoneNumbers", "relations", "sipAddresses", "urls", "userDefined",
    ]

    /// What an "Other contact" holds (otherContacts.list's `readMask` for the CONTACT source).
    static let otherContact = ["emailAddresses", "metadata", "names", "phoneNumbers", "photos"]

    /// What otherContacts.search may read.
    static let otherContactSearch = ["emailAddresses", "metadata", "names", "phoneNumbers"]

    static let all = PersonFields(names: Set(readable))

    /// Reads the mask in the query parameter `parameter`.
    ///
    /// - Parameters:
    ///   - allowed: the field names this call accepts; another is a 400.
    ///   - method: the method's page under `people/api/rest/v1/`, named in the messages as Google does.
    ///   - default: the mask when the parameter is absent or empty; nil makes it required (400).
    static func read(_ call: Call, parameter: String, allowed: [String], method: String,
                     default: PersonFields? = nil) throws(GoogleError) -> PersonFields {
        var text = call.parameter(parameter) ?? ""
        if text.trimmingCharacters(in: .whitespaces).isEmpty, parameter == "personFields" {
            text = call.parameter("requestMask.includeField") ?? ""
        }
        return try parse(text, parameter: parameter, allowed: allowed, method: method, default: `default`)
    }

    /// Reads a mask given as text (a member of a request body, or a query parameter).
    static func parse(_ text: String, parameter: String, allowed: [String], method: String,
                      default: PersonFields? = nil) throws(GoogleError) -> PersonFields {
        let paths = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !paths.isEmpty else {
            if let `default` { return `default` }
            throw GoogleError.badRequest("\(parameter) mask is required. Please specify one or more valid paths. "
                + "Valid paths are documented at https://developers.google.com/people/api/rest/v1/\(method).", location: parameter)
        }
        var names = Set<String>()
        for path in paths {
            let name = camelCase(path.hasPrefix("person.") ? String(path.dropFirst(7)) : path)
            guard allowed.contains(name) else {
                throw GoogleError.badRequest("Invalid \(parameter) mask path: \"\(path)\". "
                    + "Valid paths are documented at https://developers.google.com/people/api/rest/v1/\(method).", location: parameter)
            }
            names.insert(name)
        }
        return PersonFields(names: names)
    }

    /// `email_addresses` → `emailAddresses`; camelCase stays as it is.
    static func camelCase(_ text: String) -> String {
        var result = ""
        var upper = false
        for character in text {
            if character == "_" {
                upper = true
            } else {
                result += upper ? character.uppercased() : String(character)
                upper = false
            }
        }
        return result
    }
}
