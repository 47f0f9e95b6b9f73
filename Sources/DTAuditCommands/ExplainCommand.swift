import ArgumentParsing
import AuditLog
import AuditStore
import DynamicType
import Judges
import Output
import Reports
import Scan

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Trace a screen's failed checks to the code: the scan's findings for the same item, most likely first.",
        discussion: """
            Each failed check of the screen (or of ITEM only), whoever recorded it, with the findings the \
            screen's latest 'dtaudit scan --record' made in its files for the same checklist item: the \
            most severe and most certain first. A failure a judge recorded names its elements: each is \
            found in the files of every screen it fails on by its identifier or label, and its line is \
            the scan's finding on that element (several are candidates; none says why), never another \
            element's. A fix of that item whose --ref names a commit git knows in the scanned folder \
            says whether that commit changed each finding's line.
            """,
        examples: [
            ("dtaudit explain Checkout", "Every failed check of Checkout, with its likely code."),
            ("dtaudit explain Checkout no-truncation", "Only the failed no-truncation checks."),
        ]
    )

    @OptionGroup var screen: ScreenArgument

    @Argument(help: "Only the failed checks of this checklist item.", valueName: "item")
    var item: String?

    @OptionGroup var output: JSONOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try console.openStore(.read)
        let target = try screen.resolve(in: store)
        let snapshot = try store.read { try store.snapshot(only: target, detailed: true) }
        guard let state = snapshot.screens.first else { throw InputError("the screen '\(target.name)' is not in this store") }
        if let item, snapshot.checklist.item(item) == nil {
            throw InputError("the checklist has no item '\(JSONReader.shown(item))'; 'dtaudit checklist show' lists them")
        }
        let root = state.scan?.run.root
        let problems = try JudgedProblems(store: store, states: [state])
        let code = LikelyCode(state: { name in
            name == state.screen.name ? state : try? store.read { try store.snapshot(only: store.resolveScreen(name), detailed: true).screens.first }
        }, problems: problems)
        let explanation = Explanation(state, item: item, code: code) { ref in
            guard let root, let found = ChangedLines.commit(ref, in: root) else { return nil }
            return CommitLines(commit: found.commit, changes: found.changes)
        }
        if output.json {
            console.json(Self.json(explanation))
        } else {
            Self.text(explanation, console: console)
        }
    }

    /// The failed checks, each with its likely code and the fixes recorded for it.
    static func text(_ explanation: Explanation, console: Console) {
        let style = console.style
        let what = explanation.item.map { "failed \($0) check" } ?? "failed check"
        let count = explanation.traces.count
        var heading = style.bold(console.safe(explanation.screen.name)) + "  \(counted(count, what))"
        if let scan = explanation.scan {
            heading += style.dim("  (code scanned \(scan.at.inLocalTime.minute) by \(console.safe(scan.by)))")
        }
        console.line(heading)
        if explanation.traces.isEmpty { return }
        if explanation.scan == nil {
            console.line(style.dim(explanation.screen.files.isEmpty
                ? "  The screen lists no source files ('dtaudit screen edit --file'), so no scan can point at its code."
                : "  No scan is recorded for the screen's files: run 'dtaudit scan --record'."))
        }
        for trace in explanation.traces {
            let cell = trace.cell
            var line = "\(style.red(cell.item)) failed at \(cell.size.id)"
            let who = [cell.by.map(console.safe), cell.note.map { "\"" + console.safe($0) + "\"" }].compactMap { $0 }
            if !who.isEmpty { line += style.dim(" (" + who.joined(separator: ": ") + ")") }
            if let elements = trace.elements {
                let lines = elements.compactMap(\.line)
                if !elements.isEmpty && lines.count == elements.count {
                    line += ": likely " + lines.map { style.cyan(console.safe("\($0.file):\($0.line)")) + " " + $0.rule }.joined(separator: ", ")
                } else if !trace.causes.isEmpty {
                    line += ": \(trace.causes.count) candidate\(trace.causes.count == 1 ? "" : "s")"
                } else {
                    line += style.dim(": no line in the code")
                }
            } else if let first = trace.causes.first {
                line += ": likely " + style.cyan(console.safe("\(first.file):\(first.line)")) + " " + first.rule
            } else if explanation.scan != nil {
                line += style.dim(": no finding for \(cell.item) in the screen's code")
            }
            console.line()
            console.line(line)
            for element in trace.elements ?? [] { console.line("  " + elementLine(element, console: console)) }
            for (k, cause) in trace.causes.enumerated() {
                let confidence = cause.confidence == "high" ? "" : ", \(cause.confidence) confidence"
                console.line("  \(k + 1). " + console.safe("\(cause.file):\(cause.line)") + "  \(cause.rule) (\(cause.severity)\(confidence))")
                console.line("     " + style.dim(console.safe(cause.message)))
            }
            for fix in trace.fixes {
                var text = "  fix \(fix.fix.type.rawValue) \(fix.fix.at.inLocalTime.day) by \(console.safe(fix.fix.by))"
                if let ref = fix.fix.ref { text += " (\(console.safe(ref)))" }
                if let commit = fix.commit {
                    let short = String(commit.commit.prefix(12))
                    let changed = zip(trace.causes, fix.touched).filter { $0.1 == .line }.map { "\($0.0.file):\($0.0.line)" }
                    let files = Set(zip(trace.causes, fix.touched).filter { $0.1 != .none }.map(\.0.file))
                    if trace.causes.isEmpty {
                        text += ": commit \(short)"
                    } else if !changed.isEmpty {
                        text += ": commit \(short) changed " + console.safe(changed.joined(separator: ", "))
                    } else if !files.isEmpty {
                        text += ": commit \(short) changed " + console.safe(files.sorted().joined(separator: ", ")) + " but none of these lines"
                    } else {
                        text += ": commit \(short) did not change these files"
                    }
                } else if fix.fix.ref != nil {
                    text += style.dim(": not a commit here")
                }
                console.line(text)
            }
        }
    }

    /// `Button "Pay": App/Checkout/Cart.swift:13 fixed-font-size (accessibilityIdentifier "pay" at
    /// App/Checkout/Cart.swift:12)`, `... one of A:3, A:5 (2 findings on the element)`, `... no line: why`.
    static func elementLine(_ element: LikelyCode.ElementTrace, console: Console) -> String {
        let style = console.style
        var text = console.safe(element.element.shown) + ": "
        if let line = element.line {
            text += style.cyan(console.safe("\(line.file):\(line.line)")) + " " + line.rule
        } else if !element.findings.isEmpty {
            text += "one of " + element.findings.map { console.safe("\($0.file):\($0.line)") + " " + $0.rule }.joined(separator: ", ")
        } else {
            text += style.dim("no line")
        }
        if let reason = element.reason { text += style.dim(" (" + console.safe(reason) + ")") }
        else if let site = element.sites.first { text += style.dim(" (" + console.safe("\(site.how) at \(site.file):\(site.line)") + ")") }
        return text
    }

    static func elementJSON(_ element: LikelyCode.ElementTrace) -> JSON {
        .object([
            ("element", .string(element.element.shown)),
            ("type", .string(element.element.type)),
            ("name", .string(element.element.name)),
            ("line", element.line.map(CodeReport.findingJSON) ?? .null),
            ("candidates", .array(element.line == nil ? element.findings.map(CodeReport.findingJSON) : [])),
            ("reason", .optional(element.reason)),
            ("sites", .array(element.sites.map { .object([("file", .string($0.file)), ("line", .int($0.line)), ("how", .string($0.how))]) })),
        ])
    }

    static func json(_ explanation: Explanation) -> JSON {
        .object([
            ("screen", .string(explanation.screen.name)),
            ("item", .optional(explanation.item)),
            ("scannedAt", .optional(explanation.scan?.at.iso8601)),
            ("failed", .array(explanation.traces.map { trace in
                .object([
                    ("item", .string(trace.cell.item)),
                    ("size", .string(trace.cell.size.id)),
                    ("by", .optional(trace.cell.by)),
                    ("note", .optional(trace.cell.note)),
                    ("at", .string(trace.cell.at.iso8601)),
                    ("likely", .array(trace.causes.map(CodeReport.findingJSON))),
                    ("elements", trace.elements.map { .array($0.map(elementJSON)) } ?? .null),
                    ("fixes", .array(trace.fixes.map { fix in
                        .object([
                            ("type", .string(fix.fix.type.rawValue)),
                            ("ref", .optional(fix.fix.ref)),
                            ("by", .string(fix.fix.by)),
                            ("commit", .optional(fix.commit?.commit)),
                            ("touched", fix.commit == nil ? .null : .array(fix.touched.map { .string($0.rawValue) })),
                        ])
                    })),
                ])
            })),
        ])
    }
}
