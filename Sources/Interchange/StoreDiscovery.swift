import AuditStore
import Platform

/// Where a command looks for its store: the folder `--store` names, else `DTAUDIT_STORE`, else the
/// store of the nearest audit walking up from the working folder (`StoreLocation.search`), kept
/// under git's common directory in a git checkout. Every command finds, opens and starts its store
/// through this one type, which moves a store an earlier dtaudit kept among the audit's files
/// there first (`StoreAdoption`).
public struct StoreQuery: Sendable {
    /// `--store`, as typed.
    public var explicit: String?
    /// `DTAUDIT_STORE`; empty counts as unset.
    public var environment: String?
    public var workingDirectory: String
    /// Told each line a command says about its store before it runs: a store moved where it
    /// belongs (`StoreMoves`, `StoreAdoption`).
    public var tell: @Sendable (String) -> Void = { _ in }

    public init(explicit: String?, environment: String?, workingDirectory: String) {
        self.explicit = explicit
        self.environment = environment.flatMap { $0.isEmpty ? nil : $0 }
        self.workingDirectory = workingDirectory
    }

    /// The query of this process: `--store` as given, `DTAUDIT_STORE` from the environment.
    public init(explicit: String?, workingDirectory: String) {
        self.init(explicit: explicit, environment: System.environment("DTAUDIT_STORE"), workingDirectory: workingDirectory)
    }

    /// Whether the store was named (`--store` or `DTAUDIT_STORE`) rather than searched for.
    public var isNamed: Bool { explicit != nil || environment != nil }

    /// The store's place; throws when there is none. A store found by walking up is moved where
    /// it belongs first (an earlier release's `.dtaudit/`, in this work tree or, the first time, in
    /// any; a renamed audit folder's), and must have the schema dtaudit makes; a named one is used
    /// as it is.
    public func location() throws -> StoreLocation {
        if !isNamed, let checkout = GitCheckout.containing(workingDirectory) {
            StoreMoves.moveEarlierStores(of: checkout, from: workingDirectory, tell: tell)
        }
        let found: StoreLocation.Found
        do {
            found = try StoreLocation.search(explicit: explicit, environment: environment, workingDirectory: workingDirectory)
        } catch StoreError.notFound(let folder) {
            guard !isNamed, let moved = try StoreMoves.renamedAudit(from: workingDirectory) else { throw StoreError.notFound(searchedFrom: folder) }
            tell(moved.note)
            try AuditStore.checkSchema(of: moved.location)
            return moved.location
        }
        if let earlier = found.earlier {
            if let adopted = try StoreAdoption.adopt(earlier, into: found.location) { tell(StoreMoves.note(adopted)) }
        } else if !isNamed {
            try AuditStore.checkSchema(of: found.location)
        }
        return found.location
    }

    /// The store's place when there is one, without opening it.
    public func existingLocation() -> StoreLocation? {
        try? location()
    }

    /// Where a command that starts a store puts it: the named folder, else the store of an audit
    /// here (where a store an earlier dtaudit kept here has moved first).
    public func newLocation() throws -> StoreLocation {
        let location = try StoreLocation.forNewStore(explicit: explicit, environment: environment, workingDirectory: workingDirectory)
        let earlier = StoreLocation(folder: location.root + "/" + StoreLocation.folderName)
        if location.isInGitDirectory, Files.status(earlier.databasePath, followLinks: false) != nil,
           let adopted = try StoreAdoption.adopt(earlier, into: location) {
            tell(StoreMoves.note(adopted))
        }
        return location
    }

    /// Finds and opens the store. Where there is none but the repository shares an audit, the
    /// error says to set it up with `sync` (`StoreDiscoveryError`). With `noticing`, the opened
    /// store says whether its shared file changed since it last synced.
    public func open(_ access: AuditStore.Access = .write, noticing: Bool = true) throws -> OpenedStore {
        let location: StoreLocation
        do {
            location = try self.location()
        } catch StoreError.notFound(let folder) {
            throw StoreDiscoveryError.notSetUp(searchedFrom: folder, workingDirectory: workingDirectory) ?? StoreError.notFound(searchedFrom: folder)
        }
        let store = try AuditStore.open(location, access: access)
        return OpenedStore(store: store, changedSharedFile: noticing ? Self.changedSharedFile(of: store) : nil)
    }

    /// The store, or nil when there is none yet (for the commands that can start one): none found,
    /// none in the named folder, or only a shared audit to set one up from.
    public func openIfPresent(_ access: AuditStore.Access = .write, noticing: Bool = false) throws -> OpenedStore? {
        do {
            return try open(access, noticing: noticing)
        } catch let error as StoreError {
            switch error {
            case .notFound, .missingDatabase, .noStoreAt: return nil
            default: throw error
            }
        } catch is StoreDiscoveryError {
            return nil
        }
    }

    /// The store a scan uses: the named one, which must be there; otherwise one found by walking
    /// up, and none is fine unless the scan is to be recorded. Opened for writing only to record.
    public func openForScan(recording: Bool) throws -> AuditStore? {
        let location: StoreLocation
        do {
            location = try self.location()
        } catch {
            if recording || isNamed { throw error }
            return nil
        }
        return try AuditStore.open(location, access: recording ? .write : .read)
    }

    /// The store's shared file when it changed since the store last synced with it (a `git pull`
    /// brought records): what a command notes before it works on what may be out of date.
    static func changedSharedFile(of store: AuditStore) -> SharedAudit? {
        let sharing: AuditStore.Sharing?
        do {
            sharing = try store.sharing()
        } catch {
            return nil
        }
        guard let path = sharing?.file ?? (try? SharedAudit.defaultPath(app: store.appName())) else { return nil }
        let shared = SharedAudit(root: store.location.root, relativePath: path)
        return shared.isNewer(than: sharing) ? shared : nil
    }
}

extension SharedAudit {
    /// How many records the store holds that its shared file lacks, when the file did not change
    /// since the store last synced with it (a commit without `sync`); nil when it changed (then
    /// `sync` is due anyway) or holds everything. A store that never synced lacks the file whole.
    public static func unsharedRecords(of store: AuditStore) -> (file: SharedAudit, count: Int)? {
        // Counting the records reads the whole log: done last, once nothing cheaper answers.
        guard let sharing = try? store.sharing() ?? nil else { return beforeFirstSync(of: store) }
        let shared = SharedAudit(root: store.location.root, relativePath: sharing.file)
        guard !shared.isNewer(than: sharing), let synced = sharing.records else { return nil }
        // The span of the log's numbers bounds its count: no more records than the sync left, as
        // after every sync, without reading them.
        if let bound = try? store.recordCountBound(), bound <= synced { return nil }
        guard let held = try? store.recordCount() else { return beforeFirstSync(of: store) }
        return held > synced ? (shared, held - synced) : nil
    }

    /// A store that never synced lacks the file whole, while there is no file.
    private static func beforeFirstSync(of store: AuditStore) -> (file: SharedAudit, count: Int)? {
        guard let path = try? SharedAudit.defaultPath(app: store.appName()) else { return nil }
        let shared = SharedAudit(root: store.location.root, relativePath: path)
        guard shared.status() == nil, let held = try? store.recordCount() else { return nil }
        return held > 0 ? (shared, held) : nil
    }
}

/// A store opened for a command, with what the command tells its user about it.
public struct OpenedStore {
    public let store: AuditStore
    /// The shared file, when it changed since the store last synced with it.
    public let changedSharedFile: SharedAudit?

    /// The line a command prints on standard error for `changedSharedFile`.
    public var notice: String? {
        changedSharedFile.map { "\($0.relativePath) changed since this store last synced with it; 'dtaudit sync' takes in what it brought" }
    }
}

/// Why no store could be opened, beyond what `StoreError` says.
public enum StoreDiscoveryError: Error, Sendable, CustomStringConvertible {
    /// No store here, but the folder shares an audit: `sync` sets the store up from it. `inGit`
    /// when the folder lies in a git checkout (outside one, a store that lived in a `.git` that is
    /// gone went with it).
    case sharedAuditNotSetUp(file: String, inGit: Bool)
    /// No store here, but audits in folders below have theirs (a monorepo's top): their folders.
    case auditsBelow(folder: String, audits: [String])
    /// Several stores of audit folders this work tree no longer has hold the audit shared here.
    case severalRenamed(audit: String, stores: [String])

    /// What to say instead of "no store" in `workingDirectory`, where the search found none from
    /// `folder`: an audit shared here, or audits below with stores of their own; nil for neither.
    public static func notSetUp(searchedFrom folder: String, workingDirectory: String) -> StoreDiscoveryError? {
        let checkout = GitCheckout.containing(workingDirectory)
        if let shared = SharedAudit.find(from: workingDirectory) { return .sharedAuditNotSetUp(file: shared.files[0], inGit: checkout != nil) }
        let below = auditFolders(below: workingDirectory)
        return below.isEmpty ? nil : .auditsBelow(folder: Files.standardized(folder), audits: below)
    }

    /// The audit folders below `folder` (relative to it) that have a store under the checkout's
    /// `.git/dtaudit/`, or, where none has, an audit file in their `Exports/` one level down.
    public static func auditFolders(below folder: String) -> [String] {
        let folder = Files.standardized(folder)
        if let checkout = GitCheckout.containing(folder), let here = checkout.relativePath(of: folder) {
            let prefix = here.isEmpty ? "" : here + "/"
            let stored = checkout.stores.compactMap(\.auditFolder).filter { $0.hasPrefix(prefix) && $0 != here }.map { String($0.dropFirst(prefix.count)) }
            let present = stored.filter { Files.status(folder + "/" + $0)?.kind == .directory }
            if !present.isEmpty { return present }
        }
        return ((try? Files.list(folder)) ?? []).sorted().filter { name in
            !name.hasPrefix(".") && ((try? Files.list(folder + "/" + name + "/Exports")) ?? []).contains {
                $0.hasSuffix(".json") && SharedAudit.isAuditFile(folder + "/" + name + "/Exports/" + $0)
            }
        }
    }

    public var description: String {
        switch self {
        case .sharedAuditNotSetUp(let file, true):
            "no audit store here yet, but this repository shares an audit in \(file); run 'dtaudit sync' to set up your store from it"
        case .sharedAuditNotSetUp(let file, false):
            "no audit store here yet, but this folder shares an audit in \(file) (and is not in a git checkout: a store kept in a .git folder "
                + "that is gone went with it, records not yet synced included); run 'dtaudit sync' to set up a store from it"
        case .auditsBelow(let folder, let audits):
            "no audit store in \(folder) or any folder above it, but the audits of this repository are in "
                + audits.map { $0 + "/" }.joined(separator: ", ") + ": run dtaudit there (cd \(audits[0])), or pass --store DIR"
        case .severalRenamed(let audit, let stores):
            "no audit store for \(audit) yet, and the stores of folders this work tree no longer has, "
                + stores.joined(separator: " and ") + ", each hold its audit; nothing was moved: name the one to use with --store"
        }
    }
}
