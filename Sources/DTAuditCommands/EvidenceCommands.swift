import ArgumentParsing
import AuditStore
import DynamicType
import Evidence
import Output
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct EvidenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evidence",
        abstract: "Import, list and clean up the screenshots and recordings kept as evidence.",
        discussion: """
            Evidence files live in .dtaudit/evidence/, each stored once under the SHA-256 of its \
            content. Attach them with 'dtaudit record --evidence FILE', while answering in \
            'dtaudit audit', or from a folder of snapshot-test or capture-script screenshots with \
            'dtaudit evidence import'. 'dtaudit screen show' lists them per cell.

            The folder is kept out of git, like the database (.dtaudit/evidence/.gitignore): \
            screenshots are large and change with every run, and an export copies the ones it shows \
            beside itself for review.
            """,
        subcommands: [EvidenceImportCommand.self, EvidenceListCommand.self, EvidenceGCCommand.self, EvidenceLimitCommand.self]
    )
}

// MARK: import

struct EvidenceImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Attach a folder of screenshots to screens and sizes recognised in their file names.",
        discussion: """
            Every file in the folder and its subfolders is read. Its size is found in its name in any \
            spelling: ax5, AX5, accessibility5, accessibilityExtraExtraExtraLarge, \
            accessibility-extra-extra-extra-large, UICTContentSizeCategoryAccessibilityXXXL, and so on \
            for every size; a scale suffix (@3x) and a snapshot counter (.1) are ignored. The rest of \
            the name is compared with the screens' names without case or punctuation, also without a \
            leading 'test' and a trailing 'Tests', 'View' or 'Screen', and then the names of the \
            folders it is in (CheckoutTests/). A checklist item id after the size (Checkout_ax5_reachable.png) \
            attaches the file to that item's check; otherwise it is a screenshot of the whole screen \
            at that size.

            --screen-map names screens the names don't match: one mapping a line, the name as it \
            appears in file or folder names, '=', and the screen; '#' starts a comment:
              # file names        = screen
              PaymentSheet        = Checkout: pay
              OnboardingTests     = Welcome

            Files are accepted by content (PNG, JPEG, HEIC, PDF, MOV, MP4) and up to the store's size \
            limit. A file already attached to the same screen and size is skipped. Hidden files and \
            folders are ignored.
            """,
        examples: [
            ("dtaudit evidence import AppTests/__Snapshots__ --dry-run", "Show what would be attached where."),
            ("dtaudit evidence import dtaudit-screenshots", "Attach what a capture script took."),
        ]
    )

    @Argument(help: "The folder of screenshots.", valueName: "dir")
    var directory: PathArgument

    @Option(help: "A file mapping names used in file names to screens.", valueName: "file")
    var screenMap: PathArgument?

    @Flag(help: "Only list what would be attached where, and what could not be matched and why.")
    var dryRun = false

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var author: AuthorOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try console.openStore(dryRun ? .read : .write)
        let root = console.absolutePath(directory.path)
        guard let status = Files.status(root) else { throw EvidenceImportError.noFolder(directory.path) }
        guard status.kind == .directory else { throw EvidenceImportError.notAFolder(directory.path) }
        let map = try screenMap.map { try ScreenMap.load(console.absolutePath($0.path), shownAs: $0.path, store: store) } ?? ScreenMap()
        let files = try EvidenceImport.files(in: root)
        let plan = try EvidenceImport.plan(files: files, root: root, store: store, map: map, progress: console.progress(total: files.count))

        if !dryRun && !plan.matches.isEmpty {
            let author = try console.author(author.by)
            let time = Timestamp.now()
            let progress = console.progress(total: plan.matches.count, verb: "storing")
            try store.write {
                for (index, match) in plan.matches.enumerated() {
                    progress?(index)
                    let file = try store.storeEvidence(match.candidate, by: author, at: time)
                    try store.attach(file, name: match.relativePath, to: match.screen, size: match.size, item: match.item, by: author, at: time)
                }
            }
            progress?(plan.matches.count)
        }

        if json {
            console.json(.object([
                ("dryRun", .bool(dryRun)),
                ("attached", .array(plan.matches.map(EvidenceImport.json))),
                ("alreadyAttached", .array(plan.duplicates.map(EvidenceImport.json))),
                ("unmatched", .array(plan.misses.map { .object([("file", .string($0.relativePath)), ("reason", .string($0.reason))]) })),
            ]))
            return
        }
        EvidenceImport.report(plan, dryRun: dryRun, folder: directory.path, console: console)
    }
}

enum EvidenceImportError: Error, CustomStringConvertible {
    case noFolder(String)
    case notAFolder(String)
    case mapLine(file: String, line: Int, problem: String)
    case unreadableMap(String)

    var description: String {
        switch self {
        case .noFolder(let path): "no folder at \(path)"
        case .notAFolder(let path): "\(path) is a file, not a folder; give the folder that holds the screenshots"
        case .mapLine(let file, let line, let problem): "\(file) line \(line): \(problem); nothing was changed"
        case .unreadableMap(let detail): detail
        }
    }
}

/// Names in file names mapped to screens by hand.
struct ScreenMap {
    var screens: [String: Screen] = [:]

    static func load(_ path: String, shownAs shown: String, store: AuditStore) throws -> ScreenMap {
        guard let status = Files.status(path), status.kind == .regular else { throw EvidenceImportError.unreadableMap("no screen map file at \(shown)") }
        guard status.byteCount <= 1_000_000 else { throw EvidenceImportError.unreadableMap("\(shown) is \(ByteCount.format(status.byteCount)); a screen map is at most 1 MB") }
        guard let data = FileManager.default.contents(atPath: path) else { throw EvidenceImportError.unreadableMap("cannot read \(shown)") }
        let text = String(decoding: data, as: UTF8.self)
        if text.unicodeScalars.contains("\u{FFFD}") { throw EvidenceImportError.unreadableMap("\(shown) is not UTF-8 text") }
        var map = ScreenMap()
        for (index, rawLine) in text.textLines.enumerated() {
            let line = rawLine.drop { $0.isWhitespace }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw EvidenceImportError.mapLine(file: shown, line: index + 1, problem: "expected 'name in file names = screen', found '\(TextLayout.singleLine(String(line)))'")
            }
            let name = String(line[..<equals]).trimmedLine
            let target = String(line[line.index(after: equals)...]).trimmedLine
            let key = EvidenceNaming.key(name)
            if key.isEmpty || target.isEmpty {
                throw EvidenceImportError.mapLine(file: shown, line: index + 1, problem: "expected 'name in file names = screen', found '\(TextLayout.singleLine(String(line)))'")
            }
            let screen: Screen
            do {
                screen = try store.resolveScreen(target)
            } catch {
                throw EvidenceImportError.mapLine(file: shown, line: index + 1, problem: String(describing: error))
            }
            if let earlier = map.screens[key], earlier.id != screen.id {
                throw EvidenceImportError.mapLine(file: shown, line: index + 1, problem: "'\(name)' is already mapped to '\(earlier.name)'")
            }
            map.screens[key] = screen
        }
        return map
    }
}

/// Matching a folder of files to screens, sizes and items.
enum EvidenceImport {
    struct Match {
        var relativePath: String
        var candidate: EvidenceCandidate
        var hash: String
        var screen: Screen
        var size: Size
        var item: String?
        /// How the screen was found: `name`, `folder` or `map`.
        var matchedBy: String
    }

    struct Miss {
        var relativePath: String
        var reason: String
    }

    struct Plan {
        var matches: [Match] = []
        var duplicates: [Match] = []
        var misses: [Miss] = []
    }

    /// Every regular file under `root`, relative to it, sorted; hidden files and folders are
    /// skipped, and symbolic links to folders are not followed.
    static func files(in root: String) throws -> [String] {
        var result: [String] = []
        func walk(_ relative: String) throws {
            let folder = relative.isEmpty ? root : root + "/" + relative
            for name in try Files.list(folder).sorted() where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                guard let status = Files.status(root + "/" + path, followLinks: false) else { continue }
                switch status.kind {
                case .directory: try walk(path)
                case .regular: result.append(path)
                case .symbolicLink:
                    if Files.status(root + "/" + path)?.kind == .regular { result.append(path) }
                case .other: break
                }
            }
        }
        try walk("")
        return result
    }

    static func plan(files: [String], root: String, store: AuditStore, map: ScreenMap, progress: ((Int) -> Void)?) throws -> Plan {
        let limit = try store.evidenceLimit()
        let screens = try store.screens()
        let checklist = try store.checklist()
        var byKey: [String: [Screen]] = [:]
        for screen in screens { byKey[EvidenceNaming.key(screen.name), default: []].append(screen) }
        let itemsByKey = Dictionary(checklist.items.map { (EvidenceNaming.key($0.id), $0.id) }, uniquingKeysWith: { a, _ in a })
        var plan = Plan()
        var seen = Set<String>()
        var hashBuffer = [UInt8](repeating: 0, count: 1 << 20)

        for (index, relative) in files.enumerated() {
            progress?(index)
            let candidate: EvidenceCandidate
            do {
                candidate = try EvidenceCandidate.check(path: root + "/" + relative, limit: limit)
            } catch {
                plan.misses.append(Miss(relativePath: relative, reason: reason(for: error)))
                continue
            }
            let readings = EvidenceNaming.interpretations(fileName: relative)
            guard var parts = readings.first else {
                plan.misses.append(Miss(relativePath: relative, reason: "no size in its name (write sizes like ax5, accessibility5 or accessibility-extra-extra-extra-large)"))
                continue
            }
            // The first reading whose words name a screen; else the likeliest, by its folders.
            let folders = relative.split(separator: "/").dropLast().reversed().map(String.init)
            var found = ScreenMatch.none
            for reading in readings {
                found = screen(for: reading, folders: [], byKey: byKey, map: map)
                if case .none = found { continue }
                parts = reading
                break
            }
            if case .none = found {
                found = screen(for: parts, folders: folders, byKey: byKey, map: map)
            }
            let screen: Screen
            let matchedBy: String
            let usedAfter: Bool
            switch found {
            case .found(let match, let how, let includesAfter):
                (screen, matchedBy, usedAfter) = (match, how, includesAfter)
            case .ambiguous(let candidates):
                plan.misses.append(Miss(relativePath: relative, reason: "its name fits \(candidates.count) screens (\(candidates.map { "'\($0.name)'" }.joined(separator: ", "))); map it with --screen-map"))
                continue
            case .none:
                let stem = EvidenceNaming.stem(of: relative)
                let guess = parts.screenKeys.last ?? ""
                let suggestion = Suggestions.closest(to: guess, among: screens.map { EvidenceNaming.key($0.name) }).first
                    .flatMap { key in byKey[key]?.first?.name }
                let hint = suggestion.map { "; did you mean '\($0)'? Map it with --screen-map" } ?? (screens.isEmpty ? "; the audit has no screens yet" : "; map it with --screen-map")
                plan.misses.append(Miss(relativePath: relative, reason: "no screen is named like '\(TextLayout.singleLine(stem))'\(hint)"))
                continue
            }
            let item = usedAfter || parts.after.isEmpty ? nil : itemsByKey[parts.after]
            let hash = try EvidenceExport.hash(of: candidate.path, buffer: &hashBuffer)
            let match = Match(relativePath: relative, candidate: candidate, hash: hash, screen: screen, size: parts.size, item: item, matchedBy: matchedBy)
            let identity = [hash, String(screen.id), parts.size.id, item ?? ""].joined(separator: "\u{1F}")
            let isNew = seen.insert(identity).inserted
            let attachedBefore = try store.isAttached(hash: hash, to: screen, size: parts.size, item: item)
            if !isNew || attachedBefore {
                plan.duplicates.append(match)
            } else {
                plan.matches.append(match)
            }
        }
        progress?(files.count)
        return plan
    }

    enum ScreenMatch {
        case found(Screen, how: String, includesAfter: Bool)
        case ambiguous([Screen])
        case none
    }

    /// The screen a file's name (or folders) names: through the map first, then by name.
    static func screen(for parts: FileNameParts, folders: [String], byKey: [String: [Screen]], map: ScreenMap) -> ScreenMatch {
        var keys: [(key: String, how: String, includesAfter: Bool)] = []
        for key in EvidenceNaming.variants(of: [parts.before + parts.after]) { keys.append((key, "name", !parts.after.isEmpty)) }
        if !parts.before.isEmpty && !parts.after.isEmpty {
            for key in EvidenceNaming.variants(of: [parts.before]) { keys.append((key, "name", false)) }
        }
        for folder in folders {
            for key in EvidenceNaming.folderKeys(folder) { keys.append((key, "folder", false)) }
        }
        for entry in keys {
            if let screen = map.screens[entry.key] { return .found(screen, how: "map", includesAfter: entry.includesAfter) }
        }
        for entry in keys {
            guard let screens = byKey[entry.key] else { continue }
            if screens.count == 1 { return .found(screens[0], how: entry.how, includesAfter: entry.includesAfter) }
            return .ambiguous(screens)
        }
        return .none
    }

    static func reason(for error: EvidenceError) -> String {
        switch error {
        case .notAccepted(_, let looksLike): "not a \(MediaKind.acceptedList) file: its content is \(looksLike)"
        case .tooLarge(_, let bytes, let limit): "\(ByteCount.format(bytes)), over the \(ByteCount.format(limit)) limit"
        case .notFound: "it disappeared while being read"
        case .notAFile: "not a regular file"
        case .unreadable(_, let detail): "cannot be read: \(detail)"
        case .changed: "it changed while being read"
        case .cannotStore(let detail): detail
        }
    }

    static func json(_ match: Match) -> JSON {
        .object([
            ("file", .string(match.relativePath)),
            ("screen", .string(match.screen.name)),
            ("size", .string(match.size.id)),
            ("item", .optional(match.item)),
            ("matchedBy", .string(match.matchedBy)),
            ("kind", .string(match.candidate.kind.rawValue)),
            ("bytes", .int(Int(match.candidate.byteCount))),
            ("sha256", .string(match.hash)),
        ])
    }

    static func report(_ plan: Plan, dryRun: Bool, folder: String, console: Console) {
        let style = console.style
        if plan.matches.isEmpty && plan.duplicates.isEmpty && plan.misses.isEmpty {
            console.line("No files in \(console.safe(folder)).")
            return
        }
        if !plan.matches.isEmpty {
            let count = plan.matches.count
            console.line(style.bold(dryRun ? "Would attach \(count) file\(count == 1 ? "" : "s"):" : "Attached \(count) file\(count == 1 ? "" : "s"):"))
            var table = TextTable()
            for match in plan.matches {
                table.add([console.safe(match.relativePath), "→", console.safe(match.screen.name), match.size.id,
                           match.item ?? style.dim("screen"), style.dim("by " + match.matchedBy)])
            }
            for line in table.render(indent: 2) { console.line(line) }
        }
        if !plan.duplicates.isEmpty {
            console.line(style.dim("Already attached, skipped (\(plan.duplicates.count)):"))
            for match in plan.duplicates {
                console.line(style.dim("  \(console.safe(match.relativePath)) → \(console.safe(match.screen.name)) \(match.size.id)"))
            }
        }
        if !plan.misses.isEmpty {
            console.line(style.yellow("Not matched (\(plan.misses.count)):"))
            for miss in plan.misses {
                console.line("  \(console.safe(miss.relativePath)): \(miss.reason)")
            }
        }
        let screens = Set(plan.matches.map(\.screen.id)).count
        var summary = plan.matches.isEmpty ? "nothing new to attach"
            : "\(plan.matches.count) file\(plan.matches.count == 1 ? "" : "s") to \(screens) screen\(screens == 1 ? "" : "s")"
        if !plan.duplicates.isEmpty { summary += ", \(plan.duplicates.count) already attached" }
        if !plan.misses.isEmpty { summary += ", \(plan.misses.count) not matched" }
        console.line(style.dim(dryRun ? "Dry run: \(summary); nothing was changed." : summary.prefix(1).uppercased() + summary.dropFirst() + "."))
    }
}

// MARK: list

struct EvidenceListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the evidence attached to screens, with the stored files' paths.",
        aliases: ["ls"]
    )

    @Argument(help: "Only this screen.", valueName: "screen", completion: .screens)
    var screen: String?

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try console.openStore(.read)
        let only = try screen.map { try store.resolveScreen($0) }
        let links = try store.evidenceLinks(of: only)
        let names = Dictionary(try store.screens().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        if json {
            console.json(.array(links.map { link in
                var members: [(String, JSON)] = [("screen", .string(names[link.screen] ?? ""))]
                if case .object(let rest) = EvidenceReport.json(link, store: store) { members += rest }
                return .object(members)
            }))
            return
        }
        if links.isEmpty {
            console.line(only == nil ? "No evidence yet: attach some with 'dtaudit record --evidence FILE' or 'dtaudit evidence import DIR'." : "No evidence for \(console.safe(only!.name)) yet.")
            return
        }
        var table = TextTable(header: ["SCREEN", "SIZE", "ITEM", "FILE", "KIND", "BYTES", "STORED AS"],
                              alignments: [.left, .left, .left, .left, .left, .right, .left])
        for link in links {
            table.add([console.safe(names[link.screen] ?? ""), link.size.id, link.item ?? console.style.dim("screen"), console.safe(link.name),
                       link.file.kind.displayName, ByteCount.format(link.file.byteCount), EvidenceReport.displayPath(of: link.file, store: store)])
        }
        for line in table.render(headerStyle: console.style.dim) { console.line(line) }
        let files = Set(links.map(\.file.hash))
        let bytes = Dictionary(links.map { ($0.file.hash, $0.file.byteCount) }, uniquingKeysWith: { a, _ in a }).values.reduce(0, +)
        console.line(console.style.dim("\(links.count) attachment\(links.count == 1 ? "" : "s") of \(files.count) stored file\(files.count == 1 ? "" : "s"), \(ByteCount.format(bytes))"))
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

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try console.openStore(remove ? .write : .read)
        let garbage = remove ? try store.collectEvidenceGarbage() : try store.evidenceGarbage()
        if json {
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
            console.line(remove ? "Removed \(count) file\(count == 1 ? "" : "s") (\(ByteCount.format(garbage.removableBytes))):"
                                : "\(count) file\(count == 1 ? "" : "s") (\(ByteCount.format(garbage.removableBytes))) would be removed:")
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
            console.line(console.style.yellow("\(garbage.missing.count) referenced file\(garbage.missing.count == 1 ? " is" : "s are") missing from \(store.location.evidenceFolder): ")
                         + garbage.missing.map { console.safe($0.firstName) }.joined(separator: ", "))
        }
    }
}

// MARK: limit

struct EvidenceLimitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "limit",
        abstract: "Show or set the largest evidence file the store accepts (default 50 MB).",
        discussion: "The limit is a setting of the store, so it holds for everyone using it. Sizes: 50MB, 200 MB, 1.5GB, 800KB, 2MiB; 'default' goes back to 50 MB.",
        examples: [("dtaudit evidence limit 200MB", "Allow longer screen recordings.")]
    )

    @Argument(help: "The new limit, or 'default'.", valueName: "size")
    var size: String?

    @Flag(help: "Print JSON.")
    var json = false

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
            try store.write { try store.setEvidenceLimit(newLimit) }
        }
        let limit = try store.evidenceLimit()
        if json {
            console.json(.object([("bytes", .int(Int(limit))), ("default", .bool(limit == AuditStore.defaultEvidenceLimit))]))
            return
        }
        let note = limit == AuditStore.defaultEvidenceLimit ? " (the default)" : ""
        console.line((newLimit == nil ? "Evidence files may be up to " : "Evidence files may now be up to ") + ByteCount.format(limit) + note + ".")
    }
}

// MARK: Shared

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
            ("id", .string(link.id)),
            ("recording", .optional(link.recording)),
            ("attachedBy", .string(link.attachedBy)),
            ("attachedAt", .string(link.attachedAt.iso8601)),
        ])
    }

    /// A stored file's path as a user can type it from the repository root
    /// (`.dtaudit/evidence/<sha-256>.png`), or absolute when the store is not a `.dtaudit` folder.
    static func displayPath(of file: EvidenceFile, store: AuditStore) -> String {
        let folder = store.location.folder
        if folder.split(separator: "/").last.map(String.init) == StoreLocation.folderName {
            return StoreLocation.folderName + "/" + file.relativePath
        }
        return store.location.path(of: file)
    }
}

extension Console {
    /// `path` made absolute from the working folder.
    func absolutePath(_ path: String) -> String {
        let expanded = path == "~" || path.hasPrefix("~/") ? (System.environment("HOME") ?? "") + path.dropFirst() : path
        return StoreLocation.absolute(expanded, from: workingDirectory)
    }

    /// Checks the files given with --evidence before anything is written.
    func evidenceCandidates(_ paths: [String], store: AuditStore) throws -> [EvidenceCandidate] {
        guard !paths.isEmpty else { return [] }
        let limit = try store.evidenceLimit()
        var seen = Set<String>()
        return try paths.filter { seen.insert(absolutePath($0)).inserted }.map {
            try EvidenceCandidate.check(path: absolutePath($0), limit: limit, shownAs: $0)
        }
    }

    /// `pay.png (PNG, 1.2 MB)`
    func evidenceLabel(_ candidate: EvidenceCandidate) -> String {
        safe(candidate.name) + style.dim(" (\(candidate.kind.displayName), \(ByteCount.format(candidate.byteCount)))")
    }

    /// A progress counter on standard error for long work (20 files or more), shown only on a
    /// terminal; called with the number done, and with the total at the end to clear the line.
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
        for size in evidence.sizes {
            var rows: [(String, EvidenceLink)] = (evidence.screenshots[size] ?? []).map { (style.dim("screen"), $0) }
            let keys = evidence.cells.keys.filter { $0.size == size }.sorted { (order[$0.item] ?? .max, $0.item) < (order[$1.item] ?? .max, $1.item) }
            for key in keys { rows += (evidence.cells[key] ?? []).map { (key.item, $0) } }
            for (what, link) in rows {
                table.add([size.id, what, console.safe(link.name), link.file.kind.displayName, ByteCount.format(link.file.byteCount),
                           style.dim(shown.path(link.file))])
            }
        }
        for line in table.render(indent: 2) { console.line(line) }
    }
}
