import AuditStore
import DynamicType
import Evidence
import Output
import Platform

/// Evidence in reports: `screen show`, `evidence list`.
enum EvidenceReport {
    static func json(_ link: EvidenceLink, store: AuditStore) -> JSON {
        .object([
            ("size", .string(link.size.id)),
            ("item", .optional(link.item)),
            ("name", .string(link.name)),
            ("kind", .string(link.file.kind.rawValue)),
            ("bytes", .int(Int(link.file.byteCount))),
            ("sha256", .string(link.file.hash)),
            ("path", .string(displayPath(of: link.file, store: store))),
            // False when the records name a file this store lacks (not shared yet, or lost in a merge).
            ("stored", .bool(isStored(link.file, store: store))),
            ("id", .string(link.id)),
            ("recording", .optional(link.recording)),
            // The automated run that attached it; null when a person did.
            ("run", .optional(link.run)),
            ("attachedBy", .string(link.attachedBy)),
            ("attachedAt", .string(link.attachedAt.iso8601)),
        ])
    }

    /// Whether the store's evidence folder holds the file: records can arrive before their files.
    static func isStored(_ file: EvidenceFile, store: AuditStore) -> Bool {
        Files.status(store.location.path(of: file), followLinks: false)?.kind == .regular
    }

    /// A stored file's path as a user can type it from the audit's folder
    /// (`.git/dtaudit/root/evidence/<sha-256>.png`, `.dtaudit/evidence/<sha-256>.png`), or absolute
    /// when the store lies elsewhere (a linked work tree's, one named with --store).
    static func displayPath(of file: EvidenceFile, store: AuditStore) -> String {
        PathNames.shown(store.location.path(of: file), from: store.location.root)
    }
}

extension Console {
    /// `path` made absolute from the working folder.
    func absolutePath(_ path: String) -> String {
        let expanded = path == "~" || path.hasPrefix("~/") ? (System.environment("HOME") ?? "") + path.dropFirst() : path
        return StoreLocation.absolute(expanded, from: workingDirectory)
    }

    /// Checks the files given with --evidence before anything is written (`AuditStore.evidenceCandidates`).
    func evidenceCandidates(_ paths: [String], store: AuditStore) throws -> [EvidenceCandidate] {
        try store.evidenceCandidates(paths.map { (absolutePath($0), $0) })
    }

    /// `pay.png (PNG, 1.2 MB)`
    func evidenceLabel(_ candidate: EvidenceCandidate) -> String {
        safe(candidate.name) + style.dim(" (\(candidate.kind.displayName), \(ByteCount.format(candidate.byteCount)))")
    }

    /// A progress counter on standard error for long work (20 files or more), shown only on a
    /// terminal; called with the number done, and with the total at the end to clear the line.
    /// Labels read back so far, on a terminal, once there are enough to wait for.
    static func labelProgress() -> (@Sendable (Int, Int) -> Void)? {
        guard StandardStream.error.isTerminal else { return nil }
        return { done, total in
            guard total >= 200 else { return }
            BufferedOutput.standardError.write(done >= total ? "\r\u{1B}[K" : "\rreading labels \(done)/\(total)…")
        }
    }

    func progress(total: Int, verb: String = "reading") -> ((Int) -> Void)? {
        guard total >= 20, StandardStream.error.isTerminal else { return nil }
        return { done in
            BufferedOutput.standardError.write(done >= total ? "\r\u{1B}[K" : "\r\(verb) \(done)/\(total)…")
        }
    }
}

/// A screen's evidence with the store it lives in, for `screen show`.
struct EvidenceShown {
    var evidence: ScreenEvidence
    var store: AuditStore

    func path(_ file: EvidenceFile) -> String { EvidenceReport.displayPath(of: file, store: store) }

    func json(_ link: EvidenceLink) -> JSON {
        var members: [(String, JSON)] = []
        if case .object(let all) = EvidenceReport.json(link, store: store) {
            // The cell or size is already given by where the entry sits.
            members = all.filter { $0.0 != "item" && (link.item == nil || $0.0 != "size") }
        }
        return .object(members)
    }
}

extension EvidenceReport {
    /// The `Evidence` section of `screen show`: by size, largest first; screenshots of the whole
    /// screen, then each cell's files in checklist order.
    static func text(_ shown: EvidenceShown, checklist: Checklist, console: Console) {
        let evidence = shown.evidence
        guard !evidence.sizes.isEmpty else { return }
        let style = console.style
        console.line()
        console.line(style.bold("Evidence"))
        var table = TextTable()
        let order = Dictionary(uniqueKeysWithValues: checklist.items.enumerated().map { ($1.id, $0) })
        // Who attached a file and when: the run, else the person.
        func origin(_ link: EvidenceLink) -> String {
            (link.run.map { "run " + console.safe($0) } ?? "attached by " + console.safe(link.attachedBy)) + ", " + link.attachedAt.day
        }
        for size in evidence.sizes {
            // The latest screenshots first; older ones at the size are marked superseded, last, so
            // that nobody reads an old run's picture (of a bug since fixed) for the screen as it is.
            let shots = evidence.screenshotsByAge(at: size)
            var rows: [(String, EvidenceLink)] = shots.current.map { ("screen", $0) }
            let keys = evidence.cells.keys.filter { $0.size == size }.sorted { (order[$0.item] ?? .max, $0.item) < (order[$1.item] ?? .max, $1.item) }
            for key in keys { rows += (evidence.cells[key] ?? []).map { (key.item, $0) } }
            rows += shots.superseded.map { ("superseded", $0) }
            for (what, link) in rows {
                let label = what == "screen" || what == "superseded" ? style.dim(what) : what
                table.add([size.id, label, console.safe(link.name), style.dim(origin(link)), link.file.kind.displayName,
                           ByteCount.format(link.file.byteCount), style.dim(shown.path(link.file))])
            }
        }
        for line in table.render(indent: 2) { console.line(line) }
    }
}
