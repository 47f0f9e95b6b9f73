import DynamicType
import Hierarchies

/// What a UI-test run recorded of one screen: its hierarchy at each size the run covered and,
/// for `default-unchanged`, the Large hierarchy of the last run before the screen's latest fix.
public struct ScreenRun: Sendable {
    public var screen: String
    public var hierarchies: [Size: Hierarchy]
    public var largeBeforeFix: Hierarchy?

    public init(screen: String, hierarchies: [Size: Hierarchy], largeBeforeFix: Hierarchy? = nil) {
        self.screen = screen
        self.hierarchies = hierarchies
        self.largeBeforeFix = largeBeforeFix
    }
}

/// A screen's hierarchies with what every judge needs of them worked out once: each element's
/// key (how it is matched across sizes) and each element's children.
public final class ScreenContext: @unchecked Sendable {
    public let run: ScreenRun
    private var indexes: [Size: ElementIndex] = [:]
    private var beforeFix: ElementIndex?
    /// Verdicts already given, by item and size: a judge that builds on its verdicts at other sizes
    /// (`text-scales` at Large) reuses them instead of judging those sizes again.
    private var verdicts: [String: Verdict] = [:]

    public init(_ run: ScreenRun) {
        self.run = run
    }

    func index(at size: Size) -> ElementIndex? {
        if let found = indexes[size] { return found }
        guard let hierarchy = run.hierarchies[size] else { return nil }
        let made = ElementIndex(hierarchy)
        indexes[size] = made
        return made
    }

    /// The verdict of `item` at `size`, made once.
    func remembered(_ item: String, at size: Size, _ make: () -> Verdict) -> Verdict {
        let key = item + " " + size.id
        if let known = verdicts[key] { return known }
        let made = make()
        verdicts[key] = made
        return made
    }

    func indexBeforeFix() -> ElementIndex? {
        if let beforeFix { return beforeFix }
        beforeFix = run.largeBeforeFix.map(ElementIndex.init)
        return beforeFix
    }

    /// The hierarchies at Large and at `size`, matched, or why they cannot be compared.
    func comparison(at size: Size) -> Result<Comparison, ComparisonGap> {
        guard let large = index(at: .l) else { return .failure(ComparisonGap("the run has no hierarchy of this screen at Large")) }
        guard let other = index(at: size) else { return .failure(ComparisonGap("the run has no hierarchy of this screen at \(size)")) }
        return Comparison.make(reference: large, other: other, names: ("at Large", "at \(size)"))
    }
}

struct ComparisonGap: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Two hierarchies of one screen, their elements matched by key.
struct Comparison {
    let reference: ElementIndex
    let other: ElementIndex

    static func make(reference: ElementIndex, other: ElementIndex, names: (reference: String, other: String)) -> Result<Comparison, ComparisonGap> {
        if let a = reference.hierarchy.window, let b = other.hierarchy.window,
           abs(a.width - b.width) > Tolerance.point || abs(a.height - b.height) > Tolerance.point {
            return .failure(ComparisonGap("the window is \(Frame.points(a.width)) x \(Frame.points(a.height)) pt \(names.reference) but "
                + "\(Frame.points(b.width)) x \(Frame.points(b.height)) pt \(names.other): not the same device"))
        }
        return .success(Comparison(reference: reference, other: other))
    }

    /// The element of the reference hierarchy that is `index` of the other one.
    func counterpart(_ index: Int) -> Int? {
        reference.lookup[other.keys[index]]
    }
}
