import ArgumentParsing
import AuditStore
import AutomatedRuns
import Output
import Platform

struct ImportRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-xcresult",
        abstract: "Take in what a UI-test run found: screenshots as evidence, audit issues and judged hierarchies as checks.",
        discussion: """
            Reads the folder 'xcrun xcresulttool export attachments' writes (the files and \
            manifest.json), the JSON of 'xcresulttool get test-results tests', 'activities' or \
            'summary' (Xcode 16 and later), the legacy 'xcresulttool get --legacy --format json', the \
            audit JSON of Appium ('mobile: performAccessibilityAudit') and pymobiledevice3 \
            ('developer accessibility run-audit'), or a folder of screenshots and such JSON files \
            named by screen and size. On a Mac with xcrun, a result bundle (R.xcresult) is read with \
            xcresulttool directly; elsewhere dtaudit says which command to run on a Mac.

            Each attachment and test is matched to a screen and a size by its names (the harness's \
            'Checkout_ax5', test names such as testCheckoutAX5, every size spelling snapshot tools use, \
            the test suite's name), like 'evidence import'. Screenshots attach to the screen at that \
            size. Audit issues fail the matching checks, with the issue and its element as the note: \
            Dynamic Type issues the 'text-scales' item, clipped text 'no-truncation'; issues of other \
            kinds (contrast, hit regions, ...) are counted and ignored. A check passes only when \
            dtaudit's harness (xctest-template) says it ran that audit and it found nothing, and only \
            where the checklist plans it; everything else stays for a person.

            Element hierarchies (WebDriverAgent's page source, which Appium returns and the \
            harness writes, one file per screen and size: 'Checkout_ax5.xml') are matched the same \
            way and judged: text-scales, no-overlap, reachable, cells-resize, icons-scale and \
            default-unchanged are decided from the elements' frames where the run holds what each \
            rule needs (Docs/judges.md), and left to people where it does not. With tesseract on \
            the PATH, each label is also read back from the screenshot and no-truncation decided: \
            a label whose letters do not all read back, that shows an ellipsis or is cut by its \
            frame fails. Each failure gets \
            crops of the screenshots with the failing elements outlined, linked to its recording. \
            The Large hierarchy is kept, for the first run after a fix to compare with. A \
            hierarchy that cannot be read (a document type declaration, over 16 MB, 20,000 \
            elements or 256 levels) refuses the whole run: nothing is changed.

            Every recording names the run (the input's name and a fingerprint of its contents), and \
            the review page marks them apart from a person's. Importing the same run again adds \
            nothing. A path in an imported file never reaches outside its folder: a manifest that \
            names one is refused. A JSON file is read whole, up to 16 MB.
            """,
        examples: [
            ("xcrun xcresulttool export attachments --path R.xcresult --output-path R-attachments", "On a Mac: export a run's attachments."),
            ("dtaudit evidence import-xcresult R-attachments --dry-run", "Show what would attach where and which checks would be recorded."),
            ("dtaudit evidence import-xcresult R.xcresult", "On a Mac: read the bundle with xcresulttool and import it."),
        ],
        aliases: ["import-run"]
    )

    @Argument(help: "The exported attachments folder, a JSON file, or (on a Mac) an .xcresult bundle.", valueName: "dir|file")
    var input: PathArgument

    @OptionGroup var intake = IntakeOptions(dryRun: "Only show the plan: what would attach where, which checks become what, what did not match and why.")

    @Flag(help: "Every check and verdict with its size and whole reason, instead of one line for each screen and judge.")
    var verbose = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let store = try intake.openStore(console)
        let dryRun = intake.dryRun
        let path = console.absolutePath(input.path)
        let result = try RunReader.read(path: path, shownAs: input.path)
        defer {
            if let temporary = result.temporaryFolder { XCResultTool.removeExport(temporary) }
        }
        let map = try intake.map(console, store: store)
        let plan = try RunImport.plan(result, store: store, map: map, hashFiles: dryRun,
                                      progress: console.progress(total: result.contents.screenshots.count, verb: "reading"),
                                      labels: .onPath(progress: Console.labelProgress()))
        var outcome: RunImport.Outcome?
        if !dryRun && (!plan.attachments.isEmpty || !plan.cells.isEmpty) {
            let author = try intake.resolvedAuthor(console)
            outcome = try RunImport.apply(plan, store: store, by: author,
                                          progress: console.progress(total: plan.attachments.count, verb: "storing"))
        }
        if intake.json {
            console.json(RunImportReport.json(plan, outcome: outcome, dryRun: dryRun))
        } else {
            RunImportReport.text(plan, outcome: outcome, dryRun: dryRun, verbose: verbose, input: input.path, console: console)
        }
    }
}
