import AuditStore
import DynamicType
import Evidence
import Interchange
import Output
import Platform
import Scan

/// The review page: GitHub-flavoured Markdown that reads well rendered and as plain text. Every
/// user-provided text goes through `Markdown.text(_:)`.
public struct MarkdownReporter: Reporter {
    public init() {}
    public var format: ReportFormat { .markdown }
    public var fileExtension: String { "md" }

    /// The review page, and each screen's evidence it may show (nil without a file beside it).
    public struct Content: Sendable {
        var input: ReportInput
        var evidence: [String: ScreenEvidence]?
    }

    public func defaultFileName(app: String, day: String, selection: ScreenSelection) -> String {
        datedFileName(app: app, day: day, selection: selection)
    }

    /// `trailhead-2026-10-13.md` → its two charts, `trailhead-2026-10-13.svg` and `-failures.svg`.
    public func attachmentNames(forReport fileName: String) -> [String] {
        let chart = (fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName) + ".svg"
        return [chart, Self.failureChartName(for: chart)]
    }

    /// The chosen screens with their history and where they stand, the changes `--since` asks
    /// for, and for a file, the evidence the store's folder holds.
    public func read(_ request: ExportRequest, from store: AuditStore) throws -> ReportReading<Content> {
        let (document, snapshot, stored, rulings) = try store.read {
            let snapshot = try Self.snapshot(store).selecting(request.selection)
            return (try AuditDocument(store: store).selecting(request.selection), snapshot,
                    request.isFile ? try store.evidenceByScreen() : [:], try ReviewRulings(store: store, screens: snapshot.screens.map(\.screen)))
        }
        let day = request.date ?? document.latestActivity.day
        let changes = request.since.map { since -> Changes in
            let baseline = switch since {
            case .export(let earlier): earlier
            case .day(let start): EarlierAudit(document: document, before: start, label: start.day)
            }
            return Changes(from: baseline, to: document, snapshot: snapshot)
        }
        var input = ReportInput(document: document, snapshot: snapshot, date: day, changes: changes, generator: request.generator)
        input.selection = request.selection
        input.rulings = rulings
        var reading = ReportReading(content: Content(input: input, evidence: nil), app: document.app, day: day, screens: snapshot.screens.count)
        if request.isFile {
            let present = ExportedEvidence.present(in: stored, location: store.location)
            reading.content.evidence = present.screens
            reading.missingEvidence = present.missing
        }
        return reading
    }

    /// Where every screen stands as the page and its summary read it: with each failure's note and
    /// run, and each scan's findings (the likely code of a failure).
    static func snapshot(_ store: AuditStore) throws -> AuditSnapshot {
        try store.snapshot(detailed: true)
    }

    /// The page; in a file, with its charts beside it and the evidence it links.
    public func write(_ content: Content, plan: ExportPlan, to sink: BufferedOutput) throws -> ReportWritten {
        var input = content.input
        if let link = plan.evidenceLink, let screens = content.evidence {
            input.chartFile = plan.attachments.first?.name
            input.evidence = ReportEvidence(folder: link, screens: screens)
        }
        let report = render(input)
        sink.write(report.text)
        return ReportWritten(attachments: report.attachments, evidence: input.evidence == nil ? nil : report.evidence)
    }

    public func render(_ input: ReportInput) -> RenderedReport {
        var page = MarkdownPage(input: input)
        let text = page.render()
        if input.summaryOnly { return RenderedReport(text: text) }
        var attachments: [RenderedReport.Attachment] = []
        if let chart = input.chartFile {
            let timeline = ProgressTimeline(document: input.document, through: Timestamp(iso8601: input.date))
            attachments.append(.init(fileName: chart, text: ProgressChart.svg(timeline, app: input.document.app)))
            let failures = FailureTimeline(document: input.document, through: Timestamp(iso8601: input.date))
            attachments.append(.init(fileName: Self.failureChartName(for: chart), text: FailureChart.svg(failures, app: input.document.app)))
        }
        return RenderedReport(text: text, attachments: attachments, evidence: page.linkedEvidence)
    }

    /// `trailhead-2026-10-13.svg` → `trailhead-2026-10-13-failures.svg`: the second chart.
    public static func failureChartName(for chart: String) -> String {
        (chart.hasSuffix(".svg") ? String(chart.dropLast(4)) : chart) + "-failures.svg"
    }

    /// Thumbnails shown per size in a screen's strip; further files at that size are linked.
    static let thumbnailsPerSize = 4

    static func emoji(_ category: Category) -> String {
        switch category {
        case .unsupported: "🔴"
        case .broken: "🟠"
        case .supported: "🟢"
        case .unaudited: "⚪"
        }
    }

    /// `🟠 Broken`, joined by a no-break space so that the two never wrap apart.
    static func label(_ category: Category) -> String {
        emoji(category) + "\u{00A0}" + category.rawValue.capitalizedFirst
    }

    /// `🟠 Broken, awaiting retest`, `⚪ Broken, triage guess`, `🔵 Supported, re-check pending`:
    /// a guess is never shown in its category's colour, and a screen the gate does not take for
    /// supported is never shown in supported's.
    static func label(_ standing: Standing) -> String {
        emoji(standing) + "\u{00A0}" + standing.label.capitalizedFirst
    }

    /// The one mark a standing has on every page: its row's in the screens table, except that a
    /// failing screen keeps its category's colour until its retests are recorded.
    static func emoji(_ standing: Standing) -> String {
        if standing.isGuess { return emoji(Category.unaudited) }
        return standing.stage == .recheckPending ? emoji(standing.group) : emoji(standing.category)
    }

    /// `🔵 Re-check pending`: a row of the screens table.
    static func label(_ group: Standing.Group) -> String {
        emoji(group) + "\u{00A0}" + group.label.capitalizedFirst
    }

    static func emoji(_ group: Standing.Group) -> String {
        switch group {
        case .unsupported: emoji(Category.unsupported)
        case .broken: emoji(Category.broken)
        case .recheckPending: "🔵"
        case .supported: emoji(Category.supported)
        case .unaudited: emoji(Category.unaudited)
        }
    }

    static func symbol(_ status: ResultStatus?, planned: Bool) -> String {
        switch status {
        case .pass: "✅"
        case .fail: "❌"
        case .na: "➖"
        case .untested, nil: planned ? "⬜" : ""
        }
    }

    static let legend = "✅ pass · ❌ fail · ➖ n/a · ⬜ to check · blank: not planned at that size"
}
