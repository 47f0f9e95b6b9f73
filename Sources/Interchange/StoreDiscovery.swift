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

    /// The store's place; throws when there is none.
    public func location() throws -> StoreLocation {
        let found = try StoreLocation.search(explicit: explicit, environment: environment, workingDirectory: workingDirectory)
        if let earlier = found.earlier { try StoreAdoption.adopt(earlier, into: found.location) }
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
        if location.isInGitDirectory, Files.status(earlier.databasePath, followLinks: false) != nil {
            try StoreAdoption.adopt(earlier, into: location)
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
            if let shared = SharedAudit.find(from: workingDirectory) {
                throw StoreDiscoveryError.sharedAuditNotSetUp(file: shared.files[0])
            }
            throw StoreError.notFound(searchedFrom: folder)
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
    /// No store here, but the repository shares an audit: `sync` sets the store up from it.
    case sharedAuditNotSetUp(file: String)

    public var description: String {
        switch self {
        case .sharedAuditNotSetUp(let file):
            "no audit store here yet, but this repository shares an audit in \(file); run 'dtaudit sync' to set up your store from it"
        }
    }
}
