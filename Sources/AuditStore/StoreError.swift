import Platform
import SQLite

/// Everything that can go wrong with the store, each said in one line a user can act on.
public enum StoreError: Error, Sendable, CustomStringConvertible {
    case notFound(searchedFrom: String)
    case missingDatabase(folder: String)
    case noStoreAt(folder: String)
    case storeIsInside(given: String, store: String)
    case notAFolder(path: String)
    case alreadyExists(folder: String)
    case notAStore(path: String)
    case damaged(path: String, detail: String)
    case newerSchema(path: String, found: Int, known: Int)
    case readOnly(path: String)
    case busy(path: String)
    /// A folder where the database file should be.
    case folderInTheWay(path: String)
    /// A `.dtaudit` found by walking up that is a symbolic link, or holds one where its database
    /// or evidence should be: a clone could commit one to another checkout's store.
    case linkedStore(path: String, target: String)
    /// A `.dtaudit` among the audit's files that git tracks: it came with the clone, so it may be
    /// anybody's (a store is never shared through git; its shared file is).
    case trackedStore(path: String, file: String)
    /// A store whose schema holds an object dtaudit did not create, or one of dtaudit's changed: a
    /// trigger there would rewrite what its user records.
    case foreignSchema(path: String, object: String)
    /// A store, `.dtaudit` or `.git` found by walking up that belongs to another user: whoever
    /// owns it decides what is in it.
    case otherOwner(path: String, owner: UInt32)
    /// A setting the store holds that dtaudit never writes (a shared file outside the audit's folder).
    case badSetting(path: String, key: String, detail: String)
    case diskFull(path: String)
    case cannotCreate(path: String, detail: String)
    case database(path: String, detail: String)

    public var description: String {
        switch self {
        case .notFound(let folder):
            return "no audit store in \(folder) or any folder above it (the search stops at the repository's root); run 'dtaudit init' to start an audit, or pass --store DIR"
        case .missingDatabase(let folder):
            return "\(folder) holds no audit store (no \(StoreLocation.databaseName)); 'dtaudit --store \(folder) init' starts one there"
        case .noStoreAt(let folder):
            return "no audit store at \(folder): there is no such folder; check the path, or 'dtaudit --store \(folder) init' starts one there"
        case .storeIsInside(let given, let store):
            return "\(given) is the folder that holds the store; --store names the store's own folder: \(store)"
        case .notAFolder(let path):
            return "\(path) is a file; --store names the store's folder, which holds \(StoreLocation.databaseName)"
        case .alreadyExists(let folder):
            return "an audit store already exists at \(folder); nothing was changed"
        case .notAStore(let path):
            return "\(path) is not a dtaudit store (it is empty or belongs to another program); nothing was changed"
        case .damaged(let path, let detail):
            return "the store \(path) is damaged (\(detail)); nothing was changed. Restore it from a backup or re-import an export"
        case .newerSchema(let path, let found, let known):
            return "the store \(path) was written by a newer dtaudit (schema \(found); this one knows up to \(known)); upgrade dtaudit. Nothing was changed"
        case .readOnly(let path):
            return "the store \(path) is read-only; nothing was changed"
        case .busy(let path):
            return "the store \(path) stayed locked by another program (another dtaudit, or one that holds the file open) for too long; nothing was changed, try again"
        case .folderInTheWay(let path):
            return "\(path) is a folder, not a store's database file; move it out of the way. Nothing was changed"
        case .linkedStore(let path, let target):
            if path.hasSuffix("/" + StoreLocation.folderName) {
                return "\(path) is a symbolic link (to \(target)); dtaudit uses a \(StoreLocation.folderName) it finds by itself only when it is a real folder, "
                    + "never another checkout's store. Nothing was read or changed: remove the link (git rm it if committed) and run 'dtaudit sync' "
                    + "to set up this clone's own store, or pass --store to use the linked one on purpose"
            }
            return "\(path) is a symbolic link (to \(target)); a store dtaudit finds by itself must hold its own database and evidence, never another store's. "
                + "Nothing was read or changed: remove the link (git rm it if committed), or pass --store to use this store as it is"
        case .trackedStore(let path, let file):
            return "\(path) is tracked by git (\(file)): a store that comes with the repository may be anybody's, so dtaudit never uses it as this clone's own. "
                + "Nothing was read or changed: take it out of git ('git rm -r --cached \(PathNames.fileName(of: path))' in \(PathNames.folder(of: path)), and commit), "
                + "then run the command again"
        case .foreignSchema(let path, let object):
            return "\(path) holds \(object); a store is used only as dtaudit made it, so that nothing in it can change what is recorded. "
                + "Nothing was read or changed: delete it and run 'dtaudit sync' to set up this clone's store from the shared file, or pass --store to use it as it is"
        case .otherOwner(let path, let owner):
            return "\(path) belongs to another user (uid \(owner)); dtaudit uses no store it finds through a folder another user owns, "
                + "which may be anybody's (git refuses such a repository too). Nothing was read or changed: run dtaudit in a folder of your own, "
                + "or pass --store DIR to name the store to use"
        case .badSetting(let path, let key, let detail):
            return "the store \(path) holds a setting dtaudit never writes (\(key): \(detail)); a store is used only as dtaudit made it, "
                + "so that no store can make dtaudit write outside the audit. Nothing was read or changed: delete it and run 'dtaudit sync' "
                + "to set it up again from the shared file"
        case .diskFull(let path):
            return "the disk holding \(path) is full; nothing was changed"
        case .cannotCreate(let path, let detail):
            return "cannot create \(path): \(detail)"
        case .database(let path, let detail):
            return "the store \(path) could not be used: \(detail); nothing was changed"
        }
    }

    /// The user-facing form of a SQLite error raised while using the store at `path`.
    public static func from(_ error: SQLiteError, path: String) -> StoreError {
        if error.isDamaged { return .damaged(path: path, detail: error.message) }
        if error.isReadOnly || error.isCannotOpen { return .readOnly(path: path) }
        if error.isBusy { return .busy(path: path) }
        if error.isFull { return .diskFull(path: path) }
        return .database(path: path, detail: error.message)
    }
}
