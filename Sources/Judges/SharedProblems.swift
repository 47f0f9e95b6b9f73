import DynamicType
import Hierarchies

/// A failure that shared UI causes on several screens, told once: the same checklist item, the
/// same elements (type and identifier or label) at the same place, with every screen and size.
public struct SharedProblem: Sendable, Equatable {
    public var item: String
    /// The first failure of the group, whose elements and detail stand for all.
    public var finding: Finding
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
    /// How far apart two frames may be and still be the same place, in points: a bar or a button
    /// shared by screens sits at the same place give or take a safe area's rounding.
    public static let placeTolerance = 4.0

    /// Groups the failures of many screens: findings whose elements all have a name (identifier or
    /// label), of the same types and names, at the same place (their frames at Large, else at the
    /// failing size, within `placeTolerance`) are one problem. A finding with an unnamed element
    /// stays a problem of its own screen: a place alone does not make two elements one.
    public static func group(_ failures: [(screen: String, verdict: Verdict)]) -> [SharedProblem] {
        var problems: [SharedProblem] = []
        var buckets: [String: [Int]] = [:]
        for (screen, verdict) in failures where verdict.outcome == .fail {
            for finding in verdict.findings {
                let named = !finding.elements.isEmpty && finding.elements.allSatisfy { !$0.name.isEmpty }
                let signature = verdict.item + "\u{0}" + finding.elements.map { $0.type + "\u{1}" + $0.name }.joined(separator: "\u{0}")
                if named, let existing = buckets[signature]?.first(where: { samePlace(problems[$0].finding, finding) }) {
                    problems[existing].occurrences.append((screen, verdict.size))
                    continue
                }
                problems.append(SharedProblem(item: verdict.item, finding: finding, occurrences: [(screen, verdict.size)]))
                if named { buckets[signature, default: []].append(problems.count - 1) }
            }
        }
        return problems
    }

    static func samePlace(_ a: Finding, _ b: Finding) -> Bool {
        zip(a.elements, b.elements).allSatisfy { x, y in
            let p = x.largeFrame ?? x.frame, q = y.largeFrame ?? y.frame
            return abs(p.x - q.x) <= placeTolerance && abs(p.y - q.y) <= placeTolerance
                && abs(p.width - q.width) <= placeTolerance && abs(p.height - q.height) <= placeTolerance
        }
    }
}
