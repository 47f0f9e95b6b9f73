import ArgumentParsing
import AuditStore
import DynamicType
import Evidence
import Output

struct XCTestTemplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xctest-template",
        abstract: "Print a Swift UI-test file that audits screens at every planned text size.",
        discussion: """
            The file is for an app's UI-test target (XCTest, iOS 17 or later). It has one test per \
            size: each launches the app at that size (-UIPreferredContentSizeCategoryName), opens \
            every screen through a closure you fill in, attaches a screenshot and the screen's \
            element hierarchy (XCUIApplication.snapshot(), written as WebDriverAgent's page source) \
            both named '<screen>_<size>', and runs performAccessibilityAudit(for: [.dynamicType, \
            .textClipped]), collecting the issues into a 'dtaudit-audit' JSON attachment without \
            failing the test (set failOnIssues to fail it too; fill in primaryActions to have each \
            screen's primary action checked). 'dtaudit evidence import-xcresult' reads what the run \
            leaves: the screenshots become evidence, the issues failed checks, an audit with no \
            issue a pass of the check it covers, and the hierarchies are judged (Docs/judges.md).

            With --locales de,ru the screens run again in each locale (-AppleLanguages, \
            -AppleLocale) at the sizes long-translations is planned at and at Large, its files and \
            audits named '<screen>_<size>_<locale>': a run in the base locale decides the usual \
            checks, a run in another locale decides long-translations (Docs/judges.md).

            Screens are those given with --screens (names or unique prefixes, looked up in the \
            store), else every screen of the audit; sizes are those the checklist plans, largest \
            first, or --size.
            """,
        examples: [
            ("dtaudit xctest-template > AppUITests/DynamicTypeAuditTests.swift", "Every screen of the audit."),
            ("dtaudit xctest-template --screens Checkout --screens \"Sign in\" --size ax5,ax3,l", "Two screens at three sizes."),
            ("dtaudit xctest-template --locales de,ru", "Every screen in the base locale, German and Russian."),
        ]
    )

    @Option(help: "A screen to audit (repeat for more); default: every screen of the audit.", valueName: "screen", completion: .screens)
    var screens: [String] = []

    @Option(name: .names("size", short: "s"), help: "Sizes to test (default: every size the checklist plans); ids, ranges, all, standard, accessibility.", valueName: "sizes")
    var size: SizeSelection?

    @Option(help: "Locales to run every size in as well, after the base locale: language codes like de, ru, pt-BR.", valueName: "locales")
    var locales: LocaleSelection?

    @OptionGroup var global: GlobalOptions

    /// The sizes a locale decides `long-translations` at, and Large, by the audit's checklist (the
    /// shipped one outside an audit); nil when the checklist has no such item.
    static func localeSizes(_ console: Console) throws -> Set<Size>? {
        let checklist: Checklist
        do {
            checklist = try console.openStore(.read).checklist()
        } catch StoreError.notFound {
            checklist = try ShippedChecklists.defaultChecklist()
        }
        return checklist.item("long-translations").map { Set($0.sizes + [.l]) }
    }

    func run() throws {
        let console = Console(global)
        var (unique, planned) = try CaptureScriptCommand.screensAndSizes(screens, console: console, everyWhenNone: true)
        if unique.isEmpty { unique = ["Home"] }
        let template = XCTestTemplate(screens: unique, sizes: size?.sizes ?? planned, generator: "dtaudit \(DTAudit.version) xctest-template",
                                     locales: locales?.locales ?? [], localeSizes: locales == nil ? nil : try Self.localeSizes(console))
        console.out.write(template.render())
    }
}

/// Locales as typed: `de,ru,pt-BR`, each a language code a file name can carry.
struct LocaleSelection: ExpressibleByArgument {
    var locales: [String]

    init(argument: String) throws {
        var locales: [String] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmedLine }) {
            guard let locale = RunLocale.normalized(part) else {
                throw ValidationError("'\(TextLayout.singleLine(part))' is not a locale: give language codes like de, ru or pt-BR, separated by commas")
            }
            if !locales.contains(locale) { locales.append(locale) }
        }
        self.locales = locales
    }
}
