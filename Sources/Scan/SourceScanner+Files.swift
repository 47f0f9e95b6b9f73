#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Platform

/// Which files a scan reads, and their paths.
extension SourceScanner {
    // MARK: Files

    struct SourcePath: Sendable {
        var absolute: String
        var relative: String
        /// Found by walking a folder, where only a regular file or a symbolic link is scanned (see `walk`).
        var walked = false
    }

    enum LoadedFile: @unchecked Sendable {
        case swift(SwiftFile)
        case markup(MarkupDocument)
        case failed(String)
        /// Named to be scanned, and a device, a pipe or a socket (through a link, say).
        case notAFile
        /// Listed by git but gone from the working tree.
        case missing
    }

    /// The file read and lexed, with the identity of what was read (see `ScannedFile.identity`).
    static func load(_ file: SourcePath, memory: TokenMemory) -> (LoadedFile, FileIdentity?) {
        guard let opened = RegularFile(opening: file.absolute) else { return (unopened(file), nil) }
        return (load(file, opened: opened, memory: memory), opened.identity)
    }

    /// Why a listed file could not be opened.
    static func unopened(_ file: SourcePath) -> LoadedFile {
        if !FileManager.default.fileExists(atPath: file.absolute) { return .missing }
        // A walked name that is neither a regular file nor a symbolic link (a pipe, a socket, a
        // device) is not one of the app's files: passed over, as if never listed.
        if file.walked && !isFileOrLink(file.absolute) { return .missing }
        // Nor is a link to one, which a tree may hold to stop every scan of it; one named is refused.
        if let kind = Files.status(file.absolute)?.kind, kind != .regular { return file.walked ? .missing : .notAFile }
        return .failed(FileManager.default.isReadableFile(atPath: file.absolute) ? "the file could not be read" : "permission denied")
    }

    static func load(_ file: SourcePath, opened: borrowing RegularFile, memory: TokenMemory) -> LoadedFile {
        // Only a regular file reads; its bytes go straight where the lexer reads them.
        guard file.absolute.hasSuffix(".swift") else {
            guard let bytes = opened.readAll() else { return .failed("the file could not be read") }
            return .markup(MarkupDocument(bytes: bytes))
        }
        do throws(SwiftFile.LoadFailure) {
            // A file that gives no size (some special file systems) is read whole first.
            if opened.byteCount == 0 {
                guard let bytes = opened.readAll() else { return .failed("the file could not be read") }
                return .swift(try SwiftFile(copying: bytes, memory: memory))
            }
            return .swift(try SwiftFile(byteCount: opened.byteCount, memory: memory) { opened.read(into: $0) })
        } catch {
            switch error {
            case .unreadable: return .failed("the file could not be read")
            case .outOfMemory: return .failed("there is not enough memory to scan it")
            }
        }
    }

    /// Whether `path` itself (not what a link points to) is a regular file or a symbolic link.
    static func isFileOrLink(_ path: String) -> Bool {
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        return type == .typeRegular || type == .typeSymbolicLink
    }

    /// The scannable files under `paths`, sorted by their path relative to `root`.
    static func listFiles(paths: [String], root: String, admits: ((String) -> Bool)? = nil) throws(ScanError) -> [SourcePath] {
        var folders = WalkedFolders()
        return try listFiles(paths: paths, root: root, admits: admits, folders: &folders)
    }

    /// The scannable files under `paths`, sorted by their path relative to `root`; `folders` notes
    /// what the walks saw of the folders they listed.
    static func listFiles(paths: [String], root: String, admits: ((String) -> Bool)?,
                          folders: inout WalkedFolders) throws(ScanError) -> [SourcePath] {
        var seen: [String: Int] = [:]
        var result: [SourcePath] = []
        // One walked folder lists each file once: no file needs looking up among those seen.
        let once = paths.count == 1
        func add(_ absolutePath: String, relative relativePath: String, walked: Bool) {
            if once && walked {
                result.append(SourcePath(absolute: absolutePath, relative: relativePath, walked: walked))
                return
            }
            if let index = seen[absolutePath] {
                // Named on its own as well: scanned whatever it is.
                if !walked { result[index].walked = false }
                return
            }
            seen[absolutePath] = result.count
            result.append(SourcePath(absolute: absolutePath, relative: relativePath, walked: walked))
        }
        func addListed(_ absolutePath: String, walked: Bool) {
            let relativePath = relative(absolutePath, to: root)
            if let admits, !admits(relativePath) { return }
            add(absolutePath, relative: relativePath, walked: walked)
        }
        for path in paths {
            let full = absolute(path)
            var isFolder = false
            guard exists(full, isFolder: &isFolder) else { throw ScanError.pathNotFound(path) }
            if !isFolder {
                guard isScannable(full) else { throw ScanError.unsupportedFile(path) }
                add(full, relative: relative(full, to: root), walked: false)
                continue
            }
            if let files = gitFiles(in: full) {
                for file in files { addListed(file, walked: false) }
            } else {
                for file in walk(full, folders: &folders) { addListed(file, walked: true) }
            }
        }
        // Sorted by their bytes, all paths' bytes laid end to end once.
        var bytes: [UInt8] = []
        var starts: [Int] = [0]
        for path in result {
            bytes.append(contentsOf: path.relative.utf8)
            starts.append(bytes.count)
        }
        var order = Array(result.indices)
        bytes.withUnsafeBytes { bytes in
            starts.withUnsafeBufferPointer { starts in
                order.sort { a, b in
                    ByteComparison.precedes(UnsafeRawBufferPointer(rebasing: bytes[starts[a]..<starts[a + 1]]),
                                            UnsafeRawBufferPointer(rebasing: bytes[starts[b]..<starts[b + 1]]))
                }
            }
        }
        return order.map { result[$0] }
    }

    /// Byte-wise order of the UTF-8 text: the order of every list in a report.
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { x in b.withUTF8 { y in ByteComparison.precedes(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) } }
    }

    /// Whether the name after the last `/` ends in a scanned extension: the text after its last dot
    /// is one of `extensions`. Compared as UTF-8 bytes, as a walk asks it of every name.
    static func isScannable(_ path: String) -> Bool {
        let utf8 = path.utf8
        return extensionSuffixes.contains { suffix in
            utf8.count >= suffix.count && utf8.suffix(suffix.count).elementsEqual(suffix)
        }
    }

    /// `.swift`, `.xib`, `.storyboard` as bytes.
    private static let extensionSuffixes: [[UInt8]] = extensions.map { Array(("." + $0).utf8) }

    static func isExcluded(_ relativePath: Substring) -> Bool {
        relativePath.split(separator: "/").dropLast().contains { excludedFolders.contains(String($0)) }
    }

    /// Tracked and untracked files that git does not ignore, or nil outside a git checkout. A folder
    /// that git ignores as a whole was named on purpose, as a file would be: it is walked instead.
    static func gitFiles(in folder: String) -> [String]? {
        // Outside any checkout git has nothing to list: asking it would only cost two processes.
        guard mayBeInGitCheckout(folder) else { return nil }
        // Both questions at once, on two cores: whether the folder is ignored matters only when the
        // listing comes back empty, but asking costs no waiting then.
        let answers = inParallel([["-C", folder, "ls-files", "-co", "--exclude-standard", "-z"],
                                  ["-C", folder, "check-ignore", "-q", "."]]) { Subprocess.output(of: "git", $0) }
        guard let output = answers[0] else { return nil }
        if output.isEmpty && answers[1] != nil { return nil }
        var files: [String] = []
        for entry in output.split(separator: "\0", omittingEmptySubsequences: true) {
            guard isScannable(String(entry)), !isExcluded(entry) else { continue }
            files.append(folder == "/" ? "/" + entry : folder + "/" + entry)
        }
        return files
    }

    /// Whether git could find a repository for `folder`: the environment names one, or the folder or
    /// one above it holds `.git` or looks like a repository itself (`HEAD` beside `objects`).
    static func mayBeInGitCheckout(_ folder: String) -> Bool {
        if System.environment("GIT_DIR") != nil || System.environment("GIT_WORK_TREE") != nil { return true }
        var current = folder
        while true {
            let prefix = current == "/" ? "/" : current + "/"
            if Files.status(prefix + ".git", followLinks: false) != nil { return true }
            if Files.status(prefix + "HEAD") != nil && Files.status(prefix + "objects") != nil { return true }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return false }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    /// Every scannable file under `folder`, without following symbolic links to folders: regular
    /// files and symbolic links, in no particular order.
    ///
    /// The folder's own listing tells what each entry is, so a walk takes no `stat` per file:
    /// folders are walked, and scannable names that are not folders are taken (a symbolic link, or
    /// the rare pipe or device, is sorted out when `load` reads it). Only a file system that does not
    /// tell costs a `stat`. Excluded folders' names are passed over unread, and the folders of one
    /// depth are read on every core. `folders` notes each folder listed and whether it holds an
    /// Xcode project.
    static func walk(_ folder: String, folders: inout WalkedFolders) -> [String] {
        var files: [String] = []
        var level = [folder]
        while !level.isEmpty {
            let listings = inParallel(level) { current -> Listing in
                guard let names = try? Files.entries(current) else { return Listing(entries: [], listed: false, holdsProject: false) }
                var entries: [(path: String, kind: EntryKind)] = []
                entries.reserveCapacity(names.count)
                var holdsProject = false
                for entry in names {
                    if !holdsProject && ModuleMap.namesXcodeProject(entry.name) { holdsProject = true }
                    if excludedFolders.contains(entry.name) { continue }
                    let path = current == "/" ? "/" + entry.name : current + "/" + entry.name
                    let kind = kind(of: path, entry.kind, scannable: isScannable(entry.name))
                    if kind != .skipped { entries.append((path, kind)) }
                }
                return Listing(entries: entries, listed: true, holdsProject: holdsProject)
            }
            for (current, listing) in zip(level, listings) where listing.listed {
                folders.note(current, holdsProject: listing.holdsProject)
            }
            level = []
            for entry in listings.lazy.map(\.entries).joined() {
                switch entry.kind {
                case .file: files.append(entry.path)
                case .folder: level.append(entry.path)
                case .skipped: break
                }
            }
        }
        return files
    }

    /// One folder's listing in a walk.
    struct Listing: Sendable {
        var entries: [(path: String, kind: EntryKind)]
        /// The folder could be read.
        var listed: Bool
        var holdsProject: Bool
    }

    /// The folders walks listed, and which of them hold an Xcode project: what `ModuleMap` asks of
    /// a folder, answered without listing it again.
    struct WalkedFolders {
        /// By the folder's path and a `/`.
        private var holdsProject: [String: Bool] = [:]

        mutating func note(_ folder: String, holdsProject: Bool) {
            self.holdsProject[folder == "/" ? "/" : folder + "/", default: false] = holdsProject
        }

        /// Whether the folder at `path` (ending in `/`) holds an Xcode project, or nil when no walk listed it.
        func holdsProject(_ path: String) -> Bool? { holdsProject[path] }
    }

    enum EntryKind: Sendable {
        case file, folder, skipped
    }

    /// What a walked entry is to the scan, from what its folder tells of it.
    static func kind(of path: String, _ listed: Files.EntryKind, scannable: Bool) -> EntryKind {
        switch listed {
        case .directory: return .folder
        case .regular, .symbolicLink, .other: return scannable ? .file : .skipped
        case .unknown: break
        }
        if Files.status(path)?.kind == .directory {
            // A link to a folder is not followed; with a scannable name it is a file.
            if Files.status(path, followLinks: false)?.kind == .symbolicLink { return scannable ? .file : .skipped }
            return .folder
        }
        return scannable ? .file : .skipped
    }

    /// `transform` applied to every element, on every core, results in order.
    static func inParallel<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        return [R](unsafeUninitializedCapacity: items.count) { buffer, initialized in
            let output = UnsafeSendableBuffer(buffer)
            DispatchQueue.concurrentPerform(iterations: items.count) { k in
                (output.buffer.baseAddress! + k).initialize(to: transform(items[k]))
            }
            initialized = items.count
        }
    }

    /// Whether `path` exists (following symbolic links), and whether it is a folder.
    static func exists(_ path: String, isFolder: inout Bool) -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return false }
        isFolder = (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil
        return true
    }

    // MARK: Paths

    /// `path` made absolute against the working folder, with `.`, `..` and repeated slashes removed.
    public static func absolute(_ path: String) -> String {
        Files.absolute(path, from: FileManager.default.currentDirectoryPath)
    }

    /// `path` relative to `root` when it lies under it; otherwise `path` itself.
    static func relative(_ path: String, to root: String) -> String {
        if root == "/" { return String(path.dropFirst()) }
        if let cut = asciiPrefix(root, of: path), let rest = String(path.utf8.dropFirst(cut)) { return rest }
        if path.hasPrefix(root + "/") { return String(path.dropFirst(root.count + 1)) }
        if path == root, let slash = path.lastIndex(of: "/") { return String(path[path.index(after: slash)...]) }
        return path
    }

    /// The bytes of `root` and the `/` after it when `path` starts with them and they are ASCII, as is
    /// the byte after them: bytes are then characters, and the prefix is found without walking
    /// characters. Nil otherwise, to go by characters.
    private static func asciiPrefix(_ root: String, of path: String) -> Int? {
        var root = root
        var path = path
        return root.withUTF8 { root in
            path.withUTF8 { path -> Int? in
                let count = root.count
                guard path.count > count, path[count] == UInt8(ascii: "/") else { return nil }
                for k in 0..<count where root[k] != path[k] || root[k] >= 0x80 { return nil }
                guard path.count == count + 1 || path[count + 1] < 0x80 else { return nil }
                return count + 1
            }
        }
    }
}
