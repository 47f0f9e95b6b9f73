import AuditStore
import DynamicType
import Output
import Scan

/// Whether the app can declare the Larger Text accessibility label in App Store Connect.
///
/// Apple grants the label to apps in which people can enlarge text (Apple recommends at least
/// 200 %) and still complete every common task. The audit's critical screens are its common
/// tasks, so the label is ready when every critical screen is supported and was checked at AX3 or
/// larger, the first size at which body text reaches 200 % of its default size, and no cap in its
/// code keeps text below that, or might: a cap whose reach the scan cannot tell holds the claim
/// until someone who saw the text reach 200 % suppresses it with that reason.
public struct LargerTextVerdict: Sendable {
    public enum Outcome: String, Sendable {
        /// Every critical screen is supported at 200 % and beyond.
        case ready
        /// Some critical screen is not supported yet.
        case notYet = "not-yet"
        /// No screen is marked critical, so the common tasks are unknown.
        case unknown
    }

    public var outcome: Outcome
    public var criticalScreens: Int
    /// Critical screens that keep the label away, with why.
    public var blocking: [(screen: String, reason: String)]
    /// Critical screens whose code caps the text size at AX3 or above, which still reaches 200 %:
    /// the claim stands, capped there ("claimable, capped at AX3").
    public var cappedClaimable: [(screen: String, cap: String)]
    /// The common tasks the verdict rests on: the critical screens by flow (flows by name, screens
    /// without a flow last), each with whether it stands in the way.
    public var flows: [(flow: String?, screens: [(name: String, blocking: Bool)])]

    /// The size at which body text first reaches twice its default size: AX3.
    public static let doublingSize: Size = TextStyle.body.doubledAt ?? .ax3

    /// How far text grows under a cap, as a multiple of body text's default size, to find the lowest.
    static func reach(_ cap: TextSizeCap) -> Double {
        if let size = cap.size { return Double(TextStyle.body.pointSize(at: size)) / Double(TextStyle.body.pointSize(at: .l)) }
        return cap.factor ?? 0
    }

    /// The caps in a screen's code that no one suppressed, each with where it is.
    static func caps(of state: ScreenState) -> [(StoredCap, TextSizeCap)] {
        (state.scan?.caps ?? []).compactMap { stored in TextSizeCap(shown: stored.cap).map { (stored, $0) } }
    }

    /// The caps in a screen's code that no one suppressed and whose reach the scan could not tell
    /// (`scaledFont(for: font, maximumPointSize: 30)` of a font of unknown size): every active
    /// `clamped-type-size` finding is a cap, and those of known reach are stored with it.
    static func capsOfUnknownReach(_ state: ScreenState) -> Int {
        guard let scan = state.scan else { return 0 }
        return max(0, (scan.activeByRule[ScanRule.clampedTypeSize.id] ?? 0) - scan.caps.count)
    }

    /// The lowest cap in a screen's code below AX3, as `xxxLarge (File.swift:12)`: it holds whatever
    /// was recorded, as text under it never reaches 200 %. A suppression, with its reason, is how a
    /// person overrules it for one element.
    static func capBelowDoubling(_ state: ScreenState) -> String? {
        caps(of: state).filter { !$0.1.reachesDoubling }.min { reach($0.1) < reach($1.1) }.map { "\($0.1.shown) (\($0.0.file):\($0.0.line))" }
    }

    public init(_ snapshot: AuditSnapshot) {
        let critical = snapshot.screens.filter(\.screen.critical)
        criticalScreens = critical.count
        blocking = []
        cappedClaimable = []
        for state in critical {
            var reasons: [String] = []
            if !state.standing.isSupported {
                reasons.append(state.standing.label)
            } else if !state.recordedCells.contains(where: { $0.size >= Self.doublingSize && $0.status == .pass }) {
                reasons.append("not checked at \(Self.doublingSize.id) or larger")
            }
            if let below = Self.capBelowDoubling(state) { reasons.append("its code caps text at \(below), below 200 %") }
            let unknown = Self.capsOfUnknownReach(state)
            if unknown > 0 {
                reasons.append("its code caps text in \(counted(unknown, "place")) where the scan cannot tell how far text still grows "
                               + "(\(ScanRule.clampedTypeSize.id)): once text is seen to reach 200 % there, suppress \(unknown == 1 ? "that finding" : "those findings") with the reason")
            }
            if !reasons.isEmpty {
                blocking.append((state.screen.name, reasons.joined(separator: "; ")))
            } else if let lowest = Self.caps(of: state).min(by: { Self.reach($0.1) < Self.reach($1.1) }) {
                cappedClaimable.append((state.screen.name, lowest.1.verdict))
            }
        }
        let blocked = Set(blocking.map(\.screen))
        flows = []
        for state in critical {
            let entry = (name: state.screen.name, blocking: blocked.contains(state.screen.name))
            if let index = flows.firstIndex(where: { $0.flow?.lowercased() == state.screen.flow?.lowercased() }) {
                flows[index].screens.append(entry)
            } else {
                flows.append((state.screen.flow, [entry]))
            }
        }
        flows.sort { ($0.flow == nil ? 1 : 0, $0.flow?.lowercased() ?? "") < ($1.flow == nil ? 1 : 0, $1.flow?.lowercased() ?? "") }
        if critical.isEmpty {
            outcome = .unknown
        } else {
            outcome = blocking.isEmpty ? .ready : .notYet
        }
    }
}

/// How the app conforms to WCAG 2.2 success criterion 1.4.4 Resize Text (level AA), in the words a
/// VPAT (Accessibility Conformance Report) uses.
///
/// The criterion asks that text can be resized to 200 % without losing content or function. The
/// verdict looks at the checklist items that name 1.4.4, at sizes up to AX3 (where body text reaches
/// 200 %): a failure there, text that does not scale at all, or text the screen's code caps below
/// AX3 is a failure of the criterion.
/// Failures only beyond AX3 still count against Larger Text, but not against 1.4.4.
public struct ResizeTextVerdict: Sendable {
    public enum Level: String, Sendable, CaseIterable {
        case supports = "Supports"
        case partiallySupports = "Partially Supports"
        case doesNotSupport = "Does Not Support"
        case notEvaluated = "Not Evaluated"
    }

    public static let criterion = "1.4.4"

    public var level: Level
    public var screens: Int
    /// Screens where text does not scale (a failed scaling item, or triaged unsupported).
    public var notScaling: [String]
    /// Screens with a 1.4.4 failure at or below AX3.
    public var failing: [(screen: String, items: [String])]
    /// Screens without a failed check whose code caps text below AX3, with the cap and where it is
    /// (`xxxLarge (File.swift:12)`): text there never reaches 200 %, whatever the checks recorded.
    public var capped: [(screen: String, cap: String)]
    /// Screens whose 1.4.4 checks up to AX3 are not all recorded yet, by name.
    public var incompleteScreens: [String]
    public var incomplete: Int { incompleteScreens.count }
    /// False when the checklist maps no item to 1.4.4.
    public var checklistCovers: Bool

    public init(_ snapshot: AuditSnapshot) {
        let limit = LargerTextVerdict.doublingSize
        let items = snapshot.checklist.items.filter { $0.wcag.contains(Self.criterion) }
        let scalingItems = Set(snapshot.checklist.items.filter(\.scaling).map(\.id))
        let relevant = Set(items.map(\.id))
        checklistCovers = !items.isEmpty
        screens = snapshot.screens.count
        notScaling = []
        failing = []
        capped = []
        incompleteScreens = []
        for state in snapshot.screens {
            if state.category == .unsupported {
                notScaling.append(state.screen.name)
                continue
            }
            var failedItems: [String] = []
            for cell in state.failedCells where relevant.contains(cell.item) && (cell.size <= limit || scalingItems.contains(cell.item)) {
                if !failedItems.contains(cell.item) { failedItems.append(cell.item) }
            }
            if !failedItems.isEmpty {
                failing.append((state.screen.name, failedItems))
                continue
            }
            if let cap = LargerTextVerdict.capBelowDoubling(state) {
                capped.append((state.screen.name, cap))
                continue
            }
            let planned = items.flatMap { item in item.sizes.filter { $0 <= limit || item.scaling }.map { CellKey(item: item.id, size: $0) } }
            if planned.contains(where: { key in
                let status = state.cell(key.item, key.size)?.status ?? .untested
                return status == .untested
            }) {
                incompleteScreens.append(state.screen.name)
            }
        }
        let failures = notScaling.count + failing.count + capped.count
        if !checklistCovers || screens == 0 {
            level = .notEvaluated
        } else if failures == 0 {
            level = incompleteScreens.isEmpty ? .supports : .notEvaluated
        } else if failures * 2 > screens {
            level = .doesNotSupport
        } else {
            level = .partiallySupports
        }
    }
}
