import ArgumentParsing
import AuditStore
import Demo
import Platform

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Create an example audit of a made-up hiking app in ./dtaudit-demo and show its status.",
        discussion: """
            The example holds 18 screens in every category, five weeks of recordings by two auditors, \
            fixes of every type by two developers, retests and default re-checks still to do, screenshots \
            of a few screens (sketches the demo draws) attached as evidence, a UI-test run whose element hierarchies \
            the judges read (their failures cropped from its screenshots), and the app's SwiftUI and UIKit sources in \
            Trailhead/ with a recorded 'dtaudit scan' of them. It is the same every time, so its export \
            can be compared across versions. Run it again to start over.
            """,
        examples: [("dtaudit demo && cd dtaudit-demo && dtaudit next", "")]
    )

    @Option(help: "Where to create the example.", valueName: "dir")
    var path: PathArgument = "dtaudit-demo"

    @Flag(help: "Only create the example; don't print its status.")
    var quiet = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        let folder = StoreLocation.absolute(path.path, from: console.workingDirectory)
        let store = try Demo.create(in: folder, shownAs: path.path, tool: "dtaudit \(DTAudit.version)")
        if quiet { return }
        let (snapshot, findings, problems) = try StatusCommand.read(store)
        StatusCommand.text(snapshot, findings: findings, problems: problems, console: console)
        console.line()
        console.line("Created the example audit in \(path)/, with the app's sources in \(path)/\(Demo.sourcesFolder)/. Try:")
        // Right after `swift run dtaudit demo`, `dtaudit` is not on the PATH: the hints then name this binary.
        let dtaudit = Executable.command("dtaudit", for: Executable.current(workingDirectory: console.workingDirectory),
                                         path: System.environment("PATH"))
        for command in ["cd " + Executable.shellWord(path.path), "\(dtaudit) next", "\(dtaudit) screen show \"Checkout: cart\"",
                        "\(dtaudit) scan", "\(dtaudit) export        # the review page, in Exports/"] {
            console.line("  " + command)
        }
    }
}
