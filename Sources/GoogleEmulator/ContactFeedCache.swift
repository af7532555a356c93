import ClerkCore
import ClerkLocal
import Foundation

/// The contacts' whole change feed, read once per change of the store.
///
/// Every People list and search needs all contacts (to count, sort and filter them), and
/// reading and decoding 10,000 rows for each page of a listing made a full sync take
/// seconds. The feed is kept here until the store's newest change number moves (any write,
/// by any path, moves it), one entry per live store; an entry whose store is gone is dropped.
final class ContactFeedCache: @unchecked Sendable {
    static let shared = ContactFeedCache()

    private struct Entry {
        weak var store: LocalStore?
        var version: Int64
        var feed: [FeedEntry<Contact>]
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    /// The store's newest change number and its contact feed from the start, oldest first.
    func feed(of store: LocalStore) throws -> (version: Int64, feed: [FeedEntry<Contact>]) {
        let version = try store.latestVersion()
        let key = ObjectIdentifier(store)
        lock.lock()
        defer { lock.unlock() }
        if let entry = entries[key], entry.store === store, entry.version == version { return (version, entry.feed) }
        let feed = try store.contactFeed(after: 0)
        entries = entries.filter { $0.value.store != nil }
        entries[key] = Entry(store: store, version: version, feed: feed)
        return (version, feed)
    }
}
