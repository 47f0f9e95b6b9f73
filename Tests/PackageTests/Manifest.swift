import Foundation

/// The targets Package.swift declares, read from its text: each target's name, kind, folder, the
/// targets it depends on and the paths inside its folder that are not compiled (resources, exclusions).
struct Manifest {
    struct Target {
        var name: String
        /// `target`, `testTarget`, `executableTarget` or `systemLibrary`.
        var kind: String
        var path: String
        var dependencies: [String]
        var notCompiled: [String]
    }

    let root: URL
    let targets: [Target]

    /// The package this test was built from: the folder holding Package.swift above this file.
    static func here(file: String = #filePath) throws -> Manifest {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            guard folder.pathComponents.count > 1 else { throw CocoaError(.fileNoSuchFile) }
            folder.deleteLastPathComponent()
        }
        return Manifest(root: folder, text: try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    init(root: URL, text: String) {
        self.root = root
        var targets: [Target] = []
        for kind in ["target", "testTarget", "executableTarget", "systemLibrary"] {
            var rest = Substring(text)
            while let start = rest.range(of: "." + kind + "(") {
                let arguments = Manifest.balanced(rest[start.upperBound...])
                rest = rest[start.upperBound...]
                guard let name = Manifest.strings(after: "name:", in: arguments).first else { continue }
                let path = Manifest.strings(after: "path:", in: arguments).first ?? (kind == "testTarget" ? "Tests/" : "Sources/") + name
                let notCompiled = Manifest.strings(after: "exclude:", in: arguments) + Manifest.strings(after: "resources:", in: arguments)
                targets.append(Target(name: name, kind: kind, path: path, dependencies: Manifest.strings(after: "dependencies:", in: arguments),
                                      notCompiled: notCompiled))
            }
        }
        self.targets = targets
    }

    /// The text up to the parenthesis that closes the one just opened.
    static func balanced(_ text: Substring) -> Substring {
        var depth = 1
        for index in text.indices {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" { depth -= 1 }
            if depth == 0 { return text[..<index] }
        }
        return text
    }

    /// The quoted strings of the value after `label`: one string, or every string in its brackets.
    static func strings(after label: String, in arguments: Substring) -> [String] {
        guard let found = arguments.range(of: label) else { return [] }
        var value = arguments[found.upperBound...].drop { $0 == " " || $0 == "\n" }
        if value.first == "[" {
            var depth = 0
            let end = value.firstIndex { character in
                if character == "[" { depth += 1 }
                if character == "]" { depth -= 1 }
                return depth == 0
            } ?? value.endIndex
            value = value[..<end]
        } else {
            value = value.prefix { $0 != "," && $0 != ")" && $0 != "\n" }
        }
        return value.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The Swift files the target compiles, relative to the package.
    func sources(of target: Target) throws -> [String] {
        let folder = root.appendingPathComponent(target.path)
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let relative = walk.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            if target.notCompiled.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) { continue }
            files.append(target.path + "/" + relative)
        }
        return files.sorted()
    }
}
