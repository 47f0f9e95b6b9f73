import AuditStore
import Platform

/// Where a team shares its audit: one file in the app's repository (`Exports/trailhead.json`) and,
/// beside it, one folder of evidence named by content (`Exports/trailhead-evidence/`).
public struct SharedAudit: Sendable, Equatable {
    /// The audit's folder (`StoreLocation.root`): the repository's root as the store sees it.
    public let root: String
    /// The file, relative to the root.
    public let relativePath: String

    public init(root: String, relativePath: String) {
        self.root = root
        self.relativePath = relativePath
    }

    public var path: String { root + "/" + relativePath }

    /// `Exports/trailhead-evidence`, relative to the root.
    public var relativeEvidenceFolder: String {
        (relativePath.hasSuffix(".json") ? String(relativePath.dropLast(5)) : relativePath) + "-evidence"
    }

    public var evidenceFolder: String { root + "/" + relativeEvidenceFolder }

    /// `Exports/<app>.json`: where an audit is shared unless the store says otherwise.
    public static func defaultPath(app: String) -> String {
        "Exports/" + AppSlug.make(app) + ".json"
    }

    /// The file `store` shares through: the one it last synced with, else the default for its app.
    public static func of(_ store: AuditStore) throws -> SharedAudit {
        let path = try store.sharing()?.file ?? defaultPath(app: try store.appName())
        return SharedAudit(root: store.location.root, relativePath: path)
    }

    /// A file the user named, relative to the root when it lies inside it.
    public static func named(_ path: String, root: String) -> SharedAudit {
        let base = root.hasSuffix("/") ? root : root + "/"
        if path.hasPrefix(base) { return SharedAudit(root: root, relativePath: String(path.dropFirst(base.count))) }
        return SharedAudit(root: PathNames.folder(of: path), relativePath: PathNames.fileName(of: path))
    }

    /// The audit files in `Exports/` below `folder` or the nearest folder above it that has one,
    /// up to the repository's root: how a clone without a store finds what the team shares.
    public static func find(from folder: String) -> (root: String, files: [String])? {
        var directory = Files.standardized(folder)
        while true {
            let exports = directory + "/Exports"
            if let names = try? Files.list(exports) {
                let files = names.filter { $0.hasSuffix(".json") && isAuditFile(exports + "/" + $0) }.sorted()
                if !files.isEmpty { return (directory, files.map { "Exports/" + $0 }) }
            }
            if Files.status(directory + "/.git") != nil || directory == "/" || directory.isEmpty { return nil }
            directory = PathNames.folder(of: directory)
        }
    }

    /// Whether the file's first bytes say it is an audit file of any format, after any lines of
    /// git's conflict markers (a plain merge of files two releases wrote conflicts on the header).
    public static func isAuditFile(_ path: String) -> Bool {
        guard let prefix = try? FileReader.prefix(of: path, count: 4096) else { return false }
        var rest = prefix[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        while let end = rest.firstIndex(of: 0x0A) {
            var line = rest[..<end]
            while let last = line.last, last == 0x0D || last == 0x20 { line = line.dropLast() }
            guard AuditFile.isConflictMarker(line) else { break }
            rest = rest[(end + 1)...]
        }
        let opening = Array("{\"format\":".utf8)
        return rest.starts(with: opening) && rest.dropFirst(opening.count).first.map { (0x30...0x39).contains($0) } == true
    }

    /// Refuses the file, its evidence folder or a folder between the root and them (`Exports/`)
    /// that is a symbolic link, before anything is read or written: a repository that commits
    /// one would have sync take another checkout's audit in and write this one's records there.
    /// Without `file`, a linked file itself passes: one that is only written is replaced by a
    /// rename, never written through.
    public func checkUnlinked(file: Bool = true) throws(SharedFileProblem) {
        var path = root == "/" ? "" : root
        var paths: [String] = []
        for part in relativePath.split(separator: "/") {
            path += "/" + part
            paths.append(path)
        }
        if !file { paths.removeLast() }
        paths.append(evidenceFolder)
        for path in paths where Files.status(path, followLinks: false)?.kind == .symbolicLink {
            let shown = String(path.dropFirst(root == "/" ? 1 : root.count + 1))
            throw SharedFileProblem("\(shown) is a symbolic link (to \(Files.linkTarget(path) ?? "?")); a shared audit is read and written only "
                                    + "as real folders and files, so that no clone takes another checkout's audit in or writes its records there. "
                                    + "Nothing was read or changed: replace the link with the folder or file itself (git rm it if it is committed)")
        }
    }

    public func status() -> FileStatus? {
        Files.status(path)
    }

    /// Whether the file changed since the store last synced with it: then it may hold what the
    /// store lacks (a `git pull` brought it). A missing file holds nothing new.
    public func isNewer(than sharing: AuditStore.Sharing?) -> Bool {
        guard let status = status(), status.kind == .regular else { return false }
        guard let sharing, sharing.file == relativePath else { return true }
        return status.byteCount != sharing.byteCount || status.modifiedMilliseconds != sharing.modified
    }
}
