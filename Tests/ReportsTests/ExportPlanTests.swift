import AuditStore
import Foundation
import Interchange
import Platform
import Testing
@testable import Reports

/// An export's paths, names, folders and refusals are decided in one place, for every reporter.
@Suite struct ExportPlanTests {
    func request(_ format: ReportFormat, _ fixture: Fixture, summary: Bool = false, to destination: ExportDestination = .exports) -> ExportRequest {
        ExportRequest(format: format, summary: summary, destination: destination, date: "2026-10-13",
                      parties: ReportPartyRequest(author: "Mei Chen", authorEmail: "a11y@example.com"), generator: "dtaudit test",
                      workingDirectory: fixture.folder.path)
    }

    func plan<R: Reporter>(_ reporter: R, _ request: ExportRequest, _ fixture: Fixture) throws -> ExportPlan {
        try ExportPlan(reporter, request: request, reading: try reporter.read(request, from: fixture.store), store: fixture.store)
    }

    @Test func everyReportIsNamedInExportsWithTheFilesBesideIt() throws {
        let fixture = try Fixture()
        try fixture.store.write {
            let screen = try fixture.store.addScreen(name: "Checkout", flow: nil, critical: true, owner: nil, notes: nil, files: [], by: "Ana",
                                                     at: Fixture.time(1))
            try fixture.plan(screen, .pass, at: Fixture.time(2))
        }
        let root = fixture.store.location.root
        let review = try plan(MarkdownReporter(), request(.markdown, fixture), fixture)
        #expect(review.path == root + "/Exports/trail-head-2026-10-13.md")
        #expect(review.attachments.map(\.name) == ["trail-head-2026-10-13.svg", "trail-head-2026-10-13-failures.svg"])
        #expect(review.attachments.map(\.path) == review.attachments.map { root + "/Exports/" + $0.name })
        #expect(review.evidenceLink == "trail-head-evidence")
        let vpat = try plan(VPATReporter(), request(.vpat, fixture), fixture)
        #expect(vpat.attachments.map(\.name) == ["trail-head-2026-10-13-vpat.html"])
        let log = try plan(AuditLogReporter(), request(.json, fixture), fixture)
        #expect(log.sharedFile?.relativePath == "Exports/trail-head.json")
        #expect(log.attachments.isEmpty)
        let printed = try plan(MarkdownReporter(), request(.markdown, fixture, to: .standardOutput), fixture)
        #expect(printed.path == nil && printed.attachments.isEmpty && printed.evidenceLink == nil)
        let elsewhere = try plan(MarkdownReporter(), request(.markdown, fixture, to: .file(root + "/docs/review.md")), fixture)
        #expect(elsewhere.evidenceLink == "../Exports/trail-head-evidence")
    }

    @Test func noReportIsWrittenIntoALinkedExportsFolder() throws {
        let fixture = try Fixture()
        let root = fixture.store.location.root
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("elsewhere-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/Exports", withDestinationPath: elsewhere.path)
        for (format, summary) in [(ReportFormat.markdown, false), (.markdown, true), (.csv, false)] {
            let request = request(format, fixture, summary: summary)
            #expect(throws: ExportProblem.self, "\(format) \(summary)") {
                try Export.run(request, store: fixture.store, standardOutput: BufferedOutput(descriptor: 1))
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func aFailedExportLeavesNoExportsFolderItMade() throws {
        let fixture = try Fixture()
        let root = fixture.store.location.root
        // A folder where the chart goes: refused before anything is written.
        try FileManager.default.createDirectory(atPath: root + "/Exports/trail-head-2026-10-13.svg", withIntermediateDirectories: true)
        #expect(throws: ExportProblem.self) {
            try Export.run(request(.markdown, fixture), store: fixture.store, standardOutput: BufferedOutput(descriptor: 1))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/Exports") == ["trail-head-2026-10-13.svg"])
        try FileManager.default.removeItem(atPath: root + "/Exports")
        // A report inside the store's folder is refused, and the Exports/ made for it is taken back.
        #expect(throws: ExportProblem.self) {
            try Export.run(request(.csv, fixture, to: .file(fixture.store.location.folder + "/audit.csv")), store: fixture.store,
                           standardOutput: BufferedOutput(descriptor: 1))
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/Exports"))
    }

    @Test func aConformanceReportIsRefusedWhileACriterionCannotBeJudged() throws {
        let fixture = try Fixture()
        #expect {
            try Export.run(request(.openacr, fixture), store: fixture.store, standardOutput: BufferedOutput(descriptor: 1))
        } throws: { error in
            !((error as? ConformanceRefusal)?.report.unfileable.isEmpty ?? true)
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.store.location.root + "/Exports"))
    }
}
