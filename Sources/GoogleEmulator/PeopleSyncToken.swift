import ClerkCore
import Foundation

/// A People sync token: which list it belongs to, the change number the listing was
/// complete up to, the emulator's `syncTokensValidFrom` when it was made, and when.
///
/// A token is expired (400 `EXPIRED_SYNC_TOKEN`) once `/_emulator/sync-tokens/expire` has
/// run since it was made, seven days after it was made (Google's limit, by the emulator's
/// clock), or when it reaches past the store's newest change (it was made before a reset).
/// Comparing the bar in force when it was made, rather than its change number, keeps a token
/// made just after an expiry valid even when nothing changed in between.
struct PeopleSyncToken: Equatable {
    var kind: PersonKind
    var after: Int64
    var validFrom: Int64
    var issued: Date

    /// How long a token lives.
    static let lifetime: TimeInterval = 7 * 24 * 3600

    init(kind: PersonKind, after: Int64, validFrom: Int64, issued: Date) {
        self.kind = kind
        self.after = after
        self.validFrom = validFrom
        self.issued = Date(timeIntervalSince1970: issued.timeIntervalSince1970.rounded(.down))
    }

    var text: String {
        let kindName = kind == .contact ? "connections" : "otherContacts"
        return Wire.base64URL(Array("people:\(kindName):\(after):\(validFrom):\(Int64(issued.timeIntervalSince1970))".utf8))
    }

    /// Reads a token; nil for anything that is not one.
    init?(_ text: String) {
        guard let bytes = Wire.base64URLDecoded(text) else { return nil }
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == "people", let after = Int64(parts[2]), let validFrom = Int64(parts[3]),
              let issued = Int64(parts[4]), after >= 0 else { return nil }
        switch parts[1] {
        case "connections": kind = .contact
        case "otherContacts": kind = .other
        default: return nil
        }
        self.after = after
        self.validFrom = validFrom
        self.issued = Date(timeIntervalSince1970: TimeInterval(issued))
    }

    func isExpired(validFrom current: Int64, latest: Int64, now: Date) -> Bool {
        validFrom < current || after > latest || now.timeIntervalSince(issued) > PeopleSyncToken.lifetime
    }

    static let expired = GoogleError(status: 400, reason: "EXPIRED_SYNC_TOKEN",
                                     message: "Sync token is expired. Clear local cache and retry call without the sync token.",
                                     canonicalStatus: "FAILED_PRECONDITION")

    static let invalid = GoogleError.badRequest("Sync token is invalid.", location: "syncToken")
}
