#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// Where an audit store lives: a `.dtaudit` folder holding `audit.sqlite` and evidence, at the
/// root of the app's repository.
public struct StoreLocation: Sendable, Equatable {
    public static let folderName = ".dtaudit"
    public static let databaseName = "audit.sqlite"

    /// The `.dtaudit` folder.
    public let folder: String

    public init(folder: String) {
        self.folder = Files.standardized(folder)
    }

    public var databasePath: String { folder + "/" + StoreLocation.databaseName }

    /// The folder that holds the store: the app's repository, where `Exports/` goes.
    public var root: String {
        PathNames.folder(of: folder)
    }

    /// The store for a command: `--store DIR`, else `DTAUDIT_STORE`, else the nearest `.dtaudit`
    /// found walking up from `workingDirectory` to the repository's root (the first folder that
    /// holds `.git`), the way git finds `.git`. A store given may be anywhere; one found must be a
    /// real folder whose database and evidence are its own (see `checkUnlinked`).
    public static func find(explicit: String?, environment: String?, workingDirectory: String) throws(StoreError) -> StoreLocation {
        if let given = explicit ?? environment.flatMap({ $0.isEmpty ? nil : $0 }) {
            let location = StoreLocation(folder: absolute(given, from: workingDirectory))
            switch Files.status(location.folder)?.kind {
            case .directory?:
                switch Files.status(location.databasePath)?.kind {
                case .regular?: return location
                case .directory?: throw .folderInTheWay(path: location.databasePath)
                default: break
                }
                // The app's folder given instead of its .dtaudit folder: the store in it, held to
                // what a store found by walking up is held to, since the repository put it there.
                let inside = StoreLocation(folder: location.folder + "/" + folderName)
                if Files.status(inside.databasePath)?.kind == .regular {
                    try inside.checkUnlinked()
                    return inside
                }
                throw .missingDatabase(folder: location.folder)
            case nil:
                throw .noStoreAt(folder: location.folder)
            default:
                throw .notAFolder(path: location.folder)
            }
        }
        // The working folder as the system names it has no links in it, so neither has any
        // folder the walk goes through.
        var directory = Files.standardized(workingDirectory)
        while true {
            let candidate = StoreLocation(folder: directory == "/" ? "/" + folderName : directory + "/" + folderName)
            if Files.status(candidate.folder, followLinks: false) != nil {
                try candidate.checkUnlinked()
                if Files.status(candidate.databasePath, followLinks: false) != nil { return candidate }
            }
            if directory == "/" || directory.isEmpty || Files.status(directory + "/.git", followLinks: false) != nil { break }
            directory = PathNames.folder(of: directory)
        }
        throw .notFound(searchedFrom: Files.standardized(workingDirectory))
    }

    /// The names in a store's folder that must not be links: the database, SQLite's files beside
    /// it (written through, a link there would write into another file) and the evidence folder.
    static let ownNames = [databaseName, databaseName + "-wal", databaseName + "-shm", databaseName + "-journal", "evidence"]

    /// Refuses a store folder that is a symbolic link, or whose database, SQLite files or evidence
    /// folder is one: what a repository could commit to point a clone at another checkout's store.
    /// Every store dtaudit finds or makes by itself is checked; one given with `--store` is not.
    public func checkUnlinked() throws(StoreError) {
        for path in [folder] + Self.ownNames.map({ folder + "/" + $0 }) where Files.status(path, followLinks: false)?.kind == .symbolicLink {
            throw .linkedStore(path: path, target: Files.linkTarget(path) ?? "?")
        }
    }

    /// Where `init` creates a store: `--store DIR` or `DTAUDIT_STORE`, else `.dtaudit` in the
    /// working folder, refused there when it is or holds a link (`checkUnlinked`).
    public static func forNewStore(explicit: String?, environment: String?, workingDirectory: String) throws(StoreError) -> StoreLocation {
        if let given = explicit ?? environment.flatMap({ $0.isEmpty ? nil : $0 }) {
            return StoreLocation(folder: absolute(given, from: workingDirectory))
        }
        return try own(in: Files.standardized(workingDirectory))
    }

    /// The `.dtaudit` folder of `root`, for a store dtaudit makes there by itself: refused when it
    /// is or holds a link.
    public static func own(in root: String) throws(StoreError) -> StoreLocation {
        let location = StoreLocation(folder: (root == "/" ? "" : root) + "/" + folderName)
        try location.checkUnlinked()
        return location
    }

    public static func absolute(_ path: String, from directory: String) -> String {
        Files.absolute(path, from: directory)
    }

    /// Whether `path` (absolute) lies inside the store's folder, through any links on the way:
    /// what no export or report may write, since it would replace the database or its evidence.
    public func holds(_ path: String) -> Bool {
        let folder = Files.resolvingLinks(self.folder)
        let target = Files.resolvingLinks(path)
        return target == folder || target.hasPrefix(folder == "/" ? "/" : folder + "/")
    }
}
