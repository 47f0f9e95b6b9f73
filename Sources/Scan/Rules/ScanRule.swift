/// A rule `dtaudit scan` applies, known by its id: the ids are what users type and CI reads. All
/// else a rule is lives in its unit, one file under `Rules/`, and `RuleUnit.all` lists the units.
public struct ScanRule: RawRepresentable, CaseIterable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The rule's place in `RuleUnit.all`: comparing two rules compares two small numbers.
    private let index: Int

    private init(index: Int) { self.index = index }

    /// The rule of `unit`, which `RuleUnit.all` must list.
    init(_ unit: RuleUnit) {
        guard let index = RuleUnit.all.firstIndex(where: { $0.id == unit.id }) else {
            preconditionFailure("the rule \(unit.id) has a unit but is missing from RuleUnit.all")
        }
        self.index = index
    }

    public init?(rawValue: String) {
        guard let index = RuleUnit.all.firstIndex(where: { $0.id == rawValue }) else { return nil }
        self.index = index
    }

    public init?(id: String) { self.init(rawValue: id) }

    /// Every rule, in the order of `RuleUnit.all`: the order of the help and docs tables.
    public static let allCases: [ScanRule] = RuleUnit.all.indices.map(ScanRule.init(index:))

    /// The ids, severities and items of `RuleUnit.all`, kept apart: a finding asks for them often,
    /// and reading them through `unit` would copy the whole unit each time.
    private static let ids = RuleUnit.all.map(\.id)
    private static let severities = RuleUnit.all.map(\.severity)
    private static let items = RuleUnit.all.map(\.item)

    public var rawValue: String { ScanRule.ids[index] }
    public var id: String { rawValue }
    public var description: String { rawValue }

    public static func < (lhs: ScanRule, rhs: ScanRule) -> Bool { lhs.rawValue < rhs.rawValue }

    // Said here, as `RawRepresentable` would otherwise compare and hash the ids' text: each rule
    // has one place in `RuleUnit.all` and one id, so the places tell the same.
    public static func == (lhs: ScanRule, rhs: ScanRule) -> Bool { lhs.index == rhs.index }

    public func hash(into hasher: inout Hasher) { hasher.combine(index) }

    /// The rule's unit, where all it is lives.
    public var unit: RuleUnit { RuleUnit.all[index] }

    /// How bad a finding of this rule usually is, in the checklist's words.
    public var severity: Finding.Severity { ScanRule.severities[index] }
    /// The checklist item a finding of this rule usually fails.
    public var item: String { ScanRule.items[index] }
    /// A few words naming the problem.
    public var title: String { unit.title }
    /// Why it matters.
    public var explanation: String { unit.explanation }
    /// The usual fix.
    public var fix: String { unit.fix }
}
