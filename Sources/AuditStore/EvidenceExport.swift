import Evidence
import Platform

/// Copies the evidence files a report links into a folder beside it (`Exports/<export>-evidence/`),
/// so that the report can be read, committed or sent without the store.
///
/// The copies keep the store's names, `<sha-256>.<ext>`: no name a user gave a file ever becomes
/// a path, the same content always gets the same name, and a copy's name says what its bytes must
/// be. Each file is streamed through a buffer, never held whole, and hashed on the way; a copy is
/// written under a temporary name and renamed into place once complete, so the folder never holds
/// a part of a file under its final name.
///
/// Exporting again is quick the way rsync is: a copy takes the stored file's modification time,
/// and a copy of the right size with that time is kept unread. Any other copy of the right size
/// (one edited in place, or checked out by git) is hashed, kept when its bytes still match its
/// name, and copied again when they don't.
public enum EvidenceExport {
    /// What one export did to its evidence folder.
    public struct Outcome: Sendable, Equatable {
        /// Files copied from the store now.
        public var copied = 0
        /// Files an earlier export of the same name had already copied, checked byte for byte.
        public var kept = 0
        /// Files of an earlier export that the report no longer links, removed.
        public var removed = 0
        /// The bytes of every file the folder now holds for the report.
        public var bytes: Int64 = 0
        /// Stored files whose bytes no longer match their hash: changed in the store since they
        /// were attached. They are copied as they are, and named in a warning.
        public var changed: [EvidenceFile] = []
        /// Files dtaudit did not write, left in the folder as they are.
        public var foreign: [String] = []

        public var files: Int { copied + kept }

        public init() {}
    }

    /// A problem with the folder or a copy, said in one line.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The buffer each file is streamed through.
    static let bufferSize = 1 << 20

    /// Whether `name` is one dtaudit gives an exported evidence file: 64 lower-case hex digits and
    /// the extension of an accepted kind.
    public static func isEvidenceName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 64 else { return false }
        let hexDigits = parts[0].utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
        return hexDigits && MediaKind.allCases.contains { $0.fileExtension == parts[1] }
    }

    /// Makes `folder` hold exactly `files`, copied byte for byte from the store at `location`:
    /// missing copies are made, copies an earlier export left are kept when their bytes still
    /// match their name, and evidence files of an earlier export that `files` no longer lists are
    /// removed. Files dtaudit did not name are never touched. With no files, an earlier folder is
    /// emptied of its evidence and removed when nothing else is left in it; none is created.
    ///
    /// With `prune` false (the shared evidence folder, which every export and the shared audit file
    /// use), nothing is ever removed: the folder only grows by content.
    public static func sync(_ files: [EvidenceFile], from location: StoreLocation, into folder: String, prune: Bool = true) throws(Failure) -> Outcome {
        var outcome = Outcome()
        let existing = Files.status(folder, followLinks: false)
        if let existing, existing.kind != .directory {
            throw Failure(description: "cannot write the evidence folder \(folder): a file of that name is in the way")
        }
        if files.isEmpty && existing == nil { return outcome }
        if existing == nil {
            do {
                try Files.makeDirectories(folder)
            } catch {
                throw Failure(description: "cannot create the evidence folder \(folder): \(System.errorDescription(error.code))")
            }
        }

        var wanted = Set<String>()
        var buffer = [UInt8](repeating: 0, count: bufferSize)
        for file in files where wanted.insert(file.storedName).inserted {
            let destination = folder + "/" + file.storedName
            let source = location.path(of: file)
            let sourceTime = Files.status(source)?.modifiedMilliseconds
            if let status = Files.status(destination, followLinks: false), status.kind == .regular, status.byteCount == file.byteCount {
                if status.modifiedMilliseconds == sourceTime {
                    outcome.kept += 1
                    outcome.bytes += file.byteCount
                    continue
                }
                if (try? hash(of: destination, buffer: &buffer)) == file.hash {
                    if let sourceTime { try? Files.setModified(destination, milliseconds: sourceTime) }
                    outcome.kept += 1
                    outcome.bytes += file.byteCount
                    continue
                }
            }
            let (hash, bytes) = try copy(source, to: destination, in: folder, modified: sourceTime, buffer: &buffer)
            if hash != file.hash { outcome.changed.append(file) }
            outcome.copied += 1
            outcome.bytes += bytes
        }

        let names: [String]
        do {
            names = try Files.list(folder)
        } catch {
            throw Failure(description: "cannot read the evidence folder \(folder): \(System.errorDescription(error.code))")
        }
        for name in names.sorted() where !wanted.contains(name) {
            let path = folder + "/" + name
            if isEvidenceName(name) && !prune { continue }
            if isEvidenceName(name) || isLeftover(name) {
                do {
                    try Files.remove(path)
                } catch {
                    throw Failure(description: "cannot remove \(path), left by an earlier export: \(System.errorDescription(error.code))")
                }
                if !isLeftover(name) { outcome.removed += 1 }
            } else {
                outcome.foreign.append(name)
            }
        }
        if prune && files.isEmpty && outcome.foreign.isEmpty { try? Files.removeDirectory(folder) }
        Files.syncDirectory(folder)
        return outcome
    }

    /// The prefix of copies being written.
    static let temporaryPrefix = ".incoming-"

    /// A copy an interrupted export left behind.
    static func isLeftover(_ name: String) -> Bool {
        name.hasPrefix(temporaryPrefix) && name.hasSuffix(".tmp")
    }

    /// Copies `source` to `destination` through a temporary file in `folder`, giving the copy the
    /// modification time `modified`; returns the SHA-256 of the bytes copied and how many there were.
    private static func copy(_ source: String, to destination: String, in folder: String, modified: Int64?,
                             buffer: inout [UInt8]) throws(Failure) -> (hash: String, bytes: Int64) {
        // A stored file is one dtaudit wrote: a link there (a clone can carry one) is never read through.
        let reader: FileReader
        do {
            reader = try FileReader.openRegular(source, followLinks: false).reader
        } catch {
            let reason = switch error {
            case .missing: "it is missing"
            case .link: "it is a symbolic link, not a file dtaudit stored"
            case .notAFile: "it is not a regular file"
            case .unreadable(let problem): System.errorDescription(problem.code)
            }
            throw Failure(description: "cannot read the stored evidence file \(source): \(reason); run 'dtaudit evidence gc' to see what is missing")
        }
        defer { reader.close() }
        let temporary = folder + "/" + temporaryPrefix + String(System.processID) + "-" + String(destination.split(separator: "/").last ?? "") + ".tmp"
        try? Files.remove(temporary)
        let copied: (hash: String, bytes: Int64, prefix: [UInt8])
        do {
            copied = try EvidenceCopy.copy(reader, to: temporary, buffer: &buffer)
        } catch {
            switch error {
            case .create(let problem):
                throw Failure(description: "cannot write in the evidence folder \(folder): \(System.errorDescription(problem.code))")
            case .read(let problem):
                try? Files.remove(temporary)
                throw Failure(description: "cannot read the stored evidence file \(source): \(System.errorDescription(problem.code))")
            case .tooLarge, .write:
                try? Files.remove(temporary)
                throw Failure(description: "cannot write \(destination): the folder is not writable or the disk is full")
            }
        }
        if let modified { try? Files.setModified(temporary, milliseconds: modified) }
        do {
            try Files.rename(temporary, to: destination)
        } catch {
            try? Files.remove(temporary)
            throw Failure(description: "cannot write \(destination): \(System.errorDescription(error.code))")
        }
        return (copied.hash, copied.bytes)
    }

    /// The SHA-256 of the file at `path`, read through `buffer` (reused across calls).
    public static func hash(of path: String, buffer: inout [UInt8]) throws(SystemError) -> String {
        let reader = try FileReader(path: path)
        defer { reader.close() }
        var hasher = SHA256()
        while true {
            let count = try reader.read(into: &buffer)
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        return SHA256.hex(hasher.finalize())
    }
}

/// The evidence a report can link: files the store still has.
public enum ExportedEvidence {
    /// `screens` without the links to files missing from the evidence folder (a symbolic link there
    /// counts as missing), and how many of the files the report would show are missing (files of
    /// older recordings only count when shown). One `stat` per file.
    public static func present(in screens: [String: ScreenEvidence], location: StoreLocation) -> (screens: [String: ScreenEvidence], missing: Int) {
        var found: [String: Bool] = [:]
        func isPresent(_ link: EvidenceLink) -> Bool {
            if let known = found[link.file.hash] { return known }
            let present = Files.status(location.path(of: link.file), followLinks: false)?.kind == .regular
            found[link.file.hash] = present
            return present
        }
        var result: [String: ScreenEvidence] = [:]
        for (id, evidence) in screens {
            var kept = evidence
            kept.cells = evidence.cells.mapValues { $0.filter(isPresent) }.filter { !$0.value.isEmpty }
            kept.screenshots = evidence.screenshots.mapValues { $0.filter(isPresent) }.filter { !$0.value.isEmpty }
            result[id] = kept
        }
        let missing = found.values.filter { !$0 }.count
        for (id, evidence) in result {
            result[id]?.all = evidence.all.filter(isPresent)
        }
        return (result, missing)
    }
}
