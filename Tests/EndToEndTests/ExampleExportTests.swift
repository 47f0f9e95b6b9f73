import Foundation
import Testing

/// `Exports/` in the repository holds the export of the demo audit; it must show what the code
/// writes today.
@Suite struct ExampleExportTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theCommittedExampleExportIsCurrent() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        // The same commands as Scripts/update-example-export.
        try cli.ok(["export", "--since", "2026-09-29"], in: demo)
        try cli.ok(["export", "--format", "json"], in: demo)

        let generated = demo.appendingPathComponent("Exports")
        let committed = Self.repository.appendingPathComponent("Exports")
        let names = try FileManager.default.contentsOfDirectory(atPath: generated.path).sorted()
        #expect(names == ["trailhead-2026-10-13.md", "trailhead-2026-10-13.svg", "trailhead.json"])
        let committedNames = try FileManager.default.contentsOfDirectory(atPath: committed.path).filter { $0.hasPrefix("trailhead") }.sorted()
        #expect(committedNames == names, "Exports/ holds other files than the code writes; run Scripts/update-example-export")
        for name in names {
            let fresh = try Data(contentsOf: generated.appendingPathComponent(name))
            let kept = try? Data(contentsOf: committed.appendingPathComponent(name))
            #expect(fresh == kept, "Exports/\(name) is out of date; run Scripts/update-example-export and commit the result")
        }
    }
}
