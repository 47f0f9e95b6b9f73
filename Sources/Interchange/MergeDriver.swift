import AuditLog
import Platform

/// Git's merge driver for audit files: the union of the records of both sides (and the base, whose
/// records both sides hold anyway), written in the one order every store writes. It never leaves a
/// conflict: records are immutable, so both sides are always true together.
public enum MergeDriver {
    /// The merged file of `base`, `ours` and `theirs`, each the bytes of an audit file (the base is
    /// empty when both sides added the file).
    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8]) throws(InterchangeError) -> String {
        var merged: [UInt8] = []
        let sources = [base, ours, theirs].map { bytes in
            var given = false
            return { (buffer: inout [UInt8]) -> Bool in
                if given { return false }
                given = true
                buffer.append(contentsOf: bytes)
                return !bytes.isEmpty
            }
        }
        if OrderedMerge.merge(sources, into: { merged.append(contentsOf: $0) }) {
            return String(decoding: merged, as: UTF8.self)
        }
        return try unionOfRecords(base: base, ours: ours, theirs: theirs)
    }

    /// The same merge made record by record: every version read whole, every record held, then
    /// sorted. It takes any file the reader takes (format 1, conflict markers, clashes it can
    /// settle); `OrderedMerge` leaves it whatever it is unsure of.
    static func unionOfRecords(base: [UInt8], ours: [UInt8], theirs: [UInt8]) throws(InterchangeError) -> String {
        var byID: [String: LogRecord] = [:]
        for bytes in [base, ours, theirs] where !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D }) {
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
        let name = path ?? ours
        let leftToGit = "; git marks it as conflicted with our version in it: mend it, then 'git add' it"
        func readable(_ file: String) -> Bool {
            guard let opened = RegularFile(opening: file) else { return false }
            return opened.byteCount <= AuditFile.maximumBytes
        }
        guard readable(base) || Files.status(base) == nil, readable(ours), readable(theirs) else {
            return "cannot read the three versions of \(name)" + leftToGit
        }
        let scratch = MergeScratch(for: ours)
        do {
            try scratch.write { output in
                let inputs = [base, ours, theirs].map { MergeInput(path: $0) }
                if OrderedMerge.merge(inputs.map { input in { input?.read(appendingTo: &$0) ?? false } }, into: { output.write($0) }),
                   !inputs.contains(where: { $0?.failed == true }) {
                    return
                }
                guard let baseBytes = MergeInput.readAll(base) ?? (Files.status(base) == nil ? [] : nil),
                      let ourBytes = MergeInput.readAll(ours), let theirBytes = MergeInput.readAll(theirs) else {
                    throw MergeScratch.Unreadable()
                }
                let merged = try unionOfRecords(base: baseBytes, ours: ourBytes, theirs: theirBytes)
                try output.restart()
                output.write(merged)
            }
            return nil
        } catch is MergeScratch.Unreadable {
            return "cannot read the three versions of \(name)" + leftToGit
        } catch let error as InterchangeError {
            return "\(name) cannot be merged as an audit file (\(error))" + leftToGit
        } catch {
            return "cannot write the merge of \(name) (\(error))" + leftToGit
        }
    }
}

/// One version git hands the driver, read a chunk at a time; at most an audit file's size is read.
final class MergeInput {
    private let file: RegularFile
    private var total = 0
    /// It could not be read whole: a read failed, or it grew past the limit.
    private(set) var failed = false

    /// Nil when there is no regular file at `path` (a base git left out).
    init?(path: String) {
        guard let opened = RegularFile(opening: path) else { return nil }
        file = opened
    }

    func read(appendingTo buffer: inout [UInt8]) -> Bool {
        guard !failed else { return false }
        let chunk = 1 << 18
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        let got = buffer.withUnsafeMutableBytes { file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
        buffer.removeLast(chunk - (got ?? 0))
        total += got ?? 0
        if got == nil || total > AuditFile.maximumBytes { failed = true }
        return !failed && got ?? 0 > 0
    }

    static func readAll(_ path: String) -> [UInt8]? {
        guard let opened = RegularFile(opening: path), opened.byteCount <= AuditFile.maximumBytes else { return nil }
        return opened.readAll()
    }
}
