import AuditStore
import DynamicType
import Evidence
import Interchange
import Output
import Scan

/// The review page: GitHub-flavoured Markdown that reads well rendered and as plain text. Every
/// user-provided text goes through `Markdown.text(_:)`.
public struct MarkdownReporter: Reporter {
    public init() {}
    public var format: ReportFormat { .markdown }

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

    /// `🟠 Broken, awaiting retest`, `⚪ Broken, triage guess`: a guess is never shown in its
    /// category's colour.
    static func label(_ standing: Standing) -> String {
        (standing.isGuess ? "⚪" : emoji(standing.category)) + "\u{00A0}" + standing.label.capitalizedFirst
    }

    /// `🔵 Re-check pending`: a row of the screens table.
    static func label(_ group: Standing.Group) -> String {
        let emoji = switch group {
        case .unsupported: emoji(.unsupported)
        case .broken: emoji(.broken)
        case .recheckPending: "🔵"
        case .supported: emoji(.supported)
        case .unaudited: emoji(.unaudited)
        }
        return emoji + "\u{00A0}" + group.label.capitalizedFirst
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
