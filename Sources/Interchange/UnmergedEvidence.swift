import AuditStore
import Platform

/// Screenshots in the shared evidence folder that git left unmerged: one side changed a file (an
/// image optimiser rewrote it, say) while the other removed it. Git keeps one version in the
/// working tree and waits for a `git add` or `git rm` that nothing else would ask for.
public struct UnmergedEvidence: Sendable, Equatable {
    /// The path relative to the repository's root, as `git add` takes it.
    public var path: String
    /// Whether a live attachment of the audit names the file: then it is kept (`git add`), else
    /// removed (`git rm`).
    public var inUse: Bool
    /// Whether this store holds the file, so that `sync` writes its bytes back in the folder.
    public var stored: Bool

    /// The unmerged files of `shared`'s evidence folder; none outside git or without conflicts.
    /// `used` gives the stored names (`<sha-256>.png`) of the files live attachments name.
    public static func find(_ shared: SharedAudit, store: AuditStore, used: () -> Set<String>) -> [UnmergedEvidence] {
        guard Files.status(shared.evidenceFolder)?.kind == .directory,
              let listed = Subprocess.output(of: "git", ["-C", shared.root, "ls-files", "-u", "-z", "--full-name", "--", shared.relativeEvidenceFolder]),
              !listed.isEmpty else { return [] }
        // Each entry is "<mode> <object> <stage>\t<path>"; a path comes once per stage it has.
        var paths: [String] = []
        for entry in listed.split(separator: "\0") {
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let path = String(entry[entry.index(after: tab)...])
            if paths.last != path { paths.append(path) }
        }
        let top = GitSetup.git(shared.root, ["rev-parse", "--show-toplevel"]).map(Files.resolvingLinks) ?? shared.root
        let root = Files.resolvingLinks(shared.root)
        let used = used()
        let prefix = root.hasPrefix(top) ? String(root.dropFirst(top.count)).drop { $0 == "/" } : ""
        return paths.map { full in
            let name = PathNames.fileName(of: full)
            let relative = prefix.isEmpty || !full.hasPrefix(prefix + "/") ? full : String(full.dropFirst(prefix.count + 1))
            let storedPath = store.location.evidenceFolder + "/" + name
            return UnmergedEvidence(path: relative, inUse: used.contains(name),
                                    stored: Files.status(storedPath, followLinks: false)?.kind == .regular)
        }
    }
}
