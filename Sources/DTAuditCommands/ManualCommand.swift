import ArgumentParsing
import Output
import Platform

/// `dtaudit manual`: the manual page, from the same declarations as `--help`.
struct ManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual",
        abstract: "Print dtaudit's manual page (mdoc), written from the same declarations as its help.",
        discussion: "'make install' installs it as share/man/man1/dtaudit.1 under PREFIX, where man finds it.",
        examples: [("dtaudit manual > dtaudit.1 && man ./dtaudit.1", "Read it without installing.")]
    )

    @OptionGroup var global: GlobalOptions

    /// The page's date: the day this version was released, so that one version writes one page.
    static let releaseDate = "December 1, 2026"

    func run() throws {
        let statuses = ["0: Done."] + ExitStatus.allCases.map { "\($0.rawValue): \($0.meaning)" }
            + ["129, 130, 143: audit ended by a closed terminal, Ctrl-C or SIGTERM; every answer given before is saved."]
        let page = ManualPage.render(root: DTAudit.self, date: Self.releaseDate, sections: [
            ManualPage.Section(title: "Environment", paragraphs: [
                "DTAUDIT_STORE: the store's folder to use, as --store.",
                "DTAUDIT_USER: who is acting, before git's user.name and the login name.",
                "NO_COLOR: never colour the output (--color always overrides it).",
                "COLUMNS: the width tables are cut to; TZ: the time zone times are shown in.",
            ]),
            ManualPage.Section(title: "Files", paragraphs: [
                ".git/dtaudit/root/audit.sqlite: the store of the audit at the top of a git checkout (.git/dtaudit/root%2Fios/ for one in ios/), "
                    + "shared by its linked work trees; outside git, .dtaudit/audit.sqlite in the app's folder.",
                "Exports/<app>.json and Exports/<app>-evidence/: the audit the team shares through git, and its screenshots.",
            ]),
            ManualPage.Section(title: "Exit status", paragraphs: statuses),
        ])
        BufferedOutput.standardOutput.write(page)
    }
}
