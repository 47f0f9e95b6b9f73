import AuditLog
import AuditStore
import DynamicType
import Output

/// How the app conforms to WCAG 2.2 success criterion 1.4.10 Reflow (level AA): content reflows
/// instead of needing scrolling in two directions. In an iOS app that is what the checks mapped to
/// 1.4.10 test (layouts that turn vertical, everything reachable, errors next to their fields,
/// landscape), at every planned size: larger text is where layouts run out of room.
public struct ReflowVerdict: Sendable {
    public static let criterion = "1.4.10"

    public var level: ResizeTextVerdict.Level
    public var screens: Int
    /// Screens with a failed 1.4.10 check, with the checks.
    public var failing: [(screen: String, items: [String])]
    /// Screens whose 1.4.10 checks are not all recorded yet, by name.
    public var incompleteScreens: [String]
    public var incomplete: Int { incompleteScreens.count }
    public var checklistCovers: Bool

    public init(_ snapshot: AuditSnapshot) {
        let items = snapshot.checklist.items.filter { $0.wcag.contains(Self.criterion) }
        let relevant = Set(items.map(\.id))
        checklistCovers = !items.isEmpty
        screens = snapshot.screens.count
        failing = []
        incompleteScreens = []
        for state in snapshot.screens {
            var failed: [String] = []
            for cell in state.failedCells where relevant.contains(cell.item) && !failed.contains(cell.item) { failed.append(cell.item) }
            if !failed.isEmpty {
                failing.append((state.screen.name, failed))
            } else if items.contains(where: { item in item.sizes.contains { (state.cell(item.id, $0)?.status ?? .untested) == .untested } }) {
                incompleteScreens.append(state.screen.name)
            }
        }
        level = Self.level(failures: failing.count, incomplete: incompleteScreens.count, screens: screens, covered: checklistCovers)
    }

    /// The rule both criteria share: Supports when every screen passes, Partially Supports when
    /// some fail, Does Not Support when most do, Not Evaluated while nothing fails and checks are open.
    static func level(failures: Int, incomplete: Int, screens: Int, covered: Bool) -> ResizeTextVerdict.Level {
        if !covered || screens == 0 { return .notEvaluated }
        if failures == 0 { return incomplete == 0 ? .supports : .notEvaluated }
        return failures * 2 > screens ? .doesNotSupport : .partiallySupports
    }
}

extension ResizeTextVerdict.Level {
    /// The adherence level as OpenACR spells it (`partially-supports`).
    public var openACR: String {
        switch self {
        case .supports: "supports"
        case .partiallySupports: "partially-supports"
        case .doesNotSupport: "does-not-support"
        case .notEvaluated: "not-evaluated"
        }
    }

    /// OpenACR and VPAT 2.x allow "Not Evaluated" for level AAA criteria only: an AA criterion must
    /// be judged before a report can be filed.
    public var fileableAtAA: Bool { self != .notEvaluated }
}

/// The two criteria an audit of Dynamic Type speaks to, as the rows of a conformance report: the
/// level and the remarks, derived from which screens fail which checks at which sizes.
public struct ConformanceReport: Sendable {
    public struct Criterion: Sendable {
        /// `1.4.4`
        public var number: String
        /// `Resize Text`
        public var name: String
        /// `AA`
        public var wcagLevel: String
        public var level: ResizeTextVerdict.Level
        /// Remarks and explanations, in plain text (each renderer escapes them).
        public var remarks: String
        /// Whether the level is final, and the open checks that could still change it.
        public var outlook: ConformanceOutlook
        /// Screens whose open checks of the criterion could still make them fail or pass, by name.
        public var toRecord: [String] { outlook.open.map(\.screen) }
        /// A level a conformance report can carry: judged, and no open check could change it.
        public var fileable: Bool { level.fileableAtAA && outlook.isFinal }
    }

    public var criteria: [Criterion]
    public var screens: Int
    /// Each screen's place in the audit's order, by name.
    let order: [String: Int]

    /// Screens with checks of either criterion still to record, in the audit's order of screens.
    public var screensToRecord: [String] {
        var seen = Set<String>()
        return inOrder(criteria.flatMap(\.toRecord).filter { seen.insert($0).inserted }, by: { $0 })
    }

    /// `entries` in the audit's order of screens.
    func inOrder<T>(_ entries: [T], by screen: (T) -> String) -> [T] {
        entries.enumerated().sorted { (order[screen($0.element)] ?? .max, $0.offset) < (order[screen($1.element)] ?? .max, $1.offset) }.map(\.element)
    }

    public init(_ snapshot: AuditSnapshot) {
        screens = snapshot.screens.count
        order = Dictionary(snapshot.screens.enumerated().map { ($1.screen.name, $0) }, uniquingKeysWith: { first, _ in first })
        let resize = ResizeTextVerdict(snapshot)
        let reflow = ReflowVerdict(snapshot)
        let (resizeOutlook, reflowOutlook) = (ResizeTextVerdict.outlook(snapshot), ReflowVerdict.outlook(snapshot))
        let limit = LargerTextVerdict.doublingSize
        let scope = "Audited on \(counted(screens, "screen")) of the iOS app with Dynamic Type, at the text sizes the checklist plans from xSmall to AX5."
        criteria = [
            Criterion(number: ResizeTextVerdict.criterion, name: "Resize Text", wcagLevel: "AA", level: resize.level,
                      remarks: Self.remarks(scope: scope + " The criterion is judged at the sizes up to \(limit.id), where body text reaches 200 %, and on text that does not scale at all.",
                                            covered: resize.checklistCovers, criterion: ResizeTextVerdict.criterion,
                                            failures: Self.failures(snapshot, items: resize.failing, upTo: limit, scalingAnywhere: true),
                                            notScaling: resize.notScaling, capped: resize.capped.map { "\($0.screen): \($0.cap)" },
                                            open: resizeOutlook.open.count, screens: screens),
                      outlook: resizeOutlook),
            Criterion(number: ReflowVerdict.criterion, name: "Reflow", wcagLevel: "AA", level: reflow.level,
                      remarks: Self.remarks(scope: scope + " Layouts must adapt instead of scrolling in two directions at every planned size.",
                                            covered: reflow.checklistCovers, criterion: ReflowVerdict.criterion,
                                            failures: Self.failures(snapshot, items: reflow.failing, upTo: nil, scalingAnywhere: false),
                                            notScaling: [], capped: [], open: reflowOutlook.open.count, screens: screens),
                      outlook: reflowOutlook),
        ]
    }

    /// `Search: no-truncation at ax3, ax5` for each failing screen.
    static func failures(_ snapshot: AuditSnapshot, items: [(screen: String, items: [String])], upTo limit: Size?, scalingAnywhere: Bool) -> [String] {
        let scaling = Set(snapshot.checklist.items.filter(\.scaling).map(\.id))
        let states = Dictionary(snapshot.screens.map { ($0.screen.name, $0) }, uniquingKeysWith: { first, _ in first })
        return items.map { entry in
            let cells = states[entry.screen]?.failedCells ?? []
            let checks = entry.items.map { item in
                let counted = scalingAnywhere && scaling.contains(item)
                let sizes = cells.filter { cell in cell.item == item && (counted || limit.map { cell.size <= $0 } ?? true) }
                    .map(\.size).sorted(by: >)
                return item + (sizes.isEmpty ? "" : " at " + sizes.map(\.id).joined(separator: ", "))
            }
            return entry.screen + ": " + checks.joined(separator: "; ")
        }
    }

    static func remarks(scope: String, covered: Bool, criterion: String, failures: [String], notScaling: [String], capped: [String],
                        open: Int, screens: Int) -> String {
        guard covered else { return "The checklist in use maps no check to \(criterion), so the audit does not evaluate it." }
        guard screens > 0 else { return "The audit has no screens yet." }
        var parts = [scope]
        if !notScaling.isEmpty {
            parts.append("Text does not scale on \(counted(notScaling.count, "screen")): \(notScaling.joined(separator: ", ")).")
        }
        if !failures.isEmpty {
            parts.append("Fails on \(counted(failures.count, "screen")): \(failures.joined(separator: "; ")).")
        }
        if !capped.isEmpty {
            parts.append("The code caps text below 200 % on \(counted(capped.count, "screen")): \(capped.joined(separator: "; ")).")
        }
        if open > 0 {
            parts.append("\(counted(open, "screen")) \(plural("has", open)) checks of \(criterion) still to record.")
        }
        if notScaling.isEmpty && failures.isEmpty && capped.isEmpty && open == 0 {
            parts.append("Every screen passes the checks of \(criterion).")
        }
        return parts.joined(separator: " ")
    }

    /// Criteria whose level a conformance report cannot carry yet: not judged (see `fileableAtAA`),
    /// or open checks could still change it (`ConformanceOutlook`).
    public var unfileable: [Criterion] { criteria.filter { !$0.fileable } }
}

/// Who the compliance report is for and by whom: from the export's options, the product's name
/// from the store by default.
public struct ReportParties: Sendable, Equatable {
    public var product: String
    public var productVersion: String?
    public var productDescription: String?
    public var author: String?
    public var authorEmail: String
    public var company: String?

    public init(product: String, productVersion: String? = nil, productDescription: String? = nil, author: String? = nil,
                authorEmail: String, company: String? = nil) {
        self.product = product
        self.productVersion = productVersion
        self.productDescription = productDescription
        self.author = author
        self.authorEmail = authorEmail
        self.company = company
    }
}

/// The parties of a conformance report as the command line gives them (`--product`, `--author`,
/// ...), each checked as a name is; what is not given comes from the audit, `--by`'s default and
/// git's `user.email`.
public struct ReportPartyRequest: Sendable, Equatable {
    public var product: String?
    public var productVersion: String?
    public var productDescription: String?
    public var author: String?
    public var authorEmail: String?
    public var company: String?

    public init(product: String? = nil, productVersion: String? = nil, productDescription: String? = nil, author: String? = nil,
                authorEmail: String? = nil, company: String? = nil) {
        self.product = product
        self.productVersion = productVersion
        self.productDescription = productDescription
        self.author = author
        self.authorEmail = authorEmail
        self.company = company
    }

    public var isEmpty: Bool { self == ReportPartyRequest() }

    /// The parties, the product's name being the audit's app by default. An OpenACR report must
    /// name its author's email (`requireEmail`). The author is whoever records here (`Author.identify`).
    public func parties(app: String, requireEmail: Bool, storeAuthor: String? = nil) throws -> ReportParties {
        func checked(_ value: String?, _ what: String) throws -> String? {
            try value.map { try InputRules.name($0, what: what) }
        }
        var email = try checked(authorEmail, "--author-email")
        if email == nil, let configured = Author.gitEmail() {
            email = try? InputRules.name(configured, what: "git's user.email")
        }
        if requireEmail && (email ?? "").isEmpty {
            throw ExportProblem("an OpenACR report must name its author's email: give --author-email (or set git's user.email)", kind: .usage)
        }
        return ReportParties(product: try checked(product, "--product") ?? app, productVersion: try checked(productVersion, "--product-version"),
                             productDescription: try productDescription.flatMap { try InputRules.note($0, what: "--product-description") },
                             author: try author.map { try InputRules.name($0, what: "--author") } ?? Author.identify(nil, storeAuthor: storeAuthor).name,
                             authorEmail: email ?? "", company: try checked(company, "--company"))
    }
}
