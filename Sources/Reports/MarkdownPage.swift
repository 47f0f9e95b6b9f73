import AuditStore
import DynamicType
import Evidence
import Interchange
import Output
import Scan

/// One rendering of the report.
struct MarkdownPage {
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
    var linkedHashes: Set<String> = []

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
}
