import Platform

/// The code a `CodeLocator` searches: every Swift and Interface Builder file of the app (constants
/// and string keys may be declared anywhere in it) and the app's string tables, with the files of
/// the screens a failure is on, where the failing element must be made.
public struct LocatorSources {
    let app: AppCode
    let screenFiles: Set<String>

    /// `files`: the app's Swift, Interface Builder and string table files; `screenFiles`: the paths
    /// among them where the failing element may be made.
    public init(files: [(path: String, bytes: [UInt8])], screenFiles: [String]) {
        self.init(app: AppCode(files: files), screenFiles: screenFiles)
    }

    public init(app: AppCode, screenFiles: [String]) {
        self.app = app
        self.screenFiles = Set(screenFiles).intersection(app.paths)
    }

    var paths: [String] { app.paths }
    var tables: StringTables { app.tables }
    func swift(_ path: String) -> SwiftFile? { app.swift(path) }
    func document(_ path: String) -> MarkupDocument? { app.document(path) }
    func mayHold(_ path: String, _ needle: [UInt8]) -> Bool { app.mayHold(path, needle) }
    func interpolatedLiterals(_ path: String) -> [Int] { app.interpolatedLiterals(path) }
}

/// An app's code as the locator reads it, once for all the screens that share it: files are lexed
/// or parsed when first asked about.
public final class AppCode {
    /// Paths relative to the root, with `/` separators.
    let paths: [String]
    private let bytes: [String: [UInt8]]
    let tables: StringTables
    private var swiftFiles: [String: SwiftFile] = [:]
    private var documents: [String: MarkupDocument] = [:]
    private var interpolated: [String: [Int]] = [:]

    /// The most bytes of one file read from disk; a larger file is left out, as the scan would not
    /// hold it either.
    public static let maximumFileBytes = 16 << 20
    /// The most files and the most bytes read from disk in all, whatever the tree holds.
    public static let maximumFiles = 20_000
    public static let maximumTotalBytes = 512 << 20

    public init(files: [(path: String, bytes: [UInt8])]) {
        var table: [String: [UInt8]] = [:]
        var paths: [String] = []
        var stringFiles: [(path: String, bytes: [UInt8])] = []
        for (path, bytes) in files {
            if path.hasSuffix(".strings") || path.hasSuffix(".xcstrings") {
                stringFiles.append((path, bytes))
            } else if table[path] == nil {
                table[path] = bytes
                paths.append(path)
            }
        }
        self.bytes = table
        self.paths = paths.sorted { SourceScanner.utf8Precedes($0, $1) }
        tables = StringTables(files: stringFiles)
    }

    /// The files among the app's that `patterns` (a screen's `--file` patterns) match.
    public func files(matching patterns: [String]) -> [String] {
        let globs = patterns.map(Glob.init)
        return paths.filter { path in globs.contains { $0.matches(path) } }
    }

    /// Reads the app under `root` as the scan lists it (git's files in a checkout, less dependencies
    /// and build output) with its string tables. nil when the root is not a folder on this machine.
    public static func load(root: String) -> AppCode? {
        var isFolder = false
        guard SourceScanner.exists(root, isFolder: &isFolder), isFolder,
              let listed = try? SourceScanner.listFiles(paths: [root], root: root) else { return nil }
        var files: [(path: String, bytes: [UInt8])] = []
        var total = 0
        func read(_ absolute: String, _ relative: String) {
            guard files.count < maximumFiles, total < maximumTotalBytes,
                  let status = Files.status(absolute), status.kind == .regular, status.byteCount <= Int64(maximumFileBytes),
                  let bytes = try? FileReader.prefix(of: absolute, count: Int(status.byteCount)) else { return }
            total += bytes.count
            files.append((relative, bytes))
        }
        for file in listed { read(file.absolute, file.relative) }
        for table in stringTables(under: root) { read(root == "/" ? "/" + table : root + "/" + table, table) }
        return AppCode(files: files)
    }

    /// The string tables under `root`, relative to it: `.xcstrings` catalogs and `.strings` files in
    /// the development language's `.lproj` folders, found by a walk that leaves out what the scan
    /// leaves out and stops at `maximumFiles` folders.
    static func stringTables(under root: String) -> [String] {
        var found: [String] = []
        var level = [""]
        var folders = 0
        while !level.isEmpty && folders < maximumFiles {
            var next: [String] = []
            for folder in level {
                folders += 1
                let path = folder.isEmpty ? root : (root == "/" ? "/" : root + "/") + folder
                guard let entries = try? Files.entries(path) else { continue }
                for entry in entries where !SourceScanner.excludedFolders.contains(entry.name) && !entry.name.hasPrefix(".") {
                    let relative = folder.isEmpty ? entry.name : folder + "/" + entry.name
                    if entry.kind == .directory {
                        next.append(relative)
                    } else if entry.name.hasSuffix(".xcstrings") || (entry.name.hasSuffix(".strings") && StringTables.isDevelopmentTable(relative)) {
                        found.append(relative)
                    }
                }
            }
            level = next
        }
        return found.sorted { SourceScanner.utf8Precedes($0, $1) }
    }

    /// The files among `paths` where a scan of the code as it is now does not find each of `stored`
    /// (a recorded scan's findings) at its place: their lines may no longer be the scan's. Told by
    /// the code, not by the clock, so that a scan recorded at another time or on another machine
    /// still counts while its lines hold. The app is scanned once, when first asked.
    public func changed(_ stored: [CodeFinding], in paths: [String]) -> [String] {
        if current == nil {
            let files = self.paths.compactMap { path in bytes[path].map { (path: path, bytes: $0) } }
            current = (try? SourceScanner.scan(files: files)).map { report in
                Set(report.findings.map { Place(file: $0.file, line: $0.line, column: $0.column, rule: $0.rule.rawValue) })
            } ?? []
        }
        let wanted = Set(paths)
        let moved = Set(stored.filter { wanted.contains($0.file) && !current!.contains(Place(file: $0.file, line: $0.line, column: $0.column, rule: $0.rule)) }.map(\.file))
        return paths.filter(moved.contains)
    }

    private struct Place: Hashable {
        var file: String
        var line: Int
        var column: Int
        var rule: String
    }

    private var current: Set<Place>?

    // MARK: Parsed files

    func swift(_ path: String) -> SwiftFile? {
        if let known = swiftFiles[path] { return known }
        guard path.hasSuffix(".swift"), let bytes = bytes[path] else { return nil }
        let file = SwiftFile(bytes: bytes)
        swiftFiles[path] = file
        return file
    }

    func document(_ path: String) -> MarkupDocument? {
        if let known = documents[path] { return known }
        guard path.hasSuffix(".xib") || path.hasSuffix(".storyboard"), let bytes = bytes[path] else { return nil }
        let document = MarkupDocument(bytes: bytes)
        documents[path] = document
        return document
    }

    /// The string literals of a Swift file with an interpolation (`"row.\(index)"`), by token index:
    /// patterns a searched text need not hold verbatim, listed once for every search.
    func interpolatedLiterals(_ path: String) -> [Int] {
        if let known = interpolated[path] { return known }
        var found: [Int] = []
        if mayHold(path, Array("\\(".utf8)), let file = swift(path) {
            for k in file.tokens.indices where file.isKind(k, .string) && file.text(k).contains("\\(") { found.append(k) }
        }
        interpolated[path] = found
        return found
    }

    /// Whether the file's bytes hold `needle` anywhere: files that cannot hold a text are not lexed.
    func mayHold(_ path: String, _ needle: [UInt8]) -> Bool {
        guard let haystack = bytes[path], !needle.isEmpty, haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { want in
                ByteComparison.firstOccurrence(of: want, in: hay) != nil
            }
        }
    }
}
