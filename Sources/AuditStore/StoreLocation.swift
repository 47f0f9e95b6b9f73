#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// Where an audit store lives: a folder holding `audit.sqlite` and evidence, kept for the audit
/// whose files (`Exports/`) are in `root`. In a git checkout that folder is under git's common
/// directory (`.git/dtaudit/root` for an audit at the top), where no `git clean`, `git stash --all`
/// or `git worktree remove` reaches and which every linked work tree shares; elsewhere it is the
/// `.dtaudit` folder in `root`.
public struct StoreLocation: Sendable, Equatable {
    public static let folderName = ".dtaudit"
    public static let databaseName = "audit.sqlite"

    /// The folder holding the database and the evidence.
    public let folder: String
    /// The audit's folder: where `Exports/` goes and what the shared file's path is relative to.
    public let root: String
    /// Whether the folder is under git's common directory rather than among the audit's files.
    public let isInGitDirectory: Bool

    /// A store folder among the audit's files: `root` is the folder that holds it.
    public init(folder: String) {
        self.folder = Files.standardized(folder)
        root = PathNames.folder(of: self.folder)
        isInGitDirectory = false
    }

    public init(folder: String, root: String, isInGitDirectory: Bool) {
        self.folder = Files.standardized(folder)
        self.root = Files.standardized(root)
        self.isInGitDirectory = isInGitDirectory
    }

    /// Paths already standardized, as the search makes them.
    init(standardFolder folder: String, root: String, isInGitDirectory: Bool) {
        self.folder = folder
        self.root = root
        self.isInGitDirectory = isInGitDirectory
    }

    public var databasePath: String { folder + "/" + StoreLocation.databaseName }

    /// What the search for a store found.
    public struct Found: Sendable, Equatable {
        public var location: StoreLocation
        /// A store an earlier dtaudit kept among the audit's files (`.dtaudit/`), to be moved into
        /// `location` under git's common directory before either is used.
        public var earlier: StoreLocation?
    }

    /// The store for a command: `--store DIR`, else `DTAUDIT_STORE`, else the store of the nearest
    /// audit walking up from `workingDirectory` to the repository's top (the first folder that holds
    /// `.git`), the way git finds `.git`. In a git checkout each folder's store is looked for under
    /// the common directory, and a `.dtaudit` in the folder is one an earlier dtaudit made
    /// (`Found.earlier`); outside git the `.dtaudit` is the store. Each `.dtaudit` met must be a real
    /// folder whose database and evidence are its own (see `checkUnlinked`). Starts no process.
    public static func search(explicit: String?, environment: String?, workingDirectory: String) throws(StoreError) -> Found {
        if let given = explicit ?? environment.flatMap({ $0.isEmpty ? nil : $0 }) {
            do {
                return Found(location: try named(given, workingDirectory: workingDirectory))
            } catch .storeIsInside(let folder, _) {
                // The audit's folder given instead of its store's: the store a walk from there finds,
                // held to the same rules (and moved under git's directory the same way).
                return try search(explicit: nil, environment: nil, workingDirectory: folder)
            }
        }
        // The working folder as the system names it has no links in it, so neither has any
        // folder the walk goes through.
        var directory = Files.standardized(workingDirectory)
        var levels: [String] = []
        var checkout: GitCheckout?
        while true {
            levels.append(directory)
            if Files.status(joined(directory, ".git"), followLinks: false) != nil {
                checkout = GitCheckout.at(top: directory)
                break
            }
            if directory == "/" || directory.isEmpty { break }
            directory = PathNames.folder(of: directory)
        }
        // Each folder costs two `stat` calls; a location is made only for what is there.
        for level in levels {
            let besideFolder = joined(level, folderName)
            var earlier: StoreLocation?
            if Files.status(besideFolder, followLinks: false) != nil {
                let beside = StoreLocation(standardFolder: besideFolder, root: level, isInGitDirectory: false)
                try beside.checkUnlinked()
                if Files.status(beside.databasePath, followLinks: false) != nil { earlier = beside }
            }
            if let checkout, let relative = checkout.relativePath(ofStandard: level) {
                let folder = checkout.storeFolder(forAuditIn: relative)
                if earlier != nil || Files.status(folder + "/" + databaseName) != nil {
                    return Found(location: StoreLocation(standardFolder: folder, root: level, isInGitDirectory: true), earlier: earlier)
                }
            } else if let earlier {
                return Found(location: earlier)
            }
        }
        throw .notFound(searchedFrom: Files.standardized(workingDirectory))
    }

    /// The store `search` finds, as it stands: a store an earlier dtaudit left among the audit's
    /// files is given as it is (for what only reads, such as completions).
    public static func find(explicit: String?, environment: String?, workingDirectory: String) throws(StoreError) -> StoreLocation {
        let found = try search(explicit: explicit, environment: environment, workingDirectory: workingDirectory)
        return found.earlier ?? found.location
    }

    /// A store named with `--store` or `DTAUDIT_STORE`: it may be anywhere, and must hold a database.
    static func named(_ given: String, workingDirectory: String) throws(StoreError) -> StoreLocation {
        let location = namedLocation(absolute(given, from: workingDirectory), workingDirectory: workingDirectory)
        switch Files.status(location.folder)?.kind {
        case .directory?:
            switch Files.status(location.databasePath)?.kind {
            case .regular?: return location
            case .directory?: throw .folderInTheWay(path: location.databasePath)
            default: break
            }
            // The audit's folder given instead of its store's.
            if let store = try? own(in: location.folder), Files.status(store.databasePath)?.kind == .regular {
                throw .storeIsInside(given: location.folder, store: store.folder)
            }
            let inside = StoreLocation(folder: location.folder + "/" + folderName)
            if Files.status(inside.databasePath)?.kind == .regular { throw .storeIsInside(given: location.folder, store: inside.folder) }
            throw .missingDatabase(folder: location.folder)
        case nil:
            throw .noStoreAt(folder: location.folder)
        default:
            throw .notAFolder(path: location.folder)
        }
    }

    /// A named folder's place: a store folder under the common directory of the repository the
    /// command runs in belongs to the audit its name stands for; any other serves the folder above it.
    static func namedLocation(_ folder: String, workingDirectory: String) -> StoreLocation {
        let folder = Files.standardized(folder)
        let parent = PathNames.folder(of: folder)
        guard PathNames.fileName(of: parent) == GitCheckout.storesFolderName,
              let relative = GitCheckout.auditFolder(ofStoreNamed: PathNames.fileName(of: folder)),
              let checkout = GitCheckout.containing(workingDirectory), checkout.storesFolder == parent else { return StoreLocation(folder: folder) }
        return StoreLocation(folder: folder, root: relative.isEmpty ? checkout.top : joined(checkout.top, relative), isInGitDirectory: true)
    }

    /// The names in a store's folder that must not be links: the database, SQLite's files beside
    /// it (written through, a link there would write into another file) and the evidence folder.
    public static let ownNames = [databaseName, databaseName + "-wal", databaseName + "-shm", databaseName + "-journal", "evidence"]

    /// The files of the store in its folder: the database, SQLite's files beside it and the evidence folder.
    public var ownPaths: [String] { Self.ownNames.map { folder + "/" + $0 } }

    /// Refuses a store folder that is a symbolic link, or whose database, SQLite files or evidence
    /// folder is one: what a repository could commit to point a clone at another checkout's store.
    /// Every store dtaudit finds or makes by itself is checked; one given with `--store` is not.
    public func checkUnlinked() throws(StoreError) {
        for path in [folder] + ownPaths where Files.status(path, followLinks: false)?.kind == .symbolicLink {
            throw .linkedStore(path: path, target: Files.linkTarget(path) ?? "?")
        }
    }

    /// Where `init` creates a store: `--store DIR` or `DTAUDIT_STORE`, else the store of the
    /// working folder's audit (`own(in:)`).
    public static func forNewStore(explicit: String?, environment: String?, workingDirectory: String) throws(StoreError) -> StoreLocation {
        if let given = explicit ?? environment.flatMap({ $0.isEmpty ? nil : $0 }) {
            return namedLocation(absolute(given, from: workingDirectory), workingDirectory: workingDirectory)
        }
        return try own(in: Files.standardized(workingDirectory))
    }

    /// The store dtaudit keeps by itself for the audit in `root`: under the common directory of
    /// the git checkout `root` lies in, else `.dtaudit` in `root`. A `.dtaudit` in `root` that is or
    /// holds a link is refused either way (`checkUnlinked`).
    public static func own(in root: String) throws(StoreError) -> StoreLocation {
        let root = Files.standardized(root)
        let inFolder = StoreLocation(folder: joined(root, folderName))
        try inFolder.checkUnlinked()
        if let checkout = GitCheckout.containing(root), let relative = checkout.relativePath(of: root) {
            return StoreLocation(folder: checkout.storeFolder(forAuditIn: relative), root: root, isInGitDirectory: true)
        }
        return inFolder
    }

    public static func absolute(_ path: String, from directory: String) -> String {
        Files.absolute(path, from: directory)
    }

    static func joined(_ folder: String, _ name: String) -> String {
        (folder == "/" ? "" : folder) + "/" + name
    }

    /// Whether `path` (absolute) lies inside the store's folder, through any links on the way:
    /// what no export or report may write, since it would replace the database or its evidence.
    public func holds(_ path: String) -> Bool {
        let folder = Files.resolvingLinks(self.folder)
        let target = Files.resolvingLinks(path)
        return target == folder || target.hasPrefix(folder == "/" ? "/" : folder + "/")
    }
}
