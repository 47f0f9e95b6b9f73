import Platform

/// What a `--fix` killed before it finished left at a root, found by the next run there through its
/// journal (`FixJournal`) and settled one way: a fix that had not written `done` is put back, every
/// file it had replaced (whose place still holds the staged version) getting its old version back;
/// one that had is finished. Either way its temporary files and its journal go. A file changed
/// since is left as it is and named.
///
/// A journal is trusted only when it was written since the system last started (its boot session
/// matches): one committed to a repository, or left from before a restart, is named and left alone,
/// so that a planted journal can never make a run put chosen text into a file.
public enum FixRecovery {
    /// The largest journal read: a line of a few hundred bytes a file.
    static let maximumJournalBytes = 64 << 20

    /// Settles what killed fixes left at `root`; returns what it did, a line each, for the user.
    public static func recover(root: String) -> [String] {
        var lines: [String] = []
        for path in journals(in: root) {
            let name = TemporaryFile.split(path).name
            guard let journal = read(path) else {
                lines.append("\(name) at the scanned folder is not a journal dtaudit can read: left as it is")
                continue
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
            let entries = journal.entries.filter(journal.isWellFormed)
            if journal.done {
                Files.removeLeftovers(of: entries.map { FixJournal.location(of: $0.target, root: root) })
                try? Files.remove(path)
                lines.append("a 'scan --fix' was stopped (process \(journal.process)) after it had rewritten all its \(count(entries.count)): removed the temporary files it left")
            } else {
                lines += undo(journal, entries: entries, root: root)
                try? Files.remove(path)
            }
        }
        return lines
    }

    /// For a run that writes nothing: what killed fixes left at `root`, a line each.
    public static func pending(root: String) -> [String] {
        journals(in: root).compactMap { path in
            let name = TemporaryFile.split(path).name
            guard let journal = read(path) else { return "\(name) at the scanned folder is not a journal dtaudit can read" }
            guard journal.boot == System.bootSessionID || !journal.complete else { return foreign(journal, name: name) }
            if journal.done || !journal.placing {
                return "a 'scan --fix' was stopped (process \(journal.process)) and left temporary files: 'dtaudit scan --fix' removes them"
            }
            return "a 'scan --fix' was stopped (process \(journal.process)) while it rewrote \(count(journal.entries.count)), which may be partly rewritten:"
                + " 'dtaudit scan --fix' puts them back first"
        }
    }

    /// Each file the journal names back as it was, when its place holds the staged version; its
    /// leftovers removed.
    static func undo(_ journal: FixJournal, entries: [FixJournal.Entry], root: String) -> [String] {
        var restored = 0
        var left: [String] = []
        defer { Files.removeLeftovers(of: entries.map { FixJournal.location(of: $0.target, root: root) }) }
        for entry in entries {
            let location = FixJournal.location(of: entry.target, root: root)
            let now = Files.identity(location)
            // Not replaced yet (every file, before the staged versions were written down).
            if !journal.placing || now == entry.old { continue }
            guard let new = entry.new, now == new else {
                left.append("\(entry.target) changed while or after the fix ran: left as it is")
                continue
            }
            // The old version lies under the staged name (swapped out) or the backup name (linked).
            let kept = [entry.staged, entry.backup].map { FixJournal.sibling($0, of: location) }.first { Files.identity($0) == entry.old }
            if let kept, (try? Files.rename(kept, to: location)) != nil {
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

    /// A journal not written on this system since it started.
    static func foreign(_ journal: FixJournal, name: String) -> String {
        let files = journal.entries.prefix(3).map(\.target).joined(separator: ", ") + (journal.entries.count > 3 ? ", ..." : "")
        return "\(name) at the scanned folder is the journal of a 'scan --fix' stopped before this system last started, or copied from elsewhere:"
            + " left as it is; check the files it names (\(files)) and remove it"
    }

    static func count(_ files: Int) -> String { files == 1 ? "1 file" : "\(files) files" }

    static func read(_ path: String) -> FixJournal? {
        guard let process = TemporaryFile.writer(of: TemporaryFile.split(path).name, for: FixJournal.name),
              let identity = Files.identity(path), identity.byteCount <= maximumJournalBytes,
              let file = Files.readUnchanged(path) else { return nil }
        return FixJournal.parse(file.bytes, process: process)
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
