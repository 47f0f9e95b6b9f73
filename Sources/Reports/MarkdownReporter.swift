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
        var page = Page(input: input)
        let text = page.render()
        var attachments: [RenderedReport.Attachment] = []
        if let chart = input.chartFile {
            let timeline = ProgressTimeline(document: input.document, through: Timestamp(iso8601: input.date))
            attachments.append(.init(fileName: chart, text: ProgressChart.svg(timeline, app: input.document.app)))
        }
        return RenderedReport(text: text, attachments: attachments, evidence: page.linkedEvidence)
    }

    /// How wide a thumbnail is shown, in CSS pixels: a phone screenshot at this width is about as
    /// tall as a third of a laptop screen, so a strip of four sizes fits on one line.
    static let thumbnailWidth = 120

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

/// One rendering of the report.
private struct Page {
    let input: ReportInput
    let snapshot: AuditSnapshot
    let checklist: Checklist
    var out = ""
    /// Each screen's heading anchor, by screen name.
    var anchors: [String: String] = [:]
    /// The anchor of the "Code scan" section, when the audit has one.
    var codeScanAnchor = "code-scan"
    /// The evidence files the page links so far, each once, in the order first linked.
    var linkedEvidence: [EvidenceFile] = []
    private var linkedHashes: Set<String> = []

    init(input: ReportInput) {
        self.input = input
        snapshot = input.snapshot
        checklist = input.snapshot.checklist
    }

    mutating func line(_ text: String = "") {
        out += text
        out += "\n"
    }

    /// Names joined for a sentence, escaped, the rest counted after `limit`.
    func names(_ names: [String], limit: Int = 8) -> String {
        let shown = names.prefix(limit).map(Markdown.text)
        let rest = names.count - shown.count
        return shown.joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : "")
    }

    // MARK: Headings and anchors

    /// The document's headings in order, so that each screen's anchor matches GitHub's, repeats
    /// numbered as GitHub numbers them.
    mutating func computeAnchors() {
        var registry = Markdown.Anchors()
        var headings = [title, "Summary", "Critical flows not supported"]
        if input.chartFile != nil { headings.append("Progress") }
        if let changes = input.changes {
            headings += [changesHeading(changes), "Regressions (pass → fail)", "Newly fixed (fail → pass)", "Category changes", "New screens"]
        }
        headings += ["Screens", "Fixes"]
        for heading in headings { _ = registry.anchor(for: heading) }
        if hasScans { codeScanAnchor = registry.anchor(for: "Code scan") }
        _ = registry.anchor(for: "Screen details")
        for state in snapshot.screens where anchors[state.screen.name] == nil {
            anchors[state.screen.name] = registry.anchor(for: state.screen.name)
        }
    }

    var title: String { "\(input.document.app): Dynamic Type audit" }

    func changesHeading(_ changes: Changes) -> String {
        "Changes since \(changes.baseline.day)"
    }

    func link(_ screen: String) -> String {
        guard let anchor = anchors[screen] else { return Markdown.text(screen) }
        return "[\(Markdown.text(screen))](#\(anchor))"
    }

    // MARK: The page

    mutating func render() -> String {
        computeAnchors()
        header()
        summary()
        if input.chartFile != nil { progress() }
        if let changes = input.changes { changesSection(changes) }
        screensTable()
        fixSummary()
        if hasScans { codeScan() }
        details()
        checklistSection()
        about()
        while out.hasSuffix("\n\n") { out.removeLast() }
        return out
    }

    mutating func header() {
        line("# " + Markdown.text(title))
        line()
        let auditors = input.document.auditors
        var facts = [
            "**Date** \(input.date)",
            "**Checklist** \(Markdown.text(checklist.title)) v\(Markdown.text(checklist.version)) (\(counted(checklist.items.count, "check")))",
            "**Screens** \(snapshot.screens.count)" + (input.selection.isEverything ? "" : " " + Markdown.text(input.selection.description)),
        ]
        if !auditors.isEmpty {
            facts.append("**Auditors** " + auditors.map { Markdown.text($0.name) }.joined(separator: ", "))
        }
        let fixers = PersonName.tally(input.document.fixes.map(\.by)).map(\.name).sorted()
        if !fixers.isEmpty {
            facts.append("**Fixes by** " + fixers.map(Markdown.text).joined(separator: ", "))
        }
        facts.append("**Started** \(input.document.createdAt.day)")
        line(facts.joined(separator: " · "))
        line()

        let larger = LargerTextVerdict(snapshot)
        switch larger.outcome {
        case .ready:
            line("> ✅ **Larger Text (App Store Connect): ready to declare.** All \(counted(larger.criticalScreens, "critical screen")) are supported and were checked at \(LargerTextVerdict.doublingSize.id) or larger, where body text is at least twice its default size. Declare it for each device family the audit covered.")
        case .notYet:
            let list = larger.blocking.prefix(8).map { "\(link($0.screen)) (\($0.reason))" }.joined(separator: ", ")
            let more = larger.blocking.count > 8 ? " and \(larger.blocking.count - 8) more" : ""
            line("> ❌ **Larger Text (App Store Connect): not yet.** \(larger.blocking.count) of \(counted(larger.criticalScreens, "critical screen")) \(larger.blocking.count == 1 ? "keeps" : "keep") the app from declaring it: \(list)\(more). Every common task must work with text at 200 % and more.")
        case .unknown:
            line("> ❔ **Larger Text (App Store Connect): unknown.** No screen is marked critical, so the audit does not say which screens make up the app's common tasks. Mark them with `dtaudit screen edit NAME --critical`.")
        }
        line(">")
        let wcag = ResizeTextVerdict(snapshot)
        var reasons: [String] = []
        if !wcag.checklistCovers {
            reasons.append("the checklist maps no item to 1.4.4")
        } else if wcag.screens == 0 {
            reasons.append("the audit has no screens yet")
        } else {
            if !wcag.notScaling.isEmpty {
                reasons.append("text does not scale on \(counted(wcag.notScaling.count, "screen")) (\(names(wcag.notScaling)))")
            }
            if !wcag.failing.isEmpty {
                let list = wcag.failing.prefix(8).map { "\(Markdown.text($0.screen)): " + $0.items.map { "`\($0)`" }.joined(separator: ", ") }.joined(separator: "; ")
                reasons.append("checks of 1.4.4 fail at or below \(LargerTextVerdict.doublingSize.id) on \(counted(wcag.failing.count, "screen")) (\(list)\(wcag.failing.count > 8 ? "; ..." : ""))")
            }
            if wcag.incomplete > 0 {
                reasons.append("\(counted(wcag.incomplete, "screen")) \(wcag.incomplete == 1 ? "has" : "have") 1.4.4 checks up to \(LargerTextVerdict.doublingSize.id) still to record")
            }
            if reasons.isEmpty {
                reasons.append("every screen passes the 1.4.4 checks up to \(LargerTextVerdict.doublingSize.id), where body text reaches 200 %")
            }
        }
        let mark: String
        switch wcag.level {
        case .supports: mark = "✅"
        case .partiallySupports: mark = "⚠️"
        case .doesNotSupport: mark = "❌"
        case .notEvaluated: mark = "❔"
        }
        line("> \(mark) **WCAG 2.2 SC 1.4.4 Resize Text (AA): \(wcag.level.rawValue).** " + reasons.joined(separator: "; ").capitalizedFirst + ".")
        line()
    }

    mutating func summary() {
        line("## Summary")
        line()
        let total = snapshot.screens.count
        if total == 0 {
            line("The audit has no screens yet. Add them with `dtaudit screen add NAME`.")
            line()
            line("### Critical flows not supported")
            line()
            line("None: the audit has no screens yet.")
            line()
            return
        }
        let counts = snapshot.standingCounts
        var rows: [[String]] = []
        for group in Standing.Group.allCases {
            let count = counts[group]
            rows.append([MarkdownReporter.label(group), String(count), Markdown.bar(count, of: total) + " " + Markdown.percent(count, of: total),
                         Markdown.text(counts.detail(of: group))])
        }
        out += Markdown.table(["Category", "Screens", "Share", "Of which"], [.left, .right, .left, .left], rows)
        line()
        line("Unsupported: text ignores the text size setting. Broken: text scales, but something is cut off, overlaps or can't be reached. Re-check pending: every planned check passed, and the checks a fix sent back are still to record. Supported: every planned check passed or does not apply, nothing left open. Unaudited: not enough recorded yet; a category chosen at triage is a guess until results are recorded.")
        line()

        let required = snapshot.required
        let recorded = snapshot.recorded
        line("**Plan completion** \(Markdown.bar(recorded, of: required)) \(Markdown.percent(recorded, of: required)): \(recorded) of \(counted(required, "planned check")) recorded, \(snapshot.passed) passed, \(snapshot.failed) failed, \(snapshot.notApplicable) n/a.")
        line()
        if hasScans { codeSummary() }

        let bySize = snapshot.resultsBySize
        var sizeRows: [[String]] = []
        for size in checklist.plannedSizes {
            let entry = bySize[size] ?? (0, 0, 0, 0)
            let answered = entry.passed + entry.failed
            let open = entry.required - entry.passed - entry.failed - entry.notApplicable
            sizeRows.append(["**\(size.id)** \(size.designName)\(size == .default ? " (default)" : "")", String(entry.passed), String(entry.failed),
                             String(entry.notApplicable), String(open),
                             answered == 0 ? "–" : Markdown.bar(entry.passed, of: answered, width: 10) + " " + Markdown.percent(entry.passed, of: answered)])
        }
        out += Markdown.table(["Size", "Passed", "Failed", "n/a", "To check", "Pass rate"], [.left, .right, .right, .right, .right, .left], sizeRows)
        line()

        line("### Critical flows not supported")
        line()
        let critical = snapshot.screens.filter(\.screen.critical)
        let notSupported = snapshot.criticalNotSupported
        if critical.isEmpty {
            line("No screen is marked critical. Mark the screens of the app's common tasks with `dtaudit screen edit NAME --critical`.")
        } else if notSupported.isEmpty {
            line("None: all \(counted(critical.count, "critical screen")) are supported.")
        } else {
            var flows: [(flow: String?, states: [ScreenState])] = []
            for state in notSupported {
                if let index = flows.firstIndex(where: { $0.flow?.lowercased() == state.screen.flow?.lowercased() }) {
                    flows[index].states.append(state)
                } else {
                    flows.append((state.screen.flow, [state]))
                }
            }
            flows.sort { ($0.flow == nil ? 1 : 0, $0.flow?.lowercased() ?? "") < ($1.flow == nil ? 1 : 0, $1.flow?.lowercased() ?? "") }
            let rows = flows.map { flow in
                [flow.flow.map(Markdown.text) ?? "(no flow)",
                 flow.states.map { "\(link($0.screen.name)) \(MarkdownReporter.label($0.standing))" }.joined(separator: ", ")]
            }
            line("\(notSupported.count) of \(counted(critical.count, "critical screen")) \(notSupported.count == 1 ? "is" : "are") not supported, in \(counted(flows.count, "flow")):")
            line()
            out += Markdown.table(["Flow", "Critical screens not supported"], [.left, .left], rows)
        }
        line()
    }

    mutating func progress() {
        guard let chart = input.chartFile else { return }
        line("## Progress")
        line()
        line("![Screens per category over time](\(chart))")
        line()
    }

    mutating func changesSection(_ changes: Changes) {
        line("## " + Markdown.text(changesHeading(changes)))
        line()
        let what = changes.baseline.label == changes.baseline.day ? "Since \(changes.baseline.day)" : "Since \(Markdown.text(changes.baseline.label)) (its latest entry is of \(changes.baseline.day))"
        line("\(what): \(counted(changes.newRecordings, "recording")) and \(counted(changes.newFixes.count, "fix", "fixes")); \(counted(changes.fixedCells.count, "cell")) newly fixed, \(changes.regressions.isEmpty ? "no regressions" : counted(changes.regressions.count, "regression")), \(changes.newScreens.isEmpty ? "no new screens" : counted(changes.newScreens.count, "new screen")), \(counted(changes.categoryChanges.count, "screen")) changed category.")
        line()
        line("### Regressions (pass → fail)")
        line()
        if changes.regressions.isEmpty {
            line("None: no check that passed has failed since.")
        } else {
            out += Markdown.table(["Screen", "Check", "Size", "Note", "By", "Date"], [.left, .left, .left, .left, .left, .left],
                                  changes.regressions.map { [link($0.screen), "`\($0.item)`", $0.size.id, $0.now.note.map(Markdown.text) ?? "", Markdown.text($0.now.by), $0.now.at.day] })
        }
        line()
        line("### Newly fixed (fail → pass)")
        line()
        if changes.fixedCells.isEmpty {
            line("None.")
        } else {
            out += Markdown.table(["Screen", "Check", "Size", "Failed with", "By", "Date"], [.left, .left, .left, .left, .left, .left],
                                  changes.fixedCells.map { [link($0.screen), "`\($0.item)`", $0.size.id, $0.before.note.map(Markdown.text) ?? "", Markdown.text($0.now.by), $0.now.at.day] })
        }
        line()
        line("### Category changes")
        line()
        if changes.categoryChanges.isEmpty {
            line("None.")
        } else {
            out += Markdown.table(["Screen", "Before", "Now"], [.left, .left, .left],
                                  changes.categoryChanges.map { [link($0.screen), MarkdownReporter.label($0.before), MarkdownReporter.label($0.now)] })
        }
        line()
        line("### New screens")
        line()
        if changes.newScreens.isEmpty {
            line("None.")
        } else {
            for name in changes.newScreens {
                let state = snapshot.screens.first { $0.screen.name == name }
                line("- \(link(name))" + (state.map { " " + MarkdownReporter.label($0.standing) } ?? ""))
            }
        }
        line()
    }

    /// `reachable` ax5; `text-scales` xs, l, ax5
    func failedChecks(_ state: ScreenState, limit: Int = 3) -> String {
        var items: [(item: String, sizes: [Size])] = []
        for cell in state.failedCells {
            if let index = items.firstIndex(where: { $0.item == cell.item }) {
                items[index].sizes.append(cell.size)
            } else {
                items.append((cell.item, [cell.size]))
            }
        }
        let shown = items.prefix(limit).map { "`\($0.item)` " + $0.sizes.map(\.id).joined(separator: ", ") }
        return shown.joined(separator: "; ") + (items.count > limit ? "; +\(items.count - limit) more" : "")
    }

    mutating func screensTable() {
        line("## Screens")
        line()
        if snapshot.screens.isEmpty {
            line("No screens yet.")
            line()
            return
        }
        let rows = snapshot.screens.map { state in
            [link(state.screen.name), state.screen.flow.map(Markdown.text) ?? "", state.screen.critical ? "yes" : "",
             MarkdownReporter.label(state.standing), state.failedCells.isEmpty ? "" : failedChecks(state),
             state.fixes.isEmpty ? "" : String(state.fixes.count), state.screen.owner.map(Markdown.text) ?? ""]
        }
        out += Markdown.table(["Screen", "Flow", "Critical", "Category", "Failed checks", "Fixes", "Owner"],
                              [.left, .left, .center, .left, .left, .right, .left], rows)
        line()
    }

    mutating func fixSummary() {
        line("## Fixes")
        line()
        let counts = snapshot.fixCounts
        let total = counts.values.reduce(0, +)
        if total == 0 {
            line("No fixes recorded yet.")
            line()
            return
        }
        var screensByType: [FixType: Set<String>] = [:]
        for state in snapshot.screens {
            for fix in state.fixes { screensByType[fix.type, default: []].insert(state.screen.name) }
        }
        let rows = FixType.allCases.map { type in
            ["**\(type.rawValue)**", type.summary.capitalizedFirst, String(counts[type] ?? 0), String(screensByType[type]?.count ?? 0),
             Markdown.bar(counts[type] ?? 0, of: total, width: 10) + " " + Markdown.percent(counts[type] ?? 0, of: total)]
        }
        out += Markdown.table(["Fix", "What it means", "Fixes", "Screens", "Share"], [.left, .left, .right, .right, .left], rows)
        line()
        let general = (counts[.scroll] ?? 0) + (counts[.stackFlip] ?? 0) + (counts[.textStyle] ?? 0)
        let waiting = snapshot.screens.reduce(0) { $0 + $1.awaitingFix.count }
        line("\(counted(total, "fix", "fixes")) in all: \(Markdown.percent(general, of: total)) came from the three standard remedies (scroll, stack-flip, text-style), \(Markdown.percent(counts[.custom] ?? 0, of: total)) needed custom work. \(waiting == 0 ? "No failed check is waiting for a fix." : "\(counted(waiting, "failed check")) \(waiting == 1 ? "is" : "are") still waiting for a fix.")")
        line()
    }

    // MARK: Code scan

    var hasScans: Bool { snapshot.screens.contains { $0.scan != nil } }

    /// A rule or item id, a file path: a code span when nothing in it could break one, else escaped text.
    func code(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " -_./:+@()".unicodeScalars.contains(scalar)
        }
        return plain ? "`\(text)`" : Markdown.text(text)
    }

    /// The code scan in the summary: how many findings, and which screens still set fixed font sizes.
    mutating func codeSummary() {
        let scanned = snapshot.scannedScreens
        let findings = scanned.reduce(0) { $0 + ($1.scan?.active ?? 0) }
        let withFindings = scanned.filter { ($0.scan?.active ?? 0) > 0 }.count
        let latest = scanned.compactMap { $0.scan?.run.at }.max() ?? Timestamp(milliseconds: 0)
        line("**Code scan** \(counted(findings, "finding")) in the code of \(withFindings) of \(counted(scanned.count, "scanned screen")) (latest scan \(latest.day); see [Code scan](#\(codeScanAnchor))).")
        line()
        let fixed = snapshot.fixedFontScreens
        guard !fixed.isEmpty else { return }
        let list = fixed.prefix(8).map { state in
            "\(link(state.screen.name)) (\(ScanRule.fixedFontSize.counted(state.scan?.fixedFontSizes ?? 0)), \(MarkdownReporter.label(state.standing)))"
        }.joined(separator: ", ")
        let more = fixed.count > 8 ? " and \(fixed.count - 8) more" : ""
        line("> ⚠️ **Code says text cannot scale on \(counted(fixed.count, "screen")):** \(list)\(more). A font of a fixed point size stays that size at every text size, whatever the audit has recorded so far.")
        line()
    }

    /// One row per scanned screen: findings by rule, suppressed ones, good signs.
    mutating func codeScan() {
        line("## Code scan")
        line()
        let scanned = snapshot.scannedScreens
        let findings = scanned.reduce(0) { $0 + ($1.scan?.active ?? 0) }
        let suppressed = scanned.reduce(0) { $0 + ($1.scan?.suppressed ?? 0) }
        line("The latest `dtaudit scan --record` of each screen's source files: \(counted(findings, "finding")) that count\(suppressed > 0 ? ", \(suppressed) suppressed with a reason in the code" : ""). A file that several screens list counts on each.")
        line()
        let rows = scanned.map { state -> [String] in
            let scan = state.scan!
            return [link(state.screen.name), MarkdownReporter.label(state.standing), scan.run.at.day,
                    "\(counted(scan.files, "file")), \(scan.lines) lines", String(scan.active),
                    scan.rulesByCount.map { "\(code($0.rule)) \($0.count)" }.joined(separator: ", "),
                    scan.suppressed == 0 ? "" : String(scan.suppressed), Markdown.text(GoodSign.list(scan.signs, separator: ", "))]
        }
        out += Markdown.table(["Screen", "Category", "Scanned", "Files", "Findings", "By rule", "Suppressed", "Good signs"],
                              [.left, .left, .left, .left, .right, .left, .right, .left], rows)
        line()
        let linked = snapshot.screens.filter { $0.scan == nil && !$0.screen.files.isEmpty }
        let unlinked = snapshot.screens.filter { $0.scan == nil && $0.screen.files.isEmpty }.count
        var notes: [String] = []
        if !linked.isEmpty { notes.append("Not scanned yet: " + linked.prefix(8).map { link($0.screen.name) }.joined(separator: ", ") + (linked.count > 8 ? " and \(linked.count - 8) more" : "") + ".") }
        if unlinked > 0 { notes.append("\(counted(unlinked, "screen")) \(unlinked == 1 ? "lists" : "list") no source files, so no scan can speak for \(unlinked == 1 ? "it" : "them").") }
        if !notes.isEmpty {
            line(notes.joined(separator: " "))
            line()
        }
    }

    /// A screen's code findings under the checklist item each one fails, then the suppressed ones.
    mutating func codeFindings(_ state: ScreenState) {
        guard let scan = state.scan else { return }
        var summary = "**Code** (scanned \(scan.run.at.day): \(counted(scan.files, "file")), \(scan.lines) lines): "
            + (scan.active == 0 ? "no findings" : counted(scan.active, "finding"))
        if scan.suppressed > 0 { summary += ", \(scan.suppressed) suppressed" }
        summary += "."
        if !scan.signs.isEmpty { summary += " Good signs: " + Markdown.text(GoodSign.list(scan.signs, separator: ", ")) + "." }
        line(summary)
        line()
        guard !scan.findings.isEmpty else { return }
        let order = Dictionary(checklist.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let active = scan.findings.filter(\.isActive)
        let items = Array(Set(active.map(\.item))).sorted { (order[$0] ?? .max, $0) < (order[$1] ?? .max, $1) }
        for item in items {
            for finding in active where finding.item == item {
                var entry = "- ⚠️ \(code(item)) · **\(Markdown.text(finding.rule))** at \(code("\(finding.file):\(finding.line)"))"
                if finding.confidence != "high" { entry += " (\(Markdown.text(finding.confidence)) confidence)" }
                line(entry + ": " + Markdown.text(finding.message))
            }
        }
        for finding in scan.findings where !finding.isActive {
            line("- 🔕 \(code(finding.item)) · \(Markdown.text(finding.rule)) at \(code("\(finding.file):\(finding.line)")) suppressed: "
                 + (finding.suppressionReason.map(Markdown.text) ?? "no reason given"))
        }
        line()
    }

    mutating func details() {
        line("## Screen details")
        line()
        if snapshot.screens.isEmpty {
            line("No screens yet.")
            line()
            return
        }
        line("Each matrix shows the latest result of every check at every planned size: " + MarkdownReporter.legend + ".")
        line()
        for state in snapshot.screens { screen(state) }
    }

    mutating func screen(_ state: ScreenState) {
        let screen = state.screen
        line("### " + Markdown.text(screen.name))
        line()
        var facts = [(state.standing.isGuess ? "⚪" : MarkdownReporter.emoji(state.category)) + " **" + state.standing.label.capitalizedFirst + "**"]
        if screen.critical { facts.append("critical") }
        if let flow = screen.flow { facts.append("flow: " + Markdown.text(flow)) }
        if let owner = screen.owner { facts.append("owner: " + Markdown.text(owner)) }
        if let triage = screen.triage { facts.append("triaged \(triage.rawValue)") }
        facts.append("\(state.tally.recorded) of \(counted(state.tally.required, "check")) recorded")
        facts.append(state.failedCells.isEmpty ? "no failures" : counted(state.failedCells.count, "failure"))
        facts.append(state.fixes.isEmpty ? "no fixes" : counted(state.fixes.count, "fix", "fixes"))
        if let scan = state.scan {
            facts.append(scan.fixedFontSizes > 0 ? "⚠️ code says: " + ScanRule.fixedFontSize.counted(scan.fixedFontSizes)
                                                : "code: " + (scan.active == 0 ? "no findings" : counted(scan.active, "finding")))
        }
        line(facts.joined(separator: " · "))
        line()
        if let notes = screen.notes {
            line("Notes: " + Markdown.text(notes))
            line()
        }
        if !screen.files.isEmpty {
            line("Source: " + screen.files.map(Markdown.text).joined(separator: ", "))
            line()
        }

        let recorded = state.recordedCells
        let evidence = input.evidence?.screens[screen.id]
        if recorded.isEmpty {
            line("Nothing recorded yet: all \(counted(state.tally.required, "planned check")) are still to do.")
            line()
            if let evidence { screenshotStrip(screen, evidence) }
            codeFindings(state)
            return
        }
        let sizes = Array(Set(checklist.plannedSizes + recorded.map(\.size))).sorted()
        var itemIDs = checklist.items.map(\.id)
        for cell in recorded.sorted(by: { ($0.item, $0.size) < ($1.item, $1.size) }) where !itemIDs.contains(cell.item) {
            itemIDs.append(cell.item)
        }
        // When the latest scan found something, a last column counts the findings that map to each check.
        let codeCounts = state.scan.flatMap { scan -> [String: Int]? in
            scan.active == 0 ? nil : scan.findings.filter(\.isActive).reduce(into: [String: Int]()) { $0[$1.item, default: 0] += 1 }
        }
        let rows = itemIDs.map { id in
            let planned = Set(checklist.item(id)?.sizes ?? [])
            var row = ["`\(id)`"] + sizes.map { size in
                MarkdownReporter.symbol(state.cell(id, size)?.status, planned: planned.contains(size))
            }
            if let codeCounts { row.append(codeCounts[id].map { "⚠️ \($0)" } ?? "") }
            return row
        }
        out += Markdown.table(["Check"] + sizes.map(\.id) + (codeCounts == nil ? [] : ["Code"]),
                              [.left] + sizes.map { _ in .center } + (codeCounts == nil ? [] : [.center]), rows)
        line()
        line(MarkdownReporter.legend + (codeCounts == nil ? "" : " · ⚠️ findings in the code"))
        line()
        if let evidence { screenshotStrip(screen, evidence) }

        if !state.failedCells.isEmpty {
            line("**Failures**")
            line()
            var retests: [CellKey: Fix] = [:]
            for check in state.pending {
                if case .retest(let fix) = check.reason { retests[CellKey(item: check.item, size: check.size)] = fix }
            }
            // The same failure seen at several sizes (same check, note, author and day) is one entry.
            var entries: [(cell: CellState, sizes: [Size], fix: Fix?)] = []
            for cell in state.failedCells {
                let fix = retests[CellKey(item: cell.item, size: cell.size)]
                if let index = entries.firstIndex(where: { $0.cell.item == cell.item && $0.cell.note == cell.note && $0.cell.by == cell.by
                                                          && $0.cell.at.day == cell.at.day && $0.fix?.id == fix?.id }) {
                    entries[index].sizes.append(cell.size)
                } else {
                    entries.append((cell, [cell.size], fix))
                }
            }
            for (cell, sizes, fix) in entries {
                var entry = "- ❌ `\(cell.item)` at " + sizes.map { "**\($0.id)**" }.joined(separator: ", ")
                if let note = cell.note { entry += ": " + Markdown.text(note) }
                entry += " (" + (cell.by.map(Markdown.text) ?? "unknown") + ", \(cell.at.day))"
                if let fix {
                    entry += " · retest due after the \(fix.type.rawValue) fix of \(fix.at.day)"
                } else {
                    entry += " · waiting for a fix"
                }
                if let evidence {
                    let files = evidenceLinks(of: cell.item, at: sizes, in: evidence)
                    if !files.isEmpty { entry += " · 📎 " + files.joined(separator: ", ") }
                }
                line(entry)
            }
            line()
        }
        if !state.fixes.isEmpty {
            line("**Fixes**")
            line()
            out += Markdown.table(["Date", "Fix", "Checks", "Note", "Ref", "By"], [.left, .left, .left, .left, .left, .left],
                                  state.fixes.map { fix in
                                      [fix.at.day, "**\(fix.type.rawValue)**", fix.items.map { "`\($0)`" }.joined(separator: ", "),
                                       fix.note.map(Markdown.text) ?? "", fix.ref.map(Markdown.text) ?? "", Markdown.text(fix.by)]
                                  })
            line()
        }
        codeFindings(state)
        if !state.pending.isEmpty {
            var retest: [String] = []
            var recheck: [String] = []
            var unrecorded = 0
            for check in state.pending {
                switch check.reason {
                case .retest: retest.append("`\(check.item)` \(check.size.id)")
                case .recheckDefault: recheck.append("`\(check.item)`")
                case .unrecorded: unrecorded += 1
                }
            }
            var parts: [String] = []
            if !retest.isEmpty { parts.append("retest " + retest.joined(separator: ", ")) }
            if !recheck.isEmpty { parts.append("re-check at the default size " + recheck.joined(separator: ", ")) }
            if unrecorded > 0 { parts.append("\(counted(unrecorded, "planned check")) not recorded yet") }
            line("**Next:** " + parts.joined(separator: "; ") + ".")
            line()
        }
    }

    // MARK: Evidence

    /// The link target of an exported evidence file, relative to the report; notes the file as
    /// one the export must copy.
    mutating func evidenceTarget(_ file: EvidenceFile) -> String {
        if linkedHashes.insert(file.hash).inserted { linkedEvidence.append(file) }
        return Markdown.urlPath((input.evidence?.folder ?? "") + "/" + file.storedName)
    }

    /// `rec.mov (MOV, 2.1 MB)`: a file's name as attached, escaped, with its kind when it is not
    /// an image a browser shows.
    func evidenceLabel(_ link: EvidenceLink) -> String {
        let name = Markdown.text(link.name)
        return link.file.kind.isInlineImage ? name : name + " (\(link.file.kind.displayName), \(ByteCount.format(link.file.byteCount)))"
    }

    /// Links to the files of one failure entry: each cell's files, each file once; with several
    /// sizes, each link says its size.
    mutating func evidenceLinks(of item: String, at sizes: [Size], in evidence: ScreenEvidence) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for size in sizes {
            for link in evidence.cells[CellKey(item: item, size: size)] ?? [] where seen.insert(link.file.hash).inserted {
                let target = evidenceTarget(link.file)
                result.append((sizes.count > 1 ? "\(size.id) " : "") + "[\(evidenceLabel(link))](\(target))")
            }
        }
        return result
    }

    /// The files of the screen at `size`, each once: screenshots of the whole screen first, then
    /// the files of its cells in checklist order.
    func files(at size: Size, in evidence: ScreenEvidence) -> [EvidenceLink] {
        let order = Dictionary(checklist.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let cellLinks = evidence.cells.filter { $0.key.size == size }
            .sorted { (order[$0.key.item] ?? .max, $0.key.item) < (order[$1.key.item] ?? .max, $1.key.item) }
            .flatMap(\.value)
        var seen = Set<String>()
        return ((evidence.screenshots[size] ?? []) + cellLinks).filter { seen.insert($0.file.hash).inserted }
    }

    /// A table with one column per size that has evidence, largest first and the default size
    /// last, each cell showing that size's screenshots as linked thumbnails; files a browser does
    /// not show inline (HEIC, PDF, MOV, MP4) and thumbnails past the first few are plain links.
    mutating func screenshotStrip(_ screen: Screen, _ evidence: ScreenEvidence) {
        let sizes = evidence.sizes
        guard !sizes.isEmpty else { return }
        var cells: [String] = []
        var fileCount = 0
        var anyImage = false
        for size in sizes {
            // Thumbnails side by side, then one line per linked file.
            var thumbnails: [String] = []
            var links: [String] = []
            for link in files(at: size, in: evidence) {
                fileCount += 1
                anyImage = anyImage || link.file.kind.isImage
                let target = evidenceTarget(link.file)
                if link.file.kind.isInlineImage && thumbnails.count < MarkdownReporter.thumbnailsPerSize {
                    let alt = Markdown.attribute("\(screen.name) at \(size.id)" + (link.item.map { " (\($0))" } ?? ""))
                    let title = Markdown.attribute(link.name)
                    thumbnails.append("<a href=\"\(target)\"><img src=\"\(target)\" width=\"\(MarkdownReporter.thumbnailWidth)\" alt=\"\(alt)\" title=\"\(title)\"></a>")
                } else {
                    links.append("[\(evidenceLabel(link))](\(target))")
                }
            }
            cells.append(((thumbnails.isEmpty ? [] : [thumbnails.joined(separator: " ")]) + links).joined(separator: "<br>"))
        }
        let what = anyImage ? (fileCount == 1 ? "**Screenshot**" : "**Screenshots**") : "**Evidence**"
        if sizes.count == 1 {
            line("\(what) at \(sizes[0].id) (select \(fileCount == 1 ? "it" : "one") to see it whole):")
        } else {
            line("\(what) by size, the largest first\(sizes.last == .default ? " and the default size last" : "") (select one to see it whole):")
        }
        line()
        out += Markdown.table(sizes.map { $0 == .default ? "\($0.id) (default)" : $0.id }, sizes.map { _ in .center }, [cells])
        line()
    }

    mutating func checklistSection() {
        line("## Checklist")
        line()
        var intro = "\(Markdown.text(checklist.title)) v\(Markdown.text(checklist.version)): \(counted(checklist.items.count, "check")), \(counted(checklist.plannedCells.count, "planned cell")) per screen."
        if !checklist.summary.isEmpty { intro += " " + Markdown.text(Self.unwrapped(checklist.summary)) }
        line(intro)
        line()
        let rows = checklist.items.map { item in
            ["`\(item.id)`", Markdown.text(item.title) + (item.scaling ? " (text scaling)" : ""), item.sizes.map(\.id).joined(separator: ", "),
             item.severity.rawValue, item.wcag.map(Markdown.text).joined(separator: ", "), item.fix?.rawValue ?? ""]
        }
        out += Markdown.table(["Check", "What is checked", "Sizes", "Severity", "WCAG", "Usual fix"], [.left, .left, .left, .left, .left, .left], rows)
        line()
    }

    /// Prose wrapped at a fixed width, as in a checklist file, with its lines joined again;
    /// paragraphs stay apart.
    static func unwrapped(_ text: String) -> String {
        text.split(separator: "\n\n", omittingEmptySubsequences: true)
            .map { $0.split(separator: "\n").map { String($0) }.joined(separator: " ") }
            .joined(separator: "\n")
    }

    mutating func about() {
        line("## About this report")
        line()
        line("- **Categories** are derived from the latest result of each cell: a failed text-scaling check makes a screen unsupported, any other failure broken, and every planned check passed or n/a supported. Until results are recorded, a category chosen at triage shows as a guess (⚪); recorded results always outrank it. A fix sends the checks it addresses and the default size back to be checked, and until they are recorded the screen is not counted as supported.")
        line("- **Larger Text** is ready when every critical screen is supported and was checked at \(LargerTextVerdict.doublingSize.id) or larger. App Store Connect lets an app declare it when people can enlarge text, Apple suggests to at least 200 %, and still complete every common task; cut-off or overlapping text counts against it. It is declared per device family.")
        line("- **WCAG 1.4.4 Resize Text** asks that text can be resized to 200 % without losing content or function. Body text reaches 200 % at \(LargerTextVerdict.doublingSize.id), so the level is judged on the checks mapped to 1.4.4 up to \(LargerTextVerdict.doublingSize.id), plus text that does not scale at any size: Supports when every screen passes them, Partially Supports when some screens fail, Does Not Support when most do, Not Evaluated while they are incomplete.")
        if hasScans {
            line("- **Code scan** findings come from `dtaudit scan --record`, which reads the source files each screen lists for code that keeps text from following the text size: fixed font sizes, text held to one line or shrunk to fit, fixed heights, capped sizes, fonts that miss size changes. Each maps to the checklist item it usually fails. A finding is a lead for the audit, not a result: only a check at that size records one.")
        }
        if let folder = input.evidence?.folder, !linkedEvidence.isEmpty {
            let bytes = linkedEvidence.reduce(Int64(0)) { $0 + $1.byteCount }
            let place = "[\(Markdown.text(folder))/](\(Markdown.urlPath(folder))/)"
            if linkedEvidence.count == 1 {
                line("- **Evidence**: the evidence file this page links (\(ByteCount.format(bytes))) is a copy in \(place) beside it, named by the SHA-256 of its content, byte for byte as it was attached. Keep the folder with the page.")
            } else {
                line("- **Evidence**: the \(linkedEvidence.count) evidence files this page links (\(ByteCount.format(bytes))) are copies in \(place) beside it, each named by the SHA-256 of its content, byte for byte as they were attached. Keep the folder with the page.")
            }
        }
        line("- Generated by \(Markdown.text(input.generator)) from the audit's own data: the same audit always gives the same page. `dtaudit export --format json` writes the audit for sharing through git.")
        line()
    }
}
