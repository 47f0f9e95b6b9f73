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

    /// The recording that stands in every cell, by screen id, among live recordings in any order;
    /// with `inStampOrder`, the recordings come oldest first (ties by id), as a document holds them.
    public static func standings(_ recordings: ArraySlice<Recording>, inStampOrder: Bool = false) -> [String: [CellKey: Recording]] {
        var cells: [String: [CellKey: Recording]] = [:]
        if inStampOrder {
            // Each supersedes what came before it in its cell.
            for recording in recordings { cells[recording.screen, default: [:]][recording.cell] = recording }
        } else {
            for recording in recordings { offer(recording, to: &cells[recording.screen, default: [:]]) }
        }
        return cells
    }

    public static func standings(_ recordings: [Recording], inStampOrder: Bool = false) -> [String: [CellKey: Recording]] {
        standings(recordings[...], inStampOrder: inStampOrder)
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
