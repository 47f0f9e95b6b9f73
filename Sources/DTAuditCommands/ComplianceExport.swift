import ArgumentParsing
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

    var isEmpty: Bool { request.isEmpty }

    /// The parties as typed; the export checks them and fills in the rest (`ReportPartyRequest`).
    var request: ReportPartyRequest {
        ReportPartyRequest(product: product, productVersion: productVersion, productDescription: productDescription, author: author,
                           authorEmail: authorEmail, company: company)
    }
}
