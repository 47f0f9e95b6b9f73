import Platform

extension RewritePlan {
    /// Writes every changed file under `root`, all or none, and never over a change made since the
    /// scan read the file (`scanned` gives the version the scan opened, where it read from disk).
    ///
    /// First a journal at the root names every file, where its new text is staged and where its old
    /// text is kept, and the version the scan read (`FixJournal`); then each new text is written to a
    /// temporary file created exclusively beside its file, with the original's permissions, and the
    /// staged versions go into the journal. Then, one file at a time, the file is read again and must
    /// still be the bytes and the version the scan read; the staged file and the original swap names
    /// in one step, and what was swapped out must be that version. Once every file is in place, all
    /// the originals are checked once more, `done` goes into the journal, and the originals and the
    /// journal are removed. A file found changed puts every file already swapped back as it was, and
    /// is named. A run killed at any point is put back, or finished when `done` was written, by the
    /// next `--fix` (`FixRecovery`). What `ahead` staged while the plan's checks ran is put in place
    /// when it is exactly what the plan writes, and removed otherwise.
    public func write(root: String, scanned: (String) -> FileIdentity? = { _ in nil }, staged ahead: StagingAhead? = nil) throws(FixWriteError) {
        if var commit = ahead?.claim(changed, of: rewriteList, root: root) {
            try commit.placeAll()
            return
        }
        guard !changed.isEmpty else { return }
        // Only what the next run can put back: a file inside the root, reached without a link.
        for file in changed where !RewritePlan.isRecoverable(file.path, root: root) { throw .outside(file.path) }
        // Each new text written from its rewrites as it is staged: never a copy of the whole file.
        let list = rewriteList
        var commit = FixCommit(root: root, files: changed.map { file in
            FixCommit.File(path: file.path, old: file.old, scanned: scanned(file.path)) { file.write(list, to: $0) }
        })
        try commit.run()
    }

    /// Whether `path` names a file inside `root` whose folders are reached without following a
    /// link: the files a killed `--fix` journal may name, and so the only ones a `--fix` writes.
    public static func isRecoverable(_ path: String, root: String) -> Bool {
        FixJournal.isInsideRoot(path) && ConfinedFolder(root: root, folders: FixJournal.steps(of: path).folders) != nil
    }
}

/// Why rewritten files could not be written, in one line.
public enum FixWriteError: Error, Sendable, CustomStringConvertible {
    case changed(String, keptRewritten: [String] = [])
    case cannotWrite(String)
    case cannotSwap(String)
    case outside(String)

    public var description: String {
        switch self {
        case let .changed(path, kept):
            "\(path) changed while the scan ran; nothing was rewritten"
                + (kept.isEmpty ? "" : " except \(kept.joined(separator: ", ")), edited again once rewritten and left as edited")
                + ": run --fix again"
        case let .outside(path):
            "cannot rewrite \(path): it lies outside the scanned folder or past a symbolic link to a folder; nothing was rewritten"
        case let .cannotWrite(path): "cannot write \(path): the folder is not writable or the disk is full; nothing was rewritten"
        case let .cannotSwap(path):
            "cannot rewrite \(path) safely: its file system can neither swap two files nor give a file a second name; nothing was rewritten"
        }
    }
}

/// One `--fix` writing its files (see `RewritePlan.write`).
struct FixCommit {
    struct File {
        var path: String
        var old: [UInt8]
        /// The version the scan opened, when it read the file from disk.
        var scanned: FileIdentity?
        /// Writes the new text.
        var writeNew: (BufferedOutput) -> Void

        init(path: String, old: [UInt8], scanned: FileIdentity?, writeNew: @escaping (BufferedOutput) -> Void) {
            self.path = path
            self.old = old
            self.scanned = scanned
            self.writeNew = writeNew
        }

        init(path: String, old: [UInt8], new: [UInt8], scanned: FileIdentity?) {
            self.init(path: path, old: old, scanned: scanned) { $0.write(bytes: new) }
        }
    }

    /// How a file was put in place: swapped with its staged text, or given a second name for its
    /// old text and then replaced.
    enum Placement { case swapped, linked }

    struct Placed {
        var index: Int
        var placement: Placement
        /// The original, as it was checked right before it was replaced.
        var old: FileIdentity
        /// The staged file, now in the original's place.
        var new: FileIdentity
    }

    let root: String
    let files: [File]
    var journal: FixJournal
    let journalPath: String
    var placed: [Placed] = []
    /// Whether to swap where the file system can; otherwise the old text gets a second name and the
    /// file is replaced, as on file systems that cannot swap.
    var swaps = true

    init(root: String, files: [File]) {
        self.root = root
        self.files = files
        journalPath = TemporaryFile.path(for: FixJournal.location(of: FixJournal.name, root: root))
        let entries = files.map { file in
            let location = FixJournal.location(of: file.path, root: root)
            // The version the scan read; for a plan made from bytes given (tests), the file as it is.
            let old = file.scanned ?? Files.identity(location) ?? FileIdentity(device: 0, inode: 0, byteCount: -1, modifiedSeconds: 0, modifiedNanoseconds: 0)
            return FixJournal.Entry(target: file.path,
                                    staged: TemporaryFile.split(TemporaryFile.path(for: location)).name,
                                    backup: TemporaryFile.split(TemporaryFile.path(for: location)).name,
                                    old: old)
        }
        journal = FixJournal(process: System.processID, boot: System.bootSessionID ?? "-", entries: entries)
    }

    func location(_ k: Int) -> String { FixJournal.location(of: files[k].path, root: root) }
    func stagedPath(_ k: Int) -> String { FixJournal.sibling(journal.entries[k].staged, of: location(k)) }
    func backupPath(_ k: Int) -> String { FixJournal.sibling(journal.entries[k].backup, of: location(k)) }

    mutating func run() throws(FixWriteError) {
        try stageAll()
        try placeAll()
    }

    /// The journal and every new text staged, nothing replaced yet: what a fix may do while its
    /// check still runs (`StagingAhead`). On failure nothing it wrote is left.
    mutating func stageAll() throws(FixWriteError) {
        do throws(FixWriteError) {
            try writeJournal()
            try stage()
        } catch {
            discard()
            throw error
        }
    }

    /// Every staged file put in place, all or none (`stageAll` first).
    mutating func placeAll() throws(FixWriteError) {
        do throws(FixWriteError) {
            try append(journal.stagedVersions)
            for k in files.indices {
                // The original's permissions as they are now (a file staged while the check ran may
                // have been given others since), on the staged file this run wrote and nothing else.
                if let bits = Files.permissions(location(k)), let new = journal.entries[k].new, Files.identity(stagedPath(k)) == new {
                    try? Files.setPermissions(stagedPath(k), bits)
                }
                try place(k)
            }
            // A write into an original after it was swapped out would be lost with it: every
            // original is checked once more before the rewrite stands.
            for entry in placed where Files.identity(oldPath(entry)) != entry.old {
                throw .changed(files[entry.index].path)
            }
            // The renames made durable: each rewritten file's folder flushed once.
            for folder in Set(files.indices.map { TemporaryFile.split(location($0)).folder }) {
                Files.syncDirectory(folder.isEmpty ? "." : folder)
            }
            try append(FixJournal.bytes(["done"]))
        } catch {
            let kept = putBack()
            discard()
            if case let .changed(path, _) = error { throw .changed(path, keptRewritten: kept) }
            throw error
        }
        discard()
    }

    /// Where the original of a placed file now lies.
    func oldPath(_ entry: Placed) -> String {
        entry.placement == .swapped ? stagedPath(entry.index) : backupPath(entry.index)
    }

    private func writeJournal() throws(FixWriteError) {
        do {
            let output = try BufferedOutput.createNew(path: journalPath)
            output.write(bytes: journal.listing)
            guard output.close(syncing: true) else { throw SystemError(operation: "write", path: journalPath, code: output.errorCode) }
        } catch {
            throw .cannotWrite(journalPath)
        }
    }

    /// The next step of the journal, at its end.
    private func append(_ lines: [UInt8]) throws(FixWriteError) {
        do {
            try Files.append(lines, to: journalPath)
        } catch {
            throw .cannotWrite(journalPath)
        }
    }

    /// Each new text in its temporary file, with the original's permissions, flushed to disk as it
    /// is closed: only the files this fix writes, never waiting for other programs' writes to the
    /// same disk. A rename exposes a staged file only once its bytes are on the disk.
    private mutating func stage() throws(FixWriteError) {
        // What killed writers left beside the files goes first (their process is gone).
        Files.removeLeftovers(of: files.indices.map(location))
        for k in files.indices {
            let path = stagedPath(k)
            do {
                let output = try BufferedOutput.createNew(path: path)
                files[k].writeNew(output)
                guard output.close(syncing: true) else { throw SystemError(operation: "write", path: path, code: output.errorCode) }
                if let bits = Files.permissions(location(k)) { try Files.setPermissions(path, bits) }
            } catch {
                throw .cannotWrite(files[k].path)
            }
            journal.entries[k].new = Files.identity(path)
        }
        // The journal's name at the root, before any file is replaced.
        Files.syncDirectory(root)
    }

    /// Puts file `k` in place when it is still what the scan read, right before and right after.
    private mutating func place(_ k: Int) throws(FixWriteError) {
        let target = location(k)
        let path = files[k].path
        // The file as it is now, read through one descriptor: the bytes the scan read, and the
        // version it opened.
        guard let now = Files.identity(target, holding: files[k].old), now == journal.entries[k].old,
              let new = journal.entries[k].new else { throw .changed(path) }
        let placement: Placement
        do {
            if try swaps && Files.exchange(stagedPath(k), target) {
                placement = .swapped
            } else if try Files.link(target, as: backupPath(k)) {
                try Files.rename(stagedPath(k), to: target)
                placement = .linked
            } else {
                throw FixWriteError.cannotSwap(path)
            }
        } catch let error as FixWriteError {
            throw error
        } catch {
            throw .cannotWrite(path)
        }
        let entry = Placed(index: k, placement: placement, old: now, new: new)
        placed.append(entry)
        // What was replaced must be the version just read: a program that replaced the file or
        // wrote to it in between would otherwise lose its change.
        guard Files.identity(oldPath(entry)) == now else { throw .changed(path) }
    }

    /// Every placed file back as it was, newest first; returns the files left rewritten because
    /// someone edited them since they were placed.
    private mutating func putBack() -> [String] {
        var kept: [String] = []
        for entry in placed.reversed() {
            let target = location(entry.index)
            guard Files.identity(target) == entry.new else {
                kept.append(files[entry.index].path)
                continue
            }
            switch entry.placement {
            case .swapped: _ = try? Files.exchange(stagedPath(entry.index), target)
            case .linked: try? Files.rename(backupPath(entry.index), to: target)
            }
        }
        placed = []
        return kept.reversed()
    }

    /// The temporary files and the journal, once the files stand or were put back, or once what
    /// was staged is no longer what the plan writes.
    func discard() {
        for k in files.indices {
            try? Files.remove(stagedPath(k))
            try? Files.remove(backupPath(k))
        }
        try? Files.remove(journalPath)
    }
}
