import Foundation
import Testing
import TestSupport

/// `dtaudit demo`: the example it writes, and the commands it tells a newcomer to try.
@Suite(.tags(.endToEnd)) struct DemoTests {
    @Test func theDemoWritesTheExampleSourcesAsTheRepositoryKeepsThem() throws {
        let cli = try CLI()
        try cli.ok(["demo", "--quiet"])
        let written = cli.directory.appendingPathComponent("dtaudit-demo/Trailhead")
        let kept = ExampleExportTests.repository.appendingPathComponent("Sources/Demo/DemoApp/Trailhead")
        let names = try ExampleExportTests.files(in: written)
        #expect(names.count == 16)
        #expect(names == (try ExampleExportTests.files(in: kept)))
        for name in names {
            let bytes = try Data(contentsOf: written.appendingPathComponent(name))
            #expect(bytes == (try? Data(contentsOf: kept.appendingPathComponent(name))), "\(name)")
        }
    }

    /// The demo's UI-test run: its judges' results on the review page with crops of the failures,
    /// the shared offline banner one problem, and every crop cut from a screenshot whose drawing
    /// matches the hierarchy (the outlined frame holds the banner's ink).
    @Test func theDemoRunIsJudgedAndItsFailuresAreCropped() throws {
        let cli = try CLI()
        // With the PATH as it is, tesseract included where it is installed.
        let made = try cli.run(["demo", "--quiet"], environment: ["PATH": cli.environment["PATH"] ?? ""])
        #expect(made.status == 0, "\(made.stderr)")
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        let next = try cli.ok(["next"], in: demo)
        let banner = SharedUITests.joined(next).filter { $0.contains("StaticText \"offline.banner\"") }
        #expect(banner.count == 1 && banner[0].contains("on 3 screens: Home, Search, Trail detail"), "\(next)")
        #expect(banner.first?.contains("(run Trailhead UI tests #") == true)
        #expect(SharedUITests.joined(next).contains { $0.contains("Button \"filter.wheelchair\" and Button \"filter.dogs\" overlap by") })

        try cli.ok(["export", "--output", "review.md"], in: demo)
        let page = try String(contentsOf: demo.appendingPathComponent("review.md"), encoding: .utf8)
        #expect(page.contains("[Home](#home), [Search](#search), [Trail detail](#trail-detail) (shared UI on 3 screens: StaticText \"offline.banner\" is 18 pt tall at ax5 and 18 pt at Large)"))
        #expect(page.contains("| `no-overlap` |   |   |   |   | ✅ | ❌🤖 |"), "a judged cell in Search's grid")
        #expect(page.contains("[![Search at ax5, no-overlap: Search no-overlap ax5 1 (Large above, ax5 below).png]("), "the crop as a thumbnail, saying which picture is which size")

        let listed = try cli.ok(["evidence", "list", "--json"], in: demo)
        let evidence = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
        let crops = evidence.filter { ($0["item"] as? String) != nil && ($0["name"] as? String)?.contains(" 1 (Large ") == true }
        // Trail detail's title is written out in letters and cut at AX5: with tesseract the run
        // reads it back and fails no-truncation with a crop; without it, nothing is said of it.
        let truncation = "- ❌ `no-truncation` at **ax5**: 1 of 4 labels are cut at ax5 (3 left to people): StaticText \"Eagle Peak Loop\" reads back as \"EAGLE...\" (an ellipsis where the label has none) (🤖 run"
        if try RequiredTool.tesseract.locationIfInstalled(for: "the demo's judged truncation") != nil {
            #expect(page.contains(truncation))
            #expect(page.contains("[![Trail detail at ax5, no-truncation: Trail detail no-truncation ax5 1 ("), "the crop as a thumbnail")
            #expect(crops.count == 8, "6 of the banner (3 screens at l and ax5), 1 of the chips and 1 of the title")
        } else {
            #expect(!page.contains("no-truncation` at **ax5**: 1 of 4 labels"))
            #expect(crops.count == 7, "6 of the banner (3 screens at l and ax5) and 1 of the chips")
        }
        #expect(evidence.filter { $0["kind"] as? String == "xml" }.count == 3, "the Large hierarchies kept for a later run")
    }

    /// Without tesseract the demo is made all the same, and its run says nothing of the title it
    /// cannot read: no no-truncation result of the run, no crop of it.
    @Test func withoutTesseractTheDemoRunLeavesItsCutTitleToPeople() throws {
        var cli = try CLI()
        let programs = cli.directory.appendingPathComponent("programs")
        try FileManager.default.createDirectory(at: programs, withIntermediateDirectories: true)
        // git as the demo found it, and no tesseract.
        let path = cli.environment["PATH"] ?? "/usr/bin:/bin"
        if let git = path.split(separator: ":").map({ $0 + "/git" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            try FileManager.default.createSymbolicLink(atPath: programs.appendingPathComponent("git").path, withDestinationPath: git)
        }
        cli.environment["PATH"] = programs.path
        try cli.ok(["demo", "--quiet"])
        let demo = cli.directory.appendingPathComponent("dtaudit-demo")
        try cli.ok(["export", "--output", "review.md"], in: demo)
        let page = try String(contentsOf: demo.appendingPathComponent("review.md"), encoding: .utf8)
        #expect(!page.contains("Eagle Peak Loop\" reads back"))
        #expect(!page.contains("no-truncation` at **ax5**: 1 of 4 labels"))
        let listed = try cli.ok(["evidence", "list", "--json"], in: demo)
        let evidence = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
        #expect(!evidence.contains { ($0["name"] as? String)?.contains("no-truncation") == true })
        #expect(evidence.contains { $0["name"] as? String == "Trail detail_ax5.png" }, "the run's screenshot of the cut title is there to look at")
    }

    /// The commands printed under "Try:", as printed.
    static func hints(_ output: String) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasSuffix(" Try:") }) else { return [] }
        return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
    }

    /// Runs each hint the way a newcomer types it: `cd` into the demo from where it was made, then
    /// the command, in one `/bin/sh -c` with the same PATH the demo saw.
    static func runHints(_ hints: [String], cli: CLI, path: String) throws {
        let cd = try #require(hints.first)
        #expect(cd.hasPrefix("cd "))
        #expect(hints.count == 5)
        var environment = cli.environment
        environment["PATH"] = path
        for hint in hints.dropFirst() {
            let result = try Spawn.run("/bin/sh", ["-c", cd + " && " + hint], in: cli.directory, environment: environment)
            if hint.contains(" scan") {
                // `scan` exits 1 when findings count, to fail a CI job; the demo's code has some on purpose.
                #expect(result.status == 1 && result.stdout.contains("8 findings"), "\(hint): \(result.stderr)")
            } else {
                #expect(result.status == 0, "\(hint): \(result.stderr)")
            }
            #expect(result.stderr.isEmpty, "\(hint)")
        }
    }

    /// The program a hint starts, unquoted: its first shell word (the tests' paths hold no apostrophe).
    static func program(_ hint: String) -> String {
        if hint.hasPrefix("'") { return String(hint.dropFirst().prefix { $0 != "'" }) }
        return String(hint.prefix { $0 != " " })
    }

    /// Whether `path` is the very file of this dtaudit binary (by device and inode, however linked).
    static func isThisBinary(_ path: String) -> Bool {
        func identity(_ path: String) -> [AnyHashable?]? {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            return [attributes[.systemNumber] as? AnyHashable, attributes[.systemFileNumber] as? AnyHashable]
        }
        return path.hasPrefix("/") && identity(path) != nil && identity(path) == identity(CLI.binary.path)
    }

    @Test func everyHintRunsAsPrintedWhenDtauditIsNotOnThePath() throws {
        let cli = try CLI()
        // What `swift run dtaudit demo` leaves: no dtaudit on the PATH.
        let path = "/usr/bin:/bin"
        let shown = try cli.run(["demo", "--path", "my demo"], environment: ["PATH": path])
        #expect(shown.status == 0)
        let hints = Self.hints(shown.stdout)
        #expect(hints.first == "cd 'my demo'")
        for hint in hints.dropFirst() {
            #expect(Self.isThisBinary(Self.program(hint)), "\(hint)")
        }
        try Self.runHints(hints, cli: cli, path: path)
    }

    @Test func everyHintRunsAsPrintedWhenThePathFindsThisDtaudit() throws {
        let cli = try CLI()
        let bin = cli.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("dtaudit"), withDestinationURL: CLI.binary)
        let path = bin.path + ":/usr/bin:/bin"
        let shown = try cli.run(["demo"], environment: ["PATH": path])
        let hints = Self.hints(shown.stdout)
        #expect(hints == ["cd dtaudit-demo", "dtaudit next", "dtaudit screen show \"Checkout: cart\"", "dtaudit scan",
                          "dtaudit export        # the review page, in Exports/"])
        try Self.runHints(hints, cli: cli, path: path)
    }

    @Test func anotherDtauditOnThePathIsNotTheOneTheHintsRun() throws {
        let cli = try CLI()
        // An older install, say, that fails whatever it is asked.
        let bin = cli.directory.appendingPathComponent("old")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let old = bin.appendingPathComponent("dtaudit")
        try Fixture.program("#!/bin/sh\necho old dtaudit >&2\nexit 3\n", at: old)
        let path = bin.path + ":/usr/bin:/bin"
        let shown = try cli.run(["demo"], environment: ["PATH": path])
        let hints = Self.hints(shown.stdout)
        #expect(hints.dropFirst().allSatisfy { Self.isThisBinary(Self.program($0)) })
        try Self.runHints(hints, cli: cli, path: path)
    }
}
