import AuditStore
import Platform

/// `dtaudit sync --pre-commit FILE`, what the pre-commit hook of `git-setup --hook` runs for each
/// audit: syncs the store that shares through `FILE` and stages the file and its evidence folder,
/// so that the commit carries every record. A work tree without that audit's folder, or without
/// its store, commits untouched.
public enum CommitSync {
    public enum Outcome: Sendable {
        /// No store here shares through the file: nothing was done.
        case noStore
        /// Synced; `staged` when the file and its evidence folder went into the commit (not while
        /// git holds the file: unmerged, stashed, on a detached HEAD).
        case synced(SyncOutcome, staged: Bool)
    }

    /// The commit would carry nothing but what this sync staged: git decided what a commit holds
    /// before its pre-commit hook ran, found nothing, and would stop with "nothing to commit".
    public struct CommitAgain: Error, Sendable, CustomStringConvertible {
        public let file: String

        public var description: String {
            "\(file) lacked records this clone holds, so the hook synced it and staged it; git had found nothing to commit "
                + "before its hook ran, so run the same 'git commit' again to commit it"
        }
    }

    public static func perform(file: String, workingDirectory: String) throws -> Outcome {
        settleHookEnvironment(workingDirectory: workingDirectory)
        let path = Files.absolute(file, from: workingDirectory)
        guard let store = try store(sharingThrough: path) else { return .noStore }
        let shared = try SharedAudit.of(store)
        // A branch that does not track the file (one made before the audit started) gets no audit
        // file from its commits; a file no commit has yet is the audit's first commit, and is taken.
        if !isTracked(shared.path), hasEverBeenCommitted(shared.path) { return .noStore }
        let stagedBefore = staged(in: workingDirectory)
        let git = try GitState.of(shared)
        Sync.removeLeftovers(of: store.location)
        let report = try Sync.run(store, with: shared, holding: git.hold)
        let outcome = SyncOutcome(report: report, shared: shared, createdStore: nil, suggestsGitSetup: false, git: git)
        guard git.inCheckout, !git.unmerged, git.hold == nil else { return .synced(outcome, staged: false) }
        var paths = [PathNames.shown(shared.path, from: workingDirectory)]
        if Files.status(shared.evidenceFolder)?.kind == .directory { paths.append(PathNames.shown(shared.evidenceFolder, from: workingDirectory)) }
        guard Subprocess.output(of: "git", ["--literal-pathspecs", "add", "--"] + paths) != nil else {
            throw SharedFileProblem("cannot stage \(paths.joined(separator: " and ")) with 'git add'", kind: .unwritable)
        }
        try stageInRealIndex(paths, workingDirectory: workingDirectory)
        if stagedBefore == false, staged(in: workingDirectory) == true, !concludingAStep() {
            throw CommitAgain(file: PathNames.shown(shared.path, from: workingDirectory))
        }
        return .synced(outcome, staged: true)
    }

    /// The store whose own shared file is `path`: of the nearest audit folder at or above the
    /// file's folder, up to the repository's top, that shares through it; nil when there is none,
    /// or when the file's folder is not in this work tree (a branch without that app).
    static func store(sharingThrough path: String) throws -> AuditStore? {
        var folder = PathNames.folder(of: path)
        // The folder above `Exports/`, as a store of the default layout has it, or any above that.
        guard Files.status(folder)?.kind == .directory || Files.status(PathNames.folder(of: folder))?.kind == .directory else { return nil }
        while true {
            let query = StoreQuery(explicit: nil, environment: nil, workingDirectory: folder)
            let location: StoreLocation
            do {
                location = try query.location()
            } catch StoreError.notFound {
                return nil
            }
            if Files.status(location.root)?.kind == .directory {
                let store = try AuditStore.open(location)
                if try SharedAudit.of(store).path == path { return store }
            }
            let above = PathNames.folder(of: location.root)
            guard above != location.root, GitCheckout.containing(location.root)?.top != location.root else { return nil }
            folder = above
        }
    }

    /// Whether the index of the commit being made holds `path`: the branch tracks the file.
    static func isTracked(_ path: String) -> Bool {
        Subprocess.output(of: "git", ["--literal-pathspecs", "ls-files", "--cached", "-z", "--", path]).map { !$0.isEmpty } ?? true
    }

    /// Whether any commit of the repository, on any branch, holds `path`.
    static func hasEverBeenCommitted(_ path: String) -> Bool {
        Subprocess.output(of: "git", ["--literal-pathspecs", "log", "--all", "-1", "--format=%H", "--", path]).map { !$0.isEmpty } ?? false
    }

    /// A partial commit (`git commit FILE`, `-o`) is made from an index of its own
    /// (`next-index-*.lock`), and git then keeps, as the real index, the one it wrote to
    /// `index.lock` before its hook ran: staged only in the first, the synced file would stand in
    /// the commit while the index kept the file as it was, a change undoing the commit's. Staged in
    /// both, the commit and the index agree.
    static func stageInRealIndex(_ paths: [String], workingDirectory: String) throws {
        guard let index = System.environment("GIT_INDEX_FILE"), PathNames.fileName(of: index).hasPrefix("next-index-"),
              let gitFolder = GitCheckout.containing(workingDirectory)?.gitDirectory else { return }
        let real = gitFolder + "/index.lock"
        guard Files.status(real, followLinks: false)?.kind == .regular else { return }
        System.setEnvironment("GIT_INDEX_FILE", real)
        defer { System.setEnvironment("GIT_INDEX_FILE", index) }
        guard Subprocess.output(of: "git", ["--literal-pathspecs", "add", "--"] + paths) != nil else {
            throw SharedFileProblem("cannot stage \(paths.joined(separator: " and ")) in the index after this partial commit with 'git add'",
                                    kind: .unwritable)
        }
    }

    /// Whether anything is staged for the commit git is making; nil when git cannot say (no
    /// commit yet, say).
    static func staged(in folder: String) -> Bool? {
        Subprocess.output(of: "git", ["diff", "--cached", "--name-only", "-z"]).map { !$0.isEmpty }
    }

    /// A merge, cherry-pick or revert being concluded may commit what it already holds.
    static func concludingAStep() -> Bool {
        ["MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD"].contains { Subprocess.output(of: "git", ["rev-parse", "-q", "--verify", $0]) != nil }
    }

    /// Git runs a hook from the work tree's top with `GIT_DIR` set in a linked work tree and
    /// `GIT_INDEX_FILE` relative to the top: git started in another folder of the work tree would
    /// take that folder for the top, or miss the index. Naming both in full keeps every git this
    /// process starts on the work tree and the index of the commit being made.
    static func settleHookEnvironment(workingDirectory: String) {
        if System.environment("GIT_DIR") != nil, System.environment("GIT_WORK_TREE") == nil {
            System.setEnvironment("GIT_WORK_TREE", workingDirectory)
        }
        for name in ["GIT_DIR", "GIT_INDEX_FILE"] {
            if let value = System.environment(name), !value.isEmpty, !value.hasPrefix("/") {
                System.setEnvironment(name, Files.absolute(value, from: workingDirectory))
            }
        }
    }
}
