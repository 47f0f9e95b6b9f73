import AuditLog
import DynamicType

/// What `next` shows: the screens with checks to record, in the order they are worked in.
public struct OpenChecks: Sendable {
    /// The screens looked at: every screen, those selected, or the one named.
    public var looked: [ScreenState]
    /// Those with checks to record, critical first, then those with retests (`WorkOrder`).
    public var screens: [ScreenState]
    /// The first of `screens`, at most as many as asked for.
    public var shown: [ScreenState]

    /// What is open on the screens with checks to record.
    public var open: OpenWork { OpenWork(screens) }
    /// Failures on the screens looked at that wait for a fix.
    public var awaitingFix: Int { OpenWork(looked).awaitingFix }
}

/// The screens `dtaudit audit` walks: those with steps to ask for, critical first, then those
/// with retests, as `next` orders them.
public struct AuditWalk: Sendable {
    public var screens: [Screen]
    /// How many screens were looked at (all, those selected, or the one named).
    public var looked: Int
}

/// What `screen list` shows: the screens that pass its filters, of how many.
public struct ScreenListing: Sendable {
    public var screens: [ScreenState]
    /// Every live screen of the audit, whatever the filters.
    public var total: Int
}

/// What `evidence list` shows: each attachment with its screen's name, and the stored files they
/// share.
public struct EvidenceListing: Sendable {
    public var entries: [(screen: String, link: EvidenceLink)]
    /// Stored files the attachments name, each once, and their bytes.
    public var files: Int
    public var bytes: Int64
}

extension AuditStore {
    /// The screens with checks to record among `only` (or every screen) that `selection` keeps,
    /// in work order, at most `limit` of them shown.
    public func openChecks(only: Screen? = nil, selection: ScreenSelection = .everything, limit: Int? = nil) throws -> OpenChecks {
        let looked = try snapshot(only: only).selecting(selection).screens
        let screens = WorkOrder.ordered(looked.filter { !$0.pending.isEmpty })
        return OpenChecks(looked: looked, screens: screens, shown: limit.map { Array(screens.prefix($0)) } ?? screens)
    }

    /// The screens a walk of `only` (or of every screen `selection` keeps) visits: each that has
    /// steps at `sizes` (`AuditPlan`), every planned check with `everything`.
    public func auditWalk(only: Screen? = nil, selection: ScreenSelection = .everything, sizes: Set<Size>?, everything: Bool) throws -> AuditWalk {
        let snapshot = try snapshot(only: only).selecting(selection)
        let screens = WorkOrder.ordered(snapshot.screens).filter { state in
            !AuditPlan.steps(for: state, checklist: snapshot.checklist, sizes: sizes, everything: everything).isEmpty
        }
        return AuditWalk(screens: screens.map(\.screen), looked: snapshot.screens.count)
    }

    /// The screens `selection` keeps, of the standing group `group` and critical when asked.
    public func screenListing(selection: ScreenSelection = .everything, group: Standing.Group? = nil, criticalOnly: Bool = false) throws -> ScreenListing {
        let snapshot = try snapshot()
        let screens = snapshot.selecting(selection).screens.filter { state in
            (group == nil || state.standing.group == group) && (!criticalOnly || state.screen.critical)
        }
        return ScreenListing(screens: screens, total: snapshot.screens.count)
    }

    /// The evidence attached to `screen`, or to every screen, in the order it was attached.
    public func evidenceListing(of screen: Screen? = nil) throws -> EvidenceListing {
        let (links, names) = try read {
            (try evidenceLinks(of: screen), Dictionary(try screens().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }))
        }
        let bytes = Dictionary(links.map { ($0.file.hash, $0.file.byteCount) }, uniquingKeysWith: { first, _ in first })
        return EvidenceListing(entries: links.map { (names[$0.screen] ?? "", $0) }, files: bytes.count, bytes: bytes.values.reduce(0, +))
    }
}
