import ClerkCore
import ClerkLanguage
import Foundation

/// contact_lookup: a card, a list, or just the field asked for.
extension Session {
    func lookUpContact(_ query: ContactQuery) -> Reply {
        if query.isRelation {
            return Reply(intent: .contactLookup, ok: false, message: Renderer.relationUnknown(query.name))
        }
        let matches: [Contact]
        do { matches = try context.contacts.lookupContacts(query.name) } catch { return failure(.contactLookup, error) }
        let json: [(String, JSONValue)] = [("contacts", .array(matches.map(JSONShapes.contact)))]
        guard !matches.isEmpty else {
            let everyone = (try? context.contacts.contactNames()) ?? []
            return Reply(intent: .contactLookup, ok: false,
                         message: Renderer.noContact(query.name, closest: Spelling.closest(to: query.name, in: everyone)), fields: json)
        }
        if matches.count == 1 {
            let message = query.field == .all
                ? Renderer.contactCard(matches[0], style: context.style)
                : Renderer.contactField(matches[0], query.field)
            return Reply(intent: .contactLookup, ok: true, message: message, fields: json)
        }
        return Reply(intent: .contactLookup, ok: true, message: Renderer.contactList(matches, field: query.field, style: context.style), fields: json)
    }
}
