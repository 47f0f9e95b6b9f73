import DynamicType
import Hierarchies

/// A failure that shared UI causes on several screens, told once: the same checklist item, the
/// same elements (type and identifier or label) at the same place, with every screen and size.
public struct SharedProblem: Sendable, Equatable {
    public var item: String
    /// The first failure of the group, whose elements and detail stand for all.
    public var finding: JudgedFinding
    /// Every screen and size the problem was seen at, in the order they came.
    public var occurrences: [(screen: String, size: Size)]

    public var screens: [String] {
        var seen = Set<String>()
        return occurrences.map(\.screen).filter { seen.insert($0).inserted }
    }

    public static func == (a: SharedProblem, b: SharedProblem) -> Bool {
        a.item == b.item && a.finding == b.finding && a.occurrences.elementsEqual(b.occurrences) { $0 == $1 }
    }
}

extension SharedProblem {
    /// How far apart two frames may be and still be the same place, in points: the same tab bar
    /// or button drawn by shared code lies at the same frame on every screen, and hierarchies round
    /// frames to fractions of a point. A point is also the judges' own tolerance (`Tolerance.point`).
    public static let placeTolerance = Tolerance.point

    /// Groups the failures of many screens: findings of the same checklist item whose elements all
    /// have a name (identifier or label), of the same types and names, at the same place are one
    /// problem. The same place is every element's frame, origin and size, within `placeTolerance`:
    /// compared at Large (or, for `default-unchanged`, before the fix) when both findings know it,
    /// else at the failing size and only when both failed at the same size, since a frame at ax5 and
    /// one at xs say nothing about each other. A finding with an unnamed element stays a problem of
    /// its own screen: a place alone does not make two elements one.
    public static func group(_ failures: [(screen: String, verdict: Verdict)]) -> [SharedProblem] {
        var problems: [SharedProblem] = []
        var buckets: [String: [Int]] = [:]
        for (screen, verdict) in failures where verdict.outcome == .fail {
            for finding in verdict.findings {
                let named = !finding.elements.isEmpty && finding.elements.allSatisfy { !$0.name.isEmpty }
                let signature = verdict.item + "\u{0}" + finding.elements.map { $0.type + "\u{1}" + $0.name }.joined(separator: "\u{0}")
                if named, let existing = buckets[signature]?.first(where: {
                    samePlace(problems[$0].finding, at: problems[$0].occurrences[0].size, finding, at: verdict.size)
                }) {
                    problems[existing].occurrences.append((screen, verdict.size))
                    continue
                }
                problems.append(SharedProblem(item: verdict.item, finding: finding, occurrences: [(screen, verdict.size)]))
                if named { buckets[signature, default: []].append(problems.count - 1) }
            }
        }
        return problems
    }

    static func samePlace(_ a: JudgedFinding, at first: Size, _ b: JudgedFinding, at second: Size) -> Bool {
        a.elements.count == b.elements.count && zip(a.elements, b.elements).allSatisfy { x, y in
            if let p = x.largeFrame, let q = y.largeFrame { return near(p, q) }
            return first == second && near(x.frame, y.frame)
        }
    }

    public static func near(_ p: Frame, _ q: Frame) -> Bool {
        abs(p.x - q.x) <= placeTolerance && abs(p.y - q.y) <= placeTolerance
            && abs(p.width - q.width) <= placeTolerance && abs(p.height - q.height) <= placeTolerance
    }
}
