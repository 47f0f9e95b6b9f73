import AuditLog
import DynamicType
import Evidence
import Platform
import SQLite

/// What `evidence gc` finds in the evidence folder.
public struct EvidenceGarbage: Sendable {
    public struct Entry: Sendable {
        /// The name in the evidence folder.
        public var storedName: String
        public var byteCount: Int64
        /// The name the file was first stored under, when the store still knows it.
        public var firstName: String?
    }

    /// Stored files no link refers to: screens removed, or a copy whose command was interrupted.
    public var unreferenced: [Entry] = []
    /// Half-written copies left by an interrupted command.
    public var leftovers: [Entry] = []
    /// Files dtaudit did not make; never touched.
    public var foreign: [String] = []
    /// Files the store refers to that are missing from the folder.
    public var missing: [EvidenceFile] = []

    public var removableBytes: Int64 { (unreferenced + leftovers).reduce(0) { $0 + $1.byteCount } }
    public var isEmpty: Bool { unreferenced.isEmpty && leftovers.isEmpty }
}

/// Garbage collection of the evidence folder: files nothing refers to, and half-written copies.
extension AuditStore {
    /// What `evidence gc` would remove, and anything odd it noticed. Changes nothing.
    public func evidenceGarbage() throws -> EvidenceGarbage {
        try read { try findEvidenceGarbage() }
    }

    /// Removes stored files no link refers to, and half-written copies, in one write transaction
    /// (so no other command can be storing evidence meanwhile). Never removes a referenced file.
    public func collectEvidenceGarbage() throws -> EvidenceGarbage {
        try write {
            let garbage = try findEvidenceGarbage()
            let referenced = try referencedHashes()
            for entry in garbage.unreferenced + garbage.leftovers {
                // Checked again by name right before removal: a referenced file is never touched.
                if referenced.contains(String(entry.storedName.prefix { $0 != "." })) { continue }
                try? Files.remove(location.evidenceFolder + "/" + entry.storedName)
            }
            try db.run("DELETE FROM evidence_files WHERE hash NOT IN (SELECT hash FROM evidence_links)")
            return garbage
        }
    }

    private func referencedHashes() throws -> Set<String> {
        Set(try db.rows("SELECT DISTINCT hash FROM evidence_links") { $0.string("hash") })
    }

    private func findEvidenceGarbage() throws -> EvidenceGarbage {
        var garbage = EvidenceGarbage()
        let referenced = try referencedHashes()
        var known: [String: EvidenceFile] = [:]
        for hash in try db.rows("SELECT hash FROM evidence_files", [], { $0.string("hash") }) {
            known[hash] = try evidenceFile(hash: hash)
        }
        let folder = location.evidenceFolder
        let names = (try? Files.list(folder)) ?? []
        let extensions = Set(MediaKind.allCases.map(\.fileExtension))
        for name in names.sorted() where name != ".gitignore" {
            let path = folder + "/" + name
            let bytes = Files.status(path, followLinks: false)?.byteCount ?? 0
            if name.hasPrefix(Self.incomingPrefix) {
                garbage.leftovers.append(.init(storedName: name, byteCount: bytes, firstName: nil))
                continue
            }
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].count == 64, parts[0].allSatisfy(\.isHexDigit), parts[0].lowercased() == parts[0],
                  extensions.contains(String(parts[1])), Files.status(path, followLinks: false)?.kind == .regular else {
                garbage.foreign.append(name)
                continue
            }
            let hash = String(parts[0])
            if !referenced.contains(hash) {
                garbage.unreferenced.append(.init(storedName: name, byteCount: bytes, firstName: known[hash]?.firstName))
            }
        }
        let present = Set(names)
        for hash in referenced.sorted() {
            if let file = known[hash], !present.contains(file.storedName) { garbage.missing.append(file) }
        }
        return garbage
    }
}

extension AuditStore {
    /// A new name for a half-written copy in `folder`: `.incoming-p<PID>-<UUID>`, which names its
    /// writer, so that a copy a killed writer left is told from one being written now.
    static func incomingPath(in folder: String) -> String {
        folder + "/" + incomingPrefix + "p" + String(System.processID) + "-" + UniqueID.make()
    }

    /// Removes the half-written copies that writers killed midway left in the evidence folder:
    /// only those whose name says which process wrote them, and only when it no longer runs (or
    /// the copy has not changed for a day, its process number now another's).
    public static func removeIncomingLeftovers(in location: StoreLocation) {
        let folder = location.evidenceFolder
        for name in (try? Files.list(folder)) ?? [] where name.hasPrefix(incomingPrefix + "p") {
            let rest = name.dropFirst(incomingPrefix.count + 1)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0,
                  TemporaryFile.isLeftOver(folder + "/" + name, writer: pid) else { continue }
            try? Files.remove(folder + "/" + name)
        }
    }
}
