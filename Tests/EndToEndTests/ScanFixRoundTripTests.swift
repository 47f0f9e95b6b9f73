import Foundation
import Testing

/// `dtaudit scan --fix` over real apps' code, as a team would run it on its checkout: the corpus of
/// labelled files (Tests/ScanTests/Fixtures/Corpus) copied to a folder of its own, and the unseen
/// apps' files when `DTAUDIT_CORPUS_UNSEEN` names the folder that holds them. A fix never makes
/// things worse: no file and rule has more findings after it, the findings go down, every rewritten
/// file still parses and scans, and a second `--fix` changes nothing.
@Suite(.tags(.endToEnd)) struct ScanFixRoundTripTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ScanTests/Fixtures/Corpus")

    /// What one round trip did, for the figures it prints.
    struct Figures: CustomStringConvertible {
        var before = 0
        var after = 0
        var rewrittenFiles = 0
        var rewrites = 0
        var heldBack = 0

        var description: String {
            "findings \(before) before, \(after) after; \(rewrites) rewrites in \(rewrittenFiles) files; \(heldBack) held back as worse"
        }
    }

    @Test func fixingTheCorpusMakesNothingWorseAndASecondFixChangesNothing() throws {
        let figures = try roundTrip(Self.corpus, name: "Corpus", minimumRewrites: 20)
        print("scan --fix round trip on the corpus: \(figures)")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["DTAUDIT_CORPUS_UNSEEN"].map { !$0.isEmpty } ?? false))
    func fixingTheUnseenAppsMakesNothingWorseAndASecondFixChangesNothing() throws {
        let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["DTAUDIT_CORPUS_UNSEEN"]!)
        let figures = try roundTrip(folder, name: "Unseen", minimumRewrites: 1)
        print("scan --fix round trip on the unseen apps: \(figures)")
    }

    func roundTrip(_ source: URL, name: String, minimumRewrites: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> Figures {
        let cli = try CLI()
        let folder = cli.directory.appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: folder)
        let original = try contents(of: folder)
        var figures = Figures()

        let before = try findings(name, cli)
        let fixed = try cli.run(["scan", name, "--fix"])
        #expect(fixed.status <= 1, "scan --fix: \(fixed.stderr)", sourceLocation: sourceLocation)
        // One line per rewrite, then one per finding left for a person.
        let listed = fixed.stdout.components(separatedBy: "\nLeft for you (")
        figures.rewrites = listed[0].split(separator: "\n").count { $0.hasPrefix("  ") }
        figures.heldBack = fixed.stdout.split(separator: "\n").count { $0.contains(": held back: ") }
        let after = try findings(name, cli)
        figures.before = before.values.reduce(0, +)
        figures.after = after.values.reduce(0, +)

        // No file has more findings of a rule than before, and there are fewer in all.
        for (key, count) in after where count > before[key, default: 0] {
            Issue.record("\(key): \(before[key, default: 0]) findings before --fix, \(count) after", sourceLocation: sourceLocation)
        }
        #expect(figures.after < figures.before, "the findings go down: \(figures)", sourceLocation: sourceLocation)

        let rewritten = try contents(of: folder).filter { original[$0.key] != $0.value }.map(\.key).sorted()
        figures.rewrittenFiles = rewritten.count
        #expect(rewritten.count >= 1 && figures.rewrites >= minimumRewrites, "real files are rewritten: \(figures)", sourceLocation: sourceLocation)
        // Every rewritten file still parses (the toolchain's parser, an XML parser) and scans alone.
        let swift = rewritten.filter { $0.hasSuffix(".swift") }.map { folder.appendingPathComponent($0).path }
        if !swift.isEmpty {
            let parsed = try Spawn.run("/usr/bin/env", ["swiftc", "-parse"] + swift, in: cli.directory, environment: cli.environment)
            #expect(parsed.status == 0, "swiftc -parse: \(parsed.output)", sourceLocation: sourceLocation)
        }
        let xml = rewritten.filter { !$0.hasSuffix(".swift") }
        if !xml.isEmpty, let python = try RequiredTool.python3.locationIfInstalled(for: "Interface Builder files as XML", sourceLocation: sourceLocation) {
            for file in xml {
                let parsed = try Spawn.run(python, ["-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])",
                                                    folder.appendingPathComponent(file).path], in: cli.directory, environment: cli.environment)
                #expect(parsed.status == 0, "\(file) is no longer XML: \(parsed.output)", sourceLocation: sourceLocation)
            }
        }
        for file in rewritten {
            let scanned = try cli.run(["scan", name + "/" + file])
            #expect(scanned.status <= 1, "\(file) no longer scans: \(scanned.stderr)", sourceLocation: sourceLocation)
        }

        // A second --fix finds nothing it may rewrite: not a byte changes.
        let once = try contents(of: folder)
        let again = try cli.run(["scan", name, "--fix"])
        #expect(again.status <= 1, "second scan --fix: \(again.stderr)", sourceLocation: sourceLocation)
        #expect(again.stdout.hasPrefix("Nothing to rewrite."), "\(again.stdout.prefix(2000))", sourceLocation: sourceLocation)
        #expect(try contents(of: folder) == once, "a second --fix changes nothing", sourceLocation: sourceLocation)
        return figures
    }

    /// The findings that count in `path`, by file and rule.
    func findings(_ path: String, _ cli: CLI) throws -> [String: Int] {
        let result = try cli.run(["scan", path, "--json"])
        #expect(result.status <= 1, "scan --json: \(result.stderr)")
        let list = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        var counts: [String: Int] = [:]
        for finding in list where finding["suppression"] == nil || finding["suppression"] is NSNull {
            counts["\(finding["file"] ?? "") \(finding["rule"] ?? "")", default: 0] += 1
        }
        return counts
    }

    /// Every file under `folder` by its path relative to it.
    func contents(of folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.resolvingSymlinksInPath().path
        guard let walk = FileManager.default.enumerator(atPath: base) else { return result }
        for case let path as String in walk {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                result[path] = try Data(contentsOf: URL(fileURLWithPath: base + "/" + path))
            }
        }
        return result
    }
}
