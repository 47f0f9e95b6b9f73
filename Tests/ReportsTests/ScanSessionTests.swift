import AuditStore
import DynamicType
import Foundation
import Reports
import Scan
import Testing

/// A scan session decides what `dtaudit scan` reports and whether it fails, from the team's settings,
/// the flags, a baseline, a fix step and a store, with nothing printed.
@Suite struct ScanSessionTests {
    /// A project folder with one SwiftUI file: a fixed font size (critical) and a single line (major).
    final class Project {
        let folder: URL
        var path: String { folder.path }

        init(configuration: String? = nil) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-session-" + UUID().uuidString)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("App"), withIntermediateDirectories: true)
            try write("App/Cart.swift", """
                import SwiftUI

                struct Cart: View {
                    var body: some View {
                        Text("Total").font(.system(size: 17))
                        Text("A long delivery note").lineLimit(1)
                    }
                }
                """)
            if let configuration { try write(ScanConfiguration.fileName, configuration) }
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func write(_ file: String, _ text: String) throws {
            try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }

        func read(_ file: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        }

        func session(_ request: ScanRequest = ScanRequest(), store: AuditStore? = nil) throws -> ScanSession {
            try ScanSession(request, store: store, workingDirectory: path)
        }

        func outcome(_ request: ScanRequest = ScanRequest(), store: AuditStore? = nil) throws -> ScanOutcome {
            let session = try session(request, store: store)
            return try #require(try session.judge(session.scan()))
        }
    }

    @Test func theCheckedInSettingsAndTheFlagsDecideTheRulesAndWhetherTheRunFails() throws {
        let project = try Project(configuration: #"{"rules": {"single-line": "off", "fixed-font-size": "major"}, "failOn": "critical"}"#)
        let configured = try project.outcome()
        #expect(configured.report.findings.map(\.rule) == [.fixedFontSize])
        #expect(configured.report.findings.map(\.severity) == [.major])
        #expect(configured.passes, "a major finding does not fail a run that fails on critical")

        let flagged = try project.outcome(ScanRequest(rules: [.singleLine], failOn: .major))
        #expect(flagged.report.findings.map(\.rule) == [.singleLine])
        #expect(!flagged.passes)
    }

    @Test func aBaselineWrittenFromAScanAcceptsItsFindingsAndAStrictOneGoesStaleWhenOneIsFixed() throws {
        let project = try Project()
        let session = try project.session()
        let baselinePath = project.path + "/baseline.txt"
        let update = try session.updatedBaseline(session.scan(), at: baselinePath, shownAs: "baseline.txt")
        #expect(update.found == 2 && update.kept == 0)
        try project.write("baseline.txt", update.text)

        let request = ScanRequest(baseline: baselinePath, strictBaseline: true)
        let known = try project.outcome(request)
        #expect(known.verdict.states == [.baselined, .baselined])
        #expect(known.passes && known.staleBaselineEntries == 0)

        try project.write("App/Cart.swift", try project.read("App/Cart.swift").replacingOccurrences(of: ".lineLimit(1)", with: ""))
        let fixed = try project.outcome(request)
        #expect(fixed.report.findings.count == 1)
        #expect(fixed.staleBaselineEntries == 1)
        #expect(!fixed.passes, "a strict baseline that lists a fixed finding fails the run")
        #expect(try project.outcome(ScanRequest(baseline: baselinePath)).passes, "a baseline that is not strict may list fixed findings")
    }

    @Test func aStrictBaselineWithoutABaselineIsRefused() throws {
        let project = try Project()
        #expect(throws: ScanSessionError.self) { try project.session(ScanRequest(strictBaseline: true)) }
    }

    @Test func theFixStepGetsTheNewFindingsAndWhatIsLeftIsScannedAgain() throws {
        let project = try Project()
        let session = try project.session()
        var given: [ScanRule] = []
        let outcome = try session.judge(session.scan()) { report, verdict, changes in
            given = report.findings.indices.filter { verdict.states[$0] == .new }.map { report.findings[$0].rule }
            #expect(changes == nil)
            try project.write("App/Cart.swift", try project.read("App/Cart.swift").replacingOccurrences(of: ".system(size: 17)", with: ".body"))
            return ScanSession.Rewritten(rescans: [:], complete: false)
        }
        #expect(given == [.fixedFontSize, .singleLine])
        #expect(try #require(outcome).report.findings.map(\.rule) == [.singleLine])

        let shown = try session.judge(session.scan()) { _, _, _ in nil }
        #expect(shown == nil, "a fix step that only showed its rewrites leaves nothing to report")
    }

    @Test func theRewrittenFilesAsTheirCheckScannedThemStandForAScanOfTheTreeUnlessTheirFactsChanged() throws {
        let project = try Project()
        let session = try project.session()
        let scanned = try session.scan(keepingSources: true)
        let files = Set(scanned.report.findings.map(\.file))
        #expect(files.count == 1)
        let file = try #require(files.first)
        // The check's scan of the rewritten text, which the files on disk do not show.
        let rescan = try #require(scanned.report.sources?.rescan(file, bytes: Array("import SwiftUI\n// rewritten\n".utf8)))
        #expect(rescan.findings.isEmpty && rescan.lines == 2)
        // The rewritten file declares nothing the first version did: its facts changed.
        #expect(!rescan.sameFacts)
        var same = rescan
        same.sameFacts = true
        let reused = try #require(try session.judge(scanned) { _, _, _ in ScanSession.Rewritten(rescans: [file: same], complete: true) })
        #expect(reused.report.findings.isEmpty)
        #expect(reused.report.linesScanned == scanned.report.linesScanned - scanned.report.scannedFiles.first { $0.file == file }!.lines + 2)
        // Facts that changed, or a file without its rescan: the tree is scanned again, and the file on
        // disk still has its findings.
        let changed = try #require(try session.judge(scanned) { _, _, _ in ScanSession.Rewritten(rescans: [file: rescan], complete: true) })
        #expect(changed.report.findings.count == scanned.report.findings.count)
        let incomplete = try #require(try session.judge(scanned) { _, _, _ in ScanSession.Rewritten(rescans: [file: same], complete: false) })
        #expect(incomplete.report.findings.count == scanned.report.findings.count)
    }

    @Test func recordingKeepsTheScanOnTheScreensWhosePatternsMatchAndAsksForTheAuthorOnlyThen() throws {
        let project = try Project()
        let location = StoreLocation(folder: project.path + "/.dtaudit")
        let store = try AuditStore.create(at: location, app: "Cart", checklist: try ShippedChecklists.defaultChecklist(), by: "Mei")
        try store.write {
            _ = try store.addScreen(name: "Profile", flow: nil, critical: false, owner: nil, notes: nil, files: ["App/Profile/*.swift"], by: "Mei")
        }
        var asked = 0
        let author = { () -> String in
            asked += 1
            return "Ana"
        }
        let unmatched = try project.session(store: store)
        let nothing = try unmatched.record(try project.outcome(store: store).report, in: store, by: author, tool: "dtaudit test")
        #expect(nothing.recorded.isEmpty && nothing.unmatched.map(\.name) == ["Profile"])
        let scans = try store.read { try store.latestScans() }
        #expect(asked == 0 && scans.isEmpty)

        let cart = try store.write {
            try store.addScreen(name: "Cart", flow: nil, critical: true, owner: nil, notes: nil, files: ["App/*.swift"], by: "Mei")
        }
        let session = try project.session(store: store)
        let outcome = try #require(try session.judge(session.scan()))
        #expect(outcome.report.findings.allSatisfy { $0.screen == "Cart" })
        let shares = try session.record(outcome.report, in: store, by: author, tool: "dtaudit test")
        #expect(shares.recorded.map(\.screen.name) == ["Cart"] && asked == 1)
        let kept = try #require(try store.read { try store.latestScans() }[cart.id])
        #expect(kept.run.by == "Ana" && kept.activeByRule == ["fixed-font-size": 1, "single-line": 1])
    }

    @Test func aStoreIsNeededOnlyToRecord() throws {
        let project = try Project()
        #expect(try ScanSession.store(explicit: nil, environment: "", workingDirectory: project.path, recording: false) == nil)
        #expect(throws: StoreError.self) {
            try ScanSession.store(explicit: nil, environment: nil, workingDirectory: project.path, recording: true)
        }
        #expect(throws: StoreError.self) {
            try ScanSession.store(explicit: project.path + "/missing", environment: nil, workingDirectory: project.path, recording: false)
        }
    }
}
