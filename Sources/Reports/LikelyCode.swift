import AuditStore
import Judges
import Scan

/// The code of each element a judged failure names, as `explain`, `screen show`, the review page and
/// their JSON tell it: the element's identifier or label located in the files of every screen it
/// fails on (`CodeLocator`, reading the scanned folder as it is now), then the recorded scan's
/// finding on it. One line when it is found, several as candidates, the reason when none: never the
/// line of another element, as ranking a screen's findings by severity could give.
public final class LikelyCode {
    /// One element of a judged failure and what the code says of it.
    public struct ElementTrace: Sendable {
        public var element: ElementRef
        /// The scan's findings on it: one is its line, several are candidates.
        public var findings: [StoredFinding]
        /// Where the code makes it.
        public var sites: [CodeSite]
        /// Why no single line is named; nil when one is.
        public var reason: String?

        /// The element's one line, when the code names exactly one.
        public var line: StoredFinding? { reason == nil && findings.count == 1 ? findings[0] : nil }
    }

    private let state: (String) -> ScreenState?
    private var states: [String: ScreenState?] = [:]
    private let problems: JudgedProblems?
    private let load: (String) -> AppCode?
    private var apps: [String: AppCode?] = [:]

    /// `state`: a screen by name, read with its scan's findings (asked once a screen, only for the
    /// screens a failure is on); `problems`: the judged problems, for the screens a shared element
    /// fails on; `load`: the app's code under a scan's root.
    public init(state: @escaping (String) -> ScreenState?, problems: JudgedProblems? = nil,
                load: @escaping (String) -> AppCode? = AppCode.load(root:)) {
        self.state = state
        self.problems = problems
        self.load = load
    }

    /// The screens of a snapshot read in detail.
    public convenience init(states: [ScreenState], problems: JudgedProblems? = nil) {
        let byName = Dictionary(states.map { ($0.screen.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.init(state: { byName[$0] }, problems: problems)
    }

    private func screenState(_ name: String) -> ScreenState? {
        if let known = states[name] { return known }
        let found = state(name)
        states[name] = .some(found)
        return found
    }

    /// The traces of the elements a judged failure names, or nil for a person's result and a note
    /// that names no element.
    public func traces(of cell: CellState, on screen: String) -> [ElementTrace]? {
        guard cell.run != nil else { return nil }
        let findings = problems?.recordedFindings(screen: screen, item: cell.item, size: cell.size) ?? JudgedFindings.of(cell)
        guard !findings.isEmpty else { return nil }
        var traces: [ElementTrace] = []
        for finding in findings {
            // Shared UI: the files of every screen the same element fails on.
            let shared = problems?.shared(on: screen).first { $0.item == cell.item && Self.sameElements($0.finding, finding) }
            let screens = shared?.screens ?? [screen]
            for trace in self.traces(of: finding, item: cell.item, screens: screens)
            where !traces.contains(where: { Self.sameElement($0.element, trace.element) }) {
                traces.append(trace)
            }
        }
        return traces
    }

    /// The traces of the elements of one finding failing `item` on `screens` (the first one's scan
    /// decides the folder read).
    public func traces(of finding: Judges.JudgedFinding, item: String, screens: [String]) -> [ElementTrace] {
        finding.elements.map { element in trace(of: element, item: item, screens: screens) }
    }

    func trace(of element: ElementRef, item: String, screens: [String]) -> ElementTrace {
        func unlocated(_ reason: String) -> ElementTrace { ElementTrace(element: element, findings: [], sites: [], reason: reason) }
        guard !element.name.isEmpty else { return unlocated("the element has no identifier or label to find it by") }
        let scanned = screens.compactMap(screenState).filter { $0.scan != nil }
        guard let first = scanned.first, let run = first.scan?.run else { return unlocated("no scan of the screen's files is recorded") }
        // Screens scanned from another folder are another checkout: only the first one's are read.
        let same = scanned.filter { $0.scan?.run.root == run.root }
        // A snapshot read without its findings (a summary's) cannot say which is the element's.
        guard same.allSatisfy({ ($0.scan?.findings.count ?? 0) == ($0.scan.map { $0.active + $0.suppressed } ?? 0) }) else {
            return unlocated("the scan's findings were not read")
        }
        let stored = same.flatMap { $0.scan?.findings ?? [] }.filter(\.isActive)
        if apps[run.root] == nil { apps[run.root] = .some(load(run.root)) }
        guard let app = apps[run.root] ?? nil else { return unlocated("the scanned folder \(run.root) is not on this machine") }
        let screenFiles = app.files(matching: same.flatMap(\.screen.files))
        var seen = Set<String>()
        let codeFindings = stored.compactMap { finding -> CodeFinding? in
            guard seen.insert("\(finding.file)\u{0}\(finding.line)\u{0}\(finding.column)\u{0}\(finding.rule)").inserted else { return nil }
            return CodeFinding(file: finding.file, line: finding.line, column: finding.column, rule: finding.rule, item: finding.item)
        }
        let changed = app.changed(codeFindings, in: screenFiles)
        guard changed.isEmpty else {
            return unlocated("\(changed[0])\(changed.count > 1 ? " and \(changed.count - 1) more" : "") changed since the scan: run 'dtaudit scan --record' again")
        }
        let locator = CodeLocator(sources: LocatorSources(app: app, screenFiles: screenFiles), findings: codeFindings)
        let trace = locator.trace(ElementQuery(name: element.name), item: item)
        let findings = trace.findings.compactMap { located in
            stored.first { $0.file == located.file && $0.line == located.line && $0.column == located.column && $0.rule == located.rule }
        }
        return ElementTrace(element: element, findings: findings, sites: trace.sites, reason: trace.line == nil ? trace.reason ?? "no line" : nil)
    }

    static func sameElement(_ a: ElementRef, _ b: ElementRef) -> Bool {
        a.type == b.type && a.name == b.name
    }

    static func sameElements(_ a: Judges.JudgedFinding, _ b: Judges.JudgedFinding) -> Bool {
        a.elements.count == b.elements.count && zip(a.elements, b.elements).allSatisfy(sameElement)
    }
}
