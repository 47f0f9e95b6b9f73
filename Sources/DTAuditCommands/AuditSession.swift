import ArgumentParsing
import AuditStore
import AuditWorkflows
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
        var tally = GuidedWalk.Tally()
        /// Checks left on the screen after the walk; nil when the store could not say.
        var remaining: Int?

        var passed: Int { tally.passed }
        var failed: Int { tally.failed }
        var notApplicable: Int { tally.notApplicable }
        var skipped: Int { tally.skipped }
        var takenBack: Int { tally.takenBack }
        var answered: Int { tally.answered }
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

    // MARK: Walking one screen

    /// Asks each check of `screen` and hands every answer to its `GuidedWalk`, which saves it.
    func walk(_ screen: Screen) throws -> Outcome {
        guard let walk = try GuidedWalk(store: store, screen: screen, author: author, checklist: checklist, sizes: sizes, everything: everything) else {
            return .finished
        }
        // However the walk ends, an error included, the summary shows the screen as the store has it.
        defer {
            var result = ScreenResult(screen: screen, before: walk.before, after: walk.before, tally: walk.tally)
            if let after = walk.standingAfter() {
                result.after = after.standing
                result.remaining = after.remaining
            }
            results.append(result)
        }
        guard !walk.steps.isEmpty else { return .finished }

        var heading = style.bold(console.safe(screen.name)) + "  " + console.standingLabel(walk.before)
        if screen.critical { heading += style.magenta(" · critical") }
        console.line()
        console.paragraph(heading + style.dim("  \(counted(walk.steps.count, "check")) to do"), hanging: 2)

        var shownSize: Size?
        var showCell = true
        var note: String?
        var files: [EvidenceCandidate] = []

        func resetPending() {
            note = nil
            files = []
            showCell = true
        }

        /// Saves through `record`; a file that vanished or changed since it was checked saves
        /// nothing, which is said, and the check is asked again.
        func save(_ record: () throws -> RecordingOutcome) throws -> RecordingOutcome? {
            do {
                return try record()
            } catch let error as EvidenceError {
                try report(error)
                console.line(style.dim("  nothing was saved; answer this check again"))
                resetPending()
                return nil
            }
        }

        /// Shows what others recorded meanwhile; true when the check shown changed, so that it is
        /// shown again, and an answer just given to it is not saved.
        func newsChangedTheCheck(answered: Bool) throws -> Bool {
            let news = try walk.takeNews(shown: answered || !showCell)
            for item in news.news { tellNews(item) }
            guard news.currentChanged else { return false }
            if answered { console.line(style.dim("  the answer was not saved: answer this check again")) }
            showCell = true
            return true
        }

        while let step = walk.current {
            if try newsChangedTheCheck(answered: false) { continue }
            if step.size != shownSize {
                printSizeHeader(step.size, count: walk.restAtSize.count)
                shownSize = step.size
            }
            if showCell {
                printStep(step, number: walk.index + 1, of: walk.steps.count, current: walk.shown(step))
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
                guard try save({ try walk.answer(status, note: note, evidence: files) }) != nil else { continue }
                if !files.isEmpty {
                    console.paragraph(style.dim("  attached " + files.map { console.safe($0.name) }.joined(separator: ", ")), hanging: 4)
                }
                let savedNote = note != nil
                resetPending()
                if interrupted {
                    console.line(style.dim("  the failure is saved" + (savedNote ? " with its note as typed" : "")))
                    return .interrupted
                }
            case .passRest:
                console.line(console.statusLabel(.pass) + style.dim(" the rest at \(step.size.id)"))
                if try newsChangedTheCheck(answered: true) { continue }
                guard let outcome = try save({ try walk.passRest(note: note, evidence: files) }) else { continue }
                console.paragraph("  Recorded \(counted(outcome.recordings.count, "cell")) of \(console.safe(screen.name)) as pass: "
                                  + console.cellList(outcome.recordings.map { ($0.item, $0.size) }), hanging: 4)
                resetPending()
            case .skip:
                console.line(style.dim("skip"))
                walk.skip()
                resetPending()
            case .back:
                console.line(style.dim("back"))
                let back = try walk.back()
                tellBack(back)
                // Answers from before the walk reopen checks of their own: their size is shown again.
                if case .earlier = back { shownSize = nil } else if walk.current?.size != step.size { shownSize = nil }
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
