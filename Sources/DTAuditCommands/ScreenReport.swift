import AuditStore
import DynamicType
import Judges
import Output
import Reports
import Scan
import TerminalStyle

/// One screen in detail, for `screen show` and `status SCREEN`.
enum ScreenReport {
    /// The sizes shown as matrix columns: every planned size and any size recorded off-plan.
    static func columns(_ state: ScreenState, checklist: Checklist) -> [Size] {
        Array(Set(checklist.plannedSizes + state.recordedCells.map(\.size))).sorted()
    }

    static func symbol(_ status: ResultStatus?, planned: Bool, style: Style) -> String {
        switch status {
        case .pass: return style.green("✓")
        case .fail: return style.red("✗")
        case .na: return style.dim("–")
        case .untested, nil: return planned ? style.dim("·") : " "
        }
    }

    static func text(_ state: ScreenState, checklist: Checklist, console: Console, evidence: EvidenceShown? = nil, unmatchedFiles: [String] = [],
                     problems: JudgedProblems? = nil, open: [OpenProblems.Problem]? = nil, code: LikelyCode? = nil) {
        let style = console.style
        let screen = state.screen
        var heading = style.bold(console.safe(screen.name)) + "  " + console.standingLabel(state.standing)
        if screen.critical { heading += style.magenta(" · critical") }
        console.paragraph(heading, hanging: 2)
        var facts: [String] = []
        if let flow = screen.flow { facts.append("flow " + console.safe(flow)) }
        if let owner = screen.owner { facts.append("owner " + console.safe(owner)) }
        if let triage = screen.triage { facts.append("triaged \(triage.rawValue)") }
        facts.append("recorded \(state.tally.recorded)/\(state.tally.required)")
        facts.append("\(state.failedCells.count) failed")
        if let open, !open.isEmpty { facts.append(counted(open.count, "problem")) }
        facts.append(counted(state.fixes.count, "fix"))
        if let scan = state.scan, scan.fixedFontSizes > 0 {
            facts.append(style.red("code says: " + ScanRule.fixedFontSize.counted(scan.fixedFontSizes)))
        }
        console.paragraph("  " + facts.joined(separator: " · "), hanging: 4)
        if let notes = screen.notes { console.paragraph("  " + style.dim(console.safe(notes)), hanging: 2) }
        for pattern in screen.files {
            console.line("  " + style.dim("file " + console.safe(pattern)) + (unmatchedFiles.contains(pattern) ? style.yellow("  matches no source file") : ""))
        }
        console.line()

        let sizes = columns(state, checklist: checklist)
        let itemWidth = max(4, checklist.items.map { TextLayout.width($0.id) }.max() ?? 4)
        console.line("  " + TextLayout.pad("", to: itemWidth) + "  " + sizes.map { TextLayout.pad($0.id, to: 4) }.joined(separator: " "))
        for id in checklist.items.map(\.id) {
            let planned = Set(checklist.item(id)?.sizes ?? [])
            let cells = sizes.map { size in
                TextLayout.pad(symbol(state.cell(id, size)?.status, planned: planned.contains(size), style: style), to: 4)
            }
            console.line("  " + TextLayout.pad(id, to: itemWidth) + "  " + cells.joined(separator: " "))
        }
        console.line("  " + style.dim("✓ pass  ✗ fail  – n/a  · to check  (blank: not planned at that size)"))

        if !state.failedCells.isEmpty {
            console.line()
            console.line(style.bold("Failures"))
            // Each failure with the code that most likely causes it, as `dtaudit explain` traces it.
            let traces = Explanation(state, item: nil, code: code) { _ in nil }.traces
            for (cell, trace) in zip(state.failedCells, traces) {
                var line = "  \(TextLayout.pad(cell.size.id, to: 4)) \(TextLayout.pad(cell.item, to: itemWidth))"
                let judged = JudgedFailure(cell, evidence: evidence,
                                           recorded: problems?.recordedNote(screen: screen.name, item: cell.item, size: cell.size))
                if let note = judged?.reason ?? cell.note { line += "  " + console.safe(note) }
                line += style.dim("  (" + console.recorder(by: cell.by ?? "?", run: cell.run, withBy: false) + ", \(cell.at.inLocalTime.minute))")
                if let elements = trace.elements {
                    // A judged failure: its elements' own lines, below.
                    let lines = elements.compactMap(\.line)
                    if !elements.isEmpty && lines.count == elements.count {
                        line += "  likely " + lines.map { style.cyan(console.safe("\($0.file):\($0.line)")) + " " + $0.rule }.joined(separator: ", ")
                    }
                } else if let cause = trace.causes.first {
                    line += "  likely " + style.cyan(console.safe("\(cause.file):\(cause.line)")) + " " + cause.rule
                }
                if problems?.toldByShared(screen: screen.name, item: cell.item, size: cell.size) == true { line += style.dim("  · shared UI, below") }
                // What follows the check wraps under its note.
                let column = 2 + 4 + 1 + itemWidth + 2
                console.paragraph(line, hanging: column)
                for more in judged?.lines(console: console) ?? [] { console.paragraph(String(repeating: " ", count: column) + more, hanging: column) }
                for element in trace.elements ?? [] {
                    console.paragraph(String(repeating: " ", count: column) + "code: " + ExplainCommand.elementLine(element, console: console), hanging: column)
                }
            }
        }
        JudgedProblemReport.sharedSection(problems?.shared(on: screen.name) ?? [], console: console)
        if let evidence {
            EvidenceReport.text(evidence, checklist: checklist, console: console)
        }
        if !state.fixes.isEmpty {
            console.line()
            console.line(style.bold("Fixes"))
            for fix in state.fixes {
                var line = "  \(fix.at.inLocalTime.day)  \(style.cyan(TextLayout.pad(fix.type.rawValue, to: 10)))"
                line += fix.items.isEmpty ? "" : " " + fix.items.joined(separator: ", ")
                if let note = fix.note { line += "  " + console.safe(note) }
                if let ref = fix.ref { line += style.dim("  (\(console.safe(ref)))") }
                line += style.dim("  by \(console.safe(fix.by))")
                console.paragraph(line, hanging: 14)
            }
        }
        CodeReport.screenText(state, checklist: checklist, console: console)
        if !state.pending.isEmpty {
            console.line()
            console.line(style.bold("Next"))
            for line in PendingReport.lines(state, console: console) { console.line("  " + line) }
        }
    }

    static func json(_ state: ScreenState, checklist: Checklist, evidence: EvidenceShown? = nil) -> JSON {
        var cells: [JSON] = []
        var seen = Set<CellKey>()
        func cell(_ key: CellKey, required: Bool) -> JSON {
            let found = state.cell(key.item, key.size)
            var members: [(String, JSON)] = [
                ("item", .string(key.item)),
                ("size", .string(key.size.id)),
                ("status", .string(found?.status.rawValue ?? ResultStatus.untested.rawValue)),
                ("note", .optional(found?.note)),
                ("by", .optional(found?.by)),
                ("run", .optional(found?.run)),
                ("at", .optional(found?.at.iso8601)),
                ("required", .bool(required)),
            ]
            if let evidence {
                members.append(("evidence", .array((evidence.evidence.cells[key] ?? []).map { evidence.json($0) })))
            }
            return .object(members)
        }
        for (item, size) in checklist.plannedCells {
            let key = CellKey(item: item.id, size: size)
            seen.insert(key)
            cells.append(cell(key, required: true))
        }
        for recorded in state.recordedCells {
            let key = CellKey(item: recorded.item, size: recorded.size)
            if !seen.contains(key) { cells.append(cell(key, required: false)) }
        }
        var screenshots: [(String, JSON)] = []
        if let evidence {
            // Each size's latest screenshot first; the older ones say they are superseded.
            let links = evidence.evidence.sizes.flatMap { size in
                let shots = evidence.evidence.screenshotsByAge(at: size)
                return shots.current.map { ($0, false) } + shots.superseded.map { ($0, true) }
            }
            screenshots.append(("screenshots", .array(links.map { link, superseded in
                guard case .object(var members) = evidence.json(link) else { return evidence.json(link) }
                members.append(("superseded", .bool(superseded)))
                return .object(members)
            })))
        }
        return .object([
            ("name", .string(state.screen.name)),
            ("flow", .optional(state.screen.flow)),
            ("critical", .bool(state.screen.critical)),
            ] + state.standing.jsonFields + [
            ("triage", .optional(state.screen.triage?.rawValue)),
            ("owner", .optional(state.screen.owner)),
            ("notes", .optional(state.screen.notes)),
            ("files", .array(state.screen.files.map(JSON.string))),
            ("progress", .object([
                ("required", .int(state.tally.required)),
                ("recorded", .int(state.tally.recorded)),
                ("passed", .int(state.tally.passed)),
                ("failed", .int(state.tally.failed)),
                ("na", .int(state.tally.notApplicable)),
            ])),
            ("cells", .array(cells)),
        ] + screenshots + [
            ("fixes", .array(state.fixes.map(fixJSON))),
            ("next", .array(state.pending.map(PendingReport.json))),
            ("scan", CodeReport.screenJSON(state.scan)),
        ])
    }

    static func fixJSON(_ fix: Fix) -> JSON {
        .object([
            ("type", .string(fix.type.rawValue)),
            ("items", .array(fix.items.map(JSON.string))),
            ("note", .optional(fix.note)),
            ("ref", .optional(fix.ref)),
            ("by", .string(fix.by)),
            ("at", .string(fix.at.iso8601)),
        ])
    }
}

/// The checks to do now, for `next`, `status` and `screen show`.
enum PendingReport {
    /// Lines grouping a screen's pending checks by reason and size: `retest  ax5  no-truncation`.
    static func lines(_ state: ScreenState, console: Console) -> [String] {
        var groups: [(reason: PendingCheck.Reason, size: Size, items: [String])] = []
        for check in state.pending {
            if let last = groups.last, last.reason.label == check.reason.label, last.size == check.size {
                groups[groups.count - 1].items.append(check.item)
            } else {
                groups.append((check.reason, check.size, [check.item]))
            }
        }
        // Items and the fix wrap at words under the items' column, within the terminal's width
        // (the callers indent by 2).
        let column = 16 + 2 + 4 + 1
        let room = max(24, (console.width ?? 100_000) - 2 - column)
        return groups.flatMap { group -> [String] in
            let label: String
            switch group.reason {
            case .retest: label = console.style.yellow(TextLayout.pad("retest", to: 16))
            case .recheckDefault: label = console.style.cyan(TextLayout.pad("re-check default", to: 16))
            case .unrecorded: label = TextLayout.pad("check", to: 16)
            }
            var lines = TextLayout.wrap(group.items.joined(separator: ", "), width: room)
            switch group.reason {
            case .retest(let fix), .recheckDefault(let fix):
                let after = "after \(fix.type.rawValue) fix of \(fix.at.inLocalTime.day)" + (fix.ref.map { " (\(console.safe($0)))" } ?? "")
                if let last = lines.last, TextLayout.width(last) + 2 + TextLayout.width(after) <= room {
                    lines[lines.count - 1] += console.style.dim("  " + after)
                } else {
                    lines += TextLayout.wrap(after, width: room).map { console.style.dim($0) }
                }
            case .unrecorded:
                break
            }
            let first = label + "  " + TextLayout.pad(group.size.id, to: 4) + " " + (lines.first ?? "")
            return [first] + lines.dropFirst().map { String(repeating: " ", count: column) + $0 }
        }
    }

    static func json(_ check: PendingCheck) -> JSON {
        var members: [(String, JSON)] = [
            ("item", .string(check.item)),
            ("size", .string(check.size.id)),
            ("reason", .string(reasonID(check.reason))),
        ]
        switch check.reason {
        case .retest(let fix), .recheckDefault(let fix):
            members.append(("fix", ScreenReport.fixJSON(fix)))
        case .unrecorded:
            break
        }
        return .object(members)
    }

    static func reasonID(_ reason: PendingCheck.Reason) -> String {
        switch reason {
        case .retest: "retest"
        case .recheckDefault: "recheck-default"
        case .unrecorded: "unrecorded"
        }
    }
}
