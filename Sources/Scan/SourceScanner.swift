#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Platform

/// Scans Swift and Interface Builder sources for code that keeps Dynamic Type from working.
public enum SourceScanner {
    /// Folders never scanned: dependencies and build output.
    public static let excludedFolders: Set<String> = ["Pods", "Carthage", ".build", "DerivedData", "build", ".git", ".swiftpm"]

    /// The file name extensions scanned.
    public static let extensions: Set<String> = ["swift", "xib", "storyboard"]

    /// Scans the files under `paths` (files or folders, absolute or relative to the working folder).
    /// Folders in a git checkout list their tracked and untracked files, leaving out what git
    /// ignores; other folders are walked. Paths in the report are relative to `root`.
    /// `rules` limits the scan to those rule ids; nil runs every rule; `admits` picks, by relative
    /// path, which files found in folders are scanned (files named in `paths` always are);
    /// `afterward` says what becomes of the files' memory.
    public static func scan(paths: [String], root: String, rules: Set<String>? = nil,
                            admits: ((String) -> Bool)? = nil,
                            afterward: FileMemory = .freeInBackground) throws(ScanError) -> ScanReport {
        let enabled = try enabledRules(rules)
        // The lexer's name table is built on the other core while git or the walk lists the files,
        // instead of holding up the first file lexed.
        DispatchQueue.global(qos: .userInitiated).async { _ = NameTable.shared }
        let rootPath = absolute(root)
        var folders = WalkedFolders()
        let files = try listFiles(paths: paths.isEmpty ? [root] : paths, root: rootPath, admits: admits, folders: &folders)
        // Each file is read, lexed and its facts gathered in one go, on every core.
        var loaded: [LoadedFile] = Array(repeating: .missing, count: files.count)
        var facts = [FileFacts](repeating: FileFacts(), count: files.count)
        var identities = [FileIdentity?](repeating: nil, count: files.count)
        let modules = ModuleMap(paths: files.map(\.relative)) { [folders] folder in
            let path = rootPath == "/" ? "/" + folder : rootPath + "/" + folder
            // A walked folder was listed already.
            return folders.holdsProject(path) ?? ModuleMap.folderHoldsXcodeProject(path)
        }
        // With one module, its index grows while files are read, in file order, instead of after.
        let builder = ProjectIndexBuilder(count: modules.count == 1 ? files.count : 0)
        let oneModule = modules.count == 1
        // The memory of a scan whose files are rewritten is kept for the scans of the rewritten files.
        let memory = TokenMemory(reusable: afterward == .keepWithSources)
        loaded.withUnsafeMutableBufferPointer { loadedBuffer in
            facts.withUnsafeMutableBufferPointer { factsBuffer in
                identities.withUnsafeMutableBufferPointer { identitiesBuffer in
                    let loadedOutput = UnsafeSendableBuffer(loadedBuffer)
                    let factsOutput = UnsafeSendableBuffer(factsBuffer)
                    let identitiesOutput = UnsafeSendableBuffer(identitiesBuffer)
                    DispatchQueue.concurrentPerform(iterations: files.count) { k in
                        let (file, identity) = load(files[k], memory: memory)
                        let fileFacts = SourceScanner.facts(of: file)
                        loadedOutput[k] = file
                        identitiesOutput[k] = identity
                        if oneModule {
                            factsOutput[k] = fileFacts
                            builder.deliver(k, consume fileFacts)
                        } else {
                            factsOutput[k] = consume fileFacts
                        }
                    }
                }
            }
        }
        for (k, file) in loaded.enumerated() {
            if case let .failed(reason) = file {
                throw ScanError.unreadable(path: files[k].absolute, reason: reason)
            }
            if case .notAFile = file { throw ScanError.notAFile(files[k].absolute) }
        }
        let indexes = oneModule ? [builder.finish()] : modules.indexes(facts)
        return analyze(files.map(\.relative), consume loaded, consume facts, indexes: indexes, modules: modules,
                       root: rootPath, rules: enabled, afterward: afterward, identities: identities, memory: memory)
    }

    /// Scans files given by content, for tests, tools and fuzzing. Paths decide the file kind by
    /// extension and appear in the report as given.
    public static func scan(files: [(path: String, bytes: [UInt8])], root: String = "/", rules: Set<String>? = nil,
                            afterward: FileMemory = .freeInBackground) throws(ScanError) -> ScanReport {
        let enabled = try enabledRules(rules)
        // From the heap, where the address sanitizer watches the bounds of what fuzzing feeds in.
        let memory = TokenMemory(largePages: false)
        let loaded = files.map { file -> LoadedFile in
            if file.path.hasSuffix(".swift") { return .swift(SwiftFile(bytes: file.bytes, memory: memory)) }
            if file.path.hasSuffix(".xib") || file.path.hasSuffix(".storyboard") {
                return .markup(MarkupDocument(bytes: file.bytes))
            }
            return .missing
        }
        let facts = loaded.map(facts(of:))
        let modules = ModuleMap(paths: files.map(\.path))
        return analyze(files.map(\.path), consume loaded, facts, indexes: modules.indexes(facts), modules: modules, root: root,
                       rules: enabled, afterward: afterward)
    }

    static func enabledRules(_ rules: Set<String>?) throws(ScanError) -> Set<ScanRule> {
        guard let rules else { return Set(ScanRule.allCases) }
        var enabled: Set<ScanRule> = []
        for id in rules.sorted() {
            guard let rule = ScanRule(rawValue: id) else { throw ScanError.unknownRule(id) }
            enabled.insert(rule)
        }
        return enabled
    }

    /// What becomes of the scanned files' memory (their bytes, tokens and declarations) once the
    /// report is made.
    public enum FileMemory: Sendable {
        /// Freed on another thread while the caller goes on with the report.
        case freeInBackground
        /// Kept until the process exits, for a command that exits once it has written the report:
        /// the system then takes it back whole, instead of a core releasing the files' objects one
        /// by one while the report is written.
        case keepUntilExit
        /// Kept as long as the report's `sources` is, for a caller that rewrites the files it
        /// scanned: `sources` gives each file's bytes as the scan read them.
        case keepWithSources
        /// Freed before the report is returned, for a caller that scans again at once and must never
        /// hold two scans' files (`scan --fix` checking a rewrite).
        case freeNow
    }

    // MARK: Analysis

    struct FileResult: Sendable {
        var findings: [Finding] = []
        var signs: [GoodSign: Int] = [:]
        var lines = 0
        var scanned = false
    }

    /// What a file declares, for the rules of every other file.
    static func facts(of file: LoadedFile) -> FileFacts {
        switch file {
        case let .swift(file):
            return SwiftAnalyzer.facts(of: file)
        case let .markup(document):
            var fact = FileFacts()
            (fact.liveUpdateOutlets, fact.nibOutlets) = InterfaceBuilderAnalyzer.outlets(in: document)
            return fact
        default:
            return FileFacts()
        }
    }

    /// Runs the rules on every file. Takes the files over: once the rules are done with them, their
    /// tokens and declarations are freed on another thread while the caller writes the report, or
    /// kept until the process exits (see `FileMemory`).
    static func analyze(_ paths: [String], _ loaded: consuming [LoadedFile], _ facts: consuming [FileFacts],
                        indexes: [ProjectIndex], modules: ModuleMap, root: String, rules: Set<ScanRule>,
                        afterward: FileMemory = .freeInBackground, identities: [FileIdentity?] = [], memory: TokenMemory? = nil) -> ScanReport {
        var files = loaded
        var facts = facts
        let count = files.count

        let shared = indexes.map(ProjectIndex.Shared.init)
        var results = [FileResult](repeating: FileResult(), count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            files.withUnsafeMutableBufferPointer { filesBuffer in
                let output = UnsafeSendableBuffer(buffer)
                let input = UnsafeSendableBuffer(filesBuffer)
                DispatchQueue.concurrentPerform(iterations: count) { k in
                    output[k] = analyze(path: paths[k], input[k], index: shared[modules.moduleOf[k]], rules: rules)
                }
            }
        }
        // A finding of a localized copy of a storyboard or xib that its Base file has too is reported
        // once, at the Base file.
        if let copies = LocalizedCopies(paths: paths) {
            var perFile = results.map(\.findings)
            copies.fold(&perFile) { k in
                guard case let .markup(document) = files[k] else { return [] }
                return Set(document.elements.compactMap { $0.value("id") })
            }
            for k in results.indices { results[k].findings = perFile[k] }
        }
        var findings: [Finding] = []
        findings.reserveCapacity(results.reduce(0) { $0 + $1.findings.count })
        var signs: [FileSigns] = []
        var scanned: [ScannedFile] = []
        scanned.reserveCapacity(count)
        var scannedCount = 0
        var lines = 0
        for k in results.indices where results[k].scanned {
            scannedCount += 1
            lines += results[k].lines
            scanned.append(ScannedFile(file: paths[k], lines: results[k].lines, identity: k < identities.count ? identities[k] : nil))
            findings.append(contentsOf: results[k].findings)
            if !results[k].signs.isEmpty { signs.append(FileSigns(file: paths[k], counts: results[k].signs)) }
        }
        // The per-file results go with the files, to be freed on the other thread too.
        var leftovers: Leftovers? = Leftovers(files: files, facts: facts, indexes: shared, results: results)
        files = []
        facts = []
        results = []
        var sources: ScannedSources?
        switch afterward {
        case .freeInBackground:
            DispatchQueue.global(qos: .utility).async { [leftovers] in withExtendedLifetime(leftovers) {} }
        case .keepUntilExit:
            KeptMemory.shared.keep(leftovers!)
        case .keepWithSources:
            sources = ScannedSources(paths: paths, leftovers: leftovers!, moduleOf: modules.moduleOf, rules: rules, memory: memory)
        case .freeNow:
            break
        }
        leftovers = nil
        var report = ScanReport(root: root, findings: findings, filesScanned: scannedCount, linesScanned: lines, goodSigns: signs,
                                scannedFiles: scanned)
        report.sources = sources
        return report
    }

    /// One finding a place and rule.
    private struct Place: Hashable {
        var line: Int
        var column: Int
        var rule: ScanRule
    }

    static func analyze(path: String, _ loaded: LoadedFile, index: ProjectIndex.Shared, rules: Set<ScanRule>) -> FileResult {
        var result = FileResult()
        let raw: [RawFinding]
        let suppressions: Suppressions
        let lineText: (Int) -> String
        switch loaded {
        case let .swift(file):
            let analyzer = SwiftAnalyzer(file: file, index: index)
            analyzer.run()
            raw = analyzer.findings
            result.signs = analyzer.signs.dictionary
            result.lines = file.lineCount
            suppressions = Suppressions(comments: file.comments.compactMap { comment in
                let start = Int(comment.start)
                let end = Int(comment.end)
                guard Suppressions.mentionsMarker(file.bytes, start, end) else { return nil }
                let line = SourceLines.line(of: start, in: file.lineStarts)
                let lineStart = Int(file.lineStarts[line - 1])
                return (file.text(from: start, to: end), line,
                        Suppressions.startsLine(file.bytes, lineStart: lineStart, offset: start))
            })
            lineText = file.lineText
        case let .markup(document):
            let analyzer = InterfaceBuilderAnalyzer(document: document, index: index)
            analyzer.run()
            raw = analyzer.findings
            result.signs = analyzer.signs
            result.lines = document.lineCount
            suppressions = Suppressions(comments: document.comments.map { comment in
                let line = document.line(of: comment.offset)
                let lineStart = Int(document.lineStarts[line - 1])
                return (comment.text, line, Suppressions.startsLine(document.bytes, lineStart: lineStart, offset: comment.offset))
            })
            lineText = document.lineText
        default:
            return result
        }
        result.scanned = true
        var seen: Set<Place> = []
        // Each line is cut once and shared by its findings, however many one huge line has.
        var keptLines: [Int: String] = [:]
        for finding in raw where rules.contains(finding.rule) {
            guard seen.insert(Place(line: finding.line, column: finding.column, rule: finding.rule)).inserted else { continue }
            let kept = keptLines[finding.line] ?? Finding.kept(line: Substring(lineText(finding.line)))
            keptLines[finding.line] = kept
            var made = Finding(
                rule: finding.rule, confidence: finding.confidence, file: path, line: finding.line, column: finding.column,
                message: finding.message, item: finding.item, sourceLine: kept,
                inPreview: finding.inPreview, suppression: suppressions.suppression(for: finding.rule, line: finding.line))
            made.anchor = finding.anchor
            made.view = finding.view
            made.cap = finding.cap
            result.findings.append(made)
        }
        // In report order here, on this file's core, so that the whole report needs no sorting.
        result.findings = Finding.inReportOrder(result.findings)
        return result
    }
}

extension SourceScanner {
    /// Keeps `value` (a report, say) until the process exits, for a command that exits once it has
    /// written it: the system takes the memory back whole instead of the main thread freeing its
    /// objects one by one (see `FileMemory.keepUntilExit`).
    public static func keepUntilExit(_ value: Any) {
        KeptMemory.shared.keep(value)
    }
}

/// The memory of scans kept until the process exits. Held here rather than never released, so that
/// the leak checker of an address-sanitized build finds it still in use, as it is.
private final class KeptMemory: @unchecked Sendable {
    static let shared = KeptMemory()
    private let lock = Lock()
    private var kept: [Any] = []

    func keep(_ value: Any) {
        lock.withLock { kept.append(value) }
    }
}

/// What a scan no longer needs once its rules have run: freed on another thread, or kept until exit.
final class Leftovers: @unchecked Sendable {
    let files: [SourceScanner.LoadedFile]
    let facts: [FileFacts]
    let indexes: [ProjectIndex.Shared]
    let results: [SourceScanner.FileResult]

    init(files: [SourceScanner.LoadedFile], facts: [FileFacts], indexes: [ProjectIndex.Shared], results: [SourceScanner.FileResult]) {
        self.files = files
        self.facts = facts
        self.indexes = indexes
        self.results = results
    }
}

/// Lets `concurrentPerform` write each iteration's result to its own slot of one buffer.
struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
    subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }
}
