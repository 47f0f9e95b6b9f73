import Platform

/// What git is in the middle of with the shared file, asked before a sync writes it: a sync must
/// not block the git step a teammate is taking, nor dirty a checkout they only look at.
public struct GitState: Sendable, Equatable {
    /// Why sync leaves the file as git put it, taking it in without writing it back.
    public enum Hold: Sendable, Equatable {
        /// A stash entry changes the file: writing it would make `git stash pop` abort.
        case stashed
        /// HEAD is detached on an older commit (not a rebase in progress): writing the file would
        /// leave a checkout made to look at the past dirty.
        case detached
    }

    /// Git lists the file as unmerged (`UU`): a merge, rebase or cherry-pick waits for `git add`.
    public var unmerged = false
    /// Set when writing the file would get in git's way; nil when it may be written.
    public var hold: Hold?
    /// The file's path as `git add` takes it from the repository's root folder.
    public var path: String
    /// The file lies in a git checkout.
    public var inCheckout = false

    /// Asks git about `shared`; outside a git checkout, or without git, it is never unmerged or held.
    /// One `git status` says whether the folder is a checkout, whether HEAD is detached or has no
    /// commit yet and whether the file is unmerged; the stash is looked at only when there is one.
    public static func of(_ shared: SharedAudit) -> GitState {
        var state = GitState(path: shared.relativePath)
        let root = shared.root
        // Optional locks off: a sync run from a hook while git holds the index must not take it.
        guard let status = GitSetup.git(root, ["--no-optional-locks", "--literal-pathspecs", "status", "--porcelain=v2", "--branch",
                                               "--no-ahead-behind", "--untracked-files=no", "--ignore-submodules", "--", shared.relativePath])
        else { return state }
        state.inCheckout = true
        var detached = false
        var born = true
        for line in status.split(separator: "\n") {
            if line == "# branch.head (detached)" { detached = true }
            if line == "# branch.oid (initial)" { born = false }
            // Unmerged entries of the one path asked about.
            if line.hasPrefix("u ") {
                state.unmerged = true
                // Unmerged, the file is git's to conclude: sync writes the union into it.
                return state
            }
        }
        if stashChanges(shared) {
            state.hold = .stashed
        } else if detached, born, !rebasing(root) {
            state.hold = .detached
        }
        return state
    }

    /// Whether any of the newest stash entries changes the file (a few dozen at most are looked at:
    /// nobody pops an older one without seeing it). Without a stash, git's first answer says so.
    static func stashChanges(_ shared: SharedAudit) -> Bool {
        guard let entries = GitSetup.git(shared.root, ["log", "-g", "-n", "50", "--format=%H", "refs/stash"]) else { return false }
        for entry in entries.split(separator: "\n") where !entry.isEmpty {
            if let changed = GitSetup.git(shared.root, ["--literal-pathspecs", "diff", "--name-only", "\(entry)^1", String(entry), "--", shared.relativePath]),
               !changed.isEmpty {
                return true
            }
        }
        return false
    }

    /// A rebase detaches HEAD while it replays commits; the file is written as on any branch then.
    static func rebasing(_ root: String) -> Bool {
        ["rebase-merge", "rebase-apply"].contains { name in
            guard let path = GitSetup.git(root, ["rev-parse", "--git-path", name]) else { return false }
            return Files.status(path.hasPrefix("/") ? path : root + "/" + path) != nil
        }
    }
}
