import ArgumentParsing
import AuditStore
import DynamicType
import Evidence
import Output
import Platform
import TerminalStyle

/// One run of `dtaudit audit`: walks screens, saves each answer at once, counts what happened.
final class AuditSession {
    enum Outcome: Equatable {
        case finished, quit, interrupted
    }

    struct ScreenResult {
        var screen: Screen
        var before: Standing
        var after: Standing
        var passed = 0, failed = 0, notApplicable = 0, skipped = 0, takenBack = 0
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

    var style: Style { console.style }

    /// The state of `screen` now, with notes and authors.
    private func state(of screen: Screen) throws -> ScreenState? {
        try store.snapshot(only: screen, detailed: true).screens.first
    }

    // MARK: Walking one screen

    func walk(_ screen: Screen) throws -> Outcome {
        // Read before the screen: whatever is recorded after it is news to the walk.
        var watch = Watch(seen: try store.latestRecordingRow())
        guard let state = try state(of: screen) else { return .finished }
        // Grows when `back` reopens a check answered before this walk.
        var steps = AuditPlan.steps(for: state, checklist: checklist, sizes: sizes, everything: everything)
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
        console.paragraph(heading + style.dim("  \(steps.count) check\(steps.count == 1 ? "" : "s") to do"), hanging: 2)

        /// What each cell holds now, as shown above its prompt.
        var cells: [CellKey: Shown] = [:]
        for cell in state.recordedCells {
            cells[CellKey(item: cell.item, size: cell.size)] = Shown(cell)
        }
        /// Answers given on this screen, newest last, with the recordings they made, for `back`.
        var answers: [(index: Int, status: ResultStatus, recordings: [Recording])] = []
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

        /// Records `request`; a file that vanished or changed since it was checked saves nothing,
        /// which is said, and the check is asked again.
        func save(_ request: RecordingRequest) throws -> RecordingOutcome? {
            do {
                return try store.record(request)
            } catch let error as EvidenceError {
                try report(error)
                console.line(style.dim("  nothing was saved; answer this check again"))
                resetPending()
                return nil
            }
        }

        /// Looks for what others recorded meanwhile; true when the check shown changed, so that it is
        /// shown again, and an answer just given to it is not saved.
        func newsChangedTheCheck(answered: Bool) throws -> Bool {
            guard try takeNews(on: screen, watch: &watch, cells: &cells, steps: &steps, index: index, shown: answered || !showCell) else { return false }
            if answered { console.line(style.dim("  the answer was not saved: answer this check again")) }
            showCell = true
            return true
        }

        while index < steps.count {
            if try newsChangedTheCheck(answered: false) { continue }
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
                // Ctrl-C while typing the failure's note or a file keeps the failure, with what was
                // typed: every answer is saved, then the walk stops.
                var interrupted = false
                if status == .fail {
                    if note == nil, let text = ask("  What broke? (a note; Enter for none) › ") {
                        note = try checkedNote(text)
                    }
                    interrupted = input.lineInterrupted
                    while !interrupted, let path = ask(files.isEmpty ? "  Attach a screenshot or recording? (a file path; Enter for none) › "
                                                                     : "  Another file? (Enter when done) › ") {
                        if input.lineInterrupted { interrupted = true; break }
                        if let candidate = try checkEvidence(path) { files.append(candidate) }
                    }
                    interrupted = interrupted || input.lineInterrupted
                }
                if try newsChangedTheCheck(answered: true) { continue }
                // The store gives the answer its time: after every record of the screen, so it is the cell's latest.
                guard let outcome = try save(RecordingRequest(screen: screen, items: [step.item], sizes: [step.size], status: status, note: note,
                                                              evidence: files, by: author)) else { continue }
                watch.saved(outcome.recordings, as: status)
                cells[key] = Shown(status: status, note: note, by: author, at: outcome.at)
                switch status {
                case .pass: result.passed += 1
                case .fail: result.failed += 1
                default: result.notApplicable += 1
                }
                if !files.isEmpty {
                    console.paragraph(style.dim("  attached " + files.map { console.safe($0.name) }.joined(separator: ", ")), hanging: 4)
                }
                answers.append((index, status, outcome.recordings))
                index += 1
                let savedNote = note != nil
                resetPending()
                if interrupted {
                    console.line(style.dim("  the failure is saved" + (savedNote ? " with its note as typed" : "")))
                    return .interrupted
                }
            case .passRest:
                // Every check still to do at this size, as one command: one transaction, one time,
                // one line, and one `back` (or `undo`) takes them all back.
                console.line(console.statusLabel(.pass) + style.dim(" the rest at \(step.size.id)"))
                if try newsChangedTheCheck(answered: true) { continue }
                let rest = steps[index...].prefix { $0.size == step.size }
                guard let outcome = try save(RecordingRequest(screen: screen, items: rest.map(\.item), sizes: [step.size], status: .pass, note: note,
                                                              evidence: files, by: author)) else { continue }
                watch.saved(outcome.recordings, as: .pass)
                for recording in outcome.recordings {
                    cells[CellKey(item: recording.item, size: recording.size)] = Shown(status: .pass, note: note, by: author, at: outcome.at)
                }
                result.passed += outcome.recordings.count
                console.paragraph("  Recorded \(counted(outcome.recordings.count, "cell")) of \(console.safe(screen.name)) as pass: "
                                  + console.cellList(outcome.recordings.map { ($0.item, $0.size) }), hanging: 4)
                answers.append((index, .pass, outcome.recordings))
                index += rest.count
                resetPending()
            case .skip:
                console.line(style.dim("skip"))
                result.skipped += 1
                index += 1
                resetPending()
            case .back:
                console.line(style.dim("back"))
                guard let last = answers.popLast() else {
                    // Nothing answered in this walk: back goes on into what was answered before it.
                    if let reopened = try takeBackEarlier(on: screen, cells: &cells, remaining: steps[index...]) {
                        steps.insert(contentsOf: reopened.steps, at: index)
                        result.takenBack += reopened.count
                        shownSize = nil
                    }
                    resetPending()
                    continue
                }
                let undone = steps[last.index]
                // Taken back as 'dtaudit undo' takes back: the answer's recording is retracted, and the
                // cell shows what it held before the answer again.
                _ = try store.write { try store.retract(last.recordings.map(LogRecord.recording), note: "undone", by: author) }
                let now = try self.state(of: screen)
                for recording in last.recordings {
                    cells[CellKey(item: recording.item, size: recording.size)] = now?.cell(recording.item, recording.size).map { Shown($0) }
                    watch.answered[CellKey(item: recording.item, size: recording.size)] = nil
                }
                let restored = now?.cell(undone.item, undone.size)
                let count = last.recordings.count
                switch last.status {
                case .pass: result.passed -= count
                case .fail: result.failed -= count
                default: result.notApplicable -= count
                }
                result.takenBack += count
                if count > 1 {
                    console.line(style.dim("  took back the \(count) passes at \(undone.size.id); they are to check again"))
                } else {
                    let now = restored.flatMap { $0.status.isAnswered ? "it shows its earlier \($0.status.rawValue) again" : nil } ?? "it is untested again"
                    console.paragraph(style.dim("  took back \(last.status.rawValue) for \(undone.size.id) \(undone.item); \(now)"), hanging: 4)
                }
                if undone.size != step.size { shownSize = nil }
                index = last.index
                resetPending()
            case .note(let text):
                console.line(style.dim("note"))
                let typed = text ?? ask("  Note › ")
                if input.lineInterrupted { return .interrupted }
                if let typed, !typed.trimmedLine.isEmpty {
                    note = try checkedNote(typed)
                }
            case .evidence(let path):
                console.line(style.dim("evidence"))
                let typed = path ?? ask("  File to attach › ")
                if input.lineInterrupted { return .interrupted }
                if let path = typed, let candidate = try checkEvidence(path) {
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
                    console.paragraph(style.yellow("  \(text) is not an answer") + style.dim(": p pass · f fail · a n/a · s skip · r pass the rest · b back · n note · e evidence · q quit · ? help"),
                                      hanging: 4)
                } else {
                    throw AuditInputError(position: input.position,
                                          problem: "'\(TextLayout.singleLine(text))' is not an answer; answers are pass, fail, na, skip, rest, back, note TEXT, evidence FILE and quit (or p f a s r b n e q); the answers before it are saved",
                                          exitStatus: 64)
                }
            }
        }
        return .finished
    }

    /// Takes back, as `undo` does, the latest answers the auditor recorded on `screen` before this
    /// walk (one answer, or one command's), and returns the checks to ask again that the walk does
    /// not hold already; nil when there was nothing to take back.
    private func takeBackEarlier(on screen: Screen, cells: inout [CellKey: Shown],
                                 remaining: ArraySlice<AuditPlan.Step>) throws -> (steps: [AuditPlan.Step], count: Int)? {
        let earlier = try store.latestUndoableRecordings(by: author, on: screen)
        guard !earlier.isEmpty else {
            console.paragraph(style.dim("  nothing of \(console.safe(author))'s to take back on this screen"), hanging: 4)
            return nil
        }
        _ = try store.write { try store.retract(earlier.map(LogRecord.recording), note: "undone", by: author) }
        let state = try self.state(of: screen)
        let ahead = Set(remaining.map { CellKey(item: $0.item, size: $0.size) })
        let rank = Dictionary(checklist.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var steps: [AuditPlan.Step] = []
        for recording in earlier.sorted(by: { (Size.auditRank[$0.size.rawValue], rank[$0.item] ?? .max) < (Size.auditRank[$1.size.rawValue], rank[$1.item] ?? .max) }) {
            let key = CellKey(item: recording.item, size: recording.size)
            let restored = state?.cell(recording.item, recording.size)
            cells[key] = restored.map { Shown($0) }
            if !ahead.contains(key) {
                steps.append(AuditPlan.Step(item: recording.item, size: recording.size, reason: restored?.status.isAnswered == true ? nil : .unrecorded))
            }
        }
        let first = earlier[0]
        let what = earlier.count == 1 ? "\(first.status.rawValue) for \(first.size.id) \(first.item)" : "\(earlier.count) answers recorded together"
        console.paragraph(style.dim("  took back \(what), answered \(first.at.inLocalTime.minute) before this walk; asking again"), hanging: 4)
        return (steps, earlier.count)
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
        if input.lineInterrupted {
            // The terminal echoed ^C; end its line.
            console.line()
            return text.trimmedLine.isEmpty ? nil : text
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
                console.paragraph(style.yellow("  " + error.message), hanging: 4)
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
            console.paragraph(style.yellow("  " + error.description), hanging: 4)
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
}
