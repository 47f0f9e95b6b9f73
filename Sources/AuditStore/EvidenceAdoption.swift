import Evidence
import Platform

/// The evidence files one sync took in from a shared evidence folder, so that a sync that fails
/// afterwards can take them out again and leave the store as it found it.
public struct EvidenceAdoption: Sendable {
    let folder: String
    /// Whether the store's evidence folder was made for these files.
    var madeFolder = false
    var placed: [String] = []

    public init(_ location: StoreLocation) {
        folder = location.evidenceFolder
    }

    /// Removes the files taken in, and the evidence folder when it was made for them.
    public func undo() {
        for path in placed { try? Files.remove(path) }
        if madeFolder {
            try? Files.remove(folder + "/.gitignore")
            try? Files.removeDirectory(folder)
        }
    }
}

extension AuditStore {
    /// What became of a file a shared evidence folder offered.
    public enum Adoption: Sendable, Equatable {
        case taken
        /// Nothing there (any more).
        case missing
        /// Left out, and why, in words that follow the file's name.
        case refused(String)
    }

    /// Takes `file` in from `source`, a file of a shared evidence folder (which arrives from other
    /// people), when it is a regular file and not a link, within the store's evidence limit, of the
    /// size its records give and with the SHA-256 and kind its name gives. The sizes are checked on
    /// the opened file before a byte is read. A file that fails a check is left out, and said why:
    /// one bad file must not block the records of a whole team. Only a store that cannot be written
    /// throws; what was taken in is noted in `adoption`.
    public func adoptEvidence(_ file: EvidenceFile, from source: String, into adoption: inout EvidenceAdoption) throws -> Adoption {
        let opened: (reader: FileReader, byteCount: Int64)
        do {
            opened = try FileReader.openRegular(source, followLinks: false)
        } catch {
            switch error {
            case .missing: return .missing
            case .link: return .refused("is a symbolic link, not a file")
            case .notAFile: return .refused("is not a regular file")
            case .unreadable(let problem): return .refused("cannot be read (\(System.errorDescription(problem.code)))")
            }
        }
        let limit = try evidenceLimit()
        if opened.byteCount > limit {
            opened.reader.close()
            return .refused("is \(ByteCount.format(opened.byteCount)); evidence files may be up to \(ByteCount.format(limit)) (change it with 'dtaudit evidence limit')")
        }
        if opened.byteCount != file.byteCount {
            opened.reader.close()
            return .refused("does not hold the bytes its name says (it is \(ByteCount.format(opened.byteCount)), its records say \(ByteCount.format(file.byteCount)))")
        }
        if Files.status(adoption.folder, followLinks: false) == nil {
            adoption.madeFolder = true
        }
        do {
            try prepareEvidenceFolder(adoption.folder)
        } catch {
            opened.reader.close()
            throw error
        }
        let temporary = Self.incomingPath(in: adoption.folder)
        defer { try? Files.remove(temporary) }
        var buffer = [UInt8](repeating: 0, count: Int(min(file.byteCount + 1, 1 << 20)))
        let copied: (hash: String, bytes: Int64, prefix: [UInt8])
        do {
            copied = try Self.copy(opened.reader, to: temporary, limit: file.byteCount, buffer: &buffer)
        } catch {
            switch error {
            case .cannotStore: throw error
            case .unreadable(_, let detail): return .refused("cannot be read (\(detail))")
            default: return .refused("changed while it was read")
            }
        }
        guard copied.hash == file.hash, copied.bytes == file.byteCount, MediaKind.detect(copied.prefix) == file.kind else {
            return .refused("does not hold the bytes its name says")
        }
        let destination = location.path(of: file)
        do {
            try Files.rename(temporary, to: destination)
        } catch {
            throw EvidenceError.cannotStore(detail: error.description)
        }
        adoption.placed.append(destination)
        Files.syncDirectory(adoption.folder)
        return .taken
    }
}
