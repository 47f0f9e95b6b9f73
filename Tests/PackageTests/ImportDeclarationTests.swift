import Foundation
import Testing

/// Package.swift says what each target uses: every module a target imports that the package builds
/// is among its declared dependencies (a module that only arrives through another target builds
/// by chance of the build order and hides the real shape of the house), every library it declares
/// is imported, and nothing else is imported but the toolchain's own modules.
@Suite struct ImportDeclarationTests {
    /// What the toolchain or the system provides on Linux and macOS.
    static let systemModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch",
        "Glibc", "Musl", "Darwin", "Testing", "XCTest",
    ]

    /// The modules a file imports: its `import` lines, which come before anything else in it.
    static func imports(of text: String) -> (modules: [String], late: [String]) {
        var modules: [String] = []
        var late: [String] = []
        var inHeader = true
        var inBlockComment = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if inBlockComment { inBlockComment = !line.contains("*/"); continue }
            if line.hasPrefix("/*") { inBlockComment = !line.contains("*/"); continue }
            if line.isEmpty || line.hasPrefix("//") || line.hasPrefix("#if") || line.hasPrefix("#else") || line.hasPrefix("#endif") { continue }
            let words = line.split(separator: " ").drop { $0.hasPrefix("@") }
            if words.first == "import", let module = words.dropFirst().last?.split(separator: ".").first {
                // `import struct Foundation.URL` names its module after the kind.
                if inHeader { modules.append(String(module)) } else if raw.hasPrefix("import ") { late.append(line) }
                continue
            }
            inHeader = false
        }
        return (modules, late)
    }

    @Test func everyTargetDeclaresWhatItImportsAndImportsWhatItDeclares() throws {
        let manifest = try Manifest.here()
        let names = Set(manifest.targets.map(\.name))
        #expect(names.isSuperset(of: ["Platform", "SQLite", "DTAuditCommands", "ArgumentParsing", "EndToEndTests", "TestSupport"]))
        for target in manifest.targets where target.kind != "systemLibrary" {
            var imported: Set<String> = []
            for file in try manifest.sources(of: target) {
                let text = try String(contentsOf: manifest.root.appendingPathComponent(file), encoding: .utf8)
                let found = Self.imports(of: text)
                #expect(found.late.isEmpty, "\(file) imports after its first declaration: \(found.late)")
                imported.formUnion(found.modules)
            }
            let undeclared = imported.subtracting(target.dependencies).subtracting([target.name]).filter(names.contains)
            #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without declaring it in Package.swift")
            let foreign = imported.subtracting(names).subtracting(Self.systemModules)
            #expect(foreign.isEmpty, "\(target.name) imports \(foreign.sorted()), which neither the package nor the toolchain provides")
            // An executable is a dependency for its binary (the end-to-end tests run it), not its module.
            let libraries = Set(manifest.targets.filter { $0.kind != "executableTarget" }.map(\.name))
            let unused = Set(target.dependencies).intersection(libraries).subtracting(imported)
            #expect(unused.isEmpty, "\(target.name) declares \(unused.sorted()) in Package.swift but no file of it imports it")
        }
    }

    @Test func theImportLinesOfAFileAreReadAsTheCompilerReadsThem() {
        let text = """
            // A header comment.
            /* and a block
               import NotThis */
            #if canImport(Glibc)
            import Glibc
            #elseif canImport(Darwin)
            import Darwin
            #endif
            @testable import Kit
            @preconcurrency import Shelf
            import struct Foundation.URL

            struct Fixture {
                let text = \"""
                    import InAString
                    \"""
            }
            """
        let found = Self.imports(of: text)
        #expect(found.modules == ["Glibc", "Darwin", "Kit", "Shelf", "Foundation"])
        #expect(found.late.isEmpty)
        #expect(Self.imports(of: "struct A {}\nimport Late\n").late == ["import Late"])
    }

    @Test func theManifestIsReadTargetByTarget() {
        let manifest = Manifest(root: URL(fileURLWithPath: "/"), text: """
            targets: [
                .target(name: "Kit", dependencies: ["Base", "CZ"], resources: [.embedInCode("Assets")]),
                .systemLibrary(name: "CZ", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
                .testTarget(name: "KitTests", dependencies: ["Kit"], exclude: ["Fixtures", "Golden"]),
                .executableTarget(name: "probe", dependencies: ["Kit"], path: "Tests/Probe"),
            ]
            """)
        let byName = Dictionary(uniqueKeysWithValues: manifest.targets.map { ($0.name, $0) })
        #expect(byName["Kit"]?.dependencies == ["Base", "CZ"])
        #expect(byName["Kit"]?.notCompiled == ["Assets"])
        #expect(byName["Kit"]?.path == "Sources/Kit")
        #expect(byName["CZ"]?.dependencies == [])
        #expect(byName["KitTests"]?.path == "Tests/KitTests")
        #expect(byName["KitTests"]?.notCompiled == ["Fixtures", "Golden"])
        #expect(byName["probe"]?.path == "Tests/Probe")
    }
}
