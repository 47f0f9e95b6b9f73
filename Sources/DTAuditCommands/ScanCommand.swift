import ArgumentParsing
import AuditStore
import Output
import Platform
import Reports
import Scan

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan the app's Swift and Interface Builder files for code that keeps text from following the text size.",
        discussion: """
            Reads the .swift, .xib and .storyboard files under the paths (default: the audit's folder, \
            else the working folder), skipping Pods, Carthage, .build, DerivedData, build and, \
            in a git checkout, the files git ignores. Paths in the output are relative to that folder.

            Rules, with the checklist item each maps to (ids for --rule and dtaudit:ignore):
            \(ScanRule.helpTable())

            Scaled sizes are not findings: UIFontMetrics, @ScaledMetric, Font.custom(_:size:), sizes \
            chosen by checking the text size. Where the scan cannot be sure it says so with a medium or \
            low confidence.

            A team that accepts a finding says why in a comment on its line or the line above, or for \
            a whole file anywhere in it:
              // dtaudit:ignore fixed-font-size — the widget has a fixed layout
              // dtaudit:ignore-file single-line — every label here is a one-word tab title
            Suppressed findings and findings in preview-only code (#Preview, PreviewProvider) are \
            listed apart with their reasons and do not count.

            With a store, a finding in a file that a screen's --file patterns match carries the screen's \
            name. --record keeps the findings as the latest scan of every screen whose files the scan \
            read; 'dtaudit screen show', 'status', 'screen list' and the Markdown export show them, and a \
            screen whose code still sets fixed font sizes is flagged even before anyone audits it. A \
            store is needed only for --record.

            In CI: --write-baseline FILE records today's findings (sorted, one a line, so that it merges) \
            and --baseline FILE counts only the others, so a team adopts the scan without fixing \
            everything first. A finding is known by its rule, its file, the code of its line without \
            spaces or a trailing comment, and its place among identical lines of the file: it keeps its \
            identity when lines move or the file is re-indented. --strict-baseline also fails when the \
            baseline lists findings that were fixed, so that it never goes stale. --changed-since REF \
            reports only lines changed since a git ref, for pull requests. --fail-on sets the least \
            severe new finding that fails the run (default minor: every one).

            --fix rewrites the findings whose fix is mechanical (fixed sizes to the nearest text style, \
            UIFontMetrics for UIKit fonts, single lines and shrinking removed, minimum heights, \
            Interface Builder text styles), then reports what is left; --fix --dry-run prints the \
            rewrites as a unified diff for 'git apply' and changes nothing. --fix rewrites every file or \
            none: a file changed since the scan read it stops it, named (exit 73), and a --fix that was \
            killed is put back (or finished) by the next one, which removes its temporary files.

            dtaudit-scan.json at the scanned root (or --config FILE) holds a team's settings; every key \
            is optional and a key it does not know is an error:
              {"include": ["App/**"], "exclude": ["App/Generated/**"],
               "rules": {"fixed-symbol-size": "off", "single-line": "minor"},
               "baseline": "dtaudit-baseline.txt", "failOn": "major"}
            Flags win over the file; --rule runs a rule the file turns off.

            Formats: text (new findings grouped by file, with the line of code and a caret), xcode \
            ("path:line:column: error: message [rule]" with absolute paths, for a build phase: an error \
            at the failing severity or worse, a warning below it), json (an array of findings: rule, \
            severity, confidence, file, line, column, message, screen, then item, preview, suppression, \
            fingerprint and, with a baseline, "baseline": "new" or "unchanged") and sarif (SARIF 2.1.0 \
            for GitHub code scanning, with partialFingerprints and, with a baseline, baselineState).

            Exit status: 0 when no new finding fails the run, 1 when some do or a strict baseline is \
            stale (so the scan can fail a CI job), 64 for a usage error: an unknown rule, format or \
            setting, a configuration file over 1 MB, a path that does not exist or is not a Swift or \
            Interface Builder file, a ref git does not know; 65 for a malformed baseline or one over \
            64 MB; 66 for a baseline or configuration file that is not there; 73 when the baseline or a \
            rewritten file cannot be written; 74 when a file cannot be read.
            """,
        examples: [
            ("dtaudit scan", "Scan the whole app; exit 1 when a finding counts."),
            ("dtaudit scan Trailhead/Checkout --rule fixed-font-size --rule single-line", "Only some rules, in one folder."),
            ("dtaudit scan --record; dtaudit status", "Keep the findings on each screen and see where the code stands."),
            ("dtaudit scan --write-baseline dtaudit-baseline.txt", "Accept today's findings; commit the file."),
            ("dtaudit scan --baseline dtaudit-baseline.txt --strict-baseline", "In CI: fail on new findings and on a stale baseline."),
            ("dtaudit scan \"$SRCROOT\" --changed-since HEAD --format xcode --fail-on critical",
             "An Xcode Run Script build phase: findings in lines you changed, fixed font sizes as errors, the rest as warnings."),
            ("dtaudit scan --baseline dtaudit-baseline.txt --format sarif > dtaudit.sarif || true",
             "For GitHub code scanning; upload it in a workflow with github/codeql-action/upload-sarif@v4 and 'sarif_file: dtaudit.sarif'."),
            ("dtaudit scan --format json | jq '.[] | select(.screen == \"Map\")'", "Findings of one screen, for scripts."),
        ]
    )

    @Argument(help: "Files or folders to scan (default: the audit's folder, else the working folder).", valueName: "path")
    var paths: [PathArgument] = []

    @Option(name: .names("format", short: "f"), help: "text, xcode, json or sarif.", valueName: "format")
    var format: ScanFormat = .text

    @OptionGroup var output = JSONOption(help: "Print JSON: the same as --format json, as every command that prints takes it.")

    @Option(help: "Only this rule (repeat it, or give a comma list, for several).", valueName: "id")
    var rule: [String] = []

    @Flag(help: "Keep the findings as the latest scan of each screen whose files were scanned.")
    var record = false

    @Option(help: "Report and count only findings that this baseline file does not hold.", valueName: "file")
    var baseline: PathArgument?

    @Option(help: "Record today's findings in this baseline file (entries of files and rules not scanned stay) and exit 0.", valueName: "file")
    var writeBaseline: PathArgument?

    @Flag(help: "Fail when the baseline lists findings that no longer exist.")
    var strictBaseline = false

    @Option(help: "Report only findings in lines changed since this git commit, branch or tag.", valueName: "ref")
    var changedSince: String?

    @Option(help: "The least severe new finding that fails the run: critical, major or minor (default minor, or the configuration's).", valueName: "severity")
    var failOn: Finding.Severity?

    @Option(help: "Read the scan settings from this file instead of dtaudit-scan.json at the scanned root.", valueName: "file")
    var config: PathArgument?

    @Flag(help: "Rewrite what can be rewritten safely, then report what is left.")
    var fix = false

    @Flag(help: "With --fix: print the rewrites as a unified diff for 'git apply' and change nothing.")
    var dryRun = false

    @OptionGroup var global: GlobalOptions

    /// The rule ids asked for, each checked, or nil for every rule.
    var rules: Set<String>? {
        rule.isEmpty ? nil : Set(rule.flatMap { $0.split(separator: ",").map { String($0).trimmedLine } }.filter { !$0.isEmpty })
    }

    mutating func validate() throws {
        if output.json {
            if format != .text && format != .json { throw ValidationError("--json and --format \(format.rawValue) cannot be used together") }
        }
        let known = ScanRule.allCases.map(\.rawValue)
        // An empty --rule would otherwise scan with no rule at all and pass a CI step unseen.
        if !rule.isEmpty && (rules ?? []).isEmpty {
            throw ValidationError("--rule names no rule; rules are " + known.joined(separator: ", "))
        }
        for id in rules ?? [] where ScanRule(rawValue: id) == nil {
            throw ValidationError("unknown rule '\(id)'"
                                  + Suggestions.didYouMean(Suggestions.closest(to: id, among: known).first, thenList: "rules", known.joined(separator: ", ")))
        }
        if record && !rule.isEmpty {
            throw ValidationError("--record keeps a whole scan as each screen's latest; run it without --rule")
        }
        if writeBaseline != nil && changedSince != nil {
            throw ValidationError("--write-baseline records every finding; it cannot be used with --changed-since")
        }
        if dryRun && !fix {
            throw ValidationError("--dry-run shows what --fix would rewrite; use it with --fix")
        }
        if fix && writeBaseline != nil {
            throw ValidationError("--fix and --write-baseline cannot be used together: fix first, then write the baseline")
        }
        if dryRun && (format != .text || output.json) {
            throw ValidationError("--fix --dry-run prints a unified diff; it takes no --format or --json")
        }
        if writeBaseline != nil && (baseline != nil || strictBaseline) {
            throw ValidationError("--write-baseline writes a baseline; --baseline and --strict-baseline compare with one")
        }
    }

    /// What --format and --json ask for together.
    var chosenFormat: ScanFormat { output.json ? .json : format }

    /// What the options ask of the scan.
    var request: ScanRequest {
        ScanRequest(paths: paths.map(\.path), rules: rules.map { Set($0.compactMap(ScanRule.init(rawValue:))) }, failOn: failOn,
                    configPath: config?.path, baseline: baseline?.path, strictBaseline: strictBaseline, changedSince: changedSince)
    }

    func run() throws {
        // The scan's threads allocate tens of megabytes in small objects.
        Memory.growHeapInSteps(of: 16 << 20)
        let console = Console(global)
        let store = try console.storeQuery.openForScan(recording: record).map { console.watch($0) }
        // The command ends once the report is written (and kept): the files' memory goes with the process.
        let session = try ScanSession(request, store: store, workingDirectory: console.workingDirectory, afterward: .keepUntilExit)
        // Before anything is read: what a killed --fix left is put back (or finished), or named.
        settleInterruptedFixes(root: session.root, console: console)
        // A fix rewrites from the bytes the scan read, so the first scan keeps them.
        let scanned = try session.scan(keepingSources: fix, forFix: fix)
        if let writeBaseline {
            try write(scanned, of: session, to: writeBaseline, console: console)
            return
        }
        let fixStep: ScanSession.FixStep? = fix ? { report, verdict, changes in
            let rewrote = try {
                // The bytes of the files to rewrite; the rest of the scan's memory goes first.
                let contents = scannedContents(report, verdict: verdict, rules: session.settings.rules)
                report.sources?.release()
                return try rewrite(report, contents: contents, verdict: verdict, rules: session.settings.rules, changes: changes,
                                   root: session.root, console: console)
            }()
            // The rewrites' memory goes back before the files are scanned again.
            Memory.releaseFreedPages()
            return rewrote
        } : nil
        guard let outcome = try session.judge(scanned, fix: fixStep) else { return }
        // As the files' memory: the findings go with the process, not freed one by one before it exits.
        defer { SourceScanner.keepUntilExit((scanned, outcome)) }

        let options = ReporterOptions(color: console.style.enabled && chosenFormat == .text, absolutePaths: chosenFormat == .xcode,
                                      toolVersion: DTAudit.version, rulesHelpBase: DTAudit.rulesHelpBase)
        chosenFormat.reporter(options).write(outcome.report, verdict: outcome.verdict, to: console.out)

        if record, let store {
            let shares = try session.record(outcome.report, in: store, by: { try console.author(nil) }, tool: "dtaudit \(DTAudit.version)")
            if shares.recorded.isEmpty {
                console.out.flush()
                BufferedOutput.standardError.write("warning: nothing recorded: no screen's file patterns match a scanned file"
                                                 + (shares.auditHasScreens ? "" : " (the audit has no screens yet)") + "\n")
            } else if chosenFormat == .text {
                ScanRecorder.confirm(shares, console: console)
            }
        }
        let stale = outcome.staleBaselineEntries
        if stale > 0 && chosenFormat != .text {
            console.out.flush()
            BufferedOutput.standardError.write("error: the baseline lists \(counted(stale, "finding")) that no longer exist; rewrite it with --write-baseline\n")
        }
        if !outcome.passes { throw ExitCode.failure }
    }

    /// `--write-baseline`: the findings that count, merged into the file's entries for what this scan did not cover.
    private func write(_ scanned: ScanSession.Scanned, of session: ScanSession, to target: PathArgument, console: Console) throws {
        let path = Files.absolute(target.path, from: console.workingDirectory)
        let shown = console.safe(target.path)
        if let store = console.storeQuery.existingLocation() { try OutputFile.checkOutside(store, path, shownAs: shown) }
        let update = try session.updatedBaseline(scanned, at: path, shownAs: shown)
        try OutputFile.write(update.text, to: path, shownAs: shown)
        console.line("Wrote \(counted(update.found, "finding")) to \(shown)"
                     + (update.kept > 0 ? "; kept \(update.kept) for files or rules this scan did not cover." : "."))
    }
}

extension ScanFormat: ExpressibleByArgument {}
extension Finding.Severity: ExpressibleByArgument {}

/// How `scan --record` says what it kept.
extension ScanRecorder {
    /// What `--record` kept, in a line or three after the text report.
    static func confirm(_ shares: Shares, console: Console) {
        let style = console.style
        let recorded = shares.recorded
        let fixed = shares.fixedFontSizes.map { "\(console.safe($0.screen.name)) (\($0.count))" }
        var line = "Recorded the scan as the latest of \(counted(recorded.count, "screen"))"
        if fixed.isEmpty {
            line += "; no screen's code sets a fixed font size."
        } else {
            line += "; " + style.red("\(fixed.count) still set fixed font sizes") + ": " + fixed.joined(separator: ", ") + "."
        }
        console.line(line)
        if !shares.unmatched.isEmpty {
            let names = shares.unmatched.prefix(6).map { console.safe($0.name) }.joined(separator: ", ")
            console.line(style.dim("No scanned file matches the file patterns of \(counted(shares.unmatched.count, "screen")) (\(names)\(shares.unmatched.count > 6 ? ", ..." : "")); their earlier scans stay."))
        }
        if !shares.withoutFiles.isEmpty {
            let count = shares.withoutFiles.count
            console.line(style.dim("\(counted(count, "screen")) \(plural("lists", count)) no source files: 'dtaudit screen edit NAME --add-file GLOB' links a screen to its code."))
        }
    }
}
