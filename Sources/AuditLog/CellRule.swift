import DynamicType

/// Identifies one cell of a screen's size matrix.
public struct CellKey: Sendable, Hashable {
    public var item: String
    public var size: Size

    public init(item: String, size: Size) {
        self.item = item
        self.size = size
    }
}

/// Which recording of a cell stands: the one rule behind every cell the audit shows, whether the
/// store's `cells` table keeps it, a document settles it or a baseline looks back. Today it is an
/// order of stamps (the latest by time, then id), so a cell settles one recording at a time, and
/// the store's trigger applies the same order to each recording it inserts. A rule that weighs
/// what each author had seen must settle a cell from all its live recordings (`standing(among:)`),
/// which the store does for every cell it marks for a refold.
public enum CellRule {
    /// Whether `candidate` takes its cell from `standing`.
    public static func supersedes(_ candidate: Recording, _ standing: Recording) -> Bool {
        Stamp(at: standing.at, id: standing.id) < Stamp(at: candidate.at, id: candidate.id)
    }

    /// The recording that stands among one cell's live recordings, in any order.
    public static func standing(among recordings: some Sequence<Recording>) -> Recording? {
        var standing: Recording?
        for recording in recordings where standing.map({ supersedes(recording, $0) }) ?? true { standing = recording }
        return standing
    }

    /// The recording that stands in every cell, by screen id, among live recordings in any order.
    public static func standings(_ recordings: some Sequence<Recording>) -> [String: [CellKey: Recording]] {
        var cells: [String: [CellKey: Recording]] = [:]
        for recording in recordings {
            let key = recording.cell
            if let standing = cells[recording.screen]?[key], !supersedes(recording, standing) { continue }
            cells[recording.screen, default: [:]][key] = recording
        }
        return cells
    }
}
