import AuditStore
import Platform

/// What `dtaudit sync` did: the sync's report, the file it kept in step, the store it set up when
/// there was none, and whether git could be told to merge the file itself.
public struct SyncOutcome: Sendable {
    public var report: SyncReport
    public var shared: SharedAudit
    /// The store set up from the file, in a clone that had none.
    public var createdStore: StoreLocation?
    /// The file was written or a store set up in a git checkout whose git does not yet hand the
    /// file to dtaudit's merge driver: `dtaudit git-setup` would.
    public var suggestsGitSetup: Bool
    /// What git is in the middle of with the file, as sync found it.
    public var git = GitState(path: "")
    /// A commit since the last sync that removed records the store holds (a `git revert`).
    public var removal: CommitRemoval?
}

extension Sync {
    /// `dtaudit sync [FILE]`: syncs the store `query` finds with `file` (the store's own shared file
    /// by default); without a store, sets one up from `file` or the one audit file in Exports/, in
    /// the folder above that Exports/ unless `--store` or `DTAUDIT_STORE` names where.
    public static func perform(_ query: StoreQuery, file: String?) throws -> SyncOutcome {
        let given = file.map { Files.absolute($0, from: query.workingDirectory) }
        if let store = try query.openIfPresent()?.store {
            let shared = try given.map { SharedAudit.named($0, root: store.location.root) } ?? SharedAudit.of(store)
            if store.location.holds(shared.path) {
                throw SharedFileProblem("cannot write \(shared.relativePath): it is inside the store's folder \(store.location.folder); choose a file outside it",
                                        kind: .misnamed)
            }
            let git = GitState.of(shared)
            removeLeftovers(of: store.location)
            let report = try run(store, with: shared, holding: git.hold, sides: git.unmerged ? git.sides : [], stashedEvidence: git.stashedEvidence)
            // A hint, never a reason to fail the sync; held, the file is not in step, and the commits
            // are looked at by the sync that writes it.
            let removal = git.inCheckout && report.held == nil ? (try? CommitRemovals.check(store, shared)) ?? nil : nil
            return SyncOutcome(report: report, shared: shared, createdStore: nil,
                               suggestsGitSetup: git.inCheckout && suggestsGitSetup(report, shared, created: false, inCheckout: true), git: git,
                               removal: removal)
        }
        let location: StoreLocation
        let shared: SharedAudit
        if let given {
            location = query.isNamed ? try query.newLocation() : try StoreLocation.own(in: root(of: given, workingDirectory: query.workingDirectory))
            shared = SharedAudit.named(given, root: location.root)
        } else {
            guard let found = SharedAudit.find(from: query.workingDirectory) else {
                throw SharedFileProblem("no audit store here, and no audit file in Exports/ to set one up from; 'dtaudit init' starts an audit", kind: .missing)
            }
            if found.files.count > 1 {
                throw SharedFileProblem("several audit files in \(found.root)/Exports: " + found.files.joined(separator: ", ") + "; name the one to sync with",
                                        kind: .misnamed)
            }
            location = query.isNamed ? try query.newLocation() : try StoreLocation.own(in: found.root)
            shared = SharedAudit(root: location.root, relativePath: found.files[0])
        }
        guard shared.status() != nil else { throw SharedFileProblem("no file '\(file ?? shared.relativePath)'", kind: .missing) }
        removeLeftovers(of: location)
        let git = GitState.of(shared)
        let report = try createStore(at: location, from: shared, sides: git.unmerged ? git.sides : []).1
        return SyncOutcome(report: report, shared: shared, createdStore: location, suggestsGitSetup: suggestsGitSetup(report, shared, created: true), git: git)
    }

    /// Removes the temporary files a sync killed midway left in the store's folder (a database
    /// being set up, a copy of the file being kept, evidence being taken in): only names of the
    /// forms dtaudit's writers give them, made by processes that no longer run.
    static func removeLeftovers(of location: StoreLocation) {
        Files.removeLeftovers(of: [location.databasePath, SharedCopy.copyPath(location), SharedCopy.indexPath(location)])
        AuditStore.removeIncomingLeftovers(in: location)
    }

    /// The folder a shared file belongs to: the one above its `Exports/`, else the working folder.
    static func root(of path: String, workingDirectory: String) -> String {
        let folder = PathNames.folder(of: path)
        return PathNames.fileName(of: folder) == "Exports" ? PathNames.folder(of: folder) : workingDirectory
    }

    /// `inCheckout` when git's state was asked already: no need to ask again.
    private static func suggestsGitSetup(_ report: SyncReport, _ shared: SharedAudit, created: Bool, inCheckout: Bool = false) -> Bool {
        (created || report.wroteFile) && (inCheckout || Subprocess.output(of: "git", ["-C", shared.root, "rev-parse", "--git-dir"]) != nil)
            && !GitSetup.isSetUp(file: shared.path)
    }
}

extension GitSetup {
    /// The shared file `dtaudit git-setup` sets git up for: the one named, else the store's, else
    /// the only audit file in Exports/.
    public static func sharedFile(_ query: StoreQuery, given: String?) throws -> String {
        if let given { return Files.absolute(given, from: query.workingDirectory) }
        if let store = try query.openIfPresent()?.store { return try SharedAudit.of(store).path }
        if let found = SharedAudit.find(from: query.workingDirectory), found.files.count == 1 { return found.root + "/" + found.files[0] }
        throw SharedFileProblem("no audit store or shared audit file here; name the file: dtaudit git-setup Exports/<app>.json", kind: .missing)
    }
}
