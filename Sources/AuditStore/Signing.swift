/// Whose name a store's records carry: the name a store records as by itself (only the demo's
/// names one), and whether the store has said once whose name its records carry.
extension AuditStore {
    /// The name this store records as when neither `--by` nor `DTAUDIT_USER` names someone; nil
    /// for a team's store, which signs with git's name.
    public func ownAuthor() throws -> String? {
        try meta("author")
    }

    public func setOwnAuthor(_ name: String) throws {
        try write { try setMeta("author", name) }
    }

    /// True the first time it is asked in this store, and never again: whether a command should
    /// now say whose name its records carry. The store is local, so each clone is told once.
    public func claimSignerNotice() throws -> Bool {
        // Asked after every command that signs: a read settles it without taking the write lock.
        if isReadOnly { return false }
        if try meta("signer_noticed") != nil { return false }
        return try write {
            if try meta("signer_noticed") != nil { return false }
            try setMeta("signer_noticed", "1")
            return true
        }
    }
}
