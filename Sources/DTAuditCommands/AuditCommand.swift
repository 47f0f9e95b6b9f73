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
              b  back: take back the last answer and return to its check, as
                 'dtaudit undo' does: the history keeps it, marked as taken back
              q  quit                ?  these keys

            With piped input the answers come one a line, as the keys above or as words (pass, fail, \
            na, skip, back, note TEXT, evidence FILE, quit); after a failure the next line is its \
            note and the lines after it are files to attach, up to an empty line. A line that is \
            not an answer stops the walk with status 64.

            Every answer is saved the moment it is given: quitting, Ctrl-C (status 130) or a closed \
            terminal loses nothing answered, and running audit again carries on where it stopped. \
            Skipped checks come back the next time.

            What others record on the screen while the walk is open (a pull and sync in another \
            terminal) is shown before the next answer is saved: a check answered in this walk that \
            somebody else recorded meanwhile is asked again, and an answer given to a check whose \
            result changed under it is not saved; the check is shown again with its new result.
            """,
        examples: [
            ("dtaudit audit Checkout", "Audit one screen, AX5 first."),
            ("dtaudit audit --size ax5", "Everything to check at AX5, screen after screen."),
            ("printf 'p\\np\\nf\\nPay button clipped\\n\\n' | dtaudit audit Checkout", "Scripted answers."),
        ]
    )

    @OptionGroup var screen = OptionalScreenArgument(help: "The screen to audit, by name or unique prefix (default: every screen with checks to do).")

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
        let typed = try filter.selection(console)
        let store = try console.openStore()
        let selection = try filter.resolve(typed, in: store, console: console)
        let author = try InputRules.name(try console.author(author.by), what: "the auditor's name")
        let sizes = size.map { Set($0.sizes) }
        let only = try screen.resolve(in: store)
        let checklist = try store.checklist()
        let walk = try store.auditWalk(only: only, selection: selection, sizes: sizes, everything: all)
        let planned = walk.screens
        if planned.isEmpty {
            let scope = sizes.map { " at " + Size.auditOrder.filter($0.contains).map(\.id).joined(separator: ",") } ?? ""
            if let only {
                console.line("Nothing to check on \(console.style.bold(console.safe(only.name)))\(scope).")
            } else if walk.looked == 0 && !selection.isEverything {
                filter.sayNoScreen(selection, among: try store.screens(), console: console)
            } else {
                let chosen = selection.isEverything ? "" : " on the screens " + console.safe(selection.description)
                console.line(walk.looked == 0 && selection.isEverything ? "No screens yet: add one with 'dtaudit screen add NAME'."
                                                                                : "Nothing to check\(chosen)\(scope).")
            }
            return
        }

        // Whose name the answers will carry is said before the first question, not after the first answer.
        console.noteSigner(store)
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
