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

    /// One side of an unmerged file, as git's index keeps it: stage 2 is ours (the branch merged
    /// into, or during a rebase the commits replayed onto), stage 3 theirs.
    public struct Side: Sendable, Equatable {
        public var stage: Int
        /// The blob's object name.
        public var object: String

        /// `ours` or `theirs`, as git's stages name them.
        public var name: String { stage == 2 ? "ours" : "theirs" }
    }

    /// Git lists the file as unmerged (`UU`): a merge, rebase or cherry-pick waits for `git add`.
    public var unmerged = false
    /// The sides an unmerged file has in git's index (a side that deleted the file has none).
    public var sides: [Side] = []
    /// Set when writing the file would get in git's way; nil when it may be written.
    public var hold: Hold?
    /// Files of the evidence folder a stash entry holds (by name): copying them there would make
    /// `git stash pop` abort, so they stay in the store until the stash is popped or dropped.
    public var stashedEvidence: Set<String> = []
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
                // u XY sub m1 m2 m3 mW h1 h2 h3 path: the object names of stages 1, 2 and 3, zeros where absent.
                let fields = line.split(separator: " ", maxSplits: 10, omittingEmptySubsequences: false)
                if fields.count == 11 {
                    for stage in [2, 3] where !fields[6 + stage].allSatisfy({ $0 == "0" }) {
                        state.sides.append(Side(stage: stage, object: String(fields[6 + stage])))
                    }
                }
                // Unmerged, the file is git's to conclude: sync writes the union into it.
                return state
            }
        }
        let stashed = stashed(shared)
        state.stashedEvidence = stashed.evidence
        if stashed.file {
            state.hold = .stashed
        } else if detached, born, !rebasing(root) {
            state.hold = .detached
        }
        return state
    }

    /// Whether any of the newest stash entries changes the file, and the evidence files they change
    /// or hold untracked (`git stash -u`). A few dozen entries at most are looked at: nobody pops an
    /// older one without seeing it. Without a stash, git's first answer says so.
    static func stashed(_ shared: SharedAudit) -> (file: Bool, evidence: Set<String>) {
        guard let entries = GitSetup.git(shared.root, ["log", "-g", "-n", "50", "--format=%H %P", "refs/stash"]) else { return (false, []) }
        var file = false
        var evidence = Set<String>()
        let folder = shared.relativeEvidenceFolder + "/"
        func note(_ paths: String?) {
            for path in paths?.split(separator: "\n") ?? [] {
                if path == shared.relativePath { file = true }
                if path.hasPrefix(folder) { evidence.insert(String(path.dropFirst(folder.count))) }
            }
        }
        for entry in entries.split(separator: "\n") {
            let commits = entry.split(separator: " ").map(String.init)
            guard let stash = commits.first else { continue }
            // Paths relative to the root the shared file is named from, which may lie below git's.
            note(GitSetup.git(shared.root, ["--literal-pathspecs", "diff", "--relative", "--name-only", "\(stash)^1", stash, "--",
                                            shared.relativePath, shared.relativeEvidenceFolder]))
            if commits.count > 3 {
                note(GitSetup.git(shared.root, ["--literal-pathspecs", "ls-tree", "-r", "--name-only", commits[3], "--",
                                                shared.relativePath, shared.relativeEvidenceFolder]))
            }
        }
        return (file, evidence)
    }

    /// A rebase detaches HEAD while it replays commits; the file is written as on any branch then.
    static func rebasing(_ root: String) -> Bool {
        ["rebase-merge", "rebase-apply"].contains { name in
            guard let path = GitSetup.git(root, ["rev-parse", "--git-path", name]) else { return false }
            return Files.status(path.hasPrefix("/") ? path : root + "/" + path) != nil
        }
    }
}
