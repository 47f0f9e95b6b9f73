import AuditStore
import Output
import Platform

/// Stores under `.git/dtaudit/` that a change of the work tree would leave where no command finds
/// them, brought to where their audit is now: the store of an audit folder that was renamed
/// (`git mv ios app-ios`, pulled), and the stores an earlier release kept in `.dtaudit/` among the
/// files of every work tree of the clone (which `git worktree remove` would delete with the tree).
enum StoreMoves {
    /// A store moved, and the line that says so.
    struct Moved {
        var location: StoreLocation
        var note: String
    }

    /// Where no store is found for the audit the working folder shares (`SharedAudit.find`): the
    /// store under `.git/dtaudit/` whose audit folder no longer holds its shared file, and which
    /// holds the same audit (the shared file's `audit` record, or without one the same file name),
    /// renamed in one step to the store of the audit's folder now. Nil when there is none; two or
    /// more are named, and none is moved.
    static func renamedAudit(from workingDirectory: String) throws -> Moved? {
        guard let checkout = GitCheckout.containing(workingDirectory), let shared = SharedAudit.find(from: workingDirectory),
              let relative = checkout.relativePath(of: shared.root) else { return nil }
        try checkout.checkOwned()
        let target = checkout.storeFolder(forAuditIn: relative)
        guard Files.status(target + "/" + StoreLocation.databaseName, followLinks: false) == nil else { return nil }
        let ids = Set(shared.files.flatMap { auditIDs(in: shared.root + "/" + $0) })
        var matching: [(folder: String, auditFolder: String)] = []
        for store in checkout.stores where store.folder != target {
            guard let auditFolder = store.auditFolder else { continue }
            let root = auditFolder.isEmpty ? checkout.top : checkout.top + "/" + auditFolder
            let location = StoreLocation(folder: store.folder, root: root, isInGitDirectory: true)
            guard (try? location.checkOwned()) != nil, (try? AuditStore.checkSchema(of: location)) != nil,
                  let candidate = try? AuditStore.open(location, access: .read),
                  let file = (try? candidate.sharing()?.file) ?? (try? SharedAudit.defaultPath(app: candidate.appName())),
                  Files.status(root + "/" + file) == nil else { continue }
            let held = Set(((try? candidate.records(kinds: [.audit])) ?? []).map(\.id))
            if ids.isEmpty ? shared.files.contains(file) : !held.isDisjoint(with: ids) { matching.append((store.folder, auditFolder)) }
        }
        guard let found = matching.first else { return nil }
        let shown = { (folder: String) in PathNames.shown(folder, from: checkout.top) }
        let here = relative.isEmpty ? "the checkout's top" : relative + "/"
        guard matching.count == 1 else {
            throw StoreDiscoveryError.severalRenamed(audit: here, stores: matching.map { shown($0.folder) })
        }
        do {
            try Files.rename(found.folder, to: target)
        } catch {
            throw StoreError.cannotCreate(path: target, detail: error.description)
        }
        let was = found.auditFolder.isEmpty ? "the checkout's top" : found.auditFolder + "/"
        return Moved(location: StoreLocation(folder: target, root: shared.root, isInGitDirectory: true),
                     note: "moved the audit store of \(was) (\(shown(found.folder))), which this work tree no longer has, to \(shown(target)): "
                        + "\(here) shares the same audit now, and every record in it is there")
    }

    /// The ids of the `audit` records among the first lines of a shared file: what names an audit
    /// whoever's clone it is in. None for a file that is not one (format 1 has no such records).
    static func auditIDs(in path: String) -> [String] {
        guard let bytes = try? FileReader.prefix(of: path, count: 1 << 16) else { return [] }
        let opening = Array("{\"record\":\"audit\",".utf8)
        return bytes.split(separator: 0x0A).compactMap { $0.starts(with: opening) ? AuditFile.quickID($0) : nil }
    }

    /// The file under `.git/dtaudit/` that says the stores every work tree kept among its files
    /// were looked for: written once they were, so that each command after costs one `stat`.
    static let sweptMarker = ".earlier-stores-moved"

    /// The first time this release runs in a clone, moves the store an earlier release kept in
    /// `.dtaudit/` in each work tree git lists (the main one and each linked one), for the audit
    /// folders this clone has stores of, the top and the folders from `workingDirectory` up: one of
    /// a linked work tree would otherwise be found only by a command run there, and `git worktree
    /// remove` deletes it with the tree. One that cannot be moved is named; a command run in its
    /// work tree says why again.
    static func moveEarlierStores(of checkout: GitCheckout, from workingDirectory: String, tell: (String) -> Void) {
        let marker = checkout.storesFolder + "/" + sweptMarker
        guard Files.status(marker, followLinks: false) == nil, (try? checkout.checkOwned()) != nil else { return }
        var folders: Set<String> = [""]
        for store in checkout.stores { if let folder = store.auditFolder { folders.insert(folder) } }
        var directory = Files.standardized(workingDirectory)
        while let relative = checkout.relativePath(of: directory) {
            folders.insert(relative)
            if relative.isEmpty { break }
            directory = PathNames.folder(of: directory)
        }
        for tree in checkout.workTreeTops {
            for relative in folders.sorted() {
                let root = relative.isEmpty ? tree : tree + "/" + relative
                let earlier = StoreLocation(folder: root + "/" + StoreLocation.folderName)
                guard Files.status(earlier.databasePath, followLinks: false) != nil else { continue }
                let home = StoreLocation(folder: checkout.storeFolder(forAuditIn: relative), root: root, isInGitDirectory: true)
                do {
                    if let adopted = try StoreAdoption.adopt(earlier, into: home) { tell(note(adopted)) }
                } catch {
                    if tree != checkout.top { tell("the audit store an earlier dtaudit kept in \(earlier.folder) stays there: \(error)") }
                }
            }
        }
        if Files.status(checkout.storesFolder)?.kind == .directory {
            try? Files.writeAtomically(marker, durable: false) { $0.write("dtaudit moved the stores earlier releases kept among the files of each work tree.\n") }
        }
    }

    /// The line that says a store was moved, and what stayed behind.
    static func note(_ adopted: StoreAdoption.Adopted) -> String {
        var line = "moved the audit store an earlier dtaudit kept in \(adopted.from.folder) to \(adopted.into.folder): "
            + "\(counted(adopted.records, "record")) and \(counted(adopted.evidence, "evidence file")), taken in as a shared file's are"
        if adopted.scansLeft > 0 { line += "; its recorded scans stay behind ('dtaudit scan --record' records them again)" }
        return line
    }
}
