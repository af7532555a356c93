public import ClerkCore

/// What `clerk import` and `clerk export` say.
extension Renderer {
    /// After an import: how many items went where, and how many were new.
    public static func imported(_ summary: ImportSummary, noun: String, into place: String?, file: String) -> String {
        guard summary.total > 0 else { return "\(file) has no \(noun)s to import." }
        let parts = [(summary.added, "new"), (summary.updated, "updated"), (summary.unchanged, "already there"),
                     (summary.merged, summary.merged == 1 ? "added to a contact of the same name" : "added to contacts of the same name")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        let count = summary.total == 1 ? "1 \(noun)" : "\(summary.total) \(noun)s"
        return "Imported \(count)" + (place.map { " into \($0.oneLine)" } ?? "") + ": " + parts.joined(separator: ", ") + "."
    }

    /// SIGTERM or Ctrl-C during an import into the local store, which is one transaction:
    /// SQLite takes back what it had written.
    public static let importStopped = "stopped before the import finished: nothing was imported"

    /// A calendar name that matches none, with the nearest one or the list.
    public static func noCalendar(named name: String, among names: [String], suggestion: String?) -> String {
        if let suggestion { return "no calendar named \(TextStyle.quoted(name)). Did you mean '\(suggestion.oneLine)'?" }
        return "no calendar named \(TextStyle.quoted(name)). Calendars: \(names.map(\.oneLine).joined(separator: ", "))."
    }

}
