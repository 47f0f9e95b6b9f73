import Evidence
import Platform

/// The one loop every evidence file goes through on its way into the store, into an adopted
/// store or into an export's folder: read through a buffer the caller keeps, written to a new
/// file, hashed on the way, never held whole.
enum EvidenceCopy {
    enum Failure: Error {
        /// The new file could not be created.
        case create(SystemError)
        case read(SystemError)
        /// More than the limit came: the file grew while it was read, or is over the store's limit.
        case tooLarge(bytes: Int64)
        /// Writing or flushing the new file failed.
        case write
    }

    /// Copies what `reader` reads to a new file at `destination`, created exclusively, and closes
    /// both; refuses to go past `limit`. Returns the SHA-256 of the bytes, how many there were and
    /// the first of them (enough for `MediaKind.detect`). On failure the new file is left for the
    /// caller to remove.
    static func copy(_ reader: FileReader, to destination: String, limit: Int64 = .max, buffer: inout [UInt8],
                     syncing: Bool = true) throws(Failure) -> (hash: String, bytes: Int64, prefix: [UInt8]) {
        defer { reader.close() }
        let output: BufferedOutput
        do {
            output = try BufferedOutput.createNew(path: destination)
        } catch {
            throw .create(error)
        }
        var hasher = SHA256()
        var total: Int64 = 0
        var prefix: [UInt8] = []
        while true {
            let count: Int
            do {
                count = try reader.read(into: &buffer)
            } catch {
                output.close()
                throw .read(error)
            }
            if count == 0 { break }
            total += Int64(count)
            if total > limit {
                output.close()
                throw .tooLarge(bytes: total)
            }
            buffer.withUnsafeBufferPointer { bytes in
                let chunk = UnsafeBufferPointer(rebasing: bytes[0..<count])
                hasher.update(UnsafeRawBufferPointer(chunk))
                output.write(chunk)
            }
            if prefix.count < MediaKind.prefixLength {
                prefix += buffer[0..<min(count, MediaKind.prefixLength - prefix.count)]
            }
        }
        reader.close()
        guard output.close(syncing: syncing) else { throw .write }
        return (SHA256.hex(hasher.finalize()), total, prefix)
    }
}

extension AuditStore {
    /// Copies `source` to `destination`, hashing the bytes on the way; refuses to go past `limit`.
    /// The size is checked on the opened file before a byte is read, so a file over the limit
    /// costs nothing to refuse. `buffer` is kept by the caller across many files.
    static func copy(_ source: String, to destination: String, limit: Int64, buffer: inout [UInt8], syncing: Bool = true) throws(EvidenceError) -> (hash: String, bytes: Int64, prefix: [UInt8]) {
        let (reader, byteCount) = try openEvidence(source, followLinks: true)
        if byteCount > limit {
            reader.close()
            throw .tooLarge(path: source, bytes: byteCount, limit: limit)
        }
        return try copy(reader, to: destination, limit: limit, buffer: &buffer, syncing: syncing)
    }

    /// Copies what `reader` reads to `destination` as `EvidenceCopy.copy` does, saying what went
    /// wrong as evidence errors do.
    static func copy(_ reader: FileReader, to destination: String, limit: Int64, buffer: inout [UInt8], syncing: Bool = true) throws(EvidenceError) -> (hash: String, bytes: Int64, prefix: [UInt8]) {
        let source = reader.path
        do {
            return try EvidenceCopy.copy(reader, to: destination, limit: limit, buffer: &buffer, syncing: syncing)
        } catch {
            switch error {
            case .create(let problem): throw .cannotStore(detail: problem.description)
            case .read(let problem): throw .unreadable(path: source, detail: System.errorDescription(problem.code))
            case .tooLarge(let bytes): throw .tooLarge(path: source, bytes: bytes, limit: limit)
            case .write: throw .cannotStore(detail: "writing \(destination) failed (is the disk full?)")
            }
        }
    }

    /// Opens `source` when it is a regular file, with its size.
    static func openEvidence(_ source: String, followLinks: Bool) throws(EvidenceError) -> (reader: FileReader, byteCount: Int64) {
        do {
            return try FileReader.openRegular(source, followLinks: followLinks)
        } catch {
            switch error {
            case .missing: throw .notFound(path: source)
            case .link, .notAFile: throw .notAFile(path: source)
            case .unreadable(let problem): throw .unreadable(path: source, detail: System.errorDescription(problem.code))
            }
        }
    }

    /// Makes `folder` an evidence folder: created, and kept out of git.
    func prepareEvidenceFolder(_ folder: String) throws(EvidenceError) {
        do {
            try Files.makeDirectory(folder)
            try ensureEvidenceIgnored(folder)
        } catch {
            throw .cannotStore(detail: error.description)
        }
    }

    /// Puts a copy written under a temporary name in under `file`'s stored name, unless a file
    /// of that name and size is there already (the copy is then removed), and records the file
    /// (a hash recorded before keeps its first name and time). Returns whether the copy was
    /// renamed, so that the caller makes the folder durable.
    func place(_ temporary: String, as file: EvidenceFile) throws -> Bool {
        let destination = location.path(of: file)
        let renamed: Bool
        if let existing = Files.status(destination), existing.kind == .regular, existing.byteCount == file.byteCount {
            try? Files.remove(temporary)
            renamed = false
        } else {
            do {
                try Files.rename(temporary, to: destination)
            } catch {
                throw EvidenceError.cannotStore(detail: error.description)
            }
            renamed = true
        }
        try db.cachedStatement("""
            INSERT INTO evidence_files (hash, kind, bytes, first_name, added_at, added_by) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (hash) DO NOTHING
            """).run([file.hash, file.kind.rawValue, file.byteCount, file.firstName, file.addedAt.iso8601, file.addedBy])
        return renamed
    }
}
