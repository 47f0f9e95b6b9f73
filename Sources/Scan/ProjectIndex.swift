import Platform

/// Where a size comes from, as far as the scan can tell.
enum ValueOrigin: Sendable, Equatable {
    /// A number written in the code, directly or through constants; nil when constants disagree.
    case literal(Double?)
    /// Scaled with the text size: `@ScaledMetric`, `UIFontMetrics.scaledValue(for:)`, a scaling helper,
    /// or chosen by checking the text size.
    case scaled
    /// Read from a font: a text style's point size, or another font's.
    case derived
    /// A parameter of the enclosing function: it depends on the callers.
    case parameter(String)
    /// Something the scan cannot follow.
    case unknown

    var isFixed: Bool {
        if case .literal = self { return true }
        return false
    }
}

/// What the declarations of one file tell the rules of every other file.
struct FileFacts: Sendable, Equatable {
    struct TypeFact: Sendable, Equatable {
        var name: String
        var keyword: Name
        var inherits: [String]
        var members: Set<String>
        /// The type turns on `adjustsFontForContentSizeCategory` for itself.
        var setsLiveUpdate: Bool
    }

    var types: [TypeFact] = []
    /// Type-level and top-level properties, keyed `Owner.name` (`.name` at the top level): where
    /// their value comes from. Their declared type, by name.
    var origins: [String: ValueOrigin] = [:]
    var memberTypes: [String: String] = [:]
    /// Functions and computed properties whose bodies scale with the text size.
    var scalingFunctions: Set<String> = []
    /// For each of them, where it is declared and how it is called.
    var scalingSignatures: [String: [CallSignature]] = [:]
    /// Helpers with a default parameter that caps the text size, by name.
    var cappingDefaults: [String: [CappingDefault]] = [:]
    /// Names that appear inside `scaledFont(for: ...)`: fonts made elsewhere and scaled there.
    var scaledFontArguments: Set<String> = []
    /// Outlets connected in Interface Builder to a view that has "Automatically Adjusts Font" on,
    /// and every outlet connected in Interface Builder.
    var liveUpdateOutlets: Set<String> = []
    var nibOutlets: Set<String> = []
    /// For each type, the views of its own that its code gives a font, and live updates.
    var fontMembers: [String: Set<String>] = [:]
    var liveUpdateMembers: [String: Set<String>] = [:]
    /// The views of its own whose number of lines its code sets.
    var linesMembers: [String: Set<String>] = [:]
    /// Helpers that wrap a fixed-size font around a parameter, by name.
    var fixedSizeWrappers: [String: [SwiftAnalyzer.FixedSizeWrapper]] = [:]
    /// Other names the file gives `UIFont` (`typealias Font = UIFont`).
    var fontAliases: Set<String> = []
    /// Types whose code sets row heights (`rowHeight`, `tableView(_:heightForRowAt:)`).
    var rowHeightTypes: Set<String> = []
    /// The modules the file imports, by name.
    var imports: [String] = []
    /// Methods of views that show text, by name; helpers that style a parameter, by name; and the
    /// calls in each type that name one of its outlets (`SwiftAnalyzer+StyleMethods.swift`).
    var styleMethods: [String: [StyleMethod]] = [:]
    var parameterStyles: [String: [ParameterStyle]] = [:]
    var outletStyleCalls: [String: [OutletStyleCall]] = [:]
    /// Helper views whose text an initializer argument gives a fixed height, by name.
    var heightParameters: [String: [HeightParameter]] = [:]
}

/// Facts gathered from every scanned file before the rules run, so that a rule in one file can
/// see a constant, a helper or a subclass declared in another.
struct ProjectIndex: Sendable {
    /// A type the project declares (extensions aside): the bases its first declaration names and
    /// the keyword of its last. One table for both, so that adding a type hashes its name once.
    struct DeclaredType: Sendable {
        var inherits: [String]
        var keyword: Name
    }

    /// The bases and the keyword of each declared type, by name, read as `inherits[name]` and
    /// `keywords[name]`.
    struct Bases: Sendable {
        fileprivate let table: [String: DeclaredType]
        subscript(name: String) -> [String]? { table[name]?.inherits }
    }

    struct Keywords: Sendable {
        fileprivate let table: [String: DeclaredType]
        subscript(name: String) -> Name? { table[name]?.keyword }
    }

    private(set) var declaredTypes: [String: DeclaredType] = [:]
    var inherits: Bases { Bases(table: declaredTypes) }
    var keywords: Keywords { Keywords(table: declaredTypes) }
    var members: [String: Set<String>] = [:]
    var liveUpdateTypes: Set<String> = []
    var origins: [String: ValueOrigin] = [:]
    var memberTypes: [String: String] = [:]
    var scalingFunctions: Set<String> = []
    var scalingSignatures: [String: [CallSignature]] = [:]
    var cappingDefaults: [String: [CappingDefault]] = [:]
    private(set) var cappingDefaultNames = NameSet([])
    var fontAliases: Set<String> = []
    private(set) var fontAliasNames = NameSet([])
    var rowHeightTypes: Set<String> = []
    var styleMethods: [String: [StyleMethod]] = [:]
    var parameterStyles: [String: [ParameterStyle]] = [:]
    var outletStyleCalls: [String: [OutletStyleCall]] = [:]
    /// The style methods that turn live updates on, once `finish` has followed their calls.
    var liveUpdateMethods: Set<String> = []
    private(set) var liveUpdateMethodNames = NameSet([])
    var heightParameters: [String: [HeightParameter]] = [:]
    private(set) var heightParameterNames = NameSet([])
    var fixedSizeWrappers: [String: [SwiftAnalyzer.FixedSizeWrapper]] = [:]
    private(set) var fixedSizeWrapperNames = NameSet([])
    /// `scalingFunctions`, for asking about tokens; set at the end of `init`.
    private(set) var scalingFunctionNames = NameSet([])
    var scaledFontArguments: Set<String> = []
    var liveUpdateOutlets: Set<String> = []
    var nibOutlets: Set<String> = []
    var fontMembers: [String: Set<String>] = [:]
    var liveUpdateMembers: [String: Set<String>] = [:]
    var linesMembers: [String: Set<String>] = [:]
    /// Property names that some type of the project declares for itself, such as `numberOfLines`.
    var ownProperties: Set<String> = []

    /// Names of properties declared with different types in different places: dropped at the end.
    private var conflictingTypes: Set<String> = []

    init() {}

    /// An index handed to the rules of many files by reference: each of them holding a copy of
    /// its own would retain each of its tables for every file, from both cores at once.
    final class Shared: Sendable {
        let index: ProjectIndex

        init(_ index: ProjectIndex) { self.index = index }

        /// An index of nothing, made once: the facts pass reads each file with one.
        static let empty = Shared(ProjectIndex())
    }

    init(_ facts: [FileFacts]) {
        for fact in facts { add(fact) }
        finish()
    }

    /// Adds one file's facts; files must come in scan order (the first type declaration seen wins).
    mutating func add(_ fact: FileFacts) {
        do {
            for type in fact.types {
                if type.keyword != .extension {
                    ProjectIndex.update(&declaredTypes[type.name]) { entry in
                        if entry == nil {
                            entry = DeclaredType(inherits: type.inherits, keyword: type.keyword)
                        } else {
                            entry?.keyword = type.keyword
                        }
                    }
                }
                // A type with no members of its own (most extensions) adds nothing: `members` is only
                // ever asked whether it holds a property, which an empty set and no set both deny.
                if !type.members.isEmpty {
                    ProjectIndex.union(&members[type.name], type.members)
                    if type.keyword != .extension || !type.name.hasPrefix("UI") {
                        if ownProperties.isEmpty { ownProperties = type.members } else { ownProperties.formUnion(type.members) }
                    }
                }
                if type.setsLiveUpdate { liveUpdateTypes.insert(type.name) }
            }
            for (name, origin) in fact.origins {
                ProjectIndex.update(&origins[name]) { $0 = $0.map { ProjectIndex.merge($0, origin) } ?? origin }
            }
            for (name, type) in fact.memberTypes {
                var conflicts = false
                ProjectIndex.update(&memberTypes[name]) { slot in
                    if let existing = slot, existing != type { conflicts = true } else { slot = type }
                }
                if conflicts { conflictingTypes.insert(name) }
            }
            if !fact.scalingFunctions.isEmpty { scalingFunctions.formUnion(fact.scalingFunctions) }
            for (name, signatures) in fact.scalingSignatures { scalingSignatures[name, default: []].append(contentsOf: signatures) }
            if !fact.fontAliases.isEmpty { fontAliases.formUnion(fact.fontAliases) }
            if !fact.rowHeightTypes.isEmpty { rowHeightTypes.formUnion(fact.rowHeightTypes) }
            for (name, methods) in fact.styleMethods { styleMethods[name, default: []].append(contentsOf: methods) }
            for (name, styles) in fact.parameterStyles { parameterStyles[name, default: []].append(contentsOf: styles) }
            for (type, calls) in fact.outletStyleCalls { outletStyleCalls[type, default: []].append(contentsOf: calls) }
            for (type, parameters) in fact.heightParameters { heightParameters[type, default: []].append(contentsOf: parameters) }
            for (name, defaults) in fact.cappingDefaults { cappingDefaults[name, default: []].append(contentsOf: defaults) }
            for (name, wrappers) in fact.fixedSizeWrappers { fixedSizeWrappers[name, default: []].append(contentsOf: wrappers) }
            if !fact.scaledFontArguments.isEmpty { scaledFontArguments.formUnion(fact.scaledFontArguments) }
            if !fact.liveUpdateOutlets.isEmpty { liveUpdateOutlets.formUnion(fact.liveUpdateOutlets) }
            if !fact.nibOutlets.isEmpty { nibOutlets.formUnion(fact.nibOutlets) }
            for (type, members) in fact.fontMembers { ProjectIndex.union(&fontMembers[type], members) }
            for (type, members) in fact.liveUpdateMembers { ProjectIndex.union(&liveUpdateMembers[type], members) }
            for (type, members) in fact.linesMembers { ProjectIndex.union(&linesMembers[type], members) }
        }
    }

    /// Settles what depends on every file: call once, after the last `add`.
    mutating func finish() {
        for name in conflictingTypes { memberTypes[name] = nil }
        conflictingTypes = []
        if !styleMethods.isEmpty || !parameterStyles.isEmpty { settleStyleCalls() }
        liveUpdateMethodNames = NameSet(liveUpdateMethods)
        heightParameterNames = NameSet(Set(heightParameters.keys))
        scalingFunctionNames = NameSet(scalingFunctions)
        fixedSizeWrapperNames = NameSet(Set(fixedSizeWrappers.keys))
        cappingDefaultNames = NameSet(Set(cappingDefaults.keys))
        fontAliasNames = NameSet(fontAliases)
    }

    /// Reads and writes a dictionary entry, `update(&table[key]) { ... }`, with one hash of the
    /// key where a read followed by a write hashes it twice.
    static func update<Value>(_ slot: inout Value?, _ change: (inout Value?) -> Void) {
        change(&slot)
    }

    /// Adds `names` to a dictionary's set: the first set for a key is taken whole, not rehashed
    /// name by name into an empty one.
    static func union(_ slot: inout Set<String>?, _ names: Set<String>) {
        if slot == nil { slot = names } else { slot?.formUnion(names) }
    }

    /// Two declarations share a name: a scaled one wins, so that the scan errs towards silence.
    static func merge(_ a: ValueOrigin, _ b: ValueOrigin) -> ValueOrigin {
        switch (a, b) {
        case (.scaled, _), (_, .scaled): .scaled
        case (.derived, _), (_, .derived): .derived
        case let (.literal(x), .literal(y)): .literal(x == y ? x : nil)
        case (.unknown, _), (_, .unknown): .unknown
        default: .unknown
        }
    }

    /// The UIKit class a type is or descends from, following the project's own subclasses.
    func uikitClass(of type: String) -> UIKitClass? {
        ProjectIndex.uikitClass(of: type, declaredTypes: declaredTypes)
    }

    /// `uikitClass(of:)` from the one table it reads: what a rule reading a shared index asks, as a
    /// method called on the index would copy every table of it first.
    static func uikitClass(of type: String, declaredTypes: [String: DeclaredType]) -> UIKitClass? {
        var current = type
        var seen: Set<String> = []
        while seen.count < 32 {
            if let known = UIKitClass(typeName: current) { return known }
            let declared = declaredTypes[current]
            if declared?.keyword == .struct || declared?.keyword == .enum || declared?.keyword == .protocol {
                return .notAView
            }
            guard !seen.contains(current), let first = declared?.inherits.first else { break }
            seen.insert(current)
            current = first
        }
        let keyword = declaredTypes[current]?.keyword
        return keyword != nil && keyword != .extension ? .notAView : nil
    }
}

/// UIKit classes the rules care about.
enum UIKitClass: Sendable, Equatable {
    case label, textField, textView, button, tableView, otherView, notAView

    init?(typeName: String) {
        // Looked up by hash: asked of a million names in a large tree, most of them the app's own
        // types, which a `switch` compared with every case.
        guard let known = Self.byTypeName[typeName] else { return nil }
        self = known
    }

    private static let byTypeName: [String: UIKitClass] = {
        var classes: [String: UIKitClass] = ["UILabel": .label, "UITextField": .textField, "UISearchTextField": .textField,
                                             "UITextView": .textView, "UIButton": .button, "UITableView": .tableView]
        for name in ["UIView", "UIImageView", "UIStackView", "UIScrollView", "UICollectionView", "UIControl", "UISwitch",
                     "UISlider", "UISegmentedControl", "UITableViewCell", "UICollectionViewCell", "UIVisualEffectView",
                     "UIActivityIndicatorView", "UIProgressView", "UIPageControl", "UIPickerView", "UIDatePicker",
                     "UINavigationBar", "UIToolbar", "UITabBar", "UISearchBar", "UICollectionReusableView",
                     "UITableViewHeaderFooterView", "UIWindow", "WKWebView", "MKMapView"] {
            classes[name] = .otherView
        }
        for name in ["UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
                     "UITabBarController", "UIFont", "UIColor", "UIImage", "NSObject", "NSAttributedString",
                     "String", "Int", "Double", "CGFloat", "Bool", "Font", "Text", "View"] {
            classes[name] = .notAView
        }
        return classes
    }()

    /// A guess from a name such as `titleLabel` or `MarqueeLabel`.
    init?(guessingFrom name: String) {
        let lower = name.lowercased()
        if lower.hasSuffix("label") || lower == "lbl" || lower.hasSuffix("lbl") {
            self = .label
        } else if lower.hasSuffix("textfield") || lower.hasSuffix("field") {
            self = .textField
        } else if lower.hasSuffix("textview") {
            self = .textView
        } else if lower.hasSuffix("button") || lower.hasSuffix("btn") {
            self = .button
        } else if lower.hasSuffix("tableview") {
            self = .tableView
        } else {
            return nil
        }
    }

    var holdsText: Bool { self == .label || self == .textField || self == .textView || self == .button }
    var isTextView: Bool { self == .label || self == .textField || self == .textView }

    var noun: String {
        switch self {
        case .label: "label"
        case .textField: "text field"
        case .textView: "text view"
        case .button: "button"
        case .tableView: "table view"
        case .otherView: "view"
        case .notAView: "value"
        }
    }
}

/// Builds the project index while files are still being read: each file's facts are added as soon
/// as those of every file before it are in, by whichever thread finds the index free. A thread
/// that finds another adding leaves its facts to it and goes on reading files, never waiting.
final class ProjectIndexBuilder: @unchecked Sendable {
    /// Guards `ready` and `next`, each time only for a moment.
    private let slots = Lock()
    /// Held by the thread adding facts to `index`.
    private let adding = Lock()
    private var index = ProjectIndex()
    private var ready: [FileFacts?]
    private var next = 0

    init(count: Int) {
        ready = Array(repeating: nil, count: count)
    }

    /// The facts of file `k`, from any thread.
    func deliver(_ k: Int, _ facts: consuming FileFacts) {
        // Moved in and, by `takeNext`, out again: never copied, which would retain each of its tables.
        var moving: FileFacts? = consume facts
        slots.withLock { ready[k] = moving.take() }
        // A thread that let go of `adding` looks once more, for facts delivered while it finished:
        // their thread found the lock taken and left them to it.
        repeat {
            guard adding.withLockIfAvailable({ addReadyFacts() }) != nil else { return }
        } while nextIsReady()
    }

    /// The index, once every file's facts have been delivered.
    func finish() -> ProjectIndex {
        adding.withLock {
            addReadyFacts()
            precondition(slots.withLock { next == ready.count }, "every file's facts are in")
            index.finish()
            return index
        }
    }

    /// Adds the facts of the files next in order that have been delivered; called holding `adding`.
    private func addReadyFacts() {
        while let fact = takeNext() { index.add(fact) }
    }

    private func takeNext() -> FileFacts? {
        slots.withLock {
            guard next < ready.count, let fact = ready[next].take() else { return nil }
            next += 1
            return fact
        }
    }

    private func nextIsReady() -> Bool {
        slots.withLock { next < ready.count && ready[next] != nil }
    }
}
