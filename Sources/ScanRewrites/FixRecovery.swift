import Output
import Platform

/// What a `--fix` killed before it finished left at a root, found by the next run there through its
/// journal (`FixJournal`) and settled one way: a fix that had not written `done` is put back, every
/// file it had replaced (whose place still holds the staged version) getting its old version back;
/// one that had is finished. Either way its temporary files and its journal go. A file changed
/// since is left as it is and named.
///
/// A journal is trusted only when the user running dtaudit wrote it (it is that user's file, and
/// no other user may write to it), it was written since the system last started (its boot session
/// matches), and every file it names lies inside the root, reached without a symbolic link: any
/// other (one another user planted, one committed to a repository or left from before a restart,
/// one that names a file elsewhere) is named and left alone, so that a planted journal can never
/// make a run put chosen text into a file or remove one. Each file is then acted on through its
/// folder held open (`ConfinedFolder`), never through a path a link could redirect.
public enum FixRecovery {
    /// The largest journal read: a line of a few hundred bytes a file.
    static let maximumJournalBytes = 64 << 20

    /// A journal's entry with the folder that holds its file, opened without following a link.
    struct Placed {
        var entry: FixJournal.Entry
        var folder: ConfinedFolder
        var name: String
    }

    /// Settles what killed fixes left at `root`; returns what it did, a line each, for the user.
    public static func recover(root: String) -> [String] {
        var lines: [String] = []
        for path in journals(in: root) {
            let name = TemporaryFile.split(path).name
            let journal: FixJournal
            switch read(path) {
            case .failure(let refusal):
                lines.append(refused(refusal, name: name))
                continue
            case .success(let read): journal = read
            }
            if !journal.complete {
                // Cut off while its list was written: nothing was staged or replaced yet, and only
                // the journal itself is removed.
                try? Files.remove(path)
                lines.append("a 'scan --fix' was stopped (process \(journal.process)) before it changed any file: removed its journal")
                continue
            }
            guard journal.boot == System.bootSessionID else {
                lines.append(foreign(journal, name: name))
                continue
            }
            guard let entries = confined(journal, root: root) else {
                lines.append(outside(journal, name: name))
                continue
            }
            if journal.done {
                removeLeftovers(of: entries)
                try? Files.remove(path)
                lines.append("a 'scan --fix' was stopped (process \(journal.process)) after it had rewritten all its \(count(entries.count)): removed the temporary files it left")
            } else {
                lines += undo(journal, entries: entries)
                try? Files.remove(path)
            }
        }
        return lines
    }

    /// For a run that writes nothing: what killed fixes left at `root`, a line each.
    public static func pending(root: String) -> [String] {
        journals(in: root).map { path in
            let name = TemporaryFile.split(path).name
            let journal: FixJournal
            switch read(path) {
            case .failure(let refusal): return refused(refusal, name: name)
            case .success(let read): journal = read
            }
            guard journal.boot == System.bootSessionID || !journal.complete else { return foreign(journal, name: name) }
            guard !journal.complete || confined(journal, root: root) != nil else { return outside(journal, name: name) }
            if journal.done || !journal.placing {
                return "a 'scan --fix' was stopped (process \(journal.process)) and left temporary files: 'dtaudit scan --fix' removes them"
            }
            return "a 'scan --fix' was stopped (process \(journal.process)) while it rewrote \(count(journal.entries.count)), which may be partly rewritten:"
                + " 'dtaudit scan --fix' puts them back first"
        }
    }

    /// Each file the journal names back as it was, when its place holds the staged version; its
    /// leftovers removed.
    static func undo(_ journal: FixJournal, entries: [Placed]) -> [String] {
        var restored = 0
        var left: [String] = []
        defer { removeLeftovers(of: entries) }
        for placed in entries {
            let entry = placed.entry
            let now = placed.folder.identity(placed.name)
            // Not replaced yet (every file, before the staged versions were written down).
            if !journal.placing || now == entry.old { continue }
            guard let new = entry.new, now == new else {
                left.append("\(entry.target) changed while or after the fix ran: left as it is")
                continue
            }
            // The old version lies under the staged name (swapped out) or the backup name (linked).
            let kept = [entry.staged, entry.backup].first { placed.folder.identity($0) == entry.old }
            if let kept, (try? placed.folder.rename(kept, to: placed.name)) != nil {
                restored += 1
            } else {
                left.append("\(entry.target) keeps its rewrite: its old text is gone")
            }
        }
        let head = "a 'scan --fix' was stopped (process \(journal.process)) before it finished: "
            + (restored == 0 ? "none of its \(count(entries.count)) had been replaced" : "put back \(restored) of its \(count(entries.count))")
            + "; removed the temporary files it left"
        return [head] + left
    }

    /// Every entry of `journal` with its file's folder, each reached from `root` without following
    /// a link; nil when one names anything else (an absolute path, `..`, a folder that is a link or
    /// is missing, temporary names another process would write).
    static func confined(_ journal: FixJournal, root: String) -> [Placed]? {
        var folders: [[String]: ConfinedFolder] = [:]
        var placed: [Placed] = []
        for entry in journal.entries {
            guard journal.isWellFormed(entry) else { return nil }
            let (path, name) = FixJournal.steps(of: entry.target)
            if folders[path] == nil { folders[path] = ConfinedFolder(root: root, folders: path) }
            guard let folder = folders[path] else { return nil }
            placed.append(Placed(entry: entry, folder: folder, name: name))
        }
        return placed
    }

    /// The temporary files killed writers left beside the entries' files, each folder read once.
    static func removeLeftovers(of entries: [Placed]) {
        var byFolder: [ObjectIdentifier: (folder: ConfinedFolder, names: Set<String>)] = [:]
        for placed in entries { byFolder[ObjectIdentifier(placed.folder), default: (placed.folder, [])].names.insert(placed.name) }
        for (folder, names) in byFolder.values { folder.removeLeftovers(of: names) }
    }

    /// A journal not written on this system since it started.
    static func foreign(_ journal: FixJournal, name: String) -> String {
        let files = journal.entries.prefix(3).map(\.target).joined(separator: ", ") + (journal.entries.count > 3 ? ", ..." : "")
        return "\(name) at the scanned folder is the journal of a 'scan --fix' stopped before this system last started, or copied from elsewhere:"
            + " left as it is; check the files it names (\(files)) and remove it"
    }

    /// A journal that names a file outside the root or past a link.
    static func outside(_ journal: FixJournal, name: String) -> String {
        let first = journal.entries.first { !journal.isWellFormed($0) }?.target ?? journal.entries.first?.target ?? ""
        return "\(name) at the scanned folder names a file outside that folder or past a symbolic link ('\(first)'), which no 'scan --fix' writes:"
            + " left as it is, and every file it names; check them and remove it"
    }

    /// A journal that is not this user's own to act on.
    static func refused(_ refusal: OwnFileRefusal, name: String) -> String {
        switch refusal {
        case .unreadable: "\(name) at the scanned folder is not a journal dtaudit can read: left as it is"
        case .otherOwner(let user):
            "\(name) at the scanned folder belongs to another user (id \(user)), and a 'scan --fix' acts only on its own user's journals:"
                + " left as it is, and every file it names; remove it"
        case .writableByOthers(let bits):
            "\(name) at the scanned folder may be changed by other users (mode \(String(bits, radix: 8))), so it may not be what 'scan --fix' wrote:"
                + " left as it is, and every file it names; remove it"
        }
    }

    static func count(_ files: Int) -> String { counted(files, "file") }

    /// The journal at `path` when it is one, of the process its name gives, and this user's own.
    static func read(_ path: String) -> Result<FixJournal, OwnFileRefusal> {
        guard let process = TemporaryFile.writer(of: TemporaryFile.split(path).name, for: FixJournal.name) else { return .failure(.unreadable) }
        switch Files.readOwn(path, maximumBytes: maximumJournalBytes) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let file):
            guard let journal = FixJournal.parse(file.bytes, process: process) else { return .failure(.unreadable) }
            return .success(journal)
        }
    }

    /// The journals at `root` of fixes whose process is gone, by name.
    static func journals(in root: String) -> [String] {
        let folder = root == "/" ? "/" : root + "/"
        guard let names = try? Files.list(folder) else { return [] }
        return names.filter { name in
            // A journal's name is hidden, as most names of a project's folder are not: the others are
            // passed over at their first byte.
            guard name.utf8.first == UInt8(ascii: "."),
                  let process = TemporaryFile.writer(of: name, for: FixJournal.name) else { return false }
            return process != System.processID && !System.isRunning(process)
        }.sorted().map { folder + $0 }
    }
}
