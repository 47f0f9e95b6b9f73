import Dispatch
import Platform

/// The bytes of each file a scan read, exactly as it read them, for a caller that rewrites the files:
/// what it writes is then made from what the scan saw. The scan's memory is kept as long as this is,
/// or until `release()`; what a scan of one rewritten file needs (the project's index, each file's
/// facts) is kept after that.
public final class ScannedSources: @unchecked Sendable {
    private var leftovers: Leftovers?
    private let index: [String: Int]
    private let facts: [FileFacts]
    private let indexes: [ProjectIndex.Shared]
    private let moduleOf: [Int]
    private let rules: Set<ScanRule>
    /// The scan's memory, for the first file scanned again once the scan's files are let go.
    private var memory: TokenMemory?

    init(paths: [String], leftovers: Leftovers, moduleOf: [Int], rules: Set<ScanRule>, memory: TokenMemory? = nil) {
        self.leftovers = leftovers
        self.memory = memory
        index = Dictionary(paths.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
        facts = leftovers.facts
        indexes = leftovers.indexes
        self.moduleOf = moduleOf
        self.rules = rules
    }

    /// The shapes of the Swift files whose bytes were taken, read from the scan's own tokens on
    /// another core while the caller plans its rewrites.
    private var shapes: [String: PendingShape] = [:]
    /// Every shape is read, and the files they were read from let go.
    private var shapesRead = false
    /// Where the Swift files whose bytes were taken name `.custom`, read from the same tokens.
    private var customFonts: [String: (byteCount: Int, sites: [Int32])] = [:]

    /// The bytes of the file at `path` (as the report names it), or nil when the scan did not read it.
    /// A Swift file's shape is kept too (`shape(of:)`), so that the check of its rewrites need not
    /// lex it again, and where it names `.custom` (`takeCustomFontSites(of:byteCount:)`).
    public func bytes(of path: String) -> [UInt8]? {
        guard let leftovers, let k = index[path], k < leftovers.files.count else { return nil }
        switch leftovers.files[k] {
        case let .swift(file):
            shapes[path] = PendingShape(file)
            customFonts[path] = (file.bytes.count, CustomFontSites.offsets(in: file))
            return [UInt8](unsafeUninitializedCapacity: file.bytes.count) { buffer, count in
                Memory.preferLargePages(UnsafeMutableRawBufferPointer(buffer))
                _ = buffer.initialize(from: file.bytes.buffer)
                count = file.bytes.count
            }
        case let .markup(document): return document.bytes
        default: return nil
        }
    }

    /// The shape of a Swift file whose bytes were taken, as the scan read it; kept after `release()`.
    public func shape(of path: String) -> SourceShape? {
        shapes[path]?.shape
    }

    /// Where a Swift file whose bytes were taken names `.custom` (`CustomFontSites`), when they were
    /// `byteCount` bytes; kept after `release()` until they are taken, once.
    public func takeCustomFontSites(of path: String, byteCount: Int) -> [Int32]? {
        customFonts.removeValue(forKey: path).flatMap { $0.byteCount == byteCount ? $0.sites : nil }
    }

    /// Lets the scan's files go while copies of the report still name this: a fix takes the bytes
    /// it needs first.
    public func release() {
        leftovers = nil
    }

    /// The file at `path` scanned again as `bytes`, with the rules and the project's index of the
    /// first scan: what a scan of the whole tree would find in it now, when `sameFacts` says the
    /// file tells the other files what it told them before. Nil for a file the scan did not read.
    /// Its memory goes when it returns.
    public func rescan(_ path: String, bytes: [UInt8]) -> FileRescan? {
        rescan(path, byteCount: bytes.count) { buffer in
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
            return bytes.count
        }
    }

    /// The file at `path` scanned again as the `byteCount` bytes (at most) that `write` writes into
    /// the buffer it is given, returning how many: a rewrite is written straight into the scan's
    /// memory instead of being copied there.
    public func rescan(_ path: String, byteCount: Int, write: (UnsafeMutableRawBufferPointer) -> Int) -> FileRescan? {
        guard let k = index[path], k < facts.count, k < moduleOf.count else { return nil }
        // The first rescan writes where the scan's files lay, once they are let go (pages the system
        // need not clear again); the memory goes with this scan, before the rewritten bytes are made.
        var memory = TokenMemory()
        if leftovers == nil && !shapesRead {
            // The shapes read from the scan's files let them go first, so that their memory is free
            // (once the scan has let its files go, no file's bytes are taken any more).
            for pending in shapes.values { pending.wait() }
            shapesRead = true
        }
        if leftovers == nil, let kept = self.memory {
            self.memory = nil
            kept.recycle()
            memory = kept
        }
        let loaded: SourceScanner.LoadedFile
        if path.hasSuffix(".swift") {
            guard let file = try? SwiftFile(byteCount: byteCount, memory: memory, read: write) else { return nil }
            loaded = .swift(file)
        } else if path.hasSuffix(".xib") || path.hasSuffix(".storyboard") {
            loaded = .markup(MarkupDocument(bytes: [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
                count = write(UnsafeMutableRawBufferPointer(buffer))
            }))
        } else {
            return nil
        }
        let index = indexes[moduleOf[k]]
        let rules = rules
        // The rules read the first scan's index, not what this file tells the others now: the two
        // read the same tokens, which never change, on two cores.
        let (result, told) = atOnce({ SourceScanner.analyze(path: path, loaded, index: index, rules: rules) }, {
            // A localized copy's findings are folded into its Base file's by the whole scan.
            let facts = path.contains(".lproj/") ? nil : SourceScanner.facts(of: loaded)
            guard case let .swift(file) = loaded else { return (facts, SourceShape?.none) }
            return (facts, SourceShape(file))
        })
        guard result.scanned else { return nil }
        let sameFacts = told.0 == facts[k]
        return FileRescan(findings: result.findings, lines: result.lines, signs: result.signs, sameFacts: sameFacts, shape: told.1)
    }
}

/// One file scanned again after a rewrite (`ScannedSources.rescan`).
public struct FileRescan: Sendable {
    /// In report order.
    public var findings: [Finding]
    public var lines: Int
    public var signs: [GoodSign: Int]
    /// The file's declarations and the other facts the project's index takes from it are as they
    /// were: the other files' findings stand as the first scan made them.
    public var sameFacts: Bool
    /// A Swift file's shape, read from the tokens of this scan.
    public var shape: SourceShape?

    public init(findings: [Finding], lines: Int, signs: [GoodSign: Int], sameFacts: Bool, shape: SourceShape? = nil) {
        self.findings = findings
        self.lines = lines
        self.signs = signs
        self.sameFacts = sameFacts
        self.shape = shape
    }
}

extension ScanReport {
    /// The report with each of `rescans`' files as its rescan found it: its findings, lines and good
    /// signs. Files keep their order, and each file's findings theirs.
    public func replacing(_ rescans: [String: FileRescan]) -> ScanReport {
        guard !rescans.isEmpty else { return self }
        var findings: [Finding] = []
        findings.reserveCapacity(self.findings.count)
        var placed: Set<String> = []
        // Findings come grouped by file, in file order: a rescanned file's are put where its old ones were.
        for finding in self.findings {
            guard let rescan = rescans[finding.file] else {
                findings.append(finding)
                continue
            }
            if placed.insert(finding.file).inserted { findings.append(contentsOf: rescan.findings) }
        }
        // A file that had no findings and now has.
        let unplaced = rescans.filter { !placed.contains($0.key) && !$0.value.findings.isEmpty }
        findings += unplaced.values.flatMap(\.findings)
        var files = scannedFiles
        var lines = linesScanned
        for k in files.indices {
            guard let rescan = rescans[files[k].file] else { continue }
            lines += rescan.lines - files[k].lines
            files[k].lines = rescan.lines
            // What was read is no longer on disk.
            files[k].identity = nil
        }
        var signs = goodSigns.filter { rescans[$0.file] == nil }
        for (file, rescan) in rescans where !rescan.signs.isEmpty { signs.append(FileSigns(file: file, counts: rescan.signs)) }
        var report = ScanReport(root: root, findings: findings, filesScanned: filesScanned, linesScanned: lines, goodSigns: signs,
                                scannedFiles: files)
        report.sources = sources
        return report
    }
}

/// A Swift file's shape, read on another core; asking for it waits until it is read. The file is let
/// go as soon as it is, so that the memory it lies in can be used again.
private final class PendingShape: @unchecked Sendable {
    private let done = DispatchGroup()
    private var file: SwiftFile?
    private var result: SourceShape?

    init(_ file: SwiftFile) {
        self.file = file
        DispatchQueue.global(qos: .userInitiated).async(group: done) { [self] in
            result = self.file.map(SourceShape.init)
            self.file = nil
        }
    }

    /// Until the shape is read.
    func wait() {
        done.wait()
    }

    var shape: SourceShape? {
        wait()
        return result
    }
}
