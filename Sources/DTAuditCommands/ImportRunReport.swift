import AutomatedRuns
import DynamicType
import Judges
import Output

/// How `evidence import-xcresult` shows its plan and what it did.
enum RunImportReport {
    static func json(_ plan: RunPlan, outcome: RunImport.Outcome?, dryRun: Bool) -> JSON {
        .object([
            ("dryRun", .bool(dryRun)),
            ("run", .string(plan.run)),
            ("shape", .string(plan.shape)),
            ("attach", .array(plan.attachments.map { attachment in
                .object([("file", .string(attachment.file)), ("screen", .string(attachment.screen.name)), ("size", .string(attachment.size.id)),
                         ("bytes", .int(Int(attachment.candidate.byteCount))), ("sha256", .optional(attachment.hash))])
            })),
            ("alreadyAttached", .int(plan.alreadyAttached.count + (outcome?.alreadyAttached ?? 0))),
            ("record", .array(plan.cells.map(cellJSON))),
            ("alreadyRecorded", .array(plan.alreadyRecorded.map(cellJSON))),
            ("disagreements", .array(plan.disagreements.map { disagreement in
                .object([("cell", cellJSON(disagreement.cell)), ("person", .string(disagreement.person.by)),
                         ("theirs", .string(disagreement.person.status.rawValue)), ("kept", .string(disagreement.kept ? "theirs" : "run"))])
            })),
            ("unmatched", .array(plan.misses.map { .object([("what", .string($0.what)), ("reason", .string($0.reason))]) })),
            ("ignoredIssues", .array(plan.ignoredIssues.map { .object([("kind", .string($0.kind)), ("count", .int($0.count))]) })),
            ("otherFailures", .int(plan.otherFailures)),
            ("attachmentsNotExported", .int(plan.unexportedAttachments)),
            ("attached", .int(outcome?.attached ?? 0)),
            ("recorded", .int(outcome?.recorded.count ?? 0)),
            ("hierarchiesJudged", .int(plan.hierarchiesJudged)),
            ("screensJudged", .int(plan.screensJudged)),
            ("judged", .array(plan.judgments.map { judgment in
                .object([("screen", .string(judgment.screen.name)), ("item", .string(judgment.verdict.item)), ("size", .string(judgment.verdict.size.id)),
                         ("outcome", .string(judgment.verdict.outcome.rawValue)), ("reason", .string(judgment.verdict.reason)),
                         ("file", .string(judgment.file)), ("locale", .optional(judgment.locale))])
            })),
            ("notes", .array(plan.notes.map(JSON.string))),
            ("unusableFrames", .array(plan.unusableFrames.map { .object([("file", .string($0.what)), ("reason", .string($0.reason))]) })),
            ("crops", .int(outcome?.crops ?? 0)),
            ("cropsNotMade", .array((outcome?.cropMisses ?? []).map { miss in
                .object([("screen", .string(miss.screen)), ("item", .string(miss.item)), ("size", .string(miss.size.id)), ("reason", .string(miss.reason))])
            })),
            ("hierarchiesKept", .int(outcome?.keptHierarchies ?? 0)),
            ("read", .object([("tests", .int(plan.tests)), ("screenshots", .int(plan.screenshots)), ("audits", .int(plan.audits)), ("hierarchies", .int(plan.hierarchies))])),
            ("nothingCounted", .optional(plan.whyNothingCounts)),
        ])
    }

    static func cellJSON(_ cell: RunPlan.Cell) -> JSON {
        .object([("screen", .string(cell.screen.name)), ("item", .string(cell.item)), ("size", .string(cell.size.id)),
                 ("status", .string(cell.status.rawValue)), ("note", .optional(cell.note)), ("from", .array(cell.sources.map(JSON.string)))])
    }

    static func text(_ plan: RunPlan, outcome: RunImport.Outcome?, dryRun: Bool, verbose: Bool = false, input: String, console: Console) {
        let style = console.style
        console.line(style.bold("Run \(console.safe(plan.run))") + style.dim(" (\(plan.shape))"))
        let attached = outcome.map { done in done.attachedNow.map { plan.attachments[$0] } } ?? plan.attachments
        if !attached.isEmpty {
            let count = attached.count
            console.line(style.bold("\(dryRun ? "Would attach" : "Attached") \(counted(count, "screenshot")):"))
            var table = TextTable()
            for attachment in attached.prefix(dryRun ? .max : 50) {
                let named = attachment.name == attachment.file || !verbose ? attachment.name : "\(attachment.name) (\(attachment.file))"
                table.add([console.safe(named), "→", console.safe(attachment.screen.name), attachment.size.id])
            }
            for line in table.render(indent: 2) { console.line(line) }
            if !dryRun && count > 50 { console.line(style.dim("  … and \(count - 50) more")) }
        }
        if !verbose && (!plan.cells.isEmpty || !plan.judgments.isEmpty) {
            if !plan.cells.isEmpty { console.line(style.bold("\(dryRun ? "Would record" : "Recorded") \(counted(plan.cells.count, "check")), by screen and judge:")) }
            for line in ImportRunSummary(plan).render(console: console) { console.line(line) }
        }
        if verbose && !plan.cells.isEmpty {
            console.line(style.bold("\(dryRun ? "Would record" : "Recorded") \(counted(plan.cells.count, "check")):"))
            var table = TextTable()
            for cell in plan.cells {
                let status = cell.status == .fail ? style.red("fail") : style.green(cell.status.rawValue)
                table.add([console.safe(cell.screen.name), cell.item, cell.size.id, status,
                           console.safe(TextLayout.singleLine(cell.note.map { String($0.prefix { $0 != "\n" }) } ?? ""))])
            }
            for line in table.render(indent: 2) { console.line(line) }
        }
        disagreements(plan.disagreements, console: console)
        judgments(plan, outcome: outcome, dryRun: dryRun && verbose, console: console)
        let already = plan.alreadyAttached.count + (outcome?.alreadyAttached ?? 0)
        if already > 0 || !plan.alreadyRecorded.isEmpty {
            console.line(style.dim("Already there, skipped: \(counted(already, "screenshot")), \(counted(plan.alreadyRecorded.count, "check")) this run recorded before"))
        }
        if !plan.misses.isEmpty {
            console.line(style.yellow("Not matched (\(plan.misses.count)):"))
            for miss in plan.misses { console.line("  \(console.safe(miss.what)): \(console.safe(miss.reason))") }
        }
        var notes: [String] = []
        if !plan.ignoredIssues.isEmpty {
            notes.append("ignored \(counted(plan.ignoredIssues.reduce(0) { $0 + $1.count }, "issue")) of audits no check stands for ("
                         + plan.ignoredIssues.map { "\(console.safe($0.kind)) \($0.count)" }.joined(separator: ", ") + ")")
        }
        if plan.otherFailures > 0 {
            notes.append("\(counted(plan.otherFailures, "test failure")) that \(plural("is", plan.otherFailures)) no audit issue, left for a person")
        }
        if plan.unexportedAttachments > 0 {
            notes.append("\(counted(plan.unexportedAttachments, "attachment")) listed without their files: export them with 'xcrun xcresulttool export attachments' and import that folder")
        }
        for note in notes { console.line(style.dim(note.prefix(1).uppercased() + note.dropFirst() + ".")) }
        if let why = plan.whyNothingCounts {
            for line in TextLayout.wrap(why, width: console.width ?? .max) { console.line(line) }
        }
        let summary = "\(counted(attached.count, "screenshot")) and \(counted(plan.cells.count, "check"))"
        if dryRun {
            console.line(style.dim("Dry run: would take in \(summary); nothing was changed."))
        } else if attached.isEmpty && plan.cells.isEmpty {
            console.line(style.dim("Nothing new to take in from \(console.safe(input))."))
        } else {
            console.line(style.dim("Took in \(summary) from the run."))
        }
    }

    /// The cells where the run and the person whose result stands say otherwise, the person's kept
    /// first: a run never silently replaces what somebody recorded.
    static func disagreements(_ all: [RunPlan.Disagreement], console: Console) {
        let style = console.style
        for kept in [true, false] {
            let shown = all.filter { $0.kept == kept }
            guard !shown.isEmpty else { continue }
            let many = shown.count != 1
            console.line(style.yellow(kept ? "\(shown.count) \(many ? "results people recorded disagree" : "result a person recorded disagrees") with this run: kept theirs"
                                           : "\(shown.count) \(many ? "results people recorded disagree" : "result a person recorded disagrees") with this run: its failures stand over them"))
            var table = TextTable()
            for disagreement in shown {
                let (cell, person) = (disagreement.cell, disagreement.person)
                table.add([console.safe(cell.screen.name), cell.item, cell.size.id,
                           "\(console.safe(person.by)): \(person.status.rawValue)", "run: \(cell.status.rawValue)",
                           console.safe(TextLayout.singleLine(cell.note.map { String($0.prefix { $0 != "\n" }) } ?? ""))])
            }
            for line in table.render(indent: 2) { console.line(line) }
        }
    }

    /// What each judge decided, where and why: every verdict in a dry run, the counts after an import.
    static func judgments(_ plan: RunPlan, outcome: RunImport.Outcome?, dryRun: Bool, console: Console) {
        guard plan.hierarchiesJudged > 0 || !plan.unusableFrames.isEmpty else { return }
        let style = console.style
        let verdicts = plan.judgments.map(\.verdict)
        let tally = [Verdict.Outcome.pass, .fail, .noData].map { outcome in "\(verdicts.filter { $0.outcome == outcome }.count) \(outcome.rawValue)" }
        console.line(style.bold("Judged \(counted(plan.hierarchiesJudged, "hierarchy file")) of \(counted(plan.screensJudged, "screen")): ")
                     + tally.joined(separator: ", "))
        if dryRun {
            var items: [String] = []
            for verdict in verdicts where !items.contains(verdict.item) { items.append(verdict.item) }
            for item in items {
                let mine = plan.judgments.filter { $0.verdict.item == item }
                let decided = mine.filter { $0.verdict.outcome != .noData }.count
                console.line("  `\(item)` decided \(decided) of \(counted(mine.count, "check")):")
                var table = TextTable()
                for judgment in mine {
                    let verdict = judgment.verdict
                    let shown = switch verdict.outcome {
                    case .pass: style.green("pass")
                    case .fail: style.red("fail")
                    case .noData: style.dim("no data")
                    }
                    table.add([console.safe(judgment.screen.name), verdict.size.id, shown, console.safe(TextLayout.singleLine(verdict.reason))])
                }
                for line in table.render(indent: 4) { console.line(line) }
            }
        }
        for frames in plan.unusableFrames { console.line(style.yellow("  \(console.safe(frames.what)): \(console.safe(frames.reason))")) }
        for note in plan.notes { console.line(style.yellow(console.safe(note.prefix(1).uppercased() + note.dropFirst() + "."))) }
        if let outcome {
            if outcome.crops > 0 { console.line(style.dim("Outlined the failing elements in \(counted(outcome.crops, "crop")) of the screenshots.")) }
            let missing = outcome.cropMisses.filter(\.screenshotMissing)
            if !missing.isEmpty { console.line(style.yellow("  " + noScreenshots(missing, console: console))) }
            for miss in outcome.cropMisses where !miss.screenshotMissing {
                console.line(style.yellow("  No crop of '\(console.safe(miss.screen))' `\(miss.item)` at \(miss.size.id): \(console.safe(miss.reason))"))
            }
        }
    }

    /// One line for the failures the run took no screenshot of, however many: a run of
    /// hierarchies alone would otherwise print a line for each of thousands.
    static func noScreenshots(_ misses: [RunImport.CropMiss], console: Console) -> String {
        var screens: [String] = []
        var sizes: [String: Set<Size>] = [:]
        for miss in misses {
            if sizes[miss.screen] == nil { screens.append(miss.screen) }
            sizes[miss.screen, default: []].insert(miss.size)
        }
        let named = screens.prefix(3).map { screen in
            "'\(console.safe(screen))' at " + sizes[screen, default: []].sorted().map(\.id).joined(separator: ", ")
        }
        let more = screens.count > 3 ? "; \(screens.count - 3) more" : ""
        return "No crop of \(counted(misses.count, "failure")) on \(counted(screens.count, "screen")): "
            + "the run has no screenshot at the failing size (\(named.joined(separator: "; "))\(more))."
    }
}
