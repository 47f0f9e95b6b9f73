import DynamicType
import Hierarchies
import Judges
import TestSupport

/// A screen's hierarchies at several sizes, written in `shape` and read back as the import reads
/// files, so that every judge's test covers both shapes.
func run(_ shape: PageShape, _ sizes: [Size: [Node]], primaryAction: String? = nil, beforeFix: [Node]? = nil,
         screen: String = "Checkout", widths: [Size: Double] = [:]) throws -> ScreenRun {
    func read(_ content: [Node], width: Double = 390) throws -> Hierarchy {
        try HierarchyReader().read(Array(PageSource.screen(content, width: width, primaryAction: primaryAction, shape: shape).utf8))
    }
    var hierarchies: [Size: Hierarchy] = [:]
    for (size, content) in sizes { hierarchies[size] = try read(content, width: widths[size] ?? 390) }
    return ScreenRun(screen: screen, hierarchies: hierarchies, largeBeforeFix: try beforeFix.map { try read($0) })
}

func verdict(_ judge: some Judge, _ run: ScreenRun, at size: Size) -> Verdict {
    judge.judge(ScreenContext(run), at: size)
}
