import Platform

extension AuditStore {
    /// Where the store shares its audit and how that file looked after the last sync.
    public struct Sharing: Sendable, Equatable {
        /// The shared file, relative to the folder that holds the store (`Exports/trailhead.json`).
        public var file: String
        /// The file's size and time of change when this store last read or wrote it, and the
        /// number of records the store held then: while all three are the same, nothing is new.
        public var byteCount: Int64?
        public var modified: Int64?
        public var records: Int?

        public init(file: String, byteCount: Int64? = nil, modified: Int64? = nil, records: Int? = nil) {
            self.file = file
            self.byteCount = byteCount
            self.modified = modified
            self.records = records
        }
    }

    /// How the shared file looked is kept for each work tree (`root`): linked work trees share one
    /// store, each with its own copy of the file, and one's sync says nothing of the other's file.
    /// A store from before keeps one for all, read where a work tree has none of its own yet.
    public func sharing() throws -> Sharing? {
        guard let file = try meta("shared_file") else { return nil }
        let state = (try meta(sharedStateKey) ?? meta("shared_state") ?? "").split(separator: " ").compactMap { Int64($0) }
        guard state.count == 3 else { return Sharing(file: file) }
        return Sharing(file: file, byteCount: state[0], modified: state[1], records: Int(state[2]))
    }

    public func setSharing(_ sharing: Sharing) throws {
        try setMeta("shared_file", sharing.file)
        // The states of work trees that are gone go too.
        let kept = try db.rows("SELECT key FROM meta WHERE key >= 'shared_state ' AND key < 'shared_state!'") { $0.string("key") }
        for key in kept where key != sharedStateKey && Files.status(String(key.dropFirst("shared_state ".count))) == nil {
            try db.run("DELETE FROM meta WHERE key = ?", [key])
        }
        try db.run("DELETE FROM meta WHERE key = 'shared_state'")
        if let byteCount = sharing.byteCount, let modified = sharing.modified, let records = sharing.records {
            try setMeta(sharedStateKey, "\(byteCount) \(modified) \(records)")
        } else {
            try db.run("DELETE FROM meta WHERE key = ?", [sharedStateKey])
        }
    }

    /// `shared_state ROOT`: the state of the shared file of the work tree this store was opened from.
    var sharedStateKey: String { "shared_state " + location.root }
}
