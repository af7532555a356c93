/// Told how far an import has come: `done` of `total` items written. Called on the
/// importing thread, often; a caller that draws should throttle.
public typealias ImportProgress = (_ done: Int, _ total: Int) -> Void

/// An event read from an iCalendar file, named by its UID so that importing it again
/// updates the stored event instead of adding a second one.
public struct ImportedEvent: Hashable, Sendable {
    public var uid: String
    public var draft: EventDraft
    /// For a changed occurrence of the series with the same `uid` (RECURRENCE-ID): the start
    /// the occurrence had in the series.
    public var originalStart: When?
    /// A cancelled occurrence (STATUS:CANCELLED with a RECURRENCE-ID): the series skips it.
    public var isCancelled: Bool

    public init(uid: String, draft: EventDraft, originalStart: When? = nil, isCancelled: Bool = false) {
        self.uid = uid
        self.draft = draft
        self.originalStart = originalStart
        self.isCancelled = isCancelled
    }
}

/// A contact read from a vCard, named by its UID so that importing it again updates it.
public struct ImportedContact: Hashable, Sendable {
    public var uid: String
    /// The card's fields; its `id` is not used (the backend keeps its own).
    public var contact: Contact

    public init(uid: String, contact: Contact) {
        self.uid = uid
        self.contact = contact
    }
}

/// What an import changed.
public struct ImportSummary: Hashable, Sendable {
    /// Items that were not in the store before.
    public var added: Int
    /// Items already there (same UID) whose content changed.
    public var updated: Int
    /// Items already there exactly as imported.
    public var unchanged: Int
    /// Contacts already there under another UID (the same person from another address
    /// book), given what the imported card added.
    public var merged: Int

    public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0, merged: Int = 0) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
        self.merged = merged
    }

    public var total: Int { added + updated + unchanged + merged }
}
