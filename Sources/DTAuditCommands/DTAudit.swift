import ArgumentParsing
import AuditLog

/// The `dtaudit` command: runs a team's Dynamic Type audit of an iOS app.
public struct DTAudit: ParsableCommand {
    /// Kept with the shared file's reader, which names the release a file needs (`Release`).
    public static let version = Release.version
    /// The rule sections of the scan's page, for SARIF's `helpUri`: each rule id is its heading's anchor.
    static let rulesHelpBase = "https://github.com/dtaudit/dtaudit/blob/main/Docs/scan.md"

    public static let configuration = CommandConfiguration(
        commandName: "dtaudit",
        abstract: "Run a team's Dynamic Type audit of an iOS app, from triage to a review-ready report.",
        discussion: """
            The audit's store is found by walking up from the working folder the way git finds .git: \
            in a git checkout it is kept under git's directory (.git/dtaudit/), out of reach of git clean, \
            git stash --all and git worktree remove; elsewhere in .dtaudit/ in the app's folder. Every \
            read command takes --json.

            A typical round:
              dtaudit init --app "Trailhead"
              dtaudit screen add "Checkout" --flow checkout --critical --file "App/Checkout/*.swift"
              dtaudit record Checkout --size l,ax3,ax5 --item all --pass
              dtaudit record Checkout --size ax5 --item no-truncation --fail --note "Pay button clipped"
              dtaudit fix Checkout --type scroll --item no-truncation --ref "PR 412"
              dtaudit next
              dtaudit scan --record
              dtaudit status
              dtaudit export
            """,
        // The shell scripts' candidates command is for the tool's own use: never listed.
        subcommands: [CandidatesCommand.self],
        // In the order of an audit: start, record, fix, share, check in CI, report; then the tools.
        groupedSubcommands: [
            CommandGroup(name: "Getting started", subcommands: [InitCommand.self, DemoCommand.self, ScreenCommand.self, TriageCommand.self]),
            CommandGroup(name: "Recording", subcommands: [
                AuditCommand.self, RecordCommand.self, NextCommand.self, EvidenceCommand.self, CaptureScriptCommand.self,
                RetractCommand.self, UndoCommand.self, AmendCommand.self, ConfirmCommand.self, WaiveCommand.self,
            ]),
            CommandGroup(name: "Fixing", subcommands: [FixCommand.self, ScanCommand.self, ExplainCommand.self]),
            CommandGroup(name: "Sharing", subcommands: [SyncCommand.self, ImportCommand.self, GitSetupCommand.self, MergeDriverCommand.self]),
            CommandGroup(name: "CI", subcommands: [GateCommand.self, FileCommand.self, XCTestTemplateCommand.self]),
            CommandGroup(name: "Reports", subcommands: [StatusCommand.self, HistoryCommand.self, ExportCommand.self]),
            CommandGroup(name: "Tools", subcommands: [SizesCommand.self, ChecklistCommand.self, CompletionsCommand.self, ManualCommand.self]),
        ],
        version: DTAudit.version
    )

    @OptionGroup var global: GlobalOptions

    public init() {}
}
