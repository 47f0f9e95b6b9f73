import AuditStore
import DynamicType
import Interchange
import Output
import Platform

/// An OpenACR fragment (GSA's machine-readable Accessibility Conformance Report, YAML) with the two
/// criteria the audit speaks to, for the software component, in the WCAG 2.2 and Section 508
/// catalog. Every value is a double-quoted YAML scalar, so that no name or note can change the
/// document's shape.
public struct OpenACRReporter: Reporter {
    public init() {}
    public var format: ReportFormat { .openacr }
    public var fileExtension: String { "yaml" }

    public func defaultFileName(app: String, day: String, selection: ScreenSelection) -> String {
        datedFileName(app: app, day: day, selection: .everything, suffix: format.fileNameSuffix)
    }

    public func read(_ request: ExportRequest, from store: AuditStore) throws -> ReportReading<ReportInput> {
        try ConformanceRefusal.read(request, from: store, requireEmail: true)
    }

    public func write(_ input: ReportInput, plan: ExportPlan, to sink: BufferedOutput) throws -> ReportWritten {
        sink.write(render(input).text)
        return ReportWritten()
    }

    public static let catalog = "2.5-edition-wcag-2.2-508-en"
    public static let component = "software"

    public func render(_ input: ReportInput) -> RenderedReport {
        let parties = input.parties ?? ReportParties(product: input.document.app, authorEmail: "")
        let report = ConformanceReport(input.snapshot)
        var lines = input.draft ? ["# " + Self.plain(ConformanceDraft.banner(report))] : []
        lines += [
            "# OpenACR fragment: WCAG 2.2 \(report.criteria.map(\.number).joined(separator: " and ")) for \(Self.plain(parties.product)), from its Dynamic Type audit.",
            "# Written by \(Self.plain(input.generator))" + (input.draft ? ", " + ConformanceDraft.use + "." : "; merge the criteria into the product's full OpenACR."),
            "title: " + Self.quoted((input.draft ? ConformanceDraft.titlePrefix : "") + "\(parties.company ?? parties.product) Accessibility Conformance Report"
                                    + (input.draft ? " (not a conformance claim)" : "")),
            "product:",
            "  name: " + Self.quoted(parties.product),
        ]
        if let version = parties.productVersion { lines.append("  version: " + Self.quoted(version)) }
        if let description = parties.productDescription { lines.append("  description: " + Self.quoted(description)) }
        lines.append("author:")
        if let author = parties.author { lines.append("  name: " + Self.quoted(author)) }
        if let company = parties.company { lines.append("  company_name: " + Self.quoted(company)) }
        lines.append("  email: " + Self.quoted(parties.authorEmail))
        lines += [
            "report_date: " + Self.quoted(input.date),
            "catalog: " + Self.quoted(Self.catalog),
            "evaluation_methods_used: " + Self.quoted(Self.method(input)),
            "chapters:",
            "  success_criteria_level_aa:",
            "    notes: " + Self.quoted((input.draft ? ConformanceDraft.banner(report) + " " : "") + "Only the criteria a Dynamic Type audit covers: \(report.criteria.map { "\($0.number) \($0.name)" }.joined(separator: ", "))."),
            "    criteria:",
        ]
        for criterion in report.criteria {
            lines += [
                "      - num: " + Self.quoted(criterion.number),
                "        components:",
                "          - name: " + Self.quoted(Self.component),
                "            adherence:",
                "              level: " + Self.quoted(input.draft ? ResizeTextVerdict.Level.notEvaluated.openACR : criterion.level.openACR),
                "              notes: " + Self.quoted(input.draft ? ConformanceDraft.remarks(criterion) : criterion.remarks),
            ]
        }
        return RenderedReport(text: lines.joined(separator: "\n") + "\n")
    }

    static func method(_ input: ReportInput) -> String {
        let checklist = input.snapshot.checklist
        return "Manual checks of each screen at the system text sizes (Dynamic Type, xSmall to AX5) with the checklist "
            + "\(checklist.title) v\(checklist.version) (\(counted(checklist.items.count, "check"))), recorded with \(input.generator); "
            + "\(input.snapshot.recorded) of \(counted(input.snapshot.required, "planned check")) recorded as of \(input.date)."
    }

    /// A YAML double-quoted scalar: backslash, quote and every control or invisible formatting
    /// character escaped, so that the value is read back exactly and shows nothing hidden.
    public static func quoted(_ text: String) -> String {
        text.doubleQuoted { scalar in
            switch scalar {
            case "\n": return "\\n"
            case "\t": return "\\t"
            case "\r": return "\\r"
            case _ where scalar.isUnsafeToShow || (0xFFFE...0xFFFF).contains(scalar.value):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return scalar.value <= 0xFF ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                                            : "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: return nil
            }
        }
    }

    /// Text for a YAML comment: one line, nothing hidden.
    static func plain(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.isUnsafeToShow ? " " : $0 }))
    }
}

/// The two rows of an ITI VPAT 2.x table of WCAG level AA success criteria, in the words VPATs use
/// ("Criteria", "Conformance Level", "Remarks and Explanations"), as Markdown with an HTML page
/// beside it.
public struct VPATReporter: Reporter {
    public init() {}
    public var format: ReportFormat { .vpat }
    public var fileExtension: String { "md" }

    public func defaultFileName(app: String, day: String, selection: ScreenSelection) -> String {
        datedFileName(app: app, day: day, selection: .everything, suffix: format.fileNameSuffix)
    }

    public func attachmentNames(forReport fileName: String) -> [String] {
        [Self.htmlName(forReport: fileName)]
    }

    public func read(_ request: ExportRequest, from store: AuditStore) throws -> ReportReading<ReportInput> {
        try ConformanceRefusal.read(request, from: store, requireEmail: false)
    }

    /// The rows, and their HTML page beside a report file.
    public func write(_ input: ReportInput, plan: ExportPlan, to sink: BufferedOutput) throws -> ReportWritten {
        var input = input
        input.chartFile = plan.attachments.first?.name
        let report = render(input)
        sink.write(report.text)
        return ReportWritten(attachments: report.attachments)
    }

    static let headers = ["Criteria", "Conformance Level", "Remarks and Explanations"]
    /// A draft's banner: red on pale red, bordered, so that no one takes the page for the report to file.
    static let draftStyle = "border: 3px solid #cf222e; color: #82071e; background: #ffebe9; padding: 0.5rem 1rem; font-weight: 600;"

    public func render(_ input: ReportInput) -> RenderedReport {
        let parties = input.parties ?? ReportParties(product: input.document.app, authorEmail: "")
        let report = ConformanceReport(input.snapshot)
        let title = (input.draft ? ConformanceDraft.titlePrefix : "") + "\(parties.product): Accessibility Conformance Report, text size (VPAT 2.x rows)"
        let caption = "Table 2: Success Criteria, Level AA" + (input.draft ? " (DRAFT)" : "")
        let banner = input.draft ? ConformanceDraft.banner(report) : nil
        let level = { (criterion: ConformanceReport.Criterion) in input.draft ? ConformanceDraft.level(criterion) : criterion.level.rawValue }
        let remarks = { (criterion: ConformanceReport.Criterion) in input.draft ? ConformanceDraft.remarks(criterion) : criterion.remarks }
        let intro = "Rows for WCAG 2.2 \(report.criteria.map(\.number).joined(separator: " and ")) from the product's Dynamic Type audit, as of \(input.date)\(input.draft ? ", " + ConformanceDraft.use : "; paste them into the product's VPAT"). Evaluation: \(OpenACRReporter.method(input))"

        var markdown = "# " + Markdown.text(title) + "\n\n"
        var facts = ["**Product** " + Markdown.text(parties.product + (parties.productVersion.map { " " + $0 } ?? ""))]
        if let author = parties.author ?? parties.company { facts.append("**Prepared by** " + Markdown.text(author)) }
        if !parties.authorEmail.isEmpty { facts.append("**Contact** " + Self.address(parties.authorEmail)) }
        facts.append("**Report date** \(input.date)")
        markdown += facts.joined(separator: " · ") + "\n\n"
        if let banner { markdown += "> **" + Markdown.text(banner) + "**\n\n" }
        markdown += Markdown.text(intro) + "\n\n"
        // The HTML page names the same parties as the Markdown, in plain text.
        var htmlFacts = ["Product: " + parties.product + (parties.productVersion.map { " " + $0 } ?? "")]
        if let author = parties.author ?? parties.company { htmlFacts.append("Prepared by: " + author) }
        if !parties.authorEmail.isEmpty { htmlFacts.append("Contact: " + parties.authorEmail) }
        htmlFacts.append("Report date: " + input.date)
        markdown += "### " + Markdown.text(caption) + "\n\n"
        markdown += Markdown.table(Self.headers, [.left, .left, .left], report.criteria.map { criterion in
            ["\(criterion.number) \(criterion.name) (Level \(criterion.wcagLevel))", "**\(level(criterion))**",
             "Software: " + Markdown.text(remarks(criterion))]
        })

        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(XML.escaped(title))</title>
            <style>
            body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1f2328; background: #ffffff; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
            table { border-collapse: collapse; width: 100%; }
            caption { text-align: left; font-weight: 600; font-size: 1.1rem; padding: 0.5rem 0; }
            th, td { border: 1px solid #59636e; padding: 0.5rem; text-align: left; vertical-align: top; }
            thead th { background: #eaeef2; }
            </style>
            </head>
            <body>
            <h1>\(XML.escaped(title))</h1>
            <p>\(XML.escaped(htmlFacts.joined(separator: " · ")))</p>\(banner.map { "\n<p class=\"draft\" style=\"\(Self.draftStyle)\">\(XML.escaped($0))</p>" } ?? "")
            <p>\(XML.escaped(intro))</p>
            <table>
            <caption>\(XML.escaped(caption))</caption>
            <thead><tr>\(Self.headers.map { "<th scope=\"col\">\($0)</th>" }.joined())</tr></thead>
            <tbody>

            """
        for criterion in report.criteria {
            html += "<tr><th scope=\"row\">\(criterion.number) \(criterion.name) (Level \(criterion.wcagLevel))</th>"
                + "<td class=\"conformance\"><strong>\(XML.escaped(level(criterion)))</strong></td>"
                + "<td>Software: \(XML.escaped(remarks(criterion)))</td></tr>\n"
        }
        html += "</tbody>\n</table>\n</body>\n</html>\n"
        return RenderedReport(text: markdown, attachments: input.chartFile.map { [.init(fileName: $0, text: html)] } ?? [])
    }

    /// The contact address as people copy it: in a code span, which no renderer turns into a link,
    /// so it needs no invisible guard inside it; an address a code span cannot hold is escaped text.
    static func address(_ email: String) -> String {
        let plain = email.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 && $0 != "`" && $0.value != 127 }
        return plain ? "`" + email + "`" : Markdown.text(email)
    }

    /// `trailhead-2026-10-13-vpat.md` → `trailhead-2026-10-13-vpat.html`
    public static func htmlName(forReport fileName: String) -> String {
        (fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName) + ".html"
    }
}

/// A conformance report refused while a criterion's level is not final: not judged yet (OpenACR
/// and VPAT allow "Not Evaluated" only for level AAA criteria), or open checks could still change it
/// (`ConformanceOutlook`).
public struct ConformanceRefusal: Error, Sendable {
    /// The criteria, with the ones that cannot be reported.
    public let report: ConformanceReport

    /// `1.4.4 Resize Text (Partially Supports so far; ...) cannot be reported yet: ...`, in one line.
    public var headline: String {
        let criteria = report.unfileable.map { criterion -> String in
            let why = !criterion.outlook.covered ? "the checklist maps no check to it"
                : criterion.outlook.screens == 0 ? "the audit has no screens yet" : criterion.outlook.described(criterion.level)
            return "\(criterion.number) \(criterion.name) (\(why))"
        }
        let open = openChecks.count
        return criteria.joined(separator: " and ") + " cannot be reported yet: a conformance report claims a level only once no open check can change it. "
            + (open == 0 ? "Write a draft for review with --draft." : "Record the open checks of \(open == 1 ? "this screen" : "these \(counted(open, "screen"))") first ('dtaudit next'), "
               + "or write a draft for review with --draft:")
    }

    /// The screens whose open checks could change a level not final yet, in the audit's order, each
    /// with those checks (of either criterion, each once).
    public var openChecks: [(screen: String, checks: [PendingCheck])] {
        var result: [(screen: String, checks: [PendingCheck])] = []
        for criterion in report.unfileable {
            for entry in criterion.outlook.open {
                if let index = result.firstIndex(where: { $0.screen == entry.screen }) {
                    result[index].checks += entry.checks.filter { check in !result[index].checks.contains { $0.item == check.item && $0.size == check.size } }
                } else {
                    result.append(entry)
                }
            }
        }
        return report.inOrder(result, by: \.screen)
    }

    /// What both conformance reporters read: the audit and where it stands, refused while a
    /// criterion cannot be judged, then the parties.
    static func read(_ request: ExportRequest, from store: AuditStore, requireEmail: Bool) throws -> ReportReading<ReportInput> {
        let (document, snapshot) = try store.read { (try AuditDocument(store: store), try store.snapshot(detailed: true)) }
        let conformance = ConformanceReport(snapshot)
        if !conformance.unfileable.isEmpty && !request.draft { throw ConformanceRefusal(report: conformance) }
        let day = request.date ?? document.latestActivity.day
        var input = ReportInput(document: document, snapshot: snapshot, date: day, generator: request.generator)
        input.parties = try request.parties.parties(app: document.app, requireEmail: requireEmail, storeAuthor: try store.ownAuthor())
        input.draft = request.draft
        var reading = ReportReading(content: input, app: document.app, day: day)
        reading.conformance = conformance
        reading.draft = request.draft
        return reading
    }
}
