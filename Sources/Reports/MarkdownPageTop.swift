import AuditStore
import DynamicType
import Output

/// The top of the review page, which is also all of `--summary`: the verdicts, what to fix first,
/// who owns what. What goes in which order is `ReviewPlan`'s decision; this only words it.
extension MarkdownPage {
    /// Rows of the action list `--summary` shows before it refers to the full page: enough for a
    /// week's work, and small enough that the comment stays far under GitHub's 65,536 characters.
    static let summaryActions = 60

    /// Owners the summary shows.
    static let summaryOwners = 30

    mutating func verdicts() {
        let larger = LargerTextVerdict(snapshot)
        let doubling = LargerTextVerdict.doublingSize.id
        let restsOn = larger.flows.map { flow in
            (flow.flow.map(Markdown.text) ?? "no flow") + " (" + flow.screens.prefix(6).map { link($0.name) }.joined(separator: ", ")
                + (flow.screens.count > 6 ? " and \(flow.screens.count - 6) more" : "") + ")"
        }
        let flowsSentence = larger.flows.isEmpty ? "" : " It rests on the common tasks of \(counted(larger.flows.count, "flow")): " + restsOn.prefix(8).joined(separator: "; ")
            + (restsOn.count > 8 ? "; and \(restsOn.count - 8) more" : "") + "."
        switch larger.outcome {
        case .ready:
            let caps = larger.cappedClaimable.isEmpty ? "" : " The code caps the text size on " + larger.cappedClaimable.prefix(8).map { "\(link($0.screen)) (\($0.cap))" }.joined(separator: ", ")
                + (larger.cappedClaimable.count > 8 ? " and \(larger.cappedClaimable.count - 8) more" : "") + ", where text still reaches 200 %."
            line("> ✅ **Larger Text (App Store Connect): ready to declare.** All \(counted(larger.criticalScreens, "critical screen")) are supported and were checked at \(doubling) or larger, where body text is at least twice its default size.\(caps)\(flowsSentence) Declare it for each device family the audit covered. **What would change it:** a failure recorded on any of these screens, or a common task whose screens are not marked critical yet.")
        case .notYet:
            let list = larger.blocking.prefix(8).map { "\(link($0.screen)) (\($0.reason))" }.joined(separator: ", ")
            let more = larger.blocking.count > 8 ? " and \(larger.blocking.count - 8) more" : ""
            line("> ❌ **Larger Text (App Store Connect): not yet.** \(larger.blocking.count) of \(counted(larger.criticalScreens, "critical screen")) \(plural("keeps", larger.blocking.count)) the app from declaring it: \(list)\(more). Every common task must work with text at 200 % and more.\(flowsSentence) **What would change it:** \(larger.blocking.count == 1 ? "that screen" : "those \(counted(larger.blocking.count, "screen"))") supported, with nothing left to re-check, and checked at \(doubling) or larger; the critical rows of the list below are the way there.")
        case .unknown:
            line("> ❔ **Larger Text (App Store Connect): unknown.** No screen is marked critical, so the audit does not say which screens make up the app's common tasks. **What would change it:** marking them with `dtaudit screen edit NAME --critical`.")
        }
        line(">")
        let wcag = ResizeTextVerdict(snapshot)
        let wcagOutlook = ResizeTextVerdict.outlook(snapshot)
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
                reasons.append("checks of 1.4.4 fail at or below \(doubling) on \(counted(wcag.failing.count, "screen")) (\(failingList(wcag.failing)))")
            }
            if !wcag.capped.isEmpty {
                reasons.append("the code caps text below 200 % on \(counted(wcag.capped.count, "screen")) (\(cappedList(wcag.capped)))")
            }
            let open = wcagOutlook.open.count
            if open > 0 {
                reasons.append("\(counted(open, "screen")) \(plural("has", open)) 1.4.4 checks up to \(doubling) still to record")
            }
            if reasons.isEmpty {
                reasons.append("every screen passes the 1.4.4 checks up to \(doubling), where body text reaches 200 %")
            }
        }
        line("> \(Self.mark(wcag.level)) **WCAG 2.2 SC 1.4.4 Resize Text (AA): \(Self.level(wcag.level, wcagOutlook)).** "
             + Self.sentence(reasons, wcag.level, wcagOutlook))
        line(">")
        let reflow = ReflowVerdict(snapshot)
        let reflowOutlook = ReflowVerdict.outlook(snapshot)
        var reflowReasons: [String] = []
        if !reflow.checklistCovers {
            reflowReasons.append("the checklist maps no item to 1.4.10")
        } else if reflow.screens == 0 {
            reflowReasons.append("the audit has no screens yet")
        } else {
            if !reflow.failing.isEmpty {
                reflowReasons.append("checks of 1.4.10 fail on \(counted(reflow.failing.count, "screen")) (\(failingList(reflow.failing)))")
            }
            let open = reflowOutlook.open.count
            if open > 0 {
                reflowReasons.append("\(counted(open, "screen")) \(plural("has", open)) 1.4.10 checks still to record")
            }
            if reflowReasons.isEmpty { reflowReasons.append("every screen passes the 1.4.10 checks at every planned size") }
        }
        line("> \(Self.mark(reflow.level)) **WCAG 2.2 SC 1.4.10 Reflow (AA): \(Self.level(reflow.level, reflowOutlook)).** "
             + Self.sentence(reflowReasons, reflow.level, reflowOutlook))
        line()
    }

    /// `Partially Supports`, or `Partially Supports so far` while open checks could change it.
    static func level(_ level: ResizeTextVerdict.Level, _ outlook: ConformanceOutlook) -> String {
        level.rawValue + (level.fileableAtAA && !outlook.isFinal ? " so far" : "")
    }

    /// The reasons for a level, and the levels its open checks could still lead to.
    static func sentence(_ reasons: [String], _ level: ResizeTextVerdict.Level, _ outlook: ConformanceOutlook) -> String {
        let could = level.fileableAtAA ? outlook.couldBecome(level).map { "; the open checks could make it \($0)" } ?? "" : ""
        return reasons.joined(separator: "; ").capitalizedFirst + could + "."
    }

    func failingList(_ failing: [(screen: String, items: [String])]) -> String {
        failing.prefix(8).map { "\(Markdown.text($0.screen)): " + $0.items.map { "`\($0)`" }.joined(separator: ", ") }.joined(separator: "; ")
            + (failing.count > 8 ? "; ..." : "")
    }

    /// `Checkout: xxxLarge (App/Checkout/Summary.swift:5)` for the first eight capped screens.
    func cappedList(_ capped: [(screen: String, cap: String)]) -> String {
        capped.prefix(8).map { "\(Markdown.text($0.screen)): \(Markdown.text($0.cap))" }.joined(separator: "; ") + (capped.count > 8 ? "; ..." : "")
    }

    static func mark(_ level: ResizeTextVerdict.Level) -> String {
        switch level {
        case .supports: "✅"
        case .partiallySupports: "⚠️"
        case .doesNotSupport: "❌"
        case .notEvaluated: "❔"
        }
    }

    /// Every open problem, those that hold a verdict back first.
    mutating func actionList() {
        line("## What to fix first")
        line()
        let actions = plan.actions
        guard !actions.isEmpty else {
            line(snapshot.screens.isEmpty ? "Nothing yet: the audit has no screens." : "No check fails now. What is left to check is in the screens below (`dtaudit next` lists it).")
            line()
            return
        }
        let critical = actions.filter(\.critical).count
        let waiting = actions.filter { $0.fix == nil }.count
        let machine = actions.filter { $0.decider == .machine }.count
        line("\(counted(actions.count, "open problem")), one per cause: \(critical) on critical screens (they hold back Larger Text), \(waiting) waiting for a fix, \(actions.count - waiting) fixed and due a retest"
             + (machine > 0 ? "; \(machine) found by runs (`dtaudit confirm` makes one a person's, `dtaudit waive` leaves out an element right by design)" : "") + ". Critical screens first, then severity, then the oldest.")
        line()
        let limit = input.summaryOnly ? Self.summaryActions : actions.count
        var rows = actions.prefix(limit).enumerated().map { index, action in
            var blocks: [String] = []
            if action.critical { blocks.append("Larger Text") }
            if action.blocksWCAG { blocks.append("WCAG") }
            var fix = ""
            if let done = action.fix {
                fix = "**\(done.type.rawValue)** \(done.at.day)" + (done.ref.map { " " + Markdown.text($0) } ?? "") + ": retest"
            }
            return [String(index + 1), actionScreens(action), "`\(action.item)`", action.sizes.map(\.id).joined(separator: ", "), action.severity.rawValue,
                    blocks.joined(separator: ", "), action.owner.map(Markdown.text) ?? "", String(action.ageInDays), fix]
        }
        var headers = ["#", "Screen", "Check", "Size", "Severity", "Blocks", "Owner", "Age (days)", "Fix in progress"]
        var alignments: [Markdown.Alignment] = [.right, .left, .left, .left, .left, .left, .left, .right, .left]
        addLikelyCode(to: &rows, headers: &headers, alignments: &alignments, for: actions.prefix(limit))
        out += Markdown.table(headers, alignments, rows)
        line()
        if actions.count > limit {
            line("And \(actions.count - limit) more, in the same order, on the full review page (`dtaudit export`).")
            line()
        }
    }

    /// Each owner's screens by state, so that a lead knows whom to ask.
    mutating func ownerTable() {
        line("## Who owns what")
        line()
        let owners = plan.owners
        guard !owners.isEmpty else {
            line("No screens yet.")
            line()
            return
        }
        let groups = Standing.Group.allCases
        let limit = input.summaryOnly ? Self.summaryOwners : owners.count
        // Numbers only, so that the table fits a page's width; the critical screens are named below it.
        let rows = owners.prefix(limit).map { row in
            [row.owner.map(Markdown.text) ?? "(no owner)", String(row.screens)] + groups.map { group in
                row.counts[group].map(String.init) ?? ""
            } + [row.openProblems == 0 ? "" : String(row.openProblems)]
        }
        out += Markdown.table(["Owner", "Screens"] + groups.map(MarkdownReporter.label) + ["Open problems"],
                              [.left, .right] + groups.map { _ in .right } + [.right], rows)
        line()
        for row in owners.prefix(limit) where !row.criticalNotSupported.isEmpty {
            let names = row.criticalNotSupported.prefix(5).map(link).joined(separator: ", ")
                + (row.criticalNotSupported.count > 5 ? " and \(row.criticalNotSupported.count - 5) more" : "")
            line("- \(row.owner.map(Markdown.text) ?? "No owner"): \(counted(row.criticalNotSupported.count, "critical screen")) not supported: \(names)")
        }
        if owners.prefix(limit).contains(where: { !$0.criticalNotSupported.isEmpty }) { line() }
        if owners.count > limit {
            line("And \(owners.count - limit) more owners on the full review page.")
            line()
        }
    }
}
