import AuditStore
import DynamicType
import Evidence
import Interchange
import Judges
import Output
import Scan

/// The review page's code scan: the summary, the section, the findings under their checks.
extension MarkdownPage {
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
        // Each finding once, as `dtaudit scan` and `status` count them, though two screens list its file.
        let findings = FindingTotals(detailed: scanned.compactMap(\.scan)).active
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
        let totals = FindingTotals(detailed: scanned.compactMap(\.scan))
        let shared = scanned.reduce(0) { $0 + ($1.scan?.active ?? 0) } > totals.active
        line("The latest `dtaudit scan --record` of each screen's source files: \(counted(totals.active, "finding")) that count\(totals.suppressed > 0 ? ", \(totals.suppressed) suppressed with a reason in the code" : ""), each once"
             + (shared ? "; the table counts a finding in a file that several screens list on each of them." : "."))
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
        if unlinked > 0 { notes.append("\(counted(unlinked, "screen")) \(plural("lists", unlinked)) no source files, so no scan can speak for \(plural("it", unlinked)).") }
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
        line("The screens that need work, the most in need first, then the supported ones, one line each. Each size matrix (inside a section that opens when selected) shows the latest result of every check at every planned size: " + MarkdownReporter.legend + ".")
        line()
        for state in plan.screensByNeed where !state.standing.isSupported { screen(state) }
        let supported = plan.screensByNeed.filter(\.standing.isSupported)
        guard !supported.isEmpty else { return }
        line("### " + Self.supportedHeading)
        line()
        line("\(counted(supported.count, "screen")) with every planned check passed or not applicable and nothing left open; select one to see its matrix.")
        line()
        for state in supported { collapsedScreen(state) }
    }

    /// A supported screen as one line that opens onto its matrix and evidence.
    mutating func collapsedScreen(_ state: ScreenState) {
        let screen = state.screen
        var facts = ["🟢 <strong>" + Markdown.attribute(screen.name) + "</strong>"]
        if screen.critical { facts.append("critical") }
        if let flow = screen.flow { facts.append("flow: " + Markdown.attribute(flow)) }
        if let owner = screen.owner { facts.append("owner: " + Markdown.attribute(owner)) }
        facts.append("\(state.tally.passed) passed, \(state.tally.notApplicable) n/a")
        if !state.fixes.isEmpty { facts.append(counted(state.fixes.count, "fix") + " (" + state.fixes.map(\.type.rawValue).joined(separator: ", ") + ")") }
        if let scan = state.scan, scan.active > 0 { facts.append("code: " + counted(scan.active, "finding")) }
        let evidence = input.evidence?.screens[screen.id]
        let files = evidence.map(fileCount) ?? 0
        line("<details><summary>" + facts.joined(separator: " · ") + " — matrix" + (files > 0 ? " and " + counted(files, "evidence file") : "") + "</summary>")
        line()
        matrix(state)
        if let evidence { screenshotStrip(screen, evidence) }
        fixesTable(state)
        codeFindings(state)
        line("</details>")
        line()
    }

    mutating func screen(_ state: ScreenState) {
        let screen = state.screen
        line("### " + Markdown.text(screen.name))
        line()
        var facts = [MarkdownReporter.emoji(state.standing) + " **" + state.standing.label.capitalizedFirst + "**"]
        if screen.critical { facts.append("critical") }
        if let flow = screen.flow { facts.append("flow: " + Markdown.text(flow)) }
        if let owner = screen.owner { facts.append("owner: " + Markdown.text(owner)) }
        if let triage = screen.triage { facts.append("triaged \(triage.rawValue)") }
        facts.append("\(state.tally.recorded) of \(counted(state.tally.required, "check")) recorded")
        facts.append(state.failedCells.isEmpty ? "no failures" : counted(state.failedCells.count, "failure"))
        facts.append(state.fixes.isEmpty ? "no fixes" : counted(state.fixes.count, "fix"))
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
                                                          && $0.cell.run == cell.run && $0.cell.at.day == cell.at.day && $0.fix?.id == fix?.id }) {
                    entries[index].sizes.append(cell.size)
                } else {
                    entries.append((cell, [cell.size], fix))
                }
            }
            for (cell, sizes, fix) in entries {
                var entry = "- ❌ `\(cell.item)` at " + sizes.map { "**\($0.id)**" }.joined(separator: ", ")
                // A judge's note names its elements' frames on later lines, for `screen show`; the
                // page links the crops that outline them instead.
                let judged = !JudgedFindings.of(cell).isEmpty || cell.run != nil && cell.note?.contains("\n" + VerdictNote.appleAuditPrefix) == true
                if let note = cell.note { entry += ": " + Markdown.text(judged ? VerdictNote.summary(of: note) : note) }
                let who = cell.run.map { "\(Self.automated) run " + Markdown.text($0) + ", imported by " } ?? ""
                entry += " (" + who + (cell.by.map(Markdown.text) ?? "unknown") + ", \(cell.at.day))"
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
        fixesTable(state)
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
        let tally = state.tally
        let open = tally.required - tally.recorded
        var inside = ["\(tally.failed) ❌ failed", "\(tally.passed) ✅ passed"]
        if tally.notApplicable > 0 { inside.append("\(tally.notApplicable) ➖ n/a") }
        if open > 0 { inside.append("\(open) ⬜ to check") }
        let files = evidence.map(fileCount) ?? 0
        line("<details><summary>Size matrix of " + Markdown.attribute(screen.name) + ": " + inside.joined(separator: ", ")
             + (files > 0 ? "; " + counted(files, "evidence file") : "") + "</summary>")
        line()
        matrix(state)
        if let evidence { screenshotStrip(screen, evidence) }
        line("</details>")
        line()
    }

    mutating func fixesTable(_ state: ScreenState) {
        guard !state.fixes.isEmpty else { return }
        line("**Fixes**")
        line()
        out += Markdown.table(["Date", "Fix", "Checks", "Note", "Ref", "By"], [.left, .left, .left, .left, .left, .left],
                              state.fixes.map { fix in
                                  [fix.at.day, "**\(fix.type.rawValue)**", fix.items.map { "`\($0)`" }.joined(separator: ", "),
                                   fix.note.map(Markdown.text) ?? "", fix.ref.map(Markdown.text) ?? "", Markdown.text(fix.by)]
                              })
        line()
    }

    /// The screen's size matrix: every check by every planned size, with a column of code findings
    /// when the latest scan found something.
    mutating func matrix(_ state: ScreenState) {
        let recorded = state.recordedCells
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
                    + (state.cell(id, size)?.run == nil ? "" : Self.automated)
            }
            if let codeCounts { row.append(codeCounts[id].map { "⚠️ \($0)" } ?? "") }
            return row
        }
        out += Markdown.table(["Check"] + sizes.map(\.id) + (codeCounts == nil ? [] : ["Code"]),
                              [.left] + sizes.map { _ in .center } + (codeCounts == nil ? [] : [.center]), rows)
        line()
        // Results an automated run recorded are told apart from a person's, naming the runs.
        let runs = PersonName.tally(recorded.compactMap(\.run))
        line(MarkdownReporter.legend + (codeCounts == nil ? "" : " · ⚠️ findings in the code") + (runs.isEmpty ? "" : " · \(Self.automated) recorded by an automated run"))
        line()
        if !runs.isEmpty {
            line("\(Self.automated) Automated: " + runs.map { "\(counted($0.count, "result")) from the run " + Markdown.text($0.name) }.joined(separator: "; ")
                 + ". A person still judges everything else.")
            line()
        }
    }

    /// Marks a result an automated run recorded, in the matrix and the failures.
    static let automated = "🤖"
}
