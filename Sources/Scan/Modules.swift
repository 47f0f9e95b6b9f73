#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// Which files share a module, so that a file's findings depend on another file only through
/// declarations it can really use: those of its own module and of the modules it imports. Two
/// unrelated projects scanned side by side never see each other's constants, helpers or types.
struct ModuleMap: Sendable {
    /// For each file, in scan order, the number of its module.
    var moduleOf: [Int]
    /// Each module's name (the folder that holds it), for matching `import` statements.
    var names: [String]

    /// A file's module is found from its path alone, so that it is the same whatever else is scanned:
    /// the deepest folder above it that holds a `Package.swift` (and within a package, its
    /// `Sources/<target>` or `Tests/<target>` folder) or an Xcode project (`hasXcodeProject`, asked once a folder).
    /// Files under no such folder form one module.
    init(paths: [String], hasXcodeProject: (String) -> Bool = { _ in false }) {
        var packageRoots: Set<String> = []
        for path in paths where path == "Package.swift" || path.hasSuffix("/Package.swift") {
            packageRoots.insert(String(path.dropLast("Package.swift".count)))
        }
        var projectFolders: [String: Bool] = [:]
        func holdsProject(_ folder: String) -> Bool {
            if let known = projectFolders[folder] { return known }
            let answer = hasXcodeProject(folder)
            projectFolders[folder] = answer
            return answer
        }
        var numbers: [String: Int] = [:]
        var moduleOf: [Int] = []
        var names: [String] = []
        moduleOf.reserveCapacity(paths.count)
        // A file's module depends on its folder alone, and a scan's files share few folders: each
        // folder's module is found once, keyed by the folder's bytes. (Only for an ASCII path, whose
        // characters are its bytes; any other is split into characters each time, as it always was.)
        var rootOfFolder: [[UInt8]: String] = [:]
        // Files come sorted: most share the folder of the file before them, and so its module,
        // told by comparing bytes in place.
        var last: (path: String, folderEnd: Int, number: Int)?
        for path in paths {
            var path = path
            let folderEnd = ModuleMap.asciiFolderEnd(&path)
            if let folderEnd, var previous = last, previous.folderEnd == folderEnd,
               ModuleMap.sameStart(&path, &previous.path, count: folderEnd) {
                moduleOf.append(previous.number)
                continue
            }
            let key: String
            if let folderEnd {
                let folder = path.withUTF8 { Array($0[..<folderEnd]) }
                if let known = rootOfFolder[folder] {
                    key = known
                } else {
                    key = ModuleMap.moduleRoot(of: path, packageRoots: packageRoots, holdsProject: holdsProject)
                    rootOfFolder[folder] = key
                }
            } else {
                key = ModuleMap.moduleRoot(of: path, packageRoots: packageRoots, holdsProject: holdsProject)
            }
            let number: Int
            if let known = numbers[key] {
                number = known
            } else {
                number = names.count
                numbers[key] = number
                let folder = key.hasSuffix("/") ? key.dropLast() : Substring(key)
                names.append(folder.split(separator: "/").last.map(String.init) ?? "")
            }
            moduleOf.append(number)
            last = folderEnd.map { (path, $0, number) }
        }
        self.moduleOf = moduleOf
        self.names = names
    }

    var count: Int { names.count }

    /// The length of an ASCII path through its last `/` (0 for a file at the top), or nil for a
    /// path that is not ASCII.
    private static func asciiFolderEnd(_ path: inout String) -> Int? {
        path.withUTF8 { bytes in
            var end = 0
            for k in bytes.indices {
                let byte = bytes[k]
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: "/") { end = k + 1 }
            }
            return end
        }
    }

    /// Whether the first `count` bytes of `a` and `b` (both at least that long) are the same.
    private static func sameStart(_ a: inout String, _ b: inout String, count: Int) -> Bool {
        a.withUTF8 { x in
            b.withUTF8 { y in ByteComparison.commonPrefix(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) >= count }
        }
    }

    /// The folder (with a trailing `/`, or "" for the top) that is the module of `path`.
    static func moduleRoot(of path: String, packageRoots: Set<String>, holdsProject: (String) -> Bool) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        // `folders[d]` holds the first d components of the path: "" is the top.
        var folders: [String] = [""]
        for part in parts.dropLast() { folders.append(folders[folders.count - 1] + part + "/") }
        for depth in stride(from: folders.count - 1, through: 0, by: -1) {
            let folder = folders[depth]
            if packageRoots.contains(folder) {
                // `Sources/Target/...` and `Tests/Target/...` are modules of their own.
                if parts.count > depth + 2, parts[depth] == "Sources" || parts[depth] == "Tests" { return folders[depth + 2] }
                return folder
            }
            if depth > 0 && holdsProject(folder) { return folder }
        }
        return ""
    }

    /// Whether the folder at `absolute` holds an `.xcodeproj` or `.xcworkspace`.
    static func folderHoldsXcodeProject(_ absolute: String) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { return false }
        return entries.contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
    }

    /// Whether a folder's entry `name` is an Xcode project or workspace, as `folderHoldsXcodeProject`
    /// tells it: its bytes are looked at first, as a walk asks it of every name.
    static func namesXcodeProject(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard utf8.last == UInt8(ascii: "j") || utf8.last == UInt8(ascii: "e") else { return false }
        return name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace")
    }

    /// For each module, the modules whose declarations its files may use: itself first, then the
    /// modules its files import by name.
    func visibleModules(imports: [[String]]) -> [[Int]] {
        var byName: [String: [Int]] = [:]
        for (number, name) in names.enumerated() where !name.isEmpty { byName[name, default: []].append(number) }
        var visible = (0..<count).map { [$0] }
        var seen = (0..<count).map { Set([$0]) }
        for (k, fileImports) in imports.enumerated() {
            let module = moduleOf[k]
            for name in fileImports {
                for other in byName[name] ?? [] where seen[module].insert(other).inserted {
                    visible[module].append(other)
                }
            }
        }
        return visible
    }

    /// One project index per module, from the facts of the modules it can see, in scan order.
    func indexes(_ facts: [FileFacts]) -> [ProjectIndex] {
        let visible = visibleModules(imports: facts.map(\.imports))
        var filesOf = [[Int]](repeating: [], count: count)
        for (k, module) in moduleOf.enumerated() { filesOf[module].append(k) }
        return visible.map { modules in
            var index = ProjectIndex()
            for module in modules {
                for k in filesOf[module] { index.add(facts[k]) }
            }
            index.finish()
            return index
        }
    }
}
