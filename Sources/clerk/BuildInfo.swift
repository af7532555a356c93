internal import CBuildInfo

/// What the build knew about itself.
enum BuildInfo {
    /// The commit clerk was built from (`git describe`'s hash, `-dirty` when the tree had
    /// changes), linked in by `make`; nil after a plain `swift build`.
    static let commit: String? = {
        guard let text = cbuildinfo_commit() else { return nil }
        let commit = String(cString: text)
        return commit.isEmpty ? nil : commit
    }()
}
