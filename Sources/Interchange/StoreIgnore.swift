import AuditStore
import Platform

/// Brings the `.gitignore` of a store made by an earlier version up to date: that one ignored only
/// the database, so `.dtaudit/.gitignore` itself stayed untracked after the guide's `git add`.
public enum StoreIgnore {
    /// What `init` wrote before the whole folder was ignored, byte for byte.
    static let earlier = "# The store stays local; the audit is shared through `dtaudit sync` (Exports/<app>.json).\naudit.sqlite\naudit.sqlite-*\n"

    /// Rewrites `folder/.gitignore` as `AuditStore.ignoredFolder` when it is a regular file holding
    /// exactly the earlier text and git does not track it (a team that committed it keeps its own).
    /// Returns whether it changed; any failure leaves the file as it was.
    @discardableResult
    public static func upgrade(folder: String) -> Bool {
        let path = folder + "/.gitignore"
        guard Files.status(path, followLinks: false)?.kind == .regular,
              let bytes = RegularFile(opening: path)?.readAll(), bytes.elementsEqual(earlier.utf8) else { return false }
        // `ls-files --error-unmatch` fails for an untracked file, and so outside a repository.
        if GitSetup.git(folder, ["ls-files", "--error-unmatch", "--", ".gitignore"]) != nil { return false }
        do {
            try Files.writeAtomically(path) { $0.write(AuditStore.ignoredFolder) }
        } catch {
            return false
        }
        return true
    }
}
