import AuditLog
import AuditStore
import Platform

/// An unmerged shared file: git keeps each side in its index (stages 2 and 3), while the file holds
/// what git or a failed merge driver left there (conflict markers, or our side alone). A sync takes
/// in both sides from the index as well as the file, or refuses, naming the side it could not read:
/// it never says it merged what it did not read.
extension Sync {
    /// Takes each of `sides` into the store, inside the caller's transaction; returns what they
    /// brought, together.
    static func take(_ sides: [GitState.Side], of shared: SharedAudit, into store: AuditStore) throws -> ImportReport {
        var together: ImportReport?
        for side in sides {
            let brought = try take(side, of: shared, into: store)
            together = together.map { brought.adding($0) } ?? brought
        }
        return together ?? ImportReport()
    }

    /// Takes one side, read from git's object store a chunk at a time.
    private static func take(_ side: GitState.Side, of shared: SharedAudit, into store: AuditStore) throws -> ImportReport {
        let shown = "git show :\(side.stage):\(shared.relativePath)"
        func refused(_ problem: String, upgrade: Bool = false) -> SharedFileProblem {
            let mend = upgrade
                ? "upgrade dtaudit, then run 'dtaudit sync' again"
                : "mend that side and take it in ('\(shown) > \(side.name).json', correct it, 'dtaudit import \(side.name).json'), "
                    + "then 'git add \(shared.relativePath)' concludes the merge and 'dtaudit sync' writes every record into it"
            return SharedFileProblem("\(shared.relativePath) is unmerged in git, and \(side.name == "ours" ? "our" : "their") side of it ('\(shown)') "
                                     + "cannot be read: \(problem); nothing was taken in or written: \(mend)")
        }
        guard let git = Subprocess.Reading("git", ["-C", shared.root, "cat-file", "blob", side.object]) else {
            throw refused("git could not be started")
        }
        let input = git.input
        do {
            let report = try Importer.merge(reading: { input.total <= AuditFile.maximumBytes && input.read(appendingTo: &$0) }, into: store)
            if input.total > AuditFile.maximumBytes { throw refused("it is over \(AuditFile.maximumBytes >> 20) MB") }
            guard git.finish(), !input.failed else { throw refused("git could not hand it over") }
            return report
        } catch let error as InterchangeError {
            throw refused(error.description, upgrade: error.upgrade != nil)
        } catch let error as DanglingReference {
            throw refused(error.description)
        }
    }
}
