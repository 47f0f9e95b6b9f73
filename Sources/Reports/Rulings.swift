import AuditLog
import AuditStore
import DynamicType

/// A person's word on what runs decided: `confirm` makes a run's failure theirs, `waive` leaves an
/// element out of an item's judging (Docs/judges.md, "Confirming and waiving").
public enum Rulings {
    /// What `confirm` did: the cells it made a person's failures, and those it left with why.
    public struct Confirmed: Sendable {
        public var recordings: [Recording] = []
        public var left: [(size: Size, reason: String)] = []
    }

    /// Records a person's failure over each run's failure of `item` standing on `screen` (at
    /// `sizes`, or every size): it then stands as any person's failure, so no later run passes
    /// it without a fix. A cell whose standing result is not a run's failure is left, with why.
    /// One write of the store's, dated by the store.
    public static func confirm(screen: Screen, item: String, sizes: [Size]?, note: String?, in store: AuditStore, by author: String) throws -> Confirmed {
        try store.write { try confirmed(screen: screen, item: item, sizes: sizes, note: note, in: store, by: author) }
    }

    private static func confirmed(screen: Screen, item: String, sizes: [Size]?, note: String?, in store: AuditStore, by author: String) throws -> Confirmed {
        guard try store.checklist().item(item) != nil else { throw InputError("the checklist has no item '\(item)'") }
        let standing = CellRule.standings(try store.recordings(of: screen))[screen.id] ?? [:]
        var confirmed = Confirmed()
        let wanted = sizes ?? Size.allCases.filter { standing[CellKey(item: item, size: $0)] != nil }
        var byNote: [(note: String?, size: Size)] = []
        for size in wanted {
            guard let recording = standing[CellKey(item: item, size: size)] else {
                confirmed.left.append((size, "nothing is recorded there"))
                continue
            }
            guard recording.status == .fail, let run = recording.run else {
                confirmed.left.append((size, recording.run == nil ? "\(recording.by) recorded \(recording.status.rawValue) there, not a run"
                                                                 : "the run \(recording.status.rawValue)ed it, nothing to confirm"))
                continue
            }
            let said = note ?? "confirms the failure of run \(run)"
            byNote.append((String(said.prefix(InputRules.maximumNoteLength)), size))
        }
        guard !byNote.isEmpty else { return confirmed }
        let time = try store.ownTime(on: screen)
        for (note, size) in byNote {
            confirmed.recordings += try store.record(screen: screen, cells: [(item, size)], status: .fail, note: note, by: author, at: time)
        }
        return confirmed
    }

    /// Records a waiver of `element` (an identifier, else a label) for `item` on `screen`, or on
    /// every screen: runs from then on leave it out of that item. One write of the store's.
    public static func waive(screen: Screen, item: String, element: String, type: String?, reason: String, everywhere: Bool,
                             in store: AuditStore, by author: String) throws -> Waiver {
        try store.write { try waived(screen: screen, item: item, element: element, type: type, reason: reason, everywhere: everywhere, in: store, by: author) }
    }

    private static func waived(screen: Screen, item: String, element: String, type: String?, reason: String, everywhere: Bool,
                               in store: AuditStore, by author: String) throws -> Waiver {
        guard try store.checklist().item(item) != nil else { throw InputError("the checklist has no item '\(item)'") }
        let element = try InputRules.name(element, what: "the element's name")
        let type = try type.map { try InputRules.name($0, what: "the element's type") }
        guard let reason = try InputRules.note(reason), !reason.isEmpty else { throw InputError("say why with --reason: a lead answers for every waiver") }
        let waiver = Waiver(id: store.makeID(), screen: screen.id, item: item, element: element, type: type, reason: reason, everywhere: everywhere,
                            by: try InputRules.name(author, what: "the author's name"), at: try store.ownTime(on: screen))
        try store.append([.waive(waiver)])
        return waiver
    }
}
