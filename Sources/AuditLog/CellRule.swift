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
/// store's `cells` table keeps it, a document settles it or a baseline looks back.
///
/// Recordings are ordered by round first (`Recording.round`: one more than the round of the
/// highest recording its author's store held for the cell), then by time, then by id. A recording
/// made after its author's store held another of the cell has a higher round than that one, so it
/// stands over it whatever either clock said; the clock decides only between recordings of one
/// round, which no author saw both of. No time, however far ahead, keeps a cell: the next
/// recording made in sight of it outranks it. Being a total order, a cell settles one recording
/// at a time, and the store's trigger applies the same order to each recording it inserts.
public enum CellRule {
    /// Whether `candidate` takes its cell from `standing`.
    public static func supersedes(_ candidate: Recording, _ standing: Recording) -> Bool {
        if standing.round != candidate.round { return standing.round < candidate.round }
        // `Stamp` order, without making the stamps.
        if standing.at != candidate.at { return standing.at < candidate.at }
        return standing.id.utf8.lexicographicallyPrecedes(candidate.id.utf8)
    }

    /// The recording that stands among one cell's live recordings, in any order.
    public static func standing(among recordings: [Recording]) -> Recording? {
        var standing: Recording?
        for recording in recordings where standing.map({ supersedes(recording, $0) }) ?? true { standing = recording }
        return standing
    }

    /// The recording that stands in every cell, by screen id, among live recordings in any order.
    public static func standings(_ recordings: some Sequence<Recording>) -> [String: [CellKey: Recording]] {
        var cells: [String: [CellKey: Recording]] = [:]
        for recording in recordings { offer(recording, to: &cells[recording.screen, default: [:]]) }
        return cells
    }

    /// Lets `recording` take its cell among one screen's cells if it supersedes what stands there.
    private static func offer(_ recording: Recording, to cells: inout [CellKey: Recording]) {
        let key = recording.cell
        guard let index = cells.index(forKey: key) else {
            cells[key] = recording
            return
        }
        if supersedes(recording, cells.values[index]) { cells.values[index] = recording }
    }
}
