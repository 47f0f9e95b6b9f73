import Foundation
@testable import ScanRewrites
import Scan
import Testing
import TestSupport

/// Every rewrite `scan --fix` makes on real-shaped code leaves files the toolchain's Swift parser and
/// an XML parser accept: the scan's fixture app (every rule in many forms), the demo app's sources and
/// the corpus of real apps' files (Tests/ScanTests/Fixtures/Corpus, both its parts).
@Suite("Rewrites round trip")
struct RoundTripTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("fixing the fixture app, the demo app and the real-code corpus breaks no file, and a second fix finds nothing to rewrite")
    func everyRewriteParses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtaudit-roundtrip-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (source, name) in [("Tests/ScanTests/Fixtures/App", "Fixtures"), ("Sources/Demo/DemoApp", "Demo"),
                               ("Tests/ScanTests/Fixtures/Corpus", "Corpus")] {
            try FileManager.default.copyItem(at: Self.repository.appendingPathComponent(source), to: folder.appendingPathComponent(name))
        }
        let root = folder.resolvingSymlinksInPath().path
        let report = try SourceScanner.scan(paths: [root], root: root)
        let plan = Fixer.plan(report, verdict: ScanVerdict(report)) { try? [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + $0))) }
        #expect(plan.rewrites.count >= 25, "the fixtures hold many rewritable findings: \(plan.rewrites.count)")
        #expect(plan.files.filter { $0.path.hasPrefix("Corpus/") }.count >= 10, "real apps' files are rewritten too")
        #expect(plan.suggestions.contains { $0.file.hasSuffix("Broken.xib") && $0.text.contains("not well-formed XML") })
        try plan.write(root: root)

        let swiftFiles = plan.files.map(\.path).filter { $0.hasSuffix(".swift") }.map { root + "/" + $0 }
        let parsed = try Spawn.run("/usr/bin/env", ["swiftc", "-parse"] + swiftFiles, in: folder, environment: ProcessInfo.processInfo.environment)
        #expect(parsed.status == 0, "swiftc -parse: \(parsed.output)")
        for file in plan.files.map(\.path) where !file.hasSuffix(".swift") {
            try expectParses(URL(fileURLWithPath: root + "/" + file))
        }

        // What was rewritten is no longer found: for each file and rule, the rescan has at least as many
        // fewer findings as rewrites were made (one rewrite may settle two findings, never add one).
        let after = try SourceScanner.scan(paths: [root], root: root)
        func counts(_ findings: [Finding]) -> [String: Int] { findings.reduce(into: [:]) { $0[$1.file + " " + $1.rule.rawValue, default: 0] += 1 } }
        let before = counts(report.activeFindings)
        let rewritten = plan.rewrites.filter(\.fixesFinding).reduce(into: [String: Int]()) { $0[$1.file + " " + $1.rule.rawValue, default: 0] += 1 }
        for (key, count) in counts(after.activeFindings) {
            #expect(count <= before[key, default: 0] - rewritten[key, default: 0], "\(key)")
        }
        #expect(after.activeFindings.count <= report.activeFindings.count - plan.rewrites.filter(\.fixesFinding).count)
        let again = Fixer.plan(after, verdict: ScanVerdict(after)) { try? [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + $0))) }
        #expect(again.rewrites.count <= plan.suggestions.filter { $0.text.contains("run --fix again") }.count,
                "\(again.rewrites.map { "\($0.file):\($0.line) \($0.summary)" })")
    }
}

/// The strict XML check on the Interface Builder fixtures: the well-formed ones pass, the broken one
/// (an unclosed quote, a stray `<`, an unterminated comment) does not, nor do small breakages.
@Suite("Well-formed XML")
struct WellFormedXMLTests {
    @Test("accepts the well-formed fixtures and refuses broken XML")
    func fixtures() throws {
        let read = { (path: String) in try [UInt8](Data(contentsOf: RoundTripTests.repository.appendingPathComponent(path))) }
        #expect(WellFormedXML.check(try read("Tests/ScanTests/Fixtures/App/Interface/Settings.storyboard")))
        #expect(WellFormedXML.check(try read("Tests/ScanTests/Fixtures/App/Interface/OrderCell.xib")))
        #expect(!WellFormedXML.check(try read("Tests/ScanTests/Fixtures/App/Interface/Broken.xib")))
        for broken in ["<a>&amp</a>", "<a>]]></a>", "<a><!-- x -- y --></a>", "<a b=\"1\"c=\"2\"/>", " <?xml version=\"1.0\"?><a/>",
                       "<a -b=\"1\"/>", "<a>&#xZZ;</a>", "<a><b></a></b>", "<a/><b/>", "<a b=\"1\" b=\"2\"/>", "<a>"] {
            #expect(!WellFormedXML.check(Array(broken.utf8)), "\(broken)")
        }
        for good in ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a b=\"x&gt;y\"><!-- c --><c/>&#65;</a>\n", "<a>x</a >"] {
            #expect(WellFormedXML.check(Array(good.utf8)), "\(good)")
        }
    }
}
