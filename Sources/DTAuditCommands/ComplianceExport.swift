import ArgumentParsing
import AuditLog
import AuditStore
import Interchange
import Output
import Platform
import Reports

/// Who a conformance report is about and by whom (`export --format openacr|vpat`).
struct ReportPartyOptions: ParsableArguments {
    @Option(help: "openacr, vpat: the product's name (default: the audit's app name).", valueName: "name")
    var product: String?

    @Option(help: "openacr, vpat: the product's version.", valueName: "version")
    var productVersion: String?

    @Option(help: "openacr: a sentence on what the product is.", valueName: "text")
    var productDescription: String?

    @Option(help: "openacr, vpat: who prepared the report (default: the name --by would take).", valueName: "name")
    var author: String?

    @Option(help: "openacr (required there), vpat: the author's email (default: git's user.email).", valueName: "email")
    var authorEmail: String?

    @Option(help: "openacr, vpat: the author's company; the report's title names it.", valueName: "name")
    var company: String?

    var isEmpty: Bool {
        product == nil && productVersion == nil && productDescription == nil && author == nil && authorEmail == nil && company == nil
    }

    /// The parties, each value checked as a name is; the product's name from the store by default.
    func parties(app: String, console: Console, requireEmail: Bool) throws -> ReportParties {
        func checked(_ value: String?, _ what: String) throws -> String? {
            try value.map { try InputRules.name($0, what: what) }
        }
        var email = try checked(authorEmail, "--author-email")
        if email == nil, let configured = Subprocess.output(of: "git", ["config", "user.email"])?.trimmedLine, !configured.isEmpty {
            email = try? InputRules.name(configured, what: "git's user.email")
        }
        if requireEmail && (email ?? "").isEmpty {
            throw ValidationError("an OpenACR report must name its author's email: give --author-email (or set git's user.email)")
        }
        return ReportParties(product: try checked(product, "--product") ?? app, productVersion: try checked(productVersion, "--product-version"),
                             productDescription: try productDescription.flatMap { try InputRules.note($0, what: "--product-description") },
                             author: try author.map { try InputRules.name($0, what: "--author") } ?? console.author(nil),
                             authorEmail: email ?? "", company: try checked(company, "--company"))
    }
}

extension ExportCommand {
    /// The OpenACR fragment, or the VPAT rows with their HTML page beside them. Refused (exit 1)
    /// while a criterion cannot be judged yet: both formats allow "Not Evaluated" only at level AAA.
    func exportCompliance(_ store: AuditStore, console: Console) throws {
        let (document, snapshot) = try store.read { (try AuditDocument(store: store), try store.snapshot(detailed: true)) }
        let conformance = ConformanceReport(snapshot)
        if let open = conformance.unfileable.first {
            let names = conformance.unfileable.map { "\($0.number) \($0.name)" }.joined(separator: " and ")
            console.line("\(names) cannot be reported yet: \(open.remarks)")
            console.line("OpenACR and VPAT reports allow \"Not Evaluated\" only for level AAA criteria; record the open checks first ('dtaudit next').")
            throw ExitCode.failure
        }
        let day = date?.text ?? document.latestActivity.day
        var input = ReportInput(document: document, snapshot: snapshot, date: day, generator: "dtaudit \(DTAudit.version)")
        input.parties = try parties.parties(app: document.app, console: console, requireEmail: format == .openacr)
        let path: String?
        if let output, output != "-" {
            path = StoreLocation.absolute(output.path, from: console.workingDirectory)
        } else if output == "-" {
            path = nil
        } else {
            path = store.location.root + "/Exports/" + "\(AppSlug.make(document.app))-\(day)\(format.fileNameSuffix).\(format.fileExtension)"
        }
        if let path, format == .vpat { input.chartFile = VPATReporter.htmlName(forReport: PathNames.fileName(of: path)) }
        let report = format.reporter!.render(input)
        guard let path else {
            console.out.write(report.text)
            return
        }
        let shown = try Paths.prepareReport(at: path, toDefaultPlace: output == nil, store: store.location, console: console)
        let folder = PathNames.folder(of: path)
        var written: [String] = []
        for attachment in report.attachments {
            let attachmentShown = PathNames.shown(folder + "/" + attachment.fileName, from: console.workingDirectory)
            try Paths.checkIsFile(folder + "/" + attachment.fileName, shownAs: attachmentShown)
            try Paths.write(attachment.text, to: folder + "/" + attachment.fileName, shownAs: attachmentShown)
            written.append(attachmentShown)
        }
        try Paths.write(report.text, to: path, shownAs: shown)
        let levels = conformance.criteria.map { "\($0.number) \($0.level.rawValue)" }.joined(separator: ", ")
        console.line("Wrote \(console.safe(shown))" + (written.first.map { " and \(console.safe($0))" } ?? "") + " (\(levels), as of \(day))")
    }
}
