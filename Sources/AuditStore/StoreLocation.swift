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
        StoreLocation.parent(of: folder)
    }

    /// The store for a command: `--store DIR`, else `DTAUDIT_STORE`, else the nearest `.dtaudit`
    /// found walking up from `workingDirectory`, the way git finds `.git`.
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
                // The app's folder given instead of its .dtaudit folder.
                let inside = StoreLocation(folder: location.folder + "/" + folderName)
                if Files.status(inside.databasePath)?.kind == .regular { throw .storeIsInside(given: location.folder, store: inside.folder) }
                throw .missingDatabase(folder: location.folder)
            case nil:
                throw .noStoreAt(folder: location.folder)
            default:
                throw .notAFolder(path: location.folder)
            }
        }
        var directory = Files.standardized(workingDirectory)
        while true {
            let candidate = StoreLocation(folder: directory == "/" ? "/" + folderName : directory + "/" + folderName)
            if FileManager.default.fileExists(atPath: candidate.databasePath) { return candidate }
            if directory == "/" || directory.isEmpty { break }
            directory = parent(of: directory)
        }
        throw .notFound(searchedFrom: Files.standardized(workingDirectory))
    }

    /// Where `init` creates a store: `--store DIR` or `DTAUDIT_STORE`, else `.dtaudit` in the working folder.
    public static func forNewStore(explicit: String?, environment: String?, workingDirectory: String) -> StoreLocation {
        if let given = explicit ?? environment.flatMap({ $0.isEmpty ? nil : $0 }) {
            return StoreLocation(folder: absolute(given, from: workingDirectory))
        }
        return StoreLocation(folder: Files.standardized(workingDirectory) + "/" + folderName)
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

    /// The folder that holds `path` ("/" for top-level paths).
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
