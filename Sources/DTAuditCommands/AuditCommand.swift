import ArgumentParsing
import AuditStore
import DynamicType
import Evidence
import Output
import Platform

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Walk through the checks still to do, one screen at a time, with one-key answers.",
        discussion: """
            Screens come one at a time (without SCREEN: every screen with checks to do, critical ones \
            first). On each, all checks at the largest size come first, then the next size down, and \
            the default size (l) last: set the device once per size, check everything there, move on. \
            Before each size the walk says what to choose in Settings, the value for 'xcrun simctl ui \
            booted content_size', and how large body text is there.

            Which checks: what is left to do on the screen, the same list 'dtaudit next' gives: \
            retests of the failures a fix addressed, re-checks of the default size after a fix, and \
            planned checks never recorded. --all walks every planned check again, answered or not \
            (a full re-audit).

            Answers, one key each on a terminal (no Enter needed):
              p  pass                f  fail: asks for a note, offers to attach evidence
              a  n/a                 s  skip: leave the check for another time
              n  a note for the next answer
              e  a screenshot or recording to attach to the next answer
              b  back: withdraw the last answer and return to its check; the cell
                 is recorded as untested (history keeps the answer) until answered
              q  quit                ?  these keys

            With piped input the answers come one a line, as the keys above or as words (pass, fail, \
            na, skip, back, note TEXT, evidence FILE, quit); after a failure the next line is its \
            note and the lines after it are files to attach, up to an empty line. A line that is \
            not an answer stops the walk with status 64.

            Every answer is saved the moment it is given: quitting, Ctrl-C (status 130) or a closed \
            terminal loses nothing answered, and running audit again carries on where it stopped. \
            Skipped checks come back the next time.
            """,
        examples: [
            ("dtaudit audit Checkout", "Audit one screen, AX5 first."),
            ("dtaudit audit --size ax5", "Everything to check at AX5, screen after screen."),
            ("printf 'p\\np\\nf\\nPay button clipped\\n\\n' | dtaudit audit Checkout", "Scripted answers."),
        ]
    )

    @Argument(help: "The screen to audit, by name or unique prefix (default: every screen with checks to do).", valueName: "screen", completion: .screens)
    var screen: String?

    @Option(name: .names("size", short: "s"), help: "Only these sizes: ids (xs ... ax5), any Apple name, ranges (xxxl-ax3), all, standard, accessibility.", valueName: "sizes")
    var size: SizeSelection?

    @Flag(help: "Every planned check, answered or not: a full re-audit.")
    var all = false

    @Flag(help: "The checks left to do (the default, as 'dtaudit next' lists them); kept for scripts.")
    var onlyPending = false

    @OptionGroup var filter: ScreenFilterOptions

    @OptionGroup var author: AuthorOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let selection = try filter.selection(console)
        let store = try console.openStore()
        let author = try InputRules.name(try console.author(author.by), what: "the auditor's name")
        let sizes = size.map { Set($0.sizes) }
        let only = try screen.map { try store.resolveScreen($0) }
        let checklist = try store.checklist()

        // Screens in the order of 'dtaudit next': critical first, then those with retests.
        let snapshot = try store.snapshot(only: only).selecting(selection)
        let candidates = only.map { [$0] } ?? WorkOrder.ordered(snapshot.screens).map(\.screen)
        let planned = candidates.filter { screen in
            guard let state = snapshot.screens.first(where: { $0.screen.id == screen.id }) else { return false }
            return !AuditPlan.steps(for: state, checklist: checklist, sizes: sizes, everything: all).isEmpty
        }
        if planned.isEmpty {
            let scope = sizes.map { " at " + Size.auditOrder.filter($0.contains).map(\.id).joined(separator: ",") } ?? ""
            if let only {
                console.line("Nothing to check on \(console.style.bold(console.safe(only.name)))\(scope).")
            } else {
                let chosen = selection.isEverything ? "" : " on the screens " + console.safe(selection.description)
                console.line(snapshot.screens.isEmpty && selection.isEverything ? "No screens yet: add one with 'dtaudit screen add NAME'."
                                                                                : "Nothing to check\(chosen)\(scope).")
            }
            return
        }

        Terminal.unblockTerminationSignals()
        let input: AuditInput
        var rawMode = false
        if StandardStream.input.isTerminal {
            rawMode = Terminal.enterRawMode()
            input = rawMode ? TerminalKeys() : PipedLines()
        } else {
            input = PipedLines()
        }
        defer { if rawMode { Terminal.restore() } }

        let session = AuditSession(store: store, console: console, input: input, author: author, checklist: checklist,
                                   sizes: sizes, everything: all)
        var outcome = AuditSession.Outcome.finished
        var failure: (any Error)?
        for screen in planned where outcome == .finished {
            do {
                outcome = try session.walk(screen)
            } catch {
                // The walk stopped on bad input; the summary says so and what is left.
                failure = error
                outcome = .quit
                break
            }
        }
        if rawMode {
            Terminal.restore()
            rawMode = false
        }
        try session.printSummary(ending: outcome)
        if let failure { throw failure }
        if outcome == .interrupted { throw ExitCode(130) }
    }
}

/// The checks a walk goes through on one screen, in the order an auditor works.
/// One run of `dtaudit audit`: walks screens, saves each answer at once, counts what happened.
final class AuditSession {
    enum Outcome: Equatable {
        case finished, quit, interrupted
    }

    struct ScreenResult {
        var screen: Screen
        var before: Standing
        var after: Standing
        var passed = 0, failed = 0, notApplicable = 0, skipped = 0, withdrawn = 0
        /// Checks left on the screen after the walk; nil when the store could not say.
        var remaining: Int?

        var answered: Int { passed + failed + notApplicable }
    }

    let store: AuditStore
    let console: Console
    let input: AuditInput
    let author: String
    let checklist: Checklist
    let sizes: Set<Size>?
    let everything: Bool
    private(set) var results: [ScreenResult] = []

    init(store: AuditStore, console: Console, input: AuditInput, author: String, checklist: Checklist, sizes: Set<Size>?, everything: Bool) {
        self.store = store
        self.console = console
        self.input = input
        self.author = author
        self.checklist = checklist
        self.sizes = sizes
        self.everything = everything
    }

    private var style: Style { console.style }

    /// The state of `screen` now, with notes and authors.
    private func state(of screen: Screen) throws -> ScreenState? {
        try store.snapshot(only: screen, detailed: true).screens.first
    }

    // MARK: Walking one screen

    func walk(_ screen: Screen) throws -> Outcome {
        guard let state = try state(of: screen) else { return .finished }
        let steps = AuditPlan.steps(for: state, checklist: checklist, sizes: sizes, everything: everything)
        var result = ScreenResult(screen: screen, before: state.standing, after: state.standing)
        // However the walk ends, an error included, the summary shows the screen as the store has it.
        defer {
            finish(&result)
            results.append(result)
        }
        guard !steps.isEmpty else { return .finished }

        var heading = style.bold(console.safe(screen.name)) + "  " + console.standingLabel(state.standing)
        if screen.critical { heading += style.magenta(" · critical") }
        console.line()
        console.line(heading + style.dim("  \(steps.count) check\(steps.count == 1 ? "" : "s") to do"))

        /// What each cell holds now, as shown above its prompt.
        var cells: [CellKey: Shown] = [:]
        var latestTime: [CellKey: Timestamp] = [:]
        for cell in state.recordedCells {
            let key = CellKey(item: cell.item, size: cell.size)
            cells[key] = Shown(status: cell.status, note: cell.note, by: cell.by, at: cell.at)
            latestTime[key] = cell.at
        }
        /// Answers given on this screen, newest last, for `back`.
        var answers: [(index: Int, status: ResultStatus)] = []
        var index = 0
        var shownSize: Size?
        var showCell = true
        var note: String?
        var files: [EvidenceCandidate] = []

        func resetPending() {
            note = nil
            files = []
            showCell = true
        }

        /// A time after every recording of the cell, so the new one is the latest even within
        /// the same millisecond.
        func nextTime(for key: CellKey) -> Timestamp {
            let now = Timestamp.now()
            guard let last = latestTime[key], last >= now else { return now }
            return Timestamp(milliseconds: last.milliseconds + 1)
        }

        while index < steps.count {
            let step = steps[index]
            let key = CellKey(item: step.item, size: step.size)
            if step.size != shownSize {
                printSizeHeader(step.size, count: steps[index...].prefix { $0.size == step.size }.count)
                shownSize = step.size
            }
            if showCell {
                printStep(step, number: index + 1, of: steps.count, current: cells[key])
                showCell = false
            }
            prompt(note: note, files: files)
            let event = input.next()
            switch event {
            case .pass, .fail, .notApplicable:
                let status: ResultStatus = event == .pass ? .pass : event == .fail ? .fail : .na
                console.line(console.statusLabel(status))
                if status == .fail {
                    if note == nil, let text = ask("  What broke? (a note; Enter for none) › ") {
                        note = try checkedNote(text)
                    }
                    while let path = ask(files.isEmpty ? "  Attach a screenshot or recording? (a file path; Enter for none) › "
                                                       : "  Another file? (Enter when done) › ") {
                        if let candidate = try checkEvidence(path) { files.append(candidate) }
                    }
                }
                let time = nextTime(for: key)
                do {
                    _ = try store.write {
                        try store.record(screen: screen, cells: [(step.item, step.size)], status: status, note: note,
                                         evidence: files, by: author, at: time)
                    }
                } catch let error as EvidenceError {
                    // A file that vanished or changed since it was checked: nothing was saved.
                    try report(error)
                    console.line(style.dim("  nothing was saved; answer this check again"))
                    resetPending()
                    continue
                }
                latestTime[key] = time
                cells[key] = Shown(status: status, note: note, by: author, at: time)
                switch status {
                case .pass: result.passed += 1
                case .fail: result.failed += 1
                default: result.notApplicable += 1
                }
                if !files.isEmpty {
                    console.line(style.dim("  attached " + files.map { console.safe($0.name) }.joined(separator: ", ")))
                }
                answers.append((index, status))
                index += 1
                resetPending()
            case .skip:
                console.line(style.dim("skip"))
                result.skipped += 1
                index += 1
                resetPending()
            case .back:
                console.line(style.dim("back"))
                guard let last = answers.popLast() else {
                    console.line(style.dim("  nothing to undo on this screen yet"))
                    continue
                }
                let undone = steps[last.index]
                let undoneKey = CellKey(item: undone.item, size: undone.size)
                let time = nextTime(for: undoneKey)
                _ = try store.write {
                    try store.record(screen: screen, cells: [(undone.item, undone.size)], status: .untested, note: nil, by: author, at: time)
                }
                latestTime[undoneKey] = time
                cells[undoneKey] = Shown(status: .untested, note: nil, by: author, at: time)
                switch last.status {
                case .pass: result.passed -= 1
                case .fail: result.failed -= 1
                default: result.notApplicable -= 1
                }
                result.withdrawn += 1
                console.line(style.dim("  withdrew \(last.status.rawValue) for \(undone.size.id) \(undone.item); it is untested again"))
                if undone.size != step.size { shownSize = nil }
                index = last.index
                resetPending()
            case .note(let text):
                console.line(style.dim("note"))
                if let text = text ?? ask("  Note › "), !text.trimmedLine.isEmpty {
                    note = try checkedNote(text)
                }
            case .evidence(let path):
                console.line(style.dim("evidence"))
                if let path = path ?? ask("  File to attach › "), let candidate = try checkEvidence(path) {
                    files.append(candidate)
                    console.line(style.dim("  will attach ") + console.evidenceLabel(candidate) + style.dim(" to the answer"))
                }
            case .help:
                console.line("?")
                printKeys()
                showCell = true
            case .quit:
                console.line(style.dim("quit"))
                return .quit
            case .interrupt:
                console.line(style.dim("^C"))
                return .interrupted
            case .end:
                if input.isTerminal { console.line() }
                return .quit
            case .unknown(let text):
                if input.isTerminal {
                    console.line()
                    console.line(style.yellow("  \(text) is not an answer") + style.dim(": p pass · f fail · a n/a · s skip · b back · n note · e evidence · q quit · ? help"))
                } else {
                    throw AuditInputError(position: input.position,
                                          problem: "'\(TextLayout.singleLine(text))' is not an answer; answers are pass, fail, na, skip, back, note TEXT, evidence FILE and quit (or p f a s b n e q); the answers before it are saved",
                                          exitStatus: 64)
                }
            }
        }
        return .finished
    }

    /// Reads the screen's category and what is left, after its walk ends.
    private func finish(_ result: inout ScreenResult) {
        guard let after = try? state(of: result.screen) else { return }
        result.after = after.standing
        result.remaining = AuditPlan.steps(for: after, checklist: checklist, sizes: sizes, everything: everything).count
    }

    /// A line of text, or nil for an empty line or the end of input.
    private func ask(_ question: String) -> String? {
        console.out.write(question)
        console.out.flush()
        guard let text = input.line() else {
            console.line()
            return nil
        }
        // Piped text is not echoed by a terminal: show it, so the transcript reads like a session.
        if !input.isTerminal { console.line(console.safe(text)) }
        let trimmed = text.trimmedLine
        return trimmed.isEmpty ? nil : text
    }

    private func checkedNote(_ text: String) throws -> String? {
        do {
            return try InputRules.note(text)
        } catch {
            if input.isTerminal {
                console.line(style.yellow("  " + error.message))
                return nil
            }
            throw AuditInputError(position: input.position, problem: error.message, exitStatus: 64)
        }
    }

    /// A file typed or dropped on the terminal, checked at once. On a terminal a refused file is
    /// reported and the question asked again; in piped input it stops the walk.
    private func checkEvidence(_ typed: String) throws -> EvidenceCandidate? {
        let limit = try store.evidenceLimit()
        var lastError: EvidenceError?
        for path in Self.pathSpellings(typed) {
            do {
                return try EvidenceCandidate.check(path: console.absolutePath(path), limit: limit, shownAs: path)
            } catch {
                if lastError == nil || { if case .notFound = lastError! { return true } else { return false } }() { lastError = error }
            }
        }
        if let lastError { try report(lastError) }
        return nil
    }

    private func report(_ error: EvidenceError) throws {
        if input.isTerminal {
            console.line(style.yellow("  " + error.description))
        } else {
            throw AuditInputError(position: input.position, problem: error.description + "; the answer was not saved", exitStatus: 1)
        }
    }

    /// The path as typed, then as a terminal pastes a dropped file: in quotes, or with
    /// backslashes before spaces.
    static func pathSpellings(_ typed: String) -> [String] {
        let trimmed = typed.trimmedLine
        var spellings = [trimmed]
        if trimmed.count >= 2, let first = trimmed.first, first == "'" || first == "\"", trimmed.last == first {
            spellings.append(String(trimmed.dropFirst().dropLast()))
        }
        if trimmed.contains("\\") {
            var unescaped = ""
            var escaping = false
            for character in trimmed {
                if escaping || character != "\\" {
                    unescaped.append(character)
                    escaping = false
                } else {
                    escaping = true
                }
            }
            spellings.append(unescaped)
        }
        return spellings
    }

    // MARK: Printing

    private func printSizeHeader(_ size: Size, count: Int) {
        let body = TextStyle.body
        let title = "\(size.designName)\(size == .default ? " (default)" : "") · \(size.id) · \(count) check\(count == 1 ? "" : "s")"
        console.line()
        console.line(style.cyan("━━ ") + style.bold(title) + style.cyan(" ━━"))
        for line in Self.settingLines(for: size) { console.line("  " + line) }
        console.line("  " + style.dim("Simulator: ") + "xcrun simctl ui booted content_size \(size.simctlName)")
        console.line("  " + style.dim("Body text here: ") + "\(body.pointSize(at: size)) pt (\(body.percentOfDefault(at: size))% of Large)")
    }

    /// Where the setting is on a device.
    static func settingLines(for size: Size) -> [String] {
        let path = "Settings › Accessibility › Display & Text Size › Larger Text"
        if size.isAccessibility {
            return ["\(path): turn on Larger Accessibility Sizes,", "  then move the slider to step \(size.sliderPosition) of 12 (\(size.designName))."]
        }
        let middle = size == .default ? ", the middle, where it starts" : ""
        return ["\(path): slider at step \(size.sliderPosition) of 7\(middle)", "  (Larger Accessibility Sizes off; with it on, the same step of 12)."]
    }

    /// A cell's latest answer, as shown above its prompt.
    struct Shown {
        var status: ResultStatus
        var note: String?
        var by: String?
        var at: Timestamp
    }

    private func printStep(_ step: AuditPlan.Step, number: Int, of total: Int, current: Shown?) {
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
        console.line(title)
        if let how = item?.howToCheck, !how.isEmpty {
            let width = max(40, min(100, console.width ?? 80) - 4)
            for line in TextLayout.wrap(how.split(whereSeparator: \.isNewline).joined(separator: " "), width: width) {
                console.line("  " + style.dim(console.safe(line)))
            }
        }
        if let current, current.status.isAnswered {
            var now = "  Now: " + console.statusLabel(current.status)
            if let note = current.note { now += " · " + console.safe(note) }
            if let by = current.by { now += style.dim(" (\(console.safe(by)), \(current.at.inLocalTime.minute))") }
            console.line(now)
        }
    }

    private func prompt(note: String?, files: [EvidenceCandidate]) {
        var extras: [String] = []
        if note != nil { extras.append("note") }
        if !files.isEmpty { extras.append("\(files.count) file\(files.count == 1 ? "" : "s")") }
        let pending = extras.isEmpty ? "" : style.dim(" (" + extras.joined(separator: ", ") + " ready)")
        let keys = style.dim("[p]ass [f]ail n/[a] [s]kip [b]ack [n]ote [e]vidence [q]uit [?]")
        console.out.write(keys + pending + " › ")
        console.out.flush()
    }

    private func printKeys() {
        let lines = [
            "p  pass",
            "f  fail (asks for a note, offers to attach evidence)",
            "a  not applicable to this screen",
            "s  skip: leave it for another time",
            "b  back: withdraw the last answer (recorded as untested) and return to it",
            "n  a note for the next answer",
            "e  a screenshot or recording to attach to the next answer",
            "q  quit; every answer so far is saved",
        ]
        for line in lines { console.line("  " + line) }
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
            if result.withdrawn > 0 { parts.append("\(result.withdrawn) withdrawn") }
            if let remaining = result.remaining {
                parts.append(remaining == 0 ? style.green("nothing left to check") : "\(remaining) still to check")
            }
            var category = "now " + console.standingLabel(result.after)
            if result.after != result.before { category += style.dim(" (was \(result.before.label))") }
            console.line("  " + style.bold(console.safe(result.screen.name)) + " — " + parts.joined(separator: ", ") + "; " + category)
        }
        if outcome != .finished, walked.contains(where: { ($0.remaining ?? 1) > 0 }) {
            console.line(style.dim("  Run the same 'dtaudit audit' again to carry on."))
        }
    }
}
