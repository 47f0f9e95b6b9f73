import AuditStore
import DynamicType
import Foundation
import Interchange
import Testing
import TestSupport
@testable import Reports

/// Each reporter's output for the fixture audit, compared with a golden file (`GoldenFile`).
@Suite struct GoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func compare(_ text: String, with name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let difference = try GoldenFile.compare(text, with: Self.folder.appendingPathComponent(name)) {
            Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
        }
    }

    @Test func markdown() throws {
        let fixture = try Fixture().standard()
        let document = try AuditDocument(store: fixture.store)
        let baseline = EarlierAudit(document: document, before: Fixture.time(3), label: Fixture.time(3).day)
        let report = MarkdownReporter().render(try fixture.input(since: baseline))
        try compare(report.text, with: "report.md")
        #expect(report.attachments.map(\.fileName) == ["report.svg", "report-failures.svg"])
        try compare(report.attachments[0].text, with: "report.svg")
        try compare(report.attachments[1].text, with: "report-failures.svg")
        // The files the page links, each once, in the order it first links them (Checkout's
        // failure, then its matrix's strip, Map's, Notes'); not the screenshot of Sign in's
        // failure, retested since.
        let names = try fixture.store.evidenceFiles().reduce(into: [String: String]()) { $0[$1.hash] = $1.firstName }
        #expect(report.evidence.map { names[$0.hash] } == [Fixture.hostileName, "pay-button.mp4", "Checkout_AX5.png", "Checkout_Large.png",
                                                          "labels.pdf", "Notes <draft>_ax3.png"])
    }

    @Test func json() throws {
        let fixture = try Fixture().standard()
        var bytes: [UInt8] = []
        _ = try AuditFileWriter.write(store: fixture.store) { bytes.append(contentsOf: $0) }
        try compare(String(decoding: bytes, as: UTF8.self), with: "audit.json")
    }

    @Test func csv() throws {
        let fixture = try Fixture().standard()
        try compare(CSVLogReporter().render(try fixture.input()).text, with: "audit.csv")
        try compare(CSVSheetReporter().render(try fixture.input()).text, with: "sheet.csv")
    }

    @Test func anEmptyAudit() throws {
        let fixture = try Fixture()
        let report = MarkdownReporter().render(try fixture.input())
        try compare(report.text, with: "empty.md")
        try compare(report.attachments[0].text, with: "empty.svg")
        try compare(report.attachments[1].text, with: "empty-failures.svg")
    }

    @Test func summary() throws {
        var input = try Fixture().standard().input()
        input.summaryOnly = true
        let report = MarkdownReporter().render(input)
        try compare(report.text, with: "summary.md")
        #expect(report.attachments.isEmpty && report.evidence.isEmpty)
    }

    @Test func complianceReports() throws {
        var input = try Fixture().standard().input(chart: "report-vpat.html")
        input.parties = ReportParties(product: "Trail|head", productVersion: "2.4", author: "Mei \"Chen\"", authorEmail: "mei@example.com", company: "Trail & Co")
        try compare(OpenACRReporter().render(input).text, with: "report-openacr.yaml")
        let vpat = VPATReporter().render(input)
        try compare(vpat.text, with: "report-vpat.md")
        #expect(vpat.attachments.map(\.fileName) == ["report-vpat.html"])
        try compare(vpat.attachments[0].text, with: "report-vpat.html")
    }

    @Test func everyFormatHasAReporter() {
        #expect(ReportFormat.allCases.map { $0.reporter.format } == ReportFormat.allCases)
        #expect(ReportFormat.allCases.map(\.fileExtension) == ["md", "json", "csv", "csv", "yaml", "md", "json"])
        #expect(ReportFormat.allCases.map(\.fileNameSuffix) == ["", "", "", "-log", "-openacr", "-vpat", "-asc-declaration"])
        // Each reporter names its own file in Exports/ and the files it writes beside it.
        let names = ReportFormat.allCases.map { $0.reporter.defaultFileName(app: "Trailhead", day: "2026-10-13", selection: .everything) }
        #expect(names == ["trailhead-2026-10-13.md", "trailhead.json", "trailhead-2026-10-13.csv", "trailhead-2026-10-13-log.csv", "trailhead-2026-10-13-openacr.yaml",
                          "trailhead-2026-10-13-vpat.md", "trailhead-2026-10-13-asc-declaration.json"])
        #expect(MarkdownSummaryReporter().defaultFileName(app: "Trailhead", day: "2026-10-13", selection: ScreenSelection(owner: "Ana", flow: nil))
                == "trailhead-2026-10-13" + ScreenSelection(owner: "Ana", flow: nil).fileNameSuffix + "-summary.md")
        #expect(zip(ReportFormat.allCases, names).map { $0.reporter.attachmentNames(forReport: $1) }
                == [["trailhead-2026-10-13.svg", "trailhead-2026-10-13-failures.svg"], [], [], [], [], ["trailhead-2026-10-13-vpat.html"],
                    ["iphone", "ipad", "apple-watch", "vision"].map { "trailhead-2026-10-13-asc-declaration-\($0).json" }])
    }
}
