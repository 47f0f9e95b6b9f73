import ArgumentParsing
import AuditStore
import AuditWorkflows
import DynamicType
import Evidence
import Output
import Platform

/// What a walk prints: size headers, each check, the prompt, the keys and the summary.
extension AuditSession {
    // MARK: Printing

    func printSizeHeader(_ size: Size, count: Int) {
        let body = TextStyle.body
        let title = "\(size.designName)\(size == .default ? " (default)" : "") · \(size.id) · \(counted(count, "check"))"
        console.line()
        console.line(style.cyan("━━ ") + style.bold(title) + style.cyan(" ━━"))
        console.paragraph("  " + Self.setting(for: size), hanging: 4)
        // The command stays whole on a line of its own, to be copied, when the label leaves it no room.
        let simulator = "xcrun simctl ui booted content_size \(size.simctlName)"
        if 2 + 11 + TextLayout.width(simulator) <= console.width ?? .max {
            console.line("  " + style.dim("Simulator: ") + simulator)
        } else {
            console.line("  " + style.dim("Simulator:"))
            console.line("    " + simulator)
        }
        console.line("  " + style.dim("Body text here: ") + "\(body.pointSize(at: size)) pt (\(body.percentOfDefault(at: size))% of Large)")
    }

    /// Where the setting is on a device.
    static func setting(for size: Size) -> String {
        let path = "Settings › Accessibility › Display & Text Size › Larger Text"
        if size.isAccessibility {
            return "\(path): turn on Larger Accessibility Sizes, then move the slider to step \(size.sliderPosition) of 12 (\(size.designName))."
        }
        let middle = size == .default ? ", the middle, where it starts" : ""
        return "\(path): slider at step \(size.sliderPosition) of 7\(middle) (Larger Accessibility Sizes off; with it on, the same step of 12)."
    }

    /// A recording somebody else made meanwhile, and whether the walk asks a check again for it.
    func tellNews(_ news: GuidedWalk.News) {
        let recording = news.recording
        var said = style.yellow("  Meanwhile ") + "\(console.safe(recording.by)) recorded \(recording.status.rawValue) for \(recording.size.id) \(recording.item)"
        if let note = recording.note { said += ": " + console.safe(TextLayout.singleLine(note)) }
        if let answer = news.askedAgain { said += style.dim("; your \(answer.rawValue) did not see it: asking again") }
        console.line(said)
    }

    /// What `back` took back.
    func tellBack(_ back: GuidedWalk.Back) {
        switch back {
        case .answer(let step, let status, let count, let restored):
            if count > 1 {
                console.line(style.dim("  took back the \(count) passes at \(step.size.id); they are to check again"))
            } else {
                let now = restored.flatMap { $0.status.isAnswered ? "it shows its earlier \($0.status.rawValue) again" : nil } ?? "it is untested again"
                console.paragraph(style.dim("  took back \(status.rawValue) for \(step.size.id) \(step.item); \(now)"), hanging: 4)
            }
        case .earlier(let earlier):
            let first = earlier[0]
            let what = earlier.count == 1 ? "\(first.status.rawValue) for \(first.size.id) \(first.item)" : "\(earlier.count) answers recorded together"
            console.paragraph(style.dim("  took back \(what), answered \(first.at.inLocalTime.minute) before this walk; asking again"), hanging: 4)
        case .nothing:
            console.paragraph(style.dim("  nothing of \(console.safe(author))'s to take back on this screen"), hanging: 4)
        }
    }

    func printStep(_ step: AuditPlan.Step, number: Int, of total: Int, current: GuidedWalk.Shown?) {
        let item = checklist.item(step.item)
        let reason: String
        switch step.reason {
        case .retest(let fix)?: reason = style.yellow("retest") + style.dim(" after the \(fix.type.rawValue) fix of \(fix.at.inLocalTime.day)")
        case .recheckDefault(let fix)?: reason = style.cyan("re-check default") + style.dim(" after the \(fix.type.rawValue) fix of \(fix.at.inLocalTime.day)")
        case .unrecorded?: reason = "check"
        case nil: reason = style.cyan("re-audit")
        }
        console.line()
        console.line(style.dim("[\(number)/\(total)] \(step.size.id) · ") + reason)
        var title = style.bold(step.item) + (item.map { ": " + console.safe($0.title) } ?? "")
        if let severity = item?.severity { title += style.dim(" · \(severity.rawValue)") }
        console.paragraph(title, hanging: 2)
        if let how = item?.howToCheck, !how.isEmpty {
            let width = max(40, min(100, console.width ?? 80) - 4)
            for line in TextLayout.wrap(how.split(whereSeparator: \.isNewline).joined(separator: " "), width: width) {
                console.line("  " + style.dim(console.safe(line)))
            }
        }
        if let current, current.status.isAnswered {
            var now = "  Now: " + console.statusLabel(current.status)
            if let note = current.note { now += " · " + console.safe(note) }
            if let by = current.by { now += style.dim(" (" + console.recorder(by: by, run: current.run, withBy: false) + ", \(current.at.inLocalTime.minute))") }
            console.paragraph(now, hanging: 4)
        }
    }

    func prompt(note: String?, files: [EvidenceCandidate]) {
        var extras: [String] = []
        if note != nil { extras.append("note") }
        if !files.isEmpty { extras.append(counted(files.count, "file")) }
        var pending = extras.isEmpty ? "" : style.dim(" (" + extras.joined(separator: ", ") + " ready)")
        let keys = style.dim("[p]ass [f]ail n/[a] [s]kip [r]est [b]ack [n]ote [e]vidence [q]uit [?]")
        // What is ready goes on a line of its own when the prompt would not fit beside it.
        if !pending.isEmpty && TextLayout.width(keys + pending) + 3 > console.width ?? .max {
            console.line(" " + pending)
            pending = ""
        }
        console.out.write(keys + pending + " › ")
        console.out.flush()
    }

    func printKeys() {
        let lines = [
            "p  pass",
            "f  fail (asks for a note, offers to attach evidence)",
            "a  not applicable to this screen",
            "s  skip: leave it for another time",
            "r  rest: pass every check still to do at this size, in one go",
            "b  back: take back the last answer (as 'dtaudit undo' does) and return to it, also answers from before this audit",
            "n  a note for the next answer",
            "e  a screenshot or recording to attach to the next answer",
            "q  quit; every answer so far is saved",
        ]
        for line in lines { console.paragraph("  " + line, hanging: 5) }
    }

    // MARK: Summary

    func printSummary(ending outcome: Outcome) throws {
        let walked = results
        guard !walked.isEmpty else { return }
        console.line()
        let verb = outcome == .finished ? "Audit done" : outcome == .interrupted ? "Audit interrupted" : "Audit stopped"
        console.line(style.bold(verb) + style.dim(" · every answer is saved"))
        for result in walked {
            var parts = ["\(result.answered) answered"]
            var detail: [String] = []
            if result.passed > 0 { detail.append("\(result.passed) pass") }
            if result.failed > 0 { detail.append(style.red("\(result.failed) fail")) }
            if result.notApplicable > 0 { detail.append("\(result.notApplicable) n/a") }
            if !detail.isEmpty { parts[0] += " (" + detail.joined(separator: ", ") + ")" }
            if result.skipped > 0 { parts.append("\(result.skipped) skipped") }
            if result.takenBack > 0 { parts.append("\(result.takenBack) taken back") }
            if let remaining = result.remaining {
                parts.append(remaining == 0 ? style.green("nothing left to check") : "\(remaining) still to check")
            }
            var category = "now " + console.standingLabel(result.after)
            if result.after != result.before { category += style.dim(" (was \(result.before.label))") }
            console.paragraph("  " + style.bold(console.safe(result.screen.name)) + " — " + parts.joined(separator: ", ") + "; " + category, hanging: 4)
        }
        if outcome != .finished, walked.contains(where: { ($0.remaining ?? 1) > 0 }) {
            console.line(style.dim("  Run the same 'dtaudit audit' again to carry on."))
        }
    }
}
