import ArgumentParsing
import AuditStore
import Evidence
import Output

struct EvidenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evidence",
        abstract: "Import, list and clean up the screenshots and recordings kept as evidence.",
        discussion: """
            Evidence files live in the store's evidence/ folder, each stored once under the SHA-256 of its \
            content. Attach them with 'dtaudit record --evidence FILE', while answering in \
            'dtaudit audit', or from a folder of snapshot-test or capture-script screenshots with \
            'dtaudit evidence import'. 'dtaudit screen show' lists them per cell.

            The folder stays out of git, like the database: \
            screenshots are large and change with every run, and an export copies the ones it shows \
            beside itself for review.
            """,
        subcommands: [EvidenceImportCommand.self, ImportRunCommand.self, EvidenceListCommand.self, EvidenceGCCommand.self, EvidenceLimitCommand.self],
        pointers: ["remove": "dtaudit retract ID", "rm": "dtaudit retract ID", "delete": "dtaudit retract ID", "detach": "dtaudit retract ID"]
    )
}

// MARK: list

struct EvidenceListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the evidence attached to screens, with the stored files' paths.",
        aliases: ["ls"]
    )

    @OptionGroup var screen: OptionalScreenArgument

    @OptionGroup var output: JSONOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try console.openStore(.read)
        let only = try screen.resolve(in: store)
        let listing = try store.evidenceListing(of: only)
        if output.json {
            console.json(.array(listing.entries.map { name, link in
                var members: [(String, JSON)] = [("screen", .string(name))]
                if case .object(let rest) = EvidenceReport.json(link, store: store) { members += rest }
                return .object(members)
            }))
            return
        }
        if listing.entries.isEmpty {
            console.line(only == nil ? "No evidence yet: attach some with 'dtaudit record --evidence FILE' or 'dtaudit evidence import DIR'." : "No evidence for \(console.safe(only!.name)) yet.")
            return
        }
        // ID is what 'dtaudit retract' takes to take an attachment back.
        var table = TextTable(header: ["ID", "SCREEN", "SIZE", "ITEM", "FILE", "KIND", "BYTES", "STORED AS"],
                              alignments: [.left, .left, .left, .left, .left, .left, .right, .left])
        var missing: [String: Int64] = [:]
        for (name, link) in listing.entries {
            let stored = EvidenceReport.isStored(link.file, store: store)
            if !stored { missing[link.file.hash] = link.file.byteCount }
            table.add([console.style.dim(HistoryCommand.shortID(link.id)), console.safe(name), link.size.id, link.item ?? console.style.dim("screen"),
                       console.safe(link.name), link.file.kind.displayName, ByteCount.format(link.file.byteCount),
                       stored ? EvidenceReport.displayPath(of: link.file, store: store) : console.style.yellow("missing from this store")])
        }
        for line in table.render(headerStyle: console.style.dim) { console.line(line) }
        let (count, files) = (listing.entries.count, listing.files - missing.count)
        console.line(console.style.dim("\(counted(count, "attachment")) of \(counted(files, "stored file")), \(ByteCount.format(listing.bytes - missing.values.reduce(0, +))); 'dtaudit retract ID' takes one back"))
        if !missing.isEmpty {
            console.line(console.style.yellow("\(counted(missing.count, "file")) the records name \(plural("is", missing.count)) not in this store: ")
                         + "'dtaudit sync' takes \(plural("it", missing.count)) in once whoever attached \(plural("it", missing.count)) has shared \(plural("it", missing.count))")
        }
        console.noteUnmergedEvidence(in: store, synced: false)
    }
}

// MARK: gc

struct EvidenceGCCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gc",
        abstract: "Remove stored evidence files that nothing refers to any more.",
        discussion: """
            Files become unreferenced when their screen is removed, or when a command was \
            interrupted after copying a file. Without --remove this only reports what would be \
            removed. A file any recording or screen still refers to is never removed, and files \
            dtaudit did not put in the folder are left alone.
            """
    )

    @Flag(help: "Remove the files listed; without it nothing is changed.")
    var remove = false

    @OptionGroup var output: JSONOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try console.openStore(remove ? .write : .read)
        let garbage = remove ? try store.collectEvidenceGarbage() : try store.evidenceGarbage()
        if output.json {
            func entries(_ list: [EvidenceGarbage.Entry]) -> JSON {
                .array(list.map { .object([("file", .string(EvidenceFile.folderName + "/" + $0.storedName)), ("bytes", .int(Int($0.byteCount))), ("firstName", .optional($0.firstName))]) })
            }
            console.json(.object([
                ("removed", .bool(remove)),
                ("unreferenced", entries(garbage.unreferenced)),
                ("leftovers", entries(garbage.leftovers)),
                ("bytes", .int(Int(garbage.removableBytes))),
                ("foreign", .array(garbage.foreign.map(JSON.string))),
                ("missing", .array(garbage.missing.map { .string($0.relativePath) })),
            ]))
            return
        }
        let count = garbage.unreferenced.count + garbage.leftovers.count
        if count == 0 {
            console.line("Nothing to remove: every stored evidence file is referenced.")
        } else {
            console.line(remove ? "Removed \(counted(count, "file")) (\(ByteCount.format(garbage.removableBytes))):"
                                : "\(counted(count, "file")) (\(ByteCount.format(garbage.removableBytes))) would be removed:")
            for entry in garbage.unreferenced {
                console.line("  \(EvidenceFile.folderName)/\(entry.storedName)  \(ByteCount.format(entry.byteCount))" + (entry.firstName.map { console.style.dim("  first stored as " + console.safe($0)) } ?? ""))
            }
            for entry in garbage.leftovers {
                console.line("  \(EvidenceFile.folderName)/\(console.safe(entry.storedName))  \(ByteCount.format(entry.byteCount))" + console.style.dim("  left by an interrupted copy"))
            }
            if !remove { console.line("Run 'dtaudit evidence gc --remove' to remove them.") }
        }
        if !garbage.foreign.isEmpty {
            console.line(console.style.dim("Left alone, not made by dtaudit: " + garbage.foreign.map(console.safe).joined(separator: ", ")))
        }
        if !garbage.missing.isEmpty {
            console.line(console.style.yellow("\(counted(garbage.missing.count, "referenced file")) \(plural("is", garbage.missing.count)) missing from \(store.location.evidenceFolder): ")
                         + garbage.missing.map { console.safe($0.firstName) }.joined(separator: ", "))
        }
    }
}

// MARK: limit

struct EvidenceLimitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "limit",
        abstract: "Show or set the largest evidence file the store accepts (default 50 MB).",
        discussion: "The limit is a setting of the store, so it holds for everyone using it, and for the files sync takes from the shared evidence folder; the shared file does not carry it, so a fresh clone starts at the default. Sizes: 50MB, 200 MB, 1.5GB, 800KB, 2MiB; 'default' goes back to 50 MB.",
        examples: [("dtaudit evidence limit 200MB", "Allow longer screen recordings.")]
    )

    @Argument(help: "The new limit, or 'default'.", valueName: "size")
    var size: String?

    @OptionGroup var output: JSONOption

    @OptionGroup var global: GlobalOptions

    static let maximum: Int64 = 4_000_000_000

    func run() throws {
        let console = Console(global)
        var newLimit: Int64??
        if let size {
            if size.lowercased() == "default" {
                newLimit = .some(nil)
            } else {
                guard let bytes = ByteCount.parse(size), bytes >= 1000, bytes <= Self.maximum else {
                    throw ValidationError("'\(size)' is not a size between 1 KB and 4 GB; write it like 50MB, 200 MB, 1.5GB or 800KB, or 'default'")
                }
                newLimit = .some(bytes)
            }
        }
        let store = try console.openStore(newLimit == nil ? .read : .write)
        if let newLimit {
            try store.setEvidenceLimit(newLimit)
        }
        let limit = try store.evidenceLimit()
        if output.json {
            console.json(.object([("bytes", .int(Int(limit))), ("default", .bool(limit == AuditStore.defaultEvidenceLimit))]))
            return
        }
        let note = limit == AuditStore.defaultEvidenceLimit ? " (the default)" : ""
        console.line((newLimit == nil ? "Evidence files may be up to " : "Evidence files may now be up to ") + ByteCount.format(limit) + note + ".")
    }
}
