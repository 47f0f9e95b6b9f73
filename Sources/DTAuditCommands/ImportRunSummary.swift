import AutomatedRuns
import DynamicType
import Judges
import Output

/// What a run decided, one line for each screen and judge (or audit): the outcome at each size and
/// the reason of the largest size it failed at (else of the largest it decided), whole, wrapped to
/// the terminal rather than cut. `--verbose` lists every size's verdict instead.
struct ImportRunSummary {
    struct Line {
        var screen: String
        var item: String
        /// Sizes by outcome word (`fail`, `pass`, `n/a`, `no data`), each list largest first.
        var sizes: [(outcome: String, sizes: [Size])] = []
        var reason: (size: Size, failed: Bool, text: String)?

        mutating func add(_ outcome: String, _ size: Size, reason: String?) {
            if let index = sizes.firstIndex(where: { $0.outcome == outcome }) {
                sizes[index].sizes.append(size)
                sizes[index].sizes.sort(by: >)
            } else {
                sizes.append((outcome, [size]))
            }
            guard let reason, !reason.isEmpty else { return }
            let failed = outcome == "fail"
            if let held = self.reason, held.failed && !failed || held.failed == failed && held.size > size { return }
            self.reason = (size, failed, reason)
        }
    }

    var lines: [Line] = []

    init(_ plan: RunPlan) {
        var index: [String: Int] = [:]
        var decided = Set<String>()
        func line(_ screen: String, _ item: String) -> Int {
            let key = screen + "\u{1F}" + item
            if let known = index[key] { return known }
            lines.append(Line(screen: screen, item: item))
            index[key] = lines.count - 1
            return lines.count - 1
        }
        for cell in plan.cells {
            decided.insert(cell.screen.name + "\u{1F}" + cell.item + "\u{1F}" + cell.size.id)
            let reason = cell.note.map { String($0.prefix { $0 != "\n" }) }
            lines[line(cell.screen.name, cell.item)].add(cell.status.rawValue, cell.size, reason: reason)
        }
        for judgment in plan.judgments where judgment.verdict.outcome == .noData {
            let verdict = judgment.verdict
            guard !decided.contains(judgment.screen.name + "\u{1F}" + verdict.item + "\u{1F}" + verdict.size.id) else { continue }
            lines[line(judgment.screen.name, verdict.item)].add("no data", verdict.size, reason: verdict.reason)
        }
    }

    func render(console: Console) -> [String] {
        let screenWidth = lines.map { TextLayout.width(console.safe($0.screen)) }.max() ?? 0
        let itemWidth = lines.map { TextLayout.width($0.item) }.max() ?? 0
        let width = console.width ?? .max
        var rendered: [String] = []
        for line in lines {
            // Failures first: what a person reads the line for.
            let rank = ["fail": 0, "pass": 1, "na": 2, "no data": 3]
            let outcomes = line.sizes.sorted { rank[$0.outcome, default: 4] < rank[$1.outcome, default: 4] }.map { "\($0.outcome) " + $0.sizes.map(\.id).joined(separator: ", ") }.joined(separator: "; ")
            var text = "  " + TextLayout.pad(console.safe(line.screen), to: screenWidth) + "  " + TextLayout.pad(line.item, to: itemWidth) + "  " + outcomes
            if let reason = line.reason { text += ": " + console.safe(TextLayout.singleLine(reason.text)) }
            rendered += TextLayout.wrap(text, width: width, hanging: 4)
        }
        return rendered
    }
}
