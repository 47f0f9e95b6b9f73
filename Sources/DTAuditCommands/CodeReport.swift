import AuditStore
import DynamicType
import Output
import Scan
import TerminalStyle

/// What the recorded scans say about the code, for `status`, `screen show` and `screen list`.
enum CodeReport {
    /// `3 findings (2 fixed font sizes), 1 suppressed`
    static func counts(_ scan: ScreenScan, style: Style) -> String {
        var text = scan.active == 0 ? "no findings" : counted(scan.active, "finding")
        if scan.fixedFontSizes > 0 {
            text += " (" + style.red(ScanRule.fixedFontSize.counted(scan.fixedFontSizes)) + ")"
        }
        if scan.suppressed > 0 { text += ", \(scan.suppressed) suppressed" }
        return text
    }

    /// The `Code` line of `status`, or nil when no screen lists source files. `findings` counts each
    /// finding once, as `scan` does, though two screens may list the file it is in.
    static func statusLine(_ snapshot: AuditSnapshot, findings totals: FindingTotals, console: Console) -> String? {
        let style = console.style
        let scanned = snapshot.scannedScreens
        guard !scanned.isEmpty else {
            let linked = snapshot.screens.filter { !$0.screen.files.isEmpty }.count
            return linked == 0 ? nil : "not scanned yet" + style.dim("  ('dtaudit scan --record' keeps the findings of \(counted(linked, "screen")) with source files)")
        }
        let findings = totals.active
        let withFindings = scanned.filter { ($0.scan?.active ?? 0) > 0 }.count
        let latest = scanned.compactMap { $0.scan?.run.at }.max() ?? Timestamp(milliseconds: 0)
        // Screen by screen, a finding in a file two screens list is counted on each.
        let shared = scanned.reduce(0) { $0 + ($1.scan?.active ?? 0) } > findings
        var line = "\(counted(findings, "finding")) on \(withFindings) of \(counted(scanned.count, "scanned screen"))"
            + style.dim("  (\(shared ? "each counted once where screens share a file; " : "")last scan \(latest.inLocalTime.day))")
        let fixed = snapshot.fixedFontScreens
        if !fixed.isEmpty {
            let names = fixed.prefix(6).map { state -> String in
                var detail = "\(state.scan?.fixedFontSizes ?? 0)"
                if state.category == .unaudited { detail += ", " + style.dim("unaudited") }
                return console.safe(state.screen.name) + " (" + detail + ")"
            }
            line += "\n          " + style.red("fixed font sizes") + " in the code of \(counted(fixed.count, "screen")): "
                + names.joined(separator: ", ") + (fixed.count > 6 ? ", ..." : "")
        }
        return line
    }

    /// The `scan` object of `status --json`: findings each counted once, however many screens list their file.
    static func statusJSON(_ snapshot: AuditSnapshot, findings: FindingTotals) -> JSON {
        let scanned = snapshot.scannedScreens
        return .object([
            ("screens", .int(scanned.count)),
            ("last", .optional(scanned.compactMap { $0.scan?.run.at }.max()?.iso8601)),
            ("findings", .int(findings.active)),
            ("suppressed", .int(findings.suppressed)),
            ("rules", ruleCounts(findings.activeByRule)),
            ("fixedFontSizes", .array(snapshot.fixedFontScreens.map { state in
                .object([
                    ("screen", .string(state.screen.name)),
                    ("count", .int(state.scan?.fixedFontSizes ?? 0)),
                ] + state.standing.jsonFields)
            })),
        ])
    }

    /// Every rule this version knows with its count, then any other stored rule id.
    static func ruleCounts(_ counts: [String: Int]) -> JSON {
        let known = ScanRule.allCases.map(\.rawValue)
        let others = counts.keys.filter { !known.contains($0) }.sorted()
        return .object((known + others).map { (JSON.key($0), .int(counts[$0] ?? 0)) })
    }

    /// The `scan` object of `screen show --json`: null when the screen has no recorded scan.
    static func screenJSON(_ scan: ScreenScan?) -> JSON {
        guard let scan else { return .null }
        return .object([
            ("at", .string(scan.run.at.iso8601)),
            ("by", .string(scan.run.by)),
            ("files", .int(scan.files)),
            ("lines", .int(scan.lines)),
            ("active", .int(scan.active)),
            ("suppressed", .int(scan.suppressed)),
            ("fixedFontSizes", .int(scan.fixedFontSizes)),
            ("rules", ruleCounts(scan.activeByRule)),
            ("signs", .object(GoodSign.allCases.map { (JSON.key($0.rawValue), .int(scan.signs[$0.rawValue] ?? 0)) })),
            ("findings", .array(scan.findings.map(findingJSON))),
        ])
    }

    static func findingJSON(_ finding: StoredFinding) -> JSON {
        .object([
            ("rule", .string(finding.rule)),
            ("severity", .string(finding.severity)),
            ("confidence", .string(finding.confidence)),
            ("file", .string(finding.file)),
            ("line", .int(finding.line)),
            ("column", .int(finding.column)),
            ("message", .string(finding.message)),
            ("item", .string(finding.item)),
            ("suppression", finding.suppression.map { scope in
                .object([("scope", .string(scope.rawValue)), ("reason", .optional(finding.suppressionReason))])
            } ?? .null),
        ])
    }

    /// The `Code` section of `screen show`: findings under the checklist item each one fails,
    /// in checklist order, then suppressed findings and the good signs.
    static func screenText(_ state: ScreenState, checklist: Checklist, console: Console) {
        let style = console.style
        guard let scan = state.scan else {
            if !state.screen.files.isEmpty {
                console.line()
                console.line(style.bold("Code") + "  not scanned yet " + style.dim("('dtaudit scan --record')"))
            }
            return
        }
        console.line()
        console.paragraph(style.bold("Code") + "  " + counts(scan, style: style)
                          + style.dim("  (\(counted(scan.files, "file")), \(scan.lines) lines, scanned \(scan.run.at.inLocalTime.minute) by \(console.safe(scan.run.by)))"),
                          hanging: 6)
        let active = scan.findings.filter(\.isActive)
        let order = Dictionary(checklist.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let items = Array(Set(active.map(\.item))).sorted { (order[$0] ?? .max, $0) < (order[$1] ?? .max, $1) }
        for item in items {
            console.line("  " + style.bold(item) + (order[item] == nil ? style.dim(" (not in this checklist)") : ""))
            for finding in active where finding.item == item {
                let confidence = finding.confidence == "high" ? "" : style.dim(" (\(finding.confidence) confidence)")
                console.paragraph("    " + console.safe("\(finding.file):\(finding.line):\(finding.column)") + "  "
                                  + severity(finding.severity, style: style) + " " + finding.rule + confidence, hanging: 6)
                console.paragraph("      " + style.dim(console.safe(finding.message)), hanging: 6)
            }
        }
        let suppressed = scan.findings.filter { !$0.isActive }
        if !suppressed.isEmpty {
            console.line("  " + style.bold("suppressed"))
            for finding in suppressed {
                let reason = finding.suppressionReason.map { " — " + console.safe($0) } ?? style.dim(" (no reason given)")
                console.paragraph("    " + console.safe("\(finding.file):\(finding.line):\(finding.column)") + "  " + finding.rule + reason, hanging: 6)
            }
        }
        if !scan.signs.isEmpty {
            console.paragraph("  " + style.green("good signs") + "  " + console.safe(GoodSign.list(scan.signs)), hanging: 4)
        }
    }

    static func severity(_ severity: String, style: Style) -> String {
        switch severity {
        case "critical": style.red(severity)
        case "major": style.yellow(severity)
        default: style.cyan(severity)
        }
    }
}
