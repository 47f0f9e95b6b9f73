import Foundation
import Testing
import TestSupport

/// `Exports/` in the repository holds the export of the demo audit; it must show what the code
/// writes today. Its files are golden files (`GoldenFile`): `DTAUDIT_UPDATE_GOLDEN=1` rewrites them.
@Suite(.tags(.endToEnd)) struct ExampleExportTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The demo's run reads its labels back with tesseract (its title is cut at AX5), so the
    /// committed export is the one made where tesseract is installed.
    @Test(.requires(.tesseract)) func theCommittedExampleExportIsCurrent() throws {
        _ = try RequiredTool.tesseract.location()
        let cli = try CLI()
        let made = try cli.run(["demo", "--quiet"], environment: ["PATH": cli.environment["PATH"] ?? ""])
        #expect(made.status == 0, "\(made.stderr)")
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        try cli.ok(["export", "--since", "2026-09-29"], in: demo)
        try cli.ok(["export", "--format", "json"], in: demo)
        try cli.ok(["export", "--summary"], in: demo)
        let parties = ["--product-version", "3.2", "--author", "Ana Lima", "--author-email", "ana@trailhead.example", "--company", "Trailhead Outdoors"]
        // The demo audit has checks still open that could change a level: its conformance reports are drafts.
        try cli.ok(["export", "--format", "openacr", "--draft"] + parties, in: demo)
        try cli.ok(["export", "--format", "vpat", "--draft"] + parties, in: demo)
        try cli.ok(["export", "--format", "asc-declaration", "--app-id", "1234567890"], in: demo)

        let generated = demo.appendingPathComponent("Exports")
        let committed = Self.repository.appendingPathComponent("Exports")
        let names = try Self.files(in: generated)
        let top = ["trailhead-2026-10-13-asc-declaration-iphone.json", "trailhead-2026-10-13-asc-declaration.json", "trailhead-2026-10-13-failures.svg", "trailhead-2026-10-13-openacr-draft.yaml", "trailhead-2026-10-13-summary.md",
                   "trailhead-2026-10-13-vpat-draft.html", "trailhead-2026-10-13-vpat-draft.md", "trailhead-2026-10-13.md", "trailhead-2026-10-13.svg", "trailhead.json"]
        #expect(names.filter { !$0.contains("/") } == top)
        // The evidence folder holds the demo's screenshots (6 drawn, 6 of its UI-test run), the crops
        // of the run's failures (5 different pictures: the banner on Home and Search is the same
        // crop at each size, stored once, and differs from Large to ax5 in the screen above and
        // below it that the crop takes in; the banner on Trail detail; the overlap on Search; the
        // cut title on Trail detail) and the run's Large hierarchies, and nothing else.
        let evidence = names.filter { $0.hasPrefix("trailhead-evidence/") }
        #expect(evidence.count == 20)
        #expect(evidence.filter { $0.hasSuffix(".png") }.count == 17)
        #expect(evidence.filter { $0.hasSuffix(".xml") }.count == 3)
        #expect(evidence.count + top.count == names.count)
        if GoldenFile.updating {
            for stale in try Self.files(in: committed) where stale.hasPrefix("trailhead") && !names.contains(stale) {
                try FileManager.default.removeItem(at: committed.appendingPathComponent(stale))
            }
        }
        let committedNames = try Self.files(in: committed).filter { $0.hasPrefix("trailhead") }
        #expect(committedNames == names || GoldenFile.updating, "Exports/ holds other files than the code writes; run with \(GoldenFile.updateVariable)=1")
        for name in names {
            if let difference = try GoldenFile.compare(try Data(contentsOf: generated.appendingPathComponent(name)), with: committed.appendingPathComponent(name)) {
                Issue.record(Comment(rawValue: "Exports/" + difference))
            }
        }
    }

    /// Every file under `folder`, as paths relative to it, sorted.
    static func files(in folder: URL) throws -> [String] {
        var result: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                result += try files(in: folder.appendingPathComponent(name)).map { name + "/" + $0 }
            } else {
                result.append(name)
            }
        }
        return result.sorted()
    }
}
