import AuditStore
import Platform

/// What an earlier dtaudit left in a git checkout's `.dtaudit/` folder once its store has moved
/// under git's common directory (`StoreAdoption`): which of it git tracks, and how the folder is
/// emptied of the rest, so that nothing of it stays untracked and no pull meets an untracked file
/// a teammate committed (a `.dtaudit/shared-copy` a `git add -A` took in, say).
public enum StoreIgnore {
    /// The `.gitignore` texts `init` wrote into `.dtaudit/`, byte for byte: first one that ignored
    /// only the database, then one that ignored the whole folder.
    static let written = [
        "# The store stays local; the audit is shared through `dtaudit sync` (Exports/<app>.json).\naudit.sqlite\naudit.sqlite-*\n",
        AuditStore.ignoredFolder,
    ]
    /// What the evidence folder's own `.gitignore` held.
    static let evidenceWritten = "# Evidence stays local, like audit.sqlite: an export copies the files it shows beside it.\n*\n"
    /// What a sync kept beside the database: the shared file as it last wrote it, and its index.
    static let sharedCopyNames = ["shared-copy", "shared-copy.index"]

    /// The files in the `.dtaudit` folder of `location` that git tracks, relative to that folder;
    /// none outside git, or where git cannot say.
    static func trackedFiles(in location: StoreLocation) -> [String] {
        let prefix = StoreLocation.folderName + "/"
        guard let listed = Subprocess.output(of: "git", ["-C", location.root, "--literal-pathspecs", "ls-files", "-z", "--", StoreLocation.folderName])
        else { return [] }
        return listed.split(separator: "\0").compactMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil }
    }

    /// Whether a tracked file (relative to `.dtaudit`) is part of a store: its database or evidence.
    static func isStoreFile(_ name: String) -> Bool {
        let evidence = EvidenceFile.folderName + "/"
        return StoreLocation.ownNames.contains(name) || (name.hasPrefix(evidence) && name != evidence + ".gitignore")
    }

    /// Empties the folder of an earlier store whose records and evidence `home` now holds: the
    /// evidence files `home` has, the database with SQLite's files, the copy of the shared file,
    /// the temporary files killed writers left, and last the `.gitignore` files dtaudit wrote, each
    /// only with a folder nothing else is left in (so that what stays, evidence no record names
    /// say, stays out of git); never a file git tracks or one dtaudit did not write.
    static func clear(_ earlier: StoreLocation, movedTo home: StoreLocation, tracked: Set<String>) {
        let folder = earlier.folder
        func remove(_ name: String) {
            if !tracked.contains(name) { try? Files.remove(folder + "/" + name) }
        }
        let evidence = EvidenceFile.folderName
        for entry in (try? Files.entries(earlier.evidenceFolder)) ?? [] where EvidenceExport.isEvidenceName(entry.name) {
            if Files.status(home.evidenceFolder + "/" + entry.name, followLinks: false)?.kind == .regular { remove(evidence + "/" + entry.name) }
        }
        if (try? Files.list(earlier.evidenceFolder)) == [".gitignore"] {
            removeOwn(evidence + "/.gitignore", in: folder, texts: [evidenceWritten], tracked: tracked)
        }
        try? Files.removeDirectory(earlier.evidenceFolder)
        for name in sharedCopyNames { remove(name) }
        Files.removeLeftovers(of: ([StoreLocation.databaseName, ".gitignore"] + sharedCopyNames).map { folder + "/" + $0 })
        for suffix in ["-wal", "-shm", "-journal", ""] { remove(StoreLocation.databaseName + suffix) }
        if (try? Files.list(folder)) == [".gitignore"] { removeOwn(".gitignore", in: folder, texts: written, tracked: tracked) }
        try? Files.removeDirectory(folder)
    }

    /// Removes `name` when git does not track it and it holds one of `texts` exactly.
    private static func removeOwn(_ name: String, in folder: String, texts: [String], tracked: Set<String>) {
        let path = folder + "/" + name
        guard !tracked.contains(name), Files.status(path, followLinks: false)?.kind == .regular,
              let bytes = RegularFile(opening: path)?.readAll(), texts.contains(where: { bytes.elementsEqual($0.utf8) }) else { return }
        try? Files.remove(path)
    }
}
