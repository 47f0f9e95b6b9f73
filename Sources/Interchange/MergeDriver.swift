import AuditLog
import Platform

/// Git's merge driver for audit files: the union of the records of both sides (and the base, whose
/// records both sides hold anyway), written in the one order every store writes. It never leaves a
/// conflict: records are immutable, so both sides are always true together.
public enum MergeDriver {
    /// The merged file of `base`, `ours` and `theirs`, each the bytes of an audit file (the base is
    /// empty when both sides added the file).
    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8]) throws(InterchangeError) -> String {
        var byID: [String: LogRecord] = [:]
        for (bytes, _) in [(base, "base"), (ours, "ours"), (theirs, "theirs")] where !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D }) {
            for (record, _) in try AuditFile.read(bytes).records {
                if let earlier = byID[record.id], earlier != record {
                    guard Clash.isSettleable(earlier, record) else {
                        throw InterchangeError(line: 0, Clash.refusal(earlier, record, where: "in the other version"))
                    }
                    // The smaller line wins, as in every store.
                    if earlier.line.utf8.lexicographicallyPrecedes(record.line.utf8) { continue }
                }
                byID[record.id] = record
            }
        }
        return AuditFileWriter.text(Array(byID.values))
    }

    /// Runs the merge as git asks: reads the three files and leaves the result in `ours`. Returns
    /// nil when done, or the problem (a side that is not an audit file), said with what git does
    /// next: a driver that fails leaves `ours` as it was, and git marks the file as conflicted with
    /// that version in it; it does not fall back to a merge of its own.
    public static func run(base: String, ours: String, theirs: String, shownAs path: String?) -> String? {
        func read(_ file: String) -> [UInt8]? {
            guard let opened = RegularFile(opening: file), opened.byteCount <= AuditFile.maximumBytes else { return nil }
            return opened.readAll()
        }
        let name = path ?? ours
        let leftToGit = "; git marks it as conflicted with our version in it: mend it, then 'git add' it"
        guard let baseBytes = read(base) ?? (Files.status(base) == nil ? [] : nil), let ourBytes = read(ours), let theirBytes = read(theirs) else {
            return "cannot read the three versions of \(name)" + leftToGit
        }
        do {
            let merged = try merge(base: baseBytes, ours: ourBytes, theirs: theirBytes)
            try Files.writeAtomically(ours) { $0.write(merged) }
            return nil
        } catch let error as InterchangeError {
            return "\(name) cannot be merged as an audit file (\(error))" + leftToGit
        } catch {
            return "cannot write the merge of \(name) (\(error))" + leftToGit
        }
    }
}
