import AuditStore
import Platform

/// A commit that removed records from the shared file: a `git revert` of an audit commit, or a
/// hand edit committed. A record is taken back only by another record, so the file holds them
/// again after the next sync (or the merge driver's union); this names the commit, so that nobody
/// thinks the revert took anything back.
public struct CommitRemoval: Sendable, Equatable {
    /// How many records it removed that the store holds.
    public var records: Int
    /// The commit's short name and subject, the latest of them when several did.
    public var commit: String
    public var subject: String
}

enum CommitRemovals {
    /// Where the store remembers the commit its last sync saw.
    static let mark = "synced_head"
    /// Commits looked at between two syncs: a pull of weeks' work brings fewer that touch the file.
    static let limit = 50

    /// Looks at the commits that changed the file since the last sync in this checkout, on every
    /// side of the merges between (a merge whose result equals one side would hide the other's),
    /// merges aside (they are the union of their sides), for record lines removed and not put back
    /// in the same commit, and remembers where HEAD is. Nil when none removed a record the store holds.
    static func check(_ store: AuditStore, _ shared: SharedAudit) throws -> CommitRemoval? {
        guard let head = GitSetup.git(shared.root, ["rev-parse", "--verify", "-q", "HEAD"]), !head.isEmpty else { return nil }
        let last = try store.mark(mark)
        if last != head { try store.write { try store.setMark(mark, head) } }
        guard let last, last != head,
              let log = GitSetup.git(shared.root, ["--literal-pathspecs", "log", "--full-history", "--no-merges", "-n", "\(limit)", "--raw", "--abbrev=40",
                                                   "--format=commit %H%x09%s", "\(last)..\(head)", "--", shared.relativePath]) else { return nil }
        var removed = Set<String>()
        var latest: (commit: String, subject: String)?
        var commit: (name: String, subject: String)?
        for line in log.split(separator: "\n") {
            if line.hasPrefix("commit ") {
                let fields = line.dropFirst(7).split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                commit = (fields[0], fields.count > 1 ? fields[1] : "")
                continue
            }
            // :100644 100644 <before> <after> M<tab>path: only a file that shrank can have lost a line,
            // since an audit commit only adds lines; its diff is read then, and only then.
            let raw = line.split(separator: " ")
            guard let commit, line.hasPrefix(":"), raw.count >= 5, let before = Self.size(String(raw[2]), shared),
                  let after = Self.size(String(raw[3]), shared), after < before else { continue }
            let ids = removedRecords(in: commit.name, shared)
            guard !ids.isEmpty else { continue }
            if latest == nil { latest = (String(commit.name.prefix(7)), commit.subject) }
            removed.formUnion(ids)
        }
        guard let latest, !removed.isEmpty else { return nil }
        let held = try store.held(Array(removed))
        guard !held.isEmpty else { return nil }
        return CommitRemoval(records: held.count, commit: latest.commit, subject: latest.subject)
    }

    /// The size of a blob; nil for none (the file added or deleted).
    static func size(_ object: String, _ shared: SharedAudit) -> Int? {
        guard !object.allSatisfy({ $0 == "0" }) else { return nil }
        return GitSetup.git(shared.root, ["cat-file", "-s", object]).flatMap { Int($0) }
    }

    /// The ids of record lines `commit` removed from the file and did not add back, read from its
    /// diff a chunk at a time (an audit commit only adds lines, so the diff is small).
    static func removedRecords(in commit: String, _ shared: SharedAudit) -> Set<String> {
        guard let diff = Subprocess.Reading("git", ["-C", shared.root, "--literal-pathspecs", "diff", "--no-color", "--no-ext-diff", "--no-textconv",
                                                    "-U0", "\(commit)^", commit, "--", shared.relativePath]) else { return [] }
        let input = diff.input
        var lines = LineReader { input.read(appendingTo: &$0) }
        var removed = Set<String>()
        var added = Set<String>()
        while let line = lines.next() {
            guard line.count > 12, line.first == UInt8(ascii: "-") || line.first == UInt8(ascii: "+"),
                  let id = AuditFile.quickID(line.dropFirst()) else { continue }
            if line.first == UInt8(ascii: "-") { removed.insert(id) } else { added.insert(id) }
        }
        guard diff.finish() else { return [] }
        return removed.subtracting(added)
    }
}
